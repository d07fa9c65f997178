"""Choosing the two suits from the stock, and which cards the dealer exposes.

The dealer turns the stock's cards one at a time until a card of a third suit
shows (or the stock runs out).  The first two suits seen are chosen.  For each,
the dealer puts face up:

1. the trader (the five) if it was seen, and nothing else;
2. otherwise the lamb (the seven) if seen, and the highest stikkar seen as well;
3. otherwise the highest stikkar seen;
4. otherwise the best card seen by the priority six > eight/nine > two >
   three > king/four > queen, where king and four, and the two free cards of
   clubs, are equal and the dealer picks.

A permanent stikkar counts as a card of its own suit here: it names its suit
when turned, and it is that suit's stikkar when the dealer picks what to
expose (the seed's first example exposes ♥2 for hearts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Suit, parse_cards
from stytvolt.styrivolt.deal import STOCK_SIZE
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason
from stytvolt.styrivolt.ranking import Ranking, Role

__all__ = ["choose_suits", "SuitChoice", "SuitExposure", "ChoosingError", "OneSuitStock"]


class ChoosingError(InvalidPosition):
    """The cards given cannot be a stock (a duplicate, a ten, too few)."""


class OneSuitStock(ChoosingError):
    """Every card of the stock is of one suit: no second suit can be chosen.

    Ruling: the deal is void and the same dealer deals again.
    """


# Step 4's priority, best first; roles in one tier are equal (the dealer picks).
_PRIORITY: tuple[tuple[Role, ...], ...] = (
    (Role.POSTMAN,),
    (Role.FREE_CARD,),
    (Role.TVIST,),
    (Role.TRIST,),
    (Role.KING, Role.OLUKKA),
    (Role.QUEEN,),
)


@dataclass(frozen=True, slots=True)
class SuitExposure:
    """What the dealer puts face up for one chosen suit, and why."""

    suit: Suit
    cards: tuple[Card, ...]  # lamb first when a lamb and a stikkar are both exposed
    rule: str  # "trader", "lamb", "lamb+stikkar", "stikkar", "priority"
    alternatives: tuple[Card, ...]  # equal cards the dealer could have exposed instead (a free choice)
    ranking: Ranking

    @property
    def reason(self) -> Reason:
        name, shown, describe = self.suit.english, self.cards, self.ranking.describe
        first = shown[0]
        if self.rule == "trader":
            return Reason("choose.expose.trader", f"{name}: the trader {first.symbol} was seen, so it alone is exposed.", shown)
        if self.rule.startswith("lamb"):
            extra = f", and the highest stikkar seen, {describe(shown[1])}, beside it" if len(shown) == 2 else ""
            return Reason("choose.expose.lamb", f"{name}: no trader was seen, so the lamb {first.symbol} is exposed{extra}.", shown)
        if self.rule == "stikkar":
            return Reason(
                "choose.expose.stikkar",
                f"{name}: no trader or lamb was seen, so the highest stikkar seen, {describe(first)}, is exposed.",
                shown,
            )
        others = self.alternatives
        choice = f" (the dealer could as well have shown {' or '.join(c.symbol for c in others)})" if others else ""
        return Reason(
            "choose.expose.priority",
            f"{name}: no trader, lamb or stikkar was seen, so the best card by the priority list, "
            f"{describe(first)}, is exposed{choice}.",
            shown + others,
        )


@dataclass(frozen=True, slots=True)
class SuitChoice:
    """The outcome of choosing suits from a stock.  ``reasons`` explains it card by card."""

    chosen: tuple[Suit, Suit]  # in the order found
    seen: tuple[Card, ...]  # every card the dealer turned, in order
    stopper: Card | None  # the third-suit card that stopped the search, if any
    exposures: tuple[SuitExposure, SuitExposure]
    stock: tuple[Card, ...]  # the face-down stock afterwards: the turned cards put back on top, then the rest

    @property
    def exposed(self) -> tuple[Card, ...]:
        return tuple(c for e in self.exposures for c in e.cards)

    @property
    def returned(self) -> tuple[Card, ...]:
        """The turned cards that go back into the stock."""
        shown = set(self.exposed)
        return tuple(c for c in self.seen if c not in shown)

    @property
    def ranking(self) -> Ranking:
        return Ranking.of(self.chosen)

    @property
    def free_choices(self) -> tuple[SuitExposure, ...]:
        """The exposures where the dealer had a free choice between equal cards."""
        return tuple(e for e in self.exposures if e.alternatives)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        reasons: list[Reason] = []
        found: list[Suit] = []
        for card in self.seen:
            suit = card.suit.english
            if card is self.stopper:
                reasons.append(Reason("choose.third_suit", f"{card.symbol}: a third suit ({suit}), so the dealer stops turning.", (card,)))
            elif card.suit in found:
                reasons.append(Reason("choose.again", f"{card.symbol}: {suit} again.", (card,)))
            else:
                found.append(card.suit)
                which = "first" if len(found) == 1 else "second"
                reasons.append(Reason(f"choose.{which}_suit", f"{card.symbol}: {suit} is the {which} suit found.", (card,)))
        if self.stopper is None:
            reasons.append(Reason("choose.stock_end", "The stock ran out before a third suit showed.", ()))
        reasons.extend(e.reason for e in self.exposures)
        back = self.returned
        if back:
            # Count the stock only when a whole stock was given; a worked example often names just its top cards.
            whole = len(self.stock) + len(self.exposed) >= 10
            held = f", which now holds {len(self.stock)} cards face down" if whole else ""
            reasons.append(
                Reason(
                    "choose.returned",
                    f"The other turned cards ({' '.join(c.symbol for c in back)}) go back into the stock{held}.",
                    back,
                )
            )
        return tuple(reasons)


def choose_suits(stock: Sequence[Card] | str, *, prefer: Iterable[Card] | str = ()) -> SuitChoice:
    """Turn the stock's cards from the top and choose the two suits.

    ``prefer`` names the cards the dealer would rather expose when a free
    choice arises (king or four; the eight or nine of clubs).  Without it the
    dealer takes the one the priority list names first (king; eight).
    """
    cards = parse_cards(stock)
    preferred = set(parse_cards(prefer) if isinstance(prefer, str) else parse_cards(list(prefer)))
    _validate(cards)
    order: list[Suit] = []
    stopper: Card | None = None
    count = 0
    for card in cards:
        count += 1
        if card.suit in order:
            continue
        if len(order) == 2:
            stopper = card
            break
        order.append(card.suit)
    if len(order) < 2:
        raise OneSuitStock(
            f"the stock holds only {order[0].english if order else 'no cards'}: no second suit can be chosen, "
            "so the deal is void and the same dealer deals again"
        )
    seen = cards[:count]
    chosen = (order[0], order[1])
    ranking = Ranking.of(chosen)
    exposures = tuple(_expose(ranking, suit, [c for c in seen if c.suit is suit], preferred) for suit in chosen)
    shown = {c for e in exposures for c in e.cards}
    back = [c for c in seen if c not in shown]
    return SuitChoice(chosen, seen, stopper, (exposures[0], exposures[1]), tuple(back) + cards[count:])


def _validate(cards: Sequence[Card]) -> None:
    if len(cards) > STOCK_SIZE:
        raise ChoosingError(f"a stock holds {STOCK_SIZE} cards, not {len(cards)}: the suits are chosen from its "
                            f"cards, turned from the top")
    if len(cards) >= 2 and len(set(cards)) == len(cards) and all(c in _PACK_SET for c in cards):
        return
    seen: set[Card] = set()
    for card in cards:
        if not isinstance(card, Card):
            raise ChoosingError(f"a stock holds cards, not {type_name(card)}")
        if card not in STYRIVOLT_PACK:
            raise ChoosingError(f"{card} is a ten: the tens are taken out of the Stýrivolt pack")
        if card in seen:
            raise ChoosingError(f"{card} appears twice in the stock")
        seen.add(card)
    raise ChoosingError(f"a stock to choose from needs at least two cards, got {len(cards)}")


_PACK_SET = frozenset(STYRIVOLT_PACK)


def _expose(ranking: Ranking, suit: Suit, cards: list[Card], preferred: set[Card]) -> SuitExposure:
    roles = {c: ranking.roles[c.index] for c in cards}
    trader = [c for c in cards if roles[c] is Role.TRADER]
    if trader:
        return SuitExposure(suit, (trader[0],), "trader", (), ranking)
    lamb = [c for c in cards if roles[c] is Role.LAMB]
    stikkar = sorted((c for c in cards if roles[c].is_stikkar), key=lambda c: -roles[c].level)
    if lamb:
        if stikkar:
            return SuitExposure(suit, (lamb[0], stikkar[0]), "lamb+stikkar", (), ranking)
        return SuitExposure(suit, (lamb[0],), "lamb", (), ranking)
    if stikkar:
        return SuitExposure(suit, (stikkar[0],), "stikkar", (), ranking)
    for tier in _PRIORITY:
        equal = [c for c in cards if roles[c] in tier]
        if equal:
            default = equal[0] if len(equal) == 1 else _first_named(equal, tier, roles)
            pick = next((c for c in equal if c in preferred), default)
            return SuitExposure(suit, (pick,), "priority", tuple(c for c in equal if c is not pick), ranking)
    raise AssertionError(f"no card of {suit.english} to expose among {cards}")  # every card of a chosen suit has a role


def _first_named(equal: list[Card], tier: tuple[Role, ...], roles: dict[Card, Role]) -> Card:
    # Default free choice: the role the priority list names first (king before four), then the lower rank (eight before nine).
    return min(equal, key=lambda c: (tier.index(roles[c]), c.rank))
