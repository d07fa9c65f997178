"""Klørsjavs on the site (stytvolt.klorsjavs.site): figures and widgets, with answers worked by hand.

The expectations come from the rules as our pages state them (docs/klorsjavs/*.md, rulings R42-R54): the nine
trumps ♣Q ♠Q ♣J ♠J ♥J ♦J ♣A ♣K ♣5 are the club suit; the plain suits run A K 5 (spades) and A K Q 5; the
four-hand pack has no ♥Q or ♦Q; the auction has no wenzels and every suit runs A K Q J 5; øre from 60; the
auction's tariffs, which each opponent pays the declarer.
"""

from __future__ import annotations

import re

import pytest

from stytvolt.web import WidgetError, render_figure, render_widget
from stytvolt.klorsjavs.site import bot_name
from htmlkit import cards_in, markup, steps_of, totals

GAME = "klorsjavs"


def fig(kind: str, **params: str) -> str:
    return render_figure(kind, params, game=GAME)


def ask(widget: str, **params: str) -> dict[str, object]:
    from stytvolt.web import handle

    return handle({"game": GAME, "widget": widget, "params": params})


def answer(widget: str, **params: str) -> tuple[str, dict[str, str]]:
    response = ask(widget, **params)
    assert response["ok"] is True, response
    html, fields = response["html"], response["set"]
    assert isinstance(html, str) and isinstance(fields, dict)
    return html, fields


def refused(widget: str, **params: str) -> str:
    response = ask(widget, **params)
    assert response["ok"] is False, response
    error = response["error"]
    assert isinstance(error, str)
    return error


# -- cards and the order ---------------------------------------------------------------------------------------------


def test_cards_say_their_name_and_place() -> None:
    html = fig("cards", cards="S5 C5 SQ HQ SK CQ", order="trump")
    # Trumps first (♣Q 1st, ♠Q 2nd, ♣5 9th and last), then spades A K 5, then hearts A K Q 5.
    assert cards_in(html) == ["CQ", "SQ", "C5", "SK", "S5", "HQ"]
    assert markup(html).labels == [
        "queen of clubs, highest trump (a wenzel)",
        "queen of spades, 2nd trump (a wenzel)",
        "five of clubs, lowest trump",
        "king of spades, 2nd spade",  # R42: ♠K is a plain spade, between the ace and the five
        "five of spades, lowest spade",
        "queen of hearts, 3rd heart",
    ]
    assert html.count("sv-permanent") == 2 and html.count("wenzel</span>") == 2


def test_the_four_hand_and_auction_packs() -> None:
    # Four-hand: hearts are A K 5, so the king is the second and the five the lowest.
    assert markup(fig("cards", cards="HK H5", variant="four-hand")).labels == [
        "king of hearts, 2nd heart", "five of hearts, lowest heart"]
    with pytest.raises(WidgetError, match="^cards:"):
        fig("cards", cards="HQ", variant="four-hand")
    # Auction, hearts trumps: ♠J is the fourth spade (A K Q J 5), ♥A the highest trump.
    assert markup(fig("cards", cards="SJ HA", variant="auction", trump="H")).labels == [
        "jack of spades, 4th spade", "ace of hearts, highest trump"]


def test_the_order_of_each_pack() -> None:
    assert cards_in(fig("order")) == [
        "CQ", "SQ", "CJ", "SJ", "HJ", "DJ", "CA", "CK", "C5", "SA", "SK", "S5", "HA", "HK", "HQ", "H5",
        "DA", "DK", "DQ", "D5"]
    four = cards_in(fig("order", variant="four-hand"))
    assert len(four) == 18 and "HQ" not in four and "DQ" not in four
    assert cards_in(fig("order", variant="auction", trump="S"))[:5] == ["SA", "SK", "SQ", "SJ", "S5"]
    assert "♥Q is not in the four-hand pack" in fig("order", variant="four-hand")


@pytest.mark.parametrize("params, field", [
    ({"cards": "CA", "trump": "H"}, "trump: only Auction Klørsjavs names a trump suit"),
    ({"cards": "CA", "variant": "auction"}, "trump: name the suit"),
    ({"cards": "CA", "variant": "five-hand"}, "variant:"),
    ({"cards": "C7"}, "cards:"),
    ({"cards": ""}, "cards:"),
])
def test_bad_cards_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    with pytest.raises(WidgetError, match=f"^{re.escape(field)}"):
        fig("cards", **params)


# -- a trick ----------------------------------------------------------------------------------------------------------

