/* The per-warp LSH batch code of the CUDA kernels, written once for the device and for the CPU
 * tests that emulate a warp (tests/test_gpu_core.c), so the staging, padding, compression and
 * output paths the GPU runs are checked on every machine.
 *
 * One message per thread. A warp hashes 32 consecutive messages of a batch:
 *  - stage: the 32 lanes load one block of all 32 messages into shared memory together, lane j
 *    taking word j of a message, so consecutive lanes read consecutive words (coalesced loads)
 *    whatever the message length; the LSH padding (0x80, zeros) is made here too;
 *  - absorb: each lane reads its own message's block from its shared-memory row (rows padded
 *    to an odd word count, so no bank conflicts) and runs the compression on registers;
 *  - output: each lane writes its digest into its row, then the warp stores the 32 digests,
 *    which are contiguous in the output, with coalesced word stores.
 * On the device a thread runs this with lanes = [its lane]; the CPU emulation runs each phase
 * for all 32 lanes in turn, which is what __syncwarp() between phases guarantees. */
#ifndef KARX_LSH_GPU_CORE_H
#define KARX_LSH_GPU_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "../common/endian.h"
#include "../common/karx_hd.h"
#include "../lsh/lsh_core.h"

#define KARX_GPU_WARP 32u

#ifdef __CUDA_ARCH__
/* The staging loops: 8 loads in flight per thread; full unrolling would keep 32-64 and double
 * the registers (and halve the warps an SM holds) for no gain in a compute-bound kernel. */
#define KARX_GPU_UNROLL_8 _Pragma("unroll 8")
#define KARX_GPU_SYNCWARP() __syncwarp()
#else
#define KARX_GPU_UNROLL_8
#define KARX_GPU_SYNCWARP() ((void)0)
#endif

/* A batch: equal lengths (offsets == NULL: message i at base + i*msg_len) or offsets
 * (message i is base[offsets[i] .. offsets[i+1])). */
typedef struct karx_gpu_batch {
    const uint8_t *base;
    const uint64_t *offsets;
    uint64_t msg_len;
    uint64_t n;
} karx_gpu_batch;

static inline KARX_HD void karx_gpu_msg_span(const karx_gpu_batch *b, uint64_t i,
                                             const uint8_t **p, uint64_t *len)
{
    if (b->offsets) {
        uint64_t o = b->offsets[i];
        *p = b->base + o;
        *len = b->offsets[i + 1] - o;
    } else {
        *p = b->base + i * b->msg_len;
        *len = b->msg_len;
    }
}

/* A 4-aligned word of device memory (little-endian). */
static inline KARX_HD uint32_t karx_gpu_ld32_aligned(const uint8_t *p)
{
#ifdef __CUDA_ARCH__
    return *(const uint32_t *)p;
#else
    return karx_load32_le(p);
#endif
}

/* Its store counterpart: the digest bytes are the little-endian words whatever the host's order
 * (the CPU emulation runs on big-endian hosts too). */
static inline KARX_HD void karx_gpu_st32_aligned(uint8_t *p, uint32_t v)
{
#ifdef __CUDA_ARCH__
    *(uint32_t *)(void *)p = v;
#else
    karx_store32_le(p, v);
#endif
}

static inline KARX_HD uint32_t karx_gpu_funnel_r(uint32_t lo, uint32_t hi, unsigned s)
{
#ifdef __CUDA_ARCH__
    return __funnelshift_r(lo, hi, s);
#else
    return (uint32_t)((((uint64_t)hi << 32) | lo) >> (s & 31));
#endif
}

/* Word at byte pos (a multiple of 4) of the padded message msg[0..len) || 0x80 || 0...
 * (len <= KARX_GPU_MAX_MSG_BYTES, so positions fit 32 bits). Whole words inside the message are
 * read as aligned words (two and a funnel shift when the message is not 4-aligned); only
 * aligned words that lie wholly inside the message are read, so nothing past its end is
 * touched. Reads may start up to 3 bytes before msg, inside the same aligned word (never
 * outside the allocation that holds msg). */
