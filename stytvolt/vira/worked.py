"""Worked hands of Vira from chosen deals: each shows one procedure the pages explain.

A :class:`WorkedDeal` is a stacked deal (the card cut from the second pack,
the three hands as dealt and the talon from its top) with every action of
the hand written down, one line each, and a short commentary on the lines
where a reader needs the *why*.  :meth:`WorkedDeal.dealt` builds the deck
whose 3-3-3-4 deal gives exactly those hands (Carl deals, so Anne is eldest:
seats 0, 1 and 2 are Anne, Bo and Carl), and :meth:`WorkedDeal.replay` plays
the actions on a :class:`~stytvolt.vira.hand.HandState`, which must accept
every one: nothing here decides a rule.

A line is one action (``bid Gask 3``, ``trump H``, ``retry``) or several of
a kind written together: ``discard S9 S7 S4`` lays those cards away one at a
time, ``card HA H3 H2`` is a whole trick in the order played.

:data:`WORKED` holds the hands: a gask choosing trumps once it has seen the
talon, a vira, a cuckoo with an opponent who failed to overcall it, a draw
won on its second try, and a turn-up surrendered before play.
"""

from __future__ import annotations

from dataclasses import dataclass

from stytvolt.core.cards import FULL_PACK, Card, parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.vira.hand import Action, HandState, parse_action

__all__ = ["WorkedDeal", "WORKED", "worked_deal", "deck_for", "DEALER"]

#: Carl (seat 2) deals every worked hand, so Anne (seat 0) is eldest: she bids and leads first.
DEALER = 2
_PACKETS = (3, 3, 3, 4)


def deck_for(hands: tuple[str, str, str], talon: str) -> list[Card]:
    """The deck whose 3-3-3-4 deal, eldest (seat 0) first, gives ``hands`` and leaves ``talon`` (its top first).

    Raises :class:`InvalidPosition` unless the hands hold 13 cards each and all 52 cards appear once.
    """
    cards = [parse_cards(h, pack=FULL_PACK, unique=True) for h in hands]
    rest = parse_cards(talon, pack=FULL_PACK, unique=True)
    for seat, hand in enumerate(cards):
        if len(hand) != 13:
            raise InvalidPosition(f"hand {seat} of a worked deal holds 13 cards, not {len(hand)}")
    if len(rest) != 13:
        raise InvalidPosition(f"the talon of a worked deal holds 13 cards, not {len(rest)}")
    deck: list[Card] = []
    top = 0
    for size in _PACKETS:
        for hand in cards:
            deck.extend(hand[top:top + size])
        top += size
    deck.extend(rest)
    FULL_PACK.check_deck(deck)
    return deck


@dataclass(frozen=True)
class WorkedDeal:
    """A chosen deal and its actions.

    ``name``: the key a page uses (``gask``); ``title`` and ``summary``: what
    the hand shows, in a line and a paragraph; ``cut``: the card cut from the
    second pack; ``hands``: Anne's, Bo's and Carl's cards as dealt; ``talon``:
    its 13 cards from the top; ``lines``: (actions, commentary) pairs, the
    commentary empty where the engine's own words suffice; ``rulings``: the
    rulings (``R81``) the hand applies.
    """

    name: str
    title: str
    summary: str
    cut: str
    hands: tuple[str, str, str]
    talon: str
    lines: tuple[tuple[str, str], ...]
    rulings: tuple[str, ...]

    def actions(self) -> list[tuple[Action, int]]:
        """Every action in order, each with the index of the line it was written on."""
        out: list[tuple[Action, int]] = []
        for index, (line, _) in enumerate(self.lines):
            head, _, rest = line.partition(" ")
            if head in ("discard", "card") and len(rest.split()) > 1:
                out.extend((parse_action(f"{head} {c}"), index) for c in rest.split())
            else:
                out.append((parse_action(line), index))
        return out

    def dealt(self) -> HandState:
        """The hand as dealt, before the first bid."""
        return HandState(deck_for(self.hands, self.talon), parse_card(self.cut, pack=FULL_PACK), dealer=DEALER)

    def replay(self) -> HandState:
        """The hand with every action applied (the engine refuses any it does not allow)."""
        state = self.dealt()
        for action, _ in self.actions():
            state.apply(action)
        return state


def _discards(cards: str) -> str:
    return f"discard {cards}"


