"""Making Stýrivolt's puzzles: a search of deals for each theme, reproducible from seeds.

:func:`make` is the recipe :func:`stytvolt.analysis.puzzles.made` runs for
Stýrivolt.  For each of the seven themes (:data:`~stytvolt.styrivolt.puzzles.THEMES`)
it looks through the deals of that theme's seeds (:data:`THEME_SEEDS`), one
after another, until it has found :data:`QUOTA` puzzles that show the theme:

* the deal (:func:`deal`): shuffled from the seed; for four of a kind, one
  hand is then given all four cards of a rank, and for the storm South and
  North the permanent stikkar (a hand that tries to keep in, and a defence
  that must stop it);
* the play (:func:`positions`): four seeded beginners
  (:class:`~stytvolt.styrivolt.bots.SimpleBot`) play the hand, with the
  theme's temper (:func:`_temper`): a team that keeps in always plays on
  (playing on); traders, lambs or the cards of four of a kind kept back
  until the ending (trader, lamb timing, four of a kind); else the earlier
  set's tempers, one deal in three each;
* the positions looked at: the play with the stock closed, two to
  :data:`MOST_TRICKS` tricks to go (the storm, about keeping in, one more),
  where the theme could show (:func:`may_show`: a face-up card a trader can
  fetch, a low unchosen card to lead or led before the fifth trick, a lamb, a
  partner winning the trick …); a position where West or East is to move is
  turned one seat round (:func:`rotated`), so South and North always solve;
* the puzzle (:func:`assess`): the best score South and North can make sure
  of is the target, and exactly one legal action keeps it at every one of
  their turns with a choice, to the hand's end or until no card can change
  the score (:func:`stytvolt.analysis.puzzles.solution`), and the key move or
  the line shows the theme (:func:`shown_themes`).

The first position of a deal that makes a puzzle of the theme is kept (at
most one a deal); :func:`found` finds it again from the seed.  The puzzles of
the earlier set that are still sound under the stricter proof keep their ids
(:data:`KEPT`: each the deal it was found in and how far into it, played as
it was then).  Every theme's puzzles are then narrowed so that no theme holds
more than a third of the set (:func:`balanced`).
"""

from __future__ import annotations

import random
from typing import Any, Iterator, Sequence

from stytvolt.analysis import puzzles as P
from stytvolt.analysis.puzzles import Candidate, PuzzleError
from stytvolt.core.cards import Rank
from stytvolt.core.errors import StytvoltError
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.bots import SimpleBot, card_worth
from stytvolt.styrivolt.chalk import Result, points
from stytvolt.styrivolt.deal import deal_cards
from stytvolt.styrivolt.fasthand import check_solvable
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PACK, PLAYERS, TO_WIN, TRICKS
from stytvolt.styrivolt.puzzles import THEMES, goal_words, tricks_left
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, Role
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.tricks import winner_index

__all__ = ["THEME_SEEDS", "QUOTA", "MOST_TRICKS", "KEPT", "FIRST_NEW", "deal", "positions", "rotated", "may_show",
           "shown_themes", "assess", "found", "kept", "search", "balanced", "make"]

#: The deals each theme's search looks through, in order (disjoint, so a deal belongs to one theme's search).
THEME_SEEDS: dict[str, range] = {theme: range(1_000_000 * (i + 1), 1_000_000 * (i + 1) + 20_000)
                                 for i, theme in enumerate(THEMES)}
