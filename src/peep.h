/* peep.h: superinstructions: a compiled function's common instruction sequences get a fused
   first instruction that runs the whole sequence in one dispatch. */
#ifndef GRUNDY_PEEP_H
#define GRUNDY_PEEP_H
#include "ir.h"

/* Rewrite f's code in place. Only the opcode word of a sequence's first instruction changes:
   its operands and the instructions after it stay as they were, so a jump into the sequence, a
   walk over the instructions (ir_op_nargs) and the source locations of every part are unchanged.
   A fused instruction whose operands are not plain integers (or whose result would overflow)
   does what the first instruction alone does, and the rest of the sequence runs as written. */
void peep_func(Func *f);
#endif
