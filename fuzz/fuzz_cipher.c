/* libFuzzer target: for an arbitrary cipher, mode, padding, key, IV and message, streaming split
 * at fuzzer-chosen points equals one-shot, the active back end equals portable, decryption
 * inverts encryption, and decrypting the raw input as ciphertext either succeeds or fails with a
 * data-length or padding status (never anything else, never out of bounds). */
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(int cond)
{
    if (!cond)
        abort();
}

static size_t stream(karx_cipher_alg a, karx_mode m, int enc, int pad, const uint8_t *key,
                     size_t kl, const uint8_t *iv, size_t ivl, uint8_t *out, size_t cap,
                     const uint8_t *in, size_t len, size_t s1, size_t s2, karx_status *st)
{
    karx_cipher_ctx ctx;
    size_t w = 0, n;
    const size_t cut[3] = {s1, s2, len};
    size_t prev = 0;
    *st = karx_cipher_init(&ctx, a, m, enc, pad, key, kl, iv, ivl);
    for (int i = 0; i < 3 && *st == KARX_OK; i++) {
        *st = karx_cipher_update(&ctx, out + w, cap - w, &n, in + prev, cut[i] - prev);
        w += n;
        prev = cut[i];
    }
    if (*st == KARX_OK)
        *st = karx_cipher_final(&ctx, out + w, cap - w, &n);
    else
        karx_cipher_ctx_wipe(&ctx);
    return *st == KARX_OK ? w + n : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4 + 32 + 16)
        return 0;
    karx_cipher_alg a = (karx_cipher_alg)(KARX_CIPHER_FIRST + data[0] % KARX_CIPHER_LAST);
    karx_mode m = (karx_mode)(KARX_MODE_FIRST + data[1] % KARX_MODE_LAST);
    int pad = data[2] & 1;
    const uint8_t *key = data + 4, *iv = data + 36, *msg = data + 52;
    size_t len = size - 52, kl = karx_cipher_key_bytes(a), ivl = karx_mode_iv_bytes(a, m);
    size_t B = karx_cipher_block_bytes(a);
    size_t s1 = len ? data[3] % (len + 1) : 0, s2 = len ? (data[3] * 7u + data[2]) % (len + 1) : 0;
    if (s1 > s2) {
        size_t t = s1;
        s1 = s2;
        s2 = t;
    }
    if ((m == KARX_MODE_ECB || m == KARX_MODE_CBC) && !pad)
        len -= len % B;
    s1 = s1 > len ? len : s1;
    s2 = s2 > len ? len : s2;
    size_t cap = len + B;
    uint8_t *one = malloc(cap), *two = malloc(cap), *back = malloc(cap);
    size_t n1 = 0, n2, n3 = 0;
    karx_status st;
    st = karx_cipher_encrypt(a, m, pad, key, kl, iv, ivl, one, cap, &n1, msg, len);
    if (m == KARX_MODE_CTR && st == KARX_ERR_COUNTER_OVERFLOW) {
        /* an IV near all-ones: streaming must refuse too, at the update that would wrap */
        stream(a, m, 1, pad, key, kl, iv, ivl, two, cap, msg, len, s1, s2, &st);
        must(st == KARX_ERR_COUNTER_OVERFLOW && n1 == 0);
        free(one);
        free(two);
        free(back);
        return 0;
    }
    must(st == KARX_OK);
    n2 = stream(a, m, 1, pad, key, kl, iv, ivl, two, cap, msg, len, s1, s2, &st);
    must(st == KARX_OK && n2 == n1 && memcmp(one, two, n1) == 0);
    karx_backend was = karx_get_backend();
    karx_set_backend(KARX_BACKEND_PORTABLE);
    must(karx_cipher_encrypt(a, m, pad, key, kl, iv, ivl, two, cap, &n2, msg, len) == KARX_OK);
    karx_set_backend(was);
    must(n2 == n1 && memcmp(one, two, n1) == 0);
    must(karx_cipher_decrypt(a, m, pad, key, kl, iv, ivl, back, cap, &n3, one, n1) == KARX_OK);
    must(n3 == len && memcmp(back, msg, len) == 0);
    /* the raw message as ciphertext, split the same way */
    size_t raw = size - 52;
    uint8_t *junk = malloc(raw + B);
    size_t sa = s1 > raw ? raw : s1, sb = s2 > raw ? raw : s2;
    stream(a, m, 0, pad, key, kl, iv, ivl, junk, raw + B, msg, raw, sa, sb, &st);
    must(st == KARX_OK || st == KARX_ERR_PADDING || st == KARX_ERR_DATA_LENGTH);
    free(junk);
    free(one);
    free(two);
    free(back);
    return 0;
}
