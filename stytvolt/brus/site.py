"""Brus's figures and widgets, registered for the game ``"brus"``.

Figures (a page's ``<div class="sv-figure" data-game="brus" data-figure=…>``):

* ``cards``: ``cards`` (any cards of the pack), ``order="rank"`` (optional:
  laid out as they rank: the live cards from Spit down, then the sevens,
  then the duds), ``caption`` (optional): each card with its role
  (matador, live card and its place, seven, dud);
* ``order``: the whole pack in four groups: the matadors, the other live
  cards, the sevens, the duds;
* ``trick``: ``plays`` (the lead first, then each later turn: a card or
  ``pass``), ``players`` (4 or 6), ``hand`` (optional: the cards of the next
  player to play, each said to be playable or refused, and why): who wins
  and why, each pass read for what it shows, and a play the rules refuse
  explained where it stands;
* ``sheet``: ``results`` (deals, one a word: ``A1``, ``B2``, ``-``),
  ``players``, ``caption``: the stroke sheet from 0, and whether a side
  has reached six;
* ``hand``: ``players``, ``seed``, ``step``: a whole deal played by
  :class:`~stytvolt.brus.bots.SimpleBot` at every seat, card by card.

Widgets: ``trick`` (the trick explainer), ``calculator`` (what a deal
scores, and a stroke sheet to six) and ``hand`` (worked deals).

Every decision comes from :mod:`stytvolt.brus`: each card's role and place
(:func:`~stytvolt.brus.cards.card_role`, :data:`~stytvolt.brus.cards.LIVE_ORDER`),
whether a play is allowed and why not (:func:`~stytvolt.brus.rules.card_refusal`,
:func:`~stytvolt.brus.rules.pass_refusal`), who wins a trick
(:func:`~stytvolt.brus.rules.explain_trick`), what a deal scores
(:func:`~stytvolt.brus.rules.deal_score`), the game to six strokes
(:class:`~stytvolt.brus.game.StrokeSheet`) and the deals themselves
(:class:`~stytvolt.brus.hand.HandState`).  This module words and draws their
answers; the parts of a widget that know no game's rule are
:mod:`stytvolt.web.kit`'s.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted
from stytvolt.brus.cards import (
    CLUB_KING, DUDS, LIVE_ORDER, MATADOR_NAMES, MATADORS, PACK, ROLES, SEVENS, Role, check_card,
)
from stytvolt.brus.game import StrokeSheet
from stytvolt.brus.rules import (
    GAME_STROKES, PASS, SIX, TABLES, DealScore, card_refusal, deal_score, explain_trick, pass_refusal,
)
from stytvolt.web import CARD_TOKENS, MAX_CHALK_RECORDS, Answer, Params, WidgetError, card_list, figure, shown, widget
from stytvolt.web import html
from stytvolt.web.kit import (
    add_to_sheet, calculator_action, choice_param, order_sections, said_list, undo_last, whole_param,
    worked_hand,
)

if TYPE_CHECKING:
    from stytvolt.brus.hand import Event, HandState

__all__ = [
    "GAME", "SEATS", "side_names", "card_words", "ranked", "trick_html", "parse_strokes", "strokes_text",
    "sheet_html", "worked_steps", "deal_for", "as_dealt",
]

GAME = "brus"
#: The players by table size, seat 0 first; the dealer is the last, so seat 0 leads first.  Partners alternate.
SEATS: dict[int, tuple[str, ...]] = {
    4: ("Anna", "Bo", "Cecilia", "David"),
    6: ("Anna", "Bo", "Cecilia", "David", "Eva", "Fredrik"),
}
_PASS_WORDS = {"pass", "-"}


def side_names(players: int) -> tuple[str, str]:
    """The two sides by their players' names: ("Anna and Cecilia", "Bo and David") at four."""
    names = SEATS[players]
    out = []
    for side in (0, 1):
        who = [names[s] for s in range(side, players, 2)]
        out.append(", ".join(who[:-1]) + " and " + who[-1])
    return out[0], out[1]


def _players(params: Params) -> int:
    """The table: 4 (the default) or 6."""
    return int(choice_param(params, "players", tuple(str(n) for n in TABLES), "4"))


def _table(players: int) -> str:
    """The table in words."""
    return "four players, two against two" if players == 4 else "six players, three against three"


# -- cards: their roles and places --------------------------------------------------------------------------


