/* CCM record jobs (karx_ccm_seal_jobs, karx_ccm_open_jobs and their _pool forms): many records,
 * each under its own key, a record per lane of the lane kernels (lanes.h).
 *
 * The tag pass: a record is a sequence of single-block encryptions, each one step of its lane:
 * E(A_0) (S_0, which masks the tag), E(B_0), the CBC-MAC of the encoded AAD, then the CBC-MAC of
 * each plaintext block (open: each preceded by E(A_i), the keystream that decrypts the block for
 * the MAC only). A lane kernel call runs one step of every lane; a lane whose record ends writes
 * or checks its tag and takes the next record (the lanes' keys are then rescheduled, once per
 * call). When no record is left to start and few lanes are busy, their records finish step by
 * step on the scalar single-block code. An open writes nothing to out in this pass.
 *
 * Seal encrypts short records (CC_SEAL_IN_PASS) in the tag pass too: a step that takes a
 * plaintext block into a lane's CBC-MAC also encrypts the lane's counter block (a second kernel
 * call on the same schedule) and writes that block of ciphertext, after the MAC has read the
 * plaintext (in may be out). Open, likewise, encrypts the next block's counter block in the step
 * before that block's MAC, so a block costs one step, not two.
 *
 * The CTR pass: the longer records of a seal, and the records of an open whose tag matched, are
 * then encrypted or decrypted from A_1 as CTR jobs (karx_ctr_jobs: many blocks per lane per
 * kernel call), in place or not; a forged record has its out zero-filled instead, so, as with
 * karx_ccm_open, out never holds unverified plaintext.
 * Records go through the two passes in chunks of CC_CHUNK. Records of a cipher without a lane
 * kernel run as karx_ccm_seal / karx_ccm_open. */
#include <string.h>

#include "karx/ccm.h"

#include "aead/aead_args.h"
#include "aead/ccm_format.h"
#include "lanes/jobs_lanes.h"
#include "modes/modes_internal.h"
#include "pool/par_jobs.h"

#define CC_B 16
#define CC_CHUNK 64 /* open: records per pass (their A_1 wait for the CTR pass) */
/* Seal writes records up to this long in the tag pass; longer ones go faster as CTR jobs after
 * it (many blocks a kernel call, XORed in vectors). Measured, in the pass against after it:
 * 64 B 1.17-1.29x, 128 B 0.98-1.04x, 576 B 0.79x (bench/results/20261205-xeon-lanes-zmm.md). */
#define CC_SEAL_IN_PASS 128

static int cc_seal_in_pass(int seal, const karx_ccm_job *j)
{
    return seal && j->len <= CC_SEAL_IN_PASS;
}

enum { CC_S0 = 0, CC_B0 = 1, CC_AAD = 2, CC_CTR = 3, CC_MAC = 4, CC_DONE = 5 };

static karx_status cc_check(const karx_ccm_job *j)
{
    if (j->key == NULL)
        return KARX_ERR_ARGUMENT;
    if (!j->key->ready || karx_i_aead_alg((karx_cipher_alg)j->key->alg) != KARX_OK)
        return KARX_ERR_STATE;
    /* a record is a service: a key set earlier is refused in the error state (approved.h) */
    KARX_I_SERVICE(karx_i_cipher_approved(j->key->alg));
    if (karx_i_aead_pointers(j->nonce, j->aad, j->aad_len, j->out, j->in, j->len, j->tag) !=
            KARX_OK ||
        karx_i_jobs_overlap(j->out, j->in, j->len))
        return KARX_ERR_ARGUMENT;
    if (karx_i_jobs_share(j->tag, j->tag_len, j->out, j->len) ||
        karx_i_jobs_share(j->tag, j->tag_len, j->in, j->len))
        return KARX_ERR_ARGUMENT;
    if (j->nonce_len < KARX_CCM_NONCE_MIN_BYTES || j->nonce_len > KARX_CCM_NONCE_MAX_BYTES)
        return KARX_ERR_IV_LENGTH;
    if (j->tag_len < KARX_CCM_TAG_MIN_BYTES || j->tag_len > KARX_CCM_TAG_MAX_BYTES ||
        (j->tag_len & 1) != 0)
        return KARX_ERR_ARGUMENT;
    if (j->len > karx_ccm_max_payload_bytes(j->nonce_len))
        return KARX_ERR_DATA_LENGTH;
    return KARX_OK;
}

/* A lane: its record and where the record is. Blocks are held as the lanes hold them (4
 * little-endian words, lanes.h). */
