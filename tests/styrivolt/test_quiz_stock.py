"""The stock's question kinds (choose-suits, trader-fetch, take-stock) against answers worked out by hand.

Every expected answer below was worked out from docs/choosing.md,
docs/traders.md, docs/stock.md and the rulings, not by asking the engine;
the comment on each case gives the reasoning.  Then the generated questions
are held to each level's definition (module docstring of
stytvolt.styrivolt.quiz.stock), and bad positions to clear errors.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.core.cards import Card, parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt import HandState
from stytvolt.styrivolt.actions import KEEP, TAKE_STOCK, Action, Kind
from stytvolt.styrivolt.quiz.stock import ask_choose_suits, ask_take_stock, ask_trader_fetch

from helpers import arrange

DOCS = Path(__file__).resolve().parents[2] / "docs"
KINDS = ("choose-suits", "trader-fetch", "take-stock")
SEEDS = 250

# Written out from docs/cards.md, so the level checks do not lean on the engine's ranking.
PERMANENT = set(parse_cards("H2 C4 S8 H9 D9"))


def stikkar_of(chosen: str) -> set[Card]:
    """The nine stikkar of a deal: the five permanent ones, and the aces and jacks of the chosen suits."""
    return PERMANENT | {parse_card(s + r) for s in chosen.split(",") for r in "AJ"}


# -- choose-suits -----------------------------------------------------------------------------

CHOOSE_CASES = [
    # level 1
    # ♠K spades, ♦Q diamonds, ♥3 a third suit: stop.  One card each, by the priority list: ♠K, ♦Q.
    (1, "SK DQ H3 C2 S2 D5 H6 C6 S6 D6 H7 C7", "SD-SK-DQ"),
    # ♣6 clubs, ♥3 hearts, ♠9 stops.  The postman ♣6 and the trist ♥3 go up.
    (1, "C6 H3 S9 C2 S2 D5 H6 DQ S6 D6 H7 C7", "HC-H3-C6"),
    # ♥7 hearts, ♣3 clubs, ♦2 stops.  A lamb seen alone goes up alone; clubs show the trist ♣3.
    (1, "H7 C3 D2 C2 S2 D5 H6 DQ S6 D6 HQ C7", "HC-H7-C3"),
    # ♦5 diamonds, ♠A spades, ♣2 stops.  The trader ♦5 goes up; spades show the stýrivolt ♠A.
    (1, "D5 SA C2 H2 S2 DQ H6 C6 S6 D6 H7 C7", "SD-SA-D5"),
    # level 2
    # ♦7 ♠K ♦A ♠6, then ♣3 stops.  Diamonds: lamb and stikkar seen, both go up.  Spades: six before king.
    (2, "D7 SK DA S6 C3 H3 C6 H6 D6 S7 H7 C7", "SD-S6-D7+DA"),
    # ♥K ♥3 ♠2 ♠Q, ♣6 stops.  Hearts: the trist comes before the king.  Spades: the tvist before the queen.
    (2, "HK H3 S2 SQ C6 D6 C2 H6 D2 S7 H7 C7", "SH-S2-H3"),
    # ♣J ♦8 ♣7 ♣A ♦3, ♠4 stops.  Clubs: the lamb with the highest stikkar seen, the stýrivolt over the karnifl.
    # Diamonds: a free card (eight) before a trist.
    (2, "CJ D8 C7 CA D3 S4 C2 H6 D2 S7 H7 S2", "DC-D8-C7+CA"),
    # level 3
    # The site's first worked example: ♥2 names hearts; hearts show the bird, over the karnifl ♥J; spades the trist ♠3.
    (3, "H2 SK S3 HJ D9 C2 C8 DK D5 H6 SQ CA", "SH-S3-H2"),
    # ♥9 ♥5 ♥4 ♣7 ♣6 ♥2, ♠9 stops.  The trader ♥5 alone, though the mare and the bird were seen (R4); the lamb ♣7 alone.
    (3, "H9 H5 H4 C7 C6 H2 S9 D3 SA CK D6 HQ", "HC-H5-C7"),
    # ♠K ♦6 ♠4, ♣2 stops.  Spades: a king and a four are equal, the dealer's choice (R23).  Diamonds: the postman.
    (3, "SK D6 S4 C2 H3 D5 H6 C6 S6 H5 H7 C7", "SD-SK/S4-D6"),
    # ♣8 ♥3 ♣9, ♦2 stops.  The two free cards of clubs are equal: either.  Hearts: the trist.
    (3, "C8 H3 C9 D2 S3 D5 H6 C6 S6 H5 H7 C7", "HC-H3-C8/C9"),
    # ♠8 ♠A ♥4, ♦3 stops.  The eight is spades' highest stikkar, above the stýrivolt ♠A; hearts show the unfortunate.
    (3, "S8 SA H4 D3 C3 D5 H6 C6 S6 H5 H7 C7", "SH-S8-H4"),
]


@pytest.mark.parametrize(("level", "stock", "answer"), CHOOSE_CASES)
def test_choose_suits_hand_worked(level: int, stock: str, answer: str) -> None:
    draft = ask_choose_suits(stock, rng=random.Random(1))
    assert draft.answer == answer
    assert [c.id for c in draft.choices].count(answer) == 1
    assert 3 <= len(draft.choices) <= 6
    # The explanation names the card that stopped the turning and every card put face up.
    named = {c for r in draft.explanation for c in r.cards}
    shown = {parse_card(t) for t in re.split(r"[-+/]", answer)[1:]}
    assert shown <= named
    assert draft.position["stock"] == stock


def test_a_free_choice_offers_no_wrong_answer_that_is_also_right() -> None:
    # ♠K or ♠4 may go up: an answer showing only one of them would be right too, so none is offered as wrong.
    draft = ask_choose_suits("SK D6 S4 C2 H3 D5 H6 C6 S6 H5 H7 C7", rng=random.Random(3))
    assert all(c.id not in ("SD-SK-D6", "SD-S4-D6") for c in draft.choices)
    assert "♠K or ♠4" in draft.choices[[c.id for c in draft.choices].index("SD-SK/S4-D6")].text


def test_choose_suits_wrong_answers_are_the_classic_mistakes() -> None:
    # Example 1: forgetting that ♥2 is a heart picks spades and diamonds (♠K ♠3, then ♦9) or shows ♥J for hearts.
    draft = ask_choose_suits("H2 SK S3 HJ D9 C2 C8 DK D5 H6 SQ CA", wrong=5)
    ids = {c.id for c in draft.choices}
    assert "SH-S3-HJ" in ids  # the karnifl instead of the bird
    assert any(i.startswith("SD-") for i in ids)  # the bird read as no suit: spades and diamonds
    # Example 3: the trader's priority forgotten shows the bird for hearts (or the mare with it).
    draft = ask_choose_suits("H9 H5 H4 C7 C6 H2 S9 D3 SA CK D6 HQ", wrong=5)
    assert any(c.id.startswith("HC-H2") or c.id.startswith("HC-H9") for c in draft.choices)


# -- trader-fetch -----------------------------------------------------------------------------

FETCH_CASES = [
    # level 1: one face-up card of the trader's suit, no stikkar, no lamb: the five becomes that card.
    (1, "H,S", "HK S3", "H5", "HK"),
    (1, "C,D", "C6 DQ", "D5", "DQ"),
    (1, "S,C", "S2 C3", "S5", "S2"),  # ♠2 is a tvist with spades chosen, no stikkar
    # level 2
    (2, "H,S", "HA S3", "H5", "HA"),  # the stýrivolt ♥A: a trader for a stikkar is a stikkar
    (2, "C,D", "C4 D7", "D5", "D7"),  # the lamb ♦7
    (2, "H,S", "HK S3", "C5", "C5"),  # clubs unchosen: ♣5 is a plain five, no trader, fetches nothing
    (2, "H,S", "HK SJ", "S5", "SJ"),  # the karnifl ♠J
    # level 3
    (3, "C,D", "C4 D7 DA", "D5", "choose"),  # lamb and stikkar face up: trade first and say which
    (3, "H,S", "H2 S3", "H5", "H2"),  # the bird lies face up for hearts: the heart trader fetches it
    (3, "C,D", "C4 D6", "C5", "C4"),  # the fýrik is clubs' face-up card
    (3, "S,H", "S8 H3", "S5", "S8"),  # the eight is spades' face-up card
]


@pytest.mark.parametrize(("level", "chosen", "exposed", "card", "answer"), FETCH_CASES)
def test_trader_fetch_hand_worked(level: int, chosen: str, exposed: str, card: str, answer: str) -> None:
    draft = ask_trader_fetch(chosen, exposed, card, rng=random.Random(2))
    assert draft.answer == answer
    ids = [c.id for c in draft.choices]
    assert ids.count(answer) == 1 and 3 <= len(ids) <= 6
    assert card in ids  # "the five itself" is always offered
    named = {c for r in draft.explanation for c in r.cards}
    assert parse_card(card) in named
    if answer not in ("choose", card):
        assert parse_card(answer) in named


@pytest.mark.parametrize(("chosen", "exposed", "card", "words"), [
    ("H,S", "HK", "H5", "spades is chosen"),
    ("H,S", "HK S3", "HK", "must be a five"),
    ("H,S", "HK S3 D4", "H5", "diamonds is not a chosen suit"),
    ("H,S", "H5 S3", "H5", "lies face up"),
    ("H,S", "HK HQ S3", "H5", "lamb and a stikkar"),
    ("H,S,D", "HK S3", "H5", "two chosen suits"),
    ("H,S", "HK S3", "X5", "X5"),
])
def test_trader_fetch_refuses_impossible_positions(chosen: str, exposed: str, card: str, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_trader_fetch(chosen, exposed, card)


# -- take-stock -------------------------------------------------------------------------------

# Spades and diamonds are chosen (♠K, then ♦Q, then ♥3 stops); ♠K and ♦Q go face up.
SD = "SK DQ H3 C2 S2 D5 H6 C6 S6 D6 H7 C7"
# Hearts and clubs (♥K, ♣3, then ♠2 stops); ♥K and ♣3 face up.
HC = "HK C3 S2 D2 S3 D5 H6 C6 S6 D6 H7 C7"
# Hearts and clubs again, with the stýrivolt ♥A face up for hearts.
HC_ACE = "HA C3 S2 D2 S3 D5 H6 C6 S6 D6 H7 C7"
# Spades and diamonds, no six in the stock (for four sixes in a hand).
SD_NO_SIX = "SK DQ H3 C2 S2 D5 H4 C3 S3 D4 H7 C7"


def south_first(stock: str, south: str, others: dict[int, str] | None = None) -> HandState:
    """East deals, so South is first to play in the first trick."""
    state = arrange(stock, {0: south, **(others or {})}, dealer=3)
    assert state.to_move == 0
    return state


def to_souths_turn(state: HandState, trick: int, *, take_by: int | None = None, south_plays: str | None = None) -> HandState:
    """Play the first legal card for everyone (``take_by`` takes the stock first, and keeps it) until South's turn in ``trick``."""
    for _ in range(40):
        if state.to_move == 0 and len(state.tricks) == trick and state.phase.value == "play":
            return state
        p = state.to_move
        if p == take_by and not state.takes:
            state.apply(TAKE_STOCK)
            state.apply(KEEP)
            continue
        plays = [a for a in state.legal_actions() if a.kind is Kind.PLAY]
        if p == 0 and south_plays and parse_card(south_plays) in state.hands[0]:
            state.apply(Action.play(parse_card(south_plays)))
        else:
            state.apply(plays[0])
    raise AssertionError("South's turn never came")


