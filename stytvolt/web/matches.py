"""A whole game against the computer for the games played on the shared protocol (the widget ``table``).

Sjavs (a rubber from 24, for four in partnerships, three or two),
Klørsjavs (a game in øre from 60, plain, four-hand or auction) and Brus (a
game to six strokes, four players two against two or six three against
three) are played here from seat 0, "South"; every other seat is a computer
player shown only its own observation.  Stýrivolt has a table of its own
(:mod:`stytvolt.web.table`); this one knows no game's rules: it reads the
game's :class:`~stytvolt.core.match.Match` (the hands, the sheet), the hand's
state (``legal_actions``, ``apply``, ``refusal``, ``observation``) and what
each game's :class:`Kind` says: its words, how a player sorts a hand, which
cards are trumps, the action that plays a card, what its bidding asks.  A
game joins the table with a Kind; nothing below the Kinds names a game.

Every request carries the whole game as one line of text (the form field
``game``; see :func:`game_text`), so an answer depends on the request alone:

    s1.<seed>.<first dealer>.<level>.<setup>.<hand>.<hand>…

``s1`` is Sjavs, ``k1`` Klørsjavs and ``b1`` Brus; ``setup`` is the number
of players (Sjavs, Brus) or the variant (Klørsjavs); each hand is its actions in order, each
written as one character: its place in the list ``legal_actions()`` gave at
that moment (``0``–``9``, ``A``–``Z``, ``a``–``z``).  The page keeps the text
in its address and local storage (``interactive/table.mjs``).

Params (strings, as a form sends them): ``do`` (``show``, ``new``, ``play``,
``computer``, ``undo``, ``next``, ``log``), ``game``, ``action`` (South's
action as the engine writes it: ``bid 6 clubs``, ``play HA``, ``exchange H7
S8``; Brus: ``CJ``, ``pass``), ``hand`` (for ``log``), and for ``new``: ``setup``, ``level``,
``seed``.  The markup follows :mod:`stytvolt.web.table`'s contract, so the
same ``table.mjs`` drives both.

A refusal is a sentence of the game, worked out from the table (whose turn it
is, what is on offer, the cards ticked for laying away, the rule the engine
names), never the engine's parser talking: "Tick the two cards to lay away:
you ticked none.", "♥A is not in your hand.", "It is West's turn, not yours."
A damaged game text is refused as "This Sjavs game's record cannot be read:
…", which the page shows when a kept game cannot be restored.
"""

from __future__ import annotations

import hashlib
import importlib
import random
import string
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.words import counted, noun_for
from stytvolt.web import MAX_PARAM_CHARS, Answer, Params, WidgetError, Work, widget
from stytvolt.web.html import table_controls
from stytvolt.web.kinds import Kind, Trick, Words, cards_text, follow_suit_tricks, seat_names

__all__ = ["Kind", "KINDS", "KIND_MODULES", "kind_of", "join", "BRUS", "Words", "Table", "game_text", "read_game_text", "new_table", "render", "SOUTH"]

SOUTH = 0
#: The characters an action is written with: its place in the legal actions.
ALPHABET = string.digits + string.ascii_uppercase + string.ascii_lowercase
#: Written before a character of ALPHABET for an action at place 62 or later (a Vira auction offers 81 at once).
WIDE = "_"
DOS = ("show", "new", "play", "computer", "undo", "next", "log")
#: The longest game text a new hand may be dealt onto (an address must stay usable).
_ROOM = MAX_PARAM_CHARS - 100


# Sjavs ------------------------------------------------------------------------------------------------------


def _sjavs_start(seed: int, setup: str, first: int) -> Any:
    from stytvolt.sjavs.rubber import Rubber

    return Rubber(seed, players=int(setup), first_dealer=first)


def _bot_of(game: str) -> Callable[[str, int], Any]:
    """The game's computer player for a level: the sampling player (expert) or the game's SimpleBot (simple)."""

    def bot(level: str, seed: int) -> Any:
        if level == "expert":
            from stytvolt.analysis.players import SamplingPlayer

            return SamplingPlayer(game, seed=seed)
        import importlib

        return importlib.import_module(f"stytvolt.{game}.bots").SimpleBot(seed)

    return bot


def _sjavs_describe(state: Any, seat: int, action: Any, over: bool) -> str:
    kind = action.kind
    if kind == "pass":
        return "passes"
    if kind == "bid":
        return f"bids {action.bid}"
    if kind == "trump":
        return f"names {action.suit.symbol} {action.suit.english} as trumps"
    if kind == "exchange":
        n = len(action.cards)
        if n == 0:
            return "keeps the hand and takes nothing from the talon"
        said = cards_text(action.cards) if seat == SOUTH or over else counted(n, "card")
        return f"lays away {said} and takes {n} from the talon unseen"
    return f"plays {action.cards[0].symbol}"


def _sjavs_order(state: Any, cards: Sequence[Card]) -> list[Card]:
    from stytvolt.sjavs.cards import power, suit_of

    trump = _trump_of(state)
    if trump is None:
        return sorted(cards, key=lambda c: (c.suit.value, -c.rank))
    return sorted(cards, key=lambda c: (suit_of(c, trump) is not trump, suit_of(c, trump).value, -power(c, trump)))


def _sjavs_is_trump(state: Any, card: Card) -> bool:
    from stytvolt.sjavs.cards import is_permanent, suit_of

    trump = _trump_of(state)
    return is_permanent(card) or (trump is not None and suit_of(card, trump) is trump)


def _sjavs_card_action(card: Card) -> Any:
    from stytvolt.sjavs.hand import Action

    return Action("play", cards=(card,))


def _sjavs_bidding_prompt(state: Any) -> str:
    from stytvolt.sjavs.bidding import trump_lengths

    lengths = trump_lengths(_playable(state, SOUTH))
    said = ", ".join(f"{s.symbol} {lengths.of(s)}" for s in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS))
    return (f"Your bid: pass, or bid a trump length of 5 or more. Your hand's trump lengths: {said} "
            "(the permanent trumps count in every suit).")


# Klørsjavs --------------------------------------------------------------------------------------------------


def _klorsjavs_start(seed: int, setup: str, first: int) -> Any:
    from stytvolt.klorsjavs.game import KlorsjavsGame

    return KlorsjavsGame(seed, variant=setup, first_dealer=first)


def _klorsjavs_describe(state: Any, seat: int, action: Any, over: bool) -> str:
    kind = action.kind
    if kind == "pass":
        return "passes"
    if kind == "play-bid":
        return "says Play"
    if kind == "bid":
        return f"bids {action.bid.title if hasattr(action.bid, 'title') else action.bid}"
    if kind == "trump":
        return f"names {action.suit.symbol} {action.suit.english} as trumps"
    if kind == "stroke":
        return "strokes the cat: plays without it"
    if kind == "swipe":
        said = cards_text(action.cards) if seat == SOUTH or over else "two cards"
        return f"swipes the cat and lays away {said}"
    if kind == "fold":
        return "folds"
    return f"plays {action.cards[0].symbol}"


