"""Every table's refusals are said in the game's words.

The tables are driven through the web layer's request handler with exactly
what the page's JavaScript sends (``interactive/table.mjs``): ``do=play``
with a button's ``data-action``, or, for a lay-away button, its word and the
cards ticked (``swipe C5 HQ``); ``computer``, ``next``, ``undo``, ``log``,
``why``, ``new``, ``show``.  At positions met in real games (South bidding,
naming trumps, holding the cat, laying away, taking in Knorri's phase one,
beating or picking up, playing to tricks, a computer to act, the hand over),
every control gets wrong input: too few or too many cards ticked, none, a card
not in the hand or named twice, a card that may not be played, an action of
another moment (a stale page), out of turn, and nonsense.  What the page would
show must be a sentence of the game, never the engine's parser talking: no
field name before it ("action: "), no "bad action", no "expected", no cards in
the engine's letters (``HA``), nothing echoed back from the request, and
nothing changed (no game text sent back).
"""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any, Iterable, Iterator

import pytest

from stytvolt.core.cards import ALL_CARDS
from stytvolt.web import handle
from stytvolt.web import table as matches
from stytvolt.web.table import SOUTH, Table, new_table

#: Words of the engine's parser and of the request, which a page must never show.
PARSER_WORDS = ("bad action", "bad card", "bad suit", "bad bid", "expected", "error", "Error", "not one of the actions",
                "at its ", "ParseError", "internal", "'", "<", ">", "_", "\n", "…", "dance", "zz", "ZZ", "99x")
FIELD_FIRST = re.compile(r"^[a-z][\w-]*: ")
ENGINE_CARD = re.compile(r"\b[SHDC](?:[2-9TJQKA]|10)\b")
TEN_AS_T = re.compile(r"[♠♥♦♣]T\b")


def assert_said_in_the_games_words(response: dict[str, Any], sent: dict[str, str]) -> str:
    """The refusal ``response`` is a sentence for a person, and nothing of the game came back; returns it."""
    assert response["ok"] is False and set(response) == {"ok", "error"}, (sent, response)
    said = str(response["error"])
    assert said[:1].isupper() or said[:1] in "♠♥♦♣", (sent, said)
    assert said.endswith("."), (sent, said)
    assert not FIELD_FIRST.match(said), (sent, said)
    assert not ENGINE_CARD.search(said) and not TEN_AS_T.search(said), (sent, said)
    for word in PARSER_WORDS:
        # An apostrophe is the game's ("West's turn"); a quote around a word is the parser's.
        if word == "'":
            assert not re.search(r"(^|[\s(])'|'($|[\s).,:])", said.replace("s' ", "s ")), (sent, said)
        else:
            assert word not in said, (sent, word, said)
    return said


def ask(which: str, /, **params: str) -> dict[str, Any]:
    return handle({"game": which, "widget": "table", "params": params})


def refused(which: str, /, **params: str) -> str:
    return assert_said_in_the_games_words(ask(which, **params), params)


# -- the shared table: Sjavs, Klørsjavs, Brus, Knorri, Vira ---------------------------------------------------------

#: Every way the shared table plays, the seeds of the games walked, and the lay-away choice South meets in them
#: (three-player Sjavs's exchange once South wins the bidding, seed 2; the Klørsjavs cat, in the auction once South
#: wins it, seed 0).
SETUPS = [("sjavs", "4", (1, 2), None), ("sjavs", "3", (1, 2), "exchange"), ("sjavs", "2", (1, 2), None),
          ("klorsjavs", "klorsjavs", (1, 2), "swipe"), ("klorsjavs", "four-hand", (1, 2), "swipe"),
          ("klorsjavs", "auction", (0, 2), "swipe"), ("brus", "4", (1, 2), None), ("brus", "6", (1, 2), None),
          ("knorri", "3", (1,), None), ("knorri", "4m", (1,), None), ("vira", "3", (1, 2), None),
          ("vira", "4", (1, 2), None)]


def positions(game: str, setup: str, seeds: Iterable[int]) -> Iterator[tuple[matches.Table, list[str]]]:
    """Tables at each kind of moment South meets (one of each a game), with the actions South took before it."""
    for seed in seeds:
        table = matches.new_table(game, setup, "", seed)
        rng = random.Random(seed)
        seen: set[object] = set()
        taken: list[str] = []
        for _ in range(3_000):
            state = table.hand
            if state.is_terminal():
                yield table, taken
                break
            seat = state.current_player()
            legal = list(state.legal_actions())
            if seat != matches.SOUTH:
                if "computer" not in seen:
                    seen.add("computer")
                    yield table, taken
                table.apply(table.kind.bot(table.level, rng.randrange(10**6)).choose(state.observation(seat)))
                continue
            moment = (getattr(state, "phase", ""), frozenset(table.kind.kind_of(a) for a in legal),
                      bool(table.kind.trick_so_far(state)))
            if moment not in seen:
                seen.add(moment)
                yield table, taken
            action = south_choice(table, legal, rng)
            taken.append(str(action))
            table.apply(action)


