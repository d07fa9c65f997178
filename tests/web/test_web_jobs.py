"""Long answers: a widget's answer as a generator, driven whole by handle() or a slice at a time by begin_json().

The widgets here are made for the test and registered only inside it (with
monkeypatch): a countdown that yields its progress, one that fails halfway,
one that is slow on purpose.  What a reader would notice is what is checked:
the same answer either way, progress that only grows, a time budget kept,
a cancel that stops the work at once, and errors that stay answers.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import stytvolt.web as web
from stytvolt.web import Answer, Job, Widget, WidgetError, Work, begin_json, handle, handle_json, render_widget

GAME = "styrivolt"


class Countdown:
    """A test widget: counts ``n`` pieces of work (``sleep`` ms each), yielding i/n after each; records what ran."""

    def __init__(self) -> None:
        self.pieces = 0
        self.closed = False
        self.finished = False

    def answer(self, params: dict[str, str]) -> Work:
        n = int(params.get("n", "4"))
        sleep = float(params.get("sleep", "0")) / 1000
        try:
            for i in range(n):
                if sleep:
                    time.sleep(sleep)
                self.pieces += 1
                if params.get("fail") == str(i):
                    raise WidgetError(f"n: piece {i} cannot be done")
                if params.get("bug") == str(i):
                    raise ZeroDivisionError("secret details")
                yield (i + 1) / n
            self.finished = True
            result: Answer = {"html": f"<p>counted {n}</p>", "set": {"n": str(n)}}
            return result
        finally:
            self.closed = True


@pytest.fixture
def countdown(monkeypatch: pytest.MonkeyPatch) -> Countdown:
    web._game(GAME)  # the game's own widgets first, so the test widget is not overwritten by their import
    made = Countdown()
    spec = Widget("Countdown", lambda p: '<input name="n">', made.answer)
    monkeypatch.setitem(web.WIDGETS, (GAME, "countdown"), spec)
    return made


def request(**params: str) -> str:
    return json.dumps({"widget": "countdown", "params": params})


def steps(job: Job, budget_ms: float = 30.0, most: int = 10_000) -> list[dict[str, Any]]:
    """Every step's answer until the job is done."""
    out = []
    for _ in range(most):
        out.append(json.loads(job.step(budget_ms)))
        if out[-1]["done"]:
            return out
    raise AssertionError("the job never finished")


def test_handle_drives_a_long_answer_to_its_end(countdown: Countdown) -> None:
    assert handle({"widget": "countdown", "params": {"n": "5"}}) == {"ok": True, "html": "<p>counted 5</p>", "set": {"n": "5"}}
    assert countdown.pieces == 5 and countdown.finished
    assert json.loads(handle_json(request(n="3"))) == {"ok": True, "html": "<p>counted 3</p>", "set": {"n": "3"}}


def test_the_build_draws_a_long_answers_first_answer(countdown: Countdown) -> None:
    page = render_widget("countdown", {"n": "2"})
    assert '<div class="sv-output"><p>counted 2</p></div>' in page
    assert '<input name="n">' in page


def test_a_job_gives_the_same_answer_as_handle_with_progress_that_only_grows(countdown: Countdown) -> None:
    # A zero budget still does one piece of work per step: five pieces, five steps not done, then the answer.
    got = steps(begin_json(request(n="5")), budget_ms=0)
    assert [s["progress"] for s in got[:-1]] == [0.2, 0.4, 0.6, 0.8, 1.0]
    assert got[-1] == {"done": True, "response": handle({"widget": "countdown", "params": {"n": "5"}})}


def test_nothing_runs_before_the_first_step(countdown: Countdown) -> None:
    job = begin_json(request(n="3"))
    assert countdown.pieces == 0 and not job.done and job.response is None and job.progress == 0.0


def test_a_step_keeps_to_its_time_budget(countdown: Countdown) -> None:
    # 60 pieces of 5 ms: about 300 ms of work, done in slices of about 40 ms.
    job = begin_json(request(n="60", sleep="5"))
    started = time.perf_counter()
    first = json.loads(job.step(40))
    took = (time.perf_counter() - started) * 1000
    assert first["done"] is False
    assert 40 <= took < 40 + 100, took  # stops at the first yield past the budget (slack for a busy machine)
    assert 2 <= countdown.pieces <= 9, countdown.pieces  # each piece sleeps at least 5 ms: at most 9 fit
    assert first["progress"] == countdown.pieces / 60
    got = steps(job, budget_ms=40)
    assert len(got) >= 5, len(got)  # the rest (about 250 ms) took several slices, not one
    assert got[-1]["response"]["html"] == "<p>counted 60</p>"


