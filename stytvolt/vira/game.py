"""A session of Vira: hands dealt one after another, points between the players and chips to and from the pot.

The hands are :class:`~stytvolt.vira.hand.HandState`, each settled by its own
:meth:`~stytvolt.vira.hand.HandState.settlement` (the rules'
:func:`~stytvolt.vira.chips.settle`, with the house chip table
:data:`~stytvolt.vira.chips.HOUSE_CHIPS`, ruling R78), so nothing here
scores a hand.  What a session adds:

* the pot: before the first deal every player puts :data:`STAKE` chips into
  it; the session ends after the hand that leaves it empty (Parlett), or
  after :data:`ROUNDS` rounds, every player dealing as often as the others,
  whichever comes first (ruling R103);
* the sheet (:class:`ViraSheet`): each player's points (they pass between
  the players, so they always add up to 0), each player's chips since the
  start (the stake paid counts), and the pot; the chips and the pot add up
  to 0 too.  Points and chips are kept apart, as the engine keeps them;
* the end: every player's standing, points plus eight points a chip
  (:data:`~stytvolt.vira.chips.CHIP_VALUE`, ruling R86);
* who deals: the player on the dealer's left after every hand (an eldest
  who may not pass means no hand is ever passed out);
* the cards: hand ``i`` is shuffled (with its cut) from
  :func:`~stytvolt.core.match.hand_seed` of the session's seed and ``i``, so a
  saved session is its seed and each hand's actions.

:class:`ViraGame` implements :class:`~stytvolt.core.match.Match`.
"""

from __future__ import annotations

from typing import Any

from stytvolt.core import checks
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.match import (
    HandsMatch, SheetLine, SheetTally, check_seat, check_seed, hand_seed, read_table, replay_hands, save_table,
)
from stytvolt.vira.chips import CHIP_VALUE
from stytvolt.vira.hand import HandState, parse_action
from stytvolt.vira.variants import Rules

__all__ = ["VIRA_GAME", "STAKE", "ROUNDS", "ViraGame", "ViraSheet", "SessionOver"]

#: The ``"game"`` of a saved Vira session, and the name its hands' seeds are drawn under.
VIRA_GAME = "vira-game"
#: The chips each player puts into the pot before the first deal (ruling R103).
STAKE = 2
#: The most rounds a session lasts, every player dealing once a round (ruling R103).
ROUNDS = 3


class SessionOver(InvalidPosition):
    """A hand asked for once the session has ended."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


class ViraSheet:
    """The session's sheet: each player's points, each player's chips since the start, and the pot.

    ``totals`` is the points of seats 0, 1, … then the chips of seats 0, 1,
    … then the pot: the order of :meth:`ViraGame.sheet_columns`.
    """

    def __init__(self, players: int, points: tuple[int, ...], chips: tuple[int, ...], pot: int) -> None:
        self.players = players
        self.points = points
        self.chips = chips
        self.pot = pot

    @classmethod
    def start(cls, players: int, stake: int = STAKE) -> "ViraSheet":
        """Before the first deal: no points yet, and every player's stake in the pot."""
        return cls(players, (0,) * players, (-stake,) * players, stake * players)

    @property
    def totals(self) -> tuple[int, ...]:
        return (*self.points, *self.chips, self.pot)

    def standing(self, seat: int) -> int:
        """A player's points plus eight points for every chip gained (a stake paid counts against)."""
        seat = checks.seat(seat, self.players, "seat")
        return self.points[seat] + CHIP_VALUE * self.chips[seat]

    def record(self, points: tuple[int, ...], chips: tuple[int, ...], pot: int) -> None:
        """Add one hand's settlement: points and chips by seat, and the pot's change."""
        self.points = tuple(a + b for a, b in zip(self.points, points))
        self.chips = tuple(a + b for a, b in zip(self.chips, chips))
        self.pot += pot

    def copy(self) -> "ViraSheet":
        return ViraSheet(self.players, self.points, self.chips, self.pot)


