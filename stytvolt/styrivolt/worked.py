"""Worked hands: a whole hand as a list of steps, each showing the table after it.

:func:`walk` replays a hand's actions on a :class:`HandState` and records a
:class:`Step` after the deal, after every card the dealer turns while choosing
the suits, and after every action.  Each step holds what a reader needs to see
the position (the four hands, the trick so far and the card winning it, the
tricks per team, what lies face up and in the stock) and the engine's own
sentences for what happened: the hand's log entries that the action added,
and the trick explainer's sentence for each card played.  Nothing here
decides a rule: who is winning a trick comes from
:func:`~stytvolt.styrivolt.tricks.winner_index`, the sentences from
:func:`~stytvolt.styrivolt.tricks.explain_trick` and the hand's log.

:data:`CURATED` holds hands chosen to show one idea each (a storm, a lamb led
in time, a trader, taking the stock, keeping in, four of a kind), with a
short commentary; :func:`random_hand` deals one from a seed and lets the
computer players (:class:`~stytvolt.styrivolt.bots.SimpleBot`) play every
seat, as ``stytvolt play --auto --seed N --hands 1`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import COMPASS, Reason
from stytvolt.styrivolt.actions import Action, Kind, parse_action
from stytvolt.styrivolt.bots import SimpleBot
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PLAYERS
from stytvolt.styrivolt.records import Trick
from stytvolt.styrivolt.tricks import explain_trick, winner_index

__all__ = [
    "Play", "Step", "walk", "WorkedHand", "CURATED", "worked_hand", "random_hand", "MAX_SEED", "SEAT_NAMES",
]

#: The seats by number, as every page of the site names them (you are South).
SEAT_NAMES: tuple[str, ...] = COMPASS
#: The largest seed :func:`random_hand` accepts (the same bound as a game's seed).
MAX_SEED = 2**63 - 1


@dataclass(frozen=True, slots=True)
class Play:
    """One card on the table in the trick being shown."""

    seat: int
    card: Card
    promoted: bool  # played as part of four of a kind


@dataclass(frozen=True, slots=True)
class Step:
    """The table after one step of a hand, and the engine's reasons for the step.

    ``kind`` is ``"deal"`` (the cards are dealt), ``"turn"`` (the dealer turns
    one card of the stock while choosing the suits) or ``"action"`` (one
    action of the hand: a card, a trade, taking the stock, a decision).
    """

    index: int
    kind: str
    seat: int | None  # who acts (the dealer for a turned card; None for the deal)
    action: str  # the action's text ("H8", "trade H5 HK", "take"), or the turned card
    title: str
    reasons: tuple[Reason, ...]
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Play, ...]  # the trick being shown: in progress, or the one this step completed
    winning: int | None  # the index in ``trick`` of the card winning it so far
    complete: bool  # the shown trick has its four cards (this step completed it)
    trick_number: int  # 1 to 9; 0 before the first card is played
    tricks_won: tuple[int, int]  # team A (South and North), team B (West and East)
    chosen: tuple[Suit, ...]  # empty while the dealer is still turning
    turned: tuple[Card, ...]  # the cards the dealer has turned so far (the choosing steps)
    exposed: tuple[Card, ...]  # face up for a trader (or on the way to the stock's taker)
    stock: tuple[Card, ...]  # face down where the stock lies
    table: tuple[Card, ...]  # out of play face up: the fives that were traded
    gathered: tuple[Card, ...]  # the cards of the finished tricks, less the one shown
    phase: str  # the hand's phase after this step (see Phase)
    to_move: int | None  # who acts next (None once the hand is over)

    @property
    def winning_card(self) -> Card | None:
        return None if self.winning is None else self.trick[self.winning].card

    def placed(self) -> list[Card]:
        """Every card in one place: hands, trick, finished tricks, stock, face up, out of play (and turned)."""
        cards = [c for hand in self.hands for c in hand]
        cards += [p.card for p in self.trick] + list(self.gathered) + list(self.stock) + list(self.exposed)
        cards += list(self.table)
        if self.kind == "turn" and not self.chosen:
            cards += list(self.turned)  # still in the dealer's hand, face down
        return cards


def _trick_view(state: HandState, before: int) -> tuple[tuple[Play, ...], int | None, bool, tuple[Card, ...]]:
    """The trick to show after an action: the one in progress, or the one just finished."""
    if len(state.tricks) > before:  # this action completed a trick
        done: Trick = state.tricks[-1]
        plays = tuple(Play(s, c, f) for s, c, f in zip(done.players, done.cards, done.promoted))
        index = winner_index(state.ranking, done.cards, done.promoted)
        gathered = tuple(c for t in state.tricks[:-1] for c in t.cards)
        return plays, index, True, gathered
    gathered = tuple(c for t in state.tricks for c in t.cards)
    if not state.current:
        return (), None, False, gathered
    seats = [(state.leader + i) % PLAYERS for i in range(len(state.current))]
    plays = tuple(Play(s, c, f) for s, c, f in zip(seats, state.current, state.current_promoted))
    return plays, winner_index(state.ranking, state.current, state.current_promoted), False, gathered


def _play_reasons(state: HandState, plays: Sequence[Play], complete: bool) -> tuple[Reason, ...]:
    """The trick explainer's words for the card just played (and for the whole trick when it is complete)."""
    cards = [p.card for p in plays]
    promoted = [i for i, p in enumerate(plays) if p.promoted]
    result = explain_trick(cards, state.chosen, promoted)
    if complete:
        return result.reasons  # every play in turn, then the winner
    return (result.reasons[len(cards) - 1],)


def _title(seat: int, action: Action) -> str:
    """The heading of a step that is not a card played."""
    who = SEAT_NAMES[seat]
    kind = action.kind
    if kind is Kind.TRADE:
        give, take = action.cards
        return f"{who} trades {give.symbol} for the face-up {take.symbol}"
    if kind is Kind.WITH:
        return f"{who} takes the face-up {action.card.symbol} along with the stock"
    if kind is Kind.EXPOSE:
        return f"{who}, the dealer, exposes {action.card.symbol}"
    return {
        Kind.TAKE_STOCK: f"{who} takes the stock",
        Kind.PASS: f"{who} passes",
        Kind.KEEP: f"{who} keeps the stock's cards",
        Kind.DISCARD: f"{who} keeps the stock's cards and discards one",
        Kind.GO_BACK: f"{who} goes back to the old hand",
        Kind.KEEP_BOTH: f"{who} keeps both sets of cards",
        Kind.PLAY_ON: f"{who} plays on for all nine tricks",
        Kind.STOP: f"{who} stops and scores the keeping-in",
    }[kind]


def _play_title(seat: int, action: Action, plays: Sequence[Play], winning: int | None, complete: bool,
                trick_no: int) -> str:
    who = SEAT_NAMES[seat]
    shown = plays[-1].card
    verb = "leads" if len(plays) == 1 else "plays"
    text = f"Trick {trick_no}: {who} {verb} {shown.symbol}"
    if shown is not action.card:
        text += f" (the trader {action.card.symbol} fetches it)"
    if complete and winning is not None:
        text += f"; {SEAT_NAMES[plays[winning].seat]} wins the trick"
    return text


