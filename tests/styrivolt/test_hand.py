"""A whole hand: the play rules, traders, the stock, keeping in, four of a kind, history and JSON."""

from __future__ import annotations

import random

import pytest

from stytvolt import format_cards, parse_card
from stytvolt.core.errors import IllegalAction, InvalidPosition
from stytvolt.styrivolt.legality import can_end_hand
from stytvolt.styrivolt import CutRule, HandState, Phase, Result, Rules, Scoring, Suit, parse_action

from helpers import arrange, find

# Hearts and spades chosen; ♠3 (trist) and ♥Q exposed; ten face-down cards with no stikkar among them.
WEAK_STOCK = "SK S3 HQ D2 D3 D4 D5 D6 D7 D8 C2 C3"
WEAK_HAND = "C5 C6 C7 C8 C9 CJ CQ CK CA"
# Clubs and diamonds chosen; ♣4 exposed, and for diamonds the lamb ♦7 and the stýrivolt ♦A.
PAIR_STOCK = "C6 C4 DA CA D7 H5 S2 S3 S4 S6 S7 S9"


def actions(state: HandState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def refuse(state: HandState, action: str, code: str) -> None:
    before = state.dumps(), [list(h) for h in state.hands]
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.reason.code == code, err.value.reason.text
    assert (state.dumps(), [list(h) for h in state.hands]) == before  # nothing half-applied


def play_out(state: HandState, seed: int = 0) -> HandState:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


# -- the deal -------------------------------------------------------------------------


def test_deal_is_three_at_a_time_clockwise_from_the_dealers_left() -> None:
    state = HandState.deal(3, dealer=2)
    deck = state.deck
    assert state.hands[3][:3] == tuple(deck[0:3]) and state.hands[0][:3] == tuple(deck[3:6])
    assert state.hands[2][6:] == tuple(deck[33:36])
    assert state.to_move == 3 and state.leader == 3
    assert all(len(h) == 9 for h in state.hands) and len(state.pile) + len(state.choice.exposed) == 12


def test_the_first_leader_is_left_of_the_dealer() -> None:
    for dealer in range(4):
        assert HandState.deal(1, dealer=dealer).leader == (dealer + 1) % 4


# -- lambs -------------------------------------------------------------------------


def test_no_lamb_may_lead_the_first_trick() -> None:
    state = arrange(WEAK_STOCK, {1: "S7 H7 H2 SA SJ C5 C6 C7 C8"})
    assert "S7" not in actions(state) and "H7" not in actions(state)
    refuse(state, "S7", "refused.lamb_first_trick")


def test_a_lamb_may_be_led_once_the_leader_has_won_a_trick() -> None:
    state = arrange(WEAK_STOCK, {1: "H2 S7 H7 SA SJ C5 C6 C7 C8"})
    state.apply("H2")  # the bird wins the first trick for player 1
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.tricks[0].winner == 1 and state.to_move == 1
    assert "S7" in actions(state)
    state.apply("S7")
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.tricks[1].winner == 1  # a led lamb wins whatever follows


def test_four_sevens_are_lambs_so_none_leads_to_the_first_trick() -> None:
    state = arrange("SK S3 HQ D2 D3 D4 D5 D6 D8 C2 C3 C9", {1: "S7 H7 C7 D7 H2 C5 C6 C8 CJ"})
    assert not any(a in actions(state) for a in ("S7", "H7", "C7", "D7"))
    refuse(state, "C7", "refused.lamb_first_trick")


# -- traders -------------------------------------------------------------------------


def test_leading_a_trader_leads_the_card_it_fetches() -> None:
    state = arrange(WEAK_STOCK, {1: "H5 C5 C6 C7 C8 C9 CJ CQ CK"})
    assert "H5" in actions(state) and "trade H5 HQ" in actions(state)
    state.apply("H5")
    assert state.current == (parse_card("HQ"),) and parse_card("H5") in state.table
    assert state.exposed[Suit.HEARTS] == ()


def test_a_trader_played_later_in_the_trick_also_fetches_first() -> None:
    state = arrange(WEAK_STOCK, {2: "S5 C5 C6 C7 C8 C9 CJ CQ CK"})
    state.apply(state.legal_actions()[0])
    state.apply("S5")
    assert state.current[1] == parse_card("S3")  # the exposed trist, not the five


def test_a_trader_facing_two_exposed_cards_must_say_which() -> None:
    state = arrange(PAIR_STOCK, {1: "D5 H3 H4 H6 H7 HK HQ SK SQ"})
    assert "D5" not in actions(state)
    assert {"trade D5 D7", "trade D5 DA"} <= set(actions(state))
    refuse(state, "D5", "refused.trader_choice")
    state.apply("trade D5 DA")
    assert parse_card("DA") in state.hands[1] and state.exposed[Suit.DIAMONDS] == (parse_card("D7"),)
    assert not state.has_right_to_stock(1)  # fetching a stikkar ends the right to the stock


def test_a_trader_that_would_fetch_a_lamb_cannot_lead_the_first_trick() -> None:
    # Clubs and diamonds chosen; the lamb ♣7 lies alone, so ♣5 would fetch it.
    state = arrange("C7 D6 H5 S2 S3 S4 S6 S9 SQ SK D2 D3", {1: "C5 H3 H4 H6 H7 HK HQ SJ SA"})
    assert state.exposed[Suit.CLUBS] == (parse_card("C7"),)
    assert "C5" not in actions(state) and "trade C5 C7" in actions(state)
    refuse(state, "C5", "refused.lamb_first_trick")
    text = state.refusal("C5").text  # type: ignore[union-attr]
    assert "would fetch the exposed lamb ♣7" in text and "♣5 is a lamb" not in text


# -- the stock -------------------------------------------------------------------------


def test_only_a_hand_without_stikkar_may_take_the_stock() -> None:
    state = arrange(WEAK_STOCK, {1: "H2 C5 C6 C7 C8 C9 CJ CQ CK", 2: WEAK_HAND.replace("C5 C6 C7 C8 C9 CJ CQ CK CA", "D9 S2 S4 S6 SQ H3 H4 H6 H8")})
    assert "take" not in actions(state)
    refuse(state, "take", "refused.stock_right")


def test_taking_the_stock_then_going_back_or_keeping_both() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND})
    original = list(state.hands[1])
    assert "take" in actions(state)
    state.apply("take")
    assert state.phase is Phase.STOCK_DECISION and len(state.hands[1]) == 10
    assert {"keep", "back", "both"} <= set(actions(state)) and "discard D3" in actions(state)
    state.apply("back")
    assert sorted(state.hands[1]) == sorted(original) and len(state.pile) == 10
    both = arrange(WEAK_STOCK, {1: WEAK_HAND})
    both.apply("take")
    both.apply("both")
    assert len(both.hands[1]) == 19 and both.pile == ()


def test_discarding_only_the_spare_card() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND})
    state.apply("take")
    state.apply("discard C2")
    assert len(state.hands[1]) == 9 and parse_card("C2") in state.pile
    assert state.phase is Phase.PLAY and state.to_move == 1


def test_the_last_chance_trade_and_the_takers_pick() -> None:
    state = arrange(PAIR_STOCK, {1: "H3 H4 H6 H7 HK HQ SK SQ SJ", 2: "D5 H8 HJ HA S5 C2 C3 C5 C7"})
    state.apply("take")
    assert state.phase is Phase.LAST_CHANCE and state.to_move == 2
    assert set(actions(state)) == {"trade D5 D7", "trade D5 DA", "pass"}
    state.apply("pass")
    assert state.phase is Phase.WITH and state.to_move == 1
    state.apply("with DA")
    assert len(state.hands[1]) == 10 and parse_card("DA") in state.hands[1]
    assert state.exposed[Suit.DIAMONDS] == (parse_card("D7"),)  # the other stays for the trader
    assert "back" not in actions(state)  # the stock held a stikkar


def test_a_last_chance_trade_sends_the_other_card_with_the_stock() -> None:
    state = arrange(PAIR_STOCK, {1: "H3 H4 H6 H7 HK HQ SK SQ SJ", 2: "D5 H8 HJ HA S5 C2 C3 C5 C7"})
    state.apply("take")
    state.apply("trade D5 DA")
    assert parse_card("DA") in state.hands[2] and parse_card("D7") in state.hands[1]
    assert len(state.hands[1]) == 10 and state.exposed[Suit.DIAMONDS] == ()


def test_the_stock_closes_when_the_first_trick_is_put_aside() -> None:
    state = arrange(WEAK_STOCK, {2: WEAK_HAND})
    for _ in range(4):
        state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
    assert state.to_move != 2 or True
    while state.to_move != 2:
        state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
    assert "take" not in actions(state)
    refuse(state, "take", "refused.stock_late")


def test_a_late_take_without_the_right_is_refused_for_the_right_when_late_takes_are_allowed() -> None:
    # Player 2 holds the bird: with late taking allowed, the right is what stops them, not the time.
    for late, code in ((True, "refused.stock_right"), (False, "refused.stock_late")):
        state = arrange(WEAK_STOCK, {2: "H2 S2 S4 S6 SQ H3 H4 H6 H8"}, rules=Rules(late_stock=late))
        for _ in range(4):
            state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
        while state.to_move != 2:
            state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
        refuse(state, "take", code)


def test_late_stock_variant_opens_the_stock_after_the_first_trick() -> None:
    state = arrange(WEAK_STOCK, {2: WEAK_HAND}, rules=Rules(late_stock=True))
    for _ in range(4):
        state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
    while state.to_move != 2:
        state.apply(next(a for a in state.legal_actions() if a.kind.value == "play"))
    assert "take" in actions(state)


def test_a_second_player_may_take_the_first_takers_hand_at_any_time() -> None:
    state = arrange(WEAK_STOCK, {1: WEAK_HAND, 2: "S2 S4 S6 SQ H3 H4 H6 H8 HK"})
    first = list(state.hands[1])
    state.apply("take")
    state.apply("keep")
    plays = lambda: next(a for a in state.legal_actions() if a.kind.value == "play")  # noqa: E731
    while len(state.tricks) < 2 or state.to_move != 2:  # wait for player 2's turn in a later trick
        state.apply(plays())
    remaining = list(state.hands[2])
    assert "take" in actions(state)
    state.apply("take")
    assert sorted(state.hands[2]) == sorted(first) and sorted(state.pile) == sorted(remaining)
    assert len(state.takes) == 2 and state.takes[1].trick == len(state.tricks)


def test_taking_without_the_right_is_penalised_when_allowed() -> None:
    rules = Rules(enforce_stock_right=False)
    state = arrange(WEAK_STOCK, {1: "H2 C5 C6 C7 C8 C9 CJ CQ CK"}, rules=rules)
    state.apply("take")
    assert state.takes[0].rightful is False
    state.apply("keep")
    play_out(state)
    assert state.result is not None and state.result.result is Result.STOCK_PENALTY
    assert state.result.team == 0 and state.result.player == 1
    assert state.returns() == [6, -6, 6, -6]


# -- keeping in, playing on, the end -------------------------------------------------


def test_a_hand_ends_as_soon_as_a_team_has_five_tricks() -> None:
    for seed in range(200):
        state = play_out(HandState.deal(seed), seed)
        t = state.team_tricks()
        assert max(t) >= 5 and state.result is not None
        if state.result.result is Result.ORDINARY and state.playing_on is None:
            assert max(t) == 5 and len(state.tricks) == sum(t) <= 9


