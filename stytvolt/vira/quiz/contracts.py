"""Vira question kinds about the contracts: what a contract requires, and how it ended.

Every fact comes from :mod:`stytvolt.vira.contracts`: a contract's tricks,
its misère (cards, open or closed), the cards a turn-up turns, a misère's
discards or a gask's kept cards (:class:`~stytvolt.vira.contracts.Contract`),
the engine's description (:func:`~stytvolt.vira.contracts.requirement`) and
the result (:func:`~stytvolt.vira.contracts.outcome`).  :func:`summary` words
a contract's demands in one short line from those fields.

**Levels of contract-requires** (four summaries, one right):

1. the wrong summaries are of three other kinds of contract;
2. a draw, turn-up or solo against others of its own kind (the number of
   tricks, the cards turned);
3. a gask, misère or solo misère against others of its own kind (how many
   cards kept or laid away, how many tricks to lose, open or closed).

**Levels of outcome** (won, lost singly, kodille):

1. a draw, turn-up or solo with its tricks made, or three or more short;
2. a draw, turn-up or solo one or two short, or made exactly;
3. a misère (no trick, one, or more), a cuckoo, or a gask played either way.
"""

from __future__ import annotations

import random

from stytvolt.core.cards import Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted
from stytvolt.learn import Choice, Draft, kind
from stytvolt.learn.common import first_fit
from stytvolt.vira.contracts import (
    CONTRACTS, GASK_OPTIONS, Contract, Kind, MisereKind, Outcome, contract, outcome, requirement,
)

__all__ = ["GAME", "summary", "ask_requires", "requires_level", "ask_outcome", "outcome_level",
           "make_contract_requires", "make_outcome", "KIND_RULES"]

GAME = "vira"
#: Each kind of contract → the section of docs/vira/contracts.md on it.
KIND_RULES: dict[Kind, str] = {
    Kind.DRAW: "vira/contracts.md#draw", Kind.TURN_UP: "vira/contracts.md#turn-ups",
    Kind.SOLO: "vira/contracts.md#solo", Kind.VIRA: "vira/contracts.md#vira",
    Kind.CUCKOO: "vira/contracts.md#cuckoo", Kind.MISERE: "vira/contracts.md#misere-with-discards",
    Kind.SOLO_MISERE: "vira/contracts.md#solo-misere", Kind.GASK: "vira/contracts.md#gask",
}
_RULE_OUTCOME = "vira/play-and-scoring.md#won-lost-singly-or-kodille"
_TRUMP_KINDS = (Kind.DRAW, Kind.TURN_UP, Kind.SOLO)
_NO_TRUMP_KINDS = (Kind.MISERE, Kind.SOLO_MISERE, Kind.GASK)
_SEATS = ("South", "West", "North")


def _both(item: Contract) -> str:
    """A contract's English name, with its Swedish one in brackets when it differs."""
    return item.english if item.swedish == item.english else f"{item.english} ({item.swedish})"


def _cards(n: int) -> str:
    return counted(n, "card")


def _misere(kind_: MisereKind) -> str:
    return f"lose all {kind_.cards} tricks, hand {'open' if kind_.open else 'closed'}"


def summary(item: Contract | str) -> str:
    """What a contract requires, in one short line without its name (for the choices of a question)."""
    found = contract(item)
    k = found.kind
    if k is Kind.DRAW:
        return f"Name trumps, exchange one card or more with the talon, win {found.tricks} tricks"
    if k is Kind.TURN_UP:
        turned = {1: "Turn one talon card: its suit is trumps",
                  2: "Turn two talon cards: the suit of either is trumps",
                  3: "Turn three talon cards: the suit of any one is trumps"}[found.turned]
        return f"{turned}; exchange, win {found.tricks} tricks"
    if k is Kind.SOLO:
        target = "all 13 tricks" if found.tricks == 13 else f"{found.tricks} tricks"
        return f"No exchange; name trumps, win {target}"
    if k is Kind.VIRA:
        return "Take the whole talon, lay away 13 of the 26 cards, name trumps, win all 13 tricks"
    if k is Kind.CUCKOO:
        assert found.misere is not None
        return f"Take the whole talon, lay away 13 of the 26 cards, {_misere(found.misere)}"
    if k is Kind.MISERE:
        assert found.misere is not None
        return f"Exchange exactly {_cards(found.count)} with the talon, then {_misere(found.misere)}"
    if k is Kind.SOLO_MISERE:
        assert found.misere is not None
        start = "Lay away one card" if found.count else "No exchange"
        talk = "; the opponents may talk" if found.royale else ""
        return f"{start}, {_misere(found.misere)}{talk}"
    tricks, option = GASK_OPTIONS[found.count]
    keep = f"Keep {_cards(found.count)}" if found.count else "Keep no card"
    either = f", or {_misere(option)}" if option is not None else " (no misère)"
    return f"{keep} and take the whole talon; win {tricks} tricks with trumps{either}"


