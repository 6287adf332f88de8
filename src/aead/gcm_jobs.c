/* GCM record jobs (karx_gcm_seal_jobs and the others, gcm.h): many records, a key each, in the
 * lanes of one lane kernel (src/lanes/lanes.h).
 *
 * Jobs are checked first; each gets its status, and the valid ones are run by class (cipher and
 * key length: the lanes of one kernel share a round count). A class with a lane kernel runs as
 * a stream of steps: every step encrypts one counter block in each lane; a lane whose job has
 * ended takes the next job of the class, and a step after any refill schedules the lanes' keys
 * anew (all lanes at once: with records of one length every lane refills at the same step).
 * A job's first step encrypts J0, whose output masks the tag; the next ones its counter blocks
 * (inc32, a 32-bit add, so a J0 derived from a secret IV takes no branch). GHASH runs per job
 * on the GHASH kernel of the key's H: AAD, record and length block from one stack buffer when
 * they are short (one aggregated reduction instead of three), over the ciphertext after the
 * record is sealed, or before it is opened (in place, the ciphertext is gone afterwards).
 * Where every lane of a pass is a record that starts there with at most one block of AAD, the
 * AAD goes into the pass as its pre block, and where every one ends there on a whole block, its
 * length block goes in as the post block: a short record's GHASH is then the pass alone (records
 * of one length in the lanes always are; mixed ones take the separate calls).
 * A class without a lane kernel (ARIA) loops over karx_gcm_seal / karx_gcm_open. */
#include <stdint.h>
#include <string.h>

#include "aead/gcm_parts.h"
#include "aead/ghash.h"
#include "common/endian.h"
#include "karx/gcm.h"
#include "karx/pool.h"
#include "lanes/jobs_lanes.h"
#include "lanes/lanes.h"

#define GJ_SHORT 480 /* AAD plus record bytes hashed from one stack buffer */
#define GJ_CLASSES 32

typedef struct {
    karx_gcm_job *job; /* NULL: idle */
    size_t pos;        /* record bytes done */
    uint32_t c[3];     /* J0's first three words, as the cipher reads them (little-endian) */
    uint32_t ctr;      /* the low 32 bits of the next counter block, big-endian value */
    int at_j0;         /* the next block is J0 */
    uint32_t ek0[4];   /* E(J0), as the cipher's words (no byte stores read back as words) */
    uint8_t y[16];     /* GHASH, open only: over AAD and ciphertext, length block included */
    int fused;         /* GHASH runs in the lane kernel's pass (gcm32_xor), its state in ky */
    uint8_t ky[16];
    int has_tail;      /* fused: the partial last ciphertext block, zero-padded, waits in tail */
    uint8_t tail[16];
    int closed;        /* fused: the length block went in with the pass (post), nothing to close */
    uint8_t pre[16];   /* fused: the AAD, zero-padded, when the pass takes it (pre) */
    uint8_t lenblk[16];
} gj_lane;

static const uint8_t gj_zero[16];

/* Records from this length hash in the lane kernel's pass where it can (every non-empty one: at
 * 64 bytes the fused pass matched the one-buffer lane GHASH, measured, and copies nothing). */
#define GJ_FUSE_MIN 1

/* The checks of karx_gcm_seal / karx_gcm_open, and buffers that would corrupt each other. */
karx_status karx_i_gcm_job_check(const karx_gcm_job *j)
{
    karx_status st = karx_i_gcm_check(j->key, j->iv, j->iv_len, j->aad, j->aad_len, j->out, j->in,
                                      j->len, j->tag, j->tag_len);
    if (st != KARX_OK)
        return st;
    if (karx_i_jobs_overlap(j->out, j->in, j->len))
        return KARX_ERR_ARGUMENT;
    if (karx_i_jobs_share(j->tag, j->tag_len, j->out, j->len) ||
        karx_i_jobs_share(j->tag, j->tag_len, j->in, j->len))
        return KARX_ERR_ARGUMENT;
    return KARX_OK;
}

/* The blocks A || 0* || C || 0* || len(A) || len(C) of a short record (aad_len + len <=
 * GJ_SHORT): how many (gj_short_blocks), and written to buf after lead zero blocks up to
 * nblocks in all (gj_short_build), as the lane GHASH kernel runs every lane for one count and
 * lead zero blocks leave a zero GHASH state zero. */
