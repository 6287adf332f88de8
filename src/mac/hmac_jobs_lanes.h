/* HMAC-LSH record jobs on the LSH multi-buffer kernel (compress_lanes, lsh_internal.h): each
 * lane runs one job under that job's own key. Included by hmac_jobs.c once per word width with
 *   HJ_W (uint32_t / uint64_t), HJ_BLOCK (bytes), HJ_KERNELS (table type), HJ_STORE (a
 *   little-endian word store), HJ_CV(ctx) (the chaining value of a karx_lsh_ctx of this width)
 *   and HJ_FN(name) (a name with the width in it) defined.
 * As in hmac_many_lanes.h (one key for all messages), a lane runs the inner hash from the job's
 * K^ipad chaining value and then, in the same lane, the one-block outer hash from its K^opad
 * chaining value; a lane whose job ends takes the next job of this width at once. The difference
 * is that the keyed chaining values are per lane: a job's start loads its K^ipad value into the
 * lane's column of the state and keeps its K^opad value beside the lane. A job with its key as
 * given (ctx NULL, a key no longer than a block) is keyed in its lane: two more steps, K0^opad
 * and then K0^ipad from the IV, before its message. HJ_IV(cv, d) writes the IV of the variant
 * with d digest bytes. */

typedef struct {
    const uint8_t *pos;
    size_t left;  /* message bytes not yet compressed */
    size_t job;   /* index in the batch */
    size_t d;     /* digest bytes */
    int outer;    /* 0: inner hash; 1: the outer block (in pad) is next */
    int keying;   /* 2: the K0^opad block is next, 1: the K0^ipad block, 0: keyed */
    HJ_W kout[16]; /* the K^opad chaining value */
} HJ_FN(lane);

static void HJ_FN(digest)(const HJ_W *cv, size_t stride, uint8_t *out)
{
    for (size_t w = 0; w < 8; w++)
        HJ_STORE(out + w * sizeof(HJ_W), cv[w * stride] ^ cv[(w + 8) * stride]);
}

static void HJ_FN(pad)(uint8_t *blk, const uint8_t *tail, size_t n)
{
    if (n != 0)
        memcpy(blk, tail, n);
    blk[n] = 0x80;
    memset(blk + n + 1, 0, HJ_BLOCK - n - 1);
}

/* Loads job i into lane j: the K^ipad value into kin (16 words), the K^opad value into j. */
static void HJ_FN(start)(karx_hmac_lsh_job *jobs, size_t i, HJ_FN(lane) *j, HJ_W kin[16])
{
    const karx_hmac_lsh_job *job = &jobs[i];
    j->pos = job->msg;
    j->left = job->len;
    j->job = i;
    j->outer = 0;
    j->keying = 0;
    if (job->ctx == NULL && job->key_len <= HJ_BLOCK) { /* keyed in the lane, from the IV */
        j->d = karx_lsh_digest_bytes(job->alg);
        j->keying = 2;
        HJ_IV(kin, j->d);
        return;
    }
    if (job->ctx != NULL) {
        j->d = karx_lsh_digest_bytes((karx_lsh_alg)job->ctx->alg);
        memcpy(kin, HJ_CV(job->ctx->inner), 16 * sizeof(HJ_W));
        memcpy(j->kout, HJ_CV(job->ctx->outer), 16 * sizeof(HJ_W));
        return;
    }
    karx_hmac_lsh_ctx c; /* the key as given: keyed here, once for this job */
    (void)karx_hmac_lsh_init(&c, job->alg, job->key, job->key_len);
    j->d = karx_lsh_digest_bytes(job->alg);
    memcpy(kin, HJ_CV(c.inner), 16 * sizeof(HJ_W));
    memcpy(j->kout, HJ_CV(c.outer), 16 * sizeof(HJ_W));
    karx_hmac_lsh_ctx_wipe(&c);
}

/* The key block K0 ^ x (x = ipad or opad) of a job's key as given (at most a block). */
static void HJ_FN(keyblk)(uint8_t *blk, const karx_hmac_lsh_job *job, uint8_t x)
{
    const uint8_t *key = (const uint8_t *)job->key;
    for (size_t b = 0; b < job->key_len; b++)
        blk[b] = (uint8_t)(key[b] ^ x);
    memset(blk + job->key_len, x, HJ_BLOCK - job->key_len);
}

/* After a keying step of lane j: the K^opad value kept and the IV back in the state (cv, with
 * stride words apart), or the K^ipad value now in the state. */
static void HJ_FN(keyed)(HJ_FN(lane) *j, HJ_W *cv, size_t stride)
{
    if (j->keying == 2) {
        HJ_W iv[16];
        HJ_IV(iv, j->d);
        for (size_t w = 0; w < 16; w++) {
            j->kout[w] = cv[w * stride];
            cv[w * stride] = iv[w];
        }
    }
    j->keying--;
}

