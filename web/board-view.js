// Pan and zoom of the board, and the ghost tile that follows the mouse.
// Pure view state: which part of the board is on screen. Python draws the board and
// writes its extent to data-bounds; this file never decides anything about the game.
import { nameSize } from "./board-names.js";

const svg = document.getElementById("board");
const MIN_ZOOM = 0.6;
const MAX_ZOOM = 5;
const DRAG_SLOP = 8; // px a finger may wander before a tap becomes a pan

const view = { zoom: 1, cx: null, cy: null, moved: false };
const pointers = new Map();
let gesture = null;
let swallowClick = false;

function bounds() {
  const parts = (svg.dataset.bounds || "0 0 100 100").split(" ").map(Number);
  return { x: parts[0], y: parts[1], w: parts[2], h: parts[3] };
}

function apply() {
  const b = bounds();
  const cx = view.cx ?? b.x + b.w / 2;
  const cy = view.cy ?? b.y + b.h / 2;
  const w = b.w / view.zoom;
  const h = b.h / view.zoom;
  svg.setAttribute("viewBox", `${cx - w / 2} ${cy - h / 2} ${w} ${h}`);
  svg.dataset.zoom = view.zoom.toFixed(2);
  badgeSize();
}

// Price badges grow when the board is drawn small (a phone, a big board), up to what
// still fits inside their own hex, so the number stays readable and never meets a
// neighbour's. Units are the board's: a hex is 52 wide, its inner circle 26 across.
const BADGE_TEXT_PX = 11; // the number's wanted height on screen
function badgeSize() {
  const ctm = svg.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const k = Math.min(1.95, Math.max(1, BADGE_TEXT_PX / (15 * ctm.a))); // 1.95: boxes stay apart
  const kFree = Math.min(k, 1.3);
  svg.style.setProperty("--badge-k", k.toFixed(3));
  svg.style.setProperty("--badge-y", `${Math.max(0, 25 - 11 * k).toFixed(2)}px`);
  svg.style.setProperty("--badge-k-free", kFree.toFixed(3));
  svg.style.setProperty("--badge-y-free", `${Math.max(0, 25 - 9 * kFree).toFixed(2)}px`);
  nameSize(svg); // names readable or not drawn (web/board-names.js)
}

function toBoard(clientX, clientY) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return { x: 0, y: 0 };
  const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y };
}

function centre() {
  const b = bounds();
  return { x: view.cx ?? b.x + b.w / 2, y: view.cy ?? b.y + b.h / 2 };
}

function zoomAt(factor, clientX, clientY) {
  const before = clientX === undefined ? null : toBoard(clientX, clientY);
  const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor));
  if (next === view.zoom) return;
  const c = centre();
  view.zoom = next;
  view.cx = c.x;
  view.cy = c.y;
  apply();
  if (before) {
    const after = toBoard(clientX, clientY);
    view.cx += before.x - after.x;
    view.cy += before.y - after.y;
    apply();
  }
  view.moved = true;
}

function panBy(dxPx, dyPx) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return;
  const c = centre();
  view.cx = c.x - dxPx / ctm.a;
  view.cy = c.y - dyPx / ctm.d;
  view.moved = true;
  apply();
}

function fit() {
  before = null; // the player asked for the whole board: keep it when the choice ends
  view.zoom = 1;
  view.cx = view.cy = null;
  view.moved = false;
  apply();
}

svg.addEventListener("pointerdown", (e) => {
  // A new first finger starts a new gesture. A touch pan or pinch ends with no click at
  // all, so the flag it set must not swallow the click of the next, real tap.
  if (pointers.size === 0) swallowClick = false;
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    gesture = { dist: Math.hypot(a.x - b.x, a.y - b.y) };
  }
});

svg.addEventListener("pointermove", (e) => {
  const p = pointers.get(e.pointerId);
  if (!p) {
    followGhost(e);
    return;
  }
  const dx = e.clientX - p.x;
  const dy = e.clientY - p.y;
  p.x = e.clientX;
  p.y = e.clientY;
  if (pointers.size >= 2 && gesture) {
    const [a, b] = [...pointers.values()];
    const dist = Math.hypot(a.x - b.x, a.y - b.y);
    if (gesture.dist > 0) zoomAt(dist / gesture.dist, (a.x + b.x) / 2, (a.y + b.y) / 2);
    gesture.dist = dist;
    swallowClick = true;
    return;
  }
  if (Math.hypot(e.clientX - p.x0, e.clientY - p.y0) > DRAG_SLOP) {
    swallowClick = true;
    if (!svg.hasPointerCapture(e.pointerId)) svg.setPointerCapture(e.pointerId);
  }
  if (swallowClick) panBy(dx, dy);
});

