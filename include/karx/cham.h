/* karx: the revised CHAM block ciphers (ICISC 2019): CHAM-64/128 (88 rounds), CHAM-128/128
 * (112 rounds) and CHAM-128/256 (120 rounds); key and block words little-endian. This is not
 * the original 2017 CHAM (80/80/96 rounds) that Crypto++ 8.7 implements. Modes are in cipher.h. */
#ifndef KARX_CHAM_H
#define KARX_CHAM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_CHAM64_BLOCK_BYTES 8
#define KARX_CHAM64_KEY_BYTES 16
#define KARX_CHAM64_ROUNDS 88
#define KARX_CHAM128_BLOCK_BYTES 16
#define KARX_CHAM128_128_ROUNDS 112
#define KARX_CHAM128_256_ROUNDS 120

/* Round i uses rk[i mod (2 * key words)], the layout every back end reads. */
typedef struct karx_cham64_key {
    uint16_t rk[16];
    uint32_t rounds; /* 88; anything else means "no key set" */
} karx_cham64_key;

typedef struct karx_cham128_key {
    uint32_t rk[16];   /* 8 used for a 128-bit key, 16 for a 256-bit key */
    uint32_t rounds;   /* 112 or 120; anything else means "no key set" */
    uint32_t rk_count; /* 8 or 16 */
} karx_cham128_key;

/* CHAM-64/128: key_len 16. */
KARX_API karx_status karx_cham64_set_key(karx_cham64_key *key, const uint8_t *k, size_t key_len);
KARX_API karx_status karx_cham64_encrypt_block(const karx_cham64_key *key, uint8_t out[8],
                                               const uint8_t in[8]);
KARX_API karx_status karx_cham64_decrypt_block(const karx_cham64_key *key, uint8_t out[8],
                                               const uint8_t in[8]);
KARX_API void karx_cham64_key_wipe(karx_cham64_key *key);

/* CHAM-128/128 (key_len 16) and CHAM-128/256 (key_len 32). */
KARX_API karx_status karx_cham128_set_key(karx_cham128_key *key, const uint8_t *k,
                                          size_t key_len);
KARX_API karx_status karx_cham128_encrypt_block(const karx_cham128_key *key, uint8_t out[16],
                                                const uint8_t in[16]);
KARX_API karx_status karx_cham128_decrypt_block(const karx_cham128_key *key, uint8_t out[16],
                                                const uint8_t in[16]);
KARX_API void karx_cham128_key_wipe(karx_cham128_key *key);

#ifdef __cplusplus
}
#endif
#endif
