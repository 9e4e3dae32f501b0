/* core.c: the shared solving core, below the strategies, the closed forms and the play modes:
   a strategy's mark on a state and its state in a solver, tentative computations, solving one
   component by the table of strategies the solver holds (solve.c installs it), work and fuel,
   values stored in states, answers and their parts. It names no strategy and no play mode. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include "solve/core/nimber.h"
#include "vm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t solve_how(const Strategy *self, uint32_t variant)
{
    return (uint32_t)self->id << HOW_VARIANT_BITS | variant;
}
void *solve_state(Solver *s, const Strategy *self) { return s->state[self->id]; }

const char *solve_how_name(Solver *s, uint32_t how)
{
    const Strategy *st = s->strategies[HOW_STRATEGY(how)];
    return st->name_of ? st->name_of(s, s->state[HOW_STRATEGY(how)], HOW_VARIANT(how)) : st->name;
}

void solve_try_enter(Solver *s)
{
    SolveTry t = { s->busy, s->p->run.work_game, s->fuel, s->store->budget };
    VEC_PUSH(s->tries, s->ntries, s->captries, t);
}
void solve_try_leave(Solver *s) { s->ntries--; }

void solve_try_fail(Solver *s, bool limit)
{
    s->ntries--;
    s->busy = s->tries[s->ntries].busy;
    s->p->run.work_game = s->tries[s->ntries].game;
    s->fuel = s->tries[s->ntries].fuel;
    s->store->budget = s->tries[s->ntries].budget;
    if (s->sums) s->sums_fini(s->sums);   /* its searches in progress are gone (rebuilt on use) */
    s->sums = NULL;
    if (s->partizan) s->partizan_fini(s->partizan);   /* forms by state: the store may have dropped states */
    s->partizan = NULL;
    eng_recover(s->store);
    if (limit) eng_clear(s->store);
    for (size_t i = 0; s->strategies[i]; i++)
        if (s->strategies[i]->recover) s->strategies[i]->recover(s, s->state[i], limit);
}

bool solve_allowed(const Program *p, const char *name)
{
    return !p->opt.force_strategy || !strcmp(p->opt.force_strategy, name);
}

uint64_t solve_component(Solver *s, uint32_t id, Loc loc, const char **strategy, bool need_sg)
{
    Engine *e = s->store;
    const int64_t *key = eng_key(e, id);
    uint32_t fl = e->st[id].flags;
    if ((fl & ST_DONE) || ((fl & ST_OUTCOME) && !need_sg)) {
        if (strategy) *strategy = solve_how_name(s, e->st[id].how);
        return (fl & ST_BIG) ? UINT64_MAX : e->st[id].sg;
    }
    const int64_t *cycle = NULL;
    bool scoring = s->p->code.games[KEY_GAME(key)].scoring;
    if (s->p->code.games[KEY_GAME(key)].partizan) {   /* sg(), period, genus of a partizan position */
        char b[200];
        key_text(s->p, key, b, sizeof b);
        prog_fail(s->p, EXIT_COMPILE, loc, "%s is a position of partizan game '%s': it has no Sprague-Grundy value (its "
                  "value is a canonical form: query it, or ask value())", b, s->p->code.games[KEY_GAME(key)].name);
    }
    for (size_t j = 0; s->strategies[j]; j++) {
        const Strategy *st = s->strategies[j];
        if (st->scoring != scoring || !solve_allowed(s->p, st->name) || (cycle && !st->loopy) ||
            !st->applies(s, s->state[j], key))
            continue;
        const int64_t *saved = e->root;
        int saved_game = s->p->run.work_game;
        e->root = key;
        s->p->run.work_game = (int)KEY_GAME(key);
        SolveResult r = st->solve(s, s->state[j], id, loc, need_sg);
        e->root = saved;
        s->p->run.work_game = saved_game;
        if (r == SOLVE_DONE) {
            if (strategy) *strategy = solve_how_name(s, e->st[id].how);
            return (e->st[id].flags & ST_BIG) ? UINT64_MAX : e->st[id].sg;
        }
        if (r == SOLVE_CYCLE) cycle = s->cycle;
    }
    if (cycle) {
        char b[200];
        key_text(s->p, cycle, b, sizeof b);
        prog_fail(s->p, EXIT_COMPILE, loc,
                  "ruleset '%s' has a cycle: position %s can be reached again from itself, so play may never end "
                  "(the strategy chosen with --strategy does not solve games with cycles; retrograde does)", s->p->code.games[KEY_GAME(cycle)].name, b);
    }
    /* memo applies to everything; only a forced strategy that declines gets here */
    prog_fail(s->p, EXIT_COMPILE, loc, "strategy '%s' cannot solve this position", s->p->opt.force_strategy);
}

