/* draw.c: the game graph below a position as Graphviz DOT: a breadth-first walk over the moves
   (solve_each_move), positions merged by their printed form, values from the solver. */
#include "config.h"
#include "render.h"
#include "draw.h"
#include "key.h"
#include "ast.h"
#include "solve/solve.h"
#include "solve/core/nimber.h"
#include <stdlib.h>
#include <string.h>

typedef struct DrawNode {
    char *text;             /* the position as printed: the node's identity */
    KeyCopy pos;            /* the position itself, to enumerate its moves later */
    int64_t depth;
    GameValue g;
    char *form;             /* a partizan position: its canonical form (g.outcome its class L, R, P, N) */
} DrawNode;

/* side: a partizan position's move, Left's ('L') or Right's ('R'); 0 otherwise */
typedef struct DrawEdge { size_t from, to; char *label; char side; } DrawEdge;

typedef struct DrawCtx {
    Program *p;
    Loc loc;
    DrawNode *nodes;
    size_t nnodes, capnodes;
    DrawEdge *edges;
    size_t nedges, capedges;
    size_t from;
    bool cut;
} DrawCtx;

static size_t find_or_add(DrawCtx *c, const Value *pos, int64_t depth)
{
    StrBuf b;
    sb_init(&b);
    key_print_pos(c->p, &b, pos);
    for (size_t i = 0; i < c->nnodes; i++)
        if (!strcmp(c->nodes[i].text, b.s)) {
            sb_fini(&b);
            return i;
        }
    if (c->nnodes >= DRAW_MAX_NODES) {
        sb_fini(&b);
        c->cut = true;
        return SIZE_MAX;
    }
    DrawNode d = { sb_take(&b), key_copy(pos), depth, { 0 }, NULL };
    sb_fini(&b);
    VEC_PUSH(c->nodes, c->nnodes, c->capnodes, d);   /* held before it is valued: a failure frees it */
    if (pz_applies(c->p->solver, pos)) {
        c->nodes[c->nnodes - 1].g = gv_outcome(solve_outcome_value(c->p->solver, pos, c->loc));
        c->nodes[c->nnodes - 1].form = pz_value_text(c->p->solver, pos, c->loc, true);
        return c->nnodes - 1;
    }
    c->nodes[c->nnodes - 1].g = pos->strs ? gv_outcome(solve_outcome_value(c->p->solver, pos, c->loc))
                                          : solve_sg_value(c->p->solver, pos, c->loc);
    return c->nnodes - 1;
}

static int on_move(void *ctx, const SolveMove *m)
{
    DrawCtx *c = ctx;
    size_t to = find_or_add(c, &m->result, c->nodes[c->from].depth + 1);
    if (to == SIZE_MAX) return 1;
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, m->label ? m->label : "move");
    if (m->args->n) {
        sb_putc(&b, ' ');
        render_binders_text(&b, m->args);
    }
    bool partizan = c->nodes[c->from].form != NULL;
    for (int side = MOVE_LEFT; side <= MOVE_RIGHT; side++) {   /* a move of both players': an edge for each */
        if (partizan && m->side != MOVE_BOTH && m->side != side) continue;
        DrawEdge e = { c->from, to, NULL, partizan ? (side == MOVE_LEFT ? 'L' : 'R') : 0 };
        e.label = partizan ? xmalloc(b.len + 4) : sb_take(&b);
        if (partizan) snprintf(e.label, b.len + 4, "%c: %s", e.side, b.s);
        VEC_PUSH(c->edges, c->nedges, c->capedges, e);
        if (!partizan) break;
    }
    sb_fini(&b);
    return 0;
}

static void dot_str(StrBuf *b, const char *s)
{
    sb_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') sb_putc(b, '\\');
        if (*s == '\n') sb_puts(b, "\\n");
        else sb_putc(b, *s);
    }
    sb_putc(b, '"');
}

static bool wins(const GameValue *from, const GameValue *to)
{
    return (from->outcome == 'N' && to->outcome == 'P') || (from->outcome == 'D' && to->outcome == 'D');
}

