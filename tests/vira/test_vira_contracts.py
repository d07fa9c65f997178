"""Vira's contract table, names, overcalls, points and outcomes, each checked against the sources by hand.

The table below is copied row by row from the recovered facts (the
Stockholm Vira society's table, 1999/2006, as brusdata.se and
lyckans-talisman print it): number, Swedish name, English name, tricks (or
the misère's cards and whether open), and the points per opponent
(off-colour / colour / preference, or one rate for a misère).
"""

from __future__ import annotations

import pytest

from stytvolt import InvalidPosition, ParseError
from stytvolt.vira import (
    ALL_BIDS, CONTRACTS, GASK_OPTIONS, Bid, BidError, Contract, ContractError, Kind, Outcome, SuitClass, bid_refusal,
    contract, misere_cards, outcome, overcalls, parse_bid, points, requirement,
)

# (number, Swedish, English, tricks or None, (misère cards, open) or None, points)
TABLE = [
    (1, "Begär", "Beg", 6, None, (0, 0, 1)),
    (2, "Turné 6", "Turn-up 6", 6, None, (0, 0, 1)),
    (3, "7-spel", "Draw 7", 7, None, (0, 0, 1)),
    (4, "Vingel 6", "Vingel 6", 6, None, (0, 1, 1)),
    (5, "Gask på 0", "Gask 0", 7, (11, False), (0, 0, 1)),
    (6, "Gök", "Cuckoo", None, (13, True), (0,)),
    (7, "Turné 7", "Turn-up 7", 7, None, (0, 1, 1)),
    (8, "Köpmisär på 1", "Misère 1", None, (11, False), (0,)),
    (9, "Gask på 1", "Gask 1", 8, (12, False), (0, 0, 1)),
    (10, "8-spel", "Draw 8", 8, None, (0, 1, 1)),
    (11, "Vingel 7", "Vingel 7", 7, None, (1, 1, 3)),
    (12, "Turné 8", "Turn-up 8", 8, None, (1, 1, 3)),
    (13, "Köpmisär på 2", "Misère 2", None, (12, False), (0,)),
    (14, "Gask på 2", "Gask 2", 9, (13, False), (0, 1, 1)),
    (15, "Solo 6", "Solo 6", 6, None, (0, 1, 1)),
    (16, "Vingel 8", "Vingel 8", 8, None, (1, 3, 5)),
    (17, "Köpmisär på 3", "Misère 3", None, (12, False), (0,)),
    (18, "Gask på 3", "Gask 3", 10, (12, True), (0, 1, 2)),
    (19, "9-spel", "Draw 9", 9, None, (1, 1, 3)),
    (20, "Köpmisär på 4", "Misère 4", None, (12, False), (1,)),
    (21, "Gask på 4", "Gask 4", 11, (13, True), (1, 1, 3)),
    (22, "Tringel 9", "Tringel 9", 9, None, (3, 5, 11)),
    (23, "Köpmisär på 5", "Misère 5", None, (12, False), (1,)),
    (24, "Gask på 6", "Gask 6", 12, None, (1, 2, 4)),
    (25, "Solo 7", "Solo 7", 7, None, (0, 1, 2)),
    (26, "Köpmisär på 6", "Misère 6", None, (12, False), (1,)),
    (27, "Gask på 5", "Gask 5", 12, None, (1, 3, 5)),
    (28, "Solo 8", "Solo 8", 8, None, (1, 2, 4)),
    (29, "Vira", "Vira", 13, None, (2, 4, 8)),
    (30, "Solo petite misär", "Solo petite misère", None, (12, False), (2,)),
    (31, "Solo 9", "Solo 9", 9, None, (2, 4, 8)),
    (32, "Solo grande misär", "Solo grande misère", None, (13, False), (4,)),
    (33, "Solo 10", "Solo 10", 10, None, (4, 8, 16)),
    (34, "Solo petite misär ouverte", "Solo petite misère ouverte", None, (12, True), (8,)),
    (35, "Solo petite misär ouverte royale", "Solo petite misère ouverte royale", None, (12, True), (16,)),
    (36, "Solo 11", "Solo 11", 11, None, (8, 16, 32)),
    (37, "Solo grande misär ouverte", "Solo grande misère ouverte", None, (13, True), (24,)),
    (38, "Solo grande misär ouverte royale", "Solo grande misère ouverte royale", None, (13, True), (32,)),
    (39, "Solo 12", "Solo 12", 12, None, (16, 32, 64)),
    (40, "Solo Vira", "Solo Vira", 13, None, (32, 64, 128)),
]


def test_there_are_forty_contracts_in_the_table_order() -> None:
    assert len(CONTRACTS) == 40
    assert [(c.number, c.swedish, c.english) for c in CONTRACTS] == [row[:3] for row in TABLE]


