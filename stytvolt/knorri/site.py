"""Knorri's figures and widgets, registered for the game ``"knorri"``.

Figures (a page's ``<div class="sv-figure" data-game="knorri" data-figure=…>``):

* ``cards``: ``cards`` (cards of the pack, ``C2*`` the marked two of clubs),
  ``caption`` (optional), ``soft`` (``yes``: soft clubs): each card with what
  it is in phase two (a trump, a hard club, a plain card);
* ``chart``: ``soft`` (``yes``/``no``): which suit may be played on which, a
  row for each top card's suit;
* ``beat``: ``card``, ``top``, ``soft``: whether the card may be played on the
  top card, and why;
* ``take``: ``turned``, ``table``, ``variant`` (``standard`` or
  ``all-lower``): what the turned card must take and why, each table card
  said to be takeable or refused in the rule's words;
* ``hand``: ``hands`` (one hand a player, ``/`` between them), ``leader``
  (optional: a seat leading a fresh trick instead of the ♣2 opening),
  ``moves`` (actions, ``,`` between them), ``finish`` (``yes``: the computer
  plays the rest out), ``step``: a phase-two position stepped action by
  action, each explained.

Widgets: ``beat`` (the "may it beat?" checker), ``take`` (the phase-one take
explainer), ``hand`` (the phase-two stepper with its fields) and ``avoid`` ("can I
still avoid losing?", a long answer: the solver settles each move in turn and
yields its progress between them, so the browser's worker stays answerable).

Every decision comes from :mod:`stytvolt.knorri`: beating
(:func:`~stytvolt.knorri.rules.judge_beat`), taking
(:func:`~stytvolt.knorri.rules.take_options`,
:func:`~stytvolt.knorri.rules.explain_take`,
:func:`~stytvolt.knorri.rules.take_refusal`), the positions and their
explanations (:func:`~stytvolt.knorri.state.phase_two`,
:meth:`~stytvolt.knorri.state.KnorriState.explain_action`), the computer
player (:class:`~stytvolt.knorri.bots.SimpleBot`) and the solver
(:func:`~stytvolt.knorri.solver.avoid_losing_steps`).  This module words and draws
their answers.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason
from stytvolt.knorri.bots import SimpleBot
from stytvolt.knorri.cards import MARKED_TWO, check_cards
from stytvolt.knorri.rules import CARD_ORDER, explain_take, judge_beat, take_options, take_refusal
from stytvolt.knorri.solver import avoid_losing_steps
from stytvolt.knorri.state import KnorriState, parse_action, phase_two
from stytvolt.knorri.variants import PhaseOne, Rules
from stytvolt.web import Answer, Params, WidgetError, Work, card_list, figure, shown, widget
from stytvolt.web import html
from stytvolt.web.kit import choice_param, hand_step, said_list

__all__ = [
    "GAME", "NAMES", "EXAMPLE_HANDS", "EXAMPLE_MOVES", "AVOID_HANDS", "MAX_AVOID_CARDS", "AVOID_POSITIONS",
    "MAX_MOVES", "card_words", "chart_html", "beat_html", "take_html", "position_steps", "avoid_answer",
]

GAME = "knorri"
#: The players as the pages name them, seat 0 first (the seed's examples call them A, B, C, D).
NAMES: tuple[str, ...] = tuple("ABCDEFGH")
#: The seed's four-player example: A holds ♣2 ♣3 ♣4 and opens with all three.
EXAMPLE_HANDS = "C2 C3 C4 CK H5 / C7 H9 S3 / CJ D5 S8 / H2 S4 DA"
#: The seed's line of play from it: 2-3-4, 7, J; D picks up the 2, A the 3, B the 4.
EXAMPLE_MOVES = "play C2 C3 C4, play C7, play CJ, pick up, pick up, pick up"
#: The small position the avoid-losing widget shows first.
AVOID_HANDS = "H5 D2 S7 / H9 S3 / D6"
#: The most cards the avoid-losing widget settles (more would take the browser too long).
MAX_AVOID_CARDS = 8
#: The most positions the solver may list for the avoid-losing widget's answer.
AVOID_POSITIONS = 100_000
#: The most actions a stepped position may hold, the computer's included.
MAX_MOVES = 300


def _soft(p: Params) -> bool:
    return choice_param(p, "soft", ("no", "yes"), "no") == "yes"


def card_words(card: Card, soft_clubs: bool = False) -> tuple[str, str]:
    """What a screen reader says of a card in phase two, and the short caption shown under it."""
    if card is MARKED_TWO:
        return "two of clubs, the marked one that opens phase two", "marked ♣2, opens"
    if card.suit is Suit.DIAMONDS:
        return f"{card.english}, a trump", "trump"
    if card.suit is Suit.CLUBS:
        if soft_clubs:
            return f"{card.english}, a soft club", "soft club"
        return f"{card.english}, a hard club", "hard club"
    return card.english, ""


def _chip(card: Card, soft_clubs: bool = False) -> str:
    return html.labelled_chip(card, card_words(card, soft_clubs)[0])


def _chips(cards: Sequence[Card], soft_clubs: bool = False) -> str:
    return " ".join(_chip(c, soft_clubs) for c in cards) if cards else '<span class="sv-none">none</span>'


def _ordered(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


def _cards(p: Params, name: str, what: str, most: int, *, two_packs: bool = False) -> tuple[Card, ...]:
    """A param's cards, each of the pack named once (twice with two packs); refused before parsing when too many."""
    return card_list(p, name, most, what, lambda text: check_cards(text, what, two_packs=two_packs))


