/* explain.c: the explain statement: why a position has its value, step by step, as a lecture
   shows it: a lone component's options with their values and the mex of them (with cycles, or
   when only outcomes are known: the outcome rule, "a move reaches P"); a sum's components and the
   XOR of their values, in binary; a scoring game's options with what each is worth; the theorem
   of a closed form, with its numbers for Wythoff's game. */
#include "config.h"
#include "explain.h"
#include "key.h"
#include "json.h"
#include "render.h"
#include "vm.h"
#include "solve/solve.h"
#include "solve/core/nimber.h"
#include "solve/core/score.h"
#include "ast.h"
#include <string.h>

/* Options listed at most: past that, the value and its strategy only. */
#define EXPLAIN_MAX_OPTIONS 64
/* A partizan position's moves examined at most (its options valued, for who wins moving first). */
#define PZ_EXPLAIN_MOVES 100000

/* One option: the move as text ("take k=2"), the position it reaches, its value, and (scoring)
   its gain. */
typedef struct Opt { char *move, *result; GameValue v, gain; } Opt;
/* The options met (freed by the cleanup registered while they are collected). */
typedef struct Opts { Program *p; Loc loc; bool scoring, outcomes; Opt *o; size_t n, cap; } Opts;

static void opts_free(void *arg)
{
    Opts *c = arg;
    for (size_t i = 0; i < c->n; i++) {
        xfree(c->o[i].move);
        xfree(c->o[i].result);
    }
    xfree(c->o);
    xfree(c);
}

static char *take(StrBuf *b)
{
    char *s = xstrdup(b->s ? b->s : "");
    sb_fini(b);
    return s;
}

static int on_option(void *ctx, const SolveMove *m)
{
    Opts *c = ctx;
    Program *p = c->p;
    StrBuf mv, to, args;
    sb_init(&mv);
    sb_init(&to);
    sb_init(&args);
    sb_puts(&mv, m->label ? m->label : "move");
    render_binders_text(&args, m->args);
    if (args.len) {
        sb_putc(&mv, ' ');
        sb_puts(&mv, args.s);
    }
    sb_fini(&args);
    key_print_pos(p, &to, &m->result);
    /* a position whose value is its outcome alone (a closed form that decides only that): its
       options' outcomes, not SG values a search would have to find */
    GameValue v = c->outcomes ? gv_outcome(solve_outcome_value(p->solver, &m->result, c->loc))
                              : solve_sg_value(p->solver, &m->result, c->loc);
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 16;
        c->o = xrealloc(c->o, c->cap * sizeof *c->o);
    }
    c->o[c->n++] = (Opt){ take(&mv), take(&to), v, m->gain };
    return 0;
}

static int count_option(void *ctx, const SolveMove *m)
{
    (void)m;
    ++*(size_t *)ctx;
    return 0;
}

static void value_text(StrBuf *b, const GameValue *v)
{
    if (v->kind == GV_SG) nim_print(b, v);
    else if (v->kind == GV_LOOPY) gv_print_loopy(b, v);
    else if (v->kind == GV_SCORE) score_print(b, v);
    else sb_putc(b, v->outcome);
}

/* The explanation being written: text lines (printed as they come), or JSON lines kept. */
typedef struct Ex { Program *p; bool json; StrBuf lines; int nlines; } Ex;

static void line(Ex *x, StrBuf *b)
{
    if (!x->json) {
        render_emit_line(x->p, b);
        return;
    }
    sb_putc(b, 0);
    if (x->nlines++) sb_putc(&x->lines, ',');
    json_str(&x->lines, b->s + (b->s[0] == ' ' && b->s[1] == ' ' ? 2 : 0));
    sb_fini(b);
}

/* Wythoff's theorem with the numbers: (a, b), a <= b, is P iff a = floor(k phi) with k = b - a. */
static void wythoff_numbers(Ex *x, const Value *args, int n)
{
    if (n != 2 || args[0].t != VT_INT || args[1].t != VT_INT || args[0].u.i < 0 || args[1].u.i < 0) return;
    int64_t a = args[0].u.i < args[1].u.i ? args[0].u.i : args[1].u.i, b = args[0].u.i ^ args[1].u.i ^ a;
    uint64_t k = (uint64_t)(b - a);
    if (k > (uint64_t)1 << 40) return;
    /* floor(k phi) = floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) / 2 */
    unsigned __int128 sq = (unsigned __int128)5 * k * k;
    uint64_t r = (uint64_t)__builtin_sqrtl((long double)sq);
    while ((unsigned __int128)r * r > sq) r--;
    while ((unsigned __int128)(r + 1) * (r + 1) <= sq) r++;
    uint64_t fk = (k + r) / 2;
    StrBuf l;
    sb_init(&l);
    sb_printf(&l, "  Wythoff: k = %lld - %lld = %llu, floor(k phi) = %llu %s %lld, so %s", (long long)b, (long long)a,
              (unsigned long long)k, (unsigned long long)fk, fk == (uint64_t)a ? "=" : "!=", (long long)a,
              fk == (uint64_t)a ? "a P-position" : "an N-position (a P-position has a = floor((b - a) phi))");
    line(x, &l);
}

/* A sum (the answer's components: non-terminal, equal ones merged with their counts): each
   component's value and their XOR, in binary when the values fit 64 bits. */
static void explain_sum(Ex *x, const Answer *a, Loc loc)
{
    Program *p = x->p;
    size_t n = a->ncomps;
    GameValue *v = xcalloc(n + 1, sizeof *v);
    size_t mark = prog_defer(p, xfree, v);
    bool small = true;
    uint64_t total = 0;
    int width = 1;
    for (size_t i = 0; i < n; i++) {
        const int64_t *key = eng_key(p->solver->store, a->comps[i]);
        Value one = val_pos(&key, NULL, 1);
        v[i] = solve_sg_value(p->solver, &one, loc);
        small &= v[i].kind == GV_SG && !v[i].big;
        if (small && a->counts[i] % 2) total ^= v[i].n;
        while (small && width < 64 && v[i].n >> width) width++;
    }
    StrBuf l;
    sb_init(&l);
    sb_puts(&l, small ? "  a sum: its SG value is the XOR of its components' values (Sprague-Grundy), bit by bit:"
                      : "  a sum: its value comes from its components' values (Sprague-Grundy):");
    line(x, &l);
    for (size_t i = 0; i < n && i < 40; i++) {
        sb_init(&l);
        sb_puts(&l, "    ");
        uint64_t c = a->counts[i];
        if (c > 1) sb_printf(&l, "%llu * ", (unsigned long long)c);
        key_print(p, &l, eng_key(p->solver->store, a->comps[i]));
        sb_puts(&l, ": ");
        value_text(&l, &v[i]);
        if (small) {
            sb_puts(&l, " = ");
            for (int bit = width - 1; bit >= 0; bit--) sb_putc(&l, (char)('0' + ((v[i].n >> bit) & 1)));
            if (c > 1) sb_puts(&l, c % 2 ? " (an odd number of copies: once)" : " (an even number of copies: cancels)");
        }
        line(x, &l);
    }
    if (n > 40) {
        sb_init(&l);
        sb_printf(&l, "    ... and %zu more components", n - 40);
        line(x, &l);
    }
    if (small) {
        sb_init(&l);
        sb_puts(&l, "    XOR: ");
        sb_printf(&l, "%llu = ", (unsigned long long)total);
        for (int bit = width - 1; bit >= 0; bit--) sb_putc(&l, (char)('0' + ((total >> bit) & 1)));
        sb_puts(&l, total ? ", not 0: N (a winning move makes the XOR 0)" : ", 0: P (every move makes it non-zero)");
        line(x, &l);
    }
    prog_release(p, mark);
    xfree(v);
}

