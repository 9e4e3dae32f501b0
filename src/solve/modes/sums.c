/* sums.c: sums of components as states (sums.h): interning, options, and the values computed on
   them by one depth-first pass with an explicit stack: genus (Conway; docs/theory.md section 7),
   remoteness and suspense, normal and misere (section 8). */
#include "config.h"
#include "key.h"
#include "solve/modes/sums.h"
#include "solve/core/nimber.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
/* F_NOSG: a part is known by its outcome only (a closed form that decides P/N), or its SG value
   is beyond 64 bits, so g is not the XOR yet: need_g solves the parts for their SG values (an
   error beyond 64 bits) when a genus or g is asked for. */
enum { F_ONPATH = 1, F_TAME = 2, F_HEAPLIKE = 4, F_GENUS = 8, F_LISTED = 16, F_NOSG = 32 };
enum { NPACE = 4, W_GENUS = NPACE };

typedef struct SumRec {
    uint32_t off, n;        /* parts: m->parts[off .. off + n) */
    uint32_t opt, nopt;     /* options: m->opts[opt .. opt + nopt) (F_LISTED) */
    uint32_t pace[NPACE];   /* NONE: not computed */
    uint32_t genus;         /* F_GENUS: m->gpool[genus] = the term count, then the terms */
    uint64_t g;             /* the XOR of the parts' SG values */
    uint32_t flags;
} SumRec;

/* A component's options: copt[off .. off + n) (sums). */
typedef struct PartOpts { uint32_t off, n, term; } PartOpts;

struct Sums {
    Solver *s;
    SumRec *rec;
    size_t nrec, caprec;
    SumPart *parts;
    size_t nparts, capparts;
    uint32_t *opts;
    size_t nopts, capopts;
    uint32_t *tab;          /* open addressing: sum index + 1 */
    size_t tcap;
    PartOpts *popt;         /* by store id (n = NONE: not listed) */
    size_t npopt, cappopt;
    uint32_t *copt;
    size_t ncopt, capcopt;
    uint64_t *gpool;
    size_t ngpool, capgpool;
    uint32_t *stack;
    size_t sp, capstack;
    uint64_t *tmp;          /* option terms for a mex */
    size_t ntmp, captmp;
    SumPart *build;         /* a sum being assembled */
    size_t nbuild, capbuild;
    uint32_t *found;        /* ids met while listing one component's moves: count, then ids, per move */
    size_t nfound, capfound;
    uint32_t *ids;          /* the sums of those moves */
    size_t nids, capids;
    SumPart *sorted;        /* sums_intern's work */
    size_t capsorted;
};

Sums *sums_of(Solver *s)
{
    if (!s->sums) {
        Sums *m = xcalloc(1, sizeof *m);
        m->s = s;
        m->tcap = 1024;
        m->tab = xcalloc(m->tcap, sizeof *m->tab);
        s->sums = m;
        s->sums_fini = sums_free;
    }
    return s->sums;
}

void sums_free(Sums *m)
{
    if (!m) return;
    xfree(m->rec);
    xfree(m->parts);
    xfree(m->opts);
    xfree(m->tab);
    xfree(m->popt);
    xfree(m->copt);
    xfree(m->gpool);
    xfree(m->stack);
    xfree(m->tmp);
    xfree(m->build);
    xfree(m->found);
    xfree(m->ids);
    xfree(m->sorted);
    xfree(m);
}

static uint64_t hash_parts(const SumPart *p, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15u ^ n;
    for (size_t i = 0; i < n; i++) {
        h ^= ((uint64_t)p[i].id << 32 | p[i].count) + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdu;
    }
    return h ^ (h >> 29);
}

