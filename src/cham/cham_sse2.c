/* CHAM kernels for SSE2: 4 CHAM-128 or 8 CHAM-64 blocks per xmm (cham_simd.h). SSE2 has no
 * byte shuffle, so every rotation is two shifts and an or (rol 1: add, shift, or). */
#include <emmintrin.h>

#include "cham_sse_defs.h"

static inline V rol32_8(V x) { return _mm_or_si128(_mm_slli_epi32(x, 8), _mm_srli_epi32(x, 24)); }
static inline V ror32_8(V x) { return _mm_or_si128(_mm_slli_epi32(x, 24), _mm_srli_epi32(x, 8)); }
static inline V rol16_8(V x) { return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8)); }
static inline V bswap32(V x)
{
    x = rol16_8(x);
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xb1), 0xb1);
}

#define CH_NAME "sse2"
#define CH_TABLE64 karx_i_cham64_sse2
#define CH_TABLE128 karx_i_cham128_sse2
#include "cham_simd.h"
