/* interval_rules.c: the interval strategy's recognition (interval.h): a scoring game's rules, as
   rules.h reads them, compiled to dense_code.c's integer code with the list read as a window, or
   declined. */
#include "config.h"
#include "solve/strategies/interval.h"
#include "rules.h"
#include "builtins.h"
#include "ir.h"
#include <stdlib.h>
#include <string.h>

/* Whether n names local slot `slot` (a parameter or a binder, as written in the rules). */
static bool names_local(const Node *n, int slot)
{
    return n->kind == N_NAME && n->ref == REF_LOCAL && n->ref_id == slot;
}

/* Whether n is an integer: sema's type or its form, or the sum of a window's slice. */
static bool int_gain(const Node *n)
{
    if (dense_int_valued(n)) return true;
    if (n->kind == N_GEN) return n->op == FOLD_SUM;
    return n->kind == N_CALL && n->ref == REF_BUILTIN && n->ref_id == BI_SUM;   /* dense_cexpr_win checks the rest */
}

/* The result's list `x...`: the list itself, or `[a[i] for i in lo..hi]` (compiled into slo, shi). */
static bool result_list(Program *p, IRule *r, const Node *x, int list)
{
    if (x->kind != N_SPLAT) return false;
    x = x->a;
    if (names_local(x, list)) {
        r->whole = true;
        return true;
    }
    const Node *range = x->kind == N_GEN && x->op == FOLD_LIST ? dense_win_slice(x, list) : NULL;
    return range && dense_cexpr_win(p, &r->slo, range->a, list) && dense_cexpr_win(p, &r->shi, range->b, list);
}

/* The gain's native form, when it has one (IRule.gk). */
static void gain_form(Program *p, IRule *r, const Node *n, int list)
{
    if (n->kind == N_INDEX && names_local(n->a, list)) {
        if (dense_cexpr_win(p, &r->gx, n->b, list) && r->gx.affine && !r->gx.cmp) r->gk = IG_ELEM;
        return;
    }
    const Node *range = dense_win_sum(n, list);
    if (range && dense_cexpr_win(p, &r->gx, range->a, list) && r->gx.affine && !r->gx.cmp &&
        dense_cexpr_win(p, &r->gy, range->b, list) && r->gy.affine && !r->gy.cmp)
        r->gk = IG_SUM;
}

static bool rule(Program *p, IRule *r, const RRule *m, int gid, int nint)
{
    if (m->nb > MAX_BINDERS || m->ncl > MAX_CLAUSES) return false;
    r->nb = m->nb;
    for (int i = 0; i < m->nb; i++) {
        const RBinder *b = &m->b[i];
        r->slot[i] = b->slot + W_SHIFT;
        if (b->kind == RD_INTS) {
            r->set[i] = xmalloc(((size_t)b->nsorted + 1) * sizeof *r->set[i]);
            if (b->nsorted) memcpy(r->set[i], b->sorted, (size_t)b->nsorted * sizeof *r->set[i]);
            r->nset[i] = b->nsorted;
            continue;
        }
        if (b->kind != RD_RANGE || !dense_cexpr_win(p, &r->lo[i], b->lo, nint) || !dense_cexpr_win(p, &r->hi[i], b->hi, nint))
            return false;
    }
    r->ncl = m->ncl;
    for (int i = 0; i < m->ncl; i++) {
        r->let[i] = m->cl[i].let;
        r->lslot[i] = m->cl[i].slot + W_SHIFT;
        if (!dense_cexpr_win(p, &r->cl[i], m->cl[i].e, nint)) return false;
    }
    r->has_gain = m->gain != NULL;
    if (m->gain && (!int_gain(m->gain) || !dense_cexpr_win(p, &r->gain, m->gain, nint))) return false;
    if (m->gain) gain_form(p, r, m->gain, nint);
    /* one position of the same game: integers, then the list spread */
    if (!m->sum || m->ncalls != 1 || m->nzeros || m->calls[0].game != gid || m->calls[0].nargs != nint + 1) return false;
    const RCall *c = &m->calls[0];
    for (int i = 0; i < nint; i++)
        if (c->args[i]->kind == N_SPLAT || !dense_int_valued(c->args[i]) || !dense_cexpr_win(p, &r->arg[i], c->args[i], nint))
            return false;
    return result_list(p, r, c->args[nint], nint);
}

/* Whether g has the running best's form (IGame.prefix). */
static bool prefix_form(const IGame *g)
{
    if (g->nint != 1 || g->nrules != 1) return false;
    const IRule *r = &g->rules[0];
    const int t = W_SHIFT;   /* the integer's slot */
    if (r->nb != 1 || r->set[0] || dense_reads_slot(&r->lo[0], t) || dense_reads_slot(&r->gain, t) ||
        dense_reads_slot(&r->gx, t) || dense_reads_slot(&r->gy, t) || dense_reads_slot(&r->arg[0], t) ||
        (!r->whole && (dense_reads_slot(&r->slo, t) || dense_reads_slot(&r->shi, t))))
        return false;
    for (int i = 0; i < r->ncl; i++)
        if (dense_reads_slot(&r->cl[i], t) || (r->let[i] && r->lslot[i] == t)) return false;
    return true;
}

void iv_free_game(IGame *g)
{
    if (!g) return;
    for (int i = 0; i < g->nrules; i++) {
        IRule *r = &g->rules[i];
        for (int j = 0; j < MAX_BINDERS; j++) {
            dense_clear_ops(&r->lo[j]);
            dense_clear_ops(&r->hi[j]);
            xfree(r->set[j]);
        }
        for (int j = 0; j < MAX_CLAUSES; j++) dense_clear_ops(&r->cl[j]);
        for (int j = 0; j < IV_MAXINT; j++) dense_clear_ops(&r->arg[j]);
        dense_clear_ops(&r->gain);
        dense_clear_ops(&r->gx);
        dense_clear_ops(&r->gy);
        dense_clear_ops(&r->slo);
        dense_clear_ops(&r->shi);
    }
    xfree(g->rules);
    xfree(g);
}

IGame *iv_compile(Program *p, int gid)
{
    const Game *G = &p->code.games[gid];
    const GameRules *gr = G->rules;
    if (!G->scoring || !G->variadic || !gr || gr->canon || G->nparams < 1 || G->nparams - 1 > IV_MAXINT ||
        gr->nmoves > MAX_RULES)
        return NULL;
    IGame *g = xcalloc(1, sizeof *g);
    g->gid = gid;
    g->nint = G->nparams - 1;
    g->nvars = G->nlocals + W_SHIFT;
    g->rules = xcalloc((size_t)gr->nmoves + 1, sizeof *g->rules);
    bool ok = true;
    for (int i = 0; i < gr->n && ok; i++)
        if (!gr->items[i].canon) ok = rule(p, &g->rules[g->nrules++], &gr->items[i], gid, g->nint);
    if (!ok) {
        iv_free_game(g);
        return NULL;
    }
    g->prefix = prefix_form(g);
    return g;
}
