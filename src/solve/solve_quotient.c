/* solve_quotient.c: the quotient statement's solver side: read a heap family's rules off its
   positions n = 0 and n = 1, and compute its misère quotient (solve/core/mquot.c). */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/heaprules.h"
#include "solve/modes/mode_quot.h"
#include <string.h>
#include "scratch.h"
#include "vm.h"

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

/* ---- a family read off its moves (a board written in the language) ---- */

typedef struct BoardRead {
    Solver *s;
    Loc loc;
    const int64_t *const *keys;
    uint64_t nkeys, cur;
    uint64_t *slot;         /* hash of the keys: index + 1, 0 empty */
    size_t cap;
    MqTable t;
    size_t nv, capv;
    int err;                /* 1 a part outside the family, 2 three parts or more, 3 a part not smaller */
    char part[160];
} BoardRead;

static uint64_t key_hash(const int64_t *k)
{
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < KEY_LEN(k); i++) h = (h ^ (uint64_t)k[i]) * 0xFF51AFD7ED558CCDu, h ^= h >> 29;
    return h;
}

static bool key_eq(const int64_t *a, const int64_t *b)
{
    return KEY_LEN(a) == KEY_LEN(b) && !memcmp(a, b, KEY_LEN(a) * sizeof *a);
}

static uint64_t board_find(const BoardRead *br, const int64_t *k)
{
    for (size_t i = key_hash(k) & (br->cap - 1);; i = (i + 1) & (br->cap - 1)) {
        if (!br->slot[i]) return UINT64_MAX;
        if (key_eq(br->keys[br->slot[i] - 1], k)) return br->slot[i] - 1;
    }
}

static int on_board_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    BoardRead *br = ctx;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(br->s, v, br->loc, &keys, &cnt, &n);
    uint64_t part[2] = { 0, 0 };
    int np = 0;
    for (uint32_t j = 0; j < n && !br->err; j++) {
        uint64_t m = board_find(br, keys[j]), copies = cnt ? cnt[j] : 1;
        if (m == UINT64_MAX || m >= br->cur) {
            br->err = m == UINT64_MAX ? 1 : 3;
            key_text(br->s->p, keys[j], br->part, sizeof br->part);
            break;
        }
        for (uint64_t c = 0; c < copies && m && !br->err; c++) {
            if (np == 2) {
                br->err = 2;
                key_text(br->s->p, keys[j], br->part, sizeof br->part);
            } else
                part[np++] = m;
        }
    }
    if (br->err) return 1;
    if (br->nv == br->capv) {
        br->capv = br->capv ? 2 * br->capv : 256;
        br->t.v = xrealloc(br->t.v, br->capv * sizeof *br->t.v);
    }
    br->t.v[br->nv][0] = part[0];
    br->t.v[br->nv][1] = part[1];
    br->nv++;
    return 0;
}

static void board_free(void *arg)
{
    BoardRead *br = arg;
    xfree(br->slot);
    xfree(br->t.off);
    xfree(br->t.v);
    xfree(br);
}

void solve_quotient_board(Solver *s, const int64_t *const *keys, uint64_t nkeys, bool ranged, Loc loc, SolveQuotient *out)
{
    Program *p = s->p;
    memset(out, 0, sizeof *out);
    const char *name = p->code.games[KEY_GAME(keys[0])].name;
    BoardRead *br = xcalloc(1, sizeof *br);   /* freed by a cleanup if a move's rules fail */
    size_t mark = prog_defer(p, board_free, br);
    *br = (BoardRead){ .s = s, .loc = loc, .keys = keys, .nkeys = nkeys };
    br->cap = 16;
    while (br->cap < 2 * nkeys) br->cap *= 2;
    br->slot = xcalloc(br->cap, sizeof *br->slot);
    uint64_t dup = UINT64_MAX;
    for (uint64_t n = 0; n < nkeys && dup == UINT64_MAX; n++) {
        uint64_t m = board_find(br, keys[n]);
        if (m != UINT64_MAX) { dup = n; break; }
        size_t i = key_hash(keys[n]) & (br->cap - 1);
        while (br->slot[i]) i = (i + 1) & (br->cap - 1);
        br->slot[i] = n + 1;
    }
    br->t.off = xmalloc((nkeys + 1) * sizeof *br->t.off);
    br->t.nheaps = nkeys;
    bool moves0 = false;
    for (uint64_t n = 0; n < nkeys && dup == UINT64_MAX && !br->err && !moves0; n++) {
        br->cur = n;
        br->t.off[n] = br->nv;
        size_t sm = scratch_mark(&s->vm->scratch);
        vm_enum_moves(s->vm, keys[n], on_board_move, br);
        scratch_release(&s->vm->scratch, sm);
        moves0 = n == 0 && br->nv > 0;
    }
    br->t.off[nkeys] = br->nv;
    if (dup != UINT64_MAX || br->err || moves0) {
        char k0[160], part[160];
        key_text(p, keys[dup != UINT64_MAX ? dup : br->err ? br->cur : 0], k0, sizeof k0);
        snprintf(part, sizeof part, "%s", br->part);
        int err = br->err;
        prog_release(p, mark);
        board_free(br);
        if (dup != UINT64_MAX)
            prog_fail(p, EXIT_COMPILE, loc, "quotient: the family's positions repeat (heap %llu is %s again): each n "
                      "must give a different position", (unsigned long long)dup, k0);
        if (moves0) prog_fail(p, EXIT_COMPILE, loc, "quotient: the family at n = 0, %s, has a move: heap 0 must be the "
                              "empty game", k0);
        if (err == 2)
            prog_fail(p, EXIT_COMPILE, loc, "quotient: a move of %s leaves more than two parts (a third: %s): the quotient "
                      "of '%s' reads each move as a sum of at most two of the family's positions for smaller n", k0, part, name);
        prog_fail(p, EXIT_COMPILE, loc, "quotient: a move of %s leaves %s, %s: the quotient of '%s' reads each move as "
                  "a sum of at most two of the family's positions for smaller n (write the board's parts as a sum)",
                  k0, part, err == 1 ? "which is no position of the family" : "which is not smaller", name);
    }
    snprintf(out->rules, sizeof out->rules, "the moves of %s", name);
    snprintf(out->fam[0], sizeof out->fam[0], "the moves of %s", name);
    MqLimits lim = { QUOT_MAX_ORDER,
                     p->opt.max_steps && p->opt.max_steps != PROG_DEFAULT_STEPS ? p->opt.max_steps : QUOT_DEFAULT_WORK,
                     0, quotient_stop, p };
    out->ranged = ranged;
    out->status = mq_compute_table(&br->t, nkeys - 1, &lim, &out->q, &out->at, &out->work);
    out->max_work = lim.max_work;
    out->max_order = lim.max_order;
    out->max_heaps = nkeys - 1;
    prog_release(p, mark);
    board_free(br);
    if (out->status == MQ_STOPPED) {
        mq_free(&out->q);
        quotient_stopped(p, loc);
    }
}
