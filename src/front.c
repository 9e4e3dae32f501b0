/* front.c: option parsing and the order of work: stdlib, files, -e texts, then run or REPL. */
#include "config.h"
#include "grundy.h"
#include "session/session.h"
#include "front.h"
#include "program.h"
#include "options.h"
#include "repl.h"
#include "util.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


static const char usage_text[] =
    "Usage: grundy [OPTION]... [FILE]...\n"
    "Solve impartial combinatorial games written in the .game language.\n"
    "\n"
    "Runs the statements of each FILE in order (- reads standard input), then each -e TEXT.\n"
    "With no FILE and no -e, starts the interactive REPL on a terminal, else reads standard input.\n"
    "\n"
    "  -e, --eval TEXT         run TEXT (statements, definitions, or a bare position to query);\n"
    "                          may be repeated\n"
    "  -i, --interactive       start the REPL after loading the files\n"
    "      --no-readline       REPL: plain lines, no prompts or line editing (as when piped)\n"
    "      --json              print one JSON object per statement\n"
    "      --max-states N      stop when the solver would store more than N positions\n"
    "                          (default 50000000)\n"
    "      --max-instances N   stop a claim or table after N instances (default 100000000)\n"
    "      --max-steps N       stop a statement after N steps: loop steps, calls, new positions\n"
    "                          and native work (default 10000000000); a period without a range\n"
    "                          answers with what it found at this budget\n"
    "      --max-memory SIZE   stop when the run's memory (positions, tables, values)\n"
    "                          passes SIZE (bytes, or with K, M, G, T; default: half\n"
    "                          the physical memory)\n"
    "      --timeout SECONDS   stop when the run has taken SECONDS (the REPL: each input)\n"
    "  -j, --jobs N            worker processes for the instances of a claim, a table or a\n"
    "                          period (1: none); the output is the same. By default one per\n"
    "                          idle processor, and only while they pay for themselves\n"
    "      --jobs-after SECONDS  a statement runs alone this long before it splits (default 0.1\n"
    "                          with --jobs N, 0.5 without)\n"
    "      --dot FILE          draw statements write their Graphviz graph to FILE\n"
    "      --plot FILE         a table over two ranges also writes an SVG heat map to FILE\n"
    "      --dump-ir           print the compiled bytecode of the user's definitions\n"
    "      --strategy NAME     solve with this strategy only (tokens, closed, sequence,\n"
    "                          table, memo, retrograde, interval, negamax); for\n"
    "                          testing\n"
    "  -h, --help              show this help and exit\n"
    "  -V, --version           show the version and exit\n"
    "\n"
    "Examples:\n"
    "  grundy -e 'Nim(3, 4, 5)'                 outcome, SG value and winning moves\n"
    "  grundy --json -e 'Wythoff(3, 5)'         the same as JSON\n"
    "  grundy -e 'table Subtract(0..20, {1, 3, 4})'\n"
    "  grundy examples/tour.game\n"
    "\n"
    "Exit status (docs/reference.md):\n"
    "  0         success\n"
    "  1         an expect or claim failed\n"
    "  2         usage or input/output error: an unknown option or a bad option value, a file\n"
    "            that cannot be read, output that cannot be written\n"
    "  3         an error in the program: syntax, unknown names, arity, types, or an evaluation\n"
    "            error (division by zero, an index out of range, an unknown vertex, a file the\n"
    "            program reads that cannot be read, a partizan game with a cycle)\n"
    "  4         a resource limit was reached: --max-states, --max-instances, --max-steps,\n"
    "            --max-memory, --timeout, the recursion depth, scratch memory, an integer beyond\n"
    "            2^22 bits; the message names the limit, the game being solved and how to raise it\n"
    "  130, 143  stopped by SIGINT (Ctrl-C) or SIGTERM; one line on standard error names the\n"
    "            statement that was running\n";

typedef struct Opts {
    const char **files; size_t nfiles, capfiles;
    const char **evals; size_t nevals, capevals;
    bool json, interactive, dump_ir, no_readline;
    const char *dot, *plot;
    const char *strategy;
    uint64_t max_states, max_instances, max_steps, max_memory;
    double timeout;
    uint64_t jobs;
    double jobs_after;      /* < 0: not given */
} Opts;

static int usage_error(FILE *err, const char *what, const char *arg)
{
    fprintf(err, "grundy: error: %s '%s'", what, arg);
    fputs("\nTry 'grundy --help' for more information.\n", err);
    return EXIT_USAGE;
}

