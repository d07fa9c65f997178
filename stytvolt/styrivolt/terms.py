"""The words of Stýrivolt, as data: the glossary behind the site and the CLI.

Each :class:`Term` gives a stable ``key``, the English name, the Faroese (and,
where a source has them, Danish) forms spelt exactly as the sources spell
them, local variant words with the place that uses them, a one-line meaning in
plain English, a category, the cards concerned (in the package's card text,
see :func:`stytvolt.core.cards.parse_cards`) and the seed text it comes from.

:func:`lookup` finds a term by any of its names, ignoring case, accents and
punctuation, so ``"fyrik"``, ``"Fýrikurin"``, ``"høsn"`` and ``"hosn"`` all
work.  :func:`as_json` gives the whole glossary in a JSON-ready form.

The meanings are our own words; the seed texts are in ``/work/shared/seeds``
(``000`` is the Kvívík rules, ``002`` the Penguin book's terminology notes).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from typing import Any

__all__ = ["Term", "TERMS", "CATEGORIES", "normalize", "find", "lookup", "as_json"]

CATEGORIES: tuple[str, ...] = ("card", "role", "play", "stock", "scoring", "saying", "history")


@dataclass(frozen=True, slots=True, kw_only=True)
class Term:
    """One glossary entry.

    ``faroese`` and ``danish`` hold forms exactly as the sources print them
    (singulars the sources never print are not made up).  ``variants`` pairs a
    local or foreign word with where it is used.  ``aliases`` holds the other
    English names and spellings the sources use (``"mare of hearts"``).
    ``cards`` is empty when the cards depend on the chosen suits.
    """

    key: str
    english: str
    faroese: tuple[str, ...]
    danish: tuple[str, ...] = ()
    variants: tuple[tuple[str, str], ...] = ()
    meaning: str
    category: str
    cards: str = ""
    source: str
    aliases: tuple[str, ...] = ()

    @property
    def forms(self) -> tuple[str, ...]:
        """Every name :func:`lookup` accepts for this term, as written."""
        return (
            self.key,
            self.english,
            *self.aliases,
            *self.faroese,
            *self.danish,
            *(word for word, _where in self.variants),
        )

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form: lists instead of tuples."""
        return {
            "key": self.key,
            "english": self.english,
            "faroese": list(self.faroese),
            "danish": list(self.danish),
            "variants": [[word, where] for word, where in self.variants],
            "meaning": self.meaning,
            "category": self.category,
            "cards": self.cards,
            "source": self.source,
            "aliases": list(self.aliases),
        }


