"""Stýrivolt's question kinds for :mod:`stytvolt.learn`, registered in the order the Learn pages teach them.

* :mod:`.names`: card names (Faroese, English, the card itself, both ways);
* :mod:`.play`: what beats a led card, which card wins a trick, whether a lead is legal;
* :mod:`.stock`: which suits a stock chooses and what is exposed, what a trader fetches, who may take the stock;
* :mod:`.scoring`: who won a hand and what it scores, the chalk-up after a result.

Every answer comes from the rules (``stytvolt.styrivolt``); these modules
only choose positions, word the question and offer the choices.
"""

#: Each question kind → the module that makes it (registering it when first imported), in the order
#: the pages list them; tests/core/test_learn.py checks that each module registers exactly these.
KIND_MODULES: dict[str, str] = {
    "card-names": "stytvolt.styrivolt.quiz.names",
    "beats-lead": "stytvolt.styrivolt.quiz.play",
    "trick-winner": "stytvolt.styrivolt.quiz.play",
    "lead-legal": "stytvolt.styrivolt.quiz.play",
    "choose-suits": "stytvolt.styrivolt.quiz.stock",
    "trader-fetch": "stytvolt.styrivolt.quiz.stock",
    "take-stock": "stytvolt.styrivolt.quiz.stock",
    "hand-result": "stytvolt.styrivolt.quiz.scoring",
    "chalk-after": "stytvolt.styrivolt.quiz.scoring",
}

__all__ = ["KIND_MODULES"]