function release(e) {
  pointers.delete(e.pointerId);
  if (pointers.size < 2) gesture = null;
}
svg.addEventListener("pointerup", release);
svg.addEventListener("pointercancel", release);

// A pan or pinch must not also count as a tap on the hex under the finger.
svg.addEventListener(
  "click",
  (e) => {
    if (swallowClick) {
      e.stopPropagation();
      e.preventDefault();
    }
    swallowClick = false;
  },
  true,
);

svg.addEventListener(
  "wheel",
  (e) => {
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX, e.clientY);
  },
  { passive: false },
);

// The ghost of a revealed tile snaps to the nearest free place under the mouse;
// by touch, a tap on a place puts it there (Python redraws it at that place).
function followGhost(e) {
  const ghost = svg.querySelector("#ghost");
  if (!ghost || e.pointerType !== "mouse" || !ghost.classList.contains("hidden") && !ghost.classList.contains("following")) return;
  const at = toBoard(e.clientX, e.clientY);
  let best = null;
  let bestD = Infinity;
  for (const site of svg.querySelectorAll("[data-site]")) {
    const d = Math.hypot(Number(site.dataset.x) - at.x, Number(site.dataset.y) - at.y);
    if (d < bestD) {
      best = site;
      bestD = d;
    }
  }
  if (best && bestD < 60) {
    ghost.setAttribute("transform", `translate(${best.dataset.x},${best.dataset.y})`);
    ghost.classList.remove("hidden");
    ghost.classList.add("following");
  } else {
    ghost.classList.add("hidden");
  }
}

document.addEventListener("click", (e) => {
  const button = e.target.closest && e.target.closest("[data-view]");
  if (!button) return;
  const kind = button.dataset.view;
  if (kind === "in") zoomAt(1.4);
  else if (kind === "out") zoomAt(1 / 1.4);
  else fit();
});

// By keyboard: with the board itself focused (nothing on it to choose), the arrow keys
// move the view and + and - zoom; with a place focused, + and - zoom too (the arrows
// move between places: web/core/roving.py). A focused place is always brought into view.
const PAN_PX = 60;
svg.addEventListener("keydown", (e) => {
  if (e.key === "+" || e.key === "=") zoomAt(1.4);
  else if (e.key === "-" || e.key === "_") zoomAt(1 / 1.4);
  else if (e.target === svg && e.key.startsWith("Arrow")) {
    const [dx, dy] = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key] || [0, 0];
    panBy(dx * PAN_PX, dy * PAN_PX);
  } else return;
  e.preventDefault();
});
svg.addEventListener("focusin", (e) => {
  // only the keyboard's focus moves the view: a tap's focus must not pan the board away
  // from under the finger before its click lands
  if (e.target !== svg && e.target.matches(":focus-visible")) window.attikaBoard.show(e.target);
});

addEventListener("resize", apply);

// A place to choose (a marked hex, a place for the new tile) is a finger's target: at
// least 44 CSS px across. When a choice begins and the whole board is drawn too small for
// that (a phone, a big late board), the view zooms in that far, centred on the place
// nearest the middle, and the player drags to the others; when the choice ends, the view
// they had comes back. "Fit the board" still shows everything, smaller, if they ask.
const REACH_PX = 50; // a hex is 52 board units wide, a tile place's ring 48: 44 px and more
let choosing = null; // which kind of place was to be chosen at the last redraw
let before = null; // the view before zooming in for the present choice
function placeAt(el) {
  if (el.dataset.x !== undefined) return { x: Number(el.dataset.x), y: Number(el.dataset.y) };
  const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(el.getAttribute("transform") || "");
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}
function reach() {
  const places = [...svg.querySelectorAll(".hex.legal, [data-site]")];
  if (!places.length) {
    if (before) Object.assign(view, before);
    before = null;
    choosing = null;
    return;
  }
  // A new kind of choice (a building's places, then the tile's, which widen the board)
  // is looked at afresh; within one choice, a player who zoomed out meant it.
  const kind = svg.querySelector("[data-site]") ? "site" : "hex";
  if (choosing === kind) return;
  const ctm = svg.getScreenCTM();
  // a board not laid out yet (under a hand-over screen) has no scale: ask again next time
  if (!ctm || !ctm.a || !svg.getBoundingClientRect().width) return;
  choosing = kind;
  if (52 * ctm.a >= REACH_PX) return;
  before ??= { zoom: view.zoom, cx: view.cx, cy: view.cy, moved: view.moved };
  const c = centre();
  let best = null;
  let bestD = Infinity;
  for (const el of places) {
    const p = placeAt(el);
    const d = p ? Math.hypot(p.x - c.x, p.y - c.y) : Infinity;
    if (d < bestD) [best, bestD] = [p, d];
  }
  view.zoom = Math.min(MAX_ZOOM, (view.zoom * REACH_PX) / (52 * ctm.a));
  if (best) [view.cx, view.cy] = [best.x, best.y];
  view.moved = true;
}

