/* fuzz_one.h: one fuzzing input run through the whole program (parse, check, compile, run) with
   small budgets: shared by the libFuzzer target and the AFL++ / replay entry. */
#ifndef GRUNDY_FUZZ_ONE_H
#define GRUNDY_FUZZ_ONE_H
#include <stddef.h>
#include <stdint.h>

/* Run data as a .game program; returns the exit status it would have (0..4, 130). */
int fuzz_one(const uint8_t *data, size_t size);
#endif
