// engine.js DIST FILE...: runs each program FILE in the WebAssembly engine under node, as the page's
// worker does (a fresh session per program, standard input empty), and prints one JSON line per
// file: {"file", "status", "stdout", "stderr", "ms"}. The browser test's quick twin: the engine
// without the page (tests/web: the same programs in Chromium).
"use strict";
const fs = require("fs");
const path = require("path");
const [dist, ...files] = process.argv.slice(2);
const GrundyEngine = require(path.resolve(dist, "grundy-engine.js"));
let out = "", err = "";
GrundyEngine({
    wasmBinary: fs.readFileSync(path.resolve(dist, "grundy-engine.wasm")),
    gr_write: (stream, text) => { if (stream === 1) out += text; else err += text; },
    gr_progress: () => {},
    gr_picture: () => {},
}).then((m) => {
    const session = m.cwrap("web_session", "number", ["string", "string"]);
    const exec = m.cwrap("web_exec", "number", ["number", "string"]);
    const free = m.cwrap("web_session_free", null, ["number"]);
    for (const f of files) {
        out = err = "";
        const t = Date.now();
        const s = session(process.env.MAX_MEMORY || "2G", "");
        const status = exec(s, fs.readFileSync(f, "utf8"));
        free(s);
        process.stdout.write(JSON.stringify({ file: f, status, stdout: out, stderr: err, ms: Date.now() - t }) + "\n");
    }
});
