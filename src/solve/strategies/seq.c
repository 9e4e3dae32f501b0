/* seq.c: the sequence strategy: one-heap take-and-break games (heaprules.h: recognised rulesets
   and octal codes) computed bottom-up as a table G(0..L) with a bitset mex, and periods: found,
   proven by the subtraction window or the octal periodicity theorem (docs/theory.md section 4),
   and used to answer any n. An instance is a game with its fixed arguments (the key with the
   heap's word zeroed); it owns the table and the best period known. */
#include "config.h"
#include "key.h"
#include "solve/core/period.h"
#include "solve/core/aperiod.h"
#include "solve/core/nimber.h"
#include "solve/core/heaprules.h"
#include "solve/core/rare.h"
#include "solve/solve.h"
#include "bignum.h"
#include "vm.h"
#include "rules.h"
#include <stdlib.h>
#include <string.h>

/* Heaps from this size on get their winning moves from the digits, not the rules; a split scan
   for them stops after this many candidates. */
#define SEQ_ENUM_RULES ((uint64_t)1 << 16)
#define SEQ_SCAN_SPLITS ((uint64_t)1 << 18)
/* Tables grow by doubling (or to the size a period seen needs); beyond these sizes a value needs
   a proven period. Within --max-states N a table holds at most SEQ_PER_STATE_8 N values of a
   byte, or SEQ_PER_STATE_32 N of 32 bits (a stored position takes about 100 bytes). */
#define SEQ_MAX_TAKE ((size_t)1 << 24)
#define SEQ_MAX_SPLIT ((size_t)1 << 30)
#define SEQ_PER_STATE_8 16
#define SEQ_PER_STATE_32 4
#define SEQ_PERIOD_DEFAULT_TAKE ((size_t)1 << 16)
#define SEQ_PERIOD_DEFAULT_SPLIT ((size_t)1 << 12)
/* `period` without a range on a game with a certificate (finite subtraction, octal): the table
   grows until a period is proven, or it reaches this many values (or the table limits above), or
   its work reaches the statement's step budget (--max-steps, default 10^10 units of rare.h's
   measure: 5 to 25 seconds for the hardest codes): "no period found up to N" then, and a range or
   a larger budget searches further (Octal("0.1777") is proven from 443 million values). */
#define SEQ_PERIOD_AUTO ((size_t)1 << 29)
/* A period seen but not proven is looked for in at most this many of the table's last values. */
#define SEQ_OBSERVE ((size_t)1 << 24)
/* A game with infinitely many removals (not a finite code) answers a heap beyond the table limit
   only through a proven arithmetic period: one is looked for in a table of SEQ_ARITH_TRY values,
   or of the size its check asks for up to SEQ_ARITH_MAX. */
#define SEQ_ARITH_TRY ((size_t)1 << 12)
#define SEQ_ARITH_MAX ((size_t)1 << 15)
/* Splitting heaps from this size on use the rare-value method (below it the plain scan is cheap). */
#define SEQ_RARE_FROM 1024

typedef struct SeqInst {
    int64_t *pat;
    size_t patlen;
    size_t cw;              /* word of the heap size in the key */
    int coord;              /* the heap's argument */
    bool ok;
    HeapRules hr;
    uint8_t *g8;            /* G(0..L-1), one byte each while every value is below 256 */
    uint32_t *g32;          /* ... or 32 bits each once one is not (g8 is then NULL) */
    size_t L, cap;
    uint32_t maxv;
    uint64_t *seen;
    size_t seen_words;
    SolvePeriod per;        /* a proven period, once found */
    uint64_t need;          /* not proven yet: the table a period seen would need (0: none) */
    Rare rare;              /* the rare-value method's state (splitting games) */
    uint64_t work;          /* the work of building the table (rare.h's units: an option 1, a split
                               of the plain scan 2; the rare-value method counts its own) */
} SeqInst;

/* ORDER SEQ_VARIANT: the variant of a state's how = 6 * recognised + 2 * kind + (answered through the period). */
static const char *const variant_names[] = {
    "sequence:subtraction", "period:subtraction", "sequence:octal", "period:octal", "sequence:heap", "period:heap",
    "sequence:subtraction (recognised)", "period:subtraction (recognised)", "sequence:octal (recognised)",
    "period:octal (recognised)", "sequence:heap (recognised)", "period:heap (recognised)",
};

/* The strategy's state: the instances, and per game its heap parameter (-1: none), once found. */
typedef struct Seq {
    SeqInst **seqs;
    size_t nseq, capseq;
    int *coord;
    bool *tried;
    size_t ngames;
} Seq;

static uint32_t kind_index(const HeapRules *hr)
{
    return !strcmp(hr->kind, "subtraction") ? 0 : !strcmp(hr->kind, "octal") ? 1 : 2;
}

/* The parameter that is the heap: the only one some result does not pass on unchanged. */
static int heap_param(const Program *p, int gid)
{
    const Game *G = &p->code.games[gid];
    if (G->stdlib && !strcmp(G->name, "Octal")) return 1;
    const GameRules *gr = G->rules;
    if (!gr || G->variadic) return -1;
    int coord = -1;
    for (int i = 0; i < gr->n; i++) {
        const RRule *m = &gr->items[i];
        if (m->canon || !m->sum || m->nzeros || m->ncalls < 1 || m->ncalls > 2) return -1;
        for (int j = 0; j < m->ncalls; j++) {
            const RCall *c = &m->calls[j];
            if (c->game != gid || c->nargs != G->nparams) return -1;
            for (int k = 0; k < G->nparams; k++) {
                if (rules_passes_on(c, k)) continue;
                if (coord >= 0 && coord != k) return -1;
                coord = k;
            }
        }
    }
    return coord;
}

