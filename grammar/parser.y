/* parser.y: pure, reentrant bison grammar of the .game language; actions only build the AST. */
%code top {
#include "config.h"
}
%code requires {
#include "parse.h"
typedef void *yyscan_t;
#define GYLTYPE Loc
#define GYLTYPE_IS_DECLARED 1
#define GYLTYPE_IS_TRIVIAL 1
#define YYLLOC_DEFAULT(Cur, Rhs, N) do { \
    if (N) { (Cur) = YYRHSLOC(Rhs, 1); (Cur).end = YYRHSLOC(Rhs, N).end; } \
    else { (Cur) = YYRHSLOC(Rhs, 0); (Cur).off = (Cur).end; } } while (0)
}
%code provides {
int gylex(GYSTYPE *val, GYLTYPE *loc, yyscan_t scanner);
}
%code {
#define YYSTYPE GYSTYPE
#define YYLTYPE GYLTYPE
#include "lexer.h"
#include <string.h>
#include <stdio.h>
#define YYMAXDEPTH 3000
#define A (pc->arena)
/* quotient POS for NAME [in RANGE]: read like period (the family off n = 0, 1). */
/* quotient POS for NAME [in RANGE]: as period, but n runs on (a board family is read off its
   positions at n = 0, 1, 2, ...: the statement stops the loop where it needs). */
static Node *mk_quotient(ParseCtx *pc, Node *n)
{
    n->kind = N_QUOTIENT;
    Node *dom = n->list.v[0]->a;
    dom->b = ast_int(A, dom->loc, 100000);
    return n;
}

static void gyerror(GYLTYPE *loc, yyscan_t scanner, ParseCtx *pc, const char *msg);
static Node *mk_call(ParseCtx *pc, Loc loc, const char *name, Loc nloc, NodeList args);
static Node *mk_def(ParseCtx *pc, NodeKind k, Loc loc, const char *name, NodeList params, bool variadic);
static Node *mk_period(ParseCtx *pc, Loc loc, Node *pos, Loc nloc, const char *name, Node *range);
static Node *mk_quotient(ParseCtx *pc, Node *n);
}

%define api.pure full
%define api.prefix {gy}
%define parse.error custom
%define parse.lac full
%locations
%expect 0
%param {yyscan_t scanner}
%parse-param {ParseCtx *pc}

%union {
    int64_t ival;
    struct { const char *s; size_t n; } str;
    Node *node;
    NodeList list;
    int vflag;
}

%token <ival> INT "integer"
%token <str> IDENT "identifier" STRING "string" BIGINT "big integer"
%token CONST "const" DEF "def" GAME "game" MOVE "move" WHEN "when" LET "let" CANON "canon"
%token QUERY "query" EXPLAIN "explain" TABLE "table" EXPECT "expect" PRINT "print" GENUS "genus" THERMOGRAPH "thermograph" DRAW "draw" CLAIM "claim" PERIOD "period" QUOTIENT "quotient" IS "is" FOR "for" IN "in"
%token DIGRAPH "digraph" GRAPH "graph" GROUND "ground" ARC "->"
%token IF "if" THEN "then" ELSE "else" AND "and" OR "or" NOT "not" TRUE "true" FALSE "false"
%token ARROW "=>" ELLIPSIS "..." DOTDOT ".." ASSIGN ":=" EQ "==" NE "!=" LE "<=" GE ">=" OROR "||"
%token SHL "<<" SHR ">>" POW "**"

%type <node> expr expr_noin primary postfix arg binder gitem_move item stmt opt_cond opt_gain pair gstmt gvert gverts gchain for_stmt if_stmt fitem
%type <list> args arglist binders plist clauses pairs gbody gstmts fbody lets lets_noin
%type <vflag> params_variadic side
%type <str> opt_name

%precedence ELSE
%left OR OROR
%left AND
%precedence NOT
%nonassoc EQ NE '<' LE '>' GE IN IS
%nonassoc DOTDOT
%left '|'
%left '^'
%left '&'
%left SHL SHR
%left '+' '-'
%left '*' '/' '%'
%precedence UMINUS
%right POW

%%
/* unit -> item* [statement]: the last statement may omit its ';' (-e texts, the REPL) */
unit: items
    | items stmt                { if ($2) ast_list_push(A, &pc->items, $2); }
    ;
