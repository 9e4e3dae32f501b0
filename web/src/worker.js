// worker.js: the page's Web Worker: loads the engine (libgrundy compiled to WebAssembly, with the
// standard library inside) and runs programs and games in it, so the page never freezes. The page
// stops a run by terminating this worker and starting another.
//
// Messages in:  {type: "run", text, input, maxMemory}       -> "out"*, "progress"*, "done"
//               {type: "play", program, position, maxMemory}  (the program's definitions, not its statements) -> "position" (or "play-error")
//               {type: "goto", id}                           -> "position"
//               {type: "engine-move", id, text, side}        -> "engine-move" {index, why} (gr_engine_move_side;
//                                                               side "L"/"R" in a partizan game, else "")
// Messages out: {type: "ready", version, ms}, {type: "out", stream, text},
//               {type: "picture", json} (a draw statement's or a two-range table's JSON object),
//               {type: "progress", elapsed, count, what}, {type: "done", status, ms}
/* global importScripts, GrundyEngine */
importScripts("grundy-engine.js");

let engine = null;
let playSession = 0;
const t0 = performance.now();

// The output of a run goes to the page in a few large messages, not one per write: a write is
// held until a tenth of a second has passed since the last message (or the other stream writes,
// a progress report comes, or the run ends). Each message costs the page a layout; a table sends hundreds of lines.
const FLUSH_MS = 100;
let held = { stream: 0, parts: [], since: 0 };
function flushOutput() {
    if (held.parts.length) postMessage({ type: "out", stream: held.stream, text: held.parts.join("") });
    held = { stream: 0, parts: [], since: performance.now() };
}
let quiet = false;   // (while warming up)
function write(stream, text) {
    if (quiet) return;
    if (held.parts.length && held.stream !== stream) flushOutput();
    held.stream = stream;
    held.parts.push(text);
    if (performance.now() - held.since >= FLUSH_MS) flushOutput();
}

const api = {};
GrundyEngine({
    gr_write: write,
    gr_progress: (elapsed, count, what) => {   // (about once a second in a long statement: what
        flushOutput();                          // the statements before it wrote shows meanwhile)
        postMessage({ type: "progress", elapsed, count, what });
    },
    gr_picture: (json) => { if (!quiet) postMessage({ type: "picture", json }); },
    print: (text) => write(1, text + "\n"),
    printErr: (text) => write(2, text + "\n"),
}).then((m) => {
    engine = m;
    api.session = m.cwrap("web_session", "number", ["string", "string"]);
    api.exec = m.cwrap("web_exec", "number", ["number", "string"]);
    api.load = m.cwrap("web_load", "number", ["number", "string"]);
    api.position = m.cwrap("web_position", "number", ["number", "string", "number"]);
    api.engineMove = m.cwrap("web_engine_move", "number", ["number", "string", "number", "string"]);
    api.free = m.cwrap("web_free", null, ["number"]);
    api.sessionFree = m.cwrap("web_session_free", null, ["number"]);
    api.version = m.cwrap("web_version", "string", []);
    warmUp();
    postMessage({ type: "ready", version: api.version(), ms: performance.now() - t0 });
});

// A short program run once, its output dropped, before the page is told the engine is ready: the
// browser compiles the engine's functions when they are first called, and optimizes them later,
// so without this the first Run of a page would take ten times as long as the next ones.
const WARM_UP = `game W(n) { move take(k in {1, 3, 4}) when k <= n => W(n - k);
    move split(a in 1..n / 2) => W(a) + W(n - a); }
table W(0..30); query W(9); query Nim(3, 4, 5); query Wythoff(3, 5);
expect Bash(20, 3) is P; claim sg(Bash(n, m)) == n % (m + 1) for n in 0..20, m in 1..3;
table Cutting(2..12, 2..12);`;
function warmUp() {
    quiet = true;
    const s = api.session("", "");
    if (s) {
        api.exec(s, WARM_UP);
        api.sessionFree(s);
    }
    quiet = false;
    held = { stream: 0, parts: [], since: 0 };
}

// One position of the game being played, every move with its position held.
function position(text, id) {
    const p = api.position(playSession, text || "", id || 0);
    const json = engine.UTF8ToString(p >>> 0);
    api.free(p);
    return JSON.parse(json);
}

// The engine's move (the library's gr_engine_move_side, as the REPL's :play makes it).
function engineMove(text, id, side) {
    const p = api.engineMove(playSession, text || "", id || 0, side || "");
    const json = engine.UTF8ToString(p >>> 0);
    api.free(p);
    return JSON.parse(json);
}

onmessage = (e) => {
    const msg = e.data;
    if (!engine) {   // messages before the engine is ready wait for it
        setTimeout(() => onmessage(e), 20);
        return;
    }
    if (msg.type === "run") {
        const start = performance.now();
        held.since = start;
        const s = api.session(msg.maxMemory || "", msg.input || "");
        const status = s ? api.exec(s, msg.text) : 4;
        if (s) api.sessionFree(s);
        flushOutput();
        postMessage({ type: "done", status, ms: performance.now() - start });
    } else if (msg.type === "play") {
        if (playSession) api.sessionFree(playSession);
        playSession = api.session(msg.maxMemory || "", "");
        // the program's definitions (its statements do not run: a game is played, not solved)
        const lp = api.load(playSession, msg.program);
        const load = JSON.parse(engine.UTF8ToString(lp >>> 0));
        api.free(lp);
        if (load.status) {
            postMessage({ type: "play-error", status: load.status, errors: load.errors });
            return;
        }
        const p = position(msg.position, 0);
        postMessage(p.status ? { type: "play-error", status: p.status, errors: p.errors } : { type: "position", id: 0, ...p });
    } else if (msg.type === "goto") {
        const p = position(msg.id ? null : msg.text, msg.id);
        postMessage(p.status ? { type: "play-error", status: p.status, errors: p.errors || "" } : { type: "position", id: msg.id, ...p });
    } else if (msg.type === "engine-move") {
        const m = engineMove(msg.id ? null : msg.text, msg.id, msg.side);
        if (m.status) {
            postMessage({ type: "play-error", status: m.status, errors: m.errors || "" });
            return;
        }
        postMessage({ type: "engine-move", index: m.index, why: m.why });
    }
};
