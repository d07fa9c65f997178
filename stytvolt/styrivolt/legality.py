"""What a player may do, written once.

Each rule is a predicate that returns the :class:`~stytvolt.core.explain.Reason`
refusing an action, or ``None``.  :meth:`HandState.legal_actions` offers the
candidates that every predicate lets through, and :meth:`HandState.apply`
raises the first refusal, so the list of legal actions and the message a
refused action gets can never disagree.

The facts the predicates stand on have one definition each, here too, and
the computer players, the CLI and the site call them: what a trader fetches
(:func:`trader_fetch`), the card that reaches the trick and whether it plays
as four of a kind (:func:`played_as`), and "the last trick" of the bird
variation (:func:`can_end_hand`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.explain import Reason, Seat
from stytvolt.styrivolt.actions import GO_BACK, KEEP, KEEP_BOTH, PASS, PLAY_ON, PLAYS, STOP, TAKE_STOCK, Action, Kind
from stytvolt.styrivolt.pack import TO_WIN, TRICKS
from stytvolt.styrivolt.ranking import Described, Ranking, Role, four_of_a_kind
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.tricks import winner_index

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = [
    "HK", "H2", "H5",
    "trader_fetch", "played_as", "can_end_hand", "beats_current",
    "candidates", "refusal", "refuse_play", "refuse_trade", "refuse_take",
    "may_go_back", "may_keep_both", "spare_cards", "legal_in_play", "only_traders_can_be_refused", "stock_may_be_open",
]

HK, H2, H5 = Card(Suit.HEARTS, Rank.KING), Card(Suit.HEARTS, Rank.TWO), Card(Suit.HEARTS, Rank.FIVE)


# -- facts --------------------------------------------------------------------------------


def trader_fetch(ranking: Ranking, card: Card, exposed_of_suit: Sequence[Card]) -> Card | None:
    """The exposed card a trader fetches when it is played: the one card of its suit lying face up.

    ``None`` when the card is no trader, when nothing of its suit lies face up,
    or when two cards do (then its holder must say which, by trading).
    """
    if ranking.roles[card.index] is not Role.TRADER or len(exposed_of_suit) != 1:
        return None
    return exposed_of_suit[0]


def played_as(
    ranking: Ranking, hand: Sequence[Card], declared: Iterable[Rank], exposed_of_suit: Sequence[Card], card: Card,
    kings_and_queens: bool = True,
) -> tuple[Card, bool]:
    """The card that reaches the trick when ``card`` is played from ``hand``, and whether it plays as four of a kind.

    A trader fetches its exposed card first, and that card joins the hand
    before it is played; a rank counts as four of a kind once declared, or
    while the hand holds all four.
    """
    fetched = trader_fetch(ranking, card, exposed_of_suit)
    if fetched is None:
        effective, after = card, hand
    else:
        effective, after = fetched, [*(c for c in hand if c is not card), fetched]
    return effective, effective.rank in declared or effective.rank in four_of_a_kind(after, kings_and_queens)


def can_end_hand(tricks_done: int, team_tricks: tuple[int, int], playing_on: int | None) -> bool:
    """The bird variation's "last trick" (ruling R22): the ninth, or any trick a team with four can end the hand by."""
    return tricks_done == TRICKS - 1 or (playing_on is None and max(team_tricks) == TO_WIN - 1)


def beats_current(state: "HandState", card: Card, promoted: bool) -> bool:
    """Whether ``card`` played now would take the lead of the trick in progress."""
    return winner_index(state.ranking, (*state.current, card), (*state.current_promoted, promoted)) == len(state.current)


# -- the play phase -----------------------------------------------------------------------


def _refuse_play_as_such(state: "HandState", p: int, card: Card) -> Reason | None:
    """Every rule on playing a card but compulsory beating."""
    hand = state.hands[p]
    if card not in hand:
        return Reason.of("refused.not_held", "{player} does not hold {card}.", (card,), player=Seat(p), card=card.symbol)
    ranking = state.ranking
    if ranking.roles[card.index] is Role.TRADER:
        fetch = state.exposed.get(card.suit, ())
        if len(fetch) == 2:
            a, b = fetch
            return Reason(
                "refused.trader_choice",
                f"{card.symbol} is a trader and both {a.symbol} and {b.symbol} are exposed: trade it for one of them first.",
                (card, a, b),
            )
    if not state.current and not state.tricks:
        effective, promoted = state.played_as(p, card)
        if ranking.role(effective, promoted) is Role.LAMB:
            if effective is not card:
                text = (f"{card.symbol} is a trader: it would fetch the exposed lamb {effective.symbol}, "
                        "and no lamb may lead the first trick of a hand.")
            elif promoted and ranking.roles[card.index] is not Role.LAMB:
                text = (f"{card.symbol} plays as a lamb (four {card.rank.plural} in one hand), "
                        "and no lamb may lead the first trick of a hand.")
            else:
                text = f"{card.symbol} is a lamb, and no lamb may lead the first trick of a hand."
            return Reason("refused.lamb_first_trick", text, (card, effective) if effective is not card else (card,))
    return None


