/* Internal: lane kernels, the engine of the record-job calls (karx_gcm_seal_jobs and the
 * others). A lane kernel encrypts one 128-bit block in each of L lanes, each lane under its own
 * key, in one pass of a word-sliced SIMD kernel. The keys are scheduled inside the lanes from
 * the keys as given (a vector op schedules L keys at once), so a job's per-session state is its
 * raw key: a cache line, where a stored schedule is 9 to 12.
 *
 * Blocks travel word-sliced: w[j * L + i] is little-endian word j (bytes 4j..4j+3 of the block,
 * read as LEA and CHAM read them) of lane i's block, j = 0..3. The drivers (src/aead/gcm_jobs.c
 * and the others) build counter blocks or CBC-MAC inputs in w, call encrypt, and take the
 * results from w; lanes whose job has ended are refilled and the schedule is rebuilt.
 *
 * Under avx512 on a CPU with VPCLMULQDQ the kernels also fuse GCM's GHASH into the counter
 * pass (gcm32_xor, lanes_gcm_avx512.h) and carry a lane GHASH (lanes_gcm_avx512.c).
 *
 * A family registers its lane kernels in its cipher descriptor (lane_impls, src/registry), one
 * per back end, written over lanes_template.h and a vector header (lanes_vec_<isa>.h) in the
 * family's folder: the 128-bit-block ARX ciphers (LEA, CHAM-128) have them on every back end
 * (portable, SSE2, AVX2, AVX-512, NEON). karx_i_lanes_for returns NULL for the others (ARIA, the
 * 64-bit block ciphers), and the drivers then loop over the one-record calls. */
#ifndef KARX_LANES_H
#define KARX_LANES_H

#include <stddef.h>
#include <stdint.h>

#include "karx/cipher.h"
#include "karx/cpu.h"

#define KARX_I_LANES_MAX 16
/* The CPU features a kernel with GHASH fused (gcm32_xor, ghash) needs beyond its back end's. */
#define KARX_I_LANES_VPCLMUL (KARX_CPU_VPCLMUL | KARX_CPU_PCLMUL)
/* A family's lane impl list (src/registry/registry.h's entries) for lane kernels named
 * p##_portable, p##_sse2, ...: every back end, and the GHASH-fused forms where the CPU has
 * VPCLMULQDQ. */
#define KARX_I_LANE_IMPLS(p)                                                                  \
    KARX_I_IMPL_PORTABLE(p)                                                                   \
    KARX_I_IF_X86(                                                                            \
        KARX_I_IMPL("sse2", KARX_BACKEND_SSE2, KARX_I_NEEDS_SSE2, 0, &p##_sse2),                \
        KARX_I_IMPL("avx2", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2, 0, &p##_avx2),                \
        KARX_I_IMPL("avx2-vpclmul", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2 | KARX_I_LANES_VPCLMUL, \
                    1, &p##_avx2_vpclmul),                                                     \
        KARX_I_IMPL("avx512", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512, 0, &p##_avx512),        \
        KARX_I_IMPL("avx512-vpclmul", KARX_BACKEND_AVX512,                                     \
                    KARX_I_NEEDS_AVX512 | KARX_I_LANES_VPCLMUL, 1, &p##_avx512_vpclmul),        \
        KARX_I_IMPL("avx512-zmm", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512 | KARX_CPU_AVX512_FULL, \
                    2, &p##_avx512z),                                                          \
        KARX_I_IMPL("avx512-zmm-vpclmul", KARX_BACKEND_AVX512,                                 \
                    KARX_I_NEEDS_AVX512 | KARX_CPU_AVX512_FULL | KARX_I_LANES_VPCLMUL, 3,       \
                    &p##_avx512z_vpclmul), )                                                   \
    KARX_I_IMPL_NEON(p)
/* A descriptor's lane_impls and nlane_impls: the list, or none in the compact builds, which have
 * no record jobs (and define no list). */
#if !defined(KARX_COMPACT)
#define KARX_I_LANES_OF(list) KARX_I_LIST(list)
#else
#define KARX_I_LANES_OF(list) NULL, 0
#endif
/* The schedule context's size bound, for a caller's aligned buffer: LEA-256 at 16 lanes holds
 * 32 rounds x 6 words x 64 bytes. */
#define KARX_I_LANES_CTX_BYTES (32 * 6 * 64 + 64)
#define KARX_I_LANES_CTX_ALIGN 64

typedef struct karx_i_lanes_kernel {
    const char *backend; /* the back end's name, for tests and `karx info` */
    unsigned lanes;      /* L: 4, 8 or 16 */
    /* Schedules lane i from keys[i], i < L, each key_len bytes (a length the cipher accepts;
     * the caller checked it). Every lane needs a key: the drivers pass a live job's key for
     * idle lanes. ctx: KARX_I_LANES_CTX_BYTES at KARX_I_LANES_CTX_ALIGN. */
    void (*schedule)(void *ctx, const uint8_t *const *keys, size_t key_len);
    /* Encrypts the L word-sliced blocks in w (4 * L words) in place. */
    void (*encrypt)(const void *ctx, uint32_t *w);
    /* Counter mode over whole blocks, nsteps of them in every lane: for s < nsteps, lane i's
     * counter block has words c[i], c[L + i], c[2L + i] and the byte-swapped c[3L + i] + s
     * (mod 2^32: GCM's inc32 when c[3L + i] is the big-endian value of the low 32 bits), and
     * its encryption is XORed into out[i][off + 16s ..] from in[i][off + 16s ..] (in place
     * allowed). Lanes whose bit in live is clear are computed but neither read nor written. */
    void (*ctr32_xor)(const void *ctx, const uint32_t *c, uint8_t *const *out,
                      const uint8_t *const *in, size_t off, size_t nsteps, uint32_t live);
    /* GCM's pass with GHASH fused (NULL where the back end has none): as ctr32_xor, and each
     * live lane's GHASH state y[i] (16 spec bytes) takes the step's ciphertext block (out when
     * enc, else in) under H = h[i] (the integer form of src/aead/ghash.h; h[i] points at
     * H^1 .. H^4, htab's first 64 bytes, as four steps take one reduction). pre and post, where
     * not NULL, give each live lane one more block (16 spec bytes) that GHASH takes before the
     * first step and after the last: a record's one-block AAD and its length block, so a short
     * record's whole GHASH is one call (nsteps >= 1). */
    void (*gcm32_xor)(const void *ctx, const uint32_t *c, uint8_t *const *out,
                      const uint8_t *const *in, size_t off, size_t nsteps, uint32_t live,
                      int enc, uint8_t *const *y, const uint8_t *const *h,
                      const uint8_t *const *pre, const uint8_t *const *post);
    /* GHASH in lanes (NULL where the back end has none; not cipher-specific): each live lane's
     * state y[i] takes nblocks blocks from data[i] under H^1..H^4 = h[i] as above. Leading
     * zero blocks leave a zero state zero, so lanes of fewer blocks are padded in front. */
    void (*ghash)(uint8_t *const *y, const uint8_t *const *h, const uint8_t *const *data,
                  size_t nblocks, uint32_t live);
} karx_i_lanes_kernel;

/* The lane kernel of alg for the active back end (cpu.h), or NULL where alg has none. */
const karx_i_lanes_kernel *karx_i_lanes_for(karx_cipher_alg alg);
/* The same for a named back end ("portable", "sse2", "avx2", "avx512", "neon"), NULL where that
 * back end has no lane kernel for alg or the CPU cannot run it: the tests compare every one the
 * machine runs with portable. */
const karx_i_lanes_kernel *karx_i_lanes_for_backend(karx_cipher_alg alg, const char *backend);

/* karx_i_lanes_for for a batch of jobs: each cipher looked up once a batch, not once a job (a
 * lookup walks the impl list and the back end chain: 13 % of a 64-byte CCM job's time when it
 * ran for every job). Zero-initialise one per batch. */
typedef struct {
    const karx_i_lanes_kernel *k[KARX_CIPHER_LAST + 1];
    uint32_t seen; /* bit a: k[a] is looked up */
} karx_i_lanes_cache;

static inline const karx_i_lanes_kernel *karx_i_lanes_cached(karx_i_lanes_cache *c,
                                                              karx_cipher_alg alg)
{
    unsigned a = (unsigned)alg;
    if (a > (unsigned)KARX_CIPHER_LAST || a >= 32)
        return karx_i_lanes_for(alg);
    if (!(c->seen >> a & 1u)) {
        c->k[a] = karx_i_lanes_for(alg);
        c->seen |= 1u << a;
    }
    return c->k[a];
}

/* Wipes a schedule context (the round keys of L sessions). */
void karx_i_lanes_wipe(void *ctx);

#endif
