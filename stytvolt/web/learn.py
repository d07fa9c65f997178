"""Quizzes on the site: the ``quiz`` widget and the ``quiz-kinds`` figure, for every game with question kinds.

The engine makes the question (:func:`stytvolt.learn.question`); this module
draws it.  The drawn question holds its correct answer and explanation, so
the page gives its verdict the moment a choice is clicked, with no round
trip to the worker (``assets/quiz.mjs`` does that, keeps the streak and the
review of missed questions in local storage, and asks for the next question).

Params of the ``quiz`` widget (strings, as a page or a form holds them):

* ``kinds``: the kinds this widget asks, comma-separated (default: all of the game's);
* ``kind``: the one kind asked now, or empty for any of ``kinds`` (chosen by the seed);
* ``level``: 1, 2 or 3 (default 1);
* ``seed``: the question's seed (default 1);
* ``key``: ``game/kind/level/seed``, one exact question (overrides the above);
* ``count``: how many questions a page's short quiz asks (shown as "question 1 of 3"; default none).

Without JavaScript the question is there with its choices, and the answer
with its explanation sits in a closed ``<details>`` below it.

Choices that describe a picture are drawn as it: "Chalk it up" shows each
choice as the chalk-up it describes (and the chalk-up before the hand), the
words kept for screen readers as each button's name: a game's ``site`` draws them with :func:`pictured`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Callable, Iterable, TypeVar

import stytvolt
from stytvolt import learn
from stytvolt.core import registry
from stytvolt.core.errors import StytvoltError
from stytvolt.core.cards import Card
from stytvolt.learn import LEVEL_NAMES, LEVELS, KindInfo, Question, QuizError, Row
from stytvolt.web import DEFAULT_GAME, WIDGETS, Answer, Params, WidgetError, figure, shown, widget
from stytvolt.web.html import SEATS, TEAMS, face_svg, reasons_list

__all__ = ["question_html", "rule_href", "rule_title", "page_titles", "practise_path", "pictured", "Pictures", "register"]


def rule_href(rule: str) -> str:
    """A rule's page and anchor (``play.md#who-wins-the-trick``) as a path from the site's root (``play/#who-wins-the-trick``).

    Links carry it twice, ``data-site-path="…" href="…"``: the build hook
    makes the ``href`` relative to the page, and the browser resolves answers
    drawn later against the site's root, wherever the site is hosted.
    """
    page, _, anchor = rule.partition("#")
    page = page.removesuffix(".md")
    path = "" if page == "index" else page + "/"
    return path + (f"#{anchor}" if anchor else "")


def page_titles() -> dict[str, str]:
    """Every page a rule link may lead to, by file from ``docs/`` (``sjavs/play``), with the title the site's menu
    gives it, as each game declares its pages (the first game's at the site's root)."""
    out: dict[str, str] = {}
    for info in stytvolt.games():
        out |= {_page_path(info.name, page): title for page, title in info.pages}
    return out


def _page_path(game: str, page: str) -> str:
    return page if game == DEFAULT_GAME else f"{game}/{page}"


def _page_title(page: str) -> str | None:
    """The menu's title of one page (``sjavs/play`` → ``Playing``), asking only the game whose folder holds it."""
    folder, _, name = page.rpartition("/")
    try:
        info = stytvolt.game(folder or DEFAULT_GAME)
    except StytvoltError:
        return None
    return dict(info.pages).get(name) if _page_path(info.name, name) == page else None


# Words a heading's anchor loses letters or signs from (MkDocs keeps ASCII letters and digits only).
_ANCHOR_WORDS = {"6060": "60–60", "declarers": "declarer's", "misere": "misère"}


def _anchor_word(word: str) -> str:
    """A word of a heading's anchor as the heading writes it: a game's name by its title (``sjavs`` → ``Sjavs``,
    and ``klrsjavs``, which lost its ``ø``, → ``Klørsjavs``), asking only a game whose name it could be."""
    if word in _ANCHOR_WORDS:
        return _ANCHOR_WORDS[word]
    for name in registry.GAME_MODULES:
        if word == name or (0 < len(name) - len(word) <= 2 and set(word) <= set(name)):
            title = registry.game(name).title
            if re.sub(r"[^a-z0-9]", "", title.lower()) == word:
                return title
    return word


def rule_title(rule: str) -> str:
    """What a rule link says: its section, from the anchor, and its page (``Lambs, on Ranking``).

    A page in a game's folder names the game as the menu does
    (``Following suit, on Sjavs: Playing``).
    """
    page, _, anchor = rule.partition("#")
    page = page.removesuffix(".md")
    folder, _, name = page.rpartition("/")
    where = _page_title(page) or name.replace("-", " ").capitalize()
    if folder:
        game = _game_title(folder)
        if game not in where:
            where = f"{game}: {where}"
    if not anchor:
        return where
    words = [_anchor_word(w) for w in anchor.split("-")]
    if re.fullmatch(r"r\d+", words[0]):  # a ruling: R7 a lamb led to the first trick
        words[0] = words[0].upper()
    section = " ".join(words)
    return f"{section[:1].upper()}{section[1:]}, on {where}"


def _game_title(folder: str) -> str:
    """The title of the game whose pages sit in ``folder`` (``sjavs`` → ``Sjavs``), as the registry gives it."""
    try:
        return stytvolt.game(folder).title
    except StytvoltError:
        return folder.replace("-", " ").capitalize()


def practise_path(game: str) -> str:
    """The game's Practise page, as a path from the site's root: ``practise/`` for the first game, ``sjavs/practise/``."""
    return _page_path(game, "practise") + "/"


def _kinds(game: str, params: Params) -> list[KindInfo]:
    """The kinds this quiz asks (``kinds``: names; none: every kind), loading only their modules."""
    text = params.get("kinds", "").strip()
    if not text:
        return list(learn.kinds(game))
    every = learn.kind_names(game)
    chosen: list[str] = []
    for name in text.replace(",", " ").split():
        if name not in every:
            raise WidgetError(f"kinds: {game} has no question kind {shown(name)}; the kinds are {', '.join(every)}")
        if name not in chosen:
            chosen.append(name)
    return [learn.kind_info(game, name) for name in chosen]


def _number(params: Params, name: str, default: int, low: int, high: int) -> int:
    text = params.get(name, "").strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit()) or len(text) > 16 or not low <= int(text) <= high:
        raise WidgetError(f"{name}: expected a whole number from {low} to {high:,}, not {shown(text)}")
    return int(text)


