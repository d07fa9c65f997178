"""Sjavs's figures and widgets, registered for the game ``"sjavs"``.

Figures (a page's ``<div class="sv-figure" data-game="sjavs" data-figure=…>``):

* ``cards``: ``cards`` (any cards of the pack), ``trump`` (optional: every
  card then says its place with that suit trumps, the permanent trumps
  marked), ``order="trump"`` (optional, with ``trump``: laid out as they rank,
  the trump suit from the top, then each other suit), ``caption`` (optional);
* ``order``: ``trump``: the whole pack as it ranks with that suit trumps;
* ``trick``: ``trump``, ``cards`` (the lead first, up to four) and ``names``
  (optional: who played each card, comma-separated): who wins and why, and
  how each card answered the lead;
* ``sheet``: ``results`` (hands, as :func:`parse_results` reads them),
  ``players`` (4, 3 or 2), ``names`` (optional: the columns), ``start``
  (optional: the columns' first totals), ``caption`` (optional);
* ``hand``: ``players``, ``seed``, ``step``: a whole hand played by
  :class:`~stytvolt.sjavs.bots.SimpleBot` at every seat, step by step.

Widgets: ``trick`` (the trick explainer), ``calculator`` (the scoring
calculator and its score sheet) and ``hand`` (worked hands).

Every decision comes from :mod:`stytvolt.sjavs`: who wins a trick
(:func:`~stytvolt.sjavs.play.explain_trick`), which suit a card belongs to
(:func:`~stytvolt.sjavs.cards.suit_of`), the order of the cards
(:func:`~stytvolt.sjavs.cards.order`), the game points
(:func:`~stytvolt.sjavs.scoring.hand_score`) and the sheet
(:class:`~stytvolt.sjavs.scoring.ScoreSheet`).  This module words and draws
their answers.  The limits are :mod:`stytvolt.web`'s; a sheet holds at most
:data:`~stytvolt.web.MAX_CHALK_RECORDS` hands, like the chalk-up.
"""

from __future__ import annotations

import random
import re
from html import escape
from typing import TYPE_CHECKING, Any, Callable, Sequence

from stytvolt.core.cards import Card, Suit, parse_cards
from stytvolt.core.errors import StytvoltError
from stytvolt.core.tricks import TrickResult
from stytvolt.core.words import counted
from stytvolt.sjavs.bidding import trump_lengths
from stytvolt.sjavs.cards import PACK, PERMANENT_TRUMPS, describe_suit, is_permanent, order, suit_of
from stytvolt.sjavs.play import explain_trick
from stytvolt.sjavs.scoring import START, TIE_CARRY, TRICKS, HandScore, ScoreSheet, card_points, hand_score
from stytvolt.web import MAX_CHALK_RECORDS, MAX_TRICK_CARDS, Answer, Params, WidgetError, card_list, figure, shown, widget
from stytvolt.web import html
from stytvolt.web.kit import (
    add_to_sheet, calculator_action, choice_param, first_played_deal, names_param, order_sections, said_list,
    sheet_controls, suit_param, trick_markup, undo_last, who_played, whole_param, worked_hand,
)

if TYPE_CHECKING:
    from stytvolt.sjavs.hand import HandState

__all__ = [
    "GAME", "SEATS", "COLUMNS", "card_words", "ranked", "trick_html", "follow_notes", "parse_results",
    "sheet_html", "worked_steps",
]

GAME = "sjavs"
#: The seats by the number of players, from the seat on the dealer's left (the dealer is the last).
SEATS: dict[int, tuple[str, ...]] = {
    4: ("South", "West", "North", "East"),
    3: ("Anna", "Bárður", "Cecilia"),
    2: ("Anna", "Bárður"),
}
#: The score sheet's columns by the number of players: the teams with four (South and North are We).
COLUMNS: dict[int, tuple[str, ...]] = {4: ("We", "They"), 3: SEATS[3], 2: SEATS[2]}

_SUITS = (("H", "♥ hearts"), ("S", "♠ spades"), ("D", "♦ diamonds"), ("C", "♣ clubs"))
_BANDS = {
    "vol alone": "every trick, all won by one announcer",
    "vol": "every trick (vol)",
    "90-120": "90 to 120 card points",
    "61-89": "61 to 89 card points",
    "60-60": "exactly 60 card points (60–60)",
    "31-59": "31 to 59 card points",
    "0-30": "30 card points or fewer, with at least one trick",
    "no trick": "no trick at all",
}


# -- reading parameters ---------------------------------------------------------------------------------


def _trump(params: Params, default: str = "H") -> Suit:
    """The trump suit a param names (``trump``), ``default`` when missing or empty."""
    return suit_param(params.get("trump", default).strip() or default)


def _card_list(params: Params, name: str, most: int, what: str) -> tuple[Card, ...]:
    """The cards of a param, each in the Sjavs pack and named once; refused before parsing when too many."""
    return card_list(params, name, most, what, lambda text: parse_cards(text, pack=PACK, unique=True))


