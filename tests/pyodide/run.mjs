#!/usr/bin/env node
// node tests/pyodide/run.mjs <wheel> <script.py> [args...]
//
// Runs <script.py> inside Pyodide (from node_modules, offline) with the
// stytvolt wheel installed, as `python <script.py> [args...]` would: its
// stdout/stderr are passed through and its exit status (SystemExit code, or 1
// with the traceback on stderr for an uncaught exception) is this process's.
// The work is in ./loader.mjs.
import { main } from "./loader.mjs";

await main(process.argv.slice(2), { name: "tests/pyodide/run.mjs" });
