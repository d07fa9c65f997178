"""Klørsjavs's figures and widgets, registered for the game ``"klorsjavs"``.

Every figure and widget takes ``variant``: ``klorsjavs`` (three hands, the
default), ``four-hand`` or ``auction``; the auction also takes ``trump``
(the suit its declarer named).  Figures (``data-game="klorsjavs"``):

* ``cards``: ``cards``, ``variant``, ``trump``, ``order="trump"`` (laid out
  as they rank), ``caption``: cards with their names and places, the
  wenzels marked;
* ``order``: ``variant`` (and ``trump``): the whole pack as it ranks;
* ``trick``: ``variant``, ``trump``, ``cards`` (the lead first) and
  ``names`` (optional): who wins and why, and how each card followed;
* ``sheet``: ``variant``, ``results`` (:func:`parse_results`), ``names``,
  ``start`` (optional first totals), ``hands`` (the auction session's
  length), ``caption``: the øre sheet from 60, or the auction's sheet
  of game points from 0;
* ``hand``: ``variant``, ``seed``, ``step``: a whole hand played by the
  computer at every seat, step by step (:func:`bot_name` says which player).

Widgets: ``trick`` (the trick explainer), ``calculator`` (who subtracts
how much, with the sheet) and ``hand`` (worked hands).

Every decision comes from :mod:`stytvolt.klorsjavs`: which suit a card
plays in and the order (:mod:`~stytvolt.klorsjavs.cards`), who wins a trick
and why (:func:`~stytvolt.klorsjavs.rules.explain_trick`), what a hand scores
(:func:`~stytvolt.klorsjavs.rules.hand_score`,
:func:`~stytvolt.klorsjavs.rules.auction_score`) and the sheets
(:class:`~stytvolt.klorsjavs.sheet.OreSheet`,
:class:`~stytvolt.klorsjavs.sheet.TariffSheet`).  The readers of params and
the parts of a figure or widget that know no game's rule are
:mod:`stytvolt.web.kit`'s.
"""

from __future__ import annotations

import random
import re
from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from stytvolt.core.cards import Card, Pack, Suit, parse_cards
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted
from stytvolt.klorsjavs.cards import FOUR_HAND_PACK, PACK, TRUMPS, order, suit_of
from stytvolt.klorsjavs.hand import VARIANTS
from stytvolt.klorsjavs.rules import (
    FOUR_HAND_TOTAL, TOTAL, AuctionScore, Bid, HandScore, auction_score, explain_trick, fold_cost, hand_score,
    parse_auction_bid, trump_suit,
)
from stytvolt.klorsjavs.sheet import SESSION_ROUNDS, START, OreSheet, TariffSheet
from stytvolt.web import MAX_CHALK_RECORDS, Answer, Params, WidgetError, card_list, figure, shown, widget
from stytvolt.web import html
from stytvolt.web.kit import (
    add_to_sheet, calculator_action, choice_param, first_played_deal, names_param, order_sections, said_list,
    sheet_controls, suit_param, trick_markup, undo_last, who_played, whole_param, worked_hand,
)

if TYPE_CHECKING:
    from stytvolt.klorsjavs.hand import HandState

__all__ = [
    "GAME", "SEATS", "VARIANT_TITLES", "bot_name", "card_words", "follow_notes", "trick_html",
    "parse_results", "sheet_html", "worked_steps",
]

GAME = "klorsjavs"
#: The players by variant, from the dealer's left (the dealer is the last).
SEATS: dict[str, tuple[str, ...]] = {
    "klorsjavs": ("Anne", "Bo", "Carl"),
    "four-hand": ("Anne", "Bo", "Carl", "Dan"),
    "auction": ("Anne", "Bo", "Carl"),
}
VARIANT_TITLES = {"klorsjavs": "Klørsjavs (three hands)", "four-hand": "Four-hand Klørsjavs", "auction": "Auction Klørsjavs"}
#: Tricks in a hand, by variant (the cat takes two cards).
TRICKS = {"klorsjavs": 6, "four-hand": 4, "auction": 6}
WENZELS: tuple[Card, ...] = TRUMPS[:6]

_SUITS = (("H", "♥ hearts"), ("S", "♠ spades"), ("D", "♦ diamonds"), ("C", "♣ clubs"))
_BID_NAMES = {Bid.SPIL: "Spil", Bid.STRYGER: "Stryger", Bid.TOUT: "Tout", Bid.STROGET_TOUT: "Strøget tout"}


# -- reading parameters ------------------------------------------------------------------------------------


def _variant(params: Params) -> str:
    """The game a param names: ``klorsjavs`` (the default), ``four-hand`` or ``auction``."""
    return choice_param(params, "variant", tuple(VARIANTS), "klorsjavs")


def _pack(variant: str) -> Pack:
    """The game's pack: 18 cards for four hands, else 20."""
    return FOUR_HAND_PACK if variant == "four-hand" else PACK


def _trump(params: Params, variant: str, *, strict: bool = True) -> Suit | None:
    """The auction's named trump suit; ``None`` (clubs and the wenzels) in the other games.

    ``strict``: a trump named for a game that names none is refused (a page's
    mistake); a widget drops it instead (the reader changed the game).
    """
    text = params.get("trump", "").strip()
    if variant != "auction":
        if text and strict:
            raise WidgetError("trump: only Auction Klørsjavs names a trump suit; in Klørsjavs the nine trumps are always clubs")
        return None
    if not text:
        raise WidgetError("trump: name the suit the auction's declarer chose, like H or hearts")
    return suit_param(text)


