/* run.c: statement execution and output: queries with winning moves, SG tables, expect and claim. */
#include "config.h"
#include "key.h"
#include "run.h"
#include "driver.h"
#include "vm.h"
#include "json.h"
#include "solve/solve.h"
#include "solve/core/nimber.h"
#include "solve/core/score.h"
#include "graph.h"
#include "draw.h"
#include "plot.h"
#include "run_int.h"
#include "render.h"
#include "explain.h"
#include <stdlib.h>
#include <string.h>

static Value thunk(Program *p, int fn) { return vm_call(p->vm, fn, NULL, 0, NULL, NULL); }

static Value need_pos(Program *p, Value v, Loc loc, const char *what)
{
    if (v.t == VT_POS) return v;
    if ((v.t == VT_INT) && v.u.i == 0) {
        return val_pos(NULL, NULL, 0);
    }
    prog_fail(p, EXIT_COMPILE, loc, "%s needs a position, but this is %s", what, val_type_an(v.t));
}

static void print_value(Program *p, const Value *v);

static void do_query(Program *p, Stmt *st)
{
    Value v = thunk(p, st->fn);
    if (st->bare && v.t != VT_POS && !(v.t == VT_INT && v.u.i == 0)) {
        print_value(p, &v);
        return;
    }
    v = need_pos(p, v, st->loc, "a query");
    size_t mark;
    Answer *a = solve_answer_new(p, &mark);
    solve_query(p->solver, &v, st->loc, true, a);
    solve_label(p->solver, a, &v, st->loc);
    render_query(p, st, a);
    prog_release(p, mark);
    solve_answer_free(a);
}

/* ---- table -------------------------------------------------------------- */

static GameValue cell(Program *p, TableCtx *t, int64_t x, int64_t y, int64_t z)
{
    Stmt *st = t->st;
    size_t mark = scratch_mark(&p->vm->scratch);
    Value flat[256];
    int n = 0;
    for (int i = 0; i < st->nargs; i++) {
        Value a = t->args[i];
        if (t->nranges > 0 && i == t->ranges[0]) a = val_int(x);
        else if (t->nranges > 1 && i == t->ranges[1]) a = val_int(y);
        else if (t->nranges > 2 && i == t->ranges[2]) a = val_int(z);
        if (st->arg_splat[i]) {
            if (a.t != VT_LIST && a.t != VT_SET) prog_fail(p, EXIT_COMPILE, st->loc, "'...' needs a list or set");
            for (uint32_t j = 0; j < a.n; j++) {
                if (n >= 256) prog_fail(p, EXIT_LIMIT, st->loc, "too many table arguments");
                flat[n++] = val_elem(&a, j);
            }
        } else {
            if (n >= 256) prog_fail(p, EXIT_LIMIT, st->loc, "too many table arguments");
            flat[n++] = a;
        }
    }
    Value pos;
    if (st->target_kind == SYM_GAME) pos = vm_make_pos(p->vm, st->target_id, flat, n, st->loc);
    else pos = need_pos(p, vm_call(p->vm, st->target_id, flat, n, NULL, NULL), st->loc, "a table");
    GameValue g = st->outcome ? gv_outcome(solve_outcome_value(p->solver, &pos, st->loc))   /* table outcome(...) */
                              : solve_sg_value(p->solver, &pos, st->loc);   /* a big value's record is the program's */
    scratch_release(&p->vm->scratch, mark);
    return g;
}

/* The q-th cell in the table's order (layers, rows, columns) into *out (RunValues): false when
   it cannot be sent from a worker (more than 64 bits, a set ∞(K)). */
static bool cell_at(Program *p, void *ctx, uint64_t q, void *out)
{
    TableCtx *t = ctx;
    size_t per = t->rows * t->cols, l = (size_t)(q / per), i = (size_t)(q % per / t->cols), j = (size_t)(q % t->cols);
    GameValue *v = out;
    *v = cell(p, t, t->lo[0] + (int64_t)(t->nranges == 3 ? l : i), t->lo[1] + (int64_t)(t->nranges == 3 ? i : j),
              t->lo[2] + (int64_t)j);
    return !v->big && !v->kset;
}

/* Every value of rv, 0..total - 1, in order; with --jobs, split between workers once the
   statement has run for --jobs-after. */
static void run_values(Program *p, const RunValues *rv, uint64_t total, Loc loc)
{
    JobsWatch w;
    jobs_watch(p, &w);
    bool may_split = p->opt.jobs > 1;   /* once: after workers failed, the parent goes on alone */
    for (uint64_t q = 0; q < total; q++) {
        if (may_split && jobs_due(p, &w, q)) {
            may_split = false;
            if (run_values_split(p, rv, q, total, &w, loc)) break;
        }
        rv->at(p, rv->ctx, q, (unsigned char *)rv->out + q * rv->elem);
    }
}

static int digits(int64_t v)
{
    char tmp[32];
    return snprintf(tmp, sizeof tmp, "%lld", (long long)v);
}

/* The columns the value takes (∞ is one column of three bytes). */
static int value_digits(const GameValue *v)
{
    if (v->kind == GV_SCORE) {
        StrBuf b;
        sb_init(&b);
        score_print(&b, v);
        int n = (int)b.len;
        sb_fini(&b);
        return n;
    }
    if (v->kind == GV_OUTCOME) return 1;
    if (!v->big && !v->kset) {
        char tmp[32];
        return snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v->n);
    }
    StrBuf b;
    sb_init(&b);
    gv_print_loopy(&b, v);
    int n = (int)b.len - (v->kset ? 2 : 0);
    sb_fini(&b);
    return n;
}

/* The value, right-aligned in width, after a separator sep (JSON: ∞(K) as a string). */
static void put_value(StrBuf *b, const char *sep, int width, const GameValue *v, bool json)
{
    sb_puts(b, sep);
    for (int k = value_digits(v); k < width; k++) sb_putc(b, ' ');
    if (v->kind == GV_SCORE) {   /* a scoring game's table: the scores */
        score_print(b, v);
        return;
    }
    if (v->kind == GV_OUTCOME) {   /* table outcome(...): P, N or D */
        if (json) sb_printf(b, "\"%c\"", v->outcome);
        else sb_putc(b, v->outcome);
        return;
    }
    if (json && v->kset) sb_putc(b, '"');
    gv_print_loopy(b, v);
    if (json && v->kset) sb_putc(b, '"');
}

/* The grid of a table's values over two ranges (rows lo[0].., columns lo[1]..): a header of
   column values, then each row; every line after indent. */
