"""Exercise stytvolt and print the results as ONE JSON document on stdout.

Runs unchanged under CPython and under Pyodide (``node tests/pyodide/run.mjs
<wheel> tests/pyodide/checks.py``); tests/pyodide/test_pyodide.py runs it in
both and requires the two documents to be identical.  Facts about the
interpreter go to stderr only, so stdout does not depend on the runtime.

Adding a check: write a function that returns JSON-ready data (dicts, lists,
str, int, float, bool, None; tuples, sets and non-str dict keys are converted)
and decorate it with ``@check`` (its name, less a ``check_`` prefix, is its
key) or ``@check("some.name")``.  Keep it deterministic and dependency-free
(standard library and stytvolt only).  An exception in a check becomes
``{"error": "<type>: <message>"}`` in its slot; use :func:`attempt` to do the
same for one item inside a check, so one bad item does not hide the rest.

Record what the package produces, not text the interpreter makes up (the
messages of built-in exceptions, reprs of enums, float reprs of computed
values...): CPython here may be 3.11 while Pyodide is 3.14, and such text can
differ between versions without anything being wrong.

Usage: ``python checks.py [NAME_PREFIX ...] [--except=NAME_PREFIX ...]`` runs
the checks whose names start with one of the prefixes (all of them by
default), less those whose names start with an ``--except`` prefix;
``--list`` lists them.
"""

from __future__ import annotations

import json
import re
import pickle
import sys
from typing import Any, Callable, TypeVar

import stytvolt
from stytvolt.core import cards
from stytvolt.styrivolt.pack import STYRIVOLT_PACK

CHECKS: dict[str, Callable[[], object]] = {}

F = TypeVar("F", bound=Callable[[], object])


def check(name_or_fn: str | F) -> Any:
    """Register a check: ``@check`` or ``@check("name")``."""

    def register(fn: F, name: str) -> F:
        if name in CHECKS:
            raise ValueError(f"two checks are named {name!r}")
        CHECKS[name] = fn
        return fn

    if callable(name_or_fn):
        fn = name_or_fn
        return register(fn, fn.__name__.removeprefix("check_"))
    return lambda fn: register(fn, name_or_fn)


def error_of(exc: BaseException) -> dict[str, str]:
    return {"error": f"{type(exc).__name__}: {exc}"}


def attempt(fn: Callable[[], object]) -> object:
    """``fn()``, or ``{"error": "<type>: <message>"}`` if it raises."""
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - the point is to record it
        return error_of(exc)


