/* ast.h: syntax tree of a .game unit; nodes live in the unit's arena and keep their source range. */
#ifndef GRUNDY_AST_H
#define GRUNDY_AST_H
#include "arena.h"
#include "diag.h"
#include <stdint.h>
#include <stdbool.h>

typedef enum NodeKind {
    /* expressions */
    N_INT, N_BIGINT, N_STR, N_BOOL, N_NAME, N_LIST, N_SET, N_RANGE, N_UNARY, N_BINARY, N_AND, N_OR,
    N_IF, N_CALL, N_INDEX, N_UPDATE, N_SPLAT, N_GEN, N_IS, N_LETIN,
    /* a graph literal (op: 1 directed); its list: statements N_GSTMT (ival 1: ground; a: the
       colour's name as an N_STR, or NULL), each a list of vertex groups N_GVERTS (op: the link
       before it, '>' or '-'), each a list of vertices N_INT / N_STR */
    N_GRAPHLIT, N_GSTMT, N_GVERTS,
    /* parts */
    N_BINDER, N_LET, N_WHEN, N_MOVE, N_CANON, N_PAIR,
    /* items */
    N_CONST, N_DEF, N_GAME, N_QUERY, N_TABLE, N_EXPECT, N_CLAIM, N_PERIOD, N_QUOTIENT, N_PRINT, N_GENUS, N_DRAW, N_EXPLAIN, N_THERMO,
    /* for NAME in a { list } (b: the name's node, for its location); if a { list } else { list2 }
       (op 1: with an else) */
    N_FOR, N_IFSTMT
} NodeKind;

/* Operators of N_UNARY / N_BINARY. ORDER OP: keep in step with ast_op_name. */
/* Whose move an N_MOVE is (its op): both players' (an impartial game's), Left's or Right's. */
enum { MOVE_BOTH, MOVE_LEFT, MOVE_RIGHT };

typedef enum Op {
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_POW, OP_NEG, OP_NOT,
    OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
    OP_BAND, OP_BOR, OP_BXOR, OP_SHL, OP_SHR, OP_IN,
    OP_FUZZY   /* two games confused (incomparable) */
} Op;

typedef struct Node Node;
typedef struct NodeList { Node **v; int n, cap; } NodeList;

/* What a name refers to; filled in by sema. */
typedef enum SymRef { REF_NONE, REF_LOCAL, REF_CONST, REF_DEF, REF_GAME, REF_BUILTIN } SymRef;

/* 128 bytes (fields ordered so that none is padded; a program of 10^6 literals has 10^6 of them) */
struct Node {
    NodeKind kind;
    int op;               /* Op, or the generator's fold (N_GEN), or the outcome char for N_IS */
    Loc loc;
    SymRef ref;           /* sema: what a name refers to */
    union {
        int64_t ival;     /* N_INT, N_BOOL, N_GSTMT */
        size_t slen;      /* N_STR, N_BIGINT: the length of name */
    };
    const char *name;     /* names; N_STR text */
    Node *a, *b, *c;      /* operands / condition / result */
    NodeList list;        /* arguments, items, binders */
    NodeList list2;       /* clauses (moves), params of a def/game are in names below */
    const char **params;  /* N_DEF / N_GAME parameter names */
    int nparams;
    /* sema */
    int ref_id;
    int type;             /* sema's inferred type (see sema.h) */
    bool variadic;        /* last parameter collects the rest as a list */
};

void ast_list_push(Arena *a, NodeList *l, Node *n);
Node *ast_new(Arena *a, NodeKind k, Loc loc);
Node *ast_int(Arena *a, Loc loc, int64_t v);
/* An integer literal beyond 64 bits: its digits (underscores included) in name. */
Node *ast_bigint(Arena *a, Loc loc, const char *digits, size_t n);
Node *ast_str(Arena *a, Loc loc, const char *s, size_t n);
Node *ast_name(Arena *a, Loc loc, const char *name);
Node *ast_unary(Arena *a, Loc loc, int op, Node *x);
Node *ast_binary(Arena *a, Loc loc, int op, Node *x, Node *y);
/* A long chain of one associative operator (a + b + c + ..., 'and', 'or'), which the parser
   builds leaning left as deep as it is long, rebuilt in place as a balanced tree over the same
   operands in the same order (so evaluation order is unchanged, and every pass that recurses
   over expressions goes log2(terms) deep, not one level per term). Chains of at most
   AST_CHAIN_KEEP operators are left as they are. Iterative: safe on any length. */
#define AST_CHAIN_KEEP 32
void ast_balance_chain(Arena *a, Node *n);
Node *ast_node2(Arena *a, NodeKind k, Loc loc, Node *x, Node *y);
const char *ast_op_name(int op);
#endif
