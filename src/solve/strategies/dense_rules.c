/* dense_rules.c: the table strategy's recognition (dense.h): a ruleset, as rules.h reads it,
   taken as integer arithmetic over its 1-6 integer parameters (rules, binders, guards, lets,
   components, the canon) or over a board of text (DBoard), its expressions compiled
   (dense_code.c) into a DenseGame, or declined. */
#include "config.h"
#include "solve/strategies/dense.h"
#include "rules.h"
#include "builtins.h"
#include "arith.h"
#include <stdlib.h>
#include <string.h>

/* The result's components: calls of the game itself with every argument compiled (literal
   zeros add nothing); a board's call has its rows as the one argument (spread when the parameter
   is variadic). */
static bool comps(Program *p, DRule *r, const RRule *m, int gid, int np, const DBoard *bd)
{
    if (!m->sum || m->ncalls > MAX_COMPS) return false;
    for (int c = 0; c < m->ncalls; c++) {
        const RCall *call = &m->calls[c];
        if (bd) {
            const Node *x = call->nargs == 1 ? call->args[0] : NULL;
            bool spread = x && x->kind == N_SPLAT;
            if (call->game != gid || !x || spread != p->code.games[gid].variadic) return false;
            if (!dense_cboard_args(p, r->arg[r->ncomp], spread ? x->a : x, bd)) return false;
            r->ncomp++;
            continue;
        }
        if (call->game != gid || call->nargs != np || call->splat) return false;
        for (int i = 0; i < np; i++)
            if (!dense_cexpr_top(p, &r->arg[r->ncomp][i], call->args[i], NULL)) return false;
        r->ncomp++;
    }
    return true;
}

/* The values of a binder over a literal set or list of integers, or over a constant of the
   program that is a list or set of 64-bit integers (`const S = {1, 3, 4}; ... k in S`), each
   once, ascending (the order does not matter to a value; a bound on the binder cuts the loop
   short): false for anything else. */
static bool binder_set(const Program *p, const RBinder *b, int64_t **out, int *n)
{
    if (b->kind == RD_INTS) {
        int64_t *v = xmalloc(((size_t)b->nsorted + 1) * sizeof *v);
        if (b->nsorted) memcpy(v, b->sorted, (size_t)b->nsorted * sizeof *v);
        *out = v;
        *n = b->nsorted;
        return true;
    }
    if (b->kind != RD_NAME || b->ref != REF_CONST) return false;
    RFold f = { .consts = p->code.consts, .ready = p->code.const_ready, .track = { -1, -1, -1 } };
    const int64_t *vals;
    size_t nv;
    if (!rules_int_values(&f, b, -1, &vals, &nv) || nv > ((size_t)1 << 24)) return false;
    int64_t *v = xmalloc((nv + 1) * sizeof *v);
    if (nv) memcpy(v, vals, nv * sizeof *v);
    *out = v;
    *n = (int)util_sort_unique_i64(v, nv);
    return true;
}

/* Whether clause cl is a guard that bounds the binder in slot: d <= 0, affine, with the binder's
   coefficient +1 or -1. */
static bool hoistable(const DClause *cl, int slot)
{
    if (cl->let || !cl->e.affine || cl->e.cmp != MO_LE) return false;
    for (int j = 0; j < cl->e.nterms; j++)
        if (cl->e.slot[j] == slot) return cl->e.k[j] == 1 || cl->e.k[j] == -1;
    return false;
}


