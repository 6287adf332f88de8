/* CFB with 1-byte, 8-byte or full-block segments. Encryption is a chain. Full-block decryption
 * runs whole chunks through the parallel ECB kernel (each keystream block is E(previous
 * ciphertext block)); shorter segments decrypt one segment at a time. */
#include <string.h>

#include "modes_internal.h"

void karx_i_cfb_shift(uint8_t *reg, size_t block_bytes, const uint8_t *cipher_seg, size_t s)
{
    memmove(reg, reg + s, block_bytes - s);
    memcpy(reg + block_bytes - s, cipher_seg, s);
}

static karx_status cfb_args(const karx_cipher_key *key, size_t s, const uint8_t *iv,
                            const uint8_t *out, const uint8_t *in, size_t len,
                            const karx_i_cipher **c)
{
    karx_status st = karx_i_chain_args(key, iv, out, in, len, c);
    if (st != KARX_OK)
        return st;
    if (s != 1 && s != 8 && s != (*c)->block_bytes)
        return KARX_ERR_ARGUMENT;
    return KARX_OK;
}

/* One segment at a time: encrypt chains on the ciphertext it makes, decrypt on the one it reads. */
static void cfb_serial(const karx_i_cipher *c, const void *ks, size_t s, uint8_t *reg,
                       uint8_t *out, const uint8_t *in, size_t len, int encrypt)
{
    const size_t B = c->block_bytes;
    uint8_t e[KARX_MAX_BLOCK_BYTES], seg[KARX_MAX_BLOCK_BYTES];
    for (size_t off = 0; off < len; off += s) {
        size_t n = len - off < s ? len - off : s;
        karx_i_single(c)->ecb_encrypt(ks, e, reg, 1);
        if (encrypt) {
            karx_i_xor(out + off, in + off, e, n);
            memcpy(seg, out + off, n);
        } else {
            memcpy(seg, in + off, n);
            karx_i_xor(out + off, in + off, e, n);
        }
        if (n == s) /* a final partial segment leaves the register as it was */
            karx_i_cfb_shift(reg, B, seg, s);
    }
    karx_memzero(e, sizeof e);
}

karx_status karx_cfb_encrypt(const karx_cipher_key *key, size_t segment_bytes, uint8_t *iv,
                             uint8_t *out, const uint8_t *in, size_t len)
{
    const karx_i_cipher *c;
    karx_status st = cfb_args(key, segment_bytes, iv, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    cfb_serial(c, karx_i_ks(key), segment_bytes, iv, out, in, len, 1);
    return KARX_OK;
}

karx_status karx_cfb_decrypt(const karx_cipher_key *key, size_t segment_bytes, uint8_t *iv,
                             uint8_t *out, const uint8_t *in, size_t len)
{
    const karx_i_cipher *c;
    karx_status st = cfb_args(key, segment_bytes, iv, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    const size_t B = c->block_bytes;
    if (segment_bytes != B) {
        cfb_serial(c, karx_i_ks(key), segment_bytes, iv, out, in, len, 0);
        return KARX_OK;
    }
    const karx_block_kernels *k = karx_i_kernels(c);
    const void *ks = karx_i_ks(key);
    uint8_t tmp[KARX_MODES_CHUNK];
    size_t whole = len - len % B;
    for (size_t off = 0; off < whole;) {
        size_t n = whole - off < sizeof tmp ? whole - off : sizeof tmp;
        /* tmp = iv || ciphertext blocks but the last, copied before out (maybe == in) changes. */
        memcpy(tmp, iv, B);
        memcpy(tmp + B, in + off, n - B);
        memcpy(iv, in + off + n - B, B);
        k->ecb_encrypt(ks, tmp, tmp, n / B);
        karx_i_xor(out + off, in + off, tmp, n);
        off += n;
    }
    if (whole < len) /* final partial segment */
        cfb_serial(c, ks, B, iv, out + whole, in + whole, len - whole, 0);
    karx_memzero(tmp, sizeof tmp);
    return KARX_OK;
}
