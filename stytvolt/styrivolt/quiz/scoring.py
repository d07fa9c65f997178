"""Stýrivolt question kinds about scoring: what a finished hand scores, and the chalk-up after a result.

The answers come from the engine: a real hand played to its end
(:class:`~stytvolt.styrivolt.hand.HandState`, whose
:class:`~stytvolt.styrivolt.records.HandResult` says who scores what) and the
chalk-up's own rules (:func:`~stytvolt.styrivolt.chalk.apply_result`).  This
module arranges the positions, words the questions and offers the slips a
learner makes.

``hand-result`` is asked about a hand the engine plays out from a script of
trick winners: :func:`scripted_hand` deals each trick's winner a stikkar for
it and everyone else cards that cannot win, so the tricks fall as written and
the engine alone decides when the hand ends and what it scores.

Levels
------

``hand-result`` (the trick winners in order, whether the team played on, a
stock taken without the right; which team scores what):

1. easy: an ordinary game, or a team keeping in with both partners winning
   tricks and stopping; the Kvívík table;
2. medium: a team playing on and taking all nine tricks (both partners), or
   an ordinary game not settled before the eighth trick; the Kvívík table;
3. hard (the rare results): kept in alone, nine tricks alone, playing on and
   then losing a trick, a lone player's partner taking a trick while playing
   on (which ends the hand, still kept in alone: ruling R10), or a stock taken without the right; the Kvívík or the
   Penguin table.

``chalk-after`` (the results so far, one new result; the chalk-up after it):

1. easy: the Kvívík table; the new result rubs out strokes without
   finishing the chalk-up;
2. medium: the Kvívík table; the new result finishes the chalk-up (a cross or
   a monk's cross, perhaps rubbing out a cross of the other team, carrying
   strokes, passing the drawing), with no result scored outside the chalk-up
   and no monk gelded;
3. hard (the rare moves): a result scored outside the chalk-up (kept in
   alone, nine tricks alone, the stock penalty), a monk gelded, or the
   Penguin table.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Mapping, Sequence

from stytvolt.core.cards import Card, Rank
from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import COMPASS, Reason, Seat
from stytvolt.styrivolt.quiz.common import ATTEMPTS, answer_the_stock, expose_first
from stytvolt.learn import Choice, Draft, kind
from stytvolt.styrivolt.actions import PLAY_ON, STOP, TAKE_STOCK, Kind
from stytvolt.styrivolt.chalk import (
    ChalkState, Chalkboard, Result, Scoring, apply_result, count_words, parse_record, parse_records,
    record_text, score_of,
)
from stytvolt.styrivolt.choosing import OneSuitStock, choose_suits
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PACK, TRICKS
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, Role
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.variants import Rules
from stytvolt.styrivolt.chalk import chalk_description

__all__ = ["scripted_hand", "parse_winners", "ask_hand_result", "hand_level", "ask_chalk_after", "chalk_level",
           "chalk_id", "chalk_of_id", "chalk_before", "SEAT_NAMES", "TEAM_NAMES"]

SEAT_NAMES = COMPASS
#: The teams as the questions name them.
TEAM_NAMES = ("Team A (South–North)", "Team B (West–East)")
_SEAT_LETTERS = {"S": 0, "W": 1, "N": 2, "E": 3}
_DECK: tuple[Card, ...] = tuple(PACK)
_SCORING_NAMES = {Scoring.KVIVIK: "Kvívík", Scoring.PENGUIN: "Penguin"}


class _Stuck(Exception):
    """A drawn deal cannot play out the script: deal again."""


# == scripted hands ==========================================================================


def parse_winners(winners: Sequence[int] | str) -> tuple[int, ...]:
    """Trick winners as seats: ``"N N S N N"`` (S W N E) or ``[2, 2, 0, 2, 2]``."""
    if isinstance(winners, str):
        seats = []
        for token in winners.split():
            seat = _SEAT_LETTERS.get(token.strip().upper()[:1]) if token.strip() else None
            if seat is None or token.strip().lower() not in ("s", "w", "n", "e", "south", "west", "north", "east"):
                raise ParseError(f"bad trick winner {token[:12]!r}: expected S, W, N or E (South, West, North, East)")
            seats.append(seat)
        found = tuple(seats)
    elif isinstance(winners, (list, tuple)):
        if not all(isinstance(w, int) and not isinstance(w, bool) and 0 <= w < 4 for w in winners):
            raise ParseError("trick winners are seats 0 to 3 (South, West, North, East)")
        found = tuple(winners)
    else:
        raise ParseError(f"trick winners are written like 'N N S N N', not {type_name(winners)}")
    if not 1 <= len(found) <= TRICKS:
        raise InvalidPosition(f"a hand has one to nine tricks, not {len(found)}")
    return found


def _winners_text(winners: Sequence[int]) -> str:
    return " ".join("SWNE"[w] for w in winners)


def _play_script(rng: random.Random, winners: tuple[int, ...], play_on: bool, offender: int | None,
                 rules: Rules) -> HandState:
    # A stock with no card that could be a stikkar, whichever suits it chooses.
    risky = set(PERMANENT_STIKKAR) | {c for c in _DECK if c.rank in (Rank.ACE, Rank.JACK)}
    safe = [c for c in _DECK if c not in risky]
    while True:
        stock = rng.sample(safe, 12)
        try:
            choice = choose_suits(stock)
            break
        except OneSuitStock:  # pragma: no cover (twelve cards of one suit)
            continue
    ranking = choice.ranking
    stikkar = sorted(ranking.stikkar)
    rng.shuffle(stikkar)
    wins = [winners.count(p) for p in range(4)]
    needs = [w + (1 if p == offender else 0) for p, w in enumerate(wins)]
    hands: list[list[Card]] = [[] for _ in range(4)]
    for p in range(4):
        hands[p], stikkar = stikkar[:needs[p]], stikkar[needs[p]:]
    # Stikkar left over go where they can never be needed: to the offender's hand (it goes into the
    # stock), else to players with cards to spare beyond the tricks they must play.
    for card in stikkar:
        room = [p for p in range(4) if len(hands[p]) < 9 and (p == offender or 9 - len(hands[p]) > len(winners) - wins[p])]
        if not room:
            raise InvalidPosition(f"{len(winners)} tricks need a stikkar each, and a deal has only nine")
        hands[offender if offender in room else rng.choice(room)].append(card)
    junk = [c for c in _DECK if c not in stock and not ranking.role(c).is_stikkar]
    rng.shuffle(junk)
    for p in range(4):
        n = 9 - len(hands[p])
        hands[p], junk = hands[p] + junk[:n], junk[n:]
        rng.shuffle(hands[p])
    state = HandState.from_hands(hands, stock, dealer=rng.randrange(4), rules=rules)
    expose_first(state)
    for _ in range(80):
        phase = state.phase
        if phase is Phase.END:
            break
        p = state.to_move
        if answer_the_stock(state):
            continue
        if phase is Phase.PLAY_ON:
            state.apply(PLAY_ON if play_on else STOP)
        elif p == offender and not state.takes:
            state.apply(TAKE_STOCK)
        else:
            k = len(state.tricks)
            if k >= len(winners):
                raise InvalidPosition(
                    f"the hand is not over after these {len(winners)} tricks: {_winners_text(winners)}")
            mine = winners[k] == p
            plays = []
            for action in state.legal_actions():
                if action.kind is not Kind.PLAY:
                    continue
                card, promoted = state.played_as(p, action.card)
                role = ranking.role(card, promoted)
                if mine and role.is_stikkar:
                    plays.append(action)
                elif not mine and not role.is_stikkar and not (not state.current and role is Role.LAMB):
                    plays.append(action)
            if not plays:
                raise _Stuck
            state.apply(rng.choice(plays))
            if len(state.tricks) > k and state.tricks[k].winner != winners[k]:  # pragma: no cover (a stikkar always wins here)
                raise _Stuck
    if len(state.tricks) != len(winners):
        raise InvalidPosition(f"the hand ends after trick {len(state.tricks)}, before the tricks given: "
                              f"{_winners_text(winners)}")
    if play_on and state.playing_on is None:
        raise InvalidPosition("nobody took the first five tricks, so nobody could play on")
    return state


def scripted_hand(winners: Sequence[int] | str, *, play_on: bool = False, offender: int | None = None,
                  rules: Rules = Rules(), rng: random.Random | None = None) -> HandState:
    """A real hand, played by the engine to its end, whose tricks are won by ``winners`` in order.

    ``play_on`` is what the winner of the fifth trick says after keeping in;
    ``offender`` takes the stock in the first trick while holding a stikkar
    (the rules are set to allow it, at the price of the penalty).  A script
    the rules cannot follow (the hand ends sooner or later than the tricks
    given, more tricks than stikkar) raises
    :class:`~stytvolt.core.errors.InvalidPosition` naming it.
    """
    seats = parse_winners(winners)
    if offender is not None:
        if isinstance(offender, bool) or not isinstance(offender, int) or not 0 <= offender < 4:
            raise InvalidPosition(f"the offender is a seat 0 to 3, not {offender!r}")
        if offender in seats:
            raise InvalidPosition(f"{SEAT_NAMES[offender]} took the stock without the right, and so has given up "
                                  "the stikkar that could win a trick here")
        rules = rules.with_(enforce_stock_right=False)
    rng = rng or random.Random(f"scripted {_winners_text(seats)} {play_on} {offender}")
    for _ in range(60):
        try:
            return _play_script(rng, seats, play_on, offender, rules)
        except _Stuck:
            continue
    raise InvalidPosition(f"no deal found that plays out {_winners_text(seats)}")  # pragma: no cover


# == hand-result ==========================================================================


def _score_words(result: Result, scoring: Scoring) -> tuple[str, str]:
    """(slug, words) of what a result scores under a table, from the engine's table."""
    strokes, crosses, monks, _ = score_of(result, scoring)
    if strokes:
        return f"{strokes}s", f"rub out {count_words(strokes, 'stroke', 'strokes')}"
    if monks:
        return f"{monks}m", count_words(monks, "monk's cross", "monk's crosses").replace("one ", "a ", 1)
    return f"{crosses}x", count_words(crosses, "cross", "crosses").replace("one ", "a ", 1)