static size_t gj_short_blocks(const karx_gcm_job *j)
{
    return (j->aad_len + 15) / 16 + (j->len + 15) / 16 + 1;
}

static void gj_short_build(uint8_t *buf, size_t nblocks, const karx_gcm_job *j, const uint8_t *c)
{
    size_t a = (j->aad_len + 15) & ~(size_t)15, b = (j->len + 15) & ~(size_t)15;
    size_t lead = 16 * nblocks - (a + b + 16);
    memset(buf, 0, lead + a + b);
    if (j->aad_len != 0)
        memcpy(buf + lead, j->aad, j->aad_len);
    if (j->len != 0)
        memcpy(buf + lead + a, c, j->len);
    karx_store64_be(buf + lead + a + b, (uint64_t)j->aad_len * 8);
    karx_store64_be(buf + lead + a + b + 8, (uint64_t)j->len * 8);
}

/* y = GHASH_H(A || 0* || C || 0* || len(A) || len(C)) from a zero state. */
static void gj_ghash(const karx_gcm_job *j, uint8_t y[16], const uint8_t *c)
{
    const karx_gcm_key *gk = j->key;
    memset(y, 0, 16);
    if (j->aad_len + j->len <= GJ_SHORT) {
        uint8_t buf[GJ_SHORT + 48];
        size_t nb = gj_short_blocks(j);
        gj_short_build(buf, nb, j, c);
        karx_i_ghash_blocks(gk->htab, y, buf, nb);
        karx_memzero(buf, 16 * nb);
        return;
    }
    uint8_t lenblk[16];
    karx_store64_be(lenblk, (uint64_t)j->aad_len * 8);
    karx_store64_be(lenblk + 8, (uint64_t)j->len * 8);
    karx_i_ghash_bytes(gk->htab, y, j->aad, j->aad_len);
    karx_i_ghash_bytes(gk->htab, y, c, j->len);
    karx_i_ghash_blocks(gk->htab, y, lenblk, 1);
}

/* Builds lane l's blocks for a lane-GHASH batch of nb blocks (lead zero blocks first). */
typedef void (*gj_build_fn)(uint8_t *buf, size_t nb, const gj_lane *l, int from_out);

static void gj_build_short(uint8_t *buf, size_t nb, const gj_lane *l, int from_out)
{
    gj_short_build(buf, nb, l->job, from_out ? l->job->out : l->job->in);
}

static void gj_build_aad(uint8_t *buf, size_t nb, const gj_lane *l, int from_out)
{
    (void)from_out;
    const karx_gcm_job *j = l->job;
    size_t a = (j->aad_len + 15) & ~(size_t)15;
    memset(buf, 0, 16 * nb);
    if (j->aad_len != 0)
        memcpy(buf + 16 * nb - a, j->aad, j->aad_len);
}

/* From zero states (y, or ky when ky), GHASH over each masked lane's nb blocks as build lays
 * them out, in one call of the lane GHASH kernel (k->ghash, not NULL). */
static void gj_ghash_batch(gj_lane *lane, uint32_t mask, size_t nb, int ky, gj_build_fn build,
                           int from_out, const karx_i_lanes_kernel *k)
{
    _Alignas(64) uint8_t bufs[KARX_I_LANES_MAX][GJ_SHORT + 48];
    const uint8_t *data[KARX_I_LANES_MAX], *hs[KARX_I_LANES_MAX];
    uint8_t *ys[KARX_I_LANES_MAX];
    for (unsigned i = 0; i < k->lanes; i++) {
        data[i] = bufs[i];
        ys[i] = ky ? lane[i].ky : lane[i].y;
        hs[i] = NULL;
        if (!(mask >> i & 1))
            continue;
        build(bufs[i], nb, &lane[i], from_out);
        hs[i] = (const uint8_t *)(const void *)lane[i].job->key->htab;
        memset(ys[i], 0, 16);
    }
    k->ghash(ys, hs, data, nb, mask);
    for (unsigned i = 0; i < k->lanes; i++)
        if (mask >> i & 1)
            karx_memzero(bufs[i], 16 * nb);
}

/* The short GHASH (over c = in or out) of the lanes in mask, at once in the lane GHASH kernel
 * where there is one and every record is short, else lane by lane. */
