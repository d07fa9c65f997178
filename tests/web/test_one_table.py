"""The one table (stytvolt.web.table): it names no game and finds each game's Kind through the game's declaration;
what Stýrivolt's table alone had is there for every game: the settings panel of rule switches, and "Why?" on a
computer move where the computer player can say why.

Expectations are worked out here from the engines and the declarations (the registry, each game's Rules and
switches, a replay of the game text with the game's own states), not read back from the table's answers."""

from __future__ import annotations

import dataclasses
import html
import re
import unicodedata
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

import stytvolt
from stytvolt.core.registry import game as registry_game
from stytvolt.core.rules import switches
from stytvolt.web import WIDGETS, handle, part_modules

REPO = Path(__file__).resolve().parents[2]
SYMBOL = re.compile(r"[♥♠♦♣](?:10|[2-9AJQK])")
#: The games at the one table: every game.
TABLE_GAMES = ("styrivolt", "sjavs", "klorsjavs", "knorri", "brus", "vira")
#: The switches a table sets itself, so its settings do not offer them: Knorri's session is scored (its sheet needs
#: the points), and "you missed one" is one of its ways to play (the setups ending in "m").
FIXED = {"knorri": {"scoring", "overlooking"}}


def ask(game: str, /, **params: str) -> dict[str, Any]:
    return handle({"game": game, "widget": "table", "params": params})


def ok(game: str, /, **params: str) -> dict[str, Any]:
    response = ask(game, **params)
    assert response["ok"], response
    return response


def play_out(game: str, response: dict[str, Any], moves: int, *, last: bool = False) -> dict[str, Any]:
    """Play on through the widget from ``response`` for at most ``moves`` requests, or until the hand is over: the
    computer moves, and South plays the first button offered (the last, with ``last``)."""
    for _ in range(moves):
        page, text = response["html"], response["set"]["game"]
        if 'data-turn="computer"' in page:
            response = ok(game, do="computer", game=text)
        elif 'data-turn="south"' in page:
            action = re.findall(r'data-do="play" data-action="([^"]+)"', page)
            assert action
            response = ok(game, do="play", game=text, action=html.unescape(action[-1] if last else action[0]))
        else:
            break
    return response


def controls(game: str, params: dict[str, str]) -> str:
    """The table's controls (the settings panel among them) as the build draws them."""
    from stytvolt.web.table import kind_of

    kind_of(game)
    form: str = WIDGETS[(game, "table")].controls(params)
    return form


def fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).replace("ø", "o")


# -- the table knows no game ------------------------------------------------------------------------------------


def test_the_generic_table_names_no_game() -> None:
    for module in ("stytvolt/web/table.py", "stytvolt/web/kinds.py"):
        source = (REPO / module).read_text(encoding="utf-8")
        words = set(re.findall(r"[a-z]+", fold(source)))
        for info in stytvolt.games():
            for name in {info.name, info.title, *info.aliases}:
                named = fold(name)
                if " " in named or "(" in named:
                    assert named not in fold(source), (module, name)
                else:
                    assert named not in words, (module, name)
            assert f"stytvolt.{info.name}" not in source, (module, info.name)


def test_each_games_table_is_found_through_its_declaration() -> None:
    for info in stytvolt.games():
        assert info.table == f"stytvolt.{info.name}.table"
        assert part_modules(info.name)["table"] == info.table
    from stytvolt.web.table import kind_of

    for game in TABLE_GAMES:
        kind = kind_of(game)
        module = __import__(registry_game(game).table, fromlist=["KIND"])
        assert module.KIND is kind and kind.game == game
        assert (game, "table") in WIDGETS


def test_no_rules_module_imports_the_web() -> None:
    # Only a game's presentation modules (its table.py and site.py) may import stytvolt.web.
    for info in stytvolt.games():
        folder = REPO / "stytvolt" / info.name
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).parts
            # Its presentation modules may (Stýrivolt keeps its own in a folder, site/).
            if path.name in ("table.py", "site.py") or parts[0] == "site":
                continue
            source = path.read_text(encoding="utf-8")
            assert not re.search(r"^\s*(from|import) stytvolt\.web\b", source, re.M), path


