"""Vira on the site (stytvolt.vira.site and docs/vira/*.md): figures, widgets and the pages' facts, worked by hand.

The expectations come from the rules as the pages state them (rulings R69-R86): the Stockholm table's forty
contracts in order with their points (off-colour / colour / preference), won / lost singly / kodille, the
gask's options, the house chip table (R78: won 1, lost 1, kodille 2; vingel, tringel and cuckoo losses double;
after a second try a win 0 and a loss double; a surrendered solo double).  The worked hands are real hands
SimpleBot plays, and what the pages say of them is checked here.
"""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest

from stytvolt.core.cards import parse_card
from stytvolt.vira import CHIP_VALUE, GASK_OPTIONS, HOUSE_CHIPS, HandState, Rules, contract, misere_cards
from stytvolt.web import render_figure, render_widget
from htmlkit import cards_in, markup, step_bodies, steps_of

GAME = "vira"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "vira"


def fig(figure: str, **params: str) -> str:
    return render_figure(figure, params, game=GAME)


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


def text(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def said(html: str, code: str) -> str:
    found = re.search(rf'data-(?:answer|code)="{re.escape(code)}">([^<]*)<', html)
    assert found, code
    return htmllib.unescape(found.group(1))


# -- the contracts ---------------------------------------------------------------------------------------------


def test_the_table_of_forty_in_order_and_narrow_screen_ready() -> None:
    html = fig("contracts")
    markup(html)
    assert re.findall(r'<tr data-number="(\d+)"', html) == [str(n) for n in range(1, 41)]
    assert 'data-stack=""' in html and html.count('data-label="Kind"') == 40
    rows = re.findall(r"<tr data-number.*?</tr>", html)
    # Row 5 by the table: Gask 0, win 7 or lose all 11 closed, points 0/0/1.
    assert text(rows[4]) == "5. Gask 0 (Gask på 0) gask win 7, or lose all 11, closed 0 / 0 / 1"
    # Row 6: the cuckoo, a misère open with 13 cards, one rate 0.
    assert text(rows[5]) == "6. Cuckoo (Gök) cuckoo (gök) lose all 13, open 0 (a misère: one rate)"
    assert text(rows[39]) == "40. Solo Vira solo win all 13 32 / 64 / 128"


def test_one_kind_of_the_table() -> None:
    # The gasks in table order: 0, 1, 2, 3, 4, then 6 below 5 (Gask 5 overcalls Gask 6).
    html = fig("contracts", kind="gask")
    assert re.findall(r'<tr data-number="(\d+)"', html) == ["5", "9", "14", "18", "21", "24", "27"]
    assert "Gask 6" in re.findall(r"<tr data-number.*?</tr>", html)[5]
    with pytest.raises(Exception, match="^kind:"):
        fig("contracts", kind="whist")


def test_a_contracts_card() -> None:
    html = fig("contract", name="Gask på 3")
    markup(html)
    t = text(html)
    # Gask 3: 10 tricks with trumps (won 10-13, one short 9, else kodille); misère open 12 (won 0, lost 1, kodille 2-12).
    assert "won with 10 to 13 tricks; lost singly with 9 tricks; kodille (a double loss) with 0 to 8 tricks" in t
    assert "won with 0 tricks; lost singly with 1 trick; kodille (a double loss) with 2 to 12 tricks" in t
    assert "0 off-colour, 1 in colour, 2 in preference" in t
    assert "Overcalls 17. Misère 3" in t and "Overcalled by 19. Draw 9" in t
    # The house table: won 1, lost 1, kodille 2; no second try for a gask.
    assert "won: takes 1 from the pool; lost singly: pays 1; kodille: pays 2" in t and "Second try none" in t


def test_the_cut_and_the_suit_classes() -> None:
    # ♥7 cut: hearts preference, diamonds colour (the other red suit), spades and clubs off-colour.
    t = text(fig("cut", cut="H7"))
    assert "Preference (högsta färg): ♥ hearts" in t and "Colour (färg): ♦ diamonds" in t
    assert "Off-colour (ofärg): ♠ spades and ♣ clubs" in t
    labels = markup(fig("cards", cards="HA DQ SA", cut="H7", trump="D")).labels
    assert labels == ["ace of hearts, preference", "queen of diamonds, colour, trump", "ace of spades, off-colour"]


def test_tricks_with_and_without_trumps() -> None:
    # ♠K led, ♠A, ♥2: with hearts trumps the two wins; in a misère (no trumps) the ace of the suit led.
    assert 'data-winner="2"' in fig("trick", cards="SK SA H2", trump="H", names="Anne,Bo,Carl")
    html = fig("trick", cards="SK SA H2")
    assert 'data-winner="1"' in html and "No trumps (a misère)." in html
    with pytest.raises(Exception, match="^cards:"):
        fig("trick", cards="SK SA")


# -- the overcall checker ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("params, overcalls, code", [
    ({"current": "Gask 6", "bid": "Gask på 5"}, "yes", "higher-contract"),  # 27 over 24
    ({"current": "Solo 7", "current_class": "colour", "bid": "Solo 7", "elder": "yes"}, "no", "lower-class"),
    ({"current": "Solo 7", "current_class": "colour", "bid": "Solo 7", "bid_class": "colour", "elder": "yes"},
     "yes", "hold"),
    ({"current": "Solo 7", "current_class": "colour", "bid": "Solo 7", "bid_class": "colour"}, "no", "only-equal"),
    ({"current": "Solo 6", "bid": "Tringel 9"}, "yes", "higher-contract"),  # 22 over 15
    ({"current": "Solo 9", "bid": "Vira", "bid_class": "preference"}, "no", "lower-contract"),  # 29 under 31
])
def test_the_overcall_checker(params: dict[str, str], overcalls: str, code: str) -> None:
    html, fields = answer("overcall", **params)
    assert f'data-overcalls="{overcalls}"' in html and f'data-code="{code}"' in html
    assert fields["current"] == params["current"] and fields["bid"] == params["bid"]


