/* vm_kernel_reg.c: a comprehension's body, or a loop's guard, as register code (vm_kernel.h). The stack code is
   decoded once per loop for the types its operands have: a value at stack depth d lives in
   register d, a load is no instruction at all (the binder, a slot, a constant or an immediate is
   read where it is used), and the types are settled when decoding, so running it is one
   dispatch per operation with no type test. Each run first checks that every slot and constant
   it reads still has the type it was decoded for (else it is decoded again for the types now).
   Besides integers and truth values it reads lists of integers, lists of strings and strings, and
   a string's characters as their bytes (a one-character string is its byte). */
#include "config.h"
#include "vm_kernel.h"
#include "builtins.h"
#include <stdlib.h>
#include <string.h>

/* Registers (the stack depths the decoder allows), then the binder's word, then the operands
   the body reads: V[KR + 1 + i] is invariant i. */
#define KR 32
#define K_MAX_INV 192
#define K_MAX_LISTS 16
#define K_NEXT UINT32_MAX   /* (while decoding) a jump to the loop's NEXT: to KO_END */

/* KO_EQ .. KO_GE: V[d] = V[a] op V[b] as IR_EQ .. IR_GE (in that order); KO_JFEQ .. KO_JFGE: a
   comparison and the JF on it, "jump to t unless V[a] op V[b]"; KO_ARITH: the arithmetic other
   than + - * (sub: the IR operator); KO_SIDX: a string list's character, KO_RIDX a string
   record's (register b), KO_RLEN its length; KO_PASS: the guard takes the value (the code after
   the guard's JF); KO_END: the value is done (the loop's NEXT); KO_APPEND_END, KO_FOLD_END: an
   append or a fold, and the value is done (k_tails). */
enum { KO_MOV, KO_ADD, KO_SUB, KO_MUL, KO_ARITH, KO_NEG, KO_EQ, KO_NE, KO_LT, KO_LE, KO_GT, KO_GE, KO_JFEQ, KO_JFNE,
       KO_JFLT, KO_JFLE, KO_JFGT, KO_JFGE, KO_NOT, KO_TRUTH, KO_JF, KO_JT, KO_JMP, KO_IDX, KO_LEN, KO_ABS, KO_MIN,
       KO_MAX, KO_SIDX, KO_RIDX, KO_RLEN, KO_APPEND, KO_FOLD, KO_APPEND_END, KO_FOLD_END, KO_PASS, KO_END };
/* V[d] = V[a] op V[b]; a jump's target is t (an instruction); a list operand is list b. */
typedef struct KIns { uint8_t op, sub; uint16_t d, a, b; uint32_t t; } KIns;

/* The types of operands and stack values: in registers an integer, a truth value, a string
   record's address (an element of a list of strings: StrRec) and a character (its byte); in the
   table of lists (la, ln) a list of integers, a list of strings (their records) and a string
   (its bytes). */
enum { KT_INT, KT_BOOL, KT_SREC, KT_CHAR, KT_LIST, KT_SLIST, KT_STRV };
static inline bool k_scalar(uint8_t t) { return t == KT_INT || t == KT_BOOL; }
static inline bool k_tabled(uint8_t t) { return t >= KT_LIST; }
/* Where an invariant comes from: an immediate, a slot of the frame, a program constant, a
   function constant; and the type it was decoded for. */
enum { KS_IMM, KS_SLOT, KS_GLOBAL, KS_KONST };
typedef struct KInv { uint8_t src, type; int64_t x; } KInv;

struct KCode {
    KIns *ins;
    size_t nins;
    KInv inv[K_MAX_INV];
    int ninv;
    KInv list[K_MAX_LISTS];   /* the lists and strings read (src, x, type) */
    int nlists;
    size_t exit;              /* a guard's: the code word after its JF */
    uint32_t nir;             /* the instructions of the code decoded */
    uint32_t calls;           /* the tally (kcode_tally) */
    uint64_t values;
    bool off;
};

/* ---- decoding ----------------------------------------------------------------------------- */

