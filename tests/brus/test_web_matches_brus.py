"""Brus at the table against the computer (stytvolt.web.table, the Kind ``brus`` of stytvolt.brus.table): whole games through the widget.

The table is driven as the page drives it: South presses the first button on
offer (a pass when that is all South may do, else the highest card that may
be played, as the cards are laid out highest first), the computer seats move
one request at a time, and every request carries the whole game as text.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from stytvolt.brus.cards import CLUB_KING, PACK, SEVENS, power
from stytvolt.web import handle
from stytvolt.brus.table import BRUS
from stytvolt.web.table import ALPHABET, KINDS, SOUTH, Table, computer_seed, new_table, read_game_text


def ask(**params: str) -> dict[str, Any]:
    return handle({"game": "brus", "widget": "table", "params": params})


def ok(**params: str) -> dict[str, Any]:
    response = ask(**params)
    assert response["ok"], response
    return response


def turn(html: str) -> str:
    found = re.search(r'class="sv-table"[^>]*data-turn="(\w+)"', html)
    assert found, html[:300]
    return found.group(1)


def buttons(html: str) -> list[str]:
    """South's actions on offer, in the order the page shows them."""
    return re.findall(r'data-do="play" data-action="([^"]+)"', html)


def text_of(html: str) -> str:
    """The page's words, tags dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def step(response: dict[str, Any]) -> dict[str, Any]:
    """One request, as the page would make it next."""
    html, text = response["html"], response["set"]["game"]
    state = turn(html)
    if state == "next":
        return ok(do="next", game=text)
    if state == "computer":
        return ok(do="computer", game=text)
    assert state == "south", state
    return ok(do="play", game=text, action=buttons(html)[0])


def play_on(response: dict[str, Any], *, deals: int) -> dict[str, Any]:
    """Drive the table until ``deals`` deals are over (or the game is)."""
    done = 0
    for _ in range(5_000):
        state = turn(response["html"])
        if state == "over":
            return response
        if state == "next":
            done += 1
            if done >= deals:
                return response
        response = step(response)
    raise AssertionError("the game did not move on")


def fast_game(setup: str, seed: int) -> Table:
    """The same game as :func:`play_on` plays, on the Table itself (no text round trip): for searching seeds."""
    table = new_table("brus", setup, "simple", seed)
    while True:
        state = table.hand
        if state.is_terminal():
            if table.match.over:
                return table
            table.deal()
            continue
        seat = state.current_player()
        if seat == SOUTH:
            legal = state.legal_actions()
            action = max(legal, key=lambda a: power(a.card) if a.card is not None else -1)
        else:
            bot = table.kind.bot(table.level, computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1])))
            action = bot.choose(state.observation(seat))
        table.apply(action)


# -- a new game --------------------------------------------------------------------------------------------------


def test_a_new_deal_shows_souths_cards_by_role_and_south_leads() -> None:
    # Seed 5 at four deals South ♣J ♥J ♠6 ♥6 ♠K ♥T ♦8 ♦K ♣T (the engine's shuffle; the rest is worked by hand).
    # East (seat 3, on South's right) deals, so South comes to the lead first and holds no seven.  The live
    # cards are ♣J (Spit, the first matador), ♥J, ♠6, ♥6; the other five are duds, never playable.
    first = ok(do="new", setup="4", seed="5")
    assert first == ok(do="new", setup="4", seed="5")  # the seed fixes the deal
    html = first["html"]
    assert turn(html) == "south"
    assert first["set"]["game"] == "b1.5.3.beginner.4."
    table = read_game_text("brus", first["set"]["game"])
    assert sorted(map(str, table.hand.hands[SOUTH])) == sorted("CJ HJ S6 H6 SK HT D8 DK CT".split())
    # Laid out as they rank: Spit, then ♥J, ♠6, ♥6, then the duds.  The live cards are the buttons.
    assert buttons(html) == ["CJ", "HJ", "S6", "H6"]
    assert 'aria-label="Play ♣J, jack of clubs, Spit, the 1st matador"' in html
    for dud in "SK HT D8 DK CT".split():
        found = re.search(rf'data-card="{dud}" aria-disabled="true" data-refusal="([^"]+)"', html)
        assert found and "is a dud: duds can never be played" in found.group(1), dud
    assert 'data-refusal="♣K' not in html  # South does not hold ♣K
    words = text_of(html)
    assert "Your lead: play any of your live cards." in words
    assert "Sides You and North against West and East" in words
    assert "Tricks toward six You and North 0, West and East 0" in words
    assert "Live cards not yet played 18 of 18" in words
    assert "The stroke sheet (strokes; six win the game)" in words
    # Nobody else's cards are on the page.
    for seat in range(1, 4):
        for card in table.hand.hands[seat]:
            assert f'data-card="{card}"' not in html


def test_the_first_deal_of_seed_5_as_the_rules_play_it() -> None:
    # Worked from the deal (South ♣J ♥J ♠6 ♥6 + duds; West ♠8 ♥9 ♦9 ♦A ♣6 and all four sevens; North ♥K ♠A ♥A
    # ♠J ♦J ♦6 + duds; East ♣9 ♠9 ♣A + duds):
    # 1. South leads Spit; nothing beats it, so West, North and East must pass; South's side has 1 trick.
    # 2. South leads again (♥J, the highest card on offer).  West may beat with ♠8, ♥9, ♦9 or ♦A; with North
    #    still to play, the simple player takes the sure trick with Dull (only Spit, gone, is higher), which
    #    neither North (♥K is below Dull) nor East can beat.  West comes to the lead and lays out all four
    #    sevens at once: 1 + 4 = 5 tricks for West and East.
    response = ok(do="new", setup="4", seed="5")
    response = ok(do="play", game=response["set"]["game"], action="CJ")
    for _ in range(3):
        assert turn(response["html"]) == "computer"
        response = step(response)
    log = text_of(response["html"]).split("What happened in deal 1")[1]
    assert "South leads ♣J (Spit)." in log
    for seat in ("West", "North", "East"):
        assert f"{seat} passes, holding nothing higher than ♣J (Spit)." in log
    assert "South wins the trick with ♣J (Spit): nobody could beat it; you and North have 1 toward six." in log
    # The felt shows the finished trick with its three passes.
    felt = re.search(r'<section class="sv-felt[^"]*"(.*?)</section>', response["html"]).group(1)  # type: ignore[union-attr]
    assert "The last trick, won by South" in felt and felt.count("passes") == 3
    response = play_on(response, deals=1)
    log = text_of(response["html"]).split("What happened in deal 1")[1]
    assert "West beats ♥J with ♠8 (Dull)." in log
    sevens = [f"West lays out {c} as well" for c in ("♥7", "♠7", "♦7")]
    assert "West comes to the lead and lays out ♣7: a seven is a trick won, so West and East have 2 toward six." in log
    for said in sevens:
        assert said in log
    assert "West and East have 5 toward six" in log
    words = text_of(response["html"])
    assert "Sevens laid out ♣7 by West, ♥7 by West, ♠7 by West, ♦7 by West" in words
    assert "The deal is over" in words


# -- pass, and refusals ---------------------------------------------------------------------------------------


def _south_to_answer_a_lead(seed_range: range, *, can_beat: bool) -> dict[str, Any]:
    """Play on until South is to answer someone else's lead, able (or unable) to beat it."""
    for seed in seed_range:
        response = ok(do="new", setup="4", seed=str(seed))
        for _ in range(200):
            html = response["html"]
            state = read_game_text("brus", response["set"]["game"]).hand
            if turn(html) == "south" and state.highest is not None:
                if (buttons(html) != ["pass"]) == can_beat:
                    return response
            if turn(html) in ("next", "over"):
                break
            response = step(response)
    raise AssertionError("no such position in the seeds tried")