def _klorsjavs_order(state: Any, cards: Sequence[Card]) -> list[Card]:
    from stytvolt.klorsjavs.cards import power, suit_of

    trump = _trump_of(state)
    auction = getattr(state, "variant", "") == "auction"
    if auction and trump is None:
        return sorted(cards, key=lambda c: (c.suit.value, -power(c, Suit.CLUBS)))
    t = trump if auction else None
    lead = t if t is not None else Suit.CLUBS
    return sorted(cards, key=lambda c: (suit_of(c, t) is not lead, suit_of(c, t).value, -power(c, t)))


def _klorsjavs_is_trump(state: Any, card: Card) -> bool:
    from stytvolt.klorsjavs.cards import suit_of

    trump = _trump_of(state)
    if getattr(state, "variant", "") == "auction":
        return trump is not None and card.suit is trump
    return suit_of(card, None) is Suit.CLUBS


def _klorsjavs_card_action(card: Card) -> Any:
    from stytvolt.klorsjavs.hand import Action

    return Action("card", cards=(card,))


def _klorsjavs_standing_trumps(state: Any) -> str:
    return "" if getattr(state, "variant", "") == "auction" else "the nine permanent trumps, ♣Q down to ♣5"


def _klorsjavs_bidding_prompt(state: Any) -> str:
    if getattr(state, "variant", "") == "auction":
        return "Your bid: pass, or bid higher than the bids so far."
    return "Play (declare, and take on the other two) or pass?"

# Brus -------------------------------------------------------------------------------------------------------
# No trumps, no bidding, no suits to follow: each player in turn beats the highest card so far or, unable to,
# passes; sevens are laid out as tricks by whoever comes to the lead; six tricks win a deal, six strokes a game.


def _brus_start(seed: int, setup: str, first: int) -> Any:
    from stytvolt.brus.game import BrusGame

    return BrusGame(seed, players=int(setup), first_dealer=first)


def _brus_words_at(state: Any, seat: int, action: Any) -> str:
    """A Brus action in words, from the trick as it stood: a lead, a beat (of which card), or a pass."""
    from stytvolt.brus.cards import name_of

    highest = state.highest
    if action.card is None:
        return ("passes, holding nothing higher than " + name_of(highest)) if highest is not None else "passes the lead on"
    if highest is None:
        return f"leads {name_of(action.card)}"
    return f"beats {name_of(highest)} with {name_of(action.card)}"


def _brus_order(state: Any, cards: Sequence[Card]) -> list[Card]:
    from stytvolt.brus.site import ranked

    return ranked(cards)


def _brus_card_role(state: Any, card: Card) -> tuple[str, str]:
    """Said: the card's role and place (the words of Brus's pages); on its face: the matador's name or the role."""
    from stytvolt.brus.cards import MATADOR_NAMES, ROLES
    from stytvolt.brus.site import card_words

    said = card_words(card)[0].removeprefix(f"{card.english}, ")
    return said, MATADOR_NAMES.get(card, str(ROLES[card]))


def _brus_card_action(card: Card) -> Any:
    from stytvolt.brus.hand import Action

    return Action(card)


def _brus_action_label(state: Any, action: Any) -> str:
    from stytvolt.brus.cards import name_of

    if state.highest is None:
        return "Pass the lead on"
    return f"Pass: nothing you hold beats {name_of(state.highest)}"


def _brus_tricks(state: Any) -> list[Trick]:
    return [(e.seat, e.plays, e.winner) for e in state.log if e.kind == "trick"]


def _toward(won: int) -> str:
    from stytvolt.brus.rules import SIX

    return "six: the deal stops" if won >= SIX else f"{won} toward six"


def _brus_happenings(state: Any) -> list[Reason]:
    """Every trick won, seven laid out and lead passed on, with each side's tricks toward six as they grow; at the
    end, a deal stopped for want of live cards, and ♣K shown when it decides."""
    from stytvolt.brus.cards import CLUB_KING, name_of
    from stytvolt.brus.rules import side_of
    from stytvolt.core.explain import Team

    won = [0, 0]
    out = []
    previous = None
    for event in state.log:
        if event.kind == "lead-passes":
            out.append(Reason.of("lead-passes", "{seat} comes to the lead with no live card, so the lead passes on to "
                                                "{next}.", seat=Seat(event.seat), next=Seat((event.seat + 1) % state.players)))
            previous = event
            continue
        side = side_of(event.winner)
        won[side] += 1
        if event.kind == "seven":
            card = event.plays[0][1]
            again = previous is not None and previous.kind == "seven" and previous.seat == event.seat
            how = "{seat} lays out {card} as well" if again else "{seat} comes to the lead and lays out {card}"
            out.append(Reason.of("seven", how + ": a seven is a trick won, so {side} have {toward}.", (card,),
                                 seat=Seat(event.seat), card=card.symbol, side=Team(side), toward=_toward(won[side])))
        else:
            best = next(c for s, c in event.plays if s == event.winner)
            how = ": nobody could beat it" if event.winner == event.seat and len(event.plays) > 1 else ", the highest card"
            out.append(Reason.of("trick-won", "{seat} wins the trick with {card}" + how + "; {side} have {toward}.",
                                 (best,), seat=Seat(event.winner), card=name_of(best), side=Team(side),
                                 toward=_toward(won[side])))
        previous = event
    if state.end == "no-live":
        out.append(Reason.of("no-live", "No live card is left in any hand, so the deal stops short of six tricks."))
    if state.club_king_shown():
        out.append(Reason.of("club-king-shown", "{seat} shows {card}: with a side at five tricks, it decides the deal.",
                             (CLUB_KING,), seat=Seat(state.club_king_holder()), card=CLUB_KING.symbol))
    return out


def _brus_tally(state: Any, words: Words) -> list[tuple[str, str]]:
    """The sides, each side's tricks toward six (with the sevens among them), and the live cards still to come."""
    from stytvolt.brus.cards import LIVE_ORDER, is_live

    teams = words.teams or ("side A", "side B")
    sevens: list[list[str]] = [[], []]
    laid = []
    for event in state.log:
        if event.kind == "seven":
            card = event.plays[0][1]
            sevens[event.seat % 2].append(card.symbol)
            laid.append(f"{card.symbol} by {words.seats[event.seat]}")
    counts = []
    for side in (0, 1):
        n = len(sevens[side])
        note = "" if not n else " (one a seven)" if n == 1 else f" ({n} of them sevens)"
        counts.append(f"{teams[side]} {state.won[side]}{note}")
    left = sum(1 for hand in state.hands for c in hand if is_live(c))
    rows = [("Sides", _sentence(f"{teams[0]} against {teams[1]}")), ("Tricks toward six", _sentence(", ".join(counts)))]
    if laid:
        rows.append(("Sevens laid out", ", ".join(laid)))
    rows.append(("Live cards not yet played", f"{left} of {len(LIVE_ORDER)}"))
    return rows


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _brus_play_prompt(state: Any) -> str:
    from stytvolt.brus.cards import name_of

    if state.highest is None:
        return "Your lead: play any of your live cards."
    if all(a.card is None for a in state.legal_actions()):
        return f"Nothing you hold beats {name_of(state.highest)}: you pass."
    return f"Beat {name_of(state.highest)}: you hold a higher card, so you must play one (you may not pass)."


