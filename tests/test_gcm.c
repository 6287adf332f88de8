#define _POSIX_C_SOURCE 200809L
/* GCM (karx/gcm.h) tests.
 *
 *  - Every LEA GCM vector of kisa_lea_modes_vs.txt (LEA-128/192/256, 12-byte IV, 16-byte tag),
 *    through the one-shots and the scheduled-key calls, out of place and in place, both ways, on
 *    every back end this CPU supports (which switches the CTR kernels and GHASH between portable
 *    and PCLMULQDQ).
 *  - An independent route for everything else (CHAM-128 has no official GCM vectors): GCM by its
 *    definition in SP 800-38D, built here from karx_cipher_encrypt_block, a bit-by-bit GF(2^128)
 *    multiply (as in specs/models/modes_model.py) and a byte-wise inc32. For the five 128-bit
 *    ciphers x IV lengths 1, 12, 13, 16, 64 x AAD and PT lengths 0, 1, 15, 16, 17, 255, 4103,
 *    every accepted tag length (4, 8, 12..16), on the portable and the best back end; plus random
 *    lengths up to 70 KB on every back end, in place.
 *  - GHASH: portable = PCLMULQDQ = VPCLMULQDQ (where present, via the back ends) = bit-by-bit
 *    on random and all-ones inputs, every block count 0..37 (aggregation tails) and runs of
 *    298..300 blocks; H powers too.
 *  - inc32 wrap inside a message: a 16-byte IV solved (with H^-1) so that J0 ends in fffffffd,
 *    once with the upper 96 bits random and once all ones (where the whole-block CTR would
 *    overflow), checked against the reference.
 *  - Streaming (karx_gcm_init / aad / update / final / verify) = the reference for random
 *    messages cut into random pieces, byte by byte and at block edges, in place and not; its
 *    state errors.
 *  - Bad input: key / IV / tag / data lengths, 64-bit-block ciphers, unknown ids, unset and wiped
 *    keys, NULL arguments, and forgeries (every tag bit, ciphertext bits, AAD bits, IV) giving
 *    KARX_ERR_AUTHENTICATION with the output zero-filled.
 * argv[1] is the KAT folder (tests/kat). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/ghash.h"
#include "registry/registry.h"
#include "karx/cipher.h"
#include "karx/cpu.h"
#include "karx/gcm.h"
#include "karx/gmac.h"
#include "test_util.h"
#include "gcm_ref.h"

static const karx_cipher_alg ALGS[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192, KARX_CIPHER_LEA256,
                                       KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256};
#define NALGS (sizeof ALGS / sizeof ALGS[0])
static const size_t TAGS[] = {4, 8, 12, 13, 14, 15, 16};
#define NTAGS (sizeof TAGS / sizeof TAGS[0])

/* ---------------------------------------------------------------------------------------- */
/* reference GCM, by the definition */

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (uint8_t)v;
}

static void ref_j0(const uint8_t h[16], uint8_t j0[16], const uint8_t *iv, size_t iv_len)
{
    if (iv_len == 12) {
        memcpy(j0, iv, 12);
        j0[12] = j0[13] = j0[14] = 0;
        j0[15] = 1;
        return;
    }
    uint8_t l[16] = {0};
    memset(j0, 0, 16);
    ref_ghash(h, j0, iv, iv_len);
    put64(l + 8, (uint64_t)iv_len * 8);
    ref_ghash(h, j0, l, 16);
}

static void ref_inc32(uint8_t c[16])
{
    for (int i = 15; i >= 12; i--)
        if (++c[i] != 0) break;
}

/* ct (len bytes) and the full 16-byte tag. */
static void ref_gcm(karx_cipher_alg alg, const uint8_t *key, const uint8_t *iv, size_t iv_len,
                    const uint8_t *aad, size_t aad_len, const uint8_t *pt, size_t len, uint8_t *ct,
                    uint8_t tag[16])
{
    karx_cipher_key ck;
    uint8_t h[16] = {0}, j0[16], c[16], ks[16], y[16] = {0}, l[16];
    karx_cipher_set_key(&ck, alg, key, karx_cipher_key_bytes(alg));
    karx_cipher_encrypt_block(&ck, h, h);
    ref_j0(h, j0, iv, iv_len);
    memcpy(c, j0, 16);
    for (size_t i = 0; i < len; i += 16) {
        ref_inc32(c);
        karx_cipher_encrypt_block(&ck, ks, c);
        for (size_t j = 0; j < 16 && i + j < len; j++) ct[i + j] = (uint8_t)(pt[i + j] ^ ks[j]);
    }
    ref_ghash(h, y, aad, aad_len);
    ref_ghash(h, y, ct, len);
    put64(l, (uint64_t)aad_len * 8);
    put64(l + 8, (uint64_t)len * 8);
    ref_ghash(h, y, l, 16);
    karx_cipher_encrypt_block(&ck, ks, j0);
    for (int j = 0; j < 16; j++) tag[j] = (uint8_t)(ks[j] ^ y[j]);
    karx_cipher_key_wipe(&ck);
}

/* ---------------------------------------------------------------------------------------- */
/* one message through every entry point, compared with the expected ct / tag */

static unsigned long n_messages;

/* Runs encrypt/decrypt (one-shot and scheduled key, out of place and in place). Returns 1 if all
 * agree with ct / tag[0..tag_len). */
