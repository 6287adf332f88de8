/* karx bench threads: PLACEHOLDER being written in this branch (issue 18); replaced before merging. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "cli.h"

void threads_header(void)
{
    puts("threads suite: not built yet");
}

int suite_threads(const bench_env *e, const char *bname)
{
    (void)e;
    (void)bname;
    return EXIT_FAIL;
}
