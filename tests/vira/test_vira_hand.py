"""Whole hands of Vira, worked by hand: the cut and the deal, the auction, every contract's procedure,
second tries, surrender, the play and the settlement.

Most positions are stacked with :func:`layout`: the dealer is seat 2, so seat 0 is eldest (first to
bid and to lead), seat 1 middle hand and seat 2 rear hand; the preference suit is spades unless a
test cuts another card.
"""

from __future__ import annotations

import pytest

from stytvolt import Card, IllegalAction, InvalidPosition, ParseError, parse_cards
from stytvolt.core.cards import FULL_PACK
from stytvolt.vira import (
    GAME, HOUSE_CHIPS, ChipRates, DealPattern, HandState, MisereHands, Outcome, Rules, SitOut, SuitClass,
    parse_action,
)


def layout(hands: dict[int, str], talon: str, *, dealer: int = 2, players: int = 3, rules: Rules = Rules(),
           cut: str = "SA") -> HandState:
    """A hand dealt so that each named seat holds the named cards and the talon is as given (top first).

    Seats not named get the rest of the pack in pack order.  The deck is built by dealing in packets
    (3-3-3-4 or 4-3-3-3) from eldest, exactly as the rules deal it.
    """
    named = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    stock = list(parse_cards(talon))
    used = set(stock) | {c for cards in named.values() for c in cards}
    rest = [c for c in FULL_PACK if c not in used]
    sitter = None if players == 3 else ((dealer - 1) % 4 if rules.sitter is SitOut.DEALERS_RIGHT else dealer)
    active = [s for s in ((dealer + 1 + i) % players for i in range(players)) if s != sitter]
    for seat in active:
        cards = named.setdefault(seat, [])
        while len(cards) < 13:
            cards.append(rest.pop(0))
    while len(stock) < 13:
        stock.append(rest.pop(0))
    deck: list[Card] = []
    taken = {seat: 0 for seat in active}
    for size in rules.deal.packets:
        for seat in active:
            deck.extend(named[seat][taken[seat]:taken[seat] + size])
            taken[seat] += size
    return HandState(deck + stock, cut, dealer=dealer, players=players, rules=rules)


def play(state: HandState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


def play_out(state: HandState) -> None:
    """Play every remaining trick with the first legal card (the lowest by the engine's card order)."""
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])


SPADES = "S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK SA"
HEARTS = "H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ HK HA"
DIAMONDS = "D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ DK DA"
CLUBS = "C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA"


# -- the cut and the deal ---------------------------------------------------------------------------------------


def test_the_cut_names_preference_and_colour() -> None:
    # A heart cut: hearts are preference, diamonds (the other red suit) colour, spades and clubs off-colour.
    state = layout({}, "", cut="H7")
    assert state.preference.letter == "H" and state.colour.letter == "D"
    obs = state.observation(0)
    assert obs.preference.letter == "H" and obs.colour.letter == "D" and obs.cut == Card.parse("H7")
    assert obs.to_json()["cut"] == "seven of hearts"  # a card of the second pack, named in words


def test_the_deal_is_three_three_three_four_from_eldest() -> None:
    deck = list(FULL_PACK)
    state = HandState(deck, "SA", dealer=2)
    # Eldest (seat 0) gets deck[0:3], then [9:12], [18:21] and four at [27:31].
    assert list(state.hands[0]) == deck[0:3] + deck[9:12] + deck[18:21] + deck[27:31]
    assert list(state.hands[1]) == deck[3:6] + deck[12:15] + deck[21:24] + deck[31:35]
    assert list(state.hands[2]) == deck[6:9] + deck[15:18] + deck[24:27] + deck[35:39]
    assert list(state.talon) == deck[39:] and len(state.talon) == 13


def test_the_stockholm_deal_is_four_then_three_three_three() -> None:
    deck = list(FULL_PACK)
    state = HandState(deck, "SA", dealer=2, rules=Rules(deal=DealPattern.STOCKHOLM))
    assert list(state.hands[0]) == deck[0:4] + deck[12:15] + deck[21:24] + deck[30:33]
    assert list(state.talon) == deck[39:]