#: How many puzzles each theme's search finds.
QUOTA = 30
#: The most tricks still to play in a puzzle's position (more are slow to prove, in the browser too); the storm, which
#: is about keeping in (the first five tricks), one more.
MOST_TRICKS = 5
_MOST = {"storm": MOST_TRICKS + 1}
#: The puzzles of the earlier set (P0001 to P0340) still sound under the stricter proof, kept with their ids: each the
#: id, the deal's seed, and how many actions were played before the position (:func:`_earlier` plays them again).
KEPT: tuple[tuple[str, int, int], ...] = (
    ("P0018", 105411, 27), ("P0020", 203246, 24), ("P0021", 100461, 27), ("P0023", 206503, 27),
    ("P0030", 103243, 28), ("P0031", 104834, 24), ("P0032", 100523, 24), ("P0033", 105520, 25),
    ("P0049", 202418, 20), ("P0055", 103479, 33), ("P0067", 203918, 27), ("P0068", 200459, 26),
    ("P0080", 104411, 23), ("P0086", 101165, 27), ("P0088", 206711, 27), ("P0091", 204980, 26),
    ("P0097", 100864, 28), ("P0103", 105565, 27), ("P0107", 102308, 26), ("P0108", 200158, 27),
    ("P0110", 205426, 28), ("P0112", 204077, 26), ("P0114", 100995, 25), ("P0116", 205404, 27),
    ("P0117", 101382, 26), ("P0120", 102730, 26), ("P0121", 201855, 24), ("P0122", 203524, 25),
    ("P0123", 205701, 28), ("P0133", 100452, 24), ("P0141", 102651, 25), ("P0144", 205766, 25),
    ("P0147", 101855, 22), ("P0154", 101298, 24), ("P0160", 102454, 25), ("P0167", 202248, 24),
    ("P0209", 202775, 23), ("P0215", 102549, 26), ("P0217", 104118, 24), ("P0218", 201886, 25),
    ("P0221", 105691, 25), ("P0235", 103214, 24), ("P0238", 100637, 22), ("P0239", 104422, 25),
    ("P0244", 206738, 22), ("P0250", 204994, 25), ("P0252", 201775, 24), ("P0273", 203129, 22),
    ("P0279", 200289, 27), ("P0287", 101765, 22), ("P0314", 202895, 23), ("P0325", 102119, 23),
)
#: The first number of the puzzles found afresh (after the earlier set's, so an old link never opens another puzzle).
FIRST_NEW = 341

_LOW_PLAIN = Rank.EIGHT  # an unchosen card up to this rank is a low card (a storm, led)


# -- the deal and its play ------------------------------------------------------------------------------------------


def deal(theme: str, seed: int) -> HandState:
    """The hand the ``theme``'s search deals from ``seed``: shuffled, and then, by swaps between the hands (the stock,
    and so the chosen suits, left as dealt), for four of a kind one player (chosen by the seed) given all four cards of
    a rank none of which lies in the stock, and for the storm South and North given the permanent stikkar (a hand
    strong enough to keep in)."""
    state = HandState.deal(seed, dealer=seed % PLAYERS)
    if theme not in ("four-of-a-kind", "storm"):
        return state
    rng = random.Random(f"styrivolt-puzzles/{theme}/{seed}")
    hands, stock = deal_cards(state.deck, state.dealer)
    hands = [list(h) for h in hands]
    if theme == "four-of-a-kind":
        ranks = sorted({c.rank for c in PACK} - {c.rank for c in stock} - {Rank.FIVE})
        if not ranks:
            return state
        seat, rank = rng.randrange(PLAYERS), rng.choice(ranks)
        wanted = [c for h in hands for c in h if c.rank == rank]
        targets = [(seat, c) for c in wanted]
    else:
        wanted = [c for c in PERMANENT_STIKKAR if c not in stock]
        targets = [(rng.choice((0, 2)), c) for c in wanted]
    for seat, card in targets:
        holder = next(q for q in range(PLAYERS) if card in hands[q])
        if holder == seat:
            continue
        give = rng.choice([c for c in hands[seat] if c not in wanted])
        hands[holder][hands[holder].index(card)] = give
        hands[seat][hands[seat].index(give)] = card
    return HandState.from_hands(hands, stock, dealer=state.dealer, rules=state.rules)


def positions(theme: str, seed: int) -> Iterator[HandState]:
    """Every position of the ``theme``'s deal of ``seed`` in the card play, as the seeded beginners play it
    (:func:`_played`), where a puzzle could begin: the stock closed, two to :data:`MOST_TRICKS` tricks to go, a choice
    to make, and the theme able to show (:func:`may_show`); turned round so South and North are to move."""
    for state in _played(deal(theme, seed), seed, _temper(theme, seed)):
        if not 2 <= TRICKS - len(state.tricks) <= _MOST.get(theme, MOST_TRICKS) or len(state.legal_actions()) < 2:
            continue
        try:
            check_solvable(state)
        except StytvoltError:
            continue
        spot = state if state.current_player() % 2 == 0 else rotated(state)
        if may_show(spot, theme):
            yield spot


