/* base_mquot.c: the C reference for the misère-quotient benchmark: misère outcomes of random sums
   of 2-4 octal-0.75 heaps, each up to 20 or up to 10^6, by the published quotient R8 (Plambeck 2005; Plambeck and
   Siegel 2008) hard-coded: R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2},
   heaps 1..8 -> a b a b c b c b, then b for even heaps and ab^2 for odd ones. Elements are words
   a^i b^j c^k reduced by the relations. `base_mquot N` prints the number of P-positions among N
   sums (fixed seed); `base_mquot N --game` prints the engine's program: one expect per sum, with
   this reference's answer, so the engine must agree. */
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

int main(int argc, char **argv)
{
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
