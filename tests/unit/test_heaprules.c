/* test_heaprules.c: reading take-and-break rules off a ruleset's syntax tree: the digits found
   for the shapes a user may write, and the shapes that must NOT be read as a heap game (a guess
   there would be a wrong answer). */
#include "config.h"
#include "harness.h"
#include "solve/core/heaprules.h"
#include "vm.h"

/* The code read for the position text (a one-component position), or NULL if not recognised. */
static char *code_of(H *h, const char *pos, int coord)
{
    static int counter;
    char text[300], name[32];
    snprintf(name, sizeof name, "probe_%d", counter++);
    snprintf(text, sizeof text, "def %s() = %s;", name, pos);
    assert_int_equal(h_run(h, text), 0);
    Symbol *s = prog_lookup(&h->p, name);
    assert_non_null(s);
    Value v = vm_call(h->p.vm, s->id, NULL, 0, NULL, NULL);   /* the position's key, in scratch */
    assert_int_equal(v.t, VT_POS);
    HeapRules hr;
    if (!heaprules_read(&h->p, v.u.p[0], coord, &hr)) return NULL;
    StrBuf b;
    sb_init(&b);
    heaprules_describe(&hr, &b);
    sb_printf(&b, " %s%s", hr.kind, hr.recognised ? " recognised" : "");
    heaprules_fini(&hr);
    return sb_take(&b);
}

static void expect_code(H *h, const char *pos, int coord, const char *want)
{
    char *got = code_of(h, pos, coord);
    if (!got || strcmp(got, want)) fprintf(stderr, "%s: got %s, want %s\n", pos, got ? got : "(none)", want);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_recognised_shapes(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h,
        "game A(n) { move t(k in {1, 3, 4}) when k <= n => A(n - k); }\n"
        "game B(n, m) { move t(k in 1..min(m, n)) => B(n - k, m); }\n"
        "game C(n) { move t(k in [2, 5]) when n - k >= 1 => C(n - k); }\n"
        "game K(n) { move one(a in 0..(n - 1) / 2) when n >= 1 => K(a) + K(n - 1 - a);\n"
        "            move two(a in 0..(n - 2) / 2) when n >= 2 => K(a) + K(n - 2 - a); }\n"
        "game D(n) { move k(a in 0..(n - 2) / 2) when n >= 2 => D(a) + D(n - 2 - a); }\n"
        "game S(n) { move s(a in 1..n - 1) => S(a) + S(n - a); }\n"
        "game G(n) { move s(a in 1..(n - 1) / 2) => G(a) + G(n - a); }\n"
        "game R(n) { move k(i in 1..3, a in 0..n - i) when i <= n => R(a) + R(n - i - a); }\n"
        "game H2(n) { move t(k in 1..n) => H2(n - k); }\n"), 0);
    expect_code(h, "A(0)", 0, "0.3033 subtraction recognised");
    expect_code(h, "B(0, 4)", 0, "0.3333 subtraction recognised");
    expect_code(h, "C(0)", 0, "0.02002 subtraction recognised");
    expect_code(h, "K(0)", 0, "0.77 octal recognised");
    expect_code(h, "D(0)", 0, "0.07 octal recognised");
    expect_code(h, "S(0)", 0, "4. heap recognised");
    expect_code(h, "G(0)", 0, "4. (unequal splits) heap recognised");
    expect_code(h, "R(0)", 0, "0.777 octal recognised");
    expect_code(h, "H2(0)", 0, "heap heap recognised");
    /* the standard library's own games are read the same way (not "recognised") */
    expect_code(h, "Kayles(0)", 0, "0.77 octal");
    expect_code(h, "Subtract(0, {2, 3})", 0, "0.033 subtraction");
    h_free(h);
}

static void test_not_heap_games(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h,
        /* the guard depends on n otherwise than through the remainder */
        "game W(n) { move t(k in {1, 2}) when k <= n and n % 3 != 0 => W(n - k); }\n"
        /* an upper bound on the heap */
        "game U(n) { move t(k in {1, 2}) when k <= n and n <= 40 => U(n - k); }\n"
        /* nothing keeps the heap from going negative */
        "game N(n) { move t(k in {1, 2}) => N(n - k); }\n"
        /* must leave at least two: not an octal digit */
        "game L(n) { move t(k in {1, 2}) when n - k >= 2 => L(n - k); }\n"
        /* take at most half: the removal set depends on n */
        "game Q(n) { move t(k in 1..n / 2) => Q(n - k); }\n"
        /* splits that miss some pairs */
        "game P(n) { move s(a in 1..(n - 2) / 2) => P(a) + P(n - a); }\n"
        /* the domain is a function's result */
        "def two() = [1, 2];\n"
        "game F(n) { move t(k in two()) when k <= n => F(n - k); }\n"
        /* a let, a canon, a result of another game */
        "game X(n) { move t(k in 1..2) when k <= n let r = n - k => X(r); }\n"
        "game Y(n) { canon (n); move t(k in 1..2) when k <= n => Y(n - k); }\n"
        "game Z(n) { move t(k in 1..2) when k <= n => Heap(n - k); }\n"), 0);
    const char *pos[] = { "W(0)", "U(0)", "N(0)", "L(0)", "Q(0)", "P(0)", "F(0)", "X(0)", "Y(0)", "Z(0)" };
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        char *got = code_of(h, pos[i], 0);
        if (got) fprintf(stderr, "%s was read as %s\n", pos[i], got);
        assert_null(got);
    }
    h_free(h);
}

