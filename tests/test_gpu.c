/* The GPU API through the public header.
 *   test_gpu api     every machine: statuses without a device (or without CUDA), misuse
 *   test_gpu device  needs a CUDA device (exit 77 = skipped without one): GPU digests equal the
 *                    CPU's on random batches (n = 1, 31, 32, 33, 1023, 2^20; odd lengths; every
 *                    variant; equal-length, offsets and device-pointer forms; pinned and pageable
 *                    host memory; several launch shapes and chunk sizes), and bad input.
 *                    Record jobs (karx_gpu_gcm_seal_jobs / open_jobs, karx_gpu_ctr_jobs) equal
 *                    the CPU job calls on random mixes (ciphers, key sizes, IVs, AAD, lengths,
 *                    tags, in place, forged tags, bad jobs), and approved mode refuses them.
 *   test_gpu small   the device test cut to a few cases (for compute-sanitizer). */
#include <karx/cipher.h>
#include <karx/drbg.h>
#include <karx/gcm.h>
#include <karx/gpu.h>
#include <karx/lsh.h>
#include <karx/registry.h>
#include <karx/selftest.h>

#include "test_util.h"

#ifndef KARX_EXPECT_CUDA
#define KARX_EXPECT_CUDA 0
#endif

static const karx_lsh_alg algs[] = {KARX_LSH256_224, KARX_LSH256_256, KARX_LSH512_224,
                                    KARX_LSH512_256, KARX_LSH512_384, KARX_LSH512_512};

static karx_status gpu_many(karx_gpu *g, karx_lsh_alg a, uint8_t *out, const void *in, size_t len, size_t n)
{
    size_t d = karx_lsh_digest_bytes(a);
    return karx_lsh_block_bytes(a) == 128 ? karx_gpu_lsh256_many(g, out, d, in, len, n)
                                          : karx_gpu_lsh512_many(g, out, d, in, len, n);
}

/* The GPU job calls on g (NULL: no handle) with n_gcm zeroed GCM jobs and one CTR job: each call
 * returns want, and the last job of each batch carries it as its status. */
static void jobs_refused(karx_gpu *g, size_t n_gcm, karx_status want, const char *why)
{
    karx_gcm_job gj[2];
    karx_ctr_job cj[1];
    memset(gj, 0, sizeof gj);
    memset(cj, 0, sizeof cj);
    CHECK(karx_gpu_gcm_seal_jobs(g, gj, n_gcm) == want && gj[n_gcm - 1].status == want,
          "%s: gcm seal jobs refused", why);
    CHECK(karx_gpu_gcm_open_jobs(g, gj, n_gcm) == want, "%s: gcm open jobs refused", why);
    CHECK(karx_gpu_ctr_jobs(g, cj, 1) == want && cj[0].status == want, "%s: ctr jobs refused", why);
}

static void test_api(void)
{
    int count = -1;
    CHECK(karx_gpu_built() == KARX_EXPECT_CUDA, "built with CUDA = %d", karx_gpu_built());
    CHECK(karx_gpu_device_count(NULL) == KARX_ERR_ARGUMENT, "count NULL");
    CHECK(karx_gpu_device_count(&count) == KARX_OK && count >= 0, "count");
    CHECK(karx_gpu_open(NULL, 0) == KARX_ERR_ARGUMENT, "open NULL");
    karx_gpu *g = (karx_gpu *)1;
    if (count == 0) {
        CHECK(karx_gpu_open(&g, 0) == KARX_ERR_NO_DEVICE && g == NULL, "open without a device");
        CHECK(karx_gpu_open_error()[0] != 0, "open error text");
        printf("no CUDA device: %s\n", karx_gpu_open_error());
    } else {
        CHECK(karx_gpu_open(&g, count) == KARX_ERR_ARGUMENT && g == NULL, "open past the last device");
        CHECK(karx_gpu_open(&g, -1) == KARX_ERR_ARGUMENT && g == NULL, "open device -1");
    }
    /* Calls without a handle report the missing device, never crash. */
    uint8_t out[64], in[64] = {0};
    CHECK(karx_gpu_lsh256_many(NULL, out, 32, in, 64, 1) == KARX_ERR_NO_DEVICE, "many without handle");
    CHECK(karx_gpu_lsh512_many(NULL, out, 64, in, 64, 1) == KARX_ERR_NO_DEVICE, "many without handle");
    size_t offs[2] = {0, 64};
    CHECK(karx_gpu_lsh256_many_offsets(NULL, out, 32, in, offs, 1) == KARX_ERR_NO_DEVICE, "offsets");
    CHECK(karx_gpu_lsh512_many_device(NULL, out, 64, in, 64, 1) == KARX_ERR_NO_DEVICE, "device form");
    CHECK(karx_gpu_lsh_many(NULL, KARX_LSH512_256, out, 32, in, 64, 1) == KARX_ERR_NO_DEVICE, "by id");
    karx_cipher_key k;
    uint8_t key[16] = {0}, ctr[16] = {0};
    karx_cipher_set_key(&k, KARX_CIPHER_LEA128, key, 16);
    CHECK(karx_gpu_ctr_xor(NULL, &k, ctr, out, in, 64) == KARX_ERR_NO_DEVICE, "ctr without handle");
    CHECK(karx_gpu_ecb_encrypt(NULL, &k, out, in, 64) == KARX_ERR_NO_DEVICE, "ecb without handle");
    CHECK(karx_gpu_ctr_xor_many(NULL, KARX_CIPHER_LEA128, key, 16, ctr, out, in, 64, 1) == KARX_ERR_NO_DEVICE,
          "many without handle");
    karx_ctr_drbg d;
    memset(&d, 0, sizeof d);
    CHECK(karx_gpu_ctr_drbg_generate(NULL, &d, out, 64, NULL, 0) == KARX_ERR_NO_DEVICE, "drbg without handle");
    karx_gpu_close(NULL);
    jobs_refused(NULL, 2, KARX_ERR_NO_DEVICE, "without handle");
}