def _card_list(params: Params, name: str, most: int, what: str, variant: str) -> tuple[Card, ...]:
    """The cards of a param, each in the game's pack and named once; refused before parsing when too many."""
    return card_list(params, name, most, what, lambda text: parse_cards(text, pack=_pack(variant), unique=True))


# -- cards: their names and places ---------------------------------------------------------------------------


def _order(suit: Suit, variant: str, trump: Suit | None) -> tuple[Card, ...]:
    """A suit's cards in this game's pack, highest first (the four-hand pack has no ♥Q or ♦Q)."""
    pack = _pack(variant)
    return tuple(c for c in order(suit, trump) if c in pack)


def ranked(cards: Sequence[Card], variant: str, trump: Suit | None) -> list[Card]:
    """Cards laid out as they rank: the trumps from the top, then each other suit."""
    top = trump_suit(trump)
    seq = list(_order(top, variant, trump)) + [c for s in Suit if s is not top for c in _order(s, variant, trump)]
    place = {c: i for i, c in enumerate(seq)}
    return sorted(cards, key=place.__getitem__)


def _place(k: int, n: int, word: str) -> str:
    """A card's place in words: "highest trump", "2nd spade", "lowest heart"."""
    return f"highest {word}" if k == 1 else f"lowest {word}" if k == n else f"{html.ordinal(k)} {word}"


def _is_wenzel(card: Card, trump: Suit | None) -> bool:
    """Whether the card is one of the six wenzels (only with the permanent trumps, not in the auction)."""
    return trump is None and card in WENZELS


def card_words(card: Card, variant: str, trump: Suit | None) -> tuple[str, str]:
    """What a screen reader says of a card (its name and role), and the short caption shown under it."""
    suit = suit_of(card, trump)
    cards = _order(suit, variant, trump)
    k = cards.index(card) + 1
    if suit is trump_suit(trump):
        place, caption = _place(k, len(cards), "trump"), f"trump {k}"
    else:
        place, caption = _place(k, len(cards), suit.singular), ""
    if _is_wenzel(card, trump):
        return f"{card.english}, {place} (a wenzel)", f"{caption}, wenzel"
    return f"{card.english}, {place}", caption


def _chip(card: Card, variant: str, trump: Suit | None) -> str:
    """A card in a line of text, spoken with its name and role."""
    return html.labelled_chip(card, card_words(card, variant, trump)[0])


def _chips(cards: Sequence[Card], variant: str, trump: Suit | None) -> str:
    """Cards as chips, or "none"."""
    return " ".join(_chip(c, variant, trump) for c in cards) if cards else '<span class="sv-none">none</span>'


def _trumps_said(trump: Suit | None) -> str:
    """What is trumps, in words."""
    return "clubs and the wenzels, always" if trump is None else f"{trump.symbol} {trump.english}, named by the declarer"


def _cards_figure(cards: Sequence[Card], variant: str, trump: Suit | None, *, label: str) -> str:
    """Cards as a row of faces, each spoken with its name and role, the wenzels marked."""
    items = []
    for card in cards:
        spoken, caption = card_words(card, variant, trump)
        cls = "sv-permanent" if _is_wenzel(card, trump) else ""
        items.append(f"<li>{html.card_figure(card, spoken, caption, cls)}</li>")
    return f'<ul class="sv-cards" aria-label="{escape(label)}">{"".join(items)}</ul>'


@figure(GAME, "cards")
def _fig_cards(p: Params) -> str:
    """The ``cards`` figure."""
    variant = _variant(p)
    trump = _trump(p, variant)
    cards = _card_list(p, "cards", len(_pack(variant)), "the pack", variant)
    if not cards:
        raise WidgetError("cards: name at least one card, like CQ SQ CJ")
    arrange = choice_param(p, "order", ("", "trump", "as-given"), "")
    if arrange == "trump":
        cards = tuple(ranked(cards, variant, trump))
    caption = p.get("caption", "").strip()
    if not caption:
        caption = f"Trumps: {_trumps_said(trump)}." + (" The trumps from the top, then the other suits." if arrange == "trump" else "")
    return (f'<div class="sv-cardset" data-variant="{variant}"><p class="sv-context">{escape(caption)}</p>'
            f"{_cards_figure(cards, variant, trump, label=caption)}</div>")


@figure(GAME, "order")
def _fig_order(p: Params) -> str:
    """The ``order`` figure: the game's whole pack, highest first in each group."""
    variant = _variant(p)
    trump = _trump(p, variant)
    top = trump_suit(trump)
    trumps = _order(top, variant, trump)
    if trump is None:
        groups = [("Trumps (clubs)", f"{len(trumps)} cards: the six wenzels, then ♣A ♣K ♣5. All of them are clubs in play.", trumps)]
    else:
        groups = [(f"Trumps ({trump.english})", f"{len(trumps)} cards, the ace highest. No card of another suit is a trump.", trumps)]
    for suit in Suit:
        if suit is top:
            continue
        cards = _order(suit, variant, trump)
        notes = []
        if trump is None:
            gone = [c for c in WENZELS if c.suit is suit]
            if gone:
                notes.append(f"{' and '.join(c.symbol for c in gone)} "
                             + ("are trumps, so clubs" if len(gone) > 1 else "is a trump, so a club"))
        out = [c for c in PACK if c.suit is suit and c not in _pack(variant)]
        if out:
            notes.append(f"{' and '.join(c.symbol for c in out)} {'are' if len(out) > 1 else 'is'} not in the four-hand pack")
        note = f" ({'; '.join(notes)})" if notes else ""
        groups.append((suit.english.capitalize(), f"{len(cards)} cards{note}.", cards))
    parts = [
        f'<div class="sv-order" data-variant="{variant}"><p class="sv-context">{escape(VARIANT_TITLES[variant])}, '
        f"{len(_pack(variant))} cards. Trumps: {escape(_trumps_said(trump))}. Highest first in each group; "
        "any trump beats any card of another suit.</p>"
    ]
    parts.append(order_sections(groups, lambda cards, label: _cards_figure(cards, variant, trump, label=label)))
    parts.append("</div>")
    return "".join(parts)


