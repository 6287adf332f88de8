/* karx cavp: GCM and CCM over the 128-bit-block ciphers, in the field names of KCMVP's request
 * files as go-krypto's KCMVP tool reads them (cmd/cavp, removed upstream after f9ef243):
 *   GCM AE  Key IV PT Adata          -> C T          under [KeyLen] [IVLen] [PTLen] [AADLen] [TagLen]
 *   GCM AD  Key IV Adata C T         -> PT, or the bare line INVALID for a forged record
 *   CCM GE  K N A P Tlen             -> C (ciphertext || tag)
 *   CCM DV  K N A C Tlen             -> P, or INVALID
 * Other spellings are taken too (Key/K, IV/N/Nonce, Adata/A/AAD, PT/P, C/CT, T/Tag). Lengths in
 * section headers are in bits; a section length of 0 accepts "00" for an empty value, which is
 * how KCMVP writes an empty field under such a header. The tag length comes from a Tlen / TagLen
 * field or section; a GCM record without one gets the full 128-bit tag.
 * The crypto is karx/aead.h's, by mode id; what differs per mode here is only how KCMVP writes
 * its requests, which is data (formats[]). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp_sym.h"
#include "karx/aead.h"

static const char *const key_names[] = {"Key", "K", NULL};
static const char *const iv_names[] = {"IV", "N", "Nonce", NULL};
static const char *const aad_names[] = {"Adata", "A", "AAD", NULL};
static const char *const pt_names[] = {"PT", "P", NULL};
static const char *const ct_names[] = {"C", "CT", NULL};
static const char *const tag_names[] = {"T", "Tag", NULL};
static const char *const tlen_names[] = {"Tlen", "TagLen", NULL};
/* The fields of each request, and the answers it must not hold. */
static const char *const gcm_enc_fields[] = {"COUNT", "Key", "K", "IV", "N", "Nonce", "Adata", "A", "AAD",
                                             "PT", "P", "Tlen", "TagLen", NULL};
static const char *const gcm_enc_answers[] = {"C", "CT", "T", "Tag", NULL};
static const char *const gcm_dec_fields[] = {"COUNT", "Key", "K", "IV", "N", "Nonce", "Adata", "A", "AAD",
                                             "C", "CT", "T", "Tag", "Tlen", "TagLen", NULL};
static const char *const ccm_enc_fields[] = {"COUNT", "Key", "K", "IV", "N", "Nonce", "Adata", "A", "AAD",
                                             "PT", "P", "Tlen", "TagLen", NULL};
static const char *const ccm_enc_answers[] = {"C", "CT", NULL};
static const char *const ccm_dec_fields[] = {"COUNT", "Key", "K", "IV", "N", "Nonce", "Adata", "A", "AAD",
                                             "C", "CT", "Tlen", "TagLen", NULL};
static const char *const dec_answers[] = {"PT", "P", NULL};

/* How KCMVP writes one AEAD mode's requests. */
typedef struct aead_format {
    int family;        /* the cavp family its file names give (cavp_name.c) */
    karx_aead_alg mode;
    const char *const *enc_fields, *const *enc_answers, *const *dec_fields;
    int sections;      /* lengths may be fixed by [KeyLen] [IVLen] [AADLen] [PTLen] sections */
    int tag_apart;     /* the tag is a field of its own (T); else the end of C */
    int tlen_required; /* a record must give Tlen (else the full tag) */
    const char *pt;    /* the plaintext answer's name */
} aead_format;

static const aead_format formats[] = {
    {CAVP_FAM_GCM, KARX_AEAD_GCM, gcm_enc_fields, gcm_enc_answers, gcm_dec_fields, 1, 1, 0, "PT"},
    {CAVP_FAM_CCM, KARX_AEAD_CCM, ccm_enc_fields, ccm_enc_answers, ccm_dec_fields, 0, 0, 1, "P"},
};

/* A section name if the format takes length sections, else NULL. */
static const char *sec(const aead_format *f, const char *name) { return f->sections ? name : NULL; }

/* A hex field whose length a "[section = bits]" header may fix (KCMVP's GCM headers). */
static int sized_hex(cavp_ctx *c, const cavp_record *r, const char *const *names, const char *section,
                     size_t want, uint8_t **out, size_t *len)
{
    const char *sv = section ? cavp_section_value(c, section) : NULL;
    const cavp_field *f;
    if (!cavp_sym_one(c, r, names, &f))
        return 0;
    if (sv != NULL) {
        unsigned long long bits;
        if (!cavp_number(sv, &bits) || bits % 8 != 0 || bits > 8ull * CAVP_MAX_REQUEST_BYTES)
            return cavp_fail(c, r->first_line, "%s: section value '%.40s' is not a length in whole bytes", section, sv);
        if (want != (size_t)-1 && bits / 8 != want) /* [KeyLen]: the cipher fixes the key */
            return cavp_fail(c, r->first_line, "%s: section value %llu bits, but this cipher's key is %zu bits",
                             section, bits, want * 8);
        want = (size_t)(bits / 8);
    }
    if (f != NULL && want == 0 && strcmp(f->value, "00") == 0) {
        *out = malloc(1);
        *len = 0;
        return *out != NULL || cavp_fail(c, f->line, "%s: out of memory", f->name);
    }
    return cavp_sym_hex(c, r, names, want, out, len, NULL);
}

typedef struct aead_req {
    uint8_t *key, *iv, *aad, *in, *tag;
    size_t key_len, iv_len, aad_len, in_len, tag_len;
} aead_req;

static void aead_free(aead_req *q)
{
    cavp_sym_free(q->key, q->key_len);
    cavp_sym_free(q->iv, q->iv_len);
    cavp_sym_free(q->aad, q->aad_len);
    cavp_sym_free(q->in, q->in_len);
    cavp_sym_free(q->tag, q->tag_len);
}

