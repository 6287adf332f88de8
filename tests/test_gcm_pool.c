/* karx_gcm_seal_pool / karx_gcm_open_pool against karx_gcm_seal / karx_gcm_open: identical
 * ciphertext, tag, plaintext and status for NULL and 1, 2, 3, 7-thread pools; lengths from 0
 * through one and two ranges (64 KiB) to several MiB, ending mid-block or not; random AAD;
 * 12-byte IVs (public counter: the stitched path under avx2) and 16-byte IVs (J0 from GHASH);
 * in place and unaligned; on the best back end and on portable. A flipped tag bit gives
 * KARX_ERR_AUTHENTICATION with the output zero-filled; bad arguments give the serial statuses
 * and write nothing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cpu.h"
#include "karx/gcm.h"
#include "karx/pool.h"
#include "test_util.h"

#define NPOOLS 5
static karx_pool *pools[NPOOLS]; /* NULL, 1, 2, 3, 7 threads */
static const unsigned pool_threads[NPOOLS] = {0, 1, 2, 3, 7};
#define KIB ((size_t)1024)
#define MIB (KIB * KIB)
#define MAXLEN (5 * MIB + 17)

static uint8_t *pt, *ref_ct, *buf;

static void one_length(const karx_gcm_key *gk, size_t len, size_t iv_len, const char *bname)
{
    uint8_t iv[16], aad[100], rtag[16], tag[16];
    size_t aad_len = (size_t)(t_rand64() % sizeof aad);
    t_fill(iv, sizeof iv);
    t_fill(aad, aad_len);
    t_fill(pt, len);
    karx_status st = karx_gcm_seal(gk, iv, iv_len, ref_ct, rtag, 16, pt, len, aad, aad_len);
    CHECK(st == KARX_OK, "serial seal len %zu", len);
    for (int p = 0; p < NPOOLS; p++) {
        int inplace = p % 2; /* in place at +1, else out of place at +3 from pt */
        uint8_t *out = buf + (inplace ? 1 : 3);
        const uint8_t *in = pt;
        if (inplace) {
            memcpy(out, pt, len);
            in = out;
        }
        st = karx_gcm_seal_pool(pools[p], gk, iv, iv_len, out, tag, 16, in, len, aad, aad_len);
        CHECK(st == KARX_OK && memcmp(out, ref_ct, len) == 0 && memcmp(tag, rtag, 16) == 0,
              "seal_pool %s T=%u len %zu iv %zu", bname, pool_threads[p], len, iv_len);
        if (inplace)
            memcpy(out, ref_ct, len);
        in = inplace ? out : ref_ct;
        st = karx_gcm_open_pool(pools[p], gk, iv, iv_len, out, rtag, 16, in, len, aad, aad_len);
        CHECK(st == KARX_OK && memcmp(out, pt, len) == 0, "open_pool %s T=%u len %zu iv %zu",
              bname, pool_threads[p], len, iv_len);
        memcpy(tag, rtag, 16);
        tag[p % 16] ^= (uint8_t)(1u << (p % 8));
        if (inplace)
            memcpy(out, ref_ct, len);
        st = karx_gcm_open_pool(pools[p], gk, iv, iv_len, out, tag, 16, in, len, aad, aad_len);
        CHECK(st == KARX_ERR_AUTHENTICATION && t_all_zero(out, len),
              "forged open_pool %s T=%u len %zu: %d", bname, pool_threads[p], len, (int)st);
    }
}

static void bad_args(const karx_gcm_key *gk)
{
    uint8_t iv[12] = {0}, tag[16] = {0};
    size_t len = 3 * MIB;
    memset(buf, 0x5a, len);
    for (int p = 0; p < NPOOLS; p++) {
        CHECK(karx_gcm_seal_pool(pools[p], gk, iv, 12, buf, tag, 11, pt, len, NULL, 0) ==
                  KARX_ERR_ARGUMENT, "tag length 11");
        CHECK(karx_gcm_open_pool(pools[p], gk, iv, 0, buf, tag, 16, pt, len, NULL, 0) ==
                  KARX_ERR_IV_LENGTH, "IV length 0");
        CHECK(karx_gcm_seal_pool(pools[p], NULL, iv, 12, buf, tag, 16, pt, len, NULL, 0) ==
                  KARX_ERR_ARGUMENT, "NULL key");
        CHECK(karx_gcm_open_pool(pools[p], gk, iv, 12, buf, tag, 16, pt, len, NULL, 5) ==
                  KARX_ERR_ARGUMENT, "NULL aad");
        karx_gcm_key unset;
        memset(&unset, 0, sizeof unset);
        CHECK(karx_gcm_seal_pool(pools[p], &unset, iv, 12, buf, tag, 16, pt, len, NULL, 0) ==
                  KARX_ERR_STATE, "unset key");
    }
    CHECK(buf[0] == 0x5a && buf[len - 1] == 0x5a, "a refused call wrote its output");
}

static void run(const char *bname, int quick)
{
    static const size_t lens[] = {0, 1, 16, 1000, 64 * KIB - 1, 128 * KIB, 128 * KIB + 17,
                                  192 * KIB + 5, MIB + 16, 3 * MIB + 1, MAXLEN};
    uint8_t key[32];
    t_fill(key, sizeof key);
    karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA256, KARX_CIPHER_CHAM128_128};
    for (size_t a = 0; a < 3; a++) {
        karx_gcm_key gk;
        CHECK(karx_gcm_set_key(&gk, algs[a], key, karx_cipher_key_bytes(algs[a])) == KARX_OK,
              "set_key");
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            if (quick && lens[i] > 3 * MIB) continue;
            one_length(&gk, lens[i], i % 3 == 2 ? 16 : 12, bname);
            if (!quick && lens[i] > 0) /* the other IV kind at a random length near it */
                one_length(&gk, lens[i] - (size_t)(t_rand64() % 200 % lens[i]),
                           i % 3 == 2 ? 12 : 16, bname);
        }
        if (a == 0) bad_args(&gk);
        karx_gcm_key_wipe(&gk);
        if (quick) break;
    }
}

int main(void)
{
    t_seed_from_env();
    pt = malloc(MAXLEN);
    ref_ct = malloc(MAXLEN);
    buf = malloc(MAXLEN + 8);
    if (!pt || !ref_ct || !buf) return 2;
    for (int p = 1; p < NPOOLS; p++)
        CHECK(karx_pool_new(&pools[p], pool_threads[p]) == KARX_OK, "pool %u", pool_threads[p]);
    karx_backend orig = karx_get_backend();
    run(karx_backend_name(orig), 0);
    karx_set_backend(KARX_BACKEND_PORTABLE);
    run("portable", 1);
    karx_set_backend(orig);
    for (int p = 1; p < NPOOLS; p++) karx_pool_free(pools[p]);
    free(pt);
    free(ref_ct);
    free(buf);
    return t_finish("test_gcm_pool");
}
