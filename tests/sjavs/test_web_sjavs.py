"""Sjavs on the site (stytvolt.sjavs.site): the figures and widgets a page asks for, with answers worked by hand.

The expectations come from the rules as our pages state them (docs/sjavs/*.md, rulings R33-R41), not from the
engine: the permanent trumps ♣Q ♠Q ♣J ♠J ♥J ♦J above the trump suit's own A K (Q) 10 9 8 7; following suit with
the permanent trumps counted in the trump suit; the game-point table; the sheet from 24 down.
"""

from __future__ import annotations

import re

import pytest
from htmlkit import cards_in, markup, step_bodies, steps_of, totals

from stytvolt.web import MAX_CHALK_RECORDS, WidgetError, handle, render_figure, render_widget

GAME = "sjavs"


def fig(kind: str, **params: str) -> str:
    return render_figure(kind, params, game=GAME)


def ask(widget: str, **params: str) -> dict[str, object]:
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


# -- cards: every card says its name and its role -------------------------------------------------------------


def test_cards_say_their_name_and_place_with_hearts_trumps() -> None:
    html = fig("cards", cards="S7 HA CQ DJ H7 SA", trump="H", order="trump")
    # Hearts trumps: ♣Q ♠Q ♣J ♠J ♥J ♦J, then ♥A K Q 10 9 8 7 (13); then spades A K 10 9 8 7.
    assert cards_in(html) == ["CQ", "DJ", "HA", "H7", "SA", "S7"]
    assert markup(html).labels == [
        "queen of clubs, highest trump (a permanent trump)",
        "jack of diamonds, 6th trump (a permanent trump)",
        "ace of hearts, 7th trump",
        "seven of hearts, lowest trump",
        "ace of spades, highest spade",
        "seven of spades, lowest spade",
    ]
    assert "The trump suit from the top" in html
    # The permanent trumps are marked by a class and by words in the caption, not by colour alone.
    assert html.count("sv-permanent") == 2 and html.count("permanent</span>") == 2


def test_cards_without_a_trump_name_the_permanent_trumps() -> None:
    labels = markup(fig("cards", cards="CQ SJ DJ HA")).labels
    assert labels == [
        "queen of clubs, a permanent trump, the highest of the six",
        "jack of spades, a permanent trump, the 4th of the six",
        "jack of diamonds, a permanent trump, the lowest of the six",
        "ace of hearts, an ordinary heart",
    ]


def test_a_black_queen_is_a_trump_but_a_red_queen_is_a_heart() -> None:
    # Spades trumps: ♥Q is the third heart (A K Q), ♠Q the second trump.
    assert markup(fig("cards", cards="HQ SQ", trump="S")).labels == [
        "queen of hearts, 3rd heart", "queen of spades, 2nd trump (a permanent trump)"]


@pytest.mark.parametrize("params, field", [
    ({"cards": ""}, "cards:"),
    ({"cards": "C2 CA"}, "cards:"),  # no twos in the Sjavs pack
    ({"cards": "CA CA"}, "cards:"),
    ({"cards": "CA", "trump": "X"}, "trump:"),
    ({"cards": "CA", "order": "trump"}, "order:"),  # an order needs a trump suit
    ({"cards": "CA", "trump": "H", "order": "sideways"}, "order:"),
])
def test_bad_cards_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    with pytest.raises(WidgetError, match=f"^{field}"):
        fig("cards", **params)


# -- the order of the pack ------------------------------------------------------------------------------------------


def test_the_order_with_hearts_trumps_is_the_pages_table() -> None:
    html = fig("order", trump="H")
    # docs/sjavs/cards.md, "One hand, every card in its place": 13 trumps, spades 6, diamonds 7, clubs 6.
    assert cards_in(html) == [
        "CQ", "SQ", "CJ", "SJ", "HJ", "DJ", "HA", "HK", "HQ", "HT", "H9", "H8", "H7",
        "SA", "SK", "ST", "S9", "S8", "S7",
        "DA", "DK", "DQ", "DT", "D9", "D8", "D7",
        "CA", "CK", "CT", "C9", "C8", "C7",
    ]
    assert "<strong>Trumps</strong>: 13 cards" in html
    assert "(♣Q and ♣J are trumps, not clubs)" in html and "(♦J is a trump, not a diamond)" in html


