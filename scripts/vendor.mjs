// Copy the files the browser needs from node_modules into web/vendor/ (git-ignored).
// Run by `npm install` / `npm ci` as the postinstall step, so a fresh clone gets them
// without committing ~15 MB of generated files. Safe to run again at any time.
// Then make the snapshot the pages restore Python from (scripts/snapshot.mjs), and
// write web/vendor/precache.js: the list of files the service worker (sw.js) keeps
// for offline play, and a version that is a hash of their content.
import { createHash } from "node:crypto";
import {
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, sep } from "node:path";
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
const PRECACHE = join(vendor, "precache.js"); // written last, from what is there then
rmSync(PRECACHE, { force: true });
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

// The memory snapshot of Python with the game's modules imported (web/vendor/snapshot/),
// made from the Pyodide just copied, so the two always match. In UTC, so that what it holds
// of the maker's clock is the same on every machine (the page sets its own time zone again).
process.env.TZ = "UTC";
const { makeSnapshot } = await import("./snapshot.mjs");
await makeSnapshot();

// The libraries of own-device play (web/vendor/peer/): Trystero bundled, the QR coder and reader.
await import("./peer_vendor.mjs");

const { files, bytes } = sizeOf(vendor);
console.log(
  `vendor: ${files} files, ${bytes} bytes (${(bytes / 1e6).toFixed(1)} MB) in ${relative(root, vendor)}/`,
);

// -- the service worker's precache list -------------------------------------------------
// Every file the page may fetch from its own host: the vendored runtime (all of it) and the
// project's own files, found by pattern so that a new web/*.py is picked up without an edit
// here. URLs are relative to the site root, where sw.js lives. The version is a hash of the
// paths and contents, so any change gives the service worker a new cache (see sw.js).
const OWN = [
  // [folder, test on the file name]; folders are not searched below themselves
  [".", (name) => ["index.html", "join.html", "embed.html", "rules.html", "editor.html", "pyscript.json", "manifest.webmanifest"].includes(name)],
  ["scenarios", (name) => name.endsWith(".json")],
  ["web", (name) => /\.(py|js|css)$/.test(name)],
  ["web/start", (name) => name.endsWith(".mjs")],
  ["web/peer", (name) => name.endsWith(".js")],
  ["web/svg", () => true],
  ["web/previews", (name) => /\.(json|svg)$/.test(name)],
  ["web/i18n", () => true],
  ["web/data", () => true],
  ["web/icons", (name) => name.endsWith(".png")],
  ["attika", (name) => name.endsWith(".py")],
  ["attika/data", (name) => name.endsWith(".json")],
];

function filesIn(dir, test) {
  const full = join(root, dir);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return []; // a folder that does not exist yet (no icons made, say) adds nothing
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith(".") && test(e.name))
    .map((e) => join(full, e.name));
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

// And every file PyScript fetches for the pages: pyscript.json lists them (written from
// pyscript.toml by scripts/install.sh just before this runs), so a file shipped from a new
// folder is kept offline too, whatever the patterns above say.
const CONFIG = join(root, "pyscript.json");
let shipped;
try {
  shipped = Object.keys(JSON.parse(readFileSync(CONFIG, "utf8")).start_files);
} catch (error) {
  throw new Error(
    `pyscript.json is missing or unreadable (${error.message}): bash scripts/install.sh ` +
      "writes it from pyscript.toml before npm runs",
  );
}
const paths = [
  ...OWN.flatMap(([dir, test]) => filesIn(dir, test)),
  ...shipped.map((url) => join(root, url)),
  // not the snapshot's .files: the worker answers web/start/files from the files themselves
  ...walk(vendor).filter((path) => !path.endsWith(".files")),
];
const urls = [...new Set(paths.map((path) => relative(root, path).split(sep).join("/")))].sort();
const hash = createHash("sha256");
for (const url of urls) {
  hash.update(`${url}\0`);
  hash.update(createHash("sha256").update(readFileSync(join(root, url))).digest());
}
const version = hash.digest("hex").slice(0, 16);
writeFileSync(
  PRECACHE,
  "// Written by scripts/vendor.mjs; do not edit. Read by sw.js (importScripts).\n" +
    `self.ATTIKA_PRECACHE = ${JSON.stringify({ version, files: urls }, null, 1)};\n`,
);
console.log(`precache: ${urls.length} files, version ${version} in ${relative(root, PRECACHE)}`);
