/* duel_bits.c: random bitmask rulesets, the shape of board games kept as one integer (Cram,
   tilings, placements). A rule places a pattern K of bits at offset i where those bits are all
   clear, written with the idioms the table strategy evaluates without its stack code: the test
   `(m >> i) & K == 0`, `m & (K << i) == 0` or `(K << i) & m == 0`, the placement `m | (K << i)`,
   `m ^ (K << i)` or either turned round, and filters `i % P != Q`, `m & F != F`, `m % P != Q`,
   `(m >> i) & G != 0` or `m & (G << i) != 0` (the table reads such guards for every i at once);
   some ranges are empty, their end below 0. A
   rule may also test bits far past 63 (`(m >> i) & 1` for i in 60..59 + W: the language's shift
   gives 0 for a non-negative m; bit i - 60 is placed). The board width W is a second parameter
   the moves pass along, so the table keeps the values in its map's pages (one varying
   coordinate) and, once a second width is asked in the same program, by hashing. Every
   ruleset's positions are answered by the engine and compared with a memo over all 2^W masks
   written here from the rules as stated. Then Node Kayles on random graphs as a mask, the
   adjacency a constant list the table indexes (node_kayles). Seeded: the same rulesets every run. */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULESETS 120
#define MAXR 4
#define QUERIES 8

typedef struct Rule {
    uint32_t k;          /* the pattern (bit 0 set) */
    int len;             /* its bit length */
    int lo;              /* the offsets lo..W - len - cut */
    int cut;             /* 0, or past W: no offsets (the range's end below its start, negative) */
    int test, place;     /* how the clear test and the placement are written (0..2, 0..3) */
    int p, q;            /* i % p != q (p 0: no such filter) */
    uint32_t f;          /* m & f != f (0: none) */
    uint32_t g;          /* (m >> i) & g != 0, or m & (g << i) != 0 when gshl (0: none) */
    bool gshl;
    int mp, mq;          /* m % mp != mq (mp 0: none) */
    bool far;            /* also: i in 60..59 + W when (m >> i) & 1 == 0 sets bit i - 60 */
} Rule;

typedef struct Rules { int n; Rule r[MAXR]; } Rules;

static uint64_t rng = 20261202;

static int rnd(int lo, int hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (int)(rng % (uint64_t)(hi - lo + 1));
}

static void gen(Rules *rs)
{
    rs->n = rnd(1, MAXR);
    for (int j = 0; j < rs->n; j++) {
        Rule *r = &rs->r[j];
        memset(r, 0, sizeof *r);
        static const uint32_t pats[] = { 1, 3, 5, 7, 9, 17, 33, 0x11, 0x101, 0x13, 0x1f };
        r->k = pats[rnd(0, (int)(sizeof pats / sizeof *pats) - 1)];
        r->len = 32 - __builtin_clz(r->k);
        r->lo = rnd(0, 2);
        r->cut = rnd(0, 7) == 0 ? rnd(12, 20) : 0;
        r->test = rnd(0, 2);
        r->place = rnd(0, 3);
        if (rnd(0, 2) == 0) {
            r->p = rnd(2, 5);
            r->q = rnd(0, r->p - 1);
        }
        if (rnd(0, 3) == 0) r->f = (uint32_t)rnd(1, 255);
        if (rnd(0, 3) == 0) {
            r->g = (uint32_t)rnd(1, 31);
            r->gshl = rnd(0, 1);
        }
        if (rnd(0, 4) == 0) {
            r->mp = rnd(2, 7);
            r->mq = rnd(0, r->mp - 1);
        }
        r->far = rnd(0, 5) == 0;
    }
}

