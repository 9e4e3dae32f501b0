/* nimber.h: SG values beyond 64 bits. Such a value is an interned integer record (the program's,
   prog_intern_int), so equal values are the same record; a GameValue holds its words in big and a
   state holds their address in sg with ST_BIG. A value below 2^64 is never big. */
#ifndef GRUNDY_NIMBER_H
#define GRUNDY_NIMBER_H
#include "solve/core/compose.h"
#include "pos.h"
#include "gmpx.h"

/* The SG value z (>= 0) as a game value: inline below 2^64, else interned in p. */
GameValue nim_from_mpz(Program *p, const mpz_t z);
/* The SG value of v as a GMP integer (z initialised by the caller). */
void nim_to_mpz(mpz_t z, const GameValue *v);
/* The SG value v as a language integer (a VT_BIG points into the record, or into vm's scratch). */
Value nim_value(const GameValue *v, Vm *vm, Loc loc);
/* Append the decimal digits of the SG value v. */
void nim_print(StrBuf *b, const GameValue *v);
/* -1, 0, 1 comparing two SG values. */
int nim_cmp(const GameValue *a, const GameValue *b);
/* The set K of ∞(K), interned: vals[0..n) increasing, distinct. Equal sets are one record. */
const uint64_t *gv_kset(Program *p, const uint64_t *vals, size_t n);
/* ∞(K) as a game value (its outcome from K); x: the XOR of a sum's finite parts. */
static inline GameValue gv_inf(const uint64_t *kset, uint64_t x)
{
    return (GameValue){ .kind = GV_LOOPY, .outcome = gv_inf_outcome(kset), .n = x, .kset = kset };
}
/* A finite loopy value with its labelling counter. */
static inline GameValue gv_loopy(uint64_t g, int64_t counter)
{
    return (GameValue){ .kind = GV_LOOPY, .outcome = g ? 'N' : 'P', .n = g, .score = counter };
}
/* Print a loopy value: "3", "∞(0,2)", "∞()". */
void gv_print_loopy(StrBuf *b, const GameValue *v);
/* The XOR of the SG values of states ids[0..n) into *x; false when it is beyond 64 bits (an
   option of that value cannot be a mex of finitely many options). */
bool nim_xor_small(const Engine *e, const uint32_t *ids, size_t n, uint64_t *x);
/* A state's SG value stored (ST_BIG set or cleared) and read back. */
static inline void nim_store(State *st, const GameValue *v)
{
    if (v->big) {
        st->sg = (uint64_t)(uintptr_t)v->big;
        st->flags |= ST_BIG;
    } else {
        st->sg = v->n;
        st->flags &= ~(uint32_t)ST_BIG;
    }
}
static inline GameValue nim_of_state(const State *st)
{
    if (st->flags & ST_BIG) {
        GameValue v = { .kind = GV_SG, .outcome = 'N', .n = UINT64_MAX };
        v.big = (const int64_t *)(uintptr_t)st->sg;
        return v;
    }
    return gv_sg(st->sg);
}
#endif
