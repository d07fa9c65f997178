"""A rubber of Sjavs: hands dealt one after another and scored on one sheet until a column reaches 0.

The hands are :class:`~stytvolt.sjavs.hand.HandState`, each scored by its
own :meth:`~stytvolt.sjavs.hand.HandState.result`; the sheet is the
:class:`~stytvolt.sjavs.scoring.ScoreSheet` (every column from 24, the
60-60 tie's 2 carried, the rubber won at 0 or below, the double victory),
so nothing here scores a hand.  What a rubber adds:

* who deals: the player on the dealer's left after a played hand, the same
  dealer again after a hand everyone passed (docs/sjavs/bidding.md); a
  carried tie waits through passed hands for the next hand that scores
  (ruling R56);
* the cards: hand ``i`` is shuffled from :func:`~stytvolt.core.match.hand_seed`
  of the rubber's seed and ``i``, so a saved rubber is its seed and the
  actions of each hand;
* the sheet's lines with the reasons for each (a passed hand writes none,
  as nobody writes anything on a real sheet for it), and the outcome.

Four players: two columns, team 0 (seats 0 and 2) and team 1 (seats 1 and
3).  Three or two: a column each.  With three, two opponents may pass 0 in
the same hand: the lower wins, and an exact tie shares the rubber (ruling
R55).
"""

from __future__ import annotations

from typing import Any

from stytvolt.core import checks
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason, Seat, Team
from stytvolt.core.match import (
    HandsMatch,
    SheetLine, SheetTally, check_seat, check_seed, hand_seed, read_table, replay_hands, save_table,
)
from stytvolt.sjavs.hand import HandState, parse_action
from stytvolt.sjavs.scoring import START, TRICKS, HandScore, RubberOver, ScoreSheet
from stytvolt.sjavs.variants import Rules

__all__ = ["Rubber", "RUBBER_GAME"]

#: The ``"game"`` of a saved rubber, and the name its hands' seeds are drawn under.
RUBBER_GAME = "sjavs-rubber"