/* A lone component: its options and the rule that gives its value from theirs. */
static void explain_options(Ex *x, const Value *pos, const GameValue *val, Loc loc)
{
    Program *p = x->p;
    /* counted first: a position with too many options values none of them */
    size_t counted = 0;
    bool more = solve_each_move(p->solver, pos, loc, EXPLAIN_MAX_OPTIONS, count_option, &counted);
    Opts *c = xcalloc(1, sizeof *c);
    *c = (Opts){ p, loc, val->kind == GV_SCORE, val->kind == GV_OUTCOME, NULL, 0, 0 };
    size_t mark = prog_defer(p, opts_free, c);
    if (!more) solve_each_move(p->solver, pos, loc, EXPLAIN_MAX_OPTIONS, on_option, c);
    StrBuf l;
    sb_init(&l);
    if (more) {
        sb_printf(&l, "  more than %d options: too many to list", EXPLAIN_MAX_OPTIONS);
        line(x, &l);
    } else if (c->n == 0) {
        sb_puts(&l, c->scoring ? "  no moves: the game is over, its value 0" : "  no moves: the player to move loses (SG = mex{} = 0)");
        line(x, &l);
    } else {
        bool mexable = val->kind == GV_SG && !val->big;
        for (size_t i = 0; i < c->n; i++) mexable &= c->o[i].v.kind == GV_SG;
        sb_printf(&l, "  %zu option%s, %s its %s:", c->n, c->n == 1 ? "" : "s", c->n == 1 ? "with" : "each with",
                  c->scoring ? "gain and the value after it (the opponent's)" : mexable ? "SG value" : "value");
        line(x, &l);
        for (size_t i = 0; i < c->n; i++) {
            sb_init(&l);
            sb_printf(&l, "    %s -> ", c->o[i].move);
            render_pos_text(&l, c->o[i].result);
            sb_puts(&l, ": ");
            if (c->scoring) {
                GameValue worth = score_sub(p, &c->o[i].gain, &c->o[i].v);
                sb_puts(&l, "gain ");
                score_print(&l, &c->o[i].gain);
                sb_puts(&l, ", value after ");
                score_print(&l, &c->o[i].v);
                sb_puts(&l, ", worth ");
                score_print(&l, &worth);
            } else {
                value_text(&l, &c->o[i].v);
                if (!mexable && c->o[i].v.kind != GV_OUTCOME) sb_printf(&l, " (%c)", c->o[i].v.outcome);
            }
            line(x, &l);
        }
        sb_init(&l);
        if (c->scoring) {
            sb_puts(&l, "  value = the largest worth (gain - value after) = ");
            score_print(&l, val);
        } else if (mexable) {
            sb_puts(&l, "  SG = mex{");
            for (size_t i = 0; i < c->n; i++) {
                if (i) sb_puts(&l, ", ");
                nim_print(&l, &c->o[i].v);
            }
            sb_puts(&l, "} = ");
            nim_print(&l, val);
            sb_puts(&l, " (the least value no option has)");
        } else if (val->outcome == 'P') {
            sb_puts(&l, "  P: every move leads to an N-position");
        } else if (val->outcome == 'N') {
            size_t i = 0;
            while (i < c->n && c->o[i].v.outcome != 'P') i++;
            if (i < c->n) {
                sb_puts(&l, "  N: a move reaches the P-position ");
                render_pos_text(&l, c->o[i].result);
            }
            else sb_puts(&l, "  N: a move reaches a P-position");
        } else {
            sb_puts(&l, "  D: no move reaches a P-position, and a move to a D-position keeps the game going: neither "
                        "player can force a win");
        }
        line(x, &l);
    }
    prog_release(p, mark);
    opts_free(c);
}

static void lines_free(void *arg) { sb_fini(arg); }

/* ---- partizan positions ------------------------------------------------------------------------ */

/* The options of a partizan component, by side (a move of both players' is an option of each). */
typedef struct PzOpts { Program *p; Loc loc; StrBuf side[2]; size_t n[2]; char *best[2]; } PzOpts;

static void pz_opts_free(void *arg)
{
    PzOpts *c = arg;
    for (int i = 0; i < 2; i++) {
        sb_fini(&c->side[i]);
        xfree(c->best[i]);
    }
}