def test_four_at_the_table_the_player_at_the_dealers_right_sits_out() -> None:
    # pagat.com and the Stockholm rules: dealer 0 → seat 3 (the dealer's right) sits out; eldest is seat 1.
    state = HandState.deal(4, dealer=0, players=4)
    assert state.sitter == 3 and state.active == (1, 2, 0) and state.hands[3] == ()
    assert state.current_player() == 1
    # Parlett's wording: the dealer sits out; eldest is still the dealer's left.
    other = HandState.deal(4, dealer=0, players=4, rules=Rules(sitter=SitOut.DEALER))
    assert other.sitter == 0 and other.active == (1, 2, 3) and other.hands[0] == ()


def test_a_sitting_out_player_sees_no_hand_and_scores_nothing() -> None:
    state = HandState.deal(9, dealer=1, players=4)
    assert state.sitter == 0
    while not state.is_terminal():
        assert state.current_player() != 0
        assert state.observation(0).hand == ()
        state.apply(state.legal_actions()[0])
    assert state.returns()[0] == 0


# -- the auction --------------------------------------------------------------------------------------------------


def test_eldest_must_open_the_auction() -> None:
    state = layout({}, "")
    assert state.phase == "auction" and state.current_player() == 0
    with pytest.raises(IllegalAction) as err:
        state.apply("pass")
    assert err.value.reason.code == "eldest-must-bid"
    assert "pass" not in {str(a) for a in state.legal_actions()} and len(state.legal_actions()) == 80


def test_each_bid_must_overcall_and_the_refusal_says_why() -> None:
    state = layout({}, "")
    play(state, "bid Solo 7 in colour")
    assert state.current_player() == 1
    for text, code in (("bid Solo 7", "lower-class"), ("bid Solo 6", "lower-contract"),
                       ("bid Solo 7 in colour", "only-equal")):
        with pytest.raises(IllegalAction) as err:
            state.apply(text)
        assert err.value.reason.code == code
    # Middle hand is younger than eldest: it may not hold eldest's bid.
    with pytest.raises(IllegalAction) as err:
        state.apply("hold")
    assert err.value.reason.code == "no-hold"
    play(state, "bid Solo 7 in preference")
    assert str(state.high) == "Solo 7 in preference" and state.high_seat == 1


def test_an_elder_player_holds_and_the_younger_must_go_higher() -> None:
    state = layout({}, "")
    play(state, "bid Beg", "bid Draw 7", "pass")  # rear hand passes
    assert state.current_player() == 0
    play(state, "hold")  # eldest matches middle hand's Draw 7
    assert state.high_seat == 0 and str(state.high) == "Draw 7"
    assert state.current_player() == 1
    assert "hold" not in {str(a) for a in state.legal_actions()}
    play(state, "pass")
    # Two have passed: eldest plays Draw 7.
    assert state.soloist == 0 and state.contract is not None and state.contract.english == "Draw 7"


def test_a_player_who_passed_does_not_speak_again() -> None:
    state = layout({}, "")
    play(state, "bid Beg", "pass", "bid Draw 7")
    assert state.current_player() == 0  # middle hand passed: eldest speaks after rear hand
    play(state, "bid Draw 8")
    assert state.current_player() == 2
    play(state, "pass")
    assert state.soloist == 0


def test_the_auction_obeys_the_gask_5_over_gask_6_order() -> None:
    state = layout({}, "")
    play(state, "bid Gask 6")
    legal = {str(a) for a in state.legal_actions()}
    assert "bid Gask 5" in legal and "bid Solo 7" in legal and "bid Solo 6" not in legal


# -- draw ---------------------------------------------------------------------------------------------------------


