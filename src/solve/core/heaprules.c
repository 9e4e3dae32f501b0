/* heaprules.c: recognising take-and-break heap games on the checked syntax tree. A ruleset
   qualifies when each move is
       move (k in D) [when guards] => G(n - k)                      (take k)
       move (k in D, a in lo..hi) [when guards] => G(a) + G(n - k - a)   (take k and split)
   with the removal a constant instead of k allowed too, every other argument of G passed
   unchanged, D a range (bounds constant or min(c, n)), a set or a list, guards comparisons that
   filter k or bound the remainder r = n - k from below, and a's range covering every split
   (lo 0 or 1; hi r / 2, (r + 1) / 2, r - 1 or r; (r - 1) / 2 for unequal splits). Anything else
   is left to the other strategies: recognition never guesses. */
#include "config.h"
#include "key.h"
#include "solve/core/heaprules.h"
#include "ast.h"
#include "builtins.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

typedef struct RAff { bool ok; int64_t c, n, k, a; } RAff;
typedef struct RCtx {
    Program *p;
    const Value *args;
    int np, coord, kslot, aslot;
} RCtx;

static RAff bad(void) { return (RAff){ .ok = false }; }

static bool add(int64_t x, int64_t y, int64_t *r) { return !__builtin_add_overflow(x, y, r); }
static bool mul(int64_t x, int64_t y, int64_t *r) { return !__builtin_mul_overflow(x, y, r); }

static RAff comb(RAff x, RAff y, int64_t sy)
{
    RAff r = { .ok = x.ok && y.ok };
    int64_t t;
    if (!r.ok) return r;
    r.ok = mul(y.c, sy, &t) && add(x.c, t, &r.c) && mul(y.n, sy, &t) && add(x.n, t, &r.n) &&
           mul(y.k, sy, &t) && add(x.k, t, &r.k) && mul(y.a, sy, &t) && add(x.a, t, &r.a);
    return r;
}

/* The affine form of an integer expression in n, k and a (parameters and constants folded). */
static RAff raff(const RCtx *c, const Node *e)
{
    switch (e->kind) {
    case N_INT: return (RAff){ .ok = true, .c = e->ival };
    case N_NAME:
        if (e->ref == REF_LOCAL) {
            if (e->ref_id == c->coord) return (RAff){ .ok = true, .n = 1 };
            if (e->ref_id == c->kslot) return (RAff){ .ok = true, .k = 1 };
            if (e->ref_id == c->aslot) return (RAff){ .ok = true, .a = 1 };
            if (e->ref_id < c->np && c->args[e->ref_id].t == VT_INT) return (RAff){ .ok = true, .c = c->args[e->ref_id].u.i };
            return bad();
        }
        if (e->ref == REF_CONST && c->p->code.const_ready[e->ref_id] && c->p->code.consts[e->ref_id].t == VT_INT)
            return (RAff){ .ok = true, .c = c->p->code.consts[e->ref_id].u.i };
        return bad();
    case N_UNARY:
        if (e->op != OP_NEG) return bad();
        return comb((RAff){ .ok = true }, raff(c, e->a), -1);
    case N_BINARY: {
        if (e->op == OP_ADD || e->op == OP_SUB) return comb(raff(c, e->a), raff(c, e->b), e->op == OP_ADD ? 1 : -1);
        if (e->op != OP_MUL) return bad();
        RAff x = raff(c, e->a), y = raff(c, e->b);
        if (!x.ok || !y.ok) return bad();
        if (x.n || x.k || x.a) { RAff t = x; x = y; y = t; }
        if (x.n || x.k || x.a) return bad();
        return comb((RAff){ .ok = true }, y, x.c);
    }
    default: return bad();
    }
}

static bool is_const(RAff x) { return x.ok && !x.n && !x.k && !x.a; }

/* The removal of a move: R(k) = rc + rk * k. */
typedef struct Removal { int64_t rc, rk; } Removal;

