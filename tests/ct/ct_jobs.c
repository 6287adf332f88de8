/* ctgrind harness: the record jobs of CCM, CTR and HMAC-LSH on one back end (argv[1]): 17 jobs
 * (one more than the widest lane kernel) under secret keys a job, lengths 0 to LEN, run in the
 * lane kernels. Secret: every key (so the lanes' round keys and the keyed HMAC states) and every
 * plaintext. Public: nonces, counters, AAD, lengths, ciphertexts and tags once produced, and
 * whether a tag verified (ct_declassify.c). */
#include "ct.h"

#define NJ 17
#define LEN 700
#define AAD 30

static uint8_t pt[LEN], aad[AAD];

static void check_ccm_jobs(karx_cipher_alg alg)
{
    static karx_ccm_key keys[NJ];
    static uint8_t out[NJ][LEN], back[NJ][LEN], tags[NJ][16], nonce[13];
    karx_ccm_job jobs[NJ];
    ct_fill(nonce, sizeof nonce, 60);
    for (size_t i = 0; i < NJ; i++) {
        uint8_t k[32];
        ct_secret_fill(k, sizeof k, 61 + i);
        CT_OK(karx_ccm_set_key(&keys[i], alg, k, karx_cipher_key_bytes(alg)), "ccm jobs key");
    }
    ct_secret_fill(pt, LEN, 62);
    for (size_t i = 0; i < NJ; i++)
        jobs[i] = (karx_ccm_job){&keys[i], nonce, 7 + i % 7, aad, (i * 7) % AAD, pt, out[i],
                                 (i * 131) % (LEN + 1), tags[i], 4 + 2 * (i % 7), KARX_OK};
    CT_OK(karx_ccm_seal_jobs(jobs, NJ), "ccm seal_jobs");
    for (size_t i = 0; i < NJ; i++) {
        CT_PUBLIC(out[i], jobs[i].len);
        CT_PUBLIC(tags[i], 16);
        ct_status(jobs[i].status);
        jobs[i].in = out[i];
        jobs[i].out = back[i];
    }
    tags[6][0] ^= 1;
    CT_CHECK(ct_status(karx_ccm_open_jobs(jobs, NJ)) == KARX_ERR_AUTHENTICATION,
             "ccm open_jobs: the forged record fails");
    for (size_t i = 0; i < NJ; i++) {
        CT_CHECK(ct_status(jobs[i].status) == (i == 6 ? KARX_ERR_AUTHENTICATION : KARX_OK),
                 "ccm open_jobs status");
        if (i != 6)
            CT_CHECK(ct_equal(back[i], pt, jobs[i].len), "ccm jobs round trip");
    }
    for (size_t i = 0; i < NJ; i++)
        karx_ccm_key_wipe(&keys[i]);
}

static void check_ctr_jobs(karx_cipher_alg alg)
{
    static uint8_t keys[NJ][32], out[NJ][LEN], back[NJ][LEN], ctr[NJ][16], ctr2[NJ][16];
    karx_ctr_job jobs[NJ];
    ct_secret_fill(pt, LEN, 70);
    for (size_t i = 0; i < NJ; i++) {
        ct_secret_fill(keys[i], 32, 71 + i);
        ct_fill(ctr[i], 16, 90 + i);
        if (i % 3 == 0)
            memset(ctr[i] + 12, 0xff, 4); /* the low 32 bits wrap inside the job */
        memcpy(ctr2[i], ctr[i], 16);
        jobs[i] = (karx_ctr_job){alg, keys[i], karx_cipher_key_bytes(alg), ctr[i], pt, out[i],
                                 (i * 131) % (LEN + 1), KARX_OK};
    }
    CT_OK(karx_ctr_jobs(jobs, NJ), "ctr_jobs");
    for (size_t i = 0; i < NJ; i++) {
        CT_PUBLIC(out[i], jobs[i].len);
        ct_status(jobs[i].status);
        jobs[i].ctr = ctr2[i];
        jobs[i].in = out[i];
        jobs[i].out = back[i];
    }
    CT_OK(karx_ctr_jobs(jobs, NJ), "ctr_jobs back");
    for (size_t i = 0; i < NJ; i++)
        CT_CHECK(ct_equal(back[i], pt, jobs[i].len) && memcmp(ctr[i], ctr2[i], 16) == 0,
                 "ctr jobs round trip");
}

static void check_hmac_jobs(void)
{
    static karx_hmac_lsh_ctx ctx[NJ];
    static uint8_t keys[NJ][40], tags[NJ][64];
    karx_hmac_lsh_job jobs[NJ];
    ct_fill(pt, LEN, 80); /* the messages are public; the keys are not */
    for (size_t i = 0; i < NJ; i++) {
        karx_lsh_alg a = (karx_lsh_alg)(1 + i % 6);
        ct_secret_fill(keys[i], sizeof keys[i], 81 + i);
        CT_OK(karx_hmac_lsh_init(&ctx[i], a, keys[i], 8 + i), "hmac jobs key");
        jobs[i] = (karx_hmac_lsh_job){i % 2 ? &ctx[i] : NULL, a, keys[i], 8 + i, pt,
                                      (i * 131) % (LEN + 1), tags[i], 64, KARX_OK};
    }
    CT_OK(karx_hmac_lsh_jobs(jobs, NJ), "hmac_lsh_jobs");
    for (size_t i = 0; i < NJ; i++) {
        CT_PUBLIC(tags[i], 64);
        ct_status(jobs[i].status);
        jobs[i].tag_len = karx_hmac_lsh_bytes(jobs[i].alg);
    }
    tags[4][1] ^= 1;
    CT_CHECK(ct_status(karx_hmac_lsh_verify_jobs(jobs, NJ)) == KARX_ERR_AUTHENTICATION,
             "hmac verify_jobs: the forged tag fails");
    for (size_t i = 0; i < NJ; i++)
        CT_CHECK(ct_status(jobs[i].status) == (i == 4 ? KARX_ERR_AUTHENTICATION : KARX_OK),
                 "hmac verify_jobs status");
    for (size_t i = 0; i < NJ; i++)
        karx_hmac_lsh_ctx_wipe(&ctx[i]);
}

int main(int argc, char **argv)
{
    static const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192,
                                           KARX_CIPHER_LEA256, KARX_CIPHER_CHAM128_128,
                                           KARX_CIPHER_CHAM128_256};
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    ct_fill(aad, AAD, 59);
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        check_ccm_jobs(algs[i]);
        check_ctr_jobs(algs[i]);
    }
    check_ctr_jobs(KARX_CIPHER_ARIA128); /* no lane kernel: the one-record calls */
    check_ctr_jobs(KARX_CIPHER_HIGHT);
    check_hmac_jobs();
    return ct_finish("ct_jobs");
}
