"""Stýrivolt at the one table, in CPython: a whole game against the computer, from South's seat, through the
widget's answers.

Each request carries the game so far as text and says what to do; these tests
drive South with a plain policy (the first thing offered) and let the computer
seats answer one move per request, as the page does.  Stýrivolt's own words and
drawings (its Kind, stytvolt.styrivolt.table) are checked against the engine's
hand: what South is offered, what South may see, the chalk-up.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from stytvolt.core.cards import ALL_CARDS, parse_card
from stytvolt.core.rules import switches
from stytvolt.styrivolt.actions import Kind
from stytvolt.styrivolt.bots import RandomBot
from stytvolt.styrivolt.chalk import Result, Scoring
from stytvolt.styrivolt.game import Game
from stytvolt.styrivolt.hand import HandState, Phase
from stytvolt.styrivolt.players import LEVELS, computer
from stytvolt.styrivolt.table import KIND, SOUTH, ChalkedGame, events
from stytvolt.styrivolt.variants import CutRule, Rules
from stytvolt.web import begin_json, handle
from stytvolt.web.table import ALPHABET, Table, computer_seed, game_text, hand_log, render
from stytvolt.web.table import read_game_text as read_any

SYMBOL = re.compile(r"[♥♠♦♣][2-9AJQK]")


def ask(**params: str) -> dict[str, Any]:
    return handle({"widget": "table", "params": params})


def ok(**params: str) -> dict[str, Any]:
    response = ask(**params)
    assert response["ok"], response
    return response


def turn(response: dict[str, Any]) -> str:
    found = re.search(r'class="sv-table" data-game="styrivolt" data-turn="(\w+)" data-seat="(\w*)"', response["html"])
    assert found, "the answer draws no table"
    return found.group(1)


def offered(response: dict[str, Any]) -> list[str]:
    """South's actions as the answer offers them (buttons that play), in the order shown."""
    return re.findall(r'data-do="play" data-action="([^"]+)"', response["html"])


def until_south(response: dict[str, Any]) -> dict[str, Any]:
    """Let the computer seats move, one request a move, until South must act or the hand is over."""
    for _ in range(60):
        if turn(response) != "computer":
            return response
        response = ok(do="computer", game=response["set"]["game"])
    raise AssertionError("the computer players never handed the turn back")


def read_game_text(text: str) -> Table:
    return read_any("styrivolt", text)


def game_of(table: Table) -> Game:
    game: Game = table.match.game
    return game


def hand_of(text: str) -> HandState:
    hand: HandState = read_game_text(text).hand
    return hand


def new_table(seed: int, first_dealer: int = 3, rules: Rules = Rules(), level: str = "club") -> Table:
    """A table with its first hand dealt, as the widget makes one (South's first dealer is East, seat 3)."""
    table = Table(KIND, ChalkedGame(seed, first_dealer, rules), seed, first_dealer, level, "4", rules)
    table.deal()
    return table


def symbols(html: str) -> set[str]:
    """The cards the answer names, leaving out the logs of earlier hands (played out in the open)."""
    return set(SYMBOL.findall(re.sub(r'<details class="sv-log-old">.*?</details>', "", html, flags=re.S)))


# -- a new game ----------------------------------------------------------------------------------


def test_a_new_game_deals_south_a_hand_and_leads_from_south() -> None:
    r = ok(do="new", seed="42")
    text = r["set"]["game"]
    # The table's code, seed, first dealer (East, seat 3), level, the one setup and no variations, one hand dealt
    # and no action yet.
    assert text == "t1.42.3.club.4."
    game = Game(seed=42, first_dealer=3)
    hand = game.deal()
    shown = re.findall(r'data-card="([A-Z0-9]{2})"', r["html"].split('class="sv-your-hand"')[1].split("</section>")[0])
    assert sorted(shown) == sorted(str(c) for c in hand.hands[SOUTH])
    # East dealt: South leads (no dealer's choice in this deal), and every legal card is a button to press.
    assert hand.phase is Phase.PLAY and hand.to_move == SOUTH
    assert turn(r) == "south"
    assert sorted(offered(r)) == sorted(str(a) for a in hand.legal_actions())
    assert "Your lead to the first trick" in r["html"]
    # The settings fields are set to the game's: the level and every switch, by its word.
    assert r["set"]["level"] == "club"
    assert {sw.word for sw in switches(Rules)} <= set(r["set"])
    assert r["set"]["cut-for-stikkar"] == "none" and r["set"]["enforce-stock-right"] == "yes"


