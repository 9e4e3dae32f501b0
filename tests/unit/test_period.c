/* test_period.c: the octal periodicity check without a Z-array (period_octal8/32) against the
   check written from its statement: for p = 1, 2, ... (2p <= L) the smallest e with
   v[n + p] == v[n] for e <= n < L - p, the first p with L >= 2 max(e, 1) + 2p + t. Random
   eventually periodic sequences over small alphabets (many near-periods and coincidences),
   random sequences, and periodic ones with a late flaw; fixed seed. */
#include "config.h"
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "solve/core/period.h"

static uint64_t rng = 20261202;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng >> 33) % n;
}

static bool brute(const uint32_t *v, size_t L, size_t t, uint64_t *e, uint64_t *p)
{
    for (size_t q = 1; 2 * q <= L; q++) {
        size_t ee = L - q;   /* the smallest e with v[n + q] == v[n] for e <= n < L - q */
        while (ee > 0 && v[ee - 1 + q] == v[ee - 1]) ee--;
        size_t e1 = ee ? ee : 1;
        if (L >= 2 * e1 + 2 * q + t) {
            *e = ee;
            *p = q;
            return true;
        }
    }
    return false;
}

static void check(const uint32_t *v, size_t L, size_t t, size_t *proven)
{
    uint64_t be = 0, bp = 0, e8 = 0, p8 = 0, e32 = 0, p32 = 0, need8, need32;
    bool want = brute(v, L, t, &be, &bp);
    uint8_t *b = malloc(L ? L : 1);
    bool byte = true;
    for (size_t i = 0; i < L; i++) {
        b[i] = (uint8_t)v[i];
        if (v[i] > 255) byte = false;
    }
    bool got32 = period_octal32(v, L, t, &e32, &p32, &need32);
    if (got32 != want || (want && (e32 != be || p32 != bp)))
        fprintf(stderr, "L %zu t %zu: want %d (%llu, %llu), got %d (%llu, %llu)\n", L, t, want, (unsigned long long)be,
                (unsigned long long)bp, got32, (unsigned long long)e32, (unsigned long long)p32);
    assert_int_equal(got32, want);
    if (want) {
        assert_int_equal(e32, be);
        assert_int_equal(p32, bp);
        (*proven)++;
    } else {
        assert_true(need32 == 0 || need32 > L);   /* a guess always asks for more values */
    }
    if (byte) {
        bool got8 = period_octal8(b, L, t, &e8, &p8, &need8);
        assert_int_equal(got8, want);
        if (want) {
            assert_int_equal(e8, be);
            assert_int_equal(p8, bp);
        }
        assert_int_equal(need8, need32);
    }
    free(b);
}

static void test_octal_check(void **state)
{
    (void)state;
    uint32_t *v = malloc(3000 * sizeof *v);
    size_t proven = 0, cases = 0;
    for (int round = 0; round < 4000; round++) {
        size_t L = 1 + rnd(round < 3000 ? 300 : 3000), t = rnd(6), k = 1 + rnd(4);
        size_t e0 = rnd((uint32_t)L), p0 = 1 + rnd(1 + (uint32_t)L / (1 + rnd(8)));
        uint32_t big = rnd(4) == 0 ? 1000 : 0;   /* sometimes values beyond a byte */
        for (size_t n = 0; n < L; n++) v[n] = n < e0 + p0 ? rnd((uint32_t)k) + big : v[n - p0];
        int kind = rnd(4);
        if (kind == 1 && L > 2) v[L - 1 - rnd((uint32_t)L / 2)] ^= 1;   /* a flaw late in the period */
        if (kind == 2)
            for (size_t n = 0; n < L; n++) v[n] = rnd((uint32_t)k);   /* no period meant */
        check(v, L, t, &proven);
        cases++;
    }
    /* long tables: the true period found among many multiples and near-misses */
    for (int round = 0; round < 20; round++) {
        size_t L = 2000 + rnd(1000), p0 = 1 + rnd(3), t = rnd(4);
        for (size_t n = 0; n < L; n++) v[n] = n < 7 ? rnd(3) : v[n - p0];
        check(v, L, t, &proven);
        cases++;
    }
    fprintf(stderr, "octal check: %zu cases, %zu proven, all as the statement says\n", cases, proven);
    assert_true(proven > cases / 4 && proven < cases);
    free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_octal_check) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