def _one(p: Params, name: str, what: str, default: str) -> Card:
    text = p.get(name, "").strip() or default
    cards = _cards({name: text}, name, what, 1, two_packs=True)
    if len(cards) != 1:
        raise WidgetError(f"{name}: {what} is one card, like {default}")
    return cards[0]


def _cards_figure(cards: Sequence[Card], soft_clubs: bool, *, label: str, notes: Sequence[str] = (),
                  roles: bool = True) -> str:
    """Cards as a row of faces, each with its note and (``roles``: phase two's) role."""
    items = []
    for i, card in enumerate(cards):
        spoken, caption = card_words(card, soft_clubs) if roles else (card.english, "")
        note = notes[i] if i < len(notes) else ""
        items.append(f"<li>{html.card_figure(card, spoken, ', '.join(x for x in (note, caption) if x))}</li>")
    return f'<ul class="sv-cards" aria-label="{escape(label)}">{"".join(items)}</ul>'


def _reasons(reasons: Sequence[Reason], names: Sequence[str] = NAMES) -> str:
    items = "".join(f'<li data-code="{escape(r.code)}">{escape(r.render(seats=names))}</li>' for r in reasons)
    return f'<ol class="sv-reasons">{items}</ol>'


@figure(GAME, "cards")
def _fig_cards(p: Params) -> str:
    """The ``cards`` figure: cards with what each is in phase two."""
    cards = _cards(p, "cards", "the cards", 52, two_packs=True)
    if not cards:
        raise WidgetError("cards: name at least one card, like DA C2 SK")
    caption = p.get("caption", "").strip()
    head = f'<p class="sv-context">{escape(caption)}</p>' if caption else ""
    return (f'<div class="sv-cardset" data-game="knorri">{head}'
            f'{_cards_figure(cards, _soft(p), label=caption or "cards")}</div>')


# -- the beat chart ----------------------------------------------------------------------------------------------

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _cell(played: Suit, top: Suit, soft_clubs: bool) -> tuple[str, str]:
    """What a card of suit ``played`` may do on a top card of suit ``top``, found by asking the beating rule:
    (a short word for the cell, its code)."""
    low, high = Card(played, Rank.TWO), Card(played, Rank.ACE)
    if played is top:
        return "a higher one", "higher"
    if judge_beat(low, Card(top, Rank.ACE), soft_clubs).ok:
        return "any", "any"
    if judge_beat(high, Card(top, Rank.TWO), soft_clubs).ok:
        return "some", "some"  # never happens by the rules; said plainly if it ever did
    return "never", "never"


