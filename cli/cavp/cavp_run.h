/* The driver's side of karx cavp (cmd_cavp.c uses it; procedures use cavp.h). */
#ifndef KARX_CAVP_RUN_H
#define KARX_CAVP_RUN_H

#include "cavp.h"

/* Answers the request text (NUL-terminated; modified in place) of file for job, one record at
 * a time through proc: 1 with the response in *out (malloc'd, *out_len bytes), or 0 after one
 * error line on stderr. */
int cavp_run(const char *file, const cavp_job *job, cavp_proc proc, char *text, char **out,
             size_t *out_len);

#endif
