"""The analysis of the follow-suit games: the perfect-information solver, the deals a player cannot tell
from the real one, and the fair sampling player.

The solver is checked three ways: endings worked out by hand (the working is in the comments), a
brute-force minimax over the state protocol itself (``legal_actions``/``apply``/``undo``/``returns``,
written here and sharing nothing with the solver) on hundreds of random small positions, and its
lines replayed on the real state.
"""

from __future__ import annotations

import random

import pytest

from stytvolt import InvalidPosition, StytvoltError
from stytvolt.analysis import MIX, SamplingPlayer, Settings, position_of, solve
from stytvolt.klorsjavs import HandState as KlorHand
from stytvolt.klorsjavs import card_points as klor_points
from stytvolt.klorsjavs.sampling import sample as klor_sample
from stytvolt.sjavs import HandState as SjavsHand
from stytvolt.sjavs import card_points as sjavs_points
from stytvolt.sjavs.bots import SimpleBot
from stytvolt.sjavs.sampling import sample as sjavs_sample


def play(state: object, *texts: str) -> None:
    for text in texts:
        state.apply(text)  # type: ignore[attr-defined]


# -- endings worked out by hand ---------------------------------------------------------------------


def klorsjavs_ending() -> KlorHand:
    """Klørsjavs, dealer 0: seat 1 declares and strokes the cat (♠A ♦Q: 14 points for the declarer).

    Seat 1: ♣Q ♠Q ♣J ♥A ♥5 ♦K; seat 2: ♠J ♥J ♦J ♥K ♦5 ♠5; seat 0: ♣A ♣K ♣5 ♦A ♥Q ♠K.  Seat 1 draws
    trumps three times, and every trick is its: ♣Q ♠J ♣5 (15 points), ♠Q ♥J ♣K (9), ♣J ♦J ♣A (15).
    Seat 1 has 39 + 14 = 53, holds ♥A ♥5 ♦K and leads; seat 2 holds ♥K ♦5 ♠5, seat 0 ♦A ♥Q ♠K.
    """
    hands = {1: "CQ SQ CJ HA H5 DK", 2: "SJ HJ DJ HK D5 S5", 0: "CA CK C5 DA HQ SK"}
    cat = "SA DQ"
    first = [hands[s].split()[:3] for s in (1, 2, 0)]
    second = [hands[s].split()[3:] for s in (1, 2, 0)]
    deck = sum(first, []) + cat.split() + sum(second, [])
    state = KlorHand(" ".join(deck), dealer=0)
    play(state, "play", "stroke")
    for cards in ("CQ SJ C5", "SQ HJ CK", "CJ DJ CA"):
        play(state, *(f"card {c}" for c in cards.split()))
    return state


def test_klorsjavs_ending_cash_the_ace_then_the_five() -> None:
    state = klorsjavs_ending()
    # No trump is left, so each trick goes to the highest card of the suit led.
    # ♥A: ♥K and ♥Q must follow (18 points, 71).  Then ♥5: nobody has a heart, so it wins; seat 2
    #   throws a five either way (10) and seat 0 keeps ♦A for the last trick, throwing ♠K (4): 95.
    #   The last trick, ♦K, goes to ♦A.  (After ♥A, ♦K instead loses to ♦A at once, and seat 0 then
    #   leads ♠K, which the declarer cannot follow: 71.)
    # ♥5: ♥K wins it for seat 2 (17 points to the opponents), and ♦A later takes ♦K: 53, nothing more.
    # ♦K: ♦A takes it (25); seat 0 leads ♠K and the declarer, with no spade, keeps ♥A, which later
    #   takes ♥Q and ♥K: 53 + 18 = 71.
    points = solve(state, objective="points")
    assert points.values == {"card HA": 95, "card H5": 53, "card DK": 71}
    assert points.value == 95 and points.best == ("card HA",) and points.player == 1
    # In øre (three players, each opponent subtracts; the declarer gets twice that):
    # 95 is 91-119, each opponent 8 (+16); 71 is 61-90, each 4 (+8); 53 is 60 or fewer, the declarer 8.
    game = solve(state)
    assert game.values == {"card HA": 16, "card H5": -8, "card DK": 8}
    # The opponents see it the other way round: each loses 8 on the best line.
    assert solve(state, seat=2).value == -8


