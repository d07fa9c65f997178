"""Stýrivolt's figures and widgets, registered for the game ``"styrivolt"``.

Figures: ``cards``, ``trick``, ``choose``, ``chalk``, ``ranking``,
``glossary``.  Widgets: ``ranking``, ``trick``, ``choose``, ``chalk``.
Each reads the params a page or a form holds (strings) and answers with
markup from :mod:`stytvolt.web.html`; every decision comes from
:mod:`stytvolt.styrivolt`.  The limits are :mod:`stytvolt.web`'s.
"""

from __future__ import annotations

import hashlib
import random
from html import escape

from stytvolt.core.cards import Suit, parse_cards
from stytvolt.styrivolt.chalk import Result, Scoring, parse_records, record_text
from stytvolt.styrivolt.choosing import choose_suits
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.ranking import Ranking, parse_suits
from stytvolt.styrivolt.tricks import explain_trick
from stytvolt.web import (
    MAX_CHALK_RECORDS, MAX_STOCK_CARDS, MAX_TRICK_CARDS, Answer, Params, WidgetError, card_text, figure, shown, widget,
)
from stytvolt.web import html

__all__ = ["GAME", "PAIRS"]

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
    return html.cards_row(parse_cards(p.get("cards", "")), ranking)


@figure(GAME, "trick")
def _fig_trick(p: Params) -> str:
    chosen = _chosen(p)
    cards = parse_cards(_trick_cards(p), pack=PACK, unique=True)
    if not cards:
        raise WidgetError("cards: name at least one card, the lead first: for example H2 SK S3 DJ")
    promoted = _promoted(p, len(cards))
    return html.trick_figure(explain_trick(cards, chosen, promoted), chosen, promoted)


@figure(GAME, "choose")
def _fig_choose(p: Params) -> str:
    stock = parse_cards(_stock(p), pack=PACK, unique=True)
    choice = choose_suits(stock, prefer=p.get("prefer", ""))
    return html.choice_figure(choice, _turned(p))


@figure(GAME, "chalk")
def _fig_chalk(p: Params) -> str:
    return _chalk_html(p)


def _chalk_html(p: Params, *, live: bool = False) -> str:
    board, last = html.chalk_board_for(_records(p), _scoring(p))
    prefix = None
    if live:
        # The chalk-up widget's ids are its own, so a live answer never shares them with a chalk figure of the page.
        key = "|".join((p.get("title", ""), p.get("records", ""), _scoring(p).value))
        prefix = "chalkup-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
    return html.chalk_figure(board, last, title=p.get("title") or None, id_prefix=prefix)


@figure(GAME, "ranking")
def _fig_ranking(p: Params) -> str:
    return html.ranking_figure(Ranking.of(_chosen(p)))


@figure(GAME, "glossary")
def _fig_glossary(p: Params) -> str:
    return html.glossary_figure()


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
    note = html.dealt_note(chosen) if dealt else ""
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
