"""Worked hands (stytvolt.styrivolt.worked, stytvolt.styrivolt.site.hands): each step as a player would see it.

The expectations are worked out by hand from the rules pages, not asked of
the engine: which card is winning a trick after each play, what each curated
hand shows, what a step puts on the table.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.core.cards import Card, Suit, parse_cards
from stytvolt.core.errors import IllegalAction, InvalidPosition, StytvoltError
from stytvolt.styrivolt.actions import Kind, parse_action
from stytvolt.styrivolt.chalk import Result
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.worked import CURATED, Step, WorkedHand, random_hand, walk, worked_hand
from stytvolt.web import handle, render_figure

S, W, N, E = range(4)


def card(text: str) -> Card:
    return parse_cards(text)[0]


def steps_of(name: str) -> tuple[Step, ...]:
    return worked_hand(name).steps()


def plays_of(steps: tuple[Step, ...], number: int) -> list[Step]:
    """The steps that put a card on trick ``number`` (from 1): a card played, or a trader played for its card."""
    found = [s for s in steps if s.kind == "action" and s.trick_number == number and parse_action(s.action).kind is Kind.PLAY]
    # One step per card: the trick grows by one each time.
    assert [len(s.trick) for s in found] == list(range(1, len(found) + 1)), [s.title for s in found]
    return found


def winning(step: Step) -> str:
    assert step.winning_card is not None
    return str(step.winning_card)


# -- the walk: steps in order, every card in its place ------------------------------------------------


def test_the_first_hand_steps_in_order() -> None:
    steps = steps_of("first-hand")
    # The deal, the five cards East turns (♥K ♠K ♠4 ♠3, then ♣Q, a third suit), then 24 actions (six tricks).
    assert [s.kind for s in steps] == ["deal"] + ["turn"] * 5 + ["action"] * 24
    assert [s.index for s in steps] == list(range(30))
    assert [s.action for s in steps[1:6]] == ["HK", "SK", "S4", "S3", "CQ"]
    assert steps[0].seat is None and all(s.seat == E for s in steps[1:6])
    assert steps[0].chosen == () and steps[4].chosen == ()
    assert set(steps[5].chosen) == {Suit.HEARTS, Suit.SPADES}
    assert set(steps[5].exposed) == {card("HK"), card("S3")}
    assert len(steps[5].stock) == 10
    # South leads trick one; the first card is the free card ♥8.
    assert steps[6].seat == S and steps[6].action == "H8" and steps[6].title.startswith("Trick 1: South leads")
    # Each player acts in turn, clockwise from the leader.
    assert [s.seat for s in steps[6:10]] == [S, W, N, E]
    assert steps[-1].phase == "end" and steps[-1].to_move is None
    assert steps[-1].tricks_won == (5, 1)


def test_the_turned_cards_grow_one_at_a_time() -> None:
    steps = steps_of("first-hand")
    turned = [s.turned for s in steps if s.kind == "turn"]
    assert [len(t) for t in turned] == [1, 2, 3, 4, 5]
    codes = [s.reasons[0].code for s in steps if s.kind == "turn"]
    assert codes == ["choose.first_suit", "choose.second_suit", "choose.again", "choose.again", "choose.third_suit"]
    # Once the suits are known, the dealer's exposures are explained on the same step.
    assert {r.code for r in steps[5].reasons} >= {"choose.expose.priority", "choose.returned"}


@pytest.mark.parametrize("hand", CURATED, ids=lambda h: h.name)
def test_every_card_is_in_one_place_at_every_step(hand: WorkedHand) -> None:
    for step in hand.steps():
        placed = step.placed()
        assert len(placed) == 48 and set(placed) == set(PACK), (hand.name, step.index, step.title)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_hands_are_deterministic_and_complete(seed: int) -> None:
    one, two = random_hand(seed), random_hand(seed)
    assert one == two
    steps = one.steps()
    assert steps == two.steps()
    for step in steps:
        assert len(step.placed()) == 48 and set(step.placed()) == set(PACK)
    assert steps[-1].phase == "end"
    assert len(steps) == 1 + len(one.state().choice.seen) + len(one.actions)


def test_seed_53_is_the_start_page_hand() -> None:
    """`stytvolt play --auto --seed 53 --hands 1` deals and plays exactly the curated first hand."""
    dealt, first = random_hand(53), worked_hand("first-hand")
    assert dealt.state().deck == first.state().deck
    assert dealt.actions == first.actions


def test_walk_leaves_the_state_alone_and_refuses_illegal_actions() -> None:
    hand = worked_hand("first-hand")
    state = hand.state()
    walk(state, hand.actions)
    assert state.history == [] and state.hands == state.dealt
    # A lamb may not lead the first trick: the engine says so, and nothing is half done.
    with pytest.raises(IllegalAction, match="lamb"):
        walk(state, ["H7"])
    assert state.history == []
    with pytest.raises(StytvoltError, match="bad action 'X9'"):
        walk(state, ["X9"])
    with pytest.raises(InvalidPosition, match="not one text"):
        walk(state, "H8")
    played = hand.state()
    played.apply("H8")
    with pytest.raises(InvalidPosition, match="already has actions"):
        walk(played, [])
    with pytest.raises(InvalidPosition, match="HandState"):
        walk("H8", [])  # type: ignore[arg-type]


def test_names_and_seeds_are_checked() -> None:
    with pytest.raises(InvalidPosition, match="no worked hand is called 'nope': expected one of first-hand, storm"):
        worked_hand("nope")
    for bad in (-1, 2**63, True, "53", 1.5):
        with pytest.raises(InvalidPosition, match="seed"):
            random_hand(bad)  # type: ignore[arg-type]


# -- who is winning, card by card (worked out from ranking.md and play.md) --------------------------------


def test_first_hand_trick_two_a_postman_overtakes_a_higher_club() -> None:
    # Hearts and spades chosen.  North leads the plain ♣2; East's ♣9 is a higher club; South's postman ♠6
    # beats any unchosen card; West's ♣7 is plain and never beats a chosen card.
    plays = plays_of(steps_of("first-hand"), 2)
    assert [str(p.trick[-1].card) for p in plays] == ["C2", "C9", "S6", "C7"]
    assert [winning(p) for p in plays] == ["C2", "C9", "S6", "S6"]
    assert [p.trick[p.winning].seat for p in plays if p.winning is not None] == [N, E, S, S]
    assert plays[-1].complete and plays[-1].tricks_won == (2, 0)
    assert plays[2].title == "Trick 2: South plays ♠6"
    assert plays[3].title == "Trick 2: West plays ♣7; South wins the trick"


def test_first_hand_trick_three_a_led_lamb_and_a_king_fetched_by_a_trader() -> None:
    plays = plays_of(steps_of("first-hand"), 3)
    # The lamb ♥7 is led and nothing beats it; East's ♥5 fetches the face-up ♥K, which has no power when played.
    assert [winning(p) for p in plays] == ["H7"] * 4
    assert str(plays[3].trick[3].card) == "HK" and plays[3].action == "H5"
    assert "the trader ♥5 fetches it" in plays[3].title
    assert plays[3].reasons[0].code == "trade"
    assert card("H5") in plays[3].table


def test_first_hand_trick_five_stikkar_over_stikkar() -> None:
    # ♦2 plain; the unfortunate ♥4 reaches jacks; the stýrivolt ♠A beats a taking card; the hay-yard mare
    # ♥9 ranks above a stýrivolt.
    plays = plays_of(steps_of("first-hand"), 5)
    assert [winning(p) for p in plays] == ["D2", "H4", "SA", "H9"]
    assert plays[-1].tricks_won == (4, 1)


def test_storm_hand_holds_a_storm() -> None:
    """tactics.md: a low card of an unchosen suit led (to the first trick), and the leader's partner takes it with a high stikkar."""
    hand = worked_hand("storm")
    steps = hand.steps()
    plays = plays_of(steps, 1)
    lead = plays[0].trick[0]
    assert lead.seat == S and str(lead.card) == "C3"
    assert Suit.CLUBS not in plays[0].chosen and lead.card.rank <= 5
    # West tries the karnifl ♥J, which beats a plain card; North's bird beats the karnifl; East cannot beat the bird.
    assert [winning(p) for p in plays] == ["C3", "HJ", "H2", "H2"]
    assert plays[-1].trick[plays[-1].winning or 0].seat == N
    # The run ends in trick four: West's hay-yard mare (♥9) beats South's stýrivolt (♠A).
    four = plays_of(steps, 4)
    assert [winning(p) for p in four] == ["DA", "H6", "SA", "H9"]
    assert four[-1].tricks_won == (3, 1)
    state = hand.state()
    for action in hand.actions:
        state.apply(action)
    assert state.result is not None and state.result.result is Result.ORDINARY and state.result.team == 1


