/* The cipher registry (names, sizes), scheduled keys of any cipher, and single-block calls. */
#include <string.h>

#include "modes_internal.h"

static const karx_i_cipher rows[KARX_CIPHER_LAST + 1] = {
    [KARX_CIPHER_LEA128] = {"lea128", 16, 16, &karx_i_lea_portable, karx_i_lea_kernels},
    [KARX_CIPHER_LEA192] = {"lea192", 16, 24, &karx_i_lea_portable, karx_i_lea_kernels},
    [KARX_CIPHER_LEA256] = {"lea256", 16, 32, &karx_i_lea_portable, karx_i_lea_kernels},
    [KARX_CIPHER_HIGHT] = {"hight", 8, 16, &karx_i_hight_portable, karx_i_hight_kernels},
    [KARX_CIPHER_CHAM64_128] = {"cham64-128", 8, 16, &karx_i_cham64_portable,
                                karx_i_cham64_kernels},
    [KARX_CIPHER_CHAM128_128] = {"cham128-128", 16, 16, &karx_i_cham128_portable,
                                 karx_i_cham128_kernels},
    [KARX_CIPHER_CHAM128_256] = {"cham128-256", 16, 32, &karx_i_cham128_portable,
                                 karx_i_cham128_kernels},
};

static const char *const mode_names[KARX_MODE_LAST + 1] = {
    [KARX_MODE_ECB] = "ecb", [KARX_MODE_CBC] = "cbc",     [KARX_MODE_CTR] = "ctr",
    [KARX_MODE_CFB] = "cfb", [KARX_MODE_CFB8] = "cfb8",   [KARX_MODE_CFB64] = "cfb64",
    [KARX_MODE_OFB] = "ofb",
};

const karx_i_cipher *karx_i_cipher_row(uint32_t alg)
{
    return (alg >= KARX_CIPHER_FIRST && alg <= KARX_CIPHER_LAST) ? &rows[alg] : NULL;
}

const karx_i_cipher *karx_i_key_row(const karx_cipher_key *key)
{
    return key != NULL ? karx_i_cipher_row(key->alg) : NULL;
}

/* Lower-case, with '-', '_', '/' and ' ' dropped: "CHAM-128/256" and "cham128-256" both
 * become "cham128256". Returns 0 if the name does not fit. */
static int squash(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    for (; *name; name++) {
        if (*name == '-' || *name == '_' || *name == '/' || *name == ' ')
            continue;
        if (n + 1 >= cap)
            return 0;
        char ch = *name; /* ASCII lower-casing (tolower's "C" locale), no <ctype.h> */
        out[n++] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
    }
    out[n] = '\0';
    return 1;
}

karx_status karx_cipher_from_name(const char *name, karx_cipher_alg *out)
{
    char want[32], have[32];
    if (name == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    if (!squash(name, want, sizeof want))
        return KARX_ERR_UNKNOWN_ALGORITHM;
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        squash(rows[a].name, have, sizeof have);
        if (strcmp(want, have) == 0) {
            *out = (karx_cipher_alg)a;
            return KARX_OK;
        }
    }
    return KARX_ERR_UNKNOWN_ALGORITHM;
}

const char *karx_cipher_name(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_row((uint32_t)alg);
    return c ? c->name : NULL;
}

size_t karx_cipher_block_bytes(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_row((uint32_t)alg);
    return c ? c->block_bytes : 0;
}

size_t karx_cipher_key_bytes(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_row((uint32_t)alg);
    return c ? c->key_bytes : 0;
}

karx_status karx_mode_from_name(const char *name, karx_mode *out)
{
    char want[16];
    if (name == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    if (!squash(name, want, sizeof want))
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (strcmp(want, "cfb128") == 0) {
        *out = KARX_MODE_CFB;
        return KARX_OK;
    }
    for (int m = KARX_MODE_FIRST; m <= KARX_MODE_LAST; m++) {
        if (strcmp(want, mode_names[m]) == 0) {
            *out = (karx_mode)m;
            return KARX_OK;
        }
    }
    return KARX_ERR_UNKNOWN_ALGORITHM;
}

const char *karx_mode_name(karx_mode mode)
{
    return (mode >= KARX_MODE_FIRST && mode <= KARX_MODE_LAST) ? mode_names[mode] : NULL;
}

size_t karx_mode_iv_bytes(karx_cipher_alg alg, karx_mode mode)
{
    const karx_i_cipher *c = karx_i_cipher_row((uint32_t)alg);
    if (c == NULL || mode < KARX_MODE_FIRST || mode > KARX_MODE_LAST || mode == KARX_MODE_ECB)
        return 0;
    return c->block_bytes;
}

karx_status karx_cipher_set_key(karx_cipher_key *key, karx_cipher_alg alg, const uint8_t *k,
                                size_t key_len)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    karx_cipher_key_wipe(key);
    const karx_i_cipher *c = karx_i_cipher_row((uint32_t)alg);
    if (c == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (k == NULL)
        return KARX_ERR_ARGUMENT;
    if (key_len != c->key_bytes)
        return KARX_ERR_KEY_LENGTH;
    karx_status st;
    switch (alg) {
    case KARX_CIPHER_LEA128:
    case KARX_CIPHER_LEA192:
    case KARX_CIPHER_LEA256: st = karx_lea_set_key(&key->u.lea, k, key_len); break;
    case KARX_CIPHER_HIGHT: st = karx_hight_set_key(&key->u.hight, k, key_len); break;
    case KARX_CIPHER_CHAM64_128: st = karx_cham64_set_key(&key->u.cham64, k, key_len); break;
    default: st = karx_cham128_set_key(&key->u.cham128, k, key_len); break;
    }
    if (st != KARX_OK) {
        karx_cipher_key_wipe(key);
        return st;
    }
    key->alg = (uint32_t)alg;
    return KARX_OK;
}

void karx_cipher_key_wipe(karx_cipher_key *key)
{
    if (key != NULL)
        karx_memzero(key, sizeof *key);
}

karx_status karx_cipher_encrypt_block(const karx_cipher_key *key, uint8_t *out, const uint8_t *in)
{
    const karx_i_cipher *c = karx_i_key_row(key);
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (c == NULL)
        return KARX_ERR_STATE;
    c->portable->ecb_encrypt(karx_i_ks(key), out, in, 1);
    return KARX_OK;
}

karx_status karx_cipher_decrypt_block(const karx_cipher_key *key, uint8_t *out, const uint8_t *in)
{
    const karx_i_cipher *c = karx_i_key_row(key);
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (c == NULL)
        return KARX_ERR_STATE;
    c->portable->ecb_decrypt(karx_i_ks(key), out, in, 1);
    return KARX_OK;
}
