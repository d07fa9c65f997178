"""The coach's ideas of Brus: each idea on a stacked deal worked by hand, and every move of seeded deals checked.

The live order, high to low: ♣J (Spit) ♠8 (Dull) ♥K (Brus), ♣9 ♠9 ♥9 ♦9, ♣A ♠A ♥A ♦A, ♠J ♥J ♦J,
♣6 ♠6 ♥6 ♦6.  Dealer 3 in every deal, so seat 0 comes to the lead first; seats 0 and 2 are one side, 1 and 3 the
other.  Each expected idea is worked out in the comments from what the seat can see.
"""

from __future__ import annotations

import pytest

from stytvolt.brus import HandState, parse_action
from stytvolt.brus.coach import IDEAS, UNIT
from stytvolt.analysis.coach import amount, ideas

from analysis.coach_sweep import Ask, reason_starts_with_idea, sweep
from test_brus import deck_for

KEYS = {i.key for i in IDEAS}

# Seat 0 lays out three sevens; seat 1 holds ♦7 and Brus; seat 2 all four nines, ♣A and ♣K; seat 3 the other aces,
# jacks and sixes.
DEAL = ["C7 S7 H7 CJ S8 D6 C8 H8 D8", "D7 HK S6 SK DK CT ST HT DT", "C9 S9 H9 D9 CA CK CQ SQ HQ",
        "SA HA DA SJ HJ DJ C6 H6 DQ"]
# Seat 0 lays out all four sevens and holds Spit, ♦6 and ♣K.
FOUR_SEVENS = ["C7 S7 H7 D7 CJ D6 CK C8 H8", "S8 HK C9 S9 DT CT ST HT DK", "H9 D9 CA SA HA DA CQ SQ HQ",
               "SJ HJ DJ C6 S6 H6 D8 SK DQ"]
# Seat 1 holds Spit and ♥7; seat 3 the aces and ♥9.
SPIT_AND_SEVEN = ["D6 C6 C8 H8 D8 CT ST HT DT", "CJ H7 S6 SK DK CQ SQ HQ DQ", "HJ S8 HK C9 S9 D7 D9 C7 S7",
                  "CA SA HA DA SJ DJ H6 H9 CK"]
# Seat 0 holds ♣9 and ♣6, and no matador.
TORMENT = ["C9 C6 C8 H8 D8 CT ST HT DT", "CJ S8 HK S6 SK DK CQ SQ HQ", "S9 H9 D9 CA SA H7 D7 C7 S7",
           "HA DA SJ HJ DJ H6 D6 CK DQ"]


def dealt(hands: list[str]) -> HandState:
    return HandState(deck_for(hands, 3), dealer=3)


ASK = Ask("brus")
key_of, sentence_of = ASK.key, ASK.sentence


def test_one_deal_worked_card_by_card() -> None:
    state = dealt(DEAL)
    assert state.won == (3, 0) and state.current_player() == 0  # three sevens laid out
    # ♦6 is seat 0's lowest live card: whoever can beat it must.  ♣J cannot be beaten, and the opponents have no
    # trick yet: this side stays on course for the lurch.
    assert key_of(state, "D6") == "draw-out"
    assert key_of(state, "CJ") == "lurch"
    state.apply("D6")
    # Seat 1 holds ♠6 and ♥K: ♠6 is the cheapest that beats ♦6; ♥K leaves only the cards above it (♣J, ♠8, which
    # seat 1 has not seen) for seat 2 to take the trick with.
    assert key_of(state, "S6") == "cheap-beat"
    assert key_of(state, "HK") == "raise-bar"
    assert "2 live cards still out" in sentence_of(state, "HK")
    state.apply("HK")
    # Seat 2 holds nines and ♣A, none above Brus: it must pass.
    assert state.legal_actions() == [parse_action("pass")] and key_of(state, "pass") == "pass"
    state.apply("pass")
    state.apply("pass")
    assert state.won == (3, 1 + 1)  # seat 1 took the trick and laid out ♦7
    state.apply("S6")  # seat 1's only live card
    # Seat 2 beats ♠6: ♣A is higher than everything still out but Spit and Dull, and seat 3, the one opponent still
    # to play, passed on Brus, so it holds neither: the trick is this side's for certain.
    assert key_of(state, "CA") == "sure-beat"
    state.apply("CA")
    state.apply("pass")  # seat 3: nothing above ♣A
    # Seat 0, last to play, must beat its partner's ♣A; ♠8 is the cheaper of its two matadors.
    assert key_of(state, "S8") == "overtake-partner"
    assert "the cheapest card that does, and the trick stays with this side" in sentence_of(state, "S8")
    state.apply("S8")
    assert state.won == (4, 2)
    # Spit led: nobody can beat it; five tricks to two, so it is no six yet and no lurch.
    assert key_of(state, "CJ") == "sure-winner"
    for action in ("CJ", "pass", "pass", "pass"):
        state.apply(action)
    # Seat 0 holds only duds now and seat 1 no live card: the lead passes to seat 2, whose ♣9 is the highest card
    # left, and it makes six for its side.
    assert state.current_player() == 2 and state.won == (5, 2)
    assert key_of(state, "C9") == "six"