static int cmp_part(const void *a, const void *b)
{
    const SumPart *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

static void grow(Sums *m)
{
    size_t ncap = m->tcap * 2;
    uint32_t *t = xcalloc(ncap, sizeof *t);
    for (size_t i = 0; i < m->tcap; i++) {
        if (!m->tab[i]) continue;
        const SumRec *r = &m->rec[m->tab[i] - 1];
        size_t j = (size_t)hash_parts(m->parts + r->off, r->n) & (ncap - 1);
        while (t[j]) j = (j + 1) & (ncap - 1);
        t[j] = m->tab[i];
    }
    xfree(m->tab);
    m->tab = t;
    m->tcap = ncap;
}

static _Noreturn void limit(Sums *m, Loc loc)
{
    Program *p = m->s->p;
    const int64_t *root = m->s->store->root;
    char what[200] = "a query";
    if (root) key_text(p, root, what, sizeof what);
    prog_fail(p, EXIT_LIMIT, loc,
              "state limit reached while playing sums of components (misere play or a compound) of %s: more than %llu "
              "sums (raise the limit with --max-states N)", what, (unsigned long long)p->opt.max_states);
}

/* A game with cycles: solved by a strategy for such games (its value may still be finite), or
   its value loopy, a draw, or an outcome D. */
static bool loopy(const Solver *s, const State *st)
{
    unsigned kind = ST_KIND(st->flags);
    if (s->strategies[HOW_STRATEGY(st->how)]->loopy) return true;
    return ((st->flags & ST_DONE) && (kind == GV_LOOPY || kind == GV_DRAW)) || ((st->flags & ST_OUTCOME) && st->sg == 2);
}

static void check_small(Sums *m, uint32_t id, Loc loc)
{
    const State *st = &m->s->store->st[id];
    if (!(st->flags & ST_BIG)) return;
    char b[200];
    key_text(m->s->p, eng_key(m->s->store, id), b, sizeof b);
    prog_fail(m->s->p, EXIT_LIMIT, loc, "%s has an SG value beyond 64 bits: this play mode searches its options, "
              "which is out of reach", b);
}

uint32_t sums_intern(Sums *m, const SumPart *in, size_t n, Loc loc)
{
    Engine *e = m->s->store;
    /* a step, and one more per 16 parts (they are sorted): the budgets and interrupts are
       checked as the search of sums goes (it polled nowhere: genus Kayles(80) ran past a timeout
       of 15 s for two minutes, to 1.26 GB against a memory budget of 200 MB) */
    prog_poll_n(m->s->p, n / 16, loc);
    if (n > m->capsorted) {
        m->capsorted = n;
        m->sorted = xrealloc(m->sorted, n * sizeof *m->sorted);
    }
    SumPart *p = m->sorted;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (in[i].count && !(e->st[in[i].id].flags & ST_TERMINAL)) p[k++] = in[i];
    if (k > 1) qsort(p, k, sizeof *p, cmp_part);
    size_t w = 0;
    for (size_t i = 0; i < k; i++) {
        if (w && p[w - 1].id == p[i].id) {
            if (__builtin_add_overflow(p[w - 1].count, p[i].count, &p[w - 1].count))
                prog_fail(m->s->p, EXIT_LIMIT, loc, "a sum with more than 2^32 - 1 copies of a component to search");
        } else {
            p[w++] = p[i];
        }
    }
    uint64_t h = hash_parts(p, w);
    size_t j = (size_t)h & (m->tcap - 1);
    while (m->tab[j]) {
        const SumRec *r = &m->rec[m->tab[j] - 1];
        if (r->n == w && (!w || !memcmp(m->parts + r->off, p, w * sizeof *p))) return m->tab[j] - 1;
        j = (j + 1) & (m->tcap - 1);
    }
    if (m->nrec >= m->s->p->opt.max_states || m->nrec >= NONE - 1) limit(m, loc);
    SumRec r = { .off = (uint32_t)m->nparts, .n = (uint32_t)w, .genus = NONE };
    for (int i = 0; i < NPACE; i++) r.pace[i] = NONE;
    for (size_t i = 0; i < w; i++) {
        if (!(e->st[p[i].id].flags & ST_DONE) || (e->st[p[i].id].flags & ST_BIG) || loopy(m->s, &e->st[p[i].id])) r.flags |= F_NOSG;
    }
    for (size_t i = 0; i < w; i++) {
        if ((p[i].count & 1) && !(r.flags & F_NOSG)) r.g ^= e->st[p[i].id].sg;
        VEC_PUSH(m->parts, m->nparts, m->capparts, p[i]);
    }
    VEC_PUSH(m->rec, m->nrec, m->caprec, r);
    m->tab[j] = (uint32_t)m->nrec;
    if (m->nrec * 2 > m->tcap) grow(m);
    return (uint32_t)m->nrec - 1;
}

size_t sums_parts(Sums *m, uint32_t x, const SumPart **out)
{
    *out = m->parts + m->rec[x].off;
    return m->rec[x].n;
}


bool sums_solve_part(Sums *m, uint32_t id, Loc loc)
{
    solve_component(m->s, id, loc, NULL, false);   /* remoteness and suspense need no SG value */
    return loopy(m->s, &m->s->store->st[id]);
}


/* ---- listing options ---------------------------------------------------------------------- */

typedef struct ListCtx { Sums *m; Loc loc; uint64_t moves; uint32_t id; } ListCtx;

static int on_option(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    ListCtx *c = ctx;
    Sums *m = c->m;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(m->s, v, c->loc, &keys, &cnt, &n);
    if (++c->moves > m->s->p->opt.max_states) {
        char b[200];
        key_text(m->s->p, eng_key(m->s->store, c->id), b, sizeof b);
        prog_fail(m->s->p, EXIT_LIMIT, c->loc, "state limit reached listing the moves of %s for misere play or a "
                  "compound: more than %llu moves (raise the limit with --max-states N)", b,
                  (unsigned long long)m->s->p->opt.max_states);
    }
    size_t at = m->nfound;
    VEC_PUSH(m->found, m->nfound, m->capfound, 0);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t k = cnt ? cnt[i] : 1;
        if (!k) continue;
        if (k > UINT32_MAX) prog_fail(m->s->p, EXIT_LIMIT, c->loc, "a move to more than 2^32 - 1 copies of a component");
        uint32_t id = eng_intern(m->s->store, keys[i], c->loc);
        VEC_PUSH(m->found, m->nfound, m->capfound, id);
        VEC_PUSH(m->found, m->nfound, m->capfound, (uint32_t)k);
        m->found[at]++;
    }
    return 0;
}

