/* Option parsing shared by the commands. A command names its options in one spec string and
 * gets their values back in an array, in the spec's order; getopt_long does the parsing (so
 * "--key=HEX", "-KHEX", grouped flags, unique abbreviations and options after operands all work
 * as before), and every bad option is reported in the same one line. */
#ifndef KARX_CLI_OPTS_H
#define KARX_CLI_OPTS_H

#include <stddef.h>
#include <stdio.h>

#define CLI_OPTS_MAX 24 /* the most options one command has, with room to spare */

/* One option's occurrences on the command line. */
typedef struct cli_opt {
    const char *val;   /* the last value given ("" for a flag); NULL when not given */
    const char *first; /* the first value given (differs from val only when count > 1) */
    int order;         /* when it was last given: 1 the first option on the line, 2 the next;
                        * 0 when not given */
    int count;         /* how many times it was given */
} cli_opt;

#define CLI_HELP (-1) /* cli_parse_opts: --help was given (the usage printed, if usage) */

/* spec: the options, separated by spaces, each "[x|]long[=]": x its one-letter form, '=' when
 * it takes a value; e.g. "a|alg= K|key= key-file= h|help". opt must have one element per
 * option of spec; they are cleared first. Returns 0 with *first the argv index of the first
 * operand (operands are moved after the options); CLI_HELP when an option named "help" was
 * given, after usage(stdout) unless usage is NULL; or EXIT_USAGE with one line printed:
 *   "CMD: option 'X' needs a value (try 'karx CMD --help')"
 *   "CMD: unknown or ambiguous option 'X' (try 'karx CMD --help')" */
int cli_parse_opts(const char *cmd, const char *spec, int argc, char **argv, cli_opt *opt,
                   int *first, void (*usage)(FILE *to));

/* For a command that takes no operands: 0 if first == argc, else EXIT_USAGE with one line,
 * "CMD: unexpected argument 'X'" and hint (" (...)" or ""). */
int cli_no_operands(const char *cmd, int argc, char **argv, int first, const char *hint);

/* Of opt[0..n), the index of the option whose last occurrence came first; -1 if none given. */
int cli_opt_earliest(const cli_opt *opt, int n);

/* Wipes the argv text of the option's first and last values (a key given on the command line,
 * readable in /proc while the command runs). */
void cli_opt_wipe(const cli_opt *opt);

#endif
