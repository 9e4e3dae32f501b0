/* solve.h: the solver: a table of strategies (each one file and one entry in solve.c), the rule
   that combines components into a position's value (the disjunctive sum), and the answers the
   statements and the interpreter ask for: outcome, SG value, winning moves, periods. */
#ifndef GRUNDY_SOLVE_H
#define GRUNDY_SOLVE_H
#include "pos.h"
#include "solve/core/mex.h"
#include "solve/core/period.h"
#include "solve/core/mquot.h"
#include "solve/core/compose.h"
#include "solve/core/cgt.h"

/* What a prog_try puts back when an error unwinds into it: the work count, the game named in
   messages, the fuel and the store's budget of a tentative computation. */
typedef struct SolveTry { int busy; int game; uint64_t fuel; size_t budget; } SolveTry;

struct Solver {
    Program *p;
    Vm *vm;
    Engine *store;
    const struct Strategy *const *strategies;   /* the table of strategies, NULL-ended (solve.c's) */
    void **state;           /* each strategy's own state, in table order (NULL: none) */
    int busy;               /* > 0 while a strategy enumerates moves: sg() and 'is' are refused */
    uint64_t fuel;          /* > 0: work (moves examined) left to a tentative computation */
    const int64_t *cycle;   /* a position a strategy found on a cycle (SOLVE_CYCLE), for the message */
    int64_t cycle_buf[8];   /* room for such a key when the store has none for it */
    struct Sums *sums;      /* sums of components as states (sums.h), for misere play and the compounds */
    void (*sums_fini)(struct Sums *);   /* frees them (set with them: the solver does not include sums.h) */
    struct MqCache *mqcache;    /* heap families' misère quotients (mode_quot.c), made on first use */
    void (*mqcache_fini)(struct MqCache *);
    struct Partizan *partizan;   /* partizan positions' forms (partizan.h), made on first use */
    void (*partizan_fini)(struct Partizan *);
    SolveTry *tries;        /* busy and the program's work_game at each prog_try in progress */
    size_t ntries, captries;
    /* the games of which a strategy for cycles has labelled states (solve_mark_cyclic); 1 a game */
    unsigned char *cyclic;
    size_t ncyclic;
};

/* How a strategy lists a state's winning moves itself (its moves hook). */
typedef enum SolveMoves { MOVES_RULES, MOVES_ALL, MOVES_SOME } SolveMoves;

/* What a strategy's solve did: declined (the next strategy is tried), solved the state, or found
   that it lies on a cycle (s->cycle names a position of it; the strategy is idle again, and a
   strategy for games with cycles may answer instead). */
typedef enum SolveResult { SOLVE_DECLINE, SOLVE_DONE, SOLVE_CYCLE } SolveResult;

/* A strategy: everything it provides, with its lifecycle. Only name, applies and solve are
   required. A new strategy is one file defining one of these plus its entry in the table. */
/* A strategy's place in the table (solve.c's solve_strategies, checked when a solver starts). */
typedef enum StrategyId {
    STRATEGY_TOKENS, STRATEGY_CLOSED, STRATEGY_SEQUENCE, STRATEGY_TABLE, STRATEGY_MEMO, STRATEGY_RETRO, STRATEGY_INTERVAL,
    STRATEGY_NEGAMAX
} StrategyId;

/* The certificate's data: figures the value rests on, by name ("period" 12, "code" "0.77"), an
   integer or a text each; the names are listed in docs/api.md (gr_answer_fact). */
typedef struct AnswerFact { const char *key; bool is_int; int64_t i; char *text; } AnswerFact;
typedef struct AnswerFacts { AnswerFact *v; uint32_t n, cap; } AnswerFacts;
/* Add a fact (facts NULL: nothing; a key already there keeps its first value). */
void solve_fact_int(AnswerFacts *facts, const char *key, int64_t v);
void solve_fact_text(AnswerFacts *facts, const char *key, const char *text);
/* An unsigned figure: an integer while it fits 63 bits, its decimal text past them. */
void solve_fact_uint(AnswerFacts *facts, const char *key, uint64_t v);
void solve_facts_free(AnswerFacts *facts);

