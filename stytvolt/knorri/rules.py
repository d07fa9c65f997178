"""Knorri's rules as queries: which card beats which, what a turned card takes, how phase two opens,
the two-player tricks of the Mas phase one, and the zero-sum score.

Each rule is written once, as a function that gives its reason, and serves
the queries, the state's legal actions and its refusals alike:

* :func:`judge_beat` (with :func:`beats` and :func:`beat_refusal`): in
  phase two a card beats the top card of the trick if it is a higher card of
  the same suit, or a diamond on a spade or a heart; clubs are hard (only a
  higher club beats a club, and a club beats nothing else) unless
  ``soft_clubs``, when any spade, heart or diamond also beats a club.  Twins
  (two packs) never beat each other;
* :func:`take_choices` (with :func:`take_options`, :func:`explain_take` and
  :func:`take_refusal`): in phase one a turned card must take one lower card
  of its suit from the table, the player choosing which; a diamond with no
  lower diamond takes a spade or a heart instead; otherwise it stays.  In
  the all-lower version it takes every lower card of its suit and a diamond
  is no trump;
* :func:`opening_plays` (with :func:`opening_refusal`): the holder of ♣2
  (the marked ♣2 with two packs) opens phase two with it, alone or with the
  clubs 3, 4, … that follow it unbroken in their hand;
* :func:`judge_mas_trick`: the Mas phase one's two-card tricks, won by the
  higher rank whatever the suits, equal ranks bouncing;
* :func:`scores`: the points of a finished game, summing to zero.

Cards are given as :class:`~stytvolt.core.cards.Card` values or their text
(``"D7"``, ``"C2*"`` for the marked ♣2); a bad one raises a
:class:`~stytvolt.core.errors.ParseError` naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from stytvolt.core.cards import ALL_CARDS, Card, CardParseError, Rank, Suit
from stytvolt.core.checks import seat
from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.knorri.cards import CLUB_TWO, MARKED_TWO, check_cards, parse_knorri_card
from stytvolt.knorri.variants import PhaseOne

__all__ = [
    "Judgement", "judge_beat", "beats", "compiled_beats", "CARD_ORDER", "beat_refusal", "beating_cards",
    "parse_phase_one", "take_choices", "take_options", "explain_take", "take_refusal",
    "opening_card", "opening_plays", "opening_refusal",
    "judge_mas_trick", "mas_winner",
    "scores", "score_reasons",
]

_TRUMP = Suit.DIAMONDS
_HARD = Suit.CLUBS


@dataclass(frozen=True)
class Judgement:
    """A yes or no from the rules, with the reason either way."""

    ok: bool
    reason: Reason


def _one(card: object, what: str) -> Card:
    """One card from a Card or its text, or the ParseError naming ``what`` was wrong."""
    if isinstance(card, Card):
        return card
    if not isinstance(card, str):
        raise CardParseError(f"{what} is a card or its text like 'D7', not {type_name(card)}")
    try:
        return parse_knorri_card(card)
    except CardParseError as err:
        raise CardParseError(f"{what}: {err}") from None


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ParseError(f"{name} is True or False, not {type_name(value)}")
    return value


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


#: Card order for listing (suit, then rank, the marked ♣2 after the plain one).
CARD_ORDER: dict[Card, tuple[int, int, bool]] = {c: (c.suit, c.rank, False) for c in ALL_CARDS}
CARD_ORDER[MARKED_TWO] = (Suit.CLUBS, Rank.TWO, True)


def _distinct(cards: Iterable[Card]) -> list[Card]:
    """Each face once, in card order (two packs: twins are one choice)."""
    return sorted(set(cards), key=CARD_ORDER.__getitem__)


# -- phase two: which card beats which ---------------------------------------------------------


def _judge(card: Card, top: Card, soft_clubs: bool) -> Judgement:
    """The one rule of beating (``card`` played on ``top``), with its reason either way."""
    args = {"card": card.symbol, "top": top.symbol}
    if card.suit is top.suit:
        suit = card.suit.singular
        if card.rank > top.rank:
            return Judgement(True, Reason.of("higher-same-suit", "{card} beats {top}: the higher {suit} beats the lower.",
                                             (card, top), suit=suit, **args))
        if card.rank == top.rank:
            return Judgement(False, Reason.of(
                "twin", "{card} cannot beat {top}: the two are equal, and a card must be strictly better to beat.",
                (card, top), **args))
        return Judgement(False, Reason.of("lower-same-suit", "{card} cannot beat {top}: it is the lower {suit}.",
                                          (card, top), suit=suit, **args))
    if top.suit is _HARD:
        if soft_clubs:
            return Judgement(True, Reason.of(
                "soft-club", "{card} beats {top}: clubs are soft, so any spade, heart or diamond beats a club.",
                (card, top), **args))
        return Judgement(False, Reason.of(
            "hard-club", "{card} cannot beat {top}: clubs are hard, and only a higher club beats a club.",
            (card, top), **args))
    if top.suit is _TRUMP:
        return Judgement(False, Reason.of(
            "trump-top", "{card} cannot beat {top}: a diamond is a trump, and only a higher diamond beats it.",
            (card, top), **args))
    if card.suit is _TRUMP:
        return Judgement(True, Reason.of(
            "trumps", "{card} beats {top}: a diamond is a trump and beats any spade or heart.", (card, top), **args))
    if card.suit is _HARD:
        return Judgement(False, Reason.of(
            "club-on-other", "{card} cannot beat {top}: a club beats nothing but a lower club.", (card, top), **args))
    return Judgement(False, Reason.of(
        "other-suit", "{card} cannot beat {top}: a {top_suit} is beaten only by a higher {top_suit} or by a diamond.",
        (card, top), top_suit=top.suit.singular, **args))


def _compile(soft_clubs: bool) -> tuple[bool, ...]:
    """The beating rule as a table, ``[top.index * 52 + card.index]`` (the marked ♣2 has the index of
    ♣2): built from :func:`_judge`, for the engine's hot loops."""
    return tuple(_judge(card, top, soft_clubs).ok for top in ALL_CARDS for card in ALL_CARDS)