def test_trader_hand_has_a_trade_that_wins_a_trick() -> None:
    hand = worked_hand("trader")
    steps = hand.steps()
    # Diamonds and clubs chosen, ♦A (stýrivolt) and ♣8 (free card) face up.
    assert set(steps[4].chosen) == {Suit.DIAMONDS, Suit.CLUBS} and set(steps[4].exposed) == {card("DA"), card("C8")}
    plays = plays_of(steps, 1)
    # A led free card: only a stikkar beats it, so West's plain ♠J and North's plain ♥7 do not; the ♦A East fetches does.
    assert [winning(p) for p in plays] == ["C9", "C9", "C9", "DA"]
    assert plays[3].action == "D5" and plays[3].seat == E
    assert [r.code for r in plays[3].reasons][0] == "trade"
    # East had the right to the stock while holding the trader (R8), and lost it by fetching the stikkar.
    state = hand.state()
    assert state.has_right_to_stock(E)
    for action in hand.actions[:4]:
        state.apply(action)
    assert not state.has_right_to_stock(E)


def test_stock_hand_west_takes_the_stock_and_wins_with_it() -> None:
    hand = worked_hand("stock")
    steps = hand.steps()
    take = next(s for s in steps if s.action == "take")
    assert take.seat == W and take.trick_number == 1 and len(take.trick) == 1  # before West's card in trick one
    # West's hand is now the stock: the ten face-down cards (the turned ♠2 went back among them).
    assert set(take.hands[W]) == set(parse_cards("S2 HA DJ D6 H7 D2 SQ C9 C2 S5"))
    assert set(take.stock) == set(parse_cards("S3 S4 S6 S7 S9 C3 C5 C6 C7"))  # West's old hand, face down
    discard = steps[take.index + 1]
    assert discard.action == "discard S2" and len(discard.hands[W]) == 9 and card("S2") not in discard.hands[W]
    # The postman from the stock takes the led unchosen ace; North's ♣Q and East's ♦4 cannot beat a chosen card.
    plays = plays_of(steps, 1)
    assert [winning(p) for p in plays] == ["CA", "D6", "D6", "D6"]
    # The stock's lamb wins trick two.
    assert [winning(p) for p in plays_of(steps, 2)] == ["H7"] * 4
    state = hand.state()
    for action in hand.actions:
        state.apply(action)
    assert state.takes[0].player == W and state.takes[0].rightful


