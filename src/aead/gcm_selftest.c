/* The known-answer tests of GCM's parts (their descriptors: ghash_desc.c, gcm_desc.c): each
 * GHASH and GCM pass impl over a KISA LEA-128 GCM vector, then over more blocks than it takes at
 * once against the portable kernels. Nothing here calls a selection: every kernel is reached
 * through the impl handed in, so these tests can be listed in the descriptors. */
#include <string.h>

#include "aead/gcm_stitch.h"
#include "aead/ghash.h"
#include "common/endian.h"
#include "modes/modes_internal.h"
#include "registry/registry.h"

/* ---- known answers ---- */

/* KISA LEA package lea_vs.c, lea128_gcm_ae, the tenth vector (tests/kat/kisa_lea_modes_vs.txt):
 * 37 bytes of AAD, 160 of payload. */
static const uint8_t kat_key[16] = {0x07, 0x0C, 0x3C, 0x1F, 0x8D, 0xAD, 0x00, 0x1E,
                                    0xEE, 0xB3, 0xB7, 0xE2, 0x28, 0xB4, 0xED, 0xD5};
static const uint8_t kat_iv[12] = {0xCF, 0x80, 0x82, 0x6C, 0x54, 0x57,
                                   0x07, 0xFB, 0x87, 0x5A, 0x6A, 0xCD};
static const uint8_t kat_aad[36] = {
    0x5B, 0x40, 0xD6, 0x74, 0xE9, 0x4A, 0xD5, 0x5E, 0xB8, 0x79, 0xB8, 0xA9, 0x3C, 0xFE,
    0x38, 0x38, 0x9C, 0xF2, 0x5D, 0x07, 0xB9, 0x47, 0x9F, 0xBB, 0x6B, 0xFF, 0x4C, 0x7E,
    0x0D, 0x9B, 0x29, 0x09, 0x3D, 0xD7, 0x5C, 0x02};
static const uint8_t kat_pt[80] = {
    0xDD, 0x94, 0x89, 0x89, 0x5D, 0x16, 0x3C, 0x0E, 0x3D, 0x6F, 0x87, 0x65, 0xCD, 0x3B,
    0xEC, 0x1C, 0x38, 0x8E, 0x7C, 0x0C, 0xC0, 0x2B, 0x41, 0x2E, 0x4B, 0xF7, 0xDA, 0xB0,
    0x1F, 0xAD, 0x65, 0x48, 0xEA, 0xD2, 0xA2, 0xC9, 0x05, 0xEC, 0x54, 0xF4, 0xF9, 0xEF,
    0xEB, 0x90, 0x43, 0xF8, 0x61, 0xBD, 0x54, 0x3D, 0x62, 0x85, 0xDC, 0x44, 0xAF, 0xB4,
    0x48, 0x54, 0xC4, 0xE9, 0x89, 0x2A, 0xB9, 0xEE, 0x18, 0xEC, 0x66, 0x45, 0x37, 0x63,
    0xCA, 0x03, 0x79, 0x64, 0xAE, 0xE2, 0x84, 0x8F, 0x85, 0x91};
static const uint8_t kat_ct[80] = {
    0xB6, 0x34, 0x2E, 0x35, 0x28, 0xA0, 0x34, 0x30, 0xF3, 0x98, 0x25, 0x37, 0xC8, 0xB6,
    0xA1, 0x84, 0xE9, 0x79, 0x9E, 0x80, 0xC0, 0x87, 0x5B, 0xA4, 0x9A, 0x0C, 0x93, 0x00,
    0x08, 0x3F, 0x51, 0x25, 0x6D, 0x73, 0x9D, 0x34, 0xA2, 0x63, 0x3E, 0x5B, 0x47, 0x53,
    0x94, 0xF8, 0x1C, 0x78, 0x64, 0x6D, 0x3A, 0x96, 0xDD, 0x11, 0xEF, 0x23, 0x5B, 0xD4,
    0x75, 0x8F, 0x6C, 0x6F, 0x97, 0xEA, 0x0B, 0x89, 0xE9, 0x8B, 0xFB, 0x8A, 0x99, 0x66,
    0x4E, 0x33, 0x17, 0x0A, 0x63, 0xC4, 0xFE, 0x5C, 0xA3, 0xF8};
static const uint8_t kat_tag[16] = {0x87, 0xAF, 0x9D, 0x1B, 0xD0, 0x20, 0x8C, 0x0D,
                                    0x42, 0xCB, 0x77, 0x88, 0xDD, 0x3F, 0xE2, 0xDB};

