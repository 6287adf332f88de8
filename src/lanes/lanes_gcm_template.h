/* GCM's counter pass with GHASH fused, and the lane GHASH, for lane kernels on a CPU with
 * VPCLMULQDQ (lanes.h: gcm32_xor, ghash), one body for zmm (16 lanes, lanes_gcm_avx512.h) and
 * ymm (8 lanes, lanes_gcm_avx2.h). Each step encrypts a counter block in every lane, XORs it
 * into the records, and multiplies every lane's GHASH state by that lane's H: four registers
 * of GV_LANES lanes each (register j holds lanes j, 4 + j, ...: the layout of the in-register
 * transpose), Karatsuba products summed over four steps and reduced once, so one pass reads each
 * record once, and a session's H..H^4 (the first lines of its key) is all the GHASH part
 * touches. The including header defines, over GV (a vector of GV_LANES 128-bit chunks):
 *   GV_XOR, GV_OR, GV_CLMUL(a, b, imm), GV_BSLLI / GV_BSRLI (bytes, per chunk), GV_SLLI64,
 *   GV_SRLI64, GV_SWAP64 (the halves of each chunk), GV_BSWAP128 (bytes of each chunk),
 *   GV_TRANSPOSE(x, r) (four LV words to four GV of blocks), GV_LOADN(p, j, off, live) and
 *   GV_STOREN(p, j, off, live, v) (lanes j, 4 + j, ... of r[j]).
 * A family's <family>_lanes_<isa>_vpclmul.c writes GL_GCM32(prefix) after its rounds, and
 * GL_GHASH(name) defines the lane GHASH. */
#ifndef KARX_LANES_GCM_TEMPLATE_H
#define KARX_LANES_GCM_TEMPLATE_H

/* The reduction of ghash_reduce.h (the shift-and-xor form, integer representation of ghash.h)
 * on four 128-bit chunks at once. */
static inline GV gl_reduce(GV lo, GV hi, GV mid)
{
    mid = GV_XOR(mid, GV_XOR(lo, hi));
    GV l = GV_XOR(lo, GV_BSLLI(mid, 8));
    GV h = GV_XOR(hi, GV_BSRLI(mid, 8));
    GV cl = GV_SRLI64(l, 63), ch = GV_SRLI64(h, 63);
    l = GV_OR(GV_SLLI64(l, 1), GV_BSLLI(cl, 8));
    h = GV_OR(GV_OR(GV_SLLI64(h, 1), GV_BSLLI(ch, 8)),
                        GV_BSRLI(cl, 8));
    GV sp = GV_XOR(GV_XOR(GV_SLLI64(l, 63),
                                                   GV_SLLI64(l, 62)),
                                  GV_SLLI64(l, 57));
    l = GV_XOR(l, GV_BSLLI(sp, 8));
    GV f = GV_XOR(GV_XOR(l, GV_SRLI64(l, 1)),
                                 GV_XOR(GV_SRLI64(l, 2), GV_SRLI64(l, 7)));
    return GV_XOR(GV_XOR(h, f), GV_BSRLI(sp, 8));
}

/* Spec bytes <-> the integer form, in every chunk. */
static inline GV gl_bswap(GV x) { return GV_BSWAP128(x); }

/* (y ^ x) * H for four lanes; hk = H ^ (H with its halves swapped), for Karatsuba's middle. */
static inline GV gl_mul(GV y, GV x, GV h, GV hk)
{
    GV a = GV_XOR(y, x);
    GV ak = GV_XOR(a, GV_SWAP64(a));
    return gl_reduce(GV_CLMUL(a, h, 0x00), GV_CLMUL(a, h, 0x11),
                     GV_CLMUL(ak, hk, 0x00));
}

/* Each lane's H .. H^4 (from h[i]) gathered in the r[j] layout, with their Karatsuba halves;
 * H^2 .. H^4 only for a call of four blocks or more (a gather is four loads and inserts). */
#define GL_POWERS(H, HK, h, live, n)                                                           \
    for (unsigned p_ = 0; p_ < ((n) >= 4 ? 4u : 1u); p_++)                                     \
        for (unsigned j_ = 0; j_ < 4; j_++) {                                                  \
            H[p_][j_] = GV_LOADN(h, j_, 16 * p_, live);                                        \
            HK[p_][j_] = GV_XOR(H[p_][j_], GV_SWAP64(H[p_][j_]));                              \
        }

/* One counter step at offset off: encrypt, XOR into the live lanes, and hand back the four
 * registers of ciphertext blocks (r[j] layout) in GHASH's integer form. */
