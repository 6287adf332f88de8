/* Revised CHAM: known answers through the block calls and every back end's kernels, the
 * original-CHAM vectors of Crypto++ as a negative test, every back end against the portable
 * kernels on random lengths, offsets and counters near carries, and bad input.
 * Usage: test_cham <kat folder>. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cham.h"
#include "karx/cpu.h"

#include "cham/cham_core.h"
#include "cham/cham_internal.h"
#include "test_kernels.h"
#include "test_util.h"

/* ---- one key of either cipher ----------------------------------------------------------- */

typedef struct tkey {
    int bits; /* block bits: 64 or 128 */
    karx_cham64_key k64;
    karx_cham128_key k128;
} tkey;

static size_t block_bytes(int bits) { return bits == 64 ? 8 : 16; }

static karx_status tkey_set(tkey *t, int bits, const uint8_t *k, size_t len)
{
    t->bits = bits;
    return bits == 64 ? karx_cham64_set_key(&t->k64, k, len)
                      : karx_cham128_set_key(&t->k128, k, len);
}

static const void *tkey_ks(const tkey *t)
{
    return t->bits == 64 ? (const void *)&t->k64 : (const void *)&t->k128;
}

static karx_status tkey_block(const tkey *t, int decrypt, uint8_t *out, const uint8_t *in)
{
    if (t->bits == 64)
        return decrypt ? karx_cham64_decrypt_block(&t->k64, out, in)
                       : karx_cham64_encrypt_block(&t->k64, out, in);
    return decrypt ? karx_cham128_decrypt_block(&t->k128, out, in)
                   : karx_cham128_encrypt_block(&t->k128, out, in);
}

static const char *variant_name(int bits, size_t klen)
{
    return bits == 64 ? "CHAM-64/128" : klen == 16 ? "CHAM-128/128" : "CHAM-128/256";
}

/* ---- back ends ----------------------------------------------------------------------------- */

typedef struct backend {
    char name[32];
    const karx_block_kernels *k64, *k128; /* k128 NULL: a CHAM-64-only entry */
} backend;

#define MAX_KERNELS 8
static backend backends[MAX_KERNELS];
static int nbackends;

/* Every CHAM kernel this CPU runs, from the registry: one entry per CHAM-64 kernel, paired with
 * the CHAM-128 kernel of the same name (none for CHAM-64-only forms such as avx512-vbmi2). */
static void collect_backends(void)
{
    const karx_block_kernels *k64[MAX_KERNELS], *k128[MAX_KERNELS];
    const char *n64[MAX_KERNELS], *n128[MAX_KERNELS];
    size_t c64 = t_cipher_kernels(KARX_CIPHER_CHAM64_128, k64, n64, MAX_KERNELS);
    size_t c128 = t_cipher_kernels(KARX_CIPHER_CHAM128_128, k128, n128, MAX_KERNELS);
    for (size_t i = 0; i < c64; i++) {
        backend *e = &backends[nbackends++];
        snprintf(e->name, sizeof e->name, "%s", n64[i]);
        e->k64 = k64[i];
        e->k128 = NULL;
        for (size_t j = 0; j < c128; j++)
            if (strcmp(n128[j], n64[i]) == 0)
                e->k128 = k128[j];
        for (int w = 0; w < 2; w++) {
            const karx_block_kernels *k = w ? e->k128 : e->k64;
            CHECK(k == NULL || (k->name != NULL && k->lanes >= 1 && k->ecb_encrypt != NULL &&
                                k->ecb_decrypt != NULL && k->ctr_xor != NULL),
                  "%s: kernel table %d incomplete", e->name, w);
        }
    }
    CHECK(nbackends >= 1 && backends[0].k128 != NULL, "portable kernels for both widths");
    if (karx_cpu_features() & KARX_CPU_AVX512VBMI2) {
        int vbmi2 = 0;
        for (int i = 0; i < nbackends; i++)
            vbmi2 |= strcmp(backends[i].name, "avx512-vbmi2") == 0;
        CHECK(vbmi2 || !karx_backend_supported(KARX_BACKEND_AVX512),
              "a VBMI2 CPU must test the VBMI2 CHAM-64 kernel");
    }
    printf("back ends:");
    for (int i = 0; i < nbackends; i++)
        printf(" %s(%u/%u lanes)", backends[i].name, backends[i].k64->lanes,
               backends[i].k128 ? backends[i].k128->lanes : 0);
    printf("\n");
}