def test_draw_name_trumps_exchange_second_try_then_the_opponents() -> None:
    # Eldest (seat 0) plays Beg; spades are preference (cut ♠A).
    talon = "HA HK HQ HJ HT D2 D3 D4 D5 D6 D7 D8 D9"
    state = layout({0: "SA SK SQ SJ ST C2 C3 C4 C5 C6 C7 C8 C9"}, talon)
    play(state, "bid Beg", "pass", "pass")
    assert state.soloist == 0 and state.phase == "trump"
    assert {str(a) for a in state.legal_actions()} == {"trump S", "trump H", "trump D", "trump C"}
    play(state, "trump D")
    with pytest.raises(IllegalAction) as err:
        state.apply("draw")  # at least one card must be laid away first
    assert err.value.reason.code == "discard-first"
    play(state, "discard C2", "discard C3", "draw")
    assert cards("HA HK") <= set(state.hands[0]) and len(state.hands[0]) == 13 and len(state.talon) == 11
    assert state.phase == "decide"
    assert {str(a) for a in state.legal_actions()} == {"play", "surrender", "retry"}
    play(state, "retry")  # pays the first try (diamonds, off-colour: 0 points) and tries again
    assert state.tries == 2 and state.phase == "trump" and state.first_class is SuitClass.OFF
    play(state, "trump S", "discard C4", "draw")
    assert Card.parse("HQ") in state.hands[0]
    assert {str(a) for a in state.legal_actions()} == {"play", "surrender"}  # one second try only
    play(state, "play")
    # The left-hand opponent (seat 1) exchanges first, then seat 2.
    assert state.phase == "exchange" and state.current_player() == 1
    assert "keep" in {str(a) for a in state.legal_actions()}
    held = state.hands[1][0]
    play(state, f"discard {held}", "draw")
    assert Card.parse("HJ") in state.hands[1] and state.exchanged[1] == 1
    assert state.current_player() == 2
    play(state, "keep")
    assert state.phase == "play" and state.current_player() == 0  # eldest leads
    assert state.trick_count == 13


def test_a_draw_bid_in_colour_promises_the_colour_suit_or_better() -> None:
    state = layout({}, "")  # spades preference, clubs colour
    play(state, "bid Beg in colour", "pass", "pass")
    assert {str(a) for a in state.legal_actions()} == {"trump S", "trump C"}
    with pytest.raises(IllegalAction) as err:
        state.apply("trump H")
    assert err.value.reason.code == "class-promise" and "colour" in err.value.reason.text


# -- turn-ups ------------------------------------------------------------------------------------------------------


def test_single_turn_up_trumps_from_the_top_card_and_the_death_rattle_limit() -> None:
    talon = "H9 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ DK"
    state = layout({0: SPADES}, talon)
    play(state, "bid Turn-up 6", "pass", "pass")
    # The top card is turned: hearts are trumps, no choice.
    assert state.trump is not None and state.trump.letter == "H"
    assert state.face_up == (Card.parse("H9"),) and state.phase == "discard"
    for card in "S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ".split():
        play(state, f"discard {card}")
    # Eleven laid away: a twelfth would leave fewer than two cards for a second try's turn.
    with pytest.raises(IllegalAction) as err:
        state.apply("discard SK")
    assert err.value.reason.code == "death-rattle"
    play(state, "draw")
    assert Card.parse("H9") in state.hands[0]  # drawing starts with the turned card
    assert len(state.talon) == 2
    play(state, "retry")  # the next card is turned and must be accepted
    assert state.trump is not None and state.trump.letter == "D" and state.face_up == (Card.parse("DQ"),)
    assert state.first_class is SuitClass.OFF
    # On the second try every card left may be drawn, the last one too.
    play(state, "discard SK", "discard SA", "draw")
    assert len(state.talon) == 0 and cards("DQ DK") <= set(state.hands[0])


def test_vingel_chooses_either_turned_suit() -> None:
    talon = "H9 C3 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ DQ"
    state = layout({}, talon)
    play(state, "bid Vingel 7", "pass", "pass")
    assert state.face_up == tuple(parse_cards("H9 C3"))
    assert {str(a) for a in state.legal_actions()} == {"trump H", "trump C"}
    with pytest.raises(IllegalAction) as err:
        state.apply("trump D")
    assert err.value.reason.code == "turned-only"
    play(state, "trump C")
    limit = len(state.talon) - 3  # a vingel's second try needs three cards
    for card in list(state.hands[0])[:limit]:
        play(state, f"discard {card}")
    with pytest.raises(IllegalAction):
        state.apply(f"discard {state.hands[0][0]}")
    assert limit == 10


def test_tringel_turns_three_and_leaves_four() -> None:
    talon = "H9 C3 S4 D2 D3 D4 D5 D6 D7 D8 D9 DT DJ"
    state = layout({}, talon)
    play(state, "bid Tringel 9", "pass", "pass")
    assert state.face_up == tuple(parse_cards("H9 C3 S4"))
    assert {str(a) for a in state.legal_actions()} == {"trump H", "trump C", "trump S"}
    play(state, "trump S")
    for card in list(state.hands[0])[:9]:
        play(state, f"discard {card}")
    assert [str(a) for a in state.legal_actions()] == ["draw"]  # nine is the most: four stay