/* The bit kind of guard cl on the binder in slot (see DClause). */
static void bit_kind(Program *p, DClause *cl, int slot)
{
    const Ops *o = &cl->e;
    cl->bk = BK_NONE;
    if (cl->let) return;
    if (o->shape == SH_CELL && o->cc == slot && o->cr != slot) {
        cl->bk = BK_CELL;
        return;
    }
    if ((o->shape == SH_SHR_AND || (o->shape == SH_SHL_OP && o->sop == MO_BAND)) && o->sy == slot && o->sx != slot &&
        o->sc == 0 && o->scmp) {
        cl->bk = o->scmp == MO_EQ ? BK_ZERO : BK_NONZERO;
        return;
    }
    /* i alone, in a form that evaluates without a failure: its values for i = 0..63 */
    bool alone = false;
    if (o->affine) {
        alone = true;
        for (int j = 0; j < o->nterms; j++) alone &= o->slot[j] == slot;
    } else if (o->shape == SH_OP_K) {
        alone = o->sx == slot;
    }
    if (!alone) return;
    int64_t *vars = xcalloc((size_t)slot + 1, sizeof *vars);
    EvalCtx ev = { p, NULL, NULL, NULL, NULL };
    cl->bmask = 0;
    for (int i = 0; i < 64; i++) {
        vars[slot] = i;
        if (eval(&ev, o, vars)) cl->bmask |= (uint64_t)1 << i;
    }
    xfree(vars);
    cl->bk = BK_BINDER;
}


/* bd: a board's rules (its locals BD_SHIFT slots up), or NULL. */
static bool rule(Program *p, DRule *r, const RRule *m, int gid, int np, const DBoard *bd)
{
    if (m->nb > MAX_BINDERS || m->ncl > MAX_CLAUSES) return false;
    int shift = bd ? BD_SHIFT : 0;
    r->nb = m->nb;
    for (int i = 0; i < m->nb; i++) {
        const RBinder *b = &m->b[i];
        r->slot[i] = b->slot + shift;
        if (binder_set(p, b, &r->set[i], &r->nset[i])) continue;
        if (b->kind != RD_RANGE) return false;
        if (!dense_cexpr_top(p, &r->lo[i], b->lo, bd) || !dense_cexpr_top(p, &r->hi[i], b->hi, bd)) return false;
    }
    r->ncl = 0;
    for (int i = 0; i < m->ncl; i++) {   /* a guard's `and`s are clauses of their own (each may then be affine) */
        const RClause *c = &m->cl[i];
        r->cl[r->ncl].let = c->let;
        r->cl[r->ncl].slot = c->let ? c->slot + shift : 0;
        if (!dense_cexpr_top(p, &r->cl[r->ncl++].e, c->e, bd)) return false;
    }
    if (!comps(p, r, m, gid, np, bd)) return false;
    r->nhoist = 0;
    while (r->nb > 0 && r->nhoist < r->ncl && hoistable(&r->cl[r->nhoist], r->slot[r->nb - 1])) r->nhoist++;
    for (int i = 0; r->nb > 0 && !r->set[r->nb - 1] && i < r->ncl; i++) bit_kind(p, &r->cl[i], r->slot[r->nb - 1]);
    for (int i = 0; r->nb > 0 && i < r->ncl; i++) r->cl[i].inv = !dense_reads_slot(&r->cl[i].e, r->slot[r->nb - 1]);
    bool args = true;
    for (int i = 0; i < r->ncomp; i++)
        for (int k = 0; k < np; k++)
            if (!r->arg[i][k].affine || r->arg[i][k].cmp) args = false;
    r->fast = args && r->nb > 0 && r->ncl == 0 && !r->set[r->nb - 1];
    r->args_affine = args;
    int ns = r->nb == 1 && r->set[0] ? r->nset[0] : 0;
    r->sten = np == 2 && args && ns > 0 && r->nhoist == r->ncl && r->ncomp == 1 && r->set[0][0] >= -AFF_VAR_MAX &&
              r->set[0][ns - 1] <= AFF_VAR_MAX;
    for (int i = 0; r->sten && i < r->nhoist; i++) {   /* each bound over the binder and the coordinates only */
        const Ops *o = &r->cl[i].e;
        int seen = 0;
        for (int j = 0; j < o->nterms; j++) seen += o->slot[j] == r->slot[0] || o->slot[j] == 0 || o->slot[j] == 1;
        r->sten = seen == o->nterms;
        r->hk[i] = dense_coef(o, r->slot[0]);
        r->hc[i] = o->c;
        r->ha[i] = dense_coef(o, 0);
        r->hb[i] = dense_coef(o, 1);
        r->hv[i] = o->vmax;
    }
    if (r->sten) {
        r->sda = dense_coef(&r->arg[0][0], r->slot[0]);
        r->sdb = dense_coef(&r->arg[0][1], r->slot[0]);
    }
    return true;
}

/* The cells of g's dense table (0: none yet). */
size_t dense_table_cells(const DenseGame *g)
{
    size_t n = 1;
    for (int i = 0; i < ndims(g); i++) n *= g->dim[i];
    return n;
}

/* The dense table (a mapping of its own: util_map_zero) freed; no table. */
void dense_drop_table(DenseGame *g)
{
    if (g->val) util_unmap(g->val, dense_table_cells(g) * sizeof *g->val);
    g->val = NULL;
    memset(g->dim, 0, sizeof g->dim);
}

void dense_free_game(DenseGame *g)
{
    for (int i = 0; i < g->nrules; i++) {
        DRule *r = &g->rules[i];
        for (int j = 0; j < MAX_BINDERS; j++) { dense_clear_ops(&r->lo[j]); dense_clear_ops(&r->hi[j]); xfree(r->set[j]); }
        for (int j = 0; j < MAX_CLAUSES; j++) dense_clear_ops(&r->cl[j].e);
        for (int j = 0; j < MAX_COMPS; j++)
            for (int k = 0; k < DNP; k++) dense_clear_ops(&r->arg[j][k]);
    }
    xfree(g->rules);
    xfree((void *)g->board);
    for (int k = 0; k < DNP; k++) dense_clear_ops(&g->canon_arg[k]);
    dense_drop_table(g);
    xfree(g->rv);
    cm_free(&g->map);
    xfree(g->vars);
    xfree(g->ds.v);
    xfree(g);
}

/* Whether o is affine in the coordinate (slot 0) alone; *lim: the least magnitude it allows. */
static bool flat_form(const Ops *o, int64_t *lim)
{
    if (!o->affine) return false;
    for (int j = 0; j < o->nterms; j++)
        if (o->slot[j] != 0) return false;
    if (o->vmax < *lim) *lim = o->vmax;
    return true;
}

/* The largest coordinate up to which fill_flat may read the rules directly (0: not at all). */
static int64_t flat_limit(const DenseGame *g)
{
    if (g->np != 1 || g->canon) return 0;
    int64_t lim = INT64_MAX;
    for (int i = 0; i < g->nrules; i++) {
        const DRule *r = &g->rules[i];
        if (r->nb || r->ncomp < 1) return 0;
        for (int j = 0; j < r->ncl; j++)
            if (r->cl[j].let || !flat_form(&r->cl[j].e, &lim)) return 0;
        for (int j = 0; j < r->ncomp; j++)
            if (!flat_form(&r->arg[j][0], &lim)) return 0;
    }
    return lim;
}

/* Whether the flat game g is a subtraction game as sub_from/sub describe (see DenseGame). */
static void sub_shape(DenseGame *g)
{
    g->nsub = 0;
    if (g->flat_max <= 0 || g->nrules < 1) return;
    int64_t from = 0;
    for (int i = 0; i < g->nrules; i++) {
        const DRule *r = &g->rules[i];
        const Ops *a = &r->arg[0][0];
        if (r->ncomp != 1 || a->cmp || a->nterms != 1 || a->k[0] != 1 || a->c >= 0 || a->c == INT64_MIN) return;
        for (int j = 0; j < r->ncl; j++) {   /* -n + c <= 0: n >= c */
            const Ops *c = &r->cl[j].e;
            if (c->cmp != MO_LE || c->nterms != 1 || c->k[0] != -1) return;
            if (c->c > from) from = c->c;
        }
        if (-a->c > from) from = -a->c;
        g->sub[i] = -a->c;
    }
    g->nsub = g->nrules;
    g->sub_from = from;
}

/* bd: read the game as a board of text (a copy is kept), or NULL. */
static DenseGame *analyse_as(Program *p, int gid, const DBoard *bd)
{
    Game *G = &p->code.games[gid];
    const GameRules *gr = G->rules;
    DenseGame *g = xcalloc(1, sizeof *g);
    g->gid = gid;
    g->np = bd ? BD_NP : G->nparams;
    g->nlocals = G->nlocals + (bd ? BD_SHIFT : 0);
    if (bd) {
        DBoard *copy = xmalloc(sizeof *copy);
        *copy = *bd;
        g->board = copy;
    }
    g->vars = xcalloc((size_t)g->nlocals + 3, sizeof *g->vars);
    g->rules = xcalloc(gr->nmoves < MAX_RULES ? (size_t)gr->nmoves + 1 : MAX_RULES, sizeof *g->rules);
    bool ok = true;
    for (int i = 0; i < gr->n && ok; i++) {
        const RRule *m = &gr->items[i];
        if (m->canon) {
            g->canon = true;
            if (bd && bd->sort) continue;   /* a list sorted: the table sorts the elements */
            CanonForm cf = gr->canon_form;
            if (cf == CF_SORT_UP || cf == CF_SORT_DOWN) {   /* coordinates sorted natively */
                g->sort = cf == CF_SORT_UP ? 1 : -1;
                continue;
            }
            if (bd && bd->ints) {   /* a list made anew: `([x for x in a when x > 0]...)` */
                const Node *x = m->ncanon_args == 1 ? m->canon_args[0] : NULL;
                bool spread = x && x->kind == N_SPLAT;
                ok = x && spread == G->variadic && dense_cboard_args(p, g->canon_arg, spread ? x->a : x, bd);
                continue;
            }
            if (m->ncanon_args != g->np) ok = false;
            for (int k = 0; k < m->ncanon_args && ok; k++)
                ok = !bd && m->canon_args[k]->kind != N_SPLAT && dense_cexpr_top(p, &g->canon_arg[k], m->canon_args[k], NULL);
            continue;
        }
        if (g->nrules == MAX_RULES) { ok = false; break; }
        ok = rule(p, &g->rules[g->nrules++], m, gid, g->np, bd);
    }
    if (!ok) {
        dense_free_game(g);
        return NULL;
    }
    for (int i = 0; i < g->nrules; i++) g->record |= !g->rules[i].fast;   /* fast rules walk again cheaply */
    for (int i = 0; i < g->nrules; i++) g->rules[i].sten &= !g->canon;
    g->flat_max = flat_limit(g);
    sub_shape(g);
    return g;
}

/* A game of 1-6 integer parameters, or else a board of text (dense_board_read): its rows, or
   one string; or else one list of integers (dense_list_read). */
static DenseGame *analyse(Program *p, int gid)
{
    const Game *G = &p->code.games[gid];
    if (!G->rules || G->nparams < 1 || G->nparams > DNP) return NULL;
    DenseGame *g = G->variadic ? NULL : analyse_as(p, gid, NULL);
    DBoard bd;
    if (!g && dense_board_read(G->rules, &bd)) {
        g = analyse_as(p, gid, &bd);   /* rows of text */
        bd.line = true;                /* or one string */
        if (!g && !G->variadic) g = analyse_as(p, gid, &bd);
    }
    if (!g && dense_list_read(G->rules, &bd)) g = analyse_as(p, gid, &bd);   /* or a list of integers */
    return g;
}

DenseGame *dense_game_of(Dense *d, Program *p, int gid)
{
    if ((size_t)gid >= d->n) {
        size_t n = p->code.ngames;
        d->games = xrealloc(d->games, n * sizeof *d->games);
        d->tried = xrealloc(d->tried, n * sizeof *d->tried);
        memset(d->games + d->n, 0, (n - d->n) * sizeof *d->games);
        memset(d->tried + d->n, 0, (n - d->n) * sizeof *d->tried);
        d->n = n;
    }
    if (!d->tried[gid]) {
        d->tried[gid] = true;
        d->games[gid] = analyse(p, gid);
    }
    return d->games[gid];
}