static const karx_block_kernels *kernels_of(const backend *b, int bits)
{
    return bits == 64 ? b->k64 : b->k128;
}

/* ---- known answers ------------------------------------------------------------------------- */

typedef struct kat {
    int bits;
    size_t klen;
    uint8_t key[32], pt[16], ct[16];
    char where[96];
} kat;

static kat *kats;
static size_t nkats, capkats;

static void add_kat(const kat *k)
{
    if (nkats == capkats && (kats = t_grow(kats, &capkats, 256, sizeof *kats)) == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    kats[nkats++] = *k;
}

static const char *value_after(const char *line, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0)
        return NULL;
    line += n;
    while (*line == ' ')
        line++;
    if (*line != '=')
        return NULL;
    line++;
    while (*line == ' ')
        line++;
    return line;
}

/* KEY/PT/CT (revised_cham_kat.txt) or KEY/PLAINTEXT/CIPHERTEXT (.rsp); the block size follows
 * from the plaintext. Returns the number of cases read, -1 if the file is missing. */
static long load_kats(const char *dir, const char *file)
{
    char line[1024];
    FILE *f = t_open_kat(dir, file);
    if (f == NULL)
        return -1;
    kat k;
    memset(&k, 0, sizeof k);
    long have_key = -1, have_pt = -1, count = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        const char *v;
        if ((v = value_after(line, "KEY")) != NULL) {
            have_key = t_unhex(v, k.key, sizeof k.key);
        } else if ((v = value_after(line, "PT")) != NULL ||
                   (v = value_after(line, "PLAINTEXT")) != NULL) {
            have_pt = t_unhex(v, k.pt, sizeof k.pt);
        } else if ((v = value_after(line, "CT")) != NULL ||
                   (v = value_after(line, "CIPHERTEXT")) != NULL) {
            long ct = t_unhex(v, k.ct, sizeof k.ct);
            int ok = (have_pt == 8 || have_pt == 16) && ct == have_pt &&
                     (have_pt == 8 ? have_key == 16 : (have_key == 16 || have_key == 32));
            CHECK(ok, "%s:%ld: malformed case", file, lineno);
            if (ok) {
                k.bits = have_pt == 8 ? 64 : 128;
                k.klen = (size_t)have_key;
                snprintf(k.where, sizeof k.where, "%s:%ld", file, lineno);
                add_kat(&k);
                count++;
            }
            have_pt = -1;
        }
    }
    fclose(f);
    return count;
}

static int same_key(const kat *a, const kat *b)
{
    return a->bits == b->bits && a->klen == b->klen && memcmp(a->key, b->key, a->klen) == 0;
}

/* Every case through the block calls (out of place and in place). */
static void kat_block_calls(const kat *k)
{
    tkey t;
    size_t bs = block_bytes(k->bits);
    uint8_t out[16], io[16];
    CHECK(tkey_set(&t, k->bits, k->key, k->klen) == KARX_OK, "%s: set_key", k->where);
    CHECK(tkey_block(&t, 0, out, k->pt) == KARX_OK && memcmp(out, k->ct, bs) == 0,
          "%s: %s encrypt_block", k->where, variant_name(k->bits, k->klen));
    CHECK(tkey_block(&t, 1, out, k->ct) == KARX_OK && memcmp(out, k->pt, bs) == 0,
          "%s: decrypt_block", k->where);
    memcpy(io, k->pt, bs);
    CHECK(tkey_block(&t, 0, io, io) == KARX_OK && memcmp(io, k->ct, bs) == 0,
          "%s: encrypt_block in place", k->where);
    CHECK(tkey_block(&t, 1, io, io) == KARX_OK && memcmp(io, k->pt, bs) == 0,
          "%s: decrypt_block in place", k->where);
}

/* Cases with the same key, consecutive in a file, go through each back end's ECB kernels
 * together (so a lane mix-up shows), repeated to at least KAT_MIN_BLOCKS blocks (several
 * whole batches of the widest kernels plus a tail). */