_BEAT_TABLES: dict[bool, tuple[bool, ...]] = {False: _compile(False), True: _compile(True)}


def compiled_beats(soft_clubs: bool) -> tuple[bool, ...]:
    """Whether card ``c`` beats ``t``, read as ``table[t.index * 52 + c.index]`` (see :func:`judge_beat`)."""
    return _BEAT_TABLES[soft_clubs]


def judge_beat(card: Card | str, top: Card | str, soft_clubs: bool = False) -> Judgement:
    """Whether ``card`` may be played on ``top`` in phase two, and why (a :class:`Judgement`).

    >>> judge_beat("D2", "SA").reason.text
    '♦2 beats ♠A: a diamond is a trump and beats any spade or heart.'
    >>> judge_beat("D9", "C3").reason.code
    'hard-club'
    """
    return _judge(_one(card, "the card played"), _one(top, "the top card"), _flag(soft_clubs, "soft_clubs"))


def beats(card: Card | str, top: Card | str, soft_clubs: bool = False) -> bool:
    """Whether ``card`` beats ``top`` (phase two; clubs hard unless ``soft_clubs``).

    >>> beats("H9", "H4"), beats("D2", "HA"), beats("D2", "C3"), beats("D2", "C3", soft_clubs=True)
    (True, True, False, True)
    >>> beats("HA", "C3", soft_clubs=True), beats("SA", "HA", soft_clubs=True)
    (True, False)
    """
    return judge_beat(card, top, soft_clubs).ok


def beat_refusal(card: Card | str, top: Card | str, soft_clubs: bool = False) -> Reason | None:
    """Why ``card`` may not be played on ``top``, or None if it beats it."""
    judged = judge_beat(card, top, soft_clubs)
    return None if judged.ok else judged.reason


def beating_cards(hand: Sequence[Card] | str, top: Card | str, soft_clubs: bool = False, *,
                  two_packs: bool = False) -> tuple[Card, ...]:
    """The faces in ``hand`` that beat ``top``, each once, lowest first within each suit.

    >>> from stytvolt.core.cards import format_cards
    >>> format_cards(beating_cards("H3 H9 D2 C5 SK", "H4"))
    'H9 D2'
    """
    cards = check_cards(hand, "the hand", two_packs=two_packs)
    above = _one(top, "the top card")
    soft = _flag(soft_clubs, "soft_clubs")
    return tuple(c for c in _distinct(cards) if _judge(c, above, soft).ok)


