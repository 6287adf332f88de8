/* karx: GCM authenticated encryption (NIST SP 800-38D) over the 128-bit-block ciphers: LEA-128,
 * LEA-192, LEA-256, CHAM-128/128 and CHAM-128/256. The 64-bit-block ciphers (HIGHT, CHAM-64/128)
 * have no GCM: KARX_ERR_UNSUPPORTED.
 *
 * Parameters (all public):
 *  - iv: any length from 1 byte (12 bytes is the fast and recommended case: J0 = IV || 0^31 || 1;
 *    other lengths go through GHASH), below 2^61 bytes; 0 is KARX_ERR_IV_LENGTH. An IV must never
 *    repeat under one key.
 *  - tag: 4, 8, 12, 13, 14, 15 or 16 bytes (the SP 800-38D set; 4 and 8 only within the limits of
 *    its Appendix C), else KARX_ERR_ARGUMENT on both seal and open.
 *  - payload: at most 2^36 - 32 bytes (KARX_GCM_MAX_PAYLOAD_BYTES), else KARX_ERR_DATA_LENGTH;
 *    aad: below 2^61 bytes, else KARX_ERR_DATA_LENGTH.
 * NULL is allowed for aad / in / out when their length is 0; iv and tag are never NULL.
 * out == in (exactly in place) is allowed; other overlaps are not. Argument errors are found
 * before anything is written.
 *
 * Decryption (karx_gcm_open / karx_gcm_decrypt) hashes and decrypts in one pass (each chunk's
 * ciphertext is hashed before it is decrypted) and compares the tag in constant time before it
 * returns. On a mismatch it returns KARX_ERR_AUTHENTICATION and zero-fills out (len bytes)
 * before returning, so no plaintext is ever released and a caller who ignores the status reads
 * zeros. In place (out == in) the ciphertext is then lost too. While the call runs, out belongs
 * to it.
 *
 * karx_gcm_key holds a scheduled cipher key plus H and its powers (for the aggregated
 * PCLMULQDQ GHASH and the stitched kernel); set it once per key and use it from any number of
 * threads. Under the avx2 back end on a CPU with VPCLMULQDQ, CTR and GHASH run stitched in one
 * pass over the data. Otherwise GHASH follows the active back end (cpu.h): VPCLMULQDQ (32 blocks per reduction) under avx512 when the CPU has
 * it, PCLMULQDQ (16 blocks per reduction) under sse2..avx2 (or avx512 without VPCLMULQDQ), and a
 * constant-time portable multiply without tables under portable or without PCLMULQDQ. The CTR
 * part runs on the active back end's karx_ctr_xor kernels.
 *
 * Side channels: GHASH and the tag check are constant time. The counter blocks are treated as
 * public (as in other libraries): the split at the 32-bit counter wrap depends on J0, which for
 * IVs other than 12 bytes is derived from H. Use 12-byte IVs where that matters. */
#ifndef KARX_GCM_H
#define KARX_GCM_H

#include "cipher.h"
#include "common.h"
#include "pool.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_GCM_BLOCK_BYTES 16
#define KARX_GCM_IV_BYTES 12 /* the recommended IV length */
#define KARX_GCM_TAG_MIN_BYTES 4
#define KARX_GCM_TAG_MAX_BYTES 16
#define KARX_GCM_MAX_PAYLOAD_BYTES ((uint64_t)68719476704u) /* 2^36 - 32 */

KARX_API size_t karx_gcm_block_bytes(void);
KARX_API size_t karx_gcm_iv_bytes(void);
KARX_API size_t karx_gcm_tag_min_bytes(void);
KARX_API size_t karx_gcm_tag_max_bytes(void);
/* 2^36 - 32, capped at SIZE_MAX. */
KARX_API size_t karx_gcm_max_payload_bytes(void);
/* 1 if tag_len is accepted (4, 8, 12..16), else 0. */
KARX_API int karx_gcm_tag_len_ok(size_t tag_len);

/* A scheduled key; fields are private. Copyable; wipe with karx_gcm_key_wipe. Per session:
 * sizeof(karx_gcm_key) bytes, 1,336 on x86-64 (was 2,360 with the stitched kernel's table,
 * now built per call for long messages). A record job touches its first two cache lines (the
 * cipher key as given, which the job kernels schedule in their SIMD lanes, and H .. H^4); one
 * karx_gcm_seal of a short record touches those, the powers of H its GHASH call needs and the
 * cipher schedule (docs/API.md, "Record jobs"). */