def walk(state: HandState, actions: Iterable[Action | str]) -> tuple[Step, ...]:
    """The steps of a hand from the deal: the deal, each card turned to choose the suits, then one per action.

    ``state`` is a hand just dealt (no action taken); it is left as it was.
    Every action is checked by the engine; an illegal one raises
    :class:`~stytvolt.core.errors.IllegalAction` naming the rule.
    """
    if not isinstance(state, HandState):
        raise InvalidPosition(f"a worked hand starts from a HandState, not {type_name(state)}")
    if state.history:
        raise InvalidPosition("a worked hand starts from the deal: this hand already has actions")
    if isinstance(actions, (str, bytes)):
        raise InvalidPosition("actions are a list of texts like ['H8', 'take'], not one text")
    parsed = [parse_action(a) for a in actions]
    work = state.clone()
    steps: list[Step] = []
    choice = work.choice
    dealer = work.dealer
    stock_at_start = tuple(work._choosing_stock)
    hands = work.dealt

    none: tuple[Card, ...] = ()
    steps.append(Step(index=len(steps), kind="deal", seat=None, action="", title=f"The deal: {SEAT_NAMES[dealer]} deals nine cards to each player",
        reasons=tuple(work.log), hands=hands, trick=(), winning=None, complete=False, trick_number=0,
        tricks_won=(0, 0), chosen=(), turned=(), exposed=none, stock=stock_at_start, table=none, gathered=none,
        phase="deal", to_move=dealer))
    choosing = choice.reasons
    seen = choice.seen
    for k, card in enumerate(seen, start=1):
        last = k == len(seen)
        said = (choosing[k - 1],) + (tuple(choosing[len(seen):]) if last and not work.pending_expose else ())
        zones = work.zones() if last else None  # (while the dealer must still pick, the turned cards are in the stock)
        title = f"{SEAT_NAMES[dealer]} turns the stock's card {k}: {card.symbol}"
        if last:
            title += f"; {choice.chosen[0].english} and {choice.chosen[1].english} are chosen"
        steps.append(Step(index=len(steps), kind="turn", seat=dealer, action=str(card), title=title, reasons=said, hands=hands, trick=(),
            winning=None, complete=False, trick_number=0, tricks_won=(0, 0),
            chosen=choice.chosen if last else (), turned=seen[:k],
            exposed=tuple(zones["exposed"]) if zones else none,
            stock=tuple(zones["stock"]) if zones else stock_at_start[k:],
            table=none, gathered=none, phase=work.phase.value if last else "choose",
            to_move=work.to_move if last else dealer))
    for action in parsed:
        seat = work.to_move
        logs, tricks_before = len(work.log), len(work.tricks)
        work.apply(action)  # the engine refuses an illegal action, naming the rule
        plays, winning, complete, gathered = _trick_view(work, tricks_before)
        # The trick the table is at: the one shown, or the next one (the last one once the hand is over).
        trick_no = len(work.tricks) + (0 if complete or work.is_terminal() else 1)
        added = work.log[logs:]
        reasons: list[Reason] = [r for r in added if not r.code.startswith("end.")]  # a trade comes before its card
        if action.kind is Kind.PLAY:
            title = _play_title(seat, action, plays, winning, complete, trick_no)
            reasons += _play_reasons(work, plays, complete)
        else:
            title = _title(seat, action)
            if action.kind is Kind.EXPOSE and not work.pending_expose:
                reasons += [r for r in work.choice.reasons
                            if r.code.startswith("choose.expose") or r.code == "choose.returned"]
        reasons += [r for r in added if r.code.startswith("end.")]  # the hand's result comes last
        zones = work.zones()
        shown = {p.card for p in plays}
        steps.append(Step(index=len(steps), kind="action", seat=seat, action=str(action), title=title, reasons=tuple(reasons), hands=work.hands,
            trick=plays, winning=winning, complete=complete, trick_number=trick_no, tricks_won=work.team_tricks(),
            chosen=work.chosen, turned=seen, exposed=tuple(zones["exposed"]), stock=tuple(zones["stock"]),
            table=tuple(zones["table"]), gathered=tuple(c for c in gathered if c not in shown),
            phase=work.phase.value, to_move=None if work.is_terminal() else work.to_move))
    return tuple(steps)


