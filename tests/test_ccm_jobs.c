/* CCM record jobs (karx_ccm_seal_jobs, karx_ccm_open_jobs, their _pool forms): on every back end
 * the machine runs, random batches (LEA, CHAM-128 and ARIA keys mixed, nonces of 7 to 13 bytes, AAD
 * and payload lengths 0 to several KiB, every tag length, in place and out of place, n around
 * the lane counts) equal a loop of karx_ccm_seal / karx_ccm_open; forged tags fail alone with
 * their out zero-filled; bad jobs get their status and the others complete. */
#include <stddef.h>

#include "karx/ccm.h"
#include "karx/pool.h"
#include "test_util.h"

#define MAXJ 40
#define CAP 5000
#define NKEYS 12

static const char *be = "?";
static uint8_t src[MAXJ][CAP], aadbuf[MAXJ][700], nonces[MAXJ][13];
static karx_ccm_key keys[NKEYS];
static karx_pool *pool;
/* ARIA has no lane kernel: its records run as the one-record calls inside the batch. */
static const karx_cipher_alg algs[6] = {KARX_CIPHER_LEA128,      KARX_CIPHER_LEA192,
                                        KARX_CIPHER_LEA256,      KARX_CIPHER_CHAM128_128,
                                        KARX_CIPHER_CHAM128_256, KARX_CIPHER_ARIA192};

static size_t rand_len(size_t cap)
{
    switch (t_rand64() % 5) {
    case 0: return 0;
    case 1: return t_rand64() % 40;
    case 2: return 16 * (t_rand64() % 6);
    case 3: return t_rand64() % 600;
    default: return t_rand64() % cap;
    }
}

static void check_batch(size_t n, int use_pool, int one_key)
{
    static karx_ccm_job jobs[MAXJ];
    static uint8_t buf[MAXJ][CAP + 16], want[MAXJ][CAP], tags[MAXJ][32], wtag[MAXJ][16];
    size_t k0 = t_rand64() % NKEYS;
    for (size_t i = 0; i < n; i++) {
        karx_ccm_job *j = &jobs[i];
        j->key = &keys[one_key ? k0 : t_rand64() % NKEYS];
        j->nonce_len = 7 + t_rand64() % 7;
        t_fill(nonces[i], 13);
        j->nonce = nonces[i];
        j->aad_len = t_rand64() % 3 == 0 ? 0 : rand_len(sizeof aadbuf[i]);
        j->aad = j->aad_len == 0 && t_rand64() % 2 ? NULL : aadbuf[i];
        j->len = rand_len(CAP);
        if (j->nonce_len == 13 && j->len > 65535)
            j->len = 65535;
        j->tag_len = 4 + 2 * (t_rand64() % 7);
        memset(tags[i], 0xc3, sizeof tags[i]);
        j->tag = tags[i];
        memcpy(buf[i], src[i], j->len);
        memset(buf[i] + j->len, 0x5a, 16);
        int inplace = t_rand64() % 2;
        j->in = j->len == 0 && t_rand64() % 2 ? NULL : inplace ? buf[i] : src[i];
        j->out = j->len == 0 && t_rand64() % 2 ? NULL : buf[i];
        CHECK(karx_ccm_seal(&j->key->cipher, j->nonce, j->nonce_len, want[i], wtag[i], j->tag_len,
                            src[i], j->len, j->aad, j->aad_len) == KARX_OK,
              "reference seal");
        j->status = (karx_status)12345;
    }
    karx_status st = use_pool ? karx_ccm_seal_jobs_pool(pool, jobs, n) : karx_ccm_seal_jobs(jobs, n);
    CHECK(st == KARX_OK, "%s seal n=%zu pool=%d: %d", be, n, use_pool, (int)st);
    for (size_t i = 0; i < n; i++) {
        const karx_ccm_job *j = &jobs[i];
        CHECK(j->status == KARX_OK, "%s seal job %zu: %d", be, i, (int)j->status);
        CHECK(memcmp(buf[i], want[i], j->len) == 0 && memcmp(tags[i], wtag[i], j->tag_len) == 0,
              "%s seal n=%zu job %zu alg %u nonce %zu aad %zu len %zu tag %zu in place %d", be, n,
              i, (unsigned)j->key->cipher.alg, j->nonce_len, j->aad_len, j->len, j->tag_len,
              j->in == j->out);
        CHECK(buf[i][j->len] == 0x5a && buf[i][j->len + 15] == 0x5a && tags[i][j->tag_len] == 0xc3,
              "%s seal job %zu wrote past its end", be, i);
    }
    /* open: in place or not again; some tags, AADs or ciphertexts forged */
    size_t first_bad = n;
    for (size_t i = 0; i < n; i++) {
        karx_ccm_job *j = &jobs[i];
        memcpy(want[i], buf[i], j->len); /* the ciphertext */
        int inplace = t_rand64() % 2;
        if (j->len != 0) {
            j->in = inplace ? buf[i] : want[i];
            j->out = buf[i];
        }
        int forge = t_rand64() % 5 == 0;
        if (forge) {
            size_t what = t_rand64() % 3;
            if (what == 1 && j->len != 0)
                ((uint8_t *)j->in)[t_rand64() % j->len] ^= 0x10;
            else if (what == 2 && j->aad_len != 0)
                aadbuf[i][t_rand64() % j->aad_len] ^= 0x01;
            else
                tags[i][t_rand64() % j->tag_len] ^= 0x80;
            if (first_bad == n)
                first_bad = i;
        }
        j->status = (karx_status)(forge ? 1000 : 12345);
    }
    /* the expected plaintext and status of each, by karx_ccm_open (on copies) */
    static uint8_t plain[MAXJ][CAP];
    karx_status wst[MAXJ];
    for (size_t i = 0; i < n; i++) {
        const karx_ccm_job *j = &jobs[i];
        wst[i] = karx_ccm_open(&j->key->cipher, j->nonce, j->nonce_len, plain[i], tags[i],
                               j->tag_len, j->in == j->out ? buf[i] : want[i], j->len, j->aad,
                               j->aad_len);
        CHECK(wst[i] == (jobs[i].status == 1000 ? KARX_ERR_AUTHENTICATION : KARX_OK),
              "reference open %zu: %d", i, (int)wst[i]);
        if (wst[i] == KARX_OK)
            CHECK(memcmp(plain[i], src[i], j->len) == 0, "reference plaintext %zu", i);
    }
    st = use_pool ? karx_ccm_open_jobs_pool(pool, jobs, n) : karx_ccm_open_jobs(jobs, n);
    CHECK(st == (first_bad == n ? KARX_OK : KARX_ERR_AUTHENTICATION), "%s open n=%zu: %d", be, n,
          (int)st);
    for (size_t i = 0; i < n; i++) {
        const karx_ccm_job *j = &jobs[i];
        CHECK(j->status == wst[i], "%s open job %zu: %d, want %d", be, i, (int)j->status,
              (int)wst[i]);
        if (wst[i] == KARX_OK)
            CHECK(memcmp(buf[i], src[i], j->len) == 0, "%s open job %zu plaintext", be, i);
        else
            CHECK(t_all_zero(buf[i], j->len), "%s forged job %zu: out not zero-filled", be, i);
        CHECK(buf[i][j->len] == 0x5a, "%s open job %zu wrote past its end", be, i);
    }
}

