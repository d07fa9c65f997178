"""Vira at the table against the computer: the :class:`~stytvolt.web.kinds.Kind` ``vira`` of
:mod:`stytvolt.web.table`.

A session (:class:`stytvolt.vira.game.ViraGame`) for three players, or four
with one sitting out each hand, South at seat 0 and computer players at the
others, each shown only its own observation: at three levels named as every
game's are, the beginner (:class:`~stytvolt.vira.bots.SimpleBot`) and the
club player and the expert (the shared sampling player,
:mod:`stytvolt.analysis.players`, on :mod:`stytvolt.vira.solving` and
:mod:`stytvolt.vira.sampling`, which asks the SimpleBot before the play).  South takes part in every step of a hand: the auction
(each bid with its place in the table of forty and the trumps its suit class
allows; a refused bid is answered with the engine's reason, what overcalls
what), the contract's procedure (naming trumps, laying cards away one at a
time and drawing, the gask's choice, playing, surrendering or buying a
second try), the opponents' exchange, then the play.  Everything here is
words and order: the rules are the engine's (``legal_actions``,
``refusal``), and nothing below decides one.

Laying cards away is one action a card (``discard C``), then ``draw`` or
``keep``, as the engine has it, so no step offers more than 27 actions; the
auction offers up to 81 (every higher bid, hold, pass), which the game text
writes with :data:`stytvolt.web.table.WIDE`.  The bids are shown folded
by kind of contract (:attr:`Kind.action_group`), the lowest kind on offer
open.  "Why?" on a computer move, the hint and the review are the coach's
(:mod:`stytvolt.web.coaching`); the settings offer
Vira's rule switches (the deal, who sits out, misère hands, the cuckoo, the
ouverte royale).
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.words import counted
from stytvolt.vira.contracts import Bid, Contract, Kind as ContractKind, SuitClass, requirement
from stytvolt.vira.play import explain_trick, suit_class_of, suits_of_class
from stytvolt.web.kinds import Kind, Trick, Words, cards_text, seat_names
from stytvolt.web.table import join

__all__ = ["KIND"]

SOUTH = 0

#: The heading each kind of contract's bids are folded under, in the table's words.
_GROUPS: dict[ContractKind, str] = {
    ContractKind.DRAW: "Draw (köp): exchange with the talon, then win 6 to 9 tricks",
    ContractKind.TURN_UP: "Turn-up, vingel, tringel: trumps turned from the talon",
    ContractKind.GASK: "Gask: keep a few cards, take the talon, then trumps or a misère",
    ContractKind.CUCKOO: "Cuckoo (gök): take the talon, lose every trick, hand open",
    ContractKind.MISERE: "Misère with discards (köpmisär): exchange, then lose every trick",
    ContractKind.SOLO: "Solo: your own trumps, no exchange",
    ContractKind.VIRA: "Vira: take the talon and win all 13",
    ContractKind.SOLO_MISERE: "Solo misère: lose every trick, with at most one card laid away",
}


def _start(seed: int, setup: str, first: int, rules: Any) -> Any:
    from stytvolt.vira.game import ViraGame

    return ViraGame(seed, players=int(setup), first_dealer=first, rules=rules)


def _bot(level: str, seed: int) -> Any:
    return _rules_bot(level, seed, None)


def _rules_bot(level: str, seed: int, rules: Any) -> Any:
    """The player of ``level``: the game's SimpleBot, or the sampling player (told the rules: whether a cuckoo
    reopens the auction is not in an observation) at the club's or the expert's settings, which asks the SimpleBot
    before the play (the auction, the procedure and the exchanges)."""
    from stytvolt.analysis.players import player

    return player("vira", level, seed, rules)


def _suit(suit: Suit) -> str:
    return f"{suit.symbol} {suit.english}"


def _either(suits: Sequence[Suit]) -> str:
    names = [s.english for s in suits]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _class_words(state: Any, bid: Bid) -> str:
    """The trumps a bid's suit class lets its player name (ruling R72: a bid without a class allows any suit)."""
    if not bid.contract.takes_class:
        return ""
    if bid.suit_class is SuitClass.OFF:
        return "any suit"
    return _either(suits_of_class(bid.suit_class, state.preference))


