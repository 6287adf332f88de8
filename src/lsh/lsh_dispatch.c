/* Which LSH kernels each back end has; the build defines KARX_HAVE_* for the ISA files it
 * compiled. */
#include "../cpu/dispatch.h"
#include "lsh_internal.h"

static const karx_lsh256_kernels *const lsh256_table[KARX_BACKEND_COUNT] = {
    [KARX_BACKEND_PORTABLE] = &karx_i_lsh256_portable,
#ifdef KARX_HAVE_X86_SIMD
    [KARX_BACKEND_SSE2] = &karx_i_lsh256_sse2,
    [KARX_BACKEND_SSSE3] = &karx_i_lsh256_ssse3,
    [KARX_BACKEND_AVX2] = &karx_i_lsh256_avx2,
    [KARX_BACKEND_AVX512] = &karx_i_lsh256_avx512,
#endif
#ifdef KARX_HAVE_NEON
    [KARX_BACKEND_NEON] = &karx_i_lsh256_neon,
#endif
};

static const karx_lsh512_kernels *const lsh512_table[KARX_BACKEND_COUNT] = {
    [KARX_BACKEND_PORTABLE] = &karx_i_lsh512_portable,
#ifdef KARX_HAVE_X86_SIMD
    [KARX_BACKEND_SSE2] = &karx_i_lsh512_sse2,
    [KARX_BACKEND_SSSE3] = &karx_i_lsh512_ssse3,
    [KARX_BACKEND_AVX2] = &karx_i_lsh512_avx2,
    [KARX_BACKEND_AVX512] = &karx_i_lsh512_avx512,
#endif
#ifdef KARX_HAVE_NEON
    [KARX_BACKEND_NEON] = &karx_i_lsh512_neon,
#endif
};

/* Bit b set when the table has a kernel for back end b; cheap enough to recompute per call. */
#define KARX_DEFINE_PICK(fn, type, table)                                   \
    const type *fn(void)                                                    \
    {                                                                       \
        unsigned have = 0;                                                  \
        for (unsigned b = 0; b < KARX_BACKEND_COUNT; b++)                   \
            if (table[b] != NULL)                                           \
                have |= KARX_BIT(b);                                        \
        return table[karx_i_pick(have)];                                    \
    }

KARX_DEFINE_PICK(karx_i_lsh256_kernels, karx_lsh256_kernels, lsh256_table)
KARX_DEFINE_PICK(karx_i_lsh512_kernels, karx_lsh512_kernels, lsh512_table)
