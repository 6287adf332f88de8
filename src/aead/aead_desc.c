/* The AEAD modes' descriptors (registry.h karx_i_aead; listed in src/registry/aeads.c): each
 * mode's facts and its calls in the one shape karx/aead.h dispatches through. The adapters only
 * name the union member a context is (a karx_aead_ctx's u.gcm / u.ccm) and fill in what a
 * mode's own call does not take. */
#include <stdint.h>

#include "karx/aead.h"
#include "registry/registry.h"

/* GCM's IV: 1 byte up to 2^61 - 1 (its bit length fits in 64 bits), capped at SIZE_MAX. */
#define GCM_NONCE_MAX \
    ((uint64_t)SIZE_MAX < ((uint64_t)1 << 61) - 1 ? SIZE_MAX : (size_t)(((uint64_t)1 << 61) - 1))

/* A mode's streaming calls (karx_<m>_aad, _update, _final, _final_verify on its karx_<m>_ctx)
 * as the descriptor's, which take the context as void *: one adapter each, written once. */
#define AEAD_STREAM_CALLS(m)                                                                    \
    static karx_status m##_aad(void *c, const uint8_t *a, size_t n)                             \
    {                                                                                           \
        return karx_##m##_aad(c, a, n);                                                         \
    }                                                                                           \
    static karx_status m##_update(void *c, uint8_t *out, const uint8_t *in, size_t n)           \
    {                                                                                           \
        return karx_##m##_update(c, out, in, n);                                                \
    }                                                                                           \
    static karx_status m##_final(void *c, uint8_t *tag, size_t n)                               \
    {                                                                                           \
        return karx_##m##_final(c, tag, n);                                                     \
    }                                                                                           \
    static karx_status m##_verify(void *c, const uint8_t *tag, size_t n)                        \
    {                                                                                           \
        return karx_##m##_final_verify(c, tag, n);                                              \
    }

AEAD_STREAM_CALLS(gcm)
AEAD_STREAM_CALLS(ccm)

/* A mode's scheduled-key calls (karx_<m>_set_key, _key_wipe and the key's cipher) as the
 * descriptor's, which take the karx_<m>_key as void *. */