def jsonable(value: object) -> object:
    """Turn a check's result into plain JSON data (deterministically)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):  # IntEnum members included
        return int(value)
    if isinstance(value, float):
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, ensure_ascii=False))
    raise TypeError(f"not JSON data: {type(value).__name__} {value!r}")


# ---------------------------------------------------------------------------
# stytvolt (the package itself)


@check("package.version")
def check_version() -> object:
    return {"version": stytvolt.__version__, "all": sorted(stytvolt.__all__)}


# ---------------------------------------------------------------------------
# stytvolt.core.cards


@check("cards.suits")
def check_suits() -> object:
    return {
        s.name: {
            "value": int(s),
            "str": str(s),
            "letter": s.letter,
            "symbol": s.symbol,
            "english": s.english,
            "singular": s.singular,
            "is_red": s.is_red,
        }
        for s in cards.Suit
    }


@check("cards.ranks")
def check_ranks() -> object:
    return {
        r.name: {"value": int(r), "str": str(r), "letter": r.letter, "english": r.english, "plural": r.plural}
        for r in cards.Rank
    }


@check("cards.all_cards")
def check_all_cards() -> object:
    return [
        {
            "str": str(c),
            "repr": repr(c),
            "symbol": c.symbol,
            "english": c.english,
            "index": c.index,
            "suit": c.suit.name,
            "rank": c.rank.name,
        }
        for c in cards.ALL_CARDS
    ]


def _forms(card: cards.Card) -> dict[str, str]:
    s, r, sym = card.suit.letter, card.rank.letter, card.suit.symbol
    forms = {
        "suit-rank": s + r,
        "lower": (s + r).lower(),
        "rank-suit": r + s,
        "symbol-rank": sym + r,
        "rank-symbol": r + sym,
    }
    if card.rank is cards.Rank.TEN:
        forms.update({"ten-as-10": s + "10", "ten-as-10-rank-suit": "10" + s, "ten-as-10-symbol": sym + "10"})
    return forms


@check("cards.parse_every_form")
def check_parse_every_form() -> object:
    """Every card of the 52 in every accepted form: what it parses to, and that it is the one interned card."""
    out: dict[str, object] = {}
    for card in cards.ALL_CARDS:
        row: dict[str, object] = {}
        for form, text in _forms(card).items():
            def parse(text: str = text, card: cards.Card = card) -> object:
                parsed = cards.parse_card(text)
                return {"text": text, "parsed": str(parsed), "is_card": parsed is card,
                        "via_Card.parse": str(cards.Card.parse(text))}
            row[form] = attempt(parse)
        out[str(card)] = row
    return out


@check("cards.parse_whitespace_and_emoji")
def check_parse_lenient() -> object:
    return {text: attempt(lambda text=text: str(cards.parse_card(text)))
            for text in (" H2 ", "\tsk\n", "♥\ufe0f2", "2♥\ufe0f", "hT", "tH", "♣a", "a♣")}


BAD_TOKENS = ("X1", "H1", "", "H22", " ", "HH", "22", "1H", "S♠", "♥", "ZZZ", "h 2", "H0", "H11", "♥♥2")


@check("cards.parse_errors")
def check_parse_errors() -> object:
    out: dict[str, object] = {}
    for token in BAD_TOKENS:
        try:
            parsed = cards.parse_card(token)
        except cards.CardParseError as exc:
            out[repr(token)] = {"raises": type(exc).__name__, "message": str(exc),
                                "is_value_error": isinstance(exc, ValueError)}
        except Exception as exc:  # noqa: BLE001 - a different exception type is a finding
            out[repr(token)] = {"unexpected": error_of(exc)}
        else:
            out[repr(token)] = {"parsed": str(parsed)}
    return out


@check("cards.suit_parse")
def check_suit_parse() -> object:
    words = ("S", "h", "♦", "♣\ufe0f", "Spades", "HEART", "diamond", "clubs", "x", "", "hearts ")
    return {repr(w): attempt(lambda w=w: cards.Suit.parse(w).name) for w in words}


@check("cards.parse_cards")
def check_parse_cards() -> object:
    cases: dict[str, Callable[[], object]] = {
        "spaces": lambda: cards.parse_cards("H2 SK s3"),
        "commas": lambda: cards.parse_cards("♥2,♠K, 3s"),
        "empty": lambda: cards.parse_cards(""),
        "iterable": lambda: cards.parse_cards(["H2", "", "2h"]),
        "bad token": lambda: cards.parse_cards("H2 X1 SK"),
        "not in styrivolt pack": lambda: cards.parse_cards("H2 HT", pack=STYRIVOLT_PACK),
        "in styrivolt pack": lambda: cards.parse_cards("H2 HA", pack=STYRIVOLT_PACK),
        "unique dup": lambda: cards.parse_cards("H2 SK 2H", unique=True),
        "unique ok": lambda: cards.parse_cards("H2 SK", unique=True),
    }
    return {name: attempt(lambda fn=fn: [str(c) for c in fn()]) for name, fn in cases.items()}


@check("cards.format_cards")
def check_format_cards() -> object:
    hand = cards.parse_cards("H2 SK S3 DT CA")
    return {"plain": cards.format_cards(hand), "symbols": cards.format_cards(hand, symbols=True),
            "round_trip": [str(c) for c in cards.parse_cards(cards.format_cards(hand, symbols=True))]}


@check("cards.packs")
def check_packs() -> object:
    out: dict[str, object] = {}
    packs = {a: getattr(cards, a) for a in cards.__all__ if a.endswith("_PACK")} | {"STYRIVOLT_PACK": STYRIVOLT_PACK}
    for attr, pack in sorted(packs.items()):
        out[attr] = {
            "name": pack.name,
            "description": pack.description,
            "len": len(pack),
            "repr": repr(pack),
            "cards": cards.format_cards(pack),
            "contains_HT": cards.parse_card("HT") in pack,
            "iter_matches_cards": list(pack) == list(pack.cards),
        }
    return out


@check("cards.identity_and_order")
def check_identity_and_order() -> object:
    h2 = cards.parse_card("H2")
    shuffled = list(reversed(cards.ALL_CARDS))
    return {
        "constructed_is_parsed": cards.Card(cards.Suit.HEARTS, cards.Rank.TWO) is h2,
        "from_index": [str(cards.Card.from_index(i)) for i in (0, 12, 13, 51)],
        "from_index_bad": attempt(lambda: cards.Card.from_index(52)),
        "bad_construct": attempt(lambda: cards.Card(9, 2)),  # type: ignore[arg-type]
        "pickle_is_same_object": pickle.loads(pickle.dumps(h2)) is h2,
        "sorted_matches_index_order": sorted(shuffled) == list(cards.ALL_CARDS),
        "lt": [h2 < cards.parse_card("H3"), cards.parse_card("SA") < h2],
        "immutable": attempt(lambda: setattr(h2, "rank", cards.Rank.ACE)),
        "hash_set_size": len({cards.parse_card(t) for t in ("H2", "h2", "2H", "♥2", "2♥")}),
    }


# ---------------------------------------------------------------------------


# -- the Stýrivolt engine ----------------------------------------------------------
# The same answers the CPython tests pin, computed again here so that Pyodide
# must agree with CPython on every trick, suit choice, chalk-up and hand.

import hashlib
import random

from stytvolt.styrivolt import (
    Chalkboard, HandState, Ranking, Result, Rules, CutRule, Scoring, choose_suits, explain_trick, trick_winner,
)
from stytvolt.styrivolt.chalk import chalk_description
from stytvolt.styrivolt.site.chalk import chalk_svg, chalk_text

PAIRS = ("S,H", "S,D", "S,C", "H,D", "H,C", "D,C")
RANDOM_HANDS = 10_000


def _digest(items: list[object]) -> str:
    return hashlib.sha256(json.dumps(items, ensure_ascii=False, sort_keys=True).encode()).hexdigest()


@check("styrivolt.ranking")
def check_ranking() -> object:
    out = {}
    for pair in PAIRS:
        r = Ranking.of(pair)
        out[pair] = [[heading, [f"{c} {r.names(c).english}" for c in group]] for heading, group in r.groups()]
    return out


@check("styrivolt.tricks")
def check_tricks() -> object:
    rng = random.Random(5)
    pack = [c for c in STYRIVOLT_PACK]
    winners, texts = [], []
    for i in range(20_000):
        pair = PAIRS[i % 6]
        trick = rng.sample(pack, rng.randint(1, 4))
        winners.append(trick_winner(trick, pair))
        if i % 50 == 0:
            texts.append([r.text for r in explain_trick(trick, pair).reasons])
    return {"winners": _digest(winners), "explanations": _digest(texts),
            "issue_example": [trick_winner("CJ S4 CA H3", "H,S"), trick_winner("CJ CA S4 H3", "H,S")],
            "sample": texts[:3]}


@check("styrivolt.choosing")
def check_choosing() -> object:
    examples = {s: [[x.letter for x in choose_suits(s).chosen], [str(c) for c in choose_suits(s).exposed]]
                for s in ("H2 SK S3 HJ D9", "C6 C4 DA CA D7 H5", "H9 H5 H4 C7 C6 H2 S9")}
    rng = random.Random(6)
    pack = list(STYRIVOLT_PACK)
    results = []
    for _ in range(5_000):
        stock = rng.sample(pack, 12)
        try:
            c = choose_suits(stock)
            results.append([[s.letter for s in c.chosen], [str(x) for x in c.exposed], [r.text for r in c.reasons]])
        except ValueError as err:
            results.append(str(err))
    return {"examples": examples, "random": _digest(results)}


@check("styrivolt.chalk")
def check_chalk() -> object:
    steps = [(1, Result.ORDINARY), (0, Result.KEPT_IN), (0, Result.ORDINARY), (0, Result.ORDINARY), (0, Result.KEPT_IN),
             (1, Result.KEPT_IN), (0, Result.ORDINARY), (1, Result.NINE_TRICKS), (0, Result.ORDINARY), (1, Result.ORDINARY)]
    board = Chalkboard()
    example = []
    for team, result in steps:
        change = board.record(team, result)
        example.append([change.after.as_dict(), [r.text for r in change.reasons]])
    rng = random.Random(7)
    states = []
    for scoring in Scoring:
        b = Chalkboard(scoring=scoring)
        for _ in range(3_000):
            b.record(rng.randint(0, 1), rng.choice(list(Result)))
            states.append(b.state.as_dict())
    return {"example": example, "random": _digest(states), "svg": _digest([chalk_svg(board.state)]),
            "text": chalk_text(board.state), "description": chalk_description(board.state)}


@check("styrivolt.hands")
def check_hands() -> object:
    """10,000 seeded random hands, every rule switch in turn, with the engine's own checks at every step."""
    rng = random.Random(8)
    variants = [Rules(), Rules(compulsory_beating=True), Rules(late_stock=True), Rules(open_choosing=True),
                Rules(cut_for_stikkar=CutRule.TWO_STIKKAR, queen_claims_cut_stikkar=True),
                Rules(king_of_hearts_takes_bird=True, scoring=Scoring.PENGUIN), Rules(enforce_stock_right=False)]
    summaries, problems, results = [], [], {}
    for n in range(RANDOM_HANDS):
        rules = variants[n % len(variants)]
        state = HandState.deal(rng=rng, dealer=n % 4, rules=rules)
        while not state.is_terminal():
            found = state.validate()
            if found:
                problems.append([n, found])
            state.apply(rng.choice(state.legal_actions()))
        found = state.validate()
        if found:
            problems.append([n, found])
        r = state.result
        results[r.result.name] = results.get(r.result.name, 0) + 1
        summaries.append([state.dumps(), r.team, r.result.name, list(state.team_tricks()), state.returns()])
    return {"hands": RANDOM_HANDS, "results": results, "problems": problems[:5], "digest": _digest(summaries),
            "first": summaries[0][0]}


