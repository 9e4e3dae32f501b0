/* rulegen.c: random one-heap rulesets (see rulegen.h): generation, rendering as `.game` text,
   and the brute force. The brute force reads the rules from the struct: a move removes k (from
   the domain, in the order written), is legal when every guard holds, and leaves nothing, the
   rest r = n - k, or a split of r; G(n) is the mex of the XORs of the parts' values. */
#include "rulegen.h"
#include "jsonduel.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t rg_next(RgRng *g) { return duel_splitmix(&g->s); }

int rg_int(RgRng *g, int lo, int hi) { return lo + (int)(rg_next(g) % (uint64_t)(hi - lo + 1)); }

static bool chance(RgRng *g, int percent) { return rg_int(g, 1, 100) <= percent; }

/* ---- generation ------------------------------------------------------------------------ */

static int pick_values(RgRng *g, int *v, int lo, int hi, bool distinct)
{
    int n = rg_int(g, 1, 4);
    for (int i = 0; i < n; i++) {
        int x;
        bool again;
        do {
            x = rg_int(g, lo, hi);
            again = false;
            for (int j = 0; distinct && j < i; j++) again |= v[j] == x;
        } while (again);
        v[i] = x;
    }
    return n;
}

static int min_of(const int *v, int n)
{
    int m = v[0];
    for (int i = 1; i < n; i++) m = v[i] < m ? v[i] : m;
    return m;
}

/* The smallest removal the domain allows (guards aside). */
static int kmin(const Ruleset *rs, const RgRule *r)
{
    switch (r->dom) {
    case RG_RANGE: return r->lo;
    case RG_SET: case RG_LIST: return min_of(r->vals, r->nvals);
    case RG_CONST: return min_of(rs->cvals, rs->ncvals);
    case RG_PARAM: return min_of(rs->S, rs->nS);
    case RG_FIXED: return r->fixed;
    default: return 1;
    }
}

/* Whether the domain alone keeps k <= n. */
static bool bounded_by_n(const RgRule *r)
{
    return r->dom == RG_RANGE && (r->hi == RG_HI_N || r->hi == RG_HI_NMINUS || r->hi == RG_HI_MIN_CN || r->hi == RG_HI_MIN_MN);
}

static void add_guard(RgRule *r, RgGuard x, int c)
{
    if (r->ng < RG_MAX_GUARDS) {
        r->g[r->ng] = x;
        r->gc[r->ng] = c;
        r->ng++;
    }
}

static void random_safe_guard(RgRng *g, RgRule *r)
{
    static const RgGuard safe[] = { RG_K_LE_N, RG_N_GE_K, RG_R_GE, RG_R_GT, RG_K_LT_N1, RG_KC_LE_N, RG_2K_LE_N, RG_K_LE_HALF };
    RgGuard x = safe[rg_int(g, 0, (int)(sizeof safe / sizeof safe[0]) - 1)];
    int c = x == RG_R_GE ? rg_int(g, 0, 3) : x == RG_R_GT ? rg_int(g, -1, 2) : x == RG_KC_LE_N ? rg_int(g, 0, 2) : 0;
    add_guard(r, x, c);
}

/* Guards a take-and-break reading can use: they filter k or bound n - k from below. */
static bool plain_guard(RgGuard x)
{
    return x == RG_K_LE_N || x == RG_N_GE_K || x == RG_R_GE || x == RG_R_GT || x == RG_K_LT_N1 || x == RG_KC_LE_N ||
           x == RG_2K_LE_N || x == RG_N_GE_C || x == RG_K_NE || x == RG_K_LE_M;
}

