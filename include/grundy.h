/* grundy.h: the public C API of libgrundy, the engine of the Grundy language for combinatorial
   games. The only header installed; everything else is the library's own.

   A session holds a program: the standard library, the definitions of every text evaluated in it
   so far, the values solved so far, and its options. Evaluating a text runs its statements as
   `grundy --json -e TEXT` would and hands back exactly the JSON lines the command line prints,
   errors included (one object per statement: docs/language.md, "Output").

   The library never exits the process, never writes to the standard output or error, never
   installs a signal handler and keeps no mutable global state: messages and results go to the
   caller. Sessions are independent of each other.

   Threads: a session is used by one thread at a time (gr_eval, gr_session_set, gr_session_free
   must not overlap on the same session); different sessions may be used from different threads
   at once. gr_interrupt is the exception: it may be called from any thread or from a signal
   handler while gr_eval runs.

   Worker processes: the option "jobs" above 1 lets a long claim, table or period fork worker
   processes (as `grundy --jobs N`); the default for a session is 1, no workers.

   Status codes (the command line's exit statuses): 0 success; 1 an `expect` or `claim` failed;
   2 usage (a bad option or value); 3 a compile or evaluation error (syntax, names, types); 4 a
   resource limit (positions, instances, steps, memory, time) or out of memory; 130 interrupted.

   Example (docs/api.md has a complete client):

       gr_session *s = gr_session_new();
       char *json = NULL;
       int st = gr_eval(s, "query Nim(3, 4, 5);", NULL, &json);
       fputs(json, stdout);      // {"kind":"query","position":"Heap(3) + Heap(4) + Heap(5)",...}
       gr_free(json);
       gr_session_free(s);
*/
#ifndef GRUNDY_H
#define GRUNDY_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A session: opaque. */
typedef struct gr_session gr_session;

/* The library's version, "MAJOR.MINOR.PATCH" (static storage). */
const char *gr_version(void);

/* A new session with the standard library loaded and the command line's defaults (50000000
   positions, 100000000 instances, 10^10 steps a statement, half the physical memory, no timeout,
   one process, the engine's own choice of strategy). NULL only when out of memory. */
gr_session *gr_session_new(void);

/* Free a session and everything it holds (NULL: nothing). */
void gr_session_free(gr_session *s);

/* The bytes the session holds now, as its "max-memory" budget counts them: its own blocks, tables
   and scratch pages, whatever other sessions in the process hold (0 for NULL). Where the allocator
   cannot tell a block's size (not glibc), the process's resident size instead. Not thread-safe
   against a gr_eval running in s. */
unsigned long long gr_session_memory(gr_session *s);

/* Set an option, the value written as on the command line:
     "max-states" N, "max-instances" N, "max-steps" N (positive integers), "max-memory" SIZE
     (bytes, or with K, M, G, T: the session's own memory, gr_session_memory), "timeout"
     SECONDS (0: none; each gr_eval gets the whole time), "jobs" N (worker processes for a
     claim, a table or a period; 1: none; "auto": one per processor), "jobs-after" SECONDS (a
     statement runs alone this long before it splits; default 0.1), "dot" FILE and "plot"
     FILE.svg (where draw statements and tables over two ranges write their graph and heat map;
     "": none), "output" "text" or "json" (what gr_exec writes: the
     command line's text, the default, or its --json lines), "strategy" NAME (closed, sequence,
     table, memo, tokens, retrograde, negamax; "" or "auto": the engine's choice).
   Returns 0, or 2 for an unknown option or a bad value (the session is unchanged). */
int gr_session_set(gr_session *s, const char *option, const char *value);

/* What the session's programs read as standard input: read_ints("-"), read_lines("-") and
   read_digraph("-") consume text (len bytes, copied) in order, as the command line consumes its
   standard input. Without a call they read the process's standard input; text NULL: they fail with
   an error (a session whose standard input is taken, as the REPL's is). Calling it again starts
   over with the new text. Returns 0, or 3 when out of memory. */
int gr_session_set_input(gr_session *s, const char *text, size_t len);