items: %empty
     | items item               { if ($2) ast_list_push(A, &pc->items, $2); }
     ;

/* item -> const | def | game | stmt ';' */
item: CONST IDENT '=' expr ';'  { $$ = ast_new(A, N_CONST, @2); $$->name = $2.s; $$->a = $4; }
    | DEF IDENT '(' plist params_variadic ')' '=' expr ';'
                                { $$ = mk_def(pc, N_DEF, @2, $2.s, $4, $5); $$->a = $8; }
    | DEF IDENT '(' ')' '=' expr ';'
                                { NodeList e = {0}; $$ = mk_def(pc, N_DEF, @2, $2.s, e, 0); $$->a = $6; }
    | GAME IDENT '(' plist params_variadic ')' '{' gbody '}'
                                { $$ = mk_def(pc, N_GAME, @2, $2.s, $4, $5); $$->list = $8; }
    | IDENT GAME IDENT '(' plist params_variadic ')' '{' gbody '}'
                                { $$ = mk_def(pc, N_GAME, @3, $3.s, $5, $6); $$->list = $9; $$->op = 1;
                                  if (strcmp($1.s, "scoring")) {
                                      diag_error(pc->diag, @1, "expected 'game' or 'scoring game', found '%s'", $1.s);
                                      pc->errors++;
                                  } }
    | DIGRAPH IDENT '{' gstmts '}'
                                { $$ = ast_new(A, N_CONST, @2); $$->name = $2.s;
                                  $$->a = ast_new(A, N_GRAPHLIT, @$); $$->a->op = 1; $$->a->list = $4; }
    | GRAPH IDENT '{' gstmts '}'
                                { $$ = ast_new(A, N_CONST, @2); $$->name = $2.s;
                                  $$->a = ast_new(A, N_GRAPHLIT, @$); $$->a->op = 0; $$->a->list = $4; }
    | stmt ';'                  { $$ = $1; $$->loc = @$; }
    | for_stmt                  { $$ = $1; }
    | if_stmt                   { $$ = $1; }
    | error ';'                 { $$ = NULL; }
    | error '}'                 { $$ = NULL; }
    ;

/* for x in D { ... }: the body's statements once per element of D, in order; a const of the body
   is set each time (the loop variable and the body's constants are names of the body only) */
for_stmt: FOR IDENT IN expr '{' fbody '}'
                                { $$ = ast_new(A, N_FOR, @$); $$->name = $2.s; $$->a = $4; $$->list = $6;
                                  $$->b = ast_name(A, @2, $2.s); }
        ;
/* if C { ... } [else { ... }]: one body's statements or the other's (an "else if" nests) */
if_stmt: IF expr '{' fbody '}'  { $$ = ast_new(A, N_IFSTMT, @$); $$->a = $2; $$->list = $4; }
       | IF expr '{' fbody '}' ELSE '{' fbody '}'
                                { $$ = ast_new(A, N_IFSTMT, @$); $$->a = $2; $$->list = $4; $$->list2 = $8; $$->op = 1; }
       | IF expr '{' fbody '}' ELSE if_stmt
                                { $$ = ast_new(A, N_IFSTMT, @$); $$->a = $2; $$->list = $4; $$->op = 1;
                                  ast_list_push(A, &$$->list2, $7); }
       ;
fbody: %empty                   { $$ = (NodeList){0}; }
     | fbody fitem              { $$ = $1; if ($2) ast_list_push(A, &$$, $2); }
     ;
fitem: CONST IDENT '=' expr ';' { $$ = ast_new(A, N_CONST, @2); $$->name = $2.s; $$->a = $4; }
     | stmt ';'                 { $$ = $1; $$->loc = @$; }
     | for_stmt                 { $$ = $1; }
     | if_stmt                  { $$ = $1; }
     | error ';'                { $$ = NULL; }
     ;

/* stmt -> query expr | table expr | expect expr | print expr, ... | draw expr [depth expr] | claim expr for binders [when expr]
         | period expr for IDENT [in expr] | quotient expr for IDENT [in expr] | expr (a query) */