# docs/klorsjavs/play.md, "Example tricks" (Anne, Bo, Carl), and variants.md's auction examples.
PAGE_TRICKS = [
    ("klorsjavs", "", "HA HK SJ", 2),  # the only trump
    ("klorsjavs", "", "SK SQ SA", 1),  # ♠Q is a trump
    ("klorsjavs", "", "SA S5 C5", 2),  # the lowest trump beats any plain card
    ("klorsjavs", "", "DK DA HA", 1),  # no trump: the highest diamond
    ("klorsjavs", "", "CA DJ CK", 1),  # every wenzel above ♣A
    ("klorsjavs", "", "HJ CA HA", 0),  # a trump led; ♥A is not a trump
    ("klorsjavs", "", "HQ H5 DA", 0),
    ("klorsjavs", "", "D5 DK DQ", 1),
    ("auction", "H", "HA HK SJ", 0),  # ♠J is only a spade here
    ("auction", "H", "CQ CA CK", 1),
    ("auction", "S", "SJ SA S5", 1),
    ("auction", "C", "HJ H5 C5", 2),
    ("auction", "S", "D5 DQ S5", 2),
    ("auction", "D", "HA HJ HQ", 0),
    ("four-hand", "", "HA HK H5 SJ", 3),
]


@pytest.mark.parametrize("variant, trump, cards, winner", PAGE_TRICKS)
def test_the_pages_example_tricks(variant: str, trump: str, cards: str, winner: int) -> None:
    names = "Anne,Bo,Carl,Dan" if variant == "four-hand" else "Anne,Bo,Carl"
    html = fig("trick", variant=variant, trump=trump, cards=cards, names=names)
    assert f'data-winner="{winner}"' in html and html.count("sv-winner") == 1
    assert f"played by {names.split(',')[winner]}" in html
    markup(html)


def test_the_wenzel_trap_is_spelled_out() -> None:
    html = fig("trick", cards="SK SQ SA", names="Anne,Bo,Carl")
    codes = re.findall(r'<li data-code="([\w-]+)">', html)
    assert codes == ["follow-lead", "follow-permanent", "follow-follows", "trumped"]
    assert "it is a wenzel, a trump and so a club, not one of the spades. So Bo held no plain spade" in html
    led = fig("trick", cards="DJ CK DA")  # trap 4: a led jack is a club lead
    assert "a wenzel: a trump, so a club lead, though a diamond is printed on it" in led


@pytest.mark.parametrize("params, field", [
    ({"cards": "HA HK H5 SJ"}, "cards: a trick of Klørsjavs (three hands) holds at most 3 cards; 4 given"),
    ({"cards": "HA HA"}, "cards:"),
    ({"cards": "HA", "variant": "auction", "trump": "Q"}, "trump:"),
    ({"cards": "HA HK", "names": "Anne"}, "names:"),
])
def test_bad_tricks_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    with pytest.raises(WidgetError, match=f"^{re.escape(field)}"):
        fig("trick", **params)


def test_the_trick_explainer_widget_forgives_a_trump_left_from_the_auction() -> None:
    html, fields = answer("trick", variant="klorsjavs", trump="H", cards="HA HK SJ")
    assert 'data-winner="2"' in html and fields == {"variant": "klorsjavs", "trump": ""}
    html, fields = answer("trick", variant="auction", trump="", cards="HA HK SJ")  # hearts until one is named
    assert 'data-winner="0"' in html and fields["trump"] == "H"
    first = render_widget("trick", {"cards": "SK SQ SA"}, game=GAME)
    assert markup(first).fields == ["variant", "trump", "cards"] and ">Explain the trick</button>" in first


# -- the sheets ---------------------------------------------------------------------------------------------------

# docs/klorsjavs/scoring.md, example 3: Bo 62; Carl 95; Anne folds; Bo 48; Carl 120; Anne 75; Carl 104; Bo 120.
EXAMPLE_3 = "2:62 3:95 1:fold 2:48 3:120 1:75 3:104 2:120"


def test_example_3_a_whole_game() -> None:
    html = fig("sheet", results=EXAMPLE_3)
    assert totals(html) == [
        ["60", "60", "60"], ["56", "60", "56"], ["48", "52", "56"], ["40", "52", "56"], ["40", "44", "56"],
        ["24", "28", "56"], ["24", "24", "52"], ["16", "16", "52"], ["0", "16", "36"]]
    assert "Anne loses" in html and "Anne declares and folds: Anne subtracts 8." in html


def test_example_4_a_tie_for_lowest_plays_one_more_hand() -> None:
    html = fig("sheet", results="1:120 3:58", start="30,12,12")
    assert totals(html) == [["30", "12", "12"], ["30", "−4", "−4"], ["30", "−4", "−12"]]
    assert "The lowest score is shared: one more hand is played." in html and "Carl loses" in html


