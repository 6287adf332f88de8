/* karx: CCM authenticated encryption (NIST SP 800-38C) over the 128-bit-block ciphers: LEA-128,
 * LEA-192, LEA-256, CHAM-128/128 and CHAM-128/256. The 64-bit-block ciphers (HIGHT, CHAM-64/128)
 * have no CCM: KARX_ERR_UNSUPPORTED.
 *
 * Parameters (all public):
 *  - nonce: 7 to 13 bytes, else KARX_ERR_IV_LENGTH. It must never repeat under one key.
 *  - tag: 4, 6, 8, 10, 12, 14 or 16 bytes, else KARX_ERR_ARGUMENT (on both encrypt and decrypt).
 *  - payload: len < 2^(8q) bytes with q = 15 - nonce_len (nonce 13: at most 65535 bytes; nonce 7:
 *    no limit), else KARX_ERR_DATA_LENGTH; karx_ccm_max_payload_bytes() gives the bound.
 *  - aad: any length (encoded with the 2-, 6- or 10-byte length prefix of SP 800-38C A.2.2).
 * NULL is allowed for aad / in / out when their length is 0; nonce and tag are never NULL.
 * out == in (exactly in place) is allowed; other overlaps are not. Argument errors are found
 * before anything is written.
 *
 * Decryption (karx_ccm_open / karx_ccm_decrypt) verifies before it writes: a first pass
 * decrypts the ciphertext chunk by chunk into a small internal buffer only to recompute the tag,
 * which is compared in constant time; only if it matches does a second CTR pass write the
 * plaintext into out. On a mismatch out holds no plaintext at any time: all len bytes of it are
 * zero-filled and KARX_ERR_AUTHENTICATION is returned (a caller who ignores the status reads
 * zeros). In place (out == in) the ciphertext is then lost too; keep a copy if you need it after
 * a failure. On an argument error nothing is written.
 *
 * The seal / open forms take a key scheduled once with karx_cipher_set_key (cipher.h), for
 * servers that handle many messages under one key; the encrypt / decrypt one-shots schedule the
 * key, call them and wipe it. */
#ifndef KARX_CCM_H
#define KARX_CCM_H

#include "cipher.h"
#include "common.h"
#include "pool.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_CCM_BLOCK_BYTES 16
#define KARX_CCM_NONCE_MIN_BYTES 7
#define KARX_CCM_NONCE_MAX_BYTES 13
#define KARX_CCM_TAG_MIN_BYTES 4
#define KARX_CCM_TAG_MAX_BYTES 16

KARX_API size_t karx_ccm_nonce_min_bytes(void);
KARX_API size_t karx_ccm_nonce_max_bytes(void);
KARX_API size_t karx_ccm_tag_min_bytes(void);
KARX_API size_t karx_ccm_tag_max_bytes(void);
/* The longest payload a nonce length allows (2^(8q) - 1, capped at SIZE_MAX); 0 for a nonce
 * length outside 7..13. */
KARX_API size_t karx_ccm_max_payload_bytes(size_t nonce_len);

/* Encrypts len bytes of in into out (len bytes) and writes tag_len bytes of tag. key is from
 * karx_cipher_set_key: NULL is KARX_ERR_ARGUMENT, a key never set or wiped KARX_ERR_STATE, a
 * 64-bit-block cipher KARX_ERR_UNSUPPORTED. */
KARX_API karx_status karx_ccm_seal(const karx_cipher_key *key, const uint8_t *nonce,
                                   size_t nonce_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                   const uint8_t *in, size_t len, const uint8_t *aad,
                                   size_t aad_len);
/* Verifies, then decrypts: KARX_OK with the plaintext in out, or KARX_ERR_AUTHENTICATION with out
 * zero-filled and no plaintext written to it at any point (see above). Other errors as for
 * karx_ccm_seal, with nothing written. */
KARX_API karx_status karx_ccm_open(const karx_cipher_key *key, const uint8_t *nonce,
                                   size_t nonce_len, uint8_t *out, const uint8_t *tag,
                                   size_t tag_len, const uint8_t *in, size_t len,
                                   const uint8_t *aad, size_t aad_len);

