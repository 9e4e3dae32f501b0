/* aperiod.c: the arithmetic-periodicity check (docs/theory.md section 4, "Arithmetic
   periodicity"). With s = 2^m, write F(n) = s K(n) + rho(n) for n >= e, rho(n) < s; rho has period
   p and K(n + p) = K(n) + 1. For n = e + r + p j every option's value is then one of: a value that
   stays bounded; s (K(n) + c) + beta with c and beta fixed by the residue r (a take of a fixed
   removal, a split with one part whose value is below s); a whole range of them (the infinite
   families of removals); or a split whose XOR is not periodic (both parts large, or a small part
   of value >= s). The mex is F(n) for every large n when (a) the fixed and ranged options cover
   every value below F(n), and (b) no option can equal F(n): for the takes there is at most one
   heap of value F(n) in each residue class, at a fixed distance; for the splits the low parts
   (XOR of residues) must differ, or else the high parts' XOR cannot match (x XOR y = x + y -
   2 (x AND y), so a sum that is too small or of the wrong parity cannot). Both are finite checks
   over residues; the table supplies the values below the n from which they hold. */
#include "config.h"
#include "solve/core/aperiod.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

typedef struct Point { uint32_t beta; int64_t c; } Point;

typedef struct Aper {
    const HeapRules *hr;
    RareTable g;
    int64_t E, P, S;
    unsigned lg;            /* S = 2^lg */
    uint32_t *rho, *kap;    /* per residue r (the heap E + r): F mod S and F div S */
    int64_t kapmax;
    int64_t T;              /* removals above T all have the infinite family's bits */
    uint32_t *small;        /* the heaps a >= 1 below E + P with F(a) < S */
    size_t nsmall;
    int64_t Hc;             /* bounded options come from heaps (and sums of two) below Hc */
    uint8_t *cons;          /* bitmap of the bounded option values below vlim present for large n */
    uint64_t vlim;
    /* per residue: the ranged options' highest offset and lowest K by class, the fixed ones */
    int64_t *cmax, *lomin;
    int64_t lo_max, c_min;  /* over every range: K(n) >= lo_max - c_min makes each class's ranges one */
    Point *pts;
    size_t npts, cappts;
    int64_t jreq;           /* every claim holds for j >= jreq (n = E + r + P j) ... */
    int64_t nreq;           /* ... and n >= nreq */
} Aper;

static uint64_t gat(RareTable g, int64_t n) { return g.g8 ? g.g8[n] : g.g32[n]; }

/* F(h): the table's value below E + P, the period's from there on. */
static uint64_t fv(const Aper *a, int64_t h)
{
    if (h < a->E + a->P) return gat(a->g, h);
    int64_t q = (h - a->E) / a->P;
    return gat(a->g, h - q * a->P) + (uint64_t)(q * a->S);
}

/* The digit bits of removal i. */
static uint8_t bits_at(const HeapRules *hr, int64_t i)
{
    if (i < 0) return 0;
    if ((uint64_t)i <= hr->t) return hr->digit ? hr->digit[i] : 0;
    return hr->inf_from && (uint64_t)i >= hr->inf_from ? hr->inf_bits : 0;
}

static int64_t fdiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if (a % b && (a < 0) != (b < 0)) q--;
    return q;
}

static int64_t fmod_(int64_t a, int64_t b) { return a - b * fdiv(a, b); }

static void need_n(Aper *a, int64_t n)
{
    if (n > a->nreq) a->nreq = n;
}

static void need_j(Aper *a, int64_t j)
{
    if (j > a->jreq) a->jreq = j;
}

/* The heap n - d for n = E + rn + P j: its residue *rr, and K(n - d) - K(n). */
static int64_t offset(const Aper *a, int64_t rn, int64_t d, int64_t *rr)
{
    int64_t x = rn - d, q = fdiv(x, a->P);
    *rr = x - q * a->P;
    return (int64_t)a->kap[*rr] - (int64_t)a->kap[rn] + q;
}

