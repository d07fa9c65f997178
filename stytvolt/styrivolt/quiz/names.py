"""Stýrivolt question kind ``card-names``: the cards' names, English, Faroese and local, both ways.

The names come from the glossary (:data:`stytvolt.styrivolt.terms.TERMS`)
and the roles from :meth:`Ranking.role <stytvolt.styrivolt.ranking.Ranking.role>`:
this module decides no name and no role itself.  Three forms of question,
each with a public builder:

* :func:`ask_which_card`: a name is given, the reader picks the card
  ("Which of these cards is a karnifl?");
* :func:`ask_card_name`: a card is given, the reader picks its name
  ("What is ♣J called?");
* :func:`ask_translation`: a Faroese name is given and the reader picks the
  English one, or the other way round.

Where a card's name depends on the chosen suits, the question names them.

**Levels**

1. English names and cards, both ways, for the five permanent stikkar (no
   chosen suits needed) and for the stýrivoltar, karniflar and lambs (with
   two chosen suits); no permanent stikkar of a chosen suit in the question.
2. Faroese ↔ English for every name the glossary gives in Faroese; and
   English names and cards, both ways, for the other roles of a chosen suit
   (postman, tvist, trist, unfortunate, free card, chosen king and queen,
   trader); no permanent stikkar of a chosen suit in the question.
3. The traps: a permanent stikkar of a chosen suit among the question's
   cards (♥2 with hearts chosen is the bird, not a tvist; asked about a tvist,
   the reader is offered it), or a card named by a local word the glossary
   records with the place that uses it (*høsn* in Kunoy).
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.styrivolt.quiz.common import as_card, as_cards, chosen_sentence
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, Ranking, Role, _article, parse_suits
from stytvolt.styrivolt.terms import Term, find

__all__ = [
    "ask_which_card", "ask_card_name", "ask_translation", "make_card_names",
    "role_term", "role_id", "local_words", "LEVEL_ROLES",
]

GAME = "styrivolt"
_PAIRS: tuple[tuple[Suit, Suit], ...] = tuple((a, b) for a in Suit for b in Suit if a is not b)
_PERMANENT: tuple[Role, ...] = (Role.BIRD, Role.FYRIK, Role.EIGHT, Role.HAY_YARD_MARE, Role.DIAMOND_MARE)
_ROLES: tuple[Role, ...] = tuple(r for r in Role if r is not Role.PLAIN)

#: The roles each level asks about (level 3: those a permanent stikkar can be mistaken for, or taken from).
LEVEL_ROLES: dict[int, tuple[Role, ...]] = {
    1: (*_PERMANENT, Role.STYRIVOLT, Role.KARNIFL, Role.LAMB),
    2: (Role.POSTMAN, Role.TVIST, Role.TRIST, Role.OLUKKA, Role.FREE_CARD, Role.KING, Role.QUEEN, Role.TRADER),
    3: (*_PERMANENT, Role.TVIST, Role.OLUKKA, Role.FREE_CARD),
}

RULE_PERMANENT = "cards.md#the-five-permanent-stikkar"
RULE_CHOSEN = "cards.md#the-cards-of-a-chosen-suit"
RULE_FAROESE = "cards.md#quick-reference"
RULE_TRAP = "rulings.md#r2-permanent-stikkar-inside-a-chosen-suit"
RULE_LOCAL = "cards.md#local-names"


def role_term(role: Role) -> Term | None:
    """The glossary's entry for a role (None for a plain card): the one place its Faroese and local words live."""
    if role is Role.PLAIN:
        return None
    return find(role.english.removeprefix("the "))


def role_id(role: Role) -> str:
    """A short, stable choice id for a role: the glossary key ("karnifl", "hay-yard-mare"), or "plain"."""
    term = role_term(role)
    return term.key if term is not None else "plain"


def local_words() -> tuple[tuple[str, str, Role], ...]:
    """The local words for roles: (word, where it is used, role), in the glossary's order.

    The glossary pairs each variant word with where it comes from; a local
    word is one whose place is a place (it starts with a capital: "Kunoy"),
    not an origin of the word ("medieval German …").
    """
    out = []
    for role in _ROLES:
        term = role_term(role)
        if term is None:
            continue
        for word, where in term.variants:
            if where[:1].isupper():
                out.append((word, where, role))
    return tuple(out)


