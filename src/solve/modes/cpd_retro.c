/* cpd_retro.c: a play mode's query whose components have cycles, decided by retrograde analysis of
   the compound itself (docs/theory.md section 8: with cycles the suspense rule of Every-SG fails,
   and misere sums have no genus). A position of the compound is one sum (sums.h) per component;
   its moves follow the mode's rules; every position reachable from the query is listed, then
   labelled backwards from the ended ones (normal play: the player to move has lost; misere: won):
   a position with a move to a lost one is won, one whose every move leads to a won one is lost,
   the rest are draws. */
#include "config.h"
#include "solve/modes/compound.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
enum { UNKNOWN = 0, WON = 1, LOST = 2 };

typedef struct Prod {
    Solver *s;
    Sums *m;
    Loc loc;
    unsigned mode;          /* the answer's PM_* */
    size_t k;               /* components (one per copy) */
    uint32_t *tup;          /* position i: tup[i * k .. i * k + k) */
    size_t n, cap;
    uint32_t *tab;          /* open addressing: position + 1 */
    size_t tcap;
    uint32_t *succ;         /* the moves of position i: succ[off[i] .. off[i + 1]) */
    size_t nsucc, capsucc;
    uint32_t *off;
    size_t noff, capoff;
    uint32_t *cur, *nxt;    /* work: the position being expanded, the one being built */
    const uint32_t **opt;   /* work: each component's options */
    size_t *nopt;
    /* the labelling: moves left undecided, distance to the end, label, predecessors, queue */
    uint32_t *left, *depth, *poff, *pred, *queue;
    uint8_t *lab;
} Prod;

static void prod_free(void *arg)
{
    Prod *p = arg;
    xfree(p->tup);
    xfree(p->tab);
    xfree(p->succ);
    xfree(p->off);
    xfree(p->cur);
    xfree(p->nxt);
    xfree(p->opt);
    xfree(p->nopt);
    xfree(p->left);
    xfree(p->depth);
    xfree(p->lab);
    xfree(p->poff);
    xfree(p->pred);
    xfree(p->queue);
}

static uint64_t hash_tup(const uint32_t *t, size_t k)
{
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < k; i++) h = (h ^ t[i]) * 0xff51afd7ed558ccdu;
    return h ^ (h >> 31);
}

static _Noreturn void too_big(Prod *p)
{
    prog_fail(p->s->p, EXIT_LIMIT, p->loc, "state limit reached searching a compound of games with cycles: more than "
              "%llu positions or moves of the compound (raise the limit with --max-states N)",
              (unsigned long long)p->s->p->opt.max_states);
}

static uint32_t intern(Prod *p, const uint32_t *t)
{
    size_t j = (size_t)hash_tup(t, p->k) & (p->tcap - 1);
    while (p->tab[j]) {
        if (!memcmp(p->tup + (size_t)(p->tab[j] - 1) * p->k, t, p->k * sizeof *t)) return p->tab[j] - 1;
        j = (j + 1) & (p->tcap - 1);
    }
    if (p->n >= p->s->p->opt.max_states) too_big(p);
    if ((p->n + 1) * p->k > p->cap) {
        p->cap = 2 * (p->n + 1) * p->k;
        p->tup = xrealloc(p->tup, p->cap * sizeof *p->tup);
    }
    memcpy(p->tup + p->n * p->k, t, p->k * sizeof *t);
    p->tab[j] = (uint32_t)++p->n;
    if (2 * p->n > p->tcap) {   /* grow the table */
        size_t ncap = 2 * p->tcap;
        uint32_t *tab = xcalloc(ncap, sizeof *tab);
        for (size_t i = 0; i < p->n; i++) {
            size_t h = (size_t)hash_tup(p->tup + i * p->k, p->k) & (ncap - 1);
            while (tab[h]) h = (h + 1) & (ncap - 1);
            tab[h] = (uint32_t)i + 1;
        }
        xfree(p->tab);
        p->tab = tab;
        p->tcap = ncap;
    }
    return (uint32_t)p->n - 1;
}

static void add_succ(Prod *p)
{
    prog_poll(p->s->p, p->loc);   /* a move of the compound is a step: the budgets are checked as it grows */
    uint32_t v = intern(p, p->nxt);
    if (p->nsucc >= p->s->p->opt.max_states) too_big(p);
    VEC_PUSH(p->succ, p->nsucc, p->capsucc, v);
}