def _score_choice(team: int, result: Result, scoring: Scoring) -> Choice:
    slug, words = _score_words(result, scoring)
    return Choice(f"{'AB'[team]}-{slug}", f"{TEAM_NAMES[team]}: {words}")


_NEAR: dict[Result, tuple[Result, ...]] = {
    Result.ORDINARY: (Result.KEPT_IN, Result.NINE_TRICKS),
    Result.KEPT_IN: (Result.ORDINARY, Result.KEPT_IN_ALONE, Result.NINE_TRICKS),
    Result.NINE_TRICKS: (Result.KEPT_IN, Result.NINE_TRICKS_ALONE, Result.ORDINARY),
    Result.KEPT_IN_ALONE: (Result.KEPT_IN, Result.NINE_TRICKS_ALONE, Result.ORDINARY),
    Result.NINE_TRICKS_ALONE: (Result.NINE_TRICKS, Result.KEPT_IN_ALONE, Result.KEPT_IN),
    Result.STOCK_PENALTY: (Result.ORDINARY, Result.KEPT_IN),
}


def ask_hand_result(winners: Sequence[int] | str, *, play_on: bool = False, offender: int | None = None,
                    scoring: Scoring = Scoring.KVIVIK, rng: random.Random | None = None, wrong: int = 3) -> Draft:
    """The question "which team scores this hand, and what" for a hand whose tricks fell to ``winners``.

    The engine plays the hand (:func:`scripted_hand`) and its
    :class:`~stytvolt.styrivolt.records.HandResult` decides the answer.
    """
    if not isinstance(scoring, Scoring):
        raise InvalidPosition(f"scoring is a Scoring, not {type_name(scoring)}")
    state = scripted_hand(winners, play_on=play_on, offender=offender, rules=Rules(scoring=scoring), rng=rng)
    result = state.result
    assert result is not None
    right = _score_choice(result.team, result.result, scoring)
    wrongs: list[Choice] = []
    if result.result is Result.STOCK_PENALTY:
        # What the hand would have scored without the penalty, for the team that won the tricks.
        plain = scripted_hand(winners, play_on=play_on, rules=Rules(scoring=scoring)).result
        assert plain is not None
        wrongs.append(_score_choice(plain.team, plain.result, scoring))
    wrongs.append(_score_choice(1 - result.team, result.result, scoring))
    other = Scoring.PENGUIN if scoring is Scoring.KVIVIK else Scoring.KVIVIK
    wrongs.append(_score_choice(result.team, result.result, other))
    wrongs += [_score_choice(result.team, near, scoring) for near in _NEAR[result.result]]
    picked: list[Choice] = [right]
    for choice in wrongs:
        if len(picked) > wrong:
            break
        if all(c.id != choice.id for c in picked):
            picked.append(choice)
    board = Chalkboard(scoring=scoring)
    change = result.record(board)
    tricks = state.tricks
    won_with = tuple(t.cards[(t.winner - t.leader) % 4] for t in tricks)
    seats = [Seat(t.winner) for t in tricks]
    text = ", ".join("{w%d} with %s" % (i, c.symbol) for i, c in enumerate(won_with))
    reasons = (
        Reason.of("quiz.hand-result.tricks", "The tricks went, in order, to " + text + ".", won_with,
                  **{f"w{i}": s for i, s in enumerate(seats)}),
        _named(result.reason),
        _named(change.reasons[0]),
    )
    lines = [f"{SEAT_NAMES[state.dealer]} dealt. Tricks won, in order: "
             + ", ".join(SEAT_NAMES[t.winner] for t in tricks) + "."]
    if offender is not None:
        lines.append(f"{SEAT_NAMES[offender]}, holding a stikkar, took the stock in the first trick (this table "
                     "allows it, at a price).")
    if state.playing_on is not None:
        lines.append(f"After the fifth trick {SEAT_NAMES[tricks[4].winner]} chose to play on.")
    elif any(a.kind is Kind.STOP for _, a in state.history):
        lines.append(f"After the fifth trick {SEAT_NAMES[tricks[4].winner]} chose to stop.")
    lines.append(f"Scoring: the {_SCORING_NAMES[scoring]} table.")
    rule = {
        Result.ORDINARY: "keeping-in.md#quick-reference",
        Result.KEPT_IN: "keeping-in.md#keeping-in",
        Result.NINE_TRICKS: "keeping-in.md#playing-on",
        Result.KEPT_IN_ALONE: "keeping-in.md#keeping-in",
        Result.NINE_TRICKS_ALONE: "keeping-in.md#playing-on",
        Result.STOCK_PENALTY: "stock.md#taking-it-without-the-right",
    }[result.result]
    if result.result is Result.ORDINARY and state.playing_on is not None:
        rule = "keeping-in.md#playing-on"
    if scoring is Scoring.PENGUIN:
        rule = "variations.md#penguin-scoring"
    chosen = ",".join(s.letter for s in state.chosen)
    return Draft(
        prompt="Which team scores this hand, and what does it score?",
        choices=tuple(_shuffle(rng, picked)),
        answer=right.id,
        explanation=reasons,
        position={
            "winners": _winners_text([t.winner for t in tricks]), "played_on": "yes" if state.playing_on is not None else "no",
            "offender": SEAT_NAMES[offender] if offender is not None else "", "scoring": scoring.value,
            "chosen": chosen, "tricks": " | ".join(" ".join(str(c) for c in t.cards) for t in tricks),
        },
        rule=rule,
        context=" ".join(lines),
    )


