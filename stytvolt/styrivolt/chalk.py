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

This module decides the rules only.  It never names a team: every reason
speaks of :class:`~stytvolt.core.explain.Team` arguments, and the caller
renders them with its own names (``change.render(teams=("A", "B"))``).  The
pictures of the slate (text and SVG) live in :mod:`stytvolt.styrivolt.site.chalk`; the chalk-up in
words (:func:`chalk_description`), with the team names it is given, is here, for the quiz and the
pictures alike.

A recorded result is written ``A:kept-in`` everywhere (the CLI, the site,
permalinks): :func:`parse_record`, :func:`parse_records` and
:func:`record_text` read and write that one grammar.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Sequence

from stytvolt.core.errors import InvalidPosition, InvalidRules, ParseError, StytvoltError, type_name
from stytvolt.core.explain import TEAM_LETTERS, Names, Reason, Team
from stytvolt.core.explain import render as _render_reasons

__all__ = [
    "chalk_description",
    "checked_chalk",
    "holding_words",
    "STROKES",
    "RESULT_WORDS",
    "Result",
    "Scoring",
    "ChalkState",
    "Change",
    "Chalkboard",
    "score_of",
    "points",
    "apply_result",
    "initial_state",
    "parse_record",
    "parse_records",
    "record_text",
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

# Other spellings a reader may type: the enum values with hyphens, and a few more.
_RESULT_ALIASES: dict[str, Result] = {
    **{r.value.replace("_", "-"): r for r in Result},
    "nine-tricks": Result.NINE_TRICKS,
    "nine-tricks-alone": Result.NINE_TRICKS_ALONE,
    "keptin": Result.KEPT_IN,
    "vol": Result.KEPT_IN,
    "stock-penalty": Result.STOCK_PENALTY,
}

_WORD_OF: dict[Result, str] = {r: w for w, r in RESULT_WORDS.items()}


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


def count_words(n: int, one: str, many: str) -> str:
    """'one stroke', 'two strokes', '5 crosses' (words for the small numbers)."""
    word = _NUMBER[n] if 0 <= n < len(_NUMBER) else str(n)
    if n == 0:
        return f"no {many}"
    return f"{word} {one if n == 1 else many}"


def _check_result(result: object) -> Result:
    if not isinstance(result, Result):
        raise InvalidPosition(f"result must be a Result, not {result!r}")
    return result


def _check_scoring(scoring: object) -> Scoring:
    if not isinstance(scoring, Scoring):
        raise InvalidRules(f"scoring must be a Scoring, not {scoring!r}")
    return scoring


def _check_team(team: object, what: str = "team") -> int:
    # bool is an int subclass; True/False as a team is almost surely a mistake.
    if isinstance(team, bool) or not isinstance(team, int) or team not in (0, 1):
        raise InvalidPosition(f"{what} must be 0 or 1, not {team!r}")
    return team


def score_of(result: Result, scoring: Scoring = Scoring.KVIVIK) -> tuple[int, int, int, bool]:
    """The table: ``(strokes, crosses, monks, to_opponents)`` for one result.

    ``to_opponents`` is true for the stock penalty: it is recorded against the
    offending team but the crosses go to the other team.
    """
    return _TABLE[_check_scoring(scoring)][_check_result(result)]


def points(result: Result, scoring: Scoring = Scoring.KVIVIK) -> int:
    """A result's worth in strokes, for a hand's ``returns()``.

    A cross is worth the three strokes that win it, a monk's cross two
    crosses.  Derived from :func:`score_of`, so the two cannot disagree.
    (For the stock penalty this is what the offender's opponents receive.)
    """
    strokes, crosses, monks, _ = score_of(result, scoring)
    return strokes + STROKES * (crosses + 2 * monks)


# -- the one grammar of a recorded result: A:kept-in ------------------------------------

_EXPECTED = (
    f"expected TEAM:RESULT like A:kept-in, with TEAM A or B and RESULT one of {', '.join(RESULT_WORDS)}"
)


def _shown(token: str, limit: int = 24) -> str:
    """A bad token as quoted in a message, cut short when it is long."""
    return repr(token if len(token) <= limit else token[:limit] + "…")


def parse_record(token: str) -> tuple[int, Result]:
    """Read one recorded result: ``A:kept-in`` → ``(0, Result.KEPT_IN)``.

    The team is A or B (any case); ``:`` or ``=`` separates it from the
    result, one of :data:`RESULT_WORDS` or an alias (``nine-tricks``,
    ``kept_in``, ``vol``, ``stock-penalty`` …; any case, ``_`` or a space for
    ``-``).  Anything else raises :class:`~stytvolt.core.errors.ParseError`
    naming the token and what was expected.
    """
    if not isinstance(token, str):
        raise ParseError(f"a result is written as text like A:kept-in, not {type_name(token)}")
    team_text, sep, result_text = token.partition(":")
    if not sep:
        team_text, sep, result_text = token.partition("=")
    team = {"a": 0, "b": 1}.get(team_text.strip().lower())
    key = result_text.strip().lower().replace("_", "-").replace(" ", "-")
    result = RESULT_WORDS.get(key) or _RESULT_ALIASES.get(key)
    if not sep or team is None or result is None:
        raise ParseError(f"bad result {_shown(token)}: {_EXPECTED}")
    return team, result


def parse_records(text: str, limit: int = 200) -> list[tuple[int, Result]]:
    """Read a space-separated list of results (``"B:ordinary A:kept-in"``); at most ``limit`` of them."""
    if not isinstance(text, str):
        raise ParseError(f"results are written as text like 'B:ordinary A:kept-in', not {type_name(text)}")
    tokens = text.split()
    if len(tokens) > limit:
        raise ParseError(f"too many results: {len(tokens)} given, at most {limit} can be recorded at once")
    return [parse_record(t) for t in tokens]


def record_text(team: int, result: Result) -> str:
    """One recorded result as :func:`parse_record` reads it: ``(0, Result.KEPT_IN)`` → ``A:kept-in``."""
    return f"{'AB'[_check_team(team)]}:{_WORD_OF[_check_result(result)]}"


# -- the slate ----------------------------------------------------------------------------


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
            raise InvalidPosition(f"erased strokes must be 0..{STROKES - 1}, not {self.erased!r}")
        if any(c < 0 for c in self.crosses + self.monks):
            raise InvalidPosition(f"crosses and monks cannot be negative: {self.crosses!r}, {self.monks!r}")
        if self.value(0) and self.value(1):
            raise InvalidPosition("only one team at a time can hold crosses")
        if self.drawer not in (0, 1):
            raise InvalidPosition(f"drawer must be 0 or 1, not {self.drawer!r}")
        if self.chalkups < 1:
            raise InvalidPosition(f"at least one chalk-up is drawn, not {self.chalkups!r}")

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

    def render(self, teams: Names = None) -> str:
        """The reasons as plain text, one sentence a line, the teams called by ``teams``
        (a pair of names, or a function of the team number; default "team A", "team B")."""
        return _render_reasons(self.reasons, teams=teams)

    @property
    def text(self) -> str:
        """The reasons as plain text with the default team names, one sentence a line."""
        return self.render()

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (for the site)."""
        return {
            "team": self.team,
            "result": self.result.value,
            "before": self.before.as_dict(),
            "after": self.after.as_dict(),
            "reasons": [r.as_dict() for r in self.reasons],
        }


def initial_state(first_drawer: int = 0) -> ChalkState:
    """The slate before any deal: one fresh chalk-up drawn by ``first_drawer``."""
    return ChalkState(drawer=_check_team(first_drawer, "first_drawer"))


def apply_result(
    state: ChalkState,
    team: int,
    result: Result,
    *,
    scoring: Scoring = Scoring.KVIVIK,
) -> Change:
    """Score ``result`` for ``team`` on ``state``; a pure function.

    Raises :class:`~stytvolt.core.errors.InvalidPosition` (a ValueError naming
    the bad value) before computing anything.
    """
    team = _check_team(team)
    strokes, plain, monk, to_opp = score_of(_check_result(result), scoring)

    erased = list(state.erased)
    crosses = list(state.crosses)
    monks = list(state.monks)
    drawer = state.drawer
    chalkups = state.chalkups
    reasons: list[Reason] = []
    me, opp = Team(team), Team(1 - team)
    verb = _VERB[result]

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
        worth = "" if carry == 0 else f" ({count_words(strokes, 'stroke', 'strokes')})"
        reasons.append(Reason.of(
            "chalk.stroke",
            "{team} {verb}{worth}: {erased} erased on {team}'s side.",
            team=me, verb=verb, worth=worth, erased=count_words(now, "stroke", "strokes"),
        ))
        if erased[team] == STROKES:
            completed = True
            other = erased[1 - team]
            if other == 0:
                pieces = [2]
                reasons.append(Reason.of(
                    "chalk.complete.monk",
                    "{team}'s third stroke is erased: the chalk-up is complete; {opponents} had "
                    "erased none, so {team} wins a monk's cross (worth two crosses).",
                    team=me, opponents=opp,
                ))
            else:
                pieces = [1]
                reasons.append(Reason.of(
                    "chalk.complete.cross",
                    "{team}'s third stroke is erased: the chalk-up is complete; {opponents} had "
                    "erased {erased}, so {team} wins a cross.",
                    team=me, opponents=opp, erased=_NUMBER[other],
                ))
    else:
        # Crosses scored outside the chalk-up: erased strokes stay as they are.
        pieces = [2] * monk + [1] * plain
        what = ", ".join(
            p for p in (
                count_words(monk, "monk's cross", "monk's crosses") if monk else "",
                count_words(plain, "cross", "crosses") if plain else "",
            ) if p
        )
        if to_opp:
            winner = 1 - team
            reasons.append(Reason.of(
                "chalk.penalty",
                "{team} {verb}: the penalty is {what} to {opponents}, scored outside the chalk-up; "
                "the erased strokes stay as they are.",
                team=me, verb=verb, what=what, opponents=opp,
            ))
        else:
            reasons.append(Reason.of(
                "chalk.outside",
                "{team} {verb}: {what}, scored outside the chalk-up; "
                "the erased strokes stay as they are.",
                team=me, verb=verb, what=what,
            ))

    # Share the win out one unit at a time against the loser's holding.
    w, lo = winner, 1 - winner
    wt, lt = Team(w), Team(lo)
    gained = False
    for number, size in enumerate(pieces):
        kind = "monk's cross" if size == 2 else "cross"
        # A win of two pieces names its second one so, never as though it were a third.
        whose = "{winner}'s second " if number else "{winner}'s "
        spent = 0
        while spent < size and (crosses[lo] or monks[lo]):
            by = whose + kind if size == 1 else (
                "Half of " + whose + "monk's cross" if spent == 0 else "The other half of " + whose + "monk's cross"
            )
            if crosses[lo]:
                # Plain crosses go before any monk is touched (erasing from a
                # monk while plain crosses stand is impolite, says the source).
                crosses[lo] -= 1
                reasons.append(
                    Reason.of("chalk.erase_cross", by + " erases one of {loser}'s crosses.", winner=wt, loser=lt)
                )
            else:
                monks[lo] -= 1
                crosses[lo] += 1
                only = "a monk's cross" if monks[lo] == 0 else "monk's crosses"
                geld = "the monk" if monks[lo] == 0 else "a monk"
                gelder = "{winner}" if size != 2 else "half of " + whose + "monk's cross"
                reasons.append(Reason.of(
                    "chalk.geld",
                    "{loser} holds no plain cross, only " + only + ", so " + gelder + " gelds " + geld
                    + ": it becomes a plain cross.",
                    winner=wt, loser=lt,
                ))
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
        # The cross won is the one drawn: the words never make a second cross of it.
        if size == 2 and left == 1:
            template = (
                "{loser} holds no crosses now, so the other half of " + whose + "monk's cross is drawn as "
                + own + " on {winner}'s side."
            )
        else:
            template = ("{loser} holds no crosses to erase, so " + whose + kind + " is drawn on {winner}'s side"
                        + (" too." if gained_before else "."))
        reasons.append(Reason.of("chalk.own_cross", template, winner=wt, loser=lt))

    # The team without crosses draws; the duty passes when a team gets its own.
    if gained and drawer != 1 - w:
        drawer = 1 - w
        if not completed:
            reasons.append(Reason.of(
                "chalk.drawer",
                "{winner} now holds crosses of its own, so the duty of drawing the "
                "chalk-up passes to {drawer}.",
                winner=Team(w), drawer=Team(drawer),
            ))

    if completed:
        chalkups += 1
        erased = [0, 0]
        if crosses[drawer] + monks[drawer] == 0 and crosses[1 - drawer] + monks[1 - drawer] == 0:
            template = "Neither team holds a cross and {drawer} keeps the duty, so {drawer} draws the new chalk-up."
        else:
            template = "{drawer} has no crosses, so {drawer} draws the new chalk-up."
        reasons.append(Reason.of("chalk.new_chalkup", template, drawer=Team(drawer)))
        if carry:
            # At most two carry, so a carry never completes a second chalk-up.
            erased[team] = carry
            reasons.append(Reason.of(
                "chalk.carry",
                "{carried} to the new chalk-up: {erased} erased on {team}'s side.",
                carried=count_words(carry, "stroke carries", "strokes carry"),
                erased=count_words(carry, "stroke", "strokes"),
                team=me,
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
    ) -> None:
        self._scoring = _check_scoring(scoring)
        self._first_drawer = _check_team(first_drawer, "first_drawer")
        self._initial = initial_state(first_drawer)
        self._history: list[Change] = []

    # -- recording ---------------------------------------------------------

    def record(self, team: int, result: Result) -> Change:
        """Score ``result`` for ``team`` (for the penalty: the offending team)."""
        change = apply_result(self.state, team, result, scoring=self._scoring)
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
            "records": [{"team": c.team, "result": c.result.value} for c in self._history],
        }

    @classmethod
    def from_json(cls, data: Any) -> Chalkboard:
        """Rebuild a board from :meth:`to_json` output; InvalidPosition (a ValueError) if malformed.

        Older records also carry the teams' ``"names"``; they are ignored (the
        caller names the teams when it renders).
        """
        if not isinstance(data, dict):
            raise InvalidPosition(f"chalkboard data must be a dict, not {type(data).__name__}")
        if data.get("format") != _JSON_FORMAT or data.get("version") != _JSON_VERSION:
            raise InvalidPosition(
                f"not a {_JSON_FORMAT} v{_JSON_VERSION} record: "
                f"format={data.get('format')!r}, version={data.get('version')!r}"
            )
        try:
            scoring = Scoring(data["scoring"])
            records = data["records"]
            first_drawer = data["first_drawer"]
        except (KeyError, ValueError) as exc:
            raise InvalidPosition(f"bad chalkboard data: {exc}") from exc
        if not isinstance(records, list):
            raise InvalidPosition(f"records must be a list, not {records!r}")
        board = cls(first_drawer=first_drawer, scoring=scoring)
        for i, rec in enumerate(records):
            if not isinstance(rec, dict) or "team" not in rec or "result" not in rec:
                raise InvalidPosition(f"record {i} must have a team and a result, not {rec!r}")
            try:
                result = Result(rec["result"])
            except ValueError as exc:
                raise InvalidPosition(f"record {i}: unknown result {rec['result']!r}") from exc
            board.record(rec["team"], result)
        return board

    def __repr__(self) -> str:
        s = self.state
        return (
            f"Chalkboard(erased={s.erased}, crosses={s.crosses}, monks={s.monks}, "
            f"drawer={s.drawer}, chalkups={s.chalkups}, scoring={self._scoring.name})"
        )


# -- the chalk-up in words (the quiz's, and every drawing's text alternative) ---------------------------------


def checked_chalk(state: object, names: object) -> tuple[ChalkState, tuple[str, str]]:
    if not isinstance(state, ChalkState):
        raise InvalidPosition(f"a chalk-up is drawn from a ChalkState, not {type_name(state)}")
    if (
        isinstance(names, str)
        or not isinstance(names, Sequence)
        or len(names) != 2
        or not all(isinstance(n, str) and n for n in names)
    ):
        raise StytvoltError(f"names must be two non-empty strings, not {names!r}")
    return state, (names[0], names[1])


def holding_words(state: ChalkState, team: int) -> str:
    c, m = state.crosses[team], state.monks[team]
    if not c and not m:
        return "no crosses"
    parts = []
    if c:
        parts.append(count_words(c, "cross", "crosses"))
    if m:
        parts.append(count_words(m, "monk's cross", "monk's crosses"))
    worth = f", worth {state.value(team)}" if m else ""
    return " and ".join(parts) + worth


def chalk_description(state: ChalkState, names: Sequence[str] = TEAM_LETTERS) -> str:
    """A text alternative for the picture: strokes, crosses and the drawer."""
    s, names = checked_chalk(state, names)
    parts = [f"Chalk-up {s.chalkups}."]
    for t in (0, 1):
        parts.append(
            f"{names[t]}: {s.standing(t)} of {STROKES} strokes standing, "
            f"{s.erased[t]} erased; holds {holding_words(s, t)}."
        )
    parts.append(f"{names[s.drawer]} draws the next chalk-up.")
    return " ".join(parts)
