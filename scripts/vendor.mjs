// Copy the files the browser needs from node_modules into web/vendor/ (git-ignored).
// Run by `npm install` / `npm ci` as the postinstall step, so a fresh clone gets them
// without committing ~15 MB of generated files. Safe to run again at any time.
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vendor = join(root, "web", "vendor");

// The five files Pyodide's loader fetches when no packages are requested.
const PYODIDE_FILES = [
  "pyodide.mjs",
  "pyodide.asm.mjs",
  "pyodide.asm.wasm",
  "python_stdlib.zip",
  "pyodide-lock.json",
];

function sizeOf(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = sizeOf(path);
      files += sub.files;
      bytes += sub.bytes;
    } else {
      files += 1;
      bytes += statSync(path).size;
    }
  }
  return { files, bytes };
}

// Start from empty targets: PyScript's chunk names are hashed, so an upgrade
// would otherwise leave stale chunks behind.
const pyodideOut = join(vendor, "pyodide");
const pyscriptOut = join(vendor, "pyscript");
rmSync(pyodideOut, { recursive: true, force: true });
rmSync(pyscriptOut, { recursive: true, force: true });
mkdirSync(pyodideOut, { recursive: true });

const pyodideSrc = join(root, "node_modules", "pyodide");
for (const name of PYODIDE_FILES) {
  // cpSync throws if a file is missing, which is what we want: fail the install loudly.
  cpSync(join(pyodideSrc, name), join(pyodideOut, name));
}

const pyscriptSrc = join(root, "node_modules", "@pyscript", "core", "dist");
cpSync(pyscriptSrc, pyscriptOut, {
  recursive: true,
  filter: (src) => !src.endsWith(".map"), // source maps are ~3x the code and unused
});

const { files, bytes } = sizeOf(vendor);
console.log(
  `vendor: ${files} files, ${bytes} bytes (${(bytes / 1e6).toFixed(1)} MB) in ${relative(root, vendor)}/`,
);