#: The teams as the questions' own words call them ("Team B keeps in"), in every explanation too.
_TEAM_WORDS = ("Team A", "Team B")


def _named(reason: Reason) -> Reason:
    """The engine's reason with the teams and seats named as the question names them, wherever it is shown."""
    return Reason(reason.code, reason.render(seats=SEAT_NAMES, teams=_TEAM_WORDS), reason.cards)


def _shuffle(rng: random.Random | None, items: list[Choice]) -> list[Choice]:
    if rng is not None:
        rng.shuffle(items)
    return items


def _team_seats(rng: random.Random, team: int, n: int, both: bool) -> list[int]:
    while True:
        seats = [team + 2 * rng.randrange(2) for _ in range(n)]
        if not both or len(set(seats)) == 2:
            return seats


def _ordinary(rng: random.Random, late: bool) -> list[int]:
    while True:
        seats: list[int] = []
        won = [0, 0]
        while max(won) < 5:
            # Lean towards one team so the hand is settled, now and then late.
            p = rng.randrange(4)
            seats.append(p)
            won[p % 2] += 1
        first = {s % 2 for s in seats[:5]}
        if len(first) == 2 and (len(seats) >= 8) is late:
            return seats


def _script_for(rng: random.Random, level: int) -> tuple[list[int], bool, int | None, Scoring]:
    """Trick winners, play on, offender and table for a question of this level."""
    scoring = Scoring.KVIVIK
    offender: int | None = None
    team = rng.randrange(2)
    if level == 1:
        if rng.random() < 0.5:
            return _ordinary(rng, late=False), False, None, scoring
        return _team_seats(rng, team, 5, True), False, None, scoring
    if level == 2:
        if rng.random() < 0.5:
            return _team_seats(rng, team, 9, True), True, None, scoring
        return _ordinary(rng, late=True), False, None, scoring
    if rng.random() < 0.35:
        scoring = Scoring.PENGUIN
    shape = rng.choice(("alone", "nine-alone", "failed", "partner", "penalty"))
    lone = team + 2 * rng.randrange(2)
    if shape == "alone":
        return [lone] * 5, False, None, scoring
    if shape == "nine-alone":
        return [lone] * 9, True, None, scoring
    if shape == "failed":
        seats = _team_seats(rng, team, 5, False)
        later = _team_seats(rng, team, rng.randrange(4), False)
        if len(set(seats)) == 1:  # a lone keeper-in: a trick of the partner's would end the hand (R10)
            later = seats[:1] * len(later)
        return seats + later + [1 - team + 2 * rng.randrange(2)], True, None, scoring
    if shape == "partner":  # the partner's trick ends it: still kept in alone (R10)
        return [lone] * (5 + rng.randrange(4)) + [(lone + 2) % 4], True, None, scoring
    # The penalty, on a hand of at most eight tricks, by a player who wins none of them.
    while True:
        base = rng.choice(("ordinary", "kept-in", "alone"))
        if base == "ordinary":
            seats = _ordinary(rng, late=False)
        elif base == "kept-in":
            seats = _team_seats(rng, team, 5, True)
        else:
            seats = [lone] * 5
        idle = [p for p in range(4) if p not in seats]
        if idle and len(seats) <= 8:
            return seats, False, rng.choice(idle), scoring


