/* AVX2 operations for the multi-buffer template (lsh_mb_template.h): one message per 32-bit
 * (LSH-256) or 64-bit (LSH-512) lane of a ymm. Rotations by alpha and beta are shift/shift/or;
 * the byte-multiple gamma rotations are one vpshufb each (another port than the shifts). */
#include <immintrin.h>

#include "lsh_family.h"

typedef __m256i V;

#if LSH_BITS == 256
#define ADD(a, b) _mm256_add_epi32(a, b)
#define ROL(x, r) _mm256_or_si256(_mm256_slli_epi32(x, r), _mm256_srli_epi32(x, 32 - (r)))
#define SET1(w) _mm256_set1_epi32((int)(w))
#else
#define ADD(a, b) _mm256_add_epi64(a, b)
#define ROL(x, r) _mm256_or_si256(_mm256_slli_epi64(x, r), _mm256_srli_epi64(x, 64 - (r)))
#define SET1(w) _mm256_set1_epi64x((long long)(w))
#endif
#define XOR(a, b) _mm256_xor_si256(a, b)
#define AND(a, b) _mm256_and_si256(a, b)
#define OR(a, b) _mm256_or_si256(a, b)
#define SHUFB(x, m) _mm256_shuffle_epi8(x, m)
#define ROTB(k) _mm256_broadcastsi128_si256(_mm_setr_epi8(LSHF_ROTB_BYTES(k)))
#if LSH_BITS == 256
/* LSH-256: the gamma masks are read by vpshufb straight from memory (inline asm keeps the
 * operand there: the compiler would hold them in 3 of the 16 ymm registers and spill the
 * chaining value instead); 2.5-3 % faster end to end. For LSH-512 (7 masks, fewer spills) the
 * same change measured 3-6 % slower, so it keeps the masks in registers. */
static _Alignas(32) const uint8_t mb_gamma_mask[4][32] = {
    {LSHF_ROTB_BYTES(0), LSHF_ROTB_BYTES(0)}, {LSHF_ROTB_BYTES(1), LSHF_ROTB_BYTES(1)},
    {LSHF_ROTB_BYTES(2), LSHF_ROTB_BYTES(2)}, {LSHF_ROTB_BYTES(3), LSHF_ROTB_BYTES(3)},
};
static inline __m256i mb_shufb_mem(__m256i y, int k)
{
    __m256i r;
    __asm__("vpshufb %2, %1, %0"
            : "=x"(r)
            : "x"(y), "m"(*(const __m256i *)(const void *)mb_gamma_mask[k]));
    return r;
}
#define MB_ROT_GAMMA(y, l, g) (LSHF_GAMMA[l] ? mb_shufb_mem(y, LSHF_GAMMA[l] / 8) : (y))
#endif
#define LOADV(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREV(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)

/* 16 bytes at lo in the low half, 16 at hi in the high half: the first stage of a transpose. */
static inline __m256i load2x128(const uint8_t *lo, const uint8_t *hi)
{
    __m128i l = _mm_loadu_si128((const __m128i *)(const void *)lo);
    __m128i h = _mm_loadu_si128((const __m128i *)(const void *)hi);
    return _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1);
}
