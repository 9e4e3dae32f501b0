/* test_peep.c: the superinstructions (peep.c). Random defs built from the shapes they fuse (two
   loads, an index, + and -, comparisons and their jumps, min and max of two, a generator's jump
   back; a spread into a variadic game and sg() of a position made in place have tests of their
   own) are evaluated on random arguments three ways: fused, with every superinstruction turned
   back into the instruction it replaced (the plain interpreter: the same output, the same error
   at the same place), and by an evaluator written here in C from the language's rules (integers
   of any size: 128 bits suffice for these; `not`, `* k`, `% k`, `len`, `abs` and `-` as well, for
   the typed kernel of comprehensions, vm_kernel*.c). The arguments include the ones that take the slow
   ways: truth values, integers beyond 64 bits, sums that overflow, strings, indexes out of range.
   Slices copied at once (a comprehension [L[x] for x in k..j]) are tested the same way. */
#include "config.h"
#include "harness.h"
#include "ir.h"
#include <limits.h>

/* ---- random defs --------------------------------------------------------------------------- */

/* An expression tree of the generated shapes. Variables: 0 a, 1 b, 2 c, 3 x (the binder). */
/* E_CMPV: a comparison as a value, max(u < v, 0) (a truth value counts as 0 or 1) */
enum { E_VAR, E_ADD, E_SUB, E_ADDK, E_SUBK, E_MIN, E_MAX, E_IDX, E_CMPV, E_MULK, E_MODK, E_LEN, E_ABS, E_NEG, E_IF };
/* C_SCHR: S[u + k] == "ch" (or !=); C_RCHR: R[u][v + k] == "ch" (or !=) (k 0 or 1, ch . or #) */
enum { C_CMP, C_CMPK, C_AND, C_OR, C_NOT, C_SCHR, C_RCHR };
enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };
typedef struct Ex { int kind, u, v, k, op; struct Ex *c, *t, *e; } Ex;
typedef struct Cx { int kind, u, v, k, op, ch; struct Cx *l, *r; } Cx;

/* xorshift64, its state the caller's (a fixed seed per test) */
static unsigned rnd(uint64_t *rng, unsigned n)
{
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    return (unsigned)(*rng % n);
}

static const char *const VARS[] = { "a", "b", "c", "x" };
static const char *const CMPS[] = { "==", "!=", "<", "<=", ">", ">=" };
static const char *const CHARS[] = { ".", "#" };

/* A random condition, depth joins deep. With strs (a guard's) also S[i] and R[i][j] compared with
   a character, and joins more often (and/or chains three deep); without, the draws are the ones
   the random defs were made with. */
static Cx *gen_cond_of(uint64_t *rng, int depth, bool strs)
{
    Cx *c = calloc(1, sizeof *c);
    if (strs) {
        static const int joins[] = { C_AND, C_OR, C_NOT, C_AND };
        unsigned r = rnd(rng, 8);
        c->kind = depth > 0 && r < 4 ? joins[r] : r % 4 == 0 ? C_CMP : r % 4 == 1 ? C_CMPK : r % 4 == 2 ? C_SCHR : C_RCHR;
    } else {
        static const int joins[] = { C_AND, C_OR, C_NOT };
        c->kind = depth > 0 && rnd(rng, 4) == 0 ? joins[rnd(rng, 3)] : rnd(rng, 2) ? C_CMP : C_CMPK;
    }
    c->u = (int)rnd(rng, 4);
    c->v = (int)rnd(rng, 4);
    c->k = (int)rnd(rng, 6);
    c->op = (int)rnd(rng, 6);
    if (strs) c->ch = (int)rnd(rng, 2);
    if (c->kind == C_AND || c->kind == C_OR) {
        c->l = gen_cond_of(rng, depth - 1, strs);
        c->r = gen_cond_of(rng, depth - 1, strs);
    }
    if (c->kind == C_NOT) c->l = gen_cond_of(rng, depth - 1, strs);
    return c;
}

static Cx *gen_cond(uint64_t *rng, int depth) { return gen_cond_of(rng, depth, false); }

static Ex *gen_expr(uint64_t *rng, int depth)
{
    Ex *e = calloc(1, sizeof *e);
    e->kind = (int)rnd(rng, depth > 0 ? E_IF + 1 : E_IF);
    e->u = (int)rnd(rng, 4);
    e->v = (int)rnd(rng, 4);
    e->k = (int)rnd(rng, 6);
    if (e->kind == E_CMPV) e->c = (Ex *)(void *)gen_cond(rng, 0);
    if (e->kind == E_IF) {
        e->c = (Ex *)(void *)gen_cond(rng, 1);
        e->t = gen_expr(rng, depth - 1);
        e->e = gen_expr(rng, depth - 1);
    }
    return e;
}

static void free_cond(Cx *c)
{
    if (!c) return;
    free_cond(c->l);
    free_cond(c->r);
    free(c);
}

static void free_expr(Ex *e)
{
    if (!e) return;
    free_cond((Cx *)(void *)e->c);
    free_expr(e->t);
    free_expr(e->e);
    free(e);
}