/* A partizan move wins for its maker: Left's to an L or P position, Right's to an R or P one. */
static bool edge_wins(const DrawCtx *c, const DrawEdge *e)
{
    char o = c->nodes[e->to].g.outcome;
    return e->side ? o == 'P' || o == e->side : wins(&c->nodes[e->from].g, &c->nodes[e->to].g);
}

/* Everything a drawing holds (also when an error unwinds past it: prog_defer). */
static void draw_free(void *arg)
{
    DrawCtx *c = arg;
    for (size_t i = 0; i < c->nnodes; i++) {
        key_copy_free(&c->nodes[i].pos);
        xfree(c->nodes[i].text);
        xfree(c->nodes[i].form);
    }
    for (size_t i = 0; i < c->nedges; i++) xfree(c->edges[i].label);
    xfree(c->nodes);
    xfree(c->edges);
    xfree(c);
}

void draw_dot(Program *p, const Value *pos, int64_t depth, Loc loc, StrBuf *out)
{
    if (depth < 0) prog_fail(p, EXIT_COMPILE, loc, "a drawing's depth must be at least 0, not %lld", (long long)depth);
    DrawCtx *c = xcalloc(1, sizeof *c);
    *c = (DrawCtx){ .p = p, .loc = loc };
    size_t mark = prog_defer(p, draw_free, c);
    find_or_add(c, pos, 0);
    for (size_t i = 0; i < c->nnodes && !c->cut; i++) {
        if (c->nodes[i].depth >= depth) continue;
        c->from = i;
        Value v = key_copy_value(&c->nodes[i].pos);
        solve_each_move(p->solver, &v, loc, DRAW_MAX_NODES, on_move, c);
    }
    sb_puts(out, "digraph game {\n");
    sb_printf(out, "  // grundy: the positions within %lld move%s of %s%s\n", (long long)depth, depth == 1 ? "" : "s",
              c->nodes[0].text, c->cut ? " (cut at " "400" " nodes)" : "");
    sb_puts(out, "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n"
                 "  edge [fontname=\"Helvetica\", fontsize=10];\n");
    for (size_t i = 0; i < c->nnodes; i++) {
        const DrawNode *d = &c->nodes[i];
        StrBuf l;
        sb_init(&l);
        sb_printf(&l, "%s\n%c", d->text, d->g.outcome);
        if (d->form) {
            sb_printf(&l, "  %s", d->form);
        } else if (d->g.kind == GV_SG) {
            sb_puts(&l, "  sg ");
            nim_print(&l, &d->g);
        } else if (d->g.kind == GV_LOOPY) {
            sb_puts(&l, "  gamma ");
            gv_print_loopy(&l, &d->g);
        }
        sb_printf(out, "  n%zu [label=", i);
        dot_str(out, l.s);
        sb_fini(&l);
        /* P red, N green, draws grey; a partizan position's L blue, R pink (Left's and Right's colours) */
        const char *fill = d->g.outcome == 'P' ? "#f4c7c3" : d->g.outcome == 'N' ? "#c8e6c9" : d->g.outcome == 'L' ? "#bbdefb"
                         : d->g.outcome == 'R' ? "#f8bbd0" : "#dddddd";
        sb_printf(out, ", fillcolor=\"%s\"%s];\n", fill, i == 0 ? ", penwidth=2" : "");
    }
    for (size_t i = 0; i < c->nedges; i++) {
        const DrawEdge *e = &c->edges[i];
        sb_printf(out, "  n%zu -> n%zu [label=", e->from, e->to);
        dot_str(out, e->label);
        if (e->side) sb_puts(out, e->side == 'L' ? ", color=\"#1565c0\"" : ", color=\"#c62828\"");
        if (edge_wins(c, e)) sb_puts(out, ", style=bold, penwidth=2.5");
        sb_puts(out, "];\n");
    }
    sb_puts(out, "}\n");
    prog_release(p, mark);
    draw_free(c);
}
