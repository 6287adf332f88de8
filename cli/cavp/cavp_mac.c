/* karx cavp for HMAC-LSH (docs/VALIDATION.md, "Hash, HMAC, PBKDF2, KBKDF"); CMAC and GMAC
 * requests are answered in cavp_cmac.c. A record holds "Key", "Msg" and optionally "COUNT",
 * "Klen" (the key's bytes, checked) and "Tlen" (the tag's bytes, default the digest); it is
 * answered with "Mac", the leading Tlen bytes of HMAC-LSH(Key, Msg). */
#include <stdlib.h>

#include "cavp.h"

/* An optional decimal field: 1 with *v set (or left at its default when absent), 0 on error. */
static int opt_dec(cavp_ctx *c, const cavp_record *r, const char *name, unsigned long long *v)
{
    return cavp_get(r, name) == NULL || cavp_dec(c, r, name, v);
}

static int answer_hmac(cavp_ctx *c, const cavp_record *r)
{
    karx_lsh_alg alg = (karx_lsh_alg)cavp_job_of(c)->lsh;
    size_t digest = karx_hmac_lsh_bytes(alg);
    unsigned long long tlen = digest, klen = 0;
    uint8_t *key = NULL, *msg = NULL, mac[KARX_HMAC_LSH_MAX_BYTES];
    size_t key_len = 0, msg_len = 0;
    int ok = opt_dec(c, r, "Tlen", &tlen) && opt_dec(c, r, "Klen", &klen) &&
             cavp_hex(c, r, "Key", (size_t)-1, &key, &key_len) &&
             cavp_hex(c, r, "Msg", (size_t)-1, &msg, &msg_len);
    if (ok && cavp_get(r, "Klen") != NULL && klen != key_len)
        ok = cavp_fail(c, cavp_get(r, "Klen")->line, "Klen: %llu bytes, but Key has %zu", klen,
                       key_len);
    if (ok && (tlen == 0 || tlen > digest))
        ok = cavp_fail(c, cavp_get(r, "Tlen")->line, "Tlen: %llu bytes, want 1 to %zu", tlen,
                       digest);
    if (ok) {
        karx_status st = karx_hmac_lsh(alg, key, key_len, mac, sizeof mac, msg, msg_len);
        if (st != KARX_OK)
            ok = cavp_fail(c, r->first_line, "Key: %s", karx_strerror(st));
    }
    if (ok) {
        cavp_put_record(c, r);
        cavp_put_hex(c, "Mac", mac, (size_t)tlen);
    }
    if (key != NULL)
        karx_memzero(key, key_len);
    karx_memzero(mac, sizeof mac);
    free(key);
    free(msg);
    return ok;
}

cavp_proc cavp_mac_proc(const cavp_job *job)
{
    if (job->family == CAVP_FAM_HMAC && karx_hmac_lsh_bytes((karx_lsh_alg)job->lsh) != 0 &&
        (job->test == CAVP_KAT || job->test == CAVP_GEN))
        return answer_hmac;
    return NULL;
}
