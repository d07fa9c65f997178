"""A game of Brus: deals one after another, their strokes added up, until a side has six.

The deals are :class:`~stytvolt.brus.hand.HandState`, each scored by its own
:meth:`~stytvolt.brus.hand.HandState.result` (the rules'
:func:`~stytvolt.brus.rules.deal_score`), so nothing here scores a deal.
What a game adds:

* the sheet (:class:`StrokeSheet`): each side's strokes from 0; the first
  side to reach :data:`~stytvolt.brus.rules.GAME_STROKES` (six) wins, a lurch
  carrying it to seven when it comes at five (ruling R65); only one side
  scores in a deal, so a game cannot be tied;
* who deals: the player on the dealer's left after every deal, whether it
  scored or not (ruling R63);
* the cards: deal ``i`` is shuffled from :func:`~stytvolt.core.match.hand_seed`
  of the game's seed and ``i``, so a saved game is its seed and each deal's
  actions.

:class:`BrusGame` implements :class:`~stytvolt.core.match.Match` the way
:class:`stytvolt.sjavs.rubber.Rubber` does.
"""

from __future__ import annotations

from typing import Any

from stytvolt.core import checks
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason, Team
from stytvolt.core.match import (
    HandsMatch,
    SheetLine, SheetTally, check_seat, check_seed, hand_seed, read_table, replay_hands, save_table,
)
from stytvolt.brus.hand import HandState, parse_action
from stytvolt.brus.rules import GAME_STROKES, TABLES
from stytvolt.brus.variants import Rules

__all__ = ["BRUS_GAME", "BrusGame", "StrokeSheet", "GameOver"]

#: The ``"game"`` of a saved Brus game, and the name its deals' seeds are drawn under.
BRUS_GAME = "brus-game"


class GameOver(InvalidPosition):
    """Strokes written on a sheet whose game is already won, or a deal asked for after the end."""


class StrokeSheet:
    """Each side's strokes, from 0; the first side at six or more has won."""

    def __init__(self, totals: tuple[int, int] = (0, 0)) -> None:
        self.totals: tuple[int, int] = totals

    @property
    def winner(self) -> int | None:
        """The side that has reached six strokes, or ``None``."""
        for side in (0, 1):
            if self.totals[side] >= GAME_STROKES:
                return side
        return None

    def record(self, side: int | None, strokes: int) -> None:
        """Add ``strokes`` for ``side`` (``None``: nobody scored); refused once the game is won."""
        if self.winner is not None:
            raise GameOver(f"side {self.winner} has already won the game with {self.totals[self.winner]} strokes")
        if side is None:
            return
        if side not in (0, 1) or isinstance(strokes, bool) or strokes not in (1, 2):
            raise InvalidPosition(f"a deal scores 1 or 2 strokes for side 0 or 1, not {strokes!r} for {side!r}")
        totals = list(self.totals)
        totals[side] += strokes
        self.totals = (totals[0], totals[1])

    def copy(self) -> "StrokeSheet":
        return StrokeSheet(self.totals)


class BrusGame(HandsMatch[HandState]):
    """A game of Brus for ``players`` (4 or 6), dealt from ``seed``; implements
    :class:`~stytvolt.core.match.Match`.

    Play the deal in progress directly (``game.current.apply(action)``), then
    :meth:`deal` the next one, until :attr:`over`.
    """

    def __init__(self, seed: int, *, players: int = 4, first_dealer: int = 0, rules: Rules | None = None) -> None:
        self.seed = check_seed(seed)
        self.players = checks.one_of(players, "players", tuple(TABLES), "4 or 6 (Brus's tables)")
        self.first_dealer = check_seat(first_dealer, "first_dealer", players)
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be Brus Rules, not {type_name(rules)}")
        self.rules = rules if rules is not None else Rules()
        self.hands: list[HandState] = []
        self._tally: SheetTally[HandState, StrokeSheet] = SheetTally(StrokeSheet, StrokeSheet.copy, self._record,
                                                                     self._opening)

    def __repr__(self) -> str:
        return f"<BrusGame seed={self.seed} players={self.players} deals={len(self.hands)} totals={self.sheet.totals}>"

    # -- the deals ------------------------------------------------------------------------------

    HAND = "deal"

    def _deal_hand(self, index: int, dealer: int) -> HandState:
        """Deal ``index``'s cards: the one place a game's cards come from."""
        return HandState.deal(hand_seed(BRUS_GAME, self.seed, index), dealer, players=self.players, rules=self.rules)

    def _over(self) -> Exception:
        return GameOver("the game is over: start a new one to play on")

    # -- the sheet -------------------------------------------------------------------------------

    @property
    def sheet(self) -> StrokeSheet:
        """The strokes after every finished deal (a copy)."""
        return self._tally.of(self.hands)[0]

    @property
    def over(self) -> bool:
        """A side has six strokes."""
        return self.sheet.winner is not None

    def sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        """One column a side: its seats ((0, 2), (1, 3)) or ((0, 2, 4), (1, 3, 5))."""
        return tuple(tuple(range(side, self.players, 2)) for side in (0, 1))

    def sheet_lines(self) -> list[SheetLine]:
        """The opening line, then one per finished deal (a deal nobody scored too)."""
        return self._tally.of(self.hands)[1]

    def _opening(self, sheet: StrokeSheet) -> tuple[Reason, ...]:
        return (Reason.of("sheet-start", "Each side starts at 0 strokes; the first to reach {target} wins the game.",
                          target=GAME_STROKES),)

    def _record(self, sheet: StrokeSheet, index: int, hand: HandState) -> tuple[Reason, ...] | None:
        result = hand.result()
        if result is None:
            return None
        sheet.record(result.side, result.strokes)
        if result.side is None:
            change = Reason.of("sheet-none", "Nobody scores: the strokes stay at {first} to {second}.",
                               first=sheet.totals[0], second=sheet.totals[1])
        else:
            total = sheet.totals[result.side]
            change = Reason.of("sheet-score", "{side} score {strokes}: now {total:stroke}.",
                               side=Team(result.side), strokes=result.strokes, total=total)
        return (*hand.outcome(), change)

    # -- the end ---------------------------------------------------------------------------------

    def outcome(self) -> tuple[Reason, ...]:
        """Empty until a side has six strokes; then who won, and the final strokes."""
        sheet = self.sheet
        side = sheet.winner
        if side is None:
            return ()
        return (Reason.of("game-won", "{side} reached {total} strokes and win the game; {other} end at {other_total}.",
                          side=Team(side), total=sheet.totals[side], other=Team(1 - side),
                          other_total=sheet.totals[1 - side]),)

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The seed, the table and each hand's actions (:func:`save_table`)."""
        return save_table(self, BRUS_GAME)

    @classmethod
    def from_json(cls, data: object) -> "BrusGame":
        """The game a :meth:`to_json` form (or its text) describes; anything wrong raises
        :class:`~stytvolt.core.errors.InvalidPosition` naming it."""
        obj, table = read_table(data, BRUS_GAME, Rules.from_json, players=4)
        game = cls(obj["seed"], **table)
        replay_hands(game, obj["hands"], parse_action)
        return game