def _english(role: Role) -> str:
    """The English name with its article: "the bird", "a karnifl", "an unfortunate", "a plain card"."""
    name = role.english
    return name if name.startswith("the ") else _article(name)


def _faroese(role: Role) -> str:
    term = role_term(role)
    if term is None or not term.faroese:
        raise InvalidPosition(f"the glossary gives no Faroese name for {_english(role)}")
    return " or ".join(term.faroese)


def _pair(chosen: Iterable[Suit | str] | str | None) -> tuple[Suit, Suit] | None:
    return None if chosen is None else parse_suits(chosen)


def _ranking(pair: tuple[Suit, Suit] | None) -> Ranking:
    # Without chosen suits only the permanent stikkar are asked about, and their roles never change.
    return Ranking.of(pair or (Suit.SPADES, Suit.HEARTS))


def _chosen_words(pair: tuple[Suit, Suit] | None) -> str:
    if pair is None:
        return "These names hold in every deal, whichever suits are chosen."
    return chosen_sentence(pair)


def _chosen_text(pair: tuple[Suit, Suit] | None) -> str:
    return "" if pair is None else f"{pair[0].letter},{pair[1].letter}"




def _roles(roles: Sequence[Role]) -> tuple[Role, ...]:
    out = tuple(roles)
    if not all(isinstance(r, Role) for r in out):
        raise InvalidPosition("the names offered are given as roles (stytvolt.styrivolt.ranking.Role)")
    if len(set(out)) != len(out) or not 2 <= len(out) <= 6:
        raise InvalidPosition(f"offer 2 to 6 different names, not {len(out)}")
    return out


def _needs_pair(pair: tuple[Suit, Suit] | None, roles: Iterable[Role], cards: Iterable[Card]) -> None:
    if pair is None and (any(r not in _PERMANENT for r in roles) or any(c not in PERMANENT_STIKKAR for c in cards)):
        raise InvalidPosition("this name depends on the chosen suits: give two chosen suits")


def _trapped(pair: tuple[Suit, Suit] | None, cards: Iterable[Card]) -> bool:
    return pair is not None and any(c in PERMANENT_STIKKAR and c.suit in pair for c in cards)


def _explain(ranking: Ranking, pair: tuple[Suit, Suit] | None, card: Card) -> Reason:
    """What ``card`` is in this question: its role with the chosen suits, or, when the question names no chosen
    suits, that only a permanent stikkar has a name of its own in every deal."""
    if pair is None and card not in PERMANENT_STIKKAR:
        return Reason("quiz.card-names.not-permanent",
                      f"{card.symbol} ({card.english}) is not one of the five permanent stikkar: its name, and what "
                      "it can do, depend on the two suits chosen in each deal.", (card,))
    return ranking.explain_card(card)


def _rule(pair: tuple[Suit, Suit] | None, cards: Sequence[Card], role: Role, local: bool) -> str:
    if local:
        return RULE_LOCAL
    if _trapped(pair, cards):
        return RULE_TRAP
    return RULE_PERMANENT if role in _PERMANENT else RULE_CHOSEN


def _local(word: str | None) -> tuple[str, str, Role] | None:
    if word is None:
        return None
    for entry in local_words():
        if entry[0] == word:
            return entry
    raise InvalidPosition(f"{word!r} is not a local name the glossary records for a card")


