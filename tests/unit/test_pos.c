/* test_pos.c: position keys: encoding round trip, hashing, interning and canon. */
#include "config.h"
#include "key.h"
#include "harness.h"
#include "vm.h"
#include "pos.h"
#include "listview.h"

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

/* The canons the store applies itself (sort of every parameter; a variadic game's list sorted
   after its fixed parameters) give the key the interpreter's canon gives, for random arguments
   (duplicates, negatives, lists of every length up to 40); keys they do not cover (a list of
   strings) still go to the interpreter. */
static void test_native_canon_matches_interpreter(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game T(a, b, c) { canon (sort([c, a, b])...); }\n"
                              "game V(m, k, p...) { canon (m, k, sort(p)...); }\n"
                              "game W(m, p...) { canon (m, sort(p)...); move x when m > 0 => W(m - 1, p...); }"), 0);
    Engine *e = h->p.solver->store;
    int gt = prog_lookup(&h->p, "T")->id, gv = prog_lookup(&h->p, "V")->id, gw = prog_lookup(&h->p, "W")->id;
    uint64_t r = 20261201;
    for (int round = 0; round < 3000; round++) {
        Value args[44];
        int64_t elems[40];
        int n;
        int g = round % 3 == 0 ? gt : round % 3 == 1 ? gv : gw;
        int fixed = g == gt ? 3 : g == gv ? 2 : 1;
        for (int i = 0; i < fixed; i++) {
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            args[i] = val_int((int64_t)(r >> 33) % 7 - 2);
        }
        n = fixed;
        if (g != gt) {
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            int len = (int)((r >> 33) % 41);
            for (int i = 0; i < len; i++) {
                r = r * 6364136223846793005ull + 1442695040888963407ull;
                elems[i] = (int64_t)(r >> 33) % 9 - 3;
                args[n++] = val_int(elems[i]);
            }
        }
        Value v = vm_make_pos(h->p.vm, g, args, n, (Loc){0});
        const int64_t *raw = v.u.p[0];
        const int64_t *want = vm_canon(h->p.vm, raw);
        uint32_t id = eng_intern(e, raw, (Loc){0});
        const int64_t *got = eng_key(e, id);
        assert_int_equal(KEY_LEN(got), KEY_LEN(want));
        assert_memory_equal(got, want, KEY_LEN(want) * sizeof *want);
        assert_int_equal(eng_find(e, raw, (Loc){0}), eng_intern(e, want, (Loc){0}));
    }
    /* strings are the interpreter's: the same answer */
    assert_int_equal(h_run(h, "game S(p...) { canon (sort(p)...); }\n"
                              "expect S(\"b\", \"a\") == S(\"a\", \"b\");"), 0);
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
    h->p.opt.force_strategy = "memo";   /* the sequence strategy would need no states at all */
    assert_int_equal(h_int(h, "sg(Subtract(200000, {1, 3, 4}))"), period7[200000 % 7]);
    assert_true(h->p.solver->store->n > 200000);
    h_free(h);
}

/* The store's memory: 16 bytes a state, and with the hash table at most 32 bytes a state beside
   the keys at every size past the first table (the table stays between half and three quarters
   full); every key stays findable through the growths, and a key longer than a key chunk (a list
   of 300,000 heaps) has a chunk of its own and reads back whole, with short keys after it. */
