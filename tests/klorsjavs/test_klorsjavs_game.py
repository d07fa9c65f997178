"""Whole games of Klørsjavs on the øre sheet, and Auction Klørsjavs sessions: the pages' worked sheets
reproduced, a stacked game walked to a tie for lowest and past it, JSON, Undo, and random games."""

from __future__ import annotations

import json
from collections import Counter
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import InvalidPosition
from stytvolt.core.match import Match, SheetLine, hand_seed
from stytvolt.core.players import RandomBot
from stytvolt.klorsjavs import (
    FOUR_HAND_PACK, PACK, GameOver, HandState, KlorsjavsGame, OreSheet, TariffSheet, auction_score, hand_score,
    parse_action,
)

ANNE, BO, CARL = 0, 1, 2


# -- the sheets, from the pages' examples -----------------------------------------------------------


def test_example_3_a_whole_game_on_the_sheet() -> None:
    """docs/klorsjavs/scoring.md, example 3: each line worked from the table (61-90: 4 each,
    91-119: 8 each, 120: 16 each, 60 or fewer or a fold: the declarer 8)."""
    sheet = OreSheet()
    steps = [
        (lambda: sheet.record(BO, hand_score(62)), (56, 60, 56)),
        (lambda: sheet.record(CARL, hand_score(95)), (48, 52, 56)),
        (lambda: sheet.record_fold(ANNE), (40, 52, 56)),
        (lambda: sheet.record(BO, hand_score(48)), (40, 44, 56)),
        (lambda: sheet.record(CARL, hand_score(120)), (24, 28, 56)),
        (lambda: sheet.record(ANNE, hand_score(75)), (24, 24, 52)),
        (lambda: sheet.record(CARL, hand_score(104)), (16, 16, 52)),
        (lambda: sheet.record(BO, hand_score(120)), (0, 16, 36)),
    ]
    for write, totals in steps:
        assert not sheet.over
        assert write() == totals
    assert sheet.over and sheet.loser == ANNE and not sheet.tie_for_lowest
    with pytest.raises(GameOver, match="over"):
        sheet.record(CARL, hand_score(70))
    assert len(sheet.lines) == 9 and sheet.totals == (0, 16, 36)


def test_example_4_a_tie_for_lowest() -> None:
    sheet = OreSheet(lines=[(30, 12, 12)])
    sheet.record(ANNE, hand_score(120))  # Bo and Carl each −16: both at −4
    assert sheet.totals == (30, -4, -4) and sheet.tie_for_lowest and not sheet.over and sheet.loser is None
    sheet.record(CARL, hand_score(58))  # Carl −8
    assert sheet.totals == (30, -4, -12) and sheet.loser == CARL


def test_four_hand_every_opponent_pays() -> None:
    sheet = OreSheet(players=4)
    assert sheet.record(2, hand_score(90, four_hand=True)) == (52, 52, 60, 52)  # 86-113: 8 each
    assert sheet.record(0, hand_score(57, four_hand=True)) == (44, 52, 60, 52)  # 57 or fewer: the declarer 8


def test_the_auction_sheet_from_the_variants_page() -> None:
    """docs/klorsjavs/variants.md, "The auction score sheet": each opponent pays the declarer the
    tariff (R45), so the declarer moves by twice it and every line adds up to 0."""
    sheet = TariffSheet(hands=4)
    assert sheet.record(ANNE, auction_score("spil", 75)) == (2, -1, -1)
    assert sheet.record(BO, auction_score("stryger", 45)) == (6, -9, 3)
    assert sheet.record(CARL, auction_score("tout", all_tricks=True)) == (-4, -19, 23)
    assert not sheet.over
    assert sheet.record(ANNE, auction_score("strøget tout", all_tricks=False)) == (-34, -4, 38)
    assert all(sum(line) == 0 for line in sheet.lines)
    assert sheet.over and sheet.winner == CARL
    with pytest.raises(GameOver):
        sheet.record(BO, auction_score("spil", 75))


def test_sheets_refuse_bad_input_and_change_nothing() -> None:
    sheet = OreSheet()
    for declarer, result in ((3, hand_score(70)), (-1, hand_score(70)), (True, hand_score(70)), (0, 8)):
        with pytest.raises(InvalidPosition):
            sheet.record(declarer, result)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        sheet.record(0, auction_score("spil", 70))  # type: ignore[arg-type]
    assert sheet.lines == [(60, 60, 60)]
    with pytest.raises(InvalidPosition, match="3 \\(or, four-hand, 4\\)"):
        OreSheet(players=2)
    with pytest.raises(InvalidPosition, match="at least 1"):
        TariffSheet(hands=0)
    with pytest.raises(InvalidPosition, match="auction_score"):
        TariffSheet().record(0, hand_score(70))  # type: ignore[arg-type]