def hand_level(winners: Sequence[int], played_on: bool, offender: int | None, scoring: Scoring) -> int:
    """The level a hand-result position belongs to, by the definitions in the module's docstring."""
    seats = list(winners)
    first = seats[:5]
    alone_start = len(set(first)) == 1 and len(first) == 5
    if offender is not None or scoring is Scoring.PENGUIN or alone_start:
        return 3
    if played_on and any(s % 2 != first[0] % 2 for s in seats[5:]):
        return 3
    if played_on or len(seats) >= 8:
        return 2
    return 1


@kind("styrivolt", "hand-result", title="What does the hand score?",
      summary="Five tricks win; the first five keep in; all nine, alone, or a wrongly taken stock score more.",
      rule="keeping-in.md#quick-reference")
def make_hand_result(rng: random.Random, level: int) -> Draft:
    for _ in range(ATTEMPTS):
        seats, play_on, offender, scoring = _script_for(rng, level)
        if hand_level(seats, play_on, offender, scoring) != level:
            continue  # pragma: no cover (the shapes are drawn for the level)
        try:
            return ask_hand_result(seats, play_on=play_on, offender=offender, scoring=scoring, rng=rng,
                                   wrong=2 if level == 1 else 3)
        except InvalidPosition:
            continue
    raise AssertionError("no hand-result position found")  # pragma: no cover