static bool read_rules(Program *p, const int64_t *key, int coord, HeapRules *hr)
{
    const Game *G = &p->code.games[KEY_GAME(key)];
    if (G->stdlib && !strcmp(G->name, "Octal")) {
        Value args[2];
        key_decode(p, key, args);
        return args[0].t == VT_STR && heaprules_octal(args[0].u.s, args[0].n, hr);
    }
    return heaprules_read(p, key, coord, hr);
}

static SeqInst *instance(Seq *q, Program *p, const int64_t *key, int coord)
{
    size_t len = KEY_LEN(key), cw = key_arg_word(key, coord);
    for (size_t i = 0; i < q->nseq; i++) {
        SeqInst *s = q->seqs[i];
        if (s->patlen != len || s->cw != cw || s->pat[0] != key[0]) continue;
        bool same = true;
        for (size_t w = 1; w < len && same; w++) same = w == cw || s->pat[w] == key[w];
        if (same) return s;
    }
    SeqInst *s = xcalloc(1, sizeof *s);
    s->pat = xmalloc(len * sizeof *s->pat);
    memcpy(s->pat, key, len * sizeof *s->pat);
    s->pat[cw] = 0;
    s->patlen = len;
    s->cw = cw;
    s->coord = coord;
    s->ok = read_rules(p, s->pat, coord, &s->hr);
    VEC_PUSH(q->seqs, q->nseq, q->capseq, s);
    return s;
}

static SeqInst *inst_of(Seq *q, Program *p, const int64_t *key)
{
    int gid = (int)KEY_GAME(key);
    if ((size_t)gid >= q->ngames) {
        size_t n = p->code.ngames;
        q->coord = xrealloc(q->coord, n * sizeof *q->coord);
        q->tried = xrealloc(q->tried, n * sizeof *q->tried);
        memset(q->tried + q->ngames, 0, (n - q->ngames) * sizeof *q->tried);
        q->ngames = n;
    }
    if (!q->tried[gid]) {
        q->tried[gid] = true;
        q->coord[gid] = heap_param(p, gid);
    }
    int coord = q->coord[gid];
    if (coord < 0) return NULL;
    int type = (int)(((uint64_t)key[1] >> (2 * coord)) & 3);
    size_t cw = key_arg_word(key, coord);
    if (type == POS_ARG_STR && ((uint64_t)key[cw] & KEY_BIG_BIT)) {
        /* a heap beyond 64 bits: the instance of the key with a 64-bit heap in its place */
        size_t len = KEY_LEN(key), nw = key_arg_words(key, cw, type), slen = len - nw + 1;
        int64_t *k = xmalloc(slen * sizeof *k);
        memcpy(k, key, cw * sizeof *k);
        k[cw] = 0;
        memcpy(k + cw + 1, key + cw + nw, (len - cw - nw) * sizeof *k);
        k[0] = (int64_t)((uint64_t)KEY_GAME(key) | ((uint64_t)slen << 32));
        k[1] = (int64_t)((uint64_t)key[1] & ~((uint64_t)3 << (2 * coord)));
        SeqInst *s = instance(q, p, k, coord);
        xfree(k);
        return s->ok ? s : NULL;
    }
    if (type != POS_ARG_INT) return NULL;
    SeqInst *s = instance(q, p, key, coord);
    return s->ok ? s : NULL;
}

/* Whether the heap of key (an instance of s) is beyond 64 bits: a positive one is put in *n. */
static bool big_heap(const SeqInst *s, const int64_t *key, mpz_t n)
{
    if (!((uint64_t)key[s->cw] & KEY_BIG_BIT) || KEY_LEN(key) == s->patlen) return false;
    if (n) {
        Value v = val_int_words(key + s->cw);
        big_get(n, &v);
    }
    return true;
}

static bool seq_applies(Solver *sv, void *st, const int64_t *key)
{
    SeqInst *s = inst_of(st, sv->p, key);
    if (s && big_heap(s, key, NULL)) return !((uint64_t)key[s->cw] & KEY_NEG_BIT);
    return s && key[s->cw] >= 0;
}

/* ---- the table -------------------------------------------------------------------- */

static inline uint32_t gv(const SeqInst *s, size_t n) { return s->g8 ? s->g8[n] : s->g32[n]; }

static inline void see(SeqInst *s, uint32_t v) { s->seen[v >> 6] |= (uint64_t)1 << (v & 63); }

static void splits(SeqInst *s, uint64_t r, bool unequal)
{
    if (r < 2) return;
    uint64_t half = unequal ? (r - 1) / 2 : r / 2;
    uint64_t *seen = s->seen;
    s->work += 2 * half;
    if (s->g8) {
        const uint8_t *g = s->g8;
        for (uint64_t a = 1; a <= half; a++) {
            uint32_t v = g[a] ^ g[r - a];
            seen[v >> 6] |= (uint64_t)1 << (v & 63);
        }
    } else {
        const uint32_t *g = s->g32;
        for (uint64_t a = 1; a <= half; a++) {
            uint32_t v = g[a] ^ g[r - a];
            seen[v >> 6] |= (uint64_t)1 << (v & 63);
        }
    }
}

