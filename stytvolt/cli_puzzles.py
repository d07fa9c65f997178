"""``stytvolt puzzles``: every game's published puzzles in a terminal, listed, shown, solved and played.

Subcommands: ``list`` (narrowed by ``--game``, ``--theme`` and ``--level``),
``themes`` (each game's themes with what each is about), ``show ID`` (the
position in words: every hand, what lies on the table, whose turn, the goal,
the level and the themes), ``solve ID`` (the solution, move by move, in the
game's words), ``daily`` (a game's puzzle of the day) and ``play ID``: the
reader types the moves of the side to solve for; a wrong one is taken back
and answered by the whole line by which the defence shows it misses
(:func:`stytvolt.analysis.puzzles.refutation`), a right one by the defence's
most stubborn replies, until the goal is sure.

Everything here is read from the one puzzle format
(:mod:`stytvolt.analysis.puzzles`) and from each game's declarations: its
puzzle part (themes, goal) and its table's :class:`~stytvolt.web.kinds.Kind`
(how its hands are sorted, what lies on its table, its actions in words).
Nothing names a game: the games listed are those that declare a puzzle part,
as the puzzle room lists them.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import Any, Sequence

from stytvolt.analysis import puzzles as core
from stytvolt.analysis.coach import amount, said
from stytvolt.cli import HELP_KEYS, HINT_KEYS, QUIT_KEYS, CliError, Commands, Output, isatty, read_line
from stytvolt.cli_table import WIDTH, wrapped
from stytvolt.core import registry
from stytvolt.core.cards import Card, parse_cards
from stytvolt.core.checks import shown
from stytvolt.core.errors import StytvoltError
from stytvolt.core.protocol import GameInfo
from stytvolt.web.kinds import Kind, Words, playable, seat_names, trump_of

__all__ = ["add_commands", "games", "position_lines", "move_words", "line_lines", "refutation_lines"]

#: What a player types to see the solution (the puzzle then counts as missed).
SOLUTION_KEYS = ("s", "solution")


def add_commands(commands: Commands) -> None:
    """Add ``puzzles`` and its subcommands."""
    top = commands.add(
        "puzzles", help="list, show, solve and play the puzzles of every game",
        description=(
            "The published puzzles of every game: positions of the card play with every card face up, a goal, and "
            "one move that reaches it against any defence, with one answer at each later turn too. The same puzzles "
            "are on the site's Puzzles pages."
        ),
        epilog="Examples: stytvolt puzzles list --game knorri --theme must-beat; stytvolt puzzles play K0114",
    )
    verbs = commands.verbs(top)
    p = verbs.add("list", help="one line a puzzle: id, game, level, rating, themes, goal")
    p.add_argument("--game", metavar="GAME", help="only this game's puzzles")
    p.add_argument("--theme", metavar="THEME", help="only this theme (stytvolt puzzles themes lists them)")
    p.add_argument("--level", metavar="LEVEL", help="only this level: 1, 2, 3 or beginner, club, expert")
    p.set_defaults(func=cmd_list)
    p = verbs.add("themes", help="each game's themes, with what each is about")
    p.add_argument("--game", metavar="GAME", help="only this game's themes")
    p.set_defaults(func=cmd_themes)
    p = verbs.add("show", help="print a puzzle's position in words")
    p.add_argument("id", metavar="ID", help="the puzzle, like K0114")
    p.set_defaults(func=cmd_show)
    p = verbs.add("solve", help="print a puzzle's solution in words")
    p.add_argument("id", metavar="ID", help="the puzzle, like K0114")
    p.set_defaults(func=cmd_solve)
    p = verbs.add("daily", help="print a game's puzzle of the day")
    p.add_argument("--game", metavar="GAME", help="the game (default: the first with puzzles)")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="another day's puzzle (default today)")
    p.set_defaults(func=cmd_daily)
    p = verbs.add(
        "play", help="play a puzzle",
        description=(
            "Play a puzzle: at each turn of your side with a choice, type a card (h2 or ♥2), an action as the game "
            "writes it ('pick up') or the number of a choice; 'hint' for the next hint, 'solution' to see the "
            "answer (the puzzle then counts as missed), q to stop. A wrong move is taken back with the whole line "
            "by which the defence shows it misses the goal."
        ),
    )
    p.add_argument("id", metavar="ID", help="the puzzle, like K0114")
    p.set_defaults(func=cmd_play)


# -- the games, the filters --------------------------------------------------------------------------------------


def games() -> list[GameInfo]:
    """The games with puzzles, in the registry's order (the puzzle room's list,
    :func:`stytvolt.web.puzzles.puzzle_games`)."""
    from stytvolt.web.puzzles import puzzle_games

    return [registry.game(name) for name in puzzle_games()]


def _game(name: str) -> GameInfo:
    info = registry.game(name)  # an unknown game is refused naming the games
    if info.name not in {g.name for g in games()}:
        raise CliError(f"{info.title} has no puzzles yet; the games with puzzles: {_titles()}")
    return info


def _titles() -> str:
    return ", ".join(g.title for g in games()) or "none"


def _kind(game: str) -> Kind:
    from stytvolt.web.table import kind_of

    return kind_of(game)


# -- the words -------------------------------------------------------------------------------------------------


def _names(state: Any) -> tuple[str, ...]:
    return seat_names(state.num_players)


def _words(kind: Kind, state: Any) -> Words:
    """The table's words for ``state``: the seats as the table names them, the sides by their seats."""
    from stytvolt.web.table import scene_of

    return scene_of(kind.game, state).words


