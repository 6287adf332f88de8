/* The GPU record jobs (karx_gpu_gcm_seal_jobs / open_jobs, karx_gpu_ctr_jobs) without a device:
 * the host side (src/gpu/gpu_jobs.c: job checks, plan, packing, unpacking with the tag check)
 * runs as the GPU calls run it, and every GPU thread of the batch is emulated on the CPU with
 * the kernels' own per-thread code (src/gpu/jobs_gpu_core.h: GHASH with each record's H, GCTR
 * from J0, the many-key round code of cipher_gpu_core.h). On random mixes (every GCM and CTR
 * cipher and key size, 12-byte and other IVs, AAD and record lengths 0 to 2 KiB, truncated tags,
 * in place and out of place, forged tags, bad jobs) the results and every job's status must
 * equal the CPU job calls' (karx_gcm_seal_jobs / open_jobs, karx_ctr_jobs), except a cipher
 * without a GPU kernel (ARIA): KARX_ERR_UNSUPPORTED there. The public calls without a handle
 * (and in a build without CUDA) must give every job KARX_ERR_NO_DEVICE.
 * test_gpu (device) checks the real device when there is one. */
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu_jobs.h"
#include "gpu/jobs_gpu_core.h"

#include <karx/cipher.h>
#include <karx/gcm.h>
#include <karx/gpu.h>
#include <karx/selftest.h>

#include "test_util.h"

/* The device step on the CPU: every thread of every group in turn. */
static void emulate(const karx_i_gpu_jobs_plan *p, const uint8_t *in, uint8_t *out)
{
    const uint8_t *data = in + p->desc_bytes;
    for (size_t g = 0; g < p->ngroups; g++)
        for (size_t r = p->first[g]; r < p->first[g + 1]; r++) {
            if (p->gcm)
                karx_gpu_gcm_record(p->shape[g], (const karx_gpu_gcm_rec *)(const void *)in + r,
                                    data, out, p->enc);
            else
                karx_gpu_ctr_job_record(p->shape[g], (const karx_gpu_ctr_rec *)(const void *)in + r,
                                        data, out);
        }
}

/* A job call as the GPU calls run it (gpu_jobs.c), with the device step emulated: the GCM jobs
 * (gcm non-NULL; enc says which way) or the CTR jobs; the first job's failure, or KARX_OK. */
static karx_status emul(karx_gcm_job *gcm, karx_ctr_job *ctr, size_t n, int enc)
{
    karx_i_gpu_jobs_plan p;
    karx_status st = gcm ? karx_i_gpu_gcm_plan(&p, gcm, n, enc) : karx_i_gpu_ctr_plan(&p, ctr, n);
    CHECK(st == KARX_OK, "%s plan %d", gcm ? "gcm" : "ctr", (int)st);
    uint8_t *in = malloc(p.desc_bytes + p.data_bytes + 1), *out = malloc(p.data_bytes + 1);
    memset(out, 0xa5, p.data_bytes); /* anything the threads do not write shows */
    if (gcm != NULL) {
        karx_i_gpu_gcm_pack(&p, gcm, in);
        CHECK(((uintptr_t)p.desc_bytes & 15) == 0, "descriptors a multiple of 16 bytes");
    } else {
        karx_i_gpu_ctr_pack(&p, ctr, in);
    }
    emulate(&p, in, out);
    if (gcm != NULL)
        karx_i_gpu_gcm_unpack(&p, gcm, out);
    else
        karx_i_gpu_ctr_unpack(&p, ctr, out);
    karx_i_gpu_jobs_plan_free(&p);
    free(in);
    free(out);
    for (size_t i = 0; i < n; i++) {
        karx_status s = gcm != NULL ? gcm[i].status : ctr[i].status;
        if (s != KARX_OK)
            return s;
    }
    return KARX_OK;
}

static karx_status emul_gcm(karx_gcm_job *jobs, size_t n, int enc)
{
    return emul(jobs, NULL, n, enc);
}

static karx_status emul_ctr(karx_ctr_job *jobs, size_t n)
{
    return emul(NULL, jobs, n, 0);
}

