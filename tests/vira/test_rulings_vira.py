"""One test per Vira ruling on docs/rulings.md (R69 on), named after it.

A ruling is where the sources are ambiguous, silent or disagree; each test pins the decision so that a
change to it is a deliberate change to the page.  Positions come from the stacked deals of
``test_vira_hand``.
"""

from __future__ import annotations

import pytest

from stytvolt import Card, IllegalAction
from stytvolt.vira import (
    ALL_BIDS, HOUSE_CHIPS, ContractError, DealPattern, HandState, MisereHands, Outcome, Rules, SitOut, SuitClass,
    contract, points, settle,
)

from test_vira_hand import HEARTS, SPADES, layout, play, play_out


def test_R69_the_player_at_the_dealers_right_sits_out_by_default() -> None:
    state = HandState.deal(3, dealer=2, players=4)
    assert state.sitter == 1 and state.active == (3, 0, 2)  # dealer 2 plays rear hand
    parlett = HandState.deal(3, dealer=2, players=4, rules=Rules(sitter=SitOut.DEALER))
    assert parlett.sitter == 2 and parlett.active == (3, 0, 1)
    for hand in (state, parlett):
        assert hand.eldest == 3 and hand.current_player() == 3


def test_R70_the_cut_is_dealt_with_the_hand_and_seen_by_all() -> None:
    a, b = HandState.deal(77), HandState.deal(77)
    assert a.cut == b.cut and a.preference is a.cut.suit
    assert {a.observation(p).preference for p in range(3)} == {a.cut.suit}
    assert a.legal_actions()[0].kind == "bid"  # no action cuts: the auction is first


def test_R71_the_deal_starts_at_eldest_in_the_chosen_packets() -> None:
    deck = [Card.from_index(i) for i in range(52)]
    parlett = HandState(deck, "SA", dealer=0)
    stockholm = HandState(deck, "SA", dealer=0, rules=Rules(deal=DealPattern.STOCKHOLM))
    assert parlett.eldest == 1 and parlett.hands[1][:3] == tuple(deck[:3])
    assert stockholm.hands[1][:4] == tuple(deck[:4])
    assert parlett.talon == stockholm.talon == tuple(deck[39:])


def test_R72_a_bids_class_is_the_least_class_of_trumps_and_points_follow_the_trump_named() -> None:
    # Spades preference, clubs colour.  Solo 6 in colour may be played in clubs or spades.
    state = layout({0: SPADES}, "")
    play(state, "bid Solo 6 in colour", "pass", "pass")
    assert {str(a) for a in state.legal_actions()} == {"trump S", "trump C"}
    play(state, "trump S", "play", "keep", "keep")
    play_out(state)
    # Thirteen spades, preference: Solo 6 pays its preference rate, 1 from each opponent.
    settled = state.settlement()
    assert settled is not None and settled.result is Outcome.WON and settled.points == (2, -1, -1)
    # A plain bid allows any trump.
    plain = layout({}, "")
    play(plain, "bid Solo 6", "pass", "pass")
    assert len(plain.legal_actions()) == 2 + 4 - 2  # four trumps (the decision comes after)


def test_R73_a_gask_bid_in_a_class_has_no_misere_option() -> None:
    for text, misere in (("bid Gask 1", True), ("bid Gask 1 in preference", False)):
        state = layout({}, "")
        play(state, text, "pass", "pass")
        while state.phase == "discard":
            state.apply(state.legal_actions()[0])
        assert ("misère" in {str(a) for a in state.legal_actions()}) is misere


def test_R74_misere_cards_by_the_table_unless_parletts_switch() -> None:
    for rules, tricks in ((Rules(), 11), (Rules(misere_hands=MisereHands.PARLETT), 13)):
        state = layout({}, "", rules=rules)
        play(state, "bid Misère 1", "pass", "pass", f"discard {state.hands[0][0]}", "play")
        while state.phase != "play":
            state.apply(state.legal_actions()[0] if state.phase == "discard" else "keep")
        assert state.trick_count == tricks


def test_R75_a_bare_kind_is_not_read_as_a_number() -> None:
    for bare in ("Solo", "Vingel", "Gask", "Misère"):
        with pytest.raises(ContractError, match="did you mean"):
            contract(bare)
    # Every bid's text names its contract in full: read back, it is the same contract.
    assert all(contract(b.contract.english) is b.contract for b in ALL_BIDS)


def test_R76_a_gask_misere_pays_the_off_colour_rate() -> None:
    # Gask 4: 1/1/3 → its misère pays 1.  Gask 3: 0/1/2 → 0.
    assert points("Gask 4", misere=True) == 1 and points("Gask 3", misere=True) == 0
    settled = settle("Gask 4", soloist=0, opponents=(1, 2), tricks=0, misere=True)
    assert settled.result is Outcome.WON and settled.points == (2, -1, -1)


