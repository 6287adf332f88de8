/* karx: block ciphers by id (LEA, HIGHT, revised CHAM, ARIA) and their modes of operation: ECB,
 * CBC (PKCS#7 or no padding), CTR, CFB (full block, 8-bit and 64-bit segments) and OFB.
 *
 * Three layers:
 *  - karx_cipher_key: a scheduled key of any of the ciphers, and single-block calls;
 *  - stateless mode calls (karx_ecb_*, karx_cbc_*, karx_ctr_xor, karx_cfb_*, karx_ofb_xor) over
 *    such a key, which carry the IV / counter in the caller's buffer from call to call;
 *  - a streaming context (karx_cipher_init/update/final) with padding and any split of the data,
 *    and one-shot karx_cipher_encrypt / karx_cipher_decrypt.
 * Buffers may be unaligned; out == in (exactly in place) is allowed everywhere, other overlaps
 * are not. The fast back ends (cpu.h) run ECB, CTR, CBC decryption and CFB decryption on many
 * blocks at once. */
#ifndef KARX_CIPHER_H
#define KARX_CIPHER_H

#include "aria.h"
#include "cham.h"
#include "common.h"
#include "hight.h"
#include "lea.h"
#include "pool.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum karx_cipher_alg {
    KARX_CIPHER_LEA128 = 1,
    KARX_CIPHER_LEA192 = 2,
    KARX_CIPHER_LEA256 = 3,
    KARX_CIPHER_HIGHT = 4,
    KARX_CIPHER_CHAM64_128 = 5,
    KARX_CIPHER_CHAM128_128 = 6,
    KARX_CIPHER_CHAM128_256 = 7,
    KARX_CIPHER_ARIA128 = 8,
    KARX_CIPHER_ARIA192 = 9,
    KARX_CIPHER_ARIA256 = 10
} karx_cipher_alg;
#define KARX_CIPHER_FIRST 1
#define KARX_CIPHER_LAST 10

typedef enum karx_mode {
    KARX_MODE_ECB = 1,
    KARX_MODE_CBC = 2,
    KARX_MODE_CTR = 3,
    KARX_MODE_CFB = 4,   /* full-block segments (CFB-128 for LEA/CHAM-128, CFB-64 for 64-bit blocks) */
    KARX_MODE_CFB8 = 5,  /* 8-bit segments */
    KARX_MODE_CFB64 = 6, /* 64-bit segments */
    KARX_MODE_OFB = 7
} karx_mode;
#define KARX_MODE_FIRST 1
#define KARX_MODE_LAST 7

#define KARX_MAX_BLOCK_BYTES 16
#define KARX_MAX_KEY_BYTES 32

/* Padding for ECB and CBC (ignored by the stream modes). */
#define KARX_PAD_NONE 0
#define KARX_PAD_PKCS7 1

#define KARX_DECRYPT 0
#define KARX_ENCRYPT 1

/* ---- names and sizes ---- */
/* "lea128" "lea192" "lea256" "hight" "cham64-128" "cham128-128" "cham128-256" "aria128"
 * "aria192" "aria256"; also accepted, in any case: "LEA-128", "CHAM-64/128", "CHAM128/256",
 * "ARIA-256" and the like. */
KARX_API karx_status karx_cipher_from_name(const char *name, karx_cipher_alg *out);
KARX_API const char *karx_cipher_name(karx_cipher_alg alg);       /* NULL if unknown */
KARX_API size_t karx_cipher_block_bytes(karx_cipher_alg alg);     /* 0 if unknown */
KARX_API size_t karx_cipher_key_bytes(karx_cipher_alg alg);       /* 0 if unknown */
/* "ecb" "cbc" "ctr" "cfb" (also "cfb128") "cfb8" "cfb64" "ofb". */
KARX_API karx_status karx_mode_from_name(const char *name, karx_mode *out);
KARX_API const char *karx_mode_name(karx_mode mode);
/* IV bytes a mode needs with a cipher (0 for ECB; the block size otherwise); 0 also when the pair
 * is not supported (CFB-64 needs a block of at least 64 bits, which every cipher here has). */
