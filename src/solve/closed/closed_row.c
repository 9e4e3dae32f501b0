/* closed_row.c: the closed form of EndPiles (piles in a row, take from either end; ZJOI 2009's
   interval recurrence), answered at the problem's real sizes without expanding the position. */
#include "config.h"
#include "solve/closed/closed.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

/* ---- EndPiles(a...): piles a_0..a_(n-1) in a row, take from the leftmost or the rightmost -------
   For an interval I of the row, left(I) is the one pile x such that x followed by I is a
   P-position (0: I alone is P), right(I) the same on the right; the pile is unique because two
   different piles there would be a move apart. With l = left(I), r = right(I) and the next pile x
   appended on the right of I:
     left(I x) = 0 if x == r;  x if x < min(l, r) or x > max(l, r);  x + 1 if l <= x < r;  x - 1 if r < x <= l
   and the mirror image for right(x I) (ZJOI 2009, Luogu P2599; docs/theory.md section 2). The row is
   P iff left(a_1..a_(n-1)) == a_0. One diagonal of intervals at a time: O(n^2) time, O(n) space. */

#define ENDPILES_MAX 20000   /* piles: O(n^2) steps, about a second at the limit (the search is hopeless too) */

/* Branch-free (the comparisons of random piles are unpredictable): x, moved one towards the
   side of the interval's own numbers when it lies between them, 0 when it equals the far one. */
static inline int64_t end_left(int64_t l, int64_t r, int64_t x)
{
    int64_t y = x + ((l <= x) & (x < r)) - ((r < x) & (x <= l));
    return x == r ? 0 : y;
}

static inline int64_t end_right(int64_t l, int64_t r, int64_t x)
{
    int64_t y = x + ((r <= x) & (x < l)) - ((l < x) & (x <= r));
    return x == l ? 0 : y;
}

/* left(a_1..a_(n-1)) and right(a_0..a_(n-2)) of a row of n >= 2 positive piles. */
static void end_sides(const int64_t *a, int n, int64_t *left1, int64_t *right0)
{
    int64_t *L = xmalloc((size_t)n * sizeof *L), *R = xmalloc((size_t)n * sizeof *R);
    for (int i = 0; i < n; i++) L[i] = R[i] = a[i];   /* intervals of one pile */
    for (int len = 2; len < n; len++)
        for (int i = 0; i + len <= n; i++) {   /* [i, i + len - 1] from [i, i + len - 2] and [i + 1, i + len - 1] */
            int j = i + len - 1;
            int64_t l = end_left(L[i], R[i], a[j]);
            int64_t r = end_right(L[i + 1], R[i + 1], a[i]);
            L[i] = l;
            R[i] = r;
        }
    *left1 = L[1];
    *right0 = R[0];
    xfree(L);
    xfree(R);
}

static bool end_piles(const Value *v, int n, int64_t *a)
{
    if (n > ENDPILES_MAX) return false;
    for (int i = 0; i < n; i++) {
        if (!closed_int(&v[i]) || v[i].u.i < 1 || v[i].u.i > INT64_MAX / 2) return false;
        a[i] = v[i].u.i;
    }
    return true;
}

static bool end_eval(const Value *v, int n, ClosedAnswer *r)
{
    int64_t *a = xmalloc((size_t)(n ? n : 1) * sizeof *a);
    bool ok = end_piles(v, n, a);
    if (ok) {
        r->outcome_only = true;
        r->terminal = n == 0;
        if (n <= 1) {
            r->sg = (uint64_t)n;
        } else {
            int64_t l1, r0;
            end_sides(a, n, &l1, &r0);
            r->sg = l1 != a[0];
        }
    }
    xfree(a);
    return ok;
}

/* The moves to P-positions: the left pile down to left(rest), the right one down to right(rest). */
static bool end_moves(Vm *vm, int gid, const Value *v, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big || want->n != 0 || n == 0) return true;   /* outcome only: the moves to P-positions */
    int64_t *a = xmalloc((size_t)n * sizeof *a);
    if (!end_piles(v, n, a)) {
        xfree(a);
        return false;
    }
    int64_t l1 = 0, r0 = 0;
    if (n >= 2) end_sides(a, n, &l1, &r0);
    Value *w = vm_alloc(vm, (size_t)n * sizeof *w, (Loc){ 0 });
    memcpy(w, v, (size_t)n * sizeof *w);
    int64_t first = a[0], last = a[n - 1];
    xfree(a);   /* nothing allocated stays across the callbacks */
    if (l1 < first) {   /* the left pile down to l1 (0: it is gone) */
        w[0] = val_int(l1);
        if (closed_yield(vm, gid, l1 ? w : w + 1, l1 ? n : n - 1, cb, ctx)) return true;
        w[0] = v[0];
    }
    if (n >= 2 && r0 < last) {   /* the right pile down to r0 */
        w[n - 1] = val_int(r0);
        closed_yield(vm, gid, w, r0 ? n : n - 1, cb, ctx);
    }
    return true;
}

const ClosedForm closed_row_forms[] = {
    { "EndPiles", "closed:endpiles", end_eval, end_moves,
      "ZJOI 2009: the one pile that makes each interval P, built interval by interval", NULL, true },
    { NULL, NULL, NULL, NULL, NULL, NULL, false },
};
