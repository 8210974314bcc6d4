// The focused control is never hidden under a sticky part of the page (WCAG 2.4.11).
// A browser scrolls a focused element into view only when it is outside the viewport;
// on a phone the top bar and the board stick at the top and the payment's buttons at the
// bottom, so a control can be inside the viewport and still wholly covered. Pure view:
// it only scrolls, and only when the focused element cannot be seen at any of its corners
// or its middle; scroll-margin (app.css) says how far clear of the sticky parts it lands.
function seen(el) {
  const r = el.getBoundingClientRect();
  if (!r.width && !r.height) return true; // nothing drawn: nothing to uncover
  const inset = 2;
  const points = [
    [r.left + r.width / 2, r.top + r.height / 2],
    [r.left + inset, r.top + inset],
    [r.right - inset, r.top + inset],
    [r.left + inset, r.bottom - inset],
    [r.right - inset, r.bottom - inset],
  ];
  return points.some(([x, y]) => {
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

document.addEventListener("focusin", (event) => {
  const el = event.target;
  if (!(el instanceof Element) || el.closest("#board, #overlay")) return; // the board pans itself
  // only a focus the player can see moves the page: after a tap, the page moving to where
  // the focus went (a turn starting on a stack) scrolled the turn's news under the board
  if (!el.matches(":focus-visible")) return;
  if (!seen(el)) el.scrollIntoView({ block: "nearest", inline: "nearest" });
});