_GASK = WorkedDeal(
    name="gask",
    title="Gask 3: keep three cards, take the talon, then choose",
    summary=("The ♥7 is cut: hearts are preference, diamonds colour. Anne holds the three top hearts and little "
             "else, and bids Gask 3: she will keep those three, take the whole talon, and only then choose how to "
             "play it."),
    cut="H7",
    hands=("HA HK HQ S9 S7 S4 C9 C6 C3 D8 D6 D4 D2",
           "H7 H5 H3 SQ ST S8 S5 CJ C8 CK DQ DT D7",
           "H6 H4 H2 SJ S6 S3 CQ CT C7 C4 DJ D9 D5"),
    talon="HJ HT H9 H8 SA SK CA C5 DA DK S2 C2 D3",
    lines=(
        ("bid Gask 3", "Three top trumps and the talon's thirteen cards still unseen: a gask is a bet on the talon. "
                       "Bid without a class, it leaves her any trump suit, and the misère too (R73)."),
        ("pass", ""),
        ("pass", ""),
        (_discards("S9 S7 S4 C9 C6 C3 D8 D6 D4 D2"),
         "A gask keeps exactly its number of cards: Anne keeps ♥A ♥K ♥Q and lays the other ten away before she "
         "sees the talon. Then the whole talon comes to her hand: sixteen cards."),
        (_discards("S2 C2 D3"), "Down to thirteen: the three smallest cards go."),
        ("trump H", "Now the choice a gask leaves until the talon is seen. Seven hearts from the ace down, the ace and "
                    "king of spades and of diamonds and the ace of clubs make ten tricks easy with hearts as trumps, while the misère (twelve "
                    "cards, laid open) could not lose every trick with them. Hearts are preference, so the gask "
                    "pays at its highest rate."),
        ("play", "The opponents do not exchange after a gask: the talon is gone (R82)."),
        ("card HA H3 H2", "Anne is eldest, so she leads; she draws trumps first."),
        ("card HK H5 H4", ""),
        ("card HQ H7 H6", "Three rounds of trumps have drawn all six of the opponents' hearts."),
        ("card SA S5 S3", ""),
        ("card DA D7 D5", ""),
        ("card CA C8 C4", ""),
        ("card SK S8 S6", ""),
        ("card DK DT D9", ""),
        ("card HJ ST C7", ""),
        ("card HT CJ CT", ""),
        ("card H9 SQ SJ", ""),
        ("card H8 DQ DJ", "Ten tricks made Gask 3 already; every trick is still played (R84)."),
        ("card C5 CK CQ", "Her last card, ♣5, is the only loser: twelve tricks."),
    ),
    rulings=("R73", "R82", "R84", "R78"),
)

_VIRA = WorkedDeal(
    name="vira",
    title="Vira: take the whole talon and win all thirteen",
    summary=("The ♦9 is cut: diamonds are preference, hearts colour. Bo bids Vira on four top hearts and three "
             "aces, counting on the talon: he takes all of it, keeps the best thirteen of his 26 cards and must "
             "win every trick."),
    cut="D9",
    hands=("H7 H5 H3 SQ ST S8 S5 DQ DT D8 CQ CT C7",
           "HA HK HQ HJ SA DA CA S6 S4 D7 D3 C8 C2",
           "H6 H4 SJ S9 S7 DJ D9 D6 D5 CJ C9 C6 C5"),
    talon="HT H9 H8 SK DK CK H2 S2 S3 D2 D4 C3 C4",
    lines=(
        ("bid Beg", "Eldest may not pass, so Anne opens with the lowest contract."),
        ("bid Vira", "Vira is number 29 of the forty, far above Beg."),
        ("pass", ""),
        ("pass", "Bo's contract needs no decision before the talon: he takes all thirteen cards at once."),
        (_discards("S6 S4 D7 D3 C8 C2 H2 S2 S3 D2 D4 C3 C4"),
         "Bo keeps seven hearts from the ace down and the ace and king of each other suit; the other thirteen go "
         "face down."),
        ("trump H", "Hearts are the colour suit: a won vira pays 4 points a player in colour. Diamonds would pay 8, "
                    "but Bo keeps only two of them."),
        ("play", "A vira has no second try, and there is nothing left for the opponents to exchange (R82)."),
        ("card S5 SK S7", "Anne, eldest, leads to the first trick although Bo is the soloist (R84)."),
        ("card HA H4 H3", ""),
        ("card HK H6 H5", ""),
        ("card HQ D5 H7", "Three rounds of trumps: Anne and Carl have no hearts left, so each of Bo's cards wins."),
        ("card HJ C5 C7", ""),
        ("card HT D6 S8", ""),
        ("card H9 C6 D8", ""),
        ("card H8 S9 ST", ""),
        ("card SA SJ SQ", ""),
        ("card DA D9 DT", ""),
        ("card CA C9 CT", ""),
        ("card DK DJ DQ", ""),
        ("card CK CJ CQ", "All thirteen tricks: the vira is won."),
    ),
    rulings=("R72", "R82", "R84", "R78"),
)