const karx_i_gcm_kat karx_i_gcm_part_kat = {"lea128", kat_key, sizeof kat_key, kat_iv,
                                       kat_aad, sizeof kat_aad, kat_pt, kat_ct, sizeof kat_pt,
                                       kat_tag};

#define KAT_MAX 96          /* bytes of AAD or payload a known answer may have */
#define WIDE_BLOCKS 293     /* 256 + 32 + 5: two CTR chunks of the stitched pass, a group, a tail */
#define GHASH_WIDE (3 * 32 + 5) /* three groups of the widest GHASH kernel and a tail */

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* The blocks a known answer hashes: AAD and ciphertext, each zero-padded, then the length
 * block. Returns the number of blocks. */
static size_t kat_blocks(const karx_i_gcm_kat *k, uint8_t *buf)
{
    size_t a = (k->aad_len + 15) / 16 * 16, c = (k->len + 15) / 16 * 16;
    memset(buf, 0, a + c + 16);
    memcpy(buf, k->aad, k->aad_len);
    memcpy(buf + a, k->ct, k->len);
    karx_store64_be(buf + a + c, (uint64_t)k->aad_len * 8);
    karx_store64_be(buf + a + c + 8, (uint64_t)k->len * 8);
    return (a + c) / 16 + 1;
}

/* The key of a known answer (cipher key, H and its powers by the portable GHASH kernel) and
 * E(J0), J0 = IV || 1. */
static karx_status kat_key_of(const karx_i_gcm_kat *k, karx_gcm_key *gk, uint8_t ej0[16])
{
    karx_status st = KARX_ERR_SELFTEST;
    uint8_t h[16] = {0}, j0[16];
    memset(gk, 0, sizeof *gk);
    if (k->aad_len > KAT_MAX || k->len > KAT_MAX)
        return st;
    const karx_i_cipher *c = karx_i_cipher_by_name(k->cipher);
    st = c != NULL ? karx_cipher_set_key(&gk->cipher, c->id, k->key, k->key_len)
                   : KARX_ERR_SELFTEST;
    if (st == KARX_OK)
        st = karx_cipher_encrypt_block(&gk->cipher, h, h);
    memcpy(j0, k->iv, 12);
    store32_be(j0 + 12, 1);
    if (st == KARX_OK)
        st = karx_cipher_encrypt_block(&gk->cipher, ej0, j0);
    if (st == KARX_OK) {
        karx_i_ghash_portable.powers(gk->htab, h, KARX_I_GHASH_POWERS);
        memcpy(gk->raw, k->key, k->key_len); /* as karx_gcm_set_key leaves a key */
        gk->raw_len = (uint32_t)k->key_len;
        gk->alg = (uint32_t)c->id;
        gk->ready = 1;
    }
    karx_memzero(h, sizeof h);
    return st;
}

/* Deterministic filler for the wide runs. */
static void fill(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)((i * 167u + seed) ^ (i >> 7));
}

/* GHASH: the known answer (the tag, from GHASH(A || C || lengths) with this impl's powers and
 * blocks, in one call and block by block), then a run over several of its widest groups and a
 * tail against the portable kernel. */
karx_status karx_i_ghash_part_test(const karx_i_part *p, const karx_i_impl *impl)
{
    const karx_i_gcm_kat *k = p->kat;
    const karx_i_ghash_kernels *g = impl->table;
    karx_gcm_key gk;
    uint8_t ej0[16], y[16] = {0}, y1[16] = {0}, yr[16], buf[2 * KAT_MAX + 16];
    uint8_t wide[GHASH_WIDE * 16];
    uint64_t htab[2 * KARX_I_GHASH_POWERS];
    karx_status st = kat_key_of(k, &gk, ej0);
    int ok = st == KARX_OK;
    if (ok) {
        /* the table a key made under this impl holds: the same powers as portable's */
        uint8_t h[16] = {0};
        ok = karx_cipher_encrypt_block(&gk.cipher, h, h) == KARX_OK;
        g->powers(htab, h, KARX_I_GHASH_POWERS);
        ok = ok && memcmp(htab, gk.htab, sizeof htab) == 0;
        karx_memzero(h, sizeof h);
        size_t n = kat_blocks(k, buf);
        g->blocks(htab, y, buf, n);
        for (size_t i = 0; i < n; i++)
            g->blocks(htab, y1, buf + 16 * i, 1);
        for (int i = 0; i < 16; i++) {
            ok &= (y[i] ^ ej0[i]) == k->tag[i];
            ok &= y1[i] == y[i];
        }
    }
    if (ok) {
        fill(wide, sizeof wide, 5);
        memcpy(y, ej0, 16); /* any starting state */
        memcpy(yr, ej0, 16);
        g->blocks(htab, y, wide, GHASH_WIDE);
        karx_i_ghash_portable.blocks(gk.htab, yr, wide, GHASH_WIDE);
        ok = memcmp(y, yr, 16) == 0;
    }
    karx_memzero(&gk, sizeof gk);
    karx_memzero(htab, sizeof htab);
    return ok ? KARX_OK : KARX_ERR_SELFTEST;
}

