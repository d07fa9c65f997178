"""Vira's question kinds against positions worked out by hand, and the generated ones held to their levels.

Each hand-written case says in its comment why its answer is right by the rules as docs/vira/*.md state them
(rulings R69-R86): the forty contracts in the Stockholm table's order (Beg 1, Turn-up 6 2, ... Solo 6 15,
Vingel 8 16, Draw 9 19, Gask 4 21, Tringel 9 22, Gask 6 24, Solo 7 25, Misère 6 26, Gask 5 27, Solo 8 28,
Vira 29 ... Solo Vira 40); of equal bids preference beats colour beats off-colour; only an elder player
holds; a contract to win tricks is won with its number, lost singly one short, kodille two or more short; a
misère is won with no trick, lost singly with one, kodille with more.  The engine only builds the question.
Then seeds at each level are checked against the level's definition, written here again by hand, and the
answer against the rule function that decides it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import learn
from stytvolt.core.errors import InvalidPosition, ParseError
from stytvolt.vira import Kind, Outcome, contract, outcome, overcalls, parse_bid
from stytvolt.vira.quiz.auction import ask_overcalls, overcall_level
from stytvolt.vira.quiz.contracts import ask_outcome, ask_requires, outcome_level, requires_level, summary

GAME = "vira"
KINDS = ("overcalls", "contract-requires", "outcome")
DOCS = Path(__file__).resolve().parents[2] / "docs"
SEEDS = range(150)


def _anchors(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)}


def test_the_kinds_are_the_three_the_pages_place() -> None:
    assert [k.name for k in learn.kinds(GAME)] == list(KINDS)
    for info in learn.kinds(GAME):
        assert info.title and info.summary and info.rule.startswith("vira/")


@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_link_leads_to_a_heading(kind: str) -> None:
    rules = {learn.kind_info(GAME, kind).rule} | {learn.question(GAME, kind, lv, s).rule
                                                  for lv in learn.LEVELS for s in range(60)}
    for rule in rules:
        page, _, anchor = rule.partition("#")
        assert (DOCS / page).is_file(), rule
        assert anchor in _anchors(page), rule


# -- overcalls ----------------------------------------------------------------------------------------------


def test_level_1_a_higher_contract_of_the_same_kind() -> None:
    # Solo 8 is number 28, above Solo 7 (25); Solo 6 (15), Draw 7 (3) and Vingel 6 (4) stand below it.
    # None of the wrong ones needs more tricks than Solo 8, and no class is named: level 1.
    d = ask_overcalls("Solo 7", ["Solo 8", "Solo 6", "Draw 7", "Vingel 6"])
    assert d.answer == "28-0"
    assert [c.text for c in d.choices] == ["Solo 8", "Solo 6", "Draw 7", "Vingel 6"]
    assert overcall_level("Solo 7", ["Solo 8", "Solo 6", "Draw 7", "Vingel 6"]) == 1
    assert [r.code for r in d.explanation] == ["quiz.vira.overcalls.higher"] + ["lower-contract"] * 3
    assert d.explanation[0].text == "Solo 8 overcalls Solo 7: it stands at number 28 in the contract table, above number 25."
    assert "may not hold it" in d.context


def test_level_2_suit_classes_of_the_same_contract() -> None:
    # Over Solo 7 in colour only Solo 7 in preference stands: plain Solo 7 is a lower class, Solo 7 in colour only
    # equals it (and this player, younger, may not hold), Solo 6 in preference is a lower contract whatever its class.
    choices = ["Solo 7 in preference", "Solo 7", "Solo 7 in colour", "Solo 6 in preference"]
    d = ask_overcalls("Solo 7 in colour", choices)
    assert d.answer == "25-2"
    assert [r.code for r in d.explanation] == ["quiz.vira.overcalls.class", "lower-class", "only-equal", "lower-contract"]
    assert overcall_level("Solo 7 in colour", choices) == 2
    assert d.rule == "vira/auction.md#equal-bids-and-suit-classes"


def test_level_3_a_wrong_choice_that_looks_higher() -> None:
    # Over Tringel 9 (22) only Solo 7 (25) stands; Gask 4 (21) wants 11 tricks and Draw 9 (19) wants 9, more than
    # Solo 7's 7, yet both stand below Tringel 9: the trap.
    choices = ["Solo 7", "Gask 4", "Solo 6", "Draw 9"]
    d = ask_overcalls("Tringel 9", choices)
    assert d.answer == "25-0" and overcall_level("Tringel 9", choices) == 3
    # Gask 5 (27) overcalls Misère 6 (26); Gask 6 (24) keeps more cards and Solo 7 (25) is a solo, yet both are lower.
    choices = ["Gask 5", "Gask 6", "Solo 7", "Beg"]
    d = ask_overcalls("Misère 6", choices)
    assert d.answer == "27-0" and overcall_level("Misère 6", choices) == 3
    assert d.rule == "vira/auction.md#the-forty-contracts"


def test_level_3_holding() -> None:
    # An elder player may hold Solo 7 in colour by matching it exactly; plain Solo 7 is still a lower class.
    choices = ["Solo 7 in colour", "Solo 7", "Solo 6 in preference", "Beg"]
    d = ask_overcalls("Solo 7 in colour", choices, holding=True)
    assert d.answer == "25-1" and d.position["holding"] == "yes"
    assert d.explanation[0].code == "quiz.vira.overcalls.hold"
    assert overcall_level("Solo 7 in colour", choices, holding=True) == 3
    assert d.rule == "vira/auction.md#holding"


def test_bad_overcall_positions_are_refused() -> None:
    with pytest.raises(InvalidPosition, match="exactly one"):
        ask_overcalls("Beg", ["Solo 8", "Solo 7"])  # both overcall Beg
    with pytest.raises(InvalidPosition, match="different bids"):
        ask_overcalls("Beg", ["Solo 8", "Solo 8"])
    with pytest.raises(ParseError, match="Vingel 7 cannot be bid in colour"):
        ask_overcalls("Beg", ["Vingel 7 in colour", "Draw 7"])


@pytest.mark.parametrize("level", learn.LEVELS)
def test_generated_overcall_questions_keep_to_their_level(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "overcalls", level, seed)
        current = parse_bid(q.position["current"])
        bids = [parse_bid(t) for t in q.position["choices"].split(" | ")]
        holding = q.position["holding"] == "yes"
        right = [b for b in bids if overcalls(b, current, holding=holding)]
        assert len(right) == 1 and q.answer == f"{right[0].contract.number}-{right[0].suit_class.rank}"
        classes = any(str(b.suit_class) != "off-colour" for b in [current, *bids])
        # The level by hand: 3 = holding, or a wrong bid below the current one that wants more tricks than the
        # right one, keeps more cards in a gask, or is a solo against another kind; else 2 = any class named.
        a = right[0].contract
        def looks(b: object) -> bool:
            w = b.contract  # type: ignore[attr-defined]
            return w.number < a.number and (
                (w.tricks is not None and a.tricks is not None and w.tricks > a.tricks)
                or (w.kind is Kind.GASK and a.kind is Kind.GASK and w.count > a.count)
                or (w.kind is Kind.SOLO and a.kind is not Kind.SOLO))
        by_hand = 3 if holding or any(looks(b) for b in bids if b != right[0]) else 2 if classes else 1
        assert by_hand == level, q.key


# -- contract-requires --------------------------------------------------------------------------------------


def test_summaries_written_by_hand() -> None:
    # Parlett and the table: vira takes the talon, lays away 13 of 26, all 13 tricks with trumps named.
    assert summary("Vira") == "Take the whole talon, lay away 13 of the 26 cards, name trumps, win all 13 tricks"
    # A vingel turns two cards, the suit of either trumps; Vingel 7 wants 7 tricks.
    assert summary("Vingel 7") == "Turn two talon cards: the suit of either is trumps; exchange, win 7 tricks"
    # Gask 3: keep 3, take the talon; 10 tricks, or lose all 12 open (recovered facts).
    assert summary("Gask på 3") == ("Keep 3 cards and take the whole talon; win 10 tricks with trumps, or lose all 12 "
                                    "tricks, hand open")
    assert summary("Gask 6") == "Keep 6 cards and take the whole talon; win 12 tricks with trumps (no misère)"
    # Misère on one discard plays 11 cards by the table (R74).
    assert summary("Misère 1") == "Exchange exactly 1 card with the talon, then lose all 11 tricks, hand closed"
    assert summary("Solo petite misère ouverte royale") == ("Lay away one card, lose all 12 tricks, hand open; the "
                                                            "opponents may talk")
    assert summary("Solo Vira") == "No exchange; name trumps, win all 13 tricks"


def test_contract_requires_levels_by_hand() -> None:
    d = ask_requires("Vira", ["Cuckoo", "Solo 8", "Misère 2"])
    assert d.answer == "29" and requires_level("Vira", ["Cuckoo", "Solo 8", "Misère 2"]) == 1
    assert d.explanation[0].code == "contract-vira"
    # Points of Vira by the table: 2 / 4 / 8.
    assert d.explanation[1].text.endswith("2 points off-colour, 4 in colour, 8 in preference; when it is lost, the "
                                          "soloist pays each opponent as much.")
    d = ask_requires("Vingel 7", ["Turn-up 7", "Vingel 8", "Tringel 9"])
    assert d.answer == "11" and requires_level("Vingel 7", ["Turn-up 7", "Vingel 8", "Tringel 9"]) == 2
    d = ask_requires("Gask 3", ["Gask 1", "Gask 4", "Gask 6"], swedish=True)
    assert d.answer == "18" and d.prompt == "What does Gask på 3 require of its player?"
    assert d.context == "Gask på 3 is Gask 3, number 18 of the 40 contracts."
    assert requires_level("Gask 3", ["Gask 1", "Gask 4", "Gask 6"]) == 3
    assert d.rule == "vira/contracts.md#gask"


@pytest.mark.parametrize("level", learn.LEVELS)
def test_generated_contract_questions_keep_to_their_level(level: int) -> None:
    trump_kinds = {Kind.DRAW, Kind.TURN_UP, Kind.SOLO}
    for seed in SEEDS:
        q = learn.question(GAME, "contract-requires", level, seed)
        asked = contract(q.position["contract"])
        offered = [contract(n) for n in q.position["choices"].split(" | ")]
        assert q.answer == str(asked.number) and q.correct.text == summary(asked)
        others = [c for c in offered if c is not asked]
        same = all(c.kind is asked.kind for c in others)
        by_hand = 1 if not same else 2 if asked.kind in trump_kinds else 3
        assert by_hand == level, q.key
        if level == 1:
            assert len({c.kind for c in offered}) == 4


# -- outcome ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, tricks, misere, answer, level", [
    ("Draw 8", 13, None, "won", 1),        # 8 or more wins
    ("Tringel 9", 5, None, "kodille", 1),  # four short
    ("Draw 8", 7, None, "lost", 2),        # one short: lost singly
    ("Solo 7", 5, None, "kodille", 2),     # two short
    ("Solo 7", 7, None, "won", 2),         # exactly made
    ("Misère 3", 0, None, "won", 3),       # a misère with no trick
    ("Misère 3", 1, None, "lost", 3),      # one trick taken in a misère: lost singly
    ("Cuckoo", 2, None, "kodille", 3),     # two tricks taken: kodille
    ("Gask 0", 1, True, "lost", 3),        # the gask's misère, one trick
    ("Gask 0", 5, False, "kodille", 3),    # the gask for 7 tricks, two short
])
def test_outcomes_by_hand(name: str, tricks: int, misere: bool | None, answer: str, level: int) -> None:
    d = ask_outcome(name, tricks, misere=misere)
    assert d.answer == answer and outcome_level(name, tricks, misere) == level
    assert [c.id for c in d.choices] == ["won", "lost", "kodille"]


def test_outcome_explains_the_count() -> None:
    d = ask_outcome("Draw 8", 6, seat=1)
    assert [r.text for r in d.explanation] == [
        "Draw 8 asks for at least 8 tricks; West took 6, 2 short.",
        "The contract is missed: two or more short is a double loss: kodille.",
    ]
    with pytest.raises(InvalidPosition):
        ask_outcome("Gask 3", 4)  # which way was the gask played? never guessed


@pytest.mark.parametrize("level", learn.LEVELS)
def test_generated_outcome_questions_keep_to_their_level(level: int) -> None:
    for seed in SEEDS:
        q = learn.question(GAME, "outcome", level, seed)
        item = contract(q.position["contract"])
        tricks = int(q.position["tricks"])
        assert q.position["played"] in ("for tricks", "a misère"), q.key
        result = outcome(item, tricks, misere=q.position["played"] == "a misère")
        assert q.answer == {Outcome.WON: "won", Outcome.LOST: "lost", Outcome.KODILLE: "kodille"}[result]
        if level < 3:
            assert item.kind in (Kind.DRAW, Kind.TURN_UP, Kind.SOLO)
            assert item.tricks is not None
            short = item.tricks - tricks
            assert (short < 0 or short >= 3) if level == 1 else 0 <= short <= 2, q.key
        else:
            assert item.always_misere or item.kind is Kind.GASK


def test_outcome_positions_and_verdicts_are_said_in_words() -> None:
    # The position once wrote the misère flag as '', 'False' or 'True'; and a trump contract one trick short was
    # "one trick too many or too few".  Both now say what happened in words.
    gask = ask_outcome("Gask 0", 1, misere=True, seat=2)
    assert gask.position["played"] == "a misère" and "misere" not in gask.position
    assert [r.text for r in gask.explanation] == [
        "As a misère, Gask 0 asks North to take no trick of 11; North took 1.",
        "The contract is missed: taking one trick is a single loss: lost singly.",
    ]
    draw = ask_outcome("Draw 8", 7, trump="H")
    assert draw.position["played"] == "for tricks"
    assert draw.explanation[1].text == "The contract is missed: one trick short is a single loss: lost singly."
    assert ask_outcome("Draw 8", 5).explanation[1].text == (
        "The contract is missed: two or more short is a double loss: kodille.")
    assert ask_outcome("Misère 2", 3).explanation[1].text == (
        "The contract is missed: taking two or more is a double loss: kodille.")
    for level in learn.LEVELS:
        for seed in range(40):
            q = learn.question(GAME, "outcome", level, seed)
            assert not {"", "True", "False"} & {q.position["played"]}, q.key


def test_a_contracts_points_say_who_pays_whom() -> None:
    d = ask_requires("Gask 1", ["Draw 8", "Solo 9"])
    assert d.explanation[1].text == (
        "When Gask 1 is won, each opponent pays the soloist by the trump suit's class: 0 points off-colour, 0 in "
        "colour, 1 in preference; when it is lost, the soloist pays each opponent as much.")
    assert ask_requires("Solo petite misère", ["Draw 8"]).explanation[1].text == (
        "When Solo petite misère is won, each opponent pays the soloist 2 points; when it is lost, the soloist pays "
        "each opponent as much.")
    assert ask_requires("Misère 2", ["Draw 8"]).explanation[1].text == (
        "Misère 2 pays no points either way: it is played for the chips.")
