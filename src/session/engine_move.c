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

/* Remoteness of the held position id: the moves to the end with perfect play, the winner hurrying
   and the loser dragging; -1 when the search went over its bounds or a call failed. */
static int64_t remoteness(Rem *r, unsigned long long id, int depth)
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
    int64_t got = *rem_slot(r, gr_answer_position(a), &fresh);
    if (!fresh && got >= 0) {
        gr_answer_free(a);
        gr_session_release(r->s, mark);
        return got;
    }
    char outcome = gr_answer_outcome(a);
    int64_t best = -1;
    for (size_t i = 0; i < gr_answer_move_count(a) && !r->over; i++) {
        char to = gr_answer_move_value(a, i, NULL, NULL, NULL, NULL, NULL, NULL);
        if (outcome == 'N' && to != 'P') continue;   /* the winner moves to a loss of the other */
        int64_t x = remoteness(r, gr_answer_move_id(a, i), depth + 1);
        if (x < 0) break;
        if (best < 0 || (outcome == 'N' ? x < best : x > best)) best = x;
    }
    int64_t res = r->over ? -1 : best < 0 ? 0 : best + 1;
    *rem_slot(r, gr_answer_position(a), &fresh) = res;
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

/* The choice in the listed position a (its moves' positions held). */
static int choose(gr_session *s, const gr_answer *a, size_t *index, const char **why, char **errors)
{
    size_t n = gr_answer_move_count(a);
    if (!n) {
        *why = "no move";
        return 0;
    }
    if (gr_answer_is_scoring(a)) {
        *index = best_worth(a);
        *why = "a best move";
        return 0;
    }
    for (int pass = 0; pass < 2; pass++)   /* a winning move, else one keeping the draw */
        for (size_t i = 0; i < n; i++)
            if (gr_answer_move_value(a, i, NULL, NULL, NULL, NULL, NULL, NULL) == (pass ? 'D' : 'P')) {
                *index = i;
                *why = pass ? "no winning move; one that keeps the draw" : "a winning move";
                return 0;
            }
    Rem r = { .s = s };
    size_t best = 0;
    int64_t bestr = -1;
    for (size_t i = 0; i < n && !r.over; i++) {
        int64_t x = remoteness(&r, gr_answer_move_id(a, i), 0);
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
    *index = r.over ? 0 : best;
    *why = r.over ? "no winning move; the game is too large to find the slowest loss, so the first move"
                  : "no winning move; the one that loses slowest";
    return 0;
}

int gr_engine_move(gr_session *s, const char *position, const char *name, unsigned long long id, size_t *index,
                   const char **why, char **errors)
{
    if (errors) *errors = NULL;
    *index = (size_t)-1;
    *why = NULL;
    if (!s || (!position && !id)) return EXIT_USAGE;
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
        if (gr_answer_value_kind(a) == GR_VALUE_FORM) {   /* Left and Right move differently */
            if (errors) *errors = util_strdup_libc("error: the engine does not play partizan games yet (a query lists "
                                                   "Left's and Right's winning moves; :moves lists every move)\n");
            st = EXIT_COMPILE;
        } else {
            st = choose(s, a, index, why, errors);
        }
        if (st) *index = (size_t)-1;
    }
    gr_answer_free(a);
    gr_session_release(s, mark);
    s->spanning = false;
    s->run_deadline = deadline0;
    return st;
}
