"""A session of Knorri: hands (whole games of Knorri) one after another, their points added up on one sheet.

Each hand is a :class:`~stytvolt.knorri.state.KnorriState` (both phases),
scored by its own :meth:`~stytvolt.knorri.state.KnorriState.returns`: with
the ``scoring`` switch, the zero-sum points of
:func:`~stytvolt.knorri.rules.scores` (a player going out scores one for each
player still holding cards, the loser pays the total); without it, the loser
pays one to every other player (ruling R98).  Nothing here scores a hand.
What a session adds:

* the sheet (:class:`PointsSheet`): each player's running total from 0,
  one column a player; every line adds to zero;
* who deals: the loser of each hand deals the next (the source); when
  nobody lost (nobody took a card, ruling R88), the same dealer again
  (ruling R99), as :meth:`KnorriState.next_dealer` says;
* when the session ends: after a number of hands set by the table's size,
  :data:`SESSION_HANDS` (ruling R101: the source keeps a running
  total "over a series of hands" without saying how many); then the highest
  total has won the session;
* the cards: hand ``i`` is shuffled from :func:`~stytvolt.core.match.hand_seed`
  of the session's seed and ``i``, so a saved session is its seed and each
  hand's actions.

:class:`KnorriGame` implements :class:`~stytvolt.core.match.Match` the way
:class:`stytvolt.brus.game.BrusGame` does.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.match import (
    HandsMatch, MAX_HANDS, SheetLine, SheetTally, check_seat, check_seed, hand_seed, read_table, replay_hands, save_table,
)
from stytvolt.knorri.state import MAX_TEXT, PLAYERS, TWO_PACK_PLAYERS, KnorriState, parse_action
from stytvolt.knorri.variants import Rules

__all__ = ["KNORRI_GAME", "SESSION_HANDS", "MAX_SESSION_TEXT", "KnorriGame", "PointsSheet", "SessionOver", "session_hands"]

#: The ``"game"`` of a saved Knorri session, and the name its hands' seeds are drawn under.
KNORRI_GAME = "knorri-game"
#: How many hands a session is, by the number of players (ruling R101): a hand at a bigger
#: table is a longer game (some 165 actions at three, 700 at eight), so a session lasts about as long at
#: any table: four hands at three, three at four, two at five, one at six to eight.
SESSION_HANDS: dict[int, int] = {3: 4, 4: 3, 5: 2, 6: 1, 7: 1, 8: 1}
#: The longest saved session's JSON text read.  Its hands' actions are not counted: a hand of Knorri can go
#: round for as long as its players let it (ruling R100), so no number of actions is the longest a setup
#: allows, and a count would refuse games the engine played (of 200 hands by twelve random players, the longest
#: ran to 60,662 actions).  The text's size is bounded only to keep a reader's memory and time in hand: four of
#: :data:`~stytvolt.knorri.state.MAX_TEXT`, the longest hand's text read.
MAX_SESSION_TEXT = 4 * MAX_TEXT


def session_hands(players: int) -> int:
    """The hands in a session of ``players`` (:data:`SESSION_HANDS`; more than eight, with two packs: one)."""
    return SESSION_HANDS.get(players, 1)


class SessionOver(InvalidPosition):
    """A hand written on a sheet whose session is over, or a hand asked for after the end."""


class PointsSheet:
    """Each player's running total of points, from 0; ``hands`` counts the hands written on it."""

    def __init__(self, totals: Sequence[int], hands: int = 0) -> None:
        self.totals: tuple[int, ...] = tuple(totals)
        self.hands = hands

    def record(self, points: Sequence[int]) -> None:
        """Add one hand's points (one a player, summing to zero)."""
        if len(points) != len(self.totals) or sum(points) != 0:
            raise InvalidPosition(f"a hand's points are one a player and sum to zero, not {list(points)!r}")
        self.totals = tuple(t + p for t, p in zip(self.totals, points))
        self.hands += 1

    def copy(self) -> "PointsSheet":
        return PointsSheet(self.totals, self.hands)