static int check_message(karx_cipher_alg alg, const uint8_t *key, size_t klen, const uint8_t *iv,
                         size_t iv_len, const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                         const uint8_t *ct, size_t len, const uint8_t *tag, size_t tag_len,
                         int all_forms)
{
    int ok = 1;
    uint8_t *buf = malloc(len + 1), t[16];
    karx_gcm_key gk;
    n_messages++;
    ok &= karx_gcm_encrypt(alg, key, klen, iv, iv_len, buf, t, tag_len, pt, len, aad, aad_len) ==
          KARX_OK;
    ok &= memcmp(buf, ct, len) == 0 && memcmp(t, tag, tag_len) == 0;
    memset(buf, 0x5a, len);
    ok &= karx_gcm_decrypt(alg, key, klen, iv, iv_len, buf, tag, tag_len, ct, len, aad, aad_len) ==
          KARX_OK;
    ok &= memcmp(buf, pt, len) == 0;
    if (all_forms) {
        ok &= karx_gcm_set_key(&gk, alg, key, klen) == KARX_OK;
        memcpy(buf, pt, len); /* in place */
        ok &= karx_gcm_seal(&gk, iv, iv_len, buf, t, tag_len, buf, len, aad, aad_len) == KARX_OK;
        ok &= memcmp(buf, ct, len) == 0 && memcmp(t, tag, tag_len) == 0;
        ok &= karx_gcm_open(&gk, iv, iv_len, buf, tag, tag_len, buf, len, aad, aad_len) == KARX_OK;
        ok &= memcmp(buf, pt, len) == 0;
        karx_gcm_key_wipe(&gk);
    }
    free(buf);
    return ok;
}

/* ---------------------------------------------------------------------------------------- */
/* KISA vectors */

static gcm_kat *kats;
static size_t nkats;

static void load_kats(const char *dir)
{
    kats = calloc(64, sizeof *kats);
    nkats = gcm_load_kisa(dir, kats, 64);
}

static void run_kats(const char *bname)
{
    for (size_t i = 0; i < nkats; i++) {
        const gcm_kat *k = &kats[i];
        CHECK(check_message(k->alg, k->key, (size_t)k->klen, k->iv, (size_t)k->ivlen, k->aad,
                            (size_t)k->aadlen, k->pt, k->ct, (size_t)k->ptlen, k->tag, 16, 1),
              "KAT %zu (%s)", i, bname);
        /* the independent route agrees with the vector too */
        uint8_t ct[512], tag[16];
        ref_gcm(k->alg, k->key, k->iv, (size_t)k->ivlen, k->aad, (size_t)k->aadlen, k->pt,
                (size_t)k->ptlen, ct, tag);
        CHECK(memcmp(ct, k->ct, (size_t)k->ptlen) == 0 && memcmp(tag, k->tag, 16) == 0,
              "reference model disagrees with KAT %zu", i);
    }
}

/* ---------------------------------------------------------------------------------------- */
/* reference comparisons */

static int ref_case(karx_cipher_alg alg, size_t iv_len, size_t aad_len, size_t len, int all_tags,
                    int all_forms)
{
    uint8_t key[32], iv[64], tag[16];
    uint8_t *aad = malloc(aad_len + 1), *pt = malloc(len + 1), *ct = malloc(len + 1);
    size_t klen = karx_cipher_key_bytes(alg);
    t_fill(key, klen);
    t_fill(iv, iv_len);
    t_fill(aad, aad_len);
    t_fill(pt, len);
    ref_gcm(alg, key, iv, iv_len, aad, aad_len, pt, len, ct, tag);
    int ok = 1;
    for (size_t t = 0; t < NTAGS; t++) {
        if (!all_tags && TAGS[t] != 16 && TAGS[t] != (size_t)(4 + (len % 13))) continue;
        ok &= check_message(alg, key, klen, iv, iv_len, aad_len ? aad : NULL, aad_len, pt, ct, len,
                            tag, TAGS[t], all_forms && TAGS[t] == 16);
    }
    free(aad);
    free(pt);
    free(ct);
    return ok;
}

static void run_cross_product(const char *bname)
{
    static const size_t ivl[] = {1, 12, 13, 16, 64};
    /* 255-257: the edge of the short-record path (12-byte IV, record and AAD up to 256 bytes,
     * gcm.c), on both its sides, for the record and the AAD */
    static const size_t lens[] = {0, 1, 15, 16, 17, 255, 256, 257, 4096 + 7};
    for (size_t a = 0; a < NALGS; a++)
        for (size_t i = 0; i < sizeof ivl / sizeof ivl[0]; i++)
            for (size_t d = 0; d < sizeof lens / sizeof lens[0]; d++)
                for (size_t p = 0; p < sizeof lens / sizeof lens[0]; p++)
                    CHECK(ref_case(ALGS[a], ivl[i], lens[d], lens[p], 1, 1),
                          "%s alg %d iv %zu aad %zu pt %zu", bname, (int)ALGS[a], ivl[i], lens[d],
                          lens[p]);
}

/* The raw-key one-shots prepare only the powers of H the message can reach (gcm.c): at every
 * count of AAD and payload blocks around the kernels' group sizes (8, 16, 32), with IVs of one
 * and several blocks, the one-shot equals the seal over a key with all 32 powers. */
