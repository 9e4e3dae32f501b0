/* brute_list_heap.c: the moves of the heap games of stdlib/core.game, written from their rules. */
#include "brute_list.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared helpers ------------------------------------------------------------------------- */

/* true when args are exactly nargs == want values, each of the kinds in kinds (a string of
   'i' int, 's' string, 'S' set of ints). */
static bool args_are(const BrVal *args, int nargs, const char *kinds)
{
    int want = (int)strlen(kinds);
    if (nargs != want) return false;
    for (int i = 0; i < want; i++) {
        const BrVal *v = &args[i];
        switch (kinds[i]) {
        case 'i':
            if (v->kind != BR_INT) return false;
            break;
        case 's':
            if (v->kind != BR_STR || !v->s) return false;
            break;
        case 'S':
            if (v->kind != BR_SET) return false;
            for (int j = 0; j < v->n; j++)
                if (v->v[j].kind != BR_INT) return false;
            break;
        default:
            return false;
        }
    }
    return true;
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* Append an integer set increasing and without repeats, whatever order it came in. */
static void put_int_set(BrBuf *b, const BrVal *set)
{
    long long *e = malloc(((size_t)set->n + 1) * sizeof *e);
    if (!e) abort();
    for (int i = 0; i < set->n; i++) e[i] = set->v[i].i;
    qsort(e, (size_t)set->n, sizeof *e, cmp_ll);
    br_printf(b, "{");
    for (int i = 0, k = 0; i < set->n; i++) {
        if (i > 0 && e[i] == e[i - 1]) continue;
        br_printf(b, "%s%lld", k++ ? ", " : "", e[i]);
    }
    br_printf(b, "}");
    free(e);
}

/* Append name(args) with args[idx] replaced by the integer n (idx < 0: no replacement). */
static void put_pos(BrBuf *b, const char *name, const BrVal *args, int nargs, int idx, long long n)
{
    br_printf(b, "%s(", name);
    for (int i = 0; i < nargs; i++) {
        if (i) br_printf(b, ", ");
        if (i == idx) br_printf(b, "%lld", n);
        else if (args[i].kind == BR_SET) put_int_set(b, &args[i]);
        else br_put_val(b, &args[i]);
    }
    br_printf(b, ")");
}

/* The canonical text: the arguments as written (sets sorted), checked against kinds. */
static bool canon_plain(const char *name, const char *kinds, const BrVal *args, int nargs, BrBuf *out)
{
    if (!args_are(args, nargs, kinds)) return false;
    put_pos(out, name, args, nargs, -1, 0);
    return true;
}

/* Emit a move to name(args with args[idx] := n). */
static void emit_one(BrEmit emit, void *ctx, const char *label, const char *json, const char *name,
                     const BrVal *args, int nargs, int idx, long long n)
{
    BrBuf b;
    br_init(&b);
    put_pos(&b, name, args, nargs, idx, n);
    emit(ctx, label, json, b.s);
    br_free(&b);
}

/* Emit a move to name(args with args[idx] := x) + name(args with args[idx] := y). */
static void emit_two(BrEmit emit, void *ctx, const char *label, const char *json, const char *name,
                     const BrVal *args, int nargs, int idx, long long x, long long y)
{
    BrBuf b;
    br_init(&b);
    put_pos(&b, name, args, nargs, idx, x);
    br_printf(&b, " + ");
    put_pos(&b, name, args, nargs, idx, y);
    emit(ctx, label, json, b.s);
    br_free(&b);
}

/* A heap size for a random position: size 0 tiny (0 included: terminal), size 3 up to hi. */
static int rand_heap(uint64_t *seed, int size, int hi)
{
    switch (size) {
    case 0: return br_range(seed, 0, 3);
    case 1: return br_range(seed, 1, hi < 8 ? hi : 8);
    case 2: return br_range(seed, hi < 6 ? 1 : 6, hi < 18 ? hi : 18);
    default: return br_range(seed, hi * 6 / 10, hi);
    }
}

/* A random set of 1..4 distinct integers in 1..top, written in a random order. */
static void put_rand_set(uint64_t *seed, int top, BrBuf *out)
{
    int count = br_range(seed, 1, 4), have = 0;
    int e[4];
    if (count > top) count = top;
    while (have < count) {
        int x = br_range(seed, 1, top);
        bool dup = false;
        for (int i = 0; i < have; i++) dup |= e[i] == x;
        if (!dup) e[have++] = x;
    }
    br_printf(out, "{");
    for (int i = 0; i < have; i++) br_printf(out, "%s%d", i ? ", " : "", e[i]);
    br_printf(out, "}");
}

/* ---- Heap(n): take any k in 1..n. ----------------------------------------------------------- */

static bool heap_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("Heap", "i", a, na, out); }

