/* LEA: KCMVP and Crypto++ vectors through the single-block API and through every back end's
 * kernels; every back end against the portable one on random sizes, offsets, in-place buffers
 * and counters about to carry; bad arguments. argv[1] is the KAT folder (tests/kat). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cpu.h"
#include "karx/lea.h"
#include "modes/block_kernels.h"
#include "test_kernels.h"
#include "test_util.h"

/* Under AddressSanitizer the bytes in front of an input buffer are poisoned too, so a kernel
 * that reads before its input (or writes outside its output) stops the test. */
#if defined(__SANITIZE_ADDRESS__)
#define T_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T_ASAN 1
#endif
#endif
#ifdef T_ASAN
#include <sanitizer/asan_interface.h>
#define T_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define T_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define T_POISON(p, n) ((void)(p), (void)(n))
#define T_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

static const char *kat_dir = "tests/kat";

/* ---- buffers ------------------------------------------------------------------------------ */

/* An input of exactly len bytes at byte offset off of its allocation, ending where the
 * allocation ends; the off bytes in front are poisoned under ASan. */
typedef struct {
    uint8_t *base, *p;
    size_t off, len;
} in_buf;

static in_buf in_make(const uint8_t *data, size_t len, size_t off)
{
    in_buf b;
    b.off = off;
    b.len = len;
    b.base = (uint8_t *)malloc(off + len + (off + len == 0));
    if (b.base == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    b.p = b.base + off;
    if (len)
        memcpy(b.p, data, len);
    T_POISON(b.base, off);
    return b;
}

static void in_free(in_buf *b)
{
    T_UNPOISON(b->base, b->off);
    free(b->base);
}

#define GUARD 64
#define GUARD_BYTE 0xa5

/* An output of len bytes at offset GUARD + off inside guard bytes on both sides. */
typedef struct {
    uint8_t *base, *p;
    size_t off, len;
} out_buf;

static out_buf out_make(size_t len, size_t off)
{
    out_buf b;
    b.off = GUARD + off;
    b.len = len;
    b.base = (uint8_t *)malloc(b.off + len + GUARD);
    if (b.base == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memset(b.base, GUARD_BYTE, b.off + len + GUARD);
    b.p = b.base + b.off;
    T_POISON(b.base, b.off);
    T_POISON(b.p + len, GUARD);
    return b;
}

/* 1 when the guard bytes are intact; frees the buffer's guards from poisoning. */
static int out_guards_ok(out_buf *b)
{
    T_UNPOISON(b->base, b->off);
    T_UNPOISON(b->p + b->len, GUARD);
    int ok = 1;
    for (size_t i = 0; i < b->off; i++)
        ok &= b->base[i] == GUARD_BYTE;
    for (size_t i = 0; i < GUARD; i++)
        ok &= b->p[b->len + i] == GUARD_BYTE;
    return ok;
}

static void out_free(out_buf *b)
{
    free(b->base);
}

/* ---- kernel tables ------------------------------------------------------------------------ */

#define MAX_TABLES 8
static const karx_block_kernels *tables[MAX_TABLES];
static size_t ntables;
static const karx_block_kernels *portable;

/* Every LEA kernel this machine runs, from the registry; checks that each back end selects a
 * kernel of its own fallback chain (SSSE3 has none of its own and runs the SSE2 one). */
static void collect_tables(void)
{
    const char *names[MAX_TABLES];
    ntables = t_cipher_kernels(KARX_CIPHER_LEA128, tables, names, MAX_TABLES);
    CHECK(ntables >= 1 && strcmp(names[0], "portable") == 0, "portable kernels first");
    portable = ntables >= 1 ? tables[0] : NULL;
    for (size_t i = 0; i < ntables; i++) {
        const karx_block_kernels *k = tables[i];
        CHECK(k->ecb_encrypt && k->ecb_decrypt && k->ctr_xor, "%s: missing kernel", k->name);
        CHECK(k->lanes >= 1, "%s lanes", k->name);
        CHECK(strcmp(k->name, names[i]) == 0, "table %s registered as %s", k->name, names[i]);
    }
    karx_backend orig = karx_get_backend();
    for (int b = 0; karx_backend_name((karx_backend)b) != NULL; b++) {
        if (karx_set_backend((karx_backend)b) != KARX_OK)
            continue;
        const karx_block_kernels *k = t_active_kernels(KARX_CIPHER_LEA128);
        const char *want = b == KARX_BACKEND_SSSE3 ? "sse2" : karx_backend_name((karx_backend)b);
        CHECK(strcmp(k->name, want) == 0, "back end %s runs LEA kernels %s", want, k->name);
    }
    CHECK(karx_set_backend(orig) == KARX_OK, "restore back end");
    CHECK(karx_get_backend() == orig, "back end restored");
    printf("LEA kernels:");
    for (size_t i = 0; i < ntables; i++)
        printf(" %s(%u)", tables[i]->name, tables[i]->lanes);
    printf("\n");
}

/* ---- helpers ------------------------------------------------------------------------------ */

static void be_inc(uint8_t c[16])
{
    for (int i = 15; i >= 0; i--)
        if (++c[i] != 0)
            break;
}

/* CTR from the single-block API and a separate counter increment. */
static void ref_ctr(const karx_lea_key *key, uint8_t *out, const uint8_t *in, size_t nblocks,
                    const uint8_t ctr[16])
{
    uint8_t c[16], ks[16];
    memcpy(c, ctr, 16);
    for (size_t b = 0; b < nblocks; b++) {
        karx_lea_encrypt_block(key, ks, c);
        for (int i = 0; i < 16; i++)
            out[16 * b + i] = in[16 * b + i] ^ ks[i];
        be_inc(c);
    }
}

enum op { OP_ENC, OP_DEC, OP_CTR };
static const char *const op_names[] = {"ecb_encrypt", "ecb_decrypt", "ctr_xor"};

static void run_op(const karx_block_kernels *k, enum op op, const karx_lea_key *key, uint8_t *out,
                   const uint8_t *in, size_t nblocks, const uint8_t *ctr)
{
    switch (op) {
    case OP_ENC: k->ecb_encrypt(key, out, in, nblocks); break;
    case OP_DEC: k->ecb_decrypt(key, out, in, nblocks); break;
    case OP_CTR: k->ctr_xor(key, out, in, nblocks, ctr); break;
    }
}

/* Runs op through kernel table k on exact-size, offset buffers, out of place (guards checked)
 * and in place, and compares both with want. */
static void check_op(const karx_block_kernels *k, enum op op, const karx_lea_key *key,
                     const uint8_t *data, size_t nblocks, const uint8_t *ctr, const uint8_t *want,
                     size_t in_off, size_t out_off, const char *what)
{
    size_t len = 16 * nblocks;
    in_buf ib = in_make(data, len, in_off);
    out_buf ob = out_make(len, out_off);
    uint8_t ctr_copy[16] = {0};
    if (ctr)
        memcpy(ctr_copy, ctr, 16);
    run_op(k, op, key, ob.p, ib.p, nblocks, ctr);
    CHECK(len == 0 || memcmp(ob.p, want, len) == 0, "%s %s %s: %zu blocks, offsets %zu/%zu",
          k->name, op_names[op], what, nblocks, in_off, out_off);
    CHECK(out_guards_ok(&ob), "%s %s %s: wrote outside the output (%zu blocks)", k->name,
          op_names[op], what, nblocks);
    CHECK(len == 0 || memcmp(ib.p, data, len) == 0, "%s %s %s: input modified", k->name,
          op_names[op], what);
    CHECK(ctr == NULL || memcmp(ctr, ctr_copy, 16) == 0, "%s %s: counter modified", k->name, what);
    out_free(&ob);

    /* In place. */
    run_op(k, op, key, ib.p, ib.p, nblocks, ctr);
    CHECK(len == 0 || memcmp(ib.p, want, len) == 0, "%s %s %s in place: %zu blocks, offset %zu",
          k->name, op_names[op], what, nblocks, in_off);
    in_free(&ib);
}

/* Parses hex in either "00AB..." or "0x00, 0xAB, ..." form; -1 on anything else. */
static long parse_hex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    int hi = -1;
    for (; *s && *s != '\n' && *s != '\r'; s++) {
        if (*s == ' ' || *s == '\t' || *s == ',')
            continue;
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hi < 0) {
            s++;
            continue;
        }
        int v = t_hexval((unsigned char)*s);
        if (v < 0)
            return -1;
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= cap)
                return -1;
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return hi < 0 ? (long)n : -1;
}

