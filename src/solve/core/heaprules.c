/* heaprules.c: recognising take-and-break heap games on their rules (rules.h). A ruleset
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
#include "rules.h"
#include "builtins.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

/* An affine form in n (the heap), k (the removal's binder) and a (the split's binder). */
enum { VN, VK, VA };
#define HR_MAX_FAMILIES 8

typedef struct RCtx {
    Program *p;
    RFold f;                  /* track: n, k, a; the parameters and constants folded */
    int np, coord;
    /* the unbounded rules read so far: every removal from fam_from[i] on has fam_bits[i] */
    size_t fam_from[HR_MAX_FAMILIES];
    uint8_t fam_bits[HR_MAX_FAMILIES];
    int nfam;
} RCtx;

static bool add(int64_t x, int64_t y, int64_t *r) { return !__builtin_add_overflow(x, y, r); }
static bool mul(int64_t x, int64_t y, int64_t *r) { return !__builtin_mul_overflow(x, y, r); }

static RAffine raff(const RCtx *c, const Node *e) { return rules_affine(&c->f, e); }

/* x + sy * y */
static RAffine comb(RAffine x, RAffine y, int64_t sy)
{
    RAffine r = { .ok = x.ok && y.ok };
    int64_t t;
    if (!r.ok) return r;
    r.ok = mul(y.c, sy, &t) && add(x.c, t, &r.c);
    for (int i = 0; i < RULES_TRACK && r.ok; i++) r.ok = mul(y.k[i], sy, &t) && add(x.k[i], t, &r.k[i]);
    return r;
}

static bool is_const(RAffine x) { return rules_affine_const(x); }

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
static bool guards(const RCtx *c, const RRule *m, Removal R, int64_t k, bool *keep, int64_t *rmin)
{
    *keep = true;
    if (m->lets) return false;
    for (int i = 0; i < m->ncl; i++) {
        int op;
        RAffine d;
        if (!rules_compare(&c->f, m->cl[i].e, &op, &d) || d.k[VA]) return false;
        /* n = r + R(k): d = d.n * r + (d.c + d.n * R(k) + d.k * k) */
        int64_t rk, t1, t2, ev;
        if (!mul(R.rk, k, &rk) || !add(R.rc, rk, &rk) || !mul(d.k[VN], rk, &t1) || !mul(d.k[VK], k, &t2) ||
            !add(d.c, t1, &ev) || !add(ev, t2, &ev))
            return false;
        if (d.k[VN] == 0) {
            bool v = op == OP_EQ ? ev == 0 : op == OP_NE ? ev != 0 : op == OP_LT ? ev < 0 :
                     op == OP_LE ? ev <= 0 : op == OP_GT ? ev > 0 : ev >= 0;
            if (!v) *keep = false;
            continue;
        }
        int64_t lb;
        if (!lower_bound(d.k[VN], ev, op, &lb)) return false;
        if (lb > *rmin) *rmin = lb;
    }
    return true;
}

/* Whether every guard of m bounds the remainder r = n - R(k) from below by the same amount for
   every k (`when k < n`, `when n - k >= 1`): d.n r + (d.c + d.n R(k) + d.k k) with d.n R.rk + d.k
   = 0. Such guards can be read once for an unbounded range; a guard on k alone cannot (`k <= 9`). */
static bool k_free_bounds(const RCtx *c, const RRule *m, Removal R)
{
    for (int i = 0; i < m->ncl; i++) {
        int op;
        RAffine d;
        int64_t t;
        if (!rules_compare(&c->f, m->cl[i].e, &op, &d) || d.k[VA] || d.k[VN] == 0 || op == OP_EQ || op == OP_NE)
            return false;
        if (!mul(d.k[VN], R.rk, &t) || !add(t, d.k[VK], &t) || t != 0) return false;
    }
    return true;
}

/* a part G(..., X, ...) of the game itself: the coordinate expression X, with every other
   argument passed on. */
static const Node *part(const RCtx *c, const RCall *e, int gid)
{
    if (e->game != gid || e->nargs != c->np) return NULL;
    for (int i = 0; i < c->np; i++)
        if (i != c->coord && !rules_passes_on(e, i)) return NULL;
    return e->args[c->coord];
}

