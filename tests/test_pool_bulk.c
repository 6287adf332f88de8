/* Every *_pool call against its single-threaded twin: identical bytes, statuses and updated
 * IV / counter / context, for NULL and 1, 2, 3, 7-thread pools; lengths below, at and around one
 * task (64 KiB) and several MiB; unaligned and in place; every cipher; CTR carries across ranges
 * and the overflow refusal; streaming equals one-shot at splits near task and block boundaries;
 * bad arguments give the serial statuses. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/drbg.h"
#include "karx/lsh.h"
#include "karx/pool.h"
#include "karx/xts.h"
#include "test_util.h"

#define NPOOLS 3
static karx_pool *pools[NPOOLS]; /* NULL, 2, 7 threads (1 and 3 take the same paths; time under ASan) */
static const unsigned pool_threads[NPOOLS] = {0, 2, 7};
#define KIB 1024u
#define TASK (64u * KIB)

static uint8_t *xmalloc(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* ---- the stateless cipher modes ---- */

enum { ECB_ENC, ECB_DEC, CTR, CBC_DEC, CFB_DEC, CFB8_DEC, CFB64_DEC, NOPS };
static const char *op_names[NOPS] = {"ecb-enc", "ecb-dec", "ctr", "cbc-dec", "cfb-dec",
                                     "cfb8-dec", "cfb64-dec"};

static size_t seg_of(int op, size_t B) { return op == CFB8_DEC ? 1 : op == CFB64_DEC ? 8 : B; }

static karx_status run_op(int op, int use_pool, karx_pool *pool, const karx_cipher_key *k,
                          uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len, size_t B)
{
    switch (op) {
    case ECB_ENC:
        return use_pool ? karx_ecb_encrypt_pool(pool, k, out, in, len)
                        : karx_ecb_encrypt(k, out, in, len);
    case ECB_DEC:
        return use_pool ? karx_ecb_decrypt_pool(pool, k, out, in, len)
                        : karx_ecb_decrypt(k, out, in, len);
    case CTR:
        return use_pool ? karx_ctr_xor_pool(pool, k, iv, out, in, len)
                        : karx_ctr_xor(k, iv, out, in, len);
    case CBC_DEC:
        return use_pool ? karx_cbc_decrypt_pool(pool, k, iv, out, in, len)
                        : karx_cbc_decrypt(k, iv, out, in, len);
    default:
        return use_pool ? karx_cfb_decrypt_pool(pool, k, seg_of(op, B), iv, out, in, len)
                        : karx_cfb_decrypt(k, seg_of(op, B), iv, out, in, len);
    }
}

/* One op at one length: serial reference, then every pool out of place (unaligned) and in
 * place. */
static void check_op(int op, const karx_cipher_key *k, size_t B, size_t len, const char *alg)
{
    if ((op == ECB_ENC || op == ECB_DEC || op == CBC_DEC) && len % B != 0)
        len -= len % B;
    uint8_t *in = xmalloc(len + 8), *ref = xmalloc(len + 8), *out = xmalloc(len + 8);
    uint8_t iv0[16], ivr[16], iv[16];
    t_fill(in, len + 8);
    t_fill(iv0, sizeof iv0);
    memcpy(ivr, iv0, 16);
    karx_status sr = run_op(op, 0, NULL, k, ivr, ref, in + 3, len, B);
    for (int p = 0; p < NPOOLS; p++) {
        memcpy(iv, iv0, 16);
        memset(out, 0, len + 8);
        karx_status sp = run_op(op, 1, pools[p], k, iv, out + 1, in + 3, len, B);
        CHECK(sp == sr && memcmp(out + 1, ref, len) == 0 && memcmp(iv, ivr, B) == 0,
              "%s %s len %zu threads %u (out of place)", alg, op_names[op], len, pool_threads[p]);
        memcpy(out + 5, in + 3, len);
        memcpy(iv, iv0, 16);
        sp = run_op(op, 1, pools[p], k, iv, out + 5, out + 5, len, B);
        CHECK(sp == sr && memcmp(out + 5, ref, len) == 0 && memcmp(iv, ivr, B) == 0,
              "%s %s len %zu threads %u (in place)", alg, op_names[op], len, pool_threads[p]);
    }
    free(in);
    free(ref);
    free(out);
}

static void test_modes(void)
{
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        karx_cipher_key k;
        uint8_t kb[KARX_MAX_KEY_BYTES];
        t_fill(kb, sizeof kb);
        const char *name = karx_cipher_name((karx_cipher_alg)a);
        size_t B = karx_cipher_block_bytes((karx_cipher_alg)a);
        if (karx_cipher_set_key(&k, (karx_cipher_alg)a, kb, karx_cipher_key_bytes((karx_cipher_alg)a)) != KARX_OK) {
            CHECK(0, "set_key %s", name);
            continue;
        }
        /* every length on LEA-128; the edges on the other ciphers (the ranges are the same code
         * for all of them); CFB with short segments (a block per segment on the portable code)
         * on LEA-128 and HIGHT up to two tasks and a bit */
        const size_t all[] = {0, B - 1, 1000, TASK, 2 * TASK - B, 2 * TASK - 1, 2 * TASK,
                              2 * TASK + B, 2 * TASK + B + 5, 5 * TASK + 3 * B,
                              (size_t)(t_rand64() % (9 * TASK))};
        const size_t edges[] = {B - 1, 2 * TASK - B, 2 * TASK + B + 5,
                                (size_t)(t_rand64() % (4 * TASK))};
        int lea = a == KARX_CIPHER_LEA128;
        size_t nl = lea ? sizeof all / sizeof all[0] : sizeof edges / sizeof edges[0];
        for (int op = 0; op < NOPS; op++)
            for (size_t i = 0; i < nl; i++) {
                size_t len = lea ? all[i] : edges[i];
                if (seg_of(op, B) == B ||
                    (len <= 2 * TASK + B + 5 && (lea || a == KARX_CIPHER_HIGHT)))
                    check_op(op, &k, B, len, name);
            }
        if (a == KARX_CIPHER_LEA128) /* several MiB, uneven */
            for (int op = 0; op < NOPS; op++)
                if (seg_of(op, B) == B)
                    check_op(op, &k, B, 1024 * KIB + 7 * B + 3, name);
    }
}

