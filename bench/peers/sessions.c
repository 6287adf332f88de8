/* The peers of `karx bench sessions`: S sessions keyed once (untimed), a round seals one record
 * per session (12-byte IV or nonce, 13-byte AAD, 16-byte tag), records/s = S / the round's
 * median time, swept over the same sessions and sizes.
 *   openssl  AES-128-GCM, AES-128-CCM, ChaCha20-Poly1305: one keyed EVP_CIPHER_CTX per session,
 *            re-IVed per record, as a server keeps them; HMAC-SHA256: one keyed EVP_MAC_CTX per
 *            session, re-initialised per record with its key kept;
 *   ipsec-mb AES-128-GCM and AES-128-CCM through the job API (one IMB_MGR, one expanded key per
 *            session, every record of the round submitted, then flushed), when the build found
 *            intel-ipsec-mb.h (HAVE_IPSEC_MB); otherwise one "not installed" line.
 * Every peer's first record is checked against OpenSSL's, so a misused API cannot report the speed
 * of wrong output. JSON lines with --json FILE, the fields karx's rows have.
 * usage: peer-sessions [--sessions LIST] [--sizes LIST] [--quick] [--json FILE] [--check-only] */
#define _GNU_SOURCE
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../cli/bench_counts.h" /* the lists, read as karx bench reads them */
#ifdef HAVE_IPSEC_MB
#include <intel-ipsec-mb.h>
#endif

#define AAD 13
#define MAX_BYTES ((size_t)128 << 20)

static FILE *json;
static int quick, check_only;
static volatile uint8_t sink;

/* aligned_alloc wants a size that is a multiple of the alignment (C11 7.22.3.1) */
static void *alloc64(size_t n)
{
    return aligned_alloc(64, (n + 63) & ~(size_t)63);
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct sess sess;
typedef int (*round_fn)(sess *s);

struct sess {
    size_t S, len, stride;
    uint8_t *in, *out, *tags, *keys, iv[12], aad[AAD];
    EVP_CIPHER_CTX **cc;
    EVP_MAC_CTX **mc;
#ifdef HAVE_IPSEC_MB
    IMB_MGR *mgr;
    struct gcm_key_data *gkeys;
    uint8_t (*enc)[16 * 15], (*dec)[16 * 15];
#endif
};

/* ---- OpenSSL ---- */
static int ossl_aead_keys(sess *s, const EVP_CIPHER *c, int ccm)
{
    for (size_t i = 0; i < s->S; i++) {
        EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
        s->cc[i] = x;
        if (!x || EVP_EncryptInit_ex(x, c, NULL, NULL, NULL) != 1) return 0;
        if (ccm && (EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_IVLEN, 12, NULL) != 1 ||
                    EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_TAG, 16, NULL) != 1))
            return 0;
        if (EVP_EncryptInit_ex(x, NULL, NULL, s->keys + 32 * i, NULL) != 1) return 0;
    }
    return 1;
}

static void ossl_free(sess *s)
{
    for (size_t i = 0; i < s->S; i++) {
        if (s->cc) EVP_CIPHER_CTX_free(s->cc[i]), s->cc[i] = NULL;
        if (s->mc) EVP_MAC_CTX_free(s->mc[i]), s->mc[i] = NULL;
    }
}

static int ossl_seal_one(sess *s, size_t i, int ccm)
{
    EVP_CIPHER_CTX *x = s->cc[i];
    int ol;
    uint8_t *out = s->out + i * s->stride;
    if (EVP_EncryptInit_ex(x, NULL, NULL, NULL, s->iv) != 1) return 0;
    if (ccm && EVP_EncryptUpdate(x, NULL, &ol, NULL, (int)s->len) != 1) return 0;
    if (EVP_EncryptUpdate(x, NULL, &ol, s->aad, AAD) != 1) return 0;
    if (EVP_EncryptUpdate(x, out, &ol, s->in + i * s->stride, (int)s->len) != 1) return 0;
    if (EVP_EncryptFinal_ex(x, out + ol, &ol) != 1) return 0;
    return EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, s->tags + 16 * i) == 1;
}

static int ossl_round(sess *s, int ccm)
{
    for (size_t i = 0; i < s->S; i++)
        if (!ossl_seal_one(s, i, ccm)) return 0;
    sink ^= s->tags[0];
    return 1;
}

static int ossl_gcm_round(sess *s) { return ossl_round(s, 0); }
static int ossl_ccm_round(sess *s) { return ossl_round(s, 1); }

