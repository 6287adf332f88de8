/* The stitched GCM path (CTR and GHASH in one pass, src/aead/gcm_stitch_avx2.c, taken under the
 * avx2 back end on a CPU with VPCLMULQDQ) against the two-pass portable path (KARX_BACKEND
 * portable, itself checked against the KISA vectors and GCM by definition in test_gcm.c, which
 * also runs those vectors on every back end), for every back end this CPU runs:
 *  - LEA-128/192/256, CHAM-128/128, CHAM-128/256, ARIA-128; 12-byte IVs (the stitched case) and
 *    16-byte IVs (secret counter: the chunked path);
 *  - random lengths from 0 to several kernel chunks, every length within 17 bytes of the GHASH
 *    group (32 blocks), the kernel chunk (128 blocks) and the two-pass chunk (512 blocks),
 *    random AAD lengths;
 *  - out of place, unaligned in and out, in place;
 *  - seal and open, and open with each of a few tag bits flipped: KARX_ERR_AUTHENTICATION with
 *    the output zero-filled;
 *  - streaming (karx_gcm_update split at every point near those boundaries) = one-shot, both
 *    directions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cpu.h"
#include "karx/gcm.h"
#include "test_util.h"

static const karx_cipher_alg ALGS[] = {KARX_CIPHER_LEA128,      KARX_CIPHER_LEA192,
                                       KARX_CIPHER_LEA256,      KARX_CIPHER_CHAM128_128,
                                       KARX_CIPHER_CHAM128_256, KARX_CIPHER_ARIA128};
#define NALGS (sizeof ALGS / sizeof ALGS[0])
#define MAXLEN (1024 * 16 + 64)
static const size_t EDGES[] = {32, 128, 256, 512, 1024}; /* blocks */
#define NEDGES (sizeof EDGES / sizeof EDGES[0])

static uint8_t pt[MAXLEN], ref_ct[MAXLEN], aad[256], iv[16], area[MAXLEN + 64], other[MAXLEN + 8];
static unsigned long n_messages;

/* The reference ciphertext and tag: the portable back end's two passes. */
static void seal_ref(const karx_gcm_key *gk, size_t iv_len, size_t aad_len, size_t len,
                     uint8_t tag[16])
{
    karx_backend b = karx_get_backend();
    karx_set_backend(KARX_BACKEND_PORTABLE);
    karx_status st = karx_gcm_seal(gk, iv, iv_len, ref_ct, tag, 16, pt, len, aad, aad_len);
    CHECK(st == KARX_OK, "reference seal: %d", (int)st);
    karx_set_backend(b);
}

/* form 0: out of place; 1: in at +1, out at +3 of another buffer (unaligned); 2: in place at
 * +5. */
static void one_message(const char *bname, const karx_gcm_key *gk, size_t iv_len, size_t aad_len,
                        size_t len, int form)
{
    uint8_t tag[16], rtag[16];
    t_fill(iv, sizeof iv);
    t_fill(aad, aad_len);
    t_fill(pt, len);
    seal_ref(gk, iv_len, aad_len, len, rtag);
    uint8_t *in = form == 0 ? area : form == 1 ? area + 1 : area + 5;
    uint8_t *out = form == 0 ? other : form == 1 ? other + 3 : area + 5;
    memcpy(in, pt, len);
    karx_status st = karx_gcm_seal(gk, iv, iv_len, out, tag, 16, in, len, aad, aad_len);
    CHECK(st == KARX_OK && memcmp(out, ref_ct, len) == 0 && memcmp(tag, rtag, 16) == 0,
          "seal %s len %zu aad %zu iv %zu form %d", bname, len, aad_len, iv_len, form);
    memcpy(in, ref_ct, len);
    st = karx_gcm_open(gk, iv, iv_len, out, tag, 16, in, len, aad, aad_len);
    CHECK(st == KARX_OK && memcmp(out, pt, len) == 0, "open %s len %zu aad %zu iv %zu form %d",
          bname, len, aad_len, iv_len, form);
    int bit = (int)(t_rand64() % 128);
    tag[bit / 8] ^= (uint8_t)(1u << bit % 8);
    memcpy(in, ref_ct, len);
    st = karx_gcm_open(gk, iv, iv_len, out, tag, 16, in, len, aad, aad_len);
    CHECK(st == KARX_ERR_AUTHENTICATION && t_all_zero(out, len),
          "forged tag bit %d %s len %zu form %d: %d", bit, bname, len, form, (int)st);
    n_messages++;
}