typedef struct Strategy {
    const char *name;       /* --strategy NAME; the reported strategy unless name_of says more */
    StrategyId id;          /* its place in the table */
    bool cheap;             /* answers without searching: searches ask it about their children */
    bool loopy;             /* solves games with cycles: tried after another strategy found one */
    bool scoring;           /* solves scoring games, and nothing else (the others never see them) */
    /* Its state in a solver, freed by fini; recover runs after an error unwound through a solve
       (cleared: the store was emptied as well, after a limit). */
    void *(*init)(Solver *s);
    void (*fini)(Solver *s, void *st);
    void (*recover)(Solver *s, void *st, bool cleared);
    bool (*applies)(Solver *s, void *st, const int64_t *key);
    /* Solve state id (marking it ST_DONE or ST_OUTCOME, ST_TERMINAL, and how = solve_how(...)).
       Without need_sg a form that decides only the outcome may answer. */
    SolveResult (*solve)(Solver *s, void *st, uint32_t id, Loc loc, bool need_sg);
    /* Optional: state id, which it solved by its outcome only, gets its SG value without a search
       (a labelling of data it holds, linear in that data): solve it with need_sg at full cost
       rather than within the tentative search's budget. */
    bool (*sg_at_hand)(Solver *s, void *st, uint32_t id);
    /* The strategy reported for a state it solved (variant: what it put in solve_how). */
    const char *(*name_of)(Solver *s, void *st, uint32_t variant);
    /* The theorem or certificate behind the value of state id (the text output's "by" line),
       and its figures into facts (NULL: not wanted); variant: what the strategy put in solve_how
       for it. */
    void (*explain)(Solver *s, void *st, uint32_t id, uint32_t variant, StrBuf *b, AnswerFacts *facts);
    /* The options of state id that reach want (the play mode's target: an SG value of any size,
       or an outcome), in the rules' order (a few others are harmless: the caller checks each).
       MOVES_RULES: enumerate the rules instead; MOVES_SOME: the list may be incomplete. */
    SolveMoves (*moves)(Solver *s, void *st, uint32_t id, const GameValue *want, VmYield cb, void *ctx);
    /* The period statement for the family key0 (n = 0) with the heap in key word cw; false when
       the strategy does not know the family. */
    bool (*period)(Solver *s, void *st, const int64_t *key0, size_t cw, uint64_t bound, Loc loc, SolvePeriod *out);
    /* Optional: what the compounds need of state id, without a search (SolvePace: a remoteness or
       suspense, normal or misere; PACE_NIM: whether every position of it plays as a Nim heap of
       its SG value, *out then 1); false when it does not know. */
    bool (*pace)(Solver *s, void *st, uint32_t id, unsigned which, uint64_t *out);
    /* Optional: the SG value of the component key (raw, not interned) when the strategy holds it
       already, or can find it without a stored state (the table strategy, for a game it has
       compiled already): sg() in a loop over positions creates no state in the store. False:
       the solver goes the usual way. */
    bool (*peek)(Solver *s, void *st, const int64_t *key, Loc loc, uint64_t *sg);
    /* Optional: the remoteness it found for state id, a lone component of a game with cycles
       (UINT32_MAX: a draw; UINT32_MAX - 1: not known to it). */
    uint32_t (*remoteness)(Solver *s, void *st, uint32_t id);
} Strategy;

/* Remoteness and suspense (docs/theory.md section 8), normal and misere, and PACE_NIM. */
typedef enum SolvePace { PACE_R, PACE_S, PACE_RM, PACE_SM, PACE_NIM } SolvePace;

/* The table, first to last (ORDER matters: the first that applies and does not decline answers). */
extern const Strategy *const solve_strategies[];
extern const Strategy strategy_closed, strategy_sequence, strategy_table, strategy_memo, strategy_retro,
    strategy_tokens, strategy_interval, strategy_negamax;

Solver *solve_new(Program *p, Vm *vm);
void solve_free(Solver *s);
/* The solver's part in prog_try (driver.c registers them). After an error every strategy
   forgets its work in progress (strategies return to idle: a prog_try starts only where no search
   is in progress); limit: the store is emptied too. */
