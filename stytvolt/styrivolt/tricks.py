"""Who wins a trick, and why.

The winner is found card by card: each card is compared only with the card
winning the trick so far (docs/rulings.md, "card by card").  The seed says
so through its own example: once a trist has beaten a led unchosen queen,
the king of the led suit cannot beat the trist.

A card beats the current winner when

* its level (bird 15 … unfortunate 5) reaches the winner's *defence*: one above
  the winner's own level for a stikkar or taking card (of equal cards the
  first played wins), a stikkar for a led free card, a tvist for a led chosen
  king, a trist for a led chosen queen, never for a led lamb, and for a plain
  card of an unchosen suit the lowest taking card whose reach covers its rank;
* or both are plain cards of the led suit and it is the higher.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, CardParseError, Suit, parse_cards
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.ranking import Ranking, Role, _article, defence_of, plain_beaters, reach_clause

__all__ = ["trick_winner", "explain_trick", "TrickResult", "winner_index"]


@dataclass(frozen=True, slots=True)
class TrickResult:
    """A resolved (possibly partial) trick: the winning play's index and the reasons."""

    winner: int
    cards: tuple[Card, ...]
    reasons: tuple[Reason, ...]

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner]


def winner_index(ranking: Ranking, cards: Sequence[Card], promoted: Sequence[bool]) -> int:
    """The engine's hot path: the index of the winning play.  No validation."""
    levels = ranking.levels
    defences = ranking.defences
    roles = ranking.roles
    first = cards[0]
    if promoted[0]:
        role = ranking.role(first, True)
        need = defence_of(role, first.rank)
    else:
        role = roles[first.index]
        need = defences[first.index]
    plain_suit = first.suit if role is Role.PLAIN else None
    plain_rank = first.rank
    winner = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if promoted[i]:
            level = ranking.role(card, True).level
            is_plain = False
        else:
            level = levels[card.index]
            is_plain = roles[card.index] is Role.PLAIN
        if level >= need:
            winner, need, plain_suit = i, level + 1, None
        elif is_plain and card.suit is plain_suit and card.rank > plain_rank:
            winner, plain_rank, need = i, card.rank, defences[card.index]
    return winner


def _check(cards: Sequence[Card], promoted: Iterable[int]) -> tuple[bool, ...]:
    """The promoted flags of a trick that can happen, or :class:`InvalidPosition` naming what cannot."""
    if not 1 <= len(cards) <= 4:
        raise InvalidPosition(f"a trick holds 1 to 4 cards, got {len(cards)}")
    seen: set[Card] = set()
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidPosition(f"a trick holds cards, not {type_name(card)}")
        if card in seen:
            raise InvalidPosition(f"{card} is played twice in one trick")
        if card not in PACK:
            raise InvalidPosition(f"{card} is a ten: the tens are taken out of the Stýrivolt pack")
        seen.add(card)
    if isinstance(promoted, (str, bytes)) or not isinstance(promoted, Iterable):
        raise InvalidPosition(f"promoted plays are given as indices (0 for play 1, the lead), not {type_name(promoted)}")
    flags = [False] * len(cards)
    for i in promoted:
        if isinstance(i, bool) or not isinstance(i, int):
            raise InvalidPosition(f"a promoted play is given as an index (0 for play 1, the lead), not {i!r}")
        # Messages count plays as a person does, from play 1 (the lead); the index is what was passed.
        n = len(cards)
        if i < 0:
            raise InvalidPosition(f"promoted index {i} is not a play: indices run from 0 (play 1, the lead) to {n - 1} (play {n})")
        if i >= n:
            raise InvalidPosition(f"promoted play {i + 1} (index {i}) is not in the trick: it has plays 1 to {n}")
        flags[i] = True
    for i, card in enumerate(cards):
        if not flags[i]:
            continue
        if Ranking.of((Suit.SPADES, Suit.HEARTS)).promoted_role(card.rank) is None:
            raise InvalidPosition(f"{card} cannot be played as four of a kind: the fives never are")
        # All four of a rank are in one hand, and one hand plays once a trick.
        other = next((c for j, c in enumerate(cards) if j != i and c.rank is card.rank), None)
        if other is not None:
            raise InvalidPosition(
                f"{card} is played from four of a kind, so one hand held all four {card.rank.plural}; "
                f"{other} cannot be played by another player in the same trick"
            )
    return tuple(flags)


def _cards(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, (list, tuple)):
        raise CardParseError(f"a trick's cards are given as text like 'H2 SK' or a list of cards, not {type_name(cards)}")
    return tuple(c if isinstance(c, Card) else _parse_one(c) for c in cards)


def _parse_one(c: object) -> Card:
    return parse_cards([c])[0]  # type: ignore[list-item]


def trick_winner(
    cards: Sequence[Card] | str,
    chosen: Iterable[Suit | str] | str,
    promoted: Iterable[int] = (),
) -> int:
    """The index of the winning play.

    ``cards`` in play order (the first was led), ``chosen`` the two chosen
    suits, ``promoted`` the indices of plays made from a four of a kind.
    """
    played = _cards(cards)
    flags = _check(played, promoted)
    return winner_index(Ranking.of(chosen), played, flags)