typedef struct KVal { uint16_t v; uint8_t type; } KVal;   /* a stack value: its V index (a list: its number) */
typedef struct Dec {
    const Vm *vm;
    const Func *f;
    size_t base, from, end, fold, next;   /* the code decoded: from .. end (a guard's fold: 0) */
    int64_t binder;
    KCode *c;
    size_t capins;
    KVal st[KR];
    int depth;
    bool ok;
    uint32_t label;   /* the instruction the last place a jump lands on starts (UINT32_MAX: none yet) */
    /* per code word of the body: the instruction it starts at, whether a jump goes there, and
       the stack a jump brings there (depth -1: none yet) */
    uint32_t *at;
    bool *target;
    int *tdepth;
    uint8_t *ttypes;   /* KR a word */
    struct { size_t ins, pc; } *fix;
    size_t nfix, capfix;
} Dec;

static void emit(Dec *s, KIns x)
{
    VEC_PUSH(s->c->ins, s->c->nins, s->capins, x);
}

/* The V index of an invariant from src (x) of that type, added once. */
static int inv(Dec *s, uint8_t src, int64_t x, uint8_t type)
{
    KCode *c = s->c;
    for (int i = 0; i < c->ninv; i++)
        if (c->inv[i].src == src && c->inv[i].x == x && c->inv[i].type == type) return KR + 1 + i;
    if (c->ninv == K_MAX_INV) {
        s->ok = false;
        return KR;
    }
    c->inv[c->ninv] = (KInv){ src, type, x };
    return KR + 1 + c->ninv++;
}

static void push(Dec *s, int v, uint8_t type)
{
    if (s->depth == KR) {
        s->ok = false;
        return;
    }
    s->st[s->depth++] = (KVal){ (uint16_t)v, type };
}

/* Push value x read from (src, id) as its type now. */
static void push_value(Dec *s, const Value *x, uint8_t src, int64_t id)
{
    /* a one-character string is its byte when it is a constant (a slot's string is read as a
       string whatever its length: a loop whose strings change length is not decoded again) */
    uint8_t t = x->t == VT_INT ? KT_INT : x->t == VT_BOOL ? KT_BOOL :
                x->t == VT_STR ? (x->n == 1 && src != KS_SLOT ? KT_CHAR : KT_STRV) :
                x->t == VT_LIST && x->strs == LIST_INTS ? KT_LIST : x->t == VT_LIST && x->strs == LIST_STRS ? KT_SLIST : 0xff;
    if (t == 0xff) {
        s->ok = false;
    } else if (!k_tabled(t)) {
        push(s, inv(s, src, id, t), t);
    } else {
        KCode *c = s->c;
        int i = 0;
        while (i < c->nlists && !(c->list[i].src == src && c->list[i].x == id && c->list[i].type == t)) i++;
        if (i == K_MAX_LISTS) {
            s->ok = false;
            return;
        }
        if (i == c->nlists) c->list[c->nlists++] = (KInv){ src, t, id };
        push(s, i, t);
    }
}

/* Every value on the stack into its depth's register (before a jump, and where jumps meet). */
static void settle(Dec *s)
{
    for (int d = 0; d < s->depth; d++) {
        if (k_tabled(s->st[d].type)) {
            s->ok = false;
            return;
        }
        if (s->st[d].v != d) {
            emit(s, (KIns){ KO_MOV, 0, (uint16_t)d, s->st[d].v, 0, 0 });
            s->st[d].v = (uint16_t)d;
        }
    }
}

/* Instruction ins, a jump at pc to code word t (the stack settled): its target fixed up at the
   end, the stack it brings there recorded. Only forward jumps are decoded (a comprehension's are;
   the loop's NEXT aside). */
