"""Brus's cards and rule queries: card_role, the order, legal_plays, refusal, explain_trick, deal_score.

Every expectation is worked out by hand from the rules (the working is in the
comments): the live cards high to low are ♣J (Spit) ♠8 (Dull) ♥K (Brus),
♣9 ♠9 ♥9 ♦9, ♣A ♠A ♥A ♦A, ♠J ♥J ♦J, ♣6 ♠6 ♥6 ♦6; the sevens are laid out,
never played; the other fourteen cards are duds.  The seed's surviving
statements are the tests named ``test_seed_…``.

Also here: :func:`deck_for`, which stacks a deck so that a deal gives the
hands a test wants (the other Brus test files import it).
"""

from __future__ import annotations

import doctest
from typing import Sequence

import pytest

import stytvolt.brus.cards
import stytvolt.brus.rules
from stytvolt.brus import (
    CLUB_KING, DUDS, LIVE_ORDER, MATADORS, PACK, SEVENS, LegalPlays, Role, beats, card_role, deal_score, describe_card,
    explain_trick, is_live, legal_plays, name_of, power, refusal, side_of, trick_winner,
)
from stytvolt.core.cards import Card, CardParseError, parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition, ParseError, StytvoltError


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def deck_for(hands: Sequence[str], dealer: int) -> list[Card]:
    """The deck (as dealt, after the cut) that gives seat s the cards ``hands[s]`` when ``dealer`` deals one
    card at a time clockwise from the dealer's left."""
    n = len(hands)
    held = [parse_cards(h) for h in hands]
    size = len(held[0])
    deck: list[Card] = []
    for r in range(size):
        for k in range(n):
            deck.append(held[(dealer + 1 + k) % n][r])
    return deck


# -- the pack and the roles ---------------------------------------------------------------------------


def test_the_pack_is_36_cards_six_to_ace() -> None:
    assert len(PACK) == 36
    assert {c.rank.letter for c in PACK} == set("6789TJQKA")


def test_the_three_matadors_and_their_names() -> None:
    assert [str(c) for c in MATADORS] == ["CJ", "S8", "HK"]
    assert [name_of(c) for c in MATADORS] == ["♣J (Spit)", "♠8 (Dull)", "♥K (Brus)"]
    assert all(card_role(c) is Role.MATADOR for c in MATADORS)


def test_the_live_order_high_to_low() -> None:
    # matadors, then nines, aces, the three jacks other than Spit, sixes; each rank ♣ ♠ ♥ ♦
    assert " ".join(str(c) for c in LIVE_ORDER) == "CJ S8 HK C9 S9 H9 D9 CA SA HA DA SJ HJ DJ C6 S6 H6 D6"
    assert [power(c) for c in LIVE_ORDER] == list(range(18, 0, -1))


def test_roles_of_every_card() -> None:
    # 3 matadors + 15 live + 4 sevens + 14 duds = 36
    roles = [card_role(c) for c in PACK]
    assert roles.count(Role.MATADOR) == 3
    assert roles.count(Role.LIVE) == 15
    assert roles.count(Role.SEVEN) == 4
    assert roles.count(Role.DUD) == 14
    assert card_role("C9") is Role.LIVE and card_role("♦6") is Role.LIVE
    assert card_role("S7") is Role.SEVEN
    assert card_role("CK") is Role.DUD and CLUB_KING in DUDS
    assert str(Role.DUD) == "dud" and Role("live") is Role.LIVE
    assert set(SEVENS) == set(cards("C7 S7 H7 D7"))


def test_the_duds_are_the_unlisted_eights_and_kings_and_all_tens_and_queens() -> None:
    assert set(DUDS) == set(cards("C8 H8 D8 CK SK DK CT ST HT DT CQ SQ HQ DQ"))


def test_card_role_takes_cards_and_text() -> None:
    assert card_role(parse_card("HK")) is Role.MATADOR
    assert card_role("♥K") is Role.MATADOR
    assert card_role("kh") is Role.MATADOR