def test_keeping_in_offers_stop_or_play_on() -> None:
    state = find(lambda s: s.phase is Phase.PLAY_ON)
    team = state.to_move % 2
    assert state.team_tricks()[team] == 5 and len(state.tricks) == 5
    assert set(actions(state)) == {"stop", "play-on"}
    alone = state.won[state.to_move] == 5
    state.apply("stop")
    assert state.result is not None
    assert state.result.result is (Result.KEPT_IN_ALONE if alone else Result.KEPT_IN)


def test_playing_on_and_losing_a_trick_scores_an_ordinary_game() -> None:
    state = find(
        lambda s: s.playing_on is not None and s.tricks and s.tricks[-1].winner % 2 != s.playing_on or
        (s.is_terminal() and s.playing_on is not None and s.result is not None and s.result.result is Result.ORDINARY)
    )
    if not state.is_terminal():
        pytest.fail("a lost trick while playing on must end the hand")
    assert state.result is not None and state.result.result is Result.ORDINARY
    assert state.team_tricks()[1 - state.result.team] == 1


def test_nine_tricks() -> None:
    state = find(lambda s: s.is_terminal() and s.result is not None and s.result.result in (Result.NINE_TRICKS, Result.NINE_TRICKS_ALONE))
    assert state.result is not None and state.team_tricks()[state.result.team] == 9


def test_returns_follow_the_score_table() -> None:
    state = find(lambda s: s.phase is Phase.PLAY_ON)
    state.apply("stop")
    points = {Result.KEPT_IN: 2, Result.KEPT_IN_ALONE: 6}[state.result.result]  # type: ignore[union-attr]
    assert sorted(state.returns()) == [-points, -points, points, points]
    penguin = find(lambda s: s.phase is Phase.PLAY_ON, rules=Rules(scoring=Scoring.PENGUIN))
    penguin.apply("stop")
    assert max(penguin.returns()) in (2, 3)


# -- variations -------------------------------------------------------------------------


def test_compulsory_beating_keeps_only_cards_that_beat() -> None:
    rules = Rules(compulsory_beating=True)
    state = arrange(WEAK_STOCK, {1: WEAK_HAND, 2: "H8 H3 H4 H6 D9 S2 S4 S6 SQ"}, rules=rules)
    state.apply("C5")
    plays = [a for a in actions(state) if len(a) == 2]
    ranking = state.ranking
    from stytvolt.styrivolt import trick_winner

    assert "H8" not in plays and "SQ" not in plays  # neither beats ♣5
    assert plays and all(trick_winner([parse_card("C5"), parse_card(a)], state.chosen) == 1 for a in plays)
    state.apply(plays[0])
    # Player 3 need not beat when the best card so far is not the partner's... player 3's partner is player 1.
    state.apply(state.legal_actions()[0])
    assert ranking is state.ranking


def test_cutting_for_a_stikkar_and_the_kings_claim() -> None:
    rules = Rules(cut_for_stikkar=CutRule.BOTTOM_CARD)
    stock = "SK S3 HQ D2 D3 D4 D5 D6 D7 D8 C2 H2"  # the bird at the bottom
    state = arrange(stock, {2: "HK C5 C6 C7 C8 C9 CJ CQ CA"}, rules=rules)
    assert state.cut == (parse_card("H2"),) and state.phase is Phase.CLAIM and state.to_move == 2
    assert set(actions(state)) == {"trade HK H2", "pass"}
    state.apply("trade HK H2")
    assert parse_card("H2") in state.hands[2] and parse_card("HK") in state.pile
    assert state.phase is Phase.PLAY and state.to_move == 1


def test_an_unclaimed_cut_stikkar_goes_with_the_stock() -> None:
    rules = Rules(cut_for_stikkar=CutRule.BOTTOM_CARD)
    state = arrange("SK S3 HQ D2 D3 D4 D5 D6 D7 D8 C2 H2", {2: "HK C5 C6 C7 C8 C9 CJ CQ CA"}, rules=rules)
    state.apply("pass")
    assert parse_card("H2") in state.pile and state.cut == ()