/* Equal lengths from pageable memory at an odd offset, against karx_lsh*_many. */
static void cmp_equal(karx_gpu *g, karx_lsh_alg a, size_t n, size_t len, size_t off)
{
    size_t d = karx_lsh_digest_bytes(a);
    uint8_t *in = malloc(n * len + off + 1), *got = malloc(n * d), *want = malloc(n * d);
    if (!in || !got || !want) {
        CHECK(0, "out of memory");
        goto done;
    }
    t_fill(in, n * len + off + 1);
    CHECK(gpu_many(g, a, got, in + off, len, n) == KARX_OK, "gpu many: %s", karx_gpu_last_error(g));
    CHECK(karx_lsh_many(a, want, n * d, in + off, len, n) == KARX_OK, "cpu many");
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += memcmp(got + i * d, want + i * d, d) != 0;
    CHECK(bad == 0, "%s n=%zu len=%zu off=%zu: %zu digests differ", karx_lsh_alg_name(a), n, len, off, bad);
done:
    free(in);
    free(got);
    free(want);
}

static void cmp_offsets(karx_gpu *g, karx_lsh_alg a, size_t n, size_t maxlen)
{
    size_t d = karx_lsh_digest_bytes(a), *offs = malloc((n + 1) * sizeof *offs), pos = 3;
    const uint8_t **ptrs = malloc(n * sizeof *ptrs);
    size_t *lens = malloc(n * sizeof *lens);
    for (size_t i = 0; i <= n; i++) {
        offs[i] = pos;
        if (i < n)
            pos += (size_t)(t_rand64() % (maxlen + 1));
    }
    uint8_t *buf = malloc(pos + 1), *got = malloc(n * d), *want = malloc(n * d);
    t_fill(buf, pos + 1);
    for (size_t i = 0; i < n; i++) {
        ptrs[i] = buf + offs[i];
        lens[i] = offs[i + 1] - offs[i];
    }
    karx_status st = karx_lsh_block_bytes(a) == 128
                         ? karx_gpu_lsh256_many_offsets(g, got, d, buf, offs, n)
                         : karx_gpu_lsh512_many_offsets(g, got, d, buf, offs, n);
    CHECK(st == KARX_OK, "gpu offsets: %s", karx_gpu_last_error(g));
    CHECK(karx_lsh_many_ptrs(a, want, n * d, ptrs, lens, n) == KARX_OK, "cpu ptrs");
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += memcmp(got + i * d, want + i * d, d) != 0;
    CHECK(bad == 0, "%s offsets n=%zu: %zu digests differ", karx_lsh_alg_name(a), n, bad);
    free(offs);
    free(ptrs);
    free(lens);
    free(buf);
    free(got);
    free(want);
}

