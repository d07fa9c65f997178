"""Stýrivolt, the Faroese game of two chosen suits, by the Kvívík rules.

The public entry points:

* :func:`choose_suits`: a stock's cards in order → the chosen suits and the exposed cards;
* :func:`trick_winner` / :func:`explain_trick`: who wins a trick, and why;
* :class:`Ranking`: every card's power for two chosen suits (and four of a kind);
* :class:`HandState`: a whole hand as a state machine (``legal_actions()``, ``apply()``, ``returns()``);
* :class:`Chalkboard`: the chalk-up, with strokes, crosses and monk's crosses;
* :class:`Game`: hands one after another, the deal passing to the left, scored on one chalk-up;
* :class:`Rules`: the variations, as switches;
* :func:`solve` / :func:`achievable`: the double-dummy solver (every card visible), and
  :func:`playout`: random playouts, both on the compiled hand (:mod:`~stytvolt.styrivolt.fasthand`);
* :mod:`~stytvolt.styrivolt.terms`: the glossary;
* ``puzzles()``: the published puzzles (by level and theme), in the format every game's share
  (:mod:`stytvolt.analysis.puzzles`: ``find(id)``, ``daily("styrivolt")``);
* ``GAME``: its entry in the registry (``stytvolt.game("styrivolt")``).
"""

from typing import TYPE_CHECKING, Any, Iterable

from stytvolt.core.cards import Card, Suit, parse_card
from stytvolt.core.protocol import GameInfo
from stytvolt.styrivolt.actions import parse_action
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.variants import Rules

if TYPE_CHECKING:  # the names below are imported when first used (see __getattr__)
    from stytvolt.styrivolt.actions import Action, Kind
    from stytvolt.styrivolt.chalk import Chalkboard, ChalkState, Change, Result, Scoring, score_of
    from stytvolt.styrivolt.choosing import ChoosingError, OneSuitStock, SuitChoice, SuitExposure, choose_suits
    from stytvolt.styrivolt.game import Game
    from stytvolt.styrivolt.hand import HandResult, HandState, Phase, Take, Trick, deal_cards, stack_deck
    from stytvolt.styrivolt.observation import Observation
    from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, CardNames, Ranking, Role, parse_suits
    from stytvolt.styrivolt.terms import TERMS, Term, lookup
    from stytvolt.styrivolt.tricks import TrickResult, explain_trick, trick_winner
    from stytvolt.styrivolt.variants import CutRule
    from stytvolt.styrivolt.solver import GOALS, Solution, achievable, can_keep_in, can_take, can_take_nine, can_win, solve
    from stytvolt.styrivolt.playout import Playout, playout, random_hands

#: Where each public name lives.  They are imported on first use, so that a
#: program (or the site's first answer, in the browser) that needs one rule
#: does not load the solver and the whole hand machinery.
_LAZY: dict[str, str] = {
    "Action": "stytvolt.styrivolt.actions",
    "Kind": "stytvolt.styrivolt.actions",
    "Chalkboard": "stytvolt.styrivolt.chalk",
    "ChalkState": "stytvolt.styrivolt.chalk",
    "Change": "stytvolt.styrivolt.chalk",
    "Result": "stytvolt.styrivolt.chalk",
    "Scoring": "stytvolt.styrivolt.chalk",
    "score_of": "stytvolt.styrivolt.chalk",
    "ChoosingError": "stytvolt.styrivolt.choosing",
    "OneSuitStock": "stytvolt.styrivolt.choosing",
    "SuitChoice": "stytvolt.styrivolt.choosing",
    "SuitExposure": "stytvolt.styrivolt.choosing",
    "choose_suits": "stytvolt.styrivolt.choosing",
    "Game": "stytvolt.styrivolt.game",
    "HandResult": "stytvolt.styrivolt.hand",
    "HandState": "stytvolt.styrivolt.hand",
    "Phase": "stytvolt.styrivolt.hand",
    "Take": "stytvolt.styrivolt.hand",
    "Trick": "stytvolt.styrivolt.hand",
    "deal_cards": "stytvolt.styrivolt.hand",
    "stack_deck": "stytvolt.styrivolt.hand",
    "Observation": "stytvolt.styrivolt.observation",
    "PERMANENT_STIKKAR": "stytvolt.styrivolt.ranking",
    "CardNames": "stytvolt.styrivolt.ranking",
    "Ranking": "stytvolt.styrivolt.ranking",
    "Role": "stytvolt.styrivolt.ranking",
    "parse_suits": "stytvolt.styrivolt.ranking",
    "TERMS": "stytvolt.styrivolt.terms",
    "Term": "stytvolt.styrivolt.terms",
    "lookup": "stytvolt.styrivolt.terms",
    "TrickResult": "stytvolt.styrivolt.tricks",
    "explain_trick": "stytvolt.styrivolt.tricks",
    "trick_winner": "stytvolt.styrivolt.tricks",
    "CutRule": "stytvolt.styrivolt.variants",
    "GOALS": "stytvolt.styrivolt.solver",
    "Solution": "stytvolt.styrivolt.solver",
    "achievable": "stytvolt.styrivolt.solver",
    "can_keep_in": "stytvolt.styrivolt.solver",
    "can_take": "stytvolt.styrivolt.solver",
    "can_take_nine": "stytvolt.styrivolt.solver",
    "can_win": "stytvolt.styrivolt.solver",
    "solve": "stytvolt.styrivolt.solver",
    "Playout": "stytvolt.styrivolt.playout",
    "playout": "stytvolt.styrivolt.playout",
    "random_hands": "stytvolt.styrivolt.playout",
}


