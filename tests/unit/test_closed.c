/* test_closed.c: the arithmetic behind the closed forms against independent computations:
   nim-multiplication (theory.md section 5), Wythoff pairs near 10^18 (Zeckendorf), primality,
   Fibonacci Nim and Nim at 10^18. */
#include "config.h"
#include "harness.h"
#include "numth.h"
#include "solve/closed/closed.h"
#include <gmp.h>

/* a (x) b by the mex definition, for small operands */
static uint64_t nim_mul_mex(uint64_t a, uint64_t b)
{
    static uint64_t t[32][32];
    static bool done;
    if (!done) {
        for (int x = 0; x < 32; x++)
            for (int y = 0; y < 32; y++) {
                bool seen[1024] = { false };
                for (int i = 0; i < x; i++)
                    for (int j = 0; j < y; j++) seen[t[i][y] ^ t[x][j] ^ t[i][j]] = true;
                uint64_t m = 0;
                while (seen[m]) m++;
                t[x][y] = m;
            }
        done = true;
    }
    return t[a][b];
}

static void test_nim_mul(void **state)
{
    (void)state;
    for (uint64_t a = 0; a < 32; a++)
        for (uint64_t b = 0; b < 32; b++) assert_int_equal(closed_nim_mul(a, b), nim_mul_mex(a, b));
    /* the published values of theory.md section 5 */
    assert_int_equal(closed_nim_mul(2, 2), 3);
    assert_int_equal(closed_nim_mul(8, 8), 13);
    assert_int_equal(closed_nim_mul(16, 16), 24);
    assert_int_equal(closed_nim_mul(15, 15), 9);
    assert_int_equal(closed_nim_mul(256, 256), 384);
    assert_true(closed_nim_mul((uint64_t)1 << 32, (uint64_t)1 << 32) == 6442450944ull);
    static const uint64_t row6[8] = { 0, 6, 11, 13, 14, 8, 5, 3 };
    for (int b = 0; b < 8; b++) assert_int_equal(closed_nim_mul(6, (uint64_t)b), row6[b]);
    /* a field: associative and distributive over XOR on random 64-bit triples */
    srand(7);
    for (int t = 0; t < 2000; t++) {
        uint64_t x = ((uint64_t)rand() << 40) ^ ((uint64_t)rand() << 20) ^ (uint64_t)rand();
        uint64_t y = ((uint64_t)rand() << 42) ^ (uint64_t)rand(), z = ((uint64_t)rand() << 33) ^ (uint64_t)rand();
        assert_true(closed_nim_mul(closed_nim_mul(x, y), z) == closed_nim_mul(x, closed_nim_mul(y, z)));
        assert_true(closed_nim_mul(x, y ^ z) == (closed_nim_mul(x, y) ^ closed_nim_mul(x, z)));
    }
}

/* Zeckendorf digits of n over 1, 2, 3, 5, 8, ... (fib[0] = 1). */
static int zeck(uint64_t n, const uint64_t *fib, int nf, bool *digit)
{
    int low = -1;
    for (int i = nf - 1; i >= 0; i--) {
        digit[i] = fib[i] <= n;
        if (digit[i]) { n -= fib[i]; low = i; }
    }
    return low;
}

/* Independent of Beatty arithmetic: x is a lower Wythoff number iff its Zeckendorf representation
   ends in an even number of zeros, and its partner is the representation shifted up by one. */
