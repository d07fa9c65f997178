"""Sjavs's question kinds for :mod:`stytvolt.learn`, registered in the order the practice page lists them.

* :mod:`.play`: which card wins a trick (``trick-winner``), which card may be played (``legal-plays``);
* :mod:`.scoring`: the card points of a pile (``card-points``), who scores a hand and how much (``game-points``);
* :mod:`.bidding`: who wins the bidding, which bid beats the best so far, what a hand may bid (``winning-bid``).

Every answer comes from the rules (``stytvolt.sjavs``); these modules only
choose positions, word the question and offer the choices.
"""

#: Each question kind → the module that makes it (registering it when first imported), in the order
#: the pages list them; tests/core/test_learn.py checks that each module registers exactly these.
KIND_MODULES: dict[str, str] = {
    "trick-winner": "stytvolt.sjavs.quiz.play",
    "legal-plays": "stytvolt.sjavs.quiz.play",
    "card-points": "stytvolt.sjavs.quiz.scoring",
    "game-points": "stytvolt.sjavs.quiz.scoring",
    "winning-bid": "stytvolt.sjavs.quiz.bidding",
}

__all__ = ["KIND_MODULES"]
