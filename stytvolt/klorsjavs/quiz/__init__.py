"""Klørsjavs's question kinds for :mod:`stytvolt.learn`, registered in the order the practice page lists them.

* :mod:`.play`: which card wins a trick (``trick-winner``), which card may be played (``legal-plays``);
* :mod:`.scoring`: the card points of a pile (``card-points``), who pays how much after a hand (``game-points``).

Every answer comes from the rules (``stytvolt.klorsjavs``); these modules
only choose positions, word the question and offer the choices.
"""

#: Each question kind → the module that makes it (registering it when first imported), in the order
#: the pages list them; tests/core/test_learn.py checks that each module registers exactly these.
KIND_MODULES: dict[str, str] = {
    "trick-winner": "stytvolt.klorsjavs.quiz.play",
    "legal-plays": "stytvolt.klorsjavs.quiz.play",
    "card-points": "stytvolt.klorsjavs.quiz.scoring",
    "game-points": "stytvolt.klorsjavs.quiz.scoring",
}

__all__ = ["KIND_MODULES"]
