/* canonform.c: recognising the sorting canons (see canonform.h). */
#include "config.h"
#include "canonform.h"
#include "builtins.h"

static bool param_ref(const Node *x, int i)
{
    return x->kind == N_NAME && x->ref == REF_LOCAL && x->ref_id == i;
}

static bool builtin_call(const Node *x, int id, int nargs)
{
    return x->kind == N_CALL && x->ref == REF_BUILTIN && x->ref_id == id && x->list.n == nargs;
}

/* `sort(...)...` */
static bool sort_splat(const Node *x)
{
    return x->kind == N_SPLAT && builtin_call(x->a, BI_SORT, 1);
}

/* (min(a, b), max(a, b)) in either argument order: 1; (max, min): -1; else 0. */
static int minmax(const Node *cn)
{
    if (cn->list.n != 2) return 0;
    int kind[2];
    for (int k = 0; k < 2; k++) {
        const Node *c = cn->list.v[k];
        if (!builtin_call(c, BI_MIN, 2) && !builtin_call(c, BI_MAX, 2)) return 0;
        const Node *x = c->list.v[0], *y = c->list.v[1];
        if (!((param_ref(x, 0) && param_ref(y, 1)) || (param_ref(x, 1) && param_ref(y, 0)))) return 0;
        kind[k] = c->ref_id;
    }
    return kind[0] == BI_MIN && kind[1] == BI_MAX ? 1 : kind[0] == BI_MAX && kind[1] == BI_MIN ? -1 : 0;
}

CanonForm canonform_of(const Node *game, int np, bool variadic)
{
    const Node *cn = NULL;
    for (int i = 0; game && i < game->list.n; i++)
        if (game->list.v[i]->kind == N_CANON) cn = game->list.v[i];
    if (!cn) return CF_NONE;
    if (!variadic && np == 2 && minmax(cn)) return minmax(cn) > 0 ? CF_SORT_UP : CF_SORT_DOWN;
    if (!variadic && np >= 2 && np <= 64 && cn->list.n == 1 && sort_splat(cn->list.v[0])) {
        const Node *l = cn->list.v[0]->a->list.v[0];
        if (l->kind != N_LIST || l->list.n != np) return CF_NONE;
        uint64_t seen = 0;
        for (int i = 0; i < np; i++) {
            const Node *x = l->list.v[i];
            if (x->kind != N_NAME || x->ref != REF_LOCAL || x->ref_id < 0 || x->ref_id >= np || (seen >> x->ref_id & 1))
                return CF_NONE;
            seen |= (uint64_t)1 << x->ref_id;
        }
        return CF_SORT_UP;
    }
    if (variadic && np <= 32 && cn->list.n == np) {
        for (int i = 0; i < np - 1; i++)
            if (!param_ref(cn->list.v[i], i)) return CF_NONE;
        const Node *last = cn->list.v[np - 1];
        if (sort_splat(last) && param_ref(last->a->list.v[0], np - 1)) return CF_SORT_TAIL;
    }
    return CF_NONE;
}

/* x is parameter i, or int() of it (the identity on integers). */
static bool param_or_int(const Node *x, int i)
{
    return param_ref(x, i) || (builtin_call(x, BI_INT, 1) && param_ref(x->list.v[0], i));
}

bool canonform_permutes(const Node *game, int np, bool variadic)
{
    CanonForm f = canonform_of(game, np, variadic);
    if (f == CF_SORT_UP || f == CF_SORT_DOWN) return true;
    if (variadic || np != 2 || f != CF_NONE) return false;
    const Node *cn = NULL;
    for (int i = 0; game && i < game->list.n; i++)
        if (game->list.v[i]->kind == N_CANON) cn = game->list.v[i];
    if (!cn || cn->list.n != 2) return false;
    int kind[2];
    for (int k = 0; k < 2; k++) {   /* (min(a, b), max(a, b)) or the reverse, a and b maybe under int() */
        const Node *c = cn->list.v[k];
        if (!builtin_call(c, BI_MIN, 2) && !builtin_call(c, BI_MAX, 2)) return false;
        const Node *x = c->list.v[0], *y = c->list.v[1];
        if (!((param_or_int(x, 0) && param_or_int(y, 1)) || (param_or_int(x, 1) && param_or_int(y, 0)))) return false;
        kind[k] = c->ref_id;
    }
    return kind[0] != kind[1];
}
