/* GMAC (karx/gmac.h) tests.
 *
 *  - Known answers: for every LEA GCM vector of kisa_lea_modes_vs.txt (key K, IV, AAD A,
 *    ciphertext C, tag T) the GMAC of A under (K, IV) is T ^ S(A, C) ^ S(A, empty), where S is
 *    GHASH_H over the padded inputs and their length block, computed here bit by bit with
 *    H = E_K(0): E_K(J0) comes from the vector, not from karx. No official GMAC vectors exist.
 *  - cryptopp_lea_gmac.txt: 48 GMAC-LEA tags computed by Crypto++ 8.7's GCM<LEA> over AAD only
 *    (tools/gen_cryptopp_gmac.cpp), IV lengths 1, 12, 16, 60 and data of 0..255 bytes; one-shot,
 *    streaming at a split, and verify.
 *  - GMAC = the tag of karx_gcm_encrypt with an empty plaintext, and = GMAC by its definition
 *    (bit-by-bit GHASH, J0 per SP 800-38D), for every 128-bit-block cipher in the registry, random
 *    keys, IV lengths 1..64 and AAD lengths 0..300, every tag length; one-shot, streaming and from
 *    a scheduled key.
 *  - Streaming: every split of a message into two pieces, and three pieces cut near each 16-byte
 *    boundary, equals the one-shot; a copied context forks.
 *  - Verify: the right tag (full and truncated) passes; every single-bit flip of the tag, a
 *    flipped data bit, another IV and tag lengths outside the set are refused.
 *  - Bad input: NULL, IV length 0, tag lengths, key lengths, 64-bit-block and unknown ciphers,
 *    state errors, names.
 * Each runs on the portable and the best back end (GHASH portable and PCLMULQDQ / VPCLMULQDQ).
 * argv[1] is the KAT folder (tests/kat). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cpu.h"
#include "karx/gcm.h"
#include "karx/gmac.h"
#include "karx/registry.h"
#include "test_util.h"
#include "gcm_ref.h"

static const size_t TAGS[] = {4, 8, 12, 13, 14, 15, 16};
#define NTAGS (sizeof TAGS / sizeof TAGS[0])

/* ---- GHASH and GMAC by the definition (SP 800-38D 6.3, 6.4, 7.1) ---- */

/* The length block [a bits]64 || [c bits]64 into y. */
static void ref_lengths(const uint8_t h[16], uint8_t y[16], uint64_t a, uint64_t c)
{
    uint8_t l[16];
    for (int i = 0; i < 8; i++) {
        l[7 - i] = (uint8_t)(a * 8 >> 8 * i);
        l[15 - i] = (uint8_t)(c * 8 >> 8 * i);
    }
    ref_ghash(h, y, l, 16);
}

/* S(A, C) = GHASH_H(A padded || C padded || lengths). */
static void ref_s(const uint8_t h[16], uint8_t s[16], const uint8_t *a, size_t alen,
                  const uint8_t *c, size_t clen)
{
    memset(s, 0, 16);
    ref_ghash(h, s, a, alen);
    ref_ghash(h, s, c, clen);
    ref_lengths(h, s, alen, clen);
}

static void ref_gmac(karx_cipher_alg alg, const uint8_t *key, const uint8_t *iv, size_t iv_len,
                     const uint8_t *a, size_t alen, uint8_t tag[16])
{
    karx_cipher_key ck;
    uint8_t h[16] = {0}, j0[16] = {0}, s[16];
    karx_cipher_set_key(&ck, alg, key, karx_cipher_key_bytes(alg));
    karx_cipher_encrypt_block(&ck, h, h);
    if (iv_len == 12) {
        memcpy(j0, iv, 12);
        j0[15] = 1;
    } else {
        ref_ghash(h, j0, iv, iv_len);
        ref_lengths(h, j0, 0, iv_len);
    }
    ref_s(h, s, a, alen, NULL, 0);
    karx_cipher_encrypt_block(&ck, tag, j0);
    for (int i = 0; i < 16; i++) tag[i] ^= s[i];
    karx_cipher_key_wipe(&ck);
}

