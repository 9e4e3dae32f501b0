/* compound.c: the play modes' shared work (compound.h): components, options by a test, answers. */
#include "config.h"
#include "key.h"
#include "solve/modes/compound.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
/* Copies of a one-game component written out one argument each at most (every(A, A, ...)). */
#define MAX_WRITTEN_COPIES 64

CpdComp cpd_one(Solver *s, uint32_t id, uint64_t count, Loc loc)
{
    Sums *m = sums_of(s);
    bool loopy = sums_solve_part(m, id, loc);
    bool terminal = (s->store->st[id].flags & ST_TERMINAL) != 0;
    SumPart one = { id, 1 };
    return (CpdComp){ id, count, terminal, loopy, sums_intern(m, &one, 1, loc), NULL, 0 };
}

size_t cpd_flat(Solver *s, const Value *pos, Loc loc, CpdComp **out)
{
    CpdComp *c = vm_alloc(s->vm, (pos->n ? pos->n : 1) * sizeof *c, loc);
    size_t k = 0;
    for (uint32_t i = 0; i < pos->n; i++) {
        uint64_t cnt = val_count(pos, i);
        if (!cnt) continue;
        uint32_t id = eng_intern(s->store, pos->u.pos.keys[i], loc);
        if (k && c[k - 1].id == id) {
            if (__builtin_add_overflow(c[k - 1].count, cnt, &c[k - 1].count))
                prog_fail(s->p, EXIT_LIMIT, loc, "a position with more than 2^64 - 1 copies of a component");
            continue;
        }
        c[k++] = cpd_one(s, id, cnt, loc);
    }
    *out = c;
    return k;
}

size_t cpd_components(Solver *s, const Value *pos, Loc loc, CpdComp **out)
{
    if (!val_grouped(pos)) return cpd_flat(s, pos, loc, out);
    Sums *m = sums_of(s);
    CpdComp *c = vm_alloc(s->vm, (pos->n ? pos->n : 1) * sizeof *c, loc);
    AnswerPart *parts = vm_alloc(s->vm, (pos->n ? pos->n : 1) * sizeof *parts, loc);
    SumPart *sp = vm_alloc(s->vm, (pos->n ? pos->n : 1) * sizeof *sp, loc);
    size_t k = 0;
    for (uint32_t i = 0; i < pos->n;) {
        uint64_t raw = val_count_raw(pos, i);
        uint32_t id = eng_intern(s->store, pos->u.pos.keys[i], loc);
        if (!(raw & POS_GROUP)) {   /* copies of one game */
            if (k && c[k - 1].id == id && c[k - 1].id != NONE) c[k - 1].count += raw;
            else c[k++] = cpd_one(s, id, raw, loc);
            i++;
            continue;
        }
        uint32_t first = i, nsp = 0;
        bool loopy = false;
        for (;; i++) {   /* the parts of one component that is a sum */
            uint64_t w = val_count_raw(pos, i);
            uint32_t pid = i == first ? id : eng_intern(s->store, pos->u.pos.keys[i], loc);
            loopy |= sums_solve_part(m, pid, loc);
            parts[i] = (AnswerPart){ pid, w };
            sp[nsp++] = (SumPart){ pid, (uint32_t)(w & POS_COUNT_MASK) };
            if ((w & POS_COUNT_MASK) > UINT32_MAX)
                prog_fail(s->p, EXIT_LIMIT, loc, "a component of a compound with more than 2^32 - 1 copies of a part");
            if (!(w & POS_JOIN)) break;
        }
        i++;
        uint32_t x = sums_intern(m, sp, nsp, loc);
        const SumPart *xp;
        c[k++] = (CpdComp){ NONE, 1, sums_parts(m, x, &xp) == 0, loopy, x, parts + first, i - first };
    }
    *out = c;
    return k;
}