/* Evaluate text (definitions and statements; a bare position is a query) in the session, as one
   `grundy --json -e TEXT` would: name is the file name its messages use (NULL: "<eval>", the
   command line's own name for one -e text, so the output is identical to the command line's).
   Definitions stay in the session for later calls, and a later text may redefine them (as in the
   REPL); a text that does not compile adds nothing. *json receives the JSON lines printed, one
   object per statement or error, each ending in a newline, NUL-terminated: free it with gr_free
   (json may be NULL to discard them). Returns the command line's exit status: 0, 1, 3, 4 or 130
   (interrupted by gr_interrupt); 2 when s or text is NULL. */
int gr_eval(gr_session *s, const char *text, const char *name, char **json);

/* Where gr_exec writes: n bytes of data (not NUL-terminated) on stream 1, the output (the
   command line's standard output: answers as text, or JSON lines with "output" "json", errors
   included), or stream 2, the messages (its standard error: errors and warnings with their
   source line and caret). Called on the calling thread, during gr_exec, as the run produces them:
   the output at the end of each statement (and whenever a few KB have piled up), the messages a
   line at a time (a long run's answers arrive as they are found). Returns 0, or non-zero
   when the data could not be written (errno set): the run then stops as the command line's does
   when nobody reads its output, with the message "cannot write the output" and status 2. */
typedef int gr_write_fn(void *ctx, int stream, const char *data, size_t n);

/* Evaluate text as gr_eval does (definitions stay; the same statuses), but as `grundy -e TEXT`
   (with "output" "json": `grundy --json -e TEXT`) prints it: both streams, byte for byte the
   command line's, go to write(ctx, ...) as they are produced (write NULL: discarded). */
int gr_exec(gr_session *s, const char *text, const char *name, gr_write_fn *write, void *ctx);

/* gr_exec in two steps, as the command line runs its files: gr_load compiles the len bytes of
   text (its definitions, its constants; a NUL byte is an error in the text, as in a file) and
   leaves its statements for gr_run, which runs every statement
   loaded and not yet run. Several gr_load calls in a row are one compilation (their errors count
   together). Each returns what gr_exec would: gr_load 0, 3 or 4; gr_run the statements' status.
   When a gr_load of the run failed, gr_run runs nothing and returns that failure's status (the
   command line runs nothing when a file does not compile); the loaded statements are dropped. */
int gr_load(gr_session *s, const char *text, size_t len, const char *name, gr_write_fn *write, void *ctx);
int gr_run(gr_session *s, gr_write_fn *write, void *ctx);

/* Write the compiled bytecode of the definitions loaded (not the standard library's) to stream 1,
   as `grundy --dump-ir` does. Returns 0. */
int gr_dump_ir(gr_session *s, gr_write_fn *write, void *ctx);

/* Where the last call that returned 130 stopped: "FILE:LINE: the statement's text" (NULL when it
   stopped between statements, or no call was interrupted). Valid until the next call. */
const char *gr_stopped_at(gr_session *s);

/* A progress report while a statement runs long: called on the running thread about once a second
   after the first with the seconds so far, how many of what the computation counts ("positions
   stored", "values of the table", ...), and once with elapsed < 0 when the line should go (the
   statement ended). fn NULL: none (the default). */
typedef void gr_progress_fn(void *ctx, double elapsed, unsigned long long count, const char *what);
void gr_session_progress(gr_session *s, gr_progress_fn *fn, void *ctx);

/* Pictures as data: fn is called on the running thread with the JSON object (len bytes, not
   NUL-terminated; valid during the call) of each draw statement and each table over two ranges as
   it runs, whatever the output: what `--json` prints for it ({"kind":"draw","position":..,"dot":..}
   or {"kind":"table","position":..,"ranges":[..],"rows":[[..]..]}), for a client that draws them
   (the playground's graphs and heat maps). Statements that --jobs workers run hand none. fn NULL:
   none (the default). */
typedef void gr_picture_fn(void *ctx, const char *json, size_t len);
void gr_session_pictures(gr_session *s, gr_picture_fn *fn, void *ctx);

