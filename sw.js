// The service worker: Attika plays offline once it has been opened online.
//
// web/vendor/precache.js (written by `npm ci` -> scripts/vendor.mjs, never committed) sets
// self.ATTIKA_PRECACHE = { version, files }: every file the page needs, relative to this
// file's folder, and a hash of their content. The cache is named after that hash, so new
// files mean a new cache; the browser notices a new precache.js on its update check (it
// compares imported scripts byte for byte), installs the new worker, and `activate` drops
// the caches of older versions.
//
// Strategies:
//   web/vendor/...        cache first: the runtime only changes with a new version.
//   the project's files   from the cache at once, and asked of the server a few seconds later
//                         (a cheap 304; the copy rewritten only when the server's Last-Modified,
//                         ETag or length differ), kept fresh for the next start: a start no
//                         longer waits for, nor competes with, about 80 round trips. A file
//                         changed on the server shows on the start after that check; a new
//                         release (a new precache.js) brings a whole new cache. What Python
//                         runs and what the snapshot is checked against are the same bytes
//                         (web/start/files.mjs hashes the files it writes), so a stale copy
//                         never meets a snapshot of other files.
//                         Not yet kept (or the cache gone): from the network, as before.
//   web/start/files      not a file: every file of pyscript.json's start_files, as kept, in one
//                         answer (startFiles, below), each checked with the server later as above,
//                         with the name of the kept snapshot's files worked out here.
//   other origins, non-GET requests, files not in the list: left to the browser.
/* global self, caches, crypto, fetch, Blob, URL, Request, Response, TextEncoder */
"use strict";

importScripts("web/vendor/precache.js");

