// One open connection to one peer, whatever carries it (a data channel of our own or a Trystero
// room): frames messages apart from heartbeats, bounds what comes in, and tells when the peer is
// gone. Frames are strings: "m" + the message, or "p" for "still here".

import { BURST, HEARTBEAT_MS, MAX_MESSAGE_BYTES, RATE_PER_SECOND, SILENCE_MS } from "./limits.js";

const encoder = new TextEncoder();

/** Bytes of a string in UTF-8, without encoding it when its length alone decides. */
export function utf8Length(text) {
  if (text.length * 3 <= MAX_MESSAGE_BYTES) return text.length; // small enough either way
  if (text.length > MAX_MESSAGE_BYTES) return text.length; // too long either way
  return encoder.encode(text).length;
}

export class Session {
  /**
   * @param {string} peerId who is at the other end, as the caller names it
   * @param {(frame: string) => void} sendFrame puts a frame on the wire
   * @param {(event: string, peerId: string, detail: string, session: Session) => void} emit
   *     reports to the caller, with this session, so it can tell an old session from a new one
   * @param {() => void} hangUp closes what carries the frames
   */
  constructor(peerId, sendFrame, emit, hangUp) {
    this.peerId = peerId;
    this.sendFrame = sendFrame;
    this.emit = (event, peer, detail) => emit(event, peer, detail, this);
    this.hangUp = hangUp;
    this.open = true;
    this.heard = Date.now();
    this.tokens = BURST;
    this.filled = Date.now();
    this.sent = 0; // bytes put on the wire, heartbeats included
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.emit("open", peerId, "");
  }

  beat() {
    if (Date.now() - this.heard > SILENCE_MS) {
      this.close("silent");
      return;
    }
    this.put("p");
  }

  put(frame) {
    try {
      this.sendFrame(frame);
      this.sent += utf8Length(frame);
    } catch (error) {
      this.close(`send failed: ${error.message}`);
    }
  }

  /** Send one message; false (and a "refused" event) when it is over the size bound. */
  send(text) {
    if (!this.open) return false;
    if (typeof text !== "string") {
      this.emit("refused", this.peerId, "only text can be sent");
      return false;
    }
    const bytes = utf8Length(text);
    if (bytes > MAX_MESSAGE_BYTES) {
      this.emit("refused", this.peerId, `message of ${bytes} bytes not sent: over ${MAX_MESSAGE_BYTES}`);
      return false;
    }
    this.put(`m${text}`);
    return this.open;
  }

  /** A frame from the wire: anything unexpected is dropped and reported, never delivered. */
  receive(frame) {
    if (!this.open) return;
    this.heard = Date.now();
    if (frame === "p") return;
    if (typeof frame !== "string" || frame[0] !== "m") {
      this.emit("refused", this.peerId, "a frame that is not a message was dropped");
      return;
    }
    const bytes = utf8Length(frame) - 1;
    if (bytes > MAX_MESSAGE_BYTES) {
      this.emit("refused", this.peerId, `message of ${bytes} bytes dropped: over ${MAX_MESSAGE_BYTES}`);
      return;
    }
    const now = Date.now();
    this.tokens = Math.min(BURST, this.tokens + ((now - this.filled) / 1000) * RATE_PER_SECOND);
    this.filled = now;
    if (this.tokens < 1) {
      this.emit("refused", this.peerId, `message dropped: over ${RATE_PER_SECOND} a second`);
      return;
    }
    this.tokens -= 1;
    this.emit("message", this.peerId, frame.slice(1));
  }

  /** Close once, whoever notices first; "close" carries the reason. */
  close(reason) {
    if (!this.open) return;
    this.open = false;
    clearInterval(this.timer);
    try {
      this.hangUp();
    } finally {
      this.emit("close", this.peerId, reason);
    }
  }
}