def chart_html(soft_clubs: bool = False) -> str:
    """The beat chart: a row for each top card's suit, a column for each suit played on it."""
    heads = "".join(f'<th scope="col">{s.symbol} played</th>' for s in _SUITS)
    rows = []
    for top in _SUITS:
        cells = []
        for played in _SUITS:
            word, code = _cell(played, top, soft_clubs)
            cells.append(f'<td data-cell="{code}" data-top="{top.letter}" data-played="{played.letter}">{word}</td>')
        rows.append(f'<tr><th scope="row">{top.symbol} on top</th>{"".join(cells)}</tr>')
    clubs = "soft clubs: a spade, heart or diamond beats any club" if soft_clubs else \
        "hard clubs: only a higher club beats a club"
    return (
        f'<div class="sv-chart" data-game="knorri" data-soft="{"yes" if soft_clubs else "no"}">'
        f'<table class="sv-beat-chart"><caption>Which card may be played on which in phase two, with {escape(clubs)}. '
        '"A higher one": a higher card of the same suit; "any": any card of that suit, whatever its rank; "never": '
        f"no card of that suit.</caption><thead><tr><td></td>{heads}</tr></thead><tbody>{''.join(rows)}</tbody>"
        "</table></div>"
    )


@figure(GAME, "chart")
def _fig_chart(p: Params) -> str:
    """The ``chart`` figure."""
    return chart_html(_soft(p))


# -- may it beat? ------------------------------------------------------------------------------------------------


def beat_html(card: Card, top: Card, soft_clubs: bool = False) -> str:
    """Whether ``card`` may be played on ``top`` in phase two, and why."""
    judged = judge_beat(card, top, soft_clubs)
    clubs = "soft" if soft_clubs else "hard"
    verdict = "Yes" if judged.ok else "No"
    said = f"{card.symbol} {'beats' if judged.ok else 'cannot beat'} {top.symbol}"
    return (
        f'<div class="sv-beat" data-game="knorri" data-ok="{"yes" if judged.ok else "no"}">'
        f'<p class="sv-context">Phase two, clubs {clubs}: {escape(top.symbol)} lies on top of the trick.</p>'
        + _cards_figure((top, card), soft_clubs, label="the top card and the card played",
                        notes=("on top", "played"))
        + f'<p class="sv-answer"><strong>{verdict}:</strong> <span data-answer="beat">{escape(said)}</span>.</p>'
        + _reasons((judged.reason,)) + "</div>"
    )


def _beat_inputs(p: Params) -> tuple[Card, Card, bool]:
    card, top = _one(p, "card", "the card played", "D2"), _one(p, "top", "the top card", "SA")
    if card is top:
        raise WidgetError(f"card: {card.symbol} is the top card already; name the card played on it")
    return card, top, _soft(p)


@figure(GAME, "beat")
def _fig_beat(p: Params) -> str:
    """The ``beat`` figure."""
    return beat_html(*_beat_inputs(p))


def _clubs_select(p: Params) -> str:
    return html.select_field("soft", "Clubs", (("no", "Hard (the main rule)"), ("yes", "Soft (the variant)")),
                             p.get("soft", "no"))


def _controls_beat(p: Params) -> str:
    return (
        html.text_field("top", "Top card of the trick", p.get("top", ""), "The card to beat, like SA or C9.",
                        hint_id="hint-knorri-beat-top")
        + html.text_field("card", "Card played on it", p.get("card", ""), "Your card, like D2.",
                          hint_id="hint-knorri-beat-card")
        + _clubs_select(p)
        + html.submit_button("May it beat?", primary=True)
    )


@widget(GAME, "beat", title="Knorri: may it beat?", controls=_controls_beat)
def _beat(params: dict[str, str]) -> Answer:
    """The checker's answer."""
    card, top, soft = _beat_inputs(params)
    return {"html": beat_html(card, top, soft),
            "set": {"card": str(card), "top": str(top), "soft": "yes" if soft else "no"}}


# -- what must the turned card take? -----------------------------------------------------------------------------


