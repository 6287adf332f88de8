/* libFuzzer target: the record-job calls (issue 26) against loops of their one-record calls:
 * GCM (karx_gcm_seal_jobs / open_jobs), CCM (karx_ccm_seal_jobs / open_jobs), CTR
 * (karx_ctr_jobs) and HMAC-LSH (karx_hmac_lsh_jobs / verify_jobs), serial or on a 2-thread pool,
 * for a fuzz-chosen back end (so lane count), job count (0 to 40), keys, ciphers, lengths (0
 * included), IV / nonce / tag lengths, in place or not, and defects (NULL key, bad lengths,
 * in and out overlapping): every job's status is the one-record call's (KARX_ERR_ARGUMENT for an
 * overlap, which writes nothing), its output and tag are the one-record call's, a forged record
 * fails alone with its out zero-filled, and the call returns the first failing job's status.
 * Every buffer is an exact allocation, so ASan sees overreads. */
#include "fuzz_util.h"

enum { MAX_N = 40, NKEYS = 4 };

static karx_pool *pool;

typedef struct rec {
    uint8_t *data;   /* the input bytes (exact size) */
    uint8_t *base;   /* the job's buffer: len bytes, or len + 1 when in and out overlap */
    uint8_t *in, *out;
    size_t len;
    uint8_t *aad;
    size_t aad_len;
    uint8_t *iv;
    size_t iv_len;
    uint8_t *tag;
    size_t tag_len;
    unsigned key;
    int defect;      /* 0 none, 1 NULL key, 2 bad IV length, 3 bad tag length, 4 overlap */
    uint8_t *want;   /* the one-record call's output */
    uint8_t wtag[64];
    karx_status wst;
} rec;

static size_t pick_len(fz *f)
{
    uint8_t c = fz_u8(f);
    return (c & 0x80) ? (size_t)(c & 0x7f) * 5 : c % 40;
}

/* A record's buffers from the input; tag_cap bytes of tag. */
static void rec_make(fz *f, rec *r, size_t tag_cap)
{
    uint8_t flags = fz_u8(f);
    r->len = pick_len(f);
    r->aad_len = (flags & 1) ? pick_len(f) : 0;
    r->key = fz_u8(f) % NKEYS;
    r->defect = (flags >> 4) < 5 ? (flags >> 4) : 0;
    if (r->defect == 4 && r->len < 2)
        r->defect = 0;
    r->data = malloc(r->len ? r->len : 1);
    MUST(r->data != NULL);
    fz_fill(f, r->data, r->len);
    r->aad = malloc(r->aad_len ? r->aad_len : 1);
    MUST(r->aad != NULL);
    fz_fill(f, r->aad, r->aad_len);
    r->base = malloc(r->len + 1);
    MUST(r->base != NULL);
    r->in = r->out = NULL;
    r->iv = malloc(32);
    MUST(r->iv != NULL);
    fz_fill(f, r->iv, 32);
    r->tag = malloc(tag_cap);
    MUST(r->tag != NULL);
    memset(r->tag, 0xc3, tag_cap);
    r->want = malloc(r->len ? r->len : 1);
    MUST(r->want != NULL);
}

/* in and out for a pass over src (the record's input): in place, apart, or overlapping. */
static void rec_place(rec *r, const uint8_t *src, int inplace, uint8_t **spare)
{
    if (r->defect == 4) { /* out = base, in = base + 1: overlapping, not exactly */
        memcpy(r->base + 1, src, r->len);
        r->base[0] = 0;
        r->in = r->base + 1;
        r->out = r->base;
        return;
    }
    r->out = r->base;
    memset(r->base, 0xee, r->len + 1);
    if (inplace) {
        memcpy(r->base, src, r->len);
        r->in = r->base;
    } else {
        *spare = fz_dup(src, r->len);
        r->in = *spare;
    }
    if (r->len == 0)
        r->in = r->out = NULL;
}

static void rec_free(rec *r)
{
    free(r->data);
    free(r->aad);
    free(r->base);
    free(r->iv);
    free(r->tag);
    free(r->want);
}

/* The call's return: the first job status that is not KARX_OK. */
static karx_status first_failure(const karx_status *st, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (st[i] != KARX_OK)
            return st[i];
    return KARX_OK;
}