static void run_oneshot_powers(const char *bname)
{
    uint8_t key[16], iv[40], aad[16 * 36 + 5], pt[16 * 36 + 5], c1[sizeof pt], c2[sizeof pt];
    uint8_t t1[16], t2[16];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(pt, sizeof pt);
    karx_gcm_key gk;
    CHECK(karx_gcm_set_key(&gk, KARX_CIPHER_LEA128, key, 16) == KARX_OK, "set_key");
    static const size_t ivs[] = {12, 1, 40};
    for (size_t v = 0; v < 3; v++)
        for (size_t a = 0; a <= 36; a += (a < 3 || (a > 6 && a < 18) || a > 29) ? 1 : 3)
            for (size_t p = 0; p <= 36; p++) {
                size_t al = 16 * a - (a && (a + p) % 3 == 0 ? 5 : 0), pl = 16 * p - (p % 2 ? 3 : 0);
                if (p == 0) pl = 0;
                /* seal: one-shot = scheduled key; open: the one-shot takes it back */
                int ok = karx_gcm_encrypt(KARX_CIPHER_LEA128, key, 16, iv, ivs[v], c1, t1, 16, pt,
                                          pl, aad, al) == KARX_OK &&
                         karx_gcm_seal(&gk, iv, ivs[v], c2, t2, 16, pt, pl, aad, al) == KARX_OK &&
                         memcmp(c1, c2, pl) == 0 && memcmp(t1, t2, 16) == 0 &&
                         karx_gcm_decrypt(KARX_CIPHER_LEA128, key, 16, iv, ivs[v], c1, t2, 16, c2,
                                          pl, aad, al) == KARX_OK &&
                         memcmp(c1, pt, pl) == 0;
                /* GMAC's one-shot (GCM's with no payload) = an empty seal */
                ok = ok &&
                     karx_gmac(KARX_CIPHER_LEA128, key, 16, iv, ivs[v], t1, 16, aad, al) == KARX_OK &&
                     karx_gcm_seal(&gk, iv, ivs[v], NULL, t2, 16, NULL, 0, aad, al) == KARX_OK &&
                     memcmp(t1, t2, 16) == 0;
                CHECK(ok, "%s: one-shot = seal, iv %zu aad %zu pt %zu", bname, ivs[v], al, pl);
            }
    karx_gcm_key_wipe(&gk);
}

static void run_random(const char *bname, int n)
{
    for (int i = 0; i < n; i++) {
        karx_cipher_alg alg = ALGS[t_rand64() % NALGS];
        size_t iv_len = 1 + t_rand64() % 40;
        if (t_rand64() & 1) iv_len = 12;
        size_t aad_len = t_rand64() % 300;
        size_t len = (i % 4 == 0) ? t_rand64() % 70000 : t_rand64() % 2000;
        CHECK(ref_case(alg, iv_len, aad_len, len, 0, 1),
              "%s random %d: alg %d iv %zu aad %zu len %zu", bname, i, (int)alg, iv_len, aad_len,
              len);
    }
}

/* ---------------------------------------------------------------------------------------- */
/* GHASH back ends */