def _played(state: HandState, seed: int, temper: str, stop: int | None = None) -> Iterator[HandState]:
    """The positions of a hand in the card play as four seeded beginners play it (a copy of each), or with ``stop``
    only the position after that many actions.  Their ``temper``: "nine", a team that keeps in always plays on;
    "wait", a trade is put off while a card can be played; "hold-trader", "hold-lamb", "hold-four", a trader (played
    or traded), a lamb led, a card of four of a kind are kept back, while a card can be played, until the last
    :data:`MOST_TRICKS` tricks; "" none."""
    bots = [SimpleBot(seed * 4 + i) for i in range(PLAYERS)]
    while not state.is_terminal():
        if stop is None and state.phase in (Phase.PLAY, Phase.PLAY_ON):
            yield state.clone()
        if stop is not None and len(state.history) == stop:
            yield state.clone()
            return
        p = state.current_player()
        legal = state.legal_actions()
        action = bots[p].choose(state.observation(p))
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if temper == "nine" and state.phase is Phase.PLAY_ON:
            action = next((a for a in legal if a.kind is Kind.PLAY_ON), action)
        elif temper == "wait" and action.kind is Kind.TRADE and plays:
            action = min(plays, key=lambda a: _worth(state, p, a))
        elif temper.startswith("hold-") and state.phase is Phase.PLAY and TRICKS - len(state.tricks) > MOST_TRICKS:
            if _held(state, p, action, temper):
                others = [a for a in plays if not _held(state, p, a, temper)]
                if others:
                    action = min(others, key=lambda a: _worth(state, p, a))
        state.apply(action)


def _held(state: HandState, p: int, action: Action, temper: str) -> bool:
    """Whether a "hold-" ``temper`` keeps ``action`` back: a trader's, a lamb led, a card of four of a kind."""
    if temper == "hold-trader":
        return _with_trader(state, p, action)
    if temper == "hold-lamb":
        return not state.current and _role(state, p, action) is Role.LAMB
    brought = _brings(state, p, action)
    return brought is not None and brought[1]


_TEMPER = {"playing-on": "nine", "trader": "hold-trader", "lamb-timing": "hold-lamb", "four-of-a-kind": "hold-four"}


def _temper(theme: str, seed: int) -> str:
    """How the beginners play a theme's deals (:func:`_played`): the theme's own temper, else the earlier set's (one
    deal in three "nine", one in three "wait")."""
    return _TEMPER.get(theme, ("", "nine", "wait")[seed % 3])


def rotated(state: HandState) -> HandState:
    """The same hand with every seat moved one place to the left (the dealer too): the teams swap their parts."""
    hands, rest = deal_cards(state.deck, state.dealer)
    out = HandState.from_hands([hands[(p - 1) % PLAYERS] for p in range(PLAYERS)], rest,
                               dealer=(state.dealer + 1) % PLAYERS, rules=state.rules)
    for _, action in state.history:
        out.apply(action)
    return out


# -- what a position shows --------------------------------------------------------------------------------------------


def _brings(state: HandState, p: int, action: Action) -> tuple[Any, bool] | None:
    """The card (and whether it plays promoted) that ``action`` of ``p`` brings to the trick or the hand: the card
    played (a trader's fetched card), the card a trade fetches; None for a decision."""
    if action.kind is Kind.PLAY:
        return state.played_as(p, action.card)
    if action.kind is Kind.TRADE:
        return action.cards[1], False
    return None


def _role(state: HandState, p: int, action: Action) -> Role | None:
    brought = _brings(state, p, action)
    return None if brought is None else state.ranking.role(*brought)


def _with_trader(state: HandState, p: int, action: Action) -> bool:
    """Whether ``action`` trades, or plays a trader that fetches a face-up card."""
    return action.kind is Kind.TRADE or action.kind is Kind.PLAY and state.played_as(p, action.card)[0] != action.card


def _partner_winning(state: HandState) -> bool:
    if not state.current:
        return False
    best = winner_index(state.ranking, state.current, state.current_promoted)
    return (state.leader + best) % 2 == state.current_player() % 2


