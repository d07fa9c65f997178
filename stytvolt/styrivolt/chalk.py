"""The chalk-up: how Stýrivolt is scored (pagat.com, "The Scoring").

A chalk-up is one vertical line with three cross strokes on each team's side.
A team that wins strokes erases that many of its own.  Erasing its third
stroke completes the chalk-up: the team wins a cross, or a monk's cross (worth
two) if the opponents had erased none, and a new chalk-up is drawn; strokes
beyond the three carry to it.  Only one team holds crosses at a time: a win is
counted in units (cross = 1, monk's cross = 2) and each unit first erases an
opponent's plain cross, else gelds an opponent's monk's cross (it becomes a
plain cross), and only then becomes the team's own.

Scoring keeps the whole board as an immutable :class:`ChalkState`; each
:meth:`Chalkboard.record` returns a :class:`Change` whose reasons say, in
plain English, every step that happened.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum
from typing import Any

from stytvolt.core.explain import Reason

__all__ = [
    "STROKES",
    "Result",
    "Scoring",
    "ChalkState",
    "Change",
    "Chalkboard",
    "score_of",
    "apply_result",
    "initial_state",
]

#: Cross strokes on each side of one chalk-up.
STROKES = 3

_JSON_FORMAT = "stytvolt.chalk"
_JSON_VERSION = 1


class Result(Enum):
    """What a team achieved in a deal (or, for the penalty, did wrong)."""

    ORDINARY = "ordinary"
    KEPT_IN = "kept_in"
    NINE_TRICKS = "nine_tricks"
    KEPT_IN_ALONE = "kept_in_alone"
    NINE_TRICKS_ALONE = "nine_tricks_alone"
    STOCK_PENALTY = "stock_penalty"


# The short names results go by in the CLI, on the site and in permalinks.
RESULT_WORDS: dict[str, Result] = {
    "ordinary": Result.ORDINARY,
    "kept-in": Result.KEPT_IN,
    "nine": Result.NINE_TRICKS,
    "kept-in-alone": Result.KEPT_IN_ALONE,
    "nine-alone": Result.NINE_TRICKS_ALONE,
    "penalty": Result.STOCK_PENALTY,
}


class Scoring(Enum):
    """Which score table: the seed's Kvívík table, or Parlett's Penguin one."""

    KVIVIK = "kvivik"
    PENGUIN = "penguin"


# (strokes, plain crosses, monk's crosses, to the opponents)
_TABLE: dict[Scoring, dict[Result, tuple[int, int, int, bool]]] = {
    Scoring.KVIVIK: {
        Result.ORDINARY: (1, 0, 0, False),
        Result.KEPT_IN: (2, 0, 0, False),
        Result.NINE_TRICKS: (3, 0, 0, False),
        Result.KEPT_IN_ALONE: (0, 0, 1, False),
        Result.NINE_TRICKS_ALONE: (0, 0, 2, False),
        Result.STOCK_PENALTY: (0, 0, 1, True),
    },
    Scoring.PENGUIN: {
        Result.ORDINARY: (1, 0, 0, False),
        Result.KEPT_IN: (2, 0, 0, False),
        Result.NINE_TRICKS: (3, 0, 0, False),
        Result.KEPT_IN_ALONE: (0, 1, 0, False),
        Result.NINE_TRICKS_ALONE: (0, 2, 0, False),
        Result.STOCK_PENALTY: (0, 1, 0, True),
    },
}

_VERB: dict[Result, str] = {
    Result.ORDINARY: "wins an ordinary game",
    Result.KEPT_IN: "keeps in",
    Result.NINE_TRICKS: "wins nine tricks",
    Result.KEPT_IN_ALONE: "keeps in alone",
    Result.NINE_TRICKS_ALONE: "wins nine tricks alone",
    Result.STOCK_PENALTY: "takes up the stock with no right to it",
}

_NUMBER = ("none", "one", "two", "three", "four")


def _count(n: int, one: str, many: str) -> str:
    """'one stroke', 'two strokes', '5 crosses' (words for the small numbers)."""
    word = _NUMBER[n] if 0 <= n < len(_NUMBER) else str(n)
    if n == 0:
        return f"no {many}"
    return f"{word} {one if n == 1 else many}"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def score_of(result: Result, scoring: Scoring = Scoring.KVIVIK) -> tuple[int, int, int, bool]:
    """The table: ``(strokes, crosses, monks, to_opponents)`` for one result.

    ``to_opponents`` is true for the stock penalty: it is recorded against the
    offending team but the crosses go to the other team.
    """
    if not isinstance(result, Result):
        raise ValueError(f"result must be a Result, not {result!r}")
    if not isinstance(scoring, Scoring):
        raise ValueError(f"scoring must be a Scoring, not {scoring!r}")
    return _TABLE[scoring][result]


@dataclass(frozen=True, slots=True)
class ChalkState:
    """An immutable snapshot of the slate.

    ``erased[t]`` is how many strokes team ``t`` has erased on the current
    chalk-up; ``crosses``/``monks`` the plain and monk's crosses it holds;
    ``drawer`` the team with the duty of drawing the (next) chalk-up;
    ``chalkups`` how many chalk-ups have been drawn so far.
    """

    erased: tuple[int, int] = (0, 0)
    crosses: tuple[int, int] = (0, 0)
    monks: tuple[int, int] = (0, 0)
    drawer: int = 0
    chalkups: int = 1

    def __post_init__(self) -> None:
        # A snapshot that breaks the rules is a bug somewhere: refuse it early.
        if any(not 0 <= e < STROKES for e in self.erased):
            raise ValueError(f"erased strokes must be 0..{STROKES - 1}, not {self.erased!r}")
        if any(c < 0 for c in self.crosses + self.monks):
            raise ValueError(f"crosses and monks cannot be negative: {self.crosses!r}, {self.monks!r}")
        if self.value(0) and self.value(1):
            raise ValueError("only one team at a time can hold crosses")
        if self.drawer not in (0, 1):
            raise ValueError(f"drawer must be 0 or 1, not {self.drawer!r}")
        if self.chalkups < 1:
            raise ValueError(f"at least one chalk-up is drawn, not {self.chalkups!r}")

    def value(self, team: int) -> int:
        """Crosses held by ``team``, a monk's cross counting two."""
        return self.crosses[team] + 2 * self.monks[team]

    def standing(self, team: int) -> int:
        """Strokes still standing on ``team``'s side."""
        return STROKES - self.erased[team]

    @property
    def holder(self) -> int | None:
        """The team that holds crosses, if either does."""
        for t in (0, 1):
            if self.value(t):
                return t
        return None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "erased": list(self.erased),
            "crosses": list(self.crosses),
            "monks": list(self.monks),
            "drawer": self.drawer,
            "chalkups": self.chalkups,
        }


