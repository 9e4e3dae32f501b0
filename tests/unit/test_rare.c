/* test_rare.c: the rare-value method (heaps from 1024 on) against a plain scan of every option,
   written here from the octal-code definition, for many codes up to 5000 tokens: the method is
   exact for any mask, so any difference is a bug. */
#include "config.h"
#include "harness.h"
/* the method's portable code (the build uses SSE2 where it has it), under names of its own */
#define GRUNDY_NO_SIMD 1
#define rare_applies rare_applies_portable
#define rare_value rare_value_portable
#define rare_fini rare_fini_portable
#include "../../src/solve/core/rare.c"
#undef rare_applies
#undef rare_value
#undef rare_fini

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

/* The portable code driven directly (heaps from 1024 on, as the sequence strategy does), in a
   byte table while the values allow and in 32 bits after, against the plain scan. */
static void portable(const char *code)
{
    static unsigned want[N + 1];
    bool grundy = !*code;   /* "": Grundy's game, a split into two unequal heaps */
    naive(code, grundy, want);
    HeapRules hr;
    uint8_t split_unequal = HR_TWO | HR_UNEQUAL;
    if (grundy) {
        memset(&hr, 0, sizeof hr);
        hr.digit = &split_unequal;
        hr.kind = "heap";
    } else {
        assert_true(heaprules_octal(code, strlen(code), &hr));
    }
    assert_true(rare_applies_portable(&hr));
    uint8_t *g8 = calloc(N + 1, 1);
    uint32_t *g32 = NULL;
    Rare r;
    memset(&r, 0, sizeof r);
    uint32_t maxv = 0;
    uint64_t seen[1 << 10];
    for (size_t n = 0; n <= N; n++) {
        uint32_t v;
        if (n < 1024) {
            v = want[n];   /* the start of the table, as the naive scan has it */
        } else {
            size_t bits = 1;
            while (((size_t)1 << bits) <= maxv) bits++;
            size_t words = (((size_t)1 << bits) + 63) / 64 + 1;
            memset(seen, 0, words * sizeof *seen);
            for (size_t j = 0; j < hr.nrem && hr.rem[j] <= n; j++) {
                uint8_t d = hr.digit[hr.rem[j]];
                size_t rest = n - hr.rem[j];
                if ((d & HR_NONE) && rest == 0) seen[0] |= 1;
                if ((d & HR_ONE) && rest >= 1) {
                    uint32_t o = g8 ? g8[rest] : g32[rest];
                    seen[o >> 6] |= (uint64_t)1 << (o & 63);
                }
            }
            v = rare_value_portable(&r, &hr, (RareTable){ g8, g32 }, n, seen, words, maxv);
        }
        if (v != want[n]) fprintf(stderr, "%s: G(%zu) = %u, not %u\n", code, n, v, want[n]);
        assert_int_equal(v, want[n]);
        if (v > 255 && g8) {
            g32 = calloc(N + 1, sizeof *g32);
            for (size_t i = 0; i < n; i++) g32[i] = g8[i];
            free(g8);
            g8 = NULL;
        }
        if (g8) g8[n] = (uint8_t)v;
        else g32[n] = v;
        if (v > maxv) maxv = v;
    }
    rare_fini_portable(&r);
    if (!grundy) heaprules_fini(&hr);
    free(g8);
    free(g32);
}

static void test_portable_code(void **state)
{
    (void)state;
    static const char *const codes[] = { "0.77", "0.137", "0.16", "0.6", "4.07", "0.765", "0.754", "0.1777", "" };
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) portable(codes[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_rare_against_scan), cmocka_unit_test(test_portable_code) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
