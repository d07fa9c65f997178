"""Checks every game's coach part must pass, written once for the games' own test files.

:func:`sweep` plays seeded deals with the beginner at every seat and asks the game's ``idea(obs, action)`` about
every move: it must never raise, name only keys of the game's ``IDEAS``, and name only cards the seat may know (its
observation's, by :func:`stytvolt.analysis.coach.seen_cards`) besides the action's own.  :func:`reason_starts_with_idea`
checks that a hint and a why read the idea first.  A game's test file imports them by folder
(``from analysis.coach_sweep import sweep``); :class:`Ask` asks about one move of a position.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from stytvolt.analysis import player
from stytvolt.analysis.coach import action_words, hint, seen_cards, why
from stytvolt.core import registry
from stytvolt.core.cards import Card
from stytvolt.core.words import CARD_WORD


@dataclass
class Swept:
    """What a sweep saw: the moves asked about, how many got an idea, and how often each idea came."""

    moves: int = 0
    with_idea: int = 0
    keys: Counter[str] = field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.with_idea / self.moves if self.moves else 0.0


def action_cards(action: Any) -> set[str]:
    """The cards an action names (the card played, the cards of a trade or a take), written like ♥A."""
    named = {action_words(action)}
    named.update(c.symbol for c in (getattr(action, "cards", None) or ()) if isinstance(c, Card))
    return named


def check_move(game: str, state: Any, action: Any, keys: set[str]) -> tuple[str, str] | None:
    """The idea of one move, checked: a known key, and only cards the seat may know besides the action's own."""
    seat = state.current_player()
    found = registry.game(game).part("coach").idea(state.observation(seat), action)
    if found is None:
        return None
    key, sentence = found
    assert key in keys, f"{game}: idea {key!r} is not among its IDEAS"
    assert sentence and not sentence[0].islower() and sentence.endswith("."), sentence
    allowed = seen_cards(state, seat) | action_cards(action)
    named = {m.group(0) for m in CARD_WORD.finditer(sentence)}
    assert named <= allowed, f"{game}: {str(action)!r} names {sorted(named - allowed)} unseen by the seat: {sentence}"
    return key, sentence


@dataclass(frozen=True)
class Ask:
    """Questions about one move of a position of ``game``, each answer checked by :func:`check_move`: ``key`` (the
    idea's key, "" when none fits) and ``sentence`` (its sentence, "" when none fits)."""

    game: str

    def idea(self, state: Any, action: str) -> tuple[str, str]:
        info = registry.game(self.game)
        keys = {i.key for i in info.part("coach").IDEAS}
        found = check_move(self.game, state, info.parse_action(action), keys)
        return found if found is not None else ("", "")

    def key(self, state: Any, action: str) -> str:
        return self.idea(state, action)[0]

    def sentence(self, state: Any, action: str) -> str:
        return self.idea(state, action)[1]


def sweep(game: str, seeds: Iterable[int], players: Iterable[int] = (4,), rules: Any = None,
          limit: int = 2000) -> Swept:
    """Seeded deals of ``game`` played by the beginner at every seat, every move's idea checked (:func:`check_move`)."""
    info = registry.game(game)
    keys = {i.key for i in info.part("coach").IDEAS}
    out = Swept()
    for n in players:
        for seed in seeds:
            size = {} if len(info.players) == 1 else {"players": n}
            state = info.new(seed, rules=rules, **size) if rules is not None else info.new(seed, **size)
            bots = [player(game, "beginner", seed * 10 + s, rules) for s in range(state.num_players)]
            made = 0
            while not state.is_terminal() and made < limit:
                seat = state.current_player()
                action = bots[seat].choose(state.observation(seat))
                found = check_move(game, state, action, keys)
                out.moves += 1
                if found is not None:
                    out.with_idea += 1
                    out.keys[found[0]] += 1
                state.apply(action)
                made += 1
    return out


def reason_starts_with_idea(game: str, state: Any, *, level: str = "beginner") -> str:
    """Check that the hint at ``state`` and the why of the move ``level`` makes there both open with the move's idea;
    the key of the hint's idea ("" when none fits)."""
    seat = state.current_player()
    part = registry.game(game).part("coach")
    given = hint(state, seat)
    by_text = {str(a): a for a in state.legal_actions()}
    found = part.idea(state.observation(seat), by_text[given.action])
    if len(by_text) == 1:  # a forced move is the rules' doing: no idea is claimed for it
        assert given.idea == "" and given.reason.endswith("was the only choice the rules allowed."), given.reason
        return given.idea
    if found is not None:
        assert given.idea == found[0] and given.reason.startswith(found[1]), given.reason
    bot = player(game, level, 0, getattr(state, "rules", None))
    chosen = bot.choose(state.observation(seat))
    told = why(state, seat, chosen, level=level)
    found_why = part.idea(state.observation(seat), chosen)
    if found_why is not None:
        assert told.idea == found_why[0] and told.reason.startswith(found_why[1]), told.reason
    return given.idea