# -- the settings panel -------------------------------------------------------------------------------------------


def offered(game: str) -> list[Any]:
    return [sw for sw in switches(registry_game(game).rules) if sw.name not in FIXED.get(game, set())]


def other_value(sw: Any) -> str:
    """A value of the switch other than its default, as the form sends it."""
    if isinstance(sw.default, Enum):
        return next(c for c in sw.choices if c != sw.default.value)
    return "no" if sw.default else "yes"


def as_value(sw: Any, sent: str) -> Any:
    if isinstance(sw.default, Enum):
        return type(sw.default)(sent)
    return sent == "yes"


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_settings_offer_every_rule_switch_of_the_game_each_labelled_with_its_help(game: str) -> None:
    form = controls(game, {})
    named = set(re.findall(r'<(?:input|select)[^>]*name="([^"]+)"', form)) - {"game", "pace", "setup", "level"}
    assert named == {sw.word for sw in offered(game)}
    for sw in offered(game):
        described = re.search(rf'name="{sw.word}"[^>]*aria-describedby="([^"]+)"', form)
        assert described, sw.word
        said = re.search(rf'id="{described.group(1)}">([^<]*)<', form)
        assert said and html.unescape(said.group(1)).lower().startswith(sw.help[:20].lower()), sw.word
        assert html.unescape(said.group(1)).endswith(".")
    if not offered(game):  # Klørsjavs and Brus have no switches: no empty panel
        assert "sv-table-rules" not in form
    else:
        assert '<fieldset class="sv-table-rules"><legend>Rule variations</legend>' in form


@pytest.mark.parametrize("game", [g for g in TABLE_GAMES if offered(g)])
def test_a_new_game_is_dealt_with_the_rules_chosen_and_its_link_keeps_them(game: str) -> None:
    from stytvolt.web.table import read_game_text

    chosen = {sw.word: other_value(sw) for sw in offered(game)}
    setup = "4" if game in ("knorri", "vira") else ""
    response = ok(game, do="new", seed="7", setup=setup, **chosen)
    for word, value in chosen.items():
        assert response["set"][word] == value
    text = response["set"]["game"]
    expected = registry_game(game).rules(**{sw.name: as_value(sw, chosen[sw.word]) for sw in offered(game)})
    table = read_game_text(game, text)
    got = table.match.rules
    for sw in offered(game):
        assert getattr(got, sw.name) == getattr(expected, sw.name), sw.word
    shown = ok(game, do="show", game=text)
    assert {w: shown["set"][w] for w in chosen} == chosen
    # The panel, drawn for that game (the page's reload), shows the rules it was dealt with.
    form = controls(game, {"game": text})
    for sw in offered(game):
        if isinstance(sw.default, Enum):
            assert f'<option value="{chosen[sw.word]}" selected>' in form
        else:
            box = re.search(rf'<input type="checkbox" name="{sw.word}"[^>]*>', form)
            assert box and ("checked" in box.group(0)) == (chosen[sw.word] == "yes")
    # A text written with the default rules carries none, as every text did before the switches were offered.
    plain = ok(game, do="new", seed="7", setup=setup)["set"]["game"]
    assert "_" not in plain.split(".")[4]


def test_knorri_three_card_hands_and_two_packs_are_dealt_as_the_switches_say() -> None:
    # Independently of the table: Mas deals three-card hands; two packs hold 104 cards, so with four players
    # phase one starts from twice the hand of one pack.
    def south_cards(**params: str) -> int:
        found = re.search(r"Your cards \((\d+)\)", ok("knorri", do="new", seed="11", setup="4", **params)["html"])
        assert found
        return int(found.group(1))

    assert south_cards(**{"phase-one": "mas"}) == 3
    one, two = south_cards(), south_cards(**{"two-packs": "yes"})
    assert two == 2 * one