static FILE *open_kat(const char *name)
{
    return t_open_kat(kat_dir, name);
}

/* ---- KCMVP ECB KAT ------------------------------------------------------------------------ */

typedef struct {
    uint8_t key[32], pt[16], ct[16];
    size_t klen;
} kat_rec;

static void test_kcmvp(const char *name, size_t klen, size_t expect)
{
    FILE *f = open_kat(name);
    if (f == NULL)
        return;
    size_t cap = 512, n = 0;
    kat_rec *recs = (kat_rec *)calloc(cap, sizeof *recs);
    kat_rec cur;
    memset(&cur, 0, sizeof cur);
    int have = 0;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        long got;
        if (strncmp(line, "KEY = ", 6) == 0) {
            got = parse_hex(line + 6, cur.key, sizeof cur.key);
            CHECK(got == (long)klen, "%s: key length %ld", name, got);
            cur.klen = (size_t)got;
            have = 1;
        } else if (strncmp(line, "PT = ", 5) == 0) {
            got = parse_hex(line + 5, cur.pt, 16);
            CHECK(got == 16, "%s: PT length %ld", name, got);
            have |= 2;
        } else if (strncmp(line, "CT = ", 5) == 0) {
            got = parse_hex(line + 5, cur.ct, 16);
            CHECK(got == 16, "%s: CT length %ld", name, got);
            CHECK(have == 3, "%s: CT without KEY/PT", name);
            if (n == cap) {
                cap *= 2;
                recs = (kat_rec *)realloc(recs, cap * sizeof *recs);
            }
            recs[n++] = cur;
            have = 1; /* the key carries over only if the file repeats it; it always does */
        }
    }
    fclose(f);
    CHECK(n == expect, "%s: %zu records, expected %zu", name, n, expect);

    /* Single-block API. */
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        karx_lea_key key;
        uint8_t buf[16];
        CHECK(karx_lea_set_key(&key, recs[i].key, recs[i].klen) == KARX_OK, "set_key");
        karx_lea_encrypt_block(&key, buf, recs[i].pt);
        bad += memcmp(buf, recs[i].ct, 16) != 0;
        karx_lea_decrypt_block(&key, buf, recs[i].ct);
        bad += memcmp(buf, recs[i].pt, 16) != 0;
        memcpy(buf, recs[i].pt, 16);
        karx_lea_encrypt_block(&key, buf, buf); /* in place */
        bad += memcmp(buf, recs[i].ct, 16) != 0;
        karx_lea_decrypt_block(&key, buf, buf);
        bad += memcmp(buf, recs[i].pt, 16) != 0;
    }
    CHECK(bad == 0, "%s: %zu single-block mismatches", name, bad);

    /* Kernels: each record alone, then each run of records sharing a key as one call. */
    uint8_t *pts = (uint8_t *)malloc(16 * n), *cts = (uint8_t *)malloc(16 * n);
    for (size_t t = 0; t < ntables; t++) {
        for (size_t i = 0; i < n; i++) {
            karx_lea_key key;
            karx_lea_set_key(&key, recs[i].key, recs[i].klen);
            check_op(tables[t], OP_ENC, &key, recs[i].pt, 1, NULL, recs[i].ct, i % 16, i % 13,
                     name);
            check_op(tables[t], OP_DEC, &key, recs[i].ct, 1, NULL, recs[i].pt, i % 11, i % 7,
                     name);
        }
        for (size_t i = 0; i < n;) {
            size_t j = i;
            while (j < n && recs[j].klen == recs[i].klen &&
                   memcmp(recs[j].key, recs[i].key, recs[i].klen) == 0) {
                memcpy(pts + 16 * (j - i), recs[j].pt, 16);
                memcpy(cts + 16 * (j - i), recs[j].ct, 16);
                j++;
            }
            karx_lea_key key;
            karx_lea_set_key(&key, recs[i].key, recs[i].klen);
            check_op(tables[t], OP_ENC, &key, pts, j - i, NULL, cts, 3, 5, name);
            check_op(tables[t], OP_DEC, &key, cts, j - i, NULL, pts, 1, 0, name);
            i = j;
        }
    }
    free(pts);
    free(cts);
    free(recs);
}