/* ---- one position's answer, as data ----
   A query's answer without JSON: its outcome, value, strategy and certificate, the positions its
   winning moves reach (drawing moves for a draw, best moves for a scoring game), and each move
   with its component, rule, binder values and result. The same answer `query POSITION;` gives,
   and the same strings the text output prints. */
typedef struct gr_answer gr_answer;

/* Answer position (an expression giving a position, such as "Nim(3, 4, 5)" or "misere(Kayles(7))",
   in the session's definitions; a text with a definition or more than one statement is refused
   with 3 and leaves nothing behind) into *out, to be freed with gr_answer_free. *errors (may be NULL)
   receives the errors as JSON lines, as gr_eval gives them (NULL or "" when there are none), to be
   freed with gr_free. Returns 0 with *out set, or the exit status of the failure (3 not a
   position or an error in it, 4 a limit, 130 interrupted; 2 for NULL arguments) with *out NULL.
   The session's limits, timeout and strategy apply, and gr_interrupt stops it as it stops
   gr_eval. */
int gr_query(gr_session *s, const char *position, gr_answer **out, char **errors);
void gr_answer_free(gr_answer *a);

/* The answer gr_query gives, as the one JSON object `query POSITION;` prints with --json (no
   newline; NUL-terminated) into *json, to be freed with gr_free: the position as gr_query takes
   it, name the file name its messages use (NULL: "<query>"). Returns as gr_query does, with *json
   NULL on a failure. (A binding's query in one call: the Python module's Session.query.) */
int gr_query_json(gr_session *s, const char *position, const char *name, char **json, char **errors);

/* 'P' (the player to move loses), 'N' (wins) or 'D' (a draw). */
char gr_answer_outcome(const gr_answer *a);
/* The value as the text output prints it: the SG value in decimal, any size; a scoring game's
   best score difference for the player to move; for a game with cycles whose value is infinite,
   the generalized value in UTF-8, "∞(0,2)" (the finite values of its options; "∞()" when it has
   none). NULL when there is none (misere play, a compound: the outcome only, see the certificate). */
const char *gr_answer_value(const gr_answer *a);
/* The position, normalised (printable and parseable: components in canonical form). */
const char *gr_answer_position(const gr_answer *a);
/* The strategy that answered ("closed:nim", "table", "memo", "sum", "misere:tame", ...). */
const char *gr_answer_strategy(const gr_answer *a);
/* The theorem or method behind the value, as the text output's "by" line; NULL if none. */
const char *gr_answer_certificate(const gr_answer *a);
/* Non-zero for a scoring game (its results are the best moves), for a draw (its results are the
   moves that keep the draw), and when the lists may be incomplete (too many to examine). */
int gr_answer_is_scoring(const gr_answer *a);
int gr_answer_is_draw(const gr_answer *a);
int gr_answer_incomplete(const gr_answer *a);
/* The distinct positions the winning moves reach, in move order (0 for a P-position). */
size_t gr_answer_result_count(const gr_answer *a);
const char *gr_answer_result(const gr_answer *a, size_t i);
/* Each move reaching one of them (two moves may reach one position), at most 1000: the component
   it moves, its rule's label (NULL: an unnamed rule), its binder values ("k=2, a=1"; NULL: none),
   the position it reaches, and how many equal copies of the component can make it. Any of the
   out pointers may be NULL. Returns 0, or -1 when i is out of range. The strings belong to a. */
size_t gr_answer_move_count(const gr_answer *a);
int gr_answer_move(const gr_answer *a, size_t i, const char **component, const char **rule, const char **args,
                   const char **result, unsigned long long *copies);

/* The binders of move i's rule with their values (0 when i is out of range), and the j-th of
   them: its name ("k"), its value as the text output writes it ("2", "[1, 2]", a number of any
   size) and, when it is an integer of 64 bits, that integer in *value. Returns 1 for such an
   integer, 0 for any other value, -1 when i or j is out of range. Out pointers may be NULL; the
   strings belong to a. */
size_t gr_answer_binder_count(const gr_answer *a, size_t i);
int gr_answer_binder(const gr_answer *a, size_t i, size_t j, const char **name, const char **text, long long *value);