static void jump_of(Dec *s, size_t ins, size_t pc, size_t t)
{
    if (t == s->next) {
        if (s->depth) s->ok = false;   /* (the interpreter's NEXT has the stack empty) */
        s->c->ins[ins].t = K_NEXT;
        return;
    }
    if (t <= pc || t > s->end || (t == s->end && s->fold)) {   /* (a guard's end: the value taken) */
        s->ok = false;
        return;
    }
    size_t r = t - s->from;
    if (s->tdepth[r] < 0) {
        s->tdepth[r] = s->depth;
        for (int d = 0; d < s->depth; d++) s->ttypes[r * KR + (size_t)d] = s->st[d].type;
    } else if (s->tdepth[r] != s->depth) {
        s->ok = false;
        return;
    } else {
        for (int d = 0; d < s->depth; d++)
            if (s->ttypes[r * KR + (size_t)d] != s->st[d].type) s->ok = false;
    }
    VEC_PUSH(s->fix, s->nfix, s->capfix, ((__typeof__(*s->fix)){ ins, t }));
}

/* A jump op on register a at pc to code word t. */
static void jump(Dec *s, int op, int a, size_t pc, size_t t)
{
    emit(s, (KIns){ (uint8_t)op, 0, 0, (uint16_t)a, 0, 0 });
    jump_of(s, s->c->nins - 1, pc, t);
}

/* Two operands popped (x below y), the result's register their depth: x's. */
static bool two(Dec *s, KVal *x, KVal *y)
{
    if (s->depth < 2) return s->ok = false;
    *y = s->st[--s->depth];
    *x = s->st[s->depth - 1];
    return true;
}

static void result(Dec *s, uint8_t type)
{
    s->st[s->depth - 1] = (KVal){ (uint16_t)(s->depth - 1), type };
}

