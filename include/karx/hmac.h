/* karx: HMAC over the LSH family (RFC 2104 / KS X ISO/IEC 9797-2) and PBKDF2-HMAC-LSH
 * (RFC 8018 section 5.2), for all six LSH variants, chosen by karx_lsh_alg.
 *
 * Block size B is the LSH block (128 bytes for LSH-256-*, 256 for LSH-512-*); the tag is the
 * variant's full digest (28, 32, 48 or 64 bytes). Keys of any length are accepted, including
 * empty ones; a key longer than B is hashed first with the same variant. */
#ifndef KARX_HMAC_H
#define KARX_HMAC_H

#include "common.h"
#include "lsh.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_HMAC_LSH_MAX_BYTES KARX_LSH_MAX_DIGEST_BYTES /* largest tag (HMAC-LSH-512-512) */

/* Caller-allocated, copyable (copy = fork). Holds the hash state keyed with K^ipad (inner, then
 * fed the message) and the state keyed with K^opad, precomputed at init so final costs one more
 * compression. Treat fields as private; final and wipe zero the whole struct. */
typedef struct karx_hmac_lsh_ctx {
    karx_lsh_ctx inner;
    karx_lsh_ctx outer;
    int alg; /* 0 when not keyed (never initialised, finalised or wiped) */
} karx_hmac_lsh_ctx;

/* Keys the context. key may be NULL when key_len is 0. KARX_ERR_UNKNOWN_ALGORITHM for an alg
 * outside karx_lsh_alg (the context is then wiped). */
KARX_API karx_status karx_hmac_lsh_init(karx_hmac_lsh_ctx *ctx, karx_lsh_alg alg, const void *key,
                                        size_t key_len);
KARX_API karx_status karx_hmac_lsh_update(karx_hmac_lsh_ctx *ctx, const void *in, size_t len);
/* Writes the digest-length tag. out_len smaller than the tag: KARX_ERR_OUTPUT_LENGTH and the
 * context stays usable. On success the context is wiped (a later update is KARX_ERR_STATE). */
KARX_API karx_status karx_hmac_lsh_final(karx_hmac_lsh_ctx *ctx, uint8_t *out, size_t out_len);
/* Like final, but compares the tag with the given one in constant time: KARX_OK or
 * KARX_ERR_AUTHENTICATION (tag_len rules as for karx_hmac_lsh_verify). Wipes the context. */
KARX_API karx_status karx_hmac_lsh_final_verify(karx_hmac_lsh_ctx *ctx, const uint8_t *tag,
                                                size_t tag_len);
KARX_API void karx_hmac_lsh_ctx_wipe(karx_hmac_lsh_ctx *ctx);

/* One-shot: out_len >= karx_hmac_lsh_bytes(alg); exactly that many bytes are written. */
KARX_API karx_status karx_hmac_lsh(karx_lsh_alg alg, const void *key, size_t key_len, uint8_t *out,
                                   size_t out_len, const void *in, size_t len);

/* Recomputes the tag and compares it in constant time: KARX_OK or KARX_ERR_AUTHENTICATION.
 * Truncated tags (the leading tag_len bytes) are accepted down to the RFC 2104 bound,
 * karx_hmac_lsh_min_tag_bytes(alg) = max(10, digest/2) bytes (80 bits and half the output):
 * 14 for *-224, 16 for *-256, 24 for LSH-512-384, 32 for LSH-512-512. A tag_len outside
 * [min, digest] is KARX_ERR_ARGUMENT (the length is public, so this leaks nothing). */
KARX_API karx_status karx_hmac_lsh_verify(karx_lsh_alg alg, const void *key, size_t key_len,
                                          const uint8_t *tag, size_t tag_len, const void *in,
                                          size_t len);

/* Sizes: the tag length (0 if alg is unknown), the shortest tag verify accepts, the context. */
KARX_API size_t karx_hmac_lsh_bytes(karx_lsh_alg alg);
KARX_API size_t karx_hmac_lsh_min_tag_bytes(karx_lsh_alg alg);
KARX_API size_t karx_hmac_lsh_ctx_bytes(void);

/* Name registry: "hmac-lsh256-224" ... "hmac-lsh512-512" (the standard's "HMAC-LSH-512-256"
 * spelling also works). karx_hmac_name returns the first form, NULL for an unknown alg. */
KARX_API karx_status karx_hmac_from_name(const char *name, karx_lsh_alg *alg);
KARX_API const char *karx_hmac_name(karx_lsh_alg alg);

/* PBKDF2 (RFC 8018) with PRF = HMAC-LSH-<alg>: out_len bytes of key from password and salt.
 * password / salt may be NULL when their length is 0. iterations >= 1 (0 is KARX_ERR_ARGUMENT);
 * 1 <= out_len <= (2^32 - 1) * hLen, else KARX_ERR_OUTPUT_LENGTH. The password is keyed once:
 * each iteration forks the precomputed inner/outer states and costs two LSH compressions. Bad
 * arguments are found before anything is written (out is then untouched). */
KARX_API karx_status karx_pbkdf2_hmac_lsh(karx_lsh_alg alg, const void *password,
                                          size_t password_len, const void *salt, size_t salt_len,
                                          uint32_t iterations, uint8_t *out, size_t out_len);

/* ---- many messages under one key (issue 18) ----
 * The tag of msgs[i] (lens[i] bytes; NULL allowed when 0) goes to tags + i * tag_len: the
 * digest-length tag, as karx_hmac_lsh writes it (tag_len must be at least the digest length,
 * else KARX_ERR_OUTPUT_LENGTH; bytes past the digest are left alone). The inner hashes of many
 * messages, and then their outer hashes, run in the lanes of the LSH multi-buffer kernel.
 * Errors as karx_hmac_lsh; on an error nothing is written. */
KARX_API karx_status karx_hmac_lsh_many(karx_lsh_alg alg, const void *key, size_t key_len,
                                        uint8_t *tags, size_t tag_len,
                                        const uint8_t *const *msgs, const size_t *lens, size_t n);
/* The same over a keyed context (karx_hmac_lsh_init), read and not changed, so one keyed context
 * serves many calls: tag i is that of the context forked, fed msgs[i], and finalised. Data fed
 * to the context before must be whole LSH blocks (else KARX_ERR_STATE); a context never fed
 * any always qualifies. */
KARX_API karx_status karx_hmac_lsh_many_ctx(const karx_hmac_lsh_ctx *ctx, uint8_t *tags,
                                            size_t tag_len, const uint8_t *const *msgs,
                                            const size_t *lens, size_t n);

#ifdef __cplusplus
}
#endif
#endif
