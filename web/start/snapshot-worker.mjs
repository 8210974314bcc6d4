// The snapshot read, checked and unpacked in a worker of its own (web/start/pyodide.mjs:
// readSnapshot), off the page's main thread. There, inflating its 7 MB and putting back its
// pages took 0.2-0.9 s of the thread that PyScript's start-up, Pyodide's module and the
// restore itself also need; and on a first visit each chunk of the line's probe waited for
// those tasks, so that a busy machine read a fast line as slow.
//
// Asked { url, controlled, layout: { bytes, page, runs } }, it answers, in order:
//   { kept: true }                  the snapshot is at hand (a cache, or the service worker)
//   { kept: false }                 it is not: the page says when to try the line, with
//                                   { probeBytes, fastBytesPerMs }, and then hears
//   { verdict: { fast, bytes, ms, at } }  the first probeBytes timed from the answer's headers
//                                   (a slow line stops the download: it pays 1 MB for knowing)
//   { digest }                      the SHA-256 of the packed bytes, in hex
//   { heap }                        the unpacked snapshot, an ArrayBuffer handed over
// or { error } at any point (after { digest }, when a changed file does not even unpack).
/* global self, caches, fetch, performance, crypto, Blob, DecompressionStream */
import { places as pagesOf } from "./unpacked.mjs";

/** The snapshot from a keeper, whatever the network: the Cache API (the service worker's
 * cache, even if this worker is not under its control), the service worker, the HTTP cache;
 * null when none has it. */
async function kept(url, controlled) {
  const cached = self.caches ? await caches.match(url).catch(() => null) : null;
  if (cached) return cached;
  if (controlled) return fetch(url, { credentials: "same-origin" });
  try {
    // a miss is a network error, and a line in the console
    return await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
  } catch (_) {
    return null;
  }
}

/** The answer's body as a reader; on a line timed slower than asked, null (and it is stopped). */
async function timed(response, { probeBytes, fastBytesPerMs }) {
  const reader = response.body.getReader();
  const head = [];
  let got = 0;
  const from = performance.now();
  while (got < probeBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    got += value.length;
  }
  const ms = performance.now() - from;
  // a file shorter than the probe came in whole: nothing left to wait for
  const fast = got < probeBytes || got / Math.max(1, ms) >= fastBytesPerMs;
  // `at`: when the timing began, in the page's terms (time origin + now), for its trace
  self.postMessage({ verdict: { fast, bytes: got, ms, at: performance.timeOrigin + from } });
  if (!fast) {
    await reader.cancel().catch(() => {});
    return null;
  }
  // the megabyte already read, then the rest, as one stream again
  return new ReadableStream({
    async pull(controller) {
      if (head.length) return controller.enqueue(head.shift());
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The SHA-256 of everything the stream brings, in hex. */
async function digestOf(stream) {
  const chunks = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const bytes = await new Blob(chunks).arrayBuffer();
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...hash].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The snapshot, `bytes` long: the packed pages put back where `runs` says, zeros between. */
async function unpack(stream, layout) {
  const places = pagesOf(layout);
  if (places instanceof Error) throw places;
  const snapshot = new Uint8Array(layout.bytes);
  const reader = stream.pipeThrough(new DecompressionStream("gzip")).getReader();
  let run = 0;
  let at = places.length ? places[0][0] : 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    while (chunk.length) {
      if (run >= places.length) throw new Error("snapshot: more bytes than its pages");
      const part = chunk.subarray(0, places[run][1] - at);
      snapshot.set(part, at);
      at += part.length;
      chunk = chunk.subarray(part.length);
      if (at === places[run][1] && ++run < places.length) at = places[run][0];
    }
  }
  if (run !== places.length) throw new Error("snapshot: fewer bytes than its pages");
  return snapshot;
}

/** Hash and unpack the packed bytes side by side, and hand both to the page. */
async function read(stream, layout) {
  const [toUnpack, toHash] = stream.tee();
  const heap = unpack(toUnpack, layout);
  heap.catch(() => {}); // told below, after the digest: a changed file's hash is its reason
  self.postMessage({ digest: await digestOf(toHash) });
  const snapshot = await heap;
  self.postMessage({ heap: snapshot.buffer }, [snapshot.buffer]);
}

let asked = null;
/** Settles with the page's { probeBytes, fastBytesPerMs } once it says the line may be tried. */
const lineTried = new Promise((resolve) => {
  asked = resolve;
});

const fail = (error) => self.postMessage({ error: String((error && error.message) || error) });

self.addEventListener("message", async ({ data }) => {
  if (data && data.probeBytes) return asked(data);
  const { url, controlled, layout } = data || {};
  try {
    if (new URL(url).origin !== self.location.origin) throw new Error("not this site's file");
    const keeper = await kept(url, Boolean(controlled));
    if (keeper) {
      if (!keeper.ok) throw new Error(`snapshot: ${keeper.status}`);
      self.postMessage({ kept: true });
      return await read(keeper.body, layout);
    }
    self.postMessage({ kept: false });
    const line = await lineTried;
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`snapshot: ${response.status}`);
    const stream = await timed(response, line);
    if (stream) await read(stream, layout);
  } catch (error) {
    fail(error);
  }
});
