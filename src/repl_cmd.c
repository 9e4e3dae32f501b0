/* repl_cmd.c: the REPL's commands: :help, :load, :reload, :list, :moves, :explain, :play, :draw,
   :time, :json, :limits, :states, :quit. */
#include "config.h"
#include "render.h"
#include "driver.h"
#include "draw.h"
#include "key.h"
#include "run.h"
#include "vm.h"
#include "json.h"
#include "builtins.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include "solve/core/nimber.h"
#include "repl_int.h"
#include "pos.h"
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
    "  :explain POS            which strategy answered, why, and what it cost\n"
    "  :play POS [first|second]  play against the engine (you move first by default)\n"
    "  :draw POS [DEPTH]       the game graph below POS as Graphviz DOT (default depth 2)\n"
    "  :time on|off  :json on|off  :limits [states N|instances N|steps N]  :states  :quit\n"
    "The words help, quit and exit alone on a line do the same as :help and :quit.\n";

static const char help_play[] =
    ":play POS [first|second] -- you play POS against the engine, which plays perfectly: a winning\n"
    "move when it has one, otherwise the move that loses slowest (when the game is small enough to\n"
    "search). At your turn type a move's number or the position you move to; 'moves' lists the\n"
    "moves again, 'hint' shows a winning move, 'undo' takes back your last move and the reply,\n"
    "'quit' ends the game. Normal play: whoever cannot move loses.\n";

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

/* ---- :moves ----------------------------------------------------------------------------------- */

#define REPL_MAX_MOVES 2000

static void print_gv(StrBuf *b, const GameValue *g)
{
    if (g->kind == GV_SG) {
        sb_puts(b, "sg ");
        nim_print(b, g);
    } else if (g->kind == GV_LOOPY) {
        sb_puts(b, "gamma ");
        gv_print_loopy(b, g);
    }
}

typedef struct MovesCtx { Repl *r; size_t n, winning; char outcome; bool scoring; GameValue value; } MovesCtx;

/* A position's SG value, or its outcome alone in misere play. */
static GameValue value_of(Repl *r, const Value *pos)
{
    Program *p = r->p;
    if (pos->strs) return gv_outcome(solve_outcome_value(p->solver, pos, r->loc));
    return solve_sg_value(p->solver, pos, r->loc);
}

static int on_move(void *ctx, const SolveMove *m)
{
    MovesCtx *c = ctx;
    Program *p = c->r->p;
    GameValue g = value_of(c->r, &m->result);
    /* a scoring game: what the move is worth, gain - value after; the best are marked */
    GameValue after = g.kind == GV_SCORE ? g : score_int(0), worth = score_int(0);
    if (c->scoring) worth = score_sub(p, &m->gain, &after);
    bool win = c->scoring ? !score_cmp(&worth, &c->value)
                          : (c->outcome == 'N' && g.outcome == 'P') || (c->outcome == 'D' && g.outcome == 'D');
    c->winning += win;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%c %3zu. %s%s", win ? '*' : ' ', ++c->n, m->label ? m->label : "move", m->args->n ? " " : "");
    render_binders_text(&b, m->args);
    sb_puts(&b, " from ");
    key_print(p, &b, m->from);
    sb_puts(&b, " -> ");
    key_print_pos(p, &b, &m->result);
    if (c->scoring) {
        sb_puts(&b, ": gain ");
        score_print(&b, &m->gain);
        sb_puts(&b, ", value after ");
        score_print(&b, &after);
        sb_puts(&b, ", worth ");
        score_print(&b, &worth);
        fprintf(p->run.out, "%s\n", b.s);
        sb_fini(&b);
        return 0;
    }
    sb_printf(&b, ": %c", g.outcome);
    if (g.kind == GV_SG || g.kind == GV_LOOPY) {
        sb_puts(&b, " (");
        print_gv(&b, &g);
        sb_putc(&b, ')');
    }
    if (m->copies > 1) sb_printf(&b, "  (in each of %llu copies)", (unsigned long long)m->copies);
    fprintf(p->run.out, "%s\n", b.s);
    sb_fini(&b);
    return 0;
}

