/* The reason a GPU call failed, for the commands' one-line errors (--device gpu, bench gpu,
 * info). */
#include <stdio.h>

#include "cli.h"
#include "karx/common.h"

const char *cli_gpu_why(karx_status st, const char *detail, char *buf, size_t cap)
{
    /* the CUDA text belongs to a CUDA failure: after the approved mode's refusal it is empty
     * (or, without CUDA, says so, which is not why the call was refused) */
    if (detail == NULL || detail[0] == '\0' || st == KARX_ERR_NOT_APPROVED ||
        st == KARX_ERR_SELFTEST)
        snprintf(buf, cap, "%s", karx_strerror(st));
    else
        snprintf(buf, cap, "%s: %s", karx_strerror(st), detail);
    return buf;
}