# -- a trick -------------------------------------------------------------------------------------------------------


def follow_notes(cards: Sequence[Card], trump: Suit | None, names: Sequence[str]) -> list[tuple[str, str]]:
    """How each card answered the lead, as (code, sentence); a wenzel printed with the led suit is the trap."""
    top = trump_suit(trump)
    led = suit_of(cards[0], trump)
    lead = cards[0]
    wanted = "trumps" if led is top else led.english
    if led is top and lead.suit is not top:
        first = (f"{names[0]} leads {lead.symbol}, a wenzel: a trump, so a club lead, though a {lead.suit.singular} "
                 "is printed on it. The others must play trumps if they hold any.")
    elif led is top:
        first = f"{names[0]} leads {lead.symbol}, a trump. The others must play trumps if they hold any."
    elif trump is None:
        first = (f"{names[0]} leads {lead.symbol}. The others must play {led.english} if they hold any; "
                 f"the wenzels are clubs, not {led.english}.")
    else:
        first = f"{names[0]} leads {lead.symbol}. The others must play {led.english} if they hold any."
    notes = [("follow-lead", first)]
    for i, card in enumerate(cards[1:], start=1):
        who = names[i]
        suit = suit_of(card, trump)
        if suit is led:
            extra = ", as every wenzel is" if _is_wenzel(card, trump) and card.suit is not Suit.CLUBS else ""
            notes.append(("follow-follows", f"{who} plays {card.symbol}: it follows, being one of the {wanted}{extra}."))
        elif _is_wenzel(card, trump) and card.suit is led:
            notes.append(("follow-permanent", (
                f"{who} plays {card.symbol}: it does not follow, for it is a wenzel, a trump and so a club, not one of the "
                f"{led.english}. So {who} held no plain {led.singular}: with one, that card would have had to be played."
            )))
        elif suit is top:
            notes.append(("follow-trumps", f"{who} plays {card.symbol}, a trump: {who} held no {wanted}, so was free to trump."))
        else:
            notes.append(("follow-discard", (
                f"{who} plays {card.symbol}, thrown away: {who} held no {wanted}, and a card of another suit never wins."
            )))
    return notes


def trick_html(cards: Sequence[Card], variant: str, trump: Suit | None, names: Sequence[str] = ()) -> str:
    """A trick as a figure: the cards in play order, the winner and the engine's reason, how each card followed."""
    top = trump_suit(trump)
    notes = follow_notes(cards, trump, who_played(names, len(cards)))
    return trick_markup(cards, explain_trick(cards, trump), names, notes,
                        spoken=lambda card: card_words(card, variant, trump)[0],
                        is_trump=lambda card: suit_of(card, trump) is top, marked=lambda card: _is_wenzel(card, trump),
                        attrs=f'data-variant="{variant}"',
                        context=f"{VARIANT_TITLES[variant]}. Trumps: {_trumps_said(trump)}.")


def _trick_params(p: Params, *, strict: bool = True) -> tuple[tuple[Card, ...], str, Suit | None, tuple[str, ...]]:
    """The ``trick`` figure's and widget's params."""
    variant = _variant(p)
    trump = _trump(p, variant, strict=strict)
    players = VARIANTS[variant]
    cards = _card_list(p, "cards", players, f"a trick of {VARIANT_TITLES[variant]}", variant)
    if not cards:
        raise WidgetError("cards: name at least one card, the lead first: for example SK SQ SA")
    names: tuple[str, ...] = ()
    if p.get("names", "").strip():
        names = names_param(p, len(cards), ())
    return cards, variant, trump, names


@figure(GAME, "trick")
def _fig_trick(p: Params) -> str:
    """The ``trick`` figure."""
    cards, variant, trump, names = _trick_params(p)
    return trick_html(cards, variant, trump, names)


# -- the score sheets ----------------------------------------------------------------------------------------------

#: One hand on a sheet: (the declarer's column from 0, what the hand came to).  The second is
#: ``"fold"``, the declarer's card points (Klørsjavs), or (bid, card points or "notrick" or "won" or "lost").
Result = tuple[int, Any]


