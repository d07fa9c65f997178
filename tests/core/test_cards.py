"""Cards: the text form, parsing with precise errors, packs, names."""

import pytest

from stytvolt import (
    ALL_CARDS, FULL_PACK, Card, CardParseError, ParseError, Rank, StytvoltError, Suit, format_cards, parse_card, parse_cards,
)
from stytvolt.core.cards import make_pack
from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
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


@pytest.mark.parametrize("text", ["HT", "h10", "10♥", Card.parse("HT")], ids=str)
def test_a_card_outside_the_pack_is_named_once_in_words(text: "str | Card") -> None:
    # Not "card 'HT' (ten of hearts)": the reader is told once which card it is.
    with pytest.raises(CardParseError) as err:
        parse_card(text, pack=STYRIVOLT_PACK)
    message = str(err.value)
    assert message.startswith("the ten of hearts is not in the 48-card"), message
    assert "HT" not in message and "'" not in message and message.count("ten of hearts") == 1


def test_duplicate_checks() -> None:
    with pytest.raises(CardParseError, match="'SK' .* twice|named twice"):
        parse_cards("SK H2 SK", unique=True)


def test_pack_sizes() -> None:
    assert (len(FULL_PACK), len(STYRIVOLT_PACK)) == (52, 48)
    assert not any(c.rank is Rank.TEN for c in STYRIVOLT_PACK)
    # A game declares its own pack; make_pack builds one from ranks, less named cards.
    four_hand = make_pack("x", "an 18-card pack", (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.FIVE), without="HQ DQ")
    assert len(four_hand) == 18 and parse_card("HQ") not in four_hand and parse_card("SQ") in four_hand


def test_a_pack_lists_its_own_ranks_when_a_card_is_bad() -> None:
    assert FULL_PACK.rank_text == "2-9, T, J, Q, K, A"
    assert STYRIVOLT_PACK.rank_text == "2-9, J, Q, K, A"
    with pytest.raises(CardParseError) as err:
        parse_card("H1", pack=STYRIVOLT_PACK)
    assert "2-9, J, Q, K, A" in str(err.value) and "T," not in str(err.value)


@pytest.mark.parametrize("bad", [None, 5, 2.0, ["H2"], b"H2"])
def test_a_card_of_the_wrong_type_is_a_parse_error_naming_the_type(bad: object) -> None:
    with pytest.raises(CardParseError, match="not (None|an? )"):
        parse_card(bad)  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        Suit.parse(bad)  # type: ignore[arg-type]


def test_errors_share_one_root() -> None:
    assert issubclass(CardParseError, ParseError) and issubclass(ParseError, StytvoltError)
    assert issubclass(StytvoltError, ValueError)
    with pytest.raises(CardParseError):
        parse_cards(5)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match=r"'HHHHHHHHH.*…'"):
        parse_card("H" * 5000)  # a long token is cut short in the message


def test_check_deck_names_what_is_wrong() -> None:
    deck = list(STYRIVOLT_PACK)
    assert STYRIVOLT_PACK.check_deck(deck) == tuple(deck)
    with pytest.raises(InvalidPosition, match="48 cards, got 47"):
        STYRIVOLT_PACK.check_deck(deck[1:])
    with pytest.raises(InvalidPosition, match="twice"):
        STYRIVOLT_PACK.check_deck(deck[1:] + deck[1:2])
    with pytest.raises(InvalidPosition, match="not a card"):
        STYRIVOLT_PACK.check_deck(deck[1:] + [parse_card("HT")])
    with pytest.raises(InvalidPosition, match="list of cards"):
        STYRIVOLT_PACK.check_deck("H2 H3")


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