def ask_which_card(
    chosen: Iterable[Suit | str] | str | None,
    role: Role,
    cards: Sequence[Card] | str,
    *,
    local: str | None = None,
) -> Draft:
    """Which of ``cards`` is ``role``, with these chosen suits (None: permanent stikkar only)?

    ``local`` names the role by a local word of the glossary instead of its
    English name.  Exactly one card offered must have the role.  The choices
    keep the order given (the maker shuffles them).
    """
    pair = _pair(chosen)
    if not isinstance(role, Role) or role is Role.PLAIN:
        raise InvalidPosition(f"ask for a card's role (a Role other than PLAIN), not {role!r}")
    offered = as_cards(cards)
    if not 2 <= len(offered) <= 6 or len(set(offered)) != len(offered):
        raise InvalidPosition(f"offer 2 to 6 different cards, not {len(offered)}")
    _needs_pair(pair, (role,), ())
    entry = _local(local)
    if entry is not None and entry[2] is not role:
        raise InvalidPosition(f"{local!r} is a word for {_english(entry[2])}, not {_english(role)}")
    ranking = _ranking(pair)
    right = [c for c in offered if ranking.role(c) is role]
    if len(right) != 1:
        raise InvalidPosition(f"exactly one card offered must be {_english(role)}, not {len(right)}")
    answer = right[0]
    reasons = [_explain(ranking, pair, answer), *(_explain(ranking, pair, c) for c in offered if c is not answer)]
    if entry is not None:
        word, where = entry[0], entry[1]
        reasons.insert(0, Reason("quiz.card-names.local", f"In {where}, the {role.english}s are called {word}; "
                                 f"{answer.symbol} is one of them here.", (answer,)))
        prompt = f"Which of these cards is called {word} in {where}?"
    else:
        prompt = f"Which of these cards is {_english(role)}?"
    position = {"chosen": _chosen_text(pair), "name": local or role.english, "cards": " ".join(str(c) for c in offered)}
    return Draft(
        prompt=prompt, choices=tuple(Choice(str(c), c.symbol, (c,)) for c in offered), answer=str(answer),
        explanation=tuple(reasons), position=position, rule=_rule(pair, offered, role, entry is not None),
        context=_chosen_words(pair),
    )


def ask_card_name(
    chosen: Iterable[Suit | str] | str | None,
    card: Card | str,
    roles: Sequence[Role],
    *,
    local: bool = False,
) -> Draft:
    """What is ``card`` called, with these chosen suits?  The names offered are ``roles`` (in that order).

    ``local``: offer the local words of the glossary instead of English names
    (every role offered must have one).
    """
    pair = _pair(chosen)
    asked = as_card(card)
    offered = _roles(roles)
    _needs_pair(pair, offered, (asked,))
    ranking = _ranking(pair)
    role = ranking.role(asked)
    if role not in offered:
        raise InvalidPosition(f"{asked} is {_english(role)} here, and that name is not offered")
    words: dict[Role, tuple[str, str]] = {}
    if local:
        for word, where, r in local_words():
            words.setdefault(r, (word, where))
        missing = [r for r in offered if r not in words]
        if missing:
            raise InvalidPosition(f"the glossary records no local word for {_english(missing[0])}")

    def text(r: Role) -> str:
        return f"{words[r][0]} (as said in {words[r][1]})" if local else _english(r)

    reasons = [ranking.explain_card(asked)]
    if local:
        word, where = words[role]
        reasons.append(Reason("quiz.card-names.local", f"In {where}, the {role.english}s are called {word}; "
                              f"{asked.symbol} is one of them here.", (asked,)))
    when = "" if pair is None else " here"
    prompt = f"Which local word names {asked.symbol}{when}?" if local else f"What is {asked.symbol} called{when}?"
    position = {"chosen": _chosen_text(pair), "card": str(asked), "names": " ".join(role_id(r) for r in offered)}
    return Draft(
        prompt=prompt, choices=tuple(Choice(role_id(r), text(r)) for r in offered), answer=role_id(role),
        explanation=tuple(reasons), position=position, rows=(Row("The card", (asked,)),),
        rule=_rule(pair, (asked,), role, local), context=_chosen_words(pair),
    )


