/* test_mex.c: the bitset mex used by the memo search. */
#include "config.h"
#include "harness.h"
#include "solve/core/mex.h"

static void test_mex_basic(void **state)
{
    (void)state;
    uint64_t bits[4] = { 0 };
    assert_int_equal(mex_of_bits(bits, 0), 0);
    assert_int_equal(mex_of_bits(bits, 4), 0);
    bits[0] = 0xB;   /* {0, 1, 3} */
    assert_int_equal(mex_of_bits(bits, 1), 2);
    bits[0] = ~(uint64_t)0;
    assert_int_equal(mex_of_bits(bits, 1), 64);
    bits[1] = 0x7;
    assert_int_equal(mex_of_bits(bits, 2), 67);
    bits[1] = ~(uint64_t)0;
    bits[2] = ~(uint64_t)0;
    bits[3] = ~(uint64_t)0 >> 1;
    assert_int_equal(mex_of_bits(bits, 4), 255);
}

static void test_mex_random_against_naive(void **state)
{
    (void)state;
    srand(12345);
    for (int t = 0; t < 2000; t++) {
        uint64_t bits[3] = { 0 };
        int seen[192] = { 0 };
        int n = rand() % 200;
        for (int i = 0; i < n; i++) {
            int x = rand() % (1 + rand() % 192);
            seen[x] = 1;
            bits[x >> 6] |= (uint64_t)1 << (x & 63);
        }
        int m = 0;
        while (m < 192 && seen[m]) m++;
        assert_int_equal(mex_of_bits(bits, 3), m);
    }
}

static void test_mex_builtin(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "mex([])"), 0);
    assert_int_equal(h_int(h, "mex([1, 2, 3])"), 0);
    assert_int_equal(h_int(h, "mex(list(0..199))"), 200);
    assert_int_equal(h_int(h, "mex([-1, 0, 2])"), 1);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mex_basic),
        cmocka_unit_test(test_mex_random_against_naive),
        cmocka_unit_test(test_mex_builtin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
