/* duel_big.c: the big-number duel. Every closed form that takes numbers, and the octal and
   subtraction games answered through their proven periods, are asked about positions with entries
   near 2^62, near 2^63 - 1, near 2^64, near 10^30 and up to 10^40 (integers of any size; Wythoff
   also as decimal strings, the old way); the outcome, the SG value and the winning-move list are
   compared with a reference computed here with GMP from the theorem (Zeckendorf representations
   for Wythoff, floating point for Fraenkel's pairs, the phi test for Euclid, a brute-force table
   and the published period for Kayles, ...), not from the engine's code. Where the reference can
   only scan a prefix of the candidates, the two lists must agree on it and the engine must say
   when it listed less than everything. Seeded; DUEL_BIG_SCALE=N multiplies the number of
   positions. (JumpRow and the coin-turning games take strings of cells, not numbers: duel_closed
   covers them.) */
#include "config.h"
#include "jsonduel.h"
#include <gmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXWIN 1000   /* the engine lists at most this many winning moves */

/* ---- small utilities ---------------------------------------------------------------------- */

static uint64_t rng_s = 20261202;
static uint64_t rnd64(void) { return duel_splitmix(&rng_s); }
static long long rndr(long long lo, long long hi) { return lo + (long long)(rnd64() % (uint64_t)(hi - lo + 1)); }

/* A big non-negative number: near 2^62, near 2^63 - 1 (either side), near 2^64, near 10^30, any
   number below 10^40, or any 63-bit value. */
static void big(mpz_t z)
{
    mpz_t r;
    mpz_init(r);
    switch (rndr(0, 6)) {
    case 0: mpz_set_ui(z, 1); mpz_mul_2exp(z, z, 62); if (rndr(0, 1)) mpz_add_ui(z, z, (unsigned long)rndr(0, 5000)); else mpz_sub_ui(z, z, (unsigned long)rndr(0, 5000)); break;
    case 1: mpz_set_ui(z, 1); mpz_mul_2exp(z, z, 63); if (rndr(0, 1)) mpz_add_ui(z, z, (unsigned long)rndr(0, 5000)); else mpz_sub_ui(z, z, (unsigned long)rndr(1, 5000)); break;
    case 2: mpz_set_ui(z, 1); mpz_mul_2exp(z, z, 64); if (rndr(0, 1)) mpz_add_ui(z, z, (unsigned long)rndr(0, 5000)); else mpz_sub_ui(z, z, (unsigned long)rndr(1, 5000)); break;
    case 3: mpz_ui_pow_ui(z, 10, 30); mpz_set_ui(r, rnd64() >> rndr(0, 50)); if (rndr(0, 1)) mpz_add(z, z, r); else mpz_sub(z, z, r); break;
    case 4:   /* uniform-ish below 10^40: four random words, cut to a random size */
        mpz_set_ui(z, rnd64());
        for (int i = 0; i < 2; i++) { mpz_mul_2exp(z, z, 64); mpz_set_ui(r, rnd64()); mpz_add(z, z, r); }
        mpz_ui_pow_ui(r, 10, (unsigned long)rndr(19, 40));
        mpz_mod(z, z, r);
        break;
    case 5: mpz_set_ui(z, rnd64() >> 1); break;
    default: mpz_set_ui(z, rnd64() >> (1 + rndr(0, 40))); break;
    }
    mpz_clear(r);
}



/* ---- a case: the query and the reference's answer ---------------------------------------------- */

typedef struct Case Case;
typedef bool (*Verify)(const Case *c, const char *move);
struct Case {
    const char *form;
    char *query, *position;
    char outcome;
    char *sg;                 /* decimal, or NULL: the form gives only the outcome */
    char **win;
    int nwin;
    bool complete;            /* win holds every winning move */
    bool may_cut;             /* the engine scans candidates and may stop early (saying so) */
    Verify verify;            /* checks a listed move beyond what the reference scanned */
    mpz_t a[4];               /* the case's numbers, for verify */
};

typedef struct Cases { Case *v; int n, cap; } Cases;

static Case *new_case(Cases *cs, const char *form)
{
    if (cs->n == cs->cap) {
        cs->cap = cs->cap ? 2 * cs->cap : 64;
        cs->v = realloc(cs->v, (size_t)cs->cap * sizeof *cs->v);
    }
    Case *c = &cs->v[cs->n++];
    memset(c, 0, sizeof *c);
    c->form = form;
    c->complete = true;
    for (int i = 0; i < 4; i++) mpz_init(c->a[i]);
    return c;
}

static void add_win(Case *c, char *m)
{
    for (int i = 0; i < c->nwin; i++)
        if (!strcmp(c->win[i], m)) { free(m); return; }   /* the engine lists each result once */
    c->win = realloc(c->win, (size_t)(c->nwin + 1) * sizeof *c->win);
    c->win[c->nwin++] = m;
}

static void free_case(Case *c)
{
    free(c->query);
    free(c->position);
    free(c->sg);
    for (int i = 0; i < c->nwin; i++) free(c->win[i]);
    free(c->win);
    for (int i = 0; i < 4; i++) mpz_clear(c->a[i]);
}

/* A sum of Nim heaps as the engine prints it: empty heaps left out, equal heaps next to each other
   as "k * Heap(n)"; with moved >= 0, one copy of the group of heap `moved` becomes Heap(to), written
   after the copies left in the group's place. */
static char *heaps_text(mpz_t *h, int n, int moved, mpz_srcptr to)
{
    Str s = { 0 };
    for (int i = 0, k = 0; i < n; i += k, k = 0) {
        while (i + k < n && !mpz_cmp(h[i + k], h[i])) k++;
        bool here = moved >= i && moved < i + k;
        int left = here ? k - 1 : k;
        if (mpz_sgn(h[i]) && left) {
            sput(&s, "%s", s.len ? " + " : "");
            if (left > 1) sput(&s, "%d * ", left);
            sput(&s, "Heap(%Zd)", h[i]);
        }
        if (here && mpz_sgn(to)) sput(&s, "%sHeap(%Zd)", s.len ? " + " : "", to);
    }
    return s.s ? s.s : duel_fmt("0");
}

/* ---- Nim: SG = XOR; a heap a_i moves to a_i ^ x when that is smaller (Bouton) ----------------------- */

static void nim_case(Cases *cs, int k)
{
    Case *c = new_case(cs, "nim");
    mpz_t h[6], x, t;
    mpz_inits(x, t, NULL);
    Str q = { 0 };
    sput(&q, "Nim(");
    for (int i = 0; i < k; i++) {
        mpz_init(h[i]);
        if (rndr(0, 5) == 0) mpz_set_ui(h[i], (unsigned long)rndr(0, 3));
        else if (i > 0 && rndr(0, 4) == 0) mpz_set(h[i], h[i - 1]);
        else big(h[i]);
        sput(&q, "%s%Zd", i ? ", " : "", h[i]);
        mpz_xor(x, x, h[i]);
    }
    sput(&q, ")");
    c->query = q.s;
    c->position = heaps_text(h, k, -1, NULL);
    c->outcome = mpz_sgn(x) ? 'N' : 'P';
    c->sg = mpz_get_str(NULL, 10, x);
    for (int i = 0; i < k && mpz_sgn(x); i++) {
        bool again = false;   /* moving an equal heap gives the same position */
        for (int j = 0; j < i; j++) again |= !mpz_cmp(h[j], h[i]);
        if (!mpz_sgn(h[i]) || again) continue;
        mpz_xor(t, h[i], x);
        if (mpz_cmp(t, h[i]) >= 0) continue;
        add_win(c, heaps_text(h, k, i, t));
    }
    for (int i = 0; i < k; i++) mpz_clear(h[i]);
    mpz_clears(x, t, NULL);
}

/* ---- Bash(n, m): SG n mod (m + 1); TakeRange(n, a, b): SG floor((n mod (a + b)) / a) ---------------- */

static void bash_case(Cases *cs)
{
    Case *c = new_case(cs, "bash");
    mpz_t n, m, m1, g;
    mpz_inits(n, m, m1, g, NULL);
    big(n);
    if (rndr(0, 2)) big(m); else mpz_set_ui(m, (unsigned long)rndr(1, 1000));
    if (!mpz_sgn(m)) mpz_set_ui(m, 1);
    mpz_add_ui(m1, m, 1);
    mpz_mod(g, n, m1);
    c->query = duel_fmt("Bash(%Zd, %Zd)", n, m);
    c->position = mpz_sgn(n) ? duel_fmt("Bash(%Zd, %Zd)", n, m) : duel_fmt("0");
    c->outcome = mpz_sgn(g) ? 'N' : 'P';
    c->sg = mpz_get_str(NULL, 10, g);
    if (mpz_sgn(g)) {   /* take g: the rest is a multiple of m + 1 */
        mpz_sub(n, n, g);
        add_win(c, mpz_sgn(n) ? duel_fmt("Bash(%Zd, %Zd)", n, m) : duel_fmt("0"));
    }
    mpz_clears(n, m, m1, g, NULL);
}

