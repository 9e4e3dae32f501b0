/* test_vm.c: IR evaluation: checked arithmetic, lists, sets, strings, generators, builtins, recursion. */
#include "config.h"
#include "harness.h"
#include "json.h"

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


/* Beyond 64 bits the arithmetic is exact (GMP): the 64-bit overflows of before are values now. */
static void want_value(H *h, const char *expr, const char *want)
{
    Value v = h_eval(h, expr);
    StrBuf b;
    sb_init(&b);
    val_print(&b, &v);
    if (strcmp(b.s, want)) fprintf(stderr, "%s = %s, wanted %s\n", expr, b.s, want);
    assert_string_equal(b.s, want);
    sb_fini(&b);
}

static void test_big_integers(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "def sq(x) = x * x; def inc(x) = x + 1; def shl(x) = 1 << x; def pw(x) = 3 ** x; def neg(x) = -x;"), 0);
    want_value(h, "sq(4294967296)", "18446744073709551616");
    want_value(h, "inc(9223372036854775807)", "9223372036854775808");
    want_value(h, "shl(63)", "9223372036854775808");
    want_value(h, "pw(40)", "12157665459056928801");
    want_value(h, "neg(-9223372036854775807 - 1)", "9223372036854775808");
    want_value(h, "-9223372036854775808", "-9223372036854775808");
    want_value(h, "2 ** 100", "1267650600228229401496703205376");
    want_value(h, "(2 ** 64) / 3", "6148914691236517205");
    want_value(h, "-(2 ** 64) / 3", "-6148914691236517206");   /* floor division */
    want_value(h, "-(2 ** 64) % 3", "2");
    want_value(h, "(2 ** 70) >> 3", "147573952589676412928");
    want_value(h, "-(2 ** 65) & 255", "0");
    want_value(h, "(2 ** 65) ^ 1", "36893488147419103233");
    want_value(h, "[10 ** 20, 1][1 := 10 ** 30]", "[100000000000000000000, 1000000000000000000000000000000]");
    want_value(h, "[10 ** 20, 1][0 := 5]", "[5, 1]");
    want_value(h, "{10 ** 20, 3, 10 ** 20, -(10 ** 20)}", "{-100000000000000000000, 3, 100000000000000000000}");
    want_value(h, "sum([10 ** 20, 1, 2])", "100000000000000000003");
    want_value(h, "sum(x for x in [9223372036854775807, 1])", "9223372036854775808");
    want_value(h, "max([1, 10 ** 20]) - min(10 ** 20, -(10 ** 20))", "200000000000000000000");
    want_value(h, "abs(-(10 ** 30))", "1000000000000000000000000000000");
    want_value(h, "popcount(2 ** 100 - 1)", "100");
    want_value(h, "int(\"123456789012345678901234567890\")", "123456789012345678901234567890");
    want_value(h, "sort([10 ** 20, -5, 10 ** 19])", "[-5, 10000000000000000000, 100000000000000000000]");
    want_value(h, "mex([0, 10 ** 20, 1])", "2");
    want_value(h, "[x * 10 ** 18 for x in 8..10]", "[8000000000000000000, 9000000000000000000, 10000000000000000000]");
    assert_int_equal(h_int(h, "10 ** 20 in [1, 10 ** 20] and 10 ** 20 in 0..10 ** 21 and not (10 ** 22 in 0..10 ** 21)"), 1);
    assert_int_equal(h_int(h, "10 ** 20 > 10 ** 19 and -(10 ** 20) < 5 and 2 ** 64 == 18446744073709551616"), 1);
    assert_int_equal(h_int(h, "Heap(10 ** 20) == Heap(100000000000000000000) and Nim(10 ** 20, 1) != Nim(10 ** 20, 2)"), 1);
    assert_int_equal(h_int(h, "Wythoff(\"3\", \"5\") == Wythoff(3, 5)"), 1);
    assert_int_equal(h_int(h, "sg(Heap(10 ** 20) + Heap(10 ** 20 + 3)) == 3"), 1);
    want_value(h, "sg(Heap(2 ** 64) + Heap(1))", "18446744073709551617");
    want_value(h, "sg(Lasker(10 ** 20 + 3))", "100000000000000000004");
    h_free(h);
}

