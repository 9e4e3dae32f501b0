/* cgt_thermo.c: thermographs of canonical forms: the left and right walls as piecewise-linear
   functions of the temperature t >= -1 with dyadic breakpoints, the mast, the mean and the
   temperature (docs/theory.md, "Thermographs"; Winning Ways ch. 6, Siegel CGT II.5). */
#include "config.h"
#include "solve/core/cgt.h"
#include <stdlib.h>
#include <string.h>

/* ---- dyadic helpers ---- */

static CgtNum num(int64_t m) { return (CgtNum){ m, 0 }; }
static CgtNum neg(CgtNum x) { return (CgtNum){ -x.m, x.k }; }
static bool add(CgtNum a, CgtNum b, CgtNum *out) { return cgt_num_add(a, b, out); }
static bool sub(CgtNum a, CgtNum b, CgtNum *out) { return cgt_num_add(a, neg(b), out); }
static bool half(CgtNum x, CgtNum *out)
{
    if (x.k >= 62) return false;
    if (!(x.m & 1) && x.k == 0) *out = (CgtNum){ x.m / 2, 0 };
    else if (!(x.m & 1)) *out = (CgtNum){ x.m / 2, x.k };   /* (not reduced: m odd when k > 0) */
    else *out = (CgtNum){ x.m, x.k + 1 };
    return true;
}

/* ---- piecewise-linear functions on [-1, oo): points (t_i, v_i), t_0 = -1, then slope ---- */

typedef struct Pl { CgtNum *t, *v; size_t n, cap; int slope; bool none; } Pl;

static void pl_push(Pl *f, CgtNum t, CgtNum v)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 8;
        f->t = xrealloc(f->t, f->cap * sizeof *f->t);
        f->v = xrealloc(f->v, f->cap * sizeof *f->v);
    }
    f->t[f->n] = t;
    f->v[f->n++] = v;
}

static void pl_free(Pl *f)
{
    xfree(f->t);
    xfree(f->v);
    memset(f, 0, sizeof *f);
}

/* The slope of f on [t_i, t_i+1) (i < n - 1), or after the last point. */
static int pl_slope(const Pl *f, size_t i)
{
    if (i + 1 >= f->n) return f->slope;
    CgtNum dv, dt;
    if (!sub(f->v[i + 1], f->v[i], &dv) || !sub(f->t[i + 1], f->t[i], &dt)) return 0;
    return !dv.m ? 0 : cgt_num_cmp(dv, dt) == 0 ? 1 : -1;
}

/* f(t) for t >= -1. */
static bool pl_eval(const Pl *f, CgtNum t, CgtNum *out)
{
    size_t i = 0;
    while (i + 1 < f->n && cgt_num_cmp(f->t[i + 1], t) <= 0) i++;
    int s = pl_slope(f, i);
    CgtNum d;
    if (!sub(t, f->t[i], &d)) return false;
    return add(f->v[i], s > 0 ? d : s < 0 ? neg(d) : num(0), out);
}

/* f(t) + s * t (s = -1, 0, 1). */
static bool pl_tilt(const Pl *f, int s, Pl *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < f->n; i++) {
        CgtNum v;
        if (!add(f->v[i], s > 0 ? f->t[i] : s < 0 ? neg(f->t[i]) : num(0), &v)) return false;
        pl_push(out, f->t[i], v);
    }
    out->slope = f->slope + s;
    return true;
}

static int num_order(const void *a, const void *b) { return cgt_num_cmp(*(const CgtNum *)a, *(const CgtNum *)b); }

/* The candidate breakpoints of fs[0..n): theirs, and where two of them cross (each pair of lines
   between consecutive candidates and after the last), sorted, no repeats. */