def parse_results(text: str, variant: str, name: str = "results") -> list[Result]:
    """Hands as written on a page or kept by the calculator, one a word.

    Klørsjavs and four-hand: ``declarer:points`` or ``declarer:fold``
    (``2:62 1:fold``).  Auction: ``declarer:bid:result``, the bid ``spil``,
    ``stryger``, ``tout`` or ``strøget-tout``, the result the declarer's
    card points or ``notrick`` (a Spil or Stryger), ``won`` or ``lost`` (a
    tout): ``1:spil:75 3:tout:won``.  The declarer is counted from 1.
    """
    tokens = text.split()
    if len(tokens) > MAX_CHALK_RECORDS:
        raise WidgetError(f"{name}: a sheet holds at most {MAX_CHALK_RECORDS} hands; {len(tokens)} given")
    players = VARIANTS[variant]
    out: list[Result] = []
    for i, token in enumerate(tokens, start=1):
        parts = token.lower().split(":")
        auction = variant == "auction"
        if len(parts) != (3 if auction else 2) or not (parts[0].isascii() and parts[0].isdigit() and len(parts[0]) <= 2):
            like = "1:spil:75 or 3:tout:won" if auction else "2:62 or 1:fold"
            raise WidgetError(f"{name}: hand {i} is {shown(token)}; write it like {like}")
        declarer = int(parts[0])
        if not 1 <= declarer <= players:
            raise WidgetError(f"{name}: hand {i} names player {declarer}; this sheet has players 1 to {players}")
        if not auction:
            value = parts[1]
            if value != "fold" and not (value.isascii() and value.isdigit() and len(value) <= 3):
                raise WidgetError(f"{name}: hand {i} is {shown(token)}; after the declarer write card points or fold")
            out.append((declarer - 1, value if value == "fold" else int(value)))
            continue
        try:
            bid = parse_auction_bid(parts[1].replace("-", " "))
        except StytvoltError:
            raise WidgetError(f"{name}: hand {i} bids {shown(parts[1])}; expected spil, stryger, tout or strøget-tout") from None
        value = parts[2]
        allowed = ("won", "lost") if bid.is_tout else ("notrick",)
        if value not in allowed and (bid.is_tout or not (value.isascii() and value.isdigit() and len(value) <= 3)):
            what = "won or lost" if bid.is_tout else "the declarer's card points or notrick"
            raise WidgetError(f"{name}: hand {i} is {shown(token)}; a {_BID_NAMES[bid]} ends in {what}")
        out.append((declarer - 1, (bid, value if value in allowed else int(value))))
    return out


def result_text(result: Result, variant: str) -> str:
    """A hand as :func:`parse_results` reads it."""
    declarer, value = result
    if variant != "auction":
        return f"{declarer + 1}:{value}"
    bid, outcome = value
    return f"{declarer + 1}:{str(bid).replace(' ', '-')}:{outcome}"


def _score(result: Result, variant: str, name: str, index: int) -> HandScore | AuctionScore | None:
    """What a hand scored (``None``: a fold), from the rules; a refusal names the hand."""
    _, value = result
    try:
        if variant != "auction":
            return None if value == "fold" else hand_score(value, four_hand=variant == "four-hand")
        bid, outcome = value
        if bid.is_tout:
            return auction_score(bid, all_tricks=outcome == "won")
        if outcome == "notrick":
            return auction_score(bid, 0, no_tricks=True)
        return auction_score(bid, outcome)
    except StytvoltError as err:
        raise WidgetError(f"{name}: hand {index}: {_readable(str(err))}") from None


def _readable(message: str) -> str:
    """The engine's words for the calculator's fields."""
    return message.replace("declarer_points", "the declarer's card points")


def _listed(names: Sequence[str]) -> str:
    """"Anne", "Anne and Bo", "Anne, Bo and Carl"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _note(result: Result, variant: str, names: Sequence[str], before: Sequence[int], after: Sequence[int],
          score: HandScore | AuctionScore | None) -> str:
    """What a hand did to the sheet, in words."""
    declarer, value = result
    who = names[declarer]
    if variant == "auction":
        assert isinstance(score, AuctionScore)
        bid, outcome = value
        did = {"won": "wins every trick", "lost": "loses a trick", "notrick": "wins no trick"}.get(
            str(outcome), f"takes {counted(outcome, 'card point')}" if isinstance(outcome, int) else "")
        if score.tariff > 0:
            return f"{who} bids {_BID_NAMES[bid]} and {did}: each opponent pays {who} {score.tariff}."
        return f"{who} bids {_BID_NAMES[bid]} and {did}: {who} pays each opponent {-score.tariff}."
    if score is None:
        return f"{who} declares and folds: {who} subtracts {fold_cost()}."
    assert isinstance(score, HandScore)
    down = [names[c] for c in range(len(after)) if after[c] < before[c]]
    each = " each" if len(down) > 1 else ""
    verb = "subtract" if len(down) > 1 else "subtracts"
    return f"{who} declares and takes {counted(value, 'card point')}: {_listed(down)} {verb} {score.ore}{each}."


def _sheet(results: Sequence[Result], variant: str, names: Sequence[str], start: Sequence[int] | None, hands: int,
           name: str) -> tuple[OreSheet | TariffSheet, list[str]]:
    """The sheet after ``results``, and a note for each hand."""
    lines = [tuple(start)] if start else []
    sheet: OreSheet | TariffSheet
    sheet = TariffSheet(hands, lines=lines) if variant == "auction" else OreSheet(VARIANTS[variant], lines=lines)
    notes = []
    for i, result in enumerate(results, start=1):
        score = _score(result, variant, name, i)
        if sheet.over:
            raise WidgetError(f"{name}: hand {i} comes after the game was decided; start a new sheet")
        before = sheet.totals
        if isinstance(sheet, TariffSheet):
            assert isinstance(score, AuctionScore)
            sheet.record(result[0], score)
        elif score is None:
            sheet.record_fold(result[0])
        else:
            assert isinstance(score, HandScore)
            sheet.record(result[0], score)
        note = _note(result, variant, names, before, sheet.totals, score)
        if isinstance(sheet, OreSheet) and sheet.tie_for_lowest:
            note += " The lowest score is shared: one more hand is played."
        elif isinstance(sheet, TariffSheet) and sheet.tie_for_highest:
            note += " The highest total is shared: one more hand is played."
        notes.append(note)
    return sheet, notes


def _standing(sheet: OreSheet | TariffSheet, names: Sequence[str]) -> str:
    """The sheet's state in words: the game (or session) decided, a tie played off, or play on."""
    if isinstance(sheet, TariffSheet):
        if sheet.winner is not None:
            text = (f"{names[sheet.winner]} wins the session with {html.score_number(max(sheet.totals))}, "
                    f"the highest total after its {sheet.hands} hands.")
        elif sheet.tie_for_highest:
            text = f"{_listed([names[s] for s in sheet.leaders])} share the highest total: one more hand is played."
        else:
            text = f"{sheet.played} of the session's {sheet.hands} hands played; every line adds up to 0."
        return f'<p class="sv-answer"><strong>Session:</strong> <span data-answer="standing">{escape(text)}</span></p>'
    if sheet.loser is not None:
        text = f"{names[sheet.loser]} loses: someone is at 0 or below, and {names[sheet.loser]} alone has the lowest score."
    elif sheet.tie_for_lowest:
        text = f"{_listed([names[s] for s in sheet.lowest])} share the lowest score with someone at 0 or below: one more hand is played."
    else:
        text = f"Nobody is at 0 or below yet: play on."
    return f'<p class="sv-answer"><strong>Game:</strong> <span data-answer="standing">{escape(text)}</span></p>'


