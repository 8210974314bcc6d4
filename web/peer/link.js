// The link over a data channel of our own, signalled by hand (a code typed or scanned): one
// RTCPeerConnection per guest. The host makes an offer for a seat and takes that guest's answer;
// the guest turns the offer into an answer. Each side waits for ICE gathering to end, so a code
// carries every candidate and no further signalling is needed.

import { pack, rebuild } from "./code.js";
import { GATHER_MS, MAX_PEERS } from "./limits.js";
import { Session } from "./session.js";

const LABEL = "attika";

function gathered(connection) {
  return new Promise((resolve) => {
    if (connection.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS); // pack what was found by then
    connection.addEventListener("icegatheringstatechange", () => {
      if (connection.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Turn a data channel into a Session once it opens; a failed connection closes it. */
function attach(connection, channel, peerId, emit, onSession) {
  let session = null;
  const hangUp = () => {
    channel.close();
    connection.close();
  };
  const start = () => {
    if (session) return;
    session = new Session(peerId, (frame) => channel.send(frame), emit, hangUp);
    onSession(session);
  };
  channel.addEventListener("open", start);
  channel.addEventListener("message", (event) => session?.receive(event.data));
  channel.addEventListener("close", () => session?.close("closed"));
  connection.addEventListener("connectionstatechange", () => {
    if (["failed", "closed"].includes(connection.connectionState)) session?.close(connection.connectionState);
  });
  if (channel.readyState === "open") start(); // a guest's channel may be open when it is handed over
}

/** The host's side: one pending offer and at most one session per peer id (a seat). */
export class DirectHost {
  constructor(iceServers, emit) {
    this.iceServers = iceServers;
    this.emit = emit;
    this.pending = new Map(); // peer id -> RTCPeerConnection waiting for its answer
    this.sessions = new Map(); // peer id -> Session
    this.connections = new Map(); // peer id -> its RTCPeerConnection, for the wire's figures
  }

  /** A new offer code for this peer id; an older offer or session for it is dropped. */
  async invite(peerId) {
    this.drop(peerId);
    if (this.pending.size + this.sessions.size >= MAX_PEERS) {
      throw new Error(`a table has room for ${MAX_PEERS} invitations and links at once`);
    }
    const connection = new RTCPeerConnection({ iceServers: this.iceServers });
    const channel = connection.createDataChannel(LABEL, { ordered: true });
    this.pending.set(peerId, connection);
    this.connections.set(peerId, connection);
    attach(connection, channel, peerId, this.emit, (session) => {
      this.pending.delete(peerId);
      this.sessions.set(peerId, session);
    });
    channel.addEventListener("close", () => {
      if (this.sessions.get(peerId)?.open === false) this.sessions.delete(peerId);
    });
    await connection.setLocalDescription(await connection.createOffer());
    await gathered(connection);
    return pack(connection.localDescription);
  }

  /** Take the answer code for the offer made for this peer id (throws CodeError if malformed). */
  async accept(peerId, answerCode) {
    const connection = this.pending.get(peerId);
    if (!connection) throw new Error(`no invitation is waiting for ${peerId}`);
    const answer = rebuild(answerCode);
    if (answer.type !== "answer") throw new Error("that is an invitation, not an answer");
    await connection.setRemoteDescription(answer);
  }

  drop(peerId) {
    this.pending.get(peerId)?.close();
    this.pending.delete(peerId);
    this.sessions.get(peerId)?.close("replaced");
    this.sessions.delete(peerId);
    this.connections.delete(peerId);
  }

  close() {
    for (const peerId of [...this.pending.keys(), ...this.sessions.keys()]) this.drop(peerId);
  }
}

/** The guest's side: answer an offer code; the session to the host opens when the host accepts. */
export class DirectGuest {
  constructor(iceServers, emit) {
    this.iceServers = iceServers;
    this.emit = emit;
    this.session = null;
    this.connection = null;
  }

  async answer(offerCode, hostId) {
    const offer = rebuild(offerCode); // throws CodeError before anything is set up
    if (offer.type !== "offer") throw new Error("that is an answer, not an invitation");
    this.close();
    const connection = new RTCPeerConnection({ iceServers: this.iceServers });
    this.connection = connection;
    connection.addEventListener("datachannel", (event) => {
      if (event.channel.label !== LABEL) return event.channel.close();
      attach(connection, event.channel, hostId, this.emit, (session) => {
        this.session = session;
      });
    });
    await connection.setRemoteDescription(offer);
    await connection.setLocalDescription(await connection.createAnswer());
    await gathered(connection);
    return pack(connection.localDescription);
  }

  close() {
    this.session?.close("left");
    this.session = null;
    this.connection?.close();
    this.connection = null;
  }
}