/* ---- Crypto++ ECB/CTR --------------------------------------------------------------------- */

static void test_cryptopp(void)
{
    FILE *f = open_kat("cryptopp_lea.txt");
    if (f == NULL)
        return;
    char line[8192], mode[64] = "";
    uint8_t key[64], iv[64], pt[1024], ct[1024];
    long klen = -1, ivlen = -1, ptlen = -1, ctlen = -1;
    size_t n_ecb = 0, n_ctr = 0, n_other = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "Name: ", 6) == 0) {
            const char *slash = strchr(line, '/');
            snprintf(mode, sizeof mode, "%.3s", slash ? slash + 1 : "");
        } else if (strncmp(line, "Key: ", 5) == 0) {
            klen = parse_hex(line + 5, key, sizeof key);
        } else if (strncmp(line, "IV: ", 4) == 0) {
            ivlen = parse_hex(line + 4, iv, sizeof iv);
        } else if (strncmp(line, "Plaintext: ", 11) == 0) {
            ptlen = parse_hex(line + 11, pt, sizeof pt);
        } else if (strncmp(line, "Ciphertext: ", 12) == 0) {
            ctlen = parse_hex(line + 12, ct, sizeof ct);
        } else if (strncmp(line, "Test: ", 6) == 0) {
            CHECK(strncmp(line + 6, "Encrypt", 7) == 0, "unexpected %s", line);
            int ecb = strcmp(mode, "ECB") == 0, ctr = strcmp(mode, "CTR") == 0;
            if (!ecb && !ctr) {
                n_other++;
            } else {
                karx_lea_key k;
                CHECK(klen > 0 && ptlen >= 0 && ptlen == ctlen && ptlen % 16 == 0,
                      "cryptopp record lengths %ld %ld %ld", klen, ptlen, ctlen);
                CHECK(!ctr || ivlen == 16, "cryptopp CTR IV length %ld", ivlen);
                CHECK(karx_lea_set_key(&k, key, (size_t)klen) == KARX_OK, "cryptopp key");
                size_t nb = (size_t)ptlen / 16;
                for (size_t t = 0; t < ntables; t++) {
                    if (ecb) {
                        check_op(tables[t], OP_ENC, &k, pt, nb, NULL, ct, 0, 1, "cryptopp ECB");
                        check_op(tables[t], OP_DEC, &k, ct, nb, NULL, pt, 2, 0, "cryptopp ECB");
                    } else {
                        check_op(tables[t], OP_CTR, &k, pt, nb, iv, ct, 1, 3, "cryptopp CTR");
                        check_op(tables[t], OP_CTR, &k, ct, nb, iv, pt, 0, 0, "cryptopp CTR");
                    }
                }
                uint8_t chk[1024];
                if (ctr) {
                    ref_ctr(&k, chk, pt, nb, iv);
                    CHECK(memcmp(chk, ct, (size_t)ptlen) == 0, "cryptopp CTR via single blocks");
                }
                n_ecb += (size_t)ecb;
                n_ctr += (size_t)ctr;
            }
            klen = ivlen = ptlen = ctlen = -1;
        }
    }
    fclose(f);
    CHECK(n_ecb == 30 && n_ctr == 30, "cryptopp: %zu ECB, %zu CTR records (expected 30 each)",
          n_ecb, n_ctr);
    printf("cryptopp_lea.txt: %zu ECB and %zu CTR records through %zu kernel tables (%zu CBC "
           "left to the mode tests)\n",
           n_ecb, n_ctr, ntables, n_other);
}