static void render(Str *t, int id, const Rules *rs)
{
    static const char *const test[] = { "(m >> i) & %u == 0", "m & (%u << i) == 0", "(%u << i) & m == 0" };
    static const char *const place[] = { "m | (%u << i)", "m ^ (%u << i)", "(%u << i) | m", "(%u << i) ^ m" };
    sput(t, "game B%d(m, W) {\n", id);
    for (int j = 0; j < rs->n; j++) {
        const Rule *r = &rs->r[j];
        sput(t, "    move r%d(i in %d..W - %d) when ", j, r->lo, r->len + r->cut);
        sput(t, test[r->test], r->k);
        if (r->p) sput(t, " and i %% %d != %d", r->p, r->q);
        if (r->f) sput(t, " and m & %u != %u", r->f, r->f);
        if (r->g) sput(t, r->gshl ? " and m & (%u << i) != 0" : " and (m >> i) & %u != 0", r->g);
        if (r->mp) sput(t, " and m %% %d != %d", r->mp, r->mq);
        sput(t, " => B%d(", id);
        sput(t, place[r->place], r->k);
        sput(t, ", W);\n");
        if (r->far)
            sput(t, "    move f%d(i in 60..59 + W) when (m >> i) & 1 == 0 and (m >> (i - 60)) & 1 == 0 => B%d(m | (1 << (i - 60)), W);\n",
                 j, id);
    }
    sput(t, "}\n");
}

/* The value printed on the next output line (-1: none), the line moved past. */
static int next_value(const char **line)
{
    const char *v = *line ? strstr(*line, "\"value\":") : NULL;
    int got = v ? atoi(v + 8) : -1;
    *line = *line ? strchr(*line, '\n') : NULL;
    if (*line) (*line)++;
    return got;
}

/* The rules as stated, over masks of W bits: SG by memo (memo[m] < 0: unknown). */
static const Rules *cur;
static int width;
static signed char *memo;

static int sg(uint32_t m)
{
    if (memo[m] >= 0) return memo[m];
    bool seen[64] = { false };
    for (int j = 0; j < cur->n; j++) {
        const Rule *r = &cur->r[j];
        for (int i = r->lo; i <= width - r->len - r->cut; i++) {
            if (m & (r->k << i)) continue;                     /* the pattern's cells are not all free */
            if (r->p && i % r->p == r->q) continue;
            if (r->f && (m & r->f) == r->f) continue;
            if (r->g && !((m >> i) & r->g)) continue;         /* no bit of g's pattern at i is set */
            if (r->mp && (int)(m % (uint32_t)r->mp) == r->mq) continue;
            seen[sg(m | r->k << i)] = true;
        }
        if (r->far)   /* bit i of m is 0 for i >= 60 (m < 2^W): bit i - 60 placed when free */
            for (int i = 60; i <= 59 + width; i++)
                if (!(m >> (i - 60) & 1)) seen[sg(m | 1u << (i - 60))] = true;
    }
    int g = 0;
    while (seen[g]) g++;
    return memo[m] = (signed char)g;
}

/* Node Kayles on a random graph of up to 14 vertices, its adjacency as a constant list of masks:
   taking a free vertex takes its neighbours too; some graphs add a guard that reads the list (a
   vertex with every neighbour taken already may not be picked). Against a memo over all masks. */
static int nv_;
static uint32_t adj_[16];
static bool guarded_;

static int nk_sg(uint32_t m)
{
    if (memo[m] >= 0) return memo[m];
    bool seen[64] = { false };
    for (int v = 0; v < nv_; v++) {
        if (m >> v & 1) continue;
        if (guarded_ && adj_[v] && (adj_[v] & m) == adj_[v]) continue;
        seen[nk_sg(m | 1u << v | adj_[v])] = true;
    }
    int g = 0;
    while (seen[g]) g++;
    return memo[m] = (signed char)g;
}

