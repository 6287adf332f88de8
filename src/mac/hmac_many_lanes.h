/* HMAC-LSH of many messages on the LSH multi-buffer kernel (compress_lanes, lsh_internal.h):
 * a "many from a chaining state" scheduler, included by hmac_many.c once per word width with
 *   HM_W (uint32_t / uint64_t), HM_BLOCK (bytes), HM_KERNELS (table type), HM_STORE (a
 *   little-endian word store) and HM_FN(name) (a name with the width in it) defined.
 * Each lane runs one message's whole job: the inner hash from the K^ipad chaining value, then,
 * in the same lane, the one-block outer hash of the inner digest from the K^opad chaining
 * value; a lane whose job ends takes the next message at once, so unequal lengths keep the
 * lanes busy and no inner digests wait in memory. (LSH has no length field: a keyed state is a
 * bare chaining value, and the final block is the tail padded 10*.) */

/* One job's place: what is left of the message, and which hash the lane is in. */
typedef struct {
    const uint8_t *pos;
    size_t left; /* message bytes not yet compressed */
    size_t msg;
    int outer;   /* 0: inner hash; 1: the outer block (in pad) is next */
} HM_FN(job);

/* The digest of chaining value word w0.. of a state laid out with stride words apart. */
static void HM_FN(digest)(const HM_W *cv, size_t stride, uint8_t *out, size_t d)
{
    uint8_t full[64];
    for (size_t w = 0; w < 8; w++)
        HM_STORE(full + w * sizeof(HM_W), cv[w * stride] ^ cv[(w + 8) * stride]);
    memcpy(out, full, d);
    karx_memzero(full, sizeof full);
}

/* The 10* padded final block of a tail of n < HM_BLOCK bytes. */
static void HM_FN(pad)(uint8_t *blk, const uint8_t *tail, size_t n)
{
    if (n != 0)
        memcpy(blk, tail, n);
    blk[n] = 0x80;
    memset(blk + n + 1, 0, HM_BLOCK - n - 1);
}

/* The rest of a job on one chaining value (cv, laid out contiguously) with the serial kernel. */
static void HM_FN(serial)(const HM_KERNELS *k, const hm_keys *hk, HM_W cv[16], HM_FN(job) *j,
                          uint8_t *pad)
{
    if (!j->outer) {
        size_t full = j->left / HM_BLOCK;
        const uint8_t *tail = j->pos; /* (NULL for an empty message: no arithmetic on it) */
        if (full != 0) {
            k->compress(cv, j->pos, full);
            tail += full * HM_BLOCK;
        }
        HM_FN(pad)(pad, tail, j->left - full * HM_BLOCK);
        k->compress(cv, pad, 1);
        uint8_t ih[64];
        HM_FN(digest)(cv, 1, ih, hk->d);
        HM_FN(pad)(pad, ih, hk->d);
        karx_memzero(ih, sizeof ih);
        memcpy(cv, hk->cv_out, 16 * sizeof(HM_W));
    }
    k->compress(cv, pad, 1);
    HM_FN(digest)(cv, 1, hk->tags + j->msg * hk->tag_len, hk->d);
}

/* Fresh job for message i. */
static void HM_FN(start)(const hm_keys *hk, HM_FN(job) *j, size_t i)
{
    j->pos = hk->msgs[i];
    j->left = hk->lens[i];
    j->msg = i;
    j->outer = 0;
}

static void HM_FN(run)(const HM_KERNELS *k, const hm_keys *hk)
{
    enum { L = KARX_LSH_MAX_LANES };
    static const uint8_t idle[HM_BLOCK];
    _Alignas(64) HM_W state[16 * L];
    _Alignas(64) uint8_t pad[L][HM_BLOCK];
    HM_W cv[16];
    const HM_W *cv_in = (const HM_W *)hk->cv_in, *cv_out = (const HM_W *)hk->cv_out;
    const unsigned lanes = k->compress_lanes == NULL ? 1 : k->lanes < L ? k->lanes : L;
    HM_FN(job) jobs[L];
    unsigned char busy[L], last[L];
    const uint8_t *blk[L];
    size_t next = 0, active = 0;

    if (lanes <= 1) { /* no lanes: one message after the other */
        for (; next < hk->n; next++) {
            memcpy(cv, cv_in, sizeof cv);
            HM_FN(start)(hk, &jobs[0], next);
            HM_FN(serial)(k, hk, cv, &jobs[0], pad[0]);
        }
        karx_memzero(cv, sizeof cv);
        karx_memzero(pad[0], sizeof pad[0]);
        return;
    }
    /* cleared whole first: gcc 12 for AArch64 vectorises a per-lane store of the flag into a
     * 16-byte write it then calls an overflow (-Werror=stringop-overflow) */
    memset(busy, 0, sizeof busy);
    memset(last, 0, sizeof last);
    for (unsigned l = 0; l < lanes; l++) {
        if (next < hk->n) {
            busy[l] = 1;
            HM_FN(start)(hk, &jobs[l], next++);
            for (int w = 0; w < 16; w++)
                state[w * lanes + l] = cv_in[w];
            active++;
        }
    }
    /* Lanes run while enough are busy; the last few jobs, with nothing left to start, finish on
     * the serial kernel, which beats a batch that is mostly idle. */
    while (active != 0 && (next < hk->n || 4 * active > lanes)) {
        for (unsigned l = 0; l < lanes; l++) {
            HM_FN(job) *j = &jobs[l];
            last[l] = 0;
            if (!busy[l]) {
                blk[l] = idle;
            } else {
                KARX_I_HMAC_LANE_BLOCK(j, blk[l], pad[l], last[l], HM_BLOCK, HM_FN(pad));
            }
        }
        k->compress_lanes(state, blk);
        for (unsigned l = 0; l < lanes; l++) {
            HM_FN(job) *j = &jobs[l];
            if (!last[l])
                continue;
            if (!j->outer) { /* inner digest: the outer block, and the K^opad state */
                uint8_t ih[64];
                HM_FN(digest)(state + l, lanes, ih, hk->d);
                HM_FN(pad)(pad[l], ih, hk->d);
                karx_memzero(ih, sizeof ih);
                for (int w = 0; w < 16; w++)
                    state[w * lanes + l] = cv_out[w];
                j->outer = 1;
                continue;
            }
            HM_FN(digest)(state + l, lanes, hk->tags + j->msg * hk->tag_len, hk->d);
            if (next < hk->n) {
                HM_FN(start)(hk, j, next++);
                for (int w = 0; w < 16; w++)
                    state[w * lanes + l] = cv_in[w];
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
        HM_FN(serial)(k, hk, cv, &jobs[l], pad[l]);
    }
    karx_memzero(state, sizeof state);
    karx_memzero(pad, sizeof pad);
    karx_memzero(cv, sizeof cv);
}