/* ---- every back end against portable ------------------------------------------------------ */

static void random_key(karx_lea_key *key, size_t *klen_out)
{
    static const size_t lens[3] = {16, 24, 32};
    uint8_t k[32];
    size_t klen = lens[t_rand64() % 3];
    t_fill(k, klen);
    CHECK(karx_lea_set_key(key, k, klen) == KARX_OK, "random key");
    if (klen_out)
        *klen_out = klen;
}

static void test_random(void)
{
    const int iters = 200;
    uint8_t *data = (uint8_t *)malloc(16 * 300), *want = (uint8_t *)malloc(16 * 300),
            *back = (uint8_t *)malloc(16 * 300);
    for (size_t t = 0; t < ntables; t++) {
        for (int it = 0; it < iters; it++) {
            karx_lea_key key;
            random_key(&key, NULL);
            size_t nb = (size_t)(t_rand64() % 301);
            /* Small counts more often: they take the tail paths. */
            if (it % 3 == 0)
                nb = (size_t)(t_rand64() % 40);
            size_t in_off = (size_t)(t_rand64() % 64), out_off = (size_t)(t_rand64() % 64);
            uint8_t ctr[16];
            t_fill(data, 16 * nb);
            t_fill(ctr, 16);
            ctr[0] &= 0x7f; /* far from wrapping */
            for (int op = OP_ENC; op <= OP_CTR; op++) {
                run_op(portable, (enum op)op, &key, want, data, nb, ctr);
                check_op(tables[t], (enum op)op, &key, data, nb, op == OP_CTR ? ctr : NULL, want,
                         in_off, out_off, "random");
            }
            /* Round trips. */
            tables[t]->ecb_encrypt(&key, want, data, nb);
            tables[t]->ecb_decrypt(&key, back, want, nb);
            CHECK(nb == 0 || memcmp(back, data, 16 * nb) == 0, "%s: decrypt(encrypt(x)) != x",
                  tables[t]->name);
            tables[t]->ctr_xor(&key, want, data, nb, ctr);
            tables[t]->ctr_xor(&key, back, want, nb, ctr);
            CHECK(nb == 0 || memcmp(back, data, 16 * nb) == 0, "%s: CTR twice != x",
                  tables[t]->name);
        }
    }
    free(data);
    free(want);
    free(back);
}