static void print_cond(StrBuf *b, const Cx *c)
{
    switch (c->kind) {
    case C_CMP: sb_printf(b, "%s %s %s", VARS[c->u], CMPS[c->op], VARS[c->v]); break;
    case C_CMPK: sb_printf(b, "%s %s %d", VARS[c->u], CMPS[c->op], c->k); break;
    case C_SCHR: sb_printf(b, "S[%s + %d] %s \"%s\"", VARS[c->u], c->k % 2, CMPS[c->op % 2], CHARS[c->ch]); break;
    case C_RCHR:
        sb_printf(b, "R[%s][%s + %d] %s \"%s\"", VARS[c->u], VARS[c->v], c->k % 2, CMPS[c->op % 2], CHARS[c->ch]);
        break;
    case C_NOT:
        sb_printf(b, "not (");
        print_cond(b, c->l);
        sb_printf(b, ")");
        break;
    default:
        sb_printf(b, "(");
        print_cond(b, c->l);
        sb_printf(b, c->kind == C_AND ? " and " : " or ");
        print_cond(b, c->r);
        sb_printf(b, ")");
    }
}

static void print_expr(StrBuf *b, const Ex *e)
{
    const char *u = VARS[e->u], *v = VARS[e->v];
    switch (e->kind) {
    case E_VAR: sb_printf(b, "%s", u); break;
    case E_ADD: sb_printf(b, "%s + %s", u, v); break;
    case E_SUB: sb_printf(b, "%s - %s", u, v); break;
    case E_ADDK: sb_printf(b, "%s + %d", u, e->k); break;
    case E_SUBK: sb_printf(b, "%s - %d", u, e->k); break;
    case E_MIN: sb_printf(b, "min(%s, %s)", u, v); break;
    case E_MAX: sb_printf(b, "max(%s, %s)", u, v); break;
    case E_IDX: sb_printf(b, "L[%s]", u); break;
    case E_MULK: sb_printf(b, "%s * %d", u, e->k); break;
    case E_MODK: sb_printf(b, "%s %% %d", u, e->k + 1); break;
    case E_LEN: sb_printf(b, "len(L)"); break;
    case E_ABS: sb_printf(b, "abs(%s)", u); break;
    case E_NEG: sb_printf(b, "-%s", u); break;
    case E_CMPV:
        sb_printf(b, "max(");
        print_cond(b, (const Cx *)(const void *)e->c);
        sb_printf(b, ", 0)");
        break;
    default:
        sb_printf(b, "(if ");
        print_cond(b, (const Cx *)(const void *)e->c);
        sb_printf(b, " then ");
        print_expr(b, e->t);
        sb_printf(b, " else ");
        print_expr(b, e->e);
        sb_printf(b, ")");
    }
}

/* ---- the evaluator written from the rules ----------------------------------------------------- */

typedef __int128 I128;
/* The variables, the list L, and for guards the string S and the list of strings R. */
typedef struct Env { I128 var[4]; const I128 *list; int len; bool failed; const char *s; const char *const *rows; int nrows; } Env;

/* Character i of string s (length n) is ch: false with failed set when i is out of range (the
   interpreter's error). */
static bool char_is(Env *en, const char *s, I128 i, const char *ch)
{
    if (i < 0 || i >= (I128)strlen(s)) {
        en->failed = true;
        return false;
    }
    return s[(size_t)i] == ch[0];
}

static bool eval_cond(Env *en, const Cx *c)
{
    if (en->failed) return false;   /* (the interpreter stopped at the error) */
    if (c->kind == C_AND) return eval_cond(en, c->l) && eval_cond(en, c->r);
    if (c->kind == C_OR) return eval_cond(en, c->l) || eval_cond(en, c->r);
    if (c->kind == C_NOT) return !eval_cond(en, c->l);
    if (c->kind == C_SCHR) return char_is(en, en->s, en->var[c->u] + c->k % 2, CHARS[c->ch]) == (c->op % 2 == 0) && !en->failed;
    if (c->kind == C_RCHR) {
        I128 r = en->var[c->u];
        if (r < 0 || r >= en->nrows) {
            en->failed = true;
            return false;
        }
        return char_is(en, en->rows[(size_t)r], en->var[c->v] + c->k % 2, CHARS[c->ch]) == (c->op % 2 == 0) && !en->failed;
    }
    I128 x = en->var[c->u], y = c->kind == C_CMP ? en->var[c->v] : c->k;
    switch (c->op) {
    case CMP_EQ: return x == y;
    case CMP_NE: return x != y;
    case CMP_LT: return x < y;
    case CMP_LE: return x <= y;
    case CMP_GT: return x > y;
    default: return x >= y;
    }
}

static I128 eval_expr(Env *en, const Ex *e)
{
    I128 x = en->var[e->u], y = en->var[e->v];
    switch (e->kind) {
    case E_VAR: return x;
    case E_ADD: return x + y;
    case E_SUB: return x - y;
    case E_ADDK: return x + e->k;
    case E_SUBK: return x - e->k;
    case E_MIN: return y < x ? y : x;
    case E_MAX: return y > x ? y : x;
    case E_IDX:
        if (x < 0 || x >= en->len) {   /* index out of range: an error */
            en->failed = true;
            return 0;
        }
        return en->list[(int)x];
    case E_CMPV: return eval_cond(en, (const Cx *)(const void *)e->c);
    case E_MULK: return x * e->k;
    case E_MODK: return ((x % (e->k + 1)) + (e->k + 1)) % (e->k + 1);   /* floor: the divisor's sign */
    case E_LEN: return en->len;
    case E_ABS: return x < 0 ? -x : x;
    case E_NEG: return -x;
    default: return eval_cond(en, (const Cx *)(const void *)e->c) ? eval_expr(en, e->t) : eval_expr(en, e->e);
    }
}

