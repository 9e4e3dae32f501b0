/* repl_cmd.c: the REPL's commands: :help, :load, :reload, :list, :moves, :explain, :play, :draw,
   :time, :json, :limits, :states, :quit; each asks the session through the public API and prints
   what it hands back. */
#include "config.h"
#include "repl_int.h"
#include "util.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *const repl_commands[] = {
    ":help", ":load", ":reload", ":list", ":moves", ":explain", ":play", ":draw", ":time", ":json", ":limits",
    ":states", ":quit", NULL
};

static const char help_text[] =
    "Type anything a .game file can say; a bare position is queried, any other expression printed:\n"
    "  Nim(3, 4, 5)                       outcome, SG value, each winning move with its rule\n"
    "  sg(Kayles(9)) + 1                  a value (print EXPR does the same in files)\n"
    "  game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }\n"
    "  table Sub(0..20)      period Sub(n) for n      claim sg(Sub(n)) < 4 for n in 0..100\n"
    "An item may span lines (an unclosed bracket continues; a blank line ends it). Typing a\n"
    "definition again replaces it. Ctrl-C stops a computation; the session goes on.\n"
    "Commands:\n"
    "  :help [TOPIC|NAME]      this text; topics: commands, play, draw, limits; or a game's doc\n"
    "  :load FILE  :reload     load a .game file; load the loaded files again\n"
    "  :list [stdlib|PREFIX]   the definitions with their parameters and doc comments\n"
    "  :moves POS              every move: rule, result, outcome and SG value (* = winning)\n"
    "  :explain POS            why POS has its value: its options and their mex, a sum's XOR, the theorem\n"
    "  :play POS [left|right] [first|second]  play against the engine (you move first by default)\n"
    "  :draw POS [DEPTH]       the game graph below POS as Graphviz DOT (default depth 2)\n"
    "  :time on|off  :json on|off  :limits [states N|instances N|steps N]  :states  :quit\n"
    "The words help, quit and exit alone on a line do the same as :help and :quit.\n";

static const char help_play[] =
    ":play POS [left|right] [first|second] -- you play POS against the engine, which plays\n"
    "perfectly: a winning move when it has one; otherwise, in a game with cycles, a move that keeps\n"
    "the draw; otherwise the move that loses slowest (when the game is small enough to search). In a\n"
    "partizan game you play Left (the default) or Right. At your turn type a move's number or the\n"
    "position you move to; 'moves' lists the moves again, 'hint' shows a winning move, 'undo' takes\n"
    "back your last move and the reply, 'quit' ends the game. Normal play: whoever cannot move\n"
    "loses; :play misere(...): whoever cannot move wins.\n";

static const char help_draw[] =
    ":draw POS [DEPTH], or the statement 'draw POS depth N' (grundy --dot FILE writes it to FILE):\n"
    "the positions reachable from POS in at most DEPTH moves as a Graphviz digraph: each node\n"
    "labelled with its position and SG value (with cycles: its outcome or generalized value),\n"
    "P-positions red, N-positions green, draws grey; winning moves bold. At most 400 nodes.\n"
    "Render with: dot -Tsvg graph.dot > graph.svg\n";

static const char help_limits[] =
    ":limits shows the limits; ':limits states N', ':limits instances N' and ':limits steps N' set\n"
    "them. The state limit bounds the positions the solver stores (--max-states), the instance limit\n"
    "the instances a claim or table examines (--max-instances), the step limit the loop steps, calls\n"
    "and positions of one item (--max-steps). --max-memory and --timeout (each item its own) come\n"
    "from the command line. Reaching one ends the item, not the session.\n";

/* ---- positions ------------------------------------------------------------------------------- */

/* After a command's call that returned st: its errors as JSON lines on the output (:json on; their
   text went to the error stream already), an interrupt said so. */
static void repl_errors(Repl *r, int st, char *errors)
{
    if (st > r->cmd_status) r->cmd_status = st;
    if (errors) fputs(errors, r->out);
    gr_free(errors);
    repl_settle(r, st);
}

#define REPL_MAX_MOVES 2000

/* The position in text answered as what asks (GR_*), as the next unit (its messages go to the
   REPL's error stream, gr_session_messages); NULL when it failed (said so). */
static gr_answer *position(Repl *r, const char *text, int what, size_t max)
{
    while (isspace((unsigned char)*text)) text++;
    if (!*text) {
        fputs("this command needs a position, e.g. Nim(3, 4, 5)\n", r->out);
        if (r->cmd_status < 2) r->cmd_status = 2;
        return NULL;
    }
    char name[32];
    repl_next_name(r, name, sizeof name);
    gr_answer *a = NULL;
    char *errors = NULL;
    int st = gr_position(r->s, text, name, what, max, &a, r->json ? &errors : NULL);
    repl_errors(r, st, errors);
    return a;
}