def sjavs_ending() -> SjavsHand:
    """Four-player Sjavs, dealer 3: seat 0 bids 5 and names spades; the others pass.

    Seat 0 leads ♣Q ♠Q ♣J ♠J ♥J, and wins all five tricks (64 points for seats 0 and 2).  Then seat 0
    holds ♥A ♥7 ♦7, seat 1 ♥K ♦A ♦8, seat 2 ♥10 ♦K ♦9, seat 3 ♥Q ♦10 ♦Q: no trump is left.
    """
    hands = {
        0: "CQ SQ CJ SJ HJ HA H7 D7", 1: "SA S9 DJ CA CK HK DA D8",
        2: "SK S8 CT C9 H9 HT DK D9", 3: "ST S7 C8 C7 H8 HQ DT DQ",
    }
    deck = [c for half in (0, 1) for s in (0, 1, 2, 3) for c in hands[s].split()[4 * half: 4 * half + 4]]
    state = SjavsHand(" ".join(deck), players=4, dealer=3, cut=True)
    play(state, "bid 5", "pass", "pass", "pass", "trump S")
    for cards in ("CQ SA SK ST", "SQ S9 S8 S7", "CJ DJ CT C8", "SJ CA C9 C7", "HJ CK H9 H8"):
        play(state, *(f"play {c}" for c in cards.split()))
    return state


def test_sjavs_ending_partners_give_points_and_the_ace_is_cashed() -> None:
    state = sjavs_ending()
    assert state.current_player() == 0
    # 56 points are left.  ♥A draws ♥K ♥10 ♥Q (28).  Then ♥7 wins, as nobody else holds a heart: seat 1
    # throws ♦8 (keeping ♦A for the last trick), partner seat 2 gives ♦K (4), seat 3 throws ♦Q (3) and
    # keeps ♦10 for ♦A's trick: 28 + 7 = 35, and ♦A takes the last trick (21).  (If seat 2 kept ♦K, the
    # trick would hold only ♦Q: 31.)  ♦7 second instead: ♦A wins it and seat 3 gives it ♦10; seat 1 then
    # leads ♦8, taken by seat 2's ♦K with ♦Q on it: also 35.  So the pair ends with 64 + 35 = 99.
    points = solve(state, objective="points")
    assert points.values["play HA"] == 99
    assert points.values["play D7"] == 99
    # ♥7 first gives ♥K the trick (17 points away), and ♦A can never be caught with no trump left: the
    # pair can take at most 56 - 17 - 11 = 28 more, fewer than 35.
    assert points.values["play H7"] < 99
    assert points.value == 99 and set(points.best) == {"play HA", "play D7"}
    # 99 is 90 or more: the announcers score 4 with spades trumps.
    assert solve(state).values["play HA"] == 4


def test_a_lone_announcer_with_every_top_trump_scores_vol_alone() -> None:
    from sjavs.test_sjavs_hand import HANDS, stacked

    state = stacked(HANDS)
    play(state, "bid 8", "pass", "pass", "pass", "trump H")
    for cards in ("CQ S7 HJ C7", "SQ S8 DJ C8", "CJ S9 H9 C9", "SJ ST H8 CK", "HA SK H7 D7"):
        play(state, *(f"play {c}" for c in cards.split()))
    # Seat 1 has won every trick and holds ♥K ♥Q ♥10, the three highest cards left, all trumps: whatever
    # it leads wins, so it wins all eight alone: 16 game points for seats 1 and 3.
    solution = solve(state)
    assert solution.values == {"play HK": 16, "play HQ": 16, "play HT": 16}
    assert solve(state, seat=0).value == -16
    # The line replays on the real state to exactly that score.
    for text in solution.line:
        state.apply(text)
    assert state.is_terminal() and state.returns()[1] == 16


