// PyScript's interpreter module (pyscript.toml: `interpreter`): Pyodide's own loadPyodide,
// except that it restores Python from the memory snapshot made at install time
// (scripts/snapshot.mjs) when it can, instead of starting it cold (about 1.5 s less).
//
// The snapshot is restored only when all of this holds, else Python starts cold as before:
//   - it is at hand: kept unpacked from an earlier start (web/start/unpacked.mjs), or packed
//     by the service worker, the Cache API or the HTTP cache, whatever the network. Only
//     when it is not kept is the network measured, by the snapshot's own first megabyte; on
//     a line too slow to fetch its 7 MB in well under the time it saves, Python starts
//     cold, and the service worker keeps the snapshot for the next start. A worker
//     (web/start/snapshot-worker.mjs) reads, times, hashes and unpacks the packed one, so
//     that the page's busy main thread neither makes a fast line read as slow nor waits for
//     the inflating: Pyodide's own start-up runs beside it.
//   - its bytes are the ones the install step made: their SHA-256 is in snapshot.json, and
//     a snapshot changed on the host or in a cache starts cold and says so in the console.
//   - its name is the hash of the files the page is about to run (the Pyodide build, the
//     standard library, pyscript.json and every file it lists), worked out here from the
//     files as served: a module changed since the install step would otherwise stay old.
//   - Pyodide accepts it (the same build); any error in restoring starts cold instead.
// What the snapshot froze of the machine that made it is set again from this browser:
// `random`'s seed, the time zone, the environment and the locale (see refresh below).
//
// All of it begins when this module is imported (web/boot.js and web/attika-embed.js import
// it early), not when PyScript asks: by the time PyScript has loaded its core and read its
// configuration, Python is restored, its files written and its clock set, and loadPyodide
// hands it over. A cold start still waits for PyScript's options, as before. Pyodide's
// WebAssembly is compiled meanwhile too, from the start (withCompiled).
//
// <html data-python-start="snapshot|cold"> and, when cold, data-python-cold="why" tell
// the tests (and anyone curious) which way it went, and data-python-snapshot="packed|unpacked"
// which copy was restored; performance marks "attika:..." when.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { download, gameFiles } from "./files.mjs";
import { refresh } from "./refresh.mjs";
import { keepLater, lookUp, restoreKept } from "./unpacked.mjs";

export { version };

const PYODIDE = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../vendor/snapshot/", import.meta.url);
// Fetch the snapshot only on a line that brings its first megabyte at 4.5 kB per ms (36
// Mbit/s) or faster: the other 6 MB then take at most 1.3 s, about what a cold start costs
// more than a restore on a quiet machine (far more on a busy one, which also slows the
// reading of the probe: at 9 kB per ms a loaded machine judged its own loopback slow in one
// start of three). Slower than this, starting cold while the service worker fetches the
// snapshot behind the page is the quicker first visit.
const FAST_BYTES_PER_MS = 4500;
// How much of the snapshot itself measures the line, when it is not kept (see readSnapshot).
const PROBE_BYTES = 1 << 20;

// A start from the service worker's copy (an installed game, warm or offline): the worker
// keeps the snapshot with every other file, so Pyodide's own files (its WebAssembly, its
// python_stdlib.zip) begin to load at once, while the snapshot is chosen and unpacked.
const CONTROLLED = Boolean(globalThis.navigator?.serviceWorker?.controller);

// Pyodide's WebAssembly, compiled as soon as this module runs, on every start. Pyodide itself
// compiles it only once the snapshot is unpacked (it sizes the memory from the snapshot
// before it instantiates): 0.3-0.4 s of Firefox's start, and more on a busy machine, that
// now run beside the unpacking. One request: on the game page it is the one its
// `<link rel="preload">` already made, and Pyodide's own request for the file is answered
// with a stand-in (withCompiled), so a first visit does not download its 10 MB twice.
const WASM = new URL("pyodide.asm.wasm", PYODIDE).href;
const compiled = WebAssembly.compileStreaming(fetch(WASM, { credentials: "same-origin" }));
compiled.catch(() => {}); // Pyodide then fetches and compiles it itself, as before