def test_a_finished_job_keeps_its_answer(countdown: Countdown) -> None:
    job = begin_json(request(n="1"))
    done = steps(job)[-1]
    assert job.done and job.step(30) == job.step(0) == json.dumps(done, ensure_ascii=False)
    job.cancel()  # too late: the answer stands
    assert json.loads(job.step(30)) == done and done["response"]["ok"] is True


def test_cancel_stops_the_work_at_once_and_says_so(countdown: Countdown) -> None:
    job = begin_json(request(n="100"))
    json.loads(job.step(0))
    json.loads(job.step(0))
    assert countdown.pieces == 2 and not countdown.closed
    job.cancel()
    assert countdown.closed and not countdown.finished  # the generator was closed: its cleanup ran, its end never came
    cancelled = {"ok": False, "cancelled": True, "error": "cancelled"}
    assert job.response == cancelled
    assert json.loads(job.step(30)) == {"done": True, "response": cancelled}
    assert countdown.pieces == 2


def test_a_job_cancelled_before_it_starts_never_runs(countdown: Countdown) -> None:
    job = begin_json(request(n="3"))
    job.cancel()
    assert json.loads(job.step(30))["response"]["cancelled"] is True and countdown.pieces == 0


def test_a_refusal_halfway_is_an_answer_naming_the_field(countdown: Countdown) -> None:
    got = steps(begin_json(request(n="5", fail="2")), budget_ms=0)
    assert got[-1] == {"done": True, "response": {"ok": False, "error": "n: piece 2 cannot be done"}}
    assert countdown.pieces == 3 and countdown.closed
    assert handle({"widget": "countdown", "params": {"n": "5", "fail": "2"}}) == {"ok": False, "error": "n: piece 2 cannot be done"}


def test_a_bug_halfway_is_reported_by_its_class_only(countdown: Countdown) -> None:
    got = steps(begin_json(request(n="5", bug="1")), budget_ms=0)[-1]
    assert got == {"done": True, "response": {"ok": False, "error": "internal error: ZeroDivisionError"}}
    assert handle({"widget": "countdown", "params": {"n": "5", "bug": "1"}}) == {"ok": False, "error": "internal error: ZeroDivisionError"}


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "the request is not JSON: "),
        ("[1, 2]", "a request is an object like"),
        ('{"widget": "nope"}', "unknown widget 'nope'"),
        ('{"widget": "countdown", "params": 5}', "params are an object"),
        ("x" * 30_000, "at most 20,000 are accepted"),
        (None, "a request is JSON text, not None"),
    ],
)
def test_a_request_that_cannot_be_read_is_refused_by_the_first_step(countdown: Countdown, text: Any, message: str) -> None:
    job = begin_json(text)  # never raises
    got = json.loads(job.step(30))
    assert got["done"] is True and got["response"]["ok"] is False and message in got["response"]["error"], got
    assert countdown.pieces == 0


def test_an_ordinary_answer_is_a_job_done_in_one_step() -> None:
    got = json.loads(begin_json('{"widget": "trick", "params": {"cards": "CJ S4 CA H3"}}').step(30))
    assert got == {"done": True, "response": handle({"widget": "trick", "params": {"cards": "CJ S4 CA H3"}})}
    assert 'data-winner="3"' in got["response"]["html"]


def test_progress_out_of_range_is_not_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    web._game(GAME)

    def odd(params: dict[str, str]) -> Work:
        for value in (0.5, float("nan"), 7.0, -1.0, 0.75):
            yield value
        result: Answer = {"html": "<p>odd</p>", "set": {}}
        return result

    monkeypatch.setitem(web.WIDGETS, (GAME, "odd"), Widget("Odd", lambda p: "", odd))
    got = steps(begin_json('{"widget": "odd"}'), budget_ms=0)
    assert [s.get("progress") for s in got[:-1]] == [0.5, 0.5, 0.5, 0.5, 0.75]
    assert all(json.dumps(s) == json.dumps(json.loads(json.dumps(s))) for s in got)  # plain JSON: no NaN slips through
