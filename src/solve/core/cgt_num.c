/* cgt_num.c: dyadic rationals: sums, order, the simplest number between two (the value of a
   number's game form), and their text. */
#include "config.h"
#include "solve/core/cgt_num.h"

typedef __int128 Wide;

/* x * 2^k as a wide integer (k >= x.k), exact within the store's bounds. */
static Wide scaled(CgtNum x, int k) { return (Wide)x.m * ((Wide)1 << (k - x.k)); }

int cgt_num_cmp(CgtNum a, CgtNum b)
{
    int k = a.k > b.k ? a.k : b.k;
    Wide x = scaled(a, k), y = scaled(b, k);
    return (x > y) - (x < y);
}

/* m / 2^k reduced; false past 64 bits. */
static bool reduce(Wide m, int k, CgtNum *out)
{
    while (k && !(m & 1)) m /= 2, k--;
    if (m > INT64_MAX || m < INT64_MIN) return false;
    *out = (CgtNum){ (int64_t)m, k };
    return true;
}

bool cgt_num_add(CgtNum a, CgtNum b, CgtNum *out)
{
    int k = a.k > b.k ? a.k : b.k;
    if (k > 62) return false;
    return reduce(scaled(a, k) + scaled(b, k), k, out);
}

/* floor(x * 2^k) */
static Wide floor_scaled(CgtNum x, int k)
{
    if (k >= x.k) return scaled(x, k);
    Wide d = (Wide)1 << (x.k - k), m = x.m;
    return m >= 0 ? m / d : -((-m + d - 1) / d);
}

bool cgt_num_simplest(bool has_lo, CgtNum lo, bool has_hi, CgtNum hi, CgtNum *out)
{
    /* an integer strictly between: the one nearest 0 */
    bool lo_neg = !has_lo || cgt_num_cmp(lo, (CgtNum){ 0, 0 }) < 0, hi_pos = !has_hi || cgt_num_cmp(hi, (CgtNum){ 0, 0 }) > 0;
    if (lo_neg && hi_pos) {
        *out = (CgtNum){ 0, 0 };
        return true;
    }
    if (!lo_neg) {   /* lo >= 0: the least integer above lo */
        CgtNum n = { (int64_t)floor_scaled(lo, 0) + 1, 0 };
        if (!has_hi || cgt_num_cmp(n, hi) < 0) {
            *out = n;
            return true;
        }
    } else {         /* hi <= 0: the greatest integer below hi */
        Wide f = floor_scaled(hi, 0);
        CgtNum n = { (int64_t)(hi.k ? f : f - 1), 0 };
        if (!has_lo || cgt_num_cmp(lo, n) < 0) {
            *out = n;
            return true;
        }
    }
    if (!has_lo || !has_hi) return false;
    /* between two consecutive integers: the dyadic of least denominator */
    for (int k = 1; k <= 62; k++) {
        Wide m = floor_scaled(lo, k) + 1;
        CgtNum x;
        if (!reduce(m, k, &x)) return false;
        if (cgt_num_cmp(x, hi) < 0) {
            *out = x;
            return true;
        }
    }
    return false;
}

void cgt_num_print(StrBuf *b, CgtNum x)
{
    sb_put_i64(b, x.m);
    if (x.k) {
        sb_putc(b, '/');
        sb_put_i64(b, (int64_t)1 << x.k);
    }
}