def test_describe_card() -> None:
    assert describe_card("CJ").text == ("♣J is Spit, the first of the three matadors: it beats every other live card.")
    assert describe_card("HK").text == ("♥K is Brus, the third of the three matadors: it beats every other live card "
                                        "but Spit (♣J) and Dull (♠8).")
    # ♣9 is fourth from the top, so 14 live cards lie below it
    assert describe_card("C9").text.startswith("♣9 is a live card, number 4 of 18 from the top: it beats the 14 live")
    assert describe_card("H6").arguments["beaten"] == "one live card"
    assert describe_card("D6").text == "♦6 is the lowest of the 18 live cards: it can be led, but it beats nothing."
    assert describe_card("D7").code == "role-seven"
    assert "decides a deal" in describe_card("CK").text
    assert "decides" not in describe_card("SK").text


# -- the seed's surviving statements (seed 002: the end of Parlett's Brus chapter) -----------------------


def test_seed_live_cards_may_be_played_and_duds_may_not() -> None:
    # On lead, any live card may be led; no dud ever.
    for card in LIVE_ORDER:
        assert refusal([card], None, card) is None
    for card in DUDS:
        why = refusal([card], None, card)
        assert why is not None and why.code == "dud-not-played"


def test_seed_the_top_three_live_cards_are_the_named_matadors() -> None:
    assert LIVE_ORDER[:3] == MATADORS
    assert all(card_role(c) is not Role.MATADOR for c in LIVE_ORDER[3:])


def test_seed_equal_face_values_rank_clubs_spades_hearts_diamonds() -> None:
    for rank in "9AJ6":
        suits = [c for c in "CSHD" if not (rank == "J" and c == "C")]
        for hi, lo in zip(suits, suits[1:]):
            assert beats(parse_card(hi + rank), parse_card(lo + rank))
            assert not beats(parse_card(lo + rank), parse_card(hi + rank))


def test_seed_ranks_spit_dull_brus_nines_aces_jacks_sixes() -> None:
    # every card of a group beats every card of the groups below
    groups = [cards("CJ"), cards("S8"), cards("HK"), cards("C9 S9 H9 D9"), cards("CA SA HA DA"),
              cards("SJ HJ DJ"), cards("C6 S6 H6 D6")]
    for i, upper in enumerate(groups):
        for lower in groups[i + 1:]:
            assert all(beats(a, b) and not beats(b, a) for a in upper for b in lower)


def test_seed_sevens_are_winners_never_played() -> None:
    for seven in SEVENS:
        assert card_role(seven) is Role.SEVEN
        why = refusal([seven], None, seven)
        assert why is not None and why.code == "seven-not-played"
        assert not is_live(seven)


def test_seed_all_others_are_duds() -> None:
    # "Tens, Queens, and unlisted Eights and Kings"
    for card in PACK:
        if card.rank.letter in "TQ" or (card.rank.letter in "8K" and card not in MATADORS):
            assert card_role(card) is Role.DUD


def test_seed_each_in_turn_must_play_higher_if_possible_otherwise_pass() -> None:
    # ♠A led: ♣9 and ♦9 beat it (nines above aces), ♥J and ♦6 do not; so ♣9 or ♦9, never a pass
    got = legal_plays("HJ C9 D6 D9", "SA")
    assert got == LegalPlays(cards("C9 D9"), False)
    why = refusal("HJ C9 D6 D9", "SA", "pass")
    assert why is not None and why.code == "must-beat"
    # nothing beats ♥K but Spit and Dull: a hand of nines passes
    assert legal_plays("C9 S9 H9", "HK") == LegalPlays((), True)


def test_seed_higher_than_any_so_far_played() -> None:
    # the trick ♦6 ♥9 so far: the card to beat is ♥9 (the highest), not the lead ♦6
    assert legal_plays("SA HJ S9", "H9") == LegalPlays(cards("S9"), False)


def test_seed_whoever_plays_highest_wins_the_trick() -> None:
    # ♦6, ♠6 beats it, a pass, ♣9 beats ♠6: ♣9 (play 4) is the highest
    assert trick_winner("D6 S6 pass C9") == 3
    assert trick_winner("HA pass pass pass") == 0


def test_seed_plagu_a_nine_may_force_a_matador() -> None:
    # The seed's comment: a nine (its suit is lost) may force out a matador its holder would keep.
    # ♣9 led to a hand of Spit and a six: only Spit beats it, so Spit must go.
    assert legal_plays("CJ D6", "C9") == LegalPlays(cards("CJ"), False)


def test_seed_lurch_two_strokes() -> None:
    assert deal_score((6, 0), straight=True).strokes == 2
    assert deal_score((0, 6), straight=True).side == 1


def test_seed_six_tricks_one_stroke() -> None:
    score = deal_score((2, 6))
    assert (score.side, score.strokes, score.kind) == (1, 1, "six")


