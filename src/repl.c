/* repl.c: the REPL: reads items with readline, continues lines while the input is incomplete. */
#include "config.h"
#include "driver.h"
#include "run.h"
#include "solve/solve.h"
#include "repl.h"
#include "pos.h"
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <unistd.h>

static const char help_text[] =
    "Type statements or a bare position to query it, for example:\n"
    "  Nim(3, 4, 5)\n"
    "  game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }\n"
    "  table Sub(0..20)\n"
    "  period Sub(n) for n\n"
    "  claim sg(Sub(n)) == [0, 1, 0, 1, 2, 3, 2][n % 7] for n in 0..100\n"
    "  expect winning_move(Nim(3, 6, 9), 0) == Nim(3, 6, 5)\n"
    "Each answer names the strategy used (closed:..., sequence:..., period:..., table, memo).\n"
    "Commands: :help  :json (toggle JSON output)  :states (positions stored)  :quit\n";

static bool blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\n') return false;
    return true;
}

/* Load text as one REPL unit with its diagnostics collected in *msgs (malloc'd). */
static int try_load(Program *p, const char *text, size_t len, int unit, char **msgs, bool *incomplete)
{
    size_t bufsz = 0;
    FILE *mem = open_memstream(msgs, &bufsz);
    FILE *saved = p->diag.out;
    p->diag.out = mem;
    p->diag.errors = 0;
    p->diag.suppressed = false;
    char name[32];
    snprintf(name, sizeof name, "<repl %d>", unit + 1);
    int errors = drv_load(p, name, text, len, incomplete);
    fclose(mem);
    p->diag.out = saved;
    return errors;
}

int repl_run(Program *p)
{
    StrBuf input;
    sb_init(&input);
    int unit = 0;
    int last = EXIT_OK;
    bool tty = isatty(0);
    p->redefine = true;   /* a definition typed again replaces the earlier one */
    if (tty) fputs("grundy " PACKAGE_VERSION " -- :help for help, :quit to leave\n", p->out);
    for (;;) {
        char *line = readline(input.len ? "   ...> " : "grundy> ");
        if (!line) break;
        if (!input.len && line[0] == ':') {
            if (!strcmp(line, ":quit") || !strcmp(line, ":q")) { free(line); break; }
            if (!strcmp(line, ":help")) fputs(help_text, p->out);
            else if (!strcmp(line, ":json")) { p->json = !p->json; fprintf(p->out, "json output %s\n", p->json ? "on" : "off"); }
            else if (!strcmp(line, ":states")) fprintf(p->out, "%zu positions stored\n", p->solver->store->n);
            else fprintf(p->out, "unknown command %s (try :help)\n", line);
            free(line);
            continue;
        }
        if (tty && !blank(line)) add_history(line);
        sb_puts(&input, line);
        sb_putc(&input, '\n');
        bool ended = blank(line);
        free(line);
        if (blank(input.s)) { sb_fini(&input); continue; }
        /* an item cut short waits for more lines (a blank line ends the wait) */
        char *buf = NULL;
        bool incomplete = false;
        int errors = try_load(p, input.s, input.len, unit, &buf, &incomplete);
        if (errors && incomplete && !ended) {
            free(buf);
            continue;
        }
        unit++;
        if (buf) fputs(buf, p->diag.out);
        free(buf);
        sb_fini(&input);
        if (errors) { last = EXIT_COMPILE; continue; }
        p->failed = 0;
        last = run_pending(p);
    }
    sb_fini(&input);
    if (tty) fputc('\n', p->out);
    return last;
}