/* CTR: a counter whose low words carry inside and between ranges; one that ends exactly on
 * all-ones (the counter comes back as zero); one block short of room (refused, nothing
 * written). */
static void test_ctr_edges(void)
{
    karx_cipher_key k;
    uint8_t kb[16] = {1, 2, 3};
    karx_cipher_set_key(&k, KARX_CIPHER_LEA128, kb, 16);
    size_t len = 6 * TASK + 5, blocks = len / 16 + 1;
    uint8_t *in = xmalloc(len), *ref = xmalloc(len), *out = xmalloc(len);
    t_fill(in, len);
    uint8_t starts[3][16];
    memset(starts, 0, sizeof starts);
    memset(starts[0] + 8, 0xff, 8);
    starts[0][15] = 0x00; /* carries out of the low 64 bits within the call */
    starts[0][14] = 0xf0;
    memset(starts[1] + 12, 0xff, 4);
    starts[1][12] = 0xff;
    starts[1][15] = (uint8_t)0; /* 32-bit carry */
    starts[1][14] = 0xfe;
    memset(starts[2], 0xff, 16); /* exactly enough room: ~ctr + 1 == blocks */
    uint64_t low = ~(uint64_t)(blocks - 1);
    for (int i = 0; i < 8; i++)
        starts[2][8 + i] = (uint8_t)(low >> (56 - 8 * i));
    for (int s = 0; s < 3; s++) {
        uint8_t cr[16], cp[16];
        memcpy(cr, starts[s], 16);
        karx_status sr = karx_ctr_xor(&k, cr, ref, in, len);
        for (int p = 0; p < NPOOLS; p++) {
            memcpy(cp, starts[s], 16);
            karx_status sp = karx_ctr_xor_pool(pools[p], &k, cp, out, in, len);
            CHECK(sr == KARX_OK && sp == sr && memcmp(out, ref, len) == 0 &&
                      memcmp(cp, cr, 16) == 0,
                  "ctr start %d threads %u", s, pool_threads[p]);
        }
    }
    /* one block short: refused before anything is written */
    uint8_t c[16];
    memcpy(c, starts[2], 16);
    for (int i = 0; i < 8; i++) /* one less block of room */
        c[8 + i] = (uint8_t)((low + 1) >> (56 - 8 * i));
    for (int p = 0; p < NPOOLS; p++) {
        uint8_t cp[16];
        memcpy(cp, c, 16);
        memset(out, 0x5a, len);
        karx_status sp = karx_ctr_xor_pool(pools[p], &k, cp, out, in, len);
        size_t j = 0;
        while (j < len && out[j] == 0x5a)
            j++;
        CHECK(sp == KARX_ERR_COUNTER_OVERFLOW && j == len && memcmp(cp, c, 16) == 0,
              "ctr overflow threads %u: status %d", pool_threads[p], (int)sp);
    }
    free(in);
    free(ref);
    free(out);
}

