"""Klørsjavs at the table against the computer: its :class:`~stytvolt.web.kinds.Kind` (the widget ``table``).

A game in øre from 60, plain (three players), four-hand or the auction,
played from South's seat (:mod:`stytvolt.web.table`).  The beginner is the
game's SimpleBot, which plays by rules of thumb; the expert bids and handles
the cat as the SimpleBot does, and plays its cards as the sampling player,
which pictures deals that fit what it has seen.  "Why?" on a computer move,
the hint and the review are the coach's (:mod:`stytvolt.web.coaching`).
Klørsjavs has no rule switches, so its settings offer none.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.web.kinds import SOUTH, Kind, bidding_label, bidding_words, cards_text, trump_of
from stytvolt.web.table import join

__all__ = ["KIND"]


def _bot(level: str, seed: int) -> Any:
    """The player of ``level``: the game's SimpleBot, or the sampling player at the club's or the expert's settings."""
    from stytvolt.analysis.players import player

    return player("klorsjavs", level, seed)


def _klorsjavs_start(seed: int, setup: str, first: int, rules: Any) -> Any:  # (no switches: its Rules are empty)
    from stytvolt.klorsjavs.game import KlorsjavsGame

    return KlorsjavsGame(seed, variant=setup, first_dealer=first)


def _klorsjavs_describe(state: Any, seat: int, action: Any, over: bool) -> str:
    said = bidding_words(action)
    if said is not None:
        return said
    kind = action.kind
    if kind == "play-bid":
        return "says Play"
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

    trump = trump_of(state)
    auction = getattr(state, "variant", "") == "auction"
    if auction and trump is None:
        return sorted(cards, key=lambda c: (c.suit.value, -power(c, Suit.CLUBS)))
    t = trump if auction else None
    lead = t if t is not None else Suit.CLUBS
    return sorted(cards, key=lambda c: (suit_of(c, t) is not lead, suit_of(c, t).value, -power(c, t)))


def _klorsjavs_is_trump(state: Any, card: Card) -> bool:
    from stytvolt.klorsjavs.cards import suit_of

    trump = trump_of(state)
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


def _pick(state: Any, word: str, least: int, most: int) -> tuple[str, str]:
    """Swiping the cat: the declarer lays away as many cards as the cat held."""
    return f"You hold the cat. Tick exactly {least} cards to lay away.", "Swipe: lay away the ticked cards"


def _action_label(state: Any, action: Any) -> str:
    """Klørsjavs's own actions (saying Play, stroking the cat, folding); the bidding's as the bidding games say them."""
    return {"play-bid": "Play (declare)", "stroke": "Stroke the cat (play without it)",
            "fold": "Fold (pay as if you had lost)"}.get(action.kind) or bidding_label(state, action)


def _unit(state: Any) -> str:
    """What a hand's score counts: the auction's game points (its tariff), else øre."""
    return "game points" if getattr(state, "variant", "") == "auction" else "øre"


def _doing(state: Any) -> str:
    return "is deciding about the cat" if getattr(state, "phase", "") == "cat" else ""


KIND = Kind(
    game="klorsjavs", code="k1", title="Klørsjavs",
    setups=(("klorsjavs", "Klørsjavs, three players"), ("four-hand", "Four-hand Klørsjavs"),
            ("auction", "Auction Klørsjavs")),
    players_of=lambda setup: 4 if setup == "four-hand" else 3, start=_klorsjavs_start,
    levels=(("beginner", "plays with a strong hand, swipes the cat, folds a hopeless hand"),
            ("club", "decides the bidding and the cat like the beginner, then plays each card after picturing six "
                     "deals that fit what it has seen"),
            ("expert", "decides the bidding and the cat like the beginner, then plays each card after "
                       "picturing a dozen deals that fit what it has seen")),
    bot=_bot, describe=_klorsjavs_describe,
    order=_klorsjavs_order, is_trump=_klorsjavs_is_trump, card_action=_klorsjavs_card_action,
    bidding_prompt=_klorsjavs_bidding_prompt, standing_trumps=_klorsjavs_standing_trumps,
    sheet_title="The score sheet", sheet_unit="øre",
    picked=frozenset({"swipe"}), pick=_pick, action_label=_action_label, doing=_doing,
   
)

join(KIND)  # at the table from the moment this module is imported (GameInfo.table)
