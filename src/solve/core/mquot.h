/* mquot.h: misère quotients of one-heap take-and-break rulesets (Plambeck and Siegel): the
   quotient of all sums of heaps up to N, found by learning it and proven by an exact check, its
   presentation, and the periodicity proof that extends it to every heap (docs/theory.md 7.1). */
#ifndef GRUNDY_MQUOT_H
#define GRUNDY_MQUOT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "heaprules.h"

/* A misère quotient Q of the sums of heaps 0..n (n = nheaps - 1) of one or more rulesets (the
   quotient of their union): a commutative monoid with its P-portion and the map of each heap of
   each ruleset to an element. Element 0 is the identity (the empty sum). */
typedef struct MqQuot {
    uint32_t order;
    uint32_t *mul;          /* order x order products */
    uint8_t *isp;           /* isp[x]: sums mapped to x are misère P-positions */
    uint64_t nheaps;        /* heaps 0 .. nheaps - 1 of each ruleset */
    uint32_t nrules;
    uint32_t *phi;          /* phi[h * nrules + r]: heap h of ruleset r */
    /* the presentation: generators are the first heaps whose elements the earlier ones do not
       generate; every element's least word (exponents of the generators, shortlex); relations
       between the least words that are not normal forms and whose every divisor is */
    uint32_t ngen;
    uint64_t *gen_heap;     /* ngen: the heap and ruleset of each generator, and its element */
    uint32_t *gen_rule, *gen_elem;
    uint16_t *nf;           /* order x ngen exponents */
    uint32_t nrel;
    uint16_t *rel;          /* nrel x ngen exponents of the left sides */
    uint32_t *rel_to;       /* nrel: the element each left side equals */
    /* periodicity: phi(n + per) = phi(n) for n >= n0 (proven: for every heap, by the theorem of
       docs/theory.md 7.1; else only observed up to nheaps - 1) */
    bool periodic, proven;
    uint64_t n0, per;
    uint64_t grew_at;       /* the last heap at which the quotient grew */
} MqQuot;

/* How deep the exact search of one sum may recurse (a move per level): MQ_DEEP past it. */
#define MQ_MAX_DEPTH 20000

typedef enum MqStatus { MQ_OK, MQ_ORDER, MQ_WORK, MQ_RULES, MQ_INTERNAL, MQ_STOPPED, MQ_DEEP } MqStatus;

/* What a computation may spend: the largest quotient, and steps of work (outcome-search
   positions plus verification states). */
typedef struct MqLimits {
    uint32_t max_order;
    uint64_t max_work;
    /* of max_work, what learning one stage by L* may spend (its exact search costs far more
       per step than the guess and the check); 0: no cap of its own */
    uint64_t max_learn_work;
    /* asked every few thousand steps: true stops the computation (MQ_STOPPED), for the
       caller's interrupt, clock and memory budgets; NULL: never */
    bool (*stop)(void *ctx);
    void *stop_ctx;
} MqLimits;

/* The quotient of the sums of heaps 0..N of the rulesets hr[0..nr) (auto_extend: go on past N, up to max_heap, until
   the periodicity theorem proves the quotient of every heap). MQ_OK fills *q; otherwise *at is
   the heap being added when the limit was reached (q still holds the quotient of the heaps
   below it when *at > 1; free it with mq_free either way). MQ_RULES: hr is not finite enough. */
MqStatus mq_compute(const HeapRules *const *hr, uint32_t nr, uint64_t N, bool auto_extend, uint64_t max_heap, const MqLimits *lim,
                    MqQuot *q, uint64_t *at, uint64_t *work);
/* A family given by its heaps' options as read off its moves: heap n's options (pairs of heaps;
   0 for none: a heap 0 or a part that leaves nothing) are v[off[n] .. off[n + 1]), for heaps
   0..nheaps - 1 (nheaps >= 2). */
typedef struct MqTable {
    uint64_t nheaps;
    size_t *off;
    uint64_t (*v)[2];
} MqTable;
/* The quotient of the sums of heaps 0..N (N < t->nheaps) of a table's family: as mq_compute,
   never proven past N (the rules beyond the table are not known), a period only observed. */
MqStatus mq_compute_table(const MqTable *t, uint64_t N, const MqLimits *lim, MqQuot *q, uint64_t *at, uint64_t *work);
void mq_free(MqQuot *q);
/* The element of heap n of ruleset r: from the table, or by the period; UINT32_MAX when neither
   covers n. */
uint32_t mq_heap(const MqQuot *q, uint32_t r, uint64_t n);
/* The misère outcome class of the element x: true for P. */
static inline bool mq_is_p(const MqQuot *q, uint32_t x) { return q->isp[x] != 0; }
static inline uint32_t mq_mul(const MqQuot *q, uint32_t a, uint32_t b) { return q->mul[(size_t)a * q->order + b]; }

/* The options of heap n under hr, as pairs of heaps (0: none), without repeats. */
typedef struct MqOpts {
    uint64_t (*v)[2];
    size_t n, cap;
} MqOpts;
void mq_heap_options(const HeapRules *hr, uint64_t n, MqOpts *o);
void mq_opts_free(MqOpts *o);

/* Text: the element x as its least word ("1", "a", "ab^2"); the presentation "<a, b | a^2 = 1,
   b^3 = b>". Both append to b. */
struct StrBuf;
void mq_word_text(const MqQuot *q, uint32_t x, struct StrBuf *b);
void mq_presentation_text(const MqQuot *q, struct StrBuf *b);
#endif