static void print_grid(Program *p, StrBuf *b, const char *indent, const int64_t *lo, size_t rows, size_t cols,
                       const GameValue *vals, int width)
{
    int rw = digits(rows ? lo[0] + (int64_t)(rows - 1) : lo[0]);   /* (a range may end at 2^63 - 1) */
    if (digits(lo[0]) > rw) rw = digits(lo[0]);
    for (size_t j = 0; j < cols; j++) {
        int d = digits(lo[1] + (int64_t)j);
        if (d > width) width = d;
    }
    sb_printf(b, "%s  %*s ", indent, rw, "");
    for (size_t j = 0; j < cols; j++) sb_printf(b, " %*lld", width, (long long)(lo[1] + (int64_t)j));
    render_emit_line(p, b);
    for (size_t i = 0; i < rows; i++) {
        sb_printf(b, "%s  %*lld:", indent, rw, (long long)(lo[0] + (int64_t)i));
        for (size_t j = 0; j < cols; j++) put_value(b, " ", width, &vals[i * cols + j], false);
        render_emit_line(p, b);
    }
}

static void json_rows(StrBuf *b, size_t rows, size_t cols, const GameValue *vals)
{
    sb_putc(b, '[');
    for (size_t i = 0; i < rows; i++) {
        sb_puts(b, i ? ",[" : "[");
        for (size_t j = 0; j < cols; j++) put_value(b, j ? "," : "", 0, &vals[i * cols + j], true);
        sb_putc(b, ']');
    }
    sb_putc(b, ']');
}

/* table: values over ranges, as a list, a grid or layers of grids (JSON: {"kind":"table",...};
   a grid's object also to the client's picture hook, whatever the output). */
static void do_table(Program *p, Stmt *st)
{
    TableCtx t;
    memset(&t, 0, sizeof t);
    t.p = p;
    t.st = st;
    for (int i = 0; i < st->nargs; i++) {
        t.args[i] = thunk(p, st->arg_fn[i]);
        if (t.args[i].t == VT_RANGE && !st->arg_splat[i]) {
            if (t.nranges == 3)
                prog_fail(p, EXIT_COMPILE, st->loc, "a table takes at most three ranges (layers, rows and columns)");
            t.ranges[t.nranges++] = i;
        }
    }
    int64_t lo[3] = { 0, 0, 0 }, cnt[3] = { 1, 1, 1 };
    for (int r = 0; r < t.nranges; r++) {
        Value v = t.args[t.ranges[r]];
        if (v.strs)   /* (as for: not a table cut at 2^63 - 1, nor a limit that raising cannot help) */
            prog_fail(p, EXIT_COMPILE, st->loc, "a table runs over a range beyond 64 bits (%lld..)", (long long)v.u.r.lo);
        lo[r] = v.u.r.lo;
        int64_t hi = val_range_hi(&v);
        cnt[r] = v.u.r.lo > hi ? 0 : ((uint64_t)hi - (uint64_t)v.u.r.lo >= p->opt.max_instances
                                          ? (int64_t)p->opt.max_instances + 1 : hi - v.u.r.lo + 1);
    }
    uint64_t cells;
    if (__builtin_mul_overflow((uint64_t)cnt[0], (uint64_t)cnt[1], &cells) ||
        __builtin_mul_overflow(cells, (uint64_t)cnt[2], &cells) || cells > p->opt.max_instances)
        prog_fail(p, EXIT_LIMIT, st->loc, "the table has more than %llu cells (raise the limit with --max-instances N)",
                  (unsigned long long)p->opt.max_instances);
    /* three ranges: layers (the first range) of grids (rows, columns) */
    size_t layers = t.nranges == 3 ? (size_t)cnt[0] : 1;
    int64_t glo[2] = { lo[t.nranges == 3], lo[(t.nranges == 3) + 1] };
    t.rows = (size_t)cnt[t.nranges == 3];
    t.cols = (size_t)cnt[(t.nranges == 3) + 1];
    size_t per = t.rows * t.cols;
    memcpy(t.lo, lo, sizeof lo);
    /* values live in scratch below every cell's mark, so an error frees them too */
    t.vals = vm_alloc(p->vm, (layers * per + 1) * sizeof *t.vals, st->loc);
    uint64_t total = layers * per;
    RunValues rv = { cell_at, &t, t.vals, sizeof *t.vals, "cells of the table" };
    run_values(p, &rv, total, st->loc);
    int width = 1;
    for (uint64_t q = 0; q < total; q++)
        if (value_digits(&t.vals[q]) > width) width = value_digits(&t.vals[q]);
    if (p->opt.plot_file && t.nranges == 2 && !plot_svg(p->opt.plot_file, st->text, lo[0], lo[1], t.rows, t.cols, t.vals))
        prog_fail(p, EXIT_USAGE, st->loc, "cannot write the heat map to '%s'", p->opt.plot_file);
    StrBuf b;
    sb_init(&b);
    bool picture = p->run.picture && t.nranges == 2;   /* the client's heat map (gr_session_pictures) */
    if (p->opt.json || picture) {
        sb_puts(&b, "{\"kind\":\"table\",\"position\":");
        json_str(&b, st->text);
        sb_puts(&b, ",\"ranges\":[");   /* the indices: each range's first and last value, in order */
        for (int r = 0; r < t.nranges; r++)
            sb_printf(&b, "%s{\"from\":%lld,\"to\":%lld}", r ? "," : "", (long long)lo[r], (long long)(lo[r] + (cnt[r] - 1)));
        sb_putc(&b, ']');
        if (t.nranges == 3) {
            sb_puts(&b, ",\"layers\":[");
            for (size_t l = 0; l < layers; l++) {
                if (l) sb_putc(&b, ',');
                json_rows(&b, t.rows, t.cols, t.vals + l * per);
            }
            sb_puts(&b, "]}");
        } else if (t.nranges == 2) {
            sb_puts(&b, ",\"rows\":");
            json_rows(&b, t.rows, t.cols, t.vals);
            sb_putc(&b, '}');
        } else {
            sb_puts(&b, ",\"values\":[");
            for (size_t i = 0; i < t.rows; i++) put_value(&b, i ? "," : "", 0, &t.vals[i], true);
            sb_puts(&b, "]}");
        }
        if (picture) p->run.picture(p->run.picture_ctx, b.s, b.len);
        if (p->opt.json) {
            render_emit_line(p, &b);
            return;
        }
        sb_fini(&b);
    }
    sb_printf(&b, "table %s:", st->text);
    render_emit_line(p, &b);
    if (t.nranges <= 1) {
        int iw = digits(lo[0] + (int64_t)(t.rows ? t.rows - 1 : 0));
        if (digits(lo[0]) > iw) iw = digits(lo[0]);
        for (size_t i = 0; i < t.rows; i += 10) {
            sb_printf(&b, "  %*lld:", iw, (long long)(lo[0] + (int64_t)i));
            for (size_t j = i; j < t.rows && j < i + 10; j++) put_value(&b, " ", width, &t.vals[j], false);
            render_emit_line(p, &b);
        }
        return;
    }
    if (t.nranges == 2) {
        print_grid(p, &b, "", glo, t.rows, t.cols, t.vals, width);
        return;
    }
    for (size_t l = 0; l < layers; l++) {   /* each layer: "  [x]" and its grid, indented */
        sb_printf(&b, "  [%lld]", (long long)(lo[0] + (int64_t)l));
        render_emit_line(p, &b);
        print_grid(p, &b, "  ", glo, t.rows, t.cols, t.vals + l * per, width);
    }
}

