/* karx cavp for HMAC-LSH (docs/VALIDATION.md, "Hash, HMAC, PBKDF2, KBKDF"); CMAC and GMAC
 * requests are answered in cavp_cmac.c. A record holds "Key", "Msg" and optionally "COUNT",
 * "Klen" (the key's bytes, checked) and the tag's bytes as "Tlen" or "TagLen" (HMACVS counts
 * HMAC lengths in bytes; a field, or else a "[Tlen = n]" / "[TagLen = n]" header; default the
 * digest); it is answered with "Mac", the leading Tlen bytes of HMAC-LSH(Key, Msg). An
 * "[L = n]" header, when present, must name the digest bytes. Nothing else may be in a record. */
#include <stdlib.h>
#include <strings.h>

#include "cavp_sym.h"

static const char *const fields[] = {"COUNT", "Klen", "Tlen", "TagLen", "Key", "Msg", NULL};
static const char *const answers[] = {"Mac", NULL};
static const char *const tlen_names[] = {"Tlen", "TagLen", NULL};

/* A "[NAME = n]" header in force, checked like a field: 1 with *v, 2 when absent, 0 on error. */
static int header_dec(cavp_ctx *c, const cavp_record *r, const char *name, unsigned long long min,
                      unsigned long long max, unsigned long long *v)
{
    const char *s = cavp_section_value(c, name);
    if (s == NULL)
        return 2;
    if (!cavp_number(s, v) || *v < min || *v > max)
        return cavp_fail(c, r->first_line, "%s: header value '%.40s', want %llu to %llu", name, s,
                         min, max);
    return 1;
}

/* The tag's bytes: a Tlen / TagLen field (one of them), else such a header, else the digest. */
static int tag_bytes(cavp_ctx *c, const cavp_record *r, size_t digest, size_t *tlen)
{
    const cavp_field *f;
    unsigned long long v = digest;
    if (!cavp_sym_one(c, r, tlen_names, &f))
        return 0;
    if (f != NULL) {
        if (!cavp_dec(c, r, f->name, 1, digest, &v))
            return 0;
    } else {
        int h = header_dec(c, r, "Tlen", 1, digest, &v);
        if (h == 2)
            h = header_dec(c, r, "TagLen", 1, digest, &v);
        if (h == 0)
            return 0;
    }
    *tlen = (size_t)v;
    return 1;
}

static int answer_hmac(cavp_ctx *c, const cavp_record *r)
{
    karx_lsh_alg alg = (karx_lsh_alg)cavp_job_of(c)->lsh;
    size_t digest = karx_hmac_lsh_bytes(alg), tlen = digest;
    unsigned long long klen = 0, l = 0;
    uint8_t *key = NULL, *msg = NULL, mac[KARX_HMAC_LSH_MAX_BYTES];
    size_t key_len = 0, msg_len = 0;
    const cavp_field *kf = cavp_get(r, "Klen");
    int ok = cavp_only(c, r, fields, answers) &&
             header_dec(c, r, "L", digest, digest, &l) != 0 && tag_bytes(c, r, digest, &tlen) &&
             (kf == NULL || cavp_dec(c, r, "Klen", 0, CAVP_MAX_REQUEST_BYTES, &klen)) &&
             cavp_hex(c, r, "Key", (size_t)-1, &key, &key_len) &&
             cavp_hex(c, r, "Msg", (size_t)-1, &msg, &msg_len);
    if (ok && kf != NULL && klen != key_len)
        ok = cavp_fail(c, kf->line, "%s: %llu bytes, but Key has %zu", kf->name, klen, key_len);
    if (ok) {
        karx_status st = karx_hmac_lsh(alg, key, key_len, mac, sizeof mac, msg, msg_len);
        if (st != KARX_OK)
            ok = cavp_fail(c, r->first_line, "Key: %s", karx_strerror(st));
    }
    if (ok) {
        cavp_put_record(c, r);
        cavp_put_hex(c, "Mac", mac, tlen);
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