def _takes(state: HandState, p: int, action: Action) -> bool:
    """Whether a play takes the trick under way from every card in it so far."""
    if action.kind is not Kind.PLAY or not state.current:
        return False
    card, promoted = state.played_as(p, action.card)
    return winner_index(state.ranking, (*state.current, card), (*state.current_promoted, promoted)) == len(state.current)


def _worth(state: HandState, p: int, action: Action) -> float:
    brought = _brings(state, p, action)
    return 0.0 if brought is None else card_worth(state.ranking, *brought)


def _side_lambs(state: HandState) -> bool:
    p = state.current_player()
    return any(state.ranking.role(*state.played_as(q, c)) is Role.LAMB for q in (p, (p + 2) % PLAYERS)
               for c in state.hands[q])


def may_show(state: HandState, theme: str) -> bool:
    """Whether the position could show ``theme`` (read before any solving, to pass over the positions that cannot)."""
    p = state.current_player()
    legal = state.legal_actions()
    if theme == "trader":
        return any(_fetchable(state, q) for q in range(PLAYERS))
    if theme == "storm":
        return len(state.tricks) < TO_WIN and (_storm_led(state) or any(_low_lead(state, p, a) for a in legal))
    if theme == "four-of-a-kind":
        return any(_brings(state, p, a) is not None and _brings(state, p, a)[1] for a in legal)  # type: ignore[index]
    if theme == "playing-on":
        won = state.team_tricks()
        return state.playing_on is not None or state.phase is Phase.PLAY_ON or not won[0] or not won[1]
    if theme == "unblocking":
        return _partner_winning(state)
    if theme == "lamb-timing":
        return _side_lambs(state)
    if theme == "saving-stikkar":
        roles = [_role(state, p, a) for a in legal]
        return any(r is not None and r.is_stikkar for r in roles) and any(r is not None and not r.is_stikkar
                                                                          for r in roles)
    raise PuzzleError(f"Stýrivolt has no theme {theme!r}")


def _fetchable(state: HandState, q: int) -> list[Any]:
    """The face-up cards player ``q`` can fetch with a trader held."""
    return [c for suit, cards in state.exposed.items() for c in cards
            if any(t.suit == suit and state.ranking.role(t) is Role.TRADER for t in state.hands[q])]


def _facing_two(state: HandState, p: int) -> bool:
    """Whether ``p`` holds a trader facing two face-up cards (it must trade, and choose which, before playing it)."""
    return any(len(cards) == 2 and any(t.suit == suit and state.ranking.role(t) is Role.TRADER for t in state.hands[p])
               for suit, cards in state.exposed.items())


def _side_trader(state: HandState) -> bool:
    """Whether South or North can fetch a face-up card with one trade (a trade that can be made now or later alike:
    two ways to the same play, which no puzzle can ask to tell apart)."""
    p = state.current_player()
    return any(_fetchable(state, q) and not _facing_two(state, q) for q in (p, (p + 2) % PLAYERS))


def _defence_trader(state: HandState) -> bool:
    p = state.current_player()
    return any(_fetchable(state, q) for q in ((p + 1) % PLAYERS, (p + 3) % PLAYERS))


def _fetch_wins(state: HandState, line: Sequence[str]) -> bool:
    """Whether, on the line (action texts from ``state``), West or East win a trick with a face-up card a trader of
    theirs fetched."""
    s = state.clone()
    side = state.current_player() % 2
    fetched: set[Any] = set()
    done = len(s.tricks)
    for text in line:
        q = s.current_player()
        action = next(a for a in s.legal_actions() if str(a) == text)
        if q % 2 != side and _with_trader(s, q, action):
            brought = _brings(s, q, action)
            if brought is not None:
                fetched.add(brought[0])
        s.apply(action)
    for trick in s.tricks[done:]:
        if trick.winner % 2 != side and trick.cards[(trick.winner - trick.leader) % PLAYERS] in fetched:
            return True
    return False


def _storm_led(state: HandState) -> bool:
    """Whether the trick under way was led with a low card of an unchosen suit."""
    return bool(state.current) and _low(state, state.current[0], state.current_promoted[0])