/* ---- expect and claim ---------------------------------------------------- */

/* fields: the counterexample's JSON fields ("binders":{..},"left":..,"right":..), or NULL. */
static void report(Program *p, Stmt *st, const char *kind, bool ok, uint64_t checked, const char *counter,
                   const char *fields)
{
    StrBuf b;
    sb_init(&b);
    if (p->opt.json) {
        sb_printf(&b, "{\"kind\":\"%s\",\"ok\":%s,\"checked\":%llu,\"file\":", kind, ok ? "true" : "false",
                  (unsigned long long)checked);
        json_str(&b, diag_file(&p->diag, st->loc.file)->name);
        sb_printf(&b, ",\"line\":%u,\"counterexample\":", st->loc.line);
        if (counter) json_str(&b, counter);
        else sb_puts(&b, "null");
        if (fields && *fields) sb_printf(&b, ",%s", fields);
        sb_putc(&b, '}');
    } else if (!strcmp(kind, "claim")) {
        if (ok) sb_printf(&b, "claim %s: verified on %llu instances", st->text, (unsigned long long)checked);
        else sb_printf(&b, "claim %s: FAILED at %s (after %llu instance%s)", st->text, counter, (unsigned long long)checked,
                       checked == 1 ? "" : "s");
    } else {
        if (ok) sb_printf(&b, "expect %s: ok", st->text);
        else sb_printf(&b, "expect %s: FAILED (%s)", st->text, counter);
    }
    render_emit_line(p, &b);
    if (!ok) {   /* the reason is in the line above: the error only points at the statement */
        p->run.failed = 1;
        fflush(p->run.out);
        FILE *json = p->diag.json;
        p->diag.json = NULL;   /* the JSON object above is the report */
        diag_error(&p->diag, st->loc, "%s failed", kind);
        p->diag.json = json;
    }
}

/* One value of a print of several into line: after a space unless it is the first; a string
   without quotes, a graph by its contents. */
static void print_text(Program *p, StrBuf *line, const Value *v, bool *first)
{
    if (!*first) sb_putc(line, ' ');
    *first = false;
    if (v->t == VT_STR) sb_putn(line, v->u.s, v->n);
    else if (v->t == VT_GRAPH) graph_print_expr(line, v->u.g);
    else key_print_value(p, line, v);
}

/* print: the value of an expression (JSON: {"kind":"print","value":...}); of several, their texts
   joined by one space (JSON: that line as "value", and "values" with each value). */
static void do_print(Program *p, Stmt *st)
{
    if (st->nargs == 0) {
        Value v = thunk(p, st->fn);
        print_value(p, &v);
        return;
    }
    Value vals[TABLE_MAX_ARGS];
    for (int i = 0; i < st->nargs; i++) vals[i] = thunk(p, st->arg_fn[i]);
    StrBuf line, b;
    sb_init(&line);
    bool first = true;
    for (int i = 0; i < st->nargs; i++) {
        if (!st->arg_splat[i]) {
            print_text(p, &line, &vals[i], &first);
            continue;
        }
        const Value *l = &vals[i];
        if (l->t == VT_RANGE) {
            if (l->strs) prog_fail(p, EXIT_COMPILE, st->loc, "print cannot spread a range beyond 64 bits");
            for (int64_t x = l->u.r.lo; x <= l->u.r.hi; x++) {
                Value e = val_int(x);
                print_text(p, &line, &e, &first);
                if (x == l->u.r.hi) break;
            }
        } else if (l->t == VT_LIST || l->t == VT_SET) {
            for (uint32_t k = 0; k < l->n; k++) {
                Value e = val_elem(l, k);
                print_text(p, &line, &e, &first);
            }
        } else {
            prog_fail(p, EXIT_COMPILE, st->loc, "print spreads the elements of a list, a set or a range, not %s",
                      val_type_an(l->t));
        }
    }
    if (!p->opt.json) {
        render_emit_line(p, &line);
        return;
    }
    sb_init(&b);
    sb_puts(&b, "{\"kind\":\"print\",\"value\":");
    sb_putc(&line, 0);
    json_str(&b, line.s);
    sb_puts(&b, ",\"values\":[");
    for (int i = 0; i < st->nargs; i++) {
        if (i) sb_putc(&b, ',');
        key_json_value(p, &b, &vals[i]);
    }
    sb_puts(&b, "]}");
    sb_fini(&line);
    render_emit_line(p, &b);
}

static void print_value(Program *p, const Value *vp)
{
    Value v = *vp;
    StrBuf b;
    sb_init(&b);
    if (p->opt.json) {
        sb_puts(&b, "{\"kind\":\"print\",\"value\":");
        key_json_value(p, &b, &v);
        sb_putc(&b, '}');
    } else if (v.t == VT_STR) {
        sb_putn(&b, v.u.s, v.n);
    } else if (v.t == VT_GRAPH) {   /* its contents, not its name */
        graph_print_expr(&b, v.u.g);
    } else {
        key_print_value(p, &b, &v);
    }
    render_emit_line(p, &b);
}

/* draw: the game graph below a position as Graphviz DOT, on the output or into --dot FILE
   (JSON: {"kind":"draw","position":...,"dot":...} or "file"; the same object to the client's
   picture hook, whatever the output). */
