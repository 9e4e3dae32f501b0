/* ast.c: syntax-tree constructors (the parser's actions are one-line calls to these). */
#include "config.h"
#include "ast.h"
#include "util.h"
#include <string.h>

void ast_list_push(Arena *a, NodeList *l, Node *n)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        Node **v = arena_alloc(a, (size_t)cap * sizeof *v);
        if (l->n) memcpy(v, l->v, (size_t)l->n * sizeof *v);
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = n;
}

Node *ast_new(Arena *a, NodeKind k, Loc loc)
{
    Node *n = arena_alloc(a, sizeof *n);
    n->kind = k;
    n->loc = loc;
    return n;
}

Node *ast_int(Arena *a, Loc loc, int64_t v)
{
    Node *n = ast_new(a, N_INT, loc);
    n->ival = v;
    return n;
}

Node *ast_bigint(Arena *a, Loc loc, const char *digits, size_t len)
{
    Node *n = ast_new(a, N_BIGINT, loc);
    n->name = digits;
    n->slen = len;
    return n;
}

Node *ast_str(Arena *a, Loc loc, const char *s, size_t len)
{
    Node *n = ast_new(a, N_STR, loc);
    n->name = arena_strndup(a, s, len);
    n->slen = len;
    return n;
}

Node *ast_name(Arena *a, Loc loc, const char *name)
{
    Node *n = ast_new(a, N_NAME, loc);
    n->name = name;
    return n;
}

Node *ast_unary(Arena *a, Loc loc, int op, Node *x)
{
    Node *n = ast_new(a, N_UNARY, loc);
    n->op = op;
    n->a = x;
    return n;
}

Node *ast_binary(Arena *a, Loc loc, int op, Node *x, Node *y)
{
    Node *n = ast_new(a, N_BINARY, loc);
    n->op = op;
    n->a = x;
    n->b = y;
    return n;
}

static bool same_op(const Node *x, const Node *n) { return x->kind == n->kind && (n->kind != N_BINARY || x->op == n->op); }

/* Build the tree over leaves [lo, hi] from the operator nodes ops[*next...] (one per inner node). */
static Node *balanced(Node **leaves, size_t lo, size_t hi, Node **ops, size_t *next)
{
    if (lo == hi) return leaves[lo];
    size_t mid = lo + (hi - lo + 1) / 2;
    Node *n = ops[(*next)++];
    n->a = balanced(leaves, lo, mid - 1, ops, next);
    n->b = balanced(leaves, mid, hi, ops, next);
    n->loc = diag_span(n->a->loc, n->b->loc);
    return n;
}

void ast_balance_chain(Arena *a, Node *n)
{
    bool assoc = n->kind == N_AND || n->kind == N_OR || (n->kind == N_BINARY && n->op == OP_ADD);
    if (!assoc) return;
    size_t k = 0;   /* operators on the left spine */
    for (Node *x = n; same_op(x, n); x = x->a) k++;
    if (k <= AST_CHAIN_KEEP) return;
    Node **ops = arena_alloc(a, k * sizeof *ops), **leaves = arena_alloc(a, (k + 1) * sizeof *leaves);
    Node *x = n;   /* n stays the root (ops[0]): callers hold pointers to it */
    for (size_t j = 0; j < k; j++) {   /* down the spine: the right operands, last first */
        ops[j] = x;
        leaves[k - j] = x->b;
        x = x->a;
    }
    leaves[0] = x;
    size_t next = 0;
    balanced(leaves, 0, k, ops, &next);
}

Node *ast_node2(Arena *a, NodeKind k, Loc loc, Node *x, Node *y)
{
    Node *n = ast_new(a, k, loc);
    n->a = x;
    n->b = y;
    return n;
}

const char *ast_op_name(int op)
{
    static const char *names[] = { "+", "-", "*", "/", "%", "**", "-", "not",
        "==", "!=", "<", "<=", ">", ">=", "&", "|", "^", "<<", ">>", "in", "||" };
    return (op >= 0 && op < (int)(sizeof names / sizeof names[0])) ? names[op] : "?";
}
