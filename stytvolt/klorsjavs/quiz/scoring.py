"""Klørsjavs question kinds about counting: the card points of a pile, and who pays what after a hand.

Every answer comes from the rules: :func:`~stytvolt.klorsjavs.rules.card_points`
(each card's value in an explanation is ``card_points`` of that card alone),
:func:`~stytvolt.klorsjavs.rules.hand_score` (øre, three or four hands),
:func:`~stytvolt.klorsjavs.rules.fold_cost` and
:func:`~stytvolt.klorsjavs.rules.auction_score` (Auction Klørsjavs's
tariffs).  The wrong choices are the slips a learner makes, scored by the
same functions where they are scores (the other table, a neighbouring band,
the other bid).

**Levels of card-points**

1. three or four cards, no five;
2. four to seven cards with at least one five (a five counts 10);
3. the opponents' tricks: how many card points did the declarer take, the
   cat included?  (120 in the pack, or 114 in four-hand Klørsjavs.)

**Levels of game-points** (the declarer's card points count the cat, or the
two cards laid away):

1. Klørsjavs, the declarer's points well inside a band (not 58–63, 88–93
   or 120);
2. Klørsjavs with points at a band's edge (58–63, 88–93, all 120); a fold;
   four-hand Klørsjavs where its bands agree with the three-hand ones;
3. four-hand Klørsjavs where its bands differ (58–60, 86–90, 114); and
   Auction Klørsjavs (Spil, Stryger, Tout, Strøget tout; rulings R44, R45, R50).
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.words import counted
from stytvolt.klorsjavs.quiz.common import (
    GAME, GAME_NAMES, SEATS, cards_text, checked_cards, checked_variant, first_fit, NEAR, pack_of,
    players_of, seat,
)
from stytvolt.klorsjavs.cards import parse_trump
from stytvolt.klorsjavs.rules import (
    FOUR_HAND_TOTAL, TOTAL, Bid, HandScore, auction_score, card_points, fold_cost, hand_score,
    parse_auction_bid,
)
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.learn.common import number_choices, pick_choices

__all__ = [
    "ask_card_points", "points_level", "make_card_points",
    "ask_hand_score", "ask_auction_score", "ore_level", "tricks_for", "make_game_points",
]

_RULE_CARD_POINTS = "klorsjavs/cards.md#card-points"
_RULE_DECLARER = "klorsjavs/scoring.md#counting-the-declarers-points"
_RULE_FOUR_PACK = "klorsjavs/variants.md#the-pack-for-four"
_RULE_TABLE = "klorsjavs/scoring.md#the-scoring-table"
_RULE_FOLD = "klorsjavs/scoring.md#folding"
_RULE_FOUR = "klorsjavs/variants.md#scoring-for-four"
_RULE_AUCTION = "klorsjavs/variants.md#scoring-the-auction-game"

_EDGES = frozenset([*range(58, 64), *range(88, 94), TOTAL])
_CAT = 2  # cards set aside for the declarer before play


# -- card-points ------------------------------------------------------------------------------------


def _sum_reason(cards: Sequence[Card], total: int) -> Reason:
    """Each card's value (``card_points`` of that card) and the total: ``♥A (11) + ♠5 (10) = 21``."""
    text = " + ".join(f"{c.symbol} ({card_points([c])})" for c in cards) + f" = {total}."
    return Reason.of("quiz.klorsjavs.points.sum", "{sum}", tuple(cards), sum=text)


def points_level(cards: Sequence[Card] | str, count: str = "pile", variant: str = "klorsjavs") -> int:
    """The level a card-points position belongs to, by the module's definition."""
    shown = checked_cards(cards, "the cards", checked_variant(variant))
    if count == "rest":
        return 3
    return 2 if any(c.rank is Rank.FIVE for c in shown) else 1


