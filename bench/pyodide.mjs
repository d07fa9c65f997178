#!/usr/bin/env node
// node bench/pyodide.mjs <wheel> <bench-script.py> [args...]
//
// Runs a benchmark script inside Pyodide with the stytvolt wheel installed,
// exactly as tests/pyodide/run.mjs runs a script (same loader), and reports on
// stderr how long Pyodide took to start and the script took to run.
import { main } from "../tests/pyodide/loader.mjs";

await main(process.argv.slice(2), { name: "bench/pyodide.mjs", timing: true });
