/* label_jump.c: labelling a huge component's moves without enumerating them all. A rule with one
   binder over a range whose result is one call with its arguments linear in the binder or free
   of it (`take(k in 1..n) => Heap(n - k)`: f(k) = n - k; `FibNim(n - k, 2 * k)`) reaches a wanted
   value t of the first such argument at exactly one binder value, (t - c) / s: after two moves
   of the rule have shown f's slope s and offset c, the loop jumps from one such value to the
   next (VmIterHook) and skips the rest. Exact: every
   skipped binder value gives another argument, so no wanted position; the values jumped to are
   still checked by the rule's guards and compared with the wanted positions. */
#include "config.h"
#include "solve/label_jump.h"
#include "ast.h"
#include "key.h"
#include "canonform.h"
#include <stdlib.h>
#include <string.h>

typedef struct Jump {
    bool ok;                 /* the rule has the form (and every wanted position fits it) */
    int slot, arg, game;     /* the binder's slot, the linear argument, the called game */
    int nprobe;
    int64_t k[2], f[2];
    bool armed;              /* targets known: the loop jumps */
    int64_t *targets;        /* binder values reaching a wanted position, increasing */
    int64_t *want;           /* the wanted values of its argument (all arguments under a reordering canon) */
    size_t nwant;
    size_t ntargets;
    bool want_pc, have_pc;   /* the loop's instruction: the next one of the binder after a probe */
    size_t pc;
} Jump;

struct LabelJumps {
    int moves_fn;
    Jump *j;                 /* one per item of the game (rules and canon) */
    int n;
};

/* Whether e mentions the local slot. */
static bool mentions(const Node *e, int slot)
{
    if (!e) return false;
    if (e->kind == N_NAME && e->ref == REF_LOCAL && e->ref_id == slot) return true;
    if (mentions(e->a, slot) || mentions(e->b, slot) || mentions(e->c, slot)) return true;
    for (int i = 0; i < e->list.n; i++)
        if (mentions(e->list.v[i], slot)) return true;
    for (int i = 0; i < e->list2.n; i++)
        if (mentions(e->list2.v[i], slot)) return true;
    return false;
}

/* Whether e is s * k + c with s, c free of the binder k (sums, differences, negation, products
   by binder-free factors). */
static bool linear(const Node *e, int slot)
{
    if (!mentions(e, slot)) return true;
    if (e->kind == N_NAME) return true;
    if (e->kind == N_UNARY && e->op == OP_NEG) return linear(e->a, slot);
    if (e->kind != N_BINARY) return false;
    if (e->op == OP_ADD || e->op == OP_SUB) return linear(e->a, slot) && linear(e->b, slot);
    if (e->op == OP_MUL) return (!mentions(e->a, slot) && linear(e->b, slot)) || (!mentions(e->b, slot) && linear(e->a, slot));
    return false;
}

static bool int_arg(const Program *p, const int64_t *key, int arg, int64_t *out)
{
    Value a[POS_MAX_ARGS];
    int n = key_decode(p, key, a);
    if (arg >= n || a[arg].t != VT_INT) return false;
    *out = a[arg].u.i;
    return true;
}

LabelJumps *ljump_new(Program *p, const int64_t *key, const int64_t *const *want, size_t nwant)
{
    const Game *g = &p->games[KEY_GAME(key)];
    if (!g->ast || !nwant) return NULL;
    LabelJumps *lj = xcalloc(1, sizeof *lj);
    lj->moves_fn = g->moves_fn;
    lj->n = g->ast->list.n;
    lj->j = xcalloc((size_t)lj->n + 1, sizeof *lj->j);
    bool any = false;
    for (int r = 0; r < lj->n; r++) {
        const Node *m = g->ast->list.v[r];
        Jump *j = &lj->j[r];
        if (m->kind != N_MOVE || m->list.n != 1 || m->list.v[0]->kind != N_BINDER) continue;
        int slot = m->list.v[0]->ref_id;
        bool lets = false;
        for (int c = 0; c < m->list2.n; c++) lets |= m->list2.v[c]->kind == N_LET;
        const Node *call = m->a;
        if (lets || call->kind != N_CALL || call->ref != REF_GAME) continue;
        const Game *cg = &p->games[call->ref_id];
        /* a canon that only reorders integer arguments: the wanted values are all of a wanted
           position's arguments (the result's argument is one of them, in some place) */
        bool perm = cg->canon_fn >= 0;
        if (perm && !canonform_permutes(cg->ast, cg->nparams, cg->variadic)) continue;
        /* every argument that mentions the binder linear in it; the jump follows the first (the
           others are checked with the whole position at each value jumped to) */
        int arg = -1;
        bool all_linear = true;
        for (int i = 0; i < call->list.n && all_linear; i++) {
            const Node *x = call->list.v[i];
            if (x->kind == N_SPLAT) all_linear = false;
            else if (mentions(x, slot) && !linear(x, slot)) all_linear = false;
            else if (mentions(x, slot) && arg < 0) arg = i;
        }
        if (!all_linear || arg < 0) continue;
        /* every wanted position must be one component of the called game */
        bool fits = true;
        size_t nv = 0;
        int64_t *wv = xmalloc(nwant * (size_t)(perm ? cg->nparams : 1) * sizeof *wv);
        for (size_t w = 0; w < nwant && fits; w++) {
            fits = want[w] && (int)KEY_GAME(want[w]) == call->ref_id;
            for (int a = perm ? 0 : arg; fits && a <= (perm ? cg->nparams - 1 : arg); a++)
                fits = int_arg(p, want[w], a, &wv[nv++]);
        }
        if (!fits) {
            free(wv);
            continue;
        }
        *j = (Jump){ .ok = true, .slot = slot, .arg = arg, .game = call->ref_id, .want = wv, .nwant = nv };
        any = true;
    }
    if (!any) {
        ljump_free(lj);
        return NULL;
    }
    return lj;
}

