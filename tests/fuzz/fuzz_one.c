/* fuzz_one.c: one fuzzing input as a whole run: a fresh program with the standard library (its
   definitions compile on first use, so a start costs well under a millisecond), the input as one
   unit, its statements run; output and messages go to /dev/null. Budgets small enough that a
   hostile input ends in milliseconds: 2,000 positions, 200 instances, 20,000 steps; no files
   (read_graph and friends fail). The memory budget is the fuzzer's (-rss_limit_mb): the
   process's resident size includes the fuzzer's own corpus and the sanitizer's quarantine. */
#include "config.h"
#include "fuzz_one.h"
#include "driver.h"
#include "run.h"
#include <stdio.h>

int fuzz_one(const uint8_t *data, size_t size)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null) return 2;
    Program p;
    drv_init(&p, null, null);
    p.opt.max_states = 2000;
    p.opt.max_instances = 200;
    p.opt.max_steps = 20000;
    p.opt.max_memory = 0;
    p.opt.no_files = true;
    int status = 0;
    if (drv_load_stdlib(&p)) status = 3;
    else if (drv_load(&p, "<fuzz>", (const char *)data, size, NULL)) status = p.run.load_status ? p.run.load_status : 3;
    else status = run_pending(&p);
    drv_fini(&p);
    fclose(null);
    return status;
}
