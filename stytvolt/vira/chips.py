"""Settling a hand of Vira: points between the players, chips to and from the pot.

Two currencies (Parlett): *points* (pinnar) pass between the soloist and
each opponent at the table's rate (:func:`~stytvolt.vira.contracts.points`);
*chips* (betar) pass between the soloist and the pot.  One chip is worth
eight points (:data:`CHIP_VALUE`).

**The chip amounts per contract were not recovered.**  Parlett's pay-off
table had chip columns for a first try (won, lost, kodille) and a second
try, but its figures are lost.  So the chips are a :class:`ChipTable`, a
value anyone can replace, and the engine's default is :data:`HOUSE_CHIPS`, a
house table of our own, built from the rules the sources do state (ruling
R78):

* a won game takes one chip from the pot and a lost one pays one in, "as
  usual" (Victorin, *Handledning i vira*);
* a double loss (kodille) pays double (Parlett, Victorin);
* the vingel, the tringel and the cuckoo cost more than other games
  (Victorin): their losses are doubled again;
* a second try pays double a first try's loss, four times a kodille
  (Victorin's after-turn-up: two chips lost, four kodille), and takes
  nothing when won: "winning after a second try, though unprofitable, loses
  less than losing after a first" (Parlett);
* a surrendered game counts as lost singly, a surrendered solo double
  (Parlett, Victorin); a player who failed to overcall a cuckoo that is won
  pays one chip into the pot (Parlett).

The last two are the seed's own rules, fixed whatever the table; the rest
are the table's and may be changed.  :func:`settle` computes a hand's
:class:`Settlement` from its facts, so it can be worked by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from stytvolt.core.checks import seat
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.vira.contracts import CONTRACTS, Contract, Kind, Outcome, SuitClass, contract, outcome, points

__all__ = ["CHIP_VALUE", "ChipRates", "ChipTable", "HOUSE_CHIPS", "Settlement", "settle", "SURRENDERED"]

#: Points a chip is worth (Parlett: one chip is equivalent to eight points).
CHIP_VALUE = 8
#: The result of a hand whose soloist surrendered before play.
SURRENDERED = "surrendered"


@dataclass(frozen=True)
class ChipRates:
    """The chips one contract moves between its player and the pot (amounts, never negative).

    ``won``/``lost``/``kodille``: after a first try (or with no try at all);
    ``second_*``: after a second try.
    """

    won: int
    lost: int
    kodille: int
    second_won: int
    second_lost: int
    second_kodille: int

    def __post_init__(self) -> None:
        for name in ("won", "lost", "kodille", "second_won", "second_lost", "second_kodille"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidPosition(f"chip rate {name} must be a whole number, 0 or more, not {value!r}")

    def amount(self, result: Outcome, second_try: bool) -> int:
        """The chips for ``result`` (taken from the pot when won, paid into it otherwise)."""
        if result is Outcome.WON:
            return self.second_won if second_try else self.won
        if result is Outcome.LOST:
            return self.second_lost if second_try else self.lost
        return self.second_kodille if second_try else self.kodille

    def to_json(self) -> list[int]:
        return [self.won, self.lost, self.kodille, self.second_won, self.second_lost, self.second_kodille]


@dataclass(frozen=True)
class ChipTable:
    """Chips per contract: a named, documented table (``rates[n - 1]`` is contract n's).

    ``historical`` says whether the figures are a source's; the default
    :data:`HOUSE_CHIPS` is not.  ``solo_surrender`` (2) and
    ``cuckoo_penalty`` (1) are the seed's own rules.
    """

    name: str
    description: str
    rates: tuple[ChipRates, ...]
    historical: bool = False
    solo_surrender: int = 2
    cuckoo_penalty: int = 1
    _by_number: dict[int, ChipRates] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rates, tuple) or len(self.rates) != len(CONTRACTS) or \
                not all(isinstance(r, ChipRates) for r in self.rates):
            raise InvalidPosition(f"a chip table has ChipRates for each of the {len(CONTRACTS)} contracts, in order")
        for name in ("solo_surrender", "cuckoo_penalty"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidPosition(f"{name} must be a whole number, 0 or more, not {value!r}")
        self._by_number.update({i + 1: r for i, r in enumerate(self.rates)})

    def for_contract(self, item: "Contract | str") -> ChipRates:
        """The rates of one contract (by the contract or any of its names)."""
        return self._by_number[contract(item).number]

    def with_rates(self, name: str, description: str, changes: Mapping[str, ChipRates]) -> "ChipTable":
        """A copy under a new name with some contracts' rates changed (keys are contract names)."""
        rates = list(self.rates)
        for key, value in changes.items():
            if not isinstance(value, ChipRates):
                raise InvalidPosition(f"the rates for {key!r} are ChipRates, not {type_name(value)}")
            rates[contract(key).number - 1] = value
        return replace(self, name=name, description=description, rates=tuple(rates), historical=False,
                       _by_number={})

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "historical": self.historical,
                "solo_surrender": self.solo_surrender, "cuckoo_penalty": self.cuckoo_penalty,
                "rates": [r.to_json() for r in self.rates]}

    @classmethod
    def from_json(cls, data: object) -> "ChipTable":
        if not isinstance(data, Mapping):
            raise InvalidPosition(f"a chip table is a JSON object, not {type_name(data)}")
        rows = data.get("rates")
        if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) == 6 for r in rows):
            raise InvalidPosition("a chip table's rates are a list of six numbers for each contract")
        name, description = data.get("name"), data.get("description", "")
        if not isinstance(name, str) or not isinstance(description, str):
            raise InvalidPosition("a chip table has a name and a description as text")
        historical = data.get("historical", False)
        if not isinstance(historical, bool):
            raise InvalidPosition("a chip table's 'historical' is true or false")
        return cls(name, description, tuple(ChipRates(*r) for r in rows), historical,
                   data.get("solo_surrender", 2), data.get("cuckoo_penalty", 1))


