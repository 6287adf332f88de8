/* HMAC-LSH and PBKDF2-HMAC-LSH: KISA vectors, a second route computed here from the HMAC and
 * PBKDF2 definitions over the karx_lsh one-shot calls, streaming / fork / back-end agreement,
 * and bad input. argv[1] is the KAT folder (tests/kat). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/cpu.h"
#include "karx/hmac.h"
#include "karx/lsh.h"
#include "test_util.h"

static const karx_lsh_alg algs[] = {KARX_LSH256_224, KARX_LSH256_256, KARX_LSH512_224,
                                    KARX_LSH512_256, KARX_LSH512_384, KARX_LSH512_512};
#define NALGS (sizeof algs / sizeof algs[0])

static const char *cur_backend = "?";

/* ---- the second route: HMAC by its definition, from one-shot LSH calls ---- */

static void ref_hmac(karx_lsh_alg alg, uint8_t *out, const uint8_t *key, size_t klen,
                     const uint8_t *msg, size_t mlen)
{
    const size_t B = karx_lsh_block_bytes(alg), d = karx_lsh_digest_bytes(alg);
    uint8_t k0[256] = {0};
    if (klen > B)
        karx_lsh(alg, k0, sizeof k0, key, klen);
    else if (klen)
        memcpy(k0, key, klen);
    uint8_t *buf = malloc(B + (mlen > d ? mlen : d));
    uint8_t ih[64];
    for (size_t i = 0; i < B; i++)
        buf[i] = k0[i] ^ 0x36;
    if (mlen)
        memcpy(buf + B, msg, mlen);
    karx_lsh(alg, ih, sizeof ih, buf, B + mlen);
    for (size_t i = 0; i < B; i++)
        buf[i] = k0[i] ^ 0x5c;
    memcpy(buf + B, ih, d);
    karx_lsh(alg, out, 64, buf, B + d);
    free(buf);
}

/* PBKDF2 by RFC 8018 from the HMAC one-shot. There are no official PBKDF2-HMAC-LSH vectors
 * (neither KISA nor KCMVP publish any), so this definition is the oracle; HMAC-LSH itself is
 * anchored to the KISA vectors above it. */
static void ref_pbkdf2(karx_lsh_alg alg, uint8_t *out, size_t out_len, const uint8_t *pw,
                       size_t pwlen, const uint8_t *salt, size_t slen, uint32_t iters)
{
    const size_t h = karx_lsh_digest_bytes(alg);
    uint8_t *s = malloc(slen + 4);
    if (slen)
        memcpy(s, salt, slen);
    for (uint32_t i = 1; (size_t)(i - 1) * h < out_len; i++) {
        uint8_t u[64], t[64];
        s[slen] = (uint8_t)(i >> 24);
        s[slen + 1] = (uint8_t)(i >> 16);
        s[slen + 2] = (uint8_t)(i >> 8);
        s[slen + 3] = (uint8_t)i;
        karx_hmac_lsh(alg, pw, pwlen, u, sizeof u, s, slen + 4);
        memcpy(t, u, h);
        for (uint32_t j = 2; j <= iters; j++) {
            uint8_t v[64];
            karx_hmac_lsh(alg, pw, pwlen, v, sizeof v, u, h);
            memcpy(u, v, h);
            for (size_t b = 0; b < h; b++)
                t[b] ^= u[b];
        }
        size_t off = (size_t)(i - 1) * h, take = out_len - off < h ? out_len - off : h;
        memcpy(out + off, t, take);
    }
    free(s);
}

/* ---- KISA vectors ---- */

static size_t kat_cases;

