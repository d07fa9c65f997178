"""Stýrivolt question kinds about the play: what beats a led card, who wins a trick, which leads are legal.

Every answer comes from the engine: :func:`~stytvolt.styrivolt.tricks.winner_index`
and :func:`~stytvolt.styrivolt.tricks.explain_trick` decide tricks, the
legality predicates (through :meth:`HandState.refusal` on a real hand)
decide leads.  This module only draws positions, words the question and
offers the choices.

Each kind has a public builder that asks about an explicit position
(:func:`ask_beats_lead`, :func:`ask_trick_winner`, :func:`ask_lead_legal`)
and a maker registered with :func:`stytvolt.learn.kind` that draws a
position for the level from the rng alone.

**The traps** (:data:`TRAPS`), found in a trick's cards by :func:`trick_traps`:

* ``trader-led``: a chosen five led, which is traded for the face-up card of its suit and plays as that card;
* ``led-lamb``: a lamb led (from the second trick on, since no lamb may lead the first);
* ``four-of-a-kind``: a card played from four of a kind, which plays as the best of its rank;
* ``equal-cards``: two cards of equal role from the two chosen suits (the first played wins);
* ``permanent-in-chosen``: a permanent stikkar of a chosen suit (♥2 with hearts chosen is the bird, not a tvist).

The first trap found (in this order) picks the rule page a question links to.

**Levels of beats-lead** (a led card, and cards that might be played on it):

1. no trap; the led card is a plain card of an unchosen suit, and every card
   offered is a plain card, a stikkar or a taking card;
2. no trap; the led card is a stikkar, a taking card, a free card or a chosen
   king or queen (the cards offered may be any card but a trader);
3. at least one trap among the led card and the cards offered.

**Levels of trick-winner** (four cards in play order):

1. no trap; the lead is a plain card, and every card is a plain card, a stikkar or a taking card;
2. no trap; the trick holds a lamb (not led), a free card, or a chosen king or queen;
3. at least one trap.

Traders appear only as a led trader (level 3): a trader is always exchanged
before it is played, so a five in a trick means the card it fetched.

**Levels of lead-legal** (South to lead, one card proposed; about half the answers "no"):

1. the first trick; the card proposed is a lamb (illegal) or a card that is
   neither a seven nor a trader (legal);
2. any of the first four tricks; the card proposed is a seven: a lamb in the
   first trick (illegal), a lamb later (legal), or an unchosen seven (legal);
3. the card proposed is a trader or a seven from four of a kind: a trader
   fetching a lone face-up lamb, or a seven of four, in the first trick
   (illegal); a trader whose suit shows a lamb and a stikkar face up (illegal:
   it must be traded first); the same traders and sevens in a later trick,
   or a trader fetching another card, in the first (legal).
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import COMPASS as SEATS, Reason
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.styrivolt.quiz.common import as_card, as_cards, chosen_sentence, first_fit
from stytvolt.styrivolt import legality
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PACK, PLAYERS
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, Ranking, Role, four_of_a_kind, parse_suits
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.tricks import explain_trick, winner_index

__all__ = [
    "TRAPS", "trick_traps",
    "ask_beats_lead", "ask_trick_winner", "ask_lead_legal", "south_to_lead",
    "make_beats_lead", "make_trick_winner", "make_lead_legal",
]

GAME = "styrivolt"
TRAPS = ("trader-led", "led-lamb", "four-of-a-kind", "equal-cards", "permanent-in-chosen")
SOUTH, EAST = 0, 3
_PAIRS: tuple[tuple[Suit, Suit], ...] = tuple((a, b) for a in Suit for b in Suit if a is not b)
_POWERLESS = (Role.LAMB, Role.FREE_CARD, Role.KING, Role.QUEEN)

# Where each trap, and each kind of led card, is taught.
_TRAP_RULE = {
    "trader-led": "traders.md#leading-or-playing-a-trader",
    "led-lamb": "ranking.md#lambs",
    "equal-cards": "ranking.md#equal-cards-the-first-one-wins",
    "four-of-a-kind": "ranking.md#four-of-a-kind",
    "permanent-in-chosen": "rulings.md#r2-permanent-stikkar-inside-a-chosen-suit",
}


# -- shared helpers ---------------------------------------------------------------------------


def _pair(chosen: Iterable[Suit | str] | str) -> tuple[Suit, Suit]:
    return parse_suits(chosen)


def _chosen_text(pair: tuple[Suit, Suit]) -> str:
    return f"{pair[0].letter},{pair[1].letter}"



def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)




def _trick_number(trick: object) -> int:
    if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 9:
        raise InvalidPosition(f"a trick number is a whole number from 1 to 9, not {trick!r}")
    return trick


def _pick_weighted(rng: random.Random, items: Sequence[tuple[Card, int]]) -> Card:
    """One card, drawn with the given whole-number weights (rng.choice over a list: the same on every Python)."""
    bag = [card for card, weight in items for _ in range(weight)]
    return rng.choice(bag)


def _role(ranking: Ranking, card: Card, promoted: bool = False) -> Role:
    return ranking.role(card, promoted)


def trick_traps(
    chosen: Iterable[Suit | str] | str,
    cards: Sequence[Card] | str,
    promoted: Iterable[int] = (),
    fetched: Card | str | None = None,
) -> tuple[str, ...]:
    """The traps (:data:`TRAPS`) among these cards: ``cards[0]`` is the lead, ``promoted`` the 0-based plays from four of a kind.

    ``fetched`` is the face-up card a led trader fetches (the lead then plays as that card).
    The other cards need not be one trick: beats-lead passes the led card and every card offered.
    """
    pair = _pair(chosen)
    ranking = Ranking.of(pair)
    shown = as_cards(cards)
    ups = frozenset(promoted)
    effective = list(shown)
    found: list[str] = []
    if ups:
        found.append("four-of-a-kind")
    if fetched is not None and shown and ranking.roles[shown[0].index] is Role.TRADER:
        found.append("trader-led")
        effective[0] = as_card(fetched)
    if any(c in PERMANENT_STIKKAR and c.suit in pair for c in effective):
        found.append("permanent-in-chosen")
    levels = [_role(ranking, c, i in ups).level for i, c in enumerate(effective)]
    if any(lv and levels.count(lv) > 1 for lv in levels):
        found.append("equal-cards")
    if effective and _role(ranking, effective[0], 0 in ups) is Role.LAMB:
        found.append("led-lamb")
    return tuple(t for t in TRAPS if t in found)


def _lead_rule(ranking: Ranking, lead: Card, promoted: bool) -> str:
    role = _role(ranking, lead, promoted)
    if role is Role.PLAIN:
        return "ranking.md#unchosen-suits"
    if role.is_stikkar:
        return "ranking.md#stikkar"
    if role.is_taking:
        return "ranking.md#taking-cards"
    if role is Role.FREE_CARD:
        return "ranking.md#free-cards"
    if role in (Role.KING, Role.QUEEN):
        return "ranking.md#chosen-kings-and-queens"
    return "ranking.md#lambs"


def _rule_for(traps: Sequence[str], fallback: str) -> str:
    return _TRAP_RULE[traps[0]] if traps else fallback


def _trader_reason(code: str, five: Card, fetched: Card, ranking: Ranking) -> Reason:
    return Reason(
        code,
        f"{five.symbol} is a trader: leading it means trading it for the face-up {ranking.describe(fetched)} "
        "and leading that card.",
        (five, fetched),
    )


def _check_fetch(ranking: Ranking, lead: Card, fetched: Card | str | None) -> Card | None:
    """The face-up card a led trader fetches (checked), or None when the lead is no trader."""
    if fetched is None:
        return None
    card = as_card(fetched)
    if ranking.roles[lead.index] is not Role.TRADER:
        raise InvalidPosition(f"{lead} is not a trader, so it fetches nothing (a face-up card was given: {card})")
    if card.suit is not lead.suit or card.rank is Rank.FIVE:
        raise InvalidPosition(f"the trader {lead} fetches the face-up card of its own suit, other than a five; not {card}")
    return card


# -- beats-lead ---------------------------------------------------------------------------------


NONE_ID = "none"


def ask_beats_lead(
    chosen: Iterable[Suit | str] | str,
    led: Card | str,
    offered: Sequence[Card] | str,
    *,
    promoted: bool = False,
    fetched: Card | str | None = None,
    trick: int = 2,
    none: bool = False,
) -> Draft:
    """Which of the ``offered`` cards beats ``led`` when played second?

    ``promoted``: the led card is played from four of a kind; ``fetched``: the
    led card is a trader and this is the face-up card it fetches; ``trick``:
    the trick's number (a lamb may not lead trick 1); ``none``: offer the
    choice "none of them".  Exactly one choice must be right: one offered card
    beats the lead, or none does and ``none`` is offered.  The choices keep
    the order given (the maker shuffles them).
    """
    pair = _pair(chosen)
    ranking = Ranking.of(pair)
    lead = as_card(led)
    cards = as_cards(offered)
    got = _check_fetch(ranking, lead, fetched)
    effective = got or lead
    number = _trick_number(trick)
    if not 1 <= len(cards) <= 5 or len(cards) + none < 2 or len(cards) + none > 6:
        raise InvalidPosition(f"offer 1 to 5 cards, 2 to 6 choices in all (with 'none of them'), not {len(cards)} cards")
    if len(set(cards)) != len(cards) or lead in cards or effective in cards:
        raise InvalidPosition("the led card and the cards offered must all differ")
    if any(ranking.roles[c.index] is Role.TRADER for c in cards):
        raise InvalidPosition("a trader is never played as itself: offer the card it would fetch instead")
    if _role(ranking, effective, promoted) is Role.LAMB and number == 1:
        raise InvalidPosition(f"no lamb may lead the first trick, so {effective} cannot be led to trick 1")
    beaters = []
    for c in cards:
        # explain_trick checks the two-card trick (a promoted lead means no other card of its rank).
        result = explain_trick((effective, c), pair, (0,) if promoted else ())
        if result.winner == 1:
            beaters.append(c)
    if len(beaters) > 1 or (not beaters and not none):
        raise InvalidPosition(
            "exactly one choice must be right: "
            + (f"{_cards_text(beaters)} all beat {effective}" if beaters else f"nothing offered beats {effective}, "
               "so offer 'none of them'")
        )
    answer = beaters[0] if beaters else None
    ups = (0,) if promoted else ()
    reasons: list[Reason] = []
    if got is not None:
        reasons.append(_trader_reason("quiz.beats-lead.trader", lead, got, ranking))
    if answer is not None:
        reasons.extend(explain_trick((effective, answer), pair, ups).reasons[:2])
    else:
        reasons.append(explain_trick((effective, cards[0]), pair, ups).reasons[0])
    for c in cards:
        if c is not answer:
            reasons.append(explain_trick((effective, c), pair, ups).reasons[1])
    if answer is None:
        reasons.append(Reason("quiz.beats-lead.none", f"None of the cards offered beats {effective.symbol}.", (effective,)))
    traps = trick_traps(pair, (lead, *cards), ups, got)
    desc = lead.symbol
    prompt = f"Which of these cards beats the led {desc} if it is played second?"
    notes = [f"led to trick {number}" + (", from a hand holding all four " + lead.rank.plural if promoted else "")]
    rows = [Row("The led card", (lead,), tuple(notes))]
    if got is not None:
        rows.append(Row(f"Lying face up ({got.suit.english})", (got,)))
    context = chosen_sentence(pair) + f" Trick {number}."
    choices = [Choice(str(c), c.symbol, (c,)) for c in cards]
    if none:
        choices.append(Choice(NONE_ID, "None of them"))
    position = {
        "chosen": _chosen_text(pair), "led": str(lead), "cards": _cards_text(cards),
        "promoted": "1" if promoted else "", "trick": str(number),
    }
    if got is not None:
        position["exposed"] = str(got)
    return Draft(
        prompt=prompt, choices=tuple(choices), answer=str(answer) if answer else NONE_ID,
        explanation=tuple(reasons), position=position, rows=tuple(rows),
        rule=_rule_for(traps, _lead_rule(ranking, effective, promoted)), context=context,
    )


def _tempting(ranking: Ranking, lead: Card, card: Card) -> bool:
    """A card a learner might think beats ``lead``: it has power, looks strong, or is a higher card."""
    role = ranking.roles[card.index]
    return bool(role.level) or role in _POWERLESS or card.rank > lead.rank


def _beats_lead_draw(rng: random.Random, level: int) -> Draft | None:
    pair = rng.choice(_PAIRS)
    ranking = Ranking.of(pair)
    traders = ranking.traders
    promoted = False
    fetched: Card | None = None
    trick = rng.randrange(1, 10)
    trap = rng.choice(TRAPS) if level == 3 else ""
    if level == 1:
        lead = rng.choice([c for c in PACK if ranking.roles[c.index] is Role.PLAIN])
    elif level == 2:
        lead = rng.choice([c for c in PACK if ranking.roles[c.index].level or ranking.roles[c.index] in _POWERLESS[1:]])
    elif trap == "trader-led":
        lead = rng.choice(sorted(traders))
        fetched = rng.choice([c for c in PACK if c.suit is lead.suit and c.rank is not Rank.FIVE])
    elif trap == "led-lamb":
        lead = rng.choice([c for c in PACK if ranking.roles[c.index] is Role.LAMB])
    elif trap == "four-of-a-kind":
        # A card whose role the four of a kind changes (an unchosen jack plays as a karnifl).
        lead = rng.choice([c for c in PACK if c.rank is not Rank.FIVE and ranking.role(c, True) is not ranking.roles[c.index]])
        promoted = True
    elif trap == "equal-cards":
        lead = rng.choice([c for c in PACK if ranking.roles[c.index].level and c not in PERMANENT_STIKKAR])
    else:  # permanent-in-chosen: led, or among the cards offered
        lead = rng.choice([c for c in PACK if c not in traders])
    effective = fetched or lead
    role = ranking.role(effective, promoted)
    if role is Role.LAMB and trick == 1:
        trick = rng.randrange(2, 10)
    ups = (True, False) if promoted else (False, False)

    def fits(c: Card) -> bool:
        r = ranking.roles[c.index]
        if c in (lead, effective) or r is Role.TRADER or (promoted and c.rank is effective.rank):
            return False
        if level == 1:
            return (r is Role.PLAIN or bool(r.level)) and not (c in PERMANENT_STIKKAR and c.suit in pair)
        if level == 2:
            return not (c in PERMANENT_STIKKAR and c.suit in pair)
        return True

    pool = [c for c in PACK if fits(c)]
    beats = [c for c in pool if winner_index(ranking, (effective, c), ups) == 1]
    fails = [c for c in pool if winner_index(ranking, (effective, c), ups) == 0]
    tempting = [c for c in fails if _tempting(ranking, effective, c)]
    if level < 3:  # no equal card of the other chosen suit at levels 1 and 2
        tempting = [c for c in tempting if not (role.level and ranking.roles[c.index].level == role.level)]
    if len(tempting) < 3:
        return None
    wrong_count = rng.randrange(2, 5)
    forced: list[Card] = []
    if trap == "equal-cards":
        forced = [c for c in fails if ranking.roles[c.index].level == role.level][:1]
    elif trap == "permanent-in-chosen" and not (effective in PERMANENT_STIKKAR and effective.suit in pair):
        inside = [c for c in pool if c in PERMANENT_STIKKAR and c.suit in pair]
        if not inside:
            return None
        forced = [rng.choice(inside)]
    answer: Card | None = None
    if beats and not (forced and forced[0] in beats):
        # Prefer an answer that is not simply a stikkar: a higher card of the suit, a taking card that reaches.
        answer = _pick_weighted(rng, [(c, 1 if ranking.roles[c.index].is_stikkar else 3) for c in beats])
    elif forced and forced[0] in beats:
        answer = forced[0]
    wrong = [c for c in forced if c is not answer]
    rest = [c for c in tempting if c not in wrong]
    wrong += rng.sample(rest, min(len(rest), wrong_count - len(wrong)))
    cards = wrong + ([answer] if answer is not None else [])
    none = answer is None or rng.random() < 0.25
    rng.shuffle(cards)
    draft = ask_beats_lead(pair, lead, cards, promoted=promoted, fetched=fetched, trick=trick, none=none)
    traps = trick_traps(pair, (lead, *cards), (0,) if promoted else (), fetched)
    if (level == 3) != bool(traps):
        return None
    return draft


@kind(
    GAME, "beats-lead", title="What beats the led card?",
    summary="A card is led: pick the one card offered that would take the trick from it if played second.",
    rule="ranking.md#quick-reference",
)
def make_beats_lead(rng: random.Random, level: int) -> Draft:
    return first_fit(_beats_lead_draw, rng, level, "beats-lead")


# -- trick-winner ----------------------------------------------------------------------------------


def ask_trick_winner(
    chosen: Iterable[Suit | str] | str,
    cards: Sequence[Card] | str,
    promoted: Iterable[int] = (),
    *,
    fetched: Card | str | None = None,
    trick: int = 2,
    leader: int = 1,
) -> Draft:
    """Which card wins this trick?  The reader taps it.

    ``cards`` in play order (the first was led), ``promoted`` the 0-based
    plays made from four of a kind, ``fetched`` the face-up card a led trader
    fetches, ``trick`` the trick's number and ``leader`` the seat that led
    (0 South … 3 East).  A card's id is its text ("H5" for a led trader,
    though it plays as the card it fetched).
    """
    pair = _pair(chosen)
    ranking = Ranking.of(pair)
    shown = as_cards(cards)
    if len(shown) != PLAYERS:
        raise InvalidPosition(f"a trick to ask about holds four cards, not {len(shown)}")
    if isinstance(promoted, (str, bytes)):
        raise InvalidPosition("promoted plays are given as play indices (0 = the lead), not text")
    given = list(promoted)
    if any(isinstance(i, bool) or not isinstance(i, int) for i in given):
        raise InvalidPosition(f"a promoted play is a play index (0 = the lead), not {given!r}")
    ups = tuple(sorted(set(given)))
    number = _trick_number(trick)
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < PLAYERS:
        raise InvalidPosition(f"the leader is a seat 0..3, not {leader!r}")
    got = _check_fetch(ranking, shown[0], fetched)
    effective = (got, *shown[1:]) if got is not None else shown
    if got is not None and got in shown:
        raise InvalidPosition(f"{got} is fetched by the led trader, so nobody else can play it")
    for c in shown[1:]:
        if ranking.roles[c.index] is Role.TRADER:
            raise InvalidPosition(f"{c} is a trader: it is exchanged before it is played, so give the card it fetches")
    result = explain_trick(effective, pair, ups)  # checks the cards and the promoted plays
    if _role(ranking, effective[0], 0 in ups) is Role.LAMB and number == 1:
        raise InvalidPosition(f"no lamb may lead the first trick, so {effective[0]} cannot lead trick 1")
    traps = trick_traps(pair, shown, ups, got)
    reasons: list[Reason] = []
    if got is not None:
        reasons.append(_trader_reason("quiz.trick-winner.trader", shown[0], got, ranking))
    reasons.extend(result.reasons)
    notes = []
    for i, c in enumerate(shown):
        seat = (leader + i) % PLAYERS
        note = SEATS[seat] + (" (you)" if seat == SOUTH else "") + (", led" if i == 0 else "")
        if i in ups:
            note += f", holding all four {c.rank.plural}"
        notes.append(note)
    rows = [Row("The trick, in play order", shown, tuple(notes), tap=True)]
    if got is not None:
        rows.append(Row(f"Lying face up ({got.suit.english})", (got,)))
    choices = tuple(Choice(str(c), c.symbol, (c,)) for c in shown)
    position = {
        "chosen": _chosen_text(pair), "cards": _cards_text(shown),
        "promoted": " ".join(str(i + 1) for i in ups), "trick": str(number), "leader": SEATS[leader],
    }
    if got is not None:
        position["exposed"] = str(got)
    return Draft(
        prompt="Which card wins this trick?",
        choices=choices, answer=str(shown[result.winner]), explanation=tuple(reasons), position=position,
        rows=tuple(rows), rule=_rule_for(traps, "play.md#who-wins-the-trick"),
        context=chosen_sentence(pair) + f" Trick {number}. Tap the card that wins.",
    )


def _trick_level(traps: Sequence[str], ranking: Ranking, cards: Sequence[Card], promoted: Sequence[int]) -> int:
    """The level a trick (without traders) belongs to, by the module's definition."""
    if traps:
        return 3
    roles = [ranking.role(c, i in promoted) for i, c in enumerate(cards)]
    if any(r in _POWERLESS for r in roles):
        return 2
    return 1 if roles[0] is Role.PLAIN else 0  # 0: a plain trick led by a stikkar or taking card (not asked)