static void random_extra_guard(RgRng *g, const Ruleset *rs, RgRule *r, bool plain)
{
    for (;;) {
        RgGuard x = (RgGuard)rg_int(g, 0, RG__GUARDS - 1);
        if (x == RG_K_EQ_N) continue;   /* only for the "=> 0" rules */
        if (x == RG_K_LE_M && rs->param != RG_P_INT) continue;
        if (plain && !plain_guard(x)) continue;
        int c = 0;
        switch (x) {
        case RG_R_GE: c = rg_int(g, 0, 3); break;
        case RG_R_GT: c = rg_int(g, -1, 2); break;
        case RG_KC_LE_N: c = rg_int(g, 0, 2); break;
        case RG_N_GE_C: c = rg_int(g, 0, 6); break;
        case RG_K_PAR: case RG_N_PAR: c = rg_int(g, 0, 1); break;
        case RG_K_NE: c = rg_int(g, 0, 5); break;
        case RG_N_LE_C: c = rg_int(g, 5, 60); break;
        case RG_N_MOD3: c = rg_int(g, 0, 2); break;
        case RG_R_NE: c = rg_int(g, 0, 4); break;
        default: break;
        }
        add_guard(r, x, c);
        return;
    }
}

static void random_domain(RgRng *g, Ruleset *rs, RgRule *r, bool zero_ok)
{
    int lo0 = zero_ok ? 0 : 1;
    for (;;) {
        int w = rg_int(g, 1, 100);
        if (w <= 45) {
            r->dom = RG_RANGE;
            r->lo = zero_ok && chance(g, 15) ? 0 : rg_int(g, 1, 100) <= 70 ? 1 : rg_int(g, 2, 3);
            int h = rg_int(g, 1, 100);
            if (h <= 30) { r->hi = RG_HI_CONST; r->hi_c = r->lo + rg_int(g, 0, 6); }
            else if (h <= 55) r->hi = RG_HI_N;
            else if (h <= 65) { r->hi = RG_HI_NMINUS; r->hi_c = rg_int(g, 1, 2); }
            else if (h <= 85) { r->hi = RG_HI_MIN_CN; r->hi_c = r->lo + rg_int(g, 0, 6); }
            else if (rs->param == RG_P_INT) r->hi = chance(g, 50) ? RG_HI_M : RG_HI_MIN_MN;
            else r->hi = RG_HI_N;
            return;
        }
        if (w <= 65) { r->dom = RG_SET; r->nvals = pick_values(g, r->vals, lo0, 9, true); return; }
        if (w <= 73) { r->dom = RG_LIST; r->nvals = pick_values(g, r->vals, lo0, 9, false); return; }
        if (w <= 80) {
            if (!rs->ncvals) {
                rs->cset = chance(g, 70);
                rs->ncvals = pick_values(g, rs->cvals, 1, 9, rs->cset);
            }
            r->dom = RG_CONST;
            return;
        }
        if (w <= 85) {
            if (rs->param != RG_P_SET) continue;
            r->dom = RG_PARAM;
            return;
        }
        r->dom = RG_FIXED;
        r->fixed = rg_int(g, lo0, 8);
        return;
    }
}