static int parse_args(int argc, char **argv, Opts *o, FILE *out, FILE *err, bool *done)
{
    bool no_more = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (no_more || a[0] != '-' || !strcmp(a, "-")) {
            VEC_PUSH(o->files, o->nfiles, o->capfiles, a);
            continue;
        }
        const char *val = NULL;
        char name[64];
        snprintf(name, sizeof name, "%s", a);
        char *eq = strchr(name, '=');
        if (!strncmp(a, "--", 2) && eq) {
            *eq = 0;
            val = strchr(a, '=') + 1;
        }
        bool needs = !strcmp(name, "-e") || !strcmp(name, "--eval") || !strcmp(name, "--max-states") ||
                     !strcmp(name, "--max-instances") || !strcmp(name, "--strategy") ||
                     !strcmp(name, "--max-steps") || !strcmp(name, "--max-memory") || !strcmp(name, "--timeout") ||
                     !strcmp(name, "--dot") || !strcmp(name, "--plot") || !strcmp(name, "-j") ||
                     !strcmp(name, "--jobs") || !strcmp(name, "--jobs-after");
        if (needs && !val) {
            if (i + 1 >= argc) return usage_error(err, "missing argument for option", name);
            val = argv[++i];
        } else if (!needs && val) {
            return usage_error(err, "no argument allowed for option", name);
        }
        if (!strcmp(name, "--")) no_more = true;
        else if (!strcmp(name, "-h") || !strcmp(name, "--help")) { fputs(usage_text, out); *done = true; return 0; }
        else if (!strcmp(name, "-V") || !strcmp(name, "--version")) {
            fprintf(out, "grundy %s\n", PACKAGE_VERSION);
            *done = true;
            return 0;
        }
        else if (!strcmp(name, "-e") || !strcmp(name, "--eval")) VEC_PUSH(o->evals, o->nevals, o->capevals, val);
        else if (!strcmp(name, "-i") || !strcmp(name, "--interactive")) o->interactive = true;
        else if (!strcmp(name, "--json")) o->json = true;
        else if (!strcmp(name, "--no-readline")) o->no_readline = true;
        else if (!strcmp(name, "--dot")) {
            if (!*val) return usage_error(err, "--dot needs a file name, not", val);
            o->dot = val;
        }
        else if (!strcmp(name, "--plot")) {
            size_t n = strlen(val);
            if (n < 4 || strcmp(val + n - 4, ".svg"))
                return usage_error(err, "--plot writes an SVG file (FILE.svg; rsvg-convert or a browser makes a PNG of it), not",
                                   val);
            o->plot = val;
        }
        else if (!strcmp(name, "--dump-ir")) o->dump_ir = true;
        else if (!strcmp(name, "--strategy")) {
            char names[200];
            if (!opt_strategy_known(val, names, sizeof names)) {
                char what[240];
                snprintf(what, sizeof what, "unknown strategy (%s):", names);
                return usage_error(err, what, val);
            }
            o->strategy = val;
        }
        else if (!strcmp(name, "--max-states")) {
            if (!opt_count(val, &o->max_states)) return usage_error(err, "--max-states needs a positive integer, not", val);
        } else if (!strcmp(name, "--max-instances")) {
            if (!opt_count(val, &o->max_instances))
                return usage_error(err, "--max-instances needs a positive integer, not", val);
        } else if (!strcmp(name, "--max-steps")) {
            if (!opt_count(val, &o->max_steps)) return usage_error(err, "--max-steps needs a positive integer, not", val);
        } else if (!strcmp(name, "--max-memory")) {
            if (!opt_size(val, &o->max_memory))
                return usage_error(err, "--max-memory needs a size (bytes, or with K, M, G or T: 512M, 4G), not", val);
        } else if (!strcmp(name, "--timeout")) {
            if (!opt_seconds(val, &o->timeout))
                return usage_error(err, "--timeout needs a positive number of seconds, not", val);
        } else if (!strcmp(name, "-j") || !strcmp(name, "--jobs")) {
            if (!opt_count(val, &o->jobs) || o->jobs > 256)
                return usage_error(err, "--jobs needs a number of processes from 1 to 256, not", val);
        } else if (!strcmp(name, "--jobs-after")) {
            char *end;
            errno = 0;
            o->jobs_after = strtod(val, &end);
            if (errno || end == val || *end || !(o->jobs_after >= 0) || o->jobs_after > 1e9)
                return usage_error(err, "--jobs-after needs a number of seconds (0 or more), not", val);
        } else {
            return usage_error(err, "unknown option", name);
        }
    }
    return 0;
}


/* The batch run's signal flag: SIGINT or SIGTERM, set by the handler only (a signal handler
   has no context to write to; the REPL has its own). */
static ProgFlag front_signal;

