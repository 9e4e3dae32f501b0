/* program.h: the compiled program: symbols, functions, games, constants and statements of all
   units; run-time error unwinding with its recovery hooks and cleanup registry. The bottom of the
   layers above the core utilities: it calls nothing above it (the interpreter and the solver
   register their recovery here; driver.c builds and connects them). */
#ifndef GRUNDY_PROGRAM_H
#define GRUNDY_PROGRAM_H
#include "arena.h"
#include "diag.h"
#include "ir.h"
#include "value.h"
#include "util.h"
#include <stdbool.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>

/* A request to stop the computation: set by a signal handler or by another thread (gr_interrupt),
   read by the polls. A lock-free atomic, so both are defined behaviour. */
typedef atomic_int ProgFlag;

typedef enum SymKind { SYM_CONST, SYM_DEF, SYM_GAME, SYM_BUILTIN } SymKind;

typedef struct Symbol {
    const char *name;
    SymKind kind;
    int id;             /* const index, function index, game index or builtin id */
    int nparams;        /* fixed parameters (the variadic one counts) */
    bool variadic;
    int type;           /* value type of a const or a def's result (VT_NONE: unknown) */
    Loc loc;
    bool stdlib;        /* declared by the standard library (a user's name may shadow it) */
    bool hidden;        /* a name of a for statement's body, past its end: no longer found */
} Symbol;

/* A definition that replaces an earlier unit's (the REPL, -e texts): compiled into a staged
   entity and copied over the target when the statements reach its unit (at_stmt: the unit's
   first statement), so that code compiled before uses the new definition from there on and the
   earlier statements still see the old one. kind: SYM_CONST, SYM_DEF or SYM_GAME. */
typedef struct Redefinition { int kind; int staged, target; size_t at_stmt; } Redefinition;

typedef struct Game {
    const char *name;
    int nparams;
    bool variadic;
    int moves_fn;       /* function enumerating the moves (YIELD per move) */
    int canon_fn;       /* function returning the canonical argument list, or -1 */
    Loc loc;
    const struct GameRules *rules;   /* its rules as the recognisers read them (rules.h), or NULL */
    /* its last (variadic) parameter stays written out in keys at any length: the list a canon the
       store applies sorts (rules.h CF_SORT_TAIL; listview.h) */
    bool tail_inline;
    const char *const *move_names;   /* by yield tag: each item's label (NULL: none, or its canon) */
    int nmove_names;
    int nlocals;        /* frame slots of the moves function */
    bool stdlib;        /* declared by the standard library (closed forms may answer it) */
    bool scoring;       /* a scoring game: its moves have gains, its value is a score (negamax) */
    bool partizan;      /* a partizan game: some move is Left's or Right's (move_sides) */
    const unsigned char *move_sides;   /* by yield tag: MOVE_BOTH, MOVE_LEFT or MOVE_RIGHT (ast.h) */
    /* A partizan game's negative -G (Left's and Right's moves swapped, every result negated) is a
       game of its own, declared with it: neg is the other one's id (-1 for an impartial game, which
       is its own negative); negated marks -G, which runs G's functions and is named "-G". */
    int neg;
    bool negated;
} Game;

/* ST_FOR: its body is the statements after it up to body_end; ST_IF: its first body up to else_at,
   its second from there to body_end; ST_LET sets a body's constant */
typedef enum StmtKind { ST_QUERY, ST_TABLE, ST_EXPECT, ST_CLAIM, ST_PERIOD, ST_QUOTIENT, ST_PRINT, ST_GENUS, ST_DRAW, ST_FOR, ST_IF,
                        ST_LET, ST_EXPLAIN, ST_THERMO } StmtKind;

