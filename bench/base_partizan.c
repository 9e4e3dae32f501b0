/* base_partizan.c: the bench's baseline for partizan games: a plain recursive C implementation of
   the canonical-form algorithm the engine uses (forms interned by their option lists, <= by the
   recursive definition remembered per pair, dominated options removed and reversible ones
   bypassed until stable, sums by the definition remembered per pair), with the positions of one
   game hard-coded: Domineering on an r x c bitmask board, Clobber on a row, Hackenbush strings.
   No number or nimber shortcuts. Prints the outcome class (L, R, P, N) of the position, and for
   the Hackenbush sum also whether its value is zero.
   Usage: base_partizan dom R C | clobber ROW | hack N SEED */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t F;   /* a form's index */

static F *opts;       /* each form's options: Left's then Right's */
static size_t nopts, capopts;
typedef struct Form { uint32_t off, nl, nr; F canon; } Form;
static Form *forms;
static size_t nforms, capforms;
static uint32_t *table;   /* forms by options: index + 1 */
static size_t tcap;

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static uint64_t hash_of(const F *L, size_t nl, const F *R, size_t nr)
{
    uint64_t h = nl * 31 + 7;
    for (size_t i = 0; i < nl; i++) h = mix(h ^ L[i]);
    h = mix(h ^ 0xabcdef ^ nr);
    for (size_t i = 0; i < nr; i++) h = mix(h ^ R[i]);
    return h;
}

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return p;
    while (*cap < need) *cap = *cap ? 2 * *cap : 1024;
    p = realloc(p, *cap * size);
    if (!p) abort();
    return p;
}

static int by_id(const void *a, const void *b) { return (*(const F *)a > *(const F *)b) - (*(const F *)a < *(const F *)b); }

static size_t uniq(F *v, size_t n)
{
    if (n < 2) return n;
    qsort(v, n, sizeof *v, by_id);
    size_t k = 1;
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[k - 1]) v[k++] = v[i];
    return k;
}

static F intern(const F *L, size_t nl, const F *R, size_t nr)
{
    uint64_t h = hash_of(L, nl, R, nr);
    if (tcap)
        for (size_t i = h & (tcap - 1); table[i]; i = (i + 1) & (tcap - 1)) {
            Form *f = &forms[table[i] - 1];
            if (f->nl == nl && f->nr == nr && !memcmp(opts + f->off, L, nl * sizeof *L) &&
                !memcmp(opts + f->off + nl, R, nr * sizeof *R))
                return table[i] - 1;
        }
    forms = grow(forms, &capforms, nforms + 1, sizeof *forms);
    opts = grow(opts, &capopts, nopts + nl + nr, sizeof *opts);
    F a = (F)nforms++;
    forms[a] = (Form){ (uint32_t)nopts, (uint32_t)nl, (uint32_t)nr, UINT32_MAX };
    memcpy(opts + nopts, L, nl * sizeof *L);
    memcpy(opts + nopts + nl, R, nr * sizeof *R);
    nopts += nl + nr;
    if (2 * nforms > tcap) {
        size_t cap = tcap ? 2 * tcap : 1024;
        uint32_t *t = calloc(cap, sizeof *t);
        for (size_t x = 0; x < nforms; x++) {
            Form *f = &forms[x];
            uint64_t hx = hash_of(opts + f->off, f->nl, opts + f->off + f->nl, f->nr);
            size_t i = hx & (cap - 1);
            while (t[i]) i = (i + 1) & (cap - 1);
            t[i] = (uint32_t)x + 1;
        }
        free(table);
        table = t;
        tcap = cap;
    } else {
        size_t i = h & (tcap - 1);
        while (table[i]) i = (i + 1) & (tcap - 1);
        table[i] = a + 1;
    }
    return a;
}

/* a pair map: (a, b) -> value + 1 */
typedef struct Map { uint64_t *k; uint32_t *v; size_t n, cap; } Map;
static Map lemap, summap;

static int map_get(Map *m, uint64_t key, uint32_t *v)
{
    if (!m->cap) return 0;
    for (size_t i = mix(key) & (m->cap - 1); m->k[i]; i = (i + 1) & (m->cap - 1))
        if (m->k[i] == key + 1) {
            *v = m->v[i];
            return 1;
        }
    return 0;
}

static void map_put(Map *m, uint64_t key, uint32_t v)
{
    if (2 * (m->n + 1) > m->cap) {
        Map g = { 0, 0, 0, m->cap ? 2 * m->cap : 4096 };
        g.k = calloc(g.cap, sizeof *g.k);
        g.v = malloc(g.cap * sizeof *g.v);
        for (size_t i = 0; i < m->cap; i++)
            if (m->k[i]) map_put(&g, m->k[i] - 1, m->v[i]);
        free(m->k);
        free(m->v);
        *m = g;
    }
    size_t i = mix(key) & (m->cap - 1);
    while (m->k[i]) i = (i + 1) & (m->cap - 1);
    m->k[i] = key + 1;
    m->v[i] = v;
    m->n++;
}