TAKE_CASES = [
    # level 1
    # No stikkar: no permanent one, no spade or diamond ace or jack.  Yes.
    (1, lambda: south_first(SD, "H4 H8 HQ CQ CK C3 S3 S4 D3"), "yes"),
    # The stýrivolt ♠A (spades chosen) can beat a free card.  No.
    (1, lambda: south_first(SD, "SA H4 H8 HQ CQ CK C3 S3 D3"), "no"),
    # Two karniflar.  No.
    (1, lambda: south_first(SD, "DJ SJ H4 H8 HQ CQ CK C3 D3"), "no"),
    # level 2
    # ♥A and ♣J look strong, but hearts and clubs are unchosen: plain cards.  Yes.
    (2, lambda: south_first(SD, "HA CJ H4 H8 HQ CQ CK C3 D3"), "yes"),
    # ♥9 in unchosen hearts is still the hay-yard mare (R3).  No.
    (2, lambda: south_first(SD, "H9 H4 H8 HQ CQ CK C3 S3 D3"), "no"),
    # ♣4 in unchosen clubs is the fýrik; ♣A beside it is plain.  No.
    (2, lambda: south_first(SD, "C4 CA H4 H8 HQ CK S3 S4 D3"), "no"),
    # level 3
    # Hearts chosen: ♥2 is the bird, not a tvist (R2).  No.
    (3, lambda: south_first(HC, "H2 S4 S5 SQ D3 D4 DQ DK H8"), "no"),
    # ♥5 is the trader for the face-up stýrivolt ♥A; holding it keeps the right (R8).  Yes.
    (3, lambda: south_first(HC_ACE, "H5 S4 S5 SQ D3 D4 DQ DK H8"), "yes"),
    # The same hand after trading ♥5 for ♥A: a stikkar fetched ends the right (R8, R20).  No.
    (3, lambda: _traded(south_first(HC_ACE, "H5 S4 S5 SQ D3 D4 DQ DK H8"), "H5", "HA"), "no"),
    # No stikkar, but the first trick has been put aside and nobody took the stock (R21).  No.
    (3, lambda: to_souths_turn(south_first(SD, "H4 H8 HQ CQ CK C3 S3 S4 D3"), 1), "no"),
    # West took the stock in the first trick; South, dealt no stikkar, may take the cards West put down later.  Yes.
    (3, lambda: to_souths_turn(south_first(SD, "H4 H8 HQ CQ CK C3 S3 S4 D3", {1: "HK H5 HJ C5 C8 C9 S7 SQ D8"}),
                               1, take_by=1), "yes"),
    # As before, but South was dealt ♠A and has played it: the hand as dealt counts (R20).  No.
    (3, lambda: to_souths_turn(south_first(SD, "SA H4 H8 HQ CQ CK C3 S3 D3", {1: "HK H5 HJ C5 C8 C9 S7 SQ D8"}),
                               1, take_by=1, south_plays="SA"), "no"),
    # Four sixes play as postmen: strong, but no stikkar.  Yes.
    (3, lambda: south_first(SD_NO_SIX, "S6 H6 D6 C6 HK HQ CQ CK H8"), "yes"),
    # Four nines: ♥9 and ♦9 are stikkar already (R20).  No.
    (3, lambda: south_first(SD_NO_SIX, "S9 H9 D9 C9 HK HQ CQ CK H8"), "no"),
]