/* Decode the instruction at pc; returns the next one's place. */
static size_t dec_op(Dec *s, size_t pc)
{
    const int64_t *code = s->f->code;
    const Value *fr = s->vm->stack + s->base;
    int64_t op = code[pc];
    KVal x, y;
    uint16_t d;
    switch (op) {
    case IR_INT: case IR_BOOL:
        push(s, inv(s, KS_IMM, op == IR_INT ? code[pc + 1] : code[pc + 1] != 0, op == IR_INT ? KT_INT : KT_BOOL),
             op == IR_INT ? KT_INT : KT_BOOL);
        return pc + 2;
    case IR_LOAD: case IR_LL: case IR_LLIDX: case IR_LLARITH: case IR_LKARITH: case IR_LLCMP: case IR_LKCMP:
    case IR_LLCMPJ: case IR_LKCMPJ:   /* a fused sequence decodes as the instructions it fuses */
        if (code[pc + 1] == s->binder) push(s, KR, KT_INT);
        else push_value(s, &fr[code[pc + 1]], KS_SLOT, code[pc + 1]);
        return pc + 2;
    case IR_GLOBAL:
        if (!s->vm->p->code.const_ready[code[pc + 1]]) return s->ok = false, pc;
        push_value(s, &s->vm->p->code.consts[code[pc + 1]], KS_GLOBAL, code[pc + 1]);
        return pc + 2;
    case IR_KONST:
        push_value(s, &s->f->consts[code[pc + 1]], KS_KONST, code[pc + 1]);
        return pc + 2;
    case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_MOD: case IR_POW: case IR_BAND: case IR_BOR:
    case IR_BXOR: case IR_SHL: case IR_SHR:
        if (!two(s, &x, &y) || x.type != KT_INT || y.type != KT_INT) return s->ok = false, pc;
        d = (uint16_t)(s->depth - 1);
        emit(s, (KIns){ op == IR_ADD ? KO_ADD : op == IR_SUB ? KO_SUB : op == IR_MUL ? KO_MUL : KO_ARITH, (uint8_t)op, d,
                        x.v, y.v, 0 });
        result(s, KT_INT);
        return pc + 1;
    case IR_EQ: case IR_NE: case IR_LT: case IR_LE: case IR_GT: case IR_GE:
        if (!two(s, &x, &y)) return s->ok = false, pc;
        /* integers and truth values as the interpreter orders them; characters are equal or not */
        bool chars = (op == IR_EQ || op == IR_NE) && x.type == KT_CHAR && y.type == KT_CHAR;
        if (!chars && (!k_scalar(x.type) || !k_scalar(y.type))) return s->ok = false, pc;
        if ((op == IR_EQ || op == IR_NE) && !chars && (x.type != KT_INT || y.type != KT_INT)) return s->ok = false, pc;
        d = (uint16_t)(s->depth - 1);
        emit(s, (KIns){ (uint8_t)(KO_EQ + (op - IR_EQ)), 0, d, x.v, y.v, 0 });
        result(s, KT_BOOL);
        return pc + 1;
    case IR_NEG: case IR_NOT: case IR_TRUTH:
        if (!s->depth) return s->ok = false, pc;
        x = s->st[s->depth - 1];
        if (!k_scalar(x.type) || (op == IR_NEG && x.type != KT_INT)) return s->ok = false, pc;
        if (op == IR_TRUTH && x.type == KT_BOOL) return pc + 1;   /* (a truth value already) */
        emit(s, (KIns){ op == IR_NEG ? KO_NEG : op == IR_NOT ? KO_NOT : KO_TRUTH, 0, (uint16_t)(s->depth - 1), x.v, 0, 0 });
        result(s, op == IR_NEG ? KT_INT : KT_BOOL);
        return pc + 1;
    case IR_INDEX:   /* a list's element, a string's character (the index an integer or a truth value) */
        if (!two(s, &x, &y) || !k_scalar(y.type) || (!k_tabled(x.type) && x.type != KT_SREC)) return s->ok = false, pc;
        emit(s, (KIns){ x.type == KT_STRV ? KO_SIDX : x.type == KT_SREC ? KO_RIDX : KO_IDX, 0, (uint16_t)(s->depth - 1),
                        y.v, x.v, 0 });
        result(s, x.type == KT_LIST ? KT_INT : x.type == KT_SLIST ? KT_SREC : KT_CHAR);
        return pc + 1;
    case IR_BUILTIN: case IR_MIN2: case IR_MAX2: {
        int64_t id = code[pc + 1], n = code[pc + 2];
        if (op == IR_MIN2) id = BI_MIN;
        if (op == IR_MAX2) id = BI_MAX;
        if ((id == BI_LEN || id == BI_ABS) && n == 1 && s->depth) {
            x = s->st[s->depth - 1];
            if (id == BI_LEN ? !k_tabled(x.type) && x.type != KT_SREC : x.type != KT_INT) return s->ok = false, pc;
            emit(s, (KIns){ id == BI_ABS ? KO_ABS : x.type == KT_SREC ? KO_RLEN : KO_LEN, 0, (uint16_t)(s->depth - 1),
                            x.v, x.v, 0 });
            result(s, KT_INT);
            return pc + 3;
        }
        if ((id != BI_MIN && id != BI_MAX) || n != 2 || !two(s, &x, &y) || x.type != KT_INT || y.type != KT_INT)
            return s->ok = false, pc;
        emit(s, (KIns){ id == BI_MIN ? KO_MIN : KO_MAX, 0, (uint16_t)(s->depth - 1), x.v, y.v, 0 });
        result(s, KT_INT);
        return pc + 3;
    }
    case IR_JF: case IR_JFK: case IR_JTK: {
        if (!s->depth || !k_scalar(s->st[s->depth - 1].type)) return s->ok = false, pc;
        size_t t = (size_t)code[pc + 1];
        bool jt = false;
        if (op != IR_JF && t > pc && t < s->end && code[t] == IR_JF) {
            /* `and` / `or` landing on a JF (a guard's end): the value it keeps is that JF's, so
               it goes where the JF takes it (false: the JF's target; true: past the JF), popped */
            jt = op == IR_JTK;
            t = jt ? t + 2 : (size_t)code[t + 1];
            op = IR_JF;
        }
        if (op == IR_JF) {   /* popped either way */
            x = s->st[--s->depth];
            size_t before = s->c->nins;
            settle(s);
            KIns *last = s->c->nins ? &s->c->ins[s->c->nins - 1] : NULL;
            if (!jt && s->c->nins == before && last && last->op >= KO_EQ && last->op <= KO_GE && last->d == x.v &&
                s->label != s->c->nins) {
                /* the comparison just made, and no jump lands after it (on this JF, or on a TRUTH
                   before it, which made no instruction): one instruction */
                last->op = (uint8_t)(KO_JFEQ + (last->op - KO_EQ));
                jump_of(s, s->c->nins - 1, pc, t);
            } else {
                jump(s, jt ? KO_JT : KO_JF, x.v, pc, t);
            }
        } else {             /* kept when it jumps, popped when it does not */
            settle(s);
            jump(s, op == IR_JFK ? KO_JF : KO_JT, s->depth - 1, pc, t);
            s->depth--;
        }
        return pc + 2;
    }
    case IR_JMP: case IR_JNEXT:
        settle(s);
        jump(s, KO_JMP, 0, pc, (size_t)code[pc + 1]);
        s->depth = -1;   /* what follows is reached only by a jump */
        return pc + 2;
    case IR_FOLD:
        if (pc != s->fold || s->depth != 1 || !k_scalar(s->st[0].type) ||
            (s->st[0].type == KT_BOOL && !k_fold_takes_bool((int)code[pc + 1])))
            return s->ok = false, pc;
        emit(s, (KIns){ code[pc + 1] == FOLD_LIST ? KO_APPEND : KO_FOLD, 0, 0, s->st[0].v, 0, 0 });
        s->depth = 0;
        return pc + 3;
    default:
        return s->ok = false, pc;
    }
}

