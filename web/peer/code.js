// The short connection code: an SDP offer or answer packed into about 100 base64url characters.
//
// A raw offer is about 700 characters of which only a few fields differ between two calls: the
// ICE user name and password, the SHA-256 fingerprint of the DTLS certificate, the DTLS role and
// the candidates' addresses and ports. Those are packed into bytes; the other side rebuilds a
// complete SDP from a template. The code is typed or scanned by a person, so it is untrusted:
// unpack() checks every byte and refuses anything malformed or oversized with a CodeError, and
// nothing it returns is taken verbatim from the input except characters it has checked.
//
// Layout (version 1): [version<<4 | kind<<2 | setup] [ufrag len][ufrag] [pwd len][pwd]
//   [32 bytes fingerprint] [candidate count] then per candidate: [form<<1 | srflx] [address] [port u16]
//   form 0: IPv4 (4 bytes), 1: IPv6 (16 bytes), 2: mDNS name <uuid>.local (16 bytes).

export const VERSION = 1;
/** Longest code accepted: eight IPv6 candidates fit with room to spare. */
export const MAX_CODE_CHARS = 400;
const MAX_CANDIDATES = 8;
const KINDS = ["offer", "answer"];
const SETUPS = ["actpass", "active", "passive"];
const FORMS = { ipv4: 0, ipv6: 1, mdns: 2 };
const FORM_BYTES = [4, 16, 16];
// RFC 8839: ice-ufrag 4-256 and ice-pwd 22-256 ice-chars; browsers use 4 and 22-24.
const ICE_CHARS = /^[A-Za-z0-9+/]+$/;
const UFRAG = [4, 32];
const PWD = [22, 64];
const B64URL = /^[A-Za-z0-9_-]+$/;
const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** A code that cannot be read; the message says why, for the person who typed it. */
export class CodeError extends Error {
  constructor(message) {
    super(message);
    this.name = "CodeError";
  }
}

// -- reading an SDP ------------------------------------------------------------------------

function field(sdp, name) {
  const line = sdp.split(/\r?\n/).find((l) => l.startsWith(`a=${name}:`));
  if (!line) throw new CodeError(`the description has no ${name}`);
  return line.slice(name.length + 3).trim();
}

function addressBytes(address) {
  const mdns = UUID_LOCAL.exec(address);
  if (mdns) return [FORMS.mdns, hexBytes(mdns.slice(1).join(""))];
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    const parts = address.split(".").map(Number);
    if (parts.every((p) => p <= 255)) return [FORMS.ipv4, Uint8Array.from(parts)];
  }
  if (address.includes(":")) {
    const ipv6 = parseIPv6(address);
    if (ipv6) return [FORMS.ipv6, ipv6];
  }
  return null; // a host name or something else that has no short form: left out
}

function parseIPv6(text) {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part) => (part ? part.split(":") : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array(missing).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    const value = parseInt(g, 16);
    out[2 * i] = value >> 8;
    out[2 * i + 1] = value & 255;
  });
  return out;
}

function hexBytes(hex) {
  return Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16));
}

/** The UDP candidates of an SDP that have a short form, as {form, address bytes, port, srflx}. */
function candidates(sdp) {
  const found = [];
  for (const line of sdp.split(/\r?\n/)) {
    if (!line.startsWith("a=candidate:")) continue;
    const parts = line.slice(12).split(" ");
    // foundation component transport priority address port "typ" type ...
    if (parts.length < 8 || parts[1] !== "1" || parts[2].toLowerCase() !== "udp") continue;
    const type = parts[7];
    if (type !== "host" && type !== "srflx") continue;
    const packed = addressBytes(parts[4]);
    const port = Number(parts[5]);
    if (!packed || !Number.isInteger(port) || port < 1 || port > 65535) continue;
    found.push({ form: packed[0], bytes: packed[1], port, srflx: type === "srflx" });
    if (found.length === MAX_CANDIDATES) break;
  }
  return found;
}

/**
 * Pack a complete local description ({type, sdp}, gathered to the end) into a code.
 * Throws CodeError when the description lacks what a code needs.
 */
export function pack(description) {
  const kind = KINDS.indexOf(description.type);
  if (kind < 0) throw new CodeError(`a ${description.type} cannot be packed`);
  const sdp = description.sdp;
  const ufrag = field(sdp, "ice-ufrag");
  const pwd = field(sdp, "ice-pwd");
  const setup = SETUPS.indexOf(field(sdp, "setup"));
  const [algorithm, hex] = field(sdp, "fingerprint").split(" ");
  if (algorithm.toLowerCase() !== "sha-256" || !/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/i.test(hex)) {
    throw new CodeError("the certificate fingerprint is not a SHA-256 one");
  }
  if (setup < 0) throw new CodeError("the DTLS role is unknown");
  checkIce(ufrag, "user name", UFRAG);
  checkIce(pwd, "password", PWD);
  const found = candidates(sdp);
  const bytes = [(VERSION << 4) | (kind << 2) | setup];
  bytes.push(ufrag.length, ...ascii(ufrag), pwd.length, ...ascii(pwd));
  bytes.push(...hexBytes(hex.replaceAll(":", "")));
  bytes.push(found.length);
  for (const c of found) bytes.push((c.form << 1) | (c.srflx ? 1 : 0), ...c.bytes, c.port >> 8, c.port & 255);
  return toBase64Url(Uint8Array.from(bytes));
}