def _house_rates(item: Contract) -> ChipRates:
    """The house rule for one contract (see the module docstring)."""
    factor = 2 if item.kind is Kind.CUCKOO or (item.kind is Kind.TURN_UP and item.turned > 1) else 1
    return ChipRates(won=1, lost=factor, kodille=2 * factor, second_won=0, second_lost=2 * factor,
                     second_kodille=4 * factor)


#: The engine's default chips: a HOUSE table, not the historical figures (which were not recovered).
HOUSE_CHIPS = ChipTable(
    "house",
    "Our own table, not a historical one: Parlett's chip figures were lost. A won game takes 1 chip from the "
    "pot and a lost one pays 1 (Victorin: 'as usual'); kodille pays double; vingel, tringel and cuckoo losses "
    "cost double again (Victorin: those games cost more); a second try takes nothing when won and pays double "
    "a first try's loss (Parlett; Victorin's after-turn-up: 2 lost, 4 kodille).",
    tuple(_house_rates(item) for item in CONTRACTS),
)


@dataclass(frozen=True)
class Settlement:
    """What a finished hand moves: ``points`` and ``chips`` per seat (the pot's change is ``pot``).

    ``result`` is an :class:`~stytvolt.vira.contracts.Outcome` or
    :data:`SURRENDERED`; ``reasons`` say each payment in words.
    """

    soloist: int
    contract: Contract
    result: "Outcome | str"
    tricks: int | None
    points: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int
    reasons: tuple[Reason, ...]

    def returns(self, chip_value: int = CHIP_VALUE) -> list[int]:
        """Each seat's gain in points, a chip counted at ``chip_value`` points."""
        return [p + chip_value * c for p, c in zip(self.points, self.chips)]


def _seat(value: object, players: int, name: str) -> int:
    return seat(value, players, name)


