/* compose_sum.c: the disjunctive sum of normal play: a position's SG value is the XOR of its
   components' (Sprague-Grundy theorem, docs/theory.md section 1); a winning move takes a
   component of value g to g XOR x, which exists only when that is below g. */
#include "config.h"
#include "solve/compose.h"

static GameValue sum_combine(const GameValue *v, size_t n)
{
    if (n == 1 && v[0].kind == GV_OUTCOME) return v[0];   /* a lone component known by its outcome */
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x ^= v[i].n;
    return gv_sg(x);
}

static bool sum_target(const GameValue *total, const GameValue *comp, GameValue *want)
{
    if (total->outcome != 'N') return false;
    if (comp->kind == GV_OUTCOME) {   /* the lone component: any move to a P-position */
        *want = gv_outcome('P');
        return true;
    }
    uint64_t t = total->n ^ comp->n;
    if (t >= comp->n) return false;
    *want = gv_sg(t);
    return true;
}

static bool sum_meets(const GameValue *got, const GameValue *want)
{
    if (want->kind == GV_OUTCOME) return got->outcome == want->outcome;
    return got->kind == GV_SG && got->n == want->n;
}

const Compose compose_sum = { "sum", sum_combine, sum_target, sum_meets };