const PREFIX = "attika-";
const { version, files } = self.ATTIKA_PRECACHE;
const CACHE = PREFIX + version;
const BASE = new URL("./", self.location.href).href; // the site root, where sw.js lives
const VENDOR = BASE + "web/vendor/";
const INDEX = BASE + "index.html";
// Not a file: the game's own Python files in one answer (see startFiles).
const FILES = BASE + "web/start/files";
const OWN = new Set(files.filter((f) => !f.startsWith("web/vendor/")).map((f) => BASE + f));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": ask the server (a cheap 304 for what the page has just loaded) rather
      // than trust the HTTP cache, which may hold an older copy of a file.
      await cache.addAll(files.map((f) => new Request(BASE + f, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.href.startsWith(VENDOR)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  const key = url.origin + url.pathname; // the query (?players=3&seed=42, ?load=...) dropped
  if (key === FILES) {
    event.respondWith(startFiles(event));
    return;
  }
  if (request.mode === "navigate" && request.destination === "document") {
    prepared = prepare(); // a page that may start Python: its files, ready when it asks
    event.waitUntil(prepared.made);
  }
  if (request.mode === "navigate" && (key === BASE || key === INDEX)) {
    event.respondWith(keptThenChecked(event, request, INDEX));
  } else if (OWN.has(key)) {
    event.respondWith(keptThenChecked(event, request, key));
  }
});

async function cacheFirst(request) {
  const cache = await kept();
  return (await cache.match(request)) || fetch(request);
}

// How long after a start the kept copies are checked with the server: the start itself (about
// 80 files in a second or two) then never waits on, nor shares the machine with, the checks.
const CHECK_AFTER_MS = 4000;
let opened = null;
function kept() {
  return (opened ||= caches.open(CACHE));
}

/** The kept copy at once, the server asked a little later; the server when none is kept. */
async function keptThenChecked(event, request, key) {
  const cache = await kept();
  const copy = await cache.match(key);
  if (!copy) return fromServer(cache, request, key, null);
  const check = new Promise((resolve) => setTimeout(resolve, CHECK_AFTER_MS))
    .then(() => fromServer(cache, request, key, copy))
    .catch(() => {}); // offline, or the server gone: the copy stays
  event.waitUntil(check);
  return copy;
}

/** What makes two answers for one file the same file, as the server describes them. */
function sameFile(one, other) {
  const sign = (r) => ["etag", "last-modified", "content-length"].map((h) => r.headers.get(h));
  const [a, b] = [sign(one), sign(other)];
  return a[0] || a[1] ? a.every((value, i) => value === b[i]) : false;
}

async function fromServer(cache, request, key, copy) {
  // Revalidate with the server (a cheap 304), never trust the HTTP cache: a navigation is
  // re-made from its URL, since a navigation request cannot take new options.
  const response =
    request.mode === "navigate"
      ? await fetch(request.url, { cache: "no-cache", credentials: "same-origin" })
      : await fetch(request, { cache: "no-cache" });
  const fresh = !copy || !sameFile(copy, response); // rewrite only what changed
  if (fresh && response.ok && response.type === "basic" && !response.redirected) {
    // keep the offline copy as fresh as what was last seen online; a full cache must not
    // turn a good answer from the server into an error
    try {
      await cache.put(key, response.clone());
    } catch (_) {
      // the old copy stays; the player gets the fresh one now
    }
  }
  return response;
}

/** Every file pyscript.json's start_files lists, as kept (the same bytes each would be
 * answered with), in one answer: a line of JSON, [[url, length], ...], then the files one
 * after another, and in its headers the name of the kept snapshot's files (snapshotName).
 * web/start/pyodide.mjs asks for it on a start from this cache: one request instead of a
 * hundred, each of which costs the page's main thread a turn. 404 when any is not kept (the
 * page then fetches them one by one, as on a first visit). Made ready when the page itself
 * is asked for (see prepare), so that it is at hand when the page asks. */
async function startFiles(event) {
  const ready = prepared && Date.now() - prepared.at < PREPARED_MS ? prepared.made : prepare().made;
  prepared = null; // one answer each: the next start reads the copies again
  const made = await ready;
  if (!made) return new Response("", { status: 404 });
  const { cache, urls, files, bodies, named } = made;
  // each checked with the server a little later, as if it had been asked for on its own
  const check = new Promise((resolve) => setTimeout(resolve, CHECK_AFTER_MS)).then(() =>
    Promise.all(
      urls.map((u, i) =>
        fromServer(cache, new Request(BASE + u), BASE + u, files[i]).catch(() => {}),
      ),
    ),
  );
  event.waitUntil(check);
  const head = JSON.stringify(urls.map((u, i) => [u, bodies[i].byteLength]));
  const headers = { "content-type": "application/octet-stream", "cache-control": "no-store" };
  if (named) {
    headers["x-attika-snapshot"] = named.file;
    headers["x-attika-snapshot-name"] = named.name;
  }
  return new Response(new Blob([head, "\n", ...bodies]), { headers });
}

// The answer to web/start/files, begun when a page is asked for: reading a hundred kept files
// and hashing them (snapshotName) then overlaps the page's own start, before it asks. Used
// by the first such request within PREPARED_MS, else made again; what it read is what it
// answers, so the name always fits the bytes sent.
const PREPARED_MS = 10000;
let prepared = null;
function prepare() {
  const made = (async () => {
    const cache = await kept();
    const config = await cache.match(BASE + "pyscript.json");
    if (!config) return null;
    const listed = Object.keys((await config.json()).start_files || {});
    const urls = listed.map((u) => u.replace(/^\.\//, ""));
    const files = await Promise.all(urls.map((u) => cache.match(BASE + u)));
    if (files.some((file) => !file)) return null;
    const bodies = await Promise.all(files.map((file) => file.clone().arrayBuffer()));
    const named = await snapshotName(cache, new Map(urls.map((u, i) => [u, bodies[i]])));
    return { cache, urls, files, bodies, named };
  })();
  made.catch(() => {}); // a failure answers 404 when asked
  return { at: Date.now(), made: made.catch(() => null) };
}

/** The name web/start/files.mjs would give the kept snapshot's files (nameOf there, and
 * scripts/snapshot.mjs), worked out here from the kept copies, `own` (url -> bytes) among
 * them, so that the page's main thread, busy unpacking the snapshot, need not hash about a
 * hundred files first: { file, name }, or null when a file is not kept. */
async function snapshotName(cache, own) {
  const manifest = await cache.match(VENDOR + "snapshot/snapshot.json");
  if (!manifest) return null;
  const { file, files } = await manifest.json();
  const digest = async (bytes) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const parts = await Promise.all(
    files.map(async (url) => {
      let bytes = own.get(url);
      if (!bytes) {
        const kept = await cache.match(BASE + url);
        if (!kept) return null;
        bytes = await kept.arrayBuffer();
      }
      return [new TextEncoder().encode(`${url}\0`), await digest(bytes)];
    }),
  );
  if (parts.some((part) => !part)) return null;
  const whole = await digest(await new Blob(parts.flat()).arrayBuffer());
  const hex = [...whole].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { file, name: hex.slice(0, 16) };
}