/* Long calls: AVX-512 decryption switches to its combined round keys from 1024 blocks on. */
static void test_long(void)
{
    const size_t max = 1200;
    uint8_t *data = (uint8_t *)malloc(16 * max), *want = (uint8_t *)malloc(16 * max);
    for (size_t t = 0; t < ntables; t++) {
        for (int it = 0; it < 6; it++) {
            karx_lea_key key;
            random_key(&key, NULL);
            static const size_t fixed[3] = {1200, 1024, 1023};
            size_t nb = it < 3 ? fixed[it] : 500 + (size_t)(t_rand64() % (max - 499));
            uint8_t ctr[16];
            t_fill(data, 16 * nb);
            t_fill(ctr, 16);
            ctr[0] &= 0x7f;
            for (int op = OP_ENC; op <= OP_CTR; op++) {
                run_op(portable, (enum op)op, &key, want, data, nb, ctr);
                check_op(tables[t], (enum op)op, &key, data, nb, op == OP_CTR ? ctr : NULL, want,
                         (size_t)(t_rand64() % 64), (size_t)(t_rand64() % 64), "long");
            }
        }
    }
    free(data);
    free(want);
}

/* Counters whose low k bytes are all ff, minus a few blocks, so the carry falls inside (and at
 * every position of) a batch. Compared with the single-block API, for every table. */
