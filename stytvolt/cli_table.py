"""``stytvolt play [GAME]`` and ``stytvolt review GAME-TEXT``: every game at the one table, in the terminal, with its coach.

``play`` deals a game of any game against the computer.  A game whose
declared ``cli`` part has a ``play(args, out)`` of its own plays there
(Stýrivolt's terminal game, with its trick-by-trick explanations); every
other game is played at the one table (:mod:`stytvolt.web.table`) as the
site plays it, from South's seat, printed as text: the table's facts, what
lies on the felt, your cards, the question and every choice numbered with
the words on its button, and the log as the hand goes.  At every decision
of yours ``h`` gives the coach's hint (:func:`stytvolt.analysis.coach.hint`,
from your seat's observation alone, seeded as the site seeds it), ``w``
why the last computer move was made (:func:`stytvolt.analysis.coach.why`:
the same player, level and seed decide again; a card you have not seen is
said as "a hidden card"), and after each hand the review lists each of your
decisions, the hints you took counted, in the words the site's review uses
(:mod:`stytvolt.web.coaching`).  When the game ends its record is printed:
the table's game text, which ``stytvolt review`` reads, as the site does.

``review`` reads a game text saved from the site's table (or a link to the
table, whose ``game=`` carries it), finds the game from the text alone (its
first field is the game's code; an older Stýrivolt text is read by its
game's ``legacy`` reader), and reviews every finished hand for South, or
one (``--hand N``): each hand's summary, then each decision, word for word
as the site shows it.  A damaged text is refused with the table's own words
naming what cannot be read (exit status 2).

Nothing here names a game: what differs between the games is read from
their declarations (:class:`~stytvolt.core.protocol.GameInfo`, and the
table's :class:`~stytvolt.web.kinds.Kind`).
"""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from enum import Enum
from typing import Any, Callable, NoReturn, Sequence, TextIO
from urllib.parse import parse_qs, urlsplit

import stytvolt
from stytvolt.analysis.coach import Hint, hint_steps, review_summary
from stytvolt.cli import HELP_KEYS, HINT_KEYS, QUIT_KEYS, WHY_KEYS, CliError, Commands, Output, isatty, read_line, whole_number
from stytvolt.core import registry
from stytvolt.core.cards import Card, parse_cards
from stytvolt.core.errors import StytvoltError
from stytvolt.core.protocol import GameInfo, run_to_end
from stytvolt.core.rules import Switch, parse_switch_words, switch_words
from stytvolt.web import WidgetError
from stytvolt.web.kinds import SOUTH, Kind, playable

__all__ = ["add_commands", "cmd_play", "cmd_review", "game_of_text", "review_lines", "decisions_lines", "hint_lines",
           "why_line", "judged", "wrapped", "Coached", "TableGame"]

#: How wide the terminal's paragraphs are wrapped.
WIDTH = 78


class _Quit(Exception):
    """The player typed q, or the input ran out: the game ends cleanly."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def wrapped(text: str, indent: str = "", hang: str | None = None) -> str:
    """A paragraph wrapped to the terminal's width (words never broken), ``indent`` before its first line and
    ``hang`` (default: as many spaces) before the others."""
    hang = " " * len(indent) if hang is None else hang
    return textwrap.fill(" ".join(text.split()), WIDTH, initial_indent=indent, subsequent_indent=hang,
                         break_on_hyphens=False, break_long_words=False)


# -- the commands ---------------------------------------------------------------------------------------------


class _PlayHelp(argparse.Action):
    """``-h``/``--help`` of ``play``: its help, and after a game named before it (``stytvolt play sjavs --help``)
    that game's ways to play, levels and rule variations."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help"))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        game = getattr(namespace, "game", None)
        if game is None:
            parser.print_help()
            parser.exit()
        parser.epilog = game_epilog(registry.game(game))
        parser.print_help()
        parser.exit()