#define KAT_MIN_BLOCKS 70

static void kat_kernels(const kat *g, size_t count)
{
    tkey t;
    int bits = g[0].bits;
    size_t bs = block_bytes(bits);
    size_t n = count < KAT_MIN_BLOCKS ? KAT_MIN_BLOCKS : count;
    uint8_t *pt = malloc(n * bs), *ct = malloc(n * bs), *out = malloc(n * bs);
    if (pt == NULL || ct == NULL || out == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (size_t j = 0; j < n; j++) {
        memcpy(pt + j * bs, g[j % count].pt, bs);
        memcpy(ct + j * bs, g[j % count].ct, bs);
    }
    CHECK(tkey_set(&t, bits, g[0].key, g[0].klen) == KARX_OK, "%s: set_key", g[0].where);
    for (int b = 0; b < nbackends; b++) {
        const karx_block_kernels *k = kernels_of(&backends[b], bits);
        if (k == NULL)
            continue;
        memset(out, 0, n * bs);
        k->ecb_encrypt(tkey_ks(&t), out, pt, n);
        size_t bad = n;
        for (size_t j = 0; j < n && bad == n; j++)
            if (memcmp(out + j * bs, ct + j * bs, bs) != 0)
                bad = j;
        CHECK(bad == n, "%s: %s ecb_encrypt of %zu blocks, block %zu (case %s) wrong",
              backends[b].name, variant_name(bits, g[0].klen), n, bad,
              g[bad % count].where);
        memset(out, 0, n * bs);
        k->ecb_decrypt(tkey_ks(&t), out, ct, n);
        CHECK(memcmp(out, pt, n * bs) == 0, "%s: %s ecb_decrypt from %s", backends[b].name,
              variant_name(bits, g[0].klen), g[0].where);
    }
    free(pt);
    free(ct);
    free(out);
}

static void test_kats(const char *dir)
{
    static const struct {
        const char *file;
        long expect;
    } files[] = {
        {"revised_cham_kat.txt", 3},
        {"derived_revised_cham64_128_ecbvartxt.rsp", 64},
        {"derived_revised_cham64_128_ecbvarkey.rsp", 128},
        {"derived_revised_cham128_128_ecbvartxt.rsp", 128},
        {"derived_revised_cham128_128_ecbvarkey.rsp", 128},
        {"derived_revised_cham128_256_ecbvartxt.rsp", 128},
        {"derived_revised_cham128_256_ecbvarkey.rsp", 256},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        size_t first = nkats;
        long got = load_kats(dir, files[i].file);
        CHECK(got == files[i].expect, "%s: %ld cases, expected %ld", files[i].file, got,
              files[i].expect);
        for (size_t j = first; j < nkats; j++)
            kat_block_calls(&kats[j]);
        for (size_t j = first; j < nkats;) {
            size_t e = j + 1;
            while (e < nkats && same_key(&kats[j], &kats[e]))
                e++;
            kat_kernels(&kats[j], e - j);
            j = e;
        }
    }
    printf("known answers: %zu cases through the block calls and %d kernel tables\n", nkats,
           nbackends);
}

/* ---- negative test: Crypto++'s CHAM is the original 2017 CHAM ----------------------------- */

/* "0100 0302 ..." (big-endian words of w bytes) to bytes in our order (little-endian words). */
static long words_to_bytes(const char *s, uint8_t *out, size_t cap, size_t w)
{
    long n = t_unhex(s, out, cap);
    if (n < 0 || (size_t)n % w != 0)
        return -1;
    for (long i = 0; i < n; i += (long)w)
        for (size_t a = 0, b = w - 1; a < b; a++, b--) {
            uint8_t x = out[i + a];
            out[i + a] = out[i + b];
            out[i + b] = x;
        }
    return n;
}

static void test_cryptopp_negative(const char *dir)
{
    char line[4096];
    FILE *f = t_open_kat(dir, "cryptopp_cham.txt");
    if (f == NULL)
        return;
    int bits = 0, ecb = 0;
    long klen = -1, plen = -1, clen = -1, cases = 0, lineno = 0;
    uint8_t key[32], pt[16], ct[16];
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t w = bits == 64 ? 2 : 4;
        if (strncmp(line, "Name: ", 6) == 0) {
            bits = strncmp(line + 6, "CHAM-64/", 8) == 0 ? 64 : 128;
            ecb = strstr(line, "/ECB") != NULL;
            klen = plen = clen = -1;
        } else if (!ecb) {
            continue;
        } else if (strncmp(line, "Key: ", 5) == 0) {
            klen = words_to_bytes(line + 5, key, sizeof key, w);
        } else if (strncmp(line, "Plaintext: ", 11) == 0) {
            plen = words_to_bytes(line + 11, pt, sizeof pt, w);
        } else if (strncmp(line, "Ciphertext: ", 12) == 0) {
            clen = words_to_bytes(line + 12, ct, sizeof ct, w);
        } else if (strncmp(line, "Test: Encrypt", 13) == 0) {
            size_t bs = block_bytes(bits);
            int ok = plen == (long)bs && clen == (long)bs &&
                     (klen == 16 || (bits == 128 && klen == 32));
            CHECK(ok, "cryptopp_cham.txt:%ld: malformed case", lineno);
            if (!ok)
                continue;
            tkey t;
            uint8_t out[16];
            CHECK(tkey_set(&t, bits, key, (size_t)klen) == KARX_OK, "set_key");
            CHECK(tkey_block(&t, 0, out, pt) == KARX_OK, "encrypt_block");
            /* Revised CHAM must not give the original cipher's output (in either byte order). */
            CHECK(memcmp(out, ct, bs) != 0, "cryptopp_cham.txt:%ld: revised %s gives the ORIGINAL"
                  " CHAM output", lineno, variant_name(bits, (size_t)klen));
            uint8_t swapped[16]; /* the bytes as printed */
            memcpy(swapped, ct, bs);
            for (size_t i = 0; i < bs; i += w)
                for (size_t a = 0, b = w - 1; a < b; a++, b--) {
                    uint8_t x = swapped[i + a];
                    swapped[i + a] = swapped[i + b];
                    swapped[i + b] = x;
                }
            CHECK(memcmp(out, swapped, bs) != 0, "cryptopp_cham.txt:%ld: matches as printed",
                  lineno);
            /* The same shared round code with the original round counts (80 / 80 / 96) does give
             * it: the byte order above is right and only the round count differs. */
            uint8_t orig[16];
            if (bits == 64)
                karx_cham64_crypt_block(t.k64.rk, 80, 0, orig, pt);
            else if (klen == 16)
                karx_cham128_crypt_block(t.k128.rk, 7, 80, 0, orig, pt);
            else
                karx_cham128_crypt_block(t.k128.rk, 15, 96, 0, orig, pt);
            CHECK(memcmp(orig, ct, bs) == 0, "cryptopp_cham.txt:%ld: original CHAM (%s, %d rounds)"
                  " not reproduced", lineno, variant_name(bits, (size_t)klen),
                  bits == 64 || klen == 16 ? 80 : 96);
            cases++;
            plen = clen = -1;
        }
    }
    fclose(f);
    CHECK(cases == 30, "cryptopp_cham.txt: %ld ECB cases, expected 30", cases);
    printf("negative test: %ld original-CHAM ECB cases, none reproduced by revised CHAM\n", cases);
}