static int on_pz_option(void *ctx, const SolveMove *m)
{
    PzOpts *c = ctx;
    Program *p = c->p;
    char *v = pz_value_text(p->solver, &m->result, c->loc, true);
    char o = solve_outcome_value(p->solver, &m->result, c->loc);
    StrBuf t;
    sb_init(&t);
    sb_puts(&t, m->label ? m->label : "move");
    if (m->args->n) sb_putc(&t, ' ');
    render_binders_text(&t, m->args);
    sb_puts(&t, " -> ");
    key_print_pos(p, &t, &m->result);
    sb_printf(&t, " (value %s)", v);
    for (int i = 0; i < 2; i++) {
        if (m->side != MOVE_BOTH && m->side != (i ? MOVE_RIGHT : MOVE_LEFT)) continue;
        if (c->n[i]++ < EXPLAIN_MAX_OPTIONS) sb_printf(&c->side[i], "%s    %s", c->n[i] > 1 ? "\n" : "", t.s);
        if (!c->best[i] && (o == 'P' || o == (i ? 'R' : 'L'))) c->best[i] = xstrdup(t.s);   /* wins for its maker */
    }
    sb_fini(&t);
    xfree(v);
    return 0;
}

/* A partizan position: a sum's components and their values added; a lone component's options by
   side with their values, its value as the canonical form of {Left's | Right's}, and who wins
   moving first (Left by a move to a position >= 0, Right to one <= 0). */
static void explain_partizan(Ex *x, const Value *pos, const Answer *a, Loc loc)
{
    Program *p = x->p;
    StrBuf l;
    if (a->ncomps > 1 || (a->ncomps == 1 && a->counts[0] > 1)) {
        sb_init(&l);
        sb_puts(&l, "  a sum: its value is the sum of its components' values (an impartial one is the nimber *g of its SG value g)");
        line(x, &l);
        for (size_t i = 0; i < a->ncomps; i++) {
            const int64_t *key = eng_key(p->solver->store, a->comps[i]);
            Value one = val_pos(&key, NULL, 1);
            char *v = pz_value_text(p->solver, &one, loc, true);
            sb_init(&l);
            sb_puts(&l, "    ");
            if (a->counts[i] > 1) sb_printf(&l, "%llu * ", (unsigned long long)a->counts[i]);
            key_print(p, &l, key);
            sb_printf(&l, ": %s", v);
            xfree(v);
            line(x, &l);
        }
        sb_init(&l);
        sb_printf(&l, "  total: %s", a->value_unicode);
        line(x, &l);
    } else if (a->ncomps == 1) {
        PzOpts *c = xcalloc(1, sizeof *c);
        c->p = p;
        c->loc = loc;
        size_t mark = prog_defer(p, pz_opts_free, c);
        /* every option is valued (who wins moving first needs them all); each side lists its first
           EXPLAIN_MAX_OPTIONS */
        bool more = solve_each_move(p->solver, pos, loc, PZ_EXPLAIN_MOVES, on_pz_option, c);
        for (int i = 0; i < 2; i++) {
            sb_init(&l);
            sb_printf(&l, "  %s options:%s", i ? "Right's" : "Left's", c->n[i] ? "" : " none");
            line(x, &l);
            if (c->n[i]) {
                sb_init(&l);
                sb_puts(&l, c->side[i].s);
                line(x, &l);
            }
            if (c->n[i] > EXPLAIN_MAX_OPTIONS) {
                sb_init(&l);
                sb_printf(&l, "    ... and %zu more", c->n[i] - EXPLAIN_MAX_OPTIONS);
                line(x, &l);
            }
        }
        if (more) {
            sb_init(&l);
            sb_printf(&l, "  (only the first %d moves were examined)", PZ_EXPLAIN_MOVES);
            line(x, &l);
        }
        sb_init(&l);
        sb_printf(&l, "  value: {Left's options | Right's options} with dominated options removed and reversible ones "
                      "bypassed: %s", a->value_unicode);
        line(x, &l);
        for (int i = 0; i < 2; i++) {
            sb_init(&l);
            if (c->best[i]) sb_printf(&l, "  %s moving first wins: %s", i ? "Right" : "Left", c->best[i]);
            else sb_printf(&l, "  %s moving first loses: no option %s 0", i ? "Right" : "Left", i ? "<=" : ">=");
            line(x, &l);
        }
        prog_release(p, mark);
        pz_opts_free(c);
        xfree(c);
    } else {
        sb_init(&l);
        sb_puts(&l, "  no moves for either player: whoever is to move loses, the value 0");
        line(x, &l);
    }
}

