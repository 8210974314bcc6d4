// Which addresses a page of the game may fetch: files of its own site, nothing else. The same
// rule as web/core/addresses.py (which Python uses), here for what runs before Python: the still
// previews and the <attika-position> element. Both answer the cases of tests/data/addresses.json
// alike (tests/web/test_twins.py in Node, e2e/test_security.py in the browser).
// The address checked is the one fetched: callers use the returned url, never the raw text.

// A shipped scenario's name: scenarios/<name>.json, never a step out of that folder.
export const SHIPPED_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// A browser reads a backslash as "/" and drops tabs and line breaks: refused, as written.
const ODD = /[\\\x00-\x1f\x7f]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const ABSOLUTE = /^https?:\/\/[^/?#@]+(?:[/?#]|$)/i;
const AUTHORITY = /^https?:\/\/([^/?#]*)/i;

// { url } to fetch when `address` (read from the page at `page`) is a file of the page's own
// site (same scheme, host and port, http or https); else { refused: "other-site" | "odd" }.
export function sameSite(address, page) {
  const text = String(address);
  if (ODD.test(text) || text !== text.replace(/^ +| +$/g, "")) return { refused: "odd" };
  if (text.startsWith("//")) return { refused: "other-site" };
  if (SCHEME.test(text) && !ABSOLUTE.test(text)) return { refused: "other-site" };
  let here;
  let url;
  try {
    here = new URL(page);
    url = new URL(text, here);
  } catch (_) {
    return { refused: "other-site" };
  }
  const web = here.protocol === "http:" || here.protocol === "https:";
  if (!web || url.protocol !== here.protocol || url.host !== here.host) {
    return { refused: "other-site" };
  }
  // A host written out must be the site's name as written, as web/core/addresses.py reads it:
  // "host:80" or "h%6Fst" may lead to the same site, but they are not spelled as its name.
  const written = AUTHORITY.exec(text);
  if (written && written[1].toLowerCase() !== here.host) return { refused: "other-site" };
  return { url: url.href };
}

// Where a position's scenario is fetched: a shipped name from scenarios/ under `root` (the
// game's folder), else the address of a scenario file of the page's own site.
export function scenarioAddress(name, root, page) {
  const address = SHIPPED_NAME.test(name) ? new URL(`scenarios/${name}.json`, root).href : name;
  return sameSite(address, page);
}
