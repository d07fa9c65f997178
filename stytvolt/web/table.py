"""The table: a whole game against the computer, played from South's seat (the widget ``table`` of every game).

Seat 0, "South", is the player; every other seat is a computer player shown
only its own observation.  This table knows no game: it reads the game's
:class:`~stytvolt.core.match.Match` (the hands, the sheet), the hand's state
(``legal_actions``, ``apply``, ``refusal``, ``observation``), the game's
rule switches (its :class:`~stytvolt.core.protocol.GameInfo`'s ``rules``) and
what the game's :class:`~stytvolt.web.kinds.Kind` says: its words, how a
player sorts a hand, which cards are trumps, the action that plays a card,
what its bidding asks.  The coach at the table (the hint, the computer's
reasons, the review after a hand) is every game's alike
(:mod:`stytvolt.web.coaching`).  A game joins the table from its own folder: its GameInfo declares the module
(``table="stytvolt.<game>.table"``), which defines ``KIND`` and calls
:func:`join`; :func:`kind_of` imports it when the game's table is first asked
for, through the registry.  Nothing here names a game or decides a rule.

Every request carries the whole game as one line of text (the form field
``game``; see :func:`game_text`), so an answer depends on the request alone:

    <code>.<seed>.<first dealer>.<level>.<setup>[_<rule>_<rule>…].<hand>.<hand>…

``code`` is the Kind's (``s1``, ``k1``, ``b1``…); ``setup`` is one of the
Kind's ways to play, followed by the rule switches that differ from the
defaults, each as the command line spells it (``clubs-61-89-five``,
``phase-one=mas``), joined by ``_`` (a text without them is a game with
the default rules, so every text written before the settings had switches
still reads); each hand is its actions in order, each written as one
character: its place in the list ``legal_actions()`` gave at that moment
(``0``–``9``, ``A``–``Z``, ``a``–``z``; past 61, ``_`` and one), with
``-`` before the code of an action of South's taken after asking for a hint
(:data:`HINT_MARK`: the hand's hints are counted from these, so the count
is kept wherever the text goes; a text without them is a game played
without hints, so every text written before hints still reads).  The page
keeps the text in its address and local storage (``interactive/table.mjs``).
A text an earlier table of the game wrote in another form (its Kind's
``legacy`` reads it: a game whose table once wrote cards by letter) is replayed here
and answered in this form, so an old link opens and is kept in the new one.

Params (strings, as a form sends them): ``do`` (``show``, ``new``, ``play``,
``computer``, ``undo``, ``next``, ``why``, ``log``, and the coach's ``hint``,
``review``, ``line``, ``best``: :mod:`stytvolt.web.coaching`), ``game``,
``action`` (South's action as the engine writes it: ``bid 6 clubs``,
``play HA``, ``exchange H7 S8``), ``hinted`` (for ``play``: ``yes`` when South
asked for a hint at this decision), ``hand`` (for ``log``: an earlier hand,
from 0, whose log fills its folded ``details.sv-log-old``), ``move`` (for
``why``: a computer move, for ``best``: any move of a finished hand,
``<hand>.<action>`` from 0), ``review`` (for ``review`` and ``show``: the
review of the finished hand as far as it is known, as the page keeps it),
``index`` (for ``line``: a decision of South's in the finished hand), and for
``new``: ``setup``, ``level``, ``seed`` and one field per rule switch the
settings offer, named by its word (``clubs-61-89-five=yes``,
``phase-one=mas``); a switch not sent keeps its default.

The answer's markup, for ``interactive/table.mjs``: ``.sv-table`` carries
``data-game``, ``data-turn`` (``south``, ``computer``, ``next``: the hand is
over, ``over``: the game is), ``data-seat`` (the seat to move),
``data-hand``, ``data-level``, ``data-seed`` and ``data-pause``; buttons that
act carry ``data-do`` (and ``data-action``); a refused card carries
``aria-disabled`` and its reason in ``data-refusal``; cards ticked to lay
away sit in ``fieldset.sv-table-pick[data-pick]`` and are sent by the button
with ``data-pick-action``; the log is ``ol.sv-log`` whose entries carry
``data-key`` (unique in the game) and, for a computer move, a "Why?" button
(``.sv-why`` with ``data-do="why"`` and ``data-move``) and a
``.sv-why-text`` the reason goes into, and once the hand is over, on every
move, a "What was best here?" button (``data-do="best"``) and its own
``.sv-why-text``; South's question carries the Hint button
(``data-do="hint"``, ``aria-keyshortcuts``) or, once asked, the hint
(``.sv-table-hint``; the root's ``data-hint`` names the action, whose
control is marked ``.sv-hinted``); a finished hand has its review,
``section.sv-review`` with ``data-settled``, ``data-total`` and
``data-complete``, whose ``.sv-review-body`` the answers to ``do=review``
replace, its mistakes' "Show me" buttons (``data-do="line"``,
``data-index``) and the ``.sv-review-line`` a better line goes into; each earlier hand is a
``details.sv-log-old`` with ``data-hand``, whose ``.sv-log-slot`` takes the
answer to ``do=log`` when it is opened (so a long game's every answer stays
small).

A refusal is a sentence of the game, worked out from the table (whose turn it
is, what is on offer, the cards ticked for laying away, the rule the engine
names), never the engine's parser talking: "Tick the two cards to lay away:
you ticked none.", "♥A is not in your hand.", "It is West's turn, not yours."
A damaged game text is refused as "This <game>'s record cannot be read: …",
which the page shows when a kept game cannot be restored.

A computer move, a hint, a "Why?", a step of the review, a better line and
"What was best here?" are long answers: they return a generator yielding
progress (:data:`stytvolt.web.Work`), so the browser's worker runs them in
slices and can cancel them.  The coach's answers are
:mod:`stytvolt.web.coaching`'s, in the engine's words
(:mod:`stytvolt.analysis.coach`); a reason is told from South's side of the
table: while its hand is played, a card South had not seen is said as "a
hidden card".
"""

from __future__ import annotations

import hashlib
import importlib
import random
import re
import string
from dataclasses import dataclass, field
from enum import Enum
from html import escape
from typing import Any, Callable, Protocol, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.rules import Switch, parse_switch_words, switch_words, switches
from stytvolt.core.words import counted, noun_for
from stytvolt.web import MAX_PARAM_CHARS, Answer, Params, WidgetError, Work, widget
from stytvolt.web.html import table_controls
from stytvolt.web.kinds import (table_request, SOUTH, Kind, LogEntry, Words, bidding_label, cards_text, playable,
                                seat_names, trump_of)

__all__ = ["Kind", "KINDS", "kind_of", "join", "Words", "Table", "game_text", "read_game_text", "new_table", "render",
           "hand_log", "undo_south", "computer_seed", "rules_of", "offered_switches", "SOUTH", "ALPHABET", "WIDE", "DOS",
           "HINT_MARK", "move_said", "fact_rows", "Felt", "felt_of", "log_of", "sheet_of", "every_hand", "hand_scored",
           "game_outcome", "waiting_said", "Seated", "Scene", "scene_of", "felt_html", "facts_html", "hands_html",
           "position_html", "seat_cards", "move_words", "action_labels", "act_button"]

#: The characters an action is written with: its place in the legal actions.
ALPHABET = string.digits + string.ascii_uppercase + string.ascii_lowercase
#: Written before a character of ALPHABET for an action at place 62 or later (an auction may offer 81 at once).
WIDE = "_"
#: Written before the code of an action of South's taken after a hint (the hand's hints are counted from them).
HINT_MARK = "-"
#: Between the setup and each rule switch in the game text's setup field.
RULES_SEP = "_"
DOS = ("show", "new", "play", "computer", "undo", "next", "why", "log", "hint", "review", "line", "best")
#: The longest game text a new hand may be dealt onto (an address must stay usable).
_ROOM = MAX_PARAM_CHARS - 100


