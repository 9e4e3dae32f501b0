/* test_vm.c: IR evaluation: checked arithmetic, lists, sets, strings, generators, builtins, recursion. */
#include "config.h"
#include "harness.h"

static void test_arith(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "-7 / 2"), -4);
    assert_int_equal(h_int(h, "-7 % 2"), 1);
    assert_int_equal(h_int(h, "7 % -2"), -1);
    assert_int_equal(h_int(h, "7 / 2"), 3);
    assert_int_equal(h_int(h, "5 ^ 3"), 6);
    assert_int_equal(h_int(h, "1 << 62"), (int64_t)1 << 62);
    assert_int_equal(h_int(h, "-8 >> 1"), -4);
    assert_int_equal(h_int(h, "3 ** 39"), 4052555153018976267LL);
    assert_int_equal(h_int(h, "if 2 > 1 and not (1 > 2) then 10 else 20"), 10);
    h_free(h);
}


static void test_runtime_errors(void **state)
{
    (void)state;
    h_expect_error("def f(x) = x * x; const X = f(4294967296);", "integer overflow in 'x * x'");
    h_expect_error("def f(x) = x + 1; const X = f(9223372036854775807);", "integer overflow in 'x + 1'");
    h_expect_error("def f(x) = 1 << x; const X = f(63);", "integer overflow in '1 << x'");
    h_expect_error("def f(x) = 3 ** x; const X = f(40);", "integer overflow in '3 ** x'");
    h_expect_error("def f(x) = -x; const X = f(-9223372036854775807 - 1);", "integer overflow in '-x'");
    h_expect_error("def f(x) = 10 / x; const X = f(0);", "division by zero in '10 / x'");
    h_expect_error("const L = [1, 2]; const X = L[2];", "index 2 is out of range for a list of length 2");
    h_expect_error("const X = min(k for k in 1..0);", "min of nothing");
    h_expect_error("def f(n) = f(n + 1); const X = f(0);", "recursion too deep in 'f'");
}

static void test_lists_sets_strings(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "len([3, 1, 2] + [5])"), 4);
    assert_int_equal(h_int(h, "[3, 1, 2][1 := 9, 2 := 7] == [3, 9, 7]"), 1);
    assert_int_equal(h_int(h, "{3, 1, 3, 2} == {1, 2, 3}"), 1);
    assert_int_equal(h_int(h, "4 in {1, 3, 4} and not (2 in {1, 3, 4})"), 1);
    assert_int_equal(h_int(h, "sort([3, 1, 2]) == [1, 2, 3]"), 1);
    assert_int_equal(h_int(h, "\"HTH\"[1] == \"T\""), 1);
    assert_int_equal(h_int(h, "\"HTH\"[1 := \"H\"] == \"HHH\""), 1);
    assert_int_equal(h_int(h, "len(set([1, 1, 2]))"), 2);
    assert_int_equal(h_int(h, "mex({0, 1, 3})"), 2);
    assert_int_equal(h_int(h, "popcount(255)"), 8);
    assert_int_equal(h_int(h, "max(4, 9, 2) + min([5, 3]) + max(1..10)"), 22);
    h_free(h);
}

static void test_generators_and_recursion(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "sum(x * x for x in 1..10)"), 385);
    assert_int_equal(h_int(h, "count(x for x in 1..100 when x % 7 == 0)"), 14);
    assert_int_equal(h_int(h, "count(x % 7 == 0 for x in 1..100)"), 14);
    assert_int_equal(h_int(h, "all(x < 5 for x in [1, 2, 3])"), 1);
    assert_int_equal(h_int(h, "any(x > 5 for x in [1, 2, 3])"), 0);
    assert_int_equal(h_int(h, "max(x * (10 - x) for x in 0..10)"), 25);
    assert_int_equal(h_int(h, "[x * 2 for x in 1..3] == [2, 4, 6]"), 1);
    assert_int_equal(h_int(h, "sum(a * b for a in 1..3, b in a..3)"), 1 + 2 + 3 + 4 + 6 + 9);
    assert_int_equal(h_run(h, "def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2);"), 0);
    assert_int_equal(h_int(h, "fib(20)"), 6765);
    assert_int_equal(h_run(h, "def total(a...) = sum(x for x in a);"), 0);
    assert_int_equal(h_int(h, "total(1, 2, 3) + total([4, 5]...)"), 15);
    h_free(h);
}

/* Lists of strings: built, indexed, updated, searched, joined, sorted, iterated, kept in
   positions (a variadic game argument) and printed back. */
static void test_lists_of_strings(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "len([\"HT\", \"TH\", \"\"])"), 3);
    assert_int_equal(h_int(h, "[\"HT\", \"TH\"][1] == \"TH\""), 1);
    assert_int_equal(h_int(h, "[\"HT\", \"TH\"][1][0] == \"T\""), 1);
    assert_int_equal(h_int(h, "[\"a\", \"b\"][0 := \"c\"] == [\"c\", \"b\"]"), 1);
    assert_int_equal(h_int(h, "\"b\" in [\"a\", \"b\"] and not (\"z\" in [\"a\"])"), 1);
    assert_int_equal(h_int(h, "[\"a\"] + [\"b\"] == [\"a\", \"b\"]"), 1);
    assert_int_equal(h_int(h, "sort([\"b\", \"ab\", \"a\"]) == [\"a\", \"ab\", \"b\"]"), 1);
    assert_int_equal(h_int(h, "sum(len(s) for s in [\"abc\", \"de\"])"), 5);
    assert_int_equal(h_int(h, "[s + \"!\" for s in [\"x\", \"y\"]] == [\"x!\", \"y!\"]"), 1);
    assert_int_equal(h_int(h, "[1, 2] != [\"1\", \"2\"]"), 1);
    /* in positions: equal strings make equal keys */
    assert_int_equal(h_int(h, "TurningCorners(\"TH\", \"TH\") == TurningCorners(\"T\" + \"H\", \"TH\")"), 1);
    assert_int_equal(h_run(h, "query TurningCorners(\"TT\", \"TH\");"), 0);
    assert_non_null(strstr(h_out(h), "TurningCorners(\"TT\", \"TH\"): N (sg 1)"));
    h_free(h);
    h_expect_error("const X = [1, \"a\"];", "a list holds integers or strings, not both");
    h_expect_error("def f(x) = [x, \"a\"]; const X = f(1);", "a list holds integers or strings, not both");
    h_expect_error("const X = min([\"a\"]);", "min() needs a list of integers");
    h_expect_error("const X = [\"a\"][0 := 1];", "a list of strings is updated with integer indexes and strings");
    h_expect_error("const X = {\"a\"};", "set elements must be integers");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arith),
        cmocka_unit_test(test_runtime_errors),
        cmocka_unit_test(test_lists_sets_strings),
        cmocka_unit_test(test_lists_of_strings),
        cmocka_unit_test(test_generators_and_recursion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