static void run_ghash(void)
{
    karx_backend orig = karx_get_backend();
    for (int trial = 0; trial < 40; trial++) {
        uint8_t h[16], y0[16], data[16 * 300];
        uint64_t tab_p[2 * KARX_I_GHASH_POWERS], tab_d[2 * KARX_I_GHASH_POWERS];
        size_t nb = (size_t)trial;
        t_fill(h, 16);
        t_fill(y0, 16);
        t_fill(data, sizeof data);
        if (trial == 1) memset(h, 0xff, 16), memset(data, 0xff, sizeof data), memset(y0, 0xff, 16);
        if (trial >= 38) nb = 300 - (size_t)(trial - 38); /* long runs + tails */
        uint8_t yr[16], yp[16], yd[16];
        memcpy(yr, y0, 16);
        ref_ghash(h, yr, data, nb * 16);
        memcpy(yp, y0, 16);
        karx_i_ghash_powers_portable(tab_p, h, KARX_I_GHASH_POWERS);
        karx_i_ghash_blocks_portable(tab_p, yp, data, nb);
        CHECK(memcmp(yp, yr, 16) == 0, "portable GHASH != bit-by-bit, %zu blocks", nb);
        /* every GHASH kernel of the registry this CPU runs, called directly */
        const karx_i_part *gp = karx_i_part_desc(KARX_PART_GHASH);
        for (size_t i = 0; i < gp->nimpls; i++) {
            if (!karx_i_impl_usable(&gp->impls[i])) continue;
            const karx_i_ghash_kernels *g = gp->impls[i].table;
            g->powers(tab_d, h, KARX_I_GHASH_POWERS);
            CHECK(memcmp(tab_d, tab_p, sizeof tab_p) == 0, "H powers differ (%s)", g->name);
            memcpy(yd, y0, 16);
            g->blocks(tab_d, yd, data, nb);
            CHECK(memcmp(yd, yr, 16) == 0, "GHASH %s != bit-by-bit, %zu blocks", g->name, nb);
            /* only the powers a call of nb blocks may read (ghash.h), the rest zero: the same
             * answer (the raw-key one-shots prepare no more) */
            uint64_t tab_n[2 * KARX_I_GHASH_POWERS] = {0};
            unsigned n = nb == 0 ? 1 : nb < KARX_I_GHASH_POWERS ? (unsigned)nb : KARX_I_GHASH_POWERS;
            g->powers(tab_n, h, n);
            CHECK(memcmp(tab_n, tab_p, 16 * n) == 0, "%s: H^1..H^%u", g->name, n);
            memcpy(yd, y0, 16);
            g->blocks(tab_n, yd, data, nb);
            CHECK(memcmp(yd, yr, 16) == 0, "GHASH %s with H^1..H^%u only, %zu blocks", g->name, n,
                  nb);
        }
        /* dispatched under every back end: the kernel the registry selects there */
        for (int b = 0; b < t_backend_count(); b++) {
            if (!karx_backend_supported((karx_backend)b)) continue;
            karx_set_backend((karx_backend)b);
            karx_i_ghash_powers(tab_d, h, KARX_I_GHASH_POWERS);
            CHECK(memcmp(tab_d, tab_p, sizeof tab_p) == 0, "H powers differ (%s)",
                  karx_backend_name((karx_backend)b));
            memcpy(yd, y0, 16);
            karx_i_ghash_blocks(tab_d, yd, data, nb);
            CHECK(memcmp(yd, yr, 16) == 0, "GHASH (%s) != bit-by-bit, %zu blocks",
                  karx_backend_name((karx_backend)b), nb);
        }
        /* H^k against repeated bit-by-bit multiplication */
        uint8_t p[16], e[16];
        memcpy(p, h, 16);
        int ok = 1;
        for (int k = 1; k <= KARX_I_GHASH_POWERS; k++) {
            for (int j = 0; j < 8; j++) {
                e[j] = (uint8_t)(tab_p[2 * (k - 1) + 1] >> (56 - 8 * j));
                e[8 + j] = (uint8_t)(tab_p[2 * (k - 1)] >> (56 - 8 * j));
            }
            ok &= memcmp(e, p, 16) == 0;
            ref_gmul(p, p, h);
        }
        CHECK(ok, "H powers wrong");
    }
    karx_set_backend(orig);
    printf("GHASH kernels compared with bit-by-bit:");
    const karx_i_part *gp = karx_i_part_desc(KARX_PART_GHASH);
    for (size_t i = 0; i < gp->nimpls; i++)
        if (karx_i_impl_usable(&gp->impls[i])) printf(" %s", gp->impls[i].name);
    printf("\n");
}

/* ---------------------------------------------------------------------------------------- */
/* inc32 wrap inside one message */

static void ref_inverse(uint8_t inv[16], const uint8_t h[16])
{
    /* h^(2^128 - 2): bits 127..1 of the exponent set, bit 0 clear */
    uint8_t r[16] = {0x80};
    for (int bit = 127; bit >= 0; bit--) {
        ref_gmul(r, r, r);
        if (bit != 0) ref_gmul(r, r, h);
    }
    memcpy(inv, r, 16);
}

static void run_wrap(const char *bname)
{
    for (int variant = 0; variant < 2; variant++) {
        for (size_t a = 0; a < NALGS; a++) {
            karx_cipher_alg alg = ALGS[a];
            uint8_t key[32], h[16] = {0}, hinv[16], j0[16], iv[16], l[16] = {0}, t[16], chk[16];
            size_t klen = karx_cipher_key_bytes(alg);
            karx_cipher_key ck;
            t_fill(key, klen);
            karx_cipher_set_key(&ck, alg, key, klen);
            karx_cipher_encrypt_block(&ck, h, h);
            karx_cipher_key_wipe(&ck);
            ref_inverse(hinv, h);
            ref_gmul(t, h, hinv);
            uint8_t one[16] = {0x80};
            CHECK(memcmp(t, one, 16) == 0, "H * H^-1 != 1");
            /* J0 = upper || fffffffd: inc32 gives fffffffe, ffffffff, 00000000, ... */
            if (variant == 0)
                t_fill(j0, 12);
            else
                memset(j0, 0xff, 12);
            j0[12] = j0[13] = j0[14] = 0xff;
            j0[15] = 0xfd;
            /* J0 = ((IV * H) ^ L) * H, L = 0^64 || [128]_64, so IV = ((J0 * H^-1) ^ L) * H^-1 */
            put64(l + 8, 128);
            ref_gmul(t, j0, hinv);
            for (int j = 0; j < 16; j++) t[j] ^= l[j];
            ref_gmul(iv, t, hinv);
            ref_j0(h, chk, iv, 16);
            CHECK(memcmp(chk, j0, 16) == 0, "solved IV does not give the wanted J0");
            size_t lens[] = {16 * 3, 16 * 2 + 5, 16 * 100 + 9, 9000};
            for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                size_t len = lens[i];
                uint8_t *pt = malloc(len), *ct = malloc(len), aad[20], tag[16];
                t_fill(pt, len);
                t_fill(aad, sizeof aad);
                ref_gcm(alg, key, iv, 16, aad, sizeof aad, pt, len, ct, tag);
                CHECK(
                    check_message(alg, key, klen, iv, 16, aad, sizeof aad, pt, ct, len, tag, 16, 1),
                    "%s inc32 wrap: alg %d upper %s len %zu", bname, (int)alg,
                    variant ? "all-ones" : "random", len);
                free(pt);
                free(ct);
            }
        }
    }
}

/* ---------------------------------------------------------------------------------------- */
/* streaming */

