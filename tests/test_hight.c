/* HIGHT: known answers (KCMVP ECB file incl. the 4 TTAK.KO-12.0040/R1 reference values, which the
 * file prints byte-reversed; Crypto++ ECB and CTR records) through the block calls and through
 * every back end's kernels (GFNI and plain forms), then every kernel against the portable one on
 * random sizes, offsets, keys and counters near carries, in place and out of place, with guard
 * bytes and exact-size heap buffers; then bad input. argv[1]: the KAT folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hight/hight_internal.h"
#include "karx/karx.h"
#include "test_kernels.h"
#include "test_util.h"

#define MAXV 16 /* kernel tables under test */
static const karx_block_kernels *kern[MAXV];
static char kname[MAXV][48];
static int nkern;

/* Every HIGHT kernel this CPU runs (plain and GFNI forms), from the registry. */
static void collect_kernels(void)
{
    const char *names[MAXV];
    nkern = (int)t_cipher_kernels(KARX_CIPHER_HIGHT, kern, names, MAXV);
    for (int i = 0; i < nkern; i++)
        snprintf(kname[i], sizeof kname[0], "%s", names[i]);
    printf("kernels under test:");
    for (int i = 0; i < nkern; i++)
        printf(" [%s]", kname[i]);
    printf("\n");
    /* (GFNI is only ever reported on x86, where the SSE2 back end then exists in SIMD builds.) */
    if ((karx_cpu_features() & KARX_CPU_GFNI) && karx_backend_supported(KARX_BACKEND_SSE2)) {
        int gf = 0;
        for (int i = 0; i < nkern; i++)
            gf += strstr(kern[i]->name, "gfni") != NULL;
        CHECK(gf > 0, "a GFNI CPU must test the GFNI kernels");
    }
}

static void reverse(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        uint8_t t = p[i];
        p[i] = p[n - 1 - i];
        p[n - 1 - i] = t;
    }
}

/* ---- one ECB known answer through the block calls and every kernel ------------------------ */
static void ecb_known(const uint8_t key16[16], const uint8_t pt[8], const uint8_t ct[8],
                      const char *what)
{
    karx_hight_key key;
    uint8_t buf[8];
    CHECK(karx_hight_set_key(&key, key16, 16) == KARX_OK, "%s set_key", what);
    CHECK(karx_hight_encrypt_block(&key, buf, pt) == KARX_OK, "%s enc", what);
    CHECK(memcmp(buf, ct, 8) == 0, "%s block encrypt", what);
    CHECK(karx_hight_decrypt_block(&key, buf, ct) == KARX_OK, "%s dec", what);
    CHECK(memcmp(buf, pt, 8) == 0, "%s block decrypt", what);
    memcpy(buf, pt, 8);
    karx_hight_encrypt_block(&key, buf, buf);
    CHECK(memcmp(buf, ct, 8) == 0, "%s block encrypt in place", what);
    karx_hight_decrypt_block(&key, buf, buf);
    CHECK(memcmp(buf, pt, 8) == 0, "%s block decrypt in place", what);

    /* Kernels: the same block repeated n times (1, a partial batch, full batches + tail). */
    static const size_t ns[] = {1, 67, 200};
    uint8_t in[200 * 8], out[200 * 8];
    for (int v = 0; v < nkern; v++) {
        for (size_t t = 0; t < sizeof ns / sizeof ns[0]; t++) {
            size_t n = ns[t];
            for (size_t i = 0; i < n; i++)
                memcpy(in + 8 * i, pt, 8);
            kern[v]->ecb_encrypt(&key, out, in, n);
            int ok = 1;
            for (size_t i = 0; i < n; i++)
                ok &= memcmp(out + 8 * i, ct, 8) == 0;
            CHECK(ok, "%s [%s] ecb_encrypt n=%zu", what, kname[v], n);
            kern[v]->ecb_decrypt(&key, out, out, n);
            ok = 1;
            for (size_t i = 0; i < n; i++)
                ok &= memcmp(out + 8 * i, pt, 8) == 0;
            CHECK(ok, "%s [%s] ecb_decrypt in place n=%zu", what, kname[v], n);
        }
    }
    karx_hight_key_wipe(&key);
}

