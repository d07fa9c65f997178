"""Klørsjavs's question kinds against positions worked out by hand, and the generated ones held to their levels.

Each hand-written case says in its comment why its answer is right by the
rules (docs/klorsjavs/*.md and rulings R42-R50): the nine trumps
♣Q ♠Q ♣J ♠J ♥J ♦J ♣A ♣K ♣5 are the club suit, the wenzels never belong to
their printed suit; plain suits run A K 5 (spades) and A K Q 5; card points
A 11, 5 10, K 4, Q 3, J 2 (120, or 114 without ♥Q ♦Q for four); the øre
bands; the auction's suits A K Q J 5 and its tariffs.  The engine is only
asked to build the question.  Then every seed 0..300 at each level is
checked against the level's definition, written here again by hand, and its
answer against the rule function that decides it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Mapping

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.core.cards import Card, Rank, Suit, parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition
from stytvolt.klorsjavs import auction_score, card_points, fold_cost, hand_score, legal_plays, trick_winner
from stytvolt.klorsjavs.quiz.play import ask_legal_plays, ask_trick_winner
from stytvolt.klorsjavs.quiz.scoring import ask_auction_score, ask_card_points, ask_hand_score, tricks_for
from stytvolt.web.learn import rule_title

GAME = "klorsjavs"
KINDS = ("trick-winner", "legal-plays", "card-points", "game-points")
DOCS = Path(__file__).resolve().parents[2] / "docs"
SEEDS = range(301)
#: The nine trumps and, among them, the four wenzels printed with another suit than clubs: by hand.
NINE = set(parse_cards("CQ SQ CJ SJ HJ DJ CA CK C5"))
ABROAD = set(parse_cards("SQ SJ HJ DJ"))
SEAT_OF = {"South": 0, "West": 1, "North": 2, "East": 3}
SEATS = ("South", "West", "North", "East")


def _anchors(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)}


def _trump(p: Mapping[str, str]) -> Suit | None:
    return Suit.parse(p["trump"]) if p["trump"] else None


def test_the_kinds_are_the_four_the_pages_place() -> None:
    assert [k.name for k in learn.kinds(GAME)] == list(KINDS)
    for info in learn.kinds(GAME):
        assert info.title and info.summary and info.rule.startswith("klorsjavs/")


# -- trick-winner ------------------------------------------------------------------------------------

TRICKS = [
    # (level, game, named trump, cards in play order, winner)
    # L1: no trump: the highest heart wins; ♠A is of another suit.
    (1, "klorsjavs", None, "HK HA SA", "HA"),
    # L1: the king ranks above the queen and the five (docs example).
    (1, "klorsjavs", None, "D5 DK DQ", "DK"),
    # L1: no trump, hearts led: ♥Q beats ♥5; ♦A is the wrong suit (docs example).
    (1, "klorsjavs", None, "HQ H5 DA", "HQ"),
    # L2: ♠J is the only trump (docs example); on a heart lead it is no trap.
    (2, "klorsjavs", None, "HA HK SJ", "SJ"),
    # L2: the lowest trump still beats any plain card (docs example).
    (2, "klorsjavs", None, "SA S5 C5", "C5"),
    # L2: every wenzel ranks above ♣A (docs example).
    (2, "klorsjavs", None, "CA DJ CK", "DJ"),
    # L2: four hands: ♣K trumps the hearts.
    (2, "four-hand", None, "HA HK CK S5", "CK"),
    # L2: four hands, clubs led: ♣Q is the highest trump of all.
    (2, "four-hand", None, "C5 CA HJ CQ", "CQ"),
    # L3: ♠Q is a trump, not a spade, so it beats the ace of spades (docs example).
    (3, "klorsjavs", None, "SK SQ SA", "SQ"),
    # L3: ♥J led is a trump (club) lead; ♥A is not a trump (docs example).
    (3, "klorsjavs", None, "HJ CA HA", "HJ"),
    # L3: ♦J led is a club lead; ♣Q is the highest trump; ♦A does not follow.
    (3, "klorsjavs", None, "DJ DA CQ", "CQ"),
    # L3: the auction, hearts named: ♠J is only a spade there (docs example).
    (3, "auction", "H", "HA HK SJ", "HA"),
    # L3: the auction, hearts named: no trump; the ace is the highest club, above ♣K and ♣Q.
    (3, "auction", "H", "CQ CA CK", "CA"),
    # L3: the auction, spades named: all trumps, and the ace is the top trump, above ♠J (A K Q J 5).
    (3, "auction", "S", "SJ SA S5", "SA"),
    # L3: the auction, clubs named: ♥J is a plain heart, ♣5 the only trump.
    (3, "auction", "C", "HJ H5 C5", "C5"),
]


def _trick_level(game: str, trump: Suit | None, cards: tuple[Card, ...]) -> int:
    """The level of a trick, by hand from the module's definition."""
    if game == "auction":
        assert trump is not None
        # Each of Klørsjavs's nine trumps plays otherwise in the auction: as a plain card, or as a trump
        # ranked A K Q J 5.
        return 3 if any(c in NINE for c in cards) else 2 if any(c.suit is trump for c in cards) else 1
    lead = cards[0]
    if lead in ABROAD or (lead not in NINE and any(c in ABROAD and c.suit is lead.suit for c in cards[1:])):
        return 3
    return 2 if any(c in NINE for c in cards) else 1


