/* LSH round code, written once for the portable back end and the CUDA kernels (KARX_HD).
 * Structure (KS X 3262): per block, 16-word message halves M0, M1 expand as
 * M_j[l] = M_(j-1)[l] + M_(j-2)[tau(l)]; each step j XORs M_j into the chaining value,
 * runs Mix_j on the pairs (l, l+8) and permutes words by sigma; the last message word set is
 * XORed in at the end. The digest is the little-endian bytes of cv[l] ^ cv[l+8]. */
#ifndef KARX_LSH_CORE_H
#define KARX_LSH_CORE_H

#include <stdint.h>

#include "../common/endian.h"
#include "../common/rotate.h"
#include "lsh_constants.h"

#define KARX_LSH256_STEPS 26
#define KARX_LSH512_STEPS 28

/* tau (message expansion) and sigma (word permutation) are the same for both widths. */
KARX_LSH_CONST unsigned char karx_lsh_tau[16] = {3, 2, 0, 1, 7, 4, 5, 6, 11, 10, 8, 9, 15, 12, 13, 14};
KARX_LSH_CONST unsigned char karx_lsh_sigma[16] = {6, 4, 5, 7, 12, 15, 14, 13, 2, 0, 1, 3, 8, 11, 10, 9};
KARX_LSH_CONST unsigned char karx_lsh256_gamma[8] = {0, 8, 16, 24, 24, 16, 8, 0};
KARX_LSH_CONST unsigned char karx_lsh512_gamma[8] = {0, 16, 32, 48, 8, 24, 40, 56};

/* The same tables as nibble/byte-packed literals: with l a constant after unrolling, each index
 * is a constant expression on every compiler (a load from a __constant__ array is not one, and
 * register arrays indexed by it would spill to local memory on the GPU). Checked against the
 * arrays by test_gpu_core. */
#define KARX_LSH_TAU(l) ((unsigned)((0xEDCF98AB65471023ull >> (4 * (l))) & 15u))
#define KARX_LSH_SIGMA(l) ((unsigned)((0x9AB83102DEFC7546ull >> (4 * (l))) & 15u))
#define KARX_LSH256_GAMMA(l) ((unsigned)((0x0008101818100800ull >> (8 * (l))) & 63u))
#define KARX_LSH512_GAMMA(l) ((unsigned)((0x3828180830201000ull >> (8 * (l))) & 63u))

/* One LSH family's compression, instantiated for 32- and 64-bit words below. */
#define KARX_LSH_DEFINE_CORE(BITS, W, STEPS, AE, BE, AO, BO)                                   \
    static inline KARX_HD void karx_lsh##BITS##_step(uint##W##_t cv[16], const uint##W##_t m[16], \
                                                     const uint##W##_t sc[8], unsigned a,        \
                                                     unsigned b)                                 \
    {                                                                                           \
        uint##W##_t t[16];                                                                      \
        KARX_HD_UNROLL for (int l = 0; l < 8; l++) {                                                           \
            uint##W##_t x = cv[l] ^ m[l], y = cv[l + 8] ^ m[l + 8];                             \
            x = karx_rotl##W(x + y, a) ^ sc[l];                                                 \
            y = karx_rotl##W(x + y, b);                                                         \
            t[l] = x + y;                                                                       \
            t[l + 8] = karx_rotl##W(y, KARX_LSH##BITS##_GAMMA(l));                              \
        }                                                                                       \
        KARX_HD_UNROLL for (int l = 0; l < 16; l++)                                                            \
            cv[l] = t[KARX_LSH_SIGMA(l)];                                                       \
    }                                                                                           \
                                                                                                \
    /* next[l] = prev[l] + older[tau(l)], written over older. */                               \
    static inline KARX_HD void karx_lsh##BITS##_expand(uint##W##_t older[16],                   \
                                                       const uint##W##_t prev[16])             \
    {                                                                                           \
        uint##W##_t t[16];                                                                      \
        KARX_HD_UNROLL for (int l = 0; l < 16; l++)                                                            \
            t[l] = prev[l] + older[KARX_LSH_TAU(l)];                                            \
        KARX_HD_UNROLL for (int l = 0; l < 16; l++)                                                            \
            older[l] = t[l];                                                                    \
    }                                                                                           \
                                                                                                \
    /* One block already loaded as words (me = words 0..15, mo = 16..31); me and mo are          \
     * consumed. The GPU kernels call this on words staged through shared memory. */             \
    static inline KARX_HD void karx_lsh##BITS##_compress_words(uint##W##_t cv[16],              \
                                                               uint##W##_t me[16],              \
                                                               uint##W##_t mo[16])              \
    {                                                                                           \
        KARX_HD_UNROLL for (int j = 0; j < STEPS; j += 2) {                                                    \
            karx_lsh##BITS##_step(cv, me, karx_lsh##BITS##_sc[j], AE, BE);                      \
            karx_lsh##BITS##_step(cv, mo, karx_lsh##BITS##_sc[j + 1], AO, BO);                  \
            karx_lsh##BITS##_expand(me, mo);                                                    \
            if (j + 2 < STEPS)                                                                  \
                karx_lsh##BITS##_expand(mo, me);                                                \
        }                                                                                       \
        KARX_HD_UNROLL for (int l = 0; l < 16; l++)                                                            \
            cv[l] ^= me[l];                                                                     \
    }                                                                                           \
                                                                                                \
    static inline KARX_HD void karx_lsh##BITS##_compress_block(uint##W##_t cv[16],              \
                                                               const uint8_t *blk)             \
    {                                                                                           \
        uint##W##_t me[16], mo[16];                                                             \
        KARX_HD_UNROLL for (int l = 0; l < 16; l++) {                                                          \
            me[l] = karx_load##W##_le(blk + (W / 8) * l);                                       \
            mo[l] = karx_load##W##_le(blk + (W / 8) * (l + 16));                                \
        }                                                                                       \
        karx_lsh##BITS##_compress_words(cv, me, mo);                                            \
    }

KARX_LSH_DEFINE_CORE(256, 32, KARX_LSH256_STEPS, 29, 1, 5, 17)
KARX_LSH_DEFINE_CORE(512, 64, KARX_LSH512_STEPS, 23, 59, 7, 3)

#endif
