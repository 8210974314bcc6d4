// The test bench's side of e2e/peer_harness.html: loads attikaPeer, records its events in order
// and lets a test wait for one (Playwright's string predicates need eval, which the page's
// policy forbids, so tests await harness.waitFor() from page.evaluate instead).
import attikaPeer from "../web/peer/index.js";

const events = [];
const waiting = [];

for (const name of ["open", "message", "close", "refused", "error"]) {
  attikaPeer.on(name, (peerId, detail) => {
    const entry = { name, peerId, detail, at: performance.now() };
    events.push(entry);
    for (const wait of [...waiting]) {
      if (wait.matches(entry)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(entry);
      }
    }
  });
}

globalThis.harness = {
  events,
  /** The first event named `name` (from `peerId`, if given) after `since` events; rejects after `ms`. */
  waitFor(name, peerId = null, ms = 15000, since = 0) {
    const matches = (e) => e.name === name && (peerId === null || e.peerId === peerId);
    const seen = events.slice(since).find(matches);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const wait = { matches, resolve };
      waiting.push(wait);
      setTimeout(() => {
        if (waiting.includes(wait)) {
          waiting.splice(waiting.indexOf(wait), 1);
          reject(new Error(`no ${name} event from ${peerId ?? "any peer"} in ${ms} ms`));
        }
      }, ms);
    });
  },
  /** Send `count` messages of `size` characters to `peerId` and time each echo (the other side
   * echoes), `gapMs` apart so as to stay under the link's rate bound. */
  async roundTrips(peerId, count, size, gapMs = 25) {
    const times = [];
    for (let i = 0; i < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      const since = events.length;
      const text = `${i}:`.padEnd(size, "x");
      const start = performance.now();
      attikaPeer.send(peerId, text);
      const back = await this.waitFor("message", peerId, 5000, since);
      if (back.detail !== text) throw new Error("the echo differs from what was sent");
      times.push(back.at - start);
    }
    return times;
  },
  /** The grey levels (0-255, row by row) of an <svg> drawn at `size` x `size` pixels. */
  async pixels(svg, size) {
    const blob = new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" });
    const url = URL.createObjectURL(blob);
    try {
      const image = new Image(size, size);
      image.src = url;
      await image.decode();
      const canvas = Object.assign(document.createElement("canvas"), { width: size, height: size });
      const context = canvas.getContext("2d");
      context.fillStyle = "#fff";
      context.fillRect(0, 0, size, size);
      context.drawImage(image, 0, 0, size, size);
      const { data } = context.getImageData(0, 0, size, size);
      return { image: context.getImageData(0, 0, size, size), grey: Array.from({ length: size * size }, (_, i) => data[4 * i]) };
    } finally {
      URL.revokeObjectURL(url);
    }
  },
  /** Scan the camera into the page's <video>; `cancelMs` cancels after that long, `refuse`
   * turns down every code read. The result says what was read (or the error) and whether every
   * camera track ended. */
  async scan(cancelMs = null, refuse = false) {
    const video = document.getElementById("camera");
    const scanner = attikaPeer.scanQr(video, () => !refuse);
    const tracks = [];
    const watch = setInterval(() => {
      for (const track of video.srcObject?.getTracks() ?? []) if (!tracks.includes(track)) tracks.push(track);
    }, 20);
    if (cancelMs !== null) setTimeout(() => scanner.stop(), cancelMs);
    let text = null;
    let error = null;
    try {
      text = await scanner.done;
    } catch (e) {
      error = e.message;
    }
    clearInterval(watch);
    return { text, error, tracks: tracks.length, live: tracks.filter((t) => t.readyState !== "ended").length, shown: video.srcObject !== null };
  },
  /** A peer in the room of `link` that says it is the host, with a key of its own. */
  async impostor(link) {
    const [, room, password] = /^#room=([^.]+)\.([^.]+)\./.exec(new URL(link).hash);
    const { RelayRoom } = await import("../web/peer/relay.js");
    const { newHostKey } = await import("../web/peer/hostkey.js");
    const { SITE } = await import("../web/site.js");
    const load = (n) => import(`../web/vendor/peer/trystero-nostr.js?copy=${n}`);
    const key = await newHostKey();
    const heard = (event, peerId, detail) => events.push({ name: event, peerId, detail, at: performance.now() });
    const fake = new RelayRoom({ load, relays: SITE.relays, iceServers: [], roomId: room, password, role: "host", hostKey: key.privateKey, emit: heard });
    await fake.open();
  },
  echo() {
    attikaPeer.on("message", (peerId, text) => attikaPeer.send(peerId, text));
  },
};
document.body.dataset.ready = "true";