@pytest.mark.parametrize("row", TABLE, ids=[row[2] for row in TABLE])
def test_every_row_of_the_table(row: tuple) -> None:  # type: ignore[type-arg]
    number, swedish, english, tricks, misere, rates = row
    item = CONTRACTS[number - 1]
    assert item.number == number and item.swedish == swedish and item.english == english
    assert item.tricks == tricks
    assert (None if item.misere is None else (item.misere.cards, item.misere.open)) == misere
    assert item.rates == rates
    if len(rates) == 3:
        assert [points(item, cls) for cls in ("off-colour", "colour", "preference")] == list(rates)
        assert [points(english, cls) for cls in SuitClass] == list(rates)
    else:
        assert points(item) == rates[0]
    assert contract(swedish) is item and contract(english) is item and contract(number) is item


def test_contracts_are_immutable_values() -> None:
    item = contract("Solo 7")
    with pytest.raises(AttributeError):
        item.tricks = 9  # type: ignore[misc]
    assert hash(item) == hash(contract("solo 7")) and item == CONTRACTS[24]


def test_the_eight_kinds_and_how_many_of_each() -> None:
    # Parlett: four positive kinds, three negative, gask either way.
    count = {kind: sum(1 for c in CONTRACTS if c.kind is kind) for kind in Kind}
    assert count == {Kind.DRAW: 4, Kind.TURN_UP: 7, Kind.SOLO: 8, Kind.VIRA: 1, Kind.CUCKOO: 1, Kind.MISERE: 6,
                     Kind.SOLO_MISERE: 6, Kind.GASK: 7}
    assert sum(count.values()) == 40


def test_turn_ups_single_vingel_tringel() -> None:
    # Single and vingel for 6, 7 or 8 tricks; tringel only for 9 (Parlett).
    singles = [c.tricks for c in CONTRACTS if c.kind is Kind.TURN_UP and c.turned == 1]
    vingels = [c.tricks for c in CONTRACTS if c.kind is Kind.TURN_UP and c.turned == 2]
    tringels = [c.tricks for c in CONTRACTS if c.kind is Kind.TURN_UP and c.turned == 3]
    assert singles == [6, 7, 8] and vingels == [6, 7, 8] and tringels == [9]


def test_solos_run_six_to_thirteen_and_thirteen_is_solo_vira() -> None:
    assert [c.tricks for c in CONTRACTS if c.kind is Kind.SOLO] == [6, 7, 8, 9, 10, 11, 12, 13]
    assert contract("Solo 13") is contract("Solo Vira")


def test_draws_are_beg_seven_eight_nine() -> None:
    # Parlett: 'Six' is announced as 'Beg'.
    assert [c.english for c in CONTRACTS if c.kind is Kind.DRAW] == ["Beg", "Draw 7", "Draw 8", "Draw 9"]
    assert contract("Draw 6") is contract("Beg") is contract("Begär")


def test_misere_discards_one_to_six() -> None:
    assert [c.count for c in CONTRACTS if c.kind is Kind.MISERE] == [1, 2, 3, 4, 5, 6]


# -- gask ---------------------------------------------------------------------------------------------------


def test_gask_options_as_recovered() -> None:
    # Gask 0 → 7 or lose all 11 closed; 1 → 8 or 12 closed; 2 → 9 or 13 closed; 3 → 10 or 12 open;
    # 4 → 11 or 13 open; 5 and 6 → 12, no misère.
    want = {0: (7, (11, False)), 1: (8, (12, False)), 2: (9, (13, False)), 3: (10, (12, True)),
            4: (11, (13, True)), 5: (12, None), 6: (12, None)}
    got = {k: (t, None if m is None else (m.cards, m.open)) for k, (t, m) in GASK_OPTIONS.items()}
    assert got == want
    for keep, (tricks, misere) in want.items():
        item = contract(f"Gask på {keep}")
        assert item.count == keep and item.tricks == tricks
        assert item.has_misere_option == (misere is not None)


def test_gask_5_overcalls_gask_6() -> None:
    # The table puts Gask på 6 at 24 and Gask på 5 at 27.
    assert overcalls("Gask 5", "Gask 6")
    assert not overcalls("Gask 6", "Gask 5")
    assert contract("Gask 5").number == 27 and contract("Gask 6").number == 24