def test_the_declarer_may_fold_at_their_first_turn_and_loses_eight() -> None:
    hands = {1: "CQ SQ CJ HA H5 DK", 2: "SJ HJ DJ HK D5 S5", 0: "CA CK C5 DA HQ SK"}
    deck = sum(([*hands[s].split()[:3]] for s in (1, 2, 0)), []) + ["SA", "DQ"] + sum(
        ([*hands[s].split()[3:]] for s in (1, 2, 0)), [])
    state = KlorHand(" ".join(deck), dealer=0)
    play(state, "play", "stroke")
    solution = solve(state)
    assert solution.values["fold"] == -8  # three players: the declarer subtracts 8
    assert "fold" not in solution.best and solution.value >= 16  # the line shown above already makes 16
    assert "fold" not in solve(state, objective="points").values  # card points are not counted in a fold


# -- the solver against a brute-force minimax over the protocol -------------------------------------------


def _same_side(state: object, a: int, b: int) -> bool:
    if isinstance(state, SjavsHand) and state.players == 4:
        return a % 2 == b % 2
    return (a == state.declarer) == (b == state.declarer)  # type: ignore[attr-defined]


def _side_points(state: object, seat: int) -> int:
    """The card points of ``seat``'s side, read from the finished state's own fields."""
    if isinstance(state, SjavsHand):
        total = sum(sjavs_points(state.won_cards[s]) for s in range(state.players) if _same_side(state, s, seat))
        if state.players == 3 and seat == state.declarer:
            total += sjavs_points(state.talon[len(state.drawn):] + state.laid_away)
        return total
    assert isinstance(state, KlorHand)
    total = sum(klor_points(state.won[s]) for s in range(state.players) if _same_side(state, s, seat))
    if seat == state.declarer:
        total += klor_points(list(state.laid_away if state.swiped else state.cat))
    return total


def brute(state: object, seat: int, objective: str) -> int:
    """Plain minimax to the end of the hand through legal_actions/apply/undo; no table, no pruning."""
    if state.is_terminal():  # type: ignore[attr-defined]
        if objective == "points":
            return _side_points(state, seat)
        score = state.returns()[seat]  # type: ignore[attr-defined]
        return score * MIX + _side_points(state, seat) if objective == "mixed" else score
    mover = state.current_player()  # type: ignore[attr-defined]
    values = []
    for action in state.legal_actions():  # type: ignore[attr-defined]
        if objective == "points" and str(action) == "fold":
            continue
        state.apply(action)  # type: ignore[attr-defined]
        values.append(brute(state, seat, objective))
        state.undo()  # type: ignore[attr-defined]
    return max(values) if _same_side(state, mover, seat) else min(values)


KINDS = [("sjavs", 4, 2), ("sjavs", 4, 3), ("sjavs", 3, 3), ("sjavs", 2, 3),
         ("klorsjavs", "klorsjavs", 3), ("klorsjavs", "four-hand", 2), ("klorsjavs", "auction", 3)]


def random_position(rng: random.Random, kind: tuple[str, object, int]) -> object:
    """A random hand played at random until the player to move holds ``cards`` cards or fewer."""
    game, variant, cards = kind
    while True:
        if game == "sjavs":
            players = int(variant)  # type: ignore[call-overload]
            state: object = SjavsHand.deal(rng.randrange(2**32), dealer=rng.randrange(players), players=players)
        else:
            state = KlorHand.deal(rng.randrange(2**32), dealer=rng.randrange(4 if variant == "four-hand" else 3),
                                  variant=str(variant))
        while not state.is_terminal():  # type: ignore[attr-defined]
            if state.phase == "play":  # type: ignore[attr-defined]
                seat = state.current_player()  # type: ignore[attr-defined]
                held = len(state.hands[seat]) + sum(len(p) for p in getattr(state, "piles", [[]] * 4)[seat])  # type: ignore[attr-defined]
                if held <= cards:
                    return state
            actions = state.legal_actions()  # type: ignore[attr-defined]
            bids = [a for a in actions if str(a) != "pass"]
            if state.phase == "bidding" and bids and rng.random() < 0.8:  # type: ignore[attr-defined]
                state.apply(rng.choice(bids))  # type: ignore[attr-defined]
            else:
                state.apply(rng.choice([a for a in actions if str(a) != "fold"] or actions))  # type: ignore[attr-defined]