def _low(state: HandState, card: Any, promoted: bool) -> bool:
    return (state.ranking.role(card, promoted) is Role.PLAIN and card.rank <= _LOW_PLAIN
            and card.suit not in state.chosen)


def _low_lead(state: HandState, p: int, action: Action) -> bool:
    """Whether ``action`` leads a low card of an unchosen suit (a storm)."""
    if state.current or action.kind is not Kind.PLAY:
        return False
    return _low(state, *state.played_as(p, action.card))


#: The coach's ideas (:mod:`~stytvolt.styrivolt.coach`) that show a theme by themselves when the key serves them (the
#: others, like throwing the least useful card, fit too many moves to tell a puzzle's point).
_TELLING_IDEAS = {"storm": "storm", "pregnant-ewe": "storm", "unblock": "unblocking", "lamb-timing": "lamb-timing",
                  "four-of-a-kind": "four-of-a-kind", "play-on": "playing-on", "trader": "trader"}


def shown_themes(state: HandState, target: int, values: dict[str, int], line: Sequence[str]) -> tuple[str, ...]:
    """The themes a puzzle shows: read from its position, its key move, the moves that fail there, its target and its
    line (South and North to move), and from the coach's idea of the key where that idea tells a theme by itself
    (:data:`_TELLING_IDEAS`: the storm led, backed or stopped, the pregnant ewe, taking over for the lambs, winning
    the trick the lambs need, four of a kind, playing on, fetching with a trader).  Besides:

    * trader: the key trades or plays a trader, or a trader's move that would bring a stikkar or a lamb fails, or West
      or East win a trick with a face-up card their trader fetched, on the line or on the line that refutes a move
      that fails;
    * storm (while keeping in is at stake): the key leads a low unchosen card, where leading a stikkar or a lamb fails;
      or the partner led one, and the key backs it with a stikkar where a card that does not take the trick fails, or
      lets it blow over where a stikkar played fails; or West or East led one, and the key takes the trick where a
      card that does not fails;
    * four of a kind: the key, or a move that fails, brings a promoted card;
    * playing on: a team is playing on, or South and North are to say whether they do, or the goal is all nine
      tricks or better; or the goal is to keep in (and so the line ends with the choice to stop) and the puzzle shows no
      other theme;
    * unblocking: the partner's card is winning the trick, and the key takes it over where a card that does not fails,
      or throws a bigger card under it than one that fails;
    * lamb timing: South and North hold a lamb, and the key is not the lamb led where that fails, or the key wins the
      trick and a lamb is led by the side later on the line, or the lamb led now is one of two decisions or more;
    * saving a stikkar: the key brings no stikkar nor a lamb, where a stikkar played fails."""
    from stytvolt.styrivolt.coach import idea

    p = state.current_player()
    legal = state.legal_actions()
    by_text = {str(a): a for a in legal}
    key = by_text[line[0]]
    wrong = [a for a in legal if values[str(a)] < target]
    later = _side_line(state, line)
    tags: set[str] = set()
    told = idea(state.observation(p), key)
    if told is not None and told[0] in _TELLING_IDEAS:
        tags.add(_TELLING_IDEAS[told[0]])
    if (_with_trader(state, p, key) or any(_with_trader(state, p, a) and _tempting(state, p, a) for a in wrong)
            or _fetch_wins(state, line) or _defence_trader(state) and any(
                _fetch_wins(state, [t for _, t in P.refutation(state, p, str(a))[0]]) for a in wrong)):
        tags.add("trader")
    if _low_lead(state, p, key) and any(_tempting(state, p, a) for a in wrong if a.kind is Kind.PLAY):
        tags.add("storm")
    won = state.team_tricks()
    if _storm_led(state) and len(state.tricks) < TO_WIN and key.kind is Kind.PLAY:
        plays = [a for a in wrong if a.kind is Kind.PLAY]
        if state.leader % 2 == 0 and not won[1]:  # the partner's storm: backed with a stikkar, or left to blow over
            backs = _takes(state, p, key) and (_role(state, p, key) or Role.PLAIN).is_stikkar
            ewe = not _takes(state, p, key) and any((_role(state, p, a) or Role.PLAIN).is_stikkar for a in plays)
            if (backs and any(not _takes(state, p, a) for a in plays)) or ewe:
                tags.add("storm")
        elif state.leader % 2 == 1 and not won[0] and _takes(state, p, key) and any(not _takes(state, p, a)
                                                                                     for a in plays):
            tags.add("storm")  # the opponents' storm stopped: they can no longer keep in
    if any(b is not None and b[1] for b in (_brings(state, p, a) for a in (key, *wrong))):
        tags.add("four-of-a-kind")
    if _partner_winning(state) and key.kind is Kind.PLAY:
        plays = [a for a in wrong if a.kind is Kind.PLAY]
        if _takes(state, p, key) and any(not _takes(state, p, a) for a in plays):
            tags.add("unblocking")
        elif not _takes(state, p, key) and any(_worth(state, p, a) < _worth(state, p, key) for a in plays
                                                if not _takes(state, p, a)):
            tags.add("unblocking")
    if _side_lambs(state):
        lamb_now = not state.current and _role(state, p, key) is Role.LAMB
        lamb_fails = not state.current and any(_role(state, p, a) is Role.LAMB for a in wrong)
        decisions = sum(1 for s, _ in later if len(s.legal_actions()) > 1)
        lamb_later = any(not s.current and _role(s, s.current_player(), a) is Role.LAMB for s, a in later[1:])
        if (not lamb_now and (lamb_fails or lamb_later)) or (lamb_now and decisions >= 2):
            tags.add("lamb-timing")
    key_role = _role(state, p, key)
    if (key_role is not None and not key_role.is_stikkar and key_role is not Role.LAMB
            and any((_role(state, p, a) or Role.PLAIN).is_stikkar for a in wrong if a.kind is Kind.PLAY)):
        tags.add("saving-stikkar")
    kept, nine = points(Result.KEPT_IN, state.rules.scoring), points(Result.NINE_TRICKS, state.rules.scoring)
    if state.playing_on is not None or state.phase is Phase.PLAY_ON or target >= nine or target >= kept and not tags:
        tags.add("playing-on")
    return tuple(t for t in THEMES if t in tags)