#define AEAD_KEY_CALLS(m)                                                                       \
    static karx_status m##_set_key(void *k, karx_cipher_alg alg, const uint8_t *key, size_t n)  \
    {                                                                                           \
        return karx_##m##_set_key(k, alg, key, n);                                              \
    }                                                                                           \
    static void m##_key_wipe(void *k) { karx_##m##_key_wipe(k); }                               \
    static karx_cipher_alg m##_key_cipher(const void *k)                                        \
    {                                                                                           \
        return (karx_cipher_alg)((const karx_##m##_key *)k)->alg;                               \
    }

static size_t gcm_max_payload(size_t nonce_len)
{
    return nonce_len >= 1 && nonce_len <= GCM_NONCE_MAX ? karx_gcm_max_payload_bytes() : 0;
}

/* GCM takes its lengths as they come and its tag length at final: init checks the tag length
 * here, so both modes refuse a bad one at the same step. */
static karx_status gcm_init(void *ctx, karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                            int encrypt, const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                            uint64_t payload_len, size_t tag_len)
{
    (void)aad_len, (void)payload_len;
    if (!karx_gcm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    return karx_gcm_init(ctx, alg, key, key_len, encrypt, nonce, nonce_len);
}

/* ---- over a scheduled key: the void * is a karx_aead_key's u.gcm ---- */
AEAD_KEY_CALLS(gcm)

static karx_status gcm_seal(const void *k, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                            uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                            const uint8_t *aad, size_t aad_len)
{
    return karx_gcm_seal(k, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len);
}

static karx_status gcm_open(const void *k, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                            const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                            const uint8_t *aad, size_t aad_len)
{
    return karx_gcm_open(k, nonce, nonce_len, out, tag, tag_len, in, len, aad, aad_len);
}

static karx_status gcm_seal_pool(karx_pool *pool, const void *k, const uint8_t *nonce,
                                 size_t nonce_len, uint8_t *out, uint8_t *tag, size_t tag_len,
                                 const uint8_t *in, size_t len, const uint8_t *aad,
                                 size_t aad_len)
{
    return karx_gcm_seal_pool(pool, k, nonce, nonce_len, out, tag, tag_len, in, len, aad,
                              aad_len);
}

static karx_status gcm_open_pool(karx_pool *pool, const void *k, const uint8_t *nonce,
                                 size_t nonce_len, uint8_t *out, const uint8_t *tag,
                                 size_t tag_len, const uint8_t *in, size_t len,
                                 const uint8_t *aad, size_t aad_len)
{
    return karx_gcm_open_pool(pool, k, nonce, nonce_len, out, tag, tag_len, in, len, aad,
                              aad_len);
}

static karx_status gcm_init_key(void *ctx, const void *k, int encrypt, const uint8_t *nonce,
                                size_t nonce_len, uint64_t aad_len, uint64_t payload_len,
                                size_t tag_len)
{
    (void)aad_len, (void)payload_len;
    if (!karx_gcm_tag_len_ok(tag_len))
        return KARX_ERR_ARGUMENT;
    return karx_gcm_init_key(ctx, k, encrypt, nonce, nonce_len);
}

const karx_i_aead karx_i_gcm_aead_desc = {
    .id = KARX_AEAD_GCM, .name = "gcm", .std_name = "GCM", .nonce_name = "IV",
    .nonce_min = 1, .nonce_max = GCM_NONCE_MAX, .nonce_default = 12,
    .tag_min = 4, .tag_max = 16, .tag_default = 16, .lengths_first = 0, .approved = 1,
    .block_bytes = 16,
    .tag_len_ok = karx_gcm_tag_len_ok, .max_payload = gcm_max_payload,
    .encrypt = karx_gcm_encrypt, .decrypt = karx_gcm_decrypt,
    .init = gcm_init,
    .set_key = gcm_set_key, .key_wipe = gcm_key_wipe, .key_cipher = gcm_key_cipher,
    .seal = gcm_seal, .open = gcm_open, .seal_pool = gcm_seal_pool, .open_pool = gcm_open_pool,
    .init_key = gcm_init_key,
    .aad = gcm_aad, .update = gcm_update, .final = gcm_final, .final_verify = gcm_verify};

/* CCM's tag: 4, 6, ..., 16 bytes (SP 800-38C A.1). Its default nonce is RFC 5116's 12 bytes
 * (payloads up to 2^24 - 1 bytes; 7 bytes allow any length). */
static int ccm_tag_len_ok(size_t n) { return n >= 4 && n <= 16 && n % 2 == 0; }

static karx_status ccm_init(void *ctx, karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                            int encrypt, const uint8_t *nonce, size_t nonce_len, uint64_t aad_len,
                            uint64_t payload_len, size_t tag_len)
{
    return karx_ccm_init(ctx, alg, key, key_len, encrypt, nonce, nonce_len, aad_len, payload_len,
                         tag_len);
}

/* ---- over a scheduled key: the void * is a karx_aead_key's u.ccm ---- */
AEAD_KEY_CALLS(ccm)

static karx_status ccm_seal(const void *k, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                            uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                            const uint8_t *aad, size_t aad_len)
{
    return karx_ccm_seal(&((const karx_ccm_key *)k)->cipher, nonce, nonce_len, out, tag, tag_len,
                         in, len, aad, aad_len);
}

static karx_status ccm_open(const void *k, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                            const uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len,
                            const uint8_t *aad, size_t aad_len)
{
    return karx_ccm_open(&((const karx_ccm_key *)k)->cipher, nonce, nonce_len, out, tag, tag_len,
                         in, len, aad, aad_len);
}

static karx_status ccm_init_key(void *ctx, const void *k, int encrypt, const uint8_t *nonce,
                                size_t nonce_len, uint64_t aad_len, uint64_t payload_len,
                                size_t tag_len)
{
    return karx_ccm_init_key(ctx, &((const karx_ccm_key *)k)->cipher, encrypt, nonce, nonce_len,
                             aad_len, payload_len, tag_len);
}

const karx_i_aead karx_i_ccm_aead_desc = {
    .id = KARX_AEAD_CCM, .name = "ccm", .std_name = "CCM", .nonce_name = "nonce",
    .nonce_min = 7, .nonce_max = 13, .nonce_default = 12,
    .tag_min = 4, .tag_max = 16, .tag_default = 16, .lengths_first = 1, .approved = 1,
    .block_bytes = 16,
    .tag_len_ok = ccm_tag_len_ok, .max_payload = karx_ccm_max_payload_bytes,
    .encrypt = karx_ccm_encrypt, .decrypt = karx_ccm_decrypt,
    .init = ccm_init,
    .set_key = ccm_set_key, .key_wipe = ccm_key_wipe, .key_cipher = ccm_key_cipher,
    .seal = ccm_seal, .open = ccm_open, .seal_pool = NULL, .open_pool = NULL, /* one chain */
    .init_key = ccm_init_key,
    .aad = ccm_aad, .update = ccm_update, .final = ccm_final, .final_verify = ccm_verify};
