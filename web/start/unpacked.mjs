// The snapshot kept unpacked, for the starts after the first (web/start/pyodide.mjs). The
// packed 7 MB take a start 0.12-0.25 s to inflate, in a worker whose own start takes another
// 0.1 s, on a machine whose cores PyScript's own start-up also wants; the 16 MB of pages read
// back from the Cache API and hashed (the hashing off the main thread) need neither
// (docs/benchmarks.md).
//
// Kept only from a start that restored the packed snapshot, once its bytes had been checked
// against the install step's hash and Pyodide had restored them, and a few seconds after, so
// as not to slow that start down. Kept in a cache of its own, one copy, marked with the
// packed file it came from, so that a new release (a new snapshot) replaces it rather than
// adding to it. Read back only when it is that same file's, and restored only when its bytes
// hash to the install step's `unpackedSha256` (scripts/snapshot.mjs): a copy changed in the
// cache is dropped, says so in the console, and the packed snapshot is read instead, checked
// as ever.
/* global caches, crypto, performance, Blob, Response, setTimeout */

const CACHE = "attika.unpacked"; // not "attika-...": those are the service worker's releases
const HEADER = "x-attika-snapshot"; // the packed file the copy was unpacked from

/** More than a snapshot of this game can hold (about 31 MB): storage is not trusted. */
const MOST_BYTES = 1 << 28;

/** Where the copy is kept: a name, not a file any server has. */
const keyFor = (folder) => new URL("unpacked", folder).href;

/** The page ranges of `layout` the packed snapshot holds: [[from, to] in bytes], or an Error. */
export function places({ bytes, page, runs }) {
  if (!Number.isSafeInteger(bytes) || bytes <= 0 || bytes > MOST_BYTES) {
    return new Error("snapshot.json gives no size a snapshot can have");
  }
  if (!Number.isSafeInteger(page) || page <= 0 || !Array.isArray(runs)) {
    return new Error("snapshot.json gives no pages a snapshot can have");
  }
  const out = [];
  for (const run of runs) {
    const [first, count] = Array.isArray(run) ? run : [];
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(count) || first < 0 || count <= 0) {
      return new Error("snapshot.json gives no pages a snapshot can have");
    }
    const [from, to] = [first * page, Math.min((first + count) * page, bytes)];
    if (from >= to || (out.length && from < out.at(-1)[1])) {
      return new Error("snapshot.json gives pages out of order");
    }
    out.push([from, to]);
  }
  return out;
}

const hex = (buffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The kept copy, looked up, read and hashed at once, before snapshot.json is in (which the
 * page's busy start-up takes a while to bring): { file, pages, digest }, the packed file it
 * came from and promises of its bytes and of their SHA-256 in hex; or null when none is kept. */
export function lookUp(folder) {
  if (!globalThis.caches) return Promise.resolve(null); // not a secure context
  return caches
    .open(CACHE)
    .then((cache) => cache.match(keyFor(folder)))
    .then((found) => {
      if (!found) return null;
      // its size first: a copy grown in the cache is refused before it is read
      const pages = found.blob().then((blob) => {
        if (blob.size > MOST_BYTES) throw new Error(`${blob.size} bytes`);
        return blob.arrayBuffer();
      });
      const digest = pages.then((bytes) => crypto.subtle.digest("SHA-256", bytes)).then(hex);
      digest.catch(() => {}); // awaited in restoreKept, when this copy is this release's
      return { file: found.headers.get(HEADER), pages, digest };
    })
    .catch(() => null);
}

/** The snapshot, `made.bytes` long, from the kept copy (lookUp), or null when there is none
 * of this release or it is not the install step's (then dropped, and said why). */
export async function restoreKept(copy, made, folder) {
  if (!copy || copy.file !== made.file) return null;
  const where = places(made);
  if (where instanceof Error || !/^[0-9a-f]{64}$/.test(String(made.unpackedSha256))) return null;
  let why = null;
  try {
    const pages = await copy.pages;
    const wanted = where.reduce((sum, [from, to]) => sum + to - from, 0);
    if (pages.byteLength !== wanted) {
      why = `${pages.byteLength} bytes, not ${wanted}`;
    } else {
      const got = await copy.digest;
      if (got === made.unpackedSha256) return placed(new Uint8Array(pages), where, made.bytes);
      why = `SHA-256 ${got}, not ${made.unpackedSha256}`;
    }
  } catch (error) {
    why = String(error);
  } finally {
    copy.pages = copy.digest = null; // 16 MB: the module keeps its lookUp's answer
  }
  console.info(`Attika: the snapshot kept unpacked changed (${why}): reading the packed one`);
  await forget(folder);
  return null;
}

/** The pages put back where they go in a snapshot `bytes` long, zeros between. */
function placed(pages, where, bytes) {
  const heap = new Uint8Array(bytes);
  let at = 0;
  for (const [from, to] of where) {
    heap.set(pages.subarray(at, at + to - from), from);
    at += to - from;
  }
  return heap;
}

async function forget(folder) {
  await caches
    .open(CACHE)
    .then((cache) => cache.delete(keyFor(folder)))
    .catch(() => {});
}

/** Keep the pages of `heap`, the snapshot restored from the packed file `made.file`, for the
 * next start: copied now (the caller may let `heap` go), put `afterMs` later, when the page has
 * drawn. A full or refused cache keeps nothing. */
export function keepLater(heap, made, folder, afterMs) {
  if (!globalThis.caches) return;
  const where = places(made);
  if (where instanceof Error) return;
  const pages = new Blob(where.map(([from, to]) => heap.subarray(from, to)));
  setTimeout(async () => {
    try {
      const headers = { [HEADER]: made.file, "content-type": "application/octet-stream" };
      const cache = await caches.open(CACHE);
      await cache.put(keyFor(folder), new Response(pages, { headers }));
      performance.mark("attika:kept-unpacked");
    } catch (_) {
      // no room, or no cache here: the next start unpacks the packed snapshot again
    }
  }, afterMs);
}