/* ---- every back end against the portable kernels ------------------------------------------ */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* ctr + i, big-endian, over len bytes. */
static void ctr_plus(uint8_t *out, const uint8_t *ctr, size_t len, size_t i)
{
    memcpy(out, ctr, len);
    unsigned carry = 0;
    for (size_t b = len; b-- > 0;) {
        unsigned s = out[b] + (unsigned)(i & 0xff) + carry;
        out[b] = (uint8_t)s;
        carry = s >> 8;
        i >>= 8;
    }
}

#define GUARD 16
#define GUARD_BYTE 0xa5

/* Runs one kernel call with out at offset oo in a buffer with guard bytes, in at offset oi in
 * an exact-size buffer (or in place, out == in, in an exact-size buffer); returns 1 when the
 * output equals want and nothing outside it changed. */
static int run_kernel(const karx_block_kernels *k, int which, const void *ks, const uint8_t *src,
                      size_t len, size_t nblocks, const uint8_t *ctr, const uint8_t *want,
                      size_t oi, size_t oo, int in_place)
{
    int ok = 1;
    if (in_place) {
        uint8_t *buf = xmalloc(oi + len);
        memcpy(buf + oi, src, len);
        uint8_t *p = buf + oi;
        if (which == 0)
            k->ecb_encrypt(ks, p, p, nblocks);
        else if (which == 1)
            k->ecb_decrypt(ks, p, p, nblocks);
        else
            k->ctr_xor(ks, p, p, nblocks, ctr);
        ok = memcmp(p, want, len) == 0;
        free(buf);
        return ok;
    }
    uint8_t *ibuf = xmalloc(oi + len), *obuf = xmalloc(oo + len + GUARD);
    memcpy(ibuf + oi, src, len);
    memset(obuf, GUARD_BYTE, oo + len + GUARD);
    uint8_t *out = obuf + oo;
    if (which == 0)
        k->ecb_encrypt(ks, out, ibuf + oi, nblocks);
    else if (which == 1)
        k->ecb_decrypt(ks, out, ibuf + oi, nblocks);
    else
        k->ctr_xor(ks, out, ibuf + oi, nblocks, ctr);
    ok = memcmp(out, want, len) == 0;
    for (size_t i = 0; i < oo; i++)
        ok &= obuf[i] == GUARD_BYTE;
    for (size_t i = 0; i < GUARD; i++)
        ok &= out[len + i] == GUARD_BYTE;
    ok &= memcmp(ibuf + oi, src, len) == 0; /* input untouched */
    free(ibuf);
    free(obuf);
    return ok;
}

