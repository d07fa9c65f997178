"""Klørsjavs's question kinds for :mod:`stytvolt.learn`, registered in the order the practice page lists them.

* :mod:`.play`: which card wins a trick (``trick-winner``), which card may be played (``legal-plays``);
* :mod:`.scoring`: the card points of a pile (``card-points``), who pays how much after a hand (``game-points``).

Every answer comes from the rules (``stytvolt.klorsjavs``); these modules
only choose positions, word the question and offer the choices.
"""

from stytvolt.klorsjavs.quiz import play, scoring  # noqa: F401  (registration order = page order)

__all__: list[str] = []