def _start(p: Params, columns: int) -> list[int] | None:
    """The columns' first totals from ``start``, or ``None`` for a fresh sheet."""
    text = p.get("start", "").strip()
    if not text:
        return None
    parts = [x.strip() for x in text.split(",")]
    if len(parts) != columns or not all(re.fullmatch(r"-?\d{1,3}", x) for x in parts):
        raise WidgetError(f"start: expected {columns} starting totals separated by commas, like 60,60,60, not {shown(text)}")
    return [int(x) for x in parts]


def _hands(p: Params) -> int:
    """The auction session's length in hands (``hands``)."""
    return whole_param(p, "hands", str(3 * SESSION_ROUNDS), 1, MAX_CHALK_RECORDS, "the hands in the auction's session")


def sheet_html(results: Sequence[Result], variant: str, names: Sequence[str], *, caption: str = "",
               start: Sequence[int] | None = None, hands: int = 3 * SESSION_ROUNDS, name: str = "results") -> str:
    """A Klørsjavs sheet drawn from a list of hands: øre from 60 down, or the auction's game points from 0."""
    sheet, notes = _sheet(results, variant, names, start, hands, name)
    if not caption:
        caption = (f"Auction Klørsjavs sheet: game points from 0, a session of {hands} hands." if variant == "auction"
                   else f"{VARIANT_TITLES[variant]} sheet: øre, every column from {START} down.")
    table = html.sheet_table(names, sheet.lines, notes, caption=caption, first="start" if start is None else "before")
    return f'<div class="sv-sheet-figure" data-game="klorsjavs" data-variant="{variant}">{table}{_standing(sheet, names)}</div>'


@figure(GAME, "sheet")
def _fig_sheet(p: Params) -> str:
    """The ``sheet`` figure."""
    variant = _variant(p)
    names = names_param(p, VARIANTS[variant], SEATS[variant])
    results = parse_results(p.get("results", ""), variant)
    return sheet_html(results, variant, names, caption=p.get("caption", "").strip(), start=_start(p, len(names)),
                      hands=_hands(p))


# -- widgets: the trick explainer -------------------------------------------------------------------------------


def _variant_select(selected: str) -> str:
    """The game's select."""
    return html.select_field("variant", "Game", tuple(VARIANT_TITLES.items()), selected)


def _trump_select(selected: str) -> str:
    """The auction's trump select (empty for the games with permanent trumps)."""
    options = (("", "— (not the auction)"),) + _SUITS
    return html.select_field("trump", "Auction trumps", options, selected)


def _controls_trick(p: Params) -> str:
    """The trick explainer's controls."""
    return (
        _variant_select(p.get("variant", "klorsjavs"))
        + _trump_select(p.get("trump", ""))
        + html.text_field("cards", "Cards in play order", p.get("cards", ""),
                          "Three cards (four in four-hand), the lead first: SK SQ SA or ♠K ♠Q ♠A.",
                          hint_id="hint-klorsjavs-trick-cards")
        + html.submit_button("Explain the trick", primary=True)
    )


@widget(GAME, "trick", title="Klørsjavs trick explainer", controls=_controls_trick)
def _trick(params: dict[str, str]) -> Answer:
    """The trick explainer's answer; a trump left from the auction is dropped, and the auction gets hearts until named."""
    params.pop("names", None)
    variant = _variant(params)
    if variant == "auction" and not params.get("trump", "").strip():
        params["trump"] = "H"  # the auction needs a trump suit: hearts until the reader names one
    cards, variant, trump, _ = _trick_params(params, strict=False)
    return {"html": trick_html(cards, variant, trump), "set": {"variant": variant, "trump": "" if trump is None else str(trump)}}


# -- widgets: the scoring calculator -----------------------------------------------------------------------------


