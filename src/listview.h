/* listview.h: long lists of integers in position keys, held as views: a key holds one word for
   such a list, the id of its content in the program's registry. Ids are interned by content (equal
   lists, equal ids, so equal positions keep equal keys), and a slice of a list that came out of a
   key (a move's `[a[i] for i in lo..hi]`) is looked up without reading its elements: a move that
   drops an end of a list costs O(1), not the list's length, and the store keeps one copy of a row
   for all its slices. */
#ifndef GRUNDY_LISTVIEW_H
#define GRUNDY_LISTVIEW_H
#include "program.h"

/* Lists of integers (LIST_INTS) of at least this many elements are views in position keys;
   shorter ones are written out. The rule depends on the content only, so a position has one key.
   (A test build may lower it: -DLVIEW_MIN=1 makes every list of integers a view.) */
#ifndef LVIEW_MIN
#define LVIEW_MIN 24
#endif

/* The id of the content a[0..n) (integers, n >= LVIEW_MIN), registered when new (its elements
   copied). base is the list value's base word (Value.u.l.base): when it names a registered row
   whose elements a points into, the lookup reads no element (O(1) amortised); any other word (0,
   or one that does not hold a) costs a hash of the elements, never a wrong id. A new row counts
   one step per 64 elements (prog_poll_n at loc, before anything changes: it may stop the run),
   so rows piling up are read as memory soon. */
uint64_t lview_intern(Program *p, const int64_t *a, uint32_t n, uint64_t base, Loc loc);
/* The elements of view id (its length in *n) and the base word to give a list value of them. */
const int64_t *lview_elems(const Program *p, uint64_t id, uint32_t *n, uint64_t *base);
/* The row that base (a row index + 1, as lview_elems gives it) names: its elements (stable for
   the program's life) and length in *n; NULL when it names none. */
const int64_t *lview_row(const Program *p, uint64_t base, uint32_t *n);
/* The sum of a[0..n) into *sum when base names a registered row whose elements a points into and
   the row's running sums fit 64 bits (computed for the row once, on the first call, 8 bytes an
   element: O(1) a call after that); false otherwise, or when the sum itself does not fit (*sum
   then untouched: the caller adds the elements). */
bool lview_sum(Program *p, const int64_t *a, uint32_t n, uint64_t base, int64_t *sum);
/* Free the registry (prog_fini). */
void lview_free_all(Program *p);
#endif