class KnorriGame(HandsMatch[KnorriState]):
    """A session of Knorri for ``players`` (3 to 8; up to 12 with two packs), dealt from ``seed``;
    implements :class:`~stytvolt.core.match.Match`.

    ``rules`` are each hand's rules (the table plays them with ``scoring``);
    ``hands_to_play`` how many hands the session is (default
    :func:`session_hands`).  Play the hand in progress directly
    (``game.current.apply(action)``), then :meth:`deal` the next, until
    :attr:`over`.
    """

    def __init__(self, seed: int, *, players: int = 4, first_dealer: int = 0, rules: Rules | None = None,
                 hands_to_play: int | None = None) -> None:
        self.seed = check_seed(seed)
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be Knorri Rules, not {type_name(rules)}")
        self.rules = rules if rules is not None else Rules(scoring=True)
        allowed = TWO_PACK_PLAYERS if self.rules.two_packs else PLAYERS
        if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
            raise InvalidPosition(f"players must be {allowed[0]} to {allowed[-1]}, not {players!r}")
        self.players = players
        self.first_dealer = check_seat(first_dealer, "first_dealer", players)
        if hands_to_play is None:
            hands_to_play = session_hands(players)
        if isinstance(hands_to_play, bool) or not isinstance(hands_to_play, int) or not 1 <= hands_to_play <= MAX_HANDS:
            raise InvalidPosition(f"hands_to_play must be a whole number from 1 to {MAX_HANDS}, not {hands_to_play!r}")
        self.hands_to_play = hands_to_play
        self.hands: list[KnorriState] = []
        self._tally: SheetTally[KnorriState, PointsSheet] = SheetTally(
            lambda: PointsSheet((0,) * self.players), PointsSheet.copy, self._record, self._opening)

    def __repr__(self) -> str:
        return (f"<KnorriGame seed={self.seed} players={self.players} hands={len(self.hands)}/{self.hands_to_play} "
                f"totals={self.sheet.totals}>")

    # -- the hands -------------------------------------------------------------------------------

    def _deal_hand(self, index: int, dealer: int) -> KnorriState:
        """Hand ``index``'s cards: the one place a session's cards come from."""
        return KnorriState.deal(hand_seed(KNORRI_GAME, self.seed, index), players=self.players, dealer=dealer,
                                rules=self.rules)

    def _over(self) -> Exception:
        return SessionOver(f"the session's {self.hands_to_play} hands are played: start a new session to play on")

    def dealer_of(self, i: int) -> int:
        """The dealer of hand ``i`` (from 0); ``i == len(hands)``: the next dealer, the loser of the last hand
        (the same dealer when nobody lost), once it is over."""
        if (isinstance(i, int) and not isinstance(i, bool) and i == len(self.hands) and self.hands
                and self.hands[-1].is_terminal()):
            return self.hands[-1].next_dealer()
        return super().dealer_of(i)

    # -- the sheet -------------------------------------------------------------------------------

    @property
    def sheet(self) -> PointsSheet:
        """The totals after every finished hand (a copy)."""
        return self._tally.of(self.hands)[0]

    @property
    def over(self) -> bool:
        """The session's hands are all played."""
        return self.sheet.hands >= self.hands_to_play

    def sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        """One column a player: every player scores for themselves."""
        return tuple((p,) for p in range(self.players))

    def sheet_lines(self) -> list[SheetLine]:
        """The opening line, then one per finished hand."""
        return self._tally.of(self.hands)[1]

    def _opening(self, sheet: PointsSheet) -> tuple[Reason, ...]:
        hands = self.hands_to_play
        return (Reason.of("sheet-start", "Everyone starts at 0; the session is {hands:hand}, and the highest "
                          "total then wins.", hands=hands),)

    def _record(self, sheet: PointsSheet, index: int, hand: KnorriState) -> tuple[Reason, ...] | None:
        if not hand.is_terminal():
            return None
        points = hand.returns()
        sheet.record(points)
        return (_hand_note(hand, points),)

    # -- the end ---------------------------------------------------------------------------------

    def outcome(self) -> tuple[Reason, ...]:
        """Empty until the session is over; then who has the best total (all of them, when tied), and the worst."""
        if not self.over:
            return ()
        totals = self.sheet.totals
        best, worst = max(totals), min(totals)
        top = [p for p in range(self.players) if totals[p] == best]
        low = [p for p in range(self.players) if totals[p] == worst]
        if best == worst:
            return (Reason.of("session-even", "After {hands:hand} everyone is level at 0: nobody pays anybody.",
                              hands=self.hands_to_play),)
        names: dict[str, object] = {f"s{k}": Seat(p) for k, p in enumerate(top)}
        lows: dict[str, object] = {f"l{k}": Seat(p) for k, p in enumerate(low)}
        won = _listed(list(names)) + (" share the best total, " if len(top) > 1 else " has the best total, ")
        lost = _listed(list(lows))
        args: dict[str, object] = {"best": _signed(best), "worst": _signed(worst), **names, **lows}
        said = (won + "{best}, and win" + ("" if len(top) > 1 else "s") + " the session; " + lost + " end"
                + ("" if len(low) > 1 else "s") + " lowest, at {worst}.")
        return (Reason("session-won", said, (), tuple(args.items())),)

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The seed, the table, the session's length and each hand's actions (:func:`save_table`)."""
        return save_table(self, KNORRI_GAME, hands_to_play=self.hands_to_play)

    @classmethod
    def from_json(cls, data: object) -> "KnorriGame":
        """The session a :meth:`to_json` form (or its text) describes; anything wrong raises
        :class:`~stytvolt.core.errors.InvalidPosition` naming it."""
        obj, table = read_table(data, KNORRI_GAME, Rules.from_json, players=4, extra=frozenset({"hands_to_play"}),
                                default_rules={"scoring": True}, max_actions=None, max_chars=MAX_SESSION_TEXT)
        game = cls(obj["seed"], **table, hands_to_play=obj.get("hands_to_play"))
        replay_hands(game, obj["hands"], parse_action)
        return game


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _listed(keys: list[str]) -> str:
    """Placeholders for seats, joined as words: "{a}", "{a} and {b}", "{a}, {b} and {c}"."""
    parts = ["{" + k + "}" for k in keys]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _hand_note(hand: KnorriState, points: Sequence[int]) -> Reason:
    """One hand's points in a line: who went out, in order, with their points, who took no cards, and the loser."""
    if hand.loser < 0:
        return Reason.of("hand-no-loser", "Nobody took a card, so nobody scores.")
    args: dict[str, Any] = {}
    parts: list[str] = []
    for k, seat in enumerate(hand.out):
        args[f"o{k}"] = Seat(seat)
        parts.append(f"{{o{k}}} {_signed(points[seat])}")
    said = "Out in turn: " + ", ".join(parts) if parts else ""
    if hand.no_cards:
        idle = []
        for k, seat in enumerate(hand.no_cards):
            args[f"n{k}"] = Seat(seat)
            idle.append(f"{{n{k}}} {_signed(points[seat])}")
        said += ("; " if said else "") + "no cards taken: " + ", ".join(idle)
    args["loser"] = Seat(hand.loser)
    said += ("; " if said else "") + "{loser} held cards last and pays " + _signed(points[hand.loser]) + "."
    return Reason.of("hand-points", said[:1].upper() + said[1:], **args)