def test_pass_is_the_one_button_when_nothing_beats() -> None:
    response = _south_to_answer_a_lead(range(40), can_beat=False)
    html, text = response["html"], response["set"]["game"]
    state = read_game_text("brus", text).hand
    highest = state.highest
    assert buttons(html) == ["pass"]
    # Every card in South's hand is refused, each with its reason: too low, a seven, or a dud.
    for card in state.hands[SOUTH]:
        found = re.search(rf'data-card="{card}" aria-disabled="true" data-refusal="([^"]+)"', html)
        assert found, card
        reason = found.group(1)
        if card in SEVENS:
            assert "is a seven" in reason
        elif power(card) == 0:
            assert "is a dud" in reason
        else:
            assert power(card) < power(highest) and "does not beat" in reason
    assert f'>Pass: nothing you hold beats {highest.symbol}' in html
    assert f"Nothing you hold beats {highest.symbol}" in text_of(html)
    # A card is refused through the request too, naming the rule, and nothing changes.
    live = [c for c in state.hands[SOUTH] if power(c) > 0]
    if live:
        refused = ask(do="play", game=text, action=str(live[0]))
        assert not refused["ok"] and "does not beat" in refused["error"]
    passed = ok(do="play", game=text, action="pass")
    assert f"South passes, holding nothing higher than {highest.symbol}" in text_of(passed["html"])


