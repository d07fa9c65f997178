"""Vira at the table (stytvolt.web.table, the Kind ``vira`` of stytvolt.vira.table): whole sessions through the
widget's answers, every request carrying the whole game as text, as the page drives it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from stytvolt.web import handle
from stytvolt.web.table import SOUTH, WIDE, kind_of, read_game_text


def ask(**params: str) -> dict[str, Any]:
    return handle({"game": "vira", "widget": "table", "params": params})


def ok(**params: str) -> dict[str, Any]:
    response = ask(**params)
    assert response["ok"], response
    return response


def refused(**params: str) -> str:
    response = ask(**params)
    assert not response["ok"], response
    return str(response["error"])


def turn(html: str) -> str:
    found = re.search(r'class="sv-table"[^>]*data-turn="(\w+)"', html)
    assert found, html[:300]
    return found.group(1)


def buttons(html: str) -> list[str]:
    """South's actions on offer, in the order the page shows them."""
    return re.findall(r'data-do="play" data-action="([^"]+)"', html)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", ".")


def prompt(html: str) -> str:
    found = re.search(r'<p class="sv-table-prompt">(.*?)</p>', html)
    assert found, html[:300]
    return re.sub(r"<[^>]+>", "", found.group(1)).replace("&#x27;", "'")


def computers(response: dict[str, Any]) -> dict[str, Any]:
    while turn(response["html"]) == "computer":
        response = ok(do="computer", game=response["set"]["game"])
    return response


def step(response: dict[str, Any]) -> dict[str, Any]:
    """One request, as the page would make it next (South pressing the first button on offer)."""
    html, text = response["html"], response["set"]["game"]
    state = turn(html)
    if state == "next":
        return ok(do="next", game=text)
    if state == "computer":
        return ok(do="computer", game=text)
    assert state == "south", state
    return ok(do="play", game=text, action=buttons(html)[0])


def test_vira_is_at_the_table() -> None:
    assert kind_of("vira").code == "v1" and kind_of("vira").title == "Vira"  # kept apart: loaded when first asked for


def test_a_new_hand_asks_eldest_to_open_with_every_bid_by_kind() -> None:
    # Seed 5: East (seat 2) deals, so South is eldest and speaks first; the cut ♥9 makes hearts preference and
    # diamonds colour.  Eldest may not pass: all 80 bids are offered (20 contracts in three classes, 20 in one),
    # folded by the eight kinds of contract in the order of their lowest contract, the draws open.
    first = ok(do="new", setup="3", seed="5")
    assert first == ok(do="new", setup="3", seed="5")
    html = first["html"]
    assert first["set"]["game"] == "v1.5.2.beginner.3." and turn(html) == "south"
    assert prompt(html) == (
        "You are eldest: open the auction with a bid (eldest may not pass). Preference is ♥ hearts, colour ♦ "
        "diamonds: a bid in preference promises hearts as trumps, in colour hearts or diamonds; a bid with no class "
        "may be played in any suit.")
    offered = buttons(html)
    assert len(offered) == 80 and offered[0] == "bid Beg" and "bid Solo Vira in preference" in offered
    assert "pass" not in offered
    heads = re.findall(r'<details class="sv-table-group"( open)?><summary>([^<]*)</summary>', html)
    assert [h for _, h in heads] == [
        "Draw (köp): exchange with the talon, then win 6 to 9 tricks",
        "Turn-up, vingel, tringel: trumps turned from the talon",
        "Gask: keep a few cards, take the talon, then trumps or a misère",
        "Cuckoo (gök): take the talon, lose every trick, hand open",
        "Misère with discards (köpmisär): exchange, then lose every trick",
        "Solo: your own trumps, no exchange",
        "Vira: take the talon and win all 13",
        "Solo misère: lose every trick, with at most one card laid away",
    ]
    assert [bool(o) for o, _ in heads] == [True] + [False] * 7
    words = text_of(html)
    # Each bid says its place in the table and the trumps its class allows.
    for label in ("Bid Beg (no. 1; trumps: any suit)", "Bid Draw 7 in colour (no. 3; trumps: hearts or diamonds)",
                  "Bid Solo 9 in preference (no. 31; trumps: hearts)", "Bid Vingel 7 (no. 11)",
                  "Bid Solo grande misère (no. 32)"):
        assert label in words
    assert "The cut ♥9: preference ♥ hearts, colour ♦ diamonds, off-colour ♠ ♣" in words
    # South's thirteen cards, hearts first, then diamonds, then the off-colour suits; each says its suit's class.
    table = read_game_text("vira", first["set"]["game"])
    assert sorted(map(str, table.hand.hands[SOUTH])) == sorted("S2 S3 S7 S8 SJ H4 D2 D4 D8 DT C3 C7 CT".split())
    faces = re.findall(r'data-card="(\w\w)"', html)
    assert faces == "H4 DT D8 D4 D2 SJ S8 S7 S3 S2 CT C7 C3".split()
    assert 'aria-label="♥4, four of hearts, preference"' in html
    assert 'aria-label="♣3, three of clubs, off-colour"' in html
    for seat in (1, 2):
        for card in table.hand.hands[seat]:
            assert f'data-card="{card}"' not in html
    assert "You: points" in words and "The pot: chips" in words
    assert "Each player puts 2 chips into the pot, which holds 6" in words


