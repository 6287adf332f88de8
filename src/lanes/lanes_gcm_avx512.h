/* GCM's counter pass with GHASH fused, for the AVX-512 lane kernels on a CPU with VPCLMULQDQ
 * (lanes.h: gcm32_xor, ghash). Each step encrypts a counter block in all 16 lanes, XORs it into
 * the records, and multiplies every lane's GHASH state by that lane's H: four zmm registers of
 * four lanes each, Karatsuba products summed over four steps and reduced once, so one pass reads
 * each record once, and a session's H..H^4 (the first lines of its key) is all the GHASH part
 * touches. A family's lea_lanes_avx512_vpclmul.c-style file includes this after its rounds and
 * writes GL_GCM32(prefix). Compile with AVX-512 F/BW and VPCLMULQDQ flags. */
#ifndef KARX_LANES_GCM_AVX512_H
#define KARX_LANES_GCM_AVX512_H

#include "lanes_vec_avx512.h"

/* The lane GHASH alone (lanes_gcm_avx512.c), the kernels' ghash member. */
void karx_i_lanes_ghash_avx512(uint8_t *const *y, const uint8_t *const *h,
                               const uint8_t *const *data, size_t nblocks, uint32_t live);

/* The reduction of ghash_reduce.h (the shift-and-xor form, integer representation of ghash.h)
 * on four 128-bit chunks at once. */
static inline __m512i gl_reduce(__m512i lo, __m512i hi, __m512i mid)
{
    mid = _mm512_xor_si512(mid, _mm512_xor_si512(lo, hi));
    __m512i l = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    __m512i h = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    __m512i cl = _mm512_srli_epi64(l, 63), ch = _mm512_srli_epi64(h, 63);
    l = _mm512_or_si512(_mm512_slli_epi64(l, 1), _mm512_bslli_epi128(cl, 8));
    h = _mm512_or_si512(_mm512_or_si512(_mm512_slli_epi64(h, 1), _mm512_bslli_epi128(ch, 8)),
                        _mm512_bsrli_epi128(cl, 8));
    __m512i sp = _mm512_xor_si512(_mm512_xor_si512(_mm512_slli_epi64(l, 63),
                                                   _mm512_slli_epi64(l, 62)),
                                  _mm512_slli_epi64(l, 57));
    l = _mm512_xor_si512(l, _mm512_bslli_epi128(sp, 8));
    __m512i f = _mm512_xor_si512(_mm512_xor_si512(l, _mm512_srli_epi64(l, 1)),
                                 _mm512_xor_si512(_mm512_srli_epi64(l, 2), _mm512_srli_epi64(l, 7)));
    return _mm512_xor_si512(_mm512_xor_si512(h, f), _mm512_bsrli_epi128(sp, 8));
}