KARX_API size_t karx_mode_iv_bytes(karx_cipher_alg alg, karx_mode mode);

/* ---- a scheduled key of any cipher ---- */
typedef struct karx_cipher_key {
    union {
        karx_lea_key lea;
        karx_hight_key hight;
        karx_cham64_key cham64;
        karx_cham128_key cham128;
        karx_aria_key aria;
    } u;
    uint32_t alg; /* karx_cipher_alg, 0 when no key is set */
} karx_cipher_key;

KARX_API karx_status karx_cipher_set_key(karx_cipher_key *key, karx_cipher_alg alg,
                                         const uint8_t *k, size_t key_len);
KARX_API void karx_cipher_key_wipe(karx_cipher_key *key);
KARX_API karx_status karx_cipher_encrypt_block(const karx_cipher_key *key, uint8_t *out,
                                               const uint8_t *in);
KARX_API karx_status karx_cipher_decrypt_block(const karx_cipher_key *key, uint8_t *out,
                                               const uint8_t *in);

/* ---- stateless modes over a scheduled key ----
 * iv / ctr are block-sized and updated so that the next call continues the stream. ECB and CBC
 * take whole blocks (else KARX_ERR_DATA_LENGTH); they do no padding. */
KARX_API karx_status karx_ecb_encrypt(const karx_cipher_key *key, uint8_t *out, const uint8_t *in,
                                      size_t len);
KARX_API karx_status karx_ecb_decrypt(const karx_cipher_key *key, uint8_t *out, const uint8_t *in,
                                      size_t len);
KARX_API karx_status karx_cbc_encrypt(const karx_cipher_key *key, uint8_t *iv, uint8_t *out,
                                      const uint8_t *in, size_t len);
KARX_API karx_status karx_cbc_decrypt(const karx_cipher_key *key, uint8_t *iv, uint8_t *out,
                                      const uint8_t *in, size_t len);
/* CTR: the whole block is one big-endian counter. len may be any length; a final partial block
 * uses up its counter value. A call that would run the counter past all-ones (wrap to zero and
 * repeat keystream) returns KARX_ERR_COUNTER_OVERFLOW and writes nothing. When a call uses the
 * all-ones value itself, ctr comes back as zero: the stream is spent and must not be continued
 * (karx_cipher_ctx tracks this and refuses). */
KARX_API karx_status karx_ctr_xor(const karx_cipher_key *key, uint8_t *ctr, uint8_t *out,
                                  const uint8_t *in, size_t len);
/* OFB: len whole blocks, except that the last call of a stream may end mid-block. */
KARX_API karx_status karx_ofb_xor(const karx_cipher_key *key, uint8_t *iv, uint8_t *out,
                                  const uint8_t *in, size_t len);
/* CFB with segment_bytes 1, 8 or the block size; len a multiple of segment_bytes, except that
 * the last call of a stream may end mid-segment. */