#define LEFT(a, i) opts[forms[a].off + (i)]
#define RIGHT(a, i) opts[forms[a].off + forms[a].nl + (i)]

/* a <= b unless some a^L >= b or some b^R <= a */
static int le(F a, F b)
{
    if (a == b) return 1;
    uint64_t key = (uint64_t)a << 32 | b;
    uint32_t v;
    if (map_get(&lemap, key, &v)) return (int)v;
    int r = 1;
    for (uint32_t i = 0; r && i < forms[a].nl; i++) r = !le(b, LEFT(a, i));
    for (uint32_t i = 0; r && i < forms[b].nr; i++) r = !le(RIGHT(b, i), a);
    map_put(&lemap, key, (uint32_t)r);
    return r;
}

/* the canonical form of {L | R}, options canonical */
static F make(const F *L0, size_t nl, const F *R0, size_t nr)
{
    size_t cap = nl + nr + 16;
    F *L = malloc(cap * sizeof *L), *R = malloc(cap * sizeof *R);
    size_t capl = cap, capr = cap;
    memcpy(L, L0, nl * sizeof *L);
    memcpy(R, R0, nr * sizeof *R);
    nl = uniq(L, nl);
    nr = uniq(R, nr);
    F first = intern(L, nl, R, nr);
    if (forms[first].canon != UINT32_MAX) {
        free(L);
        free(R);
        return forms[first].canon;
    }
    F g;
    for (;;) {
        size_t k = 0;   /* dominated */
        for (size_t i = 0; i < nl; i++) {
            int dom = 0;
            for (size_t j = 0; j < nl && !dom; j++) dom = j != i && le(L[i], L[j]);
            if (!dom) L[k++] = L[i];
        }
        nl = k;
        k = 0;
        for (size_t i = 0; i < nr; i++) {
            int dom = 0;
            for (size_t j = 0; j < nr && !dom; j++) dom = j != i && le(R[j], R[i]);
            if (!dom) R[k++] = R[i];
        }
        nr = k;
        g = intern(L, nl, R, nr);
        int changed = 0;   /* reversible */
        size_t nl2 = 0, nr2 = 0;
        F *L2 = malloc(capl * sizeof *L2), *R2 = malloc(capr * sizeof *R2);
        for (size_t i = 0; i < nl; i++) {
            F a = L[i], rev = UINT32_MAX;
            for (uint32_t j = 0; j < forms[a].nr && rev == UINT32_MAX; j++)
                if (le(RIGHT(a, j), g)) rev = RIGHT(a, j);
            if (rev == UINT32_MAX) {
                L2 = grow(L2, &capl, nl2 + 1, sizeof *L2);
                L2[nl2++] = a;
                continue;
            }
            changed = 1;
            L2 = grow(L2, &capl, nl2 + forms[rev].nl, sizeof *L2);
            for (uint32_t j = 0; j < forms[rev].nl; j++) L2[nl2++] = LEFT(rev, j);
        }
        for (size_t i = 0; i < nr; i++) {
            F a = R[i], rev = UINT32_MAX;
            for (uint32_t j = 0; j < forms[a].nl && rev == UINT32_MAX; j++)
                if (le(g, LEFT(a, j))) rev = LEFT(a, j);
            if (rev == UINT32_MAX) {
                R2 = grow(R2, &capr, nr2 + 1, sizeof *R2);
                R2[nr2++] = a;
                continue;
            }
            changed = 1;
            R2 = grow(R2, &capr, nr2 + forms[rev].nr, sizeof *R2);
            for (uint32_t j = 0; j < forms[rev].nr; j++) R2[nr2++] = RIGHT(rev, j);
        }
        free(L);
        free(R);
        L = L2;
        R = R2;
        nl = uniq(L, nl2);
        nr = uniq(R, nr2);
        if (!changed) break;
    }
    forms[g].canon = g;
    forms[first].canon = g;
    free(L);
    free(R);
    return g;
}

static F add(F a, F b)
{
    if (!forms[a].nl && !forms[a].nr) return b;
    if (!forms[b].nl && !forms[b].nr) return a;
    if (a > b) {
        F t = a;
        a = b;
        b = t;
    }
    uint64_t key = (uint64_t)a << 32 | b;
    uint32_t v;
    if (map_get(&summap, key, &v)) return v;
    size_t n = forms[a].nl + forms[a].nr + forms[b].nl + forms[b].nr + 1;
    F *L = malloc(n * sizeof *L), *R = malloc(n * sizeof *R);
    size_t nl = 0, nr = 0;
    for (uint32_t i = 0; i < forms[a].nl; i++) L[nl++] = add(LEFT(a, i), b);
    for (uint32_t i = 0; i < forms[b].nl; i++) L[nl++] = add(a, LEFT(b, i));
    for (uint32_t i = 0; i < forms[a].nr; i++) R[nr++] = add(RIGHT(a, i), b);
    for (uint32_t i = 0; i < forms[b].nr; i++) R[nr++] = add(a, RIGHT(b, i));
    F r = make(L, nl, R, nr);
    free(L);
    free(R);
    map_put(&summap, key, r);
    return r;
}