def _players(params: Params) -> int:
    """The number of players: 4 (the default), 3 or 2."""
    return int(choice_param(params, "players", ("4", "3", "2"), "4"))


# -- cards: their names and places ---------------------------------------------------------------------------


def ranked(cards: Sequence[Card], trump: Suit) -> list[Card]:
    """Cards laid out as they rank with ``trump`` trumps: the trump suit from the top, then each other suit."""
    seq = list(order(trump, trump)) + [c for s in Suit if s is not trump for c in order(s, trump)]
    place = {c: i for i, c in enumerate(seq)}
    return sorted(cards, key=place.__getitem__)


def _by_suit(cards: Sequence[Card]) -> list[Card]:
    """Cards before trumps are named: the permanent trumps first (they are trumps whatever is named), then by suit."""
    seq = list(PERMANENT_TRUMPS) + [c for s in Suit for c in order(s, s)[len(PERMANENT_TRUMPS):]]
    place = {c: i for i, c in enumerate(seq)}
    return sorted(cards, key=place.__getitem__)


def _place(k: int, n: int, word: str) -> str:
    """A card's place in words: "highest trump", "3rd spade", "lowest heart"."""
    return f"highest {word}" if k == 1 else f"lowest {word}" if k == n else f"{html.ordinal(k)} {word}"


def card_words(card: Card, trump: Suit | None) -> tuple[str, str]:
    """What a screen reader says of a card (its name and its role), and the short caption shown under it.

    ``("queen of clubs, highest trump (a permanent trump)", "trump 1, permanent")`` with a trump named;
    without one, only the permanent trumps have a place.
    """
    if trump is None:
        if is_permanent(card):
            k = PERMANENT_TRUMPS.index(card) + 1
            return f"{card.english}, a permanent trump, the {_place(k, 6, 'of the six')}", "permanent trump"
        return f"{card.english}, an ordinary {card.suit.singular}", ""
    suit = suit_of(card, trump)
    cards = order(suit, trump)
    k = cards.index(card) + 1
    if suit is trump:
        place, caption = _place(k, len(cards), "trump"), f"trump {k}"
    else:
        place, caption = _place(k, len(cards), suit.singular), ""
    if is_permanent(card):
        return f"{card.english}, {place} (a permanent trump)", f"{caption}, permanent"
    return f"{card.english}, {place}", caption


def _chip(card: Card, trump: Suit | None) -> str:
    """A card in a line of text, spoken with its name and role."""
    return html.labelled_chip(card, card_words(card, trump)[0])


def _chips(cards: Sequence[Card], trump: Suit | None) -> str:
    return " ".join(_chip(c, trump) for c in cards) if cards else '<span class="sv-none">none</span>'


def _suit_name(suit: Suit) -> str:
    """"♥ hearts"."""
    return f"{suit.symbol} {suit.english}"


def _cards_figure(cards: Sequence[Card], trump: Suit | None, *, label: str) -> str:
    """Cards as a row of faces, each spoken with its name and role, the permanent trumps marked."""
    items = []
    for card in cards:
        spoken, caption = card_words(card, trump)
        cls = "sv-permanent" if is_permanent(card) else ""
        items.append(f"<li>{html.card_figure(card, spoken, caption, cls)}</li>")
    return f'<ul class="sv-cards" aria-label="{escape(label)}">{"".join(items)}</ul>'


# -- figures: cards and the order ------------------------------------------------------------------------------


@figure(GAME, "cards")
def _fig_cards(p: Params) -> str:
    """The ``cards`` figure: cards with their names and roles, optionally in order for a trump suit."""
    cards = _card_list(p, "cards", len(PACK), "the pack")
    if not cards:
        raise WidgetError("cards: name at least one card, like CQ SQ HA")
    trump = _trump(p) if p.get("trump", "").strip() else None
    arrange = choice_param(p, "order", ("", "trump", "as-given"), "")
    if arrange == "trump":
        if trump is None:
            raise WidgetError("order: cards are put in order for a trump suit; name it with trump, like H")
        cards = tuple(ranked(cards, trump))
    caption = p.get("caption", "").strip()
    if not caption and trump is not None:
        caption = f"Trumps: {_suit_name(trump)}." + (
            " The trump suit from the top, then the other suits." if arrange == "trump" else ""
        )
    head = f'<p class="sv-context">{escape(caption)}</p>' if caption else ""
    label = caption or "cards"
    return f'<div class="sv-cardset" data-trump="{trump or ""}">{head}{_cards_figure(cards, trump, label=label)}</div>'


