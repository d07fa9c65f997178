"""Brus's question kinds against positions worked out by hand, and the generated ones held to their levels.

Each hand-written case says in its comment why its answer is right by the rules (docs/brus/*.md, rulings
R57-R68): the eighteen live cards rank ♣J (Spit) ♠8 (Dull) ♥K (Brus), then nines, aces, ♠J ♥J ♦J, sixes, equal
ranks ♣ ♠ ♥ ♦; sevens are never played, duds never; after the lead a player must beat the highest card so far
if able, else passes; the last card played wins; a side with six tricks scores 1 stroke, 2 for six to none;
with no side at six, five tricks and ♣K score 1, else nobody.  The engine is only asked to build the question.
Then every seed 0..300 at each level is checked against the level's definition and the answer against the
rules, both written here again by hand (ORDER below), not by asking the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.brus.quiz.play import ask_legal_plays, ask_trick_winner
from stytvolt.brus.quiz.scoring import ask_deal_score
from stytvolt.core.cards import Card, parse_card, parse_cards

GAME = "brus"
KINDS = ("trick-winner", "legal-plays", "deal-score")
DOCS = Path(__file__).resolve().parents[2] / "docs"
SEEDS = range(301)
SEATS = ("South", "West", "North", "East")
#: The eighteen live cards, highest first, written out by hand from the rules.
ORDER = parse_cards("CJ S8 HK C9 S9 H9 D9 CA SA HA DA SJ HJ DJ C6 S6 H6 D6")
MATADORS = set(ORDER[:3])
SEVENS = set(parse_cards("C7 S7 H7 D7"))


def _beats(card: Card, other: Card) -> bool:
    return card in ORDER and ORDER.index(card) < ORDER.index(other)


def _plays(text: str) -> list[Card | None]:
    return [None if t == "pass" else parse_card(t) for t in text.split()]


def _anchors(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)}


def test_the_kinds_are_the_three_the_practise_page_lists() -> None:
    assert [k.name for k in learn.kinds(GAME)] == list(KINDS)
    for info in learn.kinds(GAME):
        assert info.title and info.summary and info.rule.startswith("brus/")
    page = (DOCS / "brus" / "practise.md").read_text(encoding="utf-8")
    assert all(f"**{k.title.rstrip('?')}**" in page for k in learn.kinds(GAME))


# -- trick-winner ------------------------------------------------------------------------------------

TRICKS = [
    # (level, plays in play order, leader, winner, the cards as they lie from South)
    # L1: ♦6 led; ♣A beats it (any ace beats any six); the last card played wins.  West leads, so North passes,
    # East plays ♣A, South passes: the cards lie West ♦6, East ♣A.
    (1, "D6 pass CA pass", 1, "CA", "D6 CA"),
    # L1: a nine beats a jack: ♠9 over ♠J; the others pass.  South leads: South ♠J, West ♠9.
    (1, "SJ S9 pass pass", 0, "S9", "SJ S9"),
    # L1: six, jack, nine, each higher; North leads: North ♣6, East ♥J, South ♥9.
    (1, "C6 HJ H9 pass", 2, "H9", "H9 C6 HJ"),
    # L2: three nines: the suit decides, ♣ over ♠ over ♥.  East leads: East ♥9, South ♠9, West ♣9.
    (2, "H9 S9 C9 pass", 3, "C9", "S9 C9 H9"),
    # L2: ♦A, then ♥A, then ♠A: ♠ ranks above ♥ and ♦.
    (2, "DA HA pass SA", 1, "SA", "SA DA HA"),
    # L3: Brus ♥K, a king, beats any ace (it is the third matador).
    (3, "CA HK pass pass", 1, "HK", "CA HK"),
    # L3: Dull ♠8 beats every nine.
    (3, "D9 S8 pass pass", 0, "S8", "D9 S8"),
    # L3: Spit ♣J is the top card, though ♠J ranks below the aces.
    # North leads ♠J, East passes, South plays ♣J, West passes: the cards lie South ♣J, North ♠J.
    (3, "SJ pass CJ pass", 2, "CJ", "CJ SJ"),
]


@pytest.mark.parametrize(("level", "plays", "leader", "winner", "lying"), TRICKS)
def test_trick_winner_hand_worked(level: int, plays: str, leader: int, winner: str, lying: str) -> None:
    draft = ask_trick_winner(plays, leader=leader)
    assert draft.answer == winner
    assert [c.id for c in draft.choices] == lying.split()
    (row,) = draft.rows
    assert row.tap and [str(c) for c in row.cards] == lying.split()
    assert any(n.endswith(", led") and n.startswith(SEATS[leader]) for n in row.notes)
    assert draft.position == {"plays": plays, "leader": SEATS[leader]}
    assert parse_card(winner) in {c for r in draft.explanation for c in r.cards}
    cards = [c for c in _plays(plays) if c is not None]
    assert (3 if MATADORS & set(cards) else 2 if len({c.rank for c in cards}) < len(cards) else 1) == level


def test_trick_winner_says_who_passed_and_ends_with_the_rules_reason() -> None:
    draft = ask_trick_winner("D6 pass CA pass", leader=1)
    # West led ♦6; North and South passed; East's ♣A is the highest card played.
    assert "North and South (you) passed." in draft.context
    said = [r.render(seats=SEATS) for r in draft.explanation]
    assert said[:4] == ["West leads ♦6.", "North passes: holding nothing higher than ♦6.", "East beats ♦6 with ♣A.",
                        "South passes: holding nothing higher than ♣A."]
    assert said[-1] == "East wins the trick with ♣A, the highest card played."


@pytest.mark.parametrize(("plays", "words"), [
    ("CA pass SJ pass", "does not beat"),  # ♠J is below ♣A: that trick cannot happen
    ("S7 C9 pass pass", "seven"),  # a seven is never led
    ("HQ pass pass C9", "dud"),  # a dud is never played
    ("D6 CA pass", "holds 4 plays"),  # a finished trick at four holds four plays
    ("D6 pass pass pass", "at least two cards"),
    ("pass D6 C9 pass", "pass"),
])
def test_trick_winner_refuses_impossible_tricks(plays: str, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_trick_winner(plays)


@pytest.mark.parametrize("level", learn.LEVELS)
def test_trick_winner_levels_hold_their_definition(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "trick-winner", level, seed)
        steps = _plays(q.position["plays"])
        cards = [c for c in steps if c is not None]
        assert len(steps) == 4 and len(cards) >= 2, q.key
        # Each card beats the one before it (by hand), so the last card played wins.
        assert all(_beats(b, a) for a, b in zip(cards, cards[1:])), q.key
        assert q.answer == str(cards[-1]), q.key
        want = 3 if MATADORS & set(cards) else 2 if len({c.rank for c in cards}) < len(cards) else 1
        assert want == level, q.key
        # The cards lie from South round to East, not in play order.
        leader = SEATS.index(q.position["leader"])
        seat = {c: (leader + i) % 4 for i, c in enumerate(steps) if c is not None}
        assert [c.id for c in q.choices] == [str(c) for c in sorted(cards, key=seat.__getitem__)], q.key


# -- legal-plays -------------------------------------------------------------------------------------

LEGAL = [
    # (level, hand, trick so far, answer)
    # L1: ♠A led; ♣9 (a nine) beats it; ♥Q and ♦K are duds.
    (1, "HQ C9 DK", "SA", "C9"),
    # L1: ♠9 led; ♥9 is below ♠9 (♠ over ♥), the rest are duds: pass.
    (1, "HQ H9 DK DT", "S9", "pass"),
    # L2: ♠J is the card to beat, not the ♦6 led: ♥J is below ♠J, ♣A beats it; ♠7 is a seven.
    (2, "HJ CA DQ S7", "D6 pass SJ", "CA"),
    # L2: on lead with one live card among duds: it must be led.
    (2, "CQ DT H9 SK", "", "H9"),
    # L2: on lead with duds only: the lead passes on.
    (2, "CQ DT SK", "", "pass"),
    # L3: Brus ♥K beats ♣A.
    (3, "HK SA DQ", "CA", "HK"),
    # L3: nothing beats Spit: pass, though ♠8 is a matador.
    (3, "S8 C9 HQ", "CJ", "pass"),
    # L3: on lead, Dull is the only live card.
    (3, "S8 HQ CT", "", "S8"),
]


@pytest.mark.parametrize(("level", "hand", "trick", "answer"), LEGAL)
def test_legal_plays_hand_worked(level: int, hand: str, trick: str, answer: str) -> None:
    draft = ask_legal_plays(hand, trick)
    assert draft.answer == answer
    ids = [c.id for c in draft.choices]
    assert "pass" in ids and answer in ids and 2 <= len(ids) <= 6
    assert draft.rows[-1].label == "Your hand (South)" and [str(c) for c in draft.rows[-1].cards] == hand.split()
    cards = list(parse_cards(hand))
    steps = _plays(trick) if trick else []
    played = [c for c in steps if c is not None]
    want = 3 if MATADORS & set(cards + played) else 2 if len(steps) != 1 or SEVENS & set(cards) else 1
    assert want == level


def test_legal_plays_explains_each_wrong_choice_with_the_rules_refusal() -> None:
    draft = ask_legal_plays("HJ CA DQ S7", "D6 pass SJ")
    said = {r.code: r.render(seats=SEATS) for r in draft.explanation}
    # Three plays so far and South last: West led ♦6, North passed, East played ♠J.
    assert said["lead"] == "West leads ♦6."
    assert said["quiz.brus.only-beat"] == "♣A is the only card in your hand that beats ♠J, so you must play it."
    assert said["too-low"].startswith("♥J does not beat ♠J")
    assert said["seven-not-played"].startswith("♠7 is a seven")
    assert said["must-beat"].startswith("♠J can be beaten from this hand (♣A)")
    assert draft.rule == "brus/play.md#beat-or-pass"


@pytest.mark.parametrize(("hand", "trick", "words"), [
    ("C9 SA HQ", "D6", "exactly one"),  # ♣9 and ♠A both beat ♦6
    ("C7 H9 HQ", "", "laid out every seven"),  # on lead, sevens are laid out first (R58)
    ("C9 HQ", "C9", "both in the hand"),
    ("C9 HQ", "D6 pass pass pass", "at most 3 plays"),
])
def test_legal_plays_refuses_a_position_without_one_answer(hand: str, trick: str, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_legal_plays(hand, trick)


@pytest.mark.parametrize("level", learn.LEVELS)
def test_legal_plays_levels_hold_their_definition(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "legal-plays", level, seed)
        hand = list(parse_cards(q.position["hand"]))
        steps = _plays(q.position["trick"]) if q.position["trick"] else []
        played = [c for c in steps if c is not None]
        want = 3 if MATADORS & set(hand + played) else 2 if len(steps) != 1 or SEVENS & set(hand) else 1
        assert want == level, q.key
        # By hand: on lead any live card; after it, the cards that beat the highest so far; else pass.
        if played:
            allowed = [c for c in hand if _beats(c, played[-1])]
        else:
            allowed = [c for c in hand if c in ORDER]
            assert not SEVENS & set(hand), q.key
        assert q.answer == (str(allowed[0]) if allowed else "pass") and len(allowed) <= 1, q.key


# -- deal-score --------------------------------------------------------------------------------------

SCORES = [
    # (level, tricks in the order taken (S W N E; ":card" a seven laid out), seat holding ♣K, answer)
    # L1: South and North (S N S N N S) reach six, West and East have three: 1 stroke.
    (1, "S W N E S N W N S", None, "A1"),
    # L1: West and East reach six (W E W E E W) with South and North on 2: 1 stroke for them.
    (1, "W S E W N E E W", None, "B1"),
    # L2: six to none: the lurch, 2 strokes.
    (2, "N N S N S S", None, "A2"),
    # L2: East laid out a seven: a trick, so South and North's six is not six to none.
    (2, "S E:D7 N N S N S", None, "A1"),
    # L2: four tricks and two sevens make six, to none: the lurch.
    (2, "S:C7 S:H7 N S N S", None, "A2"),
    # L2: three tricks and three sevens for West and East, none for South and North: the lurch.
    (2, "W:S7 W:H7 E:C7 W E E", None, "B2"),
    # L3: 5 to 4 and North holds ♣K: South and North have five and ♣K, 1 stroke.
    (3, "S:C7 W N:S7 E W:H7 S N E:D7 S", 2, "A1"),
    # L3: the same tricks, but West holds ♣K: nobody scores.
    (3, "S:C7 W N:S7 E W:H7 S N E:D7 S", 1, "none"),
    # L3: five each; East's side holds ♣K: 1 stroke for West and East.
    (3, "S:C7 W:S7 N:H7 E:D7 S W N E S W", 3, "B1"),
    # L3: four to three: nobody has five, nobody scores.
    (3, "S:C7 W:S7 N:H7 E:D7 S W N", 0, "none"),
]


def _sides(taken: str) -> tuple[tuple[int, int], int]:
    """Each side's tricks (South and North first) and the sevens laid out, counted by hand."""
    won = [0, 0]
    for token in taken.split():
        won[0 if token[0] in "SN" else 1] += 1
    return (won[0], won[1]), taken.count(":")