/* ---- the KISA LEA-GCM vectors ---- */

static gcm_kat kats[64];
static size_t nkats;

static void load_kats(const char *dir)
{
    nkats = gcm_load_kisa(dir, kats, 64);
}

static void run_kats(const char *bname)
{
    for (size_t i = 0; i < nkats; i++) {
        const gcm_kat *k = &kats[i];
        karx_cipher_key ck;
        uint8_t h[16] = {0}, s1[16], s2[16], want[16], got[16];
        karx_cipher_set_key(&ck, k->alg, k->key, (size_t)k->klen);
        karx_cipher_encrypt_block(&ck, h, h);
        karx_cipher_key_wipe(&ck);
        ref_s(h, s1, k->aad, (size_t)k->aadlen, k->ct, (size_t)k->ctlen);
        ref_s(h, s2, k->aad, (size_t)k->aadlen, NULL, 0);
        for (int j = 0; j < 16; j++) want[j] = (uint8_t)(k->tag[j] ^ s1[j] ^ s2[j]);
        CHECK(karx_gmac(k->alg, k->key, (size_t)k->klen, k->iv, (size_t)k->ivlen, got, 16, k->aad,
                        (size_t)k->aadlen) == KARX_OK &&
                  memcmp(got, want, 16) == 0,
              "KAT %zu (%s)", i, bname);
        CHECK(karx_gmac_verify(k->alg, k->key, (size_t)k->klen, k->iv, (size_t)k->ivlen, want, 16,
                               k->aad, (size_t)k->aadlen) == KARX_OK,
              "KAT %zu verifies (%s)", i, bname);
    }
}

/* ---- Crypto++'s GMAC-LEA answers ---- */

static gcm_kat cpps[64];
static size_t ncpps;

static void load_cryptopp(const char *dir)
{
    char line[4096];
    FILE *f = t_open_kat(dir, "cryptopp_lea_gmac.txt");
    if (!f) return;
    gcm_kat k;
    memset(&k, 0, sizeof k);
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "[LEA-", 5))
            k.alg = line[5] == '1' && line[6] == '2' ? KARX_CIPHER_LEA128
                    : line[5] == '1'                ? KARX_CIPHER_LEA192
                                                    : KARX_CIPHER_LEA256;
        else if (gcm_kat_line(line, &k) == 1) {
            int good = k.taglen == 16 && k.ivlen > 0 && k.aadlen >= 0 &&
                       (size_t)k.klen == karx_cipher_key_bytes(k.alg);
            CHECK(good, "bad Crypto++ record %zu", ncpps);
            if (good && ncpps < 64) cpps[ncpps++] = k;
            memset(&k, 0, sizeof k);
        }
    }
    fclose(f);
    CHECK(ncpps == 48, "expected 48 Crypto++ GMAC records, parsed %zu", ncpps);
}

static void run_cryptopp(const char *bname)
{
    for (size_t i = 0; i < ncpps; i++) {
        const gcm_kat *k = &cpps[i];
        uint8_t got[16];
        size_t kl = (size_t)k->klen, ivl = (size_t)k->ivlen, al = (size_t)k->aadlen, cut = al / 2;
        karx_gmac_ctx c;
        CHECK(karx_gmac(k->alg, k->key, kl, k->iv, ivl, got, 16, k->aad, al) == KARX_OK &&
                  memcmp(got, k->tag, 16) == 0,
              "Crypto++ record %zu (%s)", i, bname);
        CHECK(karx_gmac_init(&c, k->alg, k->key, kl, k->iv, ivl) == KARX_OK &&
                  karx_gmac_update(&c, k->aad, cut) == KARX_OK &&
                  karx_gmac_update(&c, k->aad + cut, al - cut) == KARX_OK &&
                  karx_gmac_final_verify(&c, k->tag, 16) == KARX_OK,
              "Crypto++ record %zu streaming (%s)", i, bname);
    }
}