/* Device-pointer forms and pinned host memory. */
static void cmp_device(karx_gpu *g, karx_lsh_alg a, size_t n, size_t len)
{
    size_t d = karx_lsh_digest_bytes(a);
    void *d_in = NULL, *d_out = NULL, *h_in = NULL, *h_out = NULL;
    uint8_t *want = malloc(n * d + 1);
    CHECK(karx_gpu_malloc(g, &d_in, n * len + 1) == KARX_OK, "malloc in");
    CHECK(karx_gpu_malloc(g, &d_out, n * d) == KARX_OK, "malloc out");
    CHECK(karx_gpu_host_alloc(g, &h_in, n * len + 1) == KARX_OK, "pinned in");
    CHECK(karx_gpu_host_alloc(g, &h_out, n * d) == KARX_OK, "pinned out");
    if (!d_in || !d_out || !h_in || !h_out || !want)
        goto done;
    t_fill(h_in, n * len + 1);
    CHECK(karx_lsh_many(a, want, n * d, h_in, len, n) == KARX_OK, "cpu");
    CHECK(karx_gpu_memcpy_htod(g, d_in, h_in, n * len + 1) == KARX_OK, "htod");
    karx_status st = karx_lsh_block_bytes(a) == 128
                         ? karx_gpu_lsh256_many_device(g, d_out, d, d_in, len, n)
                         : karx_gpu_lsh512_many_device(g, d_out, d, d_in, len, n);
    CHECK(st == KARX_OK, "device form: %s", karx_gpu_last_error(g));
    memset(h_out, 0, n * d);
    CHECK(karx_gpu_memcpy_dtoh(g, h_out, d_out, n * d) == KARX_OK, "dtoh");
    CHECK(memcmp(h_out, want, n * d) == 0, "%s device form n=%zu len=%zu", karx_lsh_alg_name(a), n, len);
    /* Pinned host memory goes straight to the copy engine. */
    memset(h_out, 0, n * d);
    CHECK(gpu_many(g, a, h_out, h_in, len, n) == KARX_OK, "pinned many");
    CHECK(memcmp(h_out, want, n * d) == 0, "%s pinned n=%zu len=%zu", karx_lsh_alg_name(a), n, len);
    /* Unaligned device input (message starts off a word boundary). */
    CHECK(karx_lsh_many(a, want, n * d, (uint8_t *)h_in + 1, len, n) == KARX_OK, "cpu");
    st = karx_lsh_block_bytes(a) == 128 ? karx_gpu_lsh256_many_device(g, d_out, d, (uint8_t *)d_in + 1, len, n)
                                        : karx_gpu_lsh512_many_device(g, d_out, d, (uint8_t *)d_in + 1, len, n);
    CHECK(st == KARX_OK, "unaligned device form");
    CHECK(karx_gpu_memcpy_dtoh(g, h_out, d_out, n * d) == KARX_OK, "dtoh");
    CHECK(memcmp(h_out, want, n * d) == 0, "%s unaligned device input", karx_lsh_alg_name(a));
done:
    karx_gpu_free(g, d_in);
    karx_gpu_free(g, d_out);
    karx_gpu_host_free(g, h_in);
    karx_gpu_host_free(g, h_out);
    free(want);
}

static void bad_input(karx_gpu *g)
{
    uint8_t in[64] = {0}, out[64];
    size_t offs[3] = {0, 40, 20};
    CHECK(karx_gpu_lsh256_many(g, out, 32, in, 64, 0) == KARX_OK, "n = 0");
    CHECK(karx_gpu_lsh256_many(g, NULL, 32, in, 64, 1) == KARX_ERR_ARGUMENT, "NULL out");
    CHECK(karx_gpu_lsh256_many(g, out, 32, NULL, 64, 1) == KARX_ERR_ARGUMENT, "NULL in");
    CHECK(karx_gpu_lsh256_many(g, out, 48, in, 64, 1) == KARX_ERR_OUTPUT_LENGTH, "bad digest length");
    CHECK(karx_gpu_lsh512_many(g, out, 20, in, 64, 1) == KARX_ERR_OUTPUT_LENGTH, "bad digest length");
    CHECK(karx_gpu_lsh512_many(g, out, 64, in, KARX_GPU_MAX_MSG_BYTES + 1, 1) == KARX_ERR_DATA_LENGTH,
          "message too long");
    CHECK(karx_gpu_lsh512_many(g, out, 64, in, SIZE_MAX / 2, 4) == KARX_ERR_DATA_LENGTH, "overflow");
    CHECK(karx_gpu_lsh256_many_offsets(g, out, 32, in, offs, 2) == KARX_ERR_ARGUMENT, "offsets decrease");
    CHECK(karx_gpu_lsh_many(g, KARX_LSH512_384, out, 32, in, 64, 1) == KARX_ERR_OUTPUT_LENGTH, "by id length");
    void *d = NULL;
    CHECK(karx_gpu_malloc(g, &d, 256) == KARX_OK, "malloc");
    CHECK(karx_gpu_lsh256_many_device(g, (uint8_t *)d + 1, 32, d, 8, 1) == KARX_ERR_ARGUMENT, "unaligned d_out");
    CHECK(karx_gpu_lsh256_many_offsets_device(g, d, 32, d, NULL, 1) == KARX_ERR_ARGUMENT, "NULL d_offsets");
    karx_gpu_free(g, d);
    /* Ciphers: no key set, an id no cipher has. */
    karx_cipher_key none;
    uint8_t ctr[16] = {0};
    memset(&none, 0, sizeof none);
    CHECK(karx_gpu_ctr_xor(g, &none, ctr, out, in, 16) == KARX_ERR_STATE, "ctr without a key");
    CHECK(karx_gpu_ecb_encrypt_device(g, &none, NULL, NULL, 16) == KARX_ERR_STATE, "ecb without a key");
    CHECK(karx_gpu_ctr_xor_many(g, (karx_cipher_alg)0x7f, in, 16, ctr, out, in, 16, 1) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "many-key unknown cipher");
    karx_gpu_config bad = {33, 0, 0};
    CHECK(karx_gpu_configure(g, &bad) == KARX_ERR_ARGUMENT, "threads not a multiple of 32");
    karx_gpu_config bad2 = {0, KARX_GPU_MAX_STREAMS + 1, 0};
    CHECK(karx_gpu_configure(g, &bad2) == KARX_ERR_ARGUMENT, "too many streams");
    /* Out of device memory: a clear status, and the handle stays usable. */
    void *huge = NULL; /* 2^50 bytes (SIZE_MAX where size_t is 32 bits: armhf) */
    const size_t huge_bytes = sizeof(size_t) >= 8 ? (size_t)((uint64_t)1 << 50) : SIZE_MAX;
    CHECK(karx_gpu_malloc(g, &huge, huge_bytes) == KARX_ERR_NO_MEMORY && huge == NULL, "huge malloc");
    CHECK(karx_gpu_last_error(g)[0] != 0, "error text");
    cmp_equal(g, KARX_LSH256_256, 33, 64, 0);
}