TERMS: tuple[Term, ...] = (
    # --- the game and its family -------------------------------------------
    Term(
        key="styrivolt-game",
        english="Stýrivolt (the game)",
        faroese=("Stýrivoltur",),
        variants=(("stýr-wålt", "Sweden, in Georg Stiernhielm's poem Herkules (1648)"),),
        meaning=(
            "The Faroese card game for two pairs with two chosen suits, played in the islands "
            "for more than two centuries and probably brought there from Denmark."
        ),
        category="history",
        source="000",
    ),
    Term(
        key="karnoffel-group",
        english="Karnöffel group",
        faroese=(),
        meaning=(
            "The family of old card games, going back to the 1400s, in which chosen cards "
            "can beat cards of other suits; Stýrivolt belongs to it and keeps some of its card names."
        ),
        category="history",
        source="000",
    ),
    # --- the players --------------------------------------------------------
    Term(
        key="partnership",
        english="partnership",
        faroese=(),
        meaning=(
            "The two players sitting across from each other play as one team; a team wins "
            "a deal by taking at least five of the nine tricks."
        ),
        category="role",
        source="000",
        aliases=("team", "partners"),
    ),
    Term(
        key="dealer",
        english="dealer",
        faroese=(),
        meaning=(
            "Deals nine cards each in threes, then picks the chosen suits from the stock and "
            "shows their cards; the first dealer also draws the first chalk-up."
        ),
        category="role",
        source="000",
    ),
    # --- suits ------------------------------------------------------------------
    Term(
        key="chosen-suits",
        english="chosen suits",
        faroese=(),
        meaning=(
            "The two suits found first in the stock each deal; their cards get the special "
            "powers (stikkar, taking cards, lambs, free cards, traders) instead of plain ranks."
        ),
        category="card",
        source="000",
        aliases=("chosen suit", "chosen card", "chosen cards"),
    ),
    Term(
        key="choosing-suits",
        english="choosing suits",
        faroese=(),
        meaning=(
            "The dealer turns stock cards over privately, one by one, until a third suit shows; "
            "the first two suits seen are chosen and a card of each is laid face up."
        ),
        category="play",
        source="000",
        aliases=("choosing the suits",),
    ),
    Term(
        key="unchosen-suits",
        english="unchosen suits",
        faroese=(),
        meaning=(
            "The other two suits rank ace high with no tens; apart from the permanent stikkar, "
            "an unchosen card only beats a lower card of its own suit and never a chosen card."
        ),
        category="card",
        source="000",
        aliases=("unchosen suit", "unchosen card", "unchosen cards"),
    ),
    Term(
        key="exposed-card",
        english="exposed card",
        faroese=(),
        meaning=(
            "The face-up card showing a chosen suit: a trader if the dealer saw one, else the "
            "best card by a fixed priority; the holder of that suit's trader may swap for it."
        ),
        category="card",
        source="000",
        aliases=("exposed cards",),
    ),
    # --- stikkar ------------------------------------------------------------
    Term(
        key="stikkar",
        english="stikkar",
        faroese=("stikkar",),
        variants=(
            (
                "sticker",
                "the Penguin Book of Card Games, an English cognate used in the old sense 'slaughterer'",
            ),
        ),
        meaning=(
            "The nine top cards of every deal, the five permanent ones plus the chosen aces and "
            "jacks; they beat all other cards, though nothing beats a lamb that was led."
        ),
        category="card",
        source="000",
        aliases=("stikkars", "stickers"),
    ),
    Term(
        key="permanent-stikkar",
        english="permanent stikkar",
        faroese=(),
        meaning=(
            "The five stikkar that stay the same whatever suits are chosen: bird, fýrik, eight, "
            "hay-yard mare and mare of diamonds, from highest to lowest."
        ),
        category="card",
        cards="H2 C4 S8 H9 D9",
        source="000",
    ),
    Term(
        key="bird",
        english="bird",
        faroese=("Fuglurin",),
        meaning="The two of hearts, the highest card of all; only a led lamb escapes it.",
        category="card",
        cards="H2",
        source="000",
    ),
    Term(
        key="fyrik",
        english="fyrik",
        faroese=("Fýrikurin",),
        meaning="The four of clubs, second among the permanent stikkar, outranked only by the bird.",
        category="card",
        cards="C4",
        source="000",
        aliases=("fýrik",),
    ),
    Term(
        key="eight",
        english="eight",
        faroese=("Áttuni",),
        meaning="The eight of spades, the third permanent stikkar, under the bird and the fýrik.",
        category="card",
        cards="S8",
        source="000",
    ),
    Term(
        key="hay-yard-mare",
        english="hay-yard mare",
        faroese=("Hoygarðsryssa", "Hjartaryssa"),
        meaning="The nine of hearts, the fourth permanent stikkar, just above the mare of diamonds.",
        category="card",
        cards="H9",
        source="000",
        aliases=("mare of hearts",),
    ),
    Term(
        key="mare-of-diamonds",
        english="mare of diamonds",
        faroese=("Rútar-ryssa",),
        meaning="The nine of diamonds, lowest of the permanent stikkar but still above every chosen ace.",
        category="card",
        cards="D9",
        source="000",
    ),
    Term(
        key="mare",
        english="mare",
        faroese=("ryssa",),
        meaning=(
            "The name shared by the two red nines, both permanent stikkar; a hand holding all "
            "four nines may play every one of them as a mare."
        ),
        category="card",
        cards="H9 D9",
        source="002",
        aliases=("mares",),
    ),
    Term(
        key="styrivolt",
        english="stýrivolt",
        faroese=("stýrivoltar",),
        meaning="An ace of a chosen suit; the two of them rank next after the five permanent stikkar.",
        category="card",
        source="000",
        aliases=("stýrivolts", "chosen ace", "chosen aces"),
    ),
    Term(
        key="karnifl",
        english="karnifl",
        faroese=("karnifl", "karniflar"),
        variants=(("Karnöffel", "medieval German, the word the name comes from"),),
        meaning="A jack of a chosen suit, the lowest of the stikkar, ranked straight after the stýrivoltar.",
        category="card",
        source="000",
        aliases=("karnifls", "chosen jack", "chosen jacks"),
    ),
    # --- taking cards -------------------------------------------------------
    Term(
        key="taking-cards",
        english="taking cards",
        faroese=("tøkukortini",),
        meaning=(
            "The chosen sixes, twos, threes and fours, in that order: weaker than any stikkar, "
            "each can take only some of the unchosen cards."
        ),
        category="card",
        source="000",
        aliases=("taking card",),
    ),
    Term(
        key="postman",
        english="postman",
        faroese=("postar", "pavstar"),
        variants=(("Pabst", "medieval German for 'pope', which pavstar goes back to as a garbled name or a pun"),),
        meaning=(
            "A chosen six, the best taking card: it takes any unchosen card up to the ace and "
            "every lower taking card, but no stikkar."
        ),
        category="card",
        source="000",
        aliases=("postmen", "chosen six", "chosen sixes"),
    ),
    Term(
        key="tvist",
        english="tvist",
        faroese=("tvistar",),
        meaning="A chosen two: a taking card that beats unchosen kings and below, and the trists and unfortunates.",
        category="card",
        source="000",
        aliases=("tvists", "chosen two", "chosen twos"),
    ),
    Term(
        key="trist",
        english="trist",
        faroese=("tristar",),
        meaning="A chosen three: a taking card that beats unchosen queens and below, and the unfortunates.",
        category="card",
        source="000",
        aliases=("trists", "chosen three", "chosen threes"),
    ),
    Term(
        key="unfortunate",
        english="unfortunate",
        faroese=("ólukkur",),
        variants=(("pollar", "Bøur, Vágar"),),
        meaning="A chosen four, the weakest taking card: it beats unchosen jacks and anything lower.",
        category="card",
        source="000",
        aliases=("unfortunates", "chosen four", "chosen fours"),
    ),
    # --- the other chosen cards ---------------------------------------------
    Term(
        key="lamb",
        english="lamb",
        faroese=("lomb",),
        variants=(("høsn", "Kunoy"),),
        meaning=(
            "A chosen seven: it beats nothing, yet a led lamb always wins its trick; it may not "
            "open the first trick and only a player who has won a trick may lead it."
        ),
        category="card",
        source="000",
        aliases=("lambs", "hens", "chosen seven", "chosen sevens"),
    ),
    Term(
        key="free-card",
        english="free card",
        faroese=("fríkort",),
        meaning=(
            "A chosen eight or nine that is not a permanent stikkar: it beats nothing, and once "
            "led it falls only to a stikkar."
        ),
        category="card",
        source="000",
        aliases=("free cards",),
    ),
    Term(
        key="chosen-king",
        english="chosen king",
        faroese=("kongar",),
        meaning=(
            "A king of a chosen suit beats nothing, not even its own queen, but a led king "
            "falls only to a tvist or something stronger."
        ),
        category="card",
        source="000",
        aliases=("chosen kings",),
    ),
    Term(
        key="chosen-queen",
        english="chosen queen",
        faroese=("frýr",),
        meaning="A queen of a chosen suit beats nothing, but a led queen falls only to a trist or something stronger.",
        category="card",
        source="000",
        aliases=("chosen queens",),
    ),
    Term(
        key="trader",
        english="trader",
        faroese=("keypmenn",),
        variants=(("fimmikar", "Gjógv, Eysturoy"),),
        meaning=(
            "A chosen five: useless in play, but at any time its holder may swap it for the "
            "exposed card of its suit, and leading it counts as swapping then leading that card."
        ),
        category="card",
        source="000",
        aliases=("traders", "trading", "chosen five", "chosen fives"),
    ),
    Term(
        key="four-of-a-kind",
        english="four of a kind",
        faroese=(),
        meaning=(
            "A hand with all four cards of one rank plays each of them at the power of the best "
            "one, so four twos are four birds and four jacks four karniflar."
        ),
        category="card",
        source="000",
    ),
    Term(
        key="dead-seven",
        english="dead seven",
        faroese=(),
        meaning=(
            "An unchosen seven, worth nothing; players like to throw them on a led lamb so that "
            "the next deal may bring someone four of a kind."
        ),
        category="card",
        source="000",
        aliases=("dead sevens",),
    ),
    # --- the stock ------------------------------------------------------------
    Term(
        key="stock",
        english="stock",
        faroese=(),
        meaning=(
            "The twelve undealt cards; the dealer uses them to choose the suits, after which ten "
            "lie face down, half covering the exposed cards."
        ),
        category="stock",
        source="000",
    ),
    Term(
        key="taking-the-stock",
        english="taking the stock",
        faroese=(),
        meaning=(
            "A player whose hand cannot beat a free card may swap it for the ten stock cards, "
            "before playing a card and before the first trick is put aside; priority goes clockwise."
        ),
        category="stock",
        source="000",
        aliases=("take the stock", "taking up the stock"),
    ),
    Term(
        key="stockhound",
        english="stockhound",
        faroese=("stammuhundur",),
        meaning=(
            "A low stikkar in an otherwise poor hand, unwelcome because it stops its holder "
            "from taking the stock."
        ),
        category="stock",
        source="000",
    ),
    Term(
        key="changing-back",
        english="changing back",
        faroese=(),
        meaning=(
            "If the stock turns out to hold no stikkar, its taker may go back to the original "
            "hand, unless a trader was used on, or given up for, a stikkar."
        ),
        category="stock",
        source="000",
        aliases=("change back",),
    ),
    Term(
        key="keeping-both",
        english="keeping both",
        faroese=(),
        meaning=(
            "When neither the old hand nor the stock has a stikkar, or a trader for one, the "
            "taker may hold both and play from nineteen cards."
        ),
        category="stock",
        source="000",
        aliases=("keep both",),
    ),
    # --- play -------------------------------------------------------------------
    Term(
        key="keeping-in",
        english="keeping in",
        faroese=(),
        meaning="A team taking the first five tricks straight off, which scores two strokes.",
        category="scoring",
        source="000",
        aliases=("keep in", "kept in", "vol", "making vol", "made vol"),
    ),
    Term(
        key="keeping-in-alone",
        english="keeping in alone",
        faroese=(),
        meaning="One player taking the first five tricks without help, which scores a monk's cross.",
        category="scoring",
        source="000",
        aliases=("vol from a single hand", "kept in on his own"),
    ),
    Term(
        key="playing-on",
        english="playing on",
        faroese=(),
        meaning=(
            "Having kept in, a team may say nothing and try for all nine tricks; one trick lost "
            "to the opponents and they score only an ordinary game."
        ),
        category="play",
        source="000",
        aliases=("play on",),
    ),
    Term(
        key="storm",
        english="storm",
        faroese=(),
        meaning=(
            "Leading a low unchosen card, the mark of a strong hand trying to keep in; a partner "
            "with a high stikkar backs it up, and the opponents try to stop it."
        ),
        category="play",
        source="000",
        aliases=("the storm", "sudden storm"),
    ),
    Term(
        key="pregnant-ewe",
        english="pregnant ewe",
        faroese=(),
        meaning=(
            "A partner whose only stikkar is a stýrivolt or karnifl lets the storm go by, saving "
            "it to win a trick later and then lead a lamb."
        ),
        category="role",
        source="000",
    ),
    # --- sayings ----------------------------------------------------------------
    Term(
        key="hesin-er-godur",
        english="this one is good",
        faroese=("Hesin er góður",),
        meaning="Said on playing the first card whose power is raised by four of a kind in your hand.",
        category="saying",
        source="000",
    ),
    Term(
        key="den-ene-straffer-ikke-den-anden",
        english="the one does not beat the other",
        faroese=(),
        danish=("Den ene straffer ikke den anden",),
        meaning="Of two equal cards of the chosen suits played to one trick, the earlier one wins.",
        category="saying",
        source="000",
    ),
    Term(
        key="shovel-some-manure",
        english="shovel some manure for us",
        faroese=(),
        meaning="A joke aimed at the team stuck with drawing the next chalk-up.",
        category="saying",
        source="000",
    ),
    # --- scoring ----------------------------------------------------------------
    Term(
        key="chalk-up",
        english="chalk-up",
        faroese=(),
        meaning=(
            "The score drawn in chalk: one upright line crossed by three strokes, each team "
            "rubbing out the strokes on its own side."
        ),
        category="scoring",
        source="000",
        aliases=("chalk-ups",),
    ),
    Term(
        key="stroke",
        english="stroke",
        faroese=(),
        meaning=(
            "One of the three cross lines of a chalk-up; a won deal lets the team erase one, "
            "two or three of its own."
        ),
        category="scoring",
        source="000",
        aliases=("strokes",),
    ),
    Term(
        key="cross",
        english="cross",
        faroese=(),
        meaning=(
            "Earned by erasing all three of your strokes, but only once the opponents have no "
            "crosses left; until then one of theirs is rubbed out instead."
        ),
        category="scoring",
        source="000",
        aliases=("crosses",),
    ),
    Term(
        key="monks-cross",
        english="monk's cross",
        faroese=("munkakross", "munkur á krossi"),
        meaning=(
            "A cross worth two, drawn with two bars, for clearing a chalk-up before the "
            "opponents erase a single stroke, or for keeping in alone."
        ),
        category="scoring",
        source="000",
        aliases=("monk's crosses", "monk on the cross"),
    ),
    Term(
        key="gelding-the-monk",
        english="gelding the monk",
        faroese=(),
        meaning=(
            "When you win a cross and the opponents hold only monk's crosses, half of one of "
            "those is erased."
        ),
        category="scoring",
        source="000",
        aliases=("the monk is gelded", "gelds the monk", "geld the monk"),
    ),
    Term(
        key="making-the-chalk-up",
        english="making the chalk-up",
        faroese=(),
        meaning=(
            "Drawing each new chalk-up, the mucky work that falls to the team without crosses "
            "until it wins a cross back."
        ),
        category="scoring",
        source="000",
        aliases=("mucky work",),
    ),
    Term(
        key="ordinary-game",
        english="ordinary game",
        faroese=(),
        meaning="Winning a deal with five or more tricks without keeping in, worth one stroke.",
        category="scoring",
        source="000",
    ),
    Term(
        key="all-nine-tricks",
        english="all nine tricks",
        faroese=(),
        meaning="Taking every trick scores three strokes for a team, or two monk's crosses when one player does it alone.",
        category="scoring",
        source="000",
        aliases=("nine tricks", "winning nine tricks"),
    ),
    Term(
        key="stock-penalty",
        english="stock penalty",
        faroese=(),
        meaning="Taking the stock without the right to it gives the opponents a monk's cross.",
        category="scoring",
        source="000",
    ),
    # --- variations ---------------------------------------------------------------
    Term(
        key="cutting-for-a-stikkar",
        english="cutting for a stikkar",
        faroese=(),
        meaning=(
            "A variant: the cutter peeks at the bottom stock card and lays it face up if it is a "
            "permanent stikkar, for the holder of the king of that suit to claim."
        ),
        category="play",
        source="000",
    ),
    Term(
        key="king-for-the-bird",
        english="trading the king of hearts for the bird",
        faroese=(),
        meaning=(
            "A variant: a bird shown to mark hearts and still not traded for the five of hearts "
            "by the last trick may be claimed with the king of hearts."
        ),
        category="play",
        cards="H2 HK",
        source="000",
    ),
    Term(
        key="compulsory-beating",
        english="compulsory beating",
        faroese=(),
        meaning=(
            "A simpler variant: each player must top the best card so far in the trick if able, "
            "unless the partner played it."
        ),
        category="play",
        source="000",
    ),
)