static void do_draw(Program *p, Stmt *st)
{
    Value v = need_pos(p, thunk(p, st->fn), st->loc, "draw");
    int64_t depth = 2;
    if (st->range_fn >= 0) {
        Value d = thunk(p, st->range_fn);
        if (d.t != VT_INT || d.u.i < 0 || d.u.i > 50)
            prog_fail(p, EXIT_COMPILE, st->loc, "a drawing's depth is an integer from 0 to 50");
        depth = d.u.i;
    }
    StrBuf dot, b;
    sb_init(&dot);
    sb_init(&b);
    draw_dot(p, &v, depth, st->loc, &dot);
    if (p->opt.dot_file) {
        FILE *f = fopen(p->opt.dot_file, "w");
        bool ok = f && fwrite(dot.s, 1, dot.len, f) == dot.len;
        if (f && fclose(f)) ok = false;
        if (!ok) {
            sb_fini(&dot);
            prog_fail(p, EXIT_USAGE, st->loc, "cannot write the drawing to '%s'", p->opt.dot_file);
        }
    }
    bool picture = p->run.picture != NULL;   /* the client's picture (gr_session_pictures) */
    if (p->opt.json || picture) {
        sb_puts(&b, "{\"kind\":\"draw\",\"position\":");
        StrBuf t;
        sb_init(&t);
        key_print_pos(p, &t, &v);
        json_str(&b, t.s);
        sb_fini(&t);
        if (p->opt.dot_file) {
            sb_puts(&b, ",\"file\":");
            json_str(&b, p->opt.dot_file);
        } else {
            sb_puts(&b, ",\"dot\":");
            json_str(&b, dot.s);
        }
        sb_putc(&b, '}');
        if (picture) p->run.picture(p->run.picture_ctx, b.s, b.len);
        if (p->opt.json) render_emit_line(p, &b);
        else sb_fini(&b);
    }
    if (!p->opt.json && p->opt.dot_file) {
        sb_printf(&b, "draw %s: written to %s", st->text, p->opt.dot_file);
        render_emit_line(p, &b);
    } else if (!p->opt.json) {
        prog_progress_clear(p);
        fputs(dot.s, p->run.out);
    }
    sb_fini(&dot);
}

/* genus: Conway's genus of a position (JSON: {"kind":"genus","position":...,"genus":"4^{146}",
   "tame":false}). */
static void do_genus(Program *p, Stmt *st)
{
    Value v = need_pos(p, thunk(p, st->fn), st->loc, "genus");
    SolveGenus g;
    solve_genus(p->solver, &v, st->loc, &g);
    StrBuf b;
    sb_init(&b);
    if (p->opt.json) {
        sb_puts(&b, "{\"kind\":\"genus\",\"position\":");
        json_str(&b, g.position);
        sb_puts(&b, ",\"genus\":");
        json_str(&b, g.genus);
        sb_printf(&b, ",\"tame\":%s}", g.tame ? "true" : "false");
    } else {
        sb_printf(&b, "genus %s: %s%s", st->text, g.genus, g.tame ? " (hereditarily tame)" : "");
    }
    xfree(g.position);
    xfree(g.genus);
    render_emit_line(p, &b);
}

/* thermograph: a partizan position's walls, mean and temperature (JSON: {"kind":"thermograph",
   "position":...,"value":"{2|-1/2}","mean":"3/4","temperature":"5/4","left_wall":[["-1","3"],...],
   "right_wall":[...]}, each wall's corners from t = -1 up to the mast); with --plot FILE, an SVG
   drawing too. */
static void thermo_wall(StrBuf *b, const CgtNum *t, const CgtNum *v, size_t n, bool json)
{
    for (size_t i = 0; i < n; i++) {
        sb_puts(b, json ? (i ? ",[\"" : "[\"") : (i ? " (" : "("));
        cgt_num_print(b, t[i]);
        sb_puts(b, json ? "\",\"" : ", ");
        cgt_num_print(b, v[i]);
        sb_puts(b, json ? "\"]" : ")");
    }
}

static void do_thermograph(Program *p, Stmt *st)
{
    Value v = need_pos(p, thunk(p, st->fn), st->loc, "thermograph");
    if (v.t == VT_POS && v.strs)
        prog_fail(p, EXIT_COMPILE, st->loc, "a thermograph is of a position in normal play, not of misere play or a compound");
    const CgtThermo *th = pz_thermograph(p->solver, &v, st->loc);
    char *value = pz_value_text(p->solver, &v, st->loc, !p->opt.json);
    StrBuf b, m, t;
    sb_init(&b);
    sb_init(&m);
    sb_init(&t);
    cgt_num_print(&m, th->mean);
    cgt_num_print(&t, th->temperature);
    if (p->opt.json) {
        StrBuf pos;
        sb_init(&pos);
        key_print_pos(p, &pos, &v);
        sb_puts(&b, "{\"kind\":\"thermograph\",\"position\":");
        json_str(&b, pos.s);
        sb_puts(&b, ",\"value\":");
        json_str(&b, value);
        sb_printf(&b, ",\"mean\":\"%s\",\"temperature\":\"%s\",\"left_wall\":[", m.s, t.s);
        thermo_wall(&b, th->lt, th->lv, th->nl, true);
        sb_puts(&b, "],\"right_wall\":[");
        thermo_wall(&b, th->rt, th->rv, th->nr, true);
        sb_puts(&b, "]}");
        sb_fini(&pos);
        render_emit_line(p, &b);
    } else {
        sb_printf(&b, "thermograph %s: value %s, mean %s, temperature %s", st->text, value, m.s, t.s);
        render_emit_line(p, &b);
        sb_init(&b);
        sb_puts(&b, "  left wall (t, value): ");
        thermo_wall(&b, th->lt, th->lv, th->nl, false);
        sb_printf(&b, ", then the mast at %s", m.s);
        render_emit_line(p, &b);
        sb_init(&b);
        sb_puts(&b, "  right wall (t, value): ");
        thermo_wall(&b, th->rt, th->rv, th->nr, false);
        sb_printf(&b, ", then the mast at %s", m.s);
        render_emit_line(p, &b);
    }
    if (p->opt.plot_file && !plot_thermograph(p->opt.plot_file, st->text, th))
        prog_fail(p, EXIT_USAGE, st->loc, "cannot write the thermograph to '%s'", p->opt.plot_file);
    xfree(value);
    sb_fini(&m);
    sb_fini(&t);
}