/* Every way the components in mask move (each to each of its options), from component i on. */
static void moves_of(Prod *p, unsigned mask, size_t i)
{
    if (i == p->k) {
        add_succ(p);
        return;
    }
    if (!(mask >> i & 1)) {
        p->nxt[i] = p->cur[i];
        moves_of(p, mask, i + 1);
        return;
    }
    for (size_t j = 0; j < p->nopt[i]; j++) {
        p->nxt[i] = p->opt[i][j];
        moves_of(p, mask, i + 1);
    }
}

/* List the moves of position x by the mode's rules. */
static void expand(Prod *p, uint32_t x)
{
    unsigned live = 0;
    size_t mark = scratch_mark(&p->s->vm->scratch);
    for (size_t i = 0; i < p->k; i++) {
        p->cur[i] = p->tup[(size_t)x * p->k + i];
        const SumPart *sp;
        if (!sums_parts(p->m, p->cur[i], &sp)) {
            p->nopt[i] = 0;
            continue;
        }
        const uint32_t *o;
        size_t n = sums_options(p->m, p->cur[i], p->loc, &o);
        uint32_t *copy = vm_alloc(p->s->vm, (n ? n : 1) * sizeof *copy, p->loc);   /* o moves as sums are made */
        memcpy(copy, o, n * sizeof *copy);
        p->opt[i] = copy;
        p->nopt[i] = n;
        if (n) live |= 1u << i;
    }
    unsigned all = (1u << p->k) - 1, kind = p->mode & PM_COMPOUND;
    bool ended = live != all;
    if (kind == PM_SUM) {
        for (size_t i = 0; i < p->k; i++)
            if (live >> i & 1) moves_of(p, 1u << i, 0);
    } else if (kind == PM_EVERY) {
        if (live) moves_of(p, live, 0);
    } else if (kind == PM_CONJ) {
        if (!ended) moves_of(p, all, 0);
    } else if (kind == PM_SELECT || (kind == PM_SHORTSELECT && !ended)) {
        for (unsigned m = 1; m <= all; m++)
            if ((m & live) == m) moves_of(p, m, 0);
    }
    scratch_release(&p->s->vm->scratch, mark);
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

void cpd_retro(Solver *s, Answer *a, const CpdComp *c, size_t n, bool terminal_too, bool moves, Loc loc)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (c[i].count > CPD_MAX_UNITS || (k += c[i].count) > CPD_MAX_UNITS)
            prog_fail(s->p, EXIT_LIMIT, loc, "a compound of games with cycles is searched as a whole, for at most %d "
                      "components (this one has more)", CPD_MAX_UNITS);
    }
    CpdComp *unit = vm_alloc(s->vm, (k ? k : 1) * sizeof *unit, loc);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        for (uint64_t j = 0; j < c[i].count; j++) {
            unit[u] = c[i];
            unit[u++].count = 1;
        }
    Prod p = { .s = s, .m = sums_of(s), .loc = loc, .mode = a->mode, .k = k ? k : 1, .tcap = 1024 };
    size_t mark = prog_defer(s->p, prod_free, &p);
    p.tab = xcalloc(p.tcap, sizeof *p.tab);
    p.cur = xcalloc(p.k, sizeof *p.cur);
    p.nxt = xcalloc(p.k, sizeof *p.nxt);
    p.opt = xcalloc(p.k, sizeof *p.opt);
    p.nopt = xcalloc(p.k, sizeof *p.nopt);
    if (!k) p.cur[0] = sums_intern(p.m, NULL, 0, loc);   /* no component: one ended position */
    for (size_t i = 0; i < k; i++) p.cur[i] = unit[i].sum;
    intern(&p, p.cur);
    for (uint32_t x = 0; x < p.n; x++) {   /* breadth first: every position reachable */
        VEC_PUSH(p.off, p.noff, p.capoff, (uint32_t)p.nsucc);
        if (k) expand(&p, x);
    }
    VEC_PUSH(p.off, p.noff, p.capoff, (uint32_t)p.nsucc);
    /* backwards: predecessors by counting, then the labelling from the ended positions */
    size_t np = p.n;
    uint32_t *left = p.left = xcalloc(np, sizeof *left), *depth = p.depth = xcalloc(np, sizeof *depth);
    uint8_t *lab = p.lab = xcalloc(np, 1);
    uint32_t *poff = p.poff = xcalloc(np + 1, sizeof *poff);
    uint32_t *pred = p.pred = xmalloc((p.nsucc ? p.nsucc : 1) * sizeof *pred);
    uint32_t *queue = p.queue = xmalloc(np * sizeof *queue);
    for (size_t e = 0; e < p.nsucc; e++) poff[p.succ[e] + 1]++;
    for (size_t i = 0; i < np; i++) poff[i + 1] += poff[i];
    memcpy(queue, poff, np * sizeof *queue);   /* the queue's room, first as each list's fill point */
    for (uint32_t x = 0; x < np; x++)
        for (uint32_t e = p.off[x]; e < p.off[x + 1]; e++) pred[queue[p.succ[e]]++] = x;
    size_t qh = 0, qt = 0;
    bool misere = (a->mode & PM_MISERE) != 0;
    for (uint32_t x = 0; x < np; x++) {
        left[x] = p.off[x + 1] - p.off[x];
        if (!left[x]) {
            lab[x] = misere ? WON : LOST;
            queue[qt++] = x;
        }
    }
    while (qh < qt) {
        uint32_t v = queue[qh++];
        for (uint32_t e = poff[v]; e < poff[v + 1]; e++) {
            uint32_t w = pred[e];
            if (lab[w]) continue;
            if (lab[v] == LOST) {
                lab[w] = WON;
            } else if (--left[w]) {
                continue;
            } else {
                lab[w] = LOST;
            }
            depth[w] = depth[v] + 1;
            queue[qt++] = w;
        }
    }
    a->outcome = lab[0] == WON ? 'N' : lab[0] == LOST ? 'P' : 'D';
    a->remoteness = lab[0] ? (int64_t)depth[0] : -2;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "retrograde analysis of the compound (a component has cycles): %zu positions, %zu moves", np, p.nsucc);
    a->why = sb_take(&b);
    solve_fact_int(&a->facts, "positions", (int64_t)np);
    solve_fact_int(&a->facts, "moves", (int64_t)p.nsucc);
    sb_fini(&b);
    if (moves && a->outcome != 'P') {   /* to lost positions, nearest first; or the moves that keep a draw */
        uint8_t want = a->outcome == 'N' ? LOST : UNKNOWN;
        a->drawing = a->outcome == 'D';
        uint32_t *to = vm_alloc(s->vm, p.k * sizeof *to, loc);
        /* the positions listed, each as its sorted tuple: a compound is the multiset of its
           components, so tuples that are permutations of each other are one position */
        uint32_t *seen = vm_alloc(s->vm, ((size_t)(p.off[1] - p.off[0]) + 1) * p.k * sizeof *seen, loc);
        size_t nseen = 0;
        uint32_t dmax = 0;   /* every move to a lost position, nearest first */
        for (uint32_t e = p.off[0]; e < p.off[1] && !a->drawing; e++)
            if (lab[p.succ[e]] == want && depth[p.succ[e]] > dmax) dmax = depth[p.succ[e]];
        for (uint32_t d = 0; d <= dmax && a->nwin < SOLVE_MAX_WINNING; d++)
            for (uint32_t e = p.off[0]; e < p.off[1] && a->nwin < SOLVE_MAX_WINNING; e++) {
                uint32_t y = p.succ[e];
                if (lab[y] != want || (!a->drawing && depth[y] != d)) continue;
                uint32_t *mine = seen + nseen * p.k;
                memcpy(mine, p.tup + (size_t)y * p.k, p.k * sizeof *mine);
                qsort(mine, p.k, sizeof *mine, cmp_u32);
                bool dup = false;
                for (size_t f = 0; f < nseen && !dup; f++) dup = !memcmp(seen + f * p.k, mine, p.k * sizeof *mine);
                if (dup) continue;
                nseen++;
                for (size_t i = 0; i < k; i++) {
                    uint32_t now = p.tup[(size_t)y * p.k + i];
                    to[i] = now == unit[i].sum ? NONE : now;
                }
                cpd_add_move(s, a, unit, to, k, terminal_too, loc);
            }
        if (a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
    }
    prog_release(s->p, mark);
    prod_free(&p);
}
