/* vm_memo.c: memoized defs. A def that may call itself (directly or through other defs), or that
   runs a loop (a generator: sum(...), [... for ...], any(...)), keeps its results: a call with
   arguments seen before returns the kept value, so a dynamic program written as a recursion runs
   in polynomial time and a table built by a def is built once. Defs are pure (a redefinition
   forgets it all), so this changes no result. Bounded: past the state limit's count of entries, or 64 bytes an
   allowed state, calls are simply not remembered any more. A def that runs a loop but does not
   call itself is remembered on trial: when its first VM_MEMO_TRIAL calls each took fewer than
   VM_MEMO_DEAR steps (a helper that rebuilds a short list), remembering costs more than it saves
   (a key hashed and copied, a result copied, the memory), and its calls are no longer remembered;
   they are still timed, and one that takes VM_MEMO_DEAR * 4 steps or more starts a new trial. */
#include "config.h"
#include "vm.h"
#include "graph.h"
#include <stdlib.h>
#include <string.h>

typedef struct MemoEntry { const int64_t *key; Value v; } MemoEntry;

/* A call of a def that only runs a loop (does not call itself) with arguments longer than this
   (in words) is not remembered: hashing and copying a list of 10^6 heaps, and keeping the
   position the call returns, costs more than a call made once (Nim(...) of a big sum) saves. A
   recursive def is remembered up to VM_MEMO_MAX_REC_KEY words: without it a recursion passing a
   long list along could take exponential time. */
#define VM_MEMO_MAX_KEY ((size_t)1 << 16)
#define VM_MEMO_MAX_REC_KEY ((size_t)1 << 24)
#define VM_MEMO_TRIAL 64
#define VM_MEMO_DEAR 32

struct VmMemo {
    Arena arena;            /* kept keys and values */
    size_t bytes;           /* what the arena holds */
    MemoEntry *e;
    size_t n, cap;
    uint64_t *tab;          /* entry index + 1 in the low 32 bits, the hash's high 32 bits above */
    size_t tcap;
    int64_t *buf;           /* the key being built */
    size_t bufcap;
    /* per function: 0 not looked at, 1 remembered (runs a loop), 2 (calls itself), -1 not, -2 runs
       a loop but its calls are too cheap to remember; a loop's trial: calls timed, dear ones */
    int8_t *rec;
    uint32_t *timed, *dear;
    size_t nrec;
};

static struct VmMemo *memo_of(Vm *vm)
{
    if (!vm->memo) {
        vm->memo = xcalloc(1, sizeof *vm->memo);
        arena_init(&vm->memo->arena);
    }
    return vm->memo;
}

void vm_memo_forget(Vm *vm)
{
    struct VmMemo *m = vm->memo;
    if (!m) return;
    arena_fini(&m->arena);
    xfree(m->e);
    xfree(m->tab);
    xfree(m->buf);
    xfree(m->rec);
    xfree(m->timed);
    xfree(m->dear);
    xfree(m);
    vm->memo = NULL;
}

/* Whether def fn's own code runs a generator loop. */
static bool has_loop(const Func *f)
{
    for (size_t pc = 0; pc < f->ncode; pc += 1 + (size_t)ir_op_nargs((int)f->code[pc]))
        if ((int)f->code[pc] == IR_FOLD) return true;
    return false;
}

/* Whether def fn can reach a call of itself through the calls in the defs' code. */
static bool calls_itself(const Program *p, int fn)
{
    size_t nf = p->code.nfns;
    uint8_t *seen = xcalloc(nf, 1);
    int *pending = xmalloc(nf * sizeof *pending);
    size_t nt = 0;
    pending[nt++] = fn;
    bool found = false;
    while (nt && !found) {
        const Func *f = &p->code.fns[pending[--nt]];
        for (size_t pc = 0; pc < f->ncode;) {
            int op = (int)f->code[pc];
            if (op == IR_CALL) {
                int callee = (int)f->code[pc + 1];
                if (callee == fn) {
                    found = true;
                    break;
                }
                if (callee >= 0 && (size_t)callee < nf && !seen[callee]) {
                    seen[callee] = 1;
                    pending[nt++] = callee;
                }
            }
            pc += 1 + (size_t)ir_op_nargs(op);
        }
    }
    xfree(seen);
    xfree(pending);
    return found;
}

