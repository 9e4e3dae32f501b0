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

// The heat map of a grid (a canvas: a table over two ranges of 400 x 400 is 160000 cells), with its
// legend (values in order, each with its colour and count); the cell under the pointer shows its
// coordinates and value.
export function heatMap(grid) {
    const values = [...new Set(grid.rows.flatMap((r) => r.cells))].sort(valueOrder);
    const colour = palette(values);
    const nr = grid.rows.length, nc = grid.cols.length;
    const cell = Math.max(1, Math.min(16, Math.floor(560 / Math.max(nr, nc))));
    const left = 40, top = 18;
    const canvas = document.createElement("canvas");
    canvas.width = left + nc * cell + 4;
    canvas.height = top + nr * cell + 4;
    canvas.className = "heat";
    canvas.dataset.cells = String(nr * nc);
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", grid.title);
    const g = canvas.getContext("2d");
    g.fillStyle = "white";
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.font = "10px sans-serif";
    g.fillStyle = "#333";
    const every = Math.ceil(16 / cell);   // axis labels every few cells
    grid.cols.forEach((c, j) => { if (j % (every * 2) === 0) g.fillText(c, left + j * cell, 12); });
    grid.rows.forEach((r, i) => { if (i % every === 0) g.fillText(r.label, 0, top + i * cell + Math.min(cell, 10)); });
    // one path per value (a colour change per cell would cost more than the cells)
    const paths = new Map(values.map((v) => [v, new Path2D()]));
    grid.rows.forEach((r, i) => r.cells.forEach((v, j) => paths.get(v).rect(left + j * cell, top + i * cell, cell, cell)));
    for (const [v, path] of paths) {
        g.fillStyle = colour.get(v);
        g.fill(path);
    }
    canvas.onmousemove = (e) => {
        const b = canvas.getBoundingClientRect();
        const j = Math.floor((e.clientX - b.left - left) / cell), i = Math.floor((e.clientY - b.top - top) / cell);
        canvas.title = i >= 0 && i < nr && j >= 0 && j < nc ? `(${grid.rows[i].label}, ${grid.cols[j]}): ${grid.rows[i].cells[j]}` : "";
    };
    const wrap = document.createElement("div");
    wrap.append(canvas);
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
