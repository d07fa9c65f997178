"""The fair computer players and the deals they picture (stytvolt.styrivolt.players, .sampling).

What a player would check: a computer player never makes an illegal move,
under every variation; it cannot peek (scrambling the cards its seat has not
seen changes neither its move nor its reason); the deals it pictures agree
with everything its seat has seen; and it says why it moved in words.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Iterator

import pytest
from sweepkit import sized

from stytvolt.core.errors import InvalidPosition, StytvoltError
from stytvolt.styrivolt import HandState, Rules
from stytvolt.styrivolt.bots import SimpleBot
from stytvolt.styrivolt.players import DEFAULT_LEVEL, LEVELS, ComputerPlayer, Decision, Level, computer, describe_action
from stytvolt.styrivolt.sampling import _target, sample
from stytvolt.styrivolt.variants import CutRule

#: A look-ahead player cheap enough to play many hands in the suite: the club's code path, fewer deals.
QUICK = Level("quick", "two deals, solved from three cards a hand", deals=2, solve_at=3, solve_nodes=2_000)


def every_rules(rng: random.Random) -> Rules:
    """Rules with every switch drawn at random."""
    return Rules(
        cut_for_stikkar=rng.choice(list(CutRule)),
        queen_claims_cut_stikkar=rng.random() < 0.5,
        open_choosing=rng.random() < 0.3,
        king_of_hearts_takes_bird=rng.random() < 0.4,
        compulsory_beating=rng.random() < 0.4,
        late_stock=rng.random() < 0.3,
        scoring=rng.choice(["kvivik", "penguin"]),
        enforce_stock_right=rng.random() < 0.7,
        partner_trick_ends_play_on=rng.random() < 0.7,
        promote_kings_and_queens=rng.random() < 0.7,
    )


def test_every_rule_switch_is_drawn() -> None:
    drawn = {f.name for f in fields(Rules)}
    assert drawn == {"cut_for_stikkar", "queen_claims_cut_stikkar", "open_choosing", "king_of_hearts_takes_bird",
                     "compulsory_beating", "late_stock", "scoring", "enforce_stock_right",
                     "partner_trick_ends_play_on", "promote_kings_and_queens"}, "every_rules() misses a switch"


def positions(count: int, seed: int) -> Iterator[HandState]:
    """``count`` positions (a player to move) from hands under random rules, played by SimpleBots to a random point."""
    rng = random.Random(f"positions/{seed}")
    made = deal = 0
    while made < count:
        deal += 1
        state = HandState.deal(deal + 1000 * seed, dealer=deal % 4, rules=every_rules(rng))
        bots = [SimpleBot(deal * 4 + p) for p in range(4)]
        stop = rng.randrange(0, 40)
        while not state.is_terminal() and len(state.history) < stop:
            p = state.current_player()
            state.apply(bots[p].choose(state.observation(p)))
        if not state.is_terminal():
            made += 1
            yield state


# -- the deals a player pictures ---------------------------------------------------------------


def test_pictured_deals_agree_with_all_the_seat_has_seen() -> None:
    rng = random.Random(7)
    found = tried = 0
    for state in positions(300, 1):
        p = state.current_player()
        obs = state.observation(p)
        tried += 1
        world = sample(obs, rng)
        if world is None:
            continue
        found += 1
        assert world.validate() == []
        assert _target(world.observation(p)) == _target(obs)
        assert sorted(world.hands[p]) == sorted(state.hands[p])
    # Consistent deals are found nearly always (the draw places what the seat knows first).
    assert found >= 0.95 * tried, f"only {found} of {tried} positions could be pictured"


def test_pictured_deals_vary_the_unseen_cards() -> None:
    state = HandState.deal(5)
    p = state.current_player()
    rng = random.Random(1)
    worlds = [sample(state.observation(p), rng) for _ in range(20)]
    west = {tuple(sorted(w.hands[(p + 1) % 4])) for w in worlds if w is not None}
    assert len(west) > 15  # not the real hand every time: the left-hand opponent's cards differ from draw to draw


def test_the_draw_reads_only_the_observation() -> None:
    """The same observation from a hand with the unseen cards scrambled gives the very same pictured deals."""
    differed = 0
    for state in positions(120, 2):
        p = state.current_player()
        other = state.resample(p, random.Random(3))
        assert other.observation(p).to_json() == state.observation(p).to_json()
        differed += other.hands != state.hands
        a = sample(state.observation(p), random.Random(11))
        b = sample(other.observation(p), random.Random(11))
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert a.deck == b.deck
    assert differed > 60  # most scrambles really moved hidden cards


# -- the players ------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_levels_exist_with_a_default(level: str) -> None:
    assert DEFAULT_LEVEL in LEVELS
    assert computer(level, seed=1).level.name == level


@pytest.mark.sweep
def test_never_an_illegal_move_under_every_variation_beginner() -> None:
    """Two thousand complete hands under random rules, four beginners."""
    rng = random.Random(21)
    for deal in range(2000):
        state = HandState.deal(deal, dealer=deal % 4, rules=every_rules(rng))
        players = [computer("beginner", seed=deal * 4 + p) for p in range(4)]
        while not state.is_terminal():
            p = state.current_player()
            action = players[p].choose(state.observation(p))
            assert action in state.legal_actions()
            state.apply(action)
        assert state.validate() == []


@pytest.mark.sweep
def test_never_an_illegal_move_under_every_variation_looking_ahead() -> None:
    """Complete hands under random rules with look-ahead players at every seat (the club's code, fewer deals)."""
    rng = random.Random(22)
    for deal in range(sized(20)):
        state = HandState.deal(deal, dealer=deal % 4, rules=every_rules(rng))
        players = [ComputerPlayer(QUICK, seed=deal * 4 + p) for p in range(4)]
        while not state.is_terminal():
            p = state.current_player()
            action = players[p].choose(state.observation(p))
            assert action in state.legal_actions()
            state.apply(action)
        assert state.validate() == []


def test_a_club_hand_is_legal_and_every_move_explained() -> None:
    state = HandState.deal(77, rules=Rules(compulsory_beating=True))
    players = [computer("club", seed=p) for p in range(4)]
    while not state.is_terminal():
        p = state.current_player()
        decision = players[p].decide(state.observation(p))
        assert decision.action in state.legal_actions()
        assert decision.why.endswith(".") and "{" not in decision.why
        state.apply(decision.action)


@pytest.mark.parametrize("level", ["quick", "club", "beginner"])
def test_fair_players_do_not_peek(level: str) -> None:
    """The same move, and the same reason, whether or not the cards the seat has not seen are scrambled."""
    count = {"quick": 40, "club": 8, "beginner": 200}[level]
    for k, state in enumerate(positions(count, 3)):
        p = state.current_player()
        other = state.resample(p, random.Random(k))
        spec = QUICK if level == "quick" else level
        one = ComputerPlayer(spec, seed=k).decide(state.observation(p))
        two = ComputerPlayer(spec, seed=k).decide(other.observation(p))
        assert (one.action, one.why) == (two.action, two.why)


def test_the_same_player_and_observation_give_the_same_decision() -> None:
    state = next(positions(1, 4))
    obs = state.observation(state.current_player())
    player = computer("club", seed=9)
    first = player.decide(obs)
    assert player.decide(obs) == first  # no state carried from one decision to the next
    assert computer("club", seed=9).decide(obs) == first


def test_thinking_reports_progress_and_ends_with_the_decision() -> None:
    state = HandState.deal(12)
    obs = state.observation(state.current_player())
    thinking = computer("club", seed=1).think(obs)
    steps: list[float] = []
    while True:
        try:
            steps.append(next(thinking))
        except StopIteration as done:
            decision = done.value
            break
    assert steps == sorted(steps) and steps[-1] == 1.0 and len(steps) == 10
    assert isinstance(decision, Decision)
    assert decision == computer("club", seed=1).decide(obs)


def test_a_look_ahead_decision_says_what_it_weighed() -> None:
    state = HandState.deal(3)
    obs = state.observation(state.current_player())
    decision = computer("club", seed=2).decide(obs)
    assert decision.deals == 10
    assert set(decision.scores) == {str(a) for a in obs.legal}
    assert decision.why.startswith("It pictured 10 deals that fit what this player has seen")
    assert describe_action(decision.action) in decision.why


def test_a_forced_move_is_explained_as_forced() -> None:
    for state in positions(200, 5):
        if len(state.legal_actions()) == 1:
            decision = computer("club", seed=0).decide(state.observation(state.current_player()))
            assert decision.why == "It was the only thing this player could do."
            return
    pytest.fail("no forced move found in 200 positions")


def test_describe_action_in_words() -> None:
    from stytvolt.styrivolt.actions import parse_action

    assert describe_action(parse_action("H3")) == "♥3"
    assert describe_action(parse_action("trade H5 H7")) == "trade ♥5 for ♥7"
    assert describe_action(parse_action("take")) == "take the stock"
    assert describe_action(parse_action("play-on")) == "play on for all nine tricks"


def test_the_beginner_is_simplebot_itself() -> None:
    """`stytvolt play --level beginner --seed 53` replays the start page's hand, played by SimpleBots."""
    for seed in range(20):
        a, b = HandState.deal(seed), HandState.deal(seed)
        bots = [SimpleBot(seed * 4 + p) for p in range(4)]
        players = [computer("beginner", seed * 4 + p) for p in range(4)]
        while not a.is_terminal():
            p = a.current_player()
            a.apply(bots[p].choose(a.observation(p)))
            b.apply(players[p].choose(b.observation(p)))
        assert a.history == b.history


@pytest.mark.parametrize(("args", "message"), [
    (("grandmaster",), "unknown level 'grandmaster': expected one of beginner, club, expert"),
    ((3,), "unknown level: expected one of beginner, club, expert, or a Level, not an int"),
    (("club", True), "a seed is a whole number, not a bool"),
])
def test_bad_players_are_refused(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(InvalidPosition) as err:
        ComputerPlayer(*args)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_a_player_is_shown_an_observation_of_its_turn() -> None:
    state = HandState.deal(1)
    player = computer("club")
    with pytest.raises(StytvoltError, match="observation"):
        player.decide(state)  # type: ignore[arg-type]
    waiting = (state.current_player() + 1) % 4
    with pytest.raises(InvalidPosition, match="nothing to do now"):
        player.decide(state.observation(waiting))
    assert state.history == []


def test_levels_order_by_strength_against_random_play() -> None:
    """Sanity, not a measure (bench/players.py measures): a club pair beats a random pair in most of a few hands."""
    from stytvolt.styrivolt.bots import RandomBot

    won = 0
    for deal in range(6):
        state = HandState.deal(500 + deal)
        seats = [computer("club", seed=p) if p % 2 == 0 else RandomBot(p) for p in range(4)]
        while not state.is_terminal():
            p = state.current_player()
            state.apply(seats[p].choose(state.observation(p)))
        won += state.returns()[0] > 0
    assert won >= 5
