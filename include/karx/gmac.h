/* karx: GMAC (NIST SP 800-38D: GCM with no plaintext, the tag taken over the AAD alone) over the
 * 128-bit-block ciphers: LEA-128/192/256, CHAM-128/128, CHAM-128/256 and ARIA-128/192/256.
 * The 64-bit-block ciphers (HIGHT, CHAM-64/128) have none: KARX_ERR_UNSUPPORTED.
 *
 * GMAC(K, IV, A) is exactly the tag of karx_gcm_encrypt(K, IV, empty plaintext, aad A): the calls
 * below run GCM's code (gcm.c: J0, the AAD path, the length block), so the whole cost of a long
 * message is the GHASH kernel of the active back end (VPCLMULQDQ, PCLMULQDQ or the constant-time
 * portable multiply; see gcm.h). The cipher runs once per message, at init (E_K(J0)).
 *
 * Parameters (as GCM's):
 *  - iv: any length from 1 byte (12 is the recommended and cheapest), below 2^61 bytes; 0 is
 *    KARX_ERR_IV_LENGTH. An IV must never repeat under one key: two messages under one
 *    (key, IV) pair reveal H and let anyone forge tags.
 *  - tag: 4, 8, 12, 13, 14, 15 or 16 bytes (karx_gcm_tag_len_ok; the leading bytes of the full
 *    tag), else KARX_ERR_ARGUMENT.
 *  - data: below 2^61 bytes in all, else KARX_ERR_DATA_LENGTH. NULL is allowed when its length
 *    is 0; key, iv and tag are never NULL (KARX_ERR_ARGUMENT).
 * Argument errors are found before anything is written. Verification compares in constant time
 * and returns KARX_ERR_AUTHENTICATION on a mismatch. */
#ifndef KARX_GMAC_H
#define KARX_GMAC_H

#include "cipher.h"
#include "common.h"
#include "gcm.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_GMAC_TAG_BYTES 16 /* the full tag */

/* Names: "gmac-" followed by the name of a 128-bit-block cipher, in any spelling karx_alg_find
 * accepts: "gmac-lea128", "GMAC-LEA-128", "gmac-cham128-256", "gmac-aria256".
 * KARX_ERR_UNKNOWN_ALGORITHM for anything else (a 64-bit cipher too), KARX_ERR_ARGUMENT for NULL. */
KARX_API karx_status karx_gmac_from_name(const char *name, karx_cipher_alg *out);
/* "gmac-lea128" ... ; NULL for an unknown id or a 64-bit-block cipher. */
KARX_API const char *karx_gmac_name(karx_cipher_alg alg);

/* Streaming context: caller-allocated and copyable (a copy forks the computation); fields are
 * private. It holds H's powers and E_K(J0) (not the cipher key: the tag's mask is made at init),
 * so it is secret: final, final_verify and karx_gmac_ctx_wipe wipe it, and a failed init leaves
 * it wiped. Every call but init on a context that is wiped or was never set (zero it first) is
 * KARX_ERR_STATE. */
typedef struct karx_gmac_ctx {
    uint64_t htab[64]; /* H^1 .. H^32, as in karx_gcm_key */
    uint8_t mask[16];  /* E_K(J0) */
    uint8_t y[16];     /* GHASH so far */
    uint8_t part[16];  /* bytes of the current partial block */
    uint64_t len;      /* bytes so far */
    uint32_t used;     /* bytes in part */
    uint32_t state;    /* 1 running, 0 unset or wiped */
} karx_gmac_ctx;

/* KARX_ERR_ARGUMENT (NULL), KARX_ERR_UNKNOWN_ALGORITHM, KARX_ERR_UNSUPPORTED (64-bit block),
 * KARX_ERR_KEY_LENGTH, KARX_ERR_IV_LENGTH. */
KARX_API karx_status karx_gmac_init(karx_gmac_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                                    size_t key_len, const uint8_t *iv, size_t iv_len);
/* The same from a scheduled GCM key (karx_gcm_set_key): one key schedule for many messages. ctx
 * copies what it needs (H's powers) and does not refer to gk afterwards. A key never set or
 * wiped is KARX_ERR_STATE. */
KARX_API karx_status karx_gmac_init_key(karx_gmac_ctx *ctx, const karx_gcm_key *gk,
                                        const uint8_t *iv, size_t iv_len);
/* Any split of the data. A failed update changes nothing. */
KARX_API karx_status karx_gmac_update(karx_gmac_ctx *ctx, const uint8_t *in, size_t len);
/* Writes the leading tag_len bytes of the tag and wipes ctx. A NULL tag or a tag_len outside
 * the set (KARX_ERR_ARGUMENT) changes nothing, so the call can be repeated. */
KARX_API karx_status karx_gmac_final(karx_gmac_ctx *ctx, uint8_t *tag, size_t tag_len);
/* Compares the computed tag with tag[0 .. tag_len) in constant time and wipes ctx: KARX_OK or
 * KARX_ERR_AUTHENTICATION. Bad arguments as for final (ctx unchanged). */
KARX_API karx_status karx_gmac_final_verify(karx_gmac_ctx *ctx, const uint8_t *tag,
                                            size_t tag_len);
KARX_API void karx_gmac_ctx_wipe(karx_gmac_ctx *ctx);

/* One-shot: the tag of in under (key, iv). Errors as above; an error writes nothing. */
KARX_API karx_status karx_gmac(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                               const uint8_t *iv, size_t iv_len, uint8_t *tag, size_t tag_len,
                               const uint8_t *in, size_t len);
/* One-shot check: KARX_OK when tag[0 .. tag_len) is the (truncated) GMAC of in, else
 * KARX_ERR_AUTHENTICATION (constant-time comparison) or the argument error. */
KARX_API karx_status karx_gmac_verify(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *iv, size_t iv_len, const uint8_t *tag,
                                      size_t tag_len, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif
#endif
