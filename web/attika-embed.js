// <attika-position scenario="roads"></attika-position> on any page of the same host, after
//   <script type="module" src="web/attika-embed.js"></script>
// Each element shows its position's still preview at once (web/still.js: data and a picture
// made at install) with a "Try it"; the first tap on the page starts ONE Python (PyScript,
// web/main.py) for every element, and each element then plays its own position. No Python
// before a tap. Only files of the page's own site are opened (docs/security.md).
import { scenarioAddress } from "./addresses.js";
import { watchBoards } from "./board-names.js";
import "./language-choice.js"; // sets globalThis.attikaLanguageChoice: how the language is chosen
import "./languages.js"; // sets globalThis.attikaLanguages: the one list, written at install
// after the languages: <attika-course> speaks as the lessons do
import "./course.js"; // <attika-course>: a page of these lessons as a course
import { ownStill, pictured, refusedNote, stillOf, stills, tryButton } from "./still.js";

const ROOT = new URL("../", import.meta.url); // the game's folder: this file is in web/
const KNOWN = globalThis.attikaLanguages || ["en"];
const lang = globalThis.attikaLanguageChoice.playerLanguage(KNOWN); // as web/boot.js chooses
let started = false;

// Each lesson is drawn in its element's shadow root, with web/position.css (written at install
// from the game's style) linked there: no rule of the host page reaches inside, none of the
// game's reaches out, by construction. Python draws into the same root (web/teach/page.py).
const STYLE = new URL("web/position.css", ROOT).href;
function shadowOf(element) {
  const root = element.attachShadow({ mode: "open" });
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLE;
  root.append(link);
  return root;
}

// What the root shows, its style kept: `node` in place of whatever was drawn before.
function show(root, node) {
  for (const old of [...root.childNodes]) if (old.nodeName !== "LINK") old.remove();
  root.append(node);
}

// One Python for the page: main.py finds every .attika-position and brings to life those
// marked data-live; later taps reach its own click handler.
// PyScript reads the interpreter's and the files' addresses from the page, not from the
// configuration's own address: they are made absolute here for a page in any folder.
async function startPython() {
  if (started) return;
  started = true;
  // Python's loader first, before PyScript's core: a kept snapshot unpacks and restores while
  // PyScript loads, and PyScript's import of the same address gets this same module.
  import(new URL("web/start/pyodide.mjs", ROOT).href).catch(() => {}); // reported by PyScript
  const response = await fetch(new URL("pyscript.json", ROOT));
  const config = await response.json();
  config.interpreter = new URL(config.interpreter, ROOT).href;
  config.files = Object.fromEntries(
    Object.entries(config.files || {}).map(([from, to]) => [new URL(from, ROOT).href, to]),
  );
  const py = document.createElement("script");
  py.type = "py";
  py.src = new URL("web/main.py", ROOT).href;
  py.setAttribute("config", JSON.stringify(config));
  document.body.append(py);
  const core = document.createElement("script");
  core.type = "module";
  core.src = new URL("web/vendor/pyscript/core.js", ROOT).href;
  document.head.append(core);
}

// width="400" height="300" on the element, as on an <iframe>: set through the style object,
// which a content security policy without 'unsafe-inline' allows (a style="..." attribute it
// refuses). Whole pixels from 120 to 4000 only; anything else is left as the page has it.
function sizeFromAttributes(element) {
  for (const side of ["width", "height"]) {
    const text = String(element.getAttribute(side) || "").trim();
    if (!/^\d{3,4}$/.test(text)) continue;
    const px = Number(text);
    if (px >= 120 && px <= 4000) element.style[side] = `${px}px`;
  }
}

class AttikaPosition extends HTMLElement {
  connectedCallback() {
    if (this.hasAttribute("data-scenario")) return; // connected before
    const name = this.getAttribute("scenario") || "";
    this.classList.add("attika-position");
    this.setAttribute("data-compact", ""); // the board, the task and the controls it needs
    sizeFromAttributes(this);
    // A height given by the page (the element is still empty here): then the lesson is laid
    // out inside it as embed.html lays out its frame (web/position.css, [data-sized]).
    // (as a block, seen: the style may not have arrived yet, and an inline box has no height)
    const [display, seen] = [this.style.display, this.style.contentVisibility];
    Object.assign(this.style, { display: "block", contentVisibility: "visible" });
    if (this.getBoundingClientRect().height > 60) this.setAttribute("data-sized", "");
    Object.assign(this.style, { display, contentVisibility: seen });
    const root = shadowOf(this);
    this.addEventListener("click", (event) => this.tapped(event), true);
    // the address Python fetches, checked here and again there: right from any folder of the
    // host, and never a file of another site (nor the game's own files from a page elsewhere)
    const checked = scenarioAddress(name, ROOT, location.href);
    this.setAttribute("data-scenario", checked.url || name);
    // where the live board finds its art from this page (web/teach/art.py checks it)
    if (ROOT.href !== new URL("./", location.href).href) {
      this.setAttribute("data-art", ART_SHEET);
      new MutationObserver((records) => records.forEach((r) => rebase(r.target))).observe(root, { childList: true, subtree: true });
    }
    watchBoards(root); // the live board's building names: readable, or pictures instead
    // its own lang="..." if the game speaks it, else the page's choice (the live position
    // speaks the same: web/teach/page.py)
    const asked = String(this.getAttribute("lang") || "").trim().toLowerCase();
    const spoken = KNOWN.includes(asked) ? asked : lang;
    this.setAttribute("lang", spoken);
    stills(ROOT, spoken).then(async (data) => {
      if (this.hasAttribute("data-key")) return; // Python got here first
      if (checked.refused) {
        show(root, refusedNote(data, name, checked.refused));
        return;
      }
      let still = stillOf(data, name, ROOT, spoken);
      show(root, still || tryButton(data, name));
      if (!still && checked.url) {
        // a lesson of one's own: its still once its file is read (the button meanwhile)
        still = await ownStill(data, name, checked.url, spoken, ROOT);
        if (!still || this.hasAttribute("data-key") || this.hasAttribute("data-live")) return;
        show(root, still);
      }
      if (still) pictured(still).then(() => (this.dataset.preview = "1"));
    });
  }

  tapped(event) {
    const hit = event.composedPath()[0]; // inside the shadow root: the target is the element
    const button = hit && hit.closest && hit.closest("[data-try]");
    if (!button || this.hasAttribute("data-live")) return;
    this.setAttribute("data-live", "1");
    button.disabled = true;
    button.classList.add("starting");
    startPython();
  }
}

// The live board (drawn by Python) names its art "web/svg/art.svg#...", from the game's
// folder; a page in another folder gets the same addresses made absolute as they appear.
const ART = new URL("web/", ROOT).href;
const ART_SHEET = new URL("web/svg/art.svg", ROOT).href;
function rebase(root) {
  if (!root.querySelectorAll) return;
  for (const node of root.querySelectorAll('use[href^="web/"], img[src^="web/"]')) {
    const name = node.hasAttribute("href") ? "href" : "src";
    node.setAttribute(name, ART + node.getAttribute(name).slice(4));
  }
}

if (!customElements.get("attika-position")) customElements.define("attika-position", AttikaPosition);
