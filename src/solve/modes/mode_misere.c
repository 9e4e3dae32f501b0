/* mode_misere.c: misere play of a sum (docs/theory.md section 7). When every component is
   hereditarily tame (Nim heaps; games whose every position has a tame pair of normal and misere
   SG values) the tame sum rule decides: P iff (all fickle and the XOR is 1) or (some firm and
   the XOR is 0); it contains misere Nim (Bouton) and the sums where the SJ theorem is exact. A
   lone component is decided by its genus. Otherwise the sum itself is searched: sums of
   canonical components, memoized, by the genus recursion (never the normal-play shortcut). */
#include "config.h"
#include "solve/modes/compound.h"
#include "solve/core/nimber.h"
#include "solve/modes/mode_quot.h"
#include "key.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

/* Heaps above this try the quotient before their genus (a genus searches every position). */
#define MISERE_GENUS_HEAP 60
/* In a sum of two or more heaps, or when the family's quotient is known, heaps above this try the
   quotient first (a Kayles heap of 50 takes seconds for its genus, the whole quotient of Kayles a
   fifth of one). */
#define MISERE_SUM_HEAP 24

typedef struct Part { uint64_t g, gm; bool tame, heaplike, nim; } Part;

static bool fickle(const Part *p) { return p->g < 2 && p->gm == (p->g ^ 1); }

/* The tame rule from the XOR x and whether some copy is firm. */
static char tame_outcome(uint64_t x, bool firm) { return (!firm && x == 1) || (firm && x == 0) ? 'P' : 'N'; }

/* The query's live components and what the move being tested changes. */
typedef struct Mis {
    Solver *s;
    Sums *m;
    const CpdComp *c;
    const Part *part;
    size_t n, i;            /* one copy of c[i] moves */
    bool tame;              /* every component is tame: the rule decides */
    uint64_t x, firm;       /* the XOR of the SG values, the firm copies */
    Loc loc;
} Mis;

/* Whether the position with one copy of c[i] replaced by sum y is a misere P-position. */
static bool misere_p(void *ctx, uint32_t y)
{
    Mis *t = ctx;
    Sums *m = t->m;
    const SumPart *p;
    size_t np = sums_parts(m, y, &p);
    if (t->tame) {
        bool all = true;
        uint64_t firm = t->firm - !fickle(&t->part[t->i]), x = t->x ^ t->part[t->i].g ^ sums_sg(m, y, t->loc);
        for (size_t j = 0; j < np && all; j++) {
            Part q;
            q.tame = sums_part_tame(m, p[j].id, t->loc, &q.g, &q.gm, &q.heaplike, &q.nim);
            np = sums_parts(m, y, &p);
            all = q.tame;
            firm += !fickle(&q);
        }
        if (all) return tame_outcome(x, firm != 0) == 'P';
    }
    size_t k = 0;
    SumPart *w = vm_alloc(t->s->vm, (t->n + np + 1) * sizeof *w, t->loc);
    for (size_t j = 0; j < t->n; j++) {
        uint64_t cnt = t->c[j].count - (j == t->i);
        if (cnt > UINT32_MAX) prog_fail(t->s->p, EXIT_LIMIT, t->loc, "misere play of a sum with more than 2^32 - 1 copies of a wild component");
        if (cnt) w[k++] = (SumPart){ t->c[j].id, (uint32_t)cnt };
    }
    np = sums_parts(m, y, &p);
    for (size_t j = 0; j < np; j++) w[k++] = p[j];
    return sums_genus(m, sums_intern(m, w, k, t->loc), t->loc).gamma[0] == 0;
}