def _brus_as_dealt(state: Any) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards as dealt: its hand now, with the sevens it laid out and the cards it played."""
    hands = [list(h) for h in state.hands]
    for event in state.log:
        for seat, card in event.plays:
            if card is not None:
                hands[seat].append(card)
    for seat, card in state.plays:
        if card is not None:
            hands[seat].append(card)
    return tuple(tuple(h) for h in hands)


#: The follow-suit games at this table (their computer players have an expert level too: the sampling player).
_FOLLOW_SUIT: dict[str, Kind] = {
    "sjavs": Kind(
        game="sjavs", code="s1", title="Sjavs",
        setups=(("4", "Four players, two against two"), ("3", "Three players, a soloist against two"),
                ("2", "Two players")),
        players_of=int, start=_sjavs_start,
        levels=(("simple", "bids its trump length, draws trumps, gives points to a partner who is winning"),
                ("expert", "bids like the simple player, then plays each card after picturing a dozen deals that "
                           "fit what it has seen and working out which card scores best across them")),
        bot=_bot_of("sjavs"), describe=_sjavs_describe,
        order=_sjavs_order, is_trump=_sjavs_is_trump, card_action=_sjavs_card_action,
        bidding_prompt=_sjavs_bidding_prompt, standing_trumps=lambda state: "",
        sheet_title="The score sheet", sheet_unit="points left",
    ),
    "klorsjavs": Kind(
        game="klorsjavs", code="k1", title="Klørsjavs",
        setups=(("klorsjavs", "Klørsjavs, three players"), ("four-hand", "Four-hand Klørsjavs"),
                ("auction", "Auction Klørsjavs")),
        players_of=lambda setup: 4 if setup == "four-hand" else 3, start=_klorsjavs_start,
        levels=(("simple", "plays with a strong hand, swipes the cat, folds a hopeless hand"),
                ("expert", "decides the bidding and the cat like the simple player, then plays each card after "
                           "picturing a dozen deals that fit what it has seen")),
        bot=_bot_of("klorsjavs"), describe=_klorsjavs_describe,
        order=_klorsjavs_order, is_trump=_klorsjavs_is_trump, card_action=_klorsjavs_card_action,
        bidding_prompt=_klorsjavs_bidding_prompt, standing_trumps=_klorsjavs_standing_trumps,
        sheet_title="The score sheet", sheet_unit="øre",
    ),
}
#: Brus at the table: four or six players in two sides; one level, as no stronger Brus player exists.
BRUS = Kind(
    game="brus", code="b1", title="Brus",
    setups=(("4", "Four players, two against two"), ("6", "Six players, three against three")),
    players_of=int, start=_brus_start,
    levels=(("simple", "leads a card nobody can beat if it holds one, else its lowest live card; beats as cheaply as "
                       "it can, but with a sure winner while an opponent is still to play"),),
    bot=_bot_of("brus"), words_at=_brus_words_at,
    order=_brus_order, is_trump=lambda state, card: False, card_action=_brus_card_action,
    sheet_title="The stroke sheet", sheet_unit="strokes; six win the game",
    kind_of=lambda action: "play" if action.card is not None else "pass", card_of=lambda action: action.card,
    action_label=_brus_action_label, card_role=_brus_card_role,
    trick_so_far=lambda state: list(state.plays), tricks=_brus_tricks, happenings=_brus_happenings,
    tally=_brus_tally, play_prompt=_brus_play_prompt, as_dealt=_brus_as_dealt,
)
#: Every game at this table, by its registry name.
#: Every game at this table whose Kind is loaded: those written here, and each game whose Kind is written in a
#: module of its own once that module is imported (it calls :func:`join`).
KINDS: dict[str, Kind] = {**_FOLLOW_SUIT, "brus": BRUS}
#: The games whose Kind is written in a module of its own, by game: imported when the game's table is first asked
#: for, so a page's first table answer loads no other game's engine.
KIND_MODULES: dict[str, str] = {"knorri": "stytvolt.web.knorri_table", "vira": "stytvolt.web.vira_table"}


def kind_of(game: str) -> Kind:
    """The Kind of ``game`` (a registry name of a game at this table), its module imported if it is kept apart."""
    if game not in KINDS:
        importlib.import_module(KIND_MODULES[game])
    return KINDS[game]


# -- the game and its text ----------------------------------------------------------------------------------


@dataclass
class Table:
    """A game at the table: its kind, the engine's match, the level, and each hand's actions with their seats."""

    kind: Kind
    match: Any
    seed: int
    first_dealer: int
    level: str
    setup: str
    codes: list[str] = field(default_factory=list)  # each hand's actions, written as in the text
    moves: list[list[tuple[int, Any]]] = field(default_factory=list)  # each hand's (seat, action)
    dealt: list[tuple[tuple[Card, ...], ...]] = field(default_factory=list)  # each hand's cards as dealt, by seat
    # each hand's count of happenings (Kind.happenings) once dealt, then after each action
    marks: list[list[int]] = field(default_factory=list)
    said: list[list[str]] = field(default_factory=list)  # each hand's actions in words, with Kind.words_at

    @property
    def players(self) -> int:
        return self.kind.players_of(self.setup)

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.players)

    @property
    def words(self) -> Words:
        """The seats' names, and the sides' when the sheet has one column a side of partners (South's first)."""
        columns = self.match.sheet_columns()
        if len(columns) == 2 and all(len(c) > 1 for c in columns):
            teams: tuple[str, ...] | None = tuple(_team_name(self, c).replace("You", "you", 1) for c in columns)
        else:
            teams = ("you and North", "West and East") if self.players == 4 else None
        return Words(self.names, teams)

    @property
    def hand(self) -> Any:
        """The last hand dealt (finished or not)."""
        return self.match.hands[-1]

    def text(self) -> str:
        return game_text(self)

    def deal(self) -> None:
        state = self.match.deal()
        self.codes.append("")
        self.moves.append([])
        self.dealt.append(self.kind.as_dealt(state))
        self.marks.append([len(_happenings(self.kind, state))])
        self.said.append([])

    def apply(self, action: Any) -> None:
        """Apply an action of the seat to move in the current hand, and write it down."""
        state = self.hand
        legal = list(state.legal_actions())
        seat = state.current_player()
        index = legal.index(action)  # the caller checked that it is legal
        if index >= 2 * len(ALPHABET):  # pragma: no cover (no game here offers more than 124 actions at once)
            raise WidgetError("This position has more choices than the game's record can write.")
        if self.kind.words_at is not None:
            self.said[-1].append(self.kind.words_at(state, seat, action))
        state.apply(action)
        self.codes[-1] += _action_code(index)
        self.moves[-1].append((seat, action))
        self.marks[-1].append(len(_happenings(self.kind, state)))


def game_text(table: Table) -> str:
    """The whole game in one line (see the module docstring)."""
    head = [table.kind.code, str(table.seed), str(table.first_dealer), table.level, table.setup]
    return ".".join(head + table.codes)


def new_table(game: str, setup: str = "", level: str = "", seed: int | None = None) -> Table:
    """A new game of ``game`` with its first hand dealt; South is on the dealer's left, so South bids first."""
    kind = kind_of(game)
    setup = setup or kind.default_setup
    if setup not in dict(kind.setups):
        raise WidgetError(f"The table deals {kind.title} only in the ways its Game list offers: choose one there.")
    level = level or kind.levels[0][0]
    if level not in dict(kind.levels):
        raise WidgetError(_levels_said(kind))
    if seed is None:
        seed = random.randrange(10**9)
    first = kind.players_of(setup) - 1
    table = Table(kind, kind.start(seed, setup, first), seed, first, level, setup)
    table.deal()
    return table


def read_game_text(game: str, text: str) -> Table:
    """The game a :func:`game_text` line describes, every field checked; :class:`WidgetError` saying, in the table's
    words, what in the record cannot be read if not (the page shows it when a kept game cannot be restored)."""
    kind = kind_of(game)
    parts = text.strip().split(".")
    if len(parts) < 5 or parts[0] != kind.code:
        raise WidgetError(_unreadable(kind, f"it is not the record of a {kind.title} game at this table"))
    _, seed, first, level, setup, *hands = parts
    if not (seed.isascii() and seed.isdigit()) or len(seed) > 15:
        raise WidgetError(_unreadable(kind, "its seed, the number the cards were shuffled by, is not a whole number"))
    if setup not in dict(kind.setups):
        raise WidgetError(_unreadable(kind, f"it is for a way of playing {kind.title} this table does not deal"))
    players = kind.players_of(setup)
    if not (first.isascii() and first.isdigit()) or not 0 <= int(first) < players:
        raise WidgetError(_unreadable(kind, f"its first dealer is not one of the {_number(players)} seats"))
    if level not in dict(kind.levels):
        raise WidgetError(_unreadable(kind, "its computer players' level is not one this table has"))
    try:
        table = Table(kind, kind.start(int(seed), setup, int(first)), int(seed), int(first), level, setup)
    except StytvoltError:
        raise WidgetError(_unreadable(kind, "its game cannot be dealt")) from None
    word = str(getattr(table.match, "HAND", "hand"))
    for number, code in enumerate(hands, 1):
        if table.match.over:
            raise WidgetError(_unreadable(kind, f"{word} {number} comes after the end of the game"))
        if number > 1 and not table.hand.is_terminal():
            raise WidgetError(_unreadable(kind, f"{word} {number - 1} is not over, so {word} {number} cannot have been "
                                                "dealt"))
        table.deal()
        for at, ch in enumerate(_action_codes(code), 1):
            state = table.hand
            legal = list(state.legal_actions())
            index = _action_index(ch)
            if not legal or index < 0 or index >= len(legal):
                raise WidgetError(_unreadable(kind, f"move {at} of {word} {number} is not one the rules allowed there"))
            table.apply(legal[index])
    if not hands:
        table.deal()
    return table


def _unreadable(kind: Kind, why: str) -> str:
    """A game record that cannot be read, and why, in the table's words."""
    return f"This {kind.title} game's record cannot be read: {why}."


def _levels_said(kind: Kind) -> str:
    names = [name.capitalize() for name, _ in kind.levels]
    return f"The computer players' level is {_listed(names, 'or')}." if len(names) > 1 else (
        f"The computer players play at one level here, {names[0]}.")


def _listed(items: Sequence[str], last: str = "and") -> str:
    """``a, b and c`` (or ``a, b or c``)."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _action_code(index: int) -> str:
    """An action's place among the legal actions as the game text writes it: one character, or WIDE and one."""
    return ALPHABET[index] if index < len(ALPHABET) else WIDE + ALPHABET[index - len(ALPHABET)]


def _action_codes(code: str) -> list[str]:
    """A hand's record cut into its actions' codes (WIDE joins the character after it)."""
    out, i = [], 0
    while i < len(code):
        n = 2 if code[i] == WIDE else 1
        out.append(code[i:i + n])
        i += n
    return out


def _action_index(code: str) -> int:
    """The place an action's code names (-1 when it names none)."""
    if len(code) == 2 and code[0] == WIDE and code[1] in ALPHABET:
        return len(ALPHABET) + ALPHABET.index(code[1])
    return ALPHABET.find(code) if len(code) == 1 else -1


def undo_south(table: Table) -> Table:
    """The game as it was when South was last asked to act: South's last action and everything after it taken back."""
    spots = [(h, k) for h, moves in enumerate(table.moves) for k, (seat, _) in enumerate(moves) if seat == SOUTH]
    if not spots:
        raise WidgetError("There is nothing of yours to take back yet.")
    h, k = spots[-1]
    codes = table.codes[:h] + ["".join(_action_codes(table.codes[h])[:k])]
    return read_game_text(table.kind.game, ".".join(game_text(table).split(".")[:5] + codes))


def computer_seed(table: Table, hand: int, move: int) -> int:
    """The seed of a computer move: the same every time the same game reaches it."""
    digest = hashlib.sha256(f"stytvolt match|{table.kind.code}|{table.seed}|{hand}|{move}".encode("ascii")).digest()
    return int.from_bytes(digest[:6], "big")


# -- drawing ---------------------------------------------------------------------------------------------------


def _trump_of(state: Any) -> Suit | None:
    return getattr(state, "trump", None)


def _ordered(kind: Kind, state: Any, cards: Sequence[Card]) -> list[Card]:
    """A hand as a player sorts it (the game's own order: trumps first, then each suit, highest first)."""
    return kind.order(state, cards)


def _role(kind: Kind, state: Any, card: Card) -> tuple[str, str]:
    """What is said of a card after its name, and the word on its face: the game's own, else whether it is a trump."""
    if kind.card_role is not None:
        return kind.card_role(state, card)
    return ("a trump", "trump") if kind.is_trump(state, card) else ("", "")


def _card_words(kind: Kind, state: Any, card: Card) -> str:
    said = _role(kind, state, card)[0]
    return f"{card.symbol}, {card.english}" + (f", {said}" if said else "")


def _say(reason: Reason, table: Table) -> str:
    """A reason in words, seats by their names and the sides as South sees them (see :attr:`Table.words`)."""
    return table.words.say(reason)


def _happenings(kind: Kind, state: Any) -> list[Reason]:
    """What happened in the hand besides the seats' actions: the game's own list, else one line a trick won."""
    if kind.happenings is not None:
        return kind.happenings(state)
    out = []
    for number, (leader, plays, winner) in enumerate(kind.tricks(state), 1):
        best = next(c for s, c in plays if s == winner)
        assert best is not None
        out.append(Reason.of("trick-won", "{seat} wins trick {number} with {card}.", (best,), seat=Seat(winner),
                             number=number, card=best.symbol))
    return out


def _legal_labels(kind: Kind, state: Any, legal: Sequence[Any]) -> dict[str, str]:
    """What each of South's actions says on its button."""
    out: dict[str, str] = {}
    for action in legal:
        text = str(action)
        card = kind.card_of(action)
        if card is not None:
            verb = kind.card_verb(state, action) if kind.card_verb is not None else "Play"
            out[text] = f"{verb} {_card_words(kind, state, card)}"
        elif kind.action_label is not None:
            out[text] = kind.action_label(state, action)
        elif action.kind == "pass":
            out[text] = "Pass"
        elif action.kind == "bid":
            bid = action.bid
            out[text] = f"Bid {getattr(bid, 'title', bid)}"
        elif action.kind == "play-bid":
            out[text] = "Play (declare)"
        elif action.kind == "trump":
            out[text] = f"Trumps: {action.suit.symbol} {action.suit.english}"
        elif action.kind == "stroke":
            out[text] = "Stroke the cat (play without it)"
        elif action.kind == "fold":
            out[text] = "Fold (pay as if you had lost)"
        else:
            out[text] = text
    return out


def _chip(kind: Kind, state: Any, card: Card) -> str:
    colour = " sv-red" if card.suit.is_red else ""
    return (f'<span class="sv-chip{colour}" role="img" aria-label="{escape(_card_words(kind, state, card))}">'
            f"{escape(card.symbol)}</span>")


def _chips(kind: Kind, state: Any, cards: Sequence[Card]) -> str:
    return " ".join(_chip(kind, state, c) for c in cards) if cards else '<span class="sv-none">none</span>'


def _card_button(kind: Kind, state: Any, card: Card, action: str | None, label: str, refusal: str | None) -> str:
    colour = " sv-red" if card.suit.is_red else ""
    role = _role(kind, state, card)[1]
    face = (f'<span class="sv-tc-face" aria-hidden="true">{card.symbol}</span>'
            f'<span class="sv-tc-role" aria-hidden="true">{role}</span>')
    if action is not None:
        return (f'<button type="button" class="sv-table-card{colour}" data-do="play" data-action="{escape(action)}" '
                f'data-card="{card}" aria-label="{escape(label)}">{face}</button>')
    if refusal:
        return (f'<button type="button" class="sv-table-card{colour}" data-card="{card}" aria-disabled="true" '
                f'data-refusal="{escape(refusal)}" aria-label="{escape(_card_words(kind, state, card))}: cannot be played now">'
                f"{face}</button>")
    return (f'<span class="sv-table-card sv-table-card--still{colour}" data-card="{card}" role="img" '
            f'aria-label="{escape(_card_words(kind, state, card))}">{face}</span>')


def _playable(state: Any, seat: int) -> list[Card]:
    """The cards a seat plays from: its hand, and with two-player Sjavs its face-up table cards."""
    hand = list(state.hands[seat])
    piles = getattr(state, "piles", None)
    if piles and piles[seat]:
        hand += [pile[-1] for pile in piles[seat] if pile]
    return hand


def _your_cards(table: Table, state: Any, legal: dict[str, str], active: bool) -> str:
    kind = table.kind
    cards_by_action = {str(a): a for a in state.legal_actions()} if active else {}
    playing = {card: text for text, a in cards_by_action.items() if (card := kind.card_of(a)) is not None}
    in_play = getattr(state, "phase", "play") == "play"
    rows = []
    for card in _ordered(kind, state, _playable(state, SOUTH)):
        action = playing.get(card)
        refusal = None
        if active and in_play and action is None:
            probe = _play_action(kind, card)
            reason = state.refusal(probe)
            refusal = _say(reason, table) if reason is not None else None
        label = legal.get(action, "") if action else ""
        rows.append(f"<li>{_card_button(kind, state, card, action, label, refusal)}</li>")
    n = len(rows)
    table_cards = ""
    piles = getattr(state, "piles", None)
    if piles and piles[SOUTH]:
        table_cards = (' <span class="sv-hint">(with your face-up table cards; a face-down card turns up when the '
                       "card on it is played)</span>")
    return (f'<section class="sv-your-hand" aria-label="Your cards">'
            f'<h3 class="sv-table-h">Your cards ({n}){table_cards}</h3>'
            f'<ul class="sv-table-cards">{"".join(rows)}</ul></section>')


def _play_action(kind: Kind, card: Card) -> Any:
    return kind.card_action(card)


def _exchange_picker(table: Table, state: Any, legal: dict[str, str]) -> str:
    """Three-player Sjavs, or swiping the cat: tick the cards to lay away, then one button."""
    kind = table.kind
    actions = [a for a in state.legal_actions() if a.kind in ("exchange", "swipe")]
    word = actions[0].kind
    most = max(len(a.cards) for a in actions)
    least = min(len(a.cards) for a in actions)
    boxes = "".join(
        f'<label class="sv-check sv-pick"><input type="checkbox" name="pick" value="{card}"> '
        f"{_chip(kind, state, card)}</label>"
        for card in _ordered(kind, state, state.hands[SOUTH])
    )
    if word == "exchange":
        what = (f"Tick up to {most} cards to lay away face down; you take as many from the talon, unseen. "
                "Tick none to keep your hand.")
        button = "Lay away the ticked cards"
    else:
        what = f"You hold the cat. Tick exactly {least} cards to lay away."
        button = "Swipe: lay away the ticked cards"
    others = "".join(
        f'<button type="button" class="md-button sv-table-act" data-do="play" data-action="{escape(str(a))}">'
        f"{escape(legal[str(a)])}</button>"
        for a in state.legal_actions() if a.kind not in ("exchange", "swipe")
    )
    return (f'<fieldset class="sv-table-pick" data-pick="{word}"><legend>{escape(what)}</legend>{boxes}</fieldset>'
            f'<div class="sv-table-acts"><button type="button" class="md-button md-button--primary sv-table-act" '
            f'data-do="play" data-pick-action="{word}">{escape(button)}</button>{others}</div>')


def _prompt(table: Table, state: Any) -> str:
    phase = getattr(state, "phase", "play")
    if table.kind.prompt is not None:
        return table.kind.prompt(state)
    if phase == "bidding" and table.kind.bidding_prompt is not None:
        return table.kind.bidding_prompt(state)
    if phase == "trump":
        return "You won the bidding: name the trump suit."
    if phase in ("exchange", "cat"):
        return "Your choice before the play."
    if table.kind.play_prompt is not None:
        return table.kind.play_prompt(state)
    if table.kind.trick_so_far(state):
        return "Your turn to play to the trick."
    return "Your lead."


def _moves(table: Table, state: Any, legal: dict[str, str]) -> str:
    kind = table.kind
    kinds = {kind.kind_of(a) for a in state.legal_actions()}
    if kinds & {"exchange", "swipe"}:
        body = _exchange_picker(table, state, legal)
    elif kind.action_group is not None:
        body = _grouped_buttons(kind, state, legal)
    else:
        buttons = "".join(
            f'<button type="button" class="md-button sv-table-act" data-do="play" data-action="{escape(str(a))}">'
            f"{escape(legal[str(a)])}</button>"
            for a in state.legal_actions() if kind.card_of(a) is None
        )
        body = f'<div class="sv-table-acts">{buttons}</div>' if buttons else ""
    return (f'<div class="sv-table-turn"><p class="sv-table-prompt"><strong>{escape(_prompt(table, state))}</strong></p>'
            f"{body}</div>")


def _grouped_buttons(kind: Kind, state: Any, legal: dict[str, str]) -> str:
    """The buttons of the actions that play no card: those the Kind groups under headings, each group folded but
    the first (groups in the order of their first action), after the others in one row."""
    assert kind.action_group is not None
    groups: dict[str, list[str]] = {}
    for a in state.legal_actions():
        if kind.card_of(a) is None:
            groups.setdefault(kind.action_group(state, a), []).append(
                f'<button type="button" class="md-button sv-table-act" data-do="play" data-action="{escape(str(a))}">'
                f"{escape(legal[str(a)])}</button>")
    row = "".join(groups.pop("", []))
    folded = "".join(f'<details class="sv-table-group"{" open" if k == 0 else ""}><summary>{escape(head)}</summary>'
                     f'<div class="sv-table-acts">{"".join(buttons)}</div></details>'
                     for k, (head, buttons) in enumerate(groups.items()))
    return (f'<div class="sv-table-acts">{row}</div>' if row else "") + folded


def _waiting(table: Table, state: Any) -> str:
    p = state.current_player()
    doing = {"bidding": "is bidding", "trump": "is naming trumps", "exchange": "is laying cards away",
             "cat": "is deciding about the cat"}.get(getattr(state, "phase", "play"), "is to play")
    if table.kind.doing is not None:
        doing = table.kind.doing(state)
    return f'<div class="sv-table-turn"><p class="sv-table-prompt">{table.names[p]} {escape(doing)}.</p></div>'


def _hand_word(table: Table) -> str:
    """What the game calls a hand ("hand"; Brus says "deal")."""
    return str(getattr(table.match, "HAND", "hand"))


def _facts(table: Table, state: Any) -> str:
    names = table.names
    word = _hand_word(table)
    rows = [f"<dt>{word.capitalize()}</dt><dd>{len(table.match.hands)}; {names[state.dealer]} deals</dd>"]
    declarer = getattr(state, "declarer", None)
    if declarer is not None:
        bid = getattr(state, "bid", None)
        said = f" ({getattr(bid, 'title', bid)})" if bid is not None else ""
        rows.append(f"<dt>Declarer</dt><dd>{names[declarer]}{escape(said)}</dd>")
    trump = _trump_of(state)
    if trump is not None:
        rows.append(f"<dt>Trumps</dt><dd>{trump.symbol} {trump.english}</dd>")
    elif table.kind.standing_trumps(state):
        rows.append(f"<dt>Trumps</dt><dd>{escape(table.kind.standing_trumps(state))}</dd>")
    if table.kind.tally is not None:
        rows += [f"<dt>{escape(term)}</dt><dd>{escape(said)}</dd>" for term, said in table.kind.tally(state, table.words)]
    else:
        won = [0] * table.players
        for trick in table.kind.tricks(state):
            won[trick[2]] += 1
        rows.append("<dt>Tricks won</dt><dd>" + ", ".join(f"{names[p]} {won[p]}" for p in range(table.players)) + "</dd>")
    return f'<dl class="sv-table-facts">{"".join(rows)}</dl>'


def _play_chip(kind: Kind, state: Any, card: Card | None) -> str:
    """A play on the felt: the card, or the word "pass"."""
    return _chip(kind, state, card) if card is not None else '<span class="sv-pass-said">passes</span>'


def _felt(table: Table, state: Any) -> str:
    if table.kind.felt is not None:
        return _laid_felt(table, state)
    names = table.names
    current = table.kind.trick_so_far(state)
    tricks = table.kind.tricks(state)
    if current:
        plays = current
        title = "The trick so far"
    elif tricks:
        _, plays_done, winner = tricks[-1]
        plays = list(plays_done)
        title = f"The last trick, won by {names[winner]}"
    else:
        return '<section class="sv-felt sv-felt--list" aria-label="The trick"><p class="sv-table-h">No card played yet.</p></section>'
    items = "".join(f"<li><strong>{names[seat]}</strong>: {_play_chip(table.kind, state, card)}</li>"
                    for seat, card in plays)
    return (f'<section class="sv-felt sv-felt--list" aria-label="{escape(title)}"><h3 class="sv-table-h">{escape(title)}</h3>'
            f'<ol class="sv-felt-plays">{items}</ol></section>')


def _laid_felt(table: Table, state: Any) -> str:
    """What the Kind says lies on the table: rows of cards, each row named, then the notes in words."""
    assert table.kind.felt is not None
    title, rows, notes = table.kind.felt(state, table.words)
    items = "".join(f"<li><strong>{escape(label)}</strong>: {_chips(table.kind, state, cards)}</li>" for label, cards in rows)
    listed = f'<ul class="sv-felt-plays">{items}</ul>' if items else ""
    said = "".join(f'<p class="sv-felt-note">{escape(note)}</p>' for note in notes)
    return (f'<section class="sv-felt sv-felt--list" aria-label="{escape(title)}"><h3 class="sv-table-h">{escape(title)}</h3>'
            f"{listed}{said}</section>")


def hand_log(table: Table, h: int) -> str:
    """The log of hand ``h`` (from 0): every action in the words South may read, and what else happened after
    each (the tricks won, and whatever the rules did by themselves), in order."""
    names = table.names
    kind = table.kind
    state = table.match.hands[h]
    over = state.is_terminal()
    happened = _happenings(kind, state)
    marks = table.marks[h]
    words = table.words

    def after(key: str, start: int, end: int) -> list[str]:
        return [f'<li class="sv-log-trick" data-key="{key}{"" if i == 0 else i + 1}">{escape(words.say(r))}</li>'
                for i, r in enumerate(happened[start:end])]

    items = after(f"{h}.dealt", 0, marks[0])
    for k, (seat, action) in enumerate(table.moves[h]):
        if kind.describe is not None:
            text = f"{names[seat]} {kind.describe(state, seat, action, over)}."
        else:
            revealed = kind.words_over(seat, action) if over and kind.words_over is not None else None
            text = f"{names[seat]} {revealed or table.said[h][k]}."
        items.append(f'<li class="sv-log-move" data-key="{h}.{k}">{escape(text)}</li>')
        items += after(f"{h}.{k}.t", marks[k], marks[k + 1])
    if not table.moves[h] and marks[0] == 0:
        items.append(f'<li class="sv-log-deal" data-key="{h}.deal">{escape(names[state.dealer])} deals.</li>')
    # A long log scrolls (table.css), so it takes the focus, for the keyboard to scroll it.
    label = f"What happened in {_hand_word(table)} {h + 1}"
    return f'<ol class="sv-log" tabindex="0" aria-label="{label}">{"".join(items)}</ol>'


def _log(table: Table) -> str:
    last = len(table.match.hands) - 1
    word = _hand_word(table)
    blocks = [f'<h3 class="sv-table-h">What happened in {word} {last + 1}</h3>{hand_log(table, last)}']
    for h in reversed(range(last)):
        blocks.append(f'<details class="sv-log-old" data-hand="{h}"><summary>{word.capitalize()} {h + 1}</summary>'
                      '<div class="sv-log-slot"></div></details>')
    return f'<section class="sv-table-log" aria-label="What happened">{"".join(blocks)}</section>'


def _team_name(table: Table, seats: Sequence[int]) -> str:
    """A sheet column's players, South as "You": "You and North", "You, North-west and North-east"."""
    names = ["You" if s == SOUTH else table.names[s] for s in sorted(seats, key=lambda s: s != SOUTH)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _sheet(table: Table) -> str:
    match = table.match
    columns = match.sheet_columns()
    heads = table.kind.sheet_heads(match) if table.kind.sheet_heads is not None else [
        _team_name(table, seats) for seats in columns]
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    word = _hand_word(table).capitalize()
    rows = []
    for line in match.sheet_lines():
        label = "Start" if line.hand == 0 else f"{word} {line.hand}"
        note = " ".join(_say(r, table) for r in line.note)
        cells = "".join(f"<td>{v}</td>" for v in line.totals)
        rows.append(f'<tr><th scope="row">{label}</th>{cells}<td class="sv-sheet-note">{escape(note)}</td></tr>')
    return (f'<section class="sv-table-chalk" aria-label="{escape(table.kind.sheet_title)}">'
            f'<h3 class="sv-table-h">{escape(table.kind.sheet_title)} ({escape(table.kind.sheet_unit)})</h3>'
            f'<div class="sv-scroll" tabindex="0" role="region" aria-label="{escape(table.kind.sheet_title)}">'
            f'<table class="sv-sheet"><thead><tr><th scope="col">After</th>{head}<th scope="col">What was scored</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table></div></section>')


def _all_hands(table: Table) -> str:
    kind, state = table.kind, table.hand
    heading, hands = kind.end_hands(state) if kind.end_hands is not None else ("Every hand as dealt", table.dealt[-1])
    rows = []
    for p, cards in enumerate(hands):
        rows.append(f"<li><strong>{table.names[p]}</strong>: {_chips(kind, state, _ordered(kind, state, cards))}</li>")
    return f'<ul class="sv-all-hands" aria-label="{escape(heading)}">{"".join(rows)}</ul>'


def _end(table: Table) -> str:
    match = table.match
    lines = match.sheet_lines()
    scored = ""
    if lines and lines[-1].hand == len(match.hands):
        scored = " ".join(_say(r, table) for r in lines[-1].note)
    if getattr(table.hand, "phase", "") == "passed":
        scored = scored or "Everyone passed: the same dealer deals again."
    if match.over:
        outcome = " ".join(_say(r, table) for r in match.outcome())
        button = (f'<p class="sv-table-over"><strong>The game is over. {escape(outcome)}</strong></p>'
                  '<div class="sv-table-acts"><button type="button" class="md-button md-button--primary sv-table-act" '
                  'data-do="new">Start a new game</button></div>')
    elif len(table.text()) > _ROOM:
        button = '<p class="sv-table-full">This game\'s record is full: start a new game to play on.</p>'
    else:
        button = ('<div class="sv-table-acts"><button type="button" class="md-button md-button--primary sv-table-act" '
                  'data-do="next">Deal the next hand</button></div>')
    over = f"The {_hand_word(table)} is over"
    return (f'<section class="sv-table-end" aria-label="{over}"><h3 class="sv-table-h">{over}</h3>'
            f"<p><strong>{escape(scored)}</strong></p>{button}"
            f'<h3 class="sv-table-h">{escape(_end_heading(table))}</h3>{_all_hands(table)}</section>')


def _end_heading(table: Table) -> str:
    return table.kind.end_hands(table.hand)[0] if table.kind.end_hands is not None else "Every hand as dealt"


def render(table: Table) -> str:
    """The whole table as South sees it (the markup follows :mod:`stytvolt.web.table`'s contract)."""
    state = table.hand
    over = state.is_terminal()
    p = state.current_player()
    active = not over and p == SOUTH
    legal = _legal_labels(table.kind, state, state.legal_actions()) if active else {}
    turn = "next" if over and not table.match.over else ("over" if over else ("south" if active else "computer"))
    seat = "" if over else table.names[p]
    parts = [_facts(table, state)]
    if over:
        parts.append(_end(table))
    elif active:
        parts.append(_moves(table, state, legal))
    else:
        parts.append(_waiting(table, state))
    parts += [_felt(table, state), _your_cards(table, state, legal, active), _log(table), _sheet(table)]
    return (f'<div class="sv-table" data-game="{table.kind.game}" data-turn="{turn}" data-seat="{seat}" '
            f'data-hand="{len(table.match.hands)}" data-level="{table.level}" data-seed="{table.seed}" '
            f'data-pause="{table.kind.pause_ms}">'
            f'<fieldset class="sv-table-moves" disabled><legend class="sv-table-legend">The table</legend>{"".join(parts)}'
            "</fieldset></div>")


# -- the widget -------------------------------------------------------------------------------------------------


def _think(table: Table) -> Work:
    """The computer seat to move makes its move, then the table is drawn."""
    state = table.hand
    seat = state.current_player()
    yield 0.0
    bot = table.kind.bot(table.level, computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1])))
    obs = state.observation(seat)
    think = getattr(bot, "think", None)
    if think is not None:  # a long decision: its progress goes to the page, and the page may cancel it
        action = (yield from think(obs)).action
    else:
        action = bot.choose(obs)
    table.apply(action)
    return _answer(table)