void rg_generate(RgRng *g, int id, Ruleset *rs)
{
    memset(rs, 0, sizeof *rs);
    snprintf(rs->name, sizeof rs->name, "R%d", id);
    int p = rg_int(g, 1, 100);
    rs->param = p <= 70 ? RG_P_NONE : p <= 88 ? RG_P_INT : RG_P_SET;
    rs->m = rg_int(g, 1, 6);
    if (rs->param == RG_P_SET) {
        rs->nS = pick_values(g, rs->S, 1, 7, true);
        for (int i = 1; i < rs->nS; i++)   /* a set is sorted */
            for (int j = i; j > 0 && rs->S[j] < rs->S[j - 1]; j--) { int t = rs->S[j]; rs->S[j] = rs->S[j - 1]; rs->S[j - 1] = t; }
    }
    int w = rg_int(g, 1, 100);
    rs->nrules = w <= 35 ? 1 : w <= 70 ? 2 : w <= 90 ? 3 : 4;
    /* half the rulesets keep to shapes a take-and-break reading may recognise (the point is to
       reach the recogniser often), the others use every shape */
    bool plain = chance(g, 50);
    for (int i = 0; i < rs->nrules; i++) {
        RgRule *r = &rs->r[i];
        int k = plain ? rg_int(g, 5, 88) : rg_int(g, 1, 100);
        if (k <= 4) {
            r->dom = RG_HALVE;
            r->fixed = rg_int(g, 2, 3);
            r->parts = r->fixed;
            rs->has_splits = true;
            continue;
        }
        r->parts = k <= 55 ? 1 : k <= 88 ? 2 : k <= 94 ? 3 : 0;
        /* a removal of 0 would give a cycle unless the heap is split into smaller parts */
        bool zero_ok = r->parts != 1;
        random_domain(g, rs, r, zero_ok);
        if (r->parts == 1 && kmin(rs, r) < 1) { r->dom = RG_FIXED; r->fixed = rg_int(g, 1, 8); }
        if (r->parts == 2) {
            static const RgSplit proper[] = { RG_S_HALF1, RG_S_RM1, RG_S_UNEQ, RG_S_LO2, RG_S_THIRD };
            if (kmin(rs, r) == 0) r->split = proper[rg_int(g, 0, plain ? 2 : 4)];
            else r->split = chance(g, plain ? 92 : 75) ? (RgSplit)rg_int(g, 0, 6) : (RgSplit)rg_int(g, 0, RG__SPLITS - 1);
            /* (plain rulesets too sometimes split 2..r / 2 or 1..r / 3: shapes the recogniser must decline) */
            r->swapped = chance(g, 15);
        }
        if (r->parts >= 2) rs->has_splits = true;
        if (r->parts == 0) add_guard(r, RG_K_EQ_N, 0);
        else if (!bounded_by_n(r) || chance(g, 10)) random_safe_guard(g, r);
        int extra = rg_int(g, 1, 100);
        if (extra <= 35) random_extra_guard(g, rs, r, plain);
        if (extra <= 8) random_extra_guard(g, rs, r, plain);
        r->guards_joined = chance(g, 50);
        r->use_let = !plain && r->parts == 1 && chance(g, 8);
        r->affine = chance(g, 80) ? 0 : rg_int(g, 1, 3);
    }
}

/* ---- rendering ----------------------------------------------------------------------------- */

static void out(char **buf, size_t *len, size_t *cap, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void out(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(*buf ? *buf + *len : NULL, *buf ? *cap - *len : 0, fmt, ap);
        va_end(ap);
        if (*buf && *len + (size_t)n < *cap) {
            *len += (size_t)n;
            return;
        }
        *cap = (*cap + (size_t)n + 64) * 2;
        *buf = realloc(*buf, *cap);
    }
}

static const char *extra_arg(const Ruleset *rs) { return rs->param == RG_P_INT ? ", m" : rs->param == RG_P_SET ? ", S" : ""; }

static void values_text(const int *v, int n, bool set, char *s, size_t cap)
{
    size_t l = (size_t)snprintf(s, cap, "%c", set ? '{' : '[');
    for (int i = 0; i < n; i++) l += (size_t)snprintf(s + l, cap - l, "%s%d", i ? ", " : "", v[i]);
    snprintf(s + l, cap - l, "%c", set ? '}' : ']');
}

/* The text of the removal: "k", or the fixed constant. */
static void kname(const RgRule *r, char *s, size_t cap)
{
    if (r->dom == RG_FIXED) snprintf(s, cap, "%d", r->fixed);
    else snprintf(s, cap, "k");
}

/* The text of r = n - k. */
static void rest(const RgRule *r, char *s, size_t cap)
{
    char k[16];
    kname(r, k, sizeof k);
    switch (r->affine) {
    case 1: snprintf(s, cap, "-%s + n", k); break;
    case 2: snprintf(s, cap, "n - %s + 0", k); break;
    case 3: snprintf(s, cap, "(n + 1) - (%s + 1)", k); break;
    default: snprintf(s, cap, "n - %s", k); break;
    }
}

