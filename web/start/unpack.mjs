// Unpacking the snapshot (scripts/snapshot.mjs writes it: the heap's pages that are not all
// zeros, gzip-compressed, and where they go). web/start/pyodide.mjs runs this in a worker of
// its own, so that inflating 16 MB (0.2-0.3 s on this machine) happens beside the page's
// main thread, which meanwhile runs PyScript's core; where no worker can start, it calls
// `unpack` itself. The worker is sent the response's body (a stream, transferred) with the
// snapshot's manifest, and answers { snapshot } (its buffer transferred) or { error }.

/** The snapshot, `bytes` long: the packed pages put back where `runs` says, zeros between. */
export async function unpack(body, { bytes, page, runs }) {
  const snapshot = new Uint8Array(bytes);
  const places = runs.map(([first, count]) => [first * page, Math.min((first + count) * page, bytes)]);
  const reader = body.pipeThrough(new DecompressionStream("gzip")).getReader();
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

if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) {
  globalThis.onmessage = async ({ data: { body, manifest } }) => {
    try {
      const snapshot = await unpack(body, manifest);
      globalThis.postMessage({ snapshot }, [snapshot.buffer]);
    } catch (error) {
      globalThis.postMessage({ error: String(error) });
    }
  };
}
