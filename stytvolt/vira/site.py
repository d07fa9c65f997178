"""Vira's figures and widgets, registered for the game ``"vira"``.

Figures (a page's ``<div class="sv-figure" data-game="vira" data-figure=…>``):

* ``contracts``: the forty contracts in order, as a table that becomes one
  card per contract on a phone; ``kind`` (optional: one kind only, like
  ``gask`` or ``solo misère``), ``caption`` (optional);
* ``contract``: one contract's card, ``name`` (Swedish or English): its
  place, what it requires, its points by suit class, the tricks that win,
  lose singly or lose double, and its chips on the house table;
* ``cut``: ``cut`` (the card cut from the second pack): the preference
  suit, the colour suit and the two off-colour suits it makes;
* ``cards``: ``cards``, ``cut`` (optional), ``trump`` (optional),
  ``caption``: cards pictured, each saying its suit's class and whether it
  is a trump;
* ``trick``: ``cards`` (three, the lead first), ``trump`` (optional: none
  for a misère), ``names`` (optional): who wins and why;
* ``hand``: ``seed``, ``step``: a whole hand played by
  :class:`~stytvolt.vira.bots.SimpleBot` at every seat, step by step; or
  ``hand`` (``gask``, ``vira``, ``cuckoo``, ``second-try``, ``surrender``):
  a chosen deal of :data:`~stytvolt.vira.worked.WORKED` played with its
  written actions, the deal's commentary beside the engine's words and the
  settlement linked to the rulings it applies.

Widgets: ``overcall`` (two bids with their suit classes: which stands and
why), ``contract`` (a contract by name: what it requires, its points, and
the outcome for a number of tricks) and ``hand`` (worked hands).

Every decision comes from :mod:`stytvolt.vira`: the order of the contracts
and their fields (:data:`~stytvolt.vira.contracts.CONTRACTS`), names
(:func:`~stytvolt.vira.contracts.contract`), overcalls
(:func:`~stytvolt.vira.contracts.bid_refusal`), points, outcomes, the
engine's description of a contract
(:func:`~stytvolt.vira.contracts.requirement`), suit classes and tricks
(:mod:`stytvolt.vira.play`), chips (:data:`~stytvolt.vira.chips.HOUSE_CHIPS`,
a house table: the historical figures were not recovered, ruling R78) and
the settlement.  This module words and draws their answers.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Callable, Sequence

from stytvolt.core.cards import FULL_PACK, Card, Suit, parse_card, parse_cards
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted
from stytvolt.vira.chips import CHIP_VALUE, HOUSE_CHIPS
from stytvolt.vira.contracts import (
    CONTRACTS, GASK_OPTIONS, Bid, Contract, Kind, Outcome, SuitClass, bid_refusal, contract, outcome, points,
    requirement,
)
from stytvolt.vira.play import colour_suit, explain_trick, suit_class_of
from stytvolt.web import Answer, Params, WidgetError, figure, shown, widget
from stytvolt.web import html
from stytvolt.web.kit import (
    choice_param, hand_answer, hand_controls, hand_stepper, names_param, said_list, seed_param, suit_param,
    trick_markup, who_played, whole_param,
)

from stytvolt.web.learn import rule_href

if TYPE_CHECKING:
    from stytvolt.vira.hand import Action, HandState

    #: What gives a worked hand its next action: a computer player, or a chosen deal's written list.
    Chooser = Callable[[HandState], Action]

__all__ = [
    "GAME", "SEATS", "DEALER", "tricks_words", "outcome_ranges", "contract_card", "contracts_table", "overcall_answer",
    "worked_steps", "chosen_steps", "card_words",
]

GAME = "vira"
#: The three players, eldest first; the third deals (so the first bids and leads first).
SEATS: tuple[str, ...] = ("Anne", "Bo", "Carl")
#: The dealer's seat in the worked hands.
DEALER = 2
_CLASSES = (("off", "off-colour (no class said)"), ("colour", "in colour"), ("preference", "in preference"))
_CLASS_OF = {"off": SuitClass.OFF, "colour": SuitClass.COLOUR, "preference": SuitClass.PREFERENCE}
_KIND_WORDS = {
    Kind.DRAW: "draw (köp)", Kind.TURN_UP: "turn-up (turné)", Kind.SOLO: "solo", Kind.VIRA: "vira",
    Kind.CUCKOO: "cuckoo (gök)", Kind.MISERE: "misère with discards (köpmisär)",
    Kind.SOLO_MISERE: "solo misère", Kind.GASK: "gask",
}


# -- reading parameters ------------------------------------------------------------------------------------------


def _contract_param(params: Params, name: str, default: str = "") -> Contract:
    """The contract a param names, in Swedish or English; refused naming the field and the nearest names."""
    text = params.get(name, default).strip() or default
    if len(text) > 60:
        raise WidgetError(f"{name}: a contract's name is short, like Solo 7 or Gask på 3")
    try:
        return contract(text)
    except StytvoltError as err:
        raise WidgetError(f"{name}: {err}") from None


def _class_param(params: Params, name: str) -> SuitClass:
    """A suit class from a select: ``off`` (the default), ``colour`` or ``preference``."""
    return _CLASS_OF[choice_param(params, name, tuple(_CLASS_OF), "off")]


def _bid(params: Params, name: str, default: str) -> Bid:
    """A bid from a contract field and its class field (``name`` and ``name_class``)."""
    item = _contract_param(params, name, default)
    try:
        return Bid(item, _class_param(params, f"{name}_class"))
    except StytvoltError as err:
        raise WidgetError(f"{name}_class: {err}") from None


def _card(text: str, name: str) -> Card:
    try:
        return parse_card(text.strip(), pack=FULL_PACK)
    except StytvoltError as err:
        raise WidgetError(f"{name}: {err}") from None


# -- words --------------------------------------------------------------------------------------------------------


def tricks_words(item: Contract) -> str:
    """What a contract plays for, in a few words: ``win 8``, ``lose all 12, closed``, a gask's two options."""
    if item.kind is Kind.GASK:
        tricks, option = GASK_OPTIONS[item.count]
        if option is None:
            return f"win {tricks} (no misère)"
        return f"win {tricks}, or lose all {option.cards}, {'open' if option.open else 'closed'}"
    if item.misere is not None:
        return f"lose all {item.misere.cards}, {'open' if item.misere.open else 'closed'}"
    return f"win {'all 13' if item.tricks == 13 else item.tricks}"


