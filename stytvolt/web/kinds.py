"""What differs between the games at the table against the computer (:mod:`stytvolt.web.table`).

A game joins the table with a :class:`Kind`: how to start its match, its
computer players, its words, and how its hands differ from a follow-suit
game's.  Its computer players' reasons, the hint and the review are not a
Kind's: the coach gives them for every game alike (:mod:`stytvolt.web.coaching`,
from :mod:`stytvolt.analysis.coach`), from the same players
(:func:`stytvolt.analysis.players.player`, which the Kind's ``bot`` and
``rules_bot`` must agree with).  Each game writes its Kind in its own folder, in the module its
:class:`~stytvolt.core.protocol.GameInfo` declares as ``table``
(``stytvolt.<game>.table``): that module imports from here, defines ``KIND``
and joins the table with :func:`stytvolt.web.table.join`, so it is loaded
only when its own table is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.explain import Reason
from stytvolt.core.words import seat_names
from stytvolt.web.html import CARD_WORD, hidden_words, table_request

__all__ = ["table_request", "bidding_words", "CARD_WORD", "hidden_words", "Kind", "LogEntry", "OldGame", "Trick", "Words",
           "SOUTH", "bidding_label", "follow_suit_tricks", "seat_names", "cards_text", "playable", "trump_of"]

#: The player's seat at the table.
SOUTH = 0


@dataclass(frozen=True)
class Kind:
    """A game the table plays: how to start it, its computer players, and its words.

    The fields after ``sheet_unit`` have defaults that fit the follow-suit
    games (actions with a ``kind`` and ``cards``, tricks of cards only, a hand
    recorded in ``state.current`` and ``state.tricks``); a game made otherwise
    (one of beat or pass, with cards laid out as tricks, no trumps, no bidding)
    says how it differs through them.
    """

    game: str  # the registry name (its Rules, title and parser are the registry's)
    code: str  # the game text's first field: "s1"
    title: str
    setups: tuple[tuple[str, str], ...]  # (value, label) of the ways to play it
    players_of: Callable[[str], int]
    # (seed, setup, first dealer, rules: the game's Rules as the settings chose them) -> a Match with no hand dealt yet
    start: Callable[[int, str, int, Any], Any]
    levels: tuple[tuple[str, str], ...]  # (name, what the computer players do)
    bot: Callable[[str, int], Any]  # (level, seed) -> a computer player (choose(observation) -> action)
    order: Callable[[Any, Sequence[Card]], list[Card]]  # (state, cards) -> sorted as a player holds them
    is_trump: Callable[[Any, Card], bool]  # (state, card) -> is it a trump now
    card_action: Callable[[Card], Any]  # a card -> the action that plays it
    sheet_title: str
    sheet_unit: str
    # (state at the hand's end or now, seat, action, hand over) -> words; None: ``words_at`` words every action
    describe: Callable[[Any, int, Any, bool], str] | None = None
    # (state just before the action, seat, action) -> words fixed when it is taken (for games whose every action
    # is public); None: ``describe`` words the actions each time the log is drawn
    words_at: Callable[[Any, int, Any], str] | None = None
    # (seat, action) -> its words once the hand is over, where they name what ``words_at`` kept hidden while it was
    # played (a card a computer laid away face down); None, or None for that action: ``words_at``'s words
    words_over: Callable[[int, Any], str | None] | None = None
    bidding_prompt: Callable[[Any], str] | None = None  # (state in its bidding, South to bid) -> what South is asked
    standing_trumps: Callable[[Any], str] = lambda state: ""  # (state) -> the facts' "Trumps" line while no suit is named
    kind_of: Callable[[Any], str] = lambda action: str(action.kind)  # an action -> its sort: "play", "pass", "bid"…
    card_of: Callable[[Any], Card | None] = lambda action: (  # an action -> the card it plays, or None
        action.cards[0] if action.kind in ("play", "card") else None)
    # (state, an action that plays no card) -> the words on its button; None: :func:`bidding_label`
    action_label: Callable[[Any, Any], str] | None = None
    # (state, card) -> (what is said of it after its name, the word on its face); None: "a trump" / "trump" or nothing
    card_role: Callable[[Any, Card], tuple[str, str]] | None = None
    # (state) -> the trick being played, as (seat, card or None for a pass), in order
    trick_so_far: Callable[[Any], list[tuple[int, Card | None]]] = lambda state: [
        ((state.leader + i) % state.num_players, c) for i, c in enumerate(state.current)]
    # (state) -> every finished trick as (leader, its plays as (seat, card or None), winner)
    tricks: Callable[[Any], list[Trick]] = lambda state: follow_suit_tricks(state)
    # (state) -> what happened in the hand besides the seats' actions, in order, as reasons naming seats and sides
    # (each trick won, cards the rules lay out); None: one line a trick won, from ``tricks``
    happenings: Callable[[Any], list[Reason]] | None = None
    # (state, the table's words) -> the facts' rows about the tricks; None: "Tricks won" by each seat
    tally: Callable[[Any, "Words"], list[tuple[str, str]]] | None = None
    play_prompt: Callable[[Any], str] | None = None  # (state, South to play) -> what South is asked; None: lead or follow
    # (state just dealt) -> each seat's cards as dealt (a game may lay cards out as it deals)
    as_dealt: Callable[[Any], tuple[tuple[Card, ...], ...]] = lambda state: tuple(tuple(h) for h in state.hands)
    # (state, South to act) -> what South is asked, at every step of the hand; None: the phase's usual question
    prompt: Callable[[Any], str] | None = None
    # (state, a computer seat to act) -> what that seat is doing ("is bidding"); None, or "": the phase's usual words
    doing: Callable[[Any], str] | None = None
    # (state, an action whose card_of is a card) -> the verb on that card's button ("Lay away"); None: "Play"
    card_verb: Callable[[Any, Any], str] | None = None
    # (state, an action that plays no card) -> the heading of the folded group its button is shown in ("" for none);
    # None: every button in one row
    action_group: Callable[[Any, Any], str] | None = None
    # (match) -> each sheet column's heading; None: the players of each column ("You and North")
    sheet_heads: Callable[[Any], tuple[str, ...]] | None = None
    # (state, the table's words) -> what lies on the table, for a game whose table is not a trick of seats' cards:
    # (title, rows of (label, cards), notes in words); None: the trick so far, or the last trick
    felt: Callable[[Any, "Words"], tuple[str, list[tuple[str, list[Card]]], list[str]]] | None = None
    # (state at the hand's end) -> (heading, each seat's cards) shown then; None: "Every hand as dealt", from as_dealt
    end_hands: Callable[[Any], tuple[str, tuple[tuple[Card, ...], ...]]] | None = None
    # The sorts of action (``kind_of``) that lay cards away, chosen by ticking them in a picker: "exchange"
    picked: frozenset[str] = frozenset()
    # (state, the sort, fewest cards, most cards) -> (what the picker asks, the words on its button); needed with picked
    pick: Callable[[Any, str, int, int], tuple[str, str]] | None = None
    # how long the page shows each computer move before asking for the next (a long game wants a brisker pace)
    pause_ms: int = 650
    # The rule switches (their field names) the table sets itself from the setup or the game's needs, so the
    # settings panel does not offer them (a scoring a session needs; a switch a setup stands for)
    fixed_switches: frozenset[str] = frozenset()
    # How the settings panel words a rule switch: its field name -> its title, and "<field name>=<value>" -> an enum
    # switch's choice; None for one not given: the switch's word ("late-stock" -> "Late stock")
    switch_words: dict[str, str] = field(default_factory=dict, compare=False)
    # (level, seed, rules) -> the computer player of a game dealt with those rules, where the player must know them
    # (its observation does not carry them); None: ``bot``
    rules_bot: Callable[[str, int, Any], Any] | None = None
    # The level a new game is dealt at unless the settings choose another; "": the first of ``levels``
    default_level: str = ""
    # The sides as the reasons name them ("team A", "team B"), South's first; None: their players, from the sheet's
    # columns ("you and North")
    team_names: tuple[str, ...] | None = None
    # (state, an action that plays a card) -> the words on its button; None: ``card_verb`` and the card's words
    card_label: Callable[[Any, Any], str] | None = None
    # (the Table, a hand's number from 0) -> that hand's entries of the log, in order (what South saw happen, each
    # move of a seat with its place in the hand's actions): for a game whose log is not its actions' words and what
    # followed each; None: ``describe`` or ``words_at`` words each action, ``happenings`` what followed
    log_entries: Callable[[Any, int], list["LogEntry"]] | None = None
    # Drawings of a game whose table is not laid out as the others' are, each (the Table) -> markup: the facts over
    # the table, the felt, what the end of a hand shows (what it scored and every hand), the score sheet; None: the
    # table's own
    draw_facts: Callable[[Any], str] | None = None
    draw_felt: Callable[[Any], str] | None = None
    draw_result: Callable[[Any], str] | None = None
    draw_sheet: Callable[[Any], str] | None = None
    # (the Table, an earlier hand's number from 0) -> what its folded log's summary says after the hand's name; None:
    # what the hand scored, as its line of the sheet says
    summary: Callable[[Any, int], str] | None = None
    # The codes of the engine's refusals that say only that an action is of the wrong sort for the moment (the table
    # says instead what South is asked), and of the one that says a card is not held
    not_now: frozenset[str] = frozenset({"wrong-phase", "over"})
    not_held: str = "not-held"
    # (a game text an earlier version of the table wrote, not beginning with ``code``) -> the game it records, or
    # None when it is no such text: for a game whose permalinks were written another way before
    legacy: Callable[[str], "OldGame | None"] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if sum(w is not None for w in (self.describe, self.words_at, self.log_entries)) != 1:
            raise ValueError(f"{self.game}: a Kind words its actions with describe, words_at or log_entries, "
                             "exactly one")
        if self.picked and self.pick is None:
            raise ValueError(f"{self.game}: a Kind whose actions lay cards away by ticking says how (pick)")

    @property
    def default_setup(self) -> str:
        return self.setups[0][0]


@dataclass(frozen=True)
class LogEntry:
    """One entry of a hand's log, for a Kind that writes its own (``log_entries``): its key (unique in the hand),
    its words, its sort (a CSS class ``sv-log-<sort>``: move, deal, trick, end, score) and, for a seat's move, its
    place among the hand's actions and the move in a few words as a "Why?" asks about it ("play ♠K")."""

    key: str
    text: str
    sort: str = "move"
    move: int | None = None
    doing: str = ""


