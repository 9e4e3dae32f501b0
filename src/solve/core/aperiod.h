/* aperiod.h: proving arithmetic periodicity, G(n + p) = G(n) + s for every n >= e, of one-heap
   take-and-break games with infinitely many removals (docs/theory.md section 4, "Arithmetic
   periodicity"): a table G(0..L) that shows it, and a check over residues that extends it to
   every n. */
#ifndef GRUNDY_APERIOD_H
#define GRUNDY_APERIOD_H
#include "solve/core/heaprules.h"
#include "solve/core/rare.h"
#include <stdbool.h>
#include <stdint.h>

/* Largest period, saltus and preperiod the check takes on (its work grows with p^2 and s). */
#define APER_MAX_P 1024
#define APER_MAX_S 4096
#define APER_MAX_E 4096

/* Whether G(n + p) = G(n) + s for all n >= e is proven, given the true values g of G(0..L) under
   the rules hr. s must be a power of two (a saltus of 0 is an ordinary period: not this check).
   False with *need > L: the residue check holds, and a table of *need values would complete the
   proof (the induction needs every n below *need from the table); false with *need = 0: no proof
   by this theorem (the rules have no infinite family of removals, the table contradicts the
   period, or some residue class fails the check). */
bool aper_prove(const HeapRules *hr, RareTable g, size_t L, uint64_t e, uint64_t p, uint64_t s, uint64_t *need);
/* The residue check alone, on F: g's values below e + p, F(n + p) = F(n) + s from e on (g need
   hold no more). True with *n0 when, for every n >= *n0, the mex of n's options valued by F is F(n):
   a table of the true values that agrees with F below *n0 then proves G = F. */
bool aper_check(const HeapRules *hr, RareTable g, uint64_t e, uint64_t p, uint64_t s, uint64_t *n0);
#endif
