/* The driver's side of karx cavp (cmd_cavp.c and fuzz/fuzz_cavp.c use it; procedures use
 * cavp.h). */
#ifndef KARX_CAVP_RUN_H
#define KARX_CAVP_RUN_H

#include "cavp.h"

/* Answers the request text (NUL-terminated; modified in place) of file for job, one record at
 * a time through proc: 1 with the response in *out (malloc'd, *out_len bytes), or 0 after one
 * error line on stderr. A request without a record is refused. */
int cavp_run(const char *file, const cavp_job *job, const cavp_limits *lim, cavp_proc proc,
             char *text, char **out, size_t *out_len);

/* The procedure for job, asking each family file in turn; NULL if none answers it. */
cavp_proc cavp_find_proc(const cavp_job *job);

/* The whole answer of one request held in memory, no file touched: text holds len bytes and
 * text[len] must be writable (it is set to NUL; the text is modified in place). Refuses a NUL
 * byte, more than CAVP_MAX_REQUEST_BYTES, a job no procedure answers. 1 with *out / *out_len
 * (free *out), or 0 after one line on stderr naming file. */
int cavp_answer(const char *file, const cavp_job *job, const cavp_limits *lim, char *text,
                size_t len, char **out, size_t *out_len);

#endif
