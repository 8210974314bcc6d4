// The smoke suite for the browsers other than Chromium (which runs the whole suite, e2e/):
// one browser a run, named by SMOKE_BROWSER (firefox or webkit; scripts/smoke.sh runs both
// side by side), one page in it for every step, in the order a player meets them:
// a first start, a reload that restores the snapshot, a short game against the computer to
// its end, an embed's preview painted and its lesson solved, axe on the game and the lesson,
// a start with the network gone, and a snapshot changed in the service worker's cache.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { BROWSERS } from "./browsers.mjs";
import { coloursIn, readPng } from "./png.mjs";
import { serve } from "./server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WHICH = process.env.SMOKE_BROWSER || "firefox";
const SHOTS = join(ROOT, "smoke-results"); // not test-results/, which pytest-playwright empties
const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
// Fewer colours than this in a preview's box (to 4 bits a channel) is a blank preview.
const BOARD_COLOURS = 40;
// A Python start here takes 3-45 s (a cold one in WebKit on a loaded machine); a computer's turn a few.
const READY_MS = 120_000;

let browser;
let page;
let server;

async function shot(name) {
  mkdirSync(SHOTS, { recursive: true });
  const png = await page.screenshot();
  writeFileSync(join(SHOTS, `${WHICH}-${name}.png`), png);
  return png;
}

async function ready() {
  await page.waitFor(() => document.body?.dataset.ready === "1", READY_MS);
}

const start = () =>
  page.evaluate(() => [
    document.documentElement.dataset.pythonStart || "",
    document.documentElement.dataset.pythonCold || "",
  ]);