def test_four_hand_bands() -> None:
    # variants.md: 90 costs each of the three opponents 8 with four players; 58 is a win (4 each); 57 a loss.
    html = fig("sheet", variant="four-hand", results="1:90 2:58 3:57")
    assert totals(html) == [["60"] * 4, ["60", "52", "52", "52"], ["56", "52", "48", "48"], ["56", "52", "40", "48"]]


def test_the_auction_sheet() -> None:
    # variants.md: Anne's Spil at 75 (+1 from each); Bo's Stryger at 45 (-4 to each); Carl's Tout (+10 from each);
    # Anne's Strøget tout loses a trick (-15 to each).  A session of four hands: Carl wins with 38.
    html = fig("sheet", variant="auction", results="1:spil:75 2:stryger:45 3:tout:won 1:strøget-tout:lost", hands="4")
    assert totals(html)[1:] == [["2", "−1", "−1"], ["6", "−9", "3"], ["−4", "−19", "23"], ["−34", "−4", "38"]]
    assert "Carl wins the session with 38" in html
    # R44 and R50: 31 in a Spil is -1; a Spil with no trick is -3, a Stryger with none -12.
    low = fig("sheet", variant="auction", results="1:spil:31 2:spil:notrick 3:stryger:notrick")
    # Anne pays each 1; Bo pays each 3 (Anne -2 + 3 = 1, Carl 1 + 3 = 4); Carl pays each 12 (4 - 24 = -20).
    assert totals(low)[1:] == [["−2", "1", "1"], ["1", "−5", "4"], ["13", "7", "−20"]]


@pytest.mark.parametrize("params, field", [
    ({"results": "1:spil:75"}, "results: hand 1 is"),
    ({"results": "4:75"}, "results: hand 1 names player 4"),
    ({"results": "1:121"}, "results: hand 1: "),
    ({"results": "1:115", "variant": "four-hand"}, "results: hand 1: "),
    ({"results": "1:tout:75", "variant": "auction"}, "results: hand 1 is '1:tout:75'; a Tout ends in won or lost"),
    ({"results": "1:grand:75", "variant": "auction"}, "results: hand 1 bids"),
    ({"results": "1:0 1:0 1:0 1:0 1:0 1:0 1:0 1:0 1:75"}, "results: hand 9 comes after the game was decided"),
    ({"results": "", "start": "60,60"}, "start:"),
    ({"results": "", "variant": "auction", "hands": "0"}, "hands:"),
])
def test_bad_sheets_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    with pytest.raises(WidgetError, match=f"^{re.escape(field)}"):
        fig("sheet", **params)


# -- the scoring calculator --------------------------------------------------------------------------------------------


def score_of(**params: str) -> str:
    html, _ = answer("calculator", **params)
    found = re.search(r'<span data-answer="score">([^<]*)</span>', html)
    assert found
    return found.group(1)


@pytest.mark.parametrize("params, said", [
    ({"declarer": "2", "points": "62"}, "Anne and Carl subtract 4 øre each"),
    ({"declarer": "2", "points": "91"}, "Anne and Carl subtract 8 øre each"),
    ({"declarer": "2", "points": "120"}, "Anne and Carl subtract 16 øre each"),
    ({"declarer": "2", "points": "60"}, "Bo subtracts 8 øre"),  # exactly half is a loss
    ({"declarer": "1", "points": "75", "folded": "yes"}, "Anne subtracts 8 øre"),
    ({"variant": "four-hand", "declarer": "4", "points": "86"}, "Anne, Bo and Carl subtract 8 øre each"),
    ({"variant": "four-hand", "declarer": "1", "points": "57"}, "Anne subtracts 8 øre"),
    ({"variant": "auction", "bid": "spil", "points": "75"}, "Each opponent pays Anne 1 (Anne +2)"),
    ({"variant": "auction", "bid": "stryger", "points": "31"}, "Anne pays each opponent 4 (Anne -8)"),
    ({"variant": "auction", "bid": "spil", "points": "30", "tricks": "1"}, "Anne pays each opponent 2 (Anne -4)"),
    ({"variant": "auction", "bid": "spil", "points": "20", "tricks": "0"}, "Anne pays each opponent 3 (Anne -6)"),
    ({"variant": "auction", "bid": "tout", "tricks": "6"}, "Each opponent pays Anne 10 (Anne +20)"),
    ({"variant": "auction", "bid": "strøget tout", "tricks": "5"}, "Anne pays each opponent 15 (Anne -30)"),
])
def test_the_calculator_scores_the_tables(params: dict[str, str], said: str) -> None:
    assert score_of(**params) == said