def _play(table: Table, text: str) -> None:
    """South takes the action a button sent (its text, as ``str(action)`` writes it, with the cards ticked after a
    lay-away button's word).  What the table cannot take is refused in the game's words, worked out from the table
    (whose turn, what is on offer, what was ticked), never in the words of the engine's parser."""
    state = table.hand
    if state.is_terminal():
        raise WidgetError(_over(table))
    seat = state.current_player()
    if seat != SOUTH:
        raise WidgetError(f"It is {table.names[seat]}'s turn, not yours.")
    table.apply(_chosen(table, state, text))


def _over(table: Table) -> str:
    """Why nothing more can be played: the game is over, or the hand is."""
    if table.match.over:
        return "The game is over: start a new game."
    return f"The {_hand_word(table)} is over: deal the next one."


#: The small numbers as a sentence says them.
_NUMBERS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _chosen(table: Table, state: Any, text: str) -> Any:
    """The legal action ``text`` names, or a :class:`WidgetError` saying in the game's words why there is none."""
    legal = list(state.legal_actions())
    said = " ".join(text.split())
    for action in legal:
        if str(action) == said:
            return action
    from stytvolt.core.registry import game as registry_game

    try:
        action = registry_game(table.kind.game).parse_action(said)
    except StytvoltError:
        action = None
    if action is not None and action in legal:
        return action
    raise WidgetError(_refusal(table, state, said, action, legal))