typedef struct {
    size_t job;
    int phase;
    uint64_t pos;  /* CC_AAD: bytes of the encoded AAD done; CC_CTR / CC_MAC: payload bytes */
    size_t hdr;    /* bytes of the AAD length prefix (0 without AAD) */
    uint8_t prefix[10];
    uint32_t x[4], s0[4], ctr[4], ks[4]; /* CBC-MAC value, E(A_0), counter block, keystream */
} cc_lane;

/* A_0 = (q - 1) || N || 0^q. */
static void cc_a0(const karx_ccm_job *j, uint8_t a[CC_B])
{
    memset(a, 0, CC_B);
    a[0] = (uint8_t)(15 - j->nonce_len - 1);
    memcpy(a + 1, j->nonce, j->nonce_len);
}

static void cc_start(cc_lane *ln, const karx_ccm_job *jobs, size_t i)
{
    const karx_ccm_job *j = &jobs[i];
    uint8_t a0[CC_B];
    ln->job = i;
    ln->phase = CC_S0;
    ln->pos = 0;
    ln->hdr = 0;
    const uint64_t a = j->aad_len;
    if (a != 0)
        ln->hdr = karx_i_ccm_aad_prefix(ln->prefix, a);
    cc_a0(j, a0);
    karx_i_lanes_words(ln->ctr, a0);
    karx_i_lanes_prefetch(j->in, j->out, j->len);
}

/* Puts the block lane ln encrypts next into lane l of w (L lanes). */
static void cc_prepare(cc_lane *ln, const karx_ccm_job *j, int seal, uint32_t *w, unsigned L,
                       unsigned l)
{
    uint8_t blk[CC_B];
    switch (ln->phase) {
    case CC_S0:
    case CC_CTR:
        for (unsigned q = 0; q < 4; q++)
            w[q * L + l] = ln->ctr[q];
        return;
    case CC_MAC: {
        const size_t off = (size_t)ln->pos;
        if (j->len - off >= CC_B) { /* a whole block, in words */
            const uint8_t *in = j->in + off;
            for (unsigned q = 0; q < 4; q++) {
                uint32_t c = karx_load32_le(in + 4 * q);
                uint32_t p = seal ? c : c ^ ln->ks[q]; /* the plaintext word */
                w[q * L + l] = ln->x[q] ^ p;
            }
            return;
        }
        const size_t take = j->len - off; /* the last, partial block, zero-padded for the MAC */
        uint8_t ks[CC_B];
        memset(blk, 0, CC_B);
        memcpy(blk, j->in + off, take);
        if (!seal) {
            karx_i_lanes_bytes(ks, ln->ks);
            karx_i_xor(blk, blk, ks, take); /* the plaintext, for the MAC only */
            karx_memzero(ks, sizeof ks);
        }
        break;
    }
    case CC_B0: {
        const size_t q = 15 - j->nonce_len;
        blk[0] = (uint8_t)((j->aad_len != 0 ? 0x40 : 0) | (((j->tag_len - 2) / 2) << 3) | (q - 1));
        memcpy(blk + 1, j->nonce, j->nonce_len);
        for (size_t b = 0; b < q; b++)
            blk[CC_B - 1 - b] = (uint8_t)(b < sizeof(size_t) ? (uint64_t)j->len >> (8 * b) : 0);
        karx_i_lanes_put(w, L, l, blk);
        return;
    }
    default: { /* CC_AAD */
        const uint64_t end = ln->hdr + (uint64_t)j->aad_len;
        for (size_t b = 0; b < CC_B; b++) {
            uint64_t p = ln->pos + b;
            blk[b] = p < ln->hdr ? ln->prefix[p] : p < end ? j->aad[p - ln->hdr] : 0;
        }
        break;
    }
    }
    /* AAD or a partial payload block in blk: the CBC-MAC input */
    for (unsigned q = 0; q < 4; q++)
        w[q * L + l] = ln->x[q] ^ karx_load32_le(blk + 4 * q);
    karx_memzero(blk, sizeof blk);
}

/* Open: the keystream block r of the next payload block is in; its MAC step comes next. */
static inline void cc_take_keystream(cc_lane *ln, const uint32_t r[4])
{
    memcpy(ln->ks, r, 4 * sizeof r[0]);
    karx_i_lanes_inc(ln->ctr);
    ln->phase = CC_MAC;
}

