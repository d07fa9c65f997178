"""Bad input, thrown at every game the registry knows: each is refused with the package's own error, naming
what was wrong, and changes nothing.

* a seat that is no seat of the hand (4, -1, "0", None, 1.5, True, a huge number, a list) given to
  ``observation``, ``resample`` and ``known_to``: one seat check in the core
  (:func:`stytvolt.core.checks.seat`) says so.  A bool is no seat: Python counts ``True`` as 1, a table
  does not;
* ``resample(player, rng)`` with something that is no ``random.Random``;
* ``new(seed=...)`` with a seed that is no whole number (a list, a lone surrogate, text, a float, a bool);
* a saved hand, and a saved session, with each field (and the first items of its lists) replaced by a value
  of another type: the restore refuses it with a :class:`StytvoltError` or, where the value is one the
  field takes, restores; never a foreign error, and the saved data is left as it was;
* whole numbers written with other digits ("²" passes ``str.isdigit()`` but is no number anyone typed):
  the one reader of whole numbers (:func:`stytvolt.core.checks.whole_text`) refuses them wherever
  numbers are read from text.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from typing import Any, Callable, Iterator

import pytest

import stytvolt
from stytvolt import StytvoltError, learn
from stytvolt.core import checks
from stytvolt.core.players import RandomBot
from stytvolt.core.protocol import GameInfo

GAMES = stytvolt.games()

#: Each game's session (a game of many hands on one sheet): its class, and how to start a short one.
SESSIONS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "styrivolt": ("stytvolt.styrivolt.game:Game", lambda cls: cls(seed=7)),
    "sjavs": ("stytvolt.sjavs.rubber:Rubber", lambda cls: cls(7, players=3)),
    "klorsjavs": ("stytvolt.klorsjavs.game:KlorsjavsGame", lambda cls: cls(7, variant="auction", rounds=1)),
    "knorri": ("stytvolt.knorri.game:KnorriGame", lambda cls: cls(7, players=3, hands_to_play=2)),
    "brus": ("stytvolt.brus.game:BrusGame", lambda cls: cls(7, players=6)),
    "vira": ("stytvolt.vira.game:ViraGame", lambda cls: cls(7, players=4)),
}

#: Values of every JSON type (and Python's bool and float, which a field of another type must not take).
WRONG = [[], {}, [1], {"a": 1}, 1.5, None, True, "x", "\ud800", 10**30, -1]
BAD_SEATS = [-1, "0", None, 1.5, True, 10**30, [0]]


def game_id(info: GameInfo) -> str:
    return info.name


each_game = pytest.mark.parametrize("info", GAMES, ids=game_id)


def _session_class(info: GameInfo) -> Any:
    module, name = SESSIONS[info.name][0].split(":")
    return getattr(importlib.import_module(module), name)


def _play(state: Any, steps: int, seed: int) -> Any:
    """``steps`` random legal actions (fewer if the hand ends)."""
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(bot.choose(state.observation(state.current_player())))
    return state


def _mid_hand(info: GameInfo) -> Any:
    return _play(info.new(11), 6, 1)


def _session(info: GameInfo) -> Any:
    """A short session: up to 60 actions of its first hand and, if that hand ended, a few of the second."""
    game = SESSIONS[info.name][1](_session_class(info))
    hand = _play(game.deal(), 60, 3)
    if hand.is_terminal():
        if hasattr(game, "score"):
            game.score()  # Stýrivolt's game chalks a hand when told to
        if not getattr(game, "over", False):
            _play(game.deal(), 3, 4)
    return game


def test_every_game_of_the_registry_is_fuzzed() -> None:
    assert sorted(SESSIONS) == sorted(info.name for info in GAMES)


# -- seats ------------------------------------------------------------------------------------------------------


@each_game
def test_a_seat_that_is_no_seat_is_refused_naming_it_by_every_method_taking_one(info: GameInfo) -> None:
    state = _mid_hand(info)
    before = json.dumps(state.to_json())
    for bad in [state.num_players, *BAD_SEATS]:
        calls: dict[str, Callable[[], object]] = {
            "observation": lambda: state.observation(bad),
            "resample": lambda: state.resample(bad, random.Random(1)),
            "known_to": lambda: state.known_to(bad),
        }
        for method, call in calls.items():
            with pytest.raises(StytvoltError) as refused:
                call()
            said = str(refused.value)
            assert f"must be a seat from 0 to {state.num_players - 1}, not {checks.shown(bad)}" in said, (method, said)
    assert json.dumps(state.to_json()) == before  # nothing changed
    for seat in range(state.num_players):  # every real seat is still answered
        seen = state.observation(seat).to_json()
        assert state.resample(seat, random.Random(seat)).observation(seat).to_json() == seen


@each_game
@pytest.mark.parametrize("rng", [None, 5, "x", random], ids=["None", "int", "text", "module"])
def test_resample_refuses_what_is_no_random_generator(info: GameInfo, rng: object) -> None:
    state = _mid_hand(info)
    with pytest.raises(StytvoltError, match=f"rng must be a random.Random to draw from .*, not {checks.shown(rng)}"):
        state.resample(0, rng)  # type: ignore[arg-type]


@each_game
@pytest.mark.parametrize("seed", [[], "\ud800", "7", 1.5, True, {}], ids=["list", "surrogate", "text", "float", "bool", "dict"])
def test_a_seed_that_is_no_whole_number_is_refused_naming_it(info: GameInfo, seed: object) -> None:
    with pytest.raises(StytvoltError) as refused:
        info.new(seed)
    assert f"seed must be a whole number (or None: drawn at random), not {checks.shown(seed)}" in str(refused.value)
    assert info.new(None).num_players in info.players and info.new(2**70).to_json() == info.new(2**70).to_json()


def test_a_bool_is_no_seat_nor_a_number() -> None:
    with pytest.raises(StytvoltError, match="player must be a seat from 0 to 3, not True"):
        checks.seat(True, 4)
    with pytest.raises(StytvoltError, match="'dealer' must be a whole number from 0 to 3, not False"):
        checks.whole(False, "'dealer'", 0, 3)
    assert checks.seat(3, 4) == 3 and checks.whole(0, "x", 0, 3) == 0


# -- saved hands and sessions with fields of the wrong type ------------------------------------------------------


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of a saved object, and the first two items of each list, with what lies below them."""
    if isinstance(data, dict):
        for key in data:
            yield (*path, key)
            yield from _paths(data[key], (*path, key))
    elif isinstance(data, list):
        for i in range(min(len(data), 2)):
            yield (*path, i)
            yield from _paths(data[i], (*path, i))


