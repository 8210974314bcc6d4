// The peer link (web/peer/index.js) is loaded only by a page that needs it: a game with a
// seat played on its own device, or a player's device joining a table. The page's Python
// calls attikaLoadPeer() and awaits the module; until then no QR or WebRTC code is fetched.
globalThis.attikaLoadPeer = () => import("./peer/index.js").then(() => globalThis.attikaPeer);
