// attikaPeer: each player at their own device, peer to peer (issue 39). The transport only:
// it carries strings between the host and its guests and says who came and went; what the
// strings mean is the game's business. Loaded as <script type="module" src="web/peer/index.js">;
// it sets globalThis.attikaPeer, which Python reaches with `from js import attikaPeer`.
//
// Contract (every peer id and message is a plain string; methods marked async return Promises,
// which Python awaits):
//   attikaPeer.on(event, callback) / off(event, callback)
//       event "open"     (peerId, "")        a peer is connected and may be sent to
//             "message"  (peerId, text)      a message from that peer (at most 64 kB)
//             "close"    (peerId, reason)    the peer is gone (closed, silent for 4 s, left...)
//             "refused"  (peerId, reason)    a message was not sent or not delivered (too big,
//                                            too many a second, not text)
//             "error"    (peerId, reason)    something failed in the background (relay join)
//   attikaPeer.internet                       true when the site setting turns relays on
//   One table (codes typed or scanned; works with no internet):
//   async attikaPeer.invite(peerId, pageUrl) -> {code, link}
//       host: an offer code for one guest (peerId names it, e.g. "seat-2"; up to 64 letters,
//       digits, - or _), and pageUrl + "#join=" + code for a QR code. Inviting the same peerId
//       again drops its older invitation or connection. At most 8 invitations and links at
//       once: drop() one to make room.
//   async attikaPeer.accept(peerId, answerCode)   host: take that guest's answer; "open" follows.
//   async attikaPeer.join(offerCodeOrLink) -> answerCode
//       guest: answer an invitation; the host is then the peer "host". Throws on a bad code
//       (error.name "CodeError", error.message says why) before anything changes.
//   Over the internet (only when attikaPeer.internet):
//   async attikaPeer.openRoom(pageUrl, link?, key?) -> {link, room, key}
//       host: open a new room, or reopen the one in `link` with the `key` it gave (after a
//       reload: keep both with the game). The link carries in its fragment the room, its
//       password and the public half of the host's key: pageUrl + "#room=" + room + "." +
//       password + "." + publicKey (about 160 characters after the page's address). `key` is
//       the private half (text): keep it on the host only. Guests appear with their relay ids.
//   async attikaPeer.joinRoom(link)   guest: join the room of a link; the host is "host", and
//       only a peer that proves it holds the host's key is taken for it. Keeps trying until
//       seated, and again whenever the host goes.
//   Both ways:
//   attikaPeer.send(peerId, text) -> bool   false when not connected or refused (see "refused")
//   attikaPeer.peers() -> [peerId]          the peers open now
//   async attikaPeer.drop(peerId) / async attikaPeer.close()   end one link / every link
//   attikaPeer.readInvitation(hash) -> {kind: "join", code} | {kind: "room", link} | null
//   QR codes:
//   attikaPeer.drawQr(text, container, label) -> <svg>   empties container and draws the code
//   attikaPeer.scanQr(video, accept?) -> {done: Promise<text>, stop()}   reads the camera in
//       `video` until accept(text) is true; stop() cancels; the camera is stopped either way.
//   attikaPeer.stats() -> {bytesSent, joins}   figures for benchmarks: text bytes sent on open
//       links (heartbeats included) and how often the relayed room was joined (1 + retries)
//   async attikaPeer.wireBytes(peerId) -> {sent, received} | null   bytes on the wire (DTLS and
//       SCTP included) of a one-table link, from the browser's own statistics

import { CodeError } from "./code.js";
import { newHostKey, publicHostKey, randomText, savedHostKey } from "./hostkey.js";
import { DirectGuest, DirectHost } from "./link.js";
import { drawQr, scanQr } from "./qr.js";
import { RelayRoom } from "./relay.js";
import { SITE } from "../site.js";

const EVENTS = ["open", "message", "close", "refused", "error"];
const PEER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ROOM = /^#room=([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{87})$/;
const JOIN = /^#join=([A-Za-z0-9_-]{1,400})$/;
const HOST = "host";

const listeners = Object.fromEntries(EVENTS.map((name) => [name, new Set()]));
const open = new Map(); // peer id -> Session, for send() and peers()

function emit(event, peerId, detail, session) {
  if (event === "open") open.set(peerId, session);
  if (event === "close") {
    if (open.get(peerId) !== session) return; // an older link of a peer that is back already
    open.delete(peerId);
  }
  for (const callback of listeners[event]) {
    try {
      callback(peerId, detail);
    } catch (error) {
      console.error(`attikaPeer: a "${event}" listener failed`, error);
    }
  }
}

let direct = null; // DirectHost
let guest = null; // DirectGuest
let relay = null; // RelayRoom

function iceServers() {
  return SITE.iceServers.map((server) => ({ ...server }));
}

function withFragment(pageUrl, fragment) {
  const url = new URL(pageUrl, location.href);
  url.hash = fragment;
  return url.href;
}