static void test_random(int iterations)
{
    static const unsigned carry_bytes[] = {0, 1, 2, 4, 5, 7, 8, 12, 15};
    static const char *const what[] = {"ecb_encrypt", "ecb_decrypt", "ctr_xor"};
    const karx_block_kernels *port64 = &karx_i_cham64_portable, *port128 = &karx_i_cham128_portable;
    unsigned long calls = 0;
    for (int it = 0; it < iterations; it++) {
        int v = it % 3; /* CHAM-64/128, CHAM-128/128, CHAM-128/256 */
        int bits = v == 0 ? 64 : 128;
        size_t klen = v == 2 ? 32 : 16, bs = block_bytes(bits);
        size_t n = (size_t)(t_rand64() % 301);
        if (it % 10 == 0)
            n = (size_t)(t_rand64() % 4); /* small calls: scalar paths */
        size_t len = n * bs;
        uint8_t key[32], ctr[16];
        t_fill(key, klen);
        t_fill(ctr, bs);
        /* Low c bytes all ones, minus up to 199, so that the carry runs across them after 1 to
         * 200 blocks: inside a batch, the first or a later one. The top byte is kept clear of
         * the end of the counter space. */
        unsigned c = carry_bytes[t_rand64() % (sizeof carry_bytes / sizeof carry_bytes[0])];
        if (c >= bs)
            c = (unsigned)bs - 1;
        if (c > 0) {
            memset(ctr + bs - c, 0xff, c);
            ctr[bs - 1] = (uint8_t)(0xff - t_rand64() % 200);
        }
        ctr[0] &= 0x7f;
        tkey t;
        CHECK(tkey_set(&t, bits, key, klen) == KARX_OK, "set_key");
        const void *ks = tkey_ks(&t);
        const karx_block_kernels *port = bits == 64 ? port64 : port128;

        uint8_t *src = xmalloc(len), *want[3], *tmp = xmalloc(len);
        t_fill(src, len);
        for (int w = 0; w < 3; w++)
            want[w] = xmalloc(len);
        port->ecb_encrypt(ks, want[0], src, n);
        port->ecb_decrypt(ks, want[1], src, n);
        port->ctr_xor(ks, want[2], src, n, ctr);

        /* The portable kernels against the block calls. */
        int ok = 1;
        for (size_t i = 0; i < n; i++) {
            uint8_t blk[16], e[16];
            ok &= tkey_block(&t, 0, e, src + i * bs) == KARX_OK &&
                  memcmp(e, want[0] + i * bs, bs) == 0;
            ok &= tkey_block(&t, 1, e, src + i * bs) == KARX_OK &&
                  memcmp(e, want[1] + i * bs, bs) == 0;
            ctr_plus(blk, ctr, bs, i);
            ok &= tkey_block(&t, 0, e, blk) == KARX_OK;
            for (size_t j = 0; j < bs; j++)
                ok &= (uint8_t)(e[j] ^ src[i * bs + j]) == want[2][i * bs + j];
        }
        CHECK(ok, "portable %s kernels differ from the block calls (n=%zu, carry %u)",
              variant_name(bits, klen), n, c);

        for (int b = 0; b < nbackends; b++) {
            const karx_block_kernels *k = kernels_of(&backends[b], bits);
            if (k == NULL)
                continue;
            for (int w = 0; w < 3; w++) {
                size_t oi = (size_t)(t_rand64() % 16), oo = (size_t)(t_rand64() % 16);
                int in_place = (int)(t_rand64() % 3 == 0);
                ok = run_kernel(k, w, ks, src, len, n, ctr, want[w], oi, oo, in_place);
                calls++;
                CHECK(ok, "%s: %s %s, n=%zu, in+%zu out+%zu%s, carry over %u bytes",
                      backends[b].name, variant_name(bits, klen), what[w], n, oi, oo,
                      in_place ? " in place" : "", c);
            }
            /* decrypt(encrypt(x)) == x with this back end alone. */
            k->ecb_encrypt(ks, tmp, src, n);
            k->ecb_decrypt(ks, tmp, tmp, n);
            CHECK(memcmp(tmp, src, len) == 0, "%s: %s decrypt(encrypt(x)) != x (n=%zu)",
                  backends[b].name, variant_name(bits, klen), n);
            /* CTR twice gives back the input. */
            k->ctr_xor(ks, tmp, src, n, ctr);
            k->ctr_xor(ks, tmp, tmp, n, ctr);
            CHECK(memcmp(tmp, src, len) == 0, "%s: %s ctr twice != x (n=%zu)", backends[b].name,
                  variant_name(bits, klen), n);
        }
        free(src);
        free(tmp);
        for (int w = 0; w < 3; w++)
            free(want[w]);
    }
    printf("random: %d iterations, %lu kernel calls against the portable kernels\n", iterations,
           calls);
}

