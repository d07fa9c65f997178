"""Brus's question kinds for :mod:`stytvolt.learn`, registered in the order the practice page lists them.

* :mod:`.play`: which card wins a trick (``trick-winner``), what may be done: play a card or pass
  (``legal-plays``);
* :mod:`.scoring`: what a finished deal scores (``deal-score``).

Every answer comes from the rules (``stytvolt.brus``); these modules only
choose positions, word the question and offer the choices.
"""

#: Each question kind → the module that makes it (registering it when first imported), in the order
#: the pages list them; tests/core/test_learn.py checks that each module registers exactly these.
KIND_MODULES: dict[str, str] = {
    "trick-winner": "stytvolt.brus.quiz.play",
    "legal-plays": "stytvolt.brus.quiz.play",
    "deal-score": "stytvolt.brus.quiz.scoring",
}

__all__ = ["KIND_MODULES"]
