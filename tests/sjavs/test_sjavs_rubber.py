"""Whole rubbers of Sjavs: stacked hands walked one by one with the sheet worked out by hand from the
game-point table, the tie carry, double victory, three players passing 0 together, JSON, Undo, and
random rubbers for four, three and two players."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import InvalidPosition
from stytvolt.core.match import Match, SheetLine, hand_seed
from stytvolt.core.players import RandomBot
from stytvolt.sjavs import PACK, HandState, Rubber, RubberOver, Rules, parse_action

# -- stacked hands ---------------------------------------------------------------------------------
#
# Each design lists the hands by their place from the dealer: R0 is on the dealer's left (bids and
# leads first), the dealer is last.  The deck is cut and dealt in packets of 4 (docs/sjavs/bidding.md),
# so the same design deals the same way whoever deals.

# 60-60.  R0 bids 5 and names hearts.  R0 leads ♣Q ♠Q ♣J ♠J and wins each (the four top trumps); the
# others follow with all eight of their trumps (♥J ♥K ♥9 / ♥Q ♥10 / ♦J ♥8 ♥7) and then discard; R0's
# ♥A takes the fifth trick with nothing left to beat it.  Those five tricks hold
#   R0's ♣Q ♠Q ♣J ♠J ♥A = 3+3+2+2+11 = 21,  the others' trumps ♥J ♥K ♥Q ♥10 ♦J = 2+4+3+10+2 = 21
#   (the 9, 8, 7 are worth 0),  the discards ♠9 ♠8 ♣9 ♣8 ♦Q ♦A ♦K = 3+11+4 = 18:  60 for R0 and R2.
# R1 takes the last three: ♠7 ♠A ♠10 ♠K (25), ♣A ♣10 ♣K ♣7 (25), ♦10 ♦9 ♦8 ♦7 (10) = 60.
TIE = ("CQ SQ CJ SJ HA S7 C7 D7", "HJ HK H9 SA CA DT S9 S8", "HQ HT ST CT D9 C9 C8 DQ", "DJ H8 H7 SK CK D8 DA DK")
TIE_PLAY = ("bid 5", "pass", "pass", "pass", "trump H",
            "CQ HJ HQ DJ", "SQ HK HT H8", "CJ H9 C9 H7", "SJ S9 C8 DA",
            "HA S8 DQ DK", "S7 SA ST SK", "CA CT CK C7", "DT D9 D8 D7")

# R0 holds the eight best hearts-trumps and leads them all: one announcer wins every trick alone,
# 16 (hearts).  With the eight best clubs-trumps and a bid in clubs: 24.
VOL_ALONE = ("CQ SQ CJ SJ HJ DJ HA HK", "SA SK ST S9 S8 S7 HQ HT", "CA CK CT C9 C8 C7 H9 H8", "DA DK DQ DT D9 D8 D7 H7")
VOL_ALONE_PLAY = ("bid 8", "pass", "pass", "pass", "trump H", "lead CQ SQ CJ SJ HJ DJ HA HK")
CLUBS_ALONE = ("CQ SQ CJ SJ HJ DJ CA CK", "SA SK ST S9 S8 S7 CT C9", "HA HK HQ HT H9 H8 H7 C8", "DA DK DQ DT D9 D8 D7 C7")
CLUBS_ALONE_PLAY = ("bid 8 clubs", "pass", "pass", "pass", "trump C", "lead CQ SQ CJ SJ HJ DJ CA CK")

# R0 passes with the six permanent trumps and ♥A ♥K; R1 bids 5 with five spades and names spades.
# R0 leads the permanent trumps (R1 must follow with its spades and runs out after five), then ♥A ♥K,
# which nobody can trump.  R0 wins all eight: the announcers won no trick, the opponents score 16.
NO_TRICK = ("CQ SQ CJ SJ HJ DJ HA HK", "SA SK ST S9 S8 CA CK CT", "S7 HQ HT H9 H8 H7 C9 C8", "C7 DA DK DQ DT D9 D8 D7")
NO_TRICK_PLAY = ("pass", "bid 5", "pass", "pass", "trump S", "lead CQ SQ CJ SJ HJ DJ HA HK")

PASSED_PLAY = ("pass", "pass", "pass", "pass")


def deck4(design: tuple[str, str, str, str]) -> str:
    """The deck (top first) that deals ``design[k]`` to the k-th player from the dealer's left."""
    hands = [h.split() for h in design]
    return " ".join([c for k in range(4) for c in hands[k][0:4]] + [c for k in range(4) for c in hands[k][4:8]])