static void test_runtime_errors(void **state)
{
    (void)state;
    h_expect_error("def f(x) = 2 ** x; const X = f(5000000);", "integer too large in '2 ** x' (the limit is 4194304 bits)");
    h_expect_error("def f(x) = 1 << x; const X = f(1 << 40);", "integer too large in '1 << x'");
    h_expect_error("def f(x) = 10 ** x / 0; const X = f(30);", "division by zero in '10 ** x / 0'");
    h_expect_error("const X = [1, 2][10 ** 20];", "index 100000000000000000000 is out of range for a list of length 2");
    h_expect_error("const X = \"ab\"[1 := 10 ** 20];", "a string update needs one-character strings");
    h_expect_error("const X = 2 ** -(10 ** 20);", "negative exponent (beyond 64 bits) in '**'");
    h_expect_error("const X = popcount(-(10 ** 20));", "popcount() of a negative number");
    h_expect_error("def f(a, b) = a + b; const X = f({1}, 10 ** 20);",
                   "'+' adds integers, positions, lists or strings: cannot apply to a set and an integer");
    /* int() of a string of more digits than 2^22 bits hold */
    size_t n = 1300000;
    char *text = malloc(n + 64);
    strcpy(text, "const X = int(\"");
    memset(text + strlen(text), '9', n);
    strcpy(text + 15 + n, "\");");
    char *err;
    assert_int_not_equal(h_status(text, &err), 0);
    assert_non_null(strstr(err, "int() of a string of 1300000 digits: integers are limited to 2^22 bits"));
    free(err);
    free(text);
    h_expect_error("const X = 10 ** 20..10 ** 20 + 1;", "a range must start within the 64-bit range");
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
    h_expect_error("const X = [1, \"a\"];", "a list holds integers, strings or lists, not a mix of them");
    h_expect_error("def f(x) = [x, \"a\"]; const X = f(1);", "a list holds integers, strings or lists, not a mix of them");
    h_expect_error("const X = min([\"a\"]);", "min() needs a list of integers");
    h_expect_error("const X = [\"a\"][0 := 1];", "a list of strings is updated with integer indexes and strings");
    h_expect_error("const X = {\"a\"};", "set elements must be integers");
}

/* Lists of lists (matrices): values, indexing, functional update, membership, joins, sort by
   content, comprehensions, position arguments (equal contents make equal keys, printed back as
   written), and the errors of mixing kinds. */
