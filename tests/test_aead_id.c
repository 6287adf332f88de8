/* GCM and CCM by id (include/karx/aead.h): names and facts against the modes' own limits; the
 * one-shots against the mode calls (themselves checked against the official vectors in
 * test_gcm.c and test_ccm.c) for every 16-byte-block cipher; streaming against the one-shot at
 * every split of the AAD and the payload near block boundaries; the refusals and the state
 * rules (a wrong tag length changes nothing, a forged tag wipes, nothing runs after the end);
 * the pool one-shots against the serial ones; the scheduled-key forms (set_key, seal, open, their
 * pool forms, init_key) against the raw-key ones, and their refusals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"
#include "test_util.h"

#define MAXLEN 100

static const karx_aead_alg modes[] = {KARX_AEAD_GCM, KARX_AEAD_CCM};
#define NMODES (sizeof modes / sizeof modes[0])

static void names(void)
{
    static const struct {
        const char *name;
        int id; /* -1: refused */
    } cases[] = {{"gcm", KARX_AEAD_GCM}, {"GCM", KARX_AEAD_GCM}, {"Ccm", KARX_AEAD_CCM},
                 {"c-c_m", KARX_AEAD_CCM}, {"xts", -1}, {"ctr", -1}, {"", -1}, {"gcmx", -1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        karx_aead_alg m = (karx_aead_alg)99;
        karx_status st = karx_aead_from_name(cases[i].name, &m);
        if (cases[i].id < 0)
            CHECK(st == KARX_ERR_UNKNOWN_ALGORITHM && m == (karx_aead_alg)99, "'%s' refused",
                  cases[i].name);
        else
            CHECK(st == KARX_OK && m == (karx_aead_alg)cases[i].id, "'%s' found", cases[i].name);
    }
    karx_aead_alg m;
    CHECK(karx_aead_from_name(NULL, &m) == KARX_ERR_ARGUMENT, "NULL name");
    CHECK(karx_aead_from_name("gcm", NULL) == KARX_ERR_ARGUMENT, "NULL out");
    for (size_t i = 0; i < NMODES; i++) {
        karx_aead_info info;
        CHECK(karx_aead_info_of(modes[i], &info) == KARX_OK && info.id == modes[i] &&
                  info.nonce_name != NULL,
              "info %zu", i);
        CHECK(strcmp(info.name, karx_aead_name(modes[i])) == 0, "name %s", info.name);
        CHECK(karx_aead_from_name(info.std_name, &m) == KARX_OK && m == modes[i], "%s",
              info.std_name);
        CHECK(karx_aead_nonce_len_ok(modes[i], info.nonce_default) &&
                  karx_aead_tag_len_ok(modes[i], info.tag_default) &&
                  karx_aead_tag_len_ok(modes[i], info.tag_min) &&
                  karx_aead_tag_len_ok(modes[i], info.tag_max),
              "%s: its defaults and bounds are accepted", info.name);
        CHECK(!karx_aead_nonce_len_ok(modes[i], info.nonce_min - 1) &&
                  (info.nonce_max == SIZE_MAX || !karx_aead_nonce_len_ok(modes[i], info.nonce_max + 1)) &&
                  !karx_aead_tag_len_ok(modes[i], info.tag_min - 1) &&
                  !karx_aead_tag_len_ok(modes[i], info.tag_max + 1),
              "%s: just outside the bounds refused", info.name);
    }
    karx_aead_info info;
    memset(&info, 0x5a, sizeof info);
    CHECK(karx_aead_info_of((karx_aead_alg)7, &info) == KARX_ERR_UNKNOWN_ALGORITHM &&
              t_all_zero(&info, sizeof info),
          "unknown id: refused, info zeroed");
    CHECK(karx_aead_info_of(KARX_AEAD_GCM, NULL) == KARX_ERR_ARGUMENT, "NULL info");
    CHECK(karx_aead_name((karx_aead_alg)7) == NULL && !karx_aead_tag_len_ok((karx_aead_alg)7, 16) &&
              !karx_aead_nonce_len_ok((karx_aead_alg)7, 12) &&
              karx_aead_max_payload_bytes((karx_aead_alg)7, 12) == 0,
          "unknown id: no name, no lengths");
}

