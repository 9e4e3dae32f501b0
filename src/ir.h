/* ir.h: compiled functions: bytecode words, their source locations, constant pools; --dump-ir. */
#ifndef GRUNDY_IR_H
#define GRUNDY_IR_H
#include "value.h"
#include "diag.h"
#include <stdio.h>

typedef enum IrOp {
#define OP(name, nargs, doc) IR_##name,
#include "ir_ops.h"
#undef OP
    IR__COUNT
} IrOp;

/* Fold kinds of generators: sum(...), min, max, any, all, count, [ ... for ... ]. ORDER FOLD. */
typedef enum FoldKind { FOLD_SUM, FOLD_MIN, FOLD_MAX, FOLD_ANY, FOLD_ALL, FOLD_COUNT, FOLD_LIST, FOLD_XOR, FOLD_BOR, FOLD_BAND } FoldKind;

typedef enum FuncKind { FN_DEF, FN_MOVES, FN_CANON, FN_THUNK, FN_CLAIM } FuncKind;

typedef struct Func {
    const char *name;
    FuncKind kind;
    int nparams;
    bool variadic;
    int nlocals;          /* slots including parameters */
    int maxstack;         /* operand stack bound computed by the compiler (spreads are checked at run time) */
    int64_t *code;
    size_t ncode, capcode;
    Loc *locs;            /* locs[pc]: source of the instruction starting at pc */
    Value *consts;
    size_t nconsts, capconsts;
    const char **slotnames;  /* for --dump-ir and claim counterexamples */
    int nslotnames;
    bool user;            /* defined outside the standard library */
    const struct Node *ast;  /* a def: its declaration (the table strategy inlines simple ones) */
} Func;

int ir_op_nargs(int op);
const char *ir_op_name(int op);
/* The instruction whose first word a superinstruction (peep.c) replaced; op for any other. */
int ir_op_plain(int op);
/* Print f's bytecode, one instruction per line. */
void ir_dump(FILE *out, const Func *f, const char *const *fn_names, const char *const *game_names);
#endif