static void gj_ghash_lanes(gj_lane *lane, uint32_t mask, int from_out,
                           const karx_i_lanes_kernel *k)
{
    size_t nb = 0;
    int batch = k->ghash != NULL;
    for (unsigned i = 0; i < k->lanes && batch; i++) {
        if (!(mask >> i & 1))
            continue;
        const karx_gcm_job *j = lane[i].job;
        if (j->aad_len + j->len > GJ_SHORT)
            batch = 0;
        size_t b = gj_short_blocks(j);
        nb = b > nb ? b : nb;
    }
    if (batch) {
        gj_ghash_batch(lane, mask, nb, 0, gj_build_short, from_out, k);
        return;
    }
    for (unsigned i = 0; i < k->lanes; i++)
        if (mask >> i & 1)
            gj_ghash(lane[i].job, lane[i].y, from_out ? lane[i].job->out : lane[i].job->in);
}

/* Runs one block a lane (blk[i], 16 bytes) into the GHASH states st[i] of the lanes in mask,
 * in the lane GHASH kernel where there is one, else lane by lane. */
static void gj_ghash_one(gj_lane *lane, uint32_t mask, uint8_t (*blk)[16], int ky,
                         const karx_i_lanes_kernel *k)
{
    const uint8_t *data[KARX_I_LANES_MAX], *hs[KARX_I_LANES_MAX];
    uint8_t *ys[KARX_I_LANES_MAX];
    for (unsigned i = 0; i < k->lanes; i++) {
        data[i] = blk[i];
        ys[i] = ky ? lane[i].ky : lane[i].y;
        hs[i] = mask >> i & 1 ? (const uint8_t *)(const void *)lane[i].job->key->htab : NULL;
        if ((mask >> i & 1) && k->ghash == NULL)
            karx_i_ghash_blocks(lane[i].job->key->htab, ys[i], blk[i], 1);
    }
    if (k->ghash != NULL)
        k->ghash(ys, hs, data, 1, mask);
}

/* The fused lanes in mask begin: ky = GHASH(A || 0*), in lanes when every AAD is short (lead
 * zero blocks align them), else lane by lane. */
static void gj_fused_open(gj_lane *lane, uint32_t mask, const karx_i_lanes_kernel *k)
{
    size_t nb = 0;
    int batch = k->ghash != NULL;
    for (unsigned i = 0; i < k->lanes; i++) {
        if (!(mask >> i & 1))
            continue;
        memset(lane[i].ky, 0, 16);
        size_t b = (lane[i].job->aad_len + 15) / 16;
        batch &= lane[i].job->aad_len <= GJ_SHORT;
        nb = b > nb ? b : nb;
    }
    if (nb == 0)
        return;
    if (batch) {
        gj_ghash_batch(lane, mask, nb, 1, gj_build_aad, 0, k);
        return;
    }
    for (unsigned i = 0; i < k->lanes; i++)
        if (mask >> i & 1)
            karx_i_ghash_bytes(lane[i].job->key->htab, lane[i].ky, lane[i].job->aad,
                               lane[i].job->aad_len);
}

/* The fused lanes in mask end: their partial last blocks, then their length blocks. */
static void gj_fused_close(gj_lane *lane, uint32_t mask, const karx_i_lanes_kernel *k)
{
    uint8_t blk[KARX_I_LANES_MAX][16];
    uint32_t tails = 0;
    for (unsigned i = 0; i < k->lanes; i++)
        if ((mask >> i & 1) && lane[i].has_tail) {
            memcpy(blk[i], lane[i].tail, 16);
            tails |= 1u << i;
        }
    if (tails != 0)
        gj_ghash_one(lane, tails, blk, 1, k);
    for (unsigned i = 0; i < k->lanes; i++)
        if (mask >> i & 1) {
            karx_store64_be(blk[i], (uint64_t)lane[i].job->aad_len * 8);
            karx_store64_be(blk[i] + 8, (uint64_t)lane[i].job->len * 8);
        }
    gj_ghash_one(lane, mask, blk, 1, k);
    karx_memzero(blk, sizeof blk);
}