static void print_i128(StrBuf *b, I128 v)
{
    char d[48];
    int n = 0;
    unsigned __int128 m = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
    do d[n++] = (char)('0' + (int)(m % 10)); while ((m /= 10) != 0);
    if (v < 0) sb_printf(b, "-");
    while (n) sb_printf(b, "%c", d[--n]);
}

/* An integer literal of any size (a leading '-' allowed) at *s; *s moves past it. */
static I128 parse_i128(const char **s)
{
    bool neg = **s == '-';
    if (neg) (*s)++;
    I128 v = 0;
    for (; **s >= '0' && **s <= '9'; (*s)++) v = v * 10 + (**s - '0');
    return neg ? -v : v;
}

/* ---- the cases ------------------------------------------------------------------------------ */

/* Argument pools: text, value, and whether the evaluator knows the value (an integer). */
typedef struct Arg { const char *text; I128 v; bool known; } Arg;
#define I64MAX ((I128)INT64_MAX)
static const Arg SCALARS[] = {
    { "0", 0, true }, { "1", 1, true }, { "2", 2, true }, { "3", 3, true }, { "5", 5, true },
    { "-1", -1, true }, { "-4", -4, true },
    { "9223372036854775807", I64MAX, true }, { "9223372036854775806", I64MAX - 1, true },
    { "-9223372036854775808", -I64MAX - 1, true },
    { "100000000000000000000", (I128)100000000000 * 1000000000, true },   /* beyond 64 bits */
    { "true", 0, false }, { "false", 0, false }, { "\"s\"", 0, false },
};
typedef struct ListArg { const char *text; int len; I128 v[5]; bool known; } ListArg;
static const ListArg LISTS[] = {
    { "[]", 0, { 0 }, true },
    { "[0]", 1, { 0 }, true },
    { "[1, 2, 3]", 3, { 1, 2, 3 }, true },
    { "[3, 0, 2, 1, 5]", 5, { 3, 0, 2, 1, 5 }, true },
    { "[9223372036854775807, -1, 2]", 3, { I64MAX, -1, 2 }, true },
    { "[100000000000000000000, 1]", 2, { (I128)100000000000 * 1000000000, 1 }, true },
    { "\"abc\"", 0, { 0 }, false },
    { "[\"p\", \"q\"]", 0, { 0 }, false },
    { "4", 0, { 0 }, false },
};
#define NSCALARS (sizeof SCALARS / sizeof *SCALARS)
#define NLISTS (sizeof LISTS / sizeof *LISTS)

/* The generator forms of a def's body. */
/* the generator: a list (of L, filtered, over L's indexes), or a fold (sum, max, count, xor; all but
   the sum filtered) */
enum { B_LIST, B_LIST_WHEN, B_SUM, B_RANGE, B_MAX, B_COUNT, B_XOR, NBODY };
static const char *const FOLDS[NBODY] = { [B_SUM] = "sum(", [B_MAX] = "max(", [B_COUNT] = "count(", [B_XOR] = "xor(" };

/* Run text in h, with a fresh count of errors (a program stops reporting after 20). */
static void run_counted(H *h, const char *text)
{
    h->p.diag.errors = 0;
    h->p.diag.suppressed = false;
    h_run(h, text);
}

/* The text printed by `print` from offset on (out and err). */
static char *tail(H *h, size_t out0, size_t err0)
{
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%s|%s", h_out(h) + out0, h_err(h) + err0);
    return b.s;
}

static void count_ops(const Func *f, int *seen)
{
    for (size_t pc = 0; pc < f->ncode; pc += 1 + (size_t)ir_op_nargs((int)f->code[pc])) seen[f->code[pc]]++;
}

static void unfuse(Func *f)
{
    for (size_t pc = 0; pc < f->ncode; pc += 1 + (size_t)ir_op_nargs((int)f->code[pc]))
        f->code[pc] = ir_op_plain((int)f->code[pc]);
}

/* Run call (which calls function fid) fused, as compiled, and plain, with fid's superinstructions
   turned back; both outputs must be the same (out, then err after a '|'). Returns the fused one. */
static char *both_ways(H *h, int fid, const char *def, const char *call)
{
    size_t o0 = strlen(h_out(h)), e0 = strlen(h_err(h));
    run_counted(h, call);
    char *fused = tail(h, o0, e0);
    Func *f = &h->p.code.fns[fid];
    int64_t *keep = malloc(f->ncode * sizeof *keep);
    memcpy(keep, f->code, f->ncode * sizeof *keep);
    unfuse(f);
    o0 = strlen(h_out(h));
    e0 = strlen(h_err(h));
    run_counted(h, call);
    char *plain = tail(h, o0, e0);
    f = &h->p.code.fns[fid];   /* (the functions' array grows as calls are compiled) */
    memcpy(f->code, keep, f->ncode * sizeof *keep);
    free(keep);
    if (strcmp(fused, plain)) fprintf(stderr, "%s\n%s\nfused: %s\nplain: %s\n", def, call, fused, plain);
    assert_string_equal(fused, plain);
    free(plain);
    return fused;
}