/* The facts agree with the mode calls' own limits, length by length. */
static void limits(void)
{
    for (size_t t = 0; t <= 20; t++) {
        CHECK(karx_aead_tag_len_ok(KARX_AEAD_GCM, t) == karx_gcm_tag_len_ok(t), "gcm tag %zu", t);
        int ccm_ok = t >= karx_ccm_tag_min_bytes() && t <= karx_ccm_tag_max_bytes() && t % 2 == 0;
        CHECK(karx_aead_tag_len_ok(KARX_AEAD_CCM, t) == ccm_ok, "ccm tag %zu", t);
    }
    for (size_t n = 0; n <= 20; n++) {
        CHECK(karx_aead_max_payload_bytes(KARX_AEAD_CCM, n) == karx_ccm_max_payload_bytes(n),
              "ccm payload limit, nonce %zu", n);
        CHECK(karx_aead_nonce_len_ok(KARX_AEAD_CCM, n) ==
                  (n >= karx_ccm_nonce_min_bytes() && n <= karx_ccm_nonce_max_bytes()),
              "ccm nonce %zu", n);
        CHECK(karx_aead_max_payload_bytes(KARX_AEAD_GCM, n) ==
                  (n == 0 ? 0 : karx_gcm_max_payload_bytes()),
              "gcm payload limit, nonce %zu", n);
        CHECK(karx_aead_nonce_len_ok(KARX_AEAD_GCM, n) == (n >= 1), "gcm nonce %zu", n);
    }
    karx_aead_info g;
    CHECK(karx_aead_info_of(KARX_AEAD_GCM, &g) == KARX_OK &&
              (uint64_t)g.nonce_max == ((uint64_t)SIZE_MAX < ((uint64_t)1 << 61) - 1
                                            ? (uint64_t)SIZE_MAX
                                            : ((uint64_t)1 << 61) - 1),
          "gcm: IVs up to 2^61 - 1 bytes (their bit length fits in 64 bits)");
}

/* The mode's own one-shot, the reference of the generic one. */
static karx_status mode_encrypt(karx_aead_alg m, karx_cipher_alg a, const uint8_t *key,
                                size_t kl, const uint8_t *nonce, size_t nl, uint8_t *out,
                                uint8_t *tag, size_t tl, const uint8_t *in, size_t len,
                                const uint8_t *aad, size_t al)
{
    return m == KARX_AEAD_GCM
               ? karx_gcm_encrypt(a, key, kl, nonce, nl, out, tag, tl, in, len, aad, al)
               : karx_ccm_encrypt(a, key, kl, nonce, nl, out, tag, tl, in, len, aad, al);
}

/* One message of one mode and cipher: the generic one-shots against the mode's, the stream at
 * the split points given against the one-shot, and a forged tag. */
