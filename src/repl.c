/* repl.c: the REPL's loop: reads items (GNU readline with history and completion on a terminal,
   plain lines without prompts otherwise), continues lines while an item is incomplete
   (gr_incomplete), runs them in the session (gr_exec), and turns Ctrl-C into an interrupt of the
   computation (gr_interrupt) rather than of the session. Three file-level variables exist because
   their callers carry no context: the SIGINT flag and the session a signal interrupts (a signal
   handler), and the REPL that readline's completion and signal hooks act on. */
#include "config.h"
#include "repl.h"
#include "repl_int.h"
#include "util.h"
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <unistd.h>

/* History lines kept in the history file. */
#define REPL_HISTORY_LINES 1000

static volatile sig_atomic_t repl_sigint;
static gr_session *volatile repl_session;
static Repl *repl_active;

static void on_sigint(int sig)
{
    (void)sig;
    repl_sigint = 1;
    gr_session *s = repl_session;
    if (s) gr_interrupt(s);   /* a computation stops at its next poll; none running: no effect */
}

static bool blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') return false;
    return true;
}

/* ---- input ---------------------------------------------------------------------------------- */

/* Ctrl-C at the prompt: drop the line being typed (readline reports the interrupted read here). */
static int on_signal_event(void)
{
    if (!repl_sigint) return 0;
    repl_sigint = 0;
    rl_replace_line("", 0);
    rl_crlf();
    rl_on_new_line();
    rl_redisplay();
    return 0;
}

static char *read_line(Repl *r, const char *prompt)
{
    if (r->readline) {
        char *line = readline(prompt);
        if (line && !blank(line)) {
            add_history(line);
            if (r->histfile) append_history(1, r->histfile);
        }
        return line;
    }
    char *line = NULL;
    size_t cap = 0;
    for (;;) {
        errno = 0;
        ssize_t n = getline(&line, &cap, stdin);
        if (n >= 0) {
            if (n > 0 && line[n - 1] == '\n') line[--n] = 0;
            return line;
        }
        if (errno == EINTR && repl_sigint) {   /* Ctrl-C while waiting: nothing to stop */
            repl_sigint = 0;
            clearerr(stdin);
            continue;
        }
        util_free_libc(line);   /* getline's */
        return NULL;
    }
}

/* ---- completion ------------------------------------------------------------------------------ */

static const char *const keywords[] = {
    "game", "move", "when", "let", "canon", "def", "const", "query", "explain", "table", "expect", "claim", "period", "print",
    "genus", "quotient", "thermograph", "draw", "depth", "for", "in", "is", "if", "then", "else", "and", "or", "not", "true", "false", "digraph",
    "graph", "ground", NULL
};

static char *gen_command(const char *text, int state)
{
    size_t *at = &repl_active->gen_at;
    if (!state) *at = 0;
    size_t n = strlen(text);
    while (repl_commands[*at]) {
        const char *c = repl_commands[(*at)++];
        if (!strncmp(c, text, n)) return util_strdup_libc(c);   /* readline frees it */
    }
    return NULL;
}

/* keywords, then the session's names (the standard library's, built-ins, definitions), each once */
static char *gen_name(const char *text, int state)
{
    size_t *at = &repl_active->gen_at;
    if (!state) *at = 0;
    size_t n = strlen(text), nk = sizeof keywords / sizeof *keywords - 1;
    gr_session *s = repl_active->s;
    size_t nn = gr_session_name_count(s);
    while (*at < nk + nn) {
        size_t i = (*at)++;
        const char *name = i < nk ? keywords[i] : gr_session_name(s, i - nk);
        if (!name || strncmp(name, text, n) || strchr(name, '.')) continue;
        bool dup = false;   /* a name met before (a definition shadowing the library's) is one name */
        for (size_t j = nk; j < i && !dup; j++) {
            const char *earlier = gr_session_name(s, j - nk);
            dup = earlier && !strcmp(earlier, name);
        }
        if (!dup) return util_strdup_libc(name);   /* readline frees it */
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    const char *line = rl_line_buffer;
    while (*line == ' ') line++;
    if (!strncmp(line, ":load ", 6)) return NULL;   /* file names */
    rl_attempted_completion_over = 1;
    if (start == (int)(line - rl_line_buffer) && text[0] == ':') return rl_completion_matches(text, gen_command);
    char **m = rl_completion_matches(text, gen_name);
    /* a keyword is followed by a space; a name is not (its '(' or operator comes next) */
    bool keyword = false;
    for (size_t i = 0; m && m[0] && !m[1] && keywords[i]; i++) keyword |= !strcmp(m[0], keywords[i]);
    if (m && m[0] && !m[1] && !keyword) rl_completion_append_character = '\0';
    return m;
}

/* ---- progress -------------------------------------------------------------------------------- */

/* The progress line on the error stream (a terminal): the time so far, what the computation
   counts and its rate; erased when the computation ends (elapsed < 0). */
static void show_progress(void *ctx, double elapsed, unsigned long long count, const char *what)
{
    FILE *err = ctx;
    if (elapsed < 0) fputs("\r\033[K", err);
    else fprintf(err, "\r\033[K  ... %.0f s, %llu %s (%.0f/s); Ctrl-C stops", elapsed, count, what, (double)count / elapsed);
    fflush(err);
}

/* A word a person types meaning a command. */
static const char *as_command(const char *line)
{
    static const char *const words[][2] = { { "help", ":help" }, { "quit", ":quit" }, { "exit", ":quit" } };
    while (*line == ' ' || *line == '\t') line++;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i][0]);
        if (!strncmp(line, words[i][0], n) && blank(line + n)) return words[i][1];
    }
    return NULL;
}

