/* ARIA kernels with GFNI, written once over a vector width (aria_avx512_gfni.c: zmm, four blocks
 * a register; aria_avx2_gfni.c: ymm, two). One block per 128-bit lane, state byte i in lane byte
 * i, as aria_core.h holds it.
 *
 * Substitution: every S-box is out o inv o in over the AES field (aria_core.h), which is what
 * gf2p8affineinvqb (an affine map after the inverse) and gf2p8affineqb (an affine map) compute:
 *   SB1 = affineinv(x, AES's map, 0x63)        SB2 = affineinv(x, S2's out map, 0xE2)
 *   SB3 = affineinv(affine(x, S1^-1's in map, 0x05), identity, 0)
 *   SB4 = affineinv(affine(x, S2^-1's in map, 0x2C), identity, 0)
 * The matrix is per 64-bit lane, not per byte, so each round computes the forms it needs over the
 * whole register and keeps each byte's own with byte masks: odd bytes take SB2/SB4, even ones
 * SB1/SB3 (both layers); bytes 2, 3 mod 4 (SL1) or 0, 1 mod 4 (SL2) take the inverse forms.
 * Diffusion: each output byte of A is the xor of seven input bytes, so A is seven byte shuffles
 * (index k: the k-th input of each output byte) and their xor.
 *
 * GFNI's matrices here: row i (the bits of the input that output bit i sums) in byte 7 - i of the
 * qword; derived from aria.c's columns (ARIA_COLUMNS) and checked against the published S-boxes
 * by the kernel tests and self-test (a wrong one fails every block).
 *
 * No table, branch or address depends on the key or the data. The includer defines:
 *   V, ARIA_VB (blocks per register), V_LOAD(p), V_STORE(p, v), V_XOR(a, b), V_XOR3(a, b, c),
 *   V_SHUF(x, idx) (pshufb within 128-bit lanes), V_AFF(x, m, b), V_AFFINV(x, m, b),
 *   V_SEL(m, b, a) (b where m's byte is 0xff, else a), V_BCAST128(p), V_SET64(q),
 *   V_ADD64(a, b), V_CTR_LANES(hi, lo) (lane i: the 64-bit integers hi, lo + i),
 *   V_CTR_STEP(n) (lane i: 0, n), ARIA_TABLE (the kernel table's name), ARIA_KS (its key-schedule
 *   steps' name) and ARIA_NAME (its back-end name). */
#include <string.h>

#include "../common/clear.h"
#include "aria_core.h"

#define ARIA_NV 4 /* registers in flight: the GFNI ops' latency hidden by four chains */
#define ARIA_GROUP (ARIA_NV * ARIA_VB) /* blocks per group */

/* The affine maps as GFNI matrices (see above). */
#define ARIA_M_SB1_OUT 0xf1e3c78f1f3e7cf8ull /* AES's */
#define ARIA_M_SB2_OUT 0xeafcb7c3c273c66full
#define ARIA_M_SB3_IN 0xa44992254a942952ull
#define ARIA_M_SB4_IN 0x186450c737d6bdc9ull
#define ARIA_M_ID 0x0102040810204080ull

/* Byte masks of one 128-bit lane: odd bytes; the inverse forms' bytes in SL1 and in SL2. */
static const uint8_t aria_odd[16] = {0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff,
                                     0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff};
static const uint8_t aria_inv_sl1[16] = {0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff,
                                         0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff};
static const uint8_t aria_inv_sl2[16] = {0xff, 0xff, 0, 0, 0xff, 0xff, 0, 0,
                                         0xff, 0xff, 0, 0, 0xff, 0xff, 0, 0};
/* A as seven shuffles: entry k of output byte i is the k-th input byte of y_i (RFC 5794 2.4.3,
 * aria_core.h's karx_aria_diffuse). */