static void test_store_memory(void **state)
{
    (void)state;
    _Static_assert(sizeof(State) == 16, "a state is 16 bytes");
    H *h = h_new();
    assert_int_equal(h_run(h, "game Q(a, b, c, d) { }\ngame L(p...) { }"), 0);
    Engine *e = h->p.solver->store;
    int gq = prog_lookup(&h->p, "Q")->id, gl = prog_lookup(&h->p, "L")->id;
    size_t worst = 0;
    for (int64_t i = 0; i < 300000; i++) {
        Value args[4] = { val_int(i % 97), val_int(i / 97), val_int(-i), val_int(i * 7) };
        size_t mark = scratch_mark(&h->p.vm->scratch);
        Value v = vm_make_pos(h->p.vm, gq, args, 4, (Loc){0});
        assert_int_equal(eng_intern(e, v.u.p[0], (Loc){0}), (uint32_t)i);
        scratch_release(&h->p.vm->scratch, mark);
        if (e->n >= 1024) {
            EngMemory m = eng_memory(e);
            assert_int_equal(m.states, 16 * e->n);
            size_t per = (m.states + m.table + m.aliases + m.index) * 1000 / e->n;
            if (per > worst) worst = per;
        }
        if (i % 9973 == 0)   /* everything before is still there */
            for (int64_t j = 0; j <= i; j += 101) {
                Value a2[4] = { val_int(j % 97), val_int(j / 97), val_int(-j), val_int(j * 7) };
                size_t mk = scratch_mark(&h->p.vm->scratch);
                Value w = vm_make_pos(h->p.vm, gq, a2, 4, (Loc){0});
                assert_int_equal(eng_find(e, w.u.p[0], (Loc){0}), (uint32_t)j);
                assert_memory_equal(eng_key(e, (uint32_t)j), w.u.p[0], KEY_LEN(w.u.p[0]) * sizeof(int64_t));
                scratch_release(&h->p.vm->scratch, mk);
            }
    }
    assert_true(worst <= 32000);
    assert_true(worst > 28000);   /* the table was near half full once: the bound is tight */
    enum { BIG = 300000 };
    Value *heaps = xmalloc(BIG * sizeof *heaps);
    for (int i = 0; i < BIG; i++) heaps[i] = val_int(i % 1000);
    Value big = vm_make_pos(h->p.vm, gl, heaps, BIG, (Loc){0});
    uint32_t id = eng_intern(e, big.u.p[0], (Loc){0});
    Value small = vm_make_pos(h->p.vm, gl, heaps, 3, (Loc){0});
    uint32_t id2 = eng_intern(e, small.u.p[0], (Loc){0});
    assert_memory_equal(eng_key(e, id), big.u.p[0], KEY_LEN(big.u.p[0]) * sizeof(int64_t));
    assert_memory_equal(eng_key(e, id2), small.u.p[0], KEY_LEN(small.u.p[0]) * sizeof(int64_t));
    assert_int_equal(eng_find(e, big.u.p[0], (Loc){0}), id);
    free(heaps);
    h_free(h);
}

/* Intern (a, b, c) of game g (n of them) in the store; its state id. */
static uint32_t intern3(H *h, int g, int n, int64_t a, int64_t b, int64_t c)
{
    Value args[3] = { val_int(a), val_int(b), val_int(c) };
    size_t mark = scratch_mark(&h->p.vm->scratch);
    Value v = vm_make_pos(h->p.vm, g, args, n, (Loc){0});
    uint32_t id = eng_intern(h->p.solver->store, v.u.p[0], (Loc){0});
    assert_int_equal(eng_find(h->p.solver->store, v.u.p[0], (Loc){0}), id);
    scratch_release(&h->p.vm->scratch, mark);
    return id;
}

/* The direct index of games with one to three integer arguments is where their states live when
   the game has no canon or one the store applies itself: every permutation of a sorted game's
   arguments is one state whose key is the sorted one, the store stays within 32 bytes a position
   beside the keys (no hash slot: a simplex of sorted tuples, a box otherwise), and a state created
   while the index could not hold it (too far out) is found again once the index has grown over
   it, without a second state. */
