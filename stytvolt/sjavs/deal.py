"""How Sjavs is dealt, for four, three and two players.

The dealer shuffles and offers the pack to the player on their right, who
either cuts or knocks on it.  Dealing goes clockwise from the dealer's left,
in packets whose sizes depend on the cut:

* four players, 8 cards each: cut, two rounds of 4; knocked, one round of 8;
* three players, 10 each and a talon of 2: cut, a round of 3, one card to
  the talon, a round of 4 (ruling R40), one to the talon, a round of 3; knocked, 10 to the
  first player, one to the talon, 10 to the next, one to the talon, 10 to
  the dealer;
* two players, 16 each (ruling R36): four face down in a row, four face up
  on top of them, then eight into the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from stytvolt.core import checks
from stytvolt.core.cards import Card
from stytvolt.core.checks import shown
from stytvolt.core.errors import InvalidPosition
from stytvolt.sjavs.cards import PACK, check_cards

__all__ = ["Step", "DealLayout", "deal_layout", "Dealt", "deal_cards"]


@dataclass(frozen=True)
class Step:
    """One move of the deal: ``count`` cards to ``to`` (``"each"``: every player in turn from the
    dealer's left; ``"player k"``: the k-th player from the dealer's left; ``"talon"``),
    ``where`` they go (``"hand"``, ``"face down"`` or ``"face up"``)."""

    to: str
    count: int
    where: str = "hand"

    def __str__(self) -> str:
        place = "" if self.where == "hand" else f" {self.where}"
        if self.to == "each":
            return f"{self.count} to each player{place}"
        return f"{self.count} to the {self.to}{place}"


@dataclass(frozen=True)
class DealLayout:
    """How many cards go where for a number of players, and the steps of the deal when the
    pack was cut and when it was knocked."""

    players: int
    hand: int  # cards each player holds in hand
    face_down: int  # each player's face-down cards on the table (two players)
    face_up: int  # each player's face-up cards on them (two players)
    talon: int
    tricks: int
    cut: tuple[Step, ...]
    knocked: tuple[Step, ...]

    @property
    def per_player(self) -> int:
        return self.hand + self.face_down + self.face_up


_LAYOUTS: dict[int, DealLayout] = {
    4: DealLayout(4, 8, 0, 0, 0, 8, (Step("each", 4), Step("each", 4)), (Step("each", 8),)),
    3: DealLayout(
        3, 10, 0, 0, 2, 10,
        (Step("each", 3), Step("talon", 1), Step("each", 4), Step("talon", 1), Step("each", 3)),
        (Step("player 1", 10), Step("talon", 1), Step("player 2", 10), Step("talon", 1), Step("player 3", 10)),
    ),
    2: DealLayout(
        2, 8, 4, 4, 0, 16,
        (Step("each", 4, "face down"), Step("each", 4, "face up"), Step("each", 8)),
        (Step("each", 4, "face down"), Step("each", 4, "face up"), Step("each", 8)),
    ),
}


def deal_layout(players: int) -> DealLayout:
    """The deal for 4, 3 or 2 players.

    >>> print("; ".join(str(s) for s in deal_layout(3).cut))
    3 to each player; 1 to the talon; 4 to each player; 1 to the talon; 3 to each player
    """
    if not any(type(players) is int and players == n for n in _LAYOUTS):
        raise InvalidPosition(f"Sjavs is played by 4, 3 or 2 players, not {shown(players)}")
    return _LAYOUTS[players]


@dataclass(frozen=True)
class Dealt:
    """The cards after a deal, by seat: hands, face-down and face-up rows (two players), and the talon."""

    hands: tuple[tuple[Card, ...], ...]
    face_down: tuple[tuple[Card, ...], ...]
    face_up: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]


def deal_cards(deck: Sequence[Card] | str, players: int, dealer: int, cut: bool = True) -> Dealt:
    """Deal the 32-card ``deck`` (top card first) as :func:`deal_layout` says, clockwise from the dealer's left."""
    layout = deal_layout(players)
    cards = check_cards(deck, "the deck")
    if len(cards) != len(PACK):
        raise InvalidPosition(f"the deck must hold all {len(PACK)} cards of the Sjavs pack, got {len(cards)}")
    checks.seat(dealer, players, "dealer")
    order = [(dealer + k) % players for k in range(1, players + 1)]  # the dealer's left first, the dealer last
    places: dict[str, list[list[Card]]] = {w: [[] for _ in range(players)] for w in ("hand", "face down", "face up")}
    talon: list[Card] = []
    top = 0
    for step in layout.cut if cut else layout.knocked:
        if step.to == "talon":
            talon.extend(cards[top : top + step.count])
            top += step.count
            continue
        seats = order if step.to == "each" else [order[int(step.to.split()[1]) - 1]]
        for seat in seats:
            places[step.where][seat].extend(cards[top : top + step.count])
            top += step.count
    assert top == len(cards)
    return Dealt(
        tuple(map(tuple, places["hand"])),
        tuple(map(tuple, places["face down"])),
        tuple(map(tuple, places["face up"])),
        tuple(talon),
    )
