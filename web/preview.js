// Positions at first paint, and Python only when asked: every .attika-position gets its still
// preview (web/previews/<name>.<lang>.html, made at install by scripts/previews.py), and the
// first "Try it" starts PyScript once for the whole page; web/main.py then brings to life
// each position whose holder says data-live. No Python and no Pyodide request before a tap.
(() => {
  "use strict";
  const lang = document.documentElement.lang || "en"; // chosen by web/boot.js
  let started = false;

  function scenarioOf(holder) {
    const named = holder.getAttribute("data-scenario");
    if (named) return named;
    return new URLSearchParams(location.search).get("scenario") || "";
  }

  // A shipped scenario's name (no slash, no .json) has a preview; an address of one's own
  // gets only the button.
  function show(holder) {
    const name = scenarioOf(holder);
    const plain = () => {
      if (holder.querySelector("[data-try]")) return;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "primary try";
      button.setAttribute("data-try", name);
      button.textContent = lang === "de" ? "Ausprobieren" : lang === "nl" ? "Probeer het" : "Try it";
      holder.append(button);
    };
    if (!name || name.includes("/") || name.endsWith(".json")) return Promise.resolve(plain());
    return fetch(`web/previews/${name}.${lang}.html`)
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then((markup) => {
        if (!holder.hasAttribute("data-key")) holder.innerHTML = markup; // Python not there yet
      })
      .catch(plain);
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

  function ready() {
    const holders = [...document.querySelectorAll(".attika-position")];
    Promise.all(holders.map(show)).then(() => {
      document.body.dataset.previews = String(holders.length);
      window.attikaPreviewsPainted = performance.now();
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
  window.attikaPreview = { start };
})();