def ranked(cards: Sequence[Card]) -> list[Card]:
    """Cards laid out as they rank: the live cards from Spit down, then the sevens, then the duds (♣K first)."""
    order = list(LIVE_ORDER) + list(SEVENS) + [CLUB_KING] + [c for c in DUDS if c is not CLUB_KING]
    place = {c: i for i, c in enumerate(order)}
    return sorted(cards, key=place.__getitem__)


def card_words(card: Card) -> tuple[str, str]:
    """What a screen reader says of a card (its name and role), and the short caption shown under it.

    ``("jack of clubs, Spit, the 1st matador", "Spit, matador")``; a live card
    says its place among the eighteen; a seven and a dud say what they are.
    """
    role = ROLES[card]
    if role is Role.MATADOR:
        k = MATADORS.index(card) + 1
        name = MATADOR_NAMES[card]
        return f"{card.english}, {name}, the {html.ordinal(k)} matador", f"{name}, matador"
    if role is Role.LIVE:
        k = LIVE_ORDER.index(card) + 1
        return f"{card.english}, live card {k} of {len(LIVE_ORDER)}", f"live, {html.ordinal(k)}"
    if role is Role.SEVEN:
        return f"{card.english}, a seven: a trick once laid out", "seven"
    if card is CLUB_KING:
        return f"{card.english}, a dud that decides an unfinished deal", "dud; decides"
    return f"{card.english}, a dud", "dud"


def _chip(card: Card) -> str:
    """A card in a line of text, spoken with its name and role."""
    return html.labelled_chip(card, card_words(card)[0])


def _chips(cards: Sequence[Card]) -> str:
    return " ".join(_chip(c) for c in cards) if cards else '<span class="sv-none">none</span>'


def _cards_figure(cards: Sequence[Card], *, label: str) -> str:
    """Cards as a row of faces, each spoken with its role; the matadors drawn with a dashed edge (and said)."""
    items = []
    for card in cards:
        spoken, caption = card_words(card)
        cls = "sv-permanent" if ROLES[card] is Role.MATADOR else ""
        items.append(f"<li>{html.card_figure(card, spoken, caption, cls)}</li>")
    return f'<ul class="sv-cards" aria-label="{escape(label)}">{"".join(items)}</ul>'


def _card_list(params: Params, name: str, most: int, what: str) -> tuple[Card, ...]:
    """The cards of a param, each of the Brus pack and named once; refused before parsing when too many."""
    from stytvolt.core.cards import parse_cards

    return card_list(params, name, most, what, lambda text: parse_cards(text, pack=PACK, unique=True))


@figure(GAME, "cards")
def _fig_cards(p: Params) -> str:
    """The ``cards`` figure: cards with their roles, as given or laid out as they rank."""
    cards = _card_list(p, "cards", len(PACK), "the pack")
    if not cards:
        raise WidgetError("cards: name at least one card, like CJ S8 HK")
    if choice_param(p, "order", ("", "rank", "as-given"), "") == "rank":
        cards = tuple(ranked(cards))
    caption = p.get("caption", "").strip()
    head = f'<p class="sv-context">{escape(caption)}</p>' if caption else ""
    return f'<div class="sv-cardset" data-game="brus">{head}{_cards_figure(cards, label=caption or "cards")}</div>'


@figure(GAME, "order")
def _fig_order(p: Params) -> str:
    """The ``order`` figure: the whole pack, live cards highest first, then the sevens and the duds."""
    others = LIVE_ORDER[len(MATADORS):]
    names = ", ".join(f"{MATADOR_NAMES[c]} {c.symbol}" for c in MATADORS)
    groups = [
        ("The matadors", f"{len(MATADORS)} cards, {names}: the highest live cards, highest first.", MATADORS),
        ("The other live cards", f"{len(others)} cards, highest first: the nines, the aces, the jacks but ♣J, "
                                 "the sixes; within a rank ♣ ♠ ♥ ♦.", others),
        ("The sevens", f"{len(SEVENS)} cards, never played to a trick: laid out by whoever comes to the lead, "
                       "each a trick won.", SEVENS),
        ("The duds", f"{len(DUDS)} cards that can never be played: the other eights and kings, the tens and the "
                     f"queens. {CLUB_KING.symbol} decides a deal that ends with no side at {SIX}.", ranked(DUDS)),
    ]
    return (
        f'<div class="sv-order" data-game="brus"><p class="sv-context">The {len(PACK)}-card Brus pack: '
        f"{len(LIVE_ORDER)} live cards, which may be played and beat every live card below them, whatever the "
        "suit; the sevens; the duds.</p>"
        + order_sections(groups, lambda cards, label: _cards_figure(cards, label=label))
        + "</div>"
    )