@figure(GAME, "order")
def _fig_order(p: Params) -> str:
    """The ``order`` figure: the whole pack as it ranks with ``trump`` trumps."""
    trump = _trump(p)
    trumps = order(trump, trump)
    own = len(trumps) - len(PERMANENT_TRUMPS)
    groups = [(
        "Trumps",
        f"{len(trumps)} cards: the six permanent trumps, then the other {own} {trump.english}.",
        trumps,
    )]
    for suit in Suit:
        if suit is trump:
            continue
        cards = order(suit, trump)
        gone = [c for c in PERMANENT_TRUMPS if c.suit is suit]
        away = ""
        if len(gone) > 1:
            away = f" ({' and '.join(c.symbol for c in gone)} are trumps, not {suit.english})"
        elif gone:
            away = f" ({gone[0].symbol} is a trump, not a {suit.singular})"
        groups.append((suit.english.capitalize(), f"{len(cards)} cards{away}.", cards))
    parts = [
        f'<div class="sv-order" data-trump="{trump}">'
        f'<p class="sv-context">Trumps: {escape(_suit_name(trump))}. Every card of the pack, '
        f"highest first in each group. Any trump beats any card of another suit.</p>"
    ]
    parts.append(order_sections(groups, lambda cards, label: _cards_figure(cards, trump, label=label)))
    parts.append("</div>")
    return "".join(parts)


# -- figures: a trick -----------------------------------------------------------------------------------------


def follow_notes(cards: Sequence[Card], trump: Suit, names: Sequence[str]) -> list[tuple[str, str]]:
    """How each card answered the lead, as (code, sentence): led, followed, trumped, or thrown away.

    A card that did not follow shows that its player held none of the suit
    led (else they must have played one); a permanent trump printed with the
    led suit is the trap, and says so.
    """
    led = suit_of(cards[0], trump)
    lead = cards[0]
    wanted = describe_suit(led, trump)
    if led is trump and lead.suit is not trump:
        first = (f"{names[0]} leads {lead.symbol}, a permanent trump: this is a trump lead, though a "
                 f"{lead.suit.singular} is printed on it. The others must play trumps if they hold any.")
    elif led is trump:
        first = f"{names[0]} leads {lead.symbol}, a trump. The others must play trumps if they hold any."
    else:
        first = (f"{names[0]} leads {lead.symbol}. The others must play {led.english} if they hold any; "
                 f"the permanent trumps are not {led.english}.")
    notes = [("follow-lead", first)]
    for i, card in enumerate(cards[1:], start=1):
        who = names[i]
        suit = suit_of(card, trump)
        if suit is led:
            extra = ", as every permanent trump is" if is_permanent(card) and card.suit is not trump else ""
            notes.append(("follow-follows", f"{who} plays {card.symbol}: it follows, being one of the {wanted}{extra}."))
        elif is_permanent(card) and card.suit is led:
            notes.append(("follow-permanent", (
                f"{who} plays {card.symbol}: it does not follow, for it is a permanent trump, not one of the "
                f"{led.english}. So {who} held no ordinary {led.singular}: with one, that card would have had to be played."
            )))
        elif suit is trump:
            notes.append(("follow-trumps", f"{who} plays {card.symbol}, a trump: {who} held no {wanted}, so was free to trump."))
        else:
            notes.append(("follow-discard", (
                f"{who} plays {card.symbol}, thrown away: {who} held no {wanted}, and a card of another suit never wins."
            )))
    return notes


def trick_html(cards: Sequence[Card], trump: Suit, names: Sequence[str] = ()) -> str:
    """A trick as a figure: the cards in play order, the winner with the engine's reason, how each card followed."""
    notes = follow_notes(cards, trump, who_played(names, len(cards)))
    return trick_markup(cards, explain_trick(cards, trump), names, notes,
                        spoken=lambda card: card_words(card, trump)[0], is_trump=lambda card: suit_of(card, trump) is trump,
                        marked=is_permanent, attrs=f'data-trump="{trump}"', context=f"Trumps: {_suit_name(trump)}.")


def _trick_params(p: Params) -> tuple[tuple[Card, ...], Suit, tuple[str, ...]]:
    """The ``trick`` figure's and widget's params: the cards, the trumps and the players' names."""
    trump = _trump(p)
    cards = _card_list(p, "cards", MAX_TRICK_CARDS, "a trick")
    if not cards:
        raise WidgetError("cards: name at least one card, the lead first: for example C7 CQ CA C8")
    names: tuple[str, ...] = ()
    if p.get("names", "").strip():
        names = names_param(p, len(cards), ())
    return cards, trump, names


@figure(GAME, "trick")
def _fig_trick(p: Params) -> str:
    """The ``trick`` figure."""
    cards, trump, names = _trick_params(p)
    return trick_html(cards, trump, names)


# -- figures: the score sheet ------------------------------------------------------------------------------------

#: One hand on a sheet: (column from 0, trump, the announcers' card points, their tricks, one announcer alone).
Result = tuple[int, Suit, int, int, bool]


