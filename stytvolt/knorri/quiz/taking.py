"""The Knorri question kind about phase one: what must the card just turned take from the face-up table?

Every answer comes from the rules: :func:`~stytvolt.knorri.rules.take_options`
says which cards may be taken (none: the card stays),
:func:`~stytvolt.knorri.rules.explain_take` says why, and
:func:`~stytvolt.knorri.rules.take_refusal` refuses each card a wrong choice
names, in the rule's words.  This module draws the positions, words the
question and offers the likely slips as wrong choices.

**must-take**: the card you turned and the cards face up on the table; the
reader picks what the turned card takes: one named card, one of several (the
player's choice), every lower card of the suit together (the all-lower
version), or nothing (it stays on the table).  Levels:

1. the main rule; the turned card is a spade, a heart or a club, so it takes
   one lower card of its own suit or stays;
2. the main rule; the turned card is a diamond: a lower diamond if there is
   one, else a spade or a heart of the player's choice (never a club), else
   it stays;
3. Cristian Seres's all-lower version: every lower card of the suit
   together, and a diamond is no trump.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import ALL_CARDS, Card, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.knorri.cards import check_cards
from stytvolt.knorri.rules import CARD_ORDER, explain_take, parse_phase_one, take_options, take_refusal
from stytvolt.knorri.variants import PhaseOne
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.learn.common import cards_text, first_fit, pick_choices

__all__ = ["GAME", "STAYS", "take_level", "ask_must_take", "make_must_take", "choice_text"]

GAME = "knorri"
#: The id of the choice "nothing: the card stays on the table".
STAYS = "stays"
_RULE_TAKE = "knorri/phase-one.md#the-forced-take"
_RULE_DIAMOND = "knorri/phase-one.md#a-diamond-with-no-lower-diamond"
_RULE_LEAVE = "knorri/phase-one.md#leaving-the-card"
_RULE_ALL = "knorri/scoring-and-variants.md#every-lower-card"


def _version(variant: PhaseOne | str) -> PhaseOne:
    version = parse_phase_one(variant)
    if version is PhaseOne.MAS:
        raise InvalidPosition("the Mas phase one turns no card onto a table: ask about standard or all-lower")
    return version


def take_level(turned: Card | str, variant: PhaseOne | str = "standard") -> int:
    """The level a must-take position belongs to, by the module's definition."""
    card = check_cards([turned] if isinstance(turned, (str, Card)) else turned, "the turned card")
    if len(card) != 1:
        raise InvalidPosition(f"the turned card is one card, not {len(card)}")
    if _version(variant) is PhaseOne.ALL_LOWER:
        return 3
    return 2 if card[0].suit is Suit.DIAMONDS else 1


def _key(cards: Sequence[Card]) -> str:
    return cards_text(sorted(set(cards), key=CARD_ORDER.__getitem__)) or STAYS


def choice_text(cards: Sequence[Card], version: PhaseOne) -> str:
    """A choice in words: ``♠4``, ``one of ♠4 ♠7, your choice``, ``♠4 ♠7 together``, or the card staying."""
    faces = " ".join(c.symbol for c in sorted(set(cards), key=CARD_ORDER.__getitem__))
    if not cards:
        return "Nothing: it stays on the table"
    if len(set(cards)) == 1:
        return faces
    if version is PhaseOne.ALL_LOWER:
        return f"All of {faces} together"
    return f"One of {faces}, your choice"


def _slips(turned: Card, table: Sequence[Card], version: PhaseOne) -> list[tuple[Card, ...]]:
    """The takes a learner is likeliest to pick wrongly, most tempting first (each a set of cards; empty: stays)."""
    same = [c for c in table if c.suit is turned.suit]
    lower = [c for c in same if c.rank < turned.rank]
    higher = [c for c in same if c.rank > turned.rank]
    plain = [c for c in table if c.suit in (Suit.SPADES, Suit.HEARTS)]
    clubs = [c for c in table if c.suit is Suit.CLUBS]
    any_lower = [c for c in table if c.rank < turned.rank]
    out: list[tuple[Card, ...]] = []
    if version is PhaseOne.ALL_LOWER:
        out += [tuple(lower[:1]), tuple(lower[-1:])]
        if turned.suit is Suit.DIAMONDS:
            out.append(tuple(plain))
    else:
        out.append(tuple(lower))
        if turned.suit is Suit.DIAMONDS:
            out += [tuple(plain), tuple(lower + plain), tuple(plain + clubs)]
    out += [tuple(higher), tuple(same), tuple(any_lower)]
    out.append((min(table, key=lambda c: (c.rank, CARD_ORDER[c])),))  # the lowest card, whatever its suit
    out.append(())
    return out