static void test_ctr_carries(void)
{
    static const int low[] = {1, 4, 5, 8, 12, 15};
    uint8_t *data = (uint8_t *)malloc(16 * 200), *want = (uint8_t *)malloc(16 * 200);
    for (size_t li = 0; li < sizeof low / sizeof low[0]; li++) {
        int k = low[li];
        for (int before = 0; before <= 40; before++) {
            karx_lea_key key;
            random_key(&key, NULL);
            uint8_t ctr[16];
            t_fill(ctr, 16);
            memset(ctr + 16 - k, 0xff, (size_t)k);
            ctr[15 - k] = (uint8_t)(t_rand64() % 255); /* not ff: no wrap of the whole block */
            /* ctr -= before */
            for (int s = 0; s < before; s++)
                for (int i = 15; i >= 0; i--)
                    if (ctr[i]-- != 0)
                        break;
            size_t nb = (size_t)before + 1 + (size_t)(t_rand64() % 100);
            t_fill(data, 16 * nb);
            ref_ctr(&key, want, data, nb, ctr);
            for (size_t t = 0; t < ntables; t++)
                check_op(tables[t], OP_CTR, &key, data, nb, ctr, want,
                         (size_t)(t_rand64() % 64), (size_t)(t_rand64() % 64), "carry");
        }
    }
    /* A carry exactly at the end of a call, and the last block before all-ones. */
    {
        karx_lea_key key;
        random_key(&key, NULL);
        uint8_t ctr[16];
        memset(ctr, 0xff, 16);
        ctr[15] = 0xff - 47; /* 48 blocks up to and including all-ones */
        t_fill(data, 16 * 48);
        ref_ctr(&key, want, data, 48, ctr);
        for (size_t t = 0; t < ntables; t++)
            check_op(tables[t], OP_CTR, &key, data, 48, ctr, want, 0, 0, "to all-ones");
        memset(ctr, 0, 16);
        memset(ctr + 8, 0xff, 8);
        ctr[15] = 0xf0; /* 00..00 ffffffff fffffff0: carries through 8 bytes */
        ref_ctr(&key, want, data, 48, ctr);
        for (size_t t = 0; t < ntables; t++)
            check_op(tables[t], OP_CTR, &key, data, 48, ctr, want, 5, 9, "ffffffff fffffff0");
    }
    free(data);
    free(want);
}

/* ---- API and bad input -------------------------------------------------------------------- */