# -- stacked games ---------------------------------------------------------------------------------
#
# Places from the dealer: R0 on the dealer's left (speaks and leads first), the dealer last.  The deck
# is dealt 3 each, 2 to the cat, 3 each.

# R0 says "play", strokes the cat and leads the six best trumps (♣Q ♠Q ♣J ♠J ♥J ♦J), winning every
# trick: all 120 card points with the cat, so each opponent subtracts 16.
ALL120 = ("CQ SQ CJ SJ HJ DJ", "CA CK C5 SA SK S5", "HA HK HQ H5 DA DK", "DQ D5")


Script = Callable[[HandState], None]


def deck3(design: tuple[str, str, str, str]) -> str:
    h = [x.split() for x in design[:3]]
    return " ".join(h[0][:3] + h[1][:3] + h[2][:3] + design[3].split() + h[0][3:] + h[1][3:] + h[2][3:])


def all120(hand: HandState) -> None:
    for text in ("play", "stroke"):
        hand.apply(parse_action(text))
    for card in ALL120[0].split():
        hand.apply(parse_action(f"card {card}"))
        for _ in range(hand.players - 1):
            hand.apply(hand.legal_actions()[0])


def fold_by(place: int) -> Script:
    """The player ``place`` seats from the dealer's left says "play" (the others before pass), strokes
    the cat and folds at their turn in the first trick (R48), the others playing their first card."""

    def script(hand: HandState) -> None:
        for text in ["pass"] * place + ["play", "stroke"]:
            hand.apply(parse_action(text))
        while hand.current_player() != hand.declarer:
            hand.apply(hand.legal_actions()[0])
        hand.apply(parse_action("fold"))

    return script


def passed(hand: HandState) -> None:
    for _ in range(hand.players):
        hand.apply(parse_action("pass"))


class StackedGame(KlorsjavsGame):
    """A game whose hands are dealt from the decks given, in order (the seed is not used)."""

    def __init__(self, decks: list[str], **options: object) -> None:
        super().__init__(0, **options)  # type: ignore[arg-type]
        self.decks = decks

    def _deal_hand(self, index: int, dealer: int) -> HandState:
        return HandState(self.decks[index], variant=self.variant, dealer=dealer)


def test_a_game_to_a_tie_for_lowest_and_past_a_second_tie() -> None:
    """First dealer 0; every line worked by hand (120: the two others −16; a fold: the folder −8):

    hand 1, dealer 0: seat 1 takes all 120.            44 60 44
    hand 2, dealer 1: seat 2 folds.                    44 60 36
    hand 3, dealer 2: seat 0 folds.                    36 60 36
    hand 4, dealer 0: seat 1 takes all 120.            20 60 20
    hand 5, dealer 1: seat 2 folds.                    20 60 12
    hand 6, dealer 2: seat 0 folds.                    12 60 12
    hand 7, dealer 0: seat 1 takes all 120.            -4 60 -4   seats 0 and 2 share the lowest: play on
    hand 8, dealer 1: everyone passes; dealer 1 deals again.
    hand 9, dealer 1: seat 1 folds.                    -4 52 -4   still shared: play on (R51)
    hand 10, dealer 2: seat 2 folds.                   -4 52 -12  seat 2 alone lowest: seat 2 loses
    """
    table: list[tuple[Script, int, tuple[int, int, int]]] = [
        (all120, 0, (44, 60, 44)), (fold_by(0), 1, (44, 60, 36)), (fold_by(0), 2, (36, 60, 36)),
        (all120, 0, (20, 60, 20)), (fold_by(0), 1, (20, 60, 12)), (fold_by(0), 2, (12, 60, 12)),
        (all120, 0, (-4, 60, -4)), (passed, 1, (-4, 60, -4)), (fold_by(2), 1, (-4, 52, -4)),
        (fold_by(2), 2, (-4, 52, -12)),
    ]
    game = StackedGame([deck3(ALL120)] * len(table))
    assert isinstance(game, Match)
    for i, (script, dealer, totals) in enumerate(table):
        assert not game.over and game.outcome() == ()
        assert game.dealer_of(i) == dealer
        hand = game.deal()
        script(hand)
        assert game.sheet.totals == totals, f"hand {i + 1}"
    assert game.over and game.sheet.loser == CARL
    lines = game.sheet_lines()
    assert [line.hand for line in lines] == [0, 1, 2, 3, 4, 5, 6, 7, 9, 10]  # the passed hand 8 writes none
    names = ["Anne", "Bo", "Carl"]
    assert lines[7].note[-1].render(names) == "Anne and Carl share the lowest score, -4: one more hand is played."
    assert lines[8].note[-1].code == "ore-tie-lowest"
    assert [r.render(names) for r in lines[1].note] == [
        "Bo declared and stroked the cat.",
        "The declarer took all 120 card points: each opponent subtracts 16.",
        "Anne and Carl each subtract 16."]
    assert lines[2].note[0].render(names) == "Carl declared, then folded: Carl subtracts 8, down from 44 to 36."
    assert [r.render(names) for r in game.outcome()] == [
        "Carl has the lowest score, -12 øre, and loses the game.",
        "The others end with Anne at -4 øre and Bo at 52 øre."]
    before = game.to_json()
    with pytest.raises(GameOver):
        game.deal()
    assert game.to_json() == before


