/* repl_play.c: :play -- a person plays a position against the engine, which plays perfectly: a
   winning move when there is one, otherwise the move that loses slowest (the largest remoteness,
   found by a bounded search; past the bound, the first move). In a scoring game the engine makes
   a best move (gain - value after as large as it can be) and both totals are kept.
   The one part of the REPL that drives the session's program itself (session/session.h): it walks
   positions as keys, which the public API does not hand out yet. */
#include "config.h"
#include "render.h"
#include "key.h"
#include "driver.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include "session/session.h"
#include "repl_int.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Positions the slowest-loss search may visit, and its depth. */
#define PLAY_MAX_SEARCH 50000
#define PLAY_MAX_DEPTH 2000
/* Moves listed at the person's turn without asking. */
#define PLAY_SHOW_MOVES 40

/* A move: where it goes, its text, the outcome after it; in a scoring game its gain and what it
   is worth to its maker (gain - value after; GV_SCORE values of any size, score.h). */
typedef struct PlayMove { KeyCopy to; char *what; char outcome; GameValue gain, worth; } PlayMove;
typedef struct MoveList { Program *p; PlayMove *v; size_t n, cap; bool scoring; } MoveList;

static int on_move(void *ctx, const SolveMove *m)
{
    MoveList *l = ctx;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%s%s", m->label ? m->label : "move", m->args->n ? " " : "");
    render_binders_text(&b, m->args);
    sb_puts(&b, " from ");
    key_print(l->p, &b, m->from);
    sb_puts(&b, " -> ");
    key_print_pos(l->p, &b, &m->result);
    PlayMove pm = { key_copy(&m->result), NULL, solve_outcome_value(l->p->solver, &m->result, (Loc){ 0 }), m->gain,
                    score_int(0) };
    if (l->scoring) {   /* what the move is worth to its maker: its gain less the value after it */
        GameValue g = solve_sg_value(l->p->solver, &m->result, (Loc){ 0 });
        GameValue after = g.kind == GV_SCORE ? g : score_int(0);
        pm.worth = score_sub(l->p, &m->gain, &after);
        sb_puts(&b, "  (gain ");
        score_print(&b, &m->gain);
        sb_putc(&b, ')');
    }
    pm.what = sb_take(&b);
    sb_fini(&b);
    VEC_PUSH(l->v, l->n, l->cap, pm);
    return 0;
}