# -- phase one: what a turned card takes -------------------------------------------------------


def parse_phase_one(variant: PhaseOne | str) -> PhaseOne:
    """The phase-one version from its enum or text ("standard", "all-lower", "mas")."""
    if isinstance(variant, PhaseOne):
        return variant
    if isinstance(variant, str):
        try:
            return PhaseOne(variant.strip().lower())
        except ValueError:
            pass
    shown = repr(variant) if isinstance(variant, str) else type_name(variant)
    raise ParseError(f"bad phase-one version {shown}: expected standard, all-lower or mas")


def _table_version(variant: PhaseOne | str) -> PhaseOne:
    found = parse_phase_one(variant)
    if found is PhaseOne.MAS:
        raise ParseError("the Mas phase one has no face-up table: its cards are won in two-player tricks "
                         "(see judge_mas_trick)")
    return found


def _lower(turned: Card, table: Sequence[Card]) -> list[Card]:
    return [c for c in table if c.suit is turned.suit and c.rank < turned.rank]


def _choices(turned: Card, table: Sequence[Card], variant: PhaseOne) -> tuple[tuple[Card, ...], ...]:
    """The one rule of taking: each way the turned card may take (empty: it stays on the table)."""
    lower = _lower(turned, table)
    if variant is PhaseOne.ALL_LOWER:
        return (tuple(sorted(lower, key=lambda c: (c.rank, c is MARKED_TWO))),) if lower else ()
    if lower:
        return tuple((c,) for c in _distinct(lower))
    if turned.suit is _TRUMP:
        return tuple((c,) for c in _distinct(c for c in table if c.suit in (Suit.SPADES, Suit.HEARTS)))
    return ()


def _checked_turn(turned: Card | str, table: Sequence[Card] | str, variant: PhaseOne | str,
                  two_packs: bool) -> tuple[Card, tuple[Card, ...], PhaseOne]:
    card = _one(turned, "the turned card")
    cards = check_cards(table, "the table", two_packs=_flag(two_packs, "two_packs"))
    check_cards([*cards, card], "the table and the turned card", two_packs=two_packs)
    return card, cards, _table_version(variant)


def take_choices(turned: Card | str, table: Sequence[Card] | str, variant: PhaseOne | str = "standard", *,
                 two_packs: bool = False) -> tuple[tuple[Card, ...], ...]:
    """Each way ``turned`` may take from the face-up ``table``: one card each (standard; twins one
    choice), or the one group of every lower card (all-lower); empty when it stays on the table.

    >>> take_choices("S9", "S4 S7 H2 D5")
    ((Card.parse('S4'),), (Card.parse('S7'),))
    """
    card, cards, version = _checked_turn(turned, table, variant, two_packs)
    return _choices(card, cards, version)


def take_options(turned: Card | str, table: Sequence[Card] | str, variant: PhaseOne | str = "standard", *,
                 two_packs: bool = False) -> tuple[Card, ...]:
    """The cards that may be taken with ``turned`` from ``table``; empty when it stays on the table.

    Standard: the lower cards of its suit, of which the player takes one; a
    diamond with no lower diamond, the spades and hearts instead.  All-lower:
    every lower card of its suit, all taken together.

    >>> from stytvolt.core.cards import format_cards
    >>> format_cards(take_options("D7", "S4 HK D9 C2"))    # no lower diamond: a spade or a heart
    'S4 HK'
    >>> format_cards(take_options("D7", "S4 D3 D5"))       # a lower diamond must be taken
    'D3 D5'
    >>> take_options("C5", "C7 HA")
    ()
    """
    card, cards, version = _checked_turn(turned, table, variant, two_packs)
    return tuple(c for group in _choices(card, cards, version) for c in group)