def add_commands(commands: Commands) -> None:
    """Add ``play`` and ``review`` (after the games' own commands)."""
    names = [info.name for info in stytvolt.games()]
    p = commands.add(
        "play", help="play any of the games against the computer, with hints and reviews",
        add_help=False,
        description=(
            "Play a game in the terminal against computer players (GAME: one of the games below; by default the "
            f"first, {names[0]}). At each decision type the number of a choice or its text; h gives the coach's "
            "hint for your seat (from what you can see, as the site's Hint does), w says why the last computer move "
            "was made, help lists every key, q quits. After each hand your decisions are reviewed with every card "
            "visible, in the same words as the site's review. When input is not a terminal (a script), a refused "
            "choice ends the game with status 2."
        ),
        epilog=(
            f"games: {', '.join(names)}.\n"
            "Run 'stytvolt play GAME --help' for a game's ways to play, levels and rule variations."
        ),
    )
    p.add_argument("-h", "--help", action=_PlayHelp, help="show this help message and exit (after GAME: also the "
                                                          "game's ways to play, levels and rule variations)")
    p.add_argument("game", nargs="?", type=_game_name, metavar="GAME", help=f"the game (default {names[0]})")
    p.add_argument("--seed", type=whole_number(0, 2**63 - 1), metavar="N",
                   help="seed for the shuffles (the same seed deals the same game)")
    p.add_argument("--setup", metavar="WAY", help="the way to play it (see the game's --help); default the first")
    p.add_argument("--seat", type=whole_number(0, 7), default=0, metavar="N",
                   help="your seat (default 0), where the game lets you choose it")
    p.add_argument("--hands", type=whole_number(0), metavar="N",
                   help="number of hands to play (default: until the game is over; 0: until you quit)")
    p.add_argument("--variant", action="extend", nargs="+", default=[], metavar="NAME",
                   help="rule variations (see the game's --help; repeatable)")
    p.add_argument("--level", metavar="LEVEL", help="how well the computer players play (see the game's --help)")
    p.add_argument("--auto", action="store_true", help="a computer player plays your seat too (no input needed)")
    p.add_argument("--review", action=argparse.BooleanOptionalAction, default=None,
                   help="review your decisions after each hand (default: yes, unless --auto)")
    p.set_defaults(func=cmd_play)

    p = commands.add(
        "review", help="review a game played at the site's table",
        description=(
            "Review a game played at the site's table: give its game text (the page's link to the game holds it "
            "after game=; the whole link is read too). The game is found from the text. Every finished hand is "
            "reviewed for you (South), or only hand --hand N: what each of your decisions was worth with every "
            "card visible, and for a mistake what it cost and what was best, in the same words as the site's "
            "review."
        ),
        epilog="Example: stytvolt review b1.5.3.beginner.4.3000200000002000",
    )
    p.add_argument("text", metavar="GAME-TEXT", help="the table's game text, or a link to the game")
    p.add_argument("--hand", type=whole_number(1), metavar="N", help="review only hand N (from 1)")
    p.set_defaults(func=cmd_review)


def _game_name(text: str) -> str:
    """An argparse ``type``: a game by its name, title or alias (as :func:`stytvolt.game` finds it): its name."""
    try:
        return registry.game(text).name
    except StytvoltError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def game_epilog(info: GameInfo) -> str:
    """A game's details for ``stytvolt play GAME --help``: its ways to play, its levels and its rule variations, each
    with its help text, as the table's settings offer them."""
    kind = _kind(info)
    lines = [f"{kind.title}: ways to play (--setup WAY):"]
    for value, label in kind.setups:
        lines.append(f"  {value}")
        lines.append(f"      {label}{' (the default)' if value == kind.default_setup else ''}")
    lines.append("levels of the computer players (--level LEVEL):")
    for name, summary in kind.levels:
        lines.append(f"  {name}")
        lines.append(f"      {summary}{' (the default)' if name == _default_level(kind) else ''}")
    offered = _switches(info, kind)
    if offered:
        aliases = _aliases(info)
        lines.append("rule variations (--variant NAME ...):")
        for sw in offered:
            word = next((alias for alias, name in aliases.items() if name == sw.name), sw.word)
            if isinstance(sw.default, Enum):
                lines.append(f"  {word}=" + "|".join(sw.choices))
            else:
                lines.append(f"  {word}=no" if sw.default else f"  {word}")
            lines.append(f"      {sw.help}")
    else:
        lines.append("rule variations: none to choose here.")
    return "\n".join(lines)