def take_html(turned: Card, table: Sequence[Card], variant: PhaseOne) -> str:
    """What ``turned`` must take from ``table`` and why, and each table card said to be takeable or not."""
    options = take_options(turned, table, variant)
    why = explain_take(turned, table, variant)
    rows = []
    for card in table:
        if card in options:
            said = ("taken with the others" if variant is PhaseOne.ALL_LOWER else "may be taken") \
                if len(set(options)) > 1 else "must be taken"
            code = "may"
        else:
            refused = take_refusal(turned, table, [card], variant) if variant is PhaseOne.STANDARD else None
            said = refused.text if refused is not None else "stays on the table"
            code = refused.code if refused is not None else "stays"
        rows.append(f'<li data-code="{escape(code)}" data-card="{card}">{html.labelled_chip(card, card.english)} '
                    f"{escape(said)}</li>")
    faces = " ".join(c.symbol for c in _ordered(list(set(options))))
    if not options:
        answer = f"{turned.symbol} takes nothing and stays on the table"
    elif variant is PhaseOne.ALL_LOWER:
        answer = f"{turned.symbol} takes {faces} together"
    elif len(set(options)) == 1:
        answer = f"{turned.symbol} must take {faces}"
    else:
        answer = f"{turned.symbol} must take one of {faces}: the player chooses"
    version = "the all-lower version" if variant is PhaseOne.ALL_LOWER else "the main rule"
    return (
        f'<div class="sv-take" data-game="knorri" data-variant="{variant.value}" '
        f'data-options="{" ".join(str(c) for c in _ordered(list(set(options))))}">'
        f'<p class="sv-context">Phase one, {version}: the card just turned, and the cards face up on the table.</p>'
        + _cards_figure((turned,), False, label="the card turned", notes=("turned",), roles=False)
        + _cards_figure(table, False, label="the cards face up on the table", roles=False)
        + f'<p class="sv-answer"><strong>Take:</strong> <span data-answer="take">{escape(answer)}</span>.</p>'
        + _reasons((why,))
        + f'<ul class="sv-reasons sv-choices-said" aria-label="each card on the table">{"".join(rows)}</ul></div>'
    )


def _take_inputs(p: Params) -> tuple[Card, tuple[Card, ...], PhaseOne]:
    variant = PhaseOne(choice_param(p, "variant", ("standard", "all-lower"), "standard"))
    turned = _one(p, "turned", "the turned card", "D7")
    table = _cards(p, "table", "the table", 51)
    if not table:
        raise WidgetError("table: name the cards face up on the table, like S4 HK D9 C2")
    if turned in table:
        raise WidgetError(f"table: {turned.symbol} is the card just turned, so it is not on the table yet")
    if turned is MARKED_TWO:
        raise WidgetError("turned: the marked ♣2 belongs to the two-pack game; name cards of one pack here")
    return turned, table, variant


@figure(GAME, "take")
def _fig_take(p: Params) -> str:
    """The ``take`` figure."""
    return take_html(*_take_inputs(p))


def _controls_take(p: Params) -> str:
    return (
        html.text_field("turned", "Card turned", p.get("turned", ""), "The card just turned, like D7.",
                        hint_id="hint-knorri-take-turned")
        + html.text_field("table", "Cards face up on the table", p.get("table", ""),
                          "The table's cards, like S4 HK D9 C2.", hint_id="hint-knorri-take-table")
        + html.select_field("variant", "Phase one", (("standard", "Main rule (one lower card)"),
                                                     ("all-lower", "All-lower version")), p.get("variant", "standard"))
        + html.submit_button("What must it take?", primary=True)
    )


@widget(GAME, "take", title="Knorri phase-one take explainer", controls=_controls_take)
def _take(params: dict[str, str]) -> Answer:
    """The take explainer's answer."""
    turned, table, variant = _take_inputs(params)
    return {"html": take_html(turned, table, variant),
            "set": {"turned": str(turned), "table": " ".join(map(str, table)), "variant": variant.value}}


# -- a phase-two position, stepped ------------------------------------------------------------------------------


def _hands(p: Params, default: str) -> list[tuple[Card, ...]]:
    text = p.get("hands", "").strip() or default
    parts = [part.strip() for part in text.split("/")]
    if not 3 <= len(parts) <= 8:
        raise WidgetError(f"hands: 3 to 8 hands, one a player with / between them; {len(parts)} given")
    out = []
    for i, part in enumerate(parts):
        out.append(_cards({"hands": part}, "hands", f"{NAMES[i]}'s hand", 52))
    return out


