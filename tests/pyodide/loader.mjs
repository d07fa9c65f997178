// Load Pyodide from this repo's node_modules (never from a CDN), install a
// stytvolt wheel into it, and run a Python script in it as `python script.py`
// would.  Used by tests/pyodide/run.mjs (the tests) and bench/pyodide.mjs.
//
//   import { loadWithWheel, runScript } from "./loader.mjs";
//   const pyodide = await loadWithWheel("build/wheel/stytvolt-0.1.0-py3-none-any.whl");
//   const status = await runScript(pyodide, "tests/pyodide/checks.py", []);
//
// How the wheel gets in: the wheel file is read with node:fs and unpacked by
// `pyodide.unpackArchive(bytes, "wheel", { extractDir: <site-packages> })`.
// (`pyodide.loadPackage("file:///abs/path.whl")` works too in Node with this
// Pyodide, but unpacking is synchronous, does no URL or lock-file resolution,
// and so cannot reach for the network.)  The bytes must be handed over as a
// Uint8Array: a Node Buffer makes unpackArchive fail with
// "Unknown typed array type 'Buffer'".
//
// Offline: globalThis.fetch is replaced by one that throws, so if anything in
// Pyodide ever tries to download (a package missing from node_modules, a CDN
// fallback) the run fails loudly instead of quietly depending on the network.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, "..", "..");
export const PYODIDE_DIR = path.join(REPO_ROOT, "node_modules", "pyodide");

/** A problem with the machine's setup rather than with the Python code. */
export class SetupError extends Error {}

function readJson(file) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Check node_modules/pyodide is there and is the version package.json pins. */
export function checkPyodideInstalled() {
  const installed = path.join(PYODIDE_DIR, "package.json");
  if (!existsSync(installed) || !existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
    throw new SetupError(
      `Pyodide is not installed (${PYODIDE_DIR} is missing): run \`make setup\` ` +
        "(it runs `npm ci` from package-lock.json).",
    );
  }
  const want = readJson(path.join(REPO_ROOT, "package.json")).devDependencies?.pyodide;
  const have = readJson(installed).version;
  if (want && have !== want) {
    throw new SetupError(
      `node_modules has pyodide ${have} but package.json pins ${want}: run \`make setup\`.`,
    );
  }
  return have;
}

function blockNetwork() {
  if (globalThis.fetch?.stytvoltBlocked) return;
  const blocked = async (input) => {
    const url = typeof input === "string" ? input : (input?.url ?? String(input));
    throw new Error(
      `network access is blocked in the stytvolt Pyodide runner (tried to fetch ${url}); ` +
        "everything must come from node_modules/pyodide and the local wheel",
    );
  };
  blocked.stytvoltBlocked = true;
  globalThis.fetch = blocked;
}

/** A Pyodide stdout/stderr handler that passes the bytes through unchanged. */
function byteWriter(stream) {
  return {
    isatty: false,
    write(buffer) {
      // `buffer` is a view into Pyodide's memory: Buffer.from copies it.
      stream.write(Buffer.from(buffer));
      return buffer.length;
    },
  };
}

function isPureWheel(file) {
  return /^[A-Za-z0-9_.]+-[^-]+(-\d[^-]*)?-[^-]+-none-any\.whl$/.test(path.basename(file));
}

/**
 * Start Pyodide from node_modules/pyodide and install the wheel at `wheelPath`.
 * stdout/stderr of Python go byte for byte to this process's stdout/stderr
 * unless `options.stdout` / `options.stderr` (Pyodide handlers) say otherwise.
 * Environment variables named STYTVOLT_* are passed into Python's os.environ.
 */
export async function loadWithWheel(wheelPath, options = {}) {
  const wheel = path.resolve(wheelPath);
  if (!existsSync(wheel)) throw new SetupError(`no such wheel: ${wheel}`);
  if (!isPureWheel(wheel)) {
    throw new SetupError(
      `${path.basename(wheel)} is not a pure-Python wheel (*-none-any.whl); ` +
        "this runner only installs pure wheels",
    );
  }
  checkPyodideInstalled();
  blockNetwork();
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const indexURL = PYODIDE_DIR + path.sep;
  const env = { HOME: "/home/pyodide" };
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("STYTVOLT_")) env[key] = value;
  }
  const pyodide = await loadPyodide({ indexURL, packageCacheDir: indexURL, env });
  pyodide.setStdout(options.stdout ?? byteWriter(process.stdout));
  pyodide.setStderr(options.stderr ?? byteWriter(process.stderr));

  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: sitePackages });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  return pyodide;
}