/* Options s (K(n) + c') + beta for every c' from lo - K(n) up to c: lo is a K, fixed. */
static void ranged(Aper *a, uint32_t beta, int64_t lo, int64_t c)
{
    if (c > a->cmax[beta]) a->cmax[beta] = c;
    if (lo < a->lomin[beta]) a->lomin[beta] = lo;
    if (lo > a->lo_max) a->lo_max = lo;
    if (c < a->c_min) a->c_min = c;
}

static void fixed(Aper *a, uint32_t beta, int64_t c)
{
    VEC_PUSH(a->pts, a->npts, a->cappts, ((Point){ beta, c }));
    need_j(a, -c);   /* K(n) + c >= 0 */
}

static void constant(Aper *a, uint64_t v)
{
    if (v < a->vlim) a->cons[v / 8] |= (uint8_t)(1u << (v % 8));
}

static bool is_constant(const Aper *a, uint64_t v) { return v < a->vlim && (a->cons[v / 8] >> (v % 8)) & 1; }

/* The bounded option values present for every large n (the bottom of each class). */
static void constants(Aper *a)
{
    const HeapRules *hr = a->hr;
    int64_t f = (int64_t)hr->inf_from;
    if (hr->inf_bits & HR_NONE) constant(a, 0);
    if (hr->inf_bits & HR_ONE)
        for (int64_t h = 1; h < a->Hc; h++) constant(a, fv(a, h));
    if (hr->inf_bits & HR_TWO)
        for (int64_t x = 1; 2 * x < a->Hc; x++)
            for (int64_t y = x + ((hr->inf_bits & HR_UNEQUAL) ? 1 : 0); x + y < a->Hc; y++)
                constant(a, fv(a, x) ^ fv(a, y));
    need_n(a, a->Hc + f);
}

static int cmp_point(const void *x, const void *y)
{
    const Point *p = x, *q = y;
    if (p->beta != q->beta) return p->beta < q->beta ? -1 : 1;
    return p->c < q->c ? -1 : p->c > q->c;
}

/* (a): the options of every large n = E + rn + P j cover all values below F(n). */
static bool covers(Aper *a, int64_t rn)
{
    const HeapRules *hr = a->hr;
    int64_t P = a->P, E = a->E, f = (int64_t)hr->inf_from, rr;
    for (int64_t b = 0; b < a->S; b++) {
        a->cmax[b] = INT64_MIN;
        a->lomin[b] = INT64_MAX;
    }
    a->npts = 0;
    a->lo_max = INT64_MIN;
    a->c_min = INT64_MAX;
    int64_t h1 = E > 1 ? E : 1;
    if (hr->inf_bits & HR_ONE)   /* every heap h with 1 <= h <= n - f */
        for (int64_t r = 0; r < P; r++) {
            int64_t hlo = E + r >= h1 ? E + r : E + r + P;
            int64_t d = f + fmod_(rn - f - r, P), c = offset(a, rn, d, &rr);
            ranged(a, a->rho[r], (int64_t)a->kap[r] + (hlo - E - r) / P, c);
            need_n(a, hlo + d);
        }
    if (hr->inf_bits & HR_TWO)   /* a small part x and every b with x < b <= n - f - x */
        for (size_t k = 0; k < a->nsmall; k++) {
            int64_t x = a->small[k], bmin = E > x + 1 ? E : x + 1;
            for (int64_t r = 0; r < P; r++) {
                int64_t blo = E + r + P * (bmin > E + r ? (bmin - E - r + P - 1) / P : 0);
                int64_t d = f + x + fmod_(rn - f - x - r, P), c = offset(a, rn, d, &rr);
                ranged(a, (uint32_t)(fv(a, x) ^ a->rho[r]), (int64_t)a->kap[r] + (blo - E - r) / P, c);
                need_n(a, blo + d);
            }
        }
    for (int64_t i = 0; i <= a->T; i++) {
        uint8_t d = bits_at(hr, i);
        if (d & HR_ONE) {
            int64_t c = offset(a, rn, i, &rr);
            fixed(a, a->rho[rr], c);
            need_n(a, i + h1 + P);
        }
        if (d & HR_TWO)
            for (size_t k = 0; k < a->nsmall; k++) {
                int64_t x = a->small[k], c = offset(a, rn, i + x, &rr);
                fixed(a, (uint32_t)(fv(a, x) ^ a->rho[rr]), c);
                need_n(a, i + x + (E > x + 1 ? E : x + 1) + P);
            }
    }
    if (a->lo_max != INT64_MIN) need_j(a, a->lo_max - a->c_min + 1);
    if (a->npts) qsort(a->pts, a->npts, sizeof *a->pts, cmp_point);   /* (NULL when empty: not for qsort) */
    size_t at = 0;
    for (int64_t b = 0; b < a->S; b++) {
        if (a->cmax[b] == INT64_MIN) return false;   /* a class with no range: its values cannot all appear */
        int64_t top = (uint32_t)b < a->rho[rn] ? 0 : -1;
        while (at < a->npts && a->pts[at].beta < (uint32_t)b) at++;
        size_t q = at;
        for (int64_t c = a->cmax[b] + 1; c <= top; c++) {   /* above the ranges: fixed options */
            while (q < a->npts && a->pts[q].beta == (uint32_t)b && a->pts[q].c < c) q++;
            if (!(q < a->npts && a->pts[q].beta == (uint32_t)b && a->pts[q].c == c)) return false;
        }
        for (int64_t x = 0; x < a->lomin[b]; x++)   /* below them: bounded options */
            if (!is_constant(a, (uint64_t)(a->S * x + b))) return false;
    }
    return true;
}