static void do_moves(Repl *r, const Value *pos, void *ctx)
{
    (void)ctx;
    Program *p = r->p;
    if (pos->strs & PM_COMPOUND)
        prog_fail(p, EXIT_COMPILE, r->loc, "the moves of a compound's position are not listed one by one; ask for the "
                  "position's winning moves instead");
    GameValue g = value_of(r, pos);
    StrBuf b;
    sb_init(&b);
    key_print_pos(p, &b, pos);
    sb_printf(&b, ": %c", g.outcome);
    if (g.kind == GV_SG || g.kind == GV_LOOPY) {
        sb_puts(&b, " (");
        print_gv(&b, &g);
        sb_putc(&b, ')');
    }
    if (g.kind == GV_SCORE) {
        sb_puts(&b, " (value ");
        score_print(&b, &g);
        sb_putc(&b, ')');
    }
    fprintf(p->run.out, "%s\n", b.s);
    sb_fini(&b);
    MovesCtx c = { r, 0, 0, g.outcome, g.kind == GV_SCORE, g };
    bool more = solve_each_move(p->solver, pos, r->loc, REPL_MAX_MOVES, on_move, &c);
    if (!c.n) fputs(c.scoring ? "  no moves: the game is over\n" : "  no moves: the player to move loses\n", p->run.out);
    if (more) fprintf(p->run.out, "  ... more moves not listed (the first %d are)\n", REPL_MAX_MOVES);
    else if (c.n) fprintf(p->run.out, "  %zu move%s, %zu %s\n", c.n, c.n == 1 ? "" : "s", c.winning,
                          c.scoring ? "best" : g.outcome == 'D' ? "keeping the draw" : "winning");
}

/* ---- :explain --------------------------------------------------------------------------------- */

static void do_explain(Repl *r, const Value *pos, void *ctx)
{
    (void)ctx;
    Program *p = r->p;
    Solver *s = p->solver;
    size_t before = s->store->n;
    double t0 = prog_now();
    size_t mark;
    Answer *a = solve_answer_new(p, &mark);
    solve_query(s, pos, r->loc, false, a);
    double dt = prog_now() - t0;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%s: %c", a->position, a->outcome);
    if (a->has_sg) {
        sb_puts(&b, " (sg ");
        nim_print(&b, &a->sg);
        sb_putc(&b, ')');
    }
    fprintf(p->run.out, "%s\n  answered by %s\n", b.s, a->strategy);
    sb_fini(&b);
    if (a->why) fprintf(p->run.out, "  by %s\n", a->why);
    if (a->no_sg) fprintf(p->run.out, "  no SG value: %s\n", a->no_sg);
    if (a->mode) fputs("  a play mode's position: the components below are solved in normal play first\n", p->run.out);
    for (size_t i = 0; i < a->ncomps && a->comps && i < 20; i++) {
        const State *st = &s->store->st[a->comps[i]];
        sb_init(&b);
        sb_puts(&b, "  component ");
        if (a->counts[i] > 1) sb_printf(&b, "%llu * ", (unsigned long long)a->counts[i]);
        key_print(p, &b, eng_key(s->store, a->comps[i]));
        sb_printf(&b, ": %s", solve_how_name(s, st->how));
        StrBuf w;
        sb_init(&w);
        solve_why(s, a->comps[i], &w, NULL);
        if (w.len && a->ncomps > 1) sb_printf(&b, " -- %s", w.s);
        sb_fini(&w);
        fprintf(p->run.out, "%s\n", b.s);
        sb_fini(&b);
    }
    if (a->ncomps > 20) fprintf(p->run.out, "  ... and %zu more components\n", a->ncomps - 20);
    if (a->ncomps > 1 && !a->mode) fputs("  the sum: the XOR of the components' SG values (Sprague-Grundy)\n", p->run.out);
    fprintf(p->run.out, "  %.3f s; %zu positions stored now, %zu of them new\n", dt, s->store->n, s->store->n - before);
    prog_release(p, mark);
    solve_answer_free(a);
}