@pytest.mark.parametrize("game", [g for g in TABLE_GAMES if offered(g)])
def test_the_computer_players_play_legally_under_each_rule_variation(game: str) -> None:
    from stytvolt.web.table import SOUTH, kind_of, read_game_text

    quickest = kind_of(game).levels[0][0]  # the first level the settings list plays by rules of thumb
    for sw in offered(game):
        response = ok(game, do="new", seed="3", level=quickest, **{sw.word: other_value(sw)})
        for _ in range(150):
            text = response["set"]["game"]
            table = read_game_text(game, text)
            state = table.hand
            if state.is_terminal():
                if table.match.over:
                    break
                response = ok(game, do="next", game=text)
            elif state.current_player() == SOUTH:
                first = next(iter(state.legal_actions()))
                response = ok(game, do="play", game=text, action=str(first))
            else:
                response = ok(game, do="computer", game=text)
        assert response["set"]["game"].split(".")[4].split("_")[1:] == [
            sw.word if other_value(sw) == "yes" else f"no-{sw.word}" if other_value(sw) == "no"
            else f"{sw.word}={other_value(sw)}"]


def test_a_rule_the_table_does_not_know_or_a_wrong_value_is_refused_in_words() -> None:
    assert ask("sjavs", do="show", game="s1.1.3.simple.4_bogus.")["error"] == (
        "This Sjavs game's record cannot be read: it names a rule variation this table does not know.")
    # Knorri's scoring is the table's own: a text cannot turn it off.
    assert "rule variation this table does not know" in ask("knorri", do="show", game="kn1.1.2.simple.3_no-scoring.")["error"]
    said = ask("vira", do="new", deal="5-5")["error"]
    assert said.startswith("The rule variation “The deal” is one of: ") and "3-3-3-4" in said
    assert ask("sjavs", do="new", **{"clubs-61-89-five": "maybe"})["error"].endswith("is either ticked or not.")


# -- "Why?" -------------------------------------------------------------------------------------------------------


def replay(game: str, text: str) -> tuple[Any, list[list[tuple[int, Any, int, str]]]]:
    """The game text replayed on the game's own match, apart from the table: each hand's (seat, action, how many
    choices the seat had, the phase) in order."""
    from stytvolt.web.table import ALPHABET, WIDE

    fields = text.split(".")
    seed, first, setup = int(fields[1]), int(fields[2]), fields[4].split("_")[0]
    if game == "sjavs":
        from stytvolt.sjavs.rubber import Rubber

        match: Any = Rubber(seed, players=int(setup), first_dealer=first)
    else:
        from stytvolt.klorsjavs.game import KlorsjavsGame

        match = KlorsjavsGame(seed, variant=setup, first_dealer=first)
    out = []
    for code in fields[5:]:
        state = match.deal()
        moves = []
        i = 0
        while i < len(code):
            wide = code[i] == WIDE
            index = (len(ALPHABET) if wide else 0) + ALPHABET.index(code[i + 1 if wide else i])
            i += 2 if wide else 1
            legal = list(state.legal_actions())
            moves.append((state.current_player(), legal[index], len(legal), getattr(state, "phase", "play")))
            state.apply(legal[index])
        out.append(moves)
    return match, out


