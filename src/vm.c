/* vm.c: stack interpreter for the bytecode (its loop, the operations, positions and calls);
   checked 64-bit arithmetic, allocation-free move enumeration. Its runtime services: vm_rt.c. */
#include "config.h"
#include "key.h"
#include "vm.h"
#include "graph.h"
#include "listview.h"
#include "bignum.h"
#include "arith.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

Vm *vm_new(Program *p)
{
    Vm *vm = xcalloc(1, sizeof *vm);
    vm->p = p;
    vm->stack = util_reserve(VM_STACK_VALUES * sizeof *vm->stack);
    scratch_init(&vm->scratch, VM_SCRATCH_BYTES);
    return vm;
}

void vm_free(Vm *vm)
{
    if (!vm) return;
    util_unreserve(vm->stack, VM_STACK_VALUES * sizeof *vm->stack);
    xfree(vm->frames);
    xfree(vm->marks);
    xfree(vm->snaps);
    xfree(vm->comp);
    vm_memo_forget(vm);
    vm_kernel_forget(vm);
    scratch_fini(&vm->scratch);
    xfree(vm);
}

static _Noreturn void type_error(Vm *vm, Loc loc, const char *what, const Value *a, const Value *b)
{
    char snip[160];
    diag_snippet(&vm->p->diag, loc, snip, sizeof snip);
    if ((a->t == VT_BIG || (b && b->t == VT_BIG)) && val_is_int(a) && (!b || val_is_int(b)))
        /* integers, but one this place cannot take */
        vm_fail(vm, loc, "%s: an integer beyond the 64-bit range cannot be used here, in '%s'", what, snip);
    if (b)
        vm_fail(vm, loc, "%s: cannot apply to %s and %s in '%s'", what, val_type_an(a->t), val_type_an(b->t), snip);
    vm_fail(vm, loc, "%s, not %s, in '%s'", what, val_type_an(a->t), snip);
}

static inline bool isnum(const Value *v) { return v->t == VT_INT || v->t == VT_BOOL; }

/* ---- integers beyond 64 bits (the slow path) ------------------------------------------------ */

static size_t bits_of(const Value *v)
{
    if (v->t != VT_BIG) return 64;
    return (size_t)v->n * 64;
}

/* a op b (b unused for IR_NEG) for integers of either representation, exactly: the path for an
   operand beyond 64 bits or a 64-bit result that overflowed. Errors are raised before any GMP
   value exists; the GMP values are released if the result's allocation fails. */
static Value big_op(Vm *vm, int op, const Value *a, const Value *b, Loc loc)
{
    size_t ba = bits_of(a), bb = op == IR_NEG ? 0 : bits_of(b);
    int sb = op == IR_NEG ? 0 : b->t == VT_BIG ? (b->strs ? -1 : 1) : (b->u.i > 0) - (b->u.i < 0);
    switch (op) {
    case IR_DIV: case IR_MOD:
        if (sb == 0) {
            char snip[160];
            diag_snippet(&vm->p->diag, loc, snip, sizeof snip);
            vm_fail(vm, loc, "division by zero in '%s'", snip);
        }
        break;
    case IR_POW:
        if (sb < 0) {
            if (b->t != VT_BIG) vm_fail(vm, loc, "negative exponent %lld", (long long)b->u.i);
            vm_fail(vm, loc, "negative exponent (beyond 64 bits) in '**'");
        }
        if (b->t == VT_BIG || (a->t != VT_BIG && a->u.i >= -1 && a->u.i <= 1 ? false : (uint64_t)b->u.i > VM_BIG_BITS))
            vm_too_big(vm, loc);
        if (a->t == VT_BIG && (uint64_t)b->u.i * ba > VM_BIG_BITS) vm_too_big(vm, loc);
        break;
    case IR_SHL: case IR_SHR:
        if (sb < 0) vm_fail(vm, loc, "a shift by a negative amount");
        if (op == IR_SHL && (b->t == VT_BIG || (uint64_t)b->u.i + ba > VM_BIG_BITS)) vm_too_big(vm, loc);
        break;
    case IR_MUL: if (ba + bb > VM_BIG_BITS) vm_too_big(vm, loc); break;
    default: break;
    }
    VmBig *t = vm_big_begin(vm, loc);
    big_get(t->x, a);
    if (op != IR_NEG) big_get(t->y, b);
    switch (op) {
    case IR_ADD: mpz_add(t->r, t->x, t->y); break;
    case IR_SUB: mpz_sub(t->r, t->x, t->y); break;
    case IR_MUL: mpz_mul(t->r, t->x, t->y); break;
    case IR_DIV: mpz_fdiv_q(t->r, t->x, t->y); break;
    case IR_MOD: mpz_fdiv_r(t->r, t->x, t->y); break;
    case IR_POW:
        if (mpz_cmpabs_ui(t->x, 1) <= 0) {   /* 0, 1, -1: any exponent */
            if (!mpz_sgn(t->x)) mpz_set_ui(t->r, mpz_sgn(t->y) == 0);
            else if (mpz_sgn(t->x) > 0 || mpz_even_p(t->y)) mpz_set_ui(t->r, 1);
            else mpz_set_si(t->r, -1);
        } else {
            mpz_pow_ui(t->r, t->x, mpz_get_ui(t->y));
        }
        break;
    case IR_BAND: mpz_and(t->r, t->x, t->y); break;
    case IR_BOR: mpz_ior(t->r, t->x, t->y); break;
    case IR_BXOR: mpz_xor(t->r, t->x, t->y); break;
    case IR_SHL: mpz_mul_2exp(t->r, t->x, mpz_get_ui(t->y)); break;
    case IR_SHR:
        if (mpz_fits_ulong_p(t->y)) mpz_fdiv_q_2exp(t->r, t->x, mpz_get_ui(t->y));
        else mpz_set_si(t->r, mpz_sgn(t->x) < 0 ? -1 : 0);
        break;
    case IR_NEG: mpz_neg(t->r, t->x); break;
    }
    return vm_big_end(vm, t, loc);
}
/* A list element of a list of strings: the string's interned record. */
static int64_t str_elem(Vm *vm, const Value *s) { return (int64_t)(intptr_t)prog_intern(vm->p, s->u.s, s->n); }
/* A list element of a list that holds integers beyond 64 bits: the integer's interned record. */
static int64_t int_elem(Vm *vm, const Value *v) { return (int64_t)(intptr_t)prog_intern_int(vm->p, v); }
/* A list element of a list of lists: the inner list's interned record (value.h: val_list_rec). */
static int64_t list_elem(Vm *vm, const Value *v, Loc loc)
{
    size_t bytes = (1 + (size_t)v->n) * sizeof(int64_t);
    int64_t *w = vm_alloc(vm, bytes, loc);
    w[0] = v->strs;
    if (v->n) memcpy(w + 1, v->u.a, v->n * sizeof *w);
    return (int64_t)(intptr_t)prog_intern(vm->p, (const char *)w, bytes);
}

/* The kind of list whose elements are like v (a big integer makes a list of integers: the
   caller boxes). */
static uint8_t kind_of_elem(const Value *v) { return v->t == VT_STR ? LIST_STRS : v->t == VT_LIST ? LIST_LISTS : LIST_INTS; }
/* Whether v may be an element of a list of that kind (integers of either size together). */
static bool fits_kind(uint8_t kind, const Value *v)
{
    return kind == LIST_STRS ? v->t == VT_STR : kind == LIST_LISTS ? v->t == VT_LIST : val_is_int(v);
}
/* What a list of that kind holds, for messages. */
static const char *kind_name(uint8_t kind) { return kind == LIST_STRS ? "strings" : kind == LIST_LISTS ? "lists" : "integers"; }
static const char *const mixed_kinds = "a list holds integers, strings or lists, not a mix of them";

/* The n integers at d as records (a list that now holds an integer beyond 64 bits), in place. */
static void box_ints(Vm *vm, int64_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        Value x = val_int(d[i]);
        d[i] = int_elem(vm, &x);
    }
}

/* The kind of a list of records after elements changed: back to plain integers in place when
   none is beyond 64 bits any more (a list has one representation). */
static uint8_t settle_bigs(int64_t *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (((const int64_t *)(const void *)((const StrRec *)(intptr_t)d[i])->s)[0] != 0) return LIST_BIGS;
    for (size_t i = 0; i < n; i++) d[i] = ((const int64_t *)(const void *)((const StrRec *)(intptr_t)d[i])->s)[1];
    return LIST_INTS;
}

static int cmp_rec(const void *a, const void *b)
{
    Value x = val_int_words((const int64_t *)(const void *)((const StrRec *)(intptr_t)*(const int64_t *)a)->s);
    Value y = val_int_words((const int64_t *)(const void *)((const StrRec *)(intptr_t)*(const int64_t *)b)->s);
    return big_cmp(&x, &y);
}

/* G - v (a vertex) or G - L (a list or set of vertices): the graph without them and their edges. */
static Value graph_minus(Vm *vm, const Value *gv, const Value *x, Loc loc)
{
    const Graph *g = gv->u.g;
    bool *drop = vm_alloc(vm, ((size_t)g->n + 1) * sizeof *drop, loc);
    memset(drop, 0, ((size_t)g->n + 1) * sizeof *drop);
    uint32_t n = x->t == VT_LIST || x->t == VT_SET ? x->n : 1;
    for (uint32_t i = 0; i < n; i++) {
        Value v = x->t == VT_LIST || x->t == VT_SET ? val_elem(x, i) : *x;
        int64_t k = graph_vertex(g, &v);
        if (k < 0) {
            if (v.t != VT_INT && v.t != VT_STR) type_error(vm, loc, "'-' removes vertices (integers or strings) from a graph", &v, NULL);
            StrBuf b;
            sb_init(&b);
            val_print(&b, &v);
            char text[128];
            snprintf(text, sizeof text, "%s", b.s ? b.s : "");
            sb_fini(&b);
            vm_fail(vm, loc, "%s is not a vertex of the graph", text);
        }
        drop[k] = true;
    }
    vm_charge_copy(vm, (uint64_t)g->n + g->m, loc);
    Value r = { .t = VT_GRAPH };
    r.u.g = graph_without(vm->p, g, drop);
    return r;
}