static const karx_cipher_alg aead_algs[6] = {KARX_CIPHER_LEA128,      KARX_CIPHER_LEA192,
                                             KARX_CIPHER_LEA256,      KARX_CIPHER_CHAM128_128,
                                             KARX_CIPHER_CHAM128_256, KARX_CIPHER_ARIA128};

/* ---- GCM and CCM: one driver, the mode chosen by ccm ---- */
/* The n CCM jobs cj (ccm) or GCM jobs gj: sealed (seal) or opened, on the pool (use_pool) or not. */
static karx_status aead_jobs(int ccm, int seal, int use_pool, karx_ccm_job *cj, karx_gcm_job *gj,
                             size_t n)
{
    if (ccm) {
        if (seal)
            return use_pool ? karx_ccm_seal_jobs_pool(pool, cj, n) : karx_ccm_seal_jobs(cj, n);
        return use_pool ? karx_ccm_open_jobs_pool(pool, cj, n) : karx_ccm_open_jobs(cj, n);
    }
    if (seal)
        return use_pool ? karx_gcm_seal_jobs_pool(pool, gj, n) : karx_gcm_seal_jobs(gj, n);
    return use_pool ? karx_gcm_open_jobs_pool(pool, gj, n) : karx_gcm_open_jobs(gj, n);
}

