/* Shared by test_gcm.c and test_gmac.c: GF(2^128) arithmetic and GHASH by the definition
 * (SP 800-38D 6.3, 6.4), bit by bit, and the LEA GCM vectors of kisa_lea_modes_vs.txt.
 * Header-only, like test_util.h (include that first). */
#ifndef KARX_TEST_GCM_REF_H
#define KARX_TEST_GCM_REF_H

#include "karx/cipher.h"

/* z = x * y in GF(2^128), bit by bit, R = 11100001 || 0^120. z may alias x or y. */
static void ref_gmul(uint8_t z[16], const uint8_t x[16], const uint8_t y[16])
{
    uint8_t acc[16] = {0}, v[16];
    memcpy(v, y, 16);
    for (int i = 0; i < 128; i++) {
        if ((x[i / 8] >> (7 - i % 8)) & 1)
            for (int j = 0; j < 16; j++) acc[j] ^= v[j];
        int lsb = v[15] & 1;
        for (int j = 15; j > 0; j--) v[j] = (uint8_t)((v[j] >> 1) | (v[j - 1] << 7));
        v[0] >>= 1;
        if (lsb) v[0] ^= 0xe1;
    }
    memcpy(z, acc, 16);
}

/* y = GHASH_H continued over d, zero-padded to whole blocks. */
static void ref_ghash(const uint8_t h[16], uint8_t y[16], const uint8_t *d, size_t len)
{
    for (size_t i = 0; i < len; i += 16) {
        for (size_t j = 0; j < 16 && i + j < len; j++) y[j] ^= d[i + j];
        ref_gmul(y, y, h);
    }
}

/* ---- the KISA LEA-GCM vectors (LEA-128/192/256, 16-byte tags) ---- */

typedef struct {
    karx_cipher_alg alg;
    uint8_t key[32], iv[64], aad[256], pt[512], ct[512], tag[16];
    long klen, ivlen, aadlen, ptlen, ctlen, taglen;
} gcm_kat;

#define GCM_KISA_COUNT 30

/* "NAME = hex" into out: its length, -1 if malformed, -2 if the line is another field. */
static long gcm_field(const char *line, const char *name, uint8_t *out, size_t cap)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0 || strncmp(line + n, " =", 2) != 0) return -2;
    return t_unhex(line + n + 2, out, cap);
}

/* The LEA GCM section a "[...]" line opens, or 0 for any other section. */
static karx_cipher_alg gcm_section_alg(const char *line)
{
    if (strstr(line, " GCM ") == NULL) return (karx_cipher_alg)0;
    if (!strncmp(line, "[LEA-128", 8)) return KARX_CIPHER_LEA128;
    if (!strncmp(line, "[LEA-192", 8)) return KARX_CIPHER_LEA192;
    if (!strncmp(line, "[LEA-256", 8)) return KARX_CIPHER_LEA256;
    return (karx_cipher_alg)0;
}

/* One "NAME = hex" line of a record into k (KEY, IV, AAD, PT, CT, TAG): 1 for TAG, the last field
 * of a record, 0 for another of these fields, -1 for any other line. */
static int gcm_kat_line(const char *line, gcm_kat *k)
{
    const struct {
        const char *name;
        uint8_t *buf;
        size_t cap;
        long *len;
    } fields[] = {
        {"KEY", k->key, sizeof k->key, &k->klen},   {"IV", k->iv, sizeof k->iv, &k->ivlen},
        {"AAD", k->aad, sizeof k->aad, &k->aadlen}, {"PT", k->pt, sizeof k->pt, &k->ptlen},
        {"CT", k->ct, sizeof k->ct, &k->ctlen},     {"TAG", k->tag, sizeof k->tag, &k->taglen},
    };
    const size_t n = sizeof fields / sizeof fields[0];
    for (size_t i = 0; i < n; i++) {
        long r = gcm_field(line, fields[i].name, fields[i].buf, fields[i].cap);
        if (r != -2) {
            *fields[i].len = r;
            return i == n - 1;
        }
    }
    return -1;
}

/* Reads every well-formed LEA GCM record of DIR/kisa_lea_modes_vs.txt into out[0..cap), checking
 * each and their count (GCM_KISA_COUNT); returns how many it stored. */
static size_t gcm_load_kisa(const char *dir, gcm_kat *out, size_t cap)
{
    char line[4096];
    size_t n = 0;
    FILE *f = t_open_kat(dir, "kisa_lea_modes_vs.txt");
    if (!f) return 0;
    karx_cipher_alg alg = (karx_cipher_alg)0;
    gcm_kat k;
    memset(&k, 0, sizeof k);
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '[')
            alg = gcm_section_alg(line);
        else if (alg != 0 && gcm_kat_line(line, &k) == 1) {
            k.alg = alg;
            int good = k.klen > 0 && k.ivlen > 0 && k.aadlen >= 0 && k.ptlen >= 0 &&
                       k.ctlen == k.ptlen && k.taglen == 16;
            CHECK(good, "bad record %zu", n);
            if (good && n < cap) out[n++] = k;
            memset(&k, 0, sizeof k);
        }
    }
    fclose(f);
    CHECK(n == GCM_KISA_COUNT, "expected %d GCM vectors, parsed %zu", GCM_KISA_COUNT, n);
    return n;
}

#endif