/* Where a value ends, one dispatch instead of two or three: a jump to the end is the end; an
   append or a fold followed by the end is one instruction that ends the value; a jump to such an
   instruction is a copy of it (it reads the register the jump settled its value into, as it does
   where the jump lands). */
static void k_tails(KCode *c)
{
    KIns *x = c->ins;
    for (size_t i = 0; i < c->nins; i++)
        if (x[i].op == KO_JMP && x[x[i].t].op == KO_END) x[i].op = KO_END;
    for (size_t i = 0; i + 1 < c->nins; i++)
        if ((x[i].op == KO_APPEND || x[i].op == KO_FOLD) && x[i + 1].op == KO_END)
            x[i].op = x[i].op == KO_APPEND ? KO_APPEND_END : KO_FOLD_END;
    for (size_t i = 0; i < c->nins; i++)
        if (x[i].op == KO_JMP && (x[x[i].t].op == KO_APPEND_END || x[x[i].t].op == KO_FOLD_END)) x[i] = x[x[i].t];
}

KCode *kcode_decode(const Vm *vm, const Func *f, size_t at, size_t base)
{
    const int64_t *code = f->code;
    Dec s = { .vm = vm, .f = f, .base = base, .binder = code[at + 1], .ok = true, .label = UINT32_MAX };
    bool guard = code[at] == IR_NEXTG;
    if (guard) {   /* NEXTG v end: the guard from after it to its JF back to it (peep.c: is_guard) */
        s.next = at;
        s.from = at + 3;
        s.end = s.from;
        while (s.end < f->ncode && !(code[s.end] == IR_JF && code[s.end + 1] == (int64_t)at))
            s.end += 1 + (size_t)ir_op_nargs((int)code[s.end]);
        if (s.end >= f->ncode) return NULL;
        s.end += 2;
    } else {       /* ITERMAP v rel; NEXT v end; the body; FOLD kind acc; JMP (peep.c: is_map) */
        s.next = at + 3;
        s.from = at + 6;
        s.end = (size_t)code[at + 5];
        s.fold = s.end - 5;
    }
    size_t n = s.end - s.from;
    s.c = xcalloc(1, sizeof *s.c);
    s.c->exit = s.end;
    s.at = xmalloc((n + 1) * sizeof *s.at);
    s.tdepth = xmalloc((n + 1) * sizeof *s.tdepth);
    s.ttypes = xmalloc((n + 1) * KR);
    for (size_t i = 0; i <= n; i++) s.tdepth[i] = -1;
    for (size_t pc = s.from; s.ok && pc < s.end;) {
        size_t r = pc - s.from;
        if (s.tdepth[r] >= 0 && s.depth >= 0) settle(&s);   /* (the one falling in, before the label) */
        s.at[r] = (uint32_t)s.c->nins;
        if (s.tdepth[r] >= 0) {   /* where a jump lands: its stack (settled), met by the one falling in */
            s.label = s.at[r];
            if (s.depth >= 0) {
                if (s.depth != s.tdepth[r]) s.ok = false;
                for (int d = 0; s.ok && d < s.depth; d++)
                    if (s.st[d].type != s.ttypes[r * KR + (size_t)d]) s.ok = false;
            }
            s.depth = s.tdepth[r];
            for (int d = 0; d < s.depth; d++) s.st[d] = (KVal){ (uint16_t)d, s.ttypes[r * KR + (size_t)d] };
        }
        if (s.depth < 0) {   /* not reached */
            pc += 1 + (size_t)ir_op_nargs((int)code[pc]);
            continue;
        }
        size_t nx = dec_op(&s, pc);
        if (nx <= pc) s.ok = false;
        pc = nx;
        s.c->nir++;
    }
    if (guard) {   /* past the JF: the guard takes the value, the stack as the loop's NEXT left it */
        if (s.depth > 0 || s.tdepth[n] > 0 || (s.depth < 0 && s.tdepth[n] < 0)) s.ok = false;
        s.at[n] = (uint32_t)s.c->nins;
        emit(&s, (KIns){ KO_PASS, 0, 0, 0, 0, 0 });
    }
    emit(&s, (KIns){ KO_END, 0, 0, 0, 0, 0 });
    uint32_t end_ins = (uint32_t)(s.c->nins - 1);
    for (size_t i = 0; s.ok && i < s.c->nins; i++)
        if (s.c->ins[i].t == K_NEXT) s.c->ins[i].t = end_ins;
    for (size_t i = 0; s.ok && i < s.nfix; i++) s.c->ins[s.fix[i].ins].t = s.at[s.fix[i].pc - s.from];
    xfree(s.at);
    xfree(s.tdepth);
    xfree(s.ttypes);
    xfree(s.fix);
    if (!s.ok) {
        kcode_free(s.c);
        return NULL;
    }
    k_tails(s.c);
    return s.c;
}

