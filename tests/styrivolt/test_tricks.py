"""Who wins a trick: every statement of the seed's ranking section, as vectors, plus properties."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import CardParseError, StytvoltError
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt import Ranking, Role, explain_trick, trick_winner

# (chosen suits, cards in play order, index of the winning play, the seed's point)
VECTORS = [
    # The nine stikkar beat everything but a led lamb.
    ("H,S", "DA S8", 1, "a permanent stikkar beats an unchosen ace"),
    ("H,S", "HA H2", 1, "the bird beats a stýrivolt"),
    ("H,S", "H7 H2 C4 S8", 0, "a led lamb beats even the bird"),
    ("H,S", "SJ DK", 0, "a karnifl led holds against an unchosen king"),
    ("C,D", "C4 H2", 1, "bird over fýrik"),
    ("C,D", "S8 C4", 1, "fýrik over the eight"),
    ("C,D", "H9 S8", 1, "the eight over the hay-yard mare"),
    ("C,D", "D9 H9", 1, "hay-yard mare over the mare of diamonds"),
    ("C,D", "CA D9", 1, "the mare of diamonds over a stýrivolt"),
    ("C,D", "CJ DA", 1, "stýrivolt over karnifl"),
    ("C,D", "C6 DJ", 1, "karnifl over postman"),
    # Taking cards: what each beats.
    ("H,S", "CA S6", 1, "a postman beats an unchosen ace"),
    ("H,S", "HA S6", 0, "... but not a stýrivolt"),
    ("H,S", "CK S2", 1, "a tvist beats an unchosen king"),
    ("H,S", "CA S2", 0, "... but not an unchosen ace"),
    ("H,S", "CQ H3", 1, "a trist beats an unchosen queen"),
    ("H,S", "CK H3", 0, "... but not an unchosen king"),
    ("H,S", "CJ S4", 1, "an unfortunate beats an unchosen jack"),
    ("H,S", "HJ S4", 0, "... but not a karnifl"),
    ("H,S", "CQ S4", 0, "... nor an unchosen queen"),
    ("H,S", "C2 S4", 1, "an unfortunate beats the lowest unchosen card"),
    ("H,S", "S3 S2", 1, "a tvist beats a trist"),
    ("H,S", "S3 S4", 0, "an unfortunate does not beat a trist"),
    ("H,S", "S2 H6", 1, "a postman beats a tvist"),
    # Equal chosen cards: the first played wins ("Den ene straffer ikke den anden").
    ("H,S", "HA SA", 0, "equal stýrivoltar: the first wins"),
    ("C,D", "C6 D6", 0, "equal postmen: the first wins"),
    ("H,S", "CK S2 H2", 2, "... but a higher card still beats them"),
    # Lambs, free cards, chosen kings and queens.
    ("H,S", "CA H7", 0, "a lamb not led beats nothing"),
    ("H,S", "S9 S6", 0, "a led free card does not fall to a postman"),
    ("H,S", "S9 SJ", 1, "a led free card falls to a stikkar"),
    ("H,S", "H8 C4", 1, "... including a permanent one"),
    ("H,S", "SK S4 S3", 0, "a led chosen king does not fall to an unfortunate or a trist"),
    ("H,S", "SK S2", 1, "a led chosen king falls to a tvist"),
    ("H,S", "SQ S4", 0, "a led chosen queen does not fall to an unfortunate"),
    ("H,S", "SQ H3", 1, "a led chosen queen falls to a trist"),
    ("H,S", "SQ SK", 0, "the chosen king does not beat its led queen"),
    ("H,S", "HK CA", 0, "an unchosen ace never beats a chosen card"),
    # Unchosen suits.
    ("H,S", "CK CA", 1, "the higher card of the led suit"),
    ("H,S", "C2 C3", 1, "twos are the lowest"),
    ("H,S", "CQ DA", 0, "another unchosen suit never beats the lead"),
    ("H,S", "D8 D9", 1, "the diamond nine is a stikkar, not a plain nine"),
    ("H,C", "S7 S8", 1, "the spade eight is a stikkar even with spades unchosen"),
    ("H,S", "CQ H3 CK", 1, "the seed: a king of the led suit cannot beat the trist that beat the queen"),
    ("H,S", "CJ S4 H3", 2, "the highest taking card played wins"),
    ("H,S", "CJ H3 S4", 1, "... whatever the order"),
    # The test: card by card against the card currently winning.
    ("H,S", "CJ S4 CA H3", 3, "♠4 beats ♣J, ♣A cannot beat a chosen card, ♥3 beats ♠4"),
    ("H,S", "CJ CA S4 H3", 1, "♣A beats ♣J; neither ♠4 nor ♥3 reaches an ace"),
]


@pytest.mark.parametrize("chosen, cards, winner, point", VECTORS, ids=[v[3] for v in VECTORS])
def test_seed_statements(chosen: str, cards: str, winner: int, point: str) -> None:
    assert trick_winner(cards, chosen) == winner
    assert trick_winner(cards, chosen[::-1]) == winner  # the order of the chosen suits is irrelevant
    assert explain_trick(cards, chosen).winner == winner


def test_four_of_a_kind_promotes_from_the_first_card_played() -> None:
    assert trick_winner("HA C2", "H,S", promoted=[1]) == 1  # four twos: ♣2 plays as a bird
    assert trick_winner("HA C2", "H,S") == 0
    assert trick_winner("C2 S8", "H,S", promoted=[0]) == 0
    assert trick_winner("CQ DJ", "H,S", promoted=[1]) == 1  # four jacks: ♦J is a karnifl
    assert trick_winner("C7 H2", "H,S", promoted=[0]) == 0  # four sevens: a led ♣7 is a lamb


def test_explanation_reads_as_a_player_would_say_it() -> None:
    result = explain_trick("DA S8", "H,C")
    assert result.reasons[1].text == "♠8 (the eight) beats ♦A (ace of diamonds): a permanent stikkar beats every card except a led lamb."
    result = explain_trick("CJ S4 CA H3", "H,S")
    assert [r.code for r in result.reasons] == [
        "trick.lead.plain", "trick.beats.reach", "trick.unchosen_never", "trick.beats.ranks_above", "trick.winner",
    ]
    assert "♥3 (trist) wins the trick" in result.reasons[-1].text
    assert explain_trick("HA SA", "H,S").reasons[1].code == "trick.equal_first_wins"


@pytest.mark.parametrize(
    "cards, promoted, message",
    [
        ("H2 S3 S4 S5 S6", (), "1 to 4 cards"),
        ("H2 H2", (), "played twice"),
        ("H2 HT", (), "^HT is a ten: the tens are taken out"),
        ("H2 S3", (5,), r"^promoted play 6 \(index 5\) is not in the trick: it has plays 1 to 2$"),
        ("H2 S3 S4 S5", (-1,), r"^promoted index -1 is not a play: indices run from 0 \(play 1, the lead\) to 3 \(play 4\)$"),
        ("C2 D2", (0, 1), "one hand held all four twos"),
        ("D3 H3", (0,), "H3 cannot be played by another player"),  # the fourth three is in the promoted hand
        ("H5 S2", (0,), "the fives never are"),
        ("H2 S3", ("0",), r"an index \(0 for play 1, the lead\), not '0'"),
        ("H2 X9", (), "'X9'"),
    ],
)
def test_bad_tricks_are_refused_with_the_reason(cards: str, promoted: tuple[int, ...], message: str) -> None:
    with pytest.raises(StytvoltError, match=message):
        trick_winner(cards, "H,S", promoted=promoted)
    with pytest.raises(StytvoltError, match=message):
        explain_trick(cards, "H,S", promoted=promoted)


@pytest.mark.parametrize("chosen", [None, 5, "H", ["0", "H"], "H,H"])
def test_bad_chosen_suits_are_parse_errors(chosen: object) -> None:
    with pytest.raises(CardParseError):
        trick_winner("H2 S3", chosen)  # type: ignore[arg-type]


pairs = st.sampled_from(["S,H", "S,D", "S,C", "H,D", "H,C", "D,C"])
tricks = st.lists(st.sampled_from(STYRIVOLT_PACK.cards), min_size=1, max_size=4, unique=True)


@settings(max_examples=3000, deadline=None)
@given(pairs, tricks)
def test_trick_properties(chosen: str, cards: list) -> None:  # type: ignore[type-arg]
    r = Ranking.of(chosen)
    w = trick_winner(cards, chosen)
    assert 0 <= w < len(cards)
    roles = [r.role(c) for c in cards]
    # Card by card: adding a card keeps the winner or makes the new card the winner.
    if len(cards) > 1:
        assert trick_winner(cards[:-1], chosen) in (w, len(cards) - 1) or w == len(cards) - 1
        assert w == len(cards) - 1 or trick_winner(cards[:-1], chosen) == w
    if roles[0] is Role.LAMB:
        assert w == 0  # a led lamb always wins
    elif any(x.is_stikkar for x in roles):
        top = max(x.level for x in roles)
        assert roles[w].level == top and roles.index(roles[w]) <= w
        assert [x.level for x in roles].index(top) == w  # of equal cards the first played wins
    if roles[w] is Role.PLAIN:
        assert w == 0 or (cards[w].suit is cards[0].suit and roles[0] is Role.PLAIN)  # only the led suit wins plain
    elif roles[w].level == 0:
        assert w == 0  # a powerless chosen card wins only when led