/* ---- streaming ---- */

/* Pieces for one stream: the first two from the list (near block and task boundaries), then the
 * rest in pieces of 3 * TASK + 1 (3 * TASK in place). */
static void stream_one(karx_cipher_alg alg, karx_mode mode, int enc, int pad, size_t len,
                       size_t first, size_t second, int in_place, int p)
{
    size_t B = karx_cipher_block_bytes(alg), kl = karx_cipher_key_bytes(alg);
    size_t ivl = karx_mode_iv_bytes(alg, mode);
    uint8_t key[32], iv[16];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    uint8_t *plain = xmalloc(len + B), *in = xmalloc(len + 2 * B), *ref = xmalloc(len + 2 * B);
    uint8_t *out = xmalloc(len + 2 * B);
    size_t in_len = len, ref_len = 0, n;
    t_fill(plain, len);
    if (!enc && (mode == KARX_MODE_ECB || mode == KARX_MODE_CBC)) {
        /* ciphertext to decrypt: whole blocks (padded when pad) */
        if (!pad)
            len -= len % B;
        karx_cipher_encrypt(alg, mode, pad, key, kl, iv, ivl, in, len + B, &in_len, plain, len);
    } else {
        memcpy(in, plain, len);
    }
    karx_status sr = enc ? karx_cipher_encrypt(alg, mode, pad, key, kl, iv, ivl, ref, in_len + B,
                                               &ref_len, in, in_len)
                         : karx_cipher_decrypt(alg, mode, pad, key, kl, iv, ivl, ref, in_len + B,
                                               &ref_len, in, in_len);
    karx_cipher_ctx ctx;
    karx_cipher_init(&ctx, alg, mode, enc, pad, key, kl, iv, ivl);
    /* in place: each update writes over its own input (out == in), and what it wrote is
     * collected into out */
    size_t pos = 0, done = 0;
    karx_status st = KARX_OK;
    for (int piece = 0; pos < in_len && st == KARX_OK; piece++) {
        size_t want = piece == 0 ? first : piece == 1 ? second : 3 * TASK + !in_place;
        size_t take = in_len - pos < want ? in_len - pos : want;
        uint8_t *o = in_place ? in + pos : out + done;
        size_t cap = in_place ? len + 2 * B - pos : len + 2 * B - done;
        st = karx_cipher_update_pool(pools[p], &ctx, o, cap, &n, in + pos, take);
        if (in_place && st == KARX_OK)
            memmove(out + done, o, n);
        pos += take;
        done += n;
    }
    if (st == KARX_OK) {
        st = karx_cipher_final(&ctx, out + done, len + 2 * B - done, &n);
        done += n;
    }
    uint8_t *buf = out;
    CHECK(st == sr && (st != KARX_OK || (done == ref_len && memcmp(buf, ref, done) == 0)),
          "stream %s %s %s pad %d len %zu split %zu+%zu %s threads %u: status %d/%d",
          karx_cipher_name(alg), karx_mode_name(mode), enc ? "enc" : "dec", pad, len, first,
          second, in_place ? "in place" : "apart", pool_threads[p], (int)st, (int)sr);
    karx_cipher_ctx_wipe(&ctx);
    free(plain);
    free(in);
    free(ref);
    free(out);
}