def parse_results(text: str, players: int, name: str = "results") -> list[Result]:
    """Hands written ``column:trump:points:tricks``, ``:alone`` added for one announcer winning every trick alone.

    ``1:H:75:5 2:C:40:3 1:C:120:8:alone``: the column of the side (four
    players) or player that announced, counted from 1; the trump suit; the
    announcers' card points; their tricks.  Errors name ``name`` and the hand.
    """
    tokens = text.split()
    if len(tokens) > MAX_CHALK_RECORDS:
        raise WidgetError(f"{name}: a sheet holds at most {MAX_CHALK_RECORDS} hands; {len(tokens)} given")
    columns = len(COLUMNS[players])
    out = []
    for i, token in enumerate(tokens, start=1):
        parts = token.split(":")
        alone = len(parts) == 5 and parts[4].lower() == "alone"
        ok = len(parts) == 4 or alone
        if ok:
            column, suit, points, tricks = parts[:4]
            ok = all(x.isascii() and x.isdigit() and len(x) <= 3 for x in (column, points, tricks))
        if not ok:
            raise WidgetError(f"{name}: hand {i} is {shown(token)}; write column:trump:points:tricks, like 1:H:75:5")
        if not 1 <= int(column) <= columns:
            raise WidgetError(f"{name}: hand {i} names column {column}; this sheet has columns 1 to {columns}")
        try:
            trump = Suit.parse(suit) if len(suit) <= 10 else None
        except StytvoltError:
            trump = None
        if trump is None:
            raise WidgetError(f"{name}: hand {i} names the trump {shown(suit)}; expected a suit, like H")
        out.append((int(column) - 1, trump, int(points), int(tricks), alone))
    return out


def result_text(result: Result) -> str:
    """A hand as :func:`parse_results` reads it."""
    column, trump, points, tricks, alone = result
    return f"{column + 1}:{trump}:{points}:{tricks}" + (":alone" if alone else "")


def _score(result: Result, players: int, name: str, index: int) -> HandScore:
    """What hand ``index`` of a sheet scores, by :func:`~stytvolt.sjavs.scoring.hand_score`; a refusal names it."""
    _, trump, points, tricks, alone = result
    try:
        return hand_score(trump, points, tricks, alone=alone, players=players)
    except StytvoltError as err:
        raise WidgetError(f"{name}: hand {index}: {_readable(str(err))}") from None


def _readable(message: str) -> str:
    """The engine's words for the calculator's fields ("announcer_points" is the points field)."""
    return message.replace("announcer_points", "the announcers' card points").replace("announcer_tricks", "their tricks")


def _plural(players: int) -> bool:
    """Whether the sheet's columns are teams ("We score") rather than players ("Anna scores")."""
    return players == 4


def _effect(names: Sequence[str], players: int, before: Sequence[int], after: Sequence[int], score: HandScore,
            carried: int) -> str:
    """What a hand did to the sheet, in words: who took off how much (``carried``: the points carried to them),
    or, for a tie, how many are carried now."""
    if score.scorer is None:
        return f"nobody scores; {carried} carried to the next hand's scorers."
    scorers = [names[c] for c in range(len(after)) if after[c] != before[c]]
    verb = "score" if _plural(players) or len(scorers) > 1 else "scores"
    each = " each" if len(scorers) > 1 else ""
    how = f"{score.points} + {carried} carried = {score.points + carried}" if carried else str(score.points)
    return f"{' and '.join(scorers)} {verb} {how}{each}."


def _sheet(results: Sequence[Result], players: int, names: Sequence[str], start: Sequence[int] | None,
           name: str) -> tuple[ScoreSheet, list[str], list[HandScore]]:
    sheet = ScoreSheet(players, lines=[tuple(start)] if start else [])
    notes, scores = [], []
    for i, result in enumerate(results, start=1):
        column, trump, points, tricks, _ = result
        score = _score(result, players, name, i)
        if sheet.winners:
            raise WidgetError(f"{name}: hand {i} comes after the rubber was won; start a new sheet")
        carried = sheet.carried
        before = sheet.totals
        sheet.record(column, score)
        said = "announce" if _plural(players) else "announces"
        bands = {"vol alone": "every trick, one announcer alone", "vol": "every trick (vol)", "no trick": "no trick"}
        took = bands.get(score.band, counted(points, "card point"))
        effect = _effect(names, players, before, sheet.totals, score, sheet.carried if score.tie else carried)
        notes.append(f"{names[column]} {said} with {trump.symbol} trumps, {took}: {effect}")
        scores.append(score)
    return sheet, notes, scores


def _standing(sheet: ScoreSheet, names: Sequence[str], players: int) -> str:
    """The sheet's state after its last line, in words: the rubber won (and how), or who stands where."""
    found = sheet.winners
    if found:
        who = " and ".join(names[c] for c in found)
        if len(found) > 1:
            text = f"{who} reach the same score at 0 or below in the same hand: they share the rubber."
        else:
            verb = "win" if _plural(players) else "wins"
            text = f"{who} {verb} the rubber, reaching 0 or below first."
        if sheet.double_victory:
            others = " and ".join(n for c, n in enumerate(names) if c not in found)
            text += f" {others} never scored: a double victory."
        return f'<p class="sv-answer"><strong>Rubber:</strong> <span data-answer="rubber">{escape(text)}</span></p>'
    totals = ", ".join(f"{names[c]} {html.score_number(v)}" for c, v in enumerate(sheet.totals))
    text = f"Nobody has reached 0 yet ({totals})."
    if sheet.carried:
        text += f" {sheet.carried} game points are carried to whoever scores the next hand."
    return f'<p class="sv-answer"><strong>Standing:</strong> <span data-answer="rubber">{escape(text)}</span></p>'