/* ---- bad input ----------------------------------------------------------------------------- */

static void test_bad_input(void)
{
    uint8_t key[33] = {1, 2, 3}, in[16] = {0}, out[16];
    karx_cham64_key k64;
    karx_cham128_key k128;

    /* NULL arguments. */
    CHECK(karx_cham64_set_key(NULL, key, 16) == KARX_ERR_ARGUMENT, "cham64 set_key NULL key");
    CHECK(karx_cham128_set_key(NULL, key, 16) == KARX_ERR_ARGUMENT, "cham128 set_key NULL key");
    CHECK(karx_cham64_set_key(&k64, key, 16) == KARX_OK, "cham64 set_key");
    CHECK(karx_cham64_set_key(&k64, NULL, 16) == KARX_ERR_ARGUMENT && t_all_zero(&k64, sizeof k64),
          "cham64 set_key NULL bytes wipes");
    CHECK(karx_cham128_set_key(&k128, key, 32) == KARX_OK, "cham128 set_key");
    CHECK(karx_cham128_set_key(&k128, NULL, 16) == KARX_ERR_ARGUMENT &&
              t_all_zero(&k128, sizeof k128),
          "cham128 set_key NULL bytes wipes");

    /* Wrong key lengths wipe the key. */
    static const size_t bad64[] = {0, 1, 8, 15, 17, 24, 32};
    for (size_t i = 0; i < sizeof bad64 / sizeof bad64[0]; i++) {
        CHECK(karx_cham64_set_key(&k64, key, 16) == KARX_OK, "cham64 set_key");
        CHECK(karx_cham64_set_key(&k64, key, bad64[i]) == KARX_ERR_KEY_LENGTH,
              "cham64 key length %zu", bad64[i]);
        CHECK(t_all_zero(&k64, sizeof k64), "cham64 key wiped after length %zu", bad64[i]);
        CHECK(karx_cham64_encrypt_block(&k64, out, in) == KARX_ERR_STATE,
              "cham64 block after bad length");
    }
    static const size_t bad128[] = {0, 1, 8, 15, 17, 24, 31, 33};
    for (size_t i = 0; i < sizeof bad128 / sizeof bad128[0]; i++) {
        CHECK(karx_cham128_set_key(&k128, key, 32) == KARX_OK, "cham128 set_key");
        CHECK(karx_cham128_set_key(&k128, key, bad128[i]) == KARX_ERR_KEY_LENGTH,
              "cham128 key length %zu", bad128[i]);
        CHECK(t_all_zero(&k128, sizeof k128), "cham128 key wiped after length %zu", bad128[i]);
        CHECK(karx_cham128_decrypt_block(&k128, out, in) == KARX_ERR_STATE,
              "cham128 block after bad length");
    }

    /* Block calls: NULLs, then a wiped or never-set key. */
    CHECK(karx_cham64_set_key(&k64, key, 16) == KARX_OK, "cham64 set_key");
    CHECK(karx_cham128_set_key(&k128, key, 16) == KARX_OK, "cham128 set_key");
    CHECK(karx_cham64_encrypt_block(NULL, out, in) == KARX_ERR_ARGUMENT, "cham64 NULL key");
    CHECK(karx_cham64_encrypt_block(&k64, NULL, in) == KARX_ERR_ARGUMENT, "cham64 NULL out");
    CHECK(karx_cham64_decrypt_block(&k64, out, NULL) == KARX_ERR_ARGUMENT, "cham64 NULL in");
    CHECK(karx_cham128_encrypt_block(NULL, out, in) == KARX_ERR_ARGUMENT, "cham128 NULL key");
    CHECK(karx_cham128_decrypt_block(&k128, NULL, in) == KARX_ERR_ARGUMENT, "cham128 NULL out");
    CHECK(karx_cham128_encrypt_block(&k128, out, NULL) == KARX_ERR_ARGUMENT, "cham128 NULL in");
    karx_cham64_key_wipe(&k64);
    karx_cham128_key_wipe(&k128);
    CHECK(t_all_zero(&k64, sizeof k64) && t_all_zero(&k128, sizeof k128), "key_wipe zeroes");
    CHECK(karx_cham64_encrypt_block(&k64, out, in) == KARX_ERR_STATE, "cham64 wiped key");
    CHECK(karx_cham64_decrypt_block(&k64, out, in) == KARX_ERR_STATE, "cham64 wiped key");
    CHECK(karx_cham128_encrypt_block(&k128, out, in) == KARX_ERR_STATE, "cham128 wiped key");
    CHECK(karx_cham128_decrypt_block(&k128, out, in) == KARX_ERR_STATE, "cham128 wiped key");
    karx_cham64_key_wipe(NULL);
    karx_cham128_key_wipe(NULL);

    /* A struct whose round count and key count do not belong together is not a key. */
    CHECK(karx_cham128_set_key(&k128, key, 16) == KARX_OK, "cham128 set_key");
    k128.rk_count = 16;
    CHECK(karx_cham128_encrypt_block(&k128, out, in) == KARX_ERR_STATE, "cham128 112/16");
    CHECK(karx_cham128_set_key(&k128, key, 32) == KARX_OK, "cham128 set_key");
    k128.rounds = 112;
    CHECK(karx_cham128_encrypt_block(&k128, out, in) == KARX_ERR_STATE, "cham128 112/16");
    CHECK(karx_cham64_set_key(&k64, key, 16) == KARX_OK, "cham64 set_key");
    k64.rounds = 80;
    CHECK(karx_cham64_encrypt_block(&k64, out, in) == KARX_ERR_STATE, "cham64 80 rounds");
    printf("bad input: done\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <kat folder>\n", argv[0]);
        return 2;
    }
    t_seed_from_env();
    collect_backends();
    test_kats(argv[1]);
    test_cryptopp_negative(argv[1]);
    test_random(argc > 2 ? atoi(argv[2]) : 600);
    test_bad_input();
    free(kats);
    return t_finish("test_cham");
}