# -- a trick -------------------------------------------------------------------------------------------------


def _plays_param(p: Params, players: int, *, need: bool) -> list[Card | None]:
    """The ``plays`` param: the lead, then each later turn, a card or ``pass`` (``None``), at most one a player."""
    tokens = CARD_TOKENS.findall(p.get("plays", ""))
    if len(tokens) > players:
        raise WidgetError(f"plays: a trick of {players} players holds at most {players} plays (the lead and one turn "
                          f"each); {len(tokens)} given")
    if need and not tokens:
        raise WidgetError("plays: name at least the lead, then each turn, a card or pass: for example D6 pass CA pass")
    out: list[Card | None] = []
    for token in tokens:
        if token.lower() in _PASS_WORDS:
            out.append(None)
            continue
        try:
            card = check_card(token, "a play")
        except StytvoltError as err:
            raise WidgetError(f"plays: {err}") from None
        if card in out:
            raise WidgetError(f"plays: {card.symbol} is played twice; a card is named once")
        out.append(card)
    return out


def _play_item(card: Card | None, who: str, note: str, winner: bool) -> str:
    """One play of a trick: the card's face with who played it and its role, or a pass in words."""
    if card is None:
        return (f'<li><figure class="sv-card sv-pass" data-pass=""><span class="sv-card-text" aria-hidden="true">—'
                f'</span><figcaption><span class="sv-card-text">pass</span> <span class="sv-role">{escape(who)}'
                f"</span></figcaption></figure></li>")
    spoken, role = card_words(card)
    caption = ", ".join(x for x in (who, note, role) if x)
    return f'<li>{html.card_figure(card, spoken, caption, "sv-winner" if winner else "")}</li>'


def _refused_at(plays: Sequence[Card | None]) -> tuple[int, Reason | None, str]:
    """The first play the rules refuse: its index (``len(plays)`` if none), the rule's reason, or else the
    engine's words for a trick that cannot start so."""
    highest: Card | None = None
    for i, card in enumerate(plays):
        if card is None:
            if i == 0:
                try:
                    explain_trick([PASS])
                except StytvoltError as err:
                    return 0, None, str(err)
            continue
        why = card_refusal((card,), highest, card)
        if why is not None:
            return i, why, ""
        highest = card
    return len(plays), None, ""


def trick_html(plays: Sequence[Card | None], players: int, hand: Sequence[Card] | None = None) -> str:
    """A trick as a figure: the plays in order, the winner (or who is winning) and why, a refused play
    explained, and, given the next player's ``hand``, what that player may do and why not."""
    names = SEATS[players]
    sides = side_names(players)
    at, refusal, words = _refused_at(plays)
    accepted = list(plays[:at])
    complete = at == len(plays) == players
    lines: list[tuple[str, str]] = []
    winner = -1
    highest: Card | None = None
    if accepted:
        result = explain_trick(accepted, list(range(len(accepted))))
        lines += [(r.code, r.render(seats=names, teams=sides)) for r in result.steps]
        winner, highest = result.winner, result.card
        if complete:
            lines.append((result.reason.code, result.reason.render(seats=names, teams=sides)))
    items = []
    for i, card in enumerate(plays):
        note = "led" if i == 0 else ""
        if i == at:
            note = "refused"
        items.append(_play_item(card, names[i], note, i == winner and complete))
    context = (f"Brus for {_table(players)}: {names[0]} leads, then each other player in turn beats the highest "
               "card so far or, holding nothing higher, passes.")
    if at < len(plays):
        refused = plays[at]
        what = "a pass" if refused is None else refused.symbol
        answer = (f'<strong>Refused:</strong> <span data-answer="refused">play {at + 1}, {escape(what)}'
                  f" ({escape(names[at])})</span>: the rules do not allow it here.")
        if refusal is not None:
            lines.append((refusal.code, refusal.render(seats=names, teams=sides)))
        else:
            lines.append(("cannot-start", words[:1].upper() + words[1:].rstrip(".") + "."))
            lines.append(("lead-passes", "A player on lead with no live card does not pass within a trick: the lead "
                                         "goes on to the left, and the next player leads."))
    elif not accepted:
        answer = f'<strong>No play yet:</strong> <span data-answer="leader">{escape(names[0])} is on lead</span>.'
    else:
        assert highest is not None
        who = names[winner]
        if complete:
            answer = (f'<strong>Winner:</strong> <span data-answer="winner">{escape(highest.symbol)} '
                      f"({escape(card_words(highest)[0])})</span>, played by {escape(who)}: a trick for "
                      f"{escape(sides[winner % 2])} (play {winner + 1}).")
        else:
            answer = (f'<strong>Winning so far:</strong> <span data-answer="winning">{escape(highest.symbol)}'
                      f"</span>, {escape(who)}'s; {players - len(accepted)} still to play.")
    reasons = "".join(f'<li data-code="{escape(code)}">{escape(text)}</li>' for code, text in lines)
    parts = [
        f'<div class="sv-trick" data-game="brus" data-players="{players}" data-winner="{winner if complete else -1}">'
        f'<p class="sv-context">{escape(context)}</p>'
        f'<ol class="sv-cards sv-plays" aria-label="the plays, in order">{"".join(items)}</ol>'
        f'<p class="sv-answer">{answer}</p><ol class="sv-reasons">{reasons}</ol>'
    ]
    if hand is not None and at == len(plays) and not complete:
        parts.append(_hand_choices(hand, highest, names[len(plays)], names, sides))
    parts.append("</div>")
    return "".join(parts)