class ViraGame(HandsMatch[HandState]):
    """A session of Vira for ``players`` (3, or 4 with one sitting out each hand), dealt from ``seed``;
    implements :class:`~stytvolt.core.match.Match`.

    Play the hand in progress directly (``game.current.apply(action)``), then
    :meth:`deal` the next one, until :attr:`over`.
    """

    def __init__(self, seed: int, *, players: int = 3, first_dealer: int = 0, rules: Rules | None = None) -> None:
        self.seed = check_seed(seed)
        if isinstance(players, bool) or players not in (3, 4):
            raise InvalidPosition(f"players must be 3 or 4 (four with one sitting out each hand), not {players!r}")
        self.players = players
        self.first_dealer = check_seat(first_dealer, "first_dealer", players)
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be Vira Rules, not {type_name(rules)}")
        self.rules = rules if rules is not None else Rules()
        self.hands: list[HandState] = []
        self._tally: SheetTally[HandState, ViraSheet] = SheetTally(
            lambda: ViraSheet.start(self.players), ViraSheet.copy, self._record, self._opening)

    def __repr__(self) -> str:
        return f"<ViraGame seed={self.seed} players={self.players} hands={len(self.hands)} totals={self.sheet.totals}>"

    @property
    def deals(self) -> int:
        """The most hands a session lasts: :data:`ROUNDS` rounds of one deal by each player."""
        return ROUNDS * self.players

    # -- the hands --------------------------------------------------------------------------------------------

    def _deal_hand(self, index: int, dealer: int) -> HandState:
        """Hand ``index``'s cards and cut: the one place a session's cards come from."""
        return HandState.deal(hand_seed(VIRA_GAME, self.seed, index), dealer, players=self.players, rules=self.rules)

    def _over(self) -> Exception:
        return SessionOver("the session is over: start a new one to play on")

    # -- the sheet ----------------------------------------------------------------------------------------------

    @property
    def sheet(self) -> ViraSheet:
        """Points, chips and the pot after every finished hand (a copy)."""
        return self._tally.of(self.hands)[0]

    def _finished(self) -> int:
        return sum(1 for hand in self.hands if hand.is_terminal())

    @property
    def over(self) -> bool:
        """The pot is empty, or every player has dealt :data:`ROUNDS` times."""
        if not self.hands or not self.hands[-1].is_terminal():
            return False
        return self.sheet.pot <= 0 or self._finished() >= self.deals

    def sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        """Each player's points, then each player's chips, then the pot (a column of nobody's)."""
        seats = tuple((p,) for p in range(self.players))
        return (*seats, *seats, ())

    def sheet_lines(self) -> list[SheetLine]:
        """The opening line, then one per finished hand."""
        return self._tally.of(self.hands)[1]

    def _opening(self, sheet: ViraSheet) -> tuple[Reason, ...]:
        return (Reason.of("sheet-start", "Each player puts {stake:chip} into the pot, which holds {pot}; the session "
                                         "ends when the pot is empty, or after {deals:deal}.",
                          stake=STAKE, pot=sheet.pot, deals=self.deals),)

    def _record(self, sheet: ViraSheet, index: int, hand: HandState) -> tuple[Reason, ...] | None:
        settlement = hand.settlement()
        if settlement is None:
            return None
        sheet.record(settlement.points, settlement.chips, settlement.pot)
        pot = Reason.of("sheet-pot", "The pot holds " + _plural(sheet.pot, "chip") + " now.", pot=sheet.pot)
        return (*settlement.reasons, pot)

    # -- the end ----------------------------------------------------------------------------------------------

    def outcome(self) -> tuple[Reason, ...]:
        """Empty until the session is over; then why it ended, and who stands best (points plus 8 a chip)."""
        if not self.over:
            return ()
        sheet = self.sheet
        if sheet.pot <= 0:
            why = Reason.of("session-pot", "The pot is empty, so the session ends.")
        else:
            why = Reason.of("session-deals", "Every player has dealt {rounds:time}, so the session ends, with "
                            + _plural(sheet.pot, "chip") + " still in the pot.", rounds=ROUNDS, pot=sheet.pot)
        standings = [sheet.standing(p) for p in range(self.players)]
        best = max(standings)
        leaders = [p for p in range(self.players) if standings[p] == best]
        said = [Reason.of("session-standing", "{seat}: " + _plural(sheet.points[p], "point") + " and "
                          + _plural(sheet.chips[p], "chip") + ", {standing} in all.", seat=Seat(p),
                          standing=standings[p]) for p in range(self.players)]
        if len(leaders) == 1:
            top = Reason.of("session-best", "{seat} ends best off, with {standing} (points, and 8 for every chip).",
                            seat=Seat(leaders[0]), standing=best)
        else:
            names = " and ".join("{" + f"s{k}" + "}" for k in range(len(leaders)))
            seats: dict[str, object] = {f"s{k}": Seat(p) for k, p in enumerate(leaders)}
            top = Reason.of("session-tie", names + " end level best off, with {standing} each (points, and 8 for "
                            "every chip).", (), standing=best, **seats)
        return (why, *said, top)

    # -- saving -----------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The seed, the table and each hand's actions (:func:`save_table`)."""
        return save_table(self, VIRA_GAME)

    @classmethod
    def from_json(cls, data: object) -> "ViraGame":
        """The session a :meth:`to_json` form (or its text) describes; anything wrong raises
        :class:`~stytvolt.core.errors.InvalidPosition` naming it."""
        obj, table = read_table(data, VIRA_GAME, Rules.from_json, players=3)
        game = cls(obj["seed"], **table)
        replay_hands(game, obj["hands"], parse_action)
        return game
