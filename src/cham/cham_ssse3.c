/* CHAM kernels for SSSE3: as SSE2, with every rotation by 8 bits (and the counter byte swap) one
 * pshufb. */
#include <tmmintrin.h>

#include "cham_sse_defs.h"

static inline V rol32_8(V x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14));
}
static inline V ror32_8(V x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
}
static inline V bswap32(V x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
}
static inline V rol16_8(V x)
{
    return _mm_shuffle_epi8(x, _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14));
}

#define CH_NAME "ssse3"
#define CH_TABLE64 karx_i_cham64_ssse3
#define CH_TABLE128 karx_i_cham128_ssse3
#include "cham_simd.h"