static int ctx_is_zero(const karx_gcm_ctx *c)
{
    const uint8_t *p = (const uint8_t *)c;
    uint8_t acc = 0;
    for (size_t i = 0; i < sizeof *c; i++) acc |= p[i];
    return acc == 0;
}

static size_t piece(size_t left, int how, size_t i)
{
    static const size_t edges[] = {1, 15, 16, 17, 31, 32, 33, 4096, 8192 + 5};
    size_t n;
    if (how == 0)
        n = 1;
    else if (how == 1)
        n = edges[i % (sizeof edges / sizeof edges[0])];
    else
        n = (size_t)(t_rand64() % 600);
    if (how == 3) n = (size_t)(t_rand64() % 40000);
    return n < left ? n : left;
}

static void run_stream(const char *bname, int n)
{
    for (int m = 0; m < n; m++) {
        karx_cipher_alg alg = ALGS[t_rand64() % NALGS];
        size_t klen = karx_cipher_key_bytes(alg), iv_len = (m & 1) ? 12 : 1 + t_rand64() % 30;
        size_t aad_len = t_rand64() % 100,
               len = (m % 5 == 0) ? t_rand64() % 60000 : t_rand64() % 700;
        int how = m % 4;
        if (how == 0 && len > 3000) how = 2;
        size_t tag_len = TAGS[t_rand64() % NTAGS];
        uint8_t key[32], iv[32], aad[100], tag[16], t2[16];
        uint8_t *pt = malloc(len + 1), *ct = malloc(len + 1), *buf = malloc(len + 1);
        t_fill(key, klen);
        t_fill(iv, iv_len);
        t_fill(aad, aad_len);
        t_fill(pt, len);
        ref_gcm(alg, key, iv, iv_len, aad, aad_len, pt, len, ct, tag);
        int inplace = (m / 4) & 1;
        for (int dir = 0; dir < 2; dir++) {
            karx_gcm_ctx ctx;
            int ok = karx_gcm_init(&ctx, alg, key, klen, dir ? KARX_DECRYPT : KARX_ENCRYPT, iv,
                                   iv_len) == KARX_OK;
            size_t i = 0;
            for (size_t done = 0; done < aad_len; i++) {
                size_t k = piece(aad_len - done, how == 3 ? 2 : how, i);
                ok &= karx_gcm_aad(&ctx, aad + done, k) == KARX_OK;
                done += k;
            }
            const uint8_t *src = dir ? ct : pt;
            if (inplace) memcpy(buf, src, len);
            for (size_t done = 0; done < len; i++) {
                size_t k = piece(len - done, how, i);
                ok &= karx_gcm_update(&ctx, buf + done, inplace ? buf + done : src + done, k) ==
                      KARX_OK;
                done += k;
            }
            ok &= memcmp(buf, dir ? pt : ct, len) == 0;
            if (dir == 0) {
                ok &= karx_gcm_final(&ctx, t2, tag_len) == KARX_OK;
                ok &= memcmp(t2, tag, tag_len) == 0;
            } else {
                karx_gcm_ctx fork = ctx; /* a copy forks the stream */
                t2[0] = (uint8_t)(tag[0] ^ 0x80);
                memcpy(t2 + 1, tag + 1, 15);
                ok &= karx_gcm_final_verify(&fork, t2, tag_len) == KARX_ERR_AUTHENTICATION;
                ok &= karx_gcm_final_verify(&ctx, tag, tag_len) == KARX_OK;
            }
            ok &= ctx_is_zero(&ctx);
            CHECK(ok, "%s stream %d: %s alg %d iv %zu aad %zu len %zu how %d tag %zu in-place %d",
                  bname, m, dir ? "decrypt" : "encrypt", (int)alg, iv_len, aad_len, len, how,
                  tag_len, inplace);
        }
        free(pt);
        free(ct);
        free(buf);
    }
}

