/* karx cavp: CMAC (every block cipher) and GMAC (128-bit-block ciphers), generate and verify.
 *   CMAC GEN  K M Tlen         -> T                 (the fields of go-krypto's KCMVP tool)
 *   CMAC VER  K M Tlen T       -> VALID or INVALID  (bare lines, as KCMVP writes the verdict)
 *   GMAC GEN  Key IV Adata Tlen -> T                (no published KCMVP GMAC format: GCM's names)
 *   GMAC VER  Key IV Adata Tlen T -> VALID or INVALID
 * Other spellings are taken too (Key/K, M/Msg, Adata/A/AAD, IV/N, T/Tag, Tlen/TagLen). Tlen, in
 * bits, comes from the record or a "[Tlen = n]" header; without one a tag is the full block (GEN)
 * or as long as T (VER). A T whose length differs from Tlen cannot match: INVALID. */
#include <string.h>

#include "cavp_sym.h"
#include "karx/cmac.h"
#include "karx/gmac.h"

static const char *const key_names[] = {"K", "Key", NULL};
static const char *const msg_names[] = {"M", "Msg", NULL};
static const char *const aad_names[] = {"Adata", "A", "AAD", NULL};
static const char *const iv_names[] = {"IV", "N", NULL};
static const char *const tag_names[] = {"T", "Tag", NULL};
static const char *const tlen_names[] = {"Tlen", "TagLen", NULL};
/* the fields of a request (a VER request also holds T or Tag: the tag_names at the end) */
static const char *const cmac_fields[] = {"COUNT", "K", "Key", "M", "Msg", "Tlen", "TagLen", "T", "Tag", NULL};
static const char *const gmac_fields[] = {"COUNT", "Key", "K", "IV", "N", "Adata", "A", "AAD",
                                          "Tlen", "TagLen", "T", "Tag", NULL};
enum { CMAC_GEN_FIELDS = 7, GMAC_GEN_FIELDS = 10 }; /* the fields before T, Tag */

static int mac_record(cavp_ctx *c, const cavp_record *r, int gmac)
{
    const cavp_job *job = cavp_job_of(c);
    karx_cipher_alg alg = (karx_cipher_alg)job->cipher;
    size_t block = karx_cipher_block_bytes(alg), tlen = block;
    uint8_t *key = NULL, *iv = NULL, *msg = NULL, *want = NULL, tag[16];
    size_t key_len = 0, iv_len = 0, msg_len = 0, want_len = 0;
    const cavp_field *tf = NULL;
    /* GEN: T is the answer, refused in the request; VER: T is the tag to check */
    const char *gen_fields[GMAC_GEN_FIELDS + 1] = {NULL};
    const char *const *fields = gmac ? gmac_fields : cmac_fields;
    memcpy(gen_fields, fields, (gmac ? GMAC_GEN_FIELDS : CMAC_GEN_FIELDS) * sizeof *fields);
    int ok = job->test == CAVP_GEN ? cavp_only(c, r, gen_fields, tag_names)
                                   : cavp_only(c, r, fields, NULL);
    int t = ok ? cavp_sym_bits(c, r, tlen_names, &tlen) : 0;
    ok = t != 0 && cavp_sym_hex(c, r, key_names, karx_cipher_key_bytes(alg), &key, &key_len, NULL) &&
         (!gmac || cavp_sym_hex(c, r, iv_names, (size_t)-1, &iv, &iv_len, NULL)) &&
         cavp_sym_hex(c, r, gmac ? aad_names : msg_names, (size_t)-1, &msg, &msg_len, NULL) &&
         (job->test == CAVP_GEN || cavp_sym_hex(c, r, tag_names, (size_t)-1, &want, &want_len, &tf));
    if (ok && job->test == CAVP_VER && t == 2)
        tlen = want_len; /* no Tlen: the tag is as long as T */
    if (ok && (tlen == 0 || tlen > block)) {
        const cavp_field *f = cavp_sym_any(r, tlen_names);
        ok = cavp_fail(c, f ? f->line : r->first_line, "%s: %zu bits, want 8 to %zu", f ? f->name : "Tlen",
                       8 * tlen, 8 * block);
    }
    if (ok) {
        karx_status st = gmac ? karx_gmac(alg, key, key_len, iv, iv_len, tag, tlen, msg, msg_len)
                              : karx_cmac(alg, key, key_len, tag, tlen, msg, msg_len);
        if (st != KARX_OK) {
            const char *const *names = st == KARX_ERR_IV_LENGTH ? iv_names : tlen_names;
            const cavp_field *f = cavp_sym_any(r, names);
            ok = cavp_fail(c, f ? f->line : r->first_line, "%s: %s", f ? f->name : names[0], karx_strerror(st));
        } else {
            cavp_put_record(c, r);
            if (job->test == CAVP_GEN) {
                cavp_put_hex(c, "T", tag, tlen);
            } else {
                /* constant time is not needed for a test answer, but costs nothing */
                uint8_t diff = want_len != tlen;
                for (size_t i = 0; i < tlen && i < want_len; i++)
                    diff |= (uint8_t)(tag[i] ^ want[i]);
                cavp_put_text(c, NULL, diff ? "INVALID" : "VALID");
            }
        }
    }
    karx_memzero(tag, sizeof tag);
    cavp_sym_free(key, key_len);
    cavp_sym_free(iv, iv_len);
    cavp_sym_free(msg, msg_len);
    cavp_sym_free(want, want_len);
    return ok;
}

static int cmac_record(cavp_ctx *c, const cavp_record *r) { return mac_record(c, r, 0); }
static int gmac_record(cavp_ctx *c, const cavp_record *r) { return mac_record(c, r, 1); }

cavp_proc cavp_cmac_proc(const cavp_job *job)
{
    size_t block = karx_cipher_block_bytes((karx_cipher_alg)job->cipher);
    if (block == 0 || (job->test != CAVP_GEN && job->test != CAVP_VER))
        return NULL;
    if (job->family == CAVP_FAM_CMAC)
        return cmac_record;
    if (job->family == CAVP_FAM_GMAC && block == 16)
        return gmac_record;
    return NULL;
}