/** `start` run with Pyodide's WebAssembly taken from `compiled`. While it runs, Pyodide's one
 * request for that file is answered with an empty stand-in once the module is compiled, and
 * its one WebAssembly.instantiateStreaming of that stand-in with the module compiled early.
 * Every other request and call goes to the browser's own; when the early compile failed,
 * Pyodide's request goes to the network, and a module that does not instantiate is fetched
 * and compiled again, as before. */
async function withCompiled(start) {
  const { fetch: fetching } = globalThis;
  const streaming = WebAssembly.instantiateStreaming;
  const standIns = new WeakSet();
  const standIn = () => {
    const headers = { "content-type": "application/wasm" };
    const response = new Response(new Uint8Array(0), { headers });
    standIns.add(response);
    return response;
  };
  globalThis.fetch = function (resource, options) {
    if (String(resource) !== WASM) return fetching.call(globalThis, resource, options);
    return compiled.then(standIn, () => fetching.call(globalThis, resource, options));
  };
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const response = await source;
    if (!standIns.has(response)) return streaming.call(WebAssembly, response, imports);
    const module = await compiled;
    try {
      return { module, instance: await WebAssembly.instantiate(module, imports) };
    } catch (_) {
      // not Pyodide's own build after all: its own file, as before
      return streaming.call(WebAssembly, fetching.call(globalThis, WASM), imports);
    }
  };
  try {
    return await start();
  } finally {
    globalThis.fetch = fetching;
    WebAssembly.instantiateStreaming = streaming;
  }
}

// The install step's account of the snapshot (scripts/snapshot.mjs), asked for at once.
const manifest = download(new URL("snapshot.json", SNAPSHOT).href).then((bytes) =>
  JSON.parse(new TextDecoder().decode(bytes)),
);
manifest.catch(() => {}); // a missing snapshot starts cold (choose), and files come one by one

// The game's own files, asked for at once: from the service worker's copy, all in one
// request; else (a first visit) from the install step's bundle, in one request too.
const { nameOf, writeFiles, arrived } = gameFiles({
  controlled: CONTROLLED,
  manifest,
  snapshotFolder: SNAPSHOT,
});

/** Settles once Pyodide's WebAssembly is in, to its last byte (or its compile has settled):
 * the page's one download of 10 MB, which it now makes at once on every page (`compiled`). */
const wasmIn = new Promise((resolve) => {
  compiled.then(resolve, resolve);
  if (typeof PerformanceObserver === "undefined") return;
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((e) => e.name === WASM)) return;
    observer.disconnect();
    resolve();
  }).observe({ type: "resource", buffered: true });
});

// The copy of the snapshot kept unpacked by an earlier start, looked up at once.
const keptCopy = lookUp(SNAPSHOT);
// How long after handing Python over a start that unpacked the packed snapshot keeps it
// unpacked for the next (web/start/unpacked.mjs): once the page has drawn.
const KEEP_AFTER_MS = 2500;

// The worker that reads the packed snapshot (readSnapshot, below): its own start-up (its
// script, through the service worker, and its isolate) overlaps the request for
// snapshot.json, which it needs first. Started with this module on a page the service worker
// does not control yet (a first visit, most likely: no copy kept, and the worker is on the
// way to the snapshot), else as soon as no copy kept unpacked is found.
let reader = null;
const worker = () =>
  (reader ||= new Worker(new URL("snapshot-worker.mjs", import.meta.url), { type: "module" }));
if (CONTROLLED) keptCopy.then((found) => found || worker());
else worker();
manifest.catch(() => keptCopy.then(() => reader?.terminate())); // no snapshot: nothing to read

/** What the probe found of the line on a first visit, for the console: "N bytes in M ms". */
let measured = "";