/* " (sg 3)", " (gamma ∞(0,1))" or " (value 5)" after a position or a result. */
static void value_suffix(StrBuf *b, const char *value, int kind)
{
    if (!value) return;
    if (kind == GR_VALUE_SG) sb_printf(b, " (sg %s)", value);
    else if (kind == GR_VALUE_LOOPY) sb_printf(b, " (gamma %s)", value);
    else if (kind == GR_VALUE_SCORE || kind == GR_VALUE_FORM) sb_printf(b, " (value %s)", value);
}

static void do_moves(Repl *r, const char *text)
{
    gr_answer *a = position(r, text, GR_EVERY_MOVE, REPL_MAX_MOVES);
    if (!a) return;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%s: %c", gr_answer_position(a), gr_answer_outcome(a));
    value_suffix(&b, gr_answer_value(a), gr_answer_value_kind(a));
    fprintf(r->out, "%s\n", b.s);
    sb_fini(&b);
    bool scoring = gr_answer_is_scoring(a);
    size_t n = gr_answer_move_count(a), best = 0;
    for (size_t i = 0; i < n; i++) {
        const char *from, *rule, *args, *to, *value, *gain, *after, *worth;
        unsigned long long copies;
        int kind, win;
        gr_answer_move(a, i, &from, &rule, &args, &to, &copies);
        char o = gr_answer_move_value(a, i, &value, &kind, &win, &gain, &after, &worth);
        best += win != 0;
        sb_init(&b);
        char side = gr_answer_move_side(a, i);   /* a partizan position: whose move */
        sb_printf(&b, "%c %3zu. %s%s%s%s from %s -> %s%s", win ? '*' : ' ', i + 1, side == 'L' ? "Left: " : side == 'R' ? "Right: " : "",
                  rule ? rule : "move", args ? " " : "", args ? args : "", from, to, strcmp(to, "0") ? "" : " (no moves left)");
        if (scoring) {
            sb_printf(&b, ": gain %s, value after %s, worth %s", gain, after, worth);
        } else {
            sb_printf(&b, ": %c", o);
            if (kind == GR_VALUE_SG || kind == GR_VALUE_LOOPY || kind == GR_VALUE_FORM) value_suffix(&b, value, kind);
            if (copies > 1) sb_printf(&b, "  (in each of %llu copies)", copies);
        }
        fprintf(r->out, "%s\n", b.s);
        sb_fini(&b);
    }
    if (!n)
        fputs(scoring ? "  no moves: the game is over\n"
              : gr_answer_outcome(a) == 'N' ? "  no moves: the player to move wins (misere play)\n"
                                            : "  no moves: the player to move loses\n", r->out);
    if (gr_answer_incomplete(a)) fprintf(r->out, "  ... more moves not listed (the first %d are)\n", REPL_MAX_MOVES);
    else if (n && gr_answer_value_kind(a) == GR_VALUE_FORM)
        fprintf(r->out, "  %zu move%s, %zu winning for the player making it (*)\n", n, n == 1 ? "" : "s", best);
    else if (n) fprintf(r->out, "  %zu move%s, %zu %s\n", n, n == 1 ? "" : "s", best,
                        scoring ? "best" : gr_answer_outcome(a) == 'D' ? "keeping the draw" : "winning");
    gr_answer_free(a);
}

/* :explain POS: the explain statement (the options and their mex, a sum's XOR, the theorem),
   then what it cost. */
static void do_explain(Repl *r, const char *text)
{
    while (isspace((unsigned char)*text)) text++;
    if (!*text) {
        fputs("this command needs a position, e.g. Kayles(5)\n", r->out);
        if (r->cmd_status < 2) r->cmd_status = 2;
        return;
    }
    unsigned long long before = gr_session_positions(r->s, NULL);
    double t0 = repl_now();
    gr_answer *a = position(r, text, GR_VALUE, 0);   /* one position and nothing else, as :moves asks */
    if (!a) return;
    gr_answer_free(a);
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "explain %s", text);
    char name[32];
    repl_next_name(r, name, sizeof name);
    fflush(r->out);
    int st = gr_exec(r->s, b.s, name, r->write, r->io);
    sb_fini(&b);
    if (st > r->cmd_status) r->cmd_status = st;
    repl_settle(r, st);
    if (st) return;
    if (r->json) return;   /* the output is JSON lines */
    double dt = repl_now() - t0;
    unsigned long long now = gr_session_positions(r->s, NULL);
    fprintf(r->out, "  %.3f s; %llu positions stored now, %llu of them new\n", dt, now, now - before);
}