/* Reference CTR from the block call: counter = the whole block, big-endian, + 1 per block. */
static void ctr_by_blocks(const karx_hight_key *key, uint8_t *out, const uint8_t *in, size_t len,
                          const uint8_t iv[8])
{
    uint8_t c[8], ks[8];
    memcpy(c, iv, 8);
    for (size_t i = 0; i < len; i += 8) {
        karx_hight_encrypt_block(key, ks, c);
        for (size_t j = 0; j < 8 && i + j < len; j++)
            out[i + j] = (uint8_t)(in[i + j] ^ ks[j]);
        karx_i_ctr_add(c, 8, 1);
    }
}

static void ctr_known(const uint8_t key16[16], const uint8_t iv[8], const uint8_t *pt,
                      const uint8_t *ct, size_t len, const char *what)
{
    karx_hight_key key;
    uint8_t buf[256], pad[256];
    CHECK(karx_hight_set_key(&key, key16, 16) == KARX_OK, "%s set_key", what);
    ctr_by_blocks(&key, buf, pt, len, iv);
    CHECK(memcmp(buf, ct, len) == 0, "%s CTR by block calls", what);
    size_t nb = (len + 7) / 8;
    for (int v = 0; v < nkern; v++) {
        memset(pad, 0, sizeof pad);
        memcpy(pad, pt, len);
        kern[v]->ctr_xor(&key, buf, pad, nb, iv);
        CHECK(memcmp(buf, ct, len) == 0, "%s [%s] ctr_xor", what, kname[v]);
        kern[v]->ctr_xor(&key, pad, pad, nb, iv); /* in place */
        CHECK(memcmp(pad, ct, len) == 0, "%s [%s] ctr_xor in place", what, kname[v]);
    }
    karx_hight_key_wipe(&key);
}

/* KEY = / PT = / CT = records; "# Reverse: true" marks the next record as printed MSB-first
 * (the TTAK.KO-12.0040/R1 reference values): every field is reversed into array order. */
static void kat_kcmvp(const char *dir)
{
    FILE *f = t_open_kat(dir, "kcmvp_hight_ecb_kat.txt");
    if (f == NULL)
        return;
    char line[512];
    uint8_t key[16], pt[8], ct[8];
    int have = 0, rev = 0, count = 0, reversed = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "# Reverse: true", 15) == 0) {
            rev = 1;
        } else if (strncmp(line, "KEY = ", 6) == 0) {
            CHECK(t_unhex(line + 6, key, 16) == 16, "KEY line: %s", line);
            have = 1;
        } else if (strncmp(line, "PT = ", 5) == 0) {
            CHECK(t_unhex(line + 5, pt, 8) == 8, "PT line: %s", line);
            have |= 2;
        } else if (strncmp(line, "CT = ", 5) == 0) {
            CHECK(t_unhex(line + 5, ct, 8) == 8, "CT line: %s", line);
            have |= 4;
        }
        if (have == 7) {
            char what[64];
            if (rev) {
                reverse(key, 16);
                reverse(pt, 8);
                reverse(ct, 8);
                reversed++;
            }
            snprintf(what, sizeof what, "KCMVP ECB #%d%s", count + 1,
                     rev ? " (TTAK, reversed)" : "");
            ecb_known(key, pt, ct, what);
            count++;
            have = 0;
            rev = 0;
        }
    }
    fclose(f);
    printf("KCMVP HIGHT ECB: %d records (%d TTAK reference values tested byte-reversed)\n", count,
           reversed);
    CHECK(count == 216 && reversed == 4, "expected 216 records, 4 reversed; got %d, %d", count,
          reversed);
}

/* Crypto++ format: Name: HIGHT/ECB|CBC|CTR, then Key/IV/Plaintext/Ciphertext, Test: Encrypt.
 * CBC belongs to the modes' tests and is skipped here. */
