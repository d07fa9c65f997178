"""The end of a trick and of the hand: who won, whether the hand is over, what it scores.

Five tricks win the hand.  A team that takes the first five has kept in, and
the player who won the fifth says whether it stops or plays on for all nine
(losing a trick then makes it an ordinary game).  A stock taken without the
right replaces the hand's score with the penalty.  The hand's points come
from the chalk-up's own score table (:func:`~stytvolt.styrivolt.chalk.points`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from stytvolt.core.explain import Reason, Seat, Team
from stytvolt.styrivolt.chalk import Result, points
from stytvolt.styrivolt.pack import PACK, PLAYERS, TO_WIN, TRICKS
from stytvolt.styrivolt.records import HandResult, Phase, Trick
from stytvolt.styrivolt.tricks import winner_index

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = ["finish_trick", "play_on_decision", "returns", "problems", "trick_end", "stop_result", "GOES_ON",
           "DECIDE_PLAY_ON", "Ending"]


# What the end of a trick decides: the hand goes on, the winner of the fifth trick says whether the team
# plays on, or the hand ends with a result.  One rule, read by the state machine below and by the
# compiled hand the solver and the playouts run on (:mod:`~stytvolt.styrivolt.fasthand`).
GOES_ON = None
DECIDE_PLAY_ON = "play-on"
Ending = tuple[int, Result, "int | None"]  # the scoring team, its result, the lone player of an "alone" result


def trick_end(won: Sequence[int], tricks_done: int, playing_on: int | None, w: int,
              partner_ends: bool = True) -> Ending | str | None:
    """After a trick won by ``w`` (``won`` and ``tricks_done`` already count it): :data:`GOES_ON`,
    :data:`DECIDE_PLAY_ON`, or how the hand ends.

    ``partner_ends`` is the switch ``Rules.partner_trick_ends_play_on`` (ruling R10): a player who kept
    in alone and plays on keeps that bonus when the partner takes a trick, and the hand ends there.
    """
    team = w % 2
    if playing_on is not None:
        if team != playing_on:
            return (playing_on, Result.ORDINARY, None)
        lone = (w + 2) % PLAYERS
        if partner_ends and won[w] == 1 and won[lone] == tricks_done - 1:
            return (playing_on, Result.KEPT_IN_ALONE, lone)
        if tricks_done == TRICKS:
            alone = next((q for q in (playing_on, playing_on + 2) if won[q] == TRICKS), None)
            return (playing_on, Result.NINE_TRICKS if alone is None else Result.NINE_TRICKS_ALONE, alone)
        return GOES_ON
    if won[team] + won[team + 2] == TO_WIN:
        return DECIDE_PLAY_ON if tricks_done == TO_WIN else (team, Result.ORDINARY, None)
    return GOES_ON


def stop_result(won: Sequence[int], p: int) -> Ending:
    """After keeping in, ``p``'s team stops: kept in, or kept in alone when ``p`` took all five."""
    alone = p if won[p] == TO_WIN else None
    return (p % 2, Result.KEPT_IN if alone is None else Result.KEPT_IN_ALONE, alone)


_END_TEXT = {
    Result.ORDINARY: ("end.ordinary", "{team} has five tricks: an ordinary game won."),
    Result.NINE_TRICKS: ("end.nine_tricks", "{team} took all nine tricks."),
    Result.NINE_TRICKS_ALONE: ("end.nine_tricks_alone", "{player} took all nine tricks alone."),
    Result.KEPT_IN: ("end.kept_in", "{team} took the first five tricks: kept in."),
    Result.KEPT_IN_ALONE: ("end.kept_in_alone", "{player} took the first five tricks alone: kept in alone."),
}


def _end_with(state: "HandState", ending: Ending) -> None:
    team, result, alone = ending
    if result is Result.ORDINARY and state.playing_on is not None:
        reason = Reason.of("end.ordinary",
                           "{team} played on but lost a trick: the keeping-in bonus is gone, an ordinary game.",
                           team=Team(team))
    elif result is Result.KEPT_IN_ALONE and state.playing_on is not None and alone is not None:
        reason = Reason.of("end.kept_in_alone_partner",
                           "{player} played on alone and the partner took a trick: nine alone is out of reach, "
                           "and only the opponents could take the bonus away, so {player} has kept in alone.",
                           player=Seat(alone))
    else:
        code, text = _END_TEXT[result]
        reason = Reason.of(code, text, team=Team(team)) if alone is None else Reason.of(code, text, player=Seat(alone))
    _end(state, team, result, alone, reason)