static void test_lists_of_lists(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "[[1, 2], [3, 4, 5]][1][2]"), 5);
    assert_int_equal(h_int(h, "len([[1, 2], [], [3]])"), 3);
    assert_int_equal(h_int(h, "[[1, 2], [3]] == [[1] + [2], [3]]"), 1);
    assert_int_equal(h_int(h, "[[1, 2], [3]] != [[1, 2], [4]]"), 1);
    assert_int_equal(h_int(h, "[[1, 2], [3]][0 := [7]] == [[7], [3]]"), 1);
    assert_int_equal(h_int(h, "let A = [[1, 2], [3, 4]] in A[1 := A[1][0 := 9]][1][0]"), 9);
    assert_int_equal(h_int(h, "[1, 2] in [[0], [1, 2]] and not ([2, 1] in [[0], [1, 2]])"), 1);
    assert_int_equal(h_int(h, "[[1]] + [[2, 3]] == [[1], [2, 3]]"), 1);
    assert_int_equal(h_int(h, "sort([[3], [2, 9], [], [2, 1], [10]]) == [[], [2, 1], [2, 9], [3], [10]]"), 1);
    assert_int_equal(h_int(h, "sort([[\"b\"], [\"a\", \"z\"], [[1]], [5]]) == [[5], [\"a\", \"z\"], [\"b\"], [[1]]]"), 1);
    assert_int_equal(h_int(h, "sum(sum(r) for r in [[x, x * x] for x in 1..3])"), 20);
    assert_int_equal(h_int(h, "[[[1], [2, 3]], []][0][1][1]"), 3);
    assert_int_equal(h_int(h, "[[2 ** 70], [1]][0][0] == 2 ** 70 and [[2 ** 70]] != [[2 ** 70 + 1]]"), 1);
    /* as a position argument: Nim on the entries of a matrix, rows in any order */
    assert_int_equal(h_run(h, "game M(A) { canon (sort(A)); move t(i in 0..len(A) - 1, j in 0..len(A[i]) - 1, "
                              "k in 1..A[i][j]) => M(A[i := A[i][j := A[i][j] - k]]); }"), 0);
    assert_int_equal(h_int(h, "sg(M([[1, 2, 3], [4], [5, 6]]))"), 7);
    assert_int_equal(h_int(h, "M([[3], [1, 2]]) == M([[3], [1] + [2]])"), 1);
    assert_int_equal(h_run(h, "query M([[3], [1, 2]]);"), 0);
    assert_non_null(strstr(h_out(h), "M([[3], [1, 2]]): P (sg 0)"));
    assert_non_null(strstr(h_out(h), "= M([[1, 2], [3]])"));
    h_free(h);
    h_expect_error("const X = [[1], 2];", "a list holds integers, strings or lists, not a mix of them");
    h_expect_error("def f(x) = [x, [1]]; const X = f(1);", "a list holds integers, strings or lists, not a mix of them");
    h_expect_error("const X = [[1]] + [2];", "cannot join a list of lists and a list of integers");
    h_expect_error("const X = [[1]][0 := 3];", "a list of lists is updated with integer indexes and lists");
    h_expect_error("const X = 3 in [[1]];", "'in' on a list of lists needs a list on the left");
    h_expect_error("const X = sum([[1]]);", "sum() needs a list of integers, not a list of lists");
    h_expect_error("const X = set([[1]]);", "sets of lists are not supported");
    h_expect_error("const X = {[1]};", "set elements must be integers");
    h_expect_error("const X = [[1]][0][1];", "index 1 is out of range for a list of length 1");
}

/* Any byte but zero in a string: written \xHH, printed back the same way (positions parse back
   to themselves), well-formed UTF-8 as it is; JSON gets valid UTF-8 (every 256 bytes tried). */