#: Every game whose Kind is loaded: each joins (:func:`join`) when its module, the one its GameInfo declares as
#: ``table``, is imported.
KINDS: dict[str, Kind] = {}


def kind_of(game: str) -> Kind:
    """The Kind of ``game`` (a registry name), its module (the GameInfo's ``table``) imported when first asked for."""
    if game not in KINDS:
        from stytvolt.core.registry import game as registry_game

        module = registry_game(game).table
        if not module:
            raise WidgetError("This game has no table to play at yet.")
        importlib.import_module(module)
    return KINDS[game]


def rules_of(kind: Kind) -> type:
    """The game's Rules (the frozen dataclass of its switches), from the registry."""
    from stytvolt.core.registry import game as registry_game

    rules: type = registry_game(kind.game).rules
    return rules


def offered_switches(kind: Kind) -> tuple[Switch, ...]:
    """The rule switches the settings offer: every switch of the game's Rules but those the Kind sets itself."""
    return tuple(sw for sw in switches(rules_of(kind)) if sw.name not in kind.fixed_switches)


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
    rules: Any = None  # the game's Rules (None: the defaults)
    codes: list[str] = field(default_factory=list)  # each hand's actions, written as in the text
    moves: list[list[tuple[int, Any]]] = field(default_factory=list)  # each hand's (seat, action)
    dealt: list[tuple[tuple[Card, ...], ...]] = field(default_factory=list)  # each hand's cards as dealt, by seat
    # each hand's count of happenings (Kind.happenings) once dealt, then after each action
    marks: list[list[int]] = field(default_factory=list)
    said: list[list[str]] = field(default_factory=list)  # each hand's actions in words, with Kind.words_at
    choices: list[list[int]] = field(default_factory=list)  # each hand's actions: how many the seat had to choose from
    hinted: list[list[bool]] = field(default_factory=list)  # each hand's actions: taken after a hint (South's only)

    def __post_init__(self) -> None:
        if self.rules is None:
            self.rules = rules_of(self.kind)()

    @property
    def players(self) -> int:
        return self.kind.players_of(self.setup)

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.players)

    @property
    def words(self) -> Words:
        """The seats' names, and the sides' when the sheet has one column a side of partners (South's first)."""
        if self.kind.team_names is not None:
            return Words(self.names, self.kind.team_names)
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

    def computer(self, seed: int) -> Any:
        """The computer player of the table's level (told the rules, where the Kind's player must know them)."""
        if self.kind.rules_bot is not None:
            return self.kind.rules_bot(self.level, seed, self.rules)
        return self.kind.bot(self.level, seed)

    def deal(self) -> None:
        state = self.match.deal()
        self.codes.append("")
        self.moves.append([])
        self.dealt.append(self.kind.as_dealt(state))
        self.marks.append([self._happened(state)])
        self.said.append([])
        self.choices.append([])
        self.hinted.append([])

    def apply(self, action: Any, hinted: bool = False) -> None:
        """Apply an action of the seat to move in the current hand, and write it down (``hinted``: South took it
        after asking for a hint, which the text marks)."""
        state = self.hand
        legal = list(state.legal_actions())
        seat = state.current_player()
        index = legal.index(action)  # the caller checked that it is legal
        if index >= 2 * len(ALPHABET):  # pragma: no cover (no game here offers more than 124 actions at once)
            raise WidgetError("This position has more choices than the game's record can write.")
        if hinted and seat != SOUTH:  # pragma: no cover (the callers mark South's actions only)
            raise WidgetError("Only your own moves are taken after a hint.")
        if self.kind.words_at is not None:
            self.said[-1].append(self.kind.words_at(state, seat, action))
        state.apply(action)
        self.codes[-1] += (HINT_MARK if hinted else "") + _action_code(index)
        self.moves[-1].append((seat, action))
        self.choices[-1].append(len(legal))
        self.hinted[-1].append(hinted)
        self.marks[-1].append(self._happened(state))

    def hints(self, hand: int) -> int:
        """How many of South's actions in hand ``hand`` (from 0) were taken after a hint."""
        return sum(self.hinted[hand])

    def _happened(self, state: Any) -> int:
        """How many happenings the hand has had so far, where the log is written from them (a Kind that writes its
        own log, ``log_entries``, needs no count: 0)."""
        return 0 if self.kind.log_entries is not None else len(_happenings(self.kind, state))


class Seated(Protocol):
    """What the table's drawings of a position read: the game's Kind, the position (``hand``), the seats' names and
    how the reasons name the seats and sides.  A :class:`Table` is one (its last hand); a :class:`Scene` is a
    position alone, with no match (a puzzle's)."""

    @property
    def kind(self) -> Kind: ...

    @property
    def hand(self) -> Any: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def words(self) -> Words: ...

    @property
    def players(self) -> int: ...


@dataclass(frozen=True)
class Scene:
    """A position drawn as the table draws it, without a match: its Kind, the state and the table's words (the seats
    named as at the table, South seat 0; the sides by their seats).  A Kind's drawings (``draw_felt``,
    ``draw_facts``) are given a Scene as they are given a Table, and find no ``match`` on it."""

    kind: Kind
    hand: Any
    words: Words

    @property
    def names(self) -> tuple[str, ...]:
        return self.words.seats

    @property
    def players(self) -> int:
        return len(self.words.seats)


def scene_of(game: str, state: Any, sides: Sequence[Sequence[int]] | None = None) -> Scene:
    """``state`` of ``game`` as a :class:`Scene`: the seats named as at the table, and, where the hand is played in
    two sides of partners, each side named by its seats (seat 0's first), as the Kind's words do not name them
    otherwise.  ``sides``: the hand's sides, where ``state`` can no longer say them (a hand over); by default the
    game's (``GameInfo.sides``)."""
    from stytvolt.core.registry import game as registry_game

    kind = kind_of(game)
    names = seat_names(int(state.num_players))
    teams = kind.team_names
    if teams is None:
        sides = sorted(registry_game(game).sides(state) if sides is None else sides, key=lambda side: min(side))
        if len(sides) == 2 and all(len(side) > 1 for side in sides):
            teams = tuple(" and ".join(names[s] for s in sorted(side)) for side in sides)
    return Scene(kind, state, Words(names, teams))


def game_text(table: Table) -> str:
    """The whole game in one line (see the module docstring)."""
    setup = RULES_SEP.join([table.setup, *_rules_words(table.kind, table.rules)])
    head = [table.kind.code, str(table.seed), str(table.first_dealer), table.level, setup]
    return ".".join(head + table.codes)


def _rules_words(kind: Kind, rules: Any) -> list[str]:
    """The offered switches that differ from the defaults, as the command line spells them (``phase-one=mas``,
    ``clubs-61-89-five``, ``no-…`` for a switch on by default turned off)."""
    return switch_words(rules, offered_switches(kind))


def _start(kind: Kind, seed: int, setup: str, first: int, rules: Any) -> Any:
    """The Kind's match, dealt nothing yet; rules that cannot be played in this setup refused in the table's words."""
    try:
        return kind.start(seed, setup, first, rules)
    except StytvoltError:
        raise WidgetError(f"These rule variations cannot be played in the way of playing {kind.title} chosen: "
                          "choose other settings.") from None