void solve_mark_cyclic(Solver *s, uint32_t gid)
{
    if (gid >= s->ncyclic) {
        size_t n = (size_t)gid + 1 > 2 * s->ncyclic ? (size_t)gid + 1 : 2 * s->ncyclic;
        s->cyclic = xrealloc(s->cyclic, n);
        memset(s->cyclic + s->ncyclic, 0, n - s->ncyclic);
        s->ncyclic = n;
    }
    s->cyclic[gid] = 1;
}

bool solve_cyclic(const Solver *s, uint32_t gid) { return gid < s->ncyclic && s->cyclic[gid]; }

bool solve_threads(const Solver *s) { return s->p->opt.jobs > 1 && !s->p->run.jobs_worker; }

void solve_burn(Solver *s, uint64_t work, Loc loc)
{
    prog_poll_n(s->p, work, loc);
    if (!s->fuel) return;
    if (work >= s->fuel) prog_fail(s->p, PROG_BUDGET, loc, "out of fuel");
    s->fuel -= work;
}

bool solve_cheap(Solver *s, uint32_t id)
{
    for (size_t j = 0; s->strategies[j]; j++) {
        const Strategy *st = s->strategies[j];
        if (!st->cheap || st->scoring != s->p->code.games[KEY_GAME(eng_key(s->store, id))].scoring || !solve_allowed(s->p, st->name) ||
            !st->applies(s, s->state[j], eng_key(s->store, id)))
            continue;
        if (st->solve(s, s->state[j], id, (Loc){ 0 }, true) == SOLVE_DONE) return (s->store->st[id].flags & ST_DONE) != 0;
    }
    return false;
}

void solve_components(Solver *s, const Value *v, Loc loc, const int64_t *const **keys, const uint64_t **cnt,
                      uint32_t *n)
{
    solve_parts(s, v, loc, keys, cnt, n);
    for (uint32_t i = 0; i < *n; i++)
        if (s->p->code.games[KEY_GAME((*keys)[i])].partizan) {   /* reached through a def, or a sum */
            char b[200];
            key_text(s->p, (*keys)[i], b, sizeof b);
            prog_fail(s->p, EXIT_COMPILE, loc, "an impartial game's move leads to %s, a position of partizan game '%s': "
                      "mark the moving game's moves 'left move' or 'right move' to make it partizan", b,
                      s->p->code.games[KEY_GAME((*keys)[i])].name);
        }
}

void solve_parts(Solver *s, const Value *v, Loc loc, const int64_t *const **keys, const uint64_t **cnt, uint32_t *n)
{
    if (v->t == VT_POS) {
        if (v->strs)
            prog_fail(s->p, EXIT_COMPILE, loc, "a move must lead to a position of the game in normal play; misere() and "
                      "the compounds apply to a whole query, not to a move's result");
        *keys = v->u.pos.keys;
        *cnt = v->u.pos.cnt;
        *n = v->n;
        return;
    }
    if ((v->t == VT_INT) && v->u.i == 0) {
        *keys = NULL;
        *cnt = NULL;
        *n = 0;
        return;
    }
    prog_fail(s->p, EXIT_COMPILE, loc, "a move must lead to a position (or 0), but this one gives %s",
              val_type_an(v->t));
}

GameValue solve_value_of(const State *st)
{
    if (st->flags & ST_OUTCOME) return gv_outcome(st->sg == 2 ? 'D' : st->sg ? 'N' : 'P');
    switch (ST_KIND(st->flags)) {
    case GV_DRAW: return (GameValue){ .kind = GV_DRAW, .outcome = 'D' };
    case GV_LOOPY:
        if (st->flags & ST_INF) return gv_inf((const uint64_t *)(uintptr_t)st->sg, 0);
        return gv_loopy(st->sg & 0xffffffffu, (int64_t)(st->sg >> 32));
    case GV_REMOTENESS:
        return (GameValue){ .kind = (uint8_t)ST_KIND(st->flags), .outcome = st->sg ? 'N' : 'P', .n = st->sg };
    case GV_SCORE: return score_load(st);   /* the mover wins, loses, or the best play ties */
    default: return nim_of_state(st);
    }
}