/* ---- :draw ------------------------------------------------------------------------------------ */

static void do_draw(Repl *r, const Value *pos, void *ctx)
{
    StrBuf b;
    sb_init(&b);
    draw_dot(r->p, pos, *(int64_t *)ctx, r->loc, &b);
    fputs(b.s, r->p->run.out);
    sb_fini(&b);
}

/* ---- :list and :help NAME --------------------------------------------------------------------- */

/* The comment lines just above the line of loc (without "// "), each after prefix. */
static void doc_of(Program *p, Loc loc, const char *prefix, StrBuf *b)
{
    const SrcFile *f = diag_file(&p->diag, loc.file);
    if (!f || loc.off > f->len) return;
    size_t ls = loc.off;
    while (ls > 0 && f->text[ls - 1] != '\n') ls--;
    size_t start = ls;   /* walk up over comment lines */
    while (start > 0) {
        size_t prev = start - 1;
        while (prev > 0 && f->text[prev - 1] != '\n') prev--;
        const char *t = f->text + prev;
        while (*t == ' ' || *t == '\t') t++;
        if (strncmp(t, "//", 2)) break;
        start = prev;
    }
    while (start < ls) {
        size_t e = start;
        while (e < ls && f->text[e] != '\n') e++;
        const char *t = f->text + start;
        while (*t == ' ' || *t == '\t') t++;
        t += 2;
        if (*t == ' ') t++;
        sb_puts(b, prefix);
        sb_putn(b, t, (size_t)(f->text + e - t));
        sb_putc(b, '\n');
        start = e + 1;
    }
}

/* The definition's first line as written ("game Heap(n) {"). */
static void signature(Program *p, const Symbol *sy, StrBuf *b)
{
    const SrcFile *f = diag_file(&p->diag, sy->loc.file);
    if (!f || sy->loc.off > f->len) {
        sb_puts(b, sy->name);
        return;
    }
    size_t ls = sy->loc.off;
    while (ls > 0 && f->text[ls - 1] != '\n') ls--;
    size_t le = sy->loc.off;
    while (le < f->len && f->text[le] != '\n') le++;
    while (ls < le && (f->text[ls] == ' ' || f->text[ls] == '\t')) ls++;
    if (le - ls > 100) le = ls + 100;
    sb_putn(b, f->text + ls, le - ls);
}

static bool listed_kind(const Symbol *sy)
{
    return (sy->kind == SYM_GAME || sy->kind == SYM_DEF || sy->kind == SYM_CONST) && !strchr(sy->name, '.');
}

/* The symbol in force for name (a user's shadows the library's), or NULL. */
static const Symbol *current(Program *p, const char *name)
{
    const Symbol *found = NULL;
    for (size_t i = 0; i < p->code.nsyms; i++)
        if (!strcmp(p->code.syms[i].name, name) && (!found || found->stdlib)) found = &p->code.syms[i];
    return found;
}

static void describe(Program *p, const Symbol *sy, bool docs)
{
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, "  ");
    signature(p, sy, &b);
    sb_putc(&b, '\n');
    if (docs) doc_of(p, sy->loc, "      ", &b);
    fputs(b.s, p->run.out);
    sb_fini(&b);
}

/* The i-th symbol to list: the library's in the order of its files, then the rest. */
static const Symbol *listed(Program *p, size_t i)
{
    if (i < p->code.nlib) return p->code.lib[i].sym >= 0 ? &p->code.syms[p->code.lib[i].sym] : NULL;
    const Symbol *sy = &p->code.syms[i - p->code.nlib];
    return sy->stdlib ? NULL : sy;
}

