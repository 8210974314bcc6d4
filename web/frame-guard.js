// The game in a frame of another site: that site could lay its own buttons over the board
// or under a player's finger (clickjacking). A policy's frame-ancestors would forbid the
// frame, but browsers ignore it in a <meta> policy (the only kind a static page carries
// itself; a host that sends headers can add it: docs/security.md). So the page looks for
// itself, first thing in its head (after the two small scripts that choose the player's
// language): in a frame whose top page is of another origin, or
// cannot be read at all (a sandbox), it stops loading (no Python, no board) and shows only
// a link that opens it in a tab of its own. Its words are set as text, never parsed.
(function () {
  if (window.top === window) return;
  let foreign = true;
  try {
    foreign = window.top.location.origin !== window.location.origin;
  } catch {
    foreign = true; // reading another origin's address throws: that is the answer
  }
  if (!foreign) return;
  window.stop(); // the rest of the page is never parsed nor fetched
  const root = document.documentElement;
  root.dataset.framed = "1";
  const body = document.body || root.appendChild(document.createElement("body"));
  const note = body.appendChild(document.createElement("div"));
  note.className = "framed";
  const said = note.appendChild(document.createElement("p"));
  const link = note.appendChild(document.createElement("p")).appendChild(document.createElement("a"));
  link.href = window.location.href; // this page, in a tab of its own
  link.target = "_blank";
  link.rel = "noopener noreferrer";
  // in English at once; then in the player's language (chosen as the game chooses it,
  // web/language-choice.js), its words read from the game's own text (web/i18n/)
  said.textContent = "Attika is shown here inside another site.";
  link.textContent = "Open Attika in its own tab";
  const choice = globalThis.attikaLanguageChoice;
  const known = globalThis.attikaLanguages || ["en"];
  const lang = choice ? choice.playerLanguage(known) : "en";
  if (lang === "en" || !known.includes(lang)) return;
  fetch(`web/i18n/${lang}.json`)
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((words) => {
      const note = words && words["framed.note"];
      const open = words && words["framed.link"];
      if (typeof note !== "string" || typeof open !== "string") return;
      said.textContent = note.slice(0, 200); // text, never markup
      link.textContent = open.slice(0, 200);
      root.lang = lang;
    })
    .catch(() => {}); // the English words stay
})();