static void do_expect(Program *p, Stmt *st)
{
    char detail[600];
    bool ok;
    StrBuf fields;
    sb_init(&fields);
    if (st->outcome) {
        Value v = need_pos(p, thunk(p, st->fn), st->loc, "'is'");
        char o = solve_outcome_value(p->solver, &v, st->loc);
        ok = o == st->outcome;
        snprintf(detail, sizeof detail, "the outcome is %c, not %c", o, st->outcome);
    } else {
        Value v = thunk(p, st->fn);
        if (!val_is_int(&v))
            prog_fail(p, EXIT_COMPILE, st->loc, "expect needs a condition, not %s", val_type_an(v.t));
        ok = v.t == VT_BIG || v.u.i != 0;   /* a big integer is never 0 */
        snprintf(detail, sizeof detail, "the condition is false");
        if (!ok && st->lhs_fn >= 0) {
            StrBuf l, r;
            sb_init(&l);
            sb_init(&r);
            Value lv = thunk(p, st->lhs_fn), rv = thunk(p, st->rhs_fn);
            key_print_value(p, &l, &lv);
            key_print_value(p, &r, &rv);
            snprintf(detail, sizeof detail, "the left side is %s, the right side is %s", l.s, r.s);
            sb_fini(&l);
            sb_fini(&r);
            sb_puts(&fields, "\"left\":");
            key_json_value(p, &fields, &lv);
            sb_puts(&fields, ",\"right\":");
            key_json_value(p, &fields, &rv);
        }
    }
    report(p, st, "expect", ok, 1, ok ? NULL : detail, fields.s);
    sb_fini(&fields);
}

int run_on_instance(void *ctx, const Value *v, const Value *frame)
{
    ClaimCtx *c = ctx;
    if (!val_is_int(v))
        prog_fail(c->p, EXIT_COMPILE, c->st->loc, "a claim needs a condition, not %s", val_type_an(v->t));
    if (c->checked >= c->p->opt.max_instances)
        prog_fail(c->p, EXIT_LIMIT, c->st->loc, "claim stopped after %llu instances (raise the limit with --max-instances N)",
                  (unsigned long long)c->checked);
    c->checked++;
    if (v->t == VT_BIG || v->u.i) return 0;
    c->failed = true;
    size_t n = 0;
    sb_puts(&c->fields, "\"binders\":{");
    for (int i = 0; i < c->st->nbinders; i++) {
        if (i) sb_putc(&c->fields, ',');
        json_str(&c->fields, c->st->binder_name[i]);
        sb_putc(&c->fields, ':');
        key_json_value(c->p, &c->fields, &frame[c->st->binder_slot[i]]);
    }
    sb_putc(&c->fields, '}');
    for (int i = 0; i < c->st->nbinders; i++) {
        StrBuf b;
        sb_init(&b);
        val_print(&b, &frame[c->st->binder_slot[i]]);
        n += (size_t)snprintf(c->counter + n, sizeof c->counter - n, "%s%s = %s", i ? ", " : "", c->st->binder_name[i], b.s);
        sb_fini(&b);
        if (n >= sizeof c->counter) break;
    }
    return 1;
}

/* The value yielded n-th (from 0) by an instances function, printed into out. */
typedef struct NthCtx { Program *p; uint64_t want, seen; StrBuf *out; bool json; } NthCtx;

static int on_nth(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    NthCtx *n = ctx;
    if (n->seen++ != n->want) return 0;
    if (n->json) key_json_value(n->p, n->out, v);
    else key_print_value(n->p, n->out, v);
    return 1;
}

static void nth_value(Program *p, int fn, uint64_t n, StrBuf *out, bool json)
{
    NthCtx c = { p, n, 0, out, json };
    vm_call(p->vm, fn, NULL, 0, on_nth, &c);
}

static void do_claim(Program *p, Stmt *st)
{
    ClaimCtx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.st = st;
    sb_init(&c.fields);
    ClaimJob cj = { .c = &c, .instance = run_on_instance };
    jobs_watch(p, &cj.watch);
    if (p->opt.jobs > 1 && !p->run.jobs_worker) {
        p->vm->gate = run_claim_gate;
        p->vm->gate_ctx = &cj;
    }
    vm_call(p->vm, st->fn, NULL, 0, run_on_instance, &c);
    p->vm->gate = NULL;
    if (c.failed && st->lhs_fn >= 0) {   /* the two sides at the counterexample */
        StrBuf l, r;
        sb_init(&l);
        sb_init(&r);
        nth_value(p, st->lhs_fn, c.checked - 1, &l, false);
        nth_value(p, st->rhs_fn, c.checked - 1, &r, false);
        sb_puts(&c.fields, ",\"left\":");
        nth_value(p, st->lhs_fn, c.checked - 1, &c.fields, true);
        sb_puts(&c.fields, ",\"right\":");
        nth_value(p, st->rhs_fn, c.checked - 1, &c.fields, true);
        size_t n = strlen(c.counter);
        snprintf(c.counter + n, sizeof c.counter - n, " (the left side is %s, the right side is %s)", l.s ? l.s : "?",
                 r.s ? r.s : "?");
        sb_fini(&l);
        sb_fini(&r);
    }
    report(p, st, "claim", !c.failed, c.checked, c.failed ? c.counter : NULL, c.fields.s);
    sb_fini(&c.fields);
}

/* ---- period ---------------------------------------------------------------- */

/* The two positions are copied out at once: the interpreter reuses its scratch memory per instance. */
#define PERIOD_KEY_WORDS 512
/* The heaps of a board family's quotient without a range (its positions are built one by one). */
#define QUOT_BOARD_HEAPS 120
/* The most heaps a board family's range may ask (its positions are kept: 8 MB at most). */
#define QUOT_BOARD_MAX 2000
typedef struct PeriodCtx {
    Program *p;
    Stmt *st;
    int64_t keys[2][PERIOD_KEY_WORDS];
    int n;
    size_t cw;          /* the values one by one: n is word cw of keys[0], for n in 0..count - 1 */
    uint64_t count;
} PeriodCtx;

static int on_period_pos(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    PeriodCtx *c = ctx;
    if (v->t != VT_POS || v->n != 1)
        prog_fail(c->p, EXIT_COMPILE, c->st->loc, "period needs a position of one game, such as Kayles(n)");
    size_t len = KEY_LEN(v->u.p[0]);
    if (len > PERIOD_KEY_WORDS) prog_fail(c->p, EXIT_LIMIT, c->st->loc, "period: the position's arguments are too long");
    memcpy(c->keys[c->n++], v->u.p[0], len * sizeof *v->u.p[0]);
    return c->n == 2;
}

/* G(q) of a family no strategy knows (RunValues), clamped to 32 bits. */
static bool period_at(Program *p, void *ctx, uint64_t q, void *out)
{
    PeriodCtx *c = ctx;
    c->keys[0][c->cw] = (int64_t)q;
    uint64_t v = solve_period_value(p->solver, c->keys[0], c->st->loc);
    uint32_t g = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
    memcpy(out, &g, sizeof g);
    return true;
}