static void heap_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (long long k = 1; k <= n; k++) {
        snprintf(js, sizeof js, "{\"k\":%lld}", k);
        emit_one(emit, ctx, "take", js, "Heap", a, na, 0, n - k);
    }
}

static void heap_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "Heap(%d)", rand_heap(seed, size, 40));
}

/* ---- Bash(n, m): take k in 1..m (and k <= n). ------------------------------------------------ */

static bool bash_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("Bash", "ii", a, na, out); }

static void bash_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i, m = a[1].i;
    char js[64];
    for (long long k = 1; k <= m && k <= n; k++) {
        snprintf(js, sizeof js, "{\"k\":%lld}", k);
        emit_one(emit, ctx, "take", js, "Bash", a, na, 0, n - k);
    }
}

static void bash_random(uint64_t *seed, int size, BrBuf *out)
{
    int n = rand_heap(seed, size, 40), m;
    switch (br_range(seed, 0, 5)) {
    case 0: m = n; break;                                   /* equal arguments */
    case 1: m = n + br_range(seed, 1, 3); break;            /* m above the heap */
    case 2: m = size == 0 ? 0 : 1; break;                   /* no move at all / one at a time */
    default: m = br_range(seed, 1, n > 1 ? n : 1); break;
    }
    br_printf(out, "Bash(%d, %d)", n, m);
}

/* ---- TakeRange(n, a, b): take k with a <= k <= b (k >= 1, k <= n). -------------------------- */

static bool takerange_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("TakeRange", "iii", a, na, out); }

static void takerange_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i, lo = a[1].i, hi = a[2].i;
    char js[64];
    for (long long k = lo; k <= hi && k <= n; k++) {
        if (k < 1) continue;
        snprintf(js, sizeof js, "{\"k\":%lld}", k);
        emit_one(emit, ctx, "take", js, "TakeRange", a, na, 0, n - k);
    }
}

static void takerange_random(uint64_t *seed, int size, BrBuf *out)
{
    int n = rand_heap(seed, size, 40);
    int lo = br_range(seed, 1, size == 0 ? 2 : 5);
    int hi = br_range(seed, 0, 3) == 0 ? lo : lo + br_range(seed, 1, 5);
    br_printf(out, "TakeRange(%d, %d, %d)", n, lo, hi);
}

/* ---- Subtract(n, S): take k for some k in S (1 <= k <= n). ---------------------------------- */

static bool subtract_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("Subtract", "iS", a, na, out); }

static void subtract_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (int j = 0; j < a[1].n; j++) {
        long long k = a[1].v[j].i;
        if (k < 1 || k > n) continue;
        snprintf(js, sizeof js, "{\"k\":%lld}", k);
        emit_one(emit, ctx, "take", js, "Subtract", a, na, 0, n - k);
    }
}

static void subtract_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "Subtract(%d, ", rand_heap(seed, size, 40));
    put_rand_set(seed, size == 0 ? 4 : size == 1 ? 6 : 9, out);
    br_printf(out, ")");
}

/* ---- Lasker(n): take any k in 1..n, or split into two non-empty heaps a + (n - a). ----------- */

static bool lasker_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("Lasker", "i", a, na, out); }

static void lasker_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (long long k = 1; k <= n; k++) {
        snprintf(js, sizeof js, "{\"k\":%lld}", k);
        emit_one(emit, ctx, "take", js, "Lasker", a, na, 0, n - k);
    }
    for (long long x = 1; 2 * x <= n; x++) {      /* each split once: x <= n - x */
        snprintf(js, sizeof js, "{\"a\":%lld}", x);
        emit_two(emit, ctx, "split", js, "Lasker", a, na, 0, x, n - x);
    }
}

