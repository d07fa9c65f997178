"""What the question kinds of the follow-suit games (Sjavs, Klørsjavs) share, knowing no game's rule.

Drawing positions until one fits a level (:func:`first_fit`), drawing the
rest of a trick (:func:`draw_following`) or a hand to tap a card of
(:func:`tap_hand`) with the game's rule passed in as a predicate or as the
pools it has already sorted, offering the right answer among distinct
slips (:func:`pick_choices`, :func:`number_choices`, :func:`card_choices`),
writing cards and seats as a question shows them (:func:`cards_text`,
:func:`listed`, :func:`seat_notes`), and the two card-tapping questions
every such game asks (:func:`winner_question`, :func:`follow_question`).
Every rule a question rests on stays in its game's package; the callers
decide it and pass the result.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Mapping, Sequence, TypeVar

from stytvolt.core.cards import Card
from stytvolt.core.explain import COMPASS, Reason
from stytvolt.core.words import counted
from stytvolt.learn import Choice, Draft, Row

__all__ = [
    "ATTEMPTS", "first_fit", "pick_choices", "number_choices", "card_choices", "cards_text", "listed",
    "seat_notes", "draw_following", "tap_hand", "winner_question", "follow_question",
]

#: Draws a maker may make before giving up: every level's positions are common, so this is never reached.
ATTEMPTS = 400

T = TypeVar("T")


def first_fit(draw: Callable[[random.Random, int], Draft | None], rng: random.Random, level: int, kind: str) -> Draft:
    """The first drawn position that fits the level (``draw`` returns None for one that does not)."""
    for _ in range(ATTEMPTS):
        draft = draw(rng, level)
        if draft is not None:
            return draft
    raise AssertionError(f"no {kind} position found in {ATTEMPTS} draws")  # pragma: no cover


def pick_choices(right: T, candidates: Iterable[T], wrong: int, rng: random.Random | None) -> list[T]:
    """The right answer and the first ``wrong`` candidates that differ from it and each other, shuffled by ``rng``.

    ``candidates`` are the likely slips, most tempting first; a caller
    filters out any that cannot be offered before passing them.
    """
    picked = [right]
    for value in candidates:
        if len(picked) > wrong:
            break
        if value not in picked:
            picked.append(value)
    if rng is not None:
        rng.shuffle(picked)
    return picked


def number_choices(rng: random.Random | None, right: int, slips: Sequence[int], *, near: Sequence[int],
                   wrong: int = 3, low: int = 0, high: int = 120, unit: str = "") -> tuple[Choice, ...]:
    """The right number and up to ``wrong`` slips (in the order given, then ``right`` ± each of ``near``).

    Numbers outside ``low``..``high`` are never offered.  Each choice's id is
    the number; its text adds ``unit``, a noun in the singular, counted (``"card point"``: "1 card point",
    "34 card points").  ``near`` is the
    game's: the card values a counter most often adds or drops by mistake.
    """
    around = [value for step in near for value in (right + step, right - step)]
    offered = (value for value in [*slips, *around] if low <= value <= high)
    return tuple(Choice(str(v), counted(v, unit) if unit else str(v)) for v in pick_choices(right, offered, wrong, rng))


def card_choices(cards: Sequence[Card]) -> tuple[Choice, ...]:
    """One choice a card, the card's text its id (the reader taps the card)."""
    return tuple(Choice(str(c), c.symbol, (c,)) for c in cards)


def cards_text(cards: Iterable[Card]) -> str:
    """``"CA S5"``: cards as a question's position records them."""
    return " ".join(str(c) for c in cards)


def listed(cards: Sequence[Card]) -> str:
    """``♠A``, ``♠A and ♦5``, ``♠A, ♦5 and ♣K`` (``nothing`` for no card)."""
    faces = [c.symbol for c in cards]
    if not faces:
        return "nothing"
    return faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]