def test_a_black_trump_suit_has_twelve_cards() -> None:
    html = fig("order", trump="C")
    assert cards_in(html)[:12] == ["CQ", "SQ", "CJ", "SJ", "HJ", "DJ", "CA", "CK", "CT", "C9", "C8", "C7"]
    assert "<strong>Trumps</strong>: 12 cards" in html and len(cards_in(html)) == 32


# -- a trick ------------------------------------------------------------------------------------------------------

# docs/sjavs/play.md, "Example tricks": South leads, then West, North and East.
SWNE = "South,West,North,East"
PAGE_TRICKS = [
    ("H", "C7 CQ CA C8", 1),  # ♣Q is a trump; West had no ordinary club
    ("H", "DK DA SA DT", 1),  # no trump: the highest diamond
    ("H", "DK DA H7 DT", 2),  # the only trump
    ("C", "SA CJ HJ S7", 1),  # ♣J above ♥J
    ("H", "C9 CA HJ H7", 2),  # a permanent trump above the trump suit's own
    ("D", "SQ CJ C7 CA", 0),  # trumps led; clubs are not trumps
    ("H", "HJ HA HK H7", 0),  # ♥J above the ace of trumps
]


@pytest.mark.parametrize("trump, cards, winner", PAGE_TRICKS)
def test_the_pages_example_tricks(trump: str, cards: str, winner: int) -> None:
    html = fig("trick", trump=trump, cards=cards, names=SWNE)
    assert f'data-winner="{winner}"' in html
    assert html.count("sv-winner") == 1 and " — wins" in html  # the winner is said in words too
    assert f"played by {SWNE.split(',')[winner]}" in html
    assert len(markup(html).labels) == 4


def test_the_permanent_trump_trap_is_spelled_out() -> None:
    html = fig("trick", trump="H", cards="C7 CQ CA C8", names=SWNE)
    notes = re.findall(r'<li data-code="([\w-]+)">([^<]*)</li>', html)
    assert [code for code, _ in notes] == ["follow-lead", "follow-permanent", "follow-follows", "follow-follows", "trumped"]
    assert "♣Q: it does not follow, for it is a permanent trump, not one of the clubs. So West held no ordinary club" in notes[1][1]


def test_following_a_trump_lead_with_a_permanent_trump() -> None:
    # Spades trumps and ♦J led: a trump lead (trap 4); ♠9 follows it, ♦A does not.
    html = fig("trick", trump="S", cards="DJ S9 DA")
    codes = re.findall(r'<li data-code="([\w-]+)">', html)
    assert codes == ["follow-lead", "follow-follows", "follow-discard", "highest-trump-led"]
    assert "a permanent trump: this is a trump lead, though a diamond is printed on it" in html
    assert 'data-winner="0"' in html  # ♦J is the 6th trump, above ♠9


@pytest.mark.parametrize("params, field", [
    ({"trump": "H", "cards": ""}, "cards:"),
    ({"trump": "H", "cards": "C7 C8 C9 CT CA"}, "cards: a trick holds at most 4 cards; 5 given"),
    ({"trump": "H", "cards": "C7 X9"}, "cards:"),
    ({"trump": "heartz", "cards": "C7"}, "trump:"),
    ({"trump": "H", "cards": "C7 C8", "names": "South"}, "names:"),
])
def test_bad_tricks_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    with pytest.raises(WidgetError, match=f"^{re.escape(field)}"):
        fig("trick", **params)


def test_the_trick_explainer_widget() -> None:
    html, fields = answer("trick", trump="C", cards="SA CJ HJ S7")
    assert 'data-winner="1"' in html and fields == {"trump": "C"}
    first = render_widget("trick", {"trump": "H", "cards": "C7 CQ CA C8"}, game=GAME)
    parsed = markup(first)
    assert parsed.fields == ["trump", "cards"]
    assert ">Explain the trick</button>" in first and "<label>Trumps <select" in first
    assert 'data-winner="1"' in first
    assert refused("trick", trump="H", cards="C7 C7").startswith("cards:")