/* ---- ciphers on the device ---- */

static void cmp_cipher(karx_gpu *g, karx_cipher_alg alg, size_t len)
{
    const char *name = karx_cipher_name(alg);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg);
    uint8_t raw[32], ctr[16], c1[16], c2[16];
    uint8_t *in = malloc(len + 1), *a = malloc(len + 1), *b = malloc(len + 1);
    karx_cipher_key k;
    t_fill(raw, sizeof raw);
    t_fill(in, len + 1);
    karx_cipher_set_key(&k, alg, raw, kl);
    for (int t = 0; t < 3; t++) {
        t_fill(ctr, bl);
        if (t == 1)
            memset(ctr + bl / 2, 0xff, bl / 2 - 1); /* carries across the halves */
        if (t == 2) {
            memset(ctr, 0xff, bl);
            ctr[0] = 0x7f;
        }
        memcpy(c1, ctr, bl);
        memcpy(c2, ctr, bl);
        CHECK(karx_ctr_xor(&k, c1, a, in + 1, len) == KARX_OK, "cpu ctr");
        CHECK(karx_gpu_ctr_xor(g, &k, c2, b, in + 1, len) == KARX_OK, "gpu ctr: %s", karx_gpu_last_error(g));
        CHECK(memcmp(a, b, len) == 0 && memcmp(c1, c2, bl) == 0, "%s CTR len %zu t %d", name, len, t);
        memcpy(c2, ctr, bl); /* keystream only = CTR over zeros */
        memset(a, 0, len);
        memcpy(c1, ctr, bl);
        karx_ctr_xor(&k, c1, a, a, len);
        CHECK(karx_gpu_ctr_xor(g, &k, c2, b, NULL, len) == KARX_OK, "gpu keystream");
        CHECK(memcmp(a, b, len) == 0, "%s keystream len %zu", name, len);
    }
    size_t whole = len - len % bl;
    CHECK(karx_ecb_encrypt(&k, a, in, whole) == KARX_OK, "cpu ecb");
    CHECK(karx_gpu_ecb_encrypt(g, &k, b, in, whole) == KARX_OK, "gpu ecb");
    CHECK(memcmp(a, b, whole) == 0, "%s ECB encrypt", name);
    CHECK(karx_gpu_ecb_decrypt(g, &k, b, a, whole) == KARX_OK, "gpu ecb dec");
    CHECK(memcmp(in, b, whole) == 0, "%s ECB decrypt", name);
    /* Device forms. */
    void *d_in = NULL, *d_out = NULL;
    if (karx_gpu_malloc(g, &d_in, len + 1) == KARX_OK && karx_gpu_malloc(g, &d_out, len + 1) == KARX_OK) {
        karx_gpu_memcpy_htod(g, d_in, in, len);
        memcpy(c1, ctr, bl);
        memcpy(c2, ctr, bl);
        karx_ctr_xor(&k, c1, a, in, len);
        CHECK(karx_gpu_ctr_xor_device(g, &k, c2, d_out, d_in, len) == KARX_OK, "ctr device");
        karx_gpu_memcpy_dtoh(g, b, d_out, len);
        CHECK(memcmp(a, b, len) == 0 && memcmp(c1, c2, bl) == 0, "%s CTR device form", name);
        karx_ecb_encrypt(&k, a, in, whole);
        CHECK(karx_gpu_ecb_encrypt_device(g, &k, d_out, d_in, whole) == KARX_OK, "ecb device");
        karx_gpu_memcpy_dtoh(g, b, d_out, whole);
        CHECK(memcmp(a, b, whole) == 0, "%s ECB device form", name);
    }
    karx_gpu_free(g, d_in);
    karx_gpu_free(g, d_out);
    /* Counter exhaustion: refused before anything is written, counter unchanged. */
    memset(ctr, 0xff, bl);
    ctr[bl - 1] = 0xfe; /* two blocks left */
    memcpy(c2, ctr, bl);
    memset(b, 0xAB, 3 * bl);
    CHECK(karx_gpu_ctr_xor(g, &k, c2, b, in, 3 * bl) == KARX_ERR_COUNTER_OVERFLOW, "%s overflow", name);
    CHECK(memcmp(c2, ctr, bl) == 0 && b[0] == 0xAB, "overflow changes nothing");
    CHECK(karx_gpu_ctr_xor(g, &k, c2, b, in, 2 * bl) == KARX_OK, "last two blocks");
    CHECK(karx_gpu_ecb_encrypt(g, &k, b, in, bl + 1) == KARX_ERR_DATA_LENGTH, "ecb partial block");
    karx_cipher_key_wipe(&k);
    free(in);
    free(a);
    free(b);
}