def south_choice(table: matches.Table, legal: list[Any], rng: random.Random) -> Any:
    """South declares whenever it may (Klørsjavs: "play", so the cat comes to South's hand; Sjavs: the highest bid,
    so South names trumps and lays away), plays on rather than surrender, and otherwise plays as the computer does or,
    half the time, at random (so the rarer moments come up too)."""
    named = {str(a): a for a in legal}
    if "play" in named and table.kind.game in ("klorsjavs", "vira"):
        return named["play"]
    bids = [a for a in legal if table.kind.kind_of(a) == "bid"]
    if bids and table.kind.game == "sjavs":
        return bids[-1]
    calm = [a for a in legal if table.kind.kind_of(a) not in ("surrender", "retry", "fold")] or legal
    if rng.random() < 0.5:
        return rng.choice(calm)
    return table.kind.bot(table.level, rng.randrange(10**6)).choose(table.hand.observation(matches.SOUTH))


def page_actions(markup: str) -> list[str]:
    return [unescape(a) for a in re.findall(r'data-do="play" data-action="([^"]+)"', markup)]


def page_pick(markup: str) -> tuple[str, list[str]] | None:
    found = re.search(r'data-pick="(\w+)"', markup)
    return (found.group(1), re.findall(r'name="pick" value="(\w+)"', markup)) if found else None


def allowed(table: matches.Table, action: str) -> bool:
    """Does ``action`` name one of South's legal actions now (the engine's own reading of it)?"""
    from stytvolt.core.errors import StytvoltError
    from stytvolt.core.registry import game

    try:
        return game(table.kind.game).parse_action(action) in table.hand.legal_actions()
    except StytvoltError:
        return False


def wrong_plays(table: matches.Table, taken: list[str]) -> Iterator[str]:
    """What a page (a stale one, or a hand-made request) might send that South may not do now."""
    state = table.hand
    markup = matches.render(table)
    offered = set(page_actions(markup))
    held = set(matches.playable(state, matches.SOUTH))
    not_held = [c for c in ALL_CARDS if c not in held][::7]
    pick = page_pick(markup)
    if pick is not None:
        word, cards = pick
        for n in range(len(cards) + 1):
            yield " ".join([word, *cards[:n]])
        yield f"{word} {cards[0]} {cards[0]}"
        yield f"{word} {not_held[0]} {not_held[1]}"
        yield f"{word} zz"
    for card in not_held[:2]:
        for verb in ("play", "card", "discard", "take", ""):
            yield f"{verb} {card}".strip()
    for card in held:
        if not any(a.endswith(str(card)) for a in offered):
            yield f"play {card}"
            yield f"card {card}"
            yield str(card)
    yield from (a for a in taken[-6:] if a not in offered)  # a stale page: what South did a moment ago
    yield from ("", "dance", "play", "bid", "bid 99x", "pass", "swipe", "exchange", "trump", "hold", "draw", "keep",
                "fold", "stroke", "leave", "pickup", "point ZZ")


@pytest.mark.parametrize("game, setup, seeds, pick", SETUPS, ids=[f"{g}-{s}" for g, s, _, _ in SETUPS])
def test_every_control_refuses_wrong_input_in_the_games_words(game: str, setup: str, seeds: tuple[int, ...],
                                                                pick: str | None) -> None:
    said: set[str] = set()
    picks: set[str] = set()
    for table, taken in positions(game, setup, seeds):
        text = table.text()
        state = table.hand
        if state.is_terminal():
            said.add(refused(game, do="play", game=text, action=taken[-1] if taken else "pass"))
            said.add(refused(game, do="computer", game=text))
        elif state.current_player() != matches.SOUTH:
            said.add(refused(game, do="play", game=text, action=taken[-1] if taken else "pass"))
            said.add(refused(game, do="next", game=text))
        else:
            found = page_pick(matches.render(table))
            if found is not None:
                picks.add(found[0])
            for action in wrong_plays(table, taken):
                if not allowed(table, action):
                    said.add(refused(game, do="play", game=text, action=action))
            said.add(refused(game, do="computer", game=text))
            said.add(refused(game, do="next", game=text))
        said.add(refused(game, do="log", game=text, hand="9"))
        said.add(refused(game, do="log", game=text, hand="x"))
        said.add(refused(game, do="dance", game=text))
        said.add(refused(game, do="show", game=text + "~"))
    for bad in ("garbage", "x1.1.1.simple.4.", f"{matches.kind_of(game).code}.1.1.simple.99."):
        said.add(refused(game, do="show", game=bad))
    said.add(refused(game, do="new", setup="99"))
    said.add(refused(game, do="new", level="grandmaster"))
    said.add(refused(game, do="new", seed="-1"))
    said.add(refused(game, do="play", action="pass"))
    fresh = matches.new_table(game, setup, "", 5).text()
    said.add(refused(game, do="undo", game=fresh))
    assert len(said) >= 8, said  # the refusals say different things for different mistakes
    assert picks == ({pick} if pick else set()), picks
    if pick is not None:
        assert any(s.startswith("Tick ") for s in said), said