static char outcome(F g, F zero)
{
    int ge = le(zero, g), lez = le(g, zero);
    return ge && lez ? 'P' : ge ? 'L' : lez ? 'R' : 'N';
}

/* ---- Domineering: cells r * c bits, 1 = covered; Left vertical ---- */
static int R_, C_;
static Map dommap;

static F dom(uint64_t m)
{
    uint32_t v;
    if (map_get(&dommap, m, &v)) return v;
    F L[64], Rr[64];
    size_t nl = 0, nr = 0;
    for (int r = 0; r < R_; r++)
        for (int c = 0; c < C_; c++) {
            uint64_t a = (uint64_t)1 << (r * C_ + c);
            if (m & a) continue;
            if (r + 1 < R_ && !(m & (a << C_))) L[nl++] = dom(m | a | (a << C_));
            if (c + 1 < C_ && !(m & (a << 1))) Rr[nr++] = dom(m | a | (a << 1));
        }
    F f = make(L, nl, Rr, nr);
    map_put(&dommap, m, f);
    return f;
}

/* ---- Clobber on a row: x Left's, o Right's ---- */
static Map clobmap;
static int W_;

static uint64_t code(const char *s)
{
    uint64_t k = 0;
    for (int i = 0; i < W_; i++) k = k * 3 + (s[i] == 'x' ? 1 : s[i] == 'o' ? 2 : 0);
    return k;
}

static F clob(char *s)
{
    uint64_t k = code(s);
    uint32_t v;
    if (map_get(&clobmap, k, &v)) return v;
    F L[64], Rr[64];
    size_t nl = 0, nr = 0;
    for (int i = 0; i < W_; i++)
        for (int d = -1; d <= 1; d += 2) {
            int j = i + d;
            if (j < 0 || j >= W_) continue;
            if (s[i] == 'x' && s[j] == 'o') {
                s[i] = '.', s[j] = 'x';
                L[nl++] = clob(s);
                s[i] = 'x', s[j] = 'o';
            }
            if (s[i] == 'o' && s[j] == 'x') {
                s[i] = '.', s[j] = 'o';
                Rr[nr++] = clob(s);
                s[i] = 'o', s[j] = 'x';
            }
        }
    F f = make(L, nl, Rr, nr);
    map_put(&clobmap, k, f);
    return f;
}

/* ---- Hackenbush strings ---- */
static F hack(const char *s, int n)
{
    F L[16], Rr[16];
    size_t nl = 0, nr = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] == 'L') L[nl++] = hack(s, i);
        else Rr[nr++] = hack(s, i);
    }
    return make(L, nl, Rr, nr);
}

int main(int argc, char **argv)
{
    F zero = intern(NULL, 0, NULL, 0);
    forms[zero].canon = zero;
    if (argc == 4 && !strcmp(argv[1], "dom")) {
        R_ = atoi(argv[2]);
        C_ = atoi(argv[3]);
        printf("%c\n", outcome(dom(0), zero));
    } else if (argc == 3 && !strcmp(argv[1], "clobber")) {
        W_ = (int)strlen(argv[2]);
        printf("%c\n", outcome(clob(argv[2]), zero));
    } else if (argc == 4 && !strcmp(argv[1], "hack")) {
        /* N random strings of 1..8 edges (the same generator prints them for the engine) */
        int n = atoi(argv[2]);
        uint64_t seed = strtoull(argv[3], NULL, 10);
        F sum = zero;
        for (int i = 0; i < n; i++) {
            char s[9];
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            int len = 1 + (int)((seed >> 33) % 8);
            for (int j = 0; j < len; j++) s[j] = (seed >> (40 + j)) & 1 ? 'L' : 'R';
            sum = add(sum, hack(s, len));
        }
        printf("%c\n", outcome(sum, zero));
    } else if (argc == 4 && !strcmp(argv[1], "hackstrings")) {
        int n = atoi(argv[2]);
        uint64_t seed = strtoull(argv[3], NULL, 10);
        for (int i = 0; i < n; i++) {
            char s[9];
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            int len = 1 + (int)((seed >> 33) % 8);
            for (int j = 0; j < len; j++) s[j] = (seed >> (40 + j)) & 1 ? 'L' : 'R';
            s[len] = 0;
            printf("%sHackenbushString(\"%s\")", i ? " + " : "", s);
        }
        printf("\n");
    } else {
        fprintf(stderr, "usage: base_partizan dom R C | clobber ROW | hack N SEED | hackstrings N SEED\n");
        return 2;
    }
    return 0;
}
