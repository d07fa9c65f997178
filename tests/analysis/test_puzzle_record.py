"""The reader's puzzle record: Glicko-2 against Glickman's own worked example, the misses, streaks, what comes next,
the chart, and records that cannot be read."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from stytvolt.analysis.puzzles import PuzzleError, published
from stytvolt.core import registry
from stytvolt.learn import puzzle_record as R
from stytvolt.learn.puzzle_record import Entry, Record


def _game() -> str:
    return "sjavs"


def test_glicko2_reproduces_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2012): a player at 1500 ± 200, σ 0.06, τ 0.5, beats a 1400 ± 30
    and loses to a 1550 ± 100 and a 1700 ± 300: 1464.06 ± 151.52, σ′ 0.05999."""
    r, rd, vol = R.glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert r == pytest.approx(1464.06, abs=0.02)
    assert rd == pytest.approx(151.52, abs=0.01)
    assert vol == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_results_only_widens_the_deviation() -> None:
    r, rd, vol = R.glicko2(1600, 100, 0.06, [])
    assert (r, vol) == (1600, 0.06) and rd == pytest.approx(173.7178 * ((100 / 173.7178) ** 2 + 0.06 ** 2) ** 0.5)


def test_the_score_falls_with_each_hint_and_is_nothing_for_a_miss() -> None:
    assert R.score_of(0) == 1.0
    assert R.score_of(1) == 0.8
    assert R.score_of(2) == 0.5
    assert R.score_of(3) == 0.0  # the last rung is the answer
    assert R.score_of(0, shown=True) == 0.0 and R.score_of(1, wrong=1) == 0.0
    with pytest.raises(PuzzleError, match="whole number"):
        R.score_of(-1)


def test_a_hard_puzzle_solved_gains_more_and_an_easy_one_missed_costs_more() -> None:
    game = _game()
    found = published(game)
    easy, hard = min(found, key=lambda p: p.rating), max(found, key=lambda p: p.rating)
    assert easy.rating < hard.rating
    start = Record(game)
    assert start.after(hard, 1).rating - 1500 > start.after(easy, 1).rating - 1500 > 0
    assert 1500 - start.after(easy, 0).rating > 1500 - start.after(hard, 0).rating
    # hints cost: the same puzzle solved with a hint gains less
    assert start.after(hard, R.score_of(1)).rating < start.after(hard, 1).rating
    # the deviation shrinks as results come in
    assert start.after(easy, 1).deviation < start.deviation


def test_misses_are_kept_oldest_first_and_a_solve_takes_one_off() -> None:
    game = _game()
    a, b, c = published(game)[:3]
    rec = Record(game).after(a, 1).after(b, 0).after(c, 0).after(b, 0)
    assert rec.misses == (b.id, c.id)
    assert rec.streak == 0 and rec.best == 1
    rec = rec.after(b, 0.5)
    assert rec.misses == (c.id,) and rec.streak == 1
    rec = rec.after(c, 1).after(a, 1)
    assert rec.misses == () and rec.streak == 3 and rec.best == 3
    assert [e.puzzle for e in rec.history] == [a.id, b.id, c.id, b.id, b.id, c.id, a.id]


def test_a_result_for_another_game_or_a_score_out_of_range_is_refused() -> None:
    game = _game()
    p = published(game)[0]
    other = next(info.name for info in registry.games() if info.name != game)
    with pytest.raises(PuzzleError, match="is a puzzle of"):
        Record(other).after(p, 1)
    with pytest.raises(PuzzleError, match="from 0 to 1"):
        Record(game).after(p, 1.5)