# Three players (dealt 3, 1 to the talon, 4, 1 to the talon, 3: ruling R40).  R0 holds the ten best
# hearts-trumps.  In NO_TRICK3 R0 passes, R1 bids 5 in spades and keeps its cards; R0 leads its ten
# cards and wins every trick (R1's five spades are gone after five trump leads and it holds no heart):
# the soloist won no trick, each opponent scores 16.  In NO_TRICK3_R2 the same with R2 as the soloist.
# In VOL3 R0 bids 10 and wins every trick: vol, 12 (ruling R39).
TOP3 = "CQ SQ CJ SJ HJ DJ HA HK HQ HT"
SPADES3 = "SA SK ST S9 S8 CA CK CT C9 C8"
REST3 = "S7 H9 H8 H7 C7 DA DK DQ DT D9"
TALON3 = "D8 D7"
LEADS3 = "lead CQ SQ CJ SJ HJ DJ HA HK HQ HT"
NO_TRICK3 = ((TOP3, SPADES3, REST3), ("pass", "bid 5", "pass", "trump S", "exchange", LEADS3))
NO_TRICK3_R2 = ((TOP3, REST3, SPADES3), ("pass", "pass", "bid 5", "trump S", "exchange", LEADS3))
VOL3 = ((TOP3, SPADES3, REST3), ("bid 10", "pass", "pass", "trump H", "exchange", LEADS3))


def deck3(design: tuple[str, str, str]) -> str:
    h = [x.split() for x in design]
    t = TALON3.split()
    parts = [*(h[k][0:3] for k in range(3)), t[:1], *(h[k][3:7] for k in range(3)), t[1:], *(h[k][7:10] for k in range(3))]
    return " ".join(c for part in parts for c in part)


class StackedRubber(Rubber):
    """A rubber whose hands are dealt from the decks given, in order (the seed is not used)."""

    def __init__(self, decks: list[str], **options: object) -> None:
        super().__init__(0, **options)  # type: ignore[arg-type]
        self.decks = decks

    def _deal_hand(self, index: int, dealer: int) -> HandState:
        return HandState(self.decks[index], players=self.players, dealer=dealer, rules=self.rules)


def play(hand: HandState, script: tuple[str, ...]) -> None:
    """Apply a script: bids and trumps as actions, a trick as its cards in play order, and
    ``lead …``: the named player leads these cards one by one and the others play their first legal card."""
    for step in script:
        words = step.split()
        if words[0] == "lead":
            for card in words[1:]:
                hand.apply(parse_action(f"play {card}"))
                for _ in range(hand.players - 1):
                    hand.apply(hand.legal_actions()[0])
        elif len(words[0]) == 2:  # a trick's cards
            for card in words:
                hand.apply(parse_action(f"play {card}"))
        else:
            hand.apply(parse_action(step))
    assert hand.is_terminal()


def walk(rubber: Rubber, scripts: list[tuple[str, ...]]) -> None:
    for script in scripts:
        play(rubber.deal(), script)