def __getattr__(name: str) -> Any:
    if name == "puzzles":  # the module, which is callable: puzzles() lists the published puzzles
        import importlib

        return importlib.import_module("stytvolt.styrivolt.puzzles")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | {"puzzles"})


__all__ = [
    "Action", "Kind", "parse_action",
    "Chalkboard", "ChalkState", "Change", "Result", "Scoring", "score_of",
    "ChoosingError", "OneSuitStock", "SuitChoice", "SuitExposure", "choose_suits",
    "Game",
    "HandResult", "HandState", "Phase", "Take", "Trick", "deal_cards", "stack_deck",
    "PERMANENT_STIKKAR", "CardNames", "Ranking", "Role", "parse_suits",
    "TERMS", "Term", "lookup",
    "TrickResult", "explain_trick", "trick_winner",
    "CutRule", "Rules",
    "GOALS", "Solution", "achievable", "can_keep_in", "can_take", "can_take_nine", "can_win", "solve",
    "Playout", "playout", "random_hands",
    "card_names", "Observation", "PACK", "GAME", "puzzles",
]


def card_names(card: Card | str, chosen: Iterable[Suit | str] | str | None = None) -> "CardNames":
    """A card's English, Faroese and symbol names: ``H2`` → the bird, Fuglurin, ♥2.

    ``card`` is a Card or its text; ``chosen`` the two chosen suits, when known
    (without them only the permanent stikkar have names of their own).
    """
    from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, CardNames, Ranking

    c = card if isinstance(card, Card) else parse_card(str(card))
    if chosen is None:
        role = PERMANENT_STIKKAR.get(c)
        if role is None:
            return CardNames(c.english, None, c.symbol, c.english)
        return CardNames(role.english, role.faroese, c.symbol, c.english)
    return Ranking.of(chosen).names(c)


def _new(seed: int | None = None, *, rules: Rules | None = None, dealer: int = 0) -> "HandState":
    from stytvolt.styrivolt.hand import HandState

    return HandState.deal(seed, dealer=dealer, rules=rules if rules is not None else Rules())


def _from_json(data: Any) -> "HandState":
    from stytvolt.styrivolt.hand import HandState

    return HandState.from_json(data)


GAME = GameInfo(
    name="styrivolt",
    title="Stýrivolt",
    aliases=("stýrivolt", "styri", "kvivik", "kvívík"),
    players=(4,),
    pack=PACK,
    rules=Rules,
    new=_new,
    from_json=_from_json,
    parse_action=parse_action,
    summary="The Faroese game of two chosen suits: four players in two teams, birds, mares, lambs and traders.",
    module="stytvolt.styrivolt",
    puzzle_module="stytvolt.styrivolt.puzzles",
    site="stytvolt.styrivolt.site",
    widgets=(("hand", "stytvolt.styrivolt.site.hands"),),
    table="stytvolt.styrivolt.table",
    quiz="stytvolt.styrivolt.quiz",
    solver="stytvolt.styrivolt.solver",
    coach="stytvolt.styrivolt.coach",
    worked="stytvolt.styrivolt.worked",
    cli="stytvolt.styrivolt.cli",
    glossary="stytvolt.styrivolt.terms",
    pages=(
        ("index", "Start here"), ("cards", "The cards"), ("ranking", "Ranking"), ("choosing", "Choosing the suits"),
        ("play", "Playing a hand"), ("traders", "Traders"), ("stock", "The stock"), ("keeping-in", "Keeping in"),
        ("scoring", "Scoring"), ("tactics", "Tactics and customs"), ("variations", "Variations"),
        ("glossary", "Glossary"), ("rulings", "Rulings"),
    ),
)
