"""HTML and SVG for the site: cards, tricks, suit choices, chalk-ups, the ranking, the glossary.

One renderer for both sides of the site: the build hook calls it in CPython to
pre-render every figure and each widget's first example, and the browser's
worker calls it in Pyodide to answer the reader.  So the first paint and the
live answer are the same markup.  The rules stay in ``stytvolt.styrivolt``;
this module only turns their answers into accessible markup.

Accessibility: every card is an ``<svg role="img">`` with a spoken label
("two of hearts, the bird"); suits differ by symbol, never by colour alone;
a trick's winner is marked by text as well as by style.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Mapping, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.explain import COMPASS, TEAM_LETTERS, Reason
from stytvolt.styrivolt.chalk import Chalkboard, Change, Result, Scoring
from stytvolt.styrivolt.choosing import SuitChoice
from stytvolt.styrivolt.ranking import TAKING_REACH, Ranking, Role, group_note
from stytvolt.styrivolt.terms import TERMS
from stytvolt.styrivolt.tricks import TrickResult
from stytvolt.web.chalk import chalk_svg

__all__ = [
    "card_svg", "cards_row", "trick_figure", "choice_figure", "chalk_figure", "ranking_figure", "glossary_figure",
    "reasons_list", "card_label", "dealt_note", "SEATS", "TEAMS", "role_word", "chip", "by_suit",
    "face_svg", "card_figure", "labelled_chip", "ordinal", "score_number", "sheet_table", "select_field", "text_field", "hidden_field",
    "submit_button", "hand_rows", "trick_now",
]


def card_label(card: Card, ranking: Ranking | None = None, promoted: bool = False) -> str:
    """What a screen reader says: ``two of hearts, the bird``."""
    if ranking is None:
        return card.english
    role = ranking.role(card, promoted)
    if role is Role.PLAIN:
        return card.english
    name = ranking.names(card, promoted).english
    return f"{card.english}, {name}"


def card_svg(card: Card, ranking: Ranking | None = None, promoted: bool = False) -> str:
    """One card face as an accessible inline SVG (scales with the font; light and dark via CSS)."""
    return face_svg(card, card_label(card, ranking, promoted))


def face_svg(card: Card, spoken: str) -> str:
    """One card face of any game as an accessible inline SVG, read out as ``spoken`` ("queen of clubs, highest trump")."""
    label = escape(spoken)
    colour = "red" if card.suit.is_red else "black"
    rank = card.rank.shown
    return (
        f'<svg class="sv-card-face sv-{colour}" data-card="{card}" viewBox="0 0 50 70" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        '<rect class="sv-card-bg" x="1" y="1" width="48" height="68" rx="5"/>'
        f'<text class="sv-card-rank" x="6" y="17">{rank}</text>'
        f'<text class="sv-card-suit-small" x="6" y="30">{card.suit.symbol}</text>'
        f'<text class="sv-card-suit" x="27" y="52" text-anchor="middle">{card.suit.symbol}</text>'
        "</svg>"
    )


def role_word(ranking: Ranking | None, card: Card, promoted: bool = False) -> str:
    """A card's name in this deal without its article ("bird", "chosen king"), or "" for a plain card."""
    if ranking is None:
        return ""
    role = ranking.role(card, promoted)
    return "" if role is Role.PLAIN else ranking.names(card, promoted).english.removeprefix("the ")


def chip(card: Card, ranking: Ranking | None, promoted: bool = False) -> str:
    """A card in a line of text: its symbol, with its spoken name for a screen reader."""
    return labelled_chip(card, card_label(card, ranking, promoted))


def labelled_chip(card: Card, spoken: str) -> str:
    """A card of any game in a line of text: its symbol, read out as ``spoken``."""
    colour = " sv-red" if card.suit.is_red else ""
    return f'<span class="sv-chip{colour}" role="img" aria-label="{escape(spoken)}">{card.symbol}</span>'


def by_suit(ranking: Ranking, cards: Iterable[Card]) -> list[Card]:
    """A hand laid out for reading: the chosen suits first, then the others, each suit from its highest rank."""
    chosen = ranking.chosen
    return sorted(cards, key=lambda c: (c.suit not in chosen, c.suit.value, -c.rank))


def _caption(*parts: str) -> str:
    """A card's caption: its role and notes, the empty ones left out, as one phrase ("the fýrik, exposed")."""
    return ", ".join(p.strip() for p in parts if p.strip())


def _card(card: Card, ranking: Ranking | None, promoted: bool = False, note: str = "", classes: str = "") -> str:
    role = ""
    if ranking is not None:
        r = ranking.role(card, promoted)
        role = ranking.names(card, promoted).english if r is not Role.PLAIN else ""
    return card_figure(card, card_label(card, ranking, promoted), _caption(role, note), classes)