/* Two rules' digit bits for one removal: the moves of both; unequal splits are kept only while
   every split rule of the removal is unequal. */
static uint8_t merge_bits(uint8_t old, uint8_t bits)
{
    uint8_t two = (bits & HR_TWO) ? (uint8_t)(bits & (HR_TWO | HR_UNEQUAL)) : 0;
    uint8_t merged = (uint8_t)((old | bits) & (HR_NONE | HR_ONE | HR_TWO));
    if (two) {
        if (!(old & HR_TWO)) merged |= two & HR_UNEQUAL;
        else if ((old & HR_UNEQUAL) && (two & HR_UNEQUAL)) merged |= HR_UNEQUAL;
    } else {
        merged |= old & HR_UNEQUAL;
    }
    return merged;
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
    hr->digit[r] = merge_bits(hr->digit[r], bits);
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
    const Node *halved = rules_halved(hi);
    RAffine h = raff(c, halved ? halved : hi);
    if (!h.ok || h.k[VA]) return SK_NONE;
    /* h = h.n * (r + rc + rk k) + h.k k + h.c: need h.n = 1 and no k left */
    if (h.k[VN] != 1 || h.k[VK] + R.rk != 0) return SK_NONE;
    int64_t delta;
    if (!add(h.c, R.rc, &delta)) return SK_NONE;
    if (halved) {
        if (delta == 0) return SK_HALF;
        if (delta == 1 && lo == 0) return SK_CEIL;
        if (delta == -1 && lo == 1) return SK_UNEQ;
        return SK_NONE;
    }
    if (delta == 0) return SK_R;
    if (delta == -1) return SK_RM1;
    return SK_NONE;
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

static bool rule(RCtx *c, HeapRules *hr, const RRule *m, int gid)
{
    c->f.track[VK] = c->f.track[VA] = -1;
    if (m->nb > 2 || !m->sum || m->nzeros || m->ncalls < 1 || m->ncalls > 2) return false;
    /* the result: one or two parts */
    const Node *x = part(c, &m->calls[0], gid), *y = m->ncalls == 2 ? part(c, &m->calls[1], gid) : NULL;
    if (!x || (m->ncalls == 2 && !y)) return false;
    int parts = m->ncalls;
    HrRule *rec = new_rule(hr);
    const RBinder *kb = NULL, *ab = NULL;
    for (int i = 0; i < m->nb; i++) {
        const RBinder *b = &m->b[i];
        bool is_a = parts == 2 && (rules_local(x) == b->slot || rules_local(y) == b->slot);
        if (is_a) { if (ab) return false; ab = b; c->f.track[VA] = b->slot; }
        else { if (kb) return false; kb = b; c->f.track[VK] = b->slot; }
    }
    if (parts == 2 && !ab) return false;
    /* removal R = n - (x + y) = rc + rk k */
    RAffine s = raff(c, x);
    if (parts == 2) s = comb(s, raff(c, y), 1);
    if (!s.ok || s.k[VN] != 1 || s.k[VA] != 0) return false;
    Removal R = { -s.c, -s.k[VK] };
    if (R.rc == INT64_MIN || R.rk == INT64_MIN || (R.rk != 0 && R.rk != 1) || (R.rk == 1) != (kb != NULL)) return false;
    if (kb && ab && kb->slot > ab->slot) return false;   /* a's range may depend on k: k comes first */
    /* the split binder */
    int lo = 0;
    SplitKind sk = SK_NONE;
    if (ab) {
        if (ab->kind != RD_RANGE) return false;
        RAffine l = raff(c, ab->lo);
        if (!is_const(l) || (l.c != 0 && l.c != 1)) return false;
        lo = (int)l.c;
        sk = split_kind(c, ab->hi, R, lo);
        if (sk == SK_NONE || (lo == 1 && sk == SK_CEIL)) return false;
        rec->one_last = lo == 1 && sk == SK_R;
        rec->swapped = rules_local(y) == ab->slot;
    }
    /* the removal values */
    const int64_t *vals = NULL;
    size_t nv = 0;
    int64_t klo = 0, khi = 0, dom_rmin = INT64_MIN;
    bool infinite = false;
    if (kb) {
        if (kb->kind == RD_RANGE) {
            RAffine l = raff(c, kb->lo);
            if (!is_const(l)) return false;
            klo = l.c;
            const Node *h = kb->hi, *mx, *my;
            RAffine hv = raff(c, h);
            const Node *nside = NULL;
            if (is_const(hv)) {
                khi = hv.c;
            } else if (hv.ok && hv.k[VN] == 1 && !hv.k[VK] && !hv.k[VA]) {
                infinite = true;
                nside = h;
            } else if (rules_min_of(h, &mx, &my)) {
                RAffine u = raff(c, mx), w = raff(c, my);
                if (is_const(w)) { RAffine t = u; u = w; w = t; nside = mx; } else nside = my;
                if (!is_const(u) || !w.ok || w.k[VN] != 1 || w.k[VK] || w.k[VA]) return false;
                khi = u.c;
            } else {
                return false;
            }
            if (nside) {   /* k <= n + c0  <=>  r >= -c0 - rc (with rk = 1) */
                RAffine w = raff(c, nside);
                int64_t b;
                if (w.c == INT64_MIN || !add(-w.c, -R.rc, &b)) return false;
                dom_rmin = b;
            }
            if (!infinite && khi >= klo && (uint64_t)(khi - klo) >= HR_MAX_T) return false;
        } else if (!rules_int_values(&c->f, kb, c->coord, &vals, &nv)) {
            return false;
        } else if (kb->kind == RD_INTS) {   /* a literal: at most 64 values, none written negated */
            if (nv > 64) return false;
            for (size_t i = 0; i < nv; i++)
                if (vals[i] < 0) return false;
        }
    }
    if (infinite) {   /* every k >= klo: guards only as bounds on the remainder that k leaves alone */
        if (c->nfam == HR_MAX_FAMILIES || dom_rmin == INT64_MIN || !k_free_bounds(c, m, R)) return false;
        bool keep;
        if (!guards(c, m, R, klo, &keep, &dom_rmin) || !keep) return false;
        uint8_t bits;
        if (!bits_for(parts, lo, sk, dom_rmin, &bits) || klo + R.rc < 1 || (uint64_t)(klo + R.rc) >= HR_MAX_T) return false;
        c->fam_from[c->nfam] = (size_t)(klo + R.rc);
        c->fam_bits[c->nfam++] = bits;
        rec->inf_from = (size_t)(klo + R.rc);
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
    const GameRules *gr = G->rules;
    if (!gr || G->variadic) return false;
    Value args[POS_MAX_ARGS];
    int np = key_decode(p, key, args);
    if (coord >= np || args[coord].t != VT_INT) return false;
    RCtx c = { .p = p, .np = np, .coord = coord,
               .f = { .consts = p->code.consts, .ready = p->code.const_ready, .locals = args, .nlocals = np,
                      .track = { coord, -1, -1 } } };
    int nrules = 0;
    for (int i = 0; i < gr->n; i++) {
        const RRule *m = &gr->items[i];
        if (m->canon || !rule(&c, hr, m, (int)KEY_GAME(key))) {
            heaprules_fini(hr);
            return false;
        }
        nrules++;
    }
    if (!nrules) return false;
    if (!hr->digit) put(hr, 0, 0);
    /* the unbounded rules: from the last of their starts on every removal has all their bits
       (inf_from, inf_bits); below it, and up to t where other rules gave digits of their own,
       each is merged into the digits (beyond t the removals are read from inf_bits) */
    for (int i = 0; i < c.nfam; i++)
        if (c.fam_from[i] > hr->inf_from) hr->inf_from = c.fam_from[i];
    for (int i = 0; i < c.nfam; i++) hr->inf_bits = i ? merge_bits(hr->inf_bits, c.fam_bits[i]) : c.fam_bits[i];
    size_t top = hr->inf_from > hr->t ? hr->inf_from : hr->t;
    for (int i = 0; i < c.nfam; i++)
        for (size_t r = c.fam_from[i]; r <= top; r++) put(hr, (int64_t)r, c.fam_bits[i]);
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