@check("sjavs.hands")
def check_sjavs_hands() -> object:
    """1,500 seeded random Sjavs hands for four, three and two players: every action, result and return."""
    from stytvolt.sjavs import HandState as SjavsHand

    rng = random.Random(11)
    summaries, bands = [], {}
    for n in range(1_500):
        players = (4, 3, 2)[n % 3]
        state = SjavsHand.deal(n, dealer=n % players, players=players, cut=n % 2 == 0)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        band = "passed" if result is None else result.band
        bands[band] = bands.get(band, 0) + 1
        summaries.append([state.to_json(), band, state.returns()])
    return {"bands": bands, "digest": _digest(summaries), "first": summaries[0][0]}


@check("sjavs.queries")
def check_sjavs_queries() -> object:
    """The Sjavs query functions on fixed inputs, refusals included."""
    from stytvolt.sjavs import card_points, hand_score, legal_plays, trick_winner, trump_lengths, winning_bid

    return {
        "winner": [trick_winner(t, trump) for t, trump in (("C7 CQ CA C8", "H"), ("H9 HA S7 HK", "S"), ("HT HJ DJ HA", "D"))],
        "legal": [str(c) for c in legal_plays("CQ CA H7 S8", "C7", "H")],
        "lengths": str(trump_lengths("CQ SJ HA HK H7 C9 D8 S7")),
        "bid": str(winning_bid([(1, "pass"), (2, "6"), (3, "6 clubs")])),
        "points": card_points("CA HT SK DQ CJ H9"),
        "scores": [[s.scorer, s.points, s.band, s.reason.text] for s in (
            hand_score("C", 75, 5), hand_score("H", 0, 1), hand_score("S", 120, 8, alone=True), hand_score("D", 60, 4))],
        "refused": attempt(lambda: winning_bid([(1, "6"), (2, "6")])),
    }


# -- the site's engine calls (what the browser worker runs) ----------------------------

from stytvolt.web import handle, handle_json, render_figure, render_widget

WEB_REQUESTS = [
    {"widget": "ranking", "params": {"chosen": pair}} for pair in PAIRS
] + [
    {"widget": "ranking", "params": {"action": "random", "seed": "3"}},
    {"game": "styrivolt", "widget": "trick", "params": {"chosen": "H,S", "cards": "CJ S4 CA H3"}},
    {"widget": "trick", "params": {"chosen": "H,S", "cards": "HA C2", "promoted": "2"}},
    {"widget": "trick", "params": {"chosen": "H,S", "cards": "CJ X1"}},
    {"game": None, "widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5", "action": "next", "turned": "2"}},
    {"widget": "choose", "params": {"stock": "H9 H5 H4 C7 C6 H2 S9"}},
    {"widget": "chalk", "params": {"records": "B:ordinary A:kept-in A:ordinary", "add": "B:nine-alone"}},
    {"widget": "chalk", "params": {"records": "B:ordinary", "action": "undo"}},
    {"widget": "chalk", "params": {"records": " ".join(["A:nine"] * 200)}},
]

