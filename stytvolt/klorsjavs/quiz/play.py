"""Klørsjavs question kinds about the play: which card wins a trick, and which card may be played to one.

Every answer comes from the rules: :func:`~stytvolt.klorsjavs.rules.explain_trick`
decides tricks and says why, :func:`~stytvolt.klorsjavs.rules.legal_plays`
and :func:`~stytvolt.klorsjavs.rules.refusal` decide what may be played and
say why not, and :func:`~stytvolt.klorsjavs.cards.suit_of` says which suit a
card plays in (the notes on the traps say what it found).  This module draws
positions, words the question and offers the choices.

The three games: ``klorsjavs`` (three players, the nine permanent trumps
♣Q ♠Q ♣J ♠J ♥J ♦J ♣A ♣K ♣5 are the club suit), ``four-hand`` (the same,
four players, no ♥Q or ♦Q) and ``auction`` (three players, a named trump
suit, every suit A K Q J 5: no permanent trumps at all).

**The traps** (:func:`trick_traps`, :func:`follow_traps`):

* ``wenzel-led``: ♠Q, ♠J, ♥J or ♦J led, which is a club lead (trick-winner:
  always; legal-plays: when the hand holds cards of the printed suit);
* ``wenzel-on-its-suit`` (trick-winner) / ``wenzel-in-printed-suit``
  (legal-plays): a spade, heart or diamond led, and a wenzel printed with
  that suit played or held: it is a trump, not of that suit;
* ``wenzel-follows-club`` (legal-plays): a club led, and the hand holds a
  wenzel printed with another suit: it follows as a club;
* ``auction``: in a trick, any of Klørsjavs's nine trumps, each of which
  plays otherwise in the auction (♠J is a plain spade unless spades are
  named, and then a trump below ♠A and ♠K); in legal-plays, one of them that
  is a plain card there (♠Q a spade, ♣A a plain club unless clubs are
  named), led, or held where it now follows, or no longer follows, the suit
  led.

**Levels of trick-winner** (the cards in play order):

1. Klørsjavs, no trump in the trick;
2. Klørsjavs or four-hand Klørsjavs, a trump in the trick, no trap;
3. at least one trap (any of the three games).

**Levels of legal-plays** (your hand, the trick so far; you tap the one card
that may be played, or the one that may not):

1. Klørsjavs, no trump in the trick or the hand;
2. Klørsjavs or four-hand Klørsjavs, a trump in the trick or the hand, no trap;
3. at least one trap (any of the three games).
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.klorsjavs.cards import TRUMPS, suit_of
from stytvolt.klorsjavs.rules import explain_trick, legal_plays, refusal, trump_suit
from stytvolt.klorsjavs.quiz.common import (
    GAME, GAME_NAMES, SEATS, cards_text, checked_cards, checked_trump, checked_variant, first_fit, listed,
    pack_of, players_of, seat_notes,
)
from stytvolt.learn import Draft, kind
from stytvolt.learn.common import draw_following, follow_question, tap_hand, winner_question

__all__ = [
    "TRICK_TRAPS", "FOLLOW_TRAPS", "WENZELS", "trick_traps", "follow_traps", "trick_level", "follow_level",
    "ask_trick_winner", "ask_legal_plays", "make_trick_winner", "make_legal_plays",
]

TRICK_TRAPS = ("wenzel-led", "wenzel-on-its-suit", "auction")
FOLLOW_TRAPS = ("wenzel-in-printed-suit", "wenzel-led", "wenzel-follows-club", "auction")
#: The six wenzels, highest first: the queens and jacks among the nine trumps.
WENZELS: tuple[Card, ...] = tuple(c for c in TRUMPS if c.rank in (Rank.QUEEN, Rank.JACK))

_RULE_TRICK = "klorsjavs/play.md#who-wins-a-trick"
_RULE_CLUBS = "klorsjavs/cards.md#all-nine-trumps-are-clubs"
_RULE_AUCTION = "klorsjavs/variants.md#playing-the-auction-game"
_RULE_FOLLOW = "klorsjavs/play.md#following-suit"
_RULE_FOLLOW_TRAPS = "klorsjavs/play.md#traps-with-worked-examples"


def _is_trump(card: Card, trump: Suit | None) -> bool:
    """Whether the card plays as a trump (:func:`~stytvolt.klorsjavs.rules.trump_suit` says which suit that is)."""
    return suit_of(card, trump) is trump_suit(trump)


def _wenzel_abroad(card: Card, trump: Suit | None) -> bool:
    """A trump printed with a suit other than clubs (♠Q ♠J ♥J ♦J), in the games with the nine trumps."""
    return trump is None and suit_of(card, None) is Suit.CLUBS and card.suit is not Suit.CLUBS


def _misread(card: Card, trump: Suit | None) -> bool:
    """A card a reader is likely to misplace: in Klørsjavs a wenzel printed with another suit (it is a club);
    in the auction one of Klørsjavs's nine trumps that is a plain card here (♠J is a spade, ♣A a plain club)."""
    if trump is None:
        return _wenzel_abroad(card, None)
    return _is_trump(card, None) and not _is_trump(card, trump)