static void options(SeqInst *s, uint8_t d, uint64_t r)
{
    s->work++;
    if ((d & HR_NONE) && r == 0) see(s, 0);
    if ((d & HR_ONE) && r >= 1) see(s, gv(s, r));
    if ((d & HR_TWO) && r >= 2) splits(s, r, (d & HR_UNEQUAL) != 0);
}

/* Room for cap values (bytes or 32-bit words, as the table is now). */
static void reserve(SeqInst *s, size_t cap)
{
    if (cap <= s->cap) return;
    if (s->g32) s->g32 = xrealloc(s->g32, cap * sizeof *s->g32);
    else s->g8 = xrealloc(s->g8, cap);
    s->cap = cap;
}

/* The first value of 256 or more: the table goes to 32 bits a value. */
static void widen(SeqInst *s)
{
    s->g32 = xmalloc((s->cap ? s->cap : 1) * sizeof *s->g32);
    for (size_t i = 0; i < s->L; i++) s->g32[i] = s->g8[i];
    xfree(s->g8);
    s->g8 = NULL;
}

/* The options the table's values have examined so far. */
static uint64_t work_of(const SeqInst *s) { return s->work + s->rare.work; }

/* Compute G(L .. newL - 1), stopping early (at a valid L) once the work reaches work_limit (0:
   no limit). */
static void extend(Program *p, SeqInst *s, size_t newL, uint64_t work_limit, Loc loc)
{
    const HeapRules *hr = &s->hr;
    p->run.work_what = "values of the table";
    if (newL > s->cap) prog_memory_need(p, (newL - s->cap) * (s->g32 ? sizeof *s->g32 : 1), loc, "the table of G(n)");
    reserve(s, newL);
    bool rare_ok = rare_applies(hr);
    for (size_t n = s->L; n < newL && !(work_limit && work_of(s) >= work_limit); n++) {
        /* XORs of values below 2^b stay below 2^b */
        size_t bits = 1;
        while (((size_t)1 << bits) <= s->maxv) bits++;
        size_t words = (((size_t)1 << bits) + 63) / 64 + 1;
        if (words > s->seen_words) {
            s->seen = xrealloc(s->seen, words * sizeof *s->seen);
            s->seen_words = words;
        }
        memset(s->seen, 0, words * sizeof *s->seen);
        /* big splitting heaps: the rare-value method; else every option (a hand-written loop) */
        bool rare = n >= SEQ_RARE_FROM && rare_ok;
        uint8_t keep = rare ? (uint8_t)(HR_NONE | HR_ONE) : 0xFF;
        if (!rare && (hr->digit[0] & HR_TWO)) splits(s, n, (hr->digit[0] & HR_UNEQUAL) != 0);
        for (size_t j = 0; j < hr->nrem && hr->rem[j] <= n; j++) options(s, hr->digit[hr->rem[j]] & keep, n - hr->rem[j]);
        if (hr->inf_from)
            for (size_t i = hr->inf_from > hr->t + 1 ? hr->inf_from : hr->t + 1; i <= n; i++) options(s, hr->inf_bits, n - i);
        size_t m = rare ? rare_value(&s->rare, hr, (RareTable){ s->g8, s->g32 }, n, s->seen, words, s->maxv) : UINT32_MAX;
        if (m == UINT32_MAX) {
            if (rare) {   /* the method declined: add the splits and take the mex */
                if (hr->digit[0] & HR_TWO) splits(s, n, (hr->digit[0] & HR_UNEQUAL) != 0);
                for (size_t j = 0; j < hr->nrem && hr->rem[j] <= n; j++) options(s, hr->digit[hr->rem[j]], n - hr->rem[j]);
            }
            m = 0;
            while (!~s->seen[m / 64]) m += 64;
            m += (size_t)__builtin_ctzll(~s->seen[m / 64]);
        }
        if (m > 255 && s->g8) widen(s);
        if (s->g8) s->g8[n] = (uint8_t)m;
        else s->g32[n] = (uint32_t)m;
        if (m > s->maxv) s->maxv = (uint32_t)m;
        s->L = n + 1;
        p->run.work_done = n + 1;
        prog_poll(p, loc);   /* the table so far stays valid if this stops here */
    }
}

static void observed(const SeqInst *s, SolvePeriod *out);

/* A game with infinitely many removals: an arithmetic period seen in the table, proven by the
   check of aperiod.h (s->need: the table it asks for, when the table is too short). */
static bool arith_proven(SeqInst *si, SolvePeriod *out)
{
    if (!si->hr.inf_from) return false;
    SolvePeriod seen = { 0 };
    observed(si, &seen);
    if (!seen.found || seen.s <= 0) return false;
    uint64_t need;
    if (!aper_prove(&si->hr, (RareTable){ si->g8, si->g32 }, si->L, seen.e, seen.p, (uint64_t)seen.s, &need)) {
        si->need = need;
        return false;
    }
    *out = (SolvePeriod){ .found = true, .e = seen.e, .p = seen.p, .s = seen.s, .proven = true,
                          .proof = "arithmetic periodicity test", .checked = si->L };
    return true;
}

/* A period of G(0..L) proven by the certificate of the rules' kind, if there is one; for an
   octal game not proven yet, s->need: the table a period seen would need (0: none). */
