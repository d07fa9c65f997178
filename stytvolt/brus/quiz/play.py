"""Brus question kinds about the play: which card wins a trick, and what may be done (play a card, or pass).

Every answer comes from the rules: :func:`~stytvolt.brus.rules.explain_trick`
decides tricks and says why (and refuses a trick that could not happen),
:func:`~stytvolt.brus.rules.legal_plays` says what may be done, and
:func:`~stytvolt.brus.rules.card_refusal` and
:func:`~stytvolt.brus.rules.pass_refusal` say why each other choice may not;
:func:`~stytvolt.brus.cards.describe_card` says where a card stands.  This
module draws positions, words the question and offers the choices.

The table is four players (:mod:`.common`): you are South.

**trick-winner**: a finished trick whose cards lie in front of the players
who played them, shown from South round to East (not in play order), with
who led and who passed said in words; the reader taps the winning card.
At least two cards were played.  Levels, by the cards played:

1. no matador, no two of the same rank (nines, aces, jacks and sixes rank
   by their rank alone);
2. no matador, two of the same rank (the suit decides: ♣ ♠ ♥ ♦);
3. a matador: Spit ♣J, Dull ♠8 or Brus ♥K (a jack, an eight and a king
   above every nine and ace).

**legal-plays**: your hand and the trick so far (you are next to play, or on
lead); exactly one thing may be done, a card or a pass, and the reader picks
it from up to six choices.  Levels:

1. the lead alone has been played; no matador in the trick or the hand,
   no seven in the hand;
2. no matador, and the trick has more than the lead (the card to beat is
   not the lead), or you are on lead, or you hold a seven;
3. a matador in the trick or the hand.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import Reason
from stytvolt.brus.cards import (
    CLUB_KING, DUDS, LIVE_ORDER, MATADORS, SEVENS, check_card, check_cards, describe_card, is_live, power,
)
from stytvolt.brus.quiz.common import GAME, PLAYERS, SEATS, named
from stytvolt.brus.rules import PASS, card_refusal, explain_trick, legal_plays, pass_refusal
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.learn.common import card_choices, cards_text, first_fit

__all__ = [
    "read_plays", "trick_level", "follow_level", "ask_trick_winner", "ask_legal_plays",
    "make_trick_winner", "make_legal_plays",
]

_RULE_TRICK = "brus/play.md#who-wins-a-trick"
_RULE_ORDER = "brus/cards.md#the-order-of-the-live-cards"
_RULE_MATADORS = "brus/cards.md#the-matadors"
_RULE_BEAT = "brus/play.md#beat-or-pass"
_RULE_LEAD = "brus/play.md#leading"
_RULE_NO_LIVE = "brus/play.md#when-the-leader-has-no-live-card"
_RULE_SEVENS = "brus/play.md#sevens-first"

#: The live cards that are not matadors, highest first.
PLAIN_LIVE: tuple[Card, ...] = LIVE_ORDER[len(MATADORS):]
_CONTEXT = "Brus for four: South and North play against West and East."


def read_plays(plays: Sequence[Card | str | None] | str, what: str = "the trick") -> list[Card | None]:
    """A trick's plays in order, each a card or ``None`` for a pass (``"pass"`` or ``"-"`` in text)."""
    if isinstance(plays, str):
        items: list[object] = list(plays.replace(",", " ").split())
    elif isinstance(plays, (list, tuple)):
        items = list(plays)
    else:
        raise ParseError(f"{what} is given as plays like 'S9 pass C9', not {type_name(plays)}")
    out: list[Card | None] = []
    for item in items:
        if item is None or (isinstance(item, str) and item.strip().lower() in (PASS, "-")):
            out.append(None)
        else:
            out.append(check_card(item, f"a play of {what}"))
    return out


def _plays_text(plays: Sequence[Card | None]) -> str:
    return " ".join(PASS if c is None else str(c) for c in plays)


def _played(plays: Sequence[Card | None]) -> list[Card]:
    return [c for c in plays if c is not None]


