"""Brus's rules as queries: what may be played, who wins a trick, what a deal scores.

Each rule is written once here, as a predicate naming what refuses a play
(or nothing), with its :class:`~stytvolt.core.explain.Reason` beside it:

* :func:`card_fault`: a card is played only if held, live (never a seven
  or a dud) and, after the lead, higher than the highest card so far;
  :func:`card_refusal` words it;
* :func:`pass_blockers`: a player may pass only when no card in hand beats
  the highest so far (ruling R57); the player on lead never passes while
  holding a live card (the lead goes on to the left only from a leader
  with none); :func:`pass_refusal` words it.

:func:`legal_plays` and :func:`refusal` (and the hand state's
``legal_actions()`` and refusals) are made from those two, so they cannot
disagree.  :func:`explain_trick` says who wins a trick and why, step by
step; :func:`deal_score` scores a finished deal (six tricks: 1 stroke; six
straight off, the lurch: 2; no side at six: a side with five that holds
♣K: 1; otherwise nobody).

Sides: seats alternate round the table, so a seat's side is ``seat % 2``
with four players (partners opposite) and with six (partners alternating).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import Reason, Seat, Team
from stytvolt.brus.cards import CLUB_KING, ROLES, Role, beats, card_role, check_card, check_cards, is_live, name_of

__all__ = [
    "SIX", "GAME_STROKES", "TABLES", "MAX_TRICK", "PASS", "side_of",
    "LegalPlays", "card_fault", "card_refusal", "pass_blockers", "pass_refusal", "refusal", "legal_plays",
    "TrickExplanation", "explain_trick", "trick_winner", "DealScore", "deal_score",
]

#: Tricks that win a deal (sevens laid out count).
SIX = 6
#: Strokes that win the game.
GAME_STROKES = 6
#: The table sizes: players → cards each (the whole 36-card pack is dealt).
TABLES: dict[int, int] = {4: 9, 6: 6}
#: The most plays a trick holds: the lead and one turn for each other player of the largest table.
MAX_TRICK = 6
#: A pass, as :func:`refusal` and :func:`explain_trick` take it.
PASS = "pass"
_PASS_WORDS = {"pass", "-"}


def side_of(seat: int) -> int:
    """The side of ``seat`` (0 or 1): partners alternate round the table, so it is ``seat % 2``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < max(TABLES):
        raise InvalidPosition(f"seat must be a whole number from 0 to {max(TABLES) - 1}, not {seat!r}")
    return seat % 2


# -- the two rules of play --------------------------------------------------------------------------


