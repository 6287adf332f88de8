/* XTS over whole blocks and ciphertext stealing, for every 128-bit-block cipher: the kernel
 * table's fused xts_xor where it has one, else the generic path below (tweaks for a chunk of
 * blocks in a stack buffer, whitening, the ECB kernel in place, whitening again). */
#include <string.h>

#include "xts_internal.h"

/* Blocks per generic chunk: 4 KiB of tweaks, so that tweaks, input and output stay in L1. */
#if KARX_MODES_CHUNK < 4096
#define XTS_CHUNK (KARX_MODES_CHUNK / 16)
#else
#define XTS_CHUNK 256
#endif

/* n consecutive tweaks from (lo, hi) into tw (16 bytes each); (lo, hi) advances by n. The
 * doubling is branch-free on 64-bit halves. */
static void xts_tweaks(uint8_t *tw, uint64_t *lo_, uint64_t *hi_, size_t n)
{
    uint64_t lo = *lo_, hi = *hi_;
    for (size_t i = 0; i < n; i++) {
        karx_store64_le(tw + 16 * i, lo);
        karx_store64_le(tw + 16 * i + 8, hi);
        uint64_t fold = (0u - (hi >> 63)) & 0x87u;
        hi = hi << 1 | lo >> 63;
        lo = lo << 1 ^ fold;
    }
    *lo_ = lo;
    *hi_ = hi;
}

void karx_i_xts_generic(const karx_block_kernels *k, const void *ks, uint8_t *out,
                        const uint8_t *in, size_t nblocks, uint8_t t[16], int decrypt)
{
    uint8_t tw[XTS_CHUNK * 16];
    uint64_t lo = karx_load64_le(t), hi = karx_load64_le(t + 8);
    void (*ecb)(const void *, uint8_t *, const uint8_t *, size_t) =
        decrypt ? k->ecb_decrypt : k->ecb_encrypt;
    size_t used = 0;
    while (nblocks > 0) {
        size_t m = nblocks < XTS_CHUNK ? nblocks : XTS_CHUNK;
        xts_tweaks(tw, &lo, &hi, m);
        karx_i_xor_words(out, in, tw, 16 * m);
        ecb(ks, out, out, m);
        karx_i_xor_words(out, out, tw, 16 * m);
        in += 16 * m;
        out += 16 * m;
        nblocks -= m;
        used = used > m ? used : m;
    }
    karx_store64_le(t, lo);
    karx_store64_le(t + 8, hi);
    karx_memzero(tw, 16 * used);
    lo = hi = 0;
}

void karx_i_xts_units(const karx_block_kernels *k, const karx_cipher_key *data, uint8_t *tweaks,
                      uint8_t *out, const uint8_t *in, size_t nblocks, size_t unit_blocks,
                      int decrypt)
{
    if (nblocks == 0)
        return;
    if (k->xts_xor != NULL) {
        k->xts_xor(karx_i_ks(data), out, in, nblocks, unit_blocks, tweaks, decrypt);
        return;
    }
    for (;; tweaks += 16) {
        size_t m = nblocks < unit_blocks ? nblocks : unit_blocks;
        karx_i_xts_generic(k, karx_i_ks(data), out, in, m, tweaks, decrypt);
        if ((nblocks -= m) == 0)
            return;
        in += 16 * m;
        out += 16 * m;
    }
}

void karx_i_xts_blocks(const karx_block_kernels *k, const karx_cipher_key *data, uint8_t t[16],
                       uint8_t *out, const uint8_t *in, size_t nblocks, int decrypt)
{
    karx_i_xts_units(k, data, t, out, in, nblocks, nblocks, decrypt);
}

/* One block: out = E(in ^ t) ^ t (D when decrypting), on the single-block kernel. */
static void xts_one(const karx_i_cipher *c, const karx_cipher_key *data, const uint8_t t[16],
                    uint8_t out[16], const uint8_t in[16], int decrypt)
{
    const karx_block_kernels *p = karx_i_single(c);
    uint8_t x[16];
    karx_i_xor(x, in, t, 16);
    (decrypt ? p->ecb_decrypt : p->ecb_encrypt)(karx_i_ks(data), x, x, 1);
    karx_i_xor(out, x, t, 16);
    karx_memzero(x, sizeof x);
}

/* IEEE 1619 5.3.2 / 5.4.2: the full block goes with tweak t and the stolen one with t*x when
 * encrypting; decryption undoes the second first, so it uses t*x before t. The partial input
 * is read before anything is written, so out == in works. */
void karx_i_xts_steal(const karx_i_cipher *c, const karx_cipher_key *data, uint8_t t[16],
                      uint8_t *out, const uint8_t *in, size_t tail, int decrypt)
{
    uint8_t t2[16], cc[16], pp[16];
    memcpy(t2, t, 16);
    karx_i_xts_mulx(t2);
    /* First pass: the full block (tweak t encrypting, t*x decrypting). */
    xts_one(c, data, decrypt ? t2 : t, cc, in, decrypt);
    /* Second: the partial input padded with the first result's last bytes. */
    memcpy(pp, in + 16, tail);
    memcpy(pp + tail, cc + tail, 16 - tail);
    xts_one(c, data, decrypt ? t : t2, out, pp, decrypt);
    memcpy(out + 16, cc, tail);
    memcpy(t, t2, 16);
    karx_memzero(t2, sizeof t2);
    karx_memzero(cc, sizeof cc);
    karx_memzero(pp, sizeof pp);
}

void karx_i_xts_unit(const karx_i_cipher *c, const karx_block_kernels *k,
                     const karx_cipher_key *data, uint8_t t[16], uint8_t *out, const uint8_t *in,
                     size_t len, int decrypt)
{
    size_t full = len / 16, tail = len % 16;
    size_t bulk = tail != 0 ? full - 1 : full;
    karx_i_xts_blocks(k, data, t, out, in, bulk, decrypt);
    if (tail != 0)
        karx_i_xts_steal(c, data, t, out + 16 * bulk, in + 16 * bulk, tail, decrypt);
    karx_memzero(t, 16);
}
