"""Sjavs at the table against the computer: its :class:`~stytvolt.web.kinds.Kind` (the widget ``table``).

A rubber from 24, for four in partnerships, three or two, played from
South's seat (:mod:`stytvolt.web.table`).  The beginner is the game's
SimpleBot, which plays by rules of thumb; the expert bids, names trumps and
lays away as the SimpleBot does, and plays its cards as the sampling player,
which pictures deals that fit what it has seen.  "Why?" on a computer move,
the hint and the review are the coach's (:mod:`stytvolt.web.coaching`).  The
one rule switch, ♣ 61–89 scoring five (``clubs-61-89-five``), is offered in
the settings; the expert is told it.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.words import counted
from stytvolt.web.kinds import SOUTH, Kind, bidding_words, cards_text, playable, trump_of
from stytvolt.web.table import join

__all__ = ["KIND"]


def _bot(level: str, seed: int) -> Any:
    return _rules_bot(level, seed, None)


def _rules_bot(level: str, seed: int, rules: Any) -> Any:
    """The player of ``level``: the game's SimpleBot, or the sampling player (told the rules) at the club's or the
    expert's settings."""
    from stytvolt.analysis.players import player

    return player("sjavs", level, seed, rules)


def _sjavs_start(seed: int, setup: str, first: int, rules: Any) -> Any:
    from stytvolt.sjavs.rubber import Rubber

    return Rubber(seed, players=int(setup), first_dealer=first, rules=rules)


def _sjavs_describe(state: Any, seat: int, action: Any, over: bool) -> str:
    said = bidding_words(action)
    if said is not None:
        return said
    kind = action.kind
    if kind == "exchange":
        n = len(action.cards)
        if n == 0:
            return "keeps the hand and takes nothing from the talon"
        said = cards_text(action.cards) if seat == SOUTH or over else counted(n, "card")
        return f"lays away {said} and takes {n} from the talon unseen"
    return f"plays {action.cards[0].symbol}"


def _sjavs_order(state: Any, cards: Sequence[Card]) -> list[Card]:
    from stytvolt.sjavs.cards import power, suit_of

    trump = trump_of(state)
    if trump is None:
        return sorted(cards, key=lambda c: (c.suit.value, -c.rank))
    return sorted(cards, key=lambda c: (suit_of(c, trump) is not trump, suit_of(c, trump).value, -power(c, trump)))


def _sjavs_is_trump(state: Any, card: Card) -> bool:
    from stytvolt.sjavs.cards import is_permanent, suit_of

    trump = trump_of(state)
    return is_permanent(card) or (trump is not None and suit_of(card, trump) is trump)


def _sjavs_card_action(card: Card) -> Any:
    from stytvolt.sjavs.hand import Action

    return Action("play", cards=(card,))


def _sjavs_bidding_prompt(state: Any) -> str:
    from stytvolt.sjavs.bidding import trump_lengths

    lengths = trump_lengths(playable(state, SOUTH))
    said = ", ".join(f"{s.symbol} {lengths.of(s)}" for s in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS))
    return (f"Your bid: pass, or bid a trump length of 5 or more. Your hand's trump lengths: {said} "
            "(the permanent trumps count in every suit).")


def _pick(state: Any, word: str, least: int, most: int) -> tuple[str, str]:
    """Three players: the soloist lays cards away and takes as many from the talon."""
    return (f"Tick up to {most} cards to lay away face down; you take as many from the talon, unseen. "
            "Tick none to keep your hand.", "Lay away the ticked cards")


KIND = Kind(
    game="sjavs", code="s1", title="Sjavs",
    setups=(("4", "Four players, two against two"), ("3", "Three players, a soloist against two"),
            ("2", "Two players")),
    players_of=int, start=_sjavs_start,
    levels=(("beginner", "bids its trump length, draws trumps, gives points to a partner who is winning"),
            ("club", "bids like the beginner, then plays each card after picturing six deals that fit what it "
                     "has seen and playing each out, working the last tricks out exactly"),
            ("expert", "bids like the beginner, then plays each card after picturing a dozen deals that "
                       "fit what it has seen and working out which card scores best across them")),
    bot=_bot, describe=_sjavs_describe,
    order=_sjavs_order, is_trump=_sjavs_is_trump, card_action=_sjavs_card_action,
    bidding_prompt=_sjavs_bidding_prompt, standing_trumps=lambda state: "",
    sheet_title="The score sheet", sheet_unit="points left",
    picked=frozenset({"exchange"}), pick=_pick,
    switch_words={"clubs_61_89_five": "Clubs trumps: 61–89 card points score 5"},
    rules_bot=_rules_bot,
)

join(KIND)  # at the table from the moment this module is imported (GameInfo.table)