def settle(item: "Contract | str", *, soloist: int, opponents: Sequence[int], players: int = 3,
           tricks: int | None = None, suit_class: "SuitClass | str | None" = None, misere: bool = False,
           second_try: bool = False, first_try_class: "SuitClass | str | None" = None,
           surrendered: bool = False, cuckoo_liable: Sequence[int] = (),
           chips: ChipTable = HOUSE_CHIPS) -> Settlement:
    """The points and chips of a finished hand, from its facts.

    ``tricks``: the soloist's tricks (not with ``surrendered``);
    ``suit_class``: the class the points are paid at (the trump's, or for a
    surrendered solo, gask or vira the class it was bid in; None for a
    misère); ``misere``: a gask played as its misère; ``second_try`` with
    ``first_try_class``: a second try was bought, and the first try's points
    were paid as if lost at that class; ``cuckoo_liable``: the opponents who
    passed rather than overcall a cuckoo (each pays the penalty if it is won).

    >>> s = settle("Solo 7", soloist=0, opponents=(1, 2), tricks=7, suit_class="colour")
    >>> s.points, s.chips, s.pot      # 1 point from each opponent, 1 chip from the pot
    ((2, -1, -1), (1, 0, 0), -1)
    """
    found = contract(item)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (3, 4):
        raise InvalidPosition(f"players must be 3 or 4, not {players!r}")
    solo = _seat(soloist, players, "soloist")
    others = tuple(_seat(o, players, "an opponent") for o in opponents)
    if len(others) != 2 or solo in others or others[0] == others[1]:
        raise InvalidPosition(f"a hand of Vira has two opponents besides the soloist, not {list(opponents)}")
    if not isinstance(chips, ChipTable):
        raise InvalidPosition(f"chips must be a ChipTable, not {type_name(chips)}")
    for name, flag in (("second_try", second_try), ("surrendered", surrendered), ("misere", misere)):
        if not isinstance(flag, bool):
            raise InvalidPosition(f"{name} must be True or False, not {type_name(flag)}")
    if second_try and not found.second_try:
        raise InvalidPosition(f"{found.english} has no second try")
    playing_misere = misere or found.always_misere
    rate_class = None if playing_misere else suit_class
    rate = points(found, rate_class, misere=misere)
    point_moves = [0] * players
    chip_moves = [0] * players
    reasons: list[Reason] = []
    if second_try:
        first = points(found, None if found.always_misere else first_try_class)
        for o in others:
            point_moves[solo] -= first
            point_moves[o] += first
        reasons.append(Reason.of("second-try", "{soloist} bought a second try and paid each opponent {first:point}, "
                                 "as for a lost first try.", soloist=Seat(solo), first=first))
    result: Outcome | str
    rates = chips.for_contract(found)
    if surrendered:
        if tricks is not None:
            raise InvalidPosition("a surrendered hand has no tricks: leave tricks out")
        result = SURRENDERED
        factor = chips.solo_surrender if found.is_solo else 1
        paid = rates.amount(Outcome.LOST, second_try) * factor
        chip_moves[solo] -= paid
        for o in others:
            point_moves[solo] -= rate
            point_moves[o] += rate
        reasons.append(Reason.of(
            "surrendered", "{soloist} surrendered {contract}: {rate:point} to each opponent and {chips:chip} "
            "into the pot{solo}.", soloist=Seat(solo), contract=found.english, rate=rate, chips=paid,
            solo=", double for a solo" if found.is_solo else ""))
    else:
        if tricks is None:
            raise InvalidPosition("a played hand is settled from the soloist's tricks: give tricks")
        result = outcome(found, tricks, misere=misere if found.kind is Kind.GASK and found.has_misere_option
                         else None)
        amount = rates.amount(result, second_try)
        sign = 1 if result is Outcome.WON else -1
        chip_moves[solo] += sign * amount
        for o in others:
            point_moves[solo] += sign * rate
            point_moves[o] -= sign * rate
        if result is Outcome.WON:
            text = "{soloist} won {contract} with {tricks:trick}: {rate:point} from each opponent and " \
                   "{chips:chip} from the pot."
        else:
            text = "{soloist} lost {contract} with {tricks:trick} ({result}): {rate:point} to each opponent " \
                   "and {chips:chip} into the pot."
        reasons.append(Reason.of(f"settle-{result.name.lower()}", text, soloist=Seat(solo), contract=found.english,
                                 tricks=tricks, rate=rate, chips=amount, result=result.value))
        if result is Outcome.WON and found.kind is Kind.CUCKOO:
            for seat in cuckoo_liable:
                liable = _seat(seat, players, "a liable opponent")
                if liable not in others:
                    raise InvalidPosition(f"only an opponent can owe for not overcalling a cuckoo, not seat {liable}")
                chip_moves[liable] -= chips.cuckoo_penalty
                reasons.append(Reason.of("cuckoo-penalty", "{seat} passed instead of overcalling the cuckoo, which "
                                         "was won: {chips:chip} into the pot.", seat=Seat(liable),
                                         chips=chips.cuckoo_penalty))
    return Settlement(solo, found, result, tricks, tuple(point_moves), tuple(chip_moves), -sum(chip_moves),
                      tuple(reasons))
