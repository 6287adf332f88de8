/* karx: the HIGHT block cipher (TTAK.KO-12.0040/R1, ISO/IEC 18033-3): 64-bit block, 128-bit key,
 * 32 rounds. Bytes are in array order, as the KCMVP files print them (the TTAK standard prints
 * its examples most-significant byte first, i.e. reversed). Modes are in cipher.h. */
#ifndef KARX_HIGHT_H
#define KARX_HIGHT_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_HIGHT_BLOCK_BYTES 8
#define KARX_HIGHT_KEY_BYTES 16
#define KARX_HIGHT_ROUNDS 32

/* Whitening keys wk[0..7] and subkeys sk[0..127] (4 per round), the layout every back end reads. */
typedef struct karx_hight_key {
    uint8_t wk[8];
    uint8_t sk[4 * KARX_HIGHT_ROUNDS];
    uint32_t ready; /* set by karx_hight_set_key, cleared by wipe */
} karx_hight_key;

/* key_len must be 16 (else KARX_ERR_KEY_LENGTH, and *key is wiped). */
KARX_API karx_status karx_hight_set_key(karx_hight_key *key, const uint8_t *k, size_t key_len);
KARX_API karx_status karx_hight_encrypt_block(const karx_hight_key *key, uint8_t out[8],
                                              const uint8_t in[8]);
KARX_API karx_status karx_hight_decrypt_block(const karx_hight_key *key, uint8_t out[8],
                                              const uint8_t in[8]);
KARX_API void karx_hight_key_wipe(karx_hight_key *key);
KARX_API size_t karx_hight_block_bytes(void);

#ifdef __cplusplus
}
#endif
#endif
