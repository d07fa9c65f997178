"""Stýrivolt question kinds about the stock: choosing the suits, what a trader fetches, who may take the stock.

Every answer comes from the engine: :func:`~stytvolt.styrivolt.choosing.choose_suits`,
:func:`~stytvolt.styrivolt.legality.trader_fetch` and
:func:`~stytvolt.styrivolt.legality.refuse_take` on a real
:class:`~stytvolt.styrivolt.hand.HandState`.  This module draws positions,
words the questions and offers the wrong answers a learner tends to give.
Each kind has a public builder from an explicit position (``ask_…``) and a
registered maker that draws a position for the level.

Levels
------

``choose-suits`` (a twelve-card stock, top first; which suits, which cards face up):

1. easy: no permanent stikkar is turned; each chosen suit shows one card, and
   no rule has to break a tie: no trader turned beside a lamb or stikkar of
   its suit, no lamb beside a stikkar, and a suit shown by the priority list
   had only one card turned;
2. medium: still no permanent stikkar turned, no trader beside a lamb or
   stikkar, no free choice; and at least one suit needs a rule past the
   first: a lamb shown with a stikkar, or the priority list choosing between
   two or more cards turned;
3. hard (the traps): a permanent stikkar is turned (it names its own suit
   and is that suit's stikkar), or a trader is turned beside a lamb or
   stikkar of its suit (the trader alone goes up), or the dealer has a free
   choice (king or four; ♣8 or ♣9).

``trader-fetch`` (the chosen suits, the face-up cards, and a five you play):

1. easy: the five is a trader, and its suit has one face-up card, no stikkar
   and no lamb;
2. medium: the five is a trader whose one face-up card is a chosen stikkar
   (ace or jack) or a lamb, or the five is of an unchosen suit (no trader at all);
3. hard: two cards of the trader's suit lie face up (a lamb and a stikkar:
   you must trade first and say which), or its one face-up card is a
   permanent stikkar inside the chosen suit (♥2 or ♥9, ♣4, ♠8, ♦9).

``take-stock`` (may you, South, take the stock now?), about half the answers "no":

1. easy: your turn in the first trick, nobody has taken the stock or traded;
   your hand as dealt holds no stikkar but chosen aces and jacks, no ace or
   jack of an unchosen suit, no trader for a face-up stikkar, no four of a kind;
2. medium: the same moment; the hand holds an ace or jack of an unchosen suit
   (no stikkar) or a permanent stikkar of an unchosen suit, and nothing of level 3;
3. hard: one of the traps: a permanent stikkar inside a chosen suit; the
   trader for a face-up stikkar held (still yes) or just traded for it (no);
   four of a kind; the first trick already put aside with nobody taking the
   stock; or another player took it in the first trick, and you ask later,
   with your hand as dealt deciding (a stikkar you have since played still counts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from stytvolt.core.cards import Card, Rank, Suit, parse_cards
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import COMPASS, Reason, Seat
from stytvolt.styrivolt.quiz.common import ATTEMPTS, answer_the_stock, expose_first
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.styrivolt import legality
from stytvolt.styrivolt.actions import TAKE_STOCK, Action, Kind
from stytvolt.styrivolt.choosing import OneSuitStock, SuitChoice, choose_suits
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, Ranking, Role, four_of_a_kind, parse_suits
from stytvolt.styrivolt.records import Phase

__all__ = [
    "ask_choose_suits", "choosing_traps", "ask_trader_fetch", "ask_take_stock", "take_stock_traps",
    "SEAT_NAMES",
]

#: The seats as the site names them (South is "you").
SEAT_NAMES = COMPASS
_DECK: tuple[Card, ...] = tuple(PACK)  # pack order: a stable order to draw from


def _suits_text(suits: Sequence[Suit]) -> str:
    return " and ".join(f"{s.symbol} {s.english}" for s in suits)


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _shuffled(rng: random.Random | None, choices: list[Choice]) -> tuple[Choice, ...]:
    if rng is not None:
        rng.shuffle(choices)
    return tuple(choices)


def _draw_stock(rng: random.Random) -> tuple[tuple[Card, ...], SuitChoice]:
    while True:
        stock = tuple(rng.sample(_DECK, 12))
        try:
            return stock, choose_suits(stock)
        except OneSuitStock:  # pragma: no cover (twelve random cards of one suit)
            continue


# == choose-suits =========================================================================


@dataclass(frozen=True, slots=True)
class _Option:
    """An answer to "which suits, which cards face up": per suit (in suit order) the cards shown and equal alternatives."""

    suits: tuple[Suit, Suit]
    shown: tuple[tuple[Card, ...], tuple[Card, ...]]
    either: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())

    @property
    def id(self) -> str:
        parts = ["".join(s.letter for s in self.suits)]
        for cards, alts in zip(self.shown, self.either):
            parts.append("+".join(str(c) for c in cards) + "".join("/" + str(c) for c in alts))
        return "-".join(parts)

    @property
    def text(self) -> str:
        words = []
        for cards, alts in zip(self.shown, self.either):
            if alts:
                words.append(" or ".join(c.symbol for c in (*cards, *alts)) + " (the dealer's choice)")
            else:
                words.append(" with ".join(c.symbol for c in cards))
        return f"{_suits_text(self.suits)}; face up: {', '.join(words)}"

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for cards, alts in zip(self.shown, self.either) for c in (*cards, *alts))

    def agrees_with(self, right: "_Option") -> bool:
        """Whether this answer is also right: the same suits, and each suit shows a card the dealer may show."""
        if self.suits != right.suits or any(self.either):
            return self.suits == right.suits and self.shown == right.shown and self.either == right.either
        for mine, cards, alts in zip(self.shown, right.shown, right.either):
            if mine != cards and not (alts and len(mine) == 1 and mine[0] in alts):
                return False
        return True


def _option(choice: SuitChoice) -> _Option:
    by_suit = {e.suit: e for e in choice.exposures}
    suits = tuple(sorted(choice.chosen))
    a, b = by_suit[suits[0]], by_suit[suits[1]]
    return _Option((suits[0], suits[1]), (a.cards, b.cards), (a.alternatives, b.alternatives))


def _plain(suits: tuple[Suit, Suit], shown: dict[Suit, tuple[Card, ...]]) -> _Option:
    return _Option(suits, (shown[suits[0]], shown[suits[1]]))


def choosing_traps(choice: SuitChoice) -> tuple[str, ...]:
    """What makes a stock hard to read, from the engine's choice: the names the levels are defined by.

    ``permanent`` a permanent stikkar was turned; ``trader-over`` a trader was
    turned beside a lamb or stikkar of its suit; ``free-choice`` the dealer may
    show either of two equal cards; ``pair`` a lamb goes up with a stikkar;
    ``priority-compare`` the priority list chose between two or more cards turned.
    """
    ranking = choice.ranking
    traps: list[str] = []
    if any(c in PERMANENT_STIKKAR for c in choice.seen):
        traps.append("permanent")
    for e in choice.exposures:
        if e.rule == "trader" and any(
            ranking.role(c).is_stikkar or ranking.role(c) is Role.LAMB for c in choice.seen if c.suit is e.suit
        ):
            traps.append("trader-over")
            break
    if choice.free_choices:
        traps.append("free-choice")
    if any(e.rule == "lamb+stikkar" for e in choice.exposures):
        traps.append("pair")
    if any(e.rule == "priority" and sum(c.suit is e.suit for c in choice.seen) >= 2 for e in choice.exposures):
        traps.append("priority-compare")
    return tuple(traps)


def _choosing_level(choice: SuitChoice) -> int:
    traps = set(choosing_traps(choice))
    if traps & {"permanent", "trader-over", "free-choice"}:
        return 3
    return 2 if traps else 1


def _mistaken(stock: Sequence[Card]) -> _Option | None:
    """What the engine chooses from a stock a learner misread (a card skipped, the order changed)."""
    try:
        return _option(choose_suits(stock)) if len(stock) >= 2 else None
    except OneSuitStock:
        return None


def _distractors(stock: tuple[Card, ...], choice: SuitChoice) -> list[_Option]:
    """The classic mistakes, most telling first."""
    ranking = choice.ranking
    right = _option(choice)
    chosen = set(choice.chosen)
    found: list[_Option | None] = []
    # Cards of the chosen suits turned later than the stop taken into account.
    found.append(_mistaken([c for c in stock if c.suit in chosen] + [c for c in stock if c.suit not in chosen]))
    # A permanent stikkar read as belonging to no suit.
    if any(c in PERMANENT_STIKKAR for c in choice.seen):
        found.append(_mistaken([c for c in stock if c not in PERMANENT_STIKKAR]))
    # The trader's priority forgotten.
    traders = [c for c in choice.seen if ranking.role(c) is Role.TRADER]
    if traders:
        found.append(_mistaken([c for c in stock if c not in traders]))
    # Per suit: one card of a pair alone, or another card turned of that suit (the "strongest looking" one first).
    shown = {e.suit: e.cards for e in choice.exposures}
    for e in choice.exposures:
        if e.rule == "lamb+stikkar":
            for single in e.cards:
                found.append(_plain(right.suits, {**shown, e.suit: (single,)}))
        others = sorted((c for c in choice.seen if c.suit is e.suit and c not in e.cards and c not in e.alternatives),
                        key=lambda c: (-c.rank, c.suit))
        for other in others[:2]:
            found.append(_plain(right.suits, {**shown, e.suit: (other,)}))
    # The wrong suits: the card that stopped the turning counted as a chosen suit.
    if choice.stopper is not None:
        second = choice.chosen[1]
        found.append(_mistaken([c for c in stock if c.suit is not second]))
        first = choice.chosen[0]
        found.append(_mistaken([c for c in stock if c.suit is not first]))
    out: list[_Option] = []
    for option in found:
        if option is not None and not option.agrees_with(right) and all(o.id != option.id for o in out):
            out.append(option)
    return out


def ask_choose_suits(stock: Sequence[Card] | str, *, rng: random.Random | None = None, wrong: int = 3) -> Draft:
    """The question "which suits does this stock choose, and which cards go face up" for a stock, top card first.

    ``wrong`` is how many wrong answers to offer (fewer when fewer mistakes
    apply); with ``rng`` the choices are shuffled, without it the right one comes first.
    """
    cards = parse_cards(stock) if isinstance(stock, str) else tuple(stock)
    choice = choose_suits(cards)
    right = _option(choice)
    wrongs = _distractors(cards, choice)
    if rng is not None:
        # Keep the most telling mistakes, in a shuffled order among the first few.
        head = wrongs[: wrong + 1]
        rng.shuffle(head)
        wrongs = head + wrongs[wrong + 1:]
    picked = [right, *wrongs[:wrong]]
    choices = [Choice(o.id, o.text, o.cards) for o in picked]
    traps = choosing_traps(choice)
    if "permanent" in traps:
        rule = "rulings.md#r4-what-the-dealer-exposes-when-several-rules-could-apply"
    elif "free-choice" in traps:
        rule = "rulings.md#r23-the-dealers-default-free-choice"
    else:
        rule = "choosing.md#what-the-dealer-exposes"
    return Draft(
        prompt="The dealer turns this stock's cards from the top. Which suits are chosen, and which cards go face up?",
        choices=_shuffled(rng, choices),
        answer=right.id,
        explanation=choice.reasons,
        position={"stock": _text(cards)},
        rows=(Row("The stock, top card first", cards),),
        rule=rule,
        context="You are the dealer, looking into the stock before the first trick.",
    )


_CHOOSING_FALLBACK = {
    # No permanent stikkar, one card per suit: ♠K spades, ♦Q diamonds, ♥3 stops.
    1: "SK DQ H3 C2 S2 D5 H6 C6 S6 D6 H7 C7",
    # ♦7 and ♦A go up together; spades by the priority list (♠6 over ♠K).
    2: "D7 SK DA S6 C3 H3 C6 H6 D6 S7 H7 C7",
    # ♥2 names hearts and is hearts' stikkar.
    3: "H2 SK S3 HJ D9 C2 C8 DK D5 H6 SQ CA",
}


@kind("styrivolt", "choose-suits", title="Which suits are chosen?",
      summary="Read a stock: the two suits it chooses and the cards the dealer lays face up.",
      rule="choosing.md#what-the-dealer-exposes")
def make_choose_suits(rng: random.Random, level: int) -> Draft:
    for _ in range(ATTEMPTS):
        stock, choice = _draw_stock(rng)
        if choice.stopper is not None and _choosing_level(choice) == level:
            break
    else:  # pragma: no cover (the bound is far above what any level needs)
        stock = parse_cards(_CHOOSING_FALLBACK[level])
    return ask_choose_suits(stock, rng=rng, wrong=2 if level == 1 else 3)


# == trader-fetch =========================================================================


def _exposed_by_suit(chosen: tuple[Suit, Suit], exposed: Sequence[Card]) -> dict[Suit, tuple[Card, ...]]:
    ranking = Ranking.of(chosen)
    out: dict[Suit, tuple[Card, ...]] = {s: () for s in chosen}
    for card in exposed:
        if card.suit not in out:
            raise InvalidPosition(f"{card} lies face up but {card.suit.english} is not a chosen suit")
        out[card.suit] = (*out[card.suit], card)
    for suit, cards in out.items():
        roles = sorted(ranking.role(c).is_stikkar for c in cards)
        if len(cards) == 2 and not (roles == [False, True] and any(ranking.role(c) is Role.LAMB for c in cards)):
            raise InvalidPosition(f"two cards of {suit.english} lie face up only as a lamb and a stikkar, not {_text(cards)}")
        if not 1 <= len(cards) <= 2:
            raise InvalidPosition(f"{suit.english} is chosen, so one or two of its cards lie face up, not {len(cards)}")
    return out


def ask_trader_fetch(chosen: Sequence[Suit] | str, exposed: Sequence[Card] | str, card: Card | str,
                     *, rng: random.Random | None = None) -> Draft:
    """The question "which card reaches the trick when you play this five" (the engine's ``trader_fetch`` decides)."""
    suits = parse_suits(chosen)
    shown = parse_cards(exposed) if isinstance(exposed, str) else tuple(exposed)
    five = parse_cards(card)[0] if isinstance(card, str) else card
    if not isinstance(five, Card) or five.rank is not Rank.FIVE:
        raise InvalidPosition(f"the card played must be a five, not {five if isinstance(five, Card) else type_name(five)}")
    if five in shown:
        raise InvalidPosition(f"{five} lies face up, so nobody holds it to play")
    by_suit = _exposed_by_suit(suits, shown)
    ranking = Ranking.of(suits)
    own = by_suit.get(five.suit, ())
    fetched = legality.trader_fetch(ranking, five, own)
    is_trader = ranking.role(five) is Role.TRADER
    reasons = [ranking.explain_card(five)]
    if fetched is not None:
        answer = str(fetched)
        reasons.append(ranking.explain_card(fetched))
        reasons.append(Reason(
            "quiz.trader-fetch.fetches",
            f"{five.symbol} is exchanged for the face-up {fetched.symbol} of its suit, so {ranking.describe(fetched)} "
            "is the card that goes to the trick.", (five, fetched)))
        rule = "traders.md#leading-or-playing-a-trader"
    elif is_trader:
        answer = "choose"
        a, b = own
        reasons.append(Reason(
            "quiz.trader-fetch.choose",
            f"Two cards of {five.suit.english} lie face up, {a.symbol} and {b.symbol}: the holder of {five.symbol} "
            "trades it for the one they want before playing, and says which.", (five, a, b)))
        rule = "traders.md#leading-or-playing-a-trader"
    else:
        answer = str(five)
        reasons.append(Reason(
            "quiz.trader-fetch.plain",
            f"Only the fives of the chosen suits ({_suits_text(suits)}) are traders, so {five.symbol} fetches nothing "
            "and is played as it is.", (five,)))
        rule = "cards.md#traders"
    choices = [Choice(str(five), f"{five.symbol} itself: nothing is fetched", (five,))]
    choices += [Choice(str(c), c.symbol, (c,)) for s in suits for c in by_suit[s]]
    pair = by_suit.get(five.suit, ()) if len(by_suit.get(five.suit, ())) == 2 else next(
        (by_suit[s] for s in suits if len(by_suit[s]) == 2), ())
    if pair:
        choices.append(Choice("choose", f"{pair[0].symbol} or {pair[1].symbol}, whichever you name by trading first", pair))
    where = "a later trick" if fetched is None or ranking.role(fetched) is not Role.LAMB else "a later trick (not the first)"
    return Draft(
        prompt=f"{_suits_text(suits).capitalize()} are chosen. You (South) play {five.symbol} from your hand "
               f"in {where}. Which card goes to the trick?",
        choices=_shuffled(rng, choices),
        answer=answer,
        explanation=tuple(reasons),
        position={"chosen": ",".join(s.letter for s in suits), "exposed": _text(shown), "card": str(five)},
        rows=(Row("Face up on the table", shown), Row("The card you play", (five,))),
        rule=rule,
    )


def _fetch_level(ranking: Ranking, five: Card, own: tuple[Card, ...]) -> int:
    if ranking.role(five) is not Role.TRADER:
        return 2
    if len(own) == 2 or own[0] in PERMANENT_STIKKAR:
        return 3
    role = ranking.role(own[0])
    return 2 if role.is_stikkar or role is Role.LAMB else 1


@kind("styrivolt", "trader-fetch", title="What does the trader fetch?",
      summary="A chosen five swaps for the face-up card of its suit: which card reaches the trick?",
      rule="traders.md#how-the-exchange-works")
def make_trader_fetch(rng: random.Random, level: int) -> Draft:
    for _ in range(ATTEMPTS):
        _, choice = _draw_stock(rng)
        ranking = choice.ranking
        exposed = {e.suit: e.cards for e in choice.exposures}
        fives = [Card(s, Rank.FIVE) for s in Suit if Card(s, Rank.FIVE) not in choice.exposed]
        fitting = [f for f in fives if _fetch_level(ranking, f, exposed.get(f.suit, ())) == level]
        if fitting:
            five = rng.choice(fitting)
            return ask_trader_fetch(choice.chosen, choice.exposed, five, rng=rng)
    fallback = {1: ("H,S", "HK S3", "H5"), 2: ("C,D", "C4 D7 DA", "H5"), 3: ("C,D", "C4 D7 DA", "D5")}  # pragma: no cover
    chosen, shown, five_text = fallback[level]  # pragma: no cover
    return ask_trader_fetch(chosen, shown, five_text, rng=rng)  # pragma: no cover


# == take-stock ===========================================================================


def _stikkar(ranking: Ranking, cards: Sequence[Card]) -> list[Card]:
    return [c for c in cards if ranking.role(c).is_stikkar]


def _trader_for_stikkar(ranking: Ranking, card: Card, exposed: dict[Suit, tuple[Card, ...]]) -> bool:
    return ranking.role(card) is Role.TRADER and any(ranking.role(c).is_stikkar for c in exposed.get(card.suit, ()))


def _south_trades(state: HandState) -> list[tuple[Card, Card]]:
    return [(a.cards[0], a.cards[1]) for p, a in state.history if p == 0 and a.kind is Kind.TRADE]


def take_stock_traps(state: HandState) -> tuple[str, ...]:
    """What makes the question hard, for South at this moment: the names the levels are defined by.

    ``late`` the first trick is over; ``second`` someone else has taken the
    stock; ``traded`` South traded this hand; ``trader-for-stikkar`` South was
    dealt the trader for a face-up stikkar; ``chosen-permanent`` South was
    dealt a permanent stikkar of a chosen suit; ``four`` South was dealt four
    of a kind; ``unchosen-permanent`` a permanent stikkar of an unchosen suit;
    ``unchosen-ace-jack`` an ace or jack of an unchosen suit.
    """
    ranking, dealt = state.ranking, state.dealt[0]
    exposed = {e.suit: e.cards for e in state.choice.exposures}
    traps: list[str] = []
    if state.tricks:
        traps.append("late")
    if any(t.player != 0 for t in state.takes):
        traps.append("second")
    if _south_trades(state):
        traps.append("traded")
    if any(_trader_for_stikkar(ranking, c, exposed) for c in dealt):
        traps.append("trader-for-stikkar")
    if any(c in PERMANENT_STIKKAR and c.suit in ranking.chosen for c in dealt):
        traps.append("chosen-permanent")
    if four_of_a_kind(dealt):
        traps.append("four")
    if any(c in PERMANENT_STIKKAR and c.suit not in ranking.chosen for c in dealt):
        traps.append("unchosen-permanent")
    if any(c.rank in (Rank.ACE, Rank.JACK) and c.suit not in ranking.chosen for c in dealt):
        traps.append("unchosen-ace-jack")
    return tuple(traps)


_HARD = {"late", "second", "traded", "trader-for-stikkar", "chosen-permanent", "four"}


def _take_level(state: HandState) -> int:
    traps = set(take_stock_traps(state))
    if traps & _HARD:
        return 3
    return 2 if traps else 1


def ask_take_stock(state: HandState) -> Draft:
    """The question "may you (South) take the stock now?" on a real hand where it is South's turn to play."""
    if not isinstance(state, HandState):
        raise InvalidPosition(f"the position is a HandState, not {type_name(state)}")
    if state.phase is not Phase.PLAY or state.to_move != 0:
        raise InvalidPosition("the question is asked when it is South's (player 0's) turn to play")
    ranking = state.ranking
    suits = tuple(sorted(state.chosen))
    dealt, hand = state.dealt[0], state.hands[0]
    shown = state.choice.exposed
    refusal = legality.refuse_take(state, 0)
    trades = _south_trades(state)
    taker = next((t.player for t in state.takes if t.player != 0), None)
    reasons: list[Reason] = []
    rule = "stock.md#the-right-to-the-stock"
    if refusal is not None:
        reasons.append(_refusal_to_you(state, refusal))
        if refusal.code == "refused.stock_late":
            first = state.tricks[0]
            reasons.append(Reason("quiz.take-stock.late",
                                  f"The first trick ({_symbols(first.cards)}) was put aside and nobody had taken the stock.",
                                  first.cards))
            rule = "stock.md#when-you-may-take-it"
        held = state.dealt_stikkar[0]
        if held is not None:
            reasons.append(ranking.explain_card(held))
        for give, take in trades:
            if ranking.role(take).is_stikkar:
                reasons.append(Reason("quiz.take-stock.fetched",
                                      f"Trading {give.symbol} for {ranking.describe(take)} put a stikkar in your hand; "
                                      "holding the trader alone would not have.", (give, take)))
                rule = "stock.md#the-right-to-the-stock"
    else:
        decoys = [c for c in dealt if c.rank in (Rank.ACE, Rank.JACK) and c.suit not in ranking.chosen]
        decoys += [c for c in dealt if ranking.role(c) is Role.TRADER]
        decoys += [c for c in dealt if ranking.role(c) in (Role.POSTMAN, Role.TVIST)]
        quads = sorted(four_of_a_kind(dealt))
        if quads:
            decoys += [c for c in dealt if c.rank is quads[0]]
        decoys = list(dict.fromkeys(decoys))[:4]
        reasons.append(Reason("quiz.take-stock.right",
                              "Your hand as dealt holds no stikkar and you have fetched none, so it cannot beat a free card: "
                              "you have the right to the stock.", tuple(decoys) or dealt))
        reasons.extend(ranking.explain_card(c, c.rank in quads) for c in decoys[:3])
        if taker is not None:
            reasons.append(Reason.of("quiz.take-stock.second",
                                     "{player} took the stock in the first trick, so another player with the right "
                                     "may take the cards put down at any stage of the hand.", player=Seat(taker)))
            rule = "stock.md#a-second-taker"
    trick = len(state.tricks) + 1
    lines = [f"{SEAT_NAMES[state.dealer]} dealt; it is your turn in trick {trick}."]
    if taker is not None:
        lines.append(f"{SEAT_NAMES[taker]} took the stock during the first trick and kept it.")
    elif state.tricks:
        lines.append("Nobody has taken the stock.")
    for give, take in trades:
        lines.append(f"You have just traded {give.symbol} for the face-up {take.symbol}.")
    rows = [Row("Your hand as dealt", dealt), Row("Face up after choosing", shown)]
    if hand != dealt:
        rows.append(Row("Your hand now", hand))
    if state.current:
        rows.append(Row("This trick so far", state.current, tuple(SEAT_NAMES[p] for p in _players(state))))
    return Draft(
        prompt=f"{_suits_text(suits).capitalize()} are chosen. May you take the stock now?",
        choices=(Choice("yes", "Yes, you may take it"), Choice("no", "No, you may not")),
        answer="yes" if refusal is None else "no",
        explanation=tuple(reasons),
        position={
            "chosen": ",".join(s.letter for s in suits), "exposed": _text(shown), "dealt": _text(dealt),
            "hand": _text(hand), "dealer": SEAT_NAMES[state.dealer], "trick": str(trick),
            "earlier": " | ".join(_text(t.cards) for t in state.tricks), "current": _text(state.current),
            "taken_by": SEAT_NAMES[taker] if taker is not None else "",
            "traded": " | ".join(f"{g} {t}" for g, t in trades),
        },
        rows=tuple(rows),
        rule=rule,
        context=" ".join(lines),
    )


def _players(state: HandState) -> list[int]:
    return [(state.leader + i) % 4 for i in range(len(state.current))]


def _refusal_to_you(state: HandState, refusal: Reason) -> Reason:
    """The engine's refusal of South's taking the stock, said to "you" as the question asks it.

    The engine decides (:func:`~stytvolt.styrivolt.legality.refuse_take`); this only words its answer.
    """
    held = state.dealt_stikkar[0]
    cost = "you have no right to the stock, and taking it anyway would cost a monk's cross."
    if refusal.code == "refused.stock_right":
        if held is not None:
            return Reason("quiz.take-stock.held", f"Your hand as dealt holds a stikkar, {held.symbol}, so it can beat "
                          "a free card: " + cost, (held,))
        return Reason("quiz.take-stock.fetched-right", "You have fetched a stikkar by trading, so your hand can beat "
                      "a free card: " + cost)
    if refusal.code == "refused.stock_late":
        anyway = ("; and holding a stikkar, you had no right to it anyway"
                  if state.rules.enforce_stock_right and not state.has_right_to_stock(0) else "")
        return Reason("quiz.take-stock.closed", "The first trick has been put aside, so the stock can no longer "
                      "be taken" + anyway + ".")
    if refusal.code == "refused.stock_twice":
        return Reason("quiz.take-stock.twice", "You have already taken the stock once.")
    return _settled(refusal)


def _settled(reason: Reason) -> Reason:
    """The engine's reason with its arguments worked out to text (a refusal describes cards lazily), so that
    two questions made from the same four values compare equal."""
    plain = (str, int, float, bool)
    return Reason(reason.code, reason.template, reason.cards,
                  tuple((k, v if isinstance(v, plain) or v is None else str(v)) for k, v in reason.args))


class _Stuck(Exception):
    """A drawn deal cannot reach the wanted moment: draw another."""


def _pick(rng: random.Random, pool: list[Card], n: int, ok: Callable[[Card], bool]) -> list[Card]:
    fitting = [c for c in pool if ok(c)]
    if len(fitting) < n:
        raise _Stuck
    chosen = rng.sample(fitting, n)
    for c in chosen:
        pool.remove(c)
    return chosen


_YES_SCENARIOS = ("trader-held", "second", "four")
_NO_SCENARIOS = ("chosen-permanent", "trader-traded", "late", "second", "four")


def _take_position(rng: random.Random, level: int, want_yes: bool) -> HandState:
    """A real hand brought to South's turn, built for the level; raises :class:`_Stuck` when the draw cannot serve."""
    stock, choice = _draw_stock(rng)
    ranking = choice.ranking
    exposed = {e.suit: e.cards for e in choice.exposures}
    pool = [c for c in _DECK if c not in stock]
    chosen = ranking.chosen

    def plain(c: Card) -> bool:  # no stikkar, no trap
        return (not ranking.role(c).is_stikkar and not _trader_for_stikkar(ranking, c, exposed)
                and not (c.rank in (Rank.ACE, Rank.JACK) and c.suit not in chosen))

    scenario = "first"
    if level == 3:
        scenario = rng.choice(_YES_SCENARIOS if want_yes else _NO_SCENARIOS)
    south: list[Card] = []
    if level == 1 and not want_yes:
        south += _pick(rng, pool, rng.choice((1, 2)), lambda c: ranking.role(c) in (Role.STYRIVOLT, Role.KARNIFL))
    elif level == 2:
        if not want_yes:
            south += _pick(rng, pool, 1, lambda c: c in PERMANENT_STIKKAR and c.suit not in chosen)
        south += _pick(rng, pool, rng.choice((1, 2)) if want_yes else rng.choice((0, 1)),
                       lambda c: c.rank in (Rank.ACE, Rank.JACK) and c.suit not in chosen)
    elif scenario == "chosen-permanent":
        south += _pick(rng, pool, 1, lambda c: c in PERMANENT_STIKKAR and c.suit in chosen)
    elif scenario in ("trader-held", "trader-traded"):
        south += _pick(rng, pool, 1, lambda c: _trader_for_stikkar(ranking, c, exposed))
    elif scenario == "second" and not want_yes:
        south += _pick(rng, pool, 1, lambda c: ranking.role(c).is_stikkar)
    elif scenario == "four":
        ranks = [r for r in Rank if r not in (Rank.FIVE, Rank.TEN)
                 and all(Card(s, r) in pool for s in Suit)
                 and any(ranking.role(Card(s, r)).is_stikkar for s in Suit) is not want_yes]
        if not ranks:
            raise _Stuck
        rank = rng.choice(ranks)
        south += _pick(rng, pool, 4, lambda c: c.rank is rank)
    if level == 3:
        south += _pick(rng, pool, 9 - len(south), lambda c: not ranking.role(c).is_stikkar
                       and not _trader_for_stikkar(ranking, c, exposed))
    else:
        south += _pick(rng, pool, 9 - len(south), plain)
    rng.shuffle(south)
    taker = rng.choice((1, 2, 3)) if scenario == "second" else None
    hands: list[list[Card]] = [south, [], [], []]
    if taker is not None:
        hands[taker] = _pick(rng, pool, 9, lambda c: not ranking.role(c).is_stikkar)
    rng.shuffle(pool)
    for seat in (1, 2, 3):
        if not hands[seat]:
            hands[seat], pool = pool[:9], pool[9:]
    state = HandState.from_hands(hands, stock, dealer=rng.randrange(4))
    expose_first(state)
    target = rng.choice((1, 2)) if scenario in ("late", "second") else 0
    stikkar_played = False
    for _ in range(60):
        phase, p = state.phase, state.to_move
        if phase is Phase.PLAY and p == 0 and len(state.tricks) == target:
            break
        if answer_the_stock(state):
            continue
        if phase is not Phase.PLAY:
            raise _Stuck
        elif p == taker and not state.takes:
            state.apply(TAKE_STOCK)
        else:
            plays = [a for a in state.legal_actions() if a.kind is Kind.PLAY and a.card not in ranking.traders]
            if p == 0 and scenario == "second" and not want_yes and not stikkar_played:
                plays = [a for a in plays if ranking.role(a.card).is_stikkar]
                stikkar_played = True
            if not plays:
                raise _Stuck
            state.apply(rng.choice(plays))
    else:  # pragma: no cover (three tricks at most)
        raise _Stuck
    if scenario == "trader-traded":
        five = next(c for c in state.hands[0] if _trader_for_stikkar(ranking, c, exposed))
        take = next(c for c in state.exposed.get(five.suit, ()) if ranking.role(c).is_stikkar)
        action = Action.trade(five, take)
        if state.refusal(action) is not None:
            raise _Stuck
        state.apply(action)
    return state


_TAKE_FALLBACK = {
    # South's hand holds no stikkar and nothing that looks like one: yes.
    1: ("S2 S3 S4 S6 S7 SQ D2 D3 D4", "S5 D5 DK SK CA HA C2 C3 C6 H3 H4 H6"),
    # ♠8 with spades unchosen: still a stikkar, no.
    2: ("S8 SA C2 C3 C6 CQ D2 D3 D4", "H5 D5 DK HK CA HA S2 S3 S6 H3 H4 H6"),
    # ♥9 inside chosen hearts: the hay-yard mare, no.
    3: ("H9 S2 S3 S4 S6 SQ C2 C3 C6", "H5 D5 DK HK CA HA S7 D3 D6 H3 H4 H6"),
}


@kind("styrivolt", "take-stock", title="May you take the stock?",
      summary="Only a hand that cannot beat a free card may take the stock, and only in the first trick.",
      rule="stock.md#the-right-to-the-stock")
def make_take_stock(rng: random.Random, level: int) -> Draft:
    want_yes = rng.random() < 0.5
    for _ in range(ATTEMPTS):
        try:
            state = _take_position(rng, level, want_yes)
        except _Stuck:
            continue
        if _take_level(state) == level and (legality.refuse_take(state, 0) is None) is want_yes:
            return ask_take_stock(state)
    south, stock = _TAKE_FALLBACK[level]  # pragma: no cover (the bound is far above what any level needs)
    others = [c for c in _DECK if c not in parse_cards(south + " " + stock)]  # pragma: no cover
    return ask_take_stock(HandState.from_hands(  # pragma: no cover
        [parse_cards(south), others[:9], others[9:18], others[18:27]], stock, dealer=3))
