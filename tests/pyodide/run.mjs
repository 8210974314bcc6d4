// Run the pure-Python tests under Pyodide (Python 3.14, as in the browser) in Node.js:
//   node tests/pyodide/run.mjs [DIR]      (or: npm run test:pyodide)
// DIR is relative to the repository root or absolute (default tests/core).
// Exit status 0 only if every test passed and at least one ran (see runner.py).
import { statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { REPO, REPO_MOUNT, runMain, startPyodide, toPyodidePath } from "./pyodide_node.mjs";

const args = process.argv.slice(2);
if (args.length > 1) {
  console.error("usage: node tests/pyodide/run.mjs [DIR]");
  process.exit(2);
}
const dir = args[0] ?? "tests/core";
const hostDir = isAbsolute(dir) ? dir : join(REPO, dir);
if (!statSync(hostDir, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`run.mjs: not a directory: ${hostDir}`);
  process.exit(2);
}

const pyodide = await startPyodide();
const runner = `${REPO_MOUNT}/tests/pyodide/runner.py`;
// exitCode, not exit(): lets Node finish writing stdout before it stops.
process.exitCode = runMain(pyodide, runner, [runner, toPyodidePath(pyodide, hostDir)]);