@dataclass(frozen=True)
class OldGame:
    """A game an earlier version of the table recorded (``Kind.legacy``): the head of its text and each hand's
    actions as the engine writes them; the table replays them and writes the game in its own text."""

    seed: int
    first_dealer: int
    level: str
    setup: str
    rules: Any
    hands: tuple[tuple[str, ...], ...]


#: A finished trick: (leader, its plays in order as (seat, card or None for a pass), winner).
Trick = tuple[int, tuple[tuple[int, Card | None], ...], int]


@dataclass(frozen=True)
class Words:
    """How the table names the seats and the sides (South's side first), for a Kind's words."""

    seats: tuple[str, ...]
    teams: tuple[str, ...] | None

    def say(self, reason: Reason) -> str:
        return reason.render(seats=list(self.seats), teams=list(self.teams) if self.teams is not None else None)


def follow_suit_tricks(state: Any) -> list[Trick]:
    """Every finished trick of a follow-suit game, as (leader, plays, winner), whichever way the game records it."""
    out: list[Trick] = []
    n = state.num_players
    for t in state.tricks:
        leader, cards, winner = t if isinstance(t, tuple) else (t.leader, tuple(t.plays), t.winner)
        out.append((leader, tuple(((leader + i) % n, c) for i, c in enumerate(cards)), winner))
    return out


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _bidding(action: Any, words: tuple[str, str, str]) -> str | None:
    """A pass, a bid or the naming of trumps in ``words`` (the pass; the bid, then the suit, as ``{}``)."""
    if action.kind == "pass":
        return words[0]
    if action.kind == "bid":
        return words[1].format(getattr(action.bid, "title", action.bid))
    if action.kind == "trump":
        return words[2].format(f"{action.suit.symbol} {action.suit.english}")
    return None


def bidding_words(action: Any) -> str | None:
    """What the log says of a bidding game's pass, bid or naming of trumps ("bids 6 clubs"); None for any other."""
    return _bidding(action, ("passes", "bids {}", "names {} as trumps"))


def bidding_label(state: Any, action: Any) -> str:
    """The words on the button of an action that plays no card, as the bidding games write their actions: pass,
    a bid, naming trumps; any other as its text."""
    return _bidding(action, ("Pass", "Bid {}", "Trumps: {}")) or str(action)


def trump_of(state: Any) -> Any:
    """The trump suit named in the hand, or None (a game without one, or before it is named)."""
    return getattr(state, "trump", None)


def playable(state: Any, seat: int) -> list[Card]:
    """The cards a seat plays from: its hand, and the top card of each of its face-up piles (``state.piles``, where a
    game deals some cards to the table)."""
    hand = list(state.hands[seat])
    piles = getattr(state, "piles", None)
    if piles and piles[seat]:
        hand += [pile[-1] for pile in piles[seat] if pile]
    return hand
