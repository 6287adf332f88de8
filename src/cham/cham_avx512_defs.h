/* zmm definitions for cham_simd.h, shared by cham_avx512.c and cham_avx512_vbmi2.c (AVX-512
 * F/VL/BW): rotations by 8 bits are one vpshufb (port 5 on Intel) and 32-bit rotations by 1 one
 * vprold (port 0), so the two rotations of a round go to different ports. The including file
 * defines rol16_1 and ror16_1. */
#include <immintrin.h>

#define V __m512i
#define VBYTES 64
#define LOADU(p) _mm512_loadu_si512((const void *)(p))
#define STOREU(p, v) _mm512_storeu_si512((void *)(p), v)
#define XOR _mm512_xor_si512
#define ADD32 _mm512_add_epi32
#define SUB32 _mm512_sub_epi32
#define ADD16 _mm512_add_epi16
#define SUB16 _mm512_sub_epi16
#define SET1_32(x) _mm512_set1_epi32(x)
#define SET1_16(x) _mm512_set1_epi16((short)(x))
#define UNPACKLO16 _mm512_unpacklo_epi16
#define UNPACKHI16 _mm512_unpackhi_epi16
#define UNPACKLO32 _mm512_unpacklo_epi32
#define UNPACKHI32 _mm512_unpackhi_epi32
#define UNPACKLO64 _mm512_unpacklo_epi64
#define UNPACKHI64 _mm512_unpackhi_epi64

/* A byte-shuffle control moving the bytes of each 32-bit word the same way: w gives the source
 * byte of each byte of word 0 (little-endian); the other words add their offset. */
#define CH_BYTES(w)                                                                      \
    _mm512_set4_epi32((int)((w) + 0x0c0c0c0cu), (int)((w) + 0x08080808u),                \
                      (int)((w) + 0x04040404u), (int)(w))

static inline V rol32_8(V x) { return _mm512_shuffle_epi8(x, CH_BYTES(0x02010003u)); }
static inline V ror32_8(V x) { return _mm512_shuffle_epi8(x, CH_BYTES(0x00030201u)); }
static inline V bswap32(V x) { return _mm512_shuffle_epi8(x, CH_BYTES(0x00010203u)); }
static inline V rol16_8(V x) { return _mm512_shuffle_epi8(x, CH_BYTES(0x02030001u)); }

static inline V rol32_1(V x) { return _mm512_rol_epi32(x, 1); }
static inline V ror32_1(V x) { return _mm512_ror_epi32(x, 1); }