/* A copy in scratch of the options of component c (they move as sums are made). */
static uint32_t *options_copy(Solver *s, const CpdComp *c, Loc loc, size_t *n)
{
    const uint32_t *o;
    Sums *m = sums_of(s);
    *n = c->id == NONE ? sums_options(m, c->sum, loc, &o) : sums_part_options(m, c->id, loc, &o);
    uint32_t *x = vm_alloc(s->vm, (*n ? *n : 1) * sizeof *x, loc);
    memcpy(x, o, *n * sizeof *x);
    return x;
}

bool cpd_option(Solver *s, const CpdComp *c, Loc loc, const GameValue *hint, bool (*ok)(void *ctx, uint32_t x), void *ctx,
                uint32_t *found)
{
    size_t mark = scratch_mark(&s->vm->scratch);
    uint32_t *x = NULL;
    size_t n = 0;
    bool r = false;
    /* a one-game component: first the options its strategy lists for hint (no full listing) */
    if (hint && c->id != NONE && sums_hinted_options(sums_of(s), c->id, hint, loc, &x, &n))
        for (size_t i = 0; i < n && !r; i++)
            if ((r = ok(ctx, x[i]))) *found = x[i];
    if (!r) {
        x = options_copy(s, c, loc, &n);
        for (size_t i = 0; i < n && !r; i++)
            if ((r = ok(ctx, x[i]))) *found = x[i];
    }
    scratch_release(&s->vm->scratch, mark);
    return r;
}

/* ---- writing positions ---- */

typedef struct Out { AnswerPart *p; size_t n, cap; bool grouped; } Out;

static void put(Solver *s, Out *o, uint32_t id, uint64_t w, Loc loc)
{
    if (o->n == o->cap) {
        size_t cap = o->cap ? 2 * o->cap : 16;
        AnswerPart *p = vm_alloc(s->vm, cap * sizeof *p, loc);
        if (o->n) memcpy(p, o->p, o->n * sizeof *p);
        o->p = p;
        o->cap = cap;
    }
    /* copies of one game next to each other: one count */
    if (!(w & POS_GROUP) && o->n && o->p[o->n - 1].id == id && !(o->p[o->n - 1].count & POS_GROUP)) {
        if (__builtin_add_overflow(o->p[o->n - 1].count, w, &o->p[o->n - 1].count) || o->p[o->n - 1].count > POS_COUNT_MASK)
            prog_fail(s->p, EXIT_LIMIT, loc, "a position with more than 2^62 copies of a component");
        return;
    }
    o->p[o->n++] = (AnswerPart){ id, w };
    o->grouped |= (w & POS_GROUP) != 0;
}

/* Write a sum (its parts) as copies components: one game, or one argument per copy. */
static bool put_sum(Solver *s, Out *o, const SumPart *p, size_t np, uint64_t copies, Loc loc)
{
    if (np == 1 && p[0].count == 1) {
        put(s, o, p[0].id, copies, loc);
        return true;
    }
    if (copies > MAX_WRITTEN_COPIES) return false;
    for (uint64_t k = 0; k < copies; k++)
        for (size_t j = 0; j < np; j++) put(s, o, p[j].id, p[j].count | POS_GROUP | (j + 1 < np ? POS_JOIN : 0), loc);
    return true;
}

/* Write component c as it stands. */
static void put_comp(Solver *s, Out *o, const CpdComp *c, bool terminal_too, Loc loc)
{
    if (c->terminal && !terminal_too) return;
    if (c->id != NONE) {
        put(s, o, c->id, c->count, loc);
        return;
    }
    /* a sum: its parts as written, ended parts left out unless all have ended */
    size_t live = 0;
    for (uint32_t j = 0; j < c->nparts; j++) live += !(s->store->st[c->parts[j].id].flags & ST_TERMINAL);
    if (!live) {
        put(s, o, c->parts[0].id, 1, loc);
        return;
    }
    size_t k = 0;
    for (uint32_t j = 0; j < c->nparts; j++) {
        if (s->store->st[c->parts[j].id].flags & ST_TERMINAL) continue;
        k++;
        uint64_t w = (c->parts[j].count & POS_COUNT_MASK) | POS_GROUP | (k < live ? POS_JOIN : 0);
        put(s, o, c->parts[j].id, w, loc);
    }
}