def test_the_record_round_trips_and_a_damaged_one_starts_afresh() -> None:
    game = _game()
    found = published(game)
    rec = Record(game).after(found[0], 1).after(found[1], 0)
    text = rec.to_text()
    back = R.read(game, text)
    assert back.to_text() == text and not back.damaged and back.misses == rec.misses
    assert back.rating == pytest.approx(rec.rating) and back.history == rec.history
    assert R.read(game, "") == Record(game)
    for bad in ("{", "[]", '{"v": 2}', text.replace('"r":', '"r":"x","q":'), text.replace(f'"game":"{game}"', '"game":"x"')):
        fresh = R.read(game, bad)
        assert fresh.damaged and fresh.history == () and fresh.rating == 1500
    # a miss no longer published is dropped, the rest kept
    kept = R.read(game, text.replace(f'"m":["{found[1].id}"]', f'"m":["Z9999","{found[1].id}"]'))
    assert kept.misses == (found[1].id,)


def test_the_history_keeps_its_last_results() -> None:
    game = _game()
    p = published(game)[0]
    rec = replace(Record(game), history=tuple(Entry(p.id, 1.0, 1500.0, 80.0) for _ in range(R.KEPT)))
    assert len(rec.after(p, 1).history) == R.KEPT


def test_next_follows_the_filter_and_the_rating_and_never_gives_a_theme_thrice_running() -> None:
    game = _game()
    found = published(game)
    rec = Record(game)
    first = R.next_puzzle(game, rec)
    # the untried puzzle nearest the reader's rating (computed here by hand over the list)
    assert first == min(found, key=lambda p: (abs(p.rating - 1500), p.id))
    # two results sharing a theme: the next one has another theme
    theme = found[0].themes[0]
    same = [p for p in found if theme in p.themes][:2]
    rec2 = Record(game).after(same[0], 1).after(same[1], 1)
    assert theme not in R.next_puzzle(game, rec2).themes
    # with that theme chosen, the theme is what the reader asked for
    assert theme in R.next_puzzle(game, rec2, theme=theme).themes
    # level filter
    assert R.next_puzzle(game, rec, level="expert").level == 3
    # a puzzle already tried comes only after every untried one
    tried = Record(game).after(first, 1)
    assert R.next_puzzle(game, tried) != first


def test_retry_gives_the_oldest_miss_in_the_filter() -> None:
    game = _game()
    found = published(game)
    rec = Record(game).after(found[5], 0).after(found[2], 0)
    assert R.next_puzzle(game, rec, retry=True) == found[5]
    with pytest.raises(PuzzleError, match="no missed puzzle"):
        R.next_puzzle(game, Record(game), retry=True)
    with pytest.raises(PuzzleError, match="has no theme"):
        R.next_puzzle(game, rec, theme="nonsense")


def test_the_chart_is_an_svg_with_a_title_a_description_and_a_point_per_result() -> None:
    game = _game()
    found = published(game)
    rec = Record(game)
    for p in found[:6]:
        rec = rec.after(p, 1 if p.rating < 1300 else 0)
    svg = ET.fromstring(R.chart_svg(rec, "x1"))
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.get("role") == "img" and svg.get("aria-labelledby") == "x1-title x1-desc"
    assert "your puzzle rating" in (svg.find(f"{ns}title").text or "")
    assert (svg.find(f"{ns}desc").text or "").startswith(f"From 1500 to {round(rec.rating)} over 6 puzzles")
    assert len(svg.find(f"{ns}polyline").get("points", "").split()) == 7
    empty = ET.fromstring(R.chart_svg(Record(game)))
    assert "No puzzle rated yet" in (empty.find(f"{ns}desc").text or "")


def test_the_summary_says_the_record_in_words() -> None:
    game = _game()
    found = published(game)
    assert R.summary(Record(game)) == "Rating 1500 ± 350 after no puzzle yet; streak 0, best 0; no misses to retry."
    rec = Record(game).after(found[0], 0)
    assert R.summary(rec).endswith("after one puzzle; streak 0, best 0; one miss to retry.")
    assert "173.7178" in R.FORMULA and f"{R.PUZZLE_DEVIATION:g}" in R.FORMULA
