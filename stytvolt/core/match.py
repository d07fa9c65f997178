"""A whole game: hands dealt one after another and scored on one sheet (the layer above a hand).

A hand (:class:`~stytvolt.core.protocol.GameState`) ends with a score; a
*match* deals hands until its sheet says the game is over: a rubber of
Sjavs, a game of Klørsjavs.  Each game implements :class:`Match` with its
own class, in its own folder (Sjavs's ``Rubber``, Klørsjavs's
``KlorsjavsGame``); what they share is here:

* :class:`Match`: the questions a table asks of any match (who deals,
  the hand in progress, the sheet's columns and lines, the outcome, JSON,
  undo);
* :class:`SheetLine`: one line of a score sheet, with the reasons that say
  what the hand scored (rendered by the caller with its own seat and team
  names);
* :func:`hand_seed`: each hand's cards come from the match's seed and the
  hand's number, the same on every Python (and in Pyodide);
* the checks every match's JSON goes through (:func:`read_match`,
  :func:`replay_hands`) and the cut-back behind an Undo (:func:`cut_back`);
* :class:`HandsMatch`: the hands-in-a-row half of a Match that every game
  plays the same way (the hand in progress, who deals, dealing the next,
  undo), written once; a game's class adds its cards (``_deal_hand``), when
  a hand counts as passed (``_passed``) and its sheet.

The hand in progress is played on directly (``match.current.apply(...)``):
the sheet is read from the hands each time it is asked for, so it always
agrees with them.  Only the last hand is played on; :meth:`Match.undo_to`
goes back further.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar, runtime_checkable

from stytvolt.core.checks import items, saved_object, seat, texts, whole
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError, StytvoltError, type_name
from stytvolt.core.explain import Reason

__all__ = [
    "Match", "HandsMatch", "SheetLine", "SheetTally", "hand_seed", "check_seed", "check_seat", "read_match", "replay_hands", "cut_back",
    "TABLE_KEYS", "save_table", "read_table",
    "next_dealer", "MAX_SEED", "MAX_HANDS", "MAX_ACTIONS",
]

#: The largest seed a match takes: the largest whole number a browser's JSON keeps exactly (2**53 - 1).
MAX_SEED = 2**53 - 1
#: The most hands a saved match may hold (passed hands included).
MAX_HANDS = 500
#: The most actions one saved hand may hold (a two-player Sjavs hand, the longest, has 35).
MAX_ACTIONS = 200

H = TypeVar("H")


@dataclass(frozen=True)
class SheetLine:
    """One line of a score sheet.

    ``hand``: the 1-based number of the hand that wrote it (counting every
    hand dealt, passed ones included), 0 for the opening line; ``totals``:
    every column after it, in the order of :meth:`Match.sheet_columns`;
    ``note``: what the hand scored, as reasons naming seats and teams.
    """

    hand: int
    totals: tuple[int, ...]
    note: tuple[Reason, ...]


@runtime_checkable
class Match(Protocol[H]):
    """A whole game of hands on one score sheet.  ``H`` is the game's hand state."""

    @property
    def seed(self) -> int:
        """Where every hand's cards come from (see :func:`hand_seed`)."""
        ...

    @property
    def num_players(self) -> int: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def hands(self) -> list[H]:
        """Every hand dealt, passed ones included; the last may be in progress."""
        ...

    @property
    def current(self) -> H | None:
        """The last hand, while it is not over."""
        ...

    @property
    def over(self) -> bool:
        """The sheet says the game is over: no more hands are dealt."""
        ...

    def deal(self) -> H:
        """Deal the next hand (refused while a hand is in progress, or once the game is over)."""
        ...

    def dealer_of(self, i: int) -> int:
        """The dealer of hand ``i`` (from 0); ``i == len(hands)``: the dealer of the next deal."""
        ...

    def sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        """The seats each column of the sheet belongs to, in column order."""
        ...

    def sheet_lines(self) -> list[SheetLine]:
        """The opening line, then one line per scored hand."""
        ...

    def outcome(self) -> tuple[Reason, ...]:
        """Empty until the game is over; then who won or lost, and why."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The match as JSON: its kind, ``"v": 1``, the seed, the table and every hand's action texts."""
        ...

    @classmethod
    def from_json(cls, data: object) -> "Match[H]":
        """The match a :meth:`to_json` form (or its text) describes, every hand replayed; anything wrong
        raises :class:`~stytvolt.core.errors.InvalidPosition` naming it."""
        ...

    def undo_to(self, hand: int, actions: int) -> None:
        """Cut the game back to hand ``hand`` (from 0) with only its first ``actions`` actions."""
        ...