def new_table(game: str, setup: str = "", level: str = "", seed: int | None = None, rules: Any = None) -> Table:
    """A new game of ``game`` with its first hand dealt; South is on the dealer's left, so South bids first.
    ``rules``: the game's Rules (None: the defaults)."""
    kind = kind_of(game)
    if rules is None:
        rules = rules_of(kind)()
    setup = setup or kind.default_setup
    if setup not in dict(kind.setups):
        raise WidgetError(f"The table deals {kind.title} only in the ways its Game list offers: choose one there.")
    level = _level(kind, level or kind.default_level or kind.levels[0][0])
    if level not in dict(kind.levels):
        raise WidgetError(_levels_said(kind))
    if seed is None:
        seed = random.randrange(10**9)
    first = kind.players_of(setup) - 1
    table = Table(kind, _start(kind, seed, setup, first, rules), seed, first, level, setup, rules)
    table.deal()
    return table


def read_game_text(game: str, text: str) -> Table:
    """The game a :func:`game_text` line describes, every field checked; :class:`WidgetError` saying, in the table's
    words, what in the record cannot be read if not (the page shows it when a kept game cannot be restored)."""
    kind = kind_of(game)
    parts = text.strip().split(".")
    if parts[0] != kind.code and kind.legacy is not None:
        try:
            old = kind.legacy(text.strip())
        except WidgetError as err:
            raise WidgetError(_unreadable(kind, str(err))) from None
        if old is not None:  # the Kind read its head (its seed, level, setup and rules) itself
            if old.setup not in dict(kind.setups) or old.level not in dict(kind.levels):  # pragma: no cover
                raise WidgetError(_unreadable(kind, "it is for a way of playing this table does not deal"))
            return _replayed(kind, old.seed, old.first_dealer, old.level, old.setup, old.rules, old.hands,
                             lambda legal, text: next((a for a in legal if str(a) == text), None))
    if len(parts) < 5 or parts[0] != kind.code:
        raise WidgetError(_unreadable(kind, f"it is not the record of a {kind.title} game at this table"))
    _, seed, first, level, setup_field, *hands = parts
    setup, *rule_words = setup_field.split(RULES_SEP)
    if not (seed.isascii() and seed.isdigit()) or len(seed) > 15:
        raise WidgetError(_unreadable(kind, "its seed, the number the cards were shuffled by, is not a whole number"))
    if setup not in dict(kind.setups):
        raise WidgetError(_unreadable(kind, f"it is for a way of playing {kind.title} this table does not deal"))
    players = kind.players_of(setup)
    if not (first.isascii() and first.isdigit()) or not 0 <= int(first) < players:
        raise WidgetError(_unreadable(kind, f"its first dealer is not one of the {_number(players)} seats"))
    level = _level(kind, level)
    if level not in dict(kind.levels):
        raise WidgetError(_unreadable(kind, "its computer players' level is not one this table has"))
    offered = {sw.word for sw in offered_switches(kind)}
    try:
        if any(w.removeprefix("no-").partition("=")[0] not in offered for w in rule_words):
            raise StytvoltError("not offered")
        rules: Any = parse_switch_words(rules_of(kind), rule_words)
    except StytvoltError:
        raise WidgetError(_unreadable(kind, "it names a rule variation this table does not know")) from None
    return _replayed(kind, int(seed), int(first), level, setup, rules, [_action_codes(code) for code in hands],
                     _coded)


def _coded(legal: Sequence[Any], code: str) -> Any:
    """The legal action an action's code in this table's text names (its place among them), or None."""
    index = _action_index(code)
    return legal[index] if 0 <= index < len(legal) else None


def _replayed(kind: Kind, seed: int, first: int, level: str, setup: str, rules: Any, hands: Sequence[Sequence[str]],
              pick: Callable[[Sequence[Any], str], Any]) -> Table:
    """The game a record describes, dealt and replayed action by action: each hand's moves as the record writes
    them, ``pick(legal actions, move)`` the action a move names (None: none of them).  What cannot be replayed is
    refused in the table's words.  This table's own text and an older one (``Kind.legacy``) are replayed alike, so
    either is written in this table's text from then on."""
    try:
        table = Table(kind, kind.start(seed, setup, first, rules), seed, first, level, setup, rules)
    except StytvoltError:
        raise WidgetError(_unreadable(kind, "its game cannot be dealt")) from None
    word = _hand_word(table)
    for number, moves in enumerate(hands, 1):
        if table.match.over:
            raise WidgetError(_unreadable(kind, f"{word} {number} comes after the end of the game"))
        if number > 1 and not table.hand.is_terminal():
            raise WidgetError(_unreadable(kind, f"{word} {number - 1} is not over, so {word} {number} cannot have been "
                                                "dealt"))
        table.deal()
        for at, move in enumerate(moves, 1):
            hinted = move.startswith(HINT_MARK)
            action = pick(list(table.hand.legal_actions()), move.removeprefix(HINT_MARK))
            if action is None:
                raise WidgetError(_unreadable(kind, f"move {at} of {word} {number} is not one the rules allowed there"))
            if hinted and table.hand.current_player() != SOUTH:
                raise WidgetError(_unreadable(kind, f"move {at} of {word} {number} is marked as taken after a hint, "
                                                    "but it was not yours"))
            table.apply(action, hinted)
    if not hands:
        table.deal()
    return table


def _unreadable(kind: Kind, why: str) -> str:
    """A game record that cannot be read, and why, in the table's words."""
    return f"This {kind.title} game's record cannot be read: {why}."


#: Levels renamed since games were kept under their old names: the old name, and the level it is now.
RENAMED_LEVELS = {"simple": "beginner"}


def _level(kind: Kind, level: str) -> str:
    """The table's level of that name, or of the name it had (a game kept before it was renamed)."""
    if level not in dict(kind.levels) and RENAMED_LEVELS.get(level) in dict(kind.levels):
        return RENAMED_LEVELS[level]
    return level


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
    """A hand's record cut into its actions' codes (WIDE joins the character after it, HINT_MARK the code after it)."""
    out, i = [], 0
    while i < len(code):
        start = i
        if code[i] == HINT_MARK:
            i += 1
        i += 2 if code[i:i + 1] == WIDE else 1
        out.append(code[start:i])
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


def _say(reason: Reason, table: Seated) -> str:
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


def action_labels(kind: Kind, state: Any, legal: Sequence[Any]) -> dict[str, str]:
    """What each of the seat to act's actions says on its button (South's, at the table), by the action's text."""
    return _legal_labels(kind, state, legal)


def _legal_labels(kind: Kind, state: Any, legal: Sequence[Any]) -> dict[str, str]:
    """What each of South's actions says on its button."""
    out: dict[str, str] = {}
    for action in legal:
        text = str(action)
        card = kind.card_of(action)
        if card is not None and kind.card_label is not None:
            out[text] = kind.card_label(state, action)
        elif card is not None:
            verb = kind.card_verb(state, action) if kind.card_verb is not None else "Play"
            out[text] = f"{verb} {_card_words(kind, state, card)}"
        elif kind.action_label is not None:
            out[text] = kind.action_label(state, action)
        else:
            out[text] = bidding_label(state, action)
    return out


def _chip(kind: Kind, state: Any, card: Card) -> str:
    colour = " sv-red" if card.suit.is_red else ""
    return (f'<span class="sv-chip{colour}" role="img" aria-label="{escape(_card_words(kind, state, card))}">'
            f"{escape(card.symbol)}</span>")


def _chips(kind: Kind, state: Any, cards: Sequence[Card]) -> str:
    return " ".join(_chip(kind, state, c) for c in cards) if cards else '<span class="sv-none">none</span>'


#: The word a hint's control carries, beside its colour (a hint is never said by colour alone).
HINTED = "Hinted"


def _hinted_sign() -> str:
    """The sign on the control a hint points to: the word, and a pause before it for a screen reader."""
    return f'<span class="sv-hinted-sign"><span class="sv-visually-hidden">, </span>{HINTED}</span>'


def act_button(action: str, label: str, hinted: str = "") -> str:
    """A button taking an action that plays no card (marked when it is the one a hint points to)."""
    return _act_button(action, label, hinted)


