/* duel_bigloopy.c: a token on a random digraph of a million vertices, read from an edge file as
   a competitive-programming input gives it, against brute force written here: the win / loss /
   draw rules iterated to a fixpoint over the whole graph, and over the graph times a Nim heap of
   0, 1 or 2 (a token plus *h is P exactly when γ = h). Compared: every vertex's outcome with
   each heap (so every γ up to 2, and which vertices have larger or infinite ones), and a sample
   of single queries. Seeded; DUEL_BIGLOOPY_N=n sets the vertices. */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { UNK, WIN, LOSS };
enum { H = 3 };   /* heaps 0, 1, 2 */

typedef struct Dg { uint32_t n; uint64_t m; uint32_t *off, *adj; bool *exists; } Dg;

/* Outcomes of (vertex, heap h < H) by iterating "some follower lost: won; every follower won:
   lost" until nothing changes (never decided: a draw). o[v * H + h]. */
static uint8_t *fixpoint(const Dg *g)
{
    uint8_t *o = calloc((size_t)g->n * H, 1);
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t v = 0; v < g->n; v++)
            for (int h = 0; h < H; h++) {
                if (o[v * H + h] != UNK) continue;
                bool some_loss = false, all_win = true;
                for (int x = 0; x < h; x++) {   /* the heap */
                    some_loss |= o[v * H + x] == LOSS;
                    all_win &= o[v * H + x] == WIN;
                }
                for (uint32_t k = g->off[v]; k < g->off[v + 1] && !some_loss; k++) {   /* the token */
                    some_loss |= o[g->adj[k] * H + h] == LOSS;
                    all_win &= o[g->adj[k] * H + h] == WIN;
                }
                if (some_loss) o[v * H + h] = WIN;
                else if (all_win) o[v * H + h] = LOSS;
                else continue;
                changed = true;
            }
    }
    return o;
}


int main(void)
{
    const char *env = getenv("DUEL_BIGLOOPY_N");
    uint32_t n = env ? (uint32_t)atol(env) : 1000000;
    uint64_t m = 3ull * n, seed = 20261201;
    const char *tmp = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/grundy-bigloopy-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        return 99;
    }
    FILE *f = fdopen(fd, "w");
    Dg g = { n, m, calloc((size_t)n + 1, sizeof(uint32_t)), malloc(m * sizeof(uint32_t)), calloc(n, sizeof(bool)) };
    uint32_t *eu = malloc(m * sizeof *eu), *ev = malloc(m * sizeof *ev);
    fprintf(f, "%u %llu\n", n, (unsigned long long)m);   /* a header line, skipped */
    for (uint64_t e = 0; e < m; e++) {
        /* uniform: about 5% sinks, and a P / N / D mix near 13 / 32 / 55 */
        uint64_t r = duel_splitmix(&seed);
        uint32_t u = (uint32_t)((r & 0xffffffff) % n), v = (uint32_t)((r >> 32) % n);
        eu[e] = u;
        ev[e] = v;
        g.exists[u] = g.exists[v] = true;
        g.off[u + 1]++;
        fprintf(f, "%u %u\n", u, v);
    }
    fclose(f);
    for (uint32_t i = 0; i < n; i++) g.off[i + 1] += g.off[i];
    uint32_t *at = malloc(((size_t)n + 1) * sizeof *at);
    memcpy(at, g.off, ((size_t)n + 1) * sizeof *at);
    for (uint64_t e = 0; e < m; e++) g.adj[at[eu[e]]++] = ev[e];
    free(at);
    free(eu);
    free(ev);
    uint8_t *o = fixpoint(&g);

    /* the engine: every vertex's outcome with each heap, then single queries */
    Str text = { 0 };
    sput(&text, "const G = read_digraph(\"%s\", 1);\n", path);
    for (int h = 0; h < H; h++)
        sput(&text, "print [outcome(Token(G, v) + Heap(%d)) for v in vertices(G)];\n", h);
    unsigned long long count[3] = { 0 };
    for (uint32_t v = 0; v < n; v++)
        if (g.exists[v]) count[o[v * H] == LOSS ? 0 : o[v * H] == WIN ? 1 : 2]++;
    enum { SAMPLE = 300 };
    uint32_t sample[SAMPLE];
    int hs[SAMPLE];
    for (int i = 0; i < SAMPLE; i++) {
        do sample[i] = (uint32_t)(duel_splitmix(&seed) % n);
        while (!g.exists[sample[i]]);
        hs[i] = (int)(duel_splitmix(&seed) % H);
        if (hs[i]) sput(&text, "query Token(G, %u) + Heap(%d);\n", sample[i], hs[i]);
        else sput(&text, "query Token(G, %u);\n", sample[i]);
    }
    int st;
    char *errs = NULL, *out = duel_run(text.s, NULL, &st, &errs);
    unlink(path);
    int failed = 0, checked = 0;
    if (st) {
        printf("engine error (status %d):\n%s\n", st, errs ? errs : "");
        failed++;
    }
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int h = 0; h < H && line; h++, line = strtok_r(NULL, "\n", &save)) {
        const char *p = strstr(line, "\"value\":[");
        int shown = 0;
        p = p ? p + 9 : line + strlen(line);
        for (uint32_t v = 0; v < n; v++) {
            if (!g.exists[v]) continue;
            uint8_t w = o[v * H + h];
            char c = w == LOSS ? 'P' : w == WIN ? 'N' : 'D';
            checked++;
            if (p[0] != '"' || p[1] != c || p[2] != '"') {
                failed++;
                if (shown++ < 10) printf("MISMATCH Token(G, %u) + Heap(%d): engine %.3s, wanted %c\n", v, h, p, c);
                if (!p[0]) break;
            }
            if (p[0]) p += 4;   /* "X", */
        }
    }
    for (int i = 0; i < SAMPLE && line; i++, line = strtok_r(NULL, "\n", &save)) {
        uint8_t w = o[sample[i] * H + hs[i]];
        char *oc = duel_field(line, "outcome");
        checked++;
        if (!oc || oc[1] != (w == LOSS ? 'P' : w == WIN ? 'N' : 'D')) {
            failed++;
            printf("MISMATCH vertex %u + heap %d: engine %s\n  wanted %c\n", sample[i], hs[i], line,
                   w == LOSS ? 'P' : w == WIN ? 'N' : 'D');
        }
        free(oc);
    }
    unsigned long long all = count[0] + count[1] + count[2];
    if ((unsigned long long)checked != H * all + SAMPLE) {
        printf("missing output: %d of %llu answers\n", checked, H * all + SAMPLE);
        failed++;
    }
    printf("big loopy duel: %u vertices, %llu arcs; P/N/D of the token alone: %llu/%llu/%llu; "
           "%llu outcomes of the token plus a heap of 0 to %d, %d single queries; %d failed\n",
           n, (unsigned long long)m, count[0], count[1], count[2], H * all, H - 1, SAMPLE, failed);
    free(out);
    free(errs);
    free(text.s);
    free(o);
    free(g.off);
    free(g.adj);
    free(g.exists);
    return failed ? 1 : 0;
}