def test_the_first_answer_without_params_is_the_same_every_time() -> None:
    assert ask() == ask()
    assert ask()["set"]["game"].startswith("t1.1.3.club.4.")


def test_settings_make_the_new_game() -> None:
    r = ok(do="new", seed="5", level="expert", **{"compulsory-beating": "yes", "scoring": "penguin",
                                                  "enforce-stock-right": "no", "cut-for-stikkar": "two-stikkar"})
    table = read_game_text(r["set"]["game"])
    assert table.level == "expert"
    assert table.match.rules == Rules(compulsory_beating=True, scoring=Scoring.PENGUIN, enforce_stock_right=False,
                                     cut_for_stikkar=CutRule.TWO_STIKKAR)
    assert r["set"]["compulsory-beating"] == "yes" and r["set"]["scoring"] == "penguin"


def test_the_settings_panel_lists_every_switch_with_its_help_and_every_level() -> None:
    from stytvolt.web import render_widget

    page = render_widget("table", {})
    for sw in switches(Rules):
        assert f'name="{sw.word}"' in page
        assert sw.help[1:].replace("'", "&#x27;") in page
    for level in LEVELS:
        assert f'name="level" value="{level}"' in page
    assert "<fieldset" in page and "disabled" in page  # nothing pretends to work before the script runs


# -- South acts, the computer answers ---------------------------------------------------------------------


def test_south_acts_and_the_computer_players_answer_until_south_must_act_again() -> None:
    start = ok(do="new", seed="42")
    text = start["set"]["game"]
    first = offered(start)[0]
    r = ok(do="play", action=first, game=text)
    hand = hand_of(r["set"]["game"])
    assert [str(a) for _, a in hand.history] == [first]
    assert turn(r) == "computer" and 'data-seat="West"' in r["html"]
    # South's card is on the table, told in the log.
    card = parse_card(first)
    assert f"South plays {card.symbol}" in r["html"]
    # One computer move per request, each the fair player's own choice from that seat's view.
    moves = 0
    while turn(r) == "computer":
        before = hand_of(r["set"]["game"])
        seat = before.to_move
        expected = computer("club", computer_seed(read_game_text(r["set"]["game"]), 0, len(before.history))).decide(
            before.observation(seat))
        r = ok(do="computer", game=r["set"]["game"])
        after = hand_of(r["set"]["game"])
        assert len(after.history) == len(before.history) + 1
        assert after.history[-1] == (seat, expected.action)
        moves += 1
    assert moves >= 1 and turn(r) in ("south", "next")
    if turn(r) == "south":
        assert hand_of(r["set"]["game"]).to_move == SOUTH


def test_a_computer_move_is_a_long_answer_with_progress() -> None:
    start = ok(do="new", seed="42")
    after = ok(do="play", action=offered(start)[0], game=start["set"]["game"])
    import json

    job = begin_json(json.dumps({"widget": "table", "params": {"do": "computer", "game": after["set"]["game"]}}))
    steps = []
    while True:
        out = json.loads(job.step(0))
        steps.append(out)
        if out["done"]:
            break
    assert len(steps) > 2 and any(0 < s.get("progress", 0) < 1 for s in steps[:-1])
    assert steps[-1]["response"]["ok"]
    assert steps[-1]["response"] == ask(do="computer", game=after["set"]["game"])


def test_an_illegal_or_out_of_turn_action_is_refused_and_changes_nothing() -> None:
    start = ok(do="new", seed="42")
    text = start["set"]["game"]
    hand = hand_of(text)
    not_held = next(c for c in ALL_CARDS if c.rank != 10 and c not in hand.hands[SOUTH])
    r = ask(do="play", action=str(not_held), game=text)
    assert not r["ok"] and r["error"] == f"{not_held.symbol} is not in your hand."
    assert "set" not in r
    after = ok(do="play", action=offered(start)[0], game=text)
    r = ask(do="play", action=offered(start)[1], game=after["set"]["game"])
    assert not r["ok"] and "West's turn" in r["error"]
    r = ask(do="computer", game=text)
    assert not r["ok"] and r["error"] == "It is your turn, not the computer's."