def _tempting(state: HandState, p: int, action: Action) -> bool:
    """Whether ``action`` brings a stikkar or a lamb (a move that looks strong)."""
    role = _role(state, p, action)
    return role is not None and (role.is_stikkar or role is Role.LAMB)


def _side_line(state: HandState, line: Sequence[str]) -> list[tuple[HandState, Action]]:
    """The side's moves on the line: each with (a copy of) the position it is made in."""
    s = state.clone()
    side = state.current_player() % 2
    out: list[tuple[HandState, Action]] = []
    for text in line:
        action = next(a for a in s.legal_actions() if str(a) == text)
        if s.current_player() % 2 == side:
            out.append((s.clone(), action))
        s.apply(action)
    return out


# -- the puzzle a position makes ----------------------------------------------------------------------------------------


def assess(state: HandState, seed: int) -> Candidate | None:
    """The puzzle ``state`` makes (South or North to move), or None: its target the best score they can make sure of,
    exactly one action keeping it at each of their turns with a choice (:func:`stytvolt.analysis.puzzles.solution`),
    a goal the score table can word, at least one theme shown, and more to it than stopping after keeping in.  Rated as the shared format rates (the line's
    decisions, the moves that fail, whether the beginner and the expert find the key); not yet numbered."""
    player = state.current_player()
    legal = [str(a) for a in state.legal_actions()]
    if player % 2 or len(legal) < 2:
        return None
    try:
        values = P.values(state, player)
    except (PuzzleError, StytvoltError):
        return None
    target = max(values.values())
    if sum(1 for k in legal if values[k] >= target) != 1:
        return None
    try:
        goal = goal_words(state, player, target)
    except PuzzleError:
        return None
    line, problems = P.solution(state, player, target)
    if problems or not line or len(line) == 1 and state.phase is Phase.PLAY_ON and line[0] == str(Action(Kind.STOP)):
        return None  # (a lone choice to stop, where the tricks left are not all sure, would fill the set alike)
    themes = shown_themes(state, target, values, line)
    if not themes:
        return None
    decisions = sum(1 for s, _ in _side_line(state, line) if len(s.legal_actions()) > 1)
    fails = len(legal) - 1
    left = tricks_left(state) or 1
    rating = P.rate(decisions, fails, _finds("beginner", seed, state, line[0]), _finds("expert", seed, state, line[0]),
                    left)
    return Candidate("styrivolt", state.to_json(), player, goal, target, line, themes, rating, seed, decisions, fails,
                     left)