static void test_wythoff_near_1e18(void **state)
{
    (void)state;
    uint64_t fib[92];
    fib[0] = 1;
    fib[1] = 2;
    for (int i = 2; i < 90; i++) fib[i] = fib[i - 1] + fib[i - 2];
    H *h = h_new();
    char buf[512];
    int lower = 0;
    for (uint64_t x = 1000000000000000000ull; x < 1000000000000000000ull + 600; x++) {
        bool d[92];
        int low = zeck(x, fib, 88, d);
        if (low % 2) continue;
        uint64_t y = 0;
        for (int i = 0; i < 88; i++)
            if (d[i]) y += fib[i + 1];
        lower++;
        snprintf(buf, sizeof buf, "expect Wythoff(%llu, %llu) is P; expect Wythoff(%llu, %llu) is P;"
                 "expect Wythoff(%llu, %llu) is N; expect Wythoff(%llu, %llu) is N;",
                 (unsigned long long)x, (unsigned long long)y, (unsigned long long)y, (unsigned long long)x,
                 (unsigned long long)x, (unsigned long long)y + 1, (unsigned long long)x + 1, (unsigned long long)y);
        int st = h_run(h, buf);
        if (st) fprintf(stderr, "%s\n%s\n", buf, h_err(h));
        assert_int_equal(st, 0);
    }
    assert_true(lower > 300);   /* about 1/phi of all numbers are lower Wythoff numbers */
    /* the winning move from an N-position near 10^18 reaches a P-position */
    assert_int_equal(h_run(h, "query Wythoff(1000000000000000000, 1000000000000000000);"), 0);
    assert_non_null(strstr(h_out(h), " -> 0"));
    h_free(h);
}

/* The same Zeckendorf check near 10^30 with GMP: heap sizes beyond 64 bits are decimal strings. */
static void test_wythoff_near_1e30(void **state)
{
    (void)state;
    mpz_t fib[160], x, y, r;
    mpz_init_set_ui(fib[0], 1);
    mpz_init_set_ui(fib[1], 2);
    for (int i = 2; i < 160; i++) { mpz_init(fib[i]); mpz_add(fib[i], fib[i - 1], fib[i - 2]); }
    mpz_inits(x, y, r, NULL);
    mpz_ui_pow_ui(x, 10, 30);
    H *h = h_new();
    int lower = 0;
    for (int t = 0; t < 400; t++, mpz_add_ui(x, x, 1)) {
        /* Zeckendorf digits of x, greedy from the top */
        bool d[160] = { false };
        int low = -1;
        mpz_set(r, x);
        for (int i = 159; i >= 0; i--)
            if (mpz_cmp(fib[i], r) <= 0) { d[i] = true; mpz_sub(r, r, fib[i]); low = i; }
        if (low % 2) continue;
        mpz_set_ui(y, 0);
        for (int i = 0; i < 159; i++)
            if (d[i]) mpz_add(y, y, fib[i + 1]);
        lower++;
        char *xs = mpz_get_str(NULL, 10, x), *ys = mpz_get_str(NULL, 10, y);
        mpz_add_ui(r, y, 1);
        char *y1 = mpz_get_str(NULL, 10, r);
        char q[600];
        snprintf(q, sizeof q, "expect Wythoff(\"%s\", \"%s\") is P; expect Wythoff(\"%s\", \"%s\") is P;"
                 "expect Wythoff(\"%s\", \"%s\") is N; expect winning_move(Wythoff(\"%s\", \"%s\"), 0) is P;",
                 xs, ys, ys, xs, xs, y1, xs, y1);
        int st = h_run(h, q);
        if (st) fprintf(stderr, "%s\n%s\n", q, h_err(h));
        assert_int_equal(st, 0);
        free(xs);
        free(ys);
        free(y1);
    }
    assert_true(lower > 200);
    /* the string path agrees with the 64-bit path, winning moves included */
    for (int a = 0; a <= 25; a++)
        for (int b = 0; b <= 25; b++) {
            char q[300];
            snprintf(q, sizeof q, "expect (Wythoff(%d, %d) is P) == (Wythoff(\"%d\", \"%d\") is P);"
                     "expect winning_count(Wythoff(%d, %d)) == winning_count(Wythoff(\"%d\", \"%d\"));",
                     a, b, a, b, a, b, a, b);
            assert_int_equal(h_run(h, q), 0);
        }
    h_free(h);
    for (int i = 0; i < 160; i++) mpz_clear(fib[i]);
    mpz_clears(x, y, r, NULL);
}