#: What South is told when what was sent is nothing on offer now (a stale page, a hand-made request).
_NOT_ON_OFFER = "That is not one of your choices now: choose from the buttons and cards on offer."
#: The codes of the engines' refusals that say only that an action is of the wrong sort for the moment (in the
#: engine's words): the table says instead what South is asked.
_NOT_NOW = frozenset({"wrong-phase", "over"})


def _refusal(table: Table, state: Any, said: str, action: Any, legal: Sequence[Any]) -> str:
    """Why South's ``said`` cannot be taken now, in the game's words: the cards ticked for laying away, a card not
    in the hand, the rule that forbids the action (the engine's reason, unless it says only that the action is of
    the wrong sort for the moment), else that it is not on offer."""
    kind = table.kind
    word = said.split(" ", 1)[0].lower()
    sorts = {kind.kind_of(a) for a in legal}
    if word in sorts & {"exchange", "swipe"}:
        return _pick_refusal(table, state, word, said.split()[1:], [a for a in legal if kind.kind_of(a) == word])
    if action is not None:
        card = kind.card_of(action)
        if card is not None and card not in _playable(state, SOUTH):
            return f"{card.symbol} is not in your hand."
        reason = state.refusal(action)
        if reason is not None and reason.code == "not-held" and reason.cards:
            return f"{cards_text(reason.cards)} is not in your hand."
        if reason is not None and reason.code not in _NOT_NOW:
            return _say(reason, table)
    return _NOT_ON_OFFER


