"""The ``stytvolt`` command line: every subcommand's happy path, its errors, and a played game."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys

import pytest

from stytvolt.core.cards import parse_card
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.cli import main, to_ascii
from stytvolt.styrivolt.cli import parse_variants
from stytvolt.core.rules import switches
from stytvolt.styrivolt import HandState, Ranking, Role, Rules, Scoring
from stytvolt.styrivolt.ranking import TAKING_REACH
from stytvolt.styrivolt.variants import CutRule

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_error_line(err: str, *needles: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("stytvolt: error: ")
    for needle in needles:
        assert needle in lines[0]


# -- trick --------------------------------------------------------------------------


def test_trick_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "trick", "--chosen", "H,S", "CJ", "S4", "CA", "H3")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[-1] == "Winner: play 4, ♥3 (trist)"
    assert "♠4 (unfortunate) beats ♣J (jack of clubs): an unfortunate beats unchosen cards up to the jack." in lines
    assert len(lines) == 6  # four plays, the winner's reason, the Winner line


def test_trick_with_promoted_plays_and_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    # Four twos in one hand: with clubs and diamonds chosen, the promoted ♣2 plays as the bird.
    code, out, _ = run(capsys, "trick", "--chosen", "C,D", "♠A", "2c", "--promoted", "2")
    assert code == 0
    assert out.splitlines()[-1].startswith("Winner: play 2, ♣2 (bird by four of a kind)")


def test_trick_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--ascii", "trick"], ["trick", "--ascii"]):
        code, out, _ = run(capsys, *argv, "--chosen", "H,S", "CJ", "S4", "CA", "H3")
        assert code == 0
        assert out.splitlines()[-1] == "Winner: play 4, H3 (trist)"
        assert out.isascii()
        assert "unfortunate" in out


def test_trick_bad_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "trick", "--chosen", "H,S", "H2", "X1")
    assert code == 2 and out == ""
    assert_one_error_line(err, "X1")


def test_trick_one_suit_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "trick", "--chosen", "H", "H2", "S3")
    assert code == 2
    assert_one_error_line(err, "--chosen", "'H'", "two")


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["--chosen", "H,S", "H2", "H2"], "named twice"),
        (["--chosen", "H,S", "HT"], "the ten of hearts is not in"),
        (["--chosen", "H,S", "H2", "S3", "D4", "C5", "C6"], "1 to 4"),
        (["--chosen", "H,H", "H2"], "differ"),
        (["--chosen", "H,S", "H2", "S3", "--promoted", "3"], "'3'"),
    ],
)
def test_trick_errors(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    code, _, err = run(capsys, "trick", *argv)
    assert code == 2
    assert_one_error_line(err, needle)


@pytest.mark.parametrize("promoted, needle", [
    ("", "--promoted '' names no play"),
    (" ", "--promoted ' ' names no play"),
    (",", "--promoted ',' names no play"),
    ("1,1,1,1,1", "play 1 is named twice in --promoted '1,1,1,1,1'"),
    ("1,3", "bad play number '3'"),
])
def test_a_promoted_list_that_names_no_play_or_a_play_twice_is_refused(
        capsys: pytest.CaptureFixture[str], promoted: str, needle: str) -> None:
    code, out, err = run(capsys, "trick", "--chosen", "H,S", "--promoted", promoted, "HA", "HK")
    assert code == 2 and out == ""
    assert_one_error_line(err, needle)


def test_a_stock_longer_than_twelve_cards_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "choose", "C6", "C4", "DA", "CA", "D7", "H5", "C2", "C3", "C5", "C7", "C8", "C9", "CJ")
    assert code == 2 and out == ""
    assert_one_error_line(err, "a stock holds 12 cards, not 13")
    code, out, _ = run(capsys, "choose", "C6", "C4", "DA", "CA", "D7", "H5", "C2", "C3", "C5", "C7", "C8", "C9")
    assert code == 0 and "Chosen: clubs, diamonds" in out


@pytest.mark.parametrize("argv, needle", [
    (["trick", "H2"], "trick: the following arguments are required: --chosen"),
    (["play", "--seat", "8"], "play: argument --seat: expected a whole number from 0 to 7, not '8'"),
    (["play", "chess"], "play: argument GAME: no game called 'chess'"),
    (["play", "--seed", "²"], "play: argument --seed: expected a whole number from 0"),
    (["ranking", "--random", "--seed", "١٧"], "ranking: argument --seed: expected a whole number from 0 up, not '١٧'"),
    (["quiz", "--level", "³"], "quiz: argument --level: expected a whole number from 1 to 3, not '³'"),
    (["puzzles", "show"], "puzzles show: the following arguments are required: ID"),
    (["no-such-command"], "argument COMMAND: invalid choice: 'no-such-command'"),
])
def test_a_bad_command_line_is_one_error_line(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert_one_error_line(err, needle, "--help")


@pytest.mark.parametrize("argv, needle", [
    (["play", "--seat", "4"], "--seat: Stýrivolt is played by four, in seats 0 to 3, not 4"),
    (["play", "sjavs", "--seat", "2"], "--seat: at the Sjavs table you sit South (seat 0)"),
    (["play", "sjavs", "--level", "master"], "--level: the computer players of Sjavs play at beginner, club or expert"),
    (["play", "vira", "--setup", "5"], "--setup: Vira is played here in these ways: 3 (Three players); 4 (Four"),
    (["play", "knorri", "--variant", "late-stock"], "--variant: Knorri has no rule variation 'late-stock' here"),
])
def test_a_game_refuses_what_it_does_not_offer(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert_one_error_line(err, needle)


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "trick", "H2")  # --chosen is missing
    assert code == 2 and "--chosen" in err
    code, _, err = run(capsys, "no-such-command")
    assert code == 2
    code, _, _ = run(capsys)
    assert code == 2


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("trick", "ranking", "choose", "term", "terms", "chalk", "play"):
        assert command in out
    code, out, _ = run(capsys, "play", "--help")
    assert code == 0 and "--variant" in out and "stytvolt play GAME --help" in out
    code, out, _ = run(capsys, "play", "styrivolt", "--help")
    assert code == 0 and "--variant" in out and "compulsory-beating" in out


# -- ranking --------------------------------------------------------------------------


def test_ranking_lists_48_cards_by_group(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ranking", "--chosen", "H,S")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Chosen suits: ♥ hearts and ♠ spades"
    card_lines = [line for line in lines if line.startswith("  ") and line[2] in "♠♥♦♣"]
    assert len(card_lines) == 48
    assert {line.split()[0] for line in card_lines} == {c.symbol for c in STYRIVOLT_PACK}
    ranking = Ranking.of("H,S")
    for text in ("H2", "SA", "S6", "S4", "S7", "DK"):
        card = parse_card(text)
        names = ranking.names(card)
        line = next(line for line in card_lines if line.split()[0] == card.symbol)
        assert line.startswith(f"  {card.symbol}  {names.english}")
        if names.faroese and names.faroese != names.english:
            assert f"({names.faroese})" in line
    assert "  ♥2  the bird (Fuglurin)" in lines
    assert any(line.startswith("  ♠6  postman") and line.endswith(TAKING_REACH[Role.POSTMAN][1]) for line in lines)
    assert any(line.startswith("  ♠4  ") and line.endswith(": beats unchosen cards up to the jack") for line in lines)
    headings = [line for line in lines if line and not line.startswith(" ")]
    for heading in ("Permanent stikkar", "Chosen stikkar", "Taking cards", "Lambs", "Free cards",
                    "Kings and queens", "Traders", "Unchosen diamonds", "Unchosen clubs"):
        assert any(h.startswith(heading) for h in headings), heading
    # Strongest first: the bird comes before the postmen, which come before the lambs.
    assert out.index("♥2") < out.index("♠6") < out.index("♠7")


def test_ranking_random_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    code, first, _ = run(capsys, "ranking", "--random", "--seed", "4")
    assert code == 0
    _, second, _ = run(capsys, "ranking", "--random", "--seed", "4")
    assert first == second and "seed 4" in first


def test_ranking_needs_suits(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "ranking")[0] == 2
    code, _, err = run(capsys, "ranking", "--chosen", "H,Z")
    assert code == 2
    assert_one_error_line(err, "'Z'")


# -- choose ---------------------------------------------------------------------------


def test_choose_seed_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "choose", "C6", "C4", "DA", "CA", "D7", "H5")
    assert code == 0
    lines = out.splitlines()
    assert lines[-2:] == ["Chosen: clubs, diamonds", "Exposed: ♣4 ♦7 ♦A"]
    assert "♥5: a third suit (hearts), so the dealer stops turning." in lines


def test_choose_exposes_bird_and_trist(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "choose", "H2", "SK", "S3", "HJ", "D9")
    assert code == 0
    assert out.splitlines()[-2:] == ["Chosen: hearts, spades", "Exposed: ♥2 ♠3"]


def test_choose_prefer(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "choose", "DK", "D4", "S3", "H2")
    assert out.splitlines()[-1] == "Exposed: ♦K ♠3"
    _, out, _ = run(capsys, "choose", "DK,D4,S3,H2", "--prefer", "D4")
    assert out.splitlines()[-1] == "Exposed: ♦4 ♠3"


def test_choose_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "choose", "H2", "H3")
    assert code == 2
    assert_one_error_line(err, "only hearts")
    code, _, err = run(capsys, "choose", "H2", "Q7")
    assert code == 2
    assert_one_error_line(err, "'Q7'")


# -- terms ----------------------------------------------------------------------------


def test_term(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "term", "Fýrikurin")
    assert code == 0
    assert out.splitlines()[0] == "fyrik"
    assert "  Faroese: Fýrikurin" in out.splitlines()
    assert "  Cards: ♣4" in out.splitlines()
    assert "Meaning: The four of clubs" in out
    code, out, _ = run(capsys, "term", "hay-yard", "mare")
    assert code == 0 and "Hoygarðsryssa" in out
    code, out, _ = run(capsys, "term", "trader")
    assert "Local word: fimmikar (Gjógv, Eysturoy)" in out


def test_term_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "term", "fyrk")
    assert code == 2 and out == ""
    assert_one_error_line(err, "'fyrk'", "did you mean")


def test_terms_lists_all(capsys: pytest.CaptureFixture[str]) -> None:
    from stytvolt.styrivolt import TERMS

    code, out, _ = run(capsys, "terms")
    assert code == 0
    assert f"{len(TERMS)} terms." in out
    for term in TERMS:
        assert term.english in out


# -- chalk ----------------------------------------------------------------------------


def test_chalk_seed_example(capsys: pytest.CaptureFixture[str]) -> None:
    results = "B:ordinary A:kept-in A:ordinary A:ordinary A:kept-in B:kept-in A:ordinary B:nine A:ordinary B:ordinary"
    code, out, _ = run(capsys, "chalk", *results.split())
    assert code == 0
    assert "A's third stroke is erased: the chalk-up is complete; B had erased one, so A wins a cross." in out
    assert "gelds the monk" in out
    assert "Chalk-up no. 5" in out
    assert "A crosses: x  (one cross)" in out


def test_chalk_penguin_and_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "chalk", "a:penalty", "--penguin")
    assert code == 0
    assert "the penalty is one cross to B" in out
    assert "B crosses: x" in out
    _, out, _ = run(capsys, "chalk", "A:kept-in-alone", "B:nine-alone")
    assert "monk's cross" in out


@pytest.mark.parametrize("token", ["A:fine", "C:ordinary", "ordinary"])
def test_chalk_errors(capsys: pytest.CaptureFixture[str], token: str) -> None:
    code, _, err = run(capsys, "chalk", "A:ordinary", token)
    assert code == 2
    assert_one_error_line(err, repr(token))


# -- variants -------------------------------------------------------------------------


def test_parse_variants() -> None:
    assert parse_variants([]) == Rules()
    rules = parse_variants(["compulsory-beating", "late-stock", "cut=two-stikkar", "scoring=penguin", "open-choosing",
                            "king-of-hearts-takes-bird", "queen-claims-cut-stikkar", "enforce-stock-right=no"])
    assert rules == Rules(
        compulsory_beating=True, late_stock=True, cut_for_stikkar=CutRule.TWO_STIKKAR, scoring=Scoring.PENGUIN,
        open_choosing=True, king_of_hearts_takes_bird=True, queen_claims_cut_stikkar=True, enforce_stock_right=False,
    )


@pytest.mark.parametrize("word", ["no-such-rule", "cut=sideways", "late-stock=maybe"])
def test_bad_variant(capsys: pytest.CaptureFixture[str], word: str) -> None:
    code, _, err = run(capsys, "play", "--auto", "--hands", "1", "--variant", word)
    assert code == 2
    assert_one_error_line(err, repr(word))


# -- play -----------------------------------------------------------------------------


@pytest.mark.sweep
def test_play_auto(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--auto", "--seed", "1", "--hands", "2")
    assert code == 0 and err == ""
    assert "Chalk-up no. 1" in out
    assert "Game over after 2 hands." in out
    for n in (1, 2):
        assert f"Hand {n} is over: " in out
    assert "-- Trick 1: " in out and "wins the trick (play" in out
    # The same seed plays the same game.
    _, again, _ = run(capsys, "play", "--auto", "--seed", "1", "--hands", "2")
    assert again == out


@pytest.mark.sweep
def test_play_auto_until_a_cross(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--auto", "--seed", "2", "--seat", "1",
                       "--variant", "compulsory-beating", "scoring=penguin")
    assert code == 0
    assert "Team A leads" in out or "Team B leads" in out
    assert "compulsory-beating" in out


def test_play_auto_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--ascii", "play", "--auto", "--seed", "3", "--hands", "2")
    assert code == 0
    assert out.isascii()
    assert "Styrivolt" in out


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_play_scripted_numbers(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 400)
    code, out, err = run(capsys, "play", "--seed", "11", "--hands", "1", "--no-review")
    assert code == 0, err
    assert "Your hand:" in out and "  1) " in out
    assert "Hand 1 is over: " in out
    assert "Chalk-up no. 1" in out
    assert "> 1" in out  # scripted input is echoed


def test_play_screen(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "?\nh\nq\n")
    code, out, _ = run(capsys, "play", "--seed", "5")
    assert code == 0
    assert "You are South, with North (team A)." in out
    assert "Chosen suits: ♠ spades and ♥ hearts." in out
    assert "♠ spades (chosen): ♠A stýrivolt, ♠J karnifl, ♠Q chosen queen" in out
    assert "You lead to the first trick" in out
    assert "Tricks won: A 0, B 0" in out
    assert "No trick has been completed in this hand yet." in out
    assert "You quit the game." in out


def test_play_text_actions_and_why(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Seed 5: South leads ♠A to the first trick, then explains it with "?".
    feed(monkeypatch, "SA\n?\n")
    code, out, _ = run(capsys, "play", "--seed", "5")
    assert code == 0
    assert "South (you) plays ♠A (stýrivolt)." in out
    assert out.count("-- Trick 1: South (you) ♠A") == 2  # once after the trick, once for "?"
    assert "End of input" in out


def test_play_eof_ends_cleanly(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "")
    code, out, err = run(capsys, "play", "--seed", "9")
    assert code == 0 and err == ""
    assert "End of input: the game stops here." in out
    assert "Game over after 0 hands." in out


def test_play_illegal_action(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Deal the game's first hand the way `play` does, to find a card South does not hold.
    state = HandState.deal(dealer=3, rng=random.Random(21))
    missing = next(c for c in STYRIVOLT_PACK if c not in state.hands[0])
    feed(monkeypatch, f"{missing}\n")
    code, _, err = run(capsys, "play", "--seed", "21")
    assert code == 2
    assert_one_error_line(err, repr(str(missing)), "does not hold")


@pytest.mark.parametrize("typed, needle", [("99", "'99'"), ("X1", "'X1'"), ("keep", "'keep'")])
def test_play_bad_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str, needle: str) -> None:
    feed(monkeypatch, f"{typed}\n")
    code, _, err = run(capsys, "play", "--seed", "21")
    assert code == 2
    assert_one_error_line(err, needle)


def test_to_ascii() -> None:
    assert to_ascii("♥2 beats ♠K — Hoygarðsryssa, ólukkur, Áttuni, Fýrikurin") == (
        "H2 beats SK - Hoygardsryssa, olukkur, Attuni, Fyrikurin"
    )


def test_python_dash_m_help() -> None:
    env = dict(os.environ, PYTHONPATH=ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "stytvolt", "--help"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: stytvolt")
    done = subprocess.run(
        [sys.executable, "-m", "stytvolt", "trick", "--chosen", "H", "H2"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("stytvolt: error: ") and done.stderr.count("\n") == 1


# -- input that once crashed or hung ------------------------------------------------------


def test_promoted_play_numbers_are_ascii_digits(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "trick", "--chosen", "H,S", "--promoted", "²", "H2", "S3")
    assert code == 2
    assert_one_error_line(err, "'²'", "expected 1 to 2")


def test_undecodable_input_is_one_error_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    raw = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\n"), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdin", raw)
    code, _, err = run(capsys, "play", "--seed", "3", "--hands", "1")
    assert code == 2
    assert_one_error_line(err, "not text in utf-8", "\\xff")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\n"), encoding="utf-8", errors="surrogateescape"))
    code, _, err = run(capsys, "play", "--seed", "3", "--hands", "1")
    assert code == 2
    assert_one_error_line(err, "not text in utf-8")


def test_auto_play_until_you_quit_is_refused_since_nobody_quits(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--auto", "--hands", "0")
    assert code == 2
    assert_one_error_line(err, "--hands 0", "--auto")


def test_variant_help_comes_from_the_rules_switches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "styrivolt", "--help")
    assert code == 0
    for sw in switches(Rules):
        assert " ".join(sw.help.split()[:4]) in " ".join(out.split())


def test_the_game_names_seats_without_rewriting_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--auto", "--seed", "4", "--hands", "2")
    assert code == 0
    assert "player 0" not in out.lower() and "player 3" not in out.lower()
    assert "Team A" in out or "Team B" in out