def test_a_card_that_may_not_be_played_says_why() -> None:
    # Seed 10: South leads the first trick holding ♣7, a lamb (clubs are chosen), and no lamb may lead it.
    r = ok(do="new", seed="10")
    hand = hand_of(r["set"]["game"])
    assert hand.chosen and "C7" not in offered(r)
    found = re.search(r'<button [^>]*data-card="C7" aria-disabled="true" data-refusal="([^"]+)" aria-label="([^"]+)"', r["html"])
    assert found, "the lamb is not drawn as a refused button"
    assert found.group(1) == "♣7 is a lamb, and no lamb may lead the first trick of a hand."
    assert found.group(2) == "♣7, seven of clubs, lamb: cannot be played now"
    refused = ask(do="play", action="C7", game=r["set"]["game"])
    assert not refused["ok"] and "no lamb may lead the first trick" in refused["error"]


# -- undo -------------------------------------------------------------------------------------------------


def test_undo_restores_exactly_the_position_south_was_asked_in() -> None:
    r = until_south(ok(do="play", action=offered(ok(do="new", seed="42"))[0], game="t1.42.3.club.4."))
    asked = r["set"]["game"]
    asked_html = ok(do="show", game=asked)["html"]
    later = until_south(ok(do="play", action=offered(r)[0], game=asked))
    assert later["set"]["game"] != asked
    back = ok(do="undo", game=later["set"]["game"])
    assert back["set"]["game"] == asked
    assert back["html"] == asked_html
    # Undo again goes back to the first question of the game; once more, and there is nothing left to undo.
    first = ok(do="undo", game=asked)
    assert first["set"]["game"] == "t1.42.3.club.4."
    refused = ask(do="undo", game=first["set"]["game"])
    assert not refused["ok"] and refused["error"] == "There is nothing of yours to take back yet."


def test_undo_reopens_a_finished_hand_and_unchalks_it() -> None:
    r = ok(do="new", seed="42")
    while turn(r) != "next":
        r = until_south(r)
        if turn(r) == "south":
            before = r["set"]["game"]
            r = ok(do="play", action=offered(r)[0], game=before)
    assert len(game_of(read_game_text(r["set"]["game"])).board.history) == 1
    finished = r["set"]["game"]
    back = ok(do="undo", game=finished)
    game = game_of(read_game_text(back["set"]["game"]))
    assert game.current is not None and game.current.to_move == SOUTH
    assert game.board.history == ()
    # In the next hand South deals and West leads: undo before South has acted there goes back into hand 1.
    nxt = until_south(ok(do="next", game=finished))
    assert len(hand_of(nxt["set"]["game"]).history) >= 1
    assert ok(do="undo", game=nxt["set"]["game"])["set"]["game"] == back["set"]["game"]


# -- the game's text and its permalink -------------------------------------------------------------------


def _random_game(seed: int, rules: Rules, hands: int, level: str = "club") -> Table:
    """A table whose ``hands`` hands random players played out (and a hand more dealt)."""
    table = new_table(seed, rules=rules, level=level)
    bots = [RandomBot(seed * 4 + p) for p in range(4)]
    for h in range(hands):
        if h:
            table.deal()
        while not table.hand.is_terminal():
            p = table.hand.to_move
            table.apply(bots[p].choose(table.hand.observation(p)))
    return table


VARIED = Rules(cut_for_stikkar=CutRule.TWO_STIKKAR, queen_claims_cut_stikkar=True, king_of_hearts_takes_bird=True,
               late_stock=True, enforce_stock_right=False, open_choosing=True, compulsory_beating=True,
               scoring=Scoring.PENGUIN)


def test_the_game_text_round_trips_every_kind_of_action() -> None:
    kinds: set[Kind] = set()
    for seed in range(40):
        for level in LEVELS:
            table = _random_game(seed, VARIED if seed % 2 else Rules(), 3, level)
            text = game_text(table)
            back = read_game_text(text)
            assert game_of(back).to_json() == game_of(table).to_json() and back.level == level
            assert game_text(back) == text
        kinds |= {a.kind for h in game_of(table).hands for _, a in h.history}
    assert kinds == set(Kind), f"never met: {set(Kind) - kinds}"