def test_four_hand_game_columns_and_dealers() -> None:
    game = KlorsjavsGame(3, variant="four-hand", first_dealer=3)
    assert game.sheet_columns() == ((0,), (1,), (2,), (3,)) and game.sheet.totals == (60, 60, 60, 60)
    hand = game.deal()
    assert hand.dealer == 3 and hand.variant == "four-hand" and sorted(hand.deck) == sorted(FOUR_HAND_PACK)
    fold_by(1)(hand)  # seat 1 (the second from dealer 3's left) folds
    assert game.sheet.totals == (60, 52, 60, 60) and game.dealer_of(1) == 0


def test_an_auction_session_of_one_round() -> None:
    game = KlorsjavsGame(8, variant="auction", rounds=1)
    assert game.sheet.totals == (0, 0, 0) and isinstance(game.sheet, TariffSheet) and game.sheet.hands == 3
    bot = RandomBot(1)
    while not game.over:
        hand = game.deal()
        while not hand.is_terminal():
            hand.apply(bot.choose(hand.observation(hand.current_player())))
    sheet = game.sheet
    assert sheet.played >= 3 and sum(sheet.totals) == 0
    assert sheet.winner is not None and sheet.totals[sheet.winner] == max(sheet.totals)
    assert game.outcome()[0].code == "auction-winner"
    assert game.to_json()["rounds"] == 1


# -- seeds, Undo, JSON -----------------------------------------------------------------------------


def random_game(seed: int, variant: str, hands: int | None = None) -> KlorsjavsGame:
    players = 4 if variant == "four-hand" else 3
    game = KlorsjavsGame(seed, variant=variant, first_dealer=seed % players, rounds=2 if variant == "auction" else None)
    bots = [RandomBot(seed * 10 + p) for p in range(players)]
    while not game.over and (hands is None or len(game.hands) < hands):
        hand = game.deal()
        while not hand.is_terminal():
            seat = hand.current_player()
            hand.apply(bots[seat].choose(hand.observation(seat)))
    return game


def test_each_hand_is_dealt_from_the_seed_and_its_number() -> None:
    game = KlorsjavsGame(21, variant="auction")
    assert game.deal().deck == HandState.deal(hand_seed("klorsjavs-game", 21, 0), 0, variant="auction").deck
    with pytest.raises(InvalidPosition, match="still being played"):
        game.deal()


def test_undo_to_cuts_back_and_a_redeal_is_the_same() -> None:
    game = random_game(5, "klorsjavs", hands=6)
    before = game.to_json()
    lines = game.sheet_lines()
    for hand, actions in ((6, 0), (-1, 0), (0, 999), (2, -1), (None, 0)):
        with pytest.raises(InvalidPosition):
            game.undo_to(hand, actions)  # type: ignore[arg-type]
        assert game.to_json() == before
    game.undo_to(3, 0)
    assert len(game.hands) == 4 and game.current is game.hands[3] and game.hands[3].history == []
    assert game.sheet_lines() == [line for line in lines if line.hand <= 3]
    for text in before["hands"][3]:
        game.hands[3].apply(parse_action(text))
    for actions in before["hands"][4:]:
        hand = game.deal()
        for text in actions:
            hand.apply(parse_action(text))
    assert game.to_json() == before and game.sheet_lines() == lines