/* A lower bound on r from "cn * r + e OP 0" (cn != 0); false if it is not a lower bound. */
static bool lower_bound(int64_t cn, int64_t e, int op, int64_t *rmin)
{
    if (cn < 0) {   /* flip: -cn * r - e OP' 0 */
        if (cn == INT64_MIN || e == INT64_MIN) return false;
        cn = -cn;
        e = -e;
        op = op == OP_LE ? OP_GE : op == OP_LT ? OP_GT : op == OP_GE ? OP_LE : op == OP_GT ? OP_LT : op;
    }
    if (op == OP_GE) {   /* r >= ceil(-e / cn) */
        int64_t q = -e / cn;
        if (-e % cn > 0) q++;
        *rmin = q;
        return true;
    }
    if (op == OP_GT) {   /* r > -e / cn */
        int64_t q = -e / cn;
        if (-e % cn < 0) q--;
        *rmin = q + 1;
        return true;
    }
    return false;
}

/* Apply the guards to one k: false if a guard cannot be read; *keep false if k is filtered
   out; *rmin raised by bounds on the remainder. */
static bool guards(const RCtx *c, const Node *m, Removal R, int64_t k, bool *keep, int64_t *rmin)
{
    *keep = true;
    for (int i = 0; i < m->list2.n; i++) {
        const Node *g = m->list2.v[i];
        if (g->kind != N_WHEN) return false;
        const Node *stack[32];
        int sp = 0;
        stack[sp++] = g->a;
        while (sp) {
            const Node *e = stack[--sp];
            if (e->kind == N_AND) {
                if (sp + 2 > 32) return false;
                stack[sp++] = e->a;
                stack[sp++] = e->b;
                continue;
            }
            if (e->kind == N_BOOL) { if (!e->ival) *keep = false; continue; }
            if (e->kind != N_BINARY || e->op < OP_EQ || e->op > OP_GE) return false;
            RAff d = comb(raff(c, e->a), raff(c, e->b), -1);
            if (!d.ok || d.a) return false;
            /* n = r + R(k): d = d.n * r + (d.c + d.n * R(k) + d.k * k) */
            int64_t rk, t1, t2, ev;
            if (!mul(R.rk, k, &rk) || !add(R.rc, rk, &rk) || !mul(d.n, rk, &t1) || !mul(d.k, k, &t2) ||
                !add(d.c, t1, &ev) || !add(ev, t2, &ev))
                return false;
            if (d.n == 0) {
                bool v = e->op == OP_EQ ? ev == 0 : e->op == OP_NE ? ev != 0 : e->op == OP_LT ? ev < 0 :
                         e->op == OP_LE ? ev <= 0 : e->op == OP_GT ? ev > 0 : ev >= 0;
                if (!v) *keep = false;
                continue;
            }
            int64_t lb;
            if (!lower_bound(d.n, ev, e->op, &lb)) return false;
            if (lb > *rmin) *rmin = lb;
        }
    }
    return true;
}

/* a part G(..., X, ...): the coordinate expression X, with every other argument passed on. */
static const Node *part(const RCtx *c, const Node *e, int gid)
{
    if (e->kind != N_CALL || e->ref != REF_GAME || e->ref_id != gid || e->list.n != c->np) return NULL;
    for (int i = 0; i < c->np; i++) {
        const Node *x = e->list.v[i];
        if (i == c->coord) continue;
        if (x->kind != N_NAME || x->ref != REF_LOCAL || x->ref_id != i) return NULL;
    }
    return e->list.v[c->coord];
}

static bool put(HeapRules *hr, int64_t removal, uint8_t bits)
{
    if (removal < 0 || (uint64_t)removal >= HR_MAX_T) return false;
    if (removal == 0 && (bits & (HR_NONE | HR_ONE))) return false;   /* the same heap again: a cycle */
    size_t r = (size_t)removal;
    if (r > hr->t || !hr->digit) {
        size_t nt = r > hr->t ? r : hr->t;
        uint8_t *d = xcalloc(nt + 1, 1);
        if (hr->digit) memcpy(d, hr->digit, hr->t + 1);
        xfree(hr->digit);
        hr->digit = d;
        hr->t = nt;
    }
    uint8_t old = hr->digit[r];
    /* unequal splits are kept only while every split rule of this removal is unequal */
    uint8_t two = (bits & HR_TWO) ? (uint8_t)(bits & (HR_TWO | HR_UNEQUAL)) : 0;
    uint8_t merged = (uint8_t)((old | bits) & (HR_NONE | HR_ONE | HR_TWO));
    if (two) {
        if (!(old & HR_TWO)) merged |= two & HR_UNEQUAL;
        else if ((old & HR_UNEQUAL) && (two & HR_UNEQUAL)) merged |= HR_UNEQUAL;
    } else {
        merged |= old & HR_UNEQUAL;
    }
    hr->digit[r] = merged;
    return true;
}