@pytest.mark.parametrize(("level", "game", "trump", "cards", "winner"), TRICKS)
def test_trick_winner_hand_worked(level: int, game: str, trump: str | None, cards: str, winner: str) -> None:
    draft = ask_trick_winner(cards, variant=game, trump=trump, leader=1)
    assert draft.answer == winner
    assert [c.id for c in draft.choices] == cards.split()
    (row,) = [r for r in draft.rows if r.tap]
    assert row.notes[0] == "West, led" and "South (you)" in row.notes
    assert draft.position["variant"] == game and draft.position["cards"] == cards
    assert parse_card(winner) in {c for r in draft.explanation for c in r.cards}
    assert _trick_level(game, Suit.parse(trump) if trump else None, parse_cards(cards)) == level


@pytest.mark.parametrize(("game", "trump", "cards", "last"), [
    # ♥J led is a trump (club) lead, and no higher trump follows it.
    ("klorsjavs", None, "HJ CA HA", "Trumps were led and ♥J is the highest trump played."),
    # ♠Q on a spade lead is a trump, and trumps the two spades.
    ("klorsjavs", None, "SK SQ SA",
     "♠K was led; ♠Q is the highest trump played, and a trump beats every card of another suit."),
    # The auction, hearts named: ♥A led is a trump lead and the top trump; ♠J is only a plain spade there.
    ("auction", "H", "HA HK SJ", "Trumps were led and ♥A is the highest trump played."),
    ("klorsjavs", None, "HK HA SA", "No trump was played, so the highest of the hearts led wins: ♥A."),
])
def test_trick_winner_ends_with_the_rules_reason(game: str, trump: str | None, cards: str, last: str) -> None:
    draft = ask_trick_winner(cards, variant=game, trump=trump)
    assert draft.explanation[-1].render(seats=SEATS) == last
    assert draft.explanation[-1].code in ("highest-trump-led", "trumped", "highest-of-led")


def test_legal_plays_gives_the_rules_refusal_for_the_card_that_may_not_be_played() -> None:
    # ♠A led: ♠K and ♠5 follow; ♠Q is a wenzel, so a club, and may not be played.
    draft = ask_legal_plays("SQ SK S5", "SA")
    assert draft.answer == "SQ"
    (why,) = [r for r in draft.explanation if r.code == "permanent-is-trump"]
    assert why.text == ("♠Q is a wenzel, a trump and so a club, not one of the spades: ♠A was led and the hand holds "
                        "spades (♠K ♠5), so one of those must be played.")