def _with(data: Any, path: tuple[Any, ...], value: object) -> Any:
    changed = copy.deepcopy(data)
    place = changed
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return changed


def _fuzz_restore(saved: dict[str, Any], restore: Callable[[Any], Any], optional: dict[str, object]) -> int:
    """Restore ``saved`` with each field (and each optional field it lacks) given each wrong value."""
    data = {**saved, **optional}
    restore(copy.deepcopy(saved))  # the save itself restores
    tried = 0
    for path in [*_paths(data), ("no_such_field",)]:
        for value in WRONG:
            changed = _with(data, path, value)
            kept = copy.deepcopy(changed)
            try:
                restore(changed)
            except StytvoltError as err:
                if len(path) == 1 and path[0] not in ("v", "no_such_field"):
                    assert path[0].rstrip("s") in str(err), (path, value, str(err))  # the message names the field
            tried += 1
            assert changed == kept, path  # the saved data is left as it was
    return tried


#: Fields a game's saves carry only in some setups (here with a value they take), tried too.
OPTIONAL_HAND_FIELDS: dict[str, Callable[[], dict[str, object]]] = {
    "vira": lambda: {"rules": {}, "chips": importlib.import_module("stytvolt.vira.chips").HOUSE_CHIPS.to_json()},
}
#: More starts of a hand than ``new()`` makes: Knorri's phase-two positions save their hands and leader.
OTHER_HANDS: dict[str, Callable[[], Any]] = {
    "knorri": lambda: importlib.import_module("stytvolt.knorri.state").KnorriState.short(5, hand_size=4, players=3),
}
OPTIONAL_SESSION_FIELDS: dict[str, dict[str, object]] = {
    "styrivolt": {"unscored": False},
    "klorsjavs": {"rounds": 1},
}