static bool proven_period(SeqInst *si, SolvePeriod *out)
{
    const HeapRules *hr = &si->hr;
    bool sub = !strcmp(hr->kind, "subtraction"), oct = !strcmp(hr->kind, "octal");
    si->need = 0;
    if (!sub && !oct) return arith_proven(si, out);
    size_t L = si->L, t = hr->t;
    if (oct) {   /* no array of L entries: tables of 10^8 values and more */
        uint64_t e, p;
        bool ok = si->g8 ? period_octal8(si->g8, L, t, &e, &p, &si->need) : period_octal32(si->g32, L, t, &e, &p, &si->need);
        if (ok)
            *out = (SolvePeriod){ .found = true, .e = e, .p = p, .s = 0, .proven = true,
                                  .proof = "octal periodicity theorem", .checked = L };
        return ok;
    }
    uint32_t *z = si->g8 ? period_zback8(si->g8, L) : period_zback(si->g32, L);
    bool found = false;
    for (size_t p = 1; 2 * p <= L && !found; p++) {
        uint64_t e = L - p - z[p], e1 = e ? e : 1;
        /* equal windows of length t at e1 and e1 + p */
        if (!(L >= e1 + p + t && L - p - e1 >= t)) continue;
        *out = (SolvePeriod){ .found = true, .e = e, .p = p, .s = 0, .proven = true,
                            .proof = "subtraction window", .checked = L };
        found = true;
    }
    xfree(z);
    return found;
}

/* The next table size on the way to target values: double, or only what a period seen needs to
   be proven (a little more than the table has at least, so a wrong guess costs no extra pass). */
static size_t next_size(const SeqInst *s, size_t target)
{
    size_t want = s->L < 128 ? 256 : 2 * s->L;
    if (s->need > s->L && s->need < want) {
        want = (size_t)s->need;
        if (want < s->L + s->L / 16) want = s->L + s->L / 16;
    }
    return want < target ? want : target;
}

/* Whether a period can be proven (a finite subtraction or octal game), not only observed. */
static bool has_certificate(const SeqInst *s) { return strcmp(s->hr.kind, "heap") != 0; }

static size_t max_table(const Program *p, const SeqInst *s)
{
    bool split = strcmp(s->hr.kind, "subtraction") != 0;
    size_t cap = split ? SEQ_MAX_SPLIT : SEQ_MAX_TAKE;
    uint64_t per = s->g32 ? SEQ_PER_STATE_32 : SEQ_PER_STATE_8;
    if (p->opt.max_states < cap / per) cap = (size_t)(p->opt.max_states * per) + 1;
    return cap;
}

/* Grow the table towards n + 1 by doubling, stopping early at a proven period (key: the position
   asked for, in a message; n = UINT64_MAX for a heap beyond 64 bits). */
static void grow_to(Program *p, SeqInst *s, uint64_t n, const int64_t *key, Loc loc)
{
    while (n >= s->L && !s->per.proven) {
        size_t want = next_size(s, n < SIZE_MAX ? (size_t)n + 1 : SIZE_MAX);
        size_t cap = max_table(p, s);
        bool certifiable = has_certificate(s);
        if (!certifiable && s->hr.inf_from && (want > cap || n >= cap)) {
            /* only a proven arithmetic period answers it: look for one in a table of moderate size */
            size_t lim = s->need > s->L ? (size_t)s->need : SEQ_ARITH_TRY;
            if (lim > s->L && lim <= cap && lim <= SEQ_ARITH_MAX) {
                extend(p, s, lim, 0, loc);
                proven_period(s, &s->per);
                continue;
            }
        }
        if (want > cap && certifiable && s->L < cap) want = cap;   /* the room left first: a period may show */
        else if (want > cap || (n >= cap && !certifiable)) {
            char b[200], nt[40];
            key_text(p, key, b, sizeof b);
            if (n == UINT64_MAX) snprintf(nt, sizeof nt, "that n");
            else snprintf(nt, sizeof nt, "n = %llu", (unsigned long long)n);
            if (!certifiable && s->hr.inf_from)
                prog_fail(p, EXIT_LIMIT, loc,
                          "%s: no arithmetic period of game '%s' is proven by the first %zu values, and a table up "
                          "to %s exceeds the limit of %zu values", b, p->code.games[KEY_GAME(s->pat)].name, s->L, nt, cap);
            if (!certifiable)
                prog_fail(p, EXIT_LIMIT, loc,
                          "%s: no period can be proven for game '%s' (it is not a finite subtraction or octal game), "
                          "and a table up to %s exceeds the limit of %zu values", b,
                          p->code.games[KEY_GAME(s->pat)].name, nt, cap);
            bool split = strcmp(s->hr.kind, "subtraction") != 0;
            prog_fail(p, EXIT_LIMIT, loc,
                      "%s: no period of game '%s' is proven by the first %zu values, and a table up to %s "
                      "exceeds the limit of %zu values%s", b, p->code.games[KEY_GAME(s->pat)].name, s->L,
                      nt, cap, cap < (split ? SEQ_MAX_SPLIT : SEQ_MAX_TAKE) ? " (raise it with --max-states N)" : "");
        }
        extend(p, s, want, 0, loc);
        proven_period(s, &s->per);
    }
}

