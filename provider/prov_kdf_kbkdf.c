/* EVP_KDF "KBKDF" over karx_kbkdf (SP 800-108 / TTAK.KO-12.0272). OpenSSL's KBKDF params map
 * onto karx's options:
 *   mode        "counter" (default), "feedback", and karx's "double-pipeline" (also "pipeline")
 *   mac         "HMAC" (digest = an LSH name) or "CMAC" (cipher = "LEA-128-CBC" or "LEA-128", ...)
 *   key = KI, salt = Label, info = Context, seed = feedback mode's IV
 *   r           the counter's width in bits: 8, 16, 24, 32 (default, OpenSSL's), and 0 = no
 *               counter (feedback and double-pipeline only; karx's extension)
 *   use-l, use-separator: 1 only (karx always writes [L] and the 0x00 separator); 0 is refused
 *   karx-l-bytes [L]'s width: 4 (default, OpenSSL's form), 1 .. 3, or 0 = the fewest bytes that
 *               hold it (the TTAK.KO-12.0272 form)
 * "r" is OpenSSL 3.1's OSSL_KDF_PARAM_KBKDF_R_VALUE spelled out, as 3.0's headers lack it.
 * A mac other than HMAC / CMAC, or a digest / cipher karx does not have, makes the context
 * forward to another provider's KBKDF until reset (prov_kdf_kbkdf_fwd.c). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "karx/kbkdf.h"
#include "karx/registry.h"
#include "prov_forward.h"
#include "prov_kdf_kbkdf.h"

#define PARAM_R "r"
#define PARAM_L_BYTES "karx-l-bytes"

static void defaults(kbkdf_ctx *k)
{
    k->mode = KARX_KBKDF_COUNTER;
    k->mac = k->lsh = k->cipher = 0;
    k->r = 32;
    k->l_bytes = 4;
}

static void wipe(kbkdf_ctx *k)
{
    karx_prov_buf_wipe(&k->key);
    karx_prov_buf_wipe(&k->label);
    karx_prov_buf_wipe(&k->context);
    karx_prov_buf_wipe(&k->iv);
}

static int copy(kbkdf_ctx *k, const kbkdf_ctx *src)
{
    k->mode = src->mode, k->mac = src->mac, k->lsh = src->lsh, k->cipher = src->cipher;
    k->r = src->r, k->l_bytes = src->l_bytes;
    return karx_prov_buf_dup(&k->key, &src->key) && karx_prov_buf_dup(&k->label, &src->label) &&
           karx_prov_buf_dup(&k->context, &src->context) && karx_prov_buf_dup(&k->iv, &src->iv);
}

KARX_KDF_LIFECYCLE(kbkdf)

/* The digest (mac_kind HMAC) or cipher (CMAC) param into *id; one karx lacks is ignored when
 * the mac is the other kind. */
static int set_prim(kbkdf_ctx *k, const OSSL_PARAM *p, int mac_kind, int *id)
{
    char name[KARX_PROV_NAME_MAX];
    int hmac = mac_kind == KARX_MAC_HMAC;
    if (!karx_prov_get_name(k->pc, p, name, sizeof name))
        return 0;
    int known = hmac ? karx_prov_lsh_id(name) != 0 : karx_prov_cipher_ours(name, "-CBC");
    if (!known && k->mac != 0 && k->mac != mac_kind)
        return 1;
    *id = hmac ? karx_prov_lsh_param(k->pc, name) : karx_prov_cipher_param(k->pc, name, "-CBC");
    return *id != 0;
}

/* mode, mac, digest and cipher: the names. */
static int set_names(kbkdf_ctx *k, const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    char name[KARX_PROV_NAME_MAX];
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_MODE)) != NULL) {
        karx_kbkdf_mode mode;
        if (!karx_prov_get_name(k->pc, p, name, sizeof name))
            return 0;
        if (karx_kbkdf_mode_from_name(name, &mode) != KARX_OK) {
            karx_prov_err(k->pc, KARX_PROV_R_UNSUPPORTED,
                          "KBKDF mode \"%s\": counter, feedback or double-pipeline", name);
            return 0;
        }
        k->mode = mode;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_MAC)) != NULL) {
        if (!karx_prov_get_name(k->pc, p, name, sizeof name))
            return 0;
        k->mac = strcasecmp(name, "HMAC") == 0 ? KARX_MAC_HMAC
                 : strcasecmp(name, "CMAC") == 0 ? KARX_MAC_CMAC : 0;
        if (k->mac == 0) {
            karx_prov_err(k->pc, KARX_PROV_R_UNSUPPORTED, "KBKDF mac \"%s\": HMAC or CMAC", name);
            return 0;
        }
    }
    /* the MAC ignores the other kind's name, as OpenSSL's KBKDF's does (one karx lacks: with
     * the kind the mac uses, prov_kdf_kbkdf_fwd.c would have forwarded it) */
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_DIGEST)) != NULL &&
        !set_prim(k, p, KARX_MAC_HMAC, &k->lsh))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_KDF_PARAM_CIPHER)) != NULL &&
        !set_prim(k, p, KARX_MAC_CMAC, &k->cipher))
        return 0;
    return 1;
}