static void test_primes(void **state)
{
    (void)state;
    int sieve[20000] = { 0 };
    for (int i = 2; i < 20000; i++)
        if (!sieve[i])
            for (int j = 2 * i; j < 20000; j += i) sieve[j] = 1;
    for (int i = 0; i < 20000; i++) {
        assert_int_equal(numth_is_prime((uint64_t)i), i >= 2 && !sieve[i]);
        bool pp = i == 1;
        for (int p = 2; p <= i && !pp; p++)
            if (!sieve[p]) {
                long long q = p;
                while (q < i) q *= p;
                if (q == i) pp = true;
            }
        assert_int_equal(numth_is_prime_power((uint64_t)i), pp);
    }
    assert_true(numth_is_prime(1000000000000000003ull));
    assert_false(numth_is_prime(1000000000000000001ull));   /* 101 * ... */
    assert_true(numth_is_prime_power(4611686018427387904ull));   /* 2^62 */
    assert_true(numth_is_prime_power(1853020188851841ull));      /* 3^32 */
    assert_false(numth_is_prime_power(6ull * 1000000007ull));
}

static void test_big_queries(void **state)
{
    (void)state;
    H *h = h_new();
    /* Nim at 10^18: s = 10^18 ^ (10^18 - 1) ^ 5 = 524282; the one winning move is a_i -> a_i ^ s */
    assert_int_equal(h_run(h, "query Nim(1000000000000000000, 999999999999999999, 5);"), 0);
    assert_non_null(strstr(h_out(h), "N (sg 524282) [closed:nim]"));
    assert_non_null(strstr(h_out(h), " -> Heap(999999999999999994) + Heap(999999999999999999) + Heap(5)\n"));
    /* Fibonacci Nim at 10^18: P iff a Fibonacci number; the winning move takes the smallest
       Zeckendorf term (10^18 = ... + 55 + 21 + 2 -> take 2) */
    assert_int_equal(h_run(h, "expect FibNim(1100087778366101931) is P;"   /* F(88) */
                              "expect FibNim(1000000000000000000) is N;"), 0);
    assert_int_equal(numth_zeckendorf_smallest(1000000000000000000ull), 2);
    assert_int_equal(h_run(h, "query FibNim(1000000000000000000);"), 0);
    assert_non_null(strstr(h_out(h), " -> FibNim(999999999999999998, 4)\n"));
    h_free(h);
}

/* Moore's construction on heaps too big to enumerate: the move it finds changes at most k heaps,
   lowers each, and reaches a P-position. */
static void test_moore_construction(void **state)
{
    (void)state;
    H *h = h_new();
    srand(11);
    int found = 0;
    for (int t = 0; t < 200; t++) {
        int k = 1 + rand() % 3, n = 2 + rand() % 4;
        long long a[8];
        char q[400];
        int len = snprintf(q, sizeof q, "query MooreNim(%d", k);
        for (int i = 0; i < n; i++) {
            a[i] = ((long long)rand() << 20) ^ rand();
            len += snprintf(q + len, sizeof q - (size_t)len, ", %lld", a[i]);
        }
        snprintf(q + len, sizeof q - (size_t)len, ");");
        size_t before = strlen(h_out(h));
        assert_int_equal(h_run(h, q), 0);
        const char *w = strstr(h_out(h) + before, " -> MooreNim(");
        if (!w) continue;   /* a P-position */
        found++;
        w += strlen(" -> MooreNim(");
        char *end;
        long long kk = strtoll(w, &end, 10), b[8];
        assert_int_equal(kk, k);
        int changed = 0;
        for (int i = 0; i < n; i++) {
            b[i] = strtoll(end + 2, &end, 10);
            assert_true(b[i] <= a[i]);
            changed += b[i] < a[i];
        }
        assert_true(changed >= 1 && changed <= k);
        len = snprintf(q, sizeof q, "expect MooreNim(%d", k);
        for (int i = 0; i < n; i++) len += snprintf(q + len, sizeof q - (size_t)len, ", %lld", b[i]);
        snprintf(q + len, sizeof q - (size_t)len, ") is P;");
        assert_int_equal(h_run(h, q), 0);
    }
    assert_true(found > 100);   /* the others take everything (k >= the number of heaps): "-> 0" */
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nim_mul),
        cmocka_unit_test(test_wythoff_near_1e18),
        cmocka_unit_test(test_wythoff_near_1e30),
        cmocka_unit_test(test_primes),
        cmocka_unit_test(test_big_queries),
        cmocka_unit_test(test_moore_construction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