# -- solo ----------------------------------------------------------------------------------------------------------


def test_solo_names_trumps_no_exchange_the_opponents_may() -> None:
    state = layout({1: SPADES}, "")
    play(state, "bid Beg", "bid Solo Vira", "pass", "pass")
    assert state.soloist == 1 and state.phase == "trump"
    play(state, "trump S", "play")
    # The soloist's left-hand opponent is rear hand (seat 2), then eldest.
    assert state.phase == "exchange" and state.current_player() == 2
    play(state, "keep", "keep")
    assert state.current_player() == 0  # eldest leads even against a solo
    play_out(state)
    # Thirteen spades win all thirteen tricks: Solo Vira off-colour (spades are preference: 128 points).
    assert state.won[1] == 13
    settlement = state.settlement()
    assert settlement is not None and settlement.result is Outcome.WON
    assert settlement.points == (-128, 256, -128) and settlement.chips == (0, 1, 0) and settlement.pot == -1
    assert state.returns() == [-128, 256 + 8, -128]


# -- vira and cuckoo ---------------------------------------------------------------------------------------------------


def test_vira_takes_the_talon_lays_away_thirteen_and_wins_all() -> None:
    state = layout({0: "HA HK HQ HJ HT H9 H8 C2 C3 C4 C5 C6 C7"}, "H7 H6 H5 H4 H3 H2 D2 D3 D4 D5 D6 D7 D8")
    play(state, "bid Vira", "pass", "pass")
    assert len(state.hands[0]) == 26 and state.talon == () and state.phase == "discard"
    for card in "C2 C3 C4 C5 C6 C7 D2 D3 D4 D5 D6 D7 D8".split():
        play(state, f"discard {card}")
    assert state.phase == "trump" and set(state.hands[0]) == cards(HEARTS)
    play(state, "trump H", "play")
    assert state.phase == "play"  # the opponents do not exchange
    play_out(state)
    # Hearts are off-colour (spades cut): Vira pays 2 points from each opponent; 1 chip from the pot.
    settlement = state.settlement()
    assert settlement is not None and settlement.result is Outcome.WON
    assert settlement.points == (4, -2, -2) and settlement.chips == (1, 0, 0)


def test_cuckoo_is_played_open_without_trumps_and_the_passers_pay() -> None:
    low = "S2 S3 S4 S5 S6 S7 H2 H3 H4 H5 H6 H7 D2"
    state = layout({1: low}, "C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA")
    play(state, "bid Beg", "bid Cuckoo", "pass")  # rear hand passes with the cuckoo high: liable
    play(state, "pass")  # eldest too
    assert state.soloist == 1 and state.liable == frozenset({0, 2})
    assert len(state.hands[1]) == 26
    for card in "C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA".split():
        play(state, f"discard {card}")
    play(state, "play")
    assert state.phase == "play" and state.trump is None and state.open_seats == (1,)
    # The soloist's hand is open: eldest sees it.
    assert state.observation(0).open_hands == ((1, tuple(state.hands[1])),)
    assert set(state.hands[1]) <= state.known_to(0)
    play_out(state)
    # The soloist's cards are the lowest of their suits: never a trick.
    settlement = state.settlement()
    assert settlement is not None and settlement.result is Outcome.WON and state.won[1] == 0
    # Cuckoo pays no points; the soloist takes 1 chip, and each opponent who failed to overcall pays 1.
    assert settlement.points == (0, 0, 0) and settlement.chips == (-1, 1, -1) and settlement.pot == 1


def test_cuckoo_reopens_the_auction_when_the_switch_is_on() -> None:
    state = layout({}, "", rules=Rules(cuckoo_reopens=True))
    play(state, "bid Beg", "pass", "bid Cuckoo")
    # Middle hand had passed; the cuckoo lets it back in.
    assert state.passed == frozenset() and state.current_player() == 0
    play(state, "pass", "bid Draw 8", "pass")  # eldest passes the cuckoo (liable), rear hand passes Draw 8
    assert state.soloist == 1 and state.liable == frozenset({0})


# -- misère ----------------------------------------------------------------------------------------------------------


