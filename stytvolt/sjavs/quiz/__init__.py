"""Sjavs's question kinds for :mod:`stytvolt.learn`, registered in the order the practice page lists them.

* :mod:`.play`: which card wins a trick (``trick-winner``), which card may be played (``legal-plays``);
* :mod:`.scoring`: the card points of a pile (``card-points``), who scores a hand and how much (``game-points``);
* :mod:`.bidding`: who wins the bidding, which bid beats the best so far, what a hand may bid (``winning-bid``).

Every answer comes from the rules (``stytvolt.sjavs``); these modules only
choose positions, word the question and offer the choices.
"""

from stytvolt.sjavs.quiz import play, scoring, bidding  # noqa: F401  (registration order = page order)

__all__: list[str] = []