static void do_list(Repl *r, const char *arg)
{
    Program *p = r->p;
    prog_lib_load_all(p);   /* the docs and signatures come from the compiled definitions */
    bool std = !strcmp(arg, "stdlib");
    size_t shown = 0;
    for (size_t i = 0; i < p->code.nlib + p->code.nsyms; i++) {
        const Symbol *sy = listed(p, i);
        if (!sy || !listed_kind(sy) || current(p, sy->name) != sy) continue;
        if (std ? !sy->stdlib : (*arg ? strncmp(sy->name, arg, strlen(arg)) != 0 : sy->stdlib)) continue;
        describe(p, sy, true);
        shown++;
    }
    if (!*arg) {
        StrBuf b;
        sb_init(&b);
        sb_puts(&b, "standard library (':list stdlib' for their parameters and docs, ':help NAME' for one):\n ");
        size_t col = 1;
        for (size_t i = 0; i < p->code.nlib; i++) {
            const Symbol *sy = listed(p, i);
            if (!sy || !listed_kind(sy) || current(p, sy->name) != sy) continue;
            size_t n = strlen(sy->name) + 1;
            if (col + n > 96) {
                sb_puts(&b, "\n ");
                col = 1;
            }
            sb_printf(&b, " %s", sy->name);
            col += n;
        }
        fprintf(p->run.out, "%s%s\n", shown ? "" : "no definitions of your own yet\n", b.s);
        sb_fini(&b);
    } else if (!shown) {
        fprintf(p->run.out, "no definition starts with '%s'\n", arg);
    }
}

/* :states: the positions stored and the store's memory, in all and per position. */
static void states_report(Program *p)
{
    const Engine *e = p->solver->store;
    fprintf(p->run.out, "%zu positions stored\n", e->n);
    if (!e->n) return;
    EngMemory m = eng_memory(e);
    double n = (double)e->n, all = (double)(m.states + m.table + m.keys + m.aliases + m.index);
    fprintf(p->run.out, "store: %.1f %s, %.1f bytes a position: state %.1f, hash table %.1f, key %.1f",
            all >= 1048576 ? all / 1048576 : all / 1024, all >= 1048576 ? "MB" : "KB", all / n, m.states / n, m.table / n, m.keys / n);
    if (m.aliases) fprintf(p->run.out, ", aliases %.1f", m.aliases / n);
    if (m.index) fprintf(p->run.out, ", direct index %.1f", m.index / n);
    fputc('\n', p->run.out);
}

static void do_help(Repl *r, const char *topic)
{
    Program *p = r->p;
    if (!*topic || !strcmp(topic, "commands")) fputs(help_text, p->run.out);
    else if (!strcmp(topic, "play") || !strcmp(topic, ":play")) fputs(help_play, p->run.out);
    else if (!strcmp(topic, "draw") || !strcmp(topic, ":draw")) fputs(help_draw, p->run.out);
    else if (!strcmp(topic, "limits") || !strcmp(topic, ":limits")) fputs(help_limits, p->run.out);
    else {
        prog_lookup(p, topic);   /* a library name not used yet: loaded */
        const Symbol *sy = current(p, topic);
        if (sy && listed_kind(sy)) {
            describe(p, sy, true);
        } else if (sy && sy->kind == SYM_BUILTIN) {
            fprintf(p->run.out, "  %s: built-in function: %s\n", topic, builtins[sy->id].doc);
        } else {
            int bi = builtin_find(topic);
            if (bi >= 0) fprintf(p->run.out, "  %s: built-in function: %s\n", topic, builtins[bi].doc);
            else fprintf(p->run.out, "no help on '%s' (topics: commands, play, draw, limits; or a name from :list)\n", topic);
        }
    }
}

/* ---- loading files ----------------------------------------------------------------------------- */