def _trick_draw(rng: random.Random, level: int) -> Draft | None:
    pair = rng.choice(_PAIRS)
    ranking = Ranking.of(pair)
    traders = ranking.traders
    safe = [c for c in PACK if c not in traders and not (c in PERMANENT_STIKKAR and c.suit in pair)]
    fetched: Card | None = None
    ups: tuple[int, ...] = ()
    if level == 1:
        strong = [c for c in safe if ranking.roles[c.index] is Role.PLAIN or ranking.roles[c.index].level]
        plain = [c for c in strong if ranking.roles[c.index] is Role.PLAIN]
        lead = rng.choice(plain)
        # Half the tricks stay among plain and taking cards, so a stikkar does not decide them all.
        others = [c for c in strong if c is not lead and (rng.random() < 0.5 or not ranking.roles[c.index].is_stikkar)]
        # Many tricks of plain cards follow the led suit, where the order of play matters most.
        same = [c for c in others if c.suit is lead.suit]
        rest = rng.sample(others, 3)
        if same and rng.random() < 0.5:
            first = rng.choice(same)
            rest = [first] + rng.sample([c for c in others if c is not first], 2)
        cards = [lead, *rest]
    elif level == 2:
        weak = rng.choice([c for c in safe if ranking.roles[c.index] in _POWERLESS])
        cards = [weak] + rng.sample([c for c in safe if c is not weak], 3)
        rng.shuffle(cards)
    else:
        trap = rng.choice(TRAPS)
        allowed = [c for c in PACK if c not in traders]
        if trap == "trader-led":
            five = rng.choice(sorted(traders))
            fetched = rng.choice([c for c in PACK if c.suit is five.suit and c.rank is not Rank.FIVE])
            cards = [five] + rng.sample([c for c in allowed if c is not fetched], 3)
        elif trap == "led-lamb":
            lamb = rng.choice([c for c in PACK if ranking.roles[c.index] is Role.LAMB])
            cards = [lamb] + rng.sample([c for c in allowed if c is not lamb], 3)
        elif trap == "four-of-a-kind":
            card = rng.choice([c for c in allowed if ranking.role(c, True) is not ranking.roles[c.index]])
            cards = rng.sample([c for c in allowed if c.rank is not card.rank], 3)
            at = rng.randrange(4)
            cards.insert(at, card)
            ups = (at,)
        elif trap == "equal-cards":
            rank = rng.choice([Rank.ACE, Rank.JACK, Rank.SIX, Rank.TWO, Rank.THREE, Rank.FOUR])
            both = [Card(s, rank) for s in pair if Card(s, rank) not in PERMANENT_STIKKAR]
            if len(both) < 2:
                return None
            cards = both + rng.sample([c for c in allowed if c not in both], 2)
            rng.shuffle(cards)
        else:
            inside = [c for c in PERMANENT_STIKKAR if c.suit in pair]
            if not inside:
                return None
            card = rng.choice(inside)
            cards = [card] + rng.sample([c for c in allowed if c is not card], 2)
            # The card's own suit beside it, where the mistake is made (♥2 next to the heart tvist's place).
            cards.append(rng.choice([c for c in allowed if c.suit is card.suit and c not in cards]))
            rng.shuffle(cards)
    lead_role = ranking.role(fetched or cards[0], 0 in ups)
    trick = rng.randrange(2, 10) if lead_role is Role.LAMB else rng.randrange(1, 10)
    traps = trick_traps(pair, cards, ups, fetched)
    if fetched is None and _trick_level(traps, ranking, cards, ups) != level:
        return None
    if fetched is not None and not traps:  # pragma: no cover (a led trader is a trap)
        return None
    try:
        return ask_trick_winner(pair, cards, ups, fetched=fetched, trick=trick, leader=rng.randrange(PLAYERS))
    except InvalidPosition:
        return None  # a promoted card beside another of its rank: drawn again