void kcode_free(KCode *k)
{
    if (!k) return;
    xfree(k->ins);
    xfree(k);
}

size_t kcode_exit(const KCode *k) { return k->exit; }

void kcode_tally(KCode *k, uint64_t values)
{
    if (k->calls >= K_TALLY) return;
    k->values += values;
    if (++k->calls == K_TALLY && k->values * k->nir < (uint64_t)K_TALLY * K_WORTH) k->off = true;
}

bool kcode_off(const KCode *k) { return k->off; }

/* ---- running ------------------------------------------------------------------------------ */

/* The value invariant x reads now, if it has the type it was decoded for. */
static const Value *inv_value(const KInv *x, const Vm *vm, const Func *f, size_t base)
{
    const Value *v = x->src == KS_SLOT ? &vm->stack[base + (size_t)x->x] :
                     x->src == KS_GLOBAL ? &vm->p->code.consts[x->x] : &f->consts[x->x];
    switch (x->type) {
    case KT_INT: return v->t == VT_INT ? v : NULL;
    case KT_BOOL: return v->t == VT_BOOL ? v : NULL;
    case KT_CHAR: return v->t == VT_STR && v->n == 1 ? v : NULL;
    case KT_STRV: return v->t == VT_STR ? v : NULL;
    case KT_SLIST: return v->t == VT_LIST && v->strs == LIST_STRS ? v : NULL;
    default: return v->t == VT_LIST && v->strs == LIST_INTS ? v : NULL;
    }
}

