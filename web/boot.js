// The loading screen: painted by plain HTML at once, then told how far start-up has
// come, and told plainly what failed if it fails. Runs before PyScript; no Python here.
(() => {
  "use strict";
  const started = performance.now();
  const STEPS = [
    // [text PyScript reports on "py:progress", what the player reads, share of the bar]
    ["Loading Pyodide", "Loading Python (about 6 MB, once)…", 0.15],
    ["Loading Storage", "Starting Python…", 0.55],
    ["Loading files", "Loading the rules of Attika…", 0.75],
    ["Loaded files", "Setting up the board…", 0.9],
  ];
  let failed = false;

  const $ = (id) => document.getElementById(id);
  function step(text, share) {
    if (failed) return;
    const line = $("load-step");
    const bar = $("load-bar");
    if (line) line.textContent = text;
    if (bar) bar.style.width = `${Math.round(share * 100)}%`;
  }

  function fail(what, detail) {
    if (failed || document.body.dataset.ready === "1") return;
    failed = true;
    document.body.dataset.loadFailed = "1";
    const box = $("load-error");
    const line = $("load-step");
    if (line) line.textContent = "Attika could not start.";
    if (!box) return;
    box.hidden = false;
    box.textContent = "";
    const head = document.createElement("p");
    head.textContent = what;
    const more = document.createElement("pre");
    more.textContent = String(detail || "").slice(0, 1200);
    const hint = document.createElement("p");
    hint.textContent =
      "Reload to try again. If you host the game yourself, run the install step " +
      "(it copies Pyodide and PyScript into web/vendor/).";
    box.append(head, more, hint);
  }

  addEventListener("py:progress", (event) => {
    const detail = String(event.detail || "");
    for (const [key, text, share] of STEPS) {
      if (detail.startsWith(key)) step(text, share);
    }
  });
  document.addEventListener("py:ready", () => step("Loading the rules of Attika…", 0.8));

  // A resource that fails to load (a missing vendored file, a broken script).
  addEventListener(
    "error",
    (event) => {
      const el = event.target;
      if (el && el !== window && (el.src || el.href)) {
        fail(`A file of the game could not be loaded: ${el.src || el.href}`, "");
      } else if (event.message) {
        fail("Python or the page stopped with an error.", event.message);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    fail("Python could not be started.", (reason && (reason.message || reason)) || "");
  });

  // PyScript reports Python errors as an element with class "py-error".
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.classList && node.classList.contains("py-error")) {
          fail("Python stopped with an error while starting the game.", node.textContent);
        }
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  // Never spin forever in silence: after a while, say that it is slow.
  setTimeout(() => {
    if (!failed && document.body && document.body.dataset.ready !== "1") {
      step(
        "Still loading after 45 seconds. A slow connection? The first start downloads about 6 MB.",
        0.95,
      );
    }
  }, 45000);

  // Offline play: once Python is up (so the worker's downloads never compete with the
  // first start), register sw.js, which keeps every file of the game for the next time.
  // Opening the page from a file:// or a host without HTTPS simply skips it.
  function registerWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register("sw.js").catch((error) => {
      console.warn("Attika: offline play is not available:", error);
    });
  }
  new MutationObserver((records, observer) => {
    if (document.body && document.body.dataset.ready === "1") {
      observer.disconnect();
      registerWorker();
    }
  }).observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });

  window.attikaBoot = { started, fail };
})();