static void check_errors(void)
{
    enum { N = 11 };
    karx_ccm_job j[N];
    karx_ccm_key unset;
    uint8_t in[100], out[N][100], tag[N][16], nonce[13] = {3};
    memset(&unset, 0, sizeof unset);
    memset(in, 9, sizeof in);
    CHECK(karx_ccm_seal_jobs(NULL, 0) == KARX_OK, "n = 0");
    CHECK(karx_ccm_open_jobs(NULL, 0) == KARX_OK, "n = 0");
    CHECK(karx_ccm_seal_jobs(NULL, 1) == KARX_ERR_ARGUMENT, "jobs NULL");
    CHECK(karx_ccm_open_jobs_pool(pool, NULL, 1) == KARX_ERR_ARGUMENT, "jobs NULL");
    for (int i = 0; i < N; i++) {
        memset(&j[i], 0, sizeof j[i]);
        j[i].key = &keys[0];
        j[i].nonce = nonce;
        j[i].nonce_len = 13;
        j[i].in = in;
        memset(out[i], 0xee, sizeof out[i]);
        j[i].out = out[i];
        j[i].len = sizeof in;
        memset(tag[i], 0xee, 16);
        j[i].tag = tag[i];
        j[i].tag_len = 16;
    }
    j[0].key = NULL;
    j[1].key = &unset;
    j[2].nonce_len = 6;
    j[3].nonce_len = 14;
    j[4].tag_len = 5;
    j[5].tag = NULL;
    j[6].in = NULL;
    j[7].aad_len = 3; /* aad NULL */
    j[8].in = out[8] + 5;
    j[8].len = 90; /* in and out overlap */
    j[9].nonce = NULL;
    /* j[10] is good */
    const karx_status want[N] = {KARX_ERR_ARGUMENT, KARX_ERR_STATE, KARX_ERR_IV_LENGTH,
                                 KARX_ERR_IV_LENGTH, KARX_ERR_ARGUMENT, KARX_ERR_ARGUMENT,
                                 KARX_ERR_ARGUMENT, KARX_ERR_ARGUMENT, KARX_ERR_ARGUMENT,
                                 KARX_ERR_ARGUMENT, KARX_OK};
    CHECK(karx_ccm_seal_jobs(j, N) == KARX_ERR_ARGUMENT, "seal: first failure");
    for (int i = 0; i < N; i++)
        CHECK(j[i].status == want[i], "seal job %d: %d", i, (int)j[i].status);
    for (int i = 0; i < N - 1; i++) {
        int untouched = 1;
        for (size_t b = 0; b < sizeof out[i]; b++)
            untouched &= out[i][b] == 0xee;
        CHECK(untouched, "seal: failed job %d wrote", i);
    }
    uint8_t c[100], t[16];
    karx_ccm_seal(&keys[0].cipher, nonce, 13, c, t, 16, in, sizeof in, NULL, 0);
    CHECK(memcmp(c, out[10], 100) == 0 && memcmp(t, tag[10], 16) == 0, "seal: the good job");
    /* open of the same batch: the good job decrypts, the bad ones are reported */
    for (int i = 0; i < N; i++)
        if (i != 8) {
            memset(out[i], 0xee, sizeof out[i]);
            memcpy(tag[i], t, 16);
        }
    j[10].in = c;
    CHECK(karx_ccm_open_jobs(j, N) == KARX_ERR_ARGUMENT, "open: first failure");
    for (int i = 0; i < N; i++)
        CHECK(j[i].status == want[i], "open job %d: %d", i, (int)j[i].status);
    CHECK(memcmp(out[10], in, sizeof in) == 0, "open: the good job");
    int untouched = 1;
    for (size_t b = 0; b < sizeof out[0]; b++)
        untouched &= out[0][b] == 0xee && out[4][b] == 0xee;
    CHECK(untouched, "open: failed jobs wrote");
    /* the tag inside the output or the input */
    j[10].tag = out[10] + 84;
    CHECK(karx_ccm_seal_jobs(j + 10, 1) == KARX_ERR_ARGUMENT, "tag in out");
    j[10].tag = c + 50;
    CHECK(karx_ccm_open_jobs(j + 10, 1) == KARX_ERR_ARGUMENT, "tag in in");
    /* what a job reads of its key is in the key's first cache line */
    CHECK(offsetof(karx_ccm_key, raw) + 32 <= 64 && offsetof(karx_ccm_key, alg) + 4 <= 64,
          "karx_ccm_key layout");
    /* set_key */
    karx_ccm_key k;
    uint8_t raw[32] = {0};
    CHECK(karx_ccm_set_key(NULL, KARX_CIPHER_LEA128, raw, 16) == KARX_ERR_ARGUMENT, "set NULL");
    CHECK(karx_ccm_set_key(&k, KARX_CIPHER_HIGHT, raw, 16) == KARX_ERR_UNSUPPORTED && !k.ready,
          "set 64-bit");
    CHECK(karx_ccm_set_key(&k, (karx_cipher_alg)77, raw, 16) == KARX_ERR_UNKNOWN_ALGORITHM,
          "set unknown");
    CHECK(karx_ccm_set_key(&k, KARX_CIPHER_LEA128, raw, 15) == KARX_ERR_KEY_LENGTH && !k.ready,
          "set key_len");
    CHECK(karx_ccm_set_key(&k, KARX_CIPHER_LEA128, NULL, 16) == KARX_ERR_ARGUMENT, "set key NULL");
    CHECK(karx_ccm_set_key(&k, KARX_CIPHER_LEA256, raw, 32) == KARX_OK && k.ready &&
              k.alg == KARX_CIPHER_LEA256 && k.cipher.alg == KARX_CIPHER_LEA256 && k.raw_len == 32,
          "set");
    karx_ccm_key_wipe(&k);
    CHECK(!k.ready && k.alg == 0 && k.cipher.alg == 0, "wipe");
}

int main(void)
{
    t_seed_from_env();
    for (size_t i = 0; i < MAXJ; i++) {
        t_fill(src[i], CAP);
        t_fill(aadbuf[i], sizeof aadbuf[i]);
    }
    for (int i = 0; i < NKEYS; i++) {
        uint8_t raw[32];
        t_fill(raw, 32);
        karx_cipher_alg a = algs[i % 6];
        CHECK(karx_ccm_set_key(&keys[i], a, raw, karx_cipher_key_bytes(a)) == KARX_OK, "key");
    }
    CHECK(karx_pool_new(&pool, 3) == KARX_OK, "pool");
    static const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, MAXJ};
    karx_backend orig = karx_get_backend();
    for (int b = -1; (be = t_next_backend(&b)) != NULL;) {
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
            for (int r = 0; r < 4; r++)
                check_batch(counts[c], r & 1, r >> 1);
        check_errors();
    }
    karx_set_backend(orig);
    karx_pool_free(pool);
    return t_finish("ccm_jobs");
}