static void moves_free(MoveList *l)
{
    for (size_t i = 0; i < l->n; i++) {
        key_copy_free(&l->v[i].to);
        xfree(l->v[i].what);
    }
    xfree(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

static MoveList moves_of(Program *p, const KeyCopy *pp, bool scoring)
{
    MoveList l = { p, NULL, 0, 0, scoring };
    Value v = key_copy_value(pp);
    solve_each_move(p->solver, &v, (Loc){ 0 }, SIZE_MAX, on_move, &l);
    return l;
}

/* ---- the slowest loss: remoteness by a bounded search ------------------------------------------ */

typedef struct Rem { char **text; int64_t *val; size_t cap, n; size_t visited; bool over; } Rem;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static int64_t *rem_slot(Rem *r, const char *text, bool *fresh)
{
    if ((r->n + 1) * 2 > r->cap) {   /* grow: rehash */
        size_t cap = r->cap ? r->cap * 2 : 1024;
        char **t = xcalloc(cap, sizeof *t);
        int64_t *v = xcalloc(cap, sizeof *v);
        for (size_t i = 0; i < r->cap; i++) {
            if (!r->text[i]) continue;
            size_t j = hash_str(r->text[i]) & (cap - 1);
            while (t[j]) j = (j + 1) & (cap - 1);
            t[j] = r->text[i];
            v[j] = r->val[i];
        }
        xfree(r->text);
        xfree(r->val);
        r->text = t;
        r->val = v;
        r->cap = cap;
    }
    size_t j = hash_str(text) & (r->cap - 1);
    while (r->text[j] && strcmp(r->text[j], text)) j = (j + 1) & (r->cap - 1);
    *fresh = !r->text[j];
    if (*fresh) {
        r->text[j] = xstrdup(text);
        r->val[j] = -1;
        r->n++;
    }
    return &r->val[j];
}

/* Remoteness of pp (outcome o): the moves to the end with perfect play, the winner hurrying and
   the loser dragging; -1 when the search went over its bounds. */
static int64_t remoteness(Program *p, Rem *r, const KeyCopy *pp, int depth)
{
    if (r->over || depth > PLAY_MAX_DEPTH || ++r->visited > PLAY_MAX_SEARCH) {
        r->over = true;
        return -1;
    }
    Value v = key_copy_value(pp);
    StrBuf b;
    sb_init(&b);
    key_print_pos(p, &b, &v);
    bool fresh;
    int64_t got = *rem_slot(r, b.s, &fresh);
    if (!fresh && got >= 0) {
        sb_fini(&b);
        return got;
    }
    char o = solve_outcome_value(p->solver, &v, (Loc){ 0 });
    MoveList l = moves_of(p, pp, false);
    int64_t best = -1;
    for (size_t i = 0; i < l.n && !r->over; i++) {
        if (o == 'N' && l.v[i].outcome != 'P') continue;
        int64_t x = remoteness(p, r, &l.v[i].to, depth + 1);
        if (x < 0) break;
        if (best < 0 || (o == 'N' ? x < best : x > best)) best = x;
    }
    moves_free(&l);
    int64_t res = r->over ? -1 : best < 0 ? 0 : best + 1;
    *rem_slot(r, b.s, &fresh) = res;
    sb_fini(&b);
    return res;
}

static void rem_free(Rem *r)
{
    for (size_t i = 0; i < r->cap; i++) xfree(r->text[i]);
    xfree(r->text);
    xfree(r->val);
}

/* The engine's move in l: the first winning one, else the slowest loss (*why says which). */
static size_t engine_choice(Program *p, const MoveList *l, const char **why)
{
    if (l->scoring) {   /* the first move worth the most */
        size_t best = 0;
        for (size_t i = 1; i < l->n; i++)
            if (score_cmp(&l->v[i].worth, &l->v[best].worth) > 0) best = i;
        *why = "a best move";
        return best;
    }
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i].outcome == 'P') {
            *why = "a winning move";
            return i;
        }
    Rem r = { 0 };
    size_t best = 0;
    int64_t bestr = -1;
    for (size_t i = 0; i < l->n && !r.over; i++) {
        int64_t x = remoteness(p, &r, &l->v[i].to, 0);
        if (x > bestr) {
            bestr = x;
            best = i;
        }
    }
    *why = r.over ? "no winning move; the game is too large to find the slowest loss, so the first move"
                  : "no winning move; the one that loses slowest";
    if (r.over) best = 0;
    rem_free(&r);
    return best;
}

/* ---- the game ---------------------------------------------------------------------------------- */

/* A game being played: the REPL, the session's program, where the position was written. */
typedef struct Play { Repl *r; Program *p; Loc loc; bool person_first; } Play;

static void show_moves(Program *p, const MoveList *l)
{
    for (size_t i = 0; i < l->n; i++) fprintf(p->run.out, "  %zu. %s\n", i + 1, l->v[i].what);
}

/* The index of the move the person typed (a number, or a position), or SIZE_MAX. */
static size_t typed_move(const MoveList *l, const char *line)
{
    char *end;
    unsigned long long k = strtoull(line, &end, 10);
    if (end != line && !*end) return k >= 1 && k <= l->n ? (size_t)k - 1 : SIZE_MAX;
    for (size_t i = 0; i < l->n; i++) {   /* the position as printed after "-> " (before a scoring game's "  (gain") */
        const char *res = strstr(l->v[i].what, " -> ");
        if (!res) continue;
        res += 4;
        const char *gain = l->scoring ? strstr(res, "  (gain ") : NULL;
        size_t n = gain ? (size_t)(gain - res) : strlen(res);
        if (strlen(line) == n && !strncmp(res, line, n)) return i;
    }
    return SIZE_MAX;
}

/* "<lead>you X, the engine Y" (no newline). */
static void print_scores(Program *p, const char *lead, const GameValue *score)
{
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%syou ", lead);
    score_print(&b, &score[0]);
    sb_puts(&b, ", the engine ");
    score_print(&b, &score[1]);
    fputs(b.s, p->run.out);
    sb_fini(&b);
}