static volatile sig_atomic_t front_signal_at;   /* when the first came (seconds, monotonic) */

/* The first signal asks the run to stop; one more, at least half a second later, ends the
   process at once. Sooner it is the same request twice: timeout(1) signals the process and then
   its process group. (clock_gettime, signal and raise are async-signal-safe.) */
static gr_session *front_session;

static void on_signal(int sig)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if (!front_signal) {
        front_signal = sig;
        if (front_session) gr_interrupt(front_session);
        front_signal_at = (sig_atomic_t)ts.tv_sec * 2 + (ts.tv_nsec >= 500000000);
        return;
    }
    if ((sig_atomic_t)ts.tv_sec * 2 + (ts.tv_nsec >= 500000000) > front_signal_at + 1) {
        signal(sig, SIG_DFL);
        raise(sig);
    }
}

/* SIGINT and SIGTERM stop the computation at its next poll; a second one ends the process at
   once (see on_signal). A signal the caller ignores (a background job) stays ignored. */
static void catch_signals(void)
{
    static const int sigs[] = { SIGINT, SIGTERM };
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = 0;
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], &sa, &old) == 0 && old.sa_handler == SIG_IGN) sigaction(sigs[i], &old, NULL);
    }
}

/* One line for a run a signal stopped: the signal, the statement running; the status 128 + the
   signal's number (the shells' convention). */
static int report_signal(gr_session *s, FILE *out, FILE *err)
{
    int sig = front_signal;
    const char *at = gr_stopped_at(s);
    fflush(out);
    fprintf(err, "grundy: interrupted by %s%s%s\n", sig == SIGTERM ? "SIGTERM" : "SIGINT", at ? " while running " : "",
            at ? at : "");
    return 128 + sig;
}

/* The progress line on a terminal's standard error (the REPL's has a tail: "; Ctrl-C stops"). */
static void cli_progress(void *ctx, double elapsed, unsigned long long count, const char *what)
{
    FILE *err = ctx;
    if (elapsed < 0) fputs("\r\033[K", err);
    else fprintf(err, "\r\033[K  ... %.0f s, %llu %s (%.0f/s)", elapsed, count, what, (double)count / elapsed);
    fflush(err);
}

/* Where the session's two streams go: the command line's standard output and error. A write
   that fails is remembered (the run stops; the message is the session's). */
typedef struct Io { FILE *out, *err; bool failed; } Io;

static int cli_write(void *ctx, int stream, const char *data, size_t n)
{
    Io *io = ctx;
    FILE *f = stream == 1 ? io->out : io->err;
    if (fwrite(data, 1, n, f) == n && fflush(f) == 0) return 0;
    if (stream == 1) io->failed = true;
    return -1;
}

/* Out of memory where no statement can stop instead: the message, and exit 4. */
static void cli_oom(void *ctx, size_t bytes, const char *msg)
{
    (void)bytes;
    fprintf(ctx, "grundy: fatal: %s\n", msg);
    exit(EXIT_LIMIT);
}

/* The options as the session's (parse_args has checked every value). */
static void set_options(gr_session *s, const Opts *o)
{
    char v[64];
    if (o->json) gr_session_set(s, "output", "json");
    if (o->strategy) gr_session_set(s, "strategy", o->strategy);
    if (o->dot) gr_session_set(s, "dot", o->dot);
    if (o->plot) gr_session_set(s, "plot", o->plot);
    const struct { const char *name; uint64_t v; } counts[] = {
        { "max-states", o->max_states }, { "max-instances", o->max_instances }, { "max-steps", o->max_steps },
        { "max-memory", o->max_memory }, { "jobs", o->jobs },
    };
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
        if (!counts[i].v) continue;
        snprintf(v, sizeof v, "%llu", (unsigned long long)counts[i].v);
        gr_session_set(s, counts[i].name, v);
    }
    if (!o->jobs) gr_session_set(s, "jobs", "auto");   /* the command line: one per processor */
    if (o->jobs_after >= 0) {
        snprintf(v, sizeof v, "%.17g", o->jobs_after);
        gr_session_set(s, "jobs-after", v);
    }
    if (o->timeout > 0) session_run_timeout(s, o->timeout);   /* one deadline for the whole run */
}

