"""_display: HTML and SVG for notebooks: a query's answer, a table (an HTML table and a heat map), a drawing."""
from html import escape

OUTCOME_NAMES = {"P": "P (the player to move loses)", "N": "N (the player to move wins)", "D": "D (a draw)"}
OUTCOME_COLOURS = {"P": "#f4c7c3", "N": "#c8e6c9", "D": "#fff3c4"}
MAX_HTML_CELLS = 2500   # a bigger table shows as its heat map alone


def _args(args):
    return ", ".join("%s=%s" % (k, v) for k, v in (args or {}).items())


def answer_html(a):
    """A query's answer: the position, its outcome, value and strategy, then its winning moves as a table."""
    out = ['<div class="grundy-answer">', "<p><code>%s</code>: <b>%s</b>" % (escape(a["position"]),
                                                                        escape(OUTCOME_NAMES.get(a["outcome"], a["outcome"])))]
    if a.get("sg") is not None:
        out.append(", SG value <b>%s</b>" % a["sg"])
    elif a.get("gamma"):
        out.append(", value <b>%s</b>" % escape(a["gamma"]))
    if a.get("value") is not None:
        out.append(", score <b>%s</b>" % a["value"])
    out.append(" <small>[%s]</small></p>" % escape(a.get("strategy", "")))
    moves = a.get("moves") or []
    drawing = bool(a.get("drawing"))
    scoring = a.get("value") is not None
    kind = "drawing" if drawing else "best" if scoring else "winning"
    if moves:
        out.append("<table><thead><tr><th>%s move in</th><th>rule</th><th>binders</th><th>to</th></tr></thead><tbody>"
                   % kind)
        for m in moves:
            out.append("<tr><td><code>%s</code></td><td>%s</td><td>%s</td><td><code>%s</code></td></tr>" % (
                escape(m["component"]), escape(m.get("label") or ""), escape(_args(m.get("args"))),
                escape(m["result"])))
        out.append("</tbody></table>")
        if a.get("moves_incomplete"):
            out.append("<p><small>(not every %s move is listed)</small></p>" % kind)
    elif a.get("winning") or a.get("drawing"):
        out.append("<p>%s: %s</p>" % ("moves keeping the draw, to" if drawing else "%s moves to" % kind,
                                      ", ".join("<code>%s</code>" % escape(w) for w in (a.get("drawing") or a["winning"]))))
    elif a["outcome"] == "P" and not scoring:
        out.append("<p>no winning move: every move leads to an N-position</p>")
    if a.get("defence"):   # a P-position with cycles: each move of the opponent, and the reply that keeps the win
        out.append("<table><thead><tr><th>if the opponent moves to</th><th>reply with</th></tr></thead><tbody>")
        for d in a["defence"]:
            out.append("<tr><td><code>%s</code></td><td><code>%s</code></td></tr>" % (escape(d["move"]), escape(d["reply"])))
        out.append("</tbody></table>")
    out.append("</div>")
    return "".join(out)


def _colour(v, top):
    """A cell's colour: outcomes by their colour; 0 (a P-position) red; positive values blue, darker the
    larger (top: the largest magnitude); negative values (a scoring game's) orange, darker the smaller."""
    if isinstance(v, str):
        return OUTCOME_COLOURS.get(v, "#dddddd")
    if v == 0:
        return "#f4c7c3"
    t = min(1.0, abs(v) / top) if top > 0 else 1.0
    light = int(225 - 150 * t)
    return "rgb(%d,%d,255)" % (light, light) if v > 0 else "rgb(255,%d,%d)" % (light + 20, light - 60 if light > 60 else 0)


def _top(cells):
    ints = [abs(v) for v in cells if isinstance(v, int) and not isinstance(v, bool)]
    return max(ints) if ints else 0


def heat_svg(rows, axes, cell=8):
    """A heat map of a two-range table as SVG: one square per cell, the first range down, the second across."""
    flat = [v for r in rows for v in r]
    top = _top(flat)
    h, w = len(rows), max((len(r) for r in rows), default=0)
    size = max(2, min(cell, 600 // max(1, w), 600 // max(1, h)))
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" shape-rendering="crispEdges">'
             % (w * size + 40, h * size + 20)]
    parts.append('<text x="40" y="12" font-size="10">columns: the second range, %d..%d &#8594;; rows: the first'
                 '</text>' % (axes[1].start, axes[1].stop - 1))
    parts.append('<text x="0" y="30" font-size="10">%d</text><text x="0" y="%d" font-size="10">%d</text>' % (
        axes[0].start, h * size + 18, axes[0].stop - 1))
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            parts.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>(%d, %d): %s</title></rect>'
                         % (40 + j * size, 20 + i * size, size, size, _colour(v, top), axes[0][i], axes[1][j],
                            escape(str(v))))
    parts.append("</svg>")
    return "".join(parts)


def table_html(t):
    """A table: its values as an HTML table (cells coloured as a heat map); two ranges add an SVG heat map."""
    axes = t.axes
    grid = t.grid
    out = ['<div class="grundy-table"><p><code>%s</code></p>' % escape(t["position"])]
    if len(axes) == 1:   # rows of 20 values, each row headed by its first argument (as the text output)
        top = _top(grid)
        shown = grid[:MAX_HTML_CELLS]
        out.append("<table><tr><th></th>%s</tr>" % "".join("<th>+%d</th>" % k for k in range(min(20, len(shown)))))
        for i in range(0, len(shown), 20):
            out.append("<tr><th>%d</th>%s</tr>" % (axes[0][i], "".join(
                '<td style="background:%s">%s</td>' % (_colour(v, top), escape(str(v))) for v in shown[i:i + 20])))
        out.append("</table>")
        if len(grid) > len(shown):
            out.append("<p><small>(the first %d of %d values)</small></p>" % (len(shown), len(grid)))
    elif len(axes) == 2:
        out.append(heat_svg(grid, axes))
        if sum(len(r) for r in grid) <= MAX_HTML_CELLS:
            top = _top([v for r in grid for v in r])
            out.append("<table><tr><th></th>%s</tr>" % "".join("<th>%d</th>" % n for n in axes[1]))
            for x, r in zip(axes[0], grid):
                out.append("<tr><th>%d</th>%s</tr>" % (x, "".join(
                    '<td style="background:%s">%s</td>' % (_colour(v, top), escape(str(v))) for v in r)))
            out.append("</table>")
    else:
        out.append("<pre>%s</pre>" % escape(repr(grid)))
    out.append("</div>")
    return "".join(out)


def drawing_html(d):
    svg = d.svg()
    if svg is not None:
        return '<div class="grundy-draw">%s</div>' % svg[svg.find("<svg"):]
    return '<pre class="grundy-draw">%s</pre>' % escape(d["dot"])