def _notes(cards: Sequence[Card], trump: Suit | None) -> list[Reason]:
    """One reason naming every misread card among ``cards`` (none if there is none)."""
    found = [c for c in cards if _misread(c, trump)]
    if not found:
        return []
    many = len(found) > 1
    if trump is None:
        text = ("{which} " + ("are both among" if len(found) == 2 else "are all among" if many else "is one of")
                + " the nine trumps: "
                + ("they play as clubs, whatever suit is printed on them." if many
                   else "it plays as a club, not as a {printed}."))
        return [Reason.of("quiz.klorsjavs.wenzel", text, tuple(found), which=listed(found),
                          printed=found[0].suit.singular)]
    text = ("In the auction game only {trumps} are trumps: {which} "
            + ("are plain cards of the suits printed on them." if many else "is a plain {printed}."))
    return [Reason.of("quiz.klorsjavs.auction-plain", text, tuple(found), which=listed(found),
                      trumps=trump.english, printed=found[0].suit.singular)]


def _ordinary(cards: Sequence[Card], trump: Suit | None) -> list[Reason]:
    """In the auction, the queens and jacks of the named suit: trumps, but ranked below the ace and king."""
    if trump is None:
        return []
    found = [c for c in cards if c.suit is trump and c.rank in (Rank.QUEEN, Rank.JACK)]
    if not found:
        return []
    return [Reason.of("quiz.klorsjavs.auction-order", "In the auction game the trumps run A K Q J 5, so {which} "
                      + ("rank" if len(found) > 1 else "ranks") + " below the ace and the king of {trumps}.",
                      tuple(found), which=listed(found), trumps=trump.english)]


def _suit_words(suit: Suit, trump: Suit | None) -> str:
    """What was led, in words: ``"trumps (clubs)"``, ``"trumps"`` (the auction) or the suit."""
    if suit is trump_suit(trump):
        return "trumps (clubs)" if trump is None else "trumps"
    return suit.english


def _lead_reason(lead: Card, trump: Suit | None) -> Reason:
    """What the led card asks the others to follow with, a misread lead (a wenzel, an auction plain card) said so."""
    led = suit_of(lead, trump)
    if _wenzel_abroad(lead, trump):
        text = "{lead} was led: it is one of the nine trumps, so clubs were led, not {printed}."
    elif _misread(lead, trump):
        text = "{lead} was led: in the auction game it is a plain card of its suit, so {suit} were led."
    else:
        text = "{lead} was led, so {suit} were led."
    return Reason.of("quiz.klorsjavs.lead", text, (lead,), lead=lead.symbol, printed=lead.suit.english,
                     suit=_suit_words(led, trump))


def _rule(traps: Sequence[str], trapped: str, plain: str) -> str:
    """The page a question links: the auction's section for an auction trap, ``trapped`` for another, else ``plain``."""
    if "auction" in traps:
        return _RULE_AUCTION
    return trapped if traps else plain


def _context(variant: str, trump: Suit | None) -> str:
    """The question's first sentence: the game, and what is trumps in it."""
    if variant == "auction":
        assert trump is not None
        return f"{GAME_NAMES[variant]}: the declarer named {trump.english} as trumps."
    return f"{GAME_NAMES[variant]}: clubs and the wenzels are trumps."


# -- trick-winner ---------------------------------------------------------------------------------


def trick_traps(cards: Sequence[Card] | str, *, variant: str = "klorsjavs",
                trump: Suit | str | None = None) -> tuple[str, ...]:
    """The traps (:data:`TRICK_TRAPS`) in a trick, ``cards[0]`` the lead."""
    game = checked_variant(variant)
    suit = checked_trump(game, trump)
    shown = checked_cards(cards, "the trick", game)
    if not shown:
        return ()
    found = set()
    if suit is not None:
        # Each of Klørsjavs's nine trumps plays otherwise here: as a plain card, or as a trump ranked A K Q J 5.
        if any(_is_trump(c, None) for c in shown):
            found.add("auction")
    else:
        lead = shown[0]
        led = suit_of(lead, None)
        if _wenzel_abroad(lead, None):
            found.add("wenzel-led")
        if led is not Suit.CLUBS and any(_wenzel_abroad(c, None) and c.suit is led for c in shown[1:]):
            found.add("wenzel-on-its-suit")
    return tuple(t for t in TRICK_TRAPS if t in found)