def _calc_result(p: Params) -> tuple[str, Result]:
    """The hand the calculator's fields describe."""
    variant = _variant(p)
    players = VARIANTS[variant]
    declarer = whole_param(p, "declarer", "1", 1, players, "the declarer's place on the sheet") - 1
    total = FOUR_HAND_TOTAL if variant == "four-hand" else TOTAL
    if variant != "auction":
        if choice_param(p, "folded", ("no", "yes"), "no") == "yes":
            return variant, (declarer, "fold")
        return variant, (declarer, whole_param(p, "points", "62", 0, total, "the declarer's card points"))
    try:
        bid = parse_auction_bid(choice_param(p, "bid", ("spil", "stryger", "tout", "strøget tout"), "spil"))
    except StytvoltError as err:
        raise WidgetError(f"bid: {err}") from None
    tricks_text = p.get("tricks", "").strip()
    tricks = whole_param(p, "tricks", "", 0, TRICKS[variant], "the declarer's tricks") if tricks_text else None
    if bid.is_tout:
        if tricks is None:
            raise WidgetError(f"tricks: a {_BID_NAMES[bid]} is scored by tricks: give the declarer's, 0 to {TRICKS[variant]}")
        return variant, (declarer, (bid, "won" if tricks == TRICKS[variant] else "lost"))
    if tricks == 0:
        if p.get("points", "").strip():  # the points given must be possible without a trick
            points = whole_param(p, "points", "", 0, total, "the declarer's card points")
            try:
                auction_score(bid, points, no_tricks=True)
            except StytvoltError as err:
                raise WidgetError(f"tricks: {_readable(str(err))}") from None
        return variant, (declarer, (bid, "notrick"))
    return variant, (declarer, (bid, whole_param(p, "points", "75", 0, total, "the declarer's card points")))


def _controls_calc(p: Params) -> str:
    """The calculator's controls: the hand's fields, the sheet so far (hidden) and the buttons."""
    # The same players whatever the game: the controls are drawn once (an answer sets values, not options).
    names = [(str(i + 1), n) for i, n in enumerate(SEATS["four-hand"])]
    names[-1] = (names[-1][0], names[-1][1] + " (four-hand)")
    bids = tuple((str(b), _BID_NAMES[b]) for b in Bid)
    return (
        _variant_select(p.get("variant", "klorsjavs"))
        + html.select_field("declarer", "Declarer", names, p.get("declarer", "1"))
        + html.text_field("points", "Declarer's card points", p.get("points", ""),
                          "With the cat, or the two cards laid away: 0 to 120 (114 in four-hand).",
                          hint_id="hint-klorsjavs-calc-points", numeric=True)
        + html.select_field("folded", "The declarer folded (not in the auction)", (("no", "No"), ("yes", "Yes")),
                            p.get("folded", "no"))
        + html.select_field("bid", "Auction bid", bids, p.get("bid", "spil"))
        + html.text_field("tricks", "Declarer's tricks (auction only)", p.get("tricks", ""),
                          "0 to 6: a tout is won with all six; a Spil or Stryger with none is the bottom row. "
                          "Empty: at least one.", hint_id="hint-klorsjavs-calc-tricks", numeric=True)
        + sheet_controls(p, "sheet_variant")
    )


def _band_text(score: HandScore | AuctionScore | None, variant: str) -> str:
    """The row of the table the hand fell in, in words."""
    if score is None:
        return f"A fold always costs the declarer {fold_cost()}, whatever the cards."
    if isinstance(score, AuctionScore):
        rows = {"120": "all 120 card points", "no trick": "no trick at all", "all tricks": "every trick",
                "a trick lost": "a trick lost"}
        row = rows.get(score.row, score.row.replace("-", " to ") + " card points")
        return f"The row: {row} in a {_BID_NAMES[score.bid]}, a tariff of {score.tariff:+d} (the declarer {score.declarer_total:+d})."
    total = FOUR_HAND_TOTAL if variant == "four-hand" else TOTAL
    row = f"all {total} card points" if score.band == "all" else score.band.replace("-", " to ") + " card points"
    table = "the four-hand table" if variant == "four-hand" else "the three-hand table"
    return f"The row: {row}, on {table}."


@widget(GAME, "calculator", title="Klørsjavs scoring calculator", controls=_controls_calc)
def _calculator(params: dict[str, str]) -> Answer:
    """The calculator's answer: who subtracts (or pays) how much and why, and the sheet after the button pressed."""
    action = calculator_action(params)
    variant, result = _calc_result(params)
    names = SEATS[variant]
    score = _score(result, variant, "points", 0)
    sheet_text = params.get("sheet", "")
    was = params.get("sheet_variant", "").strip()
    note = ""
    if action == "reset":
        sheet_text, note = "", "A new sheet."
    elif sheet_text.strip() and was and was != variant:
        sheet_text, note = "", f"A new sheet for {VARIANT_TITLES[variant]} (the last one was for another game)."
    records = parse_results(sheet_text, variant, "sheet")
    if action == "undo":
        note = undo_last(records)
    sheet, _ = _sheet(records, variant, names, None, 3 * SESSION_ROUNDS, "sheet")
    note = add_to_sheet(action, records, result, note, "the game on this sheet is already decided" if sheet.over else "")
    declarer = result[0]
    who = names[declarer]
    others = [n for c, n in enumerate(names) if c != declarer]
    if isinstance(score, AuctionScore):
        said = (f"each opponent pays {who} {score.tariff} ({who} {score.declarer_total:+d})" if score.tariff > 0
                else f"{who} pays each opponent {-score.tariff} ({who} {score.declarer_total:+d})")
        reason = score.reason
    elif score is None:
        said, reason = f"{who} subtracts {fold_cost()} øre", Reason.of("fold", "The declarer folded: the declarer subtracts {ore}.", ore=fold_cost())
    elif score.who == "opponents":
        said, reason = f"{_listed(others)} subtract {score.ore} øre each", score.reason
    else:
        said, reason = f"{who} subtracts {score.ore} øre", score.reason
    lines = [
        f'<li data-code="{escape(reason.code)}">{escape(reason.render())}</li>',
        f'<li data-code="row">{escape(_band_text(score, variant))}</li>',
    ]
    drawn = sheet_html(records, variant, names, name="sheet")
    return {
        "html": (
            f'<div class="sv-calc"><p class="sv-answer"><strong>This hand:</strong> '
            f'<span data-answer="score">{escape(said[:1].upper() + said[1:])}</span>.</p>'
            f'<ul class="sv-reasons">{"".join(lines)}</ul>'
            f'<p class="sv-note" data-answer-note="sheet">{escape(note)}</p>{drawn}</div>'
        ),
        "set": {"variant": variant, "declarer": str(declarer + 1), "sheet": " ".join(result_text(r, variant) for r in records),
                "sheet_variant": variant},
    }