def test_the_stacked_designs_deal_what_they_say() -> None:
    for design in (TIE, VOL_ALONE, CLUBS_ALONE, NO_TRICK):
        assert Counter(deck4(design).split()) == Counter(str(c) for c in PACK)
        for dealer in range(4):
            hand = HandState(deck4(design), dealer=dealer)
            for k in range(4):
                assert sorted(map(str, hand.hands[(dealer + 1 + k) % 4])) == sorted(design[k].split())
    for design, _ in (NO_TRICK3, NO_TRICK3_R2):
        hand = HandState(deck3(design), players=3, dealer=1)
        assert sorted(map(str, hand.hands[2])) == sorted(design[0].split())
        assert sorted(map(str, hand.talon)) == sorted(TALON3.split())


def test_the_tie_design_is_60_60() -> None:
    hand = HandState(deck4(TIE), dealer=3)
    play(hand, TIE_PLAY)
    result = hand.result()
    assert result is not None and result.band == "60-60" and result.scorer is None
    assert [t.winner for t in hand.tricks] == [0, 0, 0, 0, 0, 1, 1, 1]


def test_a_short_rubber_hand_by_hand() -> None:
    """Worked from the table (docs/sjavs/scoring.md), first dealer 0, team A = seats 0 and 2:

    hand 1, dealer 0: everyone passes; the same dealer deals again, nothing is written.
    hand 2, dealer 0: 60-60 (seat 1 announced); nobody scores, 2 carried.          24 24
    hand 3, dealer 1: 60-60 again (seat 2 announced); 4 carried.                   24 24
    hand 4, dealer 2: everyone passes; the carried 4 wait (R56).
    hand 5, dealer 2: seat 0 (R1) announces and wins no trick: team B scores 16 + 4 = 20.  24  4
    hand 6, dealer 3: seat 0 (R0) wins every trick alone in hearts: team A scores 16.      8  4
    hand 7, dealer 0: seat 1 wins every trick alone in hearts: team B scores 16, 4 - 16 = -12:
            team B win; team A scored, so it is no double victory.                8 -12
    """
    rubber = StackedRubber([deck4(d) for d in (TIE, TIE, TIE, TIE, NO_TRICK, VOL_ALONE, VOL_ALONE)])
    assert isinstance(rubber, Match)
    steps = [
        (PASSED_PLAY, 0, (24, 24), 0),
        (TIE_PLAY, 0, (24, 24), 2),
        (TIE_PLAY, 1, (24, 24), 4),
        (PASSED_PLAY, 2, (24, 24), 4),
        (NO_TRICK_PLAY, 2, (24, 4), 0),
        (VOL_ALONE_PLAY, 3, (8, 4), 0),
        (VOL_ALONE_PLAY, 0, (8, -12), 0),
    ]
    for i, (script, dealer, totals, carried) in enumerate(steps):
        assert not rubber.over and rubber.outcome() == ()
        assert rubber.dealer_of(i) == dealer
        hand = rubber.deal()
        assert hand.dealer == dealer and rubber.current is hand
        play(hand, script)
        assert rubber.current is None
        assert rubber.sheet.totals == totals and rubber.sheet.carried == carried
    assert [(line.hand, line.totals) for line in rubber.sheet_lines()] == [
        (0, (24, 24)), (2, (24, 24)), (3, (24, 24)), (5, (24, 4)), (6, (8, 4)), (7, (8, -12))]
    assert rubber.sheet_columns() == ((0, 2), (1, 3))
    lines = rubber.sheet_lines()
    assert [r.code for r in lines[1].note] == ["sheet-declarer", "band-60-60", "sheet-tie"]
    assert lines[3].note[-1].render(teams=["We", "They"]) == "They score 16 and the 4 carried: down from 24 to 4."
    assert lines[4].note[0].render(["S", "W", "N", "E"]) == "S was the announcer, with hearts trumps."
    assert rubber.over
    assert [r.render(teams=["We", "They"]) for r in rubber.outcome()] == [
        "They went down to -12 and win the rubber.", "We end at 8."]
    before = rubber.to_json()
    with pytest.raises(RubberOver, match="over"):
        rubber.deal()
    assert rubber.to_json() == before


