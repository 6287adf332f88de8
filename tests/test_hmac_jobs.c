/* HMAC-LSH record jobs (karx_hmac_lsh_jobs, karx_hmac_lsh_verify_jobs, their _pool forms): on
 * every back end the machine runs, random batches (mixed variants, keyed contexts and keys as
 * given, lengths 0 to several KiB, truncated tags, n around the lane counts) equal a loop of
 * karx_hmac_lsh / the keyed context; forged tags fail alone; bad jobs get their status. */
#include "karx/hmac.h"
#include "karx/pool.h"
#include "test_util.h"

#define MAXJ 40
#define TAGCAP 80
#define MSGCAP 6000

static const char *be = "?";
static uint8_t arena[MAXJ][MSGCAP];
static uint8_t keys[MAXJ][300];
static karx_hmac_lsh_ctx ctxs[8];
static karx_lsh_alg ctx_alg[8];
static karx_pool *pool;

/* The expected tag of a job, as the one-record calls give it (full digest). */
static void expect(const karx_hmac_lsh_job *j, uint8_t *full)
{
    if (j->ctx != NULL) {
        karx_hmac_lsh_ctx c = *j->ctx;
        karx_hmac_lsh_update(&c, j->msg, j->len);
        karx_hmac_lsh_final(&c, full, 64);
    } else {
        karx_hmac_lsh(j->alg, j->key, j->key_len, full, 64, j->msg, j->len);
    }
}

static size_t rand_len(void)
{
    switch (t_rand64() % 4) {
    case 0: return t_rand64() % 3;
    case 1: return t_rand64() % 300;
    case 2: return t_rand64() % 600;
    default: return t_rand64() % MSGCAP;
    }
}

static void make_batch(karx_hmac_lsh_job *jobs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        karx_hmac_lsh_job *j = &jobs[i];
        memset(j, 0, sizeof *j);
        if (t_rand64() % 2) {
            size_t c = t_rand64() % 8;
            j->ctx = &ctxs[c];
            j->alg = ctx_alg[c];
        } else {
            j->alg = (karx_lsh_alg)(1 + t_rand64() % 6);
            j->key_len = t_rand64() % 4 == 0 ? t_rand64() % 300 : t_rand64() % 40;
            j->key = j->key_len == 0 && t_rand64() % 2 ? NULL : keys[i];
        }
        j->len = rand_len();
        j->msg = j->len == 0 && t_rand64() % 2 ? NULL : arena[i];
        size_t d = karx_hmac_lsh_bytes(j->alg), min = karx_hmac_lsh_min_tag_bytes(j->alg);
        switch (t_rand64() % 4) {
        case 0: j->tag_len = min; break;
        case 1: j->tag_len = min + t_rand64() % (d - min + 1); break;
        case 2: j->tag_len = d + t_rand64() % 16; break;
        default: j->tag_len = d; break;
        }
        j->status = (karx_status)12345;
    }
}

/* One batch: compute (serial and on the pool), compare, then verify with a few tags forged. */
static void check_batch(size_t n, int use_pool)
{
    static karx_hmac_lsh_job jobs[MAXJ];
    static uint8_t tags[MAXJ][TAGCAP];
    uint8_t full[64];
    make_batch(jobs, n);
    memset(tags, 0xa5, sizeof tags);
    for (size_t i = 0; i < n; i++)
        jobs[i].tag = tags[i];
    karx_status st = use_pool ? karx_hmac_lsh_jobs_pool(pool, jobs, n) : karx_hmac_lsh_jobs(jobs, n);
    CHECK(st == KARX_OK, "%s n=%zu pool=%d: %d", be, n, use_pool, (int)st);
    for (size_t i = 0; i < n; i++) {
        const karx_hmac_lsh_job *j = &jobs[i];
        size_t d = karx_hmac_lsh_bytes(j->alg), w = j->tag_len < d ? j->tag_len : d;
        expect(j, full);
        CHECK(j->status == KARX_OK, "%s job %zu status %d", be, i, (int)j->status);
        CHECK(memcmp(tags[i], full, w) == 0, "%s n=%zu job %zu alg %d len %zu ctx %d tag_len %zu",
              be, n, i, (int)j->alg, j->len, j->ctx != NULL, j->tag_len);
        int clean = 1;
        for (size_t b = w; b < TAGCAP; b++)
            clean &= tags[i][b] == 0xa5;
        CHECK(clean, "%s job %zu wrote past its tag", be, i);
    }
    /* verify: tag_len clipped to the digest; some forged */
    size_t first_bad = n;
    for (size_t i = 0; i < n; i++) {
        size_t d = karx_hmac_lsh_bytes(jobs[i].alg);
        if (jobs[i].tag_len > d)
            jobs[i].tag_len = d;
        if (t_rand64() % 5 == 0) {
            tags[i][t_rand64() % jobs[i].tag_len] ^= (uint8_t)(1u << (t_rand64() % 8));
            if (first_bad == n)
                first_bad = i;
        }
        jobs[i].status = (karx_status)12345;
    }
    st = use_pool ? karx_hmac_lsh_verify_jobs_pool(pool, jobs, n)
                  : karx_hmac_lsh_verify_jobs(jobs, n);
    CHECK(st == (first_bad == n ? KARX_OK : KARX_ERR_AUTHENTICATION), "%s verify n=%zu: %d", be,
          n, (int)st);
    for (size_t i = 0; i < n; i++) {
        expect(&jobs[i], full);
        int forged = memcmp(tags[i], full, jobs[i].tag_len) != 0;
        CHECK(jobs[i].status == (forged ? KARX_ERR_AUTHENTICATION : KARX_OK),
              "%s verify job %zu forged %d status %d", be, i, forged, (int)jobs[i].status);
    }
}