def _explain(turned: Card, table: Sequence[Card], version: PhaseOne) -> Reason:
    """What ``turned`` must do with ``table``, in words."""
    choices = _choices(turned, table, version)
    cards = [c for g in choices for c in g]
    args = {"turned": turned.symbol, "suit": turned.suit.singular, "suits": turned.suit.english,
            "options": _symbols(cards)}
    if version is PhaseOne.ALL_LOWER:
        if cards:
            return Reason.of("take-all-lower", "{turned} takes every lower {suit} on the table: {options}.",
                             (turned, *cards), **args)
        extra = (" (in this version a diamond is no trump in phase one)" if turned.suit is _TRUMP else "")
        return Reason.of("stays", "{turned} stays on the table: no lower {suit} lies there" + extra + ".",
                         (turned,), **args)
    if cards and turned.suit is _TRUMP and cards[0].suit is not _TRUMP:
        if len(cards) == 1:
            return Reason.of("diamond-takes-one", "{turned} finds no lower diamond, so as a trump it must take the "
                             "only spade or heart on the table, {options}.", (turned, *cards), **args)
        return Reason.of("diamond-takes-choice", "{turned} finds no lower diamond, so as a trump it must take a "
                         "spade or a heart, the player's choice of {options}.", (turned, *cards), **args)
    if len(cards) == 1:
        return Reason.of("must-take-one", "{turned} must take {options}, the only lower {suit} on the table.",
                         (turned, *cards), **args)
    if cards:
        return Reason.of("must-take-choice", "{turned} must take one lower {suit} from the table; the player "
                         "chooses among {options}.", (turned, *cards), **args)
    if turned.suit is _TRUMP:
        return Reason.of("stays", "{turned} stays on the table: there is no lower diamond, and no spade or heart "
                         "for a trump to take.", (turned,), **args)
    return Reason.of("stays", "{turned} stays on the table: no lower {suit} lies there.", (turned,), **args)


def explain_take(turned: Card | str, table: Sequence[Card] | str, variant: PhaseOne | str = "standard", *,
                 two_packs: bool = False) -> Reason:
    """Why ``turned`` must take what it takes (which choices there are), or why it stays on the table.

    >>> explain_take("S9", "S4 S7 H2").text
    '♠9 must take one lower spade from the table; the player chooses among ♠4 ♠7.'
    >>> explain_take("D5", "D8 C2").code
    'stays'
    """
    card, cards, version = _checked_turn(turned, table, variant, two_packs)
    return _explain(card, cards, version)


def _take_refusal(turned: Card, table: Sequence[Card], taken: Sequence[Card], version: PhaseOne) -> Reason | None:
    """Why ``turned`` may not take ``taken`` (empty: leave it on the table); None if it may."""
    choices = _choices(turned, table, version)
    if tuple(taken) in choices or (not taken and not choices):
        return None
    must = _explain(turned, table, version)
    if not taken:
        return Reason.of("must-take", "The turned card may not stay on the table: " + must.template[:1].lower()
                         + must.template[1:], must.cards, **must.arguments)
    if version is PhaseOne.ALL_LOWER:
        return must  # every lower card of the suit together, or nothing at all
    args = {"turned": turned.symbol, "card": taken[0].symbol}
    if len(taken) != 1:
        return Reason.of("one-card", "{turned} takes exactly one card from the table, not several.", (turned,), **args)
    card = taken[0]
    if card not in table:
        return Reason.of("not-on-table", "{card} is not face up on the table.", (card,), **args)
    lower = _lower(turned, table)
    if card.suit is turned.suit:
        return Reason.of("not-lower", "{turned} cannot take {card}: only a lower {suit} can be taken.",
                         (turned, card), suit=turned.suit.singular, **args)
    if turned.suit is _TRUMP and card.suit is _HARD:
        return Reason.of("diamond-not-club", "{turned} cannot take {card}: a diamond takes a spade or a heart, "
                         "never a club.", (turned, card), **args)
    if turned.suit is _TRUMP and lower:
        return Reason.of("diamond-first", "{turned} cannot take {card}: a lower diamond ({lower}) is on the table, "
                         "and it must take one of those.", (turned, card, *lower), lower=_symbols(_distinct(lower)), **args)
    return Reason.of("wrong-suit", "{turned} cannot take {card}: a {suit} takes only a lower {suit}.",
                     (turned, card), suit=turned.suit.singular, **args)


