/* duel_subtract.c: random subtraction sets, engine vs brute force, including a user-written ruleset. */
#include "config.h"
#include "brute.h"
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    srand(7);
    Duel *d = duel_new();
    int passed = 0, failed = 0;
    for (int t = 0; t < 400; t++) {
        int s[10], ns = 0;
        int len = 0;
        char set[128];
        len += snprintf(set + len, sizeof set - (size_t)len, "{");
        for (int k = 1; k <= 12; k++)
            if (rand() % 3 == 0 && ns < 10) {
                s[ns] = k;
                len += snprintf(set + len, sizeof set - (size_t)len, "%s%d", ns ? ", " : "", k);
                ns++;
            }
        if (ns == 0) { s[ns++] = 1; len += snprintf(set + len, sizeof set - (size_t)len, "1"); }
        snprintf(set + len, sizeof set - (size_t)len, "}");
        for (int q = 0; q < 3; q++) {
            int n = rand() % 100;
            duel_addf(d, brute_subtract(n, s, ns), "Subtract(%d, %s)", n, set);
        }
    }
    failed += duel_check(d, &passed);
    duel_free(d);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