def _hand_choices(hand: Sequence[Card], highest: Card | None, who: str, names: Sequence[str],
                  sides: Sequence[str]) -> str:
    """What the next player may do with each card of ``hand``, and with a pass, each refusal in the rules' words."""
    rows = []
    for card in ranked(hand):
        why = card_refusal(tuple(hand), highest, card)
        said = "may be played" if why is None else why.render(seats=names, teams=sides)
        code = "may" if why is None else why.code
        rows.append(f'<li data-code="{escape(code)}" data-card="{card}">{_chip(card)} {escape(said)}</li>')
    why = pass_refusal(tuple(hand), highest)
    said = ("may pass: " + ("the lead goes on to the left." if highest is None else "nothing in this hand beats "
                            f"{highest.symbol}.")) if why is None else why.render(seats=names, teams=sides)
    rows.append(f'<li data-code="{"may-pass" if why is None else escape(why.code)}" data-card="pass">'
                f"<strong>Pass</strong>: {escape(said)}</li>")
    doing = "to lead" if highest is None else f"to beat {highest.symbol} or pass"
    return (f'<p class="sv-answer-more"><strong>{escape(who)}, {escape(doing)}</strong>, holds {_chips(ranked(hand))}:'
            f'</p><ul class="sv-reasons sv-choices-said" aria-label="what {escape(who)} may do">{"".join(rows)}</ul>')


def _hand_param(p: Params, plays: Sequence[Card | None]) -> tuple[Card, ...] | None:
    """The next player's hand (``hand``), or ``None`` when not given; no card both in it and in the trick."""
    if not p.get("hand", "").strip():
        return None
    cards = _card_list(p, "hand", max(TABLES.values()), "a hand")
    both = [c for c in cards if c in plays]
    if both:
        raise WidgetError(f"hand: {both[0].symbol} is in the trick already; a card is named once")
    return cards


@figure(GAME, "trick")
def _fig_trick(p: Params) -> str:
    """The ``trick`` figure."""
    players = _players(p)
    plays = _plays_param(p, players, need=not p.get("hand", "").strip())
    return trick_html(plays, players, _hand_param(p, plays))


def _controls_trick(p: Params) -> str:
    """The trick explainer's controls: the table, the plays, the next player's hand."""
    return (
        html.select_field("players", "Players", (("4", "Four (two against two)"), ("6", "Six (three against three)")),
                          p.get("players", "4"))
        + html.text_field("plays", "Plays, the lead first", p.get("plays", ""),
                          "A card or pass for each turn, in order: D6 pass CA pass.", hint_id="hint-brus-trick-plays")
        + html.text_field("hand", "Next player's hand (optional)", p.get("hand", ""),
                          "Their cards, to see which may be played: C9 HQ S7.", hint_id="hint-brus-trick-hand")
        + html.submit_button("Explain the trick", primary=True)
    )


