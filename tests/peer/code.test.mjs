// The connection code (web/peer/code.js): what a browser's offer packs into, that the rebuilt
// description carries the same connection facts, and that a malformed code is refused.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CodeError, MAX_CODE_CHARS, pack, rebuild, unpack } from "../../web/peer/code.js";

const FINGERPRINT =
  "9D:2B:51:7E:0C:11:A4:F3:60:88:1B:C2:47:DE:05:39:AA:6F:10:93:C8:2E:77:B4:5D:E1:08:FC:3A:96:42:D7";

/** A data-channel offer as headless Chromium writes it once ICE gathering is complete. */
function chromiumOffer({ candidates = [mdns], type = "offer", setup = "actpass" } = {}) {
  return {
    type,
    sdp: [
      "v=0",
      "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
      "s=-",
      "t=0 0",
      "a=group:BUNDLE 0",
      "a=extmap-allow-mixed",
      "a=msid-semantic: WMS",
      "m=application 52011 UDP/DTLS/SCTP webrtc-datachannel",
      "c=IN IP4 0.0.0.0",
      ...candidates,
      "a=ice-ufrag:R3xq",
      "a=ice-pwd:q8EZ1u+v/3aN8lKxV0tF2wYb",
      "a=ice-options:trickle",
      `a=fingerprint:sha-256 ${FINGERPRINT}`,
      `a=setup:${setup}`,
      "a=mid:0",
      "a=sctp-port:5000",
      "a=max-message-size:262144",
      "",
    ].join("\r\n"),
  };
}
const mdns =
  "a=candidate:2385093924 1 udp 2113937151 5f3a9c1e-8b2d-4c7a-9e61-0d4b7f2a8c35.local 52011 typ host generation 0 network-cost 999";
const ipv4 = "a=candidate:1 1 udp 2122260223 192.0.2.17 40001 typ host generation 0";
const ipv6 = "a=candidate:2 1 udp 2122197247 2001:db8::8a2e:370:7334 40002 typ host generation 0";
const srflx =
  "a=candidate:3 1 udp 1686052607 198.51.100.4 61000 typ srflx raddr 192.0.2.17 rport 40001 generation 0";
const tcp = "a=candidate:4 1 tcp 1518280447 192.0.2.17 9 typ host tcptype active generation 0";

test("an offer with one mDNS candidate packs into about 100 base64url characters", () => {
  const code = pack(chromiumOffer());
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.ok(code.length >= 90 && code.length <= 115, `${code.length} characters`);
});

test("the rebuilt description carries the same ICE credentials, fingerprint, role and candidates", () => {
  const offer = chromiumOffer({ candidates: [mdns, ipv4, ipv6, srflx, tcp] });
  const back = rebuild(pack(offer));
  assert.equal(back.type, "offer");
  const lines = back.sdp.split("\r\n");
  assert.ok(lines.includes("a=ice-ufrag:R3xq"));
  assert.ok(lines.includes("a=ice-pwd:q8EZ1u+v/3aN8lKxV0tF2wYb"));
  assert.ok(lines.includes(`a=fingerprint:sha-256 ${FINGERPRINT}`));
  assert.ok(lines.includes("a=setup:actpass"));
  const candidates = lines.filter((l) => l.startsWith("a=candidate:")).map((l) => l.split(" ").slice(4, 8).join(" "));
  assert.deepEqual(candidates, [
    "5f3a9c1e-8b2d-4c7a-9e61-0d4b7f2a8c35.local 52011 typ host",
    "192.0.2.17 40001 typ host",
    "2001:0db8:0000:0000:0000:8a2e:0370:7334 40002 typ host",
    "198.51.100.4 61000 typ srflx",
  ]); // the TCP candidate is left out: browsers connect over UDP first
  assert.equal(pack(back), pack(offer), "packing the rebuilt description gives the same code");
});

test("an answer keeps its type and its active role", () => {
  const code = pack(chromiumOffer({ type: "answer", setup: "active" }));
  const read = unpack(code);
  assert.equal(read.type, "answer");
  assert.equal(read.setup, "active");
});

