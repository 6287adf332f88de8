/* CTR record jobs (karx_ctr_jobs, karx_ctr_jobs_pool): on every back end the machine runs,
 * random batches (every cipher mixed, a key each, lengths 0 to several KiB, counters that carry
 * and that reach all-ones, in place and out of place, n around the lane counts) equal a loop of
 * karx_cipher_set_key + karx_ctr_xor; bad jobs get their status and the others complete. */
#include "karx/cipher.h"
#include "karx/pool.h"
#include "test_util.h"

#define MAXJ 40
#define CAP 6000

static const char *be = "?";
static uint8_t src[MAXJ][CAP], keys[MAXJ][32];
static karx_pool *pool;

static size_t rand_len(void)
{
    switch (t_rand64() % 5) {
    case 0: return t_rand64() % 3;
    case 1: return t_rand64() % 100;
    case 2: return 16 * (1 + t_rand64() % 8);
    case 3: return t_rand64() % 600;
    default: return t_rand64() % CAP;
    }
}

static void check_batch(size_t n, int use_pool, int one_alg)
{
    static karx_ctr_job jobs[MAXJ];
    static uint8_t buf[MAXJ][CAP + 32], want[MAXJ][CAP], ctr[MAXJ][16], wctr[MAXJ][16];
    karx_cipher_alg only = (karx_cipher_alg)(KARX_CIPHER_FIRST + t_rand64() % 10);
    for (size_t i = 0; i < n; i++) {
        karx_ctr_job *j = &jobs[i];
        j->alg = one_alg ? only : (karx_cipher_alg)(KARX_CIPHER_FIRST + t_rand64() % 10);
        size_t bb = karx_cipher_block_bytes(j->alg);
        j->key = keys[i];
        j->key_len = karx_cipher_key_bytes(j->alg);
        t_fill(ctr[i], 16);
        j->len = rand_len();
        switch (t_rand64() % 4) { /* counters that carry over bytes, and that end at all-ones */
        case 0: /* the low 32 bits wrap within the job: carries into the words above */
            memset(ctr[i] + bb - 4, 0xff, 4);
            ctr[i][bb - 1] = (uint8_t)(0xf0 | (t_rand64() & 15));
            if (t_rand64() % 2)
                ctr[i][bb - 5] = 0xff; /* and on into the next byte */
            break;
        case 1: {
            size_t blocks = j->len / bb + (j->len % bb != 0);
            memset(ctr[i], 0xff, bb);
            for (size_t b = 0; b < blocks && b < 256; b++)
                ctr[i][bb - 1] = (uint8_t)(0xff - b);
            if (blocks > 256)
                ctr[i][bb - 2] = 0xf0;
            break;
        }
        default: break;
        }
        memcpy(wctr[i], ctr[i], 16);
        j->ctr = ctr[i];
        memcpy(buf[i], src[i], j->len);
        int inplace = t_rand64() % 2;
        j->in = j->len == 0 && t_rand64() % 2 ? NULL : inplace ? buf[i] : src[i];
        j->out = j->len == 0 && t_rand64() % 2 ? NULL : buf[i];
        memset(buf[i] + j->len, 0x5a, 32);
        /* the expected result: a loop of the one-record calls */
        karx_cipher_key k;
        CHECK(karx_cipher_set_key(&k, j->alg, j->key, j->key_len) == KARX_OK, "key");
        CHECK(karx_ctr_xor(&k, wctr[i], want[i], src[i], j->len) == KARX_OK, "ctr_xor");
        karx_cipher_key_wipe(&k);
        j->status = (karx_status)12345;
    }
    karx_status st = use_pool ? karx_ctr_jobs_pool(pool, jobs, n) : karx_ctr_jobs(jobs, n);
    CHECK(st == KARX_OK, "%s n=%zu pool=%d: %d", be, n, use_pool, (int)st);
    for (size_t i = 0; i < n; i++) {
        const karx_ctr_job *j = &jobs[i];
        size_t bb = karx_cipher_block_bytes(j->alg);
        CHECK(j->status == KARX_OK, "%s job %zu: %d", be, i, (int)j->status);
        CHECK(memcmp(buf[i], want[i], j->len) == 0, "%s n=%zu job %zu alg %d len %zu in place %d",
              be, n, i, (int)j->alg, j->len, j->in == j->out);
        CHECK(memcmp(ctr[i], wctr[i], bb) == 0, "%s job %zu counter", be, i);
        CHECK(buf[i][j->len] == 0x5a && buf[i][j->len + 31] == 0x5a,
              "%s job %zu wrote past its end", be, i);
    }
}

