/* base_mquot.c: the C reference for the misère-quotient benchmark: misère outcomes of random sums
   of 2-4 octal-0.75 heaps, each up to 20 or up to 10^6, by the published quotient R8 (Plambeck 2005; Plambeck and
   Siegel 2008) hard-coded: R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2},
   heaps 1..8 -> a b a b c b c b, then b for even heaps and ab^2 for odd ones. Elements are words
   a^i b^j c^k reduced by the relations. `base_mquot N` prints the number of P-positions among N
   sums (fixed seed); `base_mquot N --game` prints the engine's program: one expect per sum, with
   this reference's answer, so the engine must agree.
   `base_mquot N --kayles FILE [--game]`: the same for sums of 2-4 Kayles heaps, by the quotient
   in FILE (the JSON of `quotient misere(Kayles(n)) for n;`: its table, P, heaps and period). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct W { int i, j, k; } W;

static W reduce(W w)
{
    for (;;) {
        if (w.i >= 2) w.i -= 2;                              /* a^2 = 1 */
        else if (w.k >= 2) { w.k -= 2; w.j += 2; }           /* c^2 = b^2 */
        else if (w.j >= 1 && w.k >= 1) { w.k -= 1; w.i += 1; }   /* bc = ab */
        else if (w.j >= 3) w.j -= 2;                         /* b^3 = b */
        else return w;
    }
}

static W mul(W x, W y) { return reduce((W){ x.i + y.i, x.j + y.j, x.k + y.k }); }

static W phi(long n)
{
    static const W first[9] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 },
                                 { 0, 1, 0 }, { 0, 0, 1 }, { 0, 1, 0 } };
    if (n <= 8) return first[n];
    return n % 2 ? (W){ 1, 2, 0 } : (W){ 0, 1, 0 };
}

static int is_p(W w) { return (w.i == 1 && w.j == 0 && w.k == 0) || (w.i == 0 && w.j == 2 && w.k == 0); }

/* ---- Kayles: a quotient read from the engine's JSON ---- */

typedef struct KQ {
    int order;
    int *mul, *isp, *phi;
    long nphi, pre, per;
} KQ;

/* The integers of the JSON value after "key": into v (at most cap), their count. */
static long ints_after(const char *js, const char *key, int *v, long cap)
{
    const char *at = strstr(js, key);
    if (!at) return -1;
    at += strlen(key);
    long n = 0;
    int depth = 0;
    for (const char *c = at; *c; c++) {
        if (*c == '[' || *c == '{') depth++;
        else if (*c == ']' || *c == '}') { if (--depth <= 0) break; }
        else if (*c >= '0' && *c <= '9' && (c[-1] < '0' || c[-1] > '9')) {
            if (n < cap) v[n] = atoi(c);
            n++;
        } else if (!strncmp(c, "true", 4) || !strncmp(c, "false", 5)) {
            if (n < cap) v[n] = *c == 't';
            n++;
        }
        if (depth == 0) break;
    }
    return n;
}

static int kq_read(const char *file, KQ *q)
{
    FILE *f = fopen(file, "r");
    if (!f) return 0;
    static char js[1 << 22];
    size_t len = fread(js, 1, sizeof js - 1, f);
    fclose(f);
    js[len] = 0;
    int v[4];
    if (ints_after(js, "\"order\":", v, 1) < 0) return 0;
    q->order = atoi(strstr(js, "\"order\":") + 8);
    q->mul = malloc(sizeof *q->mul * q->order * q->order);
    q->isp = malloc(sizeof *q->isp * q->order);
    q->phi = malloc(sizeof *q->phi * 100000);
    if (ints_after(js, "\"table\":", q->mul, (long)q->order * q->order) != (long)q->order * q->order) return 0;
    if (ints_after(js, "\"p\":", q->isp, q->order) != q->order) return 0;
    q->nphi = ints_after(js, "\"phi\":", q->phi, 100000);
    if (ints_after(js, "\"period\":", v, 2) != 2) return 0;
    q->pre = v[0];
    q->per = v[1];
    return q->nphi > 0 && q->per > 0;
}

static int kq_phi(const KQ *q, long n)
{
    if (n >= q->nphi) n = q->pre + (n - q->pre) % q->per;
    return q->phi[n];
}

static int kayles(long n, const char *file, int game)
{
    KQ q;
    if (!kq_read(file, &q)) {
        fprintf(stderr, "base_mquot: cannot read a proven quotient from %s\n", file);
        return 1;
    }
    unsigned long long s = 54321;
    long ps = 0;
    for (long i = 0; i < n; i++) {
        long h[4];
        int x = 0;
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        int k = 2 + (int)((s >> 33) % 3);
        for (int t = 0; t < k; t++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            h[t] = (long)((s >> 33) % ((s >> 20) & 1 ? 81 : 1000001));
            x = q.mul[x * q.order + kq_phi(&q, h[t])];
        }
        int p = q.isp[x];
        ps += p;
        if (game) {
            printf("expect misere(");
            for (int t = 0; t < k; t++) printf("%sKayles(%ld)", t ? " + " : "", h[t]);
            printf(") is %c;\n", p ? 'P' : 'N');
        }
    }
    if (!game) printf("%ld\n", ps);
    free(q.mul);
    free(q.isp);
    free(q.phi);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 3 && !strcmp(argv[2], "--kayles"))
        return kayles(atol(argv[1]), argv[3], argc > 4 && !strcmp(argv[4], "--game"));
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int game = argc > 2 && !strcmp(argv[2], "--game");
    unsigned long long s = 12345;
    long ps = 0;
    for (long q = 0; q < n; q++) {
        long h[4];
        W x = { 0, 0, 0 };
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        int k = 2 + (int)((s >> 33) % 3);   /* 2..4 heaps, each small (0..20) or large (up to 10^6) */
        for (int t = 0; t < k; t++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            h[t] = (long)((s >> 33) % ((s >> 20) & 1 ? 21 : 1000001));
            x = mul(x, phi(h[t]));
        }
        int p = is_p(x);
        ps += p;
        if (game) {
            printf("expect misere(");
            for (int t = 0; t < k; t++) printf("%sOctal(\"0.75\", %ld)", t ? " + " : "", h[t]);
            printf(") is %c;\n", p ? 'P' : 'N');
        }
    }
    if (!game) printf("%ld\n", ps);
    return 0;
}
