/* label_jump.c: labelling a huge component's moves without enumerating them all. A rule with one
   binder over a range whose result is one call with its arguments linear in the binder or free
   of it (`take(k in 1..n) => Heap(n - k)`: f(k) = n - k; `FibNim(n - k, 2 * k)`) reaches a wanted
   value t of the first such argument at exactly one binder value, (t - c) / s: after two moves
   of the rule have shown f's slope s and offset c, the loop jumps from one such value to the
   next (VmIterHook) and skips the rest. Exact: every
   skipped binder value gives another argument, so no wanted position; the values jumped to are
   still checked by the rule's guards and compared with the wanted positions.
   A rule whose result is a sum of calls of games, each with an argument linear in the innermost
   binder s, its other binders around it (`knock(k in 1..2, a in 0..(n - k) / 2) => Kayles(a) +
   Kayles(n - k - a)`), jumps within each run of its innermost loop (found in the compiled code:
   the last loop over the binder's slot before the rule's yield): as a run starts, the calls'
   arguments are read as affine forms in s (rules_affine: slope and offset, the outer binders
   fixed), and the loop jumps to the values of s at which some call's argument equals an argument of some part of
   a wanted position. Exact when no wanted position is empty: a result equal to one has a
   component that is not terminal, so one of its calls is a part of it, at such a value of s. */
#include "config.h"
#include "solve/core/label_jump.h"
#include "rules.h"
#include "key.h"
#include "ir.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A call of a sum (multi mode): its game, the first argument that mentions the binder (index and
   expression), the wanted values (of that argument, or of every argument when the game's canon
   reorders them, of the wanted parts of the game), ascending */
typedef struct Call { int game, arg; const Node *x; int64_t *want; size_t nwant; } Call;

typedef struct Jump {
    bool ok;                 /* the rule has the form (and every wanted position fits it) */
    bool multi;              /* a sum of calls, the innermost of its binders (see above) */
    Call *calls;
    int ncalls;
    size_t loop_pc;          /* multi: the innermost loop's instruction */
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
    const Program *p;
    int moves_fn;
    Jump *j;                 /* one per item of the game (rules and canon) */
    int n;
};

/* The slope and offset of e, linear in the binder slot, with the other locals from frame and
   the constants folded (integers within 64 bits; false otherwise). */
static bool slope_offset(const Program *p, const Node *e, const Value *frame, int slot, int64_t *sl, int64_t *off)
{
    RFold f = { .consts = p->code.consts, .locals = frame, .nlocals = INT_MAX, .track = { slot, -1, -1 } };
    RAffine x = rules_affine(&f, e);
    if (!x.ok) return false;
    *sl = x.k[0];
    *off = x.c;
    return true;
}

#define MAX_CALLS 8

/* Whether game g's canon only reorders integer arguments (rules.h). */
static bool permutes(const Game *g) { return g->rules && g->rules->canon_permutes; }

static bool int_arg(const Program *p, const int64_t *key, int arg, int64_t *out)
{
    Value a[POS_MAX_ARGS];
    int n = key_decode(p, key, a);
    if (arg >= n || a[arg].t != VT_INT) return false;
    *out = a[arg].u.i;
    return true;
}

/* The instruction of the last loop over slot before the yield of move tag in moves function f
   (SIZE_MAX: none). */
static size_t loop_of(const Func *f, int slot, int tag)
{
    size_t last = SIZE_MAX;
    for (size_t pc = 0; pc < f->ncode; pc += 1 + (size_t)ir_op_nargs((int)f->code[pc])) {
        int op = (int)f->code[pc];
        if (ir_op_plain(op) == IR_NEXT && pc + 1 < f->ncode && f->code[pc + 1] == slot) last = pc;
        if (op == IR_YIELD && pc + 1 < f->ncode && f->code[pc + 1] == tag) return last;
    }
    return SIZE_MAX;
}

/* The multi mode for move m (tag: its index in the game) when its result is a sum of calls each
   linear in its innermost binder (the last): true with j set up. */
