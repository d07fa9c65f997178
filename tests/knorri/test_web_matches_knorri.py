"""Knorri at the table against the computer (stytvolt.knorri.table, the Kind ``knorri``): games through the widget.

The table is driven as the page drives it: South presses a button on offer
(here the last one: in phase two that is South's lowest playable card, as the
hand is laid out diamonds first, each suit from the ace down), the computer
seats move one request at a time, and every request carries the whole game
as text.  Where a whole session is played, it is played on the Table itself
(the same code without the text round trip), and its text is then shown
through the widget.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from stytvolt.core.cards import Card
from stytvolt.knorri.bots import SimpleBot
from stytvolt.knorri.game import SESSION_HANDS
from stytvolt.web import handle
from stytvolt.web.kinds import seat_names
from stytvolt.web.table import ALPHABET, SOUTH, Table, computer_seed, kind_of, new_table, read_game_text, render


def ask(**params: str) -> dict[str, Any]:
    return handle({"game": "knorri", "widget": "table", "params": params})


def ok(**params: str) -> dict[str, Any]:
    response = ask(**params)
    assert response["ok"], response
    return response


def turn(html: str) -> str:
    found = re.search(r'class="sv-table"[^>]*data-turn="(\w+)"', html)
    assert found, html[:300]
    return found.group(1)


def buttons(html: str) -> list[tuple[str, str]]:
    """South's actions on offer, (action, what its button says), in the order the page shows them."""
    found = re.findall(r'data-do="play" data-action="([^"]+)"(?: data-card="[^"]*")?(?: aria-label="([^"]*)")?>([^<]*)<',
                       html)
    return [(action, (label or text).replace("&#x27;", "'")) for action, label, text in found]


