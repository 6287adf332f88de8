/* karx cavp: block ciphers (LEA, HIGHT, CHAM, ARIA) in ECB, CBC, CTR, CFB, CFB8, CFB64 and OFB.
 *
 * KAT and MMT: a record KEY [IV or CTR] PT is answered with CT; KEY [IV or CTR] CT with PT.
 * MCT: a record KEY [IV or CTR] PT (or CT, to decrypt) starts the Monte Carlo loop of KCMVP's
 * block-cipher test (the one NIST's AESAVS section 6.4 defines): 100 rounds of 1000 inner
 * iterations, each round written as a record COUNT KEY [IV / CTR] PT CT. Within a round the mode
 * runs as one stream over single segments X[j] (a block, or CFB's 1- or 8-byte segment) giving
 * Y[j]; with n = block / segment:
 *   ECB, CTR:       X[j+1] = Y[j]
 *   CBC, OFB, CFB:  X[j+1] = segment j of IV[i] while j < n, else Y[j-n]
 * and after the round: KEY ^= the last key-length bytes of Y[0] || ... || Y[999]; IV[i+1] = its
 * last block (CTR: the counter simply goes on counting across rounds); X[0] = Y[999] (ECB, CTR)
 * or Y[999-n]. Decryption runs the same loop with PT and CT exchanged. */
#include <stdlib.h>
#include <string.h>

#include "cavp_sym.h"
#include "karx/cipher.h"

typedef struct blk {
    karx_cipher_alg alg;
    karx_mode mode;
    size_t block, key_len, seg; /* seg: CFB's segment bytes; the block for the other modes */
} blk;

static const char *const key_names[] = {"KEY", NULL};
static const char *const iv_names[] = {"IV", "CTR", NULL};
static const char *const pt_names[] = {"PT", NULL};
static const char *const ct_names[] = {"CT", NULL};
static const char *const fields[] = {"COUNT", "KEY", "IV", "CTR", "PT", "CT", NULL};

static blk blk_of(const cavp_job *job)
{
    blk b = {(karx_cipher_alg)job->cipher, (karx_mode)job->mode, 0, 0, 0};
    b.block = karx_cipher_block_bytes(b.alg);
    b.key_len = karx_cipher_key_bytes(b.alg);
    b.seg = b.mode == KARX_MODE_CFB8 ? 1 : b.mode == KARX_MODE_CFB64 ? 8 : b.block;
    if (b.mode == KARX_MODE_CFB && (job->segment_bytes == 1 || job->segment_bytes == 8)) {
        b.seg = job->segment_bytes; /* CFB with its segment given apart */
        b.mode = b.seg == 1 ? KARX_MODE_CFB8 : KARX_MODE_CFB64;
    }
    return b;
}

/* One call of the mode over len bytes, the IV / counter / register carried in reg. */
static karx_status run_mode(const blk *b, const karx_cipher_key *k, int enc, uint8_t *reg,
                         uint8_t *out, const uint8_t *in, size_t len)
{
    switch (b->mode) {
    case KARX_MODE_ECB:
        return enc ? karx_ecb_encrypt(k, out, in, len) : karx_ecb_decrypt(k, out, in, len);
    case KARX_MODE_CBC:
        return enc ? karx_cbc_encrypt(k, reg, out, in, len) : karx_cbc_decrypt(k, reg, out, in, len);
    case KARX_MODE_CTR: /* a block at a time: the counter wraps mod 2^(8 * block), as in the MCT */
        for (size_t i = 0; i < len; i += b->block) {
            size_t n = len - i < b->block ? len - i : b->block;
            karx_status st = karx_ctr_xor(k, reg, out + i, in + i, n);
            if (st != KARX_OK)
                return st;
        }
        return KARX_OK;
    case KARX_MODE_OFB:
        return karx_ofb_xor(k, reg, out, in, len);
    case KARX_MODE_CFB:
    case KARX_MODE_CFB8:
    case KARX_MODE_CFB64:
        return enc ? karx_cfb_encrypt(k, b->seg, reg, out, in, len)
                   : karx_cfb_decrypt(k, b->seg, reg, out, in, len);
    }
    return KARX_ERR_ARGUMENT;
}

