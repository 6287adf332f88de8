/* karx bench many: PLACEHOLDER being written in this branch (issue 18); replaced before merging. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "cli.h"

void many_header(void)
{
    puts("many suite: not built yet");
}

int suite_many(const bench_env *e, const char *bname)
{
    (void)e;
    (void)bname;
    return EXIT_FAIL;
}