# == chalk-after ==========================================================================


_CHALK_ID = re.compile(r"e([0-2])([0-2])-x(\d{1,3})\.(\d{1,3})-m(\d{1,3})\.(\d{1,3})-([ab])(\d{1,4})")


def chalk_id(state: ChalkState) -> str:
    """A chalk-up as a choice's id: ``e21-x0.1-m0.0-a3`` (strokes erased by A and B, plain crosses of A and B,
    monk's crosses of A and B, the team that draws next and the chalk-up's number); :func:`chalk_of_id` reads it."""
    return (f"e{state.erased[0]}{state.erased[1]}-x{state.crosses[0]}.{state.crosses[1]}"
            f"-m{state.monks[0]}.{state.monks[1]}-{'ab'[state.drawer]}{state.chalkups}")


def chalk_of_id(text: str) -> ChalkState:
    """The chalk-up a choice's id names (see :func:`chalk_id`), so a page can draw each choice."""
    found = _CHALK_ID.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise InvalidPosition(f"not a chalk-up's id like 'e21-x0.1-m0.0-a3': {str(text)[:40]!r}")
    e0, e1, c0, c1, m0, m1, drawer, number = found.groups()
    return ChalkState(erased=(int(e0), int(e1)), crosses=(int(c0), int(c1)), monks=(int(m0), int(m1)),
                      drawer="ab".index(drawer), chalkups=int(number))


