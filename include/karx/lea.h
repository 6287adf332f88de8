/* karx: the LEA block cipher (KS X 3246): 128-bit block, 128/192/256-bit keys, 24/28/32 rounds.
 * Key and block words are little-endian. Modes of operation are in cipher.h. */
#ifndef KARX_LEA_H
#define KARX_LEA_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_LEA_BLOCK_BYTES 16
#define KARX_LEA_MAX_ROUNDS 32
#define KARX_LEA_ROUND_KEY_WORDS 6

/* The key schedule every back end (SIMD, and the GPU) reads: round i uses rk[i][0..5] as in the
 * standard (for LEA-128 words 1, 3 and 5 are equal; they are stored anyway so that one layout
 * serves all key sizes). Caller-allocated and copyable; wipe it with karx_lea_key_wipe. */
typedef struct karx_lea_key {
    uint32_t rk[KARX_LEA_MAX_ROUNDS][KARX_LEA_ROUND_KEY_WORDS];
    uint32_t rounds; /* 24, 28 or 32; anything else means "no key set" */
} karx_lea_key;

/* key_len 16, 24 or 32 (else KARX_ERR_KEY_LENGTH, and *key is wiped). */
KARX_API karx_status karx_lea_set_key(karx_lea_key *key, const uint8_t *k, size_t key_len);
/* One block; in == out allowed. KARX_ERR_STATE if no key was set. */
KARX_API karx_status karx_lea_encrypt_block(const karx_lea_key *key, uint8_t out[16],
                                            const uint8_t in[16]);
KARX_API karx_status karx_lea_decrypt_block(const karx_lea_key *key, uint8_t out[16],
                                            const uint8_t in[16]);
KARX_API void karx_lea_key_wipe(karx_lea_key *key);
KARX_API size_t karx_lea_block_bytes(void);

#ifdef __cplusplus
}
#endif
#endif