/* The rules of the position text as read (asserts they are read). */
static void read_rules(H *h, const char *pos, HeapRules *hr)
{
    static int counter;
    char text[300], name[32];
    snprintf(name, sizeof name, "rules_%d", counter++);
    snprintf(text, sizeof text, "def %s() = %s;", name, pos);
    assert_int_equal(h_run(h, text), 0);
    Value v = vm_call(h->p.vm, prog_lookup(&h->p, name)->id, NULL, 0, NULL, NULL);
    assert_true(heaprules_read(&h->p, v.u.p[0], 0, hr));
}

/* An unbounded rule's digit reaches the removals other rules also give (issue 7: U(4) was P), and
   each rule keeps its removals in its binder's order (sets increasing, lists as written). */
static void test_merged_and_ordered(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h,
        "game U(n) { move big(k in 3..n) => U(n - k); move small(k in {5, 1}) when k <= n => U(n - k); }\n"
        "game V(n) { move l(k in [4, 2, 4]) when k <= n => V(n - k); move s(k in 1..2, a in 1..n - k) => V(n - k - a) + V(a); }\n"), 0);
    HeapRules hr;
    read_rules(h, "U(0)", &hr);
    assert_int_equal(hr.inf_from, 3);
    for (size_t r = 3; r <= hr.t; r++) assert_true((hr.digit[r] & (HR_NONE | HR_ONE)) == (HR_NONE | HR_ONE));
    assert_int_equal(hr.nrules, 2);
    assert_int_equal(hr.rules[0].inf_from, 3);
    assert_int_equal(hr.rules[1].n, 2);
    assert_int_equal(hr.rules[1].rem[0], 1);
    assert_int_equal(hr.rules[1].rem[1], 5);
    heaprules_fini(&hr);
    read_rules(h, "V(0)", &hr);
    assert_int_equal(hr.rules[0].n, 3);
    assert_int_equal(hr.rules[0].rem[0], 4);
    assert_int_equal(hr.rules[0].rem[1], 2);
    assert_true(hr.rules[1].swapped);
    assert_true(hr.rules[1].one_last);   /* a = n - k leaves one heap, after the splits */
    heaprules_fini(&hr);
    h_free(h);
}

/* An unbounded range with guards that bound the remainder the same for every k is read (issue
   36), one with a guard on k alone is not; two unbounded rules merge from the later start on. */
static void test_unbounded_guards_and_families(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h,
        "game A(n) { move t(k in 2..n) when k < n => A(n - k); }\n"
        "game B(n) { move t(k in 2..n) when n - k >= 1 => B(n - k); move s(a in 1..n / 2) => B(a) + B(n - a); }\n"
        "game C(n) { move t(k in 2..n) when k <= 9 => C(n - k); }\n"
        "game D(n) { move t(k in 2..n) when n - k >= 2 => D(n - k); }\n"
        "game E(n) { move t(k in 2..n) when k != 5 => E(n - k); }\n"
        "game Q(n) { move t(k in 1..n) when 2 * k <= n => Q(n - k); }\n"
        "game F(n) { move t(k in 3..n) => F(n - k); move c(k in 1..n, a in 1..(n - k - 1) / 2) => F(a) + F(n - k - a); }\n"), 0);
    HeapRules hr;
    read_rules(h, "A(0)", &hr);
    assert_int_equal(hr.inf_from, 2);
    assert_int_equal(hr.inf_bits, HR_ONE);   /* k < n: never the whole heap */
    heaprules_fini(&hr);
    read_rules(h, "B(0)", &hr);
    assert_int_equal(hr.inf_from, 2);
    assert_int_equal(hr.inf_bits, HR_ONE);
    assert_int_equal(hr.digit[0], HR_TWO);
    heaprules_fini(&hr);
    const char *not_read[] = { "C(0)", "D(0)", "E(0)", "Q(0)" };   /* Q: at most half, a bound that moves with k */
    for (size_t i = 0; i < sizeof not_read / sizeof not_read[0]; i++) {
        char *got = code_of(h, not_read[i], 0);
        if (got) fprintf(stderr, "%s was read as %s\n", not_read[i], got);
        assert_null(got);
    }
    read_rules(h, "F(0)", &hr);   /* take any k >= 3; take any k >= 1 and split the rest unequally */
    assert_int_equal(hr.inf_from, 3);
    assert_int_equal(hr.inf_bits, HR_NONE | HR_ONE | HR_TWO | HR_UNEQUAL);
    assert_int_equal(hr.digit[1], HR_TWO | HR_UNEQUAL);
    assert_int_equal(hr.digit[2], HR_TWO | HR_UNEQUAL);
    assert_int_equal(hr.nrules, 2);
    assert_int_equal(hr.rules[0].inf_from, 3);
    assert_int_equal(hr.rules[1].inf_from, 1);
    heaprules_fini(&hr);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recognised_shapes),
        cmocka_unit_test(test_not_heap_games),
        cmocka_unit_test(test_merged_and_ordered),
        cmocka_unit_test(test_unbounded_guards_and_families),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