def take_refusal(turned: Card | str, table: Sequence[Card] | str, taken: Sequence[Card] | str,
                 variant: PhaseOne | str = "standard", *, two_packs: bool = False) -> Reason | None:
    """Why ``turned`` may not take ``taken`` from ``table`` (empty: may not stay on the table), or None.

    >>> take_refusal("D7", "D3 S4", "S4").code
    'diamond-first'
    >>> take_refusal("S9", "S4", "").code
    'must-take'
    """
    card, cards, version = _checked_turn(turned, table, variant, two_packs)
    chosen = check_cards(taken, "the cards taken", two_packs=two_packs)
    return _take_refusal(card, cards, chosen, version)


# -- phase two: the opening ------------------------------------------------------------------------


def opening_card(two_packs: bool = False) -> Card:
    """The card that opens phase two: ♣2, or with two packs the marked ♣2 (``C2*``)."""
    return MARKED_TWO if _flag(two_packs, "two_packs") else CLUB_TWO


def _runs(hand: Sequence[Card], two_packs: bool) -> tuple[tuple[Card, ...], ...]:
    """The one rule of the opening: the opening two, alone or with the clubs that follow it unbroken."""
    first = MARKED_TWO if two_packs else CLUB_TWO
    if first not in hand:
        return ()
    run = [first]
    out = [tuple(run)]
    held = set(hand)
    for rank in range(3, 15):
        card = Card(Suit.CLUBS, Rank(rank))
        if card not in held:
            break
        run.append(card)
        out.append(tuple(run))
    return tuple(out)


def opening_plays(hand: Sequence[Card] | str, two_packs: bool = False) -> tuple[tuple[Card, ...], ...]:
    """The allowed first plays of phase two from ``hand``: ♣2 alone, or with the clubs 3, 4, … that
    follow it without a gap (played together, they count as one card of the trick).  Empty when the
    hand does not hold the opening card (with two packs, the marked ♣2).

    >>> [" ".join(map(str, p)) for p in opening_plays("C2 C3 C4 C6 D9")]
    ['C2', 'C2 C3', 'C2 C3 C4']
    >>> opening_plays("C3 C4")
    ()
    """
    return _runs(check_cards(hand, "the hand", two_packs=_flag(two_packs, "two_packs")), two_packs)


def _opening_refusal(hand: Sequence[Card], cards: Sequence[Card], two_packs: bool) -> Reason | None:
    runs = _runs(hand, two_packs)
    if tuple(cards) in runs:
        return None
    first = MARKED_TWO if two_packs else CLUB_TWO
    if not runs:
        return Reason.of("not-opener", "Only the holder of {two} opens phase two.", (first,), two=first.symbol)
    if not cards or cards[0] is not first:
        return Reason.of("open-with-two", "Phase two opens with {two}: its holder must lead it, alone or with the "
                         "clubs that follow it.", (first,), two=first.symbol)
    longest = runs[-1]
    return Reason.of("broken-run", "Only clubs in unbroken order up from {two} may go with it; this hand may open "
                     "with {longest} or a shorter start of it.", tuple(longest), two=first.symbol,
                     longest=_symbols(longest))


def opening_refusal(hand: Sequence[Card] | str, cards: Sequence[Card] | str, two_packs: bool = False) -> Reason | None:
    """Why ``cards`` may not open phase two from ``hand``, or None if they may.

    >>> opening_refusal("C2 C3 C5", "C2 C3 C5").code
    'broken-run'
    """
    held = check_cards(hand, "the hand", two_packs=_flag(two_packs, "two_packs"))
    return _opening_refusal(held, check_cards(cards, "the opening", two_packs=two_packs), two_packs)


# -- the Mas phase one: two-player tricks ----------------------------------------------------------


def judge_mas_trick(first: Card | str, second: Card | str) -> tuple[int | None, Reason]:
    """Who wins a two-card trick of the Mas phase one (0: the leader, 1: the second player, None: the
    ranks are equal and the two play again), and why.  Suits do not count.

    >>> judge_mas_trick("S4", "C9")[0], judge_mas_trick("HK", "DK")[0]
    (1, None)
    """
    a, b = _one(first, "the card led"), _one(second, "the second card")
    args = {"first": a.symbol, "second": b.symbol}
    if a.rank == b.rank:
        return None, Reason.of("bounce", "{first} and {second} are of equal rank: the two players play again, "
                               "and the winner takes every card.", (a, b), **args)
    winner = 0 if a.rank > b.rank else 1
    high, low = (a, b) if winner == 0 else (b, a)
    return winner, Reason.of("higher-rank", "{high} outranks {low}, whatever the suits: its player takes the trick.",
                             (high, low), high=high.symbol, low=low.symbol, **args)


