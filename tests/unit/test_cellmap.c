/* test_cellmap.c: the table strategy's map of cells (solve/core/cellmap): random cells against a plain
   list, through every way the map keeps them (fixed coordinates, pages, hashing with the last
   coordinate tucked into the value's word or not) and the rebuilds between them. */
#include "config.h"
#include "harness.h"
#include "solve/core/cellmap.h"
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* The reference: distinct cells (np coordinates each) with their values (CM_NONE: not set). */
typedef struct Ref { int np; size_t n; int64_t (*c)[CM_MAXP]; uint32_t *v; } Ref;

static void ref_add(Ref *r, const int64_t *c)
{
    for (size_t i = 0; i < r->n; i++)
        if (!memcmp(r->c[i], c, (size_t)r->np * sizeof *c)) return;
    r->c = realloc(r->c, (r->n + 1) * sizeof *r->c);
    r->v = realloc(r->v, (r->n + 1) * sizeof *r->v);
    memset(r->c[r->n], 0, sizeof *r->c);
    memcpy(r->c[r->n], c, (size_t)r->np * sizeof *c);
    r->v[r->n++] = CM_NONE;
}

/* Every cell of r as the map has it, and a few absent ones. */
static void check(const CellMap *m, const Ref *r)
{
    for (size_t i = 0; i < r->n; i++) assert_int_equal(cm_get(m, r->c[i]), r->v[i]);
    for (int t = 0; t < 200 && r->n; t++) {   /* a known cell moved by one in a coordinate: absent unless listed */
        int64_t c[CM_MAXP];
        memcpy(c, r->c[next() % r->n], sizeof c);
        int k = (int)(next() % (uint64_t)r->np);
        int64_t d = (next() & 1) ? 1 : -1;
        if ((d > 0 && c[k] == INT64_MAX) || (d < 0 && c[k] == INT64_MIN)) d = -d;
        c[k] += d;
        uint32_t want = CM_NONE;
        for (size_t i = 0; i < r->n; i++)
            if (!memcmp(r->c[i], c, (size_t)r->np * sizeof *c)) want = r->v[i];
        assert_int_equal(cm_get(m, c), want);
    }
}

/* Set random values on r's cells in random order (each at least once, some twice), checking the
   map along the way. */
static void fill(CellMap *m, Ref *r)
{
    for (size_t k = 0; k < r->n + r->n / 4; k++) {
        size_t i = k < r->n ? k : next() % r->n;
        r->v[i] = (uint32_t)(next() % 1000);
        cm_set(m, r->c[i], r->v[i]);
        if (k % 997 == 0) check(m, r);
    }
    check(m, r);
}

/* An empty map of np coordinates and its empty reference. */
static Ref start(CellMap *m, int np)
{
    cm_init(m, np);
    return (Ref){ np, 0, NULL, NULL };
}

static void ref_free(Ref *r)
{
    free(r->c);
    free(r->v);
}

/* A bitmask and a fixed size: pages; then a second size: hashing, the cells kept. */
static void test_cellmap_pages_then_hash(void **state)
{
    (void)state;
    rng = 20261202;
    CellMap m;
    Ref r = start(&m, 2);
    for (int i = 0; i < 3000; i++) {
        int64_t c[2] = { (int64_t)(next() % (1u << 16)), 6 };
        ref_add(&r, c);
    }
    fill(&m, &r);
    assert_non_null(m.page);   /* one varying coordinate in [0, 2^32) */
    assert_int_equal(m.nv, 1);
    assert_true(cm_bytes(&m) <= (size_t)CM_PAGED_BYTES * r.n + ((size_t)1 << 20) + 1024 * CM_PAGE * 4);
    for (int i = 0; i < 500; i++) {
        int64_t c[2] = { (int64_t)(next() % (1u << 16)), 5 };
        ref_add(&r, c);
    }
    fill(&m, &r);
    assert_null(m.page);
    assert_int_equal(m.nv, 2);
    assert_true(m.tuck);   /* the size rides in the value's word: 16-byte slots */
    assert_int_equal(cm_stride(&m), 2);
    cm_replace(&m, 7, 1234);
    for (size_t i = 0; i < r.n; i++)
        if (r.v[i] == 7) r.v[i] = 1234;
    check(&m, &r);
    cm_free(&m);
    ref_free(&r);
}

/* Cells far apart (the pages would cost more than the bound), negative coordinates, and values
   replaced while paged. */