/* The request's fields, checked: key, IV (none for ECB), the input (PT, or CT to decrypt). */
typedef struct req {
    uint8_t *key, *iv, *in;
    size_t key_len, iv_len, in_len;
    const cavp_field *ivf, *inf;
    int enc;
} req;

static void req_free(req *q)
{
    cavp_sym_free(q->key, q->key_len);
    cavp_sym_free(q->iv, q->iv_len);
    cavp_sym_free(q->in, q->in_len);
}

/* in_len: the exact input length required, or (size_t)-1 for KAT / MMT (checked by mode). */
static int read_req(cavp_ctx *c, const cavp_record *r, const blk *b, size_t in_len, req *q)
{
    memset(q, 0, sizeof *q);
    if (!cavp_only(c, r, fields, NULL))
        return 0;
    const cavp_field *pt = cavp_get(r, "PT"), *ct = cavp_get(r, "CT");
    if (pt != NULL && ct != NULL)
        return cavp_fail(c, ct->line, "%s: PT and CT both given (a request holds one of them)", ct->name);
    if (cavp_get(r, "IV") != NULL && cavp_get(r, "CTR") != NULL)
        return cavp_fail(c, cavp_get(r, "CTR")->line, "CTR: IV and CTR both given");
    q->enc = ct == NULL;
    if (!cavp_sym_hex(c, r, key_names, b->key_len, &q->key, &q->key_len, NULL))
        return 0;
    if (b->mode == KARX_MODE_ECB) {
        const cavp_field *iv = cavp_sym_any(r, iv_names);
        if (iv != NULL)
            return cavp_fail(c, iv->line, "%s: ECB takes no IV", iv->name);
    } else if (!cavp_sym_hex(c, r, iv_names, b->block, &q->iv, &q->iv_len, &q->ivf)) {
        return 0;
    }
    if (!cavp_sym_hex(c, r, q->enc ? pt_names : ct_names, in_len, &q->in, &q->in_len, &q->inf))
        return 0;
    if ((b->mode == KARX_MODE_ECB || b->mode == KARX_MODE_CBC) && q->in_len % b->block != 0)
        return cavp_fail(c, q->inf->line, "%s: %zu bytes, not whole %zu-byte blocks", q->inf->name,
                         q->in_len, b->block);
    if (q->in_len == 0)
        return cavp_fail(c, q->inf->line, "%s: empty", q->inf->name);
    return 1;
}

static int kat(cavp_ctx *c, const cavp_record *r)
{
    blk b = blk_of(cavp_job_of(c));
    req q;
    karx_cipher_key k = {.alg = 0};
    int ok = 0;
    if (read_req(c, r, &b, (size_t)-1, &q)) {
        uint8_t *out = malloc(q.in_len);
        karx_status st = out == NULL ? KARX_ERR_NO_MEMORY : karx_cipher_set_key(&k, b.alg, q.key, q.key_len);
        if (st == KARX_OK)
            st = run_mode(&b, &k, q.enc, q.iv, out, q.in, q.in_len);
        karx_cipher_key_wipe(&k);
        if (st == KARX_OK) {
            cavp_put_record(c, r);
            cavp_put_hex(c, q.enc ? "CT" : "PT", out, q.in_len);
            ok = 1;
        } else {
            cavp_fail(c, q.inf->line, "%s: %s", q.inf->name, karx_strerror(st));
        }
        cavp_sym_free(out, q.in_len);
    }
    req_free(&q);
    return ok;
}

/* Appends y (len bytes) to the history of outputs, which keeps the latest sizeof hist bytes. */
static void remember(uint8_t *hist, size_t cap, const uint8_t *y, size_t len)
{
    memmove(hist, hist + len, cap - len);
    memcpy(hist + cap - len, y, len);
}