def seat_notes(leader: int, count: int, players: int, seats: Sequence[str] = COMPASS) -> tuple[str, ...]:
    """One note per card of a trick led by ``leader``: who played it (``"West, led"``, ``"South (you)"``).

    Play goes round ``players`` seats named by ``seats`` (you are seat 0).
    """
    notes = []
    for i in range(count):
        who = (leader + i) % players
        notes.append(seats[who] + (" (you)" if who == 0 else "") + (", led" if i == 0 else ""))
    return tuple(notes)


def draw_following(rng: random.Random, pool: Sequence[Card], count: int, follows: Callable[[Card], bool],
                   chance: float) -> list[Card]:
    """``count`` cards from ``pool``, each one that ``follows`` with chance ``chance`` while any such is left.

    ``follows`` is the game's answer to "does this card play in the suit
    led?"; the draw only decides how often the players follow.
    """
    out: list[Card] = []
    left = list(pool)
    for _ in range(count):
        same = [c for c in left if follows(c)]
        card = rng.choice(same) if same and rng.random() < chance else rng.choice(left)
        out.append(card)
        left.remove(card)
    return out


def tap_hand(rng: random.Random, ask: str, size: int, follow: Sequence[Card], other: Sequence[Card],
             must: Sequence[Card] = ()) -> list[Card] | None:
    """A hand of ``size`` cards for a legal-plays question, or None when the pools cannot make one.

    ``follow`` holds the cards that may be played, ``other`` those that may
    not (the game has sorted them).  ``ask="may"``: one card from ``follow``
    and the rest from ``other``; ``"may-not"``: one from ``other``.  The
    ``must`` cards go in first, on the side their pool says.
    """
    fixed_follow = [c for c in must if c in follow]
    fixed_other = [c for c in must if c not in follow]
    want_follow = 1 if ask == "may" else size - 1
    need_f, need_o = want_follow - len(fixed_follow), size - want_follow - len(fixed_other)
    pool_f = [c for c in follow if c not in must]
    pool_o = [c for c in other if c not in must]
    if need_f < 0 or need_o < 0 or len(pool_f) < need_f or len(pool_o) < need_o:
        return None
    cards = fixed_follow + fixed_other + rng.sample(pool_f, need_f) + rng.sample(pool_o, need_o)
    rng.shuffle(cards)
    return cards


def winner_question(cards: Sequence[Card], winner: Card, reasons: Iterable[Reason], *, position: Mapping[str, str],
                    notes: Sequence[str], rule: str, context: str) -> Draft:
    """"Which card wins this trick?": the trick's cards in play order to tap, ``notes`` saying who played each.

    ``winner`` and ``reasons`` are the game's rule's answer and explanation;
    ``context`` is the game's sentence on trumps, which the tap hint follows.
    """
    return Draft(
        prompt="Which card wins this trick?",
        choices=card_choices(cards),
        answer=str(winner),
        explanation=tuple(reasons),
        position=position,
        rows=(Row("The trick, in play order", tuple(cards), tuple(notes), tap=True),),
        rule=rule,
        context=context + " Tap the card that wins.",
    )


def follow_question(hand: Sequence[Card], trick: Sequence[Card], answer: Card, ask: str, reasons: Iterable[Reason], *,
                    position: Mapping[str, str], notes: Sequence[str], rule: str, context: str) -> Draft:
    """"Which card may you play?" (``ask="may"``) or "may you not play?" (``"may-not"``): South's hand to tap.

    ``trick`` is the trick so far, ``notes`` saying who played each card;
    ``answer`` and ``reasons`` are the game's rule's answer and explanation.
    """
    return Draft(
        prompt="Which card may you play?" if ask == "may" else "Which card may you not play?",
        choices=card_choices(hand),
        answer=str(answer),
        explanation=tuple(reasons),
        position=position,
        rows=(
            Row("The trick so far", tuple(trick), tuple(notes)),
            Row("Your hand (South)", tuple(hand), tap=True),
        ),
        rule=rule,
        context=context + " You are South, and it is your turn to play.",
    )