class Rubber(HandsMatch[HandState]):
    """A rubber of Sjavs for ``players`` (4, 3 or 2), dealt from ``seed``; implements
    :class:`~stytvolt.core.match.Match`.

    Play the hand in progress directly (``rubber.current.apply(action)``),
    then :meth:`deal` the next one, until :attr:`over`.
    """

    def __init__(self, seed: int, *, players: int = 4, first_dealer: int = 0, rules: Rules | None = None) -> None:
        self.seed = check_seed(seed)
        self.players = checks.one_of(players, "players", tuple(TRICKS), "4, 3 or 2 (Sjavs's tables)")
        self.first_dealer = check_seat(first_dealer, "first_dealer", players)
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be Sjavs Rules, not {type_name(rules)}")
        self.rules = rules if rules is not None else Rules()
        self.hands: list[HandState] = []
        self._tally: SheetTally[HandState, ScoreSheet] = SheetTally(self._empty, _copy, self._record, self._opening)

    def __repr__(self) -> str:
        return f"<Rubber seed={self.seed} players={self.players} hands={len(self.hands)} totals={self.sheet.totals}>"

    # -- the hands ------------------------------------------------------------------------------

    def _deal_hand(self, index: int, dealer: int) -> HandState:
        """Hand ``index``'s cards: the one place a rubber's cards come from."""
        return HandState.deal(hand_seed(RUBBER_GAME, self.seed, index), dealer, players=self.players, rules=self.rules)

    def _passed(self, hand: HandState) -> bool:
        """Everyone passed: the same dealer deals again."""
        return hand.phase == "passed"

    def _over(self) -> Exception:
        return RubberOver("the rubber is over: start a new one to play on")

    # -- the sheet -------------------------------------------------------------------------------

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet after every finished hand (a copy: writing on it changes nothing here)."""
        return self._tally.of(self.hands)[0]

    @property
    def over(self) -> bool:
        """A column has reached 0 or below: the rubber is won."""
        return bool(self.sheet.winners)

    def sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        """Four players: ((0, 2), (1, 3)); three or two: one column per seat."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    def sheet_lines(self) -> list[SheetLine]:
        """The opening line (24 each), then one line per hand that was played out (a 60-60 tie too)."""
        return self._tally.of(self.hands)[1]

    def _empty(self) -> ScoreSheet:
        return ScoreSheet(players=self.players)

    def _column(self, column: int) -> Seat | Team:
        return Team(column) if self.players == 4 else Seat(column)

    def _opening(self, sheet: ScoreSheet) -> tuple[Reason, ...]:
        who = "Each side" if self.players == 4 else "Each player"
        return (Reason.of("sheet-start", who + " starts at {start} and counts down; the first to reach 0 wins the rubber.",
                          start=START),)

    def _record(self, sheet: ScoreSheet, index: int, hand: HandState) -> tuple[Reason, ...] | None:
        result = hand.result()
        if result is None:
            return None
        assert hand.declarer is not None and hand.trump is not None
        side = hand.side_of(hand.declarer)
        before, carried = sheet.totals, sheet.carried
        sheet.record(side, result)
        role = "the soloist" if self.players == 3 else "the announcer"
        notes = [Reason.of("sheet-declarer", "{seat} was " + role + ", with {suit} trumps.",
                           seat=Seat(hand.declarer), suit=hand.trump.english),
                 result.reason]
        notes.append(self._change(result, before, sheet, carried))
        return tuple(notes)

    def _change(self, result: HandScore, before: tuple[int, ...], sheet: ScoreSheet, carried: int) -> Reason:
        """What the hand did to the sheet, naming the columns."""
        if result.scorer is None:
            return Reason.of("sheet-tie", "Nobody scores: {carried} game points now wait for whoever scores next.",
                             carried=sheet.carried)
        moved = [c for c in range(sheet.columns) if sheet.totals[c] != before[c]]
        extra = " and the {carried} carried" if carried else ""
        verb = "score" if self.players == 4 else "scores"
        if len(moved) == 1:
            c = moved[0]
            return Reason.of("sheet-score", "{side} " + verb + " {points}" + extra + ": down from {before} to {after}.",
                             side=self._column(c), points=result.points, carried=carried, before=before[c],
                             after=sheet.totals[c])
        first, second = moved
        return Reason.of(
            "sheet-score-both", "{first} and {second} each score {points}" + extra +
            ": {first} down to {first_after}, {second} down to {second_after}.",
            first=Seat(first), second=Seat(second), points=result.points, carried=carried,
            first_after=sheet.totals[first], second_after=sheet.totals[second])

    # -- the end ---------------------------------------------------------------------------------

    def outcome(self) -> tuple[Reason, ...]:
        """Empty until the rubber is won; then who won it, against whom, and whether it is a double victory."""
        sheet = self.sheet
        winners = sheet.winners
        if not winners:
            return ()
        others = [c for c in range(sheet.columns) if c not in winners]
        reasons: list[Reason] = []
        if len(winners) == 2:
            a, b = winners
            reasons.append(Reason.of(
                "rubber-shared", "{first} and {second} both reached {total} in the same hand and share the rubber.",
                first=Seat(a), second=Seat(b), total=sheet.totals[a]))
        else:
            w = winners[0]
            verb = "win" if self.players == 4 else "wins"
            reasons.append(Reason.of("rubber-won", "{winner} went down to {total} and " + verb + " the rubber.",
                                     winner=self._column(w), total=sheet.totals[w]))
            rivals = [c for c in others if sheet.totals[c] <= 0]
            if rivals:
                r = rivals[0]
                reasons.append(Reason.of(
                    "rubber-lower", "{other} passed 0 in the same hand but stopped higher, at {other_total}.",
                    other=self._column(r), other_total=sheet.totals[r]))
        if sheet.double_victory:
            if len(others) == 1:
                reasons.append(Reason.of(
                    "double-victory", "A double victory: {loser} never scored and are still at {start}."
                    if self.players == 4 else "A double victory: {loser} never scored and is still at {start}.",
                    loser=self._column(others[0]), start=START))
            else:
                reasons.append(Reason.of(
                    "double-victory", "A double victory: {first} and {second} never scored and are still at {start}.",
                    first=Seat(others[0]), second=Seat(others[1]), start=START))
        elif len(others) == 1:
            c = others[0]
            reasons.append(Reason.of("rubber-lost", "{loser} end at {total}." if self.players == 4 else "{loser} ends at {total}.",
                                     loser=self._column(c), total=sheet.totals[c]))
        else:
            a, b = others
            reasons.append(Reason.of("rubber-lost", "{first} ends at {first_total} and {second} at {second_total}.",
                                     first=Seat(a), first_total=sheet.totals[a], second=Seat(b), second_total=sheet.totals[b]))
        return tuple(reasons)

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The seed, the table and each hand's actions (:func:`save_table`)."""
        return save_table(self, RUBBER_GAME)

    @classmethod
    def from_json(cls, data: object) -> "Rubber":
        """The rubber a :meth:`to_json` form (or its text) describes; anything wrong raises
        :class:`~stytvolt.core.errors.InvalidPosition` naming it."""
        obj, table = read_table(data, RUBBER_GAME, Rules.from_json, players=4)
        rubber = cls(obj["seed"], **table)
        replay_hands(rubber, obj["hands"], parse_action)
        return rubber


def _copy(sheet: ScoreSheet) -> ScoreSheet:
    return ScoreSheet(players=sheet.players, lines=list(sheet.lines), carried=sheet.carried)
