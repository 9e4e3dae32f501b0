/* compound.c: the play modes' shared work (compound.h): components, options by a test, answers. */
#include "config.h"
#include "solve/compound.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

size_t cpd_components(Solver *s, const Value *pos, Loc loc, CpdComp **out)
{
    Engine *e = s->store;
    Sums *m = sums_of(s);
    CpdComp *c = vm_alloc(s->vm, (pos->n ? pos->n : 1) * sizeof *c, loc);
    size_t k = 0;
    for (uint32_t i = 0; i < pos->n; i++) {
        uint64_t cnt = val_count(pos, i);
        if (!cnt) continue;
        uint32_t id = eng_intern(e, pos->u.pos.keys[i], loc);
        sums_solve_part(m, id, loc);
        if (k && c[k - 1].id == id) {
            if (__builtin_add_overflow(c[k - 1].count, cnt, &c[k - 1].count))
                prog_fail(s->p, EXIT_LIMIT, loc, "a position with more than 2^64 - 1 copies of a component");
            continue;
        }
        c[k++] = (CpdComp){ id, cnt, (e->st[id].flags & ST_TERMINAL) != 0 };
    }
    *out = c;
    return k;
}

uint32_t cpd_lone(Solver *s, uint32_t id, Loc loc)
{
    SumPart one = { id, 1 };
    return sums_intern(sums_of(s), &one, 1, loc);
}

bool cpd_option(Solver *s, uint32_t id, Loc loc, const GameValue *hint, bool (*ok)(void *ctx, uint32_t x), void *ctx,
                uint32_t *found)
{
    Sums *m = sums_of(s);
    size_t mark = scratch_mark(&s->vm->scratch);
    if (hint) {
        uint32_t *x;
        size_t n;
        if (sums_hinted_options(m, id, hint, loc, &x, &n))
            for (size_t i = 0; i < n; i++)
                if (ok(ctx, x[i])) {
                    *found = x[i];
                    scratch_release(&s->vm->scratch, mark);
                    return true;
                }
    }
    scratch_release(&s->vm->scratch, mark);
    const uint32_t *o;
    size_t n = sums_part_options(m, id, loc, &o);
    for (size_t i = 0; i < n; i++) {
        uint32_t x = o[i];   /* ok may list more options (o may move) */
        if (ok(ctx, x)) {
            *found = x;
            return true;
        }
        n = sums_part_options(m, id, loc, &o);
    }
    return false;
}

void cpd_position(Solver *s, Answer *a, const CpdComp *c, size_t n, bool terminal_too)
{
    uint32_t *ids = vm_alloc(s->vm, (n ? n : 1) * sizeof *ids, (Loc){ 0 });
    uint64_t *cnt = vm_alloc(s->vm, (n ? n : 1) * sizeof *cnt, (Loc){ 0 });
    for (size_t i = 0; i < n; i++) {
        ids[i] = c[i].id;
        cnt[i] = c[i].count;
    }
    a->position = solve_print_parts(s, a->mode, ids, cnt, n, terminal_too);
}

void cpd_add_move(Solver *s, Answer *a, const CpdComp *c, const uint32_t *to, size_t n, bool terminal_too, Loc loc)
{
    Sums *m = sums_of(s);
    size_t k = 0, cap = n + 1;
    for (size_t i = 0; i < n; i++) {
        const SumPart *p;
        if (to[i] == UINT32_MAX) continue;
        size_t np = sums_parts(m, to[i], &p);
        cap += np + 1;
        /* a compound's component that became a sum of games cannot be written as one component
           of the compound's sum (every(A + B) makes A and B two components): not listed */
        if ((a->mode & PM_COMPOUND) && (np > 1 || (np == 1 && p[0].count > 1))) {
            a->unwritten = true;
            return;
        }
    }
    AnswerPart *parts = vm_alloc(s->vm, cap * sizeof *parts, loc);
    for (size_t i = 0; i < n; i++) {
        if (to[i] == UINT32_MAX) {
            parts[k++] = (AnswerPart){ c[i].id, c[i].count };
            continue;
        }
        const SumPart *p;
        size_t np = sums_parts(m, to[i], &p);
        if (!np && terminal_too) {   /* an ended component stays visible: the compound has ended */
            uint32_t t = sums_terminal_option(m, c[i].id);
            if (t != UINT32_MAX) parts[k++] = (AnswerPart){ t, c[i].count };
        }
        for (size_t j = 0; j < np; j++) {
            uint64_t cnt;
            if (__builtin_mul_overflow((uint64_t)p[j].count, c[i].count, &cnt))
                prog_fail(s->p, EXIT_LIMIT, loc, "a winning move with more than 2^64 - 1 copies of a component");
            parts[k++] = (AnswerPart){ p[j].id, cnt };
        }
    }
    size_t w = 0;   /* copies next to each other are one part */
    for (size_t i = 0; i < k; i++) {
        if (w && parts[w - 1].id == parts[i].id) {
            if (__builtin_add_overflow(parts[w - 1].count, parts[i].count, &parts[w - 1].count))
                prog_fail(s->p, EXIT_LIMIT, loc, "a winning move with more than 2^64 - 1 copies of a component");
        } else {
            parts[w++] = parts[i];
        }
    }
    k = w;
    uint32_t *ids = vm_alloc(s->vm, (k ? k : 1) * sizeof *ids, loc);
    uint64_t *cnt = vm_alloc(s->vm, (k ? k : 1) * sizeof *cnt, loc);
    for (size_t i = 0; i < k; i++) {
        ids[i] = parts[i].id;
        cnt[i] = parts[i].count;
    }
    solve_answer_add(a, solve_print_parts(s, a->mode, ids, cnt, k, terminal_too), parts, k);
}