typedef struct karx_gcm_key {
    uint32_t ready;        /* 1 once set */
    uint32_t raw_len;      /* bytes of raw */
    uint32_t alg;          /* cipher.alg, here too: a record job reads only these first lines */
    uint32_t reserved;     /* zero */
    uint8_t raw[32];       /* the cipher key as given to karx_gcm_set_key */
    uint64_t htab[64];     /* H^1 .. H^32 */
    karx_cipher_key cipher;
} karx_gcm_key;

/* KARX_ERR_UNKNOWN_ALGORITHM, KARX_ERR_UNSUPPORTED (64-bit block), KARX_ERR_KEY_LENGTH,
 * KARX_ERR_ARGUMENT (NULL). A failed call leaves gk wiped. */
KARX_API karx_status karx_gcm_set_key(karx_gcm_key *gk, karx_cipher_alg alg, const uint8_t *key,
                                      size_t key_len);
KARX_API void karx_gcm_key_wipe(karx_gcm_key *gk);

/* Encrypts len bytes of in into out (len bytes) and writes tag_len bytes of tag. gk NULL is
 * KARX_ERR_ARGUMENT, a key never set or wiped KARX_ERR_STATE. */
KARX_API karx_status karx_gcm_seal(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len,
                                   uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *in,
                                   size_t len, const uint8_t *aad, size_t aad_len);
/* Verifies, then decrypts: KARX_OK with the plaintext in out, or KARX_ERR_AUTHENTICATION with
 * out zero-filled. Other errors as for karx_gcm_seal. */
KARX_API karx_status karx_gcm_open(const karx_gcm_key *gk, const uint8_t *iv, size_t iv_len,
                                   uint8_t *out, const uint8_t *tag, size_t tag_len,
                                   const uint8_t *in, size_t len, const uint8_t *aad,
                                   size_t aad_len);

/* karx_gcm_seal / karx_gcm_open on a caller-owned thread pool (pool.h; NULL = this thread
 * only): the counter stream and GHASH are split into ranges of the data, each range's partial
 * GHASH is carried to the end with a power of H, and the result (ciphertext, plaintext, tag,
 * status, the zero-filled output on KARX_ERR_AUTHENTICATION) is identical to the serial call's
 * for any thread count. Arguments and errors as for karx_gcm_seal / karx_gcm_open. Not in the
 * compact (MCU) builds. */
KARX_API karx_status karx_gcm_seal_pool(karx_pool *pool, const karx_gcm_key *gk,
                                        const uint8_t *iv, size_t iv_len, uint8_t *out,
                                        uint8_t *tag, size_t tag_len, const uint8_t *in,
                                        size_t len, const uint8_t *aad, size_t aad_len);
KARX_API karx_status karx_gcm_open_pool(karx_pool *pool, const karx_gcm_key *gk,
                                        const uint8_t *iv, size_t iv_len, uint8_t *out,
                                        const uint8_t *tag, size_t tag_len, const uint8_t *in,
                                        size_t len, const uint8_t *aad, size_t aad_len);

/* One-shots by cipher id: schedule the key, call seal / open, wipe the key. */
KARX_API karx_status karx_gcm_encrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *iv, size_t iv_len, uint8_t *out, uint8_t *tag,
                                      size_t tag_len, const uint8_t *in, size_t len,
                                      const uint8_t *aad, size_t aad_len);
KARX_API karx_status karx_gcm_decrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *iv, size_t iv_len, uint8_t *out,
                                      const uint8_t *tag, size_t tag_len, const uint8_t *in,
                                      size_t len, const uint8_t *aad, size_t aad_len);

/* ---- streaming: AAD and data in any pieces ----
 * Caller-allocated and copyable; fields are private. Order: init, any number of karx_gcm_aad,
 * any number of karx_gcm_update, then karx_gcm_final (encryption) or karx_gcm_final_verify
 * (decryption), which wipe the context. An AAD call after data, a call after the end or on an
 * unset context is KARX_ERR_STATE; more than the payload / AAD limit is KARX_ERR_DATA_LENGTH
 * (nothing is written and the context is unchanged). A failed init leaves ctx wiped.
 * WARNING: streaming decryption writes plaintext before the tag is checked; the caller must
 * discard all of it unless karx_gcm_final_verify returns KARX_OK. Prefer karx_gcm_open when the
 * message fits in memory. */