static void test_string_bytes(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "len(\"a\\x01\\xffb\")"), 4);
    assert_int_equal(h_int(h, "\"\\xC3\\xA9\" == \"\xc3\xa9\""), 1);
    for (int c = 1; c < 256; c++) {   /* print a position holding byte c; read the text back */
        char q[128];
        snprintf(q, sizeof q, "print TurningCorners(\"T\\x%02x\", \"HT\");\n", c);
        size_t at = h->outn;
        assert_int_equal(h_run(h, q), 0);
        const char *out = h_out(h) + at;
        char line[128];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(out, "\n"), out);
        bool esc = (c < 0x20 && c != 0x0a && c != 0x09) || c == 0x7f || c >= 0x80;
        assert_true(esc ? strstr(line, "\\x") != NULL : strstr(line, "\\x") == NULL);
        char back[256];
        snprintf(back, sizeof back, "expect %s == TurningCorners(\"T\\x%02x\", \"HT\");\n", line, c);
        assert_int_equal(h_run(h, back), 0);
    }
    h_free(h);
    /* JSON: every byte of a string value comes out as valid UTF-8 */
    for (int c = 1; c < 256; c++) {
        StrBuf b;
        sb_init(&b);
        char raw[4] = { 'a', (char)c, (char)0xC3, 0 };   /* ends in a cut-off character */
        json_str(&b, raw);
        for (size_t i = 0; i < b.len;) {
            unsigned char x = (unsigned char)b.s[i];
            assert_true(x >= 0x20 && x != 0x7f);
            size_t k = x < 0x80 ? 1 : util_utf8_len((const unsigned char *)b.s + i, b.len - i);
            assert_true(k > 0);
            i += k;
        }
        sb_fini(&b);
    }
    /* the same escapes written straight to a file (a query's long positions): byte for byte the
       buffer's, on random strings of quotes, backslashes, controls, UTF-8 and broken bytes */
    uint64_t r = 20261202;
    for (int round = 0; round < 500; round++) {
        char raw[600];
        int n = (int)(round % 599);
        for (int i = 0; i < n; i++) {
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            static const char pick[] = "ab\"\\\n\t\r\x01\x7f\xc3\xa9\xe2\x82\xac\xff ";
            raw[i] = (r >> 60) < 8 ? 'a' + (char)((r >> 33) % 26) : pick[(r >> 33) % (sizeof pick - 1)];
        }
        raw[n] = 0;
        StrBuf b;
        sb_init(&b);
        json_str(&b, raw);
        FILE *f = tmpfile();
        assert_non_null(f);
        json_fstr(f, raw, strlen(raw));
        long len = ftell(f);
        assert_int_equal(len, (long)b.len);
        rewind(f);
        char *got = xmalloc((size_t)len + 1);
        assert_int_equal(fread(got, 1, (size_t)len, f), (size_t)len);
        assert_memory_equal(got, b.s, (size_t)len);
        free(got);
        fclose(f);
        sb_fini(&b);
    }
    h_expect_error("const X = \"\\x00\";", "needs two hex digits, not 00");
    h_expect_error("const X = \"\\xg1\";", "needs two hex digits");
}

/* Recursive defs, and defs that run a loop, are memoized: a recursion with exponentially many calls runs within a small
   step budget; results keep their kinds (an argument's kind is part of the key: 5, "5", [5] and
   {5} are different calls; a truth value is never remembered by, as true and 1 print
   differently); a redefinition forgets the results. */
static void test_memoized_defs(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2);\n"
                              "def paths(r, c) = if r == 0 or c == 0 then 1 else paths(r - 1, c) + paths(r, c - 1);\n"
                              "def even(n) = if n == 0 then true else odd(n - 1);\n"
                              "def odd(n) = if n == 0 then false else even(n - 1);\n"), 0);
    h->p.vm->fuel = 200000;   /* without the memo: 10^18 calls */
    assert_int_equal(h_int(h, "fib(90)"), 2880067194370816120LL);
    assert_int_equal(h_int(h, "paths(16, 16)"), 601080390);
    assert_int_equal(h_int(h, "even(3001)"), 0);
    /* a def that runs a loop is remembered too: rows of 10^4 built by a def, read 3000 times */
    assert_int_equal(h_run(h, "def row(i) = [i * x for x in 0..9999];\n"), 0);
    assert_int_equal(h_int(h, "sum(row(i % 3)[k] for i in 0..299, k in 0..9)"), 45 * (100 * 1 + 100 * 2));
    /* a recursion passing a list of 70,000 along (past the 2^16 words up to which a def that
       only runs a loop is remembered) is remembered all the same: 2^60 calls without it */
    h->p.vm->fuel = 2000000;
    assert_int_equal(h_run(h, "const BIG = [x for x in 1..70000];\n"
                              "def twice(L, i) = if i == 0 then len(L) else twice(L, i - 1) + twice(L, i - 1);\n"
                              "def total(L) = sum(x for x in L);\n"), 0);
    assert_int_equal(h_int(h, "twice(BIG, 40)"), 70000LL << 40);
    assert_int_equal(h_int(h, "total(BIG) + total(BIG)"), 70000LL * 70001);   /* not remembered: the same value */
    h->p.vm->fuel = 0;
    assert_int_equal(h_run(h, "def keep(x, d) = if d == 0 then x else keep(x, d - 1);\n"
                              "print [keep(5, 3)]; print keep(\"5\", 3); print keep([5], 3); print keep({5}, 3);\n"
                              "print keep(true, 3); print keep(1, 3); print keep(2 ** 70, 3); print keep(Heap(5) + Heap(5), 3);\n"
                              "print keep(5, 3) + keep(5, 2);\n"
                              "def pp(n) = if n == 0 then Heap(1) else pp(n - 1) + Heap(n); print pp(3); print pp(3) + pp(1);\n"), 0);
    assert_string_equal(h_out(h), "[5]\n5\n[5]\n{5}\ntrue\n1\n1180591620717411303424\nHeap(5) + Heap(5)\n10\n"
                                  "Heap(1) + Heap(1) + Heap(2) + Heap(3)\nHeap(1) + Heap(1) + Heap(2) + Heap(3) + Heap(1) + Heap(1)\n");
    h_free(h);
    h = h_new();
    h->p.opt.redefine = true;
    assert_int_equal(h_run(h, "def f(n) = if n == 0 then 1 else 2 * f(n - 1); expect f(10) == 1024;"), 0);
    assert_int_equal(h_run(h, "def f(n) = if n == 0 then 1 else 3 * f(n - 1); expect f(10) == 59049;"), 0);
    h_free(h);
}