stmt: QUERY expr                { $$ = ast_node2(A, N_QUERY, @$, $2, NULL); }
    | EXPLAIN expr              { $$ = ast_node2(A, N_EXPLAIN, @$, $2, NULL); }
    | TABLE expr                { $$ = ast_node2(A, N_TABLE, @$, $2, NULL); }
    | EXPECT expr               { $$ = ast_node2(A, N_EXPECT, @$, $2, NULL); }
    | PRINT arglist             { $$ = ast_node2(A, N_PRINT, @$, $2.v[0], NULL);
                                  if ($2.n > 1 || $2.v[0]->kind == N_SPLAT) $$->list = $2; }
    | GENUS expr                { $$ = ast_node2(A, N_GENUS, @$, $2, NULL); }
    | THERMOGRAPH expr          { $$ = ast_node2(A, N_THERMO, @$, $2, NULL); }
    | DRAW expr                 { $$ = ast_node2(A, N_DRAW, @$, $2, NULL); }
    | DRAW expr IDENT expr      { $$ = ast_node2(A, N_DRAW, @$, $2, $4);
                                  if (strcmp($3.s, "depth"))
                                      { diag_error(pc->diag, @3, "expected 'depth N' after the position to draw, found '%s'", $3.s); pc->errors++; } }
    | CLAIM expr FOR binders opt_cond
                                { $$ = ast_node2(A, N_CLAIM, @$, $2, $5); $$->list = $4; }
    | PERIOD expr FOR IDENT     { $$ = mk_period(pc, @$, $2, @4, $4.s, NULL); }
    | PERIOD expr FOR IDENT IN expr
                                { $$ = mk_period(pc, @$, $2, @4, $4.s, $6); }
    | QUOTIENT expr FOR IDENT   { $$ = mk_quotient(pc, mk_period(pc, @$, $2, @4, $4.s, NULL)); }
    | QUOTIENT expr FOR IDENT IN expr
                                { $$ = mk_quotient(pc, mk_period(pc, @$, $2, @4, $4.s, $6)); }
    | expr                      { $$ = ast_node2(A, N_QUERY, @$, $1, NULL); }
    ;

params_variadic: %empty { $$ = 0; } | ELLIPSIS { $$ = 1; } ;

/* graph declarations: statements of vertex lists joined by links ("1 -> 2, 3 -> 4;" or
   "1 - 2 - 3;"), a lone list declares vertices, "ground 1, 2;" marks ground vertices; a colour after a
   chain of edges colours each of them ("1 - 2 - 3 : L;", the name checked by sema) */
gstmts: %empty                  { $$ = (NodeList){0}; }
      | gstmts gstmt            { $$ = $1; if ($2) ast_list_push(A, &$$, $2); }
      ;
gstmt: gchain ';'               { $$ = $1; }
     | gchain ':' IDENT ';'     { $$ = $1; $$->a = ast_str(A, @3, $3.s, $3.n); }
     | GROUND gverts ';'        { $$ = ast_new(A, N_GSTMT, @$); $$->ival = 1; ast_list_push(A, &$$->list, $2); }
     | error ';'                { $$ = NULL; }
     ;
gchain: gverts                  { $$ = ast_new(A, N_GSTMT, @$); ast_list_push(A, &$$->list, $1); }
      | gchain ARC gverts       { $$ = $1; $$->loc = @$; $3->op = '>'; ast_list_push(A, &$$->list, $3); }
      | gchain '-' gverts       { $$ = $1; $$->loc = @$; $3->op = '-'; ast_list_push(A, &$$->list, $3); }
      ;
gverts: gvert                   { $$ = ast_new(A, N_GVERTS, @$); ast_list_push(A, &$$->list, $1); }
      | gverts ',' gvert        { $$ = $1; $$->loc = @$; ast_list_push(A, &$$->list, $3); }
      ;
gvert: INT                      { $$ = ast_int(A, @$, $1); }
     | IDENT                    { $$ = ast_str(A, @$, $1.s, $1.n); }
     | STRING                   { $$ = ast_str(A, @$, $1.s, $1.n); }
     ;
plist: IDENT                    { $$ = (NodeList){0}; ast_list_push(A, &$$, ast_name(A, @1, $1.s)); }
     | plist ',' IDENT          { $$ = $1; ast_list_push(A, &$$, ast_name(A, @3, $3.s)); }
     ;