/* What def printed for call (out|err) against the rules: the error of an index out of range when
   the rules met one (failed), else want. */
static void against_rules(const char *def, const char *call, const char *got, const char *want, bool failed)
{
    if (failed) {
        bool ok = got[0] == '|' && strstr(got, "is out of range");
        if (!ok) fprintf(stderr, "%s\n%s\ngot: %s\n", def, call, got);
        assert_true(ok);
    } else {
        if (strcmp(got, want)) fprintf(stderr, "%s\n%s\ngot: %swanted: %s\n", def, call, got, want);
        assert_string_equal(got, want);
    }
}

static void test_random_defs(void **state)
{
    (void)state;
    H *h = h_new();
    int checked = 0, by_rules = 0, errors = 0, seen[IR__COUNT] = { 0 };
    uint64_t seed = 0x2545F4914F6CDD1Dull, *rng = &seed;
    for (int i = 0; i < 3000; i++) {
        Ex *e = gen_expr(rng, 2);
        Cx *w = gen_cond(rng, 1);
        int body = (int)rnd(rng, NBODY);
        StrBuf d;
        sb_init(&d);
        sb_printf(&d, "def f%d(a, b, c, L) = ", i);
        const char *open = FOLDS[body] ? FOLDS[body] : "[", *close = FOLDS[body] ? ")" : "]";
        sb_printf(&d, "%s", open);
        print_expr(&d, e);
        sb_printf(&d, " for x in %s", body == B_RANGE ? "0..len(L) - 1" : "L");
        if (body != B_LIST && body != B_SUM) {
            sb_printf(&d, " when ");
            print_cond(&d, w);
        }
        sb_printf(&d, "%s;", close);
        assert_int_equal(h_run(h, d.s), 0);
        char name[32];
        snprintf(name, sizeof name, "f%d", i);
        Symbol *s = prog_lookup(&h->p, name);
        assert_non_null(s);
        int fid = s->id;
        count_ops(&h->p.code.fns[fid], seen);
        for (int t = 0; t < 4; t++) {
            const Arg *a = &SCALARS[rnd(rng, NSCALARS)], *b = &SCALARS[rnd(rng, NSCALARS)], *c = &SCALARS[rnd(rng, NSCALARS)];
            const ListArg *l = &LISTS[rnd(rng, NLISTS)];
            char call[512];
            snprintf(call, sizeof call, "print f%d(%s, %s, %s, %s);", i, a->text, b->text, c->text, l->text);
            char *fused = both_ways(h, fid, d.s, call);
            checked++;
            bool is_error = fused[0] == '|';
            errors += is_error;
            /* the rules, where every argument is an integer */
            if (a->known && b->known && c->known && l->known) {
                Env en = { { a->v, b->v, c->v, 0 }, l->v, l->len, false, NULL, NULL, 0 };
                StrBuf want;
                sb_init(&want);
                I128 total = 0;
                int n = 0;
                sb_printf(&want, "%s", FOLDS[body] ? "" : "[");
                for (int k = 0; k < l->len; k++) {
                    en.var[3] = body == B_RANGE ? k : l->v[k];
                    if (body != B_LIST && body != B_SUM && !eval_cond(&en, w)) continue;
                    I128 v = eval_expr(&en, e);
                    if (en.failed) break;
                    if (body == B_SUM) total += v;
                    else if (body == B_MAX) total = n++ == 0 || v > total ? v : total;
                    else if (body == B_COUNT) total += v != 0;
                    else if (body == B_XOR) total ^= v;
                    else {
                        if (n++) sb_printf(&want, ", ");
                        print_i128(&want, v);
                    }
                }
                if (FOLDS[body]) print_i128(&want, total);
                else sb_printf(&want, "]");
                sb_printf(&want, "\n|");
                if (body == B_MAX && n == 0 && !en.failed) {   /* max of nothing: an error */
                    if (!is_error || !strstr(fused, "max of nothing")) fprintf(stderr, "%s\n%s\ngot: %s\n", d.s, call, fused);
                    assert_true(is_error && strstr(fused, "max of nothing"));
                } else {
                    against_rules(d.s, call, fused, want.s, en.failed);
                }
                by_rules++;
                sb_fini(&want);
            }
            free(fused);
        }
        sb_fini(&d);
        free_expr(e);
        free_cond(w);
    }
    /* every superinstruction was made, and both ways were taken */
    int fused_ops[] = { IR_LL, IR_LLIDX, IR_LLARITH, IR_LKARITH, IR_LLCMP, IR_LKCMP, IR_LLCMPJ, IR_LKCMPJ, IR_JNEXT,
                        IR_MIN2, IR_MAX2, IR_ITERMAP };
    for (size_t k = 0; k < sizeof fused_ops / sizeof *fused_ops; k++) {
        if (seen[fused_ops[k]] < 20) fprintf(stderr, "%s made %d times\n", ir_op_name(fused_ops[k]), seen[fused_ops[k]]);
        assert_true(seen[fused_ops[k]] >= 20);
    }
    assert_true(by_rules > 2000 && errors > 500 && checked - errors > 5000);
    h_free(h);
}

/* Define `def <prefix><i>(params) = form;` in h: its function's id; *def holds the text (size
   n) and *fused grows by the instructions op the definition compiled to. */
