/* cgt.h: short partizan games as hash-consed forms: canonical forms (dominated options removed,
   reversible options bypassed), comparison, sums, negation, numbers, nimbers and ups, stops, and
   the field's notation (docs/theory.md, "Short partizan games"). Knows no program: a store of
   forms that a play mode fills. */
#ifndef GRUNDY_CGT_H
#define GRUNDY_CGT_H
#include "solve/core/cgt_num.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A form's index in its store. Equal canonical forms have one index, so comparing canonical forms
   for equality is comparing indices. CGT_NONE: no form (the store is full). */
typedef uint32_t CgtId;
#define CGT_NONE UINT32_MAX

typedef struct CgtStore CgtStore;

/* A store holding at most max_forms forms (canonical or not; 0: a default). */
CgtStore *cgt_new(size_t max_forms);
void cgt_free(CgtStore *st);
/* Whether an operation ran out of room (its result is CGT_NONE): the store full, or a number past
   its bounds (cgt_too_big: an integer part beyond CGT_MAX_INTEGER, a denominator beyond 2^60).
   Sticky. */
bool cgt_full(const CgtStore *st);
bool cgt_too_big(const CgtStore *st);
/* poll(ctx) is asked every 1024 operations whether to stop (a deadline, an interrupt, the memory
   budget: the caller's); once it says so, every operation ends at once with CGT_NONE (cgt_le with
   an answer that means nothing) and cgt_stopped is true. */
void cgt_set_poll(CgtStore *st, bool (*poll)(void *ctx), void *ctx);
bool cgt_stopped(const CgtStore *st);
#define CGT_MAX_INTEGER ((int64_t)1 << 20)
/* Bytes the store holds. */
size_t cgt_bytes(const CgtStore *st);
/* Forms held. */
size_t cgt_count(const CgtStore *st);

/* The canonical form of {L | R}, the options canonical forms of this store (in any order,
   repeats allowed). */
CgtId cgt_make(CgtStore *st, const CgtId *L, size_t nl, const CgtId *R, size_t nr);
/* Forms of numbers and nimbers (canonical). cgt_number: CGT_NONE past the store's bounds
   (|m| / 2^k beyond CGT_MAX_INTEGER, k beyond 60). */
CgtId cgt_zero(CgtStore *st);
CgtId cgt_number(CgtStore *st, CgtNum x);
CgtId cgt_integer(CgtStore *st, int64_t n);
CgtId cgt_nimber(CgtStore *st, uint32_t n);
/* ↑ = {0 | *}, and n.↑ (n >= 1; made once). */
CgtId cgt_up(CgtStore *st);
CgtId cgt_up_times(CgtStore *st, uint32_t n);

/* Sum and negative of canonical forms (canonical results, memoized). */
CgtId cgt_add(CgtStore *st, CgtId a, CgtId b);
CgtId cgt_neg(CgtStore *st, CgtId a);
/* a <= b (memoized on the pair). */
bool cgt_le(CgtStore *st, CgtId a, CgtId b);
/* '<', '>', '=' or '|' (confused: incomparable). */
char cgt_cmp(CgtStore *st, CgtId a, CgtId b);
/* The outcome class: 'L' (a > 0), 'R' (a < 0), 'P' (a = 0), 'N' (a || 0). */
char cgt_outcome(CgtStore *st, CgtId a);

/* Options of a form. */
size_t cgt_nleft(const CgtStore *st, CgtId a);
size_t cgt_nright(const CgtStore *st, CgtId a);
CgtId cgt_left(const CgtStore *st, CgtId a, size_t i);
CgtId cgt_right(const CgtStore *st, CgtId a, size_t i);

/* Whether a canonical form is a number (its value into *x), a nimber (into *n). */
bool cgt_is_number(const CgtStore *st, CgtId a, CgtNum *x);
bool cgt_is_nimber(const CgtStore *st, CgtId a, uint32_t *n);
/* Left and right stops of a canonical form (numbers). */
CgtNum cgt_leftstop(CgtStore *st, CgtId a);
CgtNum cgt_rightstop(CgtStore *st, CgtId a);

/* The thermograph of canonical form a (cgt_thermo.c): its left wall (points (lt[i], lv[i]), lt[0] =
   -1, increasing; linear between them, constant after the last) and its right wall the same way,
   for temperatures t >= -1; the mast rises from (temperature, mean). Kept in a cache of the
   caller's (forms of one store); NULL when a figure leaves 64-bit dyadic arithmetic. */
typedef struct CgtThermo { CgtNum *lt, *lv, *rt, *rv; size_t nl, nr; CgtNum temperature, mean; } CgtThermo;
struct CgtThermoCache;
struct CgtThermoCache *cgt_thermo_cache_new(void);
void cgt_thermo_cache_free(struct CgtThermoCache *c);
const CgtThermo *cgt_thermograph(CgtStore *st, struct CgtThermoCache *c, CgtId a);

/* The canonical form a in the field's notation: numbers (3/8), nimbers (*2), ups and downs
   (^, v*, ^^, with a number before: 1/2^*), switches (+-1), and {A, B | C} nested.
   unicode: ↑ ↓ ⇑ ⇓ ± instead of ^ v ^^ vv +-. (cgt_text.c) */
void cgt_print(CgtStore *st, StrBuf *b, CgtId a, bool unicode);
#endif