/* G(n) from the table or the proven period; UINT64_MAX when it is beyond 64 bits (a saltus). */
static uint64_t value(const SeqInst *s, uint64_t n)
{
    if (n < s->L) return gv(s, n);
    uint64_t d = n - s->per.e, g = gv(s, s->per.e + d % s->per.p), q = d / s->per.p, add;
    if (!s->per.s) return g;
    if (__builtin_mul_overflow(q, (uint64_t)s->per.s, &add) || __builtin_add_overflow(g, add, &g)) return UINT64_MAX;
    return g;
}

/* G(n) of any heap n (the period is proven when n is beyond the table) into out. */
static void value_z(const SeqInst *s, const mpz_t n, mpz_t out)
{
    if (mpz_fits_ulong_p(n) && mpz_get_ui(n) < s->L) {
        mpz_set_ui(out, gv(s, mpz_get_ui(n)));
        return;
    }
    mpz_t q;
    mpz_init(q);
    mpz_sub_ui(out, n, s->per.e);   /* n - e = q p + r with 0 <= r < p */
    uint64_t r = mpz_fdiv_q_ui(q, out, s->per.p);
    mpz_mul_ui(q, q, (uint64_t)s->per.s);
    mpz_add_ui(out, q, gv(s, s->per.e + r));
    mpz_clear(q);
}

/* The value of a heap beyond 64 bits (the period is proven); UINT64_MAX when the value is too. */
static uint64_t value_mpz(const SeqInst *s, const mpz_t n)
{
    if (mpz_fits_ulong_p(n)) return value(s, mpz_get_ui(n));
    if (s->per.s) return UINT64_MAX;
    /* n - e = q p + r with 0 <= r < p: n mod p and e mod p give r */
    uint64_t r = (mpz_fdiv_ui(n, s->per.p) + s->per.p - s->per.e % s->per.p) % s->per.p;
    return gv(s, s->per.e + r);
}

static SolveResult seq_solve(Solver *sv, void *st, uint32_t id, Loc loc, bool need_sg)
{
    (void)need_sg;
    const int64_t *key = eng_key(sv->store, id);
    SeqInst *s = inst_of(st, sv->p, key);
    bool isbig = big_heap(s, key, NULL);
    uint64_t n = isbig ? UINT64_MAX : (uint64_t)key[s->cw];
    if (n >= s->L) grow_to(sv->p, s, n, key, loc);
    bool by_period = n >= s->L;
    State *x = &sv->store->st[id];
    uint64_t g = isbig ? UINT64_MAX : value(s, n);
    if (g == UINT64_MAX) {   /* a heap or a value beyond 64 bits */
        mpz_t big, v;
        mpz_inits(big, v, NULL);
        if (isbig) big_heap(s, key, big);
        else mpz_set_ui(big, n);
        value_z(s, big, v);
        GameValue gvv = nim_from_mpz(sv->p, v);
        nim_store(x, &gvv);
        mpz_clears(big, v, NULL);
    } else {
        x->sg = g;
        x->flags &= ~(uint32_t)ST_BIG;
    }
    x->flags = (x->flags & ST_BIG) | ST_DONE | (heaprules_has_move(&s->hr, n) ? 0 : ST_TERMINAL);
    x->how = solve_how(&strategy_sequence, (s->hr.recognised ? 6 : 0) + 2 * kind_index(&s->hr) + (by_period ? 1 : 0));
    return SOLVE_DONE;
}

static const char *seq_name(Solver *sv, void *st, uint32_t v)
{
    (void)sv;
    (void)st;
    return v < 12 ? variant_names[v] : "sequence";
}

static void *seq_init(Solver *sv)
{
    (void)sv;
    return xcalloc(1, sizeof(Seq));
}

static void seq_fini(Solver *sv, void *st)
{
    (void)sv;
    Seq *q = st;
    for (size_t i = 0; i < q->nseq; i++) {
        SeqInst *s = q->seqs[i];
        heaprules_fini(&s->hr);
        rare_fini(&s->rare);
        xfree(s->pat);
        xfree(s->g8);
        xfree(s->g32);
        xfree(s->seen);
        xfree(s);
    }
    xfree(q->seqs);
    xfree(q->coord);
    xfree(q->tried);
    xfree(q);
}

/* ---- the period statement ------------------------------------------------------------ */

/* A period seen (not proven) in the table: in its last SEQ_OBSERVE values at most (the search
   takes 12 bytes a value), the preperiod counted from the table's start. */
static void observed(const SeqInst *s, SolvePeriod *out)
{
    size_t from = s->L > SEQ_OBSERVE ? s->L - SEQ_OBSERVE : 0;
    bool found = s->g8 ? period_observed8(s->g8 + from, s->L - from, out) : period_observed(s->g32 + from, s->L - from, out);
    if (found) out->e += from;
}

/* Recognised families: from the table, until a period is proven (without a range) or over every
   value of the range. */