/* Intern the sums of the moves collected in m->found (their components solved first) into m->ids. */
static size_t found_sums(Sums *m, Loc loc)
{
    for (size_t i = 0; i < m->nfound;) {
        uint32_t k = m->found[i++];
        for (uint32_t j = 0; j < k; j++, i += 2) sums_solve_part(m, m->found[i], loc);
    }
    m->nids = 0;
    for (size_t i = 0; i < m->nfound;) {
        uint32_t k = m->found[i++];
        uint32_t x = sums_intern(m, (const SumPart *)(m->found + i), k, loc);
        i += 2 * (size_t)k;
        VEC_PUSH(m->ids, m->nids, m->capids, x);
    }
    return m->nids;
}

/* The entry of state id in popt (made empty). */
static void part_slot(Sums *m, uint32_t id)
{
    while (m->npopt <= id) {
        PartOpts none = { 0, NONE, NONE };
        VEC_PUSH(m->popt, m->npopt, m->cappopt, none);
    }
}

/* Remember a terminal position among the moves in m->found (of state id), to print an ended
   component of a compound. */
static void note_terminal(Sums *m, uint32_t id)
{
    const Engine *e = m->s->store;
    part_slot(m, id);
    uint32_t term = NONE;
    for (size_t i = 0; i < m->nfound && term == NONE && m->popt[id].term == NONE;) {
        uint32_t k = m->found[i++];
        if (k) term = m->found[i];
        for (uint32_t j = 0; j < k; j++, i += 2)
            if (!(e->st[m->found[i]].flags & ST_TERMINAL)) term = NONE;
    }
    if (m->popt[id].term == NONE) m->popt[id].term = term;
}