def _kind(info: GameInfo) -> Kind:
    from stytvolt.web.table import kind_of

    return kind_of(info.name)


def _default_level(kind: Kind) -> str:
    return kind.default_level or kind.levels[0][0]


def _cli_part(info: GameInfo) -> Any:
    return info.part("cli") if getattr(info, "cli", "") else None


def _aliases(info: GameInfo) -> dict[str, str]:
    """The shorter words a game's command line takes for its rule switches (its ``cli`` part's ``VARIANT_ALIASES``:
    word -> field name)."""
    return dict(getattr(_cli_part(info), "VARIANT_ALIASES", {}) or {})


def _switches(info: GameInfo, kind: Kind) -> tuple[Switch, ...]:
    from stytvolt.web.table import offered_switches

    return offered_switches(kind)


def _rules(info: GameInfo, kind: Kind, words: list[str]) -> Any:
    """The game's Rules from ``--variant`` words: only the switches its table offers, each as the game's help lists
    it; a word it does not know is refused naming the ones it does."""
    offered = _switches(info, kind)
    aliases = _aliases(info)
    known = {sw.word for sw in offered} | {sw.name for sw in offered} | set(aliases)
    for word in words:
        bare = word.partition("=")[0]
        bare = bare.removeprefix("no-") if bare not in known else bare
        if bare not in known:
            listing = ", ".join(sw.word for sw in offered) or "none"
            raise CliError(f"--variant: {kind.title} has no rule variation {word!r} here (its variations: {listing}; "
                           f"'stytvolt play {info.name} --help' lists them)")
    return parse_switch_words(registry.game(info.name).rules, words, aliases=aliases)


class Coached:
    """What ``play`` hands a game's own terminal game (``play(args, out, coached)`` of its ``cli`` part): the game,
    its table's Kind and the options checked: ``setup``, ``level``, ``rules``, ``review`` (review each hand?)."""

    def __init__(self, info: GameInfo, kind: Kind, setup: str, level: str, rules: Any, review: bool) -> None:
        self.info, self.kind, self.setup, self.level, self.rules, self.review = info, kind, setup, level, rules, review


def _checked(args: argparse.Namespace) -> Coached:
    info = registry.game(args.game) if args.game is not None else stytvolt.games()[0]
    kind = _kind(info)
    setups = dict(kind.setups)
    setup = args.setup if args.setup is not None else kind.default_setup
    if setup not in setups:
        raise CliError(f"--setup: {kind.title} is played here in these ways: "
                       + "; ".join(f"{v} ({label})" for v, label in kind.setups))
    levels = [name for name, _ in kind.levels]
    level = args.level if args.level is not None else _default_level(kind)
    if level not in levels:
        raise CliError(f"--level: the computer players of {kind.title} play at {', '.join(levels[:-1])} or {levels[-1]}"
                       if len(levels) > 1 else f"--level: the computer players of {kind.title} play at {levels[0]}")
    if args.hands == 0 and args.auto:
        raise CliError("--hands 0 plays until you quit, and with --auto nobody would: give a number of hands")
    rules = _rules(info, kind, args.variant)
    review = (not args.auto) if args.review is None else bool(args.review)
    return Coached(info, kind, setup, level, rules, review)


def cmd_play(args: argparse.Namespace, out: Output) -> int:
    coached = _checked(args)
    own = getattr(_cli_part(coached.info), "play", None)
    if own is not None:  # the game's own terminal game
        result: int = own(args, out, coached)
        return result
    if args.seat != SOUTH:
        raise CliError(f"--seat: at the {coached.kind.title} table you sit South (seat 0)")
    return TableGame(args, out, sys.stdin, coached).run()


# -- a game at the one table, in text ---------------------------------------------------------------------------