def _traded(state: HandState, give: str, take: str) -> HandState:
    state.apply(Action.trade(parse_card(give), parse_card(take)))
    return state


@pytest.mark.parametrize(("level", "build", "answer"), TAKE_CASES)
def test_take_stock_hand_worked(level: int, build, answer: str) -> None:  # type: ignore[no-untyped-def]
    state = build()
    draft = ask_take_stock(state)
    assert draft.answer == answer
    assert [c.id for c in draft.choices] == ["yes", "no"]
    assert {c for r in draft.explanation for c in r.cards}, "the explanation names the deciding cards"
    if answer == "no" and state.dealt_stikkar[0] is not None:
        assert state.dealt_stikkar[0] in {c for r in draft.explanation for c in r.cards}


def test_take_stock_is_asked_only_on_souths_turn() -> None:
    state = arrange(SD, {0: "H4 H8 HQ CQ CK C3 S3 S4 D3"}, dealer=0)  # West leads
    with pytest.raises(InvalidPosition, match="South"):
        ask_take_stock(state)
    with pytest.raises(InvalidPosition, match="HandState"):
        ask_take_stock("not a hand")  # type: ignore[arg-type]


# -- every generated question: levels, links, speed -----------------------------------------------


def _turned(stock: list[Card]) -> list[Card]:
    """The cards the dealer turns: up to and including the first card of a third suit."""
    suits: list[str] = []
    for i, card in enumerate(stock):
        if card.suit not in suits:
            if len(suits) == 2:
                return stock[: i + 1]
            suits.append(card.suit)
    return stock