static bool seq_period(Solver *sv, void *st, const int64_t *key0, size_t cw, uint64_t bound, Loc loc, SolvePeriod *out)
{
    Program *p = sv->p;
    SeqInst *s = inst_of(st, p, key0);
    if (!s || s->cw != cw) return false;
    bool split = strcmp(s->hr.kind, "subtraction") != 0;
    if (bound && bound >= max_table(p, s))
        prog_fail(p, EXIT_LIMIT, loc, "period: a table of %llu values of game '%s' exceeds the limit of %zu values%s",
                  (unsigned long long)bound + 1, p->code.games[KEY_GAME(key0)].name, max_table(p, s),
                  max_table(p, s) < (split ? SEQ_MAX_SPLIT : SEQ_MAX_TAKE) ? " (raise it with --max-states N)" : "");
    bool certifiable = has_certificate(s);
    size_t lim = bound ? (size_t)bound + 1 : certifiable ? SEQ_PERIOD_AUTO : split ? SEQ_PERIOD_DEFAULT_SPLIT : SEQ_PERIOD_DEFAULT_TAKE;
    if (lim > max_table(p, s)) lim = max_table(p, s);
    /* without a range: until a period is proven (or the default work is done); with one: every
       value of it (a check) */
    bool out_of_work = false;
    uint64_t work = p->opt.max_steps;   /* without a range: the work stops at the step budget, an answer */
    while ((bound || !s->per.proven) && s->L < lim) {
        if (!bound && certifiable && work_of(s) >= work) {
            out_of_work = true;
            break;
        }
        size_t before = s->L;
        extend(p, s, next_size(s, lim), !bound && certifiable ? work : 0, loc);
        if (s->L == before) {   /* the work ran out at once (never without a limit: next_size grows) */
            out_of_work = true;
            break;
        }
        if (!s->per.proven) proven_period(s, &s->per);
    }
    if (bound && s->per.proven) proven_period(s, &s->per);   /* re-derived over all the values */
    if (s->per.proven) *out = s->per;
    else observed(s, out);
    out->stopped = bound || s->per.proven ? PERIOD_RAN
                 : out_of_work                ? PERIOD_STOP_WORK
                 : s->L >= max_table(p, s)    ? PERIOD_STOP_LIMIT
                                              : PERIOD_STOP_TABLE;
    out->work_limit = work;
    out->checked = s->L;
    out->method = s->hr.recognised ? "sequence (recognised)" : "sequence";
    return true;
}

/* ---- winning moves of big heaps ---------------------------------------------------------- */

static Value heap_pos(Program *p, const SeqInst *s, const uint64_t *sizes, int n)
{
    const int64_t **keys = vm_alloc(p->vm, 2 * sizeof *keys, (Loc){ 0 });
    uint32_t m = 0;
    for (int i = 0; i < n; i++) {
        if (sizes[i] == 0) continue;   /* an empty heap is no component */
        int64_t *k = vm_alloc(p->vm, s->patlen * sizeof *k, (Loc){ 0 });
        memcpy(k, s->pat, s->patlen * sizeof *k);
        k[s->cw] = (int64_t)sizes[i];
        keys[m++] = k;
    }
    return val_pos(keys, NULL, m);
}

/* One removal's options of value target in a rule's order (leave nothing or one heap, then the
   splits by a ascending; the one heap last when the rule reads a in 1..r); false when the split
   scan was cut. */
static bool removal_moves(Program *p, const SeqInst *s, const HrRule *rule, uint8_t d, uint64_t r, uint64_t target,
                          VmYield cb, void *ctx, bool *stop)
{
    uint64_t sz[2] = { 0, 0 };
    bool one = (d & HR_ONE) && r >= 1 && value(s, r) == target;
    if ((d & HR_NONE) && r == 0 && target == 0) {
        Value v = heap_pos(p, s, sz, 0);
        if (cb(ctx, &v, NULL)) { *stop = true; return true; }
    }
    if (one && !rule->one_last) {
        sz[0] = r;
        Value v = heap_pos(p, s, sz, 1);
        if (cb(ctx, &v, NULL)) { *stop = true; return true; }
    }
    if ((d & HR_TWO) && r >= 2) {
        uint64_t half = (d & HR_UNEQUAL) ? (r - 1) / 2 : r / 2;
        /* the other heap b = r - a goes down by one a step: beyond the table its place in the
           period, res = (b - e) mod p, steps down with it (no division a split) */
        uint64_t b = r - 1, res = b >= s->L ? (b - s->per.e) % s->per.p : 0;
        for (uint64_t a = 1; a <= half; a++, b--) {
            if (a > SEQ_SCAN_SPLITS) return false;
            uint64_t vb;
            if (b >= s->L && s->per.s) {   /* a saltus: the block's multiple too */
                vb = value(s, b);
                if (vb == UINT64_MAX) continue;   /* beyond 64 bits: its XOR with a smaller value too */
            } else if (b >= s->L) {
                vb = gv(s, s->per.e + res);
                res = res ? res - 1 : s->per.p - 1;
            } else {
                vb = gv(s, b);
            }
            if ((value(s, a) ^ vb) != target) continue;
            sz[rule->swapped ? 1 : 0] = a;
            sz[rule->swapped ? 0 : 1] = r - a;
            Value v = heap_pos(p, s, sz, 2);
            if (cb(ctx, &v, NULL)) { *stop = true; return true; }
        }
    }
    if (one && rule->one_last) {
        sz[0] = r;
        Value v = heap_pos(p, s, sz, 1);
        if (cb(ctx, &v, NULL)) { *stop = true; return true; }
    }
    return true;
}

/* Whether the infinite family of rule r is listed through inverse_heaps: a proven period with a
   saltus, and the family leaves at most one heap. */
static bool by_inverse(const SeqInst *s, const HrRule *r)
{
    return s->per.proven && s->per.s > 0 && !(r->inf_bits & HR_TWO);
}

