"""Brus at the table against the computer: its :class:`~stytvolt.web.kinds.Kind` (the widget ``table``).

A game to six strokes, four players two against two or six three against
three, played from South's seat (:mod:`stytvolt.web.table`).  Three levels, named as
every game's are: the beginner (the game's SimpleBot, which plays by rules of
thumb), the club player and the expert (the sampling player, which pictures
deals that fit what its seat has seen and solves each, with
:mod:`stytvolt.brus.solving`).  "Why?" on a computer move, the hint and the
review are the coach's (:mod:`stytvolt.web.coaching`).  Brus has no rule
switches, so its settings offer none.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.explain import Reason, Seat
from stytvolt.web.kinds import Kind, Trick, Words
from stytvolt.web.table import join

__all__ = ["KIND", "BRUS"]


def _bot(level: str, seed: int) -> Any:
    """The player of ``level``: the game's SimpleBot, or the sampling player at the club's or the expert's settings."""
    from stytvolt.analysis.players import player

    return player("brus", level, seed)


# No trumps, no bidding, no suits to follow: each player in turn beats the highest card so far or, unable to,
# passes; sevens are laid out as tricks by whoever comes to the lead; six tricks win a deal, six strokes a game.


def _brus_start(seed: int, setup: str, first: int, rules: Any) -> Any:
    from stytvolt.brus.game import BrusGame

    return BrusGame(seed, players=int(setup), first_dealer=first, rules=rules)


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
    from stytvolt.brus.site import as_dealt

    return tuple(tuple(h) for h in as_dealt(state))


#: Brus at the table: four or six players in two sides; the beginner, the club player and the expert.
KIND = Kind(
    game="brus", code="b1", title="Brus",
    setups=(("4", "Four players, two against two"), ("6", "Six players, three against three")),
    players_of=int, start=_brus_start,
    levels=(("beginner", "leads a card nobody can beat if it holds one, else its lowest live card; beats as cheaply "
                         "as it can, but with a sure winner while an opponent is still to play"),
            ("club", "pictures two dozen deals that fit what it has seen, works out exactly how each of its cards "
                     "would do in every one, and plays the card that does best across them"),
            ("expert", "thinks like the club player, but pictures twice as many deals before each card")),
    bot=_bot, words_at=_brus_words_at,
    order=_brus_order, is_trump=lambda state, card: False, card_action=_brus_card_action,
    sheet_title="The stroke sheet", sheet_unit="strokes; six win the game",
    kind_of=lambda action: "play" if action.card is not None else "pass", card_of=lambda action: action.card,
    action_label=_brus_action_label, card_role=_brus_card_role,
    trick_so_far=lambda state: list(state.plays), tricks=_brus_tricks, happenings=_brus_happenings,
    tally=_brus_tally, play_prompt=_brus_play_prompt, as_dealt=_brus_as_dealt,
   
)
#: The name the tests knew it by.
BRUS = KIND

join(KIND)  # at the table from the moment this module is imported (GameInfo.table)