def _act_button(action: str, label: str, hinted: str) -> str:
    """A button taking one of South's actions that plays no card (marked when it is the one a hint points to)."""
    mark = action == hinted
    return (f'<button type="button" class="md-button sv-table-act{" sv-hinted" if mark else ""}" data-do="play" '
            f'data-action="{escape(action)}">{escape(label)}{_hinted_sign() if mark else ""}</button>')


def _card_button(kind: Kind, state: Any, card: Card, action: str | None, label: str, refusal: str | None,
                 hinted: bool = False) -> str:
    colour = " sv-red" if card.suit.is_red else ""
    role = _role(kind, state, card)[1]
    face = (f'<span class="sv-tc-face" aria-hidden="true">{card.symbol}</span>'
            f'<span class="sv-tc-role" aria-hidden="true">{role}</span>')
    if action is not None:
        if hinted:
            face += f'<span class="sv-hinted-sign" aria-hidden="true">{HINTED}</span>'
            label = f"{label}, {HINTED.lower()}"
        return (f'<button type="button" class="sv-table-card{colour}{" sv-hinted" if hinted else ""}" data-do="play" '
                f'data-action="{escape(action)}" data-card="{card}" aria-label="{escape(label)}">{face}</button>')
    if refusal:
        return (f'<button type="button" class="sv-table-card{colour}" data-card="{card}" aria-disabled="true" '
                f'data-refusal="{escape(refusal)}" aria-label="{escape(_card_words(kind, state, card))}: cannot be played now">'
                f"{face}</button>")
    return (f'<span class="sv-table-card sv-table-card--still{colour}" data-card="{card}" role="img" '
            f'aria-label="{escape(_card_words(kind, state, card))}">{face}</span>')


def seat_cards(table: Seated, state: Any, seat: int, legal: dict[str, str], active: bool, hinted: str = "") -> str:
    """A seat's cards as the table lays them out, sorted as a player holds them: with ``active`` (the seat to act,
    its actions' words in ``legal``), a button for each card it may play and, in the card play, a button saying why
    for each it may not; otherwise each card's face, read out by its name."""
    kind = table.kind
    cards_by_action = {str(a): a for a in state.legal_actions()} if active else {}
    playing = {card: text for text, a in cards_by_action.items() if (card := kind.card_of(a)) is not None}
    in_play = _phase(state) == "play"
    rows = []
    for card in _ordered(kind, state, playable(state, seat)):
        action = playing.get(card)
        refusal = None
        if active and in_play and action is None:
            probe = _play_action(kind, card)
            reason = state.refusal(probe)
            refusal = _say(reason, table) if reason is not None else None
        label = legal.get(action, "") if action else ""
        rows.append(f"<li>{_card_button(kind, state, card, action, label, refusal, action is not None and action == hinted)}</li>")
    return f'<ul class="sv-table-cards">{"".join(rows)}</ul>'


def _your_cards(table: Table, state: Any, legal: dict[str, str], active: bool, hinted: str = "") -> str:
    n = len(playable(state, SOUTH))
    table_cards = ""
    piles = getattr(state, "piles", None)
    if piles and piles[SOUTH]:
        table_cards = (' <span class="sv-hint">(with your face-up table cards; a face-down card turns up when the '
                       "card on it is played)</span>")
    return (f'<section class="sv-your-hand" aria-label="Your cards">'
            f'<h3 class="sv-table-h">Your cards ({n}){table_cards}</h3>'
            f"{seat_cards(table, state, SOUTH, legal, active, hinted)}</section>")


def _phase(state: Any) -> str:
    """The hand's phase as a word ("play", "bidding"; a phase the engine keeps as an Enum, by its value)."""
    phase = getattr(state, "phase", "play")
    return str(getattr(phase, "value", phase))


def _play_action(kind: Kind, card: Card) -> Any:
    return kind.card_action(card)


def _exchange_picker(table: Table, state: Any, legal: dict[str, str], hinted: str = "") -> str:
    """An action that lays cards away (one of the Kind's ``picked`` sorts): tick the cards, then one button.  A hint
    to lay cards away marks each of its cards (or, laying none away, the button)."""
    kind = table.kind
    assert kind.pick is not None
    actions = [a for a in state.legal_actions() if kind.kind_of(a) in kind.picked]
    word = kind.kind_of(actions[0])
    most = max(len(a.cards) for a in actions)
    least = min(len(a.cards) for a in actions)
    hint = next((a for a in actions if str(a) == hinted), None)
    marked = set(hint.cards) if hint is not None else set()
    boxes = "".join(
        f'<label class="sv-check sv-pick{" sv-hinted" if card in marked else ""}"><input type="checkbox" name="pick" '
        f'value="{card}"> {_chip(kind, state, card)}{_hinted_sign() if card in marked else ""}</label>'
        for card in _ordered(kind, state, state.hands[SOUTH])
    )
    what, button = kind.pick(state, word, least, most)
    others = "".join(_act_button(str(a), legal[str(a)], hinted)
                     for a in state.legal_actions() if kind.kind_of(a) not in kind.picked)
    bare = hint is not None and not marked
    return (f'<fieldset class="sv-table-pick" data-pick="{word}"><legend>{escape(what)}</legend>{boxes}</fieldset>'
            f'<div class="sv-table-acts"><button type="button" class="md-button md-button--primary sv-table-act'
            f'{" sv-hinted" if bare else ""}" data-do="play" data-pick-action="{word}">{escape(button)}'
            f'{_hinted_sign() if bare else ""}</button>{others}</div>')


def _prompt(table: Table, state: Any) -> str:
    phase = getattr(state, "phase", "play")
    if table.kind.prompt is not None:
        return table.kind.prompt(state)
    if phase == "bidding" and table.kind.bidding_prompt is not None:
        return table.kind.bidding_prompt(state)
    if phase == "trump":
        return "You won the bidding: name the trump suit."
    if {table.kind.kind_of(a) for a in state.legal_actions()} & table.kind.picked:
        return "Your choice before the play."
    if table.kind.play_prompt is not None:
        return table.kind.play_prompt(state)
    if table.kind.trick_so_far(state):
        return "Your turn to play to the trick."
    return "Your lead."


#: The key that asks for a hint (``aria-keyshortcuts``; interactive/table.mjs listens for it).
HINT_KEY = "h"


def _moves(table: Table, state: Any, legal: dict[str, str], hint: Any = None) -> str:
    """What South is asked, the Hint button (or the hint given, ``hint``: a :class:`~stytvolt.analysis.coach.Hint`)
    and the buttons of the actions that play no card."""
    kind = table.kind
    kinds = {kind.kind_of(a) for a in state.legal_actions()}
    hinted = hint.action if hint is not None else ""
    if kinds & kind.picked:
        body = _exchange_picker(table, state, legal, hinted)
    elif kind.action_group is not None:
        body = _grouped_buttons(kind, state, legal, hinted)
    else:
        buttons = "".join(_act_button(str(a), legal[str(a)], hinted)
                          for a in state.legal_actions() if kind.card_of(a) is None)
        body = f'<div class="sv-table-acts">{buttons}</div>' if buttons else ""
    if hint is None:
        said = (f'<p class="sv-table-hint-line"><button type="button" class="md-button sv-table-hint-ask" data-do="hint" '
                f'aria-keyshortcuts="{HINT_KEY}">Hint <span class="sv-key" aria-hidden="true">{HINT_KEY}</span></button></p>')
    else:
        from stytvolt.web.coaching import hint_html

        said = hint_html(table, hint, _hint_words(table, state, legal, hint.action))
    return (f'<div class="sv-table-turn"><p class="sv-table-prompt"><strong>{escape(_prompt(table, state))}</strong></p>'
            f"{said}{body}</div>")


