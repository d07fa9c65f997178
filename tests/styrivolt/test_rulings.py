"""One test per ruling in docs/rulings.md (R1 …), named after it, here or in test_rulings_<game>.py.

A ruling is where the sources are ambiguous, silent or disagree; the test
pins the decision so that a change to it is a deliberate change to the page.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from stytvolt import format_cards, parse_card
from stytvolt.core.explain import IllegalAction
from stytvolt.styrivolt import (
    Chalkboard, HandState, CutRule, OneSuitStock, Phase, Ranking, Result, Role, Rules, Scoring, Suit,
    choose_suits, trick_winner,
)

from helpers import arrange, find
from test_hand import PAIR_STOCK, WEAK_HAND, WEAK_STOCK

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"


def test_every_ruling_on_the_page_has_a_test_here() -> None:
    ids = re.findall(r"^## (R\d+)\b", RULINGS.read_text(encoding="utf-8"), flags=re.M)
    assert ids == [f"R{i}" for i in range(1, len(ids) + 1)], "rulings are numbered R1, R2, … in order"
    # Stýrivolt's, Sjavs's and Klørsjavs's rulings are tested here; each later game's in test_rulings_<game>.py.
    tests_dir = Path(__file__).resolve().parents[1]  # each game keeps its rulings in its own folder
    tests = {name.split("_")[1] for name in globals() if name.startswith("test_R")}
    for other in sorted(tests_dir.glob("*/test_rulings_*.py")):
        tests |= set(re.findall(r"^def test_(R\d+)_", other.read_text(encoding="utf-8"), flags=re.M))
    assert set(ids) == tests, f"rulings without a test: {set(ids) - tests}; tests without a ruling: {tests - set(ids)}"


def test_R1_card_by_card_against_the_current_winner() -> None:
    assert trick_winner("CJ S4 CA H3", "H,S") == 3
    assert trick_winner("CJ CA S4 H3", "H,S") == 1
    assert trick_winner("CQ H3 CK", "H,S") == 1  # the seed's own example


def test_R2_permanent_stikkar_keep_their_role_in_a_chosen_suit() -> None:
    assert Ranking.of("H,C").role(parse_card("H2")) is Role.BIRD
    assert Ranking.of("H,C").role(parse_card("H9")) is Role.HAY_YARD_MARE
    assert Ranking.of("H,C").role(parse_card("C4")) is Role.FYRIK
    assert Ranking.of("S,D").role(parse_card("S8")) is Role.EIGHT
    assert Ranking.of("S,D").role(parse_card("D9")) is Role.DIAMOND_MARE


def test_R3_a_permanent_stikkar_is_never_a_plain_card_of_its_suit() -> None:
    assert trick_winner("S8 S9", "H,D") == 0
    assert trick_winner("S7 S8 SA", "H,D") == 1


def test_R4_exposure_trader_alone_and_permanent_stikkar_in_its_own_suit() -> None:
    assert format_cards(choose_suits("H9 H5 H4 C7 C6 H2 S9").exposed) == "H5 C7"
    assert format_cards(choose_suits("H7 H5 HA S3 D2").exposed) == "H5 S3"
    assert format_cards(choose_suits("H2 SK S3 HJ D9").exposed) == "H2 S3"


def test_R5_four_of_a_kind_promotes_every_rank_but_fives() -> None:
    r = Ranking.of("H,S")
    from stytvolt import Rank

    assert r.promoted_role(Rank.SEVEN) is Role.LAMB
    assert r.promoted_role(Rank.KING) is Role.KING and r.promoted_role(Rank.QUEEN) is Role.QUEEN
    assert r.promoted_role(Rank.FIVE) is None
    state = arrange("SK S3 HQ D2 D3 D4 D5 D6 D8 C2 C3 C9", {1: "S7 H7 C7 D7 H2 C5 C6 C8 CJ"})
    assert "C7" not in [str(a) for a in state.legal_actions()]  # automatic: four sevens are lambs from the first


#: Hearts and diamonds are chosen; East holds the four kings, South the plain ace of clubs.
FOUR_KINGS = ("HQ D2 D5 D9 H4 S3 C2 C4 D7 H6 H9 S9",
              {1: "CK DK HK SK C6 C7 C8 D8 DJ", 2: "CA D3 D4 D6 DA C3 C9 CJ CQ", 3: "S4 S6 S7 S8 SJ H7 H8 HJ HA"})


@pytest.mark.parametrize("promote, winner", [(True, "CK"), (False, "CA")])
def test_R5_four_kings_promoted_by_default_and_as_they_are_by_switch(promote: bool, winner: str) -> None:
    # East leads the club king, South plays the club ace. Promoted (the default), the king plays as a chosen
    # king, which no plain card beats; switched off, it is a plain king and the ace takes it.
    state = arrange(*FOUR_KINGS, rules=Rules(promote_kings_and_queens=promote))
    assert sorted(s.letter for s in state.chosen) == ["D", "H"] and state.to_move == 1
    for action in ("CK", "CA", "S4", "S2"):
        state.apply(action)
    trick = state.tricks[-1]
    assert trick.promoted[0] is promote
    assert str(trick.cards[(trick.winner - trick.leader) % 4]) == winner


def test_R6_a_trader_played_second_third_or_fourth_fetches_too() -> None:
    state = arrange(WEAK_STOCK, {2: "S5 C5 C6 C7 C8 C9 CJ CQ CK"})
    state.apply(state.legal_actions()[0])
    state.apply("S5")
    assert state.current[1] == parse_card("S3")


def test_R7_leading_a_lamb_to_the_first_trick_is_refused() -> None:
    state = arrange(WEAK_STOCK, {1: "S7 H7 H2 SA SJ C5 C6 C7 C8"})
    with pytest.raises(IllegalAction) as err:
        state.apply("S7")
    assert err.value.reason.code == "refused.lamb_first_trick"


def test_R8_a_trader_for_a_stikkar_keeps_the_right_fetching_it_ends_it() -> None:
    state = arrange(PAIR_STOCK, {1: "D5 H3 H4 H6 H7 HK HQ SK SQ"})
    assert state.has_right_to_stock(1) and "take" in [str(a) for a in state.legal_actions()]
    state.apply("trade D5 DA")
    assert not state.has_right_to_stock(1)


def test_R9_the_stock_is_ten_cards_even_with_a_pair_exposed() -> None:
    state = arrange(PAIR_STOCK, {1: "H3 H4 H6 H7 HK HQ SK SQ SJ", 2: "D5 H8 HJ HA S5 C2 C3 C5 C7"})
    assert len(state.pile) == 9
    state.apply("take")
    state.apply("pass")
    state.apply("with D7")
    assert len(state.takes[0].received) == 10
    split = arrange(PAIR_STOCK, {1: "H3 H4 H6 H7 HK HQ SK SQ SJ", 0: "D5 H8 HJ HA S5 C2 C3 C5 C7"})
    split.apply(split.legal_actions()[0])  # player 1 leads
    split.apply(next(a for a in split.legal_actions() if a.kind.value == "play"))
    split.apply(next(a for a in split.legal_actions() if a.kind.value == "play"))
    split.apply("trade D5 DA")  # player 0 splits the pair before anyone takes
    assert split.exposed[Suit.DIAMONDS] == (parse_card("D7"),)


def _partner_takes_a_trick(rules: Rules) -> tuple[HandState, int]:
    """A lone keeper-in plays on, and his partner takes the next trick the team wins from him (random play,
    seeded): the state just after that trick, and the keeper."""
    start = find(lambda s: s.phase is Phase.PLAY_ON and s.won[s.to_move] == 5, rules=rules)
    keeper = start.to_move
    rng = random.Random(3)
    for _ in range(2000):
        state = start.clone()
        state.apply("play-on")
        while not state.is_terminal() and state.won[(keeper + 2) % 4] == 0 and state.team_tricks()[1 - keeper % 2] == 0:
            state.apply(rng.choice(state.legal_actions()))
        if state.won[(keeper + 2) % 4] == 1 and state.team_tricks()[1 - keeper % 2] == 0:
            return state, keeper
    raise LookupError("the partner never took a trick")


def test_R10_a_lone_keeper_in_keeps_the_bonus_when_the_partner_takes_a_trick() -> None:
    # The seed takes the keeping-in bonus away only when the opponents win a trick: the hand ends at the
    # partner's trick, kept in alone, a monk's cross (6 in the Kvivik table: worth more than nine tricks, 3).
    state, keeper = _partner_takes_a_trick(Rules())
    assert state.is_terminal() and state.result is not None
    assert (state.result.result, state.result.player, state.result.team) == (Result.KEPT_IN_ALONE, keeper, keeper % 2)
    assert state.returns()[keeper] == 6 and state.returns()[(keeper + 1) % 4] == -6
    assert state.won[keeper] == len(state.tricks) - 1 >= 5
    assert "partner took a trick" in state.result.reason.text


def test_R10_switched_off_the_team_plays_on_for_nine_as_a_team() -> None:
    state, keeper = _partner_takes_a_trick(Rules(partner_trick_ends_play_on=False))
    if len(state.tricks) < 9:
        assert not state.is_terminal() and state.playing_on == keeper % 2
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.result is not None and state.result.result in (Result.NINE_TRICKS, Result.ORDINARY)
    if state.result.result is Result.NINE_TRICKS:
        assert state.returns()[keeper] == 3


def test_R11_seed_scores_by_default_penguin_as_a_variant() -> None:
    from stytvolt.styrivolt import score_of

    assert score_of(Result.KEPT_IN_ALONE, Scoring.KVIVIK) == (0, 0, 1, False)
    assert score_of(Result.KEPT_IN_ALONE, Scoring.PENGUIN) == (0, 1, 0, False)
    assert score_of(Result.NINE_TRICKS_ALONE, Scoring.PENGUIN) == (0, 2, 0, False)
    assert score_of(Result.STOCK_PENALTY, Scoring.PENGUIN)[3] is True
    assert Rules().scoring is Scoring.KVIVIK


def test_R12_a_monks_cross_outside_the_chalkup_meets_crosses_one_unit_at_a_time() -> None:
    board = Chalkboard()
    board.record(1, Result.ORDINARY)
    board.record(0, Result.NINE_TRICKS)  # A completes: a plain cross
    board.record(1, Result.KEPT_IN_ALONE)  # B's monk's cross: one unit erases A's cross, one stays
    assert (board.crosses(0), board.monks(0), board.crosses(1), board.monks(1)) == (0, 0, 1, 0)
    assert board.erased(0) == 0 and board.erased(1) == 0  # outside the chalk-up: strokes as they were


def test_R13_a_stock_of_one_suit_voids_the_deal() -> None:
    with pytest.raises(OneSuitStock):
        choose_suits("H2 H3 H4 H5 H6 H7 H8 H9 HJ HQ HK HA")


def test_R14_the_marked_passage_king_takes_the_bird_queen_the_mare() -> None:
    stock = "SK S3 HQ D2 D3 D4 D5 D6 H9 C2 H2 D8"
    state = arrange(stock, rules=Rules(cut_for_stikkar=CutRule.TWO_STIKKAR))
    assert format_cards(state.cut) == "H2 H9"
    assert {(str(c.king), str(c.stikkar)) for c in state.claims} <= {("HK", "H2"), ("HQ", "H9")}


def test_R15_playing_on_ends_at_the_first_trick_the_opponents_win() -> None:
    state = find(lambda s: s.is_terminal() and s.playing_on is not None and s.result is not None and s.result.result is Result.ORDINARY)
    assert state.result is not None
    assert state.team_tricks()[1 - state.result.team] == 1 and state.tricks[-1].winner % 2 != state.result.team


def test_R16_only_the_spare_card_may_be_discarded() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND})
    state.apply("take")
    state.apply("discard C2")
    assert len(state.hands[1]) == 9
    both = arrange(WEAK_STOCK, {1: WEAK_HAND})
    both.apply("take")
    both.apply("back")
    assert all(a.kind.value != "discard" for a in both.legal_actions())


def test_R17_going_back_is_decided_on_taking_and_barred_by_a_trader_for_a_stikkar() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND})
    state.apply("take")
    assert "back" in [str(a) for a in state.legal_actions()]
    # ♦5 trades for the exposed ♦A: a hand holding it may not go back.
    pair = arrange(PAIR_STOCK, {1: "D5 H3 H4 H6 H7 HK HQ SK SQ"}, filler="S8 H2 CJ DJ")
    pair.apply("take")
    while pair.phase is not Phase.STOCK_DECISION:
        pair.apply(pair.legal_actions()[0])
    assert "back" not in [str(a) for a in pair.legal_actions()]


def test_R18_a_wrongful_take_is_refused_or_penalised() -> None:
    state = arrange(WEAK_STOCK, {1: "H2 C5 C6 C7 C8 C9 CJ CQ CK"})
    with pytest.raises(IllegalAction, match="monk's cross"):
        state.apply("take")
    loose = arrange(WEAK_STOCK, {1: "H2 C5 C6 C7 C8 C9 CJ CQ CK"}, rules=Rules(enforce_stock_right=False))
    loose.apply("take")
    loose.apply("keep")
    while not loose.is_terminal():
        loose.apply(loose.legal_actions()[0])
    assert loose.result is not None and loose.result.result is Result.STOCK_PENALTY and loose.result.team == 0


def test_R19_trades_are_made_on_the_traders_turn() -> None:
    state = arrange(WEAK_STOCK, {2: "S5 C5 C6 C7 C8 C9 CJ CQ CK"})
    assert "trade S5 S3" not in [str(a) for a in state.legal_actions()]  # player 1 to move, not the holder
    state.apply(state.legal_actions()[0])
    assert "trade S5 S3" in [str(a) for a in state.legal_actions()]


def test_R20_the_right_to_the_stock_is_judged_on_the_hand_as_dealt() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND})
    assert state.has_right_to_stock(1)
    assert not any(state.ranking.role(c).is_stikkar for c in state.dealt[1])


def test_R21_the_first_take_must_come_in_the_first_trick_in_turn_order() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND, 2: "S2 S4 S6 SQ H3 H4 H6 H8 HK"})
    state.apply("C5")  # player 1 passes over the stock by playing
    assert "take" in [str(a) for a in state.legal_actions()]  # player 2 may still take it
    state.apply("take")
    assert state.takes[0].player == 2


def test_R22_the_bird_variation_last_trick_is_any_trick_that_can_end_the_hand() -> None:
    state = find(lambda s: s.phase is Phase.PLAY and "trade HK H2" in [str(a) for a in s.legal_actions()],
                 rules=Rules(king_of_hearts_takes_bird=True))
    t = state.team_tricks()
    assert max(t) == 4 or len(state.tricks) == 8


def _bird_claim_with_the_trader_elsewhere() -> tuple[HandState, int, int]:
    state = find(lambda s: s.phase is Phase.PLAY and "trade HK H2" in [str(a) for a in s.legal_actions()]
                 and s.holder(parse_card("H5")) not in (None, s.to_move), rules=Rules(king_of_hearts_takes_bird=True))
    king, trader = state.to_move, state.holder(parse_card("H5"))
    assert trader is not None
    return state, king, trader


def test_R22_the_heart_trader_keeps_priority_over_the_king_even_in_the_last_trick() -> None:
    # The seed: even in the last trick, whoever holds ♥5 has priority over ♥K when both want the bird,
    # even when the king's holder is seated first.
    state, king, trader = _bird_claim_with_the_trader_elsewhere()
    state.apply("trade HK H2")
    assert state.phase is Phase.LAST_CHANCE and state.to_move == trader
    assert [str(a) for a in state.legal_actions()] == ["trade H5 H2", "pass"]
    state.apply("trade H5 H2")
    assert parse_card("H2") in state.hands[trader] and parse_card("HK") in state.hands[king]
    assert state.phase is Phase.PLAY and state.to_move == king  # the king's holder plays on, without the bird
    assert "trade HK H2" not in [str(a) for a in state.legal_actions()]


def test_R22_the_king_gets_the_bird_when_the_trader_passes() -> None:
    state, king, trader = _bird_claim_with_the_trader_elsewhere()
    state.apply("trade HK H2")
    state.apply("pass")
    assert parse_card("H2") in state.hands[king] and parse_card("H5") in state.hands[trader]
    assert state.phase is Phase.PLAY and state.to_move == king
    state.undo()
    state.undo()
    assert "trade HK H2" in [str(a) for a in state.legal_actions()] and state.to_move == king


def test_R23_the_dealers_default_free_choice() -> None:
    assert str(choose_suits("S4 SK HQ D2").exposed[0]) == "SK"
    assert str(choose_suits("C9 C8 HQ D2").exposed[0]) == "C8"


def test_R24_cut_claims_come_before_the_first_lead() -> None:
    state = arrange("SK S3 HQ D2 D3 D4 D5 D6 D7 D8 C2 H2", {2: "HK C5 C6 C7 C8 C9 CJ CQ CA"},
                    rules=Rules(cut_for_stikkar=CutRule.BOTTOM_CARD))
    assert state.phase is Phase.CLAIM and not state.tricks and not state.current
    queen = arrange("SK S3 HQ D2 D3 D4 D5 D6 D7 D8 HK H2", {2: "C5 C6 C7 C8 C9 CJ CQ CA H3"},
                    rules=Rules(cut_for_stikkar=CutRule.BOTTOM_CARD, queen_claims_cut_stikkar=True))
    assert [str(c.king) for c in queen.claims] in ([], ["HQ"])


def test_R25_a_trader_with_nothing_to_fetch_is_a_dead_card() -> None:
    assert trick_winner("S5 S4", "H,S") == 1  # led, any taking card beats it
    assert trick_winner("S5 CA", "H,S") == 0  # an unchosen card never does


def test_R26_the_team_without_crosses_draws_the_chalkup() -> None:
    board = Chalkboard(first_drawer=1)
    assert board.drawer == 1
    board.record(0, Result.NINE_TRICKS)  # a monk's cross for A
    assert board.drawer == 1
    board.record(1, Result.NINE_TRICKS)
    board.record(1, Result.NINE_TRICKS)
    assert board.crosses(1) + board.monks(1) >= 1 and board.drawer == 0


def test_R27_keeping_both_gives_nineteen_cards_and_no_discard() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND})
    state.apply("take")
    state.apply("both")
    assert len(state.hands[1]) == 19 and state.phase is Phase.PLAY


def test_R28_the_winner_of_the_fifth_trick_decides_to_play_on() -> None:
    state = find(lambda s: s.phase is Phase.PLAY_ON)
    assert state.to_move == state.tricks[4].winner


def test_R29_a_take_after_going_back_is_a_second_taking() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND, 2: "S2 S4 S6 SQ H3 H4 H6 H8 HK"})
    state.apply("take")
    state.apply("back")
    while len(state.tricks) < 1 or state.to_move != 2:
        state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
    assert "take" in [str(a) for a in state.legal_actions()]


def test_R30_a_discard_goes_into_the_stock() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND})
    state.apply("take")
    state.apply("discard D3")
    assert parse_card("D3") in state.pile


def test_R31_under_compulsory_beating_a_trader_counts_as_what_it_fetches() -> None:
    rules = Rules(compulsory_beating=True)
    state = arrange(WEAK_STOCK, {1: WEAK_HAND, 2: "S5 H3 H4 H8 S7 D9 DQ DK DA"}, rules=rules)
    state.apply("CK")  # ♣K led; the exposed ♠3 (a trist) cannot beat a king, ♦9 can
    legal = [str(a) for a in state.legal_actions() if a.kind.value == "play"]
    assert legal == ["D9"]
    state2 = arrange(WEAK_STOCK, {1: WEAK_HAND, 2: "S5 H4 H8 S7 DJ DQ DK DA S9"}, rules=rules)
    state2.apply("CQ")  # ♣Q led: the trader fetches ♠3, a trist, which beats a queen
    assert [str(a) for a in state2.legal_actions() if a.kind.value == "play"] == ["S5"]


def test_R32_carried_strokes_can_complete_a_monks_cross() -> None:
    board = Chalkboard()
    board.record(0, Result.KEPT_IN)  # A 2
    board.record(0, Result.NINE_TRICKS)  # A completes (B erased none: monk) and carries 2
    assert board.monks(0) == 1 and board.erased(0) == 2 and board.erased(1) == 0
    board.record(0, Result.ORDINARY)  # A completes again, B still erased none
    assert board.monks(0) == 2


# --- Sjavs -----------------------------------------------------------------------------------------


def test_R33_clubs_doubles_the_61_to_89_row_to_4() -> None:
    from stytvolt.sjavs import hand_score

    assert hand_score("C", 61, 4).points == 4 and hand_score("C", 89, 6).points == 4
    assert hand_score("H", 75, 5).points == 2


def test_R34_vol_needs_every_trick_not_every_point() -> None:
    from stytvolt.sjavs import card_points, hand_score

    assert card_points("S7 S8 H9 D7") == 0  # a trick the announcers can lose and keep all 120 points
    seven = hand_score("H", 120, 7)
    assert (seven.band, seven.points) == ("90-120", 4)
    assert hand_score("C", 120, 7).points == 8
    assert hand_score("H", 120, 8).band == "vol"


def test_R35_one_worthless_trick_escapes_the_no_trick_row() -> None:
    from stytvolt.sjavs import hand_score

    one = hand_score("H", 0, 1)
    assert (one.scorer, one.band, one.points) == ("opponents", "0-30", 8)
    assert hand_score("C", 0, 1).points == 16
    none = hand_score("H", 0, 0)
    assert (none.band, none.points) == ("no trick", 16)
    assert hand_score("C", 0, 0).points == 16


def test_R36_two_players_get_sixteen_cards_each() -> None:
    from stytvolt.sjavs import PACK, deal_cards, deal_layout

    layout = deal_layout(2)
    assert (layout.face_down, layout.face_up, layout.hand, layout.per_player) == (4, 4, 8, 16)
    dealt = deal_cards(sorted(PACK), 2, dealer=1)
    everything = [c for seat in range(2) for part in (dealt.hands, dealt.face_down, dealt.face_up) for c in part[seat]]
    assert sorted(everything) == sorted(PACK) and not dealt.talon


def test_R37_one_round_of_bids_that_must_keep_rising() -> None:
    from stytvolt.sjavs import Bid, trump_lengths, winning_bid

    assert winning_bid([(1, "5"), (2, "5 clubs"), (3, "6"), (0, "pass")]).seat == 3  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="speaks twice"):
        winning_bid([(1, "5"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "6")])
    with pytest.raises(IllegalAction, match="does not beat"):
        winning_bid([(1, "6"), (2, "6")])
    # The permanent trumps count in every suit: ♣Q ♠Q ♥J with five plain hearts make eight hearts.
    lengths = trump_lengths("CQ SQ HJ HA HK HQ HT H9")
    assert lengths.hearts == 8 and lengths.best_bid == Bid(8)
    assert lengths.bids() == (Bid(8),)  # three trumps in any other suit: no other bid


def test_R38_tied_hands_carry_2_each_to_the_next_scorers() -> None:
    from stytvolt.sjavs import ScoreSheet, hand_score

    sheet = ScoreSheet()
    sheet.record(0, hand_score("S", 60, 4))
    sheet.record(0, hand_score("S", 60, 5))
    sheet.record(0, hand_score("S", 50, 4))  # the announcers fail: the opponents score 4 + 4 carried
    assert sheet.totals == (24, 16)
    three = ScoreSheet(players=3)
    three.record(0, hand_score("H", 60, 4, players=3))
    three.record(0, hand_score("H", 40, 3, players=3))  # both opponents score 4 + 2
    assert three.totals == (24, 18, 18)


def test_R39_the_three_player_soloists_vol_is_plain_vol() -> None:
    from stytvolt.core.errors import InvalidPosition
    from stytvolt.sjavs import hand_score

    assert hand_score("H", 120, 10, players=3).points == 12
    assert hand_score("C", 120, 10, players=3).points == 16
    with pytest.raises(InvalidPosition, match="four-player"):
        hand_score("H", 120, 10, alone=True, players=3)


def test_R40_three_players_cut_deal_3_then_4_then_3() -> None:
    from stytvolt.sjavs import PACK, deal_cards, deal_layout

    assert [str(s) for s in deal_layout(3).cut] == [
        "3 to each player", "1 to the talon", "4 to each player", "1 to the talon", "3 to each player",
    ]
    deck = sorted(PACK)
    dealt = deal_cards(deck, 3, dealer=2, cut=True)
    assert [len(h) for h in dealt.hands] == [10, 10, 10]
    assert dealt.talon == (deck[9], deck[22])  # after the first round of 3, and after the round of 4
    assert dealt.hands[0][:3] == tuple(deck[0:3])  # seat 0 sits at dealer 2's left


def test_R41_two_players_play_from_hand_and_face_up_cards() -> None:
    from stytvolt.sjavs import HandState, parse_action

    # Dealer 1: seat 0 is dealt first.  Face down, face up, then the hands.
    deck = (
        "HJ DJ DA DK  C7 C8 C9 CT"  # face down: seat 0, seat 1
        " HA HK HQ HT  CA CK S7 S8"  # face up on them
        " CQ SQ CJ SJ H9 H8 H7 D7  S9 ST SK SA DQ DT D9 D8"  # the hands
    )
    state = HandState(deck, players=2, dealer=1)
    assert sorted(map(str, state.playable(0))) == sorted("HA HK HQ HT CQ SQ CJ SJ H9 H8 H7 D7".split())
    # Eleven hearts in sight (four face up, seven in the hand): a bid longer than eight.
    assert "bid 11" in [str(a) for a in state.legal_actions()]
    for text in ("bid 11", "pass", "trump H"):
        state.apply(parse_action(text))
    assert "play HJ" not in [str(a) for a in state.legal_actions()]  # face down under ♥A
    state.apply(parse_action("play HA"))
    seen = state.observation(1)
    assert "HJ" in [str(c) for c in seen.face_up[0]] and 0 not in seen.hidden_under[0]
    state.apply(parse_action("play S9"))
    assert "play HJ" in [str(a) for a in state.legal_actions()]  # turned up: playable now


# --- Klørsjavs ---------------------------------------------------------------------------------------


def test_R42_the_plain_spades_are_ace_king_five() -> None:
    from stytvolt.klorsjavs import PACK, PLAIN_ORDER, TRUMPS, card_points

    assert format_cards(PLAIN_ORDER[Suit.SPADES]) == "SA SK S5"
    assert len(PACK) == 20 and len(TRUMPS) + sum(len(v) for v in PLAIN_ORDER.values()) == 20
    assert card_points(list(PACK)) == 120


def test_R43_a_declarer_under_61_pays_8_and_0_cannot_happen() -> None:
    from stytvolt.klorsjavs import PACK, card_points, hand_score

    assert (hand_score(0).who, hand_score(0).ore) == ("declarer", 8)
    assert hand_score(60).ore == 8 and hand_score(1).ore == 8
    assert min(card_points([c]) for c in PACK) == 2  # so the cat alone gives the declarer 4 or more


def test_R44_31_points_in_a_spil_scores_minus_1() -> None:
    from stytvolt.klorsjavs import auction_score

    assert auction_score("spil", 31).tariff == -1
    assert auction_score("spil", 30).tariff == -2
    assert auction_score("stryger", 31).tariff == -4 and auction_score("stryger", 30).tariff == -8


def test_R45_each_opponent_pays_the_declarer() -> None:
    from stytvolt.klorsjavs import auction_score

    won = auction_score("strøget tout", all_tricks=True)
    assert (won.tariff, won.declarer_total) == (15, 30)
    lost = auction_score("stryger", 45)
    assert (lost.tariff, lost.declarer_total) == (-4, -8)


def test_R46_the_winner_of_a_trick_leads_the_next() -> None:
    import random as _random

    from stytvolt.sjavs import HandState

    rng = _random.Random(2)
    checked = 0
    for seed in range(50):
        state = HandState.deal(seed)
        while not state.is_terminal():
            before = len(state.tricks)
            state.apply(rng.choice(state.legal_actions()))
            if len(state.tricks) > before and not state.is_terminal():
                trick = state.tricks[-1]
                assert state.current_player() == trick.winner
                checked += trick.winner != trick.leader
    assert checked > 50  # many tricks were won by someone other than their leader


def test_R47_four_hands_get_the_cat_between_the_rounds() -> None:
    from stytvolt.klorsjavs import FOUR_HAND_PACK, HandState

    deck = sorted(FOUR_HAND_PACK)
    state = HandState(deck, variant="four-hand", dealer=3)  # seat 0 is dealt first
    assert state.cat == deck[8:10]
    assert state.hands[0] == deck[0:2] + deck[10:12]


def test_R48_the_declarer_folds_at_their_turn_in_the_first_trick() -> None:
    from stytvolt.klorsjavs import HandState, parse_action

    state = HandState.deal(4, dealer=0)
    for text in ("pass", "play", "stroke"):  # seat 2 declares, after seat 1 passed
        state.apply(parse_action(text))
    assert state.current_player() == 1 and "fold" not in [str(a) for a in state.legal_actions()]
    state.apply(state.legal_actions()[0])  # seat 1 leads
    assert state.current_player() == 2 and "fold" in [str(a) for a in state.legal_actions()]
    state.apply(parse_action("fold"))
    assert state.phase == "folded" and state.returns() == [4, 4, -8]
    auction = HandState.deal(4, variant="auction")
    while auction.phase != "play":
        auction.apply(auction.legal_actions()[-1])
    assert "fold" not in [str(a) for a in auction.legal_actions()]


def test_R49_a_spil_swipes_the_cat_and_a_stryger_leaves_it() -> None:
    from stytvolt.klorsjavs import HandState, card_points, parse_action

    spil = HandState.deal(7, variant="auction")
    for text in ("bid spil", "pass", "pass", "trump H"):
        spil.apply(parse_action(text))
    assert spil.phase == "cat" and all(str(a).startswith("swipe") for a in spil.legal_actions())
    spil.apply(spil.legal_actions()[0])
    laid = list(spil.laid_away)
    while not spil.is_terminal():
        spil.apply(spil.legal_actions()[0])
    assert spil.declarer_points() == card_points(spil.won[1] + laid)
    stryger = HandState.deal(7, variant="auction")
    for text in ("bid stryger", "pass", "pass", "trump H"):
        stryger.apply(parse_action(text))
    assert stryger.phase == "play"
    cat = list(stryger.cat)
    while not stryger.is_terminal():
        stryger.apply(stryger.legal_actions()[0])
    assert stryger.declarer_points() == card_points(stryger.won[1] + cat)


def test_R50_the_bottom_auction_row_is_counted_by_tricks() -> None:
    from stytvolt.klorsjavs import auction_score

    assert auction_score("spil", 14, no_tricks=True).row == "no trick"
    assert auction_score("spil", 14, no_tricks=True).tariff == -3
    assert auction_score("stryger", 6, no_tricks=True).tariff == -12
    assert auction_score("stryger", 6).tariff == -8  # with a trick, 6 points is the 1-30 row


# --- Whole games: Klørsjavs's end and deal, the auction's sheet, the Sjavs rubber -------------------------


def test_R51_a_lasting_tie_for_lowest_plays_on_one_hand_at_a_time() -> None:
    from stytvolt.klorsjavs import OreSheet, hand_score

    sheet = OreSheet(lines=[(30, 12, 12)])
    sheet.record(0, hand_score(120))  # the two others −16: −4 each, sharing the lowest
    assert sheet.tie_for_lowest and not sheet.over
    sheet.record_fold(0)  # the extra hand leaves them level: 22, −4, −4
    assert sheet.totals == (22, -4, -4) and sheet.tie_for_lowest and not sheet.over
    sheet.record(1, hand_score(40))  # the next hand splits them: player 1 −8
    assert sheet.totals == (22, -12, -4) and sheet.loser == 1


def test_R52_the_deal_passes_left_after_a_played_or_folded_hand() -> None:
    from stytvolt.klorsjavs import KlorsjavsGame, parse_action

    for variant, players in (("klorsjavs", 3), ("four-hand", 4)):
        game = KlorsjavsGame(1, variant=variant, first_dealer=players - 1)
        hand = game.deal()
        for _ in range(players):
            hand.apply(parse_action("pass"))
        assert game.dealer_of(1) == players - 1  # everyone passed: the same dealer again
        hand = game.deal()
        for text in ("play", "stroke", "fold"):  # seat 0, on lead, declares and folds (R48)
            hand.apply(parse_action(text))
        assert game.sheet.totals[0] == 52 and game.dealer_of(2) == 0  # the dealer's left deals next
    auction = KlorsjavsGame(1, variant="auction", first_dealer=2)
    hand = auction.deal()
    for text in ("bid stryger", "pass", "pass", "trump H"):
        hand.apply(parse_action(text))
    while not hand.is_terminal():
        hand.apply(hand.legal_actions()[0])
    assert auction.dealer_of(1) == 0


def test_R53_the_auction_is_a_session_of_game_points_from_0() -> None:
    from stytvolt.klorsjavs import KlorsjavsGame, TariffSheet, auction_score

    game = KlorsjavsGame(1, variant="auction")
    sheet = game.sheet
    assert isinstance(sheet, TariffSheet) and sheet.totals == (0, 0, 0) and sheet.hands == 12  # four rounds
    assert KlorsjavsGame(1, variant="auction", rounds=2).to_json()["rounds"] == 2
    three = TariffSheet(hands=3)
    three.record(0, auction_score("spil", 75))  # each opponent pays 1: 2, −1, −1
    three.record(1, auction_score("stryger", 95))  # each pays 8: −6, 15, −9
    assert not three.over
    three.record(2, auction_score("tout", all_tricks=False))  # player 2 pays each 10: 4, 25, −29
    assert three.totals == (4, 25, -29) and three.over and three.winner == 1


def test_R54_a_tie_for_highest_plays_one_more_hand() -> None:
    from stytvolt.klorsjavs import TariffSheet, auction_score

    sheet = TariffSheet(hands=1)
    sheet.record(0, auction_score("spil", 50))  # player 0 pays each 1: −2, 1, 1
    assert sheet.tie_for_highest and not sheet.over
    sheet.record(1, auction_score("spil", 75))  # player 1 gets 1 from each: −3, 3, 0
    assert sheet.winner == 1


def test_R55_two_players_past_0_together_the_lower_wins_or_they_share() -> None:
    from stytvolt.sjavs import ScoreSheet, hand_score

    from sjavs.test_sjavs_rubber import shared_three_player_rubber

    lower = ScoreSheet(players=3, lines=[(24, 4, 2)])
    lower.record(0, hand_score("H", 40, 3, players=3))  # the soloist fails: each opponent 4
    assert lower.totals == (24, 0, -2) and lower.winner == 2 and not lower.double_victory
    level = ScoreSheet(players=3, lines=[(24, 4, 4)])
    level.record(0, hand_score("H", 40, 3, players=3))
    assert level.winners == (1, 2) and level.winner is None and level.double_victory  # player 0 still at 24
    rubber = shared_three_player_rubber()
    assert rubber.sheet.totals == (-8, -8, 12) and rubber.outcome()[0].code == "rubber-shared"


def test_R56_the_carried_points_wait_through_a_passed_hand() -> None:
    from sjavs.test_sjavs_rubber import NO_TRICK, NO_TRICK_PLAY, PASSED_PLAY, TIE, TIE_PLAY, StackedRubber, deck4, walk

    rubber = StackedRubber([deck4(TIE), deck4(TIE), deck4(NO_TRICK)])
    walk(rubber, [TIE_PLAY, PASSED_PLAY])  # a 60-60 tie, then a hand everyone passes
    assert rubber.sheet.carried == 2
    walk(rubber, [NO_TRICK_PLAY])  # seat 3 announces and wins no trick: team A scores 16 and the 2
    assert rubber.sheet.totals == (6, 24) and rubber.sheet.carried == 0