@kind(
    GAME, "trick-winner", title="Who wins the trick?",
    summary="Four cards in play order: tap the one that takes the trick.",
    rule="play.md#who-wins-the-trick",
)
def make_trick_winner(rng: random.Random, level: int) -> Draft:
    return first_fit(_trick_draw, rng, level, "trick-winner")


# -- lead-legal ----------------------------------------------------------------------------------------


def south_to_lead(
    hands: Sequence[Sequence[Card] | str],
    stock: Sequence[Card] | str,
    plays: Iterable[Card | str] = (),
) -> HandState:
    """A hand dealt by East (so South leads the first trick), after ``plays`` in order; South must be to lead.

    ``hands`` are South's, West's, North's and East's nine cards; ``stock``
    the twelve left, top first.  When the dealer has a free choice of card to
    expose, the engine's default is taken.  Raises
    :class:`~stytvolt.core.errors.InvalidPosition` (or the engine's own
    refusal) when the plays are not legal or do not leave South to lead.
    """
    state = HandState.from_hands(hands, stock, dealer=EAST)
    while state.phase is Phase.EXPOSE:
        state.apply(state.legal_actions()[0])
    for card in plays:
        state.apply(Action.play(as_card(card)))
    if state.phase is not Phase.PLAY or state.to_move != SOUTH or state.current:
        raise InvalidPosition("after these plays South is not to lead a trick")
    return state


