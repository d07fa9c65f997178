"""The Stýrivolt glossary: keys, lookups, card fields, JSON, and faithfulness to the seeds."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from stytvolt.core.cards import parse_cards
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt.terms import CATEGORIES, TERMS, Term, as_json, find, lookup, normalize

# The seed texts live in shared/ beside the checkout (as on CI); STYTVOLT_SEEDS overrides.
SEEDS = Path(os.environ.get("STYTVOLT_SEEDS", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
SEED_000 = SEEDS / "000_95b2808df34b51b8.txt"
SEED_002 = SEEDS / "002_539630946ae7d245.txt"

# The Faroese words of seed 000's ranking tables (and its stock and scoring sections).
SEED_000_WORDS = {
    "Fuglurin": "bird",
    "Fýrikurin": "fyrik",
    "Áttuni": "eight",
    "Hoygarðsryssa": "hay-yard-mare",
    "Hjartaryssa": "hay-yard-mare",
    "Rútar-ryssa": "mare-of-diamonds",
    "stýrivoltar": "styrivolt",
    "karniflar": "karnifl",
    "tøkukortini": "taking-cards",
    "postar": "postman",
    "pavstar": "postman",
    "tvistar": "tvist",
    "tristar": "trist",
    "ólukkur": "unfortunate",
    "pollar": "unfortunate",
    "lomb": "lamb",
    "høsn": "lamb",
    "fríkort": "free-card",
    "kongar": "chosen-king",
    "frýr": "chosen-queen",
    "keypmenn": "trader",
    "fimmikar": "trader",
    "munkakross": "monks-cross",
    "stammuhundur": "stockhound",
}


def _seed(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"seed text {path} is not available")
    return path.read_text(encoding="utf-8")


def test_keys_unique_and_slugs() -> None:
    keys = [t.key for t in TERMS]
    assert len(keys) == len(set(keys))
    for key in keys:
        assert key == key.lower() and " " not in key and key.isascii(), key


def test_fields_well_formed() -> None:
    for term in TERMS:
        assert isinstance(term, Term)
        assert term.category in CATEGORIES, term.key
        assert term.source in {"000", "002"}, term.key
        assert term.english.strip() == term.english and term.english, term.key
        for word, where in term.variants:
            assert word and where, term.key


def test_every_category_used() -> None:
    assert {t.category for t in TERMS} == set(CATEGORIES)


def test_meanings_one_line_full_stop() -> None:
    for term in TERMS:
        m = term.meaning
        assert "\n" not in m and m == m.strip(), term.key
        assert m.endswith("."), term.key
        assert 20 <= len(m) <= 240, term.key


def test_every_form_resolves_to_its_term() -> None:
    for term in TERMS:
        for form in term.forms:
            assert lookup(form) is term, (form, term.key)
            assert lookup(form.upper()) is term, (form, term.key)


def test_no_form_names_two_terms() -> None:
    seen: dict[str, str] = {}
    for term in TERMS:
        for form in term.forms:
            norm = normalize(form)
            assert seen.setdefault(norm, term.key) == term.key, (form, seen[norm], term.key)


def test_accents_and_case_ignored() -> None:
    assert lookup("fyrikurin").key == lookup("Fýrikurin").key == "fyrik"
    assert lookup("fyrik") is lookup("FÝRIK") is lookup("Fýrikurin")
    assert lookup("attuni").key == "eight"
    assert lookup("rutar ryssa").key == "mare-of-diamonds"
    assert lookup("Hoygardsryssa").key == "hay-yard-mare"  # the Penguin book's spelling
    assert lookup("tokukortini").key == "taking-cards"
    assert lookup("munkur a krossi").key == "monks-cross"
    assert lookup("hesin er godur").key == "hesin-er-godur"
    assert lookup("  monks cross ").key == "monks-cross"


def test_examples_from_the_brief() -> None:
    for word in ("fyrik", "Fýrikurin", "pavstar", "høsn", "hosn"):
        assert find(word) is not None, word
    assert lookup("pavstar").key == lookup("postar").key == "postman"


def test_local_variants() -> None:
    assert lookup("høsn").key == "lamb"
    assert lookup("hosn").key == "lamb"
    assert lookup("pollar").key == "unfortunate"
    assert lookup("fimmikar").key == "trader"
    assert ("høsn", "Kunoy") in lookup("lamb").variants
    assert ("pollar", "Bøur, Vágar") in lookup("ólukkur").variants
    assert ("fimmikar", "Gjógv, Eysturoy") in lookup("keypmenn").variants


def test_sticker_alias() -> None:
    stikkar = lookup("sticker")
    assert stikkar.key == "stikkar"
    where = dict(stikkar.variants)["sticker"]
    assert "slaughterer" in where


def test_plural_and_article_fallbacks() -> None:
    assert lookup("the bird").key == "bird"
    assert lookup("birds").key == "bird"
    assert lookup("karniflar").key == lookup("karnifls").key == "karnifl"


def test_cards_fields_parse() -> None:
    for term in TERMS:
        if term.cards:
            cards = parse_cards(term.cards, pack=STYRIVOLT_PACK, unique=True)
            assert cards, term.key
    assert lookup("bird").cards == "H2"
    assert lookup("Fýrikurin").cards == "C4"
    assert lookup("Áttuni").cards == "S8"
    assert lookup("Hjartaryssa").cards == "H9"
    assert lookup("Rútar-ryssa").cards == "D9"
    assert parse_cards(lookup("permanent stikkar").cards) == parse_cards("H2 C4 S8 H9 D9")
    # cards that depend on the chosen suits have no fixed cards
    assert lookup("lamb").cards == ""
    assert lookup("stýrivoltar").cards == ""


def test_unknown_word_raises_naming_it() -> None:
    with pytest.raises(KeyError) as info:
        lookup("Fuglrin")
    message = str(info.value)
    assert "Fuglrin" in message
    assert "Fuglurin" in message  # a close match is suggested
    with pytest.raises(KeyError, match="zzqx"):
        lookup("zzqx")
    assert find("zzqx") is None


def test_as_json_dumps() -> None:
    data = as_json()
    text = json.dumps(data, ensure_ascii=False)
    back = json.loads(text)
    assert back == data
    assert len(back) == len(TERMS)
    bird = next(d for d in back if d["key"] == "bird")
    assert bird["faroese"] == ["Fuglurin"]
    assert bird["cards"] == "H2"
    lamb = next(d for d in back if d["key"] == "lamb")
    assert ["høsn", "Kunoy"] in lamb["variants"]
    for entry in data:
        for value in entry.values():
            assert not isinstance(value, tuple)


def test_seed_000_words_resolve() -> None:
    text = _seed(SEED_000)
    for word, key in SEED_000_WORDS.items():
        assert word in text, f"{word!r} is not in seed 000"
        term = lookup(word)
        assert term.key == key, (word, term.key)
        # spelt exactly as the source spells it
        assert word in term.faroese or word in dict(term.variants), word


def test_native_forms_are_printed_in_the_seeds() -> None:
    """No Faroese, Danish or variant form is made up: each is printed in seed 000 or 002."""
    text = _seed(SEED_000) + "\n" + _seed(SEED_002)
    for term in TERMS:
        for form in (*term.faroese, *term.danish, *(w for w, _ in term.variants)):
            assert form in text, (term.key, form)


def test_penguin_book_terms() -> None:
    text = _seed(SEED_002)
    assert "ryssa" in text and lookup("ryssa").key == "mare"
    assert "Karnifl" in text and lookup("Karnifl").key == "karnifl"
    assert "sticker" in text and lookup("sticker").key == "stikkar"
