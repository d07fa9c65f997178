"""Card power in a Stýrivolt deal: what every card is, once two suits are chosen.

Each card gets a :class:`Role` from the two chosen suits.  The roles that can
beat other cards carry a *level* (bird 15 … unfortunate 5); a card beats the card
currently winning a trick only if its level reaches that card's *defence*.
Everything else (lambs, free cards, chosen kings and queens, traders, the
plain cards of the unchosen suits) is described by what it does when led.

Overlaps, decided here once (see docs/rulings.md):

* the five permanent stikkar keep their role whatever is chosen, so with
  hearts chosen ♥2 is the bird (not a tvist) and ♥9 the hay-yard mare (not a
  free card); with clubs chosen ♣4 is the fýrik (not an unfortunate); with spades
  chosen ♠8 is the eight; with diamonds chosen ♦9 is the mare of diamonds;
* a permanent stikkar of an unchosen suit is still a stikkar, never a plain
  card of its suit: a higher card of that suit cannot beat it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Iterable

from stytvolt.core.cards import ALL_CARDS, Card, CardParseError, Rank, Suit, parse_card
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.core.errors import type_name
from stytvolt.core.explain import Reason

__all__ = [
    "Role",
    "Ranking",
    "CardNames",
    "parse_suits",
    "PERMANENT_STIKKAR",
    "UNBEATABLE",
    "defence_of",
    "STIKKAR_LEVEL",
    "REACH",
    "TAKING_REACH",
    "four_of_a_kind",
    "plain_defence",
    "plain_beaters",
    "reach_clause",
    "Described",
    "GROUP_NOTES",
    "group_note",
]


class Role(Enum):
    """What a card is worth in one deal.  ``value`` is a stable key."""

    BIRD = "bird"
    FYRIK = "fyrik"
    EIGHT = "eight"
    HAY_YARD_MARE = "hay_yard_mare"
    DIAMOND_MARE = "diamond_mare"
    STYRIVOLT = "styrivolt"
    KARNIFL = "karnifl"
    POSTMAN = "postman"
    TVIST = "tvist"
    TRIST = "trist"
    OLUKKA = "olukka"
    LAMB = "lamb"
    FREE_CARD = "free_card"
    KING = "king"
    QUEEN = "queen"
    TRADER = "trader"
    PLAIN = "plain"

    @property
    def level(self) -> int:
        """Power among stikkar and taking cards (15 = bird … 5 = unfortunate); 0 for the rest."""
        return _LEVEL.get(self, 0)

    @property
    def is_stikkar(self) -> bool:
        return self.level >= STIKKAR_LEVEL

    @property
    def is_permanent(self) -> bool:
        return self.level >= _LEVEL[Role.DIAMOND_MARE]

    @property
    def is_taking(self) -> bool:
        return 0 < self.level < STIKKAR_LEVEL

    @property
    def english(self) -> str:
        return _ROLE_TEXT[self][0]

    @property
    def faroese(self) -> str | None:
        return _ROLE_TEXT[self][1]

    @property
    def group(self) -> str:
        """The heading this role is listed under in a ranking."""
        return _ROLE_TEXT[self][2]


STIKKAR_LEVEL = 9
UNBEATABLE = 99  # the defence of a led lamb

_LEVEL = {
    Role.BIRD: 15,
    Role.FYRIK: 14,
    Role.EIGHT: 13,
    Role.HAY_YARD_MARE: 12,
    Role.DIAMOND_MARE: 11,
    Role.STYRIVOLT: 10,
    Role.KARNIFL: 9,
    Role.POSTMAN: 8,
    Role.TVIST: 7,
    Role.TRIST: 6,
    Role.OLUKKA: 5,
}

# English name, Faroese name, group heading.  The Faroese is printed exactly as the
# sources print it: the five stikkar by their own names, karnifl and fríkort in the
# singular, the other roles by the plural the sources give (we invent no singulars).
_ROLE_TEXT: dict[Role, tuple[str, str | None, str]] = {
    Role.BIRD: ("the bird", "Fuglurin", "permanent stikkar"),
    Role.FYRIK: ("the fýrik", "Fýrikurin", "permanent stikkar"),
    Role.EIGHT: ("the eight", "Áttuni", "permanent stikkar"),
    Role.HAY_YARD_MARE: ("the hay-yard mare", "Hoygarðsryssa", "permanent stikkar"),
    Role.DIAMOND_MARE: ("the mare of diamonds", "Rútar-ryssa", "permanent stikkar"),
    Role.STYRIVOLT: ("stýrivolt", "stýrivoltar", "chosen stikkar"),
    Role.KARNIFL: ("karnifl", "karnifl", "chosen stikkar"),
    Role.POSTMAN: ("postman", "postar", "taking cards"),
    Role.TVIST: ("tvist", "tvistar", "taking cards"),
    Role.TRIST: ("trist", "tristar", "taking cards"),
    Role.OLUKKA: ("unfortunate", "ólukkur", "taking cards"),
    Role.LAMB: ("lamb", "lomb", "lambs"),
    Role.FREE_CARD: ("free card", "fríkort", "free cards"),
    Role.KING: ("chosen king", "kongar", "kings and queens"),
    Role.QUEEN: ("chosen queen", "frýr", "kings and queens"),
    Role.TRADER: ("trader", "keypmenn", "traders"),
    Role.PLAIN: ("plain card", None, "unchosen suits"),
}

PERMANENT_STIKKAR: dict[Card, Role] = {
    parse_card("H2"): Role.BIRD,
    parse_card("C4"): Role.FYRIK,
    parse_card("S8"): Role.EIGHT,
    parse_card("H9"): Role.HAY_YARD_MARE,
    parse_card("D9"): Role.DIAMOND_MARE,
}

_CHOSEN_ROLE_BY_RANK: dict[Rank, Role] = {
    Rank.ACE: Role.STYRIVOLT,
    Rank.JACK: Role.KARNIFL,
    Rank.SIX: Role.POSTMAN,
    Rank.TWO: Role.TVIST,
    Rank.THREE: Role.TRIST,
    Rank.FOUR: Role.OLUKKA,
    Rank.SEVEN: Role.LAMB,
    Rank.EIGHT: Role.FREE_CARD,
    Rank.NINE: Role.FREE_CARD,
    Rank.KING: Role.KING,
    Rank.QUEEN: Role.QUEEN,
    Rank.FIVE: Role.TRADER,
}

# How good a powerless card is when led: used only to find "the best of them"
# for four of a kind (a led lamb cannot be beaten; a free card only by a
# stikkar; a chosen king only by a tvist or better; a chosen queen by a trist).
_LED_GOODNESS = {Role.LAMB: 4, Role.FREE_CARD: 3, Role.KING: 2, Role.QUEEN: 1, Role.PLAIN: 0}

#: The reach of each taking card: the highest unchosen rank it beats (postman
#: the ace, tvist the king, trist the queen, unfortunate the jack).  The one
#: table the defences, the explanations and the pages all derive from.
REACH: dict[Role, Rank] = {Role.POSTMAN: Rank.ACE, Role.TVIST: Rank.KING, Role.TRIST: Rank.QUEEN, Role.OLUKKA: Rank.JACK}


def plain_defence(rank: Rank) -> int:
    """The lowest taking-card level that beats a winning unchosen card of this rank."""
    return min(_LEVEL[role] for role, top in REACH.items() if top >= rank)


_LED_DEFENCE = {
    Role.LAMB: UNBEATABLE,
    Role.FREE_CARD: STIKKAR_LEVEL,
    Role.KING: _LEVEL[Role.TVIST],
    Role.QUEEN: _LEVEL[Role.TRIST],
    # A trader is always exchanged before it is played, so one in a trick can
    # only come from a hand-made example; then it is a dead five of a chosen
    # suit: any taking card beats it, an unchosen card never does.
    Role.TRADER: _LEVEL[Role.OLUKKA],
}


def _article(noun: str) -> str:
    return ("an " if noun[0] in "aeiouó" else "a ") + noun  # "an unfortunate", "a trader"


def _reach_sentence(role: Role) -> str:
    top = REACH[role]
    parts = [
        "every unchosen card (aces included)" if top is Rank.ACE else f"unchosen cards up to the {top.english}"
    ]
    led = [name for led_role, name in ((Role.KING, "kings"), (Role.QUEEN, "queens")) if role.level >= _LED_DEFENCE[led_role]]
    if led:
        parts.append("led chosen " + " and ".join(led) if len(led) == 2 else f"a led chosen {led[0][:-1]}")
    lower = [r for r in REACH if r.level < role.level]
    if lower:
        plural = ["unfortunates" if r is Role.OLUKKA else f"{r.english}s" for r in sorted(lower, key=lambda r: -r.level)]
        parts.append("the lower taking cards" if len(lower) == 3 else "the " + " and ".join(plural))
    return "beats " + (", ".join(parts[:-1]) + ", and " + parts[-1] if len(parts) > 2 else " and ".join(parts))


#: What each taking card beats: (its reach as a word, the whole sentence), for explanations and the site.
TAKING_REACH: dict[Role, tuple[str, str]] = {role: (REACH[role].english, _reach_sentence(role)) for role in REACH}


#: What each group of a ranking can do, in one clause (the CLI and the site both list them by these).
GROUP_NOTES: dict[str, str] = {
    "permanent stikkar": "stikkar whatever suits are chosen: each beats every card but a led lamb and a higher stikkar",
    "chosen stikkar": "the chosen aces and jacks: each beats every card but a led lamb and a higher stikkar",
    "taking cards": "each beats the cards named, and the taking cards below it",
    "lambs": "beat nothing and cannot be beaten: a led lamb wins the trick (but no lamb may lead to the first trick)",
    "free cards": "beat nothing; led, only a stikkar beats them",
    "kings and queens": "beat nothing; led, a king falls only to a tvist or better, a queen to a trist or better",
    "traders": "no power: the holder exchanges a trader for the exposed card of its suit",
}
UNCHOSEN_NOTE = "each beats only lower cards of its own suit, and never a card of a chosen suit"


def group_note(heading: str) -> str:
    """The clause for a heading of :meth:`Ranking.groups` (``unchosen hearts`` and the like share one)."""
    return GROUP_NOTES.get(heading, UNCHOSEN_NOTE)


def plain_beaters(rank: Rank) -> str:
    """Who beats a winning unchosen card of this rank, besides higher cards of its suit: "a trist or better"."""
    able = sorted((r for r in REACH if REACH[r] >= rank), key=lambda r: r.level)
    if len(able) > 2:  # from the weakest that reaches it up, with every stikkar
        return f"{_article(able[0].english)} or better"
    return ", ".join(_article(r.english) for r in able) + " or any stikkar"


def reach_clause(role: Role, beats: bool) -> str:
    """"a tvist beats unchosen cards up to the king" (or "only up to", when it falls short)."""
    top = REACH[role]
    if top is Rank.ACE:
        return f"{_article(role.english)} beats every unchosen card"
    return f"{_article(role.english)} beats unchosen cards {'up to' if beats else 'only up to'} the {top.english}"


def parse_suits(text: str | Iterable[Suit | str]) -> tuple[Suit, Suit]:
    """Read the two chosen suits: ``"H,S"``, ``"hearts spades"``, ``"♥♠"``, or Suit values."""
    if not isinstance(text, (str, tuple, list, frozenset, set)):
        raise CardParseError(f"the two chosen suits are written like 'H,S' or given as two suits, not {type_name(text)}")
    if isinstance(text, str):
        raw = text.replace(",", " ").split()
        if len(raw) == 1 and len(raw[0]) == 2:  # "HS" or "♥♠"
            raw = list(raw[0])
        items: list[Suit | str] = list(raw)
    else:
        items = list(text)
    suits = tuple(s if isinstance(s, Suit) else Suit.parse(s) for s in items)
    if len(suits) != 2:
        shown = text if not isinstance(text, str) or len(text) <= 20 else text[:20] + "…"
        raise CardParseError(f"expected exactly two chosen suits, got {len(suits)}: {shown!r}")
    if suits[0] is suits[1]:
        raise CardParseError(f"the two chosen suits must differ, got {suits[0].english} twice")
    return (suits[0], suits[1])


@dataclass(frozen=True, slots=True)
class CardNames:
    """A card's names in one deal: ``H2`` → the bird, Fuglurin, ♥2."""

    english: str
    faroese: str | None
    symbol: str
    plain: str  # "two of hearts": what the card is called outside the game

    def __str__(self) -> str:
        return f"{self.english} ({self.faroese})" if self.faroese else self.english