/* A def that only runs a loop is remembered on trial (vm_memo.c): cheap calls (a short list
   rebuilt) stop being remembered after 64 of them, a dear call starts a new trial, and a dear def
   stays remembered (the same rows read again within a step budget that rebuilding would pass).
   tail's filter keeps it a loop (a bare slice [a[t] for t in 1..len(a) - 1] shares the list's
   elements in one step: every call is cheap). */
static void test_memo_trial(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "def tail(a) = [a[t] for t in 1..len(a) - 1 when t > 0];\n"
                              "def row(i) = [i * x for x in 0..9999];\n"), 0);
    int tail = prog_lookup(&h->p, "tail")->id, row = prog_lookup(&h->p, "row")->id;
    assert_int_equal(vm_memo_kind(h->p.vm, tail), 1);
    assert_int_equal(h_int(h, "sum(len(tail([i, i + 1, i + 2])) for i in 0..63)"), 128);
    assert_int_equal(vm_memo_kind(h->p.vm, tail), -2);   /* 64 cheap calls */
    assert_int_equal(h_int(h, "sum(tail([x for x in 0..200])) + sum(sum(tail([i, 7])) for i in 0..9)"), 20100 + 70);
    assert_int_equal(vm_memo_kind(h->p.vm, tail), 1);    /* a dear call (200 steps): a new trial */
    h->p.vm->fuel = 2000000;   /* 300 rows of 10^4 rebuilt: 3 * 10^6 loop steps */
    assert_int_equal(h_int(h, "sum(row(i % 3)[k] for i in 0..299, k in 0..9)"), 45 * (100 * 1 + 100 * 2));
    assert_int_equal(vm_memo_kind(h->p.vm, row), 1);
    /* 100 different dear calls, each of 50 steps (dear, but not enough to start a new trial):
       past the trial, still remembered */
    assert_int_equal(h_run(h, "def row2(i) = [i * x for x in 0..49];\n"), 0);
    assert_int_equal(h_int(h, "sum(row2(i)[1] for i in 0..99) + sum(row2(i)[2] for i in 0..99)"), 3 * 4950);
    assert_int_equal(vm_memo_kind(h->p.vm, prog_lookup(&h->p, "row2")->id), 1);
    h->p.vm->fuel = 0;
    h_free(h);
}

/* Set union, intersection and difference (|, &, -) against bit masks, on random sets of small
   integers, some with a big integer (2^70, boxed sets); and a string as a binder's domain. */