static void run_aead(fz *f, size_t n, int use_pool, int ccm)
{
    karx_gcm_key gk[NKEYS];
    karx_ccm_key ck[NKEYS];
    for (unsigned k = 0; k < NKEYS; k++) {
        uint8_t raw[32];
        karx_cipher_alg a = aead_algs[fz_u8(f) % 6];
        fz_fill(f, raw, 32);
        if (ccm)
            MUST(karx_ccm_set_key(&ck[k], a, raw, karx_cipher_key_bytes(a)) == KARX_OK);
        else
            MUST(karx_gcm_set_key(&gk[k], a, raw, karx_cipher_key_bytes(a)) == KARX_OK);
    }
    rec r[MAX_N];
    uint8_t *spare[MAX_N];
    karx_gcm_job gj[MAX_N];
    karx_ccm_job cj[MAX_N];
    karx_status want[MAX_N], got[MAX_N];
    for (size_t i = 0; i < n; i++) {
        rec_make(f, &r[i], 16);
        spare[i] = NULL;
        uint8_t c = fz_u8(f);
        if (ccm) {
            r[i].iv_len = 7 + c % 7;
            r[i].tag_len = 4 + 2 * ((c >> 3) % 7);
            if (r[i].iv_len == 13 && r[i].len > 65535)
                r[i].len = 65535;
        } else {
            static const size_t tl[7] = {4, 8, 12, 13, 14, 15, 16};
            r[i].iv_len = (c & 1) ? 12 : 1 + c % 32;
            r[i].tag_len = tl[(c >> 3) % 7];
        }
        if (r[i].defect == 2)
            r[i].iv_len = ccm ? 6 : 0;
        if (r[i].defect == 3)
            r[i].tag_len = ccm ? 5 : 3;
        rec_place(&r[i], r[i].data, fz_u8(f) & 1, &spare[i]);
    }
    /* seal: the one-record calls first (on separate buffers), then the jobs */
    for (size_t i = 0; i < n; i++) {
        rec *q = &r[i];
        const uint8_t *aad = NZ(q->aad, q->aad_len), *in = NZ(q->data, q->len);
        uint8_t *out = NZ(q->want, q->len);
        if (ccm) {
            const karx_cipher_key *key = q->defect == 1 ? NULL : &ck[q->key].cipher;
            want[i] = karx_ccm_seal(key, q->iv, q->iv_len, out, q->wtag, q->tag_len, in, q->len,
                                    aad, q->aad_len);
        } else {
            want[i] = karx_gcm_seal(q->defect == 1 ? NULL : &gk[q->key], q->iv, q->iv_len, out,
                                    q->wtag, q->tag_len, in, q->len, aad, q->aad_len);
        }
        if (q->defect == 4 && want[i] == KARX_OK)
            want[i] = KARX_ERR_ARGUMENT;
        if (ccm)
            cj[i] = (karx_ccm_job){q->defect == 1 ? NULL : &ck[q->key], q->iv, q->iv_len, aad,
                                   q->aad_len, q->in, q->out, q->len, q->tag, q->tag_len,
                                   (karx_status)777};
        else
            gj[i] = (karx_gcm_job){q->defect == 1 ? NULL : &gk[q->key], q->iv, q->iv_len, aad,
                                   q->aad_len, q->in, q->out, q->len, q->tag, q->tag_len,
                                   (karx_status)777};
    }
    karx_status ret = aead_jobs(ccm, 1, use_pool, cj, gj, n);
    for (size_t i = 0; i < n; i++) {
        got[i] = ccm ? cj[i].status : gj[i].status;
        MUST(got[i] == want[i]);
        if (want[i] == KARX_OK) {
            MUST(fz_same(r[i].out, r[i].want, r[i].len));
            MUST(memcmp(r[i].tag, r[i].wtag, r[i].tag_len) == 0);
        } else {
            for (size_t b = 0; b < 16; b++) /* nothing written */
                MUST(r[i].tag[b] == 0xc3);
            if (r[i].defect == 4)
                MUST(r[i].base[0] == 0 && memcmp(r[i].base + 1, r[i].data, r[i].len) == 0);
            else if (r[i].in != r[i].out)
                for (size_t b = 0; b < r[i].len; b++)
                    MUST(r[i].base[b] == 0xee);
        }
    }
    MUST(ret == first_failure(want, n));
    /* open the sealed records, some forged (a bit of the ciphertext, AAD or tag flipped) */
    for (size_t i = 0; i < n; i++) {
        rec *q = &r[i];
        if (want[i] != KARX_OK)
            memcpy(q->want, q->data, q->len); /* a failed job: open the plaintext bytes as is */
        free(spare[i]);
        spare[i] = NULL;
        rec_place(q, q->want, fz_u8(f) & 1, &spare[i]);
        uint8_t forge = fz_u8(f);
        if ((forge & 3) == 0) {
            if ((forge & 4) && q->len != 0)
                q->in[(forge >> 3) % q->len] ^= 1;
            else if ((forge & 8) && q->aad_len != 0)
                q->aad[(forge >> 4) % q->aad_len] ^= 2;
            else
                q->tag[(forge >> 4) % q->tag_len] ^= 4;
        }
    }
    for (size_t i = 0; i < n; i++) { /* expected: the one-record open on separate buffers */
        rec *q = &r[i];
        const uint8_t *aad = NZ(q->aad, q->aad_len);
        uint8_t *ct = fz_dup(q->in ? q->in : q->want, q->len);
        if (ccm)
            want[i] = karx_ccm_open(q->defect == 1 ? NULL : &ck[q->key].cipher, q->iv, q->iv_len,
                                    NZ(q->want, q->len), q->tag, q->tag_len, NZ(ct, q->len),
                                    q->len, aad, q->aad_len);
        else
            want[i] = karx_gcm_open(q->defect == 1 ? NULL : &gk[q->key], q->iv, q->iv_len,
                                    NZ(q->want, q->len), q->tag, q->tag_len, NZ(ct, q->len),
                                    q->len, aad, q->aad_len);
        free(ct);
        if (q->defect == 4) /* the only defect: the one-record call on apart buffers gave
                               KARX_OK or KARX_ERR_AUTHENTICATION */
            want[i] = KARX_ERR_ARGUMENT;
        if (ccm) {
            cj[i].in = q->in;
            cj[i].out = q->out;
            cj[i].status = (karx_status)777;
        } else {
            gj[i].in = q->in;
            gj[i].out = q->out;
            gj[i].status = (karx_status)777;
        }
    }
    ret = aead_jobs(ccm, 0, use_pool, cj, gj, n);
    for (size_t i = 0; i < n; i++) {
        got[i] = ccm ? cj[i].status : gj[i].status;
        MUST(got[i] == want[i]);
        if (want[i] == KARX_OK)
            MUST(fz_same(r[i].out, r[i].want, r[i].len));
        else if (want[i] == KARX_ERR_AUTHENTICATION)
            MUST(fz_all_zero(r[i].base, r[i].len));
    }
    MUST(ret == first_failure(want, n));
    for (size_t i = 0; i < n; i++) {
        free(spare[i]);
        rec_free(&r[i]);
    }
    for (unsigned k = 0; k < NKEYS; k++) {
        karx_gcm_key_wipe(&gk[k]);
        karx_ccm_key_wipe(&ck[k]);
    }
}

