// bench.mjs URL GRUNDY: the playground's speed (`make bench`, after `make web`): the page's load
// (the engine's WebAssembly compiled, the standard library in its session) and two programs run
// in the page against the native command line: median of 3 loads, of 5 runs each, printed as bench/run.sh's rows.
// Targets (issue 37): load under 1 s; each program within 2x of the native CLI.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import puppeteer from "puppeteer-core";

const [url, grundyArg, tour] = process.argv.slice(2);
const grundy = resolve(grundyArg);
const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
const five = async (f) => median([await f(), await f(), await f(), await f(), await f()]);
const row = (a, b, c, d, e) => console.log(`${a.padEnd(52)} | ${b.padStart(9)} | ${c.padStart(9)} | ${d.padStart(7)} | ${e}`);
const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const page = await browser.newPage();

const loads = [];
for (let i = 0; i < 3; i++) {
    const t = Date.now();
    await page.goto(url + "?fresh=" + i, { waitUntil: "load" });
    await page.waitForFunction(() => document.body.dataset.ready === "1", { timeout: 60000, polling: 10 });
    loads.push(Date.now() - t);
}
row("(w) page load: engine compiled, stdlib session", "-", `${median(loads)} ms`, "-", "target < 1000 ms");

// A program is opened by a link that runs it (untimed: the first run of a page also waits for the
// browser's optimizing compile of the engine), then Run is pressed five times, each after the page
// has settled (the pictures of the run before drawn), as a person presses it.
let serial = 0;
const settle = () => new Promise((r) => setTimeout(r, 300));
const runs = () => page.evaluate(() => +(document.body.dataset.runs || 0));
async function ended(before) {
    await page.waitForFunction((n) => +(document.body.dataset.runs || 0) > n, { timeout: 600000, polling: 10 }, before);
}
async function open(text) {
    const before = await runs();
    await page.evaluate((h) => { location.hash = h; }, "#code=" + Buffer.from(text).toString("base64url") + "&run&n=" + ++serial);
    await ended(before);
    return page.evaluate(() => +document.body.dataset.lastRunMs);
}
async function inPage() {
    await settle();
    const before = await runs();
    await page.click("#run");
    await ended(before);
    // the page's own measure: from Run to its output laid out (no polling in it; pictures come after)
    return page.evaluate(() => +document.body.dataset.lastRunMs);
}
function native(text) {
    const t = Date.now();
    spawnSync(grundy, ["-e", text], { input: "" });
    return Date.now() - t;
}
for (const [name, text] of [["(w) the tour in the page", readFileSync(tour, "utf8")],
    ["(w) table Cutting(2..400, 2..400) in the page", "table Cutting(2..400, 2..400);"]]) {
    const first = await open(text);
    const p = await five(inPage);
    const n = await five(() => native(text));
    row(name, `${n} ms`, `${p} ms`, `${(p / Math.max(n, 1)).toFixed(1)}x`, "reference: the native CLI; target < 2x");
    row(name.replace("in the page", "first run"), `${n} ms`, `${first} ms`, `${(first / Math.max(n, 1)).toFixed(1)}x`,
        "opened by a link: the browser has not yet optimized the engine; no target");
}
await browser.close();