def text_of(html: str) -> str:
    """The page's words, tags dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def felt(html: str) -> str:
    found = re.search(r'<section class="sv-felt[^"]*".*?</section>', html)
    assert found
    return text_of(found.group(0)).replace(" : ", ": ").strip()


def log(html: str) -> list[str]:
    found = re.search(r'<ol class="sv-log".*?</ol>', html)
    assert found
    # Each entry's words, without a computer move's "Why?" button (its reason is asked for apart: do=why).
    return [text_of(re.sub(r'<button type="button" class="sv-why".*?</button>', "", li)).strip()
            for li in re.findall(r"<li[^>]*>(.*?)</li>", found.group(0))]


def step(response: dict[str, Any]) -> dict[str, Any]:
    """One request, as the page would make it next (South presses the last button)."""
    html, text = response["html"], response["set"]["game"]
    state = turn(html)
    if state == "next":
        return ok(do="next", game=text)
    if state == "computer":
        return ok(do="computer", game=text)
    assert state == "south", state
    return ok(do="play", game=text, action=buttons(html)[-1][0])


def move(table: Table, south: Any = None) -> None:
    """One move on the Table: a computer seat's as the widget makes it, South's by ``south`` (a SimpleBot)."""
    state = table.hand
    seat = state.current_player()
    if seat == SOUTH:
        action = (south or SimpleBot(0, vary=0.2)).choose(state.observation(seat))
    else:
        bot = table.kind.bot(table.level, computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1])))
        action = bot.choose(state.observation(seat))
    table.apply(action)


def whole_session(setup: str, seed: int) -> Table:
    table = new_table("knorri", setup, "simple", seed)
    south = SimpleBot(seed)
    while True:
        if table.hand.is_terminal():
            if table.match.over:
                return table
            table.deal()
            continue
        assert len(table.hand.legal_actions()) <= 52 < len(ALPHABET)
        move(table, south)


# -- phase one: the face-up table and the forced take ------------------------------------------------------------


def test_a_new_game_lays_out_the_table_and_south_turns_first() -> None:
    # Seed 17 at three: East (seat 2, on South's right) deals, so South turns first.  The engine's shuffle lays
    # ♦8 ♠K ♥10 ♠7 ♣J ♥6 ♦Q ♣K ♣Q face up, and South turns ♦7.  Worked by hand: the diamonds on the table, ♦8 and
    # ♦Q, are higher, so ♦7 has no lower diamond; as a trump it must take a spade or a heart, and four lie there:
    # ♠7 ♠K ♥6 ♥10.  South chooses, so there are four buttons, each saying what it takes.
    first = ok(do="new", setup="3", seed="17")
    assert first == ok(do="new", setup="3", seed="17")
    html = first["html"]
    assert first["set"]["game"] == "kn1.17.2.beginner.3."
    assert turn(html) == "south"
    assert felt(html) == ("The table: 9 cards face up Face up: ♦8 ♠K ♥10 ♠7 ♣J ♥6 ♦Q ♣K ♣Q Turned by South: ♦7 "
                          "♦7 finds no lower diamond, so as a trump it must take a spade or a heart, the player's "
                          "choice of ♠7 ♠K ♥6 ♥10.")
    # each face-up card is a picture with its name for a screen reader
    table_part = re.search(r'<section class="sv-felt[^"]*".*?</section>', html)
    assert table_part
    labels = re.findall(r'role="img" aria-label="([^"]+)"', table_part.group(0))
    assert labels[:3] == ["♦8, eight of diamonds, a trump", "♠K, king of spades", "♥10, ten of hearts"]
    assert len(labels) == 10  # nine face up and the turned card
    assert buttons(html) == [("take S7", "Take ♠7 with ♦7"), ("take SK", "Take ♠K with ♦7"),
                             ("take H6", "Take ♥6 with ♦7"), ("take HT", "Take ♥10 with ♦7")]
    words = text_of(html)
    assert "You turned ♦7. ♦7 finds no lower diamond" in words and "Choose the card to take." in words
    assert "Face down in the pack 42 cards" in words  # 52 - 9 face up - the turned card
    assert "Last to take (sweeps the table at the end) nobody yet" in words
    assert log(html) == ["East deals: nine cards go face up on the table, and South turns the first card of the pack."]
    heads = re.findall(r'<th scope="col">([^<]+)</th>', html)
    assert heads == ["After", "You", "West", "East", "What was scored"]


def test_every_forced_take_is_explained_in_the_log() -> None:
    # Seed 17 at three, South pressing the last button each time; worked by hand from the table above:
    # 1. South takes ♥10 with ♦7 (the last of the four).  Table: ♦8 ♠K ♠7 ♣J ♥6 ♦Q ♣K ♣Q.
    # 2. West turns ♠A: the lower spades are ♠7 and ♠K, a choice; SimpleBot takes the more useful, ♠K.
    # 3. East turns ♠8: only ♠7 is a lower spade, so it must take ♠7.
    # 4. South turns ♦6: ♦8 and ♦Q are higher; the only spade or heart left is ♥6, which it must take.
    # 5. West turns ♣4: ♣J ♣K ♣Q are all higher; it stays.  6. East turns ♦2: no lower diamond, and no spade
    #    or heart is left on the table (♦8 ♣J ♦Q ♣K ♣Q ♣4), so it stays too.
    # 7. South turns ♠J: no spade is on the table; it stays, and the only button is to leave it.
    response = ok(do="new", setup="3", seed="17")
    for _ in range(6):
        response = step(response)
    html = response["html"]
    assert buttons(html) == [("leave", "Leave ♠J face up on the table")]
    assert "You turned ♠J. ♠J stays on the table: no lower spade lies there." in text_of(html)
    assert log(html)[1:] == [
        "South turns ♦7 and takes ♥10 with it. Why: ♦7 finds no lower diamond, so as a trump it must take a spade "
        "or a heart, the player's choice of ♠7 ♠K ♥6 ♥10.",
        "West turns ♠A and takes ♠K with it. Why: ♠A must take one lower spade from the table; the player chooses "
        "among ♠7 ♠K.",
        "East turns ♠8 and takes ♠7 with it. Why: ♠8 must take ♠7, the only lower spade on the table.",
        "South turns ♦6 and takes ♥6 with it. Why: ♦6 finds no lower diamond, so as a trump it must take the only "
        "spade or heart on the table, ♥6.",
        "West turns ♣4 and leaves it face up on the table. Why: ♣4 stays on the table: no lower club lies there.",
        "East turns ♦2 and leaves it face up on the table. Why: ♦2 stays on the table: there is no lower diamond, "
        "and no spade or heart for a trump to take.",
    ]
    words = text_of(html)
    assert "Cards taken South 4, West 2, East 2" in words and "Last to take (sweeps the table at the end) South" in words
    assert "Your cards (4)" in words


def test_a_computer_turn_shows_its_card_and_its_rule_before_it_moves() -> None:
    # After South's first take, West has turned ♠A (worked by hand above: a choice of ♠7 or ♠K).
    response = ok(do="play", game="kn1.17.2.simple.3.", action="take HT")
    html = response["html"]
    assert turn(html) == "computer" and 'data-seat="West"' in html
    assert "West has turned ♠A." in text_of(html)
    assert felt(html).endswith("Turned by West: ♠A ♠A must take one lower spade from the table; the player "
                               "chooses among ♠7 ♠K.")


def test_you_missed_one_a_take_left_is_pointed_out() -> None:
    # "3m": the same deal with "you missed one".  South may leave ♦7 although it must take; West, asked first,
    # points the take out with the card least useful to South (SimpleBot's rule): of ♠7 ♠K ♥6 ♥10 that is ♥6,
    # the lowest.  South then holds ♦7 ♥6, and West turns next as usual.
    first = ok(do="new", setup="3m", seed="17")
    html = first["html"]
    assert buttons(html)[-1] == ("leave", "Leave ♦7 without taking (a missed take)")
    assert "With “you missed one” you may leave it instead" in text_of(html)
    left = ok(do="play", game=first["set"]["game"], action="leave")
    assert turn(left["html"]) == "computer" and "West may point out the take South missed." in text_of(left["html"])
    assert "South left it without taking" in felt(left["html"])
    pointed = ok(do="computer", game=left["set"]["game"])
    lines = log(pointed["html"])
    assert lines[1] == ("South turns ♦7 and leaves it on the table without taking, missing a take the others may "
                        "point out (♦7 finds no lower diamond, so as a trump it must take a spade or a heart, the "
                        "player's choice of ♠7 ♠K ♥6 ♥10).")
    assert lines[2] == "West points out the missed take: South must take ♥6 with ♦7."
    table = read_game_text("knorri", pointed["set"]["game"])
    assert sorted(map(str, table.hand.hands[SOUTH])) == ["D7", "H6"]
    assert table.hand.current_player() == 1


def test_south_may_point_out_a_computers_missed_take() -> None:
    # The computer players never overlook a take, so West's leave is made here on the Table: East is asked
    # first (West's left) and lets it pass; then South is offered each take ♠A could have made, and a pass.
    table = new_table("knorri", "3m", "simple", 17)
    table.apply(table.hand.legal_actions()[-2])  # South takes ♥6 (the take before the leave)
    assert [str(a) for a in table.hand.legal_actions()] == ["take S7", "take SK", "leave"]
    table.apply(table.hand.legal_actions()[-1])  # West leaves ♠A
    table.apply(table.hand.legal_actions()[-1])  # East passes
    response = ok(do="show", game=table.text())
    html = response["html"]
    assert turn(html) == "south"
    assert buttons(html) == [("point S7", "Point out ♠7: West must take it"),
                             ("point SK", "Point out ♠K: West must take it"), ("pass", "Let it pass")]
    assert "West left ♠A on the table without taking." in text_of(html)
    passed = ok(do="play", game=response["set"]["game"], action="pass")
    assert log(passed["html"])[-1] == "South lets the missed take pass, so ♠A stays on the table."


# -- the sweep and phase two --------------------------------------------------------------------------------------


def test_the_last_taker_sweeps_and_phase_two_opens_with_the_club_two() -> None:
    # Seed 16 at four, South played by a SimpleBot: at the end of phase one the log names the seat that took
    # last (read from the moves) as the one sweeping the table, and the holder of ♣2 opens.
    table = new_table("knorri", "4", "simple", 16)
    south = SimpleBot(0, vary=0)
    while table.hand.phase in ("turn", "claim"):
        move(table, south)
    state = table.hand
    takers = [seat for seat, action in table.moves[-1] if action.kind == "take"]
    html = ok(do="show", game=table.text())["html"]
    lines = log(html)
    names = seat_names(4)
    assert lines[-2] == f"The pack is used up: {names[takers[-1]]}, the last to take, takes the cards left on the table."
    assert lines[-1] == "Phase two begins: You holds ♣2 and opens.".replace("You holds", "South holds")
    # South holds ♣2 ♣3 ♣5 ♣6 (the engine's collection): the openings are ♣2 alone (a card in the hand) or
    # ♣2 ♣3 together (a button); ♣5 cannot go with them, as ♣4 is missing.
    assert sorted(str(c) for c in state.hands[SOUTH] if c.suit.name == "CLUBS") == ["C2", "C3", "C5", "C6"]
    assert buttons(html)[0] == ("play C2 C3", "Open with ♣2 ♣3, a run counting as one card")
    assert ("play C2", "Play ♣2, two of clubs") in buttons(html)
    assert "You hold ♣2 and open phase two" in text_of(html)
    assert "South : " not in html and "What each player held" not in html
    refused = re.search(r'data-card="C5" aria-disabled="true" data-refusal="([^"]+)"', html)
    assert refused and "Phase two opens with ♣2" in refused.group(1)
    opened = ok(do="play", game=table.text(), action="play C2 C3")
    assert log(opened["html"])[-1] == "South opens phase two with ♣2 ♣3, a run of clubs that counts as one card of the trick."
    assert "The trick, bottom first: 1 of 4 South: ♣2 ♣3" in felt(opened["html"])


def test_phase_two_beat_or_pick_up_with_the_trick_shown_bottom_first() -> None:
    # Play seed 16 at four until South must answer a trick; the felt lists the trick's cards with their seats, the
    # prompt and buttons offer each beating card and the pick-up of the bottom card, and a card that cannot beat
    # says why (the engine's reason), e.g. a club never beats a spade, heart or diamond.
    table = new_table("knorri", "4", "simple", 16)
    south = SimpleBot(0, vary=0)
    while not (table.hand.phase == "play" and table.hand.current_player() == SOUTH and table.hand.trick_cards
               and len(table.hand.trick_cards) >= 2):
        move(table, south)
    state = table.hand
    html = ok(do="show", game=table.text())["html"]
    trick = state.trick_cards
    top, bottom = trick[-1][-1], trick[0][0]
    shown = felt(html)
    assert shown.startswith(f"The trick, bottom first: {len(trick)} of {state.trick_size}")
    assert f"The top card, {top.symbol}, is the one to beat; a player who does not beat it picks up the bottom card, " \
           f"{bottom.symbol}." in shown
    assert ("pick up", f"Pick up {bottom.symbol}, the bottom card") in buttons(html)
    for card in state.hands[SOUTH]:
        refused = re.search(rf'data-card="{card}" aria-disabled="true" data-refusal="([^"]+)"', html)
        if refused:
            assert f"cannot beat {top.symbol}" in refused.group(1).replace("&#x27;", "'")
    picked = ok(do="play", game=table.text(), action="pick up")
    assert log(picked["html"])[-1].startswith(f"South picks up the bottom card of the trick, {bottom.symbol}")


# -- whole games --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("setup, seed", [("3", 4), ("4m", 9)])
def test_a_whole_hand_through_the_widget(setup: str, seed: int) -> None:
    response = ok(do="new", setup=setup, seed=str(seed))
    for _ in range(3_000):
        if turn(response["html"]) in ("next", "over"):
            break
        response = step(response)
    html = response["html"]
    assert turn(html) in ("next", "over")
    table = read_game_text("knorri", response["set"]["game"])
    hand = table.hand
    assert hand.is_terminal() and hand.loser >= 0
    names = table.names
    words = text_of(html)
    assert f"{names[hand.loser]} still holds cards: the hörri, who loses." in words
    assert "What each player held when phase two began" in words
    lines = log(html)
    assert lines[-1] == f"Only {names[hand.loser]} still holds cards: {names[hand.loser]} is the hörri and loses."
    # every action is in the log in words, the computers' too, each line naming its seat
    moves = [line for line in lines if any(line.startswith(n + " ") for n in names)]
    assert len(moves) >= len(table.moves[-1])
    # what the rules did by themselves: the sweep, tricks completed, players going out (skipped from then on)
    assert sum(1 for line in lines if line.startswith("The pack is used up: ")) == 1
    assert any(line.startswith("The trick has its ") and line.endswith("it is set aside.") for line in lines)
    assert sum(1 for line in lines if line.endswith("has no cards left and is out: safe.")) == len(hand.out)
    sheet = table.match.sheet_lines()
    assert sum(sheet[-1].totals) == 0 and sheet[-1].totals == tuple(hand.returns())


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_a_whole_session_at_every_table_size(players: int) -> None:
    table = whole_session(str(players), 100 + players)
    match = table.match
    assert match.over and len(match.hands) == SESSION_HANDS[players]
    assert len(table.text()) < 1_900  # the record fits in a link
    response = ok(do="show", game=table.text())
    html = response["html"]
    assert turn(html) == "over"
    assert html == render(read_game_text("knorri", table.text()))
    names = seat_names(players)
    heads = re.findall(r'<th scope="col">([^<]+)</th>', html)
    assert heads == ["After", "You", *names[1:], "What was scored"]
    words = text_of(html)
    assert "The game is over." in words and "the session" in words
    for line in match.sheet_lines():
        assert sum(line.totals) == 0
    best = max(match.sheet.totals)
    assert f"+{best}" in words
    # an earlier hand's log is asked for separately
    if len(match.hands) > 1:
        earlier = ok(do="log", game=table.text(), hand="0")["html"]
        assert earlier.startswith('<ol class="sv-log"') and "deals: nine cards go face up" in earlier


def test_seat_names_go_clockwise_from_south_at_every_size() -> None:
    assert seat_names(5) == ("South", "West", "North-west", "North-east", "East")
    assert seat_names(7) == ("South", "South-west", "West", "North-west", "North-east", "East", "South-east")
    assert seat_names(8) == ("South", "South-west", "West", "North-west", "North", "North-east", "East", "South-east")
    kind = kind_of("knorri")  # kept apart: its module loads when first asked for
    assert [v for v, _ in kind.setups] == ["3", "4", "5", "6", "7", "8", "3m", "4m", "5m", "6m", "7m", "8m"]
    assert [kind.players_of(v) for v, _ in kind.setups] == [3, 4, 5, 6, 7, 8] * 2


def test_undo_takes_back_souths_last_action() -> None:
    first = ok(do="new", setup="3", seed="17")
    taken = ok(do="play", game=first["set"]["game"], action="take SK")
    after = ok(do="computer", game=taken["set"]["game"])
    back = ok(do="undo", game=after["set"]["game"])
    assert back["set"]["game"] == "kn1.17.2.beginner.3."
    assert turn(back["html"]) == "south"


# -- refusals -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("params, said", [
    ({"do": "new", "setup": "9"}, "The table deals Knorri only in the ways its Game list offers: choose one there."),
    ({"do": "new", "setup": "3", "level": "master"}, "The computer players' level is Beginner, Club or Expert."),
    ({"do": "new", "seed": "x"}, "The seed of a new game is a whole number, like 42."),
    ({"do": "play", "game": "kn1.17.2.simple.3.", "action": "take D8"}, "♦7 cannot take ♦8: only a lower diamond can be "
                                                                       "taken."),
    ({"do": "play", "game": "kn1.17.2.simple.3.", "action": "take SA"}, "♠A is not face up on the table."),
    ({"do": "play", "game": "kn1.17.2.simple.3.", "action": "leave"}, "The turned card may not stay on the table: ♦7 "
                                                                     "finds no lower diamond"),
    ({"do": "play", "game": "kn1.17.2.simple.3.", "action": "fold"}, "That is not one of your choices now: choose from "
                                                                    "the buttons and cards on offer."),
    ({"do": "play", "game": "kn1.17.2.simple.3.3", "action": "take SK"}, "It is West's turn, not yours."),
    ({"do": "computer", "game": "kn1.17.2.simple.3."}, "It is your turn, not the computer's."),
    ({"do": "next", "game": "kn1.17.2.simple.3."}, "The hand is not over yet: play it out first."),
    ({"do": "play", "game": "kn1.17.2.simple.3.z"}, "This Knorri game's record cannot be read: move 1 of hand 1 is not "
                                                    "one the rules allowed there."),
    ({"do": "show", "game": "b1.17.2.simple.4."}, "This Knorri game's record cannot be read: it is not the record of a "
                                                  "Knorri game at this table."),
    ({"do": "show", "game": "kn1.17.2.simple.9."}, "This Knorri game's record cannot be read: it is for a way of playing "
                                                   "Knorri this table does not deal."),
    ({"do": "show", "game": "kn1.17.3.simple.3."}, "This Knorri game's record cannot be read: its first dealer is not "
                                                   "one of the three seats."),
])
def test_refusals_are_said_in_the_games_words(params: dict[str, str], said: str) -> None:
    response = ask(**params)
    assert not response["ok"]
    assert response["error"].startswith(said), response["error"]


def test_the_alphabet_is_never_outgrown() -> None:
    # A lead from the largest hand offers one action a face: at most 51 (another player holds a card), under
    # the 62 characters the game text writes one action with.  Checked along whole games at eight.
    table = new_table("knorri", "8", "simple", 3)
    most = 0
    while not table.hand.is_terminal():
        most = max(most, len(table.hand.legal_actions()))
        move(table)
    assert most <= 52 < len(ALPHABET) == 62


def test_a_card_in_the_felt_and_the_hand_is_named_for_a_screen_reader() -> None:
    html = ok(do="new", setup="5", seed="2")["html"]
    assert re.search(r'aria-label="♦\w, \w+ of diamonds, a trump"', html)
    assert all(Card.parse(c) for c in re.findall(r'data-card="(\w\w)"', html))


def test_a_game_kept_at_the_simple_level_opens_at_the_beginner() -> None:
    # Before the club and expert levels, the one level was called "simple": a kept game's text names it.
    shown = ok(do="show", game="kn1.17.2.simple.3.")
    assert shown["set"]["game"] == "kn1.17.2.beginner.3."
    assert shown == ok(do="show", game="kn1.17.2.beginner.3.")


@pytest.mark.parametrize("level", ["club", "expert"])
def test_the_stronger_levels_play_at_the_table(level: str) -> None:
    table = new_table("knorri", "3", level, 17)
    first = ok(do="new", setup="3", level=level, seed="17")
    assert first["set"]["game"] == f"kn1.17.2.{level}.3."
    played = ok(do="play", game=first["set"]["game"], action="take SK")
    after = ok(do="computer", game=played["set"]["game"])
    assert after["set"]["game"].startswith(f"kn1.17.2.{level}.3.")
    assert table.level == level
    why = ok(do="why", game=after["set"]["game"], move="0.1")["html"]
    assert why.startswith('<p class="sv-why-said"><strong>West\'s reasoning:</strong> ')
