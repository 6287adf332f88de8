/* The data path of ECB CBC CTR CFB CFB8 OFB: one karx_cipher_update per EVP update, straight
 * from the caller's input into the caller's output (no copy of the data here); karx holds the
 * partial blocks and the padding. */
#include <string.h>

#include "prov_cipher.h"

static int is_blocky(const karx_pc_row *r)
{
    return r->mode == KARX_MODE_ECB || r->mode == KARX_MODE_CBC;
}

/* The context can take data now, arriving by `via` (1 update/final, 2 EVP_Cipher). */
static int ready(karx_pc_ctx *c, int via)
{
    if (!c->live) {
        karx_prov_err(c->pc, KARX_PROV_R_NOT_INITIALIZED,
                      c->have_key ? "no IV set, or the stream was finished: init again"
                                  : "no key set");
        return 0;
    }
    if (c->via != 0 && c->via != via && is_blocky(c->row)) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT,
                      "EVP_Cipher and EVP_CipherUpdate mixed in one ECB/CBC stream");
        return 0;
    }
    return 1;
}

static int run_update(karx_pc_ctx *c, unsigned char *out, size_t *outl, size_t outsize,
                      const unsigned char *in, size_t inl)
{
    size_t n = 0;
    size_t lag = is_blocky(c->row) ? c->u.c.buffered : 0;
    if (karx_prov_bad_overlap(out, in, inl, lag)) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT, "input and output overlap (in place is "
                                                       "out == in, or out = in - held bytes)");
        return 0;
    }
    karx_status st = karx_cipher_update(&c->u.c, out, outsize, &n, in, inl);
    if (!karx_prov_ok(c->pc, st, "cipher update"))
        return 0;
    c->fresh = 0;
    *outl = n;
    return 1;
}

int karx_pc_block_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                         const unsigned char *in, size_t inl)
{
    karx_pc_ctx *c = vctx;
    if (outl == NULL || !ready(c, 1))
        return 0;
    if (!run_update(c, out, outl, outsize, in, inl))
        return 0;
    c->via = 1;
    return 1;
}

/* Decryption whose padding was switched off after the stream held its last whole block back
 * for the padding check: that block is plaintext now, written as it is (OpenSSL's rule for a
 * final without padding). karx_cipher_final would call a whole held block with padding off "not
 * whole blocks", a state only this switch creates. Returns the bytes written, or -1 (raised). */
static long flush_held_block(karx_pc_ctx *c, unsigned char *out, size_t outsize)
{
    karx_cipher_ctx *s = &c->u.c;
    const size_t b = c->row->cipher_block;
    if (!is_blocky(c->row) || c->encrypt || s->padding != KARX_PAD_NONE || s->buffered != b)
        return 0;
    if (out == NULL || outsize < b) {
        karx_prov_err(c->pc, KARX_PROV_R_OUTPUT_TOO_SMALL, "%zu bytes for the last block of %zu",
                      outsize, b);
        return -1;
    }
    karx_status st = c->row->mode == KARX_MODE_ECB ? karx_ecb_decrypt(&s->key, out, s->buf, b)
                                                   : karx_cbc_decrypt(&s->key, s->reg, out, s->buf, b);
    if (st != KARX_OK) {
        karx_prov_status_err(c->pc, st, "cipher final");
        return -1;
    }
    karx_memzero(s->buf, sizeof s->buf);
    s->buffered = 0;
    return (long)b;
}

int karx_pc_block_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    karx_pc_ctx *c = vctx;
    const karx_pc_row *r = c->row;
    size_t n = 0;
    if (outl == NULL || !ready(c, 1))
        return 0;
    memcpy(c->last_iv, c->u.c.reg, r->iv_bytes); /* final wipes the karx context */
    long held = flush_held_block(c, out, outsize);
    if (held < 0)
        return 0;
    if (held > 0) {
        out += held;
        outsize -= (size_t)held;
    }
    karx_status st = karx_cipher_final(&c->u.c, out, outsize, &n);
    if (st == KARX_ERR_OUTPUT_LENGTH || st == KARX_ERR_ARGUMENT) {
        karx_prov_status_err(c->pc, st, "cipher final"); /* nothing changed: may be retried */
        return 0;
    }
    c->live = c->fresh = 0;
    if (!karx_prov_ok(c->pc, st, c->encrypt ? "cipher final" : "cipher final (decrypt)"))
        return 0;
    if (r->mode == KARX_MODE_CBC && c->encrypt && n == r->cipher_block)
        memcpy(c->last_iv, out, n); /* the padding block is the last chain value */
    *outl = (size_t)held + n;
    return 1;
}

/* EVP_Cipher: as OpenSSL's own ciphers, no padding ever and ECB/CBC take whole blocks only;
 * in == NULL is the (empty) final. */
int karx_pc_block_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                         const unsigned char *in, size_t inl)
{
    karx_pc_ctx *c = vctx;
    const karx_pc_row *r = c->row;
    if (outl == NULL || !ready(c, 2))
        return 0;
    *outl = 0;
    if (in == NULL)
        return 1;
    if (is_blocky(r)) {
        if (inl % r->cipher_block != 0) {
            karx_prov_err(c->pc, KARX_PROV_R_DATA_LENGTH,
                          "EVP_Cipher on ECB/CBC takes whole blocks (%zu bytes)", r->cipher_block);
            return 0;
        }
        if (c->fresh && c->padding && !karx_pc_restart(c, 0))
            return 0;
    }
    if (!run_update(c, out, outl, outsize, in, inl))
        return 0;
    c->via = 2;
    return 1;
}
