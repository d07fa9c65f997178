"""Klørsjavs's computer players: legal, fair (observations only) and sensible."""

from __future__ import annotations

import random

import pytest

from stytvolt import InvalidPosition
from stytvolt.klorsjavs import HandState, parse_action
from stytvolt.klorsjavs.bots import RandomBot, SimpleBot, strength


def stacked(hands: dict[int, str], cat: str, dealer: int = 0, variant: str = "klorsjavs") -> HandState:
    """A hand dealt (three, the cat, three, from the dealer's left) so that each seat holds ``hands[seat]``."""
    players = 4 if variant == "four-hand" else 3
    size = 2 if variant == "four-hand" else 3
    order = [(dealer + k) % players for k in range(1, players + 1)]
    deck = [c for s in order for c in hands[s].split()[:size]] + cat.split()
    deck += [c for s in order for c in hands[s].split()[size:]]
    return HandState(" ".join(deck), variant=variant, dealer=dealer)


def play(state: HandState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def _match(variant: str, hands: int) -> float:
    """SimpleBot in one seat (rotating) against RandomBot in the others: SimpleBot's mean øre a hand."""
    players = 4 if variant == "four-hand" else 3
    total = 0.0
    for seed in range(hands):
        state = HandState.deal(seed, dealer=seed % players, variant=variant)
        me = seed % players
        bots = {s: (SimpleBot(s) if s == me else RandomBot(seed * 7 + s)) for s in range(players)}
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state.observation(seat))
            assert action in state.legal_actions()
            state.apply(action)
        total += state.returns()[me]
    return total / hands


@pytest.mark.parametrize("variant,least", [("klorsjavs", 1.5), ("four-hand", 0.5), ("auction", 4.0)])
def test_simple_bot_beats_random_play(variant: str, least: float) -> None:
    # Over 300 hands SimpleBot gains about 3 øre a hand in Klørsjavs, 2 in four hands and 10 points
    # in the auction (its partners in the others' hands are random too); random play scores 0 on average.
    assert _match(variant, 300) > least


HANDS = {1: "CQ SQ CJ SJ H5 HK", 2: "HA HQ DA DK DQ D5", 0: "S5 SK SA C5 CK CA"}
CAT = "HJ DJ"


def test_play_with_trumps_and_aces_pass_without() -> None:
    state = stacked(HANDS, CAT)
    # Seat 1 holds the four highest trumps (3 + 3 + 3 + 2) and a king with another heart (0.5): 11.5.
    assert strength(state.hands[1]) == 11.5
    assert str(SimpleBot().choose(state.observation(1))) == "play"
    # Seat 2 holds one ace of hearts and one of diamonds (1.5 each) and a king with other diamonds (0.5)
    # and no trump: 3.5, far from the 7.5 it takes to play.
    play(state, "pass")
    assert strength(state.hands[2]) == 3.5
    assert str(SimpleBot().choose(state.observation(2))) == "pass"


def test_the_cat_is_swiped_laying_away_the_plain_cards_most_likely_lost() -> None:
    state = stacked({1: "CQ SQ HA S5 DK D5", 2: "SJ HJ DJ HK HQ SK", 0: "CA CK C5 DA DQ H5"}, "CJ SA")
    play(state, "play")
    # ♠5 and ♦5 are worth 10 each and have no higher card of their suit beside them, so the opponents'
    # aces and kings would likely take them; laid away they count for the declarer whatever happens.
    # ♦K (4) stays; the trumps and ♥A are kept for tricks.
    assert str(SimpleBot().choose(state.observation(1))) == "swipe S5 D5"


def test_a_hand_of_trumps_and_aces_strokes_the_cat() -> None:
    state = stacked({1: "CQ SQ CJ SJ HA DA", 2: "HJ DJ HK HQ DK DQ", 0: "CA CK C5 S5 SK D5"}, "H5 SA")
    play(state, "play")
    assert str(SimpleBot().choose(state.observation(1))) == "stroke"  # nothing worth laying away


def test_a_hopeless_declarer_folds_at_the_first_turn() -> None:
    state = stacked({1: "H5 HQ D5 DQ S5 SK", 2: "CQ SQ CJ HA DA HK", 0: "SJ HJ DJ CA CK C5"}, "DK SA")
    play(state, "play", "stroke")
    # No trump and no ace: strength 0.5 (♠K with ♠5), below 2.5.  Folding costs 8, as losing would.
    assert str(SimpleBot().choose(state.observation(1))) == "fold"


def test_the_declarer_draws_trumps_with_the_best_one() -> None:
    state = stacked(HANDS, CAT)
    play(state, "play", "stroke")
    assert str(SimpleBot().choose(state.observation(1))) == "card CQ"  # ♣Q is the highest trump of all


def test_points_go_to_a_fellow_opponent_who_has_won_the_trick() -> None:
    state = stacked(HANDS, CAT)
    play(state, "play", "stroke", "card H5", "card HA")
    # Seat 0 plays last to a trick its fellow opponent seat 2 wins with ♥A, and holds no heart: it adds
    # the most it can spare, ♠5 (10); ♠A might take a trick of its own later, and the trumps are kept.
    assert str(SimpleBot().choose(state.observation(0))) == "card S5"


def test_a_trick_the_declarer_is_winning_is_taken_as_cheaply_as_possible() -> None:
    state = stacked(HANDS, CAT)
    play(state, "play", "stroke", "card HK", "card HQ")
    # ♥K beats ♥Q: the declarer is winning 7 points.  Seat 0, last, has no heart and three trumps, all
    # of which win; ♣5 is the lowest, and its 10 points land in the opponents' own trick.  ♣A and ♣K stay.
    assert str(SimpleBot().choose(state.observation(0))) == "card C5"


def test_the_auction_bid_follows_the_strength() -> None:
    state = stacked({1: "CA CK CQ HA DA S5", 2: "HK HQ H5 DK DQ D5", 0: "SA SK SQ SJ HJ DJ"}, "CJ C5",
                    variant="auction")
    # With clubs named, ♣A ♣K ♣Q are the three highest trumps (9) and ♥A ♦A add 1.5 each: 12, enough
    # for a Stryger (8.5) but no sure tout (♠5 can be beaten).
    assert strength(state.hands[1], parse_action("trump C").suit) == 12.0
    assert str(SimpleBot().choose(state.observation(1))) == "bid stryger"
    play(state, "bid stryger")
    # Seat 2's best suit is worth 8.5 (♥K and ♥Q 3 each and ♥5 2 as trumps, and ♦K beside two more
    # diamonds 0.5): a Stryger at most, which does not beat the Stryger bid, so it passes.
    assert str(SimpleBot().choose(state.observation(2))) == "pass"
    play(state, "pass", "pass")
    assert str(SimpleBot().choose(state.observation(1))) == "trump C"


def test_bots_choose_from_what_the_seat_sees() -> None:
    state = stacked(HANDS, CAT)
    play(state, "play", "stroke", "card CQ")
    seen = state.observation(2)
    other = state.resample(2, random.Random(3))
    assert other.observation(2).to_json() == seen.to_json()
    assert [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
    assert SimpleBot().choose(other.observation(2)) == SimpleBot().choose(seen)
    with pytest.raises(InvalidPosition, match="observation"):
        SimpleBot().choose(state)  # type: ignore[arg-type]
