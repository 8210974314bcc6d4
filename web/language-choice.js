// The player's language, chosen before Python runs as web/core/text.py pick_language chooses
// it once Python is up: the choice saved on this device, else the first of the browser's
// languages the game speaks (de-AT counts as de), else English. web/boot.js and
// web/attika-embed.js both choose with this, and tests/web/test_twins.py gives it and
// pick_language the same cases (tests/data/language-choice.json).
//
// A plain script, not a module, because boot.js runs before any module does: the pages load
// it by <script src> just before boot.js, and attika-embed.js imports it for what it sets,
// globalThis.attikaLanguageChoice.
(() => {
  "use strict";

  // `known`: the game's languages (web/languages.js); `saved`: what this device keeps, or
  // null; `browser`: the browser's languages, most wanted first.
  function chooseLanguage(known, saved, browser) {
    if (known.includes(saved)) return saved;
    for (const tag of browser) {
      const base = String(tag || "").split("-")[0].toLowerCase();
      if (known.includes(base)) return base;
    }
    return "en";
  }

  function playerLanguage(known) {
    let saved = null;
    try {
      saved = localStorage.getItem("attika.language");
    } catch (_) {
      // storage refused: the browser's languages decide
    }
    return chooseLanguage(known, saved, navigator.languages || [navigator.language]);
  }

  globalThis.attikaLanguageChoice = { chooseLanguage, playerLanguage };
})();
