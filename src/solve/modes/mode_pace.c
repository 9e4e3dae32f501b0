/* mode_pace.c: the compounds decided by one number per component (docs/theory.md section 8):
   every(...) (Every-SG, the continued conjunctive compound: a move moves every component that
   has not ended; the largest suspense decides) and conj(...) (conjunctive: a move moves every
   component, play ends when one has ended; the smallest remoteness decides). The first player
   wins iff that number is odd; misere play uses the misere numbers (a terminal position has 1).
   The winning move takes every component to an option one step nearer: with the number odd
   that leaves the extreme even. */
#include "config.h"
#include "solve/modes/compound.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

typedef struct Want { Sums *m; unsigned which; uint64_t v; } Want;

static bool has_pace(void *ctx, uint32_t x)
{
    Want *w = ctx;
    return sums_pace(w->m, x, w->which, (Loc){ 0 }) == w->v;
}

static void pace_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a, bool every)
{
    Sums *m = sums_of(s);
    bool mis = (pos->strs & PM_MISERE) != 0;
    unsigned which = every ? (mis ? PACE_SM : PACE_S) : (mis ? PACE_RM : PACE_R);
    CpdComp *c;
    size_t n = cpd_components(s, pos, loc, &c);
    if (cpd_any_loopy(c, n)) {   /* the numbers do not decide games with cycles */
        a->strategy = every ? "every:retrograde" : "conj:retrograde";
        cpd_position(s, a, c, n, !every);
        cpd_retro(s, a, c, n, !every, moves, loc);
        return;
    }
    uint64_t *v = vm_alloc(s->vm, (n ? n : 1) * sizeof *v, loc);
    uint64_t best = mis, base = mis;   /* no component (or none live): the player to move cannot move */
    bool any = false, ended = false;
    for (size_t i = 0; i < n; i++) {
        ended |= !every && c[i].terminal;   /* conj: play is over */
        v[i] = c[i].terminal ? base : sums_pace(m, c[i].sum, which, loc);
        if (every && c[i].terminal) continue;
        if (!any || (every ? v[i] > best : v[i] < best)) best = v[i];
        any = true;
    }
    a->outcome = best & 1 ? 'N' : 'P';
    a->strategy = every ? "every" : "conj";
    cpd_position(s, a, c, n, !every);
    const char *what = every ? "suspense" : "remoteness";
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%s%s of each component (", mis ? "misere " : "", what);
    a->components = xcalloc(n ? n : 1, sizeof *a->components);
    a->ncomponents = n;
    for (size_t i = 0; i < n; i++) {
        char *t = cpd_text(s, &c[i]);
        if (i < 8) sb_printf(&b, "%s%s %llu", i ? ", " : "", t, (unsigned long long)v[i]);
        a->components[i] = (struct AnswerComponent){ .position = t, .pace_name = what, .pace = v[i] };
    }
    if (n > 8) sb_printf(&b, ", ... %zu in all", n);
    sb_printf(&b, "); the %s, %llu, is %s", every ? "largest" : "smallest", (unsigned long long)best,
              best & 1 ? "odd: the first player wins" : "even: the first player loses");
    a->why = sb_take(&b);
    sb_fini(&b);
    solve_fact_text(&a->facts, "measure", what);
    solve_fact_int(&a->facts, "misere", mis);
    solve_fact_uint(&a->facts, "decisive", best);
    if (!moves || a->outcome != 'N' || !any || ended) return;
    uint32_t *to = vm_alloc(s->vm, (n ? n : 1) * sizeof *to, loc);
    for (size_t i = 0; i < n; i++) {
        to[i] = UINT32_MAX;
        if (c[i].terminal) continue;
        Want w = { m, which, v[i] - 1 };
        /* the moves to P-positions its strategy lists first: the option one step nearer is
           among them when the number is odd, and for Euclid always (X_0 and X_1) */
        GameValue p = gv_sg(0);
        if (!cpd_option(s, &c[i], loc, &p, has_pace, &w, &to[i]))
            prog_fail(s->p, EXIT_COMPILE, loc, "internal error: no option one step nearer");
    }
    cpd_add_move(s, a, c, to, n, !every, loc);
}

static void every_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a)
{
    pace_query(s, pos, loc, moves, a, true);
}

static void conj_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a)
{
    pace_query(s, pos, loc, moves, a, false);
}

const PlayMode mode_every = { "every", PM_EVERY, every_query, cpd_same };
const PlayMode mode_conj = { "conj", PM_CONJ, conj_query, cpd_same };