def refuse_play(state: "HandState", p: int, card: Card) -> Reason | None:
    """Why ``p`` may not play ``card`` now, or None."""
    found = _refuse_play_as_such(state, p, card)
    if found is not None or not state.rules.compulsory_beating or not state.current:
        return found
    best = winner_index(state.ranking, state.current, state.current_promoted)
    if (state.leader + best) % 2 == p % 2:
        return None  # the best card so far is the partner's: nothing need beat it
    if beats_current(state, *state.played_as(p, card)):
        return None
    able = [c for c in state.hands[p] if c is not card and _refuse_play_as_such(state, p, c) is None
            and beats_current(state, *state.played_as(p, c))]
    if not able:
        return None
    return Reason.of(
        "refused.must_beat",
        "With compulsory beating, {player} must beat the best card so far when able, and {card} does not "
        "({able} would).",
        (card, *able), player=Seat(p), card=card.symbol, able=" or ".join(c.symbol for c in able),
    )


def refuse_trade(state: "HandState", p: int, give: Card, take: Card) -> Reason | None:
    """Why ``p`` may not give ``give`` for the face-up ``take`` now (the play phase), or None."""
    if give not in state.hands[p]:
        return Reason.of("refused.not_held", "{player} does not hold {card}.", (give,), player=Seat(p), card=give.symbol)
    if take not in state.exposed.get(take.suit, ()):
        return Reason("refused.not_exposed", f"{take.symbol} is not lying face up, so nothing can fetch it.", (take,))
    if give is HK and take is H2:
        if not state.rules.king_of_hearts_takes_bird:
            return Reason("refused.bird_variation",
                          "The king of hearts may take an exposed bird only when that variation is agreed.", (give, take))
        if not can_end_hand(len(state.tricks), state.team_tricks(), state.playing_on):
            return Reason("refused.bird_last_trick",
                          "The king of hearts may take the exposed bird only in a trick that can end the hand.", (give, take))
        return None
    if give.suit is not take.suit or state.ranking.roles[give.index] is not Role.TRADER:
        return Reason(
            "refused.not_trader",
            f"Only the trader of {take.suit.english}, the five, can be exchanged for {take.symbol}; {give.symbol} cannot.",
            (give, take),
        )
    return None


def stock_may_be_open(state: "HandState") -> bool:
    """False when :func:`refuse_take` refuses everyone: no stock is left, or the first trick closed it."""
    return bool(state.pile) and bool(state.takes or not state.tricks or state.rules.late_stock)


def refuse_take(state: "HandState", p: int) -> Reason | None:
    """Why ``p`` may not take the stock now, or None."""
    if any(t.player == p for t in state.takes):
        return Reason.of("refused.stock_twice", "{player} has already taken the stock once.", player=Seat(p))
    if not state.pile:
        return Reason("refused.stock_empty", "There is no stock left to take.")
    rightful = state.has_right_to_stock(p)
    if not state.takes and state.tricks and not state.rules.late_stock:
        if not rightful and state.rules.enforce_stock_right:
            return Reason.of(
                "refused.stock_late",
                "The first trick has been put aside, so the stock can no longer be taken "
                "(and {player}, holding a stikkar, had no right to it anyway).", player=Seat(p))
        return Reason("refused.stock_late", "The first trick has been put aside, so the stock can no longer be taken.")
    if not rightful and state.rules.enforce_stock_right:
        stikkar = state.dealt_stikkar[p]
        if stikkar is None:
            return Reason.of(
                "refused.stock_right",
                "{player} fetched a stikkar, which can beat a free card, so has no right to the stock; "
                "taking it anyway would cost a monk's cross.", player=Seat(p))
        return Reason.of(
            "refused.stock_right",
            "{player} was dealt a stikkar, {held}, which can beat a free card, so has no right to the stock; "
            "taking it anyway would cost a monk's cross.", player=Seat(p), held=Described(state.ranking, stikkar))
    return None


def only_traders_can_be_refused(state: "HandState") -> bool:
    """Whether :func:`refuse_play` can refuse nothing now but a trader facing two exposed cards.

    So it is after the first lead of the hand, unless compulsory beating is in
    force in a trick under way: the cheap path of the legal actions rests on this.
    """
    return bool(state.current or state.tricks) and not (state.rules.compulsory_beating and state.current)


def legal_in_play(state: "HandState", p: int) -> tuple[Action, ...]:
    """The legal actions of the play phase: every candidate the play-phase predicates let through."""
    hand = state.hands[p]
    if only_traders_can_be_refused(state):
        traders = state.ranking.traders
        out = [PLAYS[c.index] for c in hand if c not in traders or refuse_play(state, p, c) is None]
    else:
        out = [PLAYS[c.index] for c in hand if refuse_play(state, p, c) is None]
    for card in hand:
        if state.ranking.roles[card.index] is Role.TRADER:
            out.extend(Action.trade(card, c) for c in state.exposed.get(card.suit, ())
                       if refuse_trade(state, p, card, c) is None)
    if HK in hand and H2 in state.exposed.get(Suit.HEARTS, ()) and refuse_trade(state, p, HK, H2) is None:
        out.append(Action.trade(HK, H2))
    if stock_may_be_open(state) and refuse_take(state, p) is None:
        out.append(TAKE_STOCK)
    return tuple(out)


