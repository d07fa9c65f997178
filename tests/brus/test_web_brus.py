"""Brus on the site (stytvolt.brus.site, docs/brus/*.md): figures and widgets, with answers worked by hand.

The expectations come from the rules as our pages state them (docs/brus/*.md, rulings R57-R68): the live cards
rank ♣J (Spit) ♠8 (Dull) ♥K (Brus), then nines, aces, ♠J ♥J ♦J, sixes, equal ranks ♣ ♠ ♥ ♦; sevens are laid out,
never played; the other fourteen cards are duds; after the lead each player beats the highest card so far or,
only when unable, passes; the last card played wins; six tricks score 1 stroke, six to none 2; with no side at
six, five tricks and ♣K score 1; six strokes win the game.  The worked deals on the pages are replayed with the
engine, and what the pages say of them is checked here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stytvolt.brus import HandState
from stytvolt.brus.bots import SimpleBot
from stytvolt.core.cards import parse_cards
from stytvolt.web import WidgetError, handle, render_figure
from htmlkit import cards_in, markup, steps_of, totals

GAME = "brus"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "brus"
#: The eighteen live cards, highest first, written out by hand.
ORDER = "CJ S8 HK C9 S9 H9 D9 CA SA HA DA SJ HJ DJ C6 S6 H6 D6".split()


def fig(kind: str, **params: str) -> str:
    return render_figure(kind, params, game=GAME)


def answer(widget: str, **params: str) -> tuple[str, dict[str, str]]:
    response = handle({"game": GAME, "widget": widget, "params": params})
    assert response["ok"] is True, response
    return response["html"], response["set"]


def refused(widget: str, **params: str) -> str:
    response = handle({"game": GAME, "widget": widget, "params": params})
    assert response["ok"] is False, response
    return str(response["error"])


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def reasons(html: str) -> list[str]:
    return [text(li) for li in re.findall(r'<li data-code="[^"]*"[^>]*>(.*?)</li>', html)]


# -- cards and the order ---------------------------------------------------------------------------------------------


def test_cards_say_their_role() -> None:
    html = fig("cards", cards="D6 HQ S8 C7 CK C9", order="rank")
    # Laid out as they rank: Dull (2nd live), ♣9 (4th), ♦6 (18th), then the seven, then ♣K before the other duds.
    assert cards_in(html) == ["S8", "C9", "D6", "C7", "CK", "HQ"]
    assert markup(html).labels == [
        "eight of spades, Dull, the 2nd matador",
        "nine of clubs, live card 4 of 18",
        "six of diamonds, live card 18 of 18",
        "seven of clubs, a seven: a trick once laid out",
        "king of clubs, a dud that decides an unfinished deal",
        "queen of hearts, a dud",
    ]
    assert 'class="sv-card sv-permanent" data-card="S8"' in html  # a matador is drawn apart, and says so


def test_the_order_of_the_pack() -> None:
    html = fig("order")
    # Four groups: 3 matadors, 15 other live cards, 4 sevens, 14 duds: 36 cards, each once.
    assert cards_in(html)[:18] == ORDER
    assert sorted(cards_in(html)[18:22]) == ["C7", "D7", "H7", "S7"]
    assert len(cards_in(html)) == len(set(cards_in(html))) == 36
    heads = re.findall(r'<p class="sv-group-head"><strong>([^<]*)</strong>: (\d+) cards', html)
    assert heads == [("The matadors", "3"), ("The other live cards", "15"), ("The sevens", "4"), ("The duds", "14")]


@pytest.mark.parametrize(("params", "field"), [
    ({"cards": ""}, "cards"),
    ({"cards": "C5"}, "cards"),  # the Brus pack has no fives
    ({"cards": "CJ CJ"}, "cards"),
    ({"cards": "CJ", "order": "suit"}, "order"),
])
def test_bad_cards_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    with pytest.raises(WidgetError, match=f"^{field}"):
        fig("cards", **params)


# -- the order table on the cards page, and its numbers ------------------------------------------------------------


def test_the_cards_pages_order_table_and_counts() -> None:
    page = (DOCS / "cards.md").read_text(encoding="utf-8")
    table = page.split("### The order of the live cards", 1)[1].split("<div", 1)[0]
    symbols = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
    assert [symbols[suit] + rank for suit, rank in re.findall(r"([♣♠♥♦])([2-9AKQJ])", table)] == ORDER
    # The whole pack: 3 + 15 + 4 + 14 = 36; 22 ever put down; 18 of 36 live, so 4.5 live cards a hand of nine.
    assert "3 + 15 + 4 + 14 = 36" in page and "Only 22 of them" in page
    assert "four or five live cards on average (18 of the 36 cards are live)" in page
    from stytvolt.brus import DUDS, LIVE_ORDER, MATADORS, SEVENS

    assert (len(MATADORS), len(LIVE_ORDER) - len(MATADORS), len(SEVENS), len(DUDS)) == (3, 15, 4, 14)
    assert len(LIVE_ORDER) * 9 / 36 == 4.5


# -- a trick ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("plays", "winner", "who"), [
    # The pages' examples.  ♦6 led, ♣A beats it, the others pass: Cecilia (play 3) wins for Anna's side.
    ("D6 pass CA pass", "CA", "Cecilia"),
    # Each card higher than the last, up to Spit: David's ♣J.
    ("S9 C9 HK CJ", "CJ", "David"),
    # Nobody can beat Dull but Spit: Anna's lead stands.
    ("S8 pass pass pass", "S8", "Anna"),
])
def test_the_pages_example_tricks(plays: str, winner: str, who: str) -> None:
    html = fig("trick", plays=plays)
    assert f'data-answer="winner">{parse_cards(winner)[0].symbol} ' in html
    assert f"played by {who}" in html
    assert cards_in(html) == [p for p in plays.split() if p != "pass"]
    assert 'data-pass=""' in html or "pass" not in plays


def test_each_pass_is_read_and_the_winner_named() -> None:
    said = reasons(fig("trick", plays="D6 pass CA pass"))
    assert said == [
        "Anna leads ♦6.",
        "Bo passes: holding nothing higher than ♦6.",
        "Cecilia beats ♦6 with ♣A.",
        "David passes: holding nothing higher than ♣A.",
        "Cecilia wins the trick with ♣A, the highest card played.",
    ]


@pytest.mark.parametrize(("plays", "refused_at", "code"), [
    # ♠J is below ♣A (aces above jacks): the fourth play cannot be made.
    ("D6 pass CA SJ", 4, "too-low"),
    # A seven is never played to a trick.
    ("S6 S7", 2, "seven-not-played"),
    # A dud is never played.
    ("S6 HQ", 2, "dud-not-played"),
    # A trick starts with a live card led, never a pass.
    ("pass S9", 1, "cannot-start"),
])
def test_a_refused_play_is_explained_where_it_stands(plays: str, refused_at: int, code: str) -> None:
    html = fig("trick", plays=plays)
    assert f'data-answer="refused">play {refused_at},' in html
    codes = re.findall(r'<li data-code="([^"]*)"', html)
    assert code in codes
    assert 'data-winner="-1"' in html


def test_the_next_players_choices_each_with_its_reason() -> None:
    html, fields = answer("trick", plays="S9 C9", hand="HA SA D7 CK HK")
    # ♣9 is the card to beat: only Brus ♥K beats it; the aces are lower, ♦7 a seven, ♣K a dud; no pass.
    assert 'data-answer="winning">♣9<' in html and "2 still to play" in html
    codes = re.findall(r'<li data-code="([^"]*)" data-card="(\w+)"', html)
    assert sorted(codes) == sorted([("may", "HK"), ("too-low", "SA"), ("too-low", "HA"), ("seven-not-played", "D7"),
                                    ("dud-not-played", "CK"), ("must-beat", "pass")])
    assert fields == {"players": "4"}


def test_a_leaders_choices_and_the_lead_passing_on() -> None:
    html, _ = answer("trick", plays="", hand="CQ DT SK")
    # On lead with duds only: no card may be led; the lead passes on.
    assert re.findall(r'data-code="([^"]*)" data-card="(\w+)"', html)[-1] == ("may-pass", "pass")
    html, _ = answer("trick", plays="", hand="C9 HQ")
    assert ("must-lead", "pass") in re.findall(r'data-code="([^"]*)" data-card="(\w+)"', html)


def test_six_players_name_the_sides_of_three() -> None:
    html = fig("trick", players="6", plays="D6 pass pass pass CA pass")
    # Eva (the fifth seat) plays ♣A: a trick for Anna, Cecilia and Eva.
    assert "played by Eva: a trick for Anna, Cecilia and Eva" in text(html)


@pytest.mark.parametrize(("params", "field"), [
    ({"plays": ""}, "plays"),
    ({"plays": "D6 pass pass pass pass"}, "plays"),  # five plays at a table of four
    ({"plays": "D6 D6"}, "plays"),
    ({"plays": "D5"}, "plays"),
    ({"plays": "D6", "hand": "D6 C9"}, "hand"),
    ({"plays": "D6", "players": "5"}, "players"),
])
def test_bad_tricks_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("trick", **params).startswith(field)


# -- the calculator and the stroke sheet ------------------------------------------------------------------------------


@pytest.mark.parametrize(("params", "said"), [
    ({"tricks_a": "6", "tricks_b": "3"}, "Anna and Cecilia score 1 stroke"),  # six tricks: 1 stroke
    ({"tricks_a": "6", "tricks_b": "0"}, "Anna and Cecilia score 2 strokes"),  # six to none: the lurch
    ({"tricks_a": "2", "tricks_b": "6"}, "Bo and David score 1 stroke"),
    ({"tricks_a": "5", "tricks_b": "4", "club_king": "A"}, "Anna and Cecilia score 1 stroke"),  # five and ♣K
    ({"tricks_a": "5", "tricks_b": "4", "club_king": "B"}, "Nobody scores"),  # five, ♣K on the other side
    ({"tricks_a": "5", "tricks_b": "5", "club_king": "B"}, "Bo and David score 1 stroke"),
    ({"tricks_a": "4", "tricks_b": "4", "club_king": "A"}, "Nobody scores"),  # nobody has five
    ({"players": "6", "tricks_a": "6", "tricks_b": "1"}, "Anna, Cecilia and Eva score 1 stroke"),
])
def test_the_calculator_scores_a_deal(params: dict[str, str], said: str) -> None:
    html, _ = answer("calculator", **params)
    assert f'data-answer="score">{said}<' in html


def test_adding_undoing_and_the_game_to_six() -> None:
    html, fields = answer("calculator", tricks_a="6", tricks_b="0", action="add")
    assert fields["sheet"] == "A2" and totals(html)[-1] == ["2", "0"]
    html, fields = answer("calculator", tricks_a="1", tricks_b="6", action="add", sheet=fields["sheet"],
                          sheet_players="4")
    assert fields["sheet"] == "A2 B1" and totals(html)[-1] == ["2", "1"]
    html, fields = answer("calculator", tricks_a="6", tricks_b="0", action="undo", sheet=fields["sheet"],
                          sheet_players="4")
    assert fields["sheet"] == "A2" and "The last deal is taken off the sheet." in html
    # Two more lurches: 2 + 2 + 2 = 6 strokes, and the game is won; nothing more may be added.
    for _ in range(2):
        html, fields = answer("calculator", tricks_a="6", tricks_b="0", action="add", sheet=fields["sheet"],
                              sheet_players="4")
    assert totals(html)[-1] == ["6", "0"]
    assert "Anna and Cecilia have 6 strokes and win the game" in html
    assert "already won" in refused("calculator", tricks_a="6", tricks_b="0", action="add", sheet=fields["sheet"],
                                    sheet_players="4")
    html, fields = answer("calculator", tricks_a="6", tricks_b="0", action="reset", sheet=fields["sheet"])
    assert fields["sheet"] == "" and "A new sheet" in html


def test_a_lurch_at_five_strokes_wins_at_seven() -> None:
    html = fig("sheet", results="A1 A2 A2 A2")
    # 1 + 2 + 2 = 5, then the lurch: 7, which wins (R65).
    assert totals(html) == [["0", "0"], ["1", "0"], ["3", "0"], ["5", "0"], ["7", "0"]]
    assert "have 7 strokes and win the game" in html


def test_the_scoring_pages_game() -> None:
    html = fig("sheet", results="A2 B1 A2")
    # The page: the lurch (2), one stroke for Bo's side (1), the lurch again (4): nobody at six yet.
    assert totals(html)[-1] == ["4", "1"] and "Nobody has 6 strokes yet" in html


@pytest.mark.parametrize(("params", "words"), [
    ({"tricks_a": "6", "tricks_b": "6"}, "both sides"),
    ({"tricks_a": "5", "tricks_b": "4"}, "say which side holds ♣K"),  # the engine's words for this form
    ({"tricks_a": "6", "tricks_b": "2", "straight": "yes"}, "cannot be six straight off"),
    ({"tricks_a": "6", "tricks_b": "0", "straight": "no"}, 'answer "yes" to six straight off'),
    ({"tricks_a": "7"}, "tricks_a"),
    ({"tricks_a": "6", "tricks_b": "1", "sheet": "A3"}, "sheet"),
])
def test_the_calculator_refuses_naming_what_is_wrong(params: dict[str, str], words: str) -> None:
    assert words in refused("calculator", **params)


# -- worked deals ---------------------------------------------------------------------------------------------------


def _played(players: int, seed: int) -> HandState:
    """The deal a page shows, replayed with the engine: the last seat deals, SimpleBot at every seat."""
    state = HandState.deal(seed, players - 1, players=players)
    bot = SimpleBot(seed)
    while not state.is_terminal():
        state.apply(bot.choose(state.observation(state.current_player())))
    return state


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 77), (6, 109), (6, 244)])
def test_a_worked_deal_shows_every_action_of_the_real_deal(players: int, seed: int) -> None:
    html = fig("hand", players=str(players), seed=str(seed))
    state = _played(players, seed)
    titles = steps_of(html)
    assert titles[0] == "The deal" and titles[-1] == "The score"
    actions = [t for t in titles if t.startswith("Trick ")]
    assert len(actions) == len(state.history)
    for title, (action, _) in zip(actions, state.history):
        assert title.endswith("passes") if action.card is None else title.endswith(action.card.symbol), title
    tricks = [e for e in state.log if e.kind == "trick"]
    assert html.count("wins the trick</strong>") == len(tricks)
    # The stepper's contract with interactive/stepper.mjs.
    assert '<div class="sv-stepper" data-start="0"' in html and '<div class="sv-stepper-nav" hidden>' in html


def test_the_play_pages_deal_is_what_the_page_says() -> None:
    page = (DOCS / "play.md").read_text(encoding="utf-8")
    assert 'data-widget="hand" data-players="4" data-seed="1"' in page
    state = _played(4, 1)
    # Anna lays out ♦7 before the first lead; the three matadors fall in the first trick; the lead passes Anna by;
    # Bo and David reach six to five and score 1 stroke.
    assert (state.log[0].kind, state.log[0].seat, str(state.log[0].plays[0][1])) == ("seven", 0, "D7")
    first = next(e for e in state.log if e.kind == "trick")
    assert {str(c) for _, c in first.plays} >= {"CJ", "S8", "HK"}
    assert ("lead-passes", 0) in [(e.kind, e.seat) for e in state.log]
    assert state.won == (5, 6)
    result = state.result()
    assert result is not None and (result.side, result.strokes) == (1, 1)
    html = fig("hand", players="4", seed="1")
    assert "Anna, on lead, lays out ♦7: a trick for Anna and Cecilia." in text(html)
    assert "Anna is on lead with no live card, so the lead passes on to Bo." in text(html)
    assert "Bo and David took six tricks, the opponents 5 tricks: 1 stroke." in text(html)


def test_the_scoring_pages_deals_are_what_the_page_says() -> None:
    page = (DOCS / "scoring.md").read_text(encoding="utf-8")
    for players, seed in ((4, 77), (6, 109), (6, 244)):
        assert f'data-figure="hand" data-players="{players}" data-seed="{seed}"' in page
    # The lurch: Bo wins trick 1 with Spit and lays out ♣7; David wins trick 2 with Dull and lays out three sevens.
    lurch = _played(4, 77)
    tricks = [e for e in lurch.log if e.kind == "trick"]
    assert [(e.winner, str(e.plays[[s for s, _ in e.plays].index(e.winner)][1])) for e in tricks] == [(1, "CJ"), (3, "S8")]
    assert sorted((e.seat, str(e.plays[0][1])) for e in lurch.log if e.kind == "seven") == [
        (1, "C7"), (3, "D7"), (3, "H7"), (3, "S7")]
    assert lurch.won == (0, 6) and lurch.result() is not None and lurch.result().strokes == 2  # type: ignore[union-attr]
    # Five each at six players; the last seven is Bo's; Bo holds ♣K: Bo's side scores 1.
    five = _played(6, 109)
    assert five.won == (5, 5) and five.end == "no-live" and five.club_king_holder() == 1
    assert [e for e in five.log if e.kind == "seven"][-1].seat == 1
    assert (five.result().side, five.result().strokes) == (1, 1)  # type: ignore[union-attr]
    # Five to four; ♣K is Bo's, on the side with four: nobody scores.
    none = _played(6, 244)
    assert none.won == (5, 4) and none.club_king_holder() == 1
    assert none.result().side is None  # type: ignore[union-attr]
    assert "Bo shows ♣K, which decides this deal." in text(fig("hand", players="6", seed="244"))


def test_the_hand_widget_keeps_its_step_for_the_same_deal_only() -> None:
    html, fields = answer("hand", players="4", seed="77")
    assert fields == {"players": "4", "seed": "77", "step": "1", "dealt": "4:77"}
    html, fields = answer("hand", players="4", seed="77", step="5", dealt="4:77")
    assert fields["step"] == "5" and 'data-start="4"' in html
    html, fields = answer("hand", players="6", seed="77", step="5", dealt="4:77")
    assert fields["step"] == "1"  # a new deal starts at its first step


@pytest.mark.parametrize(("params", "field"), [
    ({"seed": "x"}, "seed"),
    ({"seed": "1", "players": "3"}, "players"),
    ({"seed": "1", "step": "999", "dealt": "4:1"}, "step"),
])
def test_the_hand_widget_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("hand", **params).startswith(field)


def test_every_brus_page_places_only_brus_figures_that_render() -> None:
    for page in sorted(DOCS.glob("*.md")):
        for attrs in re.findall(r'<div class="sv-(?:figure|widget)" ([^>]*)>', page.read_text(encoding="utf-8")):
            params = dict(re.findall(r'data-([\w-]+)="([^"]*)"', attrs))
            assert params.get("game") == GAME, (page.name, attrs)
