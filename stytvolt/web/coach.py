"""The coach's words on the pages: each game's ideas as its tactics page lists them, and a reason's link to its idea.

The ideas are the engine's (:func:`stytvolt.analysis.coach.ideas`, from each
game's declared ``coach`` part); this module only draws them.  Importing it
registers the figure ``ideas`` for every game that has a coach
(``<div class="sv-figure" data-game="sjavs" data-figure="ideas">``), which
lists them as a definition list whose terms carry the anchors the reasons link
to (``#idea-<key>``).
"""

from __future__ import annotations

from html import escape
from typing import Callable

from stytvolt.core import registry
from stytvolt.analysis.coach import ideas
from stytvolt.web import FIGURES, Params

__all__ = ["ideas_html", "idea_href", "idea_link", "idea_title", "TACTICS_PAGE"]

#: The page of a game's folder (as its GameInfo's ``pages`` names it) that lists its ideas.
TACTICS_PAGE = "tactics"


def idea_href(game: str, key: str) -> str:
    """The site path of ``game``'s idea ``key`` on its tactics page (the first game's pages sit at the root)."""
    first = next(iter(registry.GAME_MODULES))
    folder = "" if game == first else f"{game}/"
    return f"{folder}{TACTICS_PAGE}/#idea-{key}"


def idea_title(game: str, key: str) -> str:
    """Idea ``key`` of ``game`` named as its tactics page names it, and where ("Drawing trumps, on Sjavs: Tactics"; ""
    for an idea the game has not): the words of the link to it, and what the terminal says."""
    for idea in ideas(game):
        if idea.key == key:
            return f"{idea.name}, on {registry.game(game).title}: Tactics"
    return ""


def idea_link(game: str, key: str) -> str:
    """A link to idea ``key`` of ``game`` named as its tactics page names it ("" for an idea the game has not)."""
    title = idea_title(game, key)
    if not title:
        return ""
    href = escape(idea_href(game, key))
    return f'<a class="sv-rule sv-idea" data-site-path="{href}" href="{href}">{escape(title)}</a>'


def ideas_html(game: str) -> str:
    """``game``'s ideas as its tactics page lists them: each idea's name (its anchor) and an example."""
    rows = "".join(f'<dt id="idea-{escape(i.key)}">{escape(i.name)}</dt><dd>{escape(i.example)}</dd>'
                   for i in ideas(game))
    return f'<dl class="sv-ideas">{rows}</dl>'


def _figure(game: str) -> Callable[[Params], str]:
    def draw(params: Params) -> str:
        return ideas_html(game)

    return draw


def _register() -> None:
    for name in registry.GAME_MODULES:
        if registry.game(name).coach:
            FIGURES[(name, "ideas")] = _figure(name)


_register()