static int define_form(H *h, const char *prefix, int i, const char *params, const char *form, int op, char *def,
                       size_t n, int *fused)
{
    char name[16];
    snprintf(def, n, "def %s%d(%s) = %s;", prefix, i, params, form);
    snprintf(name, sizeof name, "%s%d", prefix, i);
    assert_int_equal(h_run(h, def), 0);
    int fid = prog_lookup(&h->p, name)->id;
    const Func *f0 = &h->p.code.fns[fid];
    for (size_t pc = 0; pc < f0->ncode; pc += 1 + (size_t)ir_op_nargs((int)f0->code[pc])) *fused += f0->code[pc] == op;
    return fid;
}

/* Positions of variadic games built from a spread list (SPREADPOS passes the list as it is when
   it is all that follows the call's mark): every kind of list, and the spreads that must take the
   plain way (a range, a set, a string, a non-variadic game, a fixed argument taken from the list),
   fused against plain and, for lists of integers, against the text the rules give. */
static void test_random_positions(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game V(a...) { } game W(k, a...) { } game U(k, j) { } def cnt(a...) = len(a);"), 0);
    static const char *const forms[] = {
        "V([x for x in L]...)", "W(k, [x for x in L]...)", "V(L...)", "W(k, L...)",
        "W([x for x in L]...)", "U([x for x in L]...)", "V([x + k for x in L]...)", "W(k, k, L...)",
        "cnt([x for x in L]..., sg(W(k, L...)), sg(V(L...)))",   /* a mark under the fused ones */
    };
    static const char *const ks[] = { "1", "-2", "\"s\"", "[1]", "100000000000000000000", "true", "0..2" };
    static const char *const ls[] = { "[]", "[1, 2, 3]", "[100000000000000000000, 1]", "[\"a\", \"b\"]",
                                      "[[1], [2, 3]]", "\"abc\"", "0..3", "{3, 1}", "5", "[7]", "[4, 5]" };
    const int nforms = (int)(sizeof forms / sizeof *forms), nk = (int)(sizeof ks / sizeof *ks),
              nl = (int)(sizeof ls / sizeof *ls);
    int by_rules = 0, fusedops = 0;
    for (int i = 0; i < nforms; i++) {
        char def[160];
        int fid = define_form(h, "p", i, "k, L", forms[i], IR_SPREADPOS, def, sizeof def, &fusedops);
        for (int a = 0; a < nk; a++)
            for (int b = 0; b < nl; b++) {
                char call[256];
                snprintf(call, sizeof call, "print p%d(%s, %s);", i, ks[a], ls[b]);
                char *fused = both_ways(h, fid, def, call);
                /* the rules: V(the elements), W(k, the elements), for integers k and lists of integers */
                bool ints = ls[b][0] == '[' && ls[b][1] != '"' && ls[b][1] != '[', kint = a <= 1;
                if (ints && kint && (i <= 3 || i == 6)) {
                    StrBuf want;
                    sb_init(&want);
                    sb_printf(&want, "%s(", i == 1 || i == 3 ? "W" : "V");
                    const char *sep = "";
                    if (i == 1 || i == 3) {
                        sb_printf(&want, "%s", ks[a]);
                        sep = ", ";
                    }
                    const char *kt = ks[a];
                    I128 kv = parse_i128(&kt);
                    for (const char *e = ls[b] + 1; *e && *e != ']';) {
                        I128 x = parse_i128(&e);   /* any size: 10^20 too */
                        sb_printf(&want, "%s", sep);
                        print_i128(&want, i == 6 ? x + kv : x);
                        sep = ", ";
                        while (*e == ',' || *e == ' ') e++;
                    }
                    sb_printf(&want, ")\n|");
                    if (strcmp(fused, want.s)) fprintf(stderr, "%s\n%s\ngot: %swanted: %s\n", def, call, fused, want.s);
                    assert_string_equal(fused, want.s);
                    sb_fini(&want);
                    by_rules++;
                }
                free(fused);
            }
    }
    assert_true(fusedops >= 6 && by_rules >= 40);
    h_free(h);
}

/* Slices copied at once (ITERSLICE: [L[x] for x in k..j] copies L[k..j]; ITERSKIP: with `when x
   != m`, all but index m, the index any integer and the comparison either way round): every kind of list and
   the arguments that take the loop (a list of integers beyond 64 bits, whose slice may hold only
   small ones; a string, a range, a set; bounds out of range, the wrong way round, not integers),
   fused against plain and, for lists of integers with integer bounds, against the slice the rules
   give (or an error). */