@pytest.mark.parametrize("level", learn.LEVELS)
def test_choose_suits_levels_hold_their_definition(level: int) -> None:
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "choose-suits", level, seed)
        turned = _turned(list(parse_cards(q.position["stock"])))
        codes = {r.code for r in q.explanation}
        permanent = bool(PERMANENT & set(turned))
        free = "could as well" in " ".join(r.text for r in q.explanation)
        # A trader turned with a lamb or stikkar of its suit (ranks 7, A, J, or a permanent one of that suit).
        trader_over = any(
            c.rank == 5 and any(o.suit is c.suit and (o.rank in (7, 14, 11) or o in PERMANENT) for o in turned)
            for c in turned if "choose.expose.trader" in codes
        )
        pair = "+" in q.answer
        if level == 3:
            assert permanent or free or trader_over, q.key
        else:
            assert not (permanent or free or trader_over), q.key
            if level == 1:
                assert not pair, q.key
            else:
                assert pair or "choose.expose.priority" in codes, q.key


@pytest.mark.parametrize("level", learn.LEVELS)
def test_trader_fetch_levels_hold_their_definition(level: int) -> None:
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "trader-fetch", level, seed)
        chosen = q.position["chosen"]
        five = parse_card(q.position["card"])
        own = [c for c in parse_cards(q.position["exposed"]) if c.suit is five.suit]
        is_trader = five.suit.letter in chosen.split(",")
        if level == 1:
            assert is_trader and len(own) == 1 and own[0] not in stikkar_of(chosen) and own[0].rank != 7, q.key
        elif level == 2:
            assert not is_trader or (len(own) == 1 and own[0] not in PERMANENT
                                     and (own[0] in stikkar_of(chosen) or own[0].rank == 7)), q.key
        else:
            assert is_trader and (len(own) == 2 or own[0] in PERMANENT), q.key


