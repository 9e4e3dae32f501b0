/* solve.h: the strategy table and query answering (outcome, SG value, winning moves). */
#ifndef GRUNDY_SOLVE_H
#define GRUNDY_SOLVE_H
#include "program.h"

/* A strategy answers the SG value of one component it applies to. Later strategies (closed
   forms, dense tables, retrograde analysis) are added to the table in solve.c. ORDER matters:
   the first that applies is used. */
typedef struct Strategy {
    const char *name;                                   /* reported in "strategy" */
    bool (*applies)(Engine *e, const int64_t *key);
    /* The SG value of state id; marks the state solved (ST_DONE, ST_TERMINAL). Returns false
       to decline (the next strategy is tried). */
    bool (*solve)(Engine *e, uint32_t id, Loc loc, bool need_sg);
} Strategy;

/* State.how: the strategy that solved a state; closed forms follow SOLVED_CLOSED in closed_at order. */
enum { SOLVED_MEMO = 0, SOLVED_TABLE = 1, SOLVED_SEQ = 2, SOLVED_CLOSED = 16 };
const char *solve_how_name(uint32_t how);
/* Solve state id by a closed form if one applies and gives its SG value (used inside memo). */
void solve_try_closed(Engine *e, uint32_t id);

/* Solve one component with the first strategy that applies and accepts; returns its value and
   the strategy's name. Without need_sg a form that decides only the outcome may answer: the
   state is then ST_OUTCOME and the result is 0 (P) or 1 (N). */
uint64_t solve_component(Program *p, uint32_t id, Loc loc, const char **strategy, bool need_sg);

typedef struct Answer {
    char outcome;            /* 'P', 'N' or 'D' */
    bool has_sg;
    uint64_t sg;
    char *position;          /* the normalised position, printable and parseable */
    char **winning;          /* positions after each winning move, in move order, no duplicates */
    size_t nwin;
    const char *strategy;
    bool truncated;          /* more winning moves exist than were listed */
    char *why;               /* the theorem or method behind the value (text output), or NULL */
    /* private: winning-move bookkeeping, freed by solve_answer_fini (also after an error) */
    uint32_t **seen;
    size_t *seenlen;
    size_t nseen, capseen, capseenlen, capwin;
} Answer;

/* Winning moves listed at most (Answer.truncated tells when there are more). */
#define SOLVE_MAX_WINNING 1000

/* Answer a query on pos (a POS value, or 0). With moves, also list the winning moves. */
void solve_query(Program *p, const Value *pos, Loc loc, bool moves, Answer *a);
void solve_answer_fini(Answer *a);
/* The number of winning moves of pos (an error when they could not all be listed). */
int64_t solve_winning_count(Program *p, const Value *pos, Loc loc);
/* The i-th winning move of pos (0-based, in the order queries list them), as a position. */
Value solve_winning_move(Program *p, const Value *pos, int64_t i, Loc loc);
/* Whether two positions are the same game sum: equal multisets of canonical components, terminal
   components left out. */
bool solve_same_position(Program *p, const Value *a, const Value *b, Loc loc);
/* For the VM: outcome ('P'/'N'/'D') and SG value of a position value. */
char solve_outcome_value(Program *p, const Value *pos, Loc loc);
uint64_t solve_sg_value(Program *p, const Value *pos, Loc loc);
#endif