void solve_set_value(State *st, GameValue v)
{
    st->flags = (st->flags & ~(ST_OUTCOME | ST_BIG | ST_INF | (0xffu << ST_KIND_SHIFT))) | ST_DONE |
                ((uint32_t)v.kind << ST_KIND_SHIFT);
    if (v.kind == GV_LOOPY) {
        if (v.kset) {
            st->flags |= ST_INF;
            st->sg = (uint64_t)(uintptr_t)v.kset;
        } else {
            st->sg = (v.n & 0xffffffffu) | (uint64_t)v.score << 32;
        }
    } else if (v.kind == GV_OUTCOME) {
        st->flags = (st->flags & ~(uint32_t)ST_DONE) | ST_OUTCOME;
        st->sg = v.outcome == 'D' ? 2 : v.outcome == 'N';
    } else if (v.kind == GV_SG) {
        nim_store(st, &v);
    } else if (v.kind == GV_SCORE) {
        score_store(st, &v);
    } else {
        st->sg = v.n;
    }
}

static int cmp_part(const void *a, const void *b)
{
    uint32_t x = ((const AnswerPart *)a)->id, y = ((const AnswerPart *)b)->id;
    return (x > y) - (x < y);
}

uint32_t solve_multiset(AnswerPart *p, uint32_t n)
{
    if (n < 2) return n;   /* also p == NULL with n == 0 */
    qsort(p, n, sizeof *p, cmp_part);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (m && p[m - 1].id == p[i].id) p[m - 1].count += p[i].count;
        else p[m++] = p[i];
    }
    return m;
}

/* Print a count and a component: "k * A" (just "A" for one copy). */
void solve_print_copies(Solver *s, StrBuf *b, uint64_t count, uint32_t id)
{
    if (count != 1) {
        sb_put_i64(b, (int64_t)count);   /* counts beyond 2^63 print as such (rare) */
        sb_puts(b, " * ");
    }
    key_print(s->p, b, eng_key(s->store, id));
}

char *solve_print_parts(Solver *s, unsigned pm, const uint32_t *ids, const uint64_t *cnt, size_t n, bool terminal_too)
{
    StrBuf b;
    sb_init(&b);
    key_mode_open(&b, pm);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t c = cnt ? cnt[i] : 1;
        if (!c || (!terminal_too && (s->store->st[ids[i]].flags & ST_TERMINAL))) continue;
        if (k++) sb_puts(&b, " + ");
        solve_print_copies(s, &b, c, ids[i]);
    }
    if (!k) sb_putc(&b, '0');
    key_mode_close(&b, pm);
    return sb_take(&b);
}

/* parts[0..n) as a multiset (solve_multiset) into out (n entries): its size, or 0 when a part
   belongs to a compound's argument (there the order is the position's). */
static size_t multiset(const AnswerPart *parts, size_t n, AnswerPart *out)
{
    for (size_t i = 0; i < n; i++) {
        if (parts[i].count & POS_GROUP) return 0;
        out[i] = parts[i];
    }
    return solve_multiset(out, (uint32_t)n);
}

static uint64_t multiset_hash(const AnswerPart *p, size_t n)
{
    uint64_t h = 0x9E3779B97F4A7C15u ^ n;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i].id ^ (p[i].count << 32)) * 0xFF51AFD7ED558CCDu, h ^= h >> 29;
    return h | 1;
}

void solve_answer_add(Answer *a, char *text, const AnswerPart *parts, size_t n)
{
    /* a sum reached twice, its equal components written apart (Kayles(4) + Kayles(3) +
       Kayles(4)): one winning result */
    AnswerPart *ms = xmalloc((n ? n : 1) * sizeof *ms);
    size_t k = multiset(parts, n, ms);
    uint64_t h = k ? multiset_hash(ms, k) : 0;
    for (size_t i = 0; h && i < a->nwin; i++) {
        if (a->mhash[i] != h) continue;
        AnswerPart *other = xmalloc((a->mpos[i].nparts ? a->mpos[i].nparts : 1) * sizeof *other);
        size_t ko = multiset(a->mpos[i].parts, a->mpos[i].nparts, other);
        bool same = ko == k;   /* field by field: the struct has padding */
        for (size_t j = 0; j < k && same; j++) same = other[j].id == ms[j].id && other[j].count == ms[j].count;
        xfree(other);
        if (same) {
            xfree(ms);
            xfree(text);
            return;
        }
    }
    xfree(ms);
    if (a->nwin == a->capwin) {
        a->capwin = a->capwin ? 2 * a->capwin : 8;
        a->winning = xrealloc(a->winning, a->capwin * sizeof *a->winning);
        a->mpos = xrealloc(a->mpos, a->capwin * sizeof *a->mpos);
        a->mhash = xrealloc(a->mhash, a->capwin * sizeof *a->mhash);
    }
    AnswerPart *p = xmalloc((n ? n : 1) * sizeof *p);
    if (n) memcpy(p, parts, n * sizeof *p);
    a->mpos[a->nwin] = (struct AnswerPos){ p, (uint32_t)n };
    a->mhash[a->nwin] = h;
    a->winning[a->nwin++] = text;
}