/* gbody -> (move | canon)* */
gbody: %empty                   { $$ = (NodeList){0}; }
     | gbody gitem_move         { $$ = $1; if ($2) ast_list_push(A, &$$, $2); }
     ;
gitem_move: side MOVE opt_name clauses ARROW expr opt_gain ';'
                                { $$ = ast_new(A, N_MOVE, @2); $$->op = $1; $$->name = $3.s; $$->list2 = $4; $$->a = $6; $$->b = $7; }
    | side MOVE opt_name '(' binders ')' clauses ARROW expr opt_gain ';'
                                { $$ = ast_new(A, N_MOVE, @2); $$->op = $1; $$->name = $3.s; $$->list = $5; $$->list2 = $7;
                                  $$->a = $9; $$->b = $10; }
    | CANON '(' arglist ')' ';' { $$ = ast_new(A, N_CANON, @1); $$->list = $3; }
    | error ';'                 { $$ = NULL; }
    ;
/* whose move it is: both players', or "left move" / "right move" (a partizan game's; the two
   words are names everywhere else) */
side: %empty                    { $$ = MOVE_BOTH; }
    | IDENT                     { $$ = !strcmp($1.s, "left") ? MOVE_LEFT : MOVE_RIGHT;
                                  if (strcmp($1.s, "left") && strcmp($1.s, "right")) {
                                      diag_error(pc->diag, @1, "expected 'move', 'left move' or 'right move' in a game's body, found '%s'", $1.s);
                                      pc->errors++;
                                  } }
    ;
/* a scoring game's move: "gain EXPR", what the mover scores ("gain" is a word only here) */
opt_gain: %empty                { $$ = NULL; }
        | IDENT expr            { $$ = $2;
                                  if (strcmp($1.s, "gain")) {
                                      diag_error(pc->diag, @1, "expected ';' or 'gain' after a move's result, found '%s'", $1.s);
                                      pc->errors++;
                                  } }
        ;
opt_name: %empty                { $$.s = NULL; $$.n = 0; }
        | IDENT                 { $$ = $1; }
        ;
clauses: %empty                 { $$ = (NodeList){0}; }
       | clauses WHEN expr      { $$ = $1; ast_list_push(A, &$$, ast_node2(A, N_WHEN, @2, $3, NULL)); }
       | clauses LET lets         { $$ = $1; for (int i = 0; i < $3.n; i++) ast_list_push(A, &$$, $3.v[i]); }
       ;
/* let a = 1, b = a + 1: bindings in order, each seeing the ones before it */
lets: IDENT '=' expr            { $$ = (NodeList){0}; Node *l = ast_node2(A, N_LET, @1, $3, NULL); l->name = $1.s;
                                  ast_list_push(A, &$$, l); }
    | lets ',' IDENT '=' expr   { $$ = $1; Node *l = ast_node2(A, N_LET, @3, $5, NULL); l->name = $3.s;
                                  ast_list_push(A, &$$, l); }
    ;
lets_noin: IDENT '=' expr_noin  { $$ = (NodeList){0}; Node *l = ast_node2(A, N_LETIN, @1, $3, NULL); l->name = $1.s;
                                  ast_list_push(A, &$$, l); }
         | lets_noin ',' IDENT '=' expr_noin
                                { $$ = $1; Node *l = ast_node2(A, N_LETIN, @3, $5, NULL); l->name = $3.s;
                                  ast_list_push(A, &$$, l); }
         ;
binders: binder                 { $$ = (NodeList){0}; ast_list_push(A, &$$, $1); }
       | binders ',' binder     { $$ = $1; ast_list_push(A, &$$, $3); }
       ;
/* binder -> IDENT in expr */
binder: IDENT IN expr           { $$ = ast_node2(A, N_BINDER, @1, $3, NULL); $$->name = $1.s; }
      ;

