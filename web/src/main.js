// main.js: the playground page: the editor, the examples menu, Run/Stop, the output (the command
// line's text, byte for byte), errors marked in the editor, pictures of draw statements and of
// tables over two ranges, shareable links, and a board to play a position against the engine.
// The engine runs in a Web Worker (worker.js); Stop terminates it and starts a fresh one.
import { EditorState, StateEffect, StateField, RangeSetBuilder } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, Decoration, drawSelection } from "@codemirror/view";
import { defaultKeymap, history as editHistory, historyKeymap, indentWithTab } from "@codemirror/commands";
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching } from "@codemirror/language";
import { searchKeymap } from "@codemirror/search";
import { gameLanguage } from "./lang.js";
import { decodeCode, encodeCode, parseHash } from "./share.js";
import { drawingTitle, heatMap, tableGrid } from "./pictures.js";
import { Board } from "./board.js";

// What a browser tab can hold: the engine's memory budget (the usual "--max-memory" message past it).
const MAX_MEMORY = "2G";
const $ = (id) => document.getElementById(id);

// ---- the editor, with the lines of the last run's errors marked ----
const setErrors = StateEffect.define();
const errorField = StateField.define({
    create: () => Decoration.none,
    update(deco, tr) {
        deco = deco.map(tr.changes);
        for (const e of tr.effects) if (e.is(setErrors)) deco = e.value;
        return deco;
    },
    provide: (f) => EditorView.decorations.from(f),
});
const errorLine = Decoration.line({ class: "cm-error-line" });
const errorMark = Decoration.mark({ class: "cm-error-mark" });

const view = new EditorView({
    parent: $("editor"),
    state: EditorState.create({
        doc: "",
        extensions: [
            lineNumbers(), highlightActiveLineGutter(), editHistory(), drawSelection(), bracketMatching(),
            highlightActiveLine(), EditorView.lineWrapping, gameLanguage, syntaxHighlighting(defaultHighlightStyle), errorField,
            keymap.of([{ key: "Mod-Enter", run: () => (run(), true) }, ...defaultKeymap, ...historyKeymap,
                ...searchKeymap, indentWithTab]),
        ],
    }),
});
const program = () => view.state.doc.toString();
function setProgram(text) {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, effects: setErrors.of(Decoration.none) });
    $("editor").removeAttribute("data-error-lines");
}

// Mark each "<eval>:LINE:COL: error:" of the messages: the line, and the caret's span on it.
function markErrors(messages) {
    const doc = view.state.doc, marks = [], lines = [];
    const re = /^<eval>:(\d+):(\d+): (error|warning)/gm;
    for (let m; (m = re.exec(messages));) {
        const ln = +m[1], col = +m[2];
        if (m[3] !== "error" || ln < 1 || ln > doc.lines) continue;
        const line = doc.line(ln);
        if (!lines.includes(ln)) lines.push(ln);
        const from = Math.min(line.from + col - 1, line.to);
        const word = /^[A-Za-z0-9_]+|^\S/.exec(doc.sliceString(from, line.to));
        marks.push({ ln, line, from, to: from + (word ? word[0].length : 0) });
    }
    if (!marks.length) {   // (the marks were cleared when the run began)
        $("editor").removeAttribute("data-error-lines");
        return;
    }
    marks.sort((a, b) => a.line.from - b.line.from || a.from - b.from);
    const b = new RangeSetBuilder();
    let lastLine = -1;
    for (const k of marks) {
        if (k.line.from !== lastLine) b.add(k.line.from, k.line.from, errorLine);
        lastLine = k.line.from;
        if (k.to > k.from) b.add(k.from, k.to, errorMark);
    }
    const effects = [setErrors.of(b.finish())];
    if (marks.length) effects.push(EditorView.scrollIntoView(marks[0].from, { y: "center" }));
    view.dispatch({ effects });
    if (lines.length) $("editor").setAttribute("data-error-lines", lines.join(" "));
    else $("editor").removeAttribute("data-error-lines");
}

// ---- the worker ----
let worker = null, ready = false, running = false, onReady = [];
let out = "", err = "", board = null, runStart = 0, shots = [];

// A picture's JSON object, its integers beyond 2^53 kept exact as their text.
function parsePicture(json) {
    return JSON.parse(json, (key, value, context) =>
        typeof value === "number" && !Number.isSafeInteger(value) && context && context.source ? context.source : value);
}

