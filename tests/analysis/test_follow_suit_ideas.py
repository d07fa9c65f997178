"""The coach's ideas of the follow-suit games (Sjavs, Klørsjavs, Vira): each idea on a position worked out by hand,
and over seeded self-play every idea given is one the game lists, never raises and names only cards the seat may know.

A hand-built position is a real observation of the game (from a dealt hand) with the fields that matter set by hand:
the seat's cards, the trick on the table, the tricks before, who declared.  The expected idea of each was worked out
from the rules, not asked of the engine: the comment beside it says why.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest

import stytvolt
from stytvolt.analysis import player
from stytvolt.analysis.coach import action_words, hint, ideas, seen_cards, why
from stytvolt.core.cards import Suit, parse_cards
from stytvolt.core.words import CARD_WORD

GAMES = ("sjavs", "klorsjavs", "vira")


def _coach(game: str) -> Any:
    return stytvolt.game(game).part("coach")


def _cards(text: str) -> tuple[Any, ...]:
    return tuple(parse_cards(text)) if text else ()


# -- hand-built positions ----------------------------------------------------------------------------------------


def sjavs_obs(hand: str, current: str = "", *, trump: str = "H", seat: int = 0, declarer: int = 0,
              tricks: tuple[tuple[int, str, int], ...] = (), players: int = 4, phase: str = "play",
              legal: tuple[str, ...] | None = None, bids: tuple[tuple[int, str], ...] = ()) -> Any:
    from stytvolt.sjavs import Action, HandState, TrickRecord, legal_plays, parse_action

    base = HandState.deal(1, players=players).observation(seat)
    cards = _cards(hand)
    if legal is None:
        acts = tuple(Action("play", cards=(c,)) for c in legal_plays(cards, _cards(current), trump))
    else:
        acts = tuple(parse_action(t) for t in legal)
    return replace(base, phase=phase, to_move=seat, hand=cards, face_up=(), declarer=declarer,
                   trump=Suit.parse(trump) if trump else None, current=_cards(current), bids=bids,
                   tricks=tuple(TrickRecord(lead, _cards(p), win, None)  # type: ignore[arg-type]
                                for lead, p, win in tricks),
                   legal=acts)


def klor_obs(hand: str, current: str = "", *, seat: int = 0, declarer: int | None = 0, variant: str = "klorsjavs",
             trump: str | None = None, bid: str | None = None, tricks: tuple[tuple[int, str, int], ...] = (),
             phase: str = "play", legal: tuple[str, ...] | None = None) -> Any:
    from stytvolt.klorsjavs import Action, HandState, legal_plays, parse_action

    base = HandState.deal(1, variant=variant).observation(seat)
    cards = _cards(hand)
    suit = Suit.parse(trump) if trump else None
    if legal is None:
        acts = tuple(Action("card", cards=(c,)) for c in legal_plays(cards, _cards(current), suit))
    else:
        acts = tuple(parse_action(t) for t in legal)
    return replace(base, phase=phase, to_move=seat, hand=cards, declarer=declarer, trump=suit, bid=bid,
                   current=_cards(current), tricks=tuple((lead, _cards(p), win) for lead, p, win in tricks),
                   laid_away=(), legal=acts)


def vira_obs(hand: str, current: str = "", *, seat: int = 0, soloist: int = 0, leader: int = 0,
             contract: str | None = "Draw 7", trump: str | None = "H", misere: bool = False,
             won: tuple[int, int, int] = (0, 0, 0), legal: tuple[str, ...] | None = None, high: str | None = None,
             step_discards: int = 0) -> Any:
    from stytvolt.vira import HandState, parse_action
    from stytvolt.vira.play import allowed

    base = HandState.deal(1).observation(seat)
    cards = _cards(hand)
    if legal is None:
        led = _cards(current)[0] if current else None
        acts = tuple(parse_action(f"card {c}") for c in allowed(cards, led))
    else:
        acts = tuple(parse_action(t) for t in legal)
    return replace(base, active=(0, 1, 2), preference=Suit.HEARTS, colour=Suit.DIAMONDS, to_move=seat, hand=cards,
                   discards=(), soloist=soloist, contract=contract, bid=contract, high=high,
                   trump=Suit.parse(trump) if trump else None, misere=misere, leader=leader,
                   current=_cards(current), tricks=(), won=won, trick_count=13, legal=acts, open_hands=(),
                   step_discards=step_discards)


# Each case: (game, observation, the action's text, the expected key).  Hearts are trumps in Sjavs and Vira unless
# said; in four-player Sjavs seat 0's partner is seat 2; in Klørsjavs and Vira seat 0 is the declarer (soloist) and
# seats 1 and 2 play together.
CASES: list[tuple[str, Any, str, str]] = [
    # Sjavs: the bidding, the trump, the exchange.
    ("sjavs", sjavs_obs("CQ SJ HA HK HT H8 S7 D7", phase="bidding", trump="", legal=("pass", "bid 6")),
     "bid 6", "bid-length"),  # hearts: ♣Q ♠J and four hearts make six
    ("sjavs", sjavs_obs("CQ SJ CA CK CT C8 S7 D7", phase="bidding", trump="", legal=("pass", "bid 6", "bid 6 clubs")),
     "bid 6 clubs", "clubs-bonus"),
    ("sjavs", sjavs_obs("CQ SJ HA HK D8 S7 D7 C9", phase="bidding", trump="", legal=("pass",)), "pass", "pass"),
    ("sjavs", sjavs_obs("CQ SJ HA HK HT H8 S7 D7", phase="trump", legal=("trump H",), bids=((1, "6"),)),
     "trump H", "name-trump"),
    ("sjavs", sjavs_obs("CQ SJ HA HK HT H8 S7 D7 ST CT", players=3, phase="exchange", legal=("exchange ST CT",)),
     "exchange ST CT", "lay-away"),  # 20 card points laid away count for the soloist
    ("sjavs", sjavs_obs("CQ SJ HA HK HT H8 S7 D7 ST CT", players=3, phase="exchange", legal=("exchange",)),
     "exchange", "keep-talon"),
    # Sjavs: leads (seat 0 leads).
    ("sjavs", sjavs_obs("CQ HA H7 SA S7 D8 C9 CA"), "play CQ", "draw-trumps"),  # ♣Q: the top trump, trumps still out
    ("sjavs", sjavs_obs("HA H7 SA S7 D8 C9 CA DK"), "play SA", "cash"),  # ♠A: no higher spade out (trumps are)
    ("sjavs", sjavs_obs("S7 HJ HA DA DK CA C9 C8"), "play S7", "short-suit"),  # the one spade, trumps held
    ("sjavs", sjavs_obs("SK S7 D7 D8 C7 C8 DA CA"), "play S7", "lead-low"),  # no trumps; ♠A ♠10… higher still out
    ("sjavs", sjavs_obs("SK D7 D8 C7 C8 DA CA D9"), "play SK", "play-high"),  # a lone king, ♠A still out
    # Sjavs: following (the trick led by the seat to the right of whoever plays the first card shown).
    ("sjavs", sjavs_obs("ST D7", "S7 SA S8", declarer=1), "play ST", "smear"),  # partner's ♠A, last to play
    ("sjavs", sjavs_obs("S9 D7", "S7 SA S8", declarer=1), "play S9", "partner-low"),  # no points to give
    ("sjavs", sjavs_obs("SA S9 D7", "S7 SK S8", declarer=1), "play SA", "overtake"),  # over the partner's ♠K
    ("sjavs", sjavs_obs("SA SK D7", "S9"), "play SK", "win-cheap"),  # ♠K beats ♠9 and is cheaper than ♠A
    ("sjavs", sjavs_obs("CQ H9 D7", "H7"), "play CQ", "win-sure"),  # the top trump cannot be beaten
    ("sjavs", sjavs_obs("DA DK", "D9 D8 D7"), "play DA", "bank-points"),  # last: ♦A wins, as would ♦K
    ("sjavs", sjavs_obs("H7 HA D7", "SA"), "play H7", "ruff"),  # no spades: the lowest trump
    ("sjavs", sjavs_obs("H9 D7", "SA H7", declarer=1), "play H9", "overruff"),  # partner's ♠A was trumped by ♥7
    ("sjavs", sjavs_obs("SA S7 D7", "S9"), "play S7", "duck"),  # ♠A would have won
    ("sjavs", sjavs_obs("H7 D7 C8", "S7 S8 S9", declarer=1), "play D7", "not-worth"),  # no points in the trick
    ("sjavs", sjavs_obs("D7 C8 DA CK CA", "SA"), "play D7", "discard"),  # no spades, no trumps
    ("sjavs", sjavs_obs("D7 D8 CK C7", "SA"), "play D7", "keep-guard"),  # ♣7 guards ♣K against ♣A
    ("sjavs", sjavs_obs("S7 ST D7", "SA"), "play S7", "cannot-win"),
    # the announcers' tricks hold 50; ♦A wins the last seat's trick with 11 more: past 61
    ("sjavs", sjavs_obs("DA C7", "D9 D8 D7", tricks=((0, "CA CT SK S8", 0), (0, "SA ST HK S9", 2))), "play DA",
     "count-points"),
    # the announcers (seats 1 and 3) won both tricks so far: ♣Q, the top trump, takes one for the opponents
    ("sjavs", sjavs_obs("CQ D7", "S9", declarer=1, tricks=((1, "C7 C8 C9 CA", 1), (1, "D8 D9 DT DA", 3))),
     "play CQ", "save-vol"),
    ("sjavs", sjavs_obs("CQ D7", "S9", declarer=0, tricks=((1, "C7 C8 C9 CA", 1), (1, "D8 D9 DT DA", 3))),
     "play CQ", "first-trick"),
    # Klørsjavs: before the play.
    ("klorsjavs", klor_obs("CQ SJ CA C5 HA D5", phase="bidding", declarer=None, legal=("pass", "play")), "play",
     "say-play"),
    ("klorsjavs", klor_obs("C5 HK H5 DQ D5 S5", phase="bidding", declarer=None, legal=("pass", "play")), "pass",
     "pass"),
    ("klorsjavs", klor_obs("HA HK HJ H5 HQ SA", phase="bidding", declarer=None, variant="auction",
                           legal=("pass", "bid spil", "bid stryger")), "bid stryger", "auction-bid"),
    ("klorsjavs", klor_obs("HA HK HJ H5 HQ SA", phase="trump", variant="auction", legal=("trump H",)), "trump H",
     "name-trump"),
    ("klorsjavs", klor_obs("CQ SJ CA C5 DK D5", phase="cat", legal=("stroke", "swipe DK D5")), "swipe DK D5", "swipe"),
    ("klorsjavs", klor_obs("CQ SJ CA C5 DK D5", phase="cat", legal=("stroke", "swipe DK D5")), "stroke", "stroke"),
    ("klorsjavs", klor_obs("C5 HK H5 DQ D5 S5", legal=("card C5", "fold")), "fold", "fold"),
    # Klørsjavs: the play (seat 0 declares; seats 1 and 2 are the opponents).
    ("klorsjavs", klor_obs("CQ SJ HA H5 DA D5"), "card CQ", "draw-trumps"),
    ("klorsjavs", klor_obs("HA H5 DA D5 SA S5"), "card HA", "cash"),
    ("klorsjavs", klor_obs("S5 CJ HA HK H5 DK"), "card S5", "short-suit"),
    ("klorsjavs", klor_obs("HK H5 DA D5 SA S5"), "card H5", "lead-low"),
    ("klorsjavs", klor_obs("HK DA D5 SA S5 DK"), "card HK", "play-high"),
    ("klorsjavs", klor_obs("HK S5", "HA H5", seat=1), "card HK", "smear"),  # seat 2 led ♥A, the declarer ♥5
    ("klorsjavs", klor_obs("DJ HA", "SQ C5", seat=1), "card DJ", "partner-low"),  # ♠Q leads trumps for seat 2
    ("klorsjavs", klor_obs("HA HQ", "HK H5", seat=1), "card HA", "overtake"),
    ("klorsjavs", klor_obs("HA HK SA", "H5"), "card HK", "win-cheap"),  # seat 2 led; the declarer second
    ("klorsjavs", klor_obs("CQ HA", "C5"), "card CQ", "win-sure"),
    ("klorsjavs", klor_obs("DA DK", "D5 DQ"), "card DA", "bank-points"),  # last: ♦K would win too
    ("klorsjavs", klor_obs("C5 CA SA", "HA"), "card C5", "ruff"),
    ("klorsjavs", klor_obs("CK SA", "H5 C5"), "card CK", "overruff"),
    ("klorsjavs", klor_obs("HA H5 SA", "HK"), "card H5", "duck"),
    ("klorsjavs", klor_obs("C5 DQ", "HQ HK"), "card DQ", "not-worth"),  # with ♦Q the trick holds 10
    ("klorsjavs", klor_obs("DQ SA", "HQ HK"), "card DQ", "discard"),
    ("klorsjavs", klor_obs("DQ SK S5", "HQ HK"), "card DQ", "keep-guard"),
    ("klorsjavs", klor_obs("HK HQ", "HA H5"), "card HQ", "cannot-win"),
    ("klorsjavs", klor_obs("HA S5", "H5 HQ", tricks=((0, "SA SK SQ", 0), (0, "DA DK D5", 0))), "card HA",
     "count-points"),  # the declarer's tricks hold 43; this one 24 more: past 61
    ("klorsjavs", klor_obs("CQ HA", "C5", seat=1, tricks=((0, "SA SK SJ", 0), (0, "DA DK DQ", 0))), "card CQ",
     "first-trick"),
    # Vira: before the play (seat 0; hearts are preference).
    ("vira", vira_obs("SA SK SQ SJ S9 S8 HA DA C5 C4 C3 D2 D3", contract=None, trump=None,
                      legal=("bid Beg", "bid Draw 7", "bid Draw 8")), "bid Draw 8", "bid-tricks"),
    ("vira", vira_obs("S2 H3 H4 D2 C2 C3 C4 S3 S4 D3 D4 H2 H5", contract=None, trump=None,
                      legal=("pass", "bid Misère 2")), "bid Misère 2", "bid-misere"),
    ("vira", vira_obs("SA SK SQ SJ S9 S8 HA DA C5 C4 C3 D2 D3", contract=None, trump=None, high="Draw 7",
                      legal=("pass", "hold", "bid Draw 8")), "hold", "hold"),
    ("vira", vira_obs("S2 S3 S4 H5 H6 H7 D8 D9 C2 C3 C4 C5 C6", contract=None, trump=None, high="Draw 7",
                      legal=("pass", "bid Draw 8")), "pass", "pass"),
    ("vira", vira_obs("HA HK HQ H9 H5 SA S2 D3 D4 C5 C6 C7 C8", trump=None, legal=("trump H", "trump S")),
     "trump H", "name-trump"),
    ("vira", vira_obs("S2 H3 D2 D4 C2 C3 C4 S3 S4 D3 H4 H2 H5", contract="Gask 2", trump=None,
                      legal=("trump H", "misère")), "misère", "gask-misere"),
    ("vira", vira_obs("HA HK HQ H9 H5 SA S2 D3 D4 C5 C6 C7 C3", legal=("discard C3",)), "discard C3", "lay-away"),
    ("vira", vira_obs("HA HK HQ H9 H5 SA S2 D3 D4 C5 C6 C7 C3", seat=1, legal=("discard C3", "keep")),
     "discard C3", "exchange"),
    ("vira", vira_obs("HA HK HQ H9 H5 SA S2 D3 D4 C5 C6 C7 C3", legal=("play", "surrender")), "play", "play-on"),
    ("vira", vira_obs("HA HK HQ H9 H5 SA S2 D3 D4 C5 C6 C7 C3", legal=("play", "surrender")), "surrender",
     "surrender"),
    ("vira", vira_obs("HA HK HQ H9 H5 SA S2 D3 D4 C5 C6 C7 C3", legal=("play", "surrender", "retry")), "retry",
     "second-try"),
    # Vira: a trump contract's play (seat 0 is the soloist of Draw 7, hearts trumps).
    ("vira", vira_obs("HA H7 SA S7 D8 C9 CA"), "card HA", "draw-trumps"),
    ("vira", vira_obs("H7 SA S7 D8 C9 CA"), "card SA", "cash"),
    ("vira", vira_obs("D3 HA HK SA S5 S4 C5 C4"), "card D3", "short-suit"),
    ("vira", vira_obs("SK S4 C5 C4 D5 D4"), "card S4", "lead-low"),
    ("vira", vira_obs("SK C5 C4 D5 D4 C3"), "card SK", "play-high"),
    ("vira", vira_obs("S2 D4", "SA S5", seat=1, leader=2), "card S2", "partner-low"),
    ("vira", vira_obs("SA S2", "SK S5", seat=1, leader=2), "card SA", "overtake"),
    ("vira", vira_obs("SA SK D2", "S5", leader=2), "card SK", "win-cheap"),
    ("vira", vira_obs("HA H2 D2", "H5", leader=2), "card HA", "win-sure"),
    ("vira", vira_obs("H2 H9 D2", "SA", leader=2), "card H2", "ruff"),
    ("vira", vira_obs("H9 D2", "SA H5", seat=1, leader=2), "card H9", "overruff"),
    ("vira", vira_obs("SA S2 D2", "SK", leader=2), "card S2", "duck"),
    ("vira", vira_obs("H2 C3", "SA", leader=2), "card C3", "not-worth"),
    ("vira", vira_obs("C3 D4 D5 D6", "SA", leader=2), "card C3", "discard"),
    ("vira", vira_obs("C3 DK D4", "SA", leader=2), "card C3", "keep-guard"),
    ("vira", vira_obs("S2 S3 D2", "SA", leader=2), "card S2", "cannot-win"),
    ("vira", vira_obs("HA H2 S2 D2 C2 C3", won=(6, 0, 0)), "card HA", "make-contract"),  # the seventh trick
    ("vira", vira_obs("HA S2 D2 C2 C3 C4", seat=1, leader=1, won=(0, 3, 3)), "card HA", "defeat-contract"),
    ("vira", vira_obs("S2 CA CQ D3"), "card S2", "endplay"),  # ♣A ♣Q over ♣K
    # Vira: a misère (seat 0 plays Misère 2, no trumps).
    ("vira", vira_obs("S2 S9 H5 D7 C8 CK", contract="Misère 2", trump=None), "card S2", "misere-lead"),
    ("vira", vira_obs("S8 S3 SK H2", "S9", contract="Misère 2", trump=None, leader=2), "card S8", "misere-under"),
    ("vira", vira_obs("HK H2 D3", "S9", contract="Misère 2", trump=None, leader=2), "card HK", "misere-shed"),
    ("vira", vira_obs("S8 H2", "S9", contract="Misère 2", trump=None, leader=2), "card S8", "last-trick"),
    ("vira", vira_obs("S5 S9", "S3", contract="Misère 2", trump=None, leader=2), "card S5", "misere-forced"),
    ("vira", vira_obs("S2 SK H5", contract="Misère 2", trump=None, seat=1, leader=1), "card S2", "misere-defend"),
    ("vira", vira_obs("S3 SK H5", "S9", contract="Misère 2", trump=None, seat=1, leader=0), "card S3",
     "misere-defend"),  # stays under the soloist's ♠9
    ("vira", vira_obs("SK S3 H5", "S5 S9", contract="Misère 2", trump=None, seat=2, leader=0), "card SK",
     "misere-unblock"),
]


@pytest.mark.parametrize("game,obs,action,key", CASES, ids=[f"{c[0]}-{c[3]}-{i}" for i, c in enumerate(CASES)])
def test_idea_on_a_hand_built_position(game: str, obs: Any, action: str, key: str) -> None:
    part = _coach(game)
    act = stytvolt.game(game).parse_action(action)
    found = part.idea(obs, act)
    assert found is not None and found[0] == key, found
    # the sentence names no card but the action's and those the position shows
    shown = set(seen_words(obs)) | {action_words(act)}
    assert set(CARD_WORD.findall(found[1])) <= shown, found[1]


class _Shown:
    """A position as :func:`~stytvolt.analysis.coach.seen_cards` reads it: only its seat's observation."""

    def __init__(self, obs: Any) -> None:
        self.obs = obs

    def observation(self, seat: int) -> Any:
        return self.obs


