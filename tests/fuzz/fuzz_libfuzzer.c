/* fuzz_libfuzzer.c: the libFuzzer target (./configure --enable-fuzz, clang): every input is a
   program; a crash, a leak or a sanitizer report is a finding (make fuzz-smoke). */
#include "config.h"
#include "fuzz_one.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_one(data, size);
    return 0;
}