function startWorker() {
    ready = false;
    worker = new Worker("worker.js");
    worker.onmessage = (e) => handle(e.data);
    worker.onerror = (e) => {   // the engine died (WebAssembly out of memory): a fresh one
        e.preventDefault();
        worker.terminate();
        startWorker();
        finish(4, "\ngrundy: the page's engine stopped: " + (e.message || "out of memory") + "\n");
        if (board) board.reset();
    };
}
function whenReady(fn) {
    if (ready) fn();
    else onReady.push(fn);
}

function handle(msg) {
    switch (msg.type) {
    case "ready":
        ready = true;
        $("version").textContent = msg.version;
        $("engine-state").textContent = `engine ready (${Math.round(msg.ms)} ms)`;
        $("run").disabled = false;
        document.body.dataset.ready = "1";
        for (const fn of onReady.splice(0)) fn();
        break;
    case "out":   // kept, and drawn a few times a second while the run goes (and when it ends)
        if (msg.stream === 1) out += msg.text;
        else err += msg.text;
        scheduleOutput();
        break;
    case "picture":   // a draw statement's graph or a table over two ranges, drawn when the run ends
        if (running) shots.push(msg.json);
        break;
    case "progress":
        $("progress").textContent = msg.elapsed < 0 ? "" :
            `… ${Math.round(msg.elapsed)} s, ${msg.count} ${msg.what} (${Math.round(msg.count / msg.elapsed)}/s)`;
        break;
    case "done":
        finish(msg.status, "", msg.ms);
        break;
    default:
        if (board) board.handle(msg);
    }
}

// The output as it comes, drawn at most every DRAW_MS: each drawing lays the whole text out again,
// and a large table (640 KB) drawn on every message would take longer than computing it.
const DRAW_MS = 300;
let outputTimer = 0, lastDraw = 0;
function scheduleOutput() {
    if (outputTimer) return;
    const wait = Math.max(0, lastDraw + DRAW_MS - performance.now());
    outputTimer = setTimeout(() => { outputTimer = 0; showOutput(); }, wait);
}

// The output as the command line prints it: standard output, then the messages.
function showOutput() {
    if (outputTimer) {
        clearTimeout(outputTimer);
        outputTimer = 0;
    }
    lastDraw = performance.now();
    const o = $("output");
    o.textContent = "";
    o.append(document.createTextNode(out));
    if (err) {   // the messages, each "<eval>:LINE:COL:" a link to its place in the editor
        const span = document.createElement("span");
        span.className = "err";
        const re = /^<eval>:(\d+):(\d+):/gm;
        let at = 0;
        for (let m; (m = re.exec(err));) {
            span.append(document.createTextNode(err.slice(at, m.index)));
            const a = document.createElement("a");
            a.className = "loc";
            a.textContent = m[0];
            const ln = +m[1], col = +m[2];
            a.onclick = () => jumpTo(ln, col);
            span.append(a);
            at = m.index + m[0].length;
        }
        span.append(document.createTextNode(err.slice(at)));
        o.append(span);
    }
}
function jumpTo(ln, col) {
    const doc = view.state.doc;
    if (ln < 1 || ln > doc.lines) return;
    const line = doc.line(ln), pos = Math.min(line.from + col - 1, line.to);
    view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
    view.focus();
}

function run() {
    if (running) return;
    const text = program();
    running = true;
    runStart = performance.now();
    out = err = "";
    shots = [];
    showOutput();
    $("status").textContent = "";
    $("progress").textContent = "";
    $("pictures").textContent = "";
    $("run").disabled = true;
    $("stop").disabled = false;
    if (view.state.field(errorField).size) view.dispatch({ effects: setErrors.of(Decoration.none) });
    $("editor").removeAttribute("data-error-lines");
    document.body.dataset.running = "1";
    whenReady(() => worker.postMessage({ type: "run", text, input: $("input").value, maxMemory: MAX_MEMORY }));
}

