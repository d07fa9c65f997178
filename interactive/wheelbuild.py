"""Build the pure-Python wheel of ``stytvolt`` without pip, the network or a build backend.

The site's build puts the wheel beside Pyodide; building it here keeps
``mkdocs build`` and ``mkdocs serve`` offline and fast.  The wheel is
byte-for-byte reproducible (fixed timestamps, sorted entries); the site's
manifest carries its sha256, which the worker checks and uses to bust caches.
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EPOCH = (1980, 1, 1, 0, 0, 0)


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _metadata(project: dict[str, object]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '>=3.11')}",
        f"License: {project.get('license', '')}",
    ]
    return "\n".join(lines) + "\n"


def package_files(root: Path = ROOT) -> list[Path]:
    """The files that go into the wheel: the package's Python sources, its data (the puzzles' JSON) and its typing marker."""
    pkg = root / "stytvolt"
    files = [p for p in pkg.rglob("*") if p.is_file() and (p.suffix in (".py", ".json") or p.name == "py.typed")]
    return sorted(f for f in files if "__pycache__" not in f.parts)


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Write ``stytvolt-<version>-py3-none-any.whl`` into ``out_dir`` (reused when unchanged)."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = str(project["name"]), str(project["version"])
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [(f.relative_to(root).as_posix(), f.read_bytes()) for f in package_files(root)]
    entries.append((f"{dist_info}/METADATA", _metadata(project).encode()))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: stytvolt-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    scripts = project.get("scripts") or {}
    if isinstance(scripts, dict) and scripts:
        body = "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())
        entries.append((f"{dist_info}/entry_points.txt", body.encode()))
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in entries) + f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    tmp = target.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path, data in entries:
            info = zipfile.ZipInfo(path, date_time=EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    if target.exists() and target.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        tmp.replace(target)
    return target


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


if __name__ == "__main__":
    import sys

    built = build_wheel(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "wheel")
    print(built, digest(built))
