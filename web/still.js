// The still preview of a shipped position, drawn by the page's own code from data: no fetched
// text ever becomes markup (docs/security.md). scripts/previews.py writes, at install,
// web/previews/<lang>.json (the words, and every shipped position's title, intro, task and
// picture text: its keys are the exact list of shipped names) and <name>.<lang>.svg, the
// board as a picture, shown through <img>, which runs no script.

// Used when the words cannot be fetched; tests/web/test_twins.py keeps them as en.json has them.
export const ENGLISH = {
  "pos.try": "Try it",
  "pos.task": "Your task:",
  "pos.intro-fold": "About this position",
  "pos.preview": "The position {title}, as a picture",
  "pos.no-fetch": "The position {name} could not be loaded: {detail}",
  "pos.no-picture": "This lesson's file has no picture of its board: download it again from the editor, or run scripts/lesson_still.py on it. Try it shows the board.",
  "course.title": "Your progress in this course",
  "course.count": "{n} of {total} solved on this device",
  "course.next": "Next unsolved: {title}",
  "course.all": "Every lesson of this course is solved.",
  "course.lessons": "The lessons",
  "course.lesson": "Lesson {n}",
  "course.solved": "solved",
  "course.unsolved": "not yet solved",
  "course.reset": "Forget my progress",
  "course.forgotten": "Progress forgotten: every lesson here counts as unsolved again.",
  "course.not-kept": "This browser did not keep your progress: its storage is full or switched off.",
  "course.bad-file": "The course {address} cannot be shown: {detail}",
  "course.unreadable": "its file could not be read (it is missing, or too long).",
  "course.not-course": "it is not a course file, which is JSON with \"format\": \"attika-course\" and \"version\": 1.",
  "course.unknown": "\"{field}\" is not a field of a course file (only format, version, title and lessons are).",
  "course.bad-title": "its title must be a text, or texts by language.",
  "course.bad-lessons": "\"lessons\" must list from 1 to {most} lessons.",
  "course.bad-lesson": "lesson {n} is neither the name of one of the game's lessons nor the address of a file on this site.",
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

let shown = 0; // previews on this page, for their titles' ids

// A still as the live position looks: title, intro, task, "Try it", and the board's picture
// when there is one. Every text goes in as text.
function stillSection(data, name, texts, src) {
  const titleId = `preview-${++shown}-title`;
  const head = make("header", { class: "poshead" }, make("h2", { id: titleId }, texts.title));
  if (texts.intro) {
    // folded, as in the live compact position
    const intro = make("p", { class: "intro" }, texts.intro);
    head.append(make("details", { class: "intro-fold" }, make("summary", null, data.words["pos.intro-fold"]), intro));
  }
  if (texts.task) {
    head.append(make("p", { class: "task" }, make("strong", null, data.words["pos.task"]), " ", texts.task));
  }
  head.append(tryButton(data, name));
  const section = make("section", { class: "pos preview", "aria-labelledby": titleId, "data-preview": name }, head);
  if (src) {
    const alt = texts.alt || fill(data.words["pos.preview"], { title: texts.title });
    const picture = make("img", { class: "board-svg", src, alt });
    section.append(make("div", { class: "posbody" }, make("div", { class: "posboard" }, picture)));
  }
  return section;
}

// A shipped position's still, or null when `name` is not exactly one of the shipped names.
export function stillOf(data, name, root, lang) {
  if (!name || !Object.hasOwn(data.previews, name)) return null;
  const src = new URL(`web/previews/${name}.${lang}.svg`, root).href;
  return stillSection(data, name, data.previews[name], src);
}

// A teacher's own lesson: its file is read (this site's only: the address was checked before),
// bounded before it is parsed, and only its texts and its picture are taken. The picture is
// what the editor drew into the file (attika/scenario.py checks it) and is shown through
// <img>, which runs no script and loads nothing. Null when the file cannot be had or read:
// the bare "Try it" stays, and Python says what is wrong on the tap.
const LESSON_CHARS = 200000; // attika/inputs.py's SCENARIO_CHARS
export async function ownStill(data, name, url, lang, root) {
  let lesson;
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) return null;
    const text = await boundedText(response, LESSON_CHARS);
    if (text === null) return null;
    lesson = JSON.parse(text);
  } catch (_) {
    return null;
  }
  if (!lesson || typeof lesson !== "object" || Array.isArray(lesson)) return null;
  const pictures = plain(lesson.still);
  const spoken = spokenFor(lesson, pictures, lang);
  const texts = {
    title: textIn(lesson.title, spoken),
    intro: textIn(lesson.intro, spoken),
    task: textIn(plain(lesson.task).text, spoken),
  };
  if (!texts.title) return null;
  // the page's words in the lesson's language too: never half in one language
  const words = spoken === lang || !root ? data : await stills(root, spoken);
  const svg = pictures[spoken];
  const src = typeof svg === "string" && svg.startsWith("<svg") && svg.length <= LESSON_CHARS
    ? URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }))
    : null;
  const section = stillSection(words, name, texts, src);
  if (!src) {
    // a file written by hand, or copied before its picture was drawn in: said, not blank
    section.append(make("p", { class: "message info no-picture", "data-no-picture": "" }, words.words["pos.no-picture"]));
  }
  section.setAttribute("lang", spoken);
  return section;
}

// A response's text, read no further than `most` characters could take (4 bytes each in
// UTF-8): a huge file is given up part way, not read whole first. Null when too long.
export async function boundedText(response, most) {
  const reader = response.body.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > most * 4) {
      reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const text = await new Blob(parts).text();
  return text.length > most ? null : text;
}

function plain(value) {
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

// A lesson's text in one language: one string for all, or one of its texts by language.
function textIn(value, lang) {
  if (typeof value === "string") return value.slice(0, LESSON_CHARS);
  const text = plain(value)[lang];
  return typeof text === "string" ? text.slice(0, LESSON_CHARS) : "";
}

// As the live lesson chooses (web/teach/position_scene.py): the asked language if the lesson
// is written in it, else wholly in the language it is always written in, the first.
function spokenFor(lesson, pictures, lang) {
  const first = (globalThis.attikaLanguages || [lang])[0];
  if (Object.keys(pictures).length) return Object.hasOwn(pictures, lang) ? lang : first;
  const texts = [lesson.title, lesson.intro, plain(lesson.task).text];
  const written = texts.every((t) => t === undefined || typeof t === "string" || Object.hasOwn(plain(t), lang));
  return written ? lang : first;
}

// Why a position's address is not opened, said where the position would be.
export function refusedNote(data, name, refused) {
  const detail = fill(data.words[`address.${refused}`], { address: name });
  const said = fill(data.words["pos.no-fetch"], { name, detail });
  return make("p", { class: "message error", role: "alert", "data-refused": refused }, said);
}

// Resolves once the board pictures under `node` are drawn (or failed), so "painted" means the
// whole still, not only its words (bench/embeds.py and the tests wait on it). Decoded is not
// drawn: WebKit resolves decode() of an SVG picture before it has drawn it, and a screen
// taken then showed an empty board (2 of 13 fresh loads); two frames later it is drawn.
export function pictured(node) {
  const pictures = [...node.querySelectorAll("img")];
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return Promise.all(pictures.map((img) => img.decode().catch(() => undefined)))
    .then(frame)
    .then(frame);
}