function ascii(text) {
  return Array.from(text, (ch) => ch.charCodeAt(0));
}

function checkIce(text, what, [least, most]) {
  if (text.length < least || text.length > most || !ICE_CHARS.test(text)) {
    throw new CodeError(`the ICE ${what} is not ${least}-${most} letters, digits, + or /`);
  }
}

// -- base64url -----------------------------------------------------------------------------

function toBase64Url(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(code) {
  if (code.length % 4 === 1) throw new CodeError("the code has a character too many or too few");
  const text = atob(code.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

// -- reading a code ------------------------------------------------------------------------

/** Reads bytes in order; running past the end is a CodeError, never undefined. */
class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }
  take(count, what) {
    if (this.at + count > this.bytes.length) throw new CodeError(`the code ends inside the ${what}`);
    const out = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return out;
  }
  byte(what) {
    return this.take(1, what)[0];
  }
  text(what, limits) {
    const length = this.byte(what);
    const text = String.fromCharCode(...this.take(length, what));
    checkIce(text, what, limits);
    return text;
  }
}

/**
 * Read a code typed, pasted or scanned by a person: {type, ufrag, pwd, setup, fingerprint,
 * candidates: [{address, port, type}]}. Spaces and line breaks around and inside are ignored
 * (a code copied from a chat is often wrapped). Throws CodeError on anything else.
 */
export function unpack(code) {
  if (typeof code !== "string") throw new CodeError("the code is not text");
  const clean = code.replace(/\s+/g, "");
  if (clean.length === 0) throw new CodeError("the code is empty");
  if (clean.length > MAX_CODE_CHARS) {
    throw new CodeError(`the code is too long (${clean.length} characters, at most ${MAX_CODE_CHARS})`);
  }
  if (!B64URL.test(clean)) throw new CodeError("the code has a character that is not a letter, digit, - or _");
  const read = new Reader(fromBase64Url(clean));
  const head = read.byte("header");
  if (head >> 4 !== VERSION) throw new CodeError("the code is from another version of the game");
  const kind = KINDS[(head >> 2) & 3];
  const setup = SETUPS[head & 3];
  if (!kind || !setup) throw new CodeError("the code's header is not valid");
  const ufrag = read.text("user name", UFRAG);
  const pwd = read.text("password", PWD);
  const fingerprint = Array.from(read.take(32, "fingerprint"), (b) =>
    b.toString(16).padStart(2, "0").toUpperCase(),
  ).join(":");
  const count = read.byte("candidate count");
  if (count > MAX_CANDIDATES) throw new CodeError(`the code lists ${count} addresses, at most ${MAX_CANDIDATES}`);
  const found = [];
  for (let i = 0; i < count; i++) {
    const tag = read.byte("address");
    const form = tag >> 1;
    if (form > 2 || tag > 5) throw new CodeError("the code has an address of an unknown form");
    const raw = read.take(FORM_BYTES[form], "address");
    const [high, low] = read.take(2, "port");
    const port = (high << 8) | low;
    if (port === 0) throw new CodeError("the code has an address with port 0");
    found.push({ address: addressText(form, raw), port, type: tag & 1 ? "srflx" : "host" });
  }
  if (read.at !== read.bytes.length) throw new CodeError("the code goes on after its end");
  return { type: kind, ufrag, pwd, setup, fingerprint, candidates: found };
}

function addressText(form, raw) {
  if (form === FORMS.ipv4) return Array.from(raw).join(".");
  const hex = Array.from(raw, (b) => b.toString(16).padStart(2, "0")).join("");
  if (form === FORMS.ipv6) return hex.match(/..../g).join(":");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

/**
 * The SDP of a code: a description for setRemoteDescription, rebuilt from the template of a
 * browser's data-channel offer. Takes a code or what unpack() returned.
 */
export function rebuild(code) {
  const d = typeof code === "string" ? unpack(code) : code;
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  d.candidates.forEach((c, i) => {
    // priorities fall in the order the code lists them, which is the order they were gathered
    const priority = 2122260223 - i;
    const related = c.type === "srflx" ? " raddr 0.0.0.0 rport 0" : "";
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related} generation 0`);
  });
  if (d.candidates.length) lines.push("a=end-of-candidates");
  lines.push(
    `a=ice-ufrag:${d.ufrag}`,
    `a=ice-pwd:${d.pwd}`,
    "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${d.fingerprint}`,
    `a=setup:${d.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  );
  return { type: d.type, sdp: `${lines.join("\r\n")}\r\n` };
}