@pytest.mark.parametrize(("cards", "kwargs", "words"), [
    ("HA HK", {}, "holds 3 cards, not 2"),
    ("HA HK SA", {"variant": "four-hand"}, "holds 4 cards, not 3"),
    ("HA HQ SA DK", {"variant": "four-hand"}, "not in"),  # ♥Q is out of the four-hand pack
    ("HA HK SA", {"trump": "H"}, "no named trump suit"),
    ("HA HK SA", {"variant": "auction"}, "names a trump suit"),
    ("HA HK SA", {"variant": "vira"}, "the game is one of"),
    ("HA HK S7", {}, "not in"),
])
def test_trick_winner_refuses_impossible_tricks(cards: str, kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_trick_winner(cards, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", learn.LEVELS)
def test_trick_winner_levels_hold_their_definition(level: int) -> None:
    games = set()
    for seed in SEEDS:
        q = learn.question(GAME, "trick-winner", level, seed)
        p = q.position
        trump = _trump(p)
        cards = parse_cards(p["cards"])
        games.add(p["variant"])
        assert len(cards) == (4 if p["variant"] == "four-hand" else 3), q.key
        assert _trick_level(p["variant"], trump, cards) == level, q.key
        assert q.answer == str(cards[trick_winner(cards, trump)]), q.key
    assert games == {1: {"klorsjavs"}, 2: {"klorsjavs", "four-hand"}, 3: {"klorsjavs", "four-hand", "auction"}}[level]


# -- legal-plays -------------------------------------------------------------------------------------

LEGAL = [
    # (level, game, named trump, hand, trick so far, asked, answer)
    # L1: hearts led; ♥K is the only heart.
    (1, "klorsjavs", None, "HK SK DQ", "HQ DK", "may", "HK"),
    # L1: spades led; two spades in the hand, so ♦A is the one that may not be played.
    (1, "klorsjavs", None, "SA S5 DA", "SK DQ", "may-not", "DA"),
    # L2: four hands, a club led: ♣5 is the hand's only trump.
    (2, "four-hand", None, "S5 C5 D5", "CK", "may", "C5"),
    # L2 (docs trap 6): ♥A led and trumped with ♣Q: follow the suit led, so ♥5; not ♣K or ♠A.
    (2, "klorsjavs", None, "H5 CK SA", "HA CQ", "may", "H5"),
    # L2: a club led; three trumps in the hand (♣J printed with clubs), so only ♦5 is barred.
    (2, "klorsjavs", None, "CA CK CJ D5", "C5", "may-not", "D5"),
    # L3 (trap 1): ♠Q is a trump, not a spade: ♠A must follow ♠K.
    (3, "klorsjavs", None, "SQ SA H5", "SK", "may", "SA"),
    # L3 (trap 3): a club led, and ♠Q is a club: it must be played.
    (3, "klorsjavs", None, "SQ HA H5", "C5", "may", "SQ"),
    # L3 (trap 4): ♦J led is a club lead: ♣K must follow; the diamonds do not.
    (3, "klorsjavs", None, "DA D5 CK", "DJ", "may", "CK"),
    # L3 (trap 5): ♥J is no heart: ♥Q must follow ♥A.
    (3, "klorsjavs", None, "HJ HQ DA", "HA", "may", "HQ"),
    # L3: ♠A led; ♠K and ♠5 follow, ♠Q (a trump) may not.
    (3, "klorsjavs", None, "SQ SK S5", "SA", "may-not", "SQ"),
    # L3 (auction, docs): hearts named, ♠K led: ♠Q and ♠J are spades here and follow; ♥A may not.
    (3, "auction", "H", "SQ SJ HA", "SK", "may-not", "HA"),
    # L3 (auction): spades named, ♣K led: ♣Q follows; ♥J is a plain heart and does not.
    (3, "auction", "S", "CQ HJ H5", "CK", "may", "CQ"),
]


def _follow_level(game: str, trump: Suit | None, hand: tuple[Card, ...], trick: tuple[Card, ...]) -> int:
    """The level of a legal-plays position, by hand from the module's definition."""
    lead = trick[0]
    if game == "auction":
        assert trump is not None
        misread = [c for c in hand if c in NINE and c.suit is not trump and c.suit is not Suit.CLUBS]
        lead_misread = lead in NINE and lead.suit is not trump
        if lead_misread or any(c.suit is lead.suit or lead.suit is Suit.CLUBS for c in misread):
            return 3
        return 2 if any(c.suit is trump for c in (*hand, *trick)) else 1
    led = Suit.CLUBS if lead in NINE else lead.suit
    in_printed = led is not Suit.CLUBS and any(c in ABROAD and c.suit is led for c in hand)
    wenzel_led = lead in ABROAD and any(c not in NINE and c.suit is lead.suit for c in hand)
    follows_club = led is Suit.CLUBS and any(c in ABROAD for c in hand)
    if in_printed or wenzel_led or follows_club:
        return 3
    return 2 if any(c in NINE for c in (*hand, *trick)) else 1


@pytest.mark.parametrize(("level", "game", "trump", "hand", "trick", "ask", "answer"), LEGAL)
def test_legal_plays_hand_worked(level: int, game: str, trump: str | None, hand: str, trick: str, ask: str,
                                 answer: str) -> None:
    draft = ask_legal_plays(hand, trick, variant=game, trump=trump)
    assert draft.answer == answer and draft.position["ask"] == ask
    (tap,) = [r for r in draft.rows if r.tap]
    assert [str(c) for c in tap.cards] == hand.split()
    assert _follow_level(game, Suit.parse(trump) if trump else None, parse_cards(hand), parse_cards(trick)) == level
    assert parse_card(answer) in {c for r in draft.explanation for c in r.cards}


def test_legal_plays_refuses_a_position_without_one_answer() -> None:
    with pytest.raises(InvalidPosition, match="exactly one card must be the answer: 2 .* and 2 may not"):
        ask_legal_plays("SK S5 SQ HA", "SA")
    with pytest.raises(InvalidPosition, match="1 to 2 cards"):
        ask_legal_plays("SK S5 HA", "SA H5 D5")
    with pytest.raises(InvalidPosition, match="both in the hand and in the trick"):
        ask_legal_plays("SK S5 HA", "SK")


@pytest.mark.parametrize("level", learn.LEVELS)
def test_legal_plays_levels_hold_their_definition(level: int) -> None:
    asks = set()
    for seed in SEEDS:
        q = learn.question(GAME, "legal-plays", level, seed)
        p = q.position
        trump = _trump(p)
        hand, trick = parse_cards(p["hand"]), parse_cards(p["trick"])
        assert _follow_level(p["variant"], trump, hand, trick) == level, q.key
        legal = legal_plays(hand, trick, trump)
        barred = [c for c in hand if c not in legal]
        assert [str(c) for c in (legal if p["ask"] == "may" else barred)] == [q.answer], q.key
        asks.add(p["ask"])
    assert asks == {"may", "may-not"}


# -- card-points ------------------------------------------------------------------------------------

POINTS = [
    # (level, game, cards, count, answer)
    # L1: 2 + 11 + 4 = 17.
    (1, "klorsjavs", "CJ HA CK", "pile", 17),
    # L1: two queens and two jacks: 3 + 2 + 2 + 3 = 10 (every card counts something).
    (1, "klorsjavs", "SQ HJ CJ HQ", "pile", 10),
    # L2: three fives at 10 each: 2 + 10 + 10 + 11 + 3 + 10 = 46.
    (2, "klorsjavs", "DJ S5 C5 DA SQ D5", "pile", 46),
    # L2: 10 + 4 + 3 + 2 = 19.
    (2, "klorsjavs", "H5 SK DQ CJ", "pile", 19),
    # L3: the opponents' two tricks hold 3 + 10 + 3 + 10 + 2 + 3 = 31; the declarer, cat included, 120 - 31 = 89.
    (3, "klorsjavs", "CQ D5 HQ C5 HJ SQ", "rest", 89),
    # L3: four hands, two tricks of four: 4 + 2 + 4 + 11 + 10 + 11 + 3 + 11 = 56 of 114: the declarer has 58.
    (3, "four-hand", "CK CJ HK HA H5 CA SQ DA", "rest", 58),
]


@pytest.mark.parametrize(("level", "game", "cards", "count", "answer"), POINTS)
def test_card_points_hand_worked(level: int, game: str, cards: str, count: str, answer: int) -> None:
    draft = ask_card_points(cards, count=count, variant=game, rng=random.Random(2))
    assert draft.answer == str(answer)
    ids = [c.id for c in draft.choices]
    assert ids.count(str(answer)) == 1 and len(set(ids)) == len(ids) == 4
    fives = any(c.rank is Rank.FIVE for c in parse_cards(cards))
    assert level == (3 if count == "rest" else 2 if fives else 1)
    if game == "four-hand":
        assert "64" in ids  # the slip of taking 56 from 120, not 114


def test_card_points_refuses_a_pile_that_is_not_whole_tricks() -> None:
    with pytest.raises(InvalidPosition, match="3 cards each"):
        ask_card_points("HA SK", count="rest")
    with pytest.raises(InvalidPosition, match="same in the auction"):
        ask_card_points("HA SK", variant="auction")


@pytest.mark.parametrize("level", learn.LEVELS)
def test_card_points_levels_hold_their_definition(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "card-points", level, seed)
        cards = parse_cards(q.position["cards"])
        fives = any(c.rank is Rank.FIVE for c in cards)
        pile = card_points(cards)
        if level == 1:
            assert 3 <= len(cards) <= 4 and not fives and q.answer == str(pile), q.key
        elif level == 2:
            assert 4 <= len(cards) <= 7 and fives and q.answer == str(pile), q.key
        else:
            total = 114 if q.position["variant"] == "four-hand" else 120
            assert q.position["count"] == "rest" and q.answer == str(total - pile), q.key


# -- game-points ------------------------------------------------------------------------------------

ORE = [
    # (level, four hands, declarer's points (None: folded), answer)
    # L1: 61-90: each opponent subtracts 4.
    (1, False, 75, "opponents-4"),
    # L1: 60 or fewer: the declarer subtracts 8.
    (1, False, 48, "declarer-8"),
    # L1: 91-119: each opponent subtracts 8.
    (1, False, 100, "opponents-8"),
    # L2: exactly 60 is a loss: the declarer subtracts 8.
    (2, False, 60, "declarer-8"),
    # L2: the band edges: 61 and 90 cost each opponent 4, 91 costs 8, all 120 costs 16.
    (2, False, 61, "opponents-4"),
    (2, False, 90, "opponents-4"),
    (2, False, 91, "opponents-8"),
    (2, False, 120, "opponents-16"),
    # L2: a fold costs the declarer 8, and nobody else anything.
    (2, False, None, "declarer-8"),
    (2, True, None, "declarer-8"),
    # L2: four hands where its bands agree with three: 70 (58-85: 4), 100 (86-113: 8), 40 and 57 (lost: 8).
    (2, True, 70, "opponents-4"),
    (2, True, 100, "opponents-8"),
    (2, True, 40, "declarer-8"),
    (2, True, 57, "declarer-8"),
    # L3: four hands where they differ: all 114 is 16; 86 and 90 are already 8; 58 already wins (4).
    (3, True, 114, "opponents-16"),
    (3, True, 90, "opponents-8"),
    (3, True, 86, "opponents-8"),
    (3, True, 58, "opponents-4"),
]


def _ore_level(four_hand: bool, points: int | None) -> int:
    """By hand: a fold is medium; four hands are hard where the two tables differ (58-60, 86-90, 114)."""
    if points is None:
        return 2
    if four_hand:
        return 3 if points in (58, 59, 60, 86, 87, 88, 89, 90, 114) else 2
    return 2 if points in (*range(58, 64), *range(88, 94), 120) else 1


@pytest.mark.parametrize(("level", "four_hand", "points", "answer"), ORE)
def test_hand_score_hand_worked(level: int, four_hand: bool, points: int | None, answer: str) -> None:
    draft = ask_hand_score(points, declarer=1, four_hand=four_hand, rng=random.Random(6))
    assert draft.answer == answer
    ids = [c.id for c in draft.choices]
    assert ids.count(answer) == 1 and len(set(ids)) == len(ids) and len(ids) == 4
    text = draft.choices[ids.index(answer)].text
    # West declared: West alone subtracts, or every other player does.
    others = "South, North and East" if four_hand else "South and North"
    assert text == ("West subtracts 8" if answer == "declarer-8" else f"{others} each subtract {answer[10:]}")
    assert _ore_level(four_hand, points) == level


TARIFFS = [
    # (bid, declarer's points, tricks won or all_tricks, answer)
    # Spil 61-90: each opponent pays 1.
    ("spil", 75, 4, "gets-1"),
    # R44: 31 is in the 31-60 row: the declarer pays each opponent 1; 30 is in 1-30: 2.
    ("spil", 31, 2, "pays-1"),
    ("spil", 30, 2, "pays-2"),
    # Stryger, four times a Spil: 95 → 8 each; 45 → the declarer pays 4 each.
    ("stryger", 95, 5, "gets-8"),
    ("stryger", 45, 2, "pays-4"),
    # All 120 (every trick): 3, or 12 in a Stryger.
    ("spil", 120, 6, "gets-3"),
    ("stryger", 120, 6, "gets-12"),
    # R50: no trick at all is the bottom row, whatever the two set-aside cards hold: 3, or 12.
    ("spil", 14, 0, "pays-3"),
    ("stryger", 14, 0, "pays-12"),
    # Touts go by tricks alone: 10 or 15 each way.
    ("tout", None, True, "gets-10"),
    ("strøget tout", None, False, "pays-15"),
]


@pytest.mark.parametrize(("bid", "points", "tricks", "answer"), TARIFFS)
def test_auction_score_hand_worked(bid: str, points: int | None, tricks: int | bool, answer: str) -> None:
    if points is None:
        draft = ask_auction_score(bid, all_tricks=bool(tricks), declarer=2, rng=random.Random(7))
    else:
        draft = ask_auction_score(bid, points=points, tricks=int(tricks), declarer=2, rng=random.Random(7))
    assert draft.answer == answer
    ids = [c.id for c in draft.choices]
    assert ids.count(answer) == 1 and len(set(ids)) == len(ids) >= 3
    amount = int(answer.split("-")[1])
    text = draft.choices[ids.index(answer)].text
    # North declared: South and West pay North, or North pays each of them (R45).
    assert text == (f"South and West each pay North {amount}" if answer.startswith("gets")
                    else f"North pays South and West {amount} each")


def test_the_tricks_told_must_fit_the_points() -> None:
    # Two cards and no trick hold at most 11 + 11 = 22; six tricks and the cat are the whole pack.
    assert 0 in tricks_for(22) and 0 not in tricks_for(23)
    assert tricks_for(120) == (6,)
    with pytest.raises(InvalidPosition, match="cannot have won 0 tricks"):
        ask_auction_score("spil", points=40, tricks=0)
    with pytest.raises(InvalidPosition, match="cannot have won 6 tricks"):
        ask_hand_score(100, tricks=6)


@pytest.mark.parametrize("level", learn.LEVELS)
def test_game_points_levels_hold_their_definition(level: int) -> None:
    shapes = set()
    for seed in SEEDS:
        q = learn.question(GAME, "game-points", level, seed)
        p = q.position
        if p["variant"] == "auction":
            shapes.add("auction")
            assert level == 3, q.key
            if p["bid"] in ("tout", "strøget tout"):
                tariff = auction_score(p["bid"], all_tricks=p["tricks"] == "all").tariff
            else:
                tariff = auction_score(p["bid"], int(p["points"]), no_tricks=p["tricks"] == "0").tariff
            assert q.answer == (f"gets-{tariff}" if tariff > 0 else f"pays-{-tariff}"), q.key
            continue
        four = p["variant"] == "four-hand"
        points = None if p["fold"] == "yes" else int(p["points"])
        shapes.add("fold" if points is None else p["variant"])
        assert _ore_level(four, points) == level, q.key
        if points is None:
            assert q.answer == f"declarer-{fold_cost()}", q.key
        else:
            score = hand_score(points, four)
            assert q.answer == f"{score.who}-{score.ore}", q.key
            assert int(p["tricks"]) in tricks_for(points, p["variant"]), q.key
    assert shapes == {1: {"klorsjavs"}, 2: {"klorsjavs", "fold", "four-hand"}, 3: {"four-hand", "auction"}}[level]


# -- every kind ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_every_seed_makes_a_well_formed_question_and_the_same_one_again(kind: str) -> None:
    for level in learn.LEVELS:
        for seed in SEEDS:
            q = learn.question(GAME, kind, level, seed)
            ids = [c.id for c in q.choices]
            assert 2 <= len(ids) <= 6 and len(set(ids)) == len(ids), q.key
            assert sum(learn.check(q, i) for i in ids) == 1, q.key
            assert len({c.text for c in q.choices}) == len(ids), q.key
            assert q.prompt.endswith("?") and q.explanation, q.key
            if seed % 50 == 0:
                again = learn.question(GAME, kind, str(level), str(seed))
                assert again == q and again.as_dict() == q.as_dict()


@pytest.mark.parametrize("kind", KINDS)
def test_rule_links_lead_to_real_headings_on_the_klorsjavs_pages(kind: str) -> None:
    rules = {learn.kind_info(GAME, kind).rule}
    rules |= {learn.question(GAME, kind, lv, s).rule for lv in learn.LEVELS for s in range(150)}
    for rule in rules:
        page, _, anchor = rule.partition("#")
        assert page.startswith("klorsjavs/") and anchor, rule
        assert anchor in _anchors(page), rule
        assert rule_title(rule).endswith(("on Klørsjavs: Cards and trumps", "on Klørsjavs: Dealing and playing",
                                          "on Klørsjavs: Scoring", "on Klørsjavs: Four-hand and auction")), rule


def test_rule_links_read_well() -> None:
    assert rule_title("klorsjavs/play.md#following-suit") == "Following suit, on Klørsjavs: Dealing and playing"
    assert rule_title("klorsjavs/scoring.md#counting-the-declarers-points") == \
        "Counting the declarer's points, on Klørsjavs: Scoring"
    assert rule_title("rulings.md#r42-klrsjavs-the-plain-spades") == "R42 Klørsjavs the plain spades, on Rulings"


@pytest.mark.parametrize("kind", KINDS)
def test_visible_text_uses_card_symbols_and_seat_names(kind: str) -> None:
    for level in learn.LEVELS:
        for seed in range(60):
            q = learn.question(GAME, kind, level, seed)
            visible = " ".join([q.prompt, q.context, *(c.text for c in q.choices),
                                *q.explain(seats=("South", "West", "North", "East"))])
            assert not re.search(r"\b[SHDC](?:[2-9]|[TJQKA])\b", visible), (q.key, visible)
            assert "player " not in visible and "{" not in visible, q.key


def test_auction_score_says_who_pays_whom_in_all() -> None:
    # "Each opponent pays the declarer the tariff (or the declarer pays each of them)" left the reader to pick the
    # half that applied: the sentence now says the one that does.
    won = ask_auction_score("stryger", points=95, tricks=5, declarer=2, rng=random.Random(7))
    assert won.explanation[-1].render(seats=("South", "West", "North")) == (
        "Each of the two opponents pays North 8, so North gains 16 in all.")
    lost = ask_auction_score("stryger", points=45, tricks=2, declarer=2, rng=random.Random(7))
    assert lost.explanation[-1].render(seats=("South", "West", "North")) == (
        "North pays each of the two opponents 4, so North loses 8 in all.")
