// The link over the internet: Trystero finds the peers through Nostr relays, then each pair talks
// over its own encrypted data channel. The relays see only the (encrypted) connection offers.
//
// Trystero connects every peer in a room to every other, so each says hello with its role; the
// host talks only to guests, and a guest only to the one peer that proves it holds the host key
// of the room's link (hostkey.js): a guest saying "host" is not believed.
//
// The known weakness, and what is done about it: a peer keeps a pool of offers made when it
// joined, and after about a minute they are stale. When two peers meet, the one whose peer id
// sorts first makes the offer; if that is a host that has waited a minute, the connection often
// never opens. A peer id is drawn once per copy of the library, so the host takes a copy whose
// id sorts late (guests then offer, from fresh pools), and a guest not seated within RETRY_MS
// leaves and joins again with a fresh copy, and so a fresh id, until it is seated or closed.

import { CHALLENGE, prove, randomText, verify } from "./hostkey.js";
import { MAX_PEERS } from "./limits.js";
import { Session } from "./session.js";

const APP_ID = "attika-own-device";
/** A guest not seated this long after joining the room joins it again. */
export const RETRY_MS = 6000;
/** The host draws up to this many copies of the library for a peer id that sorts late. */
const HOST_DRAWS = 12;
/** A peer id starting with this or later sorts after about four in five guests' ids. */
const LATE = "n";
/** The host answers at most this many challenges from one peer. */
const PROOFS_PER_PEER = 5;

export class RelayRoom {
  /**
   * @param {object} options {load, relays, iceServers, roomId, password, role: "host"|"guest",
   *     hostKey, emit} where load(n) imports the n-th copy of the Trystero module (0: the one
   *     already loaded) and hostKey is the host's private key or the guest's public one
   */
  constructor(options) {
    this.options = options;
    this.sessions = new Map(); // Trystero peer id -> Session (a guest names its host "host")
    this.room = null;
    this.closed = false;
    this.retry = null;
    this.joins = 0; // how many times the room was joined: 1 + retries, for the figures
  }

  /** A copy of the library with a fresh peer id; for the host one whose id sorts late. */
  async library() {
    const { load, role } = this.options;
    let library = await load(this.joins);
    for (let draw = 1; role === "host" && draw < HOST_DRAWS && library.selfId[0] < LATE; draw++) {
      library = await load(this.joins + draw);
    }
    return library;
  }

  async open() {
    const { relays, iceServers, roomId, password, role, emit } = this.options;
    if (this.closed) return;
    const { joinRoom, selfId } = await this.library();
    if (this.closed) return;
    this.joins += 1;
    const room = joinRoom(
      { appId: APP_ID, password, relayConfig: { urls: relays }, rtcConfig: { iceServers } },
      roomId,
      { onJoinError: (detail) => emit("error", detail.peerId ?? "", `joining failed: ${detail.error}`) },
    );
    this.room = room;
    const hello = room.makeAction("hello");
    const proof = room.makeAction("proof");
    const frames = room.makeAction("frame");
    const challenges = new Map(); // guest: peer id -> the challenge sent to it
    const answered = new Map(); // host: peer id -> challenges answered
    const seat = (peerId) => {
      if (this.sessions.has(peerId)) return;
      if (this.sessions.size >= MAX_PEERS) {
        emit("refused", peerId, `the table is full: ${MAX_PEERS} peers at once`);
        return;
      }
      const session = new Session(
        role === "guest" ? "host" : peerId,
        (frame) => frames.send(frame, { target: peerId }),
        emit,
        () => {
          this.sessions.delete(peerId);
          if (role === "guest" && this.room === room) this.retryUnlessSeated(room); // the host went
        },
      );
      this.sessions.set(peerId, session);
      clearTimeout(this.retry);
    };
    room.onPeerJoin = (peerId) => hello.send(role, { target: peerId });
    room.onPeerLeave = (peerId) => this.sessions.get(peerId)?.close("left");
    hello.onMessage = (said, { peerId }) => {
      if (role === "host" && said === "guest") seat(peerId);
      if (role === "guest" && said === "host" && this.sessions.size === 0 && !challenges.has(peerId)) {
        const challenge = randomText(16);
        challenges.set(peerId, challenge);
        proof.send(challenge, { target: peerId });
      }
    };
    proof.onMessage = async (text, { peerId }) => {
      if (typeof text !== "string") return;
      if (role === "host") {
        const count = answered.get(peerId) ?? 0;
        if (!CHALLENGE.test(text) || count >= PROOFS_PER_PEER) return;
        answered.set(peerId, count + 1);
        proof.send(await prove(this.options.hostKey, roomId, selfId, text), { target: peerId });
        return;
      }
      const challenge = challenges.get(peerId);
      if (!challenge || this.sessions.size > 0) return;
      challenges.delete(peerId); // one answer per challenge
      if (await verify(this.options.hostKey, roomId, peerId, challenge, text)) seat(peerId);
      else emit("error", peerId, "a peer claimed to be the host without the host's key");
    };
    frames.onMessage = (frame, { peerId }) => this.sessions.get(peerId)?.receive(frame);
    if (role === "guest") this.retryUnlessSeated(room);
  }

  retryUnlessSeated(room) {
    clearTimeout(this.retry);
    this.retry = setTimeout(async () => {
      if (this.closed || this.room !== room || this.sessions.size > 0) return;
      this.room = null;
      await room.leave();
      await this.open();
    }, RETRY_MS);
  }

  send(peerId, text) {
    const session = [...this.sessions.values()].find((s) => s.peerId === peerId);
    if (!session) return false;
    return session.send(text);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    for (const session of [...this.sessions.values()]) session.close("left");
    const room = this.room;
    this.room = null;
    await room?.leave();
  }
}