def trick_level(cards: Sequence[Card] | str, *, variant: str = "klorsjavs", trump: Suit | str | None = None) -> int:
    """The level a trick belongs to, by the module's definition."""
    game = checked_variant(variant)
    suit = checked_trump(game, trump)
    shown = checked_cards(cards, "the trick", game)
    if trick_traps(shown, variant=game, trump=suit):
        return 3
    return 2 if any(_is_trump(c, suit) for c in shown) else 1


def ask_trick_winner(cards: Sequence[Card] | str, *, variant: str = "klorsjavs", trump: Suit | str | None = None,
                     leader: int = 1) -> Draft:
    """Which card wins this trick?  The reader taps it.

    ``cards``: one card from each player in play order (the first was led);
    ``trump``: the named trump suit, in the auction only; ``leader``: the seat
    that led (0 South, 1 West, 2 North, 3 East with four).
    """
    game = checked_variant(variant)
    suit = checked_trump(game, trump)
    shown = checked_cards(cards, "the trick", game)
    players = players_of(game)
    if len(shown) != players:
        raise InvalidPosition(f"a trick of {GAME_NAMES[game]} holds {players} cards, not {len(shown)}")
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < players:
        raise InvalidPosition(f"the leader is a seat 0..{players - 1}, not {leader!r}")
    result = explain_trick(shown, suit)
    traps = trick_traps(shown, variant=game, trump=suit)
    reasons = [_lead_reason(shown[0], suit), *_notes(shown[1:], suit), *_ordinary(shown, suit), result.reason]
    rule = _rule(traps, _RULE_CLUBS, _RULE_TRICK)
    position = {"variant": game, "trump": "" if suit is None else suit.letter, "cards": cards_text(shown),
                "leader": SEATS[leader]}
    return winner_question(shown, result.card, reasons, position=position,
                           notes=seat_notes(leader, players, players), rule=rule, context=_context(game, suit))


def _pick(rng: random.Random, pool: Sequence[Card], count: int, led: Suit, trump: Suit | None,
          follow: float) -> list[Card]:
    """``count`` cards from ``pool``, each of the led suit with chance ``follow`` while any is left."""
    return draw_following(rng, pool, count, lambda c: suit_of(c, trump) is led, follow)


def _game_for(rng: random.Random, level: int) -> str:
    """The game a level's question is drawn in: Klørsjavs; or four-hand too; or the auction too (level 3)."""
    if level == 1:
        return "klorsjavs"
    if level == 2:
        return rng.choice(("klorsjavs", "klorsjavs", "four-hand"))
    return rng.choice(("klorsjavs", "klorsjavs", "four-hand", "auction", "auction"))


def _trick_draw(rng: random.Random, level: int) -> Draft | None:
    trump: Suit | None = None
    game = _game_for(rng, level)
    deck = tuple(pack_of(game))
    players = players_of(game)
    if level == 1:
        plain = [c for c in deck if not _is_trump(c, None)]
        lead = rng.choice(plain)
        cards = [lead, *_pick(rng, [c for c in plain if c is not lead], players - 1, lead.suit, None, 0.6)]
    elif level == 2:
        safe = [c for c in deck if not _wenzel_abroad(c, None)]
        lead = rng.choice(safe)
        rest = [c for c in deck if c is not lead]
        cards = [lead, *_pick(rng, rest, players - 1, suit_of(lead, None), None, 0.4)]
    elif game == "auction":
        trump = rng.choice(tuple(Suit))
        lead = rng.choice(deck)
        rest = [c for c in deck if c is not lead]
        cards = [lead, *_pick(rng, rest, players - 1, lead.suit, trump, 0.5)]
    else:
        if rng.random() < 0.5:
            lead = rng.choice([c for c in deck if _wenzel_abroad(c, None)])
            rest = [c for c in deck if c is not lead]
            # A plain card of the printed suit beside it, where the lead is misread.
            cards = [lead, *_pick(rng, rest, players - 1, lead.suit, trump, 0.0)]
            printed = [c for c in rest if suit_of(c, None) is lead.suit]
            if printed and rng.random() < 0.7 and printed[0] not in cards:
                cards[rng.randrange(1, players)] = printed[0]
        else:
            wenzel = rng.choice([c for c in deck if _wenzel_abroad(c, None)])
            lead = rng.choice([c for c in deck if suit_of(c, None) is wenzel.suit])
            rest = [c for c in deck if c not in (lead, wenzel)]
            tail = [wenzel, *rng.sample(rest, players - 2)]
            rng.shuffle(tail)
            cards = [lead, *tail]
    if len(set(cards)) != len(cards) or trick_level(cards, variant=game, trump=trump) != level:
        return None
    return ask_trick_winner(cards, variant=game, trump=trump, leader=rng.randrange(players))


