"""The computer players: always legal, always finish, and SimpleBot plays better than chance."""

from __future__ import annotations

import random

import pytest

from stytvolt.core.cards import Card, Suit, parse_cards
from stytvolt.core.errors import StytvoltError
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt import Action, HandState, Kind, Phase, Role, Rules
from stytvolt.styrivolt.bots import Bot, RandomBot, SimpleBot, card_worth
from stytvolt.styrivolt.chalk import Scoring
from stytvolt.styrivolt.variants import CutRule

# 2,000 hands per bot: 1,000 by the plain rules and 250 under each of four variations.
RULE_SETS: list[tuple[Rules, int]] = [
    (Rules(), 1000),
    (Rules(compulsory_beating=True, king_of_hearts_takes_bird=True), 250),
    (Rules(late_stock=True, open_choosing=True), 250),
    (Rules(cut_for_stikkar=CutRule.TWO_STIKKAR, queen_claims_cut_stikkar=True), 250),
    (Rules(enforce_stock_right=False, scoring=Scoring.PENGUIN, cut_for_stikkar=CutRule.UNTIL_FOURTH), 250),
]


def play_hand(state: HandState, bots: list[Bot]) -> list[str]:
    """Play a hand to the end, checking every action is legal; returns the actions' texts."""
    actions: list[str] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action in a live hand: {state!r}"
        action = bots[state.to_move].choose(state.observation(state.to_move))
        assert action in legal, f"{action} is not legal in {state!r}; legal: {legal}"
        state.apply(action)
        actions.append(str(action))
        assert len(actions) < 200, "a hand that does not end"
    assert state.validate() == []
    return actions


@pytest.mark.parametrize("make", [RandomBot, SimpleBot], ids=["random", "simple"])
def test_bots_finish_2000_hands_with_legal_actions(make: type[RandomBot] | type[SimpleBot]) -> None:
    played = 0
    for rules, count in RULE_SETS:
        for seed in range(count):
            state = HandState.deal(seed, dealer=seed % 4, rules=rules)
            bots: list[Bot] = [make(seed * 4 + p) for p in range(4)]
            play_hand(state, bots)
            assert state.result is not None
            returns = state.returns()
            assert sum(returns) == 0 and returns[0] != 0
            played += 1
    assert played == 2000


def test_simple_bot_beats_random_bot() -> None:
    simple_total = 0
    simple_wins = 0
    hands = 1000
    for seed in range(hands):
        simple_team = seed % 2  # sit on each side half the time
        state = HandState.deal(10_000 + seed, dealer=seed % 4)
        bots: list[Bot] = [
            SimpleBot(seed * 4 + p) if p % 2 == simple_team else RandomBot(seed * 4 + p) for p in range(4)
        ]
        play_hand(state, bots)
        simple_total += state.returns()[simple_team]
        assert state.result is not None
        simple_wins += state.result.team == simple_team
    assert simple_total > 0
    assert simple_wins > hands * 0.6


@pytest.mark.parametrize("make", [RandomBot, SimpleBot], ids=["random", "simple"])
def test_bots_are_deterministic_given_their_seed(make: type[RandomBot] | type[SimpleBot]) -> None:
    def run() -> list[str]:
        state = HandState.deal(42, dealer=1)
        return play_hand(state, [make(7 + p) for p in range(4)])

    assert run() == run()


def test_bots_refuse_a_finished_hand() -> None:
    state = HandState.deal(3)
    play_hand(state, [SimpleBot(p) for p in range(4)])
    for bot in (RandomBot(1), SimpleBot(1)):
        with pytest.raises(StytvoltError, match="nothing to do"):
            bot.choose(state.observation(0))


def test_bots_are_shown_an_observation_never_the_state() -> None:
    state = HandState.deal(3)
    with pytest.raises(StytvoltError, match="observation"):
        SimpleBot(1).choose(state)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(12))
def test_the_simple_bot_plays_the_same_whatever_the_hidden_cards(seed: int) -> None:
    """Fair play: every card the seat has not seen dealt afresh (resample) never changes its choice."""
    rng = random.Random(seed)
    state = HandState.deal(seed, dealer=seed % 4, rules=Rules(compulsory_beating=seed % 3 == 0))
    changed = 0
    while not state.is_terminal():
        p = state.to_move
        other = state.resample(p, rng)
        changed += any(other.hands[q] != state.hands[q] for q in range(4) if q != p)
        assert SimpleBot(seed).choose(other.observation(p)) == SimpleBot(seed).choose(state.observation(p))
        state.apply(SimpleBot(seed).choose(state.observation(p)))
    assert changed  # the hidden cards really were dealt afresh


# -- the heuristics, in made-up deals ------------------------------------------------