@each_game
def test_a_saved_hand_with_a_field_of_the_wrong_type_is_refused_naming_it(info: GameInfo) -> None:
    starts = [_mid_hand(info)] + ([_play(OTHER_HANDS[info.name](), 3, 2)] if info.name in OTHER_HANDS else [])
    for state in starts:
        saved = json.loads(json.dumps(state.to_json()))
        optional = {k: v for k, v in OPTIONAL_HAND_FIELDS.get(info.name, dict)().items() if k not in saved}
        assert _fuzz_restore(saved, info.from_json, optional) > 50


@each_game
def test_a_saved_session_with_a_field_of_the_wrong_type_is_refused_naming_it(info: GameInfo) -> None:
    game = _session(info)
    saved = json.loads(json.dumps(game.to_json()))
    cls = _session_class(info)
    optional = {k: v for k, v in OPTIONAL_SESSION_FIELDS.get(info.name, {}).items() if k not in saved}
    assert _fuzz_restore(saved, cls.from_json, optional) > 50


# -- whole numbers written with other digits ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["²", "³", "١٧", "１７", "-1", "+1", "1_0", "1 0", "", " ", "1e3", "0x10", "9" * 40])
def test_the_reader_of_whole_numbers_takes_only_the_digits_0_to_9(text: str) -> None:
    with pytest.raises(StytvoltError, match="is a whole number from 0 to 99"):
        checks.whole_text(text, "it", 0, 99)


def test_the_reader_of_whole_numbers_takes_what_a_person_writes() -> None:
    assert [checks.whole_text(t, "it", 0, 99) for t in ("17", " 17 ", "007", "0")] == [17, 17, 7, 0]
    assert checks.whole_text(5, "it", 0, 9) == 5


def _puzzle_hints(text: str) -> object:
    """The puzzle room's hints taken, as a page sends them (the first game with puzzles)."""
    from stytvolt.web import handle
    from stytvolt.web.puzzles import puzzle_games

    answer = handle({"game": puzzle_games()[0], "widget": "puzzle", "params": {"hints": text}})
    if answer["ok"]:
        return answer
    raise StytvoltError(answer["error"])


def _cli_quiz_answer(text: str) -> object:
    import contextlib
    import io
    import sys

    from stytvolt.cli import main

    out = io.StringIO()
    stdin, sys.stdin = sys.stdin, io.StringIO(text + "\n")
    try:
        with contextlib.redirect_stdout(out):
            code = main(["quiz", "--kind", "trick-winner", "--seed", "1", "--count", "1"])
    finally:
        sys.stdin = stdin
    if "Type a number from 1 to" in out.getvalue():
        raise StytvoltError(f"{text!r} is no answer")  # asked again, as for any text that is no choice
    return code


#: Every place a whole number is read from text: what each one reads.
READERS: dict[str, Callable[[str], object]] = {
    "puzzle room hints": _puzzle_hints,
    "quiz level": lambda t: learn.question("styrivolt", "trick-winner", t, 1),
    "quiz seed": lambda t: learn.question("styrivolt", "trick-winner", 1, t),
    "Stýrivolt puzzle id": lambda t: importlib.import_module("stytvolt.analysis.puzzles").find("P00" + t + "8"),  # P0018, the first kept
    "Knorri puzzle id": lambda t: importlib.import_module("stytvolt.analysis.puzzles").find("K" + t),
    "puzzle level": lambda t: importlib.import_module("stytvolt.analysis.puzzles").listed("brus", t),
    "stytvolt quiz, an answer typed": _cli_quiz_answer,
}


@pytest.mark.parametrize("where", list(READERS))
@pytest.mark.parametrize("text", ["²", "³"])
def test_a_number_written_with_other_digits_is_refused_wherever_numbers_are_read(where: str, text: str) -> None:
    with pytest.raises(StytvoltError) as refused:
        READERS[where](text)
    assert text in str(refused.value) and "internal error" not in str(refused.value)  # it names what was read
    READERS[where]("1")  # the same place reads a number written in the digits 0-9