@pytest.mark.parametrize(("level", "taken", "king", "answer"), SCORES)
def test_deal_score_hand_worked(level: int, taken: str, king: int | None, answer: str) -> None:
    draft = ask_deal_score(taken, club_king=king)
    assert draft.answer == answer
    assert [c.id for c in draft.choices] == ["A1", "A2", "B1", "B2", "none"]
    (a, b), sevens = _sides(taken)
    assert (3 if 6 not in (a, b) else 2 if 0 in (a, b) or sevens else 1) == level
    text = draft.context + " ".join(r.render(seats=SEATS) for r in draft.explanation)
    assert not re.search(r"\bteam [AB]\b", text)  # sides are named by their players


def test_deal_score_words_the_tricks_and_the_club_king() -> None:
    draft = ask_deal_score("S:C7 W N:S7 E W:H7 S N E:D7 S", club_king=2)
    assert draft.context.endswith("The tricks, in the order they were taken: South (♣7 laid out), West, North (♠7 laid "
                                  "out), East, West (♥7 laid out), South, North, East (♦7 laid out), South. North holds ♣K.")
    assert [r.render() for r in draft.explanation] == [
        "South and North took 5 tricks, counting ♣7 and ♠7 laid out: a seven laid out counts as a trick won.",
        "West and East took 4 tricks, counting ♥7 and ♦7 laid out: a seven laid out counts as a trick won.",
        "North holds ♣K, so it is South and North's.",
        "No side reached six tricks; South and North have five and hold ♣K: 1 stroke.",
    ]