def _refuse_in_play(state: "HandState", p: int, action: Action) -> Reason | None:
    kind = action.kind
    if kind is Kind.PLAY:
        return refuse_play(state, p, action.card)
    if kind is Kind.TRADE:
        return refuse_trade(state, p, *action.cards)
    if kind is Kind.TAKE_STOCK:
        return refuse_take(state, p)
    return None  # not an action of the play: refusal() says so


# -- the stock decision ------------------------------------------------------------------


def _trader_for_stikkar(state: "HandState", card: Card) -> bool:
    if state.ranking.roles[card.index] is not Role.TRADER:
        return False
    return any(state.ranking.role(c).is_stikkar for c in state.exposed.get(card.suit, ()))


def may_go_back(state: "HandState") -> bool:
    """Whether the taker may take the original hand back: no stikkar came with the stock, none could be fetched."""
    take = state.takes[-1]
    if any(state.ranking.role(c).is_stikkar for c in take.received):
        return False
    return not any(_trader_for_stikkar(state, c) for c in take.original)


def may_keep_both(state: "HandState") -> bool:
    """Whether the taker may keep hand and stock together: neither holds a stikkar, nor a trader for one."""
    take = state.takes[-1]
    return not any(state.ranking.role(c).is_stikkar or _trader_for_stikkar(state, c) for c in (*take.original, *take.received))


def spare_cards(state: "HandState", p: int) -> int:
    """How many cards the taker holds beyond one for every trick left."""
    return len(state.hands[p]) - (TRICKS - len(state.tricks))


def _refuse_decision(state: "HandState", p: int, action: Action) -> Reason | None:
    kind = action.kind
    if kind is Kind.DISCARD:
        card = action.card
        if card not in state.hands[p]:
            return Reason.of("refused.not_held", "{player} does not hold {card}.", (card,), player=Seat(p), card=card.symbol)
        if spare_cards(state, p) <= 0:
            return Reason("refused.no_spare", "Only a spare card may be discarded, and every card is needed for the tricks left.", (card,))
    elif kind is Kind.GO_BACK and not may_go_back(state):
        return Reason("refused.go_back",
                      "The original hand can be taken back only when no stikkar came with the stock and none can be fetched.")
    elif kind is Kind.KEEP_BOTH and not may_keep_both(state):
        return Reason("refused.keep_both",
                      "Hand and stock may be kept together only when neither holds a stikkar or a trader for one.")
    return None


# -- every phase --------------------------------------------------------------------------


def candidates(state: "HandState") -> list[Action]:
    """Every action of the phase's kinds that could be legal now, before the predicates sift them."""
    phase, p = state.phase, state.to_move
    if phase is Phase.PLAY:
        return list(legal_in_play(state, p))  # the play's candidates are sifted as they are made
    if phase is Phase.END:
        return []
    if phase is Phase.EXPOSE:
        suit = state.pending_expose[0]
        e = next(x for x in state.choice.exposures if x.suit is suit)
        return [Action(Kind.EXPOSE, (c,)) for c in sorted((*e.cards, *e.alternatives))]
    if phase is Phase.CLAIM:
        claim = state.claims[0]
        return [Action.trade(claim.king, claim.stikkar), PASS]
    if phase is Phase.LAST_CHANCE:
        give, offered = state.pending_trade()
        return [*(Action.trade(give, c) for c in offered), PASS]
    if phase is Phase.WITH:
        suit = state.pending_with()
        return [Action(Kind.WITH, (c,)) for c in state.exposed[suit]]
    if phase is Phase.STOCK_DECISION:
        return [KEEP, *(Action(Kind.DISCARD, (c,)) for c in state.hands[p]), GO_BACK, KEEP_BOTH]
    return [STOP, PLAY_ON]


def refusal(state: "HandState", action: Action) -> Reason | None:
    """The reason the player to move may not do ``action`` now, or None when it is legal."""
    phase, p = state.phase, state.to_move
    if phase is Phase.END:
        return Reason("refused.over", f"The hand is over; {action} cannot be played.")
    if phase is Phase.PLAY:
        if action.kind in (Kind.PLAY, Kind.TRADE, Kind.TAKE_STOCK):
            return _refuse_in_play(state, p, action)
    elif phase is Phase.STOCK_DECISION and action.kind in (Kind.KEEP, Kind.DISCARD, Kind.GO_BACK, Kind.KEEP_BOTH):
        return _refuse_decision(state, p, action)
    elif action in candidates(state):
        return None
    options = ", ".join(str(a) for a in state.legal_actions())
    if phase is Phase.PLAY:
        return Reason.of("refused.phase", "{action} is not an action of the play; legal now: {options}.",
                         action=str(action), options=options)
    return Reason.of("refused.phase", "Now {player} must decide ({phase}): one of {options}; not {action}.",
                     player=Seat(p), phase=phase.value, options=options, action=str(action))