static void guard_text(const RgRule *r, int i, char *s, size_t cap)
{
    char k[16];
    kname(r, k, sizeof k);
    int c = r->gc[i];
    switch (r->g[i]) {
    case RG_K_LE_N: snprintf(s, cap, "%s <= n", k); break;
    case RG_N_GE_K: snprintf(s, cap, "n >= %s", k); break;
    case RG_R_GE: snprintf(s, cap, "n - %s >= %d", k, c); break;
    case RG_R_GT: snprintf(s, cap, "n - %s > %d", k, c); break;
    case RG_K_LT_N1: snprintf(s, cap, "%s < n + 1", k); break;
    case RG_KC_LE_N: snprintf(s, cap, "%s + %d <= n", k, c); break;
    case RG_2K_LE_N: snprintf(s, cap, "2 * %s <= n", k); break;
    case RG_K_LE_HALF: snprintf(s, cap, "%s <= n / 2", k); break;
    case RG_K_EQ_N: snprintf(s, cap, "%s == n", k); break;
    case RG_N_GE_C: snprintf(s, cap, "n >= %d", c); break;
    case RG_K_PAR: snprintf(s, cap, "%s %% 2 == %d", k, c); break;
    case RG_N_PAR: snprintf(s, cap, "n %% 2 == %d", c); break;
    case RG_K_NE: snprintf(s, cap, "%s != %d", k, c); break;
    case RG_K_LE_M: snprintf(s, cap, "%s <= m", k); break;
    case RG_N_LE_C: snprintf(s, cap, "n <= %d", c); break;
    case RG_N_MOD3: snprintf(s, cap, "n %% 3 != %d", c); break;
    case RG_R_NE: snprintf(s, cap, "n - %s != %d", k, c); break;
    default: snprintf(s, cap, "true"); break;
    }
}

static void split_range(RgSplit sp, const char *rx, char *s, size_t cap)
{
    switch (sp) {
    case RG_S_HALF1: snprintf(s, cap, "1..(%s) / 2", rx); break;
    case RG_S_HALF0: snprintf(s, cap, "0..(%s) / 2", rx); break;
    case RG_S_CEIL0: snprintf(s, cap, "0..(%s + 1) / 2", rx); break;
    case RG_S_RM1: snprintf(s, cap, "1..%s - 1", rx); break;
    case RG_S_R0: snprintf(s, cap, "0..%s", rx); break;
    case RG_S_R1: snprintf(s, cap, "1..%s", rx); break;
    case RG_S_UNEQ: snprintf(s, cap, "1..(%s - 1) / 2", rx); break;
    case RG_S_LO2: snprintf(s, cap, "2..(%s) / 2", rx); break;
    default: snprintf(s, cap, "1..(%s) / 3", rx); break;
    }
}