static void test_slices(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game V(a...) { }"), 0);
    static const char *const forms[] = {
        "[L[x] for x in k..j]", "V([L[x] for x in k..len(L) - 1]...)", "sum([L[x] for x in 0..k])",
        "[L[x] for x in k..j] + [L[x] for x in j..k]", "[[L[x] for x in k..j] for y in 0..1]",
        "len([L[x] for x in 0..len(L) - 1 - k])",
        "[L[x] for x in 0..len(L) - 1 when x != k]", "[L[x] for x in k..len(L) - 1 when j != x]",
        "V([L[x] for x in 0..j when x != k]...)",
    };
    static const char *const ks[] = { "0", "1", "2", "-1", "3", "5", "true", "\"s\"", "100000000000000000000" };
    static const char *const ls[] = { "[]", "[4, 5, 6, 7]", "[100000000000000000000, 1, 2]", "[\"a\", \"b\", \"c\"]",
                                      "[[1], [2, 3], []]", "\"abc\"", "0..3", "{3, 1}", "5", "[-9, 8]" };
    const int nforms = (int)(sizeof forms / sizeof *forms), nk = (int)(sizeof ks / sizeof *ks),
              nl = (int)(sizeof ls / sizeof *ls);
    int by_rules = 0, fusedops = 0;
    for (int i = 0; i < nforms; i++) {
        char def[200];
        int fid = define_form(h, "s", i, "k, j, L", forms[i], i < 6 ? IR_ITERSLICE : IR_ITERSKIP, def, sizeof def,
                              &fusedops);
        for (int a = 0; a < nk; a++)
            for (int b = 0; b < nk; b++)
                for (int c = 0; c < nl; c++) {
                    char call[256];
                    snprintf(call, sizeof call, "print s%d(%s, %s, %s);", i, ks[a], ks[b], ls[c]);
                    char *fused = both_ways(h, fid, def, call);
                    /* the rules for forms 0 and 6 on the lists of small integers */
                    if ((i == 0 || i == 6) && a <= 5 && b <= 5 && (c == 0 || c == 1 || c == 9)) {
                        static const int vals[][4] = { { 0 }, { 4, 5, 6, 7 }, { 0 }, { 0 }, { 0 }, { 0 }, { 0 }, { 0 }, { 0 },
                                                       { -9, 8 } };
                        int len = c == 0 ? 0 : c == 1 ? 4 : 2, k = atoi(ks[a]), j = atoi(ks[b]), skip = INT_MIN;
                        if (i == 6) {   /* 0..len - 1 leaving out k */
                            skip = k;
                            k = 0;
                            j = len - 1;
                        }
                        StrBuf want;
                        sb_init(&want);
                        if (k <= j && (k < 0 || j >= len)) {   /* the first index out of range */
                            int bad = k < 0 ? k : k > len ? k : len;
                            sb_printf(&want, "|test.game:1:%d: error: index %d is out of range for a list of length %d",
                                      (int)(strstr(def, "L[x]") - def) + 1, bad, len);
                            assert_non_null(strstr(fused, want.s));
                        } else {
                            sb_printf(&want, "[");
                            const char *sep = "";
                            for (int x = k; x <= j; x++) {
                                if (x == skip) continue;
                                sb_printf(&want, "%s%d", sep, vals[c][x]);
                                sep = ", ";
                            }
                            sb_printf(&want, "]\n|");
                            if (strcmp(fused, want.s)) fprintf(stderr, "%s\n%s\ngot: %swanted: %s\n", def, call, fused, want.s);
                            assert_string_equal(fused, want.s);
                        }
                        sb_fini(&want);
                        by_rules++;
                    }
                    free(fused);
                }
    }
    assert_true(fusedops >= 10 && by_rules >= 200);
    h_free(h);
}

/* Every fold the typed kernel runs (vm_kernel.c: a list, sum, min, max, any, all, count, xor,
   bitor, bitand), over lists of small integers, truth values, integers beyond 64 bits, strings and
   nothing, with sums that overflow: fused (the kernel) against plain, and the kernel's
   instruction made for each. */
static void test_folds(void **state)
{
    (void)state;
    H *h = h_new();
    static const char *const forms[] = {
        "sum(x * k for x in L)", "min(x - k for x in L when x != k)", "max(x % 3 for x in L)",
        "any(x > k for x in L)", "all(x > k for x in L)", "count(x - k for x in L)", "xor(x + k for x in L)",
        "bitor(x for x in L when x > k)", "bitand(x | k for x in L)", "min(x < k for x in L)", "max(x == k for x in L)",
        "count(x < k for x in L)", "sum([x for x in L when x >= k])", "[if x > k then x else -x for x in L]",
        /* a comparison right before a JF that a jump lands on (where an if's branches meet) */
        "[x for x in L when (if x > k then x < 5 else x > 1)]", "sum(x for x in L when (if x != k then x >= 3 else x <= 1))",
    };
    static const char *const ks[] = { "0", "1", "3", "-2", "true", "9223372036854775807" };
    static const char *const ls[] = { "[]", "[4, 5, 6, 7]", "[1, 2, 3, 1, 2]", "[9223372036854775807, 9223372036854775807]",
                                      "[-9223372036854775808, -1]", "[100000000000000000000, 1]", "[\"a\"]", "0..5",
                                      "[true, false]", "{3, 1}" };
    int fusedops = 0;
    for (int i = 0; i < (int)(sizeof forms / sizeof *forms); i++) {
        char def[200];
        int fid = define_form(h, "g", i, "k, L", forms[i], IR_ITERMAP, def, sizeof def, &fusedops);
        for (size_t a = 0; a < sizeof ks / sizeof *ks; a++)
            for (size_t c = 0; c < sizeof ls / sizeof *ls; c++) {
                char call[256];
                snprintf(call, sizeof call, "print g%d(%s, %s);", i, ks[a], ls[c]);
                free(both_ways(h, fid, def, call));
            }
    }
    assert_true(fusedops >= 16);
    h_free(h);
}

/* A type error or an out-of-range index inside a fused sequence is reported at the part of the
   sequence that fails, as before. */