static void test_stream(void)
{
    const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_HIGHT};
    for (size_t a = 0; a < 2; a++) {
        size_t B = karx_cipher_block_bytes(algs[a]);
        const size_t splits[] = {0, 1, B - 1, B, B + 1, TASK - 1, 2 * TASK - B, 2 * TASK,
                                 2 * TASK + 1, 2 * TASK + B + 3};
        const size_t ns = sizeof splits / sizeof splits[0];
        for (int mode = KARX_MODE_FIRST; mode <= KARX_MODE_LAST; mode++)
            for (int enc = 0; enc <= 1; enc++)
                for (int pad = 0; pad <= 1; pad++) {
                    if (pad && mode != KARX_MODE_ECB && mode != KARX_MODE_CBC)
                        continue;
                    /* the serial modes (encryption chains, OFB, CFB-8) on a few splits */
                    int serial_only = mode == KARX_MODE_OFB || mode == KARX_MODE_CFB8 ||
                                      (enc && mode != KARX_MODE_ECB && mode != KARX_MODE_CTR);
                    for (size_t i = serial_only ? ns - 4 : 0; i < ns; i++) {
                        size_t second = splits[(i * 7 + 3) % ns];
                        int p = (int)(1 + i % (NPOOLS - 1)); /* pools cycle over the splits */
                        size_t len = 4 * TASK + 2 * B + 5;
                        stream_one(algs[a], (karx_mode)mode, enc, pad, len, splits[i], second,
                                   0, p);
                        /* in place: stream modes, and block modes split at whole blocks
                         * (elsewhere an update may write past its own input) */
                        int block = mode == KARX_MODE_ECB || mode == KARX_MODE_CBC;
                        if (!block || (splits[i] % B == 0 && second % B == 0))
                            stream_one(algs[a], (karx_mode)mode, enc, pad, len - len % B,
                                       splits[i], second, 1, NPOOLS - 1);
                    }
                }
    }
}

/* A CTR stream whose pooled update uses the all-ones counter: the stream is spent, and the next
 * update is refused as the serial one is (the last block goes through the serial update). */
static void test_stream_spent(void)
{
    uint8_t kb[16] = {7}, ctr[16];
    size_t L = 4 * TASK;
    uint64_t low = ~(uint64_t)(L / 16 - 1); /* room for exactly L / 16 blocks */
    memset(ctr, 0xff, 8);
    for (int i = 0; i < 8; i++)
        ctr[8 + i] = (uint8_t)(low >> (56 - 8 * i));
    uint8_t *buf = xmalloc(L), *ref = xmalloc(L);
    t_fill(buf, L);
    for (int p = 0; p < NPOOLS; p++) {
        karx_cipher_ctx a, b;
        size_t n1 = 0, n2 = 0;
        karx_cipher_init(&a, KARX_CIPHER_LEA128, KARX_MODE_CTR, 1, 0, kb, 16, ctr, 16);
        b = a;
        karx_status s1 = karx_cipher_update(&a, ref, L, &n1, buf, L);
        karx_status s2 = karx_cipher_update_pool(pools[p], &b, ref, L, &n2, buf, L);
        CHECK(s1 == KARX_OK && s2 == KARX_OK && memcmp(&a, &b, sizeof a) == 0,
              "spent stream state threads %u", pool_threads[p]);
        s1 = karx_cipher_update(&a, ref, L, &n1, buf, 1);
        s2 = karx_cipher_update_pool(pools[p], &b, ref, L, &n2, buf, 1);
        CHECK(s1 == KARX_ERR_COUNTER_OVERFLOW && s2 == s1, "spent stream refused threads %u",
              pool_threads[p]);
        karx_cipher_ctx_wipe(&a);
        karx_cipher_ctx_wipe(&b);
    }
    free(buf);
    free(ref);
}