def _start(p: Params, columns: int) -> list[int] | None:
    """The columns' first totals from ``start`` ("24,24"), or ``None`` for a fresh sheet."""
    text = p.get("start", "").strip()
    if not text:
        return None
    parts = [x.strip() for x in text.split(",")]
    ok = len(parts) == columns and all(re.fullmatch(r"-?\d{1,3}", x) for x in parts)
    if not ok:
        raise WidgetError(f"start: expected {columns} starting totals separated by commas, like 24,24, not {shown(text)}")
    return [int(x) for x in parts]


def sheet_html(results: Sequence[Result], players: int, names: Sequence[str], *, caption: str = "",
               start: Sequence[int] | None = None, name: str = "results") -> str:
    """A Sjavs score sheet drawn from a list of hands: each column from 24 down, ties carried, the rubber's end."""
    sheet, notes, _ = _sheet(results, players, names, start, name)
    heading = caption or f"Sjavs score sheet, {players} players: every column starts at {START} and counts down."
    table = html.sheet_table(names, sheet.lines, notes, caption=heading, first="start" if start is None else "before")
    return f'<div class="sv-sheet-figure" data-game="sjavs">{table}{_standing(sheet, names, players)}</div>'


@figure(GAME, "sheet")
def _fig_sheet(p: Params) -> str:
    """The ``sheet`` figure."""
    players = _players(p)
    names = names_param(p, len(COLUMNS[players]), COLUMNS[players])
    results = parse_results(p.get("results", ""), players)
    return sheet_html(results, players, names, caption=p.get("caption", "").strip(), start=_start(p, len(names)))


# -- widgets: the trick explainer -------------------------------------------------------------------------------


def _trump_select(selected: str) -> str:
    """The trump suit's select."""
    return html.select_field("trump", "Trumps", _SUITS, selected)


def _controls_trick(p: Params) -> str:
    """The trick explainer's controls."""
    return (
        _trump_select(str(_trump(p)))
        + html.text_field("cards", "Cards in play order", p.get("cards", ""),
                          "Up to four cards, the lead first: C7 CQ CA C8 or ♣7 ♣Q ♣A ♣8. T or 10 for a ten.",
                          hint_id="hint-sjavs-trick-cards")
        + html.submit_button("Explain the trick", primary=True)
    )


@widget(GAME, "trick", title="Sjavs trick explainer", controls=_controls_trick)
def _trick(params: dict[str, str]) -> Answer:
    """The trick explainer's answer: the ``trick`` figure for the cards typed."""
    params.pop("names", None)  # the widget names the plays by their order
    cards, trump, _ = _trick_params(params)
    return {"html": trick_html(cards, trump), "set": {"trump": str(trump)}}


# -- widgets: the scoring calculator -----------------------------------------------------------------------------


def _calc_inputs(p: Params) -> tuple[int, Result]:
    """The hand the calculator's fields describe (players, and the hand as a sheet result)."""
    players = _players(p)
    column = whole_param(p, "announcers", "1", 1, len(COLUMNS[players]), "the column of the side that announced") - 1
    trump = _trump(p)
    points = whole_param(p, "points", "75", 0, 120, "the announcers' card points")
    tricks = whole_param(p, "tricks", "5", 0, TRICKS[players], "the announcers' tricks")
    alone = choice_param(p, "alone", ("no", "yes"), "no") == "yes"
    return players, (column, trump, points, tricks, alone)


def _calc_score(result: Result, players: int) -> HandScore:
    _, trump, points, tricks, alone = result
    try:
        return hand_score(trump, points, tricks, alone=alone, players=players)
    except StytvoltError as err:
        message = _readable(str(err))
        # The fields' own ranges are checked first, so what is left is the points disagreeing with the tricks, or alone.
        field = "alone" if "alone" in message else "points"
        raise WidgetError(f"{field}: {message}") from None


def _row_text(result: Result, players: int, score: HandScore) -> str:
    """The row of the table the hand fell in, with what it is worth with clubs and with other trumps."""
    _, trump, points, tricks, alone = result
    other = hand_score(Suit.SPADES if score.clubs else Suit.CLUBS, points, tricks, alone=alone, players=players)
    clubs, plain = (score, other) if score.clubs else (other, score)
    band = _BANDS.get(score.band, score.band)
    if score.tie:
        return f"The row: {band}. Nobody scores, with any trumps; {TIE_CARRY} game points wait for the next hand's scorers."
    if clubs.points == plain.points:
        return f"The row: {band}, worth {plain.points} whatever the trumps."
    return f"The row: {band}, worth {plain.points} with other trumps and {clubs.points} with clubs."


