/* cgt_num.h: dyadic rationals m / 2^k, the numbers of short partizan games: arithmetic, order, the
   simplest number between two, and their text. */
#ifndef GRUNDY_CGT_NUM_H
#define GRUNDY_CGT_NUM_H
#include "util.h"
#include <stdbool.h>
#include <stdint.h>

/* A dyadic rational m / 2^k (k >= 0; m odd when k > 0). */
typedef struct CgtNum { int64_t m; int k; } CgtNum;

/* Dyadic arithmetic (false: out of 64 bits). */
bool cgt_num_add(CgtNum a, CgtNum b, CgtNum *out);
int cgt_num_cmp(CgtNum a, CgtNum b);
/* The simplest number strictly between lo and hi (lo < hi; has_lo/has_hi false: no bound). */
bool cgt_num_simplest(bool has_lo, CgtNum lo, bool has_hi, CgtNum hi, CgtNum *out);
void cgt_num_print(StrBuf *b, CgtNum x);
#endif