_CUCKOO = WorkedDeal(
    name="cuckoo",
    title="Cuckoo: lose every trick, and a chip from whoever failed to overcall",
    summary=("The ♠J is cut: spades are preference, clubs colour. Carl holds nine cards from the two to the four "
             "and bids Cuckoo: take the whole talon, keep thirteen, and lose all thirteen tricks with the hand laid "
             "open. Anne could have overcalled it and passed instead; Bo had passed before it was bid."),
    cut="SJ",
    hands=("SQ ST S7 HJ H8 H6 DK DT D7 D5 CK C8 C6",
           "SJ S8 S6 HT H7 H5 DQ D8 D6 CQ CJ C7 C5",
           "S2 S3 S4 H2 H3 D2 D3 C2 C3 SK HQ DJ CT"),
    talon="S5 H4 D4 C4 SA HA DA CA S9 H9 D9 C9 HK",
    lines=(
        ("bid Beg", "Anne is eldest and must open."),
        ("pass", "Bo passes while Beg is the highest bid: nobody has bid the cuckoo yet, so he will owe nothing "
                 "for it."),
        ("bid Cuckoo", "The cuckoo is number 6, above Beg: Carl overcalls."),
        ("pass", "Anne passes while the cuckoo is the highest bid. She could have overcalled it (Turn-up 7, the next "
                 "contract up, would do), so if it succeeds she pays a chip into the pool (R81). Two have passed: "
                 "Carl takes the whole talon."),
        (_discards("SK HQ DJ CT SA HA DA CA S9 H9 D9 C9 HK"),
         "Carl keeps the thirteen lowest cards he has: the two, three and four of every suit and ♠5. Every card "
         "the opponents hold is higher than his in its suit, so he can always play under the trick."),
        ("play", "No second try for a cuckoo, and no exchange for the opponents. The hand is laid open when play "
                 "begins (R83)."),
        ("card D5 D6 D4", "No trumps in a cuckoo: the highest card of the suit led wins, and Carl follows low."),
        ("card H5 H4 H6", ""),
        ("card C6 C5 C4", ""),
        ("card S7 S6 S5", ""),
        ("card D7 D8 D3", ""),
        ("card H7 H3 H8", ""),
        ("card C8 C7 C3", ""),
        ("card ST S8 S4", ""),
        ("card DT DQ D2", ""),
        ("card HT H2 HJ", ""),
        ("card SQ SJ S3", ""),
        ("card DK CJ S2", "Out of diamonds, Carl plays a spade: a card of another suit never wins."),
        ("card CK CQ C2", "Carl has taken no trick: the cuckoo is won."),
    ),
    rulings=("R81", "R83", "R84", "R78"),
)