@pytest.mark.parametrize("level", learn.LEVELS)
def test_take_stock_levels_hold_their_definition_and_half_say_no(level: int) -> None:
    answers = []
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "take-stock", level, seed)
        answers.append(q.answer)
        p = q.position
        chosen = p["chosen"].split(",")
        dealt = set(parse_cards(p["dealt"]))
        exposed = parse_cards(p["exposed"])
        first_moment = p["trick"] == "1" and not p["taken_by"] and not p["traded"]
        unchosen_aj = any(c.rank in (14, 11) and c.suit.letter not in chosen for c in dealt)
        unchosen_perm = any(c in PERMANENT and c.suit.letter not in chosen for c in dealt)
        chosen_perm = any(c in PERMANENT and c.suit.letter in chosen for c in dealt)
        ranks = [c.rank for c in dealt]
        four = any(ranks.count(r) == 4 and r != 5 for r in ranks)
        trader_for = any(c.rank == 5 and c.suit.letter in chosen
                         and any(e.suit is c.suit and e in stikkar_of(p["chosen"]) for e in exposed) for c in dealt)
        hard = not first_moment or chosen_perm or four or trader_for
        if level == 1:
            assert not hard and not unchosen_aj and not unchosen_perm, q.key
        elif level == 2:
            assert not hard and (unchosen_aj or unchosen_perm), q.key
        else:
            assert hard, q.key
    assert 0.35 <= answers.count("no") / len(answers) <= 0.65