def _pick_refusal(table: Table, state: Any, word: str, tokens: Sequence[str], offered: Sequence[Any]) -> str:
    """Why the cards ticked under a lay-away button cannot be laid away, in the words of the picker."""
    from stytvolt.core.cards import parse_card

    hand = list(state.hands[SOUTH])
    ticked: list[Card] = []
    for token in tokens:
        try:
            card = parse_card(token)
        except StytvoltError:
            return "Only the cards of your hand can be ticked to lay away."
        if card not in hand:
            return f"{card.symbol} is not in your hand: tick cards of your hand to lay away."
        if card in ticked:
            return f"{card.symbol} is ticked twice: tick each card once."
        ticked.append(card)
    sizes = sorted({len(a.cards) for a in offered})
    n = len(ticked)
    you = f"you ticked {_number(n)}"
    if n not in sizes:
        least, most = sizes[0], sizes[-1]
        if least == most:
            return f"Tick the {_number(most)} {noun_for(most, 'card')} to lay away: {you}."
        if n > most:
            return f"Tick at most {_number(most)} {noun_for(most, 'card')} to lay away: {you}."
        return f"Tick at least {_number(least)} {noun_for(least, 'card')} to lay away: {you}."
    reason = state.refusal(type(offered[0])(word, cards=tuple(ticked)))
    if reason is not None and reason.code not in _NOT_NOW:
        return _say(reason, table)
    return "Those cards cannot be laid away together: tick others."