static void lasker_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "Lasker(%d)", rand_heap(seed, size, 32));
}

/* ---- PrimePowerSubtract(n): take k = p^e tokens, p prime, e >= 0 (1 counts). ---------------- */

static bool is_prime_power(long long k)
{
    if (k == 1) return true;
    if (k < 2) return false;
    long long p = 2;
    while (p * p <= k && k % p) p++;
    if (p * p > k) return true;                  /* k is prime */
    while (k % p == 0) k /= p;
    return k == 1;
}

static bool primepower_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("PrimePowerSubtract", "i", a, na, out); }

static void primepower_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (long long k = 1; k <= n; k++) {
        if (!is_prime_power(k)) continue;
        snprintf(js, sizeof js, "{\"k\":%lld}", k);
        emit_one(emit, ctx, "take", js, "PrimePowerSubtract", a, na, 0, n - k);
    }
}

static void primepower_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "PrimePowerSubtract(%d)", rand_heap(seed, size, 60));
}

/* ---- FibSubtract(n): take a Fibonacci number 1, 2, 3, 5, 8, ... (each once) of tokens. ------- */

static bool fibsub_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("FibSubtract", "i", a, na, out); }

static void fibsub_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (long long f = 1, g = 2; f <= n; ) {
        snprintf(js, sizeof js, "{\"k\":%lld}", f);
        emit_one(emit, ctx, "take", js, "FibSubtract", a, na, 0, n - f);
        long long h = f + g;
        f = g;
        g = h;
    }
}

static void fibsub_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "FibSubtract(%d)", rand_heap(seed, size, 60));
}

/* ---- DigitGame(n): subtract the largest digit of n, or its smallest non-zero digit (two rules,
   "largest" and "smallest", each a move even when they agree); n = 0 is terminal. ------------- */

static bool digit_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("DigitGame", "i", a, na, out); }

static void digit_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    if (n <= 0) return;
    long long hi = 0, lo = 10;
    for (long long x = n; x > 0; x /= 10) {
        long long d = x % 10;
        if (d > hi) hi = d;
        if (d != 0 && d < lo) lo = d;
    }
    emit_one(emit, ctx, "largest", "{}", "DigitGame", a, na, 0, n - hi);
    emit_one(emit, ctx, "smallest", "{}", "DigitGame", a, na, 0, n - lo);
}

static void digit_random(uint64_t *seed, int size, BrBuf *out)
{
    int n;
    switch (size) {
    case 0: n = br_range(seed, 0, 12); break;
    case 1: n = br_range(seed, 10, 60); break;
    case 2: n = br_range(seed, 60, 300); break;
    default: n = br_range(seed, 300, 999); break;
    }
    br_printf(out, "DigitGame(%d)", n);
}

/* ---- Octal(code, n): code "d0.d1d2...dL"; for i >= 1 digit d_i is a sum of 1 (remove i tokens
   when they are the whole heap), 2 (remove i leaving one non-empty heap), 4 (remove i leaving two
   non-empty heaps, each unordered split once); when d0 has the bit 4, a heap may also be split into
   two non-empty heaps without removing anything. Digits past the code are 0. ------------------- */

static bool octal_code_ok(const char *s)
{
    size_t len = strlen(s);
    if (len < 2 || s[1] != '.') return false;
    for (size_t i = 0; i < len; i++)
        if (i != 1 && (s[i] < '0' || s[i] > '7')) return false;
    return true;
}

static int octal_digit(const char *s, long long i)
{
    long long len = (long long)strlen(s);
    if (i == 0) return s[0] - '0';
    return i + 1 < len ? s[i + 1] - '0' : 0;
}

static bool octal_canon(const BrVal *a, int na, BrBuf *out)
{
    if (!args_are(a, na, "si") || !octal_code_ok(a[0].s)) return false;
    put_pos(out, "Octal", a, na, -1, 0);
    return true;
}

