/* test_cgt.c: the store of partizan forms: canonical forms of known games (Siegel, Combinatorial
   Game Theory, ch. II; Winning Ways ch. 2-5), comparison, sums, negation and the notation. */
#include "config.h"
#include "harness.h"
#include "solve/core/cgt.h"
#include <string.h>

static char text[256];
static const char *show(CgtStore *st, CgtId a, bool unicode)
{
    StrBuf b;
    sb_init(&b);
    cgt_print(st, &b, a, unicode);
    snprintf(text, sizeof text, "%s", b.s ? b.s : "");
    sb_fini(&b);
    return text;
}

static CgtId num(CgtStore *st, int64_t m, int k) { return cgt_number(st, (CgtNum){ m, k }); }
static CgtId form(CgtStore *st, const CgtId *L, size_t nl, const CgtId *R, size_t nr) { return cgt_make(st, L, nl, R, nr); }

static void test_numbers(void **state)
{
    (void)state;
    CgtStore *st = cgt_new(0);
    CgtId z = cgt_zero(st), one = cgt_integer(st, 1), m1 = cgt_integer(st, -1);
    assert_string_equal(show(st, z, false), "0");
    assert_string_equal(show(st, num(st, 3, 3), false), "3/8");
    assert_string_equal(show(st, num(st, -5, 1), false), "-5/2");
    /* simplicity: {0 | 1} = 1/2, {1 | 4} = 2, {-3 | -1} = -2, {-1 | 1} = 0, {0 | } = 1, {1/2 | 1} = 3/4 */
    CgtId L[2], R[2];
    L[0] = z, R[0] = one;
    assert_int_equal(form(st, L, 1, R, 1), num(st, 1, 1));
    L[0] = one, R[0] = cgt_integer(st, 4);
    assert_int_equal(form(st, L, 1, R, 1), cgt_integer(st, 2));
    L[0] = cgt_integer(st, -3), R[0] = m1;
    assert_int_equal(form(st, L, 1, R, 1), cgt_integer(st, -2));
    L[0] = m1, R[0] = one;
    assert_int_equal(form(st, L, 1, R, 1), z);
    L[0] = z;
    assert_int_equal(form(st, L, 1, R, 0), one);
    L[0] = num(st, 1, 1), R[0] = one;
    assert_string_equal(show(st, form(st, L, 1, R, 1), false), "3/4");
    /* sums of numbers */
    assert_int_equal(cgt_add(st, num(st, 1, 1), num(st, 1, 1)), one);
    assert_int_equal(cgt_add(st, num(st, 3, 2), num(st, -7, 3)), num(st, -1, 3));
    assert_int_equal(cgt_neg(st, num(st, 3, 2)), num(st, -3, 2));
    assert_int_equal(cgt_outcome(st, one), 'L');
    assert_int_equal(cgt_outcome(st, m1), 'R');
    assert_int_equal(cgt_outcome(st, z), 'P');
    cgt_free(st);
}

static void test_infinitesimals(void **state)
{
    (void)state;
    CgtStore *st = cgt_new(0);
    CgtId z = cgt_zero(st), s = cgt_nimber(st, 1), up = cgt_up(st);
    assert_string_equal(show(st, s, false), "*");
    assert_string_equal(show(st, cgt_nimber(st, 2), false), "*2");
    assert_int_equal(cgt_add(st, cgt_nimber(st, 2), cgt_nimber(st, 3)), s);
    assert_int_equal(cgt_add(st, s, s), z);
    assert_string_equal(show(st, up, false), "^");
    assert_string_equal(show(st, up, true), "↑");
    assert_string_equal(show(st, cgt_neg(st, up), false), "v");
    /* ↑ + ↑ + * = ⇑* */
    CgtId upup = cgt_add(st, up, up), x = cgt_add(st, upup, s);
    assert_string_equal(show(st, x, false), "^^*");
    assert_string_equal(show(st, x, true), "⇑*");
    /* ↑* = {0, * | 0} */
    CgtId L[2] = { z, s }, R[1] = { z };
    assert_int_equal(form(st, L, 2, R, 1), cgt_add(st, up, s));
    assert_string_equal(show(st, cgt_add(st, up, s), false), "^*");
    /* ↑ || *, ⇑ > 0, ⇑ > *, ↑* || 0, ⇑* > 0 */
    assert_int_equal(cgt_cmp(st, up, s), '|');
    assert_int_equal(cgt_cmp(st, upup, z), '>');
    assert_int_equal(cgt_cmp(st, upup, s), '>');
    assert_int_equal(cgt_outcome(st, cgt_add(st, up, s)), 'N');
    assert_int_equal(cgt_outcome(st, x), 'L');
    assert_int_equal(cgt_outcome(st, up), 'L');
    assert_int_equal(cgt_outcome(st, s), 'N');
    /* 1/2 + ↓ + *3 */
    CgtId y = cgt_add(st, cgt_add(st, num(st, 1, 1), cgt_neg(st, up)), cgt_nimber(st, 3));
    assert_string_equal(show(st, y, false), "1/2v*3");
    cgt_free(st);
}