@kind(
    GAME, "trick-winner", title="Who wins the trick?",
    summary="The cards of a trick in play order: tap the one that takes it (the wenzels are clubs).",
    rule=_RULE_TRICK,
)
def make_trick_winner(rng: random.Random, level: int) -> Draft:
    return first_fit(_trick_draw, rng, level, "trick-winner")


# -- legal-plays ----------------------------------------------------------------------------------


def follow_traps(hand: Sequence[Card] | str, trick: Sequence[Card] | str, *, variant: str = "klorsjavs",
                 trump: Suit | str | None = None) -> tuple[str, ...]:
    """The traps (:data:`FOLLOW_TRAPS`) of playing from ``hand`` to ``trick`` (its first card led)."""
    game = checked_variant(variant)
    suit = checked_trump(game, trump)
    cards = checked_cards(hand, "the hand", game)
    played = checked_cards(trick, "the trick", game)
    if not played:
        return ()
    lead = played[0]
    led = suit_of(lead, suit)
    found = set()
    if suit is not None:
        # The auction: a card that would follow (or not) differently in Klørsjavs, where it matters.
        if _misread(lead, suit) or any(_misread(c, suit) and c.suit is not Suit.CLUBS
                                       and (c.suit is led or led is Suit.CLUBS) for c in cards):
            found.add("auction")
    else:
        if led is not Suit.CLUBS and any(_wenzel_abroad(c, None) and c.suit is led for c in cards):
            found.add("wenzel-in-printed-suit")
        if _wenzel_abroad(lead, None) and any(suit_of(c, None) is lead.suit for c in cards):
            found.add("wenzel-led")
        if led is Suit.CLUBS and any(_wenzel_abroad(c, None) for c in cards):
            found.add("wenzel-follows-club")
    return tuple(t for t in FOLLOW_TRAPS if t in found)


def follow_level(hand: Sequence[Card] | str, trick: Sequence[Card] | str, *, variant: str = "klorsjavs",
                 trump: Suit | str | None = None) -> int:
    """The level a legal-plays position belongs to, by the module's definition."""
    game = checked_variant(variant)
    suit = checked_trump(game, trump)
    cards = checked_cards(hand, "the hand", game)
    played = checked_cards(trick, "the trick", game)
    if follow_traps(cards, played, variant=game, trump=suit):
        return 3
    return 2 if any(_is_trump(c, suit) for c in (*cards, *played)) else 1


def ask_legal_plays(hand: Sequence[Card] | str, trick: Sequence[Card] | str, *, variant: str = "klorsjavs",
                    trump: Suit | str | None = None) -> Draft:
    """Which card of ``hand`` may South play to ``trick`` (or which may not)?  The reader taps it.

    Asks for the one card that may be played when only one may, and for the
    one that may not when all the others may; any other position raises
    :class:`~stytvolt.core.errors.InvalidPosition`.
    """
    game = checked_variant(variant)
    suit = checked_trump(game, trump)
    cards = checked_cards(hand, "the hand", game)
    played = checked_cards(trick, "the trick", game)
    players = players_of(game)
    if not 3 <= len(cards) <= 6:
        raise InvalidPosition(f"a hand to ask about holds 3 to 6 cards, not {len(cards)}")
    if not 1 <= len(played) < players:
        raise InvalidPosition(f"the trick so far holds 1 to {players - 1} cards (someone has led), not {len(played)}")
    if set(cards) & set(played):
        raise InvalidPosition(f"{min(set(cards) & set(played))} is both in the hand and in the trick")
    legal = legal_plays(cards, played, suit)
    barred = [c for c in cards if c not in legal]
    lead = played[0]
    led = suit_of(lead, suit)
    one = "trump" if led is trump_suit(suit) else led.singular
    reasons: list[Reason] = [_lead_reason(lead, suit), *_notes(cards, suit)]
    if len(legal) == 1:
        ask, answer = "may", legal[0]
        reasons.append(Reason.of(
            "quiz.klorsjavs.legal.only",
            "{card} is the hand's only {one}, so it must be played: {others} may not.",
            (answer, *barred), card=answer.symbol, one=one, others=listed(barred),
        ))
    elif len(barred) == 1:
        ask, answer = "may-not", barred[0]
        why = refusal(cards, played, answer, suit)
        assert why is not None  # a card legal_plays leaves out has its refusal
        reasons.append(why)
    else:
        raise InvalidPosition(
            f"exactly one card must be the answer: {len(legal)} of the hand's cards may be played and "
            f"{len(barred)} may not"
        )
    traps = follow_traps(cards, played, variant=game, trump=suit)
    leader = (0 - len(played)) % players
    rule = _rule(traps, _RULE_FOLLOW_TRAPS, _RULE_FOLLOW)
    position = {"variant": game, "trump": "" if suit is None else suit.letter, "hand": cards_text(cards),
                "trick": cards_text(played), "ask": ask}
    return follow_question(cards, played, answer, ask, reasons, position=position,
                           notes=seat_notes(leader, len(played), players), rule=rule, context=_context(game, suit))


