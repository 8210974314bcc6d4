// The two browsers of the smoke suite, each behind the same small page API, so that one
// suite (smoke/smoke.test.mjs) runs in both:
//   firefox: Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core (no browser
//            download: the executable is Debian's).
//   webkit:  Debian's WebKitGTK MiniBrowser, driven by WebKitWebDriver over classic
//            WebDriver (HTTP), under Xvfb (scripts/smoke.sh starts it with xvfb-run).
// A page: goto(url), evaluate(fn, ...args) (fn runs in the page; its result comes back as
// JSON), waitFor(fn, ms, ...args), clickAt(x, y) and click(selector) (a pointer at the
// element's centre: WebKit's driver refuses element clicks on SVG groups), screenshot()
// (PNG bytes), viewport(width, height), reload().
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

const FIREFOX = process.env.ATTIKA_FIREFOX || "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = process.env.ATTIKA_WEBKIT_DRIVER || "/usr/bin/WebKitWebDriver";
const MINIBROWSER =
  process.env.ATTIKA_MINIBROWSER || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** Shared by both: waiting, and clicking an element at its centre, brought into view. */
class Page {
  async waitFor(fn, ms, ...args) {
    const until = Date.now() + ms;
    let last;
    for (;;) {
      try {
        last = await this.evaluate(fn, ...args);
        if (last) return last;
      } catch (error) {
        last = error; // a page between two documents answers nothing for a moment
      }
      if (Date.now() > until) throw new Error(`waited ${ms} ms for ${fn}: ${last}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  async click(selector) {
    const box = await this.evaluate((s) => {
      const element = document.querySelector(s);
      if (!element) return null;
      element.scrollIntoView({ block: "center", inline: "center" });
      const r = element.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }, selector);
    if (!box) throw new Error(`nothing to click: ${selector}`);
    await this.clickAt(box.x, box.y);
  }
}

// -- Firefox, and Chromium for benchmarks -----------------------------------------------

class PuppeteerPage extends Page {
  constructor(page) {
    super();
    this.page = page;
  }
  goto(url) {
    return this.page.goto(url, { waitUntil: "load", timeout: 120_000 });
  }
  evaluate(fn, ...args) {
    return this.page.evaluate(fn, ...args);
  }
  clickAt(x, y) {
    return this.page.mouse.click(x, y);
  }
  async screenshot() {
    return Buffer.from(await this.page.screenshot({ type: "png" }));
  }
  viewport(width, height) {
    return this.page.setViewport({ width, height });
  }
  reload() {
    return this.page.reload({ waitUntil: "load", timeout: 120_000 });
  }
}

export async function firefox() {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    protocolTimeout: 180_000,
  });
  const page = new PuppeteerPage(await browser.newPage());
  await page.viewport(1280, 800);
  return { name: `Firefox ${(await browser.version()).replace(/^firefox\//, "")}`, page, close: () => browser.close() };
}

/** Debian's Chromium through the same API: for benchmarks that set it beside the others
 * (bench/browsers.mjs); its tests are e2e/, with Playwright. */
export async function chromium() {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    executablePath: process.env.ATTIKA_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    protocolTimeout: 180_000,
  });
  const page = new PuppeteerPage(await browser.newPage());
  await page.viewport(1280, 800);
  return { name: `Chromium ${(await browser.version()).replace(/^\D+\//, "")}`, page, close: () => browser.close() };
}

// -- WebKit -------------------------------------------------------------------------------

async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  return port;
}

class WebKitPage extends Page {
  constructor(base) {
    super();
    this.base = base;
  }
  async command(method, path, body) {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${path}: ${JSON.stringify(answer.value)}`);
    return answer.value;
  }
  goto(url) {
    return this.command("POST", "/url", { url });
  }
  async evaluate(fn, ...args) {
    const script =
      "const done = arguments[arguments.length - 1];" +
      `Promise.resolve().then(() => (${fn}).apply(null, Array.from(arguments).slice(0, -1)))` +
      ".then((value) => done({ value: value === undefined ? null : value })," +
      " (error) => done({ error: String((error && error.stack) || error) }));";
    const answer = await this.command("POST", "/execute/async", { script, args });
    if (answer.error) throw new Error(answer.error);
    return answer.value;
  }
  clickAt(x, y) {
    const at = { x: Math.round(x), y: Math.round(y), origin: "viewport" };
    return this.command("POST", "/actions", {
      actions: [
        {
          type: "pointer",
          id: "mouse",
          parameters: { pointerType: "mouse" },
          actions: [
            { type: "pointerMove", duration: 0, ...at },
            { type: "pointerDown", button: 0 },
            { type: "pointerUp", button: 0 },
          ],
        },
      ],
    });
  }
  async screenshot() {
    return Buffer.from(await this.command("GET", "/screenshot"), "base64");
  }
  async viewport(width, height) {
    // the window's size: its inner size follows (MiniBrowser has no toolbar in automation)
    await this.command("POST", "/window/rect", { width, height });
  }
  reload() {
    return this.command("POST", "/refresh", {});
  }
}

export async function webkit() {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: ["ignore", "ignore", "inherit"] });
  const root = `http://127.0.0.1:${port}`;
  let session;
  for (let tries = 0; !session; tries++) {
    try {
      const response = await fetch(`${root}/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          capabilities: {
            alwaysMatch: {
              "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
            },
          },
        }),
      });
      session = (await response.json()).value;
      if (!session.sessionId) throw new Error(JSON.stringify(session));
    } catch (error) {
      session = null;
      if (tries > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const page = new WebKitPage(`${root}/session/${session.sessionId}`);
  await page.command("POST", "/timeouts", { script: 180_000, pageLoad: 180_000 });
  await page.viewport(1280, 800);
  const version = session.capabilities.browserVersion;
  return {
    name: `WebKitGTK ${version}`,
    page,
    close: async () => {
      await page.command("DELETE", "").catch(() => {});
      driver.kill();
    },
  };
}

export const BROWSERS = { chromium, firefox, webkit };