def hand_seed(game: str, seed: int, index: int) -> int:
    """The seed hand ``index`` (from 0) of a ``game`` match with ``seed`` is shuffled from.

    A SHA-256 digest, so it is the same on every Python and every machine,
    and hands of one match are unrelated to each other:

    >>> hand_seed("sjavs-rubber", 7, 0)
    15292784359139141482
    """
    digest = hashlib.sha256(f"{game}:{seed}:{index}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def check_seed(seed: object) -> int:
    """A match's seed: a whole number from 0 to :data:`MAX_SEED`."""
    return whole(seed, "seed", 0, MAX_SEED)


def check_seat(value: object, name: str, players: int) -> int:
    """A seat number from 0 to ``players - 1``, or an error naming ``name`` (:func:`stytvolt.core.checks.seat`)."""
    return seat(value, players, name)


def next_dealer(dealer: int, players: int, passed: bool) -> int:
    """Who deals after a hand dealt by ``dealer``: the same dealer if everyone passed, else the
    player on the dealer's left (the next seat clockwise)."""
    return dealer if passed else (dealer + 1) % players


def read_match(data: object, game: str, keys: set[str], required: set[str], *,
               max_actions: int | None = MAX_ACTIONS, max_chars: int | None = None) -> dict[str, Any]:
    """A saved match's JSON (an object, or its text) once its kind, version and field names are checked,
    and its hands: a list of lists of action texts.

    ``max_actions``: the most actions a saved hand may hold, the longest hand the game's setup allows (a game
    whose hands run longer says its own; None: a game whose hands have no longest length).  ``max_chars``:
    the longest text read (by default room for every hand at the usual length, or for ten of the game's
    longest hands at 20 characters an action)."""
    if max_chars is None:
        max_chars = max(MAX_HANDS * 1_000, 10 * (max_actions or MAX_ACTIONS) * 20)
    obj = saved_object(data, f"a saved {game}", game, 1, keys, required, max_chars=max_chars, max_depth=4,
                       unversioned=None)
    hands = items(obj.get("hands", []), "'hands'", item="hand")
    if len(hands) > MAX_HANDS:
        raise InvalidPosition(f"'hands' holds {len(hands)} hands; a saved match holds at most {MAX_HANDS}")
    for i, actions in enumerate(hands):
        if not isinstance(actions, list):
            raise InvalidPosition(f"hand {i + 1} is a list of action texts, not {type_name(actions)}")
        if max_actions is not None and len(actions) > max_actions:
            raise InvalidPosition(f"hand {i + 1} holds {len(actions):,} actions; a hand of {game} has at most "
                                  f"{max_actions:,}")
        texts(actions, f"hand {i + 1}", item="action")
    return obj


class _Playable(Protocol):
    def apply(self, action: Any) -> None: ...

    def is_terminal(self) -> bool: ...


def replay_hands(match: Match[Any], hands: list[list[Any]], parse_action: Callable[[str], Any]) -> None:
    """Deal and replay each saved hand's actions on a new ``match``; an error names the hand and action."""
    for i, actions in enumerate(hands):
        if match.over:
            raise InvalidPosition(f"hand {i + 1} follows the end of the game: the sheet was settled by hand {i}")
        if match.current is not None:
            raise InvalidPosition(f"hand {i} is not finished, yet hand {i + 1} follows it: only the last hand may be unfinished")
        hand: _Playable = match.deal()
        for k, text in enumerate(actions):
            try:
                hand.apply(parse_action(text))
            except (ParseError, IllegalAction) as err:
                shown = text[:30] if isinstance(text, str) else type_name(text)
                raise InvalidPosition(f"hand {i + 1}, action {k + 1} ({shown!r}) cannot be replayed: {err}") from None


#: The fields of a saved game at a table: its seed, the table's size, the first dealer, the rules, each hand.
TABLE_KEYS = frozenset({"game", "v", "seed", "players", "first_dealer", "rules", "hands"})


class _Rules(Protocol):
    def to_json(self) -> Any: ...


class _Table(Protocol):
    @property
    def seed(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def rules(self) -> _Rules: ...
    @property
    def hands(self) -> Any: ...


def save_table(match: _Table, game: str, **extra: Any) -> dict[str, Any]:
    """A game at a table as :func:`read_table` reads it back: the seed, the table, the rules, ``extra`` fields
    and each hand's actions (restoring deals the same cards and replays them)."""
    return {"game": game, "v": 1, "seed": match.seed, "players": match.players, "first_dealer": match.first_dealer,
            "rules": match.rules.to_json(), **extra, "hands": [hand.to_json()["actions"] for hand in match.hands]}


def read_table(data: object, game: str, rules: Callable[[object], Any], *, players: int, extra: frozenset[str] = frozenset(),
               default_rules: object = None, max_actions: int | None = MAX_ACTIONS,
               max_chars: int | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A :func:`save_table` form (or its text) checked: (the whole object, the keyword arguments of the game's
    class: ``players`` (``players`` when absent), ``first_dealer``, ``rules`` read by ``rules``).

    ``extra``: the game's own fields beyond :data:`TABLE_KEYS`; ``default_rules``: the rules' form when absent;
    ``max_actions`` and ``max_chars`` as :func:`read_match` takes them.  Anything wrong raises
    :class:`InvalidPosition` naming it."""
    obj = read_match(data, game, set(TABLE_KEYS | extra), {"seed", "hands"}, max_actions=max_actions, max_chars=max_chars)
    try:
        read = rules(obj.get("rules", {} if default_rules is None else default_rules))
    except StytvoltError as err:
        raise InvalidPosition(f"'rules': {err}") from None
    return obj, {"players": obj.get("players", players), "first_dealer": obj.get("first_dealer", 0), "rules": read}


class _Undoable(Protocol):
    @property
    def history(self) -> Sequence[Any]: ...

    def undo(self) -> Any: ...


def cut_back(hands: list[Any], hand: object, actions: object) -> None:
    """Drop every hand after ``hand`` and take that hand back to its first ``actions`` actions.

    Both numbers are checked before anything changes.
    """
    if isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < len(hands):
        dealt = f"0 to {len(hands) - 1}" if hands else "none: no hand is dealt yet"
        raise InvalidPosition(f"hand must be the number (from 0) of a hand dealt, {dealt}; not {hand!r}")
    state: _Undoable = hands[hand]
    taken = len(state.history)
    if isinstance(actions, bool) or not isinstance(actions, int) or not 0 <= actions <= taken:
        raise InvalidPosition(f"actions must be from 0 to {taken} (the actions hand {hand} holds), not {actions!r}")
    del hands[hand + 1:]
    while len(state.history) > actions:
        state.undo()



class _Sheet(Protocol):
    @property
    def totals(self) -> tuple[int, ...]: ...


S = TypeVar("S", bound=_Sheet)


class SheetTally(Generic[H, S]):
    """A match's sheet, read from its hands and kept cheaply: hands before the last are recorded once.

    ``start()`` makes an empty sheet, ``copy(sheet)`` an independent copy;
    ``record(sheet, index, hand)`` writes hand ``index`` (from 0) on the
    sheet and returns the line's note, or ``None`` if that hand writes no
    line (passed, or not over yet).  :meth:`of` gives the sheet and its
    lines for a list of hands.  The hands before the last are taken as
    settled (only the last one is played on); if one of them changed, or
    the list was cut back, the sheet is written again from the start.
    """

    def __init__(self, start: Callable[[], S], copy: Callable[[S], S],
                 record: Callable[[S, int, H], tuple[Reason, ...] | None], opening: Callable[[S], tuple[Reason, ...]]) -> None:
        self._start, self._copy, self._record, self._opening = start, copy, record, opening
        self._reset()

    def _reset(self) -> None:
        self._sheet = self._start()
        self._lines = [SheetLine(0, self._sheet.totals, self._opening(self._sheet))]
        self._hands: list[tuple[Any, int]] = []  # the settled hands written so far, with their lengths

    def _write(self, sheet: S, lines: list[SheetLine], index: int, hand: H) -> None:
        note = self._record(sheet, index, hand)
        if note is not None:
            lines.append(SheetLine(index + 1, sheet.totals, note))

    def of(self, hands: Sequence[H]) -> tuple[S, list[SheetLine]]:
        """The sheet after every hand of ``hands`` (an independent copy) and its lines."""
        settled = hands[:-1]
        if len(self._hands) > len(settled) or any(
                kept is not settled[k] or size != len(_history(settled[k])) for k, (kept, size) in enumerate(self._hands)):
            self._reset()
        for k in range(len(self._hands), len(settled)):
            self._write(self._sheet, self._lines, k, settled[k])
            self._hands.append((settled[k], len(_history(settled[k]))))
        sheet, lines = self._copy(self._sheet), list(self._lines)
        if hands:
            self._write(sheet, lines, len(hands) - 1, hands[-1])
        return sheet, lines


def _history(hand: Any) -> Sequence[Any]:
    history: Sequence[Any] = hand.history
    return history


class _Dealt(Protocol):
    """A hand as a match deals it: who dealt it, and whether it is over."""

    @property
    def dealer(self) -> int: ...

    def is_terminal(self) -> bool: ...


D = TypeVar("D", bound=_Dealt)


class HandsMatch(Generic[D]):
    """Hands dealt one after another, the deal passing left: the part of a :class:`Match` every game shares.

    A game's match class sets ``seed``, ``players``, ``first_dealer`` and
    ``hands`` (a list, first hand first) and gives:

    * ``_deal_hand(index, dealer)``: hand ``index``'s cards (the one place
      they come from, usually from :func:`hand_seed`);
    * ``over`` and ``_over(self)``: whether the game is decided, and the
      error that refuses dealing once it is;
    * ``_passed(hand)`` when a hand everyone passed is dealt again by the
      same dealer (the default: never);
    * ``HAND``: what the game calls a hand on its messages ("hand", "deal").
    """

    HAND = "hand"
    seed: int
    players: int
    first_dealer: int
    hands: list[D]

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current(self) -> D | None:
        """The last hand, while it is being played."""
        if self.hands and not self.hands[-1].is_terminal():
            return self.hands[-1]
        return None

    @property
    def over(self) -> bool:  # pragma: no cover (every game's class says when it is decided)
        raise NotImplementedError

    def _deal_hand(self, index: int, dealer: int) -> D:  # pragma: no cover (every game's class deals its cards)
        raise NotImplementedError

    def _over(self) -> Exception:  # pragma: no cover (every game's class names its own error)
        raise NotImplementedError

    def _passed(self, hand: D) -> bool:
        """Was this finished hand passed by everyone (so the same dealer deals again)?"""
        return False

    def dealer_of(self, i: int) -> int:
        """The dealer of hand ``i`` (from 0); ``i == len(hands)``: who deals the next, once the last is over."""
        word = self.HAND
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i <= len(self.hands):
            raise InvalidPosition(f"i must be the number of a {word} dealt (0 to {len(self.hands) - 1}) or of the next "
                                  f"({len(self.hands)}), not {i!r}")
        if i < len(self.hands):
            return self.hands[i].dealer
        if not self.hands:
            return self.first_dealer
        last = self.hands[-1]
        if not last.is_terminal():
            raise InvalidPosition(f"who deals {word} {i + 1} is known once {word} {i} is over, and it is still being played")
        return next_dealer(last.dealer, self.players, self._passed(last))

    def deal(self) -> D:
        """Deal the next hand: refused while one is being played, and once the game is decided."""
        if self.current is not None:
            raise InvalidPosition(f"{self.HAND} {len(self.hands)} is still being played: finish it before dealing the next")
        if self.over:
            raise self._over()
        hand = self._deal_hand(len(self.hands), self.dealer_of(len(self.hands)))
        self.hands.append(hand)
        return hand

    def undo_to(self, hand: int, actions: int) -> None:
        """Cut the game back to hand ``hand`` (from 0) with its first ``actions`` actions; later hands go.

        Both numbers are checked first: a refused cut changes nothing.
        """
        cut_back(self.hands, hand, actions)
