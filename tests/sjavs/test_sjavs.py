"""Sjavs's rules as its players know them: the pack, the permanent trumps, following suit,
tricks, bidding, card points, game points and the score sheet from 24.

Expectations are written by hand from the rules (seed 001 and the rulings
page), never read back from the engine.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import Card, IllegalAction, InvalidPosition, ParseError, StytvoltError, Suit, format_cards, parse_cards
from stytvolt.sjavs import (
    PACK, PERMANENT_TRUMPS, Bid, ScoreSheet, RubberOver, card_points, deal_cards, deal_layout, explain_trick,
    hand_score, legal_plays, order, refusal, suit_of, trick_winner, trump_lengths, winning_bid,
)


def cards(text: str) -> str:
    return text


# --- the pack and the order of the cards ------------------------------------------------------


def test_the_pack_is_32_cards_sevens_to_aces() -> None:
    assert len(PACK) == 32
    assert {c.rank.letter for c in PACK} == set("789TJQKA")
    assert card_points(list(PACK)) == 120


def test_the_six_permanent_trumps_top_every_trump_suit() -> None:
    assert format_cards(PERMANENT_TRUMPS) == "CQ SQ CJ SJ HJ DJ"
    assert format_cards(order(Suit.HEARTS, Suit.HEARTS)) == "CQ SQ CJ SJ HJ DJ HA HK HQ HT H9 H8 H7"
    assert format_cards(order(Suit.SPADES, Suit.SPADES)) == "CQ SQ CJ SJ HJ DJ SA SK ST S9 S8 S7"
    assert format_cards(order(Suit.CLUBS, Suit.DIAMONDS)) == "CA CK CT C9 C8 C7"
    assert format_cards(order(Suit.DIAMONDS, Suit.CLUBS)) == "DA DK DQ DT D9 D8 D7"
    assert len(order(Suit.CLUBS, Suit.CLUBS)) == 12 and len(order(Suit.DIAMONDS, Suit.DIAMONDS)) == 13


def test_a_permanent_trump_belongs_to_the_trump_suit_not_its_printed_one() -> None:
    assert suit_of(Card.parse("CQ"), Suit.HEARTS) is Suit.HEARTS
    assert suit_of(Card.parse("HJ"), Suit.SPADES) is Suit.SPADES
    assert suit_of(Card.parse("HQ"), Suit.SPADES) is Suit.HEARTS  # a red queen is a plain card


# --- following suit ----------------------------------------------------------------------------


def test_a_club_lead_is_not_followed_with_the_queen_of_clubs_when_hearts_are_trumps() -> None:
    assert format_cards(legal_plays("CQ CA H7 S8", "C7", "H")) == "CA"
    why = refusal("CQ CA H7 S8", "C7", "H", "CQ")
    assert why is not None and why.code == "permanent-is-trump"
    assert "permanent trump" in why.text and "♣A" in why.text


def test_holding_only_permanent_trumps_of_the_led_colour_frees_the_hand() -> None:
    # Spades trumps: ♣Q and ♣J are trumps, so a hand with no plain club may play anything.
    assert format_cards(legal_plays("CQ CJ H7 D8", "CA", "S")) == "CQ CJ H7 D8"


def test_a_permanent_trump_led_must_be_followed_with_any_trump() -> None:
    assert format_cards(legal_plays("CQ HA H7 S8 DJ", "SJ", "H")) == "CQ HA H7 DJ"
    assert format_cards(legal_plays("S8 D9", "SJ", "H")) == "S8 D9"  # no trump: anything


def test_a_plain_trump_led_is_followed_by_the_permanent_trumps_too() -> None:
    assert format_cards(legal_plays("DJ C7 S8", "H9", "H")) == "DJ"


def test_the_leader_plays_any_card() -> None:
    assert format_cards(legal_plays("CQ H7 S8", "", "D")) == "CQ H7 S8"


# --- winning tricks --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("HA HK HT H9", "S", 0),  # no trump: the highest heart
        ("H9 HA S7 HK", "S", 2),  # the lowest trump beats the ace of the led suit
        ("H9 CA HK DA", "S", 2),  # off-suit aces never win: ♥K
        ("SA CQ ST SK", "S", 1),  # ♣Q tops the trump suit
        ("HT HJ DJ HA", "D", 1),  # ♥J is a higher permanent trump than ♦J
        ("C7 CQ CA C8", "H", 1),  # ♣Q is a trump when hearts are trumps: it wins the club trick
        ("DQ DT DK D7", "C", 2),  # red suits keep their queen: A K Q 10
        ("CK CT C9 CA", "H", 3),
    ],
)
def test_the_trick_goes_to_the_highest_trump_or_else_the_highest_of_the_led_suit(trick: str, trump: str, winner: int) -> None:
    assert trick_winner(trick, trump) == winner


def test_the_trick_explanation_names_the_rule() -> None:
    result = explain_trick("H9 HA S7 HK", "S")
    assert result.trumped and str(result.card) == "S7"
    assert "♠7" in result.reason.text and "trump" in result.reason.text
    assert explain_trick("HA HK HT H9", "S").reason.code == "highest-of-led"


# --- bidding ---------------------------------------------------------------------------------------


def test_trump_lengths_count_the_permanent_trumps_in_every_suit() -> None:
    lengths = trump_lengths("CQ SJ HA HK H7 C9 D8 S7")
    assert (lengths.clubs, lengths.spades, lengths.hearts, lengths.diamonds) == (3, 3, 5, 3)
    assert lengths.best_bid == Bid(5)
    assert trump_lengths("CQ SQ CA CT D7 D8 H7 H8").best_bid is None  # four at most
    both = trump_lengths("CQ SQ CJ CA CK HA HK HQ")  # clubs 5, hearts 6
    assert both.best_bid == Bid(6) and Bid(5, True) in both.bids()


def test_a_bid_in_clubs_beats_the_same_length_and_a_longer_suit_beats_both() -> None:
    assert winning_bid([(1, "pass"), (2, "6"), (3, "6 clubs"), (0, "pass")]) == winning_bid([(3, "6 clubs")])
    assert winning_bid([(1, "6 clubs"), (2, "7")]).seat == 2  # type: ignore[union-attr]
    assert Bid(6, True) > Bid(6) and Bid(7) > Bid(6, True)


def test_all_passing_means_a_new_deal() -> None:
    assert winning_bid([(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")]) is None


def test_a_bid_must_beat_the_one_before() -> None:
    with pytest.raises(IllegalAction, match="equal length beats it only when announced in clubs"):
        winning_bid([(1, "6"), (2, "6")])
    with pytest.raises(IllegalAction, match="does not beat 6 clubs"):
        winning_bid([(1, "6 clubs"), (2, "6 clubs")])
    with pytest.raises(IllegalAction, match="speaks twice"):
        winning_bid([(1, "5"), (2, "pass"), (1, "6")])
    with pytest.raises(ParseError, match="at least 5"):
        winning_bid([(1, "4")])
    with pytest.raises(ParseError, match="bad bid 'seven'"):
        winning_bid([(1, "seven")])


# --- card points and game points ---------------------------------------------------------------------


def test_card_values() -> None:
    assert card_points("SA") == 11 and card_points("ST") == 10 and card_points("SK") == 4
    assert card_points("HQ") == 3 and card_points("HJ") == 2 and card_points("S9 S8 S7") == 0


@pytest.mark.parametrize(
    ("trump", "points", "tricks", "alone", "scorer", "value", "band"),
    [
        ("H", 120, 8, True, "announcers", 16, "vol alone"),
        ("C", 120, 8, True, "announcers", 24, "vol alone"),
        ("H", 120, 8, False, "announcers", 12, "vol"),
        ("C", 120, 8, False, "announcers", 16, "vol"),
        ("S", 90, 6, False, "announcers", 4, "90-120"),
        ("C", 119, 7, False, "announcers", 8, "90-120"),
        ("D", 61, 4, False, "announcers", 2, "61-89"),
        ("C", 89, 5, False, "announcers", 4, "61-89"),  # R33: 4, not the seed's 5
        ("H", 59, 4, False, "opponents", 4, "31-59"),
        ("C", 31, 2, False, "opponents", 8, "31-59"),
        ("H", 30, 1, False, "opponents", 8, "0-30"),
        ("C", 0, 1, False, "opponents", 16, "0-30"),
        ("H", 0, 0, False, "opponents", 16, "no trick"),
        ("C", 0, 0, False, "opponents", 16, "no trick"),
        ("S", 60, 4, False, None, 0, "60-60"),
    ],
)
def test_the_game_point_table(trump: str, points: int, tricks: int, alone: bool, scorer: str | None, value: int, band: str) -> None:
    result = hand_score(trump, points, tricks, alone=alone)
    assert (result.scorer, result.points, result.band) == (scorer, value, band)
    assert str(value) in result.reason.text


def test_hand_score_refuses_impossible_results() -> None:
    with pytest.raises(InvalidPosition, match="hold all 120"):
        hand_score("H", 110, 8)
    with pytest.raises(InvalidPosition, match="no card points"):
        hand_score("H", 12, 0)
    with pytest.raises(InvalidPosition, match="from 0 to 120"):
        hand_score("H", 121, 7)
    with pytest.raises(InvalidPosition, match="four-player"):
        hand_score("H", 120, 10, alone=True, players=3)
    with pytest.raises(InvalidPosition, match="4, 3 or 2"):
        hand_score("H", 60, 4, players=5)
    with pytest.raises(StytvoltError, match="bad suit"):
        hand_score("X", 60, 4)


# --- the score sheet ---------------------------------------------------------------------------------


def test_the_sheet_counts_down_from_24_and_the_first_at_zero_wins() -> None:
    sheet = ScoreSheet()
    assert sheet.totals == (24, 24)
    sheet.record(0, hand_score("C", 120, 8))  # we: vol in clubs, 16
    assert sheet.totals == (8, 24)
    sheet.record(1, hand_score("H", 40, 3))  # they announced and failed: we score 4
    assert sheet.totals == (4, 24)
    assert sheet.winner is None
    sheet.record(0, hand_score("S", 95, 6))  # we: 4 more
    assert sheet.totals == (0, 24) and sheet.winner == 0 and sheet.double_victory
    assert sheet.lines == [(24, 24), (8, 24), (4, 24), (0, 24)]
    with pytest.raises(RubberOver):
        sheet.record(1, hand_score("S", 95, 6))
    assert sheet.totals == (0, 24)


def test_a_60_60_tie_carries_2_to_the_next_scorer_and_ties_add_up() -> None:
    sheet = ScoreSheet()
    sheet.record(0, hand_score("H", 60, 4))
    sheet.record(1, hand_score("H", 60, 3))
    assert sheet.totals == (24, 24) and sheet.carried == 4
    sheet.record(1, hand_score("H", 70, 5))  # they score 2 + the 4 carried
    assert sheet.totals == (24, 18) and sheet.carried == 0


def test_three_players_both_opponents_score_when_the_soloist_fails() -> None:
    sheet = ScoreSheet(players=3)
    sheet.record(2, hand_score("D", 45, 3, players=3))
    assert sheet.totals == (20, 20, 24)
    sheet.record(0, hand_score("D", 95, 7, players=3))
    assert sheet.totals == (16, 20, 24)


def test_a_bad_record_changes_nothing() -> None:
    sheet = ScoreSheet()
    with pytest.raises(InvalidPosition, match="column"):
        sheet.record(2, hand_score("H", 70, 5))
    with pytest.raises(InvalidPosition, match="hand_score"):
        sheet.record(0, 4)  # type: ignore[arg-type]
    assert sheet.lines == [(24, 24)] and sheet.carried == 0


# --- the deal ------------------------------------------------------------------------------------------


def test_the_deal_patterns() -> None:
    assert [str(s) for s in deal_layout(4).cut] == ["4 to each player", "4 to each player"]
    assert [str(s) for s in deal_layout(4).knocked] == ["8 to each player"]
    assert [str(s) for s in deal_layout(3).knocked] == [
        "10 to the player 1", "1 to the talon", "10 to the player 2", "1 to the talon", "10 to the player 3",
    ]
    two = deal_layout(2)
    assert (two.face_down, two.face_up, two.hand, two.per_player) == (4, 4, 8, 16)


def test_dealing_a_deck_clockwise_from_the_dealers_left() -> None:
    deck = sorted(PACK, key=lambda c: c.index)
    dealt = deal_cards(deck, 4, dealer=3, cut=True)
    assert dealt.hands[0][:4] == tuple(deck[0:4])  # seat 0 is the dealer's left
    assert dealt.hands[3][4:] == tuple(deck[28:32])  # the dealer gets the last packet
    three = deal_cards(deck, 3, dealer=0, cut=False)
    assert three.hands[1] == tuple(deck[0:10]) and three.talon == (deck[10], deck[21])
    assert three.hands[0] == tuple(deck[22:32])


def test_a_deal_needs_the_whole_pack() -> None:
    with pytest.raises(InvalidPosition, match="all 32"):
        deal_cards(list(PACK)[:31], 4, 0)
    with pytest.raises(StytvoltError, match="not in the 32-card Sjavs pack"):
        deal_cards("H2", 4, 0)


# --- properties over random deals -------------------------------------------------------------------


@settings(max_examples=2000, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Suit)), st.integers(0, 3))
def test_random_tricks_follow_suit_and_have_one_winner(rng: random.Random, trump: Suit, before: int) -> None:
    deck = list(PACK)
    rng.shuffle(deck)
    hands = deal_cards(deck, 4, dealer=rng.randrange(4)).hands
    trick: list[Card] = []
    for seat in range(4):
        hand = hands[seat]
        allowed = legal_plays(list(hand), trick, trump)
        assert allowed and set(allowed) <= set(hand)
        if trick:
            led = suit_of(trick[0], trump)
            if any(suit_of(c, trump) is led for c in hand):
                assert all(suit_of(c, trump) is led for c in allowed)
            else:
                assert set(allowed) == set(hand)
        for card in hand:
            assert (card in allowed) == (refusal(list(hand), trick, trump, card) is None)
        trick.append(rng.choice(allowed))
    win = trick_winner(trick, trump)
    trumps = [c for c in trick if suit_of(c, trump) is trump]
    if trumps:
        assert suit_of(trick[win], trump) is trump
        assert all(order(trump, trump).index(trick[win]) <= order(trump, trump).index(c) for c in trumps)
    else:
        led = trick[0].suit
        assert trick[win].suit is led
    assert card_points(trick) == sum(card_points([c]) for c in trick)


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 120), st.integers(1, 7), st.sampled_from(list(Suit)))
def test_exactly_one_side_scores_unless_60_60(points: int, tricks: int, trump: Suit) -> None:
    result = hand_score(trump, points, tricks)
    assert (result.scorer is None) == (points == 60)
    assert (result.scorer == "announcers") == (points > 60)
    mirrored = {"announcers": "opponents", "opponents": "announcers"}
    assert result.points > 0 or result.tie
    if points < 60:
        assert mirrored[result.scorer or ""] == "announcers"