def test_the_solver_agrees_with_a_brute_force_minimax_on_random_small_positions() -> None:
    rng = random.Random(2024)
    checked = 0
    for i in range(280):
        kind = KINDS[i % len(KINDS)]
        state = random_position(rng, kind)
        seat = rng.randrange(state.num_players)  # type: ignore[attr-defined]
        objective = ("game", "points", "mixed")[i % 3]
        solution = solve(state, seat=seat, objective=objective)
        found = []
        for text, value in solution.values.items():
            state.apply(solution.actions[text])  # type: ignore[attr-defined]
            found.append(brute(state, seat, objective))
            assert found[-1] == value, (kind, objective, text, state.to_json())  # type: ignore[attr-defined]
            state.undo()  # type: ignore[attr-defined]
        mover = state.current_player()  # type: ignore[attr-defined]
        assert solution.value == (max(found) if _same_side(state, mover, seat) else min(found))
        checked += 1
    assert checked == 280


def test_the_table_and_the_merging_of_equal_cards_change_no_value() -> None:
    rng = random.Random(7)
    for i in range(30):
        state = random_position(rng, ("sjavs", 4, 4) if i % 2 else ("klorsjavs", "klorsjavs", 5))
        full = solve(state, objective="points")
        assert solve(state, objective="points", table=False, merge=False).values == full.values
        assert solve(state, objective="points", merge=False).values == full.values


def test_every_finished_hand_is_scored_as_returns_scores_it() -> None:
    # The readers score a finished hand from the game's scoring functions; a state one card from its end
    # has one action, and its value must be what returns() gives once it is played.
    rng = random.Random(11)
    seen = 0
    for i in range(600):
        kind = KINDS[i % len(KINDS)]
        state = random_position(rng, (kind[0], kind[1], 1))
        for seat in range(state.num_players):  # type: ignore[attr-defined]
            value = solve(state, seat=seat).value
            after = state.clone()  # type: ignore[attr-defined]
            while not after.is_terminal():
                after.apply(after.legal_actions()[0])
            assert value == after.returns()[seat], (kind, state.to_json())  # type: ignore[attr-defined]
            seen += 1
    assert seen > 1500


def test_a_whole_four_player_hand_is_solved_and_its_line_replays() -> None:
    state = SjavsHand.deal(3)
    bot = SimpleBot()
    while state.phase != "play":
        state.apply(bot.choose(state.observation(state.current_player())))
    for _ in range(16):  # four tricks in: four cards each left
        state.apply(bot.choose(state.observation(state.current_player())))
    solution = solve(state)
    assert solution.exact and solution.nodes > 0 and solution.value in solution.values.values()
    seat = solution.seat
    for text in solution.line:
        state.apply(text)
    assert state.is_terminal() and state.returns()[seat] == solution.value


def test_what_the_solver_refuses() -> None:
    with pytest.raises(InvalidPosition, match="at its bidding"):
        solve(SjavsHand.deal(1))
    with pytest.raises(InvalidPosition, match="hands, not an int"):
        solve(5)
    state = sjavs_ending()
    with pytest.raises(StytvoltError, match="objective"):
        solve(state, objective="tricks")
    with pytest.raises(InvalidPosition, match="seat"):
        solve(state, seat=4)
    with pytest.raises(StytvoltError, match="max_nodes"):
        solve(state, max_nodes=0)
    cut_short = solve(SjavsHand.from_json(state.to_json()), objective="points", max_nodes=1)
    assert cut_short.values  # the node limit is checked every 1,024 positions: a small ending still settles
    assert position_of(state).to_move == 0


