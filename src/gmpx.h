/* gmpx.h: GMP for the engine, with 64-bit integers wherever GMP's functions take or give an
   unsigned long or a long. The engine passes int64/uint64 values to mpz_*_ui and mpz_*_si and
   reads them back with mpz_get_ui/si and mpz_fits_ulong_p/slong_p; where long has 32 bits
   (WebAssembly, 32-bit machines) GMP's own functions would cut them silently, so this header
   redefines those names to take and give 64 bits (exact on every machine). Include it instead of
   <gmp.h>. With GRUNDY_MINI_GMP defined (the WebAssembly build) the engine uses GMP's mini-gmp,
   which lacks mpz_inits and mpz_clears: they are supplied here too. */
#ifndef GRUNDY_GMPX_H
#define GRUNDY_GMPX_H
#include <limits.h>
#include <stdint.h>
#ifdef GRUNDY_MINI_GMP
#include <stdarg.h>
#include <stddef.h>
#include "mini-gmp.h"

static inline void gmpx_inits(mpz_ptr z, ...)
{
    va_list ap;
    va_start(ap, z);
    for (; z; z = va_arg(ap, mpz_ptr)) mpz_init(z);
    va_end(ap);
}
static inline void gmpx_clears(mpz_ptr z, ...)
{
    va_list ap;
    va_start(ap, z);
    for (; z; z = va_arg(ap, mpz_ptr)) mpz_clear(z);
    va_end(ap);
}
#define mpz_inits gmpx_inits
#define mpz_clears gmpx_clears
#else
#include <gmp.h>
#endif

#if ULONG_MAX < UINT64_MAX
/* ---- long has fewer than 64 bits: every _ui/_si name below works on 64 bits ---- */
#define GMPX_HALF 32
_Static_assert(sizeof(mp_limb_t) * CHAR_BIT == GMPX_HALF, "gmpx.h reads 32-bit limbs where long has 32 bits");

static inline void gmpx_set_u64(mpz_ptr z, uint64_t v)
{
    mpz_set_ui(z, (unsigned long)(v >> GMPX_HALF));
    mpz_mul_2exp(z, z, GMPX_HALF);
    mpz_add_ui(z, z, (unsigned long)(v & 0xffffffffu));
}
static inline void gmpx_set_i64(mpz_ptr z, int64_t v)
{
    gmpx_set_u64(z, v < 0 ? -(uint64_t)v : (uint64_t)v);
    if (v < 0) mpz_neg(z, z);
}
static inline void gmpx_init_set_u64(mpz_ptr z, uint64_t v)
{
    mpz_init(z);
    gmpx_set_u64(z, v);
}
/* The low 64 bits of |z| (GMP's mpz_get_ui: the low bits of the absolute value). */
static inline uint64_t gmpx_get_u64(mpz_srcptr z)
{
    return (uint64_t)mpz_getlimbn(z, 0) | (uint64_t)mpz_getlimbn(z, 1) << GMPX_HALF;
}
static inline int gmpx_fits_u64(mpz_srcptr z)
{
    return mpz_sgn(z) >= 0 && (mpz_sgn(z) == 0 || mpz_sizeinbase(z, 2) <= 64);
}
static inline int gmpx_fits_i64(mpz_srcptr z)
{
    if (mpz_sgn(z) == 0 || mpz_sizeinbase(z, 2) <= 63) return 1;
    /* -2^63 alone of the 64-bit magnitudes */
    return mpz_sgn(z) < 0 && mpz_scan1(z, 0) == 63 && mpz_sizeinbase(z, 2) == 64;
}
/* z's value as int64 when it fits (GMP's mpz_get_si: the low bits with z's sign otherwise). */
static inline int64_t gmpx_get_i64(mpz_srcptr z)
{
    uint64_t m = gmpx_get_u64(z);
    return mpz_sgn(z) < 0 ? (int64_t)(0 - m) : (int64_t)m;
}

/* The two-operand functions: GMP's own when the operand fits a long, else through an mpz. */
#define GMPX_BINARY(name, fn, ztype)                                                              \
    static inline void name(mpz_ptr r, ztype a, uint64_t v)                                       \
    {                                                                                             \
        if (v <= ULONG_MAX) {                                                                     \
            fn##_ui(r, a, (unsigned long)v);                                                      \
            return;                                                                               \
        }                                                                                         \
        mpz_t t;                                                                                  \
        mpz_init(t);                                                                              \
        gmpx_set_u64(t, v);                                                                       \
        fn(r, a, t);                                                                              \
        mpz_clear(t);                                                                             \
    }
