"""The package built as a wheel and run inside Pyodide (in Node) behaves as in CPython.

Builds the wheel once per session (the same ``pip wheel`` command as ``make
wheel``), runs tests/pyodide/checks.py under this interpreter and under
Pyodide (``node tests/pyodide/run.mjs <wheel> checks.py``) and compares the
two JSON documents.  Needs ``make setup`` (it runs ``npm ci``).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
RUN_MJS = HERE / "run.mjs"
CHECKS_PY = HERE / "checks.py"
PYODIDE_DIR = REPO / "node_modules" / "pyodide"
TIMEOUT = 600  # seconds, for any one subprocess


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_node() -> str:
    """Path of `node`.  Called in the tests' bodies (not a fixture) so that a
    missing Pyodide shows as a failed test: it fails, never skips, when
    node_modules/pyodide is missing; only without node and outside CI it skips."""
    found = shutil.which("node")
    if found is None:
        if _in_ci():
            pytest.fail("node is not installed, but CI is set: the Pyodide tests must run in CI")
        pytest.skip("node is not installed (in CI this is a failure)")
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        pytest.fail(f"Pyodide is not installed ({PYODIDE_DIR} is missing): run `make setup` (it runs `npm ci`)")
    return found


def wheelbuild() -> Any:
    """interactive/wheelbuild.py, the module that builds the wheel and its compiled copy for the site."""
    sys.path.insert(0, str(REPO / "interactive"))
    try:
        import wheelbuild as module
    finally:
        sys.path.pop(0)
    return module


@pytest.fixture(scope="session")
def source_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built by the standard backend (interactive/wheelbuild.py, as `make wheel` makes it)."""
    build = wheelbuild()
    try:
        built = build.build_wheel(tmp_path_factory.mktemp("wheel"))
    except build.WheelError as err:
        pytest.fail(str(err))
    assert built.name.endswith("-py3-none-any.whl"), f"not a pure wheel: {built.name}"
    return built