def _bid_words(state: Any, bid: Bid) -> str:
    """A bid with its place in the table and, for a contract whose player names trumps, the suits its class allows."""
    allows = _class_words(state, bid)
    return f"{bid} (no. {bid.contract.number}" + (f"; trumps: {allows})" if allows else ")")


def _misere_now(state: Any) -> bool:
    item: Contract | None = state.contract
    return item is not None and (item.always_misere or state.misere)


def _to_make(state: Any) -> str:
    """What the soloist plays for, once play is about to begin or under way: "win 7 of 13", "lose all 12"."""
    if _misere_now(state):
        return f"lose every one of {state.trick_count or 13} tricks"
    item: Contract = state.contract
    return f"win {item.tricks} of {state.trick_count or 13} tricks"


# -- the actions in words ------------------------------------------------------------------------------------------


def _words_over(seat: int, action: Any) -> str | None:
    """Once the hand is over, a card the computer laid away face down is named (as every hand is shown then)."""
    if action.kind == "discard" and seat != SOUTH:
        return f"lays {action.card.symbol} away face down"
    return None


def _words_at(state: Any, seat: int, action: Any) -> str:
    """An action in words, from the hand as it stood just before (a computer's discard is not named)."""
    kind = action.kind
    if kind == "bid":
        if state.high is None:
            return f"opens the auction with {_bid_words(state, action.bid)}"
        return f"bids {_bid_words(state, action.bid)}, over {state.high}"
    if kind == "hold":
        return f"holds {state.high}: elder than the bidder, so matching it is enough"
    if kind == "pass":
        if state.high is not None and state.high.contract.kind is ContractKind.CUCKOO:
            return "passes rather than overcall the cuckoo (a chip into the pot if it is won), and is out"
        return "passes, and is out of the auction"
    if kind == "trump":
        return f"names {_suit(action.suit)} as trumps ({suit_class_of(action.suit, state.preference).value})"
    if kind == "misere":
        return "chooses to play the gask as its misère: no trumps, and no trick to take"
    if kind == "discard":
        return f"lays away {action.card.symbol}" if seat == SOUTH else "lays a card away face down"
    if kind == "draw":
        n = len(state.step_discards)
        turned = " (the turned cards first)" if state.face_up else ""
        return f"draws {counted(n, 'card')} from the talon{turned}"
    if kind == "keep":
        return "keeps the hand and exchanges nothing"
    if kind == "play":
        return f"decides to play {state.bid}"
    if kind == "surrender":
        return f"surrenders {state.bid} before play, paying as for a lost game"
    if kind == "retry":
        return "buys a second try: the first is paid as lost, and the procedure starts again"
    card = action.card
    if not state.current:
        return f"leads {card.symbol}"
    led = state.current[0].suit
    return f"plays {card.symbol}" + ("" if card.suit is led else f", holding no {led.english}")


def _action_label(state: Any, action: Any) -> str:
    """The words on the button of an action that plays no card."""
    kind = action.kind
    if kind == "bid":
        allows = _class_words(state, action.bid)
        return f"Bid {action.bid} (no. {action.bid.contract.number}" + (f"; trumps: {allows})" if allows else ")")
    if kind == "hold":
        return f"Hold {state.high} (match it)"
    if kind == "pass":
        return "Pass (out of the auction for good)"
    if kind == "trump":
        return f"Trumps: {_suit(action.suit)} ({suit_class_of(action.suit, state.preference).value})"
    if kind == "misere":
        return "Play it as a misère (no trumps)"
    if kind == "draw":
        return f"Draw {len(state.step_discards)} from the talon"
    if kind == "keep":
        return "Keep your hand (no exchange)"
    if kind == "play":
        return f"Play {state.bid}"
    if kind == "surrender":
        return "Surrender (pay as for a lost game)"
    if kind == "retry":
        return "Buy a second try"
    return str(action)


def _action_group(state: Any, action: Any) -> str:
    return _GROUPS[action.bid.contract.kind] if action.kind == "bid" else ""


def _card_verb(state: Any, action: Any) -> str:
    return "Lay away" if action.kind == "discard" else "Play"


# -- South's question, and what a computer seat is doing ---------------------------------------------------------