@pytest.mark.parametrize("name", KINDS)
def test_rule_links_lead_to_real_headings(name: str) -> None:
    rules = {learn.kind_info("styrivolt", name).rule}
    rules |= {learn.question("styrivolt", name, lv, s).rule for lv in learn.LEVELS for s in range(80)}
    for rule in rules:
        page, _, anchor = rule.partition("#")
        text = (DOCS / page).read_text(encoding="utf-8")
        heads = {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*$", text, flags=re.M)}
        assert anchor in heads, rule


@pytest.mark.parametrize("name", KINDS)
def test_visible_text_shows_card_symbols_not_letters(name: str) -> None:
    for level in learn.LEVELS:
        for seed in range(30):
            q = learn.question("styrivolt", name, level, seed)
            for text in [q.prompt, q.context, *(c.text for c in q.choices)]:
                assert not re.search(r"\b[SHDC][2-9JQKA]\b", text), f"{q.key}: {text}"


def _depth(text: str) -> int:
    """How deep brackets nest in ``text``."""
    deepest = depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        deepest = max(deepest, depth)
    return deepest


def test_take_stock_explains_to_you_without_nested_brackets() -> None:
    # The question asks "May you take the stock now?"; its explanation once said "South can beat a free card
    # (holds or fetched a stikkar (♦A (stýrivolt)))".  It speaks to you, one bracket deep at most.
    held = ask_take_stock(south_first(SD, "SA H4 H8 HQ CQ CK C3 S3 D3"))
    assert held.explanation[0].text == (
        "Your hand as dealt holds a stikkar, ♠A, so it can beat a free card: you have no right to the stock, "
        "and taking it anyway would cost a monk's cross.")
    fetched = ask_take_stock(_traded(south_first(HC_ACE, "H5 S4 S5 SQ D3 D4 DQ DK H8"), "H5", "HA"))
    assert fetched.explanation[0].text == (
        "You have fetched a stikkar by trading, so your hand can beat a free card: you have no right to the "
        "stock, and taking it anyway would cost a monk's cross.")
    late = ask_take_stock(to_souths_turn(south_first(SD, "SA H4 H8 HQ CQ CK C3 S3 D3"), 1, south_plays="H4"))
    assert late.explanation[0].text == (
        "The first trick has been put aside, so the stock can no longer be taken; and holding a stikkar, you had "
        "no right to it anyway.")
    for level in learn.LEVELS:
        for seed in range(40):
            q = learn.question("styrivolt", "take-stock", level, seed)
            for line in q.explain(seats=("South", "West", "North", "East")):
                assert "South" not in line and _depth(line) <= 1, (q.key, line)


def test_choose_suits_answer_names_each_card_once() -> None:
    # The answer read "♠ spades and ♣ clubs; face up: ♠J, ♣8 (♠J ♣8)", as though four cards went face up.
    draft = ask_choose_suits("S3 C8 SJ H7 D5 H5 C7 CK S4 SA DQ D4")
    q = learn.question("styrivolt", "choose-suits", 1, 0)
    assert q.position["stock"] == "S3 C8 SJ H7 D5 H5 C7 CK S4 SA DQ D4" and q.answer == draft.answer
    assert q.correct.label == "♠ spades and ♣ clubs; face up: ♠J, ♣8"
    assert next(c for c in draft.choices if c.id == draft.answer).label == q.correct.label
