// browser.mjs: the playground's test in a real browser (headless Chromium driven by puppeteer-core).
// Usage: node browser.mjs URL GRUNDY SCREENSHOT PROGRAM...
//   URL: the page served by a static file server; GRUNDY: the command line the page must agree
//   with; SCREENSHOT: where the picture of the page after the tour goes; PROGRAM: .game files.
// Checks, each failing the test:
//   - every program: the page's #output and #status equal `grundy -e TEXT`'s stdout + stderr and
//     exit status (run in an empty folder, standard input empty). A program the command line stops
//     at a resource limit (status 4) must stop with status 4 in the page too, its output up to the
//     limit the same, with a limit's message: a browser tab holds less than the machine.
//   - the first program is opened as index.html#code=...&run (a fresh load); the others by a change
//     of the fragment;
//   - Stop interrupts an endless computation (after its progress line showed), the next run works;
//   - an error marks its line in the editor; Ctrl-Enter runs the program;
//   - draw and a table over two ranges give pictures;
//   - :play on Nim(1, 2, 3) plays a whole game by clicks, with hint and undo; in a game with
//     cycles the engine (moving first) keeps the draw;
//   - the screenshot after the tour is not blank; no request left the page's origin;
//   - offline, the page loads again (its service worker) and runs a program.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import puppeteer from "puppeteer-core";

const [url, grundyArg, shot, ...programs] = process.argv.slice(2);
const grundy = resolve(grundyArg);
const empty = mkdtempSync(join(tmpdir(), "grundy-web-"));
let failures = 0, checks = 0;
function check(ok, what) {
    checks++;
    if (!ok) {
        failures++;
        console.log("FAIL " + what);
    }
}
const b64url = (text) => Buffer.from(text, "utf8").toString("base64url");

function cli(text) {
    const r = spawnSync(grundy, ["-e", text], { cwd: empty, input: "", encoding: "utf8", timeout: 300000,
        maxBuffer: 1 << 28 });
    if (r.error) throw new Error(`${grundy} -e: ${r.error.message}`);
    return { out: r.stdout + r.stderr, stdout: r.stdout, status: r.status === null ? -1 : r.status };
}

const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
});
const page = await browser.newPage();
await page.setViewport({ width: 1400, height: 900 });
const foreign = [];
page.on("request", (r) => { if (!r.url().startsWith(new URL(url).origin) && !r.url().startsWith("data:")) foreign.push(r.url()); });
page.on("pageerror", (e) => check(false, "the page threw: " + e.message));

// Run text through the fragment and wait for the run to end: {output, status, ms}.
let serial = 0;
async function runInPage(text, fresh) {
    const hash = "#code=" + b64url(text) + "&run&n=" + ++serial;
    const runs = fresh ? 0 : await page.evaluate(() => +(document.body.dataset.runs || 0));
    if (fresh) await page.goto(url + hash, { waitUntil: "load" });
    else await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForFunction((n) => +(document.body.dataset.runs || 0) > n && document.getElementById("status").textContent !== "",
        { timeout: 600000, polling: 50 }, runs);
    return page.evaluate(() => ({ output: document.getElementById("output").textContent,
        status: document.getElementById("status").textContent }));
}