static void kat_cryptopp(const char *dir)
{
    FILE *f = t_open_kat(dir, "cryptopp_hight.txt");
    if (f == NULL)
        return;
    char line[1024], mode[16] = "";
    uint8_t key[16], iv[8], pt[256], ct[256];
    long klen = -1, ivlen = -1, ptlen = -1, ctlen = -1;
    int n_ecb = 0, n_ctr = 0;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (line[0] == '#' || colon == NULL)
            continue;
        size_t flen = (size_t)(colon - line);
        while (flen > 0 && line[flen - 1] == ' ')
            flen--;
        const char *val = colon + 1;
        if (flen == 4 && strncmp(line, "Name", 4) == 0) {
            const char *m = strstr(val, "HIGHT/");
            snprintf(mode, sizeof mode, "%.3s", m ? m + 6 : "");
        } else if (flen == 3 && strncmp(line, "Key", 3) == 0) {
            klen = t_unhex(val, key, sizeof key);
        } else if (flen == 2 && strncmp(line, "IV", 2) == 0) {
            ivlen = t_unhex(val, iv, sizeof iv);
        } else if (flen == 9 && strncmp(line, "Plaintext", 9) == 0) {
            ptlen = t_unhex(val, pt, sizeof pt);
        } else if (flen == 10 && strncmp(line, "Ciphertext", 10) == 0) {
            ctlen = t_unhex(val, ct, sizeof ct);
        } else if (flen == 4 && strncmp(line, "Test", 4) == 0) {
            char what[64];
            if (strcmp(mode, "ECB") == 0) {
                CHECK(klen == 16 && ptlen == 8 && ctlen == 8, "Crypto++ ECB record %d", n_ecb + 1);
                snprintf(what, sizeof what, "Crypto++ ECB #%d", n_ecb + 1);
                if (klen == 16 && ptlen == 8 && ctlen == 8)
                    ecb_known(key, pt, ct, what);
                n_ecb++;
            } else if (strcmp(mode, "CTR") == 0) {
                CHECK(klen == 16 && ivlen == 8 && ptlen > 0 && ptlen == ctlen,
                      "Crypto++ CTR record %d", n_ctr + 1);
                snprintf(what, sizeof what, "Crypto++ CTR #%d (%ld bytes)", n_ctr + 1, ptlen);
                if (klen == 16 && ivlen == 8 && ptlen > 0 && ptlen == ctlen)
                    ctr_known(key, iv, pt, ct, (size_t)ptlen, what);
                n_ctr++;
            }
            klen = ivlen = ptlen = ctlen = -1;
        }
    }
    fclose(f);
    printf("Crypto++ HIGHT: %d ECB and %d CTR records\n", n_ecb, n_ctr);
    CHECK(n_ecb == 15 && n_ctr > 40, "record counts %d ECB, %d CTR", n_ecb, n_ctr);
}

/* ---- every kernel against the portable one --------------------------------------------------- */
#define GUARD 32
static int guard_ok(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0xa5)
            return 0;
    return 1;
}

/* A counter whose low `run` bytes are all ff minus a small value below n (so the carry across
 * them happens inside the call), run = 0: random. Byte 0 stays below ff: no wrap in the call. */
static void near_carry_counter(uint8_t c[8], int run, size_t n)
{
    t_fill(c, 8);
    c[0] &= 0x7f;
    if (run > 0) {
        memset(c + 8 - run, 0xff, (size_t)run);
        uint64_t back = n ? t_rand64() % n : 0;
        uint8_t sub[8] = {0};
        for (int i = 7; i >= 0; i--, back >>= 8)
            sub[i] = (uint8_t)back;
        /* c -= back (big-endian) */
        unsigned borrow = 0;
        for (int i = 7; i >= 0; i--) {
            int d = (int)c[i] - (int)sub[i] - (int)borrow;
            borrow = d < 0;
            c[i] = (uint8_t)d;
        }
    }
}