# -- deals drawn from an observation --------------------------------------------------------------------------


def _playthrough(state: object, rng: random.Random) -> list[object]:
    """Every position of a hand played half by SimpleBot-like sense, half at random (copies)."""
    out = []
    while not state.is_terminal():  # type: ignore[attr-defined]
        out.append(state.clone())  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    return out


@pytest.mark.parametrize("players", [4, 3])
def test_sjavs_deals_drawn_from_an_observation_show_the_same(players: int) -> None:
    rng = random.Random(players)
    drawn = failed = 0
    for seed in range(25):
        bot = SimpleBot()
        state = SjavsHand.deal(seed, dealer=seed % players, players=players)
        while state.phase != "play" and not state.is_terminal():
            state.apply(bot.choose(state.observation(state.current_player())))
        for position in _playthrough(state, rng)[::3]:
            for seat in range(players):
                obs = position.observation(seat)  # type: ignore[attr-defined]
                world = sjavs_sample(obs, rng)
                if world is None:
                    failed += 1
                    continue
                drawn += 1
                assert world.observation(seat).to_json() == obs.to_json()
    assert drawn > 500 and failed <= drawn // 100


@pytest.mark.parametrize("variant", ["klorsjavs", "four-hand", "auction"])
def test_klorsjavs_deals_drawn_from_an_observation_show_the_same(variant: str) -> None:
    rng = random.Random(len(variant))
    drawn = 0
    for seed in range(30):
        state = KlorHand.deal(seed, dealer=seed % (4 if variant == "four-hand" else 3), variant=variant)
        for position in _playthrough(state, rng):
            for seat in range(position.players):  # type: ignore[attr-defined]
                obs = position.observation(seat)  # type: ignore[attr-defined]
                world = klor_sample(obs, rng)
                assert world is not None, (variant, seat, position.to_json())  # type: ignore[attr-defined]
                assert world.observation(seat).to_json() == obs.to_json()
                drawn += 1
    assert drawn > 500


def test_a_drawn_deal_keeps_the_suits_a_player_showed_out_of() -> None:
    from stytvolt.sjavs import suit_of

    rng = random.Random(5)
    voids_seen = 0
    for seed in range(40):
        state = _to_play(SjavsHand.deal(seed), 12 + seed % 12)
        if state.is_terminal():
            continue
        obs = state.observation(state.current_player())
        shown_out: dict[int, set[object]] = {}
        for trick in obs.tricks:
            led = suit_of(trick.plays[0], obs.trump)
            for k, card in enumerate(trick.plays):
                if suit_of(card, obs.trump) is not led:
                    shown_out.setdefault((trick.leader + k) % 4, set()).add(led)
        for _ in range(5):
            world = sjavs_sample(obs, rng)
            assert world is not None
            for seat, suits in shown_out.items():
                voids_seen += 1
                assert not [c for c in world.hands[seat] if suit_of(c, obs.trump) in suits]
    assert voids_seen > 100


def test_hidden_cards_are_spread_where_they_fit_or_not_at_all() -> None:
    from stytvolt.analysis import Place, spread
    from stytvolt.core.cards import parse_cards

    ace, king, queen = parse_cards("HA HK HQ")
    rng = random.Random(1)
    # Only ♥A fits the first place, so every spread puts it there and the other two in the second.
    for _ in range(20):
        placed = spread([ace, king, queen], [Place("east", 1, lambda c: c is ace), Place("west", 2)], rng)
        assert placed is not None and placed["east"] == [ace] and set(placed["west"]) == {king, queen}
    # Two places for ♥A alone cannot be filled.
    assert spread([ace, king, queen], [Place("east", 2, lambda c: c is ace), Place("west", 1)], rng) is None
    with pytest.raises(InvalidPosition, match="do not fill"):
        spread([ace, king], [Place("east", 1)], rng)


