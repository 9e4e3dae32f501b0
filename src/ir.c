/* ir.c: opcode tables and the --dump-ir printer. */
#include "config.h"
#include "ir.h"

static const int op_nargs[] = {
#define OP(name, nargs, doc) nargs,
#include "ir_ops.h"
#undef OP
};
static const char *const op_names[] = {
#define OP(name, nargs, doc) #name,
#include "ir_ops.h"
#undef OP
};

int ir_op_nargs(int op) { return (op >= 0 && op < IR__COUNT) ? op_nargs[op] : 0; }
const char *ir_op_name(int op) { return (op >= 0 && op < IR__COUNT) ? op_names[op] : "?"; }

int ir_op_plain(int op)
{
    switch (op) {
    case IR_LL: case IR_LLIDX: case IR_LLARITH: case IR_LKARITH: case IR_LLCMP: case IR_LKCMP: case IR_LLCMPJ:
    case IR_LKCMPJ: return IR_LOAD;
    case IR_JNEXT: return IR_JMP;
    case IR_MIN2: case IR_MAX2: return IR_BUILTIN;
    case IR_SPREADPOS: return IR_SPREAD;
    case IR_SGPOS: return IR_POS;
    case IR_ITERSLICE: case IR_ITERSKIP: case IR_ITERMAP: return IR_ITER;
    case IR_NEXTG: return IR_NEXT;
    default: return op;
    }
}

void ir_dump(FILE *out, const Func *f, const char *const *fn_names, const char *const *game_names)
{
    static const char *kinds[] = { "def", "moves", "canon", "thunk", "claim" };
    fprintf(out, "%s %s: params %d%s, slots %d, stack %d, %zu words\n", kinds[f->kind], f->name, f->nparams,
            f->variadic ? " (variadic)" : "", f->nlocals, f->maxstack, f->ncode);
    for (size_t pc = 0; pc < f->ncode;) {
        int op = (int)f->code[pc];
        fprintf(out, "  %4zu  %-8s", pc, ir_op_name(op));
        int na = ir_op_nargs(op);
        for (int i = 0; i < na; i++) fprintf(out, " %lld", (long long)f->code[pc + 1 + i]);
        if (op == IR_KONST) {
            StrBuf b;
            sb_init(&b);
            val_print(&b, &f->consts[f->code[pc + 1]]);
            fprintf(out, "    ; %s", b.s);
            sb_fini(&b);
        } else if (op == IR_CALL && fn_names) {
            fprintf(out, "    ; %s", fn_names[f->code[pc + 1]]);
        } else if (ir_op_plain(op) == IR_POS && game_names) {
            fprintf(out, "    ; %s", game_names[f->code[pc + 1]]);
        } else if ((ir_op_plain(op) == IR_LOAD || op == IR_STORE) && f->code[pc + 1] < f->nslotnames && f->slotnames[f->code[pc + 1]]) {
            fprintf(out, "    ; %s", f->slotnames[f->code[pc + 1]]);
        }
        fputc('\n', out);
        pc += 1 + (size_t)na;
    }
}