static void test_cellmap_sparse_and_negative(void **state)
{
    (void)state;
    rng = 7;
    CellMap m;
    Ref r = start(&m, 1);
    for (int i = 0; i < 200; i++) {   /* close together: paged */
        int64_t c[1] = { (int64_t)(next() % 5000) };
        ref_add(&r, c);
    }
    fill(&m, &r);
    assert_non_null(m.page);
    cm_replace(&m, r.v[0], CM_NONE);   /* replaced by nothing: absent */
    uint32_t gone = r.v[0];
    for (size_t i = 0; i < r.n; i++)
        if (r.v[i] == gone) r.v[i] = CM_NONE;
    check(&m, &r);
    for (int i = 0; i < 3000; i++) {   /* spread over [0, 2^32): a page each */
        int64_t c[1] = { (int64_t)(next() & 0xFFFFFFFFu) };
        ref_add(&r, c);
    }
    fill(&m, &r);
    assert_null(m.page);
    assert_true(m.nopage);
    int64_t c[1] = { -5 };
    ref_add(&r, c);
    int64_t big[1] = { (int64_t)1 << 40 };
    ref_add(&r, big);
    fill(&m, &r);
    cm_free(&m);
    /* two cells a page (2 KB a cell): past the pages' bound, hashing */
    Ref s = start(&m, 1);
    for (int i = 0; i < 3000; i++) {
        int64_t x[1] = { (int64_t)i * (int64_t)(CM_PAGE / 2) };
        ref_add(&s, x);
    }
    fill(&m, &s);
    assert_null(m.page);
    assert_true(m.nopage);
    cm_free(&m);
    ref_free(&s);
    /* a first cell beyond 2^32 and a negative one: hashing from the start */
    Ref q = start(&m, 1);
    int64_t a[1] = { -1 }, b[1] = { INT64_MAX }, z[1] = { 0 };
    ref_add(&q, a);
    ref_add(&q, b);
    ref_add(&q, z);
    fill(&m, &q);
    assert_null(m.page);
    cm_free(&m);
    ref_free(&r);
    ref_free(&q);
}

/* Two varying coordinates, the last one tucked into the value's word while it is in [0, 2^31):
   its ends, values replaced; then a last coordinate of 2^31 and a negative one make the first
   coordinate the tucked one, and a negative first one the slots wide, every cell kept. A map
   whose coordinates are both far out never tucks. */
static void test_cellmap_tucked_then_wide(void **state)
{
    (void)state;
    rng = 31;
    CellMap m;
    Ref r = start(&m, 3);
    for (int i = 0; i < 4000; i++) {
        int64_t x = (int64_t)(next() % 7);
        int64_t c[3] = { (int64_t)(next() % 100000), 9, x == 0 ? 0 : x == 1 ? CM_TUCK_END - 1 : (int64_t)(next() % 300) };
        ref_add(&r, c);
    }
    fill(&m, &r);
    assert_true(m.tuck);
    assert_int_equal(m.nv, 2);
    assert_int_equal(cm_stride(&m), 2);
    int64_t near[3] = { r.c[0][0], 9, CM_TUCK_END };   /* one past the tucked range: absent, not the cell at 0 */
    int64_t neg[3] = { r.c[0][0], 9, -1 };
    assert_int_equal(cm_get(&m, near), CM_NONE);
    assert_int_equal(cm_get(&m, neg), CM_NONE);
    cm_replace(&m, 5, 77);
    for (size_t i = 0; i < r.n; i++)
        if (r.v[i] == 5) r.v[i] = 77;
    check(&m, &r);
    ref_add(&r, near);
    ref_add(&r, neg);
    fill(&m, &r);
    assert_true(m.tuck);   /* the first coordinate tucked now: it fits (below) */
    assert_int_equal(m.var[1], 0);
    assert_true(m.nofit == 4u);
    int64_t far[3] = { -3, 9, 4 };   /* neither fits now: wide */
    ref_add(&r, far);
    fill(&m, &r);
    assert_false(m.tuck);
    assert_int_equal(cm_stride(&m), 3);
    int64_t more[3] = { 1, 9, 5 };   /* wide from now on, a small one too */
    ref_add(&r, more);
    fill(&m, &r);
    assert_false(m.tuck);
    cm_free(&m);
    ref_free(&r);
    Ref q = start(&m, 2);
    for (int i = 0; i < 100; i++) {
        int64_t c[2] = { -(int64_t)i - 1, i % 2 ? -(int64_t)i : (int64_t)1 << 40 };
        ref_add(&q, c);
    }
    fill(&m, &q);
    assert_false(m.tuck);
    assert_int_equal(m.nv, 2);
    cm_free(&m);
    ref_free(&q);
}

/* Six coordinates, three of them fixed, then one more varying at a time. */
static void test_cellmap_six(void **state)
{
    (void)state;
    rng = 99;
    CellMap m;
    Ref r = start(&m, 6);
    for (int stage = 0; stage < 4; stage++) {
        for (int i = 0; i < 800; i++) {
            int64_t c[6] = { (int64_t)(next() % 40), (int64_t)(next() % 40) - 20, 3, 4, 5, (int64_t)(next() % 40) };
            for (int k = 2; k < 2 + stage && k < 5; k++) c[k] = (int64_t)(next() % 3);
            ref_add(&r, c);
        }
        fill(&m, &r);
        assert_int_equal(m.nv, 3 + stage);
    }
    cm_free(&m);
    ref_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cellmap_pages_then_hash),
        cmocka_unit_test(test_cellmap_sparse_and_negative),
        cmocka_unit_test(test_cellmap_tucked_then_wide),
        cmocka_unit_test(test_cellmap_six),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