#: Who announced, as the calculator offers it: the same options whatever the number of players, since the
#: controls are drawn once (a live answer sets the fields' values, not their options).
_ANNOUNCERS = (
    ("1", "We (four players) / Anna"),
    ("2", "They (four players) / Bárður"),
    ("3", "Cecilia (three players)"),
)


def _controls_calc(p: Params) -> str:
    """The calculator's controls: the hand's fields, the sheet so far (hidden) and the buttons."""
    return (
        html.select_field("players", "Players", (("4", "Four (two teams)"), ("3", "Three"), ("2", "Two")),
                          p.get("players", "4"))
        + html.select_field("announcers", "Announced (the soloist with three, the bidder with two)", _ANNOUNCERS,
                            p.get("announcers", "1"))
        + _trump_select(p.get("trump", "H"))
        + html.text_field("points", "Announcers' card points", p.get("points", ""), "0 to 120: A 11, 10 10, K 4, Q 3, J 2.",
                          hint_id="hint-sjavs-calc-points", numeric=True)
        + html.text_field("tricks", "Announcers' tricks", p.get("tricks", ""),
                          f"0 to {TRICKS[4]} with four players, {TRICKS[3]} with three, {TRICKS[2]} with two.",
                          hint_id="hint-sjavs-calc-tricks", numeric=True)
        + html.select_field("alone", "Every trick won by one announcer alone", (("no", "No"), ("yes", "Yes (four players)")),
                            p.get("alone", "no"))
        + sheet_controls(p, "sheet_players")
    )


@widget(GAME, "calculator", title="Sjavs scoring calculator", controls=_controls_calc)
def _calculator(params: dict[str, str]) -> Answer:
    """The calculator's answer: the hand's game points and why, and the sheet after the button pressed."""
    action = calculator_action(params)
    players, result = _calc_inputs(params)
    names = COLUMNS[players]
    score = _calc_score(result, players)
    sheet_text = params.get("sheet", "")
    for_players = params.get("sheet_players", "").strip()
    note = ""
    if action == "reset":
        sheet_text, note = "", "A new sheet: every column back at 24."
    elif sheet_text.strip() and for_players and for_players != str(players):
        sheet_text, note = "", f"A new sheet for {players} players (the last one was for {for_players})."
    records = parse_results(sheet_text, players, "sheet")
    if action == "undo":
        note = undo_last(records)
    sheet, _, _ = _sheet(records, players, names, None, "sheet")
    carried = sheet.carried
    note = add_to_sheet(action, records, result, note,
                        "the rubber on this sheet is already won" if sheet.winners else "")
    column = result[0]
    if score.scorer is None:
        who = "nobody scores"
    elif score.scorer == "announcers":
        who = f"the announcers ({names[column]}) score {score.points}"
    else:
        others = " and ".join(n for c, n in enumerate(names) if c != column)
        who = f"the opponents ({others}) score {score.points}" + (" each" if players == 3 else "")
    lines = [
        f'<li data-code="{escape(score.reason.code)}">{escape(score.reason.render())}</li>',
        f'<li data-code="row">{escape(_row_text(result, players, score))}</li>',
    ]
    if carried and score.scorer is not None:
        lines.append(f'<li data-code="carried">{carried} game points carried from tied hands go to the same scorers: '
                     f"{score.points + carried} come off in all.</li>")
    elif carried:
        lines.append(f'<li data-code="carried">With the {carried} already carried, {carried + TIE_CARRY} would wait for the next scorers.</li>')
    sheet_text = " ".join(result_text(r) for r in records)
    drawn = sheet_html(records, players, names, name="sheet", caption=f"The score sheet ({players} players), from 24 down.")
    return {
        "html": (
            f'<div class="sv-calc"><p class="sv-answer"><strong>This hand:</strong> '
            f'<span data-answer="score">{escape(who[:1].upper() + who[1:])}</span>.</p>'
            f'<ul class="sv-reasons">{"".join(lines)}</ul>'
            f'<p class="sv-note" data-answer-note="sheet">{escape(note)}</p>{drawn}</div>'
        ),
        "set": {
            "players": str(players), "announcers": str(column + 1), "trump": str(result[1]),
            "points": str(result[2]), "tricks": str(result[3]), "alone": "yes" if result[4] else "no",
            "sheet": sheet_text, "sheet_players": str(players),
        },
    }


# -- a worked hand -------------------------------------------------------------------------------------------------


def _deal(seed: int, k: int, players: int) -> "HandState":
    """Deal ``k`` (from 0) of a worked hand: the first is ``HandState.deal(seed)``; a redeal shuffles afresh."""
    from stytvolt.sjavs.hand import HandState

    dealer = players - 1
    if k == 0:
        return HandState.deal(seed, dealer, players=players)
    deck = sorted(PACK)
    random.Random(f"sjavs-redeal|{seed}|{k}").shuffle(deck)
    return HandState(deck, players=players, dealer=dealer)


