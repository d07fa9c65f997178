"""Counted words and one card text: what people read says "1 trick", "3 tricks", "♣10", never "1 tricks",
"trick(s)", "♣T" or a doubled full stop.

The helper is :mod:`stytvolt.core.words` (and the ``{n:noun}`` fields of a
reason's template); the card text is :attr:`stytvolt.core.cards.Card.symbol`.
The sweep here reads the questions of every game and kind at every level (a
sample of seeds); the tables' and puzzles' texts are swept in
``test_table_words.py``.
"""

from __future__ import annotations

import re

import pytest

from stytvolt import learn
from stytvolt.core.cards import Card, Rank, Suit, parse_card
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.words import counted, noun_for, plural

#: What a count meeting its noun must never read as, and a doubled full stop, and a ten written "T".
NOUNS = ("tricks", "points", "chips", "cards", "card points", "strokes", "crosses", "deals", "hands", "bids",
         "players", "trumps", "sevens", "more cards", "tries", "times")
MISCOUNTED = re.compile(r"\(s\)|(?<![\d.,])(?<![Pp]layer )\b1 (?:" + "|".join(NOUNS) + r")\b"
                        r"|(?<![\d.,])\b0 (?:trick|point|chip|card|stroke|cross|deal|hand|bid|player)\b(?! points?\b)")
DOUBLED = re.compile(r"(?<!\.)\.\.(?!\.)")
TEN_AS_T = re.compile(r"[♠♥♦♣]T\b")


def faults(text: str) -> list[str]:
    """Every counted word, doubled full stop or ten written "T" in ``text``."""
    return [m.group(0) for pattern in (MISCOUNTED, DOUBLED, TEN_AS_T) for m in pattern.finditer(text)]


def test_a_count_takes_the_singular_only_for_one() -> None:
    assert counted(1, "trick") == "1 trick"
    assert counted(0, "trick") == "0 tricks"
    assert counted(3, "card point") == "3 card points"
    assert counted(2, "cross") == "2 crosses" and plural("match") == "matches"
    assert counted(1, "øre", "øre") == "1 øre" and counted(5, "øre", "øre") == "5 øre"
    assert counted(-1, "point") == "-1 point" and counted(-3, "point") == "-3 points"
    assert counted(1.5, "stroke") == "1.5 strokes"
    assert noun_for(1, "trump") == "trump" and noun_for(7, "trump") == "trumps"


def test_a_reasons_template_counts_with_a_noun_field_and_keeps_its_number() -> None:
    reason = Reason.of("x", "{seat} won {won:trick}, {rate:point} and {chips:chip}; {n:cross|crosses}, {ore:øre|øre}.",
                       seat=Seat(1), won=1, rate=0, chips=2, n=1, ore=3)
    assert reason.render(seats=["South", "West"]) == "West won 1 trick, 0 points and 2 chips; 1 cross, 3 øre."
    assert reason.as_dict()["args"]["won"] == 1  # the page still gets the number
    # A field's own format spec is untouched.
    assert Reason.of("x", "{v:>3}|{v:d}|{w}", v=7, w="a:b").render() == "  7|7|a:b"


def test_every_card_is_written_one_way_for_people_a_ten_as_10() -> None:
    for suit in Suit:
        ten = Card(suit, Rank.TEN)
        assert ten.symbol == suit.symbol + "10" and str(ten) == suit.letter + "T"
        assert parse_card(ten.symbol) is ten and parse_card(str(ten)) is ten
    assert Card(Suit.HEARTS, Rank.TWO).symbol == "♥2" and Card(Suit.CLUBS, Rank.ACE).symbol == "♣A"


def _texts(q: learn.Question) -> list[str]:
    return [q.prompt, q.context, *(c.text for c in q.choices), *(c.label for c in q.choices), *q.explain(),
            *q.explain(seats=["South", "West", "North", "East", "South-west", "North-west"]),
            *(r.label for r in q.rows), *(n for r in q.rows for n in r.notes)]


@pytest.mark.parametrize("game", learn.games_with_kinds())
def test_questions_say_counts_cards_and_stops_the_one_way(game: str) -> None:
    found: dict[str, str] = {}
    for kind in learn.kind_names(game):
        for level in learn.LEVELS:
            for seed in range(20):
                q = learn.question(game, kind, level, seed)
                for text in _texts(q):
                    for fault in faults(text):
                        found.setdefault(f"{q.key}: {fault}", text)
    assert not found, found

