/* toy128: a TEST-ONLY 128-bit-block cipher. INSECURE: eight rounds of add-key, rotate and an
 * xor chain over four 32-bit words, designed in an afternoon to prove that a cipher joins karx
 * by one folder plus one registry line (docs/ARCHITECTURE.md, "Adding a cipher"). Built only
 * with -DKARX_TOY_CIPHER=ON; never in a release. Its id lies outside karx_cipher_alg's public
 * range on purpose: no program can depend on it. */
#ifndef KARX_TOY128_H
#define KARX_TOY128_H

#include <stdint.h>

#include "karx/cipher.h"

#define KARX_I_CIPHER_TOY128 ((karx_cipher_alg)15)
#define KARX_I_TOY128_ROUNDS 8

typedef struct karx_i_toy128_key {
    uint32_t k[4]; /* the key as four little-endian words */
} karx_i_toy128_key;

/* Its scheduled key lives in karx_cipher_key's union like every other cipher's. */
_Static_assert(sizeof(karx_i_toy128_key) <= sizeof(((karx_cipher_key *)0)->u),
               "toy128's key must fit karx_cipher_key");

#endif
