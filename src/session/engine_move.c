/* engine_move.c: gr_engine_move, the move the engine makes when a person plays against it (the
   REPL's :play, the playground's board, the bindings): a best move in a scoring game, else a
   winning move, else one that keeps a draw, else the move that loses slowest (the largest
   remoteness, by a bounded search over positions the session holds). Built on the public calls
   gr_position and gr_position_held; one interrupt and one deadline span all of them. */
#include "config.h"
#include "api_int.h"
#include "gmpx.h"
#include "util.h"
#include <stdint.h>
#include <string.h>

/* Positions the slowest-loss search may visit, and its depth. */
#define ENGINE_MAX_SEARCH 50000
#define ENGINE_MAX_DEPTH 2000

/* The search's memo: remoteness by position text (-1: being searched, or over the bounds). */
typedef struct Rem {
    gr_session *s;
    char **text;
    int64_t *val;
    size_t cap, n, visited;
    bool over;   /* the bounds were passed, or a call failed (status) */
    int status;
    char *errors;  /* the failed call's messages, for the caller */
} Rem;

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

static void rem_free(Rem *r)
{
    for (size_t i = 0; i < r->cap; i++) xfree(r->text[i]);
    xfree(r->text);
    xfree(r->val);
}

/* A call inside the search failed: the search ends with its status. */
static void rem_fail(Rem *r, int status, char *errors)
{
    r->over = true;
    if (!r->status) {
        r->status = status;
        r->errors = errors;
    } else {
        gr_free(errors);
    }
}

/* Whether move i of a is one the mover side may make (side 0: an impartial game's, every move). */
static bool moves_for(const gr_answer *a, size_t i, char side)
{
    return !side || gr_answer_move_side(a, i) == side;
}

/* Whether move i of a wins for its maker (side 0: it reaches a P-position). */
static bool wins_for(const gr_answer *a, size_t i, char side)
{
    int best = 0;
    char to = gr_answer_move_value(a, i, NULL, NULL, side ? &best : NULL, NULL, NULL, NULL);
    return side ? best != 0 : to == 'P';
}

/* Remoteness of the held position id with side to move (0: an impartial game, either player): the
   moves to the end with perfect play, the winner hurrying and the loser dragging; -1 when the
   search went over its bounds or a call failed. */
static int64_t remoteness(Rem *r, unsigned long long id, char side, int depth)
{
    if (r->over || depth > ENGINE_MAX_DEPTH || ++r->visited > ENGINE_MAX_SEARCH) {
        r->over = true;
        return -1;
    }
    if (r->s->stop) {   /* gr_interrupt between two of the calls */
        rem_fail(r, EXIT_INTERRUPT, NULL);
        return -1;
    }
    unsigned long long mark = gr_session_held(r->s);   /* the children held below go when done */
    gr_answer *a = NULL;
    char *errors = NULL;
    int st = gr_position_held(r->s, id, GR_EVERY_OUTCOME | GR_HOLD, SIZE_MAX, &a, &errors);
    if (st) {
        gr_session_release(r->s, mark);
        rem_fail(r, st, errors);
        return -1;
    }
    gr_free(errors);
    bool fresh;
    StrBuf kb;   /* the memo's key: the side to move and the position */
    sb_init(&kb);
    if (side) sb_printf(&kb, "%c ", side);
    sb_puts(&kb, gr_answer_position(a));
    char *key = sb_take(&kb);
    int64_t got = *rem_slot(r, key, &fresh);
    if (!fresh && got >= 0) {
        xfree(key);
        gr_answer_free(a);
        gr_session_release(r->s, mark);
        return got;
    }
    bool winning = false;   /* the mover has a winning move */
    for (size_t i = 0; i < gr_answer_move_count(a) && !winning; i++)
        winning = moves_for(a, i, side) && wins_for(a, i, side);
    int64_t best = -1;
    for (size_t i = 0; i < gr_answer_move_count(a) && !r->over; i++) {
        if (!moves_for(a, i, side) || (winning && !wins_for(a, i, side))) continue;   /* the winner wins on */
        int64_t x = remoteness(r, gr_answer_move_id(a, i), side ? (char)('L' + 'R' - side) : 0, depth + 1);
        if (x < 0) break;
        if (best < 0 || (winning ? x < best : x > best)) best = x;
    }
    int64_t res = r->over ? -1 : best < 0 ? 0 : best + 1;
    *rem_slot(r, key, &fresh) = res;
    xfree(key);
    gr_answer_free(a);
    gr_session_release(r->s, mark);
    return res;
}

