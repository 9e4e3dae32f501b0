/* test_sema.c: name resolution with suggestions, arity, obvious type errors, redefinitions, the
   standard library compiled on first use. */
#include "config.h"
#include "harness.h"
#include "parse.h"
#include "ast.h"


static void test_unknown_names(void **state)
{
    (void)state;
    h_expect_error("query Hepa(3);", "unknown function or game 'Hepa'; did you mean 'Heap'?");
    h_expect_error("game G(count) { move m(k in 1..cuont) => G(count - k); }", "unknown name 'cuont'; did you mean 'count'?");
    h_expect_error("query Zzzzzz(3);", "unknown function or game 'Zzzzzz'");
    h_expect_error("const X = mx(1, 2);", "did you mean 'max'?");
}

static void test_arity(void **state)
{
    (void)state;
    h_expect_error("query Bash(3);", "game 'Bash' takes 2 arguments, but 1 was given");
    h_expect_error("def f(a, b) = a + b; const X = f(1);", "function 'f' takes 2 arguments, but 1 was given");
    h_expect_error("const X = abs(1, 2);", "'abs' takes 1 argument, but 2 were given");
    h_expect_error("game G(a, b) { canon (a); move m when a > 0 => G(a - 1, b); }", "canon of 'G' must give 2 arguments");
}

static void test_types(void **state)
{
    (void)state;
    h_expect_error("query Heap(1) * Heap(2);", "'*' cannot multiply two positions");
    h_expect_error("query 3 + 4;", "a query needs a position");
    h_expect_error("game G(n) { move m when n > 0 => n - 1; } query G(2);", "move 'm' of G must lead to a position");
    h_expect_error("const X = [1, 2] - 1;", "expected integers here, not a list");
    h_expect_error("expect Heap(3);", "expect needs a condition");
    h_expect_error("game G(n) { move m(k in 5) => G(k); }", "cannot choose 'k' from an integer");
    h_expect_error("const X = Heap;", "'Heap' is a game; call it with arguments");
    h_expect_error("query Heap(Heap(1));", "a position cannot be an argument of game 'Heap'");
}

static void test_redefinition(void **state)
{
    (void)state;
    h_expect_error("def f(a) = a; def f(b) = b;", "redefinition of 'f'");
    h_expect_error("def f(a, a) = a;", "parameter 'a' appears twice");
    h_expect_error("def min(a) = a;", "'min' is a built-in function and cannot be redefined");
    /* a user's name may shadow the standard library's (with a note); the library keeps its own */
    H *h = h_new();
    assert_int_equal(h_run(h, "game Heap(n) { move m when n > 0 => Heap(n - 1); }\n"
                              "expect sg(Heap(3)) == 1; expect sg(Nim(3)) == 3;"), 0);
    assert_non_null(strstr(h_err(h), "'Heap' shadows the standard library's 'Heap'"));
    h_free(h);
    /* files may not redefine each other's names; the REPL and -e texts may, and code compiled
       before uses the new definition from then on, while earlier statements saw the old one */
    h = h_new();
    assert_int_equal(h_run(h, "def f() = 1; def g() = f() + 10; const C = 2; def d() = C;"), 0);
    assert_int_equal(h_run(h, "def f() = 5;"), 3);
    assert_non_null(strstr(h_err(h), "redefinition of 'f'"));
    h->p.opt.redefine = true;
    assert_int_equal(h_run(h, "expect g() == 11;"), 0);
    assert_int_equal(h_run(h, "def f() = 5; expect g() == 15;"), 0);   /* a unit's names hold in all of it */
    assert_int_equal(h_run(h, "expect g() == 15; const C = 7; expect d() == 7;"), 0);
    assert_int_equal(h_run(h, "game G(n) { move m when n > 0 => G(n - 1); } def P() = G(4);"), 0);
    assert_int_equal(h_run(h, "expect P() is P;"), 0);
    assert_int_equal(h_run(h, "game G(n) { move m(k in {1, 2}) when k <= n => G(n - k); } expect P() is N;"), 0);
    h_free(h);
}