@widget(GAME, "trick", title="Brus trick explainer", controls=_controls_trick)
def _trick(params: dict[str, str]) -> Answer:
    """The trick explainer's answer."""
    players = _players(params)
    plays = _plays_param(params, players, need=not params.get("hand", "").strip())
    return {"html": trick_html(plays, players, _hand_param(params, plays)), "set": {"players": str(players)}}


# -- what a deal scores, and the game to six -------------------------------------------------------------------

#: One deal on a sheet: the side that scored (``None``: nobody) and its strokes.
Record = tuple[int | None, int]


def parse_strokes(text: str, name: str = "sheet") -> list[Record]:
    """Deals as a sheet keeps them, one a word: ``A1``, ``B2`` (the side and its strokes) or ``-`` (nobody)."""
    tokens = text.split()
    if len(tokens) > MAX_CHALK_RECORDS:
        raise WidgetError(f"{name}: a sheet holds at most {MAX_CHALK_RECORDS} deals; {len(tokens)} given")
    out: list[Record] = []
    for i, token in enumerate(tokens, start=1):
        if token == "-":
            out.append((None, 0))
        elif re.fullmatch(r"[AB][12]", token):
            out.append(("AB".index(token[0]), int(token[1])))
        else:
            raise WidgetError(f"{name}: deal {i} is {shown(token)}; write A1, A2, B1, B2 or - (nobody scored)")
    return out


def strokes_text(record: Record) -> str:
    """A deal as :func:`parse_strokes` reads it."""
    side, strokes = record
    return "-" if side is None else f"{'AB'[side]}{strokes}"


def _sheet(records: Sequence[Record], sides: Sequence[str], name: str) -> tuple[StrokeSheet, list[tuple[int, int]], list[str]]:
    """The stroke sheet after ``records``: the engine's sheet, each line of totals, a note per deal."""
    sheet = StrokeSheet()
    lines = [sheet.totals]
    notes = []
    for i, (side, strokes) in enumerate(records, start=1):
        try:
            sheet.record(side, strokes)
        except StytvoltError as err:
            raise WidgetError(f"{name}: deal {i}: {err}; start a new sheet") from None
        lines.append(sheet.totals)
        notes.append("Nobody scores." if side is None else
                     f"{sides[side]} score {counted(strokes, 'stroke')}.")
    return sheet, lines, notes


def sheet_html(records: Sequence[Record], players: int, *, caption: str = "", name: str = "sheet") -> str:
    """The stroke sheet from 0, one column a side, and whether a side has reached six."""
    sides = side_names(players)
    sheet, lines, notes = _sheet(records, sides, name)
    table = html.sheet_table(sides, lines, notes, caption=caption or f"Strokes, each side from 0; {GAME_STROKES} win.")
    if sheet.winner is not None:
        text = (f"{sides[sheet.winner]} have {sheet.totals[sheet.winner]} strokes and win the game "
                f"(first to {GAME_STROKES}).")
    else:
        text = f"Nobody has {GAME_STROKES} strokes yet: play on."
    return (f'<div class="sv-sheet-figure" data-game="brus">{table}<p class="sv-answer"><strong>Game:</strong> '
            f'<span data-answer="standing">{escape(text)}</span></p></div>')


@figure(GAME, "sheet")
def _fig_sheet(p: Params) -> str:
    """The ``sheet`` figure: deals as :func:`parse_strokes` reads them (``results``) on a stroke sheet."""
    return sheet_html(parse_strokes(p.get("results", ""), "results"), _players(p), caption=p.get("caption", "").strip())


def _calc_inputs(p: Params) -> tuple[tuple[int, int], bool | None, int | None]:
    """The calculator's deal: each side's tricks, six straight off (``None``: read from the tricks), ♣K's side."""
    tricks = (whole_param(p, "tricks_a", "6", 0, SIX, "the first side's tricks, sevens included"),
              whole_param(p, "tricks_b", "2", 0, SIX, "the second side's tricks, sevens included"))
    straight = {"auto": None, "yes": True, "no": False}[choice_param(p, "straight", ("auto", "yes", "no"), "auto")]
    king = choice_param(p, "club_king", ("none", "A", "B"), "none")
    return tricks, straight, None if king == "none" else "AB".index(king)


_ENGINE_WORDS = (("pass straight=True", 'answer "yes" to six straight off'),
                 ("(club_king_side=0 or 1)", "(say which side holds ♣K)"))