static int load_file(Repl *r, const char *path)
{
    size_t len;
    char *text = util_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "grundy: error: cannot read '%s': %s\n", path, strerror(errno));
        return EXIT_USAGE;
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
        fprintf(r->p->run.out, "%s takes on or off\n", what);
        return false;
    }
    fprintf(r->p->run.out, "%s %s\n", what + 1, *flag ? "on" : "off");
    return true;
}

bool repl_command(Repl *r, const char *line, int *status)
{
    Program *p = r->p;
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
        if (on_off(r, arg, &p->opt.json, ":json")) p->diag.json = p->opt.json ? p->run.out : NULL;
    } else if (!strcmp(cmd, ":time")) {
        on_off(r, arg, &r->time, ":time");
    } else if (!strcmp(cmd, ":states")) {
        states_report(p);
    } else if (!strcmp(cmd, ":limits")) {
        char what[32];
        unsigned long long v;
        if (!*arg) {
            fprintf(p->run.out, "states %llu (positions the solver may store)\ninstances %llu (instances a claim or table "
                    "may examine)\nsteps %llu (steps of one item)\n", (unsigned long long)p->opt.max_states,
                    (unsigned long long)p->opt.max_instances, (unsigned long long)p->opt.max_steps);
        } else if (sscanf(arg, "%31s %llu", what, &v) == 2 && v > 0 && !strcmp(what, "states")) {
            p->opt.max_states = v;
            fprintf(p->run.out, "states %llu\n", v);
        } else if (sscanf(arg, "%31s %llu", what, &v) == 2 && v > 0 && !strcmp(what, "instances")) {
            p->opt.max_instances = v;
            fprintf(p->run.out, "instances %llu\n", v);
        } else if (sscanf(arg, "%31s %llu", what, &v) == 2 && v > 0 && !strcmp(what, "steps")) {
            p->opt.max_steps = v;
            fprintf(p->run.out, "steps %llu\n", v);
        } else {
            fputs("usage: :limits [states N | instances N | steps N] (N > 0)\n", p->run.out);
        }
    } else if (!strcmp(cmd, ":load")) {
        if (!*arg) fputs("usage: :load FILE\n", p->run.out);
        else {
            *status = load_file(r, arg);
            bool known = false;
            for (size_t i = 0; i < r->nfiles; i++) known |= !strcmp(r->files[i], arg);
            if (!known && *status != EXIT_USAGE) VEC_PUSH(r->files, r->nfiles, r->capfiles, xstrdup(arg));
        }
    } else if (!strcmp(cmd, ":reload")) {
        if (!r->nfiles) fputs("no files loaded (:load FILE loads one)\n", p->run.out);
        for (size_t i = 0; i < r->nfiles; i++) {
            fprintf(p->run.out, "reloading %s\n", r->files[i]);
            *status = load_file(r, r->files[i]);
        }
    } else if (!strcmp(cmd, ":list")) {
        do_list(r, arg);
    } else if (!strcmp(cmd, ":moves")) {
        repl_with_pos(r, arg, do_moves, NULL);
    } else if (!strcmp(cmd, ":explain")) {
        repl_with_pos(r, arg, do_explain, NULL);
    } else if (!strcmp(cmd, ":play")) {
        repl_play(r, arg);
    } else if (!strcmp(cmd, ":draw")) {
        int64_t depth = 2;
        size_t n = strlen(arg);
        size_t d = n;
        while (d > 0 && isdigit((unsigned char)arg[d - 1])) d--;
        if (d < n && d > 0 && isspace((unsigned char)arg[d - 1])) {   /* ":draw POS 3" */
            depth = strtoll(arg + d, NULL, 10);
            arg[d] = 0;
        }
        if (depth > 50) fputs("the depth is at most 50\n", p->run.out);
        else repl_with_pos(r, arg, do_draw, &depth);
    } else {
        fprintf(p->run.out, "unknown command %s (try :help)\n", cmd);
    }
    xfree(buf);
    fflush(p->run.out);
    return quit;
}