assert len({summary(c) for c in CONTRACTS}) == len(CONTRACTS), "two contracts would read alike"


def _points_reason(item: Contract) -> Reason:
    """The points each opponent pays when the contract is won, from the table."""
    if item.rates == (0,):
        return Reason.of("quiz.vira.points", "{contract} pays no points either way: it is played for the chips.",
                         contract=item.english)
    if len(item.rates) == 1:
        return Reason.of("quiz.vira.points", "When {contract} is won, each opponent pays the soloist {rate:point}; "
                         "when it is lost, the soloist pays each opponent as much.",
                         contract=item.english, rate=item.rates[0])
    off, colour, pref = item.rates
    return Reason.of("quiz.vira.points", "When {contract} is won, each opponent pays the soloist by the trump suit's "
                     "class: {off:point} off-colour, {colour} in colour, {pref} in preference; when it is lost, the "
                     "soloist pays each opponent as much.", contract=item.english, off=off, colour=colour, pref=pref)


def requires_level(asked: Contract | str, others: list[Contract | str]) -> int:
    """The level a contract-requires position belongs to, by the module's definition."""
    item = contract(asked)
    rest = [contract(o) for o in others]
    if all(o.kind is item.kind for o in rest):
        if item.kind in _NO_TRUMP_KINDS:
            return 3
        if item.kind in _TRUMP_KINDS:
            return 2
    return 1


def ask_requires(asked: Contract | str, others: list[Contract | str], *, swedish: bool = False,
                 rng: random.Random | None = None) -> Draft:
    """What does ``asked`` require?  The choices are its :func:`summary` and those of ``others``;
    ``swedish`` names it in Swedish.  ``rng`` shuffles the choices."""
    item = contract(asked)
    rest = [contract(o) for o in others]
    offered = [item, *rest]
    if len({c.number for c in offered}) != len(offered) or len(offered) < 2:
        raise InvalidPosition("a contract question offers two or more different contracts")
    if rng is not None:
        rng.shuffle(offered)
    name = item.swedish if swedish else item.english
    context = f"{item.swedish} is {item.english}, number {item.number} of the 40 contracts." if swedish and \
        item.swedish != item.english else f"{item.english} is number {item.number} of the 40 contracts."
    return Draft(
        prompt=f"What does {name} require of its player?",
        choices=tuple(Choice(str(c.number), summary(c)) for c in offered),
        answer=str(item.number),
        explanation=(requirement(item), _points_reason(item)),
        position={"contract": item.english, "asked": name, "choices": " | ".join(c.english for c in offered)},
        rule=KIND_RULES[item.kind],
        context=context,
    )


def _requires_draw(rng: random.Random, level: int) -> Draft | None:
    if level == 1:
        item = rng.choice(CONTRACTS)
        kinds = rng.sample([k for k in Kind if k is not item.kind], 3)
        others: list[Contract | str] = [rng.choice([c for c in CONTRACTS if c.kind is k]) for k in kinds]
    else:
        pool = _TRUMP_KINDS if level == 2 else _NO_TRUMP_KINDS
        item = rng.choice([c for c in CONTRACTS if c.kind in pool])
        same = [c for c in CONTRACTS if c.kind is item.kind and c is not item]
        if item.kind is Kind.TURN_UP:  # a turn-up against the same number of tricks turned otherwise first
            same.sort(key=lambda c: (c.tricks != item.tricks, rng.random()))
            others = list(same[:3])
        else:
            others = list(rng.sample(same, min(3, len(same))))
    if requires_level(item, others) != level:
        return None
    swedish = level > 1 and rng.random() < 0.5
    return ask_requires(item, others, swedish=swedish, rng=rng)


@kind(
    GAME, "contract-requires", title="What does this contract require?",
    summary="Tricks to win or lose, the talon's procedure, the cards kept or laid away, open or closed.",
    rule="vira/contracts.md#the-eight-kinds",
)
def make_contract_requires(rng: random.Random, level: int) -> Draft:
    return first_fit(_requires_draw, rng, level, "contract-requires")


# -- outcome -----------------------------------------------------------------------------------------------

_OUTCOMES = ((Outcome.WON, "won", "Won"), (Outcome.LOST, "lost", "Lost singly"),
             (Outcome.KODILLE, "kodille", "Kodille (a double loss)"))
_IDS = {o: i for o, i, _ in _OUTCOMES}


def outcome_level(item: Contract | str, tricks: int, misere: bool | None = None) -> int:
    """The level an outcome position belongs to, by the module's definition."""
    found = contract(item)
    if found.always_misere or found.kind is Kind.GASK:
        return 3
    assert found.tricks is not None
    short = found.tricks - tricks
    return 1 if short < 0 or short >= 3 else 2