/* ---- bad arguments: the serial statuses ---- */

static void test_bad_args(void)
{
    karx_cipher_key k, unset;
    uint8_t kb[16] = {9}, iv[16] = {0}, *buf = xmalloc(4 * TASK);
    memset(&unset, 0, sizeof unset);
    karx_cipher_set_key(&k, KARX_CIPHER_LEA128, kb, 16);
    size_t L = 4 * TASK;
    for (int p = 0; p < NPOOLS; p++) {
        karx_pool *pl = pools[p];
        for (int op = 0; op < NOPS; op++) {
            uint8_t a[16] = {0}, b[16] = {0};
            CHECK(run_op(op, 1, pl, NULL, a, buf, buf, L, 16) ==
                      run_op(op, 0, NULL, NULL, b, buf, buf, L, 16),
                  "NULL key %s", op_names[op]);
            CHECK(run_op(op, 1, pl, &unset, a, buf, buf, L, 16) ==
                      run_op(op, 0, NULL, &unset, b, buf, buf, L, 16),
                  "unset key %s", op_names[op]);
            CHECK(run_op(op, 1, pl, &k, a, NULL, buf, L, 16) ==
                      run_op(op, 0, NULL, &k, b, NULL, buf, L, 16),
                  "NULL out %s", op_names[op]);
            CHECK(run_op(op, 1, pl, &k, op == ECB_ENC || op == ECB_DEC ? a : NULL, buf, buf, L,
                         16) == run_op(op, 0, NULL, &k,
                                       op == ECB_ENC || op == ECB_DEC ? b : NULL, buf, buf, L, 16),
                  "NULL iv %s", op_names[op]);
            CHECK(run_op(op, 1, pl, &k, a, buf, buf, L - 3, 16) ==
                      run_op(op, 0, NULL, &k, b, buf, buf, L - 3, 16),
                  "odd length %s", op_names[op]);
        }
        CHECK(karx_cfb_decrypt_pool(pl, &k, 4, iv, buf, buf, L) ==
                  karx_cfb_decrypt(&k, 4, iv, buf, buf, L),
              "bad segment");
        /* streaming: NULL ctx, unset ctx, small out_cap, NULL out_len */
        karx_cipher_ctx ctx, before;
        size_t n = 7, m = 7;
        CHECK(karx_cipher_update_pool(pl, NULL, buf, L, &n, buf, L) ==
                  karx_cipher_update(NULL, buf, L, &m, buf, L) && n == m,
              "update NULL ctx");
        memset(&ctx, 0, sizeof ctx);
        CHECK(karx_cipher_update_pool(pl, &ctx, buf, L, &n, buf, L) ==
                  karx_cipher_update(&ctx, buf, L, &m, buf, L),
              "update unset ctx");
        karx_cipher_init(&ctx, KARX_CIPHER_LEA128, KARX_MODE_ECB, 1, 1, kb, 16, NULL, 0);
        before = ctx;
        CHECK(karx_cipher_update_pool(pl, &ctx, buf, L - 16, &n, buf, L) ==
                      KARX_ERR_OUTPUT_LENGTH &&
                  memcmp(&ctx, &before, sizeof ctx) == 0,
              "update small out_cap");
        CHECK(karx_cipher_update_pool(pl, &ctx, buf, L, NULL, buf, L) == KARX_ERR_ARGUMENT,
              "update NULL out_len");
        /* a CTR stream one block short of room: refused, ctx unchanged */
        uint8_t ctr[16];
        uint64_t low = ~(uint64_t)(L / 16 - 2); /* room for L / 16 - 1 blocks */
        memset(ctr, 0xff, 8);
        for (int i = 0; i < 8; i++)
            ctr[8 + i] = (uint8_t)(low >> (56 - 8 * i));
        karx_cipher_init(&ctx, KARX_CIPHER_LEA128, KARX_MODE_CTR, 1, 0, kb, 16, ctr, 16);
        before = ctx;
        CHECK(karx_cipher_update_pool(pl, &ctx, buf, L, &n, buf, L) ==
                      KARX_ERR_COUNTER_OVERFLOW &&
                  memcmp(&ctx, &before, sizeof ctx) == 0,
              "update ctr overflow threads %u", pool_threads[p]);
        karx_cipher_ctx_wipe(&ctx);
    }
    free(buf);
}

