/* bignum.h: integers beyond 64 bits as values (VT_BIG, see value.h), converted to and from GMP.
   The fast path everywhere is int64; these helpers serve the slow path. */
#ifndef GRUNDY_BIGNUM_H
#define GRUNDY_BIGNUM_H
#include "value.h"
#include "gmpx.h"

/* Allocates a value's limbs (the interpreter's scratch memory, a program arena). */
typedef void *(*BigAlloc)(void *ctx, size_t bytes);

/* z = v (an integer of either representation); z is initialised by the caller. */
void big_get(mpz_t z, const Value *v);
/* The value of z, canonical: a VT_INT when it fits 64 bits, else a VT_BIG with its limbs. */
Value big_value(const mpz_t z, BigAlloc alloc, void *ctx);
/* The same for the limbs of a key (a VT_BIG pointing into it). */
Value big_from_key(const int64_t *w, uint64_t lenword);
/* A value from decimal digits (optionally with a leading '-'); false when s is not that. */
bool big_parse(const char *s, size_t n, BigAlloc alloc, void *ctx, Value *out);
/* Compare two integers of either representation: -1, 0, 1. */
int big_cmp(const Value *a, const Value *b);
#endif
