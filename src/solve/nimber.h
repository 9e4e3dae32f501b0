/* nimber.h: SG values beyond 64 bits. Such a value is an interned integer record (the program's,
   prog_intern_int), so equal values are the same record; a GameValue holds its words in big and a
   state holds their address in sg with ST_BIG. A value below 2^64 is never big. */
#ifndef GRUNDY_NIMBER_H
#define GRUNDY_NIMBER_H
#include "solve/compose.h"
#include "pos.h"
#include <gmp.h>

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
