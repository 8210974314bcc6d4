// The snapshot's download on a first visit, in a worker of its own (web/start/pyodide.mjs:
// probed), so that the line is timed where the page's main thread cannot hold it up: on the
// main thread, each chunk of the first megabyte waited for PyScript's and the page's own
// start-up tasks, and on a busy machine a fast line read as slow (a cold start chosen).
//
// Asked { url, probeBytes, fastBytesPerMs }, it fetches url and answers, in order:
//   { verdict: { fast, bytes, ms, at } }  the first probeBytes timed from the answer's headers
//   { chunk } ...                         every byte of it, the first megabyte too (fast only)
//   { done: true }                        the whole file sent
// or { error } at any point. A slow line stops the download: it pays 1 MB for knowing it.
/* global self, fetch, performance */

/** A chunk to the page, its memory handed over rather than copied where it is the chunk's own. */
function send(chunk) {
  const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
  const bytes = own ? chunk : chunk.slice();
  self.postMessage({ chunk: bytes }, [bytes.buffer]);
}

self.addEventListener("message", async ({ data }) => {
  const { url, probeBytes, fastBytesPerMs } = data || {};
  try {
    if (new URL(url).origin !== self.location.origin) throw new Error("not this site's file");
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`snapshot: ${response.status}`);
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
      return;
    }
    for (const chunk of head) send(chunk);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      send(value);
    }
    self.postMessage({ done: true });
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
});