@pytest.mark.parametrize("game, setup", [("sjavs", "4"), ("klorsjavs", "klorsjavs")])
def test_why_is_offered_where_the_expert_can_say_why_and_gives_its_reason(game: str, setup: str) -> None:
    from stytvolt.analysis.players import DEFAULTS

    response = ok(game, do="new", seed="21", setup=setup, level="expert")
    for _ in range(400):
        text, page = response["set"]["game"], response["html"]
        turn = re.search(r'data-turn="(\w+)"', page)
        assert turn
        if turn.group(1) != "computer" and turn.group(1) != "south":
            break
        if turn.group(1) == "south":
            action = re.search(r'data-do="play" data-action="([^"]+)"', page)
            if action is None:  # a lay-away picker: lay away nothing or the fewest cards
                pick = re.search(r'data-pick="(\w+)"', page)
                assert pick
                boxes = re.findall(r'name="pick" value="(\w+)"', page)
                least = 0 if pick.group(1) == "exchange" else 2
                response = ok(game, do="play", game=text, action=" ".join([pick.group(1), *boxes[:least]]))
            else:
                response = ok(game, do="play", game=text, action=html.unescape(action.group(1)))
        else:
            response = ok(game, do="computer", game=text)
    text, page = response["set"]["game"], response["html"]
    _, hands = replay(game, text)
    last = len(hands) - 1
    # The coach says every computer move's reason: the rule of thumb where the expert leaves the decision to it,
    # else the deals it pictured (a move with no other choice is said as such).
    expected = {f"{last}.{k}" for k, (seat, _, _, _) in enumerate(hands[last]) if seat != 0}
    buttons = set(re.findall(r'class="sv-why" data-do="why" data-move="([\d.]+)"', page))
    assert buttons == expected and expected
    known = set()
    from stytvolt.web.table import read_game_text

    table = read_game_text(game, text)
    known |= {c.symbol for c in table.dealt[last][0]}
    for seat, action, _, _ in hands[last]:
        cards = getattr(action, "cards", ())
        if action.kind in ("play", "card"):
            known |= {c.symbol for c in cards}
    over = table.hand.is_terminal()
    said_any = 0
    for move in sorted(expected, key=lambda m: int(m.split(".")[1])):
        k = int(move.split(".")[1])
        seat, action, choices, phase = hands[last][k]
        why = ok(game, do="why", game=text, move=move)["html"]
        name = ("South", "West", "North", "East")[seat] if setup == "4" else ("South", "West", "East")[seat]
        assert why.startswith(f'<p class="sv-why-said"><strong>{name}\'s reasoning')
        if choices == 1:
            assert "was the only choice the rules allowed" in why
            continue
        if phase != "play":  # the rule of thumb, before the play
            if action.kind == "bid" and game == "sjavs":
                assert f"bids the highest its hand allows, {action.bid}." in why
            elif action.kind == "bid":
                assert f"bids {action.bid}, the highest bid its hand is strong enough for" in why
            elif action.kind == "play-bid":
                assert "so it says Play" in why
            elif action.kind == "swipe":
                assert "swipes the cat" in why
            elif action.kind == "pass":
                assert "so it passes" in why
            elif action.kind == "trump":
                assert f"names {action.suit.symbol} {action.suit.english} as trumps" in why
            continue
        if "deals that fit" not in why:  # the sampling player could not picture the deals: its rule of thumb
            assert action.cards[0].symbol in why
            continue
        said_any += 1
        assert f"In {DEFAULTS[game].worlds} deals that fit what this player has seen" in why
        assert f"{action.cards[0].symbol} scored " in why
        assert re.search(r"scored [+−]?\d+\.\d\d( [a-zø ]+)? on average", why)
        if not over:
            assert set(SYMBOL.findall(why)) <= known
    assert said_any


def test_why_at_brus_gives_the_rule_of_thumb_that_chose_the_card() -> None:
    # Worked out from the replayed hand, apart from the player: a lead says "leads", a card following says which
    # card it beats (the highest of the trick so far); a card called sure to win does win its trick; a pass, the
    # only thing the seat may do, is said as having no other choice.
    from stytvolt.brus.game import BrusGame
    from stytvolt.web.table import ALPHABET

    response = ok("brus", do="new", seed="8")
    response = play_out("brus", response, 80)
    text, page = response["set"]["game"], response["html"]
    fields = text.split(".")
    match = BrusGame(int(fields[1]), players=int(fields[4]), first_dealer=int(fields[2]))
    for code in fields[5:-1]:
        state = match.deal()
        for ch in code:
            state.apply(list(state.legal_actions())[ALPHABET.index(ch)])
    state = match.deal()
    names = ("South", "West", "North", "East")
    buttons = set(re.findall(r'class="sv-why" data-do="why" data-move="([\d.]+)"', page))
    last = len(fields) - 6
    checked = 0
    for k, ch in enumerate(fields[-1]):
        seat = state.current_player()
        legal = list(state.legal_actions())
        action = legal[ALPHABET.index(ch)]
        highest = state.highest
        move = f"{last}.{k}"
        assert (move in buttons) == (seat != 0), move
        tricks_before = len([e for e in state.log if e.kind == "trick"])
        state.apply(action)
        if seat == 0:
            continue
        why = ok("brus", do="why", game=text, move=move)["html"]
        assert why.startswith(f'<p class="sv-why-said"><strong>{names[seat]}\'s reasoning')
        if len(legal) == 1:
            assert "was the only choice the rules allowed" in why
            continue
        assert f"{names[seat]} " in why.split("</strong>")[1]
        checked += 1
        assert action.card is not None and action.card.symbol in why
        if highest is None:
            assert " leads " in why or "leads it" in why
        else:
            assert f"beat {highest.symbol}" in why
        if "for certain" in why or ("sure to win the trick" in why and "no card sure" not in why):
            later = [e for e in state.log if e.kind == "trick"][tricks_before:]
            if later:  # the trick is over: the card called sure to win won it
                assert later[0].winner == seat, (move, why)
    assert checked