def test_the_game_text_reads_as_documented() -> None:
    # Stýrivolt's code, seed 7, East deals first, expert players, the one setup with two variations, and the first
    # hand, dealt when the text is read.
    table = read_game_text("t1.7.3.expert.4_compulsory-beating_scoring=penguin")
    game = game_of(table)
    assert table.level == "expert" and game.seed == 7 and game.first_dealer == 3
    assert game.rules == Rules(compulsory_beating=True, scoring=Scoring.PENGUIN)
    assert len(game.hands) == 1 and game.hands[0].history == []
    # Each action is one character: its place among the legal actions at that moment (0-9, A-Z, a-z).  In seed 42
    # South leads ♦2.
    legal = [str(a) for a in Game(seed=42, first_dealer=3).deal().legal_actions()]
    code = ALPHABET[legal.index("D2")]
    led = hand_of("t1.42.3.club.4." + code)
    assert [(p, str(a)) for p, a in led.history] == [(SOUTH, "D2")]
    assert ok(do="play", action="D2", game="t1.42.3.club.4.")["set"]["game"] == "t1.42.3.club.4." + code
    # Taking the stock is an action like any other (seed 25: South may).
    legal = [str(a) for a in Game(seed=25, first_dealer=3).deal().legal_actions()]
    taken = hand_of("t1.25.3.club.4." + ALPHABET[legal.index("take")])
    assert [str(a) for _, a in taken.history] == ["take"]


def test_a_game_is_restored_from_its_text_with_the_same_table() -> None:
    table = _random_game(3, VARIED, 2, "beginner")
    table.deal()
    text = game_text(table)
    shown = ok(do="show", game=text)
    assert shown["set"]["game"] == text
    assert shown["html"] == render(table)
    assert shown["set"]["level"] == "beginner" and shown["set"]["king-of-hearts-takes-bird"] == "yes"


# -- bad params ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("params, said", [
    ({"do": "fly"}, "The table cannot do that"),
    ({"do": "show", "game": "hello"}, "record cannot be read: it is not the record of a Stýrivolt game"),
    ({"do": "show", "game": "t1.x.3.club.4."}, "record cannot be read: its seed"),
    ({"do": "show", "game": "t1.7.9.club.4."}, "record cannot be read: its first dealer is not one of the four seats"),
    ({"do": "show", "game": "t1.7.3.grandmaster.4."}, "record cannot be read: its computer players' level"),
    ({"do": "show", "game": "t1.7.3.club.4_sudden-death."}, "record cannot be read: it names a rule variation"),
    ({"do": "show", "game": "t1.7.3.club.6."}, "record cannot be read: it is for a way of playing Stýrivolt"),
    ({"do": "show", "game": "t1.7.3.club.4.!"}, "record cannot be read: move 1 of hand 1 is not one the rules allowed"),
    ({"do": "show", "game": "t1.7.3.club.4.0.0"}, "record cannot be read: hand 1 is not over, so hand 2 cannot"),
    # the texts the table wrote before Stýrivolt joined the one table
    ({"do": "show", "game": "1.x.3.club.."}, "record cannot be read: its seed"),
    ({"do": "show", "game": "1.7.9.club.."}, "record cannot be read: its first dealer is not one of the four seats"),
    ({"do": "show", "game": "1.7.3.grandmaster.."}, "record cannot be read: its computer players' level"),
    ({"do": "show", "game": "1.7.3.club.sudden-death."}, "record cannot be read: it names a rule variation"),
    ({"do": "show", "game": "1.7.3.club..!"}, "record cannot be read: hand 1 names a card that is not in the pack"),
    ({"do": "show", "game": "1.7.3.club..0A"}, "record cannot be read: hand 1 breaks off in the middle of a move"),
    ({"do": "show", "game": "1.7.3.club..AAAA"}, "record cannot be read: move 2 of hand 1 is not one the rules allowed"),
    ({"do": "new", "level": "grandmaster"}, "The computer players' level is Beginner, "),
    ({"do": "new", "seed": "-3"}, "The seed of a new game is a whole number, like 42."),
    ({"do": "new", "compulsory-beating": "maybe"}, "The rule variation “Compulsory beating” is either ticked or not."),
    ({"do": "new", "cut-for-stikkar": "sometimes"}, "The rule variation “Cut for stikkar” is one of: "),
    ({"do": "play", "game": "t1.42.3.club.4.", "action": "Z9"}, "That is not one of your choices now"),
    ({"do": "play", "game": "t1.42.3.club.4.", "action": ""}, "That is not one of your choices now"),
    ({"do": "why", "game": "t1.42.3.club.4.", "move": "0.0"}, "That move is not in this game's log."),
    ({"do": "why", "game": "t1.42.3.club.4.0", "move": "0.0"}, "That move is your own: “Why?” gives the computer players' reasons."),
    ({"do": "why", "game": "t1.42.3.club.4.", "move": "x"}, "That move is not in this game's log."),
    ({"do": "next", "game": "t1.42.3.club.4."}, "The hand is not over yet: play it out first."),
    ({"do": "computer"}, "There is no game on the table yet: start a new game."),
])
def test_bad_params_are_refused_in_the_tables_words(params: dict[str, str], said: str) -> None:
    r = ask(**params)
    assert not r["ok"], r
    assert said in r["error"], r["error"]
    assert ":" not in r["error"].split(" ", 1)[0], r["error"]  # no field name before the sentence
    assert "set" not in r and "html" not in r  # nothing drawn, nothing to keep