/* ---- XTS ---- */

static void test_xts(void)
{
    const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_ARIA256};
    for (int a = 0; a < 2; a++) {
        karx_xts_key key;
        uint8_t kb[64], tw[16];
        t_fill(kb, sizeof kb);
        t_fill(tw, sizeof tw);
        karx_xts_set_key(&key, algs[a], kb, 2 * karx_cipher_key_bytes(algs[a]));
        const size_t lens[] = {15, 16, 17, TASK + 5, 2 * TASK - 16, 2 * TASK, 2 * TASK + 1,
                               2 * TASK + 31, 5 * TASK + 7, (size_t)(t_rand64() % (6 * TASK)),
                               a == 0 ? 1024 * KIB + 9 : 16};
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            size_t len = lens[li];
            uint8_t *in = xmalloc(len + 8), *ref = xmalloc(len + 8), *out = xmalloc(len + 8);
            t_fill(in, len + 8);
            for (int dec = 0; dec <= 1; dec++)
                for (int sec = 0; sec <= 2; sec++) {
                    size_t sector = sec == 1 ? 4096 : 512 + 3; /* sec 0: one data unit */
                    if (sec == 2)
                        memset(tw + 8, 0xff, 8); /* tweak numbers carry into the high word */
                    karx_status sr =
                        sec == 0 ? (dec ? karx_xts_decrypt : karx_xts_encrypt)(&key, tw, ref,
                                                                               in + 1, len)
                                 : (dec ? karx_xts_decrypt_sectors : karx_xts_encrypt_sectors)(
                                       &key, tw, sector, ref, in + 1, len);
                    for (int p = 0; p < NPOOLS; p++)
                        for (int ip = 0; ip <= 1; ip++) {
                            uint8_t *o = ip ? out + 3 : out;
                            const uint8_t *i = in + 1;
                            if (ip) {
                                memcpy(o, in + 1, len);
                                i = o;
                            }
                            karx_status sp =
                                sec == 0
                                    ? (dec ? karx_xts_decrypt_pool : karx_xts_encrypt_pool)(
                                          pools[p], &key, tw, o, i, len)
                                    : (dec ? karx_xts_decrypt_sectors_pool
                                           : karx_xts_encrypt_sectors_pool)(pools[p], &key, tw,
                                                                            sector, o, i, len);
                            CHECK(sp == sr && (sr != KARX_OK || memcmp(o, ref, len) == 0),
                                  "xts %s %s %s len %zu threads %u %s",
                                  karx_cipher_name(algs[a]), dec ? "dec" : "enc",
                                  sec ? "sectors" : "unit", len, pool_threads[p],
                                  ip ? "in place" : "apart");
                        }
                }
            free(in);
            free(ref);
            free(out);
        }
        /* bad arguments and the tweak overflow refusal */
        uint8_t *buf = xmalloc(4 * TASK), top[16];
        memset(top, 0xff, 16);
        top[0] = 0xf0; /* room for 16 more sector numbers */
        for (int p = 0; p < NPOOLS; p++) {
            CHECK(karx_xts_encrypt_pool(pools[p], NULL, tw, buf, buf, 4 * TASK) ==
                      karx_xts_encrypt(NULL, tw, buf, buf, 4 * TASK),
                  "xts NULL key");
            CHECK(karx_xts_encrypt_pool(pools[p], &key, NULL, buf, buf, 4 * TASK) ==
                      karx_xts_encrypt(&key, NULL, buf, buf, 4 * TASK),
                  "xts NULL tweak");
            CHECK(karx_xts_encrypt_sectors_pool(pools[p], &key, tw, 8, buf, buf, 4 * TASK) ==
                      KARX_ERR_ARGUMENT,
                  "xts small sector");
            CHECK(karx_xts_encrypt_sectors_pool(pools[p], &key, tw, 4096, buf, buf,
                                                4 * TASK + 5) == KARX_ERR_DATA_LENGTH,
                  "xts short last unit");
            CHECK(karx_xts_encrypt_sectors_pool(pools[p], &key, top, 512, buf, buf, 4 * TASK) ==
                      KARX_ERR_COUNTER_OVERFLOW,
                  "xts tweak overflow threads %u", pool_threads[p]);
        }
        free(buf);
        karx_xts_key_wipe(&key);
    }
}