static void one(karx_aead_alg m, karx_cipher_alg a, size_t len, size_t al, size_t nl, size_t tl)
{
    uint8_t key[32], nonce[16], pt[MAXLEN], aad[MAXLEN], ref[MAXLEN], ct[MAXLEN], back[MAXLEN];
    uint8_t rtag[16], tag[16];
    size_t kl = karx_cipher_key_bytes(a);
    t_fill(key, sizeof key);
    t_fill(nonce, sizeof nonce);
    t_fill(pt, sizeof pt);
    t_fill(aad, sizeof aad);
    const char *mn = karx_aead_name(m), *cn = karx_cipher_name(a);
    CHECK(mode_encrypt(m, a, key, kl, nonce, nl, ref, rtag, tl, pt, len, aad, al) == KARX_OK,
          "%s-%s reference", mn, cn);
    CHECK(karx_aead_encrypt(m, a, key, kl, nonce, nl, ct, tag, tl, pt, len, aad, al) == KARX_OK &&
              memcmp(ct, ref, len) == 0 && memcmp(tag, rtag, tl) == 0,
          "%s-%s len %zu aad %zu: one-shot = the mode's", mn, cn, len, al);
    CHECK(karx_aead_decrypt(m, a, key, kl, nonce, nl, back, tag, tl, ct, len, aad, al) ==
                  KARX_OK && memcmp(back, pt, len) == 0,
          "%s-%s len %zu: round trip", mn, cn, len);
    tag[0] ^= 1;
    memset(back, 0x77, sizeof back);
    CHECK(karx_aead_decrypt(m, a, key, kl, nonce, nl, back, tag, tl, ct, len, aad, al) ==
                  KARX_ERR_AUTHENTICATION && t_all_zero(back, len),
          "%s-%s len %zu: forged tag refused, out zero-filled", mn, cn, len);
    /* a scheduled key: seal, open, a forged tag and a stream from it, as the raw-key calls */
    karx_aead_key k;
    CHECK(karx_aead_set_key(&k, m, a, key, kl) == KARX_OK && karx_aead_key_cipher(&k) == a,
          "%s-%s: set_key", mn, cn);
    CHECK(karx_aead_seal(&k, nonce, nl, ct, tag, tl, pt, len, aad, al) == KARX_OK &&
              memcmp(ct, ref, len) == 0 && memcmp(tag, rtag, tl) == 0,
          "%s-%s len %zu: seal over the key = the mode's", mn, cn, len);
    CHECK(karx_aead_open(&k, nonce, nl, back, rtag, tl, ref, len, aad, al) == KARX_OK &&
              memcmp(back, pt, len) == 0,
          "%s-%s len %zu: open over the key", mn, cn, len);
    tag[tl - 1] ^= 0x80;
    memset(back, 0x55, sizeof back);
    CHECK(karx_aead_open(&k, nonce, nl, back, tag, tl, ref, len, aad, al) ==
                  KARX_ERR_AUTHENTICATION && t_all_zero(back, len),
          "%s-%s len %zu: open over the key refuses a forged tag, out zero-filled", mn, cn, len);
    {
        karx_aead_ctx c;
        uint8_t out[MAXLEN], t2[16];
        size_t h = len / 2;
        int ok = karx_aead_init_key(&c, &k, KARX_ENCRYPT, nonce, nl, al, len, tl) == KARX_OK &&
                 karx_aead_aad(&c, aad, al) == KARX_OK &&
                 karx_aead_update(&c, out, pt, h) == KARX_OK &&
                 karx_aead_update(&c, out + h, pt + h, len - h) == KARX_OK &&
                 karx_aead_final(&c, t2, tl) == KARX_OK;
        CHECK(ok && memcmp(out, ref, len) == 0 && memcmp(t2, rtag, tl) == 0,
              "%s-%s len %zu: stream from the key = one-shot", mn, cn, len);
    }
    karx_aead_key_wipe(&k);
    CHECK(t_all_zero(&k, sizeof k), "%s-%s: key wiped", mn, cn);
    /* streaming, cut at s1 in the AAD and s2 in the payload */
    static const size_t cuts[] = {0, 1, 15, 16, 17, 31, 32, 33};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        size_t s1 = cuts[i] <= al ? cuts[i] : al, s2 = cuts[i] <= len ? len - cuts[i] : 0;
        karx_aead_ctx c;
        uint8_t out[MAXLEN], t2[16];
        int ok = karx_aead_init(&c, m, a, key, kl, KARX_ENCRYPT, nonce, nl, al, len, tl) ==
                     KARX_OK &&
                 karx_aead_aad(&c, aad, s1) == KARX_OK &&
                 karx_aead_aad(&c, aad + s1, al - s1) == KARX_OK &&
                 karx_aead_update(&c, out, pt, s2) == KARX_OK &&
                 karx_aead_update(&c, out + s2, pt + s2, len - s2) == KARX_OK &&
                 karx_aead_final(&c, t2, tl) == KARX_OK;
        CHECK(ok && memcmp(out, ref, len) == 0 && memcmp(t2, rtag, tl) == 0,
              "%s-%s len %zu aad %zu: stream cut at %zu/%zu = one-shot", mn, cn, len, al, s1, s2);
        ok = karx_aead_init(&c, m, a, key, kl, KARX_DECRYPT, nonce, nl, al, len, tl) == KARX_OK &&
             karx_aead_aad(&c, aad, al) == KARX_OK &&
             karx_aead_update(&c, out, ref, s2) == KARX_OK &&
             karx_aead_update(&c, out + s2, ref + s2, len - s2) == KARX_OK &&
             karx_aead_final_verify(&c, rtag, tl) == KARX_OK;
        CHECK(ok && memcmp(out, pt, len) == 0, "%s-%s len %zu: stream decryption cut at %zu", mn,
              cn, len, s2);
        CHECK(t_all_zero(&c, sizeof c), "%s-%s: the context is wiped at the end", mn, cn);
    }
}

