/* AVX-512 operations for the multi-buffer template (lsh_mb_template.h): one message per 32-bit
 * (LSH-256) or 64-bit (LSH-512) lane of a zmm. alpha/beta rotations use vprold/vprolq (port 0
 * only); the byte-multiple gamma rotations use vpshufb (port 5) to keep the two vector ports
 * balanced. */
#include <immintrin.h>

#include "lsh_family.h"

typedef __m512i V;

#if LSH_BITS == 256
#define ADD(a, b) _mm512_add_epi32(a, b)
#define ROL(x, r) _mm512_rol_epi32(x, r)
#define SET1(w) _mm512_set1_epi32((int)(w))
#else
#define ADD(a, b) _mm512_add_epi64(a, b)
#define ROL(x, r) _mm512_rol_epi64(x, r)
#define SET1(w) _mm512_set1_epi64((long long)(w))
#endif
#define XOR(a, b) _mm512_xor_si512(a, b)
#define AND(a, b) _mm512_and_si512(a, b)
#define OR(a, b) _mm512_or_si512(a, b)
#define SHUFB(x, m) _mm512_shuffle_epi8(x, m)
#define ROTB(k) _mm512_broadcast_i32x4(_mm_setr_epi8(LSHF_ROTB_BYTES(k)))
#define LOADV(p) _mm512_loadu_si512(p)
#define STOREV(p, v) _mm512_storeu_si512(p, v)

/* 32 bytes at lo in the low half, 32 at hi in the high half: the first stage of a transpose. */
static inline __m512i load2x256(const uint8_t *lo, const uint8_t *hi)
{
    __m256i l = _mm256_loadu_si256((const __m256i *)(const void *)lo);
    __m256i h = _mm256_loadu_si256((const __m256i *)(const void *)hi);
    return _mm512_inserti64x4(_mm512_castsi256_si512(l), h, 1);
}

