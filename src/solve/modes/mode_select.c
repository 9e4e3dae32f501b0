/* mode_select.c: the selective compounds (docs/theory.md section 8): select(...) (a move moves
   any one or more components that have not ended; play ends when all have) and shortselect(...)
   (the same, but play ends as soon as one component has ended), normal and misere. Normal play:
   the first player wins iff some component is an N-position (shortselect: and none has ended);
   the winning move takes every N component to a P-position. Misere select with two or more live
   components is decided as normal play, with one by that component's misere outcome; misere
   shortselect by whether some component's misere remoteness is odd. */
#include "config.h"
#include "solve/modes/compound.h"
#include "vm.h"
#include <string.h>

typedef struct Test { Sums *m; int kind; } Test;
enum { T_P, T_P_LIVE, T_TERMINAL, T_MISERE_P_LIVE, T_RM };

static bool test(void *ctx, uint32_t x)
{
    Test *t = ctx;
    const SumPart *p;
    size_t n = sums_parts(t->m, x, &p);
    switch (t->kind) {
    case T_P: return sums_sg(t->m, x, (Loc){ 0 }) == 0;
    case T_P_LIVE: return n && sums_sg(t->m, x, (Loc){ 0 }) == 0;
    case T_TERMINAL: return !n;
    case T_MISERE_P_LIVE: return n && sums_genus(t->m, x, (Loc){ 0 }).gamma[0] == 0;
    default: return !(sums_pace(t->m, x, PACE_RM, (Loc){ 0 }) & 1);   /* even misere remoteness (never terminal) */
    }
}

static bool option(Solver *s, const CpdComp *c, Loc loc, int kind, uint32_t *to)
{
    Test t = { sums_of(s), kind };
    GameValue p = gv_sg(0);
    return cpd_option(s, c, loc, kind == T_P || kind == T_P_LIVE ? &p : NULL, test, &t, to);
}

/* A component in normal play is an N-position (a one-game component may be known by its outcome). */
static bool is_n(Solver *s, const CpdComp *c)
{
    if (c->terminal) return false;
    return c->id != UINT32_MAX ? s->store->st[c->id].sg != 0 : sums_sg(sums_of(s), c->sum, (Loc){ 0 }) != 0;
}

/* Misere select with two or more live copies: every N component to a P-position, live ones
   where they can, if that leaves two live; else one copy left live and misere-P, all else ended. */
static void misere_select_move(Solver *s, Answer *a, const CpdComp *c, size_t n, Loc loc)
{
    Sums *m = sums_of(s);
    uint32_t *to = vm_alloc(s->vm, (n ? n : 1) * sizeof *to, loc);
    uint64_t live = 0;
    for (size_t i = 0; i < n; i++) {
        to[i] = UINT32_MAX;
        if (c[i].terminal) continue;
        if (!is_n(s, &c[i])) {
            live += c[i].count;
        } else if (option(s, &c[i], loc, T_P_LIVE, &to[i])) {
            live += c[i].count;
        } else if (!option(s, &c[i], loc, T_P, &to[i])) {
            return;
        }
    }
    if (live >= 2) {
        cpd_add_move(s, a, c, to, n, false, loc);
        return;
    }
    /* one copy of component j stays live (as it is, or moved), every other copy ends */
    CpdComp *d = vm_alloc(s->vm, (n + 1) * sizeof *d, loc);
    uint32_t *dt = vm_alloc(s->vm, (n + 1) * sizeof *dt, loc);
    for (size_t j = 0; j < n; j++) {
        if (c[j].terminal) continue;
        size_t k = 0;
        bool ok = true;
        for (size_t i = 0; i < n && ok; i++) {
            if (c[i].terminal) continue;
            uint64_t ending = c[i].count - (i == j);
            if (ending) {
                d[k] = c[i];
                d[k].count = ending;
                ok = option(s, &c[i], loc, T_TERMINAL, &dt[k]);
                k++;
            }
            if (i == j) {
                d[k] = c[i];
                d[k].count = 1;
                if (sums_genus(m, c[i].sum, loc).gamma[0] == 0) dt[k] = UINT32_MAX;
                else ok = option(s, &c[i], loc, T_MISERE_P_LIVE, &dt[k]);
                k++;
            }
        }
        if (ok) {
            cpd_add_move(s, a, d, dt, k, false, loc);
            return;
        }
    }
}

