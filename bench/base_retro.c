/* base_retro.c: the hand-written baseline of bench case (h): a token on a digraph read from an
   edge file, every vertex's outcome by the lecture's reverse breadth-first search (a vertex with
   no move loses; a predecessor of a loss wins; a vertex all of whose moves reach wins loses; the
   rest are draws). Vertices are the labels the arcs name, as read_digraph takes them.
     base_retro gen FILE n m [d] write a random digraph: a line "n m", then m lines "u v" (seeded);
                                 with d, d% of the arcs lead to a smaller vertex and the rest to a
                                 larger one (mostly decided: the search crosses every arc)
     base_retro solve FILE       read, build, solve: prints the numbers of P, N and D vertices, then
                                 the milliseconds of the load (read and build) and of the solve */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int gen(const char *path, uint32_t n, uint64_t m, int down)
{
    FILE *f = fopen(path, "w");
    if (!f) return 2;
    uint64_t seed = 20261201;
    fprintf(f, "%u %llu\n", n, (unsigned long long)m);
    for (uint64_t e = 0; e < m; e++) {
        uint64_t r = splitmix(&seed);
        uint32_t u = (uint32_t)((r & 0xffffffff) % n), v = (uint32_t)((r >> 32) % n);
        if (down >= 0 && (u < v) == ((int)(splitmix(&seed) % 100) < down)) {
            uint32_t t = u;
            u = v;
            v = t;
        }
        fprintf(f, "%u %u\n", u, v);
    }
    return fclose(f) ? 2 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    if (!strcmp(argv[1], "gen"))
        return argc < 5 ? 2 : gen(argv[2], (uint32_t)atol(argv[3]), (uint64_t)atoll(argv[4]), argc > 5 ? atoi(argv[5]) : -1);
    double t0 = now_ms();
    FILE *f = fopen(argv[2], "rb");
    if (!f) return 2;
    /* the whole file, then the integers after the first line */
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 1);
    if (fread(buf, 1, (size_t)size, f) != (size_t)size) return 2;
    buf[size] = 0;
    fclose(f);
    char *p = strchr(buf, '\n');
    p = p ? p + 1 : buf + size;
    size_t m = 0, cap = 1 << 20;
    uint32_t *eu = malloc(cap * sizeof *eu), *ev = malloc(cap * sizeof *ev), n = 0;
    for (;;) {
        while (*p && (*p < '0' || *p > '9')) p++;
        if (!*p) break;
        uint32_t u = 0, v = 0;
        while (*p >= '0' && *p <= '9') u = u * 10 + (uint32_t)(*p++ - '0');
        while (*p == ' ' || *p == '\t') p++;
        while (*p >= '0' && *p <= '9') v = v * 10 + (uint32_t)(*p++ - '0');
        if (m == cap) {
            cap *= 2;
            eu = realloc(eu, cap * sizeof *eu);
            ev = realloc(ev, cap * sizeof *ev);
        }
        eu[m] = u;
        ev[m++] = v;
        if (u >= n) n = u + 1;
        if (v >= n) n = v + 1;
    }
    free(buf);
    /* predecessor lists (CSR) and out-degrees */
    uint32_t *deg = calloc(n, sizeof *deg), *poff = calloc((size_t)n + 1, sizeof *poff), *padj = malloc(m * sizeof *padj);
    uint8_t *named = calloc(n, 1);
    for (size_t e = 0; e < m; e++) {
        deg[eu[e]]++;
        poff[ev[e] + 1]++;
        named[eu[e]] = named[ev[e]] = 1;
    }
    for (uint32_t i = 0; i < n; i++) poff[i + 1] += poff[i];
    uint32_t *at = malloc(((size_t)n + 1) * sizeof *at);
    memcpy(at, poff, ((size_t)n + 1) * sizeof *at);
    for (size_t e = 0; e < m; e++) padj[at[ev[e]]++] = eu[e];
    free(at);
    free(eu);
    free(ev);
    double t1 = now_ms();
    /* reverse BFS from the vertices with no move */
    uint8_t *o = calloc(n, 1);   /* 0 unknown (draw), 1 loss, 2 win */
    uint32_t *q = malloc(((size_t)n + 1) * sizeof *q), h = 0, t = 0;
    for (uint32_t i = 0; i < n; i++)
        if (named[i] && !deg[i]) {
            o[i] = 1;
            q[t++] = i;
        }
    while (h < t) {
        uint32_t v = q[h++];
        for (uint32_t k = poff[v]; k < poff[v + 1]; k++) {
            uint32_t u = padj[k];
            if (o[u]) continue;
            if (o[v] == 1) {
                o[u] = 2;
                q[t++] = u;
            } else if (--deg[u] == 0) {
                o[u] = 1;
                q[t++] = u;
            }
        }
    }
    unsigned long c[3] = { 0, 0, 0 };
    for (uint32_t i = 0; i < n; i++)
        if (named[i]) c[o[i] == 1 ? 0 : o[i] == 2 ? 1 : 2]++;
    printf("%lu %lu %lu %.0f %.0f\n", c[0], c[1], c[2], t1 - t0, now_ms() - t1);
    return 0;
}