def _holding(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def card_fault(hand: Sequence[Card], highest: Card | None, card: Card) -> str | None:
    """The rule a play of ``card`` from ``hand`` breaks when ``highest`` is the highest card so far (``None``:
    leading), by its code, or ``None`` if it may be played: not held, a seven, a dud, or (after the lead) not
    higher than ``highest``.  The one place this rule is written; :func:`card_refusal` words it."""
    if card not in hand:
        return "not-held"
    role = ROLES[card]
    if role is Role.SEVEN:
        return "seven-not-played"
    if role is Role.DUD:
        return "dud-not-played"
    if highest is not None and not beats(card, highest):
        return "too-low"
    return None


def card_refusal(hand: Sequence[Card], highest: Card | None, card: Card) -> Reason | None:
    """Why ``card`` may not be played from ``hand`` when ``highest`` is the highest card so far (``None``:
    leading), or ``None`` if it may: :func:`card_fault` in words.  Checked cards only: see :func:`refusal`
    for text."""
    fault = card_fault(hand, highest, card)
    if fault is None:
        return None
    if fault == "not-held":
        return Reason.of("not-held", "{card} is not in the hand.", (card,), card=card.symbol)
    if fault == "seven-not-played":
        return Reason.of("seven-not-played",
                         "{card} is a seven: sevens are never played to a trick; a seven is laid out, as a trick won, "
                         "by its holder on coming to the lead.", (card,), card=card.symbol)
    if fault == "dud-not-played":
        extra = " (♣K only decides a deal that ends with no side at six tricks)" if card is CLUB_KING else ""
        return Reason.of("dud-not-played", "{card} is a dud: duds can never be played" + extra + ".", (card,),
                         card=card.symbol)
    assert highest is not None
    return Reason.of("too-low", "{card} does not beat {highest}: after the lead, a card must be higher than the "
                                "highest card so far.", (card, highest), card=name_of(card), highest=name_of(highest))


def pass_blockers(hand: Sequence[Card], highest: Card | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that forbid a pass when ``highest`` is the highest card so far (``None``: on
    lead): every live card held, on lead; every card that beats ``highest``, after it (ruling R57: only a player
    who cannot beat passes).  Empty: the player may pass.  The one place this rule is written."""
    if highest is None:
        return tuple(c for c in hand if is_live(c))
    return tuple(c for c in hand if beats(c, highest))


def pass_refusal(hand: Sequence[Card], highest: Card | None) -> Reason | None:
    """Why a player holding ``hand`` may not pass when ``highest`` is the highest card so far (``None``: on
    lead), or ``None`` if they may: :func:`pass_blockers` in words."""
    blockers = pass_blockers(hand, highest)
    if not blockers:
        return None
    if highest is None:
        return Reason.of("must-lead", "The player on lead holds live cards ({holding}) and must lead one: the lead "
                                      "passes on only from a player with none.", blockers, holding=_holding(blockers))
    return Reason.of("must-beat", "{highest} can be beaten from this hand ({holding}): a player who can beat the "
                                  "highest card so far must, and may pass only holding nothing higher.",
                     (highest, *blockers), highest=name_of(highest), holding=_holding(blockers))


# -- the queries ------------------------------------------------------------------------------------


def _checked(hand: object, current_highest: object) -> tuple[tuple[Card, ...], Card | None]:
    """The hand and the highest card so far, or the error naming what cannot be."""
    cards = check_cards(hand, "the hand")  # type: ignore[arg-type]  # check_cards names a wrong type
    if len(cards) > max(TABLES.values()):
        raise InvalidPosition(f"a Brus hand holds at most {max(TABLES.values())} cards, not {len(cards)}")
    if current_highest is None:
        return cards, None
    highest = check_card(current_highest, "current_highest")
    if not is_live(highest):
        raise InvalidPosition(f"the highest card so far is a card played to the trick, so a live card, not "
                              f"{highest.symbol} (a {card_role(highest)})")
    if highest in cards:
        raise InvalidPosition(f"{highest.symbol} is both in the hand and the highest card of the trick")
    return cards, highest


@dataclass(frozen=True)
class LegalPlays:
    """What a player may do: ``cards`` (in the hand's order) that may be played, and whether passing is allowed.

    When leading with no live card, ``cards`` is empty and ``may_pass`` is
    True: the lead passes to the left.
    """

    cards: tuple[Card, ...]
    may_pass: bool

    def __str__(self) -> str:
        return " ".join([str(c) for c in self.cards] + ([PASS] if self.may_pass else []))


def legal_plays(hand: Sequence[Card] | str, current_highest: Card | str | None = None) -> LegalPlays:
    """The cards of ``hand`` that may be played, and whether the player may pass, when ``current_highest``
    is the highest card of the trick so far (``None``: the player is on lead).

    >>> str(legal_plays("C9 HQ D6 S7"))            # on lead: any live card, never a dud or a seven
    'C9 D6'
    >>> str(legal_plays("C9 HQ D6 S7", "SA"))      # ♣9 beats ♠A, so it must be played
    'C9'
    >>> str(legal_plays("C9 HQ D6 S7", "HK"))      # nothing beats Brus (♥K) here: pass
    'pass'
    """
    cards, highest = _checked(hand, current_highest)
    return LegalPlays(tuple(c for c in cards if card_fault(cards, highest, c) is None),
                      not pass_blockers(cards, highest))


def refusal(hand: Sequence[Card] | str, current_highest: Card | str | None, play: Card | str) -> Reason | None:
    """Why ``play`` (a card, or ``"pass"``) may not be made from ``hand`` when ``current_highest`` is the
    highest card so far (``None``: on lead), or ``None`` if it may.

    >>> refusal("C9 HQ D6", "SA", "D6").code
    'too-low'
    >>> refusal("C9 HQ D6", "SA", "pass").code
    'must-beat'
    >>> refusal("C9 HQ D6", None, "HQ").code
    'dud-not-played'
    """
    cards, highest = _checked(hand, current_highest)
    if isinstance(play, str) and play.strip().lower() in _PASS_WORDS:
        return pass_refusal(cards, highest)
    return card_refusal(cards, highest, check_card(play, "the play"))


# -- who wins a trick -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrickExplanation:
    """A trick explained: ``winner`` (the index of the winning play), its ``card``, one reason per play
    (``steps``: the lead, each beat, each pass and what it tells) and ``reason``, why the winner wins."""

    winner: int
    card: Card
    steps: tuple[Reason, ...]
    reason: Reason


def _read_plays(plays: object) -> list[Card | None]:
    """A trick's plays in order, each a card or ``None`` for a pass."""
    if isinstance(plays, str):
        items: list[object] = [t for t in plays.replace(",", " ").split() if t]
    elif isinstance(plays, (list, tuple)):
        items = list(plays)
    else:
        raise ParseError(f"a trick is given as plays like 'D9 pass CA', or a list of cards and passes, "
                         f"not {type_name(plays)}")
    out: list[Card | None] = []
    for item in items:
        if item is None or (isinstance(item, str) and item.strip().lower() in _PASS_WORDS):
            out.append(None)
        else:
            card = check_card(item, "a play")
            if card in out:
                raise InvalidPosition(f"{card.symbol} is played twice: a card is named once")
            out.append(card)
    return out


def explain_trick(plays: Sequence[Card | str | None] | str, seats: Sequence[int] | None = None) -> TrickExplanation:
    """Who wins a trick and why.  ``plays``: the lead, then each other player's turn in order, a card or a
    pass (``"pass"``, ``"-"`` or ``None``); ``seats``: who made each play (default 0, 1, 2, ...).

    Every card after the lead must beat the highest card before it (else the
    trick could not have happened, and :class:`InvalidPosition` says why), so
    the last card played is the highest and wins; if everybody passed, the
    lead wins.  A pass is explained by what it shows: that player held
    nothing higher.

    >>> result = explain_trick("D6 pass CA SJ")      # the aces rank above the jacks
    Traceback (most recent call last):
    ...
    stytvolt.core.errors.InvalidPosition: play 4, ♠J, does not beat ♣A, the highest card so far: after the lead, a card must be higher than the highest card so far.
    >>> result = explain_trick("D6 pass CA pass")
    >>> result.winner, result.reason.text
    (2, 'Player 2 wins the trick with ♣A, the highest card played.')
    """
    steps_in = _read_plays(plays)
    if not steps_in:
        raise InvalidPosition("the trick holds no play: a trick starts with a lead")
    if len(steps_in) > MAX_TRICK:
        raise InvalidPosition(f"a trick holds at most {MAX_TRICK} plays (the lead and one turn each at a table of six), "
                              f"not {len(steps_in)}")
    if seats is None:
        seat_of = list(range(len(steps_in)))
    else:
        if not isinstance(seats, (list, tuple)) or len(seats) != len(steps_in) or any(
                isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in seats):
            raise InvalidPosition(f"seats must name a seat (a whole number from 0) for each of the {len(steps_in)} plays")
        seat_of = list(seats)
    lead = steps_in[0]
    if lead is None:
        raise InvalidPosition("play 1 is a pass: a trick starts with a live card led")
    why = card_refusal((lead,), None, lead)
    if why is not None:
        raise InvalidPosition(f"play 1, {lead.symbol}, cannot be led: {why.text}")
    steps = [Reason.of("lead", "{seat} leads {card}.", (lead,), seat=Seat(seat_of[0]), card=name_of(lead))]
    highest, winner = lead, 0
    for i in range(1, len(steps_in)):
        card = steps_in[i]
        if card is None:
            steps.append(Reason.of("pass", "{seat} passes: holding nothing higher than {highest}.", (highest,),
                                   seat=Seat(seat_of[i]), highest=name_of(highest)))
            continue
        why = card_refusal((card,), highest, card)
        if why is not None:
            raise InvalidPosition(f"play {i + 1}, {card.symbol}, does not beat {highest.symbol}, the highest card so "
                                  f"far: after the lead, a card must be higher than the highest card so far."
                                  if why.code == "too-low" else f"play {i + 1}, {card.symbol}: {why.text}")
        steps.append(Reason.of("beats", "{seat} beats {highest} with {card}.", (card, highest),
                               seat=Seat(seat_of[i]), card=name_of(card), highest=name_of(highest)))
        highest, winner = card, i
    if winner == 0 and len(steps_in) > 1:
        reason = Reason.of("lead-stands", "{seat} wins the trick with {card}: nobody could beat it.", (lead,),
                           seat=Seat(seat_of[0]), card=name_of(lead))
    else:
        reason = Reason.of("highest-wins", "{seat} wins the trick with {card}, the highest card played.", (highest,),
                           seat=Seat(seat_of[winner]), card=name_of(highest))
    return TrickExplanation(winner, highest, tuple(steps), reason)


def trick_winner(plays: Sequence[Card | str | None] | str) -> int:
    """The index (in play order) of the play that wins the trick: the last card played.

    >>> trick_winner("S6 D9 pass C9")
    3
    """
    return explain_trick(plays).winner


# -- what a deal scores -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DealScore:
    """What a finished deal scores: ``strokes`` (0, 1 or 2) for ``side`` (``None``: nobody scores),
    ``kind`` ("six", "lurch", "club-king" or "none") and the ``reason`` in words."""

    side: int | None
    strokes: int
    kind: str
    reason: Reason


def _tricks_pair(tricks: object) -> tuple[int, int]:
    if isinstance(tricks, (str, bytes)) or not isinstance(tricks, (list, tuple)) or len(tricks) != 2:
        raise InvalidPosition(f"tricks are each side's tricks as a pair, like (6, 2), not {tricks!r}"
                              if isinstance(tricks, (list, tuple)) else
                              f"tricks are each side's tricks as a pair, like (6, 2), not {type_name(tricks)}")
    out = []
    for side, count in enumerate(tricks):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= SIX:
            raise InvalidPosition(f"side {side}'s tricks must be a whole number from 0 to {SIX} (play stops at six), "
                                  f"not {count!r}")
        out.append(count)
    if out[0] == SIX and out[1] == SIX:
        raise InvalidPosition("both sides cannot have six tricks: play stops when the first side reaches six")
    return out[0], out[1]


def deal_score(tricks: Sequence[int], straight: bool = False, club_king_side: int | None = None) -> DealScore:
    """The strokes a finished deal scores, and the side that scores them.

    ``tricks``: each side's tricks (sevens laid out included), side 0 first;
    ``straight``: the winning side took its six straight off, the opponents
    none (the lurch: 2 strokes; ruling R61: six to none is always straight off,
    and straight off is always six to none, so anything else is refused);
    ``club_king_side``: the side holding ♣K, which decides a deal that ended
    with no side at six (when no live card is left): a side with five tricks
    scores 1 stroke if it holds ♣K, else nobody scores (ruling R62).  It is
    not needed when a side has six.

    >>> deal_score((6, 3)).strokes, deal_score((6, 3)).side
    (1, 0)
    >>> deal_score((0, 6), straight=True).strokes
    2
    >>> deal_score((5, 4), club_king_side=1).side is None
    True
    """
    ours = _tricks_pair(tricks)
    if not isinstance(straight, bool):
        raise InvalidPosition(f"straight must be True or False, not {type_name(straight)}")
    if club_king_side is not None and (isinstance(club_king_side, bool) or club_king_side not in (0, 1)):
        raise InvalidPosition(f"club_king_side must be 0, 1 or None, not {club_king_side!r}")
    if SIX in ours:
        side = ours.index(SIX)
        other = ours[1 - side]
        if straight != (other == 0):
            raise InvalidPosition(
                f"six tricks to {other} cannot be six straight off: the lurch is six tricks before the opponents take any"
                if straight else
                "six tricks to none is six straight off (the lurch): pass straight=True")
        if straight:
            return DealScore(side, 2, "lurch", Reason.of(
                "lurch", "{side} took six tricks straight off, the opponents none: the lurch, 2 strokes.",
                side=Team(side)))
        return DealScore(side, 1, "six", Reason.of("six", "{side} took six tricks, the opponents {other:trick}: 1 stroke.",
                                                   side=Team(side), other=other))
    if straight:
        raise InvalidPosition(f"no side has six tricks ({ours[0]} and {ours[1]}), so there is no six straight off")
    fives = [s for s in (0, 1) if ours[s] == SIX - 1]
    if not fives:
        return DealScore(None, 0, "none", Reason.of(
            "no-score", "No side reached six tricks ({first} and {second}) and neither has five: nobody scores.",
            first=ours[0], second=ours[1]))
    if club_king_side is None:
        raise InvalidPosition("no side has six tricks and a side has five: ♣K decides, so say which side holds it "
                              "(club_king_side=0 or 1)")
    if club_king_side in fives:
        return DealScore(club_king_side, 1, "club-king", Reason.of(
            "club-king", "No side reached six tricks; {side} have five and hold ♣K: 1 stroke.", (CLUB_KING,),
            side=Team(club_king_side)))
    five = fives[0]
    return DealScore(None, 0, "none", Reason.of(
        "no-score-club-king", "No side reached six tricks; {side} have five but {holder} hold ♣K: nobody scores.",
        (CLUB_KING,), side=Team(five), holder=Team(club_king_side)))