def seen_words(obs: Any) -> set[str]:
    return seen_cards(_Shown(obs), obs.player)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_every_idea_has_a_hand_built_position(game: str) -> None:
    listed = [i.key for i in ideas(game)]
    assert len(listed) == len(set(listed))
    assert {c[3] for c in CASES if c[0] == game} == set(listed)
    for item in ideas(game):
        assert item.name and item.example.endswith(".")


# -- seeded self-play ----------------------------------------------------------------------------------------------

SETUPS: dict[str, list[dict[str, Any]]] = {
    "sjavs": [dict(players=4), dict(players=3), dict(players=2)],
    "klorsjavs": [dict(variant="klorsjavs"), dict(variant="four-hand"), dict(variant="auction")],
    "vira": [dict(players=3), dict(players=4)],
}


@pytest.mark.parametrize("game", GAMES)
def test_ideas_over_self_play(game: str) -> None:
    """At least 1,000 moves of beginners' self-play: idea() never raises, gives a key the game lists, and names only
    the action's card and cards the seat may know; the share of moves with an idea is printed, not asserted."""
    info = stytvolt.game(game)
    part = _coach(game)
    keys = {i.key for i in part.IDEAS}
    moves = found = 0
    slowest = 0.0
    seed = 0
    while moves < 1000:
        for setup in SETUPS[game]:
            state = info.new(seed, **setup)
            bots = [player(game, "beginner", seed * 7 + s) for s in range(state.num_players)]
            while not state.is_terminal():
                seat = state.current_player()
                obs = state.observation(seat)
                action = bots[seat].choose(obs)
                start = time.perf_counter()
                said = part.idea(obs, action)
                slowest = max(slowest, time.perf_counter() - start)
                moves += 1
                if said is not None:
                    found += 1
                    key, sentence = said
                    assert key in keys, said
                    known = seen_cards(state, seat) | {action_words(action)}
                    assert set(CARD_WORD.findall(sentence)) <= known, (str(action), sentence)
                state.apply(action)
        seed += 1
    print(f"\n{game}: {found} of {moves} moves given an idea ({found / moves:.1%}); slowest {slowest * 1000:.2f} ms")


