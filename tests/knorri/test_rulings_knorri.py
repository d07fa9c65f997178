"""One test per Knorri ruling on docs/rulings.md (R87 on), named after it: each pins the decision, worked by hand."""

from __future__ import annotations

import random

import pytest

from stytvolt import IllegalAction, format_cards, parse_cards
from stytvolt.knorri import (
    MARKED_TWO, PACK, KnorriState, PhaseOne, Rules, beats, opening_plays, phase_two, take_options,
)


def texts(state: KnorriState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def stacked(first: str, *, players: int = 4, rules: Rules = Rules()) -> KnorriState:
    named = list(parse_cards(first))
    return KnorriState(named + [c for c in PACK if c not in named], players=players, rules=rules)


def descending() -> list[str]:
    """No card ever takes: each suit falls, and every diamond comes before any spade or heart."""
    return [s + r for s in "DCSH" for r in "AKQJT98765432"]


def test_R87_a_missed_take_is_pointed_out_by_the_next_player_who_chooses_the_card() -> None:
    plain = stacked("S4 S7 H2 D5 C9 HK D9 C3 SA S9")
    assert texts(plain) == ["take S4", "take S7"]  # the engine makes the take
    state = stacked("S4 S7 H2 D5 C9 HK D9 C3 SA S9", rules=Rules(overlooking=True))
    state.apply("leave")
    assert state.current_player() == 2 and texts(state) == ["point S4", "point S7", "pass"]
    state.apply("point S7")  # player 2 picks which card player 1 must take
    assert format_cards(sorted(state.hands[1])) == "S7 S9" and state.current_player() == 2
    passed = stacked("S4 S7 H2 D5 C9 HK D9 C3 SA S9", rules=Rules(overlooking=True))
    passed.apply("leave")
    for _ in range(3):
        passed.apply("pass")
    assert "S9" in format_cards(passed.table_cards)


def test_R88_nobody_took_a_card_so_nobody_sweeps_or_loses() -> None:
    state = KnorriState(" ".join(descending()), players=4, rules=Rules(scoring=True))
    while not state.is_terminal():
        state.apply("leave")
    assert len(state.table_cards) == 52 and state.loser == -1 and state.returns() == [0, 0, 0, 0]


def test_R89_the_only_player_holding_cards_loses_at_once() -> None:
    # ♠2 face up, ♠3 turned first: player 1 takes both and, as the only taker, sweeps everything.
    order = [c for c in descending() if c not in ("S2", "S3")]
    state = KnorriState(" ".join(order[:8] + ["S2", "S3"] + order[8:]), players=4, rules=Rules(scoring=True))
    state.apply("take S2")
    while not state.is_terminal():
        state.apply("leave")
    assert state.loser == 1 and len(state.hands[1]) == 52
    assert state.returns() == [1, -3, 1, 1]  # each safe player scores one: one player held cards


def test_R90_soft_clubs_change_phase_two_only() -> None:
    assert beats("H9", "C3", soft_clubs=True)
    assert take_options("H9", "C3 S4") == ()  # a turned heart takes no club, soft or hard
    state = stacked("C3 S4 H2 D5 C9 HK D9 S7 SA H9", rules=Rules(soft_clubs=True))
    assert texts(state) == ["take H2"]


def test_R91_the_opening_run_is_the_holders_choice_and_counts_as_one_until_gone() -> None:
    assert [format_cards(p) for p in opening_plays("C2 C3 C4")] == ["C2", "C2 C3", "C2 C3 C4"]
    state = phase_two(["C2 C3 H9", "S5 S6", "S7 S8"])
    state.apply("play C2 C3")
    assert state.trick_size == 3
    state.apply("pick up")  # ♣2
    state.apply("pick up")  # ♣3: the run is gone, and so is the trick
    assert state.trick_cards == [] and state.current_player() == 0


def test_R92_last_card_is_said_with_the_play_and_punished_on_the_next_turn() -> None:
    rules = Rules(last_card=True)
    state = phase_two(["S5 S6", "H2 H3 H4", "C5 C6 C7"], leader=0, rules=rules)
    assert texts(state)[:2] == ["play S5 last", "play S5"]
    state.apply("play S5")
    state.apply("pick up")
    state.apply("play C7")
    assert texts(state) == ["pick up"]
    state.apply("pick up")
    assert len(state.hands[0]) == 2 and state.observation(0).unannounced == ()
    with pytest.raises(IllegalAction):
        phase_two(["S5 S6 S7", "H2", "C5"], leader=0, rules=rules).apply("play S5 last")


def test_R93_mas_leads_go_round_whoever_wins() -> None:
    # Three players, dealer 0; the cards go one at a time to 1, 2, 0: player 1 holds ♠A ♣K ♥A,
    # player 2 ♥9 ♠9 ♣5, player 0 ♦2 ♦3 ♣7.  Player 1 leads to player 2 and wins with the ace; the
    # next trick is still led by player 2, to player 0.
    named = "SA H9 D2 CK S9 D3 HA C5 C7".split()
    state = KnorriState(named + [str(c) for c in PACK if str(c) not in named], players=3,
                        rules=Rules(phase_one=PhaseOne.MAS))
    state.apply("play SA")  # player 1 draws the stock's top card at once
    assert len(state.hands[1]) == 3
    state.apply("play H9")
    assert {"SA", "H9"} <= {str(c) for c in state.hands[1]}
    assert state.current_player() == 2
    state.apply("play S9")
    assert state.current_player() == 0


def test_R94_an_undecided_bounce_returns_each_players_cards() -> None:
    # Random Mas games until the second card of a trick ties the first with the stock gone and one of
    # the two about to run out of cards: each must get back exactly the cards they played to it.
    for seed in range(3000):
        state = KnorriState.deal(seed, players=3, rules=Rules(phase_one=PhaseOne.MAS))
        rng = random.Random(seed)
        while state.phase == "mas":
            action = rng.choice(state.legal_actions())
            lead, resp = state.mas_lead, state.current_player()
            if (len(state.mas_plays) % 2 == 1 and action.kind == "play" and state.pos >= len(state.deck)
                    and action.cards[0].rank == state.deck[state.mas_plays[-1]].rank
                    and (len(state._held[resp]) == 1 or not state._held[lead])):
                played = [state.deck[i] for i in state.mas_plays] + [action.cards[0]]
                lead_before, resp_before = list(state.hands[lead]), list(state.hands[resp])
                resp_before.remove(action.cards[0])
                state.apply(action)
                assert sorted(state.hands[lead]) == sorted(lead_before + played[0::2])
                assert sorted(state.hands[resp]) == sorted(resp_before + played[1::2])
                return
            state.apply(action)
    pytest.fail("no undecided bounce in 3000 games")


def test_R95_all_lower_takes_every_lower_card_and_nothing_else_changes() -> None:
    assert format_cards(take_options("S9", "S4 S7 SK", "all-lower")) == "S4 S7"
    assert take_options("D7", "S4 HK", "all-lower") == ()
    state = stacked("S4 S7 H2 D5 C9 HK D9 C3 SA S9", rules=Rules(phase_one=PhaseOne.ALL_LOWER, overlooking=True))
    state.apply("leave")
    assert texts(state) == ["point S4 S7", "pass"]


def test_R96_two_packs_marked_two_opens_and_twins_never_beat() -> None:
    assert not beats("D7", "D7")
    assert [format_cards(p) for p in opening_plays("C2* C3 C3 C4", two_packs=True)] == ["C2*", "C2* C3", "C2* C3 C4"]
    state = phase_two(["C2 H5", "C2* S4", "D7 D7"], rules=Rules(two_packs=True))
    assert state.current_player() == 1 and texts(state) == ["play C2*"]
    assert KnorriState.deal(1, players=12, rules=Rules(two_packs=True)).deck.count(MARKED_TWO) == 1
    assert len(KnorriState.deal(1, players=12, rules=Rules(two_packs=True)).table_cards) == 9


def test_R97_every_pile_is_shown_to_every_player() -> None:
    state = stacked("S4 S7 H2 D5 C9 HK D9 C3 SA S9")
    state.apply("take S7")
    for p in range(4):
        assert format_cards(state.observation(p).hands[1]) == "S7 S9"


def test_R98_without_scoring_the_loser_pays_one_to_each_other_player() -> None:
    state = phase_two(["H2", "H3", "S4 S5", "D9 DT"], leader=0)
    state.apply("play H2")
    state.apply("play H3")
    state.apply("pick up")  # player 2 takes ♥2
    state.apply("play D9")  # player 3
    state.apply("pick up")  # player 2 takes ♥3; the trick holds ♦9
    state.apply("play DT")  # player 3 goes out; player 2 alone holds cards
    assert state.loser == 2 and state.returns() == [1, 1, -3, 1]


def test_R99_the_loser_deals_next_and_with_no_loser_the_same_dealer() -> None:
    lost = phase_two(["H2", "H3", "S4 S5"], leader=0)
    lost.apply("play H2")
    lost.apply("play H3")
    assert lost.next_dealer() == 2
    nobody = KnorriState(" ".join(descending()), players=3, dealer=1)
    while not nobody.is_terminal():
        nobody.apply("leave")
    assert nobody.next_dealer() == 1


def test_R100_a_game_can_go_round_and_nothing_ends_it() -> None:
    # Player 0 leads ♠Q; 1 (♣5) cannot beat it and picks it up; 2 leads ♣3, which 0 (♥4) cannot beat;
    # 1 leads ♠Q, 2 picks it up rather than trump it; 0 leads ♣3, 1 picks it up rather than beat it
    # with ♣5; 2 leads ♠Q, 0 picks it up; 1 leads ♣3, 2 picks it up rather than beat it with ♣T:
    # the same cards in the same hands, player 0 to lead again.
    state = phase_two(["SQ H4", "C5", "DA C3 CT"], leader=0)
    before = [sorted(map(str, h)) for h in state.hands], state.current_player()
    for action in ["play SQ", "pick up", "play C3", "pick up"] * 3:
        state.apply(action)
    assert ([sorted(map(str, h)) for h in state.hands], state.current_player()) == before
    assert state.trick_cards == [] and not state.is_terminal()
    assert texts(state) == ["play SQ", "play H4"]  # the game simply goes on


def test_R101_a_session_at_the_table_is_four_three_two_or_one_hands_by_table_size() -> None:
    # R101: four hands at three players, three at four, two at five, one at six to eight.  A session of three
    # hands at four (dealt from seed 3) is over exactly when its third hand ends, and no fourth is dealt.
    from stytvolt.knorri.bots import SimpleBot
    from stytvolt.knorri.game import KnorriGame, SessionOver

    bot = SimpleBot(3)
    assert [KnorriGame(1, players=n).hands_to_play for n in range(3, 9)] == [4, 3, 2, 1, 1, 1]
    game = KnorriGame(3, players=4)
    for number in range(1, 4):
        assert not game.over
        hand = game.deal()
        while not hand.is_terminal():
            hand.apply(bot.choose(hand.observation(hand.current_player())))
        assert len(game.sheet_lines()) == number + 1
    assert game.over and game.outcome()
    with pytest.raises(SessionOver):
        game.deal()


def test_R102_the_table_scores_a_hand_zero_sum_and_the_loser_deals_next() -> None:
    # R102, worked by hand on a three-player phase two: 0 leads ♥2 and goes out (+2: two players still hold
    # cards), 1 beats it with ♥3 and goes out (+1), 2 is left holding ♠4 ♠5 and loses, paying 3; the loser
    # deals next.
    state = phase_two(["H2", "H3", "S4 S5"], leader=0, rules=Rules(scoring=True))
    state.apply("play H2")
    state.apply("play H3")
    assert state.out == [0, 1] and state.loser == 2
    assert state.returns() == [2, 1, -3] and state.next_dealer() == 2
