// pictures.js: what the page draws from a run's text output: the Graphviz graphs of draw
// statements (the "digraph game { ... }" blocks) and the grids of tables over two ranges (a
// "table ...:" line, a line of column labels, then "ROW: v v v" lines), drawn as heat maps.

// Every drawing in text: {title, dot}.
export function findDrawings(text) {
    const found = [];
    const re = /^digraph game \{\n(?:.*\n)*?\}$/gm;
    for (let m; (m = re.exec(text));) {
        const t = /\/\/ grundy: (.*)/.exec(m[0]);
        found.push({ title: t ? t[1] : "game graph", dot: m[0] });
    }
    return found;
}

// Every table over two ranges in text: {title, cols, rows: [{label, cells}]}.
export function findGrids(text) {
    const lines = text.split("\n"), grids = [];
    for (let i = 0; i + 1 < lines.length; i++) {
        const head = /^table (.*):$/.exec(lines[i]);
        if (!head || !/^\s+\S/.test(lines[i + 1]) || /:/.test(lines[i + 1])) continue;
        const cols = lines[i + 1].trim().split(/\s+/), rows = [];
        let j = i + 2;
        for (; j < lines.length; j++) {
            const m = /^\s*(-?\d+): (.*)$/.exec(lines[j]);
            if (!m) break;
            const cells = m[2].trim().split(/\s+/);
            if (cells.length !== cols.length) break;
            rows.push({ label: m[1], cells });
        }
        if (rows.length) grids.push({ title: "table " + head[1], cols, rows });
        i = j - 1;
    }
    return grids;
}

// A colour per value: 0 (and P) dark, then hues around the wheel by rank; D grey.
function palette(values) {
    const colours = new Map();
    const special = { 0: "#222222", P: "#222222", N: "#f7e463", D: "#9e9e9e" };
    const rest = values.filter((v) => !(v in special));
    rest.forEach((v, i) => {
        const hue = Math.round((i * 360) / Math.max(rest.length, 1) + 40) % 360;
        colours.set(v, `hsl(${hue}, 70%, ${55 + (i % 2) * 12}%)`);
    });
    for (const v of values) if (v in special) colours.set(v, special[v]);
    return colours;
}
function valueOrder(a, b) {
    const na = /^-?\d+$/.test(a), nb = /^-?\d+$/.test(b);
    if (na && nb) return BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0;
    return na ? -1 : nb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

// The heat map of a grid, with its legend (values in order, each with its colour and count).
export function heatMap(grid) {
    const ns = "http://www.w3.org/2000/svg";
    const values = [...new Set(grid.rows.flatMap((r) => r.cells))].sort(valueOrder);
    const colour = palette(values);
    const nr = grid.rows.length, nc = grid.cols.length;
    const cell = Math.max(2, Math.min(16, Math.floor(560 / Math.max(nr, nc))));
    const left = 36, top = 18;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", left + nc * cell + 4);
    svg.setAttribute("height", top + nr * cell + 4);
    svg.setAttribute("class", "heat");
    svg.setAttribute("role", "img");
    const add = (tag, attrs, text) => {
        const e = document.createElementNS(ns, tag);
        for (const k in attrs) e.setAttribute(k, attrs[k]);
        if (text !== undefined) e.textContent = text;
        svg.append(e);
        return e;
    };
    const every = Math.ceil(14 / cell);   // axis labels every few cells
    grid.cols.forEach((c, j) => { if (j % every === 0) add("text", { x: left + j * cell, y: 12 }, c); });
    grid.rows.forEach((r, i) => {
        if (i % every === 0) add("text", { x: 0, y: top + i * cell + Math.min(cell, 10) }, r.label);
        r.cells.forEach((v, j) => {
            const rect = add("rect", { x: left + j * cell, y: top + i * cell, width: cell, height: cell, fill: colour.get(v) });
            const t = document.createElementNS(ns, "title");
            t.textContent = `(${r.label}, ${grid.cols[j]}): ${v}`;
            rect.append(t);
        });
    });
    const wrap = document.createElement("div");
    wrap.append(svg);
    const legend = document.createElement("div");
    legend.className = "legend";
    const counts = new Map();
    for (const r of grid.rows) for (const v of r.cells) counts.set(v, (counts.get(v) || 0) + 1);
    for (const v of values.slice(0, 64)) {
        const s = document.createElement("span"), i = document.createElement("i");
        i.style.background = colour.get(v);
        s.append(i, document.createTextNode(`${v} (${counts.get(v)})`));
        legend.append(s);
    }
    if (values.length > 64) legend.append(document.createTextNode(`… ${values.length - 64} more values`));
    wrap.append(legend);
    return wrap;
}
