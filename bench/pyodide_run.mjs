// Run one Python script under Pyodide in Node.js, as `python SCRIPT ARGS...` would:
//   node bench/pyodide_run.mjs path/to/script.py [args...]
// For benchmarks that run the same workload under CPython and Pyodide. The repository is
// mounted and on sys.path, SCRIPT is relative to the current folder, sys.argv is
// [SCRIPT, *args], stdout/stderr pass straight through and the exit status is the
// script's. Our own diagnostics (load time) go to stderr only, so stdout stays parseable.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { runMain, startPyodide, toPyodidePath } from "../tests/pyodide/pyodide_node.mjs";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node bench/pyodide_run.mjs path/to/script.py [args...]");
  process.exit(2);
}
if (!statSync(resolve(script), { throwIfNoEntry: false })?.isFile()) {
  console.error(`pyodide_run.mjs: can't open file '${script}'`);
  process.exit(2);
}

const pyodide = await startPyodide();
// Map the current folder too, so relative paths in args mean what they mean to CPython.
const cwd = toPyodidePath(pyodide, process.cwd());
const code = runMain(pyodide, toPyodidePath(pyodide, script), [script, ...args], cwd);
process.exitCode = code; // not exit(): lets Node finish writing stdout first