void solve_try_enter(Solver *s);
void solve_try_leave(Solver *s);
void solve_try_fail(Solver *s, bool limit);
/* Forget every value and every strategy's caches (after definitions changed). Between statements. */
void solve_forget(Solver *s);
/* The interpreter's view of the solver (driver.c installs it). */
void solve_host(Solver *s, VmHost *host);

/* Whether --strategy lets the strategy called name run. */
bool solve_allowed(const Program *p, const char *name);
/* State.how for a state self solved, with a variant number of its own (< 2^11): 16 bits, the
   strategy's index above the variant. */
uint32_t solve_how(const Strategy *self, uint32_t variant);
#define HOW_VARIANT_BITS 11
#define HOW_STRATEGY(how) ((uint32_t)(how) >> HOW_VARIANT_BITS)
#define HOW_VARIANT(how) ((uint32_t)(how) & ((1u << HOW_VARIANT_BITS) - 1))
/* self's state in s. */
void *solve_state(Solver *s, const Strategy *self);
/* The theorem or certificate behind solved state id's value (appended to b; nothing if none),
   and its figures into facts (NULL: not wanted). */
void solve_why(Solver *s, uint32_t id, StrBuf *b, AnswerFacts *facts);
/* The name of the strategy that solved a state. */
const char *solve_how_name(Solver *s, uint32_t how);

/* Solve one component with the first strategy that applies and accepts; returns its value
   (UINT64_MAX for a value beyond 64 bits: ST_BIG, read it with solve_value_of) and the
   strategy's name. Without need_sg a form that decides only the outcome may answer: the state is
   then ST_OUTCOME and the result is 0 (P) or 1 (N). */
uint64_t solve_component(Solver *s, uint32_t id, Loc loc, const char **strategy, bool need_sg);
/* Count work (moves examined natively) against a tentative computation's fuel, if any. */
void solve_burn(Solver *s, uint64_t work, Loc loc);
/* Whether a strategy may run a pass in a second thread (--jobs above 1, and not in a worker
   process of a split statement, which has its share of the processors already). */
bool solve_threads(const Solver *s);
/* A strategy for cycles labels states of game gid (their values are loopy labels, even when
   finite). A strategy that solves a game without reading the store's states (the table) leaves
   such a game to memo from then on: memo meets those labels and hands the position on, so a
   position whose options are labelled is labelled too, as misere play's genus needs. */
void solve_mark_cyclic(Solver *s, uint32_t gid);
bool solve_cyclic(const Solver *s, uint32_t gid);
/* Try the cheap strategies (closed forms) on state id, for a search about to descend into it;
   true when it is solved now with its SG value. */
bool solve_cheap(Solver *s, uint32_t id);
/* A state's value as a GameValue, and a value stored into a state (marking it solved). */
GameValue solve_value_of(const State *st);
void solve_set_value(State *st, GameValue v);
/* Read a move result (a POS value, or the integer 0) as component keys and their counts (NULL:
   one each); an error otherwise, and for a position of a partizan game (an impartial game's move
   may not reach one). solve_parts reads it the same way, partizan positions allowed (the
   partizan code's own reading). */
void solve_parts(Solver *s, const Value *v, Loc loc, const int64_t *const **keys, const uint64_t **cnt, uint32_t *n);
void solve_components(Solver *s, const Value *v, Loc loc, const int64_t *const **keys, const uint64_t **cnt,
                      uint32_t *n);

typedef struct AnswerPart { uint32_t id; uint64_t count; } AnswerPart;
/* Sort parts by state and merge equal states (their counts add up): a multiset; returns its size. */
uint32_t solve_multiset(AnswerPart *p, uint32_t n);

/* A rule's binder in a listed move: its name and its value. A 64-bit integer (most binders) is
   kept as one; any other value (an integer past 64 bits, a list, a string) as its text and its
   JSON, since the frame it lived in is gone by the time the answer is read. */