Value solve_answer_mpos(Solver *s, const Answer *a, size_t i, Loc loc)
{
    const struct AnswerPos *mp = &a->mpos[i];
    const int64_t **keys = vm_alloc(s->vm, (mp->nparts ? mp->nparts : 1) * sizeof *keys, loc);
    uint64_t *cnt = vm_alloc(s->vm, (mp->nparts ? mp->nparts : 1) * sizeof *cnt, loc);
    for (uint32_t j = 0; j < mp->nparts; j++) {
        keys[j] = eng_key(s->store, mp->parts[j].id);
        cnt[j] = mp->parts[j].count;
    }
    Value v = val_pos(keys, cnt, mp->nparts);
    v.strs = (uint8_t)a->mode;
    return v;
}

void solve_why(Solver *s, uint32_t id, StrBuf *b, AnswerFacts *facts)
{
    uint32_t how = s->store->st[id].how;
    const Strategy *st = s->strategies[HOW_STRATEGY(how)];
    if (st->explain) st->explain(s, s->state[HOW_STRATEGY(how)], id, HOW_VARIANT(how), b, facts);
    if (s->store->st[id].flags & ST_SGSEARCH) {
        sb_puts(b, "; the SG value by a search of the rules");
        solve_fact_int(facts, "sg_by_search", 1);
    }
}

static AnswerFact *fact_new(AnswerFacts *f, const char *key)
{
    for (uint32_t i = 0; i < f->n; i++)
        if (!strcmp(f->v[i].key, key)) return NULL;
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 8;
        f->v = xrealloc(f->v, f->cap * sizeof *f->v);
    }
    AnswerFact *a = &f->v[f->n++];
    memset(a, 0, sizeof *a);
    a->key = key;
    return a;
}

void solve_fact_int(AnswerFacts *facts, const char *key, int64_t v)
{
    AnswerFact *a = facts ? fact_new(facts, key) : NULL;
    if (!a) return;
    a->is_int = true;
    a->i = v;
}

void solve_fact_text(AnswerFacts *facts, const char *key, const char *text)
{
    AnswerFact *a = facts ? fact_new(facts, key) : NULL;
    if (a) a->text = xstrdup(text);
}

void solve_fact_uint(AnswerFacts *facts, const char *key, uint64_t v)
{
    if (v <= INT64_MAX) {
        solve_fact_int(facts, key, (int64_t)v);
        return;
    }
    char t[24];
    snprintf(t, sizeof t, "%llu", (unsigned long long)v);
    solve_fact_text(facts, key, t);
}

void solve_facts_free(AnswerFacts *facts)
{
    for (uint32_t i = 0; i < facts->n; i++) xfree(facts->v[i].text);
    xfree(facts->v);
    memset(facts, 0, sizeof *facts);
}

void solve_binders_free(AnswerBinders *b)
{
    for (uint32_t i = 0; i < b->n; i++) {
        xfree(b->v[i].text);
        xfree(b->v[i].json);
    }
    xfree(b->v);
    b->v = NULL;
    b->n = 0;
}

void solve_answer_fini(Answer *a)
{
    for (size_t i = 0; i < a->ndefence; i++) {
        xfree(a->defence[i].move);
        xfree(a->defence[i].reply);
    }
    xfree(a->defence);
    for (size_t i = 0; i < a->nlabels; i++) solve_binders_free(&a->labels[i].args);
    xfree(a->labels);
    for (size_t i = 0; a->moves && i < a->nchanges; i++) xfree(a->moves[i].parts);
    xfree(a->moves);
    xfree(a->seen);
    for (size_t i = 0; a->mpos && i < a->nwin; i++) xfree(a->mpos[i].parts);
    xfree(a->mpos);
    xfree(a->mhash);
    for (size_t i = 0; i < a->ncomponents; i++) {
        xfree(a->components[i].position);
        xfree(a->components[i].genus);
    }
    xfree(a->components);
    xfree(a->position);
    xfree(a->why);
    solve_facts_free(&a->facts);
    for (size_t i = 0; i < a->nwin; i++) xfree(a->winning[i]);
    xfree(a->winning);
    for (size_t i = 0; i < a->npz; i++) {
        xfree(a->pz[i].from);
        xfree(a->pz[i].result);
        solve_binders_free(&a->pz[i].args);
    }
    xfree(a->pz);
    xfree(a->value);
    xfree(a->value_unicode);
    memset(a, 0, sizeof *a);
}

Answer *solve_answer_new(Program *p, size_t *mark)
{
    Answer *a = xcalloc(1, sizeof *a);
    *mark = prog_defer(p, solve_answer_free, a);
    return a;
}

void solve_answer_free(void *arg)
{
    solve_answer_fini(arg);
    xfree(arg);
}