class TableGame:
    """A game at the one table in the terminal: the table's :class:`~stytvolt.web.table.Table`, its computer players,
    the coach, and the screen."""

    def __init__(self, args: argparse.Namespace, out: Output, stdin: TextIO, coached: Coached) -> None:
        from stytvolt.web.table import new_table

        self.out, self.stdin, self.coached = out, stdin, coached
        self.interactive = isatty(stdin)
        self.auto: bool = args.auto
        self.hands_wanted: int | None = args.hands
        seed = args.seed if args.seed is not None else random.randrange(10**9)
        try:
            self.table = new_table(coached.info.name, coached.setup, coached.level, seed, coached.rules)
        except WidgetError as err:
            raise CliError(str(err)) from None
        self.kind = self.table.kind
        self.printed = 0  # the entries of the hand's log printed so far
        self.last_computer: tuple[int, int] | None = None  # the last computer move of the hand: (hand, move)
        self.hinted = False  # a hint was asked at the decision now

    # -- naming ---------------------------------------------------------------------------------------

    @property
    def word(self) -> str:
        from stytvolt.web.table import _hand_word

        return _hand_word(self.table)

    def rules_said(self) -> str:
        from stytvolt.web.table import offered_switches

        words = switch_words(self.table.rules, offered_switches(self.kind))
        return "with " + ", ".join(words) if words else "no variations"

    # -- the game -------------------------------------------------------------------------------------

    def run(self) -> int:
        out, table, kind = self.out, self.table, self.kind
        names = table.names
        others = list(names[1:])
        listed = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
        level_said = dict(kind.levels)[table.level]
        out(wrapped(f"{kind.title}: {dict(kind.setups)[table.setup]}. You are South; the computer plays {listed}."))
        out(wrapped(f"Computer players: {table.level} level ({level_said})."))
        out(f"Rules: {self.rules_said()}. Seed {table.seed} (--seed {table.seed} deals this game again).")
        if not self.auto:
            out("At each decision type the number of a choice or its text; h gives a hint, w says why the")
            out("last computer move was made, s shows the table again, help lists every key, q quits.")
        try:
            while True:
                self.play_hand()
                if self.finished():
                    break
                if not self.auto and self.interactive:
                    self.pause()
                table.deal()
        except _Quit as stop:
            out("")
            out(stop.message)
            self.final(stopped=True)
            return 0
        except KeyboardInterrupt:  # the game is kept all the same: its record, for the site or stytvolt review
            out("")
            out("The game's record so far:")
            out(table.text())
            raise
        self.final(stopped=False)
        return 0

    def finished(self) -> bool:
        if self.table.match.over:
            return True
        if self.hands_wanted is None:
            return False
        return self.hands_wanted != 0 and len(self.table.match.hands) >= self.hands_wanted

    def final(self, stopped: bool) -> None:
        from stytvolt.web.table import game_outcome

        out, table = self.out, self.table
        done = len(table.match.hands) - (0 if table.hand.is_terminal() else 1)
        out("")
        out(f"Game over after {done} {self.word}{'s' if done != 1 else ''}." if not table.match.over else
            wrapped(f"The game is over. {game_outcome(table)}"))
        out("The game's record (stytvolt review reads it, as the site's table does):")
        out(table.text())

    def pause(self) -> None:
        self.out.write(f"Press Enter for the next {self.word} (q quits): ")
        line = read_line(self.stdin)
        if not line:
            raise _Quit("End of input: the game stops here.")
        if line.strip().lower() in QUIT_KEYS:
            raise _Quit("You quit the game.")

    def play_hand(self) -> None:
        from stytvolt.web.table import computer_seed

        out, table = self.out, self.table
        h = len(table.match.hands) - 1
        self.printed = 0
        self.last_computer = None
        out("")
        out("=" * 60)
        out(f"{self.word.capitalize()} {h + 1}: {table.names[table.hand.dealer]} deals.")
        self.tell()
        while not table.hand.is_terminal():
            state = table.hand
            seat = state.current_player()
            if seat == SOUTH and not self.auto:
                self.hinted = False
                action = self.ask(state)
                table.apply(action, self.hinted)
            else:
                k = len(table.moves[h])
                bot = table.computer(computer_seed(table, h, k))
                obs = state.observation(seat)
                think = getattr(bot, "think", None)
                action = run_to_end(think(obs)).action if think is not None else bot.choose(obs)
                table.apply(action)
                if seat != SOUTH:
                    self.last_computer = (h, k)
            self.tell()
        self.end_hand()

    def tell(self) -> None:
        """Print what the hand's log has that is not printed yet."""
        from stytvolt.web.table import log_of

        table = self.table
        entries = log_of(table, len(table.match.hands) - 1)
        if not self.printed and entries and entries[0].text == f"{table.names[table.hand.dealer]} deals.":
            self.printed = 1  # the hand's heading has said it
        for entry in entries[self.printed:]:
            self.out(wrapped(entry.text))
        self.printed = len(entries)

    def end_hand(self) -> None:
        from stytvolt.web.table import every_hand, hand_scored

        out, table, kind = self.out, self.table, self.kind
        out("")
        out(f"The {self.word} is over.")
        scored = hand_scored(table)
        if scored:
            out(wrapped(scored))
        heading, hands = every_hand(table)
        out(f"{heading}:")
        width = max(len(name) for name, _ in hands)
        for name, cards in hands:
            out(f"  {name + ':':{width + 1}} {' '.join(c.symbol for c in cards) or 'none'}")
        self.print_sheet()
        if self.coached.review:
            self.review()

    def print_sheet(self) -> None:
        from stytvolt.web.table import sheet_of

        out, kind = self.out, self.kind
        heads, rows = sheet_of(self.table)
        out(f"{kind.sheet_title} ({kind.sheet_unit}):")
        cells = [["After", *heads]] + [[label, *(str(v) for v in totals)] for label, totals, _ in rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
        for n, row in enumerate(cells):
            out("  " + "  ".join(f"{c:>{w}}" if i else f"{c:<{w}}" for i, (c, w) in enumerate(zip(row, widths))))
            note = rows[n - 1][2] if n else ""
            if note:
                out(wrapped(note, "      "))

    def review(self) -> None:
        from stytvolt.web.coaching import review_all

        out = self.out
        out("")
        if self.interactive:
            out.write("Reviewing your decisions, every card visible…")
        reviewed = run_to_end(review_all(self.table))
        if self.interactive:
            out("")
        for line in review_lines(self.table, reviewed):
            out(line)

    # -- your decisions -------------------------------------------------------------------------------

    def ask(self, state: Any) -> Any:
        self.screen(state)
        while True:
            self.out.write("> ")
            line = read_line(self.stdin)
            if not line:
                raise _Quit("End of input: the game stops here.")
            typed = line.strip()
            if not self.interactive:
                self.out(typed)  # echo, so a scripted game reads like a played one
            low = typed.lower()
            if not typed:
                continue
            if low in QUIT_KEYS:
                raise _Quit("You quit the game.")
            if low in HINT_KEYS:
                self.hint(state)
                continue
            if low in WHY_KEYS:
                self.why_last()
                continue
            if low in HELP_KEYS or low == "?":
                self.help()
                continue
            if low in ("s", "show"):
                self.screen(state)
                continue
            if low in ("l", "log"):
                self.log()
                continue
            try:
                return self.chosen(state, typed)
            except StytvoltError as err:
                if not self.interactive:
                    raise CliError(f"{typed!r}: {err}") from None
                self.out.error(str(err))

    def groups(self, state: Any, actions: list[Any]) -> dict[int, str]:
        """The headings the table groups South's choices under (the Kind's ``action_group``), by the place of each
        group's first choice; the choices must be in :meth:`choices`' order."""
        kind = self.kind
        if kind.action_group is None:
            return {}
        out: dict[int, str] = {}
        last = ""
        for i, action in enumerate(actions):
            head = kind.action_group(state, action) if kind.card_of(action) is None else ""
            if head and head != last:
                out[i] = head
            last = head
        return out

    def choices(self, state: Any) -> list[Any]:
        """South's choices as numbered: every legal action but those that lay cards away by ticking, the ones the
        table groups under headings after the others, each group in the order of its first choice (as the table
        shows them)."""
        kind = self.kind
        listed = [a for a in state.legal_actions() if kind.kind_of(a) not in kind.picked]
        group = kind.action_group
        if group is None:
            return listed
        heads = {str(a): group(state, a) if kind.card_of(a) is None else "" for a in listed}
        order: dict[str, int] = {}
        for head in heads.values():
            order.setdefault(head, len(order))
        # the actions playing cards and the ungrouped ones first, then each group, as the table folds them
        return sorted(listed, key=lambda a: (1, order[heads[str(a)]]) if heads[str(a)] else (0, 0))

    def chosen(self, state: Any, typed: str) -> Any:
        """The action ``typed`` names: a choice's number, its text (as the engine writes it), or a card alone for the
        action that plays it; what cannot be taken is refused in the table's words."""
        from stytvolt.web.table import _chosen

        numbered = self.choices(state)
        if typed.isascii() and typed.isdigit():
            n = int(typed)
            if 1 <= n <= len(numbered):
                return numbered[n - 1]
            raise CliError(f"{typed} is not one of the numbered choices: type 1 to {len(numbered)}"
                           if numbered else f"{typed} is not a choice here")
        try:
            cards = parse_cards(typed, pack=self.coached.info.pack)
        except StytvoltError:
            cards = ()
        if len(cards) == 1:
            typed = str(self.kind.card_action(cards[0]))
        return _chosen(self.table, state, typed)

    def screen(self, state: Any) -> None:
        from stytvolt.web.table import _legal_labels, _ordered, _prompt, _role, fact_rows, felt_of

        out, table, kind = self.out, self.table, self.kind
        out("")
        out("-" * 60)
        for term, said in fact_rows(table, state):
            out(wrapped(f"{term}: {said}"))
        felt = felt_of(table, state)
        if felt.trick:
            if felt.rows:
                plays = ", ".join(f"{name} {cards[0].symbol if cards[0] is not None else 'passes'}"
                                  for name, cards in felt.rows)
                out(wrapped(f"{felt.title}: {plays}"))
            else:
                out(felt.title)
        else:
            out(f"{felt.title}:")
            for label, cards in felt.rows:
                out(wrapped(f"{label}: {' '.join(c.symbol for c in cards if c is not None) or 'none'}", "  "))
            for note in felt.notes:
                out(wrapped(note, "  "))
        mine = _ordered(kind, state, playable(state, SOUTH))
        shown = [c.symbol + (f" ({role})" if (role := _role(kind, state, c)[1]) else "") for c in mine]
        out(wrapped(f"Your cards ({len(mine)}): {', '.join(shown) or 'none'}"))
        out(wrapped(_prompt(table, state)))
        legal = list(state.legal_actions())
        labels = _legal_labels(kind, state, legal)
        numbered = self.choices(state)
        width = len(str(len(numbered)))
        heads = self.groups(state, numbered)
        for i, action in enumerate(numbered, 1):
            head = heads.get(i - 1)
            if head:
                out(f"  {head}:")
            lead = f"  {i:>{width}}) "
            out(wrapped(labels[str(action)], lead, " " * len(lead)))
        picked = [a for a in legal if kind.kind_of(a) in kind.picked]
        if picked and kind.pick is not None:
            word = kind.kind_of(picked[0])
            sizes = [len(a.cards) for a in picked]
            what, _ = kind.pick(state, word, min(sizes), max(sizes))
            example = max(picked, key=lambda a: len(a.cards))
            out(wrapped(f"{_untick(what)} Type “{word}” and the cards, as in “{_said_action(example)}”"
                        + (f"; “{word}” alone lays none away." if min(sizes) == 0 else "."), "  "))

    def hint(self, state: Any) -> None:
        """The coach's hint for South's decision now, seeded as the site seeds it: the action, then why."""
        from stytvolt.web.coaching import hint_seed, said_text
        from stytvolt.web.table import _legal_labels

        table = self.table
        if self.interactive:
            self.out.write("Thinking…")
        hint = run_to_end(hint_steps(state, SOUTH, hint_seed(table), names=table.names))
        if self.interactive:
            self.out("")
        self.hinted = True
        action = next(a for a in state.legal_actions() if str(a) == hint.action)
        numbered = self.choices(state)
        if action in numbered:
            words = f"{numbered.index(action) + 1}) {_legal_labels(self.kind, state, [action])[str(action)]}"
        else:
            words = _said_action(action)
        self.out(wrapped(f"Hint: {words}."))
        if hint.reason:
            self.out(wrapped(said_text(table, "Why", hint), "  "))

    def why_last(self) -> None:
        from stytvolt.web.coaching import said_text, why_at

        if self.last_computer is None:
            self.out(f"No computer player has moved yet in this {self.word}.")
            return
        h, k = self.last_computer
        if self.interactive:
            self.out.write("Thinking…")
        who, reason, note = run_to_end(why_at(self.table, h, k))
        if self.interactive:
            self.out("")
        self.out(wrapped(said_text(self.table, who, reason, note)))

    def log(self) -> None:
        from stytvolt.web.table import log_of

        self.out(f"What happened in {self.word} {len(self.table.match.hands)}:")
        for entry in log_of(self.table, len(self.table.match.hands) - 1):
            self.out(wrapped(entry.text, "  "))

    def help(self) -> None:
        out = self.out
        out("Type the number of a choice, or its text as the game writes it (a card alone plays it: H2 or ♥2).")
        out("h gives a hint: the coach's choice for you, from what you can see, and why;")
        out("w says why the last computer move was made; s shows the table again; l shows this")
        out(f"{self.word}'s log; help lists these keys; q quits.")


def _untick(what: str) -> str:
    """A picker's question in the terminal's words: what the page asks to tick is typed here."""
    return what.replace("Tick ", "Choose ").replace(" tick ", " choose ").replace("ticked", "chosen")


def _said_action(action: Any) -> str:
    """An action as a player types it, each card as people write it (exchange ♥7 ♠8)."""
    cards = getattr(action, "cards", None)
    text = str(action)
    if cards:
        for card in cards:
            if isinstance(card, Card):
                text = text.replace(str(card), card.symbol)
    return text


# -- the review in words --------------------------------------------------------------------------------------


def review_lines(table: Any, reviewed: Any) -> list[str]:
    """A finished hand's review as the terminal prints it: its heading, the summary, then each decision numbered with
    its mark, in the words of the site's review (:func:`stytvolt.web.coaching.decision_said`)."""
    from stytvolt.web.coaching import decision_said, review_summary_said

    lines = ["The review of your decisions, every card visible:", wrapped(review_summary_said(table, reviewed), "  ")]
    game = table.kind.game
    width = len(str(len(reviewed.decisions)))
    for n, d in enumerate(reviewed.decisions, 1):
        mark, words = decision_said(game, d, table.hand, table.hinted[-1][d.index])
        lead = f"  {n:>{width}}. "
        lines.append(wrapped(f"{mark} {words}" if mark else words, lead, " " * len(lead)))
    return lines


def judged(hand: Any, places: Sequence[int], seed: int) -> list[Any]:
    """The decisions at ``places`` (their places among ``hand``'s actions) judged as the site's review judges each
    (:func:`stytvolt.analysis.review.moment`, every card visible, the same time for each), for a game played apart
    from the one table."""
    from stytvolt.analysis.review import moment
    from stytvolt.web import coaching

    return [moment(hand, k, deadline=coaching.REVIEW_SECONDS, seed=seed) for k in places]


def decisions_lines(game: str, decisions: Sequence[Any], hints: int, hand: Any, hinted: Callable[[int], bool]
                    ) -> list[str]:
    """A review as :func:`review_lines` prints it, for a game played apart from the one table (its own terminal
    game): the decisions, the hints used, the hand, and whether each decision (by its index) was taken after a
    hint."""
    from stytvolt.web.coaching import decision_said

    lines = ["The review of your decisions, every card visible:",
             wrapped(review_summary(game, decisions, hints, hand=hand), "  ")]
    width = len(str(len(decisions)))
    for n, d in enumerate(decisions, 1):
        mark, words = decision_said(game, d, hand, hinted(d.index))
        lead = f"  {n:>{width}}. "
        lines.append(wrapped(f"{mark} {words}" if mark else words, lead, " " * len(lead)))
    return lines


def hint_lines(game: str, hint: Hint, words: str) -> list[str]:
    """A hint as the terminal prints it, for a game's own terminal game: the action in ``words``, then why (the idea
    named as the site's link names it)."""
    from stytvolt.web.coach import idea_title

    lines = [wrapped(f"Hint: {words}.")]
    if hint.reason:
        title = idea_title(game, hint.idea) if hint.idea else ""
        lines.append(wrapped(f"Why ({title}): {hint.reason}" if title else f"Why: {hint.reason}", "  "))
    return lines


def why_line(game: str, who: str, reason: Hint, note: str = "") -> str:
    """A computer move's reason as the terminal prints it, for a game's own terminal game."""
    from stytvolt.web.coach import idea_title

    title = idea_title(game, reason.idea) if reason.idea else ""
    return wrapped(f"{who} ({title}): {reason.reason}{note}" if title else f"{who}: {reason.reason}{note}")


# -- stytvolt review ------------------------------------------------------------------------------------------


def _text_of(given: str) -> str:
    """The game text in what was given: the text itself, or a link whose ``game=`` holds it."""
    text = given.strip()
    if "game=" in text:
        found = parse_qs(urlsplit(text).query).get("game") or parse_qs(text.partition("?")[2]).get("game")
        if found:
            return found[0].strip()
    return text


def game_of_text(text: str) -> str:
    """The game (its registry name) a table's game text records, from the text alone: its first field is the game's
    code at the table; a text an older table of a game wrote is known by that game's reader of it."""
    from stytvolt.web.table import kind_of

    code = text.split(".", 1)[0]
    kinds = [kind_of(info.name) for info in stytvolt.games() if info.table]
    for kind in kinds:
        if kind.code == code:
            return kind.game
    for kind in kinds:
        if kind.legacy is None:
            continue
        try:
            if kind.legacy(text) is not None:
                return kind.game
        except WidgetError:
            return kind.game  # its reader knows the text, and will say what in it cannot be read
    codes = ", ".join(k.code for k in kinds)
    raise WidgetError(f"This record cannot be read: it is not the record of a game at the site's tables (a game's "
                      f"record begins with its game's code, {codes}, and a dot).")


def cmd_review(args: argparse.Namespace, out: Output) -> int:
    from stytvolt.web.coaching import review_all
    from stytvolt.web.table import _hand_word, game_text, read_game_text

    text = _text_of(args.text)
    if not text:
        raise CliError("the game text is empty: copy it from the site's table (its link to the game holds it)")
    game = game_of_text(text)
    table = read_game_text(game, text)  # a damaged record is refused, in the table's words, naming what is wrong
    word = _hand_word(table)
    count = len(table.match.hands)
    if args.hand is not None and args.hand > count:
        raise CliError(f"--hand {args.hand}: this game has {count} {word}{'s' if count != 1 else ''}")
    head = game_text(table).split(".")[:5]
    wanted = [args.hand - 1] if args.hand is not None else list(range(count))
    out(f"{table.kind.title}, {count} {word}{'s' if count != 1 else ''}; you are South.")
    for h in wanted:
        out("")
        out(f"{word.capitalize()} {h + 1}:")
        if not table.match.hands[h].is_terminal():
            if args.hand is not None:
                raise CliError(f"--hand {args.hand}: this {word} is not over, and its review comes when it is")
            out(f"  This {word} is not over: its review comes when it is.")
            continue
        upto = read_game_text(game, ".".join(head + table.codes[:h + 1]))  # the game as it stood when it ended
        reviewed = run_to_end(review_all(upto))
        for line in review_lines(upto, reviewed):
            out(line)
    return 0
