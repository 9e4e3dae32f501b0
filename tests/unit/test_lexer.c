/* test_lexer.c: the scanner: tokens, comments, literals, locations and lexical errors. */
#include "config.h"
#include "harness.h"
#include "parse.h"

static int lex_errors(const char *text, char **msgs)
{
    Diag d;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    diag_init(&d, f);
    uint32_t id = diag_add_file(&d, "t.game", text, strlen(text));
    Arena a;
    arena_init(&a);
    ParseCtx pc;
    int e = parse_unit(&pc, &a, &d, id, diag_file(&d, id)->text, strlen(text));
    fclose(f);
    if (msgs) *msgs = buf; else free(buf);
    arena_fini(&a);
    diag_fini(&d);
    return e;
}

static void test_comments_and_tokens(void **state)
{
    (void)state;
    assert_int_equal(lex_errors("// line\n/* block\n comment */ const X = 1_000; query Heap(X);", NULL), 0);
    assert_int_equal(lex_errors("const S = {1, 3, 4}; def f(a...) = a[0 := 2, 1 := 3]; const T = \"H\\\"T\";", NULL), 0);
}

static void test_int_literal_size(void **state)
{
    (void)state;
    char *m;
    assert_int_equal(lex_errors("const X = 9223372036854775807;", NULL), 0);
    /* integers have any size: a literal beyond 64 bits is a big integer */
    assert_int_equal(lex_errors("const X = 9223372036854775808;", NULL), 0);
    assert_int_equal(lex_errors("const X = 1_000_000_000_000_000_000_000_000_000_000;", NULL), 0);
    /* ... up to 2^22 bits */
    size_t n = 1300000;
    char *big = malloc(n + 32);
    strcpy(big, "const X = ");
    memset(big + 10, '7', n);
    strcpy(big + 10 + n, ";");
    assert_true(lex_errors(big, &m) > 0);
    assert_non_null(strstr(m, "t.game:1:11: error: integer literal is too large (integers are limited to 2^22 bits)"));
    free(m);
    free(big);
}

static void test_stray_and_unterminated(void **state)
{
    (void)state;
    char *m;
    assert_true(lex_errors("const X = 1 @ 2;", &m) > 0);
    assert_non_null(strstr(m, "t.game:1:13: error: stray character '@'"));
    free(m);
    assert_true(lex_errors("const S = \"abc;\n", &m) > 0);
    assert_non_null(strstr(m, "unterminated string"));
    free(m);
    assert_true(lex_errors("/* never closed", &m) > 0);
    assert_non_null(strstr(m, "unterminated comment"));
    free(m);
    assert_true(lex_errors("const X = 12abc;", &m) > 0);
    assert_non_null(strstr(m, "invalid number '12abc'"));
    free(m);
}

static void test_locations_count_lines(void **state)
{
    (void)state;
    char *m;
    assert_true(lex_errors("const A = 1;\n\n   const B = #;", &m) > 0);
    assert_non_null(strstr(m, "t.game:3:14: error"));
    /* the caret line shows the source line */
    assert_non_null(strstr(m, "    3 |    const B = #;"));
    free(m);
}

static void test_binary_junk_is_bounded(void **state)
{
    (void)state;
    char junk[400];
    for (int i = 0; i < 400; i++) junk[i] = (char)(1 + (i * 37) % 250);
    junk[399] = 0;
    char *m;
    assert_true(lex_errors(junk, &m) > 0);
    assert_non_null(strstr(m, "too many errors"));
    free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_comments_and_tokens),
        cmocka_unit_test(test_int_literal_size),
        cmocka_unit_test(test_stray_and_unterminated),
        cmocka_unit_test(test_locations_count_lines),
        cmocka_unit_test(test_binary_junk_is_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
