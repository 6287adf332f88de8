/* karx: the AEAD modes behind one interface (docs/API.md, "AEAD by id"): GCM (gcm.h) and CCM
 * (ccm.h) by a karx_aead_alg id, over any cipher with a 16-byte block.
 *
 * What differs between the modes is data here (karx_aead_info: nonce and tag lengths, whether
 * the lengths come first), so a front end that takes a mode name (the CLI, karx cavp, bindings)
 * needs no branch on GCM versus CCM. Each call returns what the mode's own call returns for the
 * same arguments (gcm.h, ccm.h); an unknown mode id is KARX_ERR_UNKNOWN_ALGORITHM, a NULL
 * context or info KARX_ERR_ARGUMENT. The mode calls themselves stay: they are the fast path for
 * a program that knows its mode (scheduled keys, record jobs, pools). */
#ifndef KARX_AEAD_H
#define KARX_AEAD_H

#include "ccm.h"
#include "gcm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum karx_aead_alg {
    KARX_AEAD_GCM = 0, /* NIST SP 800-38D */
    KARX_AEAD_CCM = 1, /* NIST SP 800-38C */
} karx_aead_alg;

#define KARX_AEAD_FIRST KARX_AEAD_GCM
#define KARX_AEAD_LAST KARX_AEAD_CCM

/* A mode's facts. Lengths in bytes. */
typedef struct karx_aead_info {
    karx_aead_alg id;
    const char *name;      /* "gcm" */
    const char *std_name;  /* "GCM" */
    const char *nonce_name; /* what its standard calls the nonce: "IV" (GCM), "nonce" (CCM) */
    size_t nonce_min;      /* GCM: 1 (12 recommended); CCM: 7 */
    size_t nonce_max;      /* GCM: 2^61 - 1 (capped at SIZE_MAX: no practical limit); CCM: 13 */
    size_t nonce_default;  /* the length to use when there is no reason for another: 12 */
    size_t tag_min, tag_max, tag_default; /* 4, 16, 16; which lengths between: tag_len_ok */
    int lengths_first;     /* 1: karx_aead_init needs the AAD and payload lengths (CCM) */
    int splits;            /* 1: the _pool calls split one message over the threads (GCM);
                              0: they run on the calling thread (CCM's CBC-MAC is one chain) */
} karx_aead_info;

/* The facts of a mode: KARX_OK, or KARX_ERR_UNKNOWN_ALGORITHM (info zeroed). */
KARX_API karx_status karx_aead_info_of(karx_aead_alg mode, karx_aead_info *info);
/* A mode by name ("gcm", "GCM", "ccm"; case, '-' and '_' ignored): KARX_OK or
 * KARX_ERR_UNKNOWN_ALGORITHM. */
KARX_API karx_status karx_aead_from_name(const char *name, karx_aead_alg *mode);
/* "gcm" / "ccm", or NULL for an unknown id. */
KARX_API const char *karx_aead_name(karx_aead_alg mode);
/* 1 if the mode accepts the length, else 0 (0 for an unknown mode). */
KARX_API int karx_aead_nonce_len_ok(karx_aead_alg mode, size_t nonce_len);
KARX_API int karx_aead_tag_len_ok(karx_aead_alg mode, size_t tag_len);
/* The longest payload under a nonce length (karx_gcm_max_payload_bytes,
 * karx_ccm_max_payload_bytes); 0 for an unknown mode or a refused nonce length. */
KARX_API size_t karx_aead_max_payload_bytes(karx_aead_alg mode, size_t nonce_len);

/* One-shots by cipher id, as karx_gcm_encrypt / karx_ccm_encrypt and their decrypt calls: the
 * decryption verifies before it releases anything (out zero-filled on KARX_ERR_AUTHENTICATION). */
KARX_API karx_status karx_aead_encrypt(karx_aead_alg mode, karx_cipher_alg alg,
                                       const uint8_t *key, size_t key_len, const uint8_t *nonce,
                                       size_t nonce_len, uint8_t *out, uint8_t *tag,
                                       size_t tag_len, const uint8_t *in, size_t len,
                                       const uint8_t *aad, size_t aad_len);
KARX_API karx_status karx_aead_decrypt(karx_aead_alg mode, karx_cipher_alg alg,
                                       const uint8_t *key, size_t key_len, const uint8_t *nonce,
                                       size_t nonce_len, uint8_t *out, const uint8_t *tag,
                                       size_t tag_len, const uint8_t *in, size_t len,
                                       const uint8_t *aad, size_t aad_len);

/* The same over a thread pool (pool.h; NULL: the calling thread): the same bytes for any
 * thread count. A mode whose chain cannot be split (CCM's CBC-MAC) runs on the calling thread. */
KARX_API karx_status karx_aead_encrypt_pool(karx_pool *pool, karx_aead_alg mode,
                                            karx_cipher_alg alg, const uint8_t *key,
                                            size_t key_len, const uint8_t *nonce, size_t nonce_len,
                                            uint8_t *out, uint8_t *tag, size_t tag_len,
                                            const uint8_t *in, size_t len, const uint8_t *aad,
                                            size_t aad_len);
