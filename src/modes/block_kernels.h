/* Internal: the contract between the modes (src/modes) and each cipher's back ends
 * (src/lea, src/hight, src/cham). A cipher exposes one kernel table per back end, listed in its
 * registry descriptor (src/registry/registry.h); the modes call the table karx_i_select picks
 * for every bulk operation.
 *
 * Rules every kernel keeps:
 *  - ks is the cipher's public key struct (karx_lea_key, karx_hight_key, karx_cham64_key,
 *    karx_cham128_key), set and valid; kernels never check it.
 *  - out and in may be unaligned; out == in (exactly in place) is allowed; no other overlap.
 *  - nblocks is any count, including 0 and counts that are not a multiple of lanes: a kernel
 *    finishes its own tail (with a narrower kernel or the portable code).
 *  - No secret-dependent branches, table look-ups or memory addresses.
 *  - Nothing is read or written outside in[0 .. nblocks*B) and out[0 .. nblocks*B).
 *  - Stack copies of key or data material are wiped only where cheap; registers are not. */
#ifndef KARX_BLOCK_KERNELS_H
#define KARX_BLOCK_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "karx/cpu.h"

#include "../common/endian.h"

typedef struct karx_block_kernels {
    const char *name; /* back-end name, for tests and `karx bench` */
    unsigned lanes;   /* blocks per register (1 for portable); kernels may interleave groups */
    void (*ecb_encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
    void (*ecb_decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks);
    /* out[i] = in[i] ^ E(ctr + i) for i < nblocks, where ctr (block-sized, not modified) is one
     * big-endian integer over the whole block. The caller guarantees ctr + nblocks - 1 does not
     * pass all-ones (no wrap inside the call); carries across any number of bytes must work. */
    void (*ctr_xor)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks,
                    const uint8_t *ctr);
    /* Optional (NULL: the XTS mode's generic path over ecb_*, src/modes/xts_blocks.c): XTS over
     * nblocks whole 16-byte blocks cut into data units of unit_blocks (>= 1) blocks, the last
     * one possibly shorter. In unit u, out[i] = E(in[i] ^ T_i) ^ T_i (D for decrypt), where
     * T_0 = tweaks + 16u (that unit's encrypted tweak) and T_{i+1} = T_i * x in GF(2^128) with
     * the IEEE 1619 little-endian convention; on return the last unit's entry holds the tweak of
     * the block after it (the other entries may be anything). Tweaks are secret. */
    void (*xts_xor)(const void *ks, uint8_t *out, const uint8_t *in, size_t nblocks,
                    size_t unit_blocks, uint8_t *tweaks, int decrypt);
    /* Optional (NULL: GCM runs ctr_xor and GHASH apart, src/aead/gcm_stitch_avx512.c): GCM's GCTR with GHASH folded into the rounds, for 16-byte
     * blocks: out[i] = in[i] ^ E(ctr + i) for nblocks (a multiple of 32) blocks, the low 32 bits
     * of ctr (not modified) not wrapping inside the call, and the GHASH state y (16 bytes, the
     * spec's order) taken over the ciphertext (out when encrypting, in when decrypting; out ==
     * in works). hs: karx_i_gcm_stitch_table of H (src/aead/gcm_stitch.h). Needs VPCLMULQDQ:
     * only the gcm-pass impl that requires it (src/aead/gcm_desc.c) calls it. */
    void (*gcm_xor)(const void *ks, const uint64_t *hs, uint8_t y[16], uint8_t *out,
                    const uint8_t *in, size_t nblocks, const uint8_t *ctr, int decrypt);
} karx_block_kernels;

/* Big-endian add of a small value to a counter block of len bytes (wraps silently: callers
 * bound it). Used by the portable kernels and the modes. */
static inline void karx_i_ctr_add(uint8_t *ctr, size_t len, uint64_t add)
{
    for (size_t i = len; i-- > 0 && add != 0;) {
        uint64_t s = (uint64_t)ctr[i] + (add & 0xff);
        ctr[i] = (uint8_t)s;
        add = (add >> 8) + (s >> 8);
    }
}

/* t = t * x in GF(2^128), IEEE 1619 convention (XTS): t is a little-endian 128-bit number;
 * shift it left by one and fold the bit shifted out into byte 0 as 0x87 (x^7 + x^2 + x + 1).
 * Branch-free on 64-bit halves; the kernels use it for their first group's tweaks. */
static inline void karx_i_xts_mulx(uint8_t t[16])
{
    uint64_t lo = karx_load64_le(t), hi = karx_load64_le(t + 8);
    uint64_t fold = (0u - (hi >> 63)) & 0x87u;
    karx_store64_le(t + 8, hi << 1 | lo >> 63);
    karx_store64_le(t, lo << 1 ^ fold);
}

#endif