void rg_render(const Ruleset *rs, char **buf, size_t *len, size_t *cap)
{
    const char *N = rs->name, *X = extra_arg(rs);
    if (rs->ncvals) {
        char v[128];
        values_text(rs->cvals, rs->ncvals, rs->cset, v, sizeof v);
        out(buf, len, cap, "const C%s = %s;\n", N + 1, v);
    }
    out(buf, len, cap, "game %s(n%s) {\n", N, X);
    for (int i = 0; i < rs->nrules; i++) {
        const RgRule *r = &rs->r[i];
        char rx[64], bind[256] = "", clauses[512] = "", res[256];
        if (r->dom == RG_HALVE) {
            out(buf, len, cap, "    move h%d when n %% %d == 0 and n >= %d => %d * %s(n / %d%s);\n", i, r->fixed, r->fixed,
                r->fixed, N, r->fixed, X);
            continue;
        }
        rest(r, rx, sizeof rx);
        size_t bl = 0;
        switch (r->dom) {
        case RG_RANGE: {
            bl += (size_t)snprintf(bind, sizeof bind, "k in %d..", r->lo);
            switch (r->hi) {
            case RG_HI_CONST: bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "%d", r->hi_c); break;
            case RG_HI_N: bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "n"); break;
            case RG_HI_NMINUS: bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "n - %d", r->hi_c); break;
            case RG_HI_MIN_CN: bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "min(%d, n)", r->hi_c); break;
            case RG_HI_M: bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "m"); break;
            case RG_HI_MIN_MN: bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "min(m, n)"); break;
            }
            break;
        }
        case RG_SET: case RG_LIST: {
            char v[128];
            values_text(r->vals, r->nvals, r->dom == RG_SET, v, sizeof v);
            bl += (size_t)snprintf(bind, sizeof bind, "k in %s", v);
            break;
        }
        case RG_CONST: bl += (size_t)snprintf(bind, sizeof bind, "k in C%s", N + 1); break;
        case RG_PARAM: bl += (size_t)snprintf(bind, sizeof bind, "k in S"); break;
        default: break;
        }
        if (r->parts == 2) {
            char sr[128];
            split_range(r->split, rx, sr, sizeof sr);
            bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "%sa in %s", bl ? ", " : "", sr);
        } else if (r->parts == 3) {
            bl += (size_t)snprintf(bind + bl, sizeof bind - bl, "%sa in 1..%s, b in 1..%s - a", bl ? ", " : "", rx, rx);
        }
        size_t cl = 0;
        if (r->use_let) cl += (size_t)snprintf(clauses, sizeof clauses, " let r = %s", rx);
        for (int j = 0; j < r->ng; j++) {
            char gt[128];
            guard_text(r, j, gt, sizeof gt);
            cl += (size_t)snprintf(clauses + cl, sizeof clauses - cl, "%s%s", j && r->guards_joined ? " and " : " when ", gt);
        }
        if (r->use_let) cl += (size_t)snprintf(clauses + cl, sizeof clauses - cl, " when r >= 0");
        switch (r->parts) {
        case 0: snprintf(res, sizeof res, "0"); break;
        case 1: snprintf(res, sizeof res, "%s(%s%s)", N, r->use_let ? "r" : rx, X); break;
        case 2:
            if (r->swapped) snprintf(res, sizeof res, "%s(%s - a%s) + %s(a%s)", N, rx, X, N, X);
            else snprintf(res, sizeof res, "%s(a%s) + %s(%s - a%s)", N, X, N, rx, X);
            break;
        default: snprintf(res, sizeof res, "%s(a%s) + %s(b%s) + %s(%s - a - b%s)", N, X, N, X, N, rx, X); break;
        }
        if (bl) out(buf, len, cap, "    move t%d(%s)%s => %s;\n", i, bind, clauses, res);
        else out(buf, len, cap, "    move t%d%s => %s;\n", i, clauses, res);
    }
    out(buf, len, cap, "}\n");
}

int rg_pos(const Ruleset *rs, long long n, char *s, size_t cap)
{
    if (rs->param == RG_P_INT) return snprintf(s, cap, "%s(%lld, %d)", rs->name, n, rs->m);
    if (rs->param == RG_P_SET) {
        char v[128];
        values_text(rs->S, rs->nS, true, v, sizeof v);
        return snprintf(s, cap, "%s(%lld, %s)", rs->name, n, v);
    }
    return snprintf(s, cap, "%s(%lld)", rs->name, n);
}

/* ---- brute force ------------------------------------------------------------------------- */

static bool guard_holds(const Ruleset *rs, const RgRule *r, int i, long long n, long long k)
{
    long long c = r->gc[i];
    switch (r->g[i]) {
    case RG_K_LE_N: return k <= n;
    case RG_N_GE_K: return n >= k;
    case RG_R_GE: return n - k >= c;
    case RG_R_GT: return n - k > c;
    case RG_K_LT_N1: return k < n + 1;
    case RG_KC_LE_N: return k + c <= n;
    case RG_2K_LE_N: return 2 * k <= n;
    case RG_K_LE_HALF: return k <= n / 2;
    case RG_K_EQ_N: return k == n;
    case RG_N_GE_C: return n >= c;
    case RG_K_PAR: return k % 2 == c;
    case RG_N_PAR: return n % 2 == c;
    case RG_K_NE: return k != c;
    case RG_K_LE_M: return k <= rs->m;
    case RG_N_LE_C: return n <= c;
    case RG_N_MOD3: return n % 3 != c;
    case RG_R_NE: return n - k != c;
    default: return true;
    }
}

