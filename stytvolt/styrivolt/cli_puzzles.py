"""``stytvolt puzzles``: list, show and play the published puzzles, or generate a new set.

Subcommands: ``list`` (by ``--level`` and ``--theme``), ``themes``, ``show
ID`` (``--solution`` adds the line), ``daily`` (``--date``), ``play [ID]``
(the puzzle of the day without one) and ``generate`` (``--seed``,
``--count``, ``--jobs``, ``--out``).  Playing reads one move a line: a card
(``h2``), ``hint``, ``solution`` or ``q``; a wrong card is taken back with the
defence that beats it, as on the site.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from stytvolt.core.cards import CardParseError, parse_card
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import COMPASS
from stytvolt.styrivolt.actions import Action, parse_action
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PLAYERS, TRICKS
from stytvolt.styrivolt.players import describe_action
from stytvolt.styrivolt.puzzles import LEVELS, THEMES, Puzzle, daily, doing, get_puzzle, puzzles
from stytvolt.styrivolt.site import by_suit, role_word

if TYPE_CHECKING:
    from stytvolt.cli import Commands, Output

__all__ = ["add_parser"]

_TEAMS = ("South–North", "West–East")


def add_parser(commands: "Commands") -> None:
    """Register ``puzzles`` and its subcommands among the command's own."""
    from stytvolt.cli import whole_number

    top = commands.add(
        "puzzles", help="list, show and play the puzzles (or make new ones)",
        description=(
            "The published puzzles: endings with every card face up, one goal, and one move that reaches it "
            "against any defence. You play South's and North's cards. The same puzzles are on the site's "
            "Puzzles page."
        ),
        epilog="Examples: stytvolt puzzles list --level club --theme trader; stytvolt puzzles play P0042",
    )
    verbs = commands.verbs(top)
    p = verbs.add("list", help="one line a puzzle")
    p.add_argument("--level", choices=list(LEVELS.values()), help="only this level")
    p.add_argument("--theme", choices=list(THEMES), help="only this theme")
    p.set_defaults(func=cmd_list)
    p = verbs.add("themes", help="the themes, with what each is about")
    p.set_defaults(func=cmd_themes)
    p = verbs.add("show", help="print a puzzle")
    p.add_argument("id", metavar="ID", help="the puzzle, like P0042")
    p.add_argument("--solution", action="store_true", help="print the solution too")
    p.set_defaults(func=cmd_show)
    p = verbs.add("daily", help="print the puzzle of the day")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="another day's puzzle (default today)")
    p.add_argument("--solution", action="store_true", help="print the solution too")
    p.set_defaults(func=cmd_daily)
    p = verbs.add(
        "play", help="play a puzzle (the puzzle of the day without ID)",
        description=(
            "Play a puzzle: type a card for the hand whose turn it is (h2 or ♥2; an action like 'trade H5 H7' or "
            "'play-on' when it is offered), 'hint' for the next hint, 'solution' to see the answer (a miss), "
            "q to stop. A wrong card is taken back with the defence that beats it."
        ),
    )
    p.add_argument("id", metavar="ID", nargs="?", help="the puzzle, like P0042 (default: the puzzle of the day)")
    p.set_defaults(func=cmd_play)
    p = verbs.add(
        "generate", help="make a new set of puzzles from seeds",
        description=(
            "Make puzzles from hands the computer players play, reproducibly: the same seeds and count give the "
            "same set. The published set was made with: stytvolt puzzles generate --seed 1 2 --count 170 "
            "--jobs 2 --out stytvolt/styrivolt/puzzles.json"
        ),
    )
    p.add_argument("--seed", type=whole_number(0), nargs="+", default=[1], metavar="N", help="one or more seeds (default 1)")
    p.add_argument("--count", type=whole_number(1), default=10, metavar="N", help="puzzles per seed (default 10)")
    p.add_argument("--jobs", type=whole_number(1), default=1, metavar="N", help="processes to use, one a seed (default 1)")
    p.add_argument("--out", metavar="FILE", help="write the set as the package's JSON data file")
    p.set_defaults(func=cmd_generate)


# -- printing ---------------------------------------------------------------------------------------


def _cards(state: HandState, seat: int) -> str:
    out = []
    for c in by_suit(state.ranking, state.hands[seat]):
        name = role_word(state.ranking, *state.played_as(seat, c))
        out.append(f"{c.symbol}" + (f" ({name})" if name else ""))
    return "  ".join(out) if out else "-"


def _show_state(p: Puzzle, state: HandState, out: "Output") -> None:
    a, b = state.team_tricks()
    out(f"Puzzle {p.id} · {LEVELS[p.level]} · rated {p.rating} · " + ", ".join(THEMES[t][0] for t in p.themes))
    out(f"Goal: {p.goal_text()} (you play South and North).")
    out("Chosen suits: " + " and ".join(f"{s.symbol} {s.english}" for s in state.chosen)
        + f". Tricks: South–North {a}, West–East {b}; {TRICKS - len(state.tricks)} to play.")
    face_up = [c for cards in state.exposed.values() for c in cards]
    if face_up:
        out("Face up for the traders: " + " ".join(c.symbol for c in face_up))
    for seat in (2, 1, 3, 0):
        mark = "  <- to play" if not state.is_terminal() and state.current_player() == seat else ""
        out(f"  {COMPASS[seat]:5}  {_cards(state, seat)}{mark}")
    if state.current:
        plays = ", ".join(f"{COMPASS[(state.leader + i) % PLAYERS]} {c.symbol}" for i, c in enumerate(state.current))
        out(f"In the trick: {plays}")


