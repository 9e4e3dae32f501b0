/* repl_play.c: :play -- a person plays a position against the engine, whose moves are the
   library's (gr_engine_move: a winning move when there is one, else one keeping a draw, else the
   move that loses slowest; in a scoring game a best move, and both totals are kept; in a partizan
   game the person plays Left or Right, gr_engine_move_side the other). The game walks
   positions the session holds (gr_position with GR_EVERY_OUTCOME | GR_HOLD, gr_position_held):
   no position is read back from its text. */
#include "config.h"
#include "repl_int.h"
#include "util.h"
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Moves listed at the person's turn without asking. */
#define PLAY_SHOW_MOVES 40

/* ---- integers of any size, as decimal text (scores) ------------------------------------------- */

/* The magnitude of a decimal (its digits without sign or leading zeros) and its sign. */
static const char *digits_of(const char *d, bool *neg)
{
    *neg = *d == '-';
    if (*d == '-' || *d == '+') d++;
    while (*d == '0' && d[1]) d++;
    if (!strcmp(d, "0")) *neg = false;
    return d;
}

/* Compare magnitudes. */
static int cmp_mag(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na != nb) return na < nb ? -1 : 1;
    int c = strcmp(a, b);
    return (c > 0) - (c < 0);
}

/* -1, 0 or 1 as the decimal a is below, equal to or above b. */
static int dec_cmp(const char *a, const char *b)
{
    bool na, nb;
    a = digits_of(a, &na);
    b = digits_of(b, &nb);
    if (na != nb) return na ? -1 : 1;
    int c = cmp_mag(a, b);
    return na ? -c : c;
}

/* |a| + |b| or |a| - |b| (|a| >= |b|) as text in a new buffer. */
static char *mag_op(const char *a, const char *b, bool sub, bool neg)
{
    size_t na = strlen(a), nb = strlen(b), n = na + 2;
    char *r = xmalloc(n + 1);
    size_t k = n;
    r[k] = 0;
    int carry = 0;
    for (size_t i = 0; i < na; i++) {
        int x = a[na - 1 - i] - '0', y = i < nb ? b[nb - 1 - i] - '0' : 0;
        int v = sub ? x - y - carry : x + y + carry;
        carry = sub ? v < 0 : v >= 10;
        if (sub && v < 0) v += 10;
        if (!sub && v >= 10) v -= 10;
        r[--k] = (char)('0' + v);
    }
    if (carry && !sub) r[--k] = '1';
    while (r[k] == '0' && r[k + 1]) k++;
    if (neg && strcmp(r + k, "0")) r[--k] = '-';
    memmove(r, r + k, n - k + 1);
    return r;
}

/* a + b (negate: a - b) as text in a new buffer. */
static char *dec_add(const char *a, const char *b, bool negate)
{
    bool na, nb;
    a = digits_of(a, &na);
    b = digits_of(b, &nb);
    if (negate && strcmp(b, "0")) nb = !nb;
    if (na == nb) return strlen(a) >= strlen(b) ? mag_op(a, b, false, na) : mag_op(b, a, false, na);
    return cmp_mag(a, b) >= 0 ? mag_op(a, b, true, na) : mag_op(b, a, true, nb);
}

/* ---- moves ------------------------------------------------------------------------------------- */

/* A move: where it goes, its text, the outcome after it; in a scoring game its gain and what it
   is worth to its maker (gain - value after). */
typedef struct PlayMove { char *to, *what, *gain, *worth; char outcome, side; bool best; unsigned long long id; } PlayMove;
/* A position: its text, its outcome, whether in misere play, its moves. */
typedef struct Pos { char *text; char outcome; bool misere, scoring, partizan; PlayMove *v; size_t n; } Pos;

static void pos_free(Pos *q)
{
    for (size_t i = 0; i < q->n; i++) {
        xfree(q->v[i].to);
        xfree(q->v[i].what);
        xfree(q->v[i].gain);
        xfree(q->v[i].worth);
    }
    xfree(q->v);
    xfree(q->text);
    memset(q, 0, sizeof *q);
}

/* The position (text, or held id when text is NULL) with every move, each move's position held
   (name: the text's name in messages); the call's status. */
