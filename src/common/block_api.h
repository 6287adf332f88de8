/* The public single-block pair each cipher family exports (karx_<fam>_encrypt_block and
 * _decrypt_block), both over the family's one static block call. */
#ifndef KARX_BLOCK_API_H
#define KARX_BLOCK_API_H

#include <stdint.h>

#include "karx/common.h"

/* one(key, out, in, decrypt) checks its arguments and runs one block of B bytes either way. */
#define KARX_I_BLOCK_CALLS(fam, B, one)                                                           \
    karx_status karx_##fam##_encrypt_block(const karx_##fam##_key *key, uint8_t out[B],           \
                                           const uint8_t in[B])                                   \
    {                                                                                             \
        return one(key, out, in, 0);                                                              \
    }                                                                                             \
    karx_status karx_##fam##_decrypt_block(const karx_##fam##_key *key, uint8_t out[B],           \
                                           const uint8_t in[B])                                   \
    {                                                                                             \
        return one(key, out, in, 1);                                                              \
    }

#endif
