// <attika-course></attika-course> on a page of lessons makes it a course: the lessons of the
// page in order, which of them this reader solved on this device ("4 of 11 solved"), the
// next unsolved one, and a way to forget it all. Nothing leaves the browser: progress is
// kept in its storage only, per lesson file and its content, so a changed lesson counts as
// new. Solved means the lesson's last step was judged right on this page (the verdict web/
// teach/ draws). No Python is needed to show progress: it is there at first paint.
// A course can also be a short file (src="...", web/course-file.js): its lessons are put on
// the page after the element, and a malformed file is said instead, with no lesson shown.
import { scenarioAddress } from "./addresses.js";
import { loadCourse } from "./course-file.js";
import { boundedText, stills } from "./still.js";

const ROOT = new URL("../", import.meta.url); // the game's folder: this file is in web/
const KEY = "attika.course.solved";
const MOST_KEPT = 2000; // lessons remembered at most; the oldest go first
const MOST_KEY = 2100; // an address and a fingerprint
const LESSON_CHARS = 200000; // attika/inputs.py's SCENARIO_CHARS

// What was solved, as the browser keeps it: { "<address>#<fingerprint>": 1 }. Anything else
// found there (another program's entry, a hand edit) is left out, never trusted.
function readSolved() {
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch (_) {
    return new Map();
  }
  const out = new Map();
  if (!kept || typeof kept !== "object" || Array.isArray(kept)) return out;
  for (const [key, value] of Object.entries(kept)) {
    if (value === 1 && key.length <= MOST_KEY && key.includes("#")) out.set(key, 1);
  }
  return out;
}

function writeSolved(solved) {
  const keys = [...solved.keys()].slice(-MOST_KEPT);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(keys.map((k) => [k, 1]))));
    return true;
  } catch (_) {
    return false; // storage full or refused: the page says so
  }
}