# -- a whole hand, and what South may see --------------------------------------------------------------


def test_a_complete_hand_through_the_widget_and_the_chalk_up() -> None:
    r = ok(do="new", seed="2024")
    seen_turns = 0
    while turn(r) != "next":
        r = until_south(r)
        if turn(r) != "south":
            break
        text = r["set"]["game"]
        hand = hand_of(text)
        # South never sees a card it does not know of: only its own, the face-up ones and those played.
        known = {c.symbol for c in hand.known_to(SOUTH)}
        assert symbols(r["html"]) <= known, symbols(r["html"]) - known
        assert sorted(offered(r)) == sorted(str(a) for a in hand.legal_actions())
        r = ok(do="play", action=offered(r)[0], game=text)
        seen_turns += 1
    assert seen_turns >= 4
    table = read_game_text(r["set"]["game"])
    hand = game_of(table).hands[0]
    assert hand.is_terminal() and hand.result is not None
    # The end: all four hands face up, the result in words, the chalk-up with this hand's strokes.
    for p in range(4):
        for card in hand.dealt[p]:
            assert card.symbol in r["html"]
    assert "All four hands" in r["html"] and 'data-do="next"' in r["html"]
    result = hand.result
    erased = {Result.ORDINARY: 1, Result.KEPT_IN: 2, Result.NINE_TRICKS: 3}.get(result.result)
    if erased is not None:  # Kvívík scoring: 1, 2 or 3 strokes erased on the winners' side
        letter = "AB"[result.team]
        assert f"{letter}: {3 - erased} of 3 strokes standing, {erased} erased" in r["html"]
    assert len(game_of(table).board.history) == 1
    # The next hand: South deals (the deal passes to the left), and the chalk-up is carried over.
    nxt = ok(do="next", game=r["set"]["game"])
    table = read_game_text(nxt["set"]["game"])
    assert len(game_of(table).hands) == 2 and game_of(table).hands[1].dealer == SOUTH
    assert len(game_of(table).board.history) == 1
    # This hand's log in full; the first hand's folded under its result, and sent when asked for.
    assert "What happened in hand 2" in nxt["html"]
    assert f'<details class="sv-log-old" data-hand="0"><summary>Hand 1: ' in nxt["html"]
    assert "data-key=\"0.0\"" not in nxt["html"]
    log = ok(do="log", hand="0", game=nxt["set"]["game"])
    assert log["set"] == {} and log["html"] == hand_log(table, 0)
    assert log["html"].count("<li") == len(events(game_of(table), 0)) >= len(hand.history)
    assert f"{['South', 'West', 'North', 'East'][hand.history[-1][0]]}" in log["html"]
    refused = ask(do="log", hand="1", game=r["set"]["game"])
    assert not refused["ok"] and refused["error"] == "That hand is not in this game's log: it has 1 hand."


def test_every_phase_south_meets_offers_exactly_the_legal_actions() -> None:
    met: set[Phase] = set()
    for seed in range(60):
        rules = VARIED if seed % 2 else Rules()
        table = new_table(seed, rules=rules)
        bots = [RandomBot(seed * 4 + p) for p in range(4)]
        for h in range(3):
            if h:
                table.deal()
            hand = table.hand
            while not hand.is_terminal():
                p = hand.to_move
                if p == SOUTH and (hand.phase is not Phase.PLAY or len(hand.history) < 3):
                    html = render(table)
                    actions = re.findall(r'data-do="play" data-action="([^"]+)"', html)
                    assert sorted(actions) == sorted(str(a) for a in hand.legal_actions())
                    known = {c.symbol for c in hand.known_to(SOUTH)}
                    assert symbols(html) <= known
                    met.add(hand.phase)
                table.apply(bots[p].choose(hand.observation(p)))
    assert {Phase.PLAY, Phase.CLAIM, Phase.STOCK_DECISION, Phase.PLAY_ON, Phase.LAST_CHANCE} <= met