def test_cut_until_the_fourth_card_and_two_stikkar() -> None:
    stock = "SK S3 HQ D2 D3 D4 D5 D6 H9 C2 H2 D8"  # from the bottom: ♦8, ♥2, ♣2, ♥9
    one = arrange(stock, rules=Rules(cut_for_stikkar=CutRule.UNTIL_FOURTH))
    assert format_cards(one.cut) == "H2"
    two = arrange(stock, rules=Rules(cut_for_stikkar=CutRule.TWO_STIKKAR))
    assert format_cards(two.cut) == "H2 H9"
    # The [??? … ???] passage: the king of hearts takes the bird, the queen of hearts the mare.
    claims = {(str(c.king), str(c.stikkar)) for c in two.claims}
    assert claims <= {("HK", "H2"), ("HQ", "H9")}
    bottom = arrange(stock, rules=Rules(cut_for_stikkar=CutRule.BOTTOM_CARD))
    assert bottom.cut == ()  # the bottom card is not a stikkar


def test_open_choosing_shows_the_turned_cards_to_everyone() -> None:
    closed = arrange(WEAK_STOCK)
    opened = arrange(WEAK_STOCK, rules=Rules(open_choosing=True))
    turned = set(closed.choice.seen)
    assert not turned <= closed.public_cards() and turned <= opened.public_cards()
    assert turned <= closed.known_to(closed.dealer)


def test_king_of_hearts_takes_the_bird_in_the_last_trick() -> None:
    rules = Rules(king_of_hearts_takes_bird=True)
    state = find(
        lambda s: s.phase is Phase.PLAY and "trade HK H2" in actions(s),
        rules=rules,
    )
    assert can_end_hand(len(state.tricks), state.team_tricks(), state.playing_on)
    king = state.to_move
    state.apply("trade HK H2")
    trader = state.holder(parse_card("H5"))
    if trader is not None and trader != king:  # the heart trader's holder is asked first (ruling R22)
        assert state.phase is Phase.LAST_CHANCE and state.to_move == trader
        assert [str(a) for a in state.legal_actions()] == ["trade H5 H2", "pass"]
        state.apply("pass")
    assert state.phase is Phase.PLAY and state.to_move == king
    assert parse_card("H2") in state.hands[king] and parse_card("HK") in state.table


# -- history, undo, JSON -----------------------------------------------------------------


def test_json_restores_the_exact_position_and_undo_steps_back() -> None:
    state = HandState.deal(11, dealer=3, rules=Rules(compulsory_beating=True))
    rng = random.Random(2)
    snapshots = []
    while not state.is_terminal():
        snapshots.append(state.dumps())
        state.apply(rng.choice(state.legal_actions()))
        again = HandState.from_json(state.dumps())
        assert again.dumps() == state.dumps() and again.hands == state.hands and again.phase is state.phase
    for snap in reversed(snapshots):
        state.undo()
        assert state.dumps() == snap
    with pytest.raises(InvalidPosition, match="nothing to undo"):
        state.undo()


def test_undo_takes_back_one_action_without_replaying_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    state = HandState.deal(5, rules=Rules(king_of_hearts_takes_bird=True, late_stock=True))
    rng = random.Random(5)
    for _ in range(25):
        state.apply(rng.choice(state.legal_actions()))
    dealt = []
    monkeypatch.setattr(HandState, "__init__", lambda *a, **k: dealt.append(1))  # a replay would deal again
    while state.history:
        state.undo()
    assert not dealt and state.phase in (Phase.PLAY, Phase.EXPOSE) and not state.tricks and not state.log[1:]


def test_a_clone_is_independent() -> None:
    state = HandState.deal(8)
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert state.history == [] and len(twin.history) == 1
    state.apply(state.legal_actions()[-1])
    twin.undo()
    assert twin.dumps() == HandState.deal(8).dumps() != state.dumps()


