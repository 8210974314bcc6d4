// The libraries of own-device play, into web/vendor/peer/ (git-ignored), from node_modules:
//   trystero-nostr.js  Trystero over Nostr relays, bundled by esbuild into one ES module;
//   qrcode.js          qrcode-generator, an ES module as published;
//   jsqr.js            jsQR, the QR decoder, wrapped as an ES module (it is published as UMD).
// The bundle is the same bytes for the same lock file: no source map, no timestamps, and the
// paths esbuild records are relative. Run by scripts/install.sh after npm; safe to run again.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const modules = join(root, "node_modules");
const out = join(root, "web", "vendor", "peer");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const result = await build({
  entryPoints: [join(modules, "@trystero-p2p", "nostr", "dist", "index.mjs")],
  absWorkingDir: root,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "inline",
  write: false,
  logLevel: "warning",
});
writeFileSync(join(out, "trystero-nostr.js"), result.outputFiles[0].contents);

const generator = readFileSync(join(modules, "qrcode-generator", "dist", "qrcode.mjs"));
writeFileSync(join(out, "qrcode.js"), generator);

// jsQR's build assigns module.exports; give it a module object and export what it put there.
const jsqr = readFileSync(join(modules, "jsqr", "dist", "jsQR.js"), "utf8");
writeFileSync(
  join(out, "jsqr.js"),
  "// jsQR (Apache-2.0), wrapped as an ES module by scripts/peer_vendor.mjs\n" +
    "const module = { exports: {} }; const exports = module.exports;\n" +
    `${jsqr}\nexport default module.exports.default ?? module.exports;\n`,
);

for (const name of ["trystero-nostr.js", "qrcode.js", "jsqr.js"]) {
  const bytes = readFileSync(join(out, name));
  const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  console.log(`peer vendor: web/vendor/peer/${name} ${bytes.length} bytes sha256 ${digest}`);
}