size_t sums_part_options(Sums *m, uint32_t id, Loc loc, const uint32_t **out)
{
    Engine *e = m->s->store;
    part_slot(m, id);
    if (m->popt[id].n == NONE) {
        sums_solve_part(m, id, loc);
        m->nfound = 0;
        ListCtx c = { m, loc, 0, id };
        size_t mark = scratch_mark(&m->s->vm->scratch);
        vm_enum_moves(m->s->vm, eng_key(e, id), on_option, &c);
        scratch_release(&m->s->vm->scratch, mark);
        /* each found id is solved after the enumeration (a solve runs the interpreter) */
        size_t nopt = found_sums(m, loc), off = m->ncopt;
        for (size_t i = 0; i < nopt; i++) VEC_PUSH(m->copt, m->ncopt, m->capcopt, m->ids[i]);
        m->popt[id].off = (uint32_t)off;
        m->popt[id].n = (uint32_t)nopt;
        note_terminal(m, id);
    }
    *out = m->copt + m->popt[id].off;
    return m->popt[id].n;
}

bool sums_hinted_options(Sums *m, uint32_t id, const GameValue *want, Loc loc, uint32_t **out, size_t *n)
{
    Solver *s = m->s;
    sums_solve_part(m, id, loc);
    uint32_t how = s->store->st[id].how;
    const Strategy *st = s->strategies[HOW_STRATEGY(how)];
    *out = NULL;
    *n = 0;
    if (!st->moves) return false;
    m->nfound = 0;
    ListCtx c = { m, loc, 0, id };
    size_t mark = scratch_mark(&s->vm->scratch);
    SolveMoves r = st->moves(s, s->state[HOW_STRATEGY(how)], id, want, on_option, &c);
    scratch_release(&s->vm->scratch, mark);
    if (r == MOVES_RULES) return false;
    *n = found_sums(m, loc);
    note_terminal(m, id);
    *out = vm_alloc(s->vm, (*n ? *n : 1) * sizeof **out, loc);
    memcpy(*out, m->ids, *n * sizeof **out);
    return true;
}

/* The options of sum x: one copy of one part replaced by one of that part's options. */
static void list_options(Sums *m, uint32_t x, Loc loc)
{
    if (m->rec[x].flags & F_LISTED) return;
    size_t n = m->rec[x].n;
    size_t first = m->nopts;
    for (size_t i = 0; i < n; i++) {
        SumPart part = m->parts[m->rec[x].off + i];
        const uint32_t *po;
        size_t np = sums_part_options(m, part.id, loc, &po);
        for (size_t k = 0; k < np; k++) {
            uint32_t y = po[k];
            m->nbuild = 0;
            for (size_t j = 0; j < m->rec[x].n; j++) {
                SumPart q = m->parts[m->rec[x].off + j];
                if (j == i) q.count--;
                if (q.count) VEC_PUSH(m->build, m->nbuild, m->capbuild, q);
            }
            for (size_t j = 0; j < m->rec[y].n; j++) VEC_PUSH(m->build, m->nbuild, m->capbuild, m->parts[m->rec[y].off + j]);
            uint32_t z = sums_intern(m, m->build, m->nbuild, loc);
            VEC_PUSH(m->opts, m->nopts, m->capopts, z);
        }
    }
    m->rec[x].opt = (uint32_t)first;
    m->rec[x].nopt = (uint32_t)(m->nopts - first);
    m->rec[x].flags |= F_LISTED;
}

/* ---- values --------------------------------------------------------------------------------- */

/* Term k of a stored genus (alternating after its last two terms). */
static uint64_t term(const uint64_t *gp, uint32_t k)
{
    uint64_t n = gp[0];
    if (k < n) return gp[1 + k];
    return gp[1 + n - 2 + (k - (n - 2)) % 2];
}

static uint32_t store_genus(Sums *m, const uint64_t *t, size_t n)
{
    while (n > 2 && t[n - 1] == t[n - 3]) n--;
    uint32_t at = (uint32_t)m->ngpool;
    VEC_PUSH(m->gpool, m->ngpool, m->capgpool, (uint64_t)n);
    for (size_t i = 0; i < n; i++) VEC_PUSH(m->gpool, m->ngpool, m->capgpool, t[i]);
    return at;
}