def _leader(p: Params, players: int) -> int | None:
    text = p.get("leader", "").strip().upper()
    if not text:
        return None
    if text not in NAMES[:players]:
        raise WidgetError(f"leader: a player from A to {NAMES[players - 1]}, or empty for the ♣2 opening; not "
                          f"{shown(text)}")
    return NAMES.index(text)


def _position(hands: Sequence[Sequence[Card]], leader: int | None) -> KnorriState:
    try:
        return phase_two([list(h) for h in hands], leader=leader)
    except StytvoltError as err:
        raise WidgetError(f"hands: {err}") from None


def _moves(p: Params, default: str) -> list[str]:
    text = p.get("moves", default) if "moves" in p else default
    moves = [m.strip() for m in text.split(",") if m.strip()]
    if len(moves) > MAX_MOVES:
        raise WidgetError(f"moves: at most {MAX_MOVES} actions; {len(moves)} given")
    return moves


def _trick_line(state: KnorriState) -> str:
    groups = state.trick_cards
    if not groups:
        return '<p class="sv-facts">The table is empty.</p>'
    shown_groups = " · ".join(_chips(g) for g in groups)
    return (f'<p class="sv-facts">The trick, bottom card first: {shown_groups} — {len(groups)} of the '
            f"{state.trick_size} cards that complete it.</p>")


def _hand_rows(state: KnorriState) -> str:
    acting = -1 if state.is_terminal() else state.current_player()
    rows = []
    for seat, cards in enumerate(state.hands):
        status = "out: safe" if seat in state.out else ("loses" if state.loser == seat else "")
        label = NAMES[seat] + (f" ({status})" if status else "")
        rows.append((label, _chips(_ordered(cards)), "to play" if seat == acting else ""))
    return html.hand_rows(rows, label="each player's hand")


def _title(state: KnorriState, move: str) -> str:
    who = NAMES[state.current_player()]
    action = parse_action(move)
    if action.kind == "pickup":
        return f"{who} picks up"
    if action.kind == "miss":
        return f"{who} misses the turn"
    return f"{who} plays {' '.join(c.symbol for c in action.cards)}"


def position_steps(hands: Sequence[Sequence[Card]], leader: int | None, moves: Sequence[str],
                   finish: bool) -> tuple[str, list[tuple[str, str]]]:
    """A phase-two position stepped: an introduction and (title, body) steps, one for the start and one an action.

    ``moves`` are played in turn (a refused one is refused with the rule's
    reason); with ``finish``, :class:`~stytvolt.knorri.bots.SimpleBot` (varying
    nothing) then plays every seat to the end, at most :data:`MAX_MOVES` actions in all.
    """
    state = _position(hands, leader)
    n = state.num_players
    steps = [("The start", f'<p class="sv-step-title"><strong>The start</strong></p>{_hand_rows(state)}'
              + said_list([("start", (f"{NAMES[state.current_player()]} holds ♣2 and opens." if leader is None else
                                      f"{NAMES[state.current_player()]} leads a fresh trick.")
                            + f" A trick is complete at {n - len(state.no_cards)} cards while everyone holds cards.")]))]
    bots = [SimpleBot(seat, vary=0.0) for seat in range(n)]
    played = 0
    queue = list(moves)
    while not state.is_terminal() and played < MAX_MOVES:
        if queue:
            move = queue.pop(0)
            try:
                action = parse_action(move)
            except StytvoltError as err:
                raise WidgetError(f"moves: action {played + 1}: {err}") from None
            why = state.refusal(action)
            if why is not None:
                raise WidgetError(f"moves: action {played + 1} ({shown(move, 30)}) is refused: "
                                  f"{why.render(seats=NAMES)}")
        elif finish:
            action = bots[state.current_player()].choose(state.observation(state.current_player()))
        else:
            break
        title = _title(state, str(action))
        reasons = state.explain_action(action)
        state.apply(action)
        played += 1
        body = (f'<p class="sv-step-title"><strong>{escape(f"{played}. {title}")}</strong></p>{_trick_line(state)}'
                f"{_hand_rows(state)}" + said_list([(r.code, r.render(seats=NAMES)) for r in reasons]))
        steps.append((f"{played}. {title}", body))
    if queue:
        raise WidgetError(f"moves: the game is over after action {played}; {len(queue)} more given")
    intro = (f'<p class="sv-context"><strong>A phase-two position of Knorri for {n}</strong>: players '
             f"{', '.join(NAMES[:n])} in turn to the left. "
             + ("The computer (SimpleBot) plays on after the moves given, to the end." if finish else
                "Each step is one action, explained by the rules engine.") + "</p>")
    return intro, steps