/* ---- CTR: every cipher, a key as given each ---- */
static void run_ctr(fz *f, size_t n, int use_pool)
{
    rec r[MAX_N];
    uint8_t *spare[MAX_N], ctr[MAX_N][16], wctr[MAX_N][16], keys[NKEYS][32];
    karx_cipher_alg algs[NKEYS];
    karx_ctr_job j[MAX_N];
    karx_status want[MAX_N];
    for (unsigned k = 0; k < NKEYS; k++) {
        algs[k] = (karx_cipher_alg)(KARX_CIPHER_FIRST + fz_u8(f) % 10);
        fz_fill(f, keys[k], 32);
    }
    for (size_t i = 0; i < n; i++) {
        rec *q = &r[i];
        rec_make(f, q, 1);
        spare[i] = NULL;
        rec_place(q, q->data, fz_u8(f) & 1, &spare[i]);
        const karx_cipher_alg a = algs[q->key];
        const size_t bb = karx_cipher_block_bytes(a);
        fz_fill(f, ctr[i], 16);
        if (fz_u8(f) & 1) /* near the end of the counter space */
            memset(ctr[i], 0xff, bb - 1);
        memcpy(wctr[i], ctr[i], 16);
        if (q->defect == 3)
            q->defect = 0;
        size_t key_len = q->defect == 2 ? 5 : karx_cipher_key_bytes(a);
        karx_cipher_key k;
        want[i] = q->defect == 1 ? KARX_ERR_ARGUMENT : karx_cipher_set_key(&k, a, keys[q->key], key_len);
        if (want[i] == KARX_OK) {
            want[i] = karx_ctr_xor(&k, wctr[i], NZ(q->want, q->len), NZ(q->data, q->len), q->len);
            karx_cipher_key_wipe(&k);
        }
        if (q->defect == 4 && want[i] != KARX_ERR_ARGUMENT) {
            want[i] = KARX_ERR_ARGUMENT;
            memcpy(wctr[i], ctr[i], 16); /* the job leaves its counter alone */
        }
        j[i] = (karx_ctr_job){a, q->defect == 1 ? NULL : keys[q->key], key_len, ctr[i], q->in,
                              q->out, q->len, (karx_status)777};
    }
    karx_status ret = use_pool ? karx_ctr_jobs_pool(pool, j, n) : karx_ctr_jobs(j, n);
    for (size_t i = 0; i < n; i++) {
        MUST(j[i].status == want[i]);
        if (want[i] == KARX_OK) {
            MUST(fz_same(r[i].out, r[i].want, r[i].len));
            MUST(memcmp(ctr[i], wctr[i], 16) == 0);
        } else {
            MUST(memcmp(ctr[i], wctr[i], 16) == 0); /* unchanged either way */
            if (r[i].defect == 4)
                MUST(r[i].base[0] == 0 && memcmp(r[i].base + 1, r[i].data, r[i].len) == 0);
        }
    }
    MUST(ret == first_failure(want, n));
    for (size_t i = 0; i < n; i++) {
        free(spare[i]);
        rec_free(&r[i]);
    }
}