def _legal_draw(rng: random.Random, level: int) -> Draft | None:
    trump: Suit | None = None
    game = _game_for(rng, level)
    deck = tuple(pack_of(game))
    players = players_of(game)
    ask = rng.choice(("may", "may-not"))
    size = rng.randrange(3, 5 if game == "four-hand" else 6)
    played_count = rng.randrange(1, players)
    must: list[Card] = []
    if game == "auction":
        trump = rng.choice(tuple(Suit))
        # Lead a queen or jack, or a suit whose queen or jack the hand holds.
        tricky = [c for c in deck if _misread(c, trump) and c.suit is not Suit.CLUBS]
        if rng.random() < 0.4:
            lead = rng.choice(tricky)
        else:
            lead = rng.choice(deck)
            held = [c for c in tricky if c is not lead and (c.suit is lead.suit or lead.suit is Suit.CLUBS)]
            if not held:
                return None
            must = [rng.choice(held)]
        follow = [c for c in deck if c.suit is lead.suit and c is not lead]
        other = [c for c in deck if c.suit is not lead.suit]
    elif level == 1:
        plain = [c for c in deck if not _is_trump(c, None)]
        lead = rng.choice(plain)
        follow = [c for c in plain if c.suit is lead.suit and c is not lead]
        other = [c for c in plain if c.suit is not lead.suit]
        deck = tuple(plain)
    elif level == 2:
        safe = [c for c in deck if not _wenzel_abroad(c, None)]
        lead = rng.choice(safe)
        led = suit_of(lead, None)
        follow = [c for c in safe if suit_of(c, None) is led and c is not lead]
        other = [c for c in safe if suit_of(c, None) is not led]
    else:
        trap = rng.choice(FOLLOW_TRAPS[:3])
        wenzels = [c for c in deck if _wenzel_abroad(c, None)]
        trumps = [c for c in deck if _is_trump(c, None)]
        if trap == "wenzel-in-printed-suit":
            wenzel = rng.choice(wenzels)
            lead = rng.choice([c for c in deck if suit_of(c, None) is wenzel.suit])
            follow = [c for c in deck if suit_of(c, None) is wenzel.suit and c is not lead]
            other = [c for c in deck if suit_of(c, None) is not wenzel.suit]
            must = [wenzel]
        elif trap == "wenzel-led":
            lead = rng.choice(wenzels)
            follow = [c for c in trumps if c is not lead]
            other = [c for c in deck if not _is_trump(c, None)]
            must = [rng.choice([c for c in other if c.suit is lead.suit])]
        else:
            lead = rng.choice([c for c in trumps if c.suit is Suit.CLUBS])
            follow = [c for c in trumps if c is not lead]
            other = [c for c in deck if not _is_trump(c, None)]
            must = [rng.choice(wenzels)]
    hand = tap_hand(rng, ask, size, follow, other, must)
    if hand is None:
        return None
    rest = [c for c in deck if c is not lead and c not in hand]
    if len(rest) < played_count - 1:
        return None
    trick = [lead, *rng.sample(rest, played_count - 1)]
    if follow_level(hand, trick, variant=game, trump=trump) != level:
        return None
    return ask_legal_plays(hand, trick, variant=game, trump=trump)


@kind(
    GAME, "legal-plays", title="Following suit",
    summary="Your hand and the trick so far: tap the one card you may play, or the one you may not.",
    rule=_RULE_FOLLOW,
)
def make_legal_plays(rng: random.Random, level: int) -> Draft:
    return first_fit(_legal_draw, rng, level, "legal-plays")