# -- a worked hand ------------------------------------------------------------------------------------------------


def bot_name() -> str:
    """Which computer player plays the worked hands: "SimpleBot" once :mod:`stytvolt.klorsjavs` has one
    (``stytvolt.klorsjavs.bots``), else the core "RandomBot"."""
    try:
        import stytvolt.klorsjavs.bots  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        return "RandomBot"
    return "SimpleBot"


def _bot(seed: int) -> Any:
    """The computer player of the worked hands (:func:`bot_name`), seeded."""
    if bot_name() == "SimpleBot":
        from stytvolt.klorsjavs.bots import SimpleBot  # type: ignore[import-not-found, unused-ignore]

        return SimpleBot(seed)
    from stytvolt.core.players import RandomBot

    return RandomBot(seed)


def _deal(seed: int, k: int, variant: str) -> "HandState":
    """Deal ``k`` (from 0) of a worked hand: the first is ``HandState.deal(seed)``; a redeal shuffles afresh."""
    from stytvolt.klorsjavs.hand import HandState

    dealer = VARIANTS[variant] - 1
    if k == 0:
        return HandState.deal(seed, dealer, variant=variant)
    deck = sorted(_pack(variant))
    random.Random(f"klorsjavs-redeal|{seed}|{k}").shuffle(deck)
    return HandState(deck, variant=variant, dealer=dealer)


_DOING = {"bidding": "to bid", "trump": "to name trumps", "cat": "to deal with the cat", "play": "to play"}


def _holding(state: "HandState", seat: int) -> str:
    """A seat's cards as chips, in the order they rank."""
    trump = state.trump
    return _chips(ranked(state.hands[seat], state.variant, trump), state.variant, trump)


def _hand_rows(state: "HandState", acting: int) -> str:
    """Every seat's cards, the seat to move marked in words."""
    names = SEATS[state.variant]
    rows = [(names[s], _holding(state, s), _DOING.get(state.phase, "") if s == acting else "") for s in range(state.players)]
    return html.hand_rows(rows, label=f"the {state.players} hands")


def _bid_said(action: Any) -> str:
    """A bid as the facts line lists it: "pass", "play", or the auction bid's name."""
    return _BID_NAMES[action.bid] if action.bid is not None else str(action)


def _facts(state: "HandState") -> str:
    """The hand so far in one line: the dealer, the bids, the declarer, the cat, the tricks won."""
    names = SEATS[state.variant]
    parts = [f"Dealer: {names[state.dealer]}"]
    if state.bids:
        parts.append("bids: " + ", ".join(f"{names[s]} {_bid_said(a)}" for s, a in state.bids))
    if state.declarer is not None:
        parts.append(f"declarer: {names[state.declarer]}" + (f" ({_BID_NAMES[state.bid]})" if state.bid is not None else ""))
    if state.auction and state.trump is not None:
        parts.append(f"trumps: {state.trump.symbol} {state.trump.english}")
    if state.phase in ("bidding", "trump", "cat"):
        parts.append("the cat: 2 cards face down")
    elif state.declarer is not None:
        parts.append("set aside for the declarer: 2 cards" + (" laid away" if state.swiped else " (the cat)"))
    if state.tricks:
        won = [0] * state.players
        for _, _, w in state.tricks:
            won[w] += 1
        parts.append("tricks won: " + ", ".join(f"{n} {w}" for n, w in zip(names, won)))
    return f'<p class="sv-facts">{escape("; ".join(parts))}.</p>'


