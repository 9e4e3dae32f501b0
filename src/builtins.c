/* builtins.c: the built-in functions of the language. */
#include "config.h"
#include "key.h"
#include "builtins.h"
#include "vm.h"
#include "bignum.h"
#include <stdlib.h>
#include <string.h>

/* ORDER BI */
const Builtin builtins[BI__COUNT] = {
    { "min", 1, -1, VT_INT, "smallest of the arguments, or of one list, set or range" },
    { "max", 1, -1, VT_INT, "largest of the arguments, or of one list, set or range" },
    { "abs", 1, 1, VT_INT, "absolute value" },
    { "len", 1, 1, VT_INT, "length of a list, set, string or range" },
    { "sort", 1, 1, VT_LIST, "the list in increasing order" },
    { "sg", 1, 1, VT_INT, "Sprague-Grundy value of a position" },
    { "popcount", 1, 1, VT_INT, "number of 1 bits of a non-negative integer" },
    { "mex", 1, 1, VT_INT, "least non-negative integer not in a list or set" },
    { "sum", 1, 1, VT_INT, "sum of a list, set or range" },
    { "list", 1, 1, VT_LIST, "a list of the elements of a set, range or list" },
    { "set", 1, 1, VT_SET, "a set of the elements of a list, range or set" },
    { "outcome", 1, 1, VT_STR, "\"P\", \"N\" or \"D\" for a position" },
    { "int", 1, 1, VT_INT, "the integer written in a string of decimal digits" },
    { "winning_count", 1, 1, VT_INT, "the number of winning moves of a position (as a query lists them)" },
    { "winning_move", 2, 2, VT_POS, "the i-th winning move (from 0, in the order a query lists them)" },
    { "error", 1, -1, VT_NONE, "stop with an error whose message joins the arguments (strings as they are)" },
};

int builtin_find(const char *name)
{
    for (int i = 0; i < BI__COUNT; i++)
        if (!strcmp(builtins[i].name, name)) return i;
    return -1;
}

static bool isnum(const Value *v) { return v->t == VT_INT || v->t == VT_BOOL; }

static _Noreturn void bad_arg(Vm *vm, Loc loc, const char *fn, const char *need, const Value *v)
{
    vm_fail(vm, loc, "%s() needs %s, not %s", fn, need, val_type_an(v->t));
}

#define MAX_EXPAND 100000000

/* Elements of a list, set or range as a fresh array in scratch (ranges up to MAX_EXPAND). */
static int cmp_strrec(const void *a, const void *b)
{
    const StrRec *x = (const StrRec *)(intptr_t)*(const int64_t *)a, *y = (const StrRec *)(intptr_t)*(const int64_t *)b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, n);
    if (c) return c;
    return (x->len > y->len) - (x->len < y->len);
}

static const int64_t *elems(Vm *vm, const Value *v, size_t *n, const char *fn, Loc loc)
{
    if (v->t == VT_LIST && v->strs == LIST_STRS) bad_arg(vm, loc, fn, "a list of integers", v);
    if (v->t == VT_RANGE && v->strs)
        vm_fail(vm, loc, "%s() of a range that reaches beyond 2^63 - 1", fn);
    if (v->t == VT_LIST || v->t == VT_SET) {
        *n = v->n;
        return v->u.a;
    }
    if (v->t == VT_RANGE) {
        if (v->u.r.lo > v->u.r.hi) { *n = 0; return NULL; }
        uint64_t d = (uint64_t)v->u.r.hi - (uint64_t)v->u.r.lo;
        if (d >= MAX_EXPAND) prog_fail(vm->p, EXIT_LIMIT, loc, "%s() of a range of more than %d values", fn, MAX_EXPAND);
        *n = (size_t)d + 1;
        int64_t *a = vm_alloc(vm, *n * sizeof *a, loc);
        for (size_t i = 0; i < *n; i++) a[i] = v->u.r.lo + (int64_t)i;
        return a;
    }
    bad_arg(vm, loc, fn, "a list, set or range", v);
}

static int cmp_rec(const void *a, const void *b)
{
    Value l = { .t = VT_LIST, .n = 1, .strs = LIST_BIGS }, r = l;
    l.u.a = a;
    r.u.a = b;
    Value x = val_elem(&l, 0), y = val_elem(&r, 0);
    return big_cmp(&x, &y);
}