def test_keeping_in_hand_keeps_in() -> None:
    hand = worked_hand("keeping-in")
    steps = hand.steps()
    fifth = plays_of(steps, 5)[-1]
    assert fifth.tricks_won == (5, 0) and fifth.phase == "play-on" and fifth.to_move == N
    # A plain ♦K led: West's trist reaches only queens, North's eight beats any plain card.
    assert [winning(p) for p in plays_of(steps, 3)] == ["DK", "DK", "S8", "S8"]
    assert steps[-1].action == "stop" and steps[-1].seat == N
    assert [r.code for r in steps[-1].reasons] == ["end.kept_in"]
    state = hand.state()
    for action in hand.actions:
        state.apply(action)
    assert state.result is not None and state.result.result is Result.KEPT_IN


def test_four_of_a_kind_hand_plays_a_seven_as_a_lamb() -> None:
    hand = worked_hand("four-of-a-kind")
    steps = hand.steps()
    plays = plays_of(steps, 2)
    lead = plays[0].trick[0]
    # ♦7 is a plain card with hearts and spades chosen; from four sevens it plays as a lamb, and a led lamb beats the bird.
    assert str(lead.card) == "D7" and lead.promoted
    assert [winning(p) for p in plays] == ["D7"] * 4
    assert str(plays[1].trick[1].card) == "H2"
    assert plays[0].reasons[0].code == "play.four_of_a_kind"
    # Without the promotion, the bird would have taken it (play 2).
    from stytvolt.styrivolt.tricks import trick_winner
    assert trick_winner([p.card for p in plays[-1].trick], "H,S") == 1
    assert [r.code for r in steps[-1].reasons] == ["end.kept_in_alone"]


@pytest.mark.parametrize("hand", CURATED, ids=lambda h: h.name)
def test_every_note_belongs_to_a_step(hand: WorkedHand) -> None:
    steps = hand.steps()
    seen = sum(1 for s in steps if s.kind == "turn")
    shown = [hand.note_for(s, seen) for s in steps]
    assert sum(1 for t in shown if t) == len(hand.notes), [k for k, _ in hand.notes]
    assert hand.idea and hand.pages and shown[0] and any(shown[1:seen + 1])