def test_a_double_victory_in_one_hand() -> None:
    # Dealer 0: seat 1 bids 8 in clubs and wins every trick alone: 24, so team B is at 0 at once and
    # team A never scored.
    rubber = StackedRubber([deck4(CLUBS_ALONE)])
    walk(rubber, [CLUBS_ALONE_PLAY])
    assert rubber.sheet.totals == (24, 0) and rubber.over
    assert [r.code for r in rubber.outcome()] == ["rubber-won", "double-victory"]
    assert rubber.outcome()[1].render(teams=["We", "They"]) == "A double victory: We never scored and are still at 24."


def shared_three_player_rubber() -> Rubber:
    """Three players, first dealer 0, worked by hand:

    hand 1, dealer 0: seat 2 (R1) is the soloist and wins no trick: seats 0 and 1 each score 16. 8  8 24
    hand 2, dealer 1: seat 2 (R0) wins all ten tricks: vol, 12.                               8  8 12
    hand 3, dealer 2: seat 2 (R2) is the soloist and wins no trick: seats 0 and 1 score 16.  -8 -8 12
    Seats 0 and 1 pass 0 together and level: they share the rubber (R55).
    """
    rubber = StackedRubber([deck3(NO_TRICK3[0]), deck3(VOL3[0]), deck3(NO_TRICK3_R2[0])], players=3)
    walk(rubber, [NO_TRICK3[1], VOL3[1], NO_TRICK3_R2[1]])
    return rubber


def test_three_players_and_the_shared_rubber() -> None:
    rubber = shared_three_player_rubber()
    assert [line.totals for line in rubber.sheet_lines()] == [(24, 24, 24), (8, 8, 24), (8, 8, 12), (-8, -8, 12)]
    assert rubber.sheet_columns() == ((0,), (1,), (2,))
    assert [h.dealer for h in rubber.hands] == [0, 1, 2]
    assert rubber.sheet_lines()[1].note[-1].render(["Ann", "Bo", "Cy"]) == \
        "Ann and Bo each score 16: Ann down to 8, Bo down to 8."
    assert rubber.over and rubber.sheet.winner is None
    assert [r.render(["Ann", "Bo", "Cy"]) for r in rubber.outcome()] == [
        "Ann and Bo both reached -8 in the same hand and share the rubber.", "Cy ends at 12."]


def test_the_carry_survives_a_passed_hand() -> None:
    rubber = StackedRubber([deck4(TIE), deck4(TIE), deck4(NO_TRICK)])
    walk(rubber, [TIE_PLAY, PASSED_PLAY])
    assert rubber.sheet.carried == 2 and len(rubber.sheet_lines()) == 2  # the passed hand writes no line
    assert rubber.dealer_of(2) == 1  # hand 2 was passed by dealer 1, who deals again
    walk(rubber, [NO_TRICK_PLAY])  # dealer 1: seat 3 (R1) announces and wins nothing: team A 16 + 2
    assert rubber.sheet.totals == (6, 24)


# -- dealing, seeds, Undo ----------------------------------------------------------------------------


def test_each_hand_is_dealt_from_the_seed_and_its_number() -> None:
    rubber = Rubber(11)
    first = rubber.deal()
    assert first.deck == HandState.deal(hand_seed("sjavs-rubber", 11, 0), 0).deck
    with pytest.raises(InvalidPosition, match="still being played"):
        rubber.deal()
    with pytest.raises(InvalidPosition, match="still being played"):
        rubber.dealer_of(1)
    play(first, PASSED_PLAY)
    second = rubber.deal()
    assert second.dealer == 0 and second.deck == HandState.deal(hand_seed("sjavs-rubber", 11, 1), 0).deck
    assert second.deck != first.deck
    assert hand_seed("sjavs-rubber", 7, 0) == 15292784359139141482  # the same on every Python