/* ---- every 128-bit cipher of the registry: one-shot, key, stream = GCM = definition ---- */

static size_t ciphers(karx_cipher_alg *out, size_t cap)
{
    size_t n = 0;
    karx_alg_info a;
    for (size_t i = 0; karx_alg_get(i, &a) == KARX_OK; i++)
        if (a.kind == KARX_KIND_MAC && KARX_MAC_FAMILY(a.id) == KARX_MAC_GMAC && n < cap)
            out[n++] = (karx_cipher_alg)KARX_MAC_PRIM(a.id);
    return n;
}

static int stream_tag(karx_cipher_alg alg, const uint8_t *key, const uint8_t *iv, size_t ivl,
                      const uint8_t *a, size_t alen, uint8_t *tag, size_t tl)
{
    karx_gmac_ctx c;
    size_t cut = alen / 3;
    return karx_gmac_init(&c, alg, key, karx_cipher_key_bytes(alg), iv, ivl) == KARX_OK &&
           karx_gmac_update(&c, a, cut) == KARX_OK &&
           karx_gmac_update(&c, a + cut, alen - cut) == KARX_OK &&
           karx_gmac_final(&c, tag, tl) == KARX_OK;
}

static void run_random(const char *bname, int rounds)
{
    karx_cipher_alg algs[16];
    size_t n = ciphers(algs, 16);
    CHECK(n >= 5, "GMAC over LEA and CHAM-128 at least (%zu)", n);
    uint8_t key[32], iv[64], a[300], want[16], gcm[16], got[16];
    for (size_t c = 0; c < n; c++) {
        karx_cipher_alg alg = algs[c];
        size_t kl = karx_cipher_key_bytes(alg);
        for (int r = 0; r < rounds; r++) {
            size_t ivl = r % 3 == 0 ? 12 : 1 + t_rand64() % 64, alen = t_rand64() % sizeof a;
            size_t tl = TAGS[r % NTAGS];
            t_fill(key, kl);
            t_fill(iv, ivl);
            t_fill(a, alen);
            ref_gmac(alg, key, iv, ivl, a, alen, want);
            CHECK(karx_gcm_encrypt(alg, key, kl, iv, ivl, NULL, gcm, 16, NULL, 0, a, alen) ==
                          KARX_OK &&
                      memcmp(gcm, want, 16) == 0,
                  "GCM with no plaintext = definition (%s, %s)", karx_cipher_name(alg), bname);
            memset(got, 0, sizeof got);
            CHECK(karx_gmac(alg, key, kl, iv, ivl, got, tl, a, alen) == KARX_OK &&
                      memcmp(got, want, tl) == 0,
                  "one-shot %s iv %zu aad %zu tag %zu (%s)", karx_cipher_name(alg), ivl, alen, tl,
                  bname);
            CHECK(stream_tag(alg, key, iv, ivl, a, alen, got, 16) && memcmp(got, want, 16) == 0,
                  "stream %s (%s)", karx_cipher_name(alg), bname);
            karx_gcm_key gk;
            karx_gmac_ctx ctx;
            CHECK(karx_gcm_set_key(&gk, alg, key, kl) == KARX_OK &&
                      karx_gmac_init_key(&ctx, &gk, iv, ivl) == KARX_OK &&
                      karx_gmac_update(&ctx, a, alen) == KARX_OK &&
                      karx_gmac_final_verify(&ctx, want, tl) == KARX_OK,
                  "scheduled key %s (%s)", karx_cipher_name(alg), bname);
            karx_gcm_key_wipe(&gk);
        }
    }
}

/* ---- streaming splits ---- */