static void gj_lane_start(gj_lane *l, karx_gcm_job *j, int enc, int can_fuse)
{
    if (j->iv_len == 12) { /* J0 = IV || 0^31 || 1, read straight from the IV */
        for (int i = 0; i < 3; i++)
            l->c[i] = karx_load32_le(j->iv + 4 * i);
        l->ctr = 1;
    } else {
        uint8_t j0[16];
        (void)karx_i_gcm_j0(j->key, j0, j->iv, j->iv_len); /* checked: cannot fail */
        for (int i = 0; i < 3; i++)
            l->c[i] = karx_load32_le(j0 + 4 * i);
        l->ctr = (uint32_t)karx_load64_be(j0 + 8);
        karx_memzero(j0, sizeof j0);
    }
    l->job = j;
    l->pos = 0;
    l->at_j0 = 1;
    l->fused = can_fuse && j->len >= GJ_FUSE_MIN;
    /* the caller hashes: the AAD of a fused lane, the ciphertext of an open one before out is
     * written (in may be out) */
    (void)enc;
}

/* The record is done: seal writes the tag, open checks it (zero-filling out on a mismatch). */
static void gj_lane_finish(gj_lane *l, int enc)
{
    karx_gcm_job *j = l->job;
    if (l->fused) /* the tail and length blocks went in (gj_fused_close) */
        memcpy(l->y, l->ky, 16);
    /* else l->y holds the short GHASH (gj_ghash_lanes) */
    uint8_t full[16];
    for (unsigned w = 0; w < 4; w++)
        karx_store32_le(full + 4 * w, karx_load32_le(l->y + 4 * w) ^ l->ek0[w]);
    if (enc) {
        memcpy(j->tag, full, j->tag_len);
    } else if (karx_memcmp_ct(full, j->tag, j->tag_len) != 0) {
        if (j->len != 0)
            karx_memzero(j->out, j->len);
        j->status = KARX_ERR_AUTHENTICATION;
    }
    karx_memzero(full, sizeof full);
    karx_memzero(l, sizeof *l);
}

/* XORs the first n < 16 bytes of lane i's keystream block (words w[i], w[L + i], ...) into
 * the record's tail. */
static void gj_lane_tail(gj_lane *l, const uint32_t *w, unsigned i, unsigned L, int enc)
{
    karx_gcm_job *j = l->job;
    size_t n = j->len - l->pos;
    uint8_t ks[16], cblk[16] = {0};
    for (unsigned k = 0; k < 4; k++)
        karx_store32_le(ks + 4 * k, w[k * L + i]);
    if (!enc)
        memcpy(cblk, j->in + l->pos, n); /* before the XOR: in may be out */
    for (size_t b = 0; b < n; b++)
        j->out[l->pos + b] = (uint8_t)(j->in[l->pos + b] ^ ks[b]);
    if (enc)
        memcpy(cblk, j->out + l->pos, n);
    if (l->fused) {
        memcpy(l->tail, cblk, 16);
        l->has_tail = 1;
    }
    karx_memzero(ks, sizeof ks);
    karx_memzero(cblk, sizeof cblk);
    l->pos = j->len;
}

static int gj_in_class(const karx_gcm_job *j, uint32_t alg, uint32_t klen)
{
    return j->status == KARX_OK && j->key->alg == alg && j->key->raw_len == klen;
}

/* Records longer than this run one at a time (the one-record call's kernel fills its lanes from
 * one record): 16 long records in lockstep are 32 streams at one page offset when the buffers
 * are page-aligned, and they evict each other from L1 (measured 3x slower at 16 KiB). */
#define GJ_LANE_MAX 4096

/* Asks for the lines a job a few lanes-worth ahead will touch (its key's first two lines: the
 * key as given and H^1..H^4; its IV, AAD and record): with tens of thousands of sessions they
 * come from DRAM, and a lane refill would otherwise wait for each in turn. A hint only. */
#if defined(__GNUC__)
#define GJ_PREFETCH(p) __builtin_prefetch(p)
#else
#define GJ_PREFETCH(p) ((void)(p))
#endif
#define GJ_AHEAD 24 /* jobs */

static void gj_prefetch(const karx_gcm_job *j)
{
    GJ_PREFETCH(j->key);
    GJ_PREFETCH((const uint8_t *)(const void *)j->key + 64);
    GJ_PREFETCH(j->iv);
    GJ_PREFETCH(j->aad);
    GJ_PREFETCH(j->in);
}

static int gj_lane_job(const karx_gcm_job *j, uint32_t alg, uint32_t klen)
{
    return gj_in_class(j, alg, klen) && j->len <= GJ_LANE_MAX;
}

/* Runs the jobs of one class (alg, key length) from index first on, through lane kernel k.
 * A round: refill idle lanes (and reschedule), encrypt the new jobs' J0, run counter mode over
 * as many whole blocks as every live lane has, then the partial last blocks, then finish the
 * lanes whose record is done. With one record length for all, a round is one group of jobs. */