static int pos_of(Repl *r, const char *text, unsigned long long id, const char *name, Pos *q)
{
    memset(q, 0, sizeof *q);
    gr_answer *a = NULL;
    int what = GR_EVERY_OUTCOME | GR_HOLD;
    int st = text ? gr_position(r->s, text, name, what, SIZE_MAX, &a, NULL) : gr_position_held(r->s, id, what, SIZE_MAX, &a, NULL);
    if (st) return st;
    q->text = xstrdup(gr_answer_position(a));
    q->outcome = gr_answer_outcome(a);
    q->misere = gr_answer_is_mode(a);
    q->scoring = gr_answer_is_scoring(a);
    q->partizan = gr_answer_value_kind(a) == GR_VALUE_FORM;
    q->n = gr_answer_move_count(a);
    q->v = xcalloc(q->n ? q->n : 1, sizeof *q->v);
    for (size_t i = 0; i < q->n; i++) {
        const char *from, *rule, *args, *to, *gain, *worth;
        gr_answer_move(a, i, &from, &rule, &args, &to, NULL);
        PlayMove *m = &q->v[i];
        int best = 0;
        m->outcome = gr_answer_move_value(a, i, NULL, NULL, &best, &gain, NULL, &worth);
        m->side = gr_answer_move_side(a, i);
        m->best = best != 0;
        StrBuf b;
        sb_init(&b);
        sb_printf(&b, "%s%s%s from %s -> %s%s", rule ? rule : "move", args ? " " : "", args ? args : "", from, to,
                  strcmp(to, "0") ? "" : " (no moves left)");
        if (q->scoring) sb_printf(&b, "  (gain %s)", gain);
        m->what = sb_take(&b);
        sb_fini(&b);
        m->to = xstrdup(to);
        m->id = gr_answer_move_id(a, i);
        if (q->scoring) {
            m->gain = xstrdup(gain);
            m->worth = xstrdup(worth);
        }
    }
    gr_answer_free(a);
    return 0;
}

/* The engine's move in the current position (held id at, or the game's first position, text): the
   library's (gr_engine_move), *why saying which rule chose it; SIZE_MAX when the call failed
   (*status: 130 when interrupted). */
static size_t engine_choice(Repl *r, const char *text, const char *name, unsigned long long at, char side,
                            const char **why, int *status)
{
    size_t i;
    *status = gr_engine_move_side(r->s, at ? NULL : text, name, at, side, &i, why, NULL);
    return *status || i == SIZE_MAX ? SIZE_MAX : i;
}

/* ---- the game ---------------------------------------------------------------------------------- */

/* The moves side may make (0: every move) as indices into q->v, into idx (q->n of room); their number. */
static size_t moves_of(const Pos *q, char side, size_t *idx)
{
    size_t k = 0;
    for (size_t i = 0; i < q->n; i++)
        if (!side || q->v[i].side == side) idx[k++] = i;
    return k;
}

static void show_moves(Repl *r, const Pos *q, const size_t *idx, size_t k)
{
    for (size_t j = 0; j < k; j++) fprintf(r->out, "  %zu. %s\n", j + 1, q->v[idx[j]].what);
}

/* The index (into q->v) of the move the person typed among idx[0..k): its number in that list, or
   the position it reaches; SIZE_MAX for none. */
static size_t typed_move(const Pos *q, const size_t *idx, size_t k, const char *line)
{
    char *end;
    unsigned long long n = strtoull(line, &end, 10);
    if (end != line && !*end) return n >= 1 && n <= k ? idx[n - 1] : SIZE_MAX;
    for (size_t j = 0; j < k; j++)   /* the position as printed after "-> " */
        if (!strcmp(q->v[idx[j]].to, line)) return idx[j];
    return SIZE_MAX;
}

/* "<lead>you X, the engine Y" (no newline). */
static void print_scores(Repl *r, const char *lead, char *const *score)
{
    fprintf(r->out, "%syou %s, the engine %s", lead, score[0], score[1]);
}

/* A history of positions (held ids, the current last; 0 for the first, asked by its text) and of
   the gains that led to them. */
typedef struct Hist { unsigned long long *pos; char **gain; size_t n, cap, ngain, capgain; } Hist;

static void add_to(char **total, const char *v, bool negate)
{
    char *t = dec_add(*total, v, negate);
    xfree(*total);
    *total = t;
}

/* Left or Right, as a person reads it. */
static const char *side_name(char side) { return side == 'L' ? "Left" : "Right"; }