static void test_direct_index(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game T(a, b, c) { canon (sort([a, b, c])...); }\n"
                              "game W(a, b) { canon (max(a, b), min(a, b)); }\n"
                              "game B(a, b, c) { }"), 0);
    Engine *e = h->p.solver->store;
    int gt = prog_lookup(&h->p, "T")->id, gw = prog_lookup(&h->p, "W")->id, gb = prog_lookup(&h->p, "B")->id;
    /* three sorted arguments: the six orders of every triple up to 40, in a scrambled order */
    enum { N3 = 41 };
    static uint32_t ids[N3][N3][N3];
    size_t before = e->n;
    for (int64_t i = 0; i < (int64_t)N3 * N3 * N3; i++) {
        int64_t x = (i * 7919) % ((int64_t)N3 * N3 * N3), a = x % N3, b = x / N3 % N3, c = x / N3 / N3;
        ids[a][b][c] = intern3(h, gt, 3, a, b, c);
    }
    assert_int_equal(e->n - before, N3 * (N3 + 1) * (N3 + 2) / 6);   /* one state a sorted triple */
    for (int a = 0; a < N3; a++)
        for (int b = 0; b < N3; b++)
            for (int c = 0; c < N3; c++) {
                int s[3] = { a, b, c }, t;
                if (s[0] > s[1]) { t = s[0]; s[0] = s[1]; s[1] = t; }
                if (s[1] > s[2]) { t = s[1]; s[1] = s[2]; s[2] = t; }
                if (s[0] > s[1]) { t = s[0]; s[0] = s[1]; s[1] = t; }
                uint32_t id = ids[a][b][c];
                assert_int_equal(id, ids[s[0]][s[1]][s[2]]);
                const int64_t *k = eng_key(e, id);
                assert_int_equal(k[2], s[0]);
                assert_int_equal(k[3], s[1]);
                assert_int_equal(k[4], s[2]);
            }
    EngMemory m = eng_memory(e);
    assert_true((m.states + m.table + m.aliases + m.index) / e->n <= 32);
    /* two arguments sorted downwards, and a box without a canon */
    before = e->n;
    for (int64_t a = 0; a < 300; a++)
        for (int64_t b = 0; b < 300; b++) {
            uint32_t id = intern3(h, gw, 2, a, b, 0);
            const int64_t *k = eng_key(e, id);
            assert_int_equal(k[2], a > b ? a : b);
            assert_int_equal(k[3], a > b ? b : a);
            if (a > b) assert_int_equal(intern3(h, gw, 2, b, a, 0), id);
            for (int64_t c = 0; c < 4; c++) {
                uint32_t bid = intern3(h, gb, 3, a, b, c);
                k = eng_key(e, bid);
                assert_true(k[2] == a && k[3] == b && k[4] == c);
            }
        }
    assert_int_equal(e->n - before, 300 * 301 / 2 + 300 * 300 * 4);
    m = eng_memory(e);
    assert_true((m.states + m.table + m.aliases + m.index) / e->n <= 32);
    /* far out first (the hash table's), then reached by the index's growth: the same state */
    uint32_t far = intern3(h, gw, 2, 2000, 1999, 0);
    size_t n = e->n;
    assert_true(e->dense[gw].d0 <= 2000);   /* 2000 was beyond the index */
    for (int64_t b = 0; b < 2100; b++)
        for (int64_t a = 0; a <= b; a++) intern3(h, gw, 2, a, b, 0);
    assert_int_equal(intern3(h, gw, 2, 1999, 2000, 0), far);
    assert_int_equal(e->n - n, 2100 * 2101 / 2 - 300 * 301 / 2 - 1);
    h_free(h);
}

/* The next state of a fixed-seed generator (Knuth's MMIX constants). */
static uint64_t lcg(uint64_t *r)
{
    return *r = *r * 6364136223846793005ull + 1442695040888963407ull;
}

/* Shuffle n elements of size bytes (Fisher-Yates, at most 64 bytes each). */
static void shuffle(void *base, size_t n, size_t size, uint64_t *r)
{
    unsigned char *b = base, t[64];
    for (size_t i = n - 1; n && i > 0; i--) {
        size_t j = (size_t)(lcg(r) >> 33) % (i + 1);
        memcpy(t, b + i * size, size);
        memcpy(b + i * size, b + j * size, size);
        memcpy(b + j * size, t, size);
    }
}

/* A key of one long list and nothing else ([g | 4, POS_ARG_LIST, KEY_VIEW_BIT | n, view id]). */
static void view_key_of(int64_t *k, int g, uint64_t id, uint32_t n)
{
    k[0] = g | ((int64_t)4 << 32);
    k[1] = POS_ARG_LIST;
    k[2] = (int64_t)(KEY_VIEW_BIT | n);
    k[3] = (int64_t)id;
}

/* The views' registry (listview.c: a row's slices by place in its direct index, contents by the
   tagged hash table) against contents compared element by element: every slice of length 24
   and more of a periodic row, found by place and as a copy, has the id of the first slice with
   its content and no other's; then the store's view index (pos.c: DIX_VIEW) gives those keys
   one state each, found again by eng_find, and a game of one parameter met first with
   integers keeps its box. */