static void takerange_case(Cases *cs)
{
    Case *c = new_case(cs, "takerange");
    mpz_t n, a, b, p, g, k, kmax, r, rm, tmp;
    mpz_inits(n, a, b, p, g, k, kmax, r, rm, tmp, NULL);
    big(n);
    if (rndr(0, 1)) { big(a); if (!mpz_sgn(a)) mpz_set_ui(a, 1); }
    else mpz_set_ui(a, (unsigned long)rndr(1, 50));
    if (rndr(0, 1)) { big(b); if (mpz_cmp(b, a) < 0) mpz_swap(a, b); if (!mpz_sgn(a)) mpz_set_ui(a, 1); }
    else mpz_add_ui(b, a, (unsigned long)rndr(0, 50));
    mpz_add(p, a, b);
    mpz_mod(g, n, p);
    mpz_fdiv_q(g, g, a);
    c->query = duel_fmt("TakeRange(%Zd, %Zd, %Zd)", n, a, b);
    c->position = mpz_cmp(n, a) >= 0 ? duel_fmt("TakeRange(%Zd, %Zd, %Zd)", n, a, b) : duel_fmt("0");
    c->outcome = mpz_sgn(g) ? 'N' : 'P';
    c->sg = mpz_get_str(NULL, 10, g);
    c->may_cut = true;
    /* the winning k, ascending: the rest n - k is in [0, a) modulo a + b; a rest below a is the
       terminal position (printed 0, once) */
    if (mpz_sgn(g)) {
        mpz_set(kmax, mpz_cmp(b, n) < 0 ? b : n);
        long steps = 0;
        for (mpz_set(k, a); mpz_cmp(k, kmax) <= 0 && c->nwin <= MAXWIN && steps < 4000000; steps++) {
            mpz_sub(r, n, k);
            mpz_mod(rm, r, p);
            if (mpz_cmp(rm, a) < 0) {
                bool term = mpz_cmp(r, a) < 0;
                add_win(c, term ? duel_fmt("0") : duel_fmt("TakeRange(%Zd, %Zd, %Zd)", r, a, b));
                if (term) break;   /* every later rest is terminal too */
                mpz_add_ui(k, k, 1);
            } else {   /* jump to the next k whose rest is a - 1 modulo a + b */
                mpz_sub(tmp, rm, a);
                mpz_add_ui(tmp, tmp, 1);
                mpz_add(k, k, tmp);
            }
        }
        if (steps >= 4000000 || (c->nwin > MAXWIN)) c->complete = false;
    }
    mpz_clears(n, a, b, p, g, k, kmax, r, rm, tmp, NULL);
}

/* ---- Lasker's Nim: SG(4j+1) = 4j+1, SG(4j+2) = 4j+2, SG(4j+3) = 4j+4, SG(4j+4) = 4j+3 ---------------- */

static void lasker_case(Cases *cs)
{
    Case *c = new_case(cs, "lasker");
    mpz_t n, g;
    mpz_inits(n, g, NULL);
    big(n);
    unsigned long r = mpz_fdiv_ui(n, 4);
    mpz_set(g, n);
    if (mpz_sgn(n) && r == 3) mpz_add_ui(g, g, 1);
    if (mpz_sgn(n) && r == 0) mpz_sub_ui(g, g, 1);
    c->query = duel_fmt("Lasker(%Zd)", n);
    c->position = mpz_sgn(n) ? duel_fmt("Lasker(%Zd)", n) : duel_fmt("0");
    c->outcome = mpz_sgn(g) ? 'N' : 'P';
    c->sg = mpz_get_str(NULL, 10, g);
    /* to value 0: take everything (SG is 0 only at 0); split into x + (n - x) with SG(x) = SG(n - x):
       SG is one-to-one, so x = n / 2 */
    if (mpz_sgn(n)) {
        add_win(c, duel_fmt("0"));
        if (mpz_even_p(n)) {
            mpz_fdiv_q_2exp(n, n, 1);
            add_win(c, duel_fmt("2 * Lasker(%Zd)", n));
        }
    }
    mpz_clears(n, g, NULL);
}

/* ---- PrimePowerSubtract: SG n mod 6; winning k = the prime powers congruent to n mod 6 ----------------- */

static bool prime_power(unsigned long k)
{
    if (k == 1) return true;
    unsigned long p = 0;
    for (unsigned long d = 2; d * d <= k; d++)
        if (k % d == 0) { p = d; break; }
    if (!p) return true;   /* prime */
    while (k % p == 0) k /= p;
    return k == 1;
}

/* A listed move PrimePowerSubtract(r) (or 0): k = n - r must be a prime power with r a multiple of 6. */
static bool primepower_verify(const Case *c, const char *move)
{
    mpz_t r, k, root;
    mpz_inits(r, k, root, NULL);
    bool ok = !strcmp(move, "0") || gmp_sscanf(move, "PrimePowerSubtract(%Zd)", r) == 1;
    mpz_sub(k, c->a[0], r);
    ok = ok && mpz_sgn(k) > 0 && mpz_fdiv_ui(r, 6) == 0;
    bool pp = !mpz_cmp_ui(k, 1);
    for (unsigned long e = 1; ok && !pp && e <= mpz_sizeinbase(k, 2); e++)
        if (mpz_root(root, k, e) && mpz_probab_prime_p(root, 40)) pp = true;
    mpz_clears(r, k, root, NULL);
    return ok && pp;
}

static void primepower_case(Cases *cs)
{
    Case *c = new_case(cs, "primepower");
    mpz_t n, r;
    mpz_inits(n, r, NULL);
    big(n);
    unsigned long g = mpz_fdiv_ui(n, 6);
    c->query = duel_fmt("PrimePowerSubtract(%Zd)", n);
    c->position = mpz_sgn(n) ? duel_fmt("PrimePowerSubtract(%Zd)", n) : duel_fmt("0");
    c->outcome = g ? 'N' : 'P';
    c->sg = duel_fmt("%lu", g);
    c->may_cut = true;
    c->verify = primepower_verify;
    mpz_set(c->a[0], n);
    if (g) {   /* k ascending, by trial division: the first MAXWIN + 1 (k stays small) */
        c->complete = false;
        unsigned long k;
        for (k = g; c->nwin <= MAXWIN && k < 100000000 && mpz_cmp_ui(n, k) >= 0; k += 6)
            if (prime_power(k)) {
                mpz_sub_ui(r, n, k);
                add_win(c, mpz_sgn(r) ? duel_fmt("PrimePowerSubtract(%Zd)", r) : duel_fmt("0"));
            }
        c->complete = mpz_cmp_ui(n, k) < 0 && c->nwin <= MAXWIN;
    }
    mpz_clears(n, r, NULL);
}

/* ---- Staircase: SG = XOR of the odd steps; a move from step i lands on step i - 1 ------------------- */

