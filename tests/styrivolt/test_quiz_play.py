"""Stýrivolt's play questions (beats-lead, trick-winner, lead-legal) against positions worked out by hand.

Each hand-written case states, in a comment, why its answer is right by the
rules (docs/ranking.md, docs/play.md, docs/traders.md, docs/rulings.md); the
engine is only asked to build the question.  Then the generated questions
are held to each level's definition over many seeds.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.core.cards import Card, Rank, parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.quiz.play import (
    ask_beats_lead, ask_lead_legal, ask_trick_winner, south_to_lead, trick_traps,
)
from stytvolt.styrivolt.ranking import Ranking, Role, four_of_a_kind

DOCS = Path(__file__).resolve().parents[2] / "docs"
SEEDS = 300


def _anchors(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)}


# -- trick-winner ------------------------------------------------------------------------------------

TRICKS = [
    # (level, chosen, cards, promoted, fetched, trick, winner)
    # L1: R1's own example: ♠4 (unfortunate, up to jacks) takes ♣J; ♣A cannot beat a chosen card; trist ♥3 outranks ♠4.
    (1, "H,S", "CJ S4 CA H3", (), None, 2, "H3"),
    # L1: the same cards, ♣A second: it takes ♣J as a higher club, and neither ♠4 nor ♥3 reaches an ace.
    (1, "H,S", "CJ CA S4 H3", (), None, 2, "CA"),
    # L1: clubs and diamonds chosen, all plain: ♠K is a higher spade; ♥6 is off suit; ♠3 is lower.
    (1, "C,D", "S9 SK H6 S3", (), None, 5, "SK"),
    # L1: ♠3 (trist) reaches the queen and takes ♦Q; ♦K comes too late (a plain card never beats a chosen one).
    (1, "H,S", "DQ S3 DK C2", (), None, 1, "S3"),
    # L2: a led free card ♥8: the postman ♠6 cannot touch it, the karnifl ♠J can; ♦4 is plain.
    (2, "H,S", "H8 S6 SJ D4", (), None, 3, "SJ"),
    # L2: a led chosen king ♥K: the trist ♠3 is too weak, the tvist ♠2 takes it, ♦A is unchosen.
    (2, "H,S", "HK S3 S2 DA", (), None, 4, "S2"),
    # L2: a led chosen queen ♠Q falls to the trist ♥3, which the fýrik ♣4 (a stikkar in every deal) beats.
    (2, "H,S", "SQ H3 C4 D2", (), None, 2, "C4"),
    # L2: ♥A plain is led (hearts unchosen); ♣K (chosen king) beats nothing after the lead; ♠8 the eight is a
    # permanent stikkar and takes it; ♦Q beats nothing.
    (2, "C,D", "HA CK S8 DQ", (), None, 6, "S8"),
    # L3 equal cards: ♥A and ♠A are both stýrivoltar, the first played stays in front; ♠6 and ♣K are weaker.
    (3, "H,S", "HA SA S6 CK", (), None, 2, "HA"),
    # L3 led lamb (trick 3): nothing beats a led lamb, not even the bird.
    (3, "H,S", "S7 H2 CA HA", (), None, 3, "S7"),
    # L3 four of a kind: ♦J from four jacks is a karnifl; a postman and a trist are below every stikkar.
    (3, "H,S", "DJ S6 CA H3", (0,), None, 2, "DJ"),
    # L3 permanent stikkar in a chosen suit: ♥2 with hearts chosen is the bird, not a tvist equal to ♠2,
    # so it beats the tvist that took the plain ♦5.
    (3, "H,S", "D5 S2 H2 C9", (), None, 7, "H2"),
    # L3 a trader led: ♥5 fetches the face-up ♥K and leads it; the trist ♠3 cannot take a led king, the tvist ♠2 can.
    (3, "H,S", "H5 S3 S2 DA", (), "HK", 2, "S2"),
    # L3 a trader led for the face-up bird: it plays as ♥2, and nothing beats the bird.
    (3, "H,S", "H5 SA C4 S7", (), "H2", 1, "H5"),
    # L3 a trader fetching a face-up lamb in trick 2: the lamb is led, so it wins whatever follows.
    (3, "H,S", "H5 H2 SA C4", (), "H7", 2, "H5"),
]


@pytest.mark.parametrize(("level", "chosen", "cards", "promoted", "fetched", "trick", "winner"), TRICKS)
def test_trick_winner_hand_worked(level: int, chosen: str, cards: str, promoted: tuple[int, ...],
                                  fetched: str | None, trick: int, winner: str) -> None:
    draft = ask_trick_winner(chosen, cards, promoted, fetched=fetched, trick=trick)
    assert draft.answer == winner
    assert [c.id for c in draft.choices] == cards.split()
    (row,) = [r for r in draft.rows if r.tap]
    assert [str(c) for c in row.cards] == cards.split()
    assert draft.position["cards"] == cards and draft.position["chosen"] == chosen
    assert draft.position["promoted"] == " ".join(str(i + 1) for i in promoted)
    # The level the position belongs to: traps exactly at level 3.
    assert bool(trick_traps(chosen, cards, promoted, fetched)) == (level == 3)
    # The explanation names the winning card (or, for a trader, the card it fetched).
    named = {c for r in draft.explanation for c in r.cards}
    assert parse_card(fetched if winner == "H5" and fetched else winner) in named
    # The notes say who played, never what a card is.
    for note in row.notes:
        assert not re.search(r"bird|lamb|stikkar|tvist|trist|karnifl|trader|mare", note)


def test_trick_winner_traps_are_named() -> None:
    assert trick_traps("H,S", "HA SA S6 CK") == ("equal-cards",)
    assert trick_traps("H,S", "S7 H2 CA HA") == ("led-lamb", "permanent-in-chosen")
    assert trick_traps("H,S", "DJ S6 CA H3", (0,)) == ("four-of-a-kind",)
    assert trick_traps("H,S", "H5 S3 S2 DA", (), "HK") == ("trader-led",)
    assert trick_traps("C,D", "HA CK S8 DQ") == ()  # ♠8 in an unchosen suit is no trap of this list


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        (("H,S", "CJ S4 CA"), {}, "four cards, not 3"),
        (("H,S", "S7 H2 CA HA"), {"trick": 1}, "no lamb may lead the first trick"),
        (("H,S", "CJ CJ CA H3"), {}, "played twice"),
        (("H,S", "DJ S6 CJ H3", (0,)), {}, "four of a kind"),
        (("H,S", "SK S6 CJ H3"), {"fetched": "HK"}, "not a trader"),
        (("H,S", "H5 S6 CJ H3"), {"fetched": "SK"}, "own suit"),
        (("H,S", "SK S5 CJ H3"), {}, "trader"),
        (("H,H", "SK S6 CJ H3"), {}, "must differ"),
        (("H,S", "SK S6 CJ H3"), {"trick": 10}, "1 to 9"),
    ],
)
def test_trick_winner_refuses_impossible_positions(args: tuple[object, ...], kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_trick_winner(*args, **kwargs)  # type: ignore[arg-type]


def _roles(position: dict[str, str]) -> list[Role]:
    ranking = Ranking.of(position["chosen"])
    ups = {int(i) - 1 for i in position["promoted"].split()}
    return [ranking.role(c, i in ups) for i, c in enumerate(parse_cards(position["cards"]))]


@pytest.mark.parametrize("level", learn.LEVELS)
def test_trick_winner_levels_hold_their_definition(level: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "trick-winner", level, seed)
        p = q.position
        ups = [int(i) - 1 for i in p["promoted"].split()]
        traps = trick_traps(p["chosen"], p["cards"], ups, p.get("exposed"))
        seen.update(traps)
        roles = _roles(dict(p))
        if level == 3:
            assert traps, q.key
            continue
        assert not traps, q.key
        if level == 1:
            assert roles[0] is Role.PLAIN and all(r is Role.PLAIN or r.level for r in roles), q.key
        else:
            assert any(r in (Role.LAMB, Role.FREE_CARD, Role.KING, Role.QUEEN) for r in roles), q.key
        assert not any(r is Role.TRADER for r in roles), q.key
    if level == 3:  # every trap turns up
        assert set(seen) == {"trader-led", "led-lamb", "four-of-a-kind", "equal-cards", "permanent-in-chosen"}


def test_trick_winner_answers_spread_over_the_plays() -> None:
    # Not always the last card, nor always a stikkar: the position decides.
    places = Counter()
    for seed in range(200):
        q = learn.question("styrivolt", "trick-winner", 1, seed)
        places[q.position["cards"].split().index(q.answer)] += 1
    assert len(places) == 4 and min(places.values()) >= 15


# -- beats-lead ----------------------------------------------------------------------------------------

BEATS = [
    # (level, chosen, led, offered, promoted, fetched, trick, answer)
    # L1: the unfortunate ♥4 reaches unchosen cards up to the jack, so it takes ♣9; ♦K and ♦Q are not clubs.
    (1, "H,S", "C9", "H4 DK DQ", False, None, 3, "H4"),
    # L1: ♦K is a higher diamond; the unfortunate ♠4 reaches only jacks; ♣A is of another unchosen suit.
    (1, "H,S", "DQ", "S4 DK CA", False, None, 2, "DK"),
    # L1: with clubs and diamonds chosen, only the postman ♦6 reaches an unchosen ace; a tvist stops at kings.
    (1, "C,D", "SA", "C2 SK D6", False, None, 5, "D6"),
    # L2: a led free card falls only to a stikkar: the karnifl ♠J, not the postman ♠6 nor the king ♥K.
    (2, "H,S", "H8", "S6 SJ HK", False, None, 4, "SJ"),
    # L2: a led chosen king falls to a tvist or better: ♠2, not the trist ♠3 nor the unchosen ♦A.
    (2, "H,S", "HK", "S3 S2 DA", False, None, 2, "S2"),
    # L2: a led chosen queen falls to a trist or better: ♥3, not the king ♥K (beats nothing) nor the unfortunate ♥4.
    (2, "H,S", "SQ", "HK H3 H4", False, None, 6, "H3"),
    # L2: the stýrivolt ♣A falls only to a higher stikkar: ♠8 (the eight), not the postman ♦6.
    (2, "C,D", "CA", "D6 S8 CK", False, None, 2, "S8"),
    # L3 equal cards: ♠A equals the led ♥A and the first played wins; only the fýrik ♣4 ranks above.
    (3, "H,S", "HA", "SA S6 C4", False, None, 2, "C4"),
    # L3 led lamb (trick 4): nothing beats it, not even the bird.
    (3, "H,S", "S7", "H2 HA CA", False, None, 4, "none"),
    # L3 a trader led: ♥5 leads the face-up ♥K, a led king: the tvist ♠2 takes it, the trist ♠3 cannot.
    (3, "H,S", "H5", "S3 S2 DA", False, "HK", 2, "S2"),
    # L3 four of a kind: ♦J from four jacks is a karnifl; only a higher stikkar (♠A) beats it.
    (3, "H,S", "DJ", "S6 SA H3", True, None, 2, "SA"),
    # L3 permanent stikkar in a chosen suit: ♥2 is the bird (not a tvist equal to ♠2), so it beats the tvist.
    (3, "H,S", "S2", "H2 S3 DK", False, None, 2, "H2"),
]


@pytest.mark.parametrize(("level", "chosen", "led", "offered", "promoted", "fetched", "trick", "answer"), BEATS)
def test_beats_lead_hand_worked(level: int, chosen: str, led: str, offered: str, promoted: bool,
                                fetched: str | None, trick: int, answer: str) -> None:
    draft = ask_beats_lead(chosen, led, offered, promoted=promoted, fetched=fetched, trick=trick,
                           none=answer == "none")
    assert draft.answer == answer
    ids = [c.id for c in draft.choices]
    assert ids[:3] == offered.split() and ids.count(answer) == 1
    assert bool(trick_traps(chosen, [led, *offered.split()], (0,) if promoted else (), fetched)) == (level == 3)
    named = {c for r in draft.explanation for c in r.cards}
    assert set(parse_cards(offered)) <= named  # every card offered is explained
    assert draft.prompt == f"Which of these cards beats the led {parse_card(led).symbol} if it is played second?"


def test_beats_lead_none_is_a_wrong_choice_when_a_card_beats() -> None:
    draft = ask_beats_lead("H,S", "C9", "H4 DK DQ", none=True)
    assert draft.answer == "H4" and "none" in [c.id for c in draft.choices]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"led": "C9", "offered": "H4 S4 DQ"}, "exactly one choice must be right: H4 S4 all beat C9"),
        ({"led": "S7", "offered": "H2 HA"}, "offer 'none of them'"),
        ({"led": "S7", "offered": "H2 HA", "none": True, "trick": 1}, "no lamb may lead the first trick"),
        ({"led": "C9", "offered": "C9 H4"}, "must all differ"),
        ({"led": "C9", "offered": "H5 H4"}, "trader is never played as itself"),
        ({"led": "DJ", "offered": "HJ SA", "promoted": True}, "four of a kind"),
    ],
)
def test_beats_lead_refuses_questions_without_one_answer(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidPosition, match=re.escape(words)):
        ask_beats_lead("H,S", **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", learn.LEVELS)
def test_beats_lead_levels_hold_their_definition(level: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "beats-lead", level, seed)
        p = q.position
        ranking = Ranking.of(p["chosen"])
        led = parse_card(p["led"])
        offered = parse_cards(p["cards"])
        traps = trick_traps(p["chosen"], (led, *offered), (0,) if p["promoted"] else (), p.get("exposed"))
        seen.update(traps)
        assert (level == 3) == bool(traps), q.key
        if level == 1:
            assert ranking.role(led) is Role.PLAIN, q.key
            assert all(ranking.role(c) is Role.PLAIN or ranking.role(c).level for c in offered), q.key
        elif level == 2:
            assert ranking.role(led).level or ranking.role(led) in (Role.FREE_CARD, Role.KING, Role.QUEEN), q.key
        assert 2 <= len(q.choices) <= 6
    if level == 3:
        assert set(seen) == {"trader-led", "led-lamb", "four-of-a-kind", "equal-cards", "permanent-in-chosen"}


# -- lead-legal -------------------------------------------------------------------------------------


def _deal(south: str, turned: str) -> tuple[list[list[Card]], list[Card]]:
    """South's nine cards and the stock's first turned cards as given; every other card in pack order."""
    mine, top = list(parse_cards(south)), list(parse_cards(turned))
    rest = [c for c in PACK if c not in mine and c not in top]
    stock = top + rest[: 12 - len(top)]
    rest = rest[12 - len(top):]
    return [mine, rest[0:9], rest[9:18], rest[18:27]], stock


def _after_south_wins_with(hands: list[list[Card]], stock: list[Card], lead: str) -> list[str]:
    """Trick 1: South leads ``lead`` (the bird: nothing beats it), the others play their first card that is no five."""
    plays = [lead]
    for hand in hands[1:]:
        plays.append(str(next(c for c in hand if c.rank is not Rank.FIVE)))
    return plays


LEADS = [
    # (level, south, turned stock cards, second trick?, card, answer)
    # L1: hearts and spades chosen (♥K, ♠Q turned, then ♦3); ♥7 is a lamb, and no lamb may lead the first trick.
    (1, "H7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", False, "H7", "no"),
    # L1: ♠7 is the spade lamb: the same rule.
    (1, "S7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", False, "S7", "no"),
    # L1: ♠A is a stýrivolt, not a lamb: any card but a lamb may lead the first trick.
    (1, "H7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", False, "SA", "yes"),
    # L1: ♣4 is the fýrik: it may lead.
    (1, "H7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", False, "C4", "yes"),
    # L2: ♣7 is a seven of an unchosen suit, a dead seven, not a lamb: it may lead trick 1.
    (2, "C7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", False, "C7", "yes"),
    # L2: ♥7 is a lamb, but this is trick 2 and South won trick 1 (with the bird): a lamb may lead now.
    (2, "H7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", True, "H7", "yes"),
    # L2: ♠7 in trick 1 is a lamb: refused.
    (2, "S7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", False, "S7", "no"),
    # L3: all four sevens in one hand play as lambs (R5), so even the unchosen ♦7 may not lead trick 1.
    (3, "H7 S7 D7 C7 H2 SA C4 DK D8", "HK SQ D3", False, "D7", "no"),
    # L3: the same four sevens in trick 2: a lamb may lead now.
    (3, "H7 S7 D7 C7 H2 SA C4 DK D8", "HK SQ D3", True, "C7", "yes"),
    # L3: the trader ♥5 would fetch the lone face-up lamb ♥7 (turned first, no trader or stikkar of hearts seen):
    # leading it leads a lamb to trick 1, which is refused.
    (3, "H5 H2 SA C4 DK D8 CQ CJ S9", "H7 SQ D3", False, "H5", "no"),
    # L3: the same trader in trick 2 fetches the lamb and leads it: allowed.
    (3, "H5 H2 SA C4 DK D8 CQ CJ S9", "H7 SQ D3", True, "H5", "yes"),
    # L3: ♥7 and ♥A both face up (a lamb and a stikkar seen): the trader must be traded first, so it cannot be led.
    (3, "H5 H2 SA C4 DK D8 CQ CJ S9", "H7 HA SQ D3", False, "H5", "no"),
    (3, "H5 H2 SA C4 DK D8 CQ CJ S9", "H7 HA SQ D3", True, "H5", "no"),
    # L3: the face-up heart is ♥K: the trader leads a chosen king, which may lead the first trick.
    (3, "H5 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3", False, "H5", "yes"),
]


@pytest.mark.parametrize(("level", "south", "turned", "second", "card", "answer"), LEADS)
def test_lead_legal_hand_worked(level: int, south: str, turned: str, second: bool, card: str, answer: str) -> None:
    hands, stock = _deal(south, turned)
    plays = _after_south_wins_with(hands, stock, "H2") if second else []
    state = south_to_lead(hands, stock, plays)
    draft = ask_lead_legal(state, card)
    assert draft.position["chosen"] == "H,S"  # hearts turned first, spades second, then a diamond
    assert draft.answer == answer
    assert draft.position["trick"] == ("2" if second else "1") and draft.position["card"] == card
    assert [c.id for c in draft.choices] == ["yes", "no"]
    named = {c for r in draft.explanation for c in r.cards}
    assert parse_card(card) in named
    codes = [r.code for r in draft.explanation]
    if answer == "no":
        assert codes[0].startswith("refused.")
    else:
        assert any(c.startswith("quiz.lead-legal") for c in codes)
    text = " ".join(r.render(seats=("South", "West", "North", "East")) for r in draft.explanation)
    assert "player 0" not in text
    # The hand-worked cases sit on their level's definition too.
    role = Ranking.of("H,S").role(parse_card(card))
    assert (level == 3) == (role is Role.TRADER or Rank.SEVEN in four_of_a_kind(parse_cards(south)))


def test_lead_legal_refuses_a_position_where_south_does_not_lead() -> None:
    hands, stock = _deal("H7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3")
    state = south_to_lead(hands, stock)
    with pytest.raises(InvalidPosition, match="does not hold"):
        ask_lead_legal(state, "CA")
    state.apply("play SA")
    with pytest.raises(InvalidPosition, match="not to lead"):
        ask_lead_legal(state, "H2")
    with pytest.raises(StytvoltError):
        south_to_lead(hands, stock, ["SA"])  # West to play after it
    with pytest.raises(InvalidPosition, match="needs a hand"):
        ask_lead_legal("not a hand", "H2")  # type: ignore[arg-type]


@pytest.mark.parametrize("level", learn.LEVELS)
def test_lead_legal_levels_hold_their_definition(level: int) -> None:
    answers: Counter[str] = Counter()
    tricks: Counter[str] = Counter()
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "lead-legal", level, seed)
        p = q.position
        ranking = Ranking.of(p["chosen"])
        card = parse_card(p["card"])
        hand = parse_cards(p["hand"])
        quads = four_of_a_kind(hand)
        answers[q.answer] += 1
        tricks[p["trick"]] += 1
        assert card in hand, q.key
        if level == 1:
            assert p["trick"] == "1", q.key
            assert ranking.role(card) is Role.LAMB or card.rank not in (Rank.SEVEN, Rank.FIVE), q.key
        elif level == 2:
            assert card.rank is Rank.SEVEN and Rank.SEVEN not in quads, q.key
        else:
            assert ranking.role(card) is Role.TRADER or (card.rank is Rank.SEVEN and Rank.SEVEN in quads), q.key
        # By hand: the only leads the rules forbid are a lamb to trick 1 and a trader facing two face-up cards.
        exposed = [c for c in parse_cards(p["exposed"]) if c.suit is card.suit]
        if ranking.role(card) is Role.TRADER:
            fetched = exposed[0] if len(exposed) == 1 else None
            lamb = fetched is not None and ranking.role(fetched) is Role.LAMB
            expected = "no" if len(exposed) == 2 or (lamb and p["trick"] == "1") else "yes"
        else:
            lamb = ranking.role(card, card.rank in quads) is Role.LAMB
            expected = "no" if lamb and p["trick"] == "1" else "yes"
        assert q.answer == expected, q.key
    assert 0.35 <= answers["no"] / SEEDS <= 0.65, answers
    if level > 1:
        assert len(tricks) >= 3, tricks


# -- every kind ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["beats-lead", "trick-winner", "lead-legal"])
def test_rule_links_lead_to_real_headings(kind: str) -> None:
    rules = {learn.kind_info("styrivolt", kind).rule}
    rules |= {learn.question("styrivolt", kind, lv, s).rule for lv in learn.LEVELS for s in range(150)}
    assert len(rules) >= 3
    for rule in rules:
        page, _, anchor = rule.partition("#")
        assert (DOCS / page).is_file(), rule
        assert anchor in _anchors(page), rule


@pytest.mark.parametrize("kind", ["beats-lead", "trick-winner", "lead-legal"])
def test_visible_text_uses_card_symbols_and_seat_names(kind: str) -> None:
    for level in learn.LEVELS:
        for seed in range(60):
            q = learn.question("styrivolt", kind, level, seed)
            visible = " ".join([q.prompt, q.context, *(c.text for c in q.choices), *q.explain(seats=("South", "West", "North", "East"))])
            assert not re.search(r"\b[SHDC](?:[2-9]|[JQKA])\b", visible), (q.key, visible)
            assert "player " not in visible, q.key


def test_lead_legal_explains_to_you() -> None:
    # The question asks "May you lead ♥7?" and the context says you lead: the answer says "you", not "South".
    hands, stock = _deal("H7 H2 SA C4 DK D8 CQ CJ S9", "HK SQ D3")
    draft = ask_lead_legal(south_to_lead(hands, stock, _after_south_wins_with(hands, stock, "H2")), "H7")
    assert draft.explanation[-1].render(seats=("South", "West", "North", "East")) == (
        "♥7 plays as a lamb, and a lamb may lead any trick but the first: this is trick 2, and you won the last "
        "one, so you may lead it.")
    draft = ask_lead_legal(south_to_lead(hands, stock), "SA")
    assert draft.explanation[-1].text == (
        "Only a lamb is barred from leading, and only from the first trick, so you may lead it.")
    for level in learn.LEVELS:
        for seed in range(40):
            q = learn.question("styrivolt", "lead-legal", level, seed)
            assert not any("South" in line for line in q.explain(seats=("South", "West", "North", "East"))), q.key