def card_figure(card: Card, spoken: str, caption: str = "", classes: str = "") -> str:
    """A card of any game as a figure: its face (read out as ``spoken``), its symbol and a short caption under it."""
    cls = f"sv-card {classes}".strip()
    return (
        f'<figure class="{cls}" data-card="{card}">{face_svg(card, spoken)}'
        f'<figcaption><span class="sv-card-text">{escape(card.symbol)}</span>'
        f'{f" <span class=sv-role>{escape(caption)}</span>" if caption else ""}</figcaption></figure>'
    )


def cards_row(cards: Iterable[Card], ranking: Ranking | None = None, *, label: str = "") -> str:
    items = "".join(f"<li>{_card(c, ranking)}</li>" for c in cards)
    aria = f' aria-label="{escape(label)}"' if label else ""
    return f'<ul class="sv-cards"{aria}>{items}</ul>'


#: The seats as the site names them, by seat number (0 to 3).
SEATS: tuple[str, ...] = COMPASS
#: The teams as the site names them: "A keeps in", "B's side".
TEAMS: tuple[str, ...] = TEAM_LETTERS


def reasons_list(
    reasons: Sequence[Reason],
    *,
    ordered: bool = True,
    seats: Sequence[str] = SEATS,
    teams: Sequence[str] = TEAMS,
) -> str:
    """The reasons as a list, each sentence rendered with these seat and team names."""
    tag = "ol" if ordered else "ul"
    items = "".join(
        f'<li data-code="{escape(r.code)}">{escape(r.render(seats=seats, teams=teams))}</li>' for r in reasons
    )
    return f'<{tag} class="sv-reasons">{items}</{tag}>'


def _suits(ranking: Ranking) -> str:
    return " and ".join(f"{s.symbol} {s.english}" for s in sorted(ranking.chosen))


def trick_figure(result: TrickResult, chosen: Iterable[Suit], promoted: Iterable[int] = ()) -> str:
    from stytvolt.web.hands import trick_steps  # the stepper's markup (hands imports this module)

    ranking = Ranking.of(tuple(chosen))
    flags = set(promoted)
    plays = []
    for i, card in enumerate(result.cards):
        winner = i == result.winner
        note = ("led" if i == 0 else f"play {i + 1}") + (" — wins" if winner else "")
        plays.append(f"<li>{_card(card, ranking, i in flags, note, 'sv-winner' if winner else '')}</li>")
    return (
        f'<div class="sv-trick" data-winner="{result.winner}">'
        f'<p class="sv-context">Chosen suits: {escape(_suits(ranking))}.</p>'
        f'<ol class="sv-cards sv-plays" aria-label="cards in the order played">{"".join(plays)}</ol>'
        f'<p class="sv-answer"><strong>Winner:</strong> <span data-answer="winner">{escape(ranking.describe(result.winning_card, result.winner in flags))}</span>'
        f" (play {result.winner + 1}).</p>"
        f"{reasons_list(result.reasons)}"
        f"{trick_steps(result, ranking, [i in flags for i in range(len(result.cards))])}</div>"
    )


def choice_figure(choice: SuitChoice, turned: int | None = None) -> str:
    """The dealer's view: the cards turned so far and, once the search stops, what is exposed."""
    seen = choice.seen if turned is None else choice.seen[: max(0, turned)]
    done = len(seen) == len(choice.seen)
    ranking = choice.ranking
    found: list[Suit] = []
    items = []
    for card in seen:
        if card is choice.stopper:
            note = "third suit: stop"
        elif card.suit not in found:
            found.append(card.suit)
            note = f"{'first' if len(found) == 1 else 'second'} suit"
        else:
            note = ""
        exposed = done and card in choice.exposed
        caption = _caption(note, "exposed" if exposed else "")
        items.append(f"<li>{_card(card, ranking if done else None, note=caption, classes='sv-exposed' if exposed else '')}</li>")
    reasons = choice.reasons
    steps = [r for r in reasons if r.code in ("choose.first_suit", "choose.second_suit", "choose.again", "choose.third_suit")]
    shown = reasons if done else tuple(steps[: len(seen)])
    answer = ""
    if done:
        answer = (
            f'<p class="sv-answer"><strong>Chosen:</strong> <span data-answer="chosen">'
            f'{escape(", ".join(s.english for s in choice.chosen))}</span>. <strong>Exposed:</strong> '
            f'<span data-answer="exposed">{escape(" ".join(c.symbol for c in choice.exposed))}</span>.</p>'
        )
    else:
        answer = f'<p class="sv-answer">Turned {len(seen)} of {len(choice.seen)} cards; the dealer goes on.</p>'
    return (
        f'<div class="sv-choice" data-turned="{len(seen)}" data-total="{len(choice.seen)}">'
        f'<ol class="sv-cards" aria-label="cards turned from the stock, in order">{"".join(items)}</ol>'
        f"{answer}{reasons_list(shown)}</div>"
    )