def _position_html(p: Params) -> tuple[str, int, dict[str, str]]:
    hands = _hands(p, EXAMPLE_HANDS)
    leader = _leader(p, len(hands))
    moves = _moves(p, EXAMPLE_MOVES)
    finish = choice_param(p, "finish", ("yes", "no"), "yes") == "yes"
    intro, steps = position_steps(hands, leader, moves, finish)
    step = p.get("step", "").strip()
    start = hand_step(step, len(steps)) if step else 0
    from stytvolt.web.html import stepper

    markup = intro + stepper(steps, label=f"Knorri phase two for {len(hands)}, stepped", start=start,
                             attrs=f' data-players="{len(hands)}"')
    kept = {"hands": " / ".join(" ".join(map(str, h)) for h in hands),
            "leader": "" if leader is None else NAMES[leader], "moves": ", ".join(moves),
            "finish": "yes" if finish else "no", "step": str(start + 1)}
    kept["dealt"] = _shown_key(kept)
    return markup, start, kept


def _shown_key(kept: Params) -> str:
    """The position a stepper shows, as its hidden field keeps it (a new position starts at its first step)."""
    return "|".join(kept.get(k, "") for k in ("hands", "leader", "moves", "finish"))


@figure(GAME, "hand")
def _fig_position(p: Params) -> str:
    """The ``hand`` figure: a phase-two position as a stepper."""
    return _position_html(p)[0]


def _controls_position(p: Params) -> str:
    return (
        html.text_field("hands", "Hands", p.get("hands", ""), "One hand a player, A first, with / between them.",
                        hint_id="hint-knorri-position-hands")
        + html.text_field("leader", "Leader (optional)", p.get("leader", ""),
                          "Empty: the holder of ♣2 opens. A letter: that player leads a fresh trick.",
                          hint_id="hint-knorri-position-leader")
        + html.text_field("moves", "Moves", p.get("moves", ""),
                          "Actions with commas between them: play C2 C3, play C7, pick up.",
                          hint_id="hint-knorri-position-moves")
        + html.select_field("finish", "Then", (("yes", "The computer plays to the end"), ("no", "Stop")),
                            p.get("finish", "yes"))
        + html.hidden_field("step", p.get("step", ""))
        + html.hidden_field("dealt", p.get("dealt", ""))
        + html.submit_button("Show", primary=True)
    )


@widget(GAME, "hand", title="Knorri phase-two stepper", controls=_controls_position)
def _position_widget(params: dict[str, str]) -> Answer:
    """The stepper's answer: the position the form names, at the step kept for it (a changed position, or the
    Show button, starts at its first step)."""
    markup, _, kept = _position_html({**params, "step": ""})
    if params.get("action", "") != "show" and params.get("step", "").strip() and params.get("dealt", "") == kept["dealt"]:
        markup, _, kept = _position_html(params)
    return {"html": markup, "set": kept}


# -- can I still avoid losing? -----------------------------------------------------------------------------------


def _seat_param(p: Params, players: int, default: int) -> int:
    text = p.get("seat", "").strip().upper()
    if not text:
        return default
    if text not in NAMES[:players]:
        raise WidgetError(f"seat: a player from A to {NAMES[players - 1]}, not {shown(text)}")
    return NAMES.index(text)


