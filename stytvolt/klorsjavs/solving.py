"""What the shared analysis (:mod:`stytvolt.analysis`) reads of Klørsjavs: its declaration's ``solver``.

* :func:`position_of`: a hand in its play phase as the solver's
  :class:`~stytvolt.analysis.position.PlayPosition`, every card visible;
* :func:`trick_table`: the trick rules compiled for one trump (or none), for
  the twenty-card pack or the four-hand one;
* :data:`SAMPLING`: what the sampling player needs of Klørsjavs.

The reader calls the rules (card points, :func:`~stytvolt.klorsjavs.rules.hand_score`,
:func:`~stytvolt.klorsjavs.rules.auction_score`) and decides none itself.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.analysis.games import sides
from stytvolt.analysis.players import Sampling, Settings
from stytvolt.analysis.solve import solve
from stytvolt.analysis.position import PlayPosition, TrickTable, bits, cached_table, tricks_by_seat
from stytvolt.core.cards import Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.klorsjavs.bots import SimpleBot
from stytvolt.klorsjavs.cards import CARD_VALUES
from stytvolt.klorsjavs.hand import Observation
from stytvolt.klorsjavs.sampling import sample

__all__ = ["position_of", "trick_table", "SAMPLING", "solve", "sides"]


def trick_table(trump: object, *, four_hand: bool = False) -> TrickTable:
    """The compiled trick rules of Klørsjavs with ``trump`` (a suit, its text, or None), built once."""
    from stytvolt.klorsjavs import cards as kc
    from stytvolt.klorsjavs.rules import card_points, trick_winner

    named = trump if isinstance(trump, Suit) or trump is None else kc.parse_trump(str(trump))
    pack = kc.FOUR_HAND_PACK if four_hand else kc.PACK
    return cached_table(("klorsjavs", four_hand, named), lambda: TrickTable.build(
        pack, lambda c: kc.suit_of(c, named), lambda cs: trick_winner(cs, named), lambda c: card_points([c])))


def position_of(state: Any) -> PlayPosition:
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
        players=n, table=trick_table(state.trump, four_hand=four),
        hands=tuple(bits(h) for h in state.hands), under={}, trick=tuple(state.current), leader=state.leader,
        side=side, points=tuple(card_points(w) for w in state.won),
        tricks=tricks_by_seat(n, [w for _, _, w in state.tricks]), extra=extra, score=score,
        score_key=("klorsjavs", state.variant, None if bid is None else bid.value, extra, declarer),
        play_action=lambda card: Action("card", cards=(card,)), fold=fold, fold_action=Action("fold"),
        description=f"Klørsjavs ({state.variant})",
    )


#: What the sampling player needs of the game, and the settings that keep a decision under about 0.3 s in
#: CPython (``bench/followsuit.py`` measures them).
SAMPLING = Sampling(sample, SimpleBot, Observation, CARD_VALUES, Settings(worlds=12, solve_at=5, max_nodes=8_000))