expr: postfix                   { $$ = $1; }
    | expr '+' expr             { $$ = ast_binary(A, @$, OP_ADD, $1, $3); }
    | expr '-' expr             { $$ = ast_binary(A, @$, OP_SUB, $1, $3); }
    | expr '*' expr             { $$ = ast_binary(A, @$, OP_MUL, $1, $3); }
    | expr '/' expr             { $$ = ast_binary(A, @$, OP_DIV, $1, $3); }
    | expr '%' expr             { $$ = ast_binary(A, @$, OP_MOD, $1, $3); }
    | expr POW expr             { $$ = ast_binary(A, @$, OP_POW, $1, $3); }
    | expr '&' expr             { $$ = ast_binary(A, @$, OP_BAND, $1, $3); }
    | expr '|' expr             { $$ = ast_binary(A, @$, OP_BOR, $1, $3); }
    | expr '^' expr             { $$ = ast_binary(A, @$, OP_BXOR, $1, $3); }
    | expr SHL expr             { $$ = ast_binary(A, @$, OP_SHL, $1, $3); }
    | expr SHR expr             { $$ = ast_binary(A, @$, OP_SHR, $1, $3); }
    | expr EQ expr              { $$ = ast_binary(A, @$, OP_EQ, $1, $3); }
    | expr NE expr              { $$ = ast_binary(A, @$, OP_NE, $1, $3); }
    | expr '<' expr             { $$ = ast_binary(A, @$, OP_LT, $1, $3); }
    | expr LE expr              { $$ = ast_binary(A, @$, OP_LE, $1, $3); }
    | expr '>' expr             { $$ = ast_binary(A, @$, OP_GT, $1, $3); }
    | expr GE expr              { $$ = ast_binary(A, @$, OP_GE, $1, $3); }
    | expr IN expr              { $$ = ast_binary(A, @$, OP_IN, $1, $3); }
    | expr DOTDOT expr          { $$ = ast_node2(A, N_RANGE, @$, $1, $3); }
    | expr AND expr             { $$ = ast_node2(A, N_AND, @$, $1, $3); }
    | expr OR expr              { $$ = ast_node2(A, N_OR, @$, $1, $3); }
    | expr OROR expr            { $$ = ast_node2(A, N_OR, @$, $1, $3); $$->op = 1; /* sema: games confused, or 'or' */ }
    | NOT expr                  { $$ = ast_unary(A, @$, OP_NOT, $2); }
    | '-' expr %prec UMINUS     { $$ = ast_unary(A, @$, OP_NEG, $2); }
    | expr IS IDENT             { $$ = ast_node2(A, N_IS, @$, $1, NULL);
                                  if (strcmp($3.s, "P") && strcmp($3.s, "N") && strcmp($3.s, "D") && strcmp($3.s, "L") && strcmp($3.s, "R")) {
                                      diag_error(pc->diag, @3, "expected an outcome P, N, D, L or R after 'is', found '%s'", $3.s);
                                      pc->errors++;
                                  }
                                  $$->op = $3.s[0]; }
    | IF expr THEN expr ELSE expr %prec ELSE
                                { $$ = ast_new(A, N_IF, @$); $$->a = $2; $$->b = $4; $$->c = $6; }
    | LET lets_noin IN expr %prec ELSE
                                { Node *body = $4;   /* let a = 1, b = 2 in e: let a = 1 in (let b = 2 in e) */
                                  for (int i = $2.n - 1; i >= 0; i--) { $2.v[i]->b = body; $2.v[i]->loc.end = @$.end; body = $2.v[i]; }
                                  body->loc = @$; $$ = body; }
    ;

/* the value of a `let x = e in body`: an expression without a top-level `in` (the membership
   test needs parentheses there), so that the `in` after it is the let's */