static void check_mac(karx_lsh_alg alg, const uint8_t *key, size_t klen, const uint8_t *msg,
                      size_t mlen, const uint8_t *mac, const char *what)
{
    const size_t d = karx_lsh_digest_bytes(alg);
    uint8_t out[64];
    memset(out, 0xaa, sizeof out);
    CHECK(karx_hmac_lsh(alg, key, klen, out, sizeof out, msg, mlen) == KARX_OK, "%s", what);
    CHECK(memcmp(out, mac, d) == 0, "%s one-shot (%s, %s, klen %zu)", what, karx_hmac_name(alg),
          cur_backend, klen);
    karx_hmac_lsh_ctx c;
    CHECK(karx_hmac_lsh_init(&c, alg, key, klen) == KARX_OK, "%s", what);
    for (size_t i = 0; i < mlen; i++)
        karx_hmac_lsh_update(&c, msg + i, 1);
    memset(out, 0, sizeof out);
    CHECK(karx_hmac_lsh_final(&c, out, d) == KARX_OK, "%s", what);
    CHECK(memcmp(out, mac, d) == 0, "%s bytewise (%s, %s)", what, karx_hmac_name(alg), cur_backend);
    CHECK(karx_hmac_lsh_verify(alg, key, klen, mac, d, msg, mlen) == KARX_OK, "%s verify", what);
}

static void test_kat(const char *dir)
{
    FILE *f = t_open_kat(dir, "kisa_hmac_lsh.txt");
    if (f == NULL)
        return;
    static char line[16384];
    static uint8_t key[4096], msg[1024], mac[64];
    long klen = -1, mlen = -1, maclen = -1, klen_decl = -1;
    karx_lsh_alg alg = 0;
    size_t n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        if (line[0] == '[') {
            char *e = strchr(line, ']');
            if (e)
                *e = 0;
            CHECK(karx_hmac_from_name(line + 1, &alg) == KARX_OK, "section %s", line + 1);
        } else if (strncmp(line, "Klen = ", 7) == 0) {
            klen_decl = strtol(line + 7, NULL, 10);
        } else if (strncmp(line, "Key = ", 6) == 0) {
            klen = t_unhex(line + 6, key, sizeof key);
        } else if (strncmp(line, "Msg = ", 6) == 0) {
            mlen = t_unhex(line + 6, msg, sizeof msg);
        } else if (strncmp(line, "Mac = ", 6) == 0) {
            maclen = t_unhex(line + 6, mac, sizeof mac);
            CHECK(klen >= 0 && klen == klen_decl && mlen >= 0, "parse before Mac");
            CHECK(maclen == (long)karx_lsh_digest_bytes(alg), "Mac length %ld", maclen);
            if (klen >= 0 && mlen >= 0 && maclen == (long)karx_lsh_digest_bytes(alg)) {
                for (int b = 0; b < t_backend_count(); b++) {
                    if (!karx_backend_supported((karx_backend)b))
                        continue;
                    karx_set_backend((karx_backend)b);
                    cur_backend = karx_backend_name((karx_backend)b);
                    check_mac(alg, key, (size_t)klen, msg, (size_t)mlen, mac, "KISA");
                }
                /* The definition route agrees with the vector too. */
                uint8_t r[64];
                ref_hmac(alg, r, key, (size_t)klen, msg, (size_t)mlen);
                CHECK(memcmp(r, mac, (size_t)maclen) == 0, "reference route on KISA vector");
                n++;
            }
            klen = mlen = maclen = klen_decl = -1;
        }
    }
    fclose(f);
    kat_cases = n;
    CHECK(n == 4, "KISA HMAC-LSH cases: %zu, expected 4", n);
}

/* ---- every variant against the definition, streaming, forks ---- */

