// The game's folder served on the loopback for the smoke suite, as a static host serves it
// (Last-Modified and 304s, no compression), with two switches a test needs: `offline`, when
// every connection is dropped unanswered, as when the player's network is gone; and `extra`,
// paths answered from memory (a game file, a changed snapshot). `html`, if given, rewrites
// every HTML page as it is sent (bench/browsers.mjs adds a script that notes when it is ready).
import { createReadStream, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".py": "text/x-python; charset=utf-8",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".gz": "application/octet-stream", // the snapshot: unpacked by the page, not the browser
  ".toml": "text/plain; charset=utf-8",
};

/** Serve `root` on 127.0.0.1; resolves to { url, extra, close() } with `offline` to set. */
export function serve(root, { html } = {}) {
  const state = { offline: false, extra: new Map() };
  const server = createServer((request, response) => {
    if (state.offline) {
      request.socket.destroy();
      return;
    }
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    const own = state.extra.get(path);
    if (own) {
      response.writeHead(200, { "content-type": own.type, "cache-control": "no-store" });
      response.end(own.body);
      return;
    }
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    let stat;
    try {
      if (!file.startsWith(root + sep)) throw new Error("outside");
      stat = statSync(file);
      if (!stat.isFile()) throw new Error("not a file");
    } catch {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    const modified = stat.mtime.toUTCString();
    if (request.headers["if-modified-since"] === modified) {
      response.writeHead(304, { "last-modified": modified });
      response.end();
      return;
    }
    const type = TYPES[extname(file)] || "application/octet-stream";
    if (html && extname(file) === ".html") {
      const body = Buffer.from(html(readFileSync(file, "utf8")));
      response.writeHead(200, { "content-type": type, "content-length": body.length, "last-modified": modified });
      response.end(request.method === "HEAD" ? undefined : body);
      return;
    }
    response.writeHead(200, { "content-type": type, "content-length": stat.size, "last-modified": modified });
    if (request.method === "HEAD") response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(
        Object.assign(state, {
          url: `http://127.0.0.1:${server.address().port}`,
          close: () => {
            server.closeAllConnections();
            return new Promise((done) => server.close(done));
          },
        }),
      );
    });
  });
}