static void test_api(void)
{
    karx_lea_key key;
    uint8_t k[40], in[16], out[16], out2[16];
    t_fill(k, sizeof k);
    t_fill(in, sizeof in);

    CHECK(karx_lea_block_bytes() == 16 && KARX_LEA_BLOCK_BYTES == 16, "block bytes");
    CHECK(karx_lea_set_key(NULL, k, 16) == KARX_ERR_ARGUMENT, "set_key(NULL key)");
    CHECK(karx_lea_set_key(&key, k, 16) == KARX_OK, "set_key 16");
    CHECK(key.rounds == 24, "LEA-128 rounds %u", (unsigned)key.rounds);
    CHECK(karx_lea_set_key(&key, NULL, 16) == KARX_ERR_ARGUMENT, "set_key(NULL bytes)");
    CHECK(t_all_zero(&key, sizeof key), "key wiped after NULL bytes");
    CHECK(karx_lea_set_key(&key, k, 24) == KARX_OK && key.rounds == 28, "LEA-192 rounds");
    CHECK(karx_lea_set_key(&key, k, 32) == KARX_OK && key.rounds == 32, "LEA-256 rounds");

    static const size_t bad_lens[] = {0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 40};
    for (size_t i = 0; i < sizeof bad_lens / sizeof bad_lens[0]; i++) {
        CHECK(karx_lea_set_key(&key, k, 16) == KARX_OK, "set_key");
        CHECK(karx_lea_set_key(&key, k, bad_lens[i]) == KARX_ERR_KEY_LENGTH, "key length %zu",
              bad_lens[i]);
        CHECK(t_all_zero(&key, sizeof key), "key wiped after length %zu", bad_lens[i]);
        CHECK(karx_lea_encrypt_block(&key, out, in) == KARX_ERR_STATE, "encrypt, wiped key");
        CHECK(karx_lea_decrypt_block(&key, out, in) == KARX_ERR_STATE, "decrypt, wiped key");
    }

    CHECK(karx_lea_set_key(&key, k, 16) == KARX_OK, "set_key");
    CHECK(karx_lea_encrypt_block(NULL, out, in) == KARX_ERR_ARGUMENT, "encrypt NULL key");
    CHECK(karx_lea_encrypt_block(&key, NULL, in) == KARX_ERR_ARGUMENT, "encrypt NULL out");
    CHECK(karx_lea_encrypt_block(&key, out, NULL) == KARX_ERR_ARGUMENT, "encrypt NULL in");
    CHECK(karx_lea_decrypt_block(NULL, out, in) == KARX_ERR_ARGUMENT, "decrypt NULL key");
    CHECK(karx_lea_decrypt_block(&key, NULL, in) == KARX_ERR_ARGUMENT, "decrypt NULL out");
    CHECK(karx_lea_decrypt_block(&key, out, NULL) == KARX_ERR_ARGUMENT, "decrypt NULL in");

    CHECK(karx_lea_encrypt_block(&key, out, in) == KARX_OK, "encrypt");
    memcpy(out2, in, 16);
    CHECK(karx_lea_encrypt_block(&key, out2, out2) == KARX_OK && memcmp(out, out2, 16) == 0,
          "encrypt in place");
    CHECK(karx_lea_decrypt_block(&key, out2, out2) == KARX_OK && memcmp(in, out2, 16) == 0,
          "decrypt in place");

    /* A struct that was never set (or was corrupted) is refused, whatever its key words. */
    karx_lea_key copy = key;
    copy.rounds = 25;
    CHECK(karx_lea_encrypt_block(&copy, out, in) == KARX_ERR_STATE, "rounds 25");
    copy.rounds = 0;
    CHECK(karx_lea_decrypt_block(&copy, out, in) == KARX_ERR_STATE, "rounds 0");

    karx_lea_key_wipe(&key);
    CHECK(t_all_zero(&key, sizeof key), "karx_lea_key_wipe");
    CHECK(karx_lea_encrypt_block(&key, out, in) == KARX_ERR_STATE, "encrypt after wipe");
    CHECK(karx_lea_decrypt_block(&key, out, in) == KARX_ERR_STATE, "decrypt after wipe");
    karx_lea_key_wipe(NULL);

    /* The key schedule's unused rows stay zero (LEA-128 uses 24 of 32). */
    CHECK(karx_lea_set_key(&key, k, 32) == KARX_OK, "set_key 32");
    CHECK(karx_lea_set_key(&key, k, 16) == KARX_OK, "set_key 16 over 32");
    CHECK(t_all_zero(key.rk[24], sizeof key.rk[0] * 8), "rows past the last round are zero");
}

int main(int argc, char **argv)
{
    if (argc > 1)
        kat_dir = argv[1];
    t_seed_from_env();
    collect_tables();
    if (portable == NULL)
        return t_finish("lea");
    test_api();
    test_kcmvp("kcmvp_lea128_ecb_kat.txt", 16, 276);
    test_kcmvp("kcmvp_lea192_ecb_kat.txt", 24, 340);
    test_kcmvp("kcmvp_lea256_ecb_kat.txt", 32, 404);
    test_cryptopp();
    test_random();
    test_long();
    test_ctr_carries();
    return t_finish("lea");
}
