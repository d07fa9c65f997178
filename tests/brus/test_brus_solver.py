"""Brus's solver against an independent brute force, its sampler against the observations it is drawn from, and the
sampling player on Brus playing fair.

The endings are deals played by SimpleBot (with now and then a random legal action, so that odd positions come
up too) until no hand holds more than a few live cards, at four and at six, with Brus's rules (it has no switches:
``stytvolt.brus.variants.Rules()`` is the only way it is played); a few whole six-player deals are checked from
the first lead, where sevens are still held and the lead passes on."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from protocol.brute import brute_values

import stytvolt
from stytvolt.analysis.players import Settings, SamplingPlayer, club_settings, player
from stytvolt.brus import HandState, Rules
from stytvolt.brus.bots import SimpleBot
from stytvolt.brus.cards import SEVENS, is_live
from stytvolt.brus.sampling import sample
from stytvolt.brus.solving import SAMPLING, live_count, sides, solve
from stytvolt.core.errors import InvalidPosition, StytvoltError

BOT = SimpleBot()


def endings(players: int, count: int, seed: int, most: tuple[int, int]) -> Iterator[HandState]:
    """``count`` positions of ``players``-player deals in which no hand holds more than ``most`` live cards (drawn
    between the pair's bounds), reached by SimpleBot's play with a random action now and then."""
    rng = random.Random(seed)
    made = 0
    deal = seed * 1000
    while made < count:
        deal += 1
        state = HandState.deal(deal, dealer=deal % players, players=players, rules=Rules())
        limit = rng.randint(*most)
        while not state.is_terminal() and live_count(state) > limit:
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.random() < 0.2 else BOT.choose(state.observation(state.current_player())))
        for _ in range(rng.randint(0, 2)):  # sometimes in the middle of a trick
            if not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            made += 1
            yield state


@pytest.mark.parametrize("players,count,most", [(4, 100, (2, 4)), (6, 120, (2, 3))])
def test_every_actions_value_is_the_brute_forces(players: int, count: int, most: tuple[int, int]) -> None:
    mid_trick = passed_by = 0
    for state in endings(players, count, players, most):
        solution = solve(state)
        assert solution.exact and solution.player == solution.seat == state.current_player()
        assert solution.values == brute_values(state, sides(state)), [str(a) for a, _ in state.history]
        assert solution.value == max(solution.values.values())
        assert set(solution.best) == {t for t, v in solution.values.items() if v == solution.value}
        mid_trick += bool(state.plays)
        passed_by += any(not any(is_live(c) for c in hand) for hand in state.hands)  # the lead will pass it by
    assert mid_trick > count // 5 and passed_by > count // 5  # the endings are not all alike


def test_whole_six_player_deals_from_the_first_lead() -> None:
    # Sevens not yet laid out (only the seats that came to the lead have laid theirs) and leads passed on.
    held = 0
    for deal in (0, 2):
        state = HandState.deal(deal, dealer=deal % 6, players=6)
        held += sum(1 for hand in state.hands for c in hand if c in SEVENS)
        assert solve(state).values == brute_values(state, sides(state))
    assert held


def test_the_principal_line_is_played_to_the_value() -> None:
    for state in endings(4, 20, 7, (3, 5)):
        solution = solve(state)
        player = state.current_player()
        world = state.clone()
        for text in solution.line:
            world.apply(text)
        assert world.is_terminal() and world.returns()[player] == solution.value
        assert solution.line[0] in solution.best


def test_whole_deals_are_solved_in_a_few_thousand_positions() -> None:
    # (Speed is measured by bench/brus_solver.py; this pins only that the search stays small.)
    for deal in range(5):
        for players in (4, 6):
            solution = solve(HandState.deal(deal, dealer=deal % players, players=players))
            assert solution.exact and solution.nodes < 20_000
    assert stytvolt.game("brus").solve(HandState.deal(1)).values == solve(HandState.deal(1)).values


def test_cut_short() -> None:
    state = HandState.deal(11, dealer=3)
    whole = solve(state)
    with pytest.raises(StytvoltError, match="before any action's value was settled"):
        solve(state, max_nodes=1)
    part = solve(state, max_nodes=max(1, whole.nodes // 2))
    assert not part.exact or part.values == whole.values
    assert all(whole.values[t] == v for t, v in part.values.items())
    with pytest.raises(StytvoltError, match="max_nodes"):
        solve(state, max_nodes=0)
    with pytest.raises(StytvoltError, match="deadline"):
        solve(state, deadline=-1)


def test_sides_and_bad_positions() -> None:
    assert sides(HandState.deal(1)) == ((0, 2), (1, 3))
    assert sides(HandState.deal(1, players=6)) == ((0, 2, 4), (1, 3, 5))
    assert stytvolt.game("brus").sides(HandState.deal(1)) == ((0, 2), (1, 3))
    state = HandState.deal(2)
    while not state.is_terminal():
        state.apply(BOT.choose(state.observation(state.current_player())))
    with pytest.raises(InvalidPosition, match="this Brus deal is over"):
        solve(state)
    with pytest.raises(InvalidPosition, match="this Brus deal is over"):
        sides(state)
    with pytest.raises(InvalidPosition, match="not a str"):
        solve("CJ S8")
    with pytest.raises(InvalidPosition, match="HandState"):
        sides(None)


# -- the sampler ------------------------------------------------------------------------------------------


def positions(count: int, seed: int) -> Iterator[tuple[HandState, int]]:
    """Positions of random deals (some finished), each with a seat to observe it."""
    rng = random.Random(seed)
    for k in range(count):
        players = (4, 6)[k % 2]
        state = HandState.deal(seed * 1000 + k, dealer=k % players, players=players)
        for _ in range(rng.randint(0, 45)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.random() < 0.4 else BOT.choose(state.observation(state.current_player())))
        yield state, rng.randrange(players)


def test_every_drawn_deal_shows_the_seat_what_it_saw() -> None:
    rng = random.Random(3)
    differ = 0
    for state, seat in positions(150, 1):
        obs = state.observation(seat)
        for _ in range(2):
            world = sample(obs, rng)
            assert world is not None
            assert world.observation(seat) == obs
            differ += world.hands != state.hands
    assert differ > 150  # the hidden cards are drawn afresh, not copied


def test_what_the_play_showed_holds_in_every_drawn_deal() -> None:
    # A pass: nothing higher than the card it could not beat; a lead passed on: no live card; a seat that has
    # come to the lead: no seven (while the deal goes on); the seat about to lead: a live card.
    rng = random.Random(4)
    for state, seat in positions(60, 2):
        if state.is_terminal():
            continue
        obs = state.observation(seat)
        world = sample(obs, rng)
        assert world is not None
        visited = {e.seat for e in state.log} | {state.leader}
        for s in visited - {seat}:
            assert not any(c in SEVENS for c in world.hands[s])
        if not state.plays and state.leader != seat:
            assert any(is_live(c) for c in world.hands[state.leader])
        for event in state.log:
            if event.kind == "lead-passes":
                assert not any(is_live(c) for c in world.hands[event.seat])


def test_bad_input_to_the_sampler() -> None:
    with pytest.raises(InvalidPosition, match="Brus observation"):
        sample(None, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="random.Random"):
        sample(HandState.deal(1).observation(0), 5)  # type: ignore[arg-type]


# -- the sampling player on Brus ----------------------------------------------------------------------------


def test_the_sampling_player_plays_fair() -> None:
    # The same observation gives the same choice, whatever the hidden cards: dealt afresh by resample.
    settings = Settings(worlds=6, solve_at=9, max_nodes=20_000)
    rng = random.Random(5)
    fair = SamplingPlayer("brus", seed=2, settings=settings)
    checked = 0
    for deal in range(6):
        players = (4, 6)[deal % 2]
        state = HandState.deal(deal, dealer=deal % players, players=players)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            chosen = fair.choose(obs)
            if len(obs.legal) > 1 and rng.random() < 0.5:
                for _ in range(2):
                    other = state.resample(seat, rng)
                    assert other.observation(seat) == obs
                    assert fair.choose(other.observation(seat)) == chosen
                checked += 1
            state.apply(chosen)
    assert checked >= 8


def test_the_levels_play_whole_deals_legally() -> None:
    assert SAMPLING.settings.solve_at >= 9  # every pictured deal is solved exactly while the budget lasts
    # (the table's words: the club pictures two dozen deals, the expert twice as many)
    assert club_settings(SAMPLING.settings).worlds == 24 and SAMPLING.settings.worlds == 48
    for level in ("club", "expert"):
        bots = [player("brus", level, seed=1), SimpleBot()]
        state = HandState.deal(4, players=6, dealer=4)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            action = bots[seat % 2].choose(obs)
            assert action in obs.legal
            state.apply(action)
    first = HandState.deal(9)
    assert len(first.legal_actions()) > 1
    thought = player("brus", "expert", seed=1).decide(first.observation(first.current_player()))
    assert thought.worlds == SAMPLING.settings.worlds and thought.solved == thought.worlds


def test_a_deal_stopped_by_a_seven_is_drawn_afresh() -> None:
    # Deal 7 at four, played by SimpleBot, stops when seat 2 lays out a seven that makes six, with another seven
    # still in its hand: that seat may hold sevens in a deal drawn for another seat (before, none could be drawn).
    state = HandState.deal(7, dealer=3)
    while not state.is_terminal():
        state.apply(BOT.choose(state.observation(state.current_player())))
    last = state.log[-1]
    assert last.kind == "seven" and any(c in SEVENS for c in state.hands[last.seat])
    seat = (last.seat + 1) % 4
    rng = random.Random(1)
    assert any(state.resample(seat, rng).hands != state.hands for _ in range(5))
    assert sample(state.observation(seat), rng) is not None