def test_why_at_knorri_names_what_the_computer_did() -> None:
    # Every computer move offers Why?; each reason names the seat, and the cards its action played or took (read
    # from a replay of the game text on the game's own session, apart from the table).
    from stytvolt.knorri.game import KnorriGame
    from stytvolt.knorri.variants import Rules
    from stytvolt.web.table import ALPHABET

    response = ok("knorri", do="new", seed="6", setup="3")
    response = play_out("knorri", response, 90, last=True)
    text, page = response["set"]["game"], response["html"]
    fields = text.split(".")
    session = KnorriGame(int(fields[1]), players=3, first_dealer=int(fields[2]), rules=Rules(scoring=True))
    state = session.deal()
    moves = []
    for ch in fields[5]:
        legal = list(state.legal_actions())
        moves.append((state.current_player(), legal[ALPHABET.index(ch)], len(legal)))
        state.apply(legal[ALPHABET.index(ch)])
    buttons = set(re.findall(r'class="sv-why" data-do="why" data-move="([\d.]+)"', page))
    assert buttons == {f"0.{k}" for k, (seat, _, _) in enumerate(moves) if seat != 0}
    names = ("South", "West", "East")
    said = 0
    for k, (seat, action, choices) in enumerate(moves):
        if seat == 0 or choices == 1:
            continue
        why = ok("knorri", do="why", game=text, move=f"0.{k}")["html"]
        body = html.unescape(why.split("</strong>")[1])
        assert names[seat] in body or "One decision in ten" in body
        if action.kind in ("take", "play") and "One decision in ten" not in body:
            assert " ".join(c.symbol for c in action.cards) in body
        said += 1
    assert said


def test_why_at_vira_names_the_card_the_computer_played() -> None:
    # Every computer move offers Why?; a card played or laid away is named in its reason (read from the log's own
    # words for the move, apart from the reason), or said as a hidden card while the hand is played.
    response = ok("vira", do="new", seed="4")
    response = play_out("vira", response, 60)
    text, page = response["set"]["game"], response["html"]
    entries = re.findall(r'<li class="sv-log-move" data-key="(\d+\.\d+)">([^<]*)(<button type="button" class="sv-why" data-do="why"'
                         r' data-move="([\d.]+)")?', page)
    computer = [(key, said) for key, said, button, _ in entries if not said.startswith("South ")]
    assert computer and all(button for key, said, button, _ in entries if not said.startswith("South "))
    assert not any(button for key, said, button, _ in entries if said.startswith("South "))
    said_cards = 0
    for key, said in computer:
        why = html.unescape(ok("vira", do="why", game=text, move=key)["html"].split("</strong>")[1])
        assert said.split(" ")[0] in why or "the only choice" in why or "other opponent" in why or "deals that fit" in why
        played = SYMBOL.findall(html.unescape(said))
        if played and " plays " in said:
            assert played[-1] in why
            said_cards += 1
    assert said_cards


def test_a_game_kept_at_the_level_once_called_simple_opens_at_the_beginner() -> None:
    # Before every game's levels were named as Stýrivolt's (beginner, club, expert), the rules-of-thumb level was
    # "simple"; a game kept then opens with the same moves, and its text names the level by its name now.
    for game in ("sjavs", "klorsjavs"):
        text = ok(game, do="new", seed="7", level="beginner")["set"]["game"]
        old = text.replace(".beginner.", ".simple.")
        assert ok(game, do="show", game=old)["set"]["game"] == text
    assert ok("sjavs", do="new", seed="7", level="simple")["set"]["game"] == ok("sjavs", do="new", seed="7")["set"]["game"]


