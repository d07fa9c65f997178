"""Knorri at the table against the computer: the :class:`~stytvolt.web.kinds.Kind` of :mod:`stytvolt.web.table`.

A session (:class:`~stytvolt.knorri.game.KnorriGame`) of three to eight
players, South and the computer players, each hand a whole game of
Knorri scored with the zero-sum points.  Phase one is drawn as the table of
face-up cards with the card just turned; every take is a button that says
what it takes, and the rule that forces it is said in words (the engine's own
:meth:`~stytvolt.knorri.state.KnorriState.explain_turn`).  Phase two is drawn
as the trick, bottom first, each card with the seat that played it.  Every
action, the computer's too, is written in the log with its reason; what the
rules do by themselves (the sweep, a trick completed or emptied, a player
going out, the loser) follows it.  "Why?" on a computer move, the hint and
the review are the coach's (:mod:`stytvolt.web.coaching`).

Setups: the number of players, plain or with "you missed one" (``4m``: a
player may leave a card that could take, and the others may point it out).
The game text's alphabet writes 62 actions at once: Knorri never offers more
than 52 (a lead from a hand of at most 51 cards; a beat among at most 51
cards and the pick-up; a take among at most 26 spades and hearts, and the
leave), so no position needs more.
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import Any, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.words import counted
from stytvolt.knorri.game import KnorriGame
from stytvolt.knorri.rules import judge_beat
from stytvolt.knorri.state import PLAYERS, Action, KnorriState
from stytvolt.knorri.variants import Rules
from stytvolt.web.kinds import Kind, Words, seat_names
from stytvolt.web.table import join

__all__ = ["KIND", "SETUPS"]

_NUMBER = {3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight"}
#: The ways to play: each table size plain, then with "you missed one".
SETUPS: tuple[tuple[str, str], ...] = (
    tuple((str(n), f"{_NUMBER[n]} players") for n in PLAYERS)
    + tuple((f"{n}m", f"{_NUMBER[n]} players, with “you missed one” (a take may be overlooked and pointed out)")
            for n in PLAYERS))
_SUIT_ORDER = {Suit.DIAMONDS: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3}


def _players(setup: str) -> int:
    return int(setup.rstrip("m"))


def _start(seed: int, setup: str, first: int, rules: Rules) -> KnorriGame:
    """A session with the rules chosen in the settings, scored (the session keeps points) and with "you missed one"
    as the setup says (the two switches the table sets itself: :data:`FIXED`)."""
    rules = replace(rules, scoring=True, overlooking=setup.endswith("m"))
    return KnorriGame(seed, players=_players(setup), first_dealer=first, rules=rules)


#: The switches the table sets itself: scoring (a session keeps points) and "you missed one" (a setup).
FIXED = frozenset({"scoring", "overlooking"})


def _bot(level: str, seed: int) -> Any:
    """The computer player of ``level``, as every part of the package meets it
    (:func:`stytvolt.analysis.players.player`): the SimpleBot (beginner); the sampling player at the club's
    settings, which takes its phase-one cards by the SimpleBot's rules and pictures phase two (club); Knorri's
    expert, which pictures phase one too and solves the endings it sees whole (expert).  Games kept at the level
    once called "simple" open at the beginner's (the one table's RENAMED_LEVELS)."""
    from stytvolt.analysis.players import player

    return player("knorri", level, seed)


def _names(state: KnorriState) -> tuple[str, ...]:
    return seat_names(state.num_players)


def _say(state: KnorriState, reason: Reason) -> str:
    return reason.render(seats=list(_names(state)))


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _bare(text: str) -> str:
    return text.rstrip(".")


def _rule_of_turn(state: KnorriState) -> str:
    """What the turned card must take, or why it stays, in words (the engine's reason)."""
    reason = state.explain_turn()
    assert reason is not None
    return _say(state, reason)


def _takes(state: KnorriState) -> list[Action]:
    return [a for a in state.legal_actions() if a.kind in ("take", "point")]


# -- the log ----------------------------------------------------------------------------------------------------


def _words_at(state: KnorriState, seat: int, action: Action) -> str:
    """An action in words, from the position it was taken in, with the rule behind it."""
    names = _names(state)
    if state.phase in ("turn", "claim"):
        turned = state.turned
        assert turned is not None
        why = _bare(_rule_of_turn(state))
        if action.kind == "take":
            return f"turns {turned.symbol} and takes {_cards(action.cards)} with it. Why: {why}"
        if action.kind == "leave" and _takes(state):
            return (f"turns {turned.symbol} and leaves it on the table without taking, missing a take the others "
                    f"may point out ({why})")
        if action.kind == "leave":
            return f"turns {turned.symbol} and leaves it face up on the table. Why: {why}"
        if action.kind == "point":
            return (f"points out the missed take: {names[state.turner]} must take {_cards(action.cards)} "
                    f"with {turned.symbol}")
        last = (seat + 1) % state.num_players == state.turner
        return "lets the missed take pass" + (f", so {turned.symbol} stays on the table" if last else "")
    trick = state.trick_cards
    if action.kind == "play":
        played = _cards(action.cards)
        if trick:
            top = trick[-1][-1]
            said = f"plays {played} on {top.symbol}. {_bare(_say(state, judge_beat(action.cards[0], top, state.rules.soft_clubs).reason))}"
        elif state.opening:
            said = f"opens phase two with {played}" + (
                ", a run of clubs that counts as one card of the trick" if len(action.cards) > 1 else "")
        else:
            size = sum(1 for h in state.hands if h)
            said = f"leads {played} to a new trick, which {size} cards will complete"
        return said + (", and says “last card”" if action.last else "")
    if action.kind == "pickup":
        bottom, top = trick[0][0], trick[-1][-1]
        could = any(a.kind == "play" for a in state.legal_actions())
        return (f"picks up the bottom card of the trick, {bottom.symbol}" +
                (f", rather than beat {top.symbol}" if could else f": nothing in the hand beats {top.symbol}"))
    return "forgot to say “last card” and misses this turn"


#: The codes of what KnorriState.explain_action says followed from an action by itself.
_AFTER = frozenset({"sweep", "trick-complete", "went-out", "loser", "no-loser", "next-lead", "phase-two"})
#: Each hand's happenings so far, kept with the hand (the table asks after every action: each is worked out once).
_KEPT: "weakref.WeakKeyDictionary[KnorriState, tuple[int, Any, list[Reason]]]" = weakref.WeakKeyDictionary()


def _opening(state: KnorriState) -> list[Reason]:
    if state.rules.phase_one.value == "mas":
        return []
    n = state.num_players
    return [Reason.of("laid-out", "{dealer} deals: nine cards go face up on the table, and {first} turns the first "
                      "card of the pack.", dealer=Seat(state.dealer), first=Seat((state.dealer + 1) % n))]


def _after(before: KnorriState, action: Action) -> list[Reason]:
    """What followed from ``action`` by itself (before is the position it was taken in; it is then applied)."""
    seat = before.current_player()
    out = [r for r in before.explain_action(action) if r.code in _AFTER]
    codes = [r.code for r in out]
    before.apply(action)
    if "next-lead" in codes:
        k = codes.index("next-lead")
        leader = dict(out[k].args)["seat"]
        if action.kind == "pickup":
            out[k] = Reason.of("trick-emptied", "Every card of the trick has been picked up: the table is empty, and "
                               "{seat} leads a new trick.", seat=leader)
        elif "trick-complete" in codes and "went-out" in codes:
            out[k] = Reason.of("out-on-completing", "{out} went out with the card that completed the trick, so the "
                               "next player still holding cards, {seat}, leads.", out=Seat(seat), seat=leader)
    return out


def _happenings(state: KnorriState) -> list[Reason]:
    """The deal, then what followed each action by itself, in order."""
    history = state.history
    kept = _KEPT.get(state)
    if kept is not None and kept[0] <= len(history) and (kept[0] == 0 or history[kept[0] - 1] is kept[1]):
        done, events = kept[0], list(kept[2])
    else:
        done, events = 0, _opening(state)
    if done < len(history):
        probe = state.clone()
        for _ in range(len(history) - done):
            probe.undo()
        for k in range(done, len(history)):
            events += _after(probe, history[k][0])
    _KEPT[state] = (len(history), history[-1] if history else None, events)
    return list(events)


# -- the table --------------------------------------------------------------------------------------------------


def _history_seats(state: KnorriState) -> list[int]:
    """The seat that took each action of the hand so far, in order."""
    probe = state.clone()
    seats: list[int] = []
    while probe.history:
        probe.undo()
        seats.append(probe.current_player())
    return seats[::-1]


def _trick_seats(state: KnorriState) -> list[int]:
    """Who played each group of the trick: the last play that put its first card there."""
    seats = _history_seats(state)
    plays = [(seats[k], a) for k, (a, _) in enumerate(state.history) if a.kind == "play"]
    out = []
    for group in state.trick_cards:
        out.append(next(s for s, a in reversed(plays) if group[0] in a.cards))
    return out


def _felt(state: KnorriState, words: Words) -> tuple[str, list[tuple[str, list[Card]]], list[str]]:
    names = words.seats
    if state.phase in ("turn", "claim"):
        turned = state.turned
        assert turned is not None
        table = state.table_cards
        rows = [("Face up", table), (f"Turned by {names[state.turner]}", [turned])]
        notes = [_rule_of_turn(state)]
        if state.phase == "claim":
            notes.append(f"{names[state.turner]} left it without taking: each other player in turn may point the "
                         "take out, and so force it.")
        return f"The table: {counted(len(table), 'card')} face up", rows, notes
    trick = state.trick_cards
    if state.phase == "play" and trick:
        seats = _trick_seats(state)
        rows = [(names[s], g) for s, g in zip(seats, trick)]
        top, bottom = trick[-1][-1], trick[0][0]
        notes = [f"The top card, {top.symbol}, is the one to beat; a player who does not beat it picks up the "
                 f"bottom card, {bottom.symbol}.",
                 f"The trick completes at {state.trick_size} cards, one for each player who held cards when it began."]
        return f"The trick, bottom first: {len(trick)} of {state.trick_size}", rows, notes
    if state.phase == "play":
        who = names[state.current_player()]
        said = (f"{who} holds ♣2 and opens phase two." if state.opening else f"{who} leads a new trick.")
        return "The table is empty", [], [said]
    if state.loser >= 0:
        return "The hand is over", [], [f"{names[state.loser]} still holds cards: the hörri, who loses."]
    return "The hand is over", [], ["Nobody took a card, so nobody loses."]


def _tally(state: KnorriState, words: Words) -> list[tuple[str, str]]:
    names = words.seats
    counts = ", ".join(f"{names[p]} {len(h)}" for p, h in enumerate(state.hands))
    if state.phase in ("turn", "claim"):
        down = len(state.deck) - state.pos - 1
        last = names[state.last_taker] if state.last_taker >= 0 else "nobody yet"
        return [("Phase", "One: turning cards"), ("Face down in the pack", counted(down, "card")),
                ("Cards taken", counts), ("Last to take (sweeps the table at the end)", last)]
    rows = [("Phase", "Two: beat or pick up"), ("Cards in hand", counts),
            ("Out, and safe", ", ".join(names[p] for p in state.out) or "nobody yet")]
    if state.no_cards:
        rows.append(("Took no cards (safe from the start)", ", ".join(names[p] for p in state.no_cards)))
    return rows


def _prompt(state: KnorriState) -> str:
    names = _names(state)
    if state.phase == "turn":
        turned = state.turned
        assert turned is not None
        takes = [a for a in state.legal_actions() if a.kind == "take"]
        said = f"You turned {turned.symbol}. {_rule_of_turn(state)}"
        if len(takes) > 1:
            said += " Choose the card to take."
        elif takes:
            said += " Take it."
        if takes and state.rules.overlooking:
            said += " (With “you missed one” you may leave it instead, but the others may point the take out.)"
        return said
    if state.phase == "claim":
        return (f"{names[state.turner]} left {state.turned.symbol if state.turned else ''} on the table without "
                f"taking. {_rule_of_turn(state)} Point out the missed take (you choose the card it takes), or let "
                "it pass.")
    if state.silent[0]:
        return "You did not say “last card”, so you may not go out now."
    trick = state.trick_cards
    if state.opening:
        return ("You hold ♣2 and open phase two: play it alone, or with the clubs that follow it unbroken "
                "(♣3, ♣4, …), which count as one card.")
    if not trick:
        holders = sum(1 for h in state.hands if h)
        return f"Your lead: play any card to start a new trick; it completes at {holders} cards."
    top, bottom = trick[-1][-1], trick[0][0]
    if any(a.kind == "play" for a in state.legal_actions()):
        return f"Beat {top.symbol} with a card that beats it, or pick up the bottom card, {bottom.symbol}."
    return f"Nothing you hold beats {top.symbol}: pick up the bottom card, {bottom.symbol}."


def _doing(state: KnorriState) -> str:
    names = _names(state)
    if state.phase == "turn" and state.turned is not None:
        return f"has turned {state.turned.symbol}"
    if state.phase == "claim":
        return f"may point out the take {names[state.turner]} missed"
    if state.opening:
        return "holds ♣2 and opens phase two"
    return "is to play" if state.trick_cards else "is to lead"


def _label(state: KnorriState, action: Action) -> str:
    """The words on the button of an action that is not one card pressed in the hand."""
    turned = state.turned
    if action.kind == "take" and turned is not None:
        return f"Take {_cards(action.cards)} with {turned.symbol}"
    if action.kind == "leave" and turned is not None:
        if _takes(state):
            return f"Leave {turned.symbol} without taking (a missed take)"
        return f"Leave {turned.symbol} face up on the table"
    if action.kind == "point":
        return f"Point out {_cards(action.cards)}: {_names(state)[state.turner]} must take it"
    if action.kind == "pass":
        return "Let it pass"
    if action.kind == "play" and len(action.cards) > 1:
        return f"Open with {_cards(action.cards)}, a run counting as one card"
    if action.kind == "play":
        return f"Play {_cards(action.cards)} and say “last card”"
    if action.kind == "pickup":
        return f"Pick up {state.trick_cards[0][0].symbol}, the bottom card"
    return "Miss this turn"


def _card_of(action: Action) -> Card | None:
    return action.cards[0] if action.kind == "play" and len(action.cards) == 1 and not action.last else None


def _order(state: KnorriState, cards: Sequence[Card]) -> list[Card]:
    """Diamonds (the trumps) first, then spades, hearts and clubs, each from the ace down."""
    return sorted(cards, key=lambda c: (_SUIT_ORDER[c.suit], -c.rank))


def _end_hands(state: KnorriState) -> tuple[str, tuple[tuple[Card, ...], ...]]:
    """Each seat's cards when phase two began (what it had taken in phase one)."""
    probe = state.clone()
    while probe.history:
        action = probe.undo()
        if probe.phase not in ("play", "done"):
            probe.apply(action)
            break
    return "What each player held when phase two began", tuple(tuple(h) for h in probe.hands)


#: Knorri at the table: three to eight players, three levels.
KIND = Kind(
    game="knorri", code="kn1", title="Knorri",
    setups=SETUPS, players_of=_players, start=_start,
    levels=(("beginner", "takes the card most useful later, beats as cheaply as it can (a card of the suit before a "
                         "diamond), keeps its high diamonds, and picks up only when nothing beats"),
            ("club", "takes its cards like the beginner, then in phase two plays each card after picturing the game "
                     "played on a few times, and works the last cards out exactly"),
            ("expert", "pictures the cards still face down before each choice in phase one and plays each choice "
                       "out, then in phase two works the endings out exactly, every card being in sight")),
    bot=_bot, words_at=_words_at, order=_order, is_trump=lambda state, card: card.suit is Suit.DIAMONDS,
    card_action=lambda card: Action("play", (card,)),
    sheet_title="The points sheet", sheet_unit="points; each hand's add up to zero",
    standing_trumps=lambda state: "♦ diamonds: a diamond beats any spade or heart; clubs are hard (only a higher "
                                  "club beats a club)",
    card_of=_card_of, action_label=_label, trick_so_far=lambda state: [], tricks=lambda state: [],
    happenings=_happenings, tally=_tally, play_prompt=_prompt, doing=_doing, felt=_felt, end_hands=_end_hands,
    fixed_switches=FIXED,
   
    switch_words={"phase_one": "How phase one is played", "phase_one=mas": "mas", "last_card": "“Last card”",
                  "two_packs": "Two packs (104 cards)"},
    pause_ms=400,  # a hand at eight runs to some 700 actions, most of them the computer's: a brisker pace
)

join(KIND)  # at the table from the moment this module is imported (GameInfo.table)