# -- worked hands -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WorkedHand:
    """A hand to step through: the deal, the actions, and (for a curated hand) what it teaches.

    ``notes`` is the commentary: ``(key, text)`` pairs where the key is
    ``"deal"``, ``"choice"`` (the step where the suits are known) or the
    number of an action, counted from 1.
    """

    name: str
    title: str
    idea: str
    hands: tuple[str, str, str, str]  # South, West, North, East: nine cards each
    stock: str  # twelve cards, top first
    dealer: int
    actions: tuple[str, ...]
    notes: tuple[tuple[str, str], ...] = ()
    pages: tuple[tuple[str, str], ...] = field(default=())  # (rule page, what it explains)
    seed: int | None = None  # a random hand's seed

    def state(self) -> HandState:
        """The hand as dealt."""
        return HandState.from_hands(list(self.hands), self.stock, dealer=self.dealer)

    def steps(self) -> tuple[Step, ...]:
        return walk(self.state(), self.actions)

    def note_for(self, step: Step, seen: int) -> str:
        """The commentary for a step, if any (``seen``: how many cards the dealer turned)."""
        if step.kind == "deal":
            key = "deal"
        elif step.kind == "turn":
            key = "choice" if step.index == seen else ""
        else:
            key = str(step.index - seen)
        return next((text for k, text in self.notes if k == key), "")


def _hand(name: str, title: str, idea: str, hands: str, stock: str, actions: str,
          notes: Sequence[tuple[str | int, str]], pages: Sequence[tuple[str, str]], dealer: int = 3) -> WorkedHand:
    four = tuple(h.strip() for h in hands.split("/"))
    assert len(four) == 4
    return WorkedHand(name, title, idea, (four[0], four[1], four[2], four[3]), stock, dealer,
                      tuple(a.strip() for a in actions.split(",")), tuple((str(k), t) for k, t in notes), tuple(pages))


_FIRST = _hand(
    "first-hand", "Your first hand: a lamb led in time", "timing a lamb",
    "D9 D6 D2 H8 H7 C4 D3 S6 C6 / S2 C7 S7 DA HQ CA S8 H4 S9 / CK D4 SQ H2 C2 CJ SA C8 C3 / D5 H5 H9 HJ DK C9 S5 H6 SJ",
    "HK SK S4 S3 CQ HA DQ D8 DJ D7 H3 C5",
    "H8, S8, H2, D5, C2, C9, S6, C7, H7, HQ, C3, H5, C4, DA, D4, DK, D2, H4, SA, H9, S5, D9, CA, C8",
    [
        ("deal", "East deals, so South, sitting on the dealer's left, will lead the first trick."),
        ("choice", "Hearts showed first and spades second, so those two are chosen. East lays ♥K and ♠3 face "
                   "up: of the cards turned, they are the best of their suits by the priority list. Everyone "
                   "holds a stikkar, so nobody may take the stock this time."),
        (1, "South's lamb ♥7 must wait: no lamb may lead the first trick. The free card ♥8 is a steady "
            "opening instead, since nothing but a stikkar can take it."),
        (4, "North's bird takes the trick, so North leads the next one."),
        (7, "A postman beats every card of an unchosen suit, so South's ♠6 overtakes the nine of clubs."),
        (8, "South has won a trick and will lead the next: the chance the lamb was waiting for."),
        (9, "A led lamb cannot be beaten. The trick is South's before anyone else has played."),
        (12, "East swaps the trader ♥5 for the face-up ♥K, but a chosen king has power only as a lead."),
        (13, "Only the bird ranks above the fýrik, and the bird fell in trick one, so this lead is safe."),
        (20, "East's hay-yard mare beats North's stýrivolt. Team B has a trick now, so team A can no "
             "longer keep in."),
        (21, "East fetches the face-up trist ♠3 with the other trader, ♠5, and leads it."),
        (24, "South's mare of diamonds holds the trick. That is team A's fifth, and play stops at once: the "
             "cards still in hand are never played. Five tricks, not the first five: an ordinary game, worth "
             "one stroke."),
    ],
    [("play.md", "playing a hand"), ("ranking.md#lambs", "lambs"), ("traders.md", "traders")],
)

_STORM = _hand(
    "storm", "A storm, and the mare that stopped it", "a storm",
    "C3 S8 SA S3 H3 DQ CK D8 S9 / HJ H9 S2 DJ C9 D5 HK C2 D7 / H2 H7 C4 DA C8 D3 SQ C6 D6 / D9 SJ H6 S7 CA CJ D4 CQ D2",
    "HQ S6 H4 DK HA S4 SK H8 S5 H5 C5 C7",
    "C3, HJ, H2, D2, C4, D4, D8, C2, H7, CQ, CK, D7, DA, H6, SA, H9, HK, D3, CJ, S8, "
    "S9, D5, D6, SJ, S7, S3, S2, SQ, CA, H3, C9, C8, D9, DQ, DJ, C6",
    [
        ("deal", "South and North hold good cards between them, and South hopes to take the first five tricks."),
        ("choice", "Hearts and spades are chosen. Both fives are still in the stock, so nobody can trade."),
        (1, "South leads the three of clubs, a card almost anything can beat. That is a storm: it tells the "
            "table South wants to keep in, and asks North to win the trick with a high stikkar."),
        (2, "West reads the storm and tries to stop it with the karnifl ♥J."),
        (3, "North answers with the highest card of all. Nothing East holds beats the bird."),
        (5, "With the bird gone, the fýrik is the top card left, so North's lead is safe."),
        (9, "North has won tricks, so may lead the lamb: nothing can beat it."),
        (13, "Team A needs two more tricks. North leads the ace of diamonds, which only a postman or a "
             "stikkar can take."),
        (16, "West's hay-yard mare tops South's stýrivolt. The storm is stopped: one trick to team B is "
             "enough to end any keeping-in."),
        (20, "A led chosen king falls to a tvist or better; South's eight is far more than enough. Team A "
             "has four tricks and needs one more."),
        (24, "East takes the free card with the karnifl, the cheapest card that can."),
        (25, "Having won a trick, East may lead a lamb."),
        (36, "East's mare of diamonds wins the last trick and team B's fifth. The storm gave team A a quick "
             "start, but once West's mare broke the run, team B took the hand: an ordinary game for B."),
    ],
    [("tactics.md#the-storm", "the storm"), ("keeping-in.md", "keeping in")],
)

_TRADER = _hand(
    "trader", "A trader played last", "a trader",
    "C9 H9 D7 C6 SA HA D4 S5 H5 / C4 S8 D9 CA CJ D8 C2 SJ HJ / C5 H2 DJ C7 D3 CK S7 H7 D6 / D5 D2 C3 DQ S9 H6 S4 H4 S2",
    "DA C8 CQ H3 SK HQ S6 H8 SQ DK HK S3",
    "C9, SJ, H7, D5, DQ, S5, HJ, D3, C5, S9, H5, D9, C4, H2, S2, HA, C7, H6, D4, C2, "
    "DJ, H4, SA, S8, CA, CK, S4, H9, D7, D8, S7, C3",
    [
        ("deal", "East holds no stikkar at all, only low cards and the five of diamonds."),
        ("choice", "Diamonds and clubs are chosen. The dealer shows the stýrivolt ♦A for diamonds and the free "
                   "card ♣8 for clubs. Each chosen five is now a trader: East's ♦5 can become ♦A, North's ♣5 "
                   "can become ♣8."),
        (1, "South leads a free card, which only a stikkar can take."),
        (2, "West holds five stikkar but plays a plain card: the second player rarely needs to fight, and "
            "West gives nothing away."),
        (4, "East plays the trader last, once it is clear what it has to beat. Playing ♦5 means swapping it "
            "for the face-up ♦A and playing that, a stýrivolt, which takes the led free card. Until then "
            "nobody could tell where that ace would go. (With no stikkar in hand, East also had the right to "
            "the stock: holding a trader does not take it away, fetching the stikkar does.)"),
        (8, "A led chosen queen falls to a trist or better, and North's ♦3 is a trist."),
        (9, "North leads the other trader. It fetches the face-up ♣8, so the lead is a free card."),
        (12, "Only a stikkar takes a led free card, and West has plenty: the mare of diamonds wins."),
        (14, "North's bird beats West's fýrik."),
        (24, "West's eight ranks above North's karnifl."),
        (28, "South's hay-yard mare beats West's stýrivolt, and South may now lead the lamb ♦7."),
        (32, "The lamb wins, and with it team A's fifth trick: an ordinary game."),
    ],
    [("traders.md", "traders"), ("stock.md#the-right-to-the-stock", "the right to the stock")],
)