def test_every_follow_suit_table_offers_the_three_levels() -> None:
    from stytvolt.web.table import kind_of

    for game in ("sjavs", "klorsjavs"):
        assert [name for name, _ in kind_of(game).levels] == ["beginner", "club", "expert"]


def test_why_refuses_a_move_not_in_the_game_in_words() -> None:
    text = ok("sjavs", do="new", seed="2", level="expert")["set"]["game"]
    for move in ("x", "9.0", "0.99", "0"):
        assert ask("sjavs", do="why", game=text, move=move)["error"] == "That move is not in this game's log."


def test_kind_hooks_stay_optional() -> None:
    from stytvolt.web.kinds import Kind

    fields = {f.name: f for f in dataclasses.fields(Kind)}
    for name in ("fixed_switches", "switch_words", "rules_bot", "picked", "pick"):
        assert fields[name].default is not dataclasses.MISSING or fields[name].default_factory is not dataclasses.MISSING


def test_why_at_sjavs_simple_says_the_rule_of_thumb_and_it_holds_on_the_table() -> None:
    # Each rule of thumb's claim checked on the replayed hand with the game's trick rules (explain_trick), not the
    # player's: a card said to win the trick wins it as it stands; one that "cannot win" loses to a card already
    # played, as does every card the seat could have played; an ace cashed is an ace outside trumps; a partner
    # said to be winning is.
    from stytvolt.sjavs.cards import suit_of
    from stytvolt.sjavs.play import explain_trick

    names = ("South", "West", "North", "East")
    checked: set[str] = set()
    for seed in ("4", "12", "30"):
        response = ok("sjavs", do="new", seed=seed, level="simple")
        for _ in range(120):
            page, text = response["html"], response["set"]["game"]
            if 'data-turn="computer"' in page:
                response = ok("sjavs", do="computer", game=text)
            elif 'data-turn="south"' in page:
                action = re.search(r'data-do="play" data-action="([^"]+)"', page)
                if action is None:
                    response = ok("sjavs", do="play", game=text, action="exchange")
                else:
                    response = ok("sjavs", do="play", game=text, action=html.unescape(action.group(1)))
            else:
                break
        text = response["set"]["game"]
        _, hands = replay("sjavs", text)
        last = len(hands) - 1
        # The trick before each action of the last hand, and the trump suit, from a replay on the game's own match.
        from stytvolt.sjavs.rubber import Rubber
        from stytvolt.web.table import ALPHABET

        fields = text.split(".")
        rubber = Rubber(int(fields[1]), players=4, first_dealer=int(fields[2]))
        for code in fields[5:-1]:
            state = rubber.deal()
            for ch in code:
                state.apply(list(state.legal_actions())[ALPHABET.index(ch)])
        state = rubber.deal()
        before: dict[int, list[Any]] = {}
        for k, ch in enumerate(fields[-1]):
            before[k] = list(state.current)
            state.apply(list(state.legal_actions())[ALPHABET.index(ch)])
        trump = state.trump
        for k, (seat, action, choices, phase) in enumerate(hands[last]):
            if seat == 0 or choices == 1 or phase != "play":
                continue
            why = html.unescape(re.sub(r"<[^>]+>", "", ok("sjavs", do="why", game=text, move=f"{last}.{k}")["html"]))
            card = action.cards[0]
            so_far = before[k]
            assert card.symbol in why and names[seat] in why
            if "the cheapest card that wins it" in why:
                assert explain_trick(so_far + [card], trump).winner == len(so_far)
                checked.add("win")
            elif "cannot win the trick" in why:
                assert explain_trick(so_far + [card], trump).winner != len(so_far)
                checked.add("cannot")
            elif "an ace outside trumps" in why:
                assert card.rank.name == "ACE" and suit_of(card, trump) is not trump and not so_far
                checked.add("ace")
            elif "is winning the trick for" in why:
                leader = (seat - len(so_far)) % 4
                winner = (leader + explain_trick(so_far, trump).winner) % 4
                assert winner == (seat + 2) % 4 and names[winner] in why.split("):", 1)[-1].split(" is winning the trick for")[0]
                checked.add("partner")
            elif "leads" in why:
                assert not so_far
                checked.add("lead")
    assert {"win", "cannot", "lead"} <= checked, checked