/* quotient misere(G(n)) for n [in 0..N]: the misère quotient of heap game G (docs/theory.md 7.1).
   JSON: {"kind":"quotient","game":...,"order":8 or null,"proven":...,"presentation":...,
   "heaps":N,"elements":[names],"p":[bools],"table":[[...]],"phi":[...],"period":{...} or null}. */
typedef struct QuotCtx {
    Program *p;
    Stmt *st;
    int64_t keys[2][SOLVE_QUOT_FAMILIES][PERIOD_KEY_WORDS];
    uint32_t nfam;
    int n;
} QuotCtx;

/* The position at n = 0, then at n = 1: one heap game, or a sum of heaps of different games (the
   quotient of their union), each once. */
static int on_quotient_pos(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    QuotCtx *c = ctx;
    bool ok = v->t == VT_POS && v->n >= 1 && v->n <= SOLVE_QUOT_FAMILIES && v->strs == PM_MISERE;
    for (uint32_t i = 0; ok && i < v->n; i++) ok = !v->u.pos.cnt || v->u.pos.cnt[i] == 1;
    if (!ok || (c->n && v->n != c->nfam))
        prog_fail(c->p, EXIT_COMPILE, c->st->loc, "quotient needs the misere play of a heap game, such as "
                  "misere(Kayles(n)), or of a sum of up to %d different ones, such as misere(Kayles(n) + Octal(\"0.75\", n))",
                  SOLVE_QUOT_FAMILIES);
    c->nfam = v->n;
    for (uint32_t i = 0; i < v->n; i++) {
        size_t len = KEY_LEN(v->u.pos.keys[i]);
        if (len > PERIOD_KEY_WORDS) prog_fail(c->p, EXIT_LIMIT, c->st->loc, "quotient: the position's arguments are too long");
        memcpy(c->keys[c->n][i], v->u.pos.keys[i], len * sizeof *v->u.pos.keys[i]);
    }
    c->n++;
    return c->n == 2;
}

/* A board family: the positions at n = 0, 1, 2, ... (each one game, once). */
typedef struct BoardCtx {
    Program *p;
    Stmt *st;
    int64_t *keys;          /* PERIOD_KEY_WORDS words each */
    uint64_t n, want;
} BoardCtx;

static int on_board_pos(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    BoardCtx *c = ctx;
    if (v->t != VT_POS || v->n != 1 || v->strs != PM_MISERE || (v->u.pos.cnt && v->u.pos.cnt[0] != 1))
        prog_fail(c->p, EXIT_COMPILE, c->st->loc, "quotient needs the misere play of one game at every n, such as "
                  "misere(Strip(dots(n)))");
    size_t len = KEY_LEN(v->u.pos.keys[0]);
    if (len > PERIOD_KEY_WORDS)
        prog_fail(c->p, EXIT_LIMIT, c->st->loc, "quotient: the position at n = %llu is too long (%zu words, at most %d)",
                  (unsigned long long)c->n, len, PERIOD_KEY_WORDS);
    if (c->n && KEY_GAME(v->u.pos.keys[0]) != KEY_GAME(c->keys))
        prog_fail(c->p, EXIT_COMPILE, c->st->loc, "quotient: the family changes game at n = %llu (%s, then %s): a board "
                  "family is one game's positions", (unsigned long long)c->n, c->p->code.games[KEY_GAME(c->keys)].name,
                  c->p->code.games[KEY_GAME(v->u.pos.keys[0])].name);
    memcpy(c->keys + c->n * PERIOD_KEY_WORDS, v->u.pos.keys[0], len * sizeof *c->keys);
    c->n++;
    return c->n >= c->want;
}

static void quotient_json(const SolveQuotient *r, StrBuf *b)
{
    const MqQuot *q = &r->q;
    sb_printf(b, ",\"ruleset\":");
    json_str(b, r->rules);
    sb_puts(b, ",\"rulesets\":[");
    for (uint32_t i = 0; i < r->q.nrules; i++) {
        if (i) sb_putc(b, ',');
        json_str(b, r->fam[i]);
    }
    sb_putc(b, ']');
    sb_printf(b, ",\"heaps\":%llu,\"order\":%u,\"proven\":%s,\"presentation\":", (unsigned long long)(q->nheaps - 1),
              (unsigned)q->order, q->proven ? "true" : "false");
    StrBuf t;
    sb_init(&t);
    mq_presentation_text(q, &t);
    json_str(b, t.s);
    sb_puts(b, ",\"generators\":[");
    for (uint32_t g = 0; g < q->ngen; g++) {
        t.len = 0;
        mq_word_text(q, q->gen_elem[g], &t);
        sb_printf(b, "%s{\"name\":", g ? "," : "");
        json_str(b, t.s);
        sb_printf(b, ",\"heap\":%llu", (unsigned long long)q->gen_heap[g]);
        if (q->nrules > 1) sb_printf(b, ",\"ruleset\":%u", (unsigned)q->gen_rule[g]);
        sb_putc(b, '}');
    }
    sb_puts(b, "],\"elements\":[");
    for (uint32_t x = 0; x < q->order; x++) {
        t.len = 0;
        mq_word_text(q, x, &t);
        if (x) sb_putc(b, ',');
        json_str(b, t.s);
    }
    sb_puts(b, "],\"p\":[");
    for (uint32_t x = 0; x < q->order; x++) sb_puts(b, x ? (q->isp[x] ? ",true" : ",false") : (q->isp[x] ? "true" : "false"));
    sb_puts(b, "],\"table\":[");
    for (uint32_t x = 0; x < q->order; x++) {
        sb_puts(b, x ? ",[" : "[");
        for (uint32_t y = 0; y < q->order; y++) sb_printf(b, y ? ",%u" : "%u", (unsigned)mq_mul(q, x, y));
        sb_putc(b, ']');
    }
    sb_puts(b, "],\"phi\":");   /* one list; a list per ruleset for a union */
    if (q->nrules > 1) sb_putc(b, '[');
    for (uint32_t ru = 0; ru < q->nrules; ru++) {
        sb_puts(b, ru ? ",[" : "[");
        for (uint64_t h = 0; h < q->nheaps; h++) sb_printf(b, h ? ",%u" : "%u", (unsigned)q->phi[h * q->nrules + ru]);
        sb_putc(b, ']');
    }
    if (q->nrules > 1) sb_putc(b, ']');
    if (q->periodic)
        sb_printf(b, ",\"period\":{\"preperiod\":%llu,\"period\":%llu}", (unsigned long long)q->n0, (unsigned long long)q->per);
    else
        sb_puts(b, ",\"period\":null");
    xfree(t.s);
}

/* The games of a union, for the text. */
typedef struct QuotNames { uint32_t nfam; const char *names[SOLVE_QUOT_FAMILIES]; } QuotNames;

