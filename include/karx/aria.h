/* karx: the ARIA block cipher (KS X 1213, RFC 5794): 128-bit block, 128/192/256-bit keys,
 * 12/14/16 rounds. Bytes in the standard's order (the first byte is the most significant).
 * Modes of operation are in cipher.h. This implementation computes its S-boxes (constant time,
 * no tables), so it is slow: a reference for interoperability, not a fast path. */
#ifndef KARX_ARIA_H
#define KARX_ARIA_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_ARIA_BLOCK_BYTES 16
#define KARX_ARIA_MAX_ROUNDS 16

/* Round keys for both directions: ek[0..rounds] are the standard's ek1..ek(n+1), dk[0..rounds]
 * its dk1..dk(n+1); rows past rounds are zero. Caller-allocated and copyable; wipe it with
 * karx_aria_key_wipe. */
typedef struct karx_aria_key {
    uint8_t ek[KARX_ARIA_MAX_ROUNDS + 1][16];
    uint8_t dk[KARX_ARIA_MAX_ROUNDS + 1][16];
    uint32_t rounds; /* 12, 14 or 16; anything else means "no key set" */
} karx_aria_key;

/* key_len 16, 24 or 32 (else KARX_ERR_KEY_LENGTH, and *key is wiped). */
KARX_API karx_status karx_aria_set_key(karx_aria_key *key, const uint8_t *k, size_t key_len);
/* One block; in == out allowed. KARX_ERR_STATE if no key was set. */
KARX_API karx_status karx_aria_encrypt_block(const karx_aria_key *key, uint8_t out[16],
                                             const uint8_t in[16]);
KARX_API karx_status karx_aria_decrypt_block(const karx_aria_key *key, uint8_t out[16],
                                             const uint8_t in[16]);
KARX_API void karx_aria_key_wipe(karx_aria_key *key);
KARX_API size_t karx_aria_block_bytes(void);

#ifdef __cplusplus
}
#endif
#endif
