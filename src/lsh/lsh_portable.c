/* Portable LSH kernels: the shared round code, one block at a time, no lanes. */
#include "lsh_core.h"
#include "lsh_internal.h"

static void compress256(uint32_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i++)
        karx_lsh256_compress_block(cv, blocks + i * 128);
}

static void compress512(uint64_t cv[16], const uint8_t *blocks, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i++)
        karx_lsh512_compress_block(cv, blocks + i * 256);
}

const karx_lsh256_kernels karx_i_lsh256_portable = {"portable", compress256, 1, NULL, NULL};
const karx_lsh512_kernels karx_i_lsh512_portable = {"portable", compress512, 1, NULL, NULL};