int vm_memo_kind(Vm *vm, int fn)
{
    struct VmMemo *m = memo_of(vm);
    const Program *p = vm->p;
    if ((size_t)fn >= m->nrec) {
        size_t n = p->code.nfns > (size_t)fn ? p->code.nfns : (size_t)fn + 1;
        m->rec = xrealloc(m->rec, n);
        m->timed = xrealloc(m->timed, n * sizeof *m->timed);
        m->dear = xrealloc(m->dear, n * sizeof *m->dear);
        memset(m->rec + m->nrec, 0, n - m->nrec);
        memset(m->timed + m->nrec, 0, (n - m->nrec) * sizeof *m->timed);
        memset(m->dear + m->nrec, 0, (n - m->nrec) * sizeof *m->dear);
        m->nrec = n;
    }
    if (!m->rec[fn])
        m->rec[fn] = p->code.fns[fn].kind != FN_DEF ? -1 : calls_itself(p, fn) ? 2 : has_loop(&p->code.fns[fn]) ? 1 : -1;
    return m->rec[fn];
}

void vm_memo_forbid(Vm *vm, int fn)
{
    vm_memo_kind(vm, fn);   /* the tables sized for fn */
    vm->memo->rec[fn] = -1;
}

void vm_memo_cost(Vm *vm, int fn, uint64_t steps)
{
    struct VmMemo *m = vm->memo;
    if (!m || (size_t)fn >= m->nrec) return;
    if (m->rec[fn] == -2) {   /* not remembered: a dear call starts a new trial */
        if (steps >= 4 * VM_MEMO_DEAR) {
            m->rec[fn] = 1;
            m->timed[fn] = m->dear[fn] = 0;
        }
        return;
    }
    if (m->rec[fn] != 1 || m->timed[fn] >= VM_MEMO_TRIAL) return;
    m->dear[fn] += steps >= VM_MEMO_DEAR;
    if (++m->timed[fn] == VM_MEMO_TRIAL && !m->dear[fn]) m->rec[fn] = -2;
}

static void need(struct VmMemo *m, size_t words)
{
    if (words > m->bufcap) {
        m->bufcap = words * 2;
        m->buf = xrealloc(m->buf, m->bufcap * sizeof *m->buf);
    }
}

/* The words of one argument after its tag: false for a value that is not remembered by (a
   position, a range, a truth value: 1 and true print differently). */
static bool arg_size(const Value *a, size_t *words)
{
    switch (a->t) {
    case VT_INT: case VT_GRAPH: *words = 1; return true;
    case VT_BIG: case VT_LIST: case VT_SET: *words = a->n; return true;
    case VT_STR: *words = (a->n + 7) / 8; return true;
    default: return false;
    }
}

const int64_t *vm_memo_key(Vm *vm, int fn, const Value *args, int nargs, uint64_t *hash)
{
    struct VmMemo *m = memo_of(vm);
    size_t words = 2;
    for (int i = 0; i < nargs; i++) {
        size_t w;
        if (!arg_size(&args[i], &w)) return NULL;
        words += 1 + w;
    }
    if (words > (m->rec && (size_t)fn < m->nrec && m->rec[fn] == 2 ? VM_MEMO_MAX_REC_KEY : VM_MEMO_MAX_KEY)) return NULL;
    need(m, words);
    int64_t *k = m->buf;
    k[0] = (int64_t)((uint64_t)(uint32_t)fn | ((uint64_t)words << 32));
    k[1] = nargs;
    size_t w = 2;
    for (int i = 0; i < nargs; i++) {
        const Value *a = &args[i];
        /* tag: the type, the list kind or sign, the count */
        k[w++] = (int64_t)((uint64_t)a->t | (uint64_t)a->strs << 8 | (uint64_t)a->n << 16);
        switch (a->t) {
        case VT_INT: k[w++] = a->u.i; break;
        case VT_GRAPH: k[w++] = (int64_t)a->u.g->id; break;
        case VT_STR: {
            size_t nw = (a->n + 7) / 8;
            if (nw) {
                k[w + nw - 1] = 0;
                memcpy(k + w, a->u.s, a->n);
            }
            w += nw;
            break;
        }
        default:
            if (a->n) memcpy(k + w, a->u.a, a->n * sizeof *k);
            w += a->n;
            break;
        }
    }
    *hash = util_hash_words(k, words);
    return k;
}

static size_t slot_of(const struct VmMemo *m, const int64_t *key, uint64_t h)
{
    size_t len = (size_t)((uint64_t)key[0] >> 32), j = (size_t)h & (m->tcap - 1);
    for (;;) {
        uint64_t t = m->tab[j];
        if (!t) return j;
        if ((t >> 32) == (h >> 32)) {
            const int64_t *k = m->e[(uint32_t)t - 1].key;
            if (k[0] == key[0] && !memcmp(k, key, len * sizeof *k)) return j;
        }
        j = (j + 1) & (m->tcap - 1);
    }
}

bool vm_memo_find(Vm *vm, const int64_t *key, uint64_t hash, Value *out)
{
    struct VmMemo *m = vm->memo;
    if (!m || !m->tcap) return false;
    uint64_t t = m->tab[slot_of(m, key, hash)];
    if (!t) return false;
    *out = m->e[(uint32_t)t - 1].v;
    return true;
}