/* An int param into *v when present, within [lo, hi] (lo == hi: the one value karx can do). */
static int get_int(const kbkdf_ctx *k, const OSSL_PARAM params[], const char *key, int lo, int hi,
                   int *v)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, key);
    int x;
    if (p == NULL)
        return 1;
    if (!karx_prov_get_int(k->pc, p, &x))
        return 0;
    if (x < lo || x > hi) {
        karx_prov_err(k->pc, lo == hi ? KARX_PROV_R_UNSUPPORTED : KARX_PROV_R_BAD_PARAM,
                      lo == hi ? "KBKDF %s = %d: karx always writes it (only %d)"
                               : "KBKDF %s = %d: not in %d .. %d",
                      key, x, lo, hi);
        return 0;
    }
    *v = x;
    return 1;
}

static int set_numbers(kbkdf_ctx *k, const OSSL_PARAM params[])
{
    int one = 1, r = k->r;
    if (!get_int(k, params, OSSL_KDF_PARAM_KBKDF_USE_L, 1, 1, &one) ||
        !get_int(k, params, OSSL_KDF_PARAM_KBKDF_USE_SEPARATOR, 1, 1, &one) ||
        !get_int(k, params, PARAM_R, 0, 32, &r) ||
        !get_int(k, params, PARAM_L_BYTES, 0, KARX_KBKDF_MAX_L_BYTES, &k->l_bytes))
        return 0;
    if (r % 8 != 0) {
        karx_prov_err(k->pc, KARX_PROV_R_BAD_PARAM, "KBKDF r = %d: 8, 16, 24 or 32 (0: none)", r);
        return 0;
    }
    k->r = r;
    return 1;
}

static int kbkdf_set_params(void *vk, const OSSL_PARAM params[])
{
    kbkdf_ctx *k = vk;
    const OSSL_PARAM *p;
    if (params == NULL)
        return 1;
    int fwd = karx_kbkdf_fwd_params(k, params);
    if (fwd != 0)
        return fwd > 0;
    if (!set_names(k, params) || !set_numbers(k, params))
        return 0;
    static const char *const keys[] = {OSSL_KDF_PARAM_KEY, OSSL_KDF_PARAM_SALT, OSSL_KDF_PARAM_INFO,
                                       OSSL_KDF_PARAM_SEED};
    karx_prov_buf *bufs[] = {&k->key, &k->label, &k->context, &k->iv};
    for (size_t i = 0; i < 4; i++)
        if ((p = OSSL_PARAM_locate_const(params, keys[i])) != NULL &&
            !karx_prov_buf_param(k->pc, bufs[i], p))
            return 0;
    return 1;
}

/* The karx PRF id, or 0 with the reason raised. */
static int prf_id(const kbkdf_ctx *k)
{
    if (k->mac == 0) {
        karx_prov_err(k->pc, KARX_PROV_R_NOT_INITIALIZED, "KBKDF: no mac set (HMAC or CMAC)");
        return 0;
    }
    int prim = k->mac == KARX_MAC_HMAC ? k->lsh : k->cipher;
    if (prim == 0) {
        karx_prov_err(k->pc, KARX_PROV_R_NOT_INITIALIZED, "KBKDF with %s: no %s set",
                      k->mac == KARX_MAC_HMAC ? "HMAC" : "CMAC",
                      k->mac == KARX_MAC_HMAC ? "digest" : "cipher");
        return 0;
    }
    return KARX_MAC_ID(k->mac, prim);
}

static int kbkdf_derive(void *vk, unsigned char *out, size_t outlen, const OSSL_PARAM params[])
{
    kbkdf_ctx *k = vk;
    karx_kbkdf_params p;
    if (!kbkdf_set_params(k, params))
        return 0;
    if (k->fwd != NULL)
        return EVP_KDF_derive(k->fwd, out, outlen, NULL);
    memset(&p, 0, sizeof p);
    if ((p.prf = prf_id(k)) == 0)
        return 0;
    if (k->key.data == NULL) {
        karx_prov_err(k->pc, KARX_PROV_R_NOT_INITIALIZED, "KBKDF: no key set");
        return 0;
    }
    if (k->iv.len != 0 && k->mode != KARX_KBKDF_FEEDBACK) {
        karx_prov_err(k->pc, KARX_PROV_R_BAD_PARAM, "KBKDF: a seed (IV) is for feedback mode only");
        return 0;
    }
    p.mode = (karx_kbkdf_mode)k->mode;
    p.counter_bits = (unsigned)k->r;
    p.l_bytes = (unsigned)k->l_bytes;
    p.label = k->label.data, p.label_len = k->label.len;
    p.context = k->context.data, p.context_len = k->context.len;
    p.iv = k->iv.data, p.iv_len = k->iv.len;
    karx_status st = karx_kbkdf(&p, k->key.data, k->key.len, out, outlen);
    return karx_prov_ok(k->pc, st, "KBKDF");
}

static const OSSL_PARAM settable[] = {
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_MODE, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_MAC, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SALT, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_INFO, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_KDF_PARAM_SEED, NULL, 0),
    OSSL_PARAM_int(OSSL_KDF_PARAM_KBKDF_USE_L, NULL),
    OSSL_PARAM_int(OSSL_KDF_PARAM_KBKDF_USE_SEPARATOR, NULL),
    OSSL_PARAM_int(PARAM_R, NULL),
    OSSL_PARAM_int(PARAM_L_BYTES, NULL),
    OSSL_PARAM_END};

static KARX_PROV_PARAM_LIST_FN(kbkdf_settable, settable)

KARX_KDF_FUNCTIONS(kbkdf)