static void cmp_many(karx_gpu *g, karx_cipher_alg alg, size_t n, size_t rec_len, int use_offsets)
{
    const char *name = karx_cipher_name(alg);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg);
    size_t *offs = malloc((n + 1) * sizeof *offs);
    offs[0] = 5;
    for (size_t i = 0; i < n; i++)
        offs[i + 1] = offs[i] + (use_offsets ? (size_t)(t_rand64() % (2 * rec_len + 1)) : rec_len);
    size_t total = offs[n] + 1;
    uint8_t *keys = malloc(n * kl), *ctrs = malloc(n * bl), *ctrs2 = malloc(n * bl);
    uint8_t *in = malloc(total), *a = malloc(total), *b = malloc(total);
    t_fill(keys, n * kl);
    t_fill(ctrs, n * bl);
    t_fill(in, total);
    memcpy(ctrs2, ctrs, n * bl);
    memset(a, 0, total);
    memset(b, 0, total);
    for (size_t i = 0; i < n; i++) {
        karx_cipher_key k;
        karx_cipher_set_key(&k, alg, keys + i * kl, kl);
        karx_ctr_xor(&k, ctrs + i * bl, a + offs[i], in + offs[i], offs[i + 1] - offs[i]);
    }
    karx_status st = use_offsets
                         ? karx_gpu_ctr_xor_many_offsets(g, alg, keys, kl, ctrs2, b, in, offs, n)
                         : karx_gpu_ctr_xor_many(g, alg, keys, kl, ctrs2, b + offs[0], in + offs[0], rec_len, n);
    CHECK(st == KARX_OK, "many: %s %s", karx_strerror(st), karx_gpu_last_error(g));
    CHECK(memcmp(a + offs[0], b + offs[0], offs[n] - offs[0]) == 0 && memcmp(ctrs, ctrs2, n * bl) == 0,
          "%s many-key n=%zu rec %zu offsets %d", name, n, rec_len, use_offsets);
    CHECK(karx_gpu_ctr_xor_many(g, alg, keys, kl + 1, ctrs2, b, in, rec_len, n) == KARX_ERR_KEY_LENGTH,
          "wrong key length");
    memset(ctrs2 + (n / 2) * bl, 0xff, bl); /* one record's counter is spent */
    CHECK(karx_gpu_ctr_xor_many(g, alg, keys, kl, ctrs2, b, in, rec_len ? rec_len : 1, n) ==
              KARX_ERR_COUNTER_OVERFLOW, "one record's counter exhausted");
    free(offs);
    t_free_n(6, (void *[]){keys, ctrs, ctrs2, in, a, b});
}

static void cmp_drbg(karx_gpu *g, karx_cipher_alg alg)
{
    const char *name = karx_cipher_name(alg);
    uint8_t ent[48], nonce[16], add[24];
    t_fill(ent, sizeof ent);
    t_fill(nonce, sizeof nonce);
    t_fill(add, sizeof add);
    karx_ctr_drbg c, d;
    karx_ctr_drbg_instantiate(&c, alg, KARX_DRBG_USE_DF, ent, 32, nonce, sizeof nonce, NULL, 0);
    d = c;
    size_t len = 20 * KARX_CTR_DRBG_MAX_REQUEST_BYTES + 777;
    uint8_t *a = malloc(len), *b = malloc(len);
    for (size_t off = 0; off < len; off += KARX_CTR_DRBG_MAX_REQUEST_BYTES) {
        size_t n = len - off < KARX_CTR_DRBG_MAX_REQUEST_BYTES ? len - off : KARX_CTR_DRBG_MAX_REQUEST_BYTES;
        karx_ctr_drbg_generate(&c, a + off, n, add, sizeof add);
    }
    CHECK(karx_gpu_ctr_drbg_generate(g, &d, b, len, add, sizeof add) == KARX_OK, "gpu drbg: %s", karx_gpu_last_error(g));
    CHECK(memcmp(a, b, len) == 0 && memcmp(c.v, d.v, sizeof c.v) == 0, "%s DRBG bulk", name);
    /* Many instances, one call each. */
    enum { N = 300, L = 1000 };
    karx_ctr_drbg *cs = malloc(N * sizeof *cs), *ds = malloc(N * sizeof *ds);
    karx_ctr_drbg **dp = malloc(N * sizeof *dp);
    for (size_t i = 0; i < N; i++) {
        ent[0] = (uint8_t)i;
        ent[1] = (uint8_t)(i >> 8);
        karx_ctr_drbg_instantiate(&cs[i], alg, KARX_DRBG_USE_DF, ent, 32, nonce, sizeof nonce, NULL, 0);
        ds[i] = cs[i];
        dp[i] = &ds[i];
        karx_ctr_drbg_generate(&cs[i], a + i * L, L, NULL, 0);
    }
    CHECK(karx_gpu_ctr_drbg_generate_many(g, dp, N, b, L, NULL, NULL) == KARX_OK, "gpu drbg many");
    CHECK(memcmp(a, b, (size_t)N * L) == 0, "%s DRBG many instances", name);
    karx_ctr_drbg_set_reseed_interval(&ds[7], ds[7].reseed_counter - 1);
    CHECK(karx_gpu_ctr_drbg_generate_many(g, dp, N, b, L, NULL, NULL) == KARX_ERR_RESEED_REQUIRED,
          "one instance needs a reseed");
    free(cs);
    free(ds);
    free(dp);
    free(a);
    free(b);
}