typedef struct AnswerBinder { const char *name; bool is_int; int64_t i; char *text, *json; } AnswerBinder;
typedef struct AnswerBinders { AnswerBinder *v; uint32_t n; } AnswerBinders;
void solve_binders_free(AnswerBinders *b);

typedef struct Answer {
    char outcome;            /* 'P', 'N' or 'D' */
    bool has_sg;
    GameValue sg;            /* the position's value (an SG value of any size when has_sg) */
    const char *no_sg;       /* why the SG value was not computed (!has_sg), or NULL */
    char *position;          /* the normalised position, printable and parseable */
    char **winning;          /* positions after each winning move, in move order, no duplicates */
    size_t nwin;
    const char *strategy;
    bool truncated;          /* more winning moves exist than were listed */
    bool unvalued;           /* the list stopped at an option whose SG value would take a search beyond
                                SOLVE_SG_BUDGET: more winning moves may exist (implies truncated) */
    bool drawing;            /* a draw: winning lists the moves that keep it (to D positions) */
    int64_t remoteness;      /* a lone component with cycles: its remoteness, -2 a draw, -1 unknown */
    /* a P-position with cycles: each opponent move (as a position) with the reply that keeps it
       lost for the opponent and makes play end (the labelling's counter decreases) */
    struct AnswerDefence { char *move, *reply; } *defence;
    size_t ndefence, capdefence;
    char *why;               /* the theorem or method behind the value (text output), or NULL */
    AnswerFacts facts;       /* the figures it rests on (a period, an octal code, ...) */
    bool scoring;            /* a scoring game: sg is its score (GV_SCORE, any size), winning lists its best moves */
    /* a partizan position (partizan.h): outcome 'L', 'R', 'P' or 'N'; value its canonical form in
       ASCII and in Unicode; pz each winning move of either player (side 'L' or 'R'), the component
       it is made in (its text, and copies of it), its rule's label and binders, the position after */
    bool partizan;
    char *value, *value_unicode;
    struct AnswerPzMove { char side; char *from; uint64_t copies; const char *label; AnswerBinders args; char *result; } *pz;
    size_t npz, cappz;
    bool pz_truncated;       /* more winning moves than SOLVE_MAX_WINNING for a side */
    bool has_line;           /* line: the totals of the player to move and of the other along a best line */
    GameValue line[2];
    /* private, freed by solve_answer_fini: each distinct change of the position a listed move
       makes (nchanges of them): one copy of its non-terminal component `which` replaced by the
       non-terminal parts (a multiset: sorted, with counts), and the listed position it reaches
       (result: index into winning). Two changes reach the same position exactly when they agree,
       or when each puts back the component it removes (a game with cycles: Token(D, 0) moving
       to itself) and the rest agrees; the first change of each result comes first. */
    struct AnswerMove { size_t which; uint32_t removed; AnswerPart *parts; uint32_t nparts; size_t result; } *moves;
    size_t nchanges;
    /* the changes as an open-addressing set (index into moves + 1, 0 = empty; seen holds the
       first nseen of them), so a change met again is found without comparing it with every one */
    uint32_t *seen;
    size_t seencap, nseen;
    /* a play mode's answer (misere play, a compound): each winning move's position as its
       components (mode: the position's PM_*), and the JSON fields it adds ("components":[...]) */
    struct AnswerPos { AnswerPart *parts; uint32_t nparts; } *mpos;
    uint64_t *mhash;         /* each one's multiset hash (0: a compound's, kept in order) */
    unsigned mode;
    bool unwritten;          /* a winning move exists that the position syntax cannot write */
    /* a play mode's components, for the renderers: each one's position and, in misere play, its
       genus and whether it is tame; in every() or conj(), its suspense or remoteness (pace_name
       "suspense" or "remoteness", NULL otherwise) */
    struct AnswerComponent { char *position; char *genus; bool tame; const char *pace_name; uint64_t pace; } *components;
    size_t ncomponents;
    /* each move reaching a listed result (labels.c), in the results' order: the result (index into
       winning), the component moved (index into comps) and its copies (each can make the move),
       the rule's label (NULL: unnamed) and binder values ("k=2", {"k":2}); labels_cut: a
       component had too many moves to enumerate (its results may lack labels) */
    struct AnswerLabel { size_t result, comp; uint64_t copies; const char *label; AnswerBinders args; } *labels;
    size_t nlabels, caplabels;
    bool labels_cut;
    uint64_t nmoves;         /* the moves labelled, counted with their copies (labels keeps the first
                                SOLVE_MAX_WINNING of them) */
    const uint32_t *comps;   /* the position's non-terminal components (scratch, while answering) */
    const uint64_t *counts;  /* how many copies of each */
    const size_t *span;      /* where each component's text starts and ends in position (scratch) */
    size_t ncomps, printed, capmoves, capwin;
} Answer;