static void streams_and_one_shots(void)
{
    size_t ciphers = 0;
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        if (karx_cipher_block_bytes((karx_cipher_alg)a) != 16)
            continue;
        ciphers++;
        for (size_t i = 0; i < NMODES; i++) {
            static const size_t lens[] = {0, 1, 16, 33, 64, MAXLEN};
            /* a tag length each mode takes, one per message */
            static const size_t gcm_tags[] = {4, 8, 12, 13, 15, 16}, ccm_tags[] = {4, 6, 10, 12, 14, 16};
            int ccm = modes[i] == KARX_AEAD_CCM;
            for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
                one(modes[i], (karx_cipher_alg)a, lens[l], (lens[l] * 7) % 41,
                    ccm ? 7 + l % 7 : 1 + 11 * (l % 2), ccm ? ccm_tags[l] : gcm_tags[l]);
        }
    }
    CHECK(ciphers >= 6, "%zu ciphers with a 16-byte block", ciphers);
}

/* The state rules of the generic context. */
static void refusals(void)
{
    uint8_t key[16] = {1}, nonce[12] = {2}, buf[32] = {0}, tag[16];
    karx_aead_ctx c;
    memset(&c, 0, sizeof c);
    CHECK(karx_aead_update(&c, buf, buf, 16) == KARX_ERR_STATE, "update before init");
    CHECK(karx_aead_aad(NULL, buf, 1) == KARX_ERR_ARGUMENT, "NULL context");
    CHECK(karx_aead_init(NULL, KARX_AEAD_GCM, KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, nonce,
                         12, 0, 0, 16) == KARX_ERR_ARGUMENT,
          "init: NULL context");
    CHECK(karx_aead_init(&c, (karx_aead_alg)9, KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, nonce,
                         12, 0, 0, 16) == KARX_ERR_UNKNOWN_ALGORITHM && t_all_zero(&c, sizeof c),
          "init: unknown mode, context zeroed");
    for (size_t i = 0; i < NMODES; i++) {
        const char *mn = karx_aead_name(modes[i]);
        CHECK(karx_aead_init(&c, modes[i], KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, nonce, 12,
                             0, 32, 5) == KARX_ERR_ARGUMENT && t_all_zero(&c, sizeof c),
              "%s: a 5-byte tag refused at init", mn);
        CHECK(karx_aead_init(&c, modes[i], KARX_CIPHER_HIGHT, key, 16, KARX_ENCRYPT, nonce, 12,
                             0, 32, 16) == KARX_ERR_UNSUPPORTED,
              "%s: a 64-bit-block cipher refused", mn);
        CHECK(karx_aead_encrypt(modes[i], KARX_CIPHER_HIGHT, key, 16, nonce, 12, buf, tag, 16, buf,
                                16, NULL, 0) == KARX_ERR_UNSUPPORTED,
              "%s: one-shot with a 64-bit-block cipher refused", mn);
        CHECK(karx_aead_init(&c, modes[i], KARX_CIPHER_LEA128, key, 15, KARX_ENCRYPT, nonce, 12,
                             0, 32, 16) == KARX_ERR_KEY_LENGTH,
              "%s: a short key refused", mn);
        CHECK(karx_aead_init(&c, modes[i], KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, nonce, 12,
                             0, 32, 16) == KARX_OK &&
                  karx_aead_update(&c, buf, buf, 32) == KARX_OK,
              "%s: init and data", mn);
        karx_aead_ctx before = c;
        CHECK(karx_aead_final(&c, tag, 12) == KARX_ERR_ARGUMENT &&
                  memcmp(&c, &before, sizeof c) == 0,
              "%s: a tag length other than init's refused, nothing changed", mn);
        CHECK(karx_aead_final(&c, NULL, 16) == KARX_ERR_ARGUMENT, "%s: NULL tag", mn);
        CHECK(karx_aead_final_verify(&c, tag, 16) == KARX_ERR_STATE,
              "%s: verify on an encryption context", mn);
        CHECK(karx_aead_final(&c, tag, 16) == KARX_OK && t_all_zero(&c, sizeof c),
              "%s: final, context wiped", mn);
        CHECK(karx_aead_update(&c, buf, buf, 1) == KARX_ERR_STATE &&
                  karx_aead_final(&c, tag, 16) == KARX_ERR_STATE,
              "%s: nothing after the end", mn);
        CHECK(karx_aead_init(&c, modes[i], KARX_CIPHER_LEA128, key, 16, KARX_DECRYPT, nonce, 12,
                             0, 32, 16) == KARX_OK &&
                  karx_aead_update(&c, buf, buf, 32) == KARX_OK,
              "%s: decryption", mn);
        tag[3] ^= 0x10;
        CHECK(karx_aead_final_verify(&c, tag, 16) == KARX_ERR_AUTHENTICATION &&
                  t_all_zero(&c, sizeof c),
              "%s: a forged tag refused, context wiped", mn);
    }
    /* CCM declares its lengths: a payload longer than declared is refused by the mode */
    CHECK(karx_aead_init(&c, KARX_AEAD_CCM, KARX_CIPHER_LEA128, key, 16, KARX_ENCRYPT, nonce, 12,
                         0, 16, 16) == KARX_OK &&
              karx_aead_update(&c, buf, buf, 17) == KARX_ERR_DATA_LENGTH,
          "ccm: more payload than declared refused");
    karx_aead_ctx_wipe(&c);
    CHECK(t_all_zero(&c, sizeof c), "wipe");
    karx_aead_ctx_wipe(NULL); /* a no-op */

    /* scheduled keys */
    karx_aead_key k;
    memset(&k, 0x5a, sizeof k);
    CHECK(karx_aead_set_key(NULL, KARX_AEAD_GCM, KARX_CIPHER_LEA128, key, 16) ==
              KARX_ERR_ARGUMENT,
          "set_key: NULL key");
    CHECK(karx_aead_set_key(&k, (karx_aead_alg)9, KARX_CIPHER_LEA128, key, 16) ==
                  KARX_ERR_UNKNOWN_ALGORITHM && t_all_zero(&k, sizeof k),
          "set_key: unknown mode, key zeroed");
    CHECK(karx_aead_seal(&k, nonce, 12, buf, tag, 16, buf, 16, NULL, 0) == KARX_ERR_STATE &&
              karx_aead_open(&k, nonce, 12, buf, tag, 16, buf, 16, NULL, 0) == KARX_ERR_STATE &&
              karx_aead_init_key(&c, &k, KARX_ENCRYPT, nonce, 12, 0, 0, 16) ==
                  KARX_ERR_STATE &&
              karx_aead_key_cipher(&k) == 0,
          "a key that is not set: KARX_ERR_STATE");
    CHECK(karx_aead_seal(NULL, nonce, 12, buf, tag, 16, buf, 16, NULL, 0) == KARX_ERR_ARGUMENT &&
              karx_aead_seal_pool(NULL, NULL, nonce, 12, buf, tag, 16, buf, 16, NULL, 0) ==
                  KARX_ERR_ARGUMENT &&
              karx_aead_init_key(NULL, &k, KARX_ENCRYPT, nonce, 12, 0, 0, 16) ==
                  KARX_ERR_ARGUMENT,
          "NULL key or context");
    for (size_t i = 0; i < NMODES; i++) {
        const char *mn = karx_aead_name(modes[i]);
        memset(&k, 0x5a, sizeof k);
        CHECK(karx_aead_set_key(&k, modes[i], KARX_CIPHER_LEA128, key, 15) ==
                      KARX_ERR_KEY_LENGTH && t_all_zero(&k, sizeof k),
              "%s: set_key with a short key refused, key zeroed", mn);
        CHECK(karx_aead_set_key(&k, modes[i], KARX_CIPHER_HIGHT, key, 16) == KARX_ERR_UNSUPPORTED,
              "%s: set_key with a 64-bit-block cipher refused", mn);
        CHECK(karx_aead_set_key(&k, modes[i], KARX_CIPHER_LEA128, key, 16) == KARX_OK &&
                  karx_aead_init_key(&c, &k, KARX_ENCRYPT, nonce, 12, 0, 32, 5) ==
                      KARX_ERR_ARGUMENT && t_all_zero(&c, sizeof c),
              "%s: init_key refuses a 5-byte tag, context zeroed", mn);
        CHECK(karx_aead_seal(&k, nonce, 12, buf, tag, 5, buf, 16, NULL, 0) != KARX_OK,
              "%s: seal refuses a 5-byte tag", mn);
        karx_aead_key_wipe(&k);
    }
    karx_aead_key_wipe(NULL); /* a no-op */
}

