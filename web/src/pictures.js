// pictures.js: the pictures of a run, from the data the engine hands over for each draw statement
// and each table over two ranges (gr_session_pictures: the statement's JSON object, as --json
// prints it): the graph's title, and a table as the grid its heat map draws.

// A table's JSON object (rows of values: numbers, or text such as "P" or a loopy value) as the
// grid heatMap draws: {title, cols, rows: [{label, cells}]}.
export function tableGrid(t) {
    const [r, c] = t.ranges;
    const cols = [];
    for (let j = 0; j <= c.to - c.from; j++) cols.push(String(c.from + j));
    return { title: "table " + t.position, cols,
        rows: t.rows.map((cells, i) => ({ label: String(r.from + i), cells: cells.map(String) })) };
}

// A drawing's title: the "// grundy: ..." line of its DOT, else the position drawn.
export function drawingTitle(d) {
    const t = /\/\/ grundy: (.*)/.exec(d.dot);
    return t ? t[1] : "draw " + d.position;
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
