/* karx cavp: one request answered from memory into memory (cavp_run.h), shared by the command
 * (cmd_cavp.c) and the fuzzer (fuzz/fuzz_cavp.c). */
#include <string.h>

#include "cavp_run.h"
#include "cli.h"

/* (Found here and handed to the driver, so that cavp_file.c, which the procedures call, calls
 * none of them.) */
cavp_proc cavp_find_proc(const cavp_job *job)
{
    cavp_proc (*const families[])(const cavp_job *) = {cavp_block_proc, cavp_aead_proc,
                                                        cavp_mac_proc,   cavp_hash_proc,
                                                        cavp_kdf_proc,   cavp_drbg_proc,
                                                        cavp_cmac_proc};
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        cavp_proc p = families[i](job);
        if (p != NULL)
            return p;
    }
    return NULL;
}

int cavp_answer(const char *file, const cavp_job *job, const cavp_limits *lim, char *text,
                size_t len, char **out, size_t *out_len)
{
    *out = NULL;
    *out_len = 0;
    if (len > CAVP_MAX_REQUEST_BYTES) {
        cli_error("%s: input too large (more than %zu bytes)", file, CAVP_MAX_REQUEST_BYTES);
        return 0;
    }
    if (memchr(text, 0, len) != NULL) {
        cli_error("%s: not a text file (holds a NUL byte)", file);
        return 0;
    }
    text[len] = 0;
    cavp_proc proc = cavp_find_proc(job);
    if (proc == NULL) {
        cli_error("%s: karx cavp has no procedure for this algorithm and test", file);
        return 0;
    }
    return cavp_run(file, job, lim, proc, text, out, out_len);
}
