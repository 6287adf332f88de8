/* The CLI's option parser (cli/cli_opts.c) called more than once in one process, as the fuzz
 * target and any embedding of the commands do: a parse that stopped in the middle of a group of
 * short flags ("-%x") must not leak getopt's position into the next parse. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "test_util.h"

#define SPEC "a|algorithm= quiet h|help"

static int parse(int argc, char **argv, int *first)
{
    cli_opt opt[3];
    return cli_parse_opts("hash", SPEC, argc, argv, opt, first, NULL);
}

int main(void)
{
    /* kept alive, so a stale position would read valid memory and fail deterministically */
    static char a0[] = "hash", a1[] = "-%x", b0[] = "hash", b1[] = "file", c1[] = "-aLSH";
    char *bad[] = {a0, a1, NULL};
    char *good[] = {b0, b1, NULL};
    char *value[] = {b0, c1, b1, NULL};
    int first = -1;

    fprintf(stderr, "(one 'unknown option' line below is expected)\n");
    CHECK(parse(2, bad, &first) == EXIT_USAGE, "parse(2, bad, &first) == EXIT_USAGE");
    CHECK(parse(2, good, &first) == 0, "parse(2, good, &first) == 0");
    CHECK(first == 1, "first == 1");
    CHECK(parse(3, value, &first) == 0, "parse(3, value, &first) == 0");
    CHECK(first == 2, "first == 2");
    CHECK(parse(2, bad, &first) == EXIT_USAGE, "parse(2, bad, &first) == EXIT_USAGE"); /* and once more after a clean parse */
    CHECK(parse(1, good, &first) == 0, "parse(1, good, &first) == 0");
    CHECK(first == 1, "first == 1");

    /* an OpenSSL word is refused before getopt would read "-in" as "-i n"; the same word as a
     * value, or after "--", is not */
    static char i0[] = "enc", i1[] = "-in", i2[] = "file", i3[] = "-i", i4[] = "--", i5[] = "-hex";
    char *ossl[] = {i0, i1, i2, NULL};
    char *as_value[] = {i0, i3, i1, NULL};
    char *after_dashes[] = {i0, i4, i1, i5, NULL};
    cli_opt io[2];
    fprintf(stderr, "(one 'unknown option '-in'' line below is expected)\n");
    CHECK(cli_parse_opts("enc", "i|in= h|help", 3, ossl, io, &first, NULL) == EXIT_USAGE,
          "-in refused");
    CHECK(cli_parse_opts("enc", "i|in= h|help", 3, as_value, io, &first, NULL) == 0 &&
              io[0].val != NULL && strcmp(io[0].val, "-in") == 0 && first == 3,
          "-i -in: the value '-in'");
    CHECK(cli_parse_opts("enc", "i|in= h|help", 4, after_dashes, io, &first, NULL) == 0 &&
              io[0].val == NULL && first == 2,
          "-- -in -hex: operands");
    return t_finish("cli_opts");
}
