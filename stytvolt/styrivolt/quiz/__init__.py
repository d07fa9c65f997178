"""Stýrivolt's question kinds for :mod:`stytvolt.learn`, registered in the order the Learn pages teach them.

* :mod:`.names`: card names (Faroese, English, the card itself, both ways);
* :mod:`.play`: what beats a led card, which card wins a trick, whether a lead is legal;
* :mod:`.stock`: which suits a stock chooses and what is exposed, what a trader fetches, who may take the stock;
* :mod:`.scoring`: who won a hand and what it scores, the chalk-up after a result.

Every answer comes from the rules (``stytvolt.styrivolt``); these modules
only choose positions, word the question and offer the choices.
"""

from stytvolt.styrivolt.quiz import names, play, stock, scoring  # noqa: F401  (registration order = page order)

__all__: list[str] = []