function finish(status, extra, ms) {
    if (!running) return;
    running = false;
    err += extra || "";
    showOutput();
    $("progress").textContent = ms !== undefined ? `${(ms / 1000).toFixed(2)} s` : "";
    markErrors(err);
    $("status").textContent = String(status);
    $("run").disabled = false;
    $("stop").disabled = true;
    delete document.body.dataset.running;
    // (for tests and benchmarks: runs ended, and the last one's time from Run to its output laid
    // out: reading the output's height makes the browser lay the text out now)
    void $("output").scrollHeight;
    document.body.dataset.runs = String(+(document.body.dataset.runs || 0) + 1);
    document.body.dataset.lastRunMs = String(Math.round(performance.now() - runStart));
    // the pictures after the text has been drawn
    const list = shots;
    shots = [];
    setTimeout(() => pictures(list), 0);
}

// Stop: the worker is terminated (a computation in WebAssembly cannot be reached from outside
// between its polls) and a fresh one loads; the run ends with the command line's status for an
// interrupt.
function stop() {
    if (!running) return;
    worker.terminate();
    startWorker();
    finish(130, "grundy: stopped by the Stop button\n");
    if (board) board.reset();
}

// ---- pictures: draw statements (Graphviz in WebAssembly) and tables over two ranges ----
let vizPromise = null;
function loadViz() {
    if (!vizPromise)
        vizPromise = new Promise((resolve, reject) => {
            const s = document.createElement("script");
            s.src = "viz.js";
            s.onload = () => resolve(window.Viz.instance());
            s.onerror = reject;
            document.head.append(s);
        });
    return vizPromise;
}
function figure(caption) {
    const f = document.createElement("figure");
    const c = document.createElement("figcaption");
    c.textContent = caption;
    f.append(c);
    $("pictures").append(f);
    return f;
}
function pictures(list) {
    for (const d of list.map(parsePicture)) {
        if (d.kind === "draw" && d.dot) {
            const f = figure(drawingTitle(d));
            f.classList.add("drawing");
            loadViz().then((viz) => f.append(viz.renderSVGElement(d.dot)))
                .catch(() => f.append(document.createTextNode("(the graph could not be drawn)")));
        } else if (d.kind === "table" && d.rows) {
            const g = tableGrid(d);
            const f = figure(g.title);
            f.classList.add("heatmap");
            f.append(heatMap(g));
        }
    }
}

// ---- examples, links ----
let examples = [];
function loadExamples() {
    return fetch("examples.json").then((r) => r.json()).then((list) => {
        examples = list;
        const sel = $("examples");
        for (const ex of list) {
            const o = document.createElement("option");
            o.value = ex.name;
            o.textContent = ex.name === "tour" ? "tour (start here)" : ex.name;
            sel.append(o);
        }
    });
}
$("examples").onchange = () => {
    const ex = examples.find((x) => x.name === $("examples").value);
    if (!ex) return;
    setProgram(ex.text);
    $("input").value = ex.input || "";
    $("input-box").open = !!ex.input;
};

// #code=BASE64URL[&input=BASE64URL][&run]: the program (and its standard input) travel in the
// fragment; &run runs it on load. A later change of the fragment loads (and runs) the new one.
function fromHash() {
    const h = parseHash(location.hash);
    if (h.code === null) return false;
    setProgram(decodeCode(h.code));
    $("input").value = h.input !== null ? decodeCode(h.input) : "";
    $("examples").value = "";
    if (h.run) run();
    return true;
}
window.addEventListener("hashchange", fromHash);
$("share").onclick = () => {
    let h = "#code=" + encodeCode(program());
    if ($("input").value) h += "&input=" + encodeCode($("input").value);
    window.history.replaceState(null, "", h);
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
    $("engine-state").textContent = "link copied";
};

$("run").onclick = run;
$("stop").onclick = stop;

// ---- play ----
board = new Board({
    post: (msg) => whenReady(() => worker.postMessage({ ...msg, maxMemory: MAX_MEMORY })),
    program,
    root: $("play-board"),
    log: $("play-log"),
    hint: $("play-hint"),
    undo: $("play-undo"),
});
$("play-form").onsubmit = (e) => {
    e.preventDefault();
    board.start($("play-position").value, $("play-order").value === "first", $("play-side").value);
};

startWorker();
if ("serviceWorker" in navigator && location.protocol !== "file:")
    navigator.serviceWorker.register("sw.js").catch(() => {});
loadExamples().catch(() => {}).then(() => {
    if (!fromHash()) {
        const tour = examples.find((x) => x.name === "tour");
        if (tour) {
            $("examples").value = "tour";
            setProgram(tour.text);
        }
    }
});