def _finds(level: str, seed: int, state: HandState, key: str) -> bool:
    """Whether the computer player of ``level``, shown only what the player to move sees, plays the key."""
    from stytvolt.analysis.players import player as computer

    return str(computer("styrivolt", level, seed).choose(state.observation(state.current_player()))) == key


def found(theme: str, seed: int) -> Candidate | None:
    """The puzzle the ``theme``'s search finds in the deal of ``seed``: the first position of its play that makes a
    puzzle showing the theme (:func:`assess`), or None."""
    for spot in positions(theme, seed):
        c = assess(spot, seed)
        if c is not None and theme in c.themes:
            return c
    return None


# -- the puzzles kept from the earlier set -----------------------------------------------------------------------------


def _earlier(seed: int, plies: int) -> HandState:
    """The position of the earlier set's deal of ``seed`` after ``plies`` actions, played as it was then (seeded
    beginners, one deal in three playing on whenever it keeps in, one in three putting trades off), turned round
    so South and North are to move."""
    state = HandState.deal(seed, dealer=seed % PLAYERS)
    spot = next(_played(state, seed, ("", "nine", "wait")[seed % 3], stop=plies))
    return spot if spot.current_player() % 2 == 0 else rotated(spot)


def kept(entries: Sequence[tuple[str, int, int]] = KEPT) -> list[Candidate]:
    """The earlier set's puzzles still sound (``entries``: id, the deal's seed, the actions before the position; by
    default :data:`KEPT`), each keeping its id."""
    out = []
    for ident, seed, plies in entries:
        c = assess(_earlier(seed, plies), seed)
        if c is not None:
            out.append(_with_id(c, ident))
    return out


def _with_id(c: Candidate, ident: str) -> Candidate:
    from dataclasses import replace

    return replace(c, ident=ident)


# -- the set ---------------------------------------------------------------------------------------------------------


def search(theme: str, quota: int = QUOTA) -> list[Candidate]:
    """The first ``quota`` puzzles the ``theme``'s search finds (:func:`found`), over its seeds in order."""
    out: list[Candidate] = []
    for seed in THEME_SEEDS[theme]:
        if len(out) >= quota:
            break
        c = found(theme, seed)
        if c is not None:
            out.append(c)
    return out


def balanced(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The puzzles kept so that no theme holds more than a third of the set (a puzzle counted under each of its
    themes): while one does, the last found of that theme's that the set can spare (not one keeping an earlier id,
    and not one a theme it also shows needs to keep :data:`QUOTA`) is left out."""
    chosen = list(candidates)
    while True:
        counts: dict[str, int] = {}
        for c in chosen:
            for t in c.themes:
                counts[t] = counts.get(t, 0) + 1
        over = sorted((t for t, n in counts.items() if 3 * n > len(chosen)), key=lambda t: (-counts[t], t))
        spare = [c for c in chosen if over and over[0] in c.themes and not c.ident
                 and all(counts[t] > QUOTA for t in c.themes)]
        if not spare:
            return chosen
        chosen.remove(spare[-1])


def make() -> list[Candidate]:
    """Stýrivolt's puzzles: the earlier set's still sound (:func:`kept`), and :data:`QUOTA` found by each theme's search
    (:func:`search`), balanced (:func:`balanced`); the new ones numbered from :data:`FIRST_NEW`, easiest first."""
    out = kept()
    for theme in THEMES:
        out.extend(search(theme))
    out = balanced(out)
    fresh = sorted((c for c in out if not c.ident), key=lambda c: (c.rating, c.seed))
    numbers = {id(c): f"P{FIRST_NEW + i:04d}" for i, c in enumerate(fresh)}
    return [c if c.ident else _with_id(c, numbers[id(c)]) for c in out]