def ask_must_take(turned: Card | str, table: Sequence[Card] | str, variant: PhaseOne | str = "standard") -> Draft:
    """What must ``turned`` take from the face-up ``table``?  The reader picks among up to four takes.

    A table of fewer than two cards or more than twelve, or one holding the
    turned card, is refused with :class:`~stytvolt.core.errors.InvalidPosition`.
    """
    version = _version(variant)
    found = check_cards([turned] if isinstance(turned, (str, Card)) else turned, "the turned card")
    if len(found) != 1:
        raise InvalidPosition(f"the turned card is one card, not {len(found)}")
    card = found[0]
    cards = check_cards(table, "the table")
    if not 2 <= len(cards) <= 12:
        raise InvalidPosition(f"a table to ask about holds 2 to 12 face-up cards, not {len(cards)}")
    if card in cards:
        raise InvalidPosition(f"{card} was just turned and cannot lie on the table too")
    options = take_options(card, cards, version)
    answer = _key(options)
    slips = [s for s in _slips(card, cards, version) if s or options]
    offered = pick_choices(tuple(sorted(set(options), key=CARD_ORDER.__getitem__)),
                           (tuple(sorted(set(s), key=CARD_ORDER.__getitem__)) for s in slips), 3, None)
    offered.sort(key=lambda s: (len(s) == 0, [CARD_ORDER[c] for c in s]))
    if len(offered) < 2:
        raise InvalidPosition("the table leaves no wrong take to offer beside the right one")
    choices = tuple(Choice(_key(s), choice_text(s, version), s) for s in offered)
    why = explain_take(card, cards, version)
    wrong: list[Reason] = []
    for taken in offered:
        if _key(taken) == answer:
            continue
        if not taken:
            refused = take_refusal(card, cards, "", version)
            if refused is not None:
                wrong.append(refused)
            continue
        tries = [taken] if version is PhaseOne.ALL_LOWER else [(c,) for c in taken if c not in options]
        for attempt in tries:
            refused = take_refusal(card, cards, list(attempt), version)
            if refused is not None and all(refused.text != r.text for r in wrong) and refused.text != why.text:
                wrong.append(refused)
    if version is PhaseOne.ALL_LOWER:
        rule = _RULE_ALL
    elif not options:
        rule = _RULE_LEAVE
    elif card.suit is Suit.DIAMONDS and all(c.suit is not Suit.DIAMONDS for c in options):
        rule = _RULE_DIAMOND
    else:
        rule = _RULE_TAKE
    how = ("every lower card of its suit is taken together, and a diamond is no trump"
           if version is PhaseOne.ALL_LOWER else
           "a turned card takes one lower card of its suit; a diamond with none takes a spade or a heart")
    return Draft(
        prompt=f"You turned {card.symbol}. What must it take?",
        choices=choices,
        answer=answer,
        explanation=(why, *wrong),
        position={"turned": str(card), "table": cards_text(cards), "variant": version.value},
        rows=(Row("The card you turned", (card,)), Row("Face up on the table", tuple(cards))),
        rule=rule,
        context=(f"Knorri, phase one{' (the all-lower version)' if version is PhaseOne.ALL_LOWER else ''}: {how}. "
                 "Pick what your turned card takes."),
    )


def _draw(rng: random.Random, level: int) -> Draft | None:
    version = PhaseOne.ALL_LOWER if level == 3 else PhaseOne.STANDARD
    if level == 2:
        turned = rng.choice([c for c in ALL_CARDS if c.suit is Suit.DIAMONDS])
    else:
        turned = rng.choice(ALL_CARDS)
    size = rng.randrange(3, 9)
    rest = [c for c in ALL_CARDS if c is not turned]
    same = [c for c in rest if c.suit is turned.suit]
    table = rng.sample(same, min(len(same), rng.randrange(0, 4)))
    others = [c for c in rest if c not in table]
    if len(table) >= size:
        table = table[:size - 1]
    table += rng.sample(others, size - len(table))
    rng.shuffle(table)
    if take_level(turned, version) != level:
        return None
    draft = ask_must_take(turned, table, version)
    return draft if len(draft.choices) >= 3 else None


@kind(
    GAME, "must-take", title="What must it take?",
    summary="The card you turned and the face-up table: pick what it must take, one card, one of several, all "
            "the lower cards (all-lower version) or nothing.",
    rule=_RULE_TAKE,
)
def make_must_take(rng: random.Random, level: int) -> Draft:
    return first_fit(_draw, rng, level, "must-take")
