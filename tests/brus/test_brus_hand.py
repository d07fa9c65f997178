"""A deal of Brus on the shared protocol: hand-worked deals, undo, JSON, observations, properties.

The stacked deals are played by hand below, each play worked out in the
comments from the rules (the live order, high to low: ♣J ♠8 ♥K, ♣9 ♠9 ♥9 ♦9,
♣A ♠A ♥A ♦A, ♠J ♥J ♦J, ♣6 ♠6 ♥6 ♦6).  Sides: seats 0, 2 (and 4) are side 0
("team A"), seats 1, 3 (and 5) side 1.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stytvolt.brus import GAME, LIVE_ORDER, PACK, Action, HandState, Rules, parse_action
from stytvolt.brus.cards import DUDS, SEVENS
from stytvolt.core.cards import parse_card
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError

from protocol import checks
from test_brus import deck_for

ORDER = {card: 18 - i for i, card in enumerate(LIVE_ORDER)}  # the test's own copy of the order: 18 for ♣J


def play(state: HandState, *actions: str) -> None:
    for action in actions:
        state.apply(action)


def texts(state: HandState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# -- a lurch with sevens: dealer 3, so seat 0 (the eldest) leads first ------------------------------------

LURCH = ["C7 S7 CJ S8 HK C9 CT ST HT", "D6 H6 S6 C6 C8 H8 D8 DT CQ", "H7 D7 S9 H9 D9 SQ HQ DQ CK",
         "CA SA HA DA SJ HJ DJ SK DK"]


def test_the_eldest_lays_out_sevens_then_leads_and_a_lurch_scores_two() -> None:
    state = HandState(deck_for(LURCH, 3), dealer=3)
    # Seat 0 lays out ♣7 and ♠7 at once: two tricks for side 0, then must lead a live card.
    assert [(e.kind, e.seat) for e in state.log] == [("seven", 0), ("seven", 0)]
    assert state.won == (0 + 2, 0) and state.current_player() == 0
    assert texts(state) == ["CJ", "S8", "HK", "C9"]
    # ♣9 led: seat 1 (sixes), seat 2 (♠9 ♥9 ♦9: lower nines) and seat 3 (aces, jacks) cannot beat it.
    play(state, "C9")
    for seat in (1, 2, 3):
        assert state.current_player() == seat and texts(state) == ["pass"]
        state.apply("pass")
    assert state.log[-1].kind == "trick" and state.log[-1].winner == 0 and state.won == (3, 0)
    # Seat 0 leads again and nobody beats Brus, Dull or Spit: 4, 5, 6 tricks, the opponents none.
    play(state, "HK", "pass", "pass", "pass", "S8", "pass", "pass", "pass")
    assert state.won == (5, 0) and not state.is_terminal()
    play(state, "CJ", "pass", "pass", "pass")
    assert state.is_terminal() and state.won == (6, 0) and state.end == "six"
    result = state.result()
    assert result is not None and (result.side, result.strokes, result.kind) == (0, 2, "lurch")
    assert state.returns() == [2, -2, 2, -2]
    assert [r.code for r in state.outcome()] == ["deal-six", "lurch"]
    assert state.legal_actions() == [] and state.current_player() == -1


# -- beat or pass, the lead passing on, sevens of a later leader: dealer 3 ----------------------------------

PASSING = ["D6 C8 H8 D8 CT ST HT DT CQ", "C7 CJ H6 SQ HQ DQ CK SK DK", "S7 H7 S8 C9 SA HJ S6 DA DJ",
           "D7 HK S9 H9 D9 CA HA SJ C6"]


def test_beat_or_pass_and_the_lead_passing_to_the_left() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    # Seat 0 has no seven and one live card, ♦6: it must lead it.
    assert state.log == [] and texts(state) == ["D6"]
    state.apply("D6")
    # Seat 1 must beat ♦6: ♣J and ♥6 both do; not ♣7 (a seven) nor a dud, and no pass.
    assert texts(state) == ["CJ", "H6"]
    with pytest.raises(IllegalAction) as refused:
        state.apply("pass")
    assert refused.value.reason.code == "must-beat"
    with pytest.raises(IllegalAction) as refused:
        state.apply("C7")
    assert refused.value.reason.code == "seven-not-played"
    with pytest.raises(IllegalAction) as refused:
        state.apply("CK")
    assert refused.value.reason.code == "dud-not-played"
    state.apply("H6")
    # Seat 2 beats ♥6 with anything live: ♠6 is the cheapest.  Seat 3 beats ♠6 with ♣6.
    with pytest.raises(IllegalAction) as refused:
        state.apply("D6")
    assert refused.value.reason.code == "not-held"
    play(state, "S6", "C6")
    # Seat 3 wins trick 1, comes to the lead and first lays out ♦7: side 1 has 2 tricks.
    assert [(e.kind, e.seat, e.winner) for e in state.log] == [("trick", 0, 3), ("seven", 3, 3)]
    assert state.won == (0, 2) and state.current_player() == 3
    state.apply("SJ")
    # Seat 0 holds only duds: it passes.  Seat 1's ♣J beats ♠J, so it must play it.
    assert texts(state) == ["pass"]
    state.apply("pass")
    assert texts(state) == ["CJ"]
    play(state, "CJ", "pass")
    # Seat 1 wins trick 2 (3 tricks), lays out ♣7 (4), holds no live card: the lead passes to seat 2,
    # who lays out ♠7 and ♥7 (side 0: 2 tricks) and leads.
    assert [(e.kind, e.seat) for e in state.log[2:]] == [
        ("trick", 3), ("seven", 1), ("lead-passes", 1), ("seven", 2), ("seven", 2)]
    assert state.won == (2, 4) and state.current_player() == 2
    # ♦J led, seat 3 beats with ♥A, seats 0 and 1 pass: side 1 has 5.
    play(state, "DJ", "HA", "pass", "pass")
    assert state.won == (2, 5) and state.current_player() == 3
    # ♣A led: seat 2's ♣9 beats it (its ♠8 too): seat 2 wins, 3 for side 0.
    play(state, "CA", "pass", "pass")
    assert texts(state) == ["S8", "C9"]
    state.apply("C9")
    assert state.won == (3, 5) and state.current_player() == 2
    # ♥J led, seat 3 beats with ♦9: side 1's sixth trick ends the deal, 6 to 3: one stroke.
    play(state, "HJ", "D9", "pass", "pass")
    assert state.is_terminal() and state.won == (3, 6)
    assert state.returns() == [-1, 1, -1, 1]
    result = state.result()
    assert result is not None and result.kind == "six"


def test_explaining_a_trick_of_the_deal() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    play(state, "D6", "H6", "S6", "C6")
    trick = state.log[0]
    explained = state.explain(trick)
    assert explained.winner == 3 and explained.card == parse_card("C6")
    assert explained.reason.text == "Player 3 wins the trick with ♣6, the highest card played."
    with pytest.raises(InvalidPosition, match="only a trick"):
        state.explain(state.log[1])


# -- an unfinished deal, decided by ♣K: dealer 3 ---------------------------------------------------------

UNFINISHED = ["C7 S7 D6 HJ CA HK S8 CK CT", "H6 SJ D9 H9 CJ C8 H8 D8 DT", "H7 S6 DA HA S9 CQ SQ HQ DQ",
              "D7 C6 DJ SA C9 SK DK ST HT"]
UNFINISHED_PLAY = ["D6", "H6", "S6", "C6",   # seat 3 wins; lays out ♦7
                   "DJ", "HJ", "SJ", "DA",   # seat 2 wins; lays out ♥7
                   "HA", "SA", "CA", "D9",   # seat 1 wins
                   "H9", "S9", "C9", "HK",   # seat 0 wins
                   "S8", "CJ", "pass", "pass"]  # seat 1 wins; no live card is left anywhere


def test_no_live_card_left_and_five_tricks_with_the_club_king() -> None:
    # Side 0: two sevens at the start, tricks 2 and 4, ♥7 = 5; side 1: tricks 1, 3, 5 and ♦7 = 4.
    state = HandState(deck_for(UNFINISHED, 3), dealer=3)
    play(state, *UNFINISHED_PLAY)
    assert state.is_terminal() and state.end == "no-live" and state.won == (5, 4)
    assert not any(c in LIVE_ORDER for hand in state.hands for c in hand)
    # ♣K is in seat 0's hand: side 0 has five and the card: one stroke.
    assert state.club_king_holder() == 0 and state.club_king_shown()
    result = state.result()
    assert result is not None and (result.side, result.strokes, result.kind) == (0, 1, "club-king")
    assert state.returns() == [1, -1, 1, -1]
    assert state.observation(1).club_king == 0
    assert [r.code for r in state.outcome()] == ["deal-no-live", "club-king"]


def test_five_tricks_without_the_club_king_is_a_draw() -> None:
    swapped = list(UNFINISHED)
    swapped[0] = swapped[0].replace("CK", "DT")  # ♣K goes to seat 1 instead of ♦10
    swapped[1] = swapped[1].replace("DT", "CK")
    state = HandState(deck_for(swapped, 3), dealer=3)
    play(state, *UNFINISHED_PLAY)
    assert state.won == (5, 4)
    result = state.result()
    assert result is not None and (result.side, result.strokes) == (None, 0)
    assert state.returns() == [0, 0, 0, 0]
    assert state.observation(0).club_king == 1


# -- six players: a seven reaching six stops the deal at once -------------------------------------------

SIX_STOP = ["CJ S8 HK C7 S7 CT", "C8 H8 D8 ST HT DT", "H7 D7 C9 S9 H9 D9", "CA SA HA DA SJ HJ",
            "DJ C6 S6 H6 D6 CQ", "SQ HQ DQ CK SK DK"]


def test_six_players_and_a_seven_ending_the_deal() -> None:
    state = HandState(deck_for(SIX_STOP, 5), players=6, dealer=5)
    # Seat 0 (the dealer's left) lays out ♣7 ♠7: 2; then Brus, Dull and Spit each pass round all five
    # others (nobody holds anything higher): 3, 4, 5.
    assert state.won == (2, 0)
    for card in ("HK", "S8", "CJ"):
        state.apply(card)
        for _ in range(5):
            assert texts(state) == ["pass"]
            state.apply("pass")
    # Seat 0 has no live card left: the lead passes to seat 1 (duds only), then to seat 2, who lays out
    # ♥7: the sixth trick, and play stops at once; ♦7 stays in seat 2's hand.
    assert state.is_terminal() and state.won == (6, 0)
    assert [(e.kind, e.seat) for e in state.log[-3:]] == [("lead-passes", 0), ("lead-passes", 1), ("seven", 2)]
    assert parse_card("D7") in state.hands[2]
    assert state.returns() == [2, -2, 2, -2, 2, -2]


def test_six_players_deal_six_cards_each() -> None:
    state = HandState.deal(4, 2, players=6)
    assert state.num_players == 6
    assert sum(len(h) for h in state.hands) + sum(len(e.plays) for e in state.log) == 36
    assert state.cutter == 1


# -- dealing ---------------------------------------------------------------------------------------------


def test_dealing_one_at_a_time_from_the_dealers_left() -> None:
    deck = sorted(PACK)
    state = HandState(deck, dealer=1)
    # dealer 1: the first card goes to seat 2, then 3, 0, 1, and round again
    hands = [[deck[i] for i in range(36) if (i + 2) % 4 == s] for s in range(4)]
    for s in range(4):
        assert set(state.hands[s]) | {c for e in state.log if e.seat == s for _, c in e.plays if c} == set(hands[s])
    assert state.cutter == 0


def test_the_same_seed_deals_the_same_cards() -> None:
    assert HandState.deal(99).deck == HandState.deal(99).deck
    assert HandState.deal(99).deck != HandState.deal(100).deck


# -- undo, clone, JSON -------------------------------------------------------------------------------------


def test_undo_takes_back_a_trick_and_its_sevens() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    before = state.to_json(), state.hands, list(state.log), state.won
    play(state, "D6", "H6", "S6", "C6")
    assert state.won == (0, 2)
    assert state.undo() == Action(parse_card("C6"))
    assert state.won == (0, 0) and len(state.log) == 0 and state.current_player() == 3
    for _ in range(3):
        state.undo()
    assert (state.to_json(), state.hands, list(state.log), state.won) == before
    with pytest.raises(IllegalAction) as refused:
        state.undo()
    assert refused.value.reason.code == "nothing-to-undo"


def test_clone_is_independent() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    copy = state.clone()
    play(copy, "D6", "H6", "S6", "C6")
    assert state.log == [] and state.current_player() == 0
    assert len(copy.log) == 2


def test_json_round_trip_and_text() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    play(state, "D6", "H6")
    data = state.to_json()
    assert data["actions"] == ["D6", "H6"] and data["game"] == "brus"
    again = HandState.from_json(json.dumps(data))
    assert again.to_json() == data and again.hands == state.hands


@pytest.mark.parametrize("data, words", [
    ({"game": "sjavs"}, "not a saved Brus deal"),
    ({"game": "brus", "v": 2, "deck": ""}, "not a saved Brus deal"),
    ({"game": "brus"}, "lacks the field 'deck'"),
    ({"game": "brus", "deck": "C9", "x": 1}, "no field 'x'"),
    ({"game": "brus", "deck": 5}, "deck must be the 36 cards as text, not 5"),
    ({"game": "brus", "deck": "C9 D6"}, "has 36 cards, got 2"),
    ({"game": "brus", "deck": " ".join(str(c) for c in sorted(PACK)), "players": 5}, "players must be 4 or 6"),
    ({"game": "brus", "deck": " ".join(str(c) for c in sorted(PACK)), "dealer": 4}, "dealer must be"),
    ({"game": "brus", "deck": " ".join(str(c) for c in sorted(PACK)), "rules": {"x": 1}}, "unknown rule switch"),
    ({"game": "brus", "deck": " ".join(str(c) for c in sorted(PACK)), "actions": ["HQ"]}, "cannot be replayed"),
    ({"game": "brus", "deck": " ".join(str(c) for c in sorted(PACK)), "actions": "D6"}, "actions is a list of action texts, not 'D6'"),
    ("[1, 2", "not JSON"),
    (7, "JSON object, not an int"),
])
def test_from_json_refuses_bad_positions(data: object, words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        HandState.from_json(data)


@pytest.mark.parametrize("text, want", [("pass", "pass"), ("PASS", "pass"), ("CJ", "CJ"), ("♣J", "CJ"),
                                        ("card S8", "S8"), ("jc", "CJ")])
def test_parse_action(text: str, want: str) -> None:
    assert str(parse_action(text)) == want


@pytest.mark.parametrize("bad", ["", "play CJ", "C2", "CJ S8", "passe", 3, None])
def test_parse_action_refuses(bad: object) -> None:
    with pytest.raises(ParseError):
        parse_action(bad)


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 5}, "players must be 4 or 6"), ({"players": True}, "players must be"),
    ({"dealer": 4}, "dealer must be"), ({"dealer": -1}, "dealer must be"), ({"rules": {}}, "Brus Rules"),
])
def test_a_deal_refuses_bad_tables(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        HandState(sorted(PACK), **kwargs)  # type: ignore[arg-type]


def test_a_deal_refuses_a_bad_deck() -> None:
    with pytest.raises(InvalidPosition, match="has 36 cards"):
        HandState(sorted(PACK)[:-1])
    with pytest.raises(InvalidPosition, match="twice"):
        HandState(sorted(PACK)[:-1] + [sorted(PACK)[0]])
    with pytest.raises(Exception, match="not in the 36-card"):
        HandState(" ".join(str(c) for c in sorted(PACK)[:-1]) + " C2")


def test_nothing_is_played_after_the_end() -> None:
    state = HandState(deck_for(LURCH, 3), dealer=3)
    play(state, "C9", "pass", "pass", "pass", "HK", "pass", "pass", "pass", "S8", "pass", "pass", "pass",
         "CJ", "pass", "pass", "pass")
    with pytest.raises(IllegalAction) as refused:
        state.apply("pass")
    assert refused.value.reason.code == "over"


# -- what each player sees ---------------------------------------------------------------------------------


def test_observation_shows_own_hand_counts_and_the_log_only() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    play(state, "D6", "H6")
    obs = state.observation(2)
    assert obs.hand == state.hands[2] and obs.counts == (8, 8, 9, 9)
    assert obs.legal == tuple(state.legal_actions()) and obs.to_move == 2
    assert state.observation(0).legal == ()
    assert obs.highest == parse_card("H6")
    data = obs.to_json()
    # seat 2 sees its own cards and the two played, nothing else of other hands
    named = checks.cards_mentioned(GAME, data)
    assert named == {str(c) for c in state.hands[2]} | {"D6", "H6"} | {str(a) for a in obs.legal}
    with pytest.raises(InvalidPosition, match="player must be"):
        state.observation(4)


def test_resample_keeps_what_the_passes_showed() -> None:
    # After trick 2 of the PASSING deal, seat 0 passed on ♠J (so holds nothing above it) and seat 2 passed
    # on ♣J; seat 3 has been on lead (so holds no seven).  Every resample for seat 1 keeps that.
    state = HandState(deck_for(PASSING, 3), dealer=3)
    play(state, "D6", "H6", "S6", "C6", "SJ", "pass", "CJ", "pass")
    rng = random.Random(3)
    want = state.observation(1).to_json()
    moved = 0
    for _ in range(40):
        other = state.resample(1, rng)
        assert other.observation(1).to_json() == want
        assert not any(c in SEVENS for c in other.hands[3])
        assert all(ORDER.get(c, 0) < ORDER[parse_card("SJ")] for c in other.hands[0])
        moved += other.hands != state.hands
    assert moved > 20


# -- properties over thousands of random deals -----------------------------------------------------------


def _expected_strokes(won: tuple[int, int], club_king_side: int) -> tuple[int | None, int]:
    """The score from the rules, written out again here: six tricks 1 (2 if the others have none); else a
    side with five holding ♣K 1; else nothing."""
    for side in (0, 1):
        if won[side] == 6:
            return side, 2 if won[1 - side] == 0 else 1
    for side in (0, 1):
        if won[side] == 5 and club_king_side == side:
            return side, 1
    return None, 0


def _check_deal(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = HandState.deal(seed, rng.randrange(players), players=players)
    steps = 0
    while True:
        # 36 cards accounted for: in hand, laid out as sevens, or played to tricks (done or in progress)
        out = [c for h in state.hands for c in h] + [c for e in state.log for _, c in e.plays if c is not None] \
            + [c for _, c in state.plays if c is not None]
        assert len(out) == 36 and set(out) == set(PACK)
        tricks = [0, 0]
        for e in state.log:
            if e.kind != "lead-passes":
                tricks[e.winner % 2] += 1
        assert tuple(tricks) == state.won
        if state.is_terminal():
            break
        seat = state.current_player()
        hand = state.hands[seat]
        highest = state.highest
        legal = texts(state)
        # the legal actions, worked out again from the order: live cards above the highest (any live card on
        # lead); a pass only for a follower with none
        above = [str(c) for c in hand if c in ORDER and (highest is None or ORDER[c] > ORDER[highest])]
        assert legal == above + ([] if above or highest is None else ["pass"])
        assert legal, "a player to move always has something to do"
        state.apply(rng.choice(legal))
        steps += 1
        assert steps < 200
    # the deal ended by the rules: six tricks for one side, or no live card anywhere (and no seven left)
    if 6 in state.won:
        assert state.end == "six" and state.won.count(6) == 1
    else:
        assert state.end == "no-live"
        assert not any(c in ORDER or c in SEVENS for h in state.hands for c in h)
    # every trick: a lead, one turn for each other player, each card above the last, the last card winning
    for e in state.log:
        if e.kind == "trick":
            assert len(e.plays) == players and e.plays[0][0] == e.seat and e.plays[0][1] in ORDER
            assert [s for s, _ in e.plays] == [(e.seat + k) % players for k in range(players)]
            played = [(s, c) for s, c in e.plays if c is not None]
            assert all(ORDER[a] < ORDER[b] for (_, a), (_, b) in zip(played, played[1:]))
            assert e.winner == played[-1][0]
        elif e.kind == "seven":
            assert e.plays[0][1] in SEVENS and e.winner == e.seat
    # duds never leave a hand
    assert {c for h in state.hands for c in h} >= set(DUDS)
    side, strokes = _expected_strokes(state.won, state.club_king_holder() % 2)
    returns = state.returns()
    assert sum(returns) == 0
    assert returns == [(strokes if s % 2 == side else -strokes) if side is not None else 0 for s in range(players)]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from((4, 6)))
def test_random_deals_follow_the_rules(seed: int, players: int) -> None:
    _check_deal(seed, players)


def test_thousands_of_deals_reach_every_ending() -> None:
    seen = set()
    for seed in range(1500):
        players = (4, 6)[seed % 2]
        state = HandState.deal(seed, seed % players, players=players)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        assert result is not None
        seen.add((players, result.kind))
    # every kind of ending happens at both tables, the no-score draw at six players
    assert {(4, "six"), (4, "lurch"), (4, "club-king"), (6, "six"), (6, "lurch"), (6, "club-king"),
            (6, "none")} <= seen


# -- the shared protocol checks, both table sizes -----------------------------------------------------------


@pytest.mark.parametrize("players", [4, 6])
def test_protocol_checks(players: int) -> None:
    total = checks.ObservationStats()
    for seed in range(16):
        stats = checks.check_all(GAME, seed, rules=Rules(), options={"players": players, "dealer": seed % players})
        total.resamples += stats.resamples
        total.changed += stats.changed
        total.hands_compared += stats.hands_compared
    assert total.changed >= total.resamples // 2
    assert total.hands_compared > 0


def test_game_info() -> None:
    assert GAME.name == "brus" and GAME.players == (4, 6) and GAME.switches == ()
    state = GAME.new(5, rules=Rules(), players=6, dealer=3)
    assert isinstance(state, HandState) and state.num_players == 6 and state.dealer == 3
    assert GAME.parse_action("pass") == Action(None)
    assert Rules.from_json({}) == Rules() and Rules().to_json() == {}