/* ---- GCM ---- */

#define NKEYS 12
#define MAXJOBS 70
#define MAXLEN 2100
static const karx_cipher_alg gcm_algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192,
                                           KARX_CIPHER_LEA256, KARX_CIPHER_CHAM128_128,
                                           KARX_CIPHER_CHAM128_256, KARX_CIPHER_ARIA128};
static karx_gcm_key gkeys[NKEYS];
static uint8_t bufs[2][MAXJOBS][MAXLEN], ivs[MAXJOBS][64], aads[MAXJOBS][300],
    tags[2][MAXJOBS][16], plain[MAXJOBS][MAXLEN];

static int is_aria(const karx_gcm_key *k)
{
    return k->alg == KARX_CIPHER_ARIA128;
}

static void gcm_batch(size_t n, int with_aria, int round)
{
    static karx_gcm_job a[MAXJOBS], b[MAXJOBS];
    static const size_t ivl[] = {12, 12, 12, 16, 1, 60};
    static const size_t tl[] = {16, 16, 4, 8, 12, 13, 14, 15};
    for (size_t i = 0; i < n; i++) {
        karx_gcm_job j;
        memset(&j, 0, sizeof j);
        j.key = &gkeys[t_rand64() % (with_aria ? NKEYS : NKEYS - 2)];
        j.iv_len = ivl[t_rand64() % 6];
        t_fill(ivs[i], j.iv_len);
        j.iv = ivs[i];
        j.aad_len = t_rand64() % 4 == 0 ? t_rand64() % 300 : t_rand64() % 21;
        t_fill(aads[i], j.aad_len);
        j.aad = aads[i];
        size_t r = t_rand64() % 8;
        j.len = r == 0 ? 0 : r < 4 ? t_rand64() % 80 : r < 6 ? 16 * (t_rand64() % 40) : t_rand64() % MAXLEN;
        t_fill(plain[i], j.len);
        j.tag_len = tl[t_rand64() % 8];
        int inplace = t_rand64() % 3 == 0;
        a[i] = j;
        b[i] = j;
        a[i].out = bufs[0][i];
        b[i].out = bufs[1][i];
        t_twin_io(plain[i], j.len, inplace, a[i].out, b[i].out, &a[i].in, &b[i].in);
        if (!inplace) {
            memset(bufs[0][i], 0x11, j.len);
            memset(bufs[1][i], 0x11, j.len);
        }
        a[i].tag = tags[0][i];
        b[i].tag = tags[1][i];
    }
    karx_status sa = karx_gcm_seal_jobs(a, n), sb = emul_gcm(b, n, 1);
    for (size_t i = 0; i < n; i++) {
        if (is_aria(a[i].key)) {
            CHECK(b[i].status == KARX_ERR_UNSUPPORTED, "round %d job %zu: ARIA unsupported", round, i);
            continue;
        }
        CHECK(a[i].status == KARX_OK && b[i].status == KARX_OK, "round %d seal job %zu status", round, i);
        CHECK(memcmp(a[i].out, b[i].out, a[i].len) == 0, "round %d seal job %zu (len %zu aad %zu iv %zu) output",
              round, i, a[i].len, a[i].aad_len, a[i].iv_len);
        CHECK(memcmp(a[i].tag, b[i].tag, a[i].tag_len) == 0, "round %d seal job %zu tag", round, i);
    }
    CHECK(with_aria || (sa == KARX_OK && sb == KARX_OK), "round %d seal returns", round);
    /* open: ciphertext back in place or out of place, some tags forged */
    for (size_t i = 0; i < n; i++) {
        if (is_aria(a[i].key))
            continue;
        int inplace = t_rand64() % 2;
        memcpy(plain[i], a[i].out, a[i].len); /* the ciphertext */
        a[i].in = inplace ? a[i].out : plain[i];
        b[i].in = inplace ? b[i].out : plain[i];
        memcpy(b[i].out, a[i].out, a[i].len);
        if (t_rand64() % 4 == 0) {
            size_t k = t_rand64() % (a[i].tag_len + a[i].len + a[i].aad_len);
            if (k < a[i].tag_len) {
                a[i].tag[k] ^= 1;
                b[i].tag[k] ^= 1;
            } else if (k < a[i].tag_len + a[i].len) {
                plain[i][k - a[i].tag_len] ^= 0x80;
                if (inplace) {
                    a[i].out[k - a[i].tag_len] ^= 0x80;
                    b[i].out[k - a[i].tag_len] ^= 0x80;
                }
            } else {
                aads[i][k - a[i].tag_len - a[i].len] ^= 2;
            }
        }
    }
    size_t m = 0; /* the non-ARIA jobs */
    for (size_t i = 0; i < n; i++)
        if (!is_aria(a[i].key)) {
            a[m] = a[i];
            b[m++] = b[i];
        }
    sa = karx_gcm_open_jobs(a, m);
    sb = emul_gcm(b, m, 0);
    CHECK(sa == sb, "round %d open returns %d and %d", round, (int)sa, (int)sb);
    for (size_t i = 0; i < m; i++) {
        CHECK(a[i].status == b[i].status, "round %d open job %zu status %d vs %d", round, i,
              (int)a[i].status, (int)b[i].status);
        CHECK(memcmp(a[i].out, b[i].out, a[i].len) == 0, "round %d open job %zu output", round, i);
        if (a[i].status == KARX_ERR_AUTHENTICATION)
            CHECK(t_all_zero(b[i].out, b[i].len), "round %d forged job %zu zero-filled", round, i);
    }
}