def _readable(message: str) -> str:
    """The engine's refusal in the calculator's words (its fields, not the query's arguments)."""
    for old, new in _ENGINE_WORDS:
        message = message.replace(old, new)
    return message


def _score(tricks: tuple[int, int], straight: bool | None, king: int | None) -> DealScore:
    """What the deal scores, from the rules; a deal the rules refuse is refused in their words."""
    if straight is None:
        straight = SIX in tricks and 0 in tricks  # ruling R61: six to none is six straight off, and only that is
    try:
        return deal_score(tricks, straight=straight, club_king_side=king)
    except StytvoltError as err:
        raise WidgetError(_readable(str(err))) from None


def _controls_calc(p: Params) -> str:
    """The calculator's controls: the deal's fields, the sheet so far (hidden) and the buttons."""
    sides = side_names(4)
    return (
        html.select_field("players", "Players", (("4", "Four"), ("6", "Six")), p.get("players", "4"))
        + html.text_field("tricks_a", "Tricks of Anna's side", p.get("tricks_a", ""),
                          "0 to 6, the sevens laid out included.", hint_id="hint-brus-calc-a", numeric=True)
        + html.text_field("tricks_b", "Tricks of Bo's side", p.get("tricks_b", ""),
                          "0 to 6, the sevens laid out included.", hint_id="hint-brus-calc-b", numeric=True)
        + html.select_field("straight", "Six straight off?",
                            (("auto", "As the tricks say"), ("yes", "Yes"), ("no", "No")), p.get("straight", "auto"))
        + html.select_field("club_king", "Who holds ♣K (when no side has six)",
                            (("none", "Not needed"), ("A", f"Anna's side ({sides[0]}…)"),
                             ("B", f"Bo's side ({sides[1]}…)")), p.get("club_king", "none"))
        + html.hidden_field("sheet", p.get("sheet", ""))
        + html.hidden_field("sheet_players", p.get("sheet_players", ""))
        + html.submit_button("Score this deal", primary=True)
        + html.submit_button("Add to the sheet", "add")
        + html.submit_button("Undo the last deal", "undo")
        + html.submit_button("New sheet", "reset")
    )


@widget(GAME, "calculator", title="Brus deal score calculator", controls=_controls_calc)
def _calculator(params: dict[str, str]) -> Answer:
    """The calculator's answer: the deal's strokes and why, and the stroke sheet after the button pressed."""
    action = calculator_action(params)
    players = _players(params)
    sides = side_names(players)
    tricks, straight, king = _calc_inputs(params)
    score = _score(tricks, straight, king)
    sheet_text = params.get("sheet", "")
    was = params.get("sheet_players", "").strip()
    note = ""
    if action == "reset":
        sheet_text, note = "", "A new sheet: both sides at 0."
    elif sheet_text.strip() and was and was != str(players):
        sheet_text, note = "", f"A new sheet for {players} players (the last one was for {was})."
    records = parse_strokes(sheet_text)
    if action == "undo":
        note = undo_last(records).replace("hand", "deal")
    sheet, _, _ = _sheet(records, sides, "sheet")
    record: Record = (score.side, score.strokes)
    finished = "the game on this sheet is already won" if sheet.winner is not None else ""
    note = add_to_sheet(action, records, record, note, finished).replace("hand", "deal").replace("Hand", "Deal")
    said = "Nobody scores" if score.side is None else \
        f"{sides[score.side]} score {counted(score.strokes, 'stroke')}"
    lines = [f'<li data-code="{escape(score.reason.code)}">{escape(score.reason.render(teams=sides))}</li>']
    if score.kind in ("six", "lurch"):
        lines.append('<li data-code="played-out">Play stopped when the side reached six; any sevens still in hand '
                     "count for nothing.</li>")
    drawn = sheet_html(records, players, caption=f"The stroke sheet ({players} players): each side from 0, "
                                                 f"{GAME_STROKES} win.")
    return {
        "html": (
            f'<div class="sv-calc" data-game="brus"><p class="sv-answer"><strong>This deal:</strong> '
            f'<span data-answer="score">{escape(said)}</span>.</p>'
            f'<ul class="sv-reasons">{"".join(lines)}</ul>'
            f'<p class="sv-note" data-answer-note="sheet">{escape(note)}</p>{drawn}</div>'
        ),
        "set": {"players": str(players), "tricks_a": str(tricks[0]), "tricks_b": str(tricks[1]),
                "sheet": " ".join(strokes_text(r) for r in records), "sheet_players": str(players)},
    }