def test_a_player_who_can_beat_may_not_pass() -> None:
    response = _south_to_answer_a_lead(range(40), can_beat=True)
    html, text = response["html"], response["set"]["game"]
    assert "pass" not in buttons(html)
    highest = read_game_text("brus", text).hand.highest
    assert f"Beat {highest.symbol}" in text_of(html)
    refused = ask(do="play", game=text, action="pass")
    assert not refused["ok"] and "a player who can beat the highest card so far must" in refused["error"]


def test_refusals_change_nothing_and_name_what_is_wrong() -> None:
    first = ok(do="new", setup="4", seed="5")
    text = first["set"]["game"]
    for action, words in (("HQ", "♥Q is not in your hand."), ("SK", "dud"), ("pass", "must lead"),
                          ("dance", "That is not one of your choices now"), ("play CJ", "not one of your choices")):
        refused = ask(do="play", game=text, action=action)
        assert not refused["ok"] and words in refused["error"], (action, refused)
    assert ok(do="show", game=text)["html"] == first["html"]
    moved = ok(do="play", game=text, action="CJ")
    refused = ask(do="play", game=moved["set"]["game"], action="CJ")
    assert not refused["ok"] and "West's turn" in refused["error"]
    refused = ask(do="computer", game=text)
    assert not refused["ok"] and "your turn" in refused["error"]
    refused = ask(do="next", game=text)
    assert not refused["ok"] and "not over" in refused["error"]
    refused = ask(do="new", setup="4", level="grandmaster")
    assert not refused["ok"] and refused["error"] == "The computer players' level is Beginner, Club or Expert."
    refused = ask(do="new", setup="5")
    assert not refused["ok"] and "only in the ways its Game list offers" in refused["error"]


@pytest.mark.parametrize("text, words", [
    ("s1.1.3.simple.4.", "it is not the record of a Brus game"),
    ("b1.x.3.simple.4.", "seed"),
    ("b1.1.4.simple.4.", "its first dealer is not one of the four seats"),
    ("b1.1.6.simple.6.", "its first dealer is not one of the six seats"),
    ("b1.1.3.grandmaster.4.", "level"),
    ("b1.1.3.simple.5.", "a way of playing Brus this table does not deal"),
    ("b1.1.3.simple.4.~", "move 1 of deal 1 is not one the rules allowed there"),
    ("b1.5.3.simple.4.4", "move 1 of deal 1 is not one"),  # South's first turn: four live cards to lead, no pass
    ("b1.5.3.simple.4.0.0", "deal 1 is not over, so deal 2 cannot have been dealt"),
])
def test_a_bad_game_text_is_refused_saying_what_cannot_be_read(text: str, words: str) -> None:
    refused = ask(do="show", game=text)
    assert not refused["ok"] and refused["error"].startswith("This Brus game's record cannot be read: ") and \
        words in refused["error"], refused


# -- the text of a game ---------------------------------------------------------------------------------------


