"""Knorri (Hörri), the old Finnish game in two phases: collect a hand from the face-up cards, then
get rid of it; the last player holding cards loses.

The rules as queries (:mod:`~stytvolt.knorri.rules`): :func:`beats` (phase
two: which card may be played on which; diamonds trump spades and hearts,
clubs hard unless ``soft_clubs``), :func:`take_options` (phase one: the
cards a turned card may take), :func:`opening_plays` (the first plays of
phase two: ♣2 with the clubs that follow it), :func:`scores` (the zero-sum
points), each with its reasons (:func:`judge_beat`, :func:`explain_take`,
:func:`take_refusal`, :func:`opening_refusal`, :func:`score_reasons`).
A whole game on the shared state protocol is
:class:`~stytvolt.knorri.state.KnorriState`; :func:`phase_two` builds a
phase-two position from chosen hands, and :func:`avoid_losing` says whether a
player can still make sure of not losing from one (every card seen).  Rule
switches: :class:`Rules`.
"""

from stytvolt.core.protocol import GameInfo

from stytvolt.knorri.cards import CLUB_TWO, MARKED_TWO, PACK, TWO_PACKS, MarkedCard, parse_knorri_card, parse_knorri_cards
from stytvolt.knorri.rules import (
    Judgement, beat_refusal, beating_cards, beats, explain_take, judge_beat, judge_mas_trick, mas_winner,
    opening_card, opening_plays, opening_refusal, score_reasons, scores, take_choices, take_options, take_refusal,
)
from stytvolt.knorri.game import KnorriGame  # a session of hands on one points sheet (the table's Match)
from stytvolt.knorri.solver import Analysis, Verdict, analyse, analyse_steps, avoid_losing, avoid_losing_steps
from stytvolt.knorri.state import (
    FACE_UP, PLAYERS, TWO_PACK_PLAYERS, Action, KnorriState, Observation, parse_action, phase_two,
)
from stytvolt.knorri.variants import PhaseOne, Rules

__all__ = [
    "CLUB_TWO", "MARKED_TWO", "PACK", "TWO_PACKS", "MarkedCard", "parse_knorri_card", "parse_knorri_cards",
    "Judgement", "beat_refusal", "beating_cards", "beats", "explain_take", "judge_beat", "judge_mas_trick",
    "mas_winner", "opening_card", "opening_plays", "opening_refusal", "score_reasons", "scores", "take_choices",
    "take_options", "take_refusal",
    "FACE_UP", "PLAYERS", "TWO_PACK_PLAYERS", "Action", "KnorriState", "Observation", "parse_action", "phase_two",
    "Verdict", "avoid_losing", "avoid_losing_steps", "Analysis", "analyse", "analyse_steps", "KnorriGame",
    "PhaseOne", "Rules", "GAME",
]


def _new(seed: int | None = None, *, rules: Rules | None = None, players: int = 4, dealer: int = 0,
         hand_size: int | None = None) -> KnorriState:
    """A whole game from ``seed``; with ``hand_size``, a short game dealt straight into phase two."""
    if hand_size is not None:
        return KnorriState.short(seed, hand_size=hand_size, players=players, dealer=dealer, rules=rules)
    return KnorriState.deal(seed, players=players, dealer=dealer, rules=rules)


GAME = GameInfo(
    name="knorri",
    title="Knorri",
    aliases=("hörri",),
    players=PLAYERS,
    pack=PACK,
    rules=Rules,
    new=_new,
    from_json=KnorriState.from_json,
    parse_action=parse_action,
    summary="Finland's two-phase beating game: take your hand from nine face-up cards, then beat or pick up "
            "until one player, the hörri, is left holding cards.",
    module="stytvolt.knorri",
    extra={"two_pack_players": TWO_PACK_PLAYERS},
    puzzle_module="stytvolt.knorri.puzzles",
    site="stytvolt.knorri.site",
    table="stytvolt.knorri.table",
    quiz="stytvolt.knorri.quiz",
    solver="stytvolt.knorri.solver",
    coach="stytvolt.knorri.coach",
    pages=(
        ("index", "About Knorri"), ("beating", "Which card beats which"), ("phase-one", "Phase one"),
        ("phase-two", "Phase two"), ("scoring-and-variants", "Scoring and variants"), ("tactics", "Tactics"),
    ),
)
