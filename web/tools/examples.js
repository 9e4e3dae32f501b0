// examples.js EXAMPLES_DIR OUT.json: the page's examples menu: the tour first, then every other
// example of examples/ in name order, each with its first sample input when it has one
// (examples/samples/NAME.1.in: the contest examples read their problem's input).
"use strict";
const fs = require("fs");
const path = require("path");
const [dir, out] = process.argv.slice(2);
const names = fs.readdirSync(dir).filter((f) => f.endsWith(".game")).sort();
names.sort((a, b) => (a === "tour.game" ? -1 : b === "tour.game" ? 1 : a < b ? -1 : a > b ? 1 : 0));
const list = names.map((f) => {
    const name = f.replace(/\.game$/, "");
    const sample = path.join(dir, "samples", name + ".1.in");
    const item = { name, text: fs.readFileSync(path.join(dir, f), "utf8") };
    if (fs.existsSync(sample)) item.input = fs.readFileSync(sample, "utf8");
    return item;
});
fs.writeFileSync(out, JSON.stringify(list));