def _pick(game: str, params: Params) -> Question:
    allowed = _kinds(game, params)
    key = params.get("key", "").strip()
    if key:  # a question coming back for review, or a permalink: game/kind/level/seed
        try:
            q = learn.parse_key(key)
        except QuizError as err:
            raise WidgetError(f"key: {err}") from None
        if q.game != game or q.kind not in {k.name for k in allowed}:
            raise WidgetError(f"key: this quiz asks {game} questions of kinds {', '.join(k.name for k in allowed)}, not {shown(key)}")
        return q
    level = _number(params, "level", 1, LEVELS[0], LEVELS[-1])
    seed = _number(params, "seed", 1, 0, learn.MAX_SEED)
    name = params.get("kind", "").strip()
    if name:
        if name not in {k.name for k in allowed}:
            raise WidgetError(f"kind: this quiz asks {', '.join(k.name for k in allowed)}, not {shown(name)}")
    else:
        # "Any kind": the seed chooses, so the four values still name the question.
        name = learn.any_kind(game, seed, [k.name for k in allowed])
    try:
        return learn.question(game, name, level, seed)
    except QuizError as err:  # pragma: no cover (every value was checked above)
        raise WidgetError(str(err)) from None


def _card_button(card: Card, note: str) -> str:
    label = card.english + (f", {note}" if note else "")
    return (
        f'<button type="button" class="sv-choice sv-choice-card" data-choice="{card}" aria-label="{escape(label)}">'
        f'{face_svg(card, card.english)}<span class="sv-card-text">{escape(card.symbol)}</span>'
        f'{f"<span class=sv-role>{escape(note)}</span>" if note else ""}</button>'
    )