def test_gask_misere_option_outcomes() -> None:
    # Gask 0 as a misère plays 11 tricks: none taken wins, one loses singly, two is kodille.
    assert outcome("Gask 0", 0, misere=True) is Outcome.WON
    assert outcome("Gask 0", 1, misere=True) is Outcome.LOST
    assert outcome("Gask 0", 2, misere=True) is Outcome.KODILLE
    # Its trump option needs 7: 7 wins, 6 loses singly, 5 is kodille.
    assert outcome("Gask 0", 7, misere=False) is Outcome.WON
    assert outcome("Gask 0", 6, misere=False) is Outcome.LOST
    assert outcome("Gask 0", 5, misere=False) is Outcome.KODILLE
    with pytest.raises(InvalidPosition, match="misere=True or misere=False"):
        outcome("Gask 3", 10)
    with pytest.raises(InvalidPosition, match="no misère option"):
        outcome("Gask 5", 0, misere=True)
    assert outcome("Gask 5", 12) is Outcome.WON
    with pytest.raises(InvalidPosition, match="at most 12 tricks"):
        outcome("Gask 3", 13, misere=True)


# -- names ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, number", [
    ("Gask på 3", 18), ("Gask 3", 18), ("gask  PÅ 3", 18), ("GASK PA 3", 18), ("Solo 6", 15), ("solo6", 15),
    ("Vingel 7", 11), ("vingel-7", 11), ("Tringel", 22), ("Turn-up single 7", 7), ("Turné 8", 12),
    ("turne 8", 12), ("Single 6", 2), ("Misère, 1 discard", 8), ("Köpmisär på 4", 20), ("kopmisar pa 4", 20),
    ("Misär 6", 26), ("Gök", 6), ("gok", 6), ("Cuckoo", 6), ("7-spel", 3), ("9 spel", 19), ("Draw 8", 10),
    ("Beg", 1), ("begär", 1), ("Vira", 29), ("Solo Vira", 40), ("solo vira", 40),
    ("Solo petite misère", 30), ("Solo petite misär", 30), ("petite misère ouverte royale", 35),
    ("Solo grande misère ouverte", 37),
])
def test_contract_names_are_forgiving(name: str, number: int) -> None:
    assert contract(name).number == number


def test_an_unknown_name_raises_naming_it_and_suggesting() -> None:
    with pytest.raises(ContractError) as err:
        contract("Gsak 3")
    assert "'Gsak 3'" in str(err.value) and "Gask 3" in str(err.value)
    with pytest.raises(ContractError, match="Solo 12"):
        contract("Solo 14")
    with pytest.raises(ContractError, match="'Bridge'"):
        contract("Bridge")
    with pytest.raises(ContractError, match="numbered 1 to 40"):
        contract(41)
    with pytest.raises(ContractError, match="not a list"):
        contract([1])  # type: ignore[arg-type]
    with pytest.raises(ContractError, match="empty"):
        contract("  ")
    assert issubclass(ContractError, ParseError)


# -- bids and overcalls -----------------------------------------------------------------------------------------


def test_bids_with_a_suit_class() -> None:
    assert parse_bid("Solo 7 in colour") == Bid(contract("Solo 7"), SuitClass.COLOUR)
    assert parse_bid("Solo 7 i färg") == parse_bid(("Solo 7", "colour")) == parse_bid("solo 7 colour")
    assert parse_bid("Gask på 3 i högsta färg") == Bid(contract("Gask 3"), SuitClass.PREFERENCE)
    assert parse_bid("Beg in preference").swedish == "Begär i högsta färg"
    assert parse_bid("Beg i ofärg") == parse_bid("Beg")
    assert str(parse_bid("solo vira i färg")) == "Solo Vira in colour"


def test_only_contracts_that_name_trumps_take_a_suit_class() -> None:
    # A turn-up's trump comes from the talon; a misère has no trumps.
    with pytest.raises(BidError, match="turned from the talon"):
        parse_bid("Vingel 7 in colour")
    with pytest.raises(BidError, match="without trumps"):
        parse_bid("Misère 3 in preference")
    with pytest.raises(BidError, match="did you mean Vingel 7"):
        parse_bid("Vingle 7")
    # 20 contracts in three classes and 20 in one.
    assert len(ALL_BIDS) == 80
    assert [b.order for b in ALL_BIDS] == sorted(b.order for b in ALL_BIDS)


def test_a_higher_contract_overcalls_whatever_the_class() -> None:
    # Draw 7 in preference (#3) is still below Vingel 6 (#4).
    assert overcalls("Vingel 6", "Draw 7 in preference")
    assert not overcalls("Draw 7 in preference", "Vingel 6")
    assert overcalls("Solo 6", "Gask 2 in preference")


def test_of_equal_bids_preference_beats_colour_beats_off_colour() -> None:
    assert overcalls("Beg in colour", "Beg")
    assert overcalls("Beg in preference", "Beg in colour")
    assert overcalls(("Solo 9", SuitClass.PREFERENCE), ("Solo 9", SuitClass.OFF))
    assert not overcalls("Beg", "Beg in colour")
    assert not overcalls("Beg in colour", "Beg in colour")