// A chosen place's tile is seen whole, so it can be turned knowing where each landscape
// goes: the board's edge leaves room for a place's ring only (web/board/board_svg.py), so a
// tile at an outer place is nudged into view by as little as it takes. The view is not
// counted as the player's own: the next redraw centres the board again before nudging.
function wholeGhost() {
  const ghost = svg.querySelector("#ghost:not(.hidden)");
  if (!ghost) return;
  const edge = 4; // px for the tile's dashed outline, which the box leaves out
  const g = ghost.getBoundingClientRect();
  const r = { left: g.left - edge, top: g.top - edge, right: g.right + edge, bottom: g.bottom + edge };
  const box = svg.getBoundingClientRect();
  if (r.right - r.left > box.width || r.bottom - r.top > box.height) return; // zoomed in too far
  const dx = r.left < box.left ? box.left - r.left : Math.min(0, box.right - r.right);
  const dy = r.top < box.top ? box.top - r.top : Math.min(0, box.bottom - r.bottom);
  if (!dx && !dy) return;
  const ctm = svg.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const c = centre();
  view.cx = c.x - dx / ctm.a;
  view.cy = c.y - dy / ctm.d;
  apply();
}

window.attikaBoard = {
  // Called by Python after each redraw: keep the player's view unless they never moved it.
  refresh() {
    // a phone's board gives way to the whole payment while it is open (app.css --board-h)
    const pay = document.querySelector("#side .payment");
    document.documentElement.style.setProperty("--pay-h", `${pay ? pay.offsetHeight : 0}px`);
    // and, as far as it can, to a turn's choices: the stacks and every waiting building
    // with its price (--choose-h, from the panel's top to the last of them)
    const stacks = document.querySelector("#side section.act .stacks");
    const last = stacks && (stacks.closest(".act").querySelector(".buildings") || stacks);
    const side = document.getElementById("side");
    // but not once a building or a tile is in hand: then the places are the choice, and
    // the board keeps its room for fingers and for the prices on them
    const placing = document.querySelector("#board .hex.legal, #board [data-site]");
    const choose =
      last && side && !placing ? last.getBoundingClientRect().bottom - side.getBoundingClientRect().top : 0;
    document.documentElement.style.setProperty("--choose-h", `${Math.ceil(choose)}px`);
    if (!view.moved) {
      view.cx = view.cy = null;
    }
    // the board shrank to a strip for the payment: its places are sized for a finger again
    if (pay) choosing = null;
    apply();
    reach();
    apply();
    // the hex being paid for stays in sight on the smaller board
    const target = pay && svg.querySelector(".hex.target");
    if (target) this.show(target);
    wholeGhost();
  },
  fit,
  zoomAt,
  // Centre the view on a piece of the board that lies outside it (a place to choose).
  show(el) {
    const p = el && placeAt(el.closest("[data-hex],[data-site]") || el);
    if (!p) return;
    const r = el.getBoundingClientRect();
    const box = svg.getBoundingClientRect();
    const inside = r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
    if (inside) return;
    [view.cx, view.cy] = [p.x, p.y];
    view.moved = true;
    apply();
  },
};

// The sticky top bar's height, for the board that sticks below it on phones and tablets.
const topBar = document.querySelector(".top");
if (topBar && "ResizeObserver" in window) {
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--top-h", `${topBar.offsetHeight}px`);
  }).observe(topBar);
}