# Requests that must be refused cleanly, as JSON text (what the worker receives).
WEB_BAD_JSON = {
    "unknown game": '{"game": "chess", "widget": "trick"}',
    "game not text": '{"game": 5, "widget": "trick"}',
    "widget not text": '{"widget": 5}',
    "no widget": "{}",
    "params a number": '{"widget": "trick", "params": 5}',
    "params null": '{"widget": "trick", "params": null}',
    "params a list": '{"widget": "trick", "params": [1, 2]}',
    "nested param": '{"widget": "trick", "params": {"cards": {"a": [1, {"b": null}]}}}',
    "deep list": "[" * 15_000,
    "deep object": '{"a":' * 3_000 + "1" + "}" * 3_000,
    "deep param": '{"widget": "trick", "params": {"cards": ' + "[" * 5_000 + "]" * 5_000 + "}}",
    "not json": "{not json",
    "a list": "[1, 2]",
    "too long": '{"widget": "trick"}' + " " * 20_000,
    "long param": json.dumps({"widget": "trick", "params": {"cards": "H2 " * 700}}),
    "many params": json.dumps({"widget": "ranking", "params": {str(i): "" for i in range(21)}}),
    "five cards": '{"widget": "trick", "params": {"cards": "H2 SK S3 DJ H6"}}',
    "thirteen in the stock": '{"widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5 S2 H8 DQ SJ C9 HK S9"}}',
    "201 results": json.dumps({"widget": "chalk", "params": {"records": " ".join(["A:nine"] * 201)}}),
    "long bad card": json.dumps({"widget": "trick", "params": {"cards": "X" * 1_999}}),
    "half a surrogate pair": '{"widget": "chalk", "params": {"title": "\\ud800"}}',
}


@check("web.requests")
def check_web_requests() -> object:
    return [handle(r) for r in WEB_REQUESTS]


@check("web.bad_requests")
def check_web_bad_requests() -> object:
    out = {}
    for name, text in WEB_BAD_JSON.items():
        response = json.loads(handle_json(text))
        # What follows is json's own message, which may change between Python versions.
        if response.get("error", "").startswith("the request is not JSON: "):
            response["error"] = "the request is not JSON: …"
        out[name] = response
    return out


@check("web.widgets")
def check_web_widgets() -> object:
    return {kind: _digest([render_widget(kind, params)]) for kind, params in [
        ("ranking", {"chosen": "H,S"}), ("trick", {"chosen": "H,S", "cards": "CJ S4 CA H3"}),
        ("choose", {"stock": "C6 C4 DA CA D7 H5"}), ("chalk", {"records": ""})]} | {
        "glossary": _digest([render_figure("glossary", {})]),
        "chalk figure": render_figure("chalk", {"records": "B:ordinary A:kept-in"}, game="styrivolt")}


@check("learn.questions")
def check_learn_questions() -> object:
    """Every kind at every level, 25 seeds each (some large): the same questions as in CPython, in full."""
    from stytvolt import learn

    out = {}
    for game in learn.games_with_kinds():
        for info in learn.kinds(game):
            for level in learn.LEVELS:
                for seed in [*range(20), 1_000_003, 2**31 - 1, 2**40 + 7, learn.MAX_SEED - 1, learn.MAX_SEED]:
                    q = learn.question(game, info.name, level, seed)
                    out[q.key] = q.as_dict()
    return out


@check("fast.tables")
def check_fast_tables() -> object:
    """The compiled trick tables of every pair, as a digest, and the winners of a few hundred random tricks."""
    import hashlib
    import random

    from stytvolt.styrivolt.fast import CARDS, compiled, play, winning_card

    out = {}
    for pair in ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C"):
        t = compiled(pair)
        digest = hashlib.sha256(repr((t.lead, t.after)).encode()).hexdigest()
        rng = random.Random(pair)
        winners = [str(CARDS[winning_card(t, [play(c) for c in rng.sample(range(48), 4)])]) for _ in range(300)]
        out[pair] = {"tables": digest, "winners": winners}
    return out


def _solver_positions(cards: int, count: int) -> list[object]:
    """Seeded deals played at random to endings of ``cards`` tricks with the stock closed (as tests/solver_reference.py)."""
    import random

    from stytvolt.core.errors import InvalidPosition
    from stytvolt.styrivolt import HandState, Rules
    from stytvolt.styrivolt.fasthand import check_solvable

    rng = random.Random(f"pyodide/{cards}")
    out: list[object] = []
    deal = 0
    while len(out) < count:
        deal += 1
        rules = Rules(compulsory_beating=rng.random() < 0.3, king_of_hearts_takes_bird=rng.random() < 0.4)
        state = HandState.deal(deal, dealer=deal % 4, rules=rules)
        while not state.is_terminal():
            if 9 - len(state.tricks) <= cards and sum(map(len, state.hands)) <= 4 * cards + 2:
                try:
                    check_solvable(state)
                except InvalidPosition:
                    pass
                else:
                    out.append(state)
                    break
            state.apply(rng.choice(state.legal_actions()))
    return out


@check
def check_solver() -> object:
    """Solutions of endings of 2 to 5 cards (values, best, line, nodes: the same search step for step) and goals."""
    from stytvolt.styrivolt.solver import achievable, solve

    out = []
    for cards, count in ((2, 40), (3, 30), (4, 15), (5, 6)):
        for state in _solver_positions(cards, count):
            sol = solve(state)  # type: ignore[arg-type]
            goals = [achievable(state, g, team) for g in ("win", "keep-in", "nine", 2) for team in (0, 1)]  # type: ignore[arg-type]
            out.append([sol.value, sol.values, list(sol.best), list(sol.tricks), list(sol.line), sol.nodes, goals])
    return out


@check
def check_playouts() -> object:
    """Random hands through the compiled hand, from one seeded generator."""
    import random

    from stytvolt.styrivolt.playout import random_hands

    return [[p.team, p.result.value, p.alone, list(p.tricks), list(p.returns)]
            for p in random_hands(200, random.Random(8))]


@check
def check_players() -> object:
    """Fair computer players' decisions (club and expert: pictured deals, play-outs, solves by node count)."""
    from stytvolt.styrivolt.hand import HandState
    from stytvolt.styrivolt.players import computer
    from stytvolt.styrivolt.sampling import sample
    import random

    out: list[object] = []
    for seed in range(4):
        state = HandState.deal(seed)
        for _ in range(4 + 6 * seed):  # into the play: the look-ahead solves from five cards a hand
            p = state.current_player()
            state.apply(computer("beginner", seed * 4 + p).choose(state.observation(p)))
        obs = state.observation(state.current_player())
        world = sample(obs, random.Random(seed))
        out.append(None if world is None else world.to_json())
        for level in ("club", "expert") if seed < 2 else ("club",):
            d = computer(level, seed).decide(obs)
            out.append([str(d.action), d.why, d.scores, d.deals])
    return out