def test_the_overcall_checker_refuses_naming_the_field() -> None:
    assert refused("overcall", current="Solo", bid="Solo 7").startswith("current: no Vira contract is called")
    assert refused("overcall", current="Beg", bid="Vingel 7", bid_class="colour").startswith("bid_class:")
    assert refused("overcall", current="Beg", bid="Beg", elder="maybe").startswith("elder:")
    page = render_widget("overcall", {"current": "Gask 6", "bid": "Gask på 5"}, game=GAME)
    assert {"current", "current_class", "bid", "bid_class", "elder"} <= set(markup(page).fields)


# -- the contract explainer ------------------------------------------------------------------------------------------


def test_the_contract_explainer() -> None:
    # Vingel 7 (rates 1/1/3) with 5 tricks: two short, kodille; 1 point each at the colour rate; a vingel's kodille
    # costs 4 chips on the house table (double, and double again for a vingel).
    html, fields = answer("contract", name="Vingel 7", tricks="5", trumps="colour")
    assert said(html, "outcome") == "Vingel 7 with 5 tricks: kodille (kodilj)."
    assert said(html, "points") == "Each opponent is paid 1 point at the colour rate."
    assert said(html, "chips").startswith("On the house chip table the player pays 4 chips into the pool")
    # Köpmisär på 2 is Misère 2: one trick taken, lost singly; one rate, 0 points.
    html, _ = answer("contract", name="Köpmisär på 2", tricks="1")
    assert said(html, "outcome") == "Misère 2 with 1 trick: lost singly (bet)."
    # Gask 2 as its misère, no trick: won; the off-colour rate 0 (R76).
    html, _ = answer("contract", name="gask 2", tricks="0", way="misere", trumps="preference")
    assert said(html, "outcome") == "Gask 2 with 0 tricks: won (hemgång)." and "is paid" not in html
    assert said(html, "points") == "Each opponent pays the player 0 points."
    # Solo Vira in preference with 13 tricks: 128 from each opponent.
    html, _ = answer("contract", name="solo 13", tricks="13", trumps="preference")
    assert said(html, "points") == "Each opponent pays the player 128 points at the preference rate."
    assert fields["name"] == "Vingel 7"