static uint64_t duel_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void set_text(StrBuf *b, unsigned m, bool big)
{
    sb_putc(b, '{');
    bool first = true;
    for (int i = 0; i < 16; i++)
        if (m >> i & 1) {
            sb_printf(b, "%s%d", first ? "" : ", ", i);
            first = false;
        }
    if (big) sb_printf(b, "%s1180591620717411303424", first ? "" : ", ");
    sb_putc(b, '}');
}

static void test_set_operations(void **state)
{
    (void)state;
    uint64_t seed = 0x5e7;
    StrBuf prog, want;
    sb_init(&prog);
    sb_init(&want);
    for (int t = 0; t < 200; t++) {
        unsigned a = (unsigned)(duel_rand(&seed) & 0xffff), b = (unsigned)(duel_rand(&seed) & 0xffff);
        if (t % 3 == 0) b &= 0xff;
        bool ba = t % 7 == 1, bb = t % 5 == 2;   /* a big element in one, the other or both */
        for (int op = 0; op < 3; op++) {
            sb_puts(&prog, "print ");
            set_text(&prog, a, ba);
            sb_puts(&prog, op == 0 ? " | " : op == 1 ? " & " : " - ");
            set_text(&prog, b, bb);
            sb_puts(&prog, ";\n");
            unsigned r = op == 0 ? a | b : op == 1 ? a & b : a & ~b;
            bool rb = op == 0 ? ba || bb : op == 1 ? ba && bb : ba && !bb;
            set_text(&want, r, rb);
            sb_putc(&want, '\n');
        }
    }
    sb_puts(&prog, "print count(c == \"H\" for c in \"HTHHT\"); print [c for c in \"ab\"]; print len([c for c in \"\"]);\n");
    sb_puts(&want, "3\n[\"a\", \"b\"]\n0\n");
    H *h = h_new();
    assert_int_equal(h_run(h, prog.s), 0);
    assert_string_equal(h_out(h), want.s);
    h_free(h);
    sb_fini(&prog);
    sb_fini(&want);
    h_expect_error("print {1} | [1];", "'|' of sets needs two sets, not a set and a list");
}

/* let x = e in body: x holds e's value in body only; e has no top-level `in` (the membership
   test there needs parentheses), body is as long as it can be. */
static void test_let_in(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "let x = 3 + 4 in x * x"), 49);
    assert_int_equal(h_int(h, "let x = 2 in x in {2}"), 1);
    assert_int_equal(h_int(h, "let s = {1, 2} in (3 in s)"), 0);
    assert_int_equal(h_int(h, "let a = 1 in let b = a + 10 in a * 100 + b"), 111);
    assert_int_equal(h_int(h, "let a = 5 in a + (let a = 7 in a) + a"), 17);   /* the inner a ends with its body */
    assert_int_equal(h_int(h, "sum(let y = x * x in y + 1 for x in 1..4)"), 34);
    assert_int_equal(h_int(h, "if true then let z = 2 in z + 1 else 0"), 3);
    assert_int_equal(h_run(h, "game G(n) { move m(k in 1..n) when let r = n - k in r % 2 == 0 => G(n - k); }\n"
                              "expect [sg(G(n)) for n in 0..6] == [0, 1, 1, 2, 2, 3, 3];"), 0);
    h_free(h);
    h_expect_error("const X = (let x = 1 in x) + x;", "unknown name 'x'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arith),
        cmocka_unit_test(test_big_integers),
        cmocka_unit_test(test_runtime_errors),
        cmocka_unit_test(test_lists_sets_strings),
        cmocka_unit_test(test_lists_of_strings),
        cmocka_unit_test(test_lists_of_lists),
        cmocka_unit_test(test_string_bytes),
        cmocka_unit_test(test_generators_and_recursion),
        cmocka_unit_test(test_memoized_defs),
        cmocka_unit_test(test_memo_trial),
        cmocka_unit_test(test_set_operations),
        cmocka_unit_test(test_let_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