expr_noin: postfix              { $$ = $1; }
    | expr_noin '+' expr_noin   { $$ = ast_binary(A, @$, OP_ADD, $1, $3); }
    | expr_noin '-' expr_noin   { $$ = ast_binary(A, @$, OP_SUB, $1, $3); }
    | expr_noin '*' expr_noin   { $$ = ast_binary(A, @$, OP_MUL, $1, $3); }
    | expr_noin '/' expr_noin   { $$ = ast_binary(A, @$, OP_DIV, $1, $3); }
    | expr_noin '%' expr_noin   { $$ = ast_binary(A, @$, OP_MOD, $1, $3); }
    | expr_noin POW expr_noin   { $$ = ast_binary(A, @$, OP_POW, $1, $3); }
    | expr_noin '&' expr_noin   { $$ = ast_binary(A, @$, OP_BAND, $1, $3); }
    | expr_noin '|' expr_noin   { $$ = ast_binary(A, @$, OP_BOR, $1, $3); }
    | expr_noin '^' expr_noin   { $$ = ast_binary(A, @$, OP_BXOR, $1, $3); }
    | expr_noin SHL expr_noin   { $$ = ast_binary(A, @$, OP_SHL, $1, $3); }
    | expr_noin SHR expr_noin   { $$ = ast_binary(A, @$, OP_SHR, $1, $3); }
    | expr_noin EQ expr_noin    { $$ = ast_binary(A, @$, OP_EQ, $1, $3); }
    | expr_noin NE expr_noin    { $$ = ast_binary(A, @$, OP_NE, $1, $3); }
    | expr_noin '<' expr_noin   { $$ = ast_binary(A, @$, OP_LT, $1, $3); }
    | expr_noin LE expr_noin    { $$ = ast_binary(A, @$, OP_LE, $1, $3); }
    | expr_noin '>' expr_noin   { $$ = ast_binary(A, @$, OP_GT, $1, $3); }
    | expr_noin GE expr_noin    { $$ = ast_binary(A, @$, OP_GE, $1, $3); }
    | expr_noin DOTDOT expr_noin
                                { $$ = ast_node2(A, N_RANGE, @$, $1, $3); }
    | expr_noin AND expr_noin   { $$ = ast_node2(A, N_AND, @$, $1, $3); }
    | expr_noin OR expr_noin    { $$ = ast_node2(A, N_OR, @$, $1, $3); }
    | expr_noin OROR expr_noin  { $$ = ast_node2(A, N_OR, @$, $1, $3); $$->op = 1; }
    | NOT expr_noin             { $$ = ast_unary(A, @$, OP_NOT, $2); }
    | '-' expr_noin %prec UMINUS
                                { $$ = ast_unary(A, @$, OP_NEG, $2); }
    | expr_noin IS IDENT        { $$ = ast_node2(A, N_IS, @$, $1, NULL);
                                  if (strcmp($3.s, "P") && strcmp($3.s, "N") && strcmp($3.s, "D") && strcmp($3.s, "L") && strcmp($3.s, "R")) {
                                      diag_error(pc->diag, @3, "expected an outcome P, N, D, L or R after 'is', found '%s'", $3.s);
                                      pc->errors++;
                                  }
                                  $$->op = $3.s[0]; }
    | IF expr THEN expr ELSE expr_noin %prec ELSE
                                { $$ = ast_new(A, N_IF, @$); $$->a = $2; $$->b = $4; $$->c = $6; }
    ;

postfix: primary                { $$ = $1; }
       | postfix '[' expr ']'   { $$ = ast_node2(A, N_INDEX, @$, $1, $3); }
       | postfix '[' pairs ']'  { $$ = ast_node2(A, N_UPDATE, @$, $1, NULL); $$->list = $3; }
       ;
pairs: pair                     { $$ = (NodeList){0}; ast_list_push(A, &$$, $1); }
     | pairs ',' pair           { $$ = $1; ast_list_push(A, &$$, $3); }
     ;
pair: expr ASSIGN expr          { $$ = ast_node2(A, N_PAIR, @$, $1, $3); }
    ;

primary: INT                    { $$ = ast_int(A, @1, $1); }
       | BIGINT                 { $$ = ast_bigint(A, @1, $1.s, $1.n); }
       | STRING                 { $$ = ast_str(A, @1, $1.s, $1.n); }
       | TRUE                   { $$ = ast_new(A, N_BOOL, @1); $$->ival = 1; }
       | FALSE                  { $$ = ast_new(A, N_BOOL, @1); $$->ival = 0; }
       | IDENT                  { $$ = ast_name(A, @1, $1.s); }
       | IDENT '(' args ')'     { $$ = mk_call(pc, @$, $1.s, @1, $3); }
       | IDENT '(' expr FOR binders opt_cond ')'
                                { $$ = ast_new(A, N_GEN, @$); $$->name = $1.s; $$->a = $3; $$->b = $6; $$->list = $5;
                                  $$->c = ast_name(A, @1, $1.s); }
       | '(' expr ')'           { $$ = $2; }
       | '[' args ']'           { $$ = ast_new(A, N_LIST, @$); $$->list = $2; }
       | '[' expr FOR binders opt_cond ']'
                                { $$ = ast_new(A, N_GEN, @$); $$->name = "list"; $$->a = $2; $$->b = $5; $$->list = $4; }
       | '{' args '}'           { $$ = ast_new(A, N_SET, @$); $$->list = $2; }
       ;
