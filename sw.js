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
//                         (web/start/pyodide.mjs hashes the files it writes), so a stale copy
//                         never meets a snapshot of other files.
//                         Not yet kept (or the cache gone): from the network, as before.
//   web/start/files      not a file: every file of pyscript.json's start_files, as kept, in one
//                         answer (startFiles, below), each checked with the server later as above.
//   other origins, non-GET requests, files not in the list: left to the browser.
/* global self, caches, fetch, URL, Request */
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
 * after another. web/start/pyodide.mjs asks for it on a start from this cache: one request
 * instead of a hundred, each of which costs the page's main thread a turn. 404 when any is
 * not kept (the page then fetches them one by one, as on a first visit). */
async function startFiles(event) {
  const cache = await kept();
  const config = await cache.match(BASE + "pyscript.json");
  if (!config) return new Response("", { status: 404 });
  const urls = Object.keys((await config.json()).start_files || {}).map((u) => u.replace(/^\.\//, ""));
  const files = await Promise.all(urls.map((u) => cache.match(BASE + u)));
  if (files.some((file) => !file)) return new Response("", { status: 404 });
  // each checked with the server a little later, as if it had been asked for on its own
  const check = new Promise((resolve) => setTimeout(resolve, CHECK_AFTER_MS)).then(() =>
    Promise.all(
      urls.map((u, i) =>
        fromServer(cache, new Request(BASE + u), BASE + u, files[i]).catch(() => {}),
      ),
    ),
  );
  event.waitUntil(check);
  const bodies = await Promise.all(files.map((file) => file.clone().arrayBuffer()));
  const head = JSON.stringify(urls.map((u, i) => [u, bodies[i].byteLength]));
  return new Response(new Blob([head, "\n", ...bodies]), {
    headers: { "content-type": "application/octet-stream", "cache-control": "no-store" },
  });
}