def _allowed_reason(state: HandState, card: Card) -> Reason:
    """Why South may lead ``card``: what it plays as, and that only a lamb is barred, from the first trick only."""
    effective, promoted = state.played_as(SOUTH, card)
    role = state.ranking.role(effective, promoted)
    number = len(state.tricks) + 1
    parts = []
    if effective is not card:
        parts.append(f"{card.symbol} is a trader, so leading it leads the face-up {effective.symbol}")
    if role is Role.LAMB:
        how = f"{effective.symbol} plays as a lamb" + (f" (all four {card.rank.plural} in one hand)" if promoted else "")
        parts.append(f"{how}, and a lamb may lead any trick but the first: this is trick {number}, "
                     "and you won the last one")
        code = "quiz.lead-legal.lamb_later"
    else:
        what = "a seven of an unchosen suit is no lamb, and " if effective.rank is Rank.SEVEN else ""
        parts.append(f"{what}only a lamb is barred from leading, and only from the first trick")
        code = "quiz.lead-legal.allowed"
    text = "; ".join(parts) + ", so you may lead it."
    text = text[:1].upper() + text[1:]
    return Reason.of(code, text, (card, effective) if effective is not card else (card,))


def ask_lead_legal(state: HandState, card: Card | str) -> Draft:
    """May South lead ``card`` now?  ``state`` has South to lead (see :func:`south_to_lead`)."""
    if not isinstance(state, HandState):
        raise InvalidPosition(f"a lead-legal question needs a hand (HandState), not {type_name(state)}")
    if state.phase is not Phase.PLAY or state.to_move != SOUTH or state.current:
        raise InvalidPosition("South is not to lead a trick in this hand")
    proposed = as_card(card)
    hand = state.hands[SOUTH]
    if proposed not in hand:
        raise InvalidPosition(f"South does not hold {proposed}, so cannot propose to lead it")
    refused = state.refusal(Action.play(proposed))
    number = len(state.tricks) + 1
    pair = state.chosen
    ranking = state.ranking
    exposed = tuple(c for s in pair for c in state.exposed.get(s, ()))
    effective, promoted = state.played_as(SOUTH, proposed)
    if refused is None:
        explanation: tuple[Reason, ...] = (ranking.explain_card(effective, promoted), _allowed_reason(state, proposed))
    else:
        explanation = (refused,)
    # The rule page: the trap this lead holds, or the lamb rule every lead question turns on.
    if ranking.roles[proposed.index] is Role.TRADER:
        rule = "traders.md#leading-or-playing-a-trader"
    elif promoted:
        rule = "rulings.md#r5-which-ranks-four-of-a-kind-promotes"
    else:
        rule = "rulings.md#r7-a-lamb-led-to-the-first-trick"
    rows = [Row("Your hand (South)", hand)]
    rows.append(Row("Lying face up", exposed))
    last = state.tricks[-1] if state.tricks else None
    position = {
        "chosen": _chosen_text(pair), "hand": _cards_text(hand), "exposed": _cards_text(exposed),
        "trick": str(number), "card": str(proposed),
    }
    if last is not None:
        notes = tuple(SEATS[p] + (" (you)" if p == SOUTH else "") for p in last.players)
        rows.append(Row("The last trick (you won it)", last.cards, notes))
        position["last_trick"] = _cards_text(last.cards)
    quads = four_of_a_kind(hand)
    context = chosen_sentence(pair) + (
        " It is the first trick of the hand, and you lead it." if number == 1
        else f" You won trick {number - 1}, so you lead trick {number}."
    )
    if quads:
        context += " You hold all four " + " and all four ".join(r.plural for r in sorted(quads)) + "."
    choices = (Choice("yes", "Yes, you may lead it"), Choice("no", "No, the rules forbid it"))
    return Draft(
        prompt=f"May you lead {proposed.symbol}?", choices=choices, answer="no" if refused else "yes",
        explanation=explanation, position=position, rows=tuple(rows), rule=rule, context=context,
    )