def _trick_steps(plays: Sequence[Card | None], leader: int) -> tuple[list[Reason], Reason | None, Card | None]:
    """The rules' reading of a trick so far (each play, named seats), why its winner wins, and its highest card."""
    if not plays:
        return [], None, None
    result = explain_trick(list(plays), [(leader + i) % PLAYERS for i in range(len(plays))])
    return [named(r) for r in result.steps], named(result.reason), result.card


def _who(seats: Sequence[int]) -> str:
    names = [SEATS[s] + (" (you)" if s == 0 else "") for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- trick-winner ---------------------------------------------------------------------------------


def trick_level(plays: Sequence[Card | str | None] | str) -> int:
    """The level a trick belongs to, by the module's definition."""
    cards = _played(read_plays(plays))
    if any(c in MATADORS for c in cards):
        return 3
    ranks = [c.rank for c in cards]
    return 2 if len(set(ranks)) < len(ranks) else 1


def ask_trick_winner(plays: Sequence[Card | str | None] | str, *, leader: int = 1) -> Draft:
    """Which card wins this finished trick?  The reader taps it among the cards as they lie, South first.

    ``plays``: the lead and each later turn in play order, four in all, a
    card or a pass; ``leader``: the seat that led (0 South, 1 West, 2 North,
    3 East).  A trick that could not happen is refused with the rules' reason.
    """
    steps = read_plays(plays)
    if len(steps) != PLAYERS:
        raise InvalidPosition(f"a finished trick at a table of {PLAYERS} holds {PLAYERS} plays (the lead and one turn "
                              f"each), not {len(steps)}")
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < PLAYERS:
        raise InvalidPosition(f"the leader is a seat 0..{PLAYERS - 1}, not {leader!r}")
    cards = _played(steps)
    if len(cards) < 2:
        raise InvalidPosition("ask about a trick with at least two cards played: with the lead alone it wins")
    reasons, why, winner = _trick_steps(steps, leader)
    assert why is not None and winner is not None
    seat_of = {c: (leader + i) % PLAYERS for i, c in enumerate(steps) if c is not None}
    passers = [(leader + i) % PLAYERS for i, c in enumerate(steps) if c is None]
    by_seat = sorted(cards, key=seat_of.__getitem__)
    notes = tuple(SEATS[seat_of[c]] + (" (you)" if seat_of[c] == 0 else "") + (", led" if seat_of[c] == leader else "")
                  for c in by_seat)
    level = trick_level(steps)
    told = [describe_card(c) for c in cards if c in MATADORS] if level == 3 else []
    if winner not in MATADORS:
        told.append(describe_card(winner))
    passed = f"{_who(passers)} passed." if passers else "Nobody passed."
    context = (f"{_CONTEXT} {SEATS[leader]} led and play went round to the left. {passed} The cards lie in front of "
               "the players who played them. Tap the card that wins.")
    return Draft(
        prompt="Which card wins this trick?",
        choices=card_choices(by_seat),
        answer=str(winner),
        explanation=(*reasons, *told, why),
        position={"plays": _plays_text(steps), "leader": SEATS[leader]},
        rows=(Row("The cards of the trick, as they lie, South first", tuple(by_seat), notes, tap=True),),
        rule=_RULE_MATADORS if level == 3 else _RULE_ORDER if level == 2 else _RULE_TRICK,
        context=context,
    )


def _trick_draw(rng: random.Random, level: int) -> Draft | None:
    count = rng.randrange(2, PLAYERS + 1)
    if level == 3:
        cards = [rng.choice(MATADORS), *rng.sample([c for c in LIVE_ORDER], count - 1)]
    else:
        cards = rng.sample(PLAIN_LIVE, count)
    if len(set(cards)) != len(cards):
        return None
    cards.sort(key=power)  # each card played beats the one before it
    turns = sorted(rng.sample(range(1, PLAYERS), count - 1))
    plays: list[Card | None] = [None] * PLAYERS
    plays[0] = cards[0]
    for turn, card in zip(turns, cards[1:]):
        plays[turn] = card
    if trick_level(plays) != level:
        return None
    return ask_trick_winner(plays, leader=rng.randrange(PLAYERS))


@kind(
    GAME, "trick-winner", title="Who wins the trick?",
    summary="The cards of a finished trick as they lie: tap the one that takes it (the matadors first, then "
            "nines, aces, jacks, sixes).",
    rule=_RULE_TRICK,
)
def make_trick_winner(rng: random.Random, level: int) -> Draft:
    return first_fit(_trick_draw, rng, level, "trick-winner")


# -- legal-plays ----------------------------------------------------------------------------------


def follow_level(hand: Sequence[Card] | str, trick: Sequence[Card | str | None] | str) -> int:
    """The level a legal-plays position belongs to, by the module's definition."""
    cards = check_cards(hand, "the hand")
    steps = read_plays(trick)
    if any(c in MATADORS for c in (*cards, *_played(steps))):
        return 3
    if len(steps) > 1 or not steps or any(c in SEVENS for c in cards):
        return 2
    return 1


def _tempting(hand: Sequence[Card], steps: Sequence[Card | None], highest: Card | None) -> list[Card]:
    """The hand's cards a learner is likeliest to pick wrongly, most tempting first: a card that beats an earlier
    card of the trick but not the highest, a matador, another live card, a seven, ♣K, the other duds (the
    highest face first within each)."""
    earlier = _played(steps)[:-1]

    def rank(card: Card) -> tuple[int, int]:
        if highest is not None and is_live(card) and any(power(card) > power(c) for c in earlier):
            group = 0
        elif card in MATADORS:
            group = 1
        elif is_live(card):
            group = 2
        elif card in SEVENS:
            group = 3
        elif card is CLUB_KING:
            group = 4
        else:
            group = 5
        return group, -int(card.rank)

    return sorted(hand, key=rank)


def ask_legal_plays(hand: Sequence[Card] | str, trick: Sequence[Card | str | None] | str = ()) -> Draft:
    """What may South do: play which card, or pass?  Exactly one thing may be done; the reader picks it.

    ``trick``: the plays so far in order (a card or a pass; empty: South is
    on lead), the last of them made by East.  Any other position (more than
    one thing allowed, a leader still holding a seven, a card in both) raises
    :class:`~stytvolt.core.errors.InvalidPosition`.
    """
    cards = check_cards(hand, "the hand")
    steps = read_plays(trick)
    if not 2 <= len(cards) <= 9:
        raise InvalidPosition(f"a hand to ask about holds 2 to 9 cards, not {len(cards)}")
    if len(steps) >= PLAYERS:
        raise InvalidPosition(f"the trick so far holds at most {PLAYERS - 1} plays (South plays last), not {len(steps)}")
    both = set(cards) & set(_played(steps))
    if both:
        raise InvalidPosition(f"{min(both)} is both in the hand and in the trick")
    leader = (0 - len(steps)) % PLAYERS
    reasons, _, highest = _trick_steps(steps, leader)
    if highest is None and any(c in SEVENS for c in cards):
        raise InvalidPosition("a player on lead has laid out every seven before leading (ruling R58)")
    legal = legal_plays(cards, highest)
    actions = [str(c) for c in legal.cards] + ([PASS] if legal.may_pass else [])
    if len(actions) != 1:
        raise InvalidPosition(f"exactly one thing must be allowed, not {len(actions)}: {', '.join(actions)}")
    answer = actions[0]
    wrong_cards = [c for c in _tempting(cards, steps, highest) if str(c) != answer]
    offered_cards = wrong_cards[:4 if answer != PASS else 5]
    shown = set(offered_cards) | ({check_card(answer)} if answer != PASS else set())
    choices = [Choice(str(c), c.symbol, (c,)) for c in cards if c in shown] + [Choice(PASS, "Pass")]
    explained: list[Reason] = []
    for card in offered_cards:
        refused = card_refusal(cards, highest, card)
        assert refused is not None  # every choice but the answer is refused by the rules
        explained.append(refused)
    if answer != PASS:
        refused = pass_refusal(cards, highest)
        assert refused is not None
        explained.append(refused)
    if answer == PASS:
        said = (Reason.of("quiz.brus.pass-lead", "You are on lead with no live card, so the lead passes on to West.")
                if highest is None else
                Reason.of("quiz.brus.pass", "Nothing in your hand beats {highest}, so you pass.", (highest,),
                          highest=highest.symbol))
        rule = _RULE_NO_LIVE if highest is None else _RULE_BEAT
    else:
        card = check_card(answer)
        if highest is None:
            said = Reason.of("quiz.brus.only-live", "{card} is your only live card: on lead you must lead it.", (card,),
                             card=card.symbol)
            rule = _RULE_LEAD
        else:
            said = Reason.of("quiz.brus.only-beat", "{card} is the only card in your hand that beats {highest}, so you "
                             "must play it.", (card, highest), card=card.symbol, highest=highest.symbol)
            rule = _RULE_BEAT
    if answer == PASS and any(c in SEVENS for c in cards) and rule == _RULE_BEAT:
        rule = _RULE_SEVENS
    if follow_level(cards, steps) == 3 and rule == _RULE_BEAT:
        rule = _RULE_MATADORS
    notes = tuple(SEATS[(leader + i) % PLAYERS] + (", led" if i == 0 else "") for i, c in enumerate(steps) if c is not None)
    passers = [(leader + i) % PLAYERS for i, c in enumerate(steps) if c is None]
    if highest is None:
        situation = "You are South, on lead: the trick is yours to start."
    else:
        passed = f" {_who(passers)} passed." if passers else ""
        situation = f"{SEATS[leader]} led, and it is your turn (South): the last to play.{passed}" if len(steps) == 3 \
            else f"{SEATS[leader]} led, and it is your turn (South).{passed}"
    rows = [] if not steps else [Row("The trick so far, in play order", tuple(_played(steps)), notes)]
    rows.append(Row("Your hand (South)", tuple(cards)))
    return Draft(
        prompt="What may you do?",
        choices=tuple(choices),
        answer=answer,
        explanation=(*reasons, said, *explained),
        position={"hand": cards_text(cards), "trick": _plays_text(steps)},
        rows=tuple(rows),
        rule=rule,
        context=f"{_CONTEXT} {situation} Pick the one thing you may do.",
    )


def _legal_draw(rng: random.Random, level: int) -> Draft | None:
    size = rng.randrange(3, 8)
    mode = "lead-only" if level == 1 else rng.choice(("lead-only", "more", "more", "on-lead"))
    pool = list(LIVE_ORDER if level == 3 else PLAIN_LIVE)
    if mode == "on-lead":
        steps: list[Card | None] = []
    elif mode == "lead-only":
        steps = [rng.choice(pool)]
    else:
        count = rng.randrange(1, 3)
        played = sorted(rng.sample(pool, count), key=power)
        turns = sorted(rng.sample(range(1, 3), count - 1)) if count > 1 else []
        length = rng.randrange(max(turns, default=0) + 1, PLAYERS)
        steps = [None] * length
        steps[0] = played[0]
        for turn, card in zip(turns, played[1:]):
            steps[turn] = card
    rest_live = [c for c in pool if c not in steps]
    others = list(DUDS) + ([] if mode == "on-lead" or level == 1 else list(SEVENS))
    # A few live cards at most: most hands that leave one thing to do hold one or two.
    live = rng.sample(rest_live, min(len(rest_live), rng.randrange(0, 3)))
    if level == 3 and not any(c in MATADORS for c in (*live, *_played(steps))):
        live.append(rng.choice([c for c in MATADORS if c not in steps]))
    if len(live) >= size:
        return None
    hand = live + rng.sample(others, size - len(live))
    rng.shuffle(hand)
    if follow_level(hand, steps) != level:
        return None
    highest = _played(steps)[-1] if steps else None
    legal = legal_plays(hand, highest)
    if len(legal.cards) + legal.may_pass != 1:
        return None
    return ask_legal_plays(hand, steps)


@kind(
    GAME, "legal-plays", title="Beat or pass",
    summary="Your hand and the trick so far: pick the one thing you may do, a card to play or a pass.",
    rule=_RULE_BEAT,
)
def make_legal_plays(rng: random.Random, level: int) -> Draft:
    return first_fit(_legal_draw, rng, level, "legal-plays")