static void stair_case(Cases *cs)
{
    Case *c = new_case(cs, "staircase");
    int k = (int)rndr(2, 5);
    mpz_t s[6], x, want, kk, t;
    mpz_inits(x, want, kk, t, NULL);
    Str q = { 0 };
    sput(&q, "Staircase(");
    for (int i = 0; i < k; i++) {
        mpz_init(s[i]);
        if (rndr(0, 4) == 0) mpz_set_ui(s[i], (unsigned long)rndr(0, 3)); else big(s[i]);
        sput(&q, "%s%Zd", i ? ", " : "", s[i]);
        if (i % 2) mpz_xor(x, x, s[i]);
    }
    sput(&q, ")");
    c->query = q.s;
    bool any = false;
    for (int i = 1; i < k; i++) any |= mpz_sgn(s[i]) != 0;
    Str pos = { 0 };
    mpz_set_ui(s[0], 0);   /* the ground's count does not matter: canon */
    for (int i = 0; i < k; i++) sput(&pos, "%s%Zd", i ? ", " : "Staircase(", s[i]);
    sput(&pos, ")");
    c->position = any ? pos.s : (free(pos.s), duel_fmt("0"));
    c->outcome = mpz_sgn(x) ? 'N' : 'P';
    c->sg = mpz_get_str(NULL, 10, x);
    for (int i = 1; i < k && mpz_sgn(x); i++) {
        /* k coins from step i: an odd step i shrinks to s_i ^ x, an even one grows step i - 1 to s_(i-1) ^ x */
        int odd = i % 2 ? i : i - 1;
        mpz_xor(want, s[odd], x);
        if (odd == i) mpz_sub(kk, s[i], want); else mpz_sub(kk, want, s[odd]);
        if (mpz_sgn(kk) <= 0 || mpz_cmp(kk, s[i]) > 0) continue;
        Str m = { 0 };
        for (int j = 0; j < k; j++) {
            mpz_set(t, s[j]);
            if (j == i) mpz_sub(t, t, kk);
            if (j == i - 1 && j > 0) mpz_add(t, t, kk);
            sput(&m, "%s%Zd", j ? ", " : "Staircase(", t);
        }
        sput(&m, ")");
        /* the result is terminal when every step above the ground is empty */
        bool rest = false;
        for (int j = 1; j < k; j++) {
            mpz_set(t, s[j]);
            if (j == i) mpz_sub(t, t, kk);
            if (j == i - 1) mpz_add(t, t, kk);
            rest |= mpz_sgn(t) != 0;
        }
        add_win(c, rest ? m.s : (free(m.s), duel_fmt("0")));
    }
    for (int i = 0; i < k; i++) mpz_clear(s[i]);
    mpz_clears(x, want, kk, t, NULL);
}

/* ---- KamPebbles: staircase Nim on the differences d_i = a_i - a_(i-1), the last pile on step 1 -------- */

static void kam_sg(mpz_t x, mpz_t *a, int n)
{
    mpz_t d;
    mpz_init(d);
    mpz_set_ui(x, 0);
    for (int i = 0; i < n; i++) {
        if (i) mpz_sub(d, a[i], a[i - 1]); else mpz_set(d, a[0]);
        if ((n - 1 - i) % 2 == 0) mpz_xor(x, x, d);
    }
    mpz_clear(d);
}

static void kam_case(Cases *cs)
{
    Case *c = new_case(cs, "kampebbles");
    int n = (int)rndr(1, 5);
    mpz_t a[5], x, y, d, lim;
    mpz_inits(x, y, d, lim, NULL);
    for (int i = 0; i < n; i++) { mpz_init(a[i]); big(a[i]); }
    for (int i = 1; i < n; i++)   /* non-decreasing */
        for (int j = i; j > 0 && mpz_cmp(a[j], a[j - 1]) < 0; j--) mpz_swap(a[j], a[j - 1]);
    if (n > 1 && rndr(0, 3) == 0) mpz_set(a[1], a[0]);
    Str q = { 0 };
    for (int i = 0; i < n; i++) sput(&q, "%s%Zd", i ? ", " : "KamPebbles(", a[i]);
    sput(&q, ")");
    c->query = q.s;
    kam_sg(x, a, n);
    bool moves = false;
    for (int i = 0; i < n; i++) moves |= i ? mpz_cmp(a[i], a[i - 1]) > 0 : mpz_sgn(a[0]) > 0;
    c->position = moves ? duel_fmt("%s", q.s) : duel_fmt("0");
    c->outcome = mpz_sgn(x) ? 'N' : 'P';
    c->sg = mpz_get_str(NULL, 10, x);
    /* every pile i and every k in 1..d_i is a move; the SG of the result is linear in the two
       differences it changes, so solve for k on each side and check it by recomputing */
    for (int i = 0; i < n && mpz_sgn(x); i++) {
        if (i) mpz_sub(d, a[i], a[i - 1]); else mpz_set(d, a[0]);
        mpz_t kk[2];
        mpz_inits(kk[0], kk[1], NULL);
        if ((n - 1 - i) % 2 == 0) { mpz_xor(y, d, x); mpz_sub(kk[0], d, y); }   /* d_i counts */
        else { mpz_sub(y, a[i + 1], a[i]); mpz_xor(lim, y, x); mpz_sub(kk[0], lim, y); }   /* d_(i+1) counts */
        if (mpz_sgn(kk[0]) > 0 && mpz_cmp(kk[0], d) <= 0) {
            mpz_sub(a[i], a[i], kk[0]);
            kam_sg(y, a, n);
            bool ok = mpz_sgn(y) == 0, term = true;
            for (int j = 0; j < n; j++) term &= j ? mpz_cmp(a[j], a[j - 1]) == 0 : mpz_sgn(a[0]) == 0;
            Str m = { 0 };
            for (int j = 0; j < n; j++) sput(&m, "%s%Zd", j ? ", " : "KamPebbles(", a[j]);
            sput(&m, ")");
            mpz_add(a[i], a[i], kk[0]);
            if (!ok) { printf("reference error: KamPebbles move does not reach 0\n"); exit(2); }
            add_win(c, term ? (free(m.s), duel_fmt("0")) : m.s);
        }
        mpz_clears(kk[0], kk[1], NULL);
    }
    for (int i = 0; i < n; i++) mpz_clear(a[i]);
    mpz_clears(x, y, d, lim, NULL);
}

/* ---- AntiNim = misere(Nim(a...)) (Bouton): P iff (every heap <= 1 and XOR 1) or (a heap >= 2 and
   XOR 0). The position prints its non-empty heaps in order, equal neighbours as one count; a move
   replaces one copy of a heap (the new heap first, then the copies left). ------------------------- */

static bool antinim_p(mpz_t *h, int n)
{
    mpz_t x;
    mpz_init(x);
    bool bigh = false;
    for (int i = 0; i < n; i++) { mpz_xor(x, x, h[i]); bigh |= mpz_cmp_ui(h[i], 2) >= 0; }
    bool p = bigh ? mpz_sgn(x) == 0 : mpz_cmp_ui(x, 1) == 0;
    mpz_clear(x);
    return p;
}

/* "misere(2 * Heap(5) + Heap(1))" of heaps h[0..n) (zeros left out, equal neighbours counted). */
static char *misere_nim_text(mpz_t *h, int n)
{
    Str q = { 0 };
    sput(&q, "misere(");
    int parts = 0;
    for (int i = 0; i < n;) {
        if (!mpz_sgn(h[i])) { i++; continue; }
        int j = i + 1, k = 1;
        for (; j < n; j++) {
            if (!mpz_sgn(h[j])) continue;
            if (mpz_cmp(h[j], h[i])) break;
            k++;
        }
        sput(&q, "%s", parts++ ? " + " : "");
        if (k > 1) sput(&q, "%d * ", k);
        sput(&q, "Heap(%Zd)", h[i]);
        i = j;
    }
    sput(&q, parts ? ")" : "0)");
    return q.s;
}

static void antinim_case(Cases *cs)
{
    Case *c = new_case(cs, "antinim");
    int n = (int)rndr(1, 4);
    mpz_t h[4], x, t;
    mpz_inits(x, t, NULL);
    Str q = { 0 };
    for (int i = 0; i < n; i++) {
        mpz_init(h[i]);
        if (rndr(0, 3) == 0) mpz_set_ui(h[i], (unsigned long)rndr(0, 2)); else big(h[i]);
        if (i == n - 1 && n > 1 && rndr(0, 2) == 0) { mpz_set_ui(x, 0); for (int j = 0; j < i; j++) mpz_xor(x, x, h[j]); mpz_set(h[i], x); }
        if (i && rndr(0, 4) == 0) mpz_set(h[i], h[i - 1]);
        sput(&q, "%s%Zd", i ? ", " : "AntiNim(", h[i]);
    }
    sput(&q, ")");
    c->query = q.s;
    c->position = misere_nim_text(h, n);
    c->outcome = antinim_p(h, n) ? 'P' : 'N';
    c->sg = NULL;
    if (c->outcome == 'N') {
        /* every heap lowered to every smaller value would do, but only h ^ x and h ^ x ^ 1 can
           reach a P-position; each distinct heap value is moved once (copies are one component) */
        mpz_set_ui(x, 0);
        for (int i = 0; i < n; i++) mpz_xor(x, x, h[i]);
        for (int i = 0; i < n; i++) {   /* the components: non-empty heaps, equal neighbours merged */
            if (!mpz_sgn(h[i])) continue;
            bool same = false;
            for (int j = i - 1; j >= 0; j--) {
                if (!mpz_sgn(h[j])) continue;
                same = !mpz_cmp(h[j], h[i]);
                break;
            }
            if (same) continue;
            for (int k = 0; k < 2; k++) {
                mpz_xor(t, x, h[i]);
                if (k) mpz_combit(t, 0);
                if (mpz_cmp(t, h[i]) >= 0) continue;
                mpz_t old;
                mpz_init_set(old, h[i]);
                mpz_set(h[i], t);
                bool p = antinim_p(h, n);
                /* the text: the new heap in place of this copy, the copies after it */
                mpz_t v[8];
                int m = 0;
                for (int r = 0; r < n; r++) mpz_init_set(v[m++], h[r]);
                mpz_set(h[i], old);
                mpz_clear(old);
                if (p) add_win(c, misere_nim_text(v, m));
                for (int r = 0; r < m; r++) mpz_clear(v[r]);
            }
        }
    }
    for (int i = 0; i < n; i++) mpz_clear(h[i]);
    mpz_clears(x, t, NULL);
}