@dataclass(frozen=True, slots=True)
class Change:
    """One record's effect: who, what, the state before and after, and why."""

    team: int
    result: Result
    before: ChalkState
    after: ChalkState
    reasons: tuple[Reason, ...]

    @property
    def text(self) -> str:
        """The reasons as plain text, one sentence a line."""
        return "\n".join(r.text for r in self.reasons)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (for the site)."""
        return {
            "team": self.team,
            "result": self.result.value,
            "before": self.before.as_dict(),
            "after": self.after.as_dict(),
            "reasons": [r.as_dict() for r in self.reasons],
        }


def _check_team(team: object, what: str = "team") -> int:
    # bool is an int subclass; True/False as a team is almost surely a mistake.
    if isinstance(team, bool) or not isinstance(team, int) or team not in (0, 1):
        raise ValueError(f"{what} must be 0 or 1, not {team!r}")
    return team


def initial_state(first_drawer: int = 0) -> ChalkState:
    """The slate before any deal: one fresh chalk-up drawn by ``first_drawer``."""
    return ChalkState(drawer=_check_team(first_drawer, "first_drawer"))


def apply_result(
    state: ChalkState,
    team: int,
    result: Result,
    *,
    scoring: Scoring = Scoring.KVIVIK,
    names: tuple[str, str] = ("A", "B"),
) -> Change:
    """Score ``result`` for ``team`` on ``state``; a pure function.

    Raises :class:`ValueError` (naming the bad value) before computing anything.
    """
    team = _check_team(team)
    if not isinstance(result, Result):
        raise ValueError(f"result must be a Result, not {result!r}")
    strokes, plain, monk, to_opp = score_of(result, scoring)

    erased = list(state.erased)
    crosses = list(state.crosses)
    monks = list(state.monks)
    drawer = state.drawer
    chalkups = state.chalkups
    reasons: list[Reason] = []
    me, opp = names[team], names[1 - team]
    verb = f"{me} {_VERB[result]}"

    # The win to share out, as pieces that keep their shape when unspent:
    # 2 = a monk's cross (two units), 1 = a plain cross.
    winner = team
    pieces: list[int] = []
    completed = False
    carry = 0

    if strokes:
        need = STROKES - erased[team]
        now = min(strokes, need)
        carry = strokes - now
        erased[team] += now
        worth = "" if carry == 0 else f" ({_count(strokes, 'stroke', 'strokes')})"
        reasons.append(Reason(
            "chalk.stroke",
            f"{verb}{worth}: {_count(now, 'stroke', 'strokes')} erased on {me}'s side.",
        ))
        if erased[team] == STROKES:
            completed = True
            other = erased[1 - team]
            if other == 0:
                pieces = [2]
                reasons.append(Reason(
                    "chalk.complete.monk",
                    f"{me}'s third stroke is erased: the chalk-up is complete; {opp} had "
                    f"erased none, so {me} wins a monk's cross (worth two crosses).",
                ))
            else:
                pieces = [1]
                reasons.append(Reason(
                    "chalk.complete.cross",
                    f"{me}'s third stroke is erased: the chalk-up is complete; {opp} had "
                    f"erased {_NUMBER[other]}, so {me} wins a cross.",
                ))
    else:
        # Crosses scored outside the chalk-up: erased strokes stay as they are.
        pieces = [2] * monk + [1] * plain
        what = ", ".join(
            p for p in (
                _count(monk, "monk's cross", "monk's crosses") if monk else "",
                _count(plain, "cross", "crosses") if plain else "",
            ) if p
        )
        if to_opp:
            winner = 1 - team
            reasons.append(Reason(
                "chalk.penalty",
                f"{verb}: the penalty is {what} to {opp}, scored outside the chalk-up; "
                f"the erased strokes stay as they are.",
            ))
        else:
            reasons.append(Reason(
                "chalk.outside",
                f"{verb}: {what}, scored outside the chalk-up; "
                f"the erased strokes stay as they are.",
            ))

    # Share the win out one unit at a time against the loser's holding.
    w, lo = winner, 1 - winner
    wn, ln = names[w], names[lo]
    gained = False
    for size in pieces:
        kind = "monk's cross" if size == 2 else "cross"
        spent = 0
        while spent < size and (crosses[lo] or monks[lo]):
            by = f"{wn}'s {kind}" if size == 1 else (
                f"Half of {wn}'s monk's cross" if spent == 0 else f"The other half of {wn}'s monk's cross"
            )
            if crosses[lo]:
                # Plain crosses go before any monk is touched (erasing from a
                # monk while plain crosses stand is impolite, says the source).
                crosses[lo] -= 1
                reasons.append(Reason("chalk.erase_cross", f"{by} erases one of {ln}'s crosses."))
            else:
                monks[lo] -= 1
                crosses[lo] += 1
                only = "a monk's cross" if monks[lo] == 0 else "monk's crosses"
                geld = "the monk" if monks[lo] == 0 else "a monk"
                lead = f"{ln} holds no plain cross, only {only}, so {wn} gelds {geld}"
                if size == 2:
                    lead = f"{ln} holds no plain cross, only {only}, so half of {wn}'s monk's cross gelds {geld}"
                reasons.append(Reason("chalk.geld", f"{lead}: it becomes a plain cross."))
            spent += 1
        left = size - spent
        if left == 0:
            continue
        gained_before, gained = gained, True
        if left == 2:
            monks[w] += 1
            own = "a monk's cross"
        else:
            crosses[w] += 1
            own = "a plain cross" if size == 2 else "a cross"
        why = f"{ln} holds no crosses" if spent == 0 else f"{ln} holds no crosses now"
        if size == 2 and left == 1:
            text = f"{_cap(why)}, so the other half of {wn}'s monk's cross is drawn as {own} of {wn}'s own."
        else:
            text = f"{_cap(why)}, so {wn} draws {'another ' + own[2:] if gained_before else own} of its own."
        reasons.append(Reason("chalk.own_cross", text))

    # The team without crosses draws; the duty passes when a team gets its own.
    if gained and drawer != 1 - w:
        drawer = 1 - w
        if not completed:
            reasons.append(Reason(
                "chalk.drawer",
                f"{wn} now holds crosses of its own, so the duty of drawing the "
                f"chalk-up passes to {names[drawer]}.",
            ))

    if completed:
        chalkups += 1
        erased = [0, 0]
        dn = names[drawer]
        if crosses[drawer] + monks[drawer] == 0 and crosses[1 - drawer] + monks[1 - drawer] == 0:
            text = f"Neither team holds a cross and {dn} keeps the duty, so {dn} draws the new chalk-up."
        else:
            text = f"{dn} has no crosses, so {dn} draws the new chalk-up."
        reasons.append(Reason("chalk.new_chalkup", text))
        if carry:
            # At most two carry, so a carry never completes a second chalk-up.
            erased[team] = carry
            carried = _count(carry, "stroke carries", "strokes carry")
            reasons.append(Reason(
                "chalk.carry",
                f"{_cap(carried)} to the new chalk-up: {_count(carry, 'stroke', 'strokes')} "
                f"erased on {me}'s side.",
            ))

    after = ChalkState(
        erased=(erased[0], erased[1]),
        crosses=(crosses[0], crosses[1]),
        monks=(monks[0], monks[1]),
        drawer=drawer,
        chalkups=chalkups,
    )
    return Change(team=team, result=result, before=state, after=after, reasons=tuple(reasons))


class Chalkboard:
    """The slate for one game: records results, explains them, can undo."""

    def __init__(
        self,
        *,
        first_drawer: int = 0,
        scoring: Scoring = Scoring.KVIVIK,
        names: tuple[str, str] = ("A", "B"),
    ) -> None:
        if not isinstance(scoring, Scoring):
            raise ValueError(f"scoring must be a Scoring, not {scoring!r}")
        if (
            not isinstance(names, tuple)
            or len(names) != 2
            or not all(isinstance(n, str) and n for n in names)
        ):
            raise ValueError(f"names must be a tuple of two non-empty strings, not {names!r}")
        self._first_drawer = _check_team(first_drawer, "first_drawer")
        self._scoring = scoring
        self._names: tuple[str, str] = (names[0], names[1])
        self._initial = initial_state(first_drawer)
        self._history: list[Change] = []

    # -- recording ---------------------------------------------------------

    def record(self, team: int, result: Result) -> Change:
        """Score ``result`` for ``team`` (for the penalty: the offending team)."""
        change = apply_result(self.state, team, result, scoring=self._scoring, names=self._names)
        self._history.append(change)
        return change

    def undo(self) -> Change:
        """Take back the last record and return it."""
        if not self._history:
            raise IndexError("nothing to undo: no result has been recorded on this chalkboard")
        return self._history.pop()

    # -- reading -----------------------------------------------------------

    @property
    def state(self) -> ChalkState:
        return self._history[-1].after if self._history else self._initial

    @property
    def history(self) -> tuple[Change, ...]:
        return tuple(self._history)

    @property
    def scoring(self) -> Scoring:
        return self._scoring

    @property
    def names(self) -> tuple[str, str]:
        return self._names

    @property
    def first_drawer(self) -> int:
        return self._first_drawer

    @property
    def drawer(self) -> int:
        """The team with the duty of drawing the (next) chalk-up."""
        return self.state.drawer

    def strokes(self, team: int) -> int:
        """Strokes still standing on ``team``'s side of the current chalk-up."""
        return self.state.standing(_check_team(team))

    def erased(self, team: int) -> int:
        return self.state.erased[_check_team(team)]

    def crosses(self, team: int) -> int:
        """Plain crosses held by ``team``."""
        return self.state.crosses[_check_team(team)]

    def monks(self, team: int) -> int:
        """Monk's crosses held by ``team``."""
        return self.state.monks[_check_team(team)]

    def value(self, team: int) -> int:
        """Crosses held by ``team``, a monk's cross counting two."""
        return self.state.value(_check_team(team))

    def leader(self) -> int | None:
        """The team holding crosses, or None when neither does."""
        return self.state.holder

    # -- persistence -------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the settings and the records (replayed on load)."""
        return {
            "format": _JSON_FORMAT,
            "version": _JSON_VERSION,
            "scoring": self._scoring.value,
            "first_drawer": self._first_drawer,
            "names": list(self._names),
            "records": [{"team": c.team, "result": c.result.value} for c in self._history],
        }

    @classmethod
    def from_json(cls, data: Any) -> Chalkboard:
        """Rebuild a board from :meth:`to_json` output; ValueError if malformed."""
        if not isinstance(data, dict):
            raise ValueError(f"chalkboard data must be a dict, not {type(data).__name__}")
        if data.get("format") != _JSON_FORMAT or data.get("version") != _JSON_VERSION:
            raise ValueError(
                f"not a {_JSON_FORMAT} v{_JSON_VERSION} record: "
                f"format={data.get('format')!r}, version={data.get('version')!r}"
            )
        try:
            scoring = Scoring(data["scoring"])
            names_raw = data["names"]
            records = data["records"]
            first_drawer = data["first_drawer"]
        except (KeyError, ValueError) as exc:
            raise ValueError(f"bad chalkboard data: {exc}") from exc
        if not isinstance(names_raw, list) or len(names_raw) != 2:
            raise ValueError(f"names must be a list of two strings, not {names_raw!r}")
        if not isinstance(records, list):
            raise ValueError(f"records must be a list, not {records!r}")
        board = cls(first_drawer=first_drawer, scoring=scoring, names=(names_raw[0], names_raw[1]))
        for i, rec in enumerate(records):
            if not isinstance(rec, dict) or "team" not in rec or "result" not in rec:
                raise ValueError(f"record {i} must have a team and a result, not {rec!r}")
            try:
                result = Result(rec["result"])
            except ValueError as exc:
                raise ValueError(f"record {i}: unknown result {rec['result']!r}") from exc
            board.record(rec["team"], result)
        return board

    # -- pictures ----------------------------------------------------------

    def _holding(self, team: int) -> str:
        s = self.state
        c, m = s.crosses[team], s.monks[team]
        if not c and not m:
            return "no crosses"
        parts = []
        if c:
            parts.append(_count(c, "cross", "crosses"))
        if m:
            parts.append(_count(m, "monk's cross", "monk's crosses"))
        worth = f", worth {s.value(team)}" if m else ""
        return " and ".join(parts) + worth

    def describe(self) -> str:
        """A text alternative for the picture: strokes, crosses and the drawer."""
        s = self.state
        parts = [f"Chalk-up {s.chalkups}."]
        for t in (0, 1):
            parts.append(
                f"{self._names[t]}: {s.standing(t)} of {STROKES} strokes standing, "
                f"{s.erased[t]} erased; holds {self._holding(t)}."
            )
        parts.append(f"{self._names[s.drawer]} draws the next chalk-up.")
        return " ".join(parts)

    def render_text(self) -> str:
        """A small ASCII drawing of the slate, readable without colour.

        ``-----`` is a standing stroke, ``. . .`` an erased one, ``x`` a
        cross and ``#`` a monk's cross (a cross with two transversals).
        """
        s = self.state
        na, nb = self._names
        width = max(7, len(na), len(nb))
        standing, gone = "-" * width, ". . . . . . . . "[:width]
        lines = [f"Chalk-up no. {s.chalkups}"]
        lines.append(f"  {na:>{width}} | {nb:<{width}}")
        for i in range(STROKES):
            # Strokes are erased from the top, as is usual on the slate.
            left = gone if i < s.erased[0] else standing
            right = gone if i < s.erased[1] else standing
            lines.append(f"  {left:>{width}} | {right:<{width}}")
        lines.append(f"  {'':>{width}} |")
        for t in (0, 1):
            marks = " ".join(["x"] * s.crosses[t] + ["#"] * s.monks[t]) or "-"
            lines.append(f"{self._names[t]} crosses: {marks}  ({self._holding(t)})")
        lines.append(
            f"Standing strokes: {na} {s.standing(0)}, {nb} {s.standing(1)}. "
            f"{self._names[s.drawer]} draws the next chalk-up."
        )
        lines.append(
            f"Key: {standing} standing stroke, {gone.strip()} erased stroke, "
            "x cross, # monk's cross (two crosses)"
        )
        return "\n".join(lines)

    def to_svg(self, *, title: str | None = None, id_prefix: str | None = None) -> str:
        """A self-contained, accessible SVG of the slate.

        Standing strokes are solid; erased ones faint *and* dashed, so the
        difference is not carried by colour alone.  Everything is drawn in
        ``currentColor`` so it follows the page's light or dark theme.  Output
        is deterministic; ids derive from the content unless ``id_prefix`` is given.
        """
        s = self.state
        desc = self.describe()
        heading = title if title is not None else "Stýrivolt chalk-up"
        pid = id_prefix or "chalk-" + hashlib.sha1(
            (heading + "\n" + desc).encode("utf-8")
        ).hexdigest()[:10]

        width, mid = 260, 130
        top, gap = 34, 22
        line_bottom = top + STROKES * gap + 6
        per_row, step = 4, 24
        rows = max(1, max(-(-(s.crosses[t] + s.monks[t]) // per_row) for t in (0, 1)))
        cross_top = line_bottom + 14
        height = cross_top + rows * step + 26

        out: list[str] = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" '
            f'aria-labelledby="{pid}-title {pid}-desc" fill="none" stroke="currentColor" '
            f'stroke-linecap="round" style="color: inherit">',
            f'<title id="{pid}-title">{_esc(heading)}</title>',
            f'<desc id="{pid}-desc">{_esc(desc)}</desc>',
            f'<g fill="currentColor" stroke="none" font-family="sans-serif" font-size="14" '
            f'text-anchor="middle" aria-hidden="true">',
            f'<text x="{mid - 45}" y="20">{_esc(self._names[0])}</text>',
            f'<text x="{mid + 45}" y="20">{_esc(self._names[1])}</text>',
            "</g>",
            f'<line class="vertical" x1="{mid}" y1="{top - 8}" x2="{mid}" y2="{line_bottom}" '
            f'stroke-width="3"/>',
        ]
        for t in (0, 1):
            x1, x2 = (mid - 80, mid - 10) if t == 0 else (mid + 10, mid + 80)
            for i in range(STROKES):
                y = top + i * gap + gap // 2
                if i < s.erased[t]:
                    out.append(
                        f'<line class="stroke erased" data-team="{t}" x1="{x1}" y1="{y}" '
                        f'x2="{x2}" y2="{y}" stroke-width="2" stroke-opacity="0.3" '
                        f'stroke-dasharray="4 5"/>'
                    )
                else:
                    out.append(
                        f'<line class="stroke standing" data-team="{t}" x1="{x1}" y1="{y}" '
                        f'x2="{x2}" y2="{y}" stroke-width="4"/>'
                    )
            marks = ["cross"] * s.crosses[t] + ["monk"] * s.monks[t]
            for k, kind in enumerate(marks):
                col, row = k % per_row, k // per_row
                cx = (mid - 22 - col * step) if t == 0 else (mid + 22 + col * step)
                cy = cross_top + row * step + 8
                out.append(_mark(kind, t, cx, cy))
        out.append(
            f'<text x="{mid}" y="{height - 8}" fill="currentColor" stroke="none" '
            f'font-family="sans-serif" font-size="12" text-anchor="middle" aria-hidden="true">'
            f'{_esc(self._names[s.drawer])} draws the next chalk-up</text>'
        )
        out.append("</svg>")
        return "\n".join(out)

    def __repr__(self) -> str:
        s = self.state
        return (
            f"Chalkboard(erased={s.erased}, crosses={s.crosses}, monks={s.monks}, "
            f"drawer={s.drawer}, chalkups={s.chalkups}, scoring={self._scoring.name})"
        )


def _mark(kind: str, team: int, cx: int, cy: int) -> str:
    """An X; a monk's cross adds two transversals across it."""
    r = 8
    parts = [
        f'<g class="{kind}" data-team="{team}" stroke-width="2.5">',
        f'<line x1="{cx - r}" y1="{cy - r}" x2="{cx + r}" y2="{cy + r}"/>',
        f'<line x1="{cx + r}" y1="{cy - r}" x2="{cx - r}" y2="{cy + r}"/>',
    ]
    if kind == "monk":
        for dy in (-4, 4):
            parts.append(f'<line x1="{cx - r - 2}" y1="{cy + dy}" x2="{cx + r + 2}" y2="{cy + dy}"/>')
    parts.append("</g>")
    return "".join(parts)


def _esc(text: str) -> str:
    # Own escaping: keeps the module free of imports Pyodide might trim.
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )
