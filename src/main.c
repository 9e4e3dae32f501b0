/* main.c: the grundy program: everything else is in the library; see front.c. */
#include "config.h"
#include "front.h"
#include "util.h"

int main(int argc, char **argv)
{
    util_tune_malloc();
    return front_main(argc, argv, stdout, stderr);
}