def _third(rng: random.Random, pair: tuple[Suit, Suit], avoid: set[Card]) -> Card:
    return rng.choice([c for c in PACK if c.suit not in pair and c not in avoid])


def _deal_to_lead(
    rng: random.Random, pair: tuple[Suit, Suit], turned: list[Card], south: list[Card], trick: int, keep: set[Card],
) -> HandState | None:
    """A real hand: the stock turns ``turned`` first (choosing ``pair``), South holds ``south``; South leads ``trick``.

    To reach a later trick South leads the earlier ones and wins them (the
    others play cards that do not take over), never playing a card of ``keep``.
    """
    used = set(turned) | set(south)
    rest = [c for c in PACK if c not in used]
    rng.shuffle(rest)
    take = 12 - len(turned)
    stock = turned + rest[:take]
    rest = rest[take:]
    need = 9 - len(south)
    south_hand = south + rest[:need]
    rest = rest[need:]
    rng.shuffle(south_hand)
    hands = [south_hand, rest[0:9], rest[9:18], rest[18:27]]
    state = south_to_lead(hands, stock)
    if state.chosen != pair:
        return None
    for _ in range(trick - 1):
        if not _south_wins_a_trick(rng, state, keep):
            return None
    return state


def _south_wins_a_trick(rng: random.Random, state: HandState, keep: set[Card]) -> bool:
    leads = [c for c in state.hands[SOUTH] if c not in keep and c not in state.ranking.traders
             and state.refusal(Action.play(c)) is None]
    rng.shuffle(leads)
    for lead in leads[:4]:
        state.apply(Action.play(lead))
        done = 1
        for _ in range(PLAYERS - 1):
            p = state.to_move
            quiet = [c for c in state.hands[p] if c not in state.ranking.traders
                     and not legality.beats_current(state, *state.played_as(p, c))]
            if not quiet:
                break
            state.apply(Action.play(rng.choice(quiet)))
            done += 1
        if done == PLAYERS and state.phase is Phase.PLAY and state.to_move == SOUTH and not state.current:
            return True
        for _ in range(done):
            state.undo()
    return False