@pytest.mark.parametrize("params, field", [
    ({"name": "Solo"}, "name:"),
    ({"name": "Gask 5", "way": "misere"}, "way:"),
    ({"name": "Misère 1", "tricks": "12"}, "tricks:"),  # a misère on one discard plays 11 tricks
    ({"name": "Beg", "trumps": "purple"}, "trumps:"),
])
def test_the_contract_explainer_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("contract", **params).startswith(field)


def test_settlements_worked_by_hand() -> None:
    # Solo 8 (1/2/4) won in preference: 4 points from each opponent, 1 chip from the pool.
    t = text(fig("settle", name="Solo 8", tricks="8", trumps="preference"))
    assert "Anne 8 1 Bo −4 0 Carl −4 0" in t and "The pool loses 1 chip." in t
    # Six tricks: kodille, the same 4 points paid the other way, 2 chips in.
    t = text(fig("settle", name="Solo 8", tricks="6", trumps="preference"))
    assert "Anne −8 −2 Bo 4 0 Carl 4 0" in t and "The pool gains 2 chips." in t
    # Vingel 7 (1/1/3) lost singly in colour: 1 point to each, 2 chips (a vingel loss doubles).
    t = text(fig("settle", name="Vingel 7", tricks="6", trumps="colour"))
    assert "Anne −2 −2 Bo 1 0 Carl 1 0" in t
    # Solo 7 surrendered, bid off-colour (0/1/2): no points, 2 chips (a surrendered solo double).
    t = text(fig("settle", name="Solo 7", tricks="surrendered"))
    assert "Anne 0 −2 Bo 0 0 Carl 0 0" in t and "double for a solo" in t


# -- worked hands ----------------------------------------------------------------------------------------------------


def _plays(html: str) -> list[str]:
    return [t.rsplit(" plays ", 1)[1] for t in steps_of(html) if " plays " in t]


@pytest.mark.parametrize("seed", ["1", "33", "50", "115"])
def test_a_worked_hand_plays_to_the_settlement(seed: str) -> None:
    html = fig("hand", seed=seed)
    markup(html)
    titles = steps_of(html)
    played = _plays(html)
    assert len(played) == len(set(played)) and len(played) % 3 == 0
    assert titles[0] == "The deal" and titles[-1] == "The settlement"
    assert html.count("wins the trick</strong>") == len(played) // 3


def test_the_scoring_pages_hand() -> None:
    # docs/vira/play-and-scoring.md, seed 33: ♥J cut; Anne Beg, Bo Beg in preference, two passes; Bo names hearts,
    # exchanges six, the opponents three each; Bo takes 6 tricks: a point from each opponent, a chip from the pool.
    steps = step_bodies(fig("hand", seed="33"))
    assert "jack of hearts, makes hearts preference" in steps["The deal"]
    titles = list(steps)
    assert titles[1:9] == ["Anne bids Beg", "Bo bids Beg in preference", "Carl passes", "Anne passes",
                           "Bo names hearts trumps", "Bo lays away 6 cards", "Bo decides to play",
                           "Carl lays away 3 cards"]
    assert titles[9] == "Anne lays away 3 cards"
    last = text(steps["The settlement"])
    assert "Bo took 6 of 13 tricks." in last and "Anne −1 0 Bo 2 1 Carl −1 0" in last
    state = HandState.deal(33, 2)
    assert state.cut == parse_card("HJ")


def test_the_contracts_pages_misere() -> None:
    # docs/vira/contracts.md, seed 115: Anne bids Misère 3, the others pass; she lays away 3 and draws 3, then
    # one more (12 cards, R74), and takes no trick of 12.
    steps = step_bodies(fig("hand", seed="115"))
    titles = list(steps)
    assert titles[1:7] == ["Anne bids Misère 3", "Bo passes", "Carl passes", "Anne lays away 3 cards",
                           "Anne decides to play", "Anne lays away 1 card"]
    assert "draws 3 from the top of the talon" in steps["Anne lays away 3 cards"]
    assert "Anne took 0 of 12 tricks." in text(steps["The settlement"])