/* The digit bits of a rule for removal R(k) given the remainder bound rmin, and the split kind. */
typedef enum SplitKind { SK_NONE, SK_HALF, SK_CEIL, SK_RM1, SK_R, SK_UNEQ } SplitKind;

static bool bits_for(int parts, int lo, SplitKind sk, int64_t rmin, uint8_t *bits)
{
    *bits = 0;
    if (rmin < 0) return false;   /* the rule could make a negative heap */
    if (parts == 1) {
        if (rmin >= 2) return false;
        *bits = (uint8_t)((rmin <= 0 ? HR_NONE : 0) | HR_ONE);
        return true;
    }
    bool one_heap = lo == 0 || sk == SK_R;   /* results (r) alone, for r >= 1 */
    bool at_zero = lo == 0 && sk != SK_RM1;   /* r = 0 gives the empty result */
    if (one_heap && rmin >= 2) return false;
    if (rmin > (sk == SK_UNEQ ? 3 : 2)) return false;   /* a bound beyond the splits' own minimum */
    if (at_zero && rmin <= 0) *bits |= HR_NONE;
    if (one_heap && rmin <= 1) *bits |= HR_ONE;
    *bits |= HR_TWO;
    if (sk == SK_UNEQ) *bits |= HR_UNEQUAL;
    return true;
}

/* The kind of a split binder's upper bound, in terms of r = n - R(k). */
static SplitKind split_kind(const RCtx *c, const Node *hi, Removal R, int lo)
{
    bool half = hi->kind == N_BINARY && hi->op == OP_DIV && hi->b->kind == N_INT && hi->b->ival == 2;
    RAff h = raff(c, half ? hi->a : hi);
    if (!h.ok || h.a) return SK_NONE;
    /* h = h.n * (r + rc + rk k) + h.k k + h.c: need h.n = 1 and no k left */
    if (h.n != 1 || h.k + R.rk != 0) return SK_NONE;
    int64_t delta;
    if (!add(h.c, R.rc, &delta)) return SK_NONE;
    if (half) {
        if (delta == 0) return SK_HALF;
        if (delta == 1 && lo == 0) return SK_CEIL;
        if (delta == -1 && lo == 1) return SK_UNEQ;
        return SK_NONE;
    }
    if (delta == 0) return SK_R;
    if (delta == -1) return SK_RM1;
    return SK_NONE;
}

/* The values of a set or list domain that does not depend on the position's heap. */
static bool set_values(const RCtx *c, const Node *d, const int64_t **v, size_t *n, int64_t *tmp, size_t cap)
{
    if (d->kind == N_NAME && d->ref == REF_LOCAL && d->ref_id < c->np && d->ref_id != c->coord &&
        (c->args[d->ref_id].t == VT_SET || c->args[d->ref_id].t == VT_LIST) && !c->args[d->ref_id].strs) {
        *v = c->args[d->ref_id].u.a;
        *n = c->args[d->ref_id].n;
        return true;
    }
    if (d->kind == N_NAME && d->ref == REF_CONST && c->p->code.const_ready[d->ref_id] &&
        (c->p->code.consts[d->ref_id].t == VT_SET || c->p->code.consts[d->ref_id].t == VT_LIST) && !c->p->code.consts[d->ref_id].strs) {
        *v = c->p->code.consts[d->ref_id].u.a;
        *n = c->p->code.consts[d->ref_id].n;
        return true;
    }
    if ((d->kind == N_SET || d->kind == N_LIST) && (size_t)d->list.n <= cap) {
        size_t m = 0;
        for (int i = 0; i < d->list.n; i++) {
            if (d->list.v[i]->kind != N_INT) return false;
            int64_t x = d->list.v[i]->ival;
            if (d->kind == N_SET) {   /* a set iterates in increasing order, each element once */
                size_t j = m;
                while (j > 0 && tmp[j - 1] > x) j--;
                if (j > 0 && tmp[j - 1] == x) continue;
                memmove(tmp + j + 1, tmp + j, (m - j) * sizeof *tmp);
                tmp[j] = x;
                m++;
            } else {
                tmp[m++] = x;
            }
        }
        *v = tmp;
        *n = m;
        return true;
    }
    return false;
}