# -- the score sheet -------------------------------------------------------------------------------------------

# docs/sjavs/scoring.md, example 6: We 2 (hearts 75 in 5 tricks); They fail with clubs at 40: We 8; two ties (2, then
# 4 carried); They 95 with diamonds: 4 + 4 carried; We vol with clubs: 16.
EXAMPLE_6 = "1:H:75:5 2:C:40:3 1:S:60:4 2:H:60:4 2:D:95:6 1:C:120:8"


def test_example_6_a_short_rubber() -> None:
    html = fig("sheet", results=EXAMPLE_6)
    assert totals(html) == [["24", "24"], ["22", "24"], ["14", "24"], ["14", "24"], ["14", "24"], ["14", "16"], ["−2", "16"]]
    assert "They score 4 + 4 carried = 8." in html and "4 carried to the next hand" in html
    assert "We win the rubber" in html and "double victory" not in html
    markup(html)


def test_example_7_a_double_victory() -> None:
    # We 4 (95, spades); We 8 (They 20 in two tricks, hearts); We 8 (They 50, clubs); We vol with hearts: 12.
    html = fig("sheet", results="1:S:95:6 2:H:20:2 2:C:50:3 1:H:120:8")
    assert totals(html)[-1] == ["−8", "24"]
    assert "We win the rubber" in html and "They never scored: a double victory." in html


def test_three_players_the_opponents_each_score() -> None:
    # docs/sjavs/variants.md: Anna fails with clubs at 50 (8 each to Bárður and Cecilia); a tie; Cecilia fails with
    # spades at 40 (4 + 2 carried each to Anna and Bárður); Bárður 100 with diamonds scores 4.
    html = fig("sheet", players="3", results="1:C:50:4 2:H:60:5 3:S:40:3 2:D:100:7")
    assert totals(html) == [["24"] * 3, ["24", "16", "16"], ["24", "16", "16"], ["18", "10", "16"], ["18", "6", "16"]]
    assert "Anna and Bárður score 4 + 2 carried = 6 each." in html and "Nobody has reached 0 yet" in html


def test_a_sheet_may_start_from_any_totals_and_names_its_columns() -> None:
    html = fig("sheet", results="2:H:95:6", names="Us,Them", start="6,3")
    assert totals(html) == [["6", "3"], ["6", "−1"]] and "Them win the rubber" in html and "<th scope=\"row\">before" in html


@pytest.mark.parametrize("params, field", [
    ({"results": "1:H:75"}, "results: hand 1 is"),
    ({"results": "3:H:75:5"}, "results: hand 1 names column 3"),
    ({"results": "1:X:75:5"}, "results: hand 1 names the trump"),
    ({"results": "1:H:75:5 1:H:130:5"}, "results: hand 2: "),
    ({"results": "1:H:100:8"}, "results: hand 1: "),  # every trick means all 120 points
    ({"results": "1:H:120:8 " * 3 + "1:H:75:5"}, "results: hand 3 comes after the rubber was won"),
    ({"results": "1:H:75:5 " * (MAX_CHALK_RECORDS + 1)}, f"results: a sheet holds at most {MAX_CHALK_RECORDS} hands"),
    ({"results": "", "players": "5"}, "players:"),
    ({"results": "", "names": "We,They,Others"}, "names:"),
    ({"results": "", "start": "24"}, "start:"),
])
def test_bad_sheets_are_refused_naming_the_field(params: dict[str, str], field: str) -> None:
    with pytest.raises(WidgetError, match=f"^{re.escape(field)}"):
        fig("sheet", **params)


# -- the scoring calculator ------------------------------------------------------------------------------------------


def score_of(**params: str) -> str:
    html, _ = answer("calculator", **params)
    found = re.search(r'<span data-answer="score">([^<]*)</span>', html)
    assert found
    return found.group(1)