enum { HIST = 64 }; /* >= the key (32) and block + segment (32) */

static int mct(cavp_ctx *c, const cavp_record *r)
{
    blk b = blk_of(cavp_job_of(c));
    req q;
    if (!read_req(c, r, &b, b.seg, &q)) {
        req_free(&q);
        return 0;
    }
    const cavp_field *countf = cavp_get(r, "COUNT");
    const char *count_name = countf ? countf->name : "COUNT";
    const char *key_name = cavp_get(r, "KEY")->name; /* the request's spelling */
    const char *in_name = q.inf->name, *out_name = q.enc ? "CT" : "PT";
    const size_t n = b.block / b.seg;
    const int chained = b.mode != KARX_MODE_ECB && b.mode != KARX_MODE_CTR;
    uint8_t key[KARX_MAX_KEY_BYTES], iv[KARX_MAX_BLOCK_BYTES] = {0}, reg[KARX_MAX_BLOCK_BYTES] = {0};
    uint8_t x[KARX_MAX_BLOCK_BYTES], y[KARX_MAX_BLOCK_BYTES], hist[HIST] = {0};
    memcpy(key, q.key, b.key_len);
    memcpy(x, q.in, b.seg);
    if (q.iv != NULL)
        memcpy(iv, q.iv, b.block), memcpy(reg, q.iv, b.block);
    karx_cipher_key k;
    karx_status st = KARX_OK;
    for (int i = 0; i < 100 && st == KARX_OK; i++) {
        if (i > 0)
            cavp_put_blank(c);
        cavp_put_dec(c, count_name, (unsigned long long)i);
        cavp_put_hex(c, key_name, key, b.key_len);
        if (q.ivf != NULL)
            cavp_put_hex(c, q.ivf->name, b.mode == KARX_MODE_CTR ? reg : iv, b.block);
        cavp_put_hex(c, in_name, x, b.seg);
        st = karx_cipher_set_key(&k, b.alg, key, b.key_len);
        if (chained)
            memcpy(reg, iv, b.block);
        for (int j = 0; j < 1000 && st == KARX_OK; j++) {
            st = run_mode(&b, &k, q.enc, reg, y, x, b.seg);
            remember(hist, HIST, y, b.seg);
            if (!chained)
                memcpy(x, y, b.seg);
            else if ((size_t)j < n)
                memcpy(x, iv + (size_t)j * b.seg, b.seg);
            else
                memcpy(x, hist + HIST - (n + 1) * b.seg, b.seg); /* Y[j-n] */
        }
        karx_cipher_key_wipe(&k);
        cavp_put_hex(c, out_name, y, b.seg);
        for (size_t t = 0; t < b.key_len; t++)
            key[t] ^= hist[HIST - b.key_len + t];
        if (chained)
            memcpy(iv, hist + HIST - b.block, b.block);
        /* X[0]: Y[999] (ECB, CTR), else Y[999-n] */
        memcpy(x, hist + HIST - (chained ? n + 1 : 1) * b.seg, b.seg);
    }
    karx_memzero(key, sizeof key);
    karx_memzero(hist, sizeof hist);
    karx_memzero(reg, sizeof reg);
    karx_memzero(x, sizeof x);
    karx_memzero(y, sizeof y);
    req_free(&q);
    if (st != KARX_OK)
        return cavp_fail(c, r->first_line, "%s", karx_strerror(st));
    return 1;
}

cavp_proc cavp_block_proc(const cavp_job *job)
{
    if (job->family != CAVP_FAM_BLOCK || karx_cipher_block_bytes((karx_cipher_alg)job->cipher) == 0)
        return NULL;
    if (job->mode != KARX_MODE_ECB && karx_mode_iv_bytes((karx_cipher_alg)job->cipher, (karx_mode)job->mode) == 0)
        return NULL;
    switch (job->test) {
    case CAVP_KAT:
    case CAVP_MMT:
        return kat;
    case CAVP_MCT:
        return mct;
    default:
        return NULL;
    }
}