// ---- every program, against the command line ----
const t0 = Date.now();
let compared = 0, limited = 0;
for (const [i, file] of programs.entries()) {
    if (process.env.VERBOSE) console.log(file);
    const bytes = readFileSync(file);
    const text = bytes.toString("utf8");
    // a program -e cannot carry (a NUL byte) or that is not UTF-8 text has no page twin
    if (bytes.includes(0) || Buffer.from(text, "utf8").compare(bytes) !== 0) continue;
    const want = cli(text);
    const got = await runInPage(text, i === 0);
    compared++;
    if (want.status === 4 && got.status === "4" && got.output !== want.out) {
        limited++;
        check(got.output.startsWith(want.stdout) && /error: .*(memory|limit|budget|--max-)/.test(got.output.slice(want.stdout.length)),
            `${file}: stopped at a limit, but not with the command line's output and a limit's message:\n${got.output.slice(0, 2000)}`);
        continue;
    }
    check(got.status === String(want.status), `${file}: status ${got.status}, the command line's ${want.status}`);
    if (got.output !== want.out) {
        const a = want.out.split("\n"), b = got.output.split("\n");
        let k = 0;
        while (k < a.length && a[k] === b[k]) k++;
        check(false, `${file}: output differs at line ${k + 1}:\n  cli:  ${a[k]}\n  page: ${b[k]}`);
    }
}
console.log(`programs: ${compared} compared with the command line (${limited} stopped at a limit in both) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// ---- Stop: an endless computation, its progress line, then a run that works ----
// (the line printed before it shows while it runs: the worker holds output back only briefly)
await page.evaluate(() => {
    location.hash = "#code=" + btoa("print \"a line before\"; claim sg(Kayles(n % 100)) >= 0 for n in 0..100000000000000000;")
        .replace(/=+$/, "") + "&run&n=stop";
});
await page.waitForFunction(() => document.body.dataset.running === "1", { timeout: 10000 });
await page.waitForFunction(() => document.getElementById("progress").textContent.includes(" s, "), { timeout: 15000 })
    .then(() => check(true, ""), () => check(false, "no progress line after one second"));
await page.waitForFunction(() => document.getElementById("output").textContent.includes("a line before"), { timeout: 5000 })
    .then(() => check(true, ""), () => check(false, "the output before a long statement does not show while it runs"));
check(await page.$eval("#status", (e) => e.textContent) === "", "status is not empty while running");
await page.click("#stop");
await page.waitForFunction(() => document.getElementById("status").textContent === "130", { timeout: 5000 })
    .then(() => check(true, ""), () => check(false, "Stop did not end the run with status 130"));
const after = await runInPage("query Nim(3, 4, 5);", false);
check(after.status === "0" && after.output === cli("query Nim(3, 4, 5);").out, "the run after Stop: " + JSON.stringify(after));

// ---- an error marks its line ----
const bad = "game G(n) {\n    move take(k in 1..n) => G(n - k);\n}\nquery G(3) + Undefined(2);\n";
const e = await runInPage(bad, false);
check(e.status === "3", "an error's status: " + e.status);
const marked = await page.evaluate(() => {
    const lines = [...document.querySelectorAll("#editor .cm-line")];
    return { attr: document.getElementById("editor").dataset.errorLines,
        marked: lines.map((l, i) => (l.classList.contains("cm-error-line") ? i + 1 : 0)).filter((x) => x) };
});
check(marked.attr === "4" && marked.marked.join() === "4", "the error's line is not marked: " + JSON.stringify(marked));

// ---- Ctrl-Enter runs the program in the editor ----
{
    const text = "query Kayles(7);\n";
    const runs = await page.evaluate(() => +(document.body.dataset.runs || 0));
    await page.evaluate((h) => { location.hash = h; }, "#code=" + b64url(text));   // loaded, not run
    await page.waitForFunction((t) => document.querySelector("#editor .cm-content").textContent === t.trim(), {}, text);
    await page.click("#editor .cm-content");
    await page.keyboard.down("Control");
    await page.keyboard.press("Enter");
    await page.keyboard.up("Control");
    await page.waitForFunction((n) => +(document.body.dataset.runs || 0) > n, { timeout: 20000 }, runs)
        .then(() => check(true, ""), () => check(false, "Ctrl-Enter did not run the program"));
    const o = await page.$eval("#output", (e) => e.textContent);
    check(o === cli(text).out, "the output of Ctrl-Enter's run: " + o);
}

// ---- Share puts the program (and its input) in the address ----
{
    await page.$eval("#input", (e) => { e.value = "3\n1 2 3\n"; });
    await page.click("#share");
    const hash = await page.evaluate(() => location.hash);
    const want = "#code=" + b64url("query Kayles(7);\n") + "&input=" + b64url("3\n1 2 3\n");
    check(hash === want, `Share wrote ${hash}, not ${want}`);
    await page.$eval("#input", (e) => { e.value = ""; });
}

// ---- pictures: a drawing (Graphviz) and a heat map ----
await runInPage("draw Kayles(4) depth 2;\ntable Cutting(2..12, 2..12);", false);
await page.waitForSelector("#pictures figure.drawing svg", { timeout: 20000 })
    .then(() => check(true, ""), () => check(false, "draw gave no picture"));
const heat = await page.waitForSelector("#pictures figure.heatmap canvas", { timeout: 20000 })
    .then((c) => c.evaluate((e) => +e.dataset.cells), () => 0);
check(heat === 121, "the heat map of an 11 x 11 table has " + heat + " cells");
check(await page.$$eval("#pictures .legend span", (s) => s.length) >= 2, "the heat map has no legend");

// ---- :play Nim(1, 2, 3): the person moves first from a P-position and loses ----
await page.$eval("#play-position", (el) => { el.value = "Nim(1, 2, 3)"; });
await page.select("#play-order", "first");
await page.click("#play-start");
await page.waitForSelector("#play-board button.move:not([disabled])", { timeout: 20000 });
await page.click("#play-hint");
const hint = await page.$eval("#play-log", (l) => l.textContent);
check(hint.includes("hint: no move wins here (the position is P)"), "hint on Nim(1, 2, 3): " + hint);
let clicks = 0, undone = false;
// (clicks in the page: the board redraws itself as the engine answers)
// (a click counts when the log shows the move: a board the engine has not yet redrawn takes none)
const clickFirstMove = () => page.evaluate(() => {
    const b = document.querySelector("#play-board button.move:not([disabled])");
    const mine = () => (document.getElementById("play-log").textContent.match(/you: /g) || []).length;
    const before = mine();
    if (b) b.click();
    return !!b && mine() > before;
});
const ready = () => page.waitForFunction(() => document.querySelector("#play-board[data-over]") ||
    document.querySelector("#play-board button.move:not([disabled])"), { timeout: 20000 });
for (; clicks < 20; ) {
    await ready();
    if (await page.$("#play-board[data-over]")) break;
    if (await clickFirstMove()) clicks++;
    if (clicks === 2 && !undone) {   // take back the engine's reply and this move, once
        // (after the engine has replied: the board's buttons may still be those before the move,
        // and an undo while the engine thinks is ignored)
        await page.waitForFunction(() => document.querySelector("#play-board[data-over]") ||
            (document.getElementById("play-log").textContent.match(/engine: /g) || []).length >= 2, { timeout: 20000 });
        await ready();
        for (let t = 0; t < 100 && !undone; t++) {   // (ignored while the page is still busy)
            undone = await page.evaluate(() => {
                document.getElementById("play-undo").click();
                return document.getElementById("play-log").textContent.includes("undone");
            });
            if (!undone) await new Promise((r) => setTimeout(r, 100));
        }
    }
}
const game = await page.evaluate(() => ({ over: document.getElementById("play-board").dataset.over,
    log: document.getElementById("play-log").textContent }));
check(game.over === "engine" && game.log.includes("undone") && game.log.includes("engine: ") && clicks >= 2,
    "the game of Nim(1, 2, 3): " + JSON.stringify(game));

// ---- :play in a game with cycles, the engine first: no winning move, so it keeps the draw ----
await page.evaluate((h) => { location.hash = h; },
    "#code=" + Buffer.from("digraph D2 { 0 -> 1; 0 -> 3; 3 -> 0; 1 -> 2; }\n").toString("base64url"));
await page.$eval("#play-position", (el) => { el.value = "Token(D2, 0)"; });
await page.select("#play-order", "second");
await page.click("#play-start");
const drawn = await page.waitForFunction(() => {
    const l = document.getElementById("play-log").textContent;
    return l.includes("engine: ") && l;
}, { timeout: 20000 }).then((h) => h.jsonValue(), () => "");
check(drawn.includes("-> Token(D2, 3)") && drawn.includes("keeps the draw"), "the engine keeps the draw: " + drawn);

// ---- :play a partizan game: the person's side's moves only; the engine plays the other side ----
await page.$eval("#play-position", (el) => { el.value = "Domineering(2, 3)"; });
await page.select("#play-order", "second");
await page.select("#play-side", "R");
await page.click("#play-start");
const pz = await page.waitForFunction(() => {
    const b = document.getElementById("play-board");
    return b.dataset.over && { over: b.dataset.over, log: document.getElementById("play-log").textContent };
}, { timeout: 20000 }).then((h) => h.jsonValue(), () => ({}));
check(pz.over === "engine" && (pz.log || "").includes("you play Right, the engine Left") &&
    (pz.log || "").includes("engine: place r=0, c=1") && (pz.log || "").includes("You (Right) cannot move"),
    "the engine (Left) wins Domineering(2, 3) moving first: " + JSON.stringify(pz));
await page.$eval("#play-position", (el) => { el.value = "Clobber(\"xxoo\")"; });
await page.select("#play-order", "first");
await page.select("#play-side", "L");
await page.click("#play-start");
await page.waitForSelector("#play-board button.move:not([disabled])", { timeout: 20000 });
const offered = await page.$$eval("#play-board button.move", (bs) => bs.map((b) => b.textContent));
await page.click("#play-hint");
const pzHint = await page.$eval("#play-log", (l) => l.textContent);
check(offered.length === 1 && offered[0].startsWith("1. east") && pzHint.includes("hint: no move wins here for Left"),
    "Left's moves only in Clobber(\"xxoo\"), no winning one: " + JSON.stringify(offered) + " " + pzHint);

// ---- the tour, and its screenshot ----
await page.select("#examples", "tour");
await page.click("#run");
await page.waitForFunction(() => document.getElementById("status").textContent !== "" && !document.body.dataset.running,
    { timeout: 120000 });
check(await page.$eval("#status", (e) => e.textContent) === "0", "the tour's status");
await page.evaluate(() => document.getElementById("right").scrollTo(0, 0));
const png = await page.screenshot({ type: "png" });
writeFileSync(shot, png);
// not blank: the picture has many colours (text, highlighting, header), counted in the page
const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data, seen = new Set();
    let dark = 0;
    for (let i = 0; i < d.length; i += 4 * 7) {
        seen.add((d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | d[i + 2] >> 3);
        if (d[i] + d[i + 1] + d[i + 2] < 200) dark++;
    }
    return { distinct: seen.size, dark };
}, Buffer.from(png).toString("base64"));
check(colours.distinct > 20 && colours.dark > 1000, "the screenshot looks blank: " + JSON.stringify(colours));

check(foreign.length === 0, "requests left the page's origin: " + foreign.slice(0, 5).join(" "));

// ---- offline: once loaded (its service worker holds the files), the page loads and runs ----
check(await page.evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => true),
    new Promise((r) => setTimeout(() => r(false), 10000))])), "no service worker is ready");
await page.setOfflineMode(true);
const offline = await (async () => {
    await page.goto(url, { waitUntil: "load" });   // a new document (not a change of the fragment)
    await page.waitForFunction(() => document.body.dataset.ready === "1", { timeout: 20000 });
    return runInPage("query Nim(1, 2, 3);", false);
})().catch((e) => ({ output: String(e), status: "" }));
check(offline.status === "0" && offline.output === cli("query Nim(1, 2, 3);").out, "offline: " + JSON.stringify(offline));
await page.setOfflineMode(false);
await browser.close();
console.log(`browser: ${checks - failures} of ${checks} checks passed`);
process.exit(failures ? 1 : 0);
