/* repl.c: the REPL's loop: reads items (GNU readline with history and completion on a terminal,
   plain lines without prompts otherwise), continues lines while an item is incomplete, runs
   them, and turns Ctrl-C into an interrupt of the computation rather than of the session.
   Two file-level variables exist because their callers carry no context: the SIGINT flag (a
   signal handler) and the session that readline's completion and signal hooks act on. */
#include "config.h"
#include "driver.h"
#include "run.h"
#include "solve/solve.h"
#include "repl.h"
#include "repl_int.h"
#include "pos.h"
#include "util.h"
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

static ProgFlag repl_sigint;
static Repl *repl_active;

static void on_sigint(int sig)
{
    (void)sig;
    repl_sigint = 1;
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
    "game", "move", "when", "let", "canon", "def", "const", "query", "table", "expect", "claim", "period", "print",
    "genus", "draw", "depth", "for", "in", "is", "if", "then", "else", "and", "or", "not", "true", "false", "digraph",
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

/* keywords, then the program's names (games, defs, constants, builtins) */
static char *gen_name(const char *text, int state)
{
    size_t *at = &repl_active->gen_at;
    if (!state) *at = 0;
    size_t n = strlen(text), nk = sizeof keywords / sizeof *keywords - 1;
    Program *p = repl_active->p;
    size_t nl = p->code.nlib;   /* the library's names, loaded or not, then the symbols */
    while (*at < nk + nl + p->code.nsyms) {
        size_t i = (*at)++;
        const char *name = i < nk ? keywords[i] : i < nk + nl ? p->code.lib[i - nk].name : p->code.syms[i - nk - nl].name;
        if (!name || strncmp(name, text, n) || strchr(name, '.')) continue;
        bool dup = i >= nk + nl && prog_lib_find(p, name);   /* a shadowed name is one name */
        for (size_t j = nk + nl; j < i && !dup; j++) dup = !strcmp(p->code.syms[j - nk - nl].name, name);
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
    return rl_completion_matches(text, gen_name);
}

/* ---- progress -------------------------------------------------------------------------------- */

static void show_progress(Program *p, double elapsed, void *ctx)
{
    (void)ctx;
    repl_progress_line(p, elapsed, "; Ctrl-C stops");
}

/* Load text as the next REPL unit with its diagnostics and JSON errors held in *msgs and *json
   (malloc'd; an item cut short waits for more lines and is not reported): its errors (0: it
   loaded and its statements are pending), and whether it ended early. */
static int try_load(Repl *r, const char *text, size_t len, char **msgs, char **json, bool *incomplete)
{
    Program *p = r->p;
    size_t msz = 0, jsz = 0;
    FILE *mem = open_memstream(msgs, &msz), *jmem = NULL;
    FILE *saved = p->diag.out, *savedj = p->diag.json;
    p->diag.out = mem;
    if (savedj) p->diag.json = jmem = open_memstream(json, &jsz);
    char name[32];
    snprintf(name, sizeof name, "<repl %d>", r->unit + 1);
    int errors = drv_load(p, name, text, len, incomplete);
    fclose(mem);
    if (jmem) fclose(jmem);
    p->diag.out = saved;
    p->diag.json = savedj;
    return errors;
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

int repl_run(Program *p, const char *const *files, size_t nfiles, bool use_readline)
{
    Repl r = { .p = p };
    repl_active = &r;
    r.readline = use_readline && isatty(0) && isatty(1);
    for (size_t i = 0; i < nfiles; i++)
        if (strcmp(files[i], "-")) VEC_PUSH(r.files, r.nfiles, r.capfiles, xstrdup(files[i]));
    p->opt.redefine = true;   /* a definition typed again replaces the earlier one */
    p->opt.bare_print = true;
    ProgFlag *batch_flag = p->run.interrupt;
    p->run.interrupt = &repl_sigint;
    r.read = read_line;
    if (isatty(2)) {
        p->run.progress = show_progress;
        p->run.progress_ctx = &r;
    }
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);   /* no SA_RESTART: a read waiting for input returns */
    if (r.readline) {
        rl_catch_signals = 0;
        rl_signal_event_hook = on_signal_event;
        rl_attempted_completion_function = complete;
        rl_readline_name = "grundy";
        history_open(&r);
        fputs("grundy " PACKAGE_VERSION " -- :help for help, :quit to leave\n", p->run.out);
    }
    StrBuf input;
    sb_init(&input);
    int last = EXIT_OK;
    for (;;) {
        char *line = read_line(&r, input.len ? "   ...> " : "grundy> ");
        if (!line) break;
        if (input.len && line[0] == ':') {   /* a command ends an item left open: report it as it is */
            char name[32];
            snprintf(name, sizeof name, "<repl %d>", ++r.unit);
            last = repl_eval(&r, name, input.s, input.len);
            sb_fini(&input);
        }
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
        char *msgs = NULL, *json = NULL;
        bool incomplete = false;
        double t0 = repl_begin_item(&r);
        int errors = try_load(&r, input.s, input.len, &msgs, &json, &incomplete);
        if (!(errors && incomplete && !ended)) {   /* complete (or ended by a blank line): report and run */
            r.unit++;
            if (msgs) fputs(msgs, p->diag.out);
            if (json) fputs(json, p->run.out);
            if (errors) {
                last = repl_end_item(&r, repl_load_status(p), t0);
            } else {
                p->run.failed = 0;
                last = repl_end_item(&r, run_pending(p), t0);
            }
        }
        util_free_libc(msgs);   /* the memory streams' */
        util_free_libc(json);
        if (errors && incomplete && !ended) continue;
        sb_fini(&input);
        if (!prog_out_ok(p)) {   /* nobody reads the answers any more */
            last = EXIT_USAGE;
            break;
        }
    }
    if (input.len) {
        fprintf(stderr, "grundy: warning: the input ended inside an item; it was not run:\n%s", input.s);
        last = EXIT_COMPILE;
    }
    sb_fini(&input);
    if (r.readline) {
        fputc('\n', p->run.out);
        if (r.histfile) history_truncate_file(r.histfile, REPL_HISTORY_LINES);
    }
    sigaction(SIGINT, &old, NULL);
    p->run.interrupt = batch_flag;
    p->run.progress = NULL;
    for (size_t i = 0; i < r.nfiles; i++) xfree(r.files[i]);
    xfree(r.files);
    repl_active = NULL;
    return last == EXIT_INTERRUPT ? EXIT_OK : last;
}