static inline bool is_pos_like(const Value *v) { return v->t == VT_POS || (isnum(v) && v->u.i == 0); }

static Value mkpos(Vm *vm, uint32_t n, Loc loc)
{
    return val_pos(vm_alloc(vm, (n ? n : 1) * sizeof(int64_t *), loc), NULL, n);
}

/* key with its game id changed to g (a copy in scratch memory). */
static const int64_t *key_as_game(Vm *vm, const int64_t *key, int g, Loc loc)
{
    size_t len = KEY_LEN(key);
    int64_t *k = vm_alloc(vm, len * sizeof *k, loc);
    memcpy(k, key, len * sizeof *k);
    k[0] = (int64_t)(((uint64_t)k[0] & ~(uint64_t)0xffffffffu) | (uint32_t)g);
    return k;
}

Value vm_negate(Vm *vm, Value a, Loc loc)
{
    if (a.t != VT_POS) return a;
    const Game *games = vm->p->code.games;
    uint32_t i = 0;
    while (i < a.n && games[KEY_GAME(a.u.pos.keys[i])].neg < 0) i++;
    if (i == a.n) return a;   /* impartial: its own negative */
    Value v = mkpos(vm, a.n, loc);
    const int64_t **d = (const int64_t **)v.u.pos.keys;
    for (i = 0; i < a.n; i++) {
        const int64_t *k = a.u.pos.keys[i];
        int neg = games[KEY_GAME(k)].neg;
        d[i] = neg < 0 ? k : key_as_game(vm, k, neg, loc);
    }
    v.u.pos.cnt = a.u.pos.cnt;
    v.strs = a.strs;
    return v;
}

/* The count words of a position's parts, written into c (n of them). */
static void counts_of(const Value *v, uint64_t *c)
{
    for (uint32_t i = 0; i < v->n; i++) c[i] = val_count_raw(v, i);   /* a compound's groups kept */
}

static size_t pow2_at_least(size_t n)
{
    size_t c = 1;
    while (c < n) c *= 2;
    return c;
}

/* Positions of different play modes cannot be added: misere(A) + B could mean two things. */
static void same_mode(Vm *vm, const Value *a, const Value *b, Loc loc)
{
    unsigned ma = a->t == VT_POS ? a->strs : 0, mb = b->t == VT_POS ? b->strs : 0;
    if (ma == mb) return;
    StrBuf x, y;
    sb_init(&x);
    sb_init(&y);
    key_mode_open(&x, ma ? ma : mb);
    key_mode_close(&y, ma ? ma : mb);
    char o[64], c[16];
    snprintf(o, sizeof o, "%s", x.s ? x.s : "");
    snprintf(c, sizeof c, "%s", y.s ? y.s : "");
    sb_fini(&x);
    sb_fini(&y);
    vm_fail(vm, loc, "cannot add positions of different play modes (%s...%s and %s): to play the whole sum that way "
            "write %sA + B%s", o, c, ma && mb ? "another mode" : "normal play", o, c);
}

Value vm_add(Vm *vm, Value a, Value b, Loc loc)
{
    if (isnum(&a) && isnum(&b)) {
        int64_t r;
        if (__builtin_add_overflow(a.u.i, b.u.i, &r)) return big_op(vm, IR_ADD, &a, &b, loc);
        return val_int(r);
    }
    if (val_is_int(&a) && val_is_int(&b)) return big_op(vm, IR_ADD, &a, &b, loc);
    if (a.t == VT_POS && b.t == VT_POS) {
        same_mode(vm, &a, &b, loc);
        if (a.n == 0) return b;
        if (b.n == 0) return a;
        if ((uint64_t)a.n + b.n > UINT32_MAX) vm_fail(vm, loc, "a sum of more than 2^32 components");
        uint32_t n = a.n + b.n;
        const int64_t **d = vm_alloc(vm, n * sizeof *d, loc);
        memcpy(d, a.u.pos.keys, a.n * sizeof *d);
        memcpy(d + a.n, b.u.pos.keys, b.n * sizeof *d);
        uint64_t *c = NULL;
        if (a.u.pos.cnt || b.u.pos.cnt) {
            c = vm_alloc(vm, n * sizeof *c, loc);
            counts_of(&a, c);
            counts_of(&b, c + a.n);
        }
        /* (built as words: a field set after the value was made stalls the copy that returns it) */
        return val_words(val_head(VT_POS, a.strs, n), (uint64_t)(uintptr_t)d, (uint64_t)(uintptr_t)c);
    }
    if (a.t == VT_POS && isnum(&b) && b.u.i == 0) return a;
    if (b.t == VT_POS && isnum(&a) && a.u.i == 0) return b;
    if (a.t == VT_STR && b.t == VT_STR) {
        Value v = { .t = VT_STR, .n = a.n + b.n };
        char *d = vm_alloc(vm, v.n + 1, loc);
        memcpy(d, a.u.s, a.n);
        memcpy(d + a.n, b.u.s, b.n);
        v.u.s = d;
        return v;
    }
    if (a.t == VT_LIST && b.t == VT_LIST) {
        bool ints_a = a.strs == LIST_INTS || a.strs == LIST_BIGS, ints_b = b.strs == LIST_INTS || b.strs == LIST_BIGS;
        if (a.n && b.n && (ints_a != ints_b || (!ints_a && a.strs != b.strs)))
            vm_fail(vm, loc, "cannot join a list of %s and a list of %s", kind_name(a.strs), kind_name(b.strs));
        uint8_t kind = (uint8_t)(a.strs > b.strs ? a.strs : b.strs);   /* LIST_BIGS wins over LIST_INTS */
        if (!a.n || !b.n) kind = a.n ? a.strs : b.strs;
        Value v = { .t = VT_LIST, .n = a.n + b.n, .strs = kind };
        int64_t *d = vm_alloc(vm, (v.n + 1) * sizeof *d, loc);
        if (a.n) memcpy(d, a.u.a, a.n * sizeof *d);
        if (b.n) memcpy(d + a.n, b.u.a, b.n * sizeof *d);
        if (kind == LIST_BIGS && a.strs != LIST_BIGS) box_ints(vm, d, a.n);
        if (kind == LIST_BIGS && b.strs != LIST_BIGS) box_ints(vm, d + a.n, b.n);
        v.u.a = d;
        return v;
    }
    type_error(vm, loc, "'+' adds integers, positions, lists or strings", &a, &b);
}

static Value mul(Vm *vm, Value a, Value b, Loc loc)
{
    if (isnum(&a) && isnum(&b)) {
        int64_t r;
        if (__builtin_mul_overflow(a.u.i, b.u.i, &r)) return big_op(vm, IR_MUL, &a, &b, loc);
        return val_int(r);
    }
    if (val_is_int(&a) && val_is_int(&b)) return big_op(vm, IR_MUL, &a, &b, loc);
    if (b.t == VT_POS && val_is_int(&a)) { Value t = a; a = b; b = t; }
    if (a.t == VT_POS && b.t == VT_BIG) {
        if (b.strs) vm_fail(vm, loc, "cannot take a negative number of copies of a position");
        vm_fail_limit(vm, loc, "too many copies in k * A (a count is at most 2^64 - 1)");
    }
    if (a.t == VT_POS && isnum(&b)) {   /* k copies: the same components, their counts times k */
        if (b.u.i < 0) vm_fail(vm, loc, "cannot take %lld copies of a position", (long long)b.u.i);
        if (b.u.i == 0 || a.n == 0) {
            Value z = mkpos(vm, 0, loc);
            z.strs = a.strs;
            return z;
        }
        if (b.u.i == 1) return a;
        if (val_grouped(&a))
            vm_fail(vm, loc, "k * X of a compound with a component that is a sum: write its components out");
        uint64_t *c = vm_alloc(vm, a.n * sizeof *c, loc);
        for (uint32_t i = 0; i < a.n; i++)
            if (__builtin_mul_overflow(val_count(&a, i), (uint64_t)b.u.i, &c[i]))
                vm_fail_limit(vm, loc, "too many copies in k * A (a count is at most 2^64 - 1)");
        Value r = val_pos(a.u.pos.keys, c, a.n);
        r.strs = a.strs;
        return r;
    }
    type_error(vm, loc, "'*' multiplies integers, or a count and a position", &a, &b);
}

/* a op b in 64 bits; false when the result does not fit (the caller takes the exact path). Errors
   that do not depend on the size (division by zero, a negative exponent or shift) are raised here. */