/* ---- record jobs on the device: the GPU job calls against the CPU job calls ---- */

#define JMAX 600
#define JLEN 3000
static karx_gcm_key jkeys[8];
static uint8_t jin[JMAX][JLEN], jout[2][JMAX][JLEN], jiv[JMAX][60], jaad[JMAX][200], jtag[2][JMAX][16],
    jkey[JMAX][32], jctr[2][JMAX][16];

static void cmp_gcm_jobs(karx_gpu *g, size_t n)
{
    static karx_gcm_job a[JMAX], b[JMAX];
    static const size_t ivl[] = {12, 12, 16, 7};
    for (size_t i = 0; i < n; i++) {
        karx_gcm_job j;
        memset(&j, 0, sizeof j);
        j.key = &jkeys[t_rand64() % 8];
        j.iv_len = ivl[t_rand64() % 4];
        t_fill(jiv[i], j.iv_len);
        j.iv = jiv[i];
        j.aad_len = t_rand64() % 3 ? 13 : t_rand64() % 200;
        t_fill(jaad[i], j.aad_len);
        j.aad = jaad[i];
        size_t r = t_rand64() % 6;
        j.len = r == 0 ? 0 : r == 1 ? 64 : r == 2 ? 576 : r == 3 ? 1500 : t_rand64() % JLEN;
        t_fill(jin[i], j.len);
        j.tag_len = t_rand64() % 3 ? 16 : 12 + t_rand64() % 4;
        int inplace = t_rand64() % 3 == 0;
        a[i] = b[i] = j;
        a[i].out = jout[0][i];
        b[i].out = jout[1][i];
        t_twin_io(jin[i], j.len, inplace, a[i].out, b[i].out, &a[i].in, &b[i].in);
        a[i].tag = jtag[0][i];
        b[i].tag = jtag[1][i];
    }
    karx_status sa = karx_gcm_seal_jobs(a, n), sb = karx_gpu_gcm_seal_jobs(g, b, n);
    CHECK(sa == KARX_OK && sb == KARX_OK, "gcm seal jobs n=%zu: %d %d (%s)", n, (int)sa, (int)sb,
          karx_gpu_last_error(g));
    for (size_t i = 0; i < n; i++)
        CHECK(b[i].status == a[i].status && memcmp(a[i].out, b[i].out, a[i].len) == 0 &&
                  memcmp(a[i].tag, b[i].tag, a[i].tag_len) == 0,
              "gcm seal job %zu of %zu (len %zu aad %zu iv %zu)", i, n, a[i].len, a[i].aad_len, a[i].iv_len);
    for (size_t i = 0; i < n; i++) {
        memcpy(jin[i], a[i].out, a[i].len);
        a[i].in = jin[i];
        b[i].in = jin[i];
        memset(b[i].out, 0x5a, b[i].len);
        if (t_rand64() % 5 == 0) { /* forged */
            a[i].tag[0] ^= 4;
            b[i].tag[0] ^= 4;
        }
    }
    sa = karx_gcm_open_jobs(a, n);
    sb = karx_gpu_gcm_open_jobs(g, b, n);
    CHECK(sa == sb, "gcm open jobs n=%zu: %d %d", n, (int)sa, (int)sb);
    for (size_t i = 0; i < n; i++)
        CHECK(b[i].status == a[i].status && memcmp(a[i].out, b[i].out, a[i].len) == 0,
              "gcm open job %zu of %zu: status %d vs %d", i, n, (int)a[i].status, (int)b[i].status);
}