static void test_against_definition(karx_lsh_alg alg)
{
    const size_t B = karx_lsh_block_bytes(alg), d = karx_lsh_digest_bytes(alg);
    const size_t klens[] = {0, 1, B - 1, B, B + 1, 300};
    static uint8_t key[512], msg[1200];
    uint8_t ref[64], out[64];
    for (size_t ki = 0; ki < sizeof klens / sizeof klens[0]; ki++) {
        size_t klen = klens[ki];
        t_fill(key, klen);
        const size_t mlens[] = {0, 1, d, B - 1, B, B + 1, 2 * B + 3,
                                (size_t)(t_rand64() % sizeof msg)};
        for (size_t mi = 0; mi < sizeof mlens / sizeof mlens[0]; mi++) {
            size_t mlen = mlens[mi];
            t_fill(msg, mlen);
            ref_hmac(alg, ref, key, klen, msg, mlen);
            memset(out, 0, sizeof out);
            CHECK(karx_hmac_lsh(alg, klen ? key : NULL, klen, out, d, mlen ? msg : NULL, mlen) ==
                      KARX_OK, "one-shot");
            CHECK(memcmp(out, ref, d) == 0, "%s %s klen %zu mlen %zu", karx_hmac_name(alg),
                  cur_backend, klen, mlen);
            CHECK(karx_hmac_lsh_verify(alg, key, klen, ref, d, msg, mlen) == KARX_OK, "verify");
        }

        /* Streaming: two-piece splits of a 2B+5 message, then random many-piece splits. */
        size_t mlen = 2 * B + 5;
        t_fill(msg, mlen);
        ref_hmac(alg, ref, key, klen, msg, mlen);
        karx_hmac_lsh_ctx keyed;
        CHECK(karx_hmac_lsh_init(&keyed, alg, key, klen) == KARX_OK, "init");
        size_t bad = 0;
        for (size_t s = 0; s <= mlen; s++) {
            /* Every split for one key length; near block boundaries for the others. */
            if (ki != 1 && s % B > 2 && s % B < B - 2 && s % 29 != 0)
                continue;
            karx_hmac_lsh_ctx c = keyed; /* fork of the keyed context */
            karx_hmac_lsh_update(&c, msg, s);
            karx_hmac_lsh_update(&c, msg + s, mlen - s);
            karx_hmac_lsh_final(&c, out, sizeof out);
            bad += memcmp(out, ref, d) != 0;
        }
        CHECK(bad == 0, "%s %s klen %zu: %zu split points differ", karx_hmac_name(alg),
              cur_backend, klen, bad);
        for (int r = 0; r < 20; r++) {
            karx_hmac_lsh_ctx c = keyed;
            size_t pos = 0;
            while (pos < mlen) {
                size_t take = (size_t)(t_rand64() % (B + 7));
                if (take > mlen - pos)
                    take = mlen - pos;
                karx_hmac_lsh_update(&c, msg + pos, take);
                pos += take;
            }
            CHECK(karx_hmac_lsh_final(&c, out, sizeof out) == KARX_OK, "final");
            CHECK(memcmp(out, ref, d) == 0, "random split %s %s", karx_hmac_name(alg), cur_backend);
        }

        /* Forks mid-message: two different tails from one prefix state. */
        size_t pre = (size_t)(t_rand64() % (B + 3));
        static uint8_t m2[1200];
        memcpy(m2, msg, mlen);
        m2[mlen - 1] ^= 1;
        uint8_t ref2[64], out2[64];
        ref_hmac(alg, ref2, key, klen, m2, mlen);
        karx_hmac_lsh_ctx a = keyed, b;
        karx_hmac_lsh_update(&a, msg, pre);
        b = a;
        karx_hmac_lsh_update(&a, msg + pre, mlen - pre);
        karx_hmac_lsh_update(&b, m2 + pre, mlen - pre);
        CHECK(karx_hmac_lsh_final(&a, out, sizeof out) == KARX_OK, "fork a");
        CHECK(karx_hmac_lsh_final(&b, out2, sizeof out2) == KARX_OK, "fork b");
        CHECK(memcmp(out, ref, d) == 0 && memcmp(out2, ref2, d) == 0, "fork %s %s",
              karx_hmac_name(alg), cur_backend);
        CHECK(memcmp(ref, ref2, d) != 0, "a one-bit message change must change the tag");
        karx_hmac_lsh_ctx_wipe(&keyed);
    }
}