/* ---- LSH _many ---- */

static void test_lsh_many(void)
{
    const karx_lsh_alg algs[] = {KARX_LSH256_256, KARX_LSH512_512, KARX_LSH256_224,
                                 KARX_LSH512_384};
    const size_t msg_lens[] = {0, 64, 1000};
    const size_t counts[] = {1, 7, 1000, 4099};
    for (int a = 0; a < 4; a++) {
        size_t d = karx_lsh_digest_bytes(algs[a]);
        for (size_t m = 0; m < 3; m++)
            for (size_t c = 0; c < 4; c++) {
                size_t ml = msg_lens[m], n = counts[c];
                uint8_t *in = xmalloc(ml * n + 1), *ref = xmalloc(d * n), *out = xmalloc(d * n);
                const uint8_t **ptrs = malloc(n * sizeof *ptrs);
                size_t *lens = malloc(n * sizeof *lens);
                t_fill(in, ml * n + 1);
                karx_status sr = karx_lsh_many(algs[a], ref, d * n, in + 1, ml, n);
                for (size_t i = 0; i < n; i++) {
                    lens[i] = (size_t)(t_rand64() % (ml + 1)); /* varied lengths */
                    ptrs[i] = in + 1 + i * ml;
                }
                for (int p = 0; p < NPOOLS; p++) {
                    memset(out, 0, d * n);
                    karx_status sp = karx_lsh_many_pool(pools[p], algs[a], out, d * n, in + 1,
                                                        ml, n);
                    CHECK(sp == sr && memcmp(out, ref, d * n) == 0,
                          "many %s len %zu n %zu threads %u", karx_lsh_alg_name(algs[a]), ml, n,
                          pool_threads[p]);
                }
                karx_status sr2 = karx_lsh_many_ptrs(algs[a], ref, d * n, ptrs, lens, n);
                for (int p = 0; p < NPOOLS; p++) {
                    memset(out, 0, d * n);
                    karx_status sp = karx_lsh_many_ptrs_pool(pools[p], algs[a], out, d * n, ptrs,
                                                             lens, n);
                    CHECK(sp == sr2 && memcmp(out, ref, d * n) == 0,
                          "many_ptrs %s len <= %zu n %zu threads %u",
                          karx_lsh_alg_name(algs[a]), ml, n, pool_threads[p]);
                }
                /* bad arguments: the serial statuses */
                for (int p = 0; p < NPOOLS; p++) {
                    CHECK(karx_lsh_many_pool(pools[p], algs[a], out, d * n - 1, in, ml, n) ==
                              karx_lsh_many(algs[a], out, d * n - 1, in, ml, n),
                          "many short out");
                    CHECK(karx_lsh_many_pool(pools[p], (karx_lsh_alg)999, out, d * n, in, ml,
                                             n) == karx_lsh_many((karx_lsh_alg)999, out, d * n,
                                                                 in, ml, n),
                          "many bad alg");
                    CHECK(karx_lsh_many_pool(pools[p], algs[a], NULL, d * n, in, ml, n) ==
                              karx_lsh_many(algs[a], NULL, d * n, in, ml, n),
                          "many NULL out");
                }
                free(in);
                free(ref);
                free(out);
                free(ptrs);
                free(lens);
            }
    }
}