# --- lookup --------------------------------------------------------------------

# Letters that Unicode decomposition leaves alone but a reader may type plainly.
_FOLD = str.maketrans({"ø": "o", "ð": "d", "æ": "ae", "þ": "th", "œ": "oe", "đ": "d", "ł": "l"})
_APOSTROPHES = re.compile(r"['’ʼ`´]")
_NON_WORD = re.compile(r"[^0-9a-z]+")


def normalize(word: str) -> str:
    """The form lookups compare: lower case, no accents, words separated by single spaces.

    ``normalize("Rútar-ryssa") == "rutar ryssa"``; ``normalize("høsn") == "hosn"``.
    """
    text = word.casefold().translate(_FOLD)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _APOSTROPHES.sub("", text)
    return _NON_WORD.sub(" ", text).strip()


def _build_index(terms: tuple[Term, ...]) -> dict[str, Term]:
    index: dict[str, Term] = {}
    for term in terms:
        for form in term.forms:
            norm = normalize(form)
            if not norm:
                raise ValueError(f"term {term.key!r} has an empty form {form!r}")
            other = index.get(norm)
            if other is not None and other is not term:
                raise ValueError(f"the form {form!r} names both {other.key!r} and {term.key!r}")
            index[norm] = term
    return index


_INDEX: dict[str, Term] = _build_index(TERMS)