/* Bad jobs: the GPU path's statuses are the CPU call's, and nothing of them is written. */
static void gcm_bad(void)
{
    static karx_gcm_job a[9], b[9];
    static uint8_t o[2][9][64], t[2][9][16], in[64], iv[12];
    karx_gcm_key unset;
    memset(&unset, 0, sizeof unset);
    for (int s = 0; s < 2; s++) {
        karx_gcm_job *j = s ? b : a;
        for (int i = 0; i < 9; i++) {
            memset(&j[i], 0, sizeof j[i]);
            j[i].key = &gkeys[i % 3];
            j[i].iv = iv;
            j[i].iv_len = 12;
            j[i].in = in;
            j[i].out = o[s][i];
            j[i].len = 40;
            j[i].tag = t[s][i];
            j[i].tag_len = 16;
            memset(o[s][i], 0x77, sizeof o[s][i]);
        }
        j[0].key = NULL;
        j[1].key = &unset;
        j[2].iv = NULL;
        j[3].iv_len = 0;
        j[4].tag_len = 3;
        j[5].out = NULL;
        j[6].in = o[s][6] + 1; /* overlaps out other than exactly */
        j[7].tag = o[s][7] + 8;  /* the tag inside out */
        /* j[8] is fine */
    }
    for (int enc = 1; enc >= 0; enc--) {
        karx_status sa = enc ? karx_gcm_seal_jobs(a, 9) : karx_gcm_open_jobs(a, 9);
        karx_status sb = emul_gcm(b, 9, enc);
        CHECK(sa == sb, "bad jobs (%s): returns %d vs %d", enc ? "seal" : "open", (int)sa, (int)sb);
        for (int i = 0; i < 9; i++) {
            CHECK(a[i].status == b[i].status, "bad job %d (%s): status %d vs %d", i,
                  enc ? "seal" : "open", (int)a[i].status, (int)b[i].status);
            if (i < 8 && i != 6 && i != 7)
                CHECK(o[1][i][0] == 0x77 && o[1][i][39] == 0x77, "bad job %d: nothing written", i);
        }
        CHECK(b[8].status == (enc ? KARX_OK : KARX_ERR_AUTHENTICATION), "the good job");
    }
}

/* ---- CTR ---- */