static void gj_run_class(karx_gcm_job *jobs, size_t n, size_t first, int enc,
                         const karx_i_lanes_kernel *k, uint32_t alg, uint32_t klen)
{
    _Alignas(KARX_I_LANES_CTX_ALIGN) unsigned char ctx[KARX_I_LANES_CTX_BYTES];
    _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX];
    _Alignas(64) uint32_t c[4 * KARX_I_LANES_MAX];
    gj_lane lane[KARX_I_LANES_MAX];
    const uint8_t *keys[KARX_I_LANES_MAX];
    uint8_t *outs[KARX_I_LANES_MAX], *ys[KARX_I_LANES_MAX];
    const uint8_t *ins[KARX_I_LANES_MAX], *hs[KARX_I_LANES_MAX];
    const unsigned L = k->lanes;
    memset(lane, 0, sizeof lane);
    memset(w, 0, sizeof w);
    memset(c, 0, sizeof c);
    size_t next = first;
    uint32_t live = 0;
    for (;;) {
        uint32_t fresh = 0;
        for (unsigned i = 0; i < L && next < n; i++) {
            if (live >> i & 1)
                continue;
            while (next < n && !gj_lane_job(&jobs[next], alg, klen))
                next++;
            if (next == n)
                break;
            if (next + GJ_AHEAD < n)
                gj_prefetch(&jobs[next + GJ_AHEAD]);
            gj_lane_start(&lane[i], &jobs[next++], enc, k->gcm32_xor != NULL);
            fresh |= 1u << i;
        }
        live |= fresh;
        if (live == 0)
            break;
        uint32_t opening = 0; /* fresh fused lanes: their AAD goes in before the pass */
        if (fresh != 0) {
            uint32_t m = 0;
            for (unsigned i = 0; i < L; i++)
                if (fresh >> i & 1) {
                    if (lane[i].fused)
                        opening |= 1u << i;
                    else
                        m |= 1u << i;
                }
            if (m != 0 && !enc) /* open: hash the new records before they are decrypted */
                gj_ghash_lanes(lane, m, 0, k);
        }
        if (fresh != 0) {
            const uint8_t *any = NULL;
            for (unsigned i = 0; i < L && any == NULL; i++)
                if (live >> i & 1)
                    any = lane[i].job->key->raw;
            for (unsigned i = 0; i < L; i++)
                keys[i] = live >> i & 1 ? lane[i].job->key->raw : any;
            k->schedule(ctx, keys, klen);
            /* E(J0) for the new jobs; their counters then start at J0 + 1 */
            for (unsigned i = 0; i < L; i++) {
                if (!(fresh >> i & 1))
                    continue;
                w[i] = lane[i].c[0];
                w[L + i] = lane[i].c[1];
                w[2 * L + i] = lane[i].c[2];
                w[3 * L + i] = karx_i_lanes_bswap32(lane[i].ctr++);
            }
            k->encrypt(ctx, w);
            for (unsigned i = 0; i < L; i++)
                if (fresh >> i & 1)
                    for (unsigned b = 0; b < 4; b++)
                        lane[i].ek0[b] = w[b * L + i];
        }
        /* whole blocks: as many as every live lane has */
        size_t steps = SIZE_MAX;
        for (unsigned i = 0; i < L; i++) {
            if (!(live >> i & 1))
                continue;
            size_t s = (lane[i].job->len - lane[i].pos) / 16;
            steps = s < steps ? s : steps;
        }
        uint32_t fused = 0, ending = 0, short_aad = 0;
        for (unsigned i = 0; i < L; i++)
            if ((live >> i & 1) && lane[i].fused) {
                fused |= 1u << i;
                ending |= (uint32_t)(lane[i].job->len - lane[i].pos == 16 * steps) << i;
                short_aad |= (uint32_t)(lane[i].job->aad_len <= 16) << i;
            }
        /* the AAD as the pass's pre block when every fused lane starts here with one block at
         * most, else now on its own; the length block as its post block when every fused lane
         * ends here on a whole block, else at the close */
        int use_pre = steps > 0 && opening != 0 && opening == fused && short_aad == fused;
        int use_post = steps > 0 && fused != 0 && ending == fused;
        if (opening != 0 && !use_pre)
            gj_fused_open(lane, opening, k);
        if (steps > 0) {
            const uint8_t *pres[KARX_I_LANES_MAX], *posts[KARX_I_LANES_MAX];
            for (unsigned i = 0; i < L && (use_pre || use_post); i++) {
                gj_lane *l = &lane[i];
                pres[i] = gj_zero; /* lanes not fused: their ky is scratch */
                posts[i] = gj_zero;
                if ((fused >> i & 1) && use_pre) {
                    memset(l->ky, 0, 16);
                    memset(l->pre, 0, 16);
                    if (l->job->aad_len != 0)
                        memcpy(l->pre, l->job->aad, l->job->aad_len);
                    pres[i] = l->pre;
                }
                if ((fused >> i & 1) && use_post) {
                    karx_store64_be(l->lenblk, (uint64_t)l->job->aad_len * 8);
                    karx_store64_be(l->lenblk + 8, (uint64_t)l->job->len * 8);
                    posts[i] = l->lenblk;
                    l->closed = 1;
                }
            }
            for (unsigned i = 0; i < L; i++) {
                gj_lane *l = &lane[i];
                ys[i] = l->ky;
                hs[i] = (const uint8_t *)(const void *)(l->job != NULL ? l->job->key->htab : NULL);
                if (live >> i & 1) {
                    c[i] = l->c[0];
                    c[L + i] = l->c[1];
                    c[2 * L + i] = l->c[2];
                    c[3 * L + i] = l->ctr;
                    outs[i] = l->job->out + l->pos;
                    ins[i] = l->job->in + l->pos;
                    l->pos += 16 * steps;
                    l->ctr += (uint32_t)steps;
                } else {
                    outs[i] = NULL;
                    ins[i] = NULL;
                }
            }
            if (fused != 0) /* the other live lanes' ky is scratch */
                k->gcm32_xor(ctx, c, outs, ins, 0, steps, live, enc, ys, hs,
                             use_pre ? pres : NULL, use_post ? posts : NULL);
            else
                k->ctr32_xor(ctx, c, outs, ins, 0, steps, live);
        }
        /* partial last blocks: one more counter block for the lanes that end inside one */
        uint32_t tail = 0;
        for (unsigned i = 0; i < L; i++) {
            gj_lane *l = &lane[i];
            if (!(live >> i & 1))
                continue;
            size_t rem = l->job->len - l->pos;
            if (rem != 0 && rem < 16) {
                tail |= 1u << i;
                w[i] = l->c[0];
                w[L + i] = l->c[1];
                w[2 * L + i] = l->c[2];
                w[3 * L + i] = karx_i_lanes_bswap32(l->ctr++);
            }
        }
        if (tail != 0) {
            k->encrypt(ctx, w);
            for (unsigned i = 0; i < L; i++)
                if (tail >> i & 1)
                    gj_lane_tail(&lane[i], w, i, L, enc);
        }
        uint32_t done = 0, hash = 0, close = 0;
        for (unsigned i = 0; i < L; i++) {
            if ((live >> i & 1) && lane[i].pos == lane[i].job->len) {
                done |= 1u << i;
                if (lane[i].fused) /* hashed in the passes; closed there too, or now */
                    close |= (uint32_t)!lane[i].closed << i;
                else if (enc)
                    hash |= 1u << i;
            }
        }
        if (hash != 0) /* seal: hash the finished ciphertexts */
            gj_ghash_lanes(lane, hash, 1, k);
        if (close != 0)
            gj_fused_close(lane, close, k);
        for (unsigned i = 0; i < L; i++)
            if (done >> i & 1)
                gj_lane_finish(&lane[i], enc);
        live &= ~done;
    }
    karx_i_lanes_wipe(ctx);
    karx_memzero(w, sizeof w);
    karx_memzero(c, sizeof c);
    karx_memzero(lane, sizeof lane);
}