static void run_splits(const char *bname)
{
    const karx_cipher_alg alg = KARX_CIPHER_LEA128;
    uint8_t key[16], iv[12], a[100], want[16], got[16];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(a, sizeof a);
    CHECK(karx_gmac(alg, key, 16, iv, 12, want, 16, a, sizeof a) == KARX_OK, "one-shot");
    int bad2 = 0, bad3 = 0;
    for (size_t cut = 0; cut <= sizeof a; cut++) { /* every two-piece split */
        karx_gmac_ctx c;
        bad2 += !(karx_gmac_init(&c, alg, key, 16, iv, 12) == KARX_OK &&
                  karx_gmac_update(&c, a, cut) == KARX_OK &&
                  karx_gmac_update(&c, a + cut, sizeof a - cut) == KARX_OK &&
                  karx_gmac_final(&c, got, 16) == KARX_OK && memcmp(got, want, 16) == 0);
    }
    for (size_t e1 = 16; e1 <= 64; e1 += 16) /* three pieces, both cuts near a block edge */
        for (size_t d1 = 0; d1 < 5; d1++)
            for (size_t e2 = e1; e2 <= 96; e2 += 16)
                for (size_t d2 = 0; d2 < 5; d2++) {
                    size_t c1 = e1 + d1 - 2, c2 = e2 + d2 - 2;
                    if (c2 < c1) continue;
                    karx_gmac_ctx c;
                    bad3 += !(karx_gmac_init(&c, alg, key, 16, iv, 12) == KARX_OK &&
                              karx_gmac_update(&c, a, c1) == KARX_OK &&
                              karx_gmac_update(&c, NULL, 0) == KARX_OK &&
                              karx_gmac_update(&c, a + c1, c2 - c1) == KARX_OK &&
                              karx_gmac_update(&c, a + c2, sizeof a - c2) == KARX_OK &&
                              karx_gmac_final(&c, got, 16) == KARX_OK &&
                              memcmp(got, want, 16) == 0);
                }
    CHECK(bad2 == 0, "%d two-piece splits differ (%s)", bad2, bname);
    CHECK(bad3 == 0, "%d three-piece splits differ (%s)", bad3, bname);
    /* a copy forks the computation */
    karx_gmac_ctx c, d;
    CHECK(karx_gmac_init(&c, alg, key, 16, iv, 12) == KARX_OK &&
              karx_gmac_update(&c, a, 37) == KARX_OK,
          "init for copy");
    d = c;
    CHECK(karx_gmac_update(&d, a + 37, sizeof a - 37) == KARX_OK &&
              karx_gmac_final(&d, got, 16) == KARX_OK && memcmp(got, want, 16) == 0,
          "the copy finishes the message");
    uint8_t part[16];
    CHECK(karx_gmac(alg, key, 16, iv, 12, part, 16, a, 37) == KARX_OK &&
              karx_gmac_final(&c, got, 16) == KARX_OK && memcmp(got, part, 16) == 0,
          "the original still holds its prefix");
}

/* ---- verification ---- */