def worked_steps(variant: str, seed: int) -> tuple[str, list[tuple[str, str]]]:
    """A whole hand played by the computer at every seat, as an introduction and (title, body) steps."""
    names = SEATS[variant]
    players = VARIANTS[variant]
    bot = _bot(seed)
    passed, bidding = first_played_deal(lambda k: _deal(seed, k, variant), bot)
    # The hand is dealt again and its bidding replayed, the same bot playing on from there.
    state = _deal(seed, passed, variant)
    dealer = names[state.dealer]
    steps: list[tuple[str, str]] = []
    if passed:
        times = "once" if passed == 1 else "twice" if passed == 2 else f"{passed} times"
        steps.append(("Everyone passed", (
            '<p class="sv-step-title"><strong>Everyone passed</strong></p>'
            f"<p>Everyone passed, {times}, so {dealer} shuffled and dealt again each time. "
            "The hand below is the deal somebody played.</p>"
        )))
    steps.append(("The deal", (
        f'<p class="sv-step-title"><strong>The deal</strong></p>{_facts(state)}{_hand_rows(state, state.current_player())}'
        + said_list([("deal", f"{dealer} deals: {len(state.hands[0])} cards each and "
                              f"2 face down to the cat. {names[(state.dealer + 1) % players]}, on the dealer's left, "
                              "speaks first.")])
    )))
    while not state.is_terminal():
        seat = state.current_player()
        action = bidding.pop(0) if bidding else bot.choose(state.observation(seat))
        said: list[tuple[str, str]] = []
        who = names[seat]
        kind = action.kind
        if kind == "pass":
            title = f"{who} passes"
            said.append(("bid-pass", f"{who} passes; each player speaks once." if state.auction else
                                     f"{who} passes: not the declarer; the next player speaks."))
        elif kind == "play-bid":
            title = f"{who} says play"
            said.append(("bid-play", f"{who} will be the declarer, alone against the others; the bidding stops here."))
        elif kind == "bid":
            assert action.bid is not None
            title = f"{who} bids {_BID_NAMES[action.bid]}"
            goal = "every trick" if action.bid.is_tout else "61 card points or more"
            how = "taking the cat" if action.bid.takes_cat else "leaving the cat untouched"
            said.append(("bid", f"{who} bids {_BID_NAMES[action.bid]}: to win {goal}, {how}; "
                                "a later bid must be higher."))
        elif kind == "trump":
            assert action.suit is not None
            title = f"{who} names {action.suit.english} trumps"
            said.append(("trump", f"{who} won the auction and names {action.suit.english}: its five cards are the "
                                  "trumps, ace highest; there are no wenzels in the auction."))
        elif kind == "swipe":
            title = f"{who} swipes the cat"
            cat = list(state.cat)
            said.append(("swipe", f"{who} lays away {' '.join(c.symbol for c in action.cards)} face down and takes the cat: "
                                  f"{' '.join(c.symbol for c in cat)}. The two laid away count for {who} at the end."))
        elif kind == "stroke":
            title = f"{who} strokes the cat"
            said.append(("stroke", f"{who} leaves the cat face down; its two cards count for {who} at the end."))
        elif kind == "fold":
            title = f"{who} folds"
            said.append(("fold", f"{who} gives the hand up at this turn in the first trick, for {fold_cost()}."))
        else:
            title = ""
        state.apply(action)
        body = ""
        if kind == "card":
            card = action.cards[0]
            complete = not state.current
            leader, trick = (state.tricks[-1][0], list(state.tricks[-1][1])) if complete else (state.leader, list(state.current))
            number = len(state.tricks) + (0 if complete else 1)
            order_names = [names[(leader + i) % players] for i in range(len(trick))]
            said.append(follow_notes(trick, state.trump, order_names)[-1])
            result = explain_trick(trick, state.trump)
            winner, reason = result.winner, result.reason
            if complete:
                said.append((reason.code, reason.render()))
                tail = f"{order_names[winner]} wins trick {number}" + (" and leads the next." if not state.is_terminal() else ", the last.")
                said.append(("trick-won", tail))
            else:
                said.append(("winning", f"Winning so far: {trick[winner].symbol}, {order_names[winner]}'s."))
            title = f"Trick {number}: {who} plays {card.symbol}"
            plays = [(order_names[i], _chip(c, variant, state.trump)) for i, c in enumerate(trick)]
            body = html.trick_now(plays, winner, complete=complete, label=f"trick {number}, in the order played")
        steps.append((title, (
            f'<p class="sv-step-title"><strong>{escape(title)}</strong></p>{_facts(state)}{body}'
            f"{_hand_rows(state, state.current_player())}{said_list(said)}"
        )))
    steps.append(("The score", _score_step(state)))
    bot_words = ("SimpleBot, a sensible beginner," if bot_name() == "SimpleBot"
                 else "a computer player choosing at random among the legal moves")
    intro = (
        f'<p class="sv-context"><strong>A hand of {escape(VARIANT_TITLES[variant])}</strong> (seed {seed}), played by '
        f"{bot_words} at every seat. {escape(_listed(list(names)))} sit in that order; {escape(dealer)} deals, so "
        f"{escape(names[0])} speaks and leads first.</p>"
    )
    return intro, steps


def _score_step(state: "HandState") -> str:
    """The worked hand's last step: the declarer's count, the engine's score, and the hand on a fresh sheet."""
    from stytvolt.klorsjavs.game import hand_result

    names = SEATS[state.variant]
    assert state.declarer is not None
    who = names[state.declarer]
    lines: list[tuple[str, str]] = []
    if state.phase == "folded":
        result: Result = (state.declarer, "fold")
        lines.append(("fold", f"{who} folded: {who} subtracts {fold_cost()}, and nobody else loses anything."))
    else:
        score = hand_result(state)
        assert score is not None
        points = state.declarer_points()
        tricks = sum(1 for _, _, w in state.tricks if w == state.declarer)
        extra = "the two cards laid away" if state.swiped else "the cat"
        lines.append(("count", f"{who} won {tricks} of {len(state.tricks)} tricks; with {extra}, that is {points} card points."))
        lines.append((score.reason.code, score.reason.render()))
        if isinstance(score, AuctionScore):
            assert state.bid is not None
            outcome: Any = ("won" if tricks == len(state.tricks) else "lost") if state.bid.is_tout else (
                "notrick" if tricks == 0 else points)
            result = (state.declarer, (state.bid, outcome))
        else:
            result = (state.declarer, points)
    sheet = sheet_html([result], state.variant, names, caption="The hand on a fresh sheet.")
    return f'<p class="sv-step-title"><strong>The score</strong></p>{_facts(state)}{said_list(lines)}{sheet}'


worked_hand(
    GAME, title="Klørsjavs worked hand", field="variant", read=_variant,
    select=lambda p: _variant_select(p.get("variant", "klorsjavs")), steps=worked_steps,
    label=lambda variant, seed: f"Worked hand of {VARIANT_TITLES[variant]}, seed {seed}",
)
