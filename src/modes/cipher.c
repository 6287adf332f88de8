/* Ciphers and modes by id or name (over the registry), scheduled keys of any cipher, and
 * single-block calls. */
#include <string.h>

#include "modes_internal.h"

karx_status karx_cipher_from_name(const char *name, karx_cipher_alg *out)
{
    if (name == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = karx_i_cipher_by_name(name);
    if (c == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    *out = c->id;
    return KARX_OK;
}

const char *karx_cipher_name(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    return c ? c->name : NULL;
}

size_t karx_cipher_block_bytes(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    return c ? c->block_bytes : 0;
}

size_t karx_cipher_key_bytes(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    return c ? c->key_bytes : 0;
}

karx_status karx_mode_from_name(const char *name, karx_mode *out)
{
    if (name == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    const karx_i_mode *m = karx_i_mode_by_name(name);
    if (m == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    *out = m->id;
    return KARX_OK;
}

const char *karx_mode_name(karx_mode mode)
{
    const karx_i_mode *m = karx_i_mode_desc((uint32_t)mode);
    return m ? m->name : NULL;
}

size_t karx_mode_iv_bytes(karx_cipher_alg alg, karx_mode mode)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    const karx_i_mode *m = karx_i_mode_desc((uint32_t)mode);
    if (c == NULL || m == NULL || !m->has_iv)
        return 0;
    return c->block_bytes;
}

karx_status karx_cipher_set_key(karx_cipher_key *key, karx_cipher_alg alg, const uint8_t *k,
                                size_t key_len)
{
    if (key == NULL)
        return KARX_ERR_ARGUMENT;
    karx_cipher_key_wipe(key);
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    if (c == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (k == NULL)
        return KARX_ERR_ARGUMENT;
    if (key_len != c->key_bytes)
        return KARX_ERR_KEY_LENGTH;
    karx_status st = c->set_key(&key->u, k, key_len);
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
    karx_i_portable(c)->ecb_encrypt(karx_i_ks(key), out, in, 1);
    return KARX_OK;
}

karx_status karx_cipher_decrypt_block(const karx_cipher_key *key, uint8_t *out, const uint8_t *in)
{
    const karx_i_cipher *c = karx_i_key_row(key);
    if (key == NULL || out == NULL || in == NULL)
        return KARX_ERR_ARGUMENT;
    if (c == NULL)
        return KARX_ERR_STATE;
    karx_i_portable(c)->ecb_decrypt(karx_i_ks(key), out, in, 1);
    return KARX_OK;
}
