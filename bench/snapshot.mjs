#!/usr/bin/env node
// node bench/snapshot.mjs <wheel> [runs]
//
// Would Pyodide's memory snapshot cut the engine's start ("starting Python", then importing the
// rules)?  In Node, with the site's Pyodide: the start as the site does it (loadPyodide, then the
// wheel installed and stytvolt.web imported), against a start from a memory snapshot taken right
// after that import (loadPyodide's private _makeSnapshot/_loadSnapshot options: Pyodide marks them
// internal, so this is an experiment, not something the site relies on).  Prints medians and the
// snapshot's size, raw and gzipped (what a reader would have to download instead).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const [wheelPath, runsArg] = process.argv.slice(2);
if (!wheelPath) {
  console.error("usage: node bench/snapshot.mjs <wheel> [runs]");
  process.exit(2);
}
const runs = Number(runsArg || 5);
const require = createRequire(import.meta.url);
const indexURL = dirname(require.resolve("pyodide/package.json")) + "/";
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
const wheel = new Uint8Array(readFileSync(wheelPath));

async function install(pyodide) {
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: site });
  pyodide.runPython("import importlib; importlib.invalidate_caches(); import stytvolt.web; from stytvolt.web import handle");
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const plain = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL, packages: [], stdout: () => {}, stderr: () => {} });
  await install(pyodide);
  plain.push(performance.now() - t0);
}

const maker = await loadPyodide({ indexURL, packages: [], _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
await install(maker);
const snapshot = maker.makeMemorySnapshot();

const restored = [];
let answer = "";
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL, packages: [], _loadSnapshot: snapshot, stdout: () => {}, stderr: () => {} });
  answer = pyodide.runPython(`from stytvolt.web import handle
import json
json.dumps(handle({"widget": "trick", "params": {"cards": "H2"}})["ok"])`);
  restored.push(performance.now() - t0);
}

const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
console.log(`Pyodide ${require("pyodide/package.json").version} in Node ${process.version}; ${runs} runs each, medians`);
console.log(`  start, then install the wheel and import stytvolt.web   ${median(plain).toFixed(0)} ms`);
console.log(`  start from a memory snapshot taken after that import    ${median(restored).toFixed(0)} ms (answers: ${answer})`);
console.log(`  ratio snapshot / plain: ${(median(restored) / median(plain)).toFixed(2)}`);
console.log(`  snapshot size: ${mb(snapshot.byteLength)} raw, ${mb(gzipSync(snapshot, { level: 6 }).byteLength)} gzipped` +
  ` (python_stdlib.zip, which it would not replace, is ${mb(readFileSync(join(indexURL, "python_stdlib.zip")).byteLength)})`);