def _auction_prompt(state: Any) -> str:
    pref, colour = state.preference, state.colour
    classes = (f"Preference is {_suit(pref)}, colour {_suit(colour)}: a bid in preference promises {pref.english} "
               f"as trumps, in colour {pref.english} or {colour.english}; a bid with no class may be played in any suit.")
    if state.high is None:
        return f"You are eldest: open the auction with a bid (eldest may not pass). {classes}"
    names = seat_names(state.players)
    may_hold = any(a.kind == "hold" for a in state.legal_actions())
    hold = (f" hold it (you are elder than {names[state.high_seat]}, so matching it is enough),"
            if may_hold else "")
    return (f"The bid to beat: {state.high} by {names[state.high_seat]} (no. {state.high.contract.number}). "
            f"Bid higher (a contract later in the table, or the same one in a better class: preference over colour "
            f"over off-colour),{hold} or pass for good. {classes}")


def _trump_prompt(state: Any) -> str:
    legal = state.legal_actions()
    suits = [a.suit for a in legal if a.kind == "trump"]
    item: Contract = state.contract
    if item.kind is ContractKind.TURN_UP:
        turned = cards_text(state.face_up[: item.turned])
        said = f"Name trumps: the suit of one of the cards turned, {turned}."
    elif state.bid.suit_class is SuitClass.OFF:
        said = f"Name trumps: any suit, as your bid {state.bid} named no class."
    else:
        said = f"Name trumps: your bid, {state.bid}, promised {_either(suits)}."
    if state.tries == 2:
        said = "Second try: n" + said[1:]
    if any(a.kind == "misere" for a in legal):
        assert item.misere is not None
        said += (f" Or play the gask as its misère: lose every one of {item.misere.cards} tricks without trumps, "
                 f"the hand {'open' if item.misere.open else 'closed'}.")
    return said


def _discard_prompt(state: Any) -> str:
    step = state.steps[0]
    hand = len(state.hands[SOUTH])
    done = len(state.step_discards)
    can = any(a.kind == "discard" for a in state.legal_actions())
    so_far = f" Laid away so far: {done}." if done else ""
    if step.kind == "exchange":
        if not can:
            return f"You have laid away as many cards as this try allows ({done}): press Draw to take as many."
        turned = " (the turned cards come first)" if state.face_up else ""
        return (f"Exchange: press the cards to lay away, one at a time (at least one), then Draw to take as many from "
                f"the top of the talon{turned}.{so_far}")
    if step.kind == "exact":
        return (f"Lay away exactly {counted(step.size, 'card')}, one at a time; as many are drawn from the talon "
                f"at once.{so_far}")
    left = hand - step.size
    item: Contract = state.contract
    if item.kind is ContractKind.GASK and not state.exchanged[SOUTH]:
        keep = f"keep exactly {counted(step.size, 'card')}" if step.size else "lay away your whole hand"
        return (f"{item.english}: {keep}, then take the whole talon. Lay away {counted(left, 'more card')}, one at a "
                "time.")
    return f"Lay away {counted(left, 'more card')}, one at a time, until you hold {step.size}."


def _defend_prompt(state: Any) -> str:
    names = seat_names(state.players)
    done = len(state.step_discards)
    head = f"{names[state.soloist]} plays {state.bid}. Your exchange as an opponent: "
    if done:
        return head + f"you have laid away {done}; lay away more or press Draw to take {done} from the talon."
    return head + (f"lay away cards, one at a time (at most {len(state.talon)}, the talon's cards), then draw as "
                   "many; or keep your hand.")


def _decide_prompt(state: Any) -> str:
    legal = {a.kind for a in state.legal_actions()}
    item: Contract = state.contract
    double = ", the chips doubled for a solo" if item.is_solo else ""
    retry = " or buy a second try (the first is paid at once as lost)," if "retry" in legal else ""
    trumps = "" if state.trump is None else f" with {_suit(state.trump)} as trumps"
    return (f"Play {state.bid}{trumps},{retry} or surrender now (you pay as for a lost game{double}). "
            f"{requirement(item).render()}")


def _play_prompt(state: Any) -> str:
    number = len(state.tricks) + 1
    if not state.current:
        return f"Your lead to trick {number} of {state.trick_count}."
    led = state.current[0].suit
    if any(c.suit is led for c in state.hands[SOUTH]):
        return f"Trick {number}: {_suit(led)} was led; you hold {led.english}, so you must play one."
    return f"Trick {number}: {_suit(led)} was led and you hold none: play any card."