/* The certificate's figures, by name: what the value rests on, as data. The names so far (more may
   come; a name not there gives -1):
     "family" (text: "octal", "subtraction", "heap" ...), "code" (text: "0.77"), "recognised"
     (1: read off the rules of a user's game), "period" and "preperiod" (a proven period: SG(n +
     period) = SG(n) for n >= preperiod), "proof" (text: the theorem that proves it), "table"
     (the values computed for the answer), "sg_by_search" (1: the SG value came from a search of
     the rules, the strategy knowing only the outcome); a closed form's "form" (text: "nim"),
     "theorem" (text: its statement) and "outcome_only" (1: it decides the outcome alone); a play
     mode's: misere play's "rule" (text: "tame", "genus", "search" or "over"), with "xor" and
     "firm" (1: a component is firm) under the tame rule and "genus" (text: "2^{20}") from a
     genus or a search; every, conj and their misere forms' "measure" (text: "suspense" or
     "remoteness"), "decisive" (the largest or smallest, whose parity decides) and "misere" (1 or
     0); select's "rule" (text: the sentence); a compound with cycles' "positions" and "moves"
     (the graph its retrograde analysis labelled); the searches' "method" (text: "retrograde" for a
     game with cycles, labelled backwards; "negamax" for a scoring game).
   gr_answer_fact gives the one named name: its text ("12", "0.77") and, when it is an integer,
   that integer in *value. Returns 1 for an integer, 0 for a text, -1 when the answer has no such
   figure. gr_answer_fact_at gives the j-th (its name too), -1 when out of range. The strings
   belong to a. */
int gr_answer_fact(const gr_answer *a, const char *name, const char **text, long long *value);
size_t gr_answer_fact_count(const gr_answer *a);
int gr_answer_fact_at(const gr_answer *a, size_t j, const char **name, const char **text, long long *value);

/* ---- for interactive clients (a REPL, a notebook, a page) ---- */

/* Whether text (len bytes) ends inside an item: an unclosed bracket or brace, a definition or
   statement cut short (an unclosed string is an error of its own line, not a wait). An interactive client then reads more lines before it
   evaluates the text (the REPL does; a blank line ends the wait). 0 for a complete text, also one
   with other errors (they are reported when it is evaluated). Needs no session; thread-safe. */
int gr_incomplete(const char *text, size_t len);

/* Where the calls that hand back data (gr_eval, gr_query, gr_position, gr_draw, the definitions
   below) also write the text of their messages: errors with their source line and caret, as the
   command line prints them, on stream 2 of write, once the call has run (the JSON lines of the
   errors are handed back as before). NULL: nowhere (the default). */
void gr_session_messages(gr_session *s, gr_write_fn *write, void *ctx);

/* The text of the messages the last call that hands back data (gr_eval, gr_query, gr_query_json,
   gr_position, gr_draw, the definitions below) wrote, as gr_session_messages receives it: "" when
   there were none (never NULL; "" for a NULL session). Valid until the next call on the session.
   For a client that cannot take a callback during the call (a binding whose callbacks would run
   in an interrupted interpreter). */
const char *gr_session_last_messages(gr_session *s);

/* What gr_position answers. */
enum {
    GR_WINNING = 0,     /* the value and the winning moves, labelled (as gr_query) */
    GR_VALUE = 1,       /* the value alone, with its components (gr_answer_component): nothing of
                           the moves is computed */
    GR_EVERY_MOVE = 2,  /* the value and every move of the position in the rules' order, each with
                           the value of the position it reaches (gr_answer_move_value) as a query
                           gives it: where a form decides the outcome alone, the SG value of a
                           bounded search, and past four such searches failing in one listing the
                           outcome alone */
    GR_EVERY_OUTCOME = 3,  /* GR_EVERY_MOVE with outcomes alone (no SG value is computed: what a
                              player needs; a scoring game's values are kept) */
    GR_HOLD = 16           /* or'ed with GR_EVERY_MOVE or GR_EVERY_OUTCOME: the session holds the
                              position each move reaches (gr_answer_move_id, gr_position_held) */
};

