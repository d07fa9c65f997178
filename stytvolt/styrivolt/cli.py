"""Stýrivolt's commands of ``stytvolt``: ``trick``, ``ranking``, ``choose``, ``term``, ``terms``, ``chalk`` and
``play`` (every game's ``puzzles`` are :mod:`stytvolt.cli_puzzles`').

The command's frame (its output, parser, errors and the quiz) is
:mod:`stytvolt.cli`; it adds these through the game's declaration
(``cli``), calling :func:`add_commands`.  Every command prints plain text
built from the engine's own reasons, so the terminal says what the site and
the tests say.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any, Iterable, Sequence, TextIO

from stytvolt.cli import HELP_KEYS, HINT_KEYS, QUIT_KEYS, WHY_KEYS, CliError, Commands, Output, isatty, read_line, to_ascii, whole_number
from stytvolt.core.checks import shown, whole_text
from stytvolt.core.cards import Card, CardParseError, Suit, parse_cards
from stytvolt.core.errors import IllegalAction, StytvoltError
from stytvolt.core.explain import COMPASS, TEAM_LETTERS, Reason
from stytvolt.core.rules import parse_switch_words
from stytvolt.styrivolt.actions import Action, Kind, parse_action
from stytvolt.styrivolt.bots import card_worth
from stytvolt.styrivolt.chalk import RESULT_WORDS, Chalkboard, Scoring, parse_record
from stytvolt.styrivolt.choosing import choose_suits
from stytvolt.styrivolt.game import Game
from stytvolt.styrivolt.hand import HandState, Phase, Trick
from stytvolt.styrivolt.legality import trader_fetch
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt.players import LEVEL_SUMMARIES, computer, describe_action
from stytvolt.styrivolt.ranking import TAKING_REACH, Ranking, Role, group_note, parse_suits
from stytvolt.styrivolt.site.chalk import chalk_text
from stytvolt.styrivolt.terms import CATEGORIES, TERMS, Term, lookup
from stytvolt.styrivolt.tricks import explain_trick
from stytvolt.styrivolt.variants import Rules

__all__ = ["add_commands", "parse_variants", "play", "VARIANT_ALIASES"]


class _Quit(Exception):
    """The player typed q, or stdin ran out: end the game cleanly."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def add_commands(commands: Commands) -> None:
    """Add Stýrivolt's commands."""
    p = commands.add(
        "trick", help="who wins a trick, and why",
        description="Explain who wins a trick: each card in play order, the first one led.",
        epilog="Example: stytvolt trick --chosen H,S H2 SK S3 DJ",
    )
    p.add_argument("--chosen", required=True, metavar="SUITS", help="the two chosen suits, e.g. H,S or hearts,spades")
    p.add_argument(
        "--promoted", metavar="PLAYS",
        help="play numbers (1 = the lead), comma-separated, of cards played from a four of a kind",
    )
    p.add_argument("cards", nargs="+", metavar="CARD", help="the cards played, in order (1 to 4)")
    p.set_defaults(func=cmd_trick)

    p = commands.add(
        "ranking", help="the 48 cards in order of power for two chosen suits",
        description="List the 48 cards in order of power, by group, with their names.",
    )
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--chosen", metavar="SUITS", help="the two chosen suits, e.g. H,S")
    which.add_argument("--random", action="store_true", help="choose two suits at random")
    p.add_argument("--seed", type=whole_number(0), metavar="N", help="seed for --random")
    p.set_defaults(func=cmd_ranking)

    p = commands.add(
        "choose", help="choose the two suits from the top of the stock",
        description="Turn the stock's cards from the top, choose the two suits and say which cards are exposed.",
        epilog="Example: stytvolt choose C6 C4 DA CA D7 H5",
    )
    p.add_argument("cards", nargs="+", metavar="CARD", help="the stock's cards, top first")
    p.add_argument(
        "--prefer", metavar="CARDS", default="",
        help="the cards the dealer would rather expose when free to choose (a king or a four; ♣8 or ♣9)",
    )
    p.set_defaults(func=cmd_choose)

    p = commands.add(
        "term", help="look up a word of the game",
        description="Look up a Stýrivolt word, in English, Faroese or a local variant (accents optional).",
        epilog="Example: stytvolt term fyrik",
    )
    p.add_argument("word", nargs="+", help="the word (several words are joined: hay-yard mare)")
    p.set_defaults(func=cmd_term)

    p = commands.add("terms", help="list every word of the glossary")
    p.set_defaults(func=cmd_terms)

    p = commands.add(
        "chalk", help="score a sequence of results on the chalk-up",
        description=(
            "Record results on a chalk-up and explain each change. Each result is TEAM:RESULT, TEAM A or B; "
            f"RESULT one of {', '.join(RESULT_WORDS)}. For 'penalty' name the team that took the stock "
            "without the right to it: the crosses go to the other team."
        ),
        epilog="Example: stytvolt chalk B:ordinary A:kept-in A:ordinary",
    )
    p.add_argument("results", nargs="+", metavar="TEAM:RESULT")
    p.add_argument("--penguin", action="store_true", help="use the Penguin book's score table")
    p.set_defaults(func=cmd_chalk)