#define TABLE_MAX_ARGS POS_MAX_ARGS
typedef struct Stmt {
    StmtKind kind;
    Loc loc;
    char *text;         /* source text of the statement's expression */
    int fn;             /* thunk (query, expect, print), claim function */
    /* expect: 'P'/'N'/'D' when of the form "X is P" (fn yields X); else a boolean thunk,
       with lhs/rhs thunks when the top is a comparison (for the message). */
    int outcome;
    int lhs_fn, rhs_fn;
    /* period: fn yields the position at n = 0 and n = 1; range_fn gives the search range (or -1);
       draw: range_fn gives the depth (or -1) */
    int range_fn;
    /* table: target (game or def), one thunk per argument, whether each is spread */
    SymKind target_kind;
    int target_id;
    int nargs;
    int arg_fn[TABLE_MAX_ARGS];
    bool arg_splat[TABLE_MAX_ARGS];
    /* claim: binder slots and names */
    int nbinders;
    int binder_slot[16];
    const char *binder_name[16];
    bool bare;          /* query typed in a REPL or -e: a value that is not a position is printed */
    /* for: fn yields the domain, target_id is the loop variable's constant, the body ends before
       statement body_end; if: fn yields the condition, the bodies as above; let: fn yields the
       value of constant target_id; print of several values: nargs thunks in arg_fn (arg_splat:
       a list whose elements are printed) */
    size_t else_at, body_end;
} Stmt;

typedef struct StdlibFile { const char *name; const char *text; size_t len; } StdlibFile;
extern const StdlibFile prog_stdlib_files[];

/* One definition of the standard library, compiled the first time its name is looked up (a run
   compiles only what it uses): file is its diag file, [off, end) its text (the doc comment above
   it included), line the line where that text starts. sym: its symbol once loaded; LIB_UNLOADED
   before, LIB_LOADING while it compiles, LIB_BROKEN when it did not compile. */
enum { LIB_UNLOADED = -1, LIB_LOADING = -2, LIB_BROKEN = -3 };
typedef struct LibItem { const char *name; uint32_t file, off, end, line; int sym; } LibItem;

typedef struct Vm Vm;
typedef struct Solver Solver;

/* A part of the run-time state that an error may leave half-changed (the interpreter, the
   solver): enter runs when a prog_try begins (remember where to return to), leave when it ends
   normally, fail after an error unwound into it (return there; status: the error's). */
typedef struct Recover {
    void (*enter)(void *ctx);
    void (*leave)(void *ctx);
    void (*fail)(void *ctx, int status);
    void *ctx;
} Recover;
/* Released when an error unwinds past it (a buffer a callback may never return to). */
typedef struct Cleanup { void (*fn)(void *arg); void *arg; } Cleanup;

/* Exit statuses (the command-line contract). PROG_BUDGET is internal: a search tried within a
   budget of states ran past it (the solver catches it; it never ends a run). */
enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_COMPILE = 3, EXIT_LIMIT = 4, PROG_BUDGET = 64,
       EXIT_INTERRUPT = 130 };

struct Graph;
struct ListViews;

typedef struct Program Program;

/* What the compiler produces: the program's names, code, games, constants, statements and the
   interned data they refer to. Grows with each unit loaded; read by every layer above. */
typedef struct ProgCode {
    Arena arena;                    /* names, constant values: lives as long as the program */
    const StrRec **strtab;          /* interned strings of lists (open addressing, NULL = empty) */
    size_t nstr, capstr;
    Symbol *syms; size_t nsyms, capsyms;
    /* name -> the latest symbol of that name (index + 1; open addressing), covering the first
       symidx symbols; prog_lookup brings it up to date (and rebuilds it after a rollback) */
    uint32_t *symtab; size_t symcap, symidx;
    Func *fns; size_t nfns, capfns;
    Game *games; size_t ngames, capgames;
    Value *consts; size_t nconsts, capconsts;
    int *const_fn;                  /* initializer thunk of each constant */
    bool *const_ready;
    size_t capconstfn, capconstready;
    Stmt *stmts; size_t nstmts, capstmts, next_stmt;
    Arena *units; size_t nunits, capunits;  /* one arena per compilation unit (ASTs) */
    Arena *unit;                    /* the unit being compiled (its statements' texts), or NULL */
    /* the standard library's definitions by name (prog_lib_add), loaded on first lookup by
       lib_load, which the driver installs: parse, declare and compile one item (set it->sym
       once declared), returning its errors */
    LibItem *lib; size_t nlib, caplib;
    uint32_t *libtab; size_t libcap;    /* open addressing: lib index + 1 */
    int (*lib_load)(struct Program *p, LibItem *it);
    Redefinition *redefs;           /* not yet applied, in the order of their units */
    size_t nredefs, capredefs;
    struct Graph **graphs;          /* every graph value, interned by content (graph.h) */
    size_t ngraphs, capgraphs;
    uint64_t *gtab;                 /* open addressing: graph index + 1, the hash's high 32 bits above */
    size_t gtcap;
    struct GraphCand *gcand;        /* where a derived graph is built before it is interned (graph.c) */
    struct ListViews *views;        /* long integer lists of position keys (listview.h), or NULL */
} ProgCode;

