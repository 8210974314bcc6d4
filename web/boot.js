// The loading screen: painted by plain HTML at once, then told how far start-up has
// come, and told plainly what failed if it fails. Runs before PyScript; no Python here.
(() => {
  "use strict";
  const started = performance.now();

  // The player's language, chosen as web/core/text.py chooses it. The words are the "boot.*"
  // keys of web/i18n/<lang>.json; English is also written here, so the first words need
  // no download (tests/web/test_languages.py keeps both the same).
  const ENGLISH = {
    "boot.pyodide": "Loading Python (about 6 MB, once)…",
    "boot.python": "Starting Python…",
    "boot.rules": "Loading the rules of Attika…",
    "boot.board": "Setting up the board…",
    "boot.failed": "Attika could not start.",
    "boot.reload": "Reload to try again. If you host the game yourself, run the install step (it copies Pyodide and PyScript into web/vendor/).",
    "boot.missing-file": "A file of the game could not be loaded:",
    "boot.page-error": "Python or the page stopped with an error.",
    "boot.no-python": "Python could not be started.",
    "boot.python-error": "Python stopped with an error while starting the game.",
    "boot.slow": "Still loading after 45 seconds. A slow connection? The first start downloads about 6 MB.",
  };
  let words = ENGLISH;
  const T = (key) => words[key] || ENGLISH[key];
  function pickLanguage() {
    // web/languages.js and web/language-choice.js, loaded just before this file, hold the one
    // list of languages and the one way of choosing among them
    const known = globalThis.attikaLanguages || ["en"];
    // embed.html?lang=...: a teacher's frame speaks the language its address asks for
    if (location.pathname.endsWith("/embed.html")) {
      const asked = String(new URLSearchParams(location.search).get("lang") || "").toLowerCase();
      if (known.includes(asked)) return asked;
    }
    const choice = globalThis.attikaLanguageChoice;
    return choice ? choice.playerLanguage(known) : "en";
  }
  const language = pickLanguage();
  document.documentElement.lang = language;
  let loading = null;
  function load() {
    loading =
      loading ||
      fetch(`web/i18n/${language}.json`)
        .then((response) => (response.ok ? response.json() : {}))
        .catch(() => ({}));
    return loading;
  }
  if (language !== "en") {
    load().then((loaded) => {
      words = { ...ENGLISH, ...loaded };
      if (shown) step(shown[0], shown[1]); // say the current step again, translated
    });
  }
  // Words the page marks with data-t (all of rules.html's text) are written now, not when
  // Python is up: a reader can start reading while the live boards load.
  document.addEventListener("DOMContentLoaded", () => {
    const marked = document.querySelectorAll("[data-t], [data-t-aria]");
    const empty = [...marked].some((el) => el.hasAttribute("data-t") && !el.textContent.trim());
    if (language === "en" && !empty) return; // index.html is written in English already
    load().then((loaded) => {
      for (const el of marked) {
        const key = el.getAttribute("data-t");
        if (key && loaded[key]) el.textContent = loaded[key];
        const aria = el.getAttribute("data-t-aria");
        if (aria && loaded[aria]) el.setAttribute("aria-label", loaded[aria]);
      }
    });
  });

  const STEPS = [
    // [text PyScript reports on "py:progress", the words the player reads, share of the bar]
    ["Loading Pyodide", "boot.pyodide", 0.15],
    ["Loading Storage", "boot.python", 0.55],
    ["Loading files", "boot.rules", 0.75],
    ["Loaded files", "boot.board", 0.9],
  ];
  let failed = false;
  let shown = null;

  const $ = (id) => document.getElementById(id);
  function step(key, share) {
    if (failed) return;
    shown = [key, share];
    const line = $("load-step");
    const bar = $("load-bar");
    if (line) line.textContent = T(key);
    if (bar) bar.style.width = `${Math.round(share * 100)}%`;
  }

  function fail(what, detail) {
    if (failed || document.body.dataset.ready === "1") return;
    failed = true;
    document.body.dataset.loadFailed = "1";
    const box = $("load-error");
    const line = $("load-step");
    if (line) line.textContent = T("boot.failed");
    if (!box) return;
    box.hidden = false;
    box.textContent = "";
    const head = document.createElement("p");
    head.textContent = what;
    const more = document.createElement("pre");
    more.textContent = String(detail || "").slice(0, 1200);
    const hint = document.createElement("p");
    hint.textContent = T("boot.reload");
    box.append(head, more, hint);
  }

  addEventListener("py:progress", (event) => {
    const detail = String(event.detail || "");
    for (const [key, text, share] of STEPS) {
      if (detail.startsWith(key)) step(text, share);
    }
  });
  document.addEventListener("py:ready", () => step("boot.rules", 0.8));

  // A resource that fails to load (a missing vendored file, a broken script).
  addEventListener(
    "error",
    (event) => {
      const el = event.target;
      if (el && el !== window && (el.src || el.href)) {
        fail(`${T("boot.missing-file")} ${el.src || el.href}`, "");
      } else if (event.message) {
        fail(T("boot.page-error"), event.message);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    fail(T("boot.no-python"), (reason && (reason.message || reason)) || "");
  });

  // PyScript reports Python errors as an element with class "py-error".
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.classList && node.classList.contains("py-error")) {
          fail(T("boot.python-error"), node.textContent);
        }
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  // Never spin forever in silence: after a while, say that it is slow.
  setTimeout(() => {
    if (!failed && document.body && document.body.dataset.ready !== "1") {
      step("boot.slow", 0.95);
    }
  }, 45000);

  // Offline play: once Python is up (so the worker's downloads never compete with the
  // first start), register sw.js, which keeps every file of the game for the next time.
  // Opening the page from a file:// or a host without HTTPS simply skips it.
  function registerWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    // updateViaCache "none": the update check asks the server for sw.js and precache.js
    // every time, never the HTTP cache, so a new version is noticed on the next visit.
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((error) => {
      console.warn("Attika: offline play is not available:", error);
    });
  }
  new MutationObserver((records, observer) => {
    if (document.body && document.body.dataset.ready === "1") {
      observer.disconnect();
      registerWorker();
    }
  }).observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });

  // Python's loader (web/start/pyodide.mjs) run early: a kept snapshot then unpacks while
  // PyScript itself starts up, and PyScript's own import of the same address gets this same
  // module. A page that starts Python at once says so by preloading the loader; a page of
  // positions starts it on the first tap on "Try it" (web/preview.js starts PyScript then).
  const LOADER = new URL("start/pyodide.mjs", document.currentScript.src).href;
  const PYSCRIPT = new URL("vendor/pyscript/core.js", document.currentScript.src).href;
  let loaderStarted = false;
  function startLoader() {
    if (loaderStarted) return;
    loaderStarted = true;
    import(LOADER).catch(() => {}); // a failure is reported when PyScript imports it
  }
  const PRELOAD = 'link[rel="modulepreload"][href$="web/start/pyodide.mjs"]';
  const preloaded = () => document.querySelector(PRELOAD);
  if (preloaded()) {
    startLoader();
  } else {
    const watch = new MutationObserver(() => {
      if (preloaded()) {
        watch.disconnect();
        startLoader();
      }
    });
    watch.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => watch.disconnect());
  }
  document.addEventListener(
    "click",
    (event) => {
      if (event.target.closest && event.target.closest("[data-try]")) startLoader();
    },
    true,
  );
  // An installed game (the service worker keeps every file, so nothing is downloaded) starts
  // the loader of a page of positions at once, not on the first "Try it": Python is restored
  // while the reader reads, and the tap waits only for PyScript and the position itself (a
  // tap had waited about 0.5 s more for the restore). Not in a frame: a teacher's page of
  // several embedded positions would restore one Python per frame for taps that may never
  // come. PyScript's own module is fetched and compiled ahead too, not run.
  document.addEventListener("DOMContentLoaded", () => {
    const installed = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
    if (!installed || window.top !== window || !document.querySelector(".attika-position")) return;
    startLoader();
    const core = document.createElement("link");
    core.rel = "modulepreload";
    core.href = PYSCRIPT;
    document.head.append(core);
  });

  window.attikaBoot = { started, fail };
})();
