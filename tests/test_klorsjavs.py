"""Klørsjavs's rules as its players know them (seed 001 and rulings R42-R45), written by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import InvalidPosition, ParseError, StytvoltError, Suit, format_cards
from stytvolt.klorsjavs import (
    FOUR_HAND_PACK, PACK, TRUMPS, Bid, auction_score, card_points, fold_cost, hand_score, legal_plays, order,
    parse_auction_bid, suit_of, trick_winner,
)


def test_the_packs() -> None:
    assert len(PACK) == 20 and {c.rank.letter for c in PACK} == set("AKQJ5")
    assert card_points(list(PACK)) == 120
    assert len(FOUR_HAND_PACK) == 18 and "HQ" not in {str(c) for c in FOUR_HAND_PACK}
    assert card_points(list(FOUR_HAND_PACK)) == 114


def test_the_nine_permanent_trumps_and_the_plain_suits() -> None:
    assert format_cards(TRUMPS) == "CQ SQ CJ SJ HJ DJ CA CK C5"
    assert format_cards(order(Suit.HEARTS, None)) == "HA HK HQ H5"
    assert format_cards(order(Suit.DIAMONDS, None)) == "DA DK DQ D5"
    assert format_cards(order(Suit.CLUBS, Suit.CLUBS)) == "CA CK CQ CJ C5"  # auction: no wenzels


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("HA HK HQ", None, 0),
        ("HA HK C5", None, 2),  # the lowest trump beats an ace
        ("C5 CQ CA", None, 1),  # ♣Q tops the trumps
        ("SK SJ SA", None, 1),  # ♠J is a trump, not a spade
        ("DK HA D5", None, 0),  # a plain ace of another suit never wins: ♦K beats ♦5 (the five is lowest)
        ("HA HK SJ", "H", 0),  # auction, hearts trumps: ♠J is a plain spade
        ("SA S5 H5", "H", 2),
        ("D5 DJ DQ DK", None, 1),  # four-hand: four plays; ♦J is a trump and wins
    ],
)
def test_trick_winners(trick: str, trump: str | None, winner: int) -> None:
    assert trick_winner(trick, trump) == winner


def test_following_suit_counts_the_wenzels_as_clubs() -> None:
    assert format_cards(legal_plays("SQ SA H5", "SK")) == "SA"
    assert format_cards(legal_plays("SQ HA", "C5")) == "SQ"
    assert format_cards(legal_plays("HJ HA DK", "HK")) == "HA"
    assert format_cards(legal_plays("HJ DK", "HK")) == "HJ DK"  # no plain heart: anything
    assert format_cards(legal_plays("HJ HA DK", "HK", "H")) == "HJ HA"  # auction: ♥J is a heart


def test_three_hand_oere() -> None:
    assert [(hand_score(p).who, hand_score(p).ore) for p in (120, 119, 91, 90, 61, 60, 1)] == [
        ("opponents", 16), ("opponents", 8), ("opponents", 8), ("opponents", 4), ("opponents", 4),
        ("declarer", 8), ("declarer", 8)]


def test_four_hand_oere() -> None:
    rows = [(p, hand_score(p, four_hand=True)) for p in (114, 113, 86, 85, 58, 57, 1)]
    assert [(p, r.who, r.ore) for p, r in rows] == [
        (114, "opponents", 16), (113, "opponents", 8), (86, "opponents", 8), (85, "opponents", 4),
        (58, "opponents", 4), (57, "declarer", 8), (1, "declarer", 8)]
    with pytest.raises(InvalidPosition, match="0 to 114"):
        hand_score(115, four_hand=True)


def test_folding_costs_8() -> None:
    assert fold_cost() == 8


@pytest.mark.parametrize(
    ("bid", "points", "tariff"),
    [("spil", 120, 3), ("spil", 100, 2), ("spil", 61, 1), ("spil", 60, -1), ("spil", 12, -2),
     ("stryger", 120, 12), ("stryger", 91, 8), ("stryger", 90, 4), ("stryger", 40, -4), ("stryger", 30, -8),
     ("stryger", 0, -12)],
)
def test_auction_point_bids(bid: str, points: int, tariff: int) -> None:
    assert auction_score(bid, points).tariff == tariff


def test_auction_no_trick_and_touts() -> None:
    assert auction_score("spil", 9, no_tricks=True).tariff == -3
    assert auction_score("stryger", 4, no_tricks=True).tariff == -12
    assert [auction_score(b, all_tricks=t).tariff for b in ("tout", "strøget tout") for t in (True, False)] == [10, -10, 15, -15]


def test_the_bids_rank_in_order() -> None:
    assert [b.rank for b in (Bid.SPIL, Bid.STRYGER, Bid.TOUT, Bid.STROGET_TOUT)] == [0, 1, 2, 3]
    assert parse_auction_bid("Strike tout") is Bid.STROGET_TOUT and Bid.SPIL.takes_cat and not Bid.STRYGER.takes_cat


def test_bad_input_names_what_is_wrong() -> None:
    with pytest.raises(ParseError, match="bad auction bid 'grand'"):
        auction_score("grand", 60)
    with pytest.raises(InvalidPosition, match="all_tricks"):
        auction_score("tout", 60)
    with pytest.raises(InvalidPosition, match="declarer_points"):
        auction_score("spil")
    with pytest.raises(StytvoltError, match="not in the 20-card"):
        trick_winner("H7 HA")
    with pytest.raises(InvalidPosition, match="empty trick"):
        trick_winner("")


@settings(max_examples=1000, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([None, *Suit]))
def test_random_tricks(rng: random.Random, trump: Suit | None) -> None:
    deck = list(PACK)
    rng.shuffle(deck)
    hands = [deck[0:6], deck[6:12], deck[12:18]]
    trick: list = []
    for hand in hands:
        allowed = legal_plays(hand, trick, trump)
        if trick:
            led = suit_of(trick[0], trump)
            held = [c for c in hand if suit_of(c, trump) is led]
            assert set(allowed) == set(held or hand)
        trick.append(rng.choice(allowed))
    win = trick_winner(trick, trump)
    trump_suit = Suit.CLUBS if trump is None else trump
    trumps = [c for c in trick if suit_of(c, trump) is trump_suit]
    assert suit_of(trick[win], trump) is (trump_suit if trumps else suit_of(trick[0], trump))