// A fingerprint of a lesson's text (two 32-bit FNV-1a hashes): which content was solved,
// not a secret; the same in any browser, on http too.
export function fingerprint(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

// The file a lesson's holder names, checked as the position checks it; null when refused.
function lessonAddress(holder) {
  let name = holder.getAttribute("data-scenario") || holder.getAttribute("scenario") || "";
  if (!name) return null;
  return scenarioAddress(name, ROOT, location.href).url || null;
}

// The lesson's identity: its address and its content's fingerprint, read once per page.
const identities = new Map();
function identityOf(url) {
  if (!identities.has(url)) {
    identities.set(
      url,
      fetch(url, { credentials: "same-origin" })
        .then(async (response) => {
          if (!response.ok) return null;
          const text = await boundedText(response, LESSON_CHARS);
          return text === null ? null : `${url}#${fingerprint(text)}`;
        })
        .catch(() => null),
    );
  }
  return identities.get(url);
}

// Where a lesson is drawn: an element's shadow root (web/attika-embed.js), else its holder.
function inside(holder) {
  return holder.shadowRoot || holder;
}

// Solved: the verdict says right, and there is no further step to go on to.
function solvedNow(holder) {
  const right = inside(holder).querySelector(".feedback.solved");
  return Boolean(right && !right.querySelector('[data-cmd="next"]'));
}

function make(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  node.append(...children); // text, never markup
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
}

let courses = 0;

class AttikaCourse extends HTMLElement {
  connectedCallback() {
    if (this.lessons) return;
    addStyle(); // only on a page that holds a course
    const number = ++courses;
    this.lessons = [];
    this.said = "";
    this.heading = "";
    // its own lang, else the page's, else as the lessons choose (web/language-choice.js)
    const known = globalThis.attikaLanguages || ["en"];
    const asked = String(this.getAttribute("lang") || document.documentElement.lang || "").toLowerCase();
    const choice = globalThis.attikaLanguageChoice;
    const spoken = known.includes(asked) ? asked : choice ? choice.playerLanguage(known) : "en";
    const src = this.getAttribute("src");
    if (!src) {
      this.follow(number, spoken);
      return;
    }
    this.placeLessons(src, spoken).then((placed) => placed && this.follow(number, spoken));
  }

  // The course file's lessons, after this element, each as <attika-position>; false (and the
  // error said in this element's place) when the file is refused, unreadable or malformed.
  async placeLessons(src, spoken) {
    const [course, data] = await Promise.all([loadCourse(src, ROOT, location.href), stills(ROOT, spoken)]);
    if (course.error) {
      const w = data.words;
      const detail = fill(w[course.error.key] || "", course.error.values);
      const said = fill(w["course.bad-file"], { address: String(src).slice(0, 300), detail });
      this.dataset.error = course.error.key;
      this.replaceChildren(make("p", { class: "course-error", role: "alert" }, said));
      return false;
    }
    const title = course.title;
    this.heading = title[spoken] || title[""] || title.en || Object.values(title)[0] || "";
    const own = this.getAttribute("lang");
    const lessons = course.lessons.map((name) => make("attika-position", own ? { scenario: name, lang: own } : { scenario: name }));
    this.after(make("div", { class: "course-lessons" }, ...lessons));
    return true;
  }

  // Every lesson of the page, followed: its identity read, its verdict watched.
  follow(number, spoken) {
    const holders = [...document.querySelectorAll("attika-position, .attika-position")].filter(
      (n) => n.tagName !== "MAIN" && !n.closest(".recording-board"),
    );
    holders.forEach((holder, i) => {
      if (!holder.id) holder.id = `lesson-${number}-${i + 1}`;
      const lesson = { holder, key: null, url: lessonAddress(holder) };
      this.lessons.push(lesson);
      if (lesson.url) {
        identityOf(lesson.url).then((key) => {
          lesson.key = key;
          this.draw();
        });
      }
      // the verdict is drawn by Python into the holder: a right one is kept at once (an
      // element's shadow root is there once the element is defined)
      const element = holder.tagName === "ATTIKA-POSITION" && !holder.shadowRoot;
      (element ? customElements.whenDefined("attika-position") : Promise.resolve()).then(() => {
        new MutationObserver(() => this.check(lesson)).observe(inside(holder), { childList: true, subtree: true });
        this.draw();
      });
    });
    stills(ROOT, spoken).then((data) => {
      this.words = data.words;
      this.draw();
    });
  }

  check(lesson) {
    if (!lesson.key || !solvedNow(lesson.holder)) {
      this.draw();
      return;
    }
    const solved = readSolved();
    if (solved.has(lesson.key)) {
      this.draw();
      return;
    }
    solved.delete(lesson.key);
    solved.set(lesson.key, 1); // the newest last: the oldest are let go first
    this.said = writeSolved(solved) ? "" : "course.not-kept";
    this.draw();
  }

  reset() {
    const solved = readSolved();
    for (const lesson of this.lessons) if (lesson.key) solved.delete(lesson.key);
    this.said = writeSolved(solved) ? "course.forgotten" : "course.not-kept";
    this.draw();
    this.querySelector(".course-count").focus();
  }

  draw() {
    const w = this.words;
    if (!w) return;
    const solved = readSolved();
    const titleOf = (lesson, i) => {
      const h = inside(lesson.holder).querySelector("h2");
      return (h && h.textContent.trim()) || fill(w["course.lesson"], { n: i + 1 });
    };
    const done = this.lessons.map((l) => Boolean(l.key && solved.has(l.key)));
    const count = done.filter(Boolean).length;
    const next = this.lessons.findIndex((l, i) => !done[i]);
    const items = this.lessons.map((lesson, i) => {
      lesson.holder.toggleAttribute("data-solved", done[i]);
      const state = make("span", { class: done[i] ? "course-state solved" : "course-state" }, w[done[i] ? "course.solved" : "course.unsolved"]);
      return make("li", null, make("a", { href: `#${lesson.holder.id}` }, titleOf(lesson, i)), " ", state);
    });
    const count_ = make("p", { class: "course-count", tabindex: "-1" }, fill(w["course.count"], { n: count, total: this.lessons.length }));
    const bar = make("progress", { max: String(this.lessons.length || 1), value: String(count), "aria-hidden": "true" });
    const lead = next < 0
      ? make("p", { class: "course-next" }, w["course.all"])
      : make("p", { class: "course-next" }, make("a", { href: `#${this.lessons[next].holder.id}`, "data-next": "" }, fill(w["course.next"], { title: titleOf(this.lessons[next], next) })));
    const reset = make("button", { type: "button", class: "course-reset" }, w["course.reset"]);
    reset.addEventListener("click", () => this.reset());
    const note = make("p", { class: "course-said", role: "status" }, this.said ? w[this.said] : "");
    const list = make("details", { class: "course-list" }, make("summary", null, w["course.lessons"]), make("ol", null, ...items));
    const focused = this.contains(document.activeElement) ? document.activeElement.className : null;
    const heading = this.heading ? [make("h2", { class: "course-heading" }, this.heading)] : [];
    this.replaceChildren(make("section", { class: "course", "aria-label": w["course.title"] }, ...heading, count_, bar, lead, list, reset, note));
    if (this.dataset.open === "1") this.querySelector(".course-list").open = true;
    this.querySelector(".course-list").addEventListener("toggle", (e) => (this.dataset.open = e.target.open ? "1" : "0"));
    if (focused) {
      const again = this.querySelector(`.${focused.split(" ")[0]}`);
      if (again) again.focus();
    }
    this.dataset.solved = String(count);
  }
}

function addStyle() {
  const href = new URL("web/course.css", ROOT).href;
  if ([...document.styleSheets].some((s) => s.href === href)) return;
  document.head.append(make("link", { rel: "stylesheet", href }));
}

if (!customElements.get("attika-course")) customElements.define("attika-course", AttikaCourse);
