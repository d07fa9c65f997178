"""Stýrivolt's table: a whole game against the computer, played from South's seat (its widget ``table``).

Stýrivolt does not yet sit at the one table every other game plays at
(:mod:`stytvolt.web.table`, which it shares its markup contract and
``interactive/table.mjs`` with): its game text writes cards by letter, its
chalk-up, stock and suit choosing are drawn here.  It is the module its
GameInfo declares as ``table``, imported when its table is first asked for.

You are South; North is your computer partner, West and East are computer
opponents.  Every request carries the whole game as one line of text (the
form field ``game``, see :func:`game_text`), so an answer depends on the
request alone: the page keeps that text in its address and its local
storage, and any copy of it reopens the same game.

Params (strings, as a form sends them):

* ``do``: what to do.  ``show`` (or nothing): draw the game as it stands;
  ``new``: deal a new game with the settings below; ``play``: South does
  ``action``; ``computer``: the computer seat to move makes one move;
  ``undo``: take back South's last action and every computer move after it;
  ``next``: deal the next hand once one is over; ``why``: the reason for the
  computer move ``move``; ``log``: the log of the earlier hand ``hand``
  (counted from 0; the answer folds the earlier hands' logs away).
* ``game``: the game so far (:func:`game_text`); without it, a new game.
* ``action``: South's action as the engine writes it (``H2``, ``take``,
  ``trade H5 H7``, ``keep``, ``stop`` …).
* ``move``: a computer move, ``<hand>.<action>`` counted from 0 (``2.14``).
* For ``new``: ``level`` (one of :data:`~stytvolt.styrivolt.players.LEVELS`),
  ``seed`` (a whole number; drawn at random when empty) and one field per
  rule switch, named by its word (``compulsory-beating=yes``,
  ``cut-for-stikkar=two-stikkar``); a switch not sent keeps its default.

A refusal is a sentence of the game ("♥A is not in your hand.", "It is
West's turn, not yours.", the rule that forbids a card), as at the shared
table (:mod:`stytvolt.web.table`), never the engine's parser talking.

A computer move and a "why" are long answers: they return a generator that
yields the computer player's progress (:data:`stytvolt.web.Work`), so the
browser's worker can run them in slices and cancel them.

What the answer shows comes from South's observation (``observation(0)``)
and what is public: the other hands stay hidden until the hand is over, and
then all four are shown.  A computer's reason is checked the same way: while
its hand is still being played, any card it names that South has not seen is
said as "a hidden card".

The answer's markup, for ``interactive/table.mjs``: ``.sv-table`` carries
``data-turn`` (``south``, ``computer``, ``next``: the hand is over),
``data-seat`` (the seat to move), ``data-hand`` and ``data-level``; buttons
that act carry ``data-do`` (and ``data-action``); a refused card carries
``aria-disabled`` and its reason in ``data-refusal``; the log is
``ol.sv-log`` whose entries carry ``data-key`` (unique in the game) and, for
a computer move, a "Why?" button with ``data-move``; a reason goes into the
entry's ``.sv-why-text``; each earlier hand is a ``details.sv-log-old``
with ``data-hand``, whose ``.sv-log-slot`` takes the answer to ``do=log``
when it is opened (so a long game's every answer stays small).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from enum import Enum
from html import escape
from typing import TYPE_CHECKING, Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import COMPASS, TEAM_LETTERS, Reason
from stytvolt.core.words import counted
from stytvolt.core.rules import Switch, parse_switch_words, switch_words, switches
from stytvolt.styrivolt.actions import Action, Kind, parse_action
from stytvolt.styrivolt.bots import card_worth
from stytvolt.styrivolt.game import Game
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.legality import trader_fetch
from stytvolt.styrivolt.observation import Observation
from stytvolt.styrivolt.pack import PLAYERS, TO_WIN, TRICKS
from stytvolt.styrivolt.ranking import Ranking
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.saved import deck_text, read_deck
from stytvolt.styrivolt.stock import TakeInProgress
from stytvolt.styrivolt.tricks import winner_index
from stytvolt.styrivolt.variants import Rules
from stytvolt.web import MAX_PARAM_CHARS, Answer, Params, WidgetError, Work, widget
from stytvolt.styrivolt.site import card_label, chalk_figure, chip, role_word
from stytvolt.web.html import hidden_words, table_controls, table_request
from stytvolt.styrivolt import site as _site  # noqa: F401  (the game's other widgets register first, as the site lists them)

if TYPE_CHECKING:
    from stytvolt.styrivolt.players import Decision

# The computer players (and the solver under them) are imported when a table first needs them, so the
# other widgets of the site never wait for them.

__all__ = [
    "SOUTH", "FIRST_DEALER", "TEXT_VERSION", "DOS", "Table", "game_text", "read_game_text", "new_table",
    "computer_seed", "undo_south", "events", "Event", "hand_log", "render",
]

GAME = "styrivolt"
#: Your seat.
SOUTH = 0
#: East deals the first hand, so you lead to its first trick (as in ``stytvolt play``).
FIRST_DEALER = 3
#: The first field of the game's text.
TEXT_VERSION = "1"
#: The values ``do`` takes.
DOS = ("show", "new", "play", "computer", "undo", "next", "why", "log")
#: The seed of the game drawn when the site is built (the page deals a fresh one once its engine runs).
BUILD_SEED = 1
#: Room a next hand needs in the game's text: a new hand is refused when the text is longer than this.
_ROOM = MAX_PARAM_CHARS - 160

_NAMES = COMPASS
_TEAMS = tuple(f"team {t}" for t in TEAM_LETTERS)
_ROLES = ("you", "opponent", "your partner", "opponent")
# One character for each kind of action that is not a card played (a card played is its one letter).
_KIND_CODE = {
    Kind.TRADE: "0", Kind.EXPOSE: "1", Kind.TAKE_STOCK: "2", Kind.PASS: "3", Kind.WITH: "4", Kind.KEEP: "5",
    Kind.DISCARD: "6", Kind.GO_BACK: "7", Kind.KEEP_BOTH: "8", Kind.PLAY_ON: "9", Kind.STOP: "-",
}
_CODE_KIND = {code: kind for kind, code in _KIND_CODE.items()}
_CARDS_OF = {Kind.TRADE: 2, Kind.EXPOSE: 1, Kind.WITH: 1, Kind.DISCARD: 1}


def _name(p: int) -> str:
    return _NAMES[p]


# -- the game's text -----------------------------------------------------------------------------------


@dataclass(slots=True)
class Table:
    """A game at the table: the engine's :class:`~stytvolt.styrivolt.game.Game` and the computer players' level."""

    game: Game
    level: str

    @property
    def hand(self) -> HandState | None:
        """The last hand dealt (finished or not)."""
        return self.game.hands[-1] if self.game.hands else None

    @property
    def turn(self) -> int | None:
        """The seat to act in the current hand, or None when the hand is over."""
        current = self.game.current
        return None if current is None else current.to_move

    def text(self) -> str:
        return game_text(self.game, self.level)


def _rules_words(rules: Rules) -> list[str]:
    """The switches that differ from the defaults, as ``stytvolt play`` spells them (``compulsory-beating``)."""
    return switch_words(rules)


def _hand_code(actions: Iterable[Action]) -> str:
    out = []
    for action in actions:
        letters = deck_text(action.cards)
        out.append(letters if action.kind is Kind.PLAY else _KIND_CODE[action.kind] + letters)
    return "".join(out)


def game_text(game: Game, level: str) -> str:
    """The whole game in one line: ``1.<seed>.<first dealer>.<level>.<rules>.<hand>.<hand>…``.

    ``rules`` are the switches that differ from the defaults, joined by ``_``
    (``compulsory-beating_scoring=penguin``); each hand is its actions in
    order, a card played as one letter (the letters of a saved deck), any
    other action as one character (``0`` trade, ``1`` expose, ``2`` take,
    ``3`` pass, ``4`` with, ``5`` keep, ``6`` discard, ``7`` back, ``8``
    both, ``9`` play on, ``-`` stop) followed by the letters of its cards.
    It is :meth:`Game.to_json` (seed, first dealer, rules, every hand's
    actions) with the level, written short enough to sit in an address.
    """
    head = [TEXT_VERSION, str(game.seed), str(game.first_dealer), level, "_".join(_rules_words(game.rules))]
    return ".".join(head) + "".join("." + _hand_code(a for _, a in hand.history) for hand in game.hands)


def _decode_hand(code: str, number: int) -> list[str]:
    out: list[str] = []
    i = 0
    where = f"hand {number}"
    while i < len(code):
        ch = code[i]
        kind = _CODE_KIND.get(ch, Kind.PLAY)
        need = 1 if kind is Kind.PLAY else _CARDS_OF.get(kind, 0)
        start = i if kind is Kind.PLAY else i + 1
        letters = code[start:start + need]
        if len(letters) < need:
            raise WidgetError(_unreadable(f"{where} breaks off in the middle of a move"))
        try:
            cards = tuple(read_deck(letters, where))
        except StytvoltError:
            raise WidgetError(_unreadable(f"{where} names a card that is not in the pack")) from None
        out.append(str(Action(kind, cards)))
        i = start + need
    return out


def _unreadable(why: str) -> str:
    """A game record that cannot be read, and why, in the table's words (the page shows it when a kept game
    cannot be restored)."""
    return f"This Stýrivolt game's record cannot be read: {why}."


def read_game_text(text: str) -> Table:
    """The game a :func:`game_text` line describes, every field checked; :class:`WidgetError` saying, in the table's
    words, what in the record cannot be read if not."""
    text = text.strip()
    parts = text.split(".")
    if len(parts) < 5 or parts[0] != TEXT_VERSION:
        raise WidgetError(_unreadable("it is not the record of a Stýrivolt game at this table"))
    version, seed, first, level, rules_text, *hands = parts
    if not (seed.isascii() and seed.isdigit()) or len(seed) > 19:
        raise WidgetError(_unreadable("its seed, the number the cards were shuffled by, is not a whole number"))
    if not (first.isascii() and first.isdigit()) or len(first) != 1 or int(first) >= PLAYERS:
        raise WidgetError(_unreadable("its first dealer is not one of the four seats"))
    from stytvolt.styrivolt.players import LEVELS

    if level not in LEVELS:
        raise WidgetError(_unreadable("its computer players' level is not one this table has"))
    try:
        rules = parse_switch_words(Rules, [w for w in rules_text.split("_") if w])
    except StytvoltError:
        raise WidgetError(_unreadable("it names a rule variation this table does not know")) from None
    data = {
        "game": "styrivolt-game", "v": 2, "seed": int(seed), "first_dealer": int(first), "rules": rules.to_json(),
        "hands": [_decode_hand(code, i + 1) for i, code in enumerate(hands)],
    }
    try:
        game = Game.from_json(data)
    except StytvoltError:
        raise WidgetError(_unreadable("its hands hold a move the rules did not allow there")) from None
    return Table(game, level)


def new_table(rules: Rules = Rules(), level: str | None = None, seed: int | None = None) -> Table:
    """A new game with its first hand dealt (East deals, so South leads); the level defaults to the players' default."""
    from stytvolt.styrivolt.players import DEFAULT_LEVEL, LEVELS

    level = DEFAULT_LEVEL if level is None else level
    if level not in LEVELS:
        raise WidgetError(_levels_said())
    if seed is None:
        seed = random.randrange(10**9)
    game = Game(seed=seed, first_dealer=FIRST_DEALER, rules=rules)
    game.deal()
    return Table(game, level)