static bool arith(Vm *vm, int op, int64_t a, int64_t b, int64_t *out, Loc loc)
{
    ArithStatus st;
    switch (op) {
    case IR_SUB: st = arith_sub(a, b, out); break;
    case IR_DIV: case IR_MOD: st = arith_divmod(a, b, op == IR_MOD, out); break;
    case IR_POW: st = arith_pow(a, b, out); break;
    case IR_BAND: *out = a & b; return true;
    case IR_BOR: *out = a | b; return true;
    case IR_BXOR: *out = a ^ b; return true;
    case IR_SHL: st = arith_shl(a, b, out); break;
    case IR_SHR: st = arith_shr(a, b, out); break;
    default: return false;
    }
    switch (st) {
    case ARITH_OK: return true;
    case ARITH_OVERFLOW: return false;   /* the exact result, in GMP */
    case ARITH_DIV_ZERO: {
        char snip[160];
        diag_snippet(&vm->p->diag, loc, snip, sizeof snip);
        vm_fail(vm, loc, "%s in '%s'", arith_message(st), snip);
    }
    case ARITH_NEG_EXPONENT: vm_fail(vm, loc, "%s %lld", arith_message(st), (long long)b);
    case ARITH_NEG_SHIFT: vm_fail(vm, loc, "%s", arith_message(st));
    }
    return false;
}

static int cmp_vals(Vm *vm, const Value *a, const Value *b, Loc loc)
{
    if (isnum(a) && isnum(b)) return (a->u.i > b->u.i) - (a->u.i < b->u.i);
    if (val_is_int(a) && val_is_int(b)) return big_cmp(a, b);
    if (a->t == VT_STR && b->t == VT_STR) {
        size_t n = a->n < b->n ? a->n : b->n;
        int c = memcmp(a->u.s, b->u.s, n);
        if (c) return c < 0 ? -1 : 1;
        return (a->n > b->n) - (a->n < b->n);
    }
    type_error(vm, loc, "comparison needs two integers or two strings", a, b);
}

static bool truth(Vm *vm, const Value *v, Loc loc)
{
    if (isnum(v)) return v->u.i != 0;
    if (v->t == VT_BIG) return true;   /* never zero */
    type_error(vm, loc, "a condition must be true or false", v, NULL);
}

static bool member(Vm *vm, const Value *x, const Value *s, Loc loc)
{
    if (s->t == VT_STR) {
        if (x->t != VT_STR) type_error(vm, loc, "'in' on a string needs a string on the left", x, NULL);
        if (x->n == 0) return true;
        for (uint32_t i = 0; i + x->n <= s->n; i++)
            if (!memcmp(s->u.s + i, x->u.s, x->n)) return true;
        return false;
    }
    if (s->t == VT_LIST && s->strs == LIST_LISTS) {
        if (x->t != VT_LIST) type_error(vm, loc, "'in' on a list of lists needs a list on the left", x, NULL);
        int64_t r = list_elem(vm, x, loc);
        for (uint32_t i = 0; i < s->n; i++)
            if (s->u.a[i] == r) return true;
        return false;
    }
    if (s->t == VT_LIST && s->strs == LIST_STRS) {
        if (x->t != VT_STR) type_error(vm, loc, "'in' on a list of strings needs a string on the left", x, NULL);
        const StrRec *r = prog_intern(vm->p, x->u.s, x->n);
        for (uint32_t i = 0; i < s->n; i++)
            if (s->u.a[i] == (int64_t)(intptr_t)r) return true;
        return false;
    }
    if (!val_is_int(x)) type_error(vm, loc, "'in' needs an integer on the left", x, NULL);
    if ((s->t == VT_LIST || s->t == VT_SET) && (x->t == VT_BIG || s->strs == LIST_BIGS)) {
        if (s->strs != LIST_BIGS) return false;   /* no element is beyond 64 bits */
        int64_t r = int_elem(vm, x);
        for (uint32_t i = 0; i < s->n; i++)
            if (s->u.a[i] == r) return true;
        return false;
    }
    if (s->t == VT_RANGE && (x->t == VT_BIG || s->strs)) {   /* an end beyond 64 bits */
        Value top = val_range_top(s), lo = val_int(s->u.r.lo);
        return big_cmp(x, &lo) >= 0 && big_cmp(x, &top) <= 0;
    }
    if (x->t == VT_BIG) type_error(vm, loc, "'in' needs a list, set, range or string on the right", s, NULL);
    int64_t k = x->u.i;
    switch (s->t) {
    case VT_RANGE: return k >= s->u.r.lo && k <= s->u.r.hi;
    case VT_LIST:
        for (uint32_t i = 0; i < s->n; i++)
            if (s->u.a[i] == k) return true;
        return false;
    case VT_SET: {
        uint32_t lo = 0, hi = s->n;
        while (lo < hi) {
            uint32_t mid = (lo + hi) / 2;
            if (s->u.a[mid] < k) lo = mid + 1; else hi = mid;
        }
        return lo < s->n && s->u.a[lo] == k;
    }
    default: type_error(vm, loc, "'in' needs a list, set, range or string on the right", s, NULL);
    }
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}


static Value make_list(Vm *vm, Value *elems, size_t n, bool set, Loc loc)
{
    vm_charge(vm, n, loc);
    int64_t *d = vm_alloc(vm, (n + 1) * sizeof *d, loc);
    uint8_t kind = !set && n > 0 ? kind_of_elem(&elems[0]) : LIST_INTS;
    bool big = false;
    for (size_t i = 0; i < n; i++) {
        if (kind != LIST_INTS) {
            if (!fits_kind(kind, &elems[i])) vm_fail(vm, loc, "%s", mixed_kinds);
            d[i] = kind == LIST_STRS ? str_elem(vm, &elems[i]) : list_elem(vm, &elems[i], loc);
            continue;
        }
        if (!set && (elems[i].t == VT_STR || elems[i].t == VT_LIST)) vm_fail(vm, loc, "%s", mixed_kinds);
        if (!val_is_int(&elems[i]))
            type_error(vm, loc, set ? "set elements must be integers" : "list elements must be integers, strings or lists",
                       &elems[i], NULL);
        big |= elems[i].t == VT_BIG;
    }
    if (kind != LIST_INTS) {
        return val_list(VT_LIST, kind, d, (uint32_t)n);
    }
    for (size_t i = 0; i < n; i++) d[i] = big ? int_elem(vm, &elems[i]) : elems[i].u.i;
    if (set && n > 1) {
        qsort(d, n, sizeof *d, big ? cmp_rec : cmp64);
        size_t m = 1;
        for (size_t i = 1; i < n; i++)
            if (d[i] != d[m - 1]) d[m++] = d[i];   /* records are interned: equal values, equal words */
        n = m;
    }
    return val_list(set ? VT_SET : VT_LIST, big ? LIST_BIGS : LIST_INTS, d, (uint32_t)n);
}

/* Whether set s holds the element word w (records of big integers are interned: equal values,
   equal words; a set of plain integers is sorted). */
static bool set_has(const Value *s, int64_t w)
{
    if (s->strs == LIST_INTS) {
        size_t lo = 0, hi = s->n;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (s->u.a[mid] < w) lo = mid + 1;
            else hi = mid;
        }
        return lo < s->n && s->u.a[lo] == w;
    }
    for (uint32_t i = 0; i < s->n; i++)
        if (s->u.a[i] == w) return true;
    return false;
}

/* a | b (union), a & b (intersection), a - b (difference) of two sets. */
static Value set_op(Vm *vm, int op, const Value *a, const Value *b, Loc loc)
{
    size_t n = op == IR_BOR ? (size_t)a->n + b->n : a->n;
    Value *e = vm_alloc(vm, (n ? n : 1) * sizeof *e, loc);
    size_t k = 0;
    bool same_kind = a->strs == b->strs;   /* elements as words alike (a set with a big integer boxes them all) */
    for (uint32_t i = 0; i < a->n; i++) {
        bool in_b = false;
        if (same_kind) {
            in_b = set_has(b, a->u.a[i]);
        } else {
            Value x = val_elem(a, i);
            for (uint32_t j = 0; j < b->n && !in_b; j++) {
                Value y = val_elem(b, j);
                in_b = big_cmp(&x, &y) == 0;
            }
        }
        if (op == IR_BOR || (op == IR_BAND) == in_b) e[k++] = val_elem(a, i);
    }
    if (op == IR_BOR)
        for (uint32_t i = 0; i < b->n; i++) e[k++] = val_elem(b, i);
    return make_list(vm, e, k, true, loc);
}

static int64_t range_size(const Value *r)
{
    if (r->u.r.lo > val_range_hi(r)) return 0;
    uint64_t d = (uint64_t)val_range_hi(r) - (uint64_t)r->u.r.lo;
    return d >= (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)d + 1;
}

/* ---- positions ---------------------------------------------------------- */

/* Whether a list argument goes into a key as a view (listview.h): long lists of integers. */
static inline bool is_view(const Value *v) { return v->t == VT_LIST && v->strs == LIST_INTS && v->n >= LVIEW_MIN; }

static size_t arg_words(const Value *v)
{
    switch (v->t) {
    case VT_STR: return 1 + (v->n + 7) / 8;
    case VT_BIG: return 1 + v->n;
    case VT_GRAPH: return 2;
    case VT_LIST: return is_view(v) ? 2 : 1 + v->n;
    case VT_SET: return 1 + v->n;
    default: return 1;
    }
}

static Value make_pos_packed(Vm *vm, int g, const Value *args, const Value *packed, Loc loc);