/* Label the listed winning (drawing) moves of answer a to a query of pos with moves (labels.c):
   normal play and misere play of a sum (whose moves change one component); a compound's stay
   positions. Only the answers that show or count moves need it. */
void solve_label(Solver *s, Answer *a, const Value *pos, Loc loc);
/* labels.c's helpers for each_move.c: whether the component key (state id, or UINT32_MAX for
   none) has no move; a rule's binder values at a move (frame) as text and JSON, into l. */
bool labels_terminal(Solver *s, const int64_t *key, uint32_t id);
struct RRule;
void labels_binders(Solver *s, const struct RRule *mv, const Value *frame, AnswerBinders *out);

/* One move of a position (solve_each_move): the component moved (index, copies, key), the
   rule's label (NULL: unnamed), its binders with their values, the position after it, and its
   gain in a scoring game (a GV_SCORE of any size, score.h; 0 otherwise); side: in a partizan
   position, whose move it is (MOVE_BOTH, MOVE_LEFT or MOVE_RIGHT, ast.h), else MOVE_BOTH. */
typedef struct SolveMove {
    int side;
    size_t comp;
    uint64_t copies;
    const int64_t *from;
    const char *label;
    const AnswerBinders *args;
    Value result;
    GameValue gain;
} SolveMove;
typedef int (*SolveMoveFn)(void *ctx, const SolveMove *m);
/* Call fn for every move of a normal-play position (each distinct component's rules in turn,
   at most max moves; fn returns nonzero to stop); true when there were more than max. The
   callbacks run after the enumeration: they may ask the solver anything. */
bool solve_each_move(Solver *s, const Value *pos, Loc loc, size_t max, SolveMoveFn fn, void *ctx);
/* The same for a compound's position (every, conj, select, shortselect, misere or not): fn gets
   each distinct move's result as a position of the compound's mode and its text (copies of a
   component choosing in order); true when there were more than max. */
typedef int (*SolveModeMoveFn)(void *ctx, const Value *result, const char *text);
bool solve_mode_moves(Solver *s, const Value *pos, Loc loc, size_t max, SolveModeMoveFn fn, void *ctx);

/* Winning moves listed at most (Answer.truncated tells when there are more), and the components
   their printed positions may hold in all: a sum of 10^6 heaps lists a few whole positions. */
#define SOLVE_MAX_WINNING 1000
/* Components a drawn position may have for its drawing moves to be listed (each costs a pass). */
#define SOLVE_MAX_DRAW_COMPS 1000
#define SOLVE_MAX_PRINTED ((size_t)1 << 21)
/* A lone component decided by its outcome alone gets its SG value by a search of its rules when
   that needs at most this many new positions. */
#define SOLVE_SG_BUDGET 16384
#define SOLVE_SG_BUDGET_TEXT "16384"
/* ... and at most this much work: loop steps of the rules, or moves examined by a native table. */
#define SOLVE_SG_WORK ((uint64_t)1 << 22)
/* Candidate moves examined at most when the rules of a position a cheap strategy solved are
   enumerated for its winning moves, and by the closed forms' own scans. */
#define SOLVE_MAX_SCAN ((uint64_t)1 << 20)

/* A play mode other than normal play of a sum (value.h PM_*): misere play of a sum, and the
   compounds (normal or misere). One file each and one entry in solve_modes (solve.c). */
