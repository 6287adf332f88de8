/* The driver's side of karx cavp (cmd_cavp.c uses it; procedures use cavp.h). */
#ifndef KARX_CAVP_RUN_H
#define KARX_CAVP_RUN_H

#include "cavp.h"

/* Answers the request text (NUL-terminated; modified in place) of file for job: 1 with the
 * response in *out (malloc'd, *out_len bytes), or 0 after one error line on stderr. */
int cavp_run(const char *file, const cavp_job *job, char *text, char **out, size_t *out_len);

/* The procedure for job, asking each family file in turn; NULL if none answers it. */
cavp_proc cavp_find_proc(const cavp_job *job);

#endif
