"""Checks of the state protocol (:mod:`stytvolt.core.protocol`) that every game must pass.

Each ``check_*`` function takes a :class:`~stytvolt.core.protocol.GameInfo`
and a seed, plays random legal actions from ``info.new(seed, rules=...)``
to the end, and fails with an ``AssertionError`` naming the seed, the step
and what differed.  They know nothing of any one game: a game's own tests
may call them too (``from protocol.checks import check_steps``), and
``tests/protocol/test_protocol.py`` runs them for every registered game.

Every check takes the same keywords:

* ``rules``: a rules object (``info.rules(...)``); None plays the defaults.
  :func:`random_rules` draws one from the game's switches;
* ``options``: more keywords for ``info.new`` (Stýrivolt's ``dealer``);
* ``max_steps``: a playthrough longer than this fails (it must end).

What is compared: :func:`fingerprint` is a position as the protocol shows
it (``to_json()``, the player to move, the legal actions, ``returns()`` and
every player's observation).  ``to_json()`` alone would not do for undo,
clone and refused actions: a JSON form that lists the actions taken is
right even when the fields behind it are wrong.

Two optional hooks let the observation checks look inside a state (a game
without them is checked through ``to_json()`` and observations only):

* ``hands(state)``: each player's current cards (``info.extra["hands"]``,
  else a ``hands`` attribute of the state: a sequence of card sequences);
* ``known_to(state, player)``: the cards a player has seen
  (``info.extra["known_to"]``, else a ``known_to(player)`` method).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Mapping

from stytvolt.core.errors import IllegalAction, StytvoltError
from stytvolt.core.explain import Reason
from stytvolt.core.protocol import GameInfo, GameState

__all__ = [
    "DEFAULT_MAX_STEPS", "ObservationStats",
    "random_rules", "start", "fingerprint", "diff", "card_pattern", "cards_mentioned",
    "check_steps", "check_undo", "check_clone", "check_observation", "check_all",
]

#: A playthrough longer than this fails: every game must end.
DEFAULT_MAX_STEPS = 2_000


# -- positions ---------------------------------------------------------------------------


def random_rules(info: GameInfo, rng: random.Random) -> Any:
    """Rules with every switch drawn at random from the values it takes (``info.switches``)."""
    data: dict[str, Any] = {}
    for s in info.switches:
        if isinstance(s.default, bool):
            data[s.name] = rng.random() < 0.5
        elif isinstance(s.default, Enum):
            data[s.name] = rng.choice(s.choices)  # the value's text: check_switches reads it
        else:
            data[s.name] = s.default
    return info.rules(**data)


def start(info: GameInfo, seed: int, rules: Any = None, options: Mapping[str, Any] | None = None) -> GameState:
    """``info.new(seed, rules=rules, **options)``, checked: a GameState, its player count one of the game's."""
    state = info.new(seed, rules=rules if rules is not None else info.rules(), **dict(options or {}))
    assert isinstance(state, GameState), f"{info.name}: new() gave {type(state).__name__}, not a GameState"
    assert state.num_players in info.players, f"{info.name}: {state.num_players} players, not one of {info.players}"
    return state


def fingerprint(state: GameState) -> dict[str, Any]:
    """The position as the protocol shows it: JSON, player to move, legal actions, returns, every observation."""
    return {
        "json": state.to_json(),
        "terminal": state.is_terminal(),
        "player": state.current_player(),
        "legal": [str(a) for a in state.legal_actions()],
        "returns": list(state.returns()),
        "observations": [state.observation(p).to_json() for p in range(state.num_players)],
    }


