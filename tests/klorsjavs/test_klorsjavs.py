"""Klørsjavs's rules as its players know them (seed 001 and rulings R42-R45), written by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import IllegalAction, InvalidPosition, ParseError, StytvoltError, Suit, format_cards, parse_cards
from stytvolt.klorsjavs import (
    FOUR_HAND_PACK, PACK, TRUMPS, Bid, HandState, TrickResult, auction_score, card_points, explain_trick, fold_cost,
    hand_score, legal_plays, order, parse_auction_bid, refusal, suit_of, trick_winner, trump_suit,
)
from stytvolt.sjavs import TrickResult as SjavsTrickResult


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


# -- the two play rules in words: explain_trick and refusal ------------------------------------------------

EXPLAINED = [
    # (trick, named trump, winner, code, trumped, the sentence)
    # A wenzel led is a trump lead: ♠J is one of the nine trumps (a club in play), so ♠A and ♠K, plain spades,
    # neither follow nor beat it.
    ("SJ SA SK", None, 0, "highest-trump-led", False, "Trumps were led and ♠J is the highest trump played."),
    # ♥J led is a trump lead too, and ranks above ♣K (♣Q ♠Q ♣J ♠J ♥J ♦J ♣A ♣K ♣5); ♥A is a plain heart.
    ("HJ CK HA", None, 0, "highest-trump-led", False, "Trumps were led and ♥J is the highest trump played."),
    # No trump: spades run A K 5, so the plain ace of spades beats the king; ♥5 is of another suit.
    ("SK SA H5", None, 1, "highest-of-led", False, "No trump was played, so the highest of the spades led wins: ♠A."),
    # A trump beats a plain lead: ♣5, the lowest of the nine, still takes ♠A and ♠K.
    ("SA SK C5", None, 2, "trumped", True,
     "♠A was led; ♣5 is the highest trump played, and a trump beats every card of another suit."),
    # The auction, hearts named: no wenzels, ♠J is a plain spade and the spades run A K Q J 5, so ♠A wins.
    ("SJ SA SK", "H", 1, "highest-of-led", False, "No trump was played, so the highest of the spades led wins: ♠A."),
    # The auction, hearts named: ♥J is a trump there, and beats the spades.
    ("SJ SA HJ", "H", 2, "trumped", True,
     "♠J was led; ♥J is the highest trump played, and a trump beats every card of another suit."),
    # The auction, spades named: a spade led is a trump lead, ♠A the top trump; ♣Q is only a plain club.
    ("SA SJ CQ", "S", 0, "highest-trump-led", False, "Trumps were led and ♠A is the highest trump played."),
]


@pytest.mark.parametrize(("trick", "trump", "winner", "code", "trumped", "text"), EXPLAINED)
def test_explain_trick_names_the_deciding_cards(trick: str, trump: str | None, winner: int, code: str,
                                                trumped: bool, text: str) -> None:
    result = explain_trick(trick, trump)
    cards = parse_cards(trick)
    assert (result.winner, result.card, result.trumped) == (winner, cards[winner], trumped)
    assert result.reason.code == code and result.reason.text == text
    # The winner, and the lead when another card took the trick.
    assert result.reason.cards == ((cards[winner],) if winner == 0 else (cards[winner], cards[0]))
    assert trick_winner(trick, trump) == winner


def test_the_trick_result_is_the_one_sjavs_returns() -> None:
    # One type for both games' tricks, kept in the core and still exported by Sjavs under its name.
    assert TrickResult is SjavsTrickResult
    assert isinstance(explain_trick("HA"), TrickResult)
    assert (trump_suit(), trump_suit("D")) == (Suit.CLUBS, Suit.DIAMONDS)


REFUSED = [
    # (hand, trick so far, card, named trump, code or None, the sentence)
    # ♠K led: ♠Q is a wenzel (a club), not a spade; ♠A is the hand's only spade and must be played.
    ("SQ SA H5", "SK", "SQ", None, "permanent-is-trump",
     "♠Q is a wenzel, a trump and so a club, not one of the spades: ♠K was led and the hand holds a spade (♠A), "
     "so it must be played."),
    ("SQ SA H5", "SK", "SA", None, None, ""),
    ("SQ SA H5", "SK", "H5", None, "must-follow",
     "♠K was led and the hand holds a spade (♠A): it must be played, not ♥5."),
    # A club led, and ♠Q is a club: ♥A may not be played.
    ("SQ HA", "C5", "HA", None, "must-follow", "♣5 was led and the hand holds a trump (♠Q): it must be played, not ♥A."),
    # ♦J led is a trump lead: ♣K and ♣J follow, the diamonds do not.
    ("DA CK CJ", "DJ", "DA", None, "must-follow",
     "♦J was led and the hand holds trumps (♣K ♣J): one of those must be played, not ♦A."),
    # No plain heart in the hand (♥J is a club): anything may be played to ♥K.
    ("HJ DK", "HK", "DK", None, None, ""),
    # The auction, hearts named: ♥K led is a trump lead, and ♥J, a heart there, follows it with ♥A; ♦K may not.
    ("HJ HA DK", "HK", "DK", "H", "must-follow",
     "♥K was led and the hand holds trumps (♥J ♥A): one of those must be played, not ♦K."),
    # The auction, spades named: ♥K led, ♥J is a plain heart there and must follow.
    ("HJ CQ", "HK", "CQ", "S", "must-follow", "♥K was led and the hand holds a heart (♥J): it must be played, not ♣Q."),
    # The auction, hearts named: ♠Q is a plain spade, so it follows ♠K.
    ("SQ SJ HA", "SK", "SQ", "H", None, ""),
    # The leader plays any card.
    ("SQ HA", "", "HA", None, None, ""),
    ("SA", "SK", "HA", None, "not-held", "♥A is not in the hand."),
]


@pytest.mark.parametrize(("hand", "trick", "card", "trump", "code", "text"), REFUSED)
def test_refusal_says_why_a_card_may_not_be_played(hand: str, trick: str, card: str, trump: str | None,
                                                    code: str | None, text: str) -> None:
    why = refusal(hand, trick, card, trump)
    if code is None:
        assert why is None
        assert card in format_cards(legal_plays(hand, trick, trump)).split()
        return
    assert why is not None and why.code == code and why.text == text
    assert parse_cards(card)[0] in why.cards
    if code != "not-held":
        assert card not in format_cards(legal_plays(hand, trick, trump)).split()


def test_refusal_and_explain_trick_refuse_impossible_positions() -> None:
    with pytest.raises(InvalidPosition, match="already holds 4 cards"):
        refusal("SA", "HA HK HQ H5", "SA")
    with pytest.raises(InvalidPosition, match="both in the hand and in the trick"):
        refusal("SA SK", "SK", "SA")
    with pytest.raises(StytvoltError, match="not in the 20-card"):
        refusal("SA", "SK", "S7")
    with pytest.raises(InvalidPosition, match="one card, like 'SQ', not 2"):
        refusal("SA HA", "SK", "SA HA")
    with pytest.raises(InvalidPosition, match="empty trick"):
        explain_trick("")
    with pytest.raises(InvalidPosition, match="at most 4 cards"):
        explain_trick("HA HK HQ H5 SA")


def test_a_hand_refuses_a_card_with_the_rules_reason() -> None:
    # A stacked deal (dealer seat 2, so seat 0 is dealt first and speaks and leads first):
    # seat 0 ♠K ♥A ♥K ♦A ♦K ♦5, seat 1 ♠Q ♠A ♥5 ♥Q ♦Q ♣5, seat 2 the other six trumps, the cat ♣K ♠5.
    deck = parse_cards("SK HA HK SQ SA H5 CQ CJ SJ CK S5 DA DK D5 HQ DQ C5 HJ DJ CA")
    state = HandState(list(deck), dealer=2)
    for text in ("play", "stroke", "card SK"):
        state.apply(text)
    before = state.to_json()
    # Seat 1 holds ♠A, the one plain spade: the wenzel ♠Q is refused with the rules' own reason.
    with pytest.raises(IllegalAction) as refused:
        state.apply("card SQ")
    assert refused.value.reason.code == "permanent-is-trump" and "the hand holds a spade (♠A)" in str(refused.value)
    with pytest.raises(IllegalAction, match="♥A is not in player 1's hand"):
        state.apply("card HA")
    assert state.to_json() == before


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