def chalk_before(position: Mapping[str, str]) -> ChalkState:
    """The chalk-up before the new result of a chalk-after question, from its position (the results so far)."""
    board = Chalkboard(scoring=Scoring(position["scoring"]))
    for team, result in parse_records(position["records"]):
        board.record(team, result)
    return board.state




def _describe(state: ChalkState) -> str:
    return chalk_description(state, _TEAM_WORDS)


def _slips(before: ChalkState, team: int, result: Result, scoring: Scoring, after: ChalkState,
           codes: set[str]) -> list[ChalkState]:
    """The chalk-ups a learner's slips give, most telling first (each built by the engine where it can be)."""
    out: list[ChalkState] = []

    def engine(state: ChalkState, t: int, r: Result, table: Scoring) -> None:
        out.append(apply_result(state, t, r, scoring=table).after)

    def edited(**changes: object) -> None:
        try:
            out.append(replace(after, **changes))  # type: ignore[arg-type]
        except InvalidPosition:
            pass

    engine(before, 1 - team, result, scoring)  # the wrong team
    opp = 1 - team if result is not Result.STOCK_PENALTY else team
    if "chalk.geld" in codes:  # the whole monk wiped out, not halved
        crosses = list(after.crosses)
        crosses[opp] -= 1
        if crosses[opp] >= 0:
            edited(crosses=(crosses[0], crosses[1]))
    if "chalk.erase_cross" in codes and before.monks[opp]:  # a monk gelded while plain crosses stand
        crosses, monks = list(after.crosses), list(after.monks)
        crosses[opp] += 2
        monks[opp] -= 1
        if monks[opp] >= 0:
            edited(crosses=(crosses[0], crosses[1]), monks=(monks[0], monks[1]))
    if "chalk.carry" in codes:  # the carried strokes forgotten
        erased = list(after.erased)
        erased[team] = 0
        edited(erased=(erased[0], erased[1]))
    if codes & {"chalk.complete.cross", "chalk.complete.monk"}:
        # A plain cross taken for a monk's cross, or the other way round: as if the other side had (not)
        # rubbed out a stroke on this chalk-up.
        erased = list(before.erased)
        erased[1 - team] = 0 if erased[1 - team] else 1
        mixed = apply_result(replace(before, erased=(erased[0], erased[1])), team, result, scoring=scoring).after
        out.append(replace(mixed, erased=after.erased))
    if "chalk.complete.cross" in codes or "chalk.complete.monk" in codes:
        edited(drawer=1 - after.drawer)  # the wrong team draws the new chalk-up
        kept = list(after.erased)
        kept[1 - team] = before.erased[1 - team]
        edited(erased=(kept[0], kept[1]))  # the other side's rubbed-out strokes left standing as they were
    other = Scoring.PENGUIN if scoring is Scoring.KVIVIK else Scoring.KVIVIK
    engine(before, team, result, other)
    for near in _NEAR[result]:
        if near is not Result.STOCK_PENALTY:
            engine(before, team, near, scoring)
    return out


def chalk_level(records: str, new: str, scoring: Scoring) -> int:
    """The level a chalk-after position belongs to, by the definitions in the module's docstring."""
    board = Chalkboard(scoring=scoring)
    for t, r in parse_records(records):
        board.record(t, r)
    change = board.record(*parse_record(new))
    codes = {r.code for r in change.reasons}
    if scoring is Scoring.PENGUIN or codes & {"chalk.outside", "chalk.penalty", "chalk.geld"}:
        return 3
    if codes & {"chalk.complete.cross", "chalk.complete.monk"}:
        return 2
    return 1