/* Spec bytes <-> the integer form, in every chunk. */
static inline __m512i gl_bswap(__m512i x)
{
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(_mm_set_epi8(
                                      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

/* (y ^ x) * H for four lanes; hk = H ^ (H with its halves swapped), for Karatsuba's middle. */
static inline __m512i gl_mul(__m512i y, __m512i x, __m512i h, __m512i hk)
{
    __m512i a = _mm512_xor_si512(y, x);
    __m512i ak = _mm512_xor_si512(a, _mm512_shuffle_epi32(a, _MM_PERM_BADC));
    return gl_reduce(_mm512_clmulepi64_epi128(a, h, 0x00), _mm512_clmulepi64_epi128(a, h, 0x11),
                     _mm512_clmulepi64_epi128(ak, hk, 0x00));
}

/* One counter step at offset off: encrypt, XOR into the live lanes, and hand back the four
 * registers of ciphertext blocks (r[j] layout) in GHASH's integer form. */
#define GL_STEP(cipher, s, g)                                                                  \
    do {                                                                                       \
        LV x_[4] = {c0, c1, c2, LV_BSWAP32(LV_ADD(c3v, LV_SET1((uint32_t)(s))))};              \
        LV_FN(cipher##_rounds)(ctx, x_);                                                       \
        __m512i r_[4];                                                                         \
        karx_i_lanes512_transpose(x_, r_);                                                     \
        for (unsigned j_ = 0; j_ < 4; j_++) {                                                  \
            __m512i d_ = karx_i_lanes512_load4(in, j_, off, live);                             \
            __m512i o_ = _mm512_xor_si512(r_[j_], d_);                                         \
            karx_i_lanes512_store4(out, j_, off, live, o_);                                    \
            (g)[j_] = gl_bswap(enc ? o_ : d_);                                                 \
        }                                                                                      \
    } while (0)

#define GL_AHEAD 512 /* bytes a lane's loads are prefetched ahead (a hint: past the end is harmless) */

/* Four steps a reduction: (((Y ^ C0) H ^ C1) H ^ C2) H ^ C3) H = (Y ^ C0) H^4 ^ C1 H^3 ^ C2 H^2
 * ^ C3 H, the products summed unreduced (Karatsuba) and reduced once; a last 1-3 steps go one
 * at a time with H. */
#define GL_GCM32(cipher)                                                                       \
    static void LV_FN(cipher##_gcm32_xor)(                                                     \
        const void *vctx, const uint32_t *c, uint8_t *const *out, const uint8_t *const *in,    \
        size_t off, size_t nsteps, uint32_t live, int enc, uint8_t *const *y,                  \
        const uint8_t *const *h)                                                               \
    {                                                                                          \
        const LV_FN(cipher##_ctx) *ctx = (const LV_FN(cipher##_ctx) *)vctx;                    \
        __m512i H[4][4], HK[4][4], Y[4], g[4];                                                 \
        for (unsigned p = 0; p < 4; p++)                                                       \
            for (unsigned j = 0; j < 4; j++) {                                                 \
                H[p][j] = karx_i_lanes512_load4(h, j, 16 * p, live);                           \
                HK[p][j] = _mm512_xor_si512(H[p][j], _mm512_shuffle_epi32(H[p][j], _MM_PERM_BADC)); \
            }                                                                                  \
        for (unsigned j = 0; j < 4; j++)                                                       \
            Y[j] = gl_bswap(karx_i_lanes512_load4((const uint8_t *const *)(const void *)y, j, 0, live)); \
        LV c0 = LV_LOAD(c), c1 = LV_LOAD(c + LV_L), c2 = LV_LOAD(c + 2 * LV_L);                 \
        LV c3v = LV_LOAD(c + 3 * LV_L);                                                        \
        size_t s = 0;                                                                          \
        for (; s + 4 <= nsteps; s += 4) {                                                      \
            __m512i lo[4], hi[4], mid[4];                                                      \
            for (unsigned i = 0; i < LV_L; i++) /* 16 streams outrun the prefetchers */         \
                if (live >> i & 1) {                                                           \
                    _mm_prefetch((const char *)(in[i] + off + GL_AHEAD), _MM_HINT_T0);         \
                    _mm_prefetch((const char *)(out[i] + off + GL_AHEAD), _MM_HINT_T0);        \
                }                                                                              \
            for (unsigned q = 0; q < 4; q++, off += 16) {                                      \
                GL_STEP(cipher, s + q, g);                                                     \
                for (unsigned j = 0; j < 4; j++) {                                             \
                    __m512i a = q == 0 ? _mm512_xor_si512(g[j], Y[j]) : g[j];                  \
                    __m512i ak = _mm512_xor_si512(a, _mm512_shuffle_epi32(a, _MM_PERM_BADC));  \
                    __m512i l_ = _mm512_clmulepi64_epi128(a, H[3 - q][j], 0x00);               \
                    __m512i h_ = _mm512_clmulepi64_epi128(a, H[3 - q][j], 0x11);               \
                    __m512i m_ = _mm512_clmulepi64_epi128(ak, HK[3 - q][j], 0x00);             \
                    lo[j] = q == 0 ? l_ : _mm512_xor_si512(lo[j], l_);                         \
                    hi[j] = q == 0 ? h_ : _mm512_xor_si512(hi[j], h_);                         \
                    mid[j] = q == 0 ? m_ : _mm512_xor_si512(mid[j], m_);                       \
                }                                                                              \
            }                                                                                  \
            for (unsigned j = 0; j < 4; j++)                                                   \
                Y[j] = gl_reduce(lo[j], hi[j], mid[j]);                                        \
        }                                                                                      \
        for (; s < nsteps; s++, off += 16) {                                                   \
            GL_STEP(cipher, s, g);                                                             \
            for (unsigned j = 0; j < 4; j++)                                                   \
                Y[j] = gl_mul(Y[j], g[j], H[0][j], HK[0][j]);                                  \
        }                                                                                      \
        for (unsigned j = 0; j < 4; j++)                                                       \
            karx_i_lanes512_store4(y, j, 0, live, gl_bswap(Y[j]));                             \
    }

#endif