def _holding(state: "HandState", seat: int, trump: Suit | None) -> str:
    """A seat's cards as chips, in order once trumps are named (with two players, its table cards too)."""
    cards = ranked(state.hands[seat], trump) if trump is not None else _by_suit(state.hands[seat])
    text = _chips(cards, trump)
    if state.players == 2:
        up = [pile[-1] for pile in state.piles[seat] if pile]
        down = sum(1 for pile in state.piles[seat] if len(pile) == 2)
        up = ranked(up, trump) if trump is not None else _by_suit(up)
        text += f'; <span class="sv-table-cards">on the table, face up: {_chips(up, trump)}; {down} face down</span>'
    return text


def _hands(state: "HandState", acting: int, trump: Suit | None) -> str:
    """Every seat's cards, the seat to move marked in words."""
    names = SEATS[state.players]
    rows = []
    for seat in range(state.players):
        who = names[seat] + (f" ({COLUMNS[4][seat % 2]})" if state.players == 4 else "")
        rows.append((who, _holding(state, seat, trump), _DOING.get(state.phase, "") if seat == acting else ""))
    return html.hand_rows(rows, label=f"the {state.players} hands")


#: What the seat to move is about to do, by the hand's phase.
_DOING = {"bidding": "to bid", "trump": "to name trumps", "exchange": "to exchange", "play": "to play"}


def _facts(state: "HandState") -> str:
    """The hand so far in one line: the dealer, the bids, the trumps, the tricks each side has won."""
    names = SEATS[state.players]
    parts = [f"Dealer: {names[state.dealer]}"]
    if state.bids:
        said = ", ".join(f"{names[s]} {'pass' if b is None else b}" for s, b in state.bids)
        parts.append(f"bids: {said}")
    if state.trump is not None and state.declarer is not None:
        parts.append(f"trumps: {_suit_name(state.trump)}, named by {names[state.declarer]}")
        won = [0] * len(COLUMNS[state.players])
        for t in state.tricks:
            won[state.side_of(t.winner)] += 1
        parts.append("tricks won: " + ", ".join(f"{n} {w}" for n, w in zip(COLUMNS[state.players], won)))
    if state.players == 3:
        parts.append(f"talon: {counted(len(state.talon) - len(state.drawn), 'card')} face down")
    return f'<p class="sv-facts">{escape("; ".join(parts))}.</p>'


def _bid_words(state: "HandState", seat: int, action_text: str) -> tuple[str, str]:
    """Why a bid is what it is: the trump lengths the seat's cards would make."""
    names = SEATS[state.players]
    lengths = trump_lengths(state.visible_to_owner(seat))
    best = max(lengths.of(s) for s in Suit)
    suits = " or ".join(s.english for s in Suit if lengths.of(s) == best)
    if action_text == "pass":
        return "bid-pass", f"{names[seat]} passes: the longest trump suit {names[seat]} could make is {counted(best, 'card')} ({suits})."
    return "bid", f"{names[seat]} bids {action_text[4:]}: with {suits} trumps the cards held would make {best} trumps."