def test_bad_json_is_refused_with_the_reason() -> None:
    good = HandState.deal(1).to_json()
    with pytest.raises(ValueError, match="not a saved Stýrivolt hand"):
        HandState.from_json({"game": "chess"})
    with pytest.raises(ValueError, match="48 cards"):
        HandState.from_json({**good, "deck": good["deck"][:40]})
    with pytest.raises(ValueError, match="unknown rule switch 'no_such'"):
        HandState.from_json({**good, "rules": {"no_such": True}})
    with pytest.raises(ValueError, match="action 1 .* cannot be replayed"):
        HandState.from_json({**good, "actions": ["take take"]})


@pytest.mark.parametrize("change, field", [
    ({"actions": [5]}, "action 1"),
    ({"actions": "SA"}, "'actions' is a list"),
    ({"actions": ["H2"] * 201}, "at most 200"),
    ({"rules": None}, "'rules'"),
    ({"rules": {"late_stock": "no"}}, "late_stock"),
    ({"rules": {"scoring": "golf"}}, "scoring"),
    ({"dealer": 1.0}, "'dealer'"),
    ({"dealer": True}, "'dealer'"),
    ({"dealer": 7}, "'dealer'"),
    ({"deck": 48}, "'deck'"),
    ({"deck": "A" * 48}, "twice"),
    ({"deck": "!" * 48}, "'!'"),
    ({"extra": 1}, "no field 'extra'"),
    ({"v": 2}, "not a saved"),
])
def test_every_field_of_a_saved_hand_is_checked(change: dict[str, object], field: str) -> None:
    good = HandState.deal(1).to_json()
    with pytest.raises(InvalidPosition, match=field):
        HandState.from_json({**good, **change})


@pytest.mark.parametrize("text, says", [
    ("[" * 100_000 + "]" * 100_000, "characters|nested"),
    ("[" * 50_000 + "]" * 50_000, "nested|not a saved|JSON object"),
    ("{", "not JSON"),
    ("5", "JSON object"),
    ("null", "JSON object"),
])
def test_bad_json_text_is_an_invalid_position(text: str, says: str) -> None:
    with pytest.raises(InvalidPosition, match=says):
        HandState.from_json(text)


def test_actions_have_a_text_form_that_reads_back() -> None:
    for text in ["H2", "trade H5 H7", "take", "pass", "with DA", "keep", "discard C3", "back", "both", "play-on", "stop", "expose SK"]:
        assert str(parse_action(text)) == text
    assert str(parse_action("trade H5 for H7")) == "trade H5 H7"
    assert str(parse_action("play on")) == "play-on"
    with pytest.raises(ValueError, match="'fly'"):
        parse_action("fly")


def test_the_dealers_free_choice_is_an_action() -> None:
    state = arrange("S4 SK HQ D2 D3 D4 D5 D6 D7 D8 C2 C3")
    assert state.phase is Phase.EXPOSE and state.to_move == state.dealer
    assert set(actions(state)) == {"expose S4", "expose SK"}
    state.apply("expose S4")
    assert parse_card("S4") in state.exposed[Suit.SPADES] and state.phase is Phase.PLAY


def test_bad_construction() -> None:
    with pytest.raises(ValueError, match="48 cards"):
        HandState([parse_card("H2")])
    with pytest.raises(ValueError, match="dealer"):
        HandState(HandState.deal(1).deck, dealer=4)


def test_refused_trades_say_which_rule() -> None:
    state = arrange(WEAK_STOCK, {1: "H5 S5 C5 C6 C7 C8 C9 CJ CQ"})
    refuse(state, "trade C5 HQ", "refused.not_trader")
    refuse(state, "trade H5 HA", "refused.not_exposed")
    refuse(state, "trade D5 D7", "refused.not_held")
    refuse(state, "keep", "refused.phase")
    state.apply("trade H5 HQ")
    refuse(state, "trade S5 HQ", "refused.not_exposed")
