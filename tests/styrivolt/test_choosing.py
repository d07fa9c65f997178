"""Choosing suits: the seed's three examples and every exposure rule."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import Suit, format_cards, parse_cards
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt import ChoosingError, OneSuitStock, choose_suits


@pytest.mark.parametrize(
    "stock, chosen, exposed",
    [
        ("H2 SK S3 HJ D9", (Suit.HEARTS, Suit.SPADES), "H2 S3"),
        ("C6 C4 DA CA D7 H5", (Suit.CLUBS, Suit.DIAMONDS), "C4 D7 DA"),
        ("H9 H5 H4 C7 C6 H2 S9", (Suit.HEARTS, Suit.CLUBS), "H5 C7"),
    ],
)
def test_the_seeds_three_examples(stock: str, chosen: tuple[Suit, Suit], exposed: str) -> None:
    choice = choose_suits(stock)
    assert choice.chosen == chosen
    assert format_cards(choice.exposed) == exposed
    assert choice.stopper == parse_cards(stock)[-1]


def test_returned_cards_go_back_to_the_stock() -> None:
    stock = parse_cards("H2 SK S3 HJ D9 C2 C3 C5 C6 C7 C8 C9")
    choice = choose_suits(stock)
    assert format_cards(choice.returned) == "SK HJ D9"
    assert len(choice.stock) == 10 and set(choice.stock) == set(stock) - set(choice.exposed)


def test_the_dealer_stops_at_the_third_suit() -> None:
    choice = choose_suits("SA S2 HK DJ H3")
    assert choice.seen == parse_cards("SA S2 HK DJ")
    assert [r.code for r in choice.reasons][:4] == ["choose.first_suit", "choose.again", "choose.second_suit", "choose.third_suit"]


def test_a_stock_of_two_suits_is_turned_to_its_end() -> None:
    choice = choose_suits("SA S2 HK H3")
    assert choice.stopper is None and choice.chosen == (Suit.SPADES, Suit.HEARTS)
    assert any(r.code == "choose.stock_end" for r in choice.reasons)


def test_trader_alone_even_beside_a_lamb_and_stikkar() -> None:
    choice = choose_suits("S7 SA S5 H2 D3")
    assert format_cards(choice.exposed) == "S5 H2"
    assert choice.exposures[0].rule == "trader"


def test_lamb_without_stikkar_is_exposed_alone() -> None:
    assert format_cards(choose_suits("S7 S6 H3 D3").exposed) == "S7 H3"


def test_permanent_stikkar_counts_in_its_own_suit() -> None:
    # ♦9 (the mare of diamonds) is the highest diamond stikkar seen, above the karnifl.
    assert format_cards(choose_suits("DJ D9 SK C2").exposed) == "D9 SK"
    # ♠8 is a spade stikkar when spades are chosen.
    assert format_cards(choose_suits("S8 SA H6 C2").exposed) == "S8 H6"


@pytest.mark.parametrize(
    "spades, exposed",
    [
        ("S6 S9 S2 S3 SK S4 SQ", "S6"),
        ("S9 S2 S3 SK S4 SQ", "S9"),
        ("S2 S3 SK S4 SQ", "S2"),
        ("S3 SK S4 SQ", "S3"),
        ("SK S4 SQ", "SK"),
        ("S4 SQ", "S4"),
        ("SQ", "SQ"),
    ],
)
def test_the_priority_six_free_two_three_king_four_queen(spades: str, exposed: str) -> None:
    choice = choose_suits(spades + " HQ D2")
    assert str(choice.exposures[0].cards[0]) == exposed


def test_king_or_four_and_the_club_free_cards_are_the_dealers_choice() -> None:
    choice = choose_suits("S4 SK HQ D2")
    assert str(choice.exposures[0].cards[0]) == "SK" and format_cards(choice.exposures[0].alternatives) == "S4"
    assert str(choose_suits("S4 SK HQ D2", prefer="S4").exposures[0].cards[0]) == "S4"
    clubs = choose_suits("C9 C8 HQ D2")
    assert str(clubs.exposures[0].cards[0]) == "C8" and format_cards(clubs.exposures[0].alternatives) == "C9"
    assert str(choose_suits("C9 C8 HQ D2", prefer="C9").exposures[0].cards[0]) == "C9"
    # Only clubs have two free cards: ♥9 is the hay-yard mare, a stikkar.
    assert choose_suits("H8 H9 SQ D2").exposures[0].rule == "stikkar"


def test_one_suit_stock_voids_the_deal() -> None:
    with pytest.raises(OneSuitStock, match="only hearts"):
        choose_suits("H2 H3 H4 H5 H6 H7 H8 H9 HJ HQ HK HA")


@pytest.mark.parametrize("stock, message", [("H2 H2 S3", "twice"), ("H2 ST", "ten"), ("H2", "at least two"), ("H2 Q9", "'Q9'")])
def test_bad_stocks(stock: str, message: str) -> None:
    with pytest.raises(ChoosingError if message != "'Q9'" else ValueError, match=message):
        choose_suits(stock)


@settings(max_examples=2000, deadline=None)
@given(st.permutations(STYRIVOLT_PACK.cards))
def test_choosing_properties(deck: list) -> None:  # type: ignore[type-arg]
    stock = deck[:12]
    if len({c.suit for c in stock}) < 2:
        return
    choice = choose_suits(stock)
    assert len(set(choice.chosen)) == 2
    for e in choice.exposures:
        assert 1 <= len(e.cards) <= 2 and all(c.suit is e.suit for c in e.cards)
        assert all(c in choice.seen for c in e.cards)
    assert sorted(choice.stock + choice.exposed) == sorted(stock)
    assert choice.stopper is None or choice.stopper.suit not in choice.chosen