def chalk_figure(board: Chalkboard, last: Change | None = None, *, title: str | None = None,
                 id_prefix: str | None = None) -> str:
    reasons = reasons_list(last.reasons, ordered=False) if last is not None else ""
    return f'<div class="sv-chalk">{chalk_svg(board.state, title=title, id_prefix=id_prefix)}{reasons}</div>'


def dealt_note(chosen: Iterable[Suit]) -> str:
    """What a random deal chose, said before the ranking it shows."""
    return f'<p class="sv-dealt">Dealt at random: <strong data-answer="dealt">{escape(_suits(Ranking.of(tuple(chosen))))}</strong>.</p>'


def ranking_figure(ranking: Ranking) -> str:
    parts = [f'<div class="sv-ranking"><p class="sv-context">Chosen suits: {escape(_suits(ranking))}. Strongest first.</p>']
    for heading, group in ranking.groups():
        note = _group_note(heading)
        parts.append(f'<section class="sv-group"><h3>{escape(heading.capitalize())}</h3>')
        if note:
            parts.append(f'<p class="sv-note">{escape(note)}</p>')
        items = []
        for card in group:
            role = ranking.role(card)
            # The caption stays short (how high it reaches); the full sentence is the tooltip.
            note = f"beats up to {TAKING_REACH[role][0]}s" if role.is_taking else ""
            items.append(f'<li title="{escape(ranking.explain_card(card).text)}">{_card(card, ranking, note=note)}</li>')
        parts.append(f'<ul class="sv-cards">{"".join(items)}</ul></section>')
    parts.append("</div>")
    return "".join(parts)


def _group_note(heading: str) -> str:
    note = group_note(heading)
    return note[:1].upper() + note[1:] + "."


def glossary_figure() -> str:
    items = []
    for term in TERMS:
        forms = ", ".join(term.faroese)
        extra = []
        if forms:
            extra.append(f'<span class="sv-faroese" lang="fo">{escape(forms)}</span>')
        if term.danish:
            extra.append(f'Danish <span lang="da">{escape(", ".join(term.danish))}</span>')
        for word, place in term.variants:
            extra.append(f"{escape(word)} ({escape(place)})")
        head = f'<dt id="{escape(term.key)}">{escape(term.english)}' + (f" — {' · '.join(extra)}" if extra else "") + "</dt>"
        items.append(f"{head}<dd>{escape(term.meaning)}</dd>")
    return f'<dl class="sv-glossary">{"".join(items)}</dl>'


def chalk_board_for(records: Sequence[tuple[int, Result]], scoring: Scoring = Scoring.KVIVIK) -> tuple[Chalkboard, Change | None]:
    board = Chalkboard(scoring=scoring)
    last = None
    for team, result in records:
        last = board.record(team, result)
    return board, last


# -- shared by the Sjavs family's figures (stytvolt.web.sjavs, stytvolt.web.klorsjavs) ----------------------


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``12th``, ``13th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def score_number(value: int) -> str:
    """A score as printed on a sheet: a true minus sign for the negative ones."""
    return f"−{-value}" if value < 0 else str(value)


def sheet_table(
    names: Sequence[str],
    lines: Sequence[Sequence[int]],
    notes: Sequence[str],
    *,
    caption: str,
    first: str = "start",
) -> str:
    """A score sheet as a table: a column per side or player, a row per line, what happened in the last column.

    ``lines[0]`` is the starting line (headed ``first``), ``lines[i]`` the
    totals after hand ``i`` and ``notes[i - 1]`` what that hand did.  A total
    that changed says by how much in words as well ("22 (−2)"), so the change
    is never shown by style alone.
    """
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in names)
    rows = []
    for i, line in enumerate(lines):
        cells = []
        for c, value in enumerate(line):
            before = lines[i - 1][c] if i else value
            if value != before:
                delta = score_number(value - before) if value < before else "+" + str(value - before)
                cells.append(f'<td class="sv-changed">{score_number(value)} <span class="sv-delta">({delta})</span></td>')
            else:
                cells.append(f"<td>{score_number(value)}</td>")
        label = escape(first) if i == 0 else str(i)
        note = escape(notes[i - 1]) if i else ""
        rows.append(f'<tr><th scope="row">{label}</th>{"".join(cells)}<td class="sv-sheet-note">{note}</td></tr>')
    return (
        f'<div class="sv-sheet-wrap"><table class="sv-sheet"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col">Hand</th>{head}<th scope="col">What happened</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div>'
    )


def select_field(name: str, label: str, options: Sequence[tuple[str, str]], selected: str) -> str:
    """A labelled ``<select>`` of (value, text) options, ``selected`` chosen (else the first)."""
    items = "".join(
        f'<option value="{escape(value)}"{" selected" if value == selected else ""}>{escape(text)}</option>'
        for value, text in options
    )
    return f'<label>{escape(label)} <select name="{escape(name)}">{items}</select></label>'