static void quotient_text(const SolveQuotient *r, const QuotNames *nm, StrBuf *b)
{
    const MqQuot *q = &r->q;
    uint64_t N = q->nheaps - 1;
    sb_printf(b, ": order %u (%s, heaps 0..%llu)\n  presentation ", (unsigned)q->order, r->rules, (unsigned long long)N);
    mq_presentation_text(q, b);
    sb_puts(b, "\n  P = {");
    bool first = true;
    for (uint32_t x = 0; x < q->order; x++)
        if (q->isp[x]) {
            if (!first) sb_puts(b, ", ");
            first = false;
            mq_word_text(q, x, b);
        }
    sb_putc(b, '}');
    for (uint32_t ru = 0; ru < q->nrules; ru++) {
        sb_printf(b, "\n  heaps 1..%llu", (unsigned long long)N);
        if (q->nrules > 1) sb_printf(b, " of %s (%s)", r->fam[ru], ru < nm->nfam ? nm->names[ru] : "?");
        sb_putc(b, ':');
        for (uint64_t h = 1; h <= N; h++) {
            sb_putc(b, ' ');
            mq_word_text(q, q->phi[h * q->nrules + ru], b);
        }
    }
    if (q->proven)
        sb_printf(b, "\n  proven for every heap: heap n + %llu is heap n for n >= %llu (the quotient periodicity theorem, "
                  "checked on heaps 0..%llu)", (unsigned long long)q->per, (unsigned long long)q->n0, (unsigned long long)N);
    else if (q->periodic)
        sb_printf(b, "\n  observed in heaps 0..%llu, not proven: heap n + %llu is heap n for %llu <= n <= %llu",
                  (unsigned long long)N, (unsigned long long)q->per, (unsigned long long)q->n0, (unsigned long long)(N - q->per));
    else
        sb_printf(b, "\n  exact for heaps 0..%llu; no period seen", (unsigned long long)N);
}

static void do_quotient(Program *p, Stmt *st)
{
    uint64_t bound = 0;
    bool ranged = st->range_fn >= 0;
    if (ranged) {
        Value r = thunk(p, st->range_fn);
        if (r.t != VT_RANGE || r.u.r.lo > 1 || val_range_hi(&r) < 1)
            prog_fail(p, EXIT_COMPILE, st->loc, "a quotient covers the heaps 0..N (N >= 1): write 'for n in 0..N'");
        if (r.strs || val_range_hi(&r) > 100000)
            prog_fail(p, EXIT_LIMIT, st->loc, "quotient: heaps up to %lld are more than the 100000 a quotient may cover",
                      (long long)val_range_hi(&r));
        bound = (uint64_t)val_range_hi(&r);
    }
    QuotCtx *cp = vm_alloc(p->vm, sizeof *cp, st->loc);
    memset(cp, 0, sizeof *cp);
    cp->p = p;
    cp->st = st;
    QuotCtx *const c = cp;
    vm_call(p->vm, st->fn, NULL, 0, on_quotient_pos, c);
    const int64_t *k0[SOLVE_QUOT_FAMILIES], *k1[SOLVE_QUOT_FAMILIES];
    QuotNames names = { .nfam = c->nfam };
    for (uint32_t i = 0; i < c->nfam; i++) {
        k0[i] = c->keys[0][i];
        k1[i] = c->keys[1][i];
        names.names[i] = p->code.games[KEY_GAME(k0[i])].name;
        for (uint32_t j = 0; j < i; j++)
            if (KEY_LEN(k0[i]) == KEY_LEN(k0[j]) && !memcmp(k0[i], k0[j], KEY_LEN(k0[i]) * sizeof *k0[i]))
                prog_fail(p, EXIT_COMPILE, st->loc, "quotient: a game appears twice in the sum (write each ruleset once)");
    }
    SolveQuotient r;
    if (c->nfam == 1 && !solve_family_shape(k0[0], k1[0])) {
        /* not n as an argument: a board family, its heaps read off the moves of its positions */
        if (ranged && bound > QUOT_BOARD_MAX)
            prog_fail(p, EXIT_LIMIT, st->loc, "quotient: a board family (read off its positions' moves) covers at most "
                      "%d heaps, not %llu", QUOT_BOARD_MAX, (unsigned long long)bound);
        uint64_t want = (ranged ? bound : QUOT_BOARD_HEAPS) + 1;
        BoardCtx *bc = vm_alloc(p->vm, sizeof *bc, st->loc);
        *bc = (BoardCtx){ .p = p, .st = st, .want = want };
        bc->keys = vm_alloc(p->vm, want * PERIOD_KEY_WORDS * sizeof *bc->keys, st->loc);
        vm_call(p->vm, st->fn, NULL, 0, on_board_pos, bc);
        if (bc->n < 2) prog_fail(p, EXIT_COMPILE, st->loc, "quotient: the family has fewer than two positions");
        const int64_t **kv = vm_alloc(p->vm, bc->n * sizeof *kv, st->loc);
        for (uint64_t i = 0; i < bc->n; i++) kv[i] = bc->keys + i * PERIOD_KEY_WORDS;
        solve_quotient_board(p->solver, kv, bc->n, ranged, st->loc, &r);
    } else
        solve_quotient(p->solver, k0, k1, c->nfam, bound, ranged, st->loc, &r);
    const char *gname = names.names[0];
    if (r.status != MQ_OK) {
        char why[200];
        if (r.status == MQ_ORDER)
            snprintf(why, sizeof why, "it has more than %u elements (the largest quotient computed)", (unsigned)r.max_order);
        else if (r.status == MQ_DEEP)
            snprintf(why, sizeof why, "the exact search of one sum went deeper than %d moves", MQ_MAX_DEPTH);
        else if (r.status == MQ_WORK)
            snprintf(why, sizeof why, "the work reached the step budget (%llu steps, --max-steps N)", (unsigned long long)r.max_work);
        else
            snprintf(why, sizeof why, "an internal check failed");
        uint64_t done = r.at > 1 ? r.at - 1 : 0;
        mq_free(&r.q);
        if (ranged || r.status == MQ_INTERNAL)
            prog_fail(p, r.status == MQ_INTERNAL ? EXIT_FAILED : EXIT_LIMIT, st->loc,
                      "quotient of %s: adding heap %llu was stopped: %s; the quotient of heaps 0..%llu was found",
                      gname, (unsigned long long)r.at, why, (unsigned long long)done);
        StrBuf b;
        sb_init(&b);
        if (p->opt.json) {
            sb_puts(&b, "{\"kind\":\"quotient\",\"game\":");
            json_str(&b, st->text);
            sb_puts(&b, ",\"ruleset\":");
            json_str(&b, r.rules);
            sb_printf(&b, ",\"heaps\":%llu,\"order\":null,\"proven\":false,\"presentation\":null,\"stopped\":\"%s\",\"at\":%llu}",
                      (unsigned long long)done, r.status == MQ_ORDER ? "order" : "work", (unsigned long long)r.at);
        } else {
            sb_printf(&b, "quotient %s: none found: adding heap %llu was stopped: %s. The quotients of heaps up to %llu are "
                      "exact; beyond that the quotient may be infinite (as Dawson's Kayles's is believed to be) or larger",
                      st->text, (unsigned long long)r.at, why, (unsigned long long)done);
        }
        render_emit_line(p, &b);
        return;
    }
    StrBuf b;
    sb_init(&b);
    if (p->opt.json) {
        sb_puts(&b, "{\"kind\":\"quotient\",\"game\":");
        json_str(&b, st->text);
        quotient_json(&r, &b);
        sb_putc(&b, '}');
    } else {
        sb_printf(&b, "quotient %s", st->text);
        quotient_text(&r, &names, &b);
        if (!ranged && !r.q.proven)
            sb_printf(&b, "\n  (the search without a range stopped at heap %llu without a proof)", (unsigned long long)r.max_heaps);
    }
    render_emit_line(p, &b);
    mq_free(&r.q);
}

