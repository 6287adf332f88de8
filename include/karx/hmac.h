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
#include "pool.h"

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

/* ---- record jobs: many messages, each under its own key (issue 26) ----
 * For a server that authenticates one message per tenant or device at a time: a batch of jobs,
 * each with its own key, runs in the lanes of the LSH multi-buffer kernel (one lane per job, a
 * lane refilled as its job ends; LSH-256 and LSH-512 jobs go to their own kernels). A job gives
 * its key either as a keyed context (ctx: from karx_hmac_lsh_init, read and not changed, so the
 * key is processed once per session and one context serves any number of batches and threads;
 * data fed to it before must be whole LSH blocks, as for karx_hmac_lsh_many_ctx) or, with ctx
 * NULL, as given (alg, key, key_len: keyed in the job's lane, which costs two more compressions
 * than a keyed context, more for keys longer than a block, which are hashed first). Any mix of variants and lengths is
 * allowed; the tags equal karx_hmac_lsh's (and karx_hmac_lsh_verify's results).
 *
 * tag_len: karx_hmac_lsh_jobs writes the leading min(tag_len, digest) bytes of the tag (a
 * truncated tag for tag_len below the digest; tag_len below karx_hmac_lsh_min_tag_bytes is
 * KARX_ERR_OUTPUT_LENGTH); karx_hmac_lsh_verify_jobs compares tag_len bytes in constant time,
 * tag_len in [karx_hmac_lsh_min_tag_bytes, digest] as for karx_hmac_lsh_verify.
 *
 * Every job gets a status: KARX_OK; KARX_ERR_ARGUMENT (tag NULL, msg NULL with len > 0, key
 * NULL with key_len > 0, a verify tag_len out of range); KARX_ERR_UNKNOWN_ALGORITHM (ctx NULL and
 * alg unknown); KARX_ERR_STATE (a context never keyed, finalised or wiped, or holding a partial
 * block); KARX_ERR_OUTPUT_LENGTH (see tag_len); KARX_ERR_AUTHENTICATION (verify: a tag that does
 * not match). A failing job writes nothing; the others still complete. The call returns KARX_OK
 * when every job succeeded, else the first failing job's status; n = 0 is KARX_OK, jobs NULL with
 * n > 0 KARX_ERR_ARGUMENT with no job touched. Jobs must not write into each other's buffers (a
 * tag may overlap its own message: the message is read before the tag is written). */
typedef struct karx_hmac_lsh_job {
    const karx_hmac_lsh_ctx *ctx; /* a keyed context, or NULL for alg / key / key_len */
    karx_lsh_alg alg;
    const void *key;
    size_t key_len;
    const uint8_t *msg;
    size_t len;
    uint8_t *tag; /* karx_hmac_lsh_jobs writes it, karx_hmac_lsh_verify_jobs checks it */
    size_t tag_len;
    karx_status status; /* set for every job */
} karx_hmac_lsh_job;

KARX_API karx_status karx_hmac_lsh_jobs(karx_hmac_lsh_job *jobs, size_t n);
KARX_API karx_status karx_hmac_lsh_verify_jobs(karx_hmac_lsh_job *jobs, size_t n);
/* The same on a thread pool (pool.h; NULL = this thread): the jobs are split over the threads. */
KARX_API karx_status karx_hmac_lsh_jobs_pool(karx_pool *pool, karx_hmac_lsh_job *jobs, size_t n);
KARX_API karx_status karx_hmac_lsh_verify_jobs_pool(karx_pool *pool, karx_hmac_lsh_job *jobs,
                                                    size_t n);

#ifdef __cplusplus
}
#endif
#endif
