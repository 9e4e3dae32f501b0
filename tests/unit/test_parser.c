/* test_parser.c: the grammar: items, precedence, syntax errors with expected-token hints, recovery. */
#include "config.h"
#include "harness.h"

static void test_precedence(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_int(h, "1 + 2 * 3"), 7);
    assert_int_equal(h_int(h, "(1 + 2) * 3"), 9);
    assert_int_equal(h_int(h, "2 ** 3 ** 2"), 512);
    assert_int_equal(h_int(h, "-2 ** 2"), -4);
    assert_int_equal(h_int(h, "1 | 6 ^ 3 & 5"), 1 | (6 ^ (3 & 5)));
    assert_int_equal(h_int(h, "1 << 4 + 1"), 32);
    assert_int_equal(h_int(h, "3 in 1..4"), 1);
    h_free(h);
}

static void test_items(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "const A = [1, 2];\n"
                              "def f(x) = if x > 0 then x else -x;\n"
                              "game G(n, s...) { canon (n, sort(s)...); move m(i in 0..len(s) - 1) when s[i] > 0 "
                              "let t = s[i] => G(n, s[i := t - 1]...); }\n"
                              "query G(0, 2, 1);\n"
                              "expect f(-3) == 3;\n"
                              "claim f(x) >= 0 for x in -5..5;\n"), 0);
    assert_non_null(strstr(h_out(h), "G(0, 2, 1): N (sg 1)"));
    assert_non_null(strstr(h_out(h), "verified on 11 instances"));
    h_free(h);
}

static void test_syntax_error_hint(void **state)
{
    (void)state;
    char *err;
    assert_int_equal(h_status("game G(n) { move take(k in 1..n) G(n - k); }", &err), 3);
    assert_non_null(strstr(err, "test.game:1:34: error: syntax error: unexpected identifier"));
    assert_non_null(strstr(err, "'=>'"));
    free(err);
    assert_int_equal(h_status("query Heap(3", &err), 3);
    assert_non_null(strstr(err, "unexpected end of input"));
    free(err);
}

static void test_last_statement_needs_no_semicolon(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "const A = 2;\nHeap(A)"), 0);
    assert_non_null(strstr(h_out(h), "Heap(A): N (sg 2)"));
    h_free(h);
    char *err;
    /* only the last one: two statements still need the ';' between them */
    assert_int_equal(h_status("query Heap(1)\nquery Heap(2)", &err), 3);
    assert_non_null(strstr(err, "test.game:2:1: error: syntax error: unexpected 'query'; expected end of input or ';'"));
    free(err);
    /* the end of input is reported just after the last token, not on a blank line after it */
    assert_int_equal(h_status("game G(n) {\n  move m when n > 0 => G(n - 1);\n\n\n", &err), 3);
    assert_non_null(strstr(err, "test.game:2:33: error: syntax error: unexpected end of input"));
    free(err);
}

static void test_recovery_reports_several(void **state)
{
    (void)state;
    char *err;
    assert_int_equal(h_status("const A = ;\nconst B = 1 +;\nconst C = 3;\nquery ) ;\n", &err), 3);
    int n = 0;
    for (const char *p = err; (p = strstr(p, ": error: ")); p++) n++;
    assert_int_equal(n, 3);
    free(err);
}

static void test_deep_nesting(void **state)
{
    (void)state;
    size_t depth = 5000;
    char *text = malloc(depth * 2 + 64);
    strcpy(text, "const X = ");
    size_t k = strlen(text);
    for (size_t i = 0; i < depth; i++) text[k++] = '(';
    text[k++] = '1';
    for (size_t i = 0; i < depth; i++) text[k++] = ')';
    strcpy(text + k, ";");
    char *err;
    assert_int_equal(h_status(text, &err), 3);
    assert_non_null(strstr(err, "nested too deeply"));
    free(err);
    /* a long flat chain of '+' is balanced (fine); one of '-' is as deep as it is long */
    for (int op = 0; op < 2; op++) {
        k = strlen("const X = ");
        strcpy(text, "const X = ");
        for (size_t i = 0; i < 3000; i++) { text[k++] = '1'; text[k++] = op ? '-' : '+'; }
        strcpy(text + k, "1;");
        assert_int_equal(h_status(text, &err), op ? 3 : 0);
        if (op) assert_non_null(strstr(err, "nested too deeply"));
        free(err);
    }
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_items),
        cmocka_unit_test(test_syntax_error_hint),
        cmocka_unit_test(test_last_statement_needs_no_semicolon),
        cmocka_unit_test(test_recovery_reports_several),
        cmocka_unit_test(test_deep_nesting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