def test_the_hand_widget_keeps_its_step_for_the_same_hand_only() -> None:
    html, fields = answer("hand", seed="33")
    assert fields["seed"] == "33" and fields["step"] == "1" and fields["dealt"] == "vira:33"
    html, fields = answer("hand", seed="33", step="5", dealt="vira:33")
    assert fields["step"] == "5" and 'data-start="4"' in html
    html, fields = answer("hand", seed="34", step="5", dealt="vira:33")
    assert fields["step"] == "1"
    assert refused("hand", seed="x").startswith("seed:")
    assert refused("hand", seed="33", step="999", dealt="vira:33").startswith("step:")


# -- the pages' numbers ------------------------------------------------------------------------------------------------


def _page(name: str) -> str:
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def test_the_auction_pages_numbers() -> None:
    page = _page("auction.md")
    for name, number in [("Solo 6", 15), ("Tringel 9", 22), ("Solo 7", 25), ("Vira", 29), ("Solo 9", 31)]:
        assert f"**{name}** (number {number})" in page and contract(name).number == number
    assert contract("Gask 5").number > contract("Gask 6").number
    assert "Solo 6 is the fifteenth contract and Solo 7 the twenty-fifth" in page
    assert contract("Turn-up 6").number == contract("Beg").number + 1  # "the very next contract up is Turn-up 6"


def test_the_preliminaries_numbers() -> None:
    page = _page("preliminaries.md")
    assert "One chip is worth 8 points." in page and CHIP_VALUE == 8
    assert "3, 3, 3 and 4" in page and Rules().deal.packets == (3, 3, 3, 4)
    state = HandState.deal(5, 2)
    assert [len(h) for h in state.hands] == [13, 13, 13] and len(state.talon) == 13
    four = HandState.deal(5, 2, players=4)
    assert four.sitter == 1  # the player at the dealer's right (seat 2's right is seat 1) sits out


def _turn_up_limit(name: str) -> int:
    """How many cards the engine lets a turn-up's first try lay away: eldest bids it, the others pass."""
    state = HandState.deal(3, 2)
    for action in (f"bid {name}", "pass", "pass"):
        state.apply(action)
    while state.phase == "trump":
        state.apply(next(a for a in state.legal_actions() if a.kind == "trump"))
    count = 0
    while any(a.kind == "discard" for a in state.legal_actions()):
        state.apply(next(a for a in state.legal_actions() if a.kind == "discard"))
        count += 1
    return count


def test_the_contracts_pages_numbers() -> None:
    page = _page("contracts.md")
    assert "a single may exchange at most 11 cards on its first try, a vingel 10, a tringel 9" in page
    assert [_turn_up_limit(n) for n in ("Turn-up 6", "Vingel 6", "Tringel 9")] == [11, 10, 9]
    assert "a misère on one discard with **11** cards and on two to six discards with **12**" in page
    assert [misere_cards(contract(f"Misère {n}")) for n in range(1, 7)] == [11, 12, 12, 12, 12, 12]
    assert ("The misère option of Gask 0 lays away two more cards and plays 11 tricks, of Gask 1 and Gask 3 one "
            "more card and 12 tricks, of Gask 2 and Gask 4 none.") in page
    cards = {k: GASK_OPTIONS[k][1] for k in range(5)}
    assert [c.cards if c else None for c in cards.values()] == [11, 12, 13, 12, 13]
    assert GASK_OPTIONS[5][1] is None and GASK_OPTIONS[6][1] is None
    assert [c.english for c in (contract(n) for n in range(1, 41)) if c.kind.value == "turn-up"] == [
        "Turn-up 6", "Vingel 6", "Turn-up 7", "Vingel 7", "Turn-up 8", "Vingel 8", "Tringel 9"]


