"""The pieces of figures and widgets that know no game's rule, shared by every game's presentation.

Reading a form's fields (a suit, a choice, a whole number, names, a seed),
the calculators' sheet and its buttons, a worked hand as a stepper and its
controls, a trick as a figure: each game's ``site`` module gives them its
own words and rules (how a card is said, which cards are trumps) and draws
with them.  Nothing here decides a rule or names a game.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, Callable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import StytvoltError
from stytvolt.core.tricks import TrickResult
from stytvolt.web import MAX_CHALK_RECORDS, Answer, Params, WidgetError, figure, shown, widget
from stytvolt.web import html
from stytvolt.web.html import stepper

__all__ = [
    "MAX_SEED", "MAX_DEALS", "suit_param", "choice_param", "whole_param", "names_param", "seed_param",
    "order_sections", "who_played", "trick_markup", "sheet_controls", "calculator_action", "undo_last",
    "add_to_sheet", "said_list", "hand_step", "first_played_deal", "hand_stepper", "hand_controls", "hand_answer", "worked_hand",
]

#: The largest seed a worked hand takes (the largest whole number a page's JavaScript holds exactly).
MAX_SEED = 2**53 - 1
#: Deals tried for a worked hand before giving up, when every one of them is passed.
MAX_DEALS = 100


def suit_param(text: str) -> Suit:
    """The suit a ``trump`` field names (``H``, ``♥``, ``hearts``), refused by name when it names none."""
    try:
        if len(text) > 10:
            raise WidgetError("too long")
        return Suit.parse(text)
    except StytvoltError:
        raise WidgetError(f"trump: expected a suit, like H or hearts, not {shown(text)}") from None


def choice_param(params: Params, name: str, allowed: Sequence[str], default: str) -> str:
    """One of ``allowed`` from a param (a select's value); missing or empty takes ``default``."""
    text = params.get(name, default).strip() or default
    if text not in allowed:
        raise WidgetError(f"{name}: expected one of {', '.join(allowed)}, not {shown(text)}")
    return text


def whole_param(params: Params, name: str, default: str, low: int, high: int, what: str) -> int:
    """A whole number from a form field: a missing field takes ``default``; an empty or bad one is refused."""
    text = params.get(name)
    text = default if text is None else text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 4 or not low <= int(text) <= high:
        raise WidgetError(f"{name}: expected {what}, a whole number from {low} to {high}, not {shown(text)}")
    return int(text)


def names_param(params: Params, count: int, default: Sequence[str]) -> tuple[str, ...]:
    """Names from a comma-separated param, exactly ``count`` of them, or ``default``."""
    text = params.get("names", "").strip()
    if not text:
        return tuple(default)
    names = tuple(n.strip() for n in text.split(","))
    if len(names) != count or not all(0 < len(n) <= 24 for n in names):
        raise WidgetError(f"names: expected {count} names of up to 24 characters, separated by commas, not {shown(text)}")
    return names


def seed_param(text: str) -> int:
    """A worked hand's seed: a whole number from 0 to :data:`MAX_SEED`."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 16 or int(text) > MAX_SEED:
        raise WidgetError(f"seed: expected a whole number from 0 to {MAX_SEED}, like 53, not {shown(text)}")
    return int(text)


def order_sections(groups: Sequence[tuple[str, str, Sequence[Card]]], draw: Callable[[Sequence[Card], str], str]) -> str:
    """The ``order`` figure's groups (title, note, cards highest first), each drawn by ``draw(cards, label)``."""
    return "".join(
        f'<section class="sv-group"><p class="sv-group-head"><strong>{escape(title)}</strong>: {escape(note)}</p>'
        f"{draw(cards, f'{title}, highest first')}</section>"
        for title, note, cards in groups
    )


def who_played(names: Sequence[str], count: int) -> list[str]:
    """Who played each card: the names given, else "The leader", "Player 2" and so on."""
    if names:
        return list(names)
    return ["The leader"] + [f"Player {i + 1}" for i in range(1, count)]


def trick_markup(cards: Sequence[Card], result: TrickResult, names: Sequence[str], notes: Sequence[tuple[str, str]],
                 *, spoken: Callable[[Card], str], is_trump: Callable[[Card], bool], marked: Callable[[Card], bool],
                 attrs: str, context: str) -> str:
    """A trick as a figure, for any game whose rules give a :class:`~stytvolt.core.tricks.TrickResult`.

    The cards in play order (each ``spoken`` with its name and role, a trump
    said to be one, the ``marked`` ones drawn as permanent trumps), the
    winner, the ``notes`` on how each card answered the lead and last the
    engine's reason.  ``names``: who played each card (none: by their order);
    ``attrs``: the figure's data attributes; ``context``: its first line.
    """
    plays = []
    for i, card in enumerate(cards):
        place = ("led" if i == 0 else f"play {i + 1}") if not names else names[i] + (" (led)" if i == 0 else "")
        text = place + (" — wins" if i == result.winner else "") + (", trump" if is_trump(card) else "")
        classes = " ".join(x for x, on in (("sv-winner", i == result.winner), ("sv-permanent", marked(card))) if on)
        plays.append(f"<li>{html.card_figure(card, spoken(card), text, classes)}</li>")
    by = f", played by {escape(names[result.winner])}" if names else ""
    lines = [f'<li data-code="{code}">{escape(text)}</li>' for code, text in notes]
    lines.append(f'<li data-code="{escape(result.reason.code)}">{escape(result.reason.render())}</li>')
    return (
        f'<div class="sv-trick" data-winner="{result.winner}" {attrs}>'
        f'<p class="sv-context">{escape(context)}</p>'
        f'<ol class="sv-cards sv-plays" aria-label="cards in the order played">{"".join(plays)}</ol>'
        f'<p class="sv-answer"><strong>Winner:</strong> <span data-answer="winner">{escape(result.card.symbol)} '
        f"({escape(result.card.english)})</span>{by} (play {result.winner + 1}).</p>"
        f'<ol class="sv-reasons">{"".join(lines)}</ol></div>'
    )


def sheet_controls(p: Params, kept: str) -> str:
    """A scoring calculator's sheet so far and what it was for (``kept``), hidden, and its four buttons."""
    return (
        html.hidden_field("sheet", p.get("sheet", ""))
        + html.hidden_field(kept, p.get(kept, ""))
        + html.submit_button("Score this hand", primary=True)
        + html.submit_button("Add to the sheet", "add")
        + html.submit_button("Undo the last hand", "undo")
        + html.submit_button("New sheet", "reset")
    )


def calculator_action(params: Params) -> str:
    """The calculator's button: ``""`` (score the hand), ``add``, ``undo`` or ``reset``."""
    action = params.get("action", "").strip()
    if action not in ("", "add", "undo", "reset"):
        raise WidgetError(f"action: expected add, undo or reset, not {shown(action)}")
    return action


def undo_last(records: list[Any]) -> str:
    """Take the last hand off a sheet's records (none: nothing), and say so."""
    if not records:
        return "The sheet is empty: nothing to undo."
    records.pop()
    return "The last hand is taken off the sheet."


def add_to_sheet(action: str, records: list[Any], result: Any, note: str, finished: str) -> str:
    """The note under a calculator's sheet; ``add`` appends ``result`` to ``records`` first.

    ``finished``: why nothing more may be added (the game on the sheet is
    decided), else empty.  A sheet holds at most
    :data:`~stytvolt.web.MAX_CHALK_RECORDS` hands.
    """
    if action != "add":
        return note or 'Press "Add to the sheet" to write this hand on it.'
    if finished:
        raise WidgetError(f"sheet: {finished}; press New sheet to start another")
    if len(records) >= MAX_CHALK_RECORDS:
        raise WidgetError(f"sheet: a sheet holds at most {MAX_CHALK_RECORDS} hands; press New sheet")
    records.append(result)
    return f"Hand {len(records)} is added to the sheet."


def said_list(lines: Sequence[tuple[str, str]]) -> str:
    """A step's sentences, (code, sentence) each, as a list (nothing when there are none)."""
    items = "".join(f'<li data-code="{escape(code)}">{escape(text)}</li>' for code, text in lines)
    return f'<ul class="sv-step-reasons">{items}</ul>' if items else ""


def hand_step(text: str, total: int) -> int:
    """The step a page or form asks for (counted from 1) as an index from 0."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or not 1 <= int(text) <= total:
        raise WidgetError(f"step: this hand has steps 1 to {total}, not {shown(text)}")
    return int(text) - 1


def first_played_deal(deal: Callable[[int], Any], bot: Any) -> tuple[int, list[Any]]:
    """How many deals of a worked hand were passed before one was played, and the played deal's bids.

    ``deal(k)`` makes deal ``k`` (from 0) and ``bot`` bids at every seat
    until someone bids or everyone passes; after :data:`MAX_DEALS` passed
    deals the seed is refused.
    """
    passed = 0
    while True:
        state = deal(passed)
        while state.phase == "bidding":
            state.apply(bot.choose(state.observation(state.current_player())))
        if state.phase != "passed":
            return passed, [action for action, _ in state.history]
        passed += 1
        if passed >= MAX_DEALS:
            raise WidgetError(f"seed: every one of {MAX_DEALS} deals from this seed was passed; try another seed")


def hand_stepper(intro: str, steps: Sequence[tuple[str, str]], step: str, label: str, attrs: str) -> tuple[str, int]:
    """A worked hand as a stepper starting at ``step`` (counted from 1; empty: the first), and that step's index."""
    start = hand_step(step, len(steps)) if step.strip() else 0
    return intro + stepper(steps, label=label, start=start, attrs=attrs), start


def hand_controls(p: Params, setup: str, hint_id: str) -> str:
    """A worked hand's controls: the ``setup`` field drawn, the seed, the deal buttons; the step and hand shown, hidden."""
    return (
        setup
        + html.text_field("seed", "Seed", p.get("seed", ""),
                          "A whole number deals the same hand every time; leave it empty for a surprise.",
                          hint_id=hint_id, numeric=True)
        + html.submit_button("Deal a random hand", "random")
        + html.submit_button("Show", "show", primary=True)
        + html.hidden_field("step", p.get("step", ""))
        + html.hidden_field("dealt", p.get("dealt", ""))
    )


def hand_answer(params: Params, name: str, setup: Callable[[Params], str],
                draw: Callable[[str, int, str], tuple[str, int]]) -> Answer:
    """A worked hand widget's answer: the hand its form names, at the step kept for it.

    ``name`` is the field that picks the game (``players``, ``variant``),
    read by ``setup``; ``draw(setup, seed, step)`` gives the stepper and the
    step shown.  An empty seed is 1, or a surprise for "Deal a random hand".
    """
    action = params.get("action", "").strip()
    if action not in ("", "show", "random"):
        raise WidgetError(f"action: expected show or random, not {shown(action)}")
    chosen = setup(params)
    text = params.get("seed", "").strip()
    seed = seed_param(text) if text else (random.randrange(1_000_000) if action == "random" else 1)
    dealt = f"{chosen}:{seed}"
    # The step kept in the form belongs to the hand shown before: a new hand (or a new deal) starts at its first step.
    same = params.get("dealt", "") == dealt and action not in ("show", "random")
    markup, start = draw(chosen, seed, params.get("step", "") if same else "")
    return {"html": markup, "set": {name: chosen, "seed": str(seed), "step": str(start + 1), "dealt": dealt}}


def worked_hand(game: str, *, title: str, field: str, read: Callable[[Params], str], select: Callable[[Params], str],
                steps: Callable[[str, int], tuple[str, Sequence[tuple[str, str]]]],
                label: Callable[[str, int], str]) -> Callable[[str, int, str], tuple[str, int]]:
    """Register ``game``'s worked hand: the ``hand`` figure and the ``hand`` widget (called ``title``).

    ``field`` is the form field that picks the game's setup (``players``, ``variant``): ``read(params)`` reads it
    as text, ``select(params)`` draws it; ``steps(setup, seed)`` gives the hand's introduction and steps,
    ``label(setup, seed)`` the stepper's name.  Returns the drawing, ``draw(setup, seed, step)`` → (the stepper,
    the step shown).
    """

    def draw(setup: str, seed: int, step: str) -> tuple[str, int]:
        intro, items = steps(setup, seed)
        return hand_stepper(intro, items, step, label(setup, seed), f' data-seed="{seed}" data-{field}="{setup}"')

    @figure(game, "hand")
    def _figure(p: Params) -> str:
        return draw(read(p), seed_param(p.get("seed", "1") or "1"), p.get("step", ""))[0]

    def controls(p: Params) -> str:
        return hand_controls(p, select(p), f"hint-{game}-hand-seed")

    @widget(game, "hand", title=title, controls=controls)
    def _answer(params: dict[str, str]) -> Answer:
        return hand_answer(params, field, read, draw)

    return draw