def test_a_bid_past_the_62nd_is_written_with_two_characters_and_a_surrender_is_paid() -> None:
    # South opens the highest bid there is, Solo Vira in preference: the 80th on offer, place 79, written as WIDE and
    # the 18th character (79 - 62 = 17: "H").  Nobody can overcall it and neither may hold (both are younger), so
    # both pass and South names the one suit preference allows, hearts.
    response = ok(do="play", game="v1.5.2.beginner.3.", action="bid Solo Vira in preference")
    assert response["set"]["game"] == f"v1.5.2.beginner.3.{WIDE}H"
    response = computers(response)
    assert response["set"]["game"] == f"v1.5.2.beginner.3.{WIDE}H00"
    html = response["html"]
    assert prompt(html) == "Name trumps: your bid, Solo Vira in preference, promised hearts."
    assert buttons(html) == ["trump H"] and "Trumps: ♥ hearts (preference)" in text_of(html)
    log = text_of(html).split("What happened in hand 1")[1]
    assert "South opens the auction with Solo Vira in preference (no. 40; trumps: hearts)." in log
    assert "West passes, and is out of the auction." in log
    assert "Two have passed: South is the soloist, to play Solo Vira in preference." in log
    response = ok(do="play", game=response["set"]["game"], action="trump H")
    html = response["html"]
    assert prompt(html).startswith("Play Solo Vira in preference with ♥ hearts as trumps, or surrender now (you pay "
                                   "as for a lost game, the chips doubled for a solo). Solo Vira: without exchanging")
    assert buttons(html) == ["play", "surrender"]  # a solo has no second try
    # Surrendered, Solo Vira pays at the class it was bid in (preference: 128 points to each opponent, the
    # table's rates 32/64/128) and a single loss's chip, doubled for a solo (ruling R77): 2 chips into the pot.
    done = ok(do="play", game=response["set"]["game"], action="surrender")
    assert turn(done["html"]) == "next"
    table = read_game_text("vira", done["set"]["game"])
    assert table.match.sheet_lines()[-1].totals == (-256, 128, 128, -4, -2, -2, 8)
    words = text_of(done["html"])
    assert "South surrenders Solo Vira in preference before play, paying as for a lost game." in words
    assert "The pot holds 8 chips now." in words
    # Undo takes the surrender back; once more, and South's opening bid (two characters) goes with the passes.
    back = ok(do="undo", game=done["set"]["game"])
    assert back["set"]["game"] == f"v1.5.2.beginner.3.{WIDE}H000" and turn(back["html"]) == "south"
    assert buttons(back["html"]) == ["play", "surrender"]
    again = ok(do="undo", game=back["set"]["game"])
    assert again["set"]["game"] == f"v1.5.2.beginner.3.{WIDE}H00"
    assert ok(do="undo", game=again["set"]["game"])["set"]["game"] == "v1.5.2.beginner.3."