static void check_errors(void)
{
    karx_ctr_job j[9];
    uint8_t in[100], out[9][100], ctr[9][16], key[32] = {1};
    memset(in, 7, sizeof in);
    CHECK(karx_ctr_jobs(NULL, 0) == KARX_OK, "n = 0");
    CHECK(karx_ctr_jobs(NULL, 2) == KARX_ERR_ARGUMENT, "jobs NULL");
    CHECK(karx_ctr_jobs_pool(pool, NULL, 2) == KARX_ERR_ARGUMENT, "jobs NULL, pool");
    for (int i = 0; i < 9; i++) {
        j[i].alg = KARX_CIPHER_LEA128;
        j[i].key = key;
        j[i].key_len = 16;
        memset(ctr[i], 0, 16);
        j[i].ctr = ctr[i];
        j[i].in = in;
        memset(out[i], 0xee, sizeof out[i]);
        j[i].out = out[i];
        j[i].len = sizeof in;
    }
    j[0].key = NULL;
    j[1].key_len = 24;
    j[2].alg = (karx_cipher_alg)0;
    j[3].ctr = NULL;
    j[4].in = NULL;
    j[5].in = out[5] + 1; /* overlapping out by all but one byte */
    memset(ctr[6], 0xff, 16); /* 7 blocks from all-ones: wraps */
    j[7].alg = KARX_CIPHER_ARIA256;
    j[7].key_len = 32;
    j[7].out = NULL;
    /* j[8] is good */
    CHECK(karx_ctr_jobs(j, 9) == KARX_ERR_ARGUMENT, "first failure");
    const karx_status want[9] = {KARX_ERR_ARGUMENT, KARX_ERR_KEY_LENGTH, KARX_ERR_UNKNOWN_ALGORITHM,
                                 KARX_ERR_ARGUMENT, KARX_ERR_ARGUMENT, KARX_ERR_ARGUMENT,
                                 KARX_ERR_COUNTER_OVERFLOW, KARX_ERR_ARGUMENT, KARX_OK};
    for (int i = 0; i < 9; i++)
        CHECK(j[i].status == want[i], "job %d: %d", i, (int)j[i].status);
    for (int i = 0; i < 7; i++) {
        int untouched = 1;
        for (size_t b = 0; b < sizeof out[i]; b++)
            untouched &= out[i][b] == 0xee;
        CHECK(untouched, "failed job %d wrote", i);
    }
    CHECK(ctr[6][0] == 0xff && ctr[6][15] == 0xff, "overflow: counter unchanged");
    uint8_t c[16] = {0}, w[100];
    karx_cipher_key k;
    karx_cipher_set_key(&k, KARX_CIPHER_LEA128, key, 16);
    karx_ctr_xor(&k, c, w, in, sizeof in);
    CHECK(memcmp(w, out[8], sizeof w) == 0 && memcmp(c, ctr[8], 16) == 0, "the good job");
    karx_cipher_key_wipe(&k);
    /* the counter inside the output */
    j[8].ctr = out[8] + 40;
    CHECK(karx_ctr_jobs(j + 8, 1) == KARX_ERR_ARGUMENT, "ctr in out");
    j[8].ctr = (uint8_t *)in + 84;
    CHECK(karx_ctr_jobs(j + 8, 1) == KARX_ERR_ARGUMENT, "ctr in in");
}

int main(void)
{
    t_seed_from_env();
    for (size_t i = 0; i < MAXJ; i++) {
        t_fill(src[i], CAP);
        t_fill(keys[i], 32);
    }
    CHECK(karx_pool_new(&pool, 3) == KARX_OK, "pool");
    static const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, MAXJ};
    karx_backend orig = karx_get_backend();
    for (int b = -1; (be = t_next_backend(&b)) != NULL;) {
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
            for (int r = 0; r < 4; r++) {
                check_batch(counts[c], r & 1, r >> 1);
            }
        check_errors();
    }
    karx_set_backend(orig);
    karx_pool_free(pool);
    return t_finish("ctr_jobs");
}