static const uint8_t aria_a_idx[7][16] = {
    {3, 2, 1, 0, 0, 1, 0, 1, 0, 0, 2, 2, 1, 0, 0, 1},
    {4, 5, 4, 5, 2, 3, 2, 3, 1, 1, 3, 3, 2, 3, 3, 2},
    {6, 7, 6, 7, 5, 4, 7, 6, 4, 5, 5, 4, 6, 6, 4, 4},
    {8, 8, 10, 10, 8, 9, 9, 8, 7, 6, 6, 7, 7, 7, 5, 5},
    {9, 9, 11, 11, 11, 10, 10, 11, 10, 11, 8, 9, 9, 8, 9, 8},
    {13, 12, 12, 13, 14, 14, 12, 12, 13, 12, 13, 12, 11, 10, 11, 10},
    {14, 15, 15, 14, 15, 15, 13, 13, 15, 14, 15, 14, 12, 13, 14, 15},
};

typedef struct aria_consts {
    V odd, inv[2], idx[7];
} aria_consts;

static inline void aria_consts_load(aria_consts *c)
{
    c->odd = V_BCAST128(aria_odd);
    c->inv[0] = V_BCAST128(aria_inv_sl1);
    c->inv[1] = V_BCAST128(aria_inv_sl2);
    for (int k = 0; k < 7; k++)
        c->idx[k] = V_BCAST128(aria_a_idx[k]);
}

/* Substitution layer SL1 (layer 0) or SL2 (layer 1). */
static inline V aria_sl(V x, const aria_consts *c, int layer)
{
    V fwd = V_SEL(c->odd, V_AFFINV(x, V_SET64(ARIA_M_SB2_OUT), 0xe2),
                  V_AFFINV(x, V_SET64(ARIA_M_SB1_OUT), 0x63));
    V pre = V_SEL(c->odd, V_AFF(x, V_SET64(ARIA_M_SB4_IN), 0x2c),
                  V_AFF(x, V_SET64(ARIA_M_SB3_IN), 0x05));
    return V_SEL(c->inv[layer], V_AFFINV(pre, V_SET64(ARIA_M_ID), 0), fwd);
}

static inline V aria_a(V x, const aria_consts *c)
{
    V t = V_XOR3(V_SHUF(x, c->idx[0]), V_SHUF(x, c->idx[1]), V_SHUF(x, c->idx[2]));
    t = V_XOR3(t, V_SHUF(x, c->idx[3]), V_SHUF(x, c->idx[4]));
    return V_XOR3(t, V_SHUF(x, c->idx[5]), V_SHUF(x, c->idx[6]));
}

/* nv registers of blocks through the rounds with round keys rk[0..rounds] (ek or dk: the same
 * algorithm, aria_core.h); inlined with nv a constant. */
static inline __attribute__((always_inline)) void aria_crypt_regs(const uint8_t (*rk)[16],
                                                                  unsigned rounds, V *s, int nv,
                                                                  const aria_consts *c)
{
    for (unsigned r = 0; r + 1 < rounds; r++) {
        V k = V_BCAST128(rk[r]);
        for (int j = 0; j < nv; j++)
            s[j] = aria_a(aria_sl(V_XOR(s[j], k), c, (int)(r & 1)), c);
    }
    V k = V_BCAST128(rk[rounds - 1]), last = V_BCAST128(rk[rounds]);
    for (int j = 0; j < nv; j++)
        s[j] = V_XOR(aria_sl(V_XOR(s[j], k), c, 1), last);
}

/* One block alone (the serial modes' single blocks, CMAC, GCM's H and J0: karx_i_single) in an
 * xmm register: the same steps as aria_sl / aria_a / aria_crypt_regs, without a wide register to
 * pad and wipe. blendv(a, b, m): b where m's byte is 0xff. */
static inline __m128i aria_x_set(uint64_t q)
{
    return _mm_set1_epi64x((long long)q);
}

static inline __m128i aria_x_ld(const void *p)
{
    return _mm_loadu_si128((const __m128i *)p);
}