@pytest.mark.parametrize("params, said", [
    ({"trump": "H", "points": "75", "tricks": "5"}, "The announcers (We) score 2"),
    ({"trump": "C", "points": "75", "tricks": "5"}, "The announcers (We) score 4"),  # R33: 4, not 5
    ({"trump": "C", "points": "40", "tricks": "3"}, "The opponents (They) score 8"),
    ({"trump": "H", "points": "120", "tricks": "7"}, "The announcers (We) score 4"),  # R34: not vol
    ({"trump": "D", "points": "0", "tricks": "1"}, "The opponents (They) score 8"),  # R35: one trick escapes 16
    ({"trump": "D", "points": "0", "tricks": "0"}, "The opponents (They) score 16"),
    ({"trump": "S", "points": "60", "tricks": "4"}, "Nobody scores"),
    ({"trump": "H", "points": "120", "tricks": "8"}, "The announcers (We) score 12"),
    ({"trump": "C", "points": "120", "tricks": "8", "alone": "yes"}, "The announcers (We) score 24"),
    ({"trump": "C", "points": "90", "tricks": "6", "announcers": "2"}, "The announcers (They) score 8"),
    ({"players": "3", "trump": "C", "points": "120", "tricks": "10"}, "The announcers (Anna) score 16"),  # R39
    ({"players": "3", "trump": "S", "points": "40", "tricks": "3", "announcers": "3"},
     "The opponents (Anna and Bárður) score 4 each"),
])
def test_the_calculator_scores_the_table(params: dict[str, str], said: str) -> None:
    assert score_of(**params) == said


def test_the_calculator_names_the_row_with_both_values() -> None:
    html, _ = answer("calculator", trump="H", points="75", tricks="5")
    assert "The row: 61 to 89 card points, worth 2 with other trumps and 4 with clubs." in html
    html, _ = answer("calculator", trump="H", points="0", tricks="0")
    assert "worth 16 whatever the trumps" in html


def test_adding_undoing_and_starting_a_new_sheet() -> None:
    html, fields = answer("calculator", trump="H", points="75", tricks="5", action="add")
    assert fields["sheet"] == "1:H:75:5" and totals(html)[-1] == ["22", "24"] and "Hand 1 is added" in html
    html, fields = answer("calculator", announcers="2", trump="C", points="40", tricks="3", sheet=fields["sheet"],
                          sheet_players="4", action="add")
    assert fields["sheet"] == "1:H:75:5 2:C:40:3" and totals(html)[-1] == ["14", "24"]
    html, fields = answer("calculator", sheet=fields["sheet"], sheet_players="4", action="undo")
    assert fields["sheet"] == "1:H:75:5" and totals(html)[-1] == ["22", "24"]
    html, fields = answer("calculator", sheet=fields["sheet"], sheet_players="4", action="reset")
    assert fields["sheet"] == "" and totals(html) == [["24", "24"]]


def test_carried_points_go_to_the_next_scorers() -> None:
    # A 60-60 tie on the sheet: They then take 95 with diamonds and score 4 + the 2 carried.
    html, fields = answer("calculator", announcers="2", trump="D", points="95", tricks="6", sheet="1:S:60:4",
                          sheet_players="4", action="add")
    assert "2 game points carried from tied hands go to the same scorers: 6 come off in all." in html
    assert totals(html)[-1] == ["24", "18"]


def test_a_new_number_of_players_starts_a_new_sheet() -> None:
    html, fields = answer("calculator", players="3", sheet="1:H:75:5", sheet_players="4")
    assert fields["sheet"] == "" and fields["sheet_players"] == "3" and "A new sheet for 3 players" in html


def test_a_won_rubber_takes_no_more_hands() -> None:
    error = refused("calculator", sheet="1:H:120:8 1:H:120:8", sheet_players="4", action="add")
    assert error.startswith("sheet: the rubber on this sheet is already won")