/* (b): no option of a large n = E + rn + P j has the value F(n). */
static bool excludes(Aper *a, int64_t rn)
{
    const HeapRules *hr = a->hr;
    int64_t P = a->P, E = a->E, rr;
    uint32_t want = a->rho[rn];
    for (int64_t r = 0; r < P; r++) {   /* takes: the one heap of value F(n) in class r */
        if (a->rho[r] != want) continue;
        int64_t d = rn - r + P * ((int64_t)a->kap[r] - (int64_t)a->kap[rn]);
        if (d >= 1 && (bits_at(hr, d) & HR_ONE)) return false;
        need_n(a, d + E + P);
    }
    /* splits into parts >= E: K(x) + K(y) = K(n) + delta, and K(x) XOR K(y) = K(n) needs delta =
       2 (K(x) AND K(y)) >= 0 and even; beyond imax, delta < 0 */
    int64_t imax = P * (2 * a->kapmax + 2);
    if (imax < a->T) imax = a->T;
    for (int64_t i = 0; i <= imax; i++) {
        if (!(bits_at(hr, i) & HR_TWO)) continue;
        for (int64_t ra = 0; ra < P; ra++) {
            int64_t rb = fmod_(rn - E - ra - i, P);
            if ((a->rho[ra] ^ a->rho[rb]) != want) continue;
            int64_t delta = (int64_t)a->kap[ra] + a->kap[rb] - a->kap[rn] + (rn - i - E - ra - rb) / P;
            if (delta >= 0 && delta % 2 == 0) return false;
        }
    }
    /* splits with a part x < E of value s A + alpha: A XOR K(b) = K(n) with K(b) = K(n) + delta for
       some large K(b) iff A + delta = 2 (K(b) AND A) for some K(b): (A + delta) / 2 a submask of A */
    for (int64_t x = 1; x < E; x++) {
        uint64_t gx = fv(a, x);
        int64_t A = (int64_t)(gx >> a->lg);
        uint32_t alpha = (uint32_t)(gx & (uint64_t)(a->S - 1));
        int64_t imax3 = P * (a->kapmax + A + 3);
        if (imax3 < a->T) imax3 = a->T;
        for (int64_t i = 0; i <= imax3; i++) {
            if (!(bits_at(hr, i) & HR_TWO)) continue;
            int64_t delta = offset(a, rn, i + x, &rr);
            if ((alpha ^ a->rho[rr]) != want) continue;
            int64_t m = A + delta;
            if (m >= 0 && m % 2 == 0 && ((m / 2) & ~A) == 0) return false;
            need_n(a, i + x + E + P);
        }
    }
    return true;
}