def mas_winner(first: Card | str, second: Card | str) -> int | None:
    """0 if the card led wins, 1 if the second does, None when equal ranks bounce."""
    return judge_mas_trick(first, second)[0]


# -- the score -------------------------------------------------------------------------------------


def _seat(value: object, players: int, what: str) -> int:
    return seat(value, players, what)


def _checked_score(players: object, went_out: object, loser: object,
                   no_cards: object) -> tuple[int, list[int], int | None, list[int]]:
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 16:
        raise InvalidPosition(f"players is the number of players, 2 to 16, not {players!r}")
    if not isinstance(went_out, (list, tuple)):
        raise InvalidPosition(f"went_out is a list of seats, not {type_name(went_out)}")
    if not isinstance(no_cards, (list, tuple)):
        raise InvalidPosition(f"no_cards is a list of seats, not {type_name(no_cards)}")
    out = [_seat(s, players, "a seat in went_out") for s in went_out]
    idle = [_seat(s, players, "a seat in no_cards") for s in no_cards]
    last = None if loser is None else _seat(loser, players, "loser")
    seats = out + idle + ([] if last is None else [last])
    if len(set(seats)) != len(seats):
        raise InvalidPosition(f"each seat goes out, takes no cards or loses once: {seats} names a seat twice")
    if sorted(seats) != list(range(players)):
        missing = sorted(set(range(players)) - set(seats))
        raise InvalidPosition(f"every seat must be placed (went out, no cards, or the loser); missing {missing}")
    if last is None and out:
        raise InvalidPosition("a game in which players went out has a loser")
    return players, out, last, idle


def scores(players: int, went_out: Sequence[int], loser: int | None, no_cards: Sequence[int] = ()) -> list[int]:
    """Each seat's points in the zero-sum scoring (a list by seat).

    ``went_out`` lists the seats in the order they went out, ``loser`` the
    last one holding cards (None only when nobody took a card in phase one),
    ``no_cards`` the seats that took none.  A player going out scores one
    point for each player still holding cards at that moment; a player who
    took no cards scores one for each player who had cards when phase two
    began; the loser pays the total.

    >>> scores(4, [2, 0, 3], 1)          # +3, +2, +1 and the loser -6
    [2, -6, 3, 1]
    >>> scores(5, [0, 1, 2], 3, no_cards=[4])
    [3, 2, 1, -10, 4]
    """
    n, out, last, idle = _checked_score(players, went_out, loser, no_cards)
    points = [0] * n
    if last is None:
        return points
    holding = n - len(idle)
    for seat in idle:
        points[seat] = holding
    for i, seat in enumerate(out):
        points[seat] = holding - 1 - i
    points[last] = -sum(points)
    return points


def score_reasons(players: int, went_out: Sequence[int], loser: int | None,
                  no_cards: Sequence[int] = ()) -> list[Reason]:
    """Each seat's points of :func:`scores` in words, one reason a seat."""
    n, out, last, idle = _checked_score(players, went_out, loser, no_cards)
    points = scores(n, out, last, idle)
    reasons: list[Reason] = []
    for seat in range(n):
        p = points[seat]
        if last is None:
            reasons.append(Reason.of("no-game", "Nobody took a card, so nobody scores: {seat} scores 0.", seat=Seat(seat)))
        elif seat in idle:
            reasons.append(Reason.of("no-cards", "{seat} took no cards and was safe from the start: one point for each "
                                     "of the {holding} players holding cards, {points}.", seat=Seat(seat),
                                     holding=n - len(idle), points=f"+{p}"))
        elif seat == last:
            reasons.append(Reason.of("loser", "{seat} held cards last and loses, paying everyone else's points: "
                                     "{points}.", seat=Seat(seat), points=str(p)))
        else:
            reasons.append(Reason.of("went-out", "{seat} went out with {left} still holding cards: {points}.",
                                     seat=Seat(seat), left=p, points=f"+{p}"))
    return reasons