static HrRule *new_rule(HeapRules *hr)
{
    hr->rules = xrealloc(hr->rules, (hr->nrules + 1) * sizeof *hr->rules);
    HrRule *r = &hr->rules[hr->nrules++];
    memset(r, 0, sizeof *r);
    return r;
}

static void rule_add(HrRule *r, size_t removal, uint8_t bits)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->rem = xrealloc(r->rem, r->cap * sizeof *r->rem);
        r->bits = xrealloc(r->bits, r->cap);
    }
    r->rem[r->n] = removal;
    r->bits[r->n++] = bits;
}

static bool rule(RCtx *c, HeapRules *hr, const Node *m, int gid)
{
    c->kslot = c->aslot = -1;
    if (m->list.n > 2) return false;
    /* the result: one or two parts */
    const Node *x = NULL, *y = NULL;
    if (m->a->kind == N_BINARY && m->a->op == OP_ADD) {
        x = part(c, m->a->a, gid);
        y = part(c, m->a->b, gid);
        if (!x || !y) return false;
    } else {
        x = part(c, m->a, gid);
        if (!x) return false;
    }
    int parts = y ? 2 : 1;
    HrRule *rec = new_rule(hr);
    const Node *kb = NULL, *ab = NULL;
    for (int i = 0; i < m->list.n; i++) {
        const Node *b = m->list.v[i];
        bool is_a = parts == 2 && ((x->kind == N_NAME && x->ref == REF_LOCAL && x->ref_id == b->ref_id) ||
                                   (y->kind == N_NAME && y->ref == REF_LOCAL && y->ref_id == b->ref_id));
        if (is_a) { if (ab) return false; ab = b; c->aslot = b->ref_id; }
        else { if (kb) return false; kb = b; c->kslot = b->ref_id; }
    }
    if (parts == 2 && !ab) return false;
    /* removal R = n - (x + y) = rc + rk k */
    RAff s = raff(c, x);
    if (parts == 2) s = comb(s, raff(c, y), 1);
    if (!s.ok || s.n != 1 || s.a != 0) return false;
    Removal R = { -s.c, -s.k };
    if (R.rc == INT64_MIN || R.rk == INT64_MIN || (R.rk != 0 && R.rk != 1) || (R.rk == 1) != (kb != NULL)) return false;
    if (kb && ab && kb->ref_id > ab->ref_id) return false;   /* a's range may depend on k: k comes first */
    /* the split binder */
    int lo = 0;
    SplitKind sk = SK_NONE;
    if (ab) {
        if (ab->a->kind != N_RANGE) return false;
        RAff l = raff(c, ab->a->a);
        if (!is_const(l) || (l.c != 0 && l.c != 1)) return false;
        lo = (int)l.c;
        sk = split_kind(c, ab->a->b, R, lo);
        if (sk == SK_NONE || (lo == 1 && sk == SK_CEIL)) return false;
        rec->one_last = lo == 1 && sk == SK_R;
        rec->swapped = y->kind == N_NAME && y->ref == REF_LOCAL && y->ref_id == ab->ref_id;
    }
    /* the removal values */
    int64_t tmp[64];
    const int64_t *vals = NULL;
    size_t nv = 0;
    int64_t klo = 0, khi = 0, dom_rmin = INT64_MIN;
    bool infinite = false;
    if (kb) {
        const Node *d = kb->a;
        if (d->kind == N_RANGE) {
            RAff l = raff(c, d->a);
            if (!is_const(l)) return false;
            klo = l.c;
            const Node *h = d->b;
            RAff hv = raff(c, h);
            const Node *nside = NULL;
            if (is_const(hv)) {
                khi = hv.c;
            } else if (hv.ok && hv.n == 1 && !hv.k && !hv.a) {
                infinite = true;
                nside = h;
            } else if (h->kind == N_CALL && h->ref == REF_BUILTIN && h->ref_id == BI_MIN && h->list.n == 2) {
                RAff u = raff(c, h->list.v[0]), w = raff(c, h->list.v[1]);
                if (is_const(w)) { RAff t = u; u = w; w = t; nside = h->list.v[0]; } else nside = h->list.v[1];
                if (!is_const(u) || !w.ok || w.n != 1 || w.k || w.a) return false;
                khi = u.c;
            } else {
                return false;
            }
            if (nside) {   /* k <= n + c0  <=>  r >= -c0 - rc (with rk = 1) */
                RAff w = raff(c, nside);
                int64_t b;
                if (w.c == INT64_MIN || !add(-w.c, -R.rc, &b)) return false;
                dom_rmin = b;
            }
            if (!infinite && khi >= klo && (uint64_t)(khi - klo) >= HR_MAX_T) return false;
        } else if (!set_values(c, d, &vals, &nv, tmp, 64)) {
            return false;
        }
    }
    if (infinite) {   /* every k >= klo: read only without guards (they could depend on k) */
        if (m->list2.n || hr->inf_from || dom_rmin == INT64_MIN) return false;
        uint8_t bits;
        if (!bits_for(parts, lo, sk, dom_rmin, &bits) || klo + R.rc < 1) return false;
        hr->inf_from = (size_t)(klo + R.rc);
        hr->inf_bits = bits;
        rec->inf_from = hr->inf_from;
        rec->inf_bits = bits;
        return true;
    }
    size_t count = kb ? (vals ? nv : (size_t)(khi >= klo ? khi - klo + 1 : 0)) : 1;
    for (size_t i = 0; i < count; i++) {
        int64_t k = !kb ? 0 : vals ? vals[i] : klo + (int64_t)i;
        bool keep;
        int64_t rmin = dom_rmin;
        if (!kb && R.rc > INT64_MIN + 1 && -R.rc > rmin) rmin = -R.rc;   /* the heap itself is >= 0 */
        if (ab) {   /* a non-empty split range needs r at least this */
            static const int64_t implied[2][6] = { { 0, 0, -1, 1, 0, 0 }, { 0, 2, 0, 2, 1, 3 } };   /* ORDER SplitKind */
            if (implied[lo][sk] > rmin) rmin = implied[lo][sk];
        }
        if (!guards(c, m, R, k, &keep, &rmin)) return false;
        if (!keep) continue;
        if (rmin == INT64_MIN) return false;   /* nothing keeps the heap from going negative */
        int64_t removal = R.rc + R.rk * k;
        uint8_t bits;
        if (!bits_for(parts, lo, sk, rmin, &bits) || !put(hr, removal, bits)) return false;
        rule_add(rec, (size_t)removal, bits);
    }
    return true;
}

static void classify(HeapRules *hr)
{
    xfree(hr->rem);
    hr->rem = xmalloc((hr->t + 1) * sizeof *hr->rem);
    hr->nrem = 0;
    for (size_t i = 1; i <= hr->t; i++)
        if (hr->digit[i]) hr->rem[hr->nrem++] = i;
    bool split = hr->inf_from ? (hr->inf_bits & HR_TWO) != 0 : false, uneq = false;
    for (size_t i = 0; hr->digit && i <= hr->t; i++) {
        if (hr->digit[i] & HR_TWO) split = true;
        if (hr->digit[i] & HR_UNEQUAL) uneq = true;
    }
    if (hr->inf_from || uneq || (hr->digit && hr->digit[0])) hr->kind = "heap";
    else hr->kind = split ? "octal" : "subtraction";
}

bool heaprules_read(Program *p, const int64_t *key, int coord, HeapRules *hr)
{
    memset(hr, 0, sizeof *hr);
    const Game *G = &p->code.games[KEY_GAME(key)];
    const Node *ast = G->ast;
    if (!ast || G->variadic) return false;
    Value args[POS_MAX_ARGS];
    int np = key_decode(p, key, args);
    if (coord >= np || args[coord].t != VT_INT) return false;
    RCtx c = { .p = p, .args = args, .np = np, .coord = coord };
    int nrules = 0;
    for (int i = 0; i < ast->list.n; i++) {
        const Node *m = ast->list.v[i];
        if (m->kind == N_CANON || !rule(&c, hr, m, (int)KEY_GAME(key))) {
            heaprules_fini(hr);
            return false;
        }
        nrules++;
    }
    if (!nrules) return false;
    if (!hr->digit) put(hr, 0, 0);
    /* the unbounded rule also covers removals inf_from..t, which other rules gave digits of
       their own: merge it in there (beyond t it is read from inf_bits) */
    for (size_t r = hr->inf_from; hr->inf_from && r <= hr->t; r++) put(hr, (int64_t)r, hr->inf_bits);
    classify(hr);
    hr->recognised = !G->stdlib;
    return true;
}

