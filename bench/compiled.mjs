#!/usr/bin/env node
// node bench/compiled.mjs <source-wheel> <compiled-wheel> [runs]
//
// What compiling the wheel to Pyodide's bytecode (interactive/pycompile.mjs) gives a reader, in one
// run: the built wheel (`…-py3-none-any.whl`, sources) against the copy the site carries
// (`…-cp3XY-none-any.whl`, bytecode), each in a fresh Pyodide under Node, the two taking turns.
// Timed after Python has started, as a page's worker does it:
//   install      the wheel unpacked into site-packages
//   first answer stytvolt.web imported and the Brus play page's first widget answered
//   warm-up      every module a later page may need imported (web.warm_step to the end, as the worker
//                does before it keeps its memory snapshot)
// Prints medians, the ratios, and the wheels' sizes.  `make wheel` writes both wheels.
import { readFileSync, statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createRequire } from "node:module";
import { dirname, join, basename } from "node:path";

const [sourcePath, compiledPath, runsArg] = process.argv.slice(2);
if (!sourcePath || !compiledPath) {
  console.error("usage: node bench/compiled.mjs <source-wheel> <compiled-wheel> [runs]");
  process.exit(2);
}
const runs = Number(runsArg || 5);
const require = createRequire(import.meta.url);
const indexURL = dirname(require.resolve("pyodide/package.json")) + "/";
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
globalThis.fetch = async (url) => {
  throw new Error(`no network in this bench (tried ${url})`);
};

// The first widget of /brus/play/, as the page asks for it.
const REQUEST = JSON.stringify({ game: "brus", widget: "trick", params: { plays: "S9 C9", hand: "HA SA D7 CK HK" } });

async function once(path) {
  const wheel = new Uint8Array(readFileSync(path));
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  const t0 = performance.now();
  pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const t1 = performance.now();
  pyodide.globals.set("REQUEST", REQUEST);
  const ok = pyodide.runPython("import json\nfrom stytvolt.web import handle_json\njson.loads(handle_json(REQUEST))['ok']");
  const t2 = performance.now();
  if (!ok) throw new Error(`the Brus widget refused ${REQUEST}`);
  pyodide.runPython("from stytvolt.web import warm_step\nwhile warm_step(): pass");
  const t3 = performance.now();
  return { install: t1 - t0, answer: t2 - t1, warm: t3 - t2 };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const results = { source: [], compiled: [] };
for (let i = 0; i < runs; i++) {
  const order = i % 2 === 0 ? ["source", "compiled"] : ["compiled", "source"];
  for (const which of order) results[which].push(await once(which === "source" ? sourcePath : compiledPath));
}
const fmt = (ms) => `${ms.toFixed(0).padStart(5)} ms`;
console.log(`Pyodide ${require("pyodide/package.json").version} in Node ${process.version}; ${runs} runs each, taking turns; medians`);
for (const [which, path] of [["source", sourcePath], ["compiled", compiledPath]]) {
  const r = results[which];
  console.log(`  ${which.padEnd(8)} ${basename(path)} (${(statSync(path).size / 1e3).toFixed(0)} kB): ` +
    `install ${fmt(median(r.map((x) => x.install)))}, first answer ${fmt(median(r.map((x) => x.answer)))}, ` +
    `install + first answer ${fmt(median(r.map((x) => x.install + x.answer)))}, warm-up ${fmt(median(r.map((x) => x.warm)))}`);
}
const ratio = (key) => (median(results.source.map(key)) / median(results.compiled.map(key))).toFixed(2);
console.log(`  compiled is faster by: install + first answer ${ratio((x) => x.install + x.answer)}x, ` +
  `warm-up ${ratio((x) => x.warm)}x`);
