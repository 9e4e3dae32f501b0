/* engine_retro.c: the engine's side of bench case (h), timed inside one process: a program
   loads the edge file (read_digraph; T its largest vertex), then asks the outcome of a token on
   T (the token strategy labels every vertex by retrograde breadth-first search), then the query
   (the generalized SG values too). Prints the three times in milliseconds; base_retro.c times
   the same steps of the C baseline. */
#include "config.h"
#include "driver.h"
#include "run.h"
#include "program.h"
#include "util.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double step(Program *p, const char *name, const char *text)
{
    double t0 = now_ms();
    if (drv_load(p, name, text, strlen(text), NULL) || run_pending(p)) {
        fprintf(stderr, "engine_retro: %s failed\n", name);
        return -1;
    }
    return now_ms() - t0;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    util_tune_malloc();   /* as the grundy program does */
    char load[4200];
    snprintf(load, sizeof load, "const G = read_digraph(\"%s\", 1); const T = max(vertices(G)); print T;", argv[1]);
    FILE *out = fopen("/dev/null", "w");
    Program p;
    drv_init(&p, out, stderr);
    if (drv_load_stdlib(&p)) return 3;
    p.opt.redefine = true;
    double l = step(&p, "<load>", load), s = step(&p, "<solve>", "print outcome(Token(G, T));"),
           g = step(&p, "<gamma>", "query Token(G, T);");
    drv_fini(&p);
    fclose(out);
    if (l < 0 || s < 0 || g < 0) return 1;
    printf("%.0f %.0f %.0f\n", l, s, g);
    return 0;
}