static void history_open(Repl *r)
{
    char *path = r->histpath;
    size_t cap = sizeof r->histpath;
    const char *env = getenv("GRUNDY_HISTORY"), *home = getenv("HOME");
    if (env && !*env) return;   /* GRUNDY_HISTORY= : no history file */
    if (env) snprintf(path, cap, "%s", env);
    else if (home && *home) snprintf(path, cap, "%s/.grundy_history", home);
    else return;
    r->histfile = path;
    using_history();
    stifle_history(REPL_HISTORY_LINES);
    read_history(path);
    FILE *f = fopen(path, "a");   /* create it, so that appending works */
    if (f) fclose(f);
    else r->histfile = NULL;
}

int repl_one_command(gr_session *s, const char *cmd, FILE *out, FILE *err, gr_write_fn *write, void *io,
                     const bool *failed)
{
    Repl r = { .s = s, .out = out, .err = err, .write = write, .io = io, .failed = failed, .sigint = &repl_sigint };
    const char *form = gr_session_get(s, "output");
    r.json = form && !strcmp(form, "json");
    r.read = read_line;
    while (*cmd == ' ' || *cmd == '\t' || *cmd == '\n') cmd++;
    size_t n = strlen(cmd);
    while (n && (cmd[n - 1] == '\n' || cmd[n - 1] == ' ' || cmd[n - 1] == ';')) n--;
    char *line = xmalloc(n + 1);
    memcpy(line, cmd, n);
    line[n] = 0;
    gr_session_messages(s, write, io);
    int last = 0;
    repl_command(&r, line, &last);
    gr_session_messages(s, NULL, NULL);
    fflush(out);
    xfree(line);
    if (r.cmd_status > last) last = r.cmd_status;
    return last;
}

int repl_run(gr_session *s, const char *const *files, size_t nfiles, bool use_readline, FILE *out, FILE *err,
             gr_write_fn *write, void *io, const bool *failed)
{
    Repl r = { .s = s, .out = out, .err = err, .write = write, .io = io, .failed = failed, .sigint = &repl_sigint };
    repl_active = &r;
    r.readline = use_readline && isatty(0) && isatty(1);
    const char *form = gr_session_get(s, "output");
    r.json = form && !strcmp(form, "json");
    for (size_t i = 0; i < nfiles; i++)
        if (strcmp(files[i], "-")) VEC_PUSH(r.files, r.nfiles, r.capfiles, xstrdup(files[i]));
    r.read = read_line;
    gr_session_messages(s, write, io);   /* the errors of commands' positions, with their carets */
    if (isatty(2)) gr_session_progress(s, show_progress, err);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    repl_session = s;
    sigaction(SIGINT, &sa, &old);   /* no SA_RESTART: a read waiting for input returns */
    if (r.readline) {
        rl_catch_signals = 0;
        rl_signal_event_hook = on_signal_event;
        rl_attempted_completion_function = complete;
        rl_readline_name = "grundy";
        history_open(&r);
        fprintf(out, "grundy %s -- :help for help, :quit to leave\n", gr_version());
    }
    StrBuf input;
    sb_init(&input);
    int last = 0;
    for (;;) {
        char *line = read_line(&r, input.len ? "   ...> " : "grundy> ");
        if (!line) break;
        /* a command (":name") ends an item left open: report it as it is (": L;" goes on a graph's edges) */
        if (input.len && line[0] == ':' && isalpha((unsigned char)line[1])) {
            char name[32];
            last = repl_eval(&r, repl_next_name(&r, name, sizeof name), input.s, input.len);
            sb_fini(&input);
        }
        repl_sigint = 0;   /* a Ctrl-C before this line stopped what ran then */
        const char *word = input.len ? NULL : as_command(line);
        const char *cmd = word ? word : line;
        while (!input.len && (*cmd == ' ' || *cmd == '\t')) cmd++;
        if (!input.len && cmd[0] == ':') {
            bool quit = repl_command(&r, cmd, &last);
            util_free_libc(line);   /* readline's or getline's */
            if (quit) break;
            continue;
        }
        sb_puts(&input, line);
        sb_putc(&input, '\n');
        bool ended = blank(line);
        util_free_libc(line);
        if (blank(input.s)) {
            sb_fini(&input);
            continue;
        }
        /* an item cut short waits for more lines (a blank line ends the wait) */
        if (!ended && gr_incomplete(input.s, input.len)) continue;
        char name[32];
        repl_next_name(&r, name, sizeof name);
        double t0 = repl_now();
        last = repl_end_item(&r, gr_exec(s, input.s, name, write, io), t0);
        sb_fini(&input);
        if (*failed) {   /* nobody reads the answers any more */
            last = 2;
            break;
        }
    }
    if (input.len) {
        fprintf(err, "grundy: warning: the input ended inside an item; it was not run:\n%s", input.s);
        last = 3;
    }
    sb_fini(&input);
    if (r.readline) {
        fputc('\n', out);
        if (r.histfile) history_truncate_file(r.histfile, REPL_HISTORY_LINES);
    }
    sigaction(SIGINT, &old, NULL);
    repl_session = NULL;
    gr_session_progress(s, NULL, NULL);
    gr_session_messages(s, NULL, NULL);
    for (size_t i = 0; i < r.nfiles; i++) xfree(r.files[i]);
    xfree(r.files);
    repl_active = NULL;
    return last == 130 ? 0 : last;
}