def _prompt(state: Any) -> str:
    """South's question at every step of the hand."""
    phase = state.phase
    if phase == "auction":
        return _auction_prompt(state)
    if phase == "trump":
        return _trump_prompt(state)
    if phase == "discard":
        return _discard_prompt(state)
    if phase == "exchange":
        return _defend_prompt(state)
    if phase == "decide":
        return _decide_prompt(state)
    return _play_prompt(state)


_DOING = {"auction": "is bidding", "trump": "is naming trumps", "discard": "is laying cards away",
          "decide": "is deciding whether to play", "exchange": "is exchanging with the talon", "play": "is to play"}


def _doing(state: Any) -> str:
    return _DOING.get(state.phase, "is to act")


# -- the cards ---------------------------------------------------------------------------------------------------


def _order(state: Any, cards: Sequence[Card]) -> list[Card]:
    """Trumps first, then the suits by class (preference, colour, off-colour), each from the ace down."""
    trump = state.trump
    return sorted(cards, key=lambda c: (c.suit is not trump, -suit_class_of(c.suit, state.preference).rank,
                                        c.suit.value, -c.rank))


def _card_role(state: Any, card: Card) -> tuple[str, str]:
    """Said: the card's suit class, and a trump; on its face: "trump", else the class while it matters."""
    cls = suit_class_of(card.suit, state.preference)
    if state.trump is not None and card.suit is state.trump:
        return f"{cls.value}, a trump", "trump"
    if _misere_now(state):
        return cls.value, ""
    return cls.value, {"preference": "pref.", "colour": "colour", "off-colour": "off"}[cls.value]


def _card_action(card: Card) -> Any:
    from stytvolt.vira.hand import Action

    return Action("card", card=card)


def _seats_from(state: Any, leader: int) -> list[int]:
    active = list(state.active)
    i = active.index(leader)
    return active[i:] + active[:i]


def _trick_so_far(state: Any) -> list[tuple[int, Card | None]]:
    if not state.current:
        return []
    return list(zip(_seats_from(state, state.leader), state.current))


def _tricks(state: Any) -> list[Trick]:
    return [(leader, tuple(zip(_seats_from(state, leader), cards)), winner) for leader, cards, winner in state.tricks]


# -- what the rules do by themselves ----------------------------------------------------------------------------


def _happenings(state: Any) -> list[Reason]:
    """The auction's end with what the contract asks, the talon taken, cards turned, the start of play and each
    trick won with why, in order."""
    out: list[Reason] = []
    if state.soloist is None:
        return out
    item: Contract = state.contract
    out.append(Reason.of("soloist", "Two have passed: {seat} is the soloist, to play {bid}.", seat=Seat(state.soloist),
                         bid=str(state.bid)))
    out.append(requirement(item))
    if item.kind in (ContractKind.VIRA, ContractKind.CUCKOO, ContractKind.GASK) and state.exchanged[state.soloist]:
        out.append(Reason.of("take-talon", "{seat} takes the whole talon into the hand.", seat=Seat(state.soloist)))
    for tries, cards in state.turned:
        said = "{seat} turns {turned} from the talon" + (" for the second try" if tries == 2 else "")
        if len(cards) == 1:
            said += ": its suit, {suit}, is trumps."
        else:
            said += ": trumps must be the suit of one of them."
        out.append(Reason.of("turned", said, tuple(cards), seat=Seat(state.soloist), turned=cards_text(cards),
                             suit=cards[0].suit.english))
    if state.leader >= 0:
        opened = "" if not state.open_seats else " The soloist's hand is laid open on the table (under Open hands)."
        goal = "lose every trick" if _misere_now(state) else f"win at least {item.tricks}"
        out.append(Reason.of("play-begins", "Play begins: {eldest}, eldest, leads to the first of {count} tricks; "
                             "{seat} must {goal}." + opened, eldest=Seat(state.active[0]), count=state.trick_count,
                             seat=Seat(state.soloist), goal=goal))
    for number, (leader, cards, winner) in enumerate(state.tricks, 1):
        why = explain_trick(cards, state.trump).reason
        out.append(Reason.of("trick-won", "{seat} wins trick {number}: {why}", cards, seat=Seat(winner),
                             number=number, why=why.render()))
    return out


# -- the facts above the table --------------------------------------------------------------------------------