static void select_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a, bool shortened)
{
    Sums *m = sums_of(s);
    bool mis = (pos->strs & PM_MISERE) != 0;
    CpdComp *c;
    size_t n = cpd_components(s, pos, loc, &c);
    if (cpd_any_loopy(c, n)) {
        a->strategy = shortened ? "shortselect:retrograde" : "select:retrograde";
        cpd_position(s, a, c, n, shortened);
        cpd_retro(s, a, c, n, shortened, moves, loc);
        return;
    }
    uint64_t live = 0;
    bool ended = false, some_n = false, odd_rm = false;
    size_t lone = 0;
    for (size_t i = 0; i < n; i++) {
        if (c[i].terminal) {
            ended = true;
            continue;
        }
        live += c[i].count;
        lone = i;
        some_n |= is_n(s, &c[i]);
        if (shortened && mis) odd_rm |= sums_pace(m, c[i].sum, PACE_RM, loc) & 1;
    }
    const char *why;
    bool win;
    if (!shortened && !mis) {
        win = some_n;
        why = win ? "a component is an N-position (normal play)" : "every component is a P-position (normal play)";
    } else if (!shortened) {
        if (live == 0) {
            win = true;
            why = "no component can move: the player to move has won (misere)";
        } else if (live == 1) {
            win = sums_genus(m, c[lone].sum, loc).gamma[0] != 0;
            why = "one live component: its misere outcome";
        } else {
            win = some_n;
            why = win ? "two or more live components and one is an N-position" : "two or more live components, all P-positions";
        }
    } else if (!mis) {
        win = !ended && some_n;
        why = ended ? "a component has ended: so has play" : win ? "a component is an N-position" : "every component is a P-position";
    } else {
        win = ended || odd_rm;
        why = ended ? "a component has ended: the player to move has won (misere)"
                    : win ? "a component's misere remoteness is odd" : "every component's misere remoteness is even";
    }
    a->outcome = win ? 'N' : 'P';
    a->strategy = shortened ? "shortselect" : "select";
    a->why = xstrdup(why);
    solve_fact_text(&a->facts, "rule", why);
    cpd_position(s, a, c, n, shortened);
    if (!moves || !win || (shortened && ended) || !live) return;
    if (!shortened && mis && live >= 2) {
        misere_select_move(s, a, c, n, loc);
        return;
    }
    uint32_t *to = vm_alloc(s->vm, (n ? n : 1) * sizeof *to, loc);
    for (size_t i = 0; i < n; i++) {
        to[i] = UINT32_MAX;
        int kind;
        if (shortened && mis) {
            if (!(sums_pace(m, c[i].sum, PACE_RM, loc) & 1)) continue;
            kind = T_RM;
        } else if (!shortened && mis) {
            if (c[i].terminal) continue;
            kind = T_MISERE_P_LIVE;   /* the one live component */
        } else {
            if (!is_n(s, &c[i])) continue;
            kind = T_P;
        }
        if (!option(s, &c[i], loc, kind, &to[i])) return;
    }
    cpd_add_move(s, a, c, to, n, shortened, loc);
}

static void select_q(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a) { select_query(s, pos, loc, moves, a, false); }
static void shortselect_q(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a) { select_query(s, pos, loc, moves, a, true); }

const PlayMode mode_select = { "select", PM_SELECT, select_q, cpd_same };
const PlayMode mode_shortselect = { "shortselect", PM_SHORTSELECT, shortselect_q, cpd_same };
