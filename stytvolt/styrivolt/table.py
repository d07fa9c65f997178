"""Stýrivolt at the one table (:mod:`stytvolt.web.table`): its :class:`~stytvolt.web.kinds.Kind`.

You are South; North is your computer partner, West and East are computer
opponents, at the level the settings choose (beginner, club or expert, the
players of :mod:`stytvolt.styrivolt.players`).  The table itself (the game
text, undo, "Why?", the refusals, the settings panel, the folded logs of
earlier hands) is the one every game plays at; what is Stýrivolt's own is
here, declared once in :data:`KIND`:

* the match: Stýrivolt's :class:`~stytvolt.styrivolt.game.Game`, each hand
  chalked as soon as it is over (:class:`ChalkedGame`); the game ends when
  the players say so, so the table never calls it over;
* its words: what each of South's actions says on its button, what South is
  asked in each phase, what a computer seat is doing, the log in the words of
  the game (:func:`events`: the chosen suits, the stock, the traders, every
  trick with the cards' names in this deal);
* its drawings: the facts over the table (the chosen suits, what lies face
  up), the four seats round the felt, the end of a hand (the result, the
  chalk-up's change, all four hands and the stock) and the chalk-up itself;
* its old permalinks: the table Stýrivolt had before it joined the one
  table wrote a game as ``1.<seed>.<first dealer>.<level>.<rules>.<hand>…``
  with each card played as one letter (:func:`old_game`); such a text still
  opens, replayed and written from then on as the one table writes a game.

It is the module Stýrivolt's GameInfo declares as ``table``, imported when
its table is first asked for.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import COMPASS, TEAM_LETTERS, Reason
from stytvolt.core.rules import parse_switch_words
from stytvolt.core.words import counted
from stytvolt.styrivolt.actions import Action, Kind as ActionKind
from stytvolt.styrivolt.bots import card_worth
from stytvolt.styrivolt.game import Game
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.legality import trader_fetch
from stytvolt.styrivolt.observation import Observation
from stytvolt.styrivolt.pack import PLAYERS, TRICKS
from stytvolt.styrivolt.levels import DEFAULT_LEVEL, LEVEL_SUMMARIES, LEVELS
from stytvolt.styrivolt.ranking import Ranking
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.saved import read_deck
from stytvolt.styrivolt.stock import TakeInProgress
from stytvolt.styrivolt.tricks import winner_index
from stytvolt.styrivolt.variants import Rules
from stytvolt.styrivolt.site import card_label, chalk_figure, chip, role_word
from stytvolt.styrivolt import site as _site  # noqa: F401  (the game's other widgets register first, as the site lists them)
from stytvolt.web import WidgetError
from stytvolt.web.kinds import Kind, LogEntry, OldGame, Trick
from stytvolt.web.table import join

if TYPE_CHECKING:
    from stytvolt.core.match import SheetLine
    from stytvolt.styrivolt.players import ComputerPlayer, Decision

# The computer players (and the solver under them) are imported when a computer first moves, so a page's first
# answer never waits for them.

__all__ = ["KIND", "ChalkedGame", "SOUTH", "events", "old_game", "OLD_TEXT_VERSION"]

#: Your seat.
SOUTH = 0
#: The one way to play: four players in two teams.
SETUP = "4"
#: The first field of a game text the table wrote before Stýrivolt joined the one table.
OLD_TEXT_VERSION = "1"

_NAMES = COMPASS
_TEAMS = tuple(f"team {t}" for t in TEAM_LETTERS)
_ROLES = ("you", "opponent", "your partner", "opponent")
# The old game text: one character for each kind of action that is not a card played (a card played is its letter).
_CODE_KIND = {
    "0": ActionKind.TRADE, "1": ActionKind.EXPOSE, "2": ActionKind.TAKE_STOCK, "3": ActionKind.PASS,
    "4": ActionKind.WITH, "5": ActionKind.KEEP, "6": ActionKind.DISCARD, "7": ActionKind.GO_BACK,
    "8": ActionKind.KEEP_BOTH, "9": ActionKind.PLAY_ON, "-": ActionKind.STOP,
}
_CARDS_OF = {ActionKind.TRADE: 2, ActionKind.EXPOSE: 1, ActionKind.WITH: 1, ActionKind.DISCARD: 1}


def _name(p: int) -> str:
    return _NAMES[p]


# -- the match ---------------------------------------------------------------------------------------------


class ChalkedGame:
    """Stýrivolt's :class:`~stytvolt.styrivolt.game.Game` as the table plays it (a
    :class:`~stytvolt.core.match.Match`): hands dealt one after another, each chalked up as soon as it is over
    (the table plays the hand itself, and reads the hands and the sheet after every action).  A game of Stýrivolt
    is played until the players stop, so it is never over."""

    HAND = "hand"
    over = False
    num_players = PLAYERS

    def __init__(self, seed: int, first_dealer: int, rules: Rules) -> None:
        self._game = Game(seed=seed, first_dealer=first_dealer, rules=rules)
        self.seed, self.first_dealer, self.rules = seed, first_dealer, rules

    @property
    def game(self) -> Game:
        """The game, its last hand chalked up if it is over."""
        game = self._game
        if game.hands and game.hands[-1].is_terminal() and len(game.board.history) < len(game.hands):
            game.score()
        return game

    @property
    def hands(self) -> list[HandState]:
        return self.game.hands

    @property
    def current(self) -> HandState | None:
        return self._game.current

    def deal(self) -> HandState:
        return self.game.deal()

    def dealer_of(self, i: int) -> int:
        return (self._game.first_dealer + i) % PLAYERS

    def sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def sheet_lines(self) -> list["SheetLine"]:
        """The start, then each hand chalked: the crosses each team holds after it, and the hand's result and what
        it did to the chalk-up."""
        from stytvolt.core.match import SheetLine

        game = self.game
        out = [SheetLine(0, (0, 0), ())]
        for i, change in enumerate(game.board.history):
            result = game.hands[i].result
            assert result is not None
            out.append(SheetLine(i + 1, (change.after.value(0), change.after.value(1)), (result.reason, *change.reasons)))
        return out

    def outcome(self) -> tuple[Reason, ...]:
        return ()


def _start(seed: int, setup: str, first: int, rules: Rules) -> ChalkedGame:
    return ChalkedGame(seed, first, rules)


# -- the old game text -------------------------------------------------------------------------------------


def _decode_hand(code: str, number: int) -> tuple[str, ...]:
    """One hand of an old game text: its actions as the engine writes them."""
    out: list[str] = []
    i = 0
    where = f"hand {number}"
    while i < len(code):
        ch = code[i]
        kind = _CODE_KIND.get(ch, ActionKind.PLAY)
        need = 1 if kind is ActionKind.PLAY else _CARDS_OF.get(kind, 0)
        start = i if kind is ActionKind.PLAY else i + 1
        letters = code[start:start + need]
        if len(letters) < need:
            raise WidgetError(f"{where} breaks off in the middle of a move")
        try:
            cards = tuple(read_deck(letters, where))
        except StytvoltError:
            raise WidgetError(f"{where} names a card that is not in the pack") from None
        out.append(str(Action(kind, cards)))
        i = start + need
    return tuple(out)


def old_game(text: str) -> OldGame | None:
    """The game a text of the table before the one table records (``1.<seed>.<first dealer>.<level>.<rules>.<hand>…``,
    each card played as its letter in a saved deck, any other action as one character and its cards' letters), or
    None when ``text`` is not one; :class:`WidgetError` saying what in it cannot be read."""
    parts = text.split(".")
    if parts[0] != OLD_TEXT_VERSION:
        return None
    if len(parts) < 5:
        raise WidgetError("it breaks off before its hands")
    _, seed, first, level, rules_text, *hands = parts
    if not (seed.isascii() and seed.isdigit()) or len(seed) > 19 or int(seed) >= 2**63:
        raise WidgetError("its seed, the number the cards were shuffled by, is not a whole number")
    if not (first.isascii() and first.isdigit()) or len(first) != 1 or int(first) >= PLAYERS:
        raise WidgetError("its first dealer is not one of the four seats")
    if level not in LEVELS:
        raise WidgetError("its computer players' level is not one this table has")
    try:
        rules = parse_switch_words(Rules, [w for w in rules_text.split("_") if w])
    except StytvoltError:
        raise WidgetError("it names a rule variation this table does not know") from None
    return OldGame(int(seed), int(first), level, SETUP, rules,
                   tuple(_decode_hand(code, i + 1) for i, code in enumerate(hands)))


# -- what happened, in words -----------------------------------------------------------------------------


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
    if kind is ActionKind.PLAY:
        return f"play {action.card.symbol}"
    if kind is ActionKind.TRADE:
        return f"trade {action.cards[0].symbol} for {action.cards[1].symbol}"
    if kind is ActionKind.EXPOSE:
        return f"expose {action.card.symbol}"
    if kind is ActionKind.WITH:
        return f"let {action.card.symbol} go with the stock"
    return {
        ActionKind.DISCARD: "discard a card", ActionKind.TAKE_STOCK: "take the stock", ActionKind.PASS: "pass",
        ActionKind.KEEP: "keep the stock's cards", ActionKind.GO_BACK: "take the old hand back", ActionKind.KEEP_BOTH: "keep both",
        ActionKind.PLAY_ON: "play on", ActionKind.STOP: "stop",
    }[kind]


def _chosen_event(hand: HandState, h: int) -> LogEntry:
    ranking = hand.ranking
    shown_cards = ", ".join(ranking.describe(c) for c in hand.choice.exposed) or "nothing"
    text = f"Chosen suits: {_suits_text(hand.chosen)}. Face up: {shown_cards}."
    if hand.rules.open_choosing:
        text += " The dealer turned " + " ".join(c.symbol for c in hand.choice.seen) + " (open choosing)."
    return LogEntry(f"{h}.chosen", text, sort="deal")


def events(game: Game, h: int) -> list[LogEntry]:
    """Everything South saw happen in hand ``h`` (from 0), in order, in words with compass names."""
    hand = game.hands[h]
    n = len(hand.history)
    befores = _befores(hand)
    # The chosen suits are no secret once the dealer has exposed the cards (or when South dealt).
    ranking: Ranking | None = hand.ranking if hand.phase is not Phase.EXPOSE or hand.dealer == SOUTH else None
    out = [LogEntry(f"{h}.deal", f"Hand {h + 1}: {_name(hand.dealer)} deals; {_name((hand.dealer + 1) % PLAYERS)} leads "
                              "to the first trick.", sort="deal")]
    first_log = befores[0][0] if n else len(hand.log)
    out += [LogEntry(f"{h}.start{i}", _say(r), sort="deal") for i, r in enumerate(hand.log[:first_log])]
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
        if kind is ActionKind.PLAY:
            t, pos = divmod(plays, PLAYERS)
            plays += 1
            if t < len(hand.tricks):
                card, promoted = hand.tricks[t].cards[pos], hand.tricks[t].promoted[pos]
                if pos == PLAYERS - 1:
                    trick_done = t
            else:
                card, promoted = hand.current[pos], hand.current_promoted[pos]
            said.append(f"{who} plays {_describe(ranking, card, promoted)}.")
        elif kind is ActionKind.KEEP:
            said.append(f"{who} keeps the stock's cards.")
        elif kind is ActionKind.PASS:
            said.append(f"{who} keeps the king." if phase is Phase.CLAIM else f"{who} does not trade.")
        elif kind is ActionKind.WITH:
            said.append(f"{who} lets {_describe(ranking, action.card)} go with the stock.")
        elif kind is ActionKind.EXPOSE:
            said.append(f"{who}, the dealer, exposes {_describe(ranking, action.card)}.")
        elif kind is ActionKind.STOP:
            said.append(f"{who} stops, and the keeping-in is scored.")
        elif kind is ActionKind.TAKE_STOCK and not reasons:
            said.append(f"{who} calls for the stock; first the exposed cards that go with it are settled.")
        out.append(LogEntry(f"{h}.{k}", " ".join(said) or f"{who}: {action}.", move=k, doing=_doing(action)))
        if phase is Phase.EXPOSE and after_phase is not Phase.EXPOSE:
            out.append(_chosen_event(hand, h))
        if trick_done is not None:
            trick = hand.tricks[trick_done]
            won[trick.winner % 2] += 1
            best = trick.players.index(trick.winner)
            out.append(LogEntry(
                f"{h}.{k}.trick",
                f"{_name(trick.winner)} wins trick {trick_done + 1} with "
                f"{_describe(ranking, trick.cards[best], trick.promoted[best])}. "
                f"Tricks: team A {won[0]}, team B {won[1]}.", sort="trick"))
        for i, r in enumerate(ending):
            out.append(LogEntry(f"{h}.{k}.end{i}", _say(r), sort="end"))
    if hand.is_terminal() and h < len(game.board.history):
        change = game.board.history[h]
        out.append(LogEntry(f"{h}.score", " ".join(_say(r) for r in change.reasons), sort="score"))
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

def _action_label(action: Action, obs: Observation, ranking: Ranking | None) -> str:
    """What a button says (and a screen reader reads) for one of South's actions."""
    kind = action.kind
    phase = Phase(obs.phase)
    if kind is ActionKind.PLAY:
        card = action.card
        promoted = ranking is not None and obs.played_as(card)[1]
        label = f"Play {card.symbol}, {card_label(card, ranking, promoted)}"
        if ranking is not None:
            fetched = trader_fetch(ranking, card, obs.exposed.get(card.suit, ()))
            if fetched is not None:
                label += f": it fetches and plays {ranking.describe(*obs.played_as(card))}"
        return label
    if kind is ActionKind.TRADE:
        give, take = action.cards
        if phase is Phase.CLAIM:
            return f"Give {give.symbol} for the cut {_describe(ranking, take)}"
        return f"Trade {give.symbol} for {_describe(ranking, take)}"
    if kind is ActionKind.TAKE_STOCK:
        text = f"Take the stock ({counted(obs.stock_size, 'card')}) for your hand"
        return text if obs.right_to_stock else text + " (you hold a stikkar: a penalty)"
    if kind is ActionKind.PASS:
        return "Keep your king" if phase is Phase.CLAIM else "Do not trade"
    if kind is ActionKind.WITH:
        return f"Let {_describe(ranking, action.card)} go with the stock"
    if kind is ActionKind.EXPOSE:
        return f"Expose {_describe(ranking, action.card)}"
    if kind is ActionKind.DISCARD:
        return f"Discard {_describe(ranking, action.card)}"
    return {
        ActionKind.KEEP: "Keep the stock's cards",
        ActionKind.GO_BACK: "Take your own hand back",
        ActionKind.KEEP_BOTH: "Keep both: your hand and the stock's cards",
        ActionKind.STOP: "Stop: score the keeping-in",
        ActionKind.PLAY_ON: "Play on for all nine tricks",
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


def _facts(state: HandState, obs: Observation, ranking: Ranking | None, number: int | None) -> str:
    """The facts over the table: the hand's number (none for a position drawn alone, a puzzle's), the chosen suits,
    the tricks, the stock and the cards face up."""
    parts = [f"<strong>Hand {number}</strong>"] if number is not None else []
    if obs.chosen:
        parts.append(f"chosen: {escape(_suits_text(obs.chosen))}")
    else:
        parts.append(f"{_name(state.dealer)} is choosing the suits")
    a, b = obs.team_tricks()
    parts.append(f"tricks: team A (you and North) {a}, team B {b}")
    if obs.phase != Phase.EXPOSE.value:
        parts.append(f"stock: {counted(obs.stock_size, 'card')} face down")
    said = " · ".join(parts)
    head = f'<p class="sv-table-facts">{said[:1].upper() + said[1:]}.</p>'
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




# -- the table's hooks --------------------------------------------------------------------------------------

#: Each hand's view from South's seat, kept with the hand while it stands still (the table asks for it card by card).
_VIEWS: "weakref.WeakKeyDictionary[HandState, tuple[int, Observation]]" = weakref.WeakKeyDictionary()


def _view(state: HandState) -> Observation:
    """South's observation of the hand as it stands."""
    kept = _VIEWS.get(state)
    if kept is None or kept[0] != len(state.history):
        kept = (len(state.history), state.observation(SOUTH))
        _VIEWS[state] = kept
    return kept[1]


def _promoted(obs: Observation, card: Card) -> bool:
    """Does ``card``, in South's hand, reach the trick as four of a kind (false before the suits are known)."""
    return obs.ranking is not None and card in obs.hand and obs.played_as(card)[1]


def _card_role(state: HandState, card: Card) -> tuple[str, str]:
    """What is said of a card after its name (``the bird``), and the word on its face (``bird``), in this deal."""
    obs = _view(state)
    ranking = obs.ranking
    promoted = _promoted(obs, card)
    word = role_word(ranking, card, promoted)
    if not word:
        return "", ""
    assert ranking is not None
    return ranking.names(card, promoted).english, word


def _button_words(state: HandState, action: Action) -> str:
    """What one of South's buttons says (a card's and any other action's), from South's view of the hand."""
    obs = _view(state)
    return _action_label(action, obs, obs.ranking)


def _draw_facts(table: Any) -> str:
    state = table.hand
    obs = _view(state)
    match = getattr(table, "match", None)  # a position drawn alone (stytvolt.web.table.Scene) has none
    return _facts(state, obs, obs.ranking, len(match.hands) if match is not None else None)


def _draw_felt(table: Any) -> str:
    state = table.hand
    obs = _view(state)
    return _felt(state, obs, obs.ranking)


def _draw_result(table: Any) -> str:
    """The end of a hand: its result and tricks, what it did to the chalk-up, then all four hands and the stock."""
    state: HandState = table.hand
    result = state.result
    assert result is not None
    change = table.match.game.board.history[-1]  # the hand is chalked up as soon as it is over (ChalkedGame)
    return (f"<p><strong>{escape(_say(result.reason))}</strong> Tricks: team A {result.tricks[0]}, "
            f"team B {result.tricks[1]}.</p><p>{escape(' '.join(_say(r) for r in change.reasons))}</p>"
            f'<h3 class="sv-table-h">All four hands</h3>{_all_hands(state, state.ranking)}')


def _draw_sheet(table: Any) -> str:
    """The chalk-up as drawn at a Faroese table, and who holds crosses, in words."""
    board = table.match.game.board
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


def _summary(table: Any, h: int) -> str:
    """An earlier hand's result, in a sentence, over its folded log."""
    result = table.match.hands[h].result
    assert result is not None  # an earlier hand is over
    return _say(result.reason)


def _prompt_of(state: HandState) -> str:
    obs = _view(state)
    return _prompt(state, obs, obs.ranking)


#: What a computer seat is doing, in the words of the phase (in the play: "is to play").
_DOING = {
    Phase.EXPOSE: "chooses, as the dealer, which card to expose",
    Phase.CLAIM: "may claim the cut stikkar with the king",
    Phase.LAST_CHANCE: "has a last chance to trade",
    Phase.WITH: "chooses which exposed card goes with the stock",
    Phase.STOCK_DECISION: "decides about the stock",
    Phase.PLAY_ON: "decides whether to stop or play on",
}


def _hand_order(state: HandState, cards: Sequence[Card]) -> list[Card]:
    obs = _view(state)
    return _order(obs.ranking, obs, cards)


def _tricks(state: HandState) -> list[Trick]:
    return [(t.leader, tuple(zip(t.players, t.cards)), t.winner) for t in state.tricks]


def _bot(level: str, seed: int) -> "ComputerPlayer":
    from stytvolt.styrivolt.players import computer

    return computer(level, seed)


KIND = Kind(
    game="styrivolt", code="t1", title="Stýrivolt",
    setups=((SETUP, "Four players in two teams: you and North against West and East"),),
    players_of=lambda setup: PLAYERS, start=_start,
    levels=tuple((name, LEVEL_SUMMARIES[name]) for name in LEVELS), default_level=DEFAULT_LEVEL,
    bot=_bot, order=_hand_order, is_trump=lambda state, card: False, card_action=Action.play,
    sheet_title="The chalk-up", sheet_unit="crosses",
    kind_of=lambda action: action.kind.value,
    card_of=lambda action: action.card if action.kind is ActionKind.PLAY else None,
    action_label=_button_words, card_label=_button_words, card_role=_card_role,
    trick_so_far=lambda state: [((state.leader + i) % PLAYERS, c) for i, c in enumerate(state.current)],
    tricks=_tricks, prompt=_prompt_of, doing=lambda state: _DOING.get(state.phase, "is to play"),
    log_entries=lambda table, h: events(table.match.game, h), draw_facts=_draw_facts, draw_felt=_draw_felt, draw_result=_draw_result,
    draw_sheet=_draw_sheet, summary=_summary, team_names=_TEAMS,
    not_now=frozenset({"refused.phase", "refused.over"}), not_held="refused.not_held", legacy=old_game,
)
join(KIND)
