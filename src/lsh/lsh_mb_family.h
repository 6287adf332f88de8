/* The LSH family a multi-buffer kernel file instantiates, chosen by MB_BITS (256 or 512,
 * defined before this is included): its word type, step constants, gamma and alpha/beta, for
 * the ISA headers (lsh_mb_{sse2,avx2,avx512,neon}.h) and the template (lsh_mb_template.h). */
#ifndef KARX_LSH_MB_FAMILY_H
#define KARX_LSH_MB_FAMILY_H

#include "lsh_core.h"
#include "lsh_internal.h"

#if MB_BITS == 256
#define MB_WORD uint32_t
#define MB_SC karx_lsh256_sc
#define MB_GAMMA karx_lsh256_gamma
enum { MB_STEPS = KARX_LSH256_STEPS, MB_AE = 29, MB_BE = 1, MB_AO = 5, MB_BO = 17 };
#elif MB_BITS == 512
#define MB_WORD uint64_t
#define MB_SC karx_lsh512_sc
#define MB_GAMMA karx_lsh512_gamma
enum { MB_STEPS = KARX_LSH512_STEPS, MB_AE = 23, MB_BE = 59, MB_AO = 7, MB_BO = 3 };
#else
#error "MB_BITS must be 256 or 512"
#endif

/* The 16 indices of a byte shuffle that rotates every word of a 16-byte row left by k bytes
 * (gamma is a whole number of bytes): byte i takes byte i - k of its own word. */
#define MB_WB ((int)sizeof(MB_WORD))
#define MB_RB(k, i) (((i) & (16 - MB_WB)) | (((i) - (k)) & (MB_WB - 1)))
#define MB_ROTB_BYTES(k)                                                                       \
    MB_RB(k, 0), MB_RB(k, 1), MB_RB(k, 2), MB_RB(k, 3), MB_RB(k, 4), MB_RB(k, 5), MB_RB(k, 6),  \
        MB_RB(k, 7), MB_RB(k, 8), MB_RB(k, 9), MB_RB(k, 10), MB_RB(k, 11), MB_RB(k, 12),       \
        MB_RB(k, 13), MB_RB(k, 14), MB_RB(k, 15)

#endif