def _theme_names(p: core.Puzzle) -> str:
    known = core.themes(p.game)
    return ", ".join(known[t][0] for t in p.themes if t in known) or "none"


def _heading(p: core.Puzzle) -> str:
    return f"Puzzle {p.id} · {p.info.title} · {p.level_name} · rated {p.rating} · themes: {_theme_names(p)}"


def _hand(kind: Kind, state: Any, seat: int) -> str:
    cards = kind.order(state, playable(state, seat))
    out = []
    for card in cards:
        word = kind.card_role(state, card)[1] if kind.card_role is not None else (
            "trump" if kind.is_trump(state, card) else "")
        out.append(card.symbol + (f" ({word})" if word else ""))
    return "  ".join(out) or "no cards"


def _facts(kind: Kind, state: Any) -> list[tuple[str, str]]:
    names = _names(state)
    rows: list[tuple[str, str]] = []
    declarer = getattr(state, "declarer", None)
    if isinstance(declarer, int) and not isinstance(declarer, bool) and 0 <= declarer < len(names):
        bid = getattr(state, "bid", None)
        rows.append(("Declarer", names[declarer] + (f" ({getattr(bid, 'title', bid)})" if bid is not None else "")))
    trump = trump_of(state)
    if trump is not None:
        rows.append(("Trumps", f"{trump.symbol} {trump.english}"))
    elif kind.standing_trumps(state):
        rows.append(("Trumps", kind.standing_trumps(state)))
    if kind.tally is not None:
        rows += list(kind.tally(state, _words(kind, state)))
    else:
        won = [0] * state.num_players
        for trick in kind.tricks(state):
            won[trick[2]] += 1
        rows.append(("Tricks won", ", ".join(f"{names[s]} {won[s]}" for s in range(state.num_players))))
    return rows


def _felt(kind: Kind, state: Any) -> list[str]:
    names = _names(state)
    if kind.felt is not None:
        title, rows, notes = kind.felt(state, _words(kind, state))
        lines = [title if rows else _sentence(title)]
        lines += [wrapped(f"{label}: {' '.join(c.symbol for c in cards) or 'none'}", "  ") for label, cards in rows]
        return lines + [wrapped(note, "  ") for note in notes]
    plays = kind.trick_so_far(state)
    if not plays:
        return ["No card lies in the trick."]
    return [wrapped("The trick so far: " + ", ".join(f"{names[seat]} {card.symbol if card is not None else 'passes'}"
                                                   for seat, card in plays))]


def position_lines(p: core.Puzzle, state: Any | None = None) -> list[str]:
    """A puzzle's position in words (``state``: a position on its line, else its start): the heading (id, game,
    level, rating, themes), the goal, the facts of the hand, every hand, what lies on the table, and whose turn."""
    state = p.state() if state is None else state
    kind = _kind(p.game)
    names = _names(state)
    lines = [_heading(p), wrapped(f"Goal: {p.goal}")]
    lines += [wrapped(f"{term}: {words}") for term, words in _facts(kind, state)]
    width = max(len(n) for n in names)
    mover = state.current_player() if not state.is_terminal() else -1
    lines.append("Hands:")
    for seat, name in enumerate(names):
        rows = textwrap.wrap(_hand(kind, state, seat), WIDTH, initial_indent=f"  {name:{width}}  ",
                             subsequent_indent=" " * (width + 4), break_on_hyphens=False)
        if seat == mover:  # the mark kept whole, on the hand's last line where it fits
            if len(rows[-1]) + len("  <- to play") <= WIDTH:
                rows[-1] += "  <- to play"
            else:
                rows.append(" " * (width + 4) + "<- to play")
        lines += rows
    lines += _felt(kind, state)
    if mover >= 0:
        lines.append(f"{names[mover]} to play.")
    return lines


