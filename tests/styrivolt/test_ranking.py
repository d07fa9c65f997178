"""Card power for every pair of chosen suits, the overlaps, four of a kind."""

from itertools import combinations

import pytest

from stytvolt import Rank, Suit, parse_card
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt import Ranking, Role

PAIRS = [frozenset(p) for p in combinations(Suit, 2)]


def ranking(text: str) -> Ranking:
    return Ranking.of(text)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: "+".join(s.letter for s in sorted(p)))
def test_nine_stikkar_in_every_deal(pair: frozenset[Suit]) -> None:
    r = Ranking.of(tuple(pair))
    stikkar = [c for c in STYRIVOLT_PACK if r.is_stikkar(c)]
    assert len(stikkar) == 9  # five permanent, two stýrivoltar, two karniflar
    assert sorted(r.role(c).level for c in stikkar)[-5:] == [11, 12, 13, 14, 15]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: "+".join(s.letter for s in sorted(p)))
def test_groups_list_every_card_once(pair: frozenset[Suit]) -> None:
    groups = Ranking.of(tuple(pair)).groups()
    cards = [c for _, cs in groups for c in cs]
    assert sorted(cards) == sorted(STYRIVOLT_PACK)
    assert groups[0][0] == "permanent stikkar"
    assert [str(c) for c in groups[0][1]] == ["H2", "C4", "S8", "H9", "D9"]


def test_permanent_stikkar_order() -> None:
    r = ranking("S,D")
    levels = [r.role(parse_card(c)).level for c in ["H2", "C4", "S8", "H9", "D9", "SA", "SJ", "S6", "S2", "S3", "S4"]]
    assert levels == sorted(levels, reverse=True) and len(set(levels[:5])) == 5


def test_overlaps_when_hearts_are_chosen() -> None:
    r = ranking("H,C")
    assert r.role(parse_card("H2")) is Role.BIRD  # not a tvist
    assert r.role(parse_card("H9")) is Role.HAY_YARD_MARE  # not a free card
    assert r.role(parse_card("H8")) is Role.FREE_CARD
    assert r.role(parse_card("C4")) is Role.FYRIK  # not an unfortunate
    assert r.role(parse_card("H4")) is Role.OLUKKA
    assert r.role(parse_card("C8")) is Role.FREE_CARD and r.role(parse_card("C9")) is Role.FREE_CARD
    # Two taking cards are lost to the overlaps: no tvist of hearts, no unfortunate of clubs.
    assert sum(1 for c in STYRIVOLT_PACK if r.role(c).is_taking) == 6


def test_overlaps_for_spades_and_diamonds() -> None:
    r = ranking("S,D")
    assert r.role(parse_card("S8")) is Role.EIGHT and r.role(parse_card("S9")) is Role.FREE_CARD
    assert r.role(parse_card("D9")) is Role.DIAMOND_MARE and r.role(parse_card("D8")) is Role.FREE_CARD
    assert sum(1 for c in STYRIVOLT_PACK if r.role(c).is_taking) == 8


def test_every_role_of_a_chosen_suit() -> None:
    r = ranking("S,D")
    expect = {
        "A": Role.STYRIVOLT, "J": Role.KARNIFL, "6": Role.POSTMAN, "2": Role.TVIST, "3": Role.TRIST,
        "4": Role.OLUKKA, "7": Role.LAMB, "9": Role.FREE_CARD, "K": Role.KING, "Q": Role.QUEEN, "5": Role.TRADER,
    }
    for rank, role in expect.items():
        assert r.role(parse_card("S" + rank)) is role, rank
    assert r.role(parse_card("CA")) is Role.PLAIN and r.role(parse_card("H7")) is Role.PLAIN


def test_permanent_stikkar_of_unchosen_suits_stay_stikkar() -> None:
    r = ranking("S,D")
    assert r.role(parse_card("H2")) is Role.BIRD and r.role(parse_card("C4")) is Role.FYRIK


@pytest.mark.parametrize(
    "rank, role",
    [
        (Rank.TWO, Role.BIRD), (Rank.FOUR, Role.FYRIK), (Rank.EIGHT, Role.EIGHT), (Rank.NINE, Role.HAY_YARD_MARE),
        (Rank.ACE, Role.STYRIVOLT), (Rank.JACK, Role.KARNIFL), (Rank.SIX, Role.POSTMAN), (Rank.THREE, Role.TRIST),
        (Rank.SEVEN, Role.LAMB), (Rank.KING, Role.KING), (Rank.QUEEN, Role.QUEEN), (Rank.FIVE, None),
    ],
)
def test_four_of_a_kind_plays_as_the_best_of_the_four(rank: Rank, role: Role | None) -> None:
    # The seed: four twos are four birds, four nines four mares, four jacks four karniflar.
    # Rulings: sevens become lambs (the seed's "four lambs"), fives are never promoted.
    for pair in PAIRS:
        assert Ranking.of(tuple(pair)).promoted_role(rank) is role


def test_explain_card_sentences() -> None:
    r = ranking("H,S")
    assert "permanent stikkar" in r.explain_card(parse_card("S8")).text
    assert "beats unchosen cards up to the king" in r.explain_card(parse_card("S2")).text
    assert r.explain_card(parse_card("CA")).code == "card.plain"
    assert r.describe(parse_card("C2"), promoted=True) == "♣2 (bird by four of a kind)"


def test_bad_suits_are_named() -> None:
    with pytest.raises(ValueError, match="two chosen suits"):
        Ranking.of("H")
    with pytest.raises(ValueError, match="must differ"):
        Ranking.of("H,H")
    with pytest.raises(ValueError, match="'X'"):
        Ranking.of("H,X")


def test_every_faroese_card_name_is_a_glossary_form() -> None:
    # Card names print Faroese only as the sources do; the glossary holds every printed form.
    from stytvolt.styrivolt import lookup

    for role in Role:
        if role.faroese:
            lookup(role.faroese)