def finish_trick(state: "HandState") -> None:
    """Four cards are down: the trick goes to its winner, who leads next; the hand may end."""
    index = winner_index(state.ranking, state.current, state.current_promoted)
    w = (state.leader + index) % PLAYERS
    state.tricks.append(Trick(state.leader, state.current, state.current_promoted, w))
    state.current = ()
    state.current_promoted = ()
    state.won = tuple(n + 1 if q == w else n for q, n in enumerate(state.won))
    state.leader = state.to_move = w
    ending = trick_end(state.won, len(state.tricks), state.playing_on, w, state.rules.partner_trick_ends_play_on)
    if ending == DECIDE_PLAY_ON:
        state.phase = Phase.PLAY_ON  # the winner of the fifth trick speaks for the team
    elif ending is not None:
        _end_with(state, ending)  # type: ignore[arg-type]


def play_on_decision(state: "HandState", p: int, play_on: bool) -> None:
    """After keeping in: stop and score it, or play on for all nine tricks."""
    if play_on:
        state.playing_on = p % 2
        state.phase = Phase.PLAY
        state.note(Reason.of("play.play_on", "{team} kept in and plays on for all nine tricks.", team=Team(p % 2)))
    else:
        _end_with(state, stop_result(state.won, p))


def _end(state: "HandState", team: int, result: Result, player: int | None, reason: Reason) -> None:
    wrong = next((t for t in state.takes if not t.rightful), None)
    if wrong is not None:
        offender = wrong.player
        reason = Reason.of(
            "end.stock_penalty",
            "{player} took the stock without the right to it: the penalty replaces the score and goes to {team}.",
            player=Seat(offender), team=Team(1 - offender % 2),
        )
        state.result = HandResult(1 - offender % 2, Result.STOCK_PENALTY, state.team_tricks(), offender, reason)
    else:
        state.result = HandResult(team, result, state.team_tricks(), player, reason)
    state.note(reason)
    state.phase = Phase.END
    state.to_move = -1


def returns(state: "HandState") -> list[int]:
    """Each player's score for the hand, in strokes (a cross is worth three): winners +, losers -."""
    if state.result is None:
        return [0] * PLAYERS
    worth = points(state.result.result, state.rules.scoring)
    return [worth if q % 2 == state.result.team else -worth for q in range(PLAYERS)]


def problems(state: "HandState") -> list[str]:
    """The engine's own consistency checks; an empty list means the position is sound."""
    found: list[str] = []
    cards = [c for zone in state.zones().values() for c in zone]
    if len(cards) != len(PACK) or set(cards) != set(PACK):
        missing = set(PACK) - set(cards)
        extra = [c for c in set(cards) if cards.count(c) > 1]
        found.append(f"cards not accounted for: {len(cards)} placed, missing {sorted(missing)}, doubled {sorted(extra)}")
    for i, trick in enumerate(state.tricks):
        index = winner_index(state.ranking, trick.cards, trick.promoted)
        if len(trick.cards) != PLAYERS or (trick.leader + index) % PLAYERS != trick.winner:
            found.append(f"trick {i + 1} has a wrong winner or size")
        if i and trick.leader != state.tricks[i - 1].winner:
            found.append(f"trick {i + 1} was not led by the winner of trick {i}")
    t = state.team_tricks()
    if sum(state.won) != len(state.tricks) or len(state.tricks) > TRICKS:
        found.append("tricks won do not add up")
    left = TRICKS - len(state.tricks)
    for q in range(PLAYERS):
        played_now = q in [(state.leader + k) % PLAYERS for k in range(len(state.current))]
        if state.phase is not Phase.END and len(state.hands[q]) < left - played_now:
            found.append(f"player {q} has {len(state.hands[q])} cards for {left - played_now} tricks")
    r = state.result
    if state.phase is Phase.END:
        if r is None:
            found.append("the hand is over without a result")
        elif r.result is not Result.STOCK_PENALTY:
            side, other = t[r.team], t[1 - r.team]
            expected = {
                Result.ORDINARY: side >= TO_WIN and (other >= 1 if state.playing_on is None else other == 1),
                Result.KEPT_IN: side == TO_WIN and other == 0,
                Result.KEPT_IN_ALONE: other == 0 and r.player is not None and (
                    side == TO_WIN and state.won[r.player] == TO_WIN
                    or state.playing_on is not None and state.won[r.player] == side - 1 >= TO_WIN),
                Result.NINE_TRICKS: side == TRICKS,
                Result.NINE_TRICKS_ALONE: r.player is not None and state.won[r.player] == TRICKS,
            }[r.result]
            if not expected:
                found.append(f"result {r.result.name} does not match the tricks {t}")
    elif max(t) >= TO_WIN and state.playing_on is None and state.phase is not Phase.PLAY_ON:
        found.append(f"a team has five tricks {t} but the hand goes on")
    return found