@check
def check_review() -> object:
    """Every game's solver (GameInfo.solve, GameInfo.sides) and analysis.review on the last tricks of hands played
    to their end by each game's beginner: the same values, best actions and costs as in CPython."""
    from stytvolt.analysis import review

    setups = {"styrivolt": ({}, 5), "sjavs": ({"players": 4}, 8), "klorsjavs": ({"variant": "klorsjavs"}, 9),
              "knorri": ({"players": 4, "hand_size": 2}, 6), "brus": ({"players": 4}, 8), "vira": ({"players": 3}, 6)}
    out: dict[str, object] = {}
    for name, (options, tail) in setups.items():
        info = stytvolt.game(name)
        kind = info.part("table").KIND
        judged: list[object] = []
        for seed in range(2):
            state = info.new(seed, **options)
            bot = kind.bot(kind.levels[0][0], seed)
            count = 0
            while not state.is_terminal():
                state.apply(bot.choose(state.observation(state.current_player())))
                count += 1
            for player in range(state.num_players):
                judged.append([[d.action, d.index, d.value, d.best_value, list(d.best), d.cost, d.exact, d.solved]
                               for d in review(state, player, since=max(0, count - tail))])
            back = state.clone()
            for _ in range(min(count, tail)):
                back.undo()
            try:
                solution = info.solve(back)
                judged.append([solution.values, list(info.sides(back))])
            except stytvolt.InvalidPosition as err:
                judged.append(str(err))
        out[name] = judged
    return out


@check
def check_coach() -> object:
    """The coach in every game: hints at the expert's level and the reasons of computer moves told to seat 0 (hidden
    cards unnamed), a better line and a moment of a finished hand: the same words and figures as in CPython."""
    from stytvolt.analysis.coach import hint, why
    from stytvolt.analysis.review import better_line, moment

    setups = {"styrivolt": {}, "sjavs": {"players": 4}, "klorsjavs": {"variant": "klorsjavs"}, "knorri": {"players": 4},
              "brus": {"players": 4}, "vira": {"players": 3}}
    out: dict[str, object] = {}
    for name, options in setups.items():
        info = stytvolt.game(name)
        kind = info.part("table").KIND
        said: list[object] = []
        state = info.new(3, **options)
        bot = kind.bot(kind.levels[0][0], 3)
        count = 0
        while not state.is_terminal():
            seat = state.current_player()
            action = bot.choose(state.observation(seat))
            if len(state.legal_actions()) > 1 and count % 4 == 0:
                h = hint(state, seat, count)
                said.append([h.action, h.reason, h.idea, h.figures.scores, h.figures.worlds])
                if seat != 0:
                    said.append(why(state, seat, action, count, level="beginner", learner=0).reason)
            state.apply(action)
            count += 1
        tail = max(0, count - 4)
        said.append([list(better_line(state, tail)), str(moment(state, tail))])
        out[name] = said
    return out