def test_undo_to_cuts_back_and_refuses_bad_numbers_without_changing_anything() -> None:
    rubber = StackedRubber([deck4(TIE), deck4(NO_TRICK), deck4(VOL_ALONE)])
    walk(rubber, [TIE_PLAY, NO_TRICK_PLAY])
    # Hand 2, dealer 1: seat 2 (R0) holds the trumps and passes, seat 3 (R1) announces and wins
    # nothing, so team A scores 16 and the 2 carried from the tie: 24 - 18 = 6.
    assert rubber.sheet.totals == (6, 24)
    before = rubber.to_json()
    for hand, actions in ((2, 0), (-1, 0), (0, 99), (1, -1), (True, 0), (0, "1")):
        with pytest.raises(InvalidPosition):
            rubber.undo_to(hand, actions)  # type: ignore[arg-type]
        assert rubber.to_json() == before
    rubber.undo_to(1, 5)  # the second hand, bids and trump only
    assert len(rubber.hands) == 2 and rubber.current is rubber.hands[1]
    assert [line.totals for line in rubber.sheet_lines()] == [(24, 24), (24, 24)]  # the tie alone
    assert rubber.sheet.carried == 2
    rubber.undo_to(0, 36)  # 4 bids, the trump, 31 of the 32 cards
    assert len(rubber.hands) == 1 and rubber.current is not None and rubber.sheet.carried == 0
    rubber.current.apply(parse_action("play D7"))  # the tie's last card again
    assert rubber.sheet.carried == 2


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_deal_passes_clockwise_and_stays_after_a_pass(players: int) -> None:
    rubber = Rubber(5, players=players, first_dealer=players - 1)
    bot = RandomBot(3)
    for _ in range(12):
        if rubber.over:
            break
        hand = rubber.deal()
        while not hand.is_terminal():
            hand.apply(bot.choose(hand.observation(hand.current_player())))
    dealers = [h.dealer for h in rubber.hands]
    assert dealers[0] == players - 1
    for before, after in zip(rubber.hands, rubber.hands[1:]):
        assert after.dealer == (before.dealer if before.phase == "passed" else (before.dealer + 1) % players)
    assert len(rubber.sheet_columns()) == (2 if players == 4 else players)


# -- JSON ----------------------------------------------------------------------------------------------


def random_rubber(seed: int, players: int, hands: int | None = None) -> Rubber:
    rubber = Rubber(seed, players=players, first_dealer=seed % players, rules=Rules(clubs_61_89_five=seed % 2 == 1))
    bots = [RandomBot(seed * 10 + p) for p in range(players)]
    while not rubber.over and (hands is None or len(rubber.hands) < hands):
        hand = rubber.deal()
        while not hand.is_terminal():
            seat = hand.current_player()
            hand.apply(bots[seat].choose(hand.observation(seat)))
    return rubber


def test_json_round_trip_mid_hand_and_whole() -> None:
    rubber = random_rubber(4, 4, hands=3)
    hand = rubber.deal()
    for _ in range(9):
        hand.apply(hand.legal_actions()[-1])
    data = rubber.to_json()
    assert set(data) == {"game", "v", "seed", "players", "first_dealer", "rules", "hands"}
    assert data["game"] == "sjavs-rubber" and data["v"] == 1 and len(data["hands"]) == 4
    again = Rubber.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.sheet_lines() == rubber.sheet_lines()
    assert again.current is not None and again.current.to_json() == hand.to_json()
    assert Rubber.from_json(json.dumps(data)).to_json() == data  # the text form too
    whole = random_rubber(9, 3)
    restored = Rubber.from_json(whole.to_json())
    assert restored.over and restored.outcome() == whole.outcome() and restored.sheet.totals == whole.sheet.totals