def _answer(table: Table, settings: bool = False) -> Answer:
    out = {"game": table.text()}
    if settings:
        out.update(setup=table.setup, level=table.level)
    return {"html": render(table), "set": out}


def _seed(params: Params) -> int | None:
    text = params.get("seed", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 15:
        raise WidgetError("The seed of a new game is a whole number, like 42.")
    return int(text)


def _hand_number(params: Params, table: Table) -> int:
    text = params.get("hand", "").strip()
    if not (text.isascii() and text.isdigit()) or int(text) >= len(table.match.hands):
        word = _hand_word(table)
        raise WidgetError(f"That {word} is not in this game's log: it has {counted(len(table.match.hands), word)}.")
    return int(text)


def _controls_for(kind: Kind) -> Callable[[Params], str]:
    def controls(p: Params) -> str:
        setup = p.get("setup", "") or kind.default_setup
        level = p.get("level", "") or kind.levels[0][0]
        setups = "".join(f'<option value="{v}"{" selected" if v == setup else ""}>{escape(label)}</option>'
                         for v, label in kind.setups)
        if len(kind.levels) == 1:  # nothing to choose: the one level, said
            name, summary = kind.levels[0]
            level_html = (f'<input type="hidden" name="level" value="{name}">'
                          f'<p class="sv-table-level">The computer players play one way: '
                          f"<strong>{escape(name.capitalize())}</strong>: {escape(summary)}.</p>")
        else:
            level_html = ('<fieldset class="sv-table-level"><legend>The computer players\' level</legend>' + "".join(
                f'<label class="sv-radio"><input type="radio" name="level" value="{name}"{" checked" if name == level else ""}> '
                f"<span><strong>{escape(name.capitalize())}</strong>: {escape(summary)}</span></label>"
                for name, summary in kind.levels
            ) + "</fieldset>")
        return table_controls(p.get("game", ""), f'<label>Game <select name="setup">{setups}</select></label>{level_html}')

    return controls


#: The seed of the game the build draws into the page (a reader's first visit deals a random one at once).
BUILD_SEED = 1


def _register(kind: Kind) -> None:
    @widget(kind.game, "table", title="Play against the computer", controls=_controls_for(kind))
    def answer(params: dict[str, str]) -> Answer | Work:
        do = params.get("do", "").strip() or "show"
        if do not in DOS:
            raise WidgetError("The table cannot do that: its buttons deal, play, take back and show the log.")
        text = params.get("game", "").strip()
        if do == "new" or not text:
            if do not in ("new", "show"):
                raise WidgetError("There is no game on the table yet: start a new game.")
            seed = _seed(params)
            if seed is None and do == "show":
                seed = BUILD_SEED
            return _answer(new_table(kind.game, params.get("setup", "").strip(), params.get("level", "").strip(), seed),
                           settings=True)
        table = read_game_text(kind.game, text)
        if do == "show":
            return _answer(table, settings=True)
        if do == "play":
            _play(table, params.get("action", ""))
            return _answer(table)
        if do == "undo":
            return _answer(undo_south(table))
        if do == "next":
            if not table.hand.is_terminal():
                raise WidgetError(f"The {_hand_word(table)} is not over yet: play it out first.")
            if table.match.over:
                raise WidgetError("The game is over: start a new game.")
            if len(text) > _ROOM:
                raise WidgetError("This game's record is full: start a new game to play on.")
            table.deal()
            return _answer(table)
        if do == "log":
            return {"html": hand_log(table, _hand_number(params, table)), "set": {}}
        state = table.hand  # do == "computer"
        if state.is_terminal():
            raise WidgetError(_over(table))
        if state.current_player() == SOUTH:
            raise WidgetError("It is your turn, not the computer's.")
        return _think(table)


def join(kind: Kind) -> None:
    """A game's Kind written in a module of its own joins the table: in :data:`KINDS`, and its widget registered."""
    KINDS[kind.game] = kind
    _register(kind)


for _kind in KINDS.values():
    _register(_kind)
