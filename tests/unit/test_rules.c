/* test_rules.c: the one reading of a game's rules (rules.h) that the recognisers share: binders
   and their domains, clauses with a guard's `and`s split, the calls a result sums, the canon's
   shape, and affine forms, each against what the rules as written say. */
#include "config.h"
#include "harness.h"
#include "rules.h"

static const GameRules *rules_of(H *h, const char *name)
{
    Symbol *s = prog_lookup(&h->p, name);
    assert_non_null(s);
    assert_int_equal(s->kind, SYM_GAME);
    const GameRules *gr = h->p.code.games[s->id].rules;
    assert_non_null(gr);
    assert_int_equal(gr->gid, s->id);
    return gr;
}

static void test_parts(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h,
        "const S = {4, 1};\n"
        "game A(n, m) {\n"
        "    move t(k in 1..min(3, n), a in {5, -2, 5}, b in [3, 1, 3], c in S, d in m, e in [n]) when k <= n and a < 9 and true\n"
        "        let r = n - k when r >= 0 => A(r, m) + 0 + A(a, m);\n"
        "    move z => 0;\n"
        "    move f(k in 1..2) when k <= n => f2(n - k);\n"
        "}\n"
        "def f2(x) = A(x, 1);\n"), 0);
    const GameRules *gr = rules_of(h, "A");
    assert_int_equal(gr->n, 3);
    assert_int_equal(gr->nmoves, 3);
    assert_int_equal(gr->np, 2);
    assert_null(gr->canon);
    assert_int_equal(gr->canon_form, CF_NONE);
    const RRule *t = &gr->items[0];
    assert_string_equal(t->name, "t");
    assert_int_equal(t->nb, 6);
    assert_int_equal(t->b[0].kind, RD_RANGE);
    assert_string_equal(t->b[0].name, "k");
    assert_int_equal(t->b[1].kind, RD_INTS);
    assert_true(t->b[1].is_set);   /* a set: ascending, each once */
    assert_int_equal(t->b[1].nints, 2);
    assert_int_equal(t->b[1].ints[0], -2);
    assert_int_equal(t->b[1].ints[1], 5);
    assert_int_equal(t->b[2].kind, RD_INTS);
    assert_false(t->b[2].is_set);   /* a list: as written, repeats kept; sorted apart */
    assert_int_equal(t->b[2].nints, 3);
    assert_int_equal(t->b[2].ints[0], 3);
    assert_int_equal(t->b[2].ints[1], 1);
    assert_int_equal(t->b[2].ints[2], 3);
    assert_int_equal(t->b[2].nsorted, 2);
    assert_int_equal(t->b[2].sorted[0], 1);
    assert_int_equal(t->b[3].kind, RD_NAME);
    assert_int_equal(t->b[3].ref, REF_CONST);
    assert_int_equal(t->b[4].kind, RD_NAME);
    assert_int_equal(t->b[4].ref, REF_LOCAL);
    assert_int_equal(t->b[4].ref_id, 1);   /* the parameter m */
    assert_int_equal(t->b[5].kind, RD_OTHER);   /* [n]: not literals */
    /* `when k <= n and a < 9 and true`, a let, a when: five clauses in order */
    assert_int_equal(t->nwhen, 2);
    assert_int_equal(t->ncl, 5);
    assert_true(t->lets);
    assert_false(t->cl[0].let);
    assert_true(t->cl[3].let);
    assert_int_equal(t->cl[3].slot, rules_local(t->cl[4].e->a));   /* r >= 0 reads the let's r */
    assert_true(t->sum);
    assert_int_equal(t->ncalls, 2);
    assert_int_equal(t->nzeros, 1);
    assert_int_equal(t->calls[0].game, gr->gid);
    assert_true(rules_passes_on(&t->calls[0], 1));
    assert_false(rules_passes_on(&t->calls[0], 0));
    const RRule *z = &gr->items[1];
    assert_int_equal(z->nb, 0);
    assert_true(z->sum);
    assert_int_equal(z->ncalls, 0);
    assert_int_equal(z->nzeros, 1);
    assert_false(gr->items[2].sum);   /* a def's call is not a call of a game */
    h_free(h);
}

