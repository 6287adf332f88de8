/* karx's KBKDF with a MAC or primitive karx does not have (HMAC-SHA256, CMAC-AES, KMAC...):
 * another provider's KBKDF gets karx's settings so far, then every call (prov_forward.h). */
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "karx/kbkdf.h"
#include "karx/registry.h"
#include "prov_forward.h"
#include "prov_kdf_kbkdf.h"

#define CBC "-CBC"

static const char *str_of(const OSSL_PARAM *p)
{
    const char *s = NULL;
    return p != NULL && OSSL_PARAM_get_utf8_string_ptr(p, &s) ? s : NULL;
}

/* The param naming what karx lacks (a digest counts unless the mac is CMAC, a cipher unless it
 * is HMAC: the MAC ignores the other), or NULL. */
static const OSSL_PARAM *foreign(const kbkdf_ctx *k, const OSSL_PARAM params[])
{
    const OSSL_PARAM *pm = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_MAC);
    const OSSL_PARAM *pd = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_DIGEST);
    const OSSL_PARAM *pc = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_CIPHER);
    const char *s;
    int mac = k->mac;
    if ((s = str_of(pm)) != NULL) {
        mac = strcasecmp(s, "HMAC") == 0 ? KARX_MAC_HMAC : strcasecmp(s, "CMAC") == 0 ? KARX_MAC_CMAC : -1;
        if (mac < 0)
            return pm;
    }
    if (mac != KARX_MAC_CMAC && (s = str_of(pd)) != NULL && karx_prov_lsh_id(s) == 0)
        return pd;
    if (mac != KARX_MAC_HMAC && (s = str_of(pc)) != NULL && !karx_prov_cipher_ours(s, CBC))
        return pc;
    return NULL;
}

/* The registry name of a karx primitive, in OpenSSL's spelling (ciphers with "-CBC"). */
static void prim_name(karx_alg_kind kind, int id, char *buf)
{
    karx_alg_info info;
    buf[0] = 0;
    if (karx_alg_by_id(kind, id, &info) != KARX_OK)
        return;
    karx_prov_std_spelling(info.std_name, buf);
    if (kind == KARX_KIND_CIPHER && strlen(buf) + sizeof CBC <= KARX_PROV_NAME_MAX)
        strcat(buf, CBC);
}

/* karx's settings so far, as the other KBKDF's params: into r (12 entries at most), and the
 * key, unless params carry one, into after (2 entries). */
static void replay_of(const kbkdf_ctx *k, const OSSL_PARAM params[], OSSL_PARAM *r,
                      OSSL_PARAM *after, char *digest, char *cipher, int *ints)
{
    static const char *const mode_names[] = {"", "counter", "feedback", "double-pipeline"};
    const char *const mac = k->mac == KARX_MAC_HMAC ? "HMAC" : "CMAC";
    const karx_prov_buf *bufs[] = {&k->label, &k->context, &k->iv};
    static const char *const keys[] = {OSSL_KDF_PARAM_SALT, OSSL_KDF_PARAM_INFO, OSSL_KDF_PARAM_SEED};
    *r++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, (char *)mode_names[k->mode % 4], 0);
    if (k->mac != 0)
        *r++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MAC, (char *)mac, 0);
    prim_name(KARX_KIND_HASH, k->lsh, digest);
    prim_name(KARX_KIND_CIPHER, k->cipher, cipher);
    if (digest[0] != 0)
        *r++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0);
    if (cipher[0] != 0)
        *r++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_CIPHER, cipher, 0);
    for (size_t i = 0; i < 3; i++)
        if (bufs[i]->data != NULL)
            *r++ = OSSL_PARAM_construct_octet_string(keys[i], bufs[i]->data, bufs[i]->len);
    ints[0] = k->r, ints[1] = k->l_bytes;
    if (k->r != 32) /* OpenSSL 3.1's "r"; 3.0's KBKDF lacks it: karx_fwd_kdf_start refuses */
        *r++ = OSSL_PARAM_construct_int("r", &ints[0]);
    if (k->l_bytes != 4) /* karx's own: no other KBKDF takes it */
        *r++ = OSSL_PARAM_construct_int("karx-l-bytes", &ints[1]);
    *r = OSSL_PARAM_construct_end();
    if (k->key.data != NULL && OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_KEY) == NULL)
        *after++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, k->key.data, k->key.len);
    *after = OSSL_PARAM_construct_end();
}

static int start(kbkdf_ctx *k, const OSSL_PARAM *p, const OSSL_PARAM params[])
{
    char what[KARX_PROV_NAME_MAX + 16], digest[KARX_PROV_NAME_MAX], cipher[KARX_PROV_NAME_MAX];
    OSSL_PARAM replay[12], after[2];
    int ints[2];
    karx_fwd_what(p, what, sizeof what);
    replay_of(k, params, replay, after, digest, cipher, ints);
    k->fwd = karx_fwd_kdf_start(k->pc, "KBKDF", replay, params, after, what);
    return k->fwd != NULL;
}

int karx_kbkdf_fwd_params(kbkdf_ctx *k, const OSSL_PARAM params[])
{
    if (k->fwd != NULL)
        return EVP_KDF_CTX_set_params(k->fwd, params) ? 1 : -1;
    const OSSL_PARAM *p = foreign(k, params);
    if (p == NULL)
        return 0;
    return start(k, p, params) ? 1 : -1;
}
