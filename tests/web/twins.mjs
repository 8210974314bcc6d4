// The JavaScript side of tests/web/test_twins.py: the scripts that run before Python answer
// the same questions as their Python twins. Reads one JSON request on stdin and prints the
// answers, in the same order:
//   {"same_site": [[address, page], ...], "scenario": [[name, root, page], ...],
//    "languages": [[known, saved, browser], ...], "canonical": [url, ...]}
// "canonical" is each URL as the browser writes it (what it fetches when handed that URL).
// Also printed: "still", the English words web/still.js falls back on.
import { readFileSync } from "node:fs";

const { sameSite, scenarioAddress } = await import("../../web/addresses.js");
await import("../../web/language-choice.js");
const { ENGLISH } = await import("../../web/still.js");
const { chooseLanguage } = globalThis.attikaLanguageChoice;

const asked = JSON.parse(readFileSync(0, "utf-8"));
const answers = {
  same_site: (asked.same_site || []).map(([address, page]) => sameSite(address, page)),
  scenario: (asked.scenario || []).map(([name, root, page]) => scenarioAddress(name, root, page)),
  languages: (asked.languages || []).map(([known, saved, browser]) => chooseLanguage(known, saved, browser)),
  canonical: (asked.canonical || []).map((url) => new URL(url).href),
  still: ENGLISH,
};
process.stdout.write(JSON.stringify(answers));
