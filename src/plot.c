/* plot.c: an SVG heat map of a two-dimensional table of game values, written directly (no
   external tool): cells coloured by value, axes labelled every 10 (or 100) rows and columns, a
   legend of the colours beside the grid, and a picture wide enough for its title. */
#include "config.h"
#include "plot.h"
#include "util.h"
#include <stdio.h>
#include <string.h>

static const char *const palette[12] = {
    "#f7e463", "#8fd16a", "#4fb0c6", "#7a87e0", "#c47ad6", "#ef8fa8",
    "#f5a25d", "#b6e3a8", "#98d0e8", "#b3b9f0", "#ddb3ea", "#f7c5cf",
};

static void xml_text(StrBuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') sb_puts(b, "&lt;");
        else if (*s == '>') sb_puts(b, "&gt;");
        else if (*s == '&') sb_puts(b, "&amp;");
        else if (*s == '"') sb_puts(b, "&quot;");
        else sb_putc(b, *s);
    }
}

/* The colour of a cell: SG 0 and P dark, an SG value by the palette (repeating every 12), an
   N-position of an outcome table green, a draw, an infinite or a huge value grey. */
static const char *fill_of(const GameValue *v)
{
    if (v->kind == GV_SG && !v->big) return v->n == 0 ? "#222222" : palette[(v->n - 1) % 12];
    if (v->outcome == 'P') return "#222222";
    if (v->kind == GV_OUTCOME && v->outcome == 'N') return palette[1];
    return "#aaaaaa";
}

/* The legend right of the grid at x: a swatch and its meaning per line, from y on. */
static void legend(StrBuf *b, size_t x, int y, bool outcomes)
{
    sb_printf(b, "<text x=\"%zu\" y=\"%d\" font-weight=\"bold\">%s</text>\n", x, y, outcomes ? "outcome" : "SG value");
    y += 8;
    const char *dark = outcomes ? "P" : "0";
    sb_printf(b, "<rect x=\"%zu\" y=\"%d\" width=\"12\" height=\"12\" fill=\"#222222\"/><text x=\"%zu\" y=\"%d\">%s</text>\n",
              x, y, x + 18, y + 10, dark);
    y += 16;
    if (outcomes) {
        sb_printf(b, "<rect x=\"%zu\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%zu\" y=\"%d\">N</text>\n",
                  x, y, palette[1], x + 18, y + 10);
        y += 16;
    } else {
        for (int k = 0; k < 12; k++, y += 16)
            sb_printf(b, "<rect x=\"%zu\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                      "<text x=\"%zu\" y=\"%d\">%d, %d, %d, ...</text>\n", x, y, palette[k], x + 18, y + 10, k + 1, k + 13, k + 25);
    }
    sb_printf(b, "<rect x=\"%zu\" y=\"%d\" width=\"12\" height=\"12\" fill=\"#aaaaaa\"/><text x=\"%zu\" y=\"%d\">%s</text>\n",
              x, y, x + 18, y + 10, outcomes ? "D (a draw)" : "infinite, a draw, or beyond 64 bits");
}

bool plot_svg(const char *path, const char *title, int64_t lo0, int64_t lo1, size_t rows, size_t cols,
              const GameValue *vals)
{
    size_t big = rows > cols ? rows : cols;
    int cell = big <= 40 ? 14 : big <= 100 ? 7 : big <= 400 ? 3 : big <= 1000 ? 2 : 1;
    size_t step = big <= 100 ? 10 : big <= 1000 ? 100 : 1000;
    bool outcomes = rows * cols > 0 && vals[0].kind == GV_OUTCOME;
    int left = 60, top = 64, legend_w = 230, legend_h = outcomes ? 80 : 250;
    const char *sub = "rows: the first range; columns: the second";
    /* wide enough for the title (about 8 pixels a character at 14) and the legend */
    size_t grid_w = (size_t)left + cols * (size_t)cell + 20, title_w = 20 + 8 * strlen(title);
    size_t w = grid_w + (size_t)legend_w, h = (size_t)top + rows * (size_t)cell + 20;
    if (w < title_w) w = title_w;
    if (h < (size_t)top + (size_t)legend_h) h = (size_t)top + (size_t)legend_h;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" height=\"%zu\" "
              "font-family=\"Helvetica, sans-serif\" font-size=\"11\">\n", w, h);
    sb_printf(&b, "<rect width=\"%zu\" height=\"%zu\" fill=\"white\"/>\n<text x=\"10\" y=\"20\" font-size=\"14\">", w, h);
    xml_text(&b, title);
    sb_printf(&b, "</text>\n<text x=\"10\" y=\"36\">%s</text>\n", sub);
    for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < cols; j++)
            sb_printf(&b, "<rect x=\"%zu\" y=\"%zu\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                      (size_t)left + j * (size_t)cell, (size_t)top + i * (size_t)cell, cell, cell, fill_of(&vals[i * cols + j]));
    for (size_t i = 0; i < rows; i += step)
        sb_printf(&b, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">%lld</text>\n", left - 4,
                  (size_t)top + i * (size_t)cell + (size_t)cell, (long long)(lo0 + (int64_t)i));
    for (size_t j = 0; j < cols; j += step)
        sb_printf(&b, "<text x=\"%zu\" y=\"%d\">%lld</text>\n", (size_t)left + j * (size_t)cell, top - 4,
                  (long long)(lo1 + (int64_t)j));
    legend(&b, grid_w, top + 10, outcomes);
    sb_puts(&b, "</svg>\n");
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(b.s, 1, b.len, f) == b.len;
    if (f && fclose(f)) ok = false;
    sb_fini(&b);
    return ok;
}