def ask_card_points(cards: Sequence[Card] | str, *, count: str = "pile", variant: str = "klorsjavs",
                    rng: random.Random | None = None) -> Draft:
    """How many card points are in ``cards`` (``count="pile"``), or, when ``cards`` are the opponents' tricks,
    how many did the declarer take, the cat included (``count="rest"``)?  ``rng`` shuffles the choices."""
    game = checked_variant(variant)
    if game == "auction":
        raise InvalidPosition("card points are the same in the auction game: ask about klorsjavs or four-hand")
    shown = checked_cards(cards, "the cards", game)
    if count not in ("pile", "rest"):
        raise InvalidPosition(f"count is 'pile' (these cards) or 'rest' (the rest of the pack), not {count!r}")
    if not 1 <= len(shown) <= 16:
        raise InvalidPosition(f"a pile to count holds 1 to 16 cards, not {len(shown)}")
    pile = card_points(shown)
    fives = [c for c in shown if c.rank is Rank.FIVE]
    top = max(card_points([c]) for c in shown)
    reasons = [_sum_reason(shown, pile)]
    if count == "pile":
        answer = pile
        # Slips: a five counted as 5, a card left out, the fives left out.
        slips = [pile - 5 * len(fives), pile - top, pile - card_points(fives)]
        prompt = "How many card points do these cards hold?"
        label = "The cards"
        context = "Count them: ace 11, five 10, king 4, queen 3, jack 2."
        rule = _RULE_CARD_POINTS
    else:
        players = players_of(game)
        if len(shown) % players:
            raise InvalidPosition(f"tricks of {GAME_NAMES[game]} hold {players} cards each, so not {len(shown)} cards")
        total = card_points(list(pack_of(game)))
        answer = total - pile
        reasons.append(Reason.of(
            "quiz.klorsjavs.points.rest",
            "The pack holds {total} card points, and every card the opponents did not take counts for the declarer "
            "(the cat too): {total} − {pile} = {answer}.",
            total=total, pile=pile, answer=answer,
        ))
        other_total = TOTAL if total == FOUR_HAND_TOTAL else FOUR_HAND_TOTAL
        slips = [pile, other_total - pile if game == "four-hand" else answer - top, answer - top]
        prompt = "How many card points did the declarer take?"
        label = f"The opponents' {counted(len(shown) // players, 'trick')}"
        context = (f"{GAME_NAMES[game]}. The opponents won the tricks shown; the declarer won the others "
                   "and has the cat's two cards.")
        rule = _RULE_FOUR_PACK if game == "four-hand" else _RULE_DECLARER
    return Draft(
        prompt=prompt,
        choices=number_choices(rng, answer, [s for s in slips if s != answer], near=NEAR, low=2, unit="card point"),
        answer=str(answer),
        explanation=tuple(reasons),
        position={"variant": game, "cards": cards_text(shown), "count": count},
        rows=(Row(label, shown),),
        rule=rule,
        context=context,
    )


def _points_draw(rng: random.Random, level: int) -> Draft | None:
    game = "klorsjavs"
    if level == 1:
        pool = [c for c in pack_of(game) if c.rank is not Rank.FIVE]
        cards = rng.sample(pool, rng.randrange(3, 5))
        count = "pile"
    elif level == 2:
        cards = rng.sample(tuple(pack_of(game)), rng.randrange(4, 8))
        count = "pile"
    else:
        game = rng.choice(("klorsjavs", "four-hand"))
        players = players_of(game)
        tricks = rng.randrange(1, 4) if game == "four-hand" else rng.randrange(2, 5)
        cards = rng.sample(tuple(pack_of(game)), players * tricks)
        count = "rest"
    if points_level(cards, count, game) != level:
        return None
    return ask_card_points(cards, count=count, variant=game, rng=rng)


@kind(
    GAME, "card-points", title="Count the card points",
    summary="Ace 11, five 10, king 4, queen 3, jack 2: count a pile, or the declarer's share of 120 (114 with four).",
    rule=_RULE_CARD_POINTS,
)
def make_card_points(rng: random.Random, level: int) -> Draft:
    return first_fit(_points_draw, rng, level, "card-points")


# -- game-points ------------------------------------------------------------------------------------

#: How a question tells what the declarer did with the cat, and which two cards count for them.
_CAT_WORDS = {
    "swiped": ("swiped the cat (laying two cards away for it)", "the two laid-away cards"),
    "stroked": ("stroked the cat (leaving it face down)", "the cat's two cards"),
}
_BID_NAMES = {Bid.SPIL: "a Spil", Bid.STRYGER: "a Stryger", Bid.TOUT: "a Tout", Bid.STROGET_TOUT: "a Strøget tout"}


def _opponents(declarer: int, players: int) -> list[int]:
    return [s for s in range(players) if s != declarer]