opt_cond: %empty                { $$ = NULL; }
        | WHEN expr             { $$ = $2; }
        ;
args: %empty                    { $$ = (NodeList){0}; }
    | arglist                   { $$ = $1; }
    ;
arglist: arg                    { $$ = (NodeList){0}; ast_list_push(A, &$$, $1); }
       | arglist ',' arg        { $$ = $1; ast_list_push(A, &$$, $3); }
       ;
arg: expr                       { $$ = $1; }
   | expr ELLIPSIS              { $$ = ast_node2(A, N_SPLAT, @$, $1, NULL); }
   ;
%%

static Node *mk_call(ParseCtx *pc, Loc loc, const char *name, Loc nloc, NodeList args)
{
    Node *n = ast_new(A, N_CALL, loc);
    n->name = name;
    n->list = args;
    n->c = ast_name(A, nloc, name);
    return n;
}

static Node *mk_def(ParseCtx *pc, NodeKind k, Loc loc, const char *name, NodeList params, bool variadic)
{
    Node *n = ast_new(A, k, loc);
    n->name = name;
    n->nparams = params.n;
    n->params = arena_alloc(A, (size_t)(params.n + 1) * sizeof *n->params);
    for (int i = 0; i < params.n; i++) n->params[i] = params.v[i]->name;
    n->list2 = params;   /* parameter name nodes, for locations */
    n->variadic = variadic;
    return n;
}

/* period POS for NAME [in RANGE]: the variable runs over 0..1 (the statement reads the family off
   those two positions); RANGE, if given, bounds the search. */
static Node *mk_period(ParseCtx *pc, Loc loc, Node *pos, Loc nloc, const char *name, Node *range)
{
    Node *dom = ast_node2(A, N_RANGE, nloc, ast_int(A, nloc, 0), ast_int(A, nloc, 1));
    Node *b = ast_node2(A, N_BINDER, nloc, dom, NULL);
    b->name = name;
    Node *n = ast_node2(A, N_PERIOD, loc, pos, range);
    ast_list_push(A, &n->list, b);
    return n;
}

static void gyerror(GYLTYPE *loc, yyscan_t scanner, ParseCtx *pc, const char *msg)
{
    (void)scanner;
    if (strstr(msg, "exhausted"))
        diag_error(pc->diag, *loc, "input is nested too deeply (the parser's limit is %d levels)", YYMAXDEPTH);
    else
        diag_error(pc->diag, *loc, "%s", msg);
    pc->errors++;
}

/* Token names for messages: "identifier" stays bare, punctuation and keywords get quotes. */
static void tok_name(char *buf, size_t cap, yysymbol_kind_t k)
{
    if (k == YYSYMBOL_YYEOF) { snprintf(buf, cap, "end of input"); return; }
    const char *s = yysymbol_name(k);
    size_t n = strlen(s);
    if (n >= 2 && (s[0] == '"' || s[0] == '\'')) { s++; n -= 2; }
    if ((n == 10 && !strncmp(s, "identifier", 10)) || (n == 7 && !strncmp(s, "integer", 7)) ||
        (n == 6 && !strncmp(s, "string", 6)))
        snprintf(buf, cap, "%.*s", (int)n, s);
    else
        snprintf(buf, cap, "'%.*s'", (int)n, s);
}

/* Operators can follow almost any expression; listing them hides the token the user missed. */
static bool is_operator(yysymbol_kind_t k)
{
    static const char *const ops[] = { "'+'", "'-'", "'*'", "'/'", "'%'", "'^'", "'&'", "'|'", "'<'", "'>'",
        "'['", "==", "!=", "<=", ">=", "||", "<<", ">>", "**", "and", "or", "in", "is", "..", "..." };
    const char *name = yysymbol_name(k);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(name, ops[i])) return true;
    return false;
}

