// Bounds of the link, in one place: what a peer may send and how soon silence means gone.

/** A message longer than this (UTF-8 bytes) is refused by the sender and dropped by the receiver. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Messages a peer may send: a bucket of BURST that fills at RATE a second; the rest are dropped. */
export const RATE_PER_SECOND = 50;
export const BURST = 100;
/** Each side says it is there this often, and takes the other for gone after SILENCE_MS of nothing. */
export const HEARTBEAT_MS = 1000;
export const SILENCE_MS = 4000;
/** Peers one host keeps at once (invitations waiting and links open), for each way of joining. */
export const MAX_PEERS = 8;
/** How long to wait for ICE gathering before packing what was found. */
export const GATHER_MS = 3000;
