"""The quiz engine, over every kind of every game: well-formed, reproducible questions, and clear refusals.

The answers themselves are checked against hand-worked positions in each
game's own quiz tests (tests/<game>/test_quiz_*.py); here thousands of generated
questions per kind are checked for shape: the answer is one of the choices
and only one choice is right, the explanation names cards the reader can see,
the rule link leads to a real heading, and the same four values always give
the same question (tests/pyodide compares them with Pyodide's).
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.cli import main as cli_main
from stytvolt.core.cards import parse_card
from stytvolt.learn import QuizError
from stytvolt.web import handle, render_widget

DOCS = Path(__file__).resolve().parents[2] / "docs"
GAMES = learn.games_with_kinds()
ALL_KINDS = [(g, k.name) for g in GAMES for k in learn.kinds(g)]
#: Seeds per level and kind: 3 levels x 1,500 = 4,500 questions of each kind.
SEEDS_PER_LEVEL = 1500

REQUIRED = {
    "styrivolt": {
        "card-names", "beats-lead", "trick-winner", "lead-legal", "choose-suits",
        "trader-fetch", "take-stock", "hand-result", "chalk-after",
    },
    "sjavs": {"trick-winner", "legal-plays", "card-points", "game-points", "winning-bid"},
    "klorsjavs": {"trick-winner", "legal-plays", "card-points", "game-points"},
    "knorri": {"may-beat", "must-take", "opening"},
    "brus": {"trick-winner", "legal-plays", "deal-score"},
    "vira": {"overcalls", "contract-requires", "outcome"},
}


def _anchors(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    heads = re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)
    return {slugify(h, "-") for h in heads}


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_the_kinds_the_issue_asks_for(game: str) -> None:
    names = {k.name for k in learn.kinds(game)}
    assert REQUIRED[game] <= names
    for info in learn.kinds(game):
        assert info.title and info.summary and info.game == game


def test_each_kind_module_registers_exactly_the_kinds_declared_for_it() -> None:
    """A quiz package's KIND_MODULES names each kind's module; importing that module must register that kind."""
    import importlib

    for game in GAMES:
        declared = importlib.import_module(learn.quiz_module(game)).KIND_MODULES
        assert learn.kind_names(game) == tuple(declared)
        for info in learn.kinds(game):
            assert info.make.__module__ == declared[info.name], f"{game}/{info.name} is made in {info.make.__module__}"
        registered = {k for k in learn._KINDS[game]}
        assert registered == set(declared), f"{game}: registered but not declared: {registered - set(declared)}"


def test_asking_one_kind_loads_only_its_module() -> None:
    """A page quizzing card names needs the names module alone (each check in a fresh interpreter)."""
    import subprocess
    import sys

    script = (
        "import sys; from stytvolt import learn; learn.question('styrivolt', 'card-names', 1, 3); "
        "print(sorted(m for m in sys.modules if m.startswith('stytvolt.styrivolt.quiz.')))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['stytvolt.styrivolt.quiz.common', 'stytvolt.styrivolt.quiz.names']"


@pytest.mark.parametrize(("game", "kind"), ALL_KINDS)
def test_thousands_of_questions_are_well_formed(game: str, kind: str) -> None:
    positions = set()
    for level in learn.LEVELS:
        for seed in range(SEEDS_PER_LEVEL):
            q = learn.question(game, kind, level, seed)
            where = q.key
            assert (q.game, q.kind, q.level, q.seed) == (game, kind, level, seed)
            assert q.prompt.strip() and q.prompt.rstrip().endswith("?"), where
            ids = [c.id for c in q.choices]
            assert 2 <= len(ids) <= 6, where
            assert len(set(ids)) == len(ids), f"{where}: two choices share an id: {ids}"
            assert ids.count(q.answer) == 1, where
            assert all(c.text.strip() for c in q.choices), where
            assert sum(learn.check(q, i) for i in ids) == 1, where
            # The explanation names the deciding cards, and the reader can see at least one of them
            # (a question about the chalk-up alone shows no card, and its explanation names none).
            assert q.explanation, where
            named = {c for r in q.explanation for c in r.cards}
            visible = {c for r in q.rows for c in r.cards} | {c for ch in q.choices for c in ch.cards}
            for value in q.position.values():
                for token in value.replace(",", " ").split():
                    try:
                        visible.add(parse_card(token))
                    except StytvoltError:
                        pass
            if visible:
                assert named, f"{where}: the explanation names no card"
                assert named & visible, f"{where}: the explanation's cards {sorted(map(str, named))} are not in the question"
            assert all(line.strip() for line in q.explain(seats=("South", "West", "North", "East"))), where
            # The position, in card text, for anyone to check.
            assert q.position and all(isinstance(k, str) and isinstance(v, str) for k, v in q.position.items()), where
            if q.taps:
                tapped = [r for r in q.rows if r.tap]
                assert len(tapped) == 1 and {str(c) for c in tapped[0].cards} == set(ids), where
            for row in q.rows:
                assert row.label and (not row.notes or len(row.notes) == len(row.cards)), where
            positions.add(json.dumps(dict(q.position), sort_keys=True))
    # The seed matters: most seeds give a position of their own.
    assert len(positions) >= SEEDS_PER_LEVEL, f"{game}/{kind}: only {len(positions)} distinct positions"


@pytest.mark.parametrize(("game", "kind"), ALL_KINDS)
def test_the_rule_link_leads_to_a_real_heading(game: str, kind: str) -> None:
    rules = {learn.kind_info(game, kind).rule} | {learn.question(game, kind, lv, s).rule for lv in learn.LEVELS for s in range(60)}
    for rule in rules:
        page, _, anchor = rule.partition("#")
        assert (DOCS / page).is_file(), rule
        assert not anchor or anchor in _anchors(page), f"{rule}: no such heading on {page}"


@pytest.mark.parametrize(("game", "kind"), ALL_KINDS)
def test_the_same_four_values_give_the_same_question(game: str, kind: str) -> None:
    for level in learn.LEVELS:
        for seed in (0, 1, 17, 2**31 - 1, learn.MAX_SEED):
            a = learn.question(game, kind, level, seed)
            b = learn.question(game, kind, str(level), str(seed))
            assert a == b
            assert a.as_dict() == b.as_dict()
            assert learn.parse_key(a.key) == a


def test_levels_and_seeds_change_the_question() -> None:
    q = learn.question("styrivolt", "trick-winner", 1, 5)
    assert learn.question("styrivolt", "trick-winner", 1, 6).position != q.position
    assert learn.question("styrivolt", "trick-winner", 3, 5).position != q.position


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("chess", "trick-winner", 1, 1), "no questions for a game called 'chess'"),
        ((3, "trick-winner", 1, 1), "not an int"),
        (("styrivolt", "trick-winer", 1, 1), "no question kind 'trick-winer'"),
        (("styrivolt", "trick-winner", 0, 1), "level is a whole number from 1 to 3, not 0"),
        (("styrivolt", "trick-winner", 4, 1), "not 4"),
        (("styrivolt", "trick-winner", "hard", 1), "not 'hard'"),
        (("styrivolt", "trick-winner", True, 1), "not True"),
        (("styrivolt", "trick-winner", 1, -1), "seed is a whole number from 0 to 9,007,199,254,740,991, not -1"),
        (("styrivolt", "trick-winner", 1, 2**53), "seed is a whole number"),
        (("styrivolt", "trick-winner", 1, 10**400), "seed is a whole number"),
        (("styrivolt", "trick-winner", 1, 1.5), "not 1.5"),
        (("styrivolt", "trick-winner", 1, "1e3"), "not '1e3'"),
        (("styrivolt", "trick-winner", 1, "x" * 500), "…"),
    ],
)
def test_a_question_that_does_not_exist_is_refused_by_name(args: tuple[object, ...], words: str) -> None:
    with pytest.raises(QuizError) as info:
        learn.question(*args)  # type: ignore[arg-type]
    assert isinstance(info.value, StytvoltError)
    assert words in str(info.value)
    assert len(str(info.value)) < 200


def test_check_refuses_an_answer_that_is_no_choice() -> None:
    q = learn.question("styrivolt", "trick-winner", 1, 3)
    with pytest.raises(QuizError, match="not one of the choices"):
        learn.check(q, "XX")
    with pytest.raises(QuizError, match="not an int"):
        learn.check(q, 3)  # type: ignore[arg-type]
    assert learn.check(q, f"  {q.answer} ")


@pytest.mark.parametrize("key", ["styrivolt/trick-winner/2", "a/b/c/d/e", "", "styrivolt/trick-winner/2/x"])
def test_a_bad_key_is_refused(key: str) -> None:
    with pytest.raises(QuizError):
        learn.parse_key(key)


def test_any_kind_is_chosen_by_the_seed_alone() -> None:
    names = [k.name for k in learn.kinds("styrivolt")]
    picks = [learn.any_kind("styrivolt", s) for s in range(300)]
    assert set(picks) == set(names)  # every kind comes up
    assert picks == [learn.any_kind("styrivolt", s) for s in range(300)]
    assert {learn.any_kind("styrivolt", s, ["lead-legal", "trick-winner"]) for s in range(50)} == {"lead-legal", "trick-winner"}


# -- the site's quiz widget ----------------------------------------------------------------------------


def test_the_quiz_widget_draws_the_question_with_its_answer() -> None:
    q = learn.question("styrivolt", "trick-winner", 2, 17)
    r = handle({"game": "styrivolt", "widget": "quiz", "params": {"kind": "trick-winner", "level": "2", "seed": "17"}})
    assert r["ok"], r
    assert f'data-key="{q.key}"' in r["html"] and f'data-correct="{q.answer}"' in r["html"]
    assert r["set"] == {"seed": "17", "level": "2"}
    # The explanation is the engine's, with the site's seat names.
    for line in q.explain(seats=("South", "West", "North", "East")):
        assert line.replace("'", "&#x27;").replace('"', "&quot;") in r["html"] or line in r["html"]
    # Any kind: the seed picks it, as the CLI does.
    r = handle({"widget": "quiz", "params": {"kind": "", "level": "1", "seed": "40"}})
    assert f'data-kind="{learn.any_kind("styrivolt", 40)}"' in r["html"]
    # A key (a question for review, a permalink) names one question exactly.
    r = handle({"widget": "quiz", "params": {"key": "styrivolt/lead-legal/3/8", "level": "1"}})
    assert 'data-key="styrivolt/lead-legal/3/8"' in r["html"]


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"level": "4"}, "level: expected a whole number from 1 to 3, not '4'"),
        ({"seed": "-3"}, "seed: expected a whole number"),
        ({"kinds": "trick-winner", "kind": "chalk-after"}, "this quiz asks trick-winner, not 'chalk-after'"),
        ({"kinds": "nonsense"}, "kinds: styrivolt has no question kind 'nonsense'"),
        ({"key": "styrivolt/trick-winner/9/1"}, "key: a level is a whole number from 1 to 3"),
        ({"kinds": "trick-winner", "key": "styrivolt/chalk-after/1/1"}, "key: this quiz asks styrivolt questions of kinds trick-winner"),
    ],
)
def test_the_quiz_widget_refuses_bad_params(params: dict[str, str], words: str) -> None:
    r = handle({"widget": "quiz", "params": params})
    assert r == {"ok": False, "error": r["error"]} and words in r["error"], r


def test_a_learn_page_quiz_is_drawn_at_build_time() -> None:
    html = render_widget("quiz", {"kinds": "trick-winner,lead-legal", "count": "3"})
    assert "Question 1 of 3" in html
    assert '<option value="lead-legal">' in html and "chalk-after" not in html
    assert "<details" in html  # without JavaScript the answer is one click away


# -- the terminal ---------------------------------------------------------------------------------------


def _run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str]:
    buf = io.StringIO()
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with redirect_stdout(buf):
        code = cli_main(argv)
    return code, buf.getvalue()


def test_cli_quiz_lists_the_kinds() -> None:
    code, out = _run(["quiz", "--list"])
    assert code == 0
    for name in REQUIRED["styrivolt"]:
        assert re.search(rf"^{name}\s", out, flags=re.M)


def test_cli_quiz_asks_the_same_questions_as_the_site(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = _run(["quiz", "--kind", "trick-winner", "--level", "3", "--seed", "17", "--count", "2", "--answers"])
    assert code == 0
    for seed in (17, 18):
        q = learn.question("styrivolt", "trick-winner", 3, seed)
        assert f"[{q.key}]" in out
        assert q.prompt in out
        assert f"The answer: {q.correct.text}" in out
    # Answering: the right one by its number, then a wrong one by its text.
    first, second = (learn.question("styrivolt", "choose-suits", 2, s) for s in (5, 6))
    right = [c.id for c in first.choices].index(first.answer) + 1
    wrong = next(c for c in second.choices if c.id != second.answer)
    code, out = _run(["quiz", "--kind", "choose-suits", "--level", "2", "--seed", "5", "--count", "2"],
                     stdin=f"{right}\n{wrong.id}\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "Right." in out and "Not this one." in out and "You answered 1 of 2 right." in out


def test_cli_quiz_without_kind_mixes_kinds_by_seed() -> None:
    code, out = _run(["quiz", "--seed", "40", "--count", "1", "--answers", "--level", "2"])
    assert code == 0
    assert f"[styrivolt/{learn.any_kind('styrivolt', 40)}/2/40]" in out


def test_cli_quiz_keeps_asking_until_it_understands(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = _run(["quiz", "--kind", "lead-legal", "--seed", "1", "--count", "1"], stdin="maybe\n99\nyes\n", monkeypatch=monkeypatch)
    assert code == 0
    assert out.count("Type a number from 1 to 2") == 2
    assert "You answered" in out


def test_cli_quiz_reads_a_superscript_two_as_no_answer_and_asks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # "²" passes str.isdigit() but is no number a reader typed: it was read with int() and ended in a traceback.
    q = learn.question("styrivolt", "lead-legal", 1, 1)
    right = [c.id for c in q.choices].index(q.answer) + 1
    code, out = _run(["quiz", "--kind", "lead-legal", "--seed", "1", "--count", "1"], stdin=f"²\n³\n{right}\n",
                     monkeypatch=monkeypatch)
    assert code == 0
    assert out.count(f"Type a number from 1 to {len(q.choices)}") == 2
    assert "You answered 1 of 1 right." in out


@pytest.mark.parametrize("name", ["SJAVS", "Klørsjavs", "klorsjavs", "hörri", "Kvívík", "Gothic Whist"])
def test_cli_quiz_finds_a_game_by_any_name_the_registry_knows(name: str) -> None:
    import stytvolt

    game = stytvolt.game(name).name
    code, out = _run(["quiz", "--game", name, "--list"])
    assert code == 0
    assert [line.split()[0] for line in out.splitlines() if line[:1] != " "] == list(learn.kind_names(game))
    code, out = _run(["quiz", "--game", name, "--seed", "3", "--count", "1", "--answers"])
    assert code == 0 and f"[{game}/{learn.any_kind(game, 3)}/1/3]" in out


def test_every_kind_kinds_gives_is_a_kind_question_takes() -> None:
    # kinds() lists KindInfo values; question(), kind_info() and any_kind() take them as they take the names.
    for game in learn.games_with_kinds():
        for info in learn.kinds(game):
            q = learn.question(game, info, 1, 7)
            assert q == learn.question(game, info.name, 1, 7) and q.kind == info.name
            assert learn.kind_info(game, info) is info
        every = learn.kinds(game)
        assert learn.any_kind(game, 5, every) == learn.any_kind(game, 5, [k.name for k in every]) == learn.any_kind(game, 5)
    with pytest.raises(QuizError, match="'trick-winner' is a question kind of brus, not of sjavs"):
        learn.question("sjavs", learn.kind_info("brus", "trick-winner"), 1, 7)
    assert learn.question("SJAVS", "trick-winner", "2", "9") == learn.question("sjavs", "trick-winner", 2, 9)


def test_cli_quiz_stops_cleanly_at_the_end_of_input(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = _run(["quiz", "--kind", "trick-winner", "--seed", "1", "--count", "3"], stdin="", monkeypatch=monkeypatch)
    assert code == 0 and "No questions answered." in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["quiz", "--kind", "nope"], "styrivolt has no question kind 'nope'"),
        (["quiz", "--game", "chess"], "no questions for a game called 'chess'"),
        (["quiz", "--count", "0"], "--count: expected a whole number from 1 to 1,000, not '0'"),
        (["quiz", "--seed", "-1"], "--seed: expected a whole number from 0 to 9,007,199,254,740,991, not '-1'"),
    ],
)
def test_cli_quiz_refuses_bad_options(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(argv) == 2
    assert words in capsys.readouterr().err


def test_rule_links_name_their_page_as_the_menu_does() -> None:
    import yaml  # PyYAML comes with MkDocs

    from stytvolt.web.learn import page_titles, rule_title

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    nav = yaml.load((DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["nav"]

    def walk(items: list) -> dict[str, str]:  # type: ignore[type-arg]
        out: dict[str, str] = {}
        for item in items:
            for title, target in item.items():
                if isinstance(target, list):
                    out |= walk(target)
                else:
                    out[target.removesuffix(".md")] = title
        return out

    menu = walk(nav)
    titles = page_titles()
    for page, title in titles.items():
        assert menu[page] == title, page
    every = {learn.question(g, k, lv, s).rule.partition("#")[0].removesuffix(".md")
             for g, k in ALL_KINDS for lv in learn.LEVELS for s in range(100)}
    assert every <= set(titles)
    assert rule_title("rulings.md#r7-a-lamb-led-to-the-first-trick") == "R7 a lamb led to the first trick, on Rulings"
    assert rule_title("ranking.md#lambs") == "Lambs, on Ranking"


def test_chalk_up_choices_are_drawn_and_named_by_their_words() -> None:
    # Each choice of "Chalk it up" was some 40 words differing by one: on a phone, unreadable side by side.
    # The page draws each as the chalk-up it describes; its words name the button for screen readers.
    from html import unescape

    from stytvolt.styrivolt.quiz.scoring import chalk_of_id

    q = learn.question("styrivolt", "chalk-after", 2, 5)
    r = handle({"widget": "quiz", "params": {"key": q.key}})
    assert r["ok"], r
    html = r["html"]
    # Before the hand, drawn: Team B had erased two strokes and holds a cross; Team A draws.
    before = ("Chalk-up 2. Team A: 3 of 3 strokes standing, 0 erased; holds no crosses. Team B: 1 of 3 strokes "
              "standing, 2 erased; holds one cross. Team A draws the next chalk-up.")
    assert q.context == "Scoring: the Kvívík table. Before this hand: " + before
    assert '<p class="sv-context">Scoring: the Kvívík table. Before this hand:</p>' in html
    assert f'role="img" aria-label="{before}"' in html
    buttons = re.findall(r'<button type="button" class="sv-choice sv-choice-chalk" data-choice="([^"]+)" '
                         r'aria-label="([^"]+)">(<svg .*?</svg>)</button>', html)
    assert [b[0] for b in buttons] == [c.id for c in q.choices]
    heights = set()
    for (cid, label, svg), choice in zip(buttons, q.choices):
        assert unescape(label) == choice.text and 'aria-hidden="true"' in svg
        state = chalk_of_id(cid)
        assert f">Chalk-up {state.chalkups}</text>" in svg and f">Team {'AB'[state.drawer]} draws next</text>" in svg
        for team in (0, 1):
            assert svg.count(f'class="stroke standing" data-team="{team}"') == state.standing(team)
            assert svg.count(f'<g class="cross" data-team="{team}"') == state.crosses[team]
            assert svg.count(f'<g class="monk" data-team="{team}"') == state.monks[team]
        heights.add(re.search(r'viewBox="0 0 160 (\d+)"', svg).group(1))  # type: ignore[union-attr]
    assert len(heights) == 1  # every drawing of the question is as tall as the others
    # The answer, worked by hand: B's third stroke, A having erased none: a monk's cross beside B's cross,
    # chalk-up 3 drawn by A (who holds no crosses), every stroke standing.
    right = dict((cid, svg) for cid, _, svg in buttons)[q.answer]
    assert ">Chalk-up 3</text>" in right and ">Team A draws next</text>" in right
    assert right.count('<g class="cross" data-team="1"') == 1 and right.count('<g class="monk" data-team="1"') == 1
    assert right.count("stroke standing") == 6
    # Which one is right stays in the closed answer below the choices until the reader answers.
    assert html.index('<details class="sv-quiz-explain">') < html.index('data-answer="text"')