static void run_verify(void)
{
    const karx_cipher_alg alg = KARX_CIPHER_CHAM128_256;
    uint8_t key[32], iv[16], a[77], tag[16], t[16];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(a, sizeof a);
    CHECK(karx_gmac(alg, key, 32, iv, 16, tag, 16, a, sizeof a) == KARX_OK, "tag");
    for (size_t i = 0; i < NTAGS; i++) {
        karx_gmac_ctx c;
        CHECK(karx_gmac_verify(alg, key, 32, iv, 16, tag, TAGS[i], a, sizeof a) == KARX_OK,
              "truncated to %zu verifies", TAGS[i]);
        CHECK(karx_gmac_init(&c, alg, key, 32, iv, 16) == KARX_OK &&
                  karx_gmac_update(&c, a, sizeof a) == KARX_OK &&
                  karx_gmac_final_verify(&c, tag, TAGS[i]) == KARX_OK,
              "streaming truncated to %zu verifies", TAGS[i]);
    }
    int accepted = 0, stream_accepted = 0;
    for (int bit = 0; bit < 128; bit++) {
        memcpy(t, tag, 16);
        t[bit / 8] ^= (uint8_t)(1u << bit % 8);
        accepted += karx_gmac_verify(alg, key, 32, iv, 16, t, 16, a, sizeof a) !=
                    KARX_ERR_AUTHENTICATION;
        karx_gmac_ctx c;
        karx_gmac_init(&c, alg, key, 32, iv, 16);
        karx_gmac_update(&c, a, sizeof a);
        stream_accepted += karx_gmac_final_verify(&c, t, 16) != KARX_ERR_AUTHENTICATION;
    }
    CHECK(accepted == 0, "%d single-bit tag flips not refused", accepted);
    CHECK(stream_accepted == 0, "%d single-bit tag flips not refused (streaming)", stream_accepted);
    memcpy(t, tag, 16);
    t[3] ^= 0x40; /* a flip inside a truncated tag is seen too */
    CHECK(karx_gmac_verify(alg, key, 32, iv, 16, t, 4, a, sizeof a) == KARX_ERR_AUTHENTICATION,
          "flip in a 4-byte tag");
    static const size_t bad[] = {0, 1, 3, 5, 7, 9, 11, 17};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(karx_gmac_verify(alg, key, 32, iv, 16, tag, bad[i], a, sizeof a) ==
                  KARX_ERR_ARGUMENT,
              "tag length %zu refused", bad[i]);
    a[50] ^= 1;
    CHECK(karx_gmac_verify(alg, key, 32, iv, 16, tag, 16, a, sizeof a) == KARX_ERR_AUTHENTICATION,
          "data bit");
    a[50] ^= 1;
    CHECK(karx_gmac_verify(alg, key, 32, iv, 16, tag, 16, a, sizeof a - 1) ==
              KARX_ERR_AUTHENTICATION,
          "shorter data");
    CHECK(karx_gmac_verify(alg, key, 32, iv, 15, tag, 16, a, sizeof a) == KARX_ERR_AUTHENTICATION,
          "other IV length");
    CHECK(karx_gmac_verify(alg, key, 32, iv, 16, tag, 16, a, sizeof a) == KARX_OK, "untouched");
}

/* ---- bad input ---- */