def computer_seed(game: Game, hand: int) -> int:
    """The seed of the computer players in one hand of a game: the same every time, so "Why?" finds the same move."""
    digest = hashlib.sha256(f"stytvolt table|{game.seed}|{hand}".encode("ascii")).digest()
    return int.from_bytes(digest[:6], "big")


def undo_south(table: Table) -> Table:
    """The game as it was when South was last asked to act: South's last action and everything after it taken back."""
    game = table.game
    spots = [(h, k) for h, hand in enumerate(game.hands) for k, (p, _) in enumerate(hand.history) if p == SOUTH]
    if not spots:
        raise WidgetError("There is nothing of yours to take back yet.")
    h, k = spots[-1]
    data = game.to_json()
    data["hands"] = [*data["hands"][:h], data["hands"][h][:k]]
    return Table(Game.from_json(data), table.level)


# -- reading the params ------------------------------------------------------------------------------

#: A "Why?" asked about a move the game does not hold (a stale page, a hand-made request).
_NO_SUCH_MOVE = "That move is not in this game's log."


def _switch_value(sw: Switch, text: str) -> object:
    value = text.strip().lower()
    title = sw.word.replace("-", " ").capitalize()
    if isinstance(sw.default, Enum):
        if value not in sw.choices:
            said = [c.replace("-", " ") for c in sw.choices]
            raise WidgetError(f"The rule variation “{title}” is one of: {', '.join(said)}.")
        return value
    if value in ("yes", "on", "true", "1"):
        return True
    if value in ("no", "off", "false", "0"):
        return False
    raise WidgetError(f"The rule variation “{title}” is either ticked or not.")