# -- through the coach -------------------------------------------------------------------------------------------


def _positions(game: str, setup: dict[str, Any], seed: int, count: int) -> list[tuple[Any, int, Any]]:
    """A few positions of a seeded hand where the seat to move has a choice of card: (state, seat, the beginner's
    action)."""
    info = stytvolt.game(game)
    state = info.new(seed, **setup)
    bots = [player(game, "beginner", s) for s in range(state.num_players)]
    out: list[tuple[Any, int, Any]] = []
    while not state.is_terminal() and len(out) < count:
        seat = state.current_player()
        action = bots[seat].choose(state.observation(seat))
        if len(state.legal_actions()) > 1 and state.observation(seat).current:
            out.append((state.clone(), seat, action))
        state.apply(action)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_hint_and_why_start_with_the_idea(game: str) -> None:
    part = _coach(game)
    for n, (state, seat, action) in enumerate(_positions(game, SETUPS[game][0], 5, 3)):
        obs = state.observation(seat)
        told = why(state, seat, action, level="beginner")
        key, sentence = part.idea(obs, action)
        assert told.idea == key and told.reason.startswith(sentence)
        if n == 0:
            given = hint(state, seat)
            chosen = stytvolt.game(game).parse_action(given.action)
            key, sentence = part.idea(obs, chosen)
            assert given.idea == key and given.reason.startswith(sentence)