def _row(row: Row) -> str:
    notes = row.notes or ("",) * len(row.cards)
    items = []
    for card, note in zip(row.cards, notes):
        if row.tap:
            items.append(f"<li>{_card_button(card, note)}</li>")
        else:
            caption = f'<span class="sv-card-text">{escape(card.symbol)}</span>' + (
                f' <span class="sv-role">{escape(note)}</span>' if note else "")
            items.append(f'<li><figure class="sv-card" data-card="{card}">{face_svg(card, card.english)}<figcaption>{caption}</figcaption></figure></li>')
    tag = "ol" if any(n for n in notes) or row.tap else "ul"
    return (
        f'<div class="sv-quiz-row"><p class="sv-quiz-label">{escape(row.label)}</p>'
        f'<{tag} class="sv-cards" aria-label="{escape(row.label)}">{"".join(items)}</{tag}></div>'
    )


@dataclass(frozen=True)
class Pictures:
    """A question whose choices are drawn: its context (with its own drawing) and each choice's drawing."""

    context: str
    choices: dict[str, str]


#: The kinds whose choices are drawn rather than written, by game and kind: each game's ``site`` adds its own.
_PICTURED: dict[tuple[str, str], Callable[[Question], Pictures]] = {}

_D = TypeVar("_D", bound=Callable[[Question], Pictures])


def pictured(game: str, kind: str) -> Callable[[_D], _D]:
    """Draw the choices of ``game``'s question kind ``kind`` as pictures: ``@pictured("g", "k")`` over
    ``def draw(question) -> Pictures``.  The words stay for screen readers: each choice's button is named by its
    text (``aria-label``)."""

    def register(fn: _D) -> _D:
        _PICTURED[(game, kind)] = fn
        return fn

    return register


def _choices(q: Question, prompt_id: str, pictures: Pictures | None = None) -> str:
    if q.taps:
        return ""
    buttons = []
    for choice in q.choices:
        if pictures is not None:
            # The drawing is hidden from screen readers; the button is named by the choice's words.
            buttons.append(
                f'<button type="button" class="sv-choice sv-choice-chalk" data-choice="{escape(choice.id)}"'
                f' aria-label="{escape(choice.text)}">{pictures.choices[choice.id]}</button>'
            )
            continue
        cards = "".join(face_svg(c, c.english) for c in choice.cards)
        faces = f'<span class="sv-choice-cards">{cards}</span>' if cards else ""
        buttons.append(
            f'<button type="button" class="sv-choice" data-choice="{escape(choice.id)}">'
            f'{faces}<span class="sv-choice-text">{escape(choice.text)}</span></button>'
        )
    drawn = " sv-choices-drawn" if pictures is not None else ""
    return f'<div class="sv-choices{drawn}" role="group" aria-labelledby="{prompt_id}">{"".join(buttons)}</div>'


def question_html(q: Question, info: KindInfo, *, number: int = 0, count: int = 0) -> str:
    """One question, ready to answer: the position, the prompt, the choices, and the answer in a closed ``<details>``."""
    pid = f"q-{q.kind}-{q.level}-{q.seed}"
    round_attrs = f' data-number="{number}" data-count="{count}"' if count else ""
    of = f"Question {number} of {count} · " if count else ""
    draw = _PICTURED.get((q.game, q.kind))
    pictures = draw(q) if draw is not None else None
    context = pictures.context if pictures is not None else (
        f'<p class="sv-context">{escape(q.context)}</p>' if q.context else "")
    rows = "".join(_row(r) for r in q.rows)
    tap = ' <span class="sv-hint">Tap the card, or Tab to it and press Enter.</span>' if q.taps else ""
    answer_text = q.correct.label
    explanation = reasons_list(q.explanation, seats=SEATS, teams=TEAMS)
    href = rule_href(q.rule)
    return (
        f'<div class="sv-quiz-q" data-key="{escape(q.key)}" data-game="{escape(q.game)}" data-kind="{escape(q.kind)}"'
        f' data-level="{q.level}" data-seed="{q.seed}" data-correct="{escape(q.answer)}"{round_attrs}>'
        f'<p class="sv-quiz-meta">{escape(of)}{escape(info.title)} · {LEVEL_NAMES[q.level]}</p>'
        f"{context}{rows}"
        f'<p class="sv-quiz-prompt" id="{pid}"><strong>{escape(q.prompt)}</strong>{tap}</p>'
        f"{_choices(q, pid, pictures)}"
        f'<p class="sv-quiz-verdict" role="status" aria-live="polite"></p>'
        f'<details class="sv-quiz-explain"><summary>The answer</summary>'
        f'<p class="sv-answer"><strong>Answer:</strong> <span data-answer="text">{escape(answer_text)}</span></p>'
        f"{explanation}"
        f'<p class="sv-quiz-rule"><a class="sv-rule" data-site-path="{escape(href)}" href="{escape(href)}">Read the rule: {escape(rule_title(q.rule))}</a></p>'
        f"</details></div>"
    )


