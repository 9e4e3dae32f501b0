/* test_engine.c: the memo engine and sum rule against published facts and the lecture exercises. */
#include "config.h"
#include "harness.h"
#include "pos.h"
#include "solve/closed/closed.h"

static void test_subtraction_facts(void **state)
{
    (void)state;
    H *h = h_new();
    static const int s134[] = { 0, 1, 0, 1, 2, 3, 2 };
    static const int s23[] = { 0, 0, 1, 1, 2 };
    char buf[128];
    for (int n = 0; n < 70; n++) {
        snprintf(buf, sizeof buf, "sg(Subtract(%d, {1, 3, 4}))", n);
        assert_int_equal(h_int(h, buf), s134[n % 7]);
        snprintf(buf, sizeof buf, "sg(Subtract(%d, {2, 3}))", n);
        assert_int_equal(h_int(h, buf), s23[n % 5]);
        snprintf(buf, sizeof buf, "sg(Subtract(%d, {1, 2}))", n);
        assert_int_equal(h_int(h, buf), n % 3);
    }
    h_free(h);
}

/* Lasker's Nim against a brute force of its rules (take any, or split in two), not its formula. */
static void test_lasker_formula(void **state)
{
    (void)state;
    H *h = h_new();
    enum { N = 200 };
    int g[N + 1];
    char buf[64];
    for (int n = 0; n <= N; n++) {
        bool seen[4 * N] = { false };
        for (int k = 1; k <= n; k++) seen[g[n - k]] = true;
        for (int a = 1; a <= n / 2; a++) seen[g[a] ^ g[n - a]] = true;
        g[n] = 0;
        while (seen[g[n]]) g[n]++;
        snprintf(buf, sizeof buf, "sg(Lasker(%d))", n);
        assert_int_equal(h_int(h, buf), g[n]);
    }
    h_free(h);
}

static void test_lecture_exercises(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "query Nim(3, 4, 5); expect Bash(20, 3) is P; expect Wythoff(3, 5) is P;"
                              "expect Wythoff(4, 6) is N;"), 0);
    const char *out = h_out(h);
    assert_non_null(strstr(out, ": N (sg 2) [closed:nim]"));
    /* exactly one winning move: 3 -> 1 */
    assert_non_null(strstr(out, " -> Heap(1) + Heap(4) + Heap(5)\n"));
    const char *first = strstr(out, "winning move");
    assert_null(strstr(first + 1, "winning move"));
    h_free(h);
}

static void test_winning_moves_listed_and_deduplicated(void **state)
{
    (void)state;
    H *h = h_new();
    h->p.opt.json = true;
    /* Heap(2) + Heap(2) + Heap(1): sg 1; winning moves: 1 -> 0 only, or 2 -> 3? no: 2 ^ 1 = 3 > 2 */
    assert_int_equal(h_run(h, "query Heap(2) + Heap(2) + Heap(1);"), 0);
    assert_non_null(strstr(h_out(h), "\"position\":\"2 * Heap(2) + Heap(1)\""));   /* copies next to each other */
    assert_non_null(strstr(h_out(h), "\"winning\":[\"2 * Heap(2)\"]"));
    h_free(h);
    h = h_new();
    h->p.opt.json = true;
    /* three equal components: one component of three copies, one listed move, not three */
    assert_int_equal(h_run(h, "query Heap(3) + Heap(3) + Heap(3);"), 0);
    assert_non_null(strstr(h_out(h), "\"position\":\"3 * Heap(3)\""));
    assert_non_null(strstr(h_out(h), "\"winning\":[\"2 * Heap(3)\"]"));
    h_free(h);
    h = h_new();
    h->p.opt.json = true;
    /* k * A is a count: 10^12 copies, a move in one of them, and equal positions however written */
    assert_int_equal(h_run(h, "query 1000000000000 * Heap(7) + Heap(1);"), 0);
    assert_non_null(strstr(h_out(h), "\"position\":\"1000000000000 * Heap(7) + Heap(1)\",\"outcome\":\"N\",\"sg\":1"));
    assert_non_null(strstr(h_out(h), "\"winning\":[\"999999999999 * Heap(7) + Heap(6) + Heap(1)\",\"1000000000000 * Heap(7)\"]"));
    assert_int_equal(h_run(h, "expect 3 * Heap(2) == Heap(2) + Heap(2) + Heap(2) and 2 * (Heap(1) + Heap(3)) == Heap(3) + 2 * Heap(1) + Heap(3);"), 0);
    assert_int_equal(h_run(h, "expect sg(5 * Kayles(7) + 4 * Heap(9)) == sg(Kayles(7)) and 0 * Heap(3) == 0;"), 0);
    h_free(h);
}