/* A set's elements (sorted, each once) or a list's (as written) into ks; returns the count. */
static int values(const int *vals, int n, bool set, long long *ks)
{
    int cnt = 0;
    for (int i = 0; i < n; i++) {
        if (!set) { ks[cnt++] = vals[i]; continue; }
        int j = cnt;
        while (j > 0 && ks[j - 1] > vals[i]) j--;
        if (j > 0 && ks[j - 1] == vals[i]) continue;
        memmove(ks + j + 1, ks + j, (size_t)(cnt - j) * sizeof *ks);
        ks[j] = vals[i];
        cnt++;
    }
    return cnt;
}

/* The values of k the domain yields at heap n, in order; returns the count. */
/* The top of a range domain at heap n. */
static long long range_hi(const Ruleset *rs, const RgRule *r, long long n)
{
    switch (r->hi) {
    case RG_HI_CONST: return r->hi_c;
    case RG_HI_N: return n;
    case RG_HI_NMINUS: return n - r->hi_c;
    case RG_HI_MIN_CN: return r->hi_c < n ? r->hi_c : n;
    case RG_HI_M: return rs->m;
    case RG_HI_MIN_MN: return rs->m < n ? rs->m : n;
    }
    return 0;
}

static int domain(const Ruleset *rs, const RgRule *r, long long n, long long *ks, int cap)
{
    int cnt = 0;
    switch (r->dom) {
    case RG_RANGE: {
        long long hi = range_hi(rs, r, n);
        for (long long k = r->lo; k <= hi; k++) {
            if (cnt == cap) {
                fprintf(stderr, "rulegen: a domain too large to enumerate (%s)\n", rs->name);
                abort();
            }
            ks[cnt++] = k;
        }
        return cnt;
    }
    case RG_SET: return values(r->vals, r->nvals, true, ks);
    case RG_LIST: return values(r->vals, r->nvals, false, ks);
    case RG_CONST: return values(rs->cvals, rs->ncvals, rs->cset, ks);
    case RG_PARAM:
        for (int i = 0; i < rs->nS; i++) ks[cnt++] = rs->S[i];
        return cnt;
    case RG_FIXED:
        ks[cnt++] = r->fixed;
        return cnt;
    default: return 0;
    }
}

/* The split binder's range for the rest r (r >= 0). */
static void split_bounds(RgSplit sp, long long r, long long *lo, long long *hi)
{
    switch (sp) {
    case RG_S_HALF1: *lo = 1; *hi = r / 2; break;
    case RG_S_HALF0: *lo = 0; *hi = r / 2; break;
    case RG_S_CEIL0: *lo = 0; *hi = (r + 1) / 2; break;
    case RG_S_RM1: *lo = 1; *hi = r - 1; break;
    case RG_S_R0: *lo = 0; *hi = r; break;
    case RG_S_R1: *lo = 1; *hi = r; break;
    case RG_S_UNEQ: *lo = 1; *hi = (r - 1) / 2; break;   /* r >= 0: C division is the floor here */
    case RG_S_LO2: *lo = 2; *hi = r / 2; break;
    default: *lo = 1; *hi = r / 3; break;
    }
}

