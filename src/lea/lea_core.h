/* LEA round code (KS X 3246), written once for the portable back end, the scalar tails of the
 * SIMD kernels and the CUDA kernels (KARX_HD). Words are 32-bit; key and block bytes are read
 * little-endian by the callers.
 *
 * Encryption round i with round key rk[i][0..5]:
 *   X0' = ROL9((X0 ^ rk0) + (X1 ^ rk1))
 *   X1' = ROR5((X1 ^ rk2) + (X2 ^ rk3))
 *   X2' = ROR3((X2 ^ rk4) + (X3 ^ rk5))
 *   X3' = X0 */
#ifndef KARX_LEA_CORE_H
#define KARX_LEA_CORE_H

/* LEA is on KCMVP's approved list: this is the descriptors' approved field
 * (lea_desc.c), which the approved mode's gate reads, and lea.c's set_key's own. */
#define KARX_I_LEA_APPROVED 1

#include <stdint.h>

#include "../common/karx_hd.h"
#include "../common/rotate.h"

static inline KARX_HD uint32_t karx_lea_rotr32(uint32_t x, unsigned r)
{
    return karx_rotl32(x, 32 - r);
}

/* Expands nkw key words (4, 6 or 8; the caller checks) into rk and returns the round count
 * (24, 28 or 32). LEA-128 stores its three distinct middle words as rk1 = rk3 = rk5. */
static inline KARX_HD unsigned karx_lea_key_schedule(uint32_t rk[][6], const uint32_t *kw,
                                                     unsigned nkw)
{
    const uint32_t delta[8] = {0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec,
                               0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957};
    const unsigned rot[6] = {1, 3, 6, 11, 13, 17};
    uint32_t t[8];
    for (unsigned j = 0; j < nkw; j++)
        t[j] = kw[j];

    if (nkw == 4) {
        for (unsigned i = 0; i < 24; i++) {
            uint32_t d = delta[i % 4];
            for (unsigned j = 0; j < 4; j++)
                t[j] = karx_rotl32(t[j] + karx_rotl32(d, i + j), rot[j]);
            rk[i][0] = t[0];
            rk[i][1] = t[1];
            rk[i][2] = t[2];
            rk[i][3] = t[1];
            rk[i][4] = t[3];
            rk[i][5] = t[1];
        }
        return 24;
    }
    if (nkw == 6) {
        for (unsigned i = 0; i < 28; i++) {
            uint32_t d = delta[i % 6];
            for (unsigned j = 0; j < 6; j++) {
                t[j] = karx_rotl32(t[j] + karx_rotl32(d, i + j), rot[j]);
                rk[i][j] = t[j];
            }
        }
        return 28;
    }
    for (unsigned i = 0; i < 32; i++) {
        uint32_t d = delta[i % 8];
        for (unsigned j = 0; j < 6; j++) {
            unsigned k = (6 * i + j) % 8;
            t[k] = karx_rotl32(t[k] + karx_rotl32(d, i + j), rot[j]);
            rk[i][j] = t[k];
        }
    }
    return 32;
}

#if defined(KARX_LEA_ENCRYPT_WORDS_EXTERN) && !defined(__CUDACC__)
/* A target's own one-block encryption with the same contract (embedded/: AVR assembly). */
void karx_lea_encrypt_words_ext(const uint32_t (*rk)[6], unsigned rounds, uint32_t x[4]);
#define karx_lea_encrypt_words karx_lea_encrypt_words_ext
#else
/* One block in place, x[0..3] = the block's words. */
static inline KARX_HD void karx_lea_encrypt_words(const uint32_t (*rk)[6], unsigned rounds,
                                                  uint32_t x[4])
{
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    for (unsigned i = 0; i < rounds; i++) {
        const uint32_t *k = rk[i];
        uint32_t t = x0;
        x0 = karx_rotl32((x0 ^ k[0]) + (x1 ^ k[1]), 9);
        x1 = karx_lea_rotr32((x1 ^ k[2]) + (x2 ^ k[3]), 5);
        x2 = karx_lea_rotr32((x2 ^ k[4]) + (x3 ^ k[5]), 3);
        x3 = t;
    }
    x[0] = x0;
    x[1] = x1;
    x[2] = x2;
    x[3] = x3;
}
#endif

static inline KARX_HD void karx_lea_decrypt_words(const uint32_t (*rk)[6], unsigned rounds,
                                                  uint32_t x[4])
{
    uint32_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    for (unsigned i = rounds; i-- > 0;) {
        const uint32_t *k = rk[i];
        uint32_t y0 = x3; /* the round's input X0 */
        uint32_t y1 = (karx_lea_rotr32(x0, 9) - (y0 ^ k[0])) ^ k[1];
        uint32_t y2 = (karx_rotl32(x1, 5) - (y1 ^ k[2])) ^ k[3];
        uint32_t y3 = (karx_rotl32(x2, 3) - (y2 ^ k[4])) ^ k[5];
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
    }
    x[0] = x0;
    x[1] = x1;
    x[2] = x2;
    x[3] = x3;
}

#ifndef __CUDACC__
#include <stddef.h>

#include "../common/endian.h"
#include "../modes/block_kernels.h"

/* n blocks one at a time (the portable kernels; short calls and tails of the SIMD ones). */
static inline void karx_lea_ecb_blocks(const uint32_t (*rk)[6], unsigned rounds, int decrypt,
                                       uint8_t *out, const uint8_t *in, size_t n)
{
    for (size_t b = 0; b < n; b++, in += 16, out += 16) {
        uint32_t x[4];
        for (int i = 0; i < 4; i++)
            x[i] = karx_load32_le(in + 4 * i);
        if (decrypt)
            karx_lea_decrypt_words(rk, rounds, x);
        else
            karx_lea_encrypt_words(rk, rounds, x);
        for (int i = 0; i < 4; i++)
            karx_store32_le(out + 4 * i, x[i]);
    }
}

/* n blocks of counter mode one at a time from the big-endian counter ctr, which advances. */
static inline void karx_lea_ctr_blocks(const uint32_t (*rk)[6], unsigned rounds, uint8_t *out,
                                       const uint8_t *in, size_t n, uint8_t ctr[16])
{
    for (size_t b = 0; b < n; b++, in += 16, out += 16) {
        uint32_t x[4];
        for (int i = 0; i < 4; i++)
            x[i] = karx_load32_le(ctr + 4 * i);
        karx_lea_encrypt_words(rk, rounds, x);
        for (int i = 0; i < 4; i++)
            karx_store32_le(out + 4 * i, x[i] ^ karx_load32_le(in + 4 * i));
        karx_i_ctr_add(ctr, 16, 1);
    }
}

/* Kernel tables, one per back end (lea_portable.c, lea_sse2.c, lea_avx2.c, lea_avx512.c). */
extern const karx_block_kernels karx_i_lea_portable, karx_i_lea_sse2, karx_i_lea_avx2,
    karx_i_lea_avx512, karx_i_lea_neon;
/* Lane kernels (lea_lanes_*.c; src/lanes/lanes.h). */
struct karx_i_lanes_kernel;
extern const struct karx_i_lanes_kernel karx_i_lea_lanes_portable, karx_i_lea_lanes_sse2,
    karx_i_lea_lanes_avx2, karx_i_lea_lanes_avx2_vpclmul, karx_i_lea_lanes_avx512,
    karx_i_lea_lanes_avx512_vpclmul, karx_i_lea_lanes_avx512z, karx_i_lea_lanes_avx512z_vpclmul,
    karx_i_lea_lanes_neon;
#endif

#endif