def test_holding_and_a_refused_bid_says_what_overcalls_what() -> None:
    # Seed 5: South opens Beg, West passes and East bids Solo 6 (no. 15).  South, elder than East, may hold it.
    response = computers(ok(do="play", game="v1.5.2.beginner.3.", action="bid Beg"))
    html, text = response["html"], response["set"]["game"]
    assert prompt(html).startswith(
        "The bid to beat: Solo 6 by East (no. 15). Bid higher (a contract later in the table, or the same one in a "
        "better class: preference over colour over off-colour), hold it (you are elder than East, so matching it is "
        "enough), or pass for good.")
    assert buttons(html)[:3] == ["pass", "hold", "bid Solo 6 in colour"]
    assert "Hold Solo 6 (match it)" in text_of(html)
    assert refused(do="play", game=text, action="bid Beg") == (
        "Beg does not overcall Solo 6: it stands at number 1 in the contract "
        "table, below number 15.")
    assert refused(do="play", game=text, action="bid Solo 6") == (
        "Solo 6 only equals Solo 6: a later player must bid higher, and only "
        "a player elder than the one who made a bid may hold it by matching it.")
    held = ok(do="play", game=text, action="hold")
    assert "South holds Solo 6: elder than the bidder, so matching it is enough." in text_of(held["html"])


def test_a_draw_step_by_step() -> None:
    # Seed 1: the cut ♥7 (hearts preference, diamonds colour).  South opens Beg and both pass, so South plays Beg:
    # name trumps (any suit, as Beg was bid with no class), lay away at least one card and draw as many.
    response = computers(ok(do="play", game="v1.1.2.beginner.3.", action="bid Beg"))
    html = response["html"]
    assert prompt(html) == "Name trumps: any suit, as your bid Beg named no class."
    assert buttons(html) == ["trump S", "trump H", "trump D", "trump C"]
    response = ok(do="play", game=response["set"]["game"], action="trump D")
    html = response["html"]
    assert prompt(html) == ("Exchange: press the cards to lay away, one at a time (at least one), then Draw to take "
                            "as many from the top of the talon.")
    # Every card may be laid away, by pressing it; no Draw yet.
    offered = buttons(html)
    assert len(offered) == 13 and all(a.startswith("discard ") for a in offered)
    assert 'aria-label="Lay away ♣3, three of clubs, off-colour"' in html
    assert "<dt>Trumps</dt><dd>♦ diamonds</dd>" in html
    response = ok(do="play", game=response["set"]["game"], action="discard C3")
    html = response["html"]
    assert prompt(html).endswith("Laid away so far: 1.") and buttons(html)[0] == "draw"
    assert "Draw 1 from the talon" in text_of(html)
    response = ok(do="play", game=response["set"]["game"], action="discard C7")
    response = ok(do="play", game=response["set"]["game"], action="draw")
    html = response["html"]
    # The talon's top two, ♠4 and ♦6, come in; the facts show what South laid away.
    table = read_game_text("vira", response["set"]["game"])
    hand = set(map(str, table.hand.hands[SOUTH]))
    assert {"S4", "D6"} <= hand and not {"C3", "C7"} & hand
    words = text_of(html)
    assert "You laid away ♣7 ♣3" in words
    assert "South lays away ♣3." in words and "South draws 2 cards from the talon." in words
    assert prompt(html).startswith("Play Beg with ♦ diamonds as trumps, or buy a second try (the first is paid at "
                                   "once as lost), or surrender now (you pay as for a lost game). Beg: name the trump")
    assert buttons(html) == ["play", "surrender", "retry"]
    # A second try: trumps are named again.
    retry = ok(do="play", game=response["set"]["game"], action="retry")
    assert prompt(retry["html"]) == "Second try: name trumps: any suit, as your bid Beg named no class."
    assert "South buys a second try" in text_of(retry["html"])
    # Played instead: the opponents exchange (their cards laid away are not named), then play begins.
    response = computers(ok(do="play", game=response["set"]["game"], action="play"))
    words = text_of(response["html"])
    assert "Play begins: South, eldest, leads to the first of 13 tricks; South must win at least 6." in words
    assert prompt(response["html"]) == "Your lead to trick 1 of 13."
    assert not re.search(r"(West|East) lays away [♠♥♦♣]", words)
    for _ in range(200):
        if turn(response["html"]) == "next":
            break
        response = step(response)
    table = read_game_text("vira", response["set"]["game"])
    s = table.hand.settlement()
    assert s is not None and table.match.sheet_lines()[-1].totals[:3] == s.points
    assert "The hand is over" in response["html"]
    # Now the hand is over, the opponents' cards laid away are named, each where it was laid away, and South's
    # still say "lays away".
    words = text_of(response["html"])
    for seat, name in ((1, "West"), (2, "East")):
        laid = [str(a.card.symbol) for s_, a in table.moves[0] if s_ == seat and a.kind == "discard"]
        assert laid and re.findall(rf"{name} lays ([♠♥♦♣][2-9TJQKA]) away face down\.", words) == laid
    assert "a card away face down" not in words and "South lays away ♣3." in words


