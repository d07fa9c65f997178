"""The Vira question kind about the auction: which of four bids overcalls the highest bid so far?

Every answer comes from :func:`~stytvolt.vira.contracts.overcalls`, and every
wrong choice is explained by :func:`~stytvolt.vira.contracts.bid_refusal`
(a contract lower in the table, the same contract in a lower suit class, or
an equal bid that only an elder player may hold).  This module draws the
positions, words the question and says why the right bid stands.

**Levels** (exactly one of the four choices overcalls):

1. no suit classes; the right bid is a higher contract of the same kind as
   the highest bid (Solo 8 over Solo 7), and no wrong choice is a trap;
2. suit classes: the same contract bid in another class, or a lower
   contract bid in a higher class (preference beats colour, which beats
   off-colour, only between equal contracts); no holding;
3. the traps of the table (:func:`traps`): a wrong choice that looks
   higher than the right one (more tricks, Gask 6 against Gask 5, a solo
   against a lower-numbered kind), or an elder player who may *hold*.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.learn import Choice, Draft, kind
from stytvolt.learn.common import first_fit
from stytvolt.vira.contracts import ALL_BIDS, CONTRACTS, Bid, Contract, Kind, SuitClass, bid_refusal, parse_bid

__all__ = ["GAME", "bid_id", "traps", "overcall_level", "ask_overcalls", "make_overcalls", "looks_higher"]

GAME = "vira"
_RULE_ORDER = "vira/auction.md#overcalling"
_RULE_CLASS = "vira/auction.md#equal-bids-and-suit-classes"
_RULE_HOLD = "vira/auction.md#holding"
_RULE_TABLE = "vira/auction.md#the-forty-contracts"


def bid_id(bid: Bid) -> str:
    """A bid as a choice's id: the contract's number and the class's rank (``"25-1"``: Solo 7 in colour)."""
    return f"{bid.contract.number}-{bid.suit_class.rank}"


def looks_higher(wrong: Contract, right: Contract) -> bool:
    """Whether ``wrong`` looks a bigger undertaking than ``right`` though it stands lower in the table:
    more tricks to win, more cards kept in a gask (Gask 6 stands below Gask 5), or a solo against any
    other kind."""
    if wrong.number >= right.number:
        return False
    if wrong.tricks is not None and right.tricks is not None and wrong.tricks > right.tricks:
        return True
    if wrong.kind is Kind.GASK and right.kind is Kind.GASK and wrong.count > right.count:
        return True
    return wrong.kind is Kind.SOLO and right.kind is not Kind.SOLO


def traps(current: Bid, choices: Sequence[Bid], holding: bool = False) -> tuple[str, ...]:
    """The traps of a position: ``hold`` (an elder player may hold), ``looks-higher`` (a wrong choice that
    looks a bigger contract than the right one)."""
    found: list[str] = []
    if holding:
        found.append("hold")
    right = [b for b in choices if bid_refusal(b, current, holding=holding) is None]
    if right and any(looks_higher(b.contract, right[0].contract) for b in choices if b is not right[0]):
        found.append("looks-higher")
    return tuple(found)


def overcall_level(current: Bid | str, choices: Sequence[Bid | str], holding: bool = False) -> int:
    """The level a position belongs to, by the module's definition."""
    cur = parse_bid(current)
    bids = [parse_bid(b) for b in choices]
    if traps(cur, bids, holding):
        return 3
    if any(b.suit_class is not SuitClass.OFF for b in [cur, *bids]):
        return 2
    return 1


def _both(bid: Bid) -> str:
    """A bid in English, with its Swedish words in brackets when they differ."""
    return str(bid) if bid.swedish == str(bid) else f"{bid} ({bid.swedish})"


def _why(bid: Bid, current: Bid, holding: bool) -> Reason:
    """Why the right bid stands: a higher contract, a better class of the same contract, or a hold."""
    args: dict[str, object] = {"bid": str(bid), "current": str(current), "mine": bid.contract.number,
                               "theirs": current.contract.number}
    if bid.contract.number > current.contract.number:
        return Reason.of("quiz.vira.overcalls.higher", "{bid} overcalls {current}: it stands at number {mine} in "
                         "the contract table, above number {theirs}.", (), **args)
    if bid.order > current.order:
        return Reason.of("quiz.vira.overcalls.class", "{bid} overcalls {current}: the contract is the same, and of "
                         "equal bids preference beats colour, which beats off-colour.", (), **args)
    assert holding
    return Reason.of("quiz.vira.overcalls.hold", "{bid} only equals {current}, but you are elder than the player "
                     "who bid it, so you may hold it by matching it.", (), **args)