static inline KARX_HD uint32_t karx_gpu_msg_word(const uint8_t *msg, uint32_t len, uint32_t pos)
{
    if (pos + 4 <= len) {
        const uint8_t *p = msg + pos;
        unsigned sh = (unsigned)((uintptr_t)p & 3u);
        const uint8_t *a = p - sh;
        if (sh == 0)
            return karx_gpu_ld32_aligned(a);
        if (pos + 8 - sh <= len) /* the second aligned word ends inside the message too */
            return karx_gpu_funnel_r(karx_gpu_ld32_aligned(a), karx_gpu_ld32_aligned(a + 4), 8 * sh);
    }
    uint32_t w = 0;
    for (unsigned i = 0; i < 4; i++) {
        uint32_t q = pos + i;
        uint32_t byte = q < len ? msg[q] : (q == len ? 0x80u : 0u);
        w |= byte << (8 * i);
    }
    return w;
}

/* Blocks a message of len bytes pads to (LSH always appends at least the 0x80 byte). */
static inline KARX_HD uint64_t karx_gpu_lsh_nblocks(uint64_t len, unsigned block_bytes)
{
    return len / block_bytes + 1;
}

/* Lane's share of staging block blk of messages first..first+31 into smem: 32 rows of
 * wpb + 1 words (wpb = words per block: 32 for LSH-256, 64 for LSH-512). Lane j of the warp
 * reads word j (mod wpb) of a message, so each load instruction covers whole 128-byte lines. */
static inline KARX_HD void karx_gpu_stage(uint32_t *smem, unsigned wpb, const karx_gpu_batch *b,
                                          uint64_t first, unsigned lane, uint64_t blk)
{
    const uint32_t valid = b->n - first < KARX_GPU_WARP ? (uint32_t)(b->n - first) : KARX_GPU_WARP;
    const uint32_t bpos = (uint32_t)blk * 4u * wpb;
    if (!b->offsets && (b->msg_len & 3u) == 0 && ((uintptr_t)b->base & 3u) == 0) {
        /* Equal, word-multiple lengths from an aligned base (the common server batch): every
         * word is a plain aligned load, the 0x80 word or zero. */
        const uint32_t len = (uint32_t)b->msg_len;
        KARX_GPU_UNROLL_8 for (unsigned it = 0; it < wpb; it++) {
            unsigned idx = it * KARX_GPU_WARP + lane, m = idx / wpb, k = idx % wpb;
            uint32_t pos = bpos + 4u * k, w = 0;
            if (m < valid && pos <= len)
                w = pos < len ? karx_gpu_ld32_aligned(b->base + (first + m) * len + pos) : 0x80u;
            smem[m * (wpb + 1) + k] = w;
        }
        return;
    }
    KARX_GPU_UNROLL_8 for (unsigned it = 0; it < wpb; it++) {
        unsigned idx = it * KARX_GPU_WARP + lane, m = idx / wpb, k = idx % wpb;
        uint32_t w = 0;
        if (m < valid) {
            const uint8_t *p;
            uint64_t len;
            karx_gpu_msg_span(b, first + m, &p, &len);
            if (blk < karx_gpu_lsh_nblocks(len, 4 * wpb))
                w = karx_gpu_msg_word(p, (uint32_t)len, bpos + 4u * k);
        }
        smem[m * (wpb + 1) + k] = w;
    }
}

/* Most blocks any message of the warp needs (every lane computes the same value). */
static inline KARX_HD uint64_t karx_gpu_warp_nblocks(const karx_gpu_batch *b, uint64_t first,
                                                     unsigned block_bytes)
{
    if (!b->offsets)
        return karx_gpu_lsh_nblocks(b->msg_len, block_bytes);
    uint64_t most = 0;
    for (unsigned m = 0; m < KARX_GPU_WARP && first + m < b->n; m++) {
        uint64_t len = b->offsets[first + m + 1] - b->offsets[first + m];
        uint64_t nb = karx_gpu_lsh_nblocks(len, block_bytes);
        most = nb > most ? nb : most;
    }
    return most;
}

/* The warp's 32 digests (dw words each) from the rows into out (4-aligned), coalesced. */
static inline KARX_HD void karx_gpu_store_digests(uint8_t *out, const uint32_t *smem,
                                                  unsigned row, uint64_t first, uint64_t n,
                                                  unsigned dw, unsigned lane)
{
    for (unsigned idx = lane; idx < KARX_GPU_WARP * dw; idx += KARX_GPU_WARP) {
        unsigned m = idx / dw, j = idx % dw;
        if (first + m < n)
            karx_gpu_st32_aligned(out + 4 * ((first + m) * dw + j), smem[m * row + j]);
    }
}

/* The whole warp's work for one LSH width: hashes messages first..first+31 of b (those < n)
 * into out (dlen-byte digests, 4-aligned out), for lanes lane0..lane0+nl-1 with their
 * chaining values in cv[0..nl). */
#define KARX_GPU_DEFINE_WARP(BITS, W, WPB)                                                      \
    static inline KARX_HD void karx_gpu_lsh##BITS##_warp(                                       \
        uint32_t *smem, const karx_gpu_batch *b, uint64_t first, unsigned lane0, unsigned nl,  \
        uint##W##_t (*cv)[16], const uint##W##_t *iv, uint8_t *out, unsigned dlen)             \
    {                                                                                           \
        const unsigned row = WPB + 1;                                                           \
        uint64_t most = karx_gpu_warp_nblocks(b, first, 4 * WPB);                               \
        for (unsigned l = 0; l < nl; l++)                                                       \
            KARX_HD_UNROLL for (int k = 0; k < 16; k++)                                         \
                cv[l][k] = iv[k];                                                               \
        for (uint64_t blk = 0; blk < most; blk++) {                                             \
            for (unsigned l = 0; l < nl; l++)                                                   \
                karx_gpu_stage(smem, WPB, b, first, lane0 + l, blk);                            \
            KARX_GPU_SYNCWARP();                                                                \
            for (unsigned l = 0; l < nl; l++) {                                                 \
                uint64_t i = first + lane0 + l;                                                 \
                if (i >= b->n)                                                                  \
                    continue;                                                                   \
                if (b->offsets &&                                                               \
                    blk >= karx_gpu_lsh_nblocks(b->offsets[i + 1] - b->offsets[i], 4 * WPB))    \
                    continue;                                                                   \
                const uint32_t *r = smem + (lane0 + l) * row;                                   \
                uint##W##_t me[16], mo[16];                                                     \
                KARX_HD_UNROLL for (int k = 0; k < 16; k++) {                                   \
                    me[k] = KARX_GPU_WORD##W(r, k);                                             \
                    mo[k] = KARX_GPU_WORD##W(r, k + 16);                                        \
                }                                                                               \
                karx_lsh##BITS##_compress_words(cv[l], me, mo);                                 \
            }                                                                                   \
            KARX_GPU_SYNCWARP();                                                                \
        }                                                                                       \
        for (unsigned l = 0; l < nl; l++) {                                                     \
            uint32_t *r = smem + (lane0 + l) * row;                                             \
            KARX_HD_UNROLL for (int k = 0; k < 8; k++) {                                        \
                uint##W##_t h = cv[l][k] ^ cv[l][k + 8];                                        \
                KARX_GPU_PUT##W(r, k, h);                                                       \
            }                                                                                   \
        }                                                                                       \
        KARX_GPU_SYNCWARP();                                                                    \
        for (unsigned l = 0; l < nl; l++)                                                       \
            karx_gpu_store_digests(out, smem, row, first, b->n, dlen / 4, lane0 + l);          \
        KARX_GPU_SYNCWARP();                                                                    \
    }

#define KARX_GPU_WORD32(r, k) ((r)[k])
#define KARX_GPU_WORD64(r, k) ((uint64_t)(r)[2 * (k)] | ((uint64_t)(r)[2 * (k) + 1] << 32))
#define KARX_GPU_PUT32(r, k, h) ((r)[k] = (h))
#define KARX_GPU_PUT64(r, k, h) ((r)[2 * (k)] = (uint32_t)(h), (r)[2 * (k) + 1] = (uint32_t)((h) >> 32))

KARX_GPU_DEFINE_WARP(256, 32, 32)
KARX_GPU_DEFINE_WARP(512, 64, 64)

/* Shared memory one warp needs (bytes). */
#define KARX_GPU_LSH256_WARP_SMEM (KARX_GPU_WARP * 33u * 4u)
#define KARX_GPU_LSH512_WARP_SMEM (KARX_GPU_WARP * 65u * 4u)

#endif
