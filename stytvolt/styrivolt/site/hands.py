"""Worked hands on the site: a whole hand, or one trick, as a list of steps to walk through.

The markup is a transcript first: ``<div class="sv-stepper">`` holds an
ordered list ``<ol class="sv-steps">`` with one ``<li>`` per step, so without
JavaScript every step reads in order.  ``interactive/stepper.mjs`` then shows
one step at a time, un-hides the stepper's buttons (First, Back, Forward,
Last) and its "Step k of n" line, answers the arrow keys, Home and End, and
keeps the worked-hand widget's step in the page address.

The contract with the script:

* ``.sv-stepper`` (``data-start``: the step to show first, from 0;
  ``aria-label``: what it steps through; for a hand ``data-hand`` or
  ``data-seed``);
* ``.sv-stepper-nav`` (``hidden`` until the script runs) with buttons
  ``[data-go="first|back|forward|last"]`` (``disabled`` until then too) and the live line
  ``.sv-stepper-pos``;
* ``.sv-steps > li`` (``data-title``: the step's title, announced).

Cards are small text chips (``♥2`` with the spoken name "two of hearts, the
bird"), not the big card pictures, to keep a whole hand light.  Every rule
and every sentence comes from the engine (:mod:`stytvolt.styrivolt.worked`);
the commentary of a curated hand is ours.
"""

from __future__ import annotations

import random
from html import escape
from typing import Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted
from stytvolt.styrivolt.ranking import Ranking
from stytvolt.styrivolt.tricks import TrickResult, winner_index
from stytvolt.styrivolt.worked import CURATED, MAX_SEED, Step, WorkedHand, random_hand, worked_hand
from stytvolt.web import Answer, Params, WidgetError, figure, shown, widget
from stytvolt.styrivolt.site import card_label
from stytvolt.web.html import SEATS, TEAMS, reasons_list
from stytvolt.web.html import stepper
from stytvolt.web.learn import rule_href

__all__ = ["chip", "hand_stepper", "trick_steps", "hand_for"]

GAME = "styrivolt"
_ORDINALS = ("first", "second", "third", "fourth")


def chip(card: Card, ranking: Ranking | None = None, promoted: bool = False) -> str:
    """One card as a small text chip with its spoken name (suits told apart by symbol, not by colour alone)."""
    colour = " sv-red" if card.suit.is_red else ""
    return (f'<span class="sv-chip{colour}" role="img" aria-label="{escape(card_label(card, ranking, promoted))}">'
            f"{card.symbol}</span>")


def _chips(cards: Sequence[Card], ranking: Ranking | None) -> str:
    return " ".join(chip(c, ranking) for c in cards) if cards else '<span class="sv-none">none</span>'


# -- a whole hand --------------------------------------------------------------------------------------


def _trick(step: Step, ranking: Ranking) -> str:
    if not step.trick:
        return ""
    items = []
    for i, play in enumerate(step.trick):
        mark = ""
        if i == step.winning:
            mark = f' <strong class="sv-mark">{"wins the trick" if step.complete else "winning so far"}</strong>'
        cls = ' class="sv-winning"' if i == step.winning else ""
        items.append(f'<li{cls}><span class="sv-seat">{SEATS[play.seat]}</span> '
                     f"{chip(play.card, ranking, play.promoted)}{mark}</li>")
    return (f'<ol class="sv-now" aria-label="trick {step.trick_number}, in the order played">{"".join(items)}</ol>')


def _facts(step: Step, ranking: Ranking | None) -> str:
    parts = []
    if step.chosen:
        parts.append("Chosen: " + " and ".join(f"{s.symbol} {s.english}" for s in step.chosen))
        parts.append("face up: " + _chips(step.exposed, ranking))
        parts.append(f"stock: {counted(len(step.stock), 'card')} face down")
        if step.table:
            parts.append("traded away: " + _chips(step.table, ranking))
        a, b = step.tricks_won
        parts.append(f"tricks: A {a}, B {b}")
    else:
        parts.append(f"Stock: {counted(len(step.stock) + len(step.turned), 'card')}; chosen suits not yet known")
    return f'<p class="sv-facts">{"; ".join(parts)}.</p>'


def _hands(step: Step, ranking: Ranking | None) -> str:
    rows = []
    for seat, held in enumerate(step.hands):
        acting = seat == step.seat and step.kind == "action"
        cls = "sv-hand sv-acting" if acting else "sv-hand"
        who = f"{SEATS[seat]} ({TEAMS[seat % 2]})"
        rows.append(f'<li class="{cls}"><span class="sv-seat">{who}</span> {_chips(sorted(held), ranking)}</li>')
    return f'<ul class="sv-hands" aria-label="the four hands">{"".join(rows)}</ul>'


def hand_stepper(hand: WorkedHand, start: int = 0, steps: Sequence[Step] | None = None) -> str:
    """Every step of a worked hand (``steps``, when already walked), as a stepper (see the module docstring)."""
    steps = hand.steps() if steps is None else steps
    seen = sum(1 for s in steps if s.kind == "turn")
    items = []
    for step in steps:
        ranking = Ranking.of(step.chosen) if step.chosen else None
        head = (f'<p class="sv-step-title"><span class="sv-step-no">Step {step.index + 1} of {len(steps)}.</span> '
                f"<strong>{escape(step.title)}</strong></p>")
        middle = ""
        if step.kind == "turn":
            middle = f'<p class="sv-turned">Turned so far: {_chips(step.turned, ranking)}</p>'
        elif ranking is not None:
            middle = _trick(step, ranking)
        note = hand.note_for(step, seen)
        comment = f'<p class="sv-comment"><strong>Why it matters:</strong> {escape(note)}</p>' if note else ""
        body = head + _facts(step, ranking) + middle + _hands(step, ranking) + reasons_list(step.reasons) + comment
        items.append((step.title, body))
    which = f' data-seed="{hand.seed}"' if hand.seed is not None else f' data-hand="{escape(hand.name)}"'
    intro = f'<p class="sv-context"><strong>{escape(hand.title)}</strong>'
    intro += f" (the idea: {escape(hand.idea)})." if hand.idea else "."
    intro += " South and North are team A, West and East team B; East deals."
    if hand.pages:
        links = ", ".join(
            f'<a data-site-path="{escape(rule_href(page))}" href="{escape(rule_href(page))}">{escape(what)}</a>'
            for page, what in hand.pages
        )
        intro += f" The rules at work: {links}."
    intro += "</p>"
    return intro + stepper(items, label=f"Worked hand: {hand.title}", start=start, attrs=which)


