"""Stýrivolt on the site: its figures and widgets, registered for the game ``"styrivolt"``, and how it draws.

Figures: ``cards``, ``trick``, ``choose``, ``chalk``, ``ranking``,
``glossary``.  Widgets: ``ranking``, ``trick``, ``choose``, ``chalk``.
Each reads the params a page or a form holds (strings) and answers with
markup drawn here with the kit's primitives (:mod:`stytvolt.web.html`): what a
card is called in a deal ("two of hearts, the bird") comes from the ranking
of :mod:`stytvolt.styrivolt.ranking`, and every decision from the rules.  The
bigger parts sit beside it: :mod:`~stytvolt.styrivolt.site.chalk` (the
chalk-up drawn) and :mod:`~stytvolt.styrivolt.site.hands` (worked hands); the
puzzles are the puzzle room's, every game's alike (:mod:`stytvolt.web.puzzles`).
The limits are :mod:`stytvolt.web`'s.
"""

from __future__ import annotations

import hashlib
import random
from html import escape

from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Suit, parse_cards
from stytvolt.learn import Question
from stytvolt.styrivolt.chalk import (
    Chalkboard, Change, Result, Scoring, chalk_description, parse_records, record_text,
)
from stytvolt.styrivolt.choosing import SuitChoice, choose_suits
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.ranking import TAKING_REACH, Ranking, Role, group_note, parse_suits
from stytvolt.styrivolt.site.chalk import chalk_svg
from stytvolt.styrivolt.terms import TERMS
from stytvolt.styrivolt.tricks import TrickResult, explain_trick
from stytvolt.web import (
    MAX_CHALK_RECORDS, MAX_STOCK_CARDS, MAX_TRICK_CARDS, Answer, Params, WidgetError, card_text, figure, shown, widget,
)
from stytvolt.web.html import card_figure, face_svg, labelled_chip, reasons_list
from stytvolt.web.learn import Pictures, pictured

__all__ = [
    "GAME", "PAIRS", "card_label", "card_svg", "role_word", "chip", "by_suit", "cards_row", "trick_figure",
    "choice_figure", "chalk_figure", "dealt_note", "ranking_figure", "glossary_figure", "chalk_board_for",
]


# -- drawing (also used by the table and worked hands) ----------------------------------------------------


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


def role_word(ranking: Ranking | None, card: Card, promoted: bool = False) -> str:
    """A card's name in this deal without its article ("bird", "chosen king"), or "" for a plain card."""
    if ranking is None:
        return ""
    role = ranking.role(card, promoted)
    return "" if role is Role.PLAIN else ranking.names(card, promoted).english.removeprefix("the ")


def chip(card: Card, ranking: Ranking | None, promoted: bool = False) -> str:
    """A card in a line of text: its symbol, with its spoken name for a screen reader."""
    return labelled_chip(card, card_label(card, ranking, promoted))


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


def cards_row(cards: Iterable[Card], ranking: Ranking | None = None, *, label: str = "") -> str:
    items = "".join(f"<li>{_card(c, ranking)}</li>" for c in cards)
    aria = f' aria-label="{escape(label)}"' if label else ""
    return f'<ul class="sv-cards"{aria}>{items}</ul>'


def _suits(ranking: Ranking) -> str:
    return " and ".join(f"{s.symbol} {s.english}" for s in sorted(ranking.chosen))


def trick_figure(result: TrickResult, chosen: Iterable[Suit], promoted: Iterable[int] = ()) -> str:
    from stytvolt.styrivolt.site.hands import trick_steps  # the stepper's markup (hands imports this module)

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


GAME = "styrivolt"
PAIRS = ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C")



# -- reading parameters ---------------------------------------------------------------


def _chosen(params: Params, default: str = "H,S") -> tuple[Suit, Suit]:
    text = (params.get("chosen") or default).strip()
    if len(text) > 40:  # "diamonds, hearts" is the longest anyone writes; keep the message short
        raise WidgetError("chosen: expected the two chosen suits, like H,S or hearts, spades")
    return parse_suits(text)


def _card_list(params: Params, name: str, most: int, what: str) -> str:
    """The text of a card list, refused before parsing when it names more than ``most`` cards."""
    return card_text(params, name, most, what)


def _trick_cards(params: Params) -> str:
    return _card_list(params, "cards", MAX_TRICK_CARDS, "a trick")


def _stock(params: Params) -> str:
    return _card_list(params, "stock", MAX_STOCK_CARDS, "a stock")


def _promoted(params: Params, plays: int) -> list[int]:
    """The plays made from four of a kind, as the page counts them (from 1), as indices (from 0)."""
    out = []
    for token in params.get("promoted", "").replace(",", " ").split():
        if not (token.isascii() and token.isdigit() and 1 <= int(token) <= plays):
            raise WidgetError(f"promoted: plays are numbered 1 to {plays} in this trick, not {shown(token)}")
        out.append(int(token) - 1)
    return out