async function violations() {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) {
    // by the driver, not as an inline <script>: the pages' policy refuses those
    await page.evaluate((source) => (0, eval)(source) && true, AXE).catch(() => null);
    await page.evaluate(() => typeof window.axe !== "undefined") ||
      (await page.evaluate(`${AXE}; true`));
  }
  return page.evaluate(async (tags) => {
    const found = await window.axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return found.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`,
    );
  }, TAGS);
}

describe(`smoke in ${WHICH}`, { timeout: 15 * 60_000 }, () => {
  before(async () => {
    server = await serve(ROOT);
    browser = await BROWSERS[WHICH]();
    page = browser.page;
    console.log(`# ${browser.name}`);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test("the game starts, and its service worker keeps it", async () => {
    await page.goto(`${server.url}/index.html?players=2&seed=4`);
    await ready();
    assert.ok(await page.evaluate(() => document.querySelectorAll("#board .hex").length > 20));
    console.log(`# first start: ${(await start()).join(" ")}`);
    // the worker installed (every file kept) and in charge of the page
    await page.waitFor(() => Boolean(navigator.serviceWorker.controller), READY_MS);
    await shot("start");
  });

  test("axe finds nothing on the game's screen", async () => {
    assert.deepEqual(await violations(), []);
  });

  test("a reload restores Python from the snapshot, and later ones from its copy kept unpacked", async () => {
    await page.reload();
    await ready();
    assert.deepEqual(await start(), ["snapshot", ""]);
    // an earlier start keeps it unpacked (web/start/unpacked.mjs), a few seconds after it drew
    await page.waitFor(
      async () => Boolean(await (await caches.open("attika.unpacked")).match("web/vendor/snapshot/unpacked")),
      READY_MS,
    );
    await page.reload();
    await ready();
    assert.deepEqual(await start(), ["snapshot", ""]);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.pythonSnapshot), "unpacked");
  });

  test("a short game against the computer, played to its end", async () => {
    const game = execFileSync(join(ROOT, ".venv", "bin", "python"), [join(ROOT, "smoke", "late_game.py")]);
    server.extra.set("/smoke-saves/late.json", { type: "application/json", body: game });
    await page.goto(`${server.url}/index.html?load=smoke-saves/late.json`);
    await ready();
    const speed = await page.evaluate(() => Boolean(document.querySelector("[data-cmd=speed]")));
    if (speed) await page.click("[data-cmd=speed]");
    for (let turns = 0; ; turns++) {
      assert.ok(turns < 40, "the game does not end");
      // the computer has played, and it is the person's turn, or the game is over
      const now = await page.waitFor(
        () =>
          document.querySelector(".result")
            ? "over"
            : document.body.dataset.seat === "0" && !document.querySelector("#side .act.computer")
              ? "mine"
              : "",
        READY_MS,
      );
      if (now === "over") break;
      // noted however briefly the seat moves on: the computer's turn may be over, and the
      // seat back at 0, between two looks
      await page.evaluate(() => {
        window.smokeHandedOn = false;
        new MutationObserver((_, seen) => {
          if (document.body.dataset.seat !== "0" || document.querySelector(".result")) {
            window.smokeHandedOn = true;
            seen.disconnect();
          }
        }).observe(document.body, { attributes: true, attributeFilter: ["data-seat"], childList: true, subtree: true });
        return true;
      });
      await page.click('[data-cmd=end][data-arg=""]');
      // the turn passes, or the page asks first when actions are left: one of the two
      // follows the tap, and a tap the page drops fails here (it is not tapped again)
      const lost = async (error) => {
        await shot("game-tap-lost");
        throw error;
      };
      const asked = await page
        .waitFor(
          () =>
            window.smokeHandedOn
              ? "on"
              : document.querySelector('[data-cmd=end][data-arg="sure"]')
                ? "sure"
                : "",
          READY_MS,
        )
        .catch(lost);
      if (asked === "sure") {
        await page.click('[data-cmd=end][data-arg="sure"]');
        await page.waitFor(() => window.smokeHandedOn, READY_MS).catch(lost);
      }
    }
    await shot("game-over");
    assert.match(await page.evaluate(() => document.querySelector(".result").textContent), /\S/);
  });

  test("an embed paints its preview before Python, and its lesson is solved", async () => {
    await page.goto(`${server.url}/embed.html?scenario=road-turn-after-turn`);
    // the page says its previews are painted (web/still.js: pictured); the screen taken at
    // once must show the board, not only the frame around it
    const box = await page.waitFor(
      () =>
        document.body.dataset.previews &&
        [...document.querySelectorAll("img.board-svg")].map((img) => {
          const r = img.getBoundingClientRect();
          return { x: r.left, y: r.top, width: r.width, height: r.height, dpr: devicePixelRatio };
        })[0],
      30_000,
    );
    const png = readPng(await shot("embed-preview"));
    const scale = box.dpr || 1;
    const colours = coloursIn(png, {
      x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale,
    });
    // a blank preview shows the frame's sea gradient, 9 colours in WebKit; a painted board
    // shows land, sea, roads and buildings, 90-110
    assert.ok(colours >= BOARD_COLOURS, `the preview shows ${colours} colours: blank`);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.pythonStart || ""), "");

    await page.click("[data-try]");
    await ready();
    await page.click('[data-cmd=select][data-arg="road"]');
    await page.click('[data-hex="0,0"]');
    await page.waitFor(() => Boolean(document.querySelector(".payment [data-cmd=confirm]")), 10_000);
    await page.click(".payment [data-cmd=confirm]");
    await page.click('[data-cmd="end"]');
    // solved at once, or asked first whether to end with actions left: waited for, not
    // looked at once (Python may not have answered the tap yet)
    const next = await page.waitFor(
      () =>
        document.querySelector(".feedback.solved")
          ? "solved"
          : document.querySelector('[data-cmd="end"][data-arg="sure"]')
            ? "sure"
            : "",
      30_000,
    );
    if (next === "sure") await page.click('[data-cmd="end"][data-arg="sure"]');
    await page.waitFor(() => Boolean(document.querySelector(".feedback.solved")), 30_000);
    await shot("lesson-solved");
    assert.deepEqual(await start(), ["snapshot", ""]);
  });

  test("axe finds nothing on the solved lesson", async () => {
    assert.deepEqual(await violations(), []);
  });

  test("with the network gone the game starts from the worker's copy", async () => {
    server.offline = true;
    try {
      await page.goto(`${server.url}/index.html?players=3&seed=9`);
      await ready();
      assert.deepEqual(await start(), ["snapshot", ""]);
      await shot("offline");
    } finally {
      server.offline = false;
    }
  });

  test("a snapshot changed in the caches starts cold, and says why", async () => {
    // one byte of each copy: the packed one the service worker keeps, the one kept unpacked
    const changed = await page.evaluate(async () => {
      const found = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (!/\/web\/vendor\/snapshot\/([^/]+\.gz|unpacked)$/.test(request.url)) continue;
          const kept = await cache.match(request);
          const bytes = new Uint8Array(await kept.arrayBuffer());
          bytes[bytes.length >> 1] ^= 1; // one byte
          await cache.put(request, new Response(bytes, { headers: kept.headers }));
          found.push(request.url.split("/").pop().endsWith(".gz") ? "packed" : "unpacked");
        }
      }
      return found.sort();
    });
    assert.deepEqual(changed, ["packed", "unpacked"], "a copy of the snapshot is not in the caches");
    await page.goto(`${server.url}/index.html?players=2&seed=4`);
    // the choice is made and said before the cold start itself (which other tests time)
    await page.waitFor(() => document.documentElement.dataset.pythonStart, READY_MS);
    const [how, why] = await start();
    assert.equal(how, "cold");
    assert.match(why, /snapshot changed since the install step/);
  });
});