_VERBS = {
    Result.ORDINARY: "wins an ordinary game",
    Result.KEPT_IN: "keeps in",
    Result.NINE_TRICKS: "takes all nine tricks",
    Result.KEPT_IN_ALONE: "keeps in alone (one player took the first five tricks)",
    Result.NINE_TRICKS_ALONE: "takes all nine tricks alone (one player)",
    Result.STOCK_PENALTY: "took the stock without the right to it",
}


def ask_chalk_after(records: str, new: str, *, scoring: Scoring | str = Scoring.KVIVIK,
                    rng: random.Random | None = None, wrong: int = 3) -> Draft:
    """The question "what does the chalk-up look like after this result" (the engine's :func:`apply_result` decides).

    ``records`` are the results so far (``"B:ordinary A:kept-in"``), ``new``
    the one to chalk (``"A:ordinary"``; a penalty is written against the team
    that took the stock).
    """
    table = scoring if isinstance(scoring, Scoring) else Scoring(scoring) if scoring in ("kvivik", "penguin") else None
    if table is None:
        raise InvalidPosition(f"scoring is 'kvivik' or 'penguin', not {scoring!r}")
    history = parse_records(records)
    team, result = parse_record(new)
    board = Chalkboard(scoring=table)
    for t, r in history:
        board.record(t, r)
    before = board.state
    change = apply_result(before, team, result, scoring=table)
    after = change.after
    codes = {r.code for r in change.reasons}
    picked = [after]
    for slip in _slips(before, team, result, table, after, codes):
        if len(picked) > wrong:
            break
        if all(chalk_id(slip) != chalk_id(p) and _describe(slip) != _describe(p) for p in picked):
            picked.append(slip)
    choices = [Choice(chalk_id(s), _describe(s)) for s in picked]
    if rng is not None:
        rng.shuffle(choices)
    name = "Team " + "AB"[team]
    so_far = " ".join(record_text(t, r) for t, r in history)
    return Draft(
        prompt=f"{name} {_VERBS[result]}. What does the chalk-up look like after it is chalked?",
        choices=tuple(choices),
        answer=chalk_id(after),
        explanation=tuple(_named(r) for r in change.reasons),
        position={"records": so_far, "new": record_text(team, result), "scoring": table.value},
        rule="variations.md#penguin-scoring" if table is Scoring.PENGUIN else (
            "scoring.md#scores-outside-the-chalk-up" if codes & {"chalk.outside", "chalk.penalty"} else
            "scoring.md#crosses-and-monks-crosses" if codes - {"chalk.stroke"} else "scoring.md#strokes"),
        context=f"Scoring: the {_SCORING_NAMES[table]} table. Before this hand: {_describe(before)}",
    )


_RESULTS_BY_WEIGHT = (
    (Result.ORDINARY, 6), (Result.KEPT_IN, 3), (Result.NINE_TRICKS, 1),
    (Result.KEPT_IN_ALONE, 1), (Result.NINE_TRICKS_ALONE, 1), (Result.STOCK_PENALTY, 1),
)


def _draw_result(rng: random.Random, outside: bool) -> Result:
    pool = [r for r, w in _RESULTS_BY_WEIGHT for _ in range(w)
            if outside or r in (Result.ORDINARY, Result.KEPT_IN, Result.NINE_TRICKS)]
    return rng.choice(pool)


@kind("styrivolt", "chalk-after", title="Chalk it up",
      summary="Strokes are rubbed out, crosses won, rubbed out and gelded: what does the slate show after a result?",
      rule="scoring.md#crosses-and-monks-crosses")
def make_chalk_after(rng: random.Random, level: int) -> Draft:
    for _ in range(ATTEMPTS):
        scoring = Scoring.PENGUIN if level == 3 and rng.random() < 0.3 else Scoring.KVIVIK
        history = [(rng.randrange(2), _draw_result(rng, level == 3 and rng.random() < 0.3))
                   for _ in range(rng.randrange(0, 9))]
        records = " ".join(record_text(t, r) for t, r in history)
        new = record_text(rng.randrange(2), _draw_result(rng, level == 3))
        if chalk_level(records, new, scoring) == level:
            return ask_chalk_after(records, new, scoring=scoring, rng=rng, wrong=2 if level == 1 else 3)
    raise AssertionError("no chalk-after position found")  # pragma: no cover
