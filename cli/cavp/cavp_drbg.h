/* karx cavp, DRBG family: what one DRBG request record is run with (cavp_drbg_cfg.c) and the
 * record's procedure (cavp_drbg.c). */
#ifndef KARX_CAVP_DRBG_H
#define KARX_CAVP_DRBG_H

#include "cavp.h"
#include "karx/drbg.h"

/* The lengths a section header may fix, in bytes; CAVP_DRBG_ANY when the headers do not say. */
#define CAVP_DRBG_ANY ((size_t)-1)

typedef struct cavp_drbg_cfg {
    karx_drbg_type type;
    int alg;            /* karx_cipher_alg (CTR_DRBG) or karx_lsh_alg */
    int use_df;         /* CTR_DRBG only */
    int pred_res;
    size_t entropy_len; /* EntropyInput, EntropyInputReseed, EntropyInputPR */
    size_t nonce_len;
    size_t pers_len;
    size_t add_len;     /* AdditionalInput, AdditionalInputReseed */
    size_t out_len;     /* ReturnedBitsLen / 8: required */
} cavp_drbg_cfg;

/* The configuration for record r from the section headers in force and the job (the headers
 * win where both say): "[LEA-256 use DF]" or "[LSH-256_256]", "[PredictionResistance = TRUE]",
 * "[EntropyInputLen = 256]" ... "[ReturnedBitsLen = 1024]". 0 after cavp_fail. */
int cavp_drbg_config(cavp_ctx *c, const cavp_record *r, cavp_drbg_cfg *cfg);

#endif