def ask_translation(
    chosen: Iterable[Suit | str] | str,
    role: Role,
    roles: Sequence[Role],
    *,
    to: str,
    word: str | None = None,
) -> Draft:
    """Faroese to English (``to="english"``) or English to Faroese (``to="faroese"``).

    Faroese to English: ``word`` is the Faroese form shown (any the glossary
    gives for ``role``; its first by default), and each English name offered
    shows its cards with these chosen suits.  English to Faroese: the role's
    cards are shown, and the names offered are the Faroese forms.
    """
    pair = parse_suits(chosen)
    ranking = Ranking.of(pair)
    offered = _roles(roles)
    if role not in offered:
        raise InvalidPosition("the right name must be among the names offered")
    if to not in ("english", "faroese"):
        raise InvalidPosition(f"translate to 'english' or 'faroese', not {to!r}")
    term = role_term(role)
    forms = term.faroese if term is not None else ()
    if not forms:
        raise InvalidPosition(f"the glossary gives no Faroese name for {_english(role)}")
    for r in offered:
        _faroese(r)  # each name offered has a Faroese form
    shown_word = word if word is not None else forms[0]
    if shown_word not in forms:
        raise InvalidPosition(f"{shown_word!r} is not a Faroese name of {_english(role)}: {', '.join(forms)}")
    examples = {r: tuple(c for c in PACK if ranking.role(c) is r) for r in offered}
    if not examples[role]:
        raise InvalidPosition(f"no card is {_english(role)} with these chosen suits")
    card = examples[role][0]
    reasons = (ranking.explain_card(card), Reason(
        "quiz.card-names.faroese", f"In Faroese, {_english(role)} ({', '.join(c.symbol for c in examples[role])}) "
        f"is called {_faroese(role)}.", examples[role]))
    if to == "english":
        prompt = f"The Faroese card name {shown_word}: what is it in English?"
        choices = tuple(Choice(role_id(r), _english(r), examples[r]) for r in offered)
        rows: tuple[Row, ...] = ()
        asked = shown_word
    else:
        prompt = f"What is the Faroese name for {_english(role)}?"
        choices = tuple(Choice(role_id(r), _faroese(r)) for r in offered)
        rows = (Row("The card" if len(examples[role]) == 1 else "The cards", examples[role]),)
        asked = role.english
    position = {
        "chosen": _chosen_text(pair), "name": asked, "names": " ".join(role_id(r) for r in offered),
        "cards": " ".join(str(c) for c in examples[role]),
    }
    return Draft(
        prompt=prompt, choices=choices, answer=role_id(role), explanation=reasons, position=position, rows=rows,
        rule=RULE_FAROESE, context=_chosen_words(pair),
    )


# -- the maker -----------------------------------------------------------------------------------------


def _look_alike_roles(ranking: Ranking, card: Card, role: Role) -> list[Role]:
    """Names a learner confuses with ``role`` for ``card``: the role its rank has in a chosen suit, its group's others."""
    out: list[Role] = []
    for pair in _PAIRS:  # what the rank is in a chosen suit, where no permanent stikkar stands in its place
        for suit in pair:
            other = Card(suit, card.rank)
            rank_role = Ranking.of(pair).role(other)
            if other not in PERMANENT_STIKKAR and rank_role is not role and rank_role not in out:
                out.append(rank_role)
    out += [r for r in _ROLES if r.group == role.group and r is not role and r not in out]
    if role is not Role.PLAIN and role not in _PERMANENT:
        out.append(Role.PLAIN)
    return out


def _which_card_draw(rng: random.Random, level: int, pair: tuple[Suit, Suit] | None, role: Role,
                     local: str | None) -> Draft | None:
    ranking = _ranking(pair)
    mine = [c for c in PACK if ranking.role(c) is role]
    if not mine:
        return None
    answer = rng.choice(mine)
    # Wrong cards: the same rank elsewhere (plain, or another role), and the neighbours of its group.
    pool = [c for c in PACK if ranking.role(c) is not role and (
        c.rank is answer.rank or ranking.role(c).group == role.group or c in PERMANENT_STIKKAR)]
    trap = [c for c in pool if _trapped(pair, (c,))]
    if level < 3:
        pool = [c for c in pool if c not in trap]
    wrong: list[Card] = []
    if level == 3 and local is None and not _trapped(pair, (answer,)):
        # The permanent stikkar that stands where this rank's role would be (♥2 beside the tvists).
        near = [c for c in trap if c.rank is answer.rank or (role is Role.FREE_CARD and c.rank in (Rank.EIGHT, Rank.NINE))]
        if not near:
            return None
        wrong.append(rng.choice(near))
    rest = [c for c in pool if c not in wrong]
    wrong += rng.sample(rest, min(len(rest), rng.randrange(2, 4) - len(wrong) + 1))
    cards = [answer, *wrong][:5]
    rng.shuffle(cards)
    return ask_which_card(pair, role, cards, local=local)