_STOCK = _hand(
    "stock", "Taking the stock", "taking the stock",
    "CA H9 DQ H3 C8 SK D8 H5 CJ / S3 S4 S6 S7 S9 C3 C5 C6 C7 / H2 DA D7 H4 CQ SJ H8 D3 CK / C4 S8 D9 HJ H6 D5 HK D4 SA",
    "DK HQ S2 HA DJ D6 H7 D2 SQ C9 C2 S5",
    "CA, take, discard S2, D6, CQ, D4, H7, CK, SA, SK, DJ, D3, HK, H9, D8, HA, H2, H6, "
    "D7, HJ, H3, C2, DA, C4, C8, S5, S8, CJ, SQ, H4, D9, DQ, D2, H8",
    [
        ("deal", "West holds nothing but low spades and clubs."),
        ("choice", "Diamonds and hearts are chosen, with ♦K and ♥Q face up. West's hand holds no stikkar, so "
                   "it cannot even beat a free card: West has the right to take the stock. The other three "
                   "each hold a stikkar, so they have not."),
        (1, "South leads the ace of clubs, which only a postman or a stikkar can take."),
        (2, "On West's turn in the first trick, before any card of West's is played, West takes the stock: "
            "the old hand goes face down where the stock lay, and West picks up its ten cards."),
        (3, "Ten cards are one more than needed, so West throws away the two of spades, a plain card that "
            "could never win anything in this deal."),
        (4, "The stock held a postman, and the postman takes the ace of clubs."),
        (6, "West wins the first trick with a card that came from the stock."),
        (7, "Having won a trick, West leads the lamb ♥7, also from the stock. Nothing beats it."),
        (14, "South's hay-yard mare beats West's karnifl."),
        (17, "North's bird beats West's stýrivolt."),
        (19, "North has a lamb too, and leads it."),
        (24, "East's fýrik beats North's stýrivolt."),
        (34, "East's mare of diamonds gives team B its fifth trick. Two of the five came from the stock: West's "
             "own nine cards could not have won a single trick."),
    ],
    [("stock.md", "the stock")],
)

_KEEPING_IN = _hand(
    "keeping-in", "Keeping in", "keeping in",
    "H2 S7 DK SA DQ HK D6 H3 SQ / C3 SJ C6 S9 HQ DJ H8 D5 C5 / C4 C7 CJ S8 D9 HA D4 H4 CK / H9 CA S6 S5 S4 C9 C8 HJ D8",
    "CQ S2 D3 S3 SK H5 H6 H7 D2 D7 DA C2",
    "H2, D5, H4, D8, S7, H8, D4, C8, DK, C3, S8, HJ, C7, C9, D6, DJ, C4, S4, H3, S9, stop",
    [
        ("deal", "South and North hold between them the bird, the fýrik and the eight: the three highest "
                 "cards of every deal."),
        ("choice", "Clubs and spades are chosen, so South's ♠7 and North's ♣7 are lambs."),
        (1, "South leads the bird. Nothing can beat it, and winning a trick is what lets a lamb be led."),
        (5, "South leads the lamb ♠7, which cannot be beaten."),
        (10, "The king of diamonds is a plain card in this deal. A trist reaches only as high as a queen, "
             "so West's ♣3 cannot take it."),
        (11, "North makes sure with the eight: a permanent stikkar beats any plain card, and East has "
             "nothing higher."),
        (13, "North has won a trick, so may lead the lamb ♣7."),
        (17, "The bird is gone, so the fýrik is the highest card left."),
        (20, "Team A has won the first five tricks: it has kept in. North won the fifth, so North decides "
             "for the team whether to stop or to play on for all nine."),
        (21, "North stops and claims it. Playing on would need every trick left, and East still holds the "
             "stýrivolt ♣A and the hay-yard mare. Kept in scores two strokes."),
    ],
    [("keeping-in.md", "keeping in"), ("scoring.md", "scoring")],
)

