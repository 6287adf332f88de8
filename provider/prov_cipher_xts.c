/* XTS, as OpenSSL's AES-XTS is used: each update is one whole data unit (at least 16 bytes,
 * at most 2^20 blocks as IEEE 1619-2018 says) under the IV as its 16-byte tweak, which no update
 * changes; final writes nothing. One karx_xts_* call per update, caller's buffers only. The key
 * is data key || tweak key; equal halves are refused at init (karx_xts_set_key). */
#include "prov_cipher.h"

#define XTS_MAX_UNIT ((size_t)1 << 24) /* 2^20 blocks of 16 bytes */

int karx_pc_xts_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    karx_pc_ctx *c = vctx;
    if (outl == NULL)
        return 0;
    *outl = 0;
    if (!c->live) {
        karx_prov_err(c->pc, KARX_PROV_R_NOT_INITIALIZED, c->have_key ? "no tweak (IV) set"
                                                                      : "no key set");
        return 0;
    }
    if (inl == 0)
        return 1; /* no data unit at all */
    if (inl < KARX_XTS_TWEAK_BYTES || inl > XTS_MAX_UNIT) {
        karx_prov_err(c->pc, KARX_PROV_R_DATA_LENGTH,
                      "an XTS data unit is 16 .. 2^24 bytes, one per update (got %zu)", inl);
        return 0;
    }
    if (out == NULL || in == NULL || outsize < inl) {
        karx_prov_err(c->pc, out == NULL || in == NULL ? KARX_PROV_R_BAD_ARGUMENT
                                                       : KARX_PROV_R_OUTPUT_TOO_SMALL,
                      "XTS update of %zu bytes", inl);
        return 0;
    }
    if (karx_prov_bad_overlap(out, in, inl, 0)) {
        karx_prov_err(c->pc, KARX_PROV_R_BAD_ARGUMENT, "input and output overlap");
        return 0;
    }
    karx_status st = c->encrypt ? karx_xts_encrypt(&c->u.x, c->iv, out, in, inl)
                                : karx_xts_decrypt(&c->u.x, c->iv, out, in, inl);
    if (!karx_prov_ok(c->pc, st, "XTS"))
        return 0;
    *outl = inl;
    return 1;
}

int karx_pc_xts_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    karx_pc_ctx *c = vctx;
    (void)out;
    (void)outsize;
    if (outl == NULL)
        return 0;
    *outl = 0;
    if (!c->live) {
        karx_prov_err(c->pc, KARX_PROV_R_NOT_INITIALIZED, "no key or tweak set");
        return 0;
    }
    return 1;
}

int karx_pc_xts_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                       const unsigned char *in, size_t inl)
{
    if (in == NULL)
        return karx_pc_xts_final(vctx, out, outl, outsize);
    return karx_pc_xts_update(vctx, out, outl, outsize, in, inl);
}
