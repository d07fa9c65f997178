"""Knorri's question kinds for :mod:`stytvolt.learn`, registered in the order the practice page lists them.

* :mod:`.beating`: which of your cards may be played on the top card of the trick (``may-beat``),
  with hard clubs and with soft;
* :mod:`.taking`: what a turned card must take from the face-up table in phase one (``must-take``);
* :mod:`.opening`: how phase two may open from a hand holding ♣2 (``opening``).

Every answer comes from the rules (``stytvolt.knorri``); these modules only
choose positions, word the question and offer the choices.
"""

#: Each question kind → the module that makes it (registering it when first imported), in the order
#: the pages list them; tests/core/test_learn.py checks that each module registers exactly these.
KIND_MODULES: dict[str, str] = {
    "may-beat": "stytvolt.knorri.quiz.beating",
    "must-take": "stytvolt.knorri.quiz.taking",
    "opening": "stytvolt.knorri.quiz.opening",
}

__all__ = ["KIND_MODULES"]