def test_misere_two_exact_discards_second_try_and_the_extra_card() -> None:
    low = "S2 S3 S4 S5 S6 S7 H2 H3 H4 H5 H6 HA DA"
    talon = "D2 C2 D3 C3 D4 D5 D6 D7 D8 D9 DT DJ DQ"
    state = layout({2: low}, talon)
    play(state, "bid Beg", "bid Misère 2", "bid Misère 3", "pass", "pass")
    assert state.soloist == 2 and state.contract is not None and state.contract.english == "Misère 3"
    play(state, "discard HA", "discard DA")
    assert len(state.hands[2]) == 11  # two laid away, a third still to go
    play(state, "discard H6")
    # Exactly three laid away: three drawn at once.
    assert cards("D2 C2 D3") <= set(state.hands[2]) and state.phase == "decide"
    play(state, "retry")
    assert state.first_class is None
    play(state, "discard D3", "discard C2", "discard D2")
    assert cards("C3 D4 D5") <= set(state.hands[2])
    play(state, "play")
    # The table plays a misère on three discards with 12 cards: one more laid away.
    assert state.phase == "discard" and state.current_player() == 2
    play(state, "discard D5")
    assert len(state.hands[2]) == 12 and state.phase == "exchange" and state.current_player() == 0
    play(state, "keep", "keep")
    assert state.trick_count == 12 and state.trump is None


def test_misere_by_parletts_count_plays_thirteen_on_three_discards() -> None:
    state = layout({}, "", rules=Rules(misere_hands=MisereHands.PARLETT))
    play(state, "bid Misère 3", "pass", "pass")
    for card in list(state.hands[0])[:3]:
        play(state, f"discard {card}")
    play(state, "play")
    assert state.phase == "exchange"  # no extra card laid away
    play(state, "keep", "keep")
    assert state.trick_count == 13


def test_solo_petite_misere_one_discard_and_twelve_tricks() -> None:
    state = layout({0: "S2 S3 S4 S5 S6 S7 H2 H3 H4 H5 H6 H7 CA"}, "")
    play(state, "bid Solo petite misère", "pass", "pass")
    play(state, "discard CA", "play")
    assert state.phase == "exchange" and state.current_player() == 1  # the opponents may still exchange
    play(state, "keep", "keep")
    assert state.trick_count == 12 and len(state.hands[1]) == 13
    play_out(state)
    # The opponents each keep one card that is never played.
    assert len(state.hands[1]) == 1 and len(state.hands[2]) == 1 and len(state.tricks) == 12
    settlement = state.settlement()
    assert settlement is not None and settlement.result is Outcome.WON and settlement.points == (4, -2, -2)


def test_solo_grande_misere_ouverte_royale_with_open_defence() -> None:
    state = layout({}, "", rules=Rules(royale_open_defence=True))
    play(state, "bid Solo grande misère ouverte royale", "pass", "pass")
    assert state.phase == "decide"  # nothing to lay away
    play(state, "play", "keep", "keep")
    assert set(state.open_seats) == {0, 1, 2}
    assert {s for s, _ in state.observation(1).open_hands} == {0, 2}


# -- gask ---------------------------------------------------------------------------------------------------------------


def test_gask_three_keep_three_take_the_talon_then_the_misere_option() -> None:
    state = layout({0: "S2 H2 D2 SA SK SQ SJ ST HA HK HQ HJ HT"}, "S3 H3 D3 C2 C3 C4 C5 C6 C7 C8 C9 CT CJ")
    play(state, "bid Gask 3", "pass", "pass")
    for card in "SA SK SQ SJ ST HA HK HQ HJ HT".split():
        play(state, f"discard {card}")
    # Three kept; the talon taken: sixteen cards, lay away three.
    assert len(state.hands[0]) == 16 and state.talon == ()
    play(state, "discard CJ", "discard CT", "discard C9")
    assert state.phase == "trump"
    assert "misère" in {str(a) for a in state.legal_actions()}
    play(state, "misère")
    # Gask 3 as a misère: lose all of 12 tricks, open; one more card laid away.
    play(state, "discard C8", "play")
    assert state.phase == "play" and state.trick_count == 12 and state.open_seats == (0,)


def test_gask_bid_in_a_class_must_be_played_with_trumps() -> None:
    state = layout({}, "")
    play(state, "bid Gask 2 in colour", "pass", "pass")
    for card in list(state.hands[0])[:11]:
        play(state, f"discard {card}")
    for card in list(state.hands[0])[:2]:
        play(state, f"discard {card}")
    assert state.phase == "trump" and "misère" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalAction) as err:
        state.apply("misère")
    assert err.value.reason.code == "class-promise"