static void test_error_places(void **state)
{
    (void)state;
    h_expect_error("def f(L, i) = L[i] + 1;\nconst X = f([1, 2], 2);",
                   "test.game:1:15: error: index 2 is out of range for a list of length 2");
    h_expect_error("def f(a, b) = a - b;\nconst X = f(1, \"t\");",
                   "test.game:1:15: error: '-' needs integers: cannot apply to an integer and a string in 'a - b'");
    h_expect_error("def f(a, b) = [x for x in 0..3 when x < b];\nconst X = f(1, [1]);",
                   "test.game:1:37: error: comparison needs two integers or two strings: cannot apply to an integer and a "
                   "list in 'x < b'");
    h_expect_error("def f(a, b) = min(a, b);\nconst X = f(1, \"t\");",
                   "test.game:1:15: error: min() needs integers, or non-negative numbers written as decimal strings, not a "
                   "string");
    h_expect_error("game W(k, a...) { }\ndef f(L) = W([x for x in L]...);\nconst X = f([]);",
                   "test.game:2:12: error: game 'W' takes at least 1 argument, but 0 were given");
    h_expect_error("def f(a, L) = [L[x] for x in 0..a];\nconst X = f(3, \"ab\");",
                   "test.game:1:16: error: index 2 is out of range for a string of length 2");
}

/* sg() of a position made where it is asked for (SGPOS: the integer arguments go to the host's
   sg_ints, no position value made): S(n, m) is a subtraction game {1, 2, 3} on n beside a heap of
   moves m -> m - 1, so its value is (n mod 4) XOR (m mod 2) for n, m in 0..999 (outside, that
   part has no moves). Fused against plain for every kind of argument (the slow ways too: truth
   values, integers beyond 64 bits, strings, lists, a sum, a loopy game's ∞, a misère position),
   and against that formula for integers. */
static void test_sg_positions(void **state)
{
    (void)state;
    H *h = h_new();
    assert_int_equal(h_run(h, "game S(n, m) { move a(k in 1..3) when k <= n and n < 1000 => S(n - k, m);"
                              " move b when m > 0 and m < 1000 => S(n, m - 1); }"
                              " game L(n) { move a => L(1 - n); }"), 0);
    static const char *const forms[] = {
        "sg(S(k, j))", "sg(S(j, k)) * 10 + sg(S(k, j))", "[sg(S(x, j)) for x in 0..3]",
        "sg(S(k, j) + S(j, k))", "sg(L(k))", "sg(misere(S(k, j)))",
        "sum(sg(S(x, y)) for x in 0..min(k, 12), y in 0..min(j, 12))",
    };
    static const char *const ks[] = { "0", "1", "2", "5", "11", "-3", "1001", "true", "100000000000000000000",
                                      "\"s\"", "[1]" };
    const int nforms = (int)(sizeof forms / sizeof *forms), nk = (int)(sizeof ks / sizeof *ks);
    int by_rules = 0, fusedops = 0;
    for (int i = 0; i < nforms; i++) {
        char def[200];
        int fid = define_form(h, "q", i, "k, j", forms[i], IR_SGPOS, def, sizeof def, &fusedops);
        for (int a = 0; a < nk; a++)
            for (int b = 0; b < nk; b++) {
                char call[256];
                snprintf(call, sizeof call, "print q%d(%s, %s);", i, ks[a], ks[b]);
                char *fused = both_ways(h, fid, def, call);
                if (a <= 6 && b <= 6 && (i == 0 || i == 1)) {   /* integers of 64 bits: the formula */
                    long k = atol(ks[a]), j = atol(ks[b]);
                    long v0 = (k > 0 && k < 1000 ? k % 4 : 0) ^ (j > 0 && j < 1000 ? j % 2 : 0),
                         v1 = (j > 0 && j < 1000 ? j % 4 : 0) ^ (k > 0 && k < 1000 ? k % 2 : 0);
                    char want[64];
                    snprintf(want, sizeof want, "%ld\n|", i == 0 ? v0 : v1 * 10 + v0);
                    if (strcmp(fused, want)) fprintf(stderr, "%s\n%s\ngot: %swanted: %s\n", def, call, fused, want);
                    assert_string_equal(fused, want);
                    by_rules++;
                }
                free(fused);
            }
    }
    assert_true(fusedops >= 6 && by_rules >= 98);
    h_free(h);
}

/* Loops whose body starts with a guard (NEXTG: the kernel skips the values it turns down, the
   body runs in the interpreter; and the generators the kernel runs whole, with strings): random
   guards over integers, a string S and a list of strings R, in a comprehension whose body the
   kernel does not take ([[x] ...]), one it takes, and a game's moves (the number of winning
   moves: every option is a position with no moves); fused against plain, the comprehensions
   against the rules too (the values taken, or the error of an index out of range). */
