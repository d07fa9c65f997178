"""Vira's forty contracts: their order, their names, what each requires, and the points each pays.

The order and the points are the Stockholm Vira society's table (1999, with
the 2006 corrections to its payments), as the recovered facts give it and
as brusdata.se and lyckans-talisman print it; Parlett's chapter describes the
same eight kinds of contract.  Everything a page or a quiz asks about a
contract is answered here:

* :data:`CONTRACTS`: the forty, lowest first, each an immutable
  :class:`Contract` (its number, Swedish and English names, kind, the tricks
  a trump contract needs, the kind of misère, the points);
* :func:`contract`: a contract by any of its names (``"Gask på 3"``,
  ``"Gask 3"``, ``"solo vira"``, ``"Misère, 2 discards"``), forgiving about
  case, accents, spacing and punctuation; an unknown name raises
  :class:`ContractError` naming it and suggesting the closest names;
* :class:`Bid` and :func:`parse_bid`: a contract with the suit class it is
  bid in (``"Solo 7 in colour"``);
* :func:`overcalls` and :func:`bid_refusal`: whether one bid overcalls
  another, and why not, holding included;
* :func:`points`: the points each opponent pays or is paid;
* :func:`outcome`: won, lost singly or kodille, from the tricks taken;
* :func:`requirement`: what a contract asks of its player, in words.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from enum import Enum
from typing import Iterable

from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted

__all__ = [
    "SuitClass", "Kind", "MisereKind", "Contract", "CONTRACTS", "ContractError", "contract",
    "Bid", "BidError", "parse_bid", "ALL_BIDS", "overcalls", "bid_allowed", "bid_refusal", "points", "Outcome", "outcome",
    "requirement", "GASK_OPTIONS", "misere_cards",
]


class SuitClass(Enum):
    """The three classes of trump suit for a hand, lowest first.

    The suit of the card cut from the second pack is *preference* (högsta
    färg); the other suit of its colour is *colour* (färg, second
    preference); the two suits of the other colour are *off-colour* (ofärg).
    A bid named without a class is an off-colour bid: it may still be played
    in any suit (ruling R72).
    """

    OFF = "off-colour"
    COLOUR = "colour"
    PREFERENCE = "preference"

    @property
    def rank(self) -> int:
        """0, 1, 2: the order in which equal bids of the three classes overcall one another."""
        return _CLASS_RANK[self]

    @property
    def swedish(self) -> str:
        return {"off-colour": "ofärg", "colour": "färg", "preference": "högsta färg"}[self.value]

    def __str__(self) -> str:
        return self.value


_CLASS_RANK = {SuitClass.OFF: 0, SuitClass.COLOUR: 1, SuitClass.PREFERENCE: 2}


class Kind(Enum):
    """The eight kinds of contract (Parlett's grouping): four to win tricks, three to lose them all,
    and gask, which may be either."""

    DRAW = "draw"  # köp: name trumps, exchange with the talon
    TURN_UP = "turn-up"  # turné, vingel, tringel: trumps turned from the talon
    SOLO = "solo"  # your own trumps, no exchange
    VIRA = "vira"  # all thirteen after taking the talon
    CUCKOO = "cuckoo"  # gök: lose every trick, open, after taking the talon
    MISERE = "misère"  # köpmisär: lose every trick after exchanging
    SOLO_MISERE = "solo misère"  # lose every trick, one discard or none
    GASK = "gask"  # keep some cards, take the talon, then trumps or a misère

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class MisereKind:
    """How a misère is played: with how many cards (so how many tricks), and whether the hand is open."""

    cards: int
    open: bool

    def __str__(self) -> str:
        return f"{'open' if self.open else 'closed'}, {self.cards} cards"


@dataclass(frozen=True, eq=False)
class Contract:
    """One of the forty contracts.  Interned: compare with ``is`` or ``==`` (identity).

    ``tricks`` is the least number of tricks a trump contract must win
    (for a gask, its trump option), None for a misère.  ``misere`` is how a
    misère is played (for a gask, its misère option, None when it has none).
    ``rates`` are the points each opponent pays per the table: three rates
    (off-colour, colour, preference) for a trump contract, one for a misère.
    ``count`` is a misère's number of discards or the number of cards a
    gask keeps; ``turned`` the cards a turn-up turns (1, 2 or 3).
    """

    number: int
    swedish: str
    english: str
    kind: Kind
    tricks: int | None
    misere: MisereKind | None
    rates: tuple[int, ...]
    count: int = 0
    turned: int = 0
    aliases: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.english

    def __repr__(self) -> str:
        return f"<Contract {self.number}: {self.english}>"

    @property
    def name(self) -> str:
        """The English name (the engine's action texts use it)."""
        return self.english

    @property
    def always_misere(self) -> bool:
        """A contract to lose every trick (cuckoo, misère, solo misère); a gask may choose to be one."""
        return self.kind in (Kind.CUCKOO, Kind.MISERE, Kind.SOLO_MISERE)

    @property
    def names_trump(self) -> bool:
        """Whether its player names the trump suit (draw, solo, vira, a gask's trump option)."""
        return self.kind in (Kind.DRAW, Kind.SOLO, Kind.VIRA, Kind.GASK)

    @property
    def takes_class(self) -> bool:
        """Whether it may be bid in colour or in preference: only contracts whose player names trumps."""
        return self.names_trump

    @property
    def second_try(self) -> bool:
        """Whether a second try is allowed (draw, turn-ups, misère with discards)."""
        return self.kind in (Kind.DRAW, Kind.TURN_UP, Kind.MISERE)

    @property
    def opponents_exchange(self) -> bool:
        """Whether the opponents may exchange with what is left of the talon (not after vira, cuckoo, gask)."""
        return self.kind in (Kind.DRAW, Kind.TURN_UP, Kind.SOLO, Kind.MISERE, Kind.SOLO_MISERE)

    @property
    def is_solo(self) -> bool:
        """A solo game (its name starts with Solo): surrendering one counts double (ruling R77)."""
        return self.kind in (Kind.SOLO, Kind.SOLO_MISERE)

    @property
    def royale(self) -> bool:
        return self.english.endswith("royale")

    @property
    def has_misere_option(self) -> bool:
        """A gask that may be played as a misère (Gask 0 to 4)."""
        return self.kind is Kind.GASK and self.misere is not None

    def rate(self, suit_class: SuitClass | None) -> int:
        """Points per opponent: the rate of ``suit_class`` (a misère's single rate when None)."""
        if len(self.rates) == 1:
            return self.rates[0]
        if suit_class is None:
            raise InvalidPosition(f"{self.english} pays by the trump suit's class: give off-colour, colour or preference")
        return self.rates[suit_class.rank]


class ContractError(ParseError):
    """A contract name that names no contract (the message suggests the closest names)."""


class BidError(ParseError):
    """A bid that cannot be made as written (an unknown contract, or a suit class it cannot take)."""


# -- the forty, lowest first -------------------------------------------------------------------------------

#: Gask: the number of cards kept → (tricks of the trump option, the misère option or None).
GASK_OPTIONS: dict[int, tuple[int, MisereKind | None]] = {
    0: (7, MisereKind(11, False)),
    1: (8, MisereKind(12, False)),
    2: (9, MisereKind(13, False)),
    3: (10, MisereKind(12, True)),
    4: (11, MisereKind(13, True)),
    5: (12, None),
    6: (12, None),
}


def _draw(number: int, tricks: int, rates: tuple[int, int, int]) -> Contract:
    if tricks == 6:
        return Contract(number, "Begär", "Beg", Kind.DRAW, 6, None, rates,
                        aliases=("Draw 6", "Köp 6", "6-spel", "Six"))
    return Contract(number, f"{tricks}-spel", f"Draw {tricks}", Kind.DRAW, tricks, None, rates,
                    aliases=(f"Köp {tricks}", f"{tricks} spel", f"Köpspel {tricks}"))


def _turn(number: int, turned: int, tricks: int, rates: tuple[int, int, int]) -> Contract:
    if turned == 1:
        return Contract(number, f"Turné {tricks}", f"Turn-up {tricks}", Kind.TURN_UP, tricks, None, rates,
                        turned=1, aliases=(f"Turn-up single {tricks}", f"Single {tricks}", f"Turn {tricks}"))
    word = "Vingel" if turned == 2 else "Tringel"
    extra = ("Tringel",) if turned == 3 else ()
    return Contract(number, f"{word} {tricks}", f"{word} {tricks}", Kind.TURN_UP, tricks, None, rates,
                    turned=turned, aliases=extra)


def _gask(number: int, keep: int, rates: tuple[int, int, int]) -> Contract:
    tricks, misere = GASK_OPTIONS[keep]
    return Contract(number, f"Gask på {keep}", f"Gask {keep}", Kind.GASK, tricks, misere, rates, count=keep,
                    aliases=(f"Gask on {keep}",))


def _misere(number: int, discards: int, cards: int, rate: int) -> Contract:
    plural = "discard" if discards == 1 else "discards"
    return Contract(number, f"Köpmisär på {discards}", f"Misère {discards}", Kind.MISERE, None,
                    MisereKind(cards, False), (rate,), count=discards,
                    aliases=(f"Misère, {discards} {plural}", f"Misère {discards} {plural}", f"Köpmisär {discards}",
                             f"Misär {discards}", f"Misère with {discards} {plural}"))


def _solo(number: int, tricks: int, rates: tuple[int, int, int]) -> Contract:
    if tricks == 13:
        return Contract(number, "Solo Vira", "Solo Vira", Kind.SOLO, 13, None, rates, aliases=("Solo 13",))
    return Contract(number, f"Solo {tricks}", f"Solo {tricks}", Kind.SOLO, tricks, None, rates)


def _solo_misere(number: int, size: str, ouverte: bool, royale: bool, rate: int) -> Contract:
    cards = 12 if size == "petite" else 13
    tail = (" ouverte" if ouverte else "") + (" royale" if royale else "")
    swedish = f"Solo {size} misär{tail}"
    english = f"Solo {size} misère{tail}"
    return Contract(number, swedish, english, Kind.SOLO_MISERE, None, MisereKind(cards, ouverte), (rate,),
                    count=1 if size == "petite" else 0,
                    aliases=(f"{size} misère{tail}", f"{size} misär{tail}", f"Solo misère {size}{tail}"))


CONTRACTS: tuple[Contract, ...] = (
    _draw(1, 6, (0, 0, 1)),
    _turn(2, 1, 6, (0, 0, 1)),
    _draw(3, 7, (0, 0, 1)),
    _turn(4, 2, 6, (0, 1, 1)),
    _gask(5, 0, (0, 0, 1)),
    Contract(6, "Gök", "Cuckoo", Kind.CUCKOO, None, MisereKind(13, True), (0,), aliases=("Gok", "Cuckoo misère")),
    _turn(7, 1, 7, (0, 1, 1)),
    _misere(8, 1, 11, 0),
    _gask(9, 1, (0, 0, 1)),
    _draw(10, 8, (0, 1, 1)),
    _turn(11, 2, 7, (1, 1, 3)),
    _turn(12, 1, 8, (1, 1, 3)),
    _misere(13, 2, 12, 0),
    _gask(14, 2, (0, 1, 1)),
    _solo(15, 6, (0, 1, 1)),
    _turn(16, 2, 8, (1, 3, 5)),
    _misere(17, 3, 12, 0),
    _gask(18, 3, (0, 1, 2)),
    _draw(19, 9, (1, 1, 3)),
    _misere(20, 4, 12, 1),
    _gask(21, 4, (1, 1, 3)),
    _turn(22, 3, 9, (3, 5, 11)),
    _misere(23, 5, 12, 1),
    _gask(24, 6, (1, 2, 4)),
    _solo(25, 7, (0, 1, 2)),
    _misere(26, 6, 12, 1),
    _gask(27, 5, (1, 3, 5)),
    _solo(28, 8, (1, 2, 4)),
    Contract(29, "Vira", "Vira", Kind.VIRA, 13, None, (2, 4, 8)),
    _solo_misere(30, "petite", False, False, 2),
    _solo(31, 9, (2, 4, 8)),
    _solo_misere(32, "grande", False, False, 4),
    _solo(33, 10, (4, 8, 16)),
    _solo_misere(34, "petite", True, False, 8),
    _solo_misere(35, "petite", True, True, 16),
    _solo(36, 11, (8, 16, 32)),
    _solo_misere(37, "grande", True, False, 24),
    _solo_misere(38, "grande", True, True, 32),
    _solo(39, 12, (16, 32, 64)),
    _solo(40, 13, (32, 64, 128)),
)
"""The forty contracts, lowest first: ``CONTRACTS[n - 1].number == n``."""

assert [c.number for c in CONTRACTS] == list(range(1, 41))


# -- names -------------------------------------------------------------------------------------------------

_FILLER = {"pa", "on", "with", "discard", "discards", "the", "a", "kort", "card", "cards"}
_SYNONYMS = {
    "misar": "misere", "miser": "misere", "misere": "misere", "kopmisar": "misere",
    "begar": "beg", "turnup": "turne", "turn": "turne", "single": "turne", "cuckoo": "gok", "color": "colour",
    "kopspel": "kop",
}


def _key(text: str) -> str:
    """A name reduced to what matters: no case, accents, punctuation, filler words or spacing."""
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    plain = re.sub(r"\bturn[\s-]*up(\s+single)?\b", "turnup", plain)
    plain = re.sub(r"(\d)[\s-]*spel\b", r"spel \1", plain)
    plain = re.sub(r"([a-z])(\d)|(\d)([a-z])", lambda m: " ".join(g for g in m.groups() if g), plain)
    tokens = [t for t in re.split(r"[^0-9a-z]+", plain) if t]
    out = [_SYNONYMS.get(t, t) for t in tokens if t not in _FILLER]
    return " ".join(out)


def _index() -> dict[str, Contract]:
    found: dict[str, Contract] = {}
    for item in CONTRACTS:
        for name in (item.swedish, item.english, *item.aliases, str(item.number)):
            key = _key(name)
            other = found.setdefault(key, item)
            assert other is item, f"the name {name!r} would name both {other} and {item}"
    return found


_BY_KEY = _index()
_CANONICAL = {key: item.english for key, item in _BY_KEY.items() if not key.isdigit()}


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "…")


def _suggest(key: str) -> list[str]:
    """The English names of the contracts whose names are closest to ``key``."""
    close = difflib.get_close_matches(key, list(_CANONICAL), n=6, cutoff=0.5)
    names: list[str] = []
    for found in close:
        name = _CANONICAL[found]
        if name not in names:
            names.append(name)
    return names[:3]


def contract(name: "str | int | Contract") -> Contract:
    """The contract called ``name`` (Swedish or English, any case or accents), or its number 1-40.

    >>> contract("Gask på 3") is contract("gask 3") is contract("GASK 3")
    True
    >>> contract("Solo Vira").number, contract("solo 13").number, contract("Vingel 7").number
    (40, 40, 11)
    >>> contract("Misère, 2 discards").swedish
    'Köpmisär på 2'
    """
    if isinstance(name, Contract):
        return name
    if isinstance(name, int) and not isinstance(name, bool):
        if 1 <= name <= len(CONTRACTS):
            return CONTRACTS[name - 1]
        raise ContractError(f"no Vira contract has number {name}: they are numbered 1 to 40")
    if not isinstance(name, str):
        raise ContractError(f"a contract is named by text like 'Solo 7' or 'Gask på 3', not {type_name(name)}")
    return _lookup(_key(name), name, ContractError)


def _lookup(key: str, shown: str, error: type[ParseError]) -> Contract:
    """The contract whose name reduces to ``key``, or ``error`` naming ``shown`` and the closest names."""
    found = _BY_KEY.get(key)
    if found is not None:
        return found
    if not key:
        raise error(f"an empty contract name in {_shown(shown)}: expected a name like 'Solo 7', 'Gask på 3' "
                    "or 'Vingel 7'")
    near = _suggest(key)
    hint = f"; did you mean {', '.join(near)}?" if near else "; the contracts run from Beg (1) to Solo Vira (40)"
    raise error(f"no Vira contract is called {_shown(shown)}{hint}")


# -- bids ---------------------------------------------------------------------------------------------------

_CLASS_SUFFIXES: tuple[tuple[tuple[str, ...], SuitClass], ...] = (
    (("i", "hogsta", "farg"), SuitClass.PREFERENCE), (("hogsta", "farg"), SuitClass.PREFERENCE),
    (("in", "preference"), SuitClass.PREFERENCE), (("preference",), SuitClass.PREFERENCE),
    (("i", "ofarg"), SuitClass.OFF), (("ofarg",), SuitClass.OFF),
    (("in", "off", "colour"), SuitClass.OFF), (("off", "colour"), SuitClass.OFF),
    (("i", "farg"), SuitClass.COLOUR), (("farg",), SuitClass.COLOUR),
    (("in", "colour"), SuitClass.COLOUR), (("colour",), SuitClass.COLOUR),
)


@dataclass(frozen=True)
class Bid:
    """A call in the auction: a contract, and the suit class it is bid in (off-colour when none is named).

    Only a contract whose player names trumps (draw, solo, vira, gask) may be
    bid in colour or in preference (:attr:`Contract.takes_class`).
    """

    contract: Contract
    suit_class: SuitClass = SuitClass.OFF

    def __post_init__(self) -> None:
        if not isinstance(self.contract, Contract):
            raise BidError(f"a bid's contract is a Contract, not {type_name(self.contract)}")
        if not isinstance(self.suit_class, SuitClass):
            raise BidError(f"a bid's suit class is a SuitClass, not {type_name(self.suit_class)}")
        if self.suit_class is not SuitClass.OFF and not self.contract.takes_class:
            raise BidError(_no_class_text(self.contract, self.suit_class))

    @property
    def order(self) -> tuple[int, int]:
        """Where the bid stands: the contract's number, then the class (higher overcalls lower)."""
        return (self.contract.number, self.suit_class.rank)

    @property
    def swedish(self) -> str:
        tail = "" if self.suit_class is SuitClass.OFF else f" i {self.suit_class.swedish}"
        return self.contract.swedish + tail

    def __str__(self) -> str:
        tail = "" if self.suit_class is SuitClass.OFF else f" in {self.suit_class.value}"
        return self.contract.english + tail


def _no_class_text(item: Contract, suit_class: SuitClass) -> str:
    if item.kind is Kind.TURN_UP:
        why = "its trump suit is turned from the talon, so its player cannot promise one"
    else:
        why = "it is played without trumps"
    return f"{item.english} cannot be bid in {suit_class.value}: {why}"


def parse_bid(text: "str | Bid | Contract | tuple[object, object]") -> Bid:
    """A bid from its text (``"Solo 7 in colour"``, ``"Gask på 3 i högsta färg"``, ``"Vingel 7"``),
    a :class:`Bid`, a contract (off-colour), or a ``(contract, suit_class)`` pair.

    >>> str(parse_bid("solo 7 i färg")), str(parse_bid(("Beg", "preference")))
    ('Solo 7 in colour', 'Beg in preference')
    """
    if isinstance(text, Bid):
        return text
    if isinstance(text, Contract):
        return Bid(text)
    if isinstance(text, tuple):
        if len(text) != 2:
            raise BidError(f"a bid as a pair is (contract, suit class), not {len(text)} items")
        item, cls = text
        return Bid(contract(item), _suit_class(cls))  # type: ignore[arg-type]  # checked in contract()
    if not isinstance(text, str):
        raise BidError(f"a bid is written as text like 'Solo 7 in colour', not {type_name(text)}")
    tokens = _key(text).split()
    suit_class = SuitClass.OFF
    for suffix, cls in _CLASS_SUFFIXES:
        if len(tokens) > len(suffix) and tuple(tokens[-len(suffix):]) == suffix:
            tokens, suit_class = tokens[: -len(suffix)], cls
            break
    return Bid(_lookup(" ".join(tokens), text, BidError), suit_class)


def _suit_class(value: object) -> SuitClass:
    if isinstance(value, SuitClass):
        return value
    if value is None:
        return SuitClass.OFF
    if isinstance(value, str):
        key = _key(value)
        for suffix, cls in _CLASS_SUFFIXES:
            if tuple(key.split()) == suffix:
                return cls
        if key in ("off", "plain", "none"):
            return SuitClass.OFF
        raise BidError(f"bad suit class {_shown(value)}: expected off-colour, colour or preference")
    raise BidError(f"a suit class is off-colour, colour or preference, not {type_name(value)}")


#: Every bid there is, lowest first: 20 contracts in three classes and 20 in one, 80 bids.
ALL_BIDS: tuple[Bid, ...] = tuple(
    Bid(item, cls) for item in CONTRACTS
    for cls in ((SuitClass.OFF, SuitClass.COLOUR, SuitClass.PREFERENCE) if item.takes_class else (SuitClass.OFF,))
)


def bid_allowed(mine: Bid, theirs: Bid, holding: bool = False) -> bool:
    """The one rule of overcalling: a higher bid, or (holding) an equal one."""
    return mine.order > theirs.order or (holding and mine.order == theirs.order)


def bid_refusal(bid: object, current: object, *, holding: bool = False) -> Reason | None:
    """Why ``bid`` does not overcall ``current`` (the highest bid so far), or None when it does.

    ``holding=True``: the player making ``bid`` is elder than the one who made
    ``current`` and so may *hold* it, matching it exactly.  The reason's code
    is ``lower-contract`` (the contract stands lower in the table),
    ``lower-class`` (the same contract in a lower suit class) or ``only-equal``
    (the same bid, which only an elder player may hold).
    """
    mine, theirs = parse_bid(bid), parse_bid(current)  # type: ignore[arg-type]  # parse_bid checks its input
    if bid_allowed(mine, theirs, holding):
        return None
    args: dict[str, object] = {"bid": str(mine), "current": str(theirs), "mine": mine.contract.number,
            "theirs": theirs.contract.number}
    if mine.contract.number < theirs.contract.number:
        return Reason.of("lower-contract",
                         "{bid} does not overcall {current}: it stands at number {mine} in the contract table, "
                         "below number {theirs}.", (), **args)
    if mine.order < theirs.order:
        return Reason.of("lower-class",
                         "{bid} does not overcall {current}: the contract is the same, and of equal bids preference "
                         "beats colour, which beats off-colour.", (), **args)
    return Reason.of("only-equal",
                     "{bid} only equals {current}: a later player must bid higher, and only a player elder than "
                     "the one who made a bid may hold it by matching it.", (), **args)


def overcalls(bid: object, current: object, *, holding: bool = False) -> bool:
    """Whether ``bid`` overcalls ``current``.  Each is a :class:`Bid`, a bid's text (``"Solo 7 in
    colour"``), a contract or its name (off-colour), or a ``(contract, suit_class)`` pair.

    A bid overcalls a contract lower in the table; of the same contract, a
    bid in preference overcalls one in colour, which overcalls one in
    off-colour.  ``holding=True`` when the bidder is elder than whoever made
    ``current``: an elder player may hold (match) a younger player's bid.

    >>> overcalls("Gask 5", "Gask 6"), overcalls("Solo 6", "Tringel 9")
    (True, False)
    >>> overcalls(("Solo 7", "colour"), "Solo 7"), overcalls("Solo 7", "Solo 7", holding=True)
    (True, True)
    """
    return bid_refusal(bid, current, holding=holding) is None


# -- points and outcomes ------------------------------------------------------------------------------------


def points(item: "str | Contract", suit_class: "SuitClass | str | None" = None, *, misere: bool = False) -> int:
    """The points each opponent pays the player of ``item`` when it is won (and is paid when it is lost).

    A trump contract pays by the class of its trump suit (``suit_class``:
    off-colour, colour or preference); a misère has one rate and takes no
    class.  ``misere=True`` asks for a gask played as its misère option,
    which pays the off-colour rate (ruling R76).

    >>> points("Tringel 9", "preference"), points("Solo Vira", "colour"), points("Solo grande misère")
    (11, 64, 4)
    """
    found = contract(item)
    if not isinstance(misere, bool):
        raise InvalidPosition(f"misere must be True or False, not {type_name(misere)}")
    if misere:
        if not found.has_misere_option:
            raise InvalidPosition(f"{found.english} has no misère option: only Gask 0 to Gask 4 do")
        if suit_class is not None and _suit_class(suit_class) is not SuitClass.OFF:
            raise InvalidPosition(f"a gask played as a misère has no trumps, so no suit class: not {suit_class}")
        return found.rates[0]
    if len(found.rates) == 1:
        if suit_class is not None:
            raise InvalidPosition(f"{found.english} is a misère with one rate ({found.rates[0]}): "
                                  "it takes no suit class")
        return found.rates[0]
    if suit_class is None:
        raise InvalidPosition(f"{found.english} pays by the class of its trump suit: "
                              "give suit_class off-colour, colour or preference")
    return found.rate(_suit_class(suit_class))


class Outcome(Enum):
    """How a contract ended: won (hemgång), lost by one trick (bet), or lost by two or more (kodille)."""

    WON = "won"
    LOST = "lost singly"
    KODILLE = "kodille"

    @property
    def swedish(self) -> str:
        return {"won": "hemgång", "lost singly": "bet", "kodille": "kodilj"}[self.value]

    def __str__(self) -> str:
        return self.value


def misere_cards(item: Contract, parlett: bool = False) -> int:
    """How many cards a misère is played with (its number of tricks).

    The table (default): misère on 1 discard 11 cards, on 2 to 6 discards 12;
    Parlett's text (``parlett=True``): 13 cards on 1 to 3 discards, 12 on 4 to
    6 (one more card laid away, ruling R74).  Other misères as the table says.
    """
    if item.misere is None:
        raise InvalidPosition(f"{item.english} is not a misère")
    if parlett and item.kind is Kind.MISERE:
        return 13 if item.count <= 3 else 12
    return item.misere.cards


def outcome(item: "str | Contract", tricks: int, *, misere: bool | None = None) -> Outcome:
    """Won, lost singly or kodille, from the tricks the contract's player took.

    A trump contract is won with at least its tricks, lost singly one short,
    kodille two or more short.  A misère is won with no trick, lost singly
    with one, kodille with two or more.  A gask with a misère option needs
    ``misere`` (True or False) to say which option was played: nothing is
    guessed.

    >>> outcome("Draw 8", 7), outcome("Draw 8", 6), outcome("Misère 3", 0), outcome("Gask 0", 1, misere=True)
    (<Outcome.LOST: 'lost singly'>, <Outcome.KODILLE: 'kodille'>, <Outcome.WON: 'won'>, <Outcome.LOST: 'lost singly'>)
    """
    found = contract(item)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise InvalidPosition(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    if found.kind is Kind.GASK:
        if found.has_misere_option:
            if not isinstance(misere, bool):
                raise InvalidPosition(f"{found.english} may be played for tricks or as a misère: "
                                      "say which with misere=True or misere=False")
        elif misere:
            raise InvalidPosition(f"{found.english} has no misère option: only Gask 0 to Gask 4 do")
        playing_misere = bool(misere)
    else:
        if misere is not None and misere != found.always_misere:
            raise InvalidPosition(f"{found.english} is {'' if found.always_misere else 'not '}a misère")
        playing_misere = found.always_misere
    if playing_misere:
        assert found.misere is not None
        if tricks > found.misere.cards:
            raise InvalidPosition(f"{found.english} as a misère plays at most {found.misere.cards} tricks, "
                                  f"not {tricks}")
        return Outcome.WON if tricks == 0 else Outcome.LOST if tricks == 1 else Outcome.KODILLE
    assert found.tricks is not None
    short = found.tricks - tricks
    return Outcome.WON if short <= 0 else Outcome.LOST if short == 1 else Outcome.KODILLE


# -- in words -----------------------------------------------------------------------------------------------


def _misere_words(kind: MisereKind) -> str:
    hand = "with the hand laid open before the first lead" if kind.open else "with the hand kept closed"
    return f"then lose every one of {kind.cards} tricks without trumps, {hand}"


def requirement(item: "str | Contract") -> Reason:
    """What ``item`` asks of its player, in plain words (code ``contract-<kind>``), for pages and quizzes.

    >>> requirement("Vingel 7").text.startswith("Vingel 7: turn the top two cards")
    True
    """
    found = contract(item)
    name = found.english
    kind = found.kind
    opponents = " The opponents may then exchange with what is left of the talon."
    if kind is Kind.DRAW:
        text = (f"{name}: name the trump suit, lay away at least one card and draw as many from the top of the "
                f"talon (a second try may be bought), then win at least {found.tricks} of the 13 tricks."
                + opponents)
    elif kind is Kind.TURN_UP:
        turned = {1: "the top card of the talon and take its suit", 2: "the top two cards of the talon and "
                  "choose the suit of either", 3: "the top three cards of the talon and choose the suit of any "
                  "one"}[found.turned]
        text = (f"{name}: turn {turned} as trumps, exchange at least one card starting with the turned cards "
                f"(a second try may be bought), then win at least {found.tricks} tricks." + opponents)
    elif kind is Kind.SOLO:
        text = (f"{name}: without exchanging, name the trump suit and win at least {found.tricks} tricks."
                + opponents)
        if found.tricks == 13:
            text = f"{name}: without exchanging, name the trump suit and win all 13 tricks." + opponents
    elif kind is Kind.VIRA:
        text = (f"{name}: take the whole talon, lay away any 13 of the 26 cards, name trumps and win all 13 tricks; "
                "the opponents do not exchange.")
    elif kind is Kind.CUCKOO:
        text = (f"{name}: take the whole talon, lay away any 13 of the 26 cards, then lose every trick without "
                "trumps with the hand laid open; the opponents do not exchange.")
    elif kind is Kind.MISERE:
        assert found.misere is not None
        text = (f"{name}: lay away exactly {counted(found.count, 'card')} and draw as many "
                f"from the talon (a second try may be bought), {_misere_words(found.misere)}." + opponents)
    elif kind is Kind.SOLO_MISERE:
        assert found.misere is not None
        lay = "lay away one card" if found.count else "exchange nothing"
        royale = " (the opponents may talk over their play)" if found.royale else ""
        text = f"{name}: {lay}, {_misere_words(found.misere)}{royale}." + opponents
    else:
        tricks, option = GASK_OPTIONS[found.count]
        keep = f"keep exactly {counted(found.count, 'card')} of the hand" if found.count else \
            "lay away the whole hand"
        take = "take the whole talon as the new hand" if found.count == 0 else \
            "take the whole talon and lay away down to 13 cards"
        text = f"{name}: {keep}, {take}, then win at least {tricks} tricks"
        if option is not None:
            extra = 13 - option.cards
            drop = f", laying away {counted(extra, 'more card')}," if extra else ""
            text += f" with trumps of your choice, or instead{drop} lose every one of {option.cards} tricks without " \
                    f"trumps, the hand {'open' if option.open else 'closed'}"
        else:
            text += " with trumps of your choice"
        text += "; the opponents do not exchange."
    return Reason.of(f"contract-{kind.name.lower().replace('_', '-')}", text, contract=name, number=found.number)


def contracts_of(kind: Kind) -> tuple[Contract, ...]:
    """The contracts of one kind, lowest first."""
    return tuple(c for c in CONTRACTS if c.kind is kind)


def names(items: Iterable[Contract]) -> str:
    """``"Solo 6, Solo 7"``: for messages."""
    return ", ".join(c.english for c in items)
