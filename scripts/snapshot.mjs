// Make the memory snapshot the pages restore instead of starting Python cold
// (web/start/pyodide.mjs): the vendored Pyodide started in Node, the files of pyscript.json
// written where PyScript writes them, every module of them imported that can be imported
// outside a browser (web/browser/dom.py and web/main.py need `pyscript`), and the whole heap saved.
//
//   node scripts/snapshot.mjs      (scripts/vendor.mjs runs it after copying Pyodide)
//
// Writes web/vendor/snapshot/<name>-<maker>.gz (gzip: the browser unpacks it with
// DecompressionStream), web/vendor/snapshot/<name>-<maker>.files and
// web/vendor/snapshot/snapshot.json: { name, file, bundle, sha256, unpackedSha256, files, bytes,
// page, runs, modules }: the .gz holds only the pages that are not all zeros, `runs` says where
// they go ([first page, count] each), `bytes` is the whole snapshot's length, `sha256` the hash
// of the .gz as written, which the page checks before restoring it, and `unpackedSha256` the
// hash of the pages it holds, unpacked, which the page checks before restoring the copy it
// keeps unpacked (web/start/unpacked.mjs). The .files (`bundle`) holds
// every file of pyscript.json's start_files in one answer, as the service worker answers
// web/start/files: a first visit fetches it instead of a hundred files one by one.
// The name is a hash of every file the snapshot holds or depends on: the Pyodide build, the
// standard library, pyscript.json and each file it lists. The page hashes the same files as
// it is about to run them and restores only when it gets the same name.
//
// Made the same, byte for byte, on every machine from the same files (see fixedRandom
// below); the page sets time zone, language and `random` again anyway.
import nodeCrypto, { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "web", "vendor", "snapshot");
const HOME = "/home/pyodide"; // Pyodide's working folder, where PyScript writes [files]
const PAGE = 65536; // a WebAssembly memory page

// The runtime files the snapshot must match byte for byte: pyodide.mjs, which carries the
// build's id (Pyodide refuses a snapshot of another build, and pyodide.asm.mjs and .wasm of
// another version; hashing their 11 MB on every start would add nothing but time), and the
// standard library zip, which the restored import system reads by offsets it remembers.
const RUNTIME = ["pyodide.mjs", "python_stdlib.zip"].map((name) => `web/vendor/pyodide/${name}`);

// Standard modules PyScript's own Python (its `pyscript` package, written and imported on
// every start, after Python is handed over) imports and the game's modules do not: imported
// here, so that a restored start does not. Found by listing what that package imports
// against what the snapshot already holds; `html` pulls in `html.entities`, about 130 ms in
// Node. A module PyScript no longer imports costs only its memory here.
const FOR_PYSCRIPT = ["html"];

/** The name: web/start/files.mjs computes it the same way, from the same list. */
function nameOf(urls, read) {
  const hash = createHash("sha256");
  for (const url of urls) {
    hash.update(`${url}\0`);
    hash.update(createHash("sha256").update(read(url)).digest());
  }
  return hash.digest("hex").slice(0, 16);
}

// What the maker's machine would otherwise put into the heap, so that two installs of one
// commit differ (every player then fetches the whole snapshot again after a deploy):
// - randomness: Python's str hash key, the allocator's key and `random`'s first seed all
//   come from Emscripten's randomFillSync, here a fixed stream for as long as the snapshot is
//   made. They are no secret either way: every player downloads the same snapshot, and the
//   page seeds `random` again from the browser (web/start/refresh.mjs).
// - the program's name: Node's would be this script's path; a browser's is ./this.program.
// - the clock: Python's and the allocator's readings of it (the allocator seeds its own key
//   from it) and the file system's dates. The clock reads FIXED_TIME, a millisecond later at
//   every reading, and every file and folder is dated FIXED_TIME before the imports, so the
//   import system's remembered folder dates are the same on every machine.
const PROGRAM = "./this.program";
const clock = Date.now; // the real one, for the time the making took
const FIXED_TIME = 0;

/** randomFillSync from a SHA-256 counter stream: the same bytes on every run. */
function fixedRandom() {
  let counter = 0;
  let left = Buffer.alloc(0);
  return (view) => {
    const out = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let at = 0; at < out.length; ) {
      if (!left.length) left = createHash("sha256").update(`attika snapshot ${counter++}`).digest();
      const take = Math.min(left.length, out.length - at);
      out.set(left.subarray(0, take), at);
      left = left.subarray(take);
      at += take;
    }
    return view;
  };
}

/** Date every file and folder of Pyodide's file system FIXED_TIME (not /dev, /proc). */
function fixDates(FS, path = "/") {
  for (const name of FS.readdir(path)) {
    if (name === "." || name === "..") continue;
    const full = path === "/" ? `/${name}` : `${path}/${name}`;
    if (full === "/dev" || full === "/proc") continue;
    const { mode } = FS.lstat(full);
    if (FS.isDir(mode)) fixDates(FS, full);
    if (!FS.isLink(mode)) FS.utime(full, FIXED_TIME, FIXED_TIME);
  }
}

/** Files in one answer, as sw.js answers web/start/files: a line of JSON, [[url, length],
 * ...], then the files one after another (web/start/files.mjs: split). */
function bundled(pairs) {
  const head = JSON.stringify(pairs.map(([url, bytes]) => [url, bytes.length]));
  return Buffer.concat([Buffer.from(`${head}\n`), ...pairs.map(([, bytes]) => bytes)]);
}