def _hint_words(table: Table, state: Any, legal: dict[str, str], text: str) -> str:
    """The action a hint points to, in the words of the control that takes it: its button's words, or for cards
    to lay away by ticking, which to tick and the button to press."""
    kind = table.kind
    action = next((a for a in state.legal_actions() if str(a) == text), None)
    if action is not None and kind.kind_of(action) in kind.picked and kind.pick is not None:
        offered = [a for a in state.legal_actions() if kind.kind_of(a) == kind.kind_of(action)]
        button = kind.pick(state, kind.kind_of(action), min(len(a.cards) for a in offered),
                           max(len(a.cards) for a in offered))[1]
        return f"tick {cards_text(action.cards) or 'none'}, then press “{button}”"
    return legal.get(text, text)


def _grouped_buttons(kind: Kind, state: Any, legal: dict[str, str], hinted: str = "") -> str:
    """The buttons of the actions that play no card: those the Kind groups under headings, each group folded but
    the first (groups in the order of their first action) and the one holding the action a hint points to, after
    the others in one row."""
    assert kind.action_group is not None
    groups: dict[str, list[str]] = {}
    marked = ""
    for a in state.legal_actions():
        if kind.card_of(a) is None:
            head = kind.action_group(state, a)
            groups.setdefault(head, []).append(_act_button(str(a), legal[str(a)], hinted))
            if str(a) == hinted:
                marked = head
    row = "".join(groups.pop("", []))
    folded = "".join(f'<details class="sv-table-group"{" open" if k == 0 or head == marked else ""}>'
                     f'<summary>{escape(head)}</summary><div class="sv-table-acts">{"".join(buttons)}</div></details>'
                     for k, (head, buttons) in enumerate(groups.items()))
    return (f'<div class="sv-table-acts">{row}</div>' if row else "") + folded


def waiting_said(table: Table, state: Any) -> str:
    """What a computer seat to act is doing, in words ("West is bidding.")."""
    p = state.current_player()
    doing = {"bidding": "is bidding", "trump": "is naming trumps", "exchange": "is laying cards away"}.get(
        getattr(state, "phase", "play"), "is to play")
    if table.kind.doing is not None:
        doing = table.kind.doing(state) or doing
    return f"{table.names[p]} {doing}."


def _waiting(table: Table, state: Any) -> str:
    return f'<div class="sv-table-turn"><p class="sv-table-prompt">{escape(waiting_said(table, state))}</p></div>'


def _hand_word(table: Table) -> str:
    """What the game calls a hand (the match's ``HAND``: "hand", or "deal")."""
    return str(getattr(table.match, "HAND", "hand"))


def fact_rows(table: Seated, state: Any) -> list[tuple[str, str]]:
    """The facts over the table as (term, what is said), in words: the hand and its dealer (at a table), the
    declarer, the trumps, the tricks (or the Kind's own tally).  The page draws them as a list of terms; the
    terminal prints them."""
    names = table.names
    rows = []
    if isinstance(table, Table):
        rows.append((_hand_word(table).capitalize(), f"{len(table.match.hands)}; {names[state.dealer]} deals"))
    declarer = getattr(state, "declarer", None)
    if declarer is not None:
        bid = getattr(state, "bid", None)
        said = f" ({getattr(bid, 'title', bid)})" if bid is not None else ""
        rows.append(("Declarer", f"{names[declarer]}{said}"))
    trump = trump_of(state)
    if trump is not None:
        rows.append(("Trumps", f"{trump.symbol} {trump.english}"))
    elif table.kind.standing_trumps(state):
        rows.append(("Trumps", table.kind.standing_trumps(state)))
    if table.kind.tally is not None:
        rows += list(table.kind.tally(state, table.words))
    else:
        won = [0] * table.players
        for trick in table.kind.tricks(state):
            won[trick[2]] += 1
        rows.append(("Tricks won", ", ".join(f"{names[p]} {won[p]}" for p in range(table.players))))
    return rows


def facts_html(table: Seated, state: Any) -> str:
    """The facts over the table, drawn (the Kind's own drawing, where it has one)."""
    if table.kind.draw_facts is not None:
        return table.kind.draw_facts(table)
    rows = "".join(f"<dt>{escape(term)}</dt><dd>{escape(said)}</dd>" for term, said in fact_rows(table, state))
    return f'<dl class="sv-table-facts">{rows}</dl>'


def _play_chip(kind: Kind, state: Any, card: Card | None) -> str:
    """A play on the felt: the card, or the word "pass"."""
    return _chip(kind, state, card) if card is not None else '<span class="sv-pass-said">passes</span>'


@dataclass(frozen=True)
class Felt:
    """What lies on the table, in words and cards: a ``title``; ``rows``, each a label and its cards (a seat's play
    to the trick, where a card None is a pass; or a row the Kind lays out); ``notes`` in words; ``trick``: whether
    the rows are the plays of a trick (else rows the Kind names, :attr:`Kind.felt`)."""

    title: str
    rows: tuple[tuple[str, tuple[Card | None, ...]], ...]
    notes: tuple[str, ...] = ()
    trick: bool = True


def felt_of(table: Seated, state: Any) -> Felt:
    """What lies on the table now (:class:`Felt`): the Kind's own rows, else the trick so far, else the last trick."""
    if table.kind.felt is not None:
        title, laid, notes = table.kind.felt(state, table.words)
        return Felt(title, tuple((label, tuple(cards)) for label, cards in laid), tuple(notes), trick=False)
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
        return Felt("No card played yet.", ())
    return Felt(title, tuple((names[seat], (card,)) for seat, card in plays))


def felt_html(table: Seated, state: Any) -> str:
    """What lies on the table, drawn (:func:`felt_of`; the Kind's own drawing, where it has one)."""
    if table.kind.draw_felt is not None:
        return table.kind.draw_felt(table)
    felt = felt_of(table, state)
    if not felt.trick:
        items = "".join(f"<li><strong>{escape(label)}</strong>: "
                        f"{_chips(table.kind, state, [c for c in cards if c is not None])}</li>" for label, cards in felt.rows)
        listed = f'<ul class="sv-felt-plays">{items}</ul>' if items else ""
        said = "".join(f'<p class="sv-felt-note">{escape(note)}</p>' for note in felt.notes)
        return (f'<section class="sv-felt sv-felt--list" aria-label="{escape(felt.title)}">'
                f'<h3 class="sv-table-h">{escape(felt.title)}</h3>{listed}{said}</section>')
    if not felt.rows:
        return (f'<section class="sv-felt sv-felt--list" aria-label="The trick"><p class="sv-table-h">{felt.title}</p>'
                "</section>")
    items = "".join(f"<li><strong>{name}</strong>: {_play_chip(table.kind, state, cards[0])}</li>"
                    for name, cards in felt.rows)
    return (f'<section class="sv-felt sv-felt--list" aria-label="{escape(felt.title)}"><h3 class="sv-table-h">{escape(felt.title)}</h3>'
            f'<ol class="sv-felt-plays">{items}</ol></section>')


def hands_html(table: Seated) -> str:
    """Every seat's cards as they stand, face up (a finished hand's, shown to South; a puzzle's)."""
    kind, state = table.kind, table.hand
    rows = "".join(f"<li><strong>{table.names[p]}</strong>: {_chips(kind, state, _ordered(kind, state, playable(state, p)))}</li>"
                   for p in range(table.players))
    return f'<ul class="sv-all-hands" aria-label="Every hand">{rows}</ul>'


def position_html(table: Seated) -> str:
    """A position with every card shown: the felt and every hand (a step of a line played out)."""
    return f'<div class="sv-line-step">{felt_html(table, table.hand)}{hands_html(table)}</div>'