def _card_name_draw(rng: random.Random, level: int, pair: tuple[Suit, Suit] | None, role: Role) -> Draft | None:
    ranking = _ranking(pair)
    mine = [c for c in PACK if ranking.role(c) is role]
    if level == 3:
        mine = [c for c in mine if _trapped(pair, (c,))]
    if not mine:
        return None
    card = rng.choice(mine)
    if pair is None:
        others = [r for r in _PERMANENT if r is not role]
    else:
        others = _look_alike_roles(ranking, card, role)
        extra = [r for r in LEVEL_ROLES[level] if r not in others and r is not role]
        others += rng.sample(extra, min(2, len(extra)))
    # The likeliest mistake always stays (the tvist beside ♥2 with hearts chosen); the others are drawn.
    first, rest = others[0], others[1:5]
    names = [role, first, *rng.sample(rest, min(len(rest), rng.randrange(1, 3)))]
    rng.shuffle(names)
    return ask_card_name(pair, card, names)


def _translation_draw(rng: random.Random, pair: tuple[Suit, Suit]) -> Draft | None:
    ranking = Ranking.of(pair)
    able = [r for r in _ROLES if role_term(r) is not None and role_term(r).faroese  # type: ignore[union-attr]
            and any(ranking.role(c) is r for c in PACK)]
    role = rng.choice(able)
    same = [r for r in able if r is not role and r.group == role.group]
    other = [r for r in able if r is not role and r.group != role.group]
    count = rng.randrange(3, 5)
    pick = rng.sample(same, min(len(same), 2))
    pick += rng.sample(other, count - 1 - len(pick))
    names = [role, *pick]
    rng.shuffle(names)
    to = rng.choice(("english", "faroese"))
    forms = role_term(role).faroese  # type: ignore[union-attr]
    draft = ask_translation(pair, role, names, to=to, word=rng.choice(forms) if to == "english" else None)
    shown = [c for ch in draft.choices for c in ch.cards] + [c for r in draft.rows for c in r.cards]
    return None if _trapped(pair, shown) else draft  # level 2 keeps the permanent stikkar out of the chosen suits


def _local_draw(rng: random.Random, pair: tuple[Suit, Suit]) -> Draft | None:
    words = local_words()
    word, _where, role = rng.choice(words)
    if rng.random() < 0.5:
        return _which_card_draw(rng, 3, pair, role, word)
    ranking = Ranking.of(pair)
    cards = [c for c in PACK if ranking.role(c) is role]
    card = rng.choice(cards)
    roles = [role, *[r for _w, _p, r in words if r is not role]]
    rng.shuffle(roles)
    return ask_card_name(pair, card, roles, local=True)


def _draw(rng: random.Random, level: int) -> Draft | None:
    pair: tuple[Suit, Suit] | None = rng.choice(_PAIRS)
    if level == 2 and rng.random() < 0.4:
        assert pair is not None
        return _translation_draw(rng, pair)
    if level == 3 and rng.random() < 0.25:
        assert pair is not None
        return _local_draw(rng, pair)
    if level == 3:
        # The trap: a permanent stikkar in a chosen suit, asked about or offered beside its rank's role.
        role = rng.choice(LEVEL_ROLES[3])
    else:
        role = rng.choice(LEVEL_ROLES[level])
        if role in _PERMANENT:
            pair = None
    if rng.random() < 0.5:
        return _which_card_draw(rng, level, pair, role, None)
    return _card_name_draw(rng, level, pair, role)


@kind(
    GAME, "card-names", title="Card names",
    summary="The cards' English, Faroese and local names, both ways: which card is the fýrik, what is ♣J called?",
    rule="cards.md#quick-reference",
)
def make_card_names(rng: random.Random, level: int) -> Draft:
    for _ in range(400):
        draft = _draw(rng, level)
        if draft is not None:
            return draft
    raise AssertionError("no card-names question found")  # pragma: no cover (every level's questions are common)