Value vm_make_pos(Vm *vm, int g, const Value *args, int nargs, Loc loc)
{
    const Game *G = &vm->p->code.games[g];
    if (!G->variadic && nargs == G->nparams) {   /* fast path: integer arguments only */
        int i = 0;
        while (i < nargs && (args[i].t == VT_INT || args[i].t == VT_BOOL)) i++;
        if (i == nargs) {
            size_t words = 2 + (size_t)nargs;
            int64_t *k = vm_alloc(vm, (words + 1) * sizeof *k, loc);
            k[0] = (int64_t)((uint64_t)(uint32_t)g | ((uint64_t)words << 32));
            k[1] = 0;
            for (i = 0; i < nargs; i++) k[2 + i] = args[i].u.i;
            const int64_t **ptr = (const int64_t **)(k + words);
            *ptr = k;
            return val_pos(ptr, NULL, 1);
        }
    }
    int fixed = G->variadic ? G->nparams - 1 : G->nparams;
    if ((!G->variadic && nargs != fixed) || nargs < fixed)
        vm_fail(vm, loc, "game '%s' takes %s%d argument%s, but %d %s given", G->name, G->variadic ? "at least " : "",
                fixed, fixed == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
    Value packed;
    if (G->variadic) packed = make_list(vm, (Value *)(args + fixed), (size_t)(nargs - fixed), false, loc);
    return make_pos_packed(vm, g, args, G->variadic ? &packed : NULL, loc);
}

/* A position of game g from its fixed arguments and, for a variadic game, the list of the rest
   (as make_list builds it). */
static Value make_pos_packed(Vm *vm, int g, const Value *args, const Value *packed, Loc loc)
{
    const Game *G = &vm->p->code.games[g];
    int fixed = G->variadic ? G->nparams - 1 : G->nparams;
    int np = G->nparams;
    size_t words = 2;
    for (int i = 0; i < fixed; i++) {
        const Value *a = &args[i];
        if (a->t == VT_POS || a->t == VT_RANGE || a->t == VT_NONE)
            vm_fail(vm, loc, "argument %d of '%s' is a %s; positions take integers, lists, sets, strings and graphs", i + 1,
                    G->name, val_type_name(a->t));
        words += arg_words(a);
    }
    /* the list a canon the store applies sorts stays written out (Game.tail_inline): a move's raw
       key is sorted in scratch and dropped, where as a view each raw order would be a row kept for
       the program's life (a row of 60 threes: 24 MB -> 1.9 GB); the rule is the game's, fixed when
       it is compiled, so its keys still depend on their content only */
    bool inline_tail = G->tail_inline;
    if (G->variadic) words += inline_tail ? 1 + packed->n : arg_words(packed);
    int64_t *k = vm_alloc(vm, words * sizeof *k, loc);
    k[0] = (int64_t)((uint64_t)(uint32_t)g | ((uint64_t)words << 32));
    uint64_t sig = 0;
    size_t w = 2;
    for (int i = 0; i < np; i++) {
        const Value *a = (G->variadic && i == np - 1) ? packed : &args[i];
        switch (a->t) {
        case VT_INT: case VT_BOOL: k[w++] = a->u.i; break;
        case VT_LIST: case VT_SET:
            sig |= (uint64_t)(a->t == VT_LIST ? POS_ARG_LIST : POS_ARG_SET) << (2 * i);
            if (is_view(a) && !(inline_tail && i == np - 1)) {
                k[w++] = (int64_t)((uint64_t)a->n | KEY_VIEW_BIT);
                k[w++] = (int64_t)lview_intern(vm->p, a->u.a, a->n, a->u.l.base, loc);
                break;
            }
            k[w++] = (int64_t)((uint64_t)a->n | (a->strs == LIST_STRS || a->strs == LIST_LISTS ? KEY_STRS_BIT : 0) |
                               (a->strs == LIST_BIGS || a->strs == LIST_LISTS ? KEY_BIG_BIT : 0));
            if (a->n) memcpy(k + w, a->u.a, a->n * sizeof *k);
            w += a->n;
            break;
        case VT_GRAPH:
            sig |= (uint64_t)POS_ARG_STR << (2 * i);
            k[w++] = (int64_t)(KEY_GRAPH_BIT | 1);
            k[w++] = (int64_t)a->u.g->id;
            break;
        case VT_BIG:
            sig |= (uint64_t)POS_ARG_STR << (2 * i);
            k[w++] = (int64_t)((uint64_t)a->n | KEY_BIG_BIT | (a->strs ? KEY_NEG_BIT : 0));
            memcpy(k + w, a->u.a, a->n * sizeof *k);
            w += a->n;
            break;
        case VT_STR: {
            sig |= (uint64_t)POS_ARG_STR << (2 * i);
            k[w++] = a->n;
            size_t nw = (a->n + 7) / 8;
            memset(k + w, 0, nw * sizeof *k);
            memcpy(k + w, a->u.s, a->n);
            w += nw;
            break;
        }
        default: break;
        }
    }
    k[1] = (int64_t)sig;
    Value v = mkpos(vm, 1, loc);
    ((const int64_t **)v.u.pos.keys)[0] = k;
    return v;
}

/* A move of the game whose moves f yields (rule tag) led to v, not a position: an error at the
   rule's result, naming the rule. */
static _Noreturn void bad_move(Vm *vm, const Func *f, int tag, const Value *v, Loc loc)
{
    const Program *P = vm->p;
    for (size_t g = 0; g < P->code.ngames; g++) {
        const Game *gm = &P->code.games[g];
        if (&P->code.fns[gm->moves_fn] != f) continue;
        const char *rule = tag >= 0 && tag < gm->nmove_names ? gm->move_names[tag] : NULL;
        if (rule)
            vm_fail(vm, loc, "move '%s' of %s must lead to a position (or 0 for nothing left), but it gives %s", rule,
                    gm->name, val_type_an(v->t));
        vm_fail(vm, loc, "a move of %s must lead to a position (or 0 for nothing left), but it gives %s", gm->name,
                val_type_an(v->t));
    }
    vm_fail(vm, loc, "a move must lead to a position (or 0 for nothing left), but it gives %s", val_type_an(v->t));
}

/* ---- the interpreter ---------------------------------------------------- */

static void push_frame(Vm *vm, int fn, size_t pc, size_t base)
{
    VmFrame fr = { fn, pc, base, NULL, 0, 0, 0, false };
    VEC_PUSH(vm->frames, vm->nframes, vm->capframes, fr);
}

/* Set up fn's frame at base (arguments already in place, nargs of them). Returns the new sp. */
static size_t enter(Vm *vm, int fn, size_t base, int nargs, Loc loc)
{
    if (vm->fuel && --vm->fuel == 0) prog_fail(vm->p, PROG_BUDGET, loc, "out of fuel");
    prog_poll(vm->p, loc);   /* a call is a step (a recursion without loops is bounded too) */
    const Func *f = &vm->p->code.fns[fn];
    if (f->variadic) {
        int fixed = f->nparams - 1;
        if (nargs < fixed) vm_fail(vm, loc, "'%s' takes at least %d arguments, but %d were given", f->name, fixed, nargs);
        Value l = make_list(vm, vm->stack + base + fixed, (size_t)(nargs - fixed), false, loc);
        vm->stack[base + (size_t)fixed] = l;
        nargs = f->nparams;
    } else if (nargs != f->nparams) {
        vm_fail(vm, loc, "'%s' takes %d argument%s, but %d %s given", f->name, f->nparams, f->nparams == 1 ? "" : "s",
                nargs, nargs == 1 ? "was" : "were");
    }
    if (base + (size_t)f->nlocals + (size_t)f->maxstack + 64 > VM_STACK_VALUES || vm->nframes >= VM_MAX_CALLS) {
        char msg[200];
        snprintf(msg, sizeof msg, "recursion too deep in '%s' (the limit is %d nested calls)", f->name, VM_MAX_CALLS);
        vm_fail_limit(vm, loc, msg);
    }
    for (int i = nargs; i < f->nlocals; i++) vm->stack[base + (size_t)i].t = VT_NONE;
    return base + (size_t)f->nlocals;
}

static Value run(Vm *vm, int fn0, size_t base0, VmYield yield, void *ctx)
{
    Program *P = vm->p;
    size_t entry = vm->nframes;
    int fn = fn0;
    const Func *f = &P->code.fns[fn];
    const int64_t *code = f->code;
    size_t base = base0, pc = 0;
    Value *st = vm->stack;
    size_t sp = vm->sp;
#define LOC (f->locs[pc0])
#define TOP st[sp - 1]
    for (;;) {
        size_t pc0 = pc;
        int64_t op = code[pc++];
        switch (op) {
        case IR_INT: st[sp++] = val_int(code[pc++]); break;
        case IR_BOOL: st[sp++] = val_bool((int)code[pc++]); break;
        case IR_KONST: st[sp++] = f->consts[code[pc++]]; break;
        case IR_GLOBAL: {
            int64_t id = code[pc++];
            if (!P->code.const_ready[id]) {
                for (size_t i = 0; i < P->code.nsyms; i++)
                    if (P->code.syms[i].kind == SYM_CONST && P->code.syms[i].id == id)
                        vm_fail(vm, LOC, "constant '%s' is used before its value is known", P->code.syms[i].name);
                vm_fail(vm, LOC, "constant used before its value is known");
            }
            st[sp++] = P->code.consts[id];
            break;
        }
        case IR_LOAD:
        op_load:   /* also a superinstruction's way back to its sequence (pc: its first operand) */
            st[sp++] = st[base + (size_t)code[pc++]];
            break;
        case IR_LL:
            st[sp++] = st[base + (size_t)code[pc]];
            st[sp++] = st[base + (size_t)code[pc + 2]];
            pc += 3;
            break;
        case IR_LLIDX: {
            const Value *a = &st[base + (size_t)code[pc]], *i = &st[base + (size_t)code[pc + 2]];
            if (a->t != VT_LIST || i->t != VT_INT || (uint64_t)i->u.i >= a->n) goto op_load;
            st[sp] = val_elem(a, (uint32_t)i->u.i);
            sp++;
            pc += 4;
            break;
        }
        case IR_LLARITH: case IR_LKARITH: {
            const Value *a = &st[base + (size_t)code[pc]];
            int64_t b;
            if (op == IR_LLARITH) {
                const Value *y = &st[base + (size_t)code[pc + 2]];
                if (y->t != VT_INT) goto op_load;
                b = y->u.i;
            } else {
                b = code[pc + 2];
            }
            int64_t r;
            if (a->t != VT_INT || (code[pc + 3] == IR_ADD ? __builtin_add_overflow(a->u.i, b, &r)
                                                           : __builtin_sub_overflow(a->u.i, b, &r)))
                goto op_load;
            st[sp++] = val_int(r);
            pc += 4;
            break;
        }
        case IR_LLCMP: case IR_LKCMP: case IR_LLCMPJ: case IR_LKCMPJ: {
            const Value *a = &st[base + (size_t)code[pc]];
            int64_t b;
            if (op == IR_LLCMP || op == IR_LLCMPJ) {
                const Value *y = &st[base + (size_t)code[pc + 2]];
                if (y->t != VT_INT) goto op_load;
                b = y->u.i;
            } else {
                b = code[pc + 2];
            }
            if (a->t != VT_INT) goto op_load;
            int64_t x = a->u.i;
            bool r;
            switch (code[pc + 3]) {
            case IR_EQ: r = x == b; break;
            case IR_NE: r = x != b; break;
            case IR_LT: r = x < b; break;
            case IR_LE: r = x <= b; break;
            case IR_GT: r = x > b; break;
            default: r = x >= b; break;
            }
            if (op == IR_LLCMPJ || op == IR_LKCMPJ) {   /* the JF after the comparison */
                pc = r ? pc + 6 : (size_t)code[pc + 5];
                break;
            }
            st[sp++] = val_bool(r);
            pc += 4;
            if (code[pc] == IR_TRUTH) pc++;   /* a truth value already */
            break;
        }
        case IR_STORE: st[base + (size_t)code[pc++]] = st[--sp]; break;
        case IR_ADD:
            if (st[sp - 2].t == VT_INT && TOP.t == VT_INT) {
                int64_t r;
                if (!__builtin_add_overflow(st[sp - 2].u.i, TOP.u.i, &r)) st[sp - 2].u.i = r;
                else { vm->sp = sp; st[sp - 2] = big_op(vm, IR_ADD, &st[sp - 2], &TOP, LOC); }
            } else {
                vm->sp = sp;
                st[sp - 2] = vm_add(vm, st[sp - 2], TOP, LOC);
            }
            sp--;
            break;
        case IR_SUB: case IR_DIV: case IR_MOD: case IR_POW: case IR_BAND: case IR_BOR: case IR_BXOR:
        case IR_SHL: case IR_SHR:
            if ((op == IR_SUB || op == IR_BAND || op == IR_BOR) && st[sp - 2].t == VT_SET && TOP.t == VT_SET) {
                vm->sp = sp;
                st[sp - 2] = set_op(vm, (int)op, &st[sp - 2], &TOP, LOC);
                sp--;
                break;
            }
            if (op == IR_SUB && TOP.t == VT_POS && (st[sp - 2].t == VT_POS || (isnum(&st[sp - 2]) && st[sp - 2].u.i == 0))) {
                vm->sp = sp;   /* A - B: A + (-B) */
                st[sp - 2] = vm_add(vm, st[sp - 2], vm_negate(vm, TOP, LOC), LOC);
                sp--;
                break;
            }
            if (op == IR_SUB && st[sp - 2].t == VT_POS && isnum(&TOP) && TOP.u.i == 0) {
                sp--;   /* A - 0 */
                break;
            }
            if (op == IR_SUB && st[sp - 2].t == VT_GRAPH) {
                vm->sp = sp;
                st[sp - 2] = graph_minus(vm, &st[sp - 2], &TOP, LOC);
                sp--;
                break;
            }
            if (!isnum(&st[sp - 2]) || !isnum(&TOP)) {
                if (val_is_int(&st[sp - 2]) && val_is_int(&TOP)) {
                    vm->sp = sp;
                    st[sp - 2] = big_op(vm, (int)op, &st[sp - 2], &TOP, LOC);
                    sp--;
                    break;
                }
                static const char *names[] = { [IR_SUB] = "'-'", [IR_DIV] = "'/'", [IR_MOD] = "'%'", [IR_POW] = "'**'",
                    [IR_BAND] = "'&'", [IR_BOR] = "'|'", [IR_BXOR] = "'^'", [IR_SHL] = "'<<'", [IR_SHR] = "'>>'" };
                char what[80];
                if (op == IR_SUB && (st[sp - 2].t == VT_POS || TOP.t == VT_POS))
                    snprintf(what, sizeof what, "'-' subtracts a position from a position (or 0), or integers");
                else
                    snprintf(what, sizeof what, "%s needs integers", names[op]);
                type_error(vm, LOC, what, &st[sp - 2], &TOP);
            } else {
                int64_t r;
                if (arith(vm, (int)op, st[sp - 2].u.i, TOP.u.i, &r, LOC)) {
                    st[sp - 2] = val_int(r);
                } else {
                    vm->sp = sp;
                    st[sp - 2] = big_op(vm, (int)op, &st[sp - 2], &TOP, LOC);
                }
            }
            sp--;
            break;
        case IR_MUL: vm->sp = sp; st[sp - 2] = mul(vm, st[sp - 2], TOP, LOC); sp--; break;
        case IR_NEG:
            if (TOP.t == VT_BIG || (isnum(&TOP) && TOP.u.i == INT64_MIN)) {
                vm->sp = sp;
                TOP = big_op(vm, IR_NEG, &TOP, NULL, LOC);
                break;
            }
            if (TOP.t == VT_POS) {
                vm->sp = sp;
                TOP = vm_negate(vm, TOP, LOC);
                break;
            }
            if (!isnum(&TOP)) type_error(vm, LOC, "'-' needs an integer", &TOP, NULL);
            TOP = val_int(-TOP.u.i);
            break;
        case IR_NOT: TOP = val_bool(!truth(vm, &TOP, LOC)); break;
        case IR_EQ: case IR_NE: {
            bool eq;
            const Value *x = &st[sp - 2], *y = &TOP;
            if (x->t == VT_INT && y->t == VT_INT) {
                eq = x->u.i == y->u.i;
            } else if (x->t == VT_STR && y->t == VT_STR && x->n == 1 && y->n == 1) {   /* a board's cell */
                eq = x->u.s[0] == y->u.s[0];
            } else if (is_pos_like(x) && is_pos_like(y) && (x->t == VT_POS || y->t == VT_POS)) {
                vm->sp = sp;   /* positions compare as games: canonical components, terminal ones left out */
                eq = vm_host_same(vm, x, y, LOC);
            } else if ((x->t == VT_POS && isnum(y)) || (y->t == VT_POS && isnum(x))) {
                type_error(vm, LOC, "a position compares with a position, or with 0 (the empty game); another integer "
                           "is not a game (compare value(X) with a text: value(X) == \"1\")", x, y);
            } else {
                eq = val_equal(x, y);
            }
            st[sp - 2] = val_bool(op == IR_EQ ? eq : !eq);
            sp--;
            break;
        }
        case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_FUZZY: {
            const Value *x = &st[sp - 2], *y = &TOP;
            bool r;
            if (op == IR_FUZZY || (is_pos_like(x) && is_pos_like(y) && (x->t == VT_POS || y->t == VT_POS))) {
                if (!is_pos_like(x) || !is_pos_like(y)) type_error(vm, LOC, "'||' compares two games (positions)", x, y);
                vm->sp = sp;   /* games: by the partial order (G >= H: Left wins G - H moving second) */
                char c = vm_host_compare(vm, x, y, LOC);
                r = op == IR_FUZZY ? c == '|' : op == IR_LT ? c == '<' : op == IR_LE ? c == '<' || c == '=' :
                    op == IR_GT ? c == '>' : c == '>' || c == '=';
            } else {
                int c = cmp_vals(vm, x, y, LOC);
                r = op == IR_LT ? c < 0 : op == IR_LE ? c <= 0 : op == IR_GT ? c > 0 : c >= 0;
            }
            st[sp - 2] = val_bool(r);
            sp--;
            break;
        }
        case IR_IN: st[sp - 2] = val_bool(member(vm, &st[sp - 2], &TOP, LOC)); sp--; break;
        case IR_TRUTH: TOP = val_bool(truth(vm, &TOP, LOC)); break;
        case IR_JMP: pc = (size_t)code[pc]; break;
        case IR_JF:
            sp--;
            if (st[sp].t == VT_BOOL ? !st[sp].u.i : !truth(vm, &st[sp], LOC)) pc = (size_t)code[pc];
            else pc++;
            break;
        case IR_JFK: if (!TOP.u.i) pc = (size_t)code[pc]; else { pc++; sp--; } break;
        case IR_JTK: if (TOP.u.i) pc = (size_t)code[pc]; else { pc++; sp--; } break;
        case IR_MARK: VEC_PUSH(vm->marks, vm->nmarks, vm->capmarks, sp); break;
        case IR_SPREADPOS: {   /* SPREAD; POS g -1: a variadic game's list as it is, when it is all that follows the mark */
            const Value *l = &TOP;
            int g = (int)code[pc + 1];
            const Game *G = &P->code.games[g];
            size_t from = vm->marks[vm->nmarks - 1];
            if (l->t != VT_LIST || !G->variadic || sp - 1 - from != (size_t)(G->nparams - 1) ||
                sp + l->n + 64 > VM_STACK_VALUES)
                goto op_spread;
            vm->nmarks--;
            vm->sp = sp;
            pc0 = pc;   /* the POS's place (its errors) */
            Value v = make_pos_packed(vm, g, st + from, l, LOC);
            sp = from;
            st[sp++] = v;
            pc += 3;
            break;
        }
        case IR_SPREAD:
        op_spread: {
            Value v = st[--sp];
            if (v.t == VT_LIST || v.t == VT_SET) {
                if (sp + v.n + 64 > VM_STACK_VALUES) vm_fail_limit(vm, LOC, "too many values spread with '...'");
                for (uint32_t i = 0; i < v.n; i++) st[sp++] = val_elem(&v, i);
            } else if (v.t == VT_RANGE) {
                int64_t n = range_size(&v);
                if (n > (int64_t)(VM_STACK_VALUES / 2) || sp + (size_t)n + 64 > VM_STACK_VALUES)
                    vm_fail_limit(vm, LOC, "too many values spread with '...'");
                for (int64_t i = 0; i < n; i++) st[sp++] = val_int(v.u.r.lo + i);
            } else {
                type_error(vm, LOC, "'...' needs a list, set or range", &v, NULL);
            }
            break;
        }
        case IR_LIST: case IR_SET: {
            int64_t n = code[pc++];
            size_t from = n < 0 ? vm->marks[--vm->nmarks] : sp - (size_t)n;
            vm->sp = sp;
            Value v = make_list(vm, st + from, sp - from, op == IR_SET, LOC);
            sp = from;
            st[sp++] = v;
            break;
        }
        case IR_RANGE:
            if (st[sp - 2].t == VT_INT && TOP.t == VT_INT && TOP.u.i != INT64_MIN) {   /* as words (val_words: no stall) */
                int64_t lo = st[sp - 2].u.i, hi = TOP.u.i;
                st[sp - 2] = val_words(val_head(VT_RANGE, 0, 0), (uint64_t)lo, (uint64_t)hi);
                sp--;
                break;
            }
            if (!val_is_int(&st[sp - 2]) || !val_is_int(&TOP))
                type_error(vm, LOC, "a range needs integer bounds", &st[sp - 2], &TOP);
            {
                Value r = { .t = VT_RANGE };
                if (st[sp - 2].t == VT_BIG) {
                    char snip[160];
                    diag_snippet(&vm->p->diag, LOC, snip, sizeof snip);
                    vm_fail(vm, LOC, "a range must start within the 64-bit range, in '%s'", snip);
                }
                r.u.r.lo = st[sp - 2].u.i;
                r.u.r.hi = TOP.t != VT_BIG ? TOP.u.i : INT64_MIN;   /* a negative end: empty */
                if (r.u.r.hi == INT64_MIN && r.u.r.lo == INT64_MIN) r.u.r.lo = 0;
                if (TOP.t == VT_BIG && !TOP.strs) {   /* reaches beyond 2^63 - 1: the exact end's record */
                    r.strs = 1;
                    r.u.r.hi = (int64_t)(intptr_t)prog_intern_int(P, &TOP)->s;
                }
                st[sp - 2] = r;
                sp--;
            }
            break;
        case IR_INDEX: {
            Value a = st[sp - 2], i = TOP;
            if (i.t == VT_BIG && (a.t == VT_LIST || a.t == VT_STR)) {
                StrBuf b;
                sb_init(&b);
                val_print(&b, &i);
                char text[64];
                snprintf(text, sizeof text, "%s", b.s);
                sb_fini(&b);
                vm_fail(vm, LOC, "index %s is out of range for %s of length %u", text, val_type_an(a.t), a.n);
            }
            if (!isnum(&i)) type_error(vm, LOC, "an index must be an integer", &i, NULL);
            if (a.t != VT_LIST && a.t != VT_STR) type_error(vm, LOC, "only lists and strings can be indexed", &a, NULL);
            if (i.u.i < 0 || (uint64_t)i.u.i >= a.n)
                vm_fail(vm, LOC, "index %lld is out of range for %s of length %u", (long long)i.u.i,
                        val_type_an(a.t), a.n);
            sp--;
            if (a.t == VT_LIST) TOP = val_elem(&a, (uint32_t)i.u.i);
            else TOP = val_str(a.u.s + i.u.i, 1);
            break;
        }
        case IR_UPDATE: {
            int64_t np = code[pc++];
            size_t from = sp - 2 * (size_t)np - 1;
            Value a = st[from];
            if (a.t != VT_LIST && a.t != VT_STR) type_error(vm, LOC, "only lists and strings can be updated", &a, NULL);
            vm->sp = sp;
            Value r = a;
            if (a.t == VT_LIST) {
                int64_t *d = vm_alloc(vm, (a.n + 1) * sizeof *d, LOC);
                if (a.n) memcpy(d, a.u.a, a.n * sizeof *d);
                bool strs = a.strs == LIST_STRS, lists = a.strs == LIST_LISTS;
                for (int64_t k = 0; k < np; k++) {
                    Value i = st[from + 1 + 2 * (size_t)k], v = st[from + 2 + 2 * (size_t)k];
                    bool ok = isnum(&i) && (a.n == 0 || fits_kind(a.strs, &v));
                    if (!ok)
                        type_error(vm, LOC, strs ? "a list of strings is updated with integer indexes and strings"
                                   : lists ? "a list of lists is updated with integer indexes and lists"
                                           : "a list update needs integer indexes and values", isnum(&i) ? &v : &i, NULL);
                    if (i.u.i < 0 || (uint64_t)i.u.i >= a.n)
                        vm_fail(vm, LOC, "index %lld is out of range for a list of length %u", (long long)i.u.i, a.n);
                    if (v.t == VT_BIG && r.strs == LIST_INTS) {
                        box_ints(vm, d, a.n);
                        r.strs = LIST_BIGS;
                    }
                    d[i.u.i] = strs ? str_elem(vm, &v) : lists ? list_elem(vm, &v, LOC) : r.strs == LIST_BIGS ? int_elem(vm, &v) : v.u.i;
                }
                if (r.strs == LIST_BIGS) r.strs = settle_bigs(d, a.n);
                r = val_list(VT_LIST, r.strs, d, a.n);
            } else {
                char *d = vm_alloc(vm, a.n + 1, LOC);
                memcpy(d, a.u.s, a.n);
                for (int64_t k = 0; k < np; k++) {
                    Value i = st[from + 1 + 2 * (size_t)k], v = st[from + 2 + 2 * (size_t)k];
                    if (!isnum(&i)) type_error(vm, LOC, "an index must be an integer", &i, NULL);
                    if (v.t != VT_STR || v.n != 1) vm_fail(vm, LOC, "a string update needs one-character strings");
                    if (i.u.i < 0 || (uint64_t)i.u.i >= a.n)
                        vm_fail(vm, LOC, "index %lld is out of range for a string of length %u", (long long)i.u.i, a.n);
                    d[i.u.i] = v.u.s[0];
                }
                r = val_str(d, a.n);
            }
            sp = from;
            st[sp++] = r;
            break;
        }
        case IR_CALL: {
            int callee = (int)code[pc++];
            int64_t n = code[pc++];
            size_t from = n < 0 ? vm->marks[--vm->nmarks] : sp - (size_t)n;
            vm->sp = sp;
            const int64_t *memo = NULL;   /* a recursive def: its result is remembered */
            uint64_t hash = 0;
            int mk = vm_memo_kind(vm, callee);
            if (mk > 0) {
                const int64_t *k = vm_memo_key(vm, callee, st + from, (int)(sp - from), &hash);
                Value hit;
                if (k && vm_memo_find(vm, k, hash, &hit)) {
                    sp = from;
                    st[sp++] = hit;
                    break;
                }
                if (k) memo = vm_memo_keep(vm, k);
            }
            push_frame(vm, fn, pc, base);
            vm->frames[vm->nframes - 1].memo = memo;
            vm->frames[vm->nframes - 1].hash = hash;
            vm->frames[vm->nframes - 1].timed = mk == 1 || mk == -2;
            vm->frames[vm->nframes - 1].polls0 = P->run.polls;
            vm->frames[vm->nframes - 1].reads0 = P->run.in.reads;
            size_t nsp = enter(vm, callee, from, (int)(sp - from), LOC);
            fn = callee;
            f = &P->code.fns[fn];
            code = f->code;
            base = from;
            sp = nsp;
            pc = 0;
            break;
        }
        case IR_SGPOS: {   /* POS g n; BUILTIN sg 1 with n integer arguments: the host's sg_ints */
            int g = (int)code[pc];
            int64_t n = code[pc + 1];
            const Game *G = &P->code.games[g];
            if (G->variadic || n != G->nparams || n > VM_SGPOS_MAX || !vm->host.sg_ints) goto op_pos;
            int64_t a[VM_SGPOS_MAX];
            for (int64_t i = 0; i < n; i++) {
                const Value *x = &st[sp - (size_t)n + (size_t)i];
                if (x->t != VT_INT && x->t != VT_BOOL) goto op_pos;
                a[i] = x->u.i;
            }
            vm->sp = sp;
            pc0 = pc + 2;   /* the sg() call's place (its errors) */
            Value v = vm_host_sg_ints(vm, g, a, (int)n, LOC);
            sp -= (size_t)n;
            st[sp++] = v;
            pc += 5;
            break;
        }
        case IR_POS:
        op_pos: {
            int g = (int)code[pc++];
            int64_t n = code[pc++];
            size_t from = n < 0 ? vm->marks[--vm->nmarks] : sp - (size_t)n;
            vm->sp = sp;
            Value v = vm_make_pos(vm, g, st + from, (int)(sp - from), LOC);
            sp = from;
            st[sp++] = v;
            break;
        }
        case IR_MIN2: case IR_MAX2:
            if (st[sp - 2].t == VT_INT && TOP.t == VT_INT) {
                int64_t a = st[sp - 2].u.i, b = TOP.u.i;
                sp--;
                TOP.u.i = op == IR_MIN2 ? (b < a ? b : a) : (b > a ? b : a);
                pc += 2;
                break;
            }
            goto op_builtin;
        case IR_BUILTIN:
        op_builtin: {
            int id = (int)code[pc++];
            int64_t n = code[pc++];
            size_t from = n < 0 ? vm->marks[--vm->nmarks] : sp - (size_t)n;
            vm->sp = sp;
            Value v = builtin_call(vm, id, st + from, (int)(sp - from), LOC);
            sp = from;
            st[sp++] = v;
            break;
        }
        case IR_RET: {
            Value v = st[sp - 1];
            if (vm->nframes == entry) {
                vm->sp = base0;
                return v;
            }
            VmFrame fr = vm->frames[--vm->nframes];
            if (fr.timed) vm_memo_cost(vm, fn, P->run.polls - fr.polls0);
            if (fr.memo && P->run.in.reads != fr.reads0) vm_memo_forbid(vm, fn);   /* it read standard input */
            else if (fr.memo) vm_memo_put(vm, fr.memo, fr.hash, &v);
            sp = base;
            st[sp++] = v;
            fn = fr.fn;
            f = &P->code.fns[fn];
            code = f->code;
            pc = fr.pc;
            base = fr.base;
            break;
        }
        case IR_ITERSLICE:     /* [a[v] for v in lo..hi]: the slice, sharing a's elements (peep.c: is_slice) */
        case IR_ITERSKIP: {    /* [a[v] for v in lo..hi when v != s]: the same but index s (is_skip) */
            bool skip = op == IR_ITERSKIP;
            const Value *d = &TOP;
            const Value *a = &st[base + (size_t)code[pc + (skip ? 13 : 6)]];
            Value *acc = &st[base + (size_t)code[pc + (skip ? 19 : 12)]];
            if (d->t != VT_RANGE || d->strs || a->t != VT_LIST || a->strs == LIST_BIGS || acc->t != VT_LIST || acc->n ||
                vm->iter_hook)
                goto op_iter;
            int64_t lo = d->u.r.lo, hi = d->u.r.hi, s = INT64_MIN;
            if (skip) {   /* the index left out: an integer (else the loop compares as it would) */
                const Value *x = &st[base + (size_t)code[pc + (code[pc + 6] == code[pc] ? 8 : 6)]];
                if (x->t != VT_INT) goto op_iter;
                s = x->u.i;
            }
            if (lo <= hi && (lo < 0 || hi >= (int64_t)a->n)) goto op_iter;   /* the loop reports the index */
            uint64_t count = lo <= hi ? (uint64_t)(hi - lo) + 1 : 0;          /* (at most the list's length) */
            bool out = count && s >= lo && s <= hi;   /* an element to leave out */
            /* the steps: a copy's are the loop's count + 1; a slice that shares a's elements is
               one step (the work it does), so a move that drops an end of a row is O(1) */
            uint64_t cost = out ? count + 1 : 1;
            if (vm->fuel && vm->fuel <= cost) goto op_iter;          /* the loop runs out where it would */
            size_t slot = base + (size_t)code[pc];
            sp--;
            vm->sp = sp;
            prog_poll_n(vm->p, cost - 1, f->locs[pc0 + 3]);   /* (the poll adds one) */
            if (vm->fuel) vm->fuel -= cost;
            if (count && !out) {   /* lists are never written in place: the slice shares a's elements */
                acc->u.l.a = a->u.a + lo;
                acc->u.l.base = a->u.l.base;
                acc->n = (uint32_t)count;
                acc->strs = a->strs;
            } else if (count - out) {
                int64_t *w = vm_alloc(vm, (size_t)(count - out) * sizeof *w, LOC);
                memcpy(w, a->u.a + lo, (size_t)(s - lo) * sizeof *w);
                memcpy(w + (s - lo), a->u.a + s + 1, (size_t)(hi - s) * sizeof *w);
                acc->u.l.a = w;
                acc->u.l.base = 0;
                acc->n = (uint32_t)(count - out);
                acc->strs = a->strs;
            }
            if (count) st[slot] = val_int(hi);
            st[slot + 1] = *d;
            st[slot + 2] = val_int((int64_t)count);
            st[slot + 3] = val_int(-1);
            pc = pc0 + (skip ? 23 : 16);
            break;
        }
        case IR_ITERMAP:   /* a generator of integers (peep.c: is_map): the kernel's */
            vm->sp = sp;
            if (!vm_kernel_map(vm, fn, f, pc0, base)) goto op_iter;
            sp = vm->sp;
            pc = (size_t)code[pc0 + 5];
            break;
        case IR_ITER:
        op_iter: {
            size_t slot = base + (size_t)code[pc++];
            int64_t rel = code[pc++];
            Value d = st[--sp];
            if (d.t != VT_RANGE && d.t != VT_LIST && d.t != VT_SET && d.t != VT_STR)
                type_error(vm, LOC, "a variable must be chosen from a range, list, set or string", &d, NULL);
            st[slot + 1] = d;
            st[slot + 2] = val_int(0);
            st[slot + 3] = val_int(rel ? (int64_t)scratch_mark(&vm->scratch) : -1);
            st[slot + 3].n = (uint32_t)rel;   /* 1: release; 2 + s: release while slot s holds a scalar */
            break;
        }
        case IR_JNEXT:   /* a jump to a NEXT: that NEXT, as if reached by the jump */
            pc0 = (size_t)code[pc];
            pc = pc0 + 1;
            if (code[pc0] == IR_NEXT) goto op_next;
            goto op_nextg;
        case IR_NEXTG:   /* a loop whose body starts with a guard (peep.c: is_guard): the kernel's */
        op_nextg: {
            vm->sp = sp;
            size_t to = vm_kernel_guard(vm, fn, f, pc0, base);
            if (!to) goto op_next;
            pc = to;
            break;
        }
        case IR_NEXT:
        op_next: {
            if (vm->fuel && --vm->fuel == 0) prog_fail(vm->p, PROG_BUDGET, LOC, "out of fuel");
            prog_poll(vm->p, LOC);
            size_t at = pc - 1;
            size_t slot = base + (size_t)code[pc++];
            vm_loop_release(vm, st, base, slot);
            const Value *d = &st[slot + 1];
            uint64_t i = (uint64_t)st[slot + 2].u.i;
            if (vm->iter_hook && d->t == VT_RANGE && d->u.r.lo <= val_range_hi(d))
                vm->iter_hook(vm->iter_ctx, fn, at, slot - base, d->u.r.lo, val_range_hi(d), &i, st + base);
            if (d->t == VT_RANGE) {
                if (d->u.r.lo > val_range_hi(d) || i > (uint64_t)val_range_hi(d) - (uint64_t)d->u.r.lo) { pc = (size_t)code[pc]; break; }
                if (d->strs && i == (uint64_t)INT64_MAX - (uint64_t)d->u.r.lo)
                    vm_fail(vm, LOC, "a loop over a range reached 2^63 - 1: its values beyond are not enumerated");
                st[slot] = val_int((int64_t)((uint64_t)d->u.r.lo + i));
            } else if (d->t == VT_STR) {   /* a string: its characters (bytes), each a string */
                if (i >= d->n) { pc = (size_t)code[pc]; break; }
                st[slot] = val_str(d->u.s + i, 1);
            } else {
                if (i >= d->n) { pc = (size_t)code[pc]; break; }
                st[slot] = val_elem(d, (uint32_t)i);
            }
            st[slot + 2].u.i = (int64_t)(i + 1);
            pc++;
            break;
        }
        case IR_GAIN: {
            Value g = st[--sp];
            vm->gain_big = NULL;
            if (g.t == VT_BIG) {   /* any size: kept as an interned record (the move's value outlives the loop) */
                vm->gain = 0;
                vm->gain_big = (const int64_t *)(const void *)prog_intern_int(vm->p, &g)->s;
                break;
            }
            if (g.t != VT_INT && g.t != VT_BOOL) {
                vm->sp = sp;
                type_error(vm, LOC, "a gain must be an integer", &g, NULL);
            }
            vm->gain = g.u.i;
            break;
        }
        case IR_GATE: {
            VmGateAction a = vm->gate ? vm->gate(vm->gate_ctx) : VM_GATE_TAKE;
            if (a == VM_GATE_STOP) {
                vm->nframes = entry;
                vm->sp = base0;
                return val_int(0);
            }
            pc = a == VM_GATE_SKIP ? (size_t)code[pc] : pc + 1;
            break;
        }
        case IR_YIELD: {
            vm->yield_tag = (int)code[pc++];
            Value v = st[--sp];
            vm->sp = sp;
            if (v.t != VT_POS && f->kind == FN_MOVES && !(v.t == VT_INT && v.u.i == 0)) bad_move(vm, f, vm->yield_tag, &v, LOC);
            if (yield && yield(ctx, &v, st + base)) {
                vm->nframes = entry;
                vm->sp = base0;
                return val_int(0);
            }
            break;
        }
        case IR_IS: {
            int want = (int)code[pc++];
            vm->sp = sp;
            char o = vm_host_outcome(vm, &TOP, LOC);
            TOP = val_bool(o == want);
            break;
        }
        case IR_FOLD: {
            int kind = (int)code[pc++];
            Value *accp = &st[base + (size_t)code[pc++]];
            vm->sp = sp;
            if (kind == FOLD_LIST) {   /* in place, field by field (see val_words: no copy of fields just written) */
                const Value *v = &TOP;
                uint32_t n = accp->n;
                if (n == 0) accp->strs = kind_of_elem(v);
                uint8_t lk = accp->strs;
                if (!fits_kind(lk, v)) {
                    if (lk != LIST_INTS && lk != LIST_BIGS) vm_fail(vm, LOC, "%s", mixed_kinds);
                    if (v->t == VT_STR || v->t == VT_LIST) vm_fail(vm, LOC, "%s", mixed_kinds);
                    type_error(vm, LOC, "list elements must be integers, strings or lists", v, NULL);
                }
                /* the accumulator is private to the generator: its buffer holds a power of two
                   elements and grows by doubling, so building a list is linear */
                int64_t *d = (int64_t *)accp->u.a;
                if (n == 0 || (n & (n - 1)) == 0) {
                    int64_t *nd = vm_alloc(vm, (n ? 2 * (size_t)n : 1) * sizeof *nd, LOC);
                    if (n) memcpy(nd, d, n * sizeof *nd);
                    accp->u.a = d = nd;
                }
                if (v->t == VT_BIG && lk == LIST_INTS) {   /* from now on a list of records */
                    box_ints(vm, d, n);
                    accp->strs = lk = LIST_BIGS;
                }
                d[n] = lk == LIST_STRS ? str_elem(vm, v) : lk == LIST_LISTS ? list_elem(vm, v, LOC)
                       : lk == LIST_BIGS ? int_elem(vm, v) : v->u.i;
                accp->n = n + 1;
                sp--;
                break;
            }
            Value acc = *accp, v = TOP;
            switch (kind) {
            case FOLD_SUM: {
                int64_t r;
                if (acc.t == VT_INT && v.t == VT_INT && !__builtin_add_overflow(acc.u.i, v.u.i, &r)) {
                    acc = val_int(r);   /* the common case, as vm_add would have it */
                    break;
                }
                if (v.t == VT_POS && (acc.t == VT_POS || (isnum(&acc) && acc.u.i == 0))) {
                    if (acc.t == VT_POS && acc.n) same_mode(vm, &acc, &v, LOC);
                    /* a sum of positions: the accumulator's buffers (keys, and counts once a part
                       has some) are the generator's own (made on the first append) and grow by
                       doubling, so the sum is linear */
                    size_t have = acc.t == VT_POS ? acc.n : 0;
                    size_t cap = acc.t == VT_POS && acc.n ? pow2_at_least(acc.n) : 0;
                    size_t need = have + (size_t)v.n;
                    if (need > UINT32_MAX) vm_fail(vm, LOC, "a sum of more than 2^32 components");
                    const uint64_t *acnt = acc.t == VT_POS ? acc.u.pos.cnt : NULL;
                    bool counted = acnt || v.u.pos.cnt;
                    if (need > cap || acc.t != VT_POS || (counted && !acnt)) {
                        size_t ncap = pow2_at_least(need > cap ? need : cap ? cap : 1);
                        const int64_t **d = (const int64_t **)(acc.t == VT_POS ? acc.u.pos.keys : NULL);
                        if (need > cap || acc.t != VT_POS) {
                            d = vm_alloc(vm, ncap * sizeof *d, LOC);
                            if (have) memcpy(d, acc.u.pos.keys, have * sizeof *d);
                        }
                        uint64_t *c = (uint64_t *)acnt;
                        if (counted && (!acnt || need > cap)) {
                            c = vm_alloc(vm, ncap * sizeof *c, LOC);
                            if (have) counts_of(&acc, c);
                        }
                        acc = val_pos(d, c, (uint32_t)have);
                    }
                    if (v.n) memcpy((const int64_t **)acc.u.pos.keys + have, v.u.pos.keys, v.n * sizeof *v.u.pos.keys);
                    if (acc.u.pos.cnt) counts_of(&v, (uint64_t *)acc.u.pos.cnt + have);
                    acc.n = (uint32_t)need;
                    acc.strs = v.strs;
                    break;
                }
                acc = vm_add(vm, acc, v, LOC);
                break;
            }
            case FOLD_MIN: case FOLD_MAX:
                if (!val_is_int(&v)) type_error(vm, LOC, "min and max need integers", &v, NULL);
                if (v.t == VT_BOOL) v = val_int(v.u.i);
                if (acc.t == VT_NONE || (kind == FOLD_MIN ? big_cmp(&v, &acc) < 0 : big_cmp(&v, &acc) > 0)) acc = v;
                break;
            case FOLD_XOR: case FOLD_BOR: case FOLD_BAND: {
                int bop = kind == FOLD_XOR ? IR_BXOR : kind == FOLD_BOR ? IR_BOR : IR_BAND;
                if (!val_is_int(&v)) type_error(vm, LOC, "xor, bitor and bitand need integers", &v, NULL);
                if (v.t == VT_BOOL) v = val_int(v.u.i);
                if (acc.t == VT_NONE) acc = v;   /* bitand: the first value */
                else if (isnum(&acc) && isnum(&v))
                    acc = val_int(bop == IR_BXOR ? acc.u.i ^ v.u.i : bop == IR_BOR ? acc.u.i | v.u.i : acc.u.i & v.u.i);
                else acc = big_op(vm, bop, &acc, &v, LOC);
                break;
            }
            case FOLD_ANY: acc = val_bool(acc.u.i || truth(vm, &v, LOC)); break;
            case FOLD_ALL: acc = val_bool(acc.u.i && truth(vm, &v, LOC)); break;
            case FOLD_COUNT: acc = val_int(acc.u.i + truth(vm, &v, LOC)); break;
            default: vm_fail(vm, LOC, "internal error: bad fold kind %d", kind);
            }
            *accp = acc;
            sp--;
            break;
        }
        case IR_FOLDEND: {
            int kind = (int)code[pc++];
            if ((kind == FOLD_MIN || kind == FOLD_MAX || kind == FOLD_BAND) && TOP.t == VT_NONE)
                vm_fail(vm, LOC, "%s of nothing: the generator produced no values",
                        kind == FOLD_MIN ? "min" : kind == FOLD_MAX ? "max" : "bitand");
            break;
        }
        default:
            vm_fail(vm, LOC, "internal error: bad opcode %lld", (long long)op);
        }
    }
#undef LOC
#undef TOP
}

Value vm_call(Vm *vm, int fn, const Value *args, int nargs, VmYield yield, void *ctx)
{
    size_t base = vm->sp;
    Loc loc = vm->p->code.fns[fn].ncode ? vm->p->code.fns[fn].locs[0] : (Loc){0};
    if (base + (size_t)nargs + 64 > VM_STACK_VALUES) vm_fail_limit(vm, loc, "value stack exhausted");
    for (int i = 0; i < nargs; i++) vm->stack[base + (size_t)i] = args[i];
    vm->sp = enter(vm, fn, base, nargs, loc);
    return run(vm, fn, base, yield, ctx);
}

/* Run a game's moves or canon function on a position: the key's arguments already hold the
   variadic list packed, so the frame is laid out directly instead of through enter(). */
static Value run_on_key(Vm *vm, int fn, const int64_t *key, VmYield cb, void *ctx)
{
    const Func *f = &vm->p->code.fns[fn];
    size_t base = vm->sp;
    if (base + (size_t)f->nlocals + (size_t)f->maxstack + 64 > VM_STACK_VALUES)
        vm_fail_limit(vm, vm->p->code.games[KEY_GAME(key)].loc, "value stack exhausted");
    int n = key_decode(vm->p, key, vm->stack + base);
    for (int i = n; i < f->nlocals; i++) vm->stack[base + (size_t)i].t = VT_NONE;
    vm->sp = base + (size_t)f->nlocals;
    Value r = run(vm, fn, base, cb, ctx);
    vm->sp = base;
    return r;
}

const int64_t *vm_canon(Vm *vm, const int64_t *key)
{
    const Game *g = &vm->p->code.games[KEY_GAME(key)];
    int fn = g->canon_fn;
    if (fn < 0) return key;
    const int64_t *k = run_on_key(vm, fn, key, NULL, NULL).u.p[0];
    return g->negated ? key_as_game(vm, k, (int)KEY_GAME(key), g->loc) : k;   /* G's canon gives a G */
}

/* -G's moves: G's (whose sides the caller reads from -G), each result negated. */
typedef struct NegYield { Vm *vm; VmYield cb; void *ctx; Loc loc; } NegYield;

static int neg_yield(void *ctx, const Value *v, const Value *frame)
{
    NegYield *n = ctx;
    Value w = vm_negate(n->vm, *v, n->loc);
    return n->cb(n->ctx, &w, frame);
}

void vm_enum_moves(Vm *vm, const int64_t *key, VmYield cb, void *ctx)
{
    const Game *g = &vm->p->code.games[KEY_GAME(key)];
    if (!g->negated) {
        run_on_key(vm, g->moves_fn, key, cb, ctx);
        return;
    }
    NegYield n = { vm, cb, ctx, g->loc };
    run_on_key(vm, g->moves_fn, key, neg_yield, &n);
}