/* Takes lane l's encrypted block from w; at the record's end writes or checks its tag. */
static void cc_consume(cc_lane *ln, karx_ccm_job *j, int seal, const uint32_t *w, unsigned L,
                       unsigned l)
{
    uint32_t r[4];
    for (unsigned q = 0; q < 4; q++)
        r[q] = w[q * L + l];
    switch (ln->phase) {
    case CC_S0:
        memcpy(ln->s0, r, sizeof r);
        ln->ctr[3] = (ln->ctr[3] & 0x00ffffffu) | 0x01000000u; /* A_1: last byte 1 */
        ln->phase = CC_B0;
        return;
    case CC_CTR:
        cc_take_keystream(ln, r);
        return;
    case CC_MAC:
        memcpy(ln->x, r, sizeof r);
        ln->pos += CC_B;
        ln->phase = ln->pos >= (uint64_t)j->len ? CC_DONE : seal ? CC_MAC : CC_CTR;
        break;
    case CC_B0:
        memcpy(ln->x, r, sizeof r);
        ln->phase = ln->hdr != 0 ? CC_AAD : j->len == 0 ? CC_DONE : seal ? CC_MAC : CC_CTR;
        break;
    default: /* CC_AAD */
        memcpy(ln->x, r, sizeof r);
        ln->pos += CC_B;
        if (ln->pos >= ln->hdr + (uint64_t)j->aad_len) {
            ln->pos = 0;
            ln->phase = j->len == 0 ? CC_DONE : seal ? CC_MAC : CC_CTR;
        }
        break;
    }
    if (ln->phase != CC_DONE)
        return;
    uint8_t t[CC_B];
    for (unsigned q = 0; q < 4; q++)
        r[q] = ln->x[q] ^ ln->s0[q];
    karx_i_lanes_bytes(t, r);
    if (seal)
        memcpy(j->tag, t, j->tag_len);
    else if (karx_memcmp_ct(t, j->tag, j->tag_len) != 0)
        j->status = KARX_ERR_AUTHENTICATION;
    karx_memzero(t, sizeof t);
    karx_memzero(r, sizeof r);
}

/* Seal, a step of CC_MAC: the keystream block ks (the lane's counter block, encrypted) turns the
 * plaintext block the MAC has just taken into ciphertext; the counter moves on. */
static void cc_seal_block(cc_lane *ln, karx_ccm_job *j, const uint32_t ks[4])
{
    const size_t off = (size_t)ln->pos;
    const size_t take = j->len - off < CC_B ? j->len - off : CC_B;
    uint8_t k[CC_B];
    karx_i_lanes_bytes(k, ks);
    karx_i_xor(j->out + off, j->in + off, k, take);
    karx_i_lanes_inc(ln->ctr);
    karx_memzero(k, sizeof k);
}

/* Open: 1 if the step after this one is a CC_CTR step (the next payload block's keystream),
 * which can then run in this step, beside this step's block (cc_consume's transitions). */
static int cc_ctr_next(const cc_lane *ln, const karx_ccm_job *j)
{
    switch (ln->phase) {
    case CC_B0:
        return ln->hdr == 0 && j->len != 0;
    case CC_AAD:
        return ln->pos + CC_B >= ln->hdr + (uint64_t)j->aad_len && j->len != 0;
    case CC_MAC:
        return ln->pos + CC_B < (uint64_t)j->len;
    default:
        return 0;
    }
}

static int cc_lane_job(const karx_ccm_job *j, karx_cipher_alg alg)
{
    return j->status == KARX_OK && (karx_cipher_alg)j->key->alg == alg;
}

/* Moves *next to the next record of alg (n when none is left); 1 if there is one. */
static int cc_more(const karx_ccm_job *jobs, size_t n, size_t *next, karx_cipher_alg alg)
{
    while (*next < n && !cc_lane_job(&jobs[*next], alg))
        (*next)++;
    return *next < n;
}

/* That record, taken; n when none is left. */
static size_t cc_next(const karx_ccm_job *jobs, size_t n, size_t *next, karx_cipher_alg alg)
{
    return cc_more(jobs, n, next, alg) ? (*next)++ : n;
}

/* The rest of lane ln's record, step by step on the scalar single-block code. */
static void cc_finish_scalar(cc_lane *ln, karx_ccm_job *j, int seal)
{
    uint32_t w[4];
    uint8_t blk[CC_B];
    while (ln->phase != CC_DONE) {
        cc_prepare(ln, j, seal, w, 1, 0);
        karx_i_lanes_bytes(blk, w);
        (void)karx_cipher_encrypt_block(&j->key->cipher, blk, blk);
        karx_i_lanes_words(w, blk);
        if (ln->phase == CC_MAC && cc_seal_in_pass(seal, j)) { /* after the MAC took it */
            karx_i_lanes_bytes(blk, ln->ctr);
            (void)karx_cipher_encrypt_block(&j->key->cipher, blk, blk);
            uint32_t ks[4];
            karx_i_lanes_words(ks, blk);
            cc_seal_block(ln, j, ks);
            karx_memzero(ks, sizeof ks);
        }
        cc_consume(ln, j, seal, w, 1, 0);
    }
    karx_memzero(w, sizeof w);
    karx_memzero(blk, sizeof blk);
}