def test_following_suit_is_explained_on_the_cards() -> None:
    # Play on seed 1 until South must follow to a lead: the cards of another suit are refused with the reason.
    response = computers(ok(do="play", game="v1.1.2.beginner.3.", action="bid Beg"))
    for action in ("trump D", "discard C3", "draw", "play"):
        response = ok(do="play", game=response["set"]["game"], action=action)
    for _ in range(200):
        response = computers(response)
        state = read_game_text("vira", response["set"]["game"]).hand
        if state.current and any(c.suit is state.current[0].suit for c in state.hands[SOUTH]) and \
                any(c.suit is not state.current[0].suit for c in state.hands[SOUTH]):
            break
        response = step(response)
    led = state.current[0].suit
    html = response["html"]
    assert prompt(html).endswith(f"was led; you hold {led.english}, so you must play one.")
    refusals = re.findall(r'data-card="(\w\w)" aria-disabled="true" data-refusal="([^"]+)"', html)
    assert refusals and all(card[0] != led.letter for card, _ in refusals)
    assert all(led.english in why for _, why in refusals)


def test_four_players_one_sitting_out() -> None:
    # At four, the player on the dealer's right sits out: East deals first, so North sits out and South is eldest;
    # in the third hand (dealt by West) South sits out and the computer plays the whole hand.
    response = ok(do="new", setup="4", seed="3")
    words = text_of(response["html"])
    assert "Sitting out North" in words
    assert re.findall(r'<th scope="col">([^<]*)</th>', response["html"])[1:10] == [
        "You: points", "West: points", "North: points", "East: points",
        "You: chips", "West: chips", "North: chips", "East: chips", "The pot: chips"]
    hands = 1
    while hands < 3:
        response = step(response)
        hands = len(read_game_text("vira", response["set"]["game"]).match.hands)
    html = response["html"]
    assert "Sitting out You" in text_of(html) and turn(html) == "computer"
    assert "Your cards (0)" in text_of(html)
    assert re.search(r"(West|North|East) is bidding\.", text_of(html))


