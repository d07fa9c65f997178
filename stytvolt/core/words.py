"""Counted words: a number with its noun, singular or plural as the number asks.

The one place the package puts a count in front of a noun for people to read::

    >>> counted(1, "trick")
    '1 trick'
    >>> counted(3, "card point")
    '3 card points'
    >>> counted(0, "cross", "crosses")
    '0 crosses'
    >>> counted(2, "øre", "øre")
    '2 øre'

A reason's template says the same with a field's format spec, which
:meth:`stytvolt.core.explain.Reason.render` reads (the argument stays a
number, for the page and the tests): ``"{tricks:trick}"`` renders as
``1 trick`` or ``3 tricks``; an irregular plural follows a bar:
``"{chips:chip}"``, ``"{n:cross|crosses}"``, ``"{ore:øre|øre}"``.

The plural of a noun not given one is the noun with ``s`` (``es`` after s, x,
z, ch and sh), on the last word of a noun of several words (``card point`` →
``card points``); anything else is given explicitly.  Only one (and minus
one) takes the singular: ``0 tricks``, ``1 trick``, ``1.5 strokes``.
"""

from __future__ import annotations

import re

__all__ = ["counted", "plural", "noun_for", "COUNTED_FIELD", "CARD_WORD", "hidden_words", "seat_names"]

#: A template field with a noun as its format spec: ``{tricks:trick}`` or ``{n:cross|crosses}``.  A spec must start
#: with a letter and be two characters or more, so the one-letter format types (``{x:d}``) keep their meaning.
COUNTED_FIELD = re.compile(r"\{(\w+):([^\W\d_][^{}:]+)\}")

_ES = re.compile(r"(s|x|z|ch|sh)$")


def plural(noun: str) -> str:
    """The regular plural of ``noun`` (of its last word): ``trick`` → ``tricks``, ``cross`` → ``crosses``."""
    return noun + ("es" if _ES.search(noun) else "s")


def noun_for(n: float, noun: str, plural_form: str | None = None) -> str:
    """``noun`` as ``n`` asks for it: singular for one (or minus one), else plural (``plural_form`` if given)."""
    if abs(n) == 1:
        return noun
    return plural_form if plural_form is not None else plural(noun)


def counted(n: float, noun: str, plural_form: str | None = None) -> str:
    """``n`` and its noun: ``counted(1, "trick")`` → ``"1 trick"``, ``counted(2, "trick")`` → ``"2 tricks"``.

    ``plural_form`` gives an irregular plural (``counted(2, "øre", "øre")``).
    """
    number = str(n) if isinstance(n, int) else f"{n:g}"
    return f"{number} {noun_for(n, noun, plural_form)}"


#: A card as people read it (♥A, ♣10): the one way every reason, hint and log writes a card.
CARD_WORD = re.compile(r"[♥♠♦♣](?:10|[2-9AJQK])")


def hidden_words(text: str, known: set[str]) -> tuple[str, bool]:
    """``text`` with every card its reader has not seen (``known``: the cards the reader has seen, written like ♥A) said as
    "a hidden card"; and whether any was."""
    hid = False

    def swap(match: re.Match[str]) -> str:
        nonlocal hid
        if match.group(0) in known:
            return match.group(0)
        hid = True
        before = text[:match.start()].rstrip()
        return "A hidden card" if not before or before.endswith(".") else "a hidden card"

    return CARD_WORD.sub(swap, text), hid


def seat_names(players: int) -> tuple[str, ...]:
    """South, then clockwise: West, North, East with four; West and East with three; North with two; with six,
    the corners of a hexagon: South-west, North-west, North, North-east, South-east; with five, seven and eight,
    the points of the compass between (five: West, North-west, North-east, East)."""
    return {8: ("South", "South-west", "West", "North-west", "North", "North-east", "East", "South-east"),
            7: ("South", "South-west", "West", "North-west", "North-east", "East", "South-east"),
            5: ("South", "West", "North-west", "North-east", "East"),
            6: ("South", "South-west", "North-west", "North", "North-east", "South-east"),
            4: ("South", "West", "North", "East"), 3: ("South", "West", "East"), 2: ("South", "North")}[players]
