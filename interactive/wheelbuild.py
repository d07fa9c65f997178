"""The ``stytvolt`` wheel for the site: built by the standard build backend, registered in Pyodide's lockfile.

* :func:`build_wheel` runs ``python -m build`` (setuptools, the backend
  pyproject.toml names) without build isolation, so it needs no network: the
  sdist first, then the wheel from the sdist, so nothing left over in the
  working tree (``build/lib``) can slip into it.  ``SOURCE_DATE_EPOCH`` is
  fixed, so the same sources give the same bytes on every machine.
* :func:`register` runs ``pyodide lockfile add-wheels`` (pyodide-build and
  pyodide-lock, which need Python >= 3.12: ``make setup`` puts them in
  ``.venv-pyodide``) to write the site's ``pyodide-lock.json``: Pyodide's own
  lockfile plus the wheel's entry (file name, sha256, imports), so the worker
  installs it with ``loadPackage("stytvolt")`` and Pyodide checks the sha256.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# 1980-01-01 00:00 UTC: the earliest time a zip entry can carry.
SOURCE_DATE_EPOCH = "315532800"
PYODIDE_VENV = ROOT / ".venv-pyodide"


class WheelError(Exception):
    """The wheel could not be built or registered; the message says what to do."""


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Write ``stytvolt-<version>-py3-none-any.whl`` into ``out_dir`` and return its path."""
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


def register(wheel: Path, lock_in: Path, lock_out: Path) -> None:
    """Write ``lock_out``: ``lock_in`` plus ``wheel``, its file name relative to ``lock_out``'s folder."""
    cmd = [str(pyodide_cli()), "lockfile", "add-wheels", "--input", str(lock_in), "--output", str(lock_out),
           "--base-path", str(lock_out.parent), str(wheel)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0 or not lock_out.is_file():
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        raise WheelError(f"`pyodide lockfile add-wheels` failed:\n{tail}")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


if __name__ == "__main__":
    built = build_wheel(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "wheel")
    print(built, digest(built))
