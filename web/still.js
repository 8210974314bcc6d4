// The still preview of a shipped position, drawn by the page's own code from data: no fetched
// text ever becomes markup (docs/security.md). scripts/previews.py writes, at install,
// web/previews/<lang>.json (the words, and every shipped position's title, intro, task and
// picture text: its keys are the exact list of shipped names) and <name>.<lang>.svg, the
// board as a picture, shown through <img>, which runs no script.

// Used when the words cannot be fetched; tests/web/test_previews.py keeps them as en.json has them.
const ENGLISH = {
  "pos.try": "Try it",
  "pos.task": "Your task:",
  "pos.no-fetch": "The position {name} could not be loaded: {detail}",
  "address.other-site": "{address} is not a file of this site: only this site's own files can be opened here.",
  "address.odd": "{address} is refused: an address with a backslash or a control character can lead somewhere other than it seems. Only this site's own files can be opened here.",
};
const loading = new Map();

// The previews' data for a language, fetched once per page; empty when it cannot be had, or
// when the game's folder is on another site than the page (nothing is fetched from there).
export function stills(root, lang) {
  const url = new URL(`web/previews/${lang}.json`, root);
  if (url.origin !== location.origin) return Promise.resolve({ words: ENGLISH, previews: {} });
  if (!loading.has(url.href)) {
    loading.set(
      url.href,
      fetch(url)
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}))
        .then((data) => ({
          words: { ...ENGLISH, ...((data && data.words) || {}) },
          previews: (data && data.previews) || {},
        })),
    );
  }
  return loading.get(url.href);
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
}

function make(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  node.append(...children); // strings become text, never markup
  return node;
}

export function tryButton(data, name) {
  return make("button", { type: "button", class: "primary try", "data-try": name }, data.words["pos.try"]);
}

// A shipped position's still (as the live one looks: title, intro, task, "Try it", board),
// or null when `name` is not exactly one of the shipped names.
export function stillOf(data, name, root, lang) {
  if (!name || !Object.hasOwn(data.previews, name)) return null;
  const texts = data.previews[name];
  const titleId = `preview-${name}-title`;
  const head = make("header", { class: "poshead" }, make("h2", { id: titleId }, texts.title));
  if (texts.intro) head.append(make("p", { class: "intro" }, texts.intro));
  if (texts.task) {
    head.append(make("p", { class: "task" }, make("strong", null, data.words["pos.task"]), " ", texts.task));
  }
  head.append(tryButton(data, name));
  const picture = make("img", {
    class: "board-svg",
    src: new URL(`web/previews/${name}.${lang}.svg`, root).href,
    alt: texts.alt,
  });
  return make(
    "section",
    { class: "pos preview", "aria-labelledby": titleId, "data-preview": name },
    head,
    make("div", { class: "posbody" }, make("div", { class: "posboard" }, picture)),
  );
}

// Why a position's address is not opened, said where the position would be.
export function refusedNote(data, name, refused) {
  const detail = fill(data.words[`address.${refused}`], { address: name });
  const said = fill(data.words["pos.no-fetch"], { name, detail });
  return make("p", { class: "message error", role: "alert", "data-refused": refused }, said);
}

// Resolves once the board pictures under `node` are drawn (or failed), so "painted" means the
// whole still, not only its words (bench/embeds.py and the tests wait on it).
export function pictured(node) {
  const pictures = [...node.querySelectorAll("img")];
  return Promise.all(pictures.map((img) => img.decode().catch(() => undefined)));
}