static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner, ParseCtx *pc)
{
    (void)scanner;
    enum { MAXEXP = 5 };
    yysymbol_kind_t all[YYNTOKENS], exp[MAXEXP];
    char msg[512], t[64];
    yysymbol_kind_t la = yypcontext_token(ctx);
    int nall = yypcontext_expected_tokens(ctx, all, YYNTOKENS), n = 0;
    bool ops = false;
    bool has_in = false, has_semi = false;
    for (int i = 0; i < nall; i++) {
        has_in |= all[i] == YYSYMBOL_IN;
        has_semi |= !strcmp(yysymbol_name(all[i]), "';'");
    }
    for (int i = 0; i < nall; i++) {
        if (is_operator(all[i])) ops = true;
        else if (n < MAXEXP + 1) exp[n < MAXEXP ? n : MAXEXP - 1] = all[i], n++;
    }
    /* 'in' after a let's value (where only ',' may come else) is the let's own word; elsewhere it
       is the membership test, one operator among others */
    if (has_in && !has_semi && n == 1 && !strcmp(yysymbol_name(exp[0]), "','")) exp[n++] = YYSYMBOL_IN;
    bool want_ident = false, want_expr = false, want_item = false, want_const = false, want_move = false;
    for (int i = 0; i < nall; i++) {
        want_move |= all[i] == YYSYMBOL_MOVE;
        want_ident |= all[i] == YYSYMBOL_IDENT;
        want_expr |= all[i] == YYSYMBOL_INT;
        want_item |= all[i] == YYSYMBOL_GAME;
        want_const |= all[i] == YYSYMBOL_CONST;
    }
    tok_name(t, sizeof t, la);
    int len = snprintf(msg, sizeof msg, "syntax error: unexpected %s", t);
    const char *s = yysymbol_name(la);
    if (want_ident && !want_item && !want_const && la >= YYSYMBOL_CONST && la <= YYSYMBOL_FALSE && s[0] >= 'a' && s[0] <= 'z')   /* a keyword where a name could be */
        len += snprintf(msg + len, sizeof msg - (size_t)len, " (a keyword, not a name)");
    if (n > MAXEXP && want_item)
        snprintf(msg + len, sizeof msg - (size_t)len, "; expected a definition (const, def, game) or a statement");
    else if (n > MAXEXP && want_const)   /* a for or if statement's body */
        snprintf(msg + len, sizeof msg - (size_t)len, "; expected a statement, a const or '}' (a for or if body "
                 "defines no games or defs)");
    else if (n > MAXEXP && want_expr)
        snprintf(msg + len, sizeof msg - (size_t)len, "; expected an expression");
    else if (n > MAXEXP)
        snprintf(msg + len, sizeof msg - (size_t)len, "; expected one of %d other tokens", n);
    if (n > 0 && n <= MAXEXP) {
        len += snprintf(msg + len, sizeof msg - (size_t)len, "; expected ");
        for (int i = 0; i < n; i++) {
            if (exp[i] == YYSYMBOL_IDENT && want_move) snprintf(t, sizeof t, "'left move', 'right move'");   /* a game's body */
            else tok_name(t, sizeof t, exp[i]);
            len += snprintf(msg + len, sizeof msg - (size_t)len, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", t);
        }
        if (ops) snprintf(msg + len, sizeof msg - (size_t)len, " (or an operator)");
    }
    if (la == YYSYMBOL_YYEOF) pc->incomplete = true;
    diag_error(pc->diag, *yypcontext_location(ctx), "%s", msg);
    pc->errors++;
    return 0;
}

int parse_unit(ParseCtx *pc, Arena *arena, Diag *diag, uint32_t file, const char *text, size_t len)
{
    return parse_unit_at(pc, arena, diag, file, text, len, 0, 1);
}

int parse_unit_at(ParseCtx *pc, Arena *arena, Diag *diag, uint32_t file, const char *text, size_t len,
                  uint32_t off, uint32_t line)
{
    memset(pc, 0, sizeof *pc);
    pc->arena = arena;
    pc->diag = diag;
    pc->file = file;
    pc->line = line;
    pc->col = 1;
    pc->off = off;
    pc->last = (Loc){ file, line, 1, off, off };
    yyscan_t scanner;
    if (gylex_init_extra(pc, &scanner)) return ++pc->errors;
    void *buf = gy_scan_bytes(text, (int)len, scanner);
    gyparse(scanner, pc);
    gy_delete_buffer(buf, scanner);
    gylex_destroy(scanner);
    return pc->errors;
}