def test_club_king_at_five() -> None:
    state = dealt(FOUR_SEVENS)
    assert state.won == (4, 0)
    # Spit takes the trick for certain while the opponents have none: on course for the lurch.
    assert key_of(state, "CJ") == "lurch"
    for action in ("CJ", "pass", "pass", "pass"):
        state.apply(action)
    # Five tricks and ♣K in seat 0's hand: if the live cards run out before the opponents make six, it scores.
    assert state.won == (5, 0) and key_of(state, "D6") == "club-king"
    assert "♣K" in sentence_of(state, "D6")


def test_sevens_pass_and_the_last_word() -> None:
    state = dealt(SPIT_AND_SEVEN)
    state.apply("D6")
    # Spit wins for certain, and seat 1 still holds ♥7: it comes to the lead and lays it out.
    assert key_of(state, "CJ") == "sevens"
    assert "lays out ♥7: 2 tricks for this side" in sentence_of(state, "CJ")
    state.apply("CJ")
    assert key_of(state, "pass") == "pass"  # seat 2 holds nothing above Spit
    state = dealt(SPIT_AND_SEVEN)
    for action in ("D6", "S6", "HJ"):
        state.apply(action)
    # Seat 3 plays last, and no opponent follows it: any card that beats ♥J takes the trick for its side; of its
    # six that do (♥9, the aces and ♠J, since spades rank above hearts), ♠J is the cheapest.
    assert key_of(state, "CA") == "last-word"
    assert "the cheapest card that does" in sentence_of(state, "SJ")
    assert "the cheapest" not in sentence_of(state, "CA")


def test_the_torment() -> None:
    state = dealt(TORMENT)
    # Above ♣9 only the three matadors rank, and seat 0 has seen none of them: led, it makes a matador come out.
    assert key_of(state, "C9") == "torment"
    assert key_of(state, "C6") == "draw-out"


def test_every_idea_is_listed_once_with_an_example() -> None:
    assert len(KEYS) == len(IDEAS) and ideas("brus") == IDEAS
    assert all(i.name and i.example.endswith(".") for i in IDEAS)
    assert UNIT == "stroke" and amount("brus", 2) == "2 strokes" and amount("brus", -1) == "−1 stroke"


def test_seeded_deals_every_move_read_fairly() -> None:
    swept = sweep("brus", range(1, 19), players=(4, 6))
    assert swept.moves >= 1000
    print(f"brus: {swept.with_idea} of {swept.moves} moves get an idea ({swept.share:.1%}): {dict(swept.keys)}")


@pytest.mark.parametrize("moves", [(), ("D6",), ("D6", "HK")])
def test_hint_and_why_read_the_idea_first(moves: tuple[str, ...]) -> None:
    state = dealt(DEAL)
    for action in moves:
        state.apply(action)
    forced = len(state.legal_actions()) == 1  # (after ♦6 and ♥K the next seat can only pass: no idea is claimed)
    assert reason_starts_with_idea("brus", state) in (KEYS if not forced else {""})