def text_field(name: str, label: str, value: str, hint: str, *, hint_id: str, numeric: bool = False) -> str:
    """A labelled text field with a hint under it (``hint_id`` must be unique on the page)."""
    mode = ' inputmode="numeric"' if numeric else ""
    return (
        f'<label>{escape(label)} <input name="{escape(name)}" value="{escape(value)}"{mode} autocomplete="off" '
        f'spellcheck="false" aria-describedby="{escape(hint_id)}"></label>'
        f'<small id="{escape(hint_id)}" class="sv-hint">{escape(hint)}</small>'
    )


def hidden_field(name: str, value: str) -> str:
    """A form field the reader does not see (a widget's memory: the sheet so far, the step shown)."""
    return f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'


def submit_button(text: str, value: str = "", *, name: str = "action", primary: bool = False) -> str:
    """A submit button saying what it does; with a ``value`` it sends ``name=value`` with the form."""
    cls = "md-button md-button--primary" if primary else "md-button"
    val = f' name="{escape(name)}" value="{escape(value)}"' if value else ""
    return f'<button type="submit" class="{cls}"{val}>{escape(text)}</button>'


#: How long the table lets a computer move stand before the next, as a share of the game's own pause:
#: (value, what the reader sees, the share).  The reader's choice is kept in the browser for every table.
TABLE_PACES: tuple[tuple[str, str, float], ...] = (("slow", "Slow", 2.0), ("normal", "Normal", 1.0), ("quick", "Quick", 0.25))


def table_controls(game: str, settings: str) -> str:
    """A table's controls: its game text, New game, Undo, the computer's pace, and ``settings`` for a new game."""
    paces = "".join(f'<option value="{value}" data-share="{share}"{" selected" if value == "normal" else ""}>{text}</option>'
                    for value, text, share in TABLE_PACES)
    return (
        f'<input type="hidden" name="game" value="{escape(game)}">'
        '<div class="sv-table-bar">'
        '<button type="button" class="md-button" data-do="new">New game</button>'
        '<button type="button" class="md-button" data-do="undo">Undo</button>'
        f'<label class="sv-table-pace">The computer\'s pace <select name="pace" data-sv-local>{paces}</select></label></div>'
        '<details class="sv-table-settings"><summary>Settings for a new game</summary>'
        f"{settings}"
        '<button type="button" class="md-button md-button--primary" data-do="new">Start a new game with these settings</button>'
        "</details>"
    )


def hand_rows(rows: Sequence[tuple[str, str, str]], *, label: str) -> str:
    """The players' cards, a line each: (who, their cards as chips, what they are to do now: "to play", or "")."""
    items = []
    for who, cards, doing in rows:
        cls = "sv-hand sv-acting" if doing else "sv-hand"
        turn = f' <span class="sv-turn">({escape(doing)})</span>' if doing else ""
        items.append(f'<li class="{cls}"><span class="sv-seat">{escape(who)}{turn}</span> {cards}</li>')
    return f'<ul class="sv-hands" aria-label="{escape(label)}">{"".join(items)}</ul>'


def trick_now(plays: Sequence[tuple[str, str]], winning: int, *, complete: bool, label: str) -> str:
    """A trick on the table in play order, (who, chip) each, the card winning it framed and named in words."""
    items = []
    for i, (who, card) in enumerate(plays):
        mark = ""
        if i == winning:
            mark = f' <strong class="sv-mark">{"wins the trick" if complete else "winning so far"}</strong>'
        cls = ' class="sv-winning"' if i == winning else ""
        items.append(f'<li{cls}><span class="sv-seat">{escape(who)}</span> {card}{mark}</li>')
    return f'<ol class="sv-now" aria-label="{escape(label)}">{"".join(items)}</ol>'


def puzzle_controls(values: Mapping[str, str], *, label: str, placeholder: str, help_id: str, help_text: str) -> str:
    """A puzzle widget's form (interactive/puzzle.mjs's contract): the hidden state (``id``, ``date``,
    ``moves``, ``hints``) and a move typed in (``try``) with its label and the help that says how to write it."""
    hidden = "".join(f'<input type="hidden" name="{name}" value="{escape(values.get(name, default))}">'
                     for name, default in (("id", "daily"), ("date", ""), ("moves", ""), ("hints", "0")))
    return (f'{hidden}<label>{escape(label)} <input name="try" autocomplete="off" spellcheck="false" size="6" '
            f'placeholder="{escape(placeholder)}" aria-describedby="{help_id}"></label>'
            '<button type="submit" class="md-button md-button--primary">Play it</button>'
            f'<span id="{help_id}" class="sv-hint">{escape(help_text)}</span>')