def test_the_house_chip_table_as_the_scoring_page_says() -> None:
    page = _page("play-and-scoring.md")
    assert "takes **1 chip** from the pool, and a lost one pays **1 chip** in" in page
    draw = HOUSE_CHIPS.for_contract("Draw 7")
    assert (draw.won, draw.lost, draw.kodille, draw.second_won, draw.second_lost, draw.second_kodille) == (1, 1, 2, 0, 2, 4)
    for name in ("Vingel 7", "Tringel 9", "Cuckoo"):
        rates = HOUSE_CHIPS.for_contract(name)
        assert (rates.lost, rates.kodille) == (2, 4), name
    assert HOUSE_CHIPS.solo_surrender == 2 and HOUSE_CHIPS.cuckoo_penalty == 1 and not HOUSE_CHIPS.historical
    assert "house table" in page and "not recovered" in page


def test_every_page_cites_and_renders() -> None:
    for path in sorted(DOCS.glob("*.md")):
        body = path.read_text(encoding="utf-8")
        for match in re.finditer(r'<div class="sv-(figure|widget)" ([^>]*)></div>', body):
            attrs = dict(re.findall(r'data-([\w-]+)="([^"]*)"', match.group(2)))
            kind = attrs.pop("figure" if match.group(1) == "figure" else "widget")
            game = attrs.pop("game", "styrivolt")
            if kind == "quiz":
                continue
            out = render_figure(kind, attrs, game=game) if match.group(1) == "figure" else \
                render_widget(kind, attrs, game=game)
            markup(out)
        assert "../rulings.md#r" in body or path.name == "practise.md", path.name
    assert cards_in(fig("cards", cards="HA HK", cut="H7")) == ["HA", "HK"]


# -- worked hands from chosen deals ------------------------------------------------------------------------------------
#
# Each hand of stytvolt.vira.worked.WORKED is a stacked deal with its actions written down.  Carl deals, so Anne is
# eldest.  The expectations below are worked out from the rules as the pages state them, not read off the engine.


def _chosen(name: str) -> list[tuple[str, str, dict[str, list[str]]]]:
    """A chosen hand's steps in order: title, the step's text, and its sentences by code."""
    html = fig("hand", hand=name)
    markup(html)
    parts = re.split(r'(?=<li class="sv-step" data-step="\d+" data-title=")', html)[1:]
    out = []
    for part in parts:
        found = re.match(r'<li class="sv-step" data-step="\d+" data-title="([^"]*)"', part)
        assert found
        codes: dict[str, list[str]] = {}
        for code, sentence in re.findall(r'<li data-code="([^"]*)">([^<]*)</li>', part):
            codes.setdefault(code, []).append(htmllib.unescape(sentence))
        out.append((htmllib.unescape(found.group(1)), text(part), codes))
    return out


def _titles(steps: list[tuple[str, str, dict[str, list[str]]]]) -> list[str]:
    return [t for t, _, _ in steps if not t.startswith("Trick ")]


def _step(steps: list[tuple[str, str, dict[str, list[str]]]], title: str) -> dict[str, list[str]]:
    return next(codes for t, _, codes in steps if t == title)


def _settled(steps: list[tuple[str, str, dict[str, list[str]]]]) -> str:
    title, body, _ = steps[-1]
    assert title == "The settlement"
    return body


