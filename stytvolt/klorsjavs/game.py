"""A whole game of Klørsjavs (or four-hand Klørsjavs) on the øre sheet, or a session of Auction Klørsjavs.

The hands are :class:`~stytvolt.klorsjavs.hand.HandState`; each finished
hand is scored by the rules' own :func:`~stytvolt.klorsjavs.rules.hand_score`,
:func:`~stytvolt.klorsjavs.rules.fold_cost` or
:func:`~stytvolt.klorsjavs.rules.auction_score` (:func:`hand_result`) and
written on an :class:`~stytvolt.klorsjavs.sheet.OreSheet` (everyone from
60 øre; the game ends after a hand leaving anyone at 0 or below with one
player alone lowest, who loses) or, in the auction, a
:class:`~stytvolt.klorsjavs.sheet.TariffSheet` (game points from 0 over a
set number of hands; the single highest wins).

Who deals: the player on the dealer's left after every hand that was
played (a folded one too), the same dealer again after everyone passed
(ruling R52).  Hand ``i`` is shuffled from
:func:`~stytvolt.core.match.hand_seed` of the game's seed and ``i``.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.match import (
    HandsMatch,
    SheetLine, SheetTally, check_seat, check_seed, hand_seed, read_match, replay_hands,
)
from stytvolt.klorsjavs.hand import VARIANTS, HandState, parse_action
from stytvolt.klorsjavs.rules import AuctionScore, HandScore, auction_score, fold_cost, hand_score
from stytvolt.klorsjavs.sheet import SESSION_ROUNDS, START, GameOver, OreSheet, TariffSheet

__all__ = ["KlorsjavsGame", "hand_result", "KLORSJAVS_GAME"]

#: The ``"game"`` of a saved Klørsjavs game, and the name its hands' seeds are drawn under.
KLORSJAVS_GAME = "klorsjavs-game"
_KEYS = {"game", "v", "seed", "variant", "first_dealer", "rounds", "hands"}

Sheet = OreSheet | TariffSheet


def hand_result(hand: HandState) -> HandScore | AuctionScore | None:
    """What a hand that was played out scored: :func:`hand_score`'s result (Klørsjavs, four-hand) or
    :func:`auction_score`'s (the auction).  ``None`` for a hand passed, folded (it costs
    :func:`fold_cost`) or still being played."""
    if hand.phase != "done":
        return None
    assert hand.declarer is not None
    if not hand.auction:
        return hand_score(hand.declarer_points(), four_hand=hand.variant == "four-hand")
    assert hand.bid is not None
    won = sum(1 for _, _, winner in hand.tricks if winner == hand.declarer)
    if hand.bid.is_tout:
        return auction_score(hand.bid, all_tricks=won == len(hand.tricks))
    return auction_score(hand.bid, hand.declarer_points(), no_tricks=won == 0)


def _said(code: str, template: str, **args: object) -> Reason:
    """A reason whose arguments may include seats listed by :func:`_listing` (``**`` of a dict)."""
    return Reason(code, template, (), tuple(args.items()))


def _listing(seats: Sequence[int], name: str) -> tuple[str, dict[str, object]]:
    """A template naming ``seats`` ("{p0} and {p1}", "{p0}, {p1} and {p2}") and its arguments."""
    keys = [f"{name}{i}" for i in range(len(seats))]
    marks = [f"{{{k}}}" for k in keys]
    text = marks[0] if len(marks) == 1 else ", ".join(marks[:-1]) + " and " + marks[-1]
    return text, {k: Seat(s) for k, s in zip(keys, seats)}


class KlorsjavsGame(HandsMatch[HandState]):
    """A game of Klørsjavs (``variant``: "klorsjavs", "four-hand" or "auction"), dealt from ``seed``;
    implements :class:`~stytvolt.core.match.Match`.

    ``rounds`` (the auction only): the session's length in rounds of deals,
    each player dealing once a round; :data:`~stytvolt.klorsjavs.sheet.SESSION_ROUNDS`
    when not given.  Play the hand in progress directly
    (``game.current.apply(action)``), then :meth:`deal` the next one, until
    :attr:`over`.
    """

    def __init__(self, seed: int, *, variant: str = "klorsjavs", first_dealer: int = 0, rounds: int | None = None) -> None:
        self.seed = check_seed(seed)
        if not isinstance(variant, str) or variant not in VARIANTS:
            shown = repr(variant) if isinstance(variant, str) else type_name(variant)
            raise InvalidPosition(f"variant must be one of {', '.join(VARIANTS)}, not {shown}")
        self.variant = variant
        self.players = VARIANTS[variant]
        self.first_dealer = check_seat(first_dealer, "first_dealer", self.players)
        if variant != "auction" and rounds is not None:
            raise InvalidPosition("rounds sets the length of an Auction Klørsjavs session; "
                                  "a game of Klørsjavs lasts until someone is down to 0")
        if rounds is None and variant == "auction":
            rounds = SESSION_ROUNDS
        if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 100):
            raise InvalidPosition(f"rounds must be a whole number from 1 to 100, not {rounds!r}")
        self.rounds = rounds
        self.hands: list[HandState] = []
        self._tally: SheetTally[HandState, Sheet] = SheetTally(self._empty, _copy, self._record, self._opening)

    def __repr__(self) -> str:
        return f"<KlorsjavsGame {self.variant} seed={self.seed} hands={len(self.hands)} totals={self.sheet.totals}>"

    # -- the hands ------------------------------------------------------------------------------

    @property
    def auction(self) -> bool:
        return self.variant == "auction"

    def _deal_hand(self, index: int, dealer: int) -> HandState:
        """Hand ``index``'s cards: the one place a game's cards come from."""
        return HandState.deal(hand_seed(KLORSJAVS_GAME, self.seed, index), dealer, variant=self.variant)

    def _passed(self, hand: HandState) -> bool:
        """Everyone passed: the same dealer deals again."""
        return hand.phase == "passed"

    def _over(self) -> Exception:
        return GameOver("the game is over: start a new one to play on")

    # -- the sheet -------------------------------------------------------------------------------

    @property
    def sheet(self) -> Sheet:
        """The sheet after every finished hand (a copy: writing on it changes nothing here)."""
        return self._tally.of(self.hands)[0]

    @property
    def over(self) -> bool:
        """The sheet has a loser (Klørsjavs) or a winner (the auction)."""
        return self.sheet.over

    def sheet_columns(self) -> tuple[tuple[int, ...], ...]:
        """One column per seat."""
        return tuple((seat,) for seat in range(self.players))

    def sheet_lines(self) -> list[SheetLine]:
        """The opening line, then one line per hand played out or folded (a passed hand writes none)."""
        return self._tally.of(self.hands)[1]

    def _empty(self) -> Sheet:
        if self.rounds is not None:
            return TariffSheet(hands=self.players * self.rounds)
        return OreSheet(players=self.players)

    def _opening(self, sheet: Sheet) -> tuple[Reason, ...]:
        if isinstance(sheet, TariffSheet):
            return (Reason.of("auction-start", "Each player starts at 0; after {hands:hand} the highest total wins.",
                              hands=sheet.hands),)
        return (Reason.of("ore-start", "Each player starts at {start} øre; after a hand that leaves anyone at 0 or "
                                       "below, the lowest score loses.", start=START),)

    def _record(self, sheet: Sheet, index: int, hand: HandState) -> tuple[Reason, ...] | None:
        if hand.phase not in ("done", "folded"):
            return None
        declarer = hand.declarer
        assert declarer is not None
        others = [s for s in range(self.players) if s != declarer]
        before = sheet.totals
        notes: list[Reason] = []
        if hand.phase == "folded":
            assert isinstance(sheet, OreSheet)
            sheet.record_fold(declarer)
            notes.append(Reason.of("ore-fold", "{seat} declared, then folded: {seat} subtracts {ore}, "
                                               "down from {before} to {after}.",
                                   seat=Seat(declarer), ore=fold_cost(), before=before[declarer],
                                   after=sheet.totals[declarer]))
        else:
            result = hand_result(hand)
            if isinstance(result, AuctionScore):
                assert isinstance(sheet, TariffSheet) and hand.trump is not None
                sheet.record(declarer, result)
                notes.append(Reason.of("auction-declarer", "{seat} bid {bid} with {suit} trumps.",
                                       seat=Seat(declarer), bid=str(result.bid), suit=hand.trump.english))
                notes.append(result.reason)
                names, args = _listing(others, "p")
                if result.tariff > 0:
                    text = names + " each pay {seat} {value}."
                else:
                    text = "{seat} pays " + names + " {value} each."
                notes.append(_said("auction-paid", text, seat=Seat(declarer), value=abs(result.tariff), **args))
            else:
                assert isinstance(result, HandScore) and isinstance(sheet, OreSheet)
                sheet.record(declarer, result)
                cat = "swiped" if hand.swiped else "stroked"
                notes.append(Reason.of("ore-declarer", "{seat} declared and " + cat + " the cat.", seat=Seat(declarer)))
                notes.append(result.reason)
                if result.who == "opponents":
                    names, args = _listing(others, "p")
                    notes.append(_said("ore-opponents", names + " each subtract {ore}.", ore=result.ore, **args))
                else:
                    notes.append(Reason.of("ore-declarer-pays", "{seat} subtracts {ore}, down from {before} to {after}.",
                                           seat=Seat(declarer), ore=result.ore, before=before[declarer],
                                           after=sheet.totals[declarer]))
        tie = self._tie(sheet)
        if tie is not None:
            notes.append(tie)
        return tuple(notes)

    @staticmethod
    def _tie(sheet: Sheet) -> Reason | None:
        """The reason one more hand is played, when the end is reached with the extreme score shared."""
        if isinstance(sheet, OreSheet) and sheet.tie_for_lowest:
            names, args = _listing(sheet.lowest, "p")
            return _said("ore-tie-lowest", names + " share the lowest score, {total}: one more hand is played.",
                             total=min(sheet.totals), **args)
        if isinstance(sheet, TariffSheet) and sheet.tie_for_highest:
            names, args = _listing(sheet.leaders, "p")
            return _said("auction-tie-highest", names + " share the highest total, {total}: one more hand is played.",
                             total=max(sheet.totals), **args)
        return None

    # -- the end ---------------------------------------------------------------------------------

    def outcome(self) -> tuple[Reason, ...]:
        """Empty until the game is decided; then who lost it (Klørsjavs) or won it (the auction), and the others' scores."""
        sheet = self.sheet
        if isinstance(sheet, OreSheet):
            if sheet.loser is None:
                return ()
            seat, unit = sheet.loser, " øre"
            first = Reason.of("ore-loser", "{seat} has the lowest score, {total} øre, and loses the game.",
                              seat=Seat(seat), total=sheet.totals[seat])
        else:
            if sheet.winner is None:
                return ()
            seat, unit = sheet.winner, ""
            first = Reason.of("auction-winner", "After {hands:hand} {seat} has the highest total, {total}, "
                                                "and wins the session.",
                              seat=Seat(seat), total=sheet.totals[seat], hands=sheet.played)
        others = [s for s in range(self.players) if s != seat]
        keys = [f"p{i}" for i in range(len(others))]
        parts = [f"{{{k}}} at {sheet.totals[s]}{unit}" for k, s in zip(keys, others)]
        text = ", ".join(parts[:-1]) + " and " + parts[-1]
        rest = _said("game-standing", "The others end with " + text + ".",
                         **{k: Seat(s) for k, s in zip(keys, others)})
        return (first, rest)

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The seed, the variant and each hand's actions (and, in the auction, the session's rounds)."""
        data: dict[str, Any] = {
            "game": KLORSJAVS_GAME,
            "v": 1,
            "seed": self.seed,
            "variant": self.variant,
            "first_dealer": self.first_dealer,
            "hands": [hand.to_json()["actions"] for hand in self.hands],
        }
        if self.rounds is not None:
            data["rounds"] = self.rounds
        return data

    @classmethod
    def from_json(cls, data: object) -> "KlorsjavsGame":
        """The game a :meth:`to_json` form (or its text) describes; anything wrong raises
        :class:`~stytvolt.core.errors.InvalidPosition` naming it."""
        obj = read_match(data, KLORSJAVS_GAME, _KEYS, {"seed", "hands"})
        game = cls(obj["seed"], variant=obj.get("variant", "klorsjavs"), first_dealer=obj.get("first_dealer", 0),
                   rounds=obj.get("rounds"))
        replay_hands(game, obj["hands"], parse_action)
        return game


def _copy(sheet: Sheet) -> Sheet:
    if isinstance(sheet, TariffSheet):
        return TariffSheet(hands=sheet.hands, lines=list(sheet.lines))
    return OreSheet(players=sheet.players, lines=list(sheet.lines))