static void ctr_batch(size_t n, int round)
{
    static karx_ctr_job a[MAXJOBS], b[MAXJOBS];
    static uint8_t keys[MAXJOBS][32], ctrs[2][MAXJOBS][16];
    static const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192, KARX_CIPHER_LEA256,
                                           KARX_CIPHER_HIGHT, KARX_CIPHER_CHAM64_128,
                                           KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256,
                                           KARX_CIPHER_ARIA256};
    for (size_t i = 0; i < n; i++) {
        karx_ctr_job j;
        memset(&j, 0, sizeof j);
        j.alg = algs[t_rand64() % 8];
        j.key_len = karx_cipher_key_bytes(j.alg);
        t_fill(keys[i], j.key_len);
        j.key = keys[i];
        size_t bb = karx_cipher_block_bytes(j.alg);
        t_fill(ctrs[0][i], bb);
        if (t_rand64() % 3 == 0) { /* low bytes about to carry (over 32 bits at most) */
            size_t k = 1 + t_rand64() % 5;
            memset(ctrs[0][i] + bb - k, 0xff, k);
        }
        memcpy(ctrs[1][i], ctrs[0][i], bb);
        size_t r = t_rand64() % 4;
        j.len = r == 0 ? t_rand64() % 20 : r == 1 ? 64 : t_rand64() % MAXLEN;
        t_fill(plain[i], j.len);
        int inplace = t_rand64() % 3 == 0;
        a[i] = j;
        b[i] = j;
        a[i].ctr = ctrs[0][i];
        b[i].ctr = ctrs[1][i];
        a[i].out = bufs[0][i];
        b[i].out = bufs[1][i];
        t_twin_io(plain[i], j.len, inplace, a[i].out, b[i].out, &a[i].in, &b[i].in);
    }
    (void)karx_ctr_jobs(a, n);
    (void)emul_ctr(b, n);
    for (size_t i = 0; i < n; i++) {
        size_t bb = karx_cipher_block_bytes(a[i].alg);
        if (a[i].alg == KARX_CIPHER_ARIA256) {
            CHECK(b[i].status == KARX_ERR_UNSUPPORTED, "ctr round %d job %zu: ARIA unsupported", round, i);
            continue;
        }
        CHECK(a[i].status == b[i].status, "ctr round %d job %zu status %d vs %d", round, i,
              (int)a[i].status, (int)b[i].status);
        CHECK(memcmp(a[i].out, b[i].out, a[i].len) == 0, "ctr round %d job %zu (alg %d len %zu) output",
              round, i, (int)a[i].alg, a[i].len);
        CHECK(memcmp(a[i].ctr, b[i].ctr, bb) == 0, "ctr round %d job %zu counter", round, i);
    }
}

static void ctr_bad(void)
{
    static karx_ctr_job a[6], b[6];
    static uint8_t key[32], ctr[2][6][16], o[2][6][64], in[64];
    for (int s = 0; s < 2; s++) {
        karx_ctr_job *j = s ? b : a;
        for (int i = 0; i < 6; i++) {
            memset(&j[i], 0, sizeof j[i]);
            j[i].alg = KARX_CIPHER_LEA128;
            j[i].key = key;
            j[i].key_len = 16;
            j[i].ctr = ctr[s][i];
            memset(ctr[s][i], 0, 16);
            j[i].in = in;
            j[i].out = o[s][i];
            j[i].len = 40;
        }
        j[0].alg = (karx_cipher_alg)99;
        j[1].key = NULL;
        j[2].key_len = 15;
        memset(ctr[s][3], 0xff, 16); /* 3 blocks from all-ones: past it */
        j[4].ctr = o[s][4] + 4;      /* the counter inside out */
    }
    karx_status sa = karx_ctr_jobs(a, 6), sb = emul_ctr(b, 6);
    CHECK(sa == sb, "ctr bad jobs: returns %d vs %d", (int)sa, (int)sb);
    for (int i = 0; i < 6; i++)
        CHECK(a[i].status == b[i].status, "ctr bad job %d: status %d vs %d", i, (int)a[i].status,
              (int)b[i].status);
    CHECK(b[5].status == KARX_OK && memcmp(o[0][5], o[1][5], 40) == 0, "ctr: the good job");
}

/* ---- the public calls without a device ---- */