def test_seed_five_tricks_and_club_king_one_stroke() -> None:
    score = deal_score((5, 3), club_king_side=0)
    assert (score.side, score.strokes, score.kind) == (0, 1, "club-king")


def test_seed_a_no_score_draw_is_possible() -> None:
    score = deal_score((4, 4))
    assert (score.side, score.strokes) == (None, 0)
    assert deal_score((5, 4), club_king_side=1).side is None


# -- legal_plays and refusal --------------------------------------------------------------------------


def test_leading_any_live_card_never_a_seven_or_dud() -> None:
    # on lead: ♣J (Spit) and ♦6 are live; ♣7 a seven; ♥Q and ♣K duds
    assert legal_plays("CJ C7 HQ D6 CK", None) == LegalPlays(cards("CJ D6"), False)
    why = refusal("CJ C7 HQ D6 CK", None, "pass")
    assert why is not None and why.code == "must-lead"


def test_a_leader_with_no_live_card_passes_the_lead() -> None:
    assert legal_plays("C7 HQ CK", None) == LegalPlays((), True)
    assert legal_plays("", None) == LegalPlays((), True)


def test_refusals_name_the_rule() -> None:
    hand = "C9 S7 HQ D6"
    assert refusal(hand, "SA", "C9") is None
    assert refusal(hand, "SA", "S7").code == "seven-not-played"  # type: ignore[union-attr]
    assert refusal(hand, "SA", "HQ").code == "dud-not-played"  # type: ignore[union-attr]
    low = refusal(hand, "SA", "D6")
    assert low is not None and low.code == "too-low"
    assert low.text == "♦6 does not beat ♠A: after the lead, a card must be higher than the highest card so far."
    assert refusal(hand, "SA", "DA").code == "not-held"  # type: ignore[union-attr]
    assert "♣K only decides" in refusal("CK", None, "CK").text  # type: ignore[union-attr]
    must = refusal(hand, "SA", "pass")
    assert must is not None and must.code == "must-beat" and "♣9" in must.text


def test_a_matador_is_beaten_only_by_a_higher_matador() -> None:
    # Brus (♥K) is beaten by Dull (♠8) and Spit (♣J); Dull by Spit only; Spit by nothing
    assert legal_plays("S8 CJ C9", "HK").cards == cards("S8 CJ")
    assert legal_plays("CJ C9", "S8").cards == cards("CJ")
    assert legal_plays("S8 HK", "CJ") == LegalPlays((), True)


def test_legal_plays_str() -> None:
    assert str(legal_plays("C9 D6", "SA")) == "C9"
    assert str(legal_plays("D6", "SA")) == "pass"


# -- explain_trick --------------------------------------------------------------------------------------


def test_explain_trick_step_by_step() -> None:
    # ♦J led; ♥6 cannot beat it, so a pass; ♠A beats ♦J; ♣9 beats ♠A; ♣9 wins (play 4)
    result = explain_trick("DJ pass SA C9", seats=[2, 3, 0, 1])
    assert result.winner == 3 and result.card == parse_card("C9")
    assert [r.code for r in result.steps] == ["lead", "pass", "beats", "beats"]
    assert result.steps[0].text == "Player 2 leads ♦J."
    assert result.steps[1].text == "Player 3 passes: holding nothing higher than ♦J."
    assert result.steps[3].text == "Player 1 beats ♠A with ♣9."
    assert result.reason.code == "highest-wins"
    assert result.reason.text == "Player 1 wins the trick with ♣9, the highest card played."
    assert result.reason.render(["South", "West", "North", "East"]) == \
        "West wins the trick with ♣9, the highest card played."


def test_explain_trick_everybody_passes() -> None:
    result = explain_trick(["CJ", None, "pass", "-"])
    assert result.winner == 0
    assert result.reason.code == "lead-stands"
    assert result.reason.text == "Player 0 wins the trick with ♣J (Spit): nobody could beat it."


def test_explain_trick_a_lone_lead() -> None:
    assert explain_trick("D6").reason.code == "highest-wins"