@pytest.mark.parametrize("params, field", [
    ({"points": "121"}, "points:"),
    ({"points": ""}, "points:"),
    ({"points": "seventy"}, "points:"),
    ({"tricks": "9"}, "tricks:"),
    ({"players": "3", "tricks": "11"}, "tricks:"),
    ({"points": "100", "tricks": "8"}, "points:"),  # every trick holds all 120
    ({"points": "10", "tricks": "0"}, "points:"),  # no trick holds no points
    ({"alone": "yes"}, "alone:"),
    ({"alone": "maybe"}, "alone:"),
    ({"players": "5"}, "players:"),
    ({"announcers": "3"}, "announcers:"),
    ({"trump": "Z"}, "trump:"),
    ({"sheet": "1:H:75:5 oops"}, "sheet: hand 2"),
    ({"action": "explode"}, "action:"),
])
def test_the_calculator_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("calculator", **params).startswith(field)


def test_the_calculators_controls_are_labelled_fields_and_plain_buttons() -> None:
    first = render_widget("calculator", {}, game=GAME)
    assert markup(first).fields == ["players", "announcers", "trump", "points", "tricks", "alone", "sheet", "sheet_players"]
    for text in ("Score this hand", "Add to the sheet", "Undo the last hand", "New sheet"):
        assert f">{text}</button>" in first
    # The first answer is the page's example, shown before any script runs.
    assert "The announcers (We) score 2" in first


# -- the worked hand ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, plays", [("4", 32), ("3", 30), ("2", 32)])
def test_a_worked_hand_plays_every_card_once(players: str, plays: int) -> None:
    html = fig("hand", players=players, seed="7")
    titles = steps_of(html)
    played = [t.rsplit(" plays ", 1)[1] for t in titles if " plays " in t]
    assert len(played) == plays == len(set(played))  # three players leave two cards in the talon
    assert titles[-1] == "The score" and "The deal" in titles
    assert html.count("wins the trick</strong>") == plays // int(players)
    # The stepper's contract with interactive/stepper.mjs.
    assert '<div class="sv-stepper" data-start="0"' in html and '<div class="sv-stepper-nav" hidden>' in html
    assert all(f'data-go="{go}" disabled' in html for go in ("first", "back", "forward", "last"))
    assert f'<p class="sv-stepper-pos" role="status" aria-live="polite">Step 1 of {len(titles)}</p>' in html
    markup(html)


def test_the_hand_widget_keeps_its_step_for_the_same_hand_only() -> None:
    html, fields = answer("hand", players="4", seed="7")
    assert fields == {"players": "4", "seed": "7", "step": "1", "dealt": "4:7"}
    html, fields = answer("hand", players="4", seed="7", step="5", dealt="4:7")
    assert fields["step"] == "5" and 'data-start="4"' in html
    html, fields = answer("hand", players="3", seed="7", step="5", dealt="4:7")  # another hand: from its start
    assert fields["step"] == "1" and fields["dealt"] == "3:7"
    html, fields = answer("hand", players="4", seed="7", step="5", dealt="4:7", action="show")
    assert fields["step"] == "1"
    html, fields = answer("hand", players="2", seed="", action="random")
    assert fields["seed"].isdigit() and fields["dealt"] == f"2:{fields['seed']}"


@pytest.mark.parametrize("params, field", [
    ({"seed": "-1"}, "seed:"),
    ({"seed": "9" * 20}, "seed:"),
    ({"seed": "7", "step": "500", "dealt": "4:7"}, "step: this hand has steps 1 to"),
    ({"players": "1"}, "players:"),
    ({"action": "deal"}, "action:"),
])
def test_the_hand_widget_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("hand", **params).startswith(field)




def test_the_play_pages_worked_hand_shows_what_the_page_says() -> None:
    # docs/sjavs/play.md: in seed 8 East names hearts, and in the fifth trick East answers a diamond lead with ♦J.
    steps = step_bodies(fig("hand", players="4", seed="8"))
    assert "East names hearts trumps" in steps
    trap = steps["Trick 5: East plays ♦J"]
    assert 'data-code="follow-permanent">East plays ♦J: it does not follow' in trap
