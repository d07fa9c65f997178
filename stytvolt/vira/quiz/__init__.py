"""Vira's question kinds for :mod:`stytvolt.learn`, registered in the order the practice page lists them.

* :mod:`.auction`: which bid overcalls the highest bid so far, suit classes and holding included
  (``overcalls``);
* :mod:`.contracts`: what a contract asks of its player (``contract-requires``), and how a contract
  ended from the tricks taken (``outcome``).

Every answer comes from the rules (:mod:`stytvolt.vira.contracts`); these
modules only choose positions, word the question and offer the choices.
"""

#: Each question kind → the module that makes it (registering it when first imported), in the order
#: the pages list them; tests/core/test_learn.py checks that each module registers exactly these.
KIND_MODULES: dict[str, str] = {
    "overcalls": "stytvolt.vira.quiz.auction",
    "contract-requires": "stytvolt.vira.quiz.contracts",
    "outcome": "stytvolt.vira.quiz.contracts",
}

__all__ = ["KIND_MODULES"]