@pytest.mark.parametrize("plays, words", [
    ("", "no play"),
    ("pass D6", "play 1 is a pass"),
    ("HQ", "cannot be led"),
    ("D7", "cannot be led"),
    ("C9 SA", "does not beat"),
    ("C9 HQ", "play 2"),
    ("D6 H6 S6 C6 DJ HJ SJ", "at most 6"),
    ("D6 D6", "played twice"),
    ("D6 X9", "bad card"),
    ("D6 C2", "not in the 36-card Brus pack"),
])
def test_explain_trick_refuses_an_impossible_trick(plays: str, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        explain_trick(plays)


def test_explain_trick_bad_seats_and_types() -> None:
    with pytest.raises(InvalidPosition, match="seats"):
        explain_trick("D6 H6", seats=[0])
    with pytest.raises(InvalidPosition, match="seats"):
        explain_trick("D6 H6", seats=[0, True])  # type: ignore[list-item]
    with pytest.raises(ParseError, match="not an int"):
        explain_trick(5)  # type: ignore[arg-type]


# -- deal_score -----------------------------------------------------------------------------------------


def test_deal_score_reasons() -> None:
    assert deal_score((6, 0), straight=True).reason.text == \
        "Team A took six tricks straight off, the opponents none: the lurch, 2 strokes."
    assert deal_score((3, 6)).reason.text == "Team B took six tricks, the opponents 3 tricks: 1 stroke."
    assert deal_score((5, 5), club_king_side=1).reason.text == \
        "No side reached six tricks; team B have five and hold ♣K: 1 stroke."
    assert deal_score((5, 2), club_king_side=1).reason.text == \
        "No side reached six tricks; team A have five but team B hold ♣K: nobody scores."
    assert deal_score((3, 4), club_king_side=0).reason.code == "no-score"


def test_deal_score_both_at_five_goes_to_the_club_king() -> None:
    assert deal_score((5, 5), club_king_side=0).side == 0
    assert deal_score((5, 5), club_king_side=1).side == 1


def test_deal_score_club_king_does_not_matter_at_six() -> None:
    assert deal_score((6, 5), club_king_side=1).side == 0


@pytest.mark.parametrize("args, words", [
    (((6, 0),), "pass straight=True"),
    (((6, 1), True), "cannot be six straight off"),
    (((5, 0), True), "no side has six"),
    (((6, 6),), "both sides cannot"),
    (((7, 1),), "from 0 to 6"),
    (((-1, 6),), "from 0 to 6"),
    (((5, 3),), "club_king_side=0 or 1"),
    (((5, 3), False, 2), "club_king_side must be"),
    (((5, 3), False, True), "club_king_side must be"),
    (((6, 3), "yes"), "straight must be True or False"),
    (((6,),), "pair"),
    (("63",), "not a str"),
    (((6, 2.0),), "whole number"),
    (((True, 6),), "whole number"),
])
def test_deal_score_refuses_what_cannot_be(args: tuple[object, ...], words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        deal_score(*args)  # type: ignore[arg-type]


# -- bad input to the queries ---------------------------------------------------------------------------


@pytest.mark.parametrize("bad, words", [
    ("X9", "bad card 'X9'"),
    ("C2", "not in the 36-card Brus pack"),
    ("", "empty card"),
    (5, "not an int"),
    (None, "not None"),
])
def test_card_role_refuses_bad_cards(bad: object, words: str) -> None:
    with pytest.raises(CardParseError, match=words):
        card_role(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("hand, highest, words", [
    ("C9 C9", None, "named twice"),
    ("C9 Z1", None, "bad card"),
    (7, None, "not an int"),
    (["C9", 3], None, "holds an int"),
    ("C9", "HQ", "a live card, not ♥Q"),
    ("C9", "S7", "a live card, not ♠7"),
    ("C9", "C9", "both in the hand"),
    ("C9", 4, "not an int"),
    ("D6 H6 S6 C6 DJ HJ SJ DA HA SA", None, "at most 9"),
])
def test_legal_plays_refuses_bad_input(hand: object, highest: object, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        legal_plays(hand, highest)  # type: ignore[arg-type]


def test_refusal_refuses_a_bad_play() -> None:
    with pytest.raises(CardParseError, match="the play"):
        refusal("C9", None, 3)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="bad card 'passe'"):
        refusal("C9", None, "passe")


def test_side_of() -> None:
    assert [side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    for bad in (-1, 6, True, "1"):
        with pytest.raises(InvalidPosition, match="seat"):
            side_of(bad)  # type: ignore[arg-type]


def test_the_docstring_examples_run() -> None:
    for module in (stytvolt.brus.cards, stytvolt.brus.rules):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