def _cat(seed: int) -> str:
    """A Klørsjavs game in which South has declared and holds the cat."""
    table = matches.new_table("klorsjavs", "klorsjavs", "", seed)
    table.apply(next(a for a in table.hand.legal_actions() if str(a) == "play"))
    assert table.hand.phase == "cat" and table.hand.current_player() == matches.SOUTH
    return table.text()


def test_swiping_the_cat_without_two_cards_ticked_says_to_tick_two() -> None:
    text = _cat(7)
    # The page's button sends its word and the cards ticked: none, one, three.
    assert refused("klorsjavs", do="play", game=text, action="swipe") == (
        "Tick the two cards to lay away: you ticked none.")
    hand = re.findall(r'name="pick" value="(\w+)"', ask("klorsjavs", do="show", game=text)["html"])
    assert refused("klorsjavs", do="play", game=text, action=f"swipe {hand[0]}") == (
        "Tick the two cards to lay away: you ticked one.")
    assert refused("klorsjavs", do="play", game=text, action=f"swipe {' '.join(hand[:3])}") == (
        "Tick the two cards to lay away: you ticked three.")
    assert ask("klorsjavs", do="play", game=text, action=f"swipe {' '.join(hand[:2])}")["ok"]


def test_a_card_south_does_not_hold_and_a_turn_not_souths_are_said_plainly() -> None:
    first = matches.new_table("sjavs", "4", "", 11)
    text = first.text()
    held = set(first.hand.hands[matches.SOUTH])
    card = next(c for c in ALL_CARDS if c not in held and c.rank >= 7)
    assert refused("sjavs", do="play", game=text, action=f"play {card}") == f"{card.symbol} is not in your hand."
    passed = ask("sjavs", do="play", game=text, action="pass")["set"]["game"]
    assert refused("sjavs", do="play", game=passed, action="pass") == "It is West's turn, not yours."
    assert refused("sjavs", do="computer", game=text) == "It is your turn, not the computer's."


# -- Stýrivolt at the table ------------------------------------------------------------------------------------------


def styrivolt_positions(seeds: range) -> Iterator[tuple[Table, list[str]]]:
    """Stýrivolt tables at each kind of moment South meets in two hands (East deals the first, South the second),
    with the actions South took before it."""
    from stytvolt.styrivolt.players import computer

    for seed in seeds:
        table = new_table("styrivolt", level="beginner", seed=seed)
        rng = random.Random(seed)
        seen: set[object] = set()
        taken: list[str] = []
        for hand in range(2):
            if hand:
                table.deal()
            while not (state := table.hand).is_terminal():
                seat = state.to_move
                if seat != SOUTH:
                    if "computer" not in seen:
                        seen.add("computer")
                        yield table, taken
                    table.apply(computer("beginner", rng.randrange(10**6)).choose(state.observation(seat)))
                else:
                    legal = state.legal_actions()
                    moment = (state.phase, frozenset(a.kind for a in legal), bool(state.current))
                    if moment not in seen:
                        seen.add(moment)
                        yield table, taken
                    action = rng.choice(legal)
                    taken.append(str(action))
                    table.apply(action)
            yield table, taken


def test_the_styrivolt_table_refuses_wrong_input_in_the_games_words() -> None:
    said: set[str] = set()
    for table, taken in styrivolt_positions(range(3)):
        text = table.text()
        state = table.match.current
        if state is None:
            said.add(refused("styrivolt", do="play", game=text, action=taken[-1]))
            said.add(refused("styrivolt", do="computer", game=text))
        elif state.to_move != SOUTH:
            said.add(refused("styrivolt", do="play", game=text, action=taken[-1] if taken else "take"))
            said.add(refused("styrivolt", do="next", game=text))
        else:
            legal = {str(a) for a in state.legal_actions()}
            held = set(state.hands[SOUTH])
            wrong = [str(c) for c in ALL_CARDS if c.rank != 10][::5] + [a for a in taken[-6:]] + [
                "", "dance", "take", "pass", "keep", "stop", "trade H5 H7", "trade", "expose ZZ", "with", "discard"]
            for action in wrong:
                if action not in legal:
                    said.add(refused("styrivolt", do="play", game=text, action=action))
            said.add(refused("styrivolt", do="computer", game=text))
            assert held
        said.add(refused("styrivolt", do="why", game=text, move="x"))
        said.add(refused("styrivolt", do="why", game=text, move="9.99"))
        said.add(refused("styrivolt", do="log", game=text, hand="9"))
        said.add(refused("styrivolt", do="dance", game=text))
        said.add(refused("styrivolt", do="show", game=text + "~"))
    for params in ({"do": "new", "level": "grandmaster"}, {"do": "new", "seed": "-1"},
                   {"do": "new", "compulsory-beating": "maybe"}, {"do": "new", "cut-for-stikkar": "sometimes"},
                   {"do": "show", "game": "garbage"}, {"do": "undo", "game": "t1.42.3.club.4."},
                   {"do": "next", "game": "t1.42.3.club.4."}, {"do": "play", "action": "C9"}):
        said.add(refused("styrivolt", **params))
    assert len(said) >= 10, said