class Ranking:
    """The power of every card for one pair of chosen suits.  Obtain with :meth:`of`."""

    __slots__ = ("chosen", "roles", "levels", "defences", "stikkar", "traders", "_promoted")

    chosen: frozenset[Suit]
    roles: tuple[Role, ...]  # by card.index
    levels: tuple[int, ...]  # by card.index
    defences: tuple[int, ...]  # by card.index: level needed to beat the card when it is winning
    stikkar: frozenset[Card]  # the nine stikkar of this deal
    traders: frozenset[Card]  # the two chosen fives

    def __init__(self, chosen: frozenset[Suit]) -> None:
        self.chosen = chosen
        roles = []
        for card in ALL_CARDS:
            role = PERMANENT_STIKKAR.get(card)
            if role is None:
                role = _CHOSEN_ROLE_BY_RANK[card.rank] if card.suit in chosen and card.rank is not Rank.TEN else Role.PLAIN
            roles.append(role)
        self.roles = tuple(roles)
        self.levels = tuple(r.level for r in roles)
        self.defences = tuple(defence_of(r, c.rank) for r, c in zip(roles, ALL_CARDS))
        self.stikkar = frozenset(c for c, r in zip(ALL_CARDS, roles) if r.is_stikkar)
        self.traders = frozenset(c for c, r in zip(ALL_CARDS, roles) if r is Role.TRADER)
        self._promoted: dict[Rank, Role | None] = {}

    @staticmethod
    def of(suits: "Iterable[Suit | str] | str | Ranking") -> "Ranking":
        """The ranking for two chosen suits, in either order (one object per pair: six in all)."""
        if isinstance(suits, Ranking):
            return suits
        if isinstance(suits, tuple) and len(suits) == 2:
            found = _BY_PAIR.get(suits)  # type: ignore[arg-type]
            if found is not None:
                return found
        first, second = parse_suits(suits)
        return _BY_PAIR[(first, second)]

    # -- single cards -------------------------------------------------------

    def role(self, card: Card, promoted: bool = False) -> Role:
        """The card's role; ``promoted`` gives its role as part of four of a kind."""
        if promoted:
            best = self.promoted_role(card.rank)
            if best is not None:
                return best
        return self.roles[card.index]

    def promoted_role(self, rank: Rank) -> Role | None:
        """The role all four cards of ``rank`` take when one hand holds them, or None.

        Four of a kind plays as the best of the four.  Fives are never promoted:
        a trader's only value is its exchange, which an unchosen five cannot make.
        """
        if rank not in self._promoted:
            best: Role | None = None
            if rank is not Rank.FIVE and rank is not Rank.TEN:
                roles = [self.roles[Card(s, rank).index] for s in Suit]
                best = max(roles, key=lambda r: (r.level, _LED_GOODNESS.get(r, 0)))
            self._promoted[rank] = best
        return self._promoted[rank]

    def is_stikkar(self, card: Card, promoted: bool = False) -> bool:
        return self.role(card, promoted).is_stikkar

    def names(self, card: Card, promoted: bool = False) -> CardNames:
        role = self.role(card, promoted)
        plain = card.english
        if role is Role.PLAIN:
            return CardNames(plain, None, card.symbol, plain)
        english = role.english
        if promoted and role is not self.roles[card.index]:
            english = f"{english} (four of a kind)"
        return CardNames(english, role.faroese, card.symbol, plain)

    def describe(self, card: Card, promoted: bool = False) -> str:
        """``♠8 (the eight)``, ``♣J (jack of clubs)``, ``♥A (stýrivolt)``."""
        role = self.role(card, promoted)
        if role is Role.PLAIN:
            return f"{card.symbol} ({card.english})"
        name = role.english
        if promoted and role is not self.roles[card.index]:
            name = f"{name.removeprefix('the ')} by four of a kind"
        return f"{card.symbol} ({name})"

    def explain_card(self, card: Card, promoted: bool = False) -> Reason:
        """One sentence: what this card is and what it can do in this deal."""
        role = self.role(card, promoted)
        desc = self.describe(card, promoted)
        suits = " and ".join(s.english for s in sorted(self.chosen))
        if role.is_permanent:
            text = f"{desc} is a permanent stikkar: whatever suits are chosen, it beats every card except a led lamb and a higher stikkar."
        elif role.is_stikkar:
            text = f"{desc} is a chosen stikkar ({suits} are chosen): it beats every card except a led lamb and a higher stikkar."
        elif role.is_taking:
            text = f"{desc} is a taking card: it {TAKING_REACH[role][1]}."
        elif role is Role.LAMB:
            text = f"{desc} beats nothing and cannot be beaten: led, it wins the trick, but never to the first trick."
        elif role is Role.FREE_CARD:
            text = f"{desc} beats nothing; led, only a stikkar can beat it."
        elif role is Role.KING:
            text = f"{desc} beats nothing; led, only a tvist or better can beat it."
        elif role is Role.QUEEN:
            text = f"{desc} beats nothing; led, only a trist or better can beat it."
        elif role is Role.TRADER:
            text = f"{desc} has no power of its own: its holder exchanges it for the exposed card of its suit."
        else:
            text = (
                f"{desc} is a plain card of an unchosen suit: it beats only lower cards of its own suit, "
                "and never a card of a chosen suit."
            )
        return Reason(f"card.{role.value}", text, (card,))

    # -- the whole pack -----------------------------------------------------

    def groups(self, pack: Iterable[Card] = STYRIVOLT_PACK) -> list[tuple[str, list[Card]]]:
        """The pack in order of power, under the headings a player learns them by."""
        cards = list(pack)
        order: list[tuple[str, list[Card]]] = []

        def add(heading: str, chosen_cards: list[Card]) -> None:
            if chosen_cards:
                order.append((heading, chosen_cards))

        by_level = sorted((c for c in cards if self.levels[c.index]), key=lambda c: -self.levels[c.index])
        add("permanent stikkar", [c for c in by_level if self.roles[c.index].is_permanent])
        add("chosen stikkar", [c for c in by_level if self.roles[c.index].is_stikkar and not self.roles[c.index].is_permanent])
        add("taking cards", [c for c in by_level if self.roles[c.index].is_taking])
        for role in (Role.LAMB, Role.FREE_CARD):
            add(role.group, [c for c in cards if self.roles[c.index] is role])
        add("kings and queens", sorted((c for c in cards if self.roles[c.index] in (Role.KING, Role.QUEEN)), key=lambda c: -c.rank))
        add("traders", [c for c in cards if self.roles[c.index] is Role.TRADER])
        for suit in Suit:
            if suit not in self.chosen:
                plain = sorted((c for c in cards if c.suit is suit and self.roles[c.index] is Role.PLAIN), key=lambda c: -c.rank)
                add(f"unchosen {suit.english}", plain)
        return order

    def __repr__(self) -> str:
        return f"<Ranking chosen={'+'.join(s.letter for s in sorted(self.chosen))}>"


