"""Stýrivolt's card-names questions against names worked out by hand from docs/cards.md and rulings R2.

The expected answers are read off the cards page's tables by hand; the
engine is only asked to build the question.  Then the generated questions
are held to each level's definition over many seeds.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.core.cards import parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt.quiz.names import (
    LEVEL_ROLES, ask_card_name, ask_translation, ask_which_card, local_words, role_id,
)
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, Ranking, Role

DOCS = Path(__file__).resolve().parents[2] / "docs"
SEEDS = 400


def _anchors(page: str) -> set[str]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)}


WHICH_CARD = [
    # (level, chosen, role, cards, local word, answer)
    # L1: the bird is ♥2 in every deal; ♦2 and ♠2 share its rank, ♣4 is the fýrik.
    (1, None, Role.BIRD, "D2 H2 S2 C4", None, "H2"),
    # L1: the mare of diamonds is ♦9, not the red ♥9 (the hay-yard mare): go by the symbol.
    (1, None, Role.DIAMOND_MARE, "H9 D9 S8 C9", None, "D9"),
    # L1: the fýrik is ♣4; ♠4 and ♦4 are only fours.
    (1, None, Role.FYRIK, "S4 C4 D4 H2", None, "C4"),
    # L1: with hearts and clubs chosen, the karnifl offered is ♣J; ♦J and ♠J are unchosen, ♣A a stýrivolt.
    (1, "H,C", Role.KARNIFL, "DJ CJ SJ CA", None, "CJ"),
    # L1: with spades and diamonds chosen, the lamb offered is ♦7; ♥7 and ♣7 are unchosen (dead sevens).
    (1, "S,D", Role.LAMB, "H7 C7 D7", None, "D7"),
    # L2: with hearts and spades chosen, the trist offered is ♠3; ♠2 is a tvist, ♦3 plain.
    (2, "H,S", Role.TRIST, "S2 S3 D3 S4", None, "S3"),
    # L2: with clubs and diamonds chosen, the trader offered is ♦5; ♥5 is unchosen, ♦7 a lamb.
    (2, "C,D", Role.TRADER, "H5 D5 D7", None, "D5"),
    # L2: with hearts and spades chosen, the postman offered is ♥6; ♣6 plain, ♦9 the mare of diamonds.
    (2, "H,S", Role.POSTMAN, "C6 H6 D9", None, "H6"),
    # L3 (R2): with hearts and spades chosen, ♥2 is the bird, so the only tvist is ♠2.
    (3, "H,S", Role.TVIST, "H2 S2 D2 S3", None, "S2"),
    # L3 (R2): with clubs and hearts chosen, ♣4 is the fýrik, so the unfortunate offered is ♥4.
    (3, "C,H", Role.OLUKKA, "C4 H4 S4", None, "H4"),
    # L3 (R2): with hearts and diamonds chosen, ♥9 and ♦9 are mares; the free card offered is ♦8.
    (3, "H,D", Role.FREE_CARD, "H9 D9 D8 S8", None, "D8"),
    # L3 local word: in Kunoy the lambs are høsn; with hearts and clubs chosen, ♣7 is one.
    (3, "H,C", Role.LAMB, "S7 C7 C8", "høsn", "C7"),
    # L3 local word: in Bøur the unfortunates are pollar; with spades and clubs chosen ♣4 is the fýrik, ♠4 one.
    (3, "S,C", Role.OLUKKA, "C4 S4 D4", "pollar", "S4"),
]


@pytest.mark.parametrize(("level", "chosen", "role", "cards", "local", "answer"), WHICH_CARD)
def test_which_card_hand_worked(level: int, chosen: str | None, role: Role, cards: str, local: str | None,
                                answer: str) -> None:
    draft = ask_which_card(chosen, role, cards, local=local)
    assert draft.answer == answer
    assert [c.id for c in draft.choices] == cards.split()
    assert [c.text for c in draft.choices] == [c.symbol for c in parse_cards(cards)]
    assert parse_card(answer) in {c for r in draft.explanation for c in r.cards}
    if local:
        assert local in draft.prompt and draft.rule == "cards.md#local-names"
    # The level: a permanent stikkar of a chosen suit, or a local word, makes it level 3.
    trapped = chosen is not None and any(c in PERMANENT_STIKKAR and c.suit.letter in chosen for c in parse_cards(cards))
    assert (level == 3) == (trapped or local is not None)
    if trapped and not local:
        assert draft.rule == "rulings.md#r2-permanent-stikkar-inside-a-chosen-suit"


CARD_NAME = [
    # (level, chosen, card, names offered, answer)
    # L1: ♣4 is the fýrik in every deal.
    (1, None, "C4", (Role.BIRD, Role.FYRIK, Role.EIGHT), "fyrik"),
    # L1: ♥9 is the hay-yard mare, not the mare of diamonds.
    (1, None, "H9", (Role.DIAMOND_MARE, Role.HAY_YARD_MARE, Role.BIRD), "hay-yard-mare"),
    # L1: with spades and hearts chosen, ♠A is a stýrivolt.
    (1, "S,H", "SA", (Role.KARNIFL, Role.STYRIVOLT, Role.PLAIN), "styrivolt"),
    # L1: with spades and hearts chosen, ♦A is only a plain card: the aces of unchosen suits have no role.
    (1, "S,H", "DA", (Role.KARNIFL, Role.STYRIVOLT, Role.PLAIN), "plain"),
    # L2: with diamonds and clubs chosen, ♦Q is a chosen queen.
    (2, "D,C", "DQ", (Role.KING, Role.QUEEN, Role.TRIST), "chosen-queen"),
    # L2: with diamonds and clubs chosen, ♣2 is a tvist.
    (2, "D,C", "C2", (Role.TRIST, Role.TVIST, Role.POSTMAN, Role.PLAIN), "tvist"),
    # L2: with hearts and spades chosen, ♥8 is a free card (♥9 would be the mare).
    (2, "H,S", "H8", (Role.FREE_CARD, Role.LAMB, Role.KING), "free-card"),
    # L3 (R2): hearts chosen, ♥2 is still the bird, not a tvist.
    (3, "H,S", "H2", (Role.TVIST, Role.BIRD, Role.FYRIK), "bird"),
    # L3 (R2): clubs chosen, ♣4 is still the fýrik, not an unfortunate.
    (3, "C,D", "C4", (Role.OLUKKA, Role.FYRIK, Role.TRIST), "fyrik"),
    # L3 (R2): spades chosen, ♠8 is still the eight, not a free card.
    (3, "S,H", "S8", (Role.FREE_CARD, Role.EIGHT, Role.DIAMOND_MARE), "eight"),
    # L3 (R2): diamonds chosen, ♦9 is still the mare of diamonds, not a free card.
    (3, "D,S", "D9", (Role.FREE_CARD, Role.HAY_YARD_MARE, Role.DIAMOND_MARE), "mare-of-diamonds"),
]


@pytest.mark.parametrize(("level", "chosen", "card", "roles", "answer"), CARD_NAME)
def test_card_name_hand_worked(level: int, chosen: str | None, card: str, roles: tuple[Role, ...], answer: str) -> None:
    draft = ask_card_name(chosen, card, roles)
    assert draft.answer == answer
    assert [c.id for c in draft.choices] == [role_id(r) for r in roles]
    assert parse_card(card).symbol in draft.prompt
    assert draft.rows[0].cards == (parse_card(card),)
    trapped = chosen is not None and parse_card(card) in PERMANENT_STIKKAR and card[0] in chosen
    assert (level == 3) == trapped


def test_card_name_in_local_words() -> None:
    # In Gjógv the traders are fimmikar: with hearts and spades chosen, ♠5 is a trader.
    draft = ask_card_name("H,S", "S5", (Role.LAMB, Role.TRADER, Role.OLUKKA), local=True)
    assert draft.answer == "trader"
    texts = {c.id: c.text for c in draft.choices}
    assert texts["trader"].startswith("fimmikar") and texts["lamb"].startswith("høsn") and texts["unfortunate"].startswith("pollar")


TRANSLATIONS = [
    # (chosen, role, names offered, to, word, answer text)
    # Fuglurin is the bird (cards.md, the five permanent stikkar).
    ("H,S", Role.BIRD, (Role.FYRIK, Role.BIRD, Role.EIGHT), "english", "Fuglurin", "the bird"),
    # Hjartaryssa is the other name of the hay-yard mare.
    ("H,S", Role.HAY_YARD_MARE, (Role.DIAMOND_MARE, Role.HAY_YARD_MARE, Role.FYRIK), "english", "Hjartaryssa", "the hay-yard mare"),
    # pavstar are the postmen (chosen sixes).
    ("C,D", Role.POSTMAN, (Role.TVIST, Role.POSTMAN, Role.TRIST), "english", "pavstar", "a postman"),
    # The trists are tristar in Faroese, the tvists tvistar.
    ("H,S", Role.TRIST, (Role.TVIST, Role.TRIST, Role.OLUKKA), "faroese", None, "tristar"),
    # The free cards are fríkort.
    ("H,S", Role.FREE_CARD, (Role.FREE_CARD, Role.LAMB, Role.KING), "faroese", None, "fríkort"),
    # The traders are keypmenn.
    ("S,D", Role.TRADER, (Role.LAMB, Role.TRADER, Role.QUEEN), "faroese", None, "keypmenn"),
]


@pytest.mark.parametrize(("chosen", "role", "roles", "to", "word", "text"), TRANSLATIONS)
def test_translation_hand_worked(chosen: str, role: Role, roles: tuple[Role, ...], to: str, word: str | None,
                                 text: str) -> None:
    draft = ask_translation(chosen, role, roles, to=to, word=word)
    right = next(c for c in draft.choices if c.id == draft.answer)
    assert right.text == text
    if word:
        assert word in draft.prompt
    if to == "english":  # each English name shows its cards, so the reader can see what is named
        assert all(c.cards for c in draft.choices)
    else:
        assert draft.rows and draft.rows[0].cards


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: ask_which_card("C,D", Role.TVIST, "C2 D2 S3"), "exactly one card offered must be a tvist, not 2"),
        (lambda: ask_which_card(None, Role.TVIST, "H2 S2"), "depends on the chosen suits"),
        (lambda: ask_which_card("H,S", Role.PLAIN, "H2 S2"), "ask for a card's role"),
        (lambda: ask_which_card("H,S", Role.LAMB, "H7 C7", local="pollar"), "word for an unfortunate"),
        (lambda: ask_which_card("H,S", Role.LAMB, "H7 C7", local="Karnöffel"), "not a local name"),
        (lambda: ask_card_name("H,S", "H2", (Role.TVIST, Role.TRIST)), "the bird here, and that name is not offered"),
        (lambda: ask_card_name("H,S", "H2", (Role.BIRD,)), "2 to 6 different names"),
        (lambda: ask_card_name("H,S", "H2", (Role.BIRD, Role.KING), local=True), "no local word"),
        (lambda: ask_translation("H,S", Role.BIRD, (Role.BIRD, Role.FYRIK), to="danish"), "'english' or 'faroese'"),
        (lambda: ask_translation("H,S", Role.BIRD, (Role.BIRD, Role.FYRIK), to="english", word="Fýrikurin"),
         "not a Faroese name of the bird"),
        (lambda: ask_translation("H,S", Role.BIRD, (Role.BIRD, Role.PLAIN), to="english"), "no Faroese name"),
        (lambda: ask_card_name("H,S", "X9", (Role.BIRD, Role.KING)), "X9"),
    ],
)
def test_bad_questions_are_refused_by_name(call: object, words: str) -> None:
    with pytest.raises(StytvoltError, match=re.escape(words)):
        call()  # type: ignore[operator]


def test_local_words_are_the_places_of_the_cards_page() -> None:
    # docs/cards.md "Local names": pollar (Bøur), høsn (Kunoy), fimmikar (Gjógv); the etymologies are no local words.
    assert [(w, r) for w, _where, r in local_words()] == [("pollar", Role.OLUKKA), ("høsn", Role.LAMB), ("fimmikar", Role.TRADER)]


def _question_cards(q: learn.Question) -> list:
    cards = [c for ch in q.choices for c in ch.cards] + [c for r in q.rows for c in r.cards]
    for key in ("card", "cards"):
        if q.position.get(key):
            cards += list(parse_cards(q.position[key]))
    return cards


@pytest.mark.parametrize("level", learn.LEVELS)
def test_card_names_levels_hold_their_definition(level: int) -> None:
    forms: Counter[str] = Counter()
    locals_ = {w for w, _p, _r in local_words()}
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "card-names", level, seed)
        chosen = q.position["chosen"]
        pair = tuple(chosen.split(",")) if chosen else ()
        trapped = any(c in PERMANENT_STIKKAR and c.suit.letter in pair for c in _question_cards(q))
        local = q.position.get("name") in locals_ or any(c.text.split(" ")[0] in locals_ for c in q.choices)
        translation = q.rule == "cards.md#quick-reference"
        forms["translation" if translation else "local" if local else "card" if q.rows else "which"] += 1
        if level == 3:
            assert trapped or local, q.key
            continue
        assert not trapped and not local, q.key
        if translation:
            assert level == 2, q.key
            continue
        ranking = Ranking.of(chosen) if chosen else None
        asked = q.rows[0].cards[0] if q.rows else parse_card(q.answer)
        role = ranking.role(asked) if ranking else next(r for c, r in PERMANENT_STIKKAR.items() if c == asked)
        assert role in LEVEL_ROLES[level], q.key
        if not chosen:
            assert role.is_permanent, q.key
    if level == 1:
        assert forms["which"] and forms["card"]
    if level == 2:
        assert forms["translation"] and forms["which"] and forms["card"]
    if level == 3:
        assert forms["local"] and forms["which"] + forms["card"] > SEEDS // 2


def test_rule_links_lead_to_real_headings() -> None:
    rules = {learn.kind_info("styrivolt", "card-names").rule}
    rules |= {learn.question("styrivolt", "card-names", lv, s).rule for lv in learn.LEVELS for s in range(200)}
    assert len(rules) >= 4
    for rule in rules:
        page, _, anchor = rule.partition("#")
        assert (DOCS / page).is_file(), rule
        assert anchor in _anchors(page), rule


def test_visible_text_uses_card_symbols() -> None:
    for level in learn.LEVELS:
        for seed in range(100):
            q = learn.question("styrivolt", "card-names", level, seed)
            visible = " ".join([q.prompt, q.context, *(c.text for c in q.choices), *q.explain()])
            assert not re.search(r"\b[SHDC](?:[2-9]|[JQKA])\b", visible), (q.key, visible)
            assert q.prompt.endswith("?")


def test_a_wrong_kind_of_position_is_a_package_error() -> None:
    with pytest.raises(InvalidPosition):
        ask_which_card("H,S", Role.TVIST, 42)  # type: ignore[arg-type]


def test_with_no_suits_chosen_a_card_offered_is_not_named_by_a_chosen_suit() -> None:
    # Asked for the fýrik, a question that says the names hold whichever suits are chosen once called ♥4 an
    # "unfortunate", as though hearts were chosen.  With no suits chosen, only the five permanent stikkar have a
    # name of their own; any other card offered is said to be none of them (docs/cards.md).
    draft = ask_which_card(None, Role.FYRIK, "S4 C4 H4 D4")
    assert draft.context == "These names hold in every deal, whichever suits are chosen."
    assert [r.text for r in draft.explanation] == [
        "♣4 (the fýrik) is a permanent stikkar: whatever suits are chosen, it beats every card except a led lamb "
        "and a higher stikkar.",
        *(f"{face} ({name}) is not one of the five permanent stikkar: its name, and what it can do, depend on the "
          "two suits chosen in each deal."
          for face, name in (("♠4", "four of spades"), ("♥4", "four of hearts"), ("♦4", "four of diamonds"))),
    ]
    # Every generated question that names no chosen suits keeps to that: no card gets a chosen suit's role.
    roles = r"\((unfortunate|tvist|trist|postman|free card|karnifl|stýrivolt|lamb|trader|chosen king|chosen queen)\)|unchosen"
    asked = 0
    for seed in range(150):
        q = learn.question("styrivolt", "card-names", 1, seed)
        if not q.position["chosen"]:
            asked += 1
            assert not re.search(roles, " ".join(q.explain())), q.key
    assert asked > 30