/* ---- thermographs ---- */

static double dyadic(CgtNum x) { return (double)x.m / (double)((uint64_t)1 << x.k); }

bool plot_thermograph(const char *path, const char *title, const CgtThermo *th)
{
    /* the value axis runs right to left (Left's side on the left, as Winning Ways draws it), the
       temperature t upward from -1 to above where the mast starts */
    double vmin = dyadic(th->mean), vmax = vmin, tmax = dyadic(th->temperature) + 1;
    for (size_t i = 0; i < th->nl; i++) {
        if (dyadic(th->lv[i]) > vmax) vmax = dyadic(th->lv[i]);
        if (dyadic(th->lv[i]) < vmin) vmin = dyadic(th->lv[i]);
    }
    for (size_t i = 0; i < th->nr; i++) {
        if (dyadic(th->rv[i]) > vmax) vmax = dyadic(th->rv[i]);
        if (dyadic(th->rv[i]) < vmin) vmin = dyadic(th->rv[i]);
    }
    if (tmax < 1) tmax = 1;
    vmin -= 1;
    vmax += 1;
    const double W = 480, H = 360, ml = 50, mr = 20, mt = 40, mb = 40;
    double sx = (W - ml - mr) / (vmax - vmin), sy = (H - mt - mb) / (tmax + 1);
#define PX(v) (ml + (vmax - (v)) * sx)
#define PY(t) (H - mb - ((t) + 1) * sy)
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"Helvetica\" "
                  "font-size=\"11\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text x=\"%.0f\" y=\"20\" "
                  "font-size=\"13\">thermograph ", W, H, ml);
    xml_text(&b, title);
    sb_puts(&b, "</text>\n");
    /* axes: t = 0 and value 0 where they show; ticks at the integers */
    sb_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>\n", ml, PY(0), W - mr, PY(0));
    for (double v = (double)(int64_t)vmin; v <= vmax; v += 1) {
        if (v < vmin) continue;
        sb_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", PX(v), PY(-1), PX(v), PY(tmax));
        sb_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n", PX(v), H - mb + 14, v);
    }
    for (double t = -1; t <= tmax; t += 1)
        sb_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">t=%g</text>\n", ml - 4, PY(t) + 4, t);
    for (int side = 0; side < 2; side++) {
        const CgtNum *t = side ? th->rt : th->lt, *v = side ? th->rv : th->lv;
        size_t n = side ? th->nr : th->nl;
        sb_printf(&b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", side ? "#c62828" : "#1565c0");
        for (size_t i = 0; i < n; i++) sb_printf(&b, "%.1f,%.1f ", PX(dyadic(v[i])), PY(dyadic(t[i])));
        sb_printf(&b, "%.1f,%.1f\"/>\n", PX(dyadic(th->mean)), PY(dyadic(th->temperature)));
    }
    sb_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" stroke-width=\"2\"/>\n",
              PX(dyadic(th->mean)), PY(dyadic(th->temperature)), PX(dyadic(th->mean)), PY(tmax));
    sb_puts(&b, "</svg>\n");
#undef PX
#undef PY
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(b.s, 1, b.len, f) == b.len;
    if (f && fclose(f)) ok = false;
    sb_fini(&b);
    return ok;
}
