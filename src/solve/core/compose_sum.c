/* compose_sum.c: the disjunctive sum of normal play: a position's SG value is the XOR of its
   components' (Sprague-Grundy theorem, docs/theory.md section 1); a winning move takes a
   component of value g to g XOR x, which exists only when that is below g. Values beyond 64 bits
   (nimber.h) take the exact path. Components with cycles have generalized values (finite, or
   ∞(K)); the sum rule extends to them: a ⊕ ∞(L) = ∞(L ⊕ a), ∞(K) ⊕ ∞(L) = ∞(∅) (docs/theory.md
   section 5). */
#include "config.h"
#include "solve/core/compose.h"
#include "solve/core/nimber.h"
#include <stdlib.h>

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* An even number of copies of a finite component cancels out: X + X has value 0. Two or more
   infinite components (also two copies of one) make ∞(∅), a draw. */
static GameValue sum_combine(Program *p, const GameValue *v, const uint64_t *count, size_t n)
{
    if (n == 1 && (!count || count[0] == 1)) return v[0];   /* a lone component: its value (or its outcome alone) */
    uint64_t x = 0, ninf = 0;
    uintptr_t big = 0;
    bool loopy = false;
    const uint64_t *K = NULL;
    for (size_t i = 0; i < n; i++) {
        uint64_t c = count ? count[i] : 1;
        loopy |= v[i].kind == GV_LOOPY;
        if (v[i].kset) {
            if (c) {   /* a component with no copies left (the rest of a position) is not there */
                ninf += c;
                K = v[i].kset;
            }
            continue;
        }
        if (!(c & 1)) continue;
        x ^= v[i].n;
        big |= (uintptr_t)v[i].big;
    }
    if (ninf) {
        if (ninf > 1 || big) {   /* a finite part beyond 64 bits is in no K: a draw all the same */
            return gv_inf(gv_kset(p, NULL, 0), big ? 0 : x);
        }
        uint64_t *l = xmalloc((K[0] ? K[0] : 1) * sizeof *l);
        for (uint64_t i = 0; i < K[0]; i++) l[i] = K[1 + i] ^ x;
        qsort(l, K[0], sizeof *l, cmp_u64);
        GameValue r = gv_inf(gv_kset(p, l, K[0]), x);
        xfree(l);
        return r;
    }
    if (!big) return loopy ? gv_loopy(x, 0) : gv_sg(x);
    mpz_t acc, t;
    mpz_init(acc);
    mpz_init(t);
    for (size_t i = 0; i < n; i++) {
        if (count && !(count[i] & 1)) continue;
        nim_to_mpz(t, &v[i]);
        mpz_xor(acc, acc, t);
    }
    GameValue r = nim_from_mpz(p, acc);
    mpz_clear(acc);
    mpz_clear(t);
    return r;
}

static bool sum_target(Program *p, const GameValue *total, const GameValue *comp, uint64_t count, GameValue *want)
{
    (void)count;   /* one copy moves: the total changes by its old value XOR its new one */
    if (total->outcome != 'N') return false;
    if (comp->kind == GV_OUTCOME) {   /* the lone component: any move to a P-position */
        *want = gv_outcome('P');
        return true;
    }
    if (total->kset) {   /* one infinite component ∞(L) with the rest's XOR a in L: it moves to a */
        if (!comp->kset) return false;
        *want = gv_sg(total->n);
        return true;
    }
    if (!total->big && !comp->big) {
        /* t > comp->n too: a game's options may have larger values than its own (Kayles(8) has
           value 1 and an option of value 6); only a Nim heap's cannot, which its strategy knows */
        uint64_t t = total->n ^ comp->n;
        *want = gv_sg(t);
        return true;
    }
    GameValue v[2] = { *total, *comp };
    GameValue t = sum_combine(p, v, NULL, 2);
    *want = t;
    return true;
}

static bool sum_meets(const GameValue *got, const GameValue *want)
{
    if (want->kind == GV_OUTCOME) return got->outcome == want->outcome;
    return gv_finite(got) && got->n == want->n && got->big == want->big;   /* records are interned */
}

const Compose compose_sum = { "sum", sum_combine, sum_target, sum_meets };