/* Rulesets with cycles are solved by retrograde analysis; an infinite one reaches the state limit. */
static void test_cycles_solved(void **state)
{
    (void)state;
    /* an unbounded ruleset with cycles: the state limit (small here: the default 50 million took
       70 s and gigabytes, four minutes under the sanitizers) */
    H *h = h_new();
    h->p.opt.max_states = 200000;
    assert_int_equal(h_run(h, "game Loop(n) { move back when n > 0 => Loop(n - 1); move up => Loop(n + 1); }\n"
                              "query Loop(2);"), 4);
    assert_non_null(strstr(h_err(h), "state limit reached"));
    h_free(h);
    h = h_new();
    h->p.opt.json = true;
    /* C(0) <-> C(1) <-> C(2): no position without a move, so every one is a draw */
    assert_int_equal(h_run(h, "game C(n) { move a when n > 0 => C(n - 1); move b when n < 2 => C(n + 1); }\nquery C(1);"), 0);
    assert_non_null(strstr(h_out(h), "\"outcome\":\"D\",\"sg\":null,\"gamma\":\"\xe2\x88\x9e()\""));
    assert_non_null(strstr(h_out(h), "\"drawing\":[\"C(0)\",\"C(2)\"]"));
    h_free(h);
}

static void test_state_limit(void **state)
{
    (void)state;
    H *h = h_new();
    h->p.opt.max_states = 1000;
    assert_int_equal(h_run(h, "query FibSubtract(5000);"), 4);
    assert_non_null(strstr(h_err(h), "state limit reached while solving FibSubtract(5000)"));
    assert_non_null(strstr(h_err(h), "--max-states"));
    /* the engine recovers: a small query still works afterwards */
    assert_int_equal(h_run(h, "query Heap(3);"), 0);
    h_free(h);
}

/* A chain 10^6 moves deep that no period, table or closed form answers (a def in the result, a
   string argument): the memo search must not recurse in C. The values alternate 0, 1. */
static void test_deep_chain_no_recursion(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "def less(n) = n - 1;\n"
                              "game Chain(n, tag) { move down when n > 0 => Chain(less(n), tag); }\n"
                              "query Chain(1000001, \"x\");\n"), 0);
    assert_non_null(strstr(h_out(h), "Chain(1000001, \"x\"): N (sg 1) [memo]"));
    h_free(h);
}

static void test_terminal_components_dropped(void **state)
{
    (void)state;
    H *h = h_new();
    h->p.opt.json = true;
    assert_int_equal(h_run(h, "query Heap(0) + Heap(2) + Cutting(2, 3);"), 0);
    assert_non_null(strstr(h_out(h), "\"position\":\"Heap(2)\""));
    assert_non_null(strstr(h_out(h), "\"winning\":[\"0\"]"));
    h_free(h);
}

static void test_table_strategy_and_fallback(void **state)
{
    (void)state;
    H *h = h_new();
    h->p.opt.json = true;
    /* recognised: integer coordinates, range binders, results of the same game */
    assert_int_equal(h_run(h, "query Cutting(9, 7);"), 0);
    assert_non_null(strstr(h_out(h), "\"strategy\":\"table\""));
    h_free(h);
    /* a reachable negative coordinate: the table keeps the game's values in a map (sparse) */
    h = h_new();
    h->p.opt.json = true;
    assert_int_equal(h_run(h, "game Neg(n) { move m when n > -3 => Neg(n - 1); }\nquery Neg(2);"), 0);
    assert_non_null(strstr(h_out(h), "\"sg\":1"));
    assert_non_null(strstr(h_out(h), "\"strategy\":\"table\""));
    h_free(h);
    /* a list binder: not for the table, but recognised as a subtraction game */
    h = h_new();
    h->p.opt.json = true;
    assert_int_equal(h_run(h, "game L(n) { move m(k in [1, 2]) when k <= n => L(n - k); }\nquery L(4);"), 0);
    assert_non_null(strstr(h_out(h), "\"strategy\":\"sequence:subtraction (recognised)\""));
    h_free(h);
    /* neither (the domain is a function's result): memo */
    h = h_new();
    h->p.opt.json = true;
    assert_int_equal(h_run(h, "def two() = [1, 2];\ngame L(n) { move m(k in two()) when k <= n => L(n - k); }\nquery L(4);"), 0);
    assert_non_null(strstr(h_out(h), "\"strategy\":\"memo\""));
    h_free(h);
    /* a cycle found by the table search goes to the retrograde strategy, as memo's does */
    h = h_new();
    h->p.opt.json = true;
    assert_int_equal(h_run(h, "game C(n) { move a when n > 0 => C(n - 1); move b when n < 2 => C(n + 1); }\nquery C(1);"), 0);
    assert_non_null(strstr(h_out(h), "\"strategy\":\"retrograde\""));
    h_free(h);
}