/** Make host directory `dir` visible at the same path inside Pyodide (NODEFS). */
function mountHostDir(pyodide, dir) {
  const FS = pyodide.FS;
  if (dir === path.parse(dir).root) return;
  const found = FS.analyzePath(dir);
  if (found.exists) {
    if (found.object?.mount?.type === FS.filesystems.NODEFS) return; // already under a mount
    let node = found.object;
    while (node && node.parent !== node) {
      if (node.mount?.type === FS.filesystems.NODEFS) return;
      node = node.parent;
    }
    if (FS.readdir(dir).length > 2) return; // an in-Pyodide directory (/lib, /home): leave it
  } else {
    FS.mkdirTree(dir);
  }
  pyodide.mountNodeFS(dir, dir);
}

// Runs the script the way `python script.py` does: sys.argv, sys.path[0] is the
// script's directory (never '' or the cwd, so `import stytvolt` finds the
// installed wheel, not a source tree), __name__ == "__main__", SystemExit gives
// the exit status, an uncaught exception prints its traceback (from the
// script's own frames on) and gives status 1.
//
// The script goes through pyodide.code.eval_code_async, the function behind
// pyodide.runPythonAsync (so top-level await works), but called from inside a
// Python coroutine: a SystemExit raised under a plain runPythonAsync escapes
// through Pyodide's event loop as an uncaught error in Node, killing the
// process with status 1 whatever the code was.
const DRIVER = `
import os
import sys
from pyodide.code import eval_code_async


def _exit_status(exc):
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


async def run(source, filename, args, cwd):
    sys.argv = [filename, *args]
    script_dir = os.path.dirname(filename)
    sys.path[:] = [script_dir] + [p for p in sys.path if p not in ("", script_dir)]
    try:
        os.chdir(cwd)
    except OSError:
        pass
    main = sys.modules["__main__"].__dict__
    main["__file__"] = filename
    main["__name__"] = "__main__"
    try:
        await eval_code_async(source, main, filename=filename, return_mode="none")
        status = 0
    except SystemExit as exc:
        status = _exit_status(exc)
    except BaseException as exc:
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != filename:
            tb = tb.tb_next
        sys.excepthook(type(exc), exc, tb)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    return status
`;

/**
 * Run the Python file `scriptPath` with `args` in `pyodide` as __main__;
 * resolves to its exit status.  The host's current directory and the script's
 * directory are mounted into Pyodide at their own paths, so relative paths and
 * sibling imports behave as in CPython.
 */
export async function runScript(pyodide, scriptPath, args = []) {
  const script = path.resolve(scriptPath);
  const source = readFileSync(script, "utf8");
  const cwd = process.cwd();
  for (const dir of [cwd, path.dirname(script)]) {
    try {
      mountHostDir(pyodide, dir);
    } catch (err) {
      process.stderr.write(`[pyodide runner] could not mount ${dir}: ${err}\n`);
    }
  }
  const ns = pyodide.globals.get("dict")();
  try {
    pyodide.runPython(DRIVER, { globals: ns, filename: "<stytvolt-pyodide-driver>" });
    const run = ns.get("run");
    try {
      const status = await run(source, script, pyodide.toPy(args), cwd);
      return Number(status);
    } finally {
      run.destroy();
    }
  } finally {
    ns.destroy();
  }
}

/** Exit with `code` once everything written to stdout/stderr has gone out. */
export function exitAfterFlush(code) {
  process.exitCode = code;
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

/**
 * The command line shared by tests/pyodide/run.mjs and bench/pyodide.mjs:
 * `node <runner> <wheel> <script.py> [args...]`.  With `timing`, the time to
 * start Pyodide and to run the script go to stderr.
 */
export async function main(argv, { name = "run.mjs", timing = false } = {}) {
  const [wheel, script, ...args] = argv;
  if (!wheel || !script) {
    process.stderr.write(`usage: node ${name} <wheel> <script.py> [args...]\n`);
    exitAfterFlush(2);
    return;
  }
  let status;
  try {
    const t0 = performance.now();
    const pyodide = await loadWithWheel(wheel);
    const t1 = performance.now();
    status = await runScript(pyodide, script, args);
    const t2 = performance.now();
    if (timing) {
      process.stderr.write(
        `[pyodide ${pyodide.version}] started in ${(t1 - t0).toFixed(0)} ms, ` +
          `${path.basename(script)} ran in ${(t2 - t1).toFixed(0)} ms (exit ${status})\n`,
      );
    }
  } catch (err) {
    // A PythonError's message is the Python traceback.
    const text = err instanceof SetupError ? err.message : (err?.message ?? String(err));
    process.stderr.write(`${name}: ${text}\n`);
    status = 1;
  }
  exitAfterFlush(status);
}