/** The snapshot read by a worker of its own (web/start/snapshot-worker.mjs), which fetches,
 * hashes and unpacks it off this thread: { source, digest, heap }, promises of where it came
 * from ("kept", "network", or null when the line is too slow and Python should start cold),
 * of the SHA-256 of its packed bytes and of the unpacked heap. A kept snapshot is read
 * whatever the network; else the worker waits until the page's own big downloads are in,
 * Pyodide's WebAssembly (10 MB) and the game's files (a megabyte, on a first visit), so as
 * not to share the line with them, and then times the snapshot's own first megabyte: the
 * few small files loaded before it take a round trip each whatever the line, and WebKit
 * tells no transfer sizes for module scripts. (Timed while the game's files still came in,
 * an embed's first "Try it" read a line of 8 MB/s as slow, and started cold.) */
function readSnapshot(url, { bytes, page, runs }) {
  const reading = worker();
  const settle = {};
  const [source, digest, heap] = ["source", "digest", "heap"].map(
    (key) =>
      new Promise((resolve, reject) => {
        settle[key] = { resolve, reject, done: false };
      }),
  );
  const give = (key, value) => {
    settle[key].done = true;
    settle[key].resolve(value);
    if (settle.digest.done && settle.heap.done) reading.terminate();
  };
  const fail = (error) => {
    reading.terminate();
    for (const key of ["source", "digest", "heap"]) {
      if (!settle[key].done) settle[key].reject(error);
      settle[key].done = true;
    }
  };
  reading.addEventListener("message", async ({ data }) => {
    if (data.error) {
      fail(new Error(data.error));
    } else if (data.kept === true) {
      give("source", "kept");
    } else if (data.kept === false) {
      await Promise.all([wasmIn, arrived]);
      reading.postMessage({ probeBytes: PROBE_BYTES, fastBytesPerMs: FAST_BYTES_PER_MS });
    } else if (data.verdict) {
      const { fast, bytes: got, ms, at } = data.verdict;
      measured = `${got} bytes in ${Math.round(ms)} ms`;
      const start = Math.max(0, at - performance.timeOrigin);
      performance.measure("attika:probe", { start, duration: ms, detail: { fast, bytes: got } });
      give("source", fast ? "network" : null);
      if (!fast) fail(new Error(`the network is slow (${measured})`)); // the worker has stopped
    } else if (data.digest) {
      give("digest", data.digest);
    } else if (data.heap) {
      give("heap", new Uint8Array(data.heap));
    }
  });
  reading.addEventListener("error", (event) => {
    event.preventDefault();
    fail(new Error(`snapshot worker: ${event.message || "it did not start"}`));
  });
  reading.postMessage({ url, controlled: CONTROLLED, layout: { bytes, page, runs } });
  for (const promise of [source, digest, heap]) promise.catch(() => {}); // awaited below
  return { source, digest, heap };
}

/** Why Python starts cold after all, when the snapshot's name or its bytes let it down. */
class Cold extends Error {}

/** The files as served, hashed for the snapshot's name: a promise that marks when done. */
function hashed(made) {
  const name = nameOf(made.files, made.file).finally(() => performance.mark("attika:hashed"));
  name.catch(() => {}); // awaited only for a snapshot whose bytes are right
  return name;
}

/** { snapshot, made, unpacked } to restore, or { cold: why }. `snapshot` is a promise of the
 * unpacked heap that refuses (with a Cold) when the files as served are not the snapshot's:
 * Pyodide is started with it at once and waits for it only where it needs the heap, so its
 * own module loads meanwhile. `unpacked`: it is the copy an earlier start kept unpacked.
 * Begun at import, before PyScript asks: on a page that starts Python at once, web/boot.js
 * imports this module as early as it can. */