void rg_moves(const Ruleset *rs, long long n, RgMoveCb cb, void *ctx)
{
    long long parts[4];
    /* room for the largest domain at n (values: at most RG_MAX_VALS); on the stack when small, as
       a heap of a million calls this a million times */
    long long need = RG_MAX_VALS;
    for (int i = 0; i < rs->nrules; i++)
        if (rs->r[i].dom == RG_RANGE && range_hi(rs, &rs->r[i], n) - rs->r[i].lo + 1 > need)
            need = range_hi(rs, &rs->r[i], n) - rs->r[i].lo + 1;
    long long small[256];
    int cap = (int)((need < 100000 ? need : 100000) + 16);
    long long *ks = cap <= 256 ? small : malloc((size_t)cap * sizeof *ks);
    for (int i = 0; i < rs->nrules; i++) {
        const RgRule *r = &rs->r[i];
        if (r->dom == RG_HALVE) {
            if (n % r->fixed == 0 && n >= r->fixed) {
                for (int j = 0; j < r->fixed; j++) parts[j] = n / r->fixed;
                if (cb(parts, r->fixed, ctx)) goto done;
            }
            continue;
        }
        int nk = domain(rs, r, n, ks, cap);
        for (int ki = 0; ki < nk; ki++) {
            long long k = ks[ki];
            bool ok = true;
            for (int j = 0; j < r->ng && ok; j++) ok = guard_holds(rs, r, j, n, k);
            if (!ok) continue;
            long long rr = n - k;
            if (rr < 0) {   /* the generator promises guards that prevent this */
                fprintf(stderr, "rulegen: %s makes a negative heap at n = %lld, k = %lld\n", rs->name, n, k);
                abort();
            }
            if (r->parts == 0) {
                if (cb(parts, 0, ctx)) goto done;
            } else if (r->parts == 1) {
                parts[0] = rr;
                if (cb(parts, 1, ctx)) goto done;
            } else if (r->parts == 2) {
                long long lo, hi;
                split_bounds(r->split, rr, &lo, &hi);
                for (long long a = lo; a <= hi; a++) {
                    parts[r->swapped ? 1 : 0] = a;
                    parts[r->swapped ? 0 : 1] = rr - a;
                    if (cb(parts, 2, ctx)) goto done;
                }
            } else {
                for (long long a = 1; a <= rr; a++)
                    for (long long b = 1; b <= rr - a; b++) {
                        parts[0] = a;
                        parts[1] = b;
                        parts[2] = rr - a - b;
                        if (cb(parts, 3, ctx)) goto done;
                    }
            }
        }
    }
done:
    if (ks != small) free(ks);
}

typedef struct MexCtx { const RgValues *v; int n; uint8_t *seen; size_t cap, hi; bool any; } MexCtx;

static bool mex_cb(const long long *parts, int np, void *ctx)
{
    MexCtx *m = ctx;
    uint32_t x = 0;
    for (int i = 0; i < np; i++) {
        if (parts[i] >= m->n) {
            fprintf(stderr, "rulegen: a move from %d reaches %lld (not smaller)\n", m->n, parts[i]);
            abort();
        }
        x ^= m->v->g[parts[i]];
    }
    if (x < m->cap) {
        m->seen[x] = 1;
        if (x >= m->hi) m->hi = x + 1;
    }
    m->any = true;
    return false;
}

void rg_values(const Ruleset *rs, int N, RgValues *v)
{
    v->N = N;
    v->g = calloc((size_t)N + 1, sizeof *v->g);
    v->moves = calloc((size_t)N + 1, sizeof *v->moves);
    size_t cap = 16384;   /* values stay below it for the heaps the duel computes (n < 8192) */
    uint8_t *seen = calloc(cap, 1);
    for (int n = 0; n <= N; n++) {
        MexCtx m = { v, n, seen, cap, 0, false };
        rg_moves(rs, n, mex_cb, &m);
        uint32_t x = 0;
        while (x < cap && seen[x]) x++;
        v->g[n] = x;
        v->moves[n] = m.any;
        memset(seen, 0, m.hi);   /* only what this heap marked */
    }
    free(seen);
}

void rg_values_free(RgValues *v)
{
    free(v->g);
    free(v->moves);
    memset(v, 0, sizeof *v);
}

bool rg_finite_take(const Ruleset *rs)
{
    for (int i = 0; i < rs->nrules; i++) {
        const RgRule *r = &rs->r[i];
        if (r->dom == RG_HALVE || r->parts >= 2) return false;
        if (r->dom == RG_RANGE && r->hi != RG_HI_CONST && r->hi != RG_HI_M && r->hi != RG_HI_MIN_CN && r->hi != RG_HI_MIN_MN)
            return false;
    }
    return true;
}