static void test_forward_references(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "query A(3);\ngame A(n) { move m(k in 1..n) => B(n - k); }\n"
                              "game B(n) { move m(k in 1..n) => A(n - k); }\n"), 0);
    assert_non_null(strstr(h_out(h), "A(3): N (sg 3)"));
    h_free(h);
}

/* Constant folding stops at 64 bits: the rest is computed exactly at run time. */
static void test_compile_time_big(void **state)
{
    (void)state;
    H *h = h_new();
    Value v = h_eval(h, "4611686018427387904 * 2");
    StrBuf b;
    sb_init(&b);
    val_print(&b, &v);
    assert_string_equal(b.s, "9223372036854775808");
    sb_fini(&b);
    assert_int_equal(h_int(h, "4611686018427387904 * 2 - 1 == 9223372036854775807"), 1);
    h_free(h);
}

static int lib_loaded(Program *p, const char *name)
{
    LibItem *it = prog_lib_find(p, name);
    assert_non_null(it);
    return it->sym >= 0;
}

/* The library's index is what the parser finds in its files, in order; a run compiles only the
   definitions it names (and theirs); a failed unit forgets what it loaded; all of it compiles. */
static void test_stdlib_lazy(void **state)
{
    (void)state;
    H *h = h_new();
    Program *p = &h->p;
    size_t at = 0;
    Loc eager[256];   /* where the parse of the whole file puts each definition */
    for (const StdlibFile *f = prog_stdlib_files; f->name; f++) {
        Arena a;
        arena_init(&a);
        ParseCtx pc;
        Diag d;
        memset(&d, 0, sizeof d);
        assert_int_equal(parse_unit(&pc, &a, &d, 0, f->text, f->len), 0);
        for (int i = 0; i < pc.items.n; i++) {
            assert_true(pc.items.v[i]->kind == N_DEF || pc.items.v[i]->kind == N_GAME);
            assert_true(at < p->code.nlib);
            assert_string_equal(p->code.lib[at].name, pc.items.v[i]->name);
            assert_true(at < 256);
            eager[at] = pc.items.v[i]->loc;
            assert_true(p->code.lib[at].off <= pc.items.v[i]->loc.off && pc.items.v[i]->loc.off < p->code.lib[at].end);
            assert_int_equal(p->code.lib[at].sym, LIB_UNLOADED);
            at++;
        }
        arena_fini(&a);
    }
    assert_int_equal(at, p->code.nlib);
    assert_true(p->code.nlib > 50);
    assert_int_equal(h_run(h, "expect sg(Nim(3, 4, 5)) == 2;"), 0);
    assert_true(lib_loaded(p, "Nim") && lib_loaded(p, "Heap"));
    assert_false(lib_loaded(p, "Bash") || lib_loaded(p, "Wythoff"));
    assert_int_equal(h_run(h, "expect Bash(4, 3) is P; query Nosuch(1);"), 3);
    assert_false(lib_loaded(p, "Bash"));
    assert_int_equal(h_run(h, "expect Bash(4, 3) is P;"), 0);
    assert_true(lib_loaded(p, "Bash"));
    assert_int_equal(prog_lib_load_all(p), 0);
    for (size_t i = 0; i < p->code.nlib; i++) {
        assert_true(p->code.lib[i].sym >= 0);
        const Symbol *sy = &p->code.syms[p->code.lib[i].sym];
        assert_string_equal(sy->name, p->code.lib[i].name);
        assert_true(sy->stdlib);
        assert_int_equal(sy->loc.file, p->code.lib[i].file);
        assert_int_equal(sy->loc.line, eager[i].line);
        assert_int_equal(sy->loc.col, eager[i].col);
        assert_int_equal(sy->loc.off, eager[i].off);
        assert_int_equal(sy->loc.end, eager[i].end);
    }
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_arity),
        cmocka_unit_test(test_types),
        cmocka_unit_test(test_redefinition),
        cmocka_unit_test(test_forward_references),
        cmocka_unit_test(test_compile_time_big),
        cmocka_unit_test(test_stdlib_lazy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
