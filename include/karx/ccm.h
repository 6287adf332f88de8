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
 * Decryption (karx_ccm_open / karx_ccm_decrypt) CTR-decrypts into out, recomputes the tag over
 * that plaintext and compares it in constant time. On a mismatch it wipes all len bytes of out
 * and returns KARX_ERR_AUTHENTICATION: no unauthenticated plaintext is released. Note that in
 * place (out == in) the ciphertext is then lost too; keep a copy if you need it after a failure.
 *
 * The seal / open forms take a key scheduled once with karx_cipher_set_key (cipher.h), for
 * servers that handle many messages under one key; the encrypt / decrypt one-shots schedule the
 * key, call them and wipe it. */
#ifndef KARX_CCM_H
#define KARX_CCM_H

#include "cipher.h"
#include "common.h"

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
                                   size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                   uint8_t *out, const uint8_t *in, size_t len, uint8_t *tag,
                                   size_t tag_len);
/* Decrypts and verifies: KARX_OK with the plaintext in out, or KARX_ERR_AUTHENTICATION with out
 * wiped (see above). Other errors as for karx_ccm_seal. */
KARX_API karx_status karx_ccm_open(const karx_cipher_key *key, const uint8_t *nonce,
                                   size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                   uint8_t *out, const uint8_t *in, size_t len,
                                   const uint8_t *tag, size_t tag_len);

/* One-shots by cipher id: KARX_ERR_UNKNOWN_ALGORITHM for an unknown id, KARX_ERR_KEY_LENGTH for
 * a key of the wrong length, otherwise as karx_ccm_seal / karx_ccm_open. */
KARX_API karx_status karx_ccm_encrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                      size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
                                      uint8_t *tag, size_t tag_len);
KARX_API karx_status karx_ccm_decrypt(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                                      size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
                                      const uint8_t *tag, size_t tag_len);

#ifdef __cplusplus
}
#endif
#endif
