"""Reading JSON text that may come from a page: its size and nesting are checked before it is parsed.

The nesting is counted first because in Pyodide JSON nested thousands deep
overflows the WebAssembly stack inside the parser, which kills the worker
outright (CPython would raise a RecursionError instead).
"""

from __future__ import annotations

import json
import re

from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name

__all__ = ["load_json", "json_depth"]

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _JSON_STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def load_json(text: object, what: str, *, max_chars: int, max_depth: int,
              error: type[StytvoltError] = InvalidPosition) -> object:
    """``text`` parsed, or ``error`` saying what is wrong with it (``what`` names it: "the request")."""
    if not isinstance(text, str):
        raise error(f"{what} is JSON text, not {type_name(text)}")
    if len(text) > max_chars:
        raise error(f"{what} is {len(text):,} characters long; at most {max_chars:,} are accepted")
    if json_depth(text) > max_depth:
        raise error(f"{what} is nested too deeply to read: at most {max_depth} levels are accepted")
    try:
        return json.loads(text)
    except RecursionError:
        raise error(f"{what} is nested too deeply to read") from None
    except ValueError as err:
        raise error(f"{what} is not JSON: {err}") from None