typedef struct PlayMode {
    const char *name;
    unsigned compound;      /* PM_SUM (then misere play of the sum), PM_EVERY, ... */
    /* Answer a query on pos (a POS of this mode) as solve_query does. */
    void (*query)(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a);
    /* Whether two positions of this mode are the same game (components compared as games). */
    bool (*same)(Solver *s, const Value *a, const Value *b, Loc loc);
} PlayMode;
extern const PlayMode *const solve_modes[];
extern const PlayMode mode_misere, mode_every, mode_conj, mode_select, mode_shortselect;
/* Partizan positions (moves marked "left move" / "right move"; solve/modes/partizan.c): each
   component's canonical form, computed once and kept by state; a query's outcome class, value and
   both players' winning moves. */
/* The solver's partizan state (made on first use, in s->partizan; freed with s->partizan_fini). */
struct Partizan;
/* Whether pos (a POS value, or 0) has a component of a partizan game: then it is answered here. */
bool pz_applies(Solver *s, const Value *pos);
/* Answer a query of pos (normal play) as solve_query does: outcome 'L', 'R', 'P' or 'N', the value
   as text, with moves both players' winning moves. */
void pz_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a);
/* The canonical form of pos in the solver's store, and the store. */
CgtId pz_form(Solver *s, const Value *pos, Loc loc);
CgtStore *pz_store(Solver *s);
/* pos's outcome class ('L', 'R', 'P', 'N'); two positions compared as games ('<', '>', '=', '|'). */
char pz_outcome(Solver *s, const Value *pos, Loc loc);
char pz_compare(Solver *s, const Value *a, const Value *b, Loc loc);
/* A figure of pos (VM_PZ_MEAN, _TEMPERATURE, _LEFTSTOP, _RIGHTSTOP; vm.h) as text (malloc'd). */
char *pz_figure(Solver *s, const Value *pos, int which, Loc loc);
/* Its thermograph (kept with the forms; valid until the solver forgets them). */
const CgtThermo *pz_thermograph(Solver *s, const Value *pos, Loc loc);
/* The canonical form of pos as text (malloc'd): ASCII, or with ↑ ↓ ⇑ ± (unicode). */
char *pz_value_text(Solver *s, const Value *pos, Loc loc, bool unicode);

/* Append a count and a component to b: "k * A" (just "A" for one copy). */
void solve_print_copies(Solver *s, StrBuf *b, uint64_t count, uint32_t id);
/* Print components ids[0..n) with their counts as a sum (terminal ones dropped unless
   terminal_too), wrapped in play mode's calls. */
char *solve_print_parts(Solver *s, unsigned mode, const uint32_t *ids, const uint64_t *cnt, size_t n, bool terminal_too);
/* A winning move of a play mode's answer: its position as components with counts (copied). */
void solve_answer_add(Answer *a, char *text, const AnswerPart *parts, size_t n);
/* Play mode answer a's listed position i (its mpos) as a position of a's mode, in scratch. */
Value solve_answer_mpos(Solver *s, const Answer *a, size_t i, Loc loc);

/* Conway's genus of a position (a sum in normal play, or misere(...) of one): its text in
   Conway's notation, whether it is hereditarily tame, the position printed (malloc'd strings). */
typedef struct SolveGenus { char *genus, *position; bool tame; } SolveGenus;
void solve_genus(Solver *s, const Value *pos, Loc loc, SolveGenus *out);

/* Answer a query on pos (a POS value, or 0) into a, an answer from solve_answer_new. With moves,
   also list the winning moves. */
void solve_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a);
/* A fresh answer on the heap, registered with the program's cleanups (an error unwinding past
   it frees it); the caller releases the mark and frees it with solve_answer_free. */
Answer *solve_answer_new(Program *p, size_t *mark);
void solve_answer_free(void *a);
void solve_answer_fini(Answer *a);
/* The number of winning moves of pos, each rule in each copy of a component counted (positions:
   the distinct positions they reach; a play mode's position counts positions either way); an
   error when they could not all be listed. */
