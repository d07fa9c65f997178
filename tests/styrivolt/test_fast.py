"""The compiled trick tables agree with the public trick explainer, on a sample of every kind of trick.

For each of the six pairs of chosen suits and every possible lead (each of
the 48 cards, as it is and, but for the fives, from four of a kind), 120
seeded random continuations of one to three more cards, some of them played
from four of a kind where a trick allows it: about 64,000 tricks, whose
winner after every play must be the winner ``explain_trick`` gives.  Every
ordered four-card trick of the pack is checked by ``bench/fast_tricks.py``.
"""

from __future__ import annotations

import random

import pytest

from stytvolt.core.cards import Card, parse_cards
from stytvolt.styrivolt.fast import CARDS, NO_STATE, NUMBER, cards_of, compiled, mask, play, trick_winner, winning_card
from stytvolt.styrivolt.ranking import Ranking, Role
from stytvolt.styrivolt.tricks import explain_trick

PAIRS = ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C")
CONTINUATIONS = 120


def _may_promote(card: Card, trick: list[Card]) -> bool:
    # Fives never play as four of a kind, and the other three of a promoted rank are in the same hand.
    return card.rank != 5 and not any(c.rank is card.rank for c in trick if c is not card)


@pytest.mark.parametrize("pair", PAIRS)
def test_the_tables_agree_with_explain_trick(pair: str) -> None:
    tables = compiled(pair)
    rng = random.Random(f"fast/{pair}")
    roles_led: set[tuple[Role, bool]] = set()
    ranking = Ranking.of(pair)
    checked = 0
    for lead in CARDS:
        for lead_promoted in (False, True):
            if lead_promoted and lead.rank == 5:
                continue
            for _ in range(CONTINUATIONS):
                rest = rng.sample([c for c in CARDS if c is not lead], rng.randint(1, 3))
                trick = [lead, *rest]
                if lead_promoted and not _may_promote(lead, trick):
                    continue
                promoted = [0] if lead_promoted else []
                promoted += [i for i, c in enumerate(trick) if i and _may_promote(c, trick) and rng.random() < 0.3
                             and not any(trick[j].rank is c.rank for j in promoted)]
                plays = [play(NUMBER[c], i in promoted) for i, c in enumerate(trick)]
                for n in range(1, len(trick) + 1):
                    expected = explain_trick(trick[:n], pair, [i for i in promoted if i < n]).winner
                    assert trick_winner(tables, plays[:n]) == expected, (pair, [str(c) for c in trick[:n]], promoted)
                    assert CARDS[winning_card(tables, plays[:n])] is trick[expected]
                    checked += 1
                roles_led.add((ranking.role(lead, lead_promoted), lead_promoted))
    assert checked > 8_000
    # Every kind of lead was tried: lambs, free cards, kings and queens, traders, stikkar, plain cards, promoted ones.
    led = {role for role, _ in roles_led}
    assert {Role.LAMB, Role.FREE_CARD, Role.KING, Role.QUEEN, Role.TRADER, Role.PLAIN} <= led
    assert any(p for _, p in roles_led)


def test_a_five_cannot_be_played_from_four_of_a_kind() -> None:
    tables = compiled("H,S")
    five = NUMBER[parse_cards("C5")[0]]
    assert tables.lead[play(five, True)] == NO_STATE
    assert all(row[play(five, True)] == NO_STATE for row in tables.after)


def test_hand_written_tricks() -> None:
    # Worked from docs/play.md: with hearts and spades chosen, ♣J ♠4 ♣A ♥3: the unfortunate ♠4 takes the
    # led jack, and the trist ♥3 ranks above that taking card, so play 4 wins.
    t = compiled("H,S")
    trick = [play(NUMBER[c]) for c in parse_cards("CJ S4 CA H3")]
    assert trick_winner(t, trick) == 3
    # The same cards in another order (docs/play.md): ♣J ♣A ♠4 ♥3: the ace takes the jack on rank, and neither
    # the unfortunate (unchosen cards up to the jack) nor the trist (up to the queen) reaches an ace: play 2.
    assert trick_winner(t, [play(NUMBER[c]) for c in parse_cards("CJ CA S4 H3")]) == 1
    # A led lamb (♠7 with spades chosen): not even the bird takes it (docs/play.md).
    assert trick_winner(t, [play(NUMBER[c]) for c in parse_cards("S7 H2 CA HA")]) == 0
    # Equal cards of the two chosen suits, two stýrivoltar: the first one played wins (docs/ranking.md).
    assert trick_winner(t, [play(NUMBER[c]) for c in parse_cards("HA SA S6 CK")]) == 0

def test_the_pairs_are_built_once_and_in_either_order() -> None:
    assert compiled("H,S") is compiled("S,H") is compiled(Ranking.of("spades, hearts"))


def test_masks() -> None:
    cards = parse_cards("H2 SK CA D9")
    bits = mask(cards)
    assert bin(bits).count("1") == 4
    assert set(cards_of(bits)) == set(cards)
    assert cards_of(0) == () and cards_of(mask(CARDS)) == CARDS