def _count_reason(found: Contract, tricks: int, playing_misere: bool, seat: int) -> Reason:
    """How the tricks taken compare with what the contract asked."""
    if playing_misere:
        assert found.misere is not None
        return Reason.of("quiz.vira.outcome.misere", "As a misère, {contract} asks {seat} to take no trick of "
                         "{size}; {seat} took {tricks}.", seat=_SEATS[seat], contract=found.english,
                         size=found.misere.cards, tricks=tricks)
    assert found.tricks is not None
    short = found.tricks - tricks
    said = "enough" if short <= 0 else "one short" if short == 1 else f"{short} short"
    return Reason.of("quiz.vira.outcome.tricks", "{contract} asks for at least {need} tricks; {seat} took {tricks}, "
                     "{said}.", seat=_SEATS[seat], contract=found.english, need=found.tricks, tricks=tricks, said=said)


def ask_outcome(item: Contract | str, tricks: int, *, misere: bool | None = None, seat: int = 0,
                trump: Suit | str | None = None) -> Draft:
    """How did ``item`` end with ``tricks`` taken by its player (``seat``, 0 for South)?
    ``misere`` says which way a gask was played; ``trump`` names the trump suit of a trump contract (it
    changes nothing in the outcome)."""
    found = contract(item)
    if isinstance(seat, bool) or seat not in (0, 1, 2):
        raise InvalidPosition(f"the soloist is seat 0, 1 or 2 (South, West, North), not {seat!r}")
    suit = Suit.parse(trump) if isinstance(trump, str) else trump
    result = outcome(found, tricks, misere=misere)
    playing_misere = found.always_misere or bool(misere)
    reasons = [_count_reason(found, tricks, playing_misere, seat)]
    # Said of the tricks this contract counts: a misère's tricks taken, or a trump contract's tricks short.
    one, more = ("taking one trick", "taking two or more") if playing_misere else ("one trick short", "two or more short")
    rule_text = {Outcome.WON: "so it is won.",
                 Outcome.LOST: f"{one} is a single loss: lost singly.",
                 Outcome.KODILLE: f"{more} is a double loss: kodille."}[result]
    reasons.append(Reason.of(f"quiz.vira.outcome.{_IDS[result]}", "The contract is " + (
        "made, " if result is Outcome.WON else "missed: ") + rule_text))
    way = " as its misère" if found.kind is Kind.GASK and misere else " for tricks" if found.kind is Kind.GASK else ""
    if suit is not None:
        if found.always_misere or misere:
            raise InvalidPosition(f"{found.english} played as a misère has no trump suit")
        way += f" with {suit.english} trumps"
    return Draft(
        prompt="How did the contract end?",
        choices=tuple(Choice(i, text) for _, i, text in _OUTCOMES),
        answer=_IDS[result],
        explanation=tuple(reasons),
        position={"contract": found.english, "tricks": str(tricks), "played": "a misère" if playing_misere else "for tricks",
                  "soloist": _SEATS[seat], "trump": "" if suit is None else suit.letter},
        rule=_RULE_OUTCOME,
        context=f"{_SEATS[seat]} played {_both(found)}{way} and took {tricks} "
                f"trick{'' if tricks == 1 else 's'}.",
    )


def _outcome_draw(rng: random.Random, level: int) -> Draft | None:
    seat = rng.randrange(3)
    if level < 3:
        item = rng.choice([c for c in CONTRACTS if c.kind in _TRUMP_KINDS])
        assert item.tricks is not None
        if level == 1:
            tricks = rng.choice([t for t in range(14) if t >= item.tricks or t <= item.tricks - 3])
        else:
            tricks = rng.choice([t for t in (item.tricks - 2, item.tricks - 1, item.tricks, item.tricks - 1)])
        misere = None
    else:
        item = rng.choice([c for c in CONTRACTS if c.always_misere or c.kind is Kind.GASK])
        misere = None
        if item.kind is Kind.GASK:
            misere = item.has_misere_option and rng.random() < 0.5
            if not item.has_misere_option:
                misere = False
        if item.always_misere or misere:
            assert item.misere is not None
            tricks = rng.choice((0, 0, 1, 1, 2, rng.randrange(3, item.misere.cards + 1)))
        else:
            assert item.tricks is not None
            tricks = rng.choice((item.tricks, item.tricks - 1, item.tricks - 2, rng.randrange(0, 14)))
    if outcome_level(item, tricks, misere) != level:
        return None
    trump = None if item.always_misere or misere else rng.choice(tuple(Suit))
    return ask_outcome(item, tricks, misere=misere, seat=seat, trump=trump)


@kind(
    GAME, "outcome", title="Won, lost singly or kodille?",
    summary="From the tricks taken: a contract made, one trick wrong, or two or more wrong.",
    rule=_RULE_OUTCOME,
)
def make_outcome(rng: random.Random, level: int) -> Draft:
    return first_fit(_outcome_draw, rng, level, "outcome")