def test_the_six_ideas_are_there() -> None:
    assert [h.idea for h in CURATED] == [
        "timing a lamb", "a storm", "a trader", "taking the stock", "keeping in", "four of a kind",
    ]
    assert len({h.name for h in CURATED}) == len(CURATED)


# -- the site ------------------------------------------------------------------------------------------------


def _visible_steps(html: str) -> list[str]:
    return re.findall(r'<li class="sv-step" data-step="(\d+)"', html)


def test_the_widget_lists_every_step_and_marks_the_winner_in_words() -> None:
    answer = handle({"widget": "hand", "params": {"hand": "first-hand"}})
    assert answer["ok"], answer
    html = answer["html"]
    assert len(_visible_steps(html)) == 30
    assert '<div class="sv-stepper-nav" hidden>' in html and 'data-start="0"' in html
    assert answer["set"] == {"hand": "first-hand", "seed": "", "step": "1"}
    step = html.split('data-step="12"')[1].split('data-step="13"')[0]  # South's ♠6 in trick two
    assert re.search(r'class="sv-winning"><span class="sv-seat">South</span> <span class="sv-chip" role="img" '
                     r'aria-label="six of spades, postman">♠6</span> <strong class="sv-mark">winning so far', step)
    assert "North (A)" in step and "West (B)" in step
    assert "Chosen: ♥ hearts and ♠ spades" in step and "tricks: A 1, B 0" in step
    assert "East, sitting" not in step and "Why it matters" in step  # action 7's note
    assert 'aria-label="two of hearts"' in html  # before the suits are chosen a chip is named plainly


def test_the_widget_answers_seed_and_step_and_refuses_bad_ones() -> None:
    answer = handle({"widget": "hand", "params": {"hand": "", "seed": "53", "step": "7"}})
    assert answer["ok"] and 'data-start="6"' in answer["html"] and 'data-seed="53"' in answer["html"]
    assert answer["set"] == {"hand": "", "seed": "53", "step": "7"}
    # The buttons start afresh; a curated hand clears the seed.
    dealt = handle({"widget": "hand", "params": {"hand": "storm", "seed": "9", "step": "7", "action": "random"}})
    assert dealt["set"] == {"hand": "", "seed": "9", "step": "1"}
    shown = handle({"widget": "hand", "params": {"hand": "storm", "seed": "9", "step": "7", "action": "show"}})
    assert shown["set"] == {"hand": "storm", "seed": "", "step": "1"} and 'data-hand="storm"' in shown["html"]
    for params, error in (
        ({"hand": "nope"}, "hand: no worked hand is called 'nope'"),
        ({"hand": "", "seed": "-3"}, "seed: expected a whole number"),
        ({"hand": "", "seed": "9" * 30}, "seed: expected a whole number"),
        ({"hand": "storm", "step": "0"}, "step: this hand has steps 1 to 41, not '0'"),
        ({"hand": "storm", "step": "42"}, "not '42'"),
        ({"hand": "storm", "step": "two"}, "not 'two'"),
    ):
        response = handle({"widget": "hand", "params": params})
        assert response["ok"] is False and error in response["error"], (params, response)


def test_a_whole_hand_stays_light() -> None:
    """Text chips, not card pictures: every curated hand's markup is well under 150 kB (about 5 kB gzipped)."""
    import gzip

    for hand in CURATED:
        html = render_figure("hand", {"hand": hand.name})
        assert "<svg" not in html
        assert len(html.encode()) < 150_000, hand.name
        assert len(gzip.compress(html.encode())) < 8_000, hand.name


def test_the_trick_explainer_steps_through_its_plays() -> None:
    # ♣J led; the unfortunate ♠4 reaches jacks; ♣A is unchosen and cannot beat a chosen card; the trist ♥3 outranks ♠4.
    html = render_figure("trick", {"chosen": "H,S", "cards": "CJ S4 CA H3"})
    steps = html.split('<details class="sv-trick-steps">')[1]
    items = re.findall(r'<li class="sv-step" data-step="\d+".*?</li></ol>', steps)
    assert len(items) == 4
    marked = [re.search(r'class="sv-winning">.*?aria-label="([^"]+)"', item).group(1) for item in items]  # type: ignore[union-attr]
    assert marked == ["jack of clubs", "four of spades, unfortunate", "four of spades, unfortunate", "three of hearts, trist"]
    assert items[3].count("wins</strong>") == 1 and "winning so far" in items[2]
    # The answer itself is unchanged.
    assert '<span data-answer="winner">♥3 (trist)</span>' in html and html.count('class="sv-reasons"') == 1