def _rates(item: Contract) -> str:
    """The points by class: ``0 / 1 / 2`` (off-colour / colour / preference) or a misère's one rate."""
    return " / ".join(str(r) for r in item.rates)


def _range(values: list[int]) -> str:
    """``7``, ``7 or 8`` or ``0 to 5`` for a run of trick counts."""
    if len(values) == 1:
        return str(values[0])
    if len(values) == 2:
        return f"{values[0]} or {values[1]}"
    return f"{values[0]} to {values[-1]}"


def outcome_ranges(item: Contract, misere: bool | None = None) -> list[tuple[Outcome, list[int]]]:
    """For each outcome, the trick counts that give it (from :func:`~stytvolt.vira.contracts.outcome`)."""
    playing_misere = item.always_misere or bool(misere)
    most = item.misere.cards if playing_misere and item.misere is not None else 13
    found: dict[Outcome, list[int]] = {}
    for tricks in range(most + 1):
        found.setdefault(outcome(item, tricks, misere=misere if item.kind is Kind.GASK and item.has_misere_option
                                 else None), []).append(tricks)
    return [(o, found[o]) for o in Outcome if o in found]


def _outcome_list(item: Contract, misere: bool | None) -> str:
    labels = {Outcome.WON: "won", Outcome.LOST: "lost singly", Outcome.KODILLE: "kodille (a double loss)"}
    return "; ".join(f"{labels[o]} with {_range(t)} trick{'' if t == [1] else 's'}" for o, t in outcome_ranges(item, misere))


def _chips_line(item: Contract) -> str:
    rates = HOUSE_CHIPS.for_contract(item)
    return (f"won: takes {rates.won} from the pool; lost singly: pays {rates.lost}; kodille: pays {rates.kodille}"
            + (f"; after a second try: takes {rates.second_won}, pays {rates.second_lost} or {rates.second_kodille}"
               if item.second_try else ""))


# -- the contracts ------------------------------------------------------------------------------------------------


def _kind_param(params: Params) -> Kind | None:
    text = params.get("kind", "").strip()
    if not text:
        return None
    for k in Kind:
        if text in (k.value, k.name.lower(), k.name.lower().replace("_", "-")):
            return k
    raise WidgetError(f"kind: expected one of {', '.join(k.value for k in Kind)}, not {shown(text)}")