KARX_API karx_status karx_aead_decrypt_pool(karx_pool *pool, karx_aead_alg mode,
                                            karx_cipher_alg alg, const uint8_t *key,
                                            size_t key_len, const uint8_t *nonce, size_t nonce_len,
                                            uint8_t *out, const uint8_t *tag, size_t tag_len,
                                            const uint8_t *in, size_t len, const uint8_t *aad,
                                            size_t aad_len);

/* ---- a scheduled key: schedule once, seal and open any number of records ----
 * Caller-allocated, copyable, read-only once set (any number of threads may use one key at
 * once). u.gcm / u.ccm is the mode's own session key (karx_gcm_key, karx_ccm_key), for the calls
 * only that mode has (its record jobs); the other fields are private. set_key's statuses are
 * the mode's set_key's; a failed set_key leaves the key wiped, and a call on a key that is not
 * set is KARX_ERR_STATE. */
typedef struct karx_aead_key {
    uint32_t mode;  /* karx_aead_alg */
    uint32_t ready; /* 1 once set */
    union {
        karx_gcm_key gcm;
        karx_ccm_key ccm;
    } u;
} karx_aead_key;

KARX_API karx_status karx_aead_set_key(karx_aead_key *key, karx_aead_alg mode,
                                       karx_cipher_alg alg, const uint8_t *k, size_t key_len);
KARX_API void karx_aead_key_wipe(karx_aead_key *key);
/* The cipher a set key runs (0 for a key that is not set). */
KARX_API karx_cipher_alg karx_aead_key_cipher(const karx_aead_key *key);
/* As karx_aead_encrypt / karx_aead_decrypt over a scheduled key (karx_gcm_seal, karx_ccm_seal
 * and their open calls). */
KARX_API karx_status karx_aead_seal(const karx_aead_key *key, const uint8_t *nonce,
                                    size_t nonce_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                    const uint8_t *in, size_t len, const uint8_t *aad,
                                    size_t aad_len);
KARX_API karx_status karx_aead_open(const karx_aead_key *key, const uint8_t *nonce,
                                    size_t nonce_len, uint8_t *out, const uint8_t *tag,
                                    size_t tag_len, const uint8_t *in, size_t len,
                                    const uint8_t *aad, size_t aad_len);
/* The same over a thread pool (NULL, or a mode whose chain cannot be split: this thread). */
KARX_API karx_status karx_aead_seal_pool(karx_pool *pool, const karx_aead_key *key,
                                         const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                                         uint8_t *tag, size_t tag_len, const uint8_t *in,
                                         size_t len, const uint8_t *aad, size_t aad_len);
KARX_API karx_status karx_aead_open_pool(karx_pool *pool, const karx_aead_key *key,
                                         const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                                         const uint8_t *tag, size_t tag_len, const uint8_t *in,
                                         size_t len, const uint8_t *aad, size_t aad_len);

/* ---- streaming ----
 * Caller-allocated, copyable, fields private. init, any number of karx_aead_aad, any number of
 * karx_aead_update, then karx_aead_final (encryption) or karx_aead_final_verify (decryption),
 * which wipe the context. init takes every length a mode may need: aad_len and payload_len are
 * the totals that will follow (checked by a mode with lengths_first, ignored by the others),
 * tag_len the tag final will be asked for (checked at init by every mode). An empty karx_aead_aad
 * (NULL, 0) is allowed and does nothing. WARNING: streaming decryption writes plaintext before
 * the tag is checked; discard all of it unless karx_aead_final_verify returns KARX_OK. */
typedef struct karx_aead_ctx {
    uint32_t mode;     /* karx_aead_alg */
    uint32_t ready;    /* 1 between init and the end */
    uint64_t tag_len;  /* as given to init */
    union {
        karx_gcm_ctx gcm;
        karx_ccm_ctx ccm;
    } u;
} karx_aead_ctx;

KARX_API karx_status karx_aead_init(karx_aead_ctx *ctx, karx_aead_alg mode, karx_cipher_alg alg,
                                    const uint8_t *key, size_t key_len, int encrypt,
                                    const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                                    uint64_t payload_len, size_t tag_len);
/* The same from a scheduled key (the key is read, not kept: it may be wiped after init). */
KARX_API karx_status karx_aead_init_key(karx_aead_ctx *ctx, const karx_aead_key *key,
                                        int encrypt, const uint8_t *nonce, size_t nonce_len,
                                        uint64_t aad_len, uint64_t payload_len, size_t tag_len);
KARX_API karx_status karx_aead_aad(karx_aead_ctx *ctx, const uint8_t *aad, size_t aad_len);
/* Writes exactly len bytes to out; out == in allowed. */
KARX_API karx_status karx_aead_update(karx_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                                      size_t len);
/* tag_len must be init's: another is KARX_ERR_ARGUMENT and changes nothing. */
KARX_API karx_status karx_aead_final(karx_aead_ctx *ctx, uint8_t *tag, size_t tag_len);
KARX_API karx_status karx_aead_final_verify(karx_aead_ctx *ctx, const uint8_t *tag,
                                            size_t tag_len);
KARX_API void karx_aead_ctx_wipe(karx_aead_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