static void run_stream_bad(void)
{
    uint8_t key[16] = {1}, iv[12] = {2}, buf[32] = {0}, tag[16] = {0};
    karx_gcm_ctx ctx;
    karx_gcm_key gk;
    CHECK(karx_gcm_init(NULL, KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, iv, 12) ==
              KARX_ERR_ARGUMENT,
          "NULL ctx");
    CHECK(karx_gcm_init(&ctx, KARX_CIPHER_LEA128, key, 16, 7, iv, 12) == KARX_ERR_ARGUMENT,
          "bad dir");
    CHECK(karx_gcm_init(&ctx, KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, iv, 0) ==
              KARX_ERR_IV_LENGTH,
          "IV 0");
    CHECK(karx_gcm_init(&ctx, KARX_CIPHER_LEA128, key, 15, KARX_ENCRYPT, iv, 12) ==
              KARX_ERR_KEY_LENGTH,
          "key 15");
    CHECK(karx_gcm_init(&ctx, KARX_CIPHER_HIGHT, key, 16, KARX_ENCRYPT, iv, 12) ==
              KARX_ERR_UNSUPPORTED,
          "HIGHT");
    CHECK(ctx_is_zero(&ctx), "failed init leaves ctx wiped");
    CHECK(karx_gcm_update(&ctx, buf, buf, 16) == KARX_ERR_STATE, "update on unset ctx");
    memset(&gk, 0, sizeof gk);
    CHECK(karx_gcm_init_key(&ctx, &gk, KARX_ENCRYPT, iv, 12) == KARX_ERR_STATE, "unset key");
    CHECK(karx_gcm_init(&ctx, KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, iv, 12) == KARX_OK,
          "init");
    CHECK(karx_gcm_aad(&ctx, NULL, 3) == KARX_ERR_ARGUMENT, "NULL aad");
    /* regression (fuzz_aead): empty AAD as NULL did pointer arithmetic and memcpy on NULL,
     * which UBSan stops on; at the start and after a partial AAD block */
    CHECK(karx_gcm_aad(&ctx, NULL, 0) == KARX_OK, "empty aad as NULL");
    CHECK(karx_gcm_update(&ctx, buf, buf, 0) == KARX_OK, "empty update");
    CHECK(karx_gcm_aad(&ctx, buf, 3) == KARX_OK, "aad after an empty update");
    CHECK(karx_gcm_aad(&ctx, NULL, 0) == KARX_OK, "empty aad as NULL after a partial block");
    CHECK(karx_gcm_update(&ctx, buf, buf, 5) == KARX_OK, "update");
    CHECK(karx_gcm_aad(&ctx, buf, 3) == KARX_ERR_STATE, "aad after data");
    CHECK(karx_gcm_update(&ctx, NULL, buf, 5) == KARX_ERR_ARGUMENT, "NULL out");
    if (sizeof(size_t) >= 8)
        CHECK(karx_gcm_update(&ctx, buf, buf, karx_gcm_max_payload_bytes()) == KARX_ERR_DATA_LENGTH,
              "stream over the payload limit");
    CHECK(karx_gcm_final_verify(&ctx, tag, 16) == KARX_ERR_STATE, "verify on an encryption ctx");
    CHECK(karx_gcm_final(&ctx, tag, 5) == KARX_ERR_ARGUMENT, "final tag 5");
    CHECK(karx_gcm_final(&ctx, tag, 16) == KARX_OK, "final");
    CHECK(karx_gcm_update(&ctx, buf, buf, 5) == KARX_ERR_STATE, "update after final");
    CHECK(karx_gcm_final(&ctx, tag, 16) == KARX_ERR_STATE, "final twice");
    CHECK(karx_gcm_set_key(&gk, KARX_CIPHER_LEA128, key, 16) == KARX_OK, "set_key");
    CHECK(karx_gcm_init_key(&ctx, &gk, KARX_DECRYPT, iv, 12) == KARX_OK, "init_key");
    CHECK(karx_gcm_final(&ctx, tag, 16) == KARX_ERR_STATE, "final on a decryption ctx");
    karx_gcm_ctx_wipe(&ctx);
    CHECK(ctx_is_zero(&ctx), "ctx_wipe");
    karx_gcm_ctx_wipe(NULL);
    karx_gcm_key_wipe(&gk);
}

/* ---------------------------------------------------------------------------------------- */
/* bad input */

/* dst = src with one bit flipped. */
static void flipped(uint8_t *dst, const uint8_t *src, size_t n, size_t bit)
{
    memcpy(dst, src, n);
    dst[bit / 8] ^= (uint8_t)(1u << (bit % 8));
}

/* 1 if a forged message is refused; *wiped is cleared unless OUT (0xa5-filled first, but not
 * when it is the ciphertext itself, in place) comes back zero-filled. */
static int open_refused(const karx_gcm_key *gk, const uint8_t *iv, uint8_t *out,
                        const uint8_t *tag, size_t tag_len, const uint8_t *ct, size_t len,
                        const uint8_t *aad, size_t alen, int *wiped)
{
    if (out != ct)
        memset(out, 0xa5, len);
    int refused =
        karx_gcm_open(gk, iv, 12, out, tag, tag_len, ct, len, aad, alen) == KARX_ERR_AUTHENTICATION;
    *wiped &= t_all_zero(out, len);
    return refused;
}

