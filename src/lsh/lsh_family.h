/* The LSH family a kernel template is instantiated for, chosen by LSH_BITS (256 or 512, defined
 * before this is included): its word type, step count and constants, gamma and alpha/beta, for
 * the multi-buffer template (lsh_mb_template.h, lsh_mb_{sse2,avx2,avx512,neon}.h) and the
 * single-message block loop (lsh_sm_template.h). */
#ifndef KARX_LSH_FAMILY_H
#define KARX_LSH_FAMILY_H

#include "lsh_core.h"
#include "lsh_internal.h"

#if LSH_BITS == 256
#define LSHF_WORD uint32_t
#define LSHF_SC karx_lsh256_sc
#define LSHF_GAMMA karx_lsh256_gamma
enum { LSHF_STEPS = KARX_LSH256_STEPS, LSHF_AE = 29, LSHF_BE = 1, LSHF_AO = 5, LSHF_BO = 17 };
#elif LSH_BITS == 512
#define LSHF_WORD uint64_t
#define LSHF_SC karx_lsh512_sc
#define LSHF_GAMMA karx_lsh512_gamma
enum { LSHF_STEPS = KARX_LSH512_STEPS, LSHF_AE = 23, LSHF_BE = 59, LSHF_AO = 7, LSHF_BO = 3 };
#else
#error "LSH_BITS must be 256 or 512"
#endif

/* The 16 indices of a byte shuffle that rotates every word of a 16-byte row left by k bytes
 * (gamma is a whole number of bytes): byte i takes byte i - k of its own word. */
#define LSHF_WB ((int)sizeof(LSHF_WORD))
#define LSHF_RB(k, i) (((i) & (16 - LSHF_WB)) | (((i) - (k)) & (LSHF_WB - 1)))
#define LSHF_ROTB_BYTES(k)                                                                     \
    LSHF_RB(k, 0), LSHF_RB(k, 1), LSHF_RB(k, 2), LSHF_RB(k, 3), LSHF_RB(k, 4), LSHF_RB(k, 5),   \
        LSHF_RB(k, 6), LSHF_RB(k, 7), LSHF_RB(k, 8), LSHF_RB(k, 9), LSHF_RB(k, 10),             \
        LSHF_RB(k, 11), LSHF_RB(k, 12), LSHF_RB(k, 13), LSHF_RB(k, 14), LSHF_RB(k, 15)

#endif