/* The records of alg in jobs [0, n) that passed the checks, on kernel k. */
static void cc_lanes(const karx_i_lanes_kernel *k, karx_cipher_alg alg, karx_ccm_job *jobs,
                     size_t n, int seal)
{
    _Alignas(KARX_I_LANES_CTX_ALIGN) uint8_t ctx[KARX_I_LANES_CTX_BYTES];
    _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX], ks[4 * KARX_I_LANES_MAX];
    const uint8_t *keys[KARX_I_LANES_MAX];
    cc_lane lane[KARX_I_LANES_MAX];
    unsigned char busy[KARX_I_LANES_MAX];
    const unsigned L = k->lanes;
    const size_t key_len = karx_cipher_key_bytes(alg);
    size_t next = 0, active = 0;

    memset(busy, 0, sizeof busy);
    memset(w, 0, sizeof w);
    memset(ks, 0, sizeof ks);
    memset(lane, 0, sizeof lane);
    for (unsigned l = 0; l < L; l++) {
        size_t i = cc_next(jobs, n, &next, alg);
        if (i == n)
            break;
        busy[l] = 1;
        cc_start(&lane[l], jobs, i);
        active++;
    }
    int dirty = 1, more = cc_more(jobs, n, &next, alg);
    while (active != 0 && (more || 4 * active > L)) {
        if (dirty) { /* idle lanes borrow a busy lane's key */
            const uint8_t *live = NULL;
            for (unsigned l = 0; l < L; l++)
                if (busy[l])
                    live = jobs[lane[l].job].key->raw;
            for (unsigned l = 0; l < L; l++)
                keys[l] = busy[l] ? jobs[lane[l].job].key->raw : live;
            k->schedule(ctx, keys, key_len);
            dirty = 0;
        }
        /* the counter blocks encrypted beside the MAC blocks: seal's for the block its MAC takes
         * now, open's for the block its MAC takes next (a step of its own otherwise) */
        enum { KS_NONE, KS_SEAL, KS_AHEAD };
        unsigned char use[KARX_I_LANES_MAX]; /* what lane l's block in ks is for */
        int second = 0;
        for (unsigned l = 0; l < L; l++) {
            if (!busy[l])
                continue;
            const karx_ccm_job *j = &jobs[lane[l].job];
            cc_prepare(&lane[l], j, seal, w, L, l);
            use[l] = lane[l].phase == CC_MAC && cc_seal_in_pass(seal, j) ? KS_SEAL
                     : !seal && cc_ctr_next(&lane[l], j)                  ? KS_AHEAD
                                                                          : KS_NONE;
            if (use[l] != KS_NONE) {
                for (unsigned q = 0; q < 4; q++)
                    ks[q * L + l] = lane[l].ctr[q];
                second = 1;
            }
        }
        k->encrypt(ctx, w);
        if (second)
            k->encrypt(ctx, ks);
        for (unsigned l = 0; l < L; l++) {
            if (!busy[l])
                continue;
            cc_lane *ln = &lane[l];
            uint32_t kb[4];
            for (unsigned q = 0; q < 4 && use[l] != KS_NONE; q++)
                kb[q] = ks[q * L + l];
            if (use[l] == KS_SEAL)
                cc_seal_block(ln, &jobs[ln->job], kb);
            cc_consume(ln, &jobs[ln->job], seal, w, L, l);
            if (use[l] == KS_AHEAD && ln->phase == CC_CTR) /* open: the next block's keystream */
                cc_take_keystream(ln, kb);
            if (ln->phase != CC_DONE)
                continue;
            size_t i = cc_next(jobs, n, &next, alg);
            more = cc_more(jobs, n, &next, alg);
            dirty = 1;
            if (i < n) {
                cc_start(ln, jobs, i);
            } else {
                busy[l] = 0;
                active--;
            }
        }
    }
    for (unsigned l = 0; l < L; l++)
        if (busy[l])
            cc_finish_scalar(&lane[l], &jobs[lane[l].job], seal);
    karx_i_lanes_wipe(ctx);
    karx_memzero(w, sizeof w);
    karx_memzero(ks, sizeof ks);
    karx_memzero(lane, sizeof lane);
}