def test_gask_zero_lays_away_the_whole_hand_and_gask_six_has_no_misere() -> None:
    state = layout({}, "")
    play(state, "bid Gask 0", "pass", "pass")
    for card in list(state.hands[0]):
        play(state, f"discard {card}")
    assert tuple(state.hands[0]) == state.deck[39:] and state.phase == "trump"
    six = layout({}, "")
    play(six, "bid Gask 6", "pass", "pass")
    for card in list(six.hands[0])[:7]:
        play(six, f"discard {card}")
    for card in list(six.hands[0])[:6]:
        play(six, f"discard {card}")
    assert "misère" not in {str(a) for a in six.legal_actions()}
    with pytest.raises(IllegalAction) as err:
        six.apply("misère")
    assert err.value.reason.code == "no-misere-option"


# -- surrender and the settlement -------------------------------------------------------------------------------------


def test_a_surrendered_game_is_a_single_loss_and_a_solo_double() -> None:
    # Draw 8 in clubs (colour when spades are cut): 1 point to each opponent, 1 chip into the pot.
    state = layout({}, "")
    play(state, "bid Draw 8", "pass", "pass", "trump C", f"discard {state.hands[0][0]}", "draw", "surrender")
    settlement = state.settlement()
    assert state.is_terminal() and settlement is not None
    assert settlement.points == (-2, 1, 1) and settlement.chips == (-1, 0, 0)
    # A surrendered Solo 9 bid off-colour pays the off-colour rate (2) whatever trump was named, and
    # two chips: a surrendered solo counts double.
    solo = layout({}, "")
    play(solo, "bid Solo 9", "pass", "pass", "trump S", "surrender")
    settled = solo.settlement()
    assert settled is not None and settled.points == (-4, 2, 2) and settled.chips == (-2, 0, 0)


def test_a_second_try_pays_the_first_and_its_own_chips() -> None:
    # Beg: first try in hearts (off-colour, 0 points), second in spades (preference, 1 point), then
    # surrendered: 0 + 1 point to each opponent; chips for a loss after a second try: 2 (house).
    state = layout({}, "")
    play(state, "bid Beg", "pass", "pass", "trump H", f"discard {state.hands[0][0]}", "draw", "retry")
    play(state, "trump S", f"discard {state.hands[0][0]}", "draw", "surrender")
    settlement = state.settlement()
    assert settlement is not None and settlement.points == (-2, 1, 1) and settlement.chips == (-2, 0, 0)


def test_refusals_change_nothing_and_bad_input_is_named() -> None:
    state = layout({}, "")
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("card SA")
    with pytest.raises(ParseError, match="bad action"):
        state.apply("fold")
    with pytest.raises(ParseError):
        state.apply("bid Bridge 7")
    with pytest.raises(ParseError):
        state.apply(7)
    assert state.to_json() == before
    with pytest.raises(InvalidPosition):
        HandState(list(FULL_PACK)[:51], "SA")
    with pytest.raises(InvalidPosition):
        HandState(list(FULL_PACK), "ZZ")
    with pytest.raises(InvalidPosition):
        HandState(list(FULL_PACK), "SA", players=5)
    with pytest.raises(InvalidPosition):
        HandState(list(FULL_PACK), "SA", dealer=3)
    with pytest.raises(InvalidPosition):
        HandState.from_json({"game": "sjavs"})
    with pytest.raises(InvalidPosition):
        HandState.from_json({"game": "vira", "deck": " ".join(map(str, FULL_PACK)), "cut": "SA", "extra": 1})
    with pytest.raises(InvalidPosition, match="cannot be replayed"):
        HandState.from_json({"game": "vira", "deck": " ".join(map(str, FULL_PACK)), "cut": "SA",
                             "actions": ["pass"]})
    with pytest.raises(InvalidPosition):
        HandState.from_json("[[[[[[[[[[[[]]]]]]]]]]]]")