#define GL_STEP(cipher, s, g)                                                                  \
    do {                                                                                       \
        LV x_[4] = {c0, c1, c2, LV_BSWAP32(LV_ADD(c3v, LV_SET1((uint32_t)(s))))};              \
        LV_FN(cipher##_rounds)(ctx, x_);                                                       \
        GV r_[4];                                                                         \
        GV_TRANSPOSE(x_, r_);                                                     \
        for (unsigned j_ = 0; j_ < 4; j_++) {                                                  \
            GV d_ = GV_LOADN(in, j_, off, live);                             \
            GV o_ = GV_XOR(r_[j_], d_);                                         \
            GV_STOREN(out, j_, off, live, o_);                                    \
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
        const uint8_t *const *h, const uint8_t *const *pre, const uint8_t *const *post)        \
    {                                                                                          \
        const LV_FN(cipher##_ctx) *ctx = (const LV_FN(cipher##_ctx) *)vctx;                    \
        GV H[4][4], HK[4][4], Y[4], g[4];                                                 \
        GL_POWERS(H, HK, h, live, nsteps);                                                     \
        for (unsigned j = 0; j < 4; j++)                                                       \
            Y[j] = gl_bswap(GV_LOADN((const uint8_t *const *)(const void *)y, j, 0, live)); \
        if (pre != NULL) /* a block before the ciphertext (a record's AAD) */                  \
            for (unsigned j = 0; j < 4; j++)                                                   \
                Y[j] = gl_mul(Y[j], gl_bswap(GV_LOADN(pre, j, 0, live)), H[0][j], HK[0][j]);   \
        LV c0 = LV_LOAD(c), c1 = LV_LOAD(c + LV_L), c2 = LV_LOAD(c + 2 * LV_L);                 \
        LV c3v = LV_LOAD(c + 3 * LV_L);                                                        \
        size_t s = 0;                                                                          \
        for (; s + 4 <= nsteps; s += 4) {                                                      \
            GV lo[4], hi[4], mid[4];                                                      \
            for (unsigned i = 0; i < LV_L; i++) /* 16 streams outrun the prefetchers */         \
                if (live >> i & 1) {                                                           \
                    _mm_prefetch((const char *)(in[i] + off + GL_AHEAD), _MM_HINT_T0);         \
                    _mm_prefetch((const char *)(out[i] + off + GL_AHEAD), _MM_HINT_T0);        \
                }                                                                              \
            for (unsigned q = 0; q < 4; q++, off += 16) {                                      \
                GL_STEP(cipher, s + q, g);                                                     \
                for (unsigned j = 0; j < 4; j++) {                                             \
                    GV a = q == 0 ? GV_XOR(g[j], Y[j]) : g[j];                  \
                    GV ak = GV_XOR(a, GV_SWAP64(a));  \
                    GV l_ = GV_CLMUL(a, H[3 - q][j], 0x00);               \
                    GV h_ = GV_CLMUL(a, H[3 - q][j], 0x11);               \
                    GV m_ = GV_CLMUL(ak, HK[3 - q][j], 0x00);             \
                    lo[j] = q == 0 ? l_ : GV_XOR(lo[j], l_);                         \
                    hi[j] = q == 0 ? h_ : GV_XOR(hi[j], h_);                         \
                    mid[j] = q == 0 ? m_ : GV_XOR(mid[j], m_);                       \
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
        if (post != NULL) /* a block after it (the length block) */                            \
            for (unsigned j = 0; j < 4; j++)                                                   \
                Y[j] = gl_mul(Y[j], gl_bswap(GV_LOADN(post, j, 0, live)), H[0][j], HK[0][j]);  \
        for (unsigned j = 0; j < 4; j++)                                                       \
            GV_STOREN(y, j, 0, live, gl_bswap(Y[j]));                             \
    }

/* The lane GHASH alone, four blocks a reduction as in GL_GCM32. */
#define GL_GHASH(name)                                                                         \
    void name(uint8_t *const *y, const uint8_t *const *h, const uint8_t *const *data,          \
              size_t nblocks, uint32_t live)                                                   \
    {                                                                                          \
    GV H[4][4], HK[4][4], Y[4];                                                                \
    GL_POWERS(H, HK, h, live, nblocks);                                                        \
    for (unsigned j = 0; j < 4; j++)                                                           \
        Y[j] = gl_bswap(GV_LOADN((const uint8_t *const *)(const void *)y, j, 0, live));        \
    size_t b = 0;                                                                              \
    for (; b + 4 <= nblocks; b += 4) {                                                         \
        for (unsigned j = 0; j < 4; j++) {                                                     \
            GV lo = GV_ZERO(), hi = lo, mid = lo;                                              \
            for (unsigned q = 0; q < 4; q++) {                                                 \
                GV a = gl_bswap(GV_LOADN(data, j, 16 * (b + q), live));                        \
                if (q == 0)                                                                    \
                    a = GV_XOR(a, Y[j]);                                                       \
                GV ak = GV_XOR(a, GV_SWAP64(a));                                               \
                lo = GV_XOR(lo, GV_CLMUL(a, H[3 - q][j], 0x00));                               \
                hi = GV_XOR(hi, GV_CLMUL(a, H[3 - q][j], 0x11));                               \
                mid = GV_XOR(mid, GV_CLMUL(ak, HK[3 - q][j], 0x00));                           \
            }                                                                                  \
            Y[j] = gl_reduce(lo, hi, mid);                                                     \
        }                                                                                      \
    }                                                                                          \
    for (; b < nblocks; b++)                                                                   \
        for (unsigned j = 0; j < 4; j++)                                                       \
            Y[j] = gl_mul(Y[j], gl_bswap(GV_LOADN(data, j, 16 * b, live)), H[0][j],            \
                          HK[0][j]);                                                           \
    for (unsigned j = 0; j < 4; j++)                                                           \
        GV_STOREN(y, j, 0, live, gl_bswap(Y[j]));                                              \
    }

#endif
