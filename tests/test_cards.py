"""Cards: the text form, parsing with precise errors, packs, names."""

import pytest

from stytvolt import (
    ALL_CARDS, FULL_PACK, STYRIVOLT_PACK, Card, CardParseError, Rank, Suit, format_cards, parse_card, parse_cards,
)
from stytvolt.cards import FOUR_HAND_KLORSJAVS_PACK, KLORSJAVS_PACK, SJAVS_PACK
from stytvolt.styrivolt import card_names


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_reads_back_in_every_accepted_form(card: Card) -> None:
    s, r = card.suit, card.rank
    forms = [str(card), str(card).lower(), r.letter + s.letter, s.symbol + r.letter, r.letter + s.symbol]
    if r is Rank.TEN:
        forms += [s.letter + "10", "10" + s.symbol]
    for form in forms:
        assert parse_card(form) is card, form


def test_canonical_text_is_suit_then_rank() -> None:
    assert str(Card(Suit.HEARTS, Rank.TWO)) == "H2"
    assert Card(Suit.SPADES, Rank.KING).symbol == "♠K"
    assert Card(Suit.DIAMONDS, Rank.ACE).english == "ace of diamonds"


def test_cards_are_interned_and_immutable() -> None:
    assert Card(Suit.HEARTS, Rank.TWO) is parse_card("♥2") is Card.from_index(parse_card("H2").index)
    with pytest.raises(AttributeError):
        parse_card("H2").rank = Rank.THREE  # type: ignore[misc]


def test_lists_split_on_spaces_and_commas() -> None:
    assert parse_cards("H2 SK, s3,DJ  ♣A") == tuple(map(parse_card, ["H2", "SK", "S3", "DJ", "CA"]))
    assert format_cards(parse_cards("h2 sk")) == "H2 SK"
    assert format_cards(parse_cards("h2 sk"), symbols=True) == "♥2 ♠K"
    assert parse_cards("") == ()


@pytest.mark.parametrize(
    "text, named",
    [("X1", "'X1'"), ("H1", "'H1'"), ("H22", "'H22'"), ("HH", "'HH'"), ("2", "'2'"), ("♥", "'♥'")],
)
def test_a_bad_token_is_named_and_the_expected_form_said(text: str, named: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards(f"H2 {text} SK")
    assert named in str(err.value)
    assert "expected a suit" in str(err.value)
    assert isinstance(err.value, ValueError)


def test_pack_and_duplicate_checks() -> None:
    with pytest.raises(CardParseError, match="tens are removed"):
        parse_cards("H2 HT", pack=STYRIVOLT_PACK)
    with pytest.raises(CardParseError, match="'SK' .* twice|named twice"):
        parse_cards("SK H2 SK", unique=True)


def test_pack_sizes() -> None:
    assert (len(FULL_PACK), len(STYRIVOLT_PACK), len(SJAVS_PACK), len(KLORSJAVS_PACK), len(FOUR_HAND_KLORSJAVS_PACK)) == (
        52, 48, 32, 20, 18,
    )
    assert not any(c.rank is Rank.TEN for c in STYRIVOLT_PACK)
    assert parse_card("HQ") not in FOUR_HAND_KLORSJAVS_PACK and parse_card("SQ") in FOUR_HAND_KLORSJAVS_PACK
    assert {c.rank for c in KLORSJAVS_PACK} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.FIVE}


def test_suit_parsing() -> None:
    assert Suit.parse("♥") is Suit.parse("hearts") is Suit.parse("h") is Suit.HEARTS
    with pytest.raises(CardParseError, match="'X'"):
        Suit.parse("X")


def test_card_names_in_three_forms() -> None:
    bird = card_names("H2")
    assert (bird.english, bird.faroese, bird.symbol) == ("the bird", "Fuglurin", "♥2")
    assert card_names("C4").faroese == "Fýrikurin"
    assert card_names("S8").faroese == "Áttuni"
    assert card_names("H9").faroese == "Hoygarðsryssa"
    assert card_names("D9").faroese == "Rútar-ryssa"
    assert card_names("CA").english == "ace of clubs" and card_names("CA").faroese is None
    assert card_names("CA", "C,D").english == "stýrivolt"
    assert card_names("CJ", "C,D").faroese == "karnifl"
