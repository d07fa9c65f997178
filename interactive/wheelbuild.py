"""The ``stytvolt`` wheel for the site: built by the standard build backend, registered in Pyodide's lockfile.

* :func:`build_wheel` runs ``python -m build`` (setuptools, the backend
  pyproject.toml names) without build isolation, so it needs no network: the
  sdist first, then the wheel from the sdist, so nothing left over in the
  working tree (``build/lib``) can slip into it.  ``SOURCE_DATE_EPOCH`` is
  fixed, so the same sources give the same bytes on every machine.
* :func:`compile_for_pyodide` compiles the wheel's modules to the bytecode of
  Pyodide's Python, as Pyodide ships its own packages (``pyodide py-compile``),
  with Pyodide itself as the compiler (``interactive/pycompile.mjs`` in Node):
  the site carries that wheel, ``stytvolt-<version>-cp314-none-any.whl``, so a
  reader's engine imports our modules without compiling them first.
* :func:`register` runs ``pyodide lockfile add-wheels`` (pyodide-build and
  pyodide-lock, which need Python >= 3.12: ``make setup`` puts them in
  ``.venv-pyodide``) to write the site's ``pyodide-lock.json``: Pyodide's own
  lockfile plus the wheel's entry (file name, sha256, imports), so the worker
  installs it with ``loadPackage("stytvolt")`` and Pyodide checks the sha256.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # (not on Windows: builds there are not locked)
    fcntl = None

ROOT = Path(__file__).resolve().parent.parent
# 1980-01-01 00:00 UTC: the earliest time a zip entry can carry.
SOURCE_DATE_EPOCH = "315532800"
PYODIDE_VENV = ROOT / ".venv-pyodide"


class WheelError(Exception):
    """The wheel could not be built or registered; the message says what to do."""


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Write ``stytvolt-<version>-py3-none-any.whl`` into ``out_dir`` and return its path.

    One build of a tree at a time (a lock in its ``build/``): the backend writes ``stytvolt.egg-info`` into
    the tree, and two builds at once (two test workers, a test beside ``mkdocs serve``) trip over each other.
    """
    lock_path = root / "build" / ".wheel-build.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_wheel(out_dir, root)


def _build_wheel(out_dir: Path, root: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="stytvolt-wheel-") as tmp:
        cmd = [sys.executable, "-m", "build", "--no-isolation", "--outdir", tmp, str(root)]
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root)
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
            raise WheelError(f"building the wheel failed ({' '.join(cmd)}); run `make setup` if `build` is missing:\n{tail}")
        wheels = sorted(Path(tmp).glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise WheelError(f"expected one pure wheel from `python -m build`, got {[w.name for w in wheels]}")
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / wheels[0].name
        shutil.copyfile(wheels[0], target)
    return target


#: Compiled wheels, by the sha256 of the wheel they were compiled from: the same sources compile to the
#: same bytes, so a rebuild of the site (``mkdocs serve``) with the engine unchanged skips the 5 s of it.
COMPILED_CACHE = ROOT / "build" / "pyc-wheels"
KEEP_COMPILED = 4


def compile_for_pyodide(wheel: Path, out_dir: Path, cache: Path | None = COMPILED_CACHE) -> Path:
    """Write the bytecode-compiled copy of ``wheel`` (``…-cp3XY-none-any.whl``) into ``out_dir`` and return its path."""
    kept = cache / digest(wheel) if cache is not None else None
    found = sorted(kept.glob("*.whl")) if kept is not None and kept.is_dir() else []
    with tempfile.TemporaryDirectory(prefix="stytvolt-pyc-") as tmp:
        if len(found) != 1:
            found = [_compile(wheel, Path(tmp))]
            if cache is not None and kept is not None:
                kept.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(found[0], kept / found[0].name)
                for old in sorted(cache.iterdir(), key=lambda p: p.stat().st_mtime)[:-KEEP_COMPILED]:
                    shutil.rmtree(old, ignore_errors=True)
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / found[0].name
        shutil.copyfile(found[0], target)
    return target


def _compile(wheel: Path, out_dir: Path) -> Path:
    """``interactive/pycompile.mjs`` (Pyodide under Node) run on ``wheel``: the compiled wheel it wrote in ``out_dir``."""
    node = shutil.which("node")
    if node is None:
        raise WheelError("node is needed to compile the wheel for Pyodide (Node.js >= 18): run `make setup`")
    cmd = [node, str(ROOT / "interactive" / "pycompile.mjs"), str(wheel), str(out_dir)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    made = sorted(out_dir.glob("*.whl"))
    if proc.returncode != 0 or len(made) != 1:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise WheelError(f"compiling the wheel for Pyodide failed ({' '.join(cmd)}); run `make setup` if node_modules/pyodide"
                         f" is missing:\n{tail}")
    return made[0]


def pyodide_cli() -> Path:
    """The ``pyodide`` command (``STYTVOLT_PYODIDE_CLI``, or .venv-pyodide's)."""
    named = os.environ.get("STYTVOLT_PYODIDE_CLI", "").strip()
    cli = Path(named) if named else PYODIDE_VENV / "bin" / "pyodide"
    if not cli.is_file():
        raise WheelError(
            f"{cli} is missing: the site's lockfile is written by pyodide-build's `pyodide lockfile add-wheels`,"
            " which needs Python >= 3.12; run `make setup` (it makes .venv-pyodide)"
        )
    return cli


def register(wheel: Path, lock_in: Path, lock_out: Path, compiled: Path | None = None) -> None:
    """Write ``lock_out``: ``lock_in`` plus ``wheel``, its file name relative to ``lock_out``'s folder.

    With ``compiled`` (``wheel`` compiled by :func:`compile_for_pyodide`), the entry then names the
    compiled copy, put beside ``wheel`` in its place, and its sha256: what ``pyodide py-compile`` does to
    a lockfile.  ``add-wheels`` reads the entry (imports, dependencies) from the built wheel, since it
    refuses a ``cp3XY-none-any`` tag that Pyodide itself loads."""
    cmd = [str(pyodide_cli()), "lockfile", "add-wheels", "--input", str(lock_in), "--output", str(lock_out),
           "--base-path", str(lock_out.parent), str(wheel)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0 or not lock_out.is_file():
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise WheelError(f"`pyodide lockfile add-wheels` failed:\n{tail}")
    if compiled is None:
        return
    lock = json.loads(lock_out.read_text(encoding="utf-8"))
    named = wheel.relative_to(lock_out.parent).as_posix()
    entries = [e for e in lock["packages"].values() if e.get("file_name") == named]
    if len(entries) != 1:
        raise WheelError(f"`pyodide lockfile add-wheels` wrote {len(entries)} entries for {named}, not one")
    placed = wheel.with_name(compiled.name)
    shutil.copyfile(compiled, placed)
    if placed != wheel:
        wheel.unlink()
    entries[0]["file_name"] = placed.relative_to(lock_out.parent).as_posix()
    entries[0]["sha256"] = digest(placed)
    lock_out.write_text(json.dumps(lock), encoding="utf-8")  # as add-wheels writes it


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


if __name__ == "__main__":
    # python interactive/wheelbuild.py [out-dir] [--pyodide]: the wheel, or (--pyodide) also the copy the site carries.
    args = [a for a in sys.argv[1:] if a != "--pyodide"]
    out = Path(args[0]) if args else ROOT / "build" / "wheel"
    built = build_wheel(out)
    print(built, digest(built))
    if "--pyodide" in sys.argv[1:]:
        compiled = compile_for_pyodide(built, out)
        print(compiled, digest(compiled))
