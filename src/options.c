/* options.c: reading option values (options.h), shared by the command line and the API. */
#include "config.h"
#include "options.h"
#include "solve/solve.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool opt_count(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-') return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v == 0) return false;
    *out = v;
    return true;
}

bool opt_size(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-') return false;
    double v = strtod(s, &end);
    if (errno || end == s || !(v > 0)) return false;
    int shift = 0;
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: break;
    }
    if (shift && *end == 'i') end++;
    if (*end == 'B' || (*end == 'b' && shift)) end++;
    if (*end) return false;
    v = v * (double)((uint64_t)1 << shift);
    if (v < 1 || v > 9.2e18) return false;
    *out = (uint64_t)v;
    return true;
}

bool opt_seconds(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v > 0) || v > 1e9) return false;
    *out = v;
    return true;
}

bool opt_seconds_or_zero(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= 0) || v > 1e9) return false;
    *out = v;
    return true;
}

bool opt_strategy_known(const char *name, char *names, size_t cap)
{
    bool known = false;
    if (names && cap) names[0] = 0;
    for (size_t j = 0; solve_strategies[j]; j++) {
        known |= !strcmp(name, solve_strategies[j]->name);
        if (names) snprintf(names + strlen(names), cap - strlen(names), "%s%s", j ? ", " : "", solve_strategies[j]->name);
    }
    return known;
}