def test_a_whole_session_through_the_widget() -> None:
    response = ok(do="new", setup="3", seed="5")
    for _ in range(3000):
        if turn(response["html"]) == "over":
            break
        response = step(response)
    table = read_game_text("vira", response["set"]["game"])
    assert table.match.over and table.hand.is_terminal()
    sheet = table.match.sheet
    assert sheet.pot <= 0 or len(table.match.hands) == 9
    words = text_of(response["html"])
    assert "The game is over." in words and "Start a new game" in words
    for p, name in enumerate(("South", "West", "East")):
        assert f"{name}: " in words and f"{sheet.standing(p)} in all" in words
    # The log of an earlier hand, asked for on its own.
    log = ok(do="log", game=response["set"]["game"], hand="0")
    assert "Two have passed:" in log["html"]
    assert refused(do="next", game=response["set"]["game"]) == "The game is over: start a new game."


def test_a_game_kept_at_the_level_once_called_simple_opens_at_the_beginner() -> None:
    # Before Vira had its club and expert players, its one level was "simple": a game kept then still opens, at
    # the beginner (the same rules-of-thumb player), and is written under the new name from then on.
    text = computers(ok(do="play", game="v1.5.2.beginner.3.", action="bid Beg"))["set"]["game"]
    old = text.replace(".beginner.", ".simple.", 1)
    table = read_game_text("vira", old)
    assert table.level == "beginner" and table.text() == text
    assert ok(do="show", game=old)["html"] == ok(do="show", game=text)["html"]


def test_an_expert_table_plays_a_hand_and_says_why() -> None:
    from stytvolt.analysis.players import SamplingPlayer

    response = ok(do="new", setup="3", seed="5", level="expert")
    assert response["set"]["game"] == "v1.5.2.expert.3."
    for _ in range(400):  # South plays the first button each time: one hand to its end
        if turn(response["html"]) in ("next", "over"):
            break
        response = step(response)
    table = read_game_text("vira", response["set"]["game"])
    assert isinstance(table.computer(1), SamplingPlayer) and table.match.hands[0].is_terminal()
    assert 'class="sv-why"' in response["html"]
    assert [name for name, _ in kind_of("vira").levels] == ["beginner", "club", "expert"]


@pytest.mark.parametrize("params, error", [
    ({"do": "show", "game": "v1.5.2.beginner.3.~"}, "This Vira game's record cannot be read: move 1 of hand 1 is not one the "
                                                  "rules allowed there."),
    ({"do": "show", "game": "v1.5.2.beginner.3._"}, "This Vira game's record cannot be read: move 1 of hand 1 is not one"),
    ({"do": "show", "game": "v1.5.2.beginner.3._z"}, "This Vira game's record cannot be read: move 1 of hand 1 is not one"),
    ({"do": "show", "game": "v1.5.2.beginner.5."}, "This Vira game's record cannot be read: it is for a way of playing "
                                                 "Vira this table does not deal."),
    ({"do": "new", "setup": "2"}, "The table deals Vira only in the ways its Game list offers: choose one there."),
    ({"do": "play", "game": "v1.5.2.beginner.3.0", "action": "pass"}, "It is West's turn, not yours."),
    ({"do": "play", "game": "v1.5.2.beginner.3.", "action": "pass"},
     "South is eldest and speaks first, and may not pass: the auction opens with a bid."),
    ({"do": "play", "game": "v1.5.2.beginner.3.", "action": "bid Solo 7 in purple"},
     "That is not one of your choices now: choose from the buttons and cards on offer."),
    ({"do": "play", "game": "v1.5.2.beginner.3.", "action": "card HA"}, "♥A is not in your hand."),
    ({"do": "computer", "game": "v1.5.2.beginner.3."}, "It is your turn, not the computer's."),
    ({"do": "log", "game": "v1.5.2.beginner.3.", "hand": "3"}, "That hand is not in this game's log: it has 1 hand."),
])
def test_refusals_are_said_in_the_games_words(params: dict[str, str], error: str) -> None:
    assert refused(**params).startswith(error)