def move_words(table: Seated, state: Any, seat: int, action: Any) -> str:
    """An action of ``seat`` in ``state`` (just before it is taken) as the log says it once every card may be named
    ("West plays ♠K."), without a match: the Kind's ``words_at`` or ``describe``; for a Kind that writes its own log,
    the card played, or the words on the action's button."""
    kind = table.kind
    name = table.names[seat]
    if kind.words_at is not None:
        revealed = kind.words_over(seat, action) if kind.words_over is not None else None
        return f"{name} {revealed or kind.words_at(state, seat, action)}."
    if kind.describe is not None:
        return f"{name} {kind.describe(state, seat, action, True)}."
    card = kind.card_of(action)
    if card is not None:
        return f"{name} plays {card.symbol}."
    return f"{name}: {_legal_labels(kind, state, [action])[str(action)]}."


def log_of(table: Table, h: int) -> list[LogEntry]:
    """The log of hand ``h`` (from 0) as entries: every action in the words South may read, and what else happened
    after each (the tricks won, and whatever the rules did by themselves), in order (the Kind's own log, where it
    writes one).  The page draws them (:func:`hand_log`); the terminal prints their words."""
    kind = table.kind
    if kind.log_entries is not None:
        return kind.log_entries(table, h)
    state = table.match.hands[h]
    over = state.is_terminal()
    happened = _happenings(kind, state)
    marks = table.marks[h]
    words = table.words

    def after(key: str, start: int, end: int) -> list[LogEntry]:
        return [LogEntry(f"{key}{'' if i == 0 else i + 1}", words.say(r), sort="trick")
                for i, r in enumerate(happened[start:end])]

    items = after(f"{h}.dealt", 0, marks[0])
    for k in range(len(table.moves[h])):
        items.append(LogEntry(f"{h}.{k}", move_said(table, h, k, over), move=k))
        items += after(f"{h}.{k}.t", marks[k], marks[k + 1])
    if not table.moves[h] and marks[0] == 0:
        items.append(LogEntry(f"{h}.deal", f"{table.names[state.dealer]} deals.", sort="deal"))
    return items


def hand_log(table: Table, h: int) -> str:
    """The log of hand ``h`` (from 0), drawn (:func:`log_of`), each computer move with its "Why?"."""
    return _log_list(table, h, [_entry(table, h, e) for e in log_of(table, h)])


def move_said(table: Table, h: int, k: int, over: bool | None = None) -> str:
    """Action ``k`` of hand ``h`` as the log says it ("West plays ♠K."): with ``over`` (by default, whether the hand
    is over), in the words that may name every card."""
    kind = table.kind
    seat, action = table.moves[h][k]
    name = table.names[seat]
    state = table.match.hands[h]
    over = state.is_terminal() if over is None else over
    if kind.log_entries is not None:
        entry = next((e for e in kind.log_entries(table, h) if e.move == k), None)
        return entry.text if entry is not None else f"{name}: {action}."
    if kind.describe is not None:
        return f"{name} {kind.describe(state, seat, action, over)}."
    revealed = kind.words_over(seat, action) if over and kind.words_over is not None else None
    return f"{name} {revealed or table.said[h][k]}."


def _entry(table: Table, h: int, entry: LogEntry) -> str:
    """One entry of hand ``h``'s log: a computer move has its "Why?" button, and once the hand is over every move
    has its "What was best here?" (each with the place its answer goes into)."""
    asks = ""
    k = entry.move
    if k is not None:
        name = table.names[table.moves[h][k][0]]
        label = f"Why did {name} {entry.doing}?" if entry.doing else _why_label(name, entry.text)
        if table.moves[h][k][0] != SOUTH:
            asks += (f' <button type="button" class="sv-why" data-do="why" data-move="{h}.{k}" '
                     f'aria-label="{escape(label)}">Why?</button><span class="sv-why-text"></span>')
        if table.match.hands[h].is_terminal():
            asks += (f' <button type="button" class="sv-why sv-best" data-do="best" data-move="{h}.{k}" '
                     f'aria-label="{escape(_best_label(name, entry))}">What was best here?</button>'
                     '<span class="sv-why-text sv-best-text"></span>')
    return f'<li class="sv-log-{entry.sort}" data-key="{entry.key}">{escape(entry.text)}{asks}</li>'


def _log_list(table: Table, h: int, items: list[str]) -> str:
    # A long log scrolls (table.css), so it takes the focus, for the keyboard to scroll it.
    label = f"What happened in {_hand_word(table)} {h + 1}"
    return f'<ol class="sv-log" tabindex="0" aria-label="{label}">{"".join(items)}</ol>'


def _best_label(name: str, entry: LogEntry) -> str:
    """A "What was best here?" button's name: the question and the move it asks about ("… West plays ♠K")."""
    said = f"{name} {entry.doing}" if entry.doing else entry.text.rstrip(".")
    return f"What was best here? {said}"


def _why_label(name: str, said: str) -> str:
    """A "Why?" button's name, from the move's words: "West plays ♥A." -> "Why did West play ♥A?"."""
    def bare(verb: str) -> str:
        return verb[:-2] if verb.endswith(("sses", "shes", "ches", "xes")) else verb.removesuffix("s")

    rest = said.removeprefix(f"{name} ").rstrip(".")
    verb, _, tail = rest.partition(" ")
    tail = re.sub(r"\b(and|then) ([a-z]+s)\b", lambda m: f"{m.group(1)} {bare(m.group(2))}", tail)
    return f"Why did {name} {bare(verb)}{' ' + tail if tail else ''}?"


def _log(table: Table) -> str:
    last = len(table.match.hands) - 1
    word = _hand_word(table)
    blocks = [f'<h3 class="sv-table-h">What happened in {word} {last + 1}</h3>{hand_log(table, last)}']
    summary = table.kind.summary
    results = {line.hand: line.note for line in table.match.sheet_lines()} if last and summary is None else {}
    for h in reversed(range(last)):
        if summary is not None:
            said = f": {summary(table, h)}"
        else:  # what the hand scored, as its line of the sheet says (nothing for a passed hand)
            note = results.get(h + 1)
            said = ": " + " ".join(_say(r, table) for r in note) if note else ""
        blocks.append(f'<details class="sv-log-old" data-hand="{h}"><summary>{word.capitalize()} {h + 1}{escape(said)}'
                      '</summary><div class="sv-log-slot"></div></details>')
    return f'<section class="sv-table-log" aria-label="What happened">{"".join(blocks)}</section>'


