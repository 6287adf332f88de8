/* ctgrind harness: GCM (GHASH and its CTR part), GMAC and CCM on one back end (argv[1]).
 * Secret: the key (so H and its powers), the plaintext and GMAC's message. Public: IV / nonce, AAD, lengths,
 * the ciphertext and tag once produced, and whether a tag verified (ct_declassify.c).
 * argv[2] = "iv16" runs GCM with a 16-byte IV instead: J0 then depends on H, so the counter
 * itself is secret and the CTR part must not branch on it either. */
#include "ct.h"

#define LEN 1000 /* more than 32 blocks (the widest GHASH stride) plus a partial block */
#define AAD 45

static const karx_cipher_alg algs[] = {
    KARX_CIPHER_LEA128, KARX_CIPHER_LEA256, KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256,
};

static uint8_t pt[LEN], ct[LEN], back[LEN], aad[AAD];

/* One-shot seal / open under a scheduled key, then the open of a forged tag. */
static void check_gcm_oneshot(karx_cipher_alg alg, const uint8_t *iv, size_t iv_len)
{
    karx_gcm_key gk;
    uint8_t k[32], tag[16];
    ct_secret_fill(k, sizeof k, 10 + alg);
    ct_secret_fill(pt, LEN, 11);
    CT_OK(karx_gcm_set_key(&gk, alg, k, karx_cipher_key_bytes(alg)), "gcm set_key");
    CT_OK(karx_gcm_seal(&gk, iv, iv_len, ct, tag, sizeof tag, pt, LEN, aad, AAD), "gcm seal");
    CT_PUBLIC(ct, LEN);
    CT_PUBLIC(tag, sizeof tag);
    CT_OK(karx_gcm_open(&gk, iv, iv_len, back, tag, sizeof tag, ct, LEN, aad, AAD), "gcm open");
    CT_CHECK(ct_equal(back, pt, LEN), "gcm round trip");
    tag[3] ^= 0x10;
    CT_CHECK(ct_status(karx_gcm_open(&gk, iv, iv_len, back, tag, sizeof tag, ct, LEN, aad, AAD)) ==
                 KARX_ERR_AUTHENTICATION, "gcm forged tag");
    karx_gcm_key_wipe(&gk);
}

/* The streaming form at odd splits (partial blocks carried between calls). */
static void check_gcm_stream(karx_cipher_alg alg, const uint8_t *iv, size_t iv_len)
{
    karx_gcm_ctx ctx;
    uint8_t k[32], tag[16];
    ct_secret_fill(k, sizeof k, 20 + alg);
    ct_secret_fill(pt, LEN, 21);
    CT_OK(karx_gcm_init(&ctx, alg, k, karx_cipher_key_bytes(alg), KARX_ENCRYPT, iv, iv_len),
          "gcm init");
    CT_OK(karx_gcm_aad(&ctx, aad, 7), "gcm aad");
    CT_OK(karx_gcm_aad(&ctx, aad + 7, AAD - 7), "gcm aad");
    CT_OK(karx_gcm_update(&ctx, ct, pt, 5), "gcm update");
    CT_OK(karx_gcm_update(&ctx, ct + 5, pt + 5, LEN - 5), "gcm update");
    CT_OK(karx_gcm_final(&ctx, tag, 12), "gcm final");
    CT_PUBLIC(ct, LEN);
    CT_PUBLIC(tag, sizeof tag);
    CT_OK(karx_gcm_init(&ctx, alg, k, karx_cipher_key_bytes(alg), KARX_DECRYPT, iv, iv_len),
          "gcm init");
    CT_OK(karx_gcm_aad(&ctx, aad, AAD), "gcm aad");
    CT_OK(karx_gcm_update(&ctx, back, ct, 333), "gcm update");
    CT_OK(karx_gcm_update(&ctx, back + 333, ct + 333, LEN - 333), "gcm update");
    CT_OK(karx_gcm_final_verify(&ctx, tag, 12), "gcm verify");
    CT_CHECK(ct_equal(back, pt, LEN), "gcm stream round trip");
}

/* GMAC: one-shot, streaming at odd splits, verify of the right and a forged tag. */
static void check_gmac(karx_cipher_alg alg, const uint8_t *iv, size_t iv_len)
{
    karx_gmac_ctx ctx;
    uint8_t k[32], tag[16], t2[16];
    ct_secret_fill(k, sizeof k, 50 + alg);
    ct_secret_fill(pt, LEN, 51);
    size_t kl = karx_cipher_key_bytes(alg);
    CT_OK(karx_gmac(alg, k, kl, iv, iv_len, tag, sizeof tag, pt, LEN), "gmac");
    CT_PUBLIC(tag, sizeof tag);
    CT_OK(karx_gmac_init(&ctx, alg, k, kl, iv, iv_len), "gmac init");
    CT_OK(karx_gmac_update(&ctx, pt, 7), "gmac update");
    CT_OK(karx_gmac_update(&ctx, pt + 7, LEN - 7), "gmac update");
    CT_OK(karx_gmac_final(&ctx, t2, sizeof t2), "gmac final");
    CT_CHECK(ct_equal(t2, tag, sizeof tag), "gmac stream = one-shot");
    CT_OK(karx_gmac_init(&ctx, alg, k, kl, iv, iv_len), "gmac init");
    CT_OK(karx_gmac_update(&ctx, pt, LEN), "gmac update");
    CT_OK(karx_gmac_final_verify(&ctx, tag, 12), "gmac final_verify");
    CT_OK(karx_gmac_verify(alg, k, kl, iv, iv_len, tag, sizeof tag, pt, LEN), "gmac verify");
    tag[5] ^= 0x20;
    CT_CHECK(ct_status(karx_gmac_verify(alg, k, kl, iv, iv_len, tag, sizeof tag, pt, LEN)) ==
                 KARX_ERR_AUTHENTICATION, "gmac forged tag");
}

