/* each_move.c: every move of a position, one by one, with its rule's label and binder values, its
   component and the position it reaches (solve_each_move: the REPL's :moves and :play, draw): the
   position's components come from a query, so this sits above it. */
#include "config.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include "key.h"
#include "rules.h"
#include "ast.h"
#include <stdlib.h>
#include <string.h>

typedef struct Collected {
    int side;
    size_t comp;
    GameValue gain;          /* a scoring game's move: its gain (any size) */
    const char *label;
    AnswerBinders args;
    KeyCopy parts;           /* the option's parts */
} Collected;

typedef struct EachCtx {
    Solver *s;
    Loc loc;
    size_t comp;
    const Game *game;
    Collected *v;
    size_t n, cap, max;
    bool more;
} EachCtx;

static int on_each(void *ctx, const Value *v, const Value *frame)
{
    EachCtx *c = ctx;
    if (c->n >= c->max) {
        c->more = true;
        return 1;
    }
    int tag = c->s->vm->yield_tag;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    if (c->game->partizan) solve_parts(c->s, v, c->loc, &keys, &cnt, &n);   /* (an impartial game's: checked) */
    else solve_components(c->s, v, c->loc, &keys, &cnt, &n);
    Collected m = { c->game->move_sides && tag >= 0 && tag < c->game->nmove_names ? c->game->move_sides[tag] : MOVE_BOTH,
                    c->comp, score_gain(c->s->vm), NULL, { NULL, 0 }, key_copy_parts(keys, cnt, n, 0) };
    if (!c->game->scoring) m.gain = score_int(0);
    const RRule *rule = c->game->rules && tag >= 0 && tag < c->game->rules->n ? &c->game->rules->items[tag] : NULL;
    labels_binders(c->s, rule, frame, &m.args);
    m.label = rule ? rule->name : NULL;
    VEC_PUSH(c->v, c->n, c->cap, m);
    return 0;
}

/* The moves collected (also when an error unwinds past them: prog_defer). */
static void each_free(void *arg)
{
    EachCtx *c = arg;
    for (size_t j = 0; j < c->n; j++) {
        key_copy_free(&c->v[j].parts);
        solve_binders_free(&c->v[j].args);
    }
    xfree(c->v);
    xfree(c);
}

bool solve_each_move(Solver *s, const Value *pos, Loc loc, size_t max, SolveMoveFn fn, void *ctx)
{
    size_t mark;
    Answer *a = solve_answer_new(s->p, &mark);
    /* misere play of a sum has the sum's moves: enumerated in normal play, results in misere */
    unsigned mode = pos->t == VT_POS ? pos->strs : 0;
    Value normal = *pos;
    if (mode == PM_MISERE) normal.strs = 0;
    else if (mode) prog_fail(s->p, EXIT_COMPILE, loc, "the moves of a compound's position are not listed one by one; "
                             "ask for the position's winning moves instead");
    solve_query(s, &normal, loc, false, a);
    EachCtx *c = xcalloc(1, sizeof *c);
    *c = (EachCtx){ .s = s, .loc = loc, .max = max };
    prog_defer(s->p, each_free, c);   /* released with the answer's mark below */
    for (size_t i = 0; i < a->ncomps && !c->more; i++) {
        c->comp = i;
        c->game = &s->p->code.games[KEY_GAME(eng_key(s->store, a->comps[i]))];
        size_t smark = scratch_mark(&s->vm->scratch);
        vm_enum_moves(s->vm, eng_key(s->store, a->comps[i]), on_each, c);
        scratch_release(&s->vm->scratch, smark);
    }
    bool stop = false;
    for (size_t j = 0; j < c->n; j++) {
        Collected *m = &c->v[j];
        if (!stop) {
            /* the position: the others, one copy fewer of the moved component, its non-terminal
               parts; canonical components in the store's order, equal ones merged */
            size_t k = 0, w = a->ncomps + m->parts.n;
            AnswerPart *parts = vm_alloc(s->vm, (w ? w : 1) * sizeof *parts, loc);
            for (size_t q = 0; q < a->ncomps; q++) {
                uint64_t left = a->counts[q] - (q == m->comp);
                if (left) parts[k++] = (AnswerPart){ a->comps[q], left };
                if (q != m->comp) continue;
                for (uint32_t r = 0; r < m->parts.n; r++) {
                    uint32_t id = eng_intern(s->store, m->parts.keys[r], loc);
                    if (!labels_terminal(s, eng_key(s->store, id), id)) parts[k++] = (AnswerPart){ id, m->parts.cnt[r] };
                }
            }
            size_t u = solve_multiset(parts, (uint32_t)k);
            const int64_t **keys = vm_alloc(s->vm, (u ? u : 1) * sizeof *keys, loc);
            uint64_t *cnt = vm_alloc(s->vm, (u ? u : 1) * sizeof *cnt, loc);
            for (size_t q = 0; q < u; q++) {
                keys[q] = eng_key(s->store, parts[q].id);
                cnt[q] = parts[q].count;
            }
            k = u;
            SolveMove mv = { m->side, m->comp, a->counts[m->comp], eng_key(s->store, a->comps[m->comp]), m->label, &m->args,
                             val_pos(keys, cnt, (uint32_t)k), m->gain };
            mv.result.strs = (uint8_t)mode;
            stop = fn(ctx, &mv) != 0;
        }
    }
    bool more = c->more;
    prog_release(s->p, mark);
    each_free(c);
    solve_answer_free(a);
    return more;
}

