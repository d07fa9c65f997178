"""Pictures of the chalk-up: a text description, an ASCII drawing and an SVG.

The rules of scoring live in :mod:`stytvolt.styrivolt.chalk`, which decides
and never draws nor names a team.  This module only draws a
:class:`~stytvolt.styrivolt.chalk.ChalkState`, calling the teams by the names
it is given (``("A", "B")`` unless told otherwise):

* the SVG's text alternative is :func:`~stytvolt.styrivolt.chalk.chalk_description`, the rules' words;
* :func:`chalk_text`: a small ASCII drawing, for the terminal;
* :func:`chalk_svg`: a self-contained, accessible SVG, for the site;
* :func:`chalk_small_svg`: the same in less room, for a quiz's choices on a phone.

All are deterministic: the same state and names give the same output.
"""

from __future__ import annotations

import hashlib
from typing import Sequence

from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import TEAM_LETTERS
from stytvolt.styrivolt.chalk import STROKES, ChalkState, chalk_description, checked_chalk, holding_words

__all__ = ["chalk_text", "chalk_svg", "chalk_small_svg", "small_rows", "SMALL_PER_ROW"]



def chalk_text(state: ChalkState, names: Sequence[str] = TEAM_LETTERS) -> str:
    """A small ASCII drawing of the slate, readable without colour.

    ``-----`` is a standing stroke, ``. . .`` an erased one, ``x`` a
    cross and ``#`` a monk's cross (a cross with two transversals).
    """
    s, (na, nb) = checked_chalk(state, names)
    width = max(7, len(na), len(nb))
    standing, gone = "-" * width, ". . . . . . . . "[:width]
    lines = [f"Chalk-up no. {s.chalkups}"]
    lines.append(f"  {na:>{width}} | {nb:<{width}}")
    for i in range(STROKES):
        # Strokes are erased from the top, as is usual on the slate.
        left = gone if i < s.erased[0] else standing
        right = gone if i < s.erased[1] else standing
        lines.append(f"  {left:>{width}} | {right:<{width}}")
    lines.append(f"  {'':>{width}} |")
    for t, name in enumerate((na, nb)):
        marks = " ".join(["x"] * s.crosses[t] + ["#"] * s.monks[t]) or "-"
        lines.append(f"{name} crosses: {marks}  ({holding_words(s, t)})")
    lines.append(
        f"Standing strokes: {na} {s.standing(0)}, {nb} {s.standing(1)}. "
        f"{(na, nb)[s.drawer]} draws the next chalk-up."
    )
    lines.append(
        f"Key: {standing} standing stroke, {gone.strip()} erased stroke, "
        "x cross, # monk's cross (two crosses)"
    )
    return "\n".join(lines)


