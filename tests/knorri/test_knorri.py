"""Knorri's rules as queries (seed 003 and the Knorri rulings), each expectation worked out by hand."""

from __future__ import annotations

import pytest

from stytvolt import Card, ParseError, StytvoltError, format_cards, parse_card
from stytvolt.core.errors import InvalidPosition
from stytvolt.knorri import (
    CLUB_TWO, GAME, MARKED_TWO, PACK, TWO_PACKS, MarkedCard, PhaseOne, Rules, beat_refusal, beating_cards, beats,
    explain_take, judge_beat, judge_mas_trick, mas_winner, opening_card, opening_plays, opening_refusal,
    parse_knorri_card, parse_knorri_cards, score_reasons, scores, take_choices, take_options, take_refusal,
)


# -- the packs ----------------------------------------------------------------------------------------


def test_one_pack_is_the_full_52_cards_ace_high() -> None:
    assert len(PACK) == 52 and len(set(PACK)) == 52
    assert {c.rank.letter for c in PACK} == set("23456789TJQKA")


def test_two_packs_hold_every_card_twice_with_one_marked_club_two() -> None:
    assert len(TWO_PACKS) == 104
    assert sum(1 for c in TWO_PACKS if c is MARKED_TWO) == 1
    assert sum(1 for c in TWO_PACKS if c is CLUB_TWO) == 1
    d7 = parse_card("D7")
    assert sum(1 for c in TWO_PACKS if c is d7) == 2


def test_the_marked_two_is_a_club_two_but_not_the_plain_one() -> None:
    assert isinstance(MARKED_TWO, Card) and isinstance(MARKED_TWO, MarkedCard)
    assert MARKED_TWO.suit.letter == "C" and MARKED_TWO.rank.letter == "2"
    assert MARKED_TWO != CLUB_TWO and str(MARKED_TWO) == "C2*" and MARKED_TWO.symbol == "♣2*"
    assert parse_knorri_card("C2*") is MARKED_TWO and parse_knorri_card("♣2*") is MARKED_TWO
    assert parse_knorri_card("c2") is CLUB_TWO
    assert format_cards(parse_knorri_cards("C2* D7 c2")) == "C2* D7 C2"


def test_only_the_club_two_carries_the_mark() -> None:
    with pytest.raises(ParseError, match="only the two of clubs"):
        parse_knorri_card("D7*")
    with pytest.raises(ParseError):
        parse_knorri_card("X9")


# -- phase two: which card beats which ------------------------------------------------------------------

BEATS = [
    # (card, top, hard clubs, soft clubs, why)
    ("H9", "H4", True, True, "a higher heart beats a lower one"),
    ("H4", "H9", False, False, "a lower heart does not"),
    ("SA", "S2", True, True, "a higher spade"),
    ("D2", "SA", True, True, "any diamond beats any spade"),
    ("D2", "HA", True, True, "and any heart"),
    ("D9", "D8", True, True, "a higher diamond beats a lower diamond"),
    ("D8", "D9", False, False, "a lower diamond does not"),
    ("SA", "D2", False, False, "nothing but a diamond beats a diamond"),
    ("CA", "D2", False, False, "not even a club"),
    ("D2", "C3", False, True, "a diamond never beats a hard club; a soft club it does"),
    ("DA", "C2", False, True, "however high the diamond"),
    ("HA", "C3", False, True, "a heart beats a club only when clubs are soft"),
    ("S2", "CA", False, True, "any spade beats any soft club"),
    ("C9", "C3", True, True, "a higher club beats a lower club"),
    ("C3", "H2", False, False, "a club beats nothing but a lower club"),
    ("C3", "H2", False, False, "even with soft clubs"),
    ("SA", "H2", False, False, "spades and hearts never beat each other"),
    ("HA", "S2", False, False, "in either direction"),
]


@pytest.mark.parametrize(("card", "top", "hard", "soft", "why"), BEATS)
def test_which_card_beats_which(card: str, top: str, hard: bool, soft: bool, why: str) -> None:
    assert beats(card, top) is hard, why
    assert beats(card, top, soft_clubs=True) is soft, why
    assert beats(parse_card(card), parse_card(top)) is hard  # Card values as well as text


def test_twins_never_beat_each_other() -> None:
    # Two packs: a card must be strictly better to beat; two ♦7s are equal.
    assert not beats("D7", "D7")
    assert not beats("C2*", "C2") and not beats("C2", "C2*")
    assert beat_refusal("D7", "D7").code == "twin"  # type: ignore[union-attr]
    assert beats("C3", "C2*")


def test_the_reasons_say_why() -> None:
    assert judge_beat("D2", "SA").reason.text == "♦2 beats ♠A: a diamond is a trump and beats any spade or heart."
    assert judge_beat("D9", "C3").reason.code == "hard-club"
    assert judge_beat("HA", "C3", soft_clubs=True).reason.code == "soft-club"
    assert judge_beat("SA", "D2").reason.code == "trump-top"
    assert judge_beat("H3", "H9").reason.code == "lower-same-suit"
    assert judge_beat("C3", "H2").reason.code == "club-on-other"
    assert judge_beat("SA", "H2").reason.code == "other-suit"
    assert "beaten only by a higher heart or by a diamond" in judge_beat("SA", "H2").reason.text
    assert beat_refusal("H9", "H4") is None


def test_beating_cards_lists_each_face_once() -> None:
    # ♥4 on top: ♥9 (higher heart) and ♦2 (a trump) beat it; ♥3 is lower, ♣5 a club, ♠K a spade.
    assert format_cards(beating_cards("H3 H9 D2 C5 SK", "H4")) == "H9 D2"
    assert format_cards(beating_cards("D7 D7 S2", "S9", two_packs=True)) == "D7"


# -- phase one: what a turned card takes -------------------------------------------------------------------


def test_a_turned_card_takes_one_lower_card_of_its_suit_of_the_players_choice() -> None:
    # ♠9 with ♠4 and ♠7 face up: either may be taken (one of them), nothing else.
    assert format_cards(take_options("S9", "S4 S7 H2 D5")) == "S4 S7"
    assert take_choices("S9", "S4 S7 H2 D5") == ((parse_card("S4"),), (parse_card("S7"),))
    assert explain_take("S9", "S4 S7 H2").code == "must-take-choice"
    assert explain_take("S9", "S4 H2").text == "♠9 must take ♠4, the only lower spade on the table."


def test_a_diamond_with_no_lower_diamond_takes_a_spade_or_a_heart() -> None:
    # ♦7: the table's diamond ♦9 is higher, so a spade or a heart, never the club.
    assert format_cards(take_options("D7", "S4 HK D9 C2")) == "S4 HK"
    assert explain_take("D7", "S4 HK D9 C2").code == "diamond-takes-choice"
    assert explain_take("D7", "HK C2").code == "diamond-takes-one"
    # ...but a lower diamond on the table must be taken instead.
    assert format_cards(take_options("D7", "S4 D3 D5")) == "D3 D5"


def test_a_card_that_takes_nothing_stays_on_the_table() -> None:
    assert take_options("C5", "C7 HA D2") == ()  # ♣7 is higher; clubs never take other suits
    assert explain_take("C5", "C7 HA").code == "stays"
    assert take_options("D5", "D8 C2") == ()  # no lower diamond, no spade or heart: a diamond never takes a club
    assert "no spade or heart" in explain_take("D5", "D8 C2").text
    assert take_options("H2", "H3 S2") == ()  # the lowest heart takes nothing


def test_take_refusals_name_the_rule() -> None:
    assert take_refusal("D7", "D3 S4", "S4").code == "diamond-first"  # type: ignore[union-attr]
    assert take_refusal("D7", "S4 C2", "C2").code == "diamond-not-club"  # type: ignore[union-attr]
    assert take_refusal("S9", "S4", "").code == "must-take"  # type: ignore[union-attr]
    assert take_refusal("S9", "SK S4", "SK").code == "not-lower"  # type: ignore[union-attr]
    assert take_refusal("S9", "H4 S4", "H4").code == "wrong-suit"  # type: ignore[union-attr]
    assert take_refusal("S9", "S4", "S3").code == "not-on-table"  # type: ignore[union-attr]
    assert take_refusal("S9", "S4", "S4") is None
    assert take_refusal("C5", "C7", "") is None  # nothing to take: leaving it is right


def test_the_all_lower_version_takes_every_lower_card_and_no_diamond_trumps() -> None:
    # Seres: ♠9 takes ♠4 and ♠7 together; ♦7 with no lower diamond takes nothing, not a spade.
    assert format_cards(take_options("S9", "S4 S7 SK H2", "all-lower")) == "S4 S7"
    assert take_choices("S9", "S7 S4", PhaseOne.ALL_LOWER) == ((parse_card("S4"), parse_card("S7")),)
    assert take_options("D7", "S4 HK D9", "all-lower") == ()
    assert explain_take("D7", "S4 HK", "all-lower").code == "stays"
    assert take_refusal("S9", "S4 S7", "S4", "all-lower").code == "take-all-lower"  # type: ignore[union-attr]


def test_two_packs_take_strictly_lower_and_twins_are_one_choice() -> None:
    # ♠9 on a table with two ♠4s and a ♠9: one choice, a ♠4; the twin ♠9 is not lower.
    assert format_cards(take_options("S9", "S4 S4 S9", two_packs=True)) == "S4"
    # all-lower takes both twins.
    assert format_cards(take_options("S9", "S4 S4 S9", "all-lower", two_packs=True)) == "S4 S4"


def test_the_mas_phase_one_has_no_table() -> None:
    with pytest.raises(ParseError, match="no face-up table"):
        take_options("S9", "S4", "mas")


# -- phase two: the opening --------------------------------------------------------------------------------


def test_the_club_two_opens_alone_or_with_its_unbroken_run() -> None:
    runs = [format_cards(p) for p in opening_plays("C2 C3 C4 C6 D9")]
    assert runs == ["C2", "C2 C3", "C2 C3 C4"]  # ♣6 is not joined: ♣5 is missing
    assert [format_cards(p) for p in opening_plays("C2 D3 C4")] == ["C2"]
    assert opening_plays("C3 C4") == ()  # no ♣2: this hand does not open