/* ---- MooreNim(k, a...): P iff every binary digit holds a multiple of k + 1 ones; the engine's moves
   are checked (legal: 1..k heaps lowered, none raised; and reaching a P-position) ------------------- */

static bool moore_p(unsigned long k, mpz_t *h, int n)
{
    for (int bit = 0; bit < 160; bit++) {   /* the numbers are below 10^40 < 2^133 */
        unsigned long cnt = 0;
        for (int i = 0; i < n; i++) cnt += mpz_tstbit(h[i], (mp_bitcnt_t)bit);
        if (cnt % (k + 1)) return false;
    }
    return true;
}

static bool moore_verify(const Case *c, const char *move)
{
    unsigned long k = mpz_get_ui(c->a[0]);
    int n = (int)mpz_get_ui(c->a[1]);
    /* the heaps are in the query: MooreNim(k, h1, ..., hn) */
    mpz_t h[6], w[6];
    const char *s = strchr(c->query, ',') + 1;
    for (int i = 0; i < n; i++) { mpz_init(h[i]); mpz_init(w[i]); gmp_sscanf(s, "%Zd", h[i]); s = strchr(s, ',') ? strchr(s, ',') + 1 : s; }
    bool ok;
    if (!strcmp(move, "0")) {
        for (int i = 0; i < n; i++) mpz_set_ui(w[i], 0);
    } else {
        const char *m = strchr(move, ',');
        for (int i = 0; i < n && m; i++) { gmp_sscanf(m + 1, "%Zd", w[i]); m = strchr(m + 1, ','); }
    }
    int lowered = 0;
    ok = strncmp(move, "MooreNim(", 9) == 0 || !strcmp(move, "0");
    for (int i = 0; i < n; i++) {
        int cmp = mpz_cmp(w[i], h[i]);
        if (cmp > 0 || mpz_sgn(w[i]) < 0) ok = false;
        if (cmp < 0) lowered++;
    }
    ok = ok && lowered >= 1 && (unsigned long)lowered <= k && moore_p(k, w, n);
    for (int i = 0; i < n; i++) { mpz_clear(h[i]); mpz_clear(w[i]); }
    return ok;
}

static void moore_case(Cases *cs)
{
    Case *c = new_case(cs, "moore");
    unsigned long k = (unsigned long)rndr(1, 3);
    int n = (int)rndr(2, 5);
    mpz_t h[5];
    Str q = { 0 };
    sput(&q, "MooreNim(%lu", k);
    bool any = false;
    for (int i = 0; i < n; i++) {
        mpz_init(h[i]);
        big(h[i]);
        any |= mpz_sgn(h[i]) != 0;
        sput(&q, ", %Zd", h[i]);
    }
    sput(&q, ")");
    c->query = q.s;
    c->position = any ? duel_fmt("%s", q.s) : duel_fmt("0");
    c->outcome = moore_p(k, h, n) ? 'P' : 'N';
    c->sg = c->outcome == 'P' ? duel_fmt("0") : NULL;
    c->complete = false;   /* the reference knows no list: every listed move is checked */
    c->verify = moore_verify;
    mpz_set_ui(c->a[0], k);
    mpz_set_ui(c->a[1], (unsigned long)n);
    for (int i = 0; i < n; i++) mpz_clear(h[i]);
}

static void wk_a(mpz_t out, unsigned long k, const mpz_t m);

/* ---- Wythoff: by Zeckendorf representations (Fibonacci numbers 1, 2, 3, 5, ...): the lower members
   of the P-pairs are the numbers whose smallest term has an even index (1 = F_2, 3 = F_4, ...) and a
   pair's upper member is its lower one with every term shifted one index up. ----------------------- */

#define ZMAX 400
static mpz_t fib[ZMAX];   /* fib[i] = F_i: F_0 = 0, F_1 = 1, F_2 = 1, F_3 = 2 */

static void fib_init(void)
{
    mpz_init_set_ui(fib[0], 0);
    mpz_init_set_ui(fib[1], 1);
    for (int i = 2; i < ZMAX; i++) { mpz_init(fib[i]); mpz_add(fib[i], fib[i - 1], fib[i - 2]); }
}

/* Zeckendorf terms of v >= 1 as indices >= 2, largest first; returns the count. */
static int zeck(const mpz_t v, int *idx)
{
    mpz_t r;
    mpz_init_set(r, v);
    int n = 0, i = ZMAX - 1;
    while (mpz_sgn(r) > 0) {
        while (mpz_cmp(fib[i], r) > 0) i--;
        idx[n++] = i;
        mpz_sub(r, r, fib[i]);
        i -= 2;
    }
    mpz_clear(r);
    return n;
}

/* Shift every term of v by s indices (s = +1 or -1). */
static void zshift(mpz_t out, const mpz_t v, int s)
{
    int idx[ZMAX];
    int n = zeck(v, idx);
    mpz_set_ui(out, 0);
    for (int i = 0; i < n; i++) mpz_add(out, out, fib[idx[i] + s]);
}

static bool lower_member(const mpz_t v)
{
    int idx[ZMAX];
    int n = zeck(v, idx);
    return idx[n - 1] % 2 == 0;
}

/* The w with (v, w) a P-pair. */
static void wpartner(mpz_t w, const mpz_t v)
{
    if (!mpz_sgn(v)) mpz_set_ui(w, 0);
    else if (lower_member(v)) zshift(w, v, 1);
    else zshift(w, v, -1);
}

static bool wythoff_p(const mpz_t a, const mpz_t b)
{
    mpz_t w;
    mpz_init(w);
    wpartner(w, a);
    bool p = !mpz_cmp(w, b);
    mpz_clear(w);
    return p;
}

static char *wpos(const char *game, const char *kpre, const mpz_t x, const mpz_t y, bool str)
{
    bool swap = mpz_cmp(x, y) > 0;
    mpz_srcptr lo = swap ? y : x, hi = swap ? x : y;
    if (!mpz_sgn(x) && !mpz_sgn(y)) return duel_fmt("0");
    (void)str;   /* heaps written as strings are read as integers */
    return duel_fmt("%s(%s%Zd, %Zd)", game, kpre, lo, hi);
}

static void big_or_huge(mpz_t z, bool str)
{
    if (!str || rndr(0, 1)) { big(z); return; }
    mpz_ui_pow_ui(z, 10, (unsigned long)rndr(19, 31));
    mpz_t r;
    mpz_init(r);
    mpz_set_ui(r, rnd64());
    mpz_mul_ui(r, r, rnd64() >> 20);
    mpz_add(z, z, r);
    mpz_clear(r);
}

static void wythoff_case(Cases *cs)
{
    Case *c = new_case(cs, "wythoff");
    bool str = rndr(0, 2) == 0;
    mpz_t a, b, w, d;
    mpz_inits(a, b, w, d, NULL);
    big_or_huge(a, str);
    if (rndr(0, 2) == 0) wpartner(b, a);   /* a P-position */
    else if (rndr(0, 2) == 0) { wpartner(b, a); mpz_add_ui(b, b, (unsigned long)rndr(1, 3)); }
    else big_or_huge(b, str);
    c->query = str ? duel_fmt("Wythoff(\"%Zd\", \"%Zd\")", a, b) : duel_fmt("Wythoff(%Zd, %Zd)", a, b);
    c->position = wpos("Wythoff", "", a, b, str);
    if (mpz_cmp(a, b) > 0) mpz_swap(a, b);   /* canonical: a <= b */
    bool p = wythoff_p(a, b);
    c->outcome = p ? 'P' : 'N';
    c->sg = p ? duel_fmt("0") : NULL;
    if (!p) {
        /* rules' order: from the first heap, from the second, then from both */
        wpartner(w, b);
        if (mpz_cmp(w, a) < 0) add_win(c, wpos("Wythoff", "", w, b, str));
        wpartner(w, a);
        if (mpz_cmp(w, b) < 0) add_win(c, wpos("Wythoff", "", a, w, str));
        /* from both: the difference d = b - a stays; the P-pair with difference d is
           (floor(d phi), floor(d phi) + d), floor(d phi) in floating point and checked against the
           Zeckendorf characterisation */
        mpz_sub(d, b, a);
        mpz_t l, u, t;
        mpz_inits(l, u, t, NULL);
        wk_a(l, 1, d);
        wpartner(u, l);
        mpz_sub(t, u, l);
        bool found = (!mpz_sgn(d) && !mpz_sgn(l)) || (mpz_sgn(l) && lower_member(l) && !mpz_cmp(t, d));
        if (found && mpz_cmp(l, a) < 0) add_win(c, wpos("Wythoff", "", l, u, str));
        mpz_clears(l, u, t, NULL);
        if (!found) { printf("reference error: no Wythoff pair of difference %s\n", mpz_get_str(NULL, 10, d)); exit(2); }
    }
    mpz_clears(a, b, w, d, NULL);
}