/* One-shots by cipher id: KARX_ERR_UNKNOWN_ALGORITHM for an unknown id, KARX_ERR_KEY_LENGTH for
 * a key of the wrong length, otherwise as karx_ccm_seal / karx_ccm_open. */
KARX_API karx_status karx_ccm_encrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                                      uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                                      const uint8_t *aad, size_t aad_len);
KARX_API karx_status karx_ccm_decrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                                      const uint8_t *tag, size_t tag_len, const uint8_t *in,
                                      size_t len, const uint8_t *aad, size_t aad_len);

/* ---- streaming: AAD and payload in any pieces ----
 * CCM puts the payload and AAD lengths in its first MAC block, so both are declared at init and
 * the calls must then supply exactly that many bytes; the tag length is fixed at init too.
 * Caller-allocated and copyable; fields are private. Order: init, karx_ccm_aad until the declared
 * AAD is in, karx_ccm_update until the declared payload is in, then karx_ccm_final (encryption)
 * or karx_ccm_final_verify (decryption), which wipe the context on success.
 *  - More AAD or payload than declared, payload before all the declared AAD, or final / verify
 *    before all of both: KARX_ERR_DATA_LENGTH, nothing written and the context unchanged.
 *  - An AAD call after payload, any call after the end or on an unset context, final on a
 *    decryption context or verify on an encryption one: KARX_ERR_STATE.
 *  - A tag_len other than the one given to init, or NULL: KARX_ERR_ARGUMENT, context unchanged.
 *  - init: the statuses of karx_ccm_seal (nonce, tag length, payload bound); a failed init
 *    leaves ctx wiped. aad_len and len are 64-bit so a stream may exceed size_t.
 * WARNING: streaming decryption (karx_ccm_update on a KARX_DECRYPT context) writes plaintext
 * before the tag is checked. The caller must not use, show or keep any of it unless
 * karx_ccm_final_verify returns KARX_OK (write it to a temporary file and discard it otherwise).
 * Prefer karx_ccm_open when the message fits in memory: it never releases unverified plaintext. */
typedef struct karx_ccm_ctx {
    karx_cipher_key key;
    uint8_t x[16];    /* CBC-MAC chaining value */
    uint8_t ctr[16];  /* the next counter block */
    uint8_t s0[16];   /* E(A_0), masks the tag */
    uint8_t ks[16];   /* keystream of the current partial payload block */
    uint8_t part[16]; /* bytes of the current partial MAC block */
    uint64_t aad_left, len_left;
    uint32_t used;    /* bytes in part */
    uint32_t tag_len;
    uint32_t encrypt; /* KARX_ENCRYPT / KARX_DECRYPT */
    uint32_t state;   /* 0 unset, 1 AAD, 2 payload */
} karx_ccm_ctx;

KARX_API karx_status karx_ccm_init(karx_ccm_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                                   size_t key_len, int encrypt, const uint8_t *nonce,
                                   size_t nonce_len, uint64_t aad_len, uint64_t len,
                                   size_t tag_len);
/* The same from a scheduled key (copied into ctx). */
KARX_API karx_status karx_ccm_init_key(karx_ccm_ctx *ctx, const karx_cipher_key *key,
                                       int encrypt, const uint8_t *nonce, size_t nonce_len,
                                       uint64_t aad_len, uint64_t len, size_t tag_len);
KARX_API karx_status karx_ccm_aad(karx_ccm_ctx *ctx, const uint8_t *aad, size_t aad_len);
/* Writes exactly len bytes to out (ciphertext when encrypting, UNVERIFIED plaintext when
 * decrypting); out == in allowed. */
KARX_API karx_status karx_ccm_update(karx_ccm_ctx *ctx, uint8_t *out, const uint8_t *in,
                                     size_t len);
/* Encryption: writes tag_len bytes of tag and wipes ctx. */
KARX_API karx_status karx_ccm_final(karx_ccm_ctx *ctx, uint8_t *tag, size_t tag_len);
/* Decryption: KARX_OK if tag matches (constant-time compare), else KARX_ERR_AUTHENTICATION;
 * wipes ctx either way. Only KARX_OK makes the plaintext from karx_ccm_update usable. */