@pytest.mark.parametrize("name", ["gask", "vira", "cuckoo", "second-try", "surrender"])
def test_each_chosen_deal_is_dealt_as_written_and_the_engine_accepts_every_action(name: str) -> None:
    from stytvolt.core.cards import FULL_PACK, parse_cards
    from stytvolt.vira.worked import worked_deal

    deal = worked_deal(name)
    state = deal.dealt()
    # The 3-3-3-4 deal from Anne gives each player exactly the hand written, and the talon in its order.
    for seat in range(3):
        assert sorted(state.hands[seat]) == sorted(parse_cards(deal.hands[seat], pack=FULL_PACK))
    assert list(state.talon) == list(parse_cards(deal.talon, pack=FULL_PACK))
    assert state.cut == parse_card(deal.cut) and state.eldest == 0
    for action, _ in deal.actions():
        assert action in state.legal_actions(), (name, str(action))
        state.apply(action)
        assert sorted(state.cards_everywhere()) == sorted(FULL_PACK.cards)  # no card lost or made
    assert state.is_terminal()
    # The figure steps one action a step (laying away and drawing grouped per seat), the deal first, the settlement last.
    steps = _chosen(name)
    assert steps[0][0] == "The deal" and "chosen for this example" in steps[0][1]
    played = [t.rsplit(" plays ", 1)[1] for t, _, _ in steps if " plays " in t]
    assert len(played) == len(set(played)) == 3 * len(state.tricks)
    # Every line of commentary appears once, on its step.
    notes = [n for _, _, codes in steps for n in codes.get("why", [])]
    assert notes == [note for _, note in deal.lines if note]


def test_the_gask_keeps_three_takes_the_talon_then_chooses() -> None:
    steps = _chosen("gask")
    assert _titles(steps) == ["The deal", "Anne bids Gask 3", "Bo passes", "Carl passes", "Anne lays away 10 cards",
                              "Anne lays away 3 cards", "Anne names hearts trumps", "Anne decides to play",
                              "The settlement"]
    # Gask 3 keeps exactly 3 cards: 10 laid away, then the whole talon (13) comes in: 16 cards, 3 laid away to 13.
    laid = _step(steps, "Anne lays away 10 cards")["lay-away"][0]
    assert laid.startswith("Anne lays away ♠9 ♠7 ♠4 ♣9 ♣6 ♣3 ♦8 ♦6 ♦4 ♦2 face down and takes the whole talon:")
    # The choice after the talon: any suit (bid without a class, R72) or the misère (Gask 0-4, bid off-colour: R73).
    trump = _step(steps, "Anne names hearts trumps")
    assert trump["offered"] == ["Open to Anne: ♠ spades, ♥ hearts, ♦ diamonds, ♣ clubs or the misère."]
    assert trump["trump"] == ["Anne names hearts as trumps: a suit of the preference class."]  # ♥7 cut
    decide = _step(steps, "Anne decides to play")
    assert decide["offered"] == ["Open to Anne: play or surrender."] and decide["no-second-try"] == [
        "Gask 3 has no second try."]
    # No opponents' exchange after a gask (R82): play begins at once, eldest Anne leading.
    assert decide["play-begins"] == ["Play begins: Anne, eldest, leads to the first of 13 tricks."]
    # Twelve tricks (only ♣5 loses, to ♣K) of the 10 Gask 3 needs: won. Points 0/1/2, hearts preference: 2 from
    # each opponent; the house table: a won game takes 1 chip from the pool.
    last = _settled(steps)
    assert "Anne took 12 of 13 tricks." in last
    assert "Anne 4 1 Bo −2 0 Carl −2 0" in last and "The pool loses 1 chip." in last
    assert "R73" in last and "R84" in last


def test_the_vira_takes_26_keeps_13_and_wins_every_trick() -> None:
    steps = _chosen("vira")
    assert _titles(steps) == ["The deal", "Anne bids Beg", "Bo bids Vira", "Carl passes", "Anne passes",
                              "Bo lays away 13 cards", "Bo names hearts trumps", "Bo decides to play",
                              "The settlement"]
    # The talon is taken the moment the auction ends (a vira's first step needs no decision).
    taken = _step(steps, "Anne passes")["take"][0]
    assert taken == "Bo takes the whole talon into hand: ♠K ♠3 ♠2 ♥10 ♥9 ♥8 ♥2 ♦K ♦4 ♦2 ♣K ♣4 ♣3, 26 cards in all."
    assert _step(steps, "Bo decides to play")["no-second-try"] == ["Vira has no second try."]
    # Eldest leads even when the soloist sits second (R84).
    assert steps[8][0] == "Trick 1: Anne plays ♠5"
    # 13 tricks: won. Vira pays 2/4/8; hearts are colour with ♦9 cut: 4 from each opponent; 1 chip from the pool.
    last = _settled(steps)
    assert "Bo took 13 of 13 tricks." in last and "Anne −4 0 Bo 8 1 Carl −4 0" in last


