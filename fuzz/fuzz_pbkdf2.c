/* libFuzzer target: PBKDF2-HMAC-LSH against a plain reference written from its definition
 * (SP 800-132 / RFC 8018 5.2: T_i = U_1 ^ .. ^ U_c, U_1 = PRF(P, S || INT(i)),
 * U_j = PRF(P, U_{j-1}), DK = the first dkLen bytes of T_1 || T_2 || ..) on the library's own
 * one-shot HMAC, for a fuzz-chosen variant, password, salt, small iteration count and output
 * length; a shorter output is a prefix of a longer one; bad arguments (iterations 0, output
 * length 0 or past (2^32 - 1) * hLen, unknown variant) give their status and write nothing. */
#include "fuzz_util.h"

enum { MAX_ITER = 8, MAX_OUT = 300, MAX_SALT = 200 };

static void reference(karx_lsh_alg alg, uint8_t *dk, size_t dk_len, const uint8_t *pw,
                      size_t pw_len, const uint8_t *salt, size_t salt_len, uint32_t c)
{
    size_t h = karx_hmac_lsh_bytes(alg);
    uint8_t *s = malloc(salt_len + 4), u[64], t[64];
    MUST(s != NULL);
    if (salt_len)
        memcpy(s, salt, salt_len);
    for (uint32_t i = 1; (size_t)(i - 1) * h < dk_len; i++) {
        s[salt_len] = (uint8_t)(i >> 24); /* INT(i): 32-bit big-endian */
        s[salt_len + 1] = (uint8_t)(i >> 16);
        s[salt_len + 2] = (uint8_t)(i >> 8);
        s[salt_len + 3] = (uint8_t)i;
        MUST(karx_hmac_lsh(alg, pw, pw_len, u, h, s, salt_len + 4) == KARX_OK);
        memcpy(t, u, h);
        for (uint32_t j = 2; j <= c; j++) {
            MUST(karx_hmac_lsh(alg, pw, pw_len, u, h, u, h) == KARX_OK);
            for (size_t k = 0; k < h; k++)
                t[k] ^= u[k];
        }
        size_t off = (size_t)(i - 1) * h, n = dk_len - off < h ? dk_len - off : h;
        memcpy(dk + off, t, n);
    }
    free(s);
}

static void check_refused(karx_lsh_alg alg, size_t out_len, const uint8_t *pw, size_t pw_len,
                          uint32_t iter, karx_status want)
{
    uint8_t out[8];
    memset(out, 0xA5, sizeof out);
    MUST(karx_pbkdf2_hmac_lsh(alg, pw, pw_len, NULL, 0, iter, out, out_len) == want);
    for (size_t i = 0; i < sizeof out; i++)
        MUST(out[i] == 0xA5);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    karx_lsh_alg alg = (karx_lsh_alg)(fz_u8(&f) % 8); /* 0 and 7 are not variants */
    uint32_t iter = fz_u8(&f) % (MAX_ITER + 1);
    size_t out_len = fz_upto(&f, MAX_OUT), short_len = fz_upto(&f, MAX_OUT);
    size_t salt_len = fz_upto(&f, MAX_SALT), got, pw_len;
    fz_backend(&f);
    const uint8_t *sp = fz_take(&f, salt_len, &got);
    uint8_t *salt = fz_dup(sp, got);
    salt_len = got;
    const uint8_t *rest = fz_rest(&f, &pw_len);
    uint8_t *pw = fz_dup(rest, pw_len);
    size_t h = karx_hmac_lsh_bytes(alg);

    if (h == 0)
        check_refused(alg, 8, pw, pw_len, 1, KARX_ERR_UNKNOWN_ALGORITHM);
    else if (iter == 0)
        check_refused(alg, 8, pw, pw_len, 0, KARX_ERR_ARGUMENT);
    else if (out_len == 0)
        check_refused(alg, 0, pw, pw_len, iter, KARX_ERR_OUTPUT_LENGTH);
    else {
        uint8_t *want = malloc(out_len), *dk = malloc(out_len);
        MUST(want && dk);
        reference(alg, want, out_len, pw, pw_len, salt, salt_len, iter);
        MUST(karx_pbkdf2_hmac_lsh(alg, pw, pw_len, salt, salt_len, iter, dk, out_len) == KARX_OK);
        MUST(memcmp(dk, want, out_len) == 0);
        if (short_len > 0 && short_len <= out_len) {
            MUST(karx_pbkdf2_hmac_lsh(alg, pw, pw_len, salt, salt_len, iter, dk, short_len) ==
                 KARX_OK);
            MUST(memcmp(dk, want, short_len) == 0);
        }
        /* one byte past the largest output: refused before anything is written */
        check_refused(alg, (size_t)UINT32_MAX * h + 1, pw, pw_len, iter, KARX_ERR_OUTPUT_LENGTH);
        free(want);
        free(dk);
    }
    free(salt);
    free(pw);
    return 0;
}