static bool multi_rule(Program *p, const RRule *m, int tag, const Func *f, const int64_t *const *all, size_t nall,
                       Jump *j)
{
    if (!all || m->nb < 1 || m->lets) return false;
    int slot = m->b[m->nb - 1].slot;
    size_t loop_pc = loop_of(f, slot, tag);
    if (loop_pc == SIZE_MAX) return false;
    int n = m->ncalls;
    if (!m->sum || m->nzeros || n < 1 || n > MAX_CALLS) return false;
    Call *cs = xcalloc((size_t)n, sizeof *cs);
    bool ok = true;
    for (int c = 0; c < n && ok; c++) {
        const RCall *call = &m->calls[c];
        const Game *cg = &p->code.games[call->game];
        bool perm = cg->canon_fn >= 0;
        if (cg->variadic || call->splat || (perm && !permutes(cg))) ok = false;
        int arg = -1;
        for (int i = 0; i < call->nargs && ok; i++) {
            const Node *x = call->args[i];
            if (rules_mentions(x, slot) && !rules_linear(x, slot)) ok = false;
            else if (rules_mentions(x, slot) && arg < 0) arg = i;
        }
        if (!ok || arg < 0) {   /* every call must move with the binder */
            ok = false;
            break;
        }
        cs[c] = (Call){ .game = call->game, .arg = arg, .x = call->args[arg] };
        cs[c].want = xmalloc((nall * (size_t)(perm ? cg->nparams : 1) + 1) * sizeof *cs[c].want);
        for (size_t w = 0; w < nall; w++) {
            if ((int)KEY_GAME(all[w]) != call->game) continue;
            for (int a = perm ? 0 : arg; a <= (perm ? cg->nparams - 1 : arg); a++) {
                int64_t v;
                if (int_arg(p, all[w], a, &v)) cs[c].want[cs[c].nwant++] = v;
            }
        }
        util_sort_i64(cs[c].want, cs[c].nwant);
    }
    if (!ok) {
        for (int c = 0; c < n; c++) xfree(cs[c].want);
        xfree(cs);
        return false;
    }
    *j = (Jump){ .ok = true, .multi = true, .slot = slot, .calls = cs, .ncalls = n, .loop_pc = loop_pc };
    return true;
}

LabelJumps *ljump_new(Program *p, const int64_t *key, const int64_t *const *want, size_t nwant,
                      const int64_t *const *all, size_t nall)
{
    const Game *g = &p->code.games[KEY_GAME(key)];
    const GameRules *gr = g->rules;
    if (!gr || !nwant) return NULL;
    LabelJumps *lj = xcalloc(1, sizeof *lj);
    lj->moves_fn = g->moves_fn;
    lj->p = p;
    lj->n = gr->n;
    lj->j = xcalloc((size_t)lj->n + 1, sizeof *lj->j);
    bool any = false;
    for (int r = 0; r < lj->n; r++) {
        const RRule *m = &gr->items[r];
        Jump *j = &lj->j[r];
        if (m->canon) continue;
        bool single = m->nb == 1 && m->sum && m->ncalls == 1 && !m->nzeros;   /* the result is one call */
        if (!single) {   /* a sum of calls, or binders around the innermost */
            any |= multi_rule(p, m, r, &p->code.fns[g->moves_fn], all, nall, j);
            continue;
        }
        int slot = m->b[0].slot;
        const RCall *call = &m->calls[0];
        if (m->lets) continue;
        const Game *cg = &p->code.games[call->game];
        /* a canon that only reorders integer arguments: the wanted values are all of a wanted
           position's arguments (the result's argument is one of them, in some place) */
        bool perm = cg->canon_fn >= 0;
        if (perm && !permutes(cg)) continue;
        /* every argument that mentions the binder linear in it; the jump follows the first (the
           others are checked with the whole position at each value jumped to) */
        int arg = -1;
        bool all_linear = !call->splat;
        for (int i = 0; i < call->nargs && all_linear; i++) {
            const Node *x = call->args[i];
            if (rules_mentions(x, slot) && !rules_linear(x, slot)) all_linear = false;
            else if (rules_mentions(x, slot) && arg < 0) arg = i;
        }
        if (!all_linear || arg < 0) continue;
        /* every wanted position must be one component of the called game */
        bool fits = true;
        size_t nv = 0;
        int64_t *wv = xmalloc(nwant * (size_t)(perm ? cg->nparams : 1) * sizeof *wv);
        for (size_t w = 0; w < nwant && fits; w++) {
            fits = want[w] && (int)KEY_GAME(want[w]) == call->game;
            for (int a = perm ? 0 : arg; fits && a <= (perm ? cg->nparams - 1 : arg); a++)
                fits = int_arg(p, want[w], a, &wv[nv++]);
        }
        if (!fits) {
            xfree(wv);
            continue;
        }
        *j = (Jump){ .ok = true, .slot = slot, .arg = arg, .game = call->game, .want = wv, .nwant = nv };
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
        xfree(lj->j[r].targets);
        xfree(lj->j[r].want);
        for (int c = 0; c < lj->j[r].ncalls; c++) xfree(lj->j[r].calls[c].want);
        xfree(lj->j[r].calls);
    }
    xfree(lj->j);
    xfree(lj);
}