/* The rest of lane j's job on a contiguous chaining value with the serial kernel. */
static void HJ_FN(serial)(const HJ_KERNELS *k, karx_hmac_lsh_job *jobs, int verify, HJ_W cv[16],
                          HJ_FN(lane) *j, uint8_t *pad)
{
    uint8_t full[64];
    while (j->keying != 0) {
        HJ_FN(keyblk)(pad, &jobs[j->job], j->keying == 2 ? 0x5c : 0x36);
        k->compress(cv, pad, 1);
        HJ_FN(keyed)(j, cv, 1);
    }
    if (!j->outer) {
        size_t whole = j->left / HJ_BLOCK;
        const uint8_t *tail = j->pos;
        if (whole != 0) {
            k->compress(cv, j->pos, whole);
            tail += whole * HJ_BLOCK;
        }
        HJ_FN(pad)(pad, tail, j->left - whole * HJ_BLOCK);
        k->compress(cv, pad, 1);
        HJ_FN(digest)(cv, 1, full);
        HJ_FN(pad)(pad, full, j->d);
        memcpy(cv, j->kout, 16 * sizeof(HJ_W));
    }
    k->compress(cv, pad, 1);
    HJ_FN(digest)(cv, 1, full);
    hj_finish(&jobs[j->job], full, j->d, verify);
    karx_memzero(full, sizeof full);
}

/* Moves *next to the next job of this width that passed the checks (n when none); 1 if any. */
static int HJ_FN(more)(const karx_hmac_lsh_job *jobs, size_t n, size_t *next)
{
    while (*next < n && !(jobs[*next].status == KARX_OK && hj_wide(&jobs[*next]) == HJ_WIDE))
        (*next)++;
    return *next < n;
}

/* That job, taken; n when none is left. */
static size_t HJ_FN(next)(const karx_hmac_lsh_job *jobs, size_t n, size_t *next)
{
    return HJ_FN(more)(jobs, n, next) ? (*next)++ : n;
}

static void HJ_FN(run)(const HJ_KERNELS *k, karx_hmac_lsh_job *jobs, size_t n, int verify)
{
    enum { L = KARX_LSH_MAX_LANES };
    static const uint8_t idle[HJ_BLOCK];
    _Alignas(64) HJ_W state[16 * L];
    _Alignas(64) uint8_t pad[L][HJ_BLOCK];
    HJ_W cv[16];
    const unsigned lanes = k->compress_lanes == NULL ? 1 : k->lanes < L ? k->lanes : L;
    HJ_FN(lane) lj[L];
    unsigned char busy[L], last[L];
    const uint8_t *blk[L];
    size_t next = 0, active = 0;

    if (lanes <= 1) {
        for (size_t i; (i = HJ_FN(next)(jobs, n, &next)) < n;) {
            HJ_FN(start)(jobs, i, &lj[0], cv);
            HJ_FN(serial)(k, jobs, verify, cv, &lj[0], pad[0]);
        }
        karx_memzero(cv, sizeof cv);
        karx_memzero(pad[0], sizeof pad[0]);
        karx_memzero(lj, sizeof lj[0]);
        return;
    }
    memset(busy, 0, sizeof busy);
    memset(last, 0, sizeof last);
    for (unsigned l = 0; l < lanes; l++) {
        size_t i = HJ_FN(next)(jobs, n, &next);
        if (i == n)
            break;
        busy[l] = 1;
        HJ_FN(start)(jobs, i, &lj[l], cv);
        for (int w = 0; w < 16; w++)
            state[w * lanes + l] = cv[w];
        active++;
    }
    /* lanes run while enough are busy; the last few jobs finish on the serial kernel */
    int more = HJ_FN(more)(jobs, n, &next);
    while (active != 0 && (more || 4 * active > lanes)) {
        for (unsigned l = 0; l < lanes; l++) {
            HJ_FN(lane) *j = &lj[l];
            last[l] = 0;
            if (!busy[l]) {
                blk[l] = idle;
            } else if (j->keying != 0) {
                HJ_FN(keyblk)(pad[l], &jobs[j->job], j->keying == 2 ? 0x5c : 0x36);
                blk[l] = pad[l];
                last[l] = 2; /* a keying step */
            } else {
                KARX_I_HMAC_LANE_BLOCK(j, blk[l], pad[l], last[l], HJ_BLOCK, HJ_FN(pad));
            }
        }
        k->compress_lanes(state, blk);
        for (unsigned l = 0; l < lanes; l++) {
            HJ_FN(lane) *j = &lj[l];
            if (last[l] == 2) {
                HJ_FN(keyed)(j, state + l, lanes);
                continue;
            }
            if (!last[l])
                continue;
            uint8_t full[64];
            HJ_FN(digest)(state + l, lanes, full);
            if (!j->outer) { /* inner digest: the outer block, and the K^opad state */
                HJ_FN(pad)(pad[l], full, j->d);
                karx_memzero(full, sizeof full);
                for (int w = 0; w < 16; w++)
                    state[w * lanes + l] = j->kout[w];
                j->outer = 1;
                continue;
            }
            hj_finish(&jobs[j->job], full, j->d, verify);
            karx_memzero(full, sizeof full);
            size_t i = HJ_FN(next)(jobs, n, &next);
            more = HJ_FN(more)(jobs, n, &next);
            if (i < n) {
                HJ_FN(start)(jobs, i, j, cv);
                for (int w = 0; w < 16; w++)
                    state[w * lanes + l] = cv[w];
            } else {
                busy[l] = 0;
                active--;
            }
        }
    }
    for (unsigned l = 0; l < lanes; l++) {
        if (!busy[l])
            continue;
        for (int w = 0; w < 16; w++)
            cv[w] = state[w * lanes + l];
        HJ_FN(serial)(k, jobs, verify, cv, &lj[l], pad[l]);
    }
    karx_memzero(state, sizeof state);
    karx_memzero(pad, sizeof pad);
    karx_memzero(cv, sizeof cv);
    karx_memzero(lj, sizeof lj);
}
