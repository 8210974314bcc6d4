// Start-up in Chromium, Firefox ESR and WebKitGTK side by side, each against the bare
// PyScript page (bench/bare.html) in the same run, as bench/page.py measures Chromium:
//
//   node bench/browsers.mjs [--runs N] [--against DIR] [chromium firefox webkit]
//                                                            (WebKit under xvfb-run)
//
// --against DIR: another installed checkout's game too, served from DIR on a port of its
// own (its own service worker and caches), in the same rounds, so that a change is measured
// against the code before it under the same load: its ratios to the same bare page, and
// this game's time over that one's in each round.
// For each browser and round: the bare page and the game (index.html?players=4&seed=1), each
// in a browser of its own (an empty profile: cold), then again in the same browser, warm (the
// game once its service worker keeps every file and an earlier start has kept the snapshot
// unpacked, web/start/unpacked.mjs, as for a game played on that device before; the bare page
// from the HTTP cache). Time is
// from navigation start to <body data-ready>, as the page notes it: the server adds a script
// to every page that notes the moment (the same for every browser: WebKit's driver has no
// way to run a script before the page's own). Ratios game / bare, medians; goals x0.45
// cold, x0.35 warm (issue 43). Served by smoke/server.mjs from 127.0.0.1.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BROWSERS } from "../smoke/browsers.mjs";
import { serve } from "../smoke/server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const againstAt = args.indexOf("--against");
const AGAINST = againstAt >= 0 ? args.splice(againstAt, 2)[1] : null;
const WHICH = args.length ? args : ["chromium", "firefox", "webkit"];
const NOTE = "/bench-ready-at.js";
const NOTER = `new MutationObserver((_, seen) => {
  if (document.body && document.body.dataset.ready === "1") {
    seen.disconnect();
    window.__attikaReadyAt = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });`;
const PAGES = { bare: "/bench/bare.html", game: "/index.html?players=4&seed=1" };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function readyAt(page, url) {
  await page.goto(url);
  const at = await page.waitFor(() => window.__attikaReadyAt, 180_000);
  // "snapshot packed", "snapshot unpacked" (web/start/unpacked.mjs), "cold"; "" on the bare page
  const how = await page.evaluate(() => {
    const { pythonStart, pythonSnapshot } = document.documentElement.dataset;
    return [pythonStart, pythonSnapshot].filter(Boolean).join(" ");
  });
  return { seconds: at / 1000, how };
}

async function kept(page) {
  await page.waitFor(async () => {
    if (!navigator.serviceWorker?.controller) return false;
    const names = (await caches.keys()).filter((n) => n.startsWith("attika-"));
    if (names.length !== 1) return false;
    const made = await (await fetch("web/vendor/snapshot/snapshot.json")).json();
    return Boolean(await (await caches.open(names[0])).match(`web/vendor/snapshot/${made.file}`));
  }, 180_000);
}

/** Whether the page keeps the snapshot unpacked (this code does; a checkout before it not). */
const unpacks = (page) =>
  page.evaluate(() => Boolean(document.querySelector('link[href="web/start/unpacked.mjs"]')));

/** Wait until a start has kept the snapshot unpacked; false when none did within 20 s. */
async function keptUnpacked(page) {
  try {
    await page.waitFor(async () => {
      const cache = await caches.open("attika.unpacked");
      return Boolean(await cache.match("web/vendor/snapshot/unpacked"));
    }, 20_000);
    return true;
  } catch (_) {
    return false;
  }
}

async function round(launch, bases) {
  const out = {};
  const pages = Object.entries(PAGES).map(([label, path]) => [label, bases.here + path]);
  if (bases.other) pages.push(["other", bases.other + PAGES.game]);
  for (const [label, url] of pages) {
    const browser = await launch();
    try {
      const cold = await readyAt(browser.page, url);
      if (label !== "bare") await kept(browser.page);
      if (label !== "bare" && (await unpacks(browser.page)) && !(await keptUnpacked(browser.page))) {
        // the first visit started cold (or went before it kept it): one start to keep it
        await readyAt(browser.page, url);
        if (!(await keptUnpacked(browser.page))) throw new Error("the snapshot was not kept unpacked");
      }
      const warm = await readyAt(browser.page, url);
      Object.assign(out, { [`${label} cold`]: cold, [`${label} warm`]: warm, name: browser.name });
    } finally {
      await browser.close();
    }
  }
  return out;
}

const noted = (text) => text.replace(/<head>/i, `<head><script src="${NOTE}"></script>`);
const server = await serve(ROOT, { html: noted });
server.extra.set(NOTE, { type: "text/javascript", body: NOTER });
const other = AGAINST ? await serve(AGAINST, { html: noted }) : null;
other?.extra.set(NOTE, { type: "text/javascript", body: NOTER });
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
try {
  for (const which of WHICH) {
    const rounds = [];
    const loads = [load()];
    for (let r = 0; r < RUNS; r++) {
      rounds.push(await round(BROWSERS[which], { here: server.url, other: other?.url }));
      loads.push(load());
    }
    const fig = (key) => median(rounds.map((x) => x[key].seconds));
    const hows = (key) => [...new Set(rounds.map((x) => x[key].how))].join("/");
    const line =
      `${rounds[0].name}: ${RUNS} rounds, medians: bare ${fig("bare cold").toFixed(2)} s cold, ` +
      `${fig("bare warm").toFixed(2)} s warm; game ${fig("game cold").toFixed(2)} s cold (${hows("game cold")}), ` +
      `${fig("game warm").toFixed(2)} s warm (${hows("game warm")}); ratios x${(fig("game cold") / fig("bare cold")).toFixed(2)} cold, ` +
      `x${(fig("game warm") / fig("bare warm")).toFixed(2)} warm; rounds: ` +
      rounds.map((x) => `${(x["game cold"].seconds / x["bare cold"].seconds).toFixed(2)}/${(x["game warm"].seconds / x["bare warm"].seconds).toFixed(2)}`).join(" ");
    console.log(line);
    if (other) {
      const each = (key) => rounds.map((x) => x[`game ${key}`].seconds / x[`other ${key}`].seconds);
      console.log(
        `  against ${AGAINST}: ${fig("other cold").toFixed(2)} s cold (${hows("other cold")}), ` +
          `${fig("other warm").toFixed(2)} s warm (${hows("other warm")}); ratios ` +
          `x${(fig("other cold") / fig("bare cold")).toFixed(2)} cold, x${(fig("other warm") / fig("bare warm")).toFixed(2)} warm; ` +
          `game / it, median of the rounds: x${median(each("cold")).toFixed(2)} cold, x${median(each("warm")).toFixed(2)} warm`,
      );
    }
    console.log(`  load average (1, 5, 15 min) before each round and at the end: ${loads.join(" | ")}`);
  }
} finally {
  await server.close();
  await other?.close();
}
console.log("goals: x0.45 cold, x0.35 warm");