/* The targets of a run of a multi rule's loop over s0..hi (frame: the outer binders): the
   binder values from s0 on where a call's argument is a wanted value. False (no jump in this
   run) when an argument is not an integer within 64 bits or does not move with s, or when the
   run is short (enumerating it costs less than working out the targets: about a tenth of an
   enumerated value's cost each). */
static bool multi_targets(const Program *p, Jump *j, const Value *frame, int64_t s0, int64_t hi)
{
    j->ntargets = 0;
    if (s0 == INT64_MAX) return false;
    size_t total = 0;
    for (int c = 0; c < j->ncalls; c++) total += j->calls[c].nwant;
    if ((uint64_t)hi - (uint64_t)s0 < (uint64_t)total / 4 + 16) return false;
    xfree(j->targets);
    j->targets = xmalloc((total + 1) * sizeof *j->targets);
    for (int c = 0; c < j->ncalls; c++) {
        const Call *cl = &j->calls[c];
        int64_t sl, off;
        if (!slope_offset(p, cl->x, frame, j->slot, &sl, &off) || sl == 0) return false;
        for (size_t w = 0; w < cl->nwant; w++) {
            __int128 d = (__int128)cl->want[w] - off;
            if (d % sl) continue;
            __int128 t = d / sl;
            if (t >= s0 && t <= INT64_MAX) j->targets[j->ntargets++] = (int64_t)t;
        }
    }
    util_sort_i64(j->targets, j->ntargets);
    return true;
}

void ljump_yield(Program *p, LabelJumps *lj, int tag, const Value *v, const Value *frame)
{
    if (!lj || tag < 0 || tag >= lj->n) return;
    Jump *j = &lj->j[tag];
    if (!j->ok || j->multi || j->armed || !frame) return;
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
    util_sort_i64(j->targets, j->ntargets);
    j->armed = true;
    j->want_pc = true;
}

/* The loop over lo..hi at binder value at moves its index *i to j's first target from at on (past
   the end when none is left). */
static void jump_to(const Jump *j, int64_t at, int64_t lo, int64_t hi, uint64_t *i)
{
    size_t a = 0, b = j->ntargets;   /* the first target >= at */
    while (a < b) {
        size_t m = (a + b) / 2;
        if (j->targets[m] < at) a = m + 1;
        else b = m;
    }
    if (a == j->ntargets || j->targets[a] > hi) *i = (uint64_t)hi - (uint64_t)lo + 1;
    else *i = (uint64_t)j->targets[a] - (uint64_t)lo;
}

static void hook(void *ctx, int fn, size_t pc, size_t slot, int64_t lo, int64_t hi, uint64_t *i, const Value *frame)
{
    LabelJumps *lj = ctx;
    if (fn != lj->moves_fn) return;
    for (int r = 0; r < lj->n; r++) {
        Jump *j = &lj->j[r];
        if (j->multi) {
            if (pc != j->loop_pc) continue;
            int64_t at = (int64_t)((uint64_t)lo + *i);
            if (*i == 0) j->armed = multi_targets(lj->p, j, frame, lo, hi);   /* a run starts */
            if (!j->armed || (uint64_t)hi - (uint64_t)lo == UINT64_MAX) return;
            jump_to(j, at, lo, hi, i);
            return;
        }
        if (!j->armed) continue;
        if (j->want_pc && slot == (size_t)j->slot) {   /* the first loop instruction after its probe */
            j->want_pc = false;
            j->have_pc = true;
            j->pc = pc;
        }
        if (!j->have_pc || pc != j->pc) continue;
        if ((uint64_t)hi - (uint64_t)lo == UINT64_MAX) return;   /* the whole integer range: no end index */
        int64_t at = (int64_t)((uint64_t)lo + *i);
        jump_to(j, at, lo, hi, i);
        return;
    }
}

void ljump_install(LabelJumps *lj, Vm *vm)
{
    vm->iter_hook = lj ? hook : NULL;
    vm->iter_ctx = lj;
}