/* gr_query with more to choose: name is the file name its messages use (NULL: "<query>"), what
   one of GR_WINNING, GR_VALUE, GR_EVERY_MOVE, GR_EVERY_OUTCOME, and max the most moves the last
   two list (0: 2000; (size_t)-1: all; gr_answer_incomplete when there were more). A compound's
   position (every, conj, select and the like) lists each move of the compound, with no rule
   (gr_answer_move's rule NULL, its component the whole position) and the outcome it reaches;
   copies of a component are components of their own, each distinct choice listed once. Returns
   as gr_query does. */
int gr_position(gr_session *s, const char *position, const char *name, int what, size_t max, gr_answer **out,
                char **errors);

/* Positions held by the session (GR_HOLD): move i's position as an id (0 when not held) that
   gr_position_held answers as gr_position answers a text (what and max as there; no name: nothing
   is read). Ids count up from 1; gr_session_held gives the last one issued, and
   gr_session_release(s, after) frees the positions held after that id (0: all; their ids then
   mean nothing), so a client walking a game tree holds one path: take the mark, list, walk the
   children, release after the mark. A call that failed may have held positions too. A held
   position is the one the move reaches, exactly: no text is read back, so a name shadowed since
   cannot make it another game's (a redefinition of its game changes it, as every value of it).
   gr_position_held returns as gr_position does; 2 for an id not held. */
unsigned long long gr_answer_move_id(const gr_answer *a, size_t i);
int gr_position_held(gr_session *s, unsigned long long id, int what, size_t max, gr_answer **out, char **errors);
unsigned long long gr_session_held(gr_session *s);
void gr_session_release(gr_session *s, unsigned long long after);

/* The move the engine makes when a person plays against it (the REPL's :play, the playground's
   board): in a scoring game the first move worth the most to its maker (gain - value after); else
   the first winning move; else the first that keeps a draw; else the move that loses slowest (the
   largest remoteness: the moves to the end when the winner hurries and the loser drags), found by
   a search of at most 50000 positions, 2000 moves deep; past those bounds, the first move. The
   position is the held id (id != 0; see gr_position_held), else the text position (name as
   gr_position's). *index is the move's index in what gr_position with GR_EVERY_OUTCOME lists for
   that position ((size_t)-1 when it has no move, or the call failed); *why says which of the rules
   above chose it (static text: "a best move", "a winning move", ...). The positions the search
   holds are released before it returns; those held before stay. gr_interrupt and the session's
   timeout stop the whole search (130, 4). Returns 0, or as gr_position does. */
int gr_engine_move(gr_session *s, const char *position, const char *name, unsigned long long id, size_t *index,
                   const char **why, char **errors);
/* The same for the engine playing side 'L' (Left) or 'R' (Right) in a partizan position: one of
   that side's moves (gr_answer_move_side), the first winning one, else the one that loses slowest
   (the opponent then moving with the other side's moves), under the same bounds. side 0 is
   gr_engine_move; a partizan position needs a side (else EXIT_COMPILE, 3, with a message). */
int gr_engine_move_side(gr_session *s, const char *position, const char *name, unsigned long long id, char side,
                        size_t *index, const char **why, char **errors);

/* The kind of a value gr_answer_value or gr_answer_move_value gives. */
enum { GR_VALUE_NONE = 0, GR_VALUE_SG = 1, GR_VALUE_LOOPY = 2, GR_VALUE_SCORE = 3,
       GR_VALUE_FORM = 4 /* a partizan position's canonical form, in ASCII ("1/2", "^*", "+-1", "{2|-1/2}") */ };
int gr_answer_value_kind(const gr_answer *a);
/* Why there is no SG value (the text output's "no SG value: ..."), or NULL. */
const char *gr_answer_no_value(const gr_answer *a);
/* Non-zero for a play mode's position (misere, every, ...): its components are solved in normal
   play first. */
int gr_answer_is_mode(const gr_answer *a);

/* The components of the position asked (at most 1000 listed): count, and the i-th: its position,
   its copies, the strategy that solved it and the theorem or method behind it (NULL: none).
   Returns 0, or -1 when i is out of range. Out pointers may be NULL; the strings belong to a.
   gr_answer_component_total: how many there are in all (more than the count past 1000). */