static int ossl_hmac_keys(sess *s)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0),
                      OSSL_PARAM_construct_end()};
    int ok = mac != NULL;
    for (size_t i = 0; ok && i < s->S; i++) {
        s->mc[i] = EVP_MAC_CTX_new(mac);
        ok = s->mc[i] && EVP_MAC_init(s->mc[i], s->keys + 32 * i, 32, p) == 1;
    }
    EVP_MAC_free(mac);
    return ok;
}

static int ossl_hmac_round(sess *s)
{
    for (size_t i = 0; i < s->S; i++) {
        size_t ol;
        EVP_MAC_CTX *m = s->mc[i];
        if (EVP_MAC_init(m, NULL, 0, NULL) != 1 ||
            EVP_MAC_update(m, s->in + i * s->stride, s->len) != 1 ||
            EVP_MAC_final(m, s->tags + 32 * i, &ol, 32) != 1)
            return 0;
    }
    sink ^= s->tags[0];
    return 1;
}

#ifdef HAVE_IPSEC_MB
/* ---- IPsec-MB ---- */
static int imb_keys(sess *s, int ccm)
{
    for (size_t i = 0; i < s->S; i++) {
        if (ccm)
            IMB_AES_KEYEXP_128(s->mgr, s->keys + 32 * i, s->enc[i], s->dec[i]);
        else
            IMB_AES128_GCM_PRE(s->mgr, s->keys + 32 * i, &s->gkeys[i]);
    }
    return 1;
}

static int imb_done(IMB_JOB *j) { return j->status == IMB_STATUS_COMPLETED; }

static int imb_round(sess *s, int ccm)
{
    IMB_MGR *m = s->mgr;
    int ok = 1;
    for (size_t i = 0; i < s->S; i++) {
        IMB_JOB *j = IMB_GET_NEXT_JOB(m);
        memset(j, 0, sizeof *j);
        j->cipher_direction = IMB_DIR_ENCRYPT;
        j->key_len_in_bytes = 16;
        j->src = s->in + i * s->stride;
        j->dst = s->out + i * s->stride;
        j->msg_len_to_cipher_in_bytes = s->len;
        j->msg_len_to_hash_in_bytes = s->len;
        j->iv = s->iv;
        j->iv_len_in_bytes = 12;
        j->auth_tag_output = s->tags + 16 * i;
        j->auth_tag_output_len_in_bytes = 16;
        if (ccm) {
            j->cipher_mode = IMB_CIPHER_CCM;
            j->hash_alg = IMB_AUTH_AES_CCM;
            j->chain_order = IMB_ORDER_HASH_CIPHER;
            j->enc_keys = s->enc[i];
            j->dec_keys = s->dec[i];
            j->u.CCM.aad = s->aad;
            j->u.CCM.aad_len_in_bytes = AAD;
        } else {
            j->cipher_mode = IMB_CIPHER_GCM;
            j->hash_alg = IMB_AUTH_AES_GMAC;
            j->chain_order = IMB_ORDER_CIPHER_HASH;
            j->enc_keys = &s->gkeys[i];
            j->dec_keys = &s->gkeys[i];
            j->u.GCM.aad = s->aad;
            j->u.GCM.aad_len_in_bytes = AAD;
        }
        j = IMB_SUBMIT_JOB(m);
        while (j != NULL) {
            ok &= imb_done(j);
            j = IMB_GET_COMPLETED_JOB(m);
        }
    }
    IMB_JOB *j;
    while ((j = IMB_FLUSH_JOB(m)) != NULL) ok &= imb_done(j);
    sink ^= s->tags[0];
    return ok;
}

static int imb_gcm_round(sess *s) { return imb_round(s, 0); }
static int imb_ccm_round(sess *s) { return imb_round(s, 1); }
#endif

/* Median ns of a round over reps, each rep enough rounds for ~20 ms (2 ms with --quick). */
static double time_round(round_fn fn, sess *s, int *ok)
{
    double t0 = now_ns();
    *ok = fn(s);
    double one = now_ns() - t0;
    double target = quick ? 2e6 : 20e6;
    long n = one > 0 ? (long)(target / one) + 1 : 1;
    int reps = quick ? 3 : 11;
    double t[11];
    for (int r = 0; r < reps && *ok; r++) {
        t0 = now_ns();
        for (long k = 0; k < n && *ok; k++) *ok = fn(s);
        t[r] = (now_ns() - t0) / (double)n;
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_d);
    return t[reps / 2];
}