def test_the_cuckoo_and_the_player_who_failed_to_overcall_it() -> None:
    steps = _chosen("cuckoo")
    assert _titles(steps) == ["The deal", "Anne bids Beg", "Bo passes", "Carl bids Cuckoo", "Anne passes",
                              "Carl lays away 13 cards", "Carl decides to play", "The settlement"]
    # The cuckoo is laid open when play begins (R83), and it has no trumps: the ace of the suit led wins.
    begins = _step(steps, "Carl decides to play")["play-begins"][0]
    assert begins == "Play begins: Anne, eldest, leads to the first of 13 tricks. Carl lays that hand open on the table."
    reasons = [code for t, _, codes in steps if t.startswith("Trick ") for code in codes
               if code in ("highest-of-led", "trumped", "highest-trump-led")]
    assert reasons == ["highest-of-led"] * 13
    assert _step(steps, "Trick 12: Bo plays ♣J")["follow-discard"] == [
        "Bo plays ♣J: Bo has no diamonds, and with no trumps a card of another suit never wins."]
    # Carl keeps 2, 3, 4 of each suit and ♠5; every card Anne and Bo hold is higher in its suit: no trick.
    # Cuckoo won. Its rate is 0: no points. House table: 1 chip from the pool to Carl. Anne passed while the cuckoo
    # was the highest bid: 1 chip into the pool (R81). Bo passed over Beg, before the cuckoo: nothing.
    # The pool: -1 + 1 = 0.
    last = _settled(steps)
    assert "Carl took 0 of 13 tricks." in last
    assert "Anne 0 −1 Bo 0 0 Carl 0 1" in last and "The pool gains 0 chips." in last
    assert "Anne passed instead of overcalling the cuckoo, which was won: 1 chip into the pot." in last
    assert "Bo passed instead" not in last


def test_a_second_try_after_a_failed_first_try() -> None:
    steps = _chosen("second-try")
    assert _titles(steps) == ["The deal", "Anne bids Draw 9", "Bo passes", "Carl passes", "Anne names hearts trumps",
                              "Anne lays away 4 cards", "Anne buys a second try", "Anne names clubs trumps",
                              "Anne lays away 3 cards", "Anne decides to play", "Bo lays away 2 cards",
                              "Carl keeps the cards", "The settlement"]
    first = _step(steps, "Anne lays away 4 cards")["lay-away"][0]
    assert first == "Anne lays away ♦9 ♦7 ♦5 ♦3 face down and draws 4 from the top of the talon: ♠3 ♣Q ♣J ♣10."
    retry = _step(steps, "Anne buys a second try")
    # The first try is paid as lost at once: Draw 9 (1/1/3) with hearts, off-colour with ♣Q cut: 1 point each.
    assert retry["offered"] == ["Open to Anne: play, surrender or buy a second try."]
    assert retry["retry"] == ["Anne buys a second try: Anne pays each opponent 1 point now, as for Draw 9 lost "
                              "with off-colour trumps, and the procedure starts again."]
    # The second try draws the next cards of the talon, and there is no third (R80).
    assert "draws 3 from the top of the talon: ♥10 ♣9 ♣8" in _step(steps, "Anne lays away 3 cards")["lay-away"][0]
    assert _step(steps, "Anne decides to play")["no-third-try"] == [
        "Only one second try is allowed, and it has been taken."]
    # The opponents then exchange, the left-hand one (Bo) first (R82).
    assert "draws 2 from the top of the talon: ♦A ♦K" in _step(steps, "Bo lays away 2 cards")["exchange"][0]
    # 13 tricks, won with clubs (preference): 3 from each opponent. With the 1 paid for the second try:
    # Anne -2 + 6 = +4, Bo and Carl +1 - 3 = -2 each. House table: a win after a second try takes 0 chips.
    last = _settled(steps)
    assert "Anne took 13 of 13 tricks." in last
    assert "Anne 4 0 Bo −2 0 Carl −2 0" in last and "The pool gains 0 chips." in last


