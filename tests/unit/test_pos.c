/* test_pos.c: position keys: encoding round trip, hashing, interning and canon. */
#include "config.h"
#include "key.h"
#include "harness.h"
#include "vm.h"
#include "pos.h"

static void test_roundtrip_and_intern(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game T(n, L, S, s) { move m when n > 0 => T(n - 1, L, S, s); }"), 0);
    Symbol *sym = prog_lookup(&h->p, "T");
    assert_non_null(sym);
    static const int64_t L[] = { 4, -2, 7 }, S[] = { 1, 3, 4 };
    Value args[4] = { val_int(5) };
    args[1].t = VT_LIST; args[1].n = 3; args[1].u.a = L;
    args[2].t = VT_SET; args[2].n = 3; args[2].u.a = S;
    args[3].t = VT_STR; args[3].n = 9; args[3].u.s = "HTHHTTHHT";
    Value v = vm_make_pos(h->p.vm, sym->id, args, 4, (Loc){0});
    assert_int_equal(v.t, VT_POS);
    assert_int_equal(v.n, 1);
    Value back[POS_MAX_ARGS];
    assert_int_equal(key_decode(&h->p, v.u.p[0], back), 4);
    for (int i = 0; i < 4; i++) assert_true(val_equal(&args[i], &back[i]));
    StrBuf b;
    sb_init(&b);
    key_print(&h->p, &b, v.u.p[0]);
    assert_string_equal(b.s, "T(5, [4, -2, 7], {1, 3, 4}, \"HTHHTTHHT\")");
    sb_fini(&b);
    uint32_t id1 = eng_intern(h->p.solver->store, v.u.p[0], (Loc){0});
    Value v2 = vm_make_pos(h->p.vm, sym->id, args, 4, (Loc){0});
    assert_int_equal(eng_intern(h->p.solver->store, v2.u.p[0], (Loc){0}), id1);
    args[0] = val_int(6);
    Value v3 = vm_make_pos(h->p.vm, sym->id, args, 4, (Loc){0});
    assert_int_not_equal(eng_intern(h->p.solver->store, v3.u.p[0], (Loc){0}), id1);
    h_free(h);
}

static void test_hash_spreads(void **state)
{
    (void)state;
    /* distinct small keys must not collide in their low bits too often */
    int buckets[256] = { 0 };
    for (int64_t a = 0; a < 64; a++)
        for (int64_t b = 0; b < 64; b++) {
            int64_t k[4] = { 7 | ((int64_t)4 << 32), 0, a, b };
            buckets[util_hash_words(k, 4) & 255]++;
        }
    for (int i = 0; i < 256; i++) assert_true(buckets[i] < 40);
}

static void test_canon_and_many_states(void **state)
{
    (void)state;
    H *h = h_new();
    /* Wythoff(5, 3) and Wythoff(3, 5) are one state */
    assert_int_equal(h_int(h, "sg(Wythoff(5, 3)) == sg(Wythoff(3, 5))"), 1);
    size_t before = h->p.solver->store->n;
    assert_int_equal(h_int(h, "sg(Wythoff(3, 5))"), 0);
    assert_int_equal(h->p.solver->store->n, before);
    /* the table grows through many rehashes and keeps every state findable */
    static const int period7[7] = { 0, 1, 0, 1, 2, 3, 2 };
    h->p.force_strategy = "memo";   /* the sequence strategy would need no states at all */
    assert_int_equal(h_int(h, "sg(Subtract(200000, {1, 3, 4}))"), period7[200000 % 7]);
    assert_true(h->p.solver->store->n > 200000);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_and_intern),
        cmocka_unit_test(test_hash_spreads),
        cmocka_unit_test(test_canon_and_many_states),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