typedef struct karx_gcm_ctx {
    karx_gcm_key key;
    uint8_t j0[16], ctr[16], y[16];
    uint8_t ks[16];   /* keystream of the current partial data block */
    uint8_t part[16]; /* bytes of the current partial AAD or ciphertext block */
    uint64_t aad_len, len;
    uint32_t used;    /* bytes in part */
    uint32_t encrypt; /* KARX_ENCRYPT / KARX_DECRYPT */
    uint32_t state;   /* 0 unset, 1 AAD, 2 data */
    uint32_t secret_ctr; /* 1: J0 came from GHASH (IV not 12 bytes), so the counter is secret */
} karx_gcm_ctx;

KARX_API karx_status karx_gcm_init(karx_gcm_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                                   size_t key_len, int encrypt, const uint8_t *iv, size_t iv_len);
/* The same from a scheduled key (copied into ctx). */
KARX_API karx_status karx_gcm_init_key(karx_gcm_ctx *ctx, const karx_gcm_key *gk, int encrypt,
                                       const uint8_t *iv, size_t iv_len);
KARX_API karx_status karx_gcm_aad(karx_gcm_ctx *ctx, const uint8_t *aad, size_t aad_len);
/* Writes exactly len bytes to out (ciphertext when encrypting, unverified plaintext when
 * decrypting); out == in allowed. */
KARX_API karx_status karx_gcm_update(karx_gcm_ctx *ctx, uint8_t *out, const uint8_t *in,
                                     size_t len);
/* Encryption: writes the tag (tag_len as for karx_gcm_seal) and wipes ctx. KARX_ERR_STATE on a
 * decryption context. KARX_ERR_ARGUMENT (bad tag_len / NULL) changes nothing. */
KARX_API karx_status karx_gcm_final(karx_gcm_ctx *ctx, uint8_t *tag, size_t tag_len);
/* Decryption: KARX_OK if tag matches (constant-time), else KARX_ERR_AUTHENTICATION; wipes ctx.
 * KARX_ERR_STATE on an encryption context. */
KARX_API karx_status karx_gcm_final_verify(karx_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len);
KARX_API void karx_gcm_ctx_wipe(karx_gcm_ctx *ctx);

/* ---- record jobs: many records, each under its own key (docs/API.md, "When to batch") ----
 * A server with many sessions seals one small record per session at a time. The job calls take
 * a batch of such records and run them in the lanes of one SIMD kernel: each lane schedules its
 * own job's key, so 16 records of 64 bytes fill the 16 lanes of the AVX-512 LEA kernel where one
 * karx_gcm_seal of 64 bytes would fill 4. Any mix of keys, ciphers, IV lengths, record lengths
 * and tag lengths is allowed; the results equal a loop of karx_gcm_seal / karx_gcm_open.
 *
 * Every job gets a status (KARX_OK, or why it failed: NULL key or pointer KARX_ERR_ARGUMENT, a
 * key never set KARX_ERR_STATE, a bad IV length KARX_ERR_IV_LENGTH, a bad tag length or in/out
 * overlapping other than exactly KARX_ERR_ARGUMENT, a too-long record KARX_ERR_DATA_LENGTH, a
 * forged tag KARX_ERR_AUTHENTICATION with out zero-filled). The other jobs still complete. The
 * call returns KARX_OK when every job succeeded, else the first failing job's status; jobs NULL
 * with n > 0 is KARX_ERR_ARGUMENT with no job touched. Jobs must not write into each other's
 * buffers. */
typedef struct karx_gcm_job {
    const karx_gcm_key *key;
    const uint8_t *iv;
    size_t iv_len;
    const uint8_t *aad;
    size_t aad_len;
    const uint8_t *in;
    uint8_t *out;
    size_t len;
    uint8_t *tag;   /* seal writes it, open checks it */
    size_t tag_len;
    karx_status status; /* set for every job */
} karx_gcm_job;

KARX_API karx_status karx_gcm_seal_jobs(karx_gcm_job *jobs, size_t n);
KARX_API karx_status karx_gcm_open_jobs(karx_gcm_job *jobs, size_t n);
/* The same on a thread pool (pool.h; NULL = this thread): the jobs are split over the threads. */
KARX_API karx_status karx_gcm_seal_jobs_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n);
KARX_API karx_status karx_gcm_open_jobs_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n);

#ifdef __cplusplus
}
#endif
#endif