function checkPeerId(peerId) {
  if (typeof peerId !== "string" || !PEER_ID.test(peerId) || peerId === HOST) {
    throw new Error(`a peer id is 1-64 letters, digits, - or _ (and not "${HOST}")`);
  }
}

function sessionFor(peerId) {
  const session = open.get(peerId);
  return session?.open ? session : null;
}

const TRYSTERO = "../vendor/peer/trystero-nostr.js";

/** The n-th copy of Trystero: each copy of the module draws its own peer id (see relay.js). */
function loadTrystero(n) {
  return import(n === 0 ? TRYSTERO : `${TRYSTERO}?copy=${n}`);
}

function checkInternet() {
  if (!SITE.internet) throw new Error("play over the internet is not turned on for this site");
}

const attikaPeer = {
  internet: SITE.internet,

  on(event, callback) {
    if (!listeners[event]) throw new Error(`no event "${event}"; there are ${EVENTS.join(", ")}`);
    listeners[event].add(callback);
  },
  off(event, callback) {
    listeners[event]?.delete(callback);
  },

  async invite(peerId, pageUrl = location.href) {
    checkPeerId(peerId);
    direct ??= new DirectHost(iceServers(), emit);
    const code = await direct.invite(peerId);
    return { code, link: withFragment(pageUrl, `join=${code}`) };
  },

  async accept(peerId, answerCode) {
    checkPeerId(peerId);
    if (!direct) throw new Error("no invitation was made");
    await direct.accept(peerId, answerCode);
  },

  async join(offerCodeOrLink) {
    const text = String(offerCodeOrLink).trim();
    const hash = text.includes("#") ? text.slice(text.indexOf("#")) : "";
    const found = hash ? JOIN.exec(hash) : null;
    if (hash && !found) throw new CodeError("that link carries no invitation");
    const code = found ? found[1] : text;
    const next = new DirectGuest(iceServers(), emit);
    const answer = await next.answer(code, HOST); // throws before anything changes
    guest?.close();
    guest = next;
    return answer;
  },

  async openRoom(pageUrl = location.href, link = null, key = null) {
    checkInternet();
    let room = randomText(16);
    let password = randomText(32);
    let hostKey;
    if (link || key) {
      const found = ROOM.exec(new URL(String(link), location.href).hash);
      if (!found) throw new Error("that link names no room");
      hostKey = await savedHostKey(String(key));
      if (hostKey.publicText !== found[3]) throw new Error("that key is not the key of that room");
      [, room, password] = found;
    } else {
      hostKey = await newHostKey();
    }
    await relay?.close();
    relay = new RelayRoom({ load: loadTrystero, relays: SITE.relays, iceServers: iceServers(), roomId: room, password, role: "host", hostKey: hostKey.privateKey, emit });
    await relay.open();
    const fragment = `room=${room}.${password}.${hostKey.publicText}`;
    return { link: withFragment(pageUrl, fragment), room, key: hostKey.saved };
  },

  async joinRoom(link) {
    checkInternet();
    const found = ROOM.exec(new URL(String(link), location.href).hash);
    if (!found) throw new Error("that link names no room");
    const hostKey = await publicHostKey(found[3]).catch(() => {
      throw new Error("that link's host key is not valid");
    });
    await relay?.close();
    relay = new RelayRoom({ load: loadTrystero, relays: SITE.relays, iceServers: iceServers(), roomId: found[1], password: found[2], role: "guest", hostKey, emit });
    await relay.open();
  },

  send(peerId, text) {
    const session = sessionFor(String(peerId));
    return session ? session.send(text) : false;
  },

  peers() {
    return [...open.keys()].filter((peerId) => sessionFor(peerId));
  },

  async drop(peerId) {
    if (direct?.pending.has(peerId)) direct.drop(peerId);
    sessionFor(peerId)?.close("dropped");
  },

  async close() {
    direct?.close();
    guest?.close();
    await relay?.close();
    direct = guest = relay = null;
  },

  readInvitation(hash) {
    const text = String(hash ?? "");
    const join = JOIN.exec(text);
    if (join) return { kind: "join", code: join[1] };
    if (ROOM.test(text)) return { kind: "room", link: withFragment(location.href, text.slice(1)) };
    return null;
  },

  drawQr,
  scanQr,

  stats() {
    const bytesSent = [...open.values()].reduce((sum, session) => sum + session.sent, 0);
    return { bytesSent, joins: relay?.joins ?? 0 };
  },

  async wireBytes(peerId) {
    const connection = direct?.connections.get(peerId);
    if (!connection) return null;
    for (const report of (await connection.getStats()).values()) {
      if (report.type === "transport") return { sent: report.bytesSent, received: report.bytesReceived };
    }
    return null;
  },
};

globalThis.attikaPeer = attikaPeer;
export default attikaPeer;
