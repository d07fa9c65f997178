"""Old Stýrivolt permalinks still open: game texts written by the Stýrivolt table before it joined the one table
(first field "1", each card played as a letter; tests/styrivolt/data/old_table_texts.json, made by that code, with
what it showed for each) are read as they were, written from then on in the one table's text, and the game goes on
from them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from stytvolt.web import handle

OLD = json.loads((Path(__file__).parent / "data" / "old_table_texts.json").read_text(encoding="utf-8"))


def ask(**params: str) -> dict[str, Any]:
    return handle({"game": "styrivolt", "widget": "table", "params": params})


@pytest.mark.parametrize("old", OLD, ids=[o["text"][:24] for o in OLD])
def test_an_old_link_shows_the_game_as_it_was(old: dict[str, Any]) -> None:
    response = ask(do="show", game=old["text"])
    assert response["ok"], response
    page = response["html"]
    found = re.search(r'<div class="sv-table" data-game="styrivolt" data-turn="(\w*)" data-seat="(\w*)" data-hand="(\d+)"',
                      page)
    assert found and (found.group(1), found.group(2), int(found.group(3))) == (old["turn"], old["seat"], old["hand"])
    assert [list(x) for x in re.findall(r'<li class="sv-log-\w+" data-key="([^"]+)">([^<]*)', page)] == old["log"]
    assert re.findall(r'class="sv-table-card[^"]*"[^>]*data-card="(\w+)"', page) == old["south"]
    kept = dict(response["set"])
    new_text = kept.pop("game")
    assert new_text.startswith("t1.") and not old["text"].startswith("t1.")
    assert kept == {"setup": "4", **{k: v for k, v in old["set"].items() if k != "game"}}
    # The text the table writes now opens the same game: the same log and the same cards in South's hand.
    again = ask(do="show", game=new_text)
    assert again["ok"] and again["html"] == page and again["set"]["game"] == new_text


def test_a_damaged_old_link_says_what_cannot_be_read() -> None:
    text = OLD[0]["text"]
    for damaged, said in ((text.replace(".beginner.", ".grandmaster."), "its computer players' level"),
                          (text[:-1] + "#", "names a card that is not in the pack"),
                          (text.split(".")[0] + ".7.9.beginner..AH", "its first dealer"),
                          (text[:-3] + "0Q", "breaks off in the middle of a move")):
        response = ask(do="show", game=damaged)
        assert not response["ok"]
        assert response["error"].startswith("This Stýrivolt game's record cannot be read: ") and said in response["error"]


@pytest.mark.parametrize("old", OLD, ids=[o["text"][:24] for o in OLD])
def test_an_old_link_plays_on(old: dict[str, Any]) -> None:
    text = ask(do="show", game=old["text"])["set"]["game"]
    for _ in range(6):
        page = ask(do="show", game=text)["html"]
        turn = re.search(r'data-turn="(\w+)"', page)
        assert turn
        if turn.group(1) == "computer":
            response = ask(do="computer", game=text)
        elif turn.group(1) == "south":
            action = re.search(r'data-do="play" data-action="([^"]+)"', page)
            assert action
            response = ask(do="play", game=text, action=action.group(1))
        else:
            response = ask(do="next", game=text)
        assert response["ok"], response
        assert response["set"]["game"].startswith(text) and len(response["set"]["game"]) > len(text)
        text = response["set"]["game"]