/* The sum of the elements of l, or of the n words at e (l NULL), exactly. */
static Value big_sum(Vm *vm, const Value *l, const int64_t *e, size_t n, Loc loc)
{
    VmBig *t = vm_big_begin(vm, loc);
    for (size_t i = 0; i < (l ? l->n : n); i++) {
        Value x = l ? val_elem(l, (uint32_t)i) : val_int(e[i]);
        big_get(t->x, &x);
        mpz_add(t->r, t->r, t->x);
    }
    return vm_big_end(vm, t, loc);
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Big integers are written as strings of decimal digits (Wythoff beyond 64 bits); min and max
   compare them, and integers, as numbers. */
static bool is_digits(const Value *v) { return v->t == VT_STR && util_is_decimal(v->u.s, v->n); }

static bool any_digits(const Value *args, int nargs)
{
    for (int i = 0; i < nargs; i++)
        if (args[i].t == VT_STR) return true;
    return false;
}

/* -1, 0, 1 comparing a and b (each a non-negative integer or a digit string) as numbers. */
static int num_cmp(const Value *a, const Value *b)
{
    char ba[24], bb[24];
    const char *sa = a->u.s, *sb = b->u.s;
    size_t la = a->n, lb = b->n;
    if (a->t != VT_STR) { la = (size_t)snprintf(ba, sizeof ba, "%lld", (long long)a->u.i); sa = ba; }
    if (b->t != VT_STR) { lb = (size_t)snprintf(bb, sizeof bb, "%lld", (long long)b->u.i); sb = bb; }
    if (la != lb) return la < lb ? -1 : 1;
    int c = memcmp(sa, sb, la);
    return (c > 0) - (c < 0);
}

static Value big_minmax(Vm *vm, int id, const Value *args, int nargs, const char *fn, Loc loc)
{
    int best = 0;
    for (int i = 0; i < nargs; i++) {
        if (!is_digits(&args[i]) && !(isnum(&args[i]) && args[i].u.i >= 0))
            bad_arg(vm, loc, fn, "integers, or non-negative numbers written as decimal strings", &args[i]);
        int c = num_cmp(&args[i], &args[best]);
        if (id == BI_MIN ? c < 0 : c > 0) best = i;
    }
    return args[best];
}

Value builtin_call(Vm *vm, int id, Value *args, int nargs, Loc loc)
{
    const char *fn = builtins[id].name;
    const Builtin *b = &builtins[id];
    if (nargs < b->minargs || (b->maxargs >= 0 && nargs > b->maxargs))
        vm_fail(vm, loc, "%s() takes %d argument%s, but %d were given", fn, b->minargs, b->minargs == 1 ? "" : "s", nargs);
    Value *a = &args[0];
    switch (id) {
    case BI_MIN: case BI_MAX: {
        if (nargs == 1 && (a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) {
            Value best = val_elem(a, 0);
            for (uint32_t i = 1; i < a->n; i++) {
                Value e = val_elem(a, i);
                if (id == BI_MIN ? big_cmp(&e, &best) < 0 : big_cmp(&e, &best) > 0) best = e;
            }
            return best;
        }
        if (nargs == 1 && !val_is_int(a)) {
            size_t n;
            if (a->t == VT_RANGE) {
                if (a->u.r.lo > val_range_hi(a)) vm_fail(vm, loc, "%s() of an empty range", fn);
                return id == BI_MIN ? val_int(a->u.r.lo) : val_range_top(a);
            }
            const int64_t *e = elems(vm, a, &n, fn, loc);
            if (n == 0) vm_fail(vm, loc, "%s() of an empty %s", fn, val_type_name(a->t));
            int64_t r = e[0];
            for (size_t i = 1; i < n; i++) r = (id == BI_MIN) ? (e[i] < r ? e[i] : r) : (e[i] > r ? e[i] : r);
            return val_int(r);
        }
        if (nargs >= 2 && any_digits(args, nargs)) return big_minmax(vm, id, args, nargs, fn, loc);
        int64_t m = 0;
        int k = 0;
        for (; k < nargs && isnum(&args[k]); k++)   /* the 64-bit path */
            if (k == 0 || (id == BI_MIN ? args[k].u.i < m : args[k].u.i > m)) m = args[k].u.i;
        if (k == nargs) return val_int(m);
        Value r = val_int(0);
        for (int i = 0; i < nargs; i++) {
            if (!val_is_int(&args[i])) bad_arg(vm, loc, fn, "integers (or one list, set or range)", &args[i]);
            Value x = args[i].t == VT_BOOL ? val_int(args[i].u.i) : args[i];
            if (i == 0 || (id == BI_MIN ? big_cmp(&x, &r) < 0 : big_cmp(&x, &r) > 0)) r = x;
        }
        return r;
    }
    case BI_ABS:
        if (!val_is_int(a)) bad_arg(vm, loc, fn, "an integer", a);
        if (a->t == VT_BIG || a->u.i == INT64_MIN) {
            VmBig *t = vm_big_begin(vm, loc);
            big_get(t->r, a);
            mpz_abs(t->r, t->r);
            return vm_big_end(vm, t, loc);
        }
        return val_int(a->u.i < 0 ? -a->u.i : a->u.i);
    case BI_LEN:
        switch (a->t) {
        case VT_LIST: case VT_SET: case VT_STR: case VT_POS: return val_int(a->n);
        case VT_RANGE: {
            if (a->u.r.lo > val_range_hi(a)) return val_int(0);
            if (a->strs) {   /* hi - lo + 1, exactly */
                VmBig *t = vm_big_begin(vm, loc);
                Value top = val_range_top(a);
                big_get(t->r, &top);
                mpz_set_si(t->x, (long)a->u.r.lo);
                mpz_sub(t->r, t->r, t->x);
                mpz_add_ui(t->r, t->r, 1);
                return vm_big_end(vm, t, loc);
            }
            uint64_t d = (uint64_t)a->u.r.hi - (uint64_t)a->u.r.lo;
            if (d >= (uint64_t)INT64_MAX) vm_fail(vm, loc, "integer overflow in len() of a range");
            return val_int((int64_t)d + 1);
        }
        default: bad_arg(vm, loc, fn, "a list, set, string or range", a);
        }
    case BI_SORT: case BI_LIST: case BI_SET: {
        if ((a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) {   /* integer records */
            int64_t *d = vm_alloc(vm, (a->n + 1) * sizeof *d, loc);
            memcpy(d, a->u.a, a->n * sizeof *d);
            size_t n = a->n;
            if (id != BI_LIST) qsort(d, n, sizeof *d, cmp_rec);
            if (id == BI_SET && n > 1) {   /* records are interned: equal values, equal words */
                size_t m = 1;
                for (size_t i = 1; i < n; i++)
                    if (d[i] != d[m - 1]) d[m++] = d[i];
                n = m;
            }
            Value v = { .t = id == BI_SET ? VT_SET : VT_LIST, .n = (uint32_t)n, .strs = LIST_BIGS };
            v.u.a = d;
            return v;
        }
        if (a->t == VT_LIST && a->strs == LIST_STRS) {   /* lists of strings: copied, or sorted by content */
            if (id == BI_SET) bad_arg(vm, loc, fn, "integers (sets of strings are not supported)", a);
            int64_t *d = vm_alloc(vm, (a->n + 1) * sizeof *d, loc);
            if (a->n) memcpy(d, a->u.a, a->n * sizeof *d);
            if (id == BI_SORT) qsort(d, a->n, sizeof *d, cmp_strrec);
            Value v = *a;
            v.u.a = d;
            return v;
        }
        size_t n;
        const int64_t *e = elems(vm, a, &n, fn, loc);
        int64_t *d = vm_alloc(vm, (n + 1) * sizeof *d, loc);
        if (n) memcpy(d, e, n * sizeof *d);
        if (id != BI_LIST) qsort(d, n, sizeof *d, cmp64);
        if (id == BI_SET && n > 1) {
            size_t m = 1;
            for (size_t i = 1; i < n; i++)
                if (d[i] != d[m - 1]) d[m++] = d[i];
            n = m;
        }
        Value v = { .t = id == BI_SET ? VT_SET : VT_LIST, .n = (uint32_t)n };
        v.u.a = d;
        return v;
    }
    case BI_SG: {
        if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
        return vm_host_sg(vm, a, loc);
    }
    case BI_WINNING_COUNT:
        if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
        return val_int(vm_host_winning_count(vm, a, loc));
    case BI_WINNING_MOVE:
        if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
        if (!isnum(&args[1])) bad_arg(vm, loc, fn, "an index", &args[1]);
        return vm_host_winning_move(vm, a, args[1].u.i, loc);
    case BI_OUTCOME: {
        if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
        char o = vm_host_outcome(vm, a, loc);
        Value v = { .t = VT_STR, .n = 1 };
        v.u.s = o == 'P' ? "P" : o == 'N' ? "N" : "D";
        return v;
    }
    case BI_INT: {
        if (a->t == VT_INT || a->t == VT_BOOL) return val_int(a->u.i);
        if (a->t == VT_BIG) return *a;
        if (a->t != VT_STR || a->n == 0) bad_arg(vm, loc, fn, "a string of decimal digits", a);
        int64_t r = 0;
        bool small = true;
        for (uint32_t i = 0; i < a->n; i++) {
            char c = a->u.s[i];
            if (c < '0' || c > '9') vm_fail(vm, loc, "int() of a string that is not a decimal number");
            if (small && (__builtin_mul_overflow(r, 10, &r) || __builtin_add_overflow(r, c - '0', &r))) small = false;
        }
        if (small) return val_int(r);
        if ((size_t)a->n * 10 / 3 > ((size_t)1 << 22))   /* about 3.33 bits a digit */
            prog_fail(vm->p, EXIT_LIMIT, loc, "int() of a string of %u digits: integers are limited to 2^22 bits", a->n);
        VmBig *t = vm_big_begin(vm, loc);
        char *digits = vm_alloc(vm, a->n + 1, loc);
        memcpy(digits, a->u.s, a->n);
        digits[a->n] = 0;
        mpz_set_str(t->r, digits, 10);
        return vm_big_end(vm, t, loc);
    }
    case BI_ERROR: {   /* a rule's own check of its arguments: the message is the user's */
        StrBuf m;
        sb_init(&m);
        for (int i = 0; i < nargs; i++) {
            if (args[i].t == VT_STR) sb_printf(&m, "%.*s", (int)args[i].n, args[i].u.s);
            else if (args[i].t == VT_POS) key_print_sum(vm->p, &m, args[i].u.pos.keys, args[i].u.pos.cnt, args[i].n);
            else val_print(&m, &args[i]);
        }
        char text[1024];
        snprintf(text, sizeof text, "%s", m.len ? m.s : "");
        sb_fini(&m);
        vm_fail(vm, loc, "%s", text);
    }
    case BI_POPCOUNT:
        if (!val_is_int(a)) bad_arg(vm, loc, fn, "an integer", a);
        if (a->t == VT_BIG) {
            if (a->strs) vm_fail(vm, loc, "popcount() of a negative number");
            int64_t c = 0;
            for (uint32_t i = 0; i < a->n; i++) c += __builtin_popcountll((unsigned long long)a->u.a[i]);
            return val_int(c);
        }
        if (a->u.i < 0) vm_fail(vm, loc, "popcount() of a negative number (%lld)", (long long)a->u.i);
        return val_int(__builtin_popcountll((unsigned long long)a->u.i));
    case BI_MEX: {
        if ((a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) {   /* the small elements matter */
            size_t words = a->n / 64 + 1;
            uint64_t *bits = vm_alloc(vm, words * sizeof *bits, loc);
            memset(bits, 0, words * sizeof *bits);
            for (uint32_t i = 0; i < a->n; i++) {
                Value e = val_elem(a, i);
                if (e.t == VT_INT && e.u.i >= 0 && (uint64_t)e.u.i < words * 64) bits[e.u.i >> 6] |= (uint64_t)1 << (e.u.i & 63);
            }
            for (size_t i = 0; i < words; i++)
                if (~bits[i]) return val_int((int64_t)(i * 64 + (size_t)__builtin_ctzll(~bits[i])));
            return val_int((int64_t)(words * 64));
        }
        size_t n;
        const int64_t *e = elems(vm, a, &n, fn, loc);
        size_t words = n / 64 + 1;
        uint64_t *bits = vm_alloc(vm, words * sizeof *bits, loc);
        memset(bits, 0, words * sizeof *bits);
        for (size_t i = 0; i < n; i++)
            if (e[i] >= 0 && (uint64_t)e[i] < words * 64) bits[e[i] >> 6] |= (uint64_t)1 << (e[i] & 63);
        for (size_t i = 0; i < words; i++)
            if (~bits[i]) return val_int((int64_t)(i * 64 + (size_t)__builtin_ctzll(~bits[i])));
        return val_int((int64_t)(words * 64));
    }
    case BI_SUM: {
        if ((a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) return big_sum(vm, a, NULL, 0, loc);
        size_t n;
        const int64_t *e = elems(vm, a, &n, fn, loc);
        int64_t r = 0;
        for (size_t i = 0; i < n; i++)
            if (__builtin_add_overflow(r, e[i], &r)) return big_sum(vm, NULL, e, n, loc);   /* exactly */
        return val_int(r);
    }
    }
    vm_fail(vm, loc, "internal error: unknown builtin");
}