static bool pl_candidates(const Pl *fs, size_t n, CgtNum **out, size_t *nout)
{
    size_t cap = 16, k = 0;
    CgtNum *c = xmalloc(cap * sizeof *c);
    c[k++] = num(-1);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < fs[i].n; j++) {
            if (k == cap) c = xrealloc(c, (cap *= 2) * sizeof *c);
            c[k++] = fs[i].t[j];
        }
    qsort(c, k, sizeof *c, num_order);
    size_t u = 0;
    for (size_t i = 0; i < k; i++)
        if (!u || cgt_num_cmp(c[u - 1], c[i])) c[u++] = c[i];
    k = u;
    /* crossings: on each interval [c_i, c_i+1) (the last one unbounded) every pair is linear */
    size_t base = k;
    for (size_t i = 0; i < base; i++)
        for (size_t a = 0; a < n; a++)
            for (size_t b = a + 1; b < n; b++) {
                CgtNum fa, fb, d, x;
                if (!pl_eval(&fs[a], c[i], &fa) || !pl_eval(&fs[b], c[i], &fb) || !sub(fa, fb, &d)) goto fail;
                /* slopes on the interval: from the value just inside it */
                size_t ia = 0, ib = 0;
                while (ia + 1 < fs[a].n && cgt_num_cmp(fs[a].t[ia + 1], c[i]) <= 0) ia++;
                while (ib + 1 < fs[b].n && cgt_num_cmp(fs[b].t[ib + 1], c[i]) <= 0) ib++;
                int ds = pl_slope(&fs[b], ib) - pl_slope(&fs[a], ia);   /* (fa - fb)(t) = d - ds (t - c_i) */
                if (!ds || !d.m || (d.m > 0) != (ds > 0)) continue;
                x = d;
                if (ds < 0) x = neg(x);
                if ((ds == 2 || ds == -2) && !half(x, &x)) goto fail;
                if (!add(c[i], x, &x)) goto fail;
                if (i + 1 < base && cgt_num_cmp(x, c[i + 1]) >= 0) continue;
                if (k == cap) c = xrealloc(c, (cap *= 2) * sizeof *c);
                c[k++] = x;
            }
    qsort(c, k, sizeof *c, num_order);
    u = 0;
    for (size_t i = 0; i < k; i++)
        if (!u || cgt_num_cmp(c[u - 1], c[i])) c[u++] = c[i];
    *out = c;
    *nout = u;
    return true;
fail:
    xfree(c);
    return false;
}

/* Drop the points where the slope does not change. */
static void pl_simplify(Pl *f)
{
    size_t k = 0;
    for (size_t i = 0; i < f->n; i++) {
        if (k >= 2) {
            Pl probe = { f->t + k - 2, f->v + k - 2, 2, 2, 0, false };
            Pl next = { (CgtNum[]){ f->t[k - 1], f->t[i] }, (CgtNum[]){ f->v[k - 1], f->v[i] }, 2, 2, 0, false };
            if (pl_slope(&probe, 0) == pl_slope(&next, 0)) k--;
        }
        f->t[k] = f->t[i];
        f->v[k++] = f->v[i];
    }
    f->n = k;
    if (k >= 2) {
        Pl last = { f->t + k - 2, f->v + k - 2, 2, 2, 0, false };
        if (pl_slope(&last, 0) == f->slope) f->n--;
    }
}

/* The upper (max) or lower (min) envelope of fs[0..n), n >= 1. */
static bool pl_envelope(const Pl *fs, size_t n, bool upper, Pl *out)
{
    memset(out, 0, sizeof *out);
    CgtNum *c;
    size_t nc;
    if (!pl_candidates(fs, n, &c, &nc)) return false;
    int slope = 0;
    for (size_t i = 0; i < nc; i++) {
        CgtNum best = { 0, 0 };
        int bs = 0;
        for (size_t j = 0; j < n; j++) {
            CgtNum v;
            if (!pl_eval(&fs[j], c[i], &v)) {
                xfree(c);
                pl_free(out);
                return false;
            }
            size_t q = 0;
            while (q + 1 < fs[j].n && cgt_num_cmp(fs[j].t[q + 1], c[i]) <= 0) q++;
            int s = pl_slope(&fs[j], q), cmp = j ? cgt_num_cmp(v, best) : 0;
            if (!j || (upper ? cmp > 0 || (!cmp && s > bs) : cmp < 0 || (!cmp && s < bs))) best = v, bs = s;
        }
        pl_push(out, c[i], best);
        slope = bs;
    }
    out->slope = slope;
    xfree(c);
    pl_simplify(out);
    return true;
}

/* f on [-1, tau], then the constant m. */
static void pl_cut(const Pl *f, CgtNum tau, CgtNum m, Pl *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < f->n && cgt_num_cmp(f->t[i], tau) < 0; i++) pl_push(out, f->t[i], f->v[i]);
    if (!out->n || cgt_num_cmp(out->t[0], tau)) pl_push(out, tau, m);
    else out->v[0] = m;
    if (out->n && cgt_num_cmp(out->t[out->n - 1], tau)) pl_push(out, tau, m);
    out->slope = 0;
    pl_simplify(out);
}

/* ---- thermographs ---- */

struct CgtThermoCache { CgtThermo **by; size_t cap; };

static void thermo_free(CgtThermo *th)
{
    if (!th) return;
    xfree(th->lt);
    xfree(th->lv);
    xfree(th->rt);
    xfree(th->rv);
    xfree(th);
}

void cgt_thermo_cache_free(struct CgtThermoCache *c)
{
    if (!c) return;
    for (size_t i = 0; i < c->cap; i++) thermo_free(c->by[i]);
    xfree(c->by);
    xfree(c);
}