def _names(seats: Sequence[int]) -> str:
    names = [SEATS[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _ore_text(who: str | None, ore: int, declarer: int, players: int) -> str:
    if who is None:
        return "Nobody subtracts anything"
    if who == "declarer":
        return f"{SEATS[declarer]} subtracts {ore}"
    return f"{_names(_opponents(declarer, players))} each subtract {ore}"


def _ore_id(who: str | None, ore: int) -> str:
    return "nobody" if who is None else f"{who}-{ore}"


def tricks_for(points: int, game: str = "klorsjavs") -> tuple[int, ...]:
    """How many tricks a declarer could have won holding ``points`` card points (the two set-aside cards counted).

    The declarer's pile is their tricks and two cards; it holds at most the
    best cards of that many, and at least what the opponents' tricks cannot
    hold.  Each card's value is ``card_points`` of that card.
    """
    variant = checked_variant(game)
    values = sorted((card_points([c]) for c in pack_of(variant)), reverse=True)
    total = sum(values)
    players = players_of(variant)
    tricks = (len(values) - _CAT) // players
    found = []
    for won in range(tricks + 1):
        most = sum(values[:players * won + _CAT])
        least = total - sum(values[:players * (tricks - won)])
        if least <= points <= most:
            found.append(won)
    return tuple(found)


def _tricks_words(tricks: int | None, game: str) -> str:
    if tricks is None:
        return ""
    total = (len(pack_of(game)) - _CAT) // players_of(game)
    return f"won {tricks} of the {total} tricks and "


def ore_level(points: int | None, four_hand: bool = False) -> int:
    """The level of an øre position (``points=None``: the declarer folded), by the module's definition."""
    if points is None:
        return 2
    if four_hand:
        four, three = hand_score(points, True), hand_score(points)
        return 2 if (four.who, four.ore) == (three.who, three.ore) else 3
    return 2 if points in _EDGES else 1


def ask_hand_score(points: int | None, *, tricks: int | None = None, declarer: int = 1, four_hand: bool = False,
                   cat: str = "stroked", rng: random.Random | None = None, wrong: int = 3) -> Draft:
    """Who subtracts how many øre after a hand of (four-hand) Klørsjavs?  ``points=None``: the declarer folded.

    ``points`` are the declarer's card points, the cat (``cat="stroked"``) or
    the two cards laid away (``"swiped"``) included, won in ``tricks`` tricks
    (told to the reader, though only the points decide); ``hand_score`` or
    ``fold_cost`` decides; ``rng`` shuffles the choices.
    """
    if not isinstance(four_hand, bool):
        raise InvalidPosition(f"four_hand must be True or False, not {four_hand!r}")
    if cat not in _CAT_WORDS:
        raise InvalidPosition(f"the declarer swiped or stroked the cat: cat is 'swiped' or 'stroked', not {cat!r}")
    game = "four-hand" if four_hand else "klorsjavs"
    players = players_of(game)
    decl = seat(declarer, players)
    candidates: list[tuple[str | None, int]] = []
    if points is None:
        if tricks is not None:
            raise InvalidPosition("a declarer who folds plays no trick out: give no tricks")
        cost = fold_cost()
        right: tuple[str | None, int] = ("declarer", cost)
        reasons: list[Reason] = [Reason.of(
            "quiz.klorsjavs.fold", "{seat} folded: the hand ends at once, and folding costs the declarer {cost} øre; "
            "nobody else subtracts anything.", seat=Seat(decl), cost=cost)]
        candidates += [(None, 0), ("opponents", cost), ("declarer", cost // 2), ("opponents", cost // 2)]
        context = (f"{GAME_NAMES[game]}. {SEATS[decl]} declared, {_CAT_WORDS[cat][0]}, then folded at their own "
                   "turn in the first trick.")
        rule = _RULE_FOLD
    else:
        score = hand_score(points, four_hand)
        if tricks is not None and tricks not in tricks_for(points, game):
            raise InvalidPosition(f"a declarer with {points} card points cannot have won {tricks} tricks")
        right = (score.who, score.ore)
        reasons = [score.reason]
        top = FOUR_HAND_TOTAL if four_hand else TOTAL
        slips: list[HandScore] = []
        if points <= FOUR_HAND_TOTAL:
            slips.append(hand_score(points, not four_hand))  # the other table
        for edge in (top, top - 1, 91 if not four_hand else 86, 90 if not four_hand else 85,
                     61 if not four_hand else 58, 60 if not four_hand else 57):
            if edge != points:
                slips.append(hand_score(edge, four_hand))  # a neighbouring band
        candidates += [(s.who, s.ore) for s in slips]
        candidates.append(("declarer" if score.who == "opponents" else "opponents", score.ore))
        context = (f"{GAME_NAMES[game]}. {SEATS[decl]} declared, {_CAT_WORDS[cat][0]}, "
                   f"{_tricks_words(tricks, game)}took {points} card points, {_CAT_WORDS[cat][1]} included.")
        if four_hand:
            context += " (The four-hand pack holds 114.)"
        rule = _RULE_FOUR if four_hand else _RULE_TABLE
    picked = pick_choices(right, candidates, wrong, rng)
    return Draft(
        prompt="Who subtracts how many øre?",
        choices=tuple(Choice(_ore_id(w, n), _ore_text(w, n, decl, players)) for w, n in picked),
        answer=_ore_id(*right),
        explanation=tuple(reasons),
        position={"variant": game, "declarer": SEATS[decl], "points": "" if points is None else str(points),
                  "tricks": "" if tricks is None else str(tricks), "fold": "yes" if points is None else "no",
                  "cat": cat},
        rule=rule,
        context=context,
    )


def _tariff_id(tariff: int) -> str:
    return f"gets-{tariff}" if tariff > 0 else f"pays-{-tariff}"


def _tariff_text(tariff: int, declarer: int) -> str:
    opponents = _names(_opponents(declarer, 3))
    if tariff > 0:
        return f"{opponents} each pay {SEATS[declarer]} {tariff}"
    return f"{SEATS[declarer]} pays {opponents} {-tariff} each"


def ask_auction_score(bid: Bid | str, *, points: int | None = None, tricks: int | None = None,
                      all_tricks: bool | None = None, declarer: int = 1, trump: Suit | str = "H",
                      rng: random.Random | None = None, wrong: int = 3) -> Draft:
    """Who pays whom, and how much, after a hand of Auction Klørsjavs?  ``auction_score`` decides.

    A Spil or Stryger is scored from the declarer's ``points`` (the cat, or
    the laid-away cards, included) and ``tricks`` (none: the bottom row); a
    tout from ``all_tricks``.  ``trump`` is the suit named (it changes no
    score).  ``rng`` shuffles the choices.
    """
    kind_ = parse_auction_bid(bid)
    decl = seat(declarer, 3)
    suit = parse_trump(trump)
    if suit is None:
        raise InvalidPosition("an auction declarer names a trump suit: give it")
    contract = f"{_BID_NAMES[kind_]} in {suit.english}"
    slips: list[int] = []
    if kind_.is_tout:
        if points is not None or tricks is not None:
            raise InvalidPosition(f"a {kind_} is scored by tricks alone: give all_tricks, not points or tricks")
        score = auction_score(kind_, all_tricks=all_tricks)
        other = Bid.STROGET_TOUT if kind_ is Bid.TOUT else Bid.TOUT
        slips += [-score.tariff, score.declarer_total, auction_score(other, all_tricks=all_tricks).tariff]
        what = "won every trick" if all_tricks else "lost a trick"
        context = f"Auction Klørsjavs. {SEATS[decl]} won the auction with {contract} and {what}."
        detail = "all" if all_tricks else "not all"
    else:
        if points is None or tricks is None:
            raise InvalidPosition(f"a {kind_} is scored by the declarer's points and tricks: give both")
        if tricks not in tricks_for(points, "auction"):
            raise InvalidPosition(f"a declarer with {points} card points cannot have won {tricks} tricks")
        no_tricks = tricks == 0
        score = auction_score(kind_, points, no_tricks=no_tricks)
        other = Bid.STRYGER if kind_ is Bid.SPIL else Bid.SPIL
        slips += [-score.tariff, auction_score(other, points, no_tricks=no_tricks).tariff, score.declarer_total]
        if no_tricks:
            slips.insert(0, auction_score(kind_, points).tariff)  # the row by points, not by tricks
            context = (f"Auction Klørsjavs. {SEATS[decl]} won the auction with {contract} and won no trick; "
                       f"the two cards set aside hold {points} card points.")
        else:
            for near in (30 if points == 31 else 31, points - 1, points + 1):
                if 0 < near < TOTAL:
                    slips.append(auction_score(kind_, near).tariff)  # a neighbouring row
            context = (f"Auction Klørsjavs. {SEATS[decl]} won the auction with {contract}, won {tricks} of the 6 "
                       f"tricks and took {points} card points, the two cards set aside included.")
        detail = str(tricks)
    picked = pick_choices(score.tariff, (value for value in slips if value), wrong, rng)
    each = abs(score.tariff)
    paid = ("Each of the two opponents pays {seat} {each}, so {seat} gains {total} in all." if score.tariff > 0 else
            "{seat} pays each of the two opponents {each}, so {seat} loses {total} in all.")
    reasons = [score.reason, Reason.of("quiz.klorsjavs.auction.total", paid, seat=Seat(decl), each=each,
                                       total=abs(score.declarer_total))]
    return Draft(
        prompt="Who pays whom, and how much?",
        choices=tuple(Choice(_tariff_id(t), _tariff_text(t, decl)) for t in picked),
        answer=_tariff_id(score.tariff),
        explanation=tuple(reasons),
        position={"variant": "auction", "declarer": SEATS[decl], "bid": kind_.value, "trump": suit.letter,
                  "points": "" if points is None else str(points), "tricks": detail},
        rule=_RULE_AUCTION,
        context=context,
    )


def _declarer_pile(rng: random.Random, game: str, tricks: int) -> int:
    """The card points of a real declarer's pile: ``tricks`` tricks and the two cards set aside."""
    deck = tuple(pack_of(game))
    return card_points(rng.sample(deck, players_of(game) * tricks + _CAT))


def _game_draw(rng: random.Random, level: int) -> Draft | None:
    cat = rng.choice(tuple(_CAT_WORDS))
    if level == 1:
        tricks = rng.randrange(1, 6)
        points = _declarer_pile(rng, "klorsjavs", tricks)
        if ore_level(points) != 1:
            return None
        return ask_hand_score(points, tricks=tricks, declarer=rng.randrange(3), cat=cat, rng=rng, wrong=2)
    if level == 2:
        shape = rng.choice(("edge", "edge", "fold", "four"))
        if shape == "edge":
            points = rng.choice(sorted(_EDGES))
            tricks = rng.choice(tricks_for(points))
            return ask_hand_score(points, tricks=tricks, declarer=rng.randrange(3), cat=cat, rng=rng)
        if shape == "fold":
            four_hand = rng.random() < 0.3
            return ask_hand_score(None, declarer=rng.randrange(4 if four_hand else 3), four_hand=four_hand, cat=cat,
                                  rng=rng)
        tricks = rng.randrange(1, 4)
        points = _declarer_pile(rng, "four-hand", tricks)
        if ore_level(points, True) != 2:
            return None
        return ask_hand_score(points, tricks=tricks, declarer=rng.randrange(4), four_hand=True, cat=cat, rng=rng)
    shape = rng.choice(("four", "spil", "stryger", "tout", "tout"))
    if shape == "four":
        points = rng.choice([*range(58, 61), *range(86, 91), FOUR_HAND_TOTAL])
        tricks = rng.choice(tricks_for(points, "four-hand"))
        return ask_hand_score(points, tricks=tricks, declarer=rng.randrange(4), four_hand=True, cat=cat, rng=rng)
    declarer = rng.randrange(3)
    trump = rng.choice(tuple(Suit))
    if shape == "tout":
        bid = rng.choice((Bid.TOUT, Bid.STROGET_TOUT))
        return ask_auction_score(bid, all_tricks=rng.random() < 0.5, declarer=declarer, trump=trump, rng=rng)
    bid = Bid.SPIL if shape == "spil" else Bid.STRYGER
    if rng.random() < 0.15:
        tricks = 0
        points = _declarer_pile(rng, "auction", 0)
    elif rng.random() < 0.3:
        points = rng.choice((30, 31, 60, 61, 90, 91))
        tricks = rng.choice([t for t in tricks_for(points, "auction") if t])
    else:
        tricks = rng.randrange(1, 7)
        points = _declarer_pile(rng, "auction", tricks)
    return ask_auction_score(bid, points=points, tricks=tricks, declarer=declarer, trump=trump, rng=rng)


@kind(
    GAME, "game-points", title="Who pays, and how much?",
    summary="The declarer's card points (the cat included): who subtracts how many øre, and the auction's tariffs.",
    rule=_RULE_TABLE,
)
def make_game_points(rng: random.Random, level: int) -> Draft:
    return first_fit(_game_draw, rng, level, "game-points")
