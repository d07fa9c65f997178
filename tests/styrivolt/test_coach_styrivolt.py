"""The coach's ideas of Stýrivolt: each idea on an arranged hand worked by hand, and every move of seeded hands checked.

Every hand here has hearts and spades chosen (the stock of ``WEAK_STOCK``: ♠3, a trist, and ♥Q lie face up), dealer
0, so seat 1 leads the first trick and seats 1 and 3 are one team, 0 and 2 the other.  With these suits: the bird
♥2, the fýrik ♣4, the eight ♠8, the hay-yard mare ♥9 and the mare of diamonds ♦9 are the permanent stikkar; ♥A ♠A
stýrivoltar, ♥J ♠J karniflar; ♥6 ♠6 postmen, ♠2 a tvist, ♥3 a trist, ♥4 ♠4 unfortunates; ♥7 ♠7 lambs; ♥8 ♠9 free
cards; ♥5 ♠5 traders; clubs and diamonds are plain.
"""

from __future__ import annotations

from stytvolt.analysis.coach import amount, ideas
from stytvolt.styrivolt import HandState
from stytvolt.styrivolt.coach import IDEAS, UNIT

from analysis.coach_sweep import Ask, reason_starts_with_idea, sweep
from helpers import arrange

KEYS = {i.key for i in IDEAS}
WEAK_STOCK = "SK S3 HQ D2 D3 D4 D5 D6 D7 D8 C2 C3"
# Seat 1: a storm hand (low clubs, the eight, a lamb); seat 2 the bird and the mare of diamonds; seat 3 one stikkar
# (♥A) and a lamb (♠7); seat 0 the fýrik, the hay-yard mare and both traders.
MAIN = {1: "C5 S8 H7 DK DQ C6 C7 DJ SJ", 2: "H2 C8 C9 D9 HK S9 H8 SQ CQ", 3: "HA S7 H4 S4 CJ CK CA DA S2",
        0: "S5 S6 SA H3 H5 H6 H9 HJ C4"}
# Seat 1 holds the five permanent stikkar, both lambs and both stýrivoltar.
STRONG = {1: "H2 C4 S8 H9 D9 H7 S7 HA SA"}
# Seats 1 and 0 hold no stikkar: both have the right to the stock.
WEAK = {1: "C5 C6 C7 C8 C9 CJ CQ CK CA", 0: "S2 S4 S6 SQ H3 H4 H6 H8 S9"}
# Clubs and diamonds chosen: ♣4 face up, and for diamonds the lamb ♦7 and the stýrivolt ♦A; seat 2 holds ♦5.
PAIR_STOCK = "C6 C4 DA CA D7 H5 S2 S3 S4 S6 S7 S9"
PAIR = {1: "H3 H4 H6 H7 HK HQ SK SQ SJ", 2: "D5 H8 HJ HA S5 C2 C3 C5 C7"}


def at(hands: dict[int, str], line: str = "", stock: str = WEAK_STOCK) -> HandState:
    state = arrange(stock, hands)
    for action in line.split():
        state.apply(action)
    return state


ASK = Ask("styrivolt")
key_of, sentence_of = ASK.key, ASK.sentence


def test_the_storm_and_the_pregnant_ewe() -> None:
    state = at(MAIN)
    assert key_of(state, "C5") == "storm"  # a low club led to the first trick
    assert key_of(state, "S8") == "strong-lead"  # a stikkar led to the first trick; the bird and the fýrik are out
    assert key_of(state, "DK") == "hard-lead"  # a plain king falls only to ♦A, a tvist, a postman or a stikkar
    state.apply("C5")
    assert key_of(state, "C8") == "storm"  # the opponents' storm, stopped by a higher club
    state.apply("C8")
    # Seat 3 is the leader's partner: ♥A, its only stikkar, backs the storm; or, holding the lamb ♠7, it lets the
    # storm blow over with ♦A (a plain diamond never beats a club) and keeps ♥A.
    assert key_of(state, "HA") == "storm"
    assert key_of(state, "DA") == "pregnant-ewe"
    assert "only stikkar is ♥A" in sentence_of(state, "DA")
    state.apply("HA")
    # Seat 0 may fetch ♠3 with its trader, or play ♥5, which fetches ♥Q and throws it.
    assert key_of(state, "trade S5 S3") == "trader"
    assert key_of(state, "H5") == "save-stikkar"
    assert sentence_of(state, "H5").startswith("Played, the trader ♥5 fetches the face-up ♥Q.")


def test_lambs_and_dead_sevens() -> None:
    state = at(MAIN, "C5 C8 HA H5")
    # Seat 3 took the first trick, so its lamb may lead now, and wins for certain.
    assert key_of(state, "S7") == "lamb"
    state.apply("S7")
    state.apply("H3")
    assert key_of(state, "C7") == "dead-seven"  # an unchosen seven thrown on the led lamb


