"""The coach in the terminal: ``stytvolt play GAME`` with a hint on ``h``, ``w`` for why, the review after each hand,
and ``stytvolt review GAME-TEXT`` saying, word for word, what the site's table says of a game played there."""

from __future__ import annotations

import html
import io
import re
import sys
from typing import Any

import pytest

from stytvolt.analysis.coach import hint
from stytvolt.cli import main
from stytvolt.styrivolt import HandState
from stytvolt.web import handle
from stytvolt.web.coaching import hint_seed
from stytvolt.web.table import new_table


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def one_error(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("stytvolt: error: "), err
    return lines[0].removeprefix("stytvolt: error: ")


def flat(text: str) -> str:
    return " ".join(text.split())


# -- playing with the coach ---------------------------------------------------------------------------------------


def test_a_hint_on_h_is_the_coachs_and_the_review_counts_it(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # Sjavs, seed 5: South bids first, holding ♦A ♦Q ♦J ♦8 with ♠J and ♣Q, the permanent trumps that count in every
    # suit: six diamonds, so the coach bids 6 (its rules of thumb bid the trump length).  South passes anyway, and
    # everyone else passes too.
    feed(monkeypatch, "h\n1\n")
    code, out, err = run(capsys, "play", "sjavs", "--seed", "5", "--hands", "1")
    assert code == 0, err
    assert "h gives a hint" in out
    assert "> h\nHint: 2) Bid 6.\n" in out
    table = new_table("sjavs", seed=5)
    given = hint(table.hand, 0, hint_seed(table), names=table.names)  # the site's hint at that table
    assert given.action == "bid 6"
    assert flat(given.reason) in flat(out)
    review = out[out.index("The review of your decisions"):]
    assert "1 decision, 0 mistakes" in review and "1 hint used." in review
    assert flat("1. pass: before the play, the expert's rules of thumb would choose bid 6. You took it after a hint.") \
        in flat(review)
    # The record printed at the end marks the decision taken after the hint, as the site's table does.
    record = out.rstrip().splitlines()[-1]
    assert record == "s1.5.3.beginner.4.-0000"


def test_why_says_the_last_computer_moves_reason_without_naming_unseen_cards(capsys: pytest.CaptureFixture[str],
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # Brus, seed 5: South leads ♥6; West beats it, North beats that with ♥K and leads ♦6, East beats it with ♠9.
    feed(monkeypatch, "w\n1\nw\nq\n")
    code, out, _ = run(capsys, "play", "brus", "--seed", "5", "--level", "club")
    assert code == 0
    assert "No computer player has moved yet in this deal." in out
    said = flat(out[out.rindex("> w"):])
    assert said.startswith("> w East's reasoning (Beating high, on Brus: Tactics): Beating ♦6 with ♠9")
    # South has seen its own cards and those played: the other cards East weighed are hidden ones.
    assert "a hidden card" in said and "(Cards you had not seen are not named until the hand is over.)" in said
    assert "You quit the game." in out


def test_the_help_lists_the_coachs_keys(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "help\nq\n")
    code, out, _ = run(capsys, "play", "vira", "--seed", "3")
    assert code == 0
    assert "h gives a hint: the coach's choice for you, from what you can see, and why;" in out


def test_a_refused_choice_is_said_in_the_tables_words(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "bid 3\n")
    code, _, err = run(capsys, "play", "sjavs", "--seed", "5")
    assert code == 2
    assert one_error(err).startswith("'bid 3': ")


def test_styrivolt_gives_a_hint_on_h_and_reviews_the_hand(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # Stýrivolt plays its own terminal game: h is the hint there too (? still explains the last trick).  The review
    # gets little time here (the site's four seconds a decision would make the test slow): the early decisions then
    # say they were not settled, the late ones are.
    monkeypatch.setattr("stytvolt.web.coaching.REVIEW_SECONDS", 0.05)
    feed(monkeypatch, "h\n1\nh\n" + "1\n" * 30)
    code, out, err = run(capsys, "play", "--seed", "5", "--hands", "1", "--level", "beginner")
    assert code == 0, err
    state = HandState.deal(dealer=3, rng=__import__("random").Random(5))
    first = hint(state, 0, 5 * 1000 + 1, names=["South", "West", "North", "East"])
    assert first.action == "DK"
    assert "> h\nHint: 6) ♦K.\n" in out
    assert flat(first.reason) in flat(out)
    review = flat(out[out.index("The review of your decisions"):])
    assert re.search(r"\d+ decisions, \d+ mistakes?[;:].* 2 hints used\.", review), review
    assert review.count("You took it after a hint.") == 2


# -- stytvolt review: what the site says ----------------------------------------------------------------------------


def ask(**params: str) -> dict[str, Any]:
    response = handle({"game": "sjavs", "widget": "table", "params": params})
    assert response["ok"], response
    return response


def turn(page: str) -> str:
    found = re.search(r'data-turn="(\w+)"', page)
    assert found
    return found.group(1)


def played_out(response: dict[str, Any], hinted: bool) -> dict[str, Any]:
    """The hand played to its end at the site's table: the computer asked to move, South pressing the last button
    on offer (after asking for a hint first, with ``hinted``)."""
    for _ in range(200):
        page, text = response["html"], response["set"]["game"]
        if turn(page) == "computer":
            response = ask(do="computer", game=text)
        elif turn(page) == "south":
            extra = {}
            if hinted:
                page = ask(do="hint", game=text)["html"]
                extra = {"hinted": "yes"}
            actions = re.findall(r'data-do="play" data-action="([^"]+)"', page)
            response = ask(do="play", game=text, action=html.unescape(actions[-1]), **extra)
        else:
            return response
    raise AssertionError("the hand did not end")


def site_review(text: str) -> list[str]:
    """The review the site's table shows of the last hand of ``text``: its summary, then each decision as listed
    (without the "Show me" button), as a reader reads them."""
    known = ""
    for _ in range(100):
        response = ask(do="review", game=text, review=known)
        known = response["set"]["review"]
        if 'data-complete="yes"' in response["html"]:
            break
    page = response["html"]
    summary = re.search(r'<p class="sv-review-summary"><strong>(.*?)</strong>', page)
    assert summary
    items = re.findall(r"<li[^>]*>(.*?)</li>", re.sub(r"<button.*?</button>", "", page))
    return [html.unescape(summary.group(1)), *(flat(html.unescape(re.sub(r"<[^>]+>", "", i))) for i in items)]


def terminal_review(out: str) -> list[list[str]]:
    """Each hand's review as ``stytvolt review`` prints it: the summary, then each decision, its number taken off."""
    hands = []
    for block in out.split("The review of your decisions, every card visible:\n")[1:]:
        lines = block.split("\n\n")[0].rstrip("\n").split("\n")
        said = [lines[0].strip()]
        for line in lines[1:]:
            if re.match(r"\s+\d+\. ", line):
                said.append(re.sub(r"^\s+\d+\. ", "", line))
            else:
                said[-1] += " " + line.strip()
        hands.append([flat(s) for s in said])
    return hands


def test_review_of_a_game_played_at_the_site_says_what_the_site_says(capsys: pytest.CaptureFixture[str]) -> None:
    first = played_out(ask(do="new", seed="9", level="beginner", setup="4"), hinted=True)
    after_first = first["set"]["game"]
    said_first = site_review(after_first)
    second = played_out(ask(do="next", game=after_first), hinted=False)
    text = second["set"]["game"]
    said_second = site_review(text)
    assert "-" in after_first.split(".", 5)[5]  # the hints South took are in the record

    code, out, err = run(capsys, "review", text)
    assert code == 0, err
    assert out.startswith("Sjavs, 2 hands; you are South.\n")
    assert terminal_review(out) == [said_first, said_second]
    assert re.search(r"\d+ hints? used\.", said_first[0]) and "No hints used." in said_second[0]

    code, out, _ = run(capsys, "review", text, "--hand", "2")
    assert code == 0 and terminal_review(out) == [said_second]
    # A link to the game, as the table's "Link to this game" gives it, is read too.
    code, out, _ = run(capsys, "review", f"https://example.org/sjavs/play/?w=table&game={text}#table", "--hand", "2")
    assert code == 0 and terminal_review(out) == [said_second]


def test_a_damaged_record_is_refused_naming_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    text = "s1.5.3.beginner.4.-0000"
    code, _, err = run(capsys, "review", text[:-2] + "Z0")
    assert code == 2
    assert one_error(err) == ("This Sjavs game's record cannot be read: move 3 of hand 1 is not one the rules allowed "
                              "there.")
    code, _, err = run(capsys, "review", "s1.5.3.grandmaster.4.0000")
    assert code == 2 and one_error(err) == ("This Sjavs game's record cannot be read: its computer players' level is "
                                            "not one this table has.")
    code, _, err = run(capsys, "review", "zz.5.3.beginner.4.0000")
    assert code == 2 and one_error(err).startswith("This record cannot be read: it is not the record of a game at the "
                                                   "site's tables (a game's record begins with its game's code, t1, s1")
    code, _, err = run(capsys, "review", text, "--hand", "2")
    assert code == 2 and one_error(err) == "--hand 2: this game has 1 hand"
    code, out, _ = run(capsys, "review", "s1.5.3.beginner.4.00")  # a hand still being played
    assert code == 0 and "This hand is not over: its review comes when it is." in out
    code, _, err = run(capsys, "review", "s1.5.3.beginner.4.00", "--hand", "1")
    assert code == 2 and one_error(err) == "--hand 1: this hand is not over, and its review comes when it is"