def chalk_svg(
    state: ChalkState,
    names: Sequence[str] = TEAM_LETTERS,
    *,
    title: str | None = None,
    id_prefix: str | None = None,
) -> str:
    """A self-contained, accessible SVG of the slate.

    Standing strokes are solid; erased ones faint *and* dashed, so the
    difference is not carried by colour alone.  Everything is drawn in
    ``currentColor`` so it follows the page's light or dark theme.  Output
    is deterministic; ids derive from the content unless ``id_prefix`` is given.
    """
    s, names = checked_chalk(state, names)
    desc = chalk_description(s, names)
    heading = title if title is not None else "Stýrivolt chalk-up"
    pid = id_prefix or "chalk-" + hashlib.sha1(
        (heading + "\n" + desc).encode("utf-8")
    ).hexdigest()[:10]

    width, mid = 260, 130
    top, gap = 34, 22
    line_bottom = top + STROKES * gap + 6
    per_row, step = 4, 24
    rows = max(1, max(-(-(s.crosses[t] + s.monks[t]) // per_row) for t in (0, 1)))
    cross_top = line_bottom + 14
    height = cross_top + rows * step + 26

    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" '
        f'aria-labelledby="{pid}-title {pid}-desc" fill="none" stroke="currentColor" '
        f'stroke-linecap="round" style="color: inherit">',
        f'<title id="{pid}-title">{_esc(heading)}</title>',
        f'<desc id="{pid}-desc">{_esc(desc)}</desc>',
        f'<g fill="currentColor" stroke="none" font-family="sans-serif" font-size="14" '
        f'text-anchor="middle" aria-hidden="true">',
        f'<text x="{mid - 45}" y="20">{_esc(names[0])}</text>',
        f'<text x="{mid + 45}" y="20">{_esc(names[1])}</text>',
        "</g>",
        f'<line class="vertical" x1="{mid}" y1="{top - 8}" x2="{mid}" y2="{line_bottom}" '
        f'stroke-width="3"/>',
    ]
    out += _sides(s, mid, (10, 80), top, gap, "0.3", (cross_top + 8, 22, per_row, step, 8))
    out.append(
        f'<text x="{mid}" y="{height - 8}" fill="currentColor" stroke="none" '
        f'font-family="sans-serif" font-size="12" text-anchor="middle" aria-hidden="true">'
        f'{_esc(names[s.drawer])} draws the next chalk-up</text>'
    )
    out.append("</svg>")
    return "\n".join(out)


#: Marks in a row on each side of the small drawing.
SMALL_PER_ROW = 3


def small_rows(state: ChalkState) -> int:
    """The rows of crosses :func:`chalk_small_svg` needs for ``state`` (at least one)."""
    return max(1, max(-(-(state.crosses[t] + state.monks[t]) // SMALL_PER_ROW) for t in (0, 1)))


def chalk_small_svg(state: ChalkState, names: Sequence[str] = TEAM_LETTERS, *, label: str | None = None,
                    rows: int | None = None) -> str:
    """A small drawing of the slate, 160 wide, for a quiz's choices and positions on a phone.

    It shows what :func:`chalk_svg` shows, and the chalk-up's number above it,
    in less room: three marks to a row.  With ``label`` it is an image named
    by that text (its words for screen readers); without, it is hidden from
    them, for a control that carries the words itself (a button's
    ``aria-label``).  ``rows`` gives every drawing of a set the same height.
    """
    s, names = checked_chalk(state, names)
    if rows is not None and (isinstance(rows, bool) or not isinstance(rows, int) or rows < 1):
        raise StytvoltError(f"rows is a whole number from 1, not {rows!r}")
    width, mid = 160, 80
    top, gap = 42, 15
    line_bottom = top + STROKES * gap + 4
    step = 18
    used = max(small_rows(s), rows or 1)
    cross_top = line_bottom + 8
    height = cross_top + used * step + 19
    who = f'role="img" aria-label="{_esc(label)}"' if label is not None else 'aria-hidden="true" focusable="false"'
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'{who} class="sv-chalk-small" fill="none" stroke="currentColor" stroke-linecap="round">',
        f'<g fill="currentColor" stroke="none" font-family="sans-serif" text-anchor="middle">',
        f'<text x="{mid}" y="14" font-size="13" font-weight="bold">Chalk-up {s.chalkups}</text>',
        f'<text x="{mid - 36}" y="33" font-size="14">{_esc(names[0])}</text>',
        f'<text x="{mid + 36}" y="33" font-size="14">{_esc(names[1])}</text>',
        "</g>",
        f'<line x1="{mid}" y1="{top - 4}" x2="{mid}" y2="{line_bottom}" stroke-width="3"/>',
    ]
    out += _sides(s, mid, (8, 66), top, gap, "0.35", (cross_top + 7, 18, SMALL_PER_ROW, step, 6))
    out.append(f'<text x="{mid}" y="{height - 5}" fill="currentColor" stroke="none" font-family="sans-serif" '
               f'font-size="13" text-anchor="middle">{_esc(names[s.drawer])} draws next</text>')
    out.append("</svg>")
    return "".join(out)


def _sides(s: ChalkState, mid: int, reach: tuple[int, int], top: int, gap: int, faint: str,
           marks_at: tuple[int, int, int, int, int]) -> list[str]:
    """Both teams' strokes (standing solid, erased faint and dashed) and crosses, either side of the line at
    ``mid``: strokes from ``reach[0]`` to ``reach[1]`` off it; crosses in rows from ``marks_at`` = (first row's
    centre, first cross's distance from the line, crosses a row, step between them, size)."""
    first_y, near, per_row, step, r = marks_at
    out: list[str] = []
    for t in (0, 1):
        side = -1 if t == 0 else 1
        x1, x2 = sorted((mid + side * reach[0], mid + side * reach[1]))
        for i in range(STROKES):
            y = top + i * gap + gap // 2
            if i < s.erased[t]:
                out.append(f'<line class="stroke erased" data-team="{t}" x1="{x1}" y1="{y}" x2="{x2}" y2="{y}" '
                           f'stroke-width="2" stroke-opacity="{faint}" stroke-dasharray="4 5"/>')
            else:
                out.append(f'<line class="stroke standing" data-team="{t}" x1="{x1}" y1="{y}" x2="{x2}" y2="{y}" '
                           'stroke-width="4"/>')
        for k, kind in enumerate(["cross"] * s.crosses[t] + ["monk"] * s.monks[t]):
            col, row = k % per_row, k // per_row
            out.append(_mark(kind, t, mid + side * (near + col * step), first_y + row * step, r=r))
    return out


def _mark(kind: str, team: int, cx: int, cy: int, r: int = 8) -> str:
    """An X; a monk's cross adds two transversals across it."""
    parts = [
        f'<g class="{kind}" data-team="{team}" stroke-width="2.5">',
        f'<line x1="{cx - r}" y1="{cy - r}" x2="{cx + r}" y2="{cy + r}"/>',
        f'<line x1="{cx + r}" y1="{cy - r}" x2="{cx - r}" y2="{cy + r}"/>',
    ]
    if kind == "monk":
        for dy in (-(r // 2), r // 2):
            parts.append(f'<line x1="{cx - r - 2}" y1="{cy + dy}" x2="{cx + r + 2}" y2="{cy + dy}"/>')
    parts.append("</g>")
    return "".join(parts)


def _esc(text: str) -> str:
    # Own escaping: keeps the module free of imports Pyodide might trim.
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )
