/* karx: the LSH hash family (KS X 3262): LSH-256-224/256 and LSH-512-224/256/384/512.
 *
 * The digest length picks the variant within a family: karx_lsh256_* take 28 or 32 bytes,
 * karx_lsh512_* take 28, 32, 48 or 64 (each variant has its own IV: LSH-256-224 is not a
 * truncated LSH-256-256). The karx_lsh_* calls take a karx_lsh_alg instead. */
#ifndef KARX_LSH_H
#define KARX_LSH_H

#include "common.h"
#include "pool.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_LSH256_BLOCK_BYTES 128
#define KARX_LSH512_BLOCK_BYTES 256
#define KARX_LSH_MAX_DIGEST_BYTES 64

typedef enum karx_lsh_alg {
    KARX_LSH256_224 = 1,
    KARX_LSH256_256 = 2,
    KARX_LSH512_224 = 3,
    KARX_LSH512_256 = 4,
    KARX_LSH512_384 = 5,
    KARX_LSH512_512 = 6
} karx_lsh_alg;

/* Caller-allocated, copyable contexts (copy = fork the hash state). Treat fields as private. */
typedef struct karx_lsh256_ctx {
    uint32_t cv[16];
    uint8_t block[KARX_LSH256_BLOCK_BYTES];
    uint32_t buffered;   /* bytes held in block */
    uint8_t digest_bytes;
    uint8_t partial_bits; /* bits of block[buffered-1] that count, 0 = whole byte */
    uint8_t state;
} karx_lsh256_ctx;

typedef struct karx_lsh512_ctx {
    uint64_t cv[16];
    uint8_t block[KARX_LSH512_BLOCK_BYTES];
    uint32_t buffered;
    uint8_t digest_bytes;
    uint8_t partial_bits;
    uint8_t state;
} karx_lsh512_ctx;

typedef struct karx_lsh_ctx {
    union {
        karx_lsh256_ctx s256;
        karx_lsh512_ctx s512;
    } u;
    int alg;
} karx_lsh_ctx;

/* ---- LSH-256 (digest_bytes 28 or 32) ---- */
KARX_API karx_status karx_lsh256_init(karx_lsh256_ctx *ctx, size_t digest_bytes);
KARX_API karx_status karx_lsh256_update(karx_lsh256_ctx *ctx, const void *in, size_t len);
/* KISA bit-length input: the first bitlen bits of in; a final partial byte uses its high bits.
 * After a call whose bitlen is not a multiple of 8, only final is allowed. */
KARX_API karx_status karx_lsh256_update_bits(karx_lsh256_ctx *ctx, const void *in, size_t bitlen);
/* Writes digest_bytes bytes (out_len must be at least that) and wipes the context. */
KARX_API karx_status karx_lsh256_final(karx_lsh256_ctx *ctx, uint8_t *out, size_t out_len);
KARX_API karx_status karx_lsh256(uint8_t *out, size_t digest_bytes, const void *in, size_t len);

/* ---- LSH-512 (digest_bytes 28, 32, 48 or 64) ---- */
KARX_API karx_status karx_lsh512_init(karx_lsh512_ctx *ctx, size_t digest_bytes);
KARX_API karx_status karx_lsh512_update(karx_lsh512_ctx *ctx, const void *in, size_t len);
KARX_API karx_status karx_lsh512_update_bits(karx_lsh512_ctx *ctx, const void *in, size_t bitlen);
KARX_API karx_status karx_lsh512_final(karx_lsh512_ctx *ctx, uint8_t *out, size_t out_len);
KARX_API karx_status karx_lsh512(uint8_t *out, size_t digest_bytes, const void *in, size_t len);

/* ---- Many messages at once (multi-buffer SIMD: one message per lane) ----
 * Equal lengths: message i is in[i*msg_len .. +msg_len), its digest goes to
 * out[i*digest_bytes .. +digest_bytes). n = 0 is allowed. */
KARX_API karx_status karx_lsh256_many(uint8_t *out, size_t digest_bytes, const void *in,
                                      size_t msg_len, size_t n);
KARX_API karx_status karx_lsh512_many(uint8_t *out, size_t digest_bytes, const void *in,
                                      size_t msg_len, size_t n);
/* Variable lengths, pointer + length arrays (msgs[i] may be NULL only when lens[i] == 0). */
KARX_API karx_status karx_lsh256_many_ptrs(uint8_t *out, size_t digest_bytes,
                                           const uint8_t *const *msgs, const size_t *lens, size_t n);
KARX_API karx_status karx_lsh512_many_ptrs(uint8_t *out, size_t digest_bytes,
                                           const uint8_t *const *msgs, const size_t *lens, size_t n);
/* Variable lengths in one buffer: message i is buf[offsets[i] .. offsets[i+1]) (n+1 offsets,
 * non-decreasing). */
KARX_API karx_status karx_lsh256_many_offsets(uint8_t *out, size_t digest_bytes, const void *buf,
                                              const size_t *offsets, size_t n);
KARX_API karx_status karx_lsh512_many_offsets(uint8_t *out, size_t digest_bytes, const void *buf,
                                              const size_t *offsets, size_t n);

/* ---- Any variant by id ---- */
KARX_API karx_status karx_lsh_init(karx_lsh_ctx *ctx, karx_lsh_alg alg);
KARX_API karx_status karx_lsh_update(karx_lsh_ctx *ctx, const void *in, size_t len);
KARX_API karx_status karx_lsh_update_bits(karx_lsh_ctx *ctx, const void *in, size_t bitlen);
KARX_API karx_status karx_lsh_final(karx_lsh_ctx *ctx, uint8_t *out, size_t out_len);
KARX_API karx_status karx_lsh(karx_lsh_alg alg, uint8_t *out, size_t out_len, const void *in, size_t len);
KARX_API karx_status karx_lsh_many(karx_lsh_alg alg, uint8_t *out, size_t out_len, const void *in,
                                   size_t msg_len, size_t n);
KARX_API karx_status karx_lsh_many_ptrs(karx_lsh_alg alg, uint8_t *out, size_t out_len,
                                        const uint8_t *const *msgs, const size_t *lens, size_t n);

/* ---- Name registry and sizes ("lsh256-224" ... "lsh512-512"; "LSH-512-256" also accepted) ---- */
KARX_API karx_status karx_lsh_alg_from_name(const char *name, karx_lsh_alg *alg);
KARX_API const char *karx_lsh_alg_name(karx_lsh_alg alg);   /* NULL if unknown */
KARX_API size_t karx_lsh_digest_bytes(karx_lsh_alg alg);    /* 0 if unknown */
KARX_API size_t karx_lsh_block_bytes(karx_lsh_alg alg);     /* 0 if unknown */
KARX_API size_t karx_lsh256_block_bytes(void);
KARX_API size_t karx_lsh512_block_bytes(void);
KARX_API size_t karx_lsh_ctx_bytes(void);
/* The multi-buffer lane count in use for the family (1 when the back end has no lanes). */
KARX_API unsigned karx_lsh256_lanes(void);
KARX_API unsigned karx_lsh512_lanes(void);

/* ---- on a thread pool (karx/pool.h) ----
 * karx_lsh_many and karx_lsh_many_ptrs with a caller-owned pool first: the batch is cut into
 * runs of whole SIMD lane groups of at least 64 KiB of work each, hashed on the pool's threads;
 * the digests and the status are the serial call's, for any thread count (NULL pool: that
 * call). Not in the compact builds. */
KARX_API karx_status karx_lsh_many_pool(karx_pool *pool, karx_lsh_alg alg, uint8_t *out,
                                        size_t out_len, const void *in, size_t msg_len, size_t n);
KARX_API karx_status karx_lsh_many_ptrs_pool(karx_pool *pool, karx_lsh_alg alg, uint8_t *out,
                                             size_t out_len, const uint8_t *const *msgs,
                                             const size_t *lens, size_t n);

#ifdef __cplusplus
}
#endif
#endif