def test_the_game_text_round_trip_and_undo() -> None:
    response = play_on(ok(do="new", setup="6", seed="8"), deals=2)
    text = response["set"]["game"]
    assert text.startswith("b1.8.5.beginner.6.")
    table = read_game_text("brus", text)
    hands = text.split(".")[5:]
    assert len(hands) == len(table.match.hands) == 2
    for code, moves in zip(hands, table.moves):
        assert len(code) == len(moves) and set(code) <= set(ALPHABET)
    assert table.text() == text
    assert ok(do="show", game=text)["html"] == response["html"]
    # Undo goes back to South's last turn: the text is cut just before South's action.
    undone = ok(do="undo", game=text)
    h, k = max((h, k) for h, moves in enumerate(table.moves) for k, (seat, _) in enumerate(moves) if seat == SOUTH)
    assert undone["set"]["game"] == ".".join(text.split(".")[:5] + hands[:h] + [hands[h][:k]])
    assert turn(undone["html"]) == "south"
    refused = ask(do="undo", game="b1.8.5.simple.6.")
    assert not refused["ok"] and "nothing" in refused["error"]


def test_earlier_deals_logs_are_given_on_request() -> None:
    response = play_on(ok(do="new", setup="4", seed="5"), deals=1)
    response = ok(do="next", game=response["set"]["game"])
    # Folded under what it scored, as the sheet's line for it says.
    summary = re.search(r'<details class="sv-log-old" data-hand="0"><summary>([^<]*)</summary>', response["html"])
    assert summary and summary.group(1).startswith("Deal 1: ") and " score 1: now 1 stroke." in summary.group(1)
    old = ok(do="log", game=response["set"]["game"], hand="0")
    assert "South leads ♣J (Spit)." in text_of(old["html"])
    keys = re.findall(r'data-key="([^"]+)"', old["html"])
    assert len(keys) == len(set(keys))  # each entry announced once