@check("puzzles")
def check_puzzles() -> object:
    """The puzzle room in every game with puzzles, as the browser's worker runs it: each game's published puzzles
    read from the wheel's data, a few proven again (the shared proof on the game's solver), the refuting line of a wrong move worked out by the shared proof, and the room's
    answer to it worked out a slice at a time (as the worker runs it), with its answers to the right move and the
    hint ladder."""
    from stytvolt.analysis.puzzles import check_sound, published, refutation
    from stytvolt.web import begin_json
    from stytvolt.web.puzzles import puzzle_games

    out: dict[str, object] = {}
    for game in puzzle_games():
        every = published(game)
        out[game] = {"count": len(every), "ids": _digest([p.id for p in every])}
        for p in every[:: max(1, len(every) // 2)]:
            state = p.state()
            wrong = next(str(a) for a in state.legal_actions() if str(a) != p.key)
            job = begin_json(json.dumps({"game": game, "widget": "puzzle",
                                         "params": {"do": "try", "puzzle": p.id, "try": wrong}}))
            slices = 0
            while not json.loads(job.step(0))["done"]:
                slices += 1
            answers = [job.response] + [handle({"game": game, "widget": "puzzle", "params": params}) for params in (
                {"do": "try", "puzzle": p.id, "try": p.key}, {"do": "hint", "puzzle": p.id, "hints": "2"})]
            out[p.id] = {"sound": check_sound(p), "refutation": list(refutation(state, p.player, wrong)),
                         "sliced": slices > 1,
                         "answers": _digest(answers)}
    return out


@check("learn.sjavs_klorsjavs")
def check_learn_sjavs_klorsjavs() -> object:
    """Sjavs's and Klørsjavs's kinds beyond learn.questions' seeds: 60 more a level, explained with the site's
    seat names, each with its rule link's title (in full for the first five, as a digest for the rest), and the
    quiz widget's HTML for one question of each kind at each level."""
    from stytvolt import learn
    from stytvolt.core.explain import COMPASS
    from stytvolt.web.learn import rule_title

    out: dict[str, object] = {}
    for game in ("sjavs", "klorsjavs"):
        for info in learn.kinds(game):
            for level in learn.LEVELS:
                asked = []
                for seed in range(20, 80):
                    q = learn.question(game, info.name, level, seed)
                    asked.append([q.as_dict(seats=COMPASS), rule_title(q.rule)])
                out[f"{game}/{info.name}/{level}"] = {"first": asked[:5], "digest": _digest(asked)}
                widget = handle({"game": game, "widget": "quiz", "params": {"key": f"{game}/{info.name}/{level}/99"}})
                out[f"{game}/{info.name}/{level}/widget"] = widget
    return out


@check("learn.quiz_widget")
def check_learn_quiz_widget() -> object:
    return [handle(r) for r in [
        {"widget": "quiz", "params": {"kind": "", "level": "2", "seed": "99"}},
        {"widget": "quiz", "params": {"key": "styrivolt/trick-winner/3/5"}},
        {"widget": "quiz", "params": {"level": "4"}},
    ]]


@check("web.sjavs_klorsjavs")
def check_web_sjavs_klorsjavs() -> object:
    """The two games' figures and widgets, and whole games at their tables driven to the end of the first hands."""
    out: dict[str, object] = {}
    asks = [
        ("sjavs", "trick", {"trump": "H", "cards": "S7 SA SQ ST"}),
        ("sjavs", "calculator", {"players": "4", "announcers": "1", "trump": "C", "points": "95", "tricks": "6",
                                 "action": "add", "sheet": ""}),
        ("sjavs", "hand", {"players": "4", "seed": "8", "step": "5"}),
        ("klorsjavs", "trick", {"variant": "klorsjavs", "cards": "HJ CA HA"}),
        ("klorsjavs", "calculator", {"variant": "klorsjavs", "declarer": "2", "points": "100", "action": "add"}),
        ("klorsjavs", "hand", {"variant": "klorsjavs", "seed": "13", "step": "4"}),
    ]
    for game, widget, params in asks:
        out[f"{game} {widget}"] = _digest([handle({"game": game, "widget": widget, "params": params})])
    for game, figure, params in [("sjavs", "order", {"trump": "H"}), ("klorsjavs", "order", {}),
                                 ("sjavs", "cards", {"cards": "CQ SQ CJ SJ HJ DJ", "trump": "D", "order": "trump"})]:
        out[f"{game} {figure} figure"] = _digest([render_figure(figure, params, game=game)])
    for game, setup in (("sjavs", "4"), ("sjavs", "3"), ("klorsjavs", "klorsjavs"), ("klorsjavs", "auction")):
        seen = []
        response = handle({"game": game, "widget": "table", "params": {"do": "new", "setup": setup, "seed": "77"}})
        for _ in range(400):
            seen.append(response.get("set", {}).get("game"))
            html = response.get("html", "")
            if 'data-turn="next"' in html or 'data-turn="over"' in html or not response.get("ok"):
                break
            text = response["set"]["game"]
            if 'data-turn="computer"' in html:
                params = {"do": "computer", "game": text}
            else:
                pick = re.search(r'data-pick="(\w+)"', html)
                cards = re.findall(r'name="pick" value="(\w+)"', html)
                action = (f"{pick.group(1)} {cards[0]} {cards[1]}" if pick and pick.group(1) == "swipe" else
                          f"{pick.group(1)} {cards[0]}" if pick else
                          re.findall(r'data-do="play" data-action="([^"]+)"', html)[0])
                params = {"do": "play", "game": text, "action": action}
            response = handle({"game": game, "widget": "table", "params": params})
        out[f"{game} {setup} table"] = {"texts": seen[-1:], "html": _digest([response])}
    return out



@check("vira.pages")
def check_vira_pages() -> object:
    """Vira's engine queries, question kinds and every figure and widget its pages use, as the browser answers them."""
    from stytvolt import learn
    from stytvolt.core.explain import COMPASS
    from stytvolt.vira import CONTRACTS, contract, outcome, overcalls, points

    out: dict[str, object] = {
        "contracts": [[c.number, c.swedish, c.english, c.kind.value, c.tricks, list(c.rates)] for c in CONTRACTS],
        "names": [contract(n).number for n in ("Gask på 3", "Gask 3", "Solo 6", "Vingel 7", "Köpmisär på 2", "gök")],
        "overcalls": [overcalls(a, b) for a, b in (("Gask 5", "Gask 6"), ("Solo 6", "Tringel 9"),
                                                     ("Solo 7 in colour", "Solo 7"), ("Vira", "Solo 9"))],
        "points": [points("Tringel 9", "preference"), points("Solo Vira", "colour"), points("Misère 4")],
        "outcome": [outcome("Draw 8", t).value for t in range(14)],
    }
    for info in learn.kinds("vira"):
        for level in learn.LEVELS:
            asked = [learn.question("vira", info.name, level, seed).as_dict(seats=COMPASS) for seed in range(20, 50)]
            out[f"quiz {info.name}/{level}"] = {"first": asked[:3], "digest": _digest(asked)}
    asks = [
        ("overcall", {"current": "Gask 6", "bid": "Gask på 5"}),
        ("overcall", {"current": "Solo 7", "current_class": "colour", "bid": "Solo 7", "bid_class": "colour",
                      "elder": "yes"}),
        ("contract", {"name": "Vingel 7", "tricks": "5", "trumps": "colour"}),
        ("contract", {"name": "Gask på 3", "tricks": "9"}),
        ("hand", {"seed": "33", "step": "12", "dealt": "vira:33"}),
        ("hand", {"seed": "115"}),
        ("quiz", {"key": "vira/overcalls/3/99"}),
    ]
    for widget, params in asks:
        out[f"widget {widget} {sorted(params.items())}"] = _digest([handle({"game": "vira", "widget": widget,
                                                                             "params": params})])
    for figure, params in [("contracts", {}), ("contract", {"name": "Gask 0"}), ("cut", {"cut": "S7"}),
                           ("settle", {"name": "Solo 8", "tricks": "6", "trumps": "preference"}),
                           ("trick", {"cards": "SK SA H2", "trump": "H"})]:
        out[f"figure {figure}"] = _digest([render_figure(figure, params, game="vira")])
    for name in ("gask", "vira", "cuckoo", "second-try", "surrender"):
        html = render_figure("hand", {"hand": name}, game="vira")
        out[f"figure hand {name}"] = {"titles": re.findall(r'data-title="([^"]*)"', html)[-3:], "html": _digest([html])}
    return out


@check("brus.pages")
def check_brus_pages() -> object:
    """Brus's engine queries, question kinds and every figure and widget its pages use, as the browser answers them."""
    from stytvolt import learn
    from stytvolt.brus import card_role, deal_score, explain_trick, legal_plays
    from stytvolt.core.explain import COMPASS

    out: dict[str, object] = {
        "roles": [str(card_role(c)) for c in ("CJ", "S8", "HK", "C9", "D6", "H7", "CK", "DQ")],
        "legal": [str(legal_plays(h, t)) for h, t in (("C9 HQ D6 S7", None), ("C9 HQ D6 S7", "SA"),
                                                        ("C9 HQ D6 S7", "HK"))],
        "tricks": [[explain_trick(p).winner, [r.text for r in explain_trick(p).steps]]
                   for p in ("D6 pass CA pass", "S9 C9 HK CJ", "S8 pass pass pass")],
        "scores": [[s.side, s.strokes, s.kind] for s in (deal_score((6, 3)), deal_score((0, 6), straight=True),
                                                         deal_score((5, 4), club_king_side=0),
                                                         deal_score((5, 5), club_king_side=1))],
    }
    for info in learn.kinds("brus"):
        for level in learn.LEVELS:
            asked = [learn.question("brus", info.name, level, seed).as_dict(seats=COMPASS) for seed in range(20, 60)]
            out[f"quiz {info.name}/{level}"] = {"first": asked[:3], "digest": _digest(asked)}
    asks = [
        ("trick", {"plays": "S9 C9", "hand": "HA SA D7 CK HK"}),
        ("trick", {"plays": "D6 pass CA SJ"}),
        ("trick", {"players": "6", "plays": "D6 pass pass pass CA pass"}),
        ("calculator", {"tricks_a": "6", "tricks_b": "0", "action": "add", "sheet": "A1 B2", "sheet_players": "4"}),
        ("calculator", {"tricks_a": "5", "tricks_b": "5", "club_king": "B"}),
        ("hand", {"players": "4", "seed": "1", "step": "12", "dealt": "4:1"}),
        ("hand", {"players": "6", "seed": "109"}),
        ("quiz", {"key": "brus/legal-plays/3/99"}),
    ]
    for widget, params in asks:
        out[f"widget {widget} {sorted(params.items())}"] = _digest([handle({"game": "brus", "widget": widget,
                                                                             "params": params})])
    for figure, params in [("order", {}), ("cards", {"cards": "D6 HQ S8 C7 CK C9", "order": "rank"}),
                           ("trick", {"plays": "S8 pass pass pass"}), ("sheet", {"results": "A2 B1 A2"}),
                           ("hand", {"players": "4", "seed": "77"})]:
        out[f"figure {figure}"] = _digest([render_figure(figure, params, game="brus")])
    return out


def _table_hand(game: str, setup: str, seed: str, *, button: int = 0, most: int = 400) -> dict[str, object]:
    """A whole first hand of ``game`` at the table played through the widget's requests (South pressing the button
    at place ``button`` among those on offer): the game text, how many answers, their digest, the last answer in
    full, and the hand's log as asked for afterwards."""

    def ask(params: dict[str, str]) -> dict[str, Any]:
        return handle({"game": game, "widget": "table", "params": params})

    answers = []
    response = ask({"do": "new", "setup": setup, "seed": seed})
    for _ in range(most):
        answers.append(response)
        html = str(response.get("html", ""))
        if not response.get("ok") or 'data-turn="next"' in html or 'data-turn="over"' in html:
            break
        text = str(response["set"]["game"])
        if 'data-turn="computer"' in html:
            params = {"do": "computer", "game": text}
        else:
            params = {"do": "play", "game": text,
                      "action": re.findall(r'data-do="play" data-action="([^"]+)"', html)[button]}
        response = ask(params)
    text = str(response.get("set", {}).get("game", ""))
    nxt = ask({"do": "next", "game": text})
    log = ask({"do": "log", "game": str(nxt.get("set", {}).get("game", "")), "hand": "0"})
    return {"text": text, "answers": len(answers), "digest": _digest(answers), "last": response, "log": log}


@check("brus.table")
def check_brus_table() -> object:
    """Brus at the table: a whole first deal at four and at six played through the widget's requests (South
    pressing the first button on offer), every answer's digest and the last answer in full, the deal's log as
    asked for afterwards, and the widget's controls."""
    from stytvolt.web import WIDGETS

    out: dict[str, object] = {f"{setup} seed {seed}": _table_hand("brus", setup, seed)
                              for setup, seed in (("4", "77"), ("6", "17"))}
    out["controls"] = WIDGETS[("brus", "table")].controls({"setup": "6"})
    return out

@check("knorri.pages")
def check_knorri_pages() -> object:
    """Knorri's engine queries, its question kinds at every level and every figure and widget its pages use
    (the solver's long answer driven in slices as the worker drives it), as the browser answers them."""
    from stytvolt import learn
    from stytvolt.knorri import avoid_losing, beats, explain_take, opening_plays, phase_two, scores, take_options
    from stytvolt.web import begin_json

    out: dict[str, object] = {
        "beats": [[beats(c, t), beats(c, t, soft_clubs=True)] for c, t in (("D2", "SA"), ("DA", "C3"), ("H4", "CK"),
                                                                            ("CA", "S2"), ("S9", "S8"))],
        "takes": [[str(c) for c in take_options(t, tb, v)] + [explain_take(t, tb, v).text]
                  for t, tb, v in (("S9", "S4 S7 H2", "standard"), ("D7", "S4 HK D9 C2", "standard"),
                                   ("D7", "D3 S4", "standard"), ("S9", "S4 S7 SQ", "all-lower"))],
        "openings": [[str(c) for c in p] for p in opening_plays("C2 C3 C4 C6 D9")],
        "scores": [scores(4, [2, 0, 3], 1), scores(5, [0, 1, 2], 3, no_cards=[4])],
        "solver": [str(avoid_losing(phase_two(["H5 D2 S7", "H9 S3", "D6"], leader=0)))],
    }
    for info in learn.kinds("knorri"):
        for level in learn.LEVELS:
            asked = [learn.question("knorri", info.name, level, seed).as_dict() for seed in range(20, 60)]
            out[f"quiz {info.name}/{level}"] = {"first": asked[:3], "digest": _digest(asked)}
    asks = [
        ("beat", {"card": "D9", "top": "C3"}),
        ("beat", {"card": "H4", "top": "CK", "soft": "yes"}),
        ("take", {"turned": "D7", "table": "S4 HK D9 C2 D3"}),
        ("take", {"turned": "S9", "table": "S4 S7 SQ H2", "variant": "all-lower"}),
        ("hand", {}),
        ("hand", {"hands": "H8 D5 S2 S3 / HK / D7 S4 S5 / HA S6 S7", "leader": "A",
                  "moves": "play H8, play HK, pick up, play HA, play D5, play D7", "finish": "no"}),
        ("avoid", {"hands": "H5 D2 / H9 S3 / ", "leader": "A"}),
        ("quiz", {"key": "knorri/must-take/2/99"}),
    ]
    for widget, params in asks:
        out[f"widget {widget} {sorted(params.items())}"] = _digest([handle({"game": "knorri", "widget": widget,
                                                                             "params": params})])
    job = begin_json(json.dumps({"game": "knorri", "widget": "avoid", "params": {}}))
    slices = []
    while True:
        reply = json.loads(job.step(0))
        slices.append(reply.get("progress"))
        if reply["done"]:
            out["avoid in slices"] = {"progress": slices, "digest": _digest([reply["response"]])}
            break
    for figure, params in [("cards", {"cards": "DA D2 SA HK C2 CA"}), ("chart", {}), ("chart", {"soft": "yes"}),
                           ("beat", {"card": "D2", "top": "SA"}), ("take", {"turned": "C5", "table": "C7 HA D2"}),
                           ("hand", {"hands": "C2 C3 C4 CK H5 / C7 H9 S3 / CJ D5 S8 / H2 S4 DA", "step": "9"})]:
        out[f"figure {figure} {sorted(params.items())}"] = _digest([render_figure(figure, params, game="knorri")])
    return out



@check("vira.table")
def check_vira_table() -> object:
    """Vira at the table: a whole first hand at three and at four played through the widget's requests (South
    pressing the first button on offer), a bid written with two characters and a surrender, every answer's digest and
    the last answer in full, the hand's log asked for afterwards, and the widget's controls."""
    from stytvolt.web import WIDGETS

    out: dict[str, object] = {f"{setup} seed {seed}": _table_hand("vira", setup, seed)
                              for setup, seed in (("3", "1"), ("4", "3"))}
    wide = []
    for params in ({"do": "play", "game": "v1.5.2.simple.3.", "action": "bid Solo Vira in preference"},
                   {"do": "show", "game": "v1.5.2.simple.3._H00"},
                   {"do": "play", "game": "v1.5.2.simple.3._H00", "action": "trump H"},
                   {"do": "play", "game": "v1.5.2.simple.3._H000", "action": "surrender"},
                   {"do": "undo", "game": "v1.5.2.simple.3._H0001"},
                   {"do": "play", "game": "v1.5.2.simple.3.00Q", "action": "bid Beg"}):
        wide.append(handle({"game": "vira", "widget": "table", "params": params}))
    out["wide and refusals"] = wide
    out["controls"] = WIDGETS[("vira", "table")].controls({"setup": "4"})
    return out

@check("knorri.table")
def check_knorri_table() -> object:
    """Knorri at the table: a whole first hand at three played through the widget's requests (South pressing the
    last button on offer), every answer's digest and the last answer in full, the hand's log asked for afterwards,
    "you missed one" (South leaves a take and West points it out), refusals naming the field, and the controls."""
    from stytvolt.web import WIDGETS

    def ask(params: dict[str, str]) -> dict[str, object]:
        return handle({"game": "knorri", "widget": "table", "params": params})

    out: dict[str, object] = {"3 seed 4": _table_hand("knorri", "3", "4", button=-1, most=800)}
    out["missed"] = [ask(params) for params in (
        {"do": "new", "setup": "3m", "seed": "17"},
        {"do": "play", "game": "kn1.17.2.simple.3m.", "action": "leave"},
        {"do": "computer", "game": "kn1.17.2.simple.3m.4"},
        {"do": "undo", "game": "kn1.17.2.simple.3m.40"},
    )]
    out["refusals"] = [ask(params) for params in (
        {"do": "play", "game": "kn1.17.2.simple.3.", "action": "take D8"},
        {"do": "play", "game": "kn1.17.2.simple.3.", "action": "leave"},
        {"do": "new", "setup": "9"},
        {"do": "show", "game": "kn1.17.2.simple.3.z"},
    )]
    out["eight"] = ask({"do": "new", "setup": "8", "seed": "3"})
    out["controls"] = WIDGETS[("knorri", "table")].controls({"setup": "5m"})
    return out

def run(prefixes: list[str] | None = None, leave_out: list[str] | None = None) -> dict[str, object]:
    results: dict[str, object] = {}
    for name in sorted(CHECKS):
        if prefixes and not any(name.startswith(p) for p in prefixes):
            continue
        if leave_out and any(name.startswith(p) for p in leave_out):
            continue
        try:
            value = jsonable(CHECKS[name]())
            json.dumps(value, allow_nan=True)
        except Exception as exc:  # noqa: BLE001 - reported in the results
            value = error_of(exc)
        results[name] = value
    return results


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--list" in args:
        print("\n".join(sorted(CHECKS)))
        return 0
    impl = sys.implementation
    print(
        f"checks.py: {impl.name} {sys.version.split()[0]} on {sys.platform}; "
        f"stytvolt {stytvolt.__version__} from {stytvolt.__file__}",
        file=sys.stderr,
    )
    print(f"checks.py: sys.version = {sys.version}", file=sys.stderr)
    leave_out = [a.removeprefix("--except=") for a in args if a.startswith("--except=")]
    prefixes = [a for a in args if not a.startswith("--except=")]
    results = run(prefixes or None, leave_out)
    if not results:
        print(f"checks.py: no check matches {args}", file=sys.stderr)
        return 2
    print(json.dumps(results, sort_keys=True, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