static void octal_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    const char *code = a[0].s;
    long long n = a[1].i, L = (long long)strlen(code) - 2;
    char js[64];
    if (n >= 1 && n <= L && (octal_digit(code, n) & 1)) {
        snprintf(js, sizeof js, "{\"i\":%lld}", n);
        emit(ctx, "all", js, "0");
    }
    for (long long i = 1; i <= L && i <= n - 1; i++) {
        if (!(octal_digit(code, i) & 2)) continue;
        snprintf(js, sizeof js, "{\"i\":%lld}", i);
        emit_one(emit, ctx, "one", js, "Octal", a, na, 1, n - i);
    }
    for (long long i = 1; i <= L && i <= n - 2; i++) {
        if (!(octal_digit(code, i) & 4)) continue;
        for (long long x = 1; 2 * x <= n - i; x++) {
            snprintf(js, sizeof js, "{\"i\":%lld,\"a\":%lld}", i, x);
            emit_two(emit, ctx, "two", js, "Octal", a, na, 1, x, n - i - x);
        }
    }
    if (octal_digit(code, 0) & 4) {
        for (long long x = 1; 2 * x <= n; x++) {
            snprintf(js, sizeof js, "{\"a\":%lld}", x);
            emit_two(emit, ctx, "split", js, "Octal", a, na, 1, x, n - x);
        }
    }
}

static void octal_random(uint64_t *seed, int size, BrBuf *out)
{
    static const char *const known[] = { "0.77", "0.07", "0.137", "0.75", "0.6", "4.07", "0.51", "0.16",
                                         "0.34", "0.753", "0.7", "0.1", "0.3", "4.0", "4.3", "0.4",
                                         "0.15", "0.71", "0.007", "0.52", "0.26", "4.7", "0.44" };
    char code[8];
    if (br_range(seed, 0, 1)) {
        snprintf(code, sizeof code, "%s", known[br_range(seed, 0, (int)(sizeof known / sizeof *known) - 1)]);
    } else {
        static const char d0s[] = "000000445123";          /* mostly 0, a 4 (or 5) sometimes */
        int L = br_range(seed, 1, 3), p = 0;
        code[p++] = d0s[br_range(seed, 0, (int)sizeof d0s - 2)];
        code[p++] = '.';
        for (int i = 0; i < L; i++) code[p++] = (char)('0' + br_range(seed, 0, 7));
        code[p] = 0;
    }
    br_printf(out, "Octal(\"%s\", %d)", code, rand_heap(seed, size, 25));
}

/* ---- Kayles(n): knock down one pin or two adjacent pins, leaving rows a and n - k - a
   (each unordered pair once: a <= n - k - a). ------------------------------------------------ */

static bool kayles_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("Kayles", "i", a, na, out); }

static void kayles_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (long long k = 1; k <= 2 && k <= n; k++)
        for (long long x = 0; 2 * x <= n - k; x++) {
            snprintf(js, sizeof js, "{\"k\":%lld,\"a\":%lld}", k, x);
            emit_two(emit, ctx, "knock", js, "Kayles", a, na, 0, x, n - k - x);
        }
}

static void kayles_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "Kayles(%d)", rand_heap(seed, size, 25));
}

/* ---- DawsonKayles(n): knock down exactly two adjacent pins, leaving rows a and n - 2 - a
   (each unordered pair once). --------------------------------------------------------------- */

static bool dawson_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("DawsonKayles", "i", a, na, out); }

static void dawson_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (long long x = 0; n >= 2 && 2 * x <= n - 2; x++) {
        snprintf(js, sizeof js, "{\"a\":%lld}", x);
        emit_two(emit, ctx, "knock", js, "DawsonKayles", a, na, 0, x, n - 2 - x);
    }
}

static void dawson_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "DawsonKayles(%d)", rand_heap(seed, size, 25));
}

/* ---- GrundyGame(n): split a heap into two non-empty heaps of different sizes a < n - a. ------ */

static bool grundygame_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("GrundyGame", "i", a, na, out); }

static void grundygame_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (long long x = 1; 2 * x < n; x++) {
        snprintf(js, sizeof js, "{\"a\":%lld}", x);
        emit_two(emit, ctx, "split", js, "GrundyGame", a, na, 0, x, n - x);
    }
}