def explain_trick(
    cards: Sequence[Card] | str,
    chosen: Iterable[Suit | str] | str,
    promoted: Iterable[int] = (),
) -> TrickResult:
    """The winner and a sentence for every play: what it was, and whether it took the lead."""
    played = _cards(cards)
    flags = _check(played, promoted)
    ranking = Ranking.of(chosen)
    reasons: list[Reason] = []
    first = played[0]
    reasons.append(_lead_reason(ranking, first, flags[0]))
    winner = 0
    for i in range(1, len(played)):
        prefix = played[: i + 1]
        new_winner = winner_index(ranking, prefix, flags[: i + 1])
        reasons.append(_play_reason(ranking, played, flags, winner, i, new_winner == i))
        winner = new_winner
    w = played[winner]
    reasons.append(
        Reason(
            "trick.winner",
            f"{ranking.describe(w, flags[winner])} wins the trick (play {winner + 1} of {len(played)}).",
            (w,),
        )
    )
    return TrickResult(winner, played, tuple(reasons))


def _lead_reason(ranking: Ranking, card: Card, promoted: bool) -> Reason:
    role = ranking.role(card, promoted)
    d = ranking.describe(card, promoted)
    if role is Role.BIRD:
        text = f"{d} is led: nothing ranks above the bird, so it will win."
    elif role.is_stikkar:
        text = f"{d} is led: only a higher stikkar can beat it."
    elif role.is_taking:
        text = f"{d} is led: only a higher taking card or a stikkar can beat it."
    elif role in (Role.LAMB, Role.FREE_CARD, Role.KING, Role.QUEEN, Role.TRADER):
        text = f"{d} is led: {_led_rule(role)}."
    else:
        text = f"{d} is led: a higher {card.suit.singular} beats it, and so does {plain_beaters(card.rank)}."
    return Reason(f"trick.lead.{role.value}", text, (card,))


def _play_reason(
    ranking: Ranking,
    cards: Sequence[Card],
    flags: Sequence[bool],
    winner: int,
    i: int,
    beats: bool,
) -> Reason:
    card, top = cards[i], cards[winner]
    role, top_role = ranking.role(card, flags[i]), ranking.role(top, flags[winner])
    d, td = ranking.describe(card, flags[i]), ranking.describe(top, flags[winner])
    led = winner == 0
    pair = (card, top)
    if beats:
        if role is Role.PLAIN:
            return Reason("trick.beats.higher_plain", f"{d} beats {td}: it is a higher card of the led suit.", pair)
        if top_role.level:
            what = "stikkar" if top_role.is_stikkar else "taking card"
            return Reason("trick.beats.ranks_above", f"{d} beats {td}: it ranks above that {what}.", pair)
        if role.is_permanent:
            return Reason(
                "trick.beats.permanent",
                f"{d} beats {td}: a permanent stikkar beats every card except a led lamb.",
                pair,
            )
        if role.is_stikkar:
            return Reason("trick.beats.stikkar", f"{d} beats {td}: a stikkar beats every card except a led lamb.", pair)
        if top_role is Role.PLAIN:
            return Reason("trick.beats.reach", f"{d} beats {td}: {reach_clause(role, True)}.", pair)
        return Reason("trick.beats.led", f"{d} beats {td}: {_led_rule(top_role)}.", pair)
    # It does not take the lead: say which rule stops it.
    if role.level == 0 and role is not Role.PLAIN:
        return Reason("trick.powerless", f"{d} beats nothing: {_article(role.english)} has power only when it is led.", pair)
    if top_role is Role.LAMB and led:
        return Reason("trick.led_lamb", f"{d} cannot beat {td}: a led lamb wins the trick whatever follows.", pair)
    if role is Role.PLAIN:
        if top_role is not Role.PLAIN:
            if flags[winner] and top_role is not ranking.roles[top.index]:
                what = "a card raised by four of a kind"
            else:
                what = "a stikkar" if top_role.is_permanent else "a card of a chosen suit"
            return Reason("trick.unchosen_never", f"{d} cannot beat {td}: an unchosen card never beats {what}.", pair)
        if card.suit is not top.suit:
            return Reason("trick.off_suit", f"{d} cannot beat {td}: it is not of the led suit.", pair)
        return Reason("trick.lower_plain", f"{d} does not beat {td}: it is a lower {card.suit.singular}.", pair)
    if top_role.level:
        if role.level == top_role.level:
            return Reason(
                "trick.equal_first_wins",
                f"{d} does not beat {td}: they are equal, and of equal cards the first played wins.",
                pair,
            )
        return Reason("trick.ranks_below", f"{d} does not beat {td}: it ranks below it.", pair)
    if top_role is Role.PLAIN:
        return Reason("trick.short_reach", f"{d} cannot beat {td}: {reach_clause(role, False)}.", pair)
    return Reason("trick.led_guard", f"{d} cannot beat {td}: {_led_rule(top_role)}.", pair)


def _led_rule(role: Role) -> str:
    return {
        Role.FREE_CARD: "a led free card falls only to a stikkar",
        Role.KING: "a led chosen king falls only to a tvist or better",
        Role.QUEEN: "a led chosen queen falls only to a trist or better",
        Role.TRADER: "a trader with nothing left to fetch falls to any taking card or stikkar",
        Role.LAMB: "a led lamb cannot be beaten",
    }[role]