def _team_name(table: Table, seats: Sequence[int]) -> str:
    """A sheet column's players, South as "You": "You and North", "You, North-west and North-east"."""
    names = ["You" if s == SOUTH else table.names[s] for s in sorted(seats, key=lambda s: s != SOUTH)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def sheet_of(table: Table) -> tuple[list[str], list[tuple[str, tuple[Any, ...], str]]]:
    """The score sheet in words: each column's heading, and each line as (what it comes after, "Start" or
    "Hand 2"; the totals; what was scored, in words).  Its title and unit are the Kind's."""
    match = table.match
    heads = list(table.kind.sheet_heads(match)) if table.kind.sheet_heads is not None else [
        _team_name(table, seats) for seats in match.sheet_columns()]
    word = _hand_word(table).capitalize()
    rows = []
    for line in match.sheet_lines():
        label = "Start" if line.hand == 0 else f"{word} {line.hand}"
        rows.append((label, tuple(line.totals), " ".join(_say(r, table) for r in line.note)))
    return heads, rows


def _sheet(table: Table) -> str:
    if table.kind.draw_sheet is not None:
        return table.kind.draw_sheet(table)
    heads, lines = sheet_of(table)
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    rows = []
    for label, totals, note in lines:
        cells = "".join(f"<td>{v}</td>" for v in totals)
        rows.append(f'<tr><th scope="row">{label}</th>{cells}<td class="sv-sheet-note">{escape(note)}</td></tr>')
    return (f'<section class="sv-table-chalk" aria-label="{escape(table.kind.sheet_title)}">'
            f'<h3 class="sv-table-h">{escape(table.kind.sheet_title)} ({escape(table.kind.sheet_unit)})</h3>'
            f'<div class="sv-scroll" tabindex="0" role="region" aria-label="{escape(table.kind.sheet_title)}">'
            f'<table class="sv-sheet"><thead><tr><th scope="col">After</th>{head}<th scope="col">What was scored</th></tr>'
            f'</thead><tbody>{"".join(rows)}</tbody></table></div></section>')


def every_hand(table: Table) -> tuple[str, list[tuple[str, list[Card]]]]:
    """What the end of the last hand shows of the cards: a heading ("Every hand as dealt", or the Kind's own) and each
    seat's name with its cards, sorted as a player holds them."""
    kind, state = table.kind, table.hand
    heading, hands = kind.end_hands(state) if kind.end_hands is not None else ("Every hand as dealt", table.dealt[-1])
    return heading, [(table.names[p], _ordered(kind, state, cards)) for p, cards in enumerate(hands)]


def _all_hands(table: Table) -> str:
    kind, state = table.kind, table.hand
    heading, hands = every_hand(table)
    rows = [f"<li><strong>{name}</strong>: {_chips(kind, state, cards)}</li>" for name, cards in hands]
    return f'<ul class="sv-all-hands" aria-label="{escape(heading)}">{"".join(rows)}</ul>'


def hand_scored(table: Table) -> str:
    """What the last hand scored, in words, as its line of the sheet says ("" while nothing is scored); a hand all
    passed says so."""
    lines = table.match.sheet_lines()
    scored = ""
    if lines and lines[-1].hand == len(table.match.hands):
        scored = " ".join(_say(r, table) for r in lines[-1].note)
    if getattr(table.hand, "phase", "") == "passed":
        scored = scored or "Everyone passed: the same dealer deals again."
    return scored


def game_outcome(table: Table) -> str:
    """The game's outcome in words, once it is over."""
    return " ".join(_say(r, table) for r in table.match.outcome())


def _end(table: Table) -> str:
    """The end of a hand: what it scored and every hand (the Kind's own drawing, or the sheet's line and the hands
    as dealt), then the button that deals the next hand, or the game's outcome."""
    match = table.match
    if match.over:
        outcome = game_outcome(table)
        button = (f'<p class="sv-table-over"><strong>The game is over. {escape(outcome)}</strong></p>'
                  '<div class="sv-table-acts"><button type="button" class="md-button md-button--primary sv-table-act" '
                  'data-do="new">Start a new game</button></div>')
    elif len(table.text()) > _ROOM:
        button = '<p class="sv-table-full">This game\'s record is full: start a new game to play on.</p>'
    else:
        button = ('<div class="sv-table-acts"><button type="button" class="md-button md-button--primary sv-table-act" '
                  'data-do="next">Deal the next hand</button></div>')
    over = f"The {_hand_word(table)} is over"
    if table.kind.draw_result is not None:
        return (f'<section class="sv-table-end" aria-label="{over}"><h3 class="sv-table-h">{over}</h3>'
                f"{table.kind.draw_result(table)}{button}</section>")
    scored = hand_scored(table)
    return (f'<section class="sv-table-end" aria-label="{over}"><h3 class="sv-table-h">{over}</h3>'
            f"<p><strong>{escape(scored)}</strong></p>{button}"
            f'<h3 class="sv-table-h">{escape(_end_heading(table))}</h3>{_all_hands(table)}</section>')


def _end_heading(table: Table) -> str:
    return table.kind.end_hands(table.hand)[0] if table.kind.end_hands is not None else "Every hand as dealt"


def render(table: Table, hint: Any = None, review: Any = None) -> str:
    """The whole table as South sees it (the markup follows :mod:`stytvolt.web.table`'s contract): ``hint``, the
    hint given for South's decision (a :class:`~stytvolt.analysis.coach.Hint`), drawn with the control it points to
    marked; ``review``, what is known of the review of a finished hand
    (:class:`~stytvolt.web.coaching.Reviewed`; None: nothing yet)."""
    state = table.hand
    over = state.is_terminal()
    p = state.current_player()
    active = not over and p == SOUTH
    legal = _legal_labels(table.kind, state, state.legal_actions()) if active else {}
    turn = "next" if over and not table.match.over else ("over" if over else ("south" if active else "computer"))
    seat = "" if over else table.names[p]
    parts = [facts_html(table, state)]
    if over:
        from stytvolt.web.coaching import review_html

        parts += [_end(table), review_html(table, review)]
    elif active:
        parts.append(_moves(table, state, legal, hint))
    else:
        parts.append(_waiting(table, state))
    hinted = hint.action if hint is not None and active else ""
    parts += [felt_html(table, state), _your_cards(table, state, legal, active, hinted), _log(table), _sheet(table)]
    marked = f' data-hint="{escape(hinted)}"' if hinted else ""
    return (f'<div class="sv-table" data-game="{table.kind.game}" data-turn="{turn}" data-seat="{seat}" '
            f'data-hand="{len(table.match.hands)}" data-level="{table.level}" data-seed="{table.seed}" '
            f'data-pause="{table.kind.pause_ms}"{marked}>'
            f'<fieldset class="sv-table-moves" disabled><legend class="sv-table-legend">The table</legend>{"".join(parts)}'
            "</fieldset></div>")


# -- the widget -------------------------------------------------------------------------------------------------


def _think(table: Table) -> Work:
    """The computer seat to move makes its move, then the table is drawn."""
    state = table.hand
    seat = state.current_player()
    yield 0.0
    bot = table.computer(computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1])))
    obs = state.observation(seat)
    think = getattr(bot, "think", None)
    if think is not None:  # a long decision: its progress goes to the page, and the page may cancel it
        action = (yield from think(obs)).action
    else:
        action = bot.choose(obs)
    table.apply(action)
    return _answer(table)


#: A "Why?" or "What was best here?" asked about a move the game does not hold (a stale page, a hand-made request).
_NO_SUCH_MOVE = "That move is not in this game's log."


def _move(params: Params, table: Table, computer: bool = True) -> tuple[int, int]:
    """The move ``move`` names (``<hand>.<action>`` from 0; a computer's, with ``computer``), or the refusal in the
    table's words."""
    text = params.get("move", "").strip()
    h_text, dot, k_text = text.partition(".")
    if not (dot and h_text.isascii() and h_text.isdigit() and k_text.isascii() and k_text.isdigit()
            and len(text) <= 12):
        raise WidgetError(_NO_SUCH_MOVE)
    h, k = int(h_text), int(k_text)
    if h >= len(table.moves) or k >= len(table.moves[h]):
        raise WidgetError(_NO_SUCH_MOVE)
    if computer and table.moves[h][k][0] == SOUTH:
        raise WidgetError("That move is your own: “Why?” gives the computer players' reasons.")
    return h, k


def _hinted(params: Params) -> bool:
    """Whether South's action is taken after a hint (``hinted``: ``yes`` or ``no``, none meaning no)."""
    value = params.get("hinted", "").strip().lower()
    if value not in ("", "yes", "no"):
        raise WidgetError("Whether you asked for a hint before this move is yes or no.")
    return value == "yes"


def _play(table: Table, text: str, hinted: bool = False) -> None:
    """South takes the action a button sent (its text, as ``str(action)`` writes it, with the cards ticked after a
    lay-away button's word).  What the table cannot take is refused in the game's words, worked out from the table
    (whose turn, what is on offer, what was ticked), never in the words of the engine's parser."""
    state = table.hand
    if state.is_terminal():
        raise WidgetError(_over(table))
    seat = state.current_player()
    if seat != SOUTH:
        raise WidgetError(f"It is {table.names[seat]}'s turn, not yours.")
    table.apply(_chosen(table, state, text), hinted)


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