# -- a worked deal -------------------------------------------------------------------------------------------------


def deal_for(players: int, seed: int) -> "HandState":
    """The worked deal of a seed: ``HandState.deal(seed)`` with the last seat dealing, so seat 0 leads first."""
    from stytvolt.brus.hand import HandState

    return HandState.deal(seed, players - 1, players=players)


def _either(cards: Sequence[Card]) -> str:
    """``♣9``, ``♣9 or ♠A``, ``♣9, ♠A or ♦6``."""
    faces = [c.symbol for c in cards]
    return faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " or " + faces[-1]


def as_dealt(state: "HandState") -> list[list[Card]]:
    """Each seat's cards as dealt: the hand now, with the sevens it has laid out and the cards it has played."""
    hands = [list(h) for h in state.hands]
    for event in state.log:
        for seat, card in event.plays:
            if card is not None:
                hands[seat].append(card)
    for seat, card in state.plays:
        if card is not None:
            hands[seat].append(card)
    return hands


def _hand_rows(state: "HandState", hands: Sequence[Sequence[Card]], acting: int) -> str:
    """Every seat's cards as they rank, the seat to move marked in words."""
    names = SEATS[state.players]
    rows = [(f"{names[s]} ({'A' if s % 2 == 0 else 'B'})", _chips(ranked(hands[s])), "to play" if s == acting else "")
            for s in range(state.players)]
    return html.hand_rows(rows, label=f"the {state.players} hands")


def _facts(state: "HandState") -> str:
    """The deal so far in one line: the dealer, and each side's tricks with its sevens."""
    names = SEATS[state.players]
    sides = side_names(state.players)
    sevens = [0, 0]
    for event in state.log:
        if event.kind == "seven":
            sevens[event.seat % 2] += 1
    won = [f"{sides[s]} {state.won[s]}" + (f" ({sevens[s]} of them sevens)" if sevens[s] > 1 else
                                           " (one a seven)" if sevens[s] else "") for s in (0, 1)]
    return f'<p class="sv-facts">{escape(f"Dealer: {names[state.dealer]}; tricks: " + ", ".join(won))}.</p>'


def _event_lines(state: "HandState", events: Sequence["Event"]) -> list[tuple[str, str]]:
    """What happened between two turns, in words: sevens laid out, the lead passing on."""
    names = SEATS[state.players]
    sides = side_names(state.players)
    out = []
    for event in events:
        who = names[event.seat]
        if event.kind == "seven":
            card = event.plays[0][1]
            assert card is not None
            out.append(("seven", f"{who}, on lead, lays out {card.symbol}: a trick for {sides[event.seat % 2]}."))
        elif event.kind == "lead-passes":
            nxt = names[(event.seat + 1) % state.players]
            out.append(("lead-passes", f"{who} is on lead with no live card, so the lead passes on to {nxt}."))
    return out


def _trick_now(state: "HandState", plays: Sequence[tuple[int, Card | None]], number: int,
               complete: bool) -> str:
    """The trick on the table, in play order, the card winning it framed and named."""
    names = SEATS[state.players]
    cards = [c for _, c in plays]
    winning = max((i for i, c in enumerate(cards) if c is not None), default=0)
    shown_plays = [(names[s], _chip(c) if c is not None else '<span class="sv-pass-said">pass</span>')
                   for s, c in plays]
    return html.trick_now(shown_plays, winning, complete=complete, label=f"trick {number}, in the order played")


