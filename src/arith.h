/* arith.h: the language's 64-bit integer arithmetic, once, for every evaluator of it (the
   interpreter, vm.c; the table strategy's integer code, dense.c): checked addition, subtraction,
   multiplication and negation, floor division and modulo (the remainder has the divisor's sign),
   powers, shifts; each says what went wrong in one set of messages. */
#ifndef GRUNDY_ARITH_H
#define GRUNDY_ARITH_H
#include <stdint.h>

/* What an operation gave: a result in 64 bits, or why not. ARITH_OVERFLOW is a result beyond 64
   bits (the interpreter continues in GMP; the table strategy declines); the others are errors of
   the program whoever evaluates it. */
typedef enum ArithStatus {
    ARITH_OK, ARITH_OVERFLOW, ARITH_DIV_ZERO, ARITH_NEG_EXPONENT, ARITH_NEG_SHIFT
} ArithStatus;

/* The message of a status other than ARITH_OK ("division by zero"). */
static inline const char *arith_message(ArithStatus st)
{
    switch (st) {
    case ARITH_OK: return "no error";
    case ARITH_OVERFLOW: return "integer overflow";
    case ARITH_DIV_ZERO: return "division by zero";
    case ARITH_NEG_EXPONENT: return "negative exponent";
    case ARITH_NEG_SHIFT: return "a shift by a negative amount";
    }
    return "?";
}

static inline ArithStatus arith_add(int64_t a, int64_t b, int64_t *out)
{
    return __builtin_add_overflow(a, b, out) ? ARITH_OVERFLOW : ARITH_OK;
}

static inline ArithStatus arith_sub(int64_t a, int64_t b, int64_t *out)
{
    return __builtin_sub_overflow(a, b, out) ? ARITH_OVERFLOW : ARITH_OK;
}

static inline ArithStatus arith_mul(int64_t a, int64_t b, int64_t *out)
{
    return __builtin_mul_overflow(a, b, out) ? ARITH_OVERFLOW : ARITH_OK;
}

static inline ArithStatus arith_neg(int64_t a, int64_t *out)
{
    if (a == INT64_MIN) return ARITH_OVERFLOW;
    *out = -a;
    return ARITH_OK;
}

/* Floor division (mod: the remainder, of the divisor's sign): 7 / -2 = -4, 7 % -2 = -1. */
static inline ArithStatus arith_divmod(int64_t a, int64_t b, int mod, int64_t *out)
{
    if (b == 0) return ARITH_DIV_ZERO;
    if (a == INT64_MIN && b == -1) {   /* the quotient 2^63 does not fit; the remainder is 0 */
        if (!mod) return ARITH_OVERFLOW;
        *out = 0;
        return ARITH_OK;
    }
    int64_t q = a / b, m = a % b;
    if (m != 0 && ((m < 0) != (b < 0))) {
        q--;
        m += b;
    }
    *out = mod ? m : q;
    return ARITH_OK;
}

/* a ** b by squaring: a square is taken only while bits of b remain, so every intermediate
   value divides the result and an overflow is one of the result. */
static inline ArithStatus arith_pow(int64_t a, int64_t b, int64_t *out)
{
    if (b < 0) return ARITH_NEG_EXPONENT;
    int64_t r = 1;
    while (b > 0) {
        if ((b & 1) && __builtin_mul_overflow(r, a, &r)) return ARITH_OVERFLOW;
        b >>= 1;
        if (b && __builtin_mul_overflow(a, a, &a)) return ARITH_OVERFLOW;
    }
    *out = r;
    return ARITH_OK;
}

/* a << b, exact (bits shifted out of 64 are an overflow); a >> b, arithmetic (to -1 or 0). */
static inline ArithStatus arith_shl(int64_t a, int64_t b, int64_t *out)
{
    if (b < 0) return ARITH_NEG_SHIFT;
    if (b > 63) {
        if (a != 0) return ARITH_OVERFLOW;
        *out = 0;
        return ARITH_OK;
    }
    int64_t r = (int64_t)((uint64_t)a << b);
    if ((r >> b) != a) return ARITH_OVERFLOW;
    *out = r;
    return ARITH_OK;
}

static inline ArithStatus arith_shr(int64_t a, int64_t b, int64_t *out)
{
    if (b < 0) return ARITH_NEG_SHIFT;
    *out = b > 63 ? (a < 0 ? -1 : 0) : a >> b;
    return ARITH_OK;
}
#endif