/* Room for bytes more in the arena, within the bound. */
static bool room(Vm *vm, struct VmMemo *m, size_t bytes)
{
    uint64_t cap = vm->p->opt.max_states * 64 > ((uint64_t)1 << 27) ? vm->p->opt.max_states * 64 : (uint64_t)1 << 27;
    if (m->bytes + bytes > cap || m->n >= vm->p->opt.max_states || m->n >= UINT32_MAX - 1) return false;
    m->bytes += bytes;
    return true;
}

const int64_t *vm_memo_keep(Vm *vm, const int64_t *key)
{
    struct VmMemo *m = memo_of(vm);
    size_t bytes = (size_t)((uint64_t)key[0] >> 32) * sizeof *key;
    if (!room(vm, m, bytes)) return NULL;
    int64_t *k = arena_alloc(&m->arena, bytes);
    memcpy(k, key, bytes);
    return k;
}

/* v copied into the arena (false: a kind of value not kept, or no room). */
static bool keep_value(Vm *vm, struct VmMemo *m, const Value *v, Value *out)
{
    *out = *v;
    switch (v->t) {
    case VT_INT: case VT_BOOL: case VT_RANGE: case VT_GRAPH: return true;
    case VT_BIG: case VT_LIST: case VT_SET: {
        size_t bytes = v->n * sizeof(int64_t);
        if (!room(vm, m, bytes)) return false;
        int64_t *d = arena_alloc(&m->arena, bytes ? bytes : 1);
        if (bytes) memcpy(d, v->u.a, bytes);
        out->u.a = d;
        return true;
    }
    case VT_STR: {
        if (!room(vm, m, v->n)) return false;
        char *d = arena_alloc(&m->arena, v->n ? v->n : 1);
        if (v->n) memcpy(d, v->u.s, v->n);
        out->u.s = d;
        return true;
    }
    case VT_POS: {
        size_t bytes = v->n * (sizeof(int64_t *) + (v->u.pos.cnt ? sizeof(uint64_t) : 0));
        for (uint32_t i = 0; i < v->n; i++) bytes += (size_t)((uint64_t)v->u.pos.keys[i][0] >> 32) * sizeof(int64_t);
        if (!room(vm, m, bytes)) return false;
        const int64_t **keys = arena_alloc(&m->arena, (v->n ? v->n : 1) * sizeof *keys);
        for (uint32_t i = 0; i < v->n; i++) {
            size_t kb = (size_t)((uint64_t)v->u.pos.keys[i][0] >> 32) * sizeof(int64_t);
            int64_t *k = arena_alloc(&m->arena, kb);
            memcpy(k, v->u.pos.keys[i], kb);
            keys[i] = k;
        }
        out->u.pos.keys = keys;
        if (v->u.pos.cnt) {
            uint64_t *c = arena_alloc(&m->arena, v->n * sizeof *c);
            memcpy(c, v->u.pos.cnt, v->n * sizeof *c);
            out->u.pos.cnt = c;
        }
        return true;
    }
    default: return false;
    }
}

void vm_memo_put(Vm *vm, const int64_t *key, uint64_t hash, const Value *v)
{
    struct VmMemo *m = memo_of(vm);
    MemoEntry e = { key, { 0 } };
    if (!keep_value(vm, m, v, &e.v)) return;
    if ((m->n + 1) * 2 > m->tcap) {   /* grow the index */
        size_t cap = m->tcap ? 2 * m->tcap : 1024;
        xfree(m->tab);
        m->tab = xcalloc(cap, sizeof *m->tab);
        m->tcap = cap;
        for (size_t i = 0; i < m->n; i++) {
            const int64_t *k = m->e[i].key;
            uint64_t h = util_hash_words(k, (size_t)((uint64_t)k[0] >> 32));
            m->tab[slot_of(m, k, h)] = (i + 1) | (h >> 32 << 32);
        }
    }
    size_t j = slot_of(m, key, hash);
    if (m->tab[j]) return;   /* the same call finished twice (a recursion reached it again) */
    VEC_PUSH(m->e, m->n, m->cap, e);
    m->tab[j] = (uint64_t)m->n | (hash >> 32 << 32);
}

void vm_memo_forget_fns(Vm *vm, size_t from)
{
    struct VmMemo *m = vm->memo;
    if (!m || from >= m->nrec) return;
    memset(m->rec + from, 0, m->nrec - from);
    memset(m->timed + from, 0, (m->nrec - from) * sizeof *m->timed);
    memset(m->dear + from, 0, (m->nrec - from) * sizeof *m->dear);
}