def test_R77_surrender_once_after_the_procedure_solo_double_and_its_rates() -> None:
    # A Solo petite misère (a solo) surrendered: its rate 2 to each opponent, 2 chips.
    state = layout({}, "")
    play(state, "bid Solo petite misère", "pass", "pass", f"discard {state.hands[0][0]}")
    assert {str(a) for a in state.legal_actions()} == {"play", "surrender"}
    play(state, "surrender")
    settled = state.settlement()
    assert settled is not None and settled.points == (-4, 2, 2) and settled.chips == (-2, 0, 0)
    # A surrendered Gask 2 bid in colour pays its colour rate (1), one chip, whatever trump was named.
    gask = layout({}, "")
    play(gask, "bid Gask 2 in colour", "pass", "pass")
    while gask.phase == "discard":
        gask.apply(gask.legal_actions()[0])
    play(gask, "trump S", "surrender")  # spades are preference (2 is not what is paid)
    paid = gask.settlement()
    assert paid is not None and paid.points == (-2, 1, 1) and paid.chips == (-1, 0, 0)


def test_R78_the_house_chip_table() -> None:
    assert HOUSE_CHIPS.name == "house" and not HOUSE_CHIPS.historical
    assert "not a historical" in HOUSE_CHIPS.description
    beg = HOUSE_CHIPS.for_contract("Beg")
    assert (beg.won, beg.lost, beg.kodille, beg.second_won, beg.second_lost, beg.second_kodille) == (1, 1, 2, 0, 2, 4)
    vingel = HOUSE_CHIPS.for_contract("Vingel 7")
    assert (vingel.won, vingel.lost, vingel.kodille, vingel.second_lost, vingel.second_kodille) == (1, 2, 4, 4, 8)
    cuckoo = HOUSE_CHIPS.for_contract("Cuckoo")
    assert (cuckoo.lost, cuckoo.kodille) == (2, 4)
    single = HOUSE_CHIPS.for_contract("Turn-up 8")
    assert (single.lost, single.kodille) == (1, 2)
    assert HOUSE_CHIPS.solo_surrender == 2 and HOUSE_CHIPS.cuckoo_penalty == 1


def test_R79_kodille_doubles_chips_not_points() -> None:
    # Draw 9 in hearts (off-colour when spades are cut): 1 point.  7 tricks: kodille.
    single = settle("Draw 9", soloist=0, opponents=(1, 2), tricks=8, suit_class=SuitClass.OFF)
    double = settle("Draw 9", soloist=0, opponents=(1, 2), tricks=7, suit_class=SuitClass.OFF)
    assert single.result is Outcome.LOST and double.result is Outcome.KODILLE
    assert single.points == double.points == (-2, 1, 1)
    assert single.chips == (-1, 0, 0) and double.chips == (-2, 0, 0)


def test_R80_second_tries_where_and_how() -> None:
    for name, has in (("Beg", True), ("Tringel 9", True), ("Misère 5", True), ("Gask 2", False),
                      ("Vira", False), ("Cuckoo", False), ("Solo 6", False), ("Solo grande misère", False)):
        assert contract(name).second_try is has
    # Draw 8 pays 0/1/1.  Won after a second try: the first try's points (preference, 1) paid to each
    # opponent, the second's (colour, 1) won from each, and no chip (house): nothing gained.
    settled = settle("Draw 8", soloist=0, opponents=(1, 2), tricks=8, suit_class="colour", second_try=True,
                     first_try_class="preference")
    assert settled.points == (0, 0, 0) and settled.chips == (0, 0, 0)
    # Lost singly after it: 1 + 1 to each opponent, and 2 chips (double a first try's loss).
    lost = settle("Draw 8", soloist=0, opponents=(1, 2), tricks=7, suit_class="colour", second_try=True,
                  first_try_class="preference")
    assert lost.points == (-4, 2, 2) and lost.chips == (-2, 0, 0)


def test_R81_the_cuckoo_penalty_and_the_reopening_switch() -> None:
    won = settle("Cuckoo", soloist=1, opponents=(2, 0), tricks=0, cuckoo_liable=(0,))
    assert won.chips == (-1, 1, 0)  # the soloist takes 1 chip (house); seat 0, who passed it, pays 1
    lost = settle("Cuckoo", soloist=1, opponents=(2, 0), tricks=1, cuckoo_liable=(0,))
    assert lost.result is Outcome.LOST and lost.chips == (0, -2, 0)  # no penalty when it fails
    plain = layout({}, "")
    play(plain, "bid Beg", "pass", "bid Cuckoo")
    assert plain.current_player() == 0 and 1 in plain.passed
    reopened = layout({}, "", rules=Rules(cuckoo_reopens=True))
    play(reopened, "bid Beg", "pass", "bid Cuckoo")
    assert reopened.passed == frozenset()


