"""The coach: a hint for a decision of yours, and the reason behind a computer's move, in the game's own words.

:func:`hint` asks the strongest fair computer player (the ``expert`` of
:func:`~stytvolt.analysis.players.player`) what it would do in ``player``'s
seat, from ``state.observation(player)`` alone, and returns a :class:`Hint`:
the action, the reason a learner reads, the figures the choice rests on (the
deals pictured and each action's mean result) and the level that chose it.
:func:`why` gives the same for a move a computer player already made: the
same player, with the same seed, shown the same observation, decides again,
and its reason is read back.

A reason has two parts, idea first:

* the **idea** the move serves, in the game's own words ("it draws the
  opponents' trumps before they can ruff"), from the game's declared
  ``coach`` part (``stytvolt.<game>.coach``): its ``IDEAS`` (each an
  :class:`Idea`, listed with an example on the game's tactics page) and its
  ``idea(obs, action)``, which reads the move against what the seat sees and
  gives the idea's key and its sentence, or None when no idea fits; the
  sentence may name the action's card and any card the observation shows,
  and names seats as "this player", "the partner", "the opponents";
* the **figures**: for a player that pictured deals, how many, how many it
  solved exactly, and each considered action's mean result in the game's unit
  (the coach part's ``UNIT``: "game points", "strokes"…); for a rule of thumb,
  the rule, in its own words.

Nothing here sees a card the seat has not seen: the player decides on the
observation (the same hint whatever the hidden cards, which
``tests/analysis/test_coach.py`` checks by dealing them afresh), and a reason
told to someone else (``learner``: the seat reading it, at the table South)
says every card that reader has not seen as "a hidden card", until the hand is
over.  Seats are named by the caller (``names``), as at the table.

:func:`hint_steps` and :func:`why_steps` are the same as generators yielding
progress (0 to 1), so the browser's worker runs them in slices and can cancel
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generator, Sequence

from stytvolt.core import registry
from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason
from stytvolt.core.protocol import GameInfo, GameState, run_to_end
from stytvolt.core.words import counted, hidden_words, noun_for
from stytvolt.analysis.games import game_of

__all__ = ["Idea", "Figures", "Hint", "hint", "hint_steps", "why", "why_steps", "ideas", "action_words", "seen_cards",
           "COACH_LEVEL", "amount", "cost_words", "decision_words", "review_summary", "said"]

#: The level whose choice a hint gives: the strongest fair player of every game.
COACH_LEVEL = "expert"


@dataclass(frozen=True)
class Idea:
    """One idea of a game's play, as its tactics page lists it: ``key`` (its anchor there, "draw-trumps"),
    ``name`` ("Drawing trumps") and ``example`` (one line showing it at the table)."""

    key: str
    name: str
    example: str


@dataclass(frozen=True)
class Figures:
    """What a choice rests on: ``worlds`` deals pictured that fit what the seat has seen, ``solved`` of them settled
    exactly by the solver, ``scores`` each considered action's mean result over them (by the action's text, in
    ``returns()`` units, which ``unit`` names); all empty for a choice by rule of thumb, whose ``rule`` says it."""

    worlds: int = 0
    solved: int = 0
    scores: dict[str, float] = field(default_factory=dict)
    unit: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Hint:
    """A choice with its reason: ``action`` (its text, one of the seat's legal actions), ``reason`` (the sentences a
    learner reads: the idea, then the figures), ``figures`` (:class:`Figures`), ``level`` (the player level that
    chose it) and ``idea`` (the key of the game's :class:`Idea` it serves, "" for none)."""

    action: str
    reason: str
    figures: Figures
    level: str
    idea: str = ""


def _info(state: object) -> GameInfo:
    name = game_of(type(state))
    if name is None or not isinstance(state, GameState):
        raise InvalidPosition(f"the coach reads a state of one of the games, not {type_name(state)}")
    return registry.game(name)


def _coach(info: GameInfo) -> Any:
    return info.part("coach") if getattr(info, "coach", "") else None


def ideas(game: str) -> tuple[Idea, ...]:
    """The ideas of ``game`` (a registry name) the coach names, in the order its tactics page lists them."""
    part = _coach(registry.game(game))
    return tuple(getattr(part, "IDEAS", ())) if part is not None else ()


def action_words(action: Any) -> str:
    """An action as a reason names it: a card played is the card (♥A); any other action its words with each card
    written as people write it ("discard ♠2", "exchange ♥7 ♠8", "bid 6 clubs")."""
    if isinstance(action, Card):
        return action.symbol
    words = str(action).split()
    named = [_card_word(w) for w in words]
    kind = getattr(getattr(action, "kind", None), "value", getattr(action, "kind", None))
    cards = [c for c in named if c]
    if len(cards) == 1 and (len(words) == 1 or kind in ("play", "card")):
        return cards[0]
    return " ".join(c or w for c, w in zip(named, words))


def _card_word(token: str) -> str:
    """The card a token of an action's text names, as people write it (♥A), or "" if it names none."""
    if not 2 <= len(token) <= 3:
        return ""
    try:
        return Card.parse(token).symbol
    except Exception:  # noqa: BLE001 (a word that is no card)
        return ""


def seen_cards(state: GameState, seat: int) -> set[str]:
    """Every card ``seat`` may know of in ``state``, written like ♥A: whatever its observation shows (its hand, the
    cards played, what lies face up)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            if _card_word(value):
                found.add(_card_word(value))
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    walk(state.observation(seat).to_json())
    return found


def _check_seat(state: GameState, player: object, what: str) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.num_players:
        raise InvalidPosition(f"the {what} is a seat from 0 to {state.num_players - 1}, not {player!r}")
    return player


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidPosition(f"a seed is a whole number, not {type_name(seed)}")
    return seed


def _player(info: GameInfo, state: Any, level: str, seed: int) -> Any:
    from stytvolt.analysis.players import player

    return player(info.name, level, seed, getattr(state, "rules", None))


def _decided(bot: Any, obs: Any) -> Generator[float, None, Any]:
    """The player's decision on ``obs`` (its ``think``, ``decide`` or ``choose``), yielding progress."""
    think = getattr(bot, "think", None)
    if think is not None:
        return (yield from think(obs))
    decide = getattr(bot, "decide", None)
    return decide(obs) if decide is not None else bot.choose(obs)


def _unit(part: Any, where: Any = None) -> tuple[str, str | None]:
    """The game's unit (what ``returns()`` counts) as a noun, and its plural where it is not regular: the coach part's
    ``units(where)`` for a game whose unit differs with the hand (``where``: its state or a seat's observation), else
    its ``UNIT`` and ``UNIT_PLURAL``."""
    if part is None:
        return "", None
    units = getattr(part, "units", None)
    if units is not None and where is not None:
        noun, plural_form = units(where)
        return str(noun), plural_form
    return str(getattr(part, "UNIT", "")), getattr(part, "UNIT_PLURAL", None)


def _figures(game: str, part: Any, obs: Any, decision: Any, names: Sequence[str] | None) -> Figures:
    noun, plural_form = _unit(part, obs)
    unit = noun_for(2, noun, plural_form) if noun else ""
    reason = getattr(decision, "reason", None)
    if isinstance(reason, Reason):
        return Figures(unit=unit, rule=reason.render(seats=list(names) if names is not None else None))
    scores = dict(getattr(decision, "scores", None) or {})
    worlds = int(getattr(decision, "worlds", 0) or getattr(decision, "deals", 0) or 0)
    solved = int(getattr(decision, "solved", 0) or 0)
    if not scores:
        rule = _thumb(game, obs, getattr(decision, "action", decision), names)
        return Figures(unit=unit, rule=rule or str(getattr(decision, "why", "") or ""))
    return Figures(worlds, solved, {t: round(float(v), 3) for t, v in scores.items()}, unit)


def _thumb(game: str, obs: Any, action: Any, names: Sequence[str] | None) -> str:
    """The game's rule of thumb behind ``action``, in its own words, where its rules-of-thumb player would choose it
    ("" otherwise): the reason of a strong player that leaves a decision (a bid, the trump) to its rules of thumb."""
    from stytvolt.analysis.players import sampling_of

    parts = sampling_of(game)
    if parts is None:
        return ""
    choice = parts.simple(0).decide(obs)
    reason = getattr(choice, "reason", None)
    if str(getattr(choice, "action", None)) != str(action) or not isinstance(reason, Reason):
        return ""
    return reason.render(seats=list(names) if names is not None else None)


def _number(value: float, unit: str) -> str:
    sign = "+" if value > 0.0005 else "−" if value < -0.0005 else ""
    return (f"{sign}{abs(value):.2f}" if sign else "0") + (f" {unit}" if unit else "")


def _figures_words(figures: Figures, chosen: str, by_text: dict[str, Any], who: str, has: str) -> str:
    """The figures as a sentence: the deals pictured and each action's mean, best first (at most four named)."""
    if not figures.scores:
        return figures.rule
    how = ("solved exactly" if figures.solved == figures.worlds else
           "each played out" if not figures.solved else f"{figures.solved} of them solved exactly, the rest played out")
    worded = {t: action_words(by_text[t]) if t in by_text else t for t in figures.scores}
    said = (f"In {counted(figures.worlds, 'deal')} that fit what {who} {has} seen ({how}), "
            f"{worded.get(chosen, chosen)} scored {_number(figures.scores.get(chosen, 0.0), figures.unit)} on average")
    others = sorted((t for t in figures.scores if t != chosen), key=lambda t: -figures.scores[t])
    if not others:
        return said + "."
    named = [f"{worded[t]} {_number(figures.scores[t], '')}" for t in others[:3]]
    rest = len(others) - len(named)
    tail = ", ".join(named) + (f"; {counted(rest, 'other choice')} scored no more" if rest else "")
    return said + f"; {tail}."


def _idea(part: Any, obs: Any, action: Any) -> tuple[str, str]:
    if part is None or not hasattr(part, "idea"):
        return "", ""
    found = part.idea(obs, action)
    if not found:
        return "", ""
    key, sentence = found
    return str(key), str(sentence)


def _reason(part: Any, obs: Any, action: Any, figures: Figures, legal: Sequence[Any], who: str, has: str
            ) -> tuple[str, str]:
    if len(legal) == 1:  # no idea chose it: the rules did
        return "", f"{action_words(action)} was the only choice the rules allowed."
    key, sentence = _idea(part, obs, action)
    by_text = {str(a): a for a in legal}
    numbers = _figures_words(figures, str(action), by_text, who, has)
    return key, " ".join(s for s in (sentence, numbers) if s)


def hint_steps(state: GameState, player: int, seed: int = 0, *, names: Sequence[str] | None = None
               ) -> Generator[float, None, Hint]:
    """:func:`hint`, yielding progress (0 to 1) as the player pictures deals."""
    info = _info(state)
    if state.is_terminal():
        raise InvalidPosition("the hand is over: there is no decision to hint at")
    seat = _check_seat(state, player, "player")
    _check_seed(seed)
    if state.current_player() != seat:
        raise InvalidPosition(f"it is seat {state.current_player()}'s decision, not seat {seat}'s")
    obs = state.observation(seat)
    legal = list(state.legal_actions())
    part = _coach(info)
    decision = yield from _decided(_player(info, state, COACH_LEVEL, seed), obs)
    action = getattr(decision, "action", decision)
    figures = _figures(info.name, part, obs, decision, names)
    key, reason = _reason(part, obs, action, figures, legal, "you", "have")
    return Hint(str(action), reason, figures, COACH_LEVEL, key)


def hint(state: GameState, player: int, seed: int = 0, *, names: Sequence[str] | None = None) -> Hint:
    """The strongest fair player's choice for ``player`` (a seat, the one to move) in ``state``, from that seat's
    observation only, with its reason and figures; the same seed always gives the same hint.  ``names``: the seats'
    names, for a rule of thumb that names a seat."""
    return run_to_end(hint_steps(state, player, seed, names=names))


def why_steps(state: GameState, player: int, action: Any, seed: int = 0, *, level: str = COACH_LEVEL,
              learner: int | None = None, names: Sequence[str] | None = None) -> Generator[float, None, Hint]:
    """:func:`why`, yielding progress (0 to 1) as the player pictures deals."""
    info = _info(state)
    seat = _check_seat(state, player, "player")
    _check_seed(seed)
    if learner is not None:
        _check_seat(state, learner, "learner")
    if state.is_terminal() or state.current_player() != seat:
        raise InvalidPosition(f"seat {seat} has no decision to make here")
    legal = list(state.legal_actions())
    by_text = {str(a): a for a in legal}
    if str(action) not in by_text:
        raise InvalidPosition(f"{str(action)!r} is not one of seat {seat}'s legal actions here")
    taken = by_text[str(action)]
    obs = state.observation(seat)
    part = _coach(info)
    decision = yield from _decided(_player(info, state, level, seed), obs)
    chosen = getattr(decision, "action", decision)
    figures = _figures(info.name, part, obs, decision, names)
    if str(chosen) != str(taken) and str(taken) not in figures.scores:
        # another player, seed or level made it, and these figures say nothing of it: the idea alone
        figures = Figures(unit=figures.unit)
    key, reason = _reason(part, obs, taken, figures, legal, "this player", "has")
    if not reason:
        reason = f"{action_words(taken)} is not the choice this player's level would make here."
    if learner is not None and learner != seat:
        state_after = state.clone()
        state_after.apply(taken)
        if not state_after.is_terminal():
            known = seen_cards(state_after, learner)  # a card played is seen now; one laid away face down is not
            reason, _ = hidden_words(reason, known)
    return Hint(str(taken), reason, figures, level, key)


def why(state: GameState, player: int, action: Any, seed: int = 0, *, level: str = COACH_LEVEL,
        learner: int | None = None, names: Sequence[str] | None = None) -> Hint:
    """The reason ``player``'s computer player at ``level`` (with ``seed``) took ``action`` in ``state`` (the moment
    just before it): the idea it serves, then the figures.  ``learner``: the seat the reason is told to, whose
    unseen cards it says as "a hidden card" until the hand is over."""
    return run_to_end(why_steps(state, player, action, seed, level=level, learner=learner, names=names))



# -- the review in words: one place, so the site and the terminal say the same ---------------------------------


def amount(game: str, value: float, hand: Any = None) -> str:
    """A value of ``game``'s ``returns()`` in words with its unit ("3 game points", "1.5 strokes", "2 øre"); a game's
    coach part may word its own (``amount(value)``: Knorri's getting out or not)."""
    part = _coach(registry.game(game))
    own = getattr(part, "amount", None) if part is not None else None
    if own is not None:
        return str(own(value))
    noun, plural_form = _unit(part, hand)
    value = round(float(value), 2)
    number: float = int(value) if value == int(value) else value
    text = counted(number, noun, plural_form) if noun else f"{number:g}"
    return text.replace("-", "−", 1) if text.startswith("-") else text


def cost_words(game: str, cost: float, value: float | None = None, hand: Any = None) -> str:
    """What a mistake cost, as a review says it after the action ("cost 3 game points"); a game's coach part may say
    its own (``cost_words(cost, value)``, ``value`` what the action taken was worth when known: Knorri's "let slip a
    sure way out", when the action lost the game and a better one got out)."""
    part = _coach(registry.game(game))
    own = getattr(part, "cost_words", None) if part is not None else None
    return str(own(cost, value)) if own is not None else f"cost {amount(game, cost, hand)}"


def said(game: str, text: str) -> str:
    """An action's text (as ``str(action)`` writes it) as a reason names it: the card it plays (♥A), else its text."""
    try:
        return action_words(registry.game(game).parse_action(text))
    except Exception:  # noqa: BLE001 (an action no parser reads stays as written)
        return text


def decision_words(game: str, decision: Any, hand: Any = None) -> str:
    """One decision of a review (:class:`~stytvolt.analysis.review.Decision`) in a sentence: what was done, whether it
    kept the value, and for a mistake its cost and the best choice."""
    done = said(game, decision.action)
    best = [said(game, t) for t in decision.best]
    best_words = " or ".join(best[:3]) + (" (among others)" if len(best) > 3 else "")
    if decision.solved and not decision.exact and decision.cost is None:
        return f"{done}: not settled in the time the review had."
    if decision.solved:
        if not decision.mistake:
            return f"{done} kept the value ({amount(game, decision.value, hand)} with best play)." + (
                "" if decision.exact else " (Settled only in part: the review ran out of time.)")
        tail = "" if decision.exact else " (Settled only in part: the review ran out of time.)"
        return (f"{done} {cost_words(game, decision.cost, decision.value, hand)}: {best_words} was best, worth "
                f"{amount(game, decision.best_value, hand)}.{tail}")
    if decision.cost is None:
        if best and best[0] != done:
            return f"{done}: before the play, the expert's rules of thumb would choose {best_words}."
        return f"{done}: before the play, the expert's rules of thumb choose the same."
    if not decision.mistake:
        return f"{done}: the expert's pictured deals rate it best ({amount(game, decision.value, hand)} on average)."
    return (f"{done}: the expert's pictured deals rate {best_words} higher, by {amount(game, decision.cost, hand)} on average "
            "(an estimate: before the play not every card is known).")


def review_summary(game: str, decisions: Sequence[Any], hints: int = 0, hand: Any = None) -> str:
    """The line at the top of a review: decisions, mistakes, the biggest one, hints used."""
    mistakes = [d for d in decisions if d.mistake and d.solved]
    said_hints = f" {counted(hints, 'hint')} used." if hints else " No hints used."
    if not decisions:
        return "You made no decision in this hand." + said_hints
    head = f"{counted(len(decisions), 'decision')}, {counted(len(mistakes), 'mistake')}"
    if not mistakes:
        return head + ": every decision you made kept the value." + said_hints
    worst = max(mistakes, key=lambda d: d.cost)
    return (head + f"; the biggest was {said(game, worst.action)}, which {cost_words(game, worst.cost, worst.value, hand)}."
            + said_hints)
