/* ARIA AVX2 + GFNI kernel: two blocks a ymm register, eight in flight (aria_gfni_template.h);
 * run only where the CPU has GFNI (KARX_CPU_GFNI): Intel from Ice Lake and Alder Lake, AMD from
 * Zen 4. */
#include <immintrin.h>

#define V __m256i
#define ARIA_VB 2
#define V_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define V_XOR(a, b) _mm256_xor_si256((a), (b))
#define V_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256((a), (b)), (c))
#define V_SHUF(x, idx) _mm256_shuffle_epi8((x), (idx))
#define V_AFF(x, m, b) _mm256_gf2p8affine_epi64_epi8((x), (m), (b))
#define V_AFFINV(x, m, b) _mm256_gf2p8affineinv_epi64_epi8((x), (m), (b))
#define V_SEL(m, b, a) _mm256_blendv_epi8((a), (b), (m)) /* m ? b : a */
#define V_BCAST128(p) \
    _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define V_SET64(q) _mm256_set1_epi64x((long long)(q))
#define V_ADD64(a, b) _mm256_add_epi64((a), (b))
#define V_CTR_LANES(hi, lo) \
    _mm256_set_epi64x((long long)((lo) + 1), (long long)(hi), (long long)(lo), (long long)(hi))
#define V_CTR_STEP(n) _mm256_set_epi64x((n), 0, (n), 0)
#define ARIA_TABLE karx_i_aria_avx2_gfni
#define ARIA_KS karx_i_aria_ks_avx2_gfni
#define ARIA_NAME "avx2+gfni"
#include "aria_gfni_template.h"