static void run_bad_input(void)
{
    const karx_cipher_alg A = KARX_CIPHER_LEA128;
    uint8_t key[32] = {1}, iv[12] = {2}, a[40] = {3}, tag[16], t2[16];
    karx_gmac_ctx c;
    memset(tag, 0xa5, sizeof tag);
    CHECK(karx_gmac(A, NULL, 16, iv, 12, tag, 16, a, 40) == KARX_ERR_ARGUMENT, "NULL key");
    CHECK(karx_gmac(A, key, 16, NULL, 12, tag, 16, a, 40) == KARX_ERR_ARGUMENT, "NULL iv");
    CHECK(karx_gmac(A, key, 16, iv, 12, NULL, 16, a, 40) == KARX_ERR_ARGUMENT, "NULL tag");
    CHECK(karx_gmac(A, key, 16, iv, 12, tag, 16, NULL, 40) == KARX_ERR_ARGUMENT, "NULL data");
    CHECK(karx_gmac(A, key, 16, iv, 0, tag, 16, a, 40) == KARX_ERR_IV_LENGTH, "IV length 0");
    CHECK(karx_gmac(A, key, 16, iv, 12, tag, 3, a, 40) == KARX_ERR_ARGUMENT, "tag 3");
    CHECK(karx_gmac(A, key, 16, iv, 12, tag, 17, a, 40) == KARX_ERR_ARGUMENT, "tag 17");
    CHECK(karx_gmac(A, key, 15, iv, 12, tag, 16, a, 40) == KARX_ERR_KEY_LENGTH, "key 15");
    CHECK(karx_gmac(KARX_CIPHER_HIGHT, key, 16, iv, 12, tag, 16, a, 40) == KARX_ERR_UNSUPPORTED,
          "HIGHT");
    CHECK(karx_gmac(KARX_CIPHER_CHAM64_128, key, 16, iv, 12, tag, 16, a, 40) ==
              KARX_ERR_UNSUPPORTED,
          "CHAM-64");
    CHECK(karx_gmac((karx_cipher_alg)99, key, 16, iv, 12, tag, 16, a, 40) ==
              KARX_ERR_UNKNOWN_ALGORITHM,
          "unknown cipher");
    uint8_t a5[16];
    memset(a5, 0xa5, sizeof a5);
    CHECK(memcmp(tag, a5, 16) == 0, "errors write no tag");
    CHECK(karx_gmac(A, key, 16, iv, 12, tag, 16, NULL, 0) == KARX_OK, "empty data, NULL");
    CHECK(karx_gmac_verify(A, key, 16, iv, 12, tag, 16, NULL, 0) == KARX_OK, "empty verifies");
    CHECK(karx_gmac_verify(A, key, 16, iv, 12, NULL, 16, NULL, 0) == KARX_ERR_ARGUMENT,
          "verify NULL tag");
    CHECK(karx_gmac_verify(KARX_CIPHER_HIGHT, key, 16, iv, 12, tag, 16, NULL, 0) ==
              KARX_ERR_UNSUPPORTED,
          "verify HIGHT");

    /* streaming: init errors leave ctx wiped */
    memset(&c, 0x77, sizeof c);
    CHECK(karx_gmac_init(&c, KARX_CIPHER_HIGHT, key, 16, iv, 12) == KARX_ERR_UNSUPPORTED &&
              t_all_zero(&c, sizeof c),
          "init HIGHT wipes");
    memset(&c, 0x77, sizeof c);
    CHECK(karx_gmac_init(&c, A, key, 16, iv, 0) == KARX_ERR_IV_LENGTH && t_all_zero(&c, sizeof c),
          "init IV 0 wipes");
    CHECK(karx_gmac_init(&c, A, NULL, 16, iv, 12) == KARX_ERR_ARGUMENT, "init NULL key");
    CHECK(karx_gmac_init(&c, A, key, 16, NULL, 12) == KARX_ERR_ARGUMENT, "init NULL iv");
    CHECK(karx_gmac_init(&c, A, key, 24, iv, 12) == KARX_ERR_KEY_LENGTH, "init key 24");
    CHECK(karx_gmac_init(NULL, A, key, 16, iv, 12) == KARX_ERR_ARGUMENT, "init NULL ctx");
    CHECK(karx_gmac_init_key(&c, NULL, iv, 12) == KARX_ERR_ARGUMENT, "init_key NULL key");
    karx_gcm_key gk;
    memset(&gk, 0, sizeof gk);
    CHECK(karx_gmac_init_key(&c, &gk, iv, 12) == KARX_ERR_STATE, "init_key unset key");
    /* a zeroed context is unset */
    memset(&c, 0, sizeof c);
    CHECK(karx_gmac_update(&c, a, 4) == KARX_ERR_STATE, "update unset");
    CHECK(karx_gmac_final(&c, tag, 16) == KARX_ERR_STATE, "final unset");
    CHECK(karx_gmac_final_verify(&c, tag, 16) == KARX_ERR_STATE, "verify unset");
    /* bad final arguments change nothing: the call can be repeated */
    CHECK(karx_gmac_init(&c, A, key, 16, iv, 12) == KARX_OK, "init");
    CHECK(karx_gmac_update(&c, NULL, 1) == KARX_ERR_ARGUMENT, "update NULL");
    CHECK(karx_gmac_update(NULL, a, 1) == KARX_ERR_ARGUMENT, "update NULL ctx");
    CHECK(karx_gmac_update(&c, a, 40) == KARX_OK, "update");
    CHECK(karx_gmac_final(&c, tag, 2) == KARX_ERR_ARGUMENT, "final tag 2");
    CHECK(karx_gmac_final(&c, NULL, 16) == KARX_ERR_ARGUMENT, "final NULL");
    CHECK(karx_gmac_final_verify(&c, tag, 10) == KARX_ERR_ARGUMENT, "verify tag 10");
    CHECK(karx_gmac_final(&c, tag, 16) == KARX_OK && t_all_zero(&c, sizeof c), "final wipes");
    CHECK(karx_gmac(A, key, 16, iv, 12, t2, 16, a, 40) == KARX_OK && memcmp(t2, tag, 16) == 0,
          "the repeated final is right");
    CHECK(karx_gmac_update(&c, a, 1) == KARX_ERR_STATE, "update after final");
    CHECK(karx_gmac_final(&c, tag, 16) == KARX_ERR_STATE, "final after final");
    CHECK(karx_gmac_init(&c, A, key, 16, iv, 12) == KARX_OK &&
              karx_gmac_final_verify(&c, a, 16) == KARX_ERR_AUTHENTICATION &&
              t_all_zero(&c, sizeof c),
          "failed verify wipes");
    /* only a running context (set by init) is taken: garbage is refused, not hashed */
    memset(&c, 0xa5, sizeof c);
    CHECK(karx_gmac_update(&c, a, 1) == KARX_ERR_STATE &&
              karx_gmac_final(&c, tag, 16) == KARX_ERR_STATE,
          "garbage context refused");
    karx_gmac_ctx_wipe(&c);
    karx_gmac_ctx_wipe(NULL);

    /* names */
    karx_cipher_alg alg;
    CHECK(karx_gmac_from_name("GMAC-LEA-192", &alg) == KARX_OK && alg == KARX_CIPHER_LEA192,
          "GMAC-LEA-192");
    CHECK(karx_gmac_from_name("gmac-cham128-128", &alg) == KARX_OK &&
              alg == KARX_CIPHER_CHAM128_128,
          "gmac-cham128-128");
    CHECK(karx_gmac_from_name("gmac-hight", &alg) == KARX_ERR_UNKNOWN_ALGORITHM, "gmac-hight");
    CHECK(karx_gmac_from_name("cmac-lea128", &alg) == KARX_ERR_UNKNOWN_ALGORITHM, "cmac name");
    CHECK(karx_gmac_from_name("lea128", &alg) == KARX_ERR_UNKNOWN_ALGORITHM, "bare cipher");
    CHECK(karx_gmac_from_name(NULL, &alg) == KARX_ERR_ARGUMENT, "NULL name");
    CHECK(karx_gmac_from_name("gmac-lea128", NULL) == KARX_ERR_ARGUMENT, "NULL out");
    CHECK(strcmp(karx_gmac_name(KARX_CIPHER_LEA256), "gmac-lea256") == 0, "name");
    CHECK(karx_gmac_name(KARX_CIPHER_CHAM64_128) == NULL, "no name over 64-bit blocks");
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    t_seed_from_env();
    load_kats(dir);
    load_cryptopp(dir);
    run_bad_input();
    run_verify();
    karx_backend orig = karx_get_backend();
    for (int b = 0; b < t_backend_count(); b++) {
        if (!karx_backend_supported((karx_backend)b)) continue;
        if (b != KARX_BACKEND_PORTABLE && b != (int)karx_backend_best()) continue;
        karx_set_backend((karx_backend)b);
        const char *bname = karx_backend_name((karx_backend)b);
        unsigned long before = t_failed;
        run_kats(bname);
        run_cryptopp(bname);
        run_random(bname, 40);
        run_splits(bname);
        printf("back end %-8s: %s\n", bname, t_failed == before ? "ok" : "FAILED");
    }
    karx_set_backend(orig);
    printf("%zu KISA GCM vectors checked as GMAC, %zu Crypto++ GMAC-LEA answers\n", nkats, ncpps);
    return t_finish("test_gmac");
}
