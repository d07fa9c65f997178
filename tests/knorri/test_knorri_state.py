"""A game of Knorri as its players know it: both phases, every variant, worked by hand on stacked
decks and chosen hands (seed 003; rulings R87-R99 are pinned in test_rulings_knorri.py)."""

from __future__ import annotations

import json
import random

import pytest

from stytvolt import IllegalAction, InvalidPosition, ParseError, StytvoltError, format_cards, parse_cards
from stytvolt.knorri import (
    GAME, MARKED_TWO, PACK, Action, KnorriState, PhaseOne, Rules, parse_action, phase_two,
)
from stytvolt.knorri.bots import RandomBot, SimpleBot, usefulness


def stacked(first: str, *, players: int = 4, dealer: int = 0, rules: Rules = Rules()) -> KnorriState:
    """A game whose deck starts with ``first`` (the nine face-up cards, then the cards turned in order);
    the rest of the pack follows in pack order."""
    named = list(parse_cards(first))
    rest = [c for c in PACK if c not in named]
    return KnorriState(named + rest, players=players, dealer=dealer, rules=rules)


def texts(state: KnorriState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def hand(state: KnorriState, seat: int) -> str:
    return format_cards(sorted(state.hands[seat]))


FACE_UP = "S4 S7 H2 D5 C9 HK D9 C3 SA"


# -- phase one: the table ----------------------------------------------------------------------------------


def test_the_deal_lays_nine_cards_face_up_and_the_dealers_left_turns_first() -> None:
    state = stacked(FACE_UP + " S9", dealer=0)
    assert format_cards(state.table_cards) == FACE_UP
    assert state.turned is not None and str(state.turned) == "S9"
    assert state.current_player() == 1  # the dealer's left
    obs = state.observation(3)
    assert obs.pack == 52 - 10  # nine face up, one turned
    assert all(len(h) == 0 for h in state.hands)  # nobody holds a card yet


def test_a_turned_card_must_take_a_lower_card_of_its_suit_chosen_by_the_player() -> None:
    state = stacked(FACE_UP + " S9 C2")
    # ♠9: ♠4 and ♠7 are lower spades; ♠A is higher.  No "leave": the take is forced.
    assert texts(state) == ["take S4", "take S7"]
    assert state.explain_turn().code == "must-take-choice"  # type: ignore[union-attr]
    state.apply("take S7")
    assert hand(state, 1) == "S7 S9"  # the turned card and the one it took, into player 1's pile
    assert "S7" not in format_cards(state.table_cards)
    assert state.current_player() == 2 and str(state.turned) == "C2"


def test_a_turned_diamond_with_no_lower_diamond_takes_a_spade_or_a_heart() -> None:
    state = stacked(FACE_UP + " D3")
    # ♦3: ♦5 and ♦9 are higher, so a spade or a heart: ♠4 ♠7 ♠A ♥2 ♥K (never ♣9 or ♣3).
    assert texts(state) == ["take S4", "take S7", "take SA", "take H2", "take HK"]
    state.apply("take SA")
    assert hand(state, 1) == "SA D3"


def test_a_turned_diamond_must_take_a_lower_diamond_when_there_is_one() -> None:
    state = stacked(FACE_UP + " D7")
    assert texts(state) == ["take D5"]
    with pytest.raises(IllegalAction) as refused:
        state.apply("take SA")
    assert refused.value.reason.code == "diamond-first"


def test_a_card_that_takes_nothing_stays_and_the_turn_passes() -> None:
    state = stacked(FACE_UP + " C2 H3")
    assert texts(state) == ["leave"] and state.explain_turn().code == "stays"  # type: ignore[union-attr]
    state.apply("leave")
    assert format_cards(state.table_cards) == FACE_UP + " C2"
    # Player 2 turns ♥3, which takes ♥2.
    assert state.current_player() == 2 and texts(state) == ["take H2"]
    with pytest.raises(IllegalAction) as refused:
        state.apply("leave")
    assert refused.value.reason.code == "must-take"


def test_the_turn_goes_round_the_table() -> None:
    state = stacked(FACE_UP + " C2 C4 S2 H4 S3", players=3, dealer=2)
    seen = []
    for _ in range(5):
        seen.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert seen == [0, 1, 2, 0, 1]  # dealer 2: player 0 first, then clockwise


def descending_deck() -> list[str]:
    """A deck in which no turned card ever takes: every suit falls, the diamonds all before any spade or
    heart (so a diamond never finds one to take)."""
    order = ["D" + r for r in "AKQJT98765432"] + ["C" + r for r in "AKQJT98765432"]
    order += ["S" + r for r in "AKQJT98765432"] + ["H" + r for r in "AKQJT98765432"]
    return order


def test_when_the_pack_runs_out_the_last_taker_sweeps_the_table() -> None:
    # Descending order, but with ♠2 moved into the face-up cards and ♠3 turned first: player 1 takes
    # ♠3 ♠2; no other card ever takes, so player 1 is the last taker and sweeps the other 50 cards.
    order = [c for c in descending_deck() if c not in ("S2", "S3")]
    deck = order[:8] + ["S2", "S3"] + order[8:]
    state = KnorriState(" ".join(deck), players=4, dealer=0)
    assert texts(state) == ["take S2"]
    state.apply("take S2")
    while state.phase == "turn":
        assert texts(state) == ["leave"]
        state.apply("leave")
    assert state.table_cards == []
    assert len(state.hands[1]) == 52 and all(len(state.hands[p]) == 0 for p in (0, 2, 3))
    # Only player 1 holds cards: phase two has nothing to decide, and player 1 is the loser.
    assert state.is_terminal() and state.loser == 1
    assert state.returns() == [1, -3, 1, 1]
    assert state.no_cards == (0, 2, 3)


def test_the_last_card_turned_can_itself_be_the_last_take() -> None:
    # The descending deck ending ♥2 ♥3: ♥2 stays, then ♥3, the last card turned, takes it, so its
    # turner is the last taker and sweeps.  Nine face up, 43 turned: the 43rd turn falls to player
    # (dealer + 43) % 4 = 3.
    deck = descending_deck()[:-2] + ["H2", "H3"]
    state = KnorriState(" ".join(deck), players=4, dealer=0)
    while state.phase == "turn" and texts(state) == ["leave"]:
        state.apply("leave")
    assert str(state.turned) == "H3" and state.current_player() == 3 and texts(state) == ["take H2"]
    state.apply("take H2")
    assert len(state.hands[3]) == 52 and state.loser == 3


def test_nobody_takes_a_card_so_nobody_loses() -> None:
    state = KnorriState(" ".join(descending_deck()), players=3)
    while not state.is_terminal():
        assert texts(state) == ["leave"]
        state.apply("leave")
    assert len(state.table_cards) == 52 and state.loser == -1
    assert state.returns() == [0, 0, 0]
    assert state.observation(0).loser is None


# -- phase one: the all-lower version ----------------------------------------------------------------------


def test_all_lower_takes_every_lower_card_of_the_suit() -> None:
    rules = Rules(phase_one=PhaseOne.ALL_LOWER)
    state = stacked(FACE_UP + " S9 D3", rules=rules)
    assert texts(state) == ["take S4 S7"]
    state.apply("take S7 S4")  # the order written does not matter
    assert hand(state, 1) == "S4 S7 S9"
    # ♦3 finds no lower diamond and, in this version, takes no spade or heart: it stays.
    assert texts(state) == ["leave"]


# -- phase one: "you missed one" ---------------------------------------------------------------------------


def test_with_overlooking_a_missed_take_can_be_pointed_out() -> None:
    rules = Rules(overlooking=True)
    state = stacked(FACE_UP + " S9 C2", rules=rules)
    assert texts(state) == ["take S4", "take S7", "leave"]
    state.apply("leave")  # player 1 misses the take
    assert state.phase == "claim" and state.current_player() == 2
    assert texts(state) == ["point S4", "point S7", "pass"]
    state.apply("pass")
    assert state.current_player() == 3
    state.apply("point S4")  # player 3 points out ♠4: player 1 must take it with the ♠9
    assert hand(state, 1) == "S4 S9" and state.phase == "turn"
    assert state.current_player() == 2  # then the turn passes on from player 1 as usual


def test_when_everyone_lets_a_miss_pass_the_card_stays() -> None:
    state = stacked(FACE_UP + " S9 C2", rules=Rules(overlooking=True))
    state.apply("leave")
    for _ in range(3):
        state.apply("pass")
    assert "S9" in format_cards(state.table_cards) and hand(state, 1) == ""
    assert state.current_player() == 2 and str(state.turned) == "C2"


def test_without_overlooking_the_engine_makes_every_take() -> None:
    state = stacked(FACE_UP + " S9")
    with pytest.raises(IllegalAction):
        state.apply("leave")
    with pytest.raises(IllegalAction) as refused:
        state.apply("point S4")
    assert refused.value.reason.code == "nothing-missed"


# -- phase one: the Mas version ----------------------------------------------------------------------------


def mas_deck(first: str) -> list[str]:
    named = first.split()
    return named + [str(c) for c in PACK if str(c) not in named]


def test_the_mas_phase_one_deals_three_cards_and_pairs_players_in_turn() -> None:
    # Three players, dealer 0: cards go one at a time to 1, 2, 0, 1, 2, 0, ...
    deck = mas_deck("S4 H9 D2 CK S9 D3 HA C5 C7 DQ SJ")
    state = KnorriState(" ".join(deck), players=3, rules=Rules(phase_one=PhaseOne.MAS))
    assert hand(state, 1) == "S4 HA CK" and hand(state, 2) == "S9 H9 C5"
    assert state.observation(1).hidden == (3, 0, 3)  # player 1 sees only their own hand
    assert state.current_player() == 1  # player 1 leads to player 2
    assert texts(state) == ["play S4", "play HA", "play CK", "chance"]
    state.apply("play S4")  # and draws ♦Q from the stock at once
    assert hand(state, 1) == "HA DQ CK"
    assert state.current_player() == 2
    state.apply("play H9")  # draws ♠J; ♥9 outranks ♠4, suits aside: player 2 takes both
    assert state.observation(0).hands[2] == tuple(parse_cards("S4 H9"))  # the pile is public
    # The next trick: player 2 leads to player 0 (the lead goes round, whoever won).
    assert state.current_player() == 2
    state.apply("chance")  # the stock's top card, the tenth of its 41: ♠2 (pack order after the named)
    assert format_cards([c for _, c in state.observation(0).mas_trick]) == "S2"
    assert hand(state, 2) == "S4 S9 SJ H9 C5"  # its pile and hand; no draw after playing blind


def test_equal_ranks_bounce_and_the_same_two_play_again() -> None:
    deck = mas_deck("S4 H4 D2 CK S9 D3 HA C5 C7")
    state = KnorriState(" ".join(deck), players=3, rules=Rules(phase_one=PhaseOne.MAS))
    state.apply("play S4")
    state.apply("play H4")  # a bounce
    assert [str(c) for _, c in state.observation(0).mas_trick] == ["S4", "H4"]
    assert state.current_player() == 1  # the same leader plays again
    state.apply("play HA")
    assert state.current_player() == 2
    state.apply("play S9")  # the ace wins all four cards
    assert "S4 H4 S9 HA" in " ".join(format_cards(sorted(parse_cards(hand(state, 1))))) or \
        {"S4", "H4", "S9", "HA"} <= set(hand(state, 1).split())


def test_the_mas_phase_ends_with_the_hands_kept_unseen_by_the_others() -> None:
    # Tricks go on until fewer than two players hold cards; what the last holder still has joins their
    # pile without being shown.  The pairs take turns evenly, so the hands usually run out together;
    # a bounce or the stock running out mid-trick can leave one player holding cards, about one game
    # in forty with three players (seeds 108, 131, 151 and 157 among these, played at random).
    kept = 0
    for seed in range(100, 160):
        state = KnorriState.deal(seed, players=3, rules=Rules(phase_one=PhaseOne.MAS))
        rng = random.Random(seed)
        while state.phase == "mas":
            state.apply(rng.choice(state.legal_actions()))
        assert sum(len(h) for h in state.hands) == 52
        hidden = [state.observation(p).hidden for p in range(3)]
        for p in range(3):
            assert hidden[p][p] == 0  # a player sees their own cards
            unseen = [q for q in range(3) if hidden[p][q]]
            assert len(unseen) <= 1  # only the last holder kept cards in hand
        kept += any(any(h) for h in hidden)
    assert kept > 0


# -- phase two: the seed's worked examples -----------------------------------------------------------------


def test_the_seeds_first_trick_with_a_run_of_clubs() -> None:
    # A plays 2-3-4, B 7, C J; D cannot beat the J and picks up the 2.  The trick 3-4-7-J counts as
    # three cards, so it is A's turn: A may beat with the K (four: the trick is set aside and A leads)
    # or pick up the 3; then B picks up the 4, leaving 7-J, and C must beat the J or pick up the 7.
    state = phase_two(["C2 C3 C4 CK H5", "C7 H9 S3", "CJ D5 S8", "H2 S4 DA"])
    assert state.current_player() == 0
    assert texts(state) == ["play C2", "play C2 C3", "play C2 C3 C4"]
    for action in ("play C2 C3 C4", "play C7", "play CJ"):
        state.apply(action)
    assert texts(state) == ["pick up"]  # D: no higher club, and a diamond never beats a club
    state.apply("pick up")
    assert hand(state, 3) == "S4 H2 DA C2"
    assert [format_cards(g) for g in state.trick_cards] == ["C3 C4", "C7", "CJ"]
    assert state.current_player() == 0 and texts(state) == ["play CK", "pick up"]
    beaten = state.clone()
    beaten.apply("play CK")  # the fourth "card": the trick is complete
    assert beaten.trick_cards == [] and beaten.current_player() == 0
    state.apply("pick up")  # A takes the 3
    assert state.current_player() == 1
    state.apply("pick up")  # B takes the 4
    assert [format_cards(g) for g in state.trick_cards] == ["C7", "CJ"]
    assert state.current_player() == 2 and texts(state) == ["pick up"]  # C's ♦5 and ♠8 cannot beat ♣J


def test_the_seeds_trick_that_outlives_a_player_going_out() -> None:
    # A leads ♥8; B beats with the ♥K, her last card, and goes out; C picks up the 8; D beats with
    # the ♥A; A trumps with ♦5.  Three cards, three players left, but four began the trick: C must
    # pick up the K or beat the 5 with a higher trump; beating completes it, and C leads a trick of 3.
    state = phase_two(["H8 D5 S2 S3", "HK", "D7 S4 S5", "HA S6 S7"], leader=0)
    for action in ("play H8", "play HK", "pick up", "play HA", "play D5"):
        state.apply(action)
    assert state.out == [1] and state.trick_size == 4
    assert state.current_player() == 2 and texts(state) == ["play D7", "pick up"]
    state.apply("play D7")
    assert state.trick_cards == [] and state.current_player() == 2
    state.apply("play S4")
    assert state.trick_size == 3


# -- phase two: hand-worked rules ----------------------------------------------------------------------------


def test_going_out_on_a_completing_card_passes_the_lead_to_the_left() -> None:
    # Three players: A ♠5, B ♠9, C ♠K (C's last card) completes the trick; C cannot lead, A does.
    state = phase_two(["S5 H2", "S9 H3", "SK"], leader=0)
    for action in ("play S5", "play S9", "play SK"):
        state.apply(action)
    assert state.out == [2] and state.trick_cards == [] and state.current_player() == 0


def test_a_trick_emptied_by_pick_ups_is_led_again_by_the_next_player() -> None:
    state = phase_two(["S5 H2", "C9 H3", "SK D4"], leader=0)
    state.apply("play S5")
    assert texts(state) == ["pick up"]  # ♣9 and ♥3 cannot beat ♠5
    state.apply("pick up")
    assert state.trick_cards == [] and state.current_player() == 2


def test_players_who_are_out_are_skipped() -> None:
    state = phase_two(["S5 H2", "S9", "SK D4"], leader=0)
    state.apply("play S5")
    state.apply("play S9")  # player 1 goes out
    assert state.current_player() == 2
    state.apply("pick up")  # C takes ♠5; next is A (B is out)
    assert state.current_player() == 0


def test_a_player_who_took_no_cards_is_safe_and_never_moves() -> None:
    state = phase_two(["H2", "", "H3 S4"], leader=0, rules=Rules(scoring=True))
    assert state.no_cards == (1,)
    state.apply("play H2")  # player 0 goes out; only player 2 holds cards: the loser
    assert state.is_terminal() and state.loser == 2
    # Two players held cards at the start of phase two: player 1 scores 2, player 0 one (one left).
    assert state.returns() == [1, 2, -3]


def test_the_last_player_holding_cards_loses() -> None:
    state = phase_two(["H2", "H3", "S4 S5"], leader=0)
    state.apply("play H2")
    state.apply("play H3")
    assert state.is_terminal() and state.loser == 2 and state.out == [0, 1]
    assert state.returns() == [1, 1, -2]  # the loser pays each other player one (ruling R98)
    scored = phase_two(["H2", "H3", "S4 S5"], leader=0, rules=Rules(scoring=True))
    scored.apply("play H2")
    scored.apply("play H3")
    assert scored.returns() == [2, 1, -3]


def test_soft_clubs_let_any_other_suit_beat_a_club() -> None:
    hard = phase_two(["C9 H2", "H3 S4", "C5 D6"], leader=0)
    hard.apply("play C9")
    assert texts(hard) == ["pick up"]
    soft = phase_two(["C9 H2", "H3 S4", "C5 D6"], leader=0, rules=Rules(soft_clubs=True))
    soft.apply("play C9")
    assert texts(soft) == ["play S4", "play H3", "pick up"]


def test_a_play_that_does_not_beat_is_refused_with_the_rule_and_changes_nothing() -> None:
    state = phase_two(["C9 H2", "H3 S4 D2", "C5 D6"], leader=0)
    state.apply("play C9")
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply("play D2")
    assert refused.value.reason.code == "hard-club"
    assert "only a higher club beats a club" in str(refused.value)
    with pytest.raises(IllegalAction) as refused:
        state.apply("play SA")
    assert refused.value.reason.code == "not-held"
    assert state.to_json() == before


def test_the_opening_must_be_the_club_two() -> None:
    state = phase_two(["C2 C3 C5 H5", "C7", "CJ"])
    with pytest.raises(IllegalAction) as refused:
        state.apply("play H5")
    assert refused.value.reason.code == "open-with-two"
    with pytest.raises(IllegalAction) as refused:
        state.apply("play C2 C3 C5")
    assert refused.value.reason.code == "broken-run"


# -- phase two: "last card" --------------------------------------------------------------------------------


def test_a_player_who_forgets_last_card_must_pick_up_next_turn() -> None:
    rules = Rules(last_card=True)
    state = phase_two(["S5 S6", "H2 H3 H4", "C5 C6 C7"], leader=0, rules=rules)
    assert texts(state) == ["play S5 last", "play S5", "play S6 last", "play S6"]
    state.apply("play S5")  # one card left, and no word said
    assert state.observation(1).unannounced == (0,)
    state.apply("pick up")  # B cannot beat ♠5
    state.apply("play C5")  # C leads
    assert state.current_player() == 0 and texts(state) == ["pick up"]  # may not go out with ♠6
    with pytest.raises(IllegalAction) as refused:
        state.apply("play S6")
    assert refused.value.reason.code == "forgot-last-card"
    state.apply("pick up")
    assert hand(state, 0) == "S6 C5" and state.observation(1).unannounced == ()


def test_a_player_who_forgets_last_card_at_an_empty_table_misses_the_turn() -> None:
    rules = Rules(last_card=True)
    # B leads ♠2, C ♠3, A completes with ♠5 leaving one card unannounced: A would lead, but misses.
    state = phase_two(["S5 S6", "S2 H9 H8", "S3 H7 H6"], leader=1, rules=rules)
    for action in ("play S2", "play S3", "play S5"):
        state.apply(action)
    assert state.trick_cards == [] and state.current_player() == 0 and texts(state) == ["miss"]
    state.apply("miss")
    assert state.current_player() == 1 and state.trick_cards == []


def test_saying_last_card_keeps_the_way_out_open() -> None:
    state = phase_two(["S5 S6", "H2 H3 H4", "C5 C6 C7"], leader=0, rules=Rules(last_card=True))
    state.apply("play S5 last")
    state.apply("pick up")
    state.apply("play C5")
    assert texts(state) == ["pick up"]  # ♠6 cannot beat ♣5 anyway...
    other = phase_two(["S5 S6", "H2 H3 H4", "S7 C6 C7"], leader=0, rules=Rules(last_card=True))
    other.apply("play S5 last")
    other.apply("pick up")
    other.apply("play C6")
    other.apply("pick up")  # A has ♠6 and ♣6
    assert "play S6" not in texts(other)  # nothing to do with the rule: ♠6 does not beat ♣6


def test_last_is_only_said_with_one_card_left() -> None:
    state = phase_two(["S5 S6 S7", "H2 H3 H4", "C5 C6 C7"], leader=0, rules=Rules(last_card=True))
    with pytest.raises(IllegalAction) as refused:
        state.apply("play S5 last")
    assert refused.value.reason.code == "not-last"


# -- two packs -----------------------------------------------------------------------------------------------


def test_with_two_packs_the_marked_club_two_opens_and_twins_do_not_beat() -> None:
    rules = Rules(two_packs=True)
    state = phase_two(["C2 D7 S4", "C2* C3 C3", "D7 S9"], rules=rules)
    assert state.current_player() == 1
    assert texts(state) == ["play C2*", "play C2* C3"]
    state.apply("play C2* C3")
    state.apply("pick up")  # player 2 takes the lowest club of the run, the marked two
    assert hand(state, 2) == "S9 D7 C2*"
    state.apply("pick up")  # player 0 takes ♣3; the trick is empty; player 1 leads
    assert state.current_player() == 1
    state.apply("play C3")  # player 1's last card: out; the trick began with three holding cards
    assert state.out == [1] and state.trick_size == 3
    state.apply("pick up")  # player 2 cannot beat ♣3 (no club above it) and takes it
    assert state.current_player() == 0
    state.apply("play D7")  # player 0 leads ♦7; player 2's twin ♦7 is not strictly better
    assert texts(state) == ["pick up"]


def test_two_pack_games_count_every_card_twice() -> None:
    state = KnorriState.deal(3, players=10, rules=Rules(two_packs=True))
    assert len(state.deck) == 104 and state.deck.count(MARKED_TWO) == 1
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.loser >= 0 or all(not h for h in state.hands)


# -- saving, undo, observation ------------------------------------------------------------------------------


def test_json_round_trip_and_undo() -> None:
    state = KnorriState.deal(11, players=5, dealer=2, rules=Rules(soft_clubs=True, last_card=True))
    rng = random.Random(1)
    for _ in range(80):
        state.apply(rng.choice(state.legal_actions()))
    data = state.to_json()
    again = KnorriState.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and texts(again) == texts(state)
    assert GAME.from_json(data).to_json() == data
    before = state.to_json()
    action = state.legal_actions()[0]
    state.apply(action)
    assert state.undo() == action and state.to_json() == before


@pytest.mark.parametrize(("data", "match"), [
    ({"game": "sjavs"}, "not a saved Knorri"),
    ({"game": "knorri", "deck": "S2"}, "52"),
    ({"game": "knorri", "deck": "S2", "hands": []}, "either"),
    ({"game": "knorri", "players": 9, "deck": " ".join(str(c) for c in PACK)}, "3 to 8"),
    ({"game": "knorri", "deck": " ".join(str(c) for c in PACK), "actions": ["fly away"]}, "action 1"),
    ({"game": "knorri", "deck": " ".join(str(c) for c in PACK), "colour": 1}, "no field"),
    ({"game": "knorri", "hands": ["C2", "C3", "C2"]}, "named 2 times"),
    ({"game": "knorri", "hands": ["C4", "C3", "C5"]}, "nobody holds"),
    ({"game": "knorri", "rules": {"wild": True}, "hands": ["C2", "C3", "C5"]}, "unknown rule"),
])
def test_bad_saved_games_are_refused_naming_the_fault(data: dict[str, object], match: str) -> None:
    with pytest.raises(StytvoltError, match=match):
        KnorriState.from_json(data)


def test_bad_actions_and_positions() -> None:
    with pytest.raises(ParseError, match="bad action"):
        parse_action("jump")
    with pytest.raises(ParseError):
        parse_action("play X9")
    assert parse_action("pick up") == Action("pickup") and parse_action("play C3 C2") == parse_action("play C2 C3")
    with pytest.raises(InvalidPosition, match="3 to 8"):
        KnorriState.deal(1, players=2)
    with pytest.raises(InvalidPosition, match="hand_size"):
        KnorriState.short(1, hand_size=20, players=4)
    with pytest.raises(InvalidPosition, match="leader"):
        phase_two(["C2", "", "H3"], leader=1)


def test_phase_one_shows_every_card_but_the_packs_order() -> None:
    state = stacked(FACE_UP + " S9")
    state.apply("take S4")
    obs = state.observation(2)
    assert obs.hands[1] == tuple(parse_cards("S4 S9"))  # a pile is face down, but everyone saw it made
    assert obs.hidden == (0, 0, 0, 0)
    rng = random.Random(0)
    other = state.resample(2, rng)
    assert other.observation(2).to_json() == obs.to_json()
    assert other.deck[:11] == state.deck[:11]  # what was seen stays
    assert other.deck[11:] != state.deck[11:]  # the unturned pack is dealt afresh


def test_phase_two_is_a_game_of_complete_information() -> None:
    state = phase_two(["C2 C3 D9", "H5 C4", "SA DK", "C7 HQ"])
    for p in range(4):
        obs = state.observation(p)
        assert [format_cards(h) for h in obs.hands] == ["D9 C2 C3", "H5 C4", "SA DK", "HQ C7"]
        assert state.resample(p, random.Random(p)).to_json() == state.to_json()


# -- computer players ---------------------------------------------------------------------------------------


def test_simple_bot_takes_the_most_useful_card_and_beats_cheaply() -> None:
    bot = SimpleBot(vary=0.0)  # its rule of thumb alone
    state = stacked(FACE_UP + " D3")
    assert str(bot.choose(state.observation(1))) == "take SA"  # the ace is the best spade or heart
    two = phase_two(["S5 H2", "S9 D4 D9", "SK D5"], leader=0)
    two.apply("play S5")
    assert str(bot.choose(two.observation(1))) == "play S9"  # a spade before a trump
    opening = phase_two(["C2 C3 C4 H5", "C7", "CJ"])
    assert str(bot.choose(opening.observation(0))) == "play C2 C3 C4"
    lead = phase_two(["C3 H5 D9", "C7", "CJ"], leader=0)
    assert str(bot.choose(lead.observation(0))) == "play C3"  # the low club is the hardest to be rid of
    assert usefulness(parse_cards("D2")[0]) > usefulness(parse_cards("SA")[0]) > usefulness(parse_cards("C9")[0])


def test_bots_see_only_observations() -> None:
    state = KnorriState.deal(1)
    with pytest.raises(InvalidPosition):
        SimpleBot().choose(state)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        RandomBot(1).choose(state.observation((state.current_player() + 1) % 4))


def test_simple_bot_loses_far_less_often_than_a_random_player() -> None:
    # Three players: a random player loses one game in three.  SimpleBot in one seat (rotating) against
    # two random players, 45 games: measured at 0 losses in 200 games (bench/knorri.py).
    lost = 0
    for g in range(45):
        seat = g % 3
        state = KnorriState.deal(500 + g, players=3, dealer=g % 3)
        simple, rand = SimpleBot(), RandomBot(g)
        while not state.is_terminal():
            p = state.current_player()
            state.apply((simple if p == seat else rand).choose(state.observation(p)))
        lost += state.loser == seat
    assert lost <= 5


# -- explanations -------------------------------------------------------------------------------------------


def test_each_action_is_explained_step_by_step() -> None:
    # The seed's second example, told as it happens.
    state = phase_two(["H8 D5 S2 S3", "HK", "D7 S4 S5", "HA S6 S7"], leader=0)
    told = []
    for action in ("play H8", "play HK", "pick up", "play HA", "play D5", "play D7"):
        told.append([r.code for r in state.explain_action(action)])
        state.apply(action)
    assert told == [
        ["leads"],
        ["higher-same-suit", "went-out"],
        ["picks-up"],
        ["higher-same-suit"],
        ["trumps"],
        ["higher-same-suit", "trick-complete", "next-lead"],
    ]
    assert state.explain_action("play SA")[0].code == "not-held"  # a refused action: its refusal alone
    last = phase_two(["H2", "H3", "S4 S5"], leader=0)
    last.apply("play H2")
    assert [r.code for r in last.explain_action("play H3")] == ["higher-same-suit", "went-out", "loser"]
    assert last.explain_action("play H3")[-1].text == "Only player 2 still holds cards: player 2 is the hörri and loses."


def test_phase_one_actions_are_explained_with_the_rule_that_forces_them() -> None:
    state = stacked(FACE_UP + " D3")
    reasons = state.explain_action("take SA")
    assert reasons[0].code == "diamond-takes-choice" and "♠A" in reasons[0].text
    missed = stacked(FACE_UP + " S9", rules=Rules(overlooking=True))
    assert missed.explain_action("leave")[0].code == "missed"
    missed.apply("leave")
    assert missed.explain_action("point S4")[0].text == (
        "Player 2 points out the missed take: player 1 must take ♠4 with ♠9.")
    opening = phase_two(["C2 C3 H5", "C7", "CJ"])
    assert opening.explain_action("play C2 C3")[0].code == "opens"


def test_a_table_of_simple_bots_always_finishes() -> None:
    # Following fixed rules, five players could pass low clubs round for ever (led, picked up by those
    # without a higher club, led again); the one decision in ten SimpleBot varies breaks such circles.
    for g in range(8):
        state = KnorriState.deal(20_000 + g, players=5, dealer=g % 5)
        bots = [SimpleBot(10 * g + p) for p in range(5)]
        steps = 0
        while not state.is_terminal():
            p = state.current_player()
            state.apply(bots[p].choose(state.observation(p)))
            steps += 1
            assert steps < 20_000
        assert state.loser >= 0
    with pytest.raises(InvalidPosition):
        SimpleBot(vary=2)