def test_holding_an_equal_bid() -> None:
    # An elder player may hold a younger's bid by matching it; never by going lower.
    assert overcalls("Solo 7 in colour", "Solo 7 in colour", holding=True)
    assert not overcalls("Solo 7", "Solo 7 in colour", holding=True)
    assert not overcalls("Solo 7 in colour", "Solo 7 in colour")


def test_why_a_bid_does_not_overcall() -> None:
    low = bid_refusal("Solo 6", "Tringel 9")
    assert low is not None and low.code == "lower-contract"
    assert "15" in low.text and "22" in low.text
    cls = bid_refusal("Solo 7", "Solo 7 in colour")
    assert cls is not None and cls.code == "lower-class" and "preference beats colour" in cls.text
    same = bid_refusal("Vira", "Vira")
    assert same is not None and same.code == "only-equal" and "hold" in same.text
    assert bid_refusal("Vira", "Vira", holding=True) is None


# -- points and outcomes --------------------------------------------------------------------------------------------


def test_points_need_a_class_for_trump_contracts_and_none_for_misere() -> None:
    with pytest.raises(InvalidPosition, match="suit_class"):
        points("Solo 7")
    with pytest.raises(InvalidPosition, match="takes no suit class"):
        points("Misère 4", "colour")
    with pytest.raises(BidError, match="bad suit class"):
        points("Solo 7", "purple")
    # A gask played as a misère pays the off-colour rate (ruling R76): Gask 4 → 1.
    assert points("Gask 4", misere=True) == 1
    with pytest.raises(InvalidPosition, match="no misère option"):
        points("Gask 6", misere=True)


@pytest.mark.parametrize("name, tricks, want", [
    ("Beg", 6, Outcome.WON), ("Beg", 13, Outcome.WON), ("Beg", 5, Outcome.LOST), ("Beg", 4, Outcome.KODILLE),
    ("Solo Vira", 13, Outcome.WON), ("Solo Vira", 12, Outcome.LOST), ("Solo Vira", 0, Outcome.KODILLE),
    ("Vira", 12, Outcome.LOST), ("Tringel 9", 7, Outcome.KODILLE),
    ("Misère 2", 0, Outcome.WON), ("Misère 2", 1, Outcome.LOST), ("Misère 2", 2, Outcome.KODILLE),
    ("Cuckoo", 0, Outcome.WON), ("Cuckoo", 1, Outcome.LOST), ("Cuckoo", 13, Outcome.KODILLE),
    ("Solo grande misère", 3, Outcome.KODILLE),
])
def test_outcome_won_lost_singly_or_kodille(name: str, tricks: int, want: Outcome) -> None:
    # Parlett: a contract that fails by one trick (one trick taken in a misère) is lost singly; by two or
    # more it is a double loss, kodille.
    assert outcome(name, tricks) is want


def test_outcome_refuses_impossible_tricks() -> None:
    for bad in (-1, 14, 2.0, True, "7"):
        with pytest.raises(InvalidPosition):
            outcome("Solo 7", bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="at most 12"):
        outcome("Solo petite misère", 13)
    with pytest.raises(InvalidPosition, match="is not a misère"):
        outcome("Solo 7", 7, misere=True)


def test_misere_cards_by_the_table_and_by_parlett() -> None:
    # The table: on 1 discard 11 cards, on 2-6 discards 12.  Parlett: 13, and 12 from four discards on.
    assert [misere_cards(contract(f"Misère {n}")) for n in range(1, 7)] == [11, 12, 12, 12, 12, 12]
    assert [misere_cards(contract(f"Misère {n}"), parlett=True) for n in range(1, 7)] == [13, 13, 13, 12, 12, 12]
    assert misere_cards(contract("Cuckoo"), parlett=True) == 13
    with pytest.raises(InvalidPosition):
        misere_cards(contract("Solo 7"))


# -- in words -----------------------------------------------------------------------------------------------------


def test_every_contract_says_what_it_requires() -> None:
    for item in CONTRACTS:
        reason = requirement(item)
        assert reason.text.startswith(item.english + ":")
        assert reason.code == "contract-" + item.kind.name.lower().replace("_", "-")
        if item.tricks is not None and item.kind is not Kind.GASK:
            assert str(item.tricks) in reason.text
    assert "either" in requirement("Vingel 8").text
    assert "any one" in requirement("Tringel 9").text
    assert "exactly 3 cards" in requirement("Misère 3").text
    assert "11 tricks" in requirement("Gask 0").text and "7 tricks" in requirement("Gask 0").text
    assert "laid open" in requirement("Cuckoo").text
    assert "open" in requirement("Gask 4").text
    assert "do not exchange" in requirement("Vira").text
    assert isinstance(CONTRACTS[0], Contract)