/* ---- WythoffK (Fraenkel): a_m = floor(m alpha), b_m = a_m + k m, alpha = (2 - k + sqrt(k^2 + 4)) / 2,
   computed in floating point with a precision well above the numbers' size (checked against the
   mex definition on small m first) --------------------------------------------------------------- */

/* al = alpha (+ k for the upper members), with bits of precision (al initialised here). */
static void wk_alpha(mpf_t al, unsigned long k, size_t bits, bool upper)
{
    mpf_init2(al, (mp_bitcnt_t)bits);
    mpf_set_ui(al, k * k + 4);
    mpf_sqrt(al, al);
    mpf_add_ui(al, al, 2);
    mpf_sub_ui(al, al, k);
    mpf_div_ui(al, al, 2);
    if (upper) mpf_add_ui(al, al, k);
}

static void wk_a(mpz_t out, unsigned long k, const mpz_t m)
{
    size_t bits = mpz_sizeinbase(m, 2) + 128;
    mpf_t al, x;
    wk_alpha(al, k, bits, false);
    mpf_init2(x, (mp_bitcnt_t)bits);
    mpf_set_z(x, m);
    mpf_mul(x, x, al);
    mpf_floor(x, x);
    mpz_set_f(out, x);
    mpf_clears(al, x, NULL);
}

/* The m with a_m = v (upper: b_m = v), or -1. */
static void wk_index(mpz_t m, unsigned long k, const mpz_t v, bool upper)
{
    size_t bits = mpz_sizeinbase(v, 2) + 128;
    mpf_t al, x;
    wk_alpha(al, k, bits, upper);
    mpf_init2(x, (mp_bitcnt_t)bits);
    mpf_set_z(x, v);
    mpf_div(x, x, al);
    mpf_floor(x, x);
    mpz_t est, a;
    mpz_inits(est, a, NULL);
    mpz_set_f(est, x);
    mpz_set_si(m, -1);
    for (int dm = -2; dm <= 2; dm++) {
        mpz_t t;
        mpz_init(t);
        if (dm < 0) mpz_sub_ui(t, est, (unsigned long)-dm); else mpz_add_ui(t, est, (unsigned long)dm);
        if (mpz_sgn(t) >= 0) {
            wk_a(a, k, t);
            if (upper) mpz_addmul_ui(a, t, k);
            if (!mpz_cmp(a, v)) mpz_set(m, t);
        }
        mpz_clear(t);
    }
    mpz_clears(est, a, NULL);
    mpf_clears(al, x, NULL);
}

static void wk_partner_ref(mpz_t w, unsigned long k, const mpz_t v)
{
    mpz_t m;
    mpz_init(m);
    if (!mpz_sgn(v)) { mpz_set_ui(w, 0); mpz_clear(m); return; }
    wk_index(m, k, v, false);
    if (mpz_sgn(m) >= 0) { mpz_set(w, v); mpz_addmul_ui(w, m, k); mpz_clear(m); return; }
    wk_index(m, k, v, true);
    if (mpz_sgn(m) < 0) { printf("reference error: %s in no WythoffK(%lu) pair\n", mpz_get_str(NULL, 10, v), k); exit(2); }
    mpz_set(w, v);
    mpz_submul_ui(w, m, k);
    mpz_clear(m);
}

/* The reference checked on small m against the definition: a_m = mex of the earlier a_i, b_i. */
static int wk_selfcheck(void)
{
    int bad = 0;
    for (unsigned long k = 1; k <= 6; k++) {
        enum { M = 3000 };
        static char used[M * 10];
        memset(used, 0, sizeof used);
        long next = 0;
        mpz_t m, a;
        mpz_inits(m, a, NULL);
        for (long i = 0; i < M; i++) {
            while (used[next]) next++;
            long ai = next, bi = ai + (long)k * i;
            used[ai] = 1;
            if (bi < (long)sizeof used) used[bi] = 1;
            mpz_set_si(m, i);
            wk_a(a, k, m);
            if (mpz_cmp_si(a, ai)) bad++;
        }
        mpz_clears(m, a, NULL);
    }
    return bad;
}

static void wythoffk_case(Cases *cs)
{
    Case *c = new_case(cs, "wythoffk");
    unsigned long k = (unsigned long)(rndr(0, 3) == 0 ? rndr(1, 1000) : rndr(1, 6));
    bool str = rndr(0, 2) == 0;
    mpz_t a, b, w, D, m, am, bm, x, y, t;
    mpz_inits(a, b, w, D, m, am, bm, x, y, t, NULL);
    big_or_huge(a, str);
    if (rndr(0, 2) == 0) wk_partner_ref(b, k, a);
    else if (rndr(0, 2) == 0) { wk_partner_ref(b, k, a); mpz_add_ui(b, b, (unsigned long)rndr(1, 3)); }
    else big_or_huge(b, str);
    char kpre[32];
    snprintf(kpre, sizeof kpre, "%lu, ", k);
    c->query = str ? duel_fmt("WythoffK(%lu, \"%Zd\", \"%Zd\")", k, a, b) : duel_fmt("WythoffK(%lu, %Zd, %Zd)", k, a, b);
    c->position = wpos("WythoffK", kpre, a, b, str);
    if (mpz_cmp(a, b) > 0) mpz_swap(a, b);
    wk_partner_ref(w, k, a);
    bool p = !mpz_cmp(w, b);
    c->outcome = p ? 'P' : 'N';
    c->sg = p ? duel_fmt("0") : NULL;
    if (!p) {
        wk_partner_ref(w, k, b);
        if (mpz_cmp(w, a) < 0) add_win(c, wpos("WythoffK", kpre, w, b, str));
        wk_partner_ref(w, k, a);
        if (mpz_cmp(w, b) < 0) add_win(c, wpos("WythoffK", kpre, a, w, str));
        /* from both heaps, x and y >= 1 with |x - y| < k: the target pair's difference k m is within
           k of b - a (or the target is (0, 0)); try every m in that window, in x order */
        mpz_sub(D, b, a);
        mpz_t tx[8], ty[8];
        int nt = 0;
        mpz_fdiv_q_ui(m, D, k);
        for (int dm = -2; dm <= 3; dm++) {
            mpz_t mm;
            mpz_init(mm);
            if (dm < 0) mpz_sub_ui(mm, m, (unsigned long)-dm); else mpz_add_ui(mm, m, (unsigned long)dm);
            if (mpz_sgn(mm) < 0) { mpz_clear(mm); continue; }
            wk_a(am, k, mm);
            mpz_set(bm, am);
            mpz_addmul_ui(bm, mm, k);
            for (int o = 0; o < 2; o++) {
                mpz_sub(x, a, o ? bm : am);
                mpz_sub(y, b, o ? am : bm);
                if (mpz_sgn(x) <= 0 || mpz_sgn(y) <= 0) continue;
                mpz_sub(t, x, y);
                mpz_abs(t, t);
                if (mpz_cmp_ui(t, k) >= 0) continue;
                bool dup = false;
                for (int i = 0; i < nt; i++) dup |= !mpz_cmp(tx[i], x) && !mpz_cmp(ty[i], y);
                if (dup) continue;
                mpz_init_set(tx[nt], x);
                mpz_init_set(ty[nt], y);
                nt++;
            }
            mpz_clear(mm);
        }
        for (int i = 0; i < nt; i++)
            for (int j = i + 1; j < nt; j++)
                if (mpz_cmp(tx[j], tx[i]) < 0 || (!mpz_cmp(tx[j], tx[i]) && mpz_cmp(ty[j], ty[i]) < 0)) {
                    mpz_swap(tx[i], tx[j]);
                    mpz_swap(ty[i], ty[j]);
                }
        for (int i = 0; i < nt; i++) {
            mpz_sub(x, a, tx[i]);
            mpz_sub(y, b, ty[i]);
            add_win(c, wpos("WythoffK", kpre, x, y, str));
            mpz_clears(tx[i], ty[i], NULL);
        }
    }
    mpz_clears(a, b, w, D, m, am, bm, x, y, t, NULL);
}

