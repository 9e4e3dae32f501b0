/* cpd_moves.c: every move of a compound's position (every, conj, select, shortselect; misere or
   not), for a client that lists them (the REPL's :moves): each component's options found by the
   components' own rules, combined by the compound's rule. Every-SG moves every component that
   can move; the conjunctive compound moves every component and has no move once one has ended;
   the selective compound moves any one or more that can; the shortened selective compound too,
   with no move once one has ended. Copies of a component are separate components here (in
   every(2 * Kayles(2)) each copy makes its own move). */
#include "config.h"
#include "solve/modes/compound.h"
#include <string.h>

#define NONE UINT32_MAX

/* The options of one component (sum ids), gathered by cpd_option's test, which never accepts
   (on the heap: cpd_option empties the scratch it ran on). */
typedef struct Gather { uint32_t *x; size_t n, cap; } Gather;
typedef struct Gathered { Gather *g; size_t n; } Gathered;

static bool gather(void *ctx, uint32_t x)
{
    Gather *g = ctx;
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 16;
        g->x = xrealloc(g->x, g->cap * sizeof *g->x);
    }
    g->x[g->n++] = x;
    return false;
}

static void gathered_free(void *arg)
{
    Gathered *all = arg;
    for (size_t i = 0; i < all->n; i++) xfree(all->g[i].x);
    xfree(all->g);
    xfree(all);
}

static bool all_moves(Solver *s, const Value *pos, Loc loc, size_t max, Answer *a, Gathered *all);

bool cpd_all_moves(Solver *s, const Value *pos, Loc loc, size_t max, Answer *a)
{
    Gathered *all = xcalloc(1, sizeof *all);
    size_t mark = prog_defer(s->p, gathered_free, all);
    bool more = all_moves(s, pos, loc, max, a, all);
    prog_release(s->p, mark);
    gathered_free(all);
    return more;
}

/* cpd_all_moves, the options gathered into all (freed by the caller). */
static bool all_moves(Solver *s, const Value *pos, Loc loc, size_t max, Answer *a, Gathered *all)
{
    unsigned kind = pos->strs & PM_COMPOUND;
    bool ends_with_one = kind == PM_CONJ || kind == PM_SHORTSELECT, must = kind == PM_EVERY || kind == PM_CONJ;
    CpdComp *c0;
    size_t n0 = cpd_components(s, pos, loc, &c0), n = 0;
    for (size_t i = 0; i < n0; i++) n += c0[i].id != NONE ? c0[i].count : 1;
    CpdComp *c = vm_alloc(s->vm, (n ? n : 1) * sizeof *c, loc);
    Gather *opt = all->g = xcalloc(n ? n : 1, sizeof *opt);
    all->n = n;
    size_t *grp = vm_alloc(s->vm, (n ? n : 1) * sizeof *grp, loc), k = 0;
    for (size_t i = 0; i < n0; i++)   /* copies of one game apart (grp: which they are copies of) */
        for (uint64_t j = 0; j < (c0[i].id != NONE ? c0[i].count : 1); j++) {
            grp[k] = i;
            c[k++] = c0[i].id != NONE ? cpd_one(s, c0[i].id, 1, loc) : c0[i];
        }
    a->mode = pos->strs;
    size_t movable = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t found;
        if (!c[i].terminal) cpd_option(s, &c[i], loc, NULL, gather, &opt[i], &found);
        movable += opt[i].n > 0;
        if (ends_with_one && !opt[i].n) return false;   /* an ended component ends the compound */
    }
    if (!movable) return false;
    /* the moves in order: choice[i] is the option component i takes (0: it stays, when it may) */
    size_t *choice = vm_alloc(s->vm, (n ? n : 1) * sizeof *choice, loc);
    uint32_t *to = vm_alloc(s->vm, (n ? n : 1) * sizeof *to, loc);
    memset(choice, 0, (n ? n : 1) * sizeof *choice);
    size_t listed = 0;
    for (;;) {
        /* this combination: a component with options moves (must: every one) unless it stays; copies of
           one game choose in order (their other orders reach the same positions) */
        bool any = false, repeat = false;
        for (size_t i = 1; i < n; i++) repeat |= grp[i] == grp[i - 1] && choice[i] < choice[i - 1];
        for (size_t i = 0; i < n; i++) {
            bool may_stay = !must && opt[i].n > 0;
            size_t off = may_stay ? 1 : 0;
            if (!opt[i].n || (may_stay && choice[i] == 0)) to[i] = NONE;
            else {
                to[i] = opt[i].x[choice[i] - off];
                any = true;
            }
        }
        if (any && !repeat) {
            if (listed == max) return true;
            cpd_add_move(s, a, c, to, n, ends_with_one, loc);
            listed++;
        }
        /* the next combination (an odometer over the components' choices) */
        size_t i = 0;
        for (; i < n; i++) {
            size_t span = opt[i].n ? opt[i].n + (!must ? 1 : 0) : 1;
            if (++choice[i] < span) break;
            choice[i] = 0;
        }
        if (i == n) return false;
        prog_poll(s->p, loc);
    }
}

bool solve_mode_moves(Solver *s, const Value *pos, Loc loc, size_t max, SolveModeMoveFn fn, void *ctx)
{
    size_t mark;
    Answer *a = solve_answer_new(s->p, &mark);
    bool more = cpd_all_moves(s, pos, loc, max, a);
    for (size_t i = 0; i < a->nwin; i++) {
        Value v = solve_answer_mpos(s, a, i, loc);
        if (fn(ctx, &v, a->winning[i])) break;
    }
    prog_release(s->p, mark);
    solve_answer_free(a);
    return more;
}