static void check_errors(void)
{
    karx_hmac_lsh_job j[8];
    uint8_t tag[64], msg[200] = {0};
    karx_hmac_lsh_ctx unkeyed, held;
    memset(&unkeyed, 0, sizeof unkeyed);
    karx_hmac_lsh_init(&held, KARX_LSH512_256, "k", 1);
    karx_hmac_lsh_update(&held, msg, 5);
    CHECK(karx_hmac_lsh_jobs(NULL, 0) == KARX_OK, "n = 0");
    CHECK(karx_hmac_lsh_jobs(NULL, 3) == KARX_ERR_ARGUMENT, "jobs NULL");
    CHECK(karx_hmac_lsh_verify_jobs_pool(pool, NULL, 3) == KARX_ERR_ARGUMENT, "jobs NULL");
    for (int i = 0; i < 8; i++) {
        memset(&j[i], 0, sizeof j[i]);
        j[i].alg = KARX_LSH256_256;
        j[i].key = "key";
        j[i].key_len = 3;
        j[i].msg = msg;
        j[i].len = sizeof msg;
        j[i].tag = tag;
        j[i].tag_len = 32;
    }
    j[0].tag = NULL;
    j[1].msg = NULL;
    j[2].key = NULL;
    j[3].alg = (karx_lsh_alg)99;
    j[4].ctx = &unkeyed;
    j[5].ctx = &held;
    j[6].tag_len = 15;
    /* j[7] is good */
    CHECK(karx_hmac_lsh_jobs(j, 8) == KARX_ERR_ARGUMENT, "first failure");
    const karx_status want[8] = {KARX_ERR_ARGUMENT, KARX_ERR_ARGUMENT, KARX_ERR_ARGUMENT,
                                 KARX_ERR_UNKNOWN_ALGORITHM, KARX_ERR_STATE, KARX_ERR_STATE,
                                 KARX_ERR_OUTPUT_LENGTH, KARX_OK};
    for (int i = 0; i < 8; i++)
        CHECK(j[i].status == want[i], "job %d: %d", i, (int)j[i].status);
    uint8_t full[32];
    karx_hmac_lsh(KARX_LSH256_256, "key", 3, full, 32, msg, sizeof msg);
    CHECK(memcmp(tag, full, 32) == 0, "the good job's tag");
    j[6].tag_len = 33; /* verify: longer than the digest */
    j[7].tag_len = 16;
    CHECK(karx_hmac_lsh_verify_jobs(j + 6, 2) == KARX_ERR_ARGUMENT, "verify tag_len");
    CHECK(j[6].status == KARX_ERR_ARGUMENT && j[7].status == KARX_OK, "verify statuses");
    karx_hmac_lsh_ctx_wipe(&held);
}

int main(void)
{
    t_seed_from_env();
    for (size_t i = 0; i < MAXJ; i++) {
        t_fill(arena[i], MSGCAP);
        t_fill(keys[i], sizeof keys[i]);
    }
    CHECK(karx_pool_new(&pool, 3) == KARX_OK, "pool");
    static const size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, MAXJ};
    karx_backend orig = karx_get_backend();
    for (int b = -1; (be = t_next_backend(&b)) != NULL;) {
        for (int c = 0; c < 8; c++) { /* keyed contexts, some fed whole blocks */
            ctx_alg[c] = (karx_lsh_alg)(1 + t_rand64() % 6);
            karx_hmac_lsh_init(&ctxs[c], ctx_alg[c], keys[c], t_rand64() % 200);
            if (c % 3 == 0)
                karx_hmac_lsh_update(&ctxs[c], arena[c], ctx_alg[c] <= KARX_LSH256_256 ? 128 : 256);
        }
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
            for (int r = 0; r < 3; r++) {
                check_batch(counts[c], 0);
                check_batch(counts[c], 1);
            }
        check_errors();
    }
    karx_set_backend(orig);
    karx_pool_free(pool);
    return t_finish("hmac_jobs");
}