/* ---- Euclid: with a >= b > 0 the mover wins iff a / b > phi (a^2 - ab - b^2 > 0) or a = b -------- */

static bool euclid_p(const mpz_t x, const mpz_t y)   /* x >= y */
{
    if (!mpz_sgn(y)) return true;   /* terminal */
    if (!mpz_cmp(x, y)) return false;
    mpz_t t;
    mpz_init(t);
    mpz_mul(t, x, x);
    mpz_submul(t, x, y);
    mpz_submul(t, y, y);
    bool p = mpz_sgn(t) < 0;
    mpz_clear(t);
    return p;
}

static void euclid_case(Cases *cs)
{
    Case *c = new_case(cs, "euclid");
    mpz_t a, b, q, r, x;
    mpz_inits(a, b, q, r, x, NULL);
    big(a);
    if (rndr(0, 2) == 0) { mpz_mul_ui(b, a, 618033988UL); mpz_fdiv_q_ui(b, b, 1000000000UL); mpz_add_ui(b, b, (unsigned long)rndr(0, 3)); }
    else big(b);
    c->query = duel_fmt("Euclid(%Zd, %Zd)", a, b);
    if (mpz_cmp(a, b) < 0) mpz_swap(a, b);
    c->position = mpz_sgn(b) ? duel_fmt("Euclid(%Zd, %Zd)", a, b) : duel_fmt("0");
    bool p = euclid_p(a, b);
    c->outcome = p ? 'P' : 'N';
    c->sg = p ? duel_fmt("0") : NULL;
    if (!p) {
        /* (a - kb, b) for k = 1..floor(a / b), in that order; a rest of 2b or more leaves a ratio of
           at least 2 > phi, an N-position: only the last two k can win */
        mpz_fdiv_q(q, a, b);
        for (int d = 1; d >= 0; d--) {
            if (mpz_cmp_ui(q, (unsigned long)d + 1) < 0) continue;   /* k = q - d >= 1 */
            mpz_sub_ui(x, q, (unsigned long)d);
            mpz_set(r, a);
            mpz_submul(r, b, x);
            bool rb = mpz_cmp(r, b) >= 0;
            mpz_srcptr hi = rb ? r : b, lo = rb ? b : r;
            if (euclid_p(hi, lo)) add_win(c, mpz_sgn(lo) ? duel_fmt("Euclid(%Zd, %Zd)", hi, lo) : duel_fmt("0"));
        }
    }
    mpz_clears(a, b, q, r, x, NULL);
}

/* ---- E&D: SG(a, b) = the index of the lowest zero bit of (a - 1) | (b - 1) (SDOI 2009) ------------ */

static unsigned long ed_sg(const mpz_t a, const mpz_t b)
{
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    mpz_sub_ui(x, a, 1);
    mpz_sub_ui(y, b, 1);
    mpz_ior(x, x, y);
    unsigned long r = mpz_scan0(x, 0);
    mpz_clears(x, y, NULL);
    return r;
}

static void ed_case(Cases *cs)
{
    Case *c = new_case(cs, "ed");
    mpz_t a, b, x, y;
    mpz_inits(a, b, x, y, NULL);
    big(a);
    big(b);
    if (!mpz_sgn(a)) mpz_set_ui(a, 1);
    if (!mpz_sgn(b)) mpz_set_ui(b, 1);
    c->query = duel_fmt("ED(%Zd, %Zd)", a, b);
    if (mpz_cmp(a, b) > 0) mpz_swap(a, b);
    c->position = mpz_cmp_ui(b, 1) ? duel_fmt("ED(%Zd, %Zd)", a, b) : duel_fmt("0");
    unsigned long g = ed_sg(a, b);
    c->outcome = g ? 'N' : 'P';
    c->sg = duel_fmt("%lu", g);
    c->may_cut = true;
    c->complete = false;
    /* split a (then b) into x + (h - x), x ascending: the first candidates only */
    for (int side = 0; side < 2 && g && c->nwin <= MAXWIN; side++) {
        mpz_srcptr h = side ? b : a;
        for (unsigned long i = 1; i <= 1u << 16 && mpz_cmp_ui(h, i) > 0 && c->nwin <= MAXWIN; i++) {
            mpz_set_ui(x, i);
            mpz_sub(y, h, x);
            if (ed_sg(x, y)) continue;
            add_win(c, mpz_cmp(x, y) <= 0 ? (mpz_cmp_ui(y, 1) ? duel_fmt("ED(%Zd, %Zd)", x, y) : duel_fmt("0")) : duel_fmt("ED(%Zd, %Zd)", y, x));
        }
        break;   /* the second side's candidates come after those of the first: not scanned */
    }
    mpz_clears(a, b, x, y, NULL);
}

/* ---- FibNim(n, l): the mover loses iff min(l, n) is below the smallest Zeckendorf term of n ------- */

static bool fibnim_p(const mpz_t n, const mpz_t l)
{
    if (!mpz_sgn(n) || !mpz_sgn(l)) return true;
    int idx[ZMAX];
    int k = zeck(n, idx);
    return mpz_cmp(l, fib[idx[k - 1]]) < 0;
}

static bool fibnim_verify(const Case *c, const char *move)
{
    /* FibNim(n - k, 2k) with 1 <= k <= min(n, l), a P-position */
    mpz_t r, l2, k;
    mpz_inits(r, l2, k, NULL);
    bool ok = false;
    if (!strcmp(move, "0")) { mpz_set_ui(r, 0); mpz_set(k, c->a[0]); ok = true; mpz_mul_ui(l2, k, 2); }
    else ok = gmp_sscanf(move, "FibNim(%Zd, %Zd)", r, l2) == 2;
    if (ok) {
        mpz_sub(k, c->a[0], r);
        mpz_t twok;
        mpz_init(twok);
        mpz_mul_ui(twok, k, 2);
        ok = mpz_sgn(k) > 0 && mpz_cmp(k, c->a[0]) <= 0 && mpz_cmp(k, c->a[1]) <= 0 && (!mpz_sgn(r) || !mpz_cmp(twok, l2)) &&
             fibnim_p(r, twok);
        mpz_clear(twok);
    }
    mpz_clears(r, l2, k, NULL);
    return ok;
}

static void fibnim_case(Cases *cs)
{
    Case *c = new_case(cs, "fibnim");
    mpz_t n, l, m, r, t;
    mpz_inits(n, l, m, r, t, NULL);
    big(n);
    if (rndr(0, 3) == 0) { int i = (int)rndr(2, 90); mpz_set(n, fib[i]); if (rndr(0, 1)) mpz_add(n, n, fib[i - 2]); }
    bool two = rndr(0, 1);
    if (two) { if (rndr(0, 1)) big(l); else mpz_set_ui(l, (unsigned long)rndr(0, 100)); }
    else if (mpz_sgn(n)) mpz_sub_ui(l, n, 1);
    c->query = two ? duel_fmt("FibNim(%Zd, %Zd)", n, l) : duel_fmt("FibNim(%Zd)", n);
    mpz_set(m, mpz_cmp(l, n) < 0 ? l : n);
    c->position = mpz_sgn(m) ? duel_fmt("%s", c->query) : duel_fmt("0");
    bool p = fibnim_p(n, m);
    c->outcome = p ? 'P' : 'N';
    c->sg = p ? duel_fmt("0") : NULL;
    mpz_set(c->a[0], n);
    mpz_set(c->a[1], m);
    c->verify = fibnim_verify;
    /* every k in 1..min(n, l) up to 2^13, ascending; the engine's further moves are checked */
    c->complete = mpz_cmp_ui(m, 1u << 13) <= 0;
    for (unsigned long k = 1; !p && mpz_cmp_ui(m, k) >= 0 && k <= 1u << 13; k++) {
        mpz_sub_ui(r, n, k);
        mpz_set_ui(t, 2 * k);
        if (!fibnim_p(r, t)) continue;
        add_win(c, mpz_sgn(r) ? duel_fmt("FibNim(%Zd, %lu)", r, 2 * k) : duel_fmt("0"));
    }
    mpz_clears(n, l, m, r, t, NULL);
}