static void cmp_ctr_jobs(karx_gpu *g, size_t n)
{
    static karx_ctr_job a[JMAX], b[JMAX];
    static const karx_cipher_alg calgs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192, KARX_CIPHER_LEA256,
                                           KARX_CIPHER_HIGHT, KARX_CIPHER_CHAM64_128,
                                           KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256};
    for (size_t i = 0; i < n; i++) {
        karx_ctr_job j;
        memset(&j, 0, sizeof j);
        j.alg = calgs[t_rand64() % 7];
        j.key_len = karx_cipher_key_bytes(j.alg);
        t_fill(jkey[i], j.key_len);
        j.key = jkey[i];
        size_t bb = karx_cipher_block_bytes(j.alg);
        t_fill(jctr[0][i], bb);
        if (t_rand64() % 2)
            memset(jctr[0][i] + bb - 3, 0xff, 3);
        memcpy(jctr[1][i], jctr[0][i], bb);
        size_t r = t_rand64() % 4;
        j.len = r == 0 ? t_rand64() % 40 : r == 1 ? 64 : t_rand64() % JLEN;
        t_fill(jin[i], j.len);
        int inplace = t_rand64() % 3 == 0;
        a[i] = b[i] = j;
        a[i].ctr = jctr[0][i];
        b[i].ctr = jctr[1][i];
        a[i].out = jout[0][i];
        b[i].out = jout[1][i];
        t_twin_io(jin[i], j.len, inplace, a[i].out, b[i].out, &a[i].in, &b[i].in);
    }
    karx_status sa = karx_ctr_jobs(a, n), sb = karx_gpu_ctr_jobs(g, b, n);
    CHECK(sa == sb, "ctr jobs n=%zu: %d %d (%s)", n, (int)sa, (int)sb, karx_gpu_last_error(g));
    for (size_t i = 0; i < n; i++)
        CHECK(b[i].status == a[i].status && memcmp(a[i].out, b[i].out, a[i].len) == 0 &&
                  memcmp(a[i].ctr, b[i].ctr, karx_cipher_block_bytes(a[i].alg)) == 0,
              "ctr job %zu of %zu (alg %d len %zu)", i, n, (int)a[i].alg, a[i].len);
}

/* Bad jobs keep the CPU call's statuses on the GPU; ARIA has no GPU kernel. */
static void jobs_bad(karx_gpu *g)
{
    karx_gcm_job a[4], b[4];
    uint8_t iv[12] = {0}, in[32] = {0}, o[2][4][32], t[2][4][16];
    karx_gcm_key aria;
    uint8_t k[16] = {1};
    CHECK(karx_gcm_set_key(&aria, KARX_CIPHER_ARIA128, k, 16) == KARX_OK, "aria key");
    for (int s = 0; s < 2; s++) {
        karx_gcm_job *j = s ? b : a;
        for (int i = 0; i < 4; i++) {
            memset(&j[i], 0, sizeof j[i]);
            j[i].key = &jkeys[0];
            j[i].iv = iv;
            j[i].iv_len = 12;
            j[i].in = in;
            j[i].out = o[s][i];
            j[i].len = 32;
            j[i].tag = t[s][i];
            j[i].tag_len = 16;
        }
        j[0].key = NULL;
        j[1].tag_len = 2;
        j[2].in = o[s][2] + 3;
    }
    karx_gcm_seal_jobs(a, 4);
    karx_gpu_gcm_seal_jobs(g, b, 4);
    for (int i = 0; i < 4; i++)
        CHECK(a[i].status == b[i].status, "bad gcm job %d: %d vs %d", i, (int)a[i].status, (int)b[i].status);
    CHECK(memcmp(o[0][3], o[1][3], 32) == 0 && memcmp(t[0][3], t[1][3], 16) == 0, "the good job");
    b[3].key = &aria;
    CHECK(karx_gpu_gcm_seal_jobs(g, b, 4) == KARX_ERR_ARGUMENT && b[3].status == KARX_ERR_UNSUPPORTED,
          "ARIA jobs: no GPU kernel");
    karx_gcm_key_wipe(&aria);
}

/* Approved mode refuses the GPU job calls on an open handle; off again, they work. */
static void jobs_approved(karx_gpu *g)
{
    if (karx_set_approved_mode(1) != KARX_OK) {
        printf("approved mode not available: refusal not checked\n");
        return;
    }
    jobs_refused(g, 1, KARX_ERR_NOT_APPROVED, "approved");
    CHECK(karx_set_approved_mode(0) == KARX_OK, "approved mode off");
    cmp_ctr_jobs(g, 3);
}

static void test_device_jobs(karx_gpu *g, int small)
{
    static const karx_cipher_alg ga[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192, KARX_CIPHER_LEA256,
                                         KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256};
    for (int i = 0; i < 8; i++) {
        uint8_t k[32];
        t_fill(k, sizeof k);
        karx_cipher_alg alg = ga[i % 5];
        CHECK(karx_gcm_set_key(&jkeys[i], alg, k, karx_cipher_key_bytes(alg)) == KARX_OK, "gcm key");
    }
    static const size_t ns[] = {1, 2, 31, 32, 33, 127, 128, 129, JMAX};
    for (unsigned i = 0; i < (small ? 3u : 9u); i++) {
        cmp_gcm_jobs(g, ns[i]);
        cmp_ctr_jobs(g, ns[i]);
    }
    jobs_bad(g);
    jobs_approved(g);
    for (int i = 0; i < 8; i++)
        karx_gcm_key_wipe(&jkeys[i]);
}

