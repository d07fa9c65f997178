"""The ``stytvolt`` command: explain tricks, rankings, suit choices, words and scores, or play.

This module is the command's frame (its output, its parser, the errors, the
quiz every game with question kinds shares); each game adds its own commands
through its declaration's ``cli`` module (``add_commands``).

Every subcommand prints plain text built from the engine's own reasons, so
the terminal says what the site and the tests say.  Errors print one line,
``stytvolt: error: <message>``, on stderr and exit with status 2.  Card
symbols (♥2) are used unless ``--ascii`` is given (or the terminal cannot
print them), in which case letters (H2) and plain ASCII are printed instead.

Only the standard library is used, and nothing terminal-specific (no curses,
no readline), so the command runs unchanged in Pyodide.
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
import unicodedata
from typing import Any, Callable, NoReturn, TextIO

import stytvolt
from stytvolt import learn
from stytvolt.core import registry
from stytvolt.core.cards import parse_cards
from stytvolt.core.checks import shown, whole_text
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import COMPASS
from stytvolt.core.registry import game as game_named

__all__ = ["main", "build_parser", "CliError", "Output", "whole_number", "read_line", "isatty", "to_ascii", "DEFAULT_GAME", "Commands",
           "HINT_KEYS", "WHY_KEYS", "HELP_KEYS", "QUIT_KEYS"]

#: What a player types for each of the coach's keys (and the others), as every game's terminal reads them.
HINT_KEYS = ("h", "hint")
WHY_KEYS = ("w",)
HELP_KEYS = ("help",)
QUIT_KEYS = ("q", "quit", "exit")

PROG = "stytvolt"
#: The game a command means when it names none: the registry's first.
DEFAULT_GAME = next(iter(registry.GAME_MODULES))


class CliError(Exception):
    """A user error: printed as one line, ``stytvolt: error: <message>``, exit status 2."""


# -- output ------------------------------------------------------------------------

_ASCII_MAP = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "ð": "d", "Ð": "D", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae",
    "—": "-", "–": "-", "…": "...", "·": "-", "→": "->", "×": "x",
    "“": '"', "”": '"', "‘": "'", "’": "'", "─": "-", "│": "|",
}


def to_ascii(text: str) -> str:
    """Letters for suit symbols (♥2 → H2), and plain ASCII for everything else."""
    for uni, plain in _ASCII_MAP.items():
        text = text.replace(uni, plain)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return text.encode("ascii", "replace").decode("ascii")


def _can_print_symbols(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None)
    if encoding is None:
        return True  # an in-memory stream (io.StringIO) holds any text
    try:
        "♠♥♦♣ýóðø—".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Output:
    """Prints lines to stdout, in symbols or (``ascii``) in letters."""

    def __init__(self, ascii: bool) -> None:
        self.ascii = ascii

    def fix(self, text: str) -> str:
        return to_ascii(text) if self.ascii else text

    def __call__(self, text: str = "") -> None:
        sys.stdout.write(self.fix(text) + "\n")

    def write(self, text: str) -> None:
        sys.stdout.write(self.fix(text))
        sys.stdout.flush()

    def error(self, message: str) -> None:
        sys.stdout.flush()
        line = " ".join(message.split())  # one line, whatever the message held
        sys.stderr.write(self.fix(f"{PROG}: error: {line}") + "\n")
        sys.stderr.flush()


# -- argument parsing ------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """Refuses a bad command line as every error is refused: one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()
        where = f"{command}: " if command else ""
        line = " ".join(f"{where}{message} ({self.prog} --help says what it takes)".split())
        sys.stdout.flush()
        sys.stderr.write(f"{PROG}: error: {line}\n")
        self.exit(2)


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high`` written in the digits 0-9
    (:func:`~stytvolt.core.checks.whole_text`, the reader pages and saved data use too)."""

    def read(text: str) -> int:
        try:
            return whole_text(text, "it", low, high)
        except StytvoltError:
            upto = f" to {high:,}" if high is not None else " up"
            raise argparse.ArgumentTypeError(f"expected a whole number from {low:,}{upto}, not {shown(text)}") from None

    return read


class _Formatter(argparse.HelpFormatter):
    """Keeps the line breaks of descriptions and epilogs, and never breaks inside a hyphenated word (late-stock)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines: list[str] = []
        for line in text.splitlines():
            lead = indent + line[: len(line) - len(line.lstrip())]
            lines.extend(
                textwrap.wrap(line.strip(), width, initial_indent=lead, subsequent_indent=lead, break_on_hyphens=False)
                or [""]
            )
        return "\n".join(lines)