_FOUR = _hand(
    "four-of-a-kind", "Four sevens, four lambs", "four of a kind",
    "H7 S7 D7 C7 C4 D2 C3 DK CQ / H2 H9 SJ H6 DA C9 D6 S4 C2 / S8 D9 HA S6 H3 DQ CK D8 C5 / HJ SA S2 H4 S9 CA DJ CJ D4",
    "HK SQ D3 S3 S5 SK H5 H8 HQ D5 C6 C8",
    "C4, C2, D8, D4, D7, H2, DQ, CJ, C7, D6, CK, DJ, H7, S4, H3, H4, S7, C9, C5, S9, stop",
    [
        ("deal", "South holds all four sevens. Four of a kind plays as the best card of the four, whatever "
                 "the chosen suits."),
        ("choice", "Hearts and spades are chosen, so ♥7 and ♠7 are lambs, and South's four sevens are four "
                   "lambs."),
        (1, "No lamb may lead the first trick, and that holds for all four sevens. South leads the fýrik: "
            "win the first trick, and the lambs can follow."),
        (2, "West holds the bird and could take the fýrik. A strong first lead can mean the leader hopes to "
            "keep in alone, and this was the moment to stop it."),
        (5, "South announces it, \u201cHesin er góður\u201d: the seven of diamonds, a plain card on its "
            "own, plays as a lamb."),
        (6, "Too late: not even the bird beats a led lamb."),
        (20, "South has taken the first five tricks without help from North: kept in alone."),
        (21, "South stops and claims. Kept in alone scores a monk's cross."),
    ],
    [("ranking.md#four-of-a-kind", "four of a kind"), ("tactics.md#a-strong-first-lead", "a strong first lead"),
     ("keeping-in.md", "keeping in")],
)

#: Hands chosen to show one idea each, with our commentary.  The first is the start page's hand
#: (``stytvolt play --auto --seed 53 --hands 1``).
CURATED: tuple[WorkedHand, ...] = (_FIRST, _STORM, _TRADER, _STOCK, _KEEPING_IN, _FOUR)


def worked_hand(name: str) -> WorkedHand:
    """A curated hand by its name; :class:`InvalidPosition` lists the names when there is no such hand."""
    if not isinstance(name, str):
        raise InvalidPosition(f"a worked hand is named by text like {CURATED[0].name!r}, not {type_name(name)}")
    for hand in CURATED:
        if hand.name == name:
            return hand
    shown = name if len(name) <= 24 else name[:24] + "…"
    raise InvalidPosition(f"no worked hand is called {shown!r}: expected one of {', '.join(h.name for h in CURATED)}")


def random_hand(seed: int) -> WorkedHand:
    """A hand dealt from ``seed`` (East deals) and played by the computer players at every seat.

    The same seed always gives the same hand, and the same one as
    ``stytvolt play --auto --seed N --hands 1``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidPosition(f"a seed is a whole number, not {type_name(seed)}")
    if not 0 <= seed <= MAX_SEED:
        raise InvalidPosition(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    dealer = 3
    state = HandState.deal(seed, dealer=dealer)
    bots = [SimpleBot(seed * 4 + p) for p in range(PLAYERS)]
    actions: list[str] = []
    while not state.is_terminal():
        p = state.current_player()
        action = bots[p].choose(state.observation(p))
        state.apply(action)
        actions.append(str(action))
    hands = tuple(" ".join(str(c) for c in h) for h in state.dealt)
    stock = " ".join(str(c) for c in state.deck[PLAYERS * 9:])
    return WorkedHand(f"seed-{seed}", f"A random hand (seed {seed})", "", (hands[0], hands[1], hands[2], hands[3]),
                      stock, dealer, tuple(actions), seed=seed)