void explain_position(Program *p, const Value *pos, const char *text, Loc loc)
{
    Ex x = { p, p->opt.json, { 0 }, 0 };
    sb_init(&x.lines);
    size_t mark0 = prog_defer(p, lines_free, &x.lines), mark;
    Answer *a = solve_answer_new(p, &mark);
    solve_query(p->solver, pos, loc, false, a);
    StrBuf l;
    sb_init(&l);
    if (!x.json) {
        sb_printf(&l, "explain %s: %c", text, a->outcome);
        if (a->has_sg) {
            sb_puts(&l, " (sg ");
            nim_print(&l, &a->sg);
            sb_putc(&l, ')');
        } else if (a->sg.kind == GV_LOOPY && a->sg.kset) {
            sb_puts(&l, " (gamma ");
            gv_print_loopy(&l, &a->sg);
            sb_putc(&l, ')');
        } else if (a->scoring) {
            sb_puts(&l, " (value ");
            score_print(&l, &a->sg);
            sb_putc(&l, ')');
        } else if (a->partizan) {
            sb_printf(&l, " (value %s)", a->value_unicode);
        }
        sb_printf(&l, " [%s]", a->strategy);
        render_emit_line(p, &l);
    }
    if (strcmp(text, a->position)) {
        sb_init(&l);
        sb_printf(&l, "  = %s", a->position);
        line(&x, &l);
    }
    if (a->why) {
        sb_init(&l);
        sb_printf(&l, "  by %s", a->why);
        line(&x, &l);
    }
    if (a->partizan) {
        explain_partizan(&x, pos, a, loc);
    } else if (pos->strs) {
        sb_init(&l);
        sb_puts(&l, "  a play mode's position: its moves are not explained one by one here (explain a component in "
                    "normal play)");
        line(&x, &l);
    } else if (a->ncomps > 1 || (a->ncomps == 1 && a->counts[0] > 1)) {
        explain_sum(&x, a, loc);
    } else if (a->ncomps == 1) {   /* one component (ended ones of the sum left out) */
        const int64_t *key = eng_key(p->solver->store, a->comps[0]);
        Value one = val_pos(&key, NULL, 1);
        if (!strncmp(a->strategy, "closed:wythoff", 14)) {
            Value args[POS_MAX_ARGS];
            wythoff_numbers(&x, args, key_decode(p, key, args));
        }
        GameValue v = a->has_sg || a->scoring || a->sg.kind == GV_LOOPY ? a->sg : gv_outcome(a->outcome);
        explain_options(&x, &one, &v, loc);
    } else {
        sb_init(&l);
        sb_puts(&l, a->scoring ? "  no moves: the game is over, its value 0"
                               : "  no moves: the player to move loses (SG = mex{} = 0)");
        line(&x, &l);
    }
    if (x.json) {
        sb_init(&l);
        sb_puts(&l, "{\"kind\":\"explain\",\"position\":");
        json_str(&l, a->position);
        sb_printf(&l, ",\"outcome\":\"%c\",\"sg\":", a->outcome);
        if (a->has_sg) nim_print(&l, &a->sg);
        else sb_puts(&l, "null");
        if (a->partizan) {
            sb_puts(&l, ",\"value\":");
            json_str(&l, a->value);
        }
        sb_puts(&l, ",\"strategy\":");
        json_str(&l, a->strategy);
        sb_puts(&l, ",\"lines\":[");
        if (x.lines.len) sb_putn(&l, x.lines.s, x.lines.len);
        sb_puts(&l, "]}");
        render_emit_line(p, &l);
    }
    prog_release(p, mark);
    solve_answer_free(a);
    prog_release(p, mark0);
    sb_fini(&x.lines);
}
