"""The shared trick-game helpers of stytvolt.core.tricks: every expectation worked out by hand from the rules."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.core.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.tricks import (
    card_points,
    deal_packets,
    follow_suit,
    next_seat,
    partner,
    same_team,
    seats_from,
    team_of,
    trick_winner_by,
)

# Sjavs: with hearts trump, these six belong to the trump suit whatever their printed suit,
# highest first (♣Q ♠Q ♣J ♠J ♥J ♦J), above the ace of trumps.
PERMANENT = parse_cards("CQ SQ CJ SJ HJ DJ")
SJAVS_VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def sjavs_suit(card: Card) -> Suit:
    """Hearts trump: the permanent trumps are hearts."""
    return Suit.HEARTS if card in PERMANENT else card.suit


def sjavs_power(card: Card) -> int:
    """Permanent trumps over everything, in their order; other cards by rank."""
    return 100 - PERMANENT.index(card) if card in PERMANENT else int(card.rank)


def by_rank(card: Card) -> int:
    return int(card.rank)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- seats and teams -------------------------------------------------------


def test_next_seat_goes_clockwise_and_wraps_round() -> None:
    assert next_seat(0, 4) == 1
    assert next_seat(2, 4) == 3
    assert next_seat(3, 4) == 0
    assert next_seat(2, 3) == 0
    assert next_seat(1, 2) == 0


def test_next_seat_with_a_step() -> None:
    assert next_seat(2, 4, step=3) == 1
    assert next_seat(1, 4, step=2) == 3
    assert next_seat(3, 4, step=2) == 1
    assert next_seat(2, 4, step=0) == 2
    assert next_seat(0, 4, step=-1) == 3
    assert next_seat(1, 4, step=4) == 1


def test_seats_from() -> None:
    assert seats_from(0, 4) == (0, 1, 2, 3)
    assert seats_from(1, 4) == (1, 2, 3, 0)
    assert seats_from(3, 4) == (3, 0, 1, 2)
    assert seats_from(2, 3) == (2, 0, 1)
    assert seats_from(1, 2) == (1, 0)


def test_partner_sits_opposite() -> None:
    assert [partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [partner(s, 6) for s in range(6)] == [3, 4, 5, 0, 1, 2]


def test_team_of_and_same_team() -> None:
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [team_of(s, teams=3) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert same_team(0, 2) and same_team(1, 3) and same_team(2, 2)
    assert not same_team(0, 1) and not same_team(0, 3) and not same_team(2, 1)
    assert same_team(1, 4, teams=3) and not same_team(1, 2, teams=3)


# --- dealing ---------------------------------------------------------------


def test_deal_packets_styrivolt_48_cards_3_3_3_from_seat_1() -> None:
    deck = list(ALL_CARDS[:48])
    before = list(deck)
    hands, rest = deal_packets(deck, 4, 1, (3, 3, 3))
    # Round by round, seats 1, 2, 3, 0 take three cards each.
    expected = {
        1: [0, 1, 2, 12, 13, 14, 24, 25, 26],
        2: [3, 4, 5, 15, 16, 17, 27, 28, 29],
        3: [6, 7, 8, 18, 19, 20, 30, 31, 32],
        0: [9, 10, 11, 21, 22, 23, 33, 34, 35],
    }
    assert len(hands) == 4
    for seat, positions in expected.items():
        assert hands[seat] == [deck[i] for i in positions], seat
    assert rest == [deck[i] for i in range(36, 48)]
    assert deck == before  # the deck is not changed


def test_deal_packets_sjavs_32_cards_3_2_3() -> None:
    deck = tuple(c for c in ALL_CARDS if c.rank >= Rank.SEVEN)
    assert len(deck) == 32
    hands, rest = deal_packets(deck, 4, 3, (3, 2, 3))
    # Seats 3, 0, 1, 2: three each, then two each, then three each.
    expected = {
        3: [0, 1, 2, 12, 13, 20, 21, 22],
        0: [3, 4, 5, 14, 15, 23, 24, 25],
        1: [6, 7, 8, 16, 17, 26, 27, 28],
        2: [9, 10, 11, 18, 19, 29, 30, 31],
    }
    for seat, positions in expected.items():
        assert hands[seat] == [deck[i] for i in positions], seat
    assert rest == []


def test_deal_packets_three_players_keeps_a_rest() -> None:
    deck = cards("S2 S3 S4 S5 S6 S7 S8 S9")
    hands, rest = deal_packets(deck, 3, 2, (1, 1))
    assert hands == [list(cards("S3 S6")), list(cards("S4 S7")), list(cards("S2 S5"))]
    assert rest == list(cards("S8 S9"))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_deal_packets_deals_every_card_exactly_once(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 6), label="players")
    first = data.draw(st.integers(0, players - 1), label="first")
    packets = data.draw(st.lists(st.integers(1, 4), min_size=1, max_size=4), label="packets")
    extra = data.draw(st.integers(0, 8), label="extra")
    size = players * sum(packets) + extra
    deck = data.draw(st.lists(st.sampled_from(ALL_CARDS), min_size=size, max_size=size), label="deck")
    hands, rest = deal_packets(deck, players, first, packets)
    assert len(hands) == players
    assert all(len(hand) == sum(packets) for hand in hands)
    assert len(rest) == extra
    assert Counter(c for hand in hands for c in hand) + Counter(rest) == Counter(deck)
    with pytest.raises(InvalidPosition, match="deck"):
        deal_packets(deck[: size - extra - 1], players, first, packets)


# --- following suit --------------------------------------------------------


def test_follow_suit_must_follow_when_able_and_keeps_the_hand_order() -> None:
    assert follow_suit(cards("H2 SK H9 DA"), Card.parse("HT")) == cards("H2 H9")
    assert follow_suit(cards("CA C2 SK C7"), Card.parse("C9")) == cards("CA C2 C7")


def test_follow_suit_void_in_the_led_suit_may_play_anything() -> None:
    assert follow_suit(cards("SK DA C3"), Card.parse("H5")) == cards("SK DA C3")


def test_follow_suit_leading_may_play_anything() -> None:
    assert follow_suit(cards("SK H2 DA C3"), None) == cards("SK H2 DA C3")


def test_follow_suit_sjavs_permanent_trump_is_not_a_club() -> None:
    # ♣7 led, hearts trump: the ♣Q is a trump, so the only club is the ♣9.
    assert follow_suit(cards("CQ C9 H8"), Card.parse("C7"), sjavs_suit) == cards("C9")


def test_follow_suit_sjavs_permanent_trump_led_calls_for_trumps() -> None:
    # ♠J led is a trump: follow with a trump, the ♣Q or the ♥8, not the ♣9.
    assert follow_suit(cards("CQ C9 H8"), Card.parse("SJ"), sjavs_suit) == cards("CQ H8")
    # A plain heart led calls for the same trumps.
    assert follow_suit(cards("CQ C9 H8"), Card.parse("HA"), sjavs_suit) == cards("CQ H8")


def test_follow_suit_sjavs_only_permanent_trumps_of_the_printed_suit_is_void() -> None:
    # ♠7 led: the ♠Q and ♠J are trumps, not spades, so this hand has no spade and plays anything.
    assert follow_suit(cards("SQ SJ D9"), Card.parse("S7"), sjavs_suit) == cards("SQ SJ D9")


# --- winning tricks --------------------------------------------------------


def test_trick_winner_plain_trick_highest_of_the_led_suit() -> None:
    # The ♠A is higher but off-suit: the ♥K wins.
    assert trick_winner_by(cards("H5 HK SA H9"), by_rank) == 1
    assert trick_winner_by(cards("D9 DA D2 CA"), by_rank) == 1
    assert trick_winner_by(cards("S4 HA DA CA"), by_rank) == 0
    assert trick_winner_by(cards("C7"), by_rank) == 0


def test_trick_winner_one_trump_played() -> None:
    assert trick_winner_by(cards("H5 HK S2 HA"), by_rank, trump=Suit.SPADES) == 2


def test_trick_winner_two_trumps_the_higher_wins() -> None:
    assert trick_winner_by(cards("H5 S3 HA SQ"), by_rank, trump=Suit.SPADES) == 3
    assert trick_winner_by(cards("S4 HA S9 S7"), by_rank, trump=Suit.SPADES) == 2


def test_trick_winner_trump_suit_not_played_is_a_plain_trick() -> None:
    assert trick_winner_by(cards("H5 HK DA H9"), by_rank, trump=Suit.SPADES) == 1


def test_trick_winner_equal_power_the_first_played_wins() -> None:
    def faces_equal(card: Card) -> int:
        return 20 if card.rank >= Rank.JACK else int(card.rank)

    assert trick_winner_by(cards("H5 HQ HK HJ"), faces_equal) == 1
    assert trick_winner_by(cards("H5 SQ SK"), faces_equal, trump=Suit.SPADES) == 1
    assert trick_winner_by(cards("H5 H9 H7"), lambda card: 0) == 0


def test_trick_winner_sjavs_permanent_trumps() -> None:
    # ♣7 led, hearts trump: the ♣Q is a trump and beats the ♣A.
    assert trick_winner_by(cards("C7 CA CQ D2"), sjavs_power, sjavs_suit, Suit.HEARTS) == 2
    # ♥A led: the ♠J is a permanent trump and beats the ace of trumps.
    assert trick_winner_by(cards("HA SJ H2 DJ"), sjavs_power, sjavs_suit, Suit.HEARTS) == 1
    # ♠7 led, no trump played: the highest spade, the ♠A, wins.
    assert trick_winner_by(cards("S7 SK D8 SA"), sjavs_power, sjavs_suit, Suit.HEARTS) == 3
    # The same, but the ♠Q is a permanent trump, not a spade: it beats the ♠A.
    assert trick_winner_by(cards("S7 SK SQ SA"), sjavs_power, sjavs_suit, Suit.HEARTS) == 2


# --- points ----------------------------------------------------------------


def test_card_points_sjavs_pack_totals_120() -> None:
    pack = [c for c in ALL_CARDS if Rank.SEVEN <= c.rank <= Rank.ACE]
    assert len(pack) == 32
    assert card_points(pack, SJAVS_VALUES) == 120


def test_card_points_counts_unlisted_ranks_as_zero() -> None:
    assert card_points(cards("HA DT C9 SK"), SJAVS_VALUES) == 25
    assert card_points(cards("C7 D8 H9"), SJAVS_VALUES) == 0
    assert card_points(cards("SQ HJ"), SJAVS_VALUES) == 5
    assert card_points((), SJAVS_VALUES) == 0
    assert card_points(iter(cards("HA SA")), SJAVS_VALUES) == 22


# --- refusals --------------------------------------------------------------

DECK_48 = list(ALL_CARDS[:48])

BAD = [
    (lambda: next_seat(4, 4), "seat"),
    (lambda: next_seat(-1, 4), "seat"),
    (lambda: next_seat(0, 1), "players"),
    (lambda: next_seat(0, 0), "players"),
    (lambda: next_seat(True, 4), "seat"),
    (lambda: next_seat(0, 4, step=1.5), "step"),  # type: ignore[arg-type]
    (lambda: seats_from(4, 4), "first"),
    (lambda: seats_from(-1, 4), "first"),
    (lambda: seats_from(0, 1), "players"),
    (lambda: team_of(-1), "seat"),
    (lambda: team_of(0, teams=1), "teams"),
    (lambda: partner(4), "seat"),
    (lambda: partner(-1), "seat"),
    (lambda: partner(0, 3), "players"),
    (lambda: partner(0, 2), "players"),
    (lambda: partner(0, 1), "players"),
    (lambda: same_team(-1, 0), "a"),
    (lambda: same_team(0, -2), "b"),
    (lambda: deal_packets(DECK_48[:35], 4, 1, (3, 3, 3)), "deck"),
    (lambda: deal_packets(DECK_48[:31], 4, 0, (3, 2, 3)), "deck"),
    (lambda: deal_packets(DECK_48, 4, 4, (3, 3, 3)), "first"),
    (lambda: deal_packets(DECK_48, 1, 0, (3, 3, 3)), "players"),
    (lambda: deal_packets(DECK_48, 4, 0, ()), "packets"),
    (lambda: deal_packets(DECK_48, 4, 0, (3, 0, 3)), r"packets\[1\]"),
    (lambda: deal_packets(DECK_48, 4, 0, (3, -1)), r"packets\[1\]"),
    (lambda: trick_winner_by((), by_rank), "cards"),
    (lambda: trick_winner_by([], by_rank, trump=Suit.HEARTS), "cards"),
]


@pytest.mark.parametrize("call, names", BAD, ids=[f"bad{i}" for i in range(len(BAD))])
def test_bad_input_raises_invalid_position_naming_the_argument(call, names) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidPosition, match=names):
        call()


def test_invalid_position_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        next_seat(5, 4)