def test_json_round_trip() -> None:
    for variant in ("klorsjavs", "four-hand", "auction"):
        game = random_game(6, variant, hands=4)
        hand = game.deal()
        hand.apply(hand.legal_actions()[0])
        data = game.to_json()
        again = KlorsjavsGame.from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data and again.sheet_lines() == game.sheet_lines()
        assert KlorsjavsGame.from_json(json.dumps(data)).to_json() == data
    whole = random_game(12, "klorsjavs")
    restored = KlorsjavsGame.from_json(whole.to_json())
    assert restored.over and restored.outcome() == whole.outcome()


def test_bad_json_is_refused_naming_what_is_wrong() -> None:
    good = random_game(2, "klorsjavs", hands=2).to_json()
    over = random_game(3, "klorsjavs").to_json()
    auction = random_game(2, "auction", hands=1).to_json()
    cases: list[tuple[object, str]] = [
        ("[1,", "is not JSON"),
        ({**good, "game": "sjavs-rubber"}, "not a saved klorsjavs-game"),
        ({**good, "players": 3}, "no field 'players'"),
        ({**good, "variant": "skat"}, "variant must be one of"),
        ({**good, "variant": 3}, "variant must be one of"),
        ({**good, "first_dealer": 3}, "first_dealer must be a seat"),
        ({**good, "seed": "7"}, "seed must be a whole number"),
        ({**good, "rounds": 2}, "rounds sets the length of an Auction"),
        ({**auction, "rounds": 0}, "rounds must be a whole number"),
        ({k: v for k, v in good.items() if k != "hands"}, "lacks the field 'hands'"),
        ({**good, "hands": [["play", "swipe HA HK"]]}, "hand 1, action 2"),
        ({**good, "hands": [["pass"], ["pass"]]}, "only the last hand may be unfinished"),
        ({**over, "hands": over["hands"] + [[]]}, "follows the end of the game"),
    ]
    for data, message in cases:
        with pytest.raises(InvalidPosition, match=message):
            KlorsjavsGame.from_json(data)


# -- random games ----------------------------------------------------------------------------------


def _cards_of(hand: HandState) -> Counter[str]:
    """Every card of a finished hand wherever it ended: tricks, hands, the trick in progress (a fold),
    and the two set aside (the cat, or the cards laid away after a swipe)."""
    cards = [c for _, plays, _ in hand.tricks for c in plays] + [c for h in hand.hands for c in h] + hand.current
    cards += hand.laid_away if hand.swiped else hand.cat
    return Counter(map(str, cards))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**53 - 1), variant=st.sampled_from(["klorsjavs", "four-hand", "auction"]))
def test_random_games_end_and_the_sheet_moves_only_by_the_hand_scores(seed: int, variant: str) -> None:
    game = random_game(seed, variant)
    assert game.over and len(game.hands) < 400
    pack = Counter(str(c) for c in (FOUR_HAND_PACK if variant == "four-hand" else PACK))
    for before, after in zip(game.hands, game.hands[1:]):  # R52
        assert after.dealer == (before.dealer if before.phase == "passed" else (before.dealer + 1) % game.players)
    for hand in game.hands:
        assert hand.is_terminal() and _cards_of(hand) == pack
    lines: list[SheetLine] = game.sheet_lines()
    start = 0 if variant == "auction" else 60
    assert lines[0].totals == (start,) * game.players
    for before, line in zip(lines, lines[1:]):
        returns = game.hands[line.hand - 1].returns()
        moved = [b - a for a, b in zip(before.totals, line.totals)]
        if variant == "auction":
            assert moved == returns and sum(line.totals) == 0  # game points change hands (R45, R53)
        else:
            assert moved == [min(0, r) for r in returns]  # only the side that pays loses øre
    written = {line.hand for line in lines}
    assert all((h.phase == "passed") == (i + 1 not in written) for i, h in enumerate(game.hands))
    final = lines[-1].totals
    if variant == "auction":
        assert game.sheet.played >= 6 and final.count(max(final)) == 1
    else:
        assert min(final) <= 0 and final.count(min(final)) == 1
        assert all(min(line.totals) > 0 or line.note[-1].code == "ore-tie-lowest" for line in lines[:-1])