@pytest.mark.parametrize(("taken", "kwargs", "words"), [
    ("S S S S S S N", {}, "play stops"),  # the sixth trick ends the deal
    ("S:C7 W:S7 N:H7 E:D7 S W N E S", {}, "name the seat"),
    ("S W N E S W N E S", {"club_king": 0}, "every seven"),  # a deal nobody finished has laid out every seven
    ("S:C7 W:S7 N:H7 E:D7", {"club_king": 0}, "5 to 10"),
    ("S:C9 S S S S S", {}, "only the four sevens"),
    ("X S", {}, "a seat"),
])
def test_deal_score_refuses_impossible_ends(taken: str, kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_deal_score(taken, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", learn.LEVELS)
def test_deal_score_levels_hold_their_definition(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "deal-score", level, seed)
        (a, b), sevens = _sides(q.position["taken"])
        assert (3 if 6 not in (a, b) else 2 if 0 in (a, b) or sevens else 1) == level, q.key
        # By hand: six scores 1, six to none 2; else five and ♣K score 1, otherwise nobody.
        if 6 in (a, b):
            side = (a, b).index(6)
            want = f"{'AB'[side]}{2 if 0 in (a, b) else 1}"
            last = q.position["taken"].split()[-1][0]
            assert (0 if last in "SN" else 1) == side, q.key  # the sixth trick is the last
        else:
            king = SEATS.index(q.position["club_king_seat"]) % 2
            want = f"{'AB'[king]}1" if (a, b)[king] == 5 else "none"
            assert 5 <= a + b <= 10 and sevens == 4, q.key
        assert q.answer == want, q.key


# -- every kind --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_every_seed_makes_a_well_formed_question_and_the_same_one_again(kind: str) -> None:
    for level in learn.LEVELS:
        for seed in range(100):
            q = learn.question(GAME, kind, level, seed)
            assert q == learn.question(GAME, kind, level, seed)
            assert 2 <= len(q.choices) <= 6 and sum(learn.check(q, c.id) for c in q.choices) == 1, q.key
            assert q.prompt.endswith("?") and q.context.startswith("Brus for four")


@pytest.mark.parametrize("kind", KINDS)
def test_rule_links_lead_to_real_headings_on_the_brus_pages(kind: str) -> None:
    rules = {learn.question(GAME, kind, level, seed).rule for level in learn.LEVELS for seed in range(200)}
    for rule in rules | {learn.kind_info(GAME, kind).rule}:
        page, _, anchor = rule.partition("#")
        assert anchor in _anchors(page), rule


@pytest.mark.parametrize("kind", KINDS)
def test_visible_text_uses_card_symbols_and_seat_names(kind: str) -> None:
    for level in learn.LEVELS:
        for seed in range(60):
            q = learn.question(GAME, kind, level, seed)
            text = " ".join([q.context, q.prompt, *q.explain(seats=SEATS), *(c.text for c in q.choices)])
            assert not re.search(r"\b[CSHD][2-9TJQKA]\b", text), (q.key, text)
            assert not re.search(r"\b(player \d|team [AB])\b", text), (q.key, text)


def test_deal_score_counts_one_seven_laid_out_as_one() -> None:
    # "1 of them the sevens laid out (♠7)" read as several sevens: one seven is named as one.
    draft = ask_deal_score("S:C7 W W W W W W", club_king=None)
    assert draft.explanation[0].render() == (
        "South and North took 1 trick, counting ♣7 laid out: a seven laid out counts as a trick won.")