/* The message a karx status gets: which field it is about. */
static int status_fail(cavp_ctx *c, const cavp_record *r, karx_status st)
{
    const char *const *names = st == KARX_ERR_IV_LENGTH     ? iv_names
                               : st == KARX_ERR_ARGUMENT    ? tlen_names /* the tag length */
                               : st == KARX_ERR_DATA_LENGTH ? pt_names
                                                            : key_names;
    const cavp_field *f = cavp_sym_any(r, names);
    if (f == NULL && names == tlen_names)
        f = cavp_sym_any(r, tag_names); /* GCM AD: the tag length is T's */
    return cavp_fail(c, f ? f->line : r->first_line, "%s: %s", f ? f->name : names[0], karx_strerror(st));
}

/* Reads the fields every record has; enc: the plaintext follows, else the ciphertext and the
 * tag (a field of its own, or the end of the ciphertext, split off here). */
static int read_aead(cavp_ctx *c, const cavp_record *r, const aead_format *f, int enc, aead_req *q)
{
    memset(q, 0, sizeof *q);
    const cavp_job *job = cavp_job_of(c);
    if (!cavp_only(c, r, enc ? f->enc_fields : f->dec_fields, enc ? f->enc_answers : dec_answers))
        return 0;
    size_t tlen = 16;
    int t = cavp_sym_bits(c, r, tlen_names, &tlen);
    if (t == 0)
        return 0;
    if (t == 2 && f->tlen_required)
        return cavp_fail(c, r->first_line, "Tlen: missing");
    if (!sized_hex(c, r, key_names, sec(f, "KeyLen"), karx_cipher_key_bytes((karx_cipher_alg)job->cipher),
                   &q->key, &q->key_len) ||
        !sized_hex(c, r, iv_names, sec(f, "IVLen"), (size_t)-1, &q->iv, &q->iv_len) ||
        !sized_hex(c, r, aad_names, sec(f, "AADLen"), (size_t)-1, &q->aad, &q->aad_len))
        return 0;
    if (enc) {
        q->tag_len = tlen;
        return sized_hex(c, r, pt_names, sec(f, "PTLen"), (size_t)-1, &q->in, &q->in_len);
    }
    if (f->tag_apart) {
        if (!sized_hex(c, r, ct_names, sec(f, "PTLen"), (size_t)-1, &q->in, &q->in_len) ||
            !sized_hex(c, r, tag_names, NULL, t == 1 ? tlen : (size_t)-1, &q->tag, &q->tag_len))
            return 0;
        return 1;
    }
    const cavp_field *cf;
    if (!cavp_sym_hex(c, r, ct_names, (size_t)-1, &q->in, &q->in_len, &cf))
        return 0;
    if (q->in_len < tlen)
        return cavp_fail(c, cf->line, "%s: %zu bytes, shorter than the %zu-byte tag", cf->name, q->in_len, tlen);
    q->in_len -= tlen;
    q->tag_len = tlen;
    q->tag = malloc(tlen + 1);
    if (q->tag == NULL)
        return cavp_fail(c, cf->line, "%s: out of memory", cf->name);
    memcpy(q->tag, q->in + q->in_len, tlen);
    return 1;
}

static const aead_format *format_of(int family)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (formats[i].family == family)
            return &formats[i];
    return NULL;
}

static int aead_record(cavp_ctx *c, const cavp_record *r)
{
    const cavp_job *job = cavp_job_of(c);
    const aead_format *f = format_of(job->family);
    karx_cipher_alg alg = (karx_cipher_alg)job->cipher;
    int enc = job->test == CAVP_GEN;
    aead_req q;
    int ok = read_aead(c, r, f, enc, &q);
    uint8_t *out = ok ? malloc(q.in_len + 16 + 1) : NULL; /* room for a tag after the ciphertext */
    if (ok && out == NULL)
        ok = cavp_fail(c, r->first_line, "out of memory");
    if (ok && enc) {
        karx_status st = karx_aead_encrypt(f->mode, alg, q.key, q.key_len, q.iv, q.iv_len, out,
                                           out + q.in_len, q.tag_len, q.in, q.in_len, q.aad,
                                           q.aad_len);
        if (st != KARX_OK) {
            ok = status_fail(c, r, st);
        } else {
            cavp_put_record(c, r);
            if (f->tag_apart) {
                cavp_put_hex(c, "C", out, q.in_len);
                cavp_put_hex(c, "T", out + q.in_len, q.tag_len);
            } else {
                cavp_put_hex(c, "C", out, q.in_len + q.tag_len);
            }
        }
    } else if (ok) {
        karx_status st = karx_aead_decrypt(f->mode, alg, q.key, q.key_len, q.iv, q.iv_len, out,
                                           q.tag, q.tag_len, q.in, q.in_len, q.aad, q.aad_len);
        if (st != KARX_OK && st != KARX_ERR_AUTHENTICATION) {
            ok = status_fail(c, r, st);
        } else {
            cavp_put_record(c, r);
            if (st == KARX_OK)
                cavp_put_hex(c, f->pt, out, q.in_len);
            else
                cavp_put_text(c, NULL, "INVALID");
        }
    }
    if (out != NULL)
        cavp_sym_free(out, q.in_len + 16 + 1);
    aead_free(&q);
    return ok;
}

cavp_proc cavp_aead_proc(const cavp_job *job)
{
    if (job->test != CAVP_GEN && job->test != CAVP_VER)
        return NULL;
    if (karx_cipher_block_bytes((karx_cipher_alg)job->cipher) != 16) /* the AEAD modes need a 128-bit block */
        return NULL;
    return format_of(job->family) != NULL ? aead_record : NULL;
}