/* One class without a lane kernel, or its long records (long_only): the one-record calls. */
static void gj_run_loop(karx_gcm_job *jobs, size_t n, size_t first, int enc, uint32_t alg,
                        uint32_t klen, int long_only)
{
    for (size_t i = first; i < n; i++) {
        karx_gcm_job *j = &jobs[i];
        if (!gj_in_class(j, alg, klen) || (long_only && j->len <= GJ_LANE_MAX))
            continue;
        j->status = enc ? karx_gcm_seal(j->key, j->iv, j->iv_len, j->out, j->tag, j->tag_len,
                                        j->in, j->len, j->aad, j->aad_len)
                        : karx_gcm_open(j->key, j->iv, j->iv_len, j->out, j->tag, j->tag_len,
                                        j->in, j->len, j->aad, j->aad_len);
    }
}

static karx_status gj_first_failure(const karx_gcm_job *jobs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (jobs[i].status != KARX_OK)
            return jobs[i].status;
    return KARX_OK;
}

/* Every job of jobs[0 .. n) on this thread; statuses set, nothing returned. */
static void gj_run(karx_gcm_job *jobs, size_t n, int enc)
{
    struct {
        uint32_t alg, klen;
        size_t first, nlong; /* first job; jobs over GJ_LANE_MAX */
    } cls[GJ_CLASSES];
    size_t ncls = 0;
    for (size_t i = 0; i < n; i++) {
        karx_gcm_job *j = &jobs[i];
        j->status = karx_i_gcm_job_check(j);
        if (j->status != KARX_OK)
            continue;
        size_t c = 0;
        while (c < ncls && !(cls[c].alg == j->key->alg && cls[c].klen == j->key->raw_len))
            c++;
        if (c == GJ_CLASSES) { /* cannot happen (8 classes exist); kept correct anyway */
            gj_run_loop(jobs, i + 1, i, enc, j->key->alg, j->key->raw_len, 0);
            continue;
        }
        if (c == ncls) {
            cls[c].alg = j->key->alg;
            cls[c].klen = j->key->raw_len;
            cls[c].first = i;
            cls[c].nlong = 0;
            ncls++;
        }
        cls[c].nlong += j->len > GJ_LANE_MAX;
    }
    for (size_t c = 0; c < ncls; c++) {
        const karx_i_lanes_kernel *k = karx_i_lanes_for((karx_cipher_alg)cls[c].alg);
        if (k != NULL)
            gj_run_class(jobs, n, cls[c].first, enc, k, cls[c].alg, cls[c].klen);
        if (k == NULL || cls[c].nlong != 0)
            gj_run_loop(jobs, n, cls[c].first, enc, cls[c].alg, cls[c].klen, k != NULL);
    }
}