def test_two_player_hands_are_not_drawn() -> None:
    for seed in range(20):
        state = _to_play(SjavsHand.deal(seed, players=2), 3)
        if not state.is_terminal():
            assert sjavs_sample(state.observation(0), random.Random(1)) is None
            assert SamplingPlayer("sjavs").decide(state.observation(state.current_player())).worlds == 0


# -- the sampling player ----------------------------------------------------------------------------------------


def _to_play(state: object, cards: int) -> object:
    """SimpleBot plays the bidding and the first ``cards`` cards of the play."""
    from stytvolt.klorsjavs.bots import SimpleBot as KlorBot

    bot = SimpleBot() if isinstance(state, SjavsHand) else KlorBot()
    steps = 0
    while not state.is_terminal():  # type: ignore[attr-defined]
        if state.phase == "play":  # type: ignore[attr-defined]
            if steps == cards:
                return state
            steps += 1
        state.apply(bot.choose(state.observation(state.current_player())))  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize("game,make", [
    ("sjavs", lambda seed: SjavsHand.deal(seed, players=4)),
    ("sjavs", lambda seed: SjavsHand.deal(seed, players=3)),
    ("klorsjavs", lambda seed: KlorHand.deal(seed)),
    ("klorsjavs", lambda seed: KlorHand.deal(seed, variant="auction")),
])
def test_the_sampling_player_chooses_from_what_its_seat_sees(game: str, make: object) -> None:
    checked = 0
    for seed in range(12):
        for cards in (0, 5, 9):
            state = _to_play(make(seed), cards)  # type: ignore[operator]
            if state.is_terminal():  # type: ignore[attr-defined]
                continue
            seat = state.current_player()  # type: ignore[attr-defined]
            other = state.resample(seat, random.Random(seed))  # type: ignore[attr-defined]
            obs, twin = state.observation(seat), other.observation(seat)  # type: ignore[attr-defined]
            assert obs.to_json() == twin.to_json()
            hidden = [sorted(h) for s, h in enumerate(state.hands) if s != seat]  # type: ignore[attr-defined]
            if hidden == [sorted(h) for s, h in enumerate(other.hands) if s != seat]:
                continue  # the same hidden cards: nothing to compare
            player = SamplingPlayer(game, seed=seed, settings=Settings(worlds=4))
            assert player.choose(obs) == SamplingPlayer(game, seed=seed, settings=Settings(worlds=4)).choose(twin)
            assert player.choose(obs) in state.legal_actions()  # type: ignore[attr-defined]
            checked += 1
    assert checked >= 15


def test_the_sampling_player_explains_itself_and_leaves_the_bidding_to_simplebot() -> None:
    state = SjavsHand.deal(4)
    player = SamplingPlayer("sjavs", seed=1)
    obs = state.observation(state.current_player())
    assert player.choose(obs) == SimpleBot().choose(obs)
    state = _to_play(state, 1)
    decision = player.decide(state.observation(state.current_player()))
    assert decision.worlds == player.settings.worlds and decision.action in state.legal_actions()
    assert set(decision.scores) == {str(a) for a in state.legal_actions()}
    assert "deals that fit what it has seen" in decision.why
    steps = list(SamplingPlayer("sjavs", seed=1).think(state.observation(state.current_player())))
    assert steps[-1] == 1.0 and len(steps) == player.settings.worlds
    with pytest.raises(InvalidPosition, match="observation"):
        player.choose(state)
    with pytest.raises(InvalidPosition, match="plays one of"):
        SamplingPlayer("styrivolt")


def test_the_sampling_player_solves_a_small_ending_exactly() -> None:
    state = sjavs_ending()
    decision = SamplingPlayer("sjavs", seed=2).decide(state.observation(0))
    assert decision.solved == decision.worlds > 0  # three cards each: every deal is solved
    # Whatever the hidden cards, ♥A is a sure trick of 28 points at least; the scores say it is no worse
    # than ♥7, which gives the trick away.
    assert decision.scores["play HA"] > decision.scores["play H7"]