static inline __m128i aria_x_sl(__m128i x, __m128i odd, __m128i inv)
{
    __m128i sb1 = _mm_gf2p8affineinv_epi64_epi8(x, aria_x_set(ARIA_M_SB1_OUT), 0x63);
    __m128i sb2 = _mm_gf2p8affineinv_epi64_epi8(x, aria_x_set(ARIA_M_SB2_OUT), 0xe2);
    __m128i fwd = _mm_blendv_epi8(sb1, sb2, odd);
    __m128i pre = _mm_blendv_epi8(_mm_gf2p8affine_epi64_epi8(x, aria_x_set(ARIA_M_SB3_IN), 0x05),
                                  _mm_gf2p8affine_epi64_epi8(x, aria_x_set(ARIA_M_SB4_IN), 0x2c),
                                  odd);
    return _mm_blendv_epi8(fwd, _mm_gf2p8affineinv_epi64_epi8(pre, aria_x_set(ARIA_M_ID), 0), inv);
}

static inline __m128i aria_x_a(__m128i x)
{
    __m128i s = _mm_shuffle_epi8(x, aria_x_ld(aria_a_idx[0]));
    for (int k = 1; k < 7; k++)
        s = _mm_xor_si128(s, _mm_shuffle_epi8(x, aria_x_ld(aria_a_idx[k])));
    return s;
}

static void aria_one(const uint8_t (*rk)[16], unsigned rounds, uint8_t *out, const uint8_t *in)
{
    const __m128i odd = aria_x_ld(aria_odd);
    const __m128i inv[2] = {aria_x_ld(aria_inv_sl1), aria_x_ld(aria_inv_sl2)};
    __m128i s = aria_x_ld(in);
    for (unsigned r = 0; r + 1 < rounds; r++)
        s = aria_x_a(aria_x_sl(_mm_xor_si128(s, aria_x_ld(rk[r])), odd, inv[r & 1]));
    s = aria_x_sl(_mm_xor_si128(s, aria_x_ld(rk[rounds - 1])), odd, inv[1]);
    _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(s, aria_x_ld(rk[rounds])));
}

/* The key schedule's steps (karx_i_aria_ks_ops) on the state as aria_core.h holds it: s[0] and
 * s[1] little-endian are bytes 0..15, which is how an xmm register loads them. */
static void aria_ks_round(uint64_t s[2], const uint8_t rk[16], int layer)
{
    const __m128i inv = aria_x_ld(layer ? aria_inv_sl2 : aria_inv_sl1);
    __m128i x = _mm_xor_si128(aria_x_ld(s), aria_x_ld(rk));
    _mm_storeu_si128((__m128i *)(void *)s, aria_x_a(aria_x_sl(x, aria_x_ld(aria_odd), inv)));
}

static void aria_ks_diffuse(uint64_t s[2])
{
    _mm_storeu_si128((__m128i *)(void *)s, aria_x_a(aria_x_ld(s)));
}

/* nblocks from in to out (ECB with ek or dk): one block alone in an xmm register; else whole
 * groups, then whole registers, then the last blocks through a zero-padded register on the
 * stack (wiped). */
static void aria_ecb(const uint8_t (*rk)[16], unsigned rounds, uint8_t *out, const uint8_t *in,
                     size_t nblocks)
{
    if (nblocks == 1) {
        aria_one(rk, rounds, out, in);
        return;
    }
    aria_consts c;
    aria_consts_load(&c);
    V s[ARIA_NV];
    for (; nblocks >= ARIA_GROUP; nblocks -= ARIA_GROUP, in += 16 * ARIA_GROUP,
                                   out += 16 * ARIA_GROUP) {
        for (int j = 0; j < ARIA_NV; j++)
            s[j] = V_LOAD(in + 16 * ARIA_VB * j);
        aria_crypt_regs(rk, rounds, s, ARIA_NV, &c);
        for (int j = 0; j < ARIA_NV; j++)
            V_STORE(out + 16 * ARIA_VB * j, s[j]);
    }
    for (; nblocks >= ARIA_VB; nblocks -= ARIA_VB, in += 16 * ARIA_VB, out += 16 * ARIA_VB) {
        s[0] = V_LOAD(in);
        aria_crypt_regs(rk, rounds, s, 1, &c);
        V_STORE(out, s[0]);
    }
    if (nblocks != 0) {
        uint8_t buf[16 * ARIA_VB] = {0};
        memcpy(buf, in, 16 * nblocks);
        s[0] = V_LOAD(buf);
        aria_crypt_regs(rk, rounds, s, 1, &c);
        V_STORE(buf, s[0]);
        memcpy(out, buf, 16 * nblocks);
        karx_memzero(buf, sizeof buf);
    }
}

