#!/usr/bin/env node
// node interactive/pycompile.mjs <in.whl> <out-dir>
//
// Compiles a pure wheel's modules to the bytecode of the Python that Pyodide
// runs, as Pyodide ships its own packages (`pyodide py-compile`): each `.py`
// becomes a sourceless `.pyc`, the tag becomes `cp3XY-none-any`, and the
// RECORD is written again.  `pyodide py-compile` compiles with the Python it
// runs under, and that must be Pyodide's (3.14), which this machine does not
// have; so the compiler here is Pyodide itself (node_modules/pyodide,
// offline), by construction the Python the site's worker runs.
//
// Why: compiling our modules from source was more than half of their import
// time in Pyodide, and a page's first answer imports a few dozen of them.
//
// Smaller than plain bytecode: docstrings are left out (nothing in the
// package reads __doc__) and so are the column ranges tracebacks use to point
// at an expression (PYTHONNODEBUGRANGES; the line numbers stay).  Assertions
// stay (not `-O`), so the package behaves exactly as in CPython.
//
// Reproducible: the .pyc files are hash-based and unchecked (no timestamp),
// the entries keep the input's order and carry 1980-01-01 00:00, and the
// compression level is fixed, so the same wheel gives the same bytes.
// Prints the path of the wheel it wrote.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");

const COMPILE = `
import ast, base64, hashlib, importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


def compile_wheel(path: str, name: str) -> tuple[bytes, str]:
    if any(col is not None for _, _, col, _ in compile("x = 1", "probe", "exec").co_positions()):
        raise RuntimeError("PYTHONNODEBUGRANGES did not reach Pyodide's Python: code keeps its column ranges")
    suffix = "-py3-none-any.whl"
    if not name.endswith(suffix):
        raise ValueError(f"{name} is not a pure py3-none-any wheel")
    tag = f"cp{sys.version_info[0]}{sys.version_info[1]}-none-any"
    src = zipfile.ZipFile(path)
    entries: list[tuple[str, bytes]] = []
    record = None
    for info in src.infolist():
        body = src.read(info)
        if info.filename.endswith(".dist-info/RECORD"):
            record = info.filename
            continue
        if info.filename.endswith(".dist-info/WHEEL"):
            body = body.replace(b"Tag: py3-none-any", f"Tag: {tag}".encode())
        elif info.filename.endswith(".py"):
            tree = without_docstrings(ast.parse(body, info.filename))
            code = compile(tree, info.filename, "exec", dont_inherit=True, optimize=0)
            body = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(body), False))
            entries.append((info.filename[:-3] + ".pyc", body))
            continue
        entries.append((info.filename, body))
    if record is None:
        raise ValueError(f"{name} has no RECORD")
    lines = []
    for filename, body in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
        lines.append(f"{filename},sha256={digest},{len(body)}")
    lines.append(f"{record},,")
    entries.append((record, ("\\n".join(lines) + "\\n").encode()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for filename, body in entries:
            info = zipfile.ZipInfo(filename, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            dst.writestr(info, body, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return out.getvalue(), name[: -len(suffix)] + f"-{tag}.whl"
`;

async function main([input, outDir]) {
  if (!input || !outDir) {
    console.error("usage: node interactive/pycompile.mjs <in.whl> <out-dir>");
    return 2;
  }
  globalThis.fetch = async (url) => {
    throw new Error(`compiling needs no network, yet something tried to fetch ${url}`);
  };
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR + path.sep,
    packages: [],
    env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
  });
  pyodide.runPython(COMPILE);
  pyodide.FS.writeFile("/input.whl", new Uint8Array(readFileSync(input)));
  const result = pyodide.globals.get("compile_wheel")("/input.whl", path.basename(input));
  const [bytes, name] = result.toJs();
  result.destroy();
  mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, name);
  writeFileSync(target, bytes);
  console.log(target);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((err) => {
  console.error(`interactive/pycompile.mjs: ${err.message ?? err}`);
  return 1;
});