def _rules(params: Params) -> Rules:
    chosen: dict[str, object] = {}
    for sw in switches(Rules):
        if sw.word in params:
            chosen[sw.name] = _switch_value(sw, params[sw.word])
    try:
        return Rules(**chosen)  # type: ignore[arg-type]
    except StytvoltError:  # pragma: no cover (every value is checked above)
        raise WidgetError("These rule variations cannot be played together.") from None


def _level(params: Params) -> str:
    from stytvolt.styrivolt.players import DEFAULT_LEVEL, LEVELS

    level = params.get("level", "").strip().lower() or DEFAULT_LEVEL
    if level not in LEVELS:
        raise WidgetError(_levels_said())
    return level


def _levels_said() -> str:
    from stytvolt.styrivolt.players import LEVELS

    names = [name.capitalize() for name in LEVELS]
    return f"The computer players' level is {', '.join(names[:-1])} or {names[-1]}."


def _seed(params: Params) -> int | None:
    text = params.get("seed", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise WidgetError("The seed of a new game is a whole number, like 42.")
    return int(text)


def _move(params: Params, table: Table) -> tuple[int, int]:
    text = params.get("move", "").strip()
    h_text, dot, k_text = text.partition(".")
    if not (dot and h_text.isascii() and h_text.isdigit() and k_text.isascii() and k_text.isdigit()
            and len(text) <= 12):
        raise WidgetError(_NO_SUCH_MOVE)
    h, k = int(h_text), int(k_text)
    hands = table.game.hands
    if h >= len(hands) or k >= len(hands[h].history):
        raise WidgetError(_NO_SUCH_MOVE)
    if hands[h].history[k][0] == SOUTH:
        raise WidgetError("That move is your own: “Why?” gives the computer players' reasons.")
    return h, k


def _hand(params: Params, table: Table) -> int:
    text = params.get("hand", "").strip()
    count = len(table.game.hands)
    if not (text.isascii() and text.isdigit()) or len(text) > 4 or int(text) >= count:
        raise WidgetError(f"That hand is not in this game's log: it has {counted(count, 'hand')}.")
    return int(text)


# -- what happened, in words -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log: its sentences, a key unique in the game, and for a computer move, which move."""

    key: str
    text: str
    seat: int | None = None
    move: str | None = None  # "<hand>.<action>" of a computer move
    kind: str = "move"  # move, deal, trick, end, score
    doing: str = ""  # the move in a few words, as its "Why?" button says it ("play ♠K", "discard a card")


def _say(reason: Reason) -> str:
    return reason.render(seats=_NAMES, teams=_TEAMS)


def _describe(ranking: Ranking | None, card: Card, promoted: bool = False) -> str:
    return ranking.describe(card, promoted) if ranking is not None else f"{card.symbol} ({card.english})"


def _suits_text(chosen: Sequence[Suit]) -> str:
    return " and ".join(f"{s.symbol} {s.english}" for s in chosen)


def _befores(hand: HandState) -> list[tuple[int, Phase]]:
    """For each action of the hand: the length of the log and the phase just before it (walked back by undo)."""
    twin = hand.clone()
    marks = []
    while twin.history:
        twin.undo()
        marks.append((len(twin.log), twin.phase))
    marks.reverse()
    return marks


def _doing(action: Action) -> str:
    """A move in a few words, as the table saw it: a discard is face down, so its card is not named."""
    kind = action.kind
    if kind is Kind.PLAY:
        return f"play {action.card.symbol}"
    if kind is Kind.TRADE:
        return f"trade {action.cards[0].symbol} for {action.cards[1].symbol}"
    if kind is Kind.EXPOSE:
        return f"expose {action.card.symbol}"
    if kind is Kind.WITH:
        return f"let {action.card.symbol} go with the stock"
    return {
        Kind.DISCARD: "discard a card", Kind.TAKE_STOCK: "take the stock", Kind.PASS: "pass",
        Kind.KEEP: "keep the stock's cards", Kind.GO_BACK: "take the old hand back", Kind.KEEP_BOTH: "keep both",
        Kind.PLAY_ON: "play on", Kind.STOP: "stop",
    }[kind]


def _chosen_event(hand: HandState, h: int) -> Event:
    ranking = hand.ranking
    shown_cards = ", ".join(ranking.describe(c) for c in hand.choice.exposed) or "nothing"
    text = f"Chosen suits: {_suits_text(hand.chosen)}. Face up: {shown_cards}."
    if hand.rules.open_choosing:
        text += " The dealer turned " + " ".join(c.symbol for c in hand.choice.seen) + " (open choosing)."
    return Event(f"{h}.chosen", text, kind="deal")


def events(game: Game, h: int) -> list[Event]:
    """Everything South saw happen in hand ``h`` (from 0), in order, in words with compass names."""
    hand = game.hands[h]
    n = len(hand.history)
    befores = _befores(hand)
    # The chosen suits are no secret once the dealer has exposed the cards (or when South dealt).
    ranking: Ranking | None = hand.ranking if hand.phase is not Phase.EXPOSE or hand.dealer == SOUTH else None
    out = [Event(f"{h}.deal", f"Hand {h + 1}: {_name(hand.dealer)} deals; {_name((hand.dealer + 1) % PLAYERS)} leads "
                              "to the first trick.", kind="deal")]
    first_log = befores[0][0] if n else len(hand.log)
    out += [Event(f"{h}.start{i}", _say(r), kind="deal") for i, r in enumerate(hand.log[:first_log])]
    first_phase = befores[0][1] if n else hand.phase
    if first_phase is not Phase.EXPOSE:
        out.append(_chosen_event(hand, h))
    plays = 0
    won = [0, 0]
    for k, (p, action) in enumerate(hand.history):
        log_at, phase = befores[k]
        log_end = befores[k + 1][0] if k + 1 < n else len(hand.log)
        after_phase = befores[k + 1][1] if k + 1 < n else hand.phase
        reasons = hand.log[log_at:log_end]
        ending = [r for r in reasons if r.code.startswith("end.")]
        said: list[str] = []
        for r in reasons:
            if r.code.startswith("end."):
                continue
            if r.code == "stock.discard" and p == SOUTH:
                said.append(f"South discards {_describe(ranking, action.card)} face down to the stock.")
            else:
                said.append(_say(r))
        kind = action.kind
        who = _name(p)
        trick_done = None
        if kind is Kind.PLAY:
            t, pos = divmod(plays, PLAYERS)
            plays += 1
            if t < len(hand.tricks):
                card, promoted = hand.tricks[t].cards[pos], hand.tricks[t].promoted[pos]
                if pos == PLAYERS - 1:
                    trick_done = t
            else:
                card, promoted = hand.current[pos], hand.current_promoted[pos]
            said.append(f"{who} plays {_describe(ranking, card, promoted)}.")
        elif kind is Kind.KEEP:
            said.append(f"{who} keeps the stock's cards.")
        elif kind is Kind.PASS:
            said.append(f"{who} keeps the king." if phase is Phase.CLAIM else f"{who} does not trade.")
        elif kind is Kind.WITH:
            said.append(f"{who} lets {_describe(ranking, action.card)} go with the stock.")
        elif kind is Kind.EXPOSE:
            said.append(f"{who}, the dealer, exposes {_describe(ranking, action.card)}.")
        elif kind is Kind.STOP:
            said.append(f"{who} stops, and the keeping-in is scored.")
        elif kind is Kind.TAKE_STOCK and not reasons:
            said.append(f"{who} calls for the stock; first the exposed cards that go with it are settled.")
        move = None if p == SOUTH else f"{h}.{k}"
        out.append(Event(f"{h}.{k}", " ".join(said) or f"{who}: {action}.", p, move, doing=_doing(action)))
        if phase is Phase.EXPOSE and after_phase is not Phase.EXPOSE:
            out.append(_chosen_event(hand, h))
        if trick_done is not None:
            trick = hand.tricks[trick_done]
            won[trick.winner % 2] += 1
            best = trick.players.index(trick.winner)
            out.append(Event(
                f"{h}.{k}.trick",
                f"{_name(trick.winner)} wins trick {trick_done + 1} with "
                f"{_describe(ranking, trick.cards[best], trick.promoted[best])}. "
                f"Tricks: team A {won[0]}, team B {won[1]}.", kind="trick"))
        for i, r in enumerate(ending):
            out.append(Event(f"{h}.{k}.end{i}", _say(r), kind="end"))
    if hand.is_terminal() and h < len(game.board.history):
        change = game.board.history[h]
        out.append(Event(f"{h}.score", " ".join(_say(r) for r in change.reasons), kind="score"))
    return out


# -- drawing ----------------------------------------------------------------------------------------


def _order(ranking: Ranking | None, obs: Observation, cards: Iterable[Card]) -> list[Card]:
    """Cards as a player sorts a hand: the chosen suits first, each suit strongest first."""
    if ranking is None:
        return sorted(cards, key=lambda c: (c.suit.value, -c.rank))
    chosen = list(ranking.chosen)
    order = [*chosen, *(s for s in Suit if s not in chosen)]

    def key(c: Card) -> tuple[int, float, int]:
        promoted = c in obs.hand and obs.played_as(c)[1]
        return (order.index(c.suit), -card_worth(ranking, c, promoted), -c.rank)

    return sorted(cards, key=key)


def _chips(cards: Sequence[Card], ranking: Ranking | None) -> str:
    return " ".join(chip(c, ranking) for c in cards) if cards else '<span class="sv-none">none</span>'


def _card_button(card: Card, ranking: Ranking | None, obs: Observation, legal: dict[Action, str],
                 refusal: str | None, active: bool) -> str:
    """One of South's cards: a real button, said as "Play ♥3, three of hearts, trist"."""
    promoted = ranking is not None and obs.played_as(card)[1]
    name = card_label(card, ranking, promoted)
    action = next((a for a in legal if a.kind is Kind.PLAY and a.card is card), None)
    colour = " sv-red" if card.suit.is_red else ""
    role = role_word(ranking, card, promoted)
    face = (f'<span class="sv-tc-face" aria-hidden="true">{card.symbol}</span>'
            f'<span class="sv-tc-role" aria-hidden="true">{escape(role)}</span>')
    if action is not None:
        label = legal[action]
        return (f'<button type="button" class="sv-table-card{colour}" data-do="play" data-action="{action}" '
                f'data-card="{card}" aria-label="{escape(label)}">{face}</button>')
    if active and refusal:
        return (f'<button type="button" class="sv-table-card{colour}" data-card="{card}" aria-disabled="true" '
                f'data-refusal="{escape(refusal)}" aria-label="{escape(f"{card.symbol}, {name}: cannot be played now")}">'
                f"{face}</button>")
    return (f'<span class="sv-table-card sv-table-card--still{colour}" data-card="{card}" role="img" '
            f'aria-label="{escape(f"{card.symbol}, {name}")}">{face}</span>')


def _action_label(action: Action, obs: Observation, ranking: Ranking | None) -> str:
    """What a button says (and a screen reader reads) for one of South's actions."""
    kind = action.kind
    phase = Phase(obs.phase)
    if kind is Kind.PLAY:
        card = action.card
        promoted = ranking is not None and obs.played_as(card)[1]
        label = f"Play {card.symbol}, {card_label(card, ranking, promoted)}"
        if ranking is not None:
            fetched = trader_fetch(ranking, card, obs.exposed.get(card.suit, ()))
            if fetched is not None:
                label += f": it fetches and plays {ranking.describe(*obs.played_as(card))}"
        return label
    if kind is Kind.TRADE:
        give, take = action.cards
        if phase is Phase.CLAIM:
            return f"Give {give.symbol} for the cut {_describe(ranking, take)}"
        return f"Trade {give.symbol} for {_describe(ranking, take)}"
    if kind is Kind.TAKE_STOCK:
        text = f"Take the stock ({counted(obs.stock_size, 'card')}) for your hand"
        return text if obs.right_to_stock else text + " (you hold a stikkar: a penalty)"
    if kind is Kind.PASS:
        return "Keep your king" if phase is Phase.CLAIM else "Do not trade"
    if kind is Kind.WITH:
        return f"Let {_describe(ranking, action.card)} go with the stock"
    if kind is Kind.EXPOSE:
        return f"Expose {_describe(ranking, action.card)}"
    if kind is Kind.DISCARD:
        return f"Discard {_describe(ranking, action.card)}"
    return {
        Kind.KEEP: "Keep the stock's cards",
        Kind.GO_BACK: "Take your own hand back",
        Kind.KEEP_BOTH: "Keep both: your hand and the stock's cards",
        Kind.STOP: "Stop: score the keeping-in",
        Kind.PLAY_ON: "Play on for all nine tricks",
    }.get(kind, str(action))


def _prompt(state: HandState, obs: Observation, ranking: Ranking | None) -> str:
    """What South is asked, in the words of the phase."""
    phase = Phase(obs.phase)
    if phase is Phase.EXPOSE:
        turned = " ".join(c.symbol for c in obs.turned or ())
        return f"You dealt and turned {turned}. Choose which of the equal cards to expose."
    if phase is Phase.CLAIM:
        return "The cut turned up a permanent stikkar: you may give your king for it (the king goes with the stock)."
    if phase is Phase.LAST_CHANCE:
        pending = state.pending
        if isinstance(pending, TakeInProgress):
            return (f"{_name(pending.player)} is taking the stock, and an exposed pair would go with it: "
                    "your last chance to trade.")
        return "The king of hearts claims the bird: as the trader's holder, you may trade for it first."
    if phase is Phase.WITH:
        return "You are taking the stock: choose which exposed card of the pair goes with it."
    if phase is Phase.STOCK_DECISION:
        take = next(t for t in reversed(obs.takes) if t.player == SOUTH)
        old = _order(ranking, obs, take.original or ())
        return ("You took the stock; your hand is now the stock's cards. Your old hand was "
                + " ".join(c.symbol for c in old) + ". Keep the stock's cards (or discard one you can spare), "
                "or, where the rules allow, take your own hand back or keep both.")
    if phase is Phase.PLAY_ON:
        return ("Your team has taken the first five tricks: it has kept in. Stop and score that, "
                "or play on for all nine tricks (lose one and it is an ordinary game).")
    if obs.current:
        return "Your turn to play to the trick."
    if not obs.tricks:
        return "Your lead to the first trick (a lamb cannot be led to it)."
    return "Your lead."


def _seat_box(p: int, state: HandState, obs: Observation, ranking: Ranking | None) -> str:
    """A seat at the table: name, side, marks in words (dealer, to act, took the stock), the card it played to the trick."""
    marks = []
    if p == state.dealer:
        marks.append("deals")
    if state.current_player() == p:
        marks.append("to act" if p != SOUTH else "your turn")
    if any(t.player == p for t in obs.takes):
        marks.append("took the stock")
    count = len(state.hands[p])
    played = ""
    if obs.current and ranking is not None:
        i = (p - obs.leader) % PLAYERS
        if i < len(obs.current):
            promoted = obs.current_promoted[i]
            winning = winner_index(ranking, obs.current, obs.current_promoted) == i
            note = " led" if i == 0 else ""
            note += ", winning so far" if winning else ""
            played = (f'<span class="sv-seat-card{" sv-winning" if winning else ""}">{chip(obs.current[i], ranking, promoted)}'
                      f'<span class="sv-seat-note">{escape(note.lstrip(", ").strip())}</span></span>')
    tricks = obs.won[p]
    cls = f"sv-seat sv-seat-{_name(p).lower()}" + (" sv-seat--acting" if state.current_player() == p else "")
    badge = "".join(f'<span class="sv-badge">{escape(m)}</span>' for m in marks)
    return (f'<div class="{cls}" role="group" aria-label="{_name(p)}, {_ROLES[p]}">'
            f'<p class="sv-seat-name"><strong>{_name(p)}</strong> <span class="sv-seat-role">{_ROLES[p]}</span></p>'
            f'<p class="sv-seat-facts">{counted(count, "card")} · {counted(tricks, "trick")} {badge}</p>'
            f"{played}</div>")


def _facts(state: HandState, obs: Observation, ranking: Ranking | None, number: int) -> str:
    parts = [f"<strong>Hand {number}</strong>"]
    if obs.chosen:
        parts.append(f"chosen: {escape(_suits_text(obs.chosen))}")
    else:
        parts.append(f"{_name(state.dealer)} is choosing the suits")
    a, b = obs.team_tricks()
    parts.append(f"tricks: team A (you and North) {a}, team B {b}")
    if obs.phase != Phase.EXPOSE.value:
        parts.append(f"stock: {counted(obs.stock_size, 'card')} face down")
    head = f'<p class="sv-table-facts">{" · ".join(parts)}.</p>'
    face_up = [c for cards in obs.exposed.values() for c in cards]
    rows = []
    if face_up:
        rows.append(f"<li>Face up: {_chips(face_up, ranking)}</li>")
    if obs.cut:
        rows.append(f"<li>Turned up by the cut: {_chips(obs.cut, ranking)}</li>")
    if obs.table:
        rows.append(f"<li>Traded away, face up: {_chips(obs.table, ranking)}</li>")
    listed = f'<ul class="sv-table-faceup">{"".join(rows)}</ul>' if rows else ""
    return head + listed


def _felt(state: HandState, obs: Observation, ranking: Ranking | None) -> str:
    trick_no = min(len(obs.tricks) + 1, TRICKS)
    if obs.current:
        centre = f"Trick {trick_no}: {len(obs.current)} of 4 cards played."
    elif obs.tricks and ranking is not None:
        last = obs.tricks[-1]
        plays = ", ".join(f"{_name(q)} {c.symbol}" for q, c in zip(last.players, last.cards))
        centre = f"Last trick ({len(obs.tricks)}): {plays}; {_name(last.winner)} won it."
    else:
        centre = "No card played yet."
    seats = "".join(_seat_box(p, state, obs, ranking) for p in (2, 1, 3, 0))
    return (f'<div class="sv-felt" role="group" aria-label="The table: North across from you, West on your left, East on your right">'
            f'{seats}<p class="sv-felt-centre">{escape(centre)}</p></div>')


def _your_hand(state: HandState, obs: Observation, ranking: Ranking | None, legal: dict[Action, str]) -> str:
    active = state.current_player() == SOUTH and Phase(obs.phase) is Phase.PLAY
    cards = []
    for card in _order(ranking, obs, obs.hand):
        refusal = None
        if active and not any(a.kind is Kind.PLAY and a.card is card for a in legal):
            reason = state.refusal(Action.play(card))
            refusal = _say(reason) if reason is not None else None
        cards.append(f"<li>{_card_button(card, ranking, obs, legal, refusal, active)}</li>")
    return (f'<section class="sv-your-hand" aria-label="Your hand">'
            f'<h3 class="sv-table-h">Your hand ({counted(len(obs.hand), "card")})</h3>'
            f'<ul class="sv-table-cards">{"".join(cards)}</ul></section>')


def _moves(state: HandState, obs: Observation, ranking: Ranking | None, legal: dict[Action, str]) -> str:
    """South's turn: the question and every action as a button (the cards are buttons in the hand)."""
    others = [a for a in legal if a.kind is not Kind.PLAY]
    buttons = "".join(
        f'<button type="button" class="md-button sv-table-act" data-do="play" data-action="{a}">{escape(legal[a])}</button>'
        for a in others
    )
    line = f'<div class="sv-table-acts">{buttons}</div>' if buttons else ""
    return f'<div class="sv-table-turn"><p class="sv-table-prompt"><strong>{escape(_prompt(state, obs, ranking))}</strong></p>{line}</div>'


def _waiting(state: HandState, obs: Observation) -> str:
    p = state.current_player()
    doing = {
        Phase.EXPOSE: "the dealer chooses which card to expose",
        Phase.CLAIM: "may claim the cut stikkar with the king",
        Phase.LAST_CHANCE: "has a last chance to trade",
        Phase.WITH: "chooses which exposed card goes with the stock",
        Phase.STOCK_DECISION: "decides about the stock",
        Phase.PLAY_ON: "decides whether to stop or play on",
    }.get(Phase(obs.phase), "is to play")
    return (f'<div class="sv-table-turn"><p class="sv-table-prompt">{_name(p)} ({_ROLES[p]}) {escape(doing)}.</p>'
            "</div>")


def _all_hands(state: HandState, ranking: Ranking) -> str:
    rows = []
    for p in (0, 1, 2, 3):
        dealt = sorted(state.dealt[p], key=lambda c: (c.suit.value, -c.rank))
        left = sorted(state.hands[p], key=lambda c: (c.suit.value, -c.rank))
        still = f"; still in hand at the end {_chips(left, ranking)}" if left else ""
        rows.append(f"<li><strong>{_name(p)}</strong> ({_ROLES[p]}): dealt {_chips(dealt, ranking)}{still}</li>")
    stock = _chips(sorted(state.pile, key=lambda c: (c.suit.value, -c.rank)), ranking)
    rows.append(f"<li><strong>The stock</strong> at the end: {stock}</li>")
    return f'<ul class="sv-all-hands" aria-label="Every hand, now that the hand is over">{"".join(rows)}</ul>'


def _end(table: Table, state: HandState) -> str:
    result = state.result
    assert result is not None
    change = table.game.board.history[-1] if len(table.game.board.history) == len(table.game.hands) else None
    scored = f'<p>{escape(" ".join(_say(r) for r in change.reasons))}</p>' if change is not None else ""
    full = len(table.text()) > _ROOM
    button = (
        '<p class="sv-table-full">This game\'s record is full: start a new game to play on.</p>' if full else
        '<div class="sv-table-acts"><button type="button" class="md-button md-button--primary sv-table-act" '
        'data-do="next">Deal the next hand</button></div>'
    )
    return (f'<section class="sv-table-end" aria-label="The hand is over"><h3 class="sv-table-h">The hand is over</h3>'
            f"<p><strong>{escape(_say(result.reason))}</strong> Tricks: team A {result.tricks[0]}, team B {result.tricks[1]}.</p>"
            f"{scored}{button}<h3 class=\"sv-table-h\">All four hands</h3>{_all_hands(state, state.ranking)}</section>")


def hand_log(game: Game, h: int) -> str:
    """The log of hand ``h`` (from 0): every event in words, each computer move with its "Why?" button."""
    items = []
    for ev in events(game, h):
        why = ""
        if ev.move is not None and ev.seat is not None:
            why = (f' <button type="button" class="sv-why" data-do="why" data-move="{ev.move}" '
                   f'aria-label="Why did {_name(ev.seat)} {escape(ev.doing)}?">Why?</button>'
                   f'<span class="sv-why-text"></span>')
        items.append(f'<li class="sv-log-{ev.kind}" data-key="{ev.key}">{escape(ev.text)}{why}</li>')
    return f'<ol class="sv-log">{"".join(items)}</ol>'


def _log(table: Table) -> str:
    """This hand's log in full; the earlier hands', the latest first, folded under their results (asked for when opened)."""
    game = table.game
    last = len(game.hands) - 1
    blocks = [f'<h3 class="sv-table-h">What happened in hand {last + 1}</h3>{hand_log(game, last)}']
    for h in reversed(range(last)):
        result = game.hands[h].result
        said = f": {_say(result.reason)}" if result is not None else ""
        blocks.append(f'<details class="sv-log-old" data-hand="{h}"><summary>Hand {h + 1}{escape(said)}</summary>'
                      '<div class="sv-log-slot"></div></details>')
    return f'<section class="sv-table-log" aria-label="What happened">{"".join(blocks)}</section>'


def _chalk(table: Table) -> str:
    board = table.game.board
    last = board.history[-1] if board.history else None
    leader = board.leader()
    if leader is None:
        standing = "Neither team holds a cross yet."
    else:
        value = board.value(leader)
        side = "your team" if leader == SOUTH % 2 else "West and East"
        standing = f"Team {TEAM_LETTERS[leader]} ({side}) holds {counted(value, 'cross')}."
    return (f'<section class="sv-table-chalk" aria-label="The chalk-up"><h3 class="sv-table-h">The chalk-up</h3>'
            f'<p class="sv-table-standing">Team A: you and North; team B: West and East. {escape(standing)}</p>'
            f'{chalk_figure(board, last, title="The chalk-up of this game", id_prefix="table-chalk")}</section>')


def render(table: Table) -> str:
    """The whole table as South sees it (see the module docstring for the markup's contract)."""
    state = table.hand
    assert state is not None
    number = len(table.game.hands)
    obs = state.observation(SOUTH)
    ranking = obs.ranking
    legal = {a: _action_label(a, obs, ranking) for a in obs.legal}
    over = state.is_terminal()
    p = state.current_player()
    turn = "next" if over else ("south" if p == SOUTH else "computer")
    seat = "" if over else _name(p)
    parts = [_facts(state, obs, ranking, number)]
    if over:
        parts.append(_end(table, state))
    elif p == SOUTH:
        parts.append(_moves(state, obs, ranking, legal))
    else:
        parts.append(_waiting(state, obs))
    parts.append(_felt(state, obs, ranking))
    parts.append(_your_hand(state, obs, ranking, legal))
    parts.append(_log(table))
    parts.append(_chalk(table))
    return (f'<div class="sv-table" data-turn="{turn}" data-seat="{seat}" data-hand="{number}" '
            f'data-level="{table.level}" data-seed="{table.game.seed}">'
            f'<fieldset class="sv-table-moves" disabled><legend class="sv-table-legend">The table</legend>{"".join(parts)}'
            "</fieldset></div>")


# -- the computer and its reasons -----------------------------------------------------------------------


def _think(table: Table) -> Work:
    """The computer seat to move makes its move (yielding its progress), then the table is drawn."""
    state = table.game.current
    assert state is not None
    p = state.to_move
    from stytvolt.styrivolt.players import computer

    player = computer(table.level, computer_seed(table.game, len(table.game.hands) - 1))
    decision: Decision = yield from player.think(state.observation(p))
    state.apply(decision.action)
    if state.is_terminal():
        table.game.score()
    return _answer(table)


def _why(table: Table, h: int, k: int) -> Work:
    """The reason for computer move ``k`` of hand ``h``: the same player shown the same observation decides again."""
    hand = table.game.hands[h]
    twin = hand.clone()
    while len(twin.history) > k:
        twin.undo()
    p, done = hand.history[k]
    from stytvolt.styrivolt.players import computer

    player = computer(table.level, computer_seed(table.game, h))
    decision: Decision = yield from player.think(twin.observation(p))
    if decision.action is done:
        text = decision.why
    else:
        text = (f"The computer at this level would not make this move now: it chooses {decision.action} instead. "
                f"Its reason: {decision.why}")
    note = ""
    if not hand.is_terminal():
        known = {c.symbol for c in hand.known_to(SOUTH)}
        text, hid = hidden_words(text, known)
        if hid:
            note = " (Cards you have not seen are not named until the hand is over.)"
    body = (f'<p class="sv-why-said"><strong>{_name(p)}\'s reasoning:</strong> {escape(text)}{escape(note)}</p>')
    return {"html": body, "set": {}}


# -- the widget --------------------------------------------------------------------------------------------


def _settings_fields(level: str, rules: Rules) -> str:
    from stytvolt.styrivolt.players import LEVEL_SUMMARIES, LEVELS

    levels = "".join(
        f'<label class="sv-radio"><input type="radio" name="level" value="{name}"{" checked" if name == level else ""}> '
        f"<span><strong>{escape(name.capitalize())}</strong>: {escape(LEVEL_SUMMARIES.get(name, ''))}</span></label>"
        for name in LEVELS
    )
    rows = []
    for sw in switches(Rules):
        value = getattr(rules, sw.name)
        title = sw.word.replace("-", " ").capitalize()
        hint = f'<small class="sv-hint" id="hint-table-{sw.word}">{escape(sw.help)}</small>'
        if isinstance(sw.default, Enum):
            current = value.value if isinstance(value, Enum) else str(value)
            options = "".join(f'<option value="{c}"{" selected" if c == current else ""}>{escape(c.replace("-", " "))}</option>'
                              for c in sw.choices)
            rows.append(f'<div class="sv-switch"><label>{escape(title)} <select name="{sw.word}" '
                        f'aria-describedby="hint-table-{sw.word}">{options}</select></label>{hint}</div>')
        else:
            rows.append(f'<div class="sv-switch"><label class="sv-check"><input type="checkbox" name="{sw.word}" value="yes"'
                        f'{" checked" if value else ""} aria-describedby="hint-table-{sw.word}"> {escape(title)}</label>{hint}</div>')
    return (f'<fieldset class="sv-table-level"><legend>The computer players\' level</legend>{levels}</fieldset>'
            f'<fieldset class="sv-table-rules"><legend>Rule variations</legend>{"".join(rows)}</fieldset>')


def _controls(p: Params) -> str:
    try:
        table = read_game_text(p["game"]) if p.get("game") else None
    except WidgetError:
        table = None
    level = table.level if table is not None else _level(p)
    rules = table.game.rules if table is not None else Rules()
    return table_controls(p.get("game", ""), _settings_fields(level, rules))


def _set(table: Table, settings: bool) -> dict[str, str]:
    out = {"game": table.text()}
    if settings:
        out["level"] = table.level
        for sw in switches(Rules):
            value = getattr(table.game.rules, sw.name)
            out[sw.word] = value.value if isinstance(value, Enum) else ("yes" if value else "no")
    return out


def _answer(table: Table, settings: bool = False) -> Answer:
    return {"html": render(table), "set": _set(table, settings)}


#: What South is told when what was sent is nothing on offer now (a stale page, a hand-made request).
_NOT_ON_OFFER = "That is not one of your choices now: choose from the buttons and cards on offer."


def _play(table: Table, text: str) -> None:
    """South takes the action a button sent (``str(action)``).  What the table cannot take is refused in the
    game's words, worked out from the table (whose turn, what is on offer, the rule that forbids a card), never
    in the words of the engine's parser."""
    state = table.game.current
    if state is None:
        raise WidgetError("The hand is over: deal the next one.")
    if state.to_move != SOUTH:
        raise WidgetError(f"It is {_name(state.to_move)}'s turn, not yours.")
    legal = state.legal_actions()
    said = " ".join(text.split())
    action = next((a for a in legal if str(a) == said), None)
    if action is None:
        try:
            action = parse_action(said)
        except StytvoltError:
            raise WidgetError(_NOT_ON_OFFER) from None
        if action not in legal:
            raise WidgetError(_refusal(state, action, legal))
    state.apply(action)
    if state.is_terminal():
        table.game.score()


def _refusal(state: HandState, action: Action, legal: Sequence[Action]) -> str:
    """Why South may not take ``action`` now, in the game's words: a card not in the hand, or the rule that forbids
    it (the engine's reason, unless it says only that the action is of the wrong sort for the moment); anything
    else is simply not on offer."""
    reason = state.refusal(action)
    if reason is not None and reason.code == "refused.not_held" and reason.cards:
        return f"{reason.cards[0].symbol} is not in your hand."
    if reason is not None and reason.code not in _NOT_NOW:
        return _say(reason)
    return _NOT_ON_OFFER


#: The refusals that say only that an action is of the wrong sort for the moment (in the engine's words).
_NOT_NOW = frozenset({"refused.phase", "refused.over"})


@widget(GAME, "table", title="Play against the computer", controls=_controls)
def _table(params: dict[str, str]) -> Answer | Work:
    do, text, seed, new = table_request(params, DOS, _seed, BUILD_SEED)
    if new:
        return _answer(new_table(_rules(params), _level(params), seed), settings=True)
    table = read_game_text(text)
    if not table.game.hands:  # a game text may stop before its first deal
        table.game.deal()
    if do == "show":
        return _answer(table, settings=True)
    if do == "play":
        _play(table, params.get("action", ""))
        return _answer(table)
    if do == "undo":
        return _answer(undo_south(table))
    if do == "next":
        if table.game.current is not None:
            raise WidgetError("The hand is not over yet: play it out first.")
        if len(text) > _ROOM:
            raise WidgetError("This game's record is full: start a new game to play on.")
        table.game.deal()
        return _answer(table)
    if do == "why":
        h, k = _move(params, table)
        return _why(table, h, k)
    if do == "log":
        return {"html": hand_log(table.game, _hand(params, table)), "set": {}}
    # do == "computer"
    turn = table.turn
    if turn is None:
        raise WidgetError("The hand is over: deal the next one.")
    if turn == SOUTH:
        raise WidgetError("It is your turn, not the computer's.")
    return _think(table)
