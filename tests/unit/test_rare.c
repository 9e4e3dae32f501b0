/* test_rare.c: the rare-value method (heaps from 1024 on) against a plain scan of every option,
   written here from the octal-code definition, for many codes up to 5000 tokens: the method is
   exact for any mask, so any difference is a bug. */
#include "config.h"
#include "harness.h"

#define N 5000

/* G(0..N) of an octal code (a leading '4' also splits without removal); unequal: Grundy's game. */
static void naive(const char *code, bool grundy, unsigned *g)
{
    size_t t = strlen(code) - 2;
    for (size_t n = 0; n <= N; n++) {
        static char seen[1 << 14];
        memset(seen, 0, sizeof seen);
        if (grundy) {
            for (size_t a = 1; 2 * a < n; a++) seen[g[a] ^ g[n - a]] = 1;
        } else {
            if (code[0] == '4')
                for (size_t a = 1; 2 * a <= n; a++) seen[g[a] ^ g[n - a]] = 1;
            for (size_t i = 1; i <= t && i <= n; i++) {
                int d = code[i + 1] - '0';
                size_t r = n - i;
                if ((d & 1) && r == 0) seen[0] = 1;
                if ((d & 2) && r >= 1) seen[g[r]] = 1;
                if ((d & 4) && r >= 2)
                    for (size_t a = 1; 2 * a <= r; a++) seen[g[a] ^ g[r - a]] = 1;
            }
        }
        unsigned m = 0;
        while (seen[m]) m++;
        g[n] = m;
    }
}

static void check(const char *code, bool grundy)
{
    static unsigned g[N + 1];
    naive(code, grundy, g);
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, "const V = [");
    for (size_t n = 0; n <= N; n++) sb_printf(&b, "%s%u", n ? ", " : "", g[n]);
    /* the period statement with a range computes every value (no stop at a proven period) */
    if (grundy) sb_printf(&b, "];\nperiod GrundyGame(n) for n in 0..%d;\nclaim sg(GrundyGame(n)) == V[n] for n in 0..%d;\n", N, N);
    else sb_printf(&b, "];\nperiod Octal(\"%s\", n) for n in 0..%d;\nclaim sg(Octal(\"%s\", n)) == V[n] for n in 0..%d;\n",
                   code, N, code, N);
    H *h = h_new();
    int st = h_run(h, b.s);
    if (st) fprintf(stderr, "%s: %s\n", grundy ? "GrundyGame" : code, h_err(h));
    assert_int_equal(st, 0);
    h_free(h);
    sb_fini(&b);
}

static void test_rare_against_scan(void **state)
{
    (void)state;
    static const char *const codes[] = { "0.77", "0.07", "0.137", "0.16", "0.56", "0.26", "0.4", "0.44", "4.7",
                                         "4.07", "0.1234", "0.765", "0.6", "0.754", "4.0" };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) check(codes[i], false);
    check("", true);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_rare_against_scan) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