int kcode_run(const KCode *c, const Vm *vm, const Func *f, size_t base, const Value *d, uint64_t *at, uint64_t end,
              KFold *fo)
{
    int64_t V[KR + 1 + K_MAX_INV];
    V[0] = 0;   /* (an instruction's unused operands are register 0, read but not used) */
    union { const int64_t *w; const unsigned char *s; } la[K_MAX_LISTS];   /* a list's words, a string's bytes */
    int64_t ln[K_MAX_LISTS];
    for (int i = 0; i < c->ninv; i++) {
        const KInv *x = &c->inv[i];
        if (x->src == KS_IMM) {
            V[KR + 1 + i] = x->x;
            continue;
        }
        if ((x->src == KS_GLOBAL && !vm->p->code.const_ready[x->x])) return 0;
        const Value *v = inv_value(x, vm, f, base);
        if (!v) return 0;
        V[KR + 1 + i] = x->type == KT_CHAR ? (int64_t)(unsigned char)v->u.s[0] : v->u.i;
    }
    for (int i = 0; i < c->nlists; i++) {
        if (c->list[i].src == KS_GLOBAL && !vm->p->code.const_ready[c->list[i].x]) return 0;
        const Value *v = inv_value(&c->list[i], vm, f, base);
        if (!v) return 0;
        if (c->list[i].type == KT_STRV) la[i].s = (const unsigned char *)v->u.s;
        else la[i].w = v->u.a;
        ln[i] = v->n;
    }
    const KIns *ins = c->ins;
    uint64_t i = *at;
    for (; i < end; i++) {
        V[KR] = k_value(d, i);
        for (size_t pc = 0;;) {
            const KIns *x = &ins[pc++];
            int64_t p = V[x->a], q = V[x->b];
            switch (x->op) {
            case KO_MOV: V[x->d] = p; break;
            case KO_ADD: if (__builtin_add_overflow(p, q, &V[x->d])) goto fail; break;
            case KO_SUB: if (__builtin_sub_overflow(p, q, &V[x->d])) goto fail; break;
            case KO_MUL: if (__builtin_mul_overflow(p, q, &V[x->d])) goto fail; break;
            case KO_ARITH: if (!k_arith(x->sub, p, q, &V[x->d])) goto fail; break;
            case KO_NEG:
                if (p == INT64_MIN) goto fail;
                V[x->d] = -p;
                break;
            case KO_EQ: V[x->d] = p == q; break;
            case KO_NE: V[x->d] = p != q; break;
            case KO_LT: V[x->d] = p < q; break;
            case KO_LE: V[x->d] = p <= q; break;
            case KO_GT: V[x->d] = p > q; break;
            case KO_GE: V[x->d] = p >= q; break;
            case KO_JFEQ: if (!(p == q)) pc = x->t; break;
            case KO_JFNE: if (!(p != q)) pc = x->t; break;
            case KO_JFLT: if (!(p < q)) pc = x->t; break;
            case KO_JFLE: if (!(p <= q)) pc = x->t; break;
            case KO_JFGT: if (!(p > q)) pc = x->t; break;
            case KO_JFGE: if (!(p >= q)) pc = x->t; break;
            case KO_NOT: V[x->d] = !p; break;
            case KO_TRUTH: V[x->d] = p != 0; break;
            case KO_JF: if (!p) pc = x->t; break;
            case KO_JT: if (p) pc = x->t; break;
            case KO_JMP: pc = x->t; break;
            case KO_IDX:
                if ((uint64_t)p >= (uint64_t)ln[x->b]) goto fail;
                V[x->d] = la[x->b].w[p];
                break;
            case KO_SIDX:
                if ((uint64_t)p >= (uint64_t)ln[x->b]) goto fail;
                V[x->d] = la[x->b].s[p];
                break;
            case KO_RIDX: {
                const StrRec *r = (const StrRec *)(intptr_t)q;
                if ((uint64_t)p >= r->len) goto fail;
                V[x->d] = (unsigned char)r->s[p];
                break;
            }
            case KO_RLEN: V[x->d] = ((const StrRec *)(intptr_t)p)->len; break;
            case KO_LEN: V[x->d] = ln[x->b]; break;
            case KO_ABS:
                if (p == INT64_MIN) goto fail;
                V[x->d] = p < 0 ? -p : p;
                break;
            case KO_MIN: V[x->d] = q < p ? q : p; break;
            case KO_MAX: V[x->d] = q > p ? q : p; break;
            case KO_APPEND:
                if (fo->n == 0 || (fo->n & (fo->n - 1)) == 0) k_grow(fo);
                fo->out[fo->n++] = p;
                break;
            case KO_FOLD: if (!k_fold(fo, p)) goto fail; break;
            case KO_APPEND_END:
                if (fo->n == 0 || (fo->n & (fo->n - 1)) == 0) k_grow(fo);
                fo->out[fo->n++] = p;
                goto done;
            case KO_FOLD_END:
                if (!k_fold(fo, p)) goto fail;
                goto done;
            case KO_PASS: *at = i; return 1;
            default: goto done;   /* KO_END */
            }
        }
    done:;
    }
    *at = end;
    return 1;
fail:
    *at = i;
    return -1;
}