class Described:
    """A card as a ranking describes it (``♠A (stýrivolt)``), worked out only when a sentence is rendered.

    A reason's argument: refusals are built on every legal-actions call, read far more rarely.
    """

    __slots__ = ("ranking", "card")

    def __init__(self, ranking: Ranking, card: Card) -> None:
        self.ranking, self.card = ranking, card

    def __str__(self) -> str:
        return self.ranking.describe(self.card)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        # Two reasons built from the same position compare equal (a quiz question made twice is the same question).
        if not isinstance(other, Described):
            return NotImplemented
        return self.card is other.card and self.ranking.chosen == other.ranking.chosen

    def __hash__(self) -> int:
        return hash((self.card, self.ranking.chosen))

    def __repr__(self) -> str:
        return f"Described({self.card}, {sorted(s.letter for s in self.ranking.chosen)})"


def defence_of(role: Role, rank: Rank) -> int:
    """The level a card must reach to beat a card of this role and rank that is winning."""
    if role.level:
        return role.level + 1  # an equal card does not beat: the first played wins
    if role is Role.PLAIN:
        return plain_defence(rank)
    return _LED_DEFENCE[role]


def four_of_a_kind(cards: Iterable[Card], kings_and_queens: bool = True) -> frozenset[Rank]:
    """The ranks of which these cards hold all four, that play as four of a kind.

    Every rank counts but the fives (ruling R5): a trader's only power is its
    exchange, which an unchosen five cannot make.  ``kings_and_queens`` is the
    switch ``Rules.promote_kings_and_queens``: off, four kings or four queens
    play as they are.
    """
    ranks = [c.rank for c in cards]
    if len(ranks) - len(set(ranks)) < 3:  # four of one rank needs at least three repeats
        return frozenset()
    return frozenset(r for r in set(ranks) if r is not Rank.FIVE and ranks.count(r) == 4
                     and (kings_and_queens or r not in (Rank.KING, Rank.QUEEN)))


_RANKINGS = {pair: Ranking(pair) for pair in (frozenset((a, b)) for a in Suit for b in Suit if a < b)}
_BY_PAIR: dict[tuple[Suit, Suit], Ranking] = {(a, b): _RANKINGS[frozenset((a, b))] for a in Suit for b in Suit if a != b}