static void play(Play *pc, const Value *start)
{
    Program *p = pc->p;
    Repl *r = pc->r;
    KeyCopy *hist = NULL;   /* positions so far, the current one last */
    GameValue *gains = NULL;   /* gains[i]: the gain of the move to hist[i + 1] (scoring games) */
    size_t nhist = 0, caphist = 0, ngains = 0, capgains = 0;
    KeyCopy first = key_copy(start);
    VEC_PUSH(hist, nhist, caphist, first);
    bool person = pc->person_first;
    bool scoring = !start->strs && solve_sg_value(p->solver, start, (Loc){ 0 }).kind == GV_SCORE;
    GameValue score[2] = { score_int(0), score_int(0) };   /* the person's total, the engine's */
    if (scoring)
        fprintf(p->run.out, "You play %s against the engine (a scoring game: each move scores its gain; the larger total "
                "wins). Type a move's number or the position you move to; moves, hint, undo, quit.\n",
                person ? "first" : "second");
    else
        fprintf(p->run.out, "You play %s against the engine (%s: whoever cannot move %s). Type a move's number or the "
                "position you move to; moves, hint, undo, quit.\n", person ? "first" : "second",
                start->strs ? "misere play" : "normal play", start->strs ? "wins" : "loses");
    for (;;) {
        KeyCopy *cur = &hist[nhist - 1];
        Value v = key_copy_value(cur);
        StrBuf b;
        sb_init(&b);
        key_print_pos(p, &b, &v);
        char o = solve_outcome_value(p->solver, &v, (Loc){ 0 });
        MoveList l = moves_of(p, cur, scoring);
        fprintf(p->run.out, "position: %s\n", b.s);
        sb_fini(&b);
        if (!l.n && scoring) {   /* the larger total wins */
            int c = score_cmp(&score[0], &score[1]);
            print_scores(p, "game over: ", score);
            fprintf(p->run.out, ": %s\n", c > 0 ? "you win!" : c < 0 ? "the engine wins." : "a tie.");
            moves_free(&l);
            break;
        }
        if (!l.n) {   /* normal play: who cannot move loses; misere play: wins */
            bool person_wins = cur->mode ? person : !person;
            fprintf(p->run.out, "%s cannot move: %s\n", person ? "You" : "The engine",
                    person_wins ? "you win!" : "the engine wins.");
            moves_free(&l);
            break;
        }
        if (!person) {
            const char *why;
            size_t i = engine_choice(p, &l, &why);
            fprintf(p->run.out, "engine: %s  (%s)\n", l.v[i].what, why);
            KeyCopy next = l.v[i].to;
            l.v[i].to = (KeyCopy){ NULL, NULL, 0, 0 };
            VEC_PUSH(hist, nhist, caphist, next);
            VEC_PUSH(gains, ngains, capgains, l.v[i].gain);
            if (scoring) {
                score[1] = score_add(p, &score[1], &l.v[i].gain);
                print_scores(p, "  scores: ", score);
                fputc('\n', p->run.out);
            }
            moves_free(&l);
            person = true;
            continue;
        }
        if (l.n <= PLAY_SHOW_MOVES) show_moves(p, &l);
        else fprintf(p->run.out, "  %zu moves ('moves' lists them)\n", l.n);
        fflush(p->run.out);
        bool moved = false, quit = false;
        while (!moved && !quit) {
            char *line = r->read(r, "your move> ");
            if (!line) {
                quit = true;
                break;
            }
            char *t = line;
            while (isspace((unsigned char)*t)) t++;
            size_t n = strlen(t);
            while (n && isspace((unsigned char)t[n - 1])) t[--n] = 0;
            if (!*t) {
            } else if (!strcmp(t, "quit") || !strcmp(t, ":quit") || !strcmp(t, "q")) {
                quit = true;
            } else if (!strcmp(t, "moves")) {
                show_moves(p, &l);
            } else if (!strcmp(t, "hint")) {
                size_t w = SIZE_MAX;
                const char *why;
                if (scoring) w = engine_choice(p, &l, &why);
                for (size_t i = 0; i < l.n && w == SIZE_MAX; i++)
                    if (l.v[i].outcome == 'P') w = i;
                if (w == SIZE_MAX) fprintf(p->run.out, "hint: no move wins here (the position is %c)\n", o);
                else if (scoring) {
                    StrBuf wb;
                    sb_init(&wb);
                    score_print(&wb, &l.v[w].worth);
                    fprintf(p->run.out, "hint: %zu. %s, worth %s\n", w + 1, l.v[w].what, wb.s);
                    sb_fini(&wb);
                }
                else fprintf(p->run.out, "hint: %zu. %s\n", w + 1, l.v[w].what);
            } else if (!strcmp(t, "undo")) {
                if (nhist < 3) {
                    fputs("nothing to undo\n", p->run.out);
                } else {   /* the engine's reply and the person's move */
                    for (int k = 0; k < 2 && nhist > 1; k++) {
                        key_copy_free(&hist[--nhist]);
                        score[1 - k] = score_sub(p, &score[1 - k], &gains[--ngains]);   /* the engine moved last */
                    }
                    fputs("undone\n", p->run.out);
                    moved = true;   /* redraw the position */
                    util_free_libc(line);   /* the reader's (readline, getline) */
                    line = NULL;
                    moves_free(&l);
                    break;
                }
            } else {
                size_t i = typed_move(&l, t);
                if (i == SIZE_MAX) {
                    fprintf(p->run.out, "'%s' is not one of the %zu moves: type its number, or the position exactly as "
                            "listed\n", t, l.n);
                } else {
                    fprintf(p->run.out, "you: %s\n", l.v[i].what);
                    KeyCopy next = l.v[i].to;
                    l.v[i].to = (KeyCopy){ NULL, NULL, 0, 0 };
                    VEC_PUSH(hist, nhist, caphist, next);
                    VEC_PUSH(gains, ngains, capgains, l.v[i].gain);
                    if (scoring) {
                        score[0] = score_add(p, &score[0], &l.v[i].gain);
                        print_scores(p, "  scores: ", score);
                        fputc('\n', p->run.out);
                    }
                    person = false;
                    moved = true;
                }
            }
            util_free_libc(line);
            fflush(p->run.out);
        }
        moves_free(&l);
        if (quit) {
            fputs("game over (you quit)\n", p->run.out);
            break;
        }
    }
    for (size_t i = 0; i < nhist; i++) key_copy_free(&hist[i]);
    xfree(hist);
    xfree(gains);
}