static void run_bad_input(void)
{
    uint8_t key[32], iv[16], aad[40], pt[100], ct[100], out[100], tag[16], t2[16];
    karx_gcm_key gk;
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(pt, sizeof pt);
    const karx_cipher_alg A = KARX_CIPHER_LEA128;

    /* keys */
    CHECK(karx_gcm_set_key(&gk, A, key, 15) == KARX_ERR_KEY_LENGTH, "key 15");
    CHECK(karx_gcm_set_key(&gk, A, key, 32) == KARX_ERR_KEY_LENGTH, "key 32 for LEA-128");
    CHECK(karx_gcm_set_key(&gk, KARX_CIPHER_CHAM128_256, key, 16) == KARX_ERR_KEY_LENGTH,
          "key 16 for CHAM-128/256");
    CHECK(karx_gcm_set_key(&gk, KARX_CIPHER_HIGHT, key, 16) == KARX_ERR_UNSUPPORTED, "HIGHT");
    CHECK(karx_gcm_set_key(&gk, KARX_CIPHER_CHAM64_128, key, 16) == KARX_ERR_UNSUPPORTED, "CHAM64");
    CHECK(karx_gcm_set_key(&gk, (karx_cipher_alg)0, key, 16) == KARX_ERR_UNKNOWN_ALGORITHM, "id 0");
    CHECK(karx_gcm_set_key(&gk, (karx_cipher_alg)99, key, 16) == KARX_ERR_UNKNOWN_ALGORITHM,
          "id 99");
    CHECK(karx_gcm_set_key(NULL, A, key, 16) == KARX_ERR_ARGUMENT, "NULL gk");
    CHECK(karx_gcm_set_key(&gk, A, NULL, 16) == KARX_ERR_ARGUMENT, "NULL key");
    CHECK(karx_gcm_seal(&gk, iv, 12, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_STATE,
          "failed set_key leaves an unusable key");
    memset(&gk, 0, sizeof gk);
    CHECK(karx_gcm_seal(&gk, iv, 12, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_STATE, "unset key");
    CHECK(karx_gcm_set_key(&gk, A, key, 16) == KARX_OK, "set_key");
    karx_gcm_key_wipe(&gk);
    CHECK(karx_gcm_open(&gk, iv, 12, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_STATE, "wiped key");
    karx_gcm_key_wipe(NULL);
    CHECK(karx_gcm_seal(NULL, iv, 12, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_ARGUMENT,
          "NULL gk");
    CHECK(karx_gcm_encrypt(KARX_CIPHER_HIGHT, key, 16, iv, 12, out, tag, 16, pt, 16, aad, 0) ==
              KARX_ERR_UNSUPPORTED,
          "one-shot HIGHT");
    CHECK(karx_gcm_decrypt(KARX_CIPHER_CHAM64_128, key, 16, iv, 12, out, tag, 16, pt, 16, aad, 0) ==
              KARX_ERR_UNSUPPORTED,
          "one-shot CHAM-64");
    CHECK(karx_gcm_encrypt(A, key, 24, iv, 12, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_KEY_LENGTH,
          "one-shot key length");
    CHECK(karx_gcm_encrypt((karx_cipher_alg)42, key, 16, iv, 12, out, tag, 16, pt, 16, aad, 0) ==
              KARX_ERR_UNKNOWN_ALGORITHM,
          "one-shot unknown id");

    /* IV, tag and data lengths, NULLs */
    CHECK(karx_gcm_set_key(&gk, A, key, 16) == KARX_OK, "set_key");
    CHECK(karx_gcm_seal(&gk, iv, 0, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_IV_LENGTH, "IV 0");
    CHECK(karx_gcm_open(&gk, iv, 0, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_IV_LENGTH, "IV 0");
    CHECK(karx_gcm_encrypt(A, key, 16, iv, 0, out, tag, 16, pt, 16, aad, 0) == KARX_ERR_IV_LENGTH,
          "IV 0 one-shot");
    static const size_t badtags[] = {0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 17, 32};
    for (size_t i = 0; i < sizeof badtags / sizeof badtags[0]; i++) {
        CHECK(karx_gcm_seal(&gk, iv, 12, out, tag, badtags[i], pt, 16, aad, 0) == KARX_ERR_ARGUMENT,
              "seal tag %zu", badtags[i]);
        CHECK(karx_gcm_open(&gk, iv, 12, out, tag, badtags[i], pt, 16, aad, 0) == KARX_ERR_ARGUMENT,
              "open tag %zu", badtags[i]);
        CHECK(karx_gcm_tag_len_ok(badtags[i]) == 0, "tag_len_ok %zu", badtags[i]);
    }
    for (size_t t = 0; t < NTAGS; t++) CHECK(karx_gcm_tag_len_ok(TAGS[t]) == 1, "tag_len_ok");
    if (sizeof(size_t) >= 8) {
        size_t big = karx_gcm_max_payload_bytes() + 1;
        CHECK(karx_gcm_seal(&gk, iv, 12, out, tag, 16, pt, big, aad, 0) == KARX_ERR_DATA_LENGTH,
              "payload 2^36 - 31");
        CHECK(karx_gcm_open(&gk, iv, 12, out, tag, 16, pt, big, aad, 0) == KARX_ERR_DATA_LENGTH,
              "payload 2^36 - 31");
        CHECK(karx_gcm_seal(&gk, iv, 12, out, tag, 16, pt, 16, aad, (size_t)((uint64_t)1 << 61)) ==
                  KARX_ERR_DATA_LENGTH,
              "aad 2^61");
        CHECK(karx_gcm_seal(&gk, iv, (size_t)((uint64_t)1 << 61), out, tag, 16, pt, 16, aad, 0) ==
                  KARX_ERR_IV_LENGTH,
              "IV 2^61");
    }
    CHECK(karx_gcm_max_payload_bytes() == (sizeof(size_t) >= 8 ? (size_t)68719476704u : SIZE_MAX),
          "max payload");
    CHECK(karx_gcm_block_bytes() == 16 && karx_gcm_iv_bytes() == 12 &&
              karx_gcm_tag_min_bytes() == 4 && karx_gcm_tag_max_bytes() == 16,
          "sizes");
    /* one NULL buffer at a time */
    const struct {
        const uint8_t *iv, *aad;
        size_t aad_len;
        uint8_t *out, *tag;
        const uint8_t *in;
        const char *what;
    } nulls[] = {{NULL, aad, 0, out, tag, pt, "NULL iv"},
                 {iv, NULL, 5, out, tag, pt, "NULL aad"},
                 {iv, aad, 0, NULL, tag, pt, "NULL out"},
                 {iv, aad, 0, out, tag, NULL, "NULL in"},
                 {iv, aad, 0, out, NULL, pt, "NULL tag"}};
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++)
        CHECK(karx_gcm_seal(&gk, nulls[i].iv, 12, nulls[i].out, nulls[i].tag, 16, nulls[i].in, 16,
                            nulls[i].aad, nulls[i].aad_len) == KARX_ERR_ARGUMENT,
              "%s", nulls[i].what);
    CHECK(karx_gcm_open(&gk, iv, 12, out, NULL, 16, pt, 16, aad, 0) == KARX_ERR_ARGUMENT,
          "NULL tag");
    CHECK(karx_gcm_decrypt(A, key, 16, iv, 12, out, tag, 16, pt, 16, NULL, 3) == KARX_ERR_ARGUMENT,
          "NULL aad one-shot");
    /* empty everything with NULL buffers is fine, and round-trips */
    CHECK(karx_gcm_seal(&gk, iv, 12, NULL, tag, 16, NULL, 0, NULL, 0) == KARX_OK, "empty seal");
    CHECK(karx_gcm_open(&gk, iv, 12, NULL, tag, 16, NULL, 0, NULL, 0) == KARX_OK, "empty open");
    tag[0] ^= 1;
    CHECK(karx_gcm_open(&gk, iv, 12, NULL, tag, 16, NULL, 0, NULL, 0) == KARX_ERR_AUTHENTICATION,
          "empty forged");

    /* forgeries */
    const size_t len = sizeof pt, alen = sizeof aad;
    CHECK(karx_gcm_seal(&gk, iv, 12, ct, tag, 16, pt, len, aad, alen) == KARX_OK, "seal");
    int tag_ok = 1, ct_ok = 1, aad_ok = 1, wiped = 1;
    for (int b = 0; b < 128; b++) {
        flipped(t2, tag, 16, (size_t)b);
        tag_ok &= open_refused(&gk, iv, out, t2, 16, ct, len, aad, alen, &wiped);
        /* truncated tags: flips inside the kept bytes are caught too */
        if (b / 8 < 12)
            tag_ok &= open_refused(&gk, iv, out, t2, 12, ct, len, aad, alen, &wiped);
    }
    for (size_t bit = 0; bit < len * 8; bit += 7) {
        uint8_t c2[100];
        flipped(c2, ct, len, bit);
        ct_ok &= open_refused(&gk, iv, out, tag, 16, c2, len, aad, alen, &wiped);
        /* in place: the buffer is zero-filled */
        ct_ok &= open_refused(&gk, iv, c2, tag, 16, c2, len, aad, alen, &wiped);
    }
    for (size_t bit = 0; bit < alen * 8; bit += 3) {
        uint8_t a2[40];
        flipped(a2, aad, alen, bit);
        aad_ok &= open_refused(&gk, iv, out, tag, 16, ct, len, a2, alen, &wiped);
    }
    CHECK(tag_ok, "tag bit flips not all rejected");
    CHECK(ct_ok, "ciphertext bit flips not all rejected");
    CHECK(aad_ok, "AAD bit flips not all rejected");
    CHECK(wiped, "output not zero-filled after a rejected message");
    memset(out, 0xa5, len);
    CHECK(karx_gcm_open(&gk, iv, 12, out, tag, 16, ct, len, aad, alen - 1) ==
              KARX_ERR_AUTHENTICATION,
          "shorter AAD");
    CHECK(karx_gcm_open(&gk, iv, 12, out, tag, 16, ct, len - 1, aad, alen) ==
              KARX_ERR_AUTHENTICATION,
          "truncated ciphertext");
    CHECK(karx_gcm_open(&gk, iv, 11, out, tag, 16, ct, len, aad, alen) == KARX_ERR_AUTHENTICATION,
          "other IV length");
    iv[3] ^= 0x10;
    CHECK(karx_gcm_open(&gk, iv, 12, out, tag, 16, ct, len, aad, alen) == KARX_ERR_AUTHENTICATION,
          "other IV");
    CHECK(karx_gcm_decrypt(A, key + 1, 16, iv, 12, out, tag, 16, ct, len, aad, alen) ==
              KARX_ERR_AUTHENTICATION,
          "other key");
    iv[3] ^= 0x10;
    CHECK(t_all_zero(out, len), "one-shot failure wipes");
    CHECK(karx_gcm_open(&gk, iv, 12, out, tag, 16, ct, len, aad, alen) == KARX_OK &&
              memcmp(out, pt, len) == 0,
          "the untouched message still opens");
    karx_gcm_key_wipe(&gk);
    CHECK(t_all_zero((const uint8_t *)&gk, sizeof gk), "key wiped");
}

/* ---------------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    t_seed_from_env();
    load_kats(dir);
    run_ghash();
    run_bad_input();
    run_stream_bad();
    karx_backend orig = karx_get_backend();
    const char *bname;
    for (int b = -1; (bname = t_next_backend(&b)) != NULL;) {
        unsigned long before = t_failed;
        run_kats(bname);
        run_random(bname, 40);
        run_wrap(bname);
        run_oneshot_powers(bname);
        run_stream(bname, 60);
        if (b == KARX_BACKEND_PORTABLE || b == (int)karx_backend_best()) run_cross_product(bname);
        printf("back end %-8s: %s\n", bname, t_failed == before ? "ok" : "FAILED");
    }
    karx_set_backend(orig);
    printf("%zu KISA GCM vectors, %lu messages checked\n", nkats, n_messages);
    free(kats);
    return t_finish("test_gcm");
}