/* The heaps h >= 1 of value target, decreasing (*m of them): below e from the table, from e on at
   most one a residue class, h = e + r + p m where G(e + r) + s m = target. */
static uint64_t *inverse_heaps(const SeqInst *s, uint64_t target, size_t *m)
{
    uint64_t e = s->per.e, p = s->per.p, sal = (uint64_t)s->per.s;
    uint64_t *hs = xmalloc((e + p + 1) * sizeof *hs);
    size_t k = 0;
    for (uint64_t h = 1; h < e; h++)
        if (gv(s, h) == target) hs[k++] = h;
    for (uint64_t r = 0; r < p; r++) {
        uint64_t g = gv(s, e + r), q, h;
        if (target < g || (target - g) % sal) continue;
        q = (target - g) / sal;
        if (__builtin_mul_overflow(q, p, &h) || __builtin_add_overflow(h, e + r, &h)) continue;
        if (h >= 1) hs[k++] = h;
    }
    for (size_t i = 1; i < k; i++)   /* decreasing (a handful of heaps) */
        for (size_t j = i; j > 0 && hs[j - 1] < hs[j]; j--) {
            uint64_t x = hs[j];
            hs[j] = hs[j - 1];
            hs[j - 1] = x;
        }
    *m = k;
    return hs;
}

/* ---- heaps beyond 64 bits: the same moves, the heap sizes as values ---- */

/* The sum of the instance's positions of the given sizes (0: no component). */
static Value heap_pos_values(Program *p, const SeqInst *s, const Value *sizes, int n)
{
    Value args[POS_MAX_ARGS], v = val_pos(NULL, NULL, 0);
    int np = key_decode(p, s->pat, args);
    for (int i = 0; i < n; i++) {
        if (sizes[i].t == VT_INT && sizes[i].u.i == 0) continue;
        args[s->coord] = sizes[i];
        Value c = vm_make_pos(p->vm, (int)KEY_GAME(s->pat), args, np, (Loc){ 0 });
        v = vm_add(p->vm, v, c, (Loc){ 0 });
    }
    return v;
}

static void *scratch_cb(void *vm, size_t bytes) { return vm_alloc(vm, bytes, (Loc){ 0 }); }

/* removal_moves for a remainder r = t->x beyond 64 bits (t->r is scratch); the split scan is
   always cut, so the list is never complete when the rule splits. */
static bool removal_moves_big(Program *p, const SeqInst *s, const HrRule *rule, uint8_t d, VmBig *t, uint64_t target,
                              VmYield cb, void *ctx, bool *stop)
{
    uint64_t vx = (d & HR_ONE) ? value_mpz(s, t->x) : UINT64_MAX;
    bool one = vx != UINT64_MAX && vx == target;
    Value sz[2];
    if (one && !rule->one_last) {
        sz[0] = big_value(t->x, scratch_cb, p->vm);
        Value v = heap_pos_values(p, s, sz, 1);
        if (cb(ctx, &v, NULL)) { *stop = true; return true; }
    }
    bool complete = true;
    if (d & HR_TWO) {
        for (uint64_t a = 1;; a++) {
            if (a > SEQ_SCAN_SPLITS) { complete = false; break; }
            mpz_sub_ui(t->r, t->x, a);
            uint64_t vr = value_mpz(s, t->r);
            if (vr == UINT64_MAX || (value(s, a) ^ vr) != target) continue;
            sz[rule->swapped ? 1 : 0] = val_int((int64_t)a);
            sz[rule->swapped ? 0 : 1] = big_value(t->r, scratch_cb, p->vm);
            Value v = heap_pos_values(p, s, sz, 2);
            if (cb(ctx, &v, NULL)) { *stop = true; return true; }
        }
    }
    if (one && rule->one_last) {
        sz[0] = big_value(t->x, scratch_cb, p->vm);
        Value v = heap_pos_values(p, s, sz, 1);
        if (cb(ctx, &v, NULL)) { *stop = true; return true; }
    }
    return complete;
}

/* seq_moves for a heap beyond 64 bits (every removal fits under it). */
static SolveMoves seq_moves_big(Program *p, const SeqInst *s, const int64_t *key, uint64_t target, VmYield cb, void *ctx)
{
    const HeapRules *hr = &s->hr;
    VmBig *t = vm_big_begin(p->vm, (Loc){ 0 });
    big_heap(s, key, t->y);
    bool complete = true, stop = false;
    for (size_t i = 0; i < hr->nrules && !stop; i++) {
        const HrRule *r = &hr->rules[i];
        for (size_t j = 0; j < r->n && !stop; j++) {
            mpz_sub_ui(t->x, t->y, r->rem[j]);
            complete &= removal_moves_big(p, s, r, r->bits[j], t, target, cb, ctx, &stop);
        }
        if (r->inf_from && !stop && by_inverse(s, r)) {   /* the few heaps of that value, k increasing */
            size_t m;
            uint64_t *hs = inverse_heaps(s, target, &m);
            for (size_t j = 0; j < m && !stop; j++) {
                mpz_set_ui(t->x, hs[j]);
                complete &= removal_moves_big(p, s, r, r->inf_bits, t, target, cb, ctx, &stop);
            }
            xfree(hs);
            if (!stop && target == 0 && (r->inf_bits & HR_NONE)) {   /* k = n: the whole heap */
                Value v = heap_pos_values(p, s, NULL, 0);
                stop = cb(ctx, &v, NULL);
            }
            continue;
        }
        for (uint64_t k = r->inf_from; r->inf_from && !stop; k++) {
            if (k - r->inf_from >= SEQ_SCAN_SPLITS) { complete = false; break; }
            mpz_sub_ui(t->x, t->y, k);
            complete &= removal_moves_big(p, s, r, r->inf_bits, t, target, cb, ctx, &stop);
        }
    }
    vm_big_drop(p->vm, t);
    return complete ? MOVES_ALL : MOVES_SOME;
}

