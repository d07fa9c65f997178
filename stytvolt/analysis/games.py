"""How each follow-suit game's state reads as a :class:`~stytvolt.analysis.position.PlayPosition`.

:func:`position_of` takes a state of the protocol in its play phase and
returns the position the solver searches.  Each game has a reader here,
found by the state's class (:func:`register` adds one for a later game);
a reader calls the game's own rules (its ``suit_of``, trick winner, card
points and scoring) and never decides one itself.

The score of a finished hand is the game's own scoring function
(:func:`stytvolt.sjavs.scoring.hand_score`, :func:`stytvolt.klorsjavs.rules.hand_score`,
:func:`~stytvolt.klorsjavs.rules.auction_score`) given the declaring side's
card points and tricks, spread over the seats as each game's
``HandState.returns()`` spreads it; ``tests/core/test_analysis.py`` checks the
two agree on hundreds of hands one trick from their end, for every seat.

Readers see every card: they are for the solver and for the deals a fair
computer player imagines, never for the real state behind a player's back.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.analysis.position import PlayPosition, TrickTable, bits

__all__ = ["position_of", "register", "table_for"]

_READERS: dict[type, Callable[[Any], PlayPosition]] = {}
_TABLES: dict[tuple[str, object], TrickTable] = {}


def register(state_type: type, reader: Callable[[Any], PlayPosition]) -> None:
    """Let :func:`position_of` read states of ``state_type`` with ``reader``."""
    _READERS[state_type] = reader


def table_for(game: str, trump: object) -> TrickTable:
    """The compiled trick rules of ``game`` ("sjavs", "klorsjavs", "klorsjavs-4") with ``trump`` (cached)."""
    key = (game, trump)
    found = _TABLES.get(key)
    if found is None:
        if game == "sjavs":
            from stytvolt.sjavs import cards as sc
            from stytvolt.sjavs.play import trick_winner as s_winner
            from stytvolt.sjavs.scoring import card_points as s_points

            suit = trump if isinstance(trump, Suit) else sc.parse_trump(str(trump))
            found = TrickTable.build(sc.PACK, lambda c: sc.suit_of(c, suit), lambda cs: s_winner(cs, suit),
                                     lambda c: s_points([c]))
        elif game in ("klorsjavs", "klorsjavs-4"):
            from stytvolt.klorsjavs import cards as kc
            from stytvolt.klorsjavs.rules import card_points as k_points
            from stytvolt.klorsjavs.rules import trick_winner as k_winner

            named = trump if isinstance(trump, Suit) or trump is None else kc.parse_trump(str(trump))
            pack = kc.FOUR_HAND_PACK if game == "klorsjavs-4" else kc.PACK
            found = TrickTable.build(pack, lambda c: kc.suit_of(c, named), lambda cs: k_winner(cs, named),
                                     lambda c: k_points([c]))
        else:
            raise InvalidPosition(f"no trick tables for game {game!r}")
        _TABLES[key] = found
    return found


def position_of(state: object) -> PlayPosition:
    """The position of ``state`` (in its play phase) as the solver reads it, every card visible.

    A state of a game without a reader, or not in its play phase, raises
    :class:`InvalidPosition` saying so.
    """
    _load()
    reader = _READERS.get(type(state))
    if reader is None:
        raise InvalidPosition(f"the solver reads Sjavs and Klørsjavs hands, not {type_name(state)}")
    return reader(state)


_LOADED = False


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    from stytvolt.klorsjavs.hand import HandState as KlorHand
    from stytvolt.sjavs.hand import HandState as SjavsHand

    register(SjavsHand, _sjavs)
    register(KlorHand, _klorsjavs)
    _LOADED = True


def _tricks_by_seat(players: int, winners: Sequence[int]) -> tuple[int, ...]:
    out = [0] * players
    for w in winners:
        out[w] += 1
    return tuple(out)


# -- Sjavs ----------------------------------------------------------------------------------------


def _sjavs(state: Any) -> PlayPosition:
    from stytvolt.sjavs.hand import Action
    from stytvolt.sjavs.scoring import HandScore, card_points, hand_score

    if state.phase != "play":
        raise InvalidPosition(f"the solver searches the play; this Sjavs hand is at its {state.phase}")
    n: int = state.players
    declarer: int = state.declarer
    trump: Suit = state.trump
    rules = state.rules
    side = tuple(0 if state.side_of(s) == state.side_of(declarer) else 1 for s in range(n))
    hands = []
    under: dict[int, int] = {}
    for s in range(n):
        mask = bits(state.hands[s])
        for pile in state.piles[s]:
            mask |= bits(pile)
            if len(pile) == 2:
                under[pile[1].index] = 1 << pile[0].index
        hands.append(mask)
    # Three players: the talon's cards the soloist did not draw, and the cards laid away, are the announcers'.
    extra = card_points(state.talon[len(state.drawn):] + state.laid_away) if n == 3 else 0
    announcers = [s for s in range(n) if side[s] == 0]

    def score(points: Sequence[int], tricks: Sequence[int]) -> tuple[int, ...]:
        # As HandState.result() and returns(): the announcers' points and tricks, "alone" when one
        # announcer of four won every trick.
        won = sum(tricks[s] for s in announcers)
        total = sum(tricks)
        alone = n == 4 and won == total and sum(1 for s in announcers if tricks[s]) == 1
        result: HandScore = hand_score(trump, sum(points[s] for s in announcers) + extra, won, alone=alone,
                                       players=n, rules=rules)
        if result.scorer is None:
            return (0,) * n
        sign = 1 if result.scorer == "announcers" else -1
        if n == 3:
            return tuple(sign * result.points * (2 if s == declarer else -1) for s in range(n))
        return tuple(sign * result.points * (1 if side[s] == 0 else -1) for s in range(n))

    points = [0] * n
    for s in range(n):
        points[s] = card_points(state.won_cards[s])
    return PlayPosition(
        players=n, table=table_for("sjavs", trump), hands=tuple(hands), under=under,
        trick=tuple(state.current), leader=state.leader, side=side, points=tuple(points),
        tricks=_tricks_by_seat(n, [t.winner for t in state.tricks]), extra=extra, score=score,
        score_key=("sjavs", n, trump is Suit.CLUBS, rules, extra, declarer),
        play_action=lambda card: Action("play", cards=(card,)),
        description=f"Sjavs, {n} players",
    )


# -- Klørsjavs ------------------------------------------------------------------------------------


def _klorsjavs(state: Any) -> PlayPosition:
    from stytvolt.klorsjavs.hand import Action
    from stytvolt.klorsjavs.rules import FOLD_COST, auction_score, card_points, hand_score

    if state.phase != "play":
        raise InvalidPosition(f"the solver searches the play; this Klørsjavs hand is at its {state.phase}")
    n: int = state.players
    declarer: int = state.declarer
    others = n - 1
    side = tuple(0 if s == declarer else 1 for s in range(n))
    extra = card_points(list(state.laid_away if state.swiped else state.cat))
    bid = state.bid
    four = state.variant == "four-hand"

    def split(change: int) -> tuple[int, ...]:
        # As HandState._split: the declarer's change, and its opposite shared among the others.
        rest = [s for s in range(n) if s != declarer]
        share, more = divmod(-change, len(rest))
        out = [0] * n
        out[declarer] = change
        for i, s in enumerate(rest):
            out[s] = share + (1 if i < more else 0)
        return tuple(out)

    def score(points: Sequence[int], tricks: Sequence[int]) -> tuple[int, ...]:
        mine = points[declarer] + extra
        if state.auction:
            won = tricks[declarer]
            total = sum(tricks)
            result = auction_score(bid, None if bid.is_tout else mine, won == total if bid.is_tout else None,
                                   no_tricks=won == 0 and not bid.is_tout)
            return tuple(result.tariff * others if s == declarer else -result.tariff for s in range(n))
        plain = hand_score(mine, four_hand=four)
        if plain.who == "opponents":
            return tuple(plain.ore * others if s == declarer else -plain.ore for s in range(n))
        return split(-plain.ore)

    fold = (declarer, split(-FOLD_COST)) if not state.auction and not state.tricks else None
    return PlayPosition(
        players=n, table=table_for("klorsjavs-4" if four else "klorsjavs", state.trump),
        hands=tuple(bits(h) for h in state.hands), under={}, trick=tuple(state.current), leader=state.leader,
        side=side, points=tuple(card_points(w) for w in state.won),
        tricks=_tricks_by_seat(n, [w for _, _, w in state.tricks]), extra=extra, score=score,
        score_key=("klorsjavs", state.variant, None if bid is None else bid.value, extra, declarer),
        play_action=lambda card: Action("card", cards=(card,)), fold=fold, fold_action=Action("fold"),
        description=f"Klørsjavs ({state.variant})",
    )