/* The pool one-shots give the serial bytes for every mode (GCM splits the payload over the
 * threads; CCM runs on the caller), on a message long enough to be split, and refuse as the
 * serial ones do. */
static void pools(void)
{
    enum { N = 300000 };
    karx_pool *pool = NULL;
    CHECK(karx_pool_new(&pool, 3) == KARX_OK, "pool of 3");
    uint8_t key[16], nonce[12], aad[20], tag[16], rtag[16];
    uint8_t *pt = malloc(N), *ct = malloc(N), *ref = malloc(N), *back = malloc(N);
    if (pool == NULL || !pt || !ct || !ref || !back) {
        CHECK(0, "allocation");
        t_free_n(4, (void *[]){pt, ct, ref, back});
        karx_pool_free(pool);
        return;
    }
    t_fill(key, sizeof key);
    t_fill(nonce, sizeof nonce);
    t_fill(aad, sizeof aad);
    t_fill(pt, N);
    for (size_t i = 0; i < NMODES; i++) {
        const char *mn = karx_aead_name(modes[i]);
        CHECK(karx_aead_encrypt(modes[i], KARX_CIPHER_LEA128, key, 16, nonce, 12, ref, rtag, 16,
                                pt, N, aad, sizeof aad) == KARX_OK,
              "%s serial", mn);
        karx_pool *ps[] = {NULL, pool};
        for (size_t p = 0; p < 2; p++) {
            CHECK(karx_aead_encrypt_pool(ps[p], modes[i], KARX_CIPHER_LEA128, key, 16, nonce, 12,
                                         ct, tag, 16, pt, N, aad, sizeof aad) == KARX_OK &&
                      memcmp(ct, ref, N) == 0 && memcmp(tag, rtag, 16) == 0,
                  "%s: pool %zu = serial", mn, p);
            CHECK(karx_aead_decrypt_pool(ps[p], modes[i], KARX_CIPHER_LEA128, key, 16, nonce, 12,
                                         back, rtag, 16, ct, N, aad, sizeof aad) == KARX_OK &&
                      memcmp(back, pt, N) == 0,
                  "%s: pool %zu decryption", mn, p);
        }
        karx_aead_key k;
        CHECK(karx_aead_set_key(&k, modes[i], KARX_CIPHER_LEA128, key, 16) == KARX_OK, "%s key",
              mn);
        for (size_t p = 0; p < 2; p++) {
            CHECK(karx_aead_seal_pool(ps[p], &k, nonce, 12, ct, tag, 16, pt, N, aad, sizeof aad) ==
                          KARX_OK &&
                      memcmp(ct, ref, N) == 0 && memcmp(tag, rtag, 16) == 0,
                  "%s: seal over the key, pool %zu = serial", mn, p);
            CHECK(karx_aead_open_pool(ps[p], &k, nonce, 12, back, rtag, 16, ct, N, aad,
                                      sizeof aad) == KARX_OK &&
                      memcmp(back, pt, N) == 0,
                  "%s: open over the key, pool %zu", mn, p);
        }
        rtag[0] ^= 1;
        CHECK(karx_aead_open_pool(pool, &k, nonce, 12, back, rtag, 16, ct, N, aad, sizeof aad) ==
                      KARX_ERR_AUTHENTICATION && t_all_zero(back, N),
              "%s: pool open over the key of a forged tag: refused, zero-filled", mn);
        karx_aead_key_wipe(&k);
        CHECK(karx_aead_decrypt_pool(pool, modes[i], KARX_CIPHER_LEA128, key, 16, nonce, 12, back,
                                     rtag, 16, ct, N, aad, sizeof aad) ==
                      KARX_ERR_AUTHENTICATION && t_all_zero(back, N),
              "%s: pool decryption of a forged tag: refused, zero-filled", mn);
        CHECK(karx_aead_encrypt_pool(pool, modes[i], KARX_CIPHER_LEA128, key, 15, nonce, 12, ct,
                                     tag, 16, pt, N, NULL, 0) == KARX_ERR_KEY_LENGTH,
              "%s: pool, short key", mn);
    }
    CHECK(karx_aead_encrypt_pool(pool, (karx_aead_alg)5, KARX_CIPHER_LEA128, key, 16, nonce, 12,
                                 ct, tag, 16, pt, 16, NULL, 0) == KARX_ERR_UNKNOWN_ALGORITHM,
          "pool: unknown mode");
    t_free_n(4, (void *[]){pt, ct, ref, back});
    karx_pool_free(pool);
}

int main(void)
{
    t_seed_from_env();
    names();
    limits();
    streams_and_one_shots();
    refusals();
    pools();
    return t_finish("aead_id");
}