def test_with_two_packs_the_marked_two_opens() -> None:
    assert opening_card() is CLUB_TWO and opening_card(True) is MARKED_TWO
    assert [format_cards(p) for p in opening_plays("C2* C3 C3", two_packs=True)] == ["C2*", "C2* C3"]
    assert opening_plays("C2 C3", two_packs=True) == ()  # the plain ♣2 does not open


def test_opening_refusals() -> None:
    assert opening_refusal("C2 C3 C5", "C2 C3 C5").code == "broken-run"  # type: ignore[union-attr]
    assert opening_refusal("C2 H5", "H5").code == "open-with-two"  # type: ignore[union-attr]
    assert opening_refusal("C3 H5", "C3").code == "not-opener"  # type: ignore[union-attr]
    assert opening_refusal("C2 C3", "C2 C3") is None


# -- the Mas phase one's tricks ----------------------------------------------------------------------------


def test_mas_tricks_go_to_the_higher_rank_whatever_the_suit() -> None:
    assert mas_winner("S4", "C9") == 1
    assert mas_winner("DA", "SK") == 0  # no trumps here: the ace is just higher
    assert mas_winner("HK", "DK") is None  # equal ranks bounce
    winner, reason = judge_mas_trick("HK", "DK")
    assert winner is None and reason.code == "bounce"


# -- the score -------------------------------------------------------------------------------------------


def test_the_seed_score_example() -> None:
    # Four players going out in the order 2, 0, 3: +3, +2, +1, and the loser (1) pays 6.
    assert scores(4, [2, 0, 3], 1) == [2, -6, 3, 1]


def test_a_player_who_took_no_cards_scores_one_for_each_player_holding_cards() -> None:
    # Five players; 4 took nothing; four start phase two: 4 scores 4; then 3, 2, 1; the loser pays 10.
    assert scores(5, [0, 1, 2], 3, no_cards=[4]) == [3, 2, 1, -10, 4]
    assert sum(scores(5, [0, 1, 2], 3, no_cards=[4])) == 0


def test_no_loser_when_nobody_took_a_card() -> None:
    assert scores(3, [], None, no_cards=[0, 1, 2]) == [0, 0, 0]


def test_score_reasons_say_what_each_seat_scored() -> None:
    reasons = score_reasons(4, [2, 0, 3], 1)
    assert [r.code for r in reasons] == ["went-out", "loser", "went-out", "went-out"]
    assert reasons[1].text == "Player 1 held cards last and loses, paying everyone else's points: -6."


@pytest.mark.parametrize(("args", "match"), [
    ((4, [2, 0], 1), "missing"),
    ((4, [2, 0, 3, 1], 1), "twice"),
    ((4, [2, 0, 9], 1), "seat from 0 to 3"),
    ((1, [], 0), "2 to 16"),
    ((3, [0, 1], None, [2]), "has a loser"),
    ((3, "0 1", 2), "list of seats"),
])
def test_bad_scores_are_refused(args: tuple[object, ...], match: str) -> None:
    with pytest.raises(InvalidPosition, match=match):
        scores(*args)  # type: ignore[arg-type]


# -- bad input ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: beats("X9", "H2"),
    lambda: beats("H9", 7),  # type: ignore[arg-type]
    lambda: beats("H9", "H2", soft_clubs="yes"),  # type: ignore[arg-type]
    lambda: take_options("S9", "S4 S4"),  # one pack holds one ♠4
    lambda: take_options("S9", "S4 S9"),  # the turned ♠9 is also on the table
    lambda: take_options("S9", "S4", "sideways"),
    lambda: take_options("S9", 42),  # type: ignore[arg-type]
    lambda: opening_plays("C2 C2* C3"),  # the marked ♣2 is only in the two-pack game
    lambda: opening_plays("C2 C2 C3", two_packs=True),  # two packs hold one plain ♣2
    lambda: judge_mas_trick("H5", None),  # type: ignore[arg-type]
])
def test_bad_input_is_refused_naming_it(call: object) -> None:
    with pytest.raises(StytvoltError):
        call()  # type: ignore[operator]


def test_the_error_names_the_bad_card() -> None:
    with pytest.raises(ParseError, match="the top card.*'X9'"):
        beats("H9", "X9")


def test_the_game_is_described_once() -> None:
    assert GAME.name == "knorri" and GAME.players == (3, 4, 5, 6, 7, 8)
    assert {s.name for s in GAME.switches} == {
        "soft_clubs", "phase_one", "scoring", "last_card", "two_packs", "overlooking"}
    assert all(s.help for s in GAME.switches)
    assert Rules(phase_one="mas").phase_one is PhaseOne.MAS  # type: ignore[arg-type]


@pytest.mark.parametrize("module", ["rules", "state", "solver"])
def test_the_docstring_examples_run_as_shown(module: str) -> None:
    import doctest
    import importlib

    found = importlib.import_module(f"stytvolt.knorri.{module}")
    result = doctest.testmod(found, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