/** Python module name of a file PyScript writes at `path` ("./attika/x.py" -> attika.x). */
function moduleOf(path) {
  const parts = path.replace(/^\.\//, "").replace(/\.py$/, "").split("/");
  if (parts.at(-1) === "__init__") parts.pop();
  return parts.join(".");
}

export async function makeSnapshot() {
  const started = clock();
  const config = JSON.parse(readFileSync(join(root, "pyscript.json"), "utf8"));
  const files = Object.entries(config.start_files).map(([url, path]) => [
    url.replace(/^\.\//, ""),
    path,
  ]);
  const urls = [...RUNTIME, "pyscript.json", ...files.map(([url]) => url)];
  const read = (url) => readFileSync(join(root, url));
  const name = nameOf(urls, read);
  const manifestPath = join(out, "snapshot.json");
  // made again only when what it holds or how it is made has changed
  const maker = createHash("sha256").update(readFileSync(fileURLToPath(import.meta.url))).digest("hex");
  // the file's name adds the maker's hash: a snapshot made another way is another file
  const file = `${name}-${maker.slice(0, 8)}.gz`;
  const bundle = `${name}-${maker.slice(0, 8)}.files`;
  if (existsSync(join(out, file)) && existsSync(join(out, bundle)) && existsSync(manifestPath)) {
    const made = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (made.file === file && made.bundle === bundle) {
      console.log(`snapshot: ${file} is up to date`);
      return made;
    }
  }
  rmSync(out, { recursive: true, force: true });

  const { loadPyodide } = await import(
    pathToFileURL(join(root, "web", "vendor", "pyodide", "pyodide.mjs")).href
  );
  process.env.TZ = "UTC"; // the time zone too is kept in the heap: the same on every machine
  // until the heap is saved: fixed randomness and a fixed clock (see fixedRandom)
  const [randomFill, dateNow, perfNow] = [nodeCrypto.randomFillSync, Date.now, performance.now];
  nodeCrypto.randomFillSync = fixedRandom();
  let tick = 0;
  Date.now = () => FIXED_TIME * 1000 + ++tick; // a millisecond a reading, from the same start
  performance.now = () => tick;
  try {
    return await make(loadPyodide, { name, file, bundle, urls, files, read, manifestPath, started });
  } finally {
    [nodeCrypto.randomFillSync, Date.now, performance.now] = [randomFill, dateNow, perfNow];
  }
}

async function make(loadPyodide, { name, file, bundle, urls, files, read, manifestPath, started }) {
  const pyodide = await loadPyodide({ _makeSnapshot: true, _sysExecutable: PROGRAM });
  for (const [url, path] of files) {
    const target = `${HOME}/${path.replace(/^\.\//, "")}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, read(url));
  }
  fixDates(pyodide.FS);
  const modules = files.filter(([, path]) => path.endsWith(".py")).map(([, p]) => moduleOf(p));
  // Imported in a function so that nothing but sys.modules keeps what it made; a module
  // that needs the browser fails here (ImportError for `pyscript`, or anything else it
  // raises outside a page) and is imported from its file at run time instead.
  pyodide.globals.set("_wanted", pyodide.toPy(modules));
  const imported = pyodide
    .runPython(
      `
def _load(wanted):
    import gc, importlib, os, sys
    # and what web/start/pyodide.mjs runs right after a restore
    import _locale, importlib.machinery, importlib.util, random
    os.chdir(${JSON.stringify(HOME)})
    for name in ${JSON.stringify(FOR_PYSCRIPT)}:
        importlib.import_module(name)
    done = []
    for name in wanted:
        try:
            importlib.import_module(name)
        except Exception:
            sys.modules.pop(name, None)
            continue
        done.append(name)
    gc.collect()
    return done
_done = _load(_wanted)
del _load, _wanted
_done
`,
    )
    .toJs();
  pyodide.runPython("del _done");
  const raw = pyodide.makeMemorySnapshot();
  // Half the heap's 64 KiB pages are all zeros: only the others are stored, with the runs
  // of pages they fill, so the page unpacks 16 MB instead of 31 (the rest it leaves zero).
  const runs = [];
  const parts = [];
  for (let page = 0; page * PAGE < raw.length; page++) {
    const bytes = raw.subarray(page * PAGE, Math.min((page + 1) * PAGE, raw.length));
    if (bytes.every((b) => b === 0)) continue;
    parts.push(bytes);
    const last = runs.at(-1);
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  const pages = Buffer.concat(parts);
  const packed = gzipSync(pages, { level: 6 }); // 9: 3 times as long, 0.7% less
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, file), packed);
  writeFileSync(join(out, bundle), bundled(files.map(([url]) => [url, read(url)])));
  // the page checks the packed bytes against this before it lets Pyodide restore them
  const sha256 = createHash("sha256").update(packed).digest("hex");
  // ... and the copy of its pages it keeps unpacked against this (web/start/unpacked.mjs)
  const unpackedSha256 = createHash("sha256").update(pages).digest("hex");
  const manifest = { name, file, bundle, sha256, unpackedSha256, files: urls, bytes: raw.length, page: PAGE, runs, modules: imported };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 1)}\n`);
  const left = modules.filter((m) => !imported.includes(m));
  console.log(
    `snapshot: ${file}, ${(packed.length / 1e6).toFixed(1)} MB (${(raw.length / 1e6).toFixed(1)} MB` +
      ` unpacked), ${imported.length} modules in it, left to start: ${left.join(", ") || "none"}` +
      ` (${((clock() - started) / 1000).toFixed(1)} s)`,
  );
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await makeSnapshot();
}