bool heaprules_octal(const char *code, size_t len, HeapRules *hr)
{
    memset(hr, 0, sizeof *hr);
    if (len < 2 || code[1] != '.' || (code[0] != '0' && code[0] != '4') || len - 2 >= HR_MAX_T) return false;
    for (size_t i = 2; i < len; i++)
        if (code[i] < '0' || code[i] > '7') return false;
    put(hr, 0, code[0] == '4' ? HR_TWO : 0);
    for (size_t i = 2; i < len; i++) put(hr, (int64_t)(i - 1), (uint8_t)(code[i] - '0'));
    while (hr->t > 0 && !hr->digit[hr->t]) hr->t--;
    /* the rules of the standard library's Octal, in its order: take all, take and leave one
       heap, take and split, split without taking */
    for (uint8_t bit = HR_NONE; bit <= HR_TWO; bit = (uint8_t)(bit << 1)) {
        HrRule *r = new_rule(hr);
        for (size_t i = 1; i <= hr->t; i++)
            if (hr->digit[i] & bit) rule_add(r, i, bit);
    }
    if (code[0] == '4') rule_add(new_rule(hr), 0, HR_TWO);
    classify(hr);
    return true;
}

void heaprules_fini(HeapRules *hr)
{
    for (size_t i = 0; i < hr->nrules; i++) {
        xfree(hr->rules[i].rem);
        xfree(hr->rules[i].bits);
    }
    xfree(hr->rules);
    xfree(hr->digit);
    xfree(hr->rem);
    memset(hr, 0, sizeof *hr);
}

static bool digit_moves(uint8_t d, uint64_t r)
{
    if (d & HR_NONE && r == 0) return true;
    if (d & HR_ONE && r >= 1) return true;
    if (d & HR_TWO && r >= ((d & HR_UNEQUAL) ? 3 : 2)) return true;
    return false;
}

bool heaprules_has_move(const HeapRules *hr, uint64_t n)
{
    if (hr->digit && (hr->digit[0] & HR_TWO) && n >= ((hr->digit[0] & HR_UNEQUAL) ? 3u : 2u)) return true;
    for (size_t j = 0; j < hr->nrem && hr->rem[j] <= n; j++)
        if (digit_moves(hr->digit[hr->rem[j]], n - hr->rem[j])) return true;
    uint64_t from = hr->inf_from > hr->t + 1 ? hr->inf_from : hr->t + 1;
    if (hr->inf_from && n >= from) {   /* remainders 0 .. n - from; each bit needs r = 0 or r >= c */
        uint64_t rmax = n - from;
        if (digit_moves(hr->inf_bits, 0) || digit_moves(hr->inf_bits, rmax < 3 ? rmax : 3)) return true;
    }
    return false;
}

void heaprules_describe(const HeapRules *hr, StrBuf *b)
{
    if (hr->inf_from || hr->t > 64) {
        if (hr->inf_from || hr->nrem > 8) {
            sb_puts(b, hr->kind);
            return;
        }
        sb_puts(b, "removals");
        for (size_t j = 0; j < hr->nrem; j++)
            sb_printf(b, " %zu:%d", hr->rem[j], hr->digit[hr->rem[j]] & 7);
        return;
    }
    sb_printf(b, "%c.", hr->digit[0] & HR_TWO ? '4' : '0');
    for (size_t i = 1; i <= hr->t; i++) sb_printf(b, "%d", hr->digit[i] & 7);
    if (hr->digit[0] & HR_UNEQUAL) sb_puts(b, " (unequal splits)");
}