def worked_steps(players: int, seed: int) -> tuple[str, list[tuple[str, str]]]:
    """A whole deal played by SimpleBot at every seat, as an introduction and (title, body) steps."""
    from stytvolt.brus.bots import SimpleBot

    names = SEATS[players]
    sides = side_names(players)
    state = deal_for(players, seed)
    bot = SimpleBot(seed)
    dealt = as_dealt(state)
    dealer = names[state.dealer]
    steps: list[tuple[str, str]] = []
    opening = _event_lines(state, state.log)
    steps.append(("The deal", (
        f'<p class="sv-step-title"><strong>The deal</strong></p>'
        f"{_hand_rows(state, dealt, -1)}"
        + said_list([("deal", f"{dealer} deals {len(dealt[0])} cards each, one at a time; {names[0]}, on the "
                              f"dealer's left, comes to the lead first. {sides[0]} (A) play against {sides[1]} (B).")])
    )))
    if opening or state.is_terminal():
        steps.append(("Before the first lead", (
            f'<p class="sv-step-title"><strong>Before the first lead</strong></p>{_facts(state)}'
            f"{_hand_rows(state, state.hands, state.current_player())}{said_list(opening)}"
        )))
    tricks = 0
    while not state.is_terminal():
        seat = state.current_player()
        who = names[seat]
        legal = state.legal_actions()
        action = bot.choose(state.observation(seat))
        before = len(state.log)
        highest = state.highest
        said: list[tuple[str, str]] = []
        if action.card is None:
            title = f"{who} passes"
        elif highest is None:
            title = f"{who} leads {action.card.symbol}"
        else:
            title = f"{who} beats with {action.card.symbol}"
        playable = [a.card for a in legal if a.card is not None]
        if action.card is not None and len(playable) > 1:
            said.append(("choice", f"{who} could play {_either(ranked(playable))}, and plays {action.card.symbol}."))
        state.apply(action)
        events = state.log[before:]
        trick_events = [e for e in events if e.kind == "trick"]
        complete = bool(trick_events)
        plays = trick_events[0].plays if complete else state.plays
        number = tricks + 1
        result = explain_trick([c for _, c in plays], [s for s, _ in plays])
        said.append((result.steps[-1].code, result.steps[-1].render(seats=names, teams=sides)))
        if complete:
            tricks += 1
            winner = trick_events[0].winner
            said.append((result.reason.code, result.reason.render(seats=names, teams=sides)))
            laid = sum(1 for e in events if e.kind == "seven" and e.seat % 2 == winner % 2)
            said.append(("trick-won", f"A trick for {sides[winner % 2]}: {state.won[winner % 2] - laid} now."))
            if state.end == "no-live":
                said.append(("no-live", "No live card is left in any hand: the lead goes round the table once, "
                                        "each player on it laying out any sevens still held, and the deal stops."))
            said += _event_lines(state, [e for e in events if e.kind != "trick"])
        body = _trick_now(state, plays, number, complete)
        steps.append((f"Trick {number}: {title}", (
            f'<p class="sv-step-title"><strong>{escape(f"Trick {number}: {title}")}</strong></p>{_facts(state)}'
            f"{body}{_hand_rows(state, state.hands, state.current_player())}{said_list(said)}"
        )))
    steps.append(("The score", _score_step(state)))
    intro = (
        f'<p class="sv-context"><strong>A deal of Brus for {_table(players)}</strong> (seed {seed}), played by '
        f"SimpleBot at every seat: it leads a sure winner if it holds one, else its lowest live card, and beats as "
        f"cheaply as it can. {escape(', '.join(names))} sit in that order; {escape(dealer)} deals.</p>"
    )
    return intro, steps


def _score_step(state: "HandState") -> str:
    """The worked deal's last step: how it ended, what it scored, and the deal on a fresh stroke sheet."""
    names = SEATS[state.players]
    sides = side_names(state.players)
    result = state.result()
    assert result is not None
    lines = [(r.code, r.render(seats=names, teams=sides)) for r in state.outcome()]
    if state.club_king_shown():
        holder = state.club_king_holder()
        lines.insert(1, ("club-king-shown", f"{names[holder]} shows {CLUB_KING.symbol}, which decides this deal."))
    left = [c for h in state.hands for c in h if c in SEVENS]
    if left:
        lines.append(("sevens-left", f"Sevens still in hand count for nothing: {' '.join(c.symbol for c in left)}."))
    sheet = sheet_html([(result.side, result.strokes)], state.players, caption="The deal on a fresh stroke sheet.")
    return (f'<p class="sv-step-title"><strong>The score</strong></p>{_facts(state)}'
            f"{_hand_rows(state, state.hands, -1)}{said_list(lines)}{sheet}")


worked_hand(
    GAME, title="Brus worked deal", field="players", read=lambda p: str(_players(p)),
    select=lambda p: html.select_field("players", "Players", (("4", "Four"), ("6", "Six")), p.get("players", "4")),
    steps=lambda players, seed: worked_steps(int(players), seed),
    label=lambda players, seed: f"Worked deal of Brus for {players}, seed {seed}",
)
