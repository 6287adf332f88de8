/* XTS (IEEE 1619-2018, NIST SP 800-38E) over every cipher with a 128-bit block: LEA-128/192/256,
 * CHAM-128/128, CHAM-128/256 and ARIA-128/192/256.
 *
 *  - The key is two cipher keys, data key || tweak key (2 * key bytes); a pair whose two halves
 *    are equal is refused with KARX_ERR_ARGUMENT (FIPS 140-3 implementation guidance C.I).
 *  - The tweak is 16 bytes: the data unit's number as a little-endian 128-bit integer, or any
 *    16 bytes the caller chooses.
 *  - A data unit is at least 16 bytes; a length that is not a whole number of blocks is handled
 *    by ciphertext stealing. Input shorter than 16 bytes: KARX_ERR_DATA_LENGTH.
 *  - Sector calls cut the input into consecutive units of sector_bytes; unit i uses tweak + i
 *    (little-endian 128-bit addition, as dm-crypt's plain64 IV), and the last unit may be shorter
 *    (at least 16 bytes).
 *  - out == in (exactly in place) is allowed; no other overlap.
 */
#ifndef KARX_XTS_H
#define KARX_XTS_H

#include <stddef.h>
#include <stdint.h>

#include "karx/cipher.h"
#include "karx/common.h"
#include "karx/pool.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_XTS_TWEAK_BYTES 16

typedef struct karx_xts_key {
    karx_cipher_key data;  /* K1: encrypts the data */
    karx_cipher_key tweak; /* K2: encrypts the tweak */
} karx_xts_key;

/* key_len must be 2 * karx_cipher_key_bytes(alg) (KARX_ERR_KEY_LENGTH); a cipher whose block is
 * not 16 bytes gives KARX_ERR_UNSUPPORTED; equal halves give KARX_ERR_ARGUMENT. A failed call
 * leaves the key wiped. */
KARX_API karx_status karx_xts_set_key(karx_xts_key *key, karx_cipher_alg alg, const uint8_t *k,
                                      size_t key_len);
KARX_API void karx_xts_key_wipe(karx_xts_key *key);

/* One data unit of len >= 16 bytes. */
KARX_API karx_status karx_xts_encrypt(const karx_xts_key *key, const uint8_t tweak[16],
                                      uint8_t *out, const uint8_t *in, size_t len);
KARX_API karx_status karx_xts_decrypt(const karx_xts_key *key, const uint8_t tweak[16],
                                      uint8_t *out, const uint8_t *in, size_t len);

/* Consecutive data units of sector_bytes (>= 16) each; unit i uses tweak + i. len may end in a
 * shorter unit of at least 16 bytes. A tweak number that would wrap past 2^128 - 1 gives
 * KARX_ERR_COUNTER_OVERFLOW and writes nothing. */
KARX_API karx_status karx_xts_encrypt_sectors(const karx_xts_key *key, const uint8_t tweak[16],
                                              size_t sector_bytes, uint8_t *out,
                                              const uint8_t *in, size_t len);
KARX_API karx_status karx_xts_decrypt_sectors(const karx_xts_key *key, const uint8_t tweak[16],
                                              size_t sector_bytes, uint8_t *out,
                                              const uint8_t *in, size_t len);

/* Streaming one data unit whose length is not known in advance (the CLI's whole-file XTS):
 * update takes any split and writes whole blocks, holding back the last 16..31 bytes seen (for
 * ciphertext stealing); final writes those. final fails (KARX_ERR_DATA_LENGTH) if the unit is
 * shorter than 16 bytes. out == in works at any split. Too small an out_cap gives
 * KARX_ERR_OUTPUT_LENGTH and changes nothing. The layout of the context is private. */
typedef struct karx_xts_ctx {
    karx_xts_key key;
    uint8_t t[16];   /* the tweak of the next block to write */
    uint8_t buf[32]; /* held-back input */
    size_t held;
    int encrypt;
    int state; /* 0 none, 1 open, 2 finished */
} karx_xts_ctx;

KARX_API karx_status karx_xts_init(karx_xts_ctx *ctx, karx_cipher_alg alg, int encrypt,
                                   const uint8_t *k, size_t key_len, const uint8_t tweak[16]);
/* Writes *out_len bytes (a multiple of 16, at most len + 15) to out (out_cap). */
KARX_API karx_status karx_xts_update(karx_xts_ctx *ctx, uint8_t *out, size_t out_cap,
                                     size_t *out_len, const uint8_t *in, size_t len);
/* Writes the held-back 16..31 bytes (out_cap >= 32 always suffices). Wipes the context, also
 * when it fails with KARX_ERR_DATA_LENGTH. */
KARX_API karx_status karx_xts_final(karx_xts_ctx *ctx, uint8_t *out, size_t out_cap,
                                    size_t *out_len);
KARX_API void karx_xts_ctx_wipe(karx_xts_ctx *ctx);

/* ---- on a thread pool (karx/pool.h) ----
 * The same calls with a caller-owned pool first, with exactly the single-threaded call's output
 * and status for any thread count (NULL pool: that call). One data unit is cut at block
 * boundaries, each range starting from the tweak advanced to its first block; the ciphertext-
 * stealing tail stays with the last range. Sector calls are cut at whole sectors. Tasks are at
 * least 64 KiB; less than two tasks' worth runs serially. Not in the compact builds. */
KARX_API karx_status karx_xts_encrypt_pool(karx_pool *pool, const karx_xts_key *key,
                                           const uint8_t tweak[16], uint8_t *out,
                                           const uint8_t *in, size_t len);
KARX_API karx_status karx_xts_decrypt_pool(karx_pool *pool, const karx_xts_key *key,
                                           const uint8_t tweak[16], uint8_t *out,
                                           const uint8_t *in, size_t len);
KARX_API karx_status karx_xts_encrypt_sectors_pool(karx_pool *pool, const karx_xts_key *key,
                                                   const uint8_t tweak[16], size_t sector_bytes,
                                                   uint8_t *out, const uint8_t *in, size_t len);
KARX_API karx_status karx_xts_decrypt_sectors_pool(karx_pool *pool, const karx_xts_key *key,
                                                   const uint8_t tweak[16], size_t sector_bytes,
                                                   uint8_t *out, const uint8_t *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif
