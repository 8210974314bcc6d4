// The host's key: every guest holds the room's password, so a password cannot tell the host from
// a guest pretending to be it. The host holds an ECDSA P-256 key; its public half travels in the
// room link; a guest takes a peer for its host only after that peer has signed the guest's fresh
// challenge together with its own peer id (so a proof relayed by another peer does not verify).

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256" };
const SIGNING = { name: "ECDSA", hash: "SHA-256" };
const B64URL = /^[A-Za-z0-9_-]+$/;
/** A challenge is 16 random bytes: 22 base64url characters. */
export const CHALLENGE = /^[A-Za-z0-9_-]{22}$/;
/** A P-256 signature is 64 bytes: 86 base64url characters. */
export const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

export function toBase64Url(bytes) {
  let text = "";
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text) {
  if (!B64URL.test(text)) throw new Error("not base64url");
  const raw = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
}

export function randomText(bytes) {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function statement(roomId, hostPeerId, challenge) {
  return new TextEncoder().encode(`attika host|${roomId}|${hostPeerId}|${challenge}`);
}

/** A new host key: {privateKey, publicText (87 characters for the link), saved (JWK text)}. */
export async function newHostKey() {
  const pair = await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  return fromPair(pair.privateKey, pair.publicKey);
}

async function fromPair(privateKey, publicKey) {
  const publicText = toBase64Url(await crypto.subtle.exportKey("raw", publicKey));
  const saved = JSON.stringify(await crypto.subtle.exportKey("jwk", privateKey));
  return { privateKey, publicText, saved };
}

/** The host key kept from before (what `saved` held), e.g. after the host's page reloaded. */
export async function savedHostKey(saved) {
  let jwk;
  try {
    jwk = JSON.parse(saved);
  } catch {
    throw new Error("the saved host key is not readable");
  }
  if (!jwk || jwk.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.d !== "string") {
    throw new Error("the saved host key is not a P-256 private key");
  }
  const privateKey = await crypto.subtle.importKey("jwk", jwk, ALGORITHM, true, ["sign"]);
  const { d, key_ops, ...publicJwk } = jwk;
  const publicKey = await crypto.subtle.importKey("jwk", { ...publicJwk, key_ops: ["verify"] }, ALGORITHM, true, ["verify"]);
  return fromPair(privateKey, publicKey);
}

/** The public key a guest checks proofs with, from the link's text; throws if it is not one. */
export async function publicHostKey(publicText) {
  return crypto.subtle.importKey("raw", fromBase64Url(publicText), ALGORITHM, false, ["verify"]);
}

/** The host's proof for a guest's challenge. */
export async function prove(privateKey, roomId, hostPeerId, challenge) {
  const signature = await crypto.subtle.sign(SIGNING, privateKey, statement(roomId, hostPeerId, challenge));
  return toBase64Url(signature);
}

/** Whether `signature` proves that the peer `hostPeerId` holds the host key. */
export async function verify(publicKey, roomId, hostPeerId, challenge, signature) {
  if (!SIGNATURE.test(signature)) return false;
  try {
    return await crypto.subtle.verify(SIGNING, publicKey, fromBase64Url(signature), statement(roomId, hostPeerId, challenge));
  } catch {
    return false;
  }
}
