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
    bool (*solve)(Engine *e, uint32_t id, Loc loc);
} Strategy;

/* Solve one component with the first strategy that applies and accepts; returns its value and
   the strategy's name. */
uint64_t solve_component(Program *p, uint32_t id, Loc loc, const char **strategy);

typedef struct Answer {
    char outcome;            /* 'P', 'N' or 'D' */
    bool has_sg;
    uint64_t sg;
    char *position;          /* the normalised position, printable and parseable */
    char **winning;          /* positions after each winning move, in move order, no duplicates */
    size_t nwin;
    const char *strategy;
    /* private: winning-move bookkeeping, freed by solve_answer_fini (also after an error) */
    uint32_t **seen;
    size_t *seenlen;
    size_t nseen, capseen, capseenlen, capwin;
} Answer;

/* Answer a query on pos (a POS value, or 0). With moves, also list the winning moves. */
void solve_query(Program *p, const Value *pos, Loc loc, bool moves, Answer *a);
void solve_answer_fini(Answer *a);
/* For the VM: outcome ('P'/'N'/'D') and SG value of a position value. */
char solve_outcome_value(Program *p, const Value *pos, Loc loc);
uint64_t solve_sg_value(Program *p, const Value *pos, Loc loc);
#endif