/* A sum of 2 * 10^5 components (it was quadratic and ran out of scratch memory at 2 * 10^4):
   the value, the first winning move (the heap a_i with a_i ^ x < a_i first, moved to a_i ^ x),
   and the list cut at the printing budget with winning_truncated. */
static void test_big_sum(void **state)
{
    (void)state;
    H *h = h_new();
    enum { N = 200000 };
    uint64_t *a = malloc(N * sizeof *a), x = 0, seed = 12345;
    size_t cap = (size_t)N * 12 + 64, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text + len, cap - len, "query Nim(");
    for (int i = 0; i < N; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        a[i] = (seed >> 33) % 1000000000u;
        x ^= a[i];
        len += (size_t)snprintf(text + len, cap - len, "%s%llu", i ? ", " : "", (unsigned long long)a[i]);
    }
    snprintf(text + len, cap - len, ");");
    h->p.opt.json = true;
    assert_int_equal(h_run(h, text), 0);
    const char *out = h_out(h);
    char want[64];
    snprintf(want, sizeof want, "\"sg\":%llu,", (unsigned long long)x);
    assert_non_null(strstr(out, want));
    int first = 0;
    while ((a[first] ^ x) >= a[first]) first++;
    /* the first winning position: the heaps before, then a_first ^ x */
    char head[256];
    size_t hl = (size_t)snprintf(head, sizeof head, "\"winning\":[\"");
    for (int i = 0; i < first && hl < 200; i++) hl += (size_t)snprintf(head + hl, sizeof head - hl, "Heap(%llu) + ", (unsigned long long)a[i]);
    if (hl < 200) {
        snprintf(head + hl, sizeof head - hl, "Heap(%llu)", (unsigned long long)(a[first] ^ x));
        assert_non_null(strstr(out, head));
    }
    assert_non_null(strstr(out, "\"winning_truncated\":true"));
    free(text);
    free(a);
    h_free(h);
}

/* A state's 16-bit "how" holds every strategy's index and every closed form's variant: the
   strategies fit above HOW_VARIANT_BITS, the forms (with CLOSED_RULES_MOVES) below it. */
static void test_how_fits(void **state)
{
    (void)state;
    int ns = 0;
    while (solve_strategies[ns]) ns++;
    assert_true(ns <= 32);
    int nf = 0;
    while (closed_at(nf)) nf++;
    assert_true(nf > 20);
    assert_true((uint32_t)nf <= CLOSED_RULES_MOVES);
    assert_true((CLOSED_RULES_MOVES << 1) <= (1u << HOW_VARIANT_BITS));
    State st = { 0 };
    for (int i = 0; i < ns; i++) {
        uint32_t v = solve_strategies[i] == &strategy_closed ? (uint32_t)(nf - 1) | CLOSED_RULES_MOVES : 13;
        st.how = solve_how(solve_strategies[i], v);
        assert_int_equal(HOW_STRATEGY(st.how), i);
        assert_int_equal(HOW_VARIANT(st.how), v);
    }
}

/* A state holds every kind of game value the play modes need, and gives it back. */
static void test_state_values(void **state)
{
    (void)state;
    State st = { 0 };
    GameValue in[] = { gv_sg(7), gv_sg(0), gv_outcome('N'), gv_outcome('P'), { .kind = GV_DRAW, .outcome = 'D' },
                       { .kind = GV_LOOPY, .outcome = 'N', .n = 3 }, { .kind = GV_REMOTENESS, .outcome = 'N', .n = 5 },
                       { .kind = GV_SCORE, .outcome = 'N', .score = 12 }, { .kind = GV_SCORE, .outcome = 'P', .score = -4 } };
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        solve_set_value(&st, in[i]);
        GameValue out = solve_value_of(&st);
        assert_int_equal(out.kind, in[i].kind);
        assert_int_equal(out.outcome, in[i].outcome);
        assert_int_equal(out.n, in[i].n);
        assert_int_equal(out.score, in[i].score);
        assert_true((st.flags & (ST_DONE | ST_OUTCOME)) != 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_subtraction_facts),
        cmocka_unit_test(test_lasker_formula),
        cmocka_unit_test(test_lecture_exercises),
        cmocka_unit_test(test_winning_moves_listed_and_deduplicated),
        cmocka_unit_test(test_cycles_solved),
        cmocka_unit_test(test_state_limit),
        cmocka_unit_test(test_deep_chain_no_recursion),
        cmocka_unit_test(test_terminal_components_dropped),
        cmocka_unit_test(test_table_strategy_and_fallback),
        cmocka_unit_test(test_big_sum),
        cmocka_unit_test(test_state_values),
        cmocka_unit_test(test_how_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