/* Runs the tag pass of the jobs of [0, n) that passed their checks (status set; the one-record
 * calls for a cipher without a lane kernel). */
static void cc_pass(karx_ccm_job *jobs, size_t n, int seal, karx_i_lanes_cache *lc)
{
    unsigned seen = 0; /* bit a: a record of cipher a waits for the lanes */
    for (size_t i = 0; i < n; i++) {
        karx_ccm_job *j = &jobs[i];
        if (j->status != KARX_OK)
            continue;
        karx_cipher_alg a = (karx_cipher_alg)j->key->alg;
        if (karx_i_lanes_cached(lc, a) != NULL) {
            seen |= 1u << a;
        } else if (seal) {
            j->status = karx_ccm_seal(&j->key->cipher, j->nonce, j->nonce_len, j->out, j->tag,
                                      j->tag_len, j->in, j->len, j->aad, j->aad_len);
        } else {
            /* done here, whole (the CTR pass leaves it alone) */
            j->status = karx_ccm_open(&j->key->cipher, j->nonce, j->nonce_len, j->out, j->tag,
                                      j->tag_len, j->in, j->len, j->aad, j->aad_len);
        }
    }
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
        if (seen & (1u << a))
            cc_lanes(karx_i_lanes_cached(lc, (karx_cipher_alg)a), (karx_cipher_alg)a, jobs, n,
                     seal);
}

static void cc_run(void *p, size_t lo, size_t hi, void *arg)
{
    karx_ccm_job *jobs = (karx_ccm_job *)p + lo;
    const int seal = *(const int *)arg;
    /* the tags first, in chunks whose A_1 wait here for the CTR pass */
    for (size_t c = 0; c < hi - lo; c += CC_CHUNK) {
        karx_ccm_job *cj = jobs + c;
        const size_t m = hi - lo - c < CC_CHUNK ? hi - lo - c : CC_CHUNK;
        unsigned char done[CC_CHUNK], checked[CC_CHUNK];
        karx_ctr_job ctr[CC_CHUNK];
        uint8_t a1[CC_CHUNK][CC_B];
        size_t nc = 0;
        karx_i_lanes_cache lc = {{NULL}, 0};
        for (size_t i = 0; i < m; i++) { /* which jobs the lanes will run */
            cj[i].status = cc_check(&cj[i]);
            checked[i] = cj[i].status == KARX_OK;
            done[i] = checked[i] &&
                      karx_i_lanes_cached(&lc, (karx_cipher_alg)cj[i].key->alg) == NULL;
        }
        cc_pass(cj, m, seal, &lc);
        for (size_t i = 0; i < m; i++) {
            karx_ccm_job *j = &cj[i];
            if (!checked[i] || done[i] || j->len == 0 || cc_seal_in_pass(seal, j))
                continue;
            if (j->status != KARX_OK) {
                karx_memzero(j->out, j->len); /* open, forged: never plaintext */
                continue;
            }
            cc_a0(j, a1[nc]);
            a1[nc][CC_B - 1] = 1;
            karx_ctr_job *t = &ctr[nc];
            t->alg = (karx_cipher_alg)j->key->alg;
            t->key = j->key->raw;
            t->key_len = j->key->raw_len;
            t->ctr = a1[nc];
            t->in = j->in;
            t->out = j->out;
            t->len = j->len;
            nc++;
        }
        (void)karx_ctr_jobs(ctr, nc);
        karx_memzero(a1, sizeof a1);
    }
}

static size_t cc_weight(const void *p, size_t i)
{
    const karx_ccm_job *j = (const karx_ccm_job *)p + i;
    return j->len + j->aad_len;
}

static karx_status cc_call(karx_pool *pool, karx_ccm_job *jobs, size_t n, int seal)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    karx_i_jobs_pool(pool, jobs, n, cc_weight, cc_run, &seal);
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != KARX_OK)
            return jobs[i].status;
    return KARX_OK;
}

karx_status karx_ccm_seal_jobs(karx_ccm_job *jobs, size_t n) { return cc_call(NULL, jobs, n, 1); }

karx_status karx_ccm_open_jobs(karx_ccm_job *jobs, size_t n) { return cc_call(NULL, jobs, n, 0); }

karx_status karx_ccm_seal_jobs_pool(karx_pool *pool, karx_ccm_job *jobs, size_t n)
{
    return cc_call(pool, jobs, n, 1);
}

karx_status karx_ccm_open_jobs_pool(karx_pool *pool, karx_ccm_job *jobs, size_t n)
{
    return cc_call(pool, jobs, n, 0);
}