static void test_view_keys(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game L(a...) { }\ngame M(a) { }"), 0);
    Program *p = &h->p;
    enum { N = 160 };
    int64_t row[N];
    for (int i = 0; i < N; i++) row[i] = (i * 7) % 5;   /* period 5: slices 5 apart are equal */
    uint64_t base, id0 = lview_intern(p, row, N, 0, (Loc){0});
    uint32_t n0;
    const int64_t *e0 = lview_elems(p, id0, &n0, &base);
    assert_int_equal(n0, N);
    static uint64_t ids[N + 1][N];
    static uint32_t order[(N + 1) * N];   /* the slices (len * N + off) in a shuffled order */
    size_t nord = 0;
    for (int len = LVIEW_MIN; len <= N; len++)
        for (int off = 0; off + len <= N; off++) order[nord++] = (uint32_t)(len * N + off);
    uint64_t rnd = 20261207;
    shuffle(order, nord, sizeof *order, &rnd);
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < nord; i++) {
            int len = (int)(order[pass ? nord - 1 - i : i] / N), off = (int)(order[pass ? nord - 1 - i : i] % N);
            uint64_t id = lview_intern(p, e0 + off, (uint32_t)len, base, (Loc){0});
            int64_t copy[N];
            memcpy(copy, row + off, (size_t)len * sizeof *copy);
            assert_int_equal(lview_intern(p, copy, (uint32_t)len, 0, (Loc){0}), id);
            if (pass) assert_int_equal(ids[len][off], id);
            ids[len][off] = id;
        }
    for (int len = LVIEW_MIN; len <= N; len++)   /* equal contents, equal ids; others differ */
        for (int off = 0; off + len <= N; off++)
            for (int o = 0; o < off; o++)
                assert_true((ids[len][o] == ids[len][off]) == !memcmp(row + o, row + off, (size_t)len * sizeof *row));
    Engine *e = p->solver->store;
    int gl = prog_lookup(p, "L")->id, gm = prog_lookup(p, "M")->id;
    static uint32_t st[N + 1][N];
    size_t before = e->n;
    for (int len = LVIEW_MIN; len <= N; len++)
        for (int off = 0; off + len <= N; off++) {
            int64_t k[4];
            view_key_of(k, gl, ids[len][off], (uint32_t)len);
            st[len][off] = eng_intern(e, k, (Loc){0});
            assert_int_equal(st[len][off], st[len][off % 5]);
            assert_memory_equal(eng_key(e, st[len][off]), k, sizeof k);
        }
    size_t distinct = 0;   /* 5 contents of each length, fewer where fewer than 5 slices fit */
    for (int len = LVIEW_MIN; len <= N; len++) distinct += N - len + 1 < 5 ? (size_t)(N - len + 1) : 5;
    assert_int_equal(e->n - before, distinct);
    for (int len = LVIEW_MIN; len <= N; len++)
        for (int off = 0; off + len <= N; off++) {
            int64_t k[4];
            view_key_of(k, gl, ids[len][off], (uint32_t)len);
            assert_int_equal(eng_find(e, k, (Loc){0}), st[len][off]);
        }
    /* M met with an integer first: its view keys go to the hash table, found again */
    int64_t ki[3] = { gm | ((int64_t)3 << 32), 0, 7 }, kv[4];
    uint32_t si = eng_intern(e, ki, (Loc){0});
    view_key_of(kv, gm, ids[N][0], N);
    uint32_t sv = eng_intern(e, kv, (Loc){0});
    assert_int_not_equal(si, sv);
    assert_int_equal(eng_intern(e, ki, (Loc){0}), si);
    assert_int_equal(eng_intern(e, kv, (Loc){0}), sv);
    assert_int_equal(eng_find(e, kv, (Loc){0}), sv);
    h_free(h);
}

/* A row longer than the slices' direct index (listview.c: its suffixes by offset, its prefixes by
   length, other slices in the hash table): every suffix and prefix of 24 numbers and more of a
   periodic row of 10,000, and 3000 slices inside it, in a shuffled order and then in the
   reverse one, by place and as a copy: slices of one length have one id exactly when their
   contents are equal. */
typedef struct Sl { uint32_t off, len; uint64_t id; } Sl;

static int by_len(const void *a, const void *b)
{
    const Sl *x = a, *y = b;
    return (x->len > y->len) - (x->len < y->len);
}

