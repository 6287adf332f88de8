/* Internal: GHASH (NIST SP 800-38D 6.4) back ends.
 *
 * Representation shared by every back end: a 16-byte block read as a big-endian 128-bit integer
 * (coefficient of x^i at integer bit 127 - i, the "reflected" order of the spec) and held as two
 * 64-bit words {lo, hi}. htab holds H^1 .. H^KARX_I_GHASH_POWERS in that form (H^k at
 * htab[2k - 2], htab[2k - 1]), so the PCLMULQDQ kernels can load a power with one unaligned load
 * on a little-endian machine. The state y is kept as the 16 spec bytes.
 *
 * Every kernel is constant time: no branch, table index or address depends on H or the data. */
#ifndef KARX_AEAD_GHASH_H
#define KARX_AEAD_GHASH_H

#include <stddef.h>
#include <stdint.h>

#include "karx/common.h"

#define KARX_I_GHASH_POWERS 32

/* Portable (any C11 target). */
void karx_i_ghash_powers_portable(uint64_t htab[2 * KARX_I_GHASH_POWERS], const uint8_t h[16],
                                  unsigned n);
void karx_i_ghash_blocks_portable(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                  const uint8_t *data, size_t nblocks);

#if defined(KARX_HAVE_X86_SIMD)
/* PCLMULQDQ + SSSE3 + SSE4.1 (ghash_pclmul.c): 16 blocks per reduction. */
void karx_i_ghash_powers_pclmul(uint64_t htab[2 * KARX_I_GHASH_POWERS], const uint8_t h[16],
                                unsigned n);
void karx_i_ghash_blocks_pclmul(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                const uint8_t *data, size_t nblocks);
/* VPCLMULQDQ + AVX-512 F/VL/BW (ghash_vpclmul.c): 32 blocks per reduction, tails to PCLMULQDQ. */
void karx_i_ghash_blocks_vpclmul(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                 const uint8_t *data, size_t nblocks);
#endif

/* A GHASH kernel table: the powers of H it wants in htab (every table computes the same
 * values, so a key made under one back end works under any), and the blocks call.
 *
 * powers writes H^1 .. H^n (1 <= n <= KARX_I_GHASH_POWERS) and leaves the rest of htab as it
 * is. A blocks call of nblocks reads no power above H^min(nblocks, KARX_I_GHASH_POWERS) that
 * it multiplies with data: so a key whose table holds only the powers up to the longest call
 * it will see gives the same answers (the raw-key one-shots prepare only those; tests/test_gcm.c
 * checks every kernel that way with the other powers zero). */
typedef struct karx_i_ghash_kernels {
    const char *name;
    unsigned lanes; /* blocks per reduction */
    void (*powers)(uint64_t htab[2 * KARX_I_GHASH_POWERS], const uint8_t h[16], unsigned n);
    void (*blocks)(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                   const uint8_t *data, size_t nblocks);
} karx_i_ghash_kernels;

extern const karx_i_ghash_kernels karx_i_ghash_portable;
#if defined(KARX_HAVE_X86_SIMD)
extern const karx_i_ghash_kernels karx_i_ghash_pclmul;
extern const karx_i_ghash_kernels karx_i_ghash_vpclmul_ymm; /* gcm_stitch_avx2.c */
extern const karx_i_ghash_kernels karx_i_ghash_vpclmul_zmm;
/* VPCLMULQDQ on ymm (gcm_stitch_avx2.c): 32 blocks per reduction, tails to PCLMULQDQ. */
void karx_i_ghash_blocks_vpclmul_ymm(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                     const uint8_t *data, size_t nblocks);
#endif

/* The GHASH kernel calls use now: karx_i_select over the GHASH impl list (ghash_desc.c),
 * remembered per back end. */
const karx_i_ghash_kernels *karx_i_ghash_kernels_now(void);

/* Through the selected table. */
void karx_i_ghash_powers(uint64_t htab[2 * KARX_I_GHASH_POWERS], const uint8_t h[16],
                         unsigned n);
void karx_i_ghash_blocks(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                         const uint8_t *data, size_t nblocks);

/* GHASH over len bytes, the last partial block zero-padded (gcm_pass.c). */
void karx_i_ghash_bytes(const uint64_t *htab, uint8_t y[16], const uint8_t *data, size_t len);

/* A GCM known answer (12-byte IV) for the part self-tests: GHASH and the GCM pass. */
typedef struct karx_i_gcm_kat {
    const char *cipher; /* the cipher's registry name */
    const uint8_t *key;
    size_t key_len;
    const uint8_t *iv; /* 12 bytes */
    const uint8_t *aad;
    size_t aad_len;
    const uint8_t *pt, *ct;
    size_t len;
    const uint8_t *tag; /* 16 bytes */
} karx_i_gcm_kat;

/* gcm_selftest.c: the known answer (KISA LEA-128 GCM, 36 bytes of AAD, 80 of payload) and the
 * known-answer tests of one GHASH impl and one GCM pass impl (part and impl are the registry's
 * karx_i_part and karx_i_impl; the descriptors in ghash_desc.c and gcm_desc.c point here). */
extern const karx_i_gcm_kat karx_i_gcm_part_kat;
struct karx_i_part;
struct karx_i_impl;
karx_status karx_i_ghash_part_test(const struct karx_i_part *p, const struct karx_i_impl *impl);
karx_status karx_i_gcm_pass_part_test(const struct karx_i_part *p, const struct karx_i_impl *impl);

#endif