/* The genus a tame game's pair fixes: 0^{120}, 1^{031}, or a^{a, a XOR 2}. */
static uint32_t tame_genus(Sums *m, uint64_t g, bool fickle)
{
    uint64_t t[3];
    if (fickle) {
        t[0] = g ^ 1;
        t[1] = g ? 3 : 2;
        t[2] = g;
        return store_genus(m, t, 3);
    }
    t[0] = g;
    t[1] = g ^ 2;
    return store_genus(m, t, 2);
}

static bool tame_pair(uint64_t g, uint64_t gm) { return (g == 0 && gm == 1) || (g == 1 && gm == 0) || g == gm; }
static bool heaplike_pair(uint64_t g, uint64_t gm) { return (g == 0 && gm == 1) || (g == 1 && gm == 0) || (g == gm && g >= 2); }

static uint64_t mex_sorted(uint64_t *v, size_t n)
{
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] == x) x++;
        else if (v[i] > x) break;
    }
    return x;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Whether a lone part answers by its strategy's pace hook. */
static bool hook(Sums *m, uint32_t id, unsigned which, uint64_t *out)
{
    Solver *s = m->s;
    uint32_t how = s->store->st[id].how;
    const Strategy *st = s->strategies[HOW_STRATEGY(how)];
    return st->pace && st->pace(s, s->state[HOW_STRATEGY(how)], id, which, out);
}

static bool done(Sums *m, uint32_t x, unsigned w)
{
    return w == W_GENUS ? (m->rec[x].flags & F_GENUS) != 0 : m->rec[x].pace[w] != NONE;
}

/* Try to decide x without its options: a terminal sum, a lone part a hook knows, a sum of parts
   all known hereditarily tame (genus), or of parts not yet known (pushed first: *pushed). */
static bool shortcut(Sums *m, uint32_t x, unsigned w, bool *pushed)
{
    SumRec *r = &m->rec[x];
    *pushed = false;
    if (r->n == 0) {
        if (w == W_GENUS) {
            r->genus = tame_genus(m, 0, true);
            r->flags |= F_GENUS | F_TAME | F_HEAPLIKE;
        } else {
            r->pace[w] = w == PACE_RM || w == PACE_SM;
        }
        return true;
    }
    SumPart *p = m->parts + r->off;
    if (w != W_GENUS) {
        uint64_t v;
        if (r->n == 1 && p[0].count == 1 && hook(m, p[0].id, w, &v)) {
            if (v >= NONE) prog_fail(m->s->p, EXIT_LIMIT, (Loc){ 0 }, "a remoteness beyond 2^32");
            m->rec[x].pace[w] = (uint32_t)v;
            return true;
        }
        return false;
    }
    uint64_t one;
    if (r->n == 1 && p[0].count == 1) {
        if (!hook(m, p[0].id, PACE_NIM, &one)) return false;
        uint64_t g = r->g;
        r->genus = tame_genus(m, g, g < 2);
        r->flags |= F_GENUS | F_TAME | F_HEAPLIKE;
        return true;
    }
    /* a real sum: its parts first (each a lone part) */
    bool fickle = true;
    for (uint32_t i = 0; i < r->n; i++) {
        SumPart lone = { p[i].id, 1 };
        uint32_t y = sums_intern(m, &lone, 1, (Loc){ 0 });
        r = &m->rec[x];
        p = m->parts + r->off;
        if (!(m->rec[y].flags & F_GENUS)) {
            VEC_PUSH(m->stack, m->sp, m->capstack, y);
            *pushed = true;
            continue;
        }
        if (!(m->rec[y].flags & F_TAME)) return false;
        const uint64_t *gp = m->gpool + m->rec[y].genus;
        fickle &= m->rec[y].g < 2 && gp[1] == (m->rec[y].g ^ 1);   /* copies of it alike */
    }
    if (*pushed) return false;
    /* the tame sum rule; a sum of heap-like games need not be heap-like (*2 + *2 is 0^{02}) */
    r->genus = tame_genus(m, r->g, fickle);
    r->flags |= F_GENUS | F_TAME;
    return true;
}