static void test_guards(void **state)
{
    (void)state;
    H *h = h_new();
    static const char *const strs[] = { "\"\"", "\".\"", "\"#.\"", "\"..#.\"", "\".#.#..\"", "5", "[\".\"]" };
    static const char *const strv[] = { "", ".", "#.", "..#.", ".#.#..", NULL, NULL };
    static const char *const rowt[] = { "[]", "[\".#\", \"#.\"]", "[\"..\", \"\", \"#.#\"]", "[\"#\"]", "\"ab\"", "[1, 2]",
                                        "[\"...\", \".#.\", \"...\", \"#..\"]" };
    static const char *const r1[] = { ".#", "#." }, *const r2[] = { "..", "", "#.#" }, *const r3[] = { "#" },
                             *const r6[] = { "...", ".#.", "...", "#.." };
    static const char *const *const rowv[] = { r1, r1, r2, r3, NULL, NULL, r6 };
    static const int nrow[] = { 0, 2, 3, 1, 0, 0, 4 };
    enum { G_LISTS, G_MAP, G_COUNT, G_MOVES, NG };
    int seen[IR__COUNT] = { 0 }, by_rules = 0, errors = 0, serial = 0;
    uint64_t seed = 0x9E3779B97F4A7C15ull, *rng = &seed;
    for (int i = 0; i < 600; i++) {
        Cx *w = gen_cond_of(rng, 3, true);
        int form = i % NG;
        StrBuf g, d;
        sb_init(&g);
        sb_init(&d);
        print_cond(&g, w);
        if (form == G_MOVES)
            sb_printf(&d, "game Q%d(n, a, b, c, L, S, R) { move m(x in L) when %s => Q%d(0, 0, 0, 0, [], \"\", []); } "
                          "def t%d(n, a, b, c, L, S, R) = winning_count(Q%d(n, a, b, c, L, S, R));", i, g.s, i, i, i);
        else
            sb_printf(&d, "def t%d(n, a, b, c, L, S, R) = %s for x in %s when %s%s;", i,
                      form == G_LISTS ? "[[x]" : form == G_MAP ? "[x" : "count(x > 0", form == G_COUNT ? "0..len(L) - 1" : "L",
                      g.s, form == G_COUNT ? ")" : "]");
        assert_int_equal(h_run(h, d.s), 0);
        char name[32];
        snprintf(name, sizeof name, form == G_MOVES ? "Q%d" : "t%d", i);
        Symbol *sym = prog_lookup(&h->p, name);
        assert_non_null(sym);
        int fid = form == G_MOVES ? h->p.code.games[sym->id].moves_fn : sym->id;
        count_ops(&h->p.code.fns[fid], seen);
        for (int t = 0; t < 6; t++) {
            /* (mostly small integers: indexes in range as often as not) */
            const Arg *a = &SCALARS[rnd(rng, 3) ? rnd(rng, 4) : rnd(rng, NSCALARS)],
                      *b = &SCALARS[rnd(rng, 3) ? rnd(rng, 4) : rnd(rng, NSCALARS)],
                      *c = &SCALARS[rnd(rng, 3) ? rnd(rng, 4) : rnd(rng, NSCALARS)];
            const ListArg *l = &LISTS[rnd(rng, NLISTS)];
            unsigned si = rnd(rng, 7), ri = rnd(rng, 7);
            char call[512];
            /* (n: a new position each call, so the plain run solves it again) */
            snprintf(call, sizeof call, "print t%d(%d, %s, %s, %s, %s, %s, %s);", i, serial++, a->text, b->text, c->text,
                     l->text, strs[si], rowt[ri]);
            char *fused = both_ways(h, fid, d.s, call);
            errors += fused[0] == '|';
            if (form != G_MOVES && a->known && b->known && c->known && l->known && strv[si] && (rowv[ri] || ri == 0)) {
                Env en = { { a->v, b->v, c->v, 0 }, l->v, l->len, false, strv[si], rowv[ri], nrow[ri] };
                StrBuf want;
                sb_init(&want);
                int n = 0;
                sb_printf(&want, form == G_COUNT ? "" : "[");
                for (int k = 0; k < l->len && !en.failed; k++) {
                    en.var[3] = form == G_COUNT ? k : l->v[k];
                    if (!eval_cond(&en, w) || en.failed) continue;
                    if (form == G_COUNT) {
                        n += en.var[3] > 0;
                        continue;
                    }
                    if (n++) sb_printf(&want, ", ");
                    sb_printf(&want, form == G_LISTS ? "[" : "");
                    print_i128(&want, en.var[3]);
                    sb_printf(&want, form == G_LISTS ? "]" : "");
                }
                if (form == G_COUNT) sb_printf(&want, "%d", n);
                else sb_printf(&want, "]");
                sb_printf(&want, "\n|");
                against_rules(d.s, call, fused, want.s, en.failed);
                by_rules++;
                sb_fini(&want);
            }
            free(fused);
        }
        sb_fini(&g);
        sb_fini(&d);
        free_cond(w);
    }
    if (seen[IR_NEXTG] < 200 || seen[IR_ITERMAP] < 100) fprintf(stderr, "NEXTG %d, ITERMAP %d\n", seen[IR_NEXTG], seen[IR_ITERMAP]);
    assert_true(seen[IR_NEXTG] >= 200 && seen[IR_ITERMAP] >= 100);
    fprintf(stderr, "guards: %d by the rules, %d errors\n", by_rules, errors);
    assert_true(by_rules >= 600 && errors >= 300);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_defs),
        cmocka_unit_test(test_random_positions),
        cmocka_unit_test(test_sg_positions),
        cmocka_unit_test(test_slices),
        cmocka_unit_test(test_folds),
        cmocka_unit_test(test_guards),
        cmocka_unit_test(test_error_places),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