static void do_draw(Repl *r, const char *text, int depth)
{
    while (isspace((unsigned char)*text)) text++;
    if (!*text) {
        fputs("this command needs a position, e.g. Nim(3, 4, 5)\n", r->out);
        return;
    }
    char name[32];
    repl_next_name(r, name, sizeof name);
    char *dot = NULL, *errors = NULL;
    int st = gr_draw(r->s, text, name, depth, &dot, r->json ? &errors : NULL);
    repl_errors(r, st, errors);
    if (st) return;
    fputs(dot, r->out);
    gr_free(dot);
}

/* ---- :list and :help NAME --------------------------------------------------------------------- */

/* "  game Kayles(n) {" and its doc comment, each line after six spaces. */
static void describe(Repl *r, const char *first, const char *doc)
{
    fprintf(r->out, "  %s\n", first);
    for (const char *l = doc; *l;) {
        const char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        fprintf(r->out, "      %.*s\n", (int)n, l);
        l += n + (e != NULL);
    }
}

static void do_list(Repl *r, const char *arg)
{
    bool std = !strcmp(arg, "stdlib");
    size_t shown = 0, n = gr_session_def_count(r->s);   /* the whole library, loaded */
    for (size_t i = 0; i < n; i++) {
        const char *name, *first, *doc;
        int kind, stdlib;
        gr_session_def(r->s, i, &name, &kind, &stdlib, &first, &doc);
        if (std ? !stdlib : (*arg ? strncmp(name, arg, strlen(arg)) != 0 : stdlib)) continue;
        describe(r, first, doc);
        shown++;
    }
    if (!*arg) {
        StrBuf b;
        sb_init(&b);
        sb_puts(&b, "standard library (':list stdlib' for their parameters and docs, ':help NAME' for one):\n ");
        size_t col = 1;
        for (size_t i = 0; i < n; i++) {
            const char *name;
            int stdlib;
            gr_session_def(r->s, i, &name, NULL, &stdlib, NULL, NULL);
            if (!stdlib) continue;
            size_t len = strlen(name) + 1;
            if (col + len > 96) {
                sb_puts(&b, "\n ");
                col = 1;
            }
            sb_printf(&b, " %s", name);
            col += len;
        }
        fprintf(r->out, "%s%s\n", shown ? "" : "no definitions of your own yet\n", b.s);
        sb_fini(&b);
    } else if (!shown) {
        fprintf(r->out, "no definition starts with '%s'\n", arg);
    }
}

/* :states: the positions stored and the store's memory, in all and per position. */
static void states_report(Repl *r)
{
    unsigned long long m[5];
    unsigned long long count = gr_session_positions(r->s, m);
    fprintf(r->out, "%llu positions stored\n", count);
    if (!count) return;
    double n = (double)count, all = (double)(m[0] + m[1] + m[2] + m[3] + m[4]);
    fprintf(r->out, "store: %.1f %s, %.1f bytes a position: state %.1f, hash table %.1f, key %.1f",
            all >= 1048576 ? all / 1048576 : all / 1024, all >= 1048576 ? "MB" : "KB", all / n, m[0] / n, m[1] / n, m[2] / n);
    if (m[3]) fprintf(r->out, ", aliases %.1f", m[3] / n);
    if (m[4]) fprintf(r->out, ", direct index %.1f", m[4] / n);
    fputc('\n', r->out);
}

static void do_help(Repl *r, const char *topic)
{
    if (!*topic || !strcmp(topic, "commands")) fputs(help_text, r->out);
    else if (!strcmp(topic, "play") || !strcmp(topic, ":play")) fputs(help_play, r->out);
    else if (!strcmp(topic, "draw") || !strcmp(topic, ":draw")) fputs(help_draw, r->out);
    else if (!strcmp(topic, "limits") || !strcmp(topic, ":limits")) fputs(help_limits, r->out);
    else {
        const char *first, *doc, *bdoc;
        if (!gr_session_def_find(r->s, topic, NULL, NULL, &first, &doc)) describe(r, first, doc);   /* loaded if need be */
        else if ((bdoc = gr_builtin_doc(topic))) fprintf(r->out, "  %s: built-in function: %s\n", topic, bdoc);
        else fprintf(r->out, "no help on '%s' (topics: commands, play, draw, limits; or a name from :list)\n", topic);
    }
}

/* ---- loading files ----------------------------------------------------------------------------- */

static int load_file(Repl *r, const char *path)
{
    size_t len;
    char *text = util_read_file(path, &len);
    if (!text) {
        fprintf(r->err, "grundy: error: cannot read '%s': %s\n", path, strerror(errno));
        return 2;
    }
    int st = repl_eval(r, path, text, len);
    xfree(text);
    return st;
}