/* ---- CTR_DRBG ---- */

static void test_drbg(void)
{
    const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_HIGHT, KARX_CIPHER_ARIA256};
    /* past 64 KiB: the consecutive calls of a serial loop (the reference below) */
    const size_t lens[] = {0, 5, 16 * KIB, 40 * KIB + 3, 64 * KIB, 64 * KIB + 1, 128 * KIB,
                           200 * KIB + 3, 1024 * KIB + 17};
    const size_t cap = 1024 * KIB + 17;
    for (int a = 0; a < 3; a++) {
        uint8_t ent[64], nonce[16], add[20];
        t_fill(ent, sizeof ent);
        t_fill(nonce, sizeof nonce);
        t_fill(add, sizeof add);
        size_t el = karx_ctr_drbg_seed_bytes(algs[a]);
        for (int p = 0; p < NPOOLS; p++) {
            karx_ctr_drbg s, q;
            karx_ctr_drbg_instantiate(&s, algs[a], KARX_DRBG_USE_DF, ent, el, nonce, 16, NULL, 0);
            karx_ctr_drbg_instantiate(&q, algs[a], KARX_DRBG_USE_DF, ent, el, nonce, 16, NULL, 0);
            uint8_t *r = xmalloc(cap + 8), *o = xmalloc(cap + 8);
            for (int round = 0; round < 3; round++)
                for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                    size_t al = (i + (size_t)round) % 2 ? sizeof add : 0;
                    karx_status sr = KARX_OK;
                    for (size_t off = 0; sr == KARX_OK && (off < lens[i] || off == 0);
                         off += 64 * KIB) {
                        size_t n = lens[i] - off < 64 * KIB ? lens[i] - off : 64 * KIB;
                        sr = karx_ctr_drbg_generate(&s, r + off, n, add, al);
                    }
                    karx_status sp = karx_ctr_drbg_generate_pool(pools[p], &q, o + 1, lens[i],
                                                                 add, al);
                    CHECK(sp == sr && (sr != KARX_OK || memcmp(r, o + 1, lens[i]) == 0) &&
                              memcmp(&s, &q, sizeof s) == 0,
                          "drbg %s len %zu round %d threads %u", karx_cipher_name(algs[a]),
                          lens[i], round, pool_threads[p]);
                }
            CHECK(karx_ctr_drbg_generate_pool(pools[p], &q, NULL, 64 * KIB, NULL, 0) ==
                      karx_ctr_drbg_generate(&s, NULL, 64 * KIB, NULL, 0),
                  "drbg NULL out");
            CHECK(karx_ctr_drbg_generate_pool(pools[p], NULL, o, 64 * KIB, NULL, 0) ==
                      karx_ctr_drbg_generate(NULL, o, 64 * KIB, NULL, 0),
                  "drbg NULL state");
            karx_ctr_drbg_uninstantiate(&q);
            CHECK(karx_ctr_drbg_generate_pool(pools[p], &q, o, 64 * KIB, NULL, 0) ==
                      KARX_ERR_STATE,
                  "drbg uninstantiated");
            karx_ctr_drbg_uninstantiate(&s);
            free(r);
            free(o);
        }
    }
}

int main(void)
{
    t_seed_from_env();
    for (int p = 1; p < NPOOLS; p++)
        if (karx_pool_new(&pools[p], pool_threads[p]) != KARX_OK) {
            fprintf(stderr, "karx_pool_new(%u) failed\n", pool_threads[p]);
            return 2;
        }
    test_modes();
    test_ctr_edges();
    test_stream();
    test_stream_spent();
    test_bad_args();
    test_xts();
    test_lsh_many();
    test_drbg();
    for (int p = 0; p < NPOOLS; p++)
        karx_pool_free(pools[p]);
    return t_finish("pool_bulk");
}
