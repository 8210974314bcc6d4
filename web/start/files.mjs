// The game's own Python files (pyscript.json's start_files) for web/start/pyodide.mjs:
// fetched at once, hashed for the snapshot's name (the snapshot is restored only for the
// files it was made of), and written into Python's file system in place of PyScript's
// `files`, so that none is fetched twice.

const ROOT = new URL("../../", import.meta.url); // the game's folder: this file is in web/start/

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/** A file of the game's folder, as bytes; an error names it and the server's answer. */
export async function download(url) {
  const response = await fetch(new URL(url, ROOT), { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The files of `list` from one answer in sw.js's form (a line of JSON, [[url, length], ...],
 * then the files one after another), as a Map url -> bytes; null unless it holds exactly
 * the files of `list`, in its order. */
function split(all, list) {
  const end = all.indexOf(10);
  if (end < 0) return null;
  const head = JSON.parse(new TextDecoder().decode(all.subarray(0, end)));
  if (head.length !== list.length || head.some(([url], i) => url !== list[i].url)) return null;
  const files = new Map();
  let at = end + 1;
  for (const [url, length] of head) {
    files.set(url, all.subarray(at, at + length));
    at += length;
  }
  return at === all.length ? files : null;
}

/** The game's files, asked for at once: from the service worker's copy when `controlled`,
 * else from the install step's bundle that `manifest` (a promise of snapshot.json) names
 * beside the snapshot in `snapshotFolder`. { nameOf(urls, file), writeFiles(pyodide) }. */
export function gameFiles({ controlled, manifest, snapshotFolder }) {
  /** The name of the kept snapshot's files as the service worker worked it out from its copies
   * (sw.js: snapshotName), { file, name }, once the answer below is in; null if it did not. */
  let keptName = null;

  /** The game's files from the service worker's copy in one answer (sw.js: startFiles), as a
   * Map url -> bytes; null when it cannot give exactly the files of `list`. */
  async function together(list) {
    const response = await fetch(new URL("web/start/files", ROOT), { credentials: "same-origin" });
    if (!response.ok) return null;
    const [file, name] = ["x-attika-snapshot", "x-attika-snapshot-name"].map((h) =>
      response.headers.get(h),
    );
    const files = split(new Uint8Array(await response.arrayBuffer()), list);
    if (files && file && name) keptName = { file, name };
    return files;
  }

  /** The same files on a first visit, from the one file the install step made of them beside
   * the snapshot (scripts/snapshot.mjs: bundled): one request instead of a hundred, which had
   * held up the snapshot, PyScript's own modules and Pyodide's behind them on the host's few
   * connections. They are hashed for the snapshot's name like any other copy. */
  async function bundledFiles(list) {
    const { bundle } = await manifest;
    if (!/^[0-9a-f]{16}-[0-9a-f]{8}\.files$/.test(String(bundle))) return null;
    return split(await download(new URL(bundle, snapshotFolder).href), list);
  }

  // From the service worker's copy, all in one request; else (a first visit) from the
  // install step's bundle, in one request too; one by one only when neither has them.
  const config = download("pyscript.json");
  const shipped = config.then(async (bytes) => {
    const list = Object.entries(JSON.parse(new TextDecoder().decode(bytes)).start_files || {}).map(
      ([url, path]) => ({ url: url.replace(/^\.\//, ""), path }),
    );
    const kept = await (controlled ? together(list) : bundledFiles(list)).catch(() => null);
    return list.map(({ url, path }) => {
      const bytes = kept ? Promise.resolve(kept.get(url)) : download(url);
      bytes.catch(() => {}); // reported when written; no unhandled rejection before that
      return { url, path, bytes };
    });
  });

  /** The name scripts/snapshot.mjs gives a snapshot of these files, from the files as served.
   * From the service worker's copy, the worker has worked it out already, from the same
   * copies, for the snapshot it keeps (`file`): a hundred hashes fewer on this thread, which
   * PyScript's start-up keeps busy meanwhile (they had made the restore wait 0.05-0.1 s). */
  async function nameOf(urls, file) {
    const own = new Map((await shipped).map((kept) => [kept.url, kept.bytes]));
    if (keptName && keptName.file === file) return keptName.name;
    own.set("pyscript.json", config);
    const parts = await Promise.all(
      urls.map(async (url) => [
        new TextEncoder().encode(`${url}\0`),
        await sha256(await (own.get(url) || download(url))),
      ]),
    );
    const hex = [...(await sha256(await new Blob(parts.flat()).arrayBuffer()))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    return hex.slice(0, 16);
  }

  /** Write the game's files where PyScript would have: paths relative to Python's folder. */
  async function writeFiles(pyodide) {
    const { FS } = pyodide;
    const home = FS.cwd();
    for (const { path, bytes } of await shipped) {
      const target = `${home}/${path.replace(/^\.\//, "")}`;
      FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      FS.writeFile(target, await bytes);
    }
  }

  /** Settles once the files are in, from whichever source: on a first visit, the bundle's
   * megabyte, which the snapshot's probe should not share the line with. */
  const arrived = shipped.then(
    () => {},
    () => {},
  );

  return { nameOf, writeFiles, arrived };
}