/* The session's options and limits: what its client sets (the command line's flags,
   gr_session_set) and the engine only reads. */
typedef struct ProgOptions {
    bool json;
    bool dump_ir;
    const char *dot_file;           /* --dot FILE: draw statements write their graph there */
    const char *plot_file;          /* --plot FILE: a two-dimensional table writes an SVG heat map there */
    uint64_t max_states;
    uint64_t max_instances;
    bool bare_print;                /* a bare expression that is not a position prints its value (REPL, -e) */
    bool redefine;                  /* a unit may redefine what an earlier one defined (REPL, -e texts) */
    bool no_files;                  /* the program may not read files (read_graph...): the fuzzer's runs */
    const char *force_strategy;     /* --strategy NAME: use only this strategy (tests, benchmarks) */
    /* the budgets: steps (polls: loop steps, calls, new positions, native work) a statement,
       the session's memory (its meter) in bytes (PROG_MEMORY_DEFAULT until first checked:
       prog_memory_budget), seconds (--timeout; the run's deadline is set from it) */
    uint64_t max_steps;
    uint64_t max_memory;
    double timeout;
    /* --jobs (jobs.h): processes for a statement's independent instances (1: none), how long a
       statement runs alone before it splits (seconds; jobs_after_set: given, else by default 0.1 s
       for an explicit --jobs and JOBS_AUTO_AFTER for jobs_auto, jobs.c); jobs_auto: jobs is the default
       (one per processor), so a split must pay (JobsWatch) */
    int jobs;
    double jobs_after;
    bool jobs_auto, jobs_after_set;
} ProgOptions;

/* The run's context: where the output goes, how errors unwind, the statement running, the
   budgets armed for it, signals and the progress line. */
typedef struct ProgRun {
    FILE *out;
    bool out_failed;                /* a write to out failed (reported once; the run stops with EXIT_USAGE) */
    int out_errno;                  /* why a write to out failed, as its writer saw it (0: ask errno) */
    Recover *recover; size_t nrecover, caprecover;
    Cleanup *cleanups; size_t ncleanups, capcleanups;
    /* error handling: run-time errors longjmp here with the exit status */
    jmp_buf *on_error;
    int failed;                     /* an expect/claim failed */
    bool loading_stdlib;
    int load_status;                /* EXIT_LIMIT when the last drv_load failed on a limit (constants) */
    int silent;                     /* > 0: errors unwind without a message (a tentative computation) */
    const Stmt *stmt;               /* the statement running (for errors inside the stdlib) */
    /* an error with nothing to unwind to (no prog_try running): the command line ends the process
       with status; must not return. NULL (a library): abort, as that is a bug of the caller. */
    void (*fatal)(struct Program *p, int status);
    UtilOom oom_outer;      /* the allocation-failure handler prog_catch_oom replaced */
    /* long computations: a nonzero *interrupt (a signal handler's flag; never NULL: it points to
       no_signal unless the REPL or the command line install theirs) stops the computation with
       EXIT_INTERRUPT at the next poll; progress, if set,
       is called about every second after the first while one runs (started: when it began) */
    ProgFlag *interrupt;
    ProgFlag no_signal;
    const Stmt *stop_stmt;  /* the statement running when the signal was seen (NULL: none) */
    /* the client's progress line: shown (elapsed seconds; it sets progress_shown), or erased
       (elapsed < 0); NULL: none */
    void (*progress)(struct Program *p, double elapsed, void *ctx);
    void *progress_ctx;
    /* each draw statement's and each two-range table's JSON object (as --json prints it) as it
       runs, whatever the output (gr_session_pictures; NULL: none; never in a --jobs worker) */
    void (*picture)(void *ctx, const char *json, size_t len);
    void *picture_ctx;
    double started, last_progress;
    bool progress_shown;    /* a progress line is on stderr: erased when the statement ends */
    /* the budgets checked by the polls (prog_budget_start arms them per statement): steps up to
       steps_end, the clock up to deadline (seconds of prog_now, 0: none), the session's memory up
       to the options' max_memory. A budget that runs out stops the whole statement (stopping:
       every prog_try passes the error on, tentative computations included) with EXIT_LIMIT. */
    uint64_t polls, poll_next;
    uint64_t steps_end;
    double deadline;
    bool stopping;
    size_t oom;             /* an allocation of this many bytes failed (prog_oom): reported after the unwinding */
    int work_game;          /* the game the solver is working on (-1: none), for the budgets' messages */
    UtilMeter *meter;       /* the session's memory: its client owns the meter and makes it the
                               thread's around each call into the program (util_set_meter), so
                               two programs in one process have budgets of their own; NULL (or an
                               allocator that does not tell sizes): the process's resident size */
    int statm_fd;           /* /proc/self/statm, opened on the first memory check (-1: none) */
    double mem_next;        /* prog_now() from which a poll reads the memory again (a read of
                               /proc costs microseconds: at most every PROG_MEMORY_EVERY seconds) */
    bool mem_over;          /* a poll found the memory over --max-memory: the next one stops the
                               statement; until then a store that sees this stops it itself, saying
                               what its positions look like (prog_memory_stop) */
    /* what a long computation counts, for the progress line (a strategy sets them: "values of
       the table" and how many so far; NULL: the positions stored) */
    const char *work_what;
    uint64_t work_done;
    bool jobs_worker;               /* this process is a worker of --jobs */
    /* standard input as read_ints("-"), read_lines("-") and read_digraph("-") see it (input.c):
       taken whole at the first such read (from the process's standard input, or the text a client
       gave: loaded already), then consumed in order (pos: where the next read starts, after nl
       newlines); refuse: why this session may not read it (the REPL reads its commands there),
       NULL: it may; borrowed: buf is the client's (not freed with the program); reads: how many
       reads there were (a def that read it is not memoized: vm_memo_forbid) */
    struct { char *buf; size_t len, pos; int64_t nl; bool loaded, borrowed; const char *refuse; uint64_t reads; } in;
    Arena *loop_arena;      /* where the innermost for statement running keeps its body's constants */
} ProgRun;