static char *text(Solver *s, unsigned mode, const Out *o, Loc loc)
{
    const int64_t **keys = vm_alloc(s->vm, (o->n ? o->n : 1) * sizeof *keys, loc);
    uint64_t *cnt = vm_alloc(s->vm, (o->n ? o->n : 1) * sizeof *cnt, loc);
    for (size_t i = 0; i < o->n; i++) {
        keys[i] = eng_key(s->store, o->p[i].id);
        cnt[i] = o->p[i].count;
    }
    Value v = val_pos(keys, cnt, (uint32_t)o->n);
    v.strs = (uint8_t)mode;
    StrBuf b;
    sb_init(&b);
    key_print_pos(s->p, &b, &v);
    return sb_take(&b);
}

char *cpd_text(Solver *s, const CpdComp *c)
{
    Out o = { 0 };
    put_comp(s, &o, c, true, (Loc){ 0 });
    for (size_t i = 0; i < o.n; i++) o.p[i].count &= POS_COUNT_MASK;   /* one sum, written with + */
    return text(s, 0, &o, (Loc){ 0 });
}

void cpd_position(Solver *s, Answer *a, const CpdComp *c, size_t n, bool terminal_too)
{
    Out o = { 0 };
    for (size_t i = 0; i < n; i++) put_comp(s, &o, &c[i], terminal_too, (Loc){ 0 });
    a->position = text(s, a->mode, &o, (Loc){ 0 });
}

/* Heap(0), the game with no move: how a component that a move left empty (its rule's result was
   0) is written where an ended component stays (conj, shortselect). NONE without the stdlib. */
static uint32_t zero_state(Solver *s, Loc loc)
{
    int heap = prog_stdlib_game(s->p, "Heap");
    if (heap < 0) return NONE;
    Value zero = val_int(0);
    Value pos = vm_make_pos(s->vm, heap, &zero, 1, loc);
    return eng_intern(s->store, pos.u.pos.keys[0], loc);
}

/* Two texts in natural order: runs of digits compare as numbers (Kayles(2) before Kayles(10)),
   the rest byte by byte. */
static int natural_cmp(const char *x, const char *y)
{
    while (*x && *y) {
        if (*x >= '0' && *x <= '9' && *y >= '0' && *y <= '9') {
            while (*x == '0' && x[1] >= '0' && x[1] <= '9') x++;
            while (*y == '0' && y[1] >= '0' && y[1] <= '9') y++;
            size_t nx = 0, ny = 0;
            while (x[nx] >= '0' && x[nx] <= '9') nx++;
            while (y[ny] >= '0' && y[ny] <= '9') ny++;
            if (nx != ny) return nx < ny ? -1 : 1;
            int c = memcmp(x, y, nx);
            if (c) return c;
            x += nx;
            y += ny;
            continue;
        }
        if (*x != *y) return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        x++;
        y++;
    }
    return (*x != 0) - (*y != 0);
}

typedef struct TextPart { char *text; SumPart part; } TextPart;

static int by_text(const void *a, const void *b)
{
    const TextPart *x = a, *y = b;
    int c = natural_cmp(x->text, y->text);
    return c ? c : (x->part.id > y->part.id) - (x->part.id < y->part.id);
}

/* The parts of an option in the order of their texts: the store keeps them by state id, which
   depends on what the session solved before (misere(Kayles(3) + Kayles(4)) wrote its move to
   Kayles(2) + Kayles(1) or to Kayles(1) + Kayles(2) as earlier queries had interned them). */
static void order_parts(Solver *s, SumPart *p, size_t n)
{
    if (n < 2) return;
    TextPart *t = xmalloc(n * sizeof *t);
    for (size_t i = 0; i < n; i++) {
        StrBuf b;
        sb_init(&b);
        key_print(s->p, &b, eng_key(s->store, p[i].id));
        t[i] = (TextPart){ sb_take(&b), p[i] };
    }
    qsort(t, n, sizeof *t, by_text);
    for (size_t i = 0; i < n; i++) {
        p[i] = t[i].part;
        xfree(t[i].text);
    }
    xfree(t);
}