def _tally(state: Any, words: Words) -> list[tuple[str, str]]:
    from stytvolt.vira.site import tricks_words

    names = words.seats
    pref, colour = state.preference, state.colour
    off = [s for s in Suit if s not in (pref, colour)]
    rows = [("The cut", f"{state.cut.symbol}: preference {_suit(pref)}, colour {_suit(colour)}, off-colour "
                        f"{off[0].symbol} {off[1].symbol}")]
    if state.sitter is not None:
        rows.append(("Sitting out", "You" if state.sitter == SOUTH else names[state.sitter]))
    if state.calls:
        rows.append(("The auction", "; ".join(f"{names[s]} {_call(a)}" for s, a in state.calls)))
    if state.soloist is not None:
        tries = ", second try" if state.tries == 2 else ""
        rows.append(("Soloist", f"{names[state.soloist]}: {state.bid} ({tricks_words(state.contract)}{tries})"))
        rows.append(("Talon", f"{counted(len(state.talon), 'card')} face down"
                     + (f"; turned up: {cards_text(state.face_up)}" if state.face_up else "")))
    if state.discards[SOUTH]:
        rows.append(("You laid away", cards_text(_order(state, state.discards[SOUTH]))))
    for seat in state.open_seats:
        if seat != SOUTH:
            rows.append((f"Open hand: {names[seat]}", cards_text(_order(state, state.hands[seat])) or "none"))
    if state.leader >= 0:
        solo = state.soloist
        others = ", ".join(f"{names[p]} {state.won[p]}" for p in state.active if p != solo)
        rows.append(("Tricks", f"{names[solo]} {state.won[solo]} ({_to_make(state)}); {others}"))
    return rows


def _call(action: Any) -> str:
    if action.kind == "bid":
        return str(action.bid)
    return "holds" if action.kind == "hold" else "passes"


def _standing_trumps(state: Any) -> str:
    return "none: a misère" if _misere_now(state) else ""


# -- the sheet ------------------------------------------------------------------------------------------------


def _sheet_heads(match: Any) -> tuple[str, ...]:
    names = ["You"] + list(seat_names(match.players)[1:])
    return (*(f"{n}: points" for n in names), *(f"{n}: chips" for n in names), "The pot: chips")


KIND = Kind(
    game="vira", code="v1", title="Vira",
    setups=(("3", "Three players"), ("4", "Four players, one sitting out each hand")),
    players_of=int, start=_start,
    levels=(("beginner", "bids the highest contract it reckons its hand can carry, names its best suit, lays away "
                         "its weakest cards, wins tricks cheaply and, as an opponent, leaves a trick its partner "
                         "already wins"),
            ("club", "bids and exchanges as the beginner does; in the play it pictures half a dozen deals that fit "
                     "what it has seen, works out how each of its cards would do in every one, and plays the card "
                     "that does best across them"),
            ("expert", "thinks like the club player, but pictures more deals and works them out exactly from "
                       "further back in the hand")),
    bot=_bot, words_at=_words_at, words_over=_words_over,
    order=_order, is_trump=lambda state, card: state.trump is not None and card.suit is state.trump,
    card_action=_card_action,
    sheet_title="The score sheet", sheet_unit="points between the players; chips with the pot, 8 points a chip",
    kind_of=lambda action: str(action.kind),
    card_of=lambda action: action.card if action.kind in ("card", "discard") else None,
    action_label=_action_label, card_role=_card_role, standing_trumps=_standing_trumps,
    trick_so_far=_trick_so_far, tricks=_tricks, happenings=_happenings, tally=_tally,
    switch_words={"deal": "The deal", "sitter": "Who sits out with four", "sitter=dealers-right": "the dealer's right",
                  "sitter=dealer": "the dealer", "misere_hands": "Misère hands with discards",
                  "misere_hands=table": "the Stockholm table's 11 or 12", "misere_hands=parlett": "Parlett's 13 (12)",
                  "cuckoo_reopens": "A cuckoo reopens the auction",
                  "royale_open_defence": "Ouverte royale: the opponents' hands laid open too"},
    rules_bot=_rules_bot,
    prompt=_prompt, doing=_doing, card_verb=_card_verb, action_group=_action_group, sheet_heads=_sheet_heads,
)

join(KIND)  # at the table from the moment this module is imported (GameInfo.table)
