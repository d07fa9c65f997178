"""The coach at the one table, through the table's own answers (``stytvolt.web.handle``): the hint and its mark
in the game's text, the computer's reasons, the review after a hand kept as a compact text, Show me and "What was
best here?".

Each game is played through the table's requests as the page plays it, South pressing the last button on offer.
The review's values are checked against the brute force of :mod:`protocol.brute` (plain minimax over the
public state, sharing nothing with any solver) on the hand's last tricks; the cards a reason may name against
what South was shown, worked out from the game's own replay.
"""

from __future__ import annotations

import html
import importlib
import re
from types import SimpleNamespace
from typing import Any

import pytest

import stytvolt
from protocol.brute import brute_values
from stytvolt.analysis.players import player
from stytvolt.core.registry import GAME_MODULES
from stytvolt.analysis.review import history
from stytvolt.web import MAX_PARAM_CHARS, handle
from stytvolt.web.coaching import read_review, review_tag, review_text, south_decisions
from stytvolt.web.table import SOUTH, computer_seed, game_text, kind_of, new_table, read_game_text

SYMBOL = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])")


def ask(name: str, /, **params: str) -> dict[str, Any]:
    return handle({"game": name, "widget": "table", "params": params})


def ok(name: str, /, **params: str) -> dict[str, Any]:
    response = ask(name, **params)
    assert response["ok"], response
    return response


def refused(name: str, /, **params: str) -> str:
    response = ask(name, **params)
    assert not response["ok"], response
    return str(response["error"])


def turn(page: str) -> str:
    found = re.search(r'data-turn="(\w+)"', page)
    assert found
    return found.group(1)


def press_last(game: str, response: dict[str, Any], **extra: str) -> dict[str, Any]:
    """South presses the last button on offer (a lay-away picker: lays away the fewest cards it may)."""
    page, text = response["html"], response["set"]["game"]
    actions = re.findall(r'data-do="play" data-action="([^"]+)"', page)
    if actions:
        return ok(game, do="play", game=text, action=html.unescape(actions[-1]), **extra)
    pick = re.search(r'data-pick="(\w+)"', page)
    assert pick
    boxes = re.findall(r'name="pick" value="(\w+)"', page)
    return ok(game, do="play", game=text, action=" ".join([pick.group(1), *boxes[:2 if pick.group(1) == "swipe" else 0]]),
              **extra)


def play_on(game: str, response: dict[str, Any], most: int = 400) -> dict[str, Any]:
    """The hand played to its end through the table: the computer's moves asked for, South pressing the last button."""
    for _ in range(most):
        page, text = response["html"], response["set"]["game"]
        if turn(page) == "computer":
            response = ok(game, do="computer", game=text)
        elif turn(page) == "south":
            response = press_last(game, response)
        else:
            return response
    raise AssertionError("the hand did not end")


def reviewed(game: str, text: str, known: str = "") -> tuple[str, list[str]]:
    """The review asked for decision by decision until complete: its kept text and each answer's section."""
    sections = []
    for _ in range(200):
        response = ok(game, do="review", game=text, review=known)
        known = response["set"]["review"]
        sections.append(response["html"])
        if 'data-complete="yes"' in response["html"]:
            return known, sections
    raise AssertionError("the review did not end")