GMPX_BINARY(gmpx_add_u64, mpz_add, mpz_srcptr)
GMPX_BINARY(gmpx_sub_u64, mpz_sub, mpz_srcptr)
GMPX_BINARY(gmpx_mul_u64, mpz_mul, mpz_srcptr)
GMPX_BINARY(gmpx_addmul_u64, mpz_addmul, mpz_srcptr)
GMPX_BINARY(gmpx_submul_u64, mpz_submul, mpz_srcptr)
GMPX_BINARY(gmpx_divexact_u64, mpz_divexact, mpz_srcptr)
#undef GMPX_BINARY

/* r = floor(a / d), returning a mod d (GMP's mpz_fdiv_q_ui). */
static inline uint64_t gmpx_fdiv_q_u64(mpz_ptr r, mpz_srcptr a, uint64_t d)
{
    if (d <= ULONG_MAX) return mpz_fdiv_q_ui(r, a, (unsigned long)d);
    mpz_t t, m;
    mpz_inits(t, m, NULL);
    gmpx_set_u64(t, d);
    mpz_fdiv_qr(r, m, a, t);
    uint64_t rem = gmpx_get_u64(m);
    mpz_clears(t, m, NULL);
    return rem;
}

/* Comparisons: GMP's own when the operand fits a long, else against an mpz. */
#define GMPX_COMPARE(name, fn)                                                                    \
    static inline int name(mpz_srcptr a, uint64_t v)                                              \
    {                                                                                             \
        if (v <= ULONG_MAX) return fn##_ui(a, (unsigned long)v);                                  \
        mpz_t t;                                                                                  \
        mpz_init(t);                                                                              \
        gmpx_set_u64(t, v);                                                                       \
        int c = fn(a, t);                                                                         \
        mpz_clear(t);                                                                             \
        return c;                                                                                 \
    }
GMPX_COMPARE(gmpx_cmp_u64, mpz_cmp)
GMPX_COMPARE(gmpx_cmpabs_u64, mpz_cmpabs)
#undef GMPX_COMPARE
/* a mod d in [0, d) (GMP's mpz_fdiv_ui). */
static inline uint64_t gmpx_fdiv_u64(mpz_srcptr a, uint64_t d)
{
    if (d <= ULONG_MAX) return mpz_fdiv_ui(a, (unsigned long)d);
    mpz_t t;
    mpz_init(t);
    gmpx_set_u64(t, d);
    mpz_fdiv_r(t, a, t);
    uint64_t r = gmpx_get_u64(t);
    mpz_clear(t);
    return r;
}
static inline int gmpx_divisible_u64(mpz_srcptr a, uint64_t d)
{
    if (d <= ULONG_MAX) return mpz_divisible_ui_p(a, (unsigned long)d);
    return gmpx_fdiv_u64(a, d) == 0;
}

#undef mpz_set_ui
#undef mpz_set_si
#undef mpz_init_set_ui
#undef mpz_get_ui
#undef mpz_get_si
#undef mpz_fits_ulong_p
#undef mpz_fits_slong_p
#undef mpz_add_ui
#undef mpz_sub_ui
#undef mpz_mul_ui
#undef mpz_addmul_ui
#undef mpz_submul_ui
#undef mpz_fdiv_q_ui
#undef mpz_divexact_ui
#undef mpz_cmp_ui
#undef mpz_cmpabs_ui
#undef mpz_fdiv_ui
#undef mpz_divisible_ui_p
#define mpz_set_ui(z, v) gmpx_set_u64(z, v)
#define mpz_set_si(z, v) gmpx_set_i64(z, v)
#define mpz_init_set_ui(z, v) gmpx_init_set_u64(z, v)
#define mpz_get_ui(z) gmpx_get_u64(z)
#define mpz_get_si(z) gmpx_get_i64(z)
#define mpz_fits_ulong_p(z) gmpx_fits_u64(z)
#define mpz_fits_slong_p(z) gmpx_fits_i64(z)
#define mpz_add_ui(r, a, v) gmpx_add_u64(r, a, v)
#define mpz_sub_ui(r, a, v) gmpx_sub_u64(r, a, v)
#define mpz_mul_ui(r, a, v) gmpx_mul_u64(r, a, v)
#define mpz_addmul_ui(r, a, v) gmpx_addmul_u64(r, a, v)
#define mpz_submul_ui(r, a, v) gmpx_submul_u64(r, a, v)
#define mpz_fdiv_q_ui(r, a, v) gmpx_fdiv_q_u64(r, a, v)
#define mpz_divexact_ui(r, a, v) gmpx_divexact_u64(r, a, v)
#define mpz_cmp_ui(a, v) gmpx_cmp_u64(a, v)
#define mpz_cmpabs_ui(a, v) gmpx_cmpabs_u64(a, v)
#define mpz_fdiv_ui(a, v) gmpx_fdiv_u64(a, v)
#define mpz_divisible_ui_p(a, v) gmpx_divisible_u64(a, v)
#endif
#endif
