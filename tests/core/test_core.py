"""The shared core: reasons rendered with the caller's names, rule switches checked where built, the registry."""

from __future__ import annotations

import pytest

import stytvolt
from stytvolt import InvalidRules, Reason, Seat, StytvoltError, Team
from stytvolt.core.rules import parse_switch_words, switches
from stytvolt.styrivolt import CutRule, HandState, Rules, Scoring


# -- reasons -------------------------------------------------------------------------------


def test_a_reason_names_seats_and_teams_as_the_caller_wants() -> None:
    r = Reason.of("x", "{player} passes the stock to {team}.", player=Seat(2), team=Team(1))
    assert r.text == "Player 2 passes the stock to team B."
    assert r.render(seats=("South", "West", "North", "East"), teams=("North–South", "East–West")) == (
        "North passes the stock to East–West.")
    assert r.render(seats=lambda s: f"seat {s + 1}") == "Seat 3 passes the stock to team B."
    assert r.as_dict()["args"] == {"player": {"seat": 2}, "team": {"team": 1}}


def test_engine_sentences_never_bake_in_a_seat_name() -> None:
    state = HandState.deal(12)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    names = ("South", "West", "North", "East")
    for reason in state.log:
        rendered = reason.render(seats=names)
        assert "player" not in rendered.lower() or "players" in rendered.lower(), rendered


# -- rule switches ------------------------------------------------------------------------


@pytest.mark.parametrize("bad, field", [
    ({"cut_for_stikkar": "nah"}, "cut_for_stikkar"),
    ({"late_stock": "no"}, "late_stock"),
    ({"late_stock": 1}, "late_stock"),
    ({"scoring": None}, "scoring"),
    ({"scoring": "golf"}, "scoring"),
])
def test_a_bad_switch_is_refused_where_the_rules_are_built(bad: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidRules, match=field):
        Rules(**bad)  # type: ignore[arg-type]


def test_an_enum_switch_takes_its_value_text() -> None:
    assert Rules(scoring="penguin").scoring is Scoring.PENGUIN  # type: ignore[arg-type]
    assert Rules(cut_for_stikkar="none") == Rules()  # type: ignore[arg-type]
    assert Rules(cut_for_stikkar="none").to_json() == {}  # type: ignore[arg-type]


def test_rules_json_round_trips_and_refuses_what_it_cannot_read() -> None:
    rules = Rules(cut_for_stikkar=CutRule.TWO_STIKKAR, late_stock=True)
    assert Rules.from_json(rules.to_json()) == rules
    for bad in (None, [], "x", {"nope": True}):
        with pytest.raises(InvalidRules):
            Rules.from_json(bad)


def test_every_switch_has_help_and_words_set_it() -> None:
    assert all(sw.help for sw in switches(Rules))
    assert [sw.name for sw in switches(Rules)][:2] == ["cut_for_stikkar", "queen_claims_cut_stikkar"]
    rules = parse_switch_words(Rules, ["compulsory-beating", "cut=two-stikkar", "no-enforce-stock-right", "scoring=penguin"],
                               aliases={"cut": "cut_for_stikkar"})
    assert rules == Rules(compulsory_beating=True, cut_for_stikkar=CutRule.TWO_STIKKAR, enforce_stock_right=False,
                          scoring=Scoring.PENGUIN)
    for bad in ("teleport", "scoring", "late-stock=maybe", "no-scoring=penguin"):
        with pytest.raises(InvalidRules):
            parse_switch_words(Rules, [bad])


# -- the registry -------------------------------------------------------------------------


def test_the_registry_finds_a_game_by_name_title_or_alias() -> None:
    names = [g.name for g in stytvolt.games()]
    assert names[0] == "styrivolt"
    for name in ("styrivolt", "Stýrivolt", "STYRIVOLT", "kvívík", "styri"):
        assert stytvolt.game(name).name == "styrivolt"
    info = stytvolt.game("styrivolt")
    assert info.players == (4,) and len(info.pack) == 48 and info.rules is Rules
    state = info.new(7)
    assert info.from_json(state.to_json()).to_json() == state.to_json()
    assert str(info.parse_action("trade h5 h7")) == "trade H5 H7"


@pytest.mark.parametrize("bad", ["chess", "", None, 5, "x" * 500])
def test_an_unknown_game_is_a_clear_error(bad: object) -> None:
    with pytest.raises(StytvoltError) as err:
        stytvolt.game(bad)  # type: ignore[arg-type]
    assert len(str(err.value)) < 200


def test_every_error_the_package_raises_on_purpose_is_a_value_error() -> None:
    for cls in (stytvolt.ParseError, stytvolt.InvalidPosition, stytvolt.InvalidRules, stytvolt.IllegalAction,
                stytvolt.CardParseError, stytvolt.UnknownGame):
        assert issubclass(cls, StytvoltError) and issubclass(cls, ValueError)