def _lead_draw(rng: random.Random, level: int) -> Draft | None:
    pair = rng.choice(_PAIRS)
    a, b = pair
    ranking = Ranking.of(pair)
    illegal = rng.random() < 0.5
    lamb_a = Card(a, Rank.SEVEN)
    b_card = rng.choice([c for c in PACK if c.suit is b and c.rank not in (Rank.FIVE, Rank.SEVEN)])
    keep: set[Card] = set()
    if level == 1:
        trick = 1
        if illegal:
            card = lamb_a
        else:
            card = rng.choice([c for c in PACK if c.rank not in (Rank.SEVEN, Rank.FIVE)])
        a_card = rng.choice([c for c in PACK if c.suit is a and c not in (card, lamb_a) and c.rank is not Rank.FIVE])
        turned = [a_card, b_card if b_card is not card else rng.choice(
            [c for c in PACK if c.suit is b and c.rank not in (Rank.FIVE, Rank.SEVEN) and c is not card])]
        south = [card]
    elif level == 2:
        unchosen_seven = rng.choice([Card(s, Rank.SEVEN) for s in Suit if s not in pair])
        if illegal:
            card, trick = lamb_a, 1
        elif rng.random() < 0.5:
            card, trick = lamb_a, rng.randrange(2, 5)
        else:
            card, trick = unchosen_seven, rng.randrange(1, 5)
        a_card = rng.choice([c for c in PACK if c.suit is a and c.rank not in (Rank.FIVE, Rank.SEVEN)])
        turned = [a_card, b_card]
        south = [card]
        keep = {card}
    else:
        five = Card(a, Rank.FIVE)
        shapes = (["four-first", "trader-lamb-first", "trader-pair"] if illegal
                  else ["four-later", "trader-lamb-later", "trader-other-first"])
        shape = rng.choice(shapes)
        trick = 1 if shape.endswith("first") else rng.randrange(1, 5) if shape == "trader-pair" else rng.randrange(2, 5)
        a_card = rng.choice([c for c in PACK if c.suit is a and c.rank not in (Rank.FIVE, Rank.SEVEN)])
        if shape.startswith("four"):
            sevens = [Card(s, Rank.SEVEN) for s in Suit]
            card = rng.choice([c for c in sevens if c.suit not in pair])
            turned = [a_card, b_card]
            south = sevens
            keep = set(sevens)
        else:
            card = five
            if shape == "trader-other-first":
                turned = [a_card, b_card]
            elif shape == "trader-pair":
                stikkar = rng.choice([c for c in PACK if c.suit is a and ranking.roles[c.index].is_stikkar])
                turned = [lamb_a, stikkar, b_card]
            else:
                turned = [lamb_a, b_card]
            south = [five]
            keep = {five}
    turned.append(_third(rng, pair, set(turned) | set(south)))
    state = _deal_to_lead(rng, pair, turned, south, trick, keep)
    if state is None:
        return None
    if level == 2 and card.suit not in pair and four_of_a_kind(state.hands[SOUTH]):
        return None  # all four sevens by chance: that is level 3
    if level < 3 and any(ranking.roles[c.index] is Role.TRADER for c in [card]):
        return None
    draft = ask_lead_legal(state, card)
    if (draft.answer == "no") != illegal:  # pragma: no cover (each shape decides the answer)
        return None
    return draft


@kind(
    GAME, "lead-legal", title="May you lead this card?",
    summary="You are South, to lead a trick: is the card you want to lead allowed?",
    rule="rulings.md#r7-a-lamb-led-to-the-first-trick",
)
def make_lead_legal(rng: random.Random, level: int) -> Draft:
    return first_fit(_lead_draw, rng, level, "lead-legal")