static void node_kayles(long *compared, long *failed)
{
    for (int t = 0; t < 60; t++) {
        nv_ = rnd(4, 14);
        guarded_ = rnd(0, 2) == 0;
        memset(adj_, 0, sizeof adj_);
        int edges = rnd(0, 2 * nv_);
        for (int e = 0; e < edges; e++) {
            int a = rnd(0, nv_ - 1), b = rnd(0, nv_ - 1);
            if (a == b) continue;
            adj_[a] |= 1u << b;
            adj_[b] |= 1u << a;
        }
        Str prog = { 0 };
        sput(&prog, "const ADJ%d = [", t);
        for (int v = 0; v < nv_; v++) sput(&prog, "%s%u", v ? ", " : "", adj_[v]);
        sput(&prog, "];\ngame NK%d(m) { move pick(v in 0..len(ADJ%d) - 1) when (m >> v) & 1 == 0", t, t);
        if (guarded_) sput(&prog, " and (ADJ%d[v] == 0 or ADJ%d[v] & m != ADJ%d[v])", t, t, t);
        sput(&prog, " => NK%d(m | (1 << v) | ADJ%d[v]); }\n", t, t);
        uint32_t masks[QUERIES];
        for (int q = 0; q < QUERIES; q++) {
            masks[q] = q ? (uint32_t)rnd(0, (1 << nv_) - 1) & (uint32_t)rnd(0, (1 << nv_) - 1) : 0;
            sput(&prog, "print sg(NK%d(%u));\n", t, masks[q]);
        }
        int status;
        char *errs = NULL;
        char *out = duel_run_capped(prog.s, NULL, 100000, &status, &errs);
        memo = malloc((size_t)1 << nv_);
        memset(memo, 0xff, (size_t)1 << nv_);
        const char *line = out;
        for (int q = 0; q < QUERIES; q++) {
            int want = nk_sg(masks[q]);
            int got = next_value(&line);
            (*compared)++;
            if (got != want && (*failed)++ < 8)
                printf("Node Kayles %d, mask %u: engine %d, rules %d%s%s\n%s", t, masks[q], got, want, status ? "; errors: " : "",
                       status && errs ? errs : "", prog.s);
        }
        free(memo);
        free(out);
        free(errs);
        free(prog.s);
    }
}

/* --max-states of the second run: every position of both widths fits (2^12 + 2^11), an array of
   16 per coordinate does not (4 cells a state are allowed): the table keeps a map */
#define MAP_STATES 7000
/* and of the first: room for every position, none for a runaway (moves the rules do not have) */
#define ARRAY_STATES 100000

int main(void)
{
    long compared = 0, failed = 0;
    for (int id = 0; id < RULESETS; id++) {
        Rules rs;
        gen(&rs);
        Str prog = { 0 };
        render(&prog, id, &rs);
        /* three rounds: the first width (the map's pages), the second (W varies: hashing), the
           first again (its values now read from the rebuilt map) */
        int ws[3];
        ws[0] = rnd(11, 12);
        ws[1] = 23 - ws[0];
        ws[2] = ws[0];
        uint32_t masks[3][QUERIES];
        for (int w = 0; w < 3; w++)
            for (int q = 0; q < QUERIES; q++) {
                masks[w][q] = q ? (uint32_t)rnd(0, (1 << ws[w]) - 1) & (uint32_t)rnd(0, (1 << ws[w]) - 1) : 0;
                sput(&prog, "print sg(B%d(%u, %d));\n", id, masks[w][q], ws[w]);
            }
        for (int run = 0; run < 2; run++) {   /* a dense table, then the map */
            int status;
            char *errs = NULL;
            char *out = duel_run_capped(prog.s, NULL, run ? MAP_STATES : ARRAY_STATES, &status, &errs);
            const char *line = out;
            for (int w = 0; w < 3; w++) {
                cur = &rs;
                width = ws[w];
                memo = malloc((size_t)1 << width);
                memset(memo, 0xff, (size_t)1 << width);
                for (int q = 0; q < QUERIES; q++) {
                    int want = sg(masks[w][q]);
                    int got = next_value(&line);
                    compared++;
                    if (got != want && failed++ < 8)
                        printf("ruleset %d (%s), W = %d, mask %u: engine %d, rules %d%s%s\n%s", id, run ? "map" : "array", width,
                               masks[w][q], got, want, status ? "; errors: " : "", status && errs ? errs : "", prog.s);
                }
                free(memo);
            }
            free(out);
            free(errs);
        }
        free(prog.s);
    }
    long nk = compared;
    node_kayles(&compared, &failed);
    printf("bitmask duel: %d rulesets and 60 Node Kayles graphs, %ld positions compared (%ld of Node Kayles), %ld failures\n",
           RULESETS, compared, compared - nk, failed);
    return failed ? 1 : 0;
}