/* ---- the table ---------------------------------------------------------------------------------- */

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    return s;
}

static bool on_off(Repl *r, const char *arg, bool *flag, const char *what)
{
    if (!strcmp(arg, "on")) *flag = true;
    else if (!strcmp(arg, "off")) *flag = false;
    else if (!*arg) *flag = !*flag;
    else {
        fprintf(r->out, "%s takes on or off\n", what);
        return false;
    }
    fprintf(r->out, "%s %s\n", what + 1, *flag ? "on" : "off");
    return true;
}

/* :limits [states N | instances N | steps N] */
static void do_limits(Repl *r, const char *arg)
{
    static const char *const names[][2] = { { "states", "max-states" }, { "instances", "max-instances" }, { "steps", "max-steps" } };
    char what[32], value[32];
    unsigned long long v;
    if (!*arg) {
        fprintf(r->out, "states %s (positions the solver may store)\n", gr_session_get(r->s, "max-states"));
        fprintf(r->out, "instances %s (instances a claim or table may examine)\n", gr_session_get(r->s, "max-instances"));
        fprintf(r->out, "steps %s (steps of one item)\n", gr_session_get(r->s, "max-steps"));
        return;
    }
    if (sscanf(arg, "%31s %llu", what, &v) == 2 && v > 0) {
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
            if (strcmp(what, names[i][0])) continue;
            snprintf(value, sizeof value, "%llu", v);
            if (!gr_session_set(r->s, names[i][1], value)) {
                fprintf(r->out, "%s %llu\n", what, v);
                return;
            }
        }
    }
    fputs("usage: :limits [states N | instances N | steps N] (N > 0)\n", r->out);
}

bool repl_command(Repl *r, const char *line, int *status)
{
    char *buf = xstrdup(line);
    char *cmd = trim(buf), *arg = cmd;
    while (*arg && !isspace((unsigned char)*arg)) arg++;
    if (*arg) *arg++ = 0;
    arg = trim(arg);
    bool quit = false;
    if (!strcmp(cmd, ":quit") || !strcmp(cmd, ":q") || !strcmp(cmd, ":exit")) {
        quit = true;
    } else if (!strcmp(cmd, ":help") || !strcmp(cmd, ":h") || !strcmp(cmd, ":?")) {
        do_help(r, arg);
    } else if (!strcmp(cmd, ":json")) {
        if (on_off(r, arg, &r->json, ":json")) gr_session_set(r->s, "output", r->json ? "json" : "text");
    } else if (!strcmp(cmd, ":time")) {
        on_off(r, arg, &r->time, ":time");
    } else if (!strcmp(cmd, ":states")) {
        states_report(r);
    } else if (!strcmp(cmd, ":limits")) {
        do_limits(r, arg);
    } else if (!strcmp(cmd, ":load")) {
        if (!*arg) fputs("usage: :load FILE\n", r->out);
        else {
            *status = load_file(r, arg);
            bool known = false;
            for (size_t i = 0; i < r->nfiles; i++) known |= !strcmp(r->files[i], arg);
            if (!known && *status != 2) VEC_PUSH(r->files, r->nfiles, r->capfiles, xstrdup(arg));
        }
    } else if (!strcmp(cmd, ":reload")) {
        if (!r->nfiles) fputs("no files loaded (:load FILE loads one)\n", r->out);
        for (size_t i = 0; i < r->nfiles; i++) {
            fprintf(r->out, "reloading %s\n", r->files[i]);
            fflush(r->out);
            *status = load_file(r, r->files[i]);
        }
    } else if (!strcmp(cmd, ":list")) {
        do_list(r, arg);
    } else if (!strcmp(cmd, ":moves")) {
        do_moves(r, arg);
    } else if (!strcmp(cmd, ":explain")) {
        do_explain(r, arg);
    } else if (!strcmp(cmd, ":play")) {
        repl_play(r, arg);
    } else if (!strcmp(cmd, ":draw")) {
        long long depth = 2;
        size_t n = strlen(arg);
        size_t d = n;
        while (d > 0 && isdigit((unsigned char)arg[d - 1])) d--;
        if (d < n && d > 0 && isspace((unsigned char)arg[d - 1])) {   /* ":draw POS 3" */
            depth = strtoll(arg + d, NULL, 10);
            arg[d] = 0;
        }
        if (depth > 50) fputs("the depth is at most 50\n", r->out);
        else do_draw(r, arg, (int)depth);
    } else {
        fprintf(r->out, "unknown command %s (try :help)\n", cmd);
        if (r->cmd_status < 2) r->cmd_status = 2;
    }
    xfree(buf);
    fflush(r->out);
    return quit;
}