#: The shorter words ``stytvolt play --variant`` takes for a rule switch (word -> the switch's field name).
VARIANT_ALIASES = {"cut": "cut_for_stikkar"}


def _cards(tokens: Sequence[str]) -> tuple[Card, ...]:
    """Cards from command-line words (each word may hold several, comma-separated)."""
    return parse_cards(" ".join(tokens), pack=STYRIVOLT_PACK, unique=True)


def _suits(text: str) -> tuple[Suit, Suit]:
    try:
        return parse_suits(text)
    except CardParseError as err:
        raise CliError(f"--chosen: {err}") from None


def _suits_text(suits: Iterable[Suit]) -> str:
    return " and ".join(f"{s.symbol} {s.english}" for s in suits)


def cmd_trick(args: argparse.Namespace, out: Output) -> int:
    chosen = _suits(args.chosen)
    cards = _cards(args.cards)
    if not 1 <= len(cards) <= 4:
        raise CliError(f"a trick holds 1 to 4 cards, got {len(cards)}: {' '.join(args.cards)}")
    promoted: list[int] = []
    if args.promoted is not None:
        tokens = args.promoted.replace(",", " ").split()
        if not tokens:
            raise CliError(f"--promoted {shown(args.promoted)} names no play: give play numbers from 1 to "
                           f"{len(cards)} (1 = the lead), like --promoted 1,3")
        for token in tokens:
            try:
                play = whole_text(token, "it", 1, len(cards))
            except StytvoltError:
                raise CliError(f"bad play number {shown(token)} in --promoted: expected 1 to {len(cards)} "
                               "(1 = the lead)") from None
            if play - 1 in promoted:
                raise CliError(f"play {play} is named twice in --promoted {shown(args.promoted)}")
            promoted.append(play - 1)
    result = explain_trick(cards, chosen, promoted)
    for reason in result.reasons:
        out(reason.text)
    ranking = Ranking.of(chosen)
    winner = result.winner
    out(f"Winner: play {winner + 1}, {ranking.describe(result.winning_card, winner in promoted)}")
    return 0


def _name_line(ranking: Ranking, card: Card) -> str:
    names = ranking.names(card)
    role = ranking.role(card)
    if role is Role.PLAIN:
        return f"{card.symbol:<4}{names.english}"
    text = f"{card.symbol:<4}{names.english}"
    if names.faroese and _plain_word(names.faroese) != _plain_word(names.english):
        text += f" ({names.faroese})"
    return text


def _plain_word(word: str) -> str:
    return to_ascii(word).lower().removeprefix("the ")


def print_ranking(out: Output, chosen: tuple[Suit, Suit]) -> None:
    ranking = Ranking.of(chosen)
    out(f"Chosen suits: {_suits_text(chosen)}")
    out("From the strongest down; of two equal cards in one trick, the first played wins.")
    for heading, cards in ranking.groups():
        out("")
        out(f"{heading[:1].upper()}{heading[1:]} — {group_note(heading)}")
        for card in cards:
            line = "  " + _name_line(ranking, card)
            role = ranking.role(card)
            if role.is_taking:
                line += f": {TAKING_REACH[role][1]}"
            out(line)
    out("")
    out("Four of a kind in one hand all play as the best of the four (say \"Hesin er góður\" when you play one).")


def cmd_ranking(args: argparse.Namespace, out: Output) -> int:
    if args.random:
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        first, second = random.Random(seed).sample(list(Suit), 2)
        out(f"Suits chosen at random (seed {seed}).")
        chosen = (first, second)
    else:
        if args.seed is not None:
            raise CliError("--seed goes with --random, not with --chosen")
        chosen = _suits(args.chosen)
    print_ranking(out, chosen)
    return 0