/* Heaps below SEQ_ENUM_RULES get their winning moves from the rules; bigger ones from the digits,
   rule by rule and removal by removal in each rule's binder order: the order of the rules' moves. */
static SolveMoves seq_moves(Solver *sv, void *st, uint32_t id, const GameValue *want, VmYield cb, void *ctx)
{
    uint64_t target = want->kind == GV_SG ? want->n : 0;
    Program *p = sv->p;
    const int64_t *key = eng_key(sv->store, id);
    SeqInst *s = inst_of(st, p, key);
    /* the table's values are below 2^32, and so is every value of a period without a saltus: none
       has that value; with a saltus, the options of such values are not looked for */
    if (want->big) return s->per.s ? MOVES_SOME : MOVES_ALL;
    if (big_heap(s, key, NULL)) return seq_moves_big(p, s, key, target, cb, ctx);
    uint64_t n = (uint64_t)key[s->cw];
    if (n < SEQ_ENUM_RULES) return MOVES_RULES;
    const HeapRules *hr = &s->hr;
    bool complete = true, stop = false;
    for (size_t i = 0; i < hr->nrules && !stop; i++) {
        const HrRule *r = &hr->rules[i];
        for (size_t j = 0; j < r->n && !stop; j++)
            if (r->rem[j] <= n) complete &= removal_moves(p, s, r, r->bits[j], n - r->rem[j], target, cb, ctx, &stop);
        if (r->inf_from && !stop && by_inverse(s, r)) {   /* the few heaps of that value, k increasing */
            size_t m;
            uint64_t *hs = inverse_heaps(s, target, &m);
            for (size_t j = 0; j < m && !stop; j++)
                if (hs[j] + r->inf_from <= n) complete &= removal_moves(p, s, r, r->inf_bits, hs[j], target, cb, ctx, &stop);
            xfree(hs);
            if (!stop && n >= r->inf_from) complete &= removal_moves(p, s, r, r->inf_bits, 0, target, cb, ctx, &stop);
        } else if (r->inf_from && !stop) {
            uint64_t scanned = 0;
            for (uint64_t k = r->inf_from; k <= n && !stop; k++) {
                if (++scanned > SEQ_SCAN_SPLITS) { complete = false; break; }
                complete &= removal_moves(p, s, r, r->inf_bits, n - k, target, cb, ctx, &stop);
            }
        }
    }
    return complete ? MOVES_ALL : MOVES_SOME;
}

/* The rules' code and the period with its proof. */
static void seq_explain(Solver *sv, void *st, uint32_t id, uint32_t variant, StrBuf *b, AnswerFacts *facts)
{
    (void)variant;
    const int64_t *key = eng_key(sv->store, id);
    SeqInst *s = inst_of(st, sv->p, key);
    if (!s) return;
    sb_printf(b, "%s %s game%s", s->hr.kind[0] == 'o' ? "an" : "a", s->hr.kind,
              s->hr.recognised ? " recognised in the rules" : "");
    solve_fact_text(facts, "family", s->hr.kind);
    solve_fact_int(facts, "recognised", s->hr.recognised);
    if (strcmp(s->hr.kind, "heap")) {
        StrBuf code;
        sb_init(&code);
        heaprules_describe(&s->hr, &code);
        sb_printf(b, " (code %s)", code.s ? code.s : "");
        solve_fact_text(facts, "code", code.s ? code.s : "");
        sb_fini(&code);
    }
    if ((big_heap(s, key, NULL) || (uint64_t)key[s->cw] >= s->L) && s->per.proven) {
        if (s->per.s)
            sb_printf(b, "; SG(n + %llu) = SG(n) + %lld from n = %llu on, proven by the %s",
                      (unsigned long long)s->per.p, (long long)s->per.s, (unsigned long long)s->per.e, s->per.proof);
        else
            sb_printf(b, "; SG has period %llu after %llu, proven by the %s", (unsigned long long)s->per.p,
                      (unsigned long long)s->per.e, s->per.proof);
        solve_fact_int(facts, "period", (int64_t)s->per.p);
        if (s->per.s) solve_fact_int(facts, "saltus", s->per.s);
        solve_fact_int(facts, "preperiod", (int64_t)s->per.e);
        solve_fact_text(facts, "proof", s->per.proof);
    } else {   /* the values this position needs (the table may hold more: what earlier statements asked) */
        sb_printf(b, "; SG from a table of %llu values", (unsigned long long)key[s->cw] + 1);
        solve_fact_int(facts, "table", (int64_t)key[s->cw] + 1);
    }
}

const Strategy strategy_sequence = {
    .name = "sequence",
    .id = STRATEGY_SEQUENCE,
    .init = seq_init,
    .fini = seq_fini,
    .applies = seq_applies,
    .solve = seq_solve,
    .name_of = seq_name,
    .explain = seq_explain,
    .moves = seq_moves,
    .period = seq_period,
};