void cpd_add_move(Solver *s, Answer *a, const CpdComp *c, const uint32_t *to, size_t n, bool terminal_too, Loc loc)
{
    Sums *m = sums_of(s);
    Out o = { 0 };
    for (size_t i = 0; i < n; i++) {
        if (to[i] == NONE) {
            put_comp(s, &o, &c[i], terminal_too, loc);
            continue;
        }
        const SumPart *p;
        size_t np = sums_parts(m, to[i], &p);
        if (!np) {   /* it has ended: in conj and shortselect it stays, a terminal position of its game */
            if (!terminal_too) continue;
            const SumPart *cp;
            uint32_t from = c[i].id != NONE ? c[i].id : sums_parts(m, c[i].sum, &cp) ? cp[0].id : NONE;
            uint32_t t = from == NONE ? NONE : sums_terminal_option(m, from);
            if (t == NONE) t = zero_state(s, loc);   /* its game's move led to 0: an empty heap */
            if (t == NONE) {
                a->unwritten = true;
                return;
            }
            put(s, &o, t, c[i].count, loc);
            continue;
        }
        SumPart *copy = vm_alloc(s->vm, np * sizeof *copy, loc);   /* put may run the interpreter's allocator only */
        memcpy(copy, p, np * sizeof *copy);
        order_parts(s, copy, np);
        if (!(a->mode & PM_COMPOUND)) {   /* misere play of a sum: the parts join the sum */
            for (size_t j = 0; j < np; j++) {
                uint64_t w;
                if (__builtin_mul_overflow((uint64_t)copy[j].count, c[i].count, &w))
                    prog_fail(s->p, EXIT_LIMIT, loc, "a winning move with more than 2^64 - 1 copies of a component");
                put(s, &o, copy[j].id, w, loc);
            }
        } else if (!put_sum(s, &o, copy, np, c[i].count, loc)) {
            a->unwritten = true;
            return;
        }
    }
    solve_answer_add(a, text(s, a->mode, &o, loc), o.p, o.n);
}

bool cpd_any_loopy(const CpdComp *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (c[i].loopy) return true;
    return false;
}

static int cmp_comp(const void *x, const void *y)
{
    const AnswerPart *a = x, *b = y;
    return a->id != b->id ? (a->id > b->id) - (a->id < b->id) : (a->count > b->count) - (a->count < b->count);
}

/* Position v as sorted (sum, copies) pairs: the multiset of its components. */
static size_t comp_multiset(Solver *s, const Value *v, Loc loc, AnswerPart **out)
{
    CpdComp *c;
    unsigned kind = v->strs & PM_COMPOUND;
    size_t n = kind ? cpd_components(s, v, loc, &c) : cpd_flat(s, v, loc, &c), k = 0;
    AnswerPart *p = vm_alloc(s->vm, (n ? n : 1) * sizeof *p, loc);
    bool keep_ended = kind == PM_CONJ || kind == PM_SHORTSELECT;
    for (size_t i = 0; i < n; i++)
        if (!c[i].terminal || keep_ended) p[k++] = (AnswerPart){ c[i].sum, c[i].count };
    qsort(p, k, sizeof *p, cmp_comp);
    size_t w = 0;   /* equal components: one entry with their copies */
    for (size_t i = 0; i < k; i++) {
        if (w && p[w - 1].id == p[i].id) p[w - 1].count += p[i].count;
        else p[w++] = p[i];
    }
    *out = p;
    return w;
}

bool cpd_same(Solver *s, const Value *a, const Value *b, Loc loc)
{
    AnswerPart *x, *y;
    size_t n = comp_multiset(s, a, loc, &x), m = comp_multiset(s, b, loc, &y);
    if (n != m) return false;
    for (size_t i = 0; i < n; i++)
        if (x[i].id != y[i].id || x[i].count != y[i].count) return false;
    return true;
}