static void row(const char *lib, const char *op, const char *alg, const sess *s, double ns)
{
    double per_s = (double)s->S / (ns * 1e-9);
    printf("%-9s %-24s %-9s %7zu %6zu %10.3f %8.3f\n", lib, op, alg, s->S, s->len, per_s / 1e6,
           (double)(s->S * s->len) / ns);
    fflush(stdout);
    if (json) {
        fprintf(json,
                "{\"suite\":\"sessions\",\"lib\":\"%s\",\"op\":\"%s\",\"alg\":\"%s\","
                "\"sessions\":%zu,\"bytes\":%zu,\"threads\":1,\"records_per_s\":%.1f,"
                "\"gb_per_s\":%.4f,\"ns_per_call\":%.1f,\"openssl\":\"%s\"}\n",
                lib, op, alg, s->S, s->len, per_s, (double)(s->S * s->len) / ns, ns,
                OPENSSL_VERSION_TEXT);
        fflush(json);
    }
}

/* The first record's ciphertext and tag of a round, for the cross-check. */
static void first_record(const sess *s, uint8_t *ct, uint8_t tag[16])
{
    memcpy(ct, s->out, s->len);
    memcpy(tag, s->tags, 16);
}

static int same_record(const sess *s, const uint8_t *ct, const uint8_t tag[16])
{
    return memcmp(ct, s->out, s->len) == 0 && memcmp(tag, s->tags, 16) == 0;
}

/* AES-128-GCM (ccm 0) or AES-128-CCM: OpenSSL's rows, its first record kept in ref and tag,
 * then (built with it) IPsec-MB's, checked against that; its manager and keys are set up at the
 * first call. -1 when a step failed, 1 when IPsec-MB's record differs (each said), else 0. */
static int aes_peers(sess *s, int ccm, uint8_t *ref, uint8_t tag[16])
{
    const char *m = ccm ? "ccm" : "gcm";
    int ok;
    if (!ossl_aead_keys(s, ccm ? EVP_aes_128_ccm() : EVP_aes_128_gcm(), ccm))
        return fprintf(stderr, "peer-sessions: openssl %s keys\n", m), -1;
    double ns = time_round(ccm ? ossl_ccm_round : ossl_gcm_round, s, &ok);
    if (!ok) return fprintf(stderr, "peer-sessions: openssl %s failed\n", m), -1;
    first_record(s, ref, tag);
    if (!check_only) row("openssl", ccm ? "ccm-seal" : "gcm-seal", "aes128", s, ns);
    ossl_free(s);
#ifdef HAVE_IPSEC_MB
    if (s->mgr == NULL) {
        IMB_ARCH arch;
        s->mgr = alloc_mb_mgr(0);
        s->gkeys = alloc64(s->S * sizeof *s->gkeys);
        s->enc = alloc64(s->S * sizeof *s->enc);
        s->dec = alloc64(s->S * sizeof *s->dec);
        if (!s->mgr || !s->gkeys || !s->enc || !s->dec)
            return fprintf(stderr, "peer-sessions: ipsec-mb alloc\n"), -1;
        init_mb_mgr_auto(s->mgr, &arch);
    }
    imb_keys(s, ccm);
    memset(s->out, 0, s->S * s->stride);
    ns = time_round(ccm ? imb_ccm_round : imb_gcm_round, s, &ok);
    if (!ok || !same_record(s, ref, tag)) {
        fprintf(stderr, "peer-sessions: ipsec-mb aes-128-%s differs from openssl\n", m);
        return 1;
    }
    if (!check_only) row("ipsec-mb", ccm ? "ccm-jobs" : "gcm-jobs", "aes128", s, ns);
#endif
    return 0;
}

