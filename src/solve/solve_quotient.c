/* solve_quotient.c: the quotient statement's solver side: read a heap family's rules off its
   positions n = 0 and n = 1, and compute its misère quotient (solve/core/mquot.c). */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/heaprules.h"
#include "solve/modes/mode_quot.h"
#include <string.h>

/* Heaps the search without a range may add while looking for a proven period. */
#define QUOT_AUTO_HEAPS 400
#define QUOT_MAX_ORDER 2048
/* The work a quotient may take unless --max-steps says otherwise (about 10 to 50 seconds). */
#define QUOT_DEFAULT_WORK 40000000ull

/* Read the rules of the family key0 (n in word cw) into *hr: false when they are not a heap game's. */
static bool read_family(Solver *s, const int64_t *key0, size_t cw, HeapRules *hr)
{
    Program *p = s->p;
    const Game *G = &p->code.games[KEY_GAME(key0)];
    memset(hr, 0, sizeof *hr);
    if (G->stdlib && !strcmp(G->name, "Octal")) {
        Value args[2];
        key_decode(p, key0, args);
        return args[0].t == VT_STR && heaprules_octal(args[0].u.s, args[0].n, hr);
    }
    int coord = -1;   /* the argument that holds n */
    for (int a = 0; a < G->nparams && coord < 0; a++)
        if (key_arg_word(key0, a) == cw) coord = a;
    return coord >= 0 && heaprules_read(p, key0, coord, hr);
}

void solve_quotient(Solver *s, const int64_t *const *keys0, const int64_t *const *keys1, uint32_t nfam, uint64_t bound,
                    bool ranged, Loc loc, SolveQuotient *out)
{
    Program *p = s->p;
    memset(out, 0, sizeof *out);
    HeapRules hr[SOLVE_QUOT_FAMILIES];
    const HeapRules *hrp[SOLVE_QUOT_FAMILIES];
    StrBuf b;
    sb_init(&b);
    size_t cw[SOLVE_QUOT_FAMILIES];
    for (uint32_t i = 0; i < nfam; i++)   /* every family's shape first: these errors allocate nothing */
        cw[i] = solve_family_word(s, keys0[i], keys1[i], loc, "quotient needs misere() of heap games whose integer "
                                  "argument is the variable itself, e.g. 'quotient misere(Kayles(n)) for n'");
    for (uint32_t i = 0; i < nfam; i++) {
        if (!read_family(s, keys0[i], cw[i], &hr[i])) {
            for (uint32_t j = 0; j < i; j++) heaprules_fini(&hr[j]);
            xfree(b.s);
            prog_fail(p, EXIT_COMPILE, loc, "quotient: the moves of '%s' are not a heap game the quotient reads: each "
                      "move must take tokens from the heap and leave at most two heaps (an octal or subtraction game)",
                      p->code.games[KEY_GAME(keys0[i])].name);
        }
        hrp[i] = &hr[i];
        if (i) sb_puts(&b, " + ");
        size_t from = b.len;
        heaprules_describe(&hr[i], &b);
        snprintf(out->fam[i], sizeof out->fam[i], "%.*s", (int)(b.len - from), b.s + from);
    }
    snprintf(out->rules, sizeof out->rules, "%s", b.s ? b.s : "");
    xfree(b.s);
    MqLimits lim = { QUOT_MAX_ORDER,
                     p->opt.max_steps && p->opt.max_steps != PROG_DEFAULT_STEPS ? p->opt.max_steps : QUOT_DEFAULT_WORK,
                     0, quotient_stop, p };
    out->ranged = ranged;
    out->status = mq_compute(hrp, nfam, ranged ? bound : 1, !ranged, QUOT_AUTO_HEAPS, &lim, &out->q, &out->at, &out->work);
    out->max_work = lim.max_work;
    out->max_order = lim.max_order;
    out->max_heaps = QUOT_AUTO_HEAPS;
    for (uint32_t i = 0; i < nfam; i++) heaprules_fini(&hr[i]);
    if (out->status == MQ_STOPPED) {
        mq_free(&out->q);
        quotient_stopped(p, loc);
    }
}
