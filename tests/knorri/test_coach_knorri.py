"""The coach's ideas of Knorri: each idea on a position worked by hand, the review's words, and every move of
seeded games checked.

Phase one's positions are stacked decks (the nine face-up cards, then the cards turned in order, dealer 0, so seat
1 turns first); phase two's are chosen hands (:func:`~stytvolt.knorri.phase_two`).  In phase two every pile is
public, so a reason may name any card in any hand.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from stytvolt.analysis.coach import amount, cost_words, decision_words, ideas, review_summary
from stytvolt.knorri import KnorriState, PhaseOne, Rules, phase_two
from stytvolt.knorri.coach import IDEAS, UNIT

from analysis.coach_sweep import Ask, reason_starts_with_idea, sweep
from test_knorri_state import mas_deck, stacked

KEYS = {i.key for i in IDEAS}

# Nine face up: ♠4 ♠6 ♠Q, ♦3 ♦J, ♣3 ♣9, ♥2 ♥8; then turned: ♠K (seat 1), ♦K (seat 2), ♣Q (seat 3), ♠5 (seat 0).
TABLE = "S4 S6 SQ D3 DJ C3 C9 H2 H8 SK DK CQ S5"


ASK = Ask("knorri")
key_of, sentence_of = ASK.key, ASK.sentence


def test_phase_one_choices() -> None:
    state = stacked(TABLE)
    # ♠K may take ♠4, ♠6 or ♠Q: ♠Q is the high one, beaten later only by ♠K ♠A or a diamond.
    assert state.current_player() == 1 and key_of(state, "take SQ") == "take-high"
    state.apply("take SQ")
    # ♦K may take ♦3 or ♦J: either is a trump for phase two.
    assert key_of(state, "take DJ") == "take-trumps"
    state.apply("take DJ")
    # ♣Q may take ♣3 or ♣9: taking ♣9 leaves ♣3, a low club, on the table.
    assert key_of(state, "take C9") == "leave-low-clubs"
    assert "leaves ♣3 on the table" in sentence_of(state, "take C9")
    state.apply("take C9")
    # ♠5 finds one lower spade, ♠4: the take is forced.
    assert [str(a) for a in state.legal_actions()] == ["take S4"] and key_of(state, "take S4") == "forced-take"


def test_you_missed_one() -> None:
    state = stacked(TABLE, rules=Rules(overlooking=True))
    # Seat 1 leaves ♠K lying although it could take: two cards fewer, unless someone points it out.
    assert key_of(state, "leave") == "missed-one"
    state.apply("leave")
    assert state.phase == "claim"
    assert key_of(state, "point S4") == "missed-one" and key_of(state, "pass") == "missed-one"
    assert "take ♠4 with ♠K" in sentence_of(state, "point S4")


def test_the_sweep() -> None:
    # No card takes until the last one turned, ♥3, which takes ♥2: its turner is the last taker and sweeps.
    order = ["D" + r for r in "AKQJT98765432"] + ["C" + r for r in "AKQJT98765432"]
    order += ["S" + r for r in "AKQJT98765432"] + ["H" + r for r in "AKQJT98765432"]
    state = KnorriState(" ".join(order[:-2] + ["H2", "H3"]), players=4, dealer=0)
    while state.phase == "turn" and [str(a) for a in state.legal_actions()] == ["leave"]:
        state.apply("leave")
    assert state.observation(state.current_player()).pack == 0
    assert key_of(state, "take H2") == "sweep"


def test_the_mas_tricks() -> None:
    # Three players, dealer 0: seat 1 holds ♠4 ♥A ♣K and leads to seat 2, who holds ♠9 ♥9 ♣5.
    state = KnorriState(" ".join(mas_deck("S4 H9 D2 CK S9 D3 HA C5 C7 DQ SJ")), players=3,
                        rules=Rules(phase_one=PhaseOne.MAS))
    # ♠4 is the card seat 1 least wants in phase two; led, it goes to whoever wins.
    assert key_of(state, "play S4") == "mas"
    state.apply("play S4")
    # Every card of seat 2 outranks ♠4, so it takes the trick whatever it plays: ♣5, a low club, is the one to spare.
    assert key_of(state, "play C5") == "mas" and "♣5 is the card it can best spare" in sentence_of(state, "play C5")
    assert key_of(state, "play H9") == ""


def test_phase_two_opening_and_leads() -> None:
    state = phase_two(["C2 C3 C4 D9", "H5 C7", "SA DK", "C8 HQ"])
    assert key_of(state, "play C2 C3 C4") == "open-run"
    state = phase_two(["C5 H9", "C7 H3", "SA DK", "C8 HQ"], leader=0)
    assert key_of(state, "play C5") == "lead"  # ♣7 and ♣8 could go on it, but only lower clubs under it
    assert key_of(state, "play H9") == "lead"  # ♦K beats it
    state = phase_two(["DA H4", "C7 H3", "SA DK", "C8 HQ"], leader=0)
    assert key_of(state, "play DA") == "lead-unbeatable"  # no higher diamond anywhere


def test_phase_two_beating_and_picking_up() -> None:
    state = phase_two(["S9 H4", "SJ SQ D4", "H2 C3", "C8 HQ"], leader=0)
    state.apply("play S9")
    # Seat 1 may beat ♠9 with ♠J (the cheapest), ♠Q, or trump it with ♦4; or pick up.
    assert key_of(state, "play SJ") == "must-beat"
    assert "cheapest card in this hand that beats ♠9" in sentence_of(state, "play SJ")
    assert key_of(state, "play SQ") == "must-beat"
    assert key_of(state, "play D4") == "trump"
    assert key_of(state, "pick up") == "pick-up" and "rather than spend ♠J" in sentence_of(state, "pick up")
    state = phase_two(["S9 H4", "D4 H3 C5", "H2 C3", "C8 HQ"], leader=0)
    state.apply("play S9")
    assert key_of(state, "play D4") == "trump" and "Nothing of ♠9's suit" in sentence_of(state, "play D4")
    state = phase_two(["S9 H4", "H3 C5", "H2 C3", "C8 HQ"], leader=0)
    state.apply("play S9")
    assert [str(a) for a in state.legal_actions()] == ["pick up"] and key_of(state, "pick up") == "pick-up"


def test_completing_a_trick_and_getting_out() -> None:
    # Three players hold cards: the third card completes the trick, and its player leads the next.
    state = phase_two(["S9 H4", "SJ H3", "SQ C5"], leader=0)
    state.apply("play S9")
    state.apply("play SJ")
    assert key_of(state, "play SQ") == "complete"
    # ♠J is seat 1's last card and beats ♠9: out, and safe.
    state = phase_two(["S9 H4", "SJ", "SQ C5", "C8 HQ"], leader=0)
    state.apply("play S9")
    assert key_of(state, "play SJ") == "get-out"


def test_last_card() -> None:
    state = phase_two(["S9 H4", "SJ D5", "SQ C5 C6", "C8 HQ"], rules=Rules(last_card=True), leader=0)
    state.apply("play S9")
    assert "says \"last card\"" in sentence_of(state, "play SJ last")
    state.apply("play SJ")  # forgotten
    state.apply("play SQ")
    state.apply("pick up")  # seat 3: nothing beats ♠Q
    state.apply("pick up")  # seat 0: nor here
    # Seat 1's ♦5 would beat ♠Q, but having forgotten "last card" it may not go out: it picks up.
    assert [str(a) for a in state.legal_actions()] == ["pick up"] and key_of(state, "pick up") == "last-card"


def test_the_review_says_a_lost_way_out_in_words() -> None:
    assert UNIT == "point" and amount("knorri", 1) == "1 point" and amount("knorri", -3) == "−3 points"
    # The action taken lost (−3, four players) where a better one got out (+1): a sure way out let slip.
    assert cost_words("knorri", 4, -3) == "let slip a sure way out (4 points)"
    # With the scoring variant both got out, the better one earlier: +3 against +1.
    assert cost_words("knorri", 2, 1) == "cost 2 points by getting out later than it could"
    mistake = SimpleNamespace(action="play H5", best=("play S7",), value=-3, best_value=1, cost=4, exact=True,
                              solved=True, mistake=True)
    assert decision_words("knorri", mistake) == "♥5 let slip a sure way out (4 points): ♠7 was best, worth 1 point."
    kept = SimpleNamespace(action="play S7", best=("play S7",), value=1, best_value=1, cost=0, exact=True,
                           solved=True, mistake=False)
    assert decision_words("knorri", kept) == "♠7 kept the value (1 point with best play)."
    assert review_summary("knorri", [kept, mistake], hints=1) == (
        "2 decisions, 1 mistake; the biggest was ♥5, which let slip a sure way out (4 points). 1 hint used.")


def test_every_idea_is_listed_once_with_an_example() -> None:
    assert len(KEYS) == len(IDEAS) and ideas("knorri") == IDEAS
    assert all(i.name and i.example.endswith(".") for i in IDEAS)


def test_seeded_games_every_move_read_fairly() -> None:
    swept = sweep("knorri", range(1, 4), players=(3, 4, 6))
    variants = sweep("knorri", range(1, 3), rules=Rules(scoring=True, last_card=True, overlooking=True,
                                                          soft_clubs=True))
    mas = sweep("knorri", range(1, 3), rules=Rules(phase_one=PhaseOne.MAS, soft_clubs=True))
    assert swept.moves >= 1000
    for name, found in (("standard", swept), ("variants", variants), ("Mas", mas)):
        print(f"knorri {name}: {found.with_idea} of {found.moves} moves get an idea ({found.share:.1%})")


@pytest.mark.parametrize("moves", [(), ("take SQ",)])
def test_hint_and_why_read_the_idea_first(moves: tuple[str, ...]) -> None:
    state = stacked(TABLE)
    for action in moves:
        state.apply(action)
    assert reason_starts_with_idea("knorri", state) in KEYS


def test_hint_in_phase_two_reads_the_idea_first() -> None:
    state = phase_two(["S9 H4", "SJ SQ D4", "H2 C3", "C8 HQ"], leader=0)
    state.apply("play S9")
    assert reason_starts_with_idea("knorri", state) in KEYS