def test_the_play_follows_suit_and_explains_refusals() -> None:
    state = layout({0: "S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK CA", 1: "SA H2 H3 H4 H5 H6 H7 H8 H9 HT HJ HQ HK",
                    2: DIAMONDS}, "HA C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK")
    play(state, "bid Solo 6", "pass", "pass", "trump S", "play", "keep", "keep")
    play(state, "card S2")  # eldest leads a trump
    with pytest.raises(IllegalAction) as err:
        state.apply("card HK")  # middle hand holds ♠A: it must follow
    assert err.value.reason.code == "must-follow" and "♠A" in err.value.reason.text
    assert [str(a) for a in state.legal_actions()] == ["card SA"]
    play(state, "card SA")
    with pytest.raises(IllegalAction) as err:
        state.apply("card HA")  # ♥A is in the talon, not in rear hand's hand
    assert err.value.reason.code == "not-held"
    play(state, "card D2")  # no spade: any card
    assert state.tricks[-1] == (0, tuple(parse_cards("S2 SA D2")), 1)  # ♠A, the highest trump, wins
    assert state.current_player() == 1  # the winner leads


def test_json_round_trip_and_a_custom_chip_table() -> None:
    table = HOUSE_CHIPS.with_rates("test", "every Beg pays 5", {"Beg": ChipRates(5, 5, 10, 0, 10, 20)})
    state = GAME.new(11, chips=table)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    data = state.to_json()
    again = GAME.from_json(data)
    assert again.to_json() == data and again.returns() == state.returns()
    assert again.chips.for_contract("Beg").won == 5 and again.chips.name == "test"


# -- more of the seed's statements -------------------------------------------------------------------------------


def test_cards_rank_ace_high_down_to_two() -> None:
    from stytvolt.vira import explain_trick, trick_winner
    assert trick_winner("SK SA S2", None) == 1 and trick_winner("S2 ST S9", None) == 1
    result = explain_trick("HQ HK SA", "S")
    assert result.winner == 2 and result.reason.code == "trumped"
    assert explain_trick("HQ HK SA", None).reason.code == "highest-of-led"


def test_play_goes_to_the_left() -> None:
    # Dealer 2: eldest 0, then 1, then 2, in the auction and in each trick.
    state = layout({}, "")
    seen = []
    for text in ("bid Beg", "bid Draw 7", "bid Draw 8"):
        seen.append(state.current_player())
        play(state, text)
    assert seen == [0, 1, 2]


def test_the_talon_stays_hidden_and_discards_are_not_examined_once_play_begins() -> None:
    state = layout({}, "")
    talon = set(state.talon)
    for p in range(3):
        data = state.observation(p).to_json()
        assert data["talon"] == 13 and not {str(c) for c in talon} & set(str(data).split("'"))
    play(state, "bid Beg", "pass", "pass", "trump S")
    laid = state.hands[0][0]
    play(state, f"discard {laid}", "draw")
    assert state.observation(0).discards == (laid,)  # the soloist may still look
    assert state.observation(1).discards == ()
    play(state, "play", "keep", "keep")
    assert state.phase == "play" and state.observation(0).discards == ()
    assert laid in state.known_to(0)  # seen once, so never redealt by a resample


def test_returns_are_nothing_until_the_hand_ends_and_the_second_try_pays_no_chip_at_once() -> None:
    state = layout({}, "")
    play(state, "bid Beg", "pass", "pass", "trump S", f"discard {state.hands[0][0]}", "draw", "retry")
    assert state.returns() == [0, 0, 0] and state.settlement() is None


@pytest.mark.parametrize("name", ["Beg", "Draw 9", "Turn-up 8", "Vingel 7", "Tringel 9", "Misère 4"])
def test_winning_after_a_second_try_is_unprofitable_but_beats_losing_a_first(name: str) -> None:
    # Parlett: a win after a second try gains nothing, yet costs less than losing after a first try.
    from stytvolt.vira import contract, settle
    item = contract(name)
    classes: list[SuitClass | None] = [None] if item.always_misere else list(SuitClass)
    for cls in classes:
        won_tricks, lost_tricks = (0, 1) if item.always_misere else (item.tricks, (item.tricks or 0) - 1)
        won2 = settle(item, soloist=0, opponents=(1, 2), tricks=won_tricks, suit_class=cls, second_try=True,
                      first_try_class=cls).returns()[0]
        lost1 = settle(item, soloist=0, opponents=(1, 2), tricks=lost_tricks, suit_class=cls).returns()[0]
        assert lost1 < won2 <= 0