/* From the options' values (all known), x's own. */
static void combine(Sums *m, uint32_t x, unsigned w)
{
    SumRec *r = &m->rec[x];
    const uint32_t *o = m->opts + r->opt;
    size_t n = r->nopt;
    if (w != W_GENUS) {
        bool remote = w == PACE_R || w == PACE_RM;
        uint32_t best = NONE, any = NONE;
        for (size_t i = 0; i < n; i++) {
            uint32_t v = m->rec[o[i]].pace[w];
            if (!(v & 1) && (best == NONE || (remote ? v < best : v > best))) best = v;
            if (any == NONE || (remote ? v > any : v < any)) any = v;
        }
        uint32_t v = best != NONE ? best : any;
        if (v >= NONE - 1) prog_fail(m->s->p, EXIT_LIMIT, (Loc){ 0 }, "a remoteness beyond 2^32");
        r->pace[w] = v + 1;
        return;
    }
    uint32_t len = 0;
    bool tame = true, heaplike = true;
    for (size_t i = 0; i < n; i++) {
        const SumRec *y = &m->rec[o[i]];
        if ((uint32_t)m->gpool[y->genus] > len) len = (uint32_t)m->gpool[y->genus];
        tame &= (y->flags & F_TAME) != 0;
        heaplike &= (y->flags & F_HEAPLIKE) != 0;
    }
    len += 2;
    uint64_t *t = vm_alloc(m->s->vm, len * sizeof *t, (Loc){ 0 });
    m->ntmp = 0;
    for (uint32_t k = 0; k < len; k++) {
        m->ntmp = 0;
        for (size_t i = 0; i < n; i++) VEC_PUSH(m->tmp, m->ntmp, m->captmp, term(m->gpool + m->rec[o[i]].genus, k));
        if (k) {
            VEC_PUSH(m->tmp, m->ntmp, m->captmp, t[k - 1]);
            VEC_PUSH(m->tmp, m->ntmp, m->captmp, t[k - 1] ^ 1);
        }
        qsort(m->tmp, m->ntmp, sizeof *m->tmp, cmp_u64);
        t[k] = mex_sorted(m->tmp, m->ntmp);
    }
    uint32_t at = store_genus(m, t, len);
    r = &m->rec[x];
    r->genus = at;
    r->flags |= F_GENUS;
    uint64_t gm = m->gpool[at + 1];
    if (tame && tame_pair(r->g, gm)) r->flags |= F_TAME;
    if (heaplike && heaplike_pair(r->g, gm)) r->flags |= F_HEAPLIKE;
}

/* Make x's g the XOR of its parts' SG values (solving parts known by their outcome only). */
static void need_g(Sums *m, uint32_t x, Loc loc)
{
    if (!(m->rec[x].flags & F_NOSG)) return;
    uint64_t g = 0;
    for (uint32_t i = 0; i < m->rec[x].n; i++) {
        SumPart p = m->parts[m->rec[x].off + i];
        solve_component(m->s, p.id, loc, NULL, true);
        const State *st = &m->s->store->st[p.id];
        if (loopy(m->s, st)) {
            char b[200];
            key_text(m->s->p, eng_key(m->s->store, p.id), b, sizeof b);
            prog_fail(m->s->p, EXIT_COMPILE, loc, "%s is a game with cycles: it has no genus (misere play of such games "
                      "is decided by retrograde analysis of the sum)", b);
        }
        check_small(m, p.id, loc);
        if (p.count & 1) g ^= m->s->store->st[p.id].sg;
    }
    m->rec[x].g = g;
    m->rec[x].flags &= ~(uint32_t)F_NOSG;
}

