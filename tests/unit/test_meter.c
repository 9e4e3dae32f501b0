/* test_meter.c: a session's memory meter (util.h, UtilMeter) is exact: every golden program and
   example, run in a program of its own (a step budget cuts the long ones short, so unwinding by a
   limit is exercised too), leaves the meter at exactly 0 once the program is freed. A block freed
   without xfree, or one the C library made freed with it, leaves a difference; the error names the
   file. Also the meter's arithmetic on blocks, mappings and scratch pages. */
#include "config.h"
#include "harness.h"
#include "util.h"
#include "scratch.h"
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Blocks, a grown block, mappings and scratch pages go on the meter and come off it. */
static void test_meter_arithmetic(void **state)
{
    (void)state;
    if (!util_meter_exact()) skip();
    UtilMeter m = { 0 };
    UtilMeter *old = util_set_meter(&m);
    char *a = xmalloc(100);
    assert_true(m.bytes >= 100);
    a = xrealloc(a, 1 << 20);
    assert_true(m.bytes >= 1 << 20);
    void *z = util_map_zero(3 << 20);
    assert_true(m.bytes >= (1 << 20) + (3 << 20));
    z = util_remap_zero(z, 3 << 20, 5 << 20);
    Scratch s;
    scratch_init(&s, (size_t)64 << 20);
    assert_non_null(scratch_alloc(&s, 10));
    int64_t with = m.bytes;
    assert_non_null(scratch_alloc(&s, (size_t)3 << 20));   /* past the first committed megabyte */
    assert_true(m.bytes - with >= (3 << 20));
    scratch_release(&s, 0);
    assert_non_null(scratch_alloc(&s, 100));   /* reused pages: no more */
    assert_true(m.bytes - with >= (3 << 20) && m.bytes - with <= (int64_t)((4 << 20) + SCRATCH_COMMIT));
    assert_null(scratch_alloc(&s, (size_t)65 << 20));   /* beyond the reservation */
    scratch_fini(&s);
    util_unmap(z, 5 << 20);
    xfree(a);
    assert_int_equal(m.bytes, 0);
    /* without a meter nothing is counted, and memory made under none is freed under none */
    util_set_meter(NULL);
    char *b = xstrdup("uncounted");
    xfree(b);
    assert_int_equal(m.bytes, 0);
    util_set_meter(old);
}

/* One file through a program of its own with meter m; the run's status does not matter. */
static void run_file(const char *path, UtilMeter *m)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    const char *base = path;
    if (slash) {
        *slash = 0;
        base = slash + 1;
    }
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(slash ? dir : "."), 0);   /* a program's files are beside it */
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    UtilMeter *old = util_set_meter(m);
    Program p;
    drv_init(&p, null, null);
    p.run.meter = m;
    p.opt.jobs = 1;
    p.opt.max_steps = 3000000;
    assert_int_equal(drv_load_stdlib(&p), 0);
    size_t len;
    char *text = util_read_file(base, &len);
    assert_non_null(text);
    p.opt.redefine = true;
    if (!drv_load(&p, base, text, len, NULL)) run_pending(&p);
    xfree(text);
    drv_fini(&p);
    util_set_meter(old);
    fclose(null);
    assert_int_equal(chdir(cwd), 0);
}

static void test_programs_leave_zero(void **state)
{
    (void)state;
    if (!util_meter_exact()) skip();
    const char *src = getenv("SRCDIR") ? getenv("SRCDIR") : ".";
    char pat[2][4200];
    snprintf(pat[0], sizeof pat[0], "%s/tests/golden/*/*.game", src);
    snprintf(pat[1], sizeof pat[1], "%s/examples/*.game", src);
    size_t files = 0, bad = 0;
    for (int k = 0; k < 2; k++) {
        glob_t g;
        if (glob(pat[k], 0, NULL, &g)) continue;
        for (size_t i = 0; i < g.gl_pathc; i++) {
            UtilMeter m = { 0 };
            run_file(g.gl_pathv[i], &m);
            files++;
            if (m.bytes) {
                fprintf(stderr, "meter: %s leaves %lld bytes on its meter\n", g.gl_pathv[i], (long long)m.bytes);
                bad++;
            }
        }
        globfree(&g);
    }
    assert_true(files >= 200);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_meter_arithmetic),
        cmocka_unit_test(test_programs_leave_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