def _refusal(table: Table, state: Any, said: str, action: Any, legal: Sequence[Any]) -> str:
    """Why South's ``said`` cannot be taken now, in the game's words: the cards ticked for laying away, a card not
    in the hand, the rule that forbids the action (the engine's reason, unless it says only that the action is of
    the wrong sort for the moment), else that it is not on offer."""
    kind = table.kind
    word = said.split(" ", 1)[0].lower()
    sorts = {kind.kind_of(a) for a in legal}
    if word in sorts & kind.picked:
        return _pick_refusal(table, state, word, said.split()[1:], [a for a in legal if kind.kind_of(a) == word])
    if action is not None:
        card = kind.card_of(action)
        if card is not None and card not in playable(state, SOUTH):
            return f"{card.symbol} is not in your hand."
        reason = state.refusal(action)
        if reason is not None and reason.code == kind.not_held and reason.cards:
            return f"{cards_text(reason.cards)} is not in your hand."
        if reason is not None and reason.code not in kind.not_now:
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
    if reason is not None and reason.code not in table.kind.not_now:
        return _say(reason, table)
    return "Those cards cannot be laid away together: tick others."


def _answer(table: Table, settings: bool = False, review: str = "") -> Answer:
    """The whole table and the game's text (with the settings' fields: ``settings``); ``review``, the review of
    the finished hand as the page keeps it, drawn in it and sent back."""
    out = {"game": table.text()}
    if review.strip():
        from stytvolt.web.coaching import read_review, review_text

        if not table.hand.is_terminal():
            raise WidgetError(f"A review is kept with a finished {_hand_word(table)}, and this one is still being played.")
        known = read_review(table, review)
        out["review"] = review_text(table, known.decisions)
        if settings:
            _settings(table, out)
        return {"html": render(table, review=known), "set": out}
    if settings:
        _settings(table, out)
    return {"html": render(table), "set": out}


def _settings(table: Table, out: dict[str, str]) -> None:
    """The settings panel's fields as the game was dealt: its way of playing, level and rule switches."""
    out.update(setup=table.setup, level=table.level)
    for sw in offered_switches(table.kind):
        value = getattr(table.rules, sw.name)
        out[sw.word] = value.value if isinstance(value, Enum) else ("yes" if value else "no")


def _switch_title(kind: Kind, sw: Switch) -> str:
    return kind.switch_words.get(sw.name) or sw.word.replace("-", " ").capitalize()


def _choice_words(kind: Kind, sw: Switch, choice: str) -> str:
    return kind.switch_words.get(f"{sw.name}={choice}") or re.sub(r"(?<=[a-z])-(?=[a-z])", " ", choice)


def _switch_value(kind: Kind, sw: Switch, text: str) -> object:
    """A switch's value as a form sends it (a choice's value; ``yes`` or ``no`` for a tick box)."""
    value = text.strip().lower()
    title = _switch_title(kind, sw)
    if isinstance(sw.default, Enum):
        if value not in sw.choices:
            said = [_choice_words(kind, sw, c) for c in sw.choices]
            raise WidgetError(f"The rule variation “{title}” is one of: {_listed(said, 'or')}.")
        return type(sw.default)(value)
    if value in ("yes", "on", "true", "1"):
        return True
    if value in ("no", "off", "false", "0"):
        return False
    raise WidgetError(f"The rule variation “{title}” is either ticked or not.")


def _rules(kind: Kind, params: Params) -> Any:
    """The game's Rules a new game is dealt with: each offered switch as sent, the others at their defaults."""
    chosen = {sw.name: _switch_value(kind, sw, params[sw.word]) for sw in offered_switches(kind) if sw.word in params}
    try:
        return rules_of(kind)(**chosen)
    except StytvoltError:
        raise WidgetError("These rule variations cannot be played together: choose others.") from None


def _rules_fields(kind: Kind, rules: Any) -> str:
    """The settings panel's rule switches: a tick box or a choice each, its help said under it; nothing for a game
    with none to offer."""
    rows = []
    for sw in offered_switches(kind):
        value = getattr(rules, sw.name)
        title = _switch_title(kind, sw)
        hint_id = f"hint-table-{kind.game}-{sw.word}"
        hint = f'<small class="sv-hint" id="{hint_id}">{escape(_sentence(sw.help))}</small>'
        if isinstance(sw.default, Enum):
            current = value.value if isinstance(value, Enum) else str(value)
            options = "".join(f'<option value="{c}"{" selected" if c == current else ""}>'
                              f"{escape(_choice_words(kind, sw, c))}</option>" for c in sw.choices)
            rows.append(f'<div class="sv-switch"><label>{escape(title)} <select name="{sw.word}" '
                        f'aria-describedby="{hint_id}">{options}</select></label>{hint}</div>')
        else:
            rows.append(f'<div class="sv-switch"><label class="sv-check"><input type="checkbox" name="{sw.word}" '
                        f'value="yes"{" checked" if value else ""} aria-describedby="{hint_id}"> {escape(title)}</label>'
                        f"{hint}</div>")
    if not rows:
        return ""
    return f'<fieldset class="sv-table-rules"><legend>Rule variations</legend>{"".join(rows)}</fieldset>'


def _sentence(text: str) -> str:
    """A help line as a sentence: its first letter a capital, a full stop at its end."""
    text = re.sub(r"^(\W*)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."


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
        try:
            shown = read_game_text(kind.game, p["game"]) if p.get("game") else None
        except WidgetError:
            shown = None
        setup = shown.setup if shown is not None else (p.get("setup", "") or kind.default_setup)
        level = shown.level if shown is not None else (p.get("level", "") or kind.default_level or kind.levels[0][0])
        rules = shown.rules if shown is not None else rules_of(kind)()
        if len(kind.setups) == 1:  # one way to play: said, with nothing to choose
            setup_html = (f'<input type="hidden" name="setup" value="{kind.setups[0][0]}">'
                          f'<p class="sv-table-setup">{escape(kind.setups[0][1])}.</p>')
        else:
            options = "".join(f'<option value="{v}"{" selected" if v == setup else ""}>{escape(label)}</option>'
                              for v, label in kind.setups)
            setup_html = f'<label>Game <select name="setup">{options}</select></label>'

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
        return table_controls(p.get("game", ""), f"{setup_html}{level_html}{_rules_fields(kind, rules)}")

    return controls


#: The seed of the game the build draws into the page (a reader's first visit deals a random one at once).
BUILD_SEED = 1


def _register(kind: Kind) -> None:
    @widget(kind.game, "table", title="Play against the computer", controls=_controls_for(kind))
    def answer(params: dict[str, str]) -> Answer | Work:
        do, text, seed, new = table_request(params, DOS, _seed, BUILD_SEED)
        if new:
            return _answer(new_table(kind.game, params.get("setup", "").strip(), params.get("level", "").strip(), seed,
                                     _rules(kind, params)), settings=True)
        table = read_game_text(kind.game, text)
        if do == "show":
            return _answer(table, settings=True, review=params.get("review", ""))
        if do == "play":
            _play(table, params.get("action", ""), _hinted(params))
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
        if do in ("why", "hint", "review", "line", "best"):
            from stytvolt.web import coaching

            if do == "why":
                return coaching.why_work(table, *_move(params, table))
            if do == "best":
                return coaching.best_work(table, *_move(params, table, computer=False))
            if do == "hint":
                return coaching.hint_work(table)
            if do == "review":
                return coaching.review_work(table, params)
            return coaching.line_work(table, params)
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