/* Compute value w of x and of every sum it needs, depth first without recursion. */
static void compute(Sums *m, uint32_t x, unsigned w, Loc loc)
{
    if (done(m, x, w)) return;
    Program *p = m->s->p;
    int game = p->run.work_game;   /* the budgets' messages name the game of x's first part */
    if (m->rec[x].n) p->run.work_game = (int)KEY_GAME(eng_key(m->s->store, m->parts[m->rec[x].off].id));
    size_t base = m->sp;
    VEC_PUSH(m->stack, m->sp, m->capstack, x);
    while (m->sp > base) {
        uint32_t y = m->stack[m->sp - 1];
        if (done(m, y, w)) {
            m->rec[y].flags &= ~(uint32_t)F_ONPATH;
            m->sp--;
            continue;
        }
        bool pushed;
        if (w == W_GENUS) need_g(m, y, loc);
        if (!(m->rec[y].flags & F_ONPATH)) {
            if (shortcut(m, y, w, &pushed)) {
                m->sp--;
                continue;
            }
            if (pushed) continue;   /* its lone parts first; then y is tried again */
            list_options(m, y, loc);
            m->rec[y].flags |= F_ONPATH;
            bool all = true;
            for (uint32_t i = 0; i < m->rec[y].nopt; i++) {
                uint32_t z = m->opts[m->rec[y].opt + i];
                if (done(m, z, w)) continue;
                if (m->rec[z].flags & F_ONPATH) {
                    char b[200] = "";
                    if (m->rec[z].n) key_text(m->s->p, eng_key(m->s->store, m->parts[m->rec[z].off].id), b, sizeof b);
                    prog_fail(m->s->p, EXIT_COMPILE, loc, "a sum of components can return to itself (through %s): "
                              "misere play and the compounds need games that end", b);
                }
                VEC_PUSH(m->stack, m->sp, m->capstack, z);
                all = false;
            }
            if (!all) continue;
        }
        combine(m, y, w);
        m->rec[y].flags &= ~(uint32_t)F_ONPATH;
        m->sp--;
    }
    p->run.work_game = game;
}

uint64_t sums_pace(Sums *m, uint32_t x, unsigned which, Loc loc)
{
    compute(m, x, which, loc);
    return m->rec[x].pace[which];
}

Genus sums_genus(Sums *m, uint32_t x, Loc loc)
{
    compute(m, x, W_GENUS, loc);
    const SumRec *r = &m->rec[x];
    const uint64_t *gp = m->gpool + r->genus;
    return (Genus){ r->g, (uint32_t)gp[0], gp + 1, (r->flags & F_TAME) != 0, (r->flags & F_HEAPLIKE) != 0 };
}

bool sums_part_tame(Sums *m, uint32_t id, Loc loc, uint64_t *g, uint64_t *gm, bool *heaplike, bool *nim)
{
    sums_solve_part(m, id, loc);
    uint64_t one;
    *nim = hook(m, id, PACE_NIM, &one);
    SumPart lone = { id, 1 };
    Genus gen = sums_genus(m, sums_intern(m, &lone, 1, loc), loc);
    *g = gen.g;
    *gm = gen.gamma[0];
    *heaplike = gen.heaplike;
    return gen.tame;
}

void sums_print_genus(StrBuf *b, const Genus *g)
{
    bool wide = false;
    for (uint32_t i = 0; i < g->n; i++) wide |= g->gamma[i] > 9;
    sb_printf(b, "%llu^{", (unsigned long long)g->g);
    for (uint32_t i = 0; i < g->n; i++) sb_printf(b, "%s%llu", wide && i ? "," : "", (unsigned long long)g->gamma[i]);
    sb_putc(b, '}');
}

uint32_t sums_terminal_option(Sums *m, uint32_t id)
{
    return id < m->npopt ? m->popt[id].term : NONE;
}

uint64_t sums_sg(Sums *m, uint32_t x, Loc loc)
{
    need_g(m, x, loc);
    return m->rec[x].g;
}

bool sums_nim(Sums *m, uint32_t id, Loc loc)
{
    sums_solve_part(m, id, loc);
    uint64_t one;
    return hook(m, id, PACE_NIM, &one);
}

size_t sums_options(Sums *m, uint32_t x, Loc loc, const uint32_t **out)
{
    list_options(m, x, loc);
    *out = m->opts + m->rec[x].opt;
    return m->rec[x].nopt;
}
