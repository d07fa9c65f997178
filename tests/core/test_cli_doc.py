"""docs/cli.md promises "everything on this page is the command's real output": every console block is run and compared.

Each ```console block is run in one bash session (so ``echo $?`` sees the
command before it), with the venv's ``stytvolt`` first on PATH and 80
columns; each ``$ command`` line's output must be the lines that follow it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "cli.md"
MARK = "@@stytvolt-doc-command-done@@"


def blocks() -> list[list[tuple[str, str]]]:
    out = []
    for body in re.findall(r"^```console\n(.*?)^```", PAGE.read_text(encoding="utf-8"), flags=re.S | re.M):
        steps = []
        for part in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, expected = part.partition("\n")
            steps.append((command, expected.rstrip("\n")))
        out.append(steps)
    return out


BLOCKS = blocks()


def run(steps: list[tuple[str, str]]) -> list[str]:
    script = "".join(f"{command} 2>&1\necho {MARK}\n" for command, _ in steps)
    bindir = Path(sys.executable).parent
    if shutil.which("stytvolt", path=str(bindir)) is None:
        pytest.fail(f"the stytvolt command is not installed beside {sys.executable}: run `make setup`")
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}", COLUMNS="80", LC_ALL="C.UTF-8",
               PYTHONIOENCODING="utf-8")
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    outputs = proc.stdout.split(MARK + "\n")
    return [o.rstrip("\n") for o in outputs[: len(steps)]]


def test_the_page_has_examples() -> None:
    assert sum(len(b) for b in BLOCKS) >= 10


@pytest.mark.parametrize("steps", BLOCKS, ids=[b[0][0][:50] for b in BLOCKS])
def test_every_console_example_is_the_real_output(steps: list[tuple[str, str]]) -> None:
    for (command, expected), got in zip(steps, run(steps)):
        assert got == expected, f"$ {command}\n--- the page says\n{expected}\n--- the command prints\n{got}"


def helps() -> list[tuple[str, str]]:
    found = re.findall(r'^\?\?\? info "`(stytvolt[^`]*--help)`"\n\n    ```text\n(.*?)\n    ```', PAGE.read_text(encoding="utf-8"), flags=re.S | re.M)
    return [(command, "\n".join(line[4:] for line in body.splitlines())) for command, body in found]


HELPS = helps()


def test_every_command_has_its_help_on_the_page() -> None:
    shown = {command.split()[1] for command, _ in HELPS if len(command.split()) > 2}
    from stytvolt.cli import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert shown == set(sub.choices), "a command's --help is missing from docs/cli.md"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("command", "expected"), HELPS, ids=[h[0] for h in HELPS])
def test_every_help_shown_is_the_real_help(command: str, expected: str) -> None:
    (got,) = run([(command, expected)])
    assert got == expected, f"$ {command}\n--- the page says\n{expected}\n--- the command prints\n{got}"
