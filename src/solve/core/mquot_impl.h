/* mquot_impl.h: the parts of the misère-quotient computation (mquot*.c) shared between its files:
   the heaps of a stage, automata over them, the exact check, the learner, the presentation. */
#ifndef GRUNDY_MQUOT_IMPL_H
#define GRUNDY_MQUOT_IMPL_H
#include "mquot.h"

/* Heaps 1..n of one stage (of each ruleset; the last ruleset's heap n may be missing). A heap with a move is a generator; heaps without one are the
   identity and appear in no word. opt[optoff[g] .. optoff[g+1]) are generator g's options, each
   at most two generators (-1: nothing). */
typedef struct MqStage {
    uint64_t n;
    uint32_t nr;            /* rulesets */
    int32_t *gen_of;        /* per heap 0..n and ruleset (h * nr + r): its generator, or -1 */
    size_t cap_heaps;
    uint32_t ng, cap_gens;
    uint64_t *heap;         /* per generator */
    uint32_t *optoff;
    int32_t (*opt)[2];
    size_t cap_opts;
} MqStage;

/* A deterministic automaton over the generators: state s reads g to d[s * ng + g]; state 0 is
   the empty sum. Commutative ones are the candidate quotients. */
typedef struct MqAuto {
    uint32_t ns, ng;
    uint32_t *d;
    uint8_t *isp;
} MqAuto;

typedef struct MqWork {
    uint64_t work, max_work;
    uint64_t max_learn;     /* of it, what one stage's L* may spend (0: no cap of its own) */
    uint32_t max_order;
    bool (*stop)(void *ctx);
    void *stop_ctx;
    bool stopped, deep;     /* the caller's stop said so; a search went deeper than MQ_MAX_DEPTH */
} MqWork;

/* Count n steps: false when the budget is spent or the caller's stop says so. */
static inline bool mq_tick(MqWork *w, uint64_t n)
{
    if (w->stopped) return false;
    uint64_t before = w->work;
    w->work += n;
    if (w->work > w->max_work) return false;
    if (w->stop && (before >> 12) != (w->work >> 12) && w->stop(w->stop_ctx)) {
        w->stopped = true;
        return false;
    }
    return true;
}

enum { MQV_OK, MQV_COMM, MQV_P, MQV_N, MQV_WORK, MQV_ORDER, MQV_BUG };

/* Why a candidate failed. COMM: s, g, g2 (reading g g2 and g2 g differ). P: s, g, opt (s·g and
   s·option both P). N: word[0..len) (generators) reaches a non-P state with no option into P. */
typedef struct MqFail {
    uint32_t s, g, g2, opt;
    uint32_t *word;
    size_t len;
} MqFail;

/* The exact check that a commutative automaton's P-set is the misère outcome of every sum of the
   stage's heaps (docs/theory.md 7.1): MQV_OK, or a failure in *f (f->word: caller frees).
   commutes: a is known to be a commutative monoid's action (commutation is not checked). */
int mqv_check(const MqAuto *a, const MqStage *sg, bool commutes, MqWork *w, MqFail *f);

/* A learned quotient's access words: state x is reached from 0 by acc[acc_off[x] ..
   acc_off[x+1]). */
typedef struct MqLearned {
    uint32_t *acc, *acc_off;
} MqLearned;

/* Learn the quotient of the stage's sums. The previous stage's quotient (order, mul, isp, img for
   generators 0..ng-2) answers the sums without the newest heap. MQV_OK with *a and *l. */
int mql_learn(const MqStage *sg, const uint32_t *order, const uint32_t *mul, const uint8_t *isp, const uint32_t *img,
              MqWork *w, MqAuto *a, MqLearned *l);
void mql_free(MqAuto *a, MqLearned *l);

/* A fast candidate for the same stage (mquot_guess.c): the previous quotient times the new
   heap's powers, reduced, assuming the old sums keep their classes. MQV_OK (with *a and *l) only
   when mqv_check proves it; otherwise the caller learns the stage. */
int mqg_guess(const MqStage *sg, uint32_t order, const uint32_t *mul, const uint8_t *isp, const uint32_t *img,
              MqWork *w, MqAuto *a, MqLearned *l);

/* Generators, normal forms and relations of q (mquot_pres.c). */
void mqp_present(MqQuot *q);
#endif
