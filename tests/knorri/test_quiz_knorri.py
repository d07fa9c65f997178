"""Knorri's question kinds against positions worked out by hand, and the generated ones held to their levels.

Each hand-written case says in its comment why its answer is right by the rules (docs/knorri/*.md, rulings
R87-R100): in phase two a card beats a higher card of its suit, a diamond beats any spade or heart, only a
higher club beats a club (soft clubs: any spade, heart or diamond too), and a club beats only a lower club; in
phase one a turned card takes one lower card of its suit, the player choosing, a diamond with none takes a
spade or a heart (never a club), else it stays; in the all-lower version it takes every lower card of its
suit and a diamond is no trump; phase two opens with ♣2 (two packs: the marked ♣2*) alone or with the clubs
3, 4, ... that follow it unbroken.  The engine is only asked to build the question.  Then every seed 0..200
at each level is checked against the level's definition and the answer against the rules, both written
here again by hand (``_beats``, ``_takes``, ``_runs``), not by asking the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.core.cards import Card, Suit, parse_card
from stytvolt.knorri.cards import parse_knorri_cards
from stytvolt.knorri.quiz.beating import ask_may_beat
from stytvolt.knorri.quiz.opening import ask_opening
from stytvolt.knorri.quiz.taking import STAYS, ask_must_take

GAME = "knorri"
KINDS = ("may-beat", "must-take", "opening")
DOCS = Path(__file__).resolve().parents[2] / "docs"
SEEDS = range(201)


def _beats(card: Card, top: Card, soft: bool) -> bool:
    """The beating rule written out again by hand."""
    if card.suit is top.suit:
        return card.rank > top.rank
    if top.suit is Suit.CLUBS:
        return soft  # any spade, heart or diamond on a club, with soft clubs only
    return card.suit is Suit.DIAMONDS and top.suit in (Suit.SPADES, Suit.HEARTS)


def _takes(turned: Card, table: list[Card], all_lower: bool) -> set[Card]:
    """The cards a turned card may take, written out again by hand."""
    lower = {c for c in table if c.suit is turned.suit and c.rank < turned.rank}
    if lower or all_lower or turned.suit is not Suit.DIAMONDS:
        return lower
    return {c for c in table if c.suit in (Suit.SPADES, Suit.HEARTS)}


def _anchors(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)}


def test_the_kinds_are_the_three_the_practise_page_lists() -> None:
    assert [k.name for k in learn.kinds(GAME)] == list(KINDS)
    page = (DOCS / "knorri" / "practise.md").read_text(encoding="utf-8")
    for info in learn.kinds(GAME):
        assert info.title and info.summary and info.rule.startswith("knorri/")
        assert f"**{info.title.rstrip('?')}**" in page


# -- may-beat ------------------------------------------------------------------------------------------

BEATS = [
    # ♦Q is a trump on a spade; ♥8 ♥T are hearts (never on a spade), ♣Q a club (beats only clubs).
    ("S3", "H8 CQ DQ HT", False, "DQ"),
    # only a higher diamond beats a diamond: ♠K, ♣2, ♣9 fail, ♦7 beats ♦3.
    ("D3", "SK D7 C2 C9", False, "D7"),
    # hard clubs: ♦A cannot beat ♣5, nor ♥A; only the higher club ♣6 does; ♣4 is lower.
    ("C5", "DA HA C6 C4", False, "C6"),
    # soft clubs: ♥2 beats ♣K (any heart on a club); ♣3 ♣Q are lower clubs.
    ("CK", "H2 C3 CQ CJ", True, "H2"),
    # soft clubs change nothing on a spade: ♣A still cannot beat ♠2, nor ♥A; ♠3 can.
    ("S2", "CA HA S3 C4", True, "S3"),
]


@pytest.mark.parametrize(("top", "hand", "soft", "answer"), BEATS)
def test_may_beat_hand_worked(top: str, hand: str, soft: bool, answer: str) -> None:
    q = ask_may_beat(top, hand, soft_clubs=soft)
    assert q.answer == answer
    assert {c.id for c in q.choices} == set(hand.split())
    assert q.explanation[0].code in ("higher-same-suit", "trumps", "soft-club")
    assert len(q.explanation) == 2 + 3  # the answer's reason, the summary, and one refusal per other card
    assert ("soft" if soft else "hard") in q.context


@pytest.mark.parametrize(("top", "hand", "words"), [
    ("S3", "D2 D4 H5", "exactly one"),  # two diamonds beat it
    ("S3", "H5 C4 S2", "exactly one"),  # none does
    ("S3", "S3 D4", "top card"),
    ("S3", "D4", "2 to 8"),
])
def test_may_beat_refuses_positions_without_one_answer(top: str, hand: str, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_may_beat(top, hand)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_may_beat_levels_hold_their_definition(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "may-beat", level, seed)
        top = parse_card(q.position["top"])
        soft = q.position["clubs"] == "soft"
        assert soft == (level == 3)
        if level == 1:
            assert top.suit in (Suit.SPADES, Suit.HEARTS)
        if level == 2:
            assert top.suit in (Suit.CLUBS, Suit.DIAMONDS)
        hand = [parse_card(t) for t in q.position["hand"].split()]
        assert [str(c) for c in hand if _beats(c, top, soft)] == [q.answer]


# -- must-take -----------------------------------------------------------------------------------------

TAKES = [
    # ♠9 takes one lower spade, the player's choice: ♠4 or ♠7 (♥2 is another suit).
    ("S9", "S4 S7 H2 DK", "standard", "S4 S7"),
    # ♣5: no lower club (♣7 is higher), so it stays.
    ("C5", "C7 HA D2", "standard", STAYS),
    # ♦7 with no lower diamond (♦9 higher) takes a spade or a heart, never ♣2.
    ("D7", "S4 HK D9 C2", "standard", "S4 HK"),
    # ♦7 with ♦3 on the table must take ♦3, not the spade or the heart.
    ("D7", "D3 S4 HK", "standard", "D3"),
    # ♦4 with only clubs and higher diamonds: nothing to take, it stays.
    ("D4", "C2 C9 D8", "standard", STAYS),
    # all-lower: ♠9 takes ♠4 and ♠7 together; ♠Q is higher.
    ("S9", "S4 S7 SQ H2", "all-lower", "S4 S7"),
    # all-lower: a diamond is no trump, so ♦5 with no lower diamond stays despite ♠4.
    ("D5", "S4 D8 H9", "all-lower", STAYS),
]


@pytest.mark.parametrize(("turned", "table", "variant", "answer"), TAKES)
def test_must_take_hand_worked(turned: str, table: str, variant: str, answer: str) -> None:
    q = ask_must_take(turned, table, variant)
    assert q.answer == answer
    assert answer in {c.id for c in q.choices}
    assert len(q.choices) >= 2
    assert q.explanation[0].text.startswith(parse_card(turned).symbol) or q.explanation[0].code == "stays"


def test_must_take_words_the_choices_and_explains_each_wrong_card() -> None:
    q = ask_must_take("D7", "S4 HK D9 C2")
    texts = {c.id: c.text for c in q.choices}
    assert texts["S4 HK"] == "One of ♠4 ♥K, your choice"
    assert texts.get(STAYS, "Nothing: it stays on the table") == "Nothing: it stays on the table"
    codes = {r.code for r in q.explanation[1:]}
    assert codes <= {"diamond-not-club", "not-lower", "must-take"}  # each wrong choice refused by the rule
    assert q.rule == "knorri/phase-one.md#a-diamond-with-no-lower-diamond"
    alone = ask_must_take("S9", "S4 S7 SQ H2", "all-lower")
    assert {c.id: c.text for c in alone.choices}["S4 S7"] == "All of ♠4 ♠7 together"


@pytest.mark.parametrize(("turned", "table", "variant", "words"), [
    ("S9", "S9 S4", "standard", "cannot lie on the table"),
    ("S9", "S4", "standard", "2 to 12"),
    ("S9", "S4 S7", "mas", "Mas"),
])
def test_must_take_refuses_impossible_positions(turned: str, table: str, variant: str, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_must_take(turned, table, variant)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_must_take_levels_hold_their_definition(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "must-take", level, seed)
        turned = parse_card(q.position["turned"])
        table = [parse_card(t) for t in q.position["table"].split()]
        all_lower = q.position["variant"] == "all-lower"
        assert all_lower == (level == 3)
        if level == 1:
            assert turned.suit is not Suit.DIAMONDS
        if level == 2:
            assert turned.suit is Suit.DIAMONDS
        want = _takes(turned, table, all_lower)
        got = set() if q.answer == STAYS else {parse_card(t) for t in q.answer.split()}
        assert got == want
        assert len({c.id for c in q.choices}) == len(q.choices)


# -- opening -------------------------------------------------------------------------------------------

def _runs(hand: list[Card], two_packs: bool) -> list[str]:
    """The allowed openings written out again by hand: the two, then each unbroken start of the run."""
    first = "C2*" if two_packs else "C2"
    faces = {str(c) for c in hand}
    out = [first]
    rank = 3
    while f"C{rank}" in faces and rank <= 9:
        out.append(out[-1] + f" C{rank}")
        rank += 1
    return out


def test_opening_hand_worked() -> None:
    # ♣2 ♣3 ♣4 then a gap at ♣5: ♣2 ♣3 may open, ♣2 ♣3 ♣4 ♣6 may not (over the gap).
    q = ask_opening("C2 C3 C4 C6 D9", "C2 C3")
    assert q.answer == "C2 C3"
    ids = {c.id for c in q.choices}
    assert "C2 C3 C4 C6" in ids and "C3 C4" in ids
    assert {r.code for r in q.explanation[1:]} <= {"broken-run", "open-with-two"}
    # no ♣3: ♣2 alone; the answer's reason says so.
    alone = ask_opening("C2 C5 HK SA", "C2")
    assert alone.explanation[0].text == "♣2 may open: with no ♣3 in the hand, ♣2 leads alone."
    # two packs: the plain ♣2 run is refused; the marked one opens.
    marked = ask_opening("C2* C2 C3 D4 C8", "C2* C3", two_packs=True)
    assert "C2 C3" in {c.id for c in marked.choices} and marked.answer == "C2* C3"


@pytest.mark.parametrize(("hand", "play", "packs", "words"), [
    ("C3 C4 HK", "C3", False, "opens phase two"),
    ("C2 C3 C5 HK", "C2 C3 C5", False, "not an allowed opening"),
    ("C2 HK", "C2", False, "3 to 12"),
])
def test_opening_refuses_impossible_positions(hand: str, play: str, packs: bool, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_opening(hand, play, two_packs=packs)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_opening_levels_hold_their_definition(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "opening", level, seed)
        packs = q.position["packs"] == "2"
        hand = list(parse_knorri_cards(q.position["hand"]))
        assert packs == (level == 3)
        faces = {str(c) for c in hand}
        if level == 1:
            assert "C3" not in faces
        if level == 2:
            assert "C3" in faces
        allowed = _runs(hand, packs)
        assert q.answer in allowed
        assert [c.id for c in q.choices if c.id in allowed] == [q.answer]
        assert len(q.choices) == 4


# -- every kind -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_every_seed_makes_a_well_formed_question_and_the_same_one_again(kind: str) -> None:
    for level in (1, 2, 3):
        for seed in range(40):
            q = learn.question(GAME, kind, level, seed)
            assert q == learn.question(GAME, kind, level, seed)
            assert q.answer in {c.id for c in q.choices}
            assert q.explanation and q.rule and q.context


@pytest.mark.parametrize("kind", KINDS)
def test_rule_links_lead_to_real_headings_on_the_knorri_pages(kind: str) -> None:
    rules = {learn.question(GAME, kind, level, seed).rule for level in (1, 2, 3) for seed in range(60)}
    rules.add(learn.kind_info(GAME, kind).rule)
    for rule in rules:
        page, _, anchor = rule.partition("#")
        assert anchor in _anchors(page), rule


@pytest.mark.parametrize("kind", KINDS)
def test_visible_text_uses_card_symbols(kind: str) -> None:
    for level in (1, 2, 3):
        q = learn.question(GAME, kind, level, 5)
        shown = " ".join([q.prompt, q.context, *q.explain(), *(c.label for c in q.choices)])
        assert not re.search(r"\b[SHDC](?:[2-9TJQKA])\b", shown), shown