def cmd_choose(args: argparse.Namespace, out: Output) -> int:
    stock = _cards(args.cards)
    prefer = parse_cards(args.prefer, pack=STYRIVOLT_PACK) if args.prefer else ()
    choice = choose_suits(stock, prefer=prefer)
    for reason in choice.reasons:
        out(reason.text)
    out(f"Chosen: {', '.join(s.english for s in choice.chosen)}")
    out(f"Exposed: {' '.join(c.symbol for c in choice.exposed)}")
    return 0


def _term_cards(term: Term) -> str:
    if not term.cards:
        return ""
    try:
        return " ".join(c.symbol for c in parse_cards(term.cards))
    except CardParseError:
        return term.cards


def cmd_term(args: argparse.Namespace, out: Output) -> int:
    try:
        term = lookup(" ".join(args.word))
    except KeyError as err:  # the message names the word and suggests close ones
        raise CliError(str(err.args[0])) from None
    out(term.english)
    out(f"  Faroese: {', '.join(term.faroese) if term.faroese else '(no Faroese word of its own)'}")
    if term.danish:
        out(f"  Danish: {', '.join(term.danish)}")
    for word, where in term.variants:
        out(f"  Local word: {word} ({where})")
    others = [a for a in term.aliases if a != term.english]
    if others:
        out(f"  Also called: {', '.join(others)}")
    cards = _term_cards(term)
    if cards:
        out(f"  Cards: {cards}")
    out(f"  Meaning: {term.meaning}")
    return 0


def cmd_terms(args: argparse.Namespace, out: Output) -> int:
    width = min(24, max(len(t.english) for t in TERMS))
    for category in CATEGORIES:
        terms = [t for t in TERMS if t.category == category]
        if not terms:
            continue
        out(f"{category.capitalize()}:")
        for t in terms:
            faroese = ", ".join(t.faroese)
            out(f"  {t.english:<{width}}  {faroese}".rstrip())
        out("")
    out(f"{len(TERMS)} terms. 'stytvolt term WORD' shows one in full (English, Faroese or local words; accents optional).")
    return 0


def cmd_chalk(args: argparse.Namespace, out: Output) -> int:
    records = [parse_record(t) for t in args.results]
    board = Chalkboard(scoring=Scoring.PENGUIN if args.penguin else Scoring.KVIVIK)
    for i, (team, result) in enumerate(records, 1):
        change = board.record(team, result)
        word = next(w for w, r in RESULT_WORDS.items() if r is result)
        head = f"{i}. "
        out(f"{head}{'AB'[team]}: {word}")
        for reason in change.reasons:
            out(" " * len(head) + reason.render(teams=TEAM_LETTERS))
    out("")
    out(chalk_text(board.state))
    return 0


def parse_variants(words: Iterable[str]) -> Rules:
    """Rules from command-line switches: ``compulsory-beating``, ``cut=two-stikkar``, ``scoring=penguin`` …"""
    return parse_switch_words(Rules, list(words), aliases=VARIANT_ALIASES)


def _rules_text(rules: Rules) -> str:
    changed = rules.to_json()
    if not changed:
        return "the Kvívík rules, no variations"
    parts = []
    for key, value in changed.items():
        name = "cut" if key == "cut_for_stikkar" else key.replace("_", "-")
        parts.append(name if value is True else f"{name}={'no' if value is False else value}")
    return "the Kvívík rules with " + ", ".join(parts)