static void test_canons(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h,
        "game U(a, b, c) { move t(k in 1..a) => U(a - k, b, c); canon (sort([c, a, b])...); }\n"
        "game M(a, b) { move t(k in 1..a) => M(a - k, b); canon (min(b, a), max(a, b)); }\n"
        "game W(a, b) { move t(k in 1..a) => W(a - k, b); canon (max(a, b), min(a, b)); }\n"
        "game I(a, b) { move t(k in 1..a) => I(a - k, b); canon (min(int(a), int(b)), max(int(a), int(b))); }\n"
        "game T(a, v...) { move t(k in 1..a) => T(a - k, v...); canon (a, sort(v)...); }\n"
        "game X(a, b) { move t(k in 1..a) => X(a - k, b); canon (min(a, b), min(a, b)); }\n"
        "game Y(a, b, c) { move t(k in 1..a) => Y(a - k, b, c); canon (sort([a, a, b])...); }\n"), 0);
    assert_int_equal(rules_of(h, "U")->canon_form, CF_SORT_UP);
    assert_true(rules_of(h, "U")->canon_permutes);
    assert_non_null(rules_of(h, "U")->canon);
    assert_int_equal(rules_of(h, "U")->nmoves, 1);
    assert_int_equal(rules_of(h, "M")->canon_form, CF_SORT_UP);
    assert_int_equal(rules_of(h, "W")->canon_form, CF_SORT_DOWN);
    assert_int_equal(rules_of(h, "I")->canon_form, CF_NONE);   /* int() of a string is not the string */
    assert_true(rules_of(h, "I")->canon_permutes);             /* but on integers it only reorders */
    assert_int_equal(rules_of(h, "T")->canon_form, CF_SORT_TAIL);
    assert_false(rules_of(h, "T")->canon_permutes);
    assert_int_equal(rules_of(h, "X")->canon_form, CF_NONE);
    assert_false(rules_of(h, "X")->canon_permutes);
    assert_int_equal(rules_of(h, "Y")->canon_form, CF_NONE);   /* a parameter twice, one missing */
    h_free(h);
}

static void test_affine(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h,
        "const C = 7;\n"
        "game G(n, m) {\n"
        "    move t(k in 1..n, a in 0..(n - k) / 2) when 2 * (n - k) - -a >= C * m + 1 and n % 2 == 0 and false\n"
        "        => G(m * (n - 3 * k) + C, m) + G(k * k, m);\n"
        "}\n"), 0);
    const GameRules *gr = rules_of(h, "G");
    const RRule *t = &gr->items[0];
    int n = 0, k = t->b[0].slot, a = t->b[1].slot;
    Value locals[2] = { val_int(0), val_int(5) };   /* m = 5 folded; n tracked */
    RFold f = { .consts = h->p.code.consts, .ready = h->p.code.const_ready, .locals = locals, .nlocals = 2,
                .track = { n, k, a } };
    /* G's first argument: 5 * (n - 3k) + 7 */
    RAffine x = rules_affine(&f, t->calls[0].args[0]);
    assert_true(x.ok);
    assert_int_equal(x.c, 7);
    assert_int_equal(x.k[0], 5);
    assert_int_equal(x.k[1], -15);
    assert_int_equal(x.k[2], 0);
    assert_false(rules_affine(&f, t->calls[1].args[0]).ok);   /* k * k */
    assert_true(rules_affine_const(rules_affine(&f, t->calls[0].args[1])));
    /* the guard: 2(n - k) + a - (7 * 5 + 1) >= 0 */
    int op;
    RAffine d;
    assert_true(rules_compare(&f, t->cl[0].e, &op, &d));
    assert_int_equal(op, OP_GE);
    assert_int_equal(d.c, -36);
    assert_int_equal(d.k[0], 2);
    assert_int_equal(d.k[1], -2);
    assert_int_equal(d.k[2], 1);
    assert_false(rules_compare(&f, t->cl[1].e, &op, &d));   /* n % 2 */
    assert_true(rules_compare(&f, t->cl[2].e, &op, &d));    /* false: 0 != 0 */
    assert_int_equal(op, OP_NE);
    assert_true(rules_affine_const(d) && d.c == 0);
    /* a's range: (n - k) / 2 */
    const Node *half = rules_halved(t->b[1].hi);
    assert_non_null(half);
    assert_null(rules_halved(half));
    /* m not folded (nlocals 1): the first argument is not affine in what is tracked */
    f.nlocals = 1;
    assert_false(rules_affine(&f, t->calls[0].args[0]).ok);
    /* linear in k: the argument yes (m * ... with m free of k), k * k no */
    assert_true(rules_mentions(t->calls[0].args[0], k));
    assert_false(rules_mentions(t->calls[0].args[1], k));
    assert_true(rules_linear(t->calls[0].args[0], k));
    assert_false(rules_linear(t->calls[1].args[0], k));
    /* an overflow is not an affine form */
    assert_int_equal(h_run(h, "game O(n) { move t when n >= 0 => O(n * 4611686018427387904 * 4); }\n"), 0);
    const RRule *o = &rules_of(h, "O")->items[0];
    RFold g = { .track = { 0, -1, -1 } };
    assert_false(rules_affine(&g, o->calls[0].args[0]).ok);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parts),
        cmocka_unit_test(test_canons),
        cmocka_unit_test(test_affine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