test("an offer without candidates still packs (the answer may carry them)", () => {
  const read = unpack(pack(chromiumOffer({ candidates: [] })));
  assert.deepEqual(read.candidates, []);
  assert.ok(!rebuild(read).sdp.includes("end-of-candidates"));
});

test("a code wrapped over lines or with spaces, as chats do, still reads", () => {
  const code = pack(chromiumOffer());
  const wrapped = ` ${code.slice(0, 40)}\n${code.slice(40, 80)} \r\n${code.slice(80)}\n`;
  assert.deepEqual(unpack(wrapped), unpack(code));
});

test("at most eight candidates are packed, so a code stays short", () => {
  const many = Array.from({ length: 12 }, (_, i) => `a=candidate:${i} 1 udp 1 192.0.2.${i + 1} ${5000 + i} typ host`);
  const read = unpack(pack(chromiumOffer({ candidates: many })));
  assert.equal(read.candidates.length, 8);
});

function refused(code, why) {
  assert.throws(() => unpack(code), (error) => error instanceof CodeError && why.test(error.message), String(code).slice(0, 40));
}

function b64(bytes) {
  return Buffer.from(bytes).toString("base64url");
}

/** A well-formed code's bytes, to break one part at a time. */
function bytesOf(code) {
  return [...Buffer.from(code, "base64url")];
}

test("malformed codes are refused with a reason", () => {
  const good = pack(chromiumOffer());
  const bytes = bytesOf(good);
  refused("", /empty/);
  refused("   \n", /empty/);
  refused(42, /not text/);
  refused("a".repeat(MAX_CODE_CHARS + 1), /too long/);
  refused(`${good.slice(0, 50)}<script>`, /not a letter/);
  refused(`${good.slice(0, 50)}=`, /not a letter/);
  refused(good.slice(0, 30), /ends inside/);
  refused(good.slice(0, good.length - 3), /ends inside/);
  refused(b64([...bytes, 0]), /goes on after its end/);
  refused(b64([0x21, ...bytes.slice(1)]), /another version/);
  refused(b64([0x13, ...bytes.slice(1)]), /header/); // setup 3 does not exist
  refused(b64([0x18, ...bytes.slice(1)]), /header/); // kind 2 does not exist
});

test("a code whose ICE text could break the description is refused", () => {
  const bytes = bytesOf(pack(chromiumOffer()));
  // the user name "R3xq" starts at byte 2: make it "R3x\n" and "R3x " and a 2-letter one
  for (const bad of [10, 32, 58]) {
    const broken = [...bytes];
    broken[5] = bad;
    refused(b64(broken), /user name/);
  }
  const short = [bytes[0], 2, 82, 51, ...bytes.slice(6)];
  refused(b64(short), /user name/);
});

test("a code with too many candidates, an unknown address form or port 0 is refused", () => {
  const bytes = bytesOf(pack(chromiumOffer({ candidates: [ipv4] })));
  const count = bytes.length - 8; // [count][tag][4 bytes][2 bytes port]
  assert.equal(bytes[count], 1);
  const many = [...bytes];
  many[count] = 9;
  refused(b64(many), /at most 8/);
  const form = [...bytes];
  form[count + 1] = 6;
  refused(b64(form), /unknown form/);
  const port = [...bytes];
  port[count + 6] = 0;
  port[count + 7] = 0;
  refused(b64(port), /port 0/);
});

test("a description that is not an offer or answer, or lacks a SHA-256 fingerprint, is not packed", () => {
  assert.throws(() => pack({ type: "rollback", sdp: "" }), CodeError);
  const sha1 = chromiumOffer();
  sha1.sdp = sha1.sdp.replace(/a=fingerprint:sha-256 \S+/, "a=fingerprint:sha-1 AA:BB");
  assert.throws(() => pack(sha1), /SHA-256/);
  const noPwd = chromiumOffer();
  noPwd.sdp = noPwd.sdp.replace(/a=ice-pwd:.*\r\n/, "");
  assert.throws(() => pack(noPwd), /ice-pwd/);
});