/* ---- HMAC-LSH: keyed contexts and keys as given ---- */
static void run_hmac(fz *f, size_t n, int use_pool)
{
    karx_hmac_lsh_ctx ctx[NKEYS];
    rec r[MAX_N];
    karx_hmac_lsh_job j[MAX_N];
    karx_status want[MAX_N];
    uint8_t keys[NKEYS][40];
    karx_lsh_alg algs[NKEYS];
    for (unsigned k = 0; k < NKEYS; k++) {
        algs[k] = (karx_lsh_alg)(1 + fz_u8(f) % 6);
        fz_fill(f, keys[k], 40);
        MUST(karx_hmac_lsh_init(&ctx[k], algs[k], keys[k], k * 13) == KARX_OK);
    }
    for (size_t i = 0; i < n; i++) {
        rec *q = &r[i];
        rec_make(f, q, 80);
        const int keyed = q->iv[0] & 1;
        const karx_lsh_alg a = algs[q->key];
        const size_t min = karx_hmac_lsh_min_tag_bytes(a);
        q->tag_len = q->defect == 3 ? min - 1 : min + q->iv[1] % (80 - min + 1);
        if (q->defect == 2 || q->defect == 4 || (q->defect == 1 && (keyed || q->key == 0)))
            q->defect = 0; /* nothing to break: no IV, no output buffer, no key to lose */
        j[i] = (karx_hmac_lsh_job){keyed ? &ctx[q->key] : NULL, a, q->defect == 1 ? NULL : keys[q->key],
                                   q->key * 13, NZ(q->data, q->len), q->len, q->tag, q->tag_len,
                                   (karx_status)777};
        want[i] = karx_hmac_lsh(a, j[i].key, j[i].key_len, q->wtag, 64, j[i].msg, q->len);
        if (want[i] == KARX_OK && q->defect == 3)
            want[i] = KARX_ERR_OUTPUT_LENGTH;
    }
    karx_status ret = use_pool ? karx_hmac_lsh_jobs_pool(pool, j, n) : karx_hmac_lsh_jobs(j, n);
    for (size_t i = 0; i < n; i++) {
        const size_t d = karx_hmac_lsh_bytes(j[i].alg), w = r[i].tag_len < d ? r[i].tag_len : d;
        MUST(j[i].status == want[i]);
        if (want[i] == KARX_OK)
            MUST(memcmp(r[i].tag, r[i].wtag, w) == 0);
        for (size_t b = want[i] == KARX_OK ? w : 0; b < 80; b++)
            MUST(r[i].tag[b] == 0xc3);
    }
    MUST(ret == first_failure(want, n));
    /* verify, with tag_len clipped to the digest and some tags flipped */
    for (size_t i = 0; i < n; i++) {
        const size_t d = karx_hmac_lsh_bytes(j[i].alg);
        if (j[i].tag_len > d)
            j[i].tag_len = d;
        uint8_t forge = fz_u8(f);
        if (want[i] == KARX_OK && (forge & 3) == 0)
            r[i].tag[(forge >> 2) % j[i].tag_len] ^= 1;
        if (want[i] == KARX_OK)
            want[i] = karx_memcmp_ct(r[i].tag, r[i].wtag, j[i].tag_len) ? KARX_ERR_AUTHENTICATION
                                                                           : KARX_OK;
        else if (want[i] == KARX_ERR_OUTPUT_LENGTH)
            want[i] = KARX_ERR_ARGUMENT;
        j[i].status = (karx_status)777;
    }
    ret = use_pool ? karx_hmac_lsh_verify_jobs_pool(pool, j, n) : karx_hmac_lsh_verify_jobs(j, n);
    for (size_t i = 0; i < n; i++)
        MUST(j[i].status == want[i]);
    MUST(ret == first_failure(want, n));
    for (size_t i = 0; i < n; i++)
        rec_free(&r[i]);
    for (unsigned k = 0; k < NKEYS; k++)
        karx_hmac_lsh_ctx_wipe(&ctx[k]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    if (pool == NULL)
        MUST(karx_pool_new(&pool, 2) == KARX_OK);
    uint8_t sel = fz_u8(&f);
    int nb = 0;
    while (karx_backend_name((karx_backend)nb) != NULL)
        nb++;
    karx_backend orig = karx_get_backend(), b = (karx_backend)(fz_u8(&f) % nb);
    if (karx_backend_supported(b))
        karx_set_backend(b);
    size_t n = fz_u8(&f) % (MAX_N + 1);
    int use_pool = (sel >> 2) & 1;
    switch (sel & 3) {
    case 0: run_aead(&f, n, use_pool, 0); break;
    case 1: run_aead(&f, n, use_pool, 1); break;
    case 2: run_ctr(&f, n, use_pool); break;
    default: run_hmac(&f, n, use_pool); break;
    }
    /* jobs NULL */
    MUST(karx_gcm_seal_jobs(NULL, 0) == KARX_OK && karx_ccm_open_jobs(NULL, 1) == KARX_ERR_ARGUMENT);
    karx_set_backend(orig);
    return 0;
}