/* ---- the position --------------------------------------------------------------------------- */

static void pos_run(Program *p, void *ctx)
{
    Play *pc = ctx;
    const Stmt *st = &p->code.stmts[p->code.nstmts - 1];
    Value v = vm_call(p->vm, st->fn, NULL, 0, NULL, NULL);
    if (v.t == VT_INT && v.u.i == 0) v = val_pos(NULL, NULL, 0);
    if (v.t != VT_POS) prog_fail(p, EXIT_COMPILE, st->loc, "this needs a position, but this is %s", val_type_an(v.t));
    pc->loc = st->loc;
    play(pc, &v);
}

/* Evaluate text as one position and play it, errors caught (reported). */
static void play_text(Play *pc, const char *text)
{
    Program *p = pc->p;
    Repl *r = pc->r;
    while (isspace((unsigned char)*text)) text++;
    if (!*text) {
        fputs("this command needs a position, e.g. Nim(3, 4, 5)\n", r->out);
        return;
    }
    char name[32];
    repl_next_name(r, name, sizeof name);
    size_t n0 = p->code.nstmts;
    bool bare = p->opt.bare_print;
    p->opt.bare_print = false;
    p->diag.errors = 0;
    int errors = drv_load(p, name, text, strlen(text), NULL);
    p->opt.bare_print = bare;
    if (errors) return;
    if (p->code.nstmts != n0 + 1 || p->code.stmts[n0].kind != ST_QUERY) {
        p->code.next_stmt = p->code.nstmts;
        fputs("this command needs one position, e.g. Nim(3, 4, 5)\n", r->out);
        return;
    }
    drv_apply_redefinitions(p, n0);
    p->code.next_stmt = p->code.nstmts;
    p->run.started = p->run.last_progress = prog_now();
    p->run.stmt = &p->code.stmts[n0];
    int st = prog_try(p, pos_run, pc);
    p->run.stmt = NULL;
    scratch_release(&p->vm->scratch, 0);
    prog_progress_clear(p);
    repl_settle(r, st);
    fflush(r->out);
}

/* An error with nothing to unwind to while the program is attached: the process ends. */
static void play_fatal(Program *p, int status)
{
    (void)p;
    exit(status);
}

void repl_play(Repl *r, const char *args)
{
    char *a = xstrdup(args);
    size_t n = strlen(a);
    while (n && isspace((unsigned char)a[n - 1])) a[--n] = 0;
    Play pc = { r, session_program(r->s), { 0 }, true };
    if (n >= 6 && !strcmp(a + n - 6, "second") && (n == 6 || isspace((unsigned char)a[n - 7]))) {
        pc.person_first = false;
        a[n - 6] = 0;
    } else if (n >= 5 && !strcmp(a + n - 5, "first") && (n == 5 || isspace((unsigned char)a[n - 6]))) {
        a[n - 5] = 0;
    }
    fflush(r->out);
    UtilMeter *meter0;
    UtilOom oom = session_attach(r->s, r->out, r->err, play_fatal, &meter0);
    play_text(&pc, a);
    session_detach(r->s, oom, meter0);
    xfree(a);
}