def test_adding_undoing_and_a_new_game() -> None:
    html, fields = answer("calculator", declarer="2", points="62", action="add")
    assert fields["sheet"] == "2:62" and totals(html)[-1] == ["56", "60", "56"]
    html, fields = answer("calculator", declarer="1", folded="yes", sheet=fields["sheet"], sheet_variant="klorsjavs",
                          action="add")
    assert fields["sheet"] == "2:62 1:fold" and totals(html)[-1] == ["48", "60", "56"]
    html, fields = answer("calculator", sheet=fields["sheet"], sheet_variant="klorsjavs", action="undo")
    assert fields["sheet"] == "2:62"
    html, fields = answer("calculator", variant="auction", sheet=fields["sheet"], sheet_variant="klorsjavs")
    assert fields["sheet"] == "" and "A new sheet for Auction Klørsjavs" in html
    html, fields = answer("calculator", variant="auction", bid="tout", tricks="6", action="add")
    assert fields["sheet"] == "1:tout:won" and totals(html)[-1] == ["20", "−10", "−10"]
    error = refused("calculator", sheet="1:0 " * 8, sheet_variant="klorsjavs", action="add")
    assert error.startswith("sheet: the game on this sheet is already decided")


@pytest.mark.parametrize("params, field", [
    ({"points": "121"}, "points:"),
    ({"variant": "four-hand", "points": "115"}, "points:"),
    ({"points": ""}, "points:"),
    ({"declarer": "4"}, "declarer:"),
    ({"folded": "perhaps"}, "folded:"),
    ({"variant": "auction", "bid": "grand"}, "bid:"),
    ({"variant": "auction", "bid": "tout"}, "tricks: a Tout is scored by tricks"),
    ({"variant": "auction", "tricks": "7"}, "tricks:"),
    ({"variant": "auction", "bid": "spil", "points": "120", "tricks": "0"}, "tricks:"),
    ({"sheet": "2:62 nonsense"}, "sheet: hand 2"),
    ({"action": "boom"}, "action:"),
])
def test_the_calculator_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("calculator", **params).startswith(field)


def test_the_calculators_controls() -> None:
    first = render_widget("calculator", {"declarer": "2", "points": "62"}, game=GAME)
    assert markup(first).fields == ["variant", "declarer", "points", "folded", "bid", "tricks", "sheet", "sheet_variant"]
    assert "Anne and Carl subtract 4 øre each" in first
    for text in ("Score this hand", "Add to the sheet", "Undo the last hand", "New sheet"):
        assert f">{text}</button>" in first


# -- the worked hand ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant, players", [("klorsjavs", 3), ("four-hand", 4), ("auction", 3)])
def test_a_worked_hand_steps_through_to_the_score(variant: str, players: int) -> None:
    for seed in ("3", "11"):
        html = fig("hand", variant=variant, seed=seed)
        titles = steps_of(html)
        played = [t.rsplit(" plays ", 1)[1] for t in titles if " plays " in t]
        assert len(played) == len(set(played))
        folded = any(t.endswith(" folds") for t in titles)
        if not folded:  # 18 (16 in four-hand) cards are played; two lie aside
            assert len(played) == (16 if players == 4 else 18)
            assert html.count("wins the trick</strong>") == len(played) // players
        assert titles[-1] == "The score" and '<div class="sv-stepper" data-start="0"' in html
        markup(html)
    assert ("SimpleBot" in html) if bot_name() == "SimpleBot" else ("choosing at random" in html)


def test_the_hand_widget_keeps_its_step_for_the_same_hand_only() -> None:
    html, fields = answer("hand", variant="auction", seed="3")
    assert fields == {"variant": "auction", "seed": "3", "step": "1", "dealt": "auction:3"}
    html, fields = answer("hand", variant="auction", seed="3", step="4", dealt="auction:3")
    assert fields["step"] == "4" and 'data-start="3"' in html
    html, fields = answer("hand", variant="klorsjavs", seed="3", step="4", dealt="auction:3")
    assert fields["step"] == "1"


@pytest.mark.parametrize("params, field", [
    ({"seed": "x"}, "seed:"),
    ({"variant": "five-hand"}, "variant:"),
    ({"seed": "3", "step": "999", "dealt": "klorsjavs:3"}, "step:"),
])
def test_the_hand_widget_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("hand", **params).startswith(field)


@pytest.mark.skipif(bot_name() != "SimpleBot", reason="the page describes the hand SimpleBot plays")
def test_the_play_pages_worked_hand_shows_what_the_page_says() -> None:
    # docs/klorsjavs/play.md: in seed 13 Carl declares and swipes the cat, then trumps a spade lead with ♠J.
    from htmlkit import step_bodies

    steps = step_bodies(fig("hand", variant="klorsjavs", seed="13"))
    assert "Carl says play" in steps and "Carl swipes the cat" in steps
    assert 'data-code="follow-permanent">Carl plays ♠J: it does not follow' in steps["Trick 1: Carl plays ♠J"]
