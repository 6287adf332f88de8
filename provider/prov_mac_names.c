/* Digest and cipher names as OpenSSL callers spell them, turned into karx ids for the MACs and
 * KDFs; and the secret byte buffers their contexts hold. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/params.h>

#include "karx/registry.h"
#include "prov_mac_local.h"

int karx_prov_get_name(const karx_prov_ctx *pc, const OSSL_PARAM *p, char *buf, size_t cap)
{
    const char *s = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || s == NULL) {
        karx_prov_err(pc, KARX_PROV_R_BAD_PARAM, "%s: expected a UTF-8 string", p->key);
        return 0;
    }
    if (strlen(s) >= cap) {
        karx_prov_err(pc, KARX_PROV_R_BAD_PARAM, "%s: name too long", p->key);
        return 0;
    }
    strcpy(buf, s);
    return 1;
}

int karx_prov_lsh_id(const char *name)
{
    karx_alg_info info;
    return karx_alg_find(KARX_KIND_HASH, name, &info) == KARX_OK ? info.id : 0;
}

int karx_prov_lsh_param(const karx_prov_ctx *pc, const char *name)
{
    int id = karx_prov_lsh_id(name);
    if (id != 0)
        return id;
    karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED,
                  "digest \"%s\": karx's HMAC takes an LSH digest only (LSH-256-224, LSH-256-256, "
                  "LSH-512-224, LSH-512-256, LSH-512-384, LSH-512-512); use OpenSSL's for others",
                  name);
    return 0;
}

/* name without a trailing suffix (compared without case), into buf. */
static void drop_suffix(const char *name, const char *suffix, char *buf, size_t cap)
{
    size_t n = strlen(name), s = strlen(suffix);
    if (n > s && strcasecmp(name + n - s, suffix) == 0)
        n -= s;
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, name, n);
    buf[n] = 0;
}

int karx_prov_cipher_id(const char *name, const char *mode_suffix)
{
    char base[KARX_PROV_NAME_MAX];
    karx_alg_info info;
    drop_suffix(name, mode_suffix, base, sizeof base);
    return karx_alg_find(KARX_KIND_CIPHER, base, &info) == KARX_OK ? info.id : 0;
}

int karx_prov_cipher_ours(const char *name, const char *mode_suffix)
{
    char base[KARX_PROV_NAME_MAX];
    karx_alg_info info;
    const char *dash = strrchr(name, '-');
    if (karx_prov_cipher_id(name, mode_suffix) != 0)
        return 1;
    if (dash == NULL || (size_t)(dash - name) >= sizeof base)
        return 0;
    memcpy(base, name, (size_t)(dash - name));
    base[dash - name] = 0;
    return karx_alg_find(KARX_KIND_CIPHER, base, &info) == KARX_OK;
}

int karx_prov_cipher_param(const karx_prov_ctx *pc, const char *name, const char *mode_suffix)
{
    int id = karx_prov_cipher_id(name, mode_suffix);
    if (id != 0)
        return id;
    karx_prov_err(pc, KARX_PROV_R_UNSUPPORTED,
                  "cipher \"%s\": not a karx cipher (LEA-128%s, HIGHT%s, CHAM128-128%s, ...)", name,
                  mode_suffix, mode_suffix, mode_suffix);
    return 0;
}

void karx_prov_buf_wipe(karx_prov_buf *b)
{
    if (b->data != NULL) {
        karx_memzero(b->data, b->len);
        free(b->data);
    }
    b->data = NULL;
    b->len = 0;
}

int karx_prov_buf_set(const karx_prov_ctx *pc, karx_prov_buf *b, const void *data, size_t len)
{
    karx_prov_buf_wipe(b);
    b->data = malloc(len ? len : 1); /* an empty string is set, not absent */
    if (b->data == NULL) {
        karx_prov_err(pc, KARX_PROV_R_INTERNAL, "out of memory");
        return 0;
    }
    if (len)
        memcpy(b->data, data, len);
    b->len = len;
    return 1;
}

int karx_prov_buf_param(const karx_prov_ctx *pc, karx_prov_buf *b, const OSSL_PARAM *p)
{
    const void *data = NULL;
    size_t len = 0;
    if (!OSSL_PARAM_get_octet_string_ptr(p, &data, &len) || (data == NULL && len != 0)) {
        karx_prov_err(pc, KARX_PROV_R_BAD_PARAM, "%s: expected an octet string", p->key);
        return 0;
    }
    return karx_prov_buf_set(pc, b, data, len);
}

int karx_prov_buf_dup(karx_prov_buf *dst, const karx_prov_buf *src)
{
    dst->data = NULL;
    dst->len = 0;
    if (src->data == NULL)
        return 1;
    return karx_prov_buf_set(NULL, dst, src->data, src->len);
}