/* Streaming with the back end switched between calls: all back ends share the chaining value. */
static void test_backend_switch(karx_lsh_alg alg)
{
    uint8_t key[40], msg[700], ref[64], out[64];
    t_fill(key, sizeof key);
    t_fill(msg, sizeof msg);
    ref_hmac(alg, ref, key, sizeof key, msg, sizeof msg);
    karx_hmac_lsh_ctx c;
    karx_hmac_lsh_init(&c, alg, key, sizeof key);
    size_t pos = 0;
    for (int b = 0; pos < sizeof msg; b = (b + 1) % t_backend_count()) {
        if (!karx_backend_supported((karx_backend)b))
            continue;
        karx_set_backend((karx_backend)b);
        size_t take = sizeof msg - pos < 97 ? sizeof msg - pos : 97;
        karx_hmac_lsh_update(&c, msg + pos, take);
        pos += take;
    }
    karx_hmac_lsh_final(&c, out, sizeof out);
    CHECK(memcmp(out, ref, karx_lsh_digest_bytes(alg)) == 0, "back-end switching %s",
          karx_hmac_name(alg));
}

/* ---- verify, truncation, final_verify ---- */

static void test_verify(karx_lsh_alg alg)
{
    const size_t d = karx_lsh_digest_bytes(alg), mn = karx_hmac_lsh_min_tag_bytes(alg);
    uint8_t key[33], msg[77], tag[64];
    t_fill(key, sizeof key);
    t_fill(msg, sizeof msg);
    CHECK(mn >= 10 && mn == (d / 2 < 10 ? 10 : d / 2), "min tag %zu", mn);
    CHECK(karx_hmac_lsh(alg, key, sizeof key, tag, sizeof tag, msg, sizeof msg) == KARX_OK, "mac");
    CHECK(karx_hmac_lsh_verify(alg, key, sizeof key, tag, d, msg, sizeof msg) == KARX_OK, "ok");
    CHECK(karx_hmac_lsh_verify(alg, key, sizeof key, tag, mn, msg, sizeof msg) == KARX_OK,
          "truncated to min");
    CHECK(karx_hmac_lsh_verify(alg, key, sizeof key, tag, mn - 1, msg, sizeof msg) ==
              KARX_ERR_ARGUMENT, "below min");
    CHECK(karx_hmac_lsh_verify(alg, key, sizeof key, tag, d + 1, msg, sizeof msg) ==
              KARX_ERR_ARGUMENT, "above digest");
    size_t bad = 0;
    for (size_t bit = 0; bit < 8 * d; bit++) {
        tag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        bad += karx_hmac_lsh_verify(alg, key, sizeof key, tag, d, msg, sizeof msg) !=
               KARX_ERR_AUTHENTICATION;
        tag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    CHECK(bad == 0, "%zu one-bit tag changes accepted (%s)", bad, karx_hmac_name(alg));
    key[0] ^= 0x80;
    CHECK(karx_hmac_lsh_verify(alg, key, sizeof key, tag, d, msg, sizeof msg) ==
              KARX_ERR_AUTHENTICATION, "wrong key");
    key[0] ^= 0x80;
    msg[sizeof msg - 1] ^= 1;
    CHECK(karx_hmac_lsh_verify(alg, key, sizeof key, tag, d, msg, sizeof msg) ==
              KARX_ERR_AUTHENTICATION, "wrong message");
    msg[sizeof msg - 1] ^= 1;

    karx_hmac_lsh_ctx c;
    karx_hmac_lsh_init(&c, alg, key, sizeof key);
    karx_hmac_lsh_update(&c, msg, sizeof msg);
    CHECK(karx_hmac_lsh_final_verify(&c, tag, mn - 1) == KARX_ERR_ARGUMENT, "final_verify len");
    CHECK(karx_hmac_lsh_final_verify(&c, tag, d) == KARX_OK, "final_verify ok after bad len");
    CHECK(karx_hmac_lsh_update(&c, msg, 1) == KARX_ERR_STATE, "wiped by final_verify");
    karx_hmac_lsh_init(&c, alg, key, sizeof key);
    karx_hmac_lsh_update(&c, msg, sizeof msg);
    tag[d - 1] ^= 0x40;
    CHECK(karx_hmac_lsh_final_verify(&c, tag, d) == KARX_ERR_AUTHENTICATION, "final_verify bad");
}

/* ---- PBKDF2 ---- */

static void test_pbkdf2(karx_lsh_alg alg)
{
    const size_t h = karx_lsh_digest_bytes(alg), B = karx_lsh_block_bytes(alg);
    const uint32_t iters[] = {1, 2, 3, 1000};
    const size_t lens[] = {1, h, h + 1, 3 * h - 5};
    uint8_t pw[300], salt[40], out[3 * 64 + 8], ref[3 * 64];
    const size_t pwlens[] = {0, 8, B + 1};
    for (size_t pi = 0; pi < 3; pi++) {
        size_t pwlen = pwlens[pi], slen = (size_t)(t_rand64() % sizeof salt);
        t_fill(pw, pwlen);
        t_fill(salt, slen);
        for (size_t ii = 0; ii < 4; ii++) {
            for (size_t li = 0; li < 4; li++) {
                size_t len = lens[li];
                if (iters[ii] == 1000 && (pi != 1 || li != 2))
                    continue; /* the long count once per variant and back end: keeps ASan fast */
                memset(out, 0xee, sizeof out);
                ref_pbkdf2(alg, ref, len, pw, pwlen, salt, slen, iters[ii]);
                CHECK(karx_pbkdf2_hmac_lsh(alg, pwlen ? pw : NULL, pwlen, slen ? salt : NULL, slen,
                                           iters[ii], out, len) == KARX_OK, "pbkdf2");
                CHECK(memcmp(out, ref, len) == 0, "pbkdf2 %s %s pw %zu iter %u len %zu",
                      karx_hmac_name(alg), cur_backend, pwlen, iters[ii], len);
                CHECK(out[len] == 0xee, "pbkdf2 wrote past out_len");
            }
        }
    }
    /* A prefix property: a shorter request is a prefix of a longer one. */
    uint8_t a[130], b[130];
    karx_pbkdf2_hmac_lsh(alg, "pw", 2, "salt", 4, 5, a, 130);
    karx_pbkdf2_hmac_lsh(alg, "pw", 2, "salt", 4, 5, b, 37);
    CHECK(memcmp(a, b, 37) == 0, "pbkdf2 prefix");
}

/* ---- bad input, names, sizes ---- */

static void test_bad_input(void)
{
    const karx_lsh_alg A = KARX_LSH256_256;
    uint8_t out[64], key[8] = {1, 2, 3}, msg[8] = {0};
    karx_hmac_lsh_ctx c;
    CHECK(karx_hmac_lsh_init(NULL, A, key, 8) == KARX_ERR_ARGUMENT, "init NULL ctx");
    CHECK(karx_hmac_lsh_init(&c, A, NULL, 8) == KARX_ERR_ARGUMENT, "init NULL key");
    CHECK(karx_hmac_lsh_update(&c, msg, 1) == KARX_ERR_STATE, "failed init leaves it unkeyed");
    CHECK(karx_hmac_lsh_init(&c, (karx_lsh_alg)0, key, 8) == KARX_ERR_UNKNOWN_ALGORITHM, "alg 0");
    CHECK(karx_hmac_lsh_init(&c, (karx_lsh_alg)7, key, 8) == KARX_ERR_UNKNOWN_ALGORITHM, "alg 7");
    CHECK(karx_hmac_lsh_update(&c, msg, 1) == KARX_ERR_STATE, "update unkeyed");
    CHECK(karx_hmac_lsh_final(&c, out, 64) == KARX_ERR_STATE, "final unkeyed");
    CHECK(karx_hmac_lsh_init(&c, A, NULL, 0) == KARX_OK, "empty key NULL");
    CHECK(karx_hmac_lsh_update(NULL, msg, 1) == KARX_ERR_ARGUMENT, "update NULL ctx");
    CHECK(karx_hmac_lsh_update(&c, NULL, 1) == KARX_ERR_ARGUMENT, "update NULL in");
    CHECK(karx_hmac_lsh_update(&c, NULL, 0) == KARX_OK, "update NULL, 0");
    CHECK(karx_hmac_lsh_update(&c, msg, 5) == KARX_OK, "update");
    CHECK(karx_hmac_lsh_final(&c, NULL, 64) == KARX_ERR_ARGUMENT, "final NULL out");
    CHECK(karx_hmac_lsh_final(&c, out, 31) == KARX_ERR_OUTPUT_LENGTH, "final short out");
    CHECK(karx_hmac_lsh_final(&c, out, 32) == KARX_OK, "final after short out");
    uint8_t ref[64];
    ref_hmac(A, ref, NULL, 0, msg, 5);
    CHECK(memcmp(out, ref, 32) == 0, "context usable after short out");
    CHECK(karx_hmac_lsh_update(&c, msg, 1) == KARX_ERR_STATE, "update after final");
    CHECK(karx_hmac_lsh_final(&c, out, 64) == KARX_ERR_STATE, "final after final");
    karx_hmac_lsh_ctx_wipe(NULL);
    karx_hmac_lsh_init(&c, A, key, 8);
    karx_hmac_lsh_ctx_wipe(&c);
    CHECK(karx_hmac_lsh_update(&c, msg, 1) == KARX_ERR_STATE, "update after wipe");
    CHECK(karx_hmac_lsh_final_verify(&c, ref, 32) == KARX_ERR_STATE, "final_verify after wipe");
    CHECK(karx_hmac_lsh_final_verify(NULL, ref, 32) == KARX_ERR_ARGUMENT, "final_verify NULL");

    CHECK(karx_hmac_lsh(A, key, 8, NULL, 32, msg, 8) == KARX_ERR_ARGUMENT, "one-shot NULL out");
    CHECK(karx_hmac_lsh(A, NULL, 8, out, 32, msg, 8) == KARX_ERR_ARGUMENT, "one-shot NULL key");
    CHECK(karx_hmac_lsh(A, key, 8, out, 32, NULL, 8) == KARX_ERR_ARGUMENT, "one-shot NULL in");
    CHECK(karx_hmac_lsh(A, key, 8, out, 31, msg, 8) == KARX_ERR_OUTPUT_LENGTH, "one-shot short");
    CHECK(karx_hmac_lsh(KARX_LSH512_512, key, 8, out, 63, msg, 8) == KARX_ERR_OUTPUT_LENGTH,
          "one-shot short 512");
    CHECK(karx_hmac_lsh((karx_lsh_alg)99, key, 8, out, 64, msg, 8) == KARX_ERR_UNKNOWN_ALGORITHM,
          "one-shot alg");
    CHECK(karx_hmac_lsh_verify(A, key, 8, NULL, 32, msg, 8) == KARX_ERR_ARGUMENT, "verify NULL");
    CHECK(karx_hmac_lsh_verify((karx_lsh_alg)0, key, 8, out, 32, msg, 8) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "verify alg");
    CHECK(karx_hmac_lsh_verify(A, NULL, 8, out, 32, msg, 8) == KARX_ERR_ARGUMENT, "verify key");

    /* PBKDF2 */
    memset(out, 0x5a, sizeof out);
    CHECK(karx_pbkdf2_hmac_lsh(A, "p", 1, "s", 1, 0, out, 32) == KARX_ERR_ARGUMENT, "iter 0");
    CHECK(karx_pbkdf2_hmac_lsh(A, "p", 1, "s", 1, 1, out, 0) == KARX_ERR_OUTPUT_LENGTH, "len 0");
    CHECK(karx_pbkdf2_hmac_lsh(A, "p", 1, "s", 1, 1, NULL, 32) == KARX_ERR_ARGUMENT, "NULL out");
    CHECK(karx_pbkdf2_hmac_lsh(A, NULL, 1, "s", 1, 1, out, 32) == KARX_ERR_ARGUMENT, "NULL pw");
    CHECK(karx_pbkdf2_hmac_lsh(A, "p", 1, NULL, 1, 1, out, 32) == KARX_ERR_ARGUMENT, "NULL salt");
    CHECK(karx_pbkdf2_hmac_lsh((karx_lsh_alg)0, "p", 1, "s", 1, 1, out, 32) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "pbkdf2 alg");
#if SIZE_MAX > 0xffffffffu
    /* One byte more than (2^32 - 1) * hLen: refused before anything is written. */
    CHECK(karx_pbkdf2_hmac_lsh(A, "p", 1, "s", 1, 1, out, (size_t)0xffffffffu * 32 + 1) ==
              KARX_ERR_OUTPUT_LENGTH, "pbkdf2 too long");
    CHECK(karx_pbkdf2_hmac_lsh(KARX_LSH512_224, "p", 1, "s", 1, 1, out,
                               (size_t)0xffffffffu * 28 + 1) == KARX_ERR_OUTPUT_LENGTH,
          "pbkdf2 too long 224");
#endif
    size_t untouched = 0;
    for (size_t i = 0; i < sizeof out; i++)
        untouched += out[i] == 0x5a;
    CHECK(untouched == sizeof out, "out written on a refused call");

    /* Names and sizes */
    for (size_t i = 0; i < NALGS; i++) {
        karx_lsh_alg got = 0;
        const char *name = karx_hmac_name(algs[i]);
        CHECK(name != NULL && karx_hmac_from_name(name, &got) == KARX_OK && got == algs[i],
              "name round trip %zu", i);
        char alias[32];
        const char *ln = karx_lsh_alg_name(algs[i]); /* "lsh256-224" -> "HMAC-LSH-256-224" */
        snprintf(alias, sizeof alias, "HMAC-LSH-%s", ln + 3);
        got = 0;
        CHECK(karx_hmac_from_name(alias, &got) == KARX_OK && got == algs[i], "alias %s", alias);
        CHECK(strncmp(name, "hmac-", 5) == 0 && strcmp(name + 5, ln) == 0, "name %s", name);
        CHECK(karx_hmac_lsh_bytes(algs[i]) == karx_lsh_digest_bytes(algs[i]), "bytes");
    }
    karx_lsh_alg got = KARX_LSH512_512;
    CHECK(karx_hmac_from_name("hmac-lsh256-512", &got) == KARX_ERR_UNKNOWN_ALGORITHM, "bad name");
    CHECK(karx_hmac_from_name("lsh256-256", &got) == KARX_ERR_UNKNOWN_ALGORITHM, "bare lsh name");
    CHECK(got == KARX_LSH512_512, "alg untouched on a bad name");
    CHECK(karx_hmac_from_name(NULL, &got) == KARX_ERR_ARGUMENT, "NULL name");
    CHECK(karx_hmac_from_name("hmac-lsh256-256", NULL) == KARX_ERR_ARGUMENT, "NULL alg");
    CHECK(karx_hmac_name((karx_lsh_alg)0) == NULL, "name of 0");
    CHECK(karx_hmac_lsh_bytes((karx_lsh_alg)0) == 0 && karx_hmac_lsh_min_tag_bytes(0) == 0, "0");
    CHECK(karx_hmac_lsh_ctx_bytes() == sizeof(karx_hmac_lsh_ctx), "ctx bytes");
    CHECK(KARX_HMAC_LSH_MAX_BYTES == 64, "max bytes");
}

int main(int argc, char **argv)
{
    t_seed_from_env();
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    karx_backend orig = karx_get_backend();
    test_kat(dir);
    int nb = 0;
    for (int b = 0; b < t_backend_count(); b++) {
        if (!karx_backend_supported((karx_backend)b))
            continue;
        CHECK(karx_set_backend((karx_backend)b) == KARX_OK, "set backend %d", b);
        cur_backend = karx_backend_name((karx_backend)b);
        nb++;
        for (size_t i = 0; i < NALGS; i++) {
            test_against_definition(algs[i]);
            test_verify(algs[i]);
            test_pbkdf2(algs[i]);
        }
    }
    for (size_t i = 0; i < NALGS; i++)
        test_backend_switch(algs[i]);
    karx_set_backend(orig);
    test_bad_input();
    printf("%zu KISA vectors, %d back ends\n", kat_cases, nb);
    return t_finish("hmac");
}