static void test_long_row_slices(void **state)
{
    (void)state;
    H *h = h_new();
    Program *p = &h->p;
    enum { N = 10000, MID = 3000 };
    static int64_t row[N];
    for (int i = 0; i < N; i++) row[i] = (i * 3) % 7;
    uint64_t base;
    uint32_t n0;
    const int64_t *e0 = lview_elems(p, lview_intern(p, row, N, 0, (Loc){0}), &n0, &base);
    static Sl sl[2 * N + MID];
    size_t ns = 0;
    uint64_t rnd = 7;
    for (uint32_t len = LVIEW_MIN; len < N; len++) {
        sl[ns++] = (Sl){ N - len, len, 0 };
        sl[ns++] = (Sl){ 0, len, 0 };
    }
    for (int i = 0; i < MID; i++) {
        lcg(&rnd);
        uint32_t len = LVIEW_MIN + (uint32_t)((rnd >> 33) % 200), off = 1 + (uint32_t)((rnd >> 13) % (N - len - 1));
        sl[ns++] = (Sl){ off, len, 0 };
    }
    shuffle(sl, ns, sizeof *sl, &rnd);
    static int64_t copy[N];
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < ns; k++) {
            Sl *x = &sl[pass ? ns - 1 - k : k];
            uint64_t id = lview_intern(p, e0 + x->off, x->len, base, (Loc){0});
            if (k % 7 == 0) {   /* a copy finds the same id */
                memcpy(copy, row + x->off, (size_t)x->len * sizeof *copy);
                assert_int_equal(lview_intern(p, copy, x->len, 0, (Loc){0}), id);
            }
            if (pass) assert_int_equal(x->id, id);
            x->id = id;
        }
    qsort(sl, ns, sizeof *sl, by_len);
    for (size_t i = 0; i < ns; i++)
        for (size_t j = i; j-- > 0 && sl[j].len == sl[i].len;)
            assert_true((sl[i].id == sl[j].id) ==
                        !memcmp(row + sl[i].off, row + sl[j].off, (size_t)sl[i].len * sizeof *row));
    h_free(h);
}

/* The view index's bound: ids a page apart allocate a page each until the index would pass 4
   cells a key (past its first DIX_VIEW_FREE), then keys spill to the hash table; once enough keys fill
   the pages, a spilled key's page is allocated and the key is found with its state, not made
   again. */
static void test_view_index_spill(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game L(a...) { }"), 0);
    Engine *e = h->p.solver->store;
    int g = prog_lookup(&h->p, "L")->id;
    const uint64_t page = (uint64_t)1 << DIX_PAGE_BITS;
    enum { SPARSE = 300, DENSE = 280000 };
    static uint32_t sparse[SPARSE];
    int64_t k[4];
    for (int i = 0; i < SPARSE; i++) {
        view_key_of(k, g, (uint64_t)i * page, 30);
        sparse[i] = eng_intern(e, k, (Loc){0});
    }
    assert_true(e->dense[g].spilled);
    assert_true(e->nhash > 0);
    size_t n = e->n;
    for (uint64_t i = 0; i < DENSE; i++) {   /* ids 1.. in the first pages, beside the sparse ones */
        view_key_of(k, g, i + 1 + i / (page - 1), 30);
        eng_intern(e, k, (Loc){0});
    }
    assert_int_equal(e->n, n + DENSE);
    for (int i = 0; i < SPARSE; i++) {
        view_key_of(k, g, (uint64_t)i * page, 30);
        assert_int_equal(eng_intern(e, k, (Loc){0}), sparse[i]);
        assert_int_equal(eng_find(e, k, (Loc){0}), sparse[i]);
    }
    assert_int_equal(e->n, n + DENSE);
    EngMemory m = eng_memory(e);
    assert_true((m.states + m.table + m.aliases + m.index) / e->n <= 32);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_and_intern),
        cmocka_unit_test(test_hash_spreads),
        cmocka_unit_test(test_native_canon_matches_interpreter),
        cmocka_unit_test(test_canon_and_many_states),
        cmocka_unit_test(test_store_memory),
        cmocka_unit_test(test_direct_index),
        cmocka_unit_test(test_view_keys),
        cmocka_unit_test(test_long_row_slices),
        cmocka_unit_test(test_view_index_spill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