_SECOND_TRY = WorkedDeal(
    name="second-try",
    title="Draw 9 on a second try: hearts fail, clubs succeed",
    summary=("The ♣Q is cut: clubs are preference, spades colour. Anne bids Draw 9 and names hearts, but her "
             "exchange brings clubs, not hearts. She buys a second try, names clubs, and exchanges again."),
    cut="CQ",
    hands=("HA HK HQ HJ CA CK SA D9 D7 D5 D3 S4 S2",
           "H8 H6 H4 C7 C5 C3 SQ ST S8 S6 DQ DT D6",
           "H7 H5 H3 C6 C4 C2 SJ S9 S7 S5 DJ D8 D4"),
    talon="CQ CJ CT S3 C9 C8 HT DA DK SK H9 D2 H2",
    lines=(
        ("bid Draw 9", "Four top hearts, two top clubs and an ace: Anne bids Draw 9 (9-spel) without a class, so any "
                       "suit may be trumps."),
        ("pass", ""),
        ("pass", ""),
        ("trump H", "In a draw the trumps are named before the exchange. Hearts are off-colour here: 1 point a "
                    "player."),
        (_discards("D9 D7 D5 D3"), "She lays away her four diamonds and draws four."),
        ("draw", ""),
        ("retry", "Not one heart came: four trumps will not make nine tricks. But she now holds five clubs from the "
                  "ace down. A second try costs the points of Draw 9 lost with the trumps she named, 1 to each "
                  "opponent, paid now (R80)."),
        ("trump C", "The second try starts again from naming trumps, and she may change them: clubs, the preference "
                    "suit, at 3 points a player."),
        (_discards("S4 S3 S2"), "Three small spades go, and three more cards come from the talon."),
        ("draw", ""),
        ("play", "Seven clubs and five hearts: she plays. There is no third try."),
        (_discards("D6 S6"), "Bo, the soloist's left-hand opponent, exchanges first, from what is left of the talon "
                             "(R82)."),
        ("draw", ""),
        ("keep", "Carl keeps his cards; the last four stay face down."),
        ("card CA C3 C2", ""),
        ("card CK C5 C4", ""),
        ("card CQ C7 C6", "Three rounds of trumps take all six of the opponents' clubs."),
        ("card SA S8 S5", ""),
        ("card HA H4 H3", ""),
        ("card HK H6 H5", ""),
        ("card HQ H8 H7", ""),
        ("card HJ ST D4", ""),
        ("card CJ DT S7", ""),
        ("card HT SQ D8", ""),
        ("card CT DQ S9", ""),
        ("card C9 DK SJ", ""),
        ("card C8 DA DJ", "All thirteen tricks, four more than Draw 9 needs."),
    ),
    rulings=("R80", "R72", "R82", "R78"),
)

_SURRENDER = WorkedDeal(
    name="surrender",
    title="Turn-up 8 surrendered: the turned card is a heart",
    summary=("The ♠8 is cut: spades are preference, clubs colour. Bo bids Turn-up 8 with five top spades and the "
             "top clubs, hoping the talon's top card is one of those suits. It is the ♥2."),
    cut="S8",
    hands=("S9 S7 S5 S3 CJ C9 C7 H9 H7 H5 DT D8 D6",
           "SA SK SQ SJ ST CA CK CQ HA H4 DA D3 D2",
           "S8 S6 S4 CT C8 C6 C5 H8 H6 H3 D9 D7 D4"),
    talon="H2 D5 HQ HK HJ DK DQ C2 C3 S2 HT DJ C4",
    lines=(
        ("bid Beg", "Anne is eldest and must open."),
        ("bid Turn-up 8", "Turn-up 8 (turné 8) is number 12: the top card of the talon will choose the trumps."),
        ("pass", ""),
        ("pass", "Two have passed: the top card of the talon is turned for Bo."),
        (_discards("D3 D2"), "He lays away two small diamonds and draws two, the turned ♥2 first."),
        ("draw", ""),
        ("surrender", "Three trumps, ♥A ♥4 ♥2, with the opponents holding six hearts: eight tricks are out of reach. "
                      "A second try would turn the next card, whose suit he would have to accept, and a loss after "
                      "it costs double. He gives up now, a single loss: the points of Turn-up 8 with the trump "
                      "named, off-colour, and one chip (R77). A surrendered solo would have cost two."),
    ),
    rulings=("R77", "R80", "R78"),
)

#: The worked hands, in the order the pages show them.
WORKED: tuple[WorkedDeal, ...] = (_GASK, _VIRA, _CUCKOO, _SECOND_TRY, _SURRENDER)


def worked_deal(name: object) -> WorkedDeal:
    """A worked hand by its name; :class:`InvalidPosition` lists the names when there is no such hand."""
    if not isinstance(name, str):
        raise InvalidPosition(f"a worked hand is named by text like 'gask', not {type_name(name)}")
    for deal in WORKED:
        if deal.name == name.strip().lower():
            return deal
    shown = name if len(name) <= 24 else name[:24] + "…"
    raise InvalidPosition(f"no worked hand of Vira is called {shown!r}: expected one of "
                          f"{', '.join(d.name for d in WORKED)}")
