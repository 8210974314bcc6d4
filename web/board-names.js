// Building names on a board, readable or not drawn. A name on a token is 7.2 board units
// tall: drawn small it grows a little (as far as the token's width allows); drawn smaller
// still it could not be read at all, so the token shows its picture larger instead, and the
// name comes back when the board is drawn bigger (zoomed in, a larger frame). Every
// building's name is in its hex's label for a screen reader either way. Pure view: the
// board's drawing (Python) never depends on this.
const NAME_UNITS = 7.2;
const NAME_MIN_PX = 8; // below this a name is a grey smudge, not a word

export function nameSize(svg) {
  const ctm = svg.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const k = Math.min(1.2, Math.max(1, NAME_MIN_PX / (NAME_UNITS * ctm.a)));
  svg.style.setProperty("--name-k", k.toFixed(3));
  svg.dataset.names = NAME_UNITS * ctm.a * k >= NAME_MIN_PX ? "shown" : "pictures";
}

// The boards of live positions (lessons, embeds): sized when drawn and when resized. A
// board drawn anew is a new element: observing it gives it its first size, so a redraw of
// anything else on the page reads no layout here.
export function watchBoards(root = document) {
  const seen = new WeakSet();
  const resized = new ResizeObserver((entries) => entries.forEach((e) => nameSize(e.target)));
  const look = () => {
    for (const svg of root.querySelectorAll("svg.board-svg")) {
      if (!seen.has(svg)) {
        seen.add(svg);
        resized.observe(svg); // its first callback comes at once
      }
    }
  };
  // a document, or an element's shadow root (web/attika-embed.js)
  new MutationObserver(look).observe(root.documentElement || root, { childList: true, subtree: true });
  look();
}