def _turned(params: Params) -> int | None:
    text = params.get("turned", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise WidgetError(f"turned: expected how many cards are turned, a whole number like 3, not {shown(text)}")
    return int(text)


def _records(params: Params, name: str = "records") -> list[tuple[int, Result]]:
    text = params.get(name, "")
    count = len(text.split())
    if count > MAX_CHALK_RECORDS:
        raise WidgetError(f"{name}: the chalk-up holds at most {MAX_CHALK_RECORDS} results; {count} given")
    return parse_records(text, limit=MAX_CHALK_RECORDS)


def _scoring(params: Params) -> Scoring:
    return Scoring.PENGUIN if params.get("scoring", "").lower() == "penguin" else Scoring.KVIVIK


# -- figures ---------------------------------------------------------------------------


@figure(GAME, "cards")
def _fig_cards(p: Params) -> str:
    ranking = Ranking.of(_chosen(p)) if p.get("chosen") else None
    return cards_row(parse_cards(p.get("cards", "")), ranking)


@figure(GAME, "trick")
def _fig_trick(p: Params) -> str:
    chosen = _chosen(p)
    cards = parse_cards(_trick_cards(p), pack=PACK, unique=True)
    if not cards:
        raise WidgetError("cards: name at least one card, the lead first: for example H2 SK S3 DJ")
    promoted = _promoted(p, len(cards))
    return trick_figure(explain_trick(cards, chosen, promoted), chosen, promoted)


@figure(GAME, "choose")
def _fig_choose(p: Params) -> str:
    stock = parse_cards(_stock(p), pack=PACK, unique=True)
    choice = choose_suits(stock, prefer=p.get("prefer", ""))
    return choice_figure(choice, _turned(p))


@figure(GAME, "chalk")
def _fig_chalk(p: Params) -> str:
    return _chalk_html(p)


def _chalk_html(p: Params, *, live: bool = False) -> str:
    board, last = chalk_board_for(_records(p), _scoring(p))
    prefix = None
    if live:
        # The chalk-up widget's ids are its own, so a live answer never shares them with a chalk figure of the page.
        key = "|".join((p.get("title", ""), p.get("records", ""), _scoring(p).value))
        prefix = "chalkup-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
    return chalk_figure(board, last, title=p.get("title") or None, id_prefix=prefix)


@figure(GAME, "ranking")
def _fig_ranking(p: Params) -> str:
    return ranking_figure(Ranking.of(_chosen(p)))


@figure(GAME, "glossary")
def _fig_glossary(p: Params) -> str:
    return glossary_figure()


# -- widget controls ----------------------------------------------------------------------


def _pair_select(selected: tuple[Suit, Suit]) -> str:
    key = frozenset(selected)
    options = []
    for pair in PAIRS:
        suits = parse_suits(pair)
        label = " and ".join(f"{s.symbol} {s.english}" for s in suits)
        sel = " selected" if frozenset(suits) == key else ""
        options.append(f'<option value="{pair}"{sel}>{escape(label)}</option>')
    return f'<label>Chosen suits <select name="chosen">{"".join(options)}</select></label>'


def _text(name: str, label: str, value: str, hint: str) -> str:
    return (
        f'<label>{escape(label)} <input name="{name}" value="{escape(value)}" autocomplete="off" spellcheck="false" '
        f'aria-describedby="hint-{name}"></label><small id="hint-{name}" class="sv-hint">{escape(hint)}</small>'
    )


def _button(text: str, value: str = "", name: str = "action", primary: bool = False) -> str:
    cls = "md-button md-button--primary" if primary else "md-button"
    val = f' name="{name}" value="{escape(value)}"' if value else ""
    return f'<button type="submit" class="{cls}"{val}>{escape(text)}</button>'


def _controls_ranking(p: Params) -> str:
    return _pair_select(_chosen(p)) + _button("Show the ranking", primary=True) + _button("Deal at random", "random")


def _controls_trick(p: Params) -> str:
    return (
        _pair_select(_chosen(p))
        + _text("cards", "Cards in play order", p.get("cards", ""), "Up to four cards, the lead first: H2 SK S3 DJ or ♥2 ♠K.")
        + _text("promoted", "Plays from four of a kind", p.get("promoted", ""), "Optional: play numbers 1-4, like 2.")
        + _button("Explain the trick", primary=True)
    )


def _controls_choose(p: Params) -> str:
    return (
        _text("stock", "Stock, top card first", p.get("stock", ""), "Cards as the dealer turns them: C6 C4 DA CA D7 H5.")
        + f'<input type="hidden" name="turned" value="{escape(p.get("turned", ""))}">'
        + _button("Turn the next card", "next", primary=True)
        + _button("Show the whole choice", "all")
        + _button("Start again", "restart")
    )


_CHALK_BUTTONS = (
    (Result.ORDINARY, "ordinary game"),
    (Result.KEPT_IN, "kept in"),
    (Result.NINE_TRICKS, "nine tricks"),
    (Result.KEPT_IN_ALONE, "kept in alone"),
    (Result.NINE_TRICKS_ALONE, "nine alone"),
    (Result.STOCK_PENALTY, "stock penalty"),
)


def _controls_chalk(p: Params) -> str:
    rows = []
    for team in (0, 1):
        buttons = "".join(_button(label, record_text(team, result), name="add") for result, label in _CHALK_BUTTONS)
        rows.append(f"<fieldset><legend>Team {'AB'[team]}</legend>{buttons}</fieldset>")
    return (
        f'<input type="hidden" name="records" value="{escape(p.get("records", ""))}">'
        + "".join(rows)
        + _button("Undo", "undo")
        + _button("New slate", "reset")
    )


# -- widget answers -----------------------------------------------------------------------


def _deal_pair(current: tuple[Suit, Suit], seed: str | None) -> str:
    """A pair of suits at random, never the pair already shown (so a deal always changes something).

    With a seed the deal is fixed by the seed and the current pair, as tests and pages need.
    """
    rng = random.Random(f"{seed}|{PAIRS.index(_pair_key(current))}") if seed else random.Random()
    return rng.choice([pair for pair in PAIRS if frozenset(parse_suits(pair)) != frozenset(current)])


def _pair_key(suits: tuple[Suit, Suit]) -> str:
    """The PAIRS entry naming these two suits, in whatever order they were given."""
    return next(pair for pair in PAIRS if frozenset(parse_suits(pair)) == frozenset(suits))


@widget(GAME, "ranking", title="Ranking explorer", controls=_controls_ranking)
def _ranking(params: dict[str, str]) -> Answer:
    dealt = params.pop("action", "") == "random"
    chosen = _chosen(params)
    if dealt:
        params["chosen"] = _deal_pair(chosen, params.get("seed"))
        chosen = _chosen(params)
    figure = _fig_ranking(params)
    note = dealt_note(chosen) if dealt else ""
    return {"html": note + figure, "set": {"chosen": _pair_key(chosen)}}


@widget(GAME, "trick", title="Trick explainer", controls=_controls_trick)
def _trick(params: dict[str, str]) -> Answer:
    return {"html": _fig_trick(params), "set": {}}


@widget(GAME, "choose", title="Suit chooser", controls=_controls_choose)
def _choose(params: dict[str, str]) -> Answer:
    action = params.pop("action", "")
    stock = parse_cards(_stock(params), pack=PACK, unique=True)
    total = len(choose_suits(stock).seen)
    # The first answer (no button pressed) shows the turning as far as the form says, else its first card,
    # so that "Turn the next card" has a next card to turn; "Show the whole choice" turns them all.
    turned = {"next": (_turned(params) or 0) + 1, "restart": 1, "all": total}.get(action, _turned(params) or 1)
    params["turned"] = str(min(max(turned, 1), total))
    return {"html": _fig_choose(params), "set": {"turned": params["turned"]}}


@widget(GAME, "chalk", title="Chalk-up", controls=_controls_chalk)
def _chalk(params: dict[str, str]) -> Answer:
    action = params.pop("action", "")
    records = [] if action == "reset" else _records(params)
    if action == "undo":
        records = records[:-1]
    records += _records(params, "add")
    params.pop("add", None)
    if len(records) > MAX_CHALK_RECORDS:
        raise WidgetError(f"records: the chalk-up holds at most {MAX_CHALK_RECORDS} results; start a new slate")
    params["records"] = " ".join(record_text(team, result) for team, result in records)
    return {"html": _chalk_html(params, live=True), "set": {"records": params["records"]}}


#: The chalk-after question's words for the teams, which its drawings use too.
_TEAM_WORDS = ("Team A", "Team B")


@pictured(GAME, "chalk-after")
def _chalk_after_pictures(q: Question) -> Pictures:
    """Each choice of "Chalk it up" drawn as the chalk-up it describes, and the chalk-up before the hand.

    The words stay for screen readers: a choice's button is named by its
    text (``aria-label``), the chalk-up before the hand is an image named by
    its description.  Every drawing of the question has the same height.
    """
    from stytvolt.styrivolt.quiz.scoring import chalk_before, chalk_of_id  # loaded with the question's kind
    from stytvolt.styrivolt.site.chalk import chalk_small_svg, small_rows

    states = {c.id: chalk_of_id(c.id) for c in q.choices}
    before = chalk_before(q.position)
    rows = max(small_rows(state) for state in (*states.values(), before))
    words = chalk_description(before, _TEAM_WORDS)
    lead = q.context.removesuffix(words).rstrip()
    context = (f'<p class="sv-context">{escape(lead)}</p>'
               f'<figure class="sv-chalk-before">{chalk_small_svg(before, _TEAM_WORDS, label=words, rows=rows)}</figure>')
    return Pictures(context, {cid: chalk_small_svg(state, _TEAM_WORDS, rows=rows) for cid, state in states.items()})