def avoid_answer(hands: Sequence[Sequence[Card]], leader: int | None, seat: int | None) -> Work:
    """Whether ``seat`` (default: the player to move) can make sure of not losing, with each of its moves
    said safe or not when it is to move (one search settles them all); yields the solver's progress."""
    total = sum(len(h) for h in hands)
    if total > MAX_AVOID_CARDS:
        raise WidgetError(f"hands: at most {MAX_AVOID_CARDS} cards in all for the solver here; {total} given")
    state = _position(hands, leader)
    who = state.current_player() if seat is None else seat
    yield 0.0
    name = NAMES[who]
    try:
        found = yield from avoid_losing_steps(state, who, max_positions=AVOID_POSITIONS)
    except StytvoltError as err:
        raise WidgetError(f"hands: {err}; try fewer cards") from None
    safe = found.safe
    moves: list[tuple[str, bool]] = []
    if state.current_player() == who and not state.is_terminal():
        moves = [(str(action), str(action) in found.moves) for action in state.legal_actions()]
    if safe:
        verdict = f"Yes: {name} can make sure of not losing, whatever the others do"
    else:
        verdict = f"No: the others, playing together against {name}, can keep {name} from getting out"
    rows = []
    for text, ok in moves:
        said = f"keeps {name} safe" if ok else f"lets the others make {name} lose"
        rows.append(f'<li data-code="{"safe" if ok else "unsafe"}" data-move="{escape(text)}">'
                    f"<strong>{escape(text)}</strong>: {escape(said)}</li>")
    whose = NAMES[state.current_player()] if not state.is_terminal() else ""
    listing = (f'<ul class="sv-reasons sv-choices-said" aria-label="each move of {escape(name)}">{"".join(rows)}</ul>'
               if rows else f'<p class="sv-note">It is {escape(whose)}\'s turn, not {escape(name)}\'s: the answer '
                            "covers every way the play can go from here.</p>")
    body = (
        f'<div class="sv-avoid" data-game="knorri" data-safe="{"yes" if safe else "no"}">'
        f'<p class="sv-context">Every card is seen in phase two. The question is asked in the worst case: every '
        f"other player plays against {escape(name)}.</p>{_hand_rows(state)}{_trick_line(state)}"
        f'<p class="sv-answer"><strong>Can {escape(name)} avoid losing?</strong> <span data-answer="safe">'
        f"{escape(verdict)}</span>.</p>{listing}</div>"
    )
    kept = {"hands": " / ".join(" ".join(map(str, h)) for h in hands),
            "leader": "" if leader is None else NAMES[leader], "seat": name}
    return {"html": body, "set": kept}


def _avoid_inputs(p: Params) -> tuple[list[tuple[Card, ...]], int | None, int | None]:
    hands = _hands(p, AVOID_HANDS)
    given = p.get("hands", "").strip()
    leader = _leader({"leader": p.get("leader", "") if given else p.get("leader", "") or "A"}, len(hands))
    seat = _seat_param(p, len(hands), -1)
    return hands, leader, None if seat < 0 else seat


@figure(GAME, "avoid")
def _fig_avoid(p: Params) -> str:
    """The ``avoid`` figure: the solver's answer, worked at build time."""
    from stytvolt.web import finish

    return finish(avoid_answer(*_avoid_inputs(p)))["html"]


def _controls_avoid(p: Params) -> str:
    return (
        html.text_field("hands", "Hands", p.get("hands", ""),
                        f"One hand a player, A first, with / between them; {MAX_AVOID_CARDS} cards at most in all.",
                        hint_id="hint-knorri-avoid-hands")
        + html.text_field("leader", "Leader (optional)", p.get("leader", ""),
                          "Empty: the holder of ♣2 opens. A letter: that player leads a fresh trick.",
                          hint_id="hint-knorri-avoid-leader")
        + html.text_field("seat", "Asking for", p.get("seat", ""), "A player's letter; empty: the player to move.",
                          hint_id="hint-knorri-avoid-seat")
        + html.submit_button("Can I still avoid losing?", primary=True)
    )


@widget(GAME, "avoid", title="Knorri: can I still avoid losing?", controls=_controls_avoid)
def _avoid(params: dict[str, str]) -> Work:
    """The solver's answer, a long one: it yields the solver's progress every few milliseconds."""
    return avoid_answer(*_avoid_inputs(params))