size_t gr_answer_component_count(const gr_answer *a);
size_t gr_answer_component_total(const gr_answer *a);
int gr_answer_component(const gr_answer *a, size_t i, const char **position, unsigned long long *copies,
                        const char **strategy, const char **certificate);

/* Move i of a GR_EVERY_MOVE or GR_EVERY_OUTCOME answer (gr_answer_move gives its component, rule,
   binders and result): the outcome of the position it reaches, that position's value and its kind
   (NULL and GR_VALUE_NONE when there is none: misere play, GR_EVERY_OUTCOME, a scoring game, whose
   figures are gain, after and worth, and an SG value beyond the bounded search of GR_EVERY_MOVE),
   whether the move is one to make (1: a winning move; for a draw one keeping the draw; in a
   scoring game a best move), and in a scoring game its gain, the value after it and what it is
   worth to its maker (gain - value after; NULL otherwise). Returns the outcome ('P', 'N', 'D'), or 0 when i is out of range. */
char gr_answer_move_value(const gr_answer *a, size_t i, const char **value, int *kind, int *best, const char **gain,
                          const char **after, const char **worth);
/* Whose move i is in a partizan position's answer: 'L' (Left's) or 'R' (Right's); 0 in an impartial
   or scoring game (every move is either player's). A move open to both players in a partizan
   position (an impartial component of the sum) is listed once for each; the outcome classes are
   'L' (Left wins whoever starts), 'R', 'P' (the second player wins) and 'N' (the first), and a
   move is one to make (best) when it wins for its maker: Left's to an L or P position, Right's to
   an R or P one. */
char gr_answer_move_side(const gr_answer *a, size_t i);

/* The game graph below position, depth moves deep (at most 50), as Graphviz DOT into *dot (free
   with gr_free): what `draw POSITION depth N` writes. Returns as gr_query does. */
int gr_draw(gr_session *s, const char *position, const char *name, int depth, char **dot, char **errors);

/* The positions the session has stored, and the store's memory in bytes in *bytes (may be NULL):
   states, hash table, keys, aliases, direct index. */
unsigned long long gr_session_positions(gr_session *s, unsigned long long bytes[5]);

/* An option's value as gr_session_set takes it ("50000000" for "max-states"); NULL for an unknown
   option. The text belongs to the session, valid until the next call. */
const char *gr_session_get(gr_session *s, const char *option);

/* Every name the session knows, for completion: the standard library's (loaded or not), then its
   symbols (built-in functions and definitions), a name possibly more than once. */
size_t gr_session_name_count(gr_session *s);
const char *gr_session_name(gr_session *s, size_t i);

/* The definitions in force (games, defs, constants; a session's shadows the standard library's):
   gr_session_def_count loads the whole standard library and counts them, the standard library's
   first in the order of its files, then the session's; gr_session_def gives the i-th, and
   gr_session_def_find the one named name (loading it from the standard library if need be):
   its name, kind ('g', 'd' or 'c'), whether the standard library's, its first line as written
   ("game Kayles(n) {") and its doc comment (the comment lines just above it without "// ", each
   ending in a newline; "" when none). Return 0, or -1 when there is no such definition. Out
   pointers may be NULL; the strings belong to the session, valid until the next call.
   gr_session_def's indexes are those of the last gr_session_def_count (-1 before one; a later
   definition is not among them until the next count). */
size_t gr_session_def_count(gr_session *s);
int gr_session_def(gr_session *s, size_t i, const char **name, int *kind, int *stdlib, const char **first_line,
                   const char **doc);
int gr_session_def_find(gr_session *s, const char *name, int *kind, int *stdlib, const char **first_line,
                        const char **doc);
/* A built-in function's one-line description ("winning_count"), or NULL when there is none by
   that name. Static storage. */
const char *gr_builtin_doc(const char *name);

/* Ask the gr_eval (or gr_query) running in s to stop: it stops at its next poll (within
   milliseconds) and returns 130; the session stays usable. Async-signal-safe; may be called from any thread. A call
   while no gr_eval runs has no effect on the next one. */
void gr_interrupt(gr_session *s);

/* Free memory the library handed out (NULL: nothing). */
void gr_free(void *p);

#ifdef __cplusplus
}
#endif
#endif