int64_t solve_winning_count(Solver *s, const Value *pos, Loc loc, bool positions);
/* The i-th winning move of pos (0-based, in the order queries list them), as a position. */
Value solve_winning_move(Solver *s, const Value *pos, int64_t i, Loc loc);
/* Whether two positions are the same game sum: equal multisets of canonical components, terminal
   components left out. */
bool solve_same_position(Solver *s, const Value *a, const Value *b, Loc loc);
/* Outcome ('P'/'N'/'D') and SG value of a position value. */
char solve_outcome_value(Solver *s, const Value *pos, Loc loc);
GameValue solve_sg_value(Solver *s, const Value *pos, Loc loc);
/* The value a query of pos gives (its outcome, and its value where the query has one): a lone
   component that a form decides by its outcome alone gets its SG value only where a search within
   SOLVE_SG_BUDGET positions finds it, else the outcome alone (GV_OUTCOME), as solve_query; misere
   play and the compounds their outcome. (A sum needs each component's SG value, as a query does.) */
GameValue solve_query_value(Solver *s, const Value *pos, Loc loc);
/* The period statement: the positions key0 (n = 0) and key1 (n = 1) of the family. A strategy
   with a period hook that knows the family answers: true, *out filled. False when none does: the
   values are then computed one n at a time, G(n) for n in 0..*count - 1 (up to bound, 0: a
   default), and only an observed period can be reported: the caller computes them with
   solve_period_value (in any order, or split between processes: each is one instance) and finds
   the period with solve_period_values. *cw is the word of the key that holds n. */
bool solve_period(Solver *s, const int64_t *key0, const int64_t *key1, uint64_t bound, Loc loc, SolvePeriod *out,
                  size_t *cw, uint64_t *count);
/* The quotient statement: the misère quotient of the heap families keys0[i] (n = 0), keys1[i]
   (n = 1), i < nfam <= SOLVE_QUOT_FAMILIES (several: the quotient of their union): of
   heaps 0..bound (ranged), or without a range of every heap, searching up to out->max_heaps for
   a proven period. Errors (prog_fail) for a family that is not a heap game; out->status says
   whether a limit stopped it (out->at: the heap being added). Free out->q with mq_free. */
/* The word of a family's key that holds n, from its positions at n = 0 and n = 1 (they must differ
   there only, by 1, from 0); an error with the text need otherwise. */
size_t solve_family_word(Solver *s, const int64_t *key0, const int64_t *key1, Loc loc, const char *need);
#define SOLVE_QUOT_FAMILIES 4
typedef struct SolveQuotient {
    MqQuot q;
    MqStatus status;
    uint64_t at, work, max_work, max_heaps;
    uint32_t max_order;
    bool ranged;
    char rules[200];        /* the rulesets as text ("0.77", "0.77 + 0.75") */
    char fam[SOLVE_QUOT_FAMILIES][64];   /* each ruleset's, in the order of phi */
} SolveQuotient;
void solve_quotient(Solver *s, const int64_t *const *keys0, const int64_t *const *keys1, uint32_t nfam, uint64_t bound,
                    bool ranged, Loc loc, SolveQuotient *out);
/* The quotient of a family read off its moves (a board such as a strip written as a string):
   keys[n] is the family at n for n = 0..nkeys-1 (nkeys >= 2); each move of keys[n] must leave a sum
   of at most two of keys[0..n-1] (an error otherwise). Never proven past the last key. */
void solve_quotient_board(Solver *s, const int64_t *const *keys, uint64_t nkeys, bool ranged, Loc loc,
                          SolveQuotient *out);
/* Whether key0 and key1 are a family's positions at n = 0 and 1 with n one integer argument. */
bool solve_family_shape(const int64_t *key0, const int64_t *key1);
/* One value of such a family: the SG value of key (n in its word cw), a game with cycles' finite
   generalized value without its counter; an error for ∞(K). */
uint64_t solve_period_value(Solver *s, const int64_t *key, Loc loc);
/* The observed period of G(0..L - 1) (values beyond 32 bits clamped) into *out. */
void solve_period_values(const uint32_t *g, uint64_t L, SolvePeriod *out);
#endif