/* A pass over len bytes from counter IV || 2 with the GHASH state y0; y gets the state. */
static karx_status pass_run(const karx_i_gcm_pass *pass, const karx_gcm_key *gk,
                            const uint8_t *iv, const uint8_t y0[16], uint8_t y[16], uint8_t *out,
                            const uint8_t *in, size_t len, int enc)
{
    uint8_t ctr[16];
    memcpy(ctr, iv, 12);
    store32_be(ctr + 12, 2);
    memcpy(y, y0, 16);
    return pass->crypt(gk, ctr, y, out, in, len, enc);
}

/* The GCM pass: the known answer sealed and opened (AAD and the length block hashed by the
 * portable GHASH kernel around the pass), then a run long enough for several chunks, groups and
 * a tail, sealed and opened in place, against the portable CTR and GHASH kernels. */
karx_status karx_i_gcm_pass_part_test(const karx_i_part *p, const karx_i_impl *impl)
{
    const karx_i_gcm_kat *k = p->kat;
    const karx_i_gcm_pass *pass = impl->table;
    karx_gcm_key gk;
    uint8_t ej0[16], y0[16] = {0}, y[16], yr[16], lenblk[16], out[KAT_MAX];
    karx_status st = kat_key_of(k, &gk, ej0);
    int ok = st == KARX_OK;
    if (ok) {
        uint8_t a[KAT_MAX + 16] = {0};
        memcpy(a, k->aad, k->aad_len);
        karx_i_ghash_portable.blocks(gk.htab, y0, a, (k->aad_len + 15) / 16);
        karx_store64_be(lenblk, (uint64_t)k->aad_len * 8);
        karx_store64_be(lenblk + 8, (uint64_t)k->len * 8);
        for (int enc = 1; ok && enc >= 0; enc--) {
            ok = pass_run(pass, &gk, k->iv, y0, y, out, enc ? k->pt : k->ct, k->len, enc) ==
                 KARX_OK;
            ok = ok && memcmp(out, enc ? k->ct : k->pt, k->len) == 0;
            karx_i_ghash_portable.blocks(gk.htab, y, lenblk, 1);
            for (int i = 0; i < 16; i++)
                ok &= (y[i] ^ ej0[i]) == k->tag[i];
        }
    }
    if (ok) {
        uint8_t in[WIDE_BLOCKS * 16], want[WIDE_BLOCKS * 16], got[WIDE_BLOCKS * 16];
        /* The reference: E(IV || 2 + i) by the portable CTR kernel, GHASH of it by the portable
         * GHASH kernel (no counter wrap within the run, so inc32 is the whole-block add). */
        const karx_block_kernels *ref = karx_i_portable(karx_i_key_row(&gk.cipher));
        uint8_t ctr[16];
        memcpy(ctr, k->iv, 12);
        store32_be(ctr + 12, 2);
        fill(in, sizeof in, 11);
        ref->ctr_xor(karx_i_ks(&gk.cipher), want, in, WIDE_BLOCKS, ctr);
        memcpy(yr, ej0, 16);
        karx_i_ghash_portable.blocks(gk.htab, yr, want, WIDE_BLOCKS);
        /* seal out of place, then open in place */
        ok = pass_run(pass, &gk, k->iv, ej0, y, got, in, sizeof got, 1) == KARX_OK &&
             memcmp(got, want, sizeof got) == 0 && memcmp(y, yr, 16) == 0;
        ok = ok && pass_run(pass, &gk, k->iv, ej0, y, got, got, sizeof got, 0) == KARX_OK &&
             memcmp(got, in, sizeof got) == 0 && memcmp(y, yr, 16) == 0;
        karx_memzero(want, sizeof want);
        karx_memzero(got, sizeof got);
    }
    karx_memzero(&gk, sizeof gk);
    return ok ? KARX_OK : KARX_ERR_SELFTEST;
}
