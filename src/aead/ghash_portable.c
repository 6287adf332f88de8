/* GHASH, portable and constant time: carry-less multiplication built from ordinary integer
 * multiplications on operands with holes (every fourth bit kept by a mask), so no table is
 * indexed by H or the data and nothing branches on them. Integer multiplication is assumed to be
 * constant time, as on every 64-bit target the library supports.
 *
 * Block = big-endian 128-bit integer (coefficient of x^i at bit 127 - i); see ghash.h. */
#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "common/endian.h"

#include "karx/common.h"



/* Low 64 bits of the carry-less product x * y. Each of the 16 partial products sums bits four
 * positions apart; below bit 60 a position collects at most 15 of them, so the carries never reach
 * the next kept bit, and the masks keep exactly the parity. */
static uint64_t bmul64(uint64_t x, uint64_t y)
{
    const uint64_t m0 = 0x1111111111111111ull, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

static uint64_t rev64(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
    x = ((x >> 8) & 0x00ff00ff00ff00ffull) | ((x & 0x00ff00ff00ff00ffull) << 8);
    x = ((x >> 16) & 0x0000ffff0000ffffull) | ((x & 0x0000ffff0000ffffull) << 16);
    return (x >> 32) | (x << 32);
}

/* Full 127-bit carry-less product: the high half from the product of the bit-reversed operands. */
static void clmul64(uint64_t x, uint64_t y, uint64_t *hi, uint64_t *lo)
{
    *lo = bmul64(x, y);
    *hi = rev64(bmul64(rev64(x), rev64(y))) >> 1;
}

/* z = a * b in GF(2^128) with the GCM polynomial, all as {lo, hi} integer halves. */
static void gf_mul(uint64_t z[2], const uint64_t a[2], const uint64_t b[2])
{
    uint64_t l1, l0, h1, h0, m1, m0;
    clmul64(a[0], b[0], &l1, &l0);
    clmul64(a[1], b[1], &h1, &h0);
    clmul64(a[0] ^ a[1], b[0] ^ b[1], &m1, &m0);
    m1 ^= l1 ^ h1;
    m0 ^= l0 ^ h0;
    /* 255-bit product W3:W2:W1:W0 (coefficient i at bit 254 - i) */
    uint64_t w3 = h1, w2 = h0 ^ m1, w1 = l1 ^ m0, w0 = l0;
    /* shift left by one: coefficient i at bit 255 - i */
    w3 = (w3 << 1) | (w2 >> 63);
    w2 = (w2 << 1) | (w1 >> 63);
    w1 = (w1 << 1) | (w0 >> 63);
    w0 <<= 1;
    /* fold coefficients 128..254 with x^128 = x^7 + x^2 + x + 1 (W0 first: it spills into W1) */
    w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
    w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
    w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
    w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
    z[0] = w2;
    z[1] = w3;
}

void karx_i_ghash_powers_portable(uint64_t htab[2 * KARX_I_GHASH_POWERS], const uint8_t h[16],
                                  unsigned n)
{
    htab[0] = karx_load64_be(h + 8);
    htab[1] = karx_load64_be(h);
    for (unsigned k = 1; k < n && k < KARX_I_GHASH_POWERS; k++)
        gf_mul(htab + 2 * k, htab + 2 * (k - 1), htab);
}

void karx_i_ghash_blocks_portable(const uint64_t htab[2 * KARX_I_GHASH_POWERS], uint8_t y[16],
                                  const uint8_t *data, size_t nblocks)
{
    uint64_t s[2] = {karx_load64_be(y + 8), karx_load64_be(y)};
    for (size_t i = 0; i < nblocks; i++, data += 16) {
        s[0] ^= karx_load64_be(data + 8);
        s[1] ^= karx_load64_be(data);
        gf_mul(s, s, htab);
    }
    karx_store64_be(y, s[1]);
    karx_store64_be(y + 8, s[0]);
    karx_memzero(s, sizeof s);
}

const karx_i_ghash_kernels karx_i_ghash_portable = {"portable", 1, karx_i_ghash_powers_portable,
                                                    karx_i_ghash_blocks_portable};

void karx_i_gcm_stitch_table(uint64_t hstitch[KARX_I_GCM_STITCH_WORDS], const uint64_t *htab)
{
    const int agg = KARX_I_GCM_STITCH_AGG, kara = 2 * KARX_I_GCM_STITCH_AGG;
    for (int i = 0; i < agg; i++) { /* row i / 2, lane i % 2: H^(agg - i) */
        const uint64_t *h = htab + 2 * (agg - 1 - i);
        hstitch[2 * i] = h[0];
        hstitch[2 * i + 1] = h[1];
        hstitch[kara + 2 * i] = hstitch[kara + 2 * i + 1] = h[0] ^ h[1];
    }
}
