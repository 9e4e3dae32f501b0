/* client.c: a complete client of libgrundy, the C API of Grundy (docs/api.md). It evaluates the
   files and texts given, in one session, and prints the JSON lines of each, then a summary of
   each query read back from its line: the position, its outcome and its winning moves.

       cc $(pkg-config --cflags grundy) client.c $(pkg-config --libs grundy) -o client
       ./client -e 'query Nim(3, 4, 5);' --max-steps 1000000 game.game

   Options (before the file or text they apply to): --max-states N, --max-steps N, --max-memory
   SIZE, --timeout SECONDS, --strategy NAME. Ctrl-C interrupts the running evaluation (the session
   stays usable). Exit status: the largest status of the evaluations. */
#define _POSIX_C_SOURCE 200809L   /* strdup, strndup */
#include <grundy.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gr_session *session;   /* for the signal handler: gr_interrupt is async-signal-safe */

static void on_sigint(int sig)
{
    (void)sig;
    gr_interrupt(session);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (buf) buf[len] = 0;
    return buf;
}

/* A JSON string field's value, copied into out (the lines are grundy's: no need for a parser to
   pick a simple field out). */
static const char *field(const char *line, const char *name, char *out, size_t cap)
{
    char key[64];
    snprintf(key, sizeof key, "\"%s\":\"", name);
    const char *p = strstr(line, key);
    out[0] = 0;
    if (!p) return out;
    p += strlen(key);
    size_t k = 0;
    while (*p && *p != '"' && k + 1 < cap) {
        if (*p == '\\' && p[1]) p++;
        out[k++] = *p++;
    }
    out[k] = 0;
    return out;
}

/* Print the JSON lines, then a line of summary for each query. */
static void show(const char *json)
{
    fputs(json, stdout);
    for (const char *line = json; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char *l = strndup(line, n);
        char pos[512], outcome[8];
        if (strstr(l, "\"kind\":\"query\"")) {
            int wins = 0;
            const char *w = strstr(l, "\"winning\":[");
            if (w && w[11] != ']')
                for (wins = 1, w += 11; *w && *w != ']'; w++) wins += *w == ',' && w[1] == '"';
            printf("  -> %s is %s, %d winning position%s listed\n", field(l, "position", pos, sizeof pos),
                   field(l, "outcome", outcome, sizeof outcome), wins, wins == 1 ? "" : "s");
        }
        free(l);
        line += n + (end != NULL);
    }
}

int main(int argc, char **argv)
{
    printf("libgrundy %s\n", gr_version());
    session = gr_session_new();
    if (!session) {
        fputs("client: out of memory\n", stderr);
        return 4;
    }
    signal(SIGINT, on_sigint);
    int worst = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--", 2) && strcmp(a, "--") && i + 1 < argc) {   /* an option and its value */
            if (gr_session_set(session, a + 2, argv[i + 1])) {
                fprintf(stderr, "client: bad option %s %s\n", a, argv[i + 1]);
                worst = 2;
            }
            i++;
            continue;
        }
        char *text = !strcmp(a, "-e") && i + 1 < argc ? strdup(argv[++i]) : read_file(a);
        if (!text) {
            fprintf(stderr, "client: cannot read %s\n", a);
            worst = worst > 2 ? worst : 2;
            continue;
        }
        char *json = NULL;
        int st = gr_eval(session, text, strcmp(argv[i - 1], "-e") ? a : NULL, &json);
        show(json);
        printf("  (status %d)\n", st);
        if (st > worst) worst = st;
        gr_free(json);
        free(text);
    }
    gr_session_free(session);
    return worst;
}