def ask_overcalls(current: Bid | str, choices: Sequence[Bid | str], *, holding: bool = False,
                  rng: random.Random | None = None) -> Draft:
    """Which of ``choices`` overcalls ``current``?  Exactly one must.  ``holding``: you are elder than the
    player who made ``current`` and may hold it.  ``rng`` shuffles the choices."""
    cur = parse_bid(current)
    bids = [parse_bid(b) for b in choices]
    if len(bids) < 2 or len({bid_id(b) for b in bids}) != len(bids):
        raise InvalidPosition("an overcall question offers two or more different bids")
    if not isinstance(holding, bool):
        raise InvalidPosition("holding is True or False")
    right = [b for b in bids if bid_refusal(b, cur, holding=holding) is None]
    if len(right) != 1:
        raise InvalidPosition(f"exactly one choice must overcall {cur}, not {len(right)}")
    answer = right[0]
    if rng is not None:
        rng.shuffle(bids)
    reasons = [_why(answer, cur, holding)]
    for b in bids:
        refusal = bid_refusal(b, cur, holding=holding)
        if refusal is not None:
            reasons.append(refusal)
    who = ("made by a player younger than you: you are elder, so you may hold it by matching it" if holding
           else "made by a player elder than you, so you may not hold it")
    found = traps(cur, bids, holding)
    rule = _RULE_HOLD if holding else _RULE_TABLE if found else (
        _RULE_CLASS if any(b.contract is cur.contract for b in bids) else _RULE_ORDER)
    return Draft(
        prompt=f"The highest bid so far is {cur}. Which of these bids overcalls it?",
        choices=tuple(Choice(bid_id(b), str(b)) for b in bids),
        answer=bid_id(answer),
        explanation=tuple(reasons),
        position={"current": str(cur), "choices": " | ".join(str(b) for b in bids), "holding": "yes" if holding else "no"},
        rule=rule,
        context=f"A Vira auction. The highest bid so far, {_both(cur)}, was {who}.",
    )


_CLASSES = (SuitClass.OFF, SuitClass.COLOUR, SuitClass.PREFERENCE)


def _lower(rng: random.Random, below: int, count: int, *, classes: bool = False) -> list[Bid] | None:
    """``count`` different bids of contracts numbered below ``below``; in a random class when ``classes``."""
    pool = [c for c in CONTRACTS if c.number < below]
    if len(pool) < count:
        return None
    picked = rng.sample(pool, count)
    out = []
    for item in picked:
        cls = rng.choice(_CLASSES) if classes and item.takes_class else SuitClass.OFF
        out.append(Bid(item, cls))
    return out


def _draw(rng: random.Random, level: int) -> Draft | None:
    if level == 1:
        current = rng.choice(CONTRACTS[3:-1])
        higher = [c for c in CONTRACTS if c.kind is current.kind and c.number > current.number]
        if not higher:
            return None
        answer = Bid(rng.choice(higher))
        wrong: list[Bid] | None = _lower(rng, current.number, 3)
        holding = False
        cur = Bid(current)
    elif level == 2:
        item = rng.choice([c for c in CONTRACTS if c.takes_class and c.number > 3])
        cls = rng.choice(_CLASSES[:2])
        cur = Bid(item, cls)
        answer = Bid(item, rng.choice([c for c in _CLASSES if c.rank > cls.rank]))
        below = [c for c in CONTRACTS if c.takes_class and c.number < item.number]
        same = [Bid(item, c) for c in _CLASSES if c.rank <= cls.rank]
        wrong = same + [Bid(c, SuitClass.PREFERENCE) for c in rng.sample(below, min(len(below), 3 - len(same)))]
        if len(wrong) < 3:
            return None
        holding = False
    else:
        holding = rng.random() < 0.3
        if holding:
            cur = rng.choice([b for b in ALL_BIDS if b.contract.number > 3])
            answer = cur
            wrong_: list[Bid] = [Bid(cur.contract, c) for c in _CLASSES if c.rank < cur.suit_class.rank]
            more = _lower(rng, cur.contract.number, 3 - len(wrong_), classes=True)
            if more is None:
                return None
            wrong = wrong_[:3] + more
        else:
            current = rng.choice(CONTRACTS[2:-2])
            cur = Bid(current, rng.choice(_CLASSES) if current.takes_class else SuitClass.OFF)
            above = [b for b in ALL_BIDS if b.contract.number > current.number and b.contract.kind is not current.kind]
            answer = rng.choice(above)
            lower = _lower(rng, current.number + 1, 3, classes=True)
            if lower is None:
                return None
            wrong = [b for b in lower if b.order < cur.order]
            if len(wrong) < 3:
                return None
    if wrong is None:
        return None
    choices = [answer, *wrong[:3]]
    if len({bid_id(b) for b in choices}) != 4 or overcall_level(cur, choices, holding) != level:
        return None
    return ask_overcalls(cur, choices, holding=holding, rng=rng)


@kind(
    GAME, "overcalls", title="Which bid overcalls?",
    summary="The order of the forty contracts, suit classes between equal bids, and holding.",
    rule=_RULE_ORDER,
)
def make_overcalls(rng: random.Random, level: int) -> Draft:
    return first_fit(_draw, rng, level, "overcalls")