def contracts_table(items: Sequence[Contract], caption: str) -> str:
    """Contracts as a table: number and names, kind, what they play for, points by class.

    The table carries ``data-stack`` and each cell its column in ``data-label``,
    so on a narrow screen every row becomes a card (interactive/site.css).
    """
    heads = ("Contract", "Kind", "Plays for (tricks)", "Points: off-colour / colour / preference")
    rows = []
    for item in items:
        name = f"{item.number}. {escape(item.english)}"
        if item.swedish != item.english:
            name += f' <span class="sv-swedish" lang="sv">({escape(item.swedish)})</span>'
        cells = (name, escape(_KIND_WORDS[item.kind]), escape(tricks_words(item)),
                 escape(_rates(item) if len(item.rates) > 1 else f"{item.rates[0]} (a misère: one rate)"))
        tds = "".join(f'<td data-label="{escape(h)}">{c}</td>' for h, c in zip(heads, cells))
        rows.append(f'<tr data-number="{item.number}">{tds}</tr>')
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    return (f'<div class="sv-contracts"><table data-stack="" class="sv-contract-table"><caption>{escape(caption)}'
            f'</caption><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


@figure(GAME, "contracts")
def _fig_contracts(p: Params) -> str:
    """The ``contracts`` figure."""
    only = _kind_param(p)
    items = [c for c in CONTRACTS if only is None or c.kind is only]
    caption = p.get("caption", "").strip() or (
        "The forty contracts, lowest first: each overcalls every one above it in this table." if only is None
        else f"The {_KIND_WORDS[only]} contracts, in their places among the forty.")
    return contracts_table(items, caption)


def contract_card(item: Contract) -> str:
    """One contract's card: place and names, what it requires, points, outcomes, chips, neighbours."""
    lower = CONTRACTS[item.number - 2] if item.number > 1 else None
    higher = CONTRACTS[item.number] if item.number < len(CONTRACTS) else None
    if len(item.rates) == 3:
        off, colour, pref = item.rates
        pts = (f"{off} off-colour, {colour} in colour, {pref} in preference: by the class of the trump suit "
               "named, from each opponent when won, to each when lost")
    else:
        pts = f"{item.rates[0]} to or from each opponent (a misère has one rate)"
    rows = [
        ("Kind", _KIND_WORDS[item.kind]),
        ("What it requires", requirement(item).render()),
        ("Points", pts),
    ]
    if item.kind is Kind.GASK:
        rows.append(("Played for tricks", _outcome_list(item, False if item.has_misere_option else None)))
        if item.has_misere_option:
            rows.append(("Played as a misère", _outcome_list(item, True) + f"; pays the off-colour rate, "
                                                                           f"{item.rates[0]} (R76)"))
    else:
        rows.append(("Outcome", _outcome_list(item, None)))
    rows.append(("Second try", "allowed, once" if item.second_try else "none"))
    rows.append(("Opponents exchange", "yes, with what is left of the talon" if item.opponents_exchange else "no"))
    rows.append(("Chips (house table, not historical)", _chips_line(item)))
    if lower is not None:
        rows.append(("Overcalls", f"{lower.number}. {lower.english} and everything below it"))
    if higher is not None:
        rows.append(("Overcalled by", f"{higher.number}. {higher.english} and everything above it"))
    items = "".join(f"<div><dt>{escape(k)}</dt><dd>{escape(v)}</dd></div>" for k, v in rows)
    swedish = (f' <span class="sv-swedish" lang="sv">({escape(item.swedish)})</span>'
               if item.swedish != item.english else "")
    return (f'<div class="sv-contract-card" data-number="{item.number}">'
            f'<p class="sv-answer"><strong data-answer="contract">{escape(item.english)}</strong>{swedish}, '
            f"number {item.number} of the 40.</p><dl>{items}</dl></div>")


@figure(GAME, "contract")
def _fig_contract(p: Params) -> str:
    """The ``contract`` figure."""
    return contract_card(_contract_param(p, "name"))


# -- cards and suit classes ---------------------------------------------------------------------------------------


def _suit_said(suit: Suit) -> str:
    return f"{suit.symbol} {suit.english}"


def _cut_html(cut: Card) -> str:
    pref = cut.suit
    colour = colour_suit(pref)
    off = [s for s in Suit if s not in (pref, colour)]
    lines = [
        ("preference", f"Preference (högsta färg): {_suit_said(pref)}, the suit of the card cut."),
        ("colour", f"Colour (färg): {_suit_said(colour)}, the other suit of the same colour."),
        ("off-colour", f"Off-colour (ofärg): {_suit_said(off[0])} and {_suit_said(off[1])}."),
    ]
    items = "".join(f'<li data-class="{c}">{escape(t)}</li>' for c, t in lines)
    face = html.card_figure(cut, f"{cut.english}, cut from the second pack", "cut")
    return (f'<div class="sv-cut" data-preference="{pref.letter}"><ul class="sv-cards" aria-label="the card cut">'
            f'<li>{face}</li></ul><ul class="sv-classes">{items}</ul></div>')


@figure(GAME, "cut")
def _fig_cut(p: Params) -> str:
    """The ``cut`` figure."""
    return _cut_html(_card(p.get("cut", "H7") or "H7", "cut"))


def card_words(card: Card, preference: Suit | None, trump: Suit | None) -> tuple[str, str]:
    """What a screen reader says of a card (its name, its suit's class, a trump), and the caption under it."""
    parts = []
    if preference is not None:
        parts.append(suit_class_of(card.suit, preference).value)
    if trump is not None and card.suit is trump:
        parts.append("trump")
    caption = ", ".join(parts)
    return (card.english + (f", {caption}" if caption else "")), caption


def _chip(card: Card, trump: Suit | None) -> str:
    return html.labelled_chip(card, card.english + (", a trump" if trump is not None and card.suit is trump else ""))


def _chips(cards: Sequence[Card], trump: Suit | None) -> str:
    return " ".join(_chip(c, trump) for c in cards) if cards else '<span class="sv-none">none</span>'


@figure(GAME, "cards")
def _fig_cards(p: Params) -> str:
    """The ``cards`` figure."""
    text = p.get("cards", "")
    if len(text.split()) > 26:
        raise WidgetError("cards: at most 26 cards")
    try:
        cards = parse_cards(text, pack=FULL_PACK, unique=True)
    except StytvoltError as err:
        raise WidgetError(f"cards: {err}") from None
    if not cards:
        raise WidgetError("cards: name at least one card, like HA SK D2")
    cut = _card(p["cut"], "cut") if p.get("cut", "").strip() else None
    trump = suit_param(p["trump"].strip()) if p.get("trump", "").strip() else None
    preference = cut.suit if cut is not None else None
    caption = p.get("caption", "").strip() or "Cards of the pack, ace high."
    items = []
    for card in cards:
        spoken, under = card_words(card, preference, trump)
        items.append(f"<li>{html.card_figure(card, spoken, under)}</li>")
    return (f'<div class="sv-cardset"><p class="sv-context">{escape(caption)}</p>'
            f'<ul class="sv-cards" aria-label="{escape(caption)}">{"".join(items)}</ul></div>')


# -- a trick ----------------------------------------------------------------------------------------------------


def _follow_notes(cards: Sequence[Card], trump: Suit | None, names: Sequence[str]) -> list[tuple[str, str]]:
    """How each card answered the lead, in words."""
    led = cards[0].suit
    notes = [("follow-lead", f"{names[0]} leads {cards[0].symbol}: the others must play {led.english} if they can.")]
    for who, card in zip(names[1:], cards[1:]):
        if card.suit is led:
            notes.append(("follow-follows", f"{who} plays {card.symbol}, following suit."))
        elif trump is not None and card.suit is trump:
            notes.append(("follow-trumps", f"{who} plays {card.symbol}, a trump: {who} has no {led.english}."))
        else:
            notes.append(("follow-discard", f"{who} plays {card.symbol}: {who} has no {led.english}, "
                                            + ("and with no trumps a card of another suit never wins." if trump is None
                                               else "and a card of another suit that is not a trump never wins.")))
    return notes


def _trick_html(cards: Sequence[Card], trump: Suit | None, names: Sequence[str]) -> str:
    who = who_played(names, len(cards))
    context = f"Trumps: {_suit_said(trump)}." if trump is not None else "No trumps (a misère)."
    return trick_markup(cards, explain_trick(cards, trump), names, _follow_notes(cards, trump, who),
                        spoken=lambda c: _chip_words(c, trump), is_trump=lambda c: trump is not None and c.suit is trump,
                        marked=lambda c: False, attrs='data-game="vira"', context=context)


def _chip_words(card: Card, trump: Suit | None) -> str:
    return card.english + (", a trump" if trump is not None and card.suit is trump else "")


@figure(GAME, "trick")
def _fig_trick(p: Params) -> str:
    """The ``trick`` figure."""
    text = p.get("cards", "")
    try:
        cards = parse_cards(text, pack=FULL_PACK, unique=True)
    except StytvoltError as err:
        raise WidgetError(f"cards: {err}") from None
    if len(cards) != 3:
        raise WidgetError(f"cards: a trick of Vira holds three cards, the lead first; {len(cards)} given")
    trump = suit_param(p["trump"].strip()) if p.get("trump", "").strip() else None
    names = names_param(p, 3, ()) if p.get("names", "").strip() else ()
    return _trick_html(cards, trump, names)


# -- the overcall checker -------------------------------------------------------------------------------------------


def overcall_answer(bid: Bid, current: Bid, elder: bool) -> tuple[bool, list[Reason]]:
    """Whether ``bid`` overcalls ``current`` (``elder``: its bidder is elder and may hold), and the reasons."""
    refusal = bid_refusal(bid, current, holding=elder)
    if refusal is not None:
        return False, [refusal]
    args: dict[str, object] = {"bid": str(bid), "current": str(current), "mine": bid.contract.number,
                               "theirs": current.contract.number}
    if bid.contract.number > current.contract.number:
        why = Reason.of("higher-contract", "{bid} overcalls {current}: number {mine} in the contract table stands "
                        "above number {theirs}.", (), **args)
    elif bid.order > current.order:
        why = Reason.of("higher-class", "{bid} overcalls {current}: the same contract, and of equal bids preference "
                        "beats colour, which beats off-colour.", (), **args)
    else:
        why = Reason.of("hold", "{bid} matches {current} exactly, and its bidder is elder than the player who bid "
                        "it, so may hold it; the younger player must then bid higher or pass.", (), **args)
    return True, [why]


def _controls_overcall(p: Params) -> str:
    return (
        html.text_field("current", "The highest bid so far", p.get("current", ""),
                        "A contract's name in English or Swedish: Solo 7, Gask på 3, Vingel 7, Beg.",
                        hint_id="hint-vira-overcall-current")
        + html.select_field("current_class", "Its suit class", _CLASSES, p.get("current_class", "off"))
        + html.text_field("bid", "The new bid", p.get("bid", ""), "Another contract's name.",
                          hint_id="hint-vira-overcall-bid")
        + html.select_field("bid_class", "Its suit class", _CLASSES, p.get("bid_class", "off"))
        + html.select_field("elder", "Is the new bidder elder than whoever made the highest bid?",
                            (("no", "No"), ("yes", "Yes: may hold")), p.get("elder", "no"))
        + html.submit_button("Which bid stands?", primary=True)
    )


@widget(GAME, "overcall", title="Vira overcall checker", controls=_controls_overcall)
def _overcall(params: dict[str, str]) -> Answer:
    """Which of two bids stands, and why (the engine's reasons)."""
    current = _bid(params, "current", "Solo 7")
    bid = _bid(params, "bid", "Solo 7")
    elder = choice_param(params, "elder", ("no", "yes"), "no") == "yes"
    ok, reasons = overcall_answer(bid, current, elder)
    stands = bid if ok else current
    said = (f"{bid} {'holds' if ok and bid.order == current.order else 'overcalls'} {current}: {stands} stands."
            if ok else f"{bid} does not overcall {current}: {current} stands.")
    lines = "".join(f'<li data-code="{escape(r.code)}">{escape(r.render())}</li>' for r in reasons)
    places = "".join(
        f"<li>{escape(str(b))}: contract number {b.contract.number}, {escape(b.suit_class.value)} "
        f'(<span lang="sv">{escape(b.swedish)}</span>)</li>' for b in (current, bid))
    return {
        "html": (f'<div class="sv-overcall" data-overcalls="{"yes" if ok else "no"}"><p class="sv-answer">'
                 f'<strong>Answer:</strong> <span data-answer="overcall">{escape(said)}</span></p>'
                 f'<ul class="sv-reasons">{lines}</ul><ul class="sv-bids">{places}</ul></div>'),
        "set": {"current": params.get("current", "").strip() or current.contract.english,
                "current_class": _class_key(current.suit_class),
                "bid": params.get("bid", "").strip() or bid.contract.english, "bid_class": _class_key(bid.suit_class), "elder": "yes" if elder else "no"},
    }


def _class_key(cls: SuitClass) -> str:
    return {SuitClass.OFF: "off", SuitClass.COLOUR: "colour", SuitClass.PREFERENCE: "preference"}[cls]


# -- the contract explainer -------------------------------------------------------------------------------------------


def _controls_contract(p: Params) -> str:
    return (
        html.text_field("name", "Contract", p.get("name", ""),
                        "In English or Swedish: Gask på 3, Solo 7, Vingel 8, Köpmisär på 2, Gök.",
                        hint_id="hint-vira-contract-name")
        + html.text_field("tricks", "Tricks its player took", p.get("tricks", ""), "0 to 13; empty: just explain it.",
                          hint_id="hint-vira-contract-tricks", numeric=True)
        + html.select_field("trumps", "Trump suit named in", _CLASSES[:1] + (("colour", "colour"), ("preference", "preference")),
                            p.get("trumps", "off"))
        + html.select_field("way", "A gask played", (("tricks", "for tricks"), ("misere", "as a misère")),
                            p.get("way", "tricks"))
        + html.submit_button("Explain", primary=True)
    )


@widget(GAME, "contract", title="Vira contract explainer", controls=_controls_contract)
def _contract(params: dict[str, str]) -> Answer:
    """A contract's card and, given the tricks, how it ended and the points and chips that move."""
    item = _contract_param(params, "name", "Gask 3")
    way = choice_param(params, "way", ("tricks", "misere"), "tricks")
    cls = _class_param(params, "trumps")
    misere: bool | None = None
    if item.kind is Kind.GASK:
        if way == "misere" and not item.has_misere_option:
            raise WidgetError(f"way: {item.english} has no misère option: only Gask 0 to Gask 4 do")
        misere = way == "misere" if item.has_misere_option else None
    playing_misere = item.always_misere or bool(misere)
    text = params.get("tricks", "").strip()
    lines: list[tuple[str, str]] = []
    if text:
        most = item.misere.cards if playing_misere and item.misere is not None else 13
        tricks = whole_param(params, "tricks", "", 0, most, "the tricks its player took")
        result = outcome(item, tricks, misere=misere)
        rate = points(item, None if playing_misere or len(item.rates) == 1 else cls, misere=bool(misere))
        chips = HOUSE_CHIPS.for_contract(item).amount(result, False)
        won = result is Outcome.WON
        lines.append(("outcome", f"{item.english} with {counted(tricks, 'trick')}: {result.value}"
                                 f" ({result.swedish})."))
        where = "" if playing_misere or len(item.rates) == 1 else f" at the {cls.value} rate"
        lines.append(("points", f"Each opponent {'pays the player' if won else 'is paid'} {counted(rate, 'point')}"
                                f"{where}."))
        lines.append(("chips", f"On the house chip table the player {'takes' if won else 'pays'} {counted(chips, 'chip')}"
                               f" {'from' if won else 'into'} the pool (a chip is worth "
                               f"{CHIP_VALUE} points; the historical chip figures were not recovered)."))
    said = "".join(f'<li data-answer="{c}">{escape(t)}</li>' for c, t in lines)
    result_html = f'<ul class="sv-reasons sv-result">{said}</ul>' if lines else ""
    return {
        "html": f'<div class="sv-contract-explained">{result_html}{contract_card(item)}</div>',
        "set": {"name": params.get("name", "").strip() or item.english, "way": way, "trumps": _class_key(cls)},
    }


# -- a settlement ------------------------------------------------------------------------------------------------


def settlement_html(item: Contract, tricks: int | None, cls: SuitClass | None, *, misere: bool = False,
                    caption: str = "") -> str:
    """What a finished hand moves, from :func:`~stytvolt.vira.chips.settle`: the engine's reasons and a table of
    points and chips (Anne the soloist, Bo and Carl the opponents); ``tricks`` None: surrendered."""
    from stytvolt.vira.chips import settle

    try:
        result = settle(item, soloist=0, opponents=(1, 2), tricks=tricks, suit_class=cls, misere=misere,
                        surrendered=tricks is None)
    except StytvoltError as err:
        raise WidgetError(f"tricks: {err}") from None
    lines = [(r.code, r.render(seats=list(SEATS))) for r in result.reasons]
    rows = "".join(
        f'<tr><td data-label="Player">{escape(SEATS[s])}</td><td data-label="Points">'
        f'{html.score_number(result.points[s])}</td><td data-label="Chips">{html.score_number(result.chips[s])}</td>'
        f"</tr>" for s in range(3))
    said = caption or f"Anne plays {item.english} against Bo and Carl."
    return (f'<div class="sv-settle" data-result="{escape(str(result.result))}"><p class="sv-context">{escape(said)}</p>'
            f"{said_list(lines)}"
            f'<table data-stack="" class="sv-settlement"><caption>Points and chips (chips: the house table)</caption>'
            f'<thead><tr><th scope="col">Player</th><th scope="col">Points</th><th scope="col">Chips</th></tr></thead>'
            f"<tbody>{rows}</tbody></table><p>The pool {'gains' if result.pot >= 0 else 'loses'} "
            f"{counted(abs(result.pot), 'chip')}.</p></div>")


@figure(GAME, "settle")
def _fig_settle(p: Params) -> str:
    """The ``settle`` figure: ``name``, ``tricks`` (or ``surrendered``), ``trumps`` (the trump's class),
    ``way`` (``misere`` for a gask's misère), ``caption``."""
    item = _contract_param(p, "name")
    text = p.get("tricks", "").strip()
    tricks = None if text == "surrendered" else whole_param(p, "tricks", "", 0, 13, "the soloist's tricks")
    misere = choice_param(p, "way", ("tricks", "misere"), "tricks") == "misere"
    cls = None if item.always_misere or misere else _class_param(p, "trumps")
    return settlement_html(item, tricks, cls, misere=misere, caption=p.get("caption", "").strip())


# -- a worked hand ---------------------------------------------------------------------------------------------------


def _sorted(cards: Sequence[Card], trump: Suit | None) -> list[Card]:
    """A hand laid out for reading: trumps first, then each suit, each from the ace down."""
    return sorted(cards, key=lambda c: (trump is None or c.suit is not trump, c.suit.value, -c.rank))


def _hand_rows(state: "HandState", acting: int) -> str:
    rows = []
    for seat in range(state.players):
        doing = _DOING.get(state.phase, "") if seat == acting else ""
        rows.append((SEATS[seat], _chips(_sorted(state.hands[seat], state.trump), state.trump), doing))
    return html.hand_rows(rows, label="the three hands")


_DOING = {"auction": "to bid", "trump": "to name trumps", "discard": "to lay away", "decide": "to decide",
          "exchange": "to exchange", "play": "to play"}


def _facts(state: "HandState") -> str:
    parts = [f"Dealer: {SEATS[state.dealer]}", f"cut: {state.cut.english} (preference {state.preference.english}, "
                                                f"colour {state.colour.english})"]
    if state.calls:
        parts.append("auction: " + ", ".join(f"{SEATS[s]} {str(a).removeprefix('bid ')}" for s, a in state.calls))
    if state.bid is not None and state.soloist is not None:
        parts.append(f"soloist: {SEATS[state.soloist]}, {state.bid}")
    if state.trump is not None:
        parts.append(f"trumps: {state.trump.english} ({suit_class_of(state.trump, state.preference).value})")
    parts.append(f"talon: {counted(len(state.talon), 'card')} face down")
    if state.tricks:
        parts.append("tricks: " + ", ".join(f"{n} {w}" for n, w in zip(SEATS, state.won)))
    return f'<p class="sv-facts">{escape("; ".join(parts))}.</p>'


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _auction_words(state: "HandState", seat: int, action: "Action") -> tuple[str, list[tuple[str, str]]]:
    who = SEATS[seat]
    if action.kind == "bid":
        assert action.bid is not None
        bid = action.bid
        title = f"{who} bids {bid}"
        if state.high is None:
            said = f"{who}, eldest, opens with {bid} ({bid.swedish}), number {bid.contract.number} of the 40: eldest may not pass."
        else:
            why = "a higher contract" if bid.contract.number > state.high.contract.number else "the same contract in a better suit class"
            said = f"{who} bids {bid} ({bid.swedish}) over {state.high}: {why}."
        return title, [("bid", said)]
    if action.kind == "hold":
        return f"{who} holds", [("hold", f"{who} holds {state.high}: elder than {SEATS[state.high_seat]}, {who} may match it.")]
    return f"{who} passes", [("pass", f"{who} passes, and is out of the auction for good.")]


def _group(state: "HandState", choose: "Chooser", first: "Action") -> tuple[list[Card], "Action | None"]:
    """Apply ``first`` (a discard) and the same seat's next discards of the same step; the cards laid away, and
    the next action chosen but not yet applied (None when the step ended)."""
    seat = state.current_player()
    steps = len(state.steps)
    laid: list[Card] = []
    action: Action | None = first
    while action is not None and action.kind == "discard":
        assert action.card is not None
        state.apply(action)
        laid.append(action.card)
        if state.is_terminal() or len(state.steps) != steps or state.current_player() != seat:
            return laid, None
        action = choose(state)
    return laid, action


def _deal_step(state: "HandState", chosen: bool) -> tuple[str, str]:
    """The first step: the cut, the deal, the three hands."""
    deal_said = [
        ("cut", f"A card cut from a second pack, the {state.cut.english}, makes {state.preference.english} preference "
                f"and {state.colour.english} colour; the other two suits are off-colour."),
        ("deal", f"{SEATS[state.dealer]} deals 13 cards each, in packets of 3, 3, 3 and 4, starting with "
                 f"{SEATS[state.eldest]} on the dealer's left; the last 13 cards are the talon, face down."),
    ]
    if chosen:
        deal_said.append(("chosen", "The cards are chosen for this example, not shuffled: every action after the "
                                    "deal is checked by the engine."))
    return ("The deal", f'<p class="sv-step-title"><strong>The deal</strong></p>{_facts(state)}'
                        f"{_hand_rows(state, state.current_player())}{said_list(deal_said)}")


def _walk(state: "HandState", choose: "Chooser", notes: "Callable[[int, int], list[str]]",
          count: "Callable[[], int]") -> list[tuple[str, str]]:
    """Play the hand to its end, ``choose`` giving each action, as (title, body) steps.

    ``count()`` says how many actions ``choose`` has given so far; ``notes(i, j)`` is the commentary on the
    actions from the i-th to before the j-th, added to the step that took them.
    """
    steps: list[tuple[str, str]] = []
    pending: Action | None = None
    while not state.is_terminal():
        seat = state.current_player()
        who = SEATS[seat]
        taken = count() - (1 if pending is not None else 0)
        action = pending if pending is not None else choose(state)
        pending = None
        said: list[tuple[str, str]] = []
        body = ""
        turned_before = len(state.turned)
        phase_before = state.phase
        hand_before = set(state.hands[seat])
        talon_before = len(state.talon)
        if state.phase == "auction":
            title, said = _auction_words(state, seat, action)
            state.apply(action)
            if state.soloist is not None:
                assert state.contract is not None
                said.append(("soloist", f"Two have passed: {SEATS[state.soloist]} is the soloist, to play {state.bid}."))
                said.append((requirement(state.contract).code, requirement(state.contract).render()))
                if not state.talon and talon_before:
                    taken_cards = [c for c in state.hands[state.soloist] if c in state.deck[-talon_before:]]
                    said.append(("take", f"{SEATS[state.soloist]} takes the whole talon into hand: "
                                         f"{_symbols(_sorted(taken_cards, None))}, 26 cards in all."))
        elif action.kind == "discard":
            laid, pending = _group(state, choose, action)
            if pending is not None and pending.kind in ("draw", "keep"):
                state.apply(pending)
                pending = None
            drawn = [c for c in state.hands[seat] if c not in hand_before]
            title = f"{who} lays away {counted(len(laid), 'card')}"
            text = f"{who} lays away {_symbols(laid)} face down"
            if drawn and talon_before == len(drawn) and len(drawn) >= 13:
                text += f" and takes the whole talon: {_symbols(_sorted(drawn, None))}"
            elif drawn:
                text += f" and draws {len(drawn)} from the top of the talon: {_symbols(_sorted(drawn, None))}"
            said.append(("exchange" if phase_before == "exchange" else "lay-away", text + "."))
        elif action.kind == "card":
            state.apply(action)
            complete = not state.current
            leader, trick = (state.tricks[-1][0], list(state.tricks[-1][1])) if complete else (state.leader, list(state.current))
            number = len(state.tricks) + (0 if complete else 1)
            order = [SEATS[state._order_from(leader)[i]] for i in range(len(trick))]
            said.append(_follow_notes(trick, state.trump, order)[-1])
            result = explain_trick(trick, state.trump)
            winner = result.winner
            if complete:
                said.append((result.reason.code, result.reason.render()))
                said.append(("trick-won", f"{order[winner]} wins trick {number}"
                                          + (" and leads the next." if not state.is_terminal() else ", the last.")))
            else:
                said.append(("winning", f"Winning so far: {trick[winner].symbol}, {order[winner]}'s."))
            title = f"Trick {number}: {who} plays {action.card.symbol if action.card else ''}"
            plays = [(order[i], _chip(c, state.trump)) for i, c in enumerate(trick)]
            body = html.trick_now(plays, winner, complete=complete, label=f"trick {number}, in the order played")
        else:
            said.extend(_offered(state))
            state.apply(action)
            title, line = _procedure_words(state, who, action)
            said.append(line)
        if len(state.turned) > turned_before:
            shown_cards = state.turned[-1][1]
            said.append(("turn", f"The top {'card' if len(shown_cards) == 1 else f'{len(shown_cards)} cards'} of the "
                                 f"talon turned face up: {_symbols(shown_cards)}."
                         + (f" Its suit, {state.trump.english}, is trumps." if len(shown_cards) == 1 and state.trump else "")))
        if phase_before != "play" and state.phase == "play":
            assert state.soloist is not None
            opened = [SEATS[s] for s in state.open_seats]
            said.append(("play-begins", f"Play begins: {SEATS[state.eldest]}, eldest, leads to the first of "
                                        f"{state.trick_count} tricks."
                         + (f" {' and '.join(opened)} {'lays' if len(opened) == 1 else 'lay'} "
                            f"{'that hand' if len(opened) == 1 else 'their hands'} open on the table." if opened else "")))
        done = count() - (1 if pending is not None else 0)
        said.extend(("why", note) for note in notes(taken, done))
        steps.append((title, (f'<p class="sv-step-title"><strong>{escape(title)}</strong></p>{_facts(state)}{body}'
                              f"{_hand_rows(state, state.current_player())}{said_list(said)}")))
    return steps


def _or_list(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _offered(state: "HandState") -> list[tuple[str, str]]:
    """Before a soloist's choice of trumps or decision: what the engine offers, and why a choice is not open."""
    from stytvolt.vira.hand import Action

    phase = state.phase
    if phase not in ("trump", "decide"):
        return []
    who = SEATS[state.current_player()]
    legal = state.legal_actions()
    lines: list[tuple[str, str]] = []
    if phase == "trump":
        choices = [f"{a.suit.symbol} {a.suit.english}" for a in legal if a.suit is not None]
        if any(a.kind == "misere" for a in legal):
            choices.append("the misère")
        lines.append(("offered", f"Open to {who}: {_or_list(choices)}."))
        refused = state.refusal(Action("misere"))
        if state.contract is not None and state.contract.has_misere_option and refused is not None:
            lines.append((refused.code, refused.render(seats=list(SEATS))))
        return lines
    words = {"play": "play", "surrender": "surrender", "retry": "buy a second try"}
    lines.append(("offered", f"Open to {who}: {_or_list([words[a.kind] for a in legal])}."))
    refused = state.refusal(Action("retry"))
    if refused is not None:
        lines.append((refused.code, refused.render(seats=list(SEATS))))
    return lines


def _procedure_words(state: "HandState", who: str, action: "Action") -> tuple[str, tuple[str, str]]:
    kind = action.kind
    if kind == "trump":
        assert action.suit is not None
        cls = suit_class_of(action.suit, state.preference).value
        return f"{who} names {action.suit.english} trumps", ("trump", f"{who} names {action.suit.english} as trumps: "
                                                                      f"a suit of the {cls} class.")
    if kind == "misere":
        return f"{who} chooses the misère", ("misere", f"{who} will play the gask as its misère: no trumps, no trick.")
    if kind == "play":
        return f"{who} decides to play", ("decide", f"{who} keeps the contract and plays it out.")
    if kind == "surrender":
        return f"{who} surrenders", ("surrender", f"{who} gives the contract up before play: it counts as lost "
                                                  "singly, and nothing is played.")
    if kind == "retry":
        assert state.contract is not None
        first = points(state.contract, None if state.contract.always_misere else state.first_class)
        trumps = f" with {state.first_class.value} trumps" if state.first_class is not None else ""
        return f"{who} buys a second try", ("retry", f"{who} buys a second try: {who} pays each opponent "
                                                     f"{counted(first, 'point')} now, as for "
                                                     f"{state.contract.english} lost{trumps}, and the procedure "
                                                     "starts again.")
    if kind == "keep":
        return f"{who} keeps the cards", ("keep", f"{who} exchanges nothing.")
    return f"{who}: {action}", (kind, f"{who}: {action}.")


#: The rulings a worked hand may link to, by number, with their anchors on the rulings page.
_RULING_ANCHORS = {
    "R72": "r72-vira-what-a-bids-suit-class-promises", "R73": "r73-vira-a-gask-bid-in-a-class",
    "R77": "r77-vira-surrender", "R78": "r78-vira-the-chip-table-is-a-house-table",
    "R80": "r80-vira-second-tries", "R81": "r81-vira-the-cuckoo-and-those-who-fail-to-overcall-it",
    "R82": "r82-vira-the-opponents-exchange", "R83": "r83-vira-open-hands", "R84": "r84-vira-the-play",
}


def _rulings_line(rulings: Sequence[str]) -> str:
    """Links to the rulings a hand applies (resolved against the site's root like every engine-drawn link)."""
    links = []
    for number in rulings:
        href = rule_href(f"rulings.md#{_RULING_ANCHORS[number]}")
        links.append(f'<a data-site-path="{escape(href)}" href="{escape(href)}">{escape(number)}</a>')
    return f'<p class="sv-rulings">Rulings this hand applies: {", ".join(links)}.</p>'


def _settle_step(state: "HandState", rulings: Sequence[str] = ()) -> str:
    settlement = state.settlement()
    assert settlement is not None and state.soloist is not None
    lines = [(r.code, r.render(seats=list(SEATS))) for r in settlement.reasons]
    if state.tricks:
        lines.insert(0, ("count", f"{SEATS[state.soloist]} took {state.won[state.soloist]} of {len(state.tricks)} tricks."))
    lines.append(("house-chips", "The chips are the house table's: the historical chip figures were not recovered "
                                 "(R78). A chip is worth 8 points."))
    rows = "".join(
        f'<tr><td data-label="Player">{escape(SEATS[s])}</td><td data-label="Points">{html.score_number(settlement.points[s])}'
        f'</td><td data-label="Chips">{html.score_number(settlement.chips[s])}</td></tr>' for s in range(state.players))
    table = (f'<table data-stack="" class="sv-settlement"><caption>What the hand moved</caption><thead><tr>'
             f'<th scope="col">Player</th><th scope="col">Points</th><th scope="col">Chips</th></tr></thead>'
             f"<tbody>{rows}</tbody></table><p>The pool {'gains' if settlement.pot >= 0 else 'loses'} "
             f"{counted(abs(settlement.pot), 'chip')}.</p>")
    return (f'<p class="sv-step-title"><strong>The settlement</strong></p>{_facts(state)}{_hand_rows(state, -1)}'
            f"{said_list(lines)}{table}{_rulings_line(rulings) if rulings else ''}")


def worked_steps(seed: int) -> tuple[str, list[tuple[str, str]]]:
    """A whole hand played by SimpleBot at every seat, as an introduction and (title, body) steps.

    Every sentence about a bid, a trick or the settlement is the engine's, or
    says what its queries found; laying away cards one at a time is shown as
    one step per seat and stage.
    """
    from stytvolt.vira.bots import SimpleBot
    from stytvolt.vira.hand import HandState

    state = HandState.deal(seed, DEALER)
    bot = SimpleBot(seed)
    steps = [_deal_step(state, chosen=False)]
    steps += _walk(state, lambda s: bot.choose(s.observation(s.current_player())), lambda i, j: [], lambda: 0)
    steps.append(("The settlement", _settle_step(state)))
    intro = (f'<p class="sv-context"><strong>A hand of Vira</strong> (seed {seed}), played by the computer at every '
             "seat: it bids the highest contract it thinks its hand carries, names its best suit, lays away its "
             f"weakest cards and wins tricks cheaply. {SEATS[0]}, {SEATS[1]} and {SEATS[2]} sit in that order; "
             f"{SEATS[DEALER]} deals, so {SEATS[0]} bids and leads first.</p>")
    return intro, steps


def chosen_steps(name: str) -> tuple[str, list[tuple[str, str]]]:
    """A chosen deal of :data:`~stytvolt.vira.worked.WORKED` played with its written actions, as an introduction
    and (title, body) steps: the engine's words at every step, the deal's commentary where it has one (code
    ``why``), the settlement with links to the rulings it applies."""
    from stytvolt.vira.worked import worked_deal

    try:
        deal = worked_deal(name)
    except StytvoltError as err:
        raise WidgetError(f"hand: {err}") from None
    state = deal.dealt()
    actions = deal.actions()
    given = [0]

    def choose(_: "HandState") -> "Action":
        action = actions[given[0]][0]
        given[0] += 1
        return action

    def notes(first: int, after: int) -> list[str]:
        lines = sorted({actions[k][1] for k in range(first, after)})
        return [deal.lines[i][1] for i in lines if deal.lines[i][1] and _last_of_line(actions, i) < after]

    steps = [_deal_step(state, chosen=True)]
    steps += _walk(state, choose, notes, lambda: given[0])
    steps.append(("The settlement", _settle_step(state, deal.rulings)))
    intro = (f'<p class="sv-context"><strong>{escape(deal.title)}.</strong> {escape(deal.summary)} '
             f"{SEATS[DEALER]} deals, so {SEATS[0]} bids and leads first.</p>")
    return intro, steps


def _last_of_line(actions: "Sequence[tuple[Action, int]]", line: int) -> int:
    """The index of the last action written on ``line``."""
    return max(k for k, (_, i) in enumerate(actions) if i == line)


def _hand_html(seed: int, step: str) -> tuple[str, int]:
    intro, steps = worked_steps(seed)
    return hand_stepper(intro, steps, step, f"Worked hand of Vira, seed {seed}", f' data-seed="{seed}"')


def _chosen_html(name: str, step: str) -> str:
    intro, steps = chosen_steps(name)
    return hand_stepper(intro, steps, step, f"Worked hand of Vira: {name.strip().lower()}",
                        f' data-hand="{escape(name.strip().lower())}"')[0]


@figure(GAME, "hand")
def _fig_hand(p: Params) -> str:
    """The ``hand`` figure: a worked hand as a stepper, a chosen deal by ``hand`` (``gask``, ``vira``,
    ``cuckoo``, ``second-try``, ``surrender``) or one SimpleBot plays from ``seed``."""
    if p.get("hand", "").strip():
        return _chosen_html(p["hand"], p.get("step", ""))
    return _hand_html(seed_param(p.get("seed", "1") or "1"), p.get("step", ""))[0]


def _controls_hand(p: Params) -> str:
    return hand_controls(p, html.hidden_field("game_name", "vira"), "hint-vira-hand-seed")


@widget(GAME, "hand", title="Vira worked hand", controls=_controls_hand)
def _hand(params: dict[str, str]) -> Answer:
    """The worked hand's answer: the hand the form names, at the step kept for it."""
    params.setdefault("game_name", "vira")
    return hand_answer(params, "game_name", lambda p: "vira", lambda _, seed, step: _hand_html(seed, step))
