// worker.js: the page's Web Worker: loads the engine (libgrundy compiled to WebAssembly, with the
// standard library inside) and runs programs and games in it, so the page never freezes. The page
// stops a run by terminating this worker and starting another.
//
// Messages in:  {type: "run", text, input, maxMemory}       -> "out"*, "progress"*, "done"
//               {type: "play", program, position, maxMemory}  (the program's definitions, not its statements) -> "position" (or "play-error")
//               {type: "goto", id}                           -> "position"
//               {type: "engine-move", id}                    -> "engine-move" {index, why}
// Messages out: {type: "ready", version, ms}, {type: "out", stream, text},
//               {type: "progress", elapsed, count, what}, {type: "done", status, ms}
/* global importScripts, GrundyEngine */
importScripts("grundy-engine.js");

let engine = null;
let playSession = 0;
const t0 = performance.now();

const api = {};
GrundyEngine({
    gr_write: (stream, text) => postMessage({ type: "out", stream, text }),
    gr_progress: (elapsed, count, what) => postMessage({ type: "progress", elapsed, count, what }),
    print: (text) => postMessage({ type: "out", stream: 1, text: text + "\n" }),
    printErr: (text) => postMessage({ type: "out", stream: 2, text: text + "\n" }),
}).then((m) => {
    engine = m;
    api.session = m.cwrap("web_session", "number", ["string", "string"]);
    api.exec = m.cwrap("web_exec", "number", ["number", "string"]);
    api.load = m.cwrap("web_load", "number", ["number", "string"]);
    api.position = m.cwrap("web_position", "number", ["number", "string", "number"]);
    api.held = m.cwrap("web_held", "number", ["number"]);
    api.release = m.cwrap("web_release", null, ["number", "number"]);
    api.free = m.cwrap("web_free", null, ["number"]);
    api.sessionFree = m.cwrap("web_session_free", null, ["number"]);
    api.version = m.cwrap("web_version", "string", []);
    postMessage({ type: "ready", version: api.version(), ms: performance.now() - t0 });
});

// One position of the game being played, every move with its position held.
function position(text, id) {
    const p = api.position(playSession, text || "", id || 0);
    const json = engine.UTF8ToString(p >>> 0);
    api.free(p);
    return JSON.parse(json);
}

// The engine's move, as the REPL's :play makes it: in a scoring game the first move worth the most;
// else the first winning move; else the move that loses slowest (the largest remoteness, by a
// search bounded as the REPL bounds it; past the bound, the first move).
const MAX_SEARCH = 50000;
const MAX_DEPTH = 2000;
function decCmp(a, b) {
    const x = BigInt(a), y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
}
function engineChoice(q) {
    if (q.scoring) {
        let best = 0;
        for (let i = 1; i < q.moves.length; i++) if (decCmp(q.moves[i].worth, q.moves[best].worth) > 0) best = i;
        return { index: best, why: "a best move" };
    }
    const win = q.moves.findIndex((m) => m.outcome === "P");
    if (win >= 0) return { index: win, why: "a winning move" };
    const memo = new Map();
    const r = { visited: 0, over: false };
    function remoteness(id, depth) {
        if (r.over || depth > MAX_DEPTH || ++r.visited > MAX_SEARCH) {
            r.over = true;
            return -1;
        }
        const mark = api.held(playSession);
        const p = position(null, id);
        if (p.status) {
            api.release(playSession, mark);
            r.over = true;
            return -1;
        }
        if (memo.has(p.position)) {
            api.release(playSession, mark);
            return memo.get(p.position);
        }
        let best = -1;
        for (const m of p.moves) {
            if (r.over) break;
            if (p.outcome === "N" && m.outcome !== "P") continue;
            const x = remoteness(m.id, depth + 1);
            if (x < 0) break;
            if (best < 0 || (p.outcome === "N" ? x < best : x > best)) best = x;
        }
        const res = r.over ? -1 : best < 0 ? 0 : best + 1;
        memo.set(p.position, res);
        api.release(playSession, mark);
        return res;
    }
    let best = 0, bestr = -1;
    for (let i = 0; i < q.moves.length && !r.over; i++) {
        const x = remoteness(q.moves[i].id, 0);
        if (x > bestr) {
            bestr = x;
            best = i;
        }
    }
    if (r.over)
        return { index: 0, why: "no winning move; the game is too large to find the slowest loss, so the first move" };
    return { index: best, why: "no winning move; the one that loses slowest" };
}

onmessage = (e) => {
    const msg = e.data;
    if (!engine) {   // messages before the engine is ready wait for it
        setTimeout(() => onmessage(e), 20);
        return;
    }
    if (msg.type === "run") {
        const start = performance.now();
        const s = api.session(msg.maxMemory || "", msg.input || "");
        const status = s ? api.exec(s, msg.text) : 4;
        if (s) api.sessionFree(s);
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
        const q = position(msg.id ? null : msg.text, msg.id);
        if (q.status) {
            postMessage({ type: "play-error", status: q.status, errors: q.errors || "" });
            return;
        }
        postMessage({ type: "engine-move", ...engineChoice(q), moves: q.moves });
    }
};