# -- whole games ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("setup, seed", [("4", "3"), ("6", "4")])
def test_a_whole_game_through_the_widget_ends_at_six_strokes(setup: str, seed: str) -> None:
    players = int(setup)
    response = play_on(ok(do="new", setup=setup, seed=seed), deals=10_000)
    html, text = response["html"], response["set"]["game"]
    assert turn(html) == "over"
    table = read_game_text("brus", text)
    match = table.match
    assert match.over
    lines = match.sheet_lines()
    totals = lines[-1].totals
    # Strokes only grow, by 1 or 2 a deal for one side or by nothing; the game ends at the first six.
    for before, after in zip(lines, lines[1:]):
        gained = [b - a for a, b in zip(before.totals, after.totals)]
        assert sorted(gained) in ([0, 0], [0, 1], [0, 2])
        assert max(before.totals) < 6
    assert max(totals) >= 6 and min(totals) < 6
    winner = totals.index(max(totals))
    team = ("You and North", "West and East") if players == 4 else \
        ("You, North-west and North-east", "South-west, North and South-east")
    assert f"The game is over. {team[winner]} reached {totals[winner]} strokes and win the game" in text_of(html)
    for value in totals:
        assert f"<td>{value}</td>" in html
    for side in team:
        assert f'<th scope="col">{side}</th>' in html
    # Every deal: the whole pack dealt, 9 or 6 cards a seat, and the dealer moving left.
    for number, dealt in enumerate(table.dealt):
        assert len(dealt) == players and all(len(cards) == 36 // players for cards in dealt)
        assert Counter(c for cards in dealt for c in cards) == Counter(PACK.cards)
        assert match.hands[number].dealer == (players - 1 + number) % players
    refused = ask(do="next", game=text)
    assert not refused["ok"] and "over" in refused["error"]


def test_a_game_kept_at_the_level_once_called_simple_opens_at_the_beginner() -> None:
    # Before Brus had its club and expert players, its one level was "simple": a game kept then still opens,
    # at the beginner (the same rules-of-thumb player), and is written under the new name from then on.
    text = play_on(ok(do="new", setup="4", seed="5"), deals=1)["set"]["game"]
    assert text.startswith("b1.5.3.beginner.4.")
    old = text.replace(".beginner.", ".simple.", 1)
    table = read_game_text("brus", old)
    assert table.level == "beginner" and table.text() == text
    assert ok(do="show", game=old)["html"] == ok(do="show", game=text)["html"]


def test_an_expert_table_plays_a_deal_and_says_why() -> None:
    from stytvolt.analysis.players import SamplingPlayer

    response = play_on(ok(do="new", setup="4", seed="3", level="expert"), deals=1)
    text = response["set"]["game"]
    assert text.startswith("b1.3.3.expert.4.")
    table = read_game_text("brus", text)
    assert isinstance(table.computer(1), SamplingPlayer)
    assert 'class="sv-why"' in response["html"]


def test_six_players_seat_names_and_sides() -> None:
    html = ok(do="new", setup="6", seed="2")["html"]
    words = text_of(html)
    assert "Sides You, North-west and North-east against South-west, North and South-east" in words
    assert "South-east deals" in words
    state = read_game_text("brus", "b1.2.5.simple.6.").hand
    laid = sum(1 for e in state.log if e.kind == "seven" and e.seat == SOUTH)
    assert f"Your cards ({6 - laid})" in words  # six dealt, less any seven laid out on coming to the lead


def test_sevens_held_by_the_first_leader_are_laid_out_before_the_lead() -> None:
    # The deal's first leader is South (on the dealer's left): any seven South was dealt is laid out at once,
    # a trick for South's side, and is not among South's cards.
    for seed in range(40):
        table = new_table("brus", "4", "simple", seed)
        held = [c for c in table.dealt[0][SOUTH] if c in SEVENS]
        if held:
            break
    else:
        raise AssertionError("South held no seven in 40 deals")
    html = ok(do="new", setup="4", seed=str(seed))["html"]
    log = text_of(html).split("What happened in deal 1")[1]
    assert f"South comes to the lead and lays out {held[0].symbol}: a seven is a trick won" in log
    for card in held:
        assert f'data-card="{card}"' not in html.split('class="sv-table-log"')[0]
    assert f"Tricks toward six You and North {len(held)}" in text_of(html)


def test_the_lead_passing_on_is_written_in_the_log() -> None:
    for seed in range(30):
        table = fast_game("4", seed)
        for h, state in enumerate(table.match.hands):
            passed = [e for e in state.log if e.kind == "lead-passes"]
            if passed:
                break
        else:
            continue
        break
    else:
        raise AssertionError("the lead never passed on in 30 games")
    log = ok(do="log", game=table.text(), hand=str(h))["html"]
    seat = table.names[passed[0].seat]
    nxt = table.names[(passed[0].seat + 1) % 4]
    assert f"{seat} comes to the lead with no live card, so the lead passes on to {nxt}." in text_of(log)


def test_club_king_decides_an_unfinished_deal_and_is_shown() -> None:
    # A deal that ends with no live card left and a side at five tricks: the holder of ♣K shows it; that side
    # scores 1 stroke if it is the side with five, else nobody scores (both at five: ♣K's side scores).
    for seed in range(60):
        table = fast_game("6", seed)
        decided = [h for h, state in enumerate(table.match.hands) if state.club_king_shown()]
        if decided:
            break
    else:
        raise AssertionError("♣K decided no deal in 60 six-player games")
    h = decided[0]
    state = table.match.hands[h]
    holder = next(s for s, cards in enumerate(table.dealt[h]) if CLUB_KING in cards)
    text = ".".join(table.text().split(".")[:6 + h])  # the game up to the end of that deal
    response = ok(do="show", game=text)
    words = text_of(response["html"])
    assert f"{table.names[holder]} shows ♣K: with a side at five tricks, it decides the deal." in words
    assert "No live card is left in any hand, so the deal stops short of six tricks." in words
    fives = [side for side in (0, 1) if state.won[side] == 5]
    team = ("you, North-west and North-east", "South-west, North and South-east")
    note = re.findall(r'<td class="sv-sheet-note">([^<]*)</td>', response["html"])[-1]
    if holder % 2 in fives:
        assert f"{team[holder % 2]} have five and hold ♣K: 1 stroke".lower() in note.lower()
    else:
        assert "nobody scores" in note


def test_the_kinds() -> None:
    assert KINDS["brus"] is BRUS
    assert [name for name, _ in BRUS.levels] == ["beginner", "club", "expert"]  # named as every game's are
    from stytvolt.web import WIDGETS

    form = WIDGETS[("brus", "table")].controls({})
    assert '<input type="radio" name="level" value="beginner" checked>' in form
    assert 'value="club"' in form and 'value="expert"' in form
    assert '<option value="6">Six players, three against three</option>' in form