def diff(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ (for failure messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return diff(a.get(key, "<missing>"), b.get(key, "<missing>"), f"{path}.{key}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return diff(x, y, f"{path}[{i}]")
    return f"{path or 'value'}: {_short(a)} != {_short(b)}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 300 else text[:300] + "…"


def _same(got: Any, want: Any, where: str) -> None:
    assert got == want, f"{where}: {diff(got, want)}"


def _pure_json(value: Any, where: str) -> None:
    """JSON-serialisable, and read back equal (no tuples, sets, non-text keys or NaN)."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as err:
        raise AssertionError(f"{where}: not JSON-serialisable: {err}") from None
    _same(json.loads(text), value, f"{where}: JSON text read back")


class _Run:
    """One playthrough's bookkeeping: the seed and step for messages, the policy's random numbers."""

    def __init__(self, info: GameInfo, seed: int, rules: Any, options: Mapping[str, Any] | None,
                 max_steps: int, salt: int) -> None:
        self.info, self.seed, self.max_steps = info, seed, max_steps
        self.rules = rules if rules is not None else info.rules()
        self.options = dict(options or {})
        self.rng = random.Random(seed * 1_000_003 + salt)
        self.state = start(info, seed, self.rules, self.options)
        self.actions: list[Any] = []

    def where(self, what: str = "") -> str:
        rules = getattr(self.rules, "to_json", lambda: self.rules)()
        text = (f"{self.info.name} seed={self.seed} rules={rules} options={self.options} "
                f"after {len(self.actions)} actions {[str(a) for a in self.actions]}")
        return f"{text}: {what}" if what else text

    def legal(self, state: GameState | None = None) -> list[Any]:
        state = self.state if state is None else state
        legal = list(state.legal_actions())
        if state.is_terminal():
            assert not legal, self.where(f"legal actions {[str(a) for a in legal]} after the end")
        else:
            assert legal, self.where("no legal action before the end")
        return legal

    def step(self) -> Any:
        """Apply a random legal action to the state; return it."""
        assert len(self.actions) < self.max_steps, self.where(f"not over after {self.max_steps} actions")
        action = self.rng.choice(self.legal())
        self.state.apply(action)
        self.actions.append(action)
        return action


# -- every step ------------------------------------------------------------------------------


def _scout_actions(info: GameInfo, seed: int, run: _Run) -> dict[str, Any]:
    """Every action legal somewhere in another playthrough: the refused actions are drawn from these."""
    scout = _Run(info, seed + 1, run.rules, run.options, run.max_steps, salt=7)
    seen: dict[str, Any] = {}
    while not scout.state.is_terminal():
        for a in scout.legal():
            seen.setdefault(str(a), a)
        scout.step()
    return seen


def _check_refused(run: _Run, action: Any, legal_texts: set[str]) -> None:
    state = run.state
    before = fingerprint(state)
    try:
        state.apply(action)
    except IllegalAction as err:
        assert isinstance(err.reason, Reason), run.where(f"{action} refused with reason {err.reason!r}, not a Reason")
    except Exception as err:  # noqa: BLE001 (the protocol says IllegalAction, nothing else)
        raise AssertionError(run.where(f"{action} (not legal) raised {type(err).__name__}: {err}, not IllegalAction")) from err
    else:
        raise AssertionError(run.where(f"{action} is not among the legal actions {sorted(legal_texts)}, "
                                       "yet apply() accepted it"))
    _same(fingerprint(state), before, run.where(f"the refused {action} changed the position"))


def check_steps(info: GameInfo, seed: int, *, rules: Any = None, options: Mapping[str, Any] | None = None,
                zero_sum: bool = True, max_steps: int = DEFAULT_MAX_STEPS, refusals: int = 3) -> int:
    """One random playthrough, every step checked.  Returns the number of actions it took.

    At every step: ``to_json()`` round-trips through ``from_json`` (as a dict
    and through JSON text) to the same position; ``current_player()`` is a
    player and ``legal_actions()`` is non-empty and distinct until the end,
    then empty and -1; ``returns()`` has a score per player, all 0 before the
    end; every legal action's text parses back to that action; ``refusals``
    actions that are not legal (drawn from those legal in another
    playthrough) raise :class:`IllegalAction` with a :class:`Reason` and
    change nothing.  The same seed deals the same position twice.  At the
    end, the returns sum to 0 when ``zero_sum``.
    """
    run = _Run(info, seed, rules, options, max_steps, salt=1)
    _same(start(info, seed, run.rules, run.options).to_json(), run.state.to_json(),
          run.where("the same seed started another position"))
    pool = _scout_actions(info, seed, run)
    n = run.state.num_players
    while True:
        state = run.state
        data = state.to_json()
        _pure_json(data, run.where("to_json()"))
        again = info.from_json(data)
        _same(fingerprint(again), fingerprint(state), run.where("from_json(to_json()) is another position"))
        text = json.dumps(data)
        _same(info.from_json(json.loads(text)).to_json(), data, run.where("to_json() through JSON text"))
        returns = list(state.returns())
        assert len(returns) == n, run.where(f"returns() {returns} has {len(returns)} entries for {n} players")
        assert all(isinstance(r, (int, float)) and not isinstance(r, bool) for r in returns), run.where(f"returns() {returns}")
        legal = run.legal()
        if state.is_terminal():
            assert state.current_player() == -1, run.where(f"current_player() is {state.current_player()} after the end")
            if zero_sum:
                assert sum(returns) == 0, run.where(f"returns() {returns} do not sum to 0")
            everything = list(pool.values())
            for action in run.rng.sample(everything, min(refusals, len(everything))):
                _check_refused(run, action, set())
            return len(run.actions)
        assert 0 <= state.current_player() < n, run.where(f"current_player() is {state.current_player()}")
        assert returns == [0] * n, run.where(f"returns() {returns} before the end")
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts), run.where(f"legal_actions() repeats an action: {texts}")
        for a in legal:
            parsed = info.parse_action(str(a))
            assert parsed == a and hash(parsed) == hash(a), run.where(f"{str(a)!r} parses to {parsed!r}, not {a!r}")
            pool.setdefault(str(a), a)
        wrong = [a for t, a in pool.items() if t not in set(texts)]
        for action in run.rng.sample(wrong, min(refusals, len(wrong))):
            _check_refused(run, action, set(texts))
        run.step()


# -- undo -----------------------------------------------------------------------------------------


def check_undo(info: GameInfo, seed: int, *, rules: Any = None, options: Mapping[str, Any] | None = None,
               max_steps: int = DEFAULT_MAX_STEPS, pairs: float = 0.5) -> None:
    """``undo()`` takes every action back exactly.

    Playing forward, at a ``pairs`` share of the steps a random legal action
    is applied and undone at once, and must give back the same position.
    At the end, undoing step by step back to the deal gives back each
    position in turn (its :func:`fingerprint`), and returns the action
    taken; with nothing left ``undo()`` raises a StytvoltError and changes
    nothing.  Replaying the same actions then reaches the same positions,
    and so does a fresh state that never undid anything (this catches a
    hidden field, such as a face-down stock, that an undo got wrong: the
    play that reveals it differs).
    """
    run = _Run(info, seed, rules, options, max_steps, salt=2)
    state = run.state
    prints = [fingerprint(state)]
    while not state.is_terminal():
        if run.rng.random() < pairs:
            other = run.rng.choice(run.legal())
            state.apply(other)
            undone = state.undo()
            assert undone is None or undone == other, run.where(f"undo() after {other} gave back {undone}")
            _same(fingerprint(state), prints[-1], run.where(f"apply({other}) then undo() is another position"))
        run.step()
        prints.append(fingerprint(state))
    for i in range(len(run.actions), 0, -1):
        undone = state.undo()
        action = run.actions[i - 1]
        assert undone is None or undone == action, run.where(f"undo() of action {i} ({action}) gave back {undone}")
        _same(fingerprint(state), prints[i - 1], run.where(f"undoing back to {i - 1} actions"))
    try:
        state.undo()
    except StytvoltError:
        pass
    else:
        raise AssertionError(run.where("undo() at the start raised nothing"))
    _same(fingerprint(state), prints[0], run.where("the refused undo() at the start changed the position"))
    for i, action in enumerate(run.actions, 1):
        state.apply(action)
        _same(fingerprint(state), prints[i], run.where(f"replaying action {i} ({action}) after undoing everything"))
    fresh = start(info, seed, run.rules, run.options)
    for i, action in enumerate(run.actions, 1):
        fresh.apply(action)
        _same(prints[i], fingerprint(fresh), run.where(f"action {i} ({action}), played with applies and undos "
                                                       "between, is not the position a fresh playthrough reaches"))


# -- clone ----------------------------------------------------------------------------------------


def check_clone(info: GameInfo, seed: int, *, rules: Any = None, options: Mapping[str, Any] | None = None,
                max_steps: int = DEFAULT_MAX_STEPS, clones: int = 3, moves: int = 4) -> None:
    """``clone()`` is independent both ways.

    At ``clones`` random steps a clone is taken; it plays up to ``moves``
    random actions and undoes them and as many before the cloning point,
    while the original must not change; then the clone is set back to where
    it was taken (by replaying) and kept.  The original plays on to the end,
    and every kept clone must still be the position it was taken at, and
    play out to a position ``from_json`` agrees with.
    """
    run = _Run(info, seed, rules, options, max_steps, salt=3)
    state = run.state
    length = _length(info, seed, run)
    at = set(run.rng.sample(range(length + 1), min(clones, length + 1)))
    kept: list[tuple[int, GameState, dict[str, Any]]] = []
    while True:
        if len(run.actions) in at:
            before = fingerprint(state)
            twin = state.clone()
            assert twin is not state, run.where("clone() returned the state itself")
            _same(fingerprint(twin), before, run.where("the clone is another position"))
            played = []
            for _ in range(moves):
                if twin.is_terminal():
                    break
                a = run.rng.choice(run.legal(twin))
                twin.apply(a)
                played.append(a)
            back = min(len(run.actions) + len(played), len(played) + run.rng.randint(0, 3))
            for _ in range(back):
                twin.undo()
            _same(fingerprint(state), before, run.where(f"the clone's {[str(a) for a in played]} and "
                                                        f"{back} undos changed the original"))
            for a in (run.actions + played)[len(run.actions) + len(played) - back:len(run.actions)]:
                twin.apply(a)
            _same(fingerprint(twin), before, run.where("the clone, undone and replayed, is another position"))
            kept.append((len(run.actions), twin, before))
        if state.is_terminal():
            break
        run.step()
    for step, twin, then in kept:
        _same(fingerprint(twin), then, run.where(f"the original playing on changed its clone taken after {step} actions"))
        played = []
        while not twin.is_terminal():
            assert len(played) < max_steps, run.where(f"a clone is not over after {max_steps} actions")
            a = run.rng.choice(run.legal(twin))
            twin.apply(a)
            played.append(a)
        _same(fingerprint(twin), fingerprint(info.from_json(twin.to_json())),
              run.where(f"the clone taken after {step} actions, played on by {[str(a) for a in played]}, "
                        "is not the position its JSON restores"))


def _length(info: GameInfo, seed: int, run: _Run) -> int:
    """How many actions this run's playthrough takes (the same policy on a twin run)."""
    twin = _Run(info, seed, run.rules, run.options, run.max_steps, salt=3)
    while not twin.state.is_terminal():
        twin.step()
    return len(twin.actions)


# -- observation and resample -------------------------------------------------------------------


@dataclass
class ObservationStats:
    """What :func:`check_observation` looked at, so a caller can tell that it could have failed."""

    observations: int = 0
    resamples: int = 0
    changed: int = 0  # resamples in which another player's cards (or, without the hook, the position) changed
    hands_compared: int = 0  # (p, q) pairs the direct check looked at
    hooks: bool = False  # whether the game has the hands and known_to hooks (without, no direct check)


def _hands_hook(info: GameInfo) -> Callable[[GameState], list[list[str]]] | None:
    hook = info.extra.get("hands")
    if hook is not None:
        return lambda s: [[str(c) for c in h] for h in hook(s)]

    def from_attribute(state: GameState) -> list[list[str]]:
        return [[str(c) for c in h] for h in getattr(state, "hands")]

    return from_attribute


def _known_hook(info: GameInfo) -> Callable[[GameState, int], set[str]] | None:
    hook = info.extra.get("known_to")
    if hook is not None:
        return lambda s, p: {str(c) for c in hook(s, p)}

    def from_method(state: GameState, p: int) -> set[str]:
        return {str(c) for c in getattr(state, "known_to")(p)}

    return from_method


def card_pattern(info: GameInfo) -> re.Pattern[str]:
    """A pattern finding every card of the game's pack in a text, by its text (``H5``) or symbol (``♥5``)."""
    names: dict[str, str] = {}
    for card in info.pack:
        names[str(card)] = str(card)
        symbol = getattr(card, "symbol", None)
        if isinstance(symbol, str) and symbol:
            names[symbol] = str(card)
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    # Not followed by a mark either: Knorri's two-pack game writes its marked two of clubs C2*, another card than C2.
    return re.compile(rf"(?<![0-9A-Za-z])(?:{alternatives})(?![0-9A-Za-z*])")


def cards_mentioned(info: GameInfo, data: Any, pattern: re.Pattern[str] | None = None) -> set[str]:
    """The cards a JSON value names anywhere (as text, ``H5``, or symbol, ``♥5``), by their text."""
    pattern = pattern or card_pattern(info)
    by_symbol = {getattr(c, "symbol", str(c)): str(c) for c in info.pack}
    found = set()
    for name in pattern.findall(json.dumps(data, ensure_ascii=False)):
        found.add(by_symbol.get(name, name))
    return found


def _has(hook: Callable[..., Any] | None, *args: Any) -> bool:
    if hook is None:
        return False
    try:
        hook(*args)
    except (AttributeError, TypeError):
        return False
    return True


def check_observation(info: GameInfo, seed: int, *, rules: Any = None, options: Mapping[str, Any] | None = None,
                      max_steps: int = DEFAULT_MAX_STEPS, share: float = 0.25) -> ObservationStats:
    """Observations show a player what they may see and nothing else.

    At the start, at the end and at a ``share`` of the steps between, for
    every player p: ``observation(p).to_json()`` is pure JSON and names p;
    ``resample(p, rng)`` leaves the state as it was and gives a position
    (that ``from_json`` restores) in which p's observation is the same, as
    it is in a resample of that resample; and for every other player q
    holding 3 cards or more, not all of q's cards are named in p's
    observation unless p has seen them all (with the hooks; nor any one
    card q holds that p has not seen).  Returns what was looked at
    (:class:`ObservationStats`): a caller should require some ``changed``
    resamples over its playthroughs, or the resample check could not fail.
    """
    run = _Run(info, seed, rules, options, max_steps, salt=4)
    state = run.state
    hands = _hands_hook(info) if _has(_hands_hook(info), state) else None
    seen_by = _known_hook(info) if _has(_known_hook(info), state, 0) else None
    pattern = card_pattern(info)
    stats = ObservationStats(hooks=hands is not None and seen_by is not None)
    n = state.num_players
    while True:
        if not run.actions or state.is_terminal() or run.rng.random() < share:
            before = fingerprint(state)
            for p in range(n):
                obs = state.observation(p)
                data = obs.to_json()
                _pure_json(data, run.where(f"observation({p}).to_json()"))
                assert obs.player == p, run.where(f"observation({p}).player is {obs.player}")
                stats.observations += 1
                r = state.resample(p, run.rng)
                stats.resamples += 1
                assert r is not state, run.where(f"resample({p}) returned the state itself")
                _same(fingerprint(state), before, run.where(f"resample({p}) changed the state"))
                _same(r.observation(p).to_json(), data,
                      run.where(f"player {p} can tell a resample from the position (resample {r.to_json()})"))
                _same(info.from_json(r.to_json()).to_json(), r.to_json(), run.where(f"resample({p}) does not round-trip"))
                rr = r.resample(p, run.rng)
                _same(rr.observation(p).to_json(), data,
                      run.where(f"player {p} can tell a resample of a resample from the position "
                                f"(resample {rr.to_json()})"))
                if hands is not None:
                    mine, theirs = hands(state), hands(r)
                    if any(sorted(mine[q]) != sorted(theirs[q]) for q in range(n) if q != p):
                        stats.changed += 1
                elif r.to_json() != state.to_json():
                    stats.changed += 1
                if hands is not None and seen_by is not None:
                    seen = seen_by(state, p)
                    named = cards_mentioned(info, data, pattern)
                    for q, cards in enumerate(hands(state)):
                        if q == p:
                            continue
                        leaked = (set(cards) & named) - seen
                        assert not leaked, run.where(
                            f"player {p}'s observation names {sorted(leaked)}, held by player {q} and unseen by {p}")
                        if len(cards) < 3 or set(cards) <= seen:
                            continue
                        stats.hands_compared += 1
                        assert not set(cards) <= named, run.where(
                            f"player {p}'s observation names every card player {q} holds {sorted(cards)}, "
                            f"unseen by {p}: {sorted(set(cards) - seen)}")
        if state.is_terminal():
            return stats
        run.step()


def check_all(info: GameInfo, seed: int, *, rules: Any = None, options: Mapping[str, Any] | None = None,
              zero_sum: bool = True, max_steps: int = DEFAULT_MAX_STEPS) -> ObservationStats:
    """Every check above on one seed; returns :func:`check_observation`'s stats."""
    kw: dict[str, Any] = {"rules": rules, "options": options, "max_steps": max_steps}
    check_steps(info, seed, zero_sum=zero_sum, **kw)
    check_undo(info, seed, **kw)
    check_clone(info, seed, **kw)
    return check_observation(info, seed, **kw)