static void random_vs_portable(void)
{
    const karx_block_kernels *ref = &karx_i_hight_portable;
    static const int runs[] = {0, 1, 2, 4, 5, 7};
    for (int v = 0; v < nkern; v++) {
        if (kern[v] == ref)
            continue;
        unsigned long fails_before = t_failed;
        for (int iter = 0; iter < 400; iter++) {
            size_t n = (size_t)(t_rand64() % 301);
            if (iter < 6)
                n = (size_t[]){0, 1, 15, 16, 64, 300}[iter];
            size_t len = 8 * n, ioff = (size_t)(t_rand64() % 16), ooff = (size_t)(t_rand64() % 16);
            uint8_t k16[16], ctr[8];
            karx_hight_key key;
            t_fill(k16, 16);
            karx_hight_set_key(&key, k16, 16);
            near_carry_counter(ctr, runs[iter % 6], n);
            if (iter % 37 == 5) { /* ends exactly at all-ones, the most the contract allows */
                uint64_t last = ~(uint64_t)0 - (n ? n - 1 : 0);
                for (int i = 7; i >= 0; i--, last >>= 8)
                    ctr[i] = (uint8_t)last;
            }
            /* exact-size input (ASan sees any over-read), guarded output, exact-size in place */
            uint8_t *inb = malloc(ioff + len ? ioff + len : 1), *in = inb + ioff;
            uint8_t *outb = malloc(2 * GUARD + ooff + len), *out = outb + GUARD + ooff;
            uint8_t *ipb = malloc(ooff + len ? ooff + len : 1), *ip = ipb + ooff;
            uint8_t *want = malloc(len ? len : 1);
            if (!inb || !outb || !ipb || !want) {
                CHECK(0, "out of memory");
                return;
            }
            t_fill(in, len);
            for (int op = 0; op < 3; op++) {
                memset(outb, 0xa5, 2 * GUARD + ooff + len);
                if (op == 0) {
                    ref->ecb_encrypt(&key, want, in, n);
                    kern[v]->ecb_encrypt(&key, out, in, n);
                } else if (op == 1) {
                    ref->ecb_decrypt(&key, want, in, n);
                    kern[v]->ecb_decrypt(&key, out, in, n);
                } else {
                    ref->ctr_xor(&key, want, in, n, ctr);
                    kern[v]->ctr_xor(&key, out, in, n, ctr);
                }
                CHECK(memcmp(out, want, len) == 0, "[%s] op %d n=%zu run=%d offsets %zu/%zu",
                      kname[v], op, n, runs[iter % 6], ioff, ooff);
                CHECK(guard_ok(outb, GUARD + ooff) && guard_ok(out + len, GUARD),
                      "[%s] op %d n=%zu wrote outside its output", kname[v], op, n);
                memcpy(ip, in, len);
                if (op == 0)
                    kern[v]->ecb_encrypt(&key, ip, ip, n);
                else if (op == 1)
                    kern[v]->ecb_decrypt(&key, ip, ip, n);
                else
                    kern[v]->ctr_xor(&key, ip, ip, n, ctr);
                CHECK(memcmp(ip, want, len) == 0, "[%s] op %d n=%zu in place", kname[v], op, n);
            }
            /* round trips with the kernel alone */
            kern[v]->ecb_encrypt(&key, out, in, n);
            kern[v]->ecb_decrypt(&key, out, out, n);
            CHECK(memcmp(out, in, len) == 0, "[%s] ecb decrypt(encrypt(x)) n=%zu", kname[v], n);
            kern[v]->ctr_xor(&key, out, in, n, ctr);
            kern[v]->ctr_xor(&key, out, out, n, ctr);
            CHECK(memcmp(out, in, len) == 0, "[%s] ctr twice n=%zu", kname[v], n);
            free(inb);
            free(outb);
            free(ipb);
            free(want);
            karx_hight_key_wipe(&key);
        }
        printf("[%s] vs portable: %s\n", kname[v], t_failed == fails_before ? "ok" : "FAILED");
    }
}

/* Portable kernels against the block calls (the reference above must itself be right). */
static void portable_vs_blocks(void)
{
    uint8_t k16[16], ctr[8], in[8 * 43], a[8 * 43], b[8 * 43];
    karx_hight_key key;
    static const int runs[] = {0, 1, 2, 4, 5, 7};
    for (int iter = 0; iter < 36; iter++) {
        t_fill(k16, 16);
        t_fill(in, sizeof in);
        near_carry_counter(ctr, runs[iter % 6], 43);
        karx_hight_set_key(&key, k16, 16);
        karx_i_hight_portable.ecb_encrypt(&key, a, in, 43);
        for (int i = 0; i < 43; i++)
            karx_hight_encrypt_block(&key, b + 8 * i, in + 8 * i);
        CHECK(memcmp(a, b, sizeof a) == 0, "portable ecb_encrypt vs block calls");
        karx_i_hight_portable.ecb_decrypt(&key, a, in, 43);
        for (int i = 0; i < 43; i++)
            karx_hight_decrypt_block(&key, b + 8 * i, in + 8 * i);
        CHECK(memcmp(a, b, sizeof a) == 0, "portable ecb_decrypt vs block calls");
        karx_i_hight_portable.ctr_xor(&key, a, in, 43, ctr);
        ctr_by_blocks(&key, b, in, sizeof in, ctr);
        CHECK(memcmp(a, b, sizeof a) == 0, "portable ctr_xor vs block calls");
    }
    karx_hight_key_wipe(&key);
}