static void grundygame_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "GrundyGame(%d)", rand_heap(seed, size, 28));
}

/* ---- SplitEqual(n, F): a heap of n >= F tokens splits into m >= 2 non-empty heaps as equal as
   possible (m <= n): n mod m heaps of n / m + 1 and m - n mod m heaps of n / m. --------------- */

static bool splitequal_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("SplitEqual", "ii", a, na, out); }

static void splitequal_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i, f = a[1].i;
    char js[64];
    if (n < f) return;
    for (long long m = 2; m <= n; m++) {
        long long q = n / m, r = n % m;
        BrBuf b;
        br_init(&b);
        if (r > 0) {
            if (r > 1) br_printf(&b, "%lld * ", r);
            put_pos(&b, "SplitEqual", a, na, 0, q + 1);
            br_printf(&b, " + ");
        }
        if (m - r > 1) br_printf(&b, "%lld * ", m - r);
        put_pos(&b, "SplitEqual", a, na, 0, q);
        snprintf(js, sizeof js, "{\"m\":%lld}", m);
        emit(ctx, "split", js, b.s);
        br_free(&b);
    }
}

static void splitequal_random(uint64_t *seed, int size, BrBuf *out)
{
    int n = size == 0 ? br_range(seed, 0, 4) : rand_heap(seed, size, 60), f;
    switch (br_range(seed, 0, 5)) {
    case 0: f = n; break;                        /* equal arguments: only the start splits */
    case 1: f = n + br_range(seed, 1, 3); break; /* nothing splits */
    case 2: f = 1; break;
    default: f = br_range(seed, 1, n > 2 ? n / 2 + 1 : 2); break;
    }
    br_printf(out, "SplitEqual(%d, %d)", n, f);
}

/* ---- Stripes(len, S): place a stripe of length s in S (1 <= s <= len) at offset a, 0 <= a <=
   len - s (every offset is its own move); the parts a and len - s - a are left. ------------- */

static bool stripes_canon(const BrVal *a, int na, BrBuf *out) { return canon_plain("Stripes", "iS", a, na, out); }

static void stripes_moves(const BrVal *a, int na, BrEmit emit, void *ctx)
{
    long long n = a[0].i;
    char js[64];
    for (int j = 0; j < a[1].n; j++) {
        long long s = a[1].v[j].i;
        if (s < 1 || s > n) continue;
        for (long long x = 0; x <= n - s; x++) {
            snprintf(js, sizeof js, "{\"s\":%lld,\"a\":%lld}", s, x);
            emit_two(emit, ctx, "place", js, "Stripes", a, na, 0, x, n - s - x);
        }
    }
}

static void stripes_random(uint64_t *seed, int size, BrBuf *out)
{
    br_printf(out, "Stripes(%d, ", rand_heap(seed, size, 25));
    put_rand_set(seed, size == 0 ? 3 : 7, out);
    br_printf(out, ")");
}

/* ---- the family ------------------------------------------------------------------------------ */

const BrGame brute_heap_games[] = {
    { "Heap", heap_canon, heap_moves, heap_random },
    { "Bash", bash_canon, bash_moves, bash_random },
    { "TakeRange", takerange_canon, takerange_moves, takerange_random },
    { "Subtract", subtract_canon, subtract_moves, subtract_random },
    { "Lasker", lasker_canon, lasker_moves, lasker_random },
    { "PrimePowerSubtract", primepower_canon, primepower_moves, primepower_random },
    { "FibSubtract", fibsub_canon, fibsub_moves, fibsub_random },
    { "DigitGame", digit_canon, digit_moves, digit_random },
    { "Octal", octal_canon, octal_moves, octal_random },
    { "Kayles", kayles_canon, kayles_moves, kayles_random },
    { "DawsonKayles", dawson_canon, dawson_moves, dawson_random },
    { "GrundyGame", grundygame_canon, grundygame_moves, grundygame_random },
    { "SplitEqual", splitequal_canon, splitequal_moves, splitequal_random },
    { "Stripes", stripes_canon, stripes_moves, stripes_random },
    { NULL, NULL, NULL, NULL },
};