static void no_device(void)
{
    karx_gcm_job gj[3];
    karx_ctr_job cj[2];
    memset(gj, 0, sizeof gj);
    memset(cj, 0, sizeof cj);
    gj[0].status = cj[0].status = KARX_OK;
    CHECK(karx_gpu_gcm_seal_jobs(NULL, gj, 3) == KARX_ERR_NO_DEVICE, "seal jobs without a handle");
    for (int i = 0; i < 3; i++)
        CHECK(gj[i].status == KARX_ERR_NO_DEVICE, "seal job %d: no device", i);
    CHECK(karx_gpu_gcm_open_jobs(NULL, gj, 3) == KARX_ERR_NO_DEVICE, "open jobs without a handle");
    CHECK(karx_gpu_ctr_jobs(NULL, cj, 2) == KARX_ERR_NO_DEVICE, "ctr jobs without a handle");
    CHECK(cj[0].status == KARX_ERR_NO_DEVICE && cj[1].status == KARX_ERR_NO_DEVICE, "ctr job statuses");
    CHECK(karx_gpu_gcm_seal_jobs(NULL, gj, 0) == KARX_OK, "n = 0");
    CHECK(karx_gpu_ctr_jobs(NULL, NULL, 0) == KARX_OK, "n = 0, jobs NULL");
    CHECK(karx_gpu_gcm_open_jobs(NULL, NULL, 1) == KARX_ERR_ARGUMENT, "jobs NULL");
    CHECK(karx_gpu_ctr_jobs(NULL, NULL, 1) == KARX_ERR_ARGUMENT, "ctr jobs NULL");
}

/* Approved mode refuses the GPU job calls (the GPU kernels are not self-tested) before any job
 * is looked at: every job gets KARX_ERR_NOT_APPROVED. A handle cannot be opened in approved mode
 * (karx_gpu_open refuses), so the refusal is checked with a stand-in handle the calls never
 * reach. */
static void approved(void)
{
    if (karx_set_approved_mode(1) != KARX_OK) {
        printf("approved mode not available: refusal not checked here\n");
        return;
    }
    static int not_a_handle;
    karx_gpu *fake = (karx_gpu *)(void *)&not_a_handle;
    karx_gcm_job gj[2];
    karx_ctr_job cj[2];
    memset(gj, 0, sizeof gj);
    memset(cj, 0, sizeof cj);
    CHECK(karx_gpu_gcm_seal_jobs(fake, gj, 2) == KARX_ERR_NOT_APPROVED, "approved: seal jobs refused");
    CHECK(gj[0].status == KARX_ERR_NOT_APPROVED && gj[1].status == KARX_ERR_NOT_APPROVED, "approved: statuses");
    CHECK(karx_gpu_gcm_open_jobs(fake, gj, 2) == KARX_ERR_NOT_APPROVED, "approved: open jobs refused");
    CHECK(karx_gpu_ctr_jobs(fake, cj, 2) == KARX_ERR_NOT_APPROVED, "approved: ctr jobs refused");
    CHECK(cj[1].status == KARX_ERR_NOT_APPROVED, "approved: ctr statuses");
    karx_gpu *g = NULL;
    CHECK(karx_gpu_open(&g, 0) != KARX_OK && g == NULL, "approved: no handle opens");
    CHECK(karx_set_approved_mode(0) == KARX_OK, "approved mode off");
}

int main(void)
{
    t_seed_from_env();
    for (int i = 0; i < NKEYS; i++) {
        uint8_t k[32];
        karx_cipher_alg alg = i >= NKEYS - 2 ? KARX_CIPHER_ARIA128 : gcm_algs[i % 5];
        t_fill(k, sizeof k);
        CHECK(karx_gcm_set_key(&gkeys[i], alg, k, karx_cipher_key_bytes(alg)) == KARX_OK, "key %d", i);
    }
    const size_t sizes[] = {1, 2, 15, 16, 17, 33, 64, MAXJOBS};
    for (int round = 0; round < 40; round++)
        gcm_batch(sizes[round % 8], round % 5 == 4, round);
    gcm_bad();
    for (int round = 0; round < 40; round++)
        ctr_batch(sizes[round % 8], round);
    ctr_bad();
    no_device();
    approved();
    return t_finish("gpu_jobs_core");
}