int front_main(int argc, char **argv, FILE *out, FILE *err)
{
    Opts o;
    memset(&o, 0, sizeof o);
    o.jobs_after = -1;
    bool done = false;
    UtilOom oom0 = util_set_oom((UtilOom){ cli_oom, err });   /* the command line's own allocations */
    int st = parse_args(argc, argv, &o, out, err, &done);
    if (st || done) {
        xfree(o.files);
        xfree(o.evals);
        util_set_oom(oom0);
        return st;
    }
    gr_session *s = gr_session_new();
    if (!s) {
        fputs("grundy: fatal: out of memory\n", err);
        util_set_oom(oom0);
        return EXIT_LIMIT;
    }
    set_options(s, &o);
    Io io = { out, err, false };
    int status = EXIT_OK;
    /* --no-readline is the REPL's option: with it, lines piped in are a REPL session */
    bool repl = o.interactive || o.no_readline || (o.nfiles == 0 && o.nevals == 0 && isatty(0));
    /* a long statement shows its progress on a terminal */
    if (isatty(2)) gr_session_progress(s, cli_progress, err);
    if (!repl) {
        front_signal = 0;
        front_session = s;
        catch_signals();
    }
    if (o.nfiles == 0 && o.nevals == 0 && !repl) VEC_PUSH(o.files, o.nfiles, o.capfiles, "-");
    /* standard input is the program's data (read_ints("-")) unless the REPL or the program reads it */
    bool stdin_taken = repl;
    for (size_t i = 0; i < o.nfiles; i++) stdin_taken |= !strcmp(o.files[i], "-");
    if (stdin_taken) gr_session_set_input(s, NULL, 0);
    /* the files compiled first, as one program; then their statements run */
    session_as_file(s, true);
    int loaded = EXIT_OK;
    for (size_t i = 0; i < o.nfiles && !front_signal; i++) {
        size_t len;
        char *text = util_read_file(o.files[i], &len);
        if (!text) {
            int e = errno;
            if (strcmp(o.files[i], "-")) fprintf(err, "grundy: error: cannot read '%s': %s\n", o.files[i], strerror(e));
            else fprintf(err, "grundy: error: cannot read the standard input: %s\n", strerror(e));
            status = EXIT_USAGE;
            goto out;
        }
        int ld = gr_load(s, text, len, strcmp(o.files[i], "-") ? o.files[i] : "<stdin>", cli_write, &io);
        xfree(text);
        if (ld) loaded = ld;
        if (session_too_many_errors(s)) break;   /* "too many errors": the other files are not read */
    }
    if (loaded) {
        status = loaded;
        goto out;
    }
    /* the files' statements, then each -e text in turn, compiled and run (a text may replace what
       came before it; the statements before it still see the old definitions) */
    session_as_file(s, false);
    if (!o.dump_ir && !front_signal) status = gr_run(s, cli_write, &io);
    for (size_t i = 0; i < o.nevals && status < EXIT_COMPILE && !io.failed && !front_signal; i++) {
        char name[32];
        if (o.nevals > 1) snprintf(name, sizeof name, "<eval %zu>", i + 1);
        else snprintf(name, sizeof name, "<eval>");
        const char *t = o.evals[i];
        while (*t == ' ' || *t == '\t' || *t == '\n') t++;
        if (*t == ':') {   /* a REPL command: -e ':moves Nim(3, 4)' */
            if (!o.dump_ir && !front_signal) {
                int ran = repl_one_command(s, t, out, err, cli_write, &io, &io.failed);
                if (ran > status) status = ran;
            }
            continue;
        }
        int ld = gr_load(s, o.evals[i], strlen(o.evals[i]), name, cli_write, &io);
        if (ld) {
            status = ld;
            goto out;
        }
        if (!o.dump_ir && !front_signal) {   /* a signal while the text compiled: it does not run */
            int ran = gr_run(s, cli_write, &io);
            if (ran > status) status = ran;
        }
    }
    if (o.dump_ir && !front_signal) {
        status = gr_dump_ir(s, cli_write, &io);
        if (!status && !io.failed) status = gr_run(s, cli_write, &io);
    }
    if (repl && status != EXIT_LIMIT && !io.failed) {
        if (o.timeout > 0) {   /* --timeout: in the REPL each item has its own */
            char v[40];
            snprintf(v, sizeof v, "%.17g", o.timeout);
            session_run_timeout(s, 0);
            gr_session_set(s, "timeout", v);
        }
        status = repl_run(s, o.files, o.nfiles, !o.no_readline, out, err, cli_write, &io, &io.failed);
    }
out:
    if (io.failed || fflush(out) || ferror(out)) {   /* the output is incomplete: that matters most */
        if (!io.failed) fprintf(err, "grundy: error: cannot write the output: %s\n", strerror(errno));
        status = EXIT_USAGE;
    } else if (!repl && front_signal) {
        status = report_signal(s, out, err);
    }
    front_session = NULL;   /* a late signal finds no session to stop */
    gr_session_free(s);
    util_set_oom(oom0);
    xfree(o.files);
    xfree(o.evals);
    return status;
}