def move_words(game: str, state: Any, text: str) -> str:
    """The action ``text`` of the seat to move in ``state`` (the position before it) as the table's log says it
    ("South plays ♦Q.", :func:`stytvolt.web.table.move_words`), without the full stop."""
    from stytvolt.web.table import move_words as logged, scene_of

    action = next((a for a in state.legal_actions() if str(a) == text), None)
    if action is None:
        raise core.PuzzleError(f"{shown(text)} is not a legal move there")
    return logged(scene_of(game, state), state, state.current_player(), action).rstrip(".")


def line_lines(game: str, state: Any, texts: Sequence[str], first: int = 1) -> list[str]:
    """The moves ``texts`` from ``state`` (left as it was), one numbered line each, in the game's words."""
    s = state.clone()
    lines = []
    width = len(str(first + len(texts) - 1))
    for n, text in enumerate(texts, first):
        words = move_words(game, s, text)
        s.apply(next(a for a in s.legal_actions() if str(a) == text))
        lead = f"  {n:>{width}}. "
        lines.append(wrapped(_sentence(words), lead, " " * len(lead)))
    return lines


def _sentence(words: str) -> str:
    return words if words.endswith((".", "!", "?", "”")) else words + "."


def refutation_lines(p: core.Puzzle, state: Any, text: str) -> list[str]:
    """A wrong move taken back, in words: the whole line by which the defence shows it misses the goal, and what the
    solving side ends with."""
    line, result = core.refutation(state, p.player, text)
    lines = ["Not this one, taken back. After it, both sides playing their best:"]
    lines += line_lines(p.game, state, [t for _, t in line])
    name = _names(state)[p.player]
    lines.append(wrapped(f"{name} ends with {amount(p.game, result)}: the goal, “{p.goal.rstrip('.')}”, is missed."))
    return lines


# -- the commands ------------------------------------------------------------------------------------------------


def _listed(args: argparse.Namespace) -> list[core.Puzzle]:
    chosen = [_game(args.game)] if args.game is not None else games()
    level: int | str | None = args.level
    if isinstance(level, str) and level.strip().isascii() and level.strip().isdigit():
        level = int(level.strip())
    if args.theme is not None and args.game is None:
        having = [info for info in chosen if args.theme in core.themes(info.name)]
        if not having:
            known = sorted({t for info in chosen for t in core.themes(info.name)})
            raise CliError(f"no game's puzzles have the theme {shown(args.theme)}: the themes are "
                           f"{', '.join(known) or 'none'} (stytvolt puzzles themes says what each is about)")
        chosen = having
    out: list[core.Puzzle] = []
    for info in chosen:
        out += core.listed(info.name, level, args.theme)
    return out


def cmd_list(args: argparse.Namespace, out: Output) -> int:
    found = _listed(args)
    if not found:
        out("No puzzle is of that theme and level.")
        return 0
    width = max(len(p.info.name) for p in found)
    for p in found:
        themes = ", ".join(p.themes) or "-"
        out(f"{p.id}  {p.game:{width}}  {p.level_name:8} {p.rating:5}  {themes:18} {p.goal}")
    return 0


def cmd_themes(args: argparse.Namespace, out: Output) -> int:
    chosen = [_game(args.game)] if args.game is not None else games()
    for info in chosen:
        out(f"{info.title}:")
        for key, (name, idea) in core.themes(info.name).items():
            counts = ", ".join(f"{len(core.listed(info.name, lv, key))} {word}" for lv, word in core.LEVELS.items())
            out(f"  {key:18} {name} ({counts})")
            out(wrapped(idea, " " * 21))
    return 0


def cmd_show(args: argparse.Namespace, out: Output) -> int:
    p = core.find(args.id)
    for line in position_lines(p):
        out(line)
    return 0


def cmd_solve(args: argparse.Namespace, out: Output) -> int:
    p = core.find(args.id)
    out(_heading(p))
    out(wrapped(f"Goal: {p.goal}"))
    out("The solution, the defence playing its most stubborn replies:")
    for line in line_lines(p.game, p.state(), p.line):
        out(line)
    out(_reached(p))
    return 0


def _reached(p: core.Puzzle) -> str:
    """What the solution's line ends with for the solving side, in words."""
    result = core.final(p.play(p.line), p.player)
    if result is None:
        raise core.PuzzleError(f"{p.id}: its line stops before the player's result is settled")
    return wrapped(f"{_names(p.state())[p.player]} ends with {amount(p.game, result)}: the goal is reached.")


def cmd_daily(args: argparse.Namespace, out: Output) -> int:
    if args.game is not None:
        info = _game(args.game)
    elif games():
        info = games()[0]
    else:
        raise CliError("no game has puzzles yet")
    p = core.daily(info.name, args.date)
    out(f"{info.title}'s puzzle of the day" + (f" for {args.date}:" if args.date else ":"))
    for line in position_lines(p):
        out(line)
    return 0


