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
from typing import Iterable, Sequence

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
    label = escape(card_label(card, ranking, promoted))
    colour = "red" if card.suit.is_red else "black"
    rank = "10" if card.rank == 10 else card.rank.letter
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
    colour = " sv-red" if card.suit.is_red else ""
    return (f'<span class="sv-chip{colour}" role="img" aria-label="{escape(card_label(card, ranking, promoted))}">'
            f"{card.symbol}</span>")


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
    caption = _caption(role, note)
    cls = f"sv-card {classes}".strip()
    return (
        f'<figure class="{cls}" data-card="{card}">{card_svg(card, ranking, promoted)}'
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