class TerminalGame:
    """A game in the terminal: the engine's Game, three (or four) computer players, and the screen."""

    def __init__(self, args: argparse.Namespace, out: Output, stdin: TextIO, coached: Any = None) -> None:
        self.out = out
        self.stdin = stdin
        self.interactive = isatty(stdin)
        self.auto: bool = args.auto
        if not 0 <= args.seat < 4:
            raise CliError(f"--seat: Stýrivolt is played by four, in seats 0 to 3, not {args.seat}")
        self.seat: int = args.seat
        self.rules = coached.rules if coached is not None else parse_variants(args.variant)
        if args.hands is not None and args.hands < 0:
            raise CliError(f"--hands {args.hands}: expected 0 (until you quit) or more")
        if args.hands == 0 and args.auto:
            raise CliError("--hands 0 plays until you quit, and with --auto nobody would: give a number of hands")
        self.hands_wanted: int | None = args.hands
        self.seed: int = args.seed if args.seed is not None else random.randrange(1_000_000)
        self.level: str = coached.level if coached is not None else args.level
        self.reviewing: bool = coached.review if coached is not None else not args.auto
        self.bots = [computer(self.level, self.seed * 4 + p) for p in range(4)]
        # The last computer move: its seat, its action, and the hand just before it (for "why", asked of the coach).
        self.last_move: tuple[int, Action, HandState, str] | None = None
        self.done = 0  # the hand's actions so far
        self.mine: list[int] = []  # the hand's actions that were yours (their places among its actions)
        self.hinted: set[int] = set()  # the places of those you took after asking for a hint
        # The first dealer sits on your right, so you lead to the first trick.
        self.first_dealer = (self.seat + 3) % 4
        self.game = Game(seed=self.seed, first_dealer=self.first_dealer, rules=self.rules)
        self.board = self.game.board
        self.names = [COMPASS[(p - self.seat) % 4] for p in range(4)]  # clockwise from you
        self.hand_no = 0
        self.state: HandState | None = None

    # -- naming --------------------------------------------------------------------

    def who(self, p: int) -> str:
        return f"{self.names[p]} (you)" if p == self.seat and not self.auto else self.names[p]

    def say(self, reason: Reason) -> str:
        """An engine reason in this game's names: seats as South (you), West …; teams as team A, team B."""
        return reason.render(seats=self.who)

    # -- the game --------------------------------------------------------------------

    def run(self) -> int:
        out = self.out
        out(f"Stýrivolt: {self.who(self.seat)} and {self.names[(self.seat + 2) % 4]} "
            f"against {self.names[(self.seat + 1) % 4]} and {self.names[(self.seat + 3) % 4]}.")
        out(f"Team A: {self.names[0]} and {self.names[2]} (seats 0 and 2); team B: {self.names[1]} and {self.names[3]} (seats 1 and 3).")
        out(f"Rules: {_rules_text(self.rules)}. Seed {self.seed} (--seed {self.seed} replays this game).")
        out(f"Computer players: {self.level} level ({LEVEL_SUMMARIES[self.level]}).")
        if self.hands_wanted is None:
            out("The game ends when a team wins a cross.")
        if not self.auto:
            out("At each turn type the number of an action, or its text (H2, take, trade H5 H7, keep); h gives")
            out("a hint, ? explains the last trick, w why the last computer move, r shows the ranking, help lists")
            out("every key, q quits.")
        try:
            while True:
                self.hand_no += 1
                self.play_hand()
                if self.finished():
                    break
                if not self.auto and self.interactive:
                    self.pause()
        except _Quit as stop:
            out("")
            out(stop.message)
            self.final(stopped=True)
            return 0
        self.final(stopped=False)
        return 0

    def finished(self) -> bool:
        if self.hands_wanted is None:
            return self.board.leader() is not None
        return self.hands_wanted != 0 and self.hand_no >= self.hands_wanted

    def final(self, stopped: bool) -> None:
        out = self.out
        done = self.hand_no - (1 if stopped and self.state is not None and not self.state.is_terminal() else 0)
        out("")
        out(f"Game over after {done} hand{'s' if done != 1 else ''}.")
        if stopped:
            out(chalk_text(self.board.state))
        leader = self.board.leader()
        if leader is None:
            out("Neither team holds a cross.")
        else:
            value = self.board.value(leader)
            out(f"Team {'AB'[leader]} leads with {value} cross{'es' if value != 1 else ''}"
                f"{' (your team)' if leader == self.seat % 2 else ''}.")

    def read_line(self) -> str:
        """One line of input ('' at its end); input that is not text stops the game with a clear error."""
        return read_line(self.stdin)

    def pause(self) -> None:
        self.out.write("Press Enter for the next hand (q quits): ")
        line = self.read_line()
        if not line:
            raise _Quit("End of input: the game stops here.")
        if line.strip().lower() in ("q", "quit", "exit"):
            raise _Quit("You quit the game.")

    def play_hand(self) -> None:
        out = self.out
        state = self.game.deal()
        dealer = state.dealer
        self.state = state
        self.last_move = None
        self.done = 0
        self.mine, self.hinted = [], set()
        out("")
        out("=" * 60)
        out(f"Hand {self.hand_no}: {self.who(dealer)} deals; {self.who((dealer + 1) % 4)} leads.")
        for reason in state.log:
            out(self.say(reason))
        logged = len(state.log)
        if state.phase is not Phase.EXPOSE:
            self.show_choice(state)
        while not state.is_terminal():
            p = state.to_move
            before_tricks = len(state.tricks)
            before_phase = state.phase
            if p == self.seat:
                self.mine.append(self.done)
            if p == self.seat and not self.auto:
                action = self.ask(state)
            else:
                before = state.clone()
                decision = self.bots[p].decide(state.observation(p))
                action = decision.action
                if p != self.seat:
                    self.last_move = (p, action, before, decision.why)
            state.apply(action)
            self.done += 1
            # What happened, in the engine's words (the end of the hand is told below).
            for reason in state.log[logged:]:
                if reason.code.startswith("end."):
                    continue
                if reason.code == "stock.discard" and p != self.seat:
                    out(f"{self.who(p)} discards a card to the stock.")
                    continue
                out(self.say(reason))
            logged = len(state.log)
            self.tell(state, p, action, before_phase)
            if before_phase is Phase.EXPOSE and state.phase is not Phase.EXPOSE:
                self.show_choice(state)
            if len(state.tricks) > before_tricks:
                self.tell_trick(state, state.tricks[-1], len(state.tricks))
        self.end_hand(state)

    def show_choice(self, state: HandState) -> None:
        if state.rules.open_choosing:
            self.out(f"Open choosing: the dealer turned {' '.join(c.symbol for c in state.choice.seen)}.")
        self.out(f"Chosen suits: {_suits_text(state.chosen)}. Exposed: {self.exposed_text(state)}.")

    def exposed_text(self, state: HandState) -> str:
        cards = [c for cards in state.exposed.values() for c in cards]
        shown = ", ".join(state.ranking.describe(c) for c in cards) if cards else "nothing"
        if state.cut:
            shown += "; cut: " + ", ".join(state.ranking.describe(c) for c in state.cut)
        return shown

    def tell(self, state: HandState, p: int, action: Action, phase: Phase) -> None:
        """One line for an action the engine's log does not already tell."""
        out, name, kind = self.out, self.who(p), action.kind
        if kind is Kind.PLAY:
            trick = state.tricks[-1] if not state.current and state.tricks else None
            card = trick.cards[-1] if trick is not None else state.current[-1]
            promoted = trick.promoted[-1] if trick is not None else state.current_promoted[-1]
            out(f"{name} plays {state.ranking.describe(card, promoted)}.")
        elif kind is Kind.KEEP:
            out(f"{name} keeps the stock's cards.")
        elif kind is Kind.PASS:
            out(f"{name} passes ({'keeps the king' if phase is Phase.CLAIM else 'does not trade'}).")
        elif kind is Kind.WITH:
            out(f"{name} takes {state.ranking.describe(action.card)} along with the stock.")
        elif kind is Kind.EXPOSE:
            out(f"{name}, the dealer, exposes {state.ranking.describe(action.card)}.")

    def tell_trick(self, state: HandState, trick: Trick, number: int) -> None:
        out = self.out
        plays = ", ".join(f"{self.who(q)} {c.symbol}" for q, c in zip(trick.players, trick.cards))
        out(f"-- Trick {number}: {plays}")
        for reason in trick.explain(state.chosen).reasons:
            out(f"   {reason.text}")
        t = state.team_tricks()
        out(f"-- {self.who(trick.winner)} wins trick {number}. Tricks: A {t[0]}, B {t[1]}.")

    def end_hand(self, state: HandState) -> None:
        out = self.out
        result = state.result
        assert result is not None
        out("")
        out(f"Hand {self.hand_no} is over: {self.say(result.reason)}")
        change = self.game.score()
        for reason in change.reasons:
            out(reason.render(teams=TEAM_LETTERS))
        out(chalk_text(self.board.state))
        if self.reviewing:
            self.review(state)

    def review(self, state: HandState) -> None:
        """Your decisions in the hand, each judged as the site's review judges it (every card visible, the same time
        for each), in its words."""
        from stytvolt.cli_table import decisions_lines, judged

        out = self.out
        out("")
        if self.interactive:
            out.write("Reviewing your decisions, every card visible…")
        seed = self.seed * 1000 + self.hand_no
        decisions = judged(state, self.mine, seed)
        if self.interactive:
            out("")
        for line in decisions_lines("styrivolt", decisions, len(self.hinted), state, lambda k: k in self.hinted):
            out(line)

    # -- your decisions ----------------------------------------------------------------

    def ask(self, state: HandState) -> Action:
        self.screen(state)
        legal = self.ordered(state, state.to_move)
        while True:
            self.out.write("> ")
            line = self.read_line()
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
            if low in ("?", "why"):
                self.explain_last(state)
                continue
            if low in ("r", "ranking"):
                print_ranking(self.out, state.chosen)
                continue
            if low in WHY_KEYS:
                self.why_last()
                continue
            if low in HINT_KEYS:
                self.hint(state)
                continue
            if low in HELP_KEYS:
                self.help()
                continue
            if low in ("s", "show"):
                self.screen(state)
                continue
            try:
                action = self.read_action(typed, legal)
                if action not in legal:
                    state.apply(action)  # raises IllegalAction, naming the rule
                return action
            except (CardParseError, IllegalAction) as err:
                text = self.say(err.reason) if isinstance(err, IllegalAction) else str(err)
                message = f"{typed!r} is not allowed now: {text}" if isinstance(err, IllegalAction) else text
                if not self.interactive:
                    raise CliError(message) from None
                self.out.error(message)

    @staticmethod
    def read_action(typed: str, legal: list[Action]) -> Action:
        try:
            n = whole_text(typed, "an action's number")
        except StytvoltError:
            return parse_action(typed)  # not a number: an action's text
        if not 1 <= n <= len(legal):
            raise CardParseError(f"{shown(typed)} is not one of the numbered actions: type 1 to {len(legal)}")
        return legal[n - 1]

    def help(self) -> None:
        out = self.out
        out("Type the number of an action, or its text: a card to play (H2 or ♥2), take (the stock),")
        out("trade H5 H7 (a trader for the exposed card), keep, discard C2, back, both, pass, stop, play-on.")
        out("h gives a hint: the coach's choice for you, from what you can see, and why; ? explains the")
        out("last trick; w says why the last computer move was made; r shows the ranking of every card;")
        out("s shows the table again; help lists these keys; q quits.")

    def hint(self, state: HandState) -> None:
        """The coach's hint for your decision now (from your seat's observation alone): the action, then why."""
        from stytvolt.analysis.coach import hint
        from stytvolt.cli_table import hint_lines

        if self.interactive:
            self.out.write("Thinking…")
        given = hint(state, self.seat, self.seed * 1000 + self.hand_no, names=list(self.names))
        if self.interactive:
            self.out("")
        self.hinted.add(self.done)
        legal = self.ordered(state, self.seat)
        action = next(a for a in legal if str(a) == given.action)
        words = f"{legal.index(action) + 1}) {self.action_text(state, self.seat, action)}"
        for line in hint_lines("styrivolt", given, words):
            self.out(line)

    def why_last(self) -> None:
        """Why the last computer move was made: its player (the same level and seed) decides again on the same
        observation and gives the idea and the figures, a card you have not seen said as "a hidden card"."""
        from stytvolt.analysis.coach import Hint, seen_cards, why
        from stytvolt.core.words import hidden_words
        from stytvolt.cli_table import why_line

        if self.last_move is None:
            self.out("No computer player has moved yet in this hand.")
            return
        p, action, before, own = self.last_move
        over = self.state is not None and self.state.is_terminal()
        learner = None if self.auto or over else self.seat
        if self.interactive:
            self.out.write("Thinking…")
        reason = why(before, p, action, self.seed * 4 + p, level=self.level, learner=learner, names=list(self.names))
        if self.interactive:
            self.out("")
        hid = learner is not None and "hidden card" in reason.reason.lower()
        note = " (Cards you had not seen are not named until the hand is over.)" if hid else ""
        self.out(f"{self.who(p)}: {describe_action(action)}.")
        if not reason.figures.scores and not reason.figures.rule and len(before.legal_actions()) > 1:
            # The beginner breaks ties with one generator over the game, so asked afresh it may choose another of
            # the cards alike: its own rule of thumb, as it said when it moved, is the reason.
            said = own
            if learner is not None:
                after = before.clone()
                after.apply(action)
                said, hidden = hidden_words(own, seen_cards(after, learner))
                note = " (Cards you had not seen are not named until the hand is over.)" if hidden else ""
            reason = Hint(reason.action, said, reason.figures, reason.level)
        self.out(why_line("styrivolt", f"{self.names[p]}'s reasoning", reason, note))

    def explain_last(self, state: HandState) -> None:
        if not state.tricks:
            self.out("No trick has been completed in this hand yet.")
            return
        self.tell_trick(state, state.tricks[-1], len(state.tricks))

    def screen(self, state: HandState) -> None:
        out, p, ranking = self.out, state.to_move, state.ranking
        out("")
        out("-" * 60)
        trick_no = min(len(state.tricks) + 1, 9)
        partner = self.names[(p + 2) % 4]
        out(f"Hand {self.hand_no}, trick {trick_no} of 9. You are {self.names[p]}, with {partner} (team {'AB'[p % 2]}).")
        if state.phase is Phase.EXPOSE:
            out("You dealt and turned these cards from the stock:")
            for reason in state.choice.reasons:
                out(f"  {reason.text}")
        else:
            out(f"Chosen suits: {_suits_text(state.chosen)}.")
            out(f"Exposed: {self.exposed_text(state)}.")
            stock = f"Stock: {len(state.pile)} cards face down"
            if state.takes:
                stock += f" (taken by {', '.join(self.who(t.player) for t in state.takes)})"
            if any(a.kind is Kind.TAKE_STOCK for a in state.legal_actions()):
                if state.has_right_to_stock(p):
                    stock += "; you have the right to take it (you were dealt no stikkar)"
                else:
                    stock += "; you may take it, but you have no right to it (you hold a stikkar): a penalty"
            elif state.tricks and not state.takes and not state.rules.late_stock:
                stock += "; the first trick is over, so nobody can take it now"
            elif not state.tricks and not state.has_right_to_stock(p):
                stock += "; you hold a stikkar, so you have no right to take it"
            out(stock + ".")
        t = state.team_tricks()
        out(f"Tricks won: A {t[0]}, B {t[1]} (five win the hand).")
        if state.current:
            plays = ", ".join(f"{self.who((state.leader + i) % 4)} {c.symbol}" for i, c in enumerate(state.current))
            out(f"Trick so far: {plays}")
            promoted = [i for i, flag in enumerate(state.current_promoted) if flag]
            so_far = explain_trick(state.current, state.chosen, promoted)
            for reason in so_far.reasons[:-1]:
                out(f"  {reason.text}")
            best = so_far.winner
            mine = " (your partner)" if (state.leader + best) % 2 == p % 2 else ""
            out(f"  {self.who((state.leader + best) % 4)}{mine} is winning with "
                f"{ranking.describe(so_far.winning_card, state.current_promoted[best])}.")
        elif state.phase is Phase.PLAY and p == state.leader:
            out("You lead to this trick." if state.tricks else "You lead to the first trick (a lamb cannot be led to it).")
        out("Your hand:")
        for line in self.hand_lines(state, p):
            out(f"  {line}")
        out(self.situation(state, p))
        legal = self.ordered(state, p)
        width = len(str(len(legal)))
        for i, action in enumerate(legal, 1):
            out(f"  {i:>{width}}) {self.action_text(state, p, action)}")

    def ordered(self, state: HandState, p: int) -> list[Action]:
        """The legal actions, numbered as shown: the cards in the order of the hand, then the rest."""
        legal = state.legal_actions()
        place = {c: i for i, c in enumerate(self.sorted_hand(state, p))}

        def key(a: Action) -> tuple[int, int]:
            if a.kind is Kind.PLAY:
                return (0, place.get(a.card, len(place)))
            if a.kind is Kind.KEEP:
                return (1, 0)
            if a.kind is Kind.DISCARD:
                return (2, place.get(a.card, len(place)))
            return (3, 0)  # sorted() is stable: the rest keep the engine's order

        return sorted(legal, key=key)

    def sorted_hand(self, state: HandState, p: int, cards: Iterable[Card] | None = None) -> list[Card]:
        """The hand (or ``cards``) by suit, the chosen suits first, each suit strongest first."""
        ranking = state.ranking
        order = [*state.chosen, *(s for s in Suit if s not in state.chosen)]
        return sorted(
            state.hands[p] if cards is None else cards,
            key=lambda c: (order.index(c.suit), -card_worth(ranking, c, self.promoted(state, p, c)), -c.rank),
        )

    @staticmethod
    def promoted(state: HandState, p: int, card: Card) -> bool:
        """Whether ``card`` plays as four of a kind (the rules' own fact)."""
        return state.played_as(p, card)[1]

    def hand_lines(self, state: HandState, p: int) -> list[str]:
        ranking = state.ranking
        lines = []
        cards = self.sorted_hand(state, p)
        for suit in [*state.chosen, *(s for s in Suit if s not in state.chosen)]:
            mine = [c for c in cards if c.suit is suit]
            if mine:
                shown = ", ".join(self.card_text(ranking, c, self.promoted(state, p, c)) for c in mine)
                tag = " (chosen)" if suit in state.chosen else ""
                lines.append(f"{suit.symbol} {suit.english}{tag}: {shown}")
        return lines

    @staticmethod
    def card_text(ranking: Ranking, card: Card, promoted: bool = False) -> str:
        role = ranking.role(card, promoted)
        if role is Role.PLAIN:
            return card.symbol
        return f"{card.symbol} {ranking.names(card, promoted).english}"

    def situation(self, state: HandState, p: int) -> str:
        phase = state.phase
        if phase is Phase.EXPOSE:
            return "You may choose which of these equal cards to expose:"
        if phase is Phase.CLAIM:
            return "The cut turned up a permanent stikkar: you may give your king for it (the king goes with the stock)."
        if phase is Phase.LAST_CHANCE:
            taker = next((q for q, a in reversed(state.history) if a.kind is Kind.TAKE_STOCK), None)
            who = self.who(taker) if taker is not None else "Someone"
            return (f"{who} is taking the stock, and an exposed pair would go with it: last chance to trade "
                    "your trader for one of them.")
        if phase is Phase.WITH:
            return "You are taking the stock: choose which exposed card of the pair goes with it."
        if phase is Phase.STOCK_DECISION:
            take = state.takes[-1]
            original = ", ".join(self.card_text(state.ranking, c) for c in self.sorted_hand(state, p, take.original))
            return (f"You took the stock (your hand above). Your old hand was: {original}.\n"
                    "Keep the stock's cards (or discard one you can spare), or where allowed take your hand back or keep both:")
        if phase is Phase.PLAY_ON:
            return ("Your team took the first five tricks: it has kept in. Stop and score that, "
                    "or play on for all nine tricks (lose one and it is an ordinary game):")
        if state.current:
            return "Your turn to play:"
        return "Your lead:"

    def action_text(self, state: HandState, p: int, action: Action) -> str:
        ranking = state.ranking
        kind = action.kind
        if kind is Kind.PLAY:
            card = action.card
            fetched = trader_fetch(ranking, card, state.exposed.get(card.suit, ()))
            if fetched is not None:
                return f"{card.symbol} trader: fetches and plays {ranking.describe(fetched, state.played_as(p, card)[1])}"
            return self.card_text(ranking, card, self.promoted(state, p, card))
        if kind is Kind.TRADE:
            give, take = action.cards
            return f"trade {give.symbol} for {ranking.describe(take)}"
        if kind is Kind.TAKE_STOCK:
            return f"take the stock ({len(state.pile)} cards) in exchange for your hand"
        if kind is Kind.KEEP:
            return "keep the stock's cards"
        if kind is Kind.DISCARD:
            return f"discard {self.card_text(ranking, action.card)} (keep the stock's other cards)"
        if kind is Kind.GO_BACK:
            return "back: take your own hand back"
        if kind is Kind.KEEP_BOTH:
            return "both: keep your hand and the stock's cards"
        if kind is Kind.PASS:
            return "pass: keep your king" if state.phase is Phase.CLAIM else "pass: do not trade"
        if kind is Kind.WITH:
            return f"with {ranking.describe(action.card)}: it goes with the stock to you"
        if kind is Kind.EXPOSE:
            return f"expose {ranking.describe(action.card)}"
        if kind is Kind.STOP:
            return "stop: score the keeping-in now"
        if kind is Kind.PLAY_ON:
            return "play-on: try for all nine tricks"
        return str(action)


def play(args: argparse.Namespace, out: Output, coached: Any = None) -> int:
    """``stytvolt play`` of Stýrivolt: its own terminal game (``coached``: the options the frame checked)."""
    game = TerminalGame(args, out, sys.stdin, coached)
    return game.run()