def _hints(p: core.Puzzle, state: Any, key: str) -> list[str]:
    """The hint ladder at a turn of the solving side: the idea (the puzzle's theme in a sentence), how many moves
    miss, then the answer."""
    known = core.themes(p.game)
    ideas = [f"{known[t][0]}. {known[t][1]}" for t in p.themes if t in known]
    legal = [str(a) for a in state.legal_actions()]
    first = ideas[0] if ideas else "Follow each of your moves to the end, every card being in sight."
    return [first, f"Only one of your {len(legal)} moves still makes sure of the goal.",
            f"The answer: {_sentence(move_words(p.game, state, key))}"]


def _choices(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _typed(game: str, kind: Kind, state: Any, typed: str) -> str:
    """The legal action the reader typed: a choice's number, a card (the action that plays it), or the action as the
    game writes it; anything else is refused naming what can be typed."""
    legal = _choices(state)
    text = typed.strip()
    if text.isascii() and text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise CliError(f"{text} is not one of the numbered choices: type 1 to {len(legal)}")
    try:
        cards = parse_cards(text, pack=registry.game(game).pack)
    except StytvoltError:
        cards = ()
    if len(cards) == 1:
        wanted = str(kind.card_action(cards[0]))
        if wanted in legal:
            return wanted
        raise CliError(f"{cards[0].symbol} cannot be played now: {_refused(game, state, wanted)}")
    folded = " ".join(text.split()).casefold()
    for option in legal:
        if option.casefold() == folded:
            return option
    try:
        action = registry.game(game).parse_action(text)
    except StytvoltError:
        action = None
    if action is not None and str(action) in legal:
        return str(action)
    raise CliError(f"{shown(text)} is not a move here: type " + ", ".join(said(game, t) for t in legal)
                   + " (or a choice's number)")


def _refused(game: str, state: Any, text: str) -> str:
    refusal = getattr(state, "refusal", None)
    if refusal is not None:
        try:
            reason = refusal(registry.game(game).parse_action(text))
        except StytvoltError:
            reason = None
        if reason is not None:
            return str(reason.render(seats=list(_names(state))))
    return "it is not among the moves the rules allow here"


def _choice_line(game: str, state: Any) -> str:
    return "Your choices: " + "; ".join(f"{n}) {said(game, t)}" for n, t in enumerate(_choices(state), 1))


def cmd_play(args: argparse.Namespace, out: Output) -> int:
    p = core.find(args.id)
    kind = _kind(p.game)
    state = p.state()
    names = _names(state)
    side = core.side_of(state, p.player)
    interactive = isatty(sys.stdin)
    for line in position_lines(p, state):
        out(line)
    wrong = hints = 0
    done = 0  # moves of the line played
    while done < len(p.line):
        text = p.line[done]
        seat = state.current_player()
        if seat not in side or len(state.legal_actions()) < 2:
            words = move_words(p.game, state, text)
            state.apply(next(a for a in state.legal_actions() if str(a) == text))
            done += 1
            out(wrapped(_sentence(words)))
            continue
        out(wrapped(_choice_line(p.game, state)))
        out.write(f"{names[seat]} to play (a move, hint, solution, q): ")
        line = read_line(sys.stdin)
        if line and not interactive:
            out(line.strip())
        typed = line.strip()
        low = typed.lower()
        if not line or low in QUIT_KEYS:
            out("Stopped.")
            return 0
        if not typed:
            continue
        if low in HINT_KEYS:
            ladder = _hints(p, state, text)
            hints = min(hints + 1, len(ladder))
            out(wrapped(f"Hint {hints} of {len(ladder)}: {ladder[hints - 1]}"))
            continue
        if low in SOLUTION_KEYS:
            out("The solution from here:")
            for shown_line in line_lines(p.game, state, p.line[done:], done + 1):
                out(shown_line)
            out(_reached(p))
            out("The puzzle counts as missed.")
            return 0
        if low in HELP_KEYS or low == "?":
            out(wrapped("Type a card (h2 or ♥2), an action as the game writes it, or a choice's number; 'hint' for "
                        "the next hint, 'solution' for the answer (a miss), q to stop."))
            continue
        try:
            chosen = _typed(p.game, kind, state, typed)
        except CliError as err:
            out(wrapped(str(err)))
            continue
        if chosen != text:
            wrong += 1
            for refuted in refutation_lines(p, state, chosen):
                out(refuted)
            continue
        words = move_words(p.game, state, text)
        state.apply(next(a for a in state.legal_actions() if str(a) == text))
        done += 1
        out(wrapped(f"Right: {_sentence(words)}"))
    out(wrapped(f"Solved: however the defence plays, the goal is sure ({p.goal.rstrip('.')})."))
    out(f"Wrong moves: {wrong}; hints: {hints}.")
    return 0