/* Streaming with one cut at each point near the edges = the one-shot (ref_ct, rtag). */
static void stream_cuts(const char *bname, const karx_gcm_key *gk, size_t len)
{
    uint8_t rtag[16], tag[16];
    static uint8_t out[MAXLEN];
    t_fill(iv, 12);
    t_fill(aad, 37);
    t_fill(pt, len);
    seal_ref(gk, 12, 37, len, rtag);
    for (size_t e = 0; e < NEDGES; e++) {
        for (int d = -17; d <= 17; d++) {
            long cut = (long)EDGES[e] * 16 + d;
            if (cut < 0 || (size_t)cut > len) continue;
            for (int enc = 0; enc < 2; enc++) {
                karx_gcm_ctx c;
                const uint8_t *src = enc ? pt : ref_ct;
                karx_status st = karx_gcm_init_key(&c, gk, enc ? KARX_ENCRYPT : KARX_DECRYPT, iv, 12);
                if (st == KARX_OK) st = karx_gcm_aad(&c, aad, 37);
                if (st == KARX_OK) st = karx_gcm_update(&c, out, src, (size_t)cut);
                if (st == KARX_OK) st = karx_gcm_update(&c, out + cut, src + cut, len - (size_t)cut);
                if (enc) {
                    if (st == KARX_OK) st = karx_gcm_final(&c, tag, 16);
                    CHECK(st == KARX_OK && memcmp(out, ref_ct, len) == 0 &&
                              memcmp(tag, rtag, 16) == 0,
                          "stream seal %s len %zu cut %ld", bname, len, cut);
                } else {
                    if (st == KARX_OK) st = karx_gcm_final_verify(&c, rtag, 16);
                    CHECK(st == KARX_OK && memcmp(out, pt, len) == 0,
                          "stream open %s len %zu cut %ld", bname, len, cut);
                }
            }
        }
    }
}

/* Every algorithm on the current back end, then one line saying whether it passed. */
static void run_backend(const char *bname)
{
    unsigned long before = t_failed;
    for (size_t a = 0; a < NALGS; a++) {
        uint8_t key[32];
        t_fill(key, sizeof key);
        karx_gcm_key gk;
        karx_status st = karx_gcm_set_key(&gk, ALGS[a], key, karx_cipher_key_bytes(ALGS[a]));
        CHECK(st == KARX_OK, "set_key alg %d", (int)ALGS[a]);
        if (st != KARX_OK) continue;
        for (int form = 0; form < 3; form++) {
            size_t iv_len = form == 2 && a % 2 ? 16 : 12;
            for (size_t e = 0; e < NEDGES; e++)
                for (int d = -17; d <= 17; d++) {
                    if (d < -1 && d > -15 && d != -16) continue; /* +-1, +-15..17, 0 */
                    if (d > 1 && d < 15) continue;
                    size_t len = (size_t)((long)EDGES[e] * 16 + d);
                    one_message(bname, &gk, iv_len, (size_t)(t_rand64() % 80), len, form);
                }
            for (int r = 0; r < 12; r++) /* random lengths up to five kernel chunks */
                one_message(bname, &gk, iv_len, (size_t)(t_rand64() % 200),
                            (size_t)(t_rand64() % (5 * 128 * 16 + 1)), form);
            one_message(bname, &gk, iv_len, 0, 0, form);
        }
        stream_cuts(bname, &gk, 1024 * 16 + 40);
        karx_gcm_key_wipe(&gk);
    }
    printf("back end %-8s: %s\n", bname, t_failed == before ? "ok" : "FAILED");
}

int main(void)
{
    t_seed_from_env();
    karx_backend orig = karx_get_backend();
    const char *bname;
    for (int b = -1; (bname = t_next_backend(&b)) != NULL;)
        run_backend(bname);
    karx_set_backend(orig);
    printf("%lu messages checked\n", n_messages);
    return t_finish("test_gcm_stitch");
}