/* ---- Beans: a bean in bottle i is worth g(i) = mex{g(j) ^ g(k) : i < j <= k}; only odd counts count -- */

static void beans_case(Cases *cs)
{
    Case *c = new_case(cs, "beans");
    int n = (int)rndr(1, 6);
    mpz_t h[6], t;
    mpz_init(t);
    unsigned g[6];
    for (int i = n - 1; i >= 0; i--) {
        char seen[64] = { 0 };
        for (int j = i + 1; j < n; j++)
            for (int k = j; k < n; k++) seen[g[j] ^ g[k]] = 1;
        g[i] = 0;
        while (seen[g[i]]) g[i]++;
    }
    Str q = { 0 };
    unsigned x = 0;
    bool moves = false;
    for (int i = 0; i < n; i++) {
        mpz_init(h[i]);
        if (rndr(0, 2) == 0) mpz_set_ui(h[i], (unsigned long)rndr(0, 3)); else big(h[i]);
        if (mpz_odd_p(h[i])) x ^= g[i];
        moves |= mpz_sgn(h[i]) && i < n - 1;
        sput(&q, "%s%Zd", i ? ", " : "Beans(", h[i]);
    }
    sput(&q, ")");
    c->query = q.s;
    c->position = moves ? duel_fmt("%s", q.s) : duel_fmt("0");
    c->outcome = x ? 'N' : 'P';
    c->sg = duel_fmt("%u", x);
    for (int i = 0; i < n && x; i++) {
        if (!mpz_sgn(h[i])) continue;
        for (int j = i + 1; j < n; j++)
            for (int k = j; k < n; k++) {
                /* the result, and its value recomputed from its parities */
                mpz_t v[6];
                unsigned y = 0;
                bool mv = false;
                for (int r = 0; r < n; r++) {
                    mpz_init_set(v[r], h[r]);
                    if (r == i) mpz_sub_ui(v[r], v[r], 1);
                    if (r == j) mpz_add_ui(v[r], v[r], 1);
                    if (r == k) mpz_add_ui(v[r], v[r], 1);
                    if (mpz_odd_p(v[r])) y ^= g[r];

                    mv |= mpz_sgn(v[r]) && r < n - 1;
                }
                if (!y) {
                    Str m = { 0 };
                    for (int r = 0; r < n; r++) sput(&m, "%s%Zd", r ? ", " : "Beans(", v[r]);
                    sput(&m, ")");
                    add_win(c, mv ? m.s : (free(m.s), duel_fmt("0")));
                }
                for (int r = 0; r < n; r++) mpz_clear(v[r]);
            }
    }
    for (int i = 0; i < n; i++) mpz_clear(h[i]);
    mpz_clear(t);
}

/* ---- MergePiles with a huge limit: every merge is allowed, so the game lasts n - 1 merges; checked
   against a plain search over sorted pile lists for small n ---------------------------------------- */

static int merge_search(int *p, int n, long long m)   /* 1: the mover wins */
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (p[i] + p[j] > m) continue;
            int q[16], k = 0;
            for (int r = 0; r < n; r++)
                if (r != i && r != j) q[k++] = p[r];
            q[k++] = p[i] + p[j];
            if (!merge_search(q, k, m)) return 1;
        }
    return 0;
}

static void merge_case(Cases *cs)
{
    Case *c = new_case(cs, "mergepiles");
    int n = (int)rndr(0, 8);
    mpz_t m;
    mpz_init(m);
    big(m);
    if (mpz_cmp_ui(m, 2) < 0) mpz_set_ui(m, 2);
    c->query = duel_fmt("MergePiles(%d, %Zd)", n, m);
    int p[16];
    for (int i = 0; i < n; i++) p[i] = 1;
    bool win = merge_search(p, n, 1000);   /* any limit >= n allows every merge */
    c->position = n >= 2 ? duel_fmt("MergePiles(%d, %Zd)", n, m) : duel_fmt("0");   /* the start is a game of its own */
    c->outcome = win ? 'N' : 'P';
    c->sg = win ? NULL : duel_fmt("0");
    if (win) {   /* every move merges two ones: one result */
        Str w = { 0 };
        sput(&w, "MergeState(%Zd", m);
        for (int i = 0; i < n - 2; i++) sput(&w, ", 1");
        sput(&w, ", 2)");
        add_win(c, n == 2 ? (free(w.s), duel_fmt("0")) : w.s);   /* a single pile is terminal */
    }
    mpz_clear(m);
}

/* ---- SplitEqual with a huge threshold: below F nothing splits ------------------------------------------ */

static void splitequal_case(Cases *cs)
{
    Case *c = new_case(cs, "splitequal");
    mpz_t f;
    mpz_init(f);
    big(f);
    if (mpz_cmp_ui(f, 100000) < 0) mpz_set_ui(f, 100000);
    long n = rndr(0, 5000);
    c->query = duel_fmt("SplitEqual(%ld, %Zd)", n, f);
    c->position = duel_fmt("0");
    c->outcome = 'P';
    c->sg = duel_fmt("0");
    mpz_clear(f);
}

/* ---- take-and-break games through their periods: a table by brute force from the rules as a
   person states them, and the published period for the heaps beyond it (Kayles: period 12 from
   n = 71, Guy and Smith 1956; Dawson's Kayles: period 34 from n = 52; subtraction {1, 3, 4}:
   period 7 from 0). The table's tail is checked against the period first. -------------------- */

#define PT 3000
typedef struct Periodic { const char *game, *sub; int p, base; unsigned g[PT]; } Periodic;
static Periodic per[3] = { { "Kayles", NULL, 12, 1000, { 0 } }, { "DawsonKayles", NULL, 34, 1000, { 0 } },
                           { "Subtract", "{1, 3, 4}", 7, 1000, { 0 } } };

static unsigned mex_of(const char *seen)
{
    unsigned m = 0;
    while (seen[m]) m++;
    return m;
}

/* Kayles: knock down one pin or two adjacent ones; Dawson's Kayles: exactly two adjacent pins;
   Subtract: take 1, 3 or 4. */
static int periodic_init(void)
{
    for (int n = 0; n < PT; n++) {
        char seen[256];
        memset(seen, 0, sizeof seen);
        for (int k = 1; k <= 2; k++)
            for (int a = 0; a + k <= n; a++) seen[per[0].g[a] ^ per[0].g[n - k - a]] = 1;
        per[0].g[n] = mex_of(seen);
        memset(seen, 0, sizeof seen);
        for (int a = 0; a + 2 <= n; a++) seen[per[1].g[a] ^ per[1].g[n - 2 - a]] = 1;
        per[1].g[n] = mex_of(seen);
        memset(seen, 0, sizeof seen);
        for (int k = 1; k <= 4; k++)
            if (k != 2 && k <= n) seen[per[2].g[n - k]] = 1;
        per[2].g[n] = mex_of(seen);
    }
    int bad = 0;
    for (int i = 0; i < 3; i++)
        for (int n = 200; n < PT; n++) bad += per[i].g[n] != per[i].g[n - per[i].p];
    return bad;
}

/* The value at n of any size: the table, or the period. */
static unsigned per_value(const Periodic *g, const mpz_t n)
{
    if (mpz_cmp_ui(n, PT) < 0) return g->g[mpz_get_ui(n)];
    unsigned long r = mpz_fdiv_ui(n, (unsigned long)g->p), b = (unsigned long)g->base;
    return g->g[b + (r + (unsigned long)g->p - b % (unsigned long)g->p) % (unsigned long)g->p];
}

static char *per_pos(const Periodic *g, const mpz_t n)
{
    return g->sub ? duel_fmt("%s(%Zd, %s)", g->game, n, g->sub) : duel_fmt("%s(%Zd)", g->game, n);
}

