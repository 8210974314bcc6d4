// One peer's session (web/peer/session.js): what arrives is bounded before it is delivered, and
// silence closes it. A hostile peer can put any frame on the wire, so these drive receive() directly.
import assert from "node:assert/strict";
import { test } from "node:test";

import { BURST, MAX_MESSAGE_BYTES, SILENCE_MS } from "../../web/peer/limits.js";
import { Session } from "../../web/peer/session.js";

function open() {
  const seen = [];
  const wire = [];
  let hungUp = 0;
  const session = new Session("seat-1", (frame) => wire.push(frame), (event, peerId, detail) => seen.push([event, peerId, detail]), () => hungUp++);
  return { session, seen, wire, hungUp: () => hungUp };
}

test("a message is delivered as sent, framed apart from the heartbeat", () => {
  const { session, seen, wire } = open();
  assert.deepEqual(seen, [["open", "seat-1", ""]]);
  session.receive("mplace a temple");
  session.receive("p");
  session.receive("m");
  assert.deepEqual(seen.slice(1), [["message", "seat-1", "place a temple"], ["message", "seat-1", ""]]);
  assert.equal(session.send("ok"), true);
  assert.deepEqual(wire, ["mok"]);
  session.close("done");
});

test("a message over the bound that arrives anyway is dropped and reported, never delivered", () => {
  const { session, seen } = open();
  session.receive(`m${"x".repeat(MAX_MESSAGE_BYTES + 1)}`);
  session.receive(`m${"€".repeat(MAX_MESSAGE_BYTES / 3 + 1)}`); // three bytes each
  session.receive(`m${"x".repeat(MAX_MESSAGE_BYTES)}`);
  const events = seen.slice(1).map(([event, , detail]) => [event, detail.length]);
  assert.deepEqual(events.map(([event]) => event), ["refused", "refused", "message"]);
  assert.match(seen[1][2], /dropped: over 65536/);
  session.close("done");
});

test("frames that are not messages, or not text, are refused", () => {
  const { session, seen } = open();
  session.receive("xwhat");
  session.receive("");
  session.receive(new ArrayBuffer(8));
  assert.deepEqual(seen.slice(1).map(([event]) => event), ["refused", "refused", "refused"]);
  session.close("done");
});

test("a flood is cut at the burst; the rest is dropped and reported", () => {
  const { session, seen } = open();
  for (let i = 0; i < BURST + 20; i++) session.receive(`m${i}`);
  const delivered = seen.filter(([event]) => event === "message").length;
  const refused = seen.filter(([event]) => event === "refused").length;
  assert.ok(delivered >= BURST && delivered <= BURST + 1, `${delivered} delivered`);
  assert.equal(delivered + refused, BURST + 20);
  session.close("done");
});

test("a peer silent for longer than the bound is closed, once, with the reason", () => {
  const { session, seen, hungUp } = open();
  session.heard = Date.now() - SILENCE_MS - 1;
  session.beat();
  session.beat();
  session.close("again");
  assert.deepEqual(seen.filter(([event]) => event === "close"), [["close", "seat-1", "silent"]]);
  assert.equal(hungUp(), 1);
  assert.equal(session.send("late"), false);
});

test("sending more than the bound is refused at the sender and nothing goes on the wire", () => {
  const { session, seen, wire } = open();
  assert.equal(session.send("x".repeat(MAX_MESSAGE_BYTES + 1)), false);
  assert.equal(session.send(42), false);
  assert.deepEqual(wire, []);
  assert.deepEqual(seen.slice(1).map(([event]) => event), ["refused", "refused"]);
  session.close("done");
});