/* A session's program: its messages, what the compiler produced, its options, the run's
   context, and the interpreter and solver the driver connects (drv_init). */
struct Program {
    Diag diag;
    ProgCode code;
    ProgOptions opt;
    ProgRun run;
    Vm *vm;                         /* set by the driver */
    Solver *solver;                 /* set by the driver */
};

/* The program's own data only; driver.c adds the interpreter and the solver (drv_init). */
void prog_init(Program *p, FILE *out, FILE *err);
/* Flush the output; false (the failure reported once on the diagnostics stream, out_failed set)
   when a write failed: a full disk, a closed pipe. */
bool prog_out_ok(Program *p);
void prog_fini(Program *p);
/* Forget the functions from index n on (their code, locations and constants). */
void prog_forget_fns(Program *p, size_t n);
/* Report a run-time error at loc and unwind to the statement runner with status. */
_Noreturn void prog_fail(Program *p, int status, Loc loc, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Out of memory (util_set_oom's handler, ctx the program): inside a prog_try the whole
   statement stops with EXIT_LIMIT, unwinding without allocating, and the message waits for
   prog_report_oom; outside one it goes to the handler prog_catch_oom replaced. */
void prog_oom(void *ctx, size_t bytes, const char *msg);
/* An error outside every prog_try: p->run.fatal (the command line exits), else abort. */
_Noreturn void prog_no_handler(Program *p, int status);
/* After a prog_try that ended on an allocation failure: its message, at loc (the statement). */
void prog_report_oom(Program *p, Loc loc);
/* Route the calling thread's allocation failures to p (prog_oom) until the handler returned is
   put back with util_set_oom. */
UtilOom prog_catch_oom(Program *p);

/* Check for an interrupt and time for progress: called in the loops of long computations
   (interpreter loops, the store's new states, the strategies' native work). */
void prog_poll_slow(Program *p, Loc loc);
static inline void prog_poll(Program *p, Loc loc)
{
    if (*p->run.interrupt || ++p->run.polls >= p->run.poll_next) prog_poll_slow(p, loc);
}
/* Count n steps of native work at once (a strategy's inner loop), then poll. */
static inline void prog_poll_n(Program *p, uint64_t n, Loc loc)
{
    p->run.polls += n;
    prog_poll(p, loc);
}
/* How many polls pass between two checks of the clock, the memory and the steps. */
#define PROG_POLL_EVERY 4096
/* The least time between two reads of the resident memory (a poll reads /proc: microseconds). */
#define PROG_MEMORY_EVERY 0.002
/* --max-steps by default: about a minute or two of interpreted loop steps. */
#define PROG_DEFAULT_STEPS 10000000000ull
/* --max-memory by default: half the physical memory, or of a container's limit when lower. */
uint64_t prog_default_memory(void);
/* max_memory until the budget is first checked: then prog_default_memory (a file to read: a
   program that never checks, a fuzzer's input, does not read it). */
#define PROG_MEMORY_DEFAULT UINT64_MAX
/* The memory budget in bytes (0: none), the default worked out on first use. */
uint64_t prog_memory_budget(Program *p);
/* Arm the budgets for a new statement (or a REPL input, or the constants of a unit): the steps
   count from here, the clock of --timeout runs on. */
void prog_budget_start(Program *p);
/* The session's memory in bytes: what its meter counts (blocks, tables, scratch pages touched),
   or, without one, the process's resident size (0 when the system does not tell). */
uint64_t prog_memory_used(Program *p);
/* Stop with EXIT_LIMIT, naming what, when extra more bytes would take the process past
   --max-memory (a big table asks before it allocates). */
void prog_memory_need(Program *p, uint64_t extra, Loc loc, const char *what);
/* Stop with EXIT_LIMIT for the memory budget, as the periodic check does, with hint (what the
   stored positions show; NULL: none) in place of the advice to raise the budget. */
_Noreturn void prog_memory_stop(Program *p, Loc loc, const char *hint);
/* loc, or the running statement's place when loc has none (native work reached without one: a
   peek inside a search, a closed form's moves), for the budgets' messages. */
static inline Loc prog_here(const Program *p, Loc loc)
{
    return loc.line || !p->run.stmt ? loc : p->run.stmt->loc;
}
/* Erase the progress line, if one is shown. */
void prog_progress_clear(Program *p);
/* Seconds on a monotonic clock. */
double prog_now(void);

/* Run fn(p, ctx) with run-time errors caught: returns 0, or the error's exit status after
   running the cleanups registered since and returning every registered part to the state it
   had when fn began. Nests. */
int prog_try(Program *p, void (*fn)(Program *, void *), void *ctx);
/* Register a part of the run-time state that errors must not leave half-changed. */
void prog_on_error(Program *p, const Recover *r);
/* Register fn(arg) to run if an error unwinds past this point; returns a mark for prog_release. */
size_t prog_defer(Program *p, void (*fn)(void *arg), void *arg);
/* Forget the cleanups registered since mark (without running them): the code got past them. */
void prog_release(Program *p, size_t mark);
/* The latest symbol named name (a later one shadows an earlier), or NULL; by hash. A name of the
   standard library not loaded yet is loaded first; while the library loads (loading_stdlib), its
   names mean its own definitions, whatever a user's shadow. */
Symbol *prog_lookup(Program *p, const char *name);
/* Hide symbol i (a for statement's name, at the end of its body): lookups no longer find it. */
void prog_hide_sym(Program *p, size_t i);
/* Index the definitions of a standard library file (registered in diag as file): every line that
   starts with "game NAME", "scoring game NAME" or "def NAME" begins one, its doc comment (the comment lines just
   above) with it. Returns how many. */
size_t prog_lib_add(Program *p, uint32_t file);
/* The library's item of that name, or NULL. */
LibItem *prog_lib_find(const Program *p, const char *name);
/* Load every item of the library not loaded yet (listings, tests); returns the errors. */
int prog_lib_load_all(Program *p);
/* Drop the symbols from n on (a unit that failed). */
void prog_forget_syms(Program *p, size_t n);
/* The program's one record of the string s (n bytes): strings in lists are interned. */
const StrRec *prog_intern(Program *p, const char *s, size_t n);
/* The program's one record of the integer v (an INT or BIG; see StrRec), for lists that hold
   integers beyond 64 bits. */
const StrRec *prog_intern_int(Program *p, const Value *v);
int prog_add_func(Program *p, const char *name, FuncKind kind);
/* The standard library's game of that name, if it is loaded (-1: none; a game not loaded has no
   positions yet). */
int prog_stdlib_game(const Program *p, const char *name);
#endif