static void periodic_case(Cases *cs, int which)
{
    const Periodic *g = &per[which];
    Case *c = new_case(cs, which == 0 ? "kayles" : which == 1 ? "dawson" : "subtract");
    mpz_t n, r, x;
    mpz_inits(n, r, x, NULL);
    big(n);
    if (mpz_cmp_ui(n, 100) < 0) mpz_add_ui(n, n, 100);
    char *q = per_pos(g, n);
    c->query = q;
    c->position = duel_fmt("%s", q);
    unsigned v = per_value(g, n);
    c->outcome = v ? 'N' : 'P';
    c->sg = duel_fmt("%u", v);
    c->complete = which == 2;   /* a subtraction game has three candidates; the others a prefix */
    c->may_cut = which != 2;
    if (v && which == 2) {   /* take k in {1, 3, 4}, ascending */
        for (unsigned long k = 1; k <= 4; k++) {
            if (k == 2) continue;
            mpz_sub_ui(r, n, k);
            if (!per_value(g, r)) add_win(c, per_pos(g, r));
        }
    } else if (v) {   /* k = 1 (Kayles) or 2, then a = 0, 1, ...: a and n - k - a, the first MAXWIN + 1 */
        unsigned long k = which == 0 ? 1 : 2;
        for (unsigned long a = 0; a < 1000000 && c->nwin <= MAXWIN; a++) {
            mpz_sub_ui(r, n, k + a);
            mpz_set_ui(x, a);
            if (per_value(g, x) ^ per_value(g, r)) continue;
            char *rest = per_pos(g, r);
            /* a heap with no move is no component: Kayles(0), Dawson's Kayles of 0 or 1 pins */
            if (a == 0 || (which == 1 && a == 1)) add_win(c, rest);
            else if (!mpz_cmp_ui(r, a)) {   /* equal halves: two copies */
                add_win(c, duel_fmt("2 * %s(%lu)", g->game, a));
                free(rest);
            } else {
                add_win(c, duel_fmt("%s(%lu) + %s", g->game, a, rest));
                free(rest);
            }
        }
    }
    mpz_clears(n, r, x, NULL);
}

/* ---- comparing with the engine ------------------------------------------------------------------- */

/* The JSON string starting at s (at the opening quote); returns a malloc'd copy, *end after it. */
static char *jstr(const char *s, const char **end)
{
    Str o = { 0 };
    sput(&o, "%s", "");
    s++;
    while (*s && *s != '"') {
        if (*s == '\\' && s[1]) s++;
        sput(&o, "%c", *s);
        s++;
    }
    *end = *s ? s + 1 : s;
    return o.s;
}

typedef struct Got { char *position, outcome, *sg, **win; int nwin; bool truncated; } Got;

static bool parse(const char *line, Got *g)
{
    memset(g, 0, sizeof *g);
    const char *s = strstr(line, "\"position\":"), *e;
    if (!s) return false;
    g->position = jstr(s + 11, &e);
    s = strstr(e, "\"outcome\":\"");
    if (!s) return false;
    g->outcome = s[11];
    s = strstr(s, "\"sg\":");
    if (!s) return false;
    s += 5;
    if (strncmp(s, "null", 4)) {
        size_t n = strspn(s, "0123456789");
        g->sg = malloc(n + 1);
        memcpy(g->sg, s, n);
        g->sg[n] = 0;
    }
    s = strstr(s, "\"winning\":[");
    if (!s) return false;
    s += 11;
    while (*s == '"' || *s == ',') {
        if (*s == ',') { s++; continue; }
        g->win = realloc(g->win, (size_t)(g->nwin + 1) * sizeof *g->win);
        g->win[g->nwin++] = jstr(s, &s);
    }
    g->truncated = strstr(s, "\"winning_truncated\":true") != NULL;
    return true;
}

static void got_free(Got *g)
{
    free(g->position);
    free(g->sg);
    for (int i = 0; i < g->nwin; i++) free(g->win[i]);
    free(g->win);
}

static int shown = 0;
static bool mismatch(const Case *c, const char *line, const char *why)
{
    if (shown++ < 10) {
        printf("MISMATCH (%s) %s: %s\n  engine: %s\n  wanted: %s %c sg %s,", c->form, c->query, why, line, c->position,
               c->outcome, c->sg ? c->sg : "null");
        for (int i = 0; i < c->nwin && i < 6; i++) printf(" [%s]", c->win[i]);
        printf("%s\n", c->complete ? " (complete)" : " (a prefix)");
    }
    return false;
}

static bool compare(const Case *c, const char *line)
{
    Got g;
    if (!parse(line, &g)) return mismatch(c, line, "unreadable line");
    bool ok = true;
    if (strcmp(g.position, c->position)) ok = mismatch(c, line, "position");
    else if (g.outcome != c->outcome) ok = mismatch(c, line, "outcome");
    /* a form that decides only the outcome: the engine may add the SG value a small search found
       (it must agree with the outcome); otherwise it is the reference's */
    else if (c->sg ? !g.sg || strcmp(g.sg, c->sg) : g.sg && (strcmp(g.sg, "0") == 0) != (c->outcome == 'P'))
        ok = mismatch(c, line, "sg");
    else {
        int common = g.nwin < c->nwin ? g.nwin : c->nwin;
        for (int i = 0; i < common && ok; i++)
            if (strcmp(g.win[i], c->win[i])) ok = mismatch(c, line, "winning move");
        if (ok && c->complete) {
            int want = c->nwin > MAXWIN ? MAXWIN : c->nwin;
            bool more = c->nwin > MAXWIN;
            if (g.nwin > c->nwin) ok = mismatch(c, line, "a winning move too many");
            else if (g.nwin < want && !(c->may_cut && g.truncated)) ok = mismatch(c, line, "winning moves missing");
            else if (more && !g.truncated) ok = mismatch(c, line, "the list is incomplete but not said to be");
            else if (!more && g.truncated && !c->may_cut) ok = mismatch(c, line, "said to be incomplete");
        } else if (ok) {   /* the reference scanned a prefix of the candidates */
            if (g.nwin < c->nwin && !g.truncated && g.nwin < MAXWIN) ok = mismatch(c, line, "winning moves missing");
            for (int i = c->nwin; i < g.nwin && ok; i++)
                if (c->verify && !c->verify(c, g.win[i])) ok = mismatch(c, line, "a listed move does not win");
            if (ok && c->outcome == 'N' && !g.nwin && !g.truncated) ok = mismatch(c, line, "no winning move");
        }
    }
    got_free(&g);
    return ok;
}

int main(void)
{
    fib_init();
    const char *env = getenv("DUEL_BIG_SCALE");
    int scale = env ? atoi(env) : 1;
    int bad = wk_selfcheck();
    if (bad) { printf("reference error: floor(m alpha) differs from the mex definition %d times\n", bad); return 1; }
    bad = periodic_init();
    if (bad) { printf("reference error: a brute-force table does not have its published period (%d values)\n", bad); return 1; }
    Cases cs = { 0 };
    for (int i = 0; i < 40 * scale; i++) {
        nim_case(&cs, (int)rndr(1, 4));
        bash_case(&cs);
        takerange_case(&cs);
        lasker_case(&cs);
        primepower_case(&cs);
        stair_case(&cs);
        kam_case(&cs);
        antinim_case(&cs);
        moore_case(&cs);
        wythoff_case(&cs);
        wythoffk_case(&cs);
        euclid_case(&cs);
        ed_case(&cs);
        fibnim_case(&cs);
        beans_case(&cs);
        if (i % 4 == 0) merge_case(&cs);
        if (i % 8 == 0) splitequal_case(&cs);
        periodic_case(&cs, i % 3);
    }
    Str text = { 0 };
    for (int i = 0; i < cs.n; i++) sput(&text, "query %s;\n", cs.v[i].query);
    int st;
    char *errs = NULL;
    char *out = duel_run(text.s, NULL, &st, &errs);
    int failed = 0, passed = 0;
    if (st) {
        printf("engine error (status %d):\n%s\n", st, errs);
        failed++;
    }
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int i = 0; i < cs.n; i++) {
        if (!line) { printf("missing output from %s\n", cs.v[i].query); failed++; break; }
        if (compare(&cs.v[i], line)) passed++;
        else failed++;
        line = strtok_r(NULL, "\n", &save);
    }
    /* what was compared, per form: positions, N-positions, winning moves in the references */
    const char *forms[32];
    int nf = 0, cnt[32] = { 0 }, nn[32] = { 0 }, mv[32] = { 0 };
    for (int i = 0; i < cs.n; i++) {
        int f = 0;
        while (f < nf && strcmp(forms[f], cs.v[i].form)) f++;
        if (f == nf) forms[nf++] = cs.v[i].form;
        cnt[f]++;
        nn[f] += cs.v[i].outcome == 'N';
        mv[f] += cs.v[i].nwin;
    }
    for (int f = 0; f < nf; f++) printf("%-12s %4d positions, %4d N, %5d winning moves known\n", forms[f], cnt[f], nn[f], mv[f]);
    printf("big-number duel: %d positions agreed, %d failed\n", passed, failed);
    for (int i = 0; i < cs.n; i++) free_case(&cs.v[i]);
    free(cs.v);
    free(text.s);
    free(out);
    free(errs);
    for (int i = 0; i < ZMAX; i++) mpz_clear(fib[i]);
    return failed ? 1 : 0;
}