class Commands:
    """Adds commands to a parser's subparsers (``sub``), each taking the common options and the help's format:
    what :func:`build_parser` hands each game's ``add_commands``."""

    def __init__(self, sub: Any, common: argparse.ArgumentParser, formatter: type[argparse.HelpFormatter]) -> None:
        self.sub, self.common, self.formatter = sub, common, formatter

    def add(self, name: str, **options: Any) -> argparse.ArgumentParser:
        """The command ``name`` (``help``, ``description``, ``epilog`` as argparse takes them)."""
        parser: argparse.ArgumentParser = self.sub.add_parser(name, parents=[self.common], formatter_class=self.formatter,
                                                              **options)
        return parser

    def verbs(self, parser: argparse.ArgumentParser, dest: str = "verb") -> "Commands":
        """The subcommands of ``parser`` (``stytvolt puzzles list``), one of which must be given."""
        verbs = parser.add_subparsers(dest=dest, metavar=dest.upper())
        verbs.required = True
        return Commands(verbs, self.common, self.formatter)


def build_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument(
        "--ascii", action="store_true", default=argparse.SUPPRESS,
        help="print letters (H2) instead of suit symbols (♥2), and plain ASCII throughout",
    )
    parser = _Parser(
        prog=PROG,
        description="Stýrivolt, the Faroese trick-taking game: explain its rules, or play a game in the terminal.",
        epilog=(
            "Cards are written suit then rank: H2 or ♥2 is the two of hearts (S H D C; ranks 2-9 J Q K A, "
            "no tens).\nRun 'stytvolt COMMAND --help' for each command's options."
        ),
        parents=[common],
        formatter_class=_Formatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    commands = Commands(sub, common, _Formatter)
    games = [module for module in (info.part("cli") for info in stytvolt.games()) if module is not None]
    for module in games:  # each game's own commands, as its declaration's ``cli`` adds them
        module.add_commands(commands)

    from stytvolt import cli_table

    cli_table.add_commands(commands)  # play and review: every game at the one table, with its coach

    p = commands.add(
        "quiz", help="answer questions on the rules (the site's quiz)",
        description=(
            "Answer questions on the rules, one at a time: type the number of a choice or its text (H2, yes). "
            "A question is made from its game, kind, level and seed, so the same values ask the same question "
            "here and on the site's Practise page. Question N of a run uses seed --seed + N - 1; without "
            "--seed the first seed is random and printed with each question. Without --kind the seed also "
            "chooses the kind, as the site's 'Any kind' does. With --answers nothing is asked: each question "
            "is printed with its answer and explanation."
        ),
        epilog="Examples: stytvolt quiz --list; stytvolt quiz --kind trick-winner --level 3 --count 5 --seed 17",
    )
    p.add_argument("--game", default=DEFAULT_GAME, metavar="GAME", help=f"the game (default {DEFAULT_GAME})")
    p.add_argument("--kind", metavar="KIND", help="the question kind (see --list); default: any, chosen by the seed")
    p.add_argument("--level", type=whole_number(1, 3), default=1, metavar="1-3", help="1 easy, 2 medium, 3 hard (default 1)")
    p.add_argument("--count", type=whole_number(1, 1000), default=5, metavar="N", help="how many questions (default 5)")
    p.add_argument("--seed", type=whole_number(0, learn.MAX_SEED), metavar="N", help="the first question's seed")
    p.add_argument("--list", action="store_true", help="list the game's question kinds and stop")
    p.add_argument("--answers", action="store_true", help="print each question with its answer and explanation; ask nothing")
    p.set_defaults(func=cmd_quiz)

    from stytvolt import cli_puzzles

    cli_puzzles.add_commands(commands)  # every game's puzzles
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 fine, 2 for any error)."""
    for stream in (sys.stdout, sys.stderr):
        # A terminal that cannot show ♥ or ý gets "?" rather than a crash (--ascii prints letters instead).
        if not _can_print_symbols(stream) and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):
                pass
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
    out = Output(bool(getattr(args, "ascii", False)) or not _can_print_symbols(sys.stdout))
    func: Callable[[argparse.Namespace, Output], int] = args.func
    try:
        return func(args, out)
    except (CliError, StytvoltError) as err:  # bad cards, suits, actions, positions: the user's errors
        out.error(str(err))
        return 2
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("\nInterrupted.\n")
        return 130


def _silence_stdout() -> None:
    # The reader of a pipe went away (| head): say nothing more.
    try:
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


# -- reading the terminal (the quiz, and the games' commands that ask) --------------------------


def read_line(stdin: TextIO) -> str:
    """One line of input ('' at its end); input that is not text is refused with a clear error."""
    encoding = getattr(stdin, "encoding", None) or "the expected encoding"
    try:
        line = stdin.readline()
    except UnicodeDecodeError as err:
        raise CliError(f"the input is not text in {encoding}: byte {err.object[err.start:err.start + 1]!r} "
                       "cannot be read") from None
    bad = next((ch for ch in line if "\udc80" <= ch <= "\udcff"), None)  # bytes kept by surrogateescape
    if bad is not None:
        raise CliError(f"the input is not text in {encoding}: byte {bytes([ord(bad) - 0xDC00])!r} cannot be read")
    return line


def isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


# -- quiz -------------------------------------------------------------------------------



def _quiz_questions(args: argparse.Namespace) -> list[learn.Question]:
    if args.kind is not None:
        learn.kind_info(args.game, args.kind)  # an unknown kind is refused before anything is asked
    first = args.seed if args.seed is not None else random.randrange(1_000_000)
    if first < 0 or first + args.count - 1 > learn.MAX_SEED:
        raise CliError(f"--seed: seeds are whole numbers from 0 to {learn.MAX_SEED:,}")
    out = []
    for seed in range(first, first + args.count):
        kind = args.kind or learn.any_kind(args.game, seed)
        out.append(learn.question(args.game, kind, args.level, seed))
    return out


def _show_question(q: learn.Question, number: int, count: int, out: Output) -> None:
    info = learn.kind_info(q.game, q.kind)
    out(f"Question {number} of {count} · {info.title} · {learn.LEVEL_NAMES[q.level]}  [{q.key}]")
    if q.context:
        out(q.context)
    for row in q.rows:
        notes = row.notes or ("",) * len(row.cards)
        cards = "  ".join(c.symbol + (f" ({n})" if n else "") for c, n in zip(row.cards, notes))
        out(f"{row.label}: {cards}")
    out(q.prompt)
    for i, choice in enumerate(q.choices, 1):
        out(f"  {i}. {choice.label}")


def _show_answer(q: learn.Question, out: Output) -> None:
    out(f"The answer: {q.correct.label}")
    for line in q.explain(seats=COMPASS):
        out(textwrap.fill(line, 78, initial_indent="  - ", subsequent_indent="    "))
    out(f"The rule: {q.rule}")


def _choice_of(q: learn.Question, text: str) -> str | None:
    """The id of the choice the reader typed: its number, its id, its text, or a card (♥2, H2)."""
    given = text.strip()
    try:
        return q.choices[whole_text(given, "a choice's number", 1, len(q.choices)) - 1].id
    except StytvoltError:
        pass  # not a choice's number: perhaps its text
    folded = given.casefold()
    for choice in q.choices:
        if folded in (choice.id.casefold(), choice.text.casefold()):
            return choice.id
    if folded in ("y", "n"):
        return next((c.id for c in q.choices if c.id == {"y": "yes", "n": "no"}[folded]), None)
    try:
        card = parse_cards(given, pack=game_named(q.game).pack)  # the game's own pack: a Sjavs ten is ♥10
    except StytvoltError:
        return None
    if len(card) == 1:
        return next((c.id for c in q.choices if c.id == str(card[0]) or c.cards == (card[0],)), None)
    return None


def cmd_quiz(args: argparse.Namespace, out: Output) -> int:
    args.game = learn.game_name(args.game)  # a name, title or alias, found as stytvolt.game() finds it
    if args.list:
        for info in learn.kinds(args.game):
            out(f"{info.name:14} {info.title}")
            out(textwrap.fill(info.summary, 78, initial_indent=" " * 15, subsequent_indent=" " * 15))
        return 0
    questions = _quiz_questions(args)
    right = asked = 0
    for number, q in enumerate(questions, 1):
        if number > 1:
            out("")
        _show_question(q, number, len(questions), out)
        if args.answers:
            _show_answer(q, out)
            continue
        while True:
            out.write("Your answer (q quits): ")
            line = read_line(sys.stdin)
            if line and not isatty(sys.stdin):
                out(line.strip())  # answers read from a file or a pipe are shown, as if typed
            if not line or line.strip().lower() in ("q", "quit", "exit"):
                out("")
                out(f"You answered {right} of {asked} right." if asked else "No questions answered.")
                return 0
            chosen = _choice_of(q, line)
            if chosen is not None:
                break
            out(f"Type a number from 1 to {len(q.choices)}, or a choice as written.")
        asked += 1
        if learn.check(q, chosen):
            right += 1
            out("Right.")
        else:
            out("Not this one.")
        _show_answer(q, out)
    if not args.answers:
        out("")
        out(f"You answered {right} of {asked} right.")
    return 0


if __name__ == "__main__":  # pragma: no cover
    # ``python -m stytvolt.cli``: run the package's own module, whose errors the games' commands raise (this file,
    # run as __main__, is a second copy of it).
    from stytvolt.cli import main as package_main

    raise SystemExit(package_main())