static karx_status gj_call(karx_gcm_job *jobs, size_t n, int enc)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    gj_run(jobs, n, enc);
    return gj_first_failure(jobs, n);
}

karx_status karx_gcm_seal_jobs(karx_gcm_job *jobs, size_t n) { return gj_call(jobs, n, 1); }

karx_status karx_gcm_open_jobs(karx_gcm_job *jobs, size_t n) { return gj_call(jobs, n, 0); }

/* ---- on a pool: slices of jobs, each a whole number of 16-lane groups ---- */
#define GJ_SLICE_MIN 64

typedef struct {
    karx_gcm_job *jobs;
    size_t n, slice;
    int enc;
} gj_pool_arg;

static void gj_pool_task(void *arg, size_t i)
{
    gj_pool_arg *a = arg;
    size_t off = i * a->slice;
    size_t cnt = a->n - off < a->slice ? a->n - off : a->slice;
    gj_run(a->jobs + off, cnt, a->enc);
}

static karx_status gj_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n, int enc)
{
    if (n == 0)
        return KARX_OK;
    if (jobs == NULL)
        return KARX_ERR_ARGUMENT;
    unsigned threads = pool != NULL ? karx_pool_threads(pool) : 1;
    if (threads <= 1 || n < 2 * GJ_SLICE_MIN) {
        gj_run(jobs, n, enc);
        return gj_first_failure(jobs, n);
    }
    /* a few slices a thread, so that one thread's slow slice does not hold the others */
    size_t slice = (n + 4 * (size_t)threads - 1) / (4 * (size_t)threads);
    slice = (slice + 15) & ~(size_t)15;
    if (slice < GJ_SLICE_MIN)
        slice = GJ_SLICE_MIN;
    gj_pool_arg a = {jobs, n, slice, enc};
    karx_status st = karx_pool_run(pool, (n + slice - 1) / slice, gj_pool_task, &a);
    return st != KARX_OK ? st : gj_first_failure(jobs, n);
}

karx_status karx_gcm_seal_jobs_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n)
{
    return gj_pool(pool, jobs, n, 1);
}

karx_status karx_gcm_open_jobs_pool(karx_pool *pool, karx_gcm_job *jobs, size_t n)
{
    return gj_pool(pool, jobs, n, 0);
}
