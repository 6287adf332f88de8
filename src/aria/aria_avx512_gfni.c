/* ARIA AVX-512 (F, VL, BW) + GFNI kernel: four blocks a zmm register, sixteen in flight
 * (aria_gfni_template.h); run only where the CPU has GFNI (KARX_CPU_GFNI). */
#include <immintrin.h>

#define V __m512i
#define ARIA_VB 4
#define V_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define V_STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define V_XOR(a, b) _mm512_xor_si512((a), (b))
#define V_XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define V_SHUF(x, idx) _mm512_shuffle_epi8((x), (idx))
#define V_AFF(x, m, b) _mm512_gf2p8affine_epi64_epi8((x), (m), (b))
#define V_AFFINV(x, m, b) _mm512_gf2p8affineinv_epi64_epi8((x), (m), (b))
#define V_SEL(m, b, a) _mm512_ternarylogic_epi64((m), (b), (a), 0xca) /* m ? b : a */
#define V_BCAST128(p) _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define V_SET64(q) _mm512_set1_epi64((long long)(q))
#define V_ADD64(a, b) _mm512_add_epi64((a), (b))
#define V_CTR_LANES(hi, lo)                                                                  \
    _mm512_set_epi64((long long)((lo) + 3), (long long)(hi), (long long)((lo) + 2),            \
                     (long long)(hi), (long long)((lo) + 1), (long long)(hi), (long long)(lo),  \
                     (long long)(hi))
#define V_CTR_STEP(n) _mm512_set_epi64((n), 0, (n), 0, (n), 0, (n), 0)
#define ARIA_TABLE karx_i_aria_avx512_gfni
#define ARIA_KS karx_i_aria_ks_avx512_gfni
#define ARIA_NAME "avx512+gfni"
#include "aria_gfni_template.h"