static void wall_of(const CgtThermo *th, bool left, Pl *out)
{
    memset(out, 0, sizeof *out);
    size_t n = left ? th->nl : th->nr;
    for (size_t i = 0; i < n; i++) pl_push(out, left ? th->lt[i] : th->rt[i], left ? th->lv[i] : th->rv[i]);
    out->slope = 0;
}

static CgtThermo *from_walls(const Pl *l, const Pl *r, CgtNum tau, CgtNum m)
{
    CgtThermo *th = xcalloc(1, sizeof *th);
    th->nl = l->n;
    th->nr = r->n;
    th->lt = xmalloc((l->n + 1) * sizeof *th->lt);
    th->lv = xmalloc((l->n + 1) * sizeof *th->lv);
    th->rt = xmalloc((r->n + 1) * sizeof *th->rt);
    th->rv = xmalloc((r->n + 1) * sizeof *th->rv);
    memcpy(th->lt, l->t, l->n * sizeof *th->lt);
    memcpy(th->lv, l->v, l->n * sizeof *th->lv);
    memcpy(th->rt, r->t, r->n * sizeof *th->rt);
    memcpy(th->rv, r->v, r->n * sizeof *th->rv);
    th->temperature = tau;
    th->mean = m;
    return th;
}

/* The scaffold of one side: max over Left's options of (their right wall - t), or min over Right's
   of (their left wall + t); none when the side has no option. */
static bool scaffold(CgtStore *st, struct CgtThermoCache *c, CgtId a, bool left, Pl *out)
{
    size_t n = left ? cgt_nleft(st, a) : cgt_nright(st, a);
    memset(out, 0, sizeof *out);
    if (!n) {
        out->none = true;
        return true;
    }
    Pl *fs = xcalloc(n, sizeof *fs);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        const CgtThermo *o = cgt_thermograph(st, c, left ? cgt_left(st, a, i) : cgt_right(st, a, i));
        Pl w;
        if (!o) {
            ok = false;
            break;
        }
        wall_of(o, !left, &w);
        ok = pl_tilt(&w, left ? -1 : 1, &fs[i]);
        pl_free(&w);
    }
    if (ok) ok = pl_envelope(fs, n, left, out);
    for (size_t i = 0; i < n; i++) pl_free(&fs[i]);
    xfree(fs);
    return ok;
}

/* Where the scaffolds L (nonincreasing) and R (nondecreasing) first meet: the smallest t >= -1 with
   L(t) <= R(t), and the value there. */
static bool meet(const Pl *L, const Pl *R, CgtNum *tau, CgtNum *m)
{
    Pl two[2] = { *L, *R };
    CgtNum *c;
    size_t nc;
    if (!pl_candidates(two, 2, &c, &nc)) return false;
    bool ok = false;
    for (size_t i = 0; i < nc && !ok; i++) {
        CgtNum l, r;
        if (!pl_eval(L, c[i], &l) || !pl_eval(R, c[i], &r)) break;
        if (cgt_num_cmp(l, r) <= 0) {
            *tau = c[i];
            *m = l;
            ok = true;
        }
    }
    xfree(c);
    return ok;
}

const CgtThermo *cgt_thermograph(CgtStore *st, struct CgtThermoCache *c, CgtId a)
{
    if (a >= c->cap) {
        size_t cap = c->cap ? c->cap : 64;
        while (cap <= a) cap *= 2;
        c->by = xrealloc(c->by, cap * sizeof *c->by);
        memset(c->by + c->cap, 0, (cap - c->cap) * sizeof *c->by);
        c->cap = cap;
    }
    if (c->by[a]) return c->by[a];
    Pl L, R, lw, rw;
    if (!scaffold(st, c, a, true, &L)) return NULL;
    if (!scaffold(st, c, a, false, &R)) {
        pl_free(&L);
        return NULL;
    }
    CgtNum tau = num(-1), m = num(0);
    bool ok = true;
    if (L.none && R.none) m = num(0);                           /* 0 = { | } */
    else if (R.none) ok = pl_eval(&L, num(-1), &m);             /* an integer n = {n - 1 | }: n at t = -1 */
    else if (L.none) ok = pl_eval(&R, num(-1), &m);
    else ok = meet(&L, &R, &tau, &m);
    CgtThermo *th = NULL;
    if (ok) {
        Pl none = { 0 };
        pl_cut(L.none ? &none : &L, tau, m, &lw);
        pl_cut(R.none ? &none : &R, tau, m, &rw);
        th = from_walls(&lw, &rw, tau, m);
        pl_free(&lw);
        pl_free(&rw);
    }
    pl_free(&L);
    pl_free(&R);
    return c->by[a] = th;
}

struct CgtThermoCache *cgt_thermo_cache_new(void) { return xcalloc(1, sizeof(struct CgtThermoCache)); }