KARX_API karx_status karx_cfb_encrypt(const karx_cipher_key *key, size_t segment_bytes,
                                      uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
KARX_API karx_status karx_cfb_decrypt(const karx_cipher_key *key, size_t segment_bytes,
                                      uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);

/* ---- streaming: any split of the data, padding, one-shot ---- */
/* Caller-allocated and copyable (a copy forks the stream); fields are private. final and
 * karx_cipher_ctx_wipe wipe it; a failed init leaves it wiped. */
typedef struct karx_cipher_ctx {
    karx_cipher_key key;
    uint8_t reg[KARX_MAX_BLOCK_BYTES]; /* CBC chain / CTR counter / CFB and OFB register */
    uint8_t buf[KARX_MAX_BLOCK_BYTES]; /* held input (ECB, CBC) or keystream (CTR, OFB, CFB) */
    uint32_t buffered;                 /* bytes in buf (held input) or keystream bytes used */
    uint32_t mode, encrypt, padding;
    uint32_t state; /* 0 unset, 1 running, 2 counter spent */
} karx_cipher_ctx;

/* iv_len must equal karx_mode_iv_bytes(alg, mode) (ECB takes NULL / 0). padding is KARX_PAD_PKCS7
 * or KARX_PAD_NONE and matters only for ECB and CBC. */
KARX_API karx_status karx_cipher_init(karx_cipher_ctx *ctx, karx_cipher_alg alg, karx_mode mode,
                                      int encrypt, int padding, const uint8_t *key, size_t key_len,
                                      const uint8_t *iv, size_t iv_len);
/* Writes *out_len bytes to out (at most in_len + block bytes). A failed update changes nothing
 * and writes nothing: out_cap smaller than what the call produces (KARX_ERR_OUTPUT_LENGTH), a CTR
 * stream whose counter would wrap (KARX_ERR_COUNTER_OVERFLOW), NULL buffers (KARX_ERR_ARGUMENT).
 * ECB/CBC decryption with padding holds the last block back until final. */
KARX_API karx_status karx_cipher_update(karx_cipher_ctx *ctx, uint8_t *out, size_t out_cap,
                                        size_t *out_len, const uint8_t *in, size_t in_len);
/* Flushes: the padded last block (encrypt), or the unpadded last block (decrypt; the padding is
 * checked in constant time and a bad one gives KARX_ERR_PADDING with nothing written). Without
 * padding, ECB/CBC data that is not whole blocks gives KARX_ERR_DATA_LENGTH, and so does a
 * padded ciphertext that is empty or truncated. Wipes ctx, except on KARX_ERR_OUTPUT_LENGTH and
 * KARX_ERR_ARGUMENT, which change nothing so that the call can be repeated. */
KARX_API karx_status karx_cipher_final(karx_cipher_ctx *ctx, uint8_t *out, size_t out_cap,
                                       size_t *out_len);
KARX_API void karx_cipher_ctx_wipe(karx_cipher_ctx *ctx);

/* One-shot. out_cap >= in_len + block bytes always suffices (encrypt with padding adds up to one
 * block). On any error the bytes written so far are wiped and *out_len is 0. */
KARX_API karx_status karx_cipher_encrypt(karx_cipher_alg alg, karx_mode mode, int padding,
                                         const uint8_t *key, size_t key_len, const uint8_t *iv,
                                         size_t iv_len, uint8_t *out, size_t out_cap,
                                         size_t *out_len, const uint8_t *in, size_t in_len);
KARX_API karx_status karx_cipher_decrypt(karx_cipher_alg alg, karx_mode mode, int padding,
                                         const uint8_t *key, size_t key_len, const uint8_t *iv,
                                         size_t iv_len, uint8_t *out, size_t out_cap,
                                         size_t *out_len, const uint8_t *in, size_t in_len);

/* ---- many CBC encryptions under one key (issue 18) ----
 * Message i is ins[i] (lens[i] bytes, whole blocks) encrypted to outs[i] (outs[i] == ins[i] in
 * place is allowed; messages do not overlap each other) with ivs[i] as its IV, updated as
 * karx_cbc_encrypt does, so the call continues each stream. The result equals a loop of
 * karx_cbc_encrypt, but the serial chains of up to two kernel groups of messages run side by side
 * on the back end's multi-block kernel. Every message is checked before anything is written:
 * KARX_ERR_ARGUMENT (NULL key or array with n > 0, a NULL buffer or IV), KARX_ERR_STATE (no key
 * set), KARX_ERR_DATA_LENGTH (a length that is not whole blocks). n = 0 is allowed; a message
 * of 0 bytes writes nothing and keeps its IV. */
KARX_API karx_status karx_cbc_encrypt_many(const karx_cipher_key *key, uint8_t *const *outs,
                                           const uint8_t *const *ins, const size_t *lens,
                                           uint8_t *const *ivs, size_t n);

/* ---- on a thread pool (karx/pool.h) ----
 * The same calls with a caller-owned pool first: the bytes written, the returned status and the
 * updated IV / counter / context are exactly the single-threaded call's, for any thread count;
 * a NULL pool (or a one-thread pool, or less than 128 KiB) runs the single-threaded call itself.
 * The work is cut at block boundaries into tasks of at least 64 KiB. Not in the compact builds. */
KARX_API karx_status karx_ecb_encrypt_pool(karx_pool *pool, const karx_cipher_key *key,
                                           uint8_t *out, const uint8_t *in, size_t len);
KARX_API karx_status karx_ecb_decrypt_pool(karx_pool *pool, const karx_cipher_key *key,
                                           uint8_t *out, const uint8_t *in, size_t len);
/* ctr advances as karx_ctr_xor's; a call that would wrap it is refused before anything is
 * written (KARX_ERR_COUNTER_OVERFLOW). */
KARX_API karx_status karx_ctr_xor_pool(karx_pool *pool, const karx_cipher_key *key, uint8_t *ctr,
                                       uint8_t *out, const uint8_t *in, size_t len);
KARX_API karx_status karx_cbc_decrypt_pool(karx_pool *pool, const karx_cipher_key *key,
                                           uint8_t *iv, uint8_t *out, const uint8_t *in,
                                           size_t len);
KARX_API karx_status karx_cfb_decrypt_pool(karx_pool *pool, const karx_cipher_key *key,
                                           size_t segment_bytes, uint8_t *iv, uint8_t *out,
                                           const uint8_t *in, size_t len);
/* karx_cipher_update, parallel where the mode allows (ECB both ways, CTR, CBC and CFB decryption;
 * the other modes and directions run serially). ECB/CBC with bytes held from the previous update
 * (always the case when decrypting with padding) write ahead of the input: there out and in must
 * not overlap for the pool to be used; in place such an update runs serially (same result). */
KARX_API karx_status karx_cipher_update_pool(karx_pool *pool, karx_cipher_ctx *ctx, uint8_t *out,
                                             size_t out_cap, size_t *out_len, const uint8_t *in,
                                             size_t in_len);

/* ---- CTR record jobs: many messages, each under its own cipher and key (issue 26) ----
 * Each job is one karx_ctr_xor call with its key as given: cipher alg, key (key_len bytes,
 * karx_cipher_key_bytes(alg)) and a block-sized counter ctr, advanced exactly as karx_ctr_xor
 * advances it. Jobs of the 128-bit-block ARX ciphers (LEA, CHAM-128) run in the lanes of one
 * SIMD kernel, a job per lane, each lane scheduling its own key; jobs of one cipher share a
 * kernel, so a mixed batch runs cipher by cipher. Long jobs (96 bytes per lane and more: 1.5 KiB
 * on AVX-512, where the bulk kernel fills its lanes from one message as fast) and the other
 * ciphers (ARIA, HIGHT, CHAM-64/128) run as one karx_ctr_xor each. The results equal a loop of
 * karx_cipher_set_key + karx_ctr_xor.
 *
 * Every job gets a status: KARX_OK; KARX_ERR_UNKNOWN_ALGORITHM; KARX_ERR_ARGUMENT (key or ctr
 * NULL, in / out NULL with len > 0, in and out overlapping other than exactly, ctr overlapping
 * either); KARX_ERR_KEY_LENGTH; KARX_ERR_COUNTER_OVERFLOW (the counter would wrap: nothing
 * written, ctr unchanged). A failing job writes nothing; the others still complete. The call
 * returns KARX_OK when every job succeeded, else the first failing job's status; n = 0 is
 * KARX_OK, jobs NULL with n > 0 KARX_ERR_ARGUMENT with no job touched. Jobs must not write into
 * each other's buffers. */
typedef struct karx_ctr_job {
    karx_cipher_alg alg;
    const uint8_t *key;
    size_t key_len;
    uint8_t *ctr; /* block-sized; advanced as karx_ctr_xor advances it */
    const uint8_t *in;
    uint8_t *out;
    size_t len;
    karx_status status; /* set for every job */
} karx_ctr_job;

KARX_API karx_status karx_ctr_jobs(karx_ctr_job *jobs, size_t n);
/* The same on a thread pool (pool.h; NULL = this thread): the jobs are split over the threads. */
KARX_API karx_status karx_ctr_jobs_pool(karx_pool *pool, karx_ctr_job *jobs, size_t n);

#ifdef __cplusplus
}
#endif
#endif