/* The first move of a whose worth to its maker is the largest (decimal integers of any size). */
static size_t best_worth(const gr_answer *a)
{
    size_t best = 0;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    for (size_t i = 0; i < gr_answer_move_count(a); i++) {
        const char *worth = NULL;
        gr_answer_move_value(a, i, NULL, NULL, NULL, NULL, NULL, &worth);
        if (!worth || mpz_set_str(x, worth, 10)) continue;
        if (i == 0 || mpz_cmp(x, y) > 0) {
            best = i;
            mpz_set(y, x);
        }
    }
    mpz_clears(x, y, NULL);
    return best;
}

/* The choice in the listed position a (its moves' positions held) for side (0: not partizan). */
static int choose(gr_session *s, const gr_answer *a, char side, size_t *index, const char **why, char **errors)
{
    size_t n = gr_answer_move_count(a), mine = 0;
    for (size_t i = 0; i < n; i++) mine += moves_for(a, i, side);
    if (!mine) {
        *why = "no move";
        return 0;
    }
    if (side) {   /* a partizan position: the side's first winning move, else its slowest loss */
        for (size_t i = 0; i < n; i++)
            if (moves_for(a, i, side) && wins_for(a, i, side)) {
                *index = i;
                *why = "a winning move";
                return 0;
            }
    }
    if (gr_answer_is_scoring(a)) {
        *index = best_worth(a);
        *why = "a best move";
        return 0;
    }
    for (int pass = 0; pass < 2 && !side; pass++)   /* a winning move, else one keeping the draw */
        for (size_t i = 0; i < n; i++)
            if (gr_answer_move_value(a, i, NULL, NULL, NULL, NULL, NULL, NULL) == (pass ? 'D' : 'P')) {
                *index = i;
                *why = pass ? "no winning move; one that keeps the draw" : "a winning move";
                return 0;
            }
    Rem r = { .s = s };
    size_t best = SIZE_MAX, first = SIZE_MAX;
    int64_t bestr = -1;
    for (size_t i = 0; i < n && !r.over; i++) {
        if (!moves_for(a, i, side)) continue;
        if (first == SIZE_MAX) first = i;
        int64_t x = remoteness(&r, gr_answer_move_id(a, i), side ? (char)('L' + 'R' - side) : 0, 0);
        if (x > bestr) {
            bestr = x;
            best = i;
        }
    }
    rem_free(&r);
    if (r.status == EXIT_INTERRUPT || r.status == EXIT_LIMIT) {   /* the search stops the call */
        if (errors) *errors = r.errors;
        else gr_free(r.errors);
        return r.status;
    }
    gr_free(r.errors);   /* (another failure below the position: the bounds' answer stands) */
    if (first == SIZE_MAX) first = 0;
    *index = r.over || best == SIZE_MAX ? first : best;
    *why = r.over ? "no winning move; the game is too large to find the slowest loss, so the first move"
                  : "no winning move; the one that loses slowest";
    return 0;
}

int gr_engine_move(gr_session *s, const char *position, const char *name, unsigned long long id, size_t *index,
                   const char **why, char **errors)
{
    return gr_engine_move_side(s, position, name, id, 0, index, why, errors);
}

int gr_engine_move_side(gr_session *s, const char *position, const char *name, unsigned long long id, char side,
                        size_t *index, const char **why, char **errors)
{
    if (errors) *errors = NULL;
    *index = (size_t)-1;
    *why = NULL;
    if (!s || (!position && !id) || (side && side != 'L' && side != 'R')) return EXIT_USAGE;
    s->stop = 0;
    s->spanning = true;   /* one interrupt and one deadline for the calls below */
    double deadline0 = s->run_deadline;
    if (!s->run_deadline && s->timeout > 0) s->run_deadline = prog_now() + s->timeout;
    unsigned long long mark = gr_session_held(s);
    gr_answer *a = NULL;
    int what = GR_EVERY_OUTCOME | GR_HOLD;
    int st = id ? gr_position_held(s, id, what, SIZE_MAX, &a, errors) : gr_position(s, position, name, what, SIZE_MAX, &a, errors);
    if (!st) {
        if (errors) {
            gr_free(*errors);
            *errors = NULL;
        }
        bool partizan = gr_answer_value_kind(a) == GR_VALUE_FORM;   /* Left and Right move differently */
        if (partizan && !side) {
            if (errors) *errors = util_strdup_libc("error: in a partizan game the engine plays Left or Right: "
                                                   "gr_engine_move_side with 'L' or 'R'\n");
            st = EXIT_COMPILE;
        } else {
            st = choose(s, a, partizan ? side : 0, index, why, errors);
        }
        if (st) *index = (size_t)-1;
    }
    gr_answer_free(a);
    gr_session_release(s, mark);
    s->spanning = false;
    s->run_deadline = deadline0;
    return st;
}
