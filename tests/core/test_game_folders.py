"""A game is one folder: apart from the registry's list of games, no module of the package outside a game's folder
(nor the build's hooks in ``interactive/``) imports or names that game's modules, or names the game in its code; and
no script of the browser side names a game.

Adding a game means adding its folder and one line in ``stytvolt/core/registry.py``'s ``GAME_MODULES``; the
registry, the web kit, the quiz engine, the table, the analysis and the command line read what the game's
:class:`~stytvolt.core.protocol.GameInfo` declares.  Docstrings and comments may use a game's name as an
example ("sjavs"), never a path to its modules.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

import stytvolt
from stytvolt.core import registry

PACKAGE = Path(stytvolt.__file__).resolve().parent
GAMES = tuple(registry.GAME_MODULES)
#: The one list that names every game: the registry's.
THE_LIST = PACKAGE / "core" / "registry.py"


#: The build's hooks, which read the games through the same declarations.
HOOKS = PACKAGE.parent / "interactive"


def outside_modules() -> list[Path]:
    package = [p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in GAMES and p != THE_LIST]
    return sorted(package) + sorted(HOOKS.glob("*.py"))


def docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def names_of_games(path: Path) -> list[str]:
    """Each place ``path`` imports or names a game's module, or names a game in its code."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    docs = docstring_nodes(tree)
    found = []
    modules = re.compile(r"\bstytvolt\.(" + "|".join(GAMES) + r")\b")
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if modules.search(node.module) or (node.module == "stytvolt" and any(a.name in GAMES for a in node.names)):
                found.append(f"{path.name}:{node.lineno} imports {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if modules.search(alias.name):
                    found.append(f"{path.name}:{node.lineno} imports {alias.name}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if modules.search(node.value):
                found.append(f"{path.name}:{node.lineno} names {modules.search(node.value).group(0)}")  # type: ignore[union-attr]
            elif id(node) not in docs and node.value.strip().lower() in GAMES:
                found.append(f"{path.name}:{node.lineno} names the game {node.value!r}")
    # Comments, which the syntax tree leaves out.
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and modules.search(token.string):
            found.append(f"{path.name}:{token.start[0]} names {modules.search(token.string).group(0)} in a comment")  # type: ignore[union-attr]
    return found


@pytest.mark.parametrize("path", outside_modules(), ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_no_module_outside_a_games_folder_names_a_game(path: Path) -> None:
    assert names_of_games(path) == []


#: The browser's scripts: they learn the games from what the build writes from the registry (lessons.mjs's first
#: game, the search's list in each page's head), never from a name of their own.
SCRIPTS = sorted([*HOOKS.glob("*.mjs"), *HOOKS.glob("*.js")])
_JS_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_JS_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")


def names_in_script(source: str) -> list[str]:
    """The strings of a script's code (its comments left out) that name a game by its name, title or alias."""
    names = {n.lower() for info in stytvolt.games() for n in (info.name, info.title, *info.aliases)}
    code = _JS_COMMENT.sub("", _JS_STRING.sub(lambda m: m.group(0).replace("//", "/ /").replace("/*", "/ *"), source))
    return [m.group(0) for m in _JS_STRING.finditer(code) if m.group(0)[1:-1].strip().lower() in names]


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_no_browser_script_names_a_game(path: Path) -> None:
    assert names_in_script(path.read_text(encoding="utf-8")) == []


def test_the_script_check_finds_a_name_in_code_not_in_a_comment() -> None:
    source = ('// the default was "styrivolt"\n/* "Sjavs" */\nconst A = "styrivolt";\n'
              'const B = [\'Brus\', `x`, "https://example.org/"];\nconst C = "horri";\n')
    assert names_in_script(source) == ['"styrivolt"', "'Brus'"]


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The check itself: an import, a module path in a string, a comment and a game's name in code are found."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Docs may say "sjavs" as an example."""\n'
        "from stytvolt.sjavs.cards import PACK\n"
        "import stytvolt.vira.hand\n"
        "from stytvolt import knorri\n"
        'WHERE = "stytvolt.brus.site"\n'
        "# see stytvolt.klorsjavs.rules\n"
        'DEFAULT = "styrivolt"\n',
        encoding="utf-8",
    )
    found = names_of_games(sample)
    assert len(found) == 6, found


def test_each_game_declares_its_parts_in_its_own_folder() -> None:
    for info in stytvolt.games():
        assert info.module == registry.GAME_MODULES[info.name]
        for part in ("site", "table", "quiz", "solver", "worked", "puzzle_module"):
            path = getattr(info, part)
            assert not path or path.startswith(info.module + "."), (info.name, part, path)
            if path:
                assert info.part(part) is not None
        for widget, module in info.widgets:
            assert module.startswith(info.module + "."), (info.name, widget, module)