void ljump_free(LabelJumps *lj)
{
    if (!lj) return;
    for (int r = 0; r < lj->n; r++) {
        free(lj->j[r].targets);
        free(lj->j[r].want);
    }
    free(lj->j);
    free(lj);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

void ljump_yield(Program *p, LabelJumps *lj, int tag, const Value *v, const Value *frame)
{
    if (!lj || tag < 0 || tag >= lj->n) return;
    Jump *j = &lj->j[tag];
    if (!j->ok || j->armed || !frame) return;
    const Value *k = &frame[j->slot];
    int64_t f;
    if (k->t != VT_INT || v->t != VT_POS || v->n != 1 || (int)KEY_GAME(v->u.pos.keys[0]) != j->game ||
        !int_arg(p, v->u.pos.keys[0], j->arg, &f)) {
        j->ok = false;
        return;
    }
    j->k[j->nprobe] = k->u.i;
    j->f[j->nprobe++] = f;
    if (j->nprobe < 2) return;
    __int128 dk = (__int128)j->k[1] - j->k[0], df = (__int128)j->f[1] - j->f[0];
    if (dk <= 0 || df % dk) {
        j->ok = false;
        return;
    }
    __int128 s = df / dk, c = (__int128)j->f[0] - s * j->k[0];
    if (s == 0) {   /* not injective: every binder value may reach the same position */
        j->ok = false;
        return;
    }
    j->targets = xmalloc((j->nwant + 1) * sizeof *j->targets);
    for (size_t w = 0; w < j->nwant; w++) {
        __int128 d = (__int128)j->want[w] - c;
        if (d % s) continue;
        __int128 kk = d / s;
        if (kk > j->k[1] && kk <= INT64_MAX) j->targets[j->ntargets++] = (int64_t)kk;
    }
    qsort(j->targets, j->ntargets, sizeof *j->targets, cmp_i64);
    j->armed = true;
    j->want_pc = true;
}

static void hook(void *ctx, int fn, size_t pc, size_t slot, int64_t lo, int64_t hi, uint64_t *i)
{
    LabelJumps *lj = ctx;
    if (fn != lj->moves_fn) return;
    for (int r = 0; r < lj->n; r++) {
        Jump *j = &lj->j[r];
        if (!j->armed) continue;
        if (j->want_pc && slot == (size_t)j->slot) {   /* the first loop instruction after its probe */
            j->want_pc = false;
            j->have_pc = true;
            j->pc = pc;
        }
        if (!j->have_pc || pc != j->pc) continue;
        if ((uint64_t)hi - (uint64_t)lo == UINT64_MAX) return;   /* the whole integer range: no end index */
        int64_t at = (int64_t)((uint64_t)lo + *i);
        size_t a = 0, b = j->ntargets;   /* the first target >= at */
        while (a < b) {
            size_t m = (a + b) / 2;
            if (j->targets[m] < at) a = m + 1;
            else b = m;
        }
        if (a == j->ntargets || j->targets[a] > hi) *i = (uint64_t)hi - (uint64_t)lo + 1;
        else *i = (uint64_t)j->targets[a] - (uint64_t)lo;
        return;
    }
}

void ljump_install(LabelJumps *lj, Vm *vm)
{
    vm->iter_hook = lj ? hook : NULL;
    vm->iter_ctx = lj;
}