def test_a_turn_up_surrendered_before_play() -> None:
    steps = _chosen("surrender")
    assert _titles(steps) == ["The deal", "Anne bids Beg", "Bo bids Turn-up 8", "Carl passes", "Anne passes",
                              "Bo lays away 2 cards", "Bo surrenders", "The settlement"]
    # The top card of the talon is turned when the auction ends and its suit is trumps.
    assert _step(steps, "Anne passes")["turn"] == ["The top card of the talon turned face up: ♥2. Its suit, hearts, "
                                                   "is trumps."]
    # The turned card is drawn first.
    assert _step(steps, "Bo lays away 2 cards")["lay-away"] == [
        "Bo lays away ♦3 ♦2 face down and draws 2 from the top of the talon: ♥2 ♦5."]
    assert _step(steps, "Bo surrenders")["offered"] == ["Open to Bo: play, surrender or buy a second try."]
    # Surrender: a single loss (R77). Turn-up 8 pays 1/1/3; hearts are off-colour (♠8 cut): 1 point to each opponent;
    # house table, lost singly: 1 chip into the pool (not a solo, so not doubled). No trick is played.
    last = _settled(steps)
    assert "Anne 1 0 Bo −2 −1 Carl 1 0" in last and "The pool gains 1 chip." in last
    assert not any(t.startswith("Trick ") for t, _, _ in steps)


def test_the_chosen_hands_link_the_rulings_they_apply() -> None:
    headings = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md").read_text(encoding="utf-8")
    for name in ("gask", "vira", "cuckoo", "second-try", "surrender"):
        html = fig("hand", hand=name)
        for path, number in re.findall(r'<a data-site-path="rulings/#([^"]+)" href="[^"]+">(R\d+)</a>', html):
            # Each anchor is the slug of its heading on the rulings page.
            heading = re.search(rf"^## {number} (.+)$", headings, re.M)
            assert heading, number
            slug = re.sub(r"[^a-z0-9 -]", "", f"{number} {heading.group(1)}".lower()).replace(" ", "-")
            assert path == slug
        assert 'data-site-path="rulings/#' in html


def test_the_chosen_hand_figure_refuses_unknown_hands() -> None:
    from stytvolt.core.errors import InvalidPosition
    from stytvolt.vira.worked import deck_for, worked_deal

    with pytest.raises(Exception, match="^hand: no worked hand of Vira is called 'whist'"):
        fig("hand", hand="whist")
    with pytest.raises(InvalidPosition, match="expected one of gask, vira, cuckoo, second-try, surrender"):
        worked_deal("solo")
    with pytest.raises(InvalidPosition, match="hand 0 of a worked deal holds 13 cards, not 1$"):
        deck_for(("HA", "HK", "HQ"), "S2")
    assert 'data-hand="gask"' in fig("hand", hand="Gask") and 'data-start="4"' in fig("hand", hand="gask", step="5")


def test_the_pages_place_the_chosen_hands_and_say_what_they_show() -> None:
    contracts, scoring = _page("contracts.md"), _page("play-and-scoring.md")
    for name in ("gask", "vira", "cuckoo", "surrender"):
        assert f'data-figure="hand" data-hand="{name}"' in contracts
    assert 'data-figure="hand" data-hand="second-try"' in scoring
    # The pages' numbers, as the tests above worked them out.
    assert "makes twelve tricks, two more than she needs, and is paid at the preference rate, 2 points" in contracts
    assert "names hearts (the colour suit: 4 points from each opponent)" in contracts
    assert "Carl takes a chip from the pool, and Anne, who passed while the cuckoo was the highest bid, pays one in" in contracts
    assert "Turn-up 8's off-colour rate, 1 point, to each opponent, and one chip into the pool" in contracts
    assert "she gains 4 and each opponent loses 2" in scoring and "takes no chip" in scoring