def make_deck(hands: dict[int, str], stock_top: str, dealer: int = 0) -> list[Card]:
    """A deck that deals ``hands`` (the others get what is left) with the stock starting ``stock_top``."""
    given = {p: list(parse_cards(text)) for p, text in hands.items()}
    top = list(parse_cards(stock_top))
    used = {c for cards in given.values() for c in cards} | set(top)
    rest = [c for c in STYRIVOLT_PACK if c not in used]
    full: dict[int, list[Card]] = {}
    for p in range(4):
        full[p] = given.get(p) or [rest.pop(0) for _ in range(9)]
    stock = top + rest
    assert len(stock) == 12 and all(len(h) == 9 for h in full.values())
    deck: list[Card] = []
    for r in range(3):
        for k in range(1, 5):
            deck.extend(full[(dealer + k) % 4][3 * r:3 * r + 3])
    return deck + stock


# Spades and hearts are chosen (♠9 and ♥8 are exposed, ♦2 stops the turning).
HANDS = {
    1: "DK D3 D4 D6 D7 D8 C2 C3 C5",  # no stikkar, nothing better than an unfortunate: a weak hand
    2: "H2 S6 S2 C6 C7 C8 DQ DJ CA",  # the bird, a postman, a tvist
    3: "SA HA SJ HJ D5 CK CQ HQ SK",  # partner of player 1
}
STOCK_TOP = "S9 H8 D2"


def deal() -> HandState:
    state = HandState(make_deck(HANDS, STOCK_TOP), dealer=0)
    assert set(state.chosen) == {Suit.SPADES, Suit.HEARTS}
    assert [str(c) for c in state.choice.exposed] == ["S9", "H8"]
    return state


def test_simple_bot_takes_the_stock_with_a_weak_hand() -> None:
    state = deal()
    assert state.to_move == 1 and state.has_right_to_stock(1)
    assert SimpleBot(0).choose(state.observation(state.to_move)) == Action.simple(Kind.TAKE_STOCK)


def test_simple_bot_wins_as_cheaply_as_it_can() -> None:
    state = deal()
    state.apply("DK")  # player 1 leads the unchosen king
    # Player 2 can beat a king with the tvist, the postman or the bird: the tvist is cheapest.
    assert str(SimpleBot(0).choose(state.observation(state.to_move))) == "S2"


def test_simple_bot_throws_its_least_card_on_its_partners_winner() -> None:
    state = deal()
    state.apply("DK")
    state.apply("C6")  # player 2 does not beat it: player 3's partner is winning
    choice = SimpleBot(0).choose(state.observation(state.to_move))
    assert str(choice) == "D5"
    ranking = state.ranking
    assert card_worth(ranking, choice.card) == min(card_worth(ranking, c) for c in state.hands[3])


def test_card_worth_orders_the_roles() -> None:
    state = deal()
    ranking = state.ranking
    by_text = {str(c): card_worth(ranking, c) for c in STYRIVOLT_PACK}
    assert by_text["H2"] > by_text["SA"] > by_text["SJ"] > by_text["S6"] > by_text["S3"] > by_text["S4"]
    assert ranking.role(parse_cards("S7")[0]) is Role.LAMB
    assert by_text["SA"] > by_text["S7"] > by_text["SJ"]  # a lamb: between a stýrivolt and a karnifl
    assert by_text["S9"] > by_text["DA"] > by_text["DK"] > by_text["DQ"] > by_text["D8"] > by_text["D2"]


def collect(phase: Phase, rules: Rules = Rules(), limit: int = 3000) -> list[HandState]:
    """Positions in ``phase`` reached by random play."""
    found: list[HandState] = []
    for seed in range(limit):
        state = HandState.deal(seed, dealer=seed % 4, rules=rules)
        bot = RandomBot(seed)
        while not state.is_terminal():
            if state.phase is phase:
                found.append(state.clone())
                break
            state.apply(bot.choose(state.observation(state.to_move)))
    return found


def test_simple_bot_fetches_a_stikkar_at_the_last_chance() -> None:
    states = collect(Phase.LAST_CHANCE, Rules(late_stock=True))
    assert states
    for state in states:
        action = SimpleBot(1).choose(state.observation(state.to_move))
        assert action.kind is Kind.TRADE and state.ranking.role(action.cards[1]).is_stikkar


def test_simple_bot_stops_after_keeping_in_without_sure_winners() -> None:
    states = collect(Phase.PLAY_ON)
    assert states
    stops = 0
    for state in states:
        p = state.to_move
        action = SimpleBot(1).choose(state.observation(state.to_move))
        assert action in state.legal_actions()
        holds_winners = any(
            state.ranking.role(c) is Role.LAMB or state.ranking.role(c).is_stikkar for c in state.hands[p]
        )
        if not holds_winners:
            assert action == Action.simple(Kind.STOP)
        stops += action == Action.simple(Kind.STOP)
    assert stops > len(states) // 2


def test_simple_bot_keeps_the_stock_or_both() -> None:
    states = collect(Phase.STOCK_DECISION)
    assert states
    for state in states:
        action = SimpleBot(1).choose(state.observation(state.to_move))
        assert action.kind in (Kind.KEEP, Kind.KEEP_BOTH, Kind.GO_BACK)
        if Kind.KEEP_BOTH in {a.kind for a in state.legal_actions()}:
            assert action.kind is Kind.KEEP_BOTH