@pytest.fixture(scope="session")
def wheel(source_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel the site carries: the built one compiled to Pyodide's bytecode (never taken from the build's cache)."""
    build = wheelbuild()
    require_node()
    try:
        compiled = build.compile_for_pyodide(source_wheel, tmp_path_factory.mktemp("compiled"), cache=None)
    except build.WheelError as err:
        pytest.fail(str(err))
    return compiled


def _run(cmd: list[str]) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(cmd, cwd=REPO, capture_output=True, timeout=TIMEOUT, env=env)


def run_cpython(script: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return _run([sys.executable, str(script), *args])


def run_pyodide(node: str, wheel: Path, script: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return _run([node, str(RUN_MJS), str(wheel), str(script), *args])


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _json_stdout(proc: subprocess.CompletedProcess[bytes], where: str) -> Any:
    assert proc.returncode == 0, (
        f"checks.py exited {proc.returncode} in {where}\n--- stderr:\n{_text(proc.stderr)[-4000:]}"
    )
    try:
        return json.loads(proc.stdout.decode("utf-8"))
    except ValueError as exc:
        pytest.fail(f"checks.py in {where} did not print one JSON document ({exc}):\n{_text(proc.stdout)[:2000]}")


#: checks.py in two parts of about the same cost (in both interpreters), so that the two workers of
#: ``make test`` run them side by side: the 10,000 random Stýrivolt hands, and every other check.
PARTS = {"random-hands": ["styrivolt.hands"], "the-rest": ["--except=styrivolt.hands"]}


@functools.cache
def cpython_results(part: str) -> Any:
    return _json_stdout(run_cpython(CHECKS_PY, *PARTS[part]), "CPython")


@functools.cache
def pyodide_results(node: str, wheel: Path, part: str) -> Any:
    return _json_stdout(run_pyodide(node, wheel, CHECKS_PY, *PARTS[part]), "Pyodide")


def _short(value: Any, limit: int = 240) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def diff_paths(a: Any, b: Any, path: str = "", out: list[str] | None = None, limit: int = 30) -> list[str]:
    """The places where JSON values ``a`` and ``b`` differ, one line each (at most ``limit``)."""
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            where = f"{path}[{key!r}]" if path else repr(key)
            if key not in a:
                out.append(f"{where}: only in Pyodide: {_short(b[key])}")
            elif key not in b:
                out.append(f"{where}: only in CPython: {_short(a[key])}")
            else:
                diff_paths(a[key], b[key], where, out, limit)
            if len(out) >= limit:
                break
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            diff_paths(x, y, f"{path}[{i}]", out, limit)
            if len(out) >= limit:
                break
    elif a != b or type(a) is not type(b):
        out.append(f"{path}:\n    CPython: {_short(a)}\n    Pyodide: {_short(b)}")
    return out


def test_the_parts_hold_every_check_once() -> None:
    listed = run_cpython(CHECKS_PY, "--list")
    assert listed.returncode == 0, _text(listed.stderr)
    every = set(_text(listed.stdout).split())
    hands = {name for name in every if any(name.startswith(p) for p in PARTS["random-hands"])}
    assert hands == {"styrivolt.hands"} and len(every) > 30, sorted(every)


@pytest.mark.parametrize("part", PARTS)
def test_checks_run_cleanly_in_cpython(part: str) -> None:
    results = cpython_results(part)
    assert isinstance(results, dict) and results, "checks.py reported no checks"
    crashed = {
        name: value["error"]
        for name, value in results.items()
        if isinstance(value, dict) and set(value) == {"error"}
    }
    assert not crashed, "checks that raised under CPython (fix the check or the package):\n" + "\n".join(
        f"  {name}: {error}" for name, error in sorted(crashed.items())
    )


@pytest.mark.parametrize("part", PARTS)
def test_pyodide_matches_cpython(wheel: Path, part: str) -> None:
    in_cpython = cpython_results(part)
    in_pyodide = pyodide_results(require_node(), wheel, part)
    if in_cpython != in_pyodide:
        lines = diff_paths(in_cpython, in_pyodide)
        pytest.fail(
            f"checks.py differs between CPython {sys.version.split()[0]} and Pyodide "
            f"({len(lines)} difference(s) shown, at most 30):\n" + "\n".join(lines)
        )


PROBE = textwrap.dedent(
    """
    import json, sys, site
    import stytvolt
    print(json.dumps({
        "version": stytvolt.__version__,
        "version_info": list(sys.version_info[:3]),
        "platform": sys.platform,
        "file": stytvolt.__file__,
        "site_packages": site.getsitepackages(),
        "argv": sys.argv[1:],
        "card": stytvolt.parse_card("2♥").english,
    }))
    """
)


def test_really_runs_in_pyodide(wheel: Path, tmp_path: Path) -> None:
    import stytvolt

    node = require_node()
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    proc = run_pyodide(node, wheel, probe, "one", "two words")
    assert proc.returncode == 0, _text(proc.stderr)
    facts = json.loads(proc.stdout)
    assert facts["version"] == stytvolt.__version__
    assert tuple(facts["version_info"]) >= (3, 12), facts
    assert facts["platform"] == "emscripten", facts
    # Imported from the installed wheel, not from a source tree on sys.path.
    assert any(facts["file"].startswith(sp + "/") for sp in facts["site_packages"]), facts
    assert facts["argv"] == ["one", "two words"]
    assert facts["card"] == "two of hearts"


def test_the_site_wheel_is_the_built_one_compiled(source_wheel: Path, wheel: Path, tmp_path: Path) -> None:
    """Every module of the built wheel, as sourceless bytecode of Pyodide's Python; the rest as it was; reproducible."""
    import base64
    import hashlib
    import zipfile

    assert re.fullmatch(r"stytvolt-[0-9.]+-cp3\d+-none-any\.whl", wheel.name), wheel.name
    again = wheelbuild().compile_for_pyodide(source_wheel, tmp_path, cache=None)
    assert again.read_bytes() == wheel.read_bytes(), "the same wheel must compile to the same bytes"
    src, out = zipfile.ZipFile(source_wheel), zipfile.ZipFile(wheel)
    before, after = src.namelist(), out.namelist()
    modules = [n for n in before if n.endswith(".py")]
    assert len(modules) > 100 and not [n for n in after if n.endswith(".py")]
    assert [n[:-3] + ".pyc" if n.endswith(".py") else n for n in before] == after
    for name in before:
        if name.endswith(".py"):
            pyc = out.read(name + "c")
            assert pyc[4:8] == (1).to_bytes(4, "little"), f"{name}c is not an unchecked hash-based .pyc"
        elif not name.endswith((".dist-info/RECORD", ".dist-info/WHEEL")):
            assert out.read(name) == src.read(name), name
    assert {i.date_time for i in out.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    tag = re.search(r"-(cp3\d+-none-any)\.whl$", wheel.name).group(1)  # type: ignore[union-attr]
    meta = next(n for n in after if n.endswith(".dist-info/WHEEL"))
    assert f"Tag: {tag}" in out.read(meta).decode() and "py3-none-any" not in out.read(meta).decode()
    record = next(n for n in after if n.endswith(".dist-info/RECORD"))
    rows = [line.split(",") for line in out.read(record).decode().splitlines()]
    assert sorted(r[0] for r in rows) == sorted(after)
    for name, sha, size in rows:
        if name != record:
            body = out.read(name)
            assert sha == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
            assert int(size) == len(body), name


def test_the_compiled_wheel_runs_in_pyodide_without_sources(wheel: Path, tmp_path: Path) -> None:
    node = require_node()
    probe = tmp_path / "probe.py"
    probe.write_text(textwrap.dedent(
        """
        import sys, stytvolt.web, stytvolt.knorri
        print(stytvolt.web.__spec__.loader.__class__.__name__, stytvolt.knorri.__file__.endswith(".pyc"),
              stytvolt.knorri.beats.__doc__, sys.version_info[:2] == (int(sys.argv[1][2]), int(sys.argv[1][3:])))
        """), encoding="utf-8")
    tag = re.search(r"-(cp3\d+)-none-any\.whl$", wheel.name).group(1)  # type: ignore[union-attr]
    proc = run_pyodide(node, wheel, probe, tag)
    assert proc.returncode == 0, _text(proc.stderr)
    # Loaded from bytecode, docstrings left out, and compiled for the very Python Pyodide runs.
    assert _text(proc.stdout).split() == ["SourcelessFileLoader", "True", "None", "True"]


@pytest.mark.parametrize(
    ("source", "status", "stderr_has"),
    [
        ("import sys\nprint('out')\nsys.exit(3)\n", 3, ""),
        ("import sys\nsys.exit('bye')\n", 1, "bye"),
        ("def f():\n    raise ValueError('boom')\nf()\n", 1, "ValueError: boom"),
    ],
    ids=["exit-code", "exit-message", "exception"],
)
def test_runner_exit_status(wheel: Path, tmp_path: Path, source: str, status: int, stderr_has: str) -> None:
    node = require_node()
    script = tmp_path / "script.py"
    script.write_text(source, encoding="utf-8")
    cpython = run_cpython(script)
    pyodide = run_pyodide(node, wheel, script)
    assert cpython.returncode == status, _text(cpython.stderr)
    assert pyodide.returncode == status, _text(pyodide.stderr)
    assert pyodide.stdout == cpython.stdout
    assert stderr_has in _text(pyodide.stderr)
    if "Error" in stderr_has:
        assert "Traceback (most recent call last):" in _text(pyodide.stderr)
        assert f'File "{script}", line 3' in _text(pyodide.stderr)