KARX_API karx_status karx_ccm_final_verify(karx_ccm_ctx *ctx, const uint8_t *tag, size_t tag_len);
KARX_API void karx_ccm_ctx_wipe(karx_ccm_ctx *ctx);

/* ---- record jobs: many records, each under its own key (issue 26) ----
 * A karx_ccm_key is a session key for the job calls: the cipher key as given (which the job
 * kernels schedule in their SIMD lanes, so a record touches the first cache line of it) and its
 * schedule (cipher, for karx_ccm_seal / karx_ccm_open and the jobs that run without lanes). Set
 * it once per session with karx_ccm_set_key and use it from any number of threads; copyable;
 * fields are private. set_key: KARX_ERR_ARGUMENT (NULL), KARX_ERR_UNKNOWN_ALGORITHM,
 * KARX_ERR_UNSUPPORTED (a 64-bit-block cipher), KARX_ERR_KEY_LENGTH; a failed call leaves ck
 * wiped. */
typedef struct karx_ccm_key {
    uint32_t ready;   /* 1 once set */
    uint32_t raw_len; /* bytes of raw */
    uint8_t raw[32];  /* the cipher key as given to karx_ccm_set_key */
    uint32_t alg;     /* karx_cipher_alg: a job reads this line only */
    uint32_t reserved;
    karx_cipher_key cipher;
} karx_ccm_key;

KARX_API karx_status karx_ccm_set_key(karx_ccm_key *ck, karx_cipher_alg alg, const uint8_t *key,
                                      size_t key_len);
KARX_API void karx_ccm_key_wipe(karx_ccm_key *ck);

/* CCM is a CBC-MAC chain within a record, so one record cannot fill SIMD lanes; the job calls
 * take a batch of records and run a record per lane (its CBC-MAC, one block per kernel call),
 * each lane scheduling its own job's key, a lane refilled as its job ends; the counter-mode part
 * then runs as CTR jobs (karx_ctr_jobs, many blocks per lane per call). Any mix of keys, ciphers,
 * nonce lengths, record lengths and tag lengths is allowed; the results equal a loop of
 * karx_ccm_seal / karx_ccm_open over each key's cipher field. karx_ccm_open_jobs verifies before
 * it writes, as karx_ccm_open does: the lanes first recompute every tag (the plaintext stays in
 * the lanes), then the records whose tag matched are decrypted into out.
 *
 * Every job gets a status, as the one-record calls would give it (key NULL KARX_ERR_ARGUMENT, a
 * key never set KARX_ERR_STATE, a bad nonce length KARX_ERR_IV_LENGTH, a bad tag length or a
 * NULL pointer KARX_ERR_ARGUMENT, a too-long record KARX_ERR_DATA_LENGTH), plus
 * KARX_ERR_ARGUMENT for in and out overlapping other than exactly or the tag overlapping either,
 * and KARX_ERR_AUTHENTICATION for a forged tag, with that job's out zero-filled. A job that
 * fails a check writes nothing; the other jobs still complete. The call returns KARX_OK when
 * every job succeeded, else the first failing job's status; n = 0 is KARX_OK, jobs NULL with
 * n > 0 KARX_ERR_ARGUMENT with no job touched. Jobs must not write into each other's buffers. */
typedef struct karx_ccm_job {
    const karx_ccm_key *key;
    const uint8_t *nonce;
    size_t nonce_len;
    const uint8_t *aad;
    size_t aad_len;
    const uint8_t *in;
    uint8_t *out;
    size_t len;
    uint8_t *tag; /* seal writes it, open checks it */
    size_t tag_len;
    karx_status status; /* set for every job */
} karx_ccm_job;

KARX_API karx_status karx_ccm_seal_jobs(karx_ccm_job *jobs, size_t n);
KARX_API karx_status karx_ccm_open_jobs(karx_ccm_job *jobs, size_t n);
/* The same on a thread pool (pool.h; NULL = this thread): the jobs are split over the threads. */
KARX_API karx_status karx_ccm_seal_jobs_pool(karx_pool *pool, karx_ccm_job *jobs, size_t n);
KARX_API karx_status karx_ccm_open_jobs_pool(karx_pool *pool, karx_ccm_job *jobs, size_t n);

#ifdef __cplusplus
}
#endif
#endif