static void check_ccm(karx_cipher_alg alg)
{
    karx_cipher_key key;
    uint8_t k[32], nonce[13], tag[16];
    ct_fill(nonce, sizeof nonce, 30);
    ct_secret_fill(k, sizeof k, 31 + alg);
    ct_secret_fill(pt, LEN, 32);
    CT_OK(karx_cipher_set_key(&key, alg, k, karx_cipher_key_bytes(alg)), "ccm set_key");
    CT_OK(karx_ccm_seal(&key, nonce, sizeof nonce, ct, tag, sizeof tag, pt, LEN, aad, AAD),
          "ccm seal");
    CT_PUBLIC(ct, LEN);
    CT_PUBLIC(tag, sizeof tag);
    CT_OK(karx_ccm_open(&key, nonce, sizeof nonce, back, tag, sizeof tag, ct, LEN, aad, AAD),
          "ccm open");
    CT_CHECK(ct_equal(back, pt, LEN), "ccm round trip");
    tag[0] ^= 1;
    CT_CHECK(ct_status(karx_ccm_open(&key, nonce, sizeof nonce, back, tag, sizeof tag, ct, LEN, aad,
                                     AAD)) == KARX_ERR_AUTHENTICATION, "ccm forged tag");
    karx_cipher_key_wipe(&key);
}

/* Record jobs: 17 records (one more than the widest lane kernel) under secret keys a record,
 * lengths 0 to LEN (short ones hashed in the lane GHASH, long ones in the fused pass where the
 * back end has it), sealed and opened in the lane kernels; one forged tag. */
static void check_gcm_jobs(karx_cipher_alg alg, const uint8_t *iv, size_t iv_len)
{
    enum { NJ = 17 };
    static karx_gcm_key keys[NJ];
    static uint8_t out[NJ][LEN], back2[NJ][LEN], tags[NJ][16];
    karx_gcm_job jobs[NJ];
    for (size_t i = 0; i < NJ; i++) {
        uint8_t k[32];
        ct_secret_fill(k, sizeof k, 50 + i);
        CT_OK(karx_gcm_set_key(&keys[i], alg, k, karx_cipher_key_bytes(alg)), "gcm jobs key");
    }
    ct_secret_fill(pt, LEN, 51);
    for (size_t i = 0; i < NJ; i++)
        jobs[i] = (karx_gcm_job){&keys[i], iv, iv_len, aad, (i * 7) % AAD, pt, out[i],
                                 (i * 131) % (LEN + 1), tags[i], 16, KARX_OK};
    CT_OK(karx_gcm_seal_jobs(jobs, NJ), "gcm seal_jobs");
    for (size_t i = 0; i < NJ; i++) {
        CT_PUBLIC(out[i], jobs[i].len);
        CT_PUBLIC(tags[i], 16);
        ct_status(jobs[i].status);
        jobs[i].in = out[i];
        jobs[i].out = back2[i];
    }
    tags[5][0] ^= 1;
    CT_CHECK(ct_status(karx_gcm_open_jobs(jobs, NJ)) == KARX_ERR_AUTHENTICATION,
             "gcm open_jobs: the forged record fails");
    for (size_t i = 0; i < NJ; i++) {
        CT_CHECK(ct_status(jobs[i].status) == (i == 5 ? KARX_ERR_AUTHENTICATION : KARX_OK),
                 "gcm open_jobs status");
        if (i != 5)
            CT_CHECK(ct_equal(back2[i], pt, jobs[i].len), "gcm jobs round trip");
    }
    for (size_t i = 0; i < NJ; i++)
        karx_gcm_key_wipe(&keys[i]);
}

int main(int argc, char **argv)
{
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    const int iv16 = argc > 2 && strcmp(argv[2], "iv16") == 0;
    uint8_t iv[16];
    ct_fill(iv, sizeof iv, 40);
    ct_fill(aad, AAD, 41);
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        check_gcm_oneshot(algs[i], iv, iv16 ? 16 : 12);
        check_gcm_stream(algs[i], iv, iv16 ? 16 : 12);
        check_gmac(algs[i], iv, iv16 ? 16 : 12);
        check_gcm_jobs(algs[i], iv, iv16 ? 16 : 12);
        if (!iv16)
            check_ccm(algs[i]);
    }
    return ct_finish(iv16 ? "ct_aead iv16" : "ct_aead");
}