def test_keeping_in_and_stopping_it() -> None:
    state = at(MAIN, "C5 C8 HA H5 S7 H3 C7 SQ S2")
    # Seat 3's team has both tricks; seat 0's fýrik takes ♠2 over, and one trick stops the keeping-in, if the bird
    # (still out) does not come down on it.
    assert key_of(state, "C4") == "keep-in" and "if it holds" in sentence_of(state, "C4")
    state.apply("C4")
    state.apply("C6")
    # Seat 2's bird cannot be beaten.
    assert key_of(state, "H2") == "keep-in" and "wins the trick for certain" in sentence_of(state, "H2")
    # Or seat 2 leaves the trick to its partner's fýrik and throws its least useful card.
    assert key_of(state, "C9") == "save-stikkar"


def test_winning_cheaply_or_for_certain_and_the_lamb_that_needs_a_trick() -> None:
    state = at(MAIN, "C5 C8 HA H5 S7 H3 C7 SQ S2 C4 C6 H2 C9")
    assert key_of(state, "CJ") == "cheap-win"  # ♣J beats ♣9 for the least
    state.apply("CJ")
    state.apply("S6")
    # Seat 1 plays last: the eight takes the postman for certain, and then ♥7 may lead.
    assert key_of(state, "S8") == "lamb-timing" and "♥7, a lamb" in sentence_of(state, "S8")
    state = at(MAIN, "DK")
    # The bird cannot be beaten, but the mare of diamonds takes the king too, for less.
    assert key_of(state, "H2") == "sure-win" and key_of(state, "D9") == "cheap-win"
    state.apply("H8")
    # Seat 3 takes over its partner's king: the winner leads, and ♠7 is a lamb to lead.
    assert key_of(state, "HA") == "unblock"


def test_drawing_out_the_stikkar() -> None:
    state = at(MAIN, "C5 C8 HA H9")
    # Seat 0 has seen ♥A and holds the fýrik: only the bird is still out above it.
    assert key_of(state, "C4") == "last-stikkar" and sentence_of(state, "C4").startswith("Only one card")
    assert key_of(state, "SA") == "last-stikkar"  # the bird, the eight and the mare of diamonds are out above it


def test_the_best_stikkar_keeping_in_alone_and_playing_on() -> None:
    state = at(STRONG)
    assert key_of(state, "H2") == "top-stikkar"
    for lead in ("H2", "C4", "S8", "H9", "D9"):
        if lead == "C4":
            assert key_of(state, "C4") == "keep-in" and "keeping in alone" in sentence_of(state, "C4")
        state.apply(lead)
        for _ in range(3):
            state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
    # Five tricks to seat 1 alone: stop and score it, or play on for all nine.
    assert key_of(state, "stop") == "play-on" and key_of(state, "play-on") == "play-on"
    assert sentence_of(state, "stop").startswith("This player has kept in alone")


def test_four_of_a_kind() -> None:
    state = at({1: "C9 S9 H9 D9 C5 C6 C7 C8 CJ"})
    # All four nines: each plays as the best of them, the hay-yard mare.
    assert key_of(state, "C9") == "four-of-a-kind" and "Hesin er góður" in sentence_of(state, "C9")


def test_the_stock() -> None:
    state = at(WEAK)
    assert key_of(state, "take") == "take-stock"
    state.apply("take")
    assert {key_of(state, a) for a in ("keep", "back", "both", "discard C2")} == {"take-stock"}
    state.apply("keep")
    for _ in range(3):
        state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
    # Seat 0 also has the right, and plays fourth: now is the time to take up the hand seat 1 put down.
    assert key_of(state, "take") == "lie-in-wait"


def test_the_last_chance_to_trade() -> None:
    state = at(PAIR, "take", stock=PAIR_STOCK)
    assert state.observation(2).phase == "last-chance"
    assert key_of(state, "trade D5 DA") == "trader" and key_of(state, "pass") == "keep-guessing"
    state.apply("pass")
    assert key_of(state, "with DA") == "take-stock"


def test_every_idea_is_listed_once_with_an_example() -> None:
    assert len(KEYS) == len(IDEAS) and ideas("styrivolt") == IDEAS
    assert all(i.name and i.example.endswith(".") for i in IDEAS)
    assert UNIT == "stroke" and amount("styrivolt", 2) == "2 strokes"


def test_seeded_hands_every_move_read_fairly() -> None:
    swept = sweep("styrivolt", range(1, 40))
    assert swept.moves >= 1000
    print(f"styrivolt: {swept.with_idea} of {swept.moves} moves get an idea ({swept.share:.1%}): {dict(swept.keys)}")


def test_hint_and_why_read_the_idea_first() -> None:
    assert reason_starts_with_idea("styrivolt", at(MAIN, "C5 C8")) in KEYS