def _bad_cases() -> list[tuple[object, str]]:
    good = random_rubber(2, 4, hands=2).to_json()
    unfinished = random_rubber(2, 4, hands=2).to_json()
    unfinished["hands"][0] = ["pass"]
    over = random_rubber(3, 4).to_json()
    return [
        ([], "is a JSON object"),
        ("{not json", "is not JSON"),
        ({**good, "game": "sjavs"}, "not a saved sjavs-rubber"),
        ({**good, "v": 2}, "not a saved sjavs-rubber"),
        ({**good, "extra": 1}, "no field 'extra'"),
        ({k: v for k, v in good.items() if k != "seed"}, "lacks the field 'seed'"),
        ({**good, "seed": -1}, "seed must be a whole number"),
        ({**good, "seed": 2**60}, "seed must be a whole number"),
        ({**good, "seed": True}, "seed must be a whole number"),
        ({**good, "players": 5}, "players must be 4, 3 or 2"),
        ({**good, "first_dealer": 4}, "first_dealer must be a seat"),
        ({**good, "rules": {"nonsense": True}}, "'rules'"),
        ({**good, "hands": "pass"}, "'hands' is a list"),
        ({**good, "hands": [good["hands"][0], "pass"]}, "hand 2 is a list"),
        ({**good, "hands": [good["hands"][0], ["pass", 7]]}, "action 2 of hand 2 must be text, not 7"),
        ({**good, "hands": [good["hands"][0], ["pass", "play HA"]]}, "hand 2, action 2"),
        ({**good, "hands": [good["hands"][0] + ["pass"]]}, "hand 1, action"),
        (unfinished, "only the last hand may be unfinished"),
        ({**over, "hands": over["hands"] + [["pass"]]}, "follows the end of the game"),
    ]


def test_bad_json_is_refused_naming_what_is_wrong() -> None:
    for data, message in _bad_cases():
        with pytest.raises(InvalidPosition, match=message):
            Rubber.from_json(data)


# -- random rubbers --------------------------------------------------------------------------------


def _cards_of(hand: HandState) -> Counter[str]:
    """Every card of a finished hand, wherever it ended: the tricks, and with three players the talon
    and the cards laid away; a passed hand's cards are still where they were dealt."""
    if hand.phase == "passed":
        cards = [c for h in hand.hands for c in h] + [c for row in hand.piles for p in row for c in p] + hand.talon
    else:
        cards = [c for t in hand.tricks for c in t.plays]
        if hand.players == 3:
            cards += hand.talon[len(hand.drawn):] + hand.laid_away
    return Counter(map(str, cards))


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**53 - 1), players=st.sampled_from([4, 3, 2]))
def test_random_rubbers_end_and_the_sheet_moves_only_by_the_hand_scores(seed: int, players: int) -> None:
    rubber = random_rubber(seed, players)
    assert rubber.over and len(rubber.hands) < 200
    pack = Counter(str(c) for c in PACK)
    for hand in rubber.hands:
        assert hand.is_terminal() and _cards_of(hand) == pack
    lines: list[SheetLine] = rubber.sheet_lines()
    assert lines[0] == SheetLine(0, (24,) * len(rubber.sheet_columns()), lines[0].note)
    ties = 0
    for before, line in zip(lines, lines[1:]):
        hand = rubber.hands[line.hand - 1]
        result = hand.result()
        assert result is not None and hand.declarer is not None
        moved = {c for c, (a, b) in enumerate(zip(before.totals, line.totals)) if a != b}
        if result.scorer is None:
            assert not moved
            ties += 1
            continue
        side = hand.side_of(hand.declarer)
        expected = {side} if result.scorer == "announcers" else set(range(len(line.totals))) - {side}
        assert moved == expected
        assert all(before.totals[c] - line.totals[c] == result.points + 2 * ties for c in moved)
        ties = 0
    scored = {line.hand for line in lines}
    assert all((h.phase == "passed") == (i + 1 not in scored) for i, h in enumerate(rubber.hands))
    assert min(lines[-1].totals) <= 0 < min(line_min for line_min in (min(x.totals) for x in lines[:-1]))
    assert rubber.outcome() and rubber.outcome()[0].code in ("rubber-won", "rubber-shared")