static void list_moves(Mis *t, Answer *a)
{
    Solver *s = t->s;
    for (size_t i = 0; i < t->n && a->nwin < SOLVE_MAX_WINNING; i++) {
        t->i = i;
        size_t mark = scratch_mark(&s->vm->scratch);
        uint32_t *cand = NULL;
        size_t ncand = 0;
        bool hinted = false;
        if (t->tame) {   /* the options whose SG value can make the rule say P */
            uint64_t base = t->x ^ t->part[i].g;
            uint32_t *h[2];
            size_t nh[2] = { 0, 0 };
            hinted = true;
            for (int k = 0; k < 2 && hinted; k++) {
                GameValue want = gv_sg(base ^ (uint64_t)k);
                hinted = sums_hinted_options(t->m, t->c[i].id, &want, t->loc, &h[k], &nh[k]);
            }
            if (hinted) {
                cand = vm_alloc(s->vm, (nh[0] + nh[1] + 1) * sizeof *cand, t->loc);
                for (int k = 0; k < 2; k++)
                    for (size_t j = 0; j < nh[k]; j++) cand[ncand++] = h[k][j];
            }
        }
        if (!hinted) {
            const uint32_t *o;
            ncand = sums_part_options(t->m, t->c[i].id, t->loc, &o);
            cand = vm_alloc(s->vm, (ncand + 1) * sizeof *cand, t->loc);
            memcpy(cand, o, ncand * sizeof *cand);
        }
        for (size_t j = 0; j < ncand && a->nwin < SOLVE_MAX_WINNING; j++) {
            bool seen = false;
            for (size_t q = 0; q < j && !seen; q++) seen = cand[q] == cand[j];
            if (seen || !misere_p(t, cand[j])) continue;
            CpdComp *d = vm_alloc(s->vm, (t->n + 1) * sizeof *d, t->loc);
            uint32_t *to = vm_alloc(s->vm, (t->n + 1) * sizeof *to, t->loc);
            size_t k = 0;
            for (size_t q = 0; q < t->n; q++) {
                if (q == i) {
                    d[k] = t->c[q];
                    d[k].count = 1;
                    to[k++] = cand[j];
                }
                uint64_t cnt = t->c[q].count - (q == i);
                if (!cnt) continue;
                d[k] = t->c[q];
                d[k].count = cnt;
                to[k++] = UINT32_MAX;
            }
            cpd_add_move(s, a, d, to, k, false, t->loc);
        }
        scratch_release(&s->vm->scratch, mark);
    }
    if (a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
}

/* ---- misere Nim: heaps of any size (Bouton) ---- */

typedef struct Got { Solver *s; Loc loc; uint32_t id; bool any; } Got;

static int on_heap(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    Got *g = ctx;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(g->s, v, g->loc, &keys, &cnt, &n);
    if (g->any || n > 1 || (n == 1 && cnt && cnt[0] != 1)) return 0;
    g->id = n ? eng_intern(g->s->store, keys[0], g->loc) : UINT32_MAX;
    g->any = true;
    return 0;
}

static GameValue nim_xor(Solver *s, GameValue a, GameValue b)
{
    GameValue v[2] = { a, b };
    return compose_sum.combine(s->p, v, NULL, 2);
}

static bool firm_heap(const GameValue *v) { return v->big || v->n >= 2; }

static void nim_genus(StrBuf *b, Solver *s, const GameValue *v)
{
    if (!firm_heap(v)) {
        sb_puts(b, v->n ? "1^{031}" : "0^{120}");
        return;
    }
    if (!v->big) {
        uint64_t t[2] = { v->n, v->n ^ 2 };
        Genus g = { v->n, 2, t, true, true };
        sums_print_genus(b, &g);
        return;
    }
    GameValue w = nim_xor(s, *v, gv_sg(2));
    nim_print(b, v);
    sb_puts(b, "^{");
    nim_print(b, v);
    sb_putc(b, ',');
    nim_print(b, &w);
    sb_putc(b, '}');
}

static void nim_query(Solver *s, const CpdComp *c, size_t n, Loc loc, bool moves, Answer *a)
{
    GameValue *v = vm_alloc(s->vm, (n ? n : 1) * sizeof *v, loc);
    uint64_t *cnt = vm_alloc(s->vm, (n ? n : 1) * sizeof *cnt, loc);
    uint64_t firm = 0;
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < n; i++) {
        solve_component(s, c[i].id, loc, NULL, true);
        v[i] = solve_value_of(&s->store->st[c[i].id]);
        cnt[i] = c[i].count;
        if (firm_heap(&v[i])) firm += c[i].count;
        if (i < 8) {
            sb_puts(&b, i ? ", " : "");
            key_print(s->p, &b, eng_key(s->store, c[i].id));
            sb_putc(&b, ' ');
            nim_genus(&b, s, &v[i]);
        }
    }
    GameValue total = compose_sum.combine(s->p, v, cnt, n);
    bool zero = !total.big && total.n == 0, one = !total.big && total.n == 1;
    a->outcome = (firm && zero) || (!firm && one) ? 'P' : 'N';
    a->strategy = "misere:nim";
    StrBuf w;
    sb_init(&w);
    sb_puts(&w, "misere Nim (Bouton; the tame sum rule): the XOR is ");
    nim_print(&w, &total);
    sb_printf(&w, " and %s; genus %s%s", firm ? "a heap is 2 or more" : "every heap is 0 or 1", b.s, n > 8 ? ", ..." : "");
    a->why = sb_take(&w);
    solve_fact_text(&a->facts, "rule", "tame");
    if (!total.big) {
        solve_fact_uint(&a->facts, "xor", total.n);
    } else {   /* a nimber past 64 bits: its text */
        StrBuf x;
        sb_init(&x);
        nim_print(&x, &total);
        solve_fact_text(&a->facts, "xor", x.s);
        sb_fini(&x);
    }
    solve_fact_int(&a->facts, "firm", firm != 0);
    sb_fini(&w);
    sb_fini(&b);
    if (!moves || a->outcome != 'N') return;
    for (size_t i = 0; i < n && a->nwin < SOLVE_MAX_WINNING; i++) {
        GameValue base = nim_xor(s, total, v[i]);
        for (int k = 0; k < 2; k++) {
            GameValue t = k ? nim_xor(s, base, gv_sg(1)) : base;
            if (nim_cmp(&t, &v[i]) >= 0) continue;
            bool f = firm - firm_heap(&v[i]) > 0 || firm_heap(&t);
            if (!(f ? k == 0 : k == 1)) continue;   /* the new XOR is k */
            uint32_t how = s->store->st[c[i].id].how;
            const Strategy *st = s->strategies[HOW_STRATEGY(how)];
            Got g = { s, loc, UINT32_MAX, false };
            size_t mark = scratch_mark(&s->vm->scratch);
            if (st->moves) st->moves(s, s->state[HOW_STRATEGY(how)], c[i].id, &t, on_heap, &g);
            scratch_release(&s->vm->scratch, mark);
            if (!g.any) continue;
            if (g.id != UINT32_MAX) solve_component(s, g.id, loc, NULL, true);
            if (g.id != UINT32_MAX && (s->store->st[g.id].flags & ST_TERMINAL)) g.id = UINT32_MAX;
            CpdComp *d = vm_alloc(s->vm, (n + 1) * sizeof *d, loc);
            uint32_t *to = vm_alloc(s->vm, (n + 1) * sizeof *to, loc);
            size_t m = 0;
            for (size_t q = 0; q < n; q++) {
                if (q == i) {
                    if (g.id != UINT32_MAX) {
                        d[m] = cpd_one(s, g.id, 1, loc);
                        to[m++] = UINT32_MAX;
                    }
                    if (c[q].count == 1) continue;
                }
                d[m] = c[q];
                d[m].count = c[q].count - (q == i);
                to[m++] = UINT32_MAX;
            }
            cpd_add_move(s, a, d, to, m, false, loc);
        }
    }
    if (a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
}

typedef struct MisereText { StrBuf b, w; } MisereText;   /* components, the reason */

static void misere_text_free(void *arg)
{
    MisereText *t = arg;
    sb_fini(&t->b);
    sb_fini(&t->w);
    xfree(t);
}

/* Whether some component is a heap above limit (its quotient is tried first). */
static bool big_heaps(Solver *s, const CpdComp *c, size_t n, int64_t limit)
{
    for (size_t i = 0; i < n; i++) {
        const int64_t *key = eng_key(s->store, c[i].id);
        uint64_t sig = (uint64_t)key[1];
        for (size_t a = 0, w = 2; w < KEY_LEN(key); a++) {
            int ty = (int)((sig >> (2 * a)) & 3);
            if (ty == POS_ARG_INT && key[w] > limit) return true;
            w += key_arg_words(key, w, ty);
        }
    }
    return false;
}

static void misere_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a)
{
    Sums *m = sums_of(s);
    CpdComp *all;
    size_t nall = cpd_flat(s, pos, loc, &all), n = 0;
    CpdComp *c = vm_alloc(s->vm, (nall ? nall : 1) * sizeof *c, loc);
    bool nims = true;
    for (size_t i = 0; i < nall; i++) {
        if (all[i].terminal) continue;
        if (n && c[n - 1].id == all[i].id) {   /* copies apart only by ended components: together */
            if (__builtin_add_overflow(c[n - 1].count, all[i].count, &c[n - 1].count))
                prog_fail(s->p, EXIT_LIMIT, loc, "a position with more than 2^64 - 1 copies of a component");
            continue;
        }
        c[n++] = all[i];
        nims &= sums_nim(m, all[i].id, loc);
    }
    if (cpd_any_loopy(c, n)) {   /* no genus for games with cycles */
        a->strategy = "misere:retrograde";
        cpd_position(s, a, c, n, false);
        cpd_retro(s, a, c, n, false, moves, loc);
        return;
    }
    if (n && nims) {
        cpd_position(s, a, c, n, false);
        nim_query(s, c, n, loc, moves, a);
        return;
    }
    /* heaps too big for their genus, or a sum whose family's quotient is known: the quotient first
       (tame analysis searches every position of each component) */
    uint64_t copies = 0;
    for (size_t i = 0; i < n; i++) copies += c[i].count;
    bool known = n && misere_quotient_known(s, c, n);
    bool first = big_heaps(s, c, n, MISERE_GENUS_HEAP) || (copies > 1 && known) ||
                 ((copies > 1 || known) && big_heaps(s, c, n, MISERE_SUM_HEAP));
    if (n && first && misere_quotient(s, c, n, loc, moves, a)) return;
    Part *part = vm_alloc(s->vm, (n ? n : 1) * sizeof *part, loc);
    Mis t = { .s = s, .m = m, .c = c, .part = part, .n = n, .tame = true, .loc = loc };
    bool nim = true, heaplike = true;
    for (size_t i = 0; i < n; i++) {
        Part *q = &part[i];
        q->tame = sums_part_tame(m, c[i].id, loc, &q->g, &q->gm, &q->heaplike, &q->nim);
        t.tame &= q->tame;
        nim &= q->nim;
        heaplike &= q->heaplike;
        if (c[i].count & 1) t.x ^= q->g;
        if (!fickle(q)) t.firm += c[i].count;
    }
    /* a wild sum: its family's quotient, if one is proven, before a search of the sum */
    if (!t.tame && copies > 1 && misere_quotient(s, c, n, loc, moves, a)) return;
    cpd_position(s, a, c, n, false);
    /* the texts outlive calls that may fail (a limit in a genus search): freed by a cleanup then */
    MisereText *tx = xcalloc(1, sizeof *tx);
    sb_init(&tx->b);
    sb_init(&tx->w);
    size_t mark = prog_defer(s->p, misere_text_free, tx);
    a->components = xcalloc(n ? n : 1, sizeof *a->components);   /* freed with the answer, an error's too */
    for (size_t i = 0; i < n; i++) {
        Genus g = sums_genus(m, c[i].sum, loc);
        char *txt = solve_print_parts(s, 0, &c[i].id, &c[i].count, 1, true);
        StrBuf gs;
        sb_init(&gs);
        sums_print_genus(&gs, &g);
        if (i < 8) sb_printf(&tx->b, "%s%s %s", i ? ", " : "", txt, gs.s);
        a->components[a->ncomponents++] = (struct AnswerComponent){ .position = txt, .genus = sb_take(&gs), .tame = part[i].tame };
        sb_fini(&gs);
    }
    if (n > 8) sb_printf(&tx->b, ", ... %zu in all", n);
    if (n == 0) {
        a->outcome = 'N';
        a->strategy = "misere";
        sb_puts(&tx->w, "no move: the player to move has won");
        solve_fact_text(&a->facts, "rule", "over");
    } else if (t.tame) {
        a->outcome = tame_outcome(t.x, t.firm != 0);
        a->strategy = nim ? "misere:nim" : heaplike ? "misere:sj" : "misere:tame";
        sb_printf(&tx->w, "the tame sum rule (%s): the XOR is %llu and %s; genus %s", nim ? "misere Nim" : heaplike ?
                  "every position heap-like, where the SJ theorem is exact" : "every component hereditarily tame",
                  (unsigned long long)t.x, t.firm ? "a component is firm" : "every component is fickle", tx->b.s);
        solve_fact_text(&a->facts, "rule", "tame");
        solve_fact_uint(&a->facts, "xor", t.x);
        solve_fact_int(&a->facts, "firm", t.firm != 0);
    } else if (n == 1 && c[0].count == 1) {
        a->outcome = part[0].gm ? 'N' : 'P';
        a->strategy = "misere:genus";
        sb_printf(&tx->w, "the genus %s (misere P iff its first term is 0)", tx->b.s);
        solve_fact_text(&a->facts, "rule", "genus");
        solve_fact_text(&a->facts, "genus", a->components[0].genus);
    } else {
        SumPart *sp = vm_alloc(s->vm, n * sizeof *sp, loc);
        for (size_t i = 0; i < n; i++) {
            if (c[i].count > UINT32_MAX)
                prog_fail(s->p, EXIT_LIMIT, loc, "misere play of a sum with more than 2^32 - 1 copies of a wild component");
            sp[i] = (SumPart){ c[i].id, (uint32_t)c[i].count };
        }
        Genus g = sums_genus(m, sums_intern(m, sp, n, loc), loc);
        a->outcome = g.gamma[0] ? 'N' : 'P';
        a->strategy = "misere:search";
        StrBuf gs;
        sb_init(&gs);
        sums_print_genus(&gs, &g);
        sb_printf(&tx->w, "a search of the sum (a component is not tame): genus %s; components %s", gs.s, tx->b.s);
        misere_quotient_note(s, c, n, &tx->w);
        solve_fact_text(&a->facts, "rule", "search");
        solve_fact_text(&a->facts, "genus", gs.s);
        sb_fini(&gs);
    }
    a->why = sb_take(&tx->w);
    prog_release(s->p, mark);
    misere_text_free(tx);
    if (moves && a->outcome == 'N') list_moves(&t, a);
}

const PlayMode mode_misere = { "misere", PM_SUM, misere_query, cpd_same };

void solve_genus(Solver *s, const Value *pos, Loc loc, SolveGenus *out)
{
    if (pos->strs & PM_COMPOUND)
        prog_fail(s->p, EXIT_COMPILE, loc, "genus is defined for a game or a sum (misere play), not for the compound %s",
                  val_mode_name(pos->strs & PM_COMPOUND));
    Sums *m = sums_of(s);
    CpdComp *c;
    size_t n = cpd_flat(s, pos, loc, &c);
    SumPart *sp = vm_alloc(s->vm, (n ? n : 1) * sizeof *sp, loc);
    for (size_t i = 0; i < n; i++) {
        if (c[i].count > UINT32_MAX)
            prog_fail(s->p, EXIT_LIMIT, loc, "the genus of a sum with more than 2^32 - 1 copies of a component");
        sp[i] = (SumPart){ c[i].id, (uint32_t)c[i].count };
    }
    Genus g = sums_genus(m, sums_intern(m, sp, n, loc), loc);
    StrBuf b;
    sb_init(&b);
    sums_print_genus(&b, &g);
    out->genus = sb_take(&b);
    sb_fini(&b);
    out->tame = g.tame;
    uint32_t *ids = vm_alloc(s->vm, (n ? n : 1) * sizeof *ids, loc);
    uint64_t *cnt = vm_alloc(s->vm, (n ? n : 1) * sizeof *cnt, loc);
    for (size_t i = 0; i < n; i++) {
        ids[i] = c[i].id;
        cnt[i] = c[i].count;
    }
    out->position = solve_print_parts(s, 0, ids, cnt, n, false);
}
