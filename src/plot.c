/* plot.c: an SVG heat map of a two-dimensional table of game values, written directly (no
   external tool): cells coloured by value, axes labelled every 10 (or 100) rows and columns. */
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

bool plot_svg(const char *path, const char *title, int64_t lo0, int64_t lo1, size_t rows, size_t cols,
              const GameValue *vals)
{
    size_t big = rows > cols ? rows : cols;
    int cell = big <= 40 ? 14 : big <= 100 ? 7 : big <= 400 ? 3 : big <= 1000 ? 2 : 1;
    size_t step = big <= 100 ? 10 : big <= 1000 ? 100 : 1000;
    int left = 60, top = 50;
    size_t w = (size_t)left + cols * (size_t)cell + 20, h = (size_t)top + rows * (size_t)cell + 20;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" height=\"%zu\" "
              "font-family=\"Helvetica, sans-serif\" font-size=\"11\">\n", w, h);
    sb_printf(&b, "<rect width=\"%zu\" height=\"%zu\" fill=\"white\"/>\n<text x=\"%d\" y=\"20\" font-size=\"14\">", w, h,
              left);
    xml_text(&b, title);
    sb_puts(&b, " (rows: first range; columns: second; dark: SG 0)</text>\n");
    for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < cols; j++) {
            const GameValue *v = &vals[i * cols + j];
            const char *fill = "#aaaaaa";
            if (v->kind == GV_SG && !v->big) fill = v->n == 0 ? "#222222" : palette[(v->n - 1) % 12];
            else if (v->outcome == 'P') fill = "#222222";
            sb_printf(&b, "<rect x=\"%zu\" y=\"%zu\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                      (size_t)left + j * (size_t)cell, (size_t)top + i * (size_t)cell, cell, cell, fill);
        }
    for (size_t i = 0; i < rows; i += step)
        sb_printf(&b, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">%lld</text>\n", left - 4,
                  (size_t)top + i * (size_t)cell + (size_t)cell, (long long)(lo0 + (int64_t)i));
    for (size_t j = 0; j < cols; j += step)
        sb_printf(&b, "<text x=\"%zu\" y=\"%d\">%lld</text>\n", (size_t)left + j * (size_t)cell, top - 4,
                  (long long)(lo1 + (int64_t)j));
    sb_puts(&b, "</svg>\n");
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(b.s, 1, b.len, f) == b.len;
    if (f && fclose(f)) ok = false;
    sb_fini(&b);
    return ok;
}
