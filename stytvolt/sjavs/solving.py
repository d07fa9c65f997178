"""What the shared analysis (:mod:`stytvolt.analysis`) reads of Sjavs: its declaration's ``solver``.

* :func:`position_of`: a hand in its play phase as the solver's
  :class:`~stytvolt.analysis.position.PlayPosition`, every card visible (for
  the solver and for the deals a fair computer player pictures, never for
  the real state behind a player's back);
* :func:`trick_table`: the trick rules compiled for one trump suit;
* :data:`SAMPLING`: what the sampling player needs of Sjavs (its sampler,
  its rules of thumb before the play, its card values and settings).

The reader calls the rules (:func:`~stytvolt.sjavs.cards.suit_of`, the
trick winner, card points, :func:`~stytvolt.sjavs.scoring.hand_score`) and
decides none itself; ``tests/analysis/test_analysis.py`` checks that its
score agrees with ``HandState.returns()`` on hundreds of hands.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.analysis.games import sides
from stytvolt.analysis.players import Sampling, Settings
from stytvolt.analysis.solve import solve
from stytvolt.analysis.position import PlayPosition, TrickTable, bits, cached_table, tricks_by_seat
from stytvolt.core.cards import Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.sjavs.bots import SimpleBot
from stytvolt.sjavs.cards import CARD_VALUES
from stytvolt.sjavs.hand import Observation
from stytvolt.sjavs.sampling import sample

__all__ = ["position_of", "trick_table", "SAMPLING", "solve", "sides"]


def trick_table(trump: object) -> TrickTable:
    """The compiled trick rules of Sjavs with ``trump`` trumps (a suit or its text), built once."""
    from stytvolt.sjavs import cards as sc
    from stytvolt.sjavs.play import trick_winner
    from stytvolt.sjavs.scoring import card_points

    suit = trump if isinstance(trump, Suit) else sc.parse_trump(str(trump))
    return cached_table(("sjavs", suit), lambda: TrickTable.build(
        sc.PACK, lambda c: sc.suit_of(c, suit), lambda cs: trick_winner(cs, suit), lambda c: card_points([c])))


def position_of(state: Any) -> PlayPosition:
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
        players=n, table=trick_table(trump), hands=tuple(hands), under=under,
        trick=tuple(state.current), leader=state.leader, side=side, points=tuple(points),
        tricks=tricks_by_seat(n, [t.winner for t in state.tricks]), extra=extra, score=score,
        score_key=("sjavs", n, trump is Suit.CLUBS, rules, extra, declarer),
        play_action=lambda card: Action("play", cards=(card,)),
        description=f"Sjavs, {n} players",
    )


#: What the sampling player needs of the game, and the settings that keep a decision under about 0.3 s in
#: CPython (``bench/followsuit.py`` measures them).
SAMPLING = Sampling(sample, SimpleBot, Observation, CARD_VALUES, Settings(worlds=12, solve_at=4, max_nodes=10_000), takes_rules=True)