void k_grow(KFold *f)
{
    int64_t *d = vm_alloc(f->vm, (f->n ? 2 * f->n : 1) * sizeof *d, f->loc);
    if (f->n) memcpy(d, f->out, f->n * sizeof *d);
    f->out = d;
}

/* ---- the table of decoded loops ----------------------------------------------------------- */

/* code NULL: none (decoding failed: it is tried again at the loop's next runs, whose types may
   differ, K_MAX_DECODES times in all; a loop whose types keep changing, or that cannot be decoded,
   runs in the interpreter rather than be decoded at every run) */
typedef struct KEntry { int fn; uint32_t at; KCode *code; uint32_t decodes; } KEntry;
#define K_MAX_DECODES 16
struct VmKernels { KEntry *e; size_t n, cap; };

KCode *vm_kernels_get(Vm *vm, int fn, const Func *f, size_t at, size_t base, bool again)
{
    if (!vm->kernels) vm->kernels = xcalloc(1, sizeof *vm->kernels);
    struct VmKernels *t = vm->kernels;
    if ((t->n + 1) * 2 > t->cap) {   /* grow and rehash */
        size_t cap = t->cap ? t->cap * 2 : 64;
        KEntry *e = xcalloc(cap, sizeof *e);
        for (size_t i = 0; i < t->cap; i++) {
            if (!t->e[i].at) continue;
            size_t j = ((size_t)t->e[i].fn * 0x9E3779B1u + t->e[i].at) & (cap - 1);
            while (e[j].at) j = (j + 1) & (cap - 1);
            e[j] = t->e[i];
        }
        xfree(t->e);
        t->e = e;
        t->cap = cap;
    }
    /* (at is never 0: an ITERMAP follows its domain's instructions, a NEXTG its ITER) */
    size_t j = ((size_t)fn * 0x9E3779B1u + at) & (t->cap - 1);
    for (; t->e[j].at; j = (j + 1) & (t->cap - 1))
        if (t->e[j].fn == fn && t->e[j].at == at) {
            if (again || (!t->e[j].code && t->e[j].decodes < K_MAX_DECODES)) {
                kcode_free(t->e[j].code);
                t->e[j].code = ++t->e[j].decodes < K_MAX_DECODES ? kcode_decode(vm, f, at, base) : NULL;
            }
            return t->e[j].code;
        }
    t->e[j] = (KEntry){ fn, (uint32_t)at, kcode_decode(vm, f, at, base), 0 };
    t->n++;
    return t->e[j].code;
}

void vm_kernel_forget(Vm *vm)
{
    struct VmKernels *t = vm->kernels;
    if (!t) return;
    for (size_t i = 0; i < t->cap; i++) kcode_free(t->e[i].code);
    xfree(t->e);
    xfree(t);
    vm->kernels = NULL;
}
