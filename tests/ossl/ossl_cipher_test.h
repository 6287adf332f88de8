/* What the block-mode cipher tests share (test_ossl_cipher.c, test_ossl_xts.c): running an
 * EVP_CIPHER from karx over a buffer cut at given points, and reading the vendored vector files
 * (both their "NAME = hex" and Crypto++ "Name: value" layouts) one record at a time. */
#ifndef KARX_OSSL_CIPHER_TEST_H
#define KARX_OSSL_CIPHER_TEST_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "ossl_test.h"

/* Runs cipher over in[0..len) into out (out == in allowed) with the input cut at cuts[0..n)
 * (increasing offsets), then final. Returns 1 and *outlen on success; 0 if any call failed. */
static inline int t_evp_crypt(const EVP_CIPHER *cipher, int enc, int pad, const uint8_t *key,
                              const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                              size_t *outlen, const size_t *cuts, size_t n)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = ctx != NULL && EVP_CipherInit_ex2(ctx, cipher, key, iv, enc, NULL) == 1 &&
             EVP_CIPHER_CTX_set_padding(ctx, pad) == 1;
    size_t pos = 0, done = 0;
    for (size_t i = 0; ok && i <= n; i++) {
        size_t end = i < n ? cuts[i] : len;
        int o = 0;
        ok = EVP_CipherUpdate(ctx, out + done, &o, in + pos, (int)(end - pos)) == 1;
        done += (size_t)o;
        pos = end;
    }
    int o = 0;
    ok = ok && EVP_CipherFinal_ex(ctx, out + done, &o) == 1;
    *outlen = done + (size_t)o;
    EVP_CIPHER_CTX_free(ctx);
    return ok;
}

/* EVP_EncryptInit_ex2 with one size_t parameter (OSSL_CIPHER_PARAM_KEYLEN, _IVLEN) set to v. */
static inline int t_init_with_size(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *e, const uint8_t *key,
                                   const uint8_t *iv, const char *param, size_t v)
{
    OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(param, &v), OSSL_PARAM_construct_end()};
    return EVP_EncryptInit_ex2(ctx, e, key, iv, p);
}

/* n random increasing cut points in [0, len] (repeats allowed: empty updates). */
static inline void t_random_cuts(size_t len, size_t *cuts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        cuts[i] = len ? (size_t)(t_rand64() % (len + 1)) : 0;
    for (size_t i = 1; i < n; i++) /* insertion sort: n is small */
        for (size_t j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
            size_t t = cuts[j];
            cuts[j] = cuts[j - 1];
            cuts[j - 1] = t;
        }
}

/* ---- vector files ---- */

/* One record: the fields seen since the last one (upper-case names, PLAINTEXT -> PT,
 * CIPHERTEXT -> CT, TWEAK -> IV), the section it is in ("[...]" line or Crypto++ "Name:") and
 * how many comment lines equal to `mark` came before it. */
typedef struct t_rec {
    char section[128];
    int marks;
    char *key, *iv, *pt, *ct, *cipher, *sector;
} t_rec;

typedef void (*t_rec_fn)(const t_rec *r, void *arg);

static inline void t_rec_clear(t_rec *r)
{
    char **f[] = {&r->key, &r->iv, &r->pt, &r->ct, &r->cipher, &r->sector};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        free(*f[i]);
        *f[i] = NULL;
    }
}

static inline void t_rec_set(t_rec *r, const char *name, const char *value)
{
    char **f = !strcmp(name, "KEY") ? &r->key
             : (!strcmp(name, "IV") || !strcmp(name, "TWEAK")) ? &r->iv
             : (!strcmp(name, "PT") || !strcmp(name, "PLAINTEXT")) ? &r->pt
             : (!strcmp(name, "CT") || !strcmp(name, "CIPHERTEXT")) ? &r->ct
             : !strcmp(name, "CIPHER") ? &r->cipher
             : !strcmp(name, "SECTOR") ? &r->sector : NULL;
    if (f == NULL)
        return;
    free(*f);
    *f = strdup(value);
}

/* Calls fn for each record that has a CT (emitted when CT is read: it is the last field of every
 * layout here). Returns the number of records, or -1 if the file does not open. */
static inline long t_read_vectors(const char *dir, const char *file, const char *mark,
                                  t_rec_fn fn, void *arg)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    t_rec r;
    memset(&r, 0, sizeof r);
    char *line = NULL;
    size_t cap = 0;
    long n = 0;
    while (getline(&line, &cap, f) > 0) {
        char *s = t_trim(line), *sep;
        if (s[0] == '#') {
            r.marks += mark != NULL && strcmp(s, mark) == 0;
            continue;
        }
        if (s[0] == '[') {
            snprintf(r.section, sizeof r.section, "%s", s + 1);
            continue;
        }
        if ((sep = strpbrk(s, "=:")) == NULL)
            continue;
        *sep = 0;
        char *name = t_trim(s), *value = t_trim(sep + 1);
        for (char *p = name; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        if (!strcmp(name, "NAME"))
            snprintf(r.section, sizeof r.section, "%s", value);
        t_rec_set(&r, name, value);
        if (!strcmp(name, "CT") || !strcmp(name, "CIPHERTEXT")) {
            fn(&r, arg);
            n++;
            t_rec_clear(&r);
        }
    }
    t_rec_clear(&r);
    free(line);
    fclose(f);
    return n;
}

/* Hex of a field into a fresh buffer (spaces allowed); NULL field: length 0. */
static inline uint8_t *t_hex_field(const char *hex, size_t *len)
{
    size_t cap = hex ? strlen(hex) / 2 + 1 : 1;
    uint8_t *p = malloc(cap);
    long n = hex ? t_unhex(hex, p, cap) : 0;
    if (p == NULL || n < 0) {
        fprintf(stderr, "bad hex: %s\n", hex);
        abort();
    }
    *len = (size_t)n;
    return p;
}

#endif