static void play(Repl *r, const char *text, bool person_first, char person_side)
{
    char name[32];
    Pos q;
    repl_next_name(r, name, sizeof name);
    int st = pos_of(r, text, 0, name, &q);
    if (st) {
        repl_settle(r, st);
        return;
    }
    if (person_side && !q.partizan) {   /* "left" or "right" for an impartial game: both players' moves are alike */
        fprintf(r->err, "error: %s is not a partizan game: both players have the same moves (leave out '%s')\n", q.text,
                person_side == 'L' ? "left" : "right");
        pos_free(&q);
        if (r->cmd_status < 3) r->cmd_status = 3;
        return;
    }
    /* whose moves each player makes: 0 in an impartial game, else the person's side and the other */
    char side[2] = { 0, 0 };
    if (q.partizan) {
        side[0] = person_side ? person_side : 'L';
        side[1] = (char)('L' + 'R' - side[0]);
    }
    size_t *idx = NULL, cap = 0;
    Hist h = { 0 };
    unsigned long long first = 0;
    VEC_PUSH(h.pos, h.n, h.cap, first);
    bool person = person_first, scoring = q.scoring, misere = q.misere;
    char *score[2] = { xstrdup("0"), xstrdup("0") };   /* the person's total, the engine's */
    if (scoring)
        fprintf(r->out, "You play %s against the engine (a scoring game: each move scores its gain; the larger total "
                "wins). Type a move's number or the position you move to; moves, hint, undo, quit.\n",
                person ? "first" : "second");
    else if (side[0])
        fprintf(r->out, "You play %s, %s, against the engine playing %s (a partizan game: each player makes only "
                "their own moves; whoever cannot move loses). Type a move's number or the position you move to; "
                "moves, hint, undo, quit.\n", side_name(side[0]), person ? "first" : "second", side_name(side[1]));
    else
        fprintf(r->out, "You play %s against the engine (%s: whoever cannot move %s). Type a move's number or the "
                "position you move to; moves, hint, undo, quit.\n", person ? "first" : "second",
                misere ? "misere play" : "normal play", misere ? "wins" : "loses");
    for (bool fresh = true;; fresh = false) {
        if (!fresh) {   /* the position after the last move (the first one: its text again) */
            pos_free(&q);
            unsigned long long at = h.pos[h.n - 1];
            if ((st = at ? pos_of(r, NULL, at, NULL, &q) : pos_of(r, text, 0, name, &q))) {
                repl_settle(r, st);
                break;
            }
        }
        fprintf(r->out, "position: %s\n", q.text);
        if (q.n > cap) {
            cap = q.n;
            idx = xrealloc(idx, cap * sizeof *idx);
        }
        size_t nk = moves_of(&q, side[!person], idx);   /* the mover's moves */
        if (side[0] && !nk) {   /* a partizan game: who cannot move (their own moves) loses */
            fprintf(r->out, "%s (%s) cannot move: %s\n", person ? "You" : "The engine", side_name(side[!person]),
                    person ? "the engine wins." : "you win!");
            break;
        }
        if (!q.n && scoring) {   /* the larger total wins */
            int c = dec_cmp(score[0], score[1]);
            print_scores(r, "game over: ", score);
            fprintf(r->out, ": %s\n", c > 0 ? "you win!" : c < 0 ? "the engine wins." : "a tie.");
            break;
        }
        if (!q.n) {   /* normal play: who cannot move loses; misere play: wins */
            bool person_wins = q.misere ? person : !person;
            fprintf(r->out, "%s cannot move: %s\n", person ? "You" : "The engine",
                    person_wins ? "you win!" : "the engine wins.");
            break;
        }
        if (!person) {
            const char *why;
            size_t i = engine_choice(r, text, name, h.pos[h.n - 1], side[1], &why, &st);
            if (i == SIZE_MAX) {
                repl_settle(r, st ? st : 4);
                break;
            }
            fprintf(r->out, "engine: %s  (%s)\n", q.v[i].what, why);
            unsigned long long next = q.v[i].id;
            char *gain = xstrdup(q.v[i].gain ? q.v[i].gain : "0");
            VEC_PUSH(h.pos, h.n, h.cap, next);
            VEC_PUSH(h.gain, h.ngain, h.capgain, gain);
            if (scoring) {
                add_to(&score[1], gain, false);
                print_scores(r, "  scores: ", score);
                fputc('\n', r->out);
            }
            person = true;
            continue;
        }
        if (nk <= PLAY_SHOW_MOVES) show_moves(r, &q, idx, nk);
        else fprintf(r->out, "  %zu moves ('moves' lists them)\n", nk);
        fflush(r->out);
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
                show_moves(r, &q, idx, nk);
            } else if (!strcmp(t, "hint")) {
                size_t w = SIZE_MAX, shown = 0;
                const char *why;
                st = 0;
                if (scoring) w = engine_choice(r, text, name, h.pos[h.n - 1], 0, &why, &st);
                for (size_t j = 0; j < nk && w == SIZE_MAX; j++)
                    if (side[0] ? q.v[idx[j]].best : q.v[idx[j]].outcome == 'P') w = idx[j];
                for (size_t j = 0; j < nk; j++)
                    if (idx[j] == w) shown = j + 1;   /* its number in the list shown */
                if (st) repl_settle(r, st);   /* (interrupted) */
                else if (w == SIZE_MAX && side[0])
                    fprintf(r->out, "hint: no move wins here for %s (the position is %c)\n", side_name(side[0]), q.outcome);
                else if (w == SIZE_MAX) fprintf(r->out, "hint: no move wins here (the position is %c)\n", q.outcome);
                else if (scoring) fprintf(r->out, "hint: %zu. %s, worth %s\n", shown, q.v[w].what, q.v[w].worth);
                else fprintf(r->out, "hint: %zu. %s\n", shown, q.v[w].what);
            } else if (!strcmp(t, "undo")) {
                if (h.n < 3) {
                    fputs("nothing to undo\n", r->out);
                } else {   /* the engine's reply and the person's move */
                    for (int k = 0; k < 2 && h.n > 1; k++) {
                        h.n--;
                        char *g = h.gain[--h.ngain];
                        add_to(&score[1 - k], g, true);   /* the engine moved last */
                        xfree(g);
                    }
                    fputs("undone\n", r->out);
                    moved = true;   /* redraw the position */
                }
            } else {
                size_t i = typed_move(&q, idx, nk, t);
                if (i == SIZE_MAX) {
                    fprintf(r->out, "'%s' is not one of the %zu moves: type its number, or the position exactly as "
                            "listed\n", t, nk);
                } else {
                    fprintf(r->out, "you: %s\n", q.v[i].what);
                    unsigned long long next = q.v[i].id;
                    char *gain = xstrdup(q.v[i].gain ? q.v[i].gain : "0");
                    VEC_PUSH(h.pos, h.n, h.cap, next);
                    VEC_PUSH(h.gain, h.ngain, h.capgain, gain);
                    if (scoring) {
                        add_to(&score[0], gain, false);
                        print_scores(r, "  scores: ", score);
                        fputc('\n', r->out);
                    }
                    person = false;
                    moved = true;
                }
            }
            util_free_libc(line);   /* the reader's (readline, getline) */
            fflush(r->out);
        }
        if (quit) {
            fputs("game over (you quit)\n", r->out);
            break;
        }
    }
    pos_free(&q);
    xfree(idx);
    for (size_t i = 0; i < h.ngain; i++) xfree(h.gain[i]);
    xfree(h.pos);
    xfree(h.gain);
    xfree(score[0]);
    xfree(score[1]);
    gr_session_release(r->s, 0);   /* the positions the game held */
    fflush(r->out);
}

void repl_play(Repl *r, const char *args)
{
    char *a = xstrdup(args);
    size_t n = strlen(a);
    while (n && isspace((unsigned char)a[n - 1])) a[--n] = 0;
    bool person_first = true;
    char person_side = 0;
    /* trailing words, in either order: first | second, left | right */
    for (bool more = true; more;) {
        more = false;
        static const char *const words[] = { "second", "first", "left", "right" };
        for (int w = 0; w < 4 && !more; w++) {
            size_t len = strlen(words[w]);
            if (n >= len && !strcmp(a + n - len, words[w]) && (n == len || isspace((unsigned char)a[n - len - 1]))) {
                if (w < 2) person_first = w == 1;
                else person_side = w == 2 ? 'L' : 'R';
                n -= len;
                a[n] = 0;
                while (n && isspace((unsigned char)a[n - 1])) a[--n] = 0;
                more = true;
            }
        }
    }
    char *t = a;
    while (isspace((unsigned char)*t)) t++;
    if (!*t) fputs("this command needs a position, e.g. Nim(3, 4, 5)\n", r->out);
    else play(r, t, person_first, person_side);
    xfree(a);
}