/* ---- bad input ------------------------------------------------------------------------------- */
static void bad_input(void)
{
    karx_hight_key key;
    uint8_t k[32] = {1, 2, 3}, blk[8] = {0}, out[8];
    CHECK(karx_hight_block_bytes() == 8, "block bytes");
    CHECK(karx_hight_set_key(NULL, k, 16) == KARX_ERR_ARGUMENT, "NULL key struct");
    memset(&key, 0x55, sizeof key);
    CHECK(karx_hight_set_key(&key, NULL, 16) == KARX_ERR_ARGUMENT, "NULL key bytes");
    CHECK(t_all_zero(&key, sizeof key), "key wiped after NULL key bytes");
    static const size_t bad_lens[] = {0, 1, 8, 15, 17, 24, 32};
    for (size_t i = 0; i < sizeof bad_lens / sizeof bad_lens[0]; i++) {
        karx_hight_set_key(&key, k, 16);
        CHECK(karx_hight_set_key(&key, k, bad_lens[i]) == KARX_ERR_KEY_LENGTH, "key length %zu",
              bad_lens[i]);
        CHECK(t_all_zero(&key, sizeof key), "key wiped after length %zu", bad_lens[i]);
        CHECK(karx_hight_encrypt_block(&key, out, blk) == KARX_ERR_STATE, "encrypt after bad key");
    }
    CHECK(karx_hight_set_key(&key, k, 16) == KARX_OK, "good key");
    CHECK(key.ready != 0, "ready set");
    CHECK(karx_hight_encrypt_block(NULL, out, blk) == KARX_ERR_ARGUMENT, "encrypt NULL key");
    CHECK(karx_hight_encrypt_block(&key, NULL, blk) == KARX_ERR_ARGUMENT, "encrypt NULL out");
    CHECK(karx_hight_encrypt_block(&key, out, NULL) == KARX_ERR_ARGUMENT, "encrypt NULL in");
    CHECK(karx_hight_decrypt_block(NULL, out, blk) == KARX_ERR_ARGUMENT, "decrypt NULL key");
    CHECK(karx_hight_decrypt_block(&key, NULL, blk) == KARX_ERR_ARGUMENT, "decrypt NULL out");
    CHECK(karx_hight_decrypt_block(&key, out, NULL) == KARX_ERR_ARGUMENT, "decrypt NULL in");
    karx_hight_key_wipe(&key);
    CHECK(t_all_zero(&key, sizeof key), "wipe zeroes the key");
    memset(out, 0x77, sizeof out);
    CHECK(karx_hight_encrypt_block(&key, out, blk) == KARX_ERR_STATE, "encrypt on wiped key");
    CHECK(t_all_zero(out, sizeof out), "output wiped on error");
    CHECK(karx_hight_decrypt_block(&key, out, blk) == KARX_ERR_STATE, "decrypt on wiped key");
    karx_hight_key zero;
    memset(&zero, 0, sizeof zero);
    CHECK(karx_hight_encrypt_block(&zero, out, blk) == KARX_ERR_STATE, "never-set key");
    karx_hight_key_wipe(NULL); /* allowed, no effect */
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s KAT_DIR\n", argv[0]);
        return 2;
    }
    t_seed_from_env();
    collect_kernels();
    bad_input();
    kat_kcmvp(argv[1]);
    kat_cryptopp(argv[1]);
    portable_vs_blocks();
    random_vs_portable();
    return t_finish("hight");
}