def find(word: str) -> Term | None:
    """The term ``word`` names, or ``None``.  See :func:`lookup`."""
    norm = normalize(word)
    candidates = [norm]
    if norm.startswith("the "):
        candidates.append(norm[4:])
    for cand in list(candidates):
        if cand.endswith("es"):
            candidates.append(cand[:-2])
        if cand.endswith("s"):
            candidates.append(cand[:-1])
    for cand in candidates:
        term = _INDEX.get(cand)
        if term is not None:
            return term
    return None


def lookup(word: str) -> Term:
    """Find a term by its key, English name or any Faroese, Danish or variant form.

    Case, accents and punctuation are ignored (``"fyrik"``, ``"Fýrikurin"``,
    ``"hosn"`` all work).  An unknown word raises :class:`KeyError` naming it
    and suggesting close matches.
    """
    term = find(word)
    if term is not None:
        return term
    close = difflib.get_close_matches(normalize(word), list(_INDEX), n=4, cutoff=0.6)
    names: list[str] = []
    for norm in close:
        shown = _INDEX[norm]
        label = next((f for f in shown.forms if normalize(f) == norm), norm)
        if shown.key != label:
            label = f"{label} ({shown.key})"
        if label not in names:
            names.append(label)
    hint = f"; did you mean: {', '.join(names)}?" if names else ""
    raise KeyError(f"no Stýrivolt term {word!r}{hint}")


def as_json() -> list[dict[str, Any]]:
    """Every term, in reading order, as JSON-ready dicts."""
    return [term.as_dict() for term in TERMS]