static void test_switches_and_reversibility(void **state)
{
    (void)state;
    CgtStore *st = cgt_new(0);
    CgtId z = cgt_zero(st), s = cgt_nimber(st, 1), one = cgt_integer(st, 1), m1 = cgt_integer(st, -1);
    CgtId pm = form(st, &one, 1, &m1, 1);
    assert_string_equal(show(st, pm, false), "+-1");
    assert_string_equal(show(st, pm, true), "±1");
    assert_int_equal(cgt_outcome(st, pm), 'N');
    assert_int_equal(cgt_add(st, pm, pm), z);   /* a switch and its copy cancel */
    CgtId two = cgt_integer(st, 2), mh = cgt_number(st, (CgtNum){ -1, 1 });
    CgtId sw = form(st, &two, 1, &mh, 1);
    assert_string_equal(show(st, sw, false), "{2|-1/2}");
    assert_int_equal(cgt_neg(st, sw), form(st, &(CgtId){ cgt_number(st, (CgtNum){ 1, 1 }) }, 1,
                                           &(CgtId){ cgt_integer(st, -2) }, 1));
    /* {* | *} = 0 (both options reverse through 0); {0, * | 0, *} = *2 */
    assert_int_equal(form(st, &s, 1, &s, 1), z);
    CgtId zs[2] = { z, s };
    assert_int_equal(form(st, zs, 2, zs, 2), cgt_nimber(st, 2));
    /* dominated: {0, 1 | } = 2, { | 0, 1} = -1 */
    CgtId z1[2] = { z, one };
    assert_int_equal(form(st, z1, 2, NULL, 0), cgt_integer(st, 2));
    assert_int_equal(form(st, NULL, 0, z1, 2), m1);
    /* a reversible option bypassed: {↑* ... } : G = {1 | {0 | -1}} is 1/2 + ±... checked as G - G = 0 and stops */
    CgtId t = form(st, &z, 1, &m1, 1), g = form(st, &one, 1, &t, 1);
    assert_int_equal(cgt_add(st, g, cgt_neg(st, g)), z);
    assert_int_equal(cgt_leftstop(st, g).m, 1);
    assert_int_equal(cgt_rightstop(st, g).m, 0);
    cgt_free(st);
}


static const char *num_text(CgtNum x)
{
    StrBuf b;
    sb_init(&b);
    cgt_num_print(&b, x);
    snprintf(text, sizeof text, "%s", b.s);
    sb_fini(&b);
    return text;
}

/* Thermographs: means and temperatures (Winning Ways ch. 6; Siegel II.5): a number's temperature
   is -1 for an integer, -1/2^k for m/2^k; a switch {x | y} has mean (x + y)/2 and temperature
   (x - y)/2; infinitesimals are at temperature 0. */
