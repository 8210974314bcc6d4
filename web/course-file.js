// A course as a short file: <attika-course src="/courses/building.json"> reads it and puts
// its lessons on the page, in order, as <attika-position> elements. The whole file is checked
// before anything is shown: a malformed one is said, with the field that is wrong, and no
// lesson of it appears (never half a course). Only a file of the page's own site is read.
//   { "format": "attika-course", "version": 1, "title": "Building cheaply",
//     "lessons": ["roads", "/lessons/where-is-the-fortress-cheapest.json"] }
import { sameSite, scenarioAddress } from "./addresses.js";
import { boundedText } from "./still.js";

export const COURSE_CHARS = 20000; // a list of addresses: short
export const MOST_LESSONS = 100;
const ADDRESS_CHARS = 300;
const FIELDS = new Set(["format", "version", "title", "lessons"]);

// What is wrong, as a word key and its values; the page words it (web/i18n: course.*).
class Malformed extends Error {
  constructor(key, values = {}) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

// A course's title: one text for every language, or texts by language ({"en": ...}).
function readTitle(value) {
  if (value === undefined) return {};
  if (typeof value === "string" && value.trim() && value.length <= 200) return { "": value };
  const plain = value && typeof value === "object" && !Array.isArray(value);
  const texts = plain ? Object.entries(value) : [];
  const good = texts.length && texts.every(([k, t]) => /^[a-z]{2}$/.test(k) && typeof t === "string" && t.trim() && t.length <= 200);
  if (!good) throw new Malformed("course.bad-title");
  return Object.fromEntries(texts);
}

// The course in `text` (the file at `url`, read from the page at `page`): its title and its
// lessons' checked addresses; throws Malformed naming what is wrong.
export function readCourse(text, root, page) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (_) {
    throw new Malformed("course.not-course");
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Malformed("course.not-course");
  if (data.format !== "attika-course" || data.version !== 1) throw new Malformed("course.not-course");
  for (const field of Object.keys(data)) {
    if (!FIELDS.has(field)) throw new Malformed("course.unknown", { field: field.slice(0, 40) });
  }
  const title = readTitle(data.title);
  const lessons = data.lessons;
  if (!Array.isArray(lessons) || !lessons.length || lessons.length > MOST_LESSONS) {
    throw new Malformed("course.bad-lessons", { most: MOST_LESSONS });
  }
  const names = lessons.map((name, i) => {
    const n = i + 1;
    if (typeof name !== "string" || !name || name.length > ADDRESS_CHARS) throw new Malformed("course.bad-lesson", { n });
    const checked = scenarioAddress(name, root, page);
    if (!checked.url) throw new Malformed("course.bad-lesson", { n });
    return name;
  });
  return { title, lessons: names };
}

// The course file `src` read and checked: { title, lessons } or { error: { key, values } }.
export async function loadCourse(src, root, page) {
  const checked = sameSite(String(src || ""), page);
  if (!checked.url) return { error: { key: `address.${checked.refused}`, values: { address: String(src).slice(0, ADDRESS_CHARS) } } };
  let text;
  try {
    const response = await fetch(checked.url, { credentials: "same-origin" });
    text = response.ok ? await boundedText(response, COURSE_CHARS) : null;
  } catch (_) {
    text = null;
  }
  if (text === null) return { error: { key: "course.unreadable", values: {} } };
  try {
    return readCourse(text, root, page);
  } catch (e) {
    if (e instanceof Malformed) return { error: { key: e.key, values: e.values } };
    throw e;
  }
}