static void aria_ecb_encrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_aria_key *ks = (const karx_aria_key *)ks_;
    aria_ecb(ks->ek, ks->rounds, out, in, nblocks);
}

static void aria_ecb_decrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const karx_aria_key *ks = (const karx_aria_key *)ks_;
    aria_ecb(ks->dk, ks->rounds, out, in, nblocks);
}

/* Big-endian bytes of each lane's two 64-bit halves (the counter is kept as native integers,
 * high half first). */
static const uint8_t aria_bswap64[16] = {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8};

/* CTR. A whole group whose low counter half does not wrap inside it: the counters made in the
 * registers (lane i: high half, low half + i, byte-swapped to big-endian). Otherwise (the last,
 * short group, or a carry into the high half): the counter blocks written big-endian on the
 * stack, the halves carried one block at a time, and the data through the stack, so nothing
 * past nblocks is read or written; the stack is wiped at the end. The branch between the two
 * reads the counter, which is public (an IV or GCM's J0), never the key or the data. */
static void aria_ctr_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t nblocks,
                         const uint8_t *ctr)
{
    const karx_aria_key *ks = (const karx_aria_key *)ks_;
    aria_consts c;
    aria_consts_load(&c);
    const V bswap = V_BCAST128(aria_bswap64), step = V_CTR_STEP(ARIA_VB);
    uint64_t hi = karx_load64_be(ctr), lo = karx_load64_be(ctr + 8);
    /* zeroed: a short group's tail reads whole registers */
    uint8_t blk[16 * ARIA_GROUP] = {0}, data[16 * ARIA_GROUP] = {0};
    V s[ARIA_NV];
    while (nblocks >= ARIA_GROUP && lo <= UINT64_MAX - ARIA_GROUP) {
        V n = V_CTR_LANES(hi, lo);
        for (int j = 0; j < ARIA_NV; j++, n = V_ADD64(n, step))
            s[j] = V_SHUF(n, bswap);
        aria_crypt_regs(ks->ek, ks->rounds, s, ARIA_NV, &c);
        for (int j = 0; j < ARIA_NV; j++)
            V_STORE(out + 16 * ARIA_VB * j, V_XOR(s[j], V_LOAD(in + 16 * ARIA_VB * j)));
        lo += ARIA_GROUP;
        nblocks -= ARIA_GROUP, in += 16 * ARIA_GROUP, out += 16 * ARIA_GROUP;
    }
    while (nblocks != 0) {
        size_t n = nblocks < ARIA_GROUP ? nblocks : ARIA_GROUP;
        for (size_t b = 0; b < n; b++) {
            karx_store64_be(blk + 16 * b, hi);
            karx_store64_be(blk + 16 * b + 8, lo);
            lo++;
            hi += lo == 0;
        }
        int nv = (int)((n + ARIA_VB - 1) / ARIA_VB);
        for (int j = 0; j < nv; j++) {
            s[0] = V_LOAD(blk + 16 * ARIA_VB * j);
            aria_crypt_regs(ks->ek, ks->rounds, s, 1, &c);
            V_STORE(blk + 16 * ARIA_VB * j, s[0]);
        }
        memcpy(data, in, 16 * n);
        for (size_t i = 0; i < 16 * n; i++)
            data[i] ^= blk[i];
        memcpy(out, data, 16 * n);
        nblocks -= n, in += 16 * n, out += 16 * n;
    }
    karx_memzero(blk, sizeof blk);
    karx_memzero(data, sizeof data);
}

const karx_block_kernels ARIA_TABLE = {ARIA_NAME, ARIA_VB, aria_ecb_encrypt, aria_ecb_decrypt,
                                       aria_ctr_xor, NULL, NULL};
const karx_i_aria_ks_ops ARIA_KS = {aria_ks_round, aria_ks_diffuse};