def test_south_deals_and_chooses_what_to_expose() -> None:
    # Seed 16 with South dealing first: the stock offers the dealer two equal cards to expose.
    table = new_table(16, first_dealer=SOUTH)
    hand = table.hand
    assert hand.phase is Phase.EXPOSE and hand.to_move == SOUTH
    r = ok(do="show", game=game_text(table))
    assert "You dealt and turned" in r["html"]
    exposes = [a for a in offered(r) if a.startswith("expose ")]
    assert exposes and sorted(exposes) == sorted(str(a) for a in hand.legal_actions())
    after = ok(do="play", action=exposes[-1], game=r["set"]["game"])
    assert "South, the dealer, exposes" in after["html"] and "Chosen suits:" in after["html"]


def test_south_takes_the_stock_and_chooses_what_comes_with_it() -> None:
    r = ok(do="new", seed="25")
    assert "take" in offered(r)
    r = ok(do="play", action="take", game=r["set"]["game"])
    assert turn(r) == "south" and "choose which exposed card of the pair goes with it" in r["html"]
    withs = offered(r)
    assert withs and all(a.startswith("with ") for a in withs)
    r = until_south(ok(do="play", action=withs[0], game=r["set"]["game"]))
    hand = hand_of(r["set"]["game"])
    assert hand.phase is Phase.STOCK_DECISION and "You took the stock" in r["html"]
    assert "keep" in offered(r)


def test_a_computers_discard_stays_face_down() -> None:
    # Play games until a computer takes the stock and discards; South's log says only that a card was discarded.
    for seed in range(200):
        table = new_table(seed)
        hand = table.hand
        bots = [RandomBot(seed * 4 + p) for p in range(4)]
        while not hand.is_terminal():
            p = hand.to_move
            action = bots[p].choose(hand.observation(p))
            if p != SOUTH and action.kind is Kind.DISCARD:
                table.apply(action)
                html = render(table)
                assert f"{['South', 'West', 'North', 'East'][p]} discards a card to the stock." in html
                assert action.card in hand.known_to(SOUTH) or action.card.symbol not in symbols(html)
                assert symbols(html) <= {c.symbol for c in hand.known_to(SOUTH)}
                return
            table.apply(action)
    pytest.skip("no computer discarded in these deals")


# -- why ---------------------------------------------------------------------------------------------


def test_why_gives_the_computers_own_reason_without_naming_hidden_cards() -> None:
    r = ok(do="new", seed="42")
    r = ok(do="play", action=offered(r)[0], game=r["set"]["game"])
    r = ok(do="computer", game=r["set"]["game"])  # West's first card
    text = r["set"]["game"]
    table = read_game_text(text)
    hand = game_of(table).hands[0]
    assert 'data-move="0.1"' in r["html"] and 'aria-label="Why did West play' in r["html"]
    twin = hand.clone()
    twin.undo()
    decision = computer("club", computer_seed(table, 0, 1)).decide(twin.observation(1))
    assert decision.action == hand.history[1][1]
    why = ok(do="why", move="0.1", game=text)
    assert why["html"].startswith('<p class="sv-why-said"><strong>West\'s reasoning')
    known = {c.symbol for c in hand.known_to(SOUTH)}
    assert symbols(why["html"]) <= known
    # The reason is the coach's for the same player, seed and observation: the card played named, the deals
    # the club player pictured (its own figures), the cards South has not seen said as "a hidden card".
    card = decision.action.card.symbol
    assert card in known and f"{card} scored " in why["html"]
    assert f"In {decision.deals} deals that fit what this player has seen" in why["html"]
    # Once the hand is over, the same move's reason is told in full: every card named.
    while turn(r) != "next":
        r = until_south(r)
        if turn(r) == "south":
            r = ok(do="play", action=offered(r)[0], game=r["set"]["game"])
    full = ok(do="why", move="0.1", game=r["set"]["game"])
    assert "hidden card" not in full["html"] and "not named" not in full["html"]
    assert f"In {decision.deals} deals that fit what this player has seen" in full["html"]