def test_R82_the_opponents_exchange_left_first_any_number() -> None:
    state = layout({}, "")
    play(state, "bid Beg", "bid Solo petite misère", "pass", "pass")  # seat 1 plays; seat 2 is its left
    play(state, f"discard {state.hands[1][0]}", "play")
    assert state.current_player() == 2 and "keep" in {str(a) for a in state.legal_actions()}
    for card in list(state.hands[2]):
        play(state, f"discard {card}")  # all thirteen: the whole talon is left
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    play(state, "draw")
    assert state.talon == () and state.phase == "play"  # nothing left: eldest's exchange is skipped
    vira = layout({}, "")
    play(vira, "bid Vira", "pass", "pass")
    while vira.phase == "discard":
        vira.apply(vira.legal_actions()[0])
    play(vira, "trump S", "play")
    assert vira.phase == "play"


def test_R83_open_hands_after_the_exchange_and_royale() -> None:
    state = layout({}, "")
    play(state, "bid Solo petite misère ouverte", "pass", "pass", f"discard {state.hands[0][0]}", "play")
    assert state.open_seats == () and state.observation(1).open_hands == ()
    play(state, "keep", "keep")
    assert state.open_seats == (0,)
    royale = layout({}, "")
    play(royale, "bid Solo grande misère ouverte royale", "pass", "pass", "play", "keep", "keep")
    assert royale.open_seats == (0,)  # by default the opponents only talk


def test_R84_eldest_leads_and_every_trick_is_played() -> None:
    state = layout({1: HEARTS}, "")
    play(state, "bid Beg", "bid Solo 12", "pass", "pass", "trump H", "play", "keep", "keep")
    assert state.current_player() == 0
    play_out(state)
    assert len(state.tricks) == 13 and state.won[1] == 13


def test_R85_the_auction_offers_overcalls_hold_and_pass() -> None:
    state = layout({}, "")
    assert len(state.legal_actions()) == 80
    play(state, "bid Solo 12", "bid Solo Vira")
    legal = [str(a) for a in state.legal_actions()]
    assert legal[0] == "pass" and "bid Solo Vira in colour" in legal
    assert "hold" not in legal and "bid Solo 12" not in legal  # rear hand is younger than middle hand
    play(state, "pass")
    assert [str(a) for a in state.legal_actions()][:2] == ["pass", "hold"]  # eldest may hold
    play(state, "hold")
    assert state.high_seat == 0
    with pytest.raises(IllegalAction):
        state.apply("hold")


def test_R86_returns_are_points_plus_eight_a_chip() -> None:
    state = layout({1: SPADES}, "")
    play(state, "bid Beg", "bid Solo 7", "pass", "pass", "trump S", "play", "keep", "keep")
    play_out(state)
    # Solo 7 in spades (preference): 2 points from each opponent; 1 chip from the pot.
    assert state.returns() == [-2, 4 + 8, -2] and sum(state.returns()) == 8


def test_R103_a_session_stakes_two_chips_each_and_ends_on_an_empty_pot_or_after_three_rounds() -> None:
    from stytvolt.vira.bots import SimpleBot
    from stytvolt.vira.game import ROUNDS, STAKE, ViraGame

    assert (STAKE, ROUNDS) == (2, 3)
    ends = set()
    for seed in range(12):
        game = ViraGame(seed)
        assert game.sheet.totals == (0, 0, 0, -2, -2, -2, 6)  # the stake paid: the pot holds 6
        while not game.over:
            hand = game.deal()
            while not hand.is_terminal():
                hand.apply(SimpleBot().choose(hand.observation(hand.current_player())))
            before = game.sheet_lines()[:-1]
            # a session never goes on past an empty pot, nor past nine hands (three deals each)
            assert all(line.totals[-1] > 0 for line in before) and len(game.hands) <= 9
        pot = game.sheet.totals[-1]
        ends.add("pot" if pot <= 0 else "rounds")
        assert pot <= 0 or len(game.hands) == 9
        assert [h.dealer for h in game.hands] == [i % 3 for i in range(len(game.hands))]
        if len(game.hands) == 9:
            assert [h.dealer for h in game.hands].count(0) == 3  # everyone dealt three times
    assert ends == {"pot", "rounds"}  # both ends happen in these twelve sessions