def _solution(p: Puzzle, out: "Output") -> None:
    s = p.state()
    steps = []
    for text in p.line:
        steps.append(f"{COMPASS[s.current_player()]} {doing(parse_action(text))}")
        s.apply(text)
    out("Solution: " + "; ".join(steps) + ".")


def cmd_list(args: argparse.Namespace, out: "Output") -> int:
    for p in puzzles(args.level, args.theme):
        out(f"{p.id}  {LEVELS[p.level]:8} {p.rating:5}  {p.goal_text():34} {', '.join(p.themes)}")
    return 0


def cmd_themes(args: argparse.Namespace, out: "Output") -> int:
    import textwrap

    for key, (title, idea) in THEMES.items():
        counts = ", ".join(f"{len(puzzles(lv, key))} {name}" for lv, name in LEVELS.items())
        out(f"{key:15} {title} ({counts})")
        out(textwrap.fill(idea, 78, initial_indent=" " * 16, subsequent_indent=" " * 16))
    return 0


def cmd_show(args: argparse.Namespace, out: "Output") -> int:
    p = get_puzzle(args.id)
    _show_state(p, p.state(), out)
    if args.solution:
        _solution(p, out)
    return 0


def cmd_daily(args: argparse.Namespace, out: "Output") -> int:
    p = daily(args.date)
    out(f"The puzzle of the day ({args.date or time.strftime('%Y-%m-%d')}):")
    _show_state(p, p.state(), out)
    if args.solution:
        _solution(p, out)
    return 0


def _parse_move(state: HandState, text: str) -> Action:
    try:
        return Action.play(parse_card(text))
    except CardParseError:
        return parse_action(text)


def cmd_play(args: argparse.Namespace, out: "Output") -> int:
    from stytvolt.cli import isatty as _isatty, read_line as _read_line

    p = get_puzzle(args.id) if args.id else daily()
    state = p.state()
    p.advance(state)
    hints = 0
    wrong = 0
    changed = True
    while not p.sure(state):
        if changed:
            _show_state(p, state, out)
            changed = False
        out.write(f"{COMPASS[state.current_player()]} to play (a card, hint, solution, q): ")
        line = _read_line(sys.stdin)
        if line and not _isatty(sys.stdin):
            out(line.strip())
        text = line.strip()
        if not line or text.lower() in ("q", "quit", "exit"):
            out("Stopped.")
            return 0
        if text.lower() in ("h", "hint"):
            if hints < 4:
                hints += 1
            out(f"Hint {hints}: {p.hints(state)[hints - 1]}")
            continue
        if text.lower() in ("s", "solution"):
            _solution(p, out)
            out("The puzzle counts as missed.")
            return 0
        try:
            action = _parse_move(state, text)
        except StytvoltError as err:
            out(f"Not a move: {err}")
            continue
        if action not in state.legal_actions():
            refused = state.refusal(action)
            out(f"{describe_action(action)} cannot be played now" + (f": {refused.render(COMPASS)}" if refused else "."))
            continue
        verdict = p.judge(state, action)
        if not verdict.ok:
            wrong += 1
            out("Not this one, taken back. " + verdict.reason.render(COMPASS, _TEAMS))
            continue
        state.apply(action)
        changed = True
        after = p.advance(state)
        out(f"Right: {describe_action(action)}." + (" Then " + "; ".join(f"{COMPASS[s]} {doing(a)}" for s, a in after) + "."
                                                 if after else ""))
    out(f"Solved: however anyone plays from here, your side will {p.goal_text()}. Wrong cards: {wrong}; hints: {hints}.")
    return 0


def _writable(path: str) -> bool:
    """Check, before any work, that ``path`` can be written: opened to append (which changes no file that is
    there); a refusal names the path and why.  Returns whether the file was made by this check."""
    if not path.strip():
        raise StytvoltError("--out needs the name of a file to write the puzzles to")
    if os.path.isdir(path):
        raise StytvoltError(f"--out {path}: that is a folder; name a file in it")
    existed = os.path.exists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as err:
        raise StytvoltError(f"--out {path}: cannot write there ({err.strerror or err})") from None
    return not existed


def cmd_generate(args: argparse.Namespace, out: "Output") -> int:
    from stytvolt.styrivolt.puzzle_gen import build, dumps

    made_file = args.out is not None and _writable(args.out)
    written = False
    try:
        started = time.perf_counter()
        made = build(args.seed, args.count, jobs=args.jobs)
        seconds = time.perf_counter() - started
        how = f"stytvolt puzzles generate --seed {' '.join(map(str, args.seed))} --count {args.count} --jobs {args.jobs}"
        if args.out is not None:
            try:
                with open(args.out, "w", encoding="utf-8") as f:
                    f.write(dumps(made, how))
            except OSError as err:
                raise StytvoltError(f"--out {args.out}: cannot write there ({err.strerror or err})") from None
            written = True
    finally:
        if made_file and not written:
            try:
                os.remove(args.out)  # the empty file the check made; nothing was written to it
            except OSError:
                pass
    for lv, name in LEVELS.items():
        out(f"{name}: {sum(1 for q in made if q.level == lv)} puzzles")
    for key in THEMES:
        out(f"  {key}: {sum(1 for q in made if key in q.themes)}")
    out(f"{len(made)} puzzles in {seconds:.0f} s ({60 * len(made) / max(seconds, 1e-9):.1f} a minute)"
        + (f"; written to {args.out}" if args.out else ""))
    return 0
