/* label_jump.h: jumps over the binder values of a huge rule that cannot reach the positions a
   labelling looks for (label_jump.c). */
#ifndef GRUNDY_LABEL_JUMP_H
#define GRUNDY_LABEL_JUMP_H
#include "vm.h"

typedef struct LabelJumps LabelJumps;
/* For the moves of component key, looking for the positions want[0..nwant) (each one component:
   a key; a NULL entry, any other position, turns jumping off for the rules whose result is one
   call of a rule with one binder), whose parts are all[0..nall) (every part of every wanted
   position; all NULL when one of them is empty: the rules whose result is a sum of calls then
   jump neither): NULL when no rule can jump. */
LabelJumps *ljump_new(Program *p, const int64_t *key, const int64_t *const *want, size_t nwant,
                      const int64_t *const *all, size_t nall);
void ljump_free(LabelJumps *lj);
/* A move of rule tag yielded v (frame: the rule's slots): the first two of a rule fix its line. */
void ljump_yield(Program *p, LabelJumps *lj, int tag, const Value *v, const Value *frame);
/* Install lj's hook in the interpreter (NULL: remove it). */
void ljump_install(LabelJumps *lj, Vm *vm);
#endif