def worked_steps(players: int, seed: int) -> tuple[str, list[tuple[str, str]]]:
    """A whole hand played by SimpleBot at every seat, as an introduction and (title, body) steps.

    All passing makes the same dealer deal again; such deals are summed up
    in one step.  Every sentence about a trick is the engine's or says what
    :func:`~stytvolt.sjavs.cards.suit_of` found.
    """
    from stytvolt.sjavs.bots import SimpleBot

    names = SEATS[players]
    bot = SimpleBot(seed)
    steps: list[tuple[str, str]] = []
    passed, bidding = first_played_deal(lambda k: _deal(seed, k, players), bot)
    # The hand is dealt again and its bidding replayed, the same bot playing on from there.
    state = _deal(seed, passed, players)
    dealer = names[state.dealer]
    if passed:
        times = "once" if passed == 1 else "twice" if passed == 2 else f"{passed} times"
        steps.append(("Everyone passed", (
            f'<p class="sv-step-title"><strong>Everyone passed</strong></p>'
            f"<p>The first deal{'s' if passed > 1 else ''}: everyone passed, {times}, so {dealer} shuffled and dealt "
            f"again each time. The hand below is the deal somebody bid on.</p>"
        )))
    steps.append(("The deal", (
        f'<p class="sv-step-title"><strong>The deal</strong></p>{_facts(state)}{_hands(state, state.current_player(), None)}'
        + said_list([("deal", f"{dealer} deals; {names[(state.dealer + 1) % players]}, on the dealer's left, speaks first.")])
    )))
    while not state.is_terminal():
        seat = state.current_player()
        action = bidding.pop(0) if bidding else bot.choose(state.observation(seat))
        text = str(action)
        said: list[tuple[str, str]] = []
        if action.kind in ("pass", "bid"):
            said.append(_bid_words(state, seat, text))
            title = f"{names[seat]} {'passes' if action.kind == 'pass' else 'bids ' + text[4:]}"
        elif action.kind == "trump":
            assert action.suit is not None
            held = ranked([c for c in state.visible_to_owner(seat) if suit_of(c, action.suit) is action.suit], action.suit)
            title = f"{names[seat]} names {action.suit.english} trumps"
            said.append(("trump", f"{names[seat]} won the bidding and names {action.suit.english}: "
                                  f"{counted(len(held), 'trump')} in {names[seat]}'s cards."))
        elif action.kind == "exchange":
            title = f"{names[seat]} exchanges with the talon"
        else:
            title = ""
        state.apply(action)
        trump = state.trump
        body = ""
        if action.kind == "exchange":
            drawn = list(state.drawn)
            if action.cards:
                said.append(("exchange", (
                    f"{names[seat]} lays away {' '.join(c.symbol for c in action.cards)} face down and draws "
                    f"{len(drawn)} from the talon unseen: {' '.join(c.symbol for c in drawn)}. "
                    "The cards laid away, and the talon card not drawn, count for the soloist at the end."
                )))
            else:
                said.append(("exchange", f"{names[seat]} keeps the cards held and leaves the talon; its two cards count "
                                         "for the soloist at the end."))
        if action.kind == "play":
            card = action.cards[0]
            trick = list(state.current) if state.current else list(state.tricks[-1].plays)
            complete = not state.current
            leader = state.tricks[-1].leader if complete else state.leader
            number = len(state.tricks) + (0 if complete else 1)
            who = [names[(leader + i) % players] for i in range(len(trick))]
            assert trump is not None
            note = follow_notes(trick, trump, who)[-1]
            said.append(note)
            result = explain_trick(trick, trump)
            if complete:
                winner = names[state.tricks[-1].winner]
                said.append((result.reason.code, result.reason.render()))
                tail = f"{winner} wins trick {number}" + (" and leads the next." if not state.is_terminal() else ", the last.")
                said.append(("trick-won", tail))
            else:
                said.append(("winning", f"Winning so far: {result.card.symbol}, {who[result.winner]}'s."))
            title = f"Trick {number}: {names[seat]} plays {card.symbol}"
            plays = [(who[i], _chip(c, trump)) for i, c in enumerate(trick)]
            body = _trick_now(plays, result.winner, complete=complete, number=number)
        acting = state.current_player()
        steps.append((title, (
            f'<p class="sv-step-title"><strong>{escape(title)}</strong></p>{_facts(state)}{body}'
            f"{_hands(state, acting, trump)}{said_list(said)}"
        )))
    steps.append(("The score", _score_step(state)))
    intro = (
        f'<p class="sv-context"><strong>A hand of Sjavs for {players}</strong> (seed {seed}), played by the computer '
        f"at every seat: it bids its longest trump suit, draws trumps while holding the best one, and wins tricks "
        f"cheaply. {escape(_seating(players))}</p>"
    )
    return intro, steps


def _trick_now(plays: Sequence[tuple[str, str]], winning: int, *, complete: bool, number: int) -> str:
    """The trick on the table in a step."""
    return html.trick_now(plays, winning, complete=complete, label=f"trick {number}, in the order played")


def _seating(players: int) -> str:
    """Who sits where and who deals, for the worked hand's introduction."""
    names = SEATS[players]
    if players == 4:
        return "South and North (We) play against West and East (They); East deals, so South speaks and leads first."
    return f"Each plays for themselves; {names[-1]} deals, so {names[0]} speaks and leads first."


def _score_step(state: "HandState") -> str:
    """The worked hand's last step: the announcers' count, the engine's score, and the hand on a fresh sheet."""
    names = SEATS[state.players]
    score = state.result()
    assert score is not None and state.declarer is not None and state.trump is not None
    side = state.side_of(state.declarer)
    columns = COLUMNS[state.players]
    cards = state.announcer_cards()
    tricks = sum(1 for t in state.tricks if state.side_of(t.winner) == side)
    points = card_points(cards)
    if state.players == 4:
        who = f"The announcers, {columns[side]} ({names[state.declarer]} and {names[(state.declarer + 2) % 4]}),"
    else:
        who = f"{names[state.declarer]}, the {'soloist' if state.players == 3 else 'announcer'},"
    held = f"holding {counted(points, 'card point')}"
    if state.players == 3:
        held = f"holding {counted(points, 'card point')} with the cards laid away and the talon's cards not drawn"
    lines = [("count", f"{who} won {tricks} of {len(state.tricks)} tricks, {held}.")]
    lines.append((score.reason.code, score.reason.render()))
    alone = score.band == "vol alone"
    result = (side, state.trump, points, tricks, alone)
    sheet = sheet_html([result], state.players, columns, caption="The hand on a fresh score sheet.")
    return (f'<p class="sv-step-title"><strong>The score</strong></p>{_facts(state)}{said_list(lines)}{sheet}')


worked_hand(
    GAME, title="Sjavs worked hand", field="players", read=lambda p: str(_players(p)),
    select=lambda p: html.select_field("players", "Players", (("4", "Four"), ("3", "Three"), ("2", "Two")),
                                       p.get("players", "4")),
    steps=lambda players, seed: worked_steps(int(players), seed),
    label=lambda players, seed: f"Worked hand of Sjavs for {players}, seed {seed}",
)
