/* LSH-512-224/256/384/512: the public calls (lsh_calls.h), each a thin wrapper over the shared
 * front end (lsh_front.h) on 64-bit words, run on the active back end's kernels. */
#include "../common/endian.h"
#include "../approved/approved.h"
#include "lsh_constants.h"
#include "lsh_internal.h"

static const uint64_t *lsh512_iv(size_t digest_bytes)
{
    switch (digest_bytes) {
    case 28: return karx_lsh512_iv224;
    case 32: return karx_lsh512_iv256;
    case 48: return karx_lsh512_iv384;
    case 64: return karx_lsh512_iv512;
    default: return NULL;
    }
}

#define LSH_WORD uint64_t
#define LSH_BLOCK KARX_LSH512_BLOCK_BYTES
#define LSH_CTX karx_lsh512_ctx
#define LSH_KERNELS karx_lsh512_kernels
#define LSH_IV lsh512_iv
#define LSH_STORE_WORD karx_store64_le
#include "lsh_front.h"
#define LSH_NAME lsh512
#define LSH_WIDE 1
#include "lsh_calls.h"