static int run_one(size_t S, size_t len)
{
    sess s;
    memset(&s, 0, sizeof s);
    s.S = S;
    s.len = len;
    s.stride = (len + 64 + 63) & ~(size_t)63;
    s.in = malloc(S * s.stride);
    s.out = malloc(S * s.stride);
    s.tags = malloc(S * 32);
    s.keys = malloc(S * 32);
    s.cc = calloc(S, sizeof *s.cc);
    s.mc = calloc(S, sizeof *s.mc);
    uint8_t *ref = malloc(len + 1), tag[16];
    if (!s.in || !s.out || !s.tags || !s.keys || !s.cc || !s.mc || !ref) {
        fprintf(stderr, "peer-sessions: out of memory at %zu sessions\n", S);
        return 1;
    }
    for (size_t i = 0; i < S * s.stride; i++) s.in[i] = (uint8_t)(i * 131 + 7);
    for (size_t i = 0; i < S * 32; i++) s.keys[i] = (uint8_t)(i * 29 + 3);
    for (size_t i = 0; i < 12; i++) s.iv[i] = (uint8_t)(0xa0 + i);
    for (size_t i = 0; i < AAD; i++) s.aad[i] = (uint8_t)(0x30 + i);
    int ok, rc = 0;
    double ns;
    /* AES-128-GCM, then -CCM: OpenSSL, then IPsec-MB checked against it */
    for (int ccm = 0; ccm < 2; ccm++) {
        int r = aes_peers(&s, ccm, ref, tag);
        if (r < 0) return 1;
        rc |= r;
    }
#ifdef HAVE_IPSEC_MB
    free_mb_mgr(s.mgr);
    free(s.gkeys);
    free(s.enc);
    free(s.dec);
#endif
    /* ChaCha20-Poly1305, HMAC-SHA256 */
    if (!ossl_aead_keys(&s, EVP_chacha20_poly1305(), 0)) return fprintf(stderr, "peer-sessions: chacha keys\n"), 1;
    ns = time_round(ossl_gcm_round, &s, &ok);
    if (!ok) return fprintf(stderr, "peer-sessions: chacha20-poly1305 failed\n"), 1;
    if (!check_only) row("openssl", "chacha20-poly1305-seal", "chacha20", &s, ns);
    ossl_free(&s);
    if (!ossl_hmac_keys(&s)) return fprintf(stderr, "peer-sessions: hmac keys\n"), 1;
    ns = time_round(ossl_hmac_round, &s, &ok);
    if (!ok) return fprintf(stderr, "peer-sessions: hmac failed\n"), 1;
    if (!check_only) row("openssl", "hmac", "sha256", &s, ns);
    ossl_free(&s);
    free(s.in);
    free(s.out);
    free(s.tags);
    free(s.keys);
    free(s.cc);
    free(s.mc);
    free(ref);
    return rc;
}

int main(int argc, char **argv)
{
    size_t ses[16] = {16, 512, 4096, 65536}, siz[16] = {64, 576, 1500, 16384}, ns = 4, nz = 4;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[a], "--check-only") == 0) {
            check_only = quick = 1;
        } else if (strcmp(argv[a], "--json") == 0 && a + 1 < argc) {
            json = strcmp(argv[++a], "-") == 0 ? stdout : fopen(argv[a], "a");
            if (!json) return fprintf(stderr, "peer-sessions: %s: cannot open\n", argv[a]), 1;
        } else if (strcmp(argv[a], "--sessions") == 0 && a + 1 < argc) {
            if ((ns = bench_parse_counts(argv[++a], ses, 16)) == 0)
                return fprintf(stderr, "peer-sessions: bad --sessions\n"), 2;
        } else if (strcmp(argv[a], "--sizes") == 0 && a + 1 < argc) {
            if ((nz = bench_parse_counts(argv[++a], siz, 16)) == 0)
                return fprintf(stderr, "peer-sessions: bad --sizes\n"), 2;
        } else {
            fprintf(stderr, "usage: peer-sessions [--sessions LIST] [--sizes LIST] [--quick] "
                            "[--json FILE] [--check-only]\n");
            return 2;
        }
    }
    if (check_only) { /* one small sweep: the cross-checks only */
        ses[0] = 17, siz[0] = 100, ns = nz = 1;
    }
#ifndef HAVE_IPSEC_MB
    printf("ipsec-mb: not installed (Debian libipsec-mb-dev); its rows are left out\n");
#endif
    if (!check_only)
        printf("%-9s %-24s %-9s %7s %6s %10s %8s\n", "lib", "op", "alg", "sessions", "bytes",
               "Mrec/s", "GB/s");
    int rc = 0;
    for (size_t i = 0; i < ns; i++)
        for (size_t k = 0; k < nz; k++) {
            size_t stride = (siz[k] + 64 + 63) & ~(size_t)63;
            if (ses[i] * stride > MAX_BYTES) continue;
            rc |= run_one(ses[i], siz[k]);
        }
    if (check_only) printf("peer-sessions: checks %s\n", rc ? "FAILED" : "passed");
    if (json && json != stdout) fclose(json);
    return rc;
}
