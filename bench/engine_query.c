/* engine_query.c: the C side of bench case (y): N queries of small positions through the public C
   API, one call each (gr_query_json, what the Python module's Session.query calls), then the same N
   as one gr_eval text. Prints the microseconds a query of each, and a checksum of the SG values (the
   Python side must find the same). The positions are Nim(i % 50, 4, 5) and Kayles(i % 60). */
#include <grundy.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* The i-th position of the run (the Python side uses the same list). */
static void position(char *buf, size_t cap, int i)
{
    if (i % 2) snprintf(buf, cap, "Kayles(%d)", i % 60);
    else snprintf(buf, cap, "Nim(%d, 4, 5)", i % 50);
}

/* The SG value in one query's JSON object ("sg":N). */
static long sg_of(const char *json)
{
    const char *p = strstr(json, "\"sg\":");
    return p ? strtol(p + 5, NULL, 10) : -1;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    gr_session *s = gr_session_new();
    if (!s) return 1;
    char buf[64];
    long sum = 0;
    double t0 = now_us();
    for (int i = 0; i < n; i++) {
        char *json = NULL;
        position(buf, sizeof buf, i);
        if (gr_query_json(s, buf, NULL, &json, NULL)) return 1;
        sum += sg_of(json);
        gr_free(json);
    }
    double per_call = (now_us() - t0) / n;
    size_t cap = (size_t)n * 32 + 1, len = 0;
    char *text = malloc(cap);
    if (!text) return 1;
    for (int i = 0; i < n; i++) {
        position(buf, sizeof buf, i);
        len += (size_t)snprintf(text + len, cap - len, "query %s;\n", buf);
    }
    char *out = NULL;
    t0 = now_us();
    if (gr_eval(s, text, NULL, &out)) return 1;
    double per_eval = (now_us() - t0) / n;
    printf("%.2f %.2f %ld\n", per_call, per_eval, sum);
    gr_free(out);
    free(text);
    gr_session_free(s);
    return 0;
}