def _options(values: Iterable[tuple[str, str]], selected: str) -> str:
    return "".join(
        f'<option value="{escape(v)}"{" selected" if v == selected else ""}>{escape(t)}</option>' for v, t in values
    )


def register(game: str) -> None:
    """Register the ``quiz`` widget and the ``quiz-kinds`` figure for ``game``, if it has question kinds and they
    are not registered yet (:mod:`stytvolt.web` calls this when the game is first asked for)."""
    if (game, "quiz") in WIDGETS or not learn.quiz_module(game):
        return

    def controls(p: Params) -> str:
        allowed = _kinds(game, p)
        parts = []
        if len(allowed) > 1:
            kinds = [("", "Any kind")] + [(k.name, k.title) for k in allowed]
            parts.append(f'<label>Question <select name="kind">{_options(kinds, p.get("kind", ""))}</select></label>')
        elif allowed:
            parts.append(f'<input type="hidden" name="kind" value="{escape(allowed[0].name)}">')
        levels = [(str(lv), LEVEL_NAMES[lv].capitalize()) for lv in LEVELS]
        parts.append(f'<label>Level <select name="level">{_options(levels, p.get("level", "") or "1")}</select></label>')
        parts.append(f'<input type="hidden" name="seed" value="{escape(p.get("seed", ""))}">')
        parts.append('<button type="submit" class="md-button md-button--primary" name="action" value="next">New question</button>')
        return "".join(parts)

    @widget(game, "quiz", title="Quiz", controls=controls)
    def answer(params: dict[str, str]) -> Answer:
        params.pop("action", None)
        q = _pick(game, params)
        count = _number(params, "count", 0, 0, 50)
        number = _number(params, "number", 1, 1, 50) if count else 0
        html = question_html(q, learn.kind_info(game, q.kind), number=min(number, count), count=count)
        return {"html": html, "set": {"seed": str(q.seed), "level": str(q.level)}}

    @figure(game, "quiz-kinds")
    def kinds_table(p: Params) -> str:
        practise = practise_path(game)
        rows = []
        for k in _kinds(game, p):
            cells = "".join(
                f'<td data-level="{lv}"><a data-site-path="{practise}?game={game}&amp;kind={k.name}&amp;level={lv}" href="{practise}?game={game}&amp;kind={k.name}&amp;level={lv}">'
                f'<span class="sv-record">not tried</span><span class="sv-visually-hidden"> at {LEVEL_NAMES[lv]} level</span></a></td>'
                for lv in LEVELS
            )
            rows.append(
                f'<tr data-game="{game}" data-kind="{k.name}"><th scope="row">{escape(k.title)}'
                f'<br><small>{escape(k.summary)}</small></th>{cells}</tr>'
            )
        head = "".join(f'<th scope="col">{LEVEL_NAMES[lv].capitalize()}</th>' for lv in LEVELS)
        return (
            f'<table class="sv-progress" data-game="{game}"><caption>Your record, question by question kind</caption>'
            f'<thead><tr><th scope="col">Question kind</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        )