# -- one trick ------------------------------------------------------------------------------------------


def _sentences(reasons: Sequence[Reason]) -> str:
    """The engine's sentences for one step of a trick (not ``.sv-reasons``: that list is the trick's whole answer)."""
    items = "".join(f'<li data-code="{escape(r.code)}">{escape(r.render(seats=SEATS, teams=TEAMS))}</li>' for r in reasons)
    return f'<ul class="sv-step-reasons">{items}</ul>'


def trick_steps(result: TrickResult, ranking: Ranking, promoted: Sequence[bool]) -> str:
    """A trick's plays one at a time: after each card, the card winning so far and the engine's sentence."""
    items = []
    n = len(result.cards)
    for i in range(n):
        winning = winner_index(ranking, result.cards[: i + 1], promoted[: i + 1])
        plays = []
        for j in range(i + 1):
            mark = ""
            if j == winning:
                mark = f' <strong class="sv-mark">{"wins" if i == n - 1 else "winning so far"}</strong>'
            cls = ' class="sv-winning"' if j == winning else ""
            plays.append(f"<li{cls}>{chip(result.cards[j], ranking, promoted[j])}{mark}</li>")
        said = result.reasons[i: i + 1] + (result.reasons[n:] if i == n - 1 else ())
        title = "The lead" if i == 0 else f"The {_ORDINALS[i]} card"
        body = (f'<p class="sv-step-title"><strong>{title}</strong> ({i + 1} of {n})</p>'
                f'<ol class="sv-now" aria-label="the cards played so far">{"".join(plays)}</ol>{_sentences(said)}')
        items.append((title, body))
    return (f'<details class="sv-trick-steps"><summary>Step through the plays</summary>'
            f'{stepper(items, label="The trick, card by card")}</details>')


# -- the widget and the figure --------------------------------------------------------------------------------


def _seed(text: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_SEED:
        raise WidgetError(f"seed: expected a whole number from 0 to {MAX_SEED}, like 53, not {shown(text)}")
    return int(text)


def _step(text: str, total: int) -> int:
    """The step the page asks for, counted from 1 as the page shows it, as an index from 0."""
    text = text.strip()
    if not text:
        return 0
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or not 1 <= int(text) <= total:
        raise WidgetError(f"step: this hand has steps 1 to {total}, not {shown(text)}")
    return int(text) - 1


def hand_for(params: Params, action: str = "") -> WorkedHand:
    """The hand the params name: a curated ``hand``; with ``hand`` empty (or ``action=random``) one dealt from ``seed``.

    ``action=random`` with no seed draws one.  With neither a hand nor a seed, the first curated hand.
    """
    seed = params.get("seed", "").strip()
    name = params.get("hand", "").strip()
    if action == "random" or (not name and seed):
        return random_hand(_seed(seed) if seed else random.randrange(1_000_000))
    try:
        return worked_hand(name or CURATED[0].name)
    except StytvoltError as err:
        raise WidgetError(f"hand: {err}") from None


@figure(GAME, "hand")
def _fig_hand(p: Params) -> str:
    hand = hand_for(p)
    steps = hand.steps()
    return hand_stepper(hand, _step(p.get("step", ""), len(steps)), steps)


def _controls(p: Params) -> str:
    current = p.get("hand", "")
    choices = [(h.name, h.title) for h in CURATED] + [("", "A random hand (from the seed)")]
    options = "".join(
        f'<option value="{name}"{" selected" if name == current else ""}>{escape(title)}</option>' for name, title in choices
    )
    seed = escape(p.get("seed", ""))
    # "Deal a random hand" is the form's first button, so Enter in the seed field deals from that seed.
    return (
        f'<label>Hand <select name="hand">{options}</select></label>'
        f'<label>Seed <input name="seed" value="{seed}" inputmode="numeric" autocomplete="off" '
        'aria-describedby="hint-seed"></label><small id="hint-seed" class="sv-hint">'
        "A whole number deals the same hand every time, played by the computer at every seat; "
        "leave it empty for a surprise.</small>"
        '<button type="submit" class="md-button" name="action" value="random">Deal a random hand</button>'
        '<button type="submit" class="md-button md-button--primary" name="action" value="show">Show</button>'
        f'<input type="hidden" name="step" value="{escape(p.get("step", ""))}">'
    )


@widget(GAME, "hand", title="Worked hand", controls=_controls)
def _hand(params: dict[str, str]) -> Answer:
    action = params.pop("action", "")
    hand = hand_for(params, action)
    steps = hand.steps()
    start = 0 if action in ("show", "random") else _step(params.get("step", ""), len(steps))
    return {
        "html": hand_stepper(hand, start, steps),
        "set": {
            "hand": hand.name if hand.seed is None else "",
            "seed": "" if hand.seed is None else str(hand.seed),
            "step": str(start + 1),
        },
    }