async function choose() {
  const made = await manifest.catch(() => null);
  if (!made) return { cold: "no snapshot made (run the install step)" };
  const url = new URL(made.file, SNAPSHOT).href;
  if (!/^[0-9a-f]{64}$/.test(String(made.sha256))) {
    reader?.terminate();
    return { cold: "snapshot.json names no hash of the snapshot (run the install step)" };
  }
  const found = await keptCopy;
  if (found) {
    const name = hashed(made);
    const heap = await restoreKept(found, made, SNAPSHOT);
    if (heap) {
      reader?.terminate(); // started for nothing
      performance.mark("attika:unpacked");
      const snapshot = name.then((served) => {
        if (served !== made.name) throw new Cold(`files changed since the snapshot (${served})`);
        return heap;
      });
      snapshot.catch(() => {}); // as below
      return { snapshot, made, unpacked: true };
    }
  }
  const read = readSnapshot(url, made);
  if (!(await read.source)) {
    return { cold: `snapshot not kept yet, and the network is slow (${measured})` };
  }
  // the files are hashed while the snapshot comes in and unpacks, and so are its bytes:
  // nothing of it reaches Pyodide before they are known to be the install step's
  const name = hashed(made);
  const unusable = (error) => {
    throw new Cold(`snapshot unusable: ${error}`);
  };
  const digest = read.digest.catch(unusable);
  const heap = read.heap.then((bytes) => (performance.mark("attika:unpacked"), bytes), unusable);
  heap.catch(() => {}); // a changed snapshot may not even unpack: its hash is the reason given
  const snapshot = digest.then(async (got) => {
    if (got !== made.sha256) {
      throw new Cold(`snapshot changed since the install step (SHA-256 ${got}, not ${made.sha256})`);
    }
    const [served, bytes] = await Promise.all([name, heap]);
    if (served !== made.name) throw new Cold(`files changed since the snapshot (${served})`);
    return bytes;
  });
  snapshot.catch(() => {}); // Pyodide awaits it later; a refusal before then is no page error
  return { snapshot, made, unpacked: false };
}

const chosen = choose().catch((error) => ({ cold: `snapshot unusable: ${error}` }));
/** Python restored from the snapshot as soon as it is chosen, not when PyScript asks: the
 * restore, writing the files and the first Python run then overlap PyScript's own start-up
 * (its core, its configuration, its storage). From the service worker's copy, Pyodide is
 * started at once with a promise of the snapshot, so that its own files load meanwhile.
 * { pyodide } or { cold: why }. */
const restored = (async () => {
  const plan = chosen.then((chosenPlan) => {
    performance.mark("attika:chosen");
    if (!chosenPlan.snapshot) throw new Cold(chosenPlan.cold);
    return chosenPlan;
  });
  plan.catch(() => {}); // the same
  try {
    if (!CONTROLLED) await plan; // a first visit: Pyodide's files only once it will restore
    const heap = plan.then((chosenPlan) => chosenPlan.snapshot);
    heap.catch(() => {}); // Pyodide awaits it once its own module is in: no page error before
    const pyodide = await withCompiled(() =>
      startPyodide({ indexURL: PYODIDE, _loadSnapshot: heap }),
    );
    const chosenPlan = await plan;
    const bytes = await chosenPlan.snapshot;
    if (!chosenPlan.unpacked) keepLater(bytes, chosenPlan.made, SNAPSHOT, KEEP_AFTER_MS);
    // 31 MB, copied into Python's memory: let them go, though Pyodide keeps its options
    chosenPlan.snapshot = null;
    try {
      bytes.buffer.transfer?.(0); // detached: Pyodide's options no longer hold the bytes
    } catch (_) {
      // an older browser keeps them, as before
    }
    performance.mark("attika:restored");
    await writeFiles(pyodide);
    refresh(pyodide);
    performance.mark("attika:refreshed");
    return { pyodide, unpacked: chosenPlan.unpacked };
  } catch (error) {
    return { cold: error instanceof Cold ? error.message : `restoring failed: ${error}` };
  }
})();

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: PYODIDE };
  performance.mark("attika:asked");
  const plan = await restored;
  performance.mark("attika:handed");
  const html = document.documentElement;
  if (plan.pyodide) {
    // what PyScript would have passed at the start: its own output and error lines
    if (options.stdout) plan.pyodide.setStdout({ batched: options.stdout });
    if (options.stderr) plan.pyodide.setStderr({ batched: options.stderr });
    html.dataset.pythonStart = "snapshot";
    html.dataset.pythonSnapshot = plan.unpacked ? "unpacked" : "packed";
    return plan.pyodide;
  }
  console.info(`Attika: Python starts cold: ${plan.cold}`);
  html.dataset.pythonStart = "cold";
  html.dataset.pythonCold = plan.cold;
  const pyodide = await withCompiled(() => startPyodide(settings));
  await writeFiles(pyodide);
  return pyodide;
}
