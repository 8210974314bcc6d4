// Positions at first paint, and Python only when asked: every .attika-position gets its still
// preview (web/still.js: data and a picture written at install by scripts/previews.py), and
// the first "Try it" starts PyScript once for the whole page; web/main.py then brings to life
// each position whose holder says data-live. No Python and no Pyodide request before a tap.
// A module (deferred): web/boot.js has chosen the language by the time this runs.
import { scenarioAddress } from "./addresses.js";
import { watchBoards } from "./board-names.js";
import { ownStill, pictured, refusedNote, stillOf, stills, tryButton } from "./still.js";

const ROOT = new URL("../", import.meta.url); // the game's folder: this file is in web/
const lang = document.documentElement.lang || "en"; // chosen by web/boot.js
const KNOWN = globalThis.attikaLanguages || ["en"]; // web/languages.js
let started = false;

// The language one position is shown in: its holder's own lang (a page of lessons in
// several languages), else on embed.html the address's lang=, else the page's. The live
// position speaks the same (web/teach/page.py).
function langOf(holder) {
  let asked = holder.getAttribute("lang");
  if (!asked && document.body.classList.contains("embed")) {
    asked = new URLSearchParams(location.search).get("lang");
  }
  asked = String(asked || "").trim().toLowerCase();
  return KNOWN.includes(asked) ? asked : lang;
}

function scenarioOf(holder) {
  const named = holder.getAttribute("data-scenario");
  if (named) return named;
  return new URLSearchParams(location.search).get("scenario") || "";
}

// A shipped name (exactly one of the list in the data) gets its still; an address of one's own
// on this site gets the button at once and its own still when its file is read; any other
// address is refused here, before any fetch.
async function show(holder, data, spoken) {
  if (holder.hasAttribute("data-key")) return; // Python got here first
  const name = scenarioOf(holder);
  const still = stillOf(data, name, ROOT, spoken);
  if (still) {
    holder.replaceChildren(still);
    return;
  }
  const checked = name ? scenarioAddress(name, ROOT, location.href) : {};
  holder.replaceChildren(checked.refused ? refusedNote(data, name, checked.refused) : tryButton(data, name));
  if (!checked.url) return;
  const own = await ownStill(data, name, checked.url, spoken, ROOT);
  if (own && !holder.hasAttribute("data-key") && !holder.hasAttribute("data-live")) {
    holder.replaceChildren(own);
  }
}

function start() {
  if (started) return;
  started = true;
  const loading = document.getElementById("loading");
  if (loading) loading.hidden = false;
  const py = document.createElement("script");
  py.type = "py";
  py.src = "web/main.py";
  py.setAttribute("config", "pyscript.json");
  document.body.append(py);
  const core = document.createElement("script");
  core.type = "module";
  core.src = "web/vendor/pyscript/core.js";
  document.head.append(core);
}

// Before Python: mark the position live and start Python; once Python runs, its own
// click handler (web/main.py) brings a newly marked position to life.
document.addEventListener(
  "click",
  (event) => {
    const button = event.target.closest && event.target.closest("[data-try]");
    if (!button) return;
    const holder = button.closest(".attika-position");
    if (!holder) return;
    holder.setAttribute("data-live", "1");
    button.disabled = true;
    button.classList.add("starting");
    start();
  },
  true,
);

const holders = [...document.querySelectorAll(".attika-position")];
Promise.all(
  holders.map((holder) => {
    const spoken = langOf(holder);
    holder.setAttribute("lang", spoken);
    return stills(ROOT, spoken).then((data) => show(holder, data, spoken));
  }),
)
  .then(() => Promise.all(holders.map(pictured)))
  .then(() => {
    document.body.dataset.previews = String(holders.length);
    window.attikaPreviewsPainted = performance.now();
  });
window.attikaPreview = { start };
watchBoards(); // the live boards' building names: readable, or pictures instead