bool aper_check(const HeapRules *hr, RareTable g, uint64_t e, uint64_t p, uint64_t s, uint64_t *n0)
{
    *n0 = 0;
    if (!hr->inf_from || !p || !s || (s & (s - 1)) || p > APER_MAX_P || s > APER_MAX_S || e > APER_MAX_E) return false;
    Aper a = { .hr = hr, .g = g, .E = (int64_t)e, .P = (int64_t)p, .S = (int64_t)s };
    a.Hc = a.E + 2 * a.P;
    while (((uint64_t)1 << a.lg) < s) a.lg++;
    a.T = (int64_t)(hr->t > hr->inf_from ? hr->t : hr->inf_from);
    a.rho = xmalloc(p * sizeof *a.rho);
    a.kap = xmalloc(p * sizeof *a.kap);
    for (int64_t r = 0; r < a.P; r++) {
        uint64_t v = gat(g, a.E + r);
        a.rho[r] = (uint32_t)(v & (s - 1));
        a.kap[r] = (uint32_t)(v >> a.lg);
        if ((int64_t)a.kap[r] > a.kapmax) a.kapmax = a.kap[r];
    }
    a.small = xmalloc((size_t)(a.E + a.P) * sizeof *a.small);
    for (int64_t x = 1; x < a.E + a.P; x++)
        if (gat(g, x) < s) a.small[a.nsmall++] = (uint32_t)x;
    a.vlim = s * (uint64_t)(a.kapmax + 3);
    a.cons = xcalloc(a.vlim / 8 + 1, 1);
    a.cmax = xmalloc(s * sizeof *a.cmax);
    a.lomin = xmalloc(s * sizeof *a.lomin);
    /* the bounded options stay below F(n): their values are below 2^bits of the largest
       preperiod value, F(n) >= s j */
    uint64_t maxpre = 0, bound = 0;
    for (int64_t h = 0; h < a.E; h++)
        if (gat(g, h) > maxpre) maxpre = gat(g, h);
    while (bound < maxpre) bound = 2 * bound + 1;
    need_j(&a, (int64_t)(bound / s) + 1);
    constants(&a);
    bool ok = true;
    for (int64_t rn = 0; rn < a.P && ok; rn++) ok = covers(&a, rn) && excludes(&a, rn);
    uint64_t nj = (uint64_t)(a.E + a.P * (a.jreq > 0 ? a.jreq : 0));
    *n0 = (uint64_t)a.nreq > nj ? (uint64_t)a.nreq : nj;
    if (*n0 < (uint64_t)(a.E + a.P)) *n0 = (uint64_t)(a.E + a.P);
    xfree(a.rho);
    xfree(a.kap);
    xfree(a.small);
    xfree(a.cons);
    xfree(a.cmax);
    xfree(a.lomin);
    xfree(a.pts);
    return ok;
}

bool aper_prove(const HeapRules *hr, RareTable g, size_t L, uint64_t e, uint64_t p, uint64_t s, uint64_t *need)
{
    *need = 0;
    if (!p || L < e + 3 * p) return false;   /* too few values to have seen the period */
    for (size_t n = e; n + p < L; n++)
        if (gat(g, (int64_t)n + (int64_t)p) != gat(g, (int64_t)n) + s) return false;
    uint64_t n0;
    if (!aper_check(hr, g, e, p, s, &n0)) return false;
    if (L >= n0) return true;
    *need = n0;
    return false;
}