static void do_period(Program *p, Stmt *st)
{
    uint64_t bound = 0;
    if (st->range_fn >= 0) {
        Value r = thunk(p, st->range_fn);
        if (r.t != VT_RANGE || r.u.r.lo != 0 || val_range_hi(&r) < 1)
            prog_fail(p, EXIT_COMPILE, st->loc, "period searches a range 0..N with N >= 1");
        bound = (uint64_t)val_range_hi(&r);   /* beyond 64 bits: more than any limit */
    }
    PeriodCtx *cp = vm_alloc(p->vm, sizeof *cp, st->loc), c0 = { .p = p, .st = st };
    *cp = c0;
    PeriodCtx *const c = cp;
    vm_call(p->vm, st->fn, NULL, 0, on_period_pos, c);
    SolvePeriod per;
    if (!solve_period(p->solver, c->keys[0], c->keys[1], bound, st->loc, &per, &c->cw, &c->count)) {
        /* no strategy knows the family: G(n) one by one, independent instances */
        uint32_t *g = vm_alloc(p->vm, c->count * sizeof *g, st->loc);   /* scratch: released after an error too */
        RunValues rv = { period_at, c, g, sizeof *g, "values of the period" };
        run_values(p, &rv, c->count, st->loc);
        solve_period_values(g, c->count, &per);
        if (!bound) per.stopped = PERIOD_STOP_TABLE;   /* the first values only */
    }
    const char *method = per.method;
    StrBuf b;
    sb_init(&b);
    if (p->opt.json) {
        sb_puts(&b, "{\"kind\":\"period\",\"game\":");
        json_str(&b, st->text);
        if (per.found)
            sb_printf(&b, ",\"preperiod\":%llu,\"period\":%llu,\"saltus\":%lld", (unsigned long long)per.e,
                      (unsigned long long)per.p, (long long)per.s);
        else
            sb_puts(&b, ",\"preperiod\":null,\"period\":null,\"saltus\":null");
        sb_printf(&b, ",\"proven\":%s,\"checked\":%llu,\"proof\":", per.proven ? "true" : "false",
                  (unsigned long long)per.checked);
        if (per.proof) json_str(&b, per.proof);
        else sb_puts(&b, "null");
        if (per.stopped && !per.proven)
            sb_puts(&b, per.stopped == PERIOD_STOP_WORK    ? ",\"stopped\":\"work\""
                        : per.stopped == PERIOD_STOP_LIMIT ? ",\"stopped\":\"states\""
                                                           : ",\"stopped\":\"values\"");
        sb_puts(&b, ",\"strategy\":");
        json_str(&b, method);
        sb_putc(&b, '}');
    } else {
        sb_printf(&b, "period %s: ", st->text);
        if (!per.found) {
            sb_printf(&b, "no period found in n < %llu", (unsigned long long)per.checked);
        } else {
            sb_printf(&b, "preperiod %llu, period %llu", (unsigned long long)per.e, (unsigned long long)per.p);
            if (per.s) sb_printf(&b, ", saltus %lld", (long long)per.s);
            if (per.proven)
                sb_printf(&b, " (proven by the %s from %llu values)", per.proof, (unsigned long long)per.checked);
            else
                sb_printf(&b, " (observed in n < %llu, not proven)", (unsigned long long)per.checked);
        }
        if (per.stopped && !per.proven) {   /* where a search without a range stops, and how to go on */
            if (per.stopped == PERIOD_STOP_WORK)
                sb_printf(&b, "; a period without a range stops when its work reaches the step budget (%llu, --max-steps N)",
                          (unsigned long long)per.work_limit);
            else if (per.stopped == PERIOD_STOP_TABLE)
                sb_printf(&b, "; a period without a range looks at the first %llu values", (unsigned long long)per.checked);
            const char *var = st->binder_name[0] ? st->binder_name[0] : "n";
            if (per.stopped == PERIOD_STOP_LIMIT)
                sb_printf(&b, "; the table holds the most values the state limit allows (raise it with --max-states N)");
            else
                sb_printf(&b, ": search further with 'period %s for %s in 0..%llu'%s", st->text, var,
                          (unsigned long long)(per.checked > UINT64_MAX / 4 ? per.checked : 4 * per.checked),
                          per.stopped == PERIOD_STOP_WORK ? " or a larger budget" : "");
        }
    }
    render_emit_line(p, &b);
}

void run_simple(Program *p, Stmt *st)
{
    switch (st->kind) {
    case ST_QUERY: do_query(p, st); break;
    case ST_TABLE: do_table(p, st); break;
    case ST_EXPECT: do_expect(p, st); break;
    case ST_CLAIM: do_claim(p, st); break;
    case ST_PERIOD: do_period(p, st); break;
    case ST_QUOTIENT: do_quotient(p, st); break;
    case ST_PRINT: do_print(p, st); break;
    case ST_GENUS: do_genus(p, st); break;
    case ST_THERMO: do_thermograph(p, st); break;
    case ST_DRAW: do_draw(p, st); break;
    case ST_EXPLAIN: {
        Value v = need_pos(p, thunk(p, st->fn), st->loc, "explain");
        explain_position(p, &v, st->text, st->loc);
        break;
    }
    default: break;
    }
}