def plain(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


# -- the hint, and its mark in the game's text ------------------------------------------------------------------------


def test_a_hint_marks_its_action_and_taking_it_is_marked_in_the_text() -> None:
    first = ok("sjavs", do="new", seed="9", level="beginner")
    text = first["set"]["game"]
    assert turn(first["html"]) == "south" and 'data-do="hint" aria-keyshortcuts="h"' in first["html"]
    hint = ok("sjavs", do="hint", game=text)
    assert hint["set"]["game"] == text  # asking changes nothing in the game
    assert ok("sjavs", do="hint", game=text)["html"] == hint["html"]  # the same decision, the same hint
    found = re.search(r'data-hint="([^"]+)"', hint["html"])
    assert found
    action = html.unescape(found.group(1))
    table = read_game_text("sjavs", text)
    assert action in {str(a) for a in table.hand.legal_actions()}
    # The control it points to is marked by the word, the others not; the hint says it in the button's words.
    button = re.search(rf'<button[^>]*data-action="{re.escape(found.group(1))}"[^>]*>(.*?)</button>', hint["html"])
    assert button and "sv-hinted" in button.group(0) and "Hinted" in button.group(1)
    assert hint["html"].count(">Hinted</span>") == 1 and 'data-do="hint"' not in hint["html"]
    said = plain(re.search(r'<div class="sv-table-hint".*?</div>', hint["html"]).group(0))  # type: ignore[union-attr]
    label = plain(re.sub(r'<span class="sv-hinted-sign">.*?Hinted</span>', "", button.group(1)))
    assert said.startswith(f"Hint: {label}.") and re.search(r"\bWhy( \(.*?\))?:", said)
    # Taken after the hint: "-" before its code; another press of South's is not marked.
    after = ok("sjavs", do="play", game=text, action=action, hinted="yes")["set"]["game"]
    assert after.startswith(text + "-")
    again = read_game_text("sjavs", after)
    assert again.hinted[0][0] and again.hints(0) == 1 and game_text(again) == after
    whole = play_on("sjavs", {"html": ok("sjavs", do="show", game=after)["html"], "set": {"game": after}})
    done = read_game_text("sjavs", whole["set"]["game"])
    assert done.hints(0) == 1 and whole["set"]["game"].count("-") == 1


def test_hints_are_counted_from_the_text_and_old_texts_still_read() -> None:
    text = play_on("sjavs", ok("sjavs", do="new", seed="9", level="beginner"))["set"]["game"]
    assert "-" not in text.split(".", 5)[5]  # a game played without hints reads, and writes no mark
    head, hand = text.rsplit(".", 1)
    table = read_game_text("sjavs", text)
    south = [k for k, (seat, _) in enumerate(table.moves[0]) if seat == SOUTH]
    marked = "".join(("-" if k in south[:2] else "") + code for k, code in enumerate(hand))
    again = read_game_text("sjavs", f"{head}.{marked}")
    assert again.hints(0) == 2 and [again.hinted[0][k] for k in south] == [True, True] + [False] * (len(south) - 2)
    assert game_text(again) == f"{head}.{marked}"
    # Undo takes back South's last move: the marks before it stay.
    assert ok("sjavs", do="undo", game=f"{head}.{marked}")["set"]["game"].count("-") == 2
    # A mark on a computer's move, a mark on nothing, two marks: the record cannot be read, and says where.
    west = next(k for k, (seat, _) in enumerate(table.moves[0]) if seat != SOUTH)
    bad = "".join(("-" if k == west else "") + code for k, code in enumerate(hand))
    assert refused("sjavs", do="show", game=f"{head}.{bad}") == (
        f"This Sjavs game's record cannot be read: move {west + 1} of hand 1 is marked as taken after a hint, but it "
        "was not yours.")
    assert "cannot be read: move" in refused("sjavs", do="show", game=f"{head}.{hand}-")
    assert "cannot be read: move 1 of hand 1" in refused("sjavs", do="show", game=f"{head}.--{hand}")
    assert refused("sjavs", do="play", game=".".join(text.split(".")[:5]), action="bid 6", hinted="maybe") == (
        "Whether you asked for a hint before this move is yes or no.")


def test_a_hint_to_lay_cards_away_marks_the_cards_to_tick() -> None:
    # Klørsjavs, seed 5: South says Play, then holds the cat and must lay two cards away by ticking them.
    response = ok("klorsjavs", do="new", seed="5", level="beginner")
    response = ok("klorsjavs", do="play", game=response["set"]["game"], action="play")
    text = response["set"]["game"]
    assert 'data-pick="swipe"' in response["html"]
    hint = ok("klorsjavs", do="hint", game=text)
    action = html.unescape(re.search(r'data-hint="([^"]+)"', hint["html"]).group(1))  # type: ignore[union-attr]
    chosen = next(a for a in read_game_text("klorsjavs", text).hand.legal_actions() if str(a) == action)
    marked = re.findall(r'<label class="sv-check sv-pick sv-hinted"><input type="checkbox" name="pick" value="(\w+)">',
                        hint["html"])
    assert sorted(marked) == sorted(str(c) for c in chosen.cards) and len(marked) == 2
    said = plain(re.search(r'<p class="sv-table-hint-said">.*?</p>', hint["html"]).group(0))  # type: ignore[union-attr]
    assert said == f"Hint: Tick {' '.join(c.symbol for c in chosen.cards)}, then press “Swipe: lay away the ticked cards”."


def test_a_hint_is_only_for_souths_own_decision() -> None:
    response = ok("sjavs", do="new", seed="9", level="beginner")
    response = press_last("sjavs", response)
    text = response["set"]["game"]
    if turn(response["html"]) == "computer":
        assert refused("sjavs", do="hint", game=text) == "A hint is for your own decisions, and it is West's turn."
    over = play_on("sjavs", response)["set"]["game"]
    assert refused("sjavs", do="hint", game=over) == "The hand is over: there is nothing to give a hint for."


# -- the computer's reasons -------------------------------------------------------------------------------------------


def test_the_table_meets_the_coachs_players() -> None:
    # One player a level for the table, the coach, the review: the Kind's bot (told the rules, where its players
    # need them) chooses as analysis.player does, on positions of a game at each level.
    for game in GAME_MODULES:
        kind = kind_of(game)
        for level, _ in kind.levels:
            table = new_table(game, "", level, 3)
            compared = 0
            for _ in range(40):
                state = table.hand
                if state.is_terminal() or compared == 2:
                    break
                seat = state.current_player()
                seed = computer_seed(table, 0, len(table.moves[0]))
                mine = table.computer(seed)
                theirs = player(game, level, seed, table.rules)
                assert type(mine) is type(theirs), (game, level)
                obs = state.observation(seat)
                action = mine.choose(obs)
                if len(list(state.legal_actions())) > 1:
                    assert str(theirs.choose(obs)) == str(action), (game, level)
                    compared += 1
                table.apply(action)


def test_why_names_only_cards_south_had_seen_until_the_hand_is_over() -> None:
    # Worked out from the game's replay, apart from the coach: South's own cards as dealt, and every card played
    # up to the move asked about (the tricks are face up).
    response = ok("sjavs", do="new", seed="9", level="expert")
    for _ in range(30):  # on into the card play, a trick or so
        if turn(response["html"]) == "south":
            response = press_last("sjavs", response)
        elif turn(response["html"]) == "computer":
            response = ok("sjavs", do="computer", game=response["set"]["game"])
        table = read_game_text("sjavs", response["set"]["game"])
        if sum(1 for _, a in table.moves[0] if a.kind == "play") >= 6:
            break
    text = response["set"]["game"]
    table = read_game_text("sjavs", text)
    seen = {c.symbol for c in table.dealt[0][SOUTH]}
    checked = 0
    for k, (seat, action) in enumerate(table.moves[0]):
        if action.kind == "play":
            seen.add(action.cards[0].symbol)
        if seat == SOUTH:
            continue
        why = ok("sjavs", do="why", game=text, move=f"0.{k}")["html"]
        assert set(SYMBOL.findall(html.unescape(why))) <= seen, (k, why)
        checked += action.kind == "play"
    assert checked
    over = play_on("sjavs", response)["set"]["game"]
    for k, (seat, _) in enumerate(read_game_text("sjavs", over).moves[0]):
        if seat != SOUTH:
            assert "hidden card" not in ok("sjavs", do="why", game=over, move=f"0.{k}")["html"]


IDEA = SimpleNamespace(key="keep-the-lead", name="Keeping the lead", example="Play the winner you hold.")


class _Coach:
    """A game's coach part as the tactics helpers will write it: one idea, said of every move."""

    UNIT = "game point"
    IDEAS = (IDEA,)

    @staticmethod
    def idea(obs: Any, action: Any) -> tuple[str, str]:
        return IDEA.key, "It keeps the lead where it is."


def test_a_reason_leads_with_its_idea_linked_to_the_tactics_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from stytvolt.analysis import coach

    monkeypatch.setattr(coach, "_coach", lambda info: _Coach if info.name == "sjavs" else None)
    response = ok("sjavs", do="new", seed="9", level="beginner")
    for _ in range(40):  # on until a computer seat had a choice (a forced move claims no idea)
        table = read_game_text("sjavs", response["set"]["game"])
        if any(seat != SOUTH and n > 1 for (seat, _), n in zip(table.moves[0], table.choices[0])):
            break
        if turn(response["html"]) == "south":
            response = press_last("sjavs", response)
        else:
            response = ok("sjavs", do="computer", game=response["set"]["game"])
    text = response["set"]["game"]
    table = read_game_text("sjavs", text)
    k = next(k for k, ((seat, _), n) in enumerate(zip(table.moves[0], table.choices[0])) if seat != SOUTH and n > 1)
    why = ok("sjavs", do="why", game=text, move=f"0.{k}")["html"]
    name = ("South", "West", "North", "East")[read_game_text("sjavs", text).moves[0][k][0]]
    assert why.startswith(f'<p class="sv-why-said"><strong>{name}\'s reasoning</strong> (<a class="sv-rule sv-idea" '
                          'data-site-path="sjavs/tactics/#idea-keep-the-lead" href="sjavs/tactics/#idea-keep-the-lead">'
                          "Keeping the lead, on Sjavs: Tactics</a>): It keeps the lead where it is.")
    over = play_on("sjavs", response)["set"]["game"]
    assert "game points with best play" in plain(reviewed("sjavs", over)[1][-1])  # the review's amounts in its unit


# -- the review -------------------------------------------------------------------------------------------------------

#: Sjavs, four players, seed 9, South pressing the last button: a mistake of South's among the last 12 actions.
SJAVS_9 = "s1.9.3.beginner.4.1000032003110400010040111110000110000"
#: The actions from the end the brute force works out.
TAIL = 12


def test_the_review_settles_a_decision_a_request_against_the_brute_force() -> None:
    text = SJAVS_9
    table = read_game_text("sjavs", text)
    places = south_decisions(table)
    known, sections = reviewed("sjavs", text)
    # One more decision each answer, shown as it is settled; the summary only once complete.
    assert [int(re.search(r'data-settled="(\d+)"', s).group(1)) for s in sections] == list(  # type: ignore[union-attr]
        range(1, len(places) + 1))
    assert "reviewed so far" in sections[0] and "reviewed so far" not in sections[-1]
    review = read_review(table, known)
    assert [d.index for d in review.decisions] == places
    # The last decisions, against the brute force (South's side's returns at the end, all cards visible).
    info = stytvolt.game("sjavs")
    start, taken = history(table.hand)
    mistakes = 0
    for d in review.decisions:
        if d.index < len(taken) - TAIL:
            continue
        at = start.clone()
        for action in taken[:d.index]:
            at.apply(action)
        values = brute_values(at, info.sides(at))
        best = max(values.values())
        assert (d.value, d.best_value, d.cost) == (values[d.action], best, best - values[d.action]), d
        if d.mistake:
            assert set(d.best) <= {t for t, v in values.items() if v == best}
            mistakes += 1
            item = re.search(rf'<li class="sv-review-mistake" data-index="{d.index}">(.*?)</li>', sections[-1])
            assert item and plain(item.group(1)).startswith("Mistake: ") and 'data-do="line"' in item.group(1)
    assert mistakes
    # The summary at the top: decisions, mistakes, the biggest, hints used.
    summary = plain(re.search(r'<p class="sv-review-summary">(.*?)</p>', sections[-1]).group(1))  # type: ignore[union-attr]
    wrong = [d for d in review.decisions if d.mistake]
    worst = max(wrong, key=lambda d: d.cost or 0)
    card = table.moves[0][worst.index][1].cards[0].symbol
    assert summary.startswith(f"{len(places)} decisions, {len(wrong)} mistake")
    assert f"the biggest was {card}, which cost {worst.cost}" in summary and summary.endswith("No hints used.")


def test_the_review_kept_reopens_without_working_anything_out(monkeypatch: pytest.MonkeyPatch) -> None:
    known, sections = reviewed("sjavs", SJAVS_9)
    from stytvolt.web import coaching

    engine_review = importlib.import_module("stytvolt.analysis.review")

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a kept review was worked out again")

    monkeypatch.setattr(engine_review, "moment", refuse)
    monkeypatch.setattr(coaching, "moment", refuse)
    shown = ok("sjavs", do="show", game=SJAVS_9, review=known)
    assert shown["set"]["review"] == known and sections[-1] in shown["html"]
    # Asked again, a complete review is the same (nothing left to settle); the text reads back as it was written.
    again = ok("sjavs", do="review", game=SJAVS_9, review=known)
    assert again["html"] == sections[-1] and again["set"]["review"] == known
    table = read_game_text("sjavs", SJAVS_9)
    assert review_text(table, read_review(table, known).decisions) == known
    # Stopped half-way and gone on with: the same review.
    half = ".".join(known.split(".")[:4])
    monkeypatch.undo()
    assert reviewed("sjavs", SJAVS_9, half)[0] == known


def test_a_kept_review_that_cannot_be_read_says_what_is_wrong() -> None:
    known, _ = reviewed("sjavs", SJAVS_9)
    tag, *parts = known.split(".")
    table = read_game_text("sjavs", SJAVS_9)
    n = len(south_decisions(table))
    head = "The review kept with this game cannot be read: "
    cases = {
        ".".join(["abcd", *parts]): "it is the review of another game, or of another hand.",
        ".".join([tag, *parts, "x1"]): f"it has {n + 1} decisions, and you took {n} in this hand.",
        ".".join([tag, parts[0], "zz"]): "decision 2, 'zz', is not written as a decision of a review.",
        ".".join([tag, parts[0], "x1*4*Z"]): "decision 2 names as best a choice that was not on offer there.",
        ".".join([tag, parts[0], "x1*4*"]): "decision 2 names no best choice.",
        ".".join([tag, "x"]): "decision 1 is said to be settled, without its value.",
    }
    for bad, why in cases.items():
        assert refused("sjavs", do="review", game=SJAVS_9, review=bad) == head + why, bad
        assert refused("sjavs", do="show", game=SJAVS_9, review=bad) == head + why, bad
    playing = ".".join(SJAVS_9.split(".")[:5]) + ".1"
    assert refused("sjavs", do="review", game=playing) == "The hand is not over yet: its review comes when it is."
    assert refused("sjavs", do="show", game=playing, review=known) == (
        "A review is kept with a finished hand, and this one is still being played.")
    assert "at most" in refused("sjavs", do="review", game=SJAVS_9, review=tag + ".x1" * MAX_PARAM_CHARS)
    # The tag belongs to the game's text: the same hand played with a hint is another record, and its review another.
    head, hand = SJAVS_9.rsplit(".", 1)
    marked = read_game_text("sjavs", f"{head}.-{hand}")
    assert review_tag(table) == tag != review_tag(marked)


def test_the_review_counts_the_hints_and_says_which_decisions_followed_one() -> None:
    head, hand = SJAVS_9.rsplit(".", 1)
    table = read_game_text("sjavs", SJAVS_9)
    first = south_decisions(table)[0]
    text = f"{head}.{hand[:first]}-{hand[first:]}"
    known, sections = reviewed("sjavs", text)
    assert plain(sections[-1]).count("You took it after a hint.") == 1
    assert "1 hint used." in plain(re.search(r'<p class="sv-review-summary">.*?</p>', sections[-1]).group(0))  # type: ignore[union-attr]


# -- Show me and What was best here? ---------------------------------------------------------------------------------


def test_show_me_steps_through_the_better_line_with_every_hand() -> None:
    known, sections = reviewed("sjavs", SJAVS_9)
    table = read_game_text("sjavs", SJAVS_9)
    start, taken = history(table.hand)
    index = max(int(i) for i in re.findall(r'data-do="line" data-index="(\d+)"', sections[-1]))
    assert index >= len(taken) - TAIL
    line = ok("sjavs", do="line", game=SJAVS_9, index=str(index))["html"]
    titles = [html.unescape(t) for t in re.findall(r'<li class="sv-step" data-step="\d+" data-title="([^"]*)"', line)]
    buttons = re.findall(r'data-go="(\w+)" disabled>(\w+)</button>', line)
    assert [word for _, word in buttons] == ["First", "Previous", "Next", "Last"]
    # The first step is where South chose; then one card a step, each seat named, to the end of the hand.
    assert titles[0] == f"Where you played {table.moves[0][index][1].cards[0].symbol}"
    names = ("South", "West", "North", "East")
    at = start.clone()
    for action in taken[:index]:
        at.apply(action)
    values = brute_values(at, stytvolt.game("sjavs").sides(at))
    for title in titles[1:]:
        seat = at.current_player()
        card = re.search(r"plays (\S+)$", title)
        assert card and title.startswith(f"{names[seat]} plays ")
        action = next(a for a in at.legal_actions() if a.cards[0].symbol == card.group(1))
        at.apply(action)
    assert at.is_terminal()
    # Perfect play all the way: South's side ends with the best the brute force says it could have had.
    best = max(values.values())
    assert at.returns()[SOUTH] == best
    # Every step shows every hand: four rows, the seats named.
    steps = re.findall(r'<li class="sv-step".*?</li></ul></div></li>', line)
    assert len(steps) == len(titles)
    assert all(re.findall(r'aria-label="Every hand"', s) and all(f"<strong>{n}</strong>" in s for n in names) for s in steps)
    # Not one of South's decisions, or one before the card play: refused in words.
    west = next(k for k, (seat, _) in enumerate(table.moves[0]) if seat != SOUTH)
    for bad in ("x", "99", str(west)):
        assert refused("sjavs", do="line", game=SJAVS_9, index=bad) == "That is not one of your decisions in this hand."
    bid = south_decisions(table)[0]
    assert refused("sjavs", do="line", game=SJAVS_9, index=str(bid)).startswith("There is no better line to show from")


def test_what_was_best_here_on_a_finished_hands_moves() -> None:
    table = read_game_text("sjavs", SJAVS_9)
    start, taken = history(table.hand)
    page = ok("sjavs", do="show", game=SJAVS_9)["html"]
    asked = re.findall(r'data-do="best" data-move="0\.(\d+)"', page)
    assert [int(k) for k in asked] == list(range(len(taken)))  # every move, South's and the computer's
    k = len(taken) - 6  # a computer's or South's move among the last tricks
    at = start.clone()
    for action in taken[:k]:
        at.apply(action)
    values = brute_values(at, stytvolt.game("sjavs").sides(at))
    best = ok("sjavs", do="best", game=SJAVS_9, move=f"0.{k}")["html"]
    said = plain(best)
    seat = table.moves[0][k][0]
    who = "your move" if seat == SOUTH else f"{('South', 'West', 'North', 'East')[seat]}'s side"
    assert said.startswith(f"What was best here, for {who}, every card visible: ")
    value = values[str(taken[k])]
    if value == max(values.values()):
        assert f"kept the value ({value}".replace("-", "−") in said
    else:
        assert f"cost {max(values.values()) - value}" in said
    assert 'aria-label="Every hand"' in best
    # While the hand is played there is no such button, and the question is refused.
    playing = ".".join(SJAVS_9.split(".")[:5]) + "." + SJAVS_9.split(".")[5][:10]
    assert 'data-do="best"' not in ok("sjavs", do="show", game=playing)["html"]
    assert refused("sjavs", do="best", game=playing, move="0.3") == "“What was best here?” is answered once the hand is over."
    assert refused("sjavs", do="best", game=SJAVS_9, move="0.99") == "That move is not in this game's log."