static void test_thermographs(void **state)
{
    (void)state;
    CgtStore *st = cgt_new(0);
    struct CgtThermoCache *c = cgt_thermo_cache_new();
    CgtId z = cgt_zero(st), one = cgt_integer(st, 1), m1 = cgt_integer(st, -1), two = cgt_integer(st, 2);
    const CgtThermo *th = cgt_thermograph(st, c, form(st, &one, 1, &m1, 1));   /* +-1 */
    assert_non_null(th);
    assert_string_equal(num_text(th->mean), "0");
    assert_string_equal(num_text(th->temperature), "1");
    assert_int_equal(th->nl, 2);   /* left wall: from (-1, 2) down to (1, 0) */
    assert_string_equal(num_text(th->lv[0]), "2");
    assert_string_equal(num_text(th->lt[1]), "1");
    CgtId mh = cgt_number(st, (CgtNum){ -1, 1 });
    th = cgt_thermograph(st, c, form(st, &two, 1, &mh, 1));   /* {2 | -1/2} */
    assert_string_equal(num_text(th->mean), "3/4");
    assert_string_equal(num_text(th->temperature), "5/4");
    th = cgt_thermograph(st, c, cgt_nimber(st, 1));
    assert_string_equal(num_text(th->mean), "0");
    assert_string_equal(num_text(th->temperature), "0");
    th = cgt_thermograph(st, c, cgt_up(st));
    assert_string_equal(num_text(th->temperature), "0");
    th = cgt_thermograph(st, c, cgt_number(st, (CgtNum){ 1, 1 }));
    assert_string_equal(num_text(th->mean), "1/2");
    assert_string_equal(num_text(th->temperature), "-1/2");
    th = cgt_thermograph(st, c, cgt_integer(st, 3));
    assert_string_equal(num_text(th->mean), "3");
    assert_string_equal(num_text(th->temperature), "-1");
    th = cgt_thermograph(st, c, z);
    assert_string_equal(num_text(th->temperature), "-1");
    /* {4 || 2 | -6}: Right's option {2 | -6} is hotter (4); they meet at t = 2, mean 2 */
    CgtId four = cgt_integer(st, 4), six = cgt_integer(st, -6);
    CgtId h = form(st, &two, 1, &six, 1), g = form(st, &four, 1, &h, 1);
    th = cgt_thermograph(st, c, g);
    assert_string_equal(num_text(th->mean), "2");
    assert_string_equal(num_text(th->temperature), "2");
    /* the mean is additive: mean(G + H) = mean(G) + mean(H) */
    th = cgt_thermograph(st, c, cgt_add(st, g, h));
    assert_string_equal(num_text(th->mean), "0");
    cgt_thermo_cache_free(c);
    cgt_free(st);
}

/* Random forms: G - G = 0, G <= H agrees with G - H <= 0, canonical forms are idempotent. */
static void test_random_forms(void **state)
{
    (void)state;
    CgtStore *st = cgt_new(0);
    CgtId pool[64];
    size_t n = 0;
    pool[n++] = cgt_zero(st);
    uint64_t seed = 7;
    while (n < 64) {
        CgtId L[3], R[3];
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        size_t nl = (seed >> 33) % 3, nr = (seed >> 40) % 3;
        for (size_t i = 0; i < nl; i++) L[i] = pool[(seed >> (8 + 5 * i)) % n];
        for (size_t i = 0; i < nr; i++) R[i] = pool[(seed >> (20 + 5 * i)) % n];
        pool[n++] = form(st, L, nl, R, nr);
    }
    CgtId z = cgt_zero(st);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(cgt_add(st, pool[i], cgt_neg(st, pool[i])), z);
        assert_int_equal(cgt_neg(st, cgt_neg(st, pool[i])), pool[i]);
        for (size_t j = 0; j < n; j += 3) {
            CgtId d = cgt_add(st, pool[i], cgt_neg(st, pool[j]));
            assert_int_equal(cgt_le(st, pool[i], pool[j]), cgt_le(st, d, z));
            assert_int_equal(cgt_add(st, pool[i], pool[j]), cgt_add(st, pool[j], pool[i]));
        }
    }
    cgt_free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_infinitesimals),
        cmocka_unit_test(test_switches_and_reversibility),
        cmocka_unit_test(test_random_forms),
        cmocka_unit_test(test_thermographs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