/* Every registered cipher. */
static void test_device_ciphers(karx_gpu *g, int small)
{
    unsigned seen = 0;
    for (size_t i = 0; i < karx_alg_count(); i++) {
        karx_alg_info info;
        if (karx_alg_get(i, &info) != KARX_OK || info.kind != KARX_KIND_CIPHER)
            continue;
        karx_cipher_alg alg = (karx_cipher_alg)info.id;
        karx_cipher_key k;
        uint8_t raw[64] = {0};
        karx_cipher_set_key(&k, alg, raw, info.key_bytes < sizeof raw ? info.key_bytes : sizeof raw);
        if (karx_gpu_ecb_encrypt(g, &k, NULL, NULL, 0) == KARX_ERR_UNSUPPORTED) {
            printf("%s: no GPU kernel\n", info.name); /* test_gpu_cipher_core allows it */
            continue;
        }
        seen++;
        cmp_cipher(g, alg, small ? 1000 : 3 * 1000 * 1000 + 7);
        cmp_many(g, alg, small ? 50 : 5000, 1024, 0);
        cmp_many(g, alg, small ? 50 : 3000, 300, 1);
        if (!small)
            cmp_drbg(g, alg);
    }
    CHECK(seen > 0, "registered ciphers");
}

static int test_device(int small)
{
    int count = 0;
    karx_gpu_device_count(&count);
    if (count == 0) {
        printf("no CUDA device: the GPU comparisons were not run (skipped)\n");
        return 77;
    }
    karx_gpu *g = NULL;
    karx_status st = karx_gpu_open(&g, 0);
    CHECK(st == KARX_OK, "open: %s (%s)", karx_strerror(st), karx_gpu_open_error());
    if (st != KARX_OK)
        return t_finish("gpu_device");
    karx_gpu_info info;
    karx_gpu_get_info(g, &info);
    printf("device %d: %s, sm_%d%d, %d SMs, %d MHz\n", info.device, info.name, info.cc_major,
           info.cc_minor, info.sm_count, info.sm_clock_mhz);
    static const size_t ns[] = {1, 31, 32, 33, 1023};
    for (unsigned a = 0; a < 6; a++) {
        for (unsigned i = 0; i < (small ? 2u : 5u); i++)
            cmp_equal(g, algs[a], ns[i], 1 + 2 * (size_t)(t_rand64() % 300), (size_t)(t_rand64() % 4));
        cmp_equal(g, algs[a], 65, 0, 0);
        cmp_offsets(g, algs[a], small ? 40 : 3000, 700);
        cmp_device(g, algs[a], small ? 33 : 1000, 1 + 2 * (size_t)(t_rand64() % 200));
        if (!small)
            cmp_equal(g, algs[a], (size_t)1 << 20, 64, 1);
    }
    if (!small) {
        /* Launch shapes and chunking: many chunks over every stream count. */
        static const karx_gpu_config shapes[] = {{32, 1, 4096}, {1024, 8, 8192}, {128, 2, 65536},
                                                 {512, 3, 1 << 20}};
        for (unsigned s = 0; s < 4; s++) {
            CHECK(karx_gpu_configure(g, &shapes[s]) == KARX_OK, "configure");
            /* every kernel: 1024 threads per block is more than some can launch (registers) */
            for (unsigned a = 0; a < 6; a++)
                cmp_equal(g, algs[a], 5000, 127 + 2 * a, a % 3);
            cmp_offsets(g, KARX_LSH512_224, 2000, 3000);
            cmp_cipher(g, KARX_CIPHER_LEA128, 100003);
            cmp_cipher(g, KARX_CIPHER_HIGHT, 100003);
            cmp_cipher(g, KARX_CIPHER_CHAM128_256, 100003);
            cmp_many(g, KARX_CIPHER_CHAM64_128, 300, 1024, 0);
            cmp_gcm_jobs(g, 200);
            cmp_ctr_jobs(g, 200);
        }
        cmp_equal(g, KARX_LSH256_256, 3, 200000, 1); /* long messages: a chunk each */
    }
    test_device_ciphers(g, small);
    test_device_jobs(g, small);
    bad_input(g);
    karx_gpu_close(g);
    return t_finish("gpu_device");
}

int main(int argc, char **argv)
{
    t_seed_from_env();
    const char *mode = argc > 1 ? argv[1] : "api";
    if (!strcmp(mode, "device") || !strcmp(mode, "small"))
        return test_device(!strcmp(mode, "small"));
    test_api();
    return t_finish("gpu_api");
}
