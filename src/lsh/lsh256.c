/* LSH-256-224 / LSH-256-256: the public calls (lsh_calls.h), each a thin wrapper over the shared
 * front end (lsh_front.h) on 32-bit words, run on the active back end's kernels. */
#include "../common/endian.h"
#include "../approved/approved.h"
#include "lsh_constants.h"
#include "lsh_internal.h"

static const uint32_t *lsh256_iv(size_t digest_bytes)
{
    switch (digest_bytes) {
    case 28: return karx_lsh256_iv224;
    case 32: return karx_lsh256_iv256;
    default: return NULL;
    }
}

#define LSH_WORD uint32_t
#define LSH_BLOCK KARX_LSH256_BLOCK_BYTES
#define LSH_CTX karx_lsh256_ctx
#define LSH_KERNELS karx_lsh256_kernels
#define LSH_IV lsh256_iv
#define LSH_STORE_WORD karx_store32_le
#include "lsh_front.h"
#define LSH_NAME lsh256
#define LSH_WIDE 0
#include "lsh_calls.h"
