/* The LSH front end (buffering, padding, bit-length input, finalisation, many-message lane
 * scheduler), written once as static functions (front_*) and included by lsh256.c and lsh512.c,
 * which define the public functions on top of them, with these defined:
 *   LSH_WORD (uint32_t / uint64_t), LSH_BLOCK (bytes), LSH_CTX, LSH_KERNELS (table type),
 *   LSH_IV(bytes) (the IV for a digest length, or NULL), LSH_STORE_WORD(p, w).
 * Every call that hashes takes the kernel table to run, so the same code serves the active
 * back end and the per-kernel self-test. */
#include <string.h>

#include "karx/lsh.h"

#define LSH_ACTIVE 0x4c   /* accepting updates */
#define LSH_BITS_DONE 0x42 /* a partial byte was given: only final is allowed */

/* Zeroes n bytes the compiler must not drop as dead stores. Inline, so a constant n becomes a
 * few vector stores: karx_memzero's call through a volatile pointer cost about as much as a
 * 64-byte message's padding and finalisation together. The empty asm that may read *p keeps the
 * stores, as in karx_memzero. */
static inline void front_zero(void *p, size_t n);

static inline void front_wipe(void *p, size_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    front_zero(p, n & ~(size_t)15);
    memset((uint8_t *)p + (n & ~(size_t)15), 0, n & 15); /* < 16 bytes: inline stores */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    karx_memzero(p, n);
#endif
}

/* Zeroes n bytes (a multiple of 16) as 16-byte stores: a memset of
 * more than 64 bytes becomes `rep stosq` with gcc, whose start-up alone costs about a tenth of
 * hashing a 64-byte message. The empty asm in the loop keeps it from being turned back into
 * a memset. */
static inline void front_zero(void *p, size_t n)
{
    static const uint8_t zero16[16];
    for (size_t i = 0; i < n; i += 16) {
        memcpy((uint8_t *)p + i, zero16, 16);
#if defined(__GNUC__) || defined(__clang__)
        __asm__("" : : : "memory");
#endif
    }
}

/* The digest, cv[l] ^ cv[l + 8] as little-endian bytes, written straight into out. */
static void front_digest_from_cv(const LSH_WORD cv[16], uint8_t *out, size_t digest_bytes)
{
    const size_t wb = sizeof(LSH_WORD), full = digest_bytes / wb;
    for (size_t l = 0; l < full; l++)
        LSH_STORE_WORD(out + l * wb, cv[l] ^ cv[l + 8]);
    if (digest_bytes % wb) { /* LSH-512-224 ends mid-word */
        uint8_t last[sizeof(LSH_WORD)];
        LSH_STORE_WORD(last, cv[full] ^ cv[full + 8]);
        memcpy(out + full * wb, last, digest_bytes % wb);
        front_wipe(last, sizeof last);
    }
}

/* Copies a message tail (< one block) in 16-byte pieces: for these short, variable sizes gcc
 * otherwise emits `rep movsq`, whose start-up cost rivals hashing the block. */
static inline void front_copy_tail(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        memcpy(dst + i, src + i, 16);
    if (i + 8 <= n) {
        memcpy(dst + i, src + i, 8);
        i += 8;
    }
    for (; i < n; i++)
        dst[i] = src[i];
}

/* Pads the last len (< block) bytes whose final byte holds partial_bits bits (0 = whole byte):
 * the 1 bit goes right after the last message bit, then zeros to the end of the block. The
 * zeros are 16-byte stores (one unaligned, then aligned ones to the end): a memset of variable
 * length is `rep stosq` with gcc, slow to start. */
static void front_pad_block(uint8_t blk[LSH_BLOCK], size_t len, unsigned partial_bits)
{
    static const uint8_t zero16[16];
    size_t from = len;
    if (partial_bits) {
        uint8_t keep = (uint8_t)(0xff00u >> partial_bits);
        blk[len - 1] = (uint8_t)((blk[len - 1] & keep) | (0x80u >> partial_bits));
    } else {
        blk[len] = 0x80;
        from = len + 1;
    }
    if (from + 16 <= LSH_BLOCK) {
        memcpy(blk + from, zero16, 16);
        from = (from + 16) & ~(size_t)15;
        front_zero(blk + from, LSH_BLOCK - from);
    } else {
        for (; from < LSH_BLOCK; from++)
            blk[from] = 0;
    }
}

static karx_status front_init(LSH_CTX *ctx, size_t digest_bytes)
{
    if (ctx == NULL)
        return KARX_ERR_ARGUMENT;
    const LSH_WORD *iv = LSH_IV(digest_bytes);
    if (iv == NULL) {
        karx_memzero(ctx, sizeof *ctx);
        return KARX_ERR_OUTPUT_LENGTH;
    }
    memcpy(ctx->cv, iv, sizeof ctx->cv);
    /* ctx->block is not zeroed: bytes are written before they are read (padding fills it). */
    ctx->buffered = 0;
    ctx->digest_bytes = (uint8_t)digest_bytes;
    ctx->partial_bits = 0;
    ctx->state = LSH_ACTIVE;
    return KARX_OK;
}

/* ctx and the input are usable, and the context accepts updates. */
static karx_status front_check_update(const LSH_CTX *ctx, const void *in, size_t len)
{
    if (ctx == NULL || (in == NULL && len != 0))
        return KARX_ERR_ARGUMENT;
    return ctx->state == LSH_ACTIVE ? KARX_OK : KARX_ERR_STATE;
}

static karx_status front_update(const LSH_KERNELS *k, LSH_CTX *ctx, const void *in, size_t len)
{
    karx_status s = front_check_update(ctx, in, len);
    if (s != KARX_OK || len == 0) /* in may be NULL when len is 0: nothing to copy */
        return s;
    const uint8_t *p = (const uint8_t *)in;
    if (ctx->buffered > 0) {
        size_t take = LSH_BLOCK - ctx->buffered;
        if (take > len)
            take = len;
        memcpy(ctx->block + ctx->buffered, p, take);
        ctx->buffered += (uint32_t)take;
        p += take;
        len -= take;
        if (ctx->buffered < LSH_BLOCK)
            return KARX_OK;
        k->compress(ctx->cv, ctx->block, 1);
        ctx->buffered = 0;
    }
    /* LSH has no length field, so a block can be compressed as soon as it is whole. */
    size_t nblocks = len / LSH_BLOCK;
    if (nblocks) {
        k->compress(ctx->cv, p, nblocks);
        p += nblocks * LSH_BLOCK;
        len -= nblocks * LSH_BLOCK;
    }
    if (len) {
        memcpy(ctx->block, p, len);
        ctx->buffered = (uint32_t)len;
    }
    return KARX_OK;
}

static karx_status front_update_bits(const LSH_KERNELS *k, LSH_CTX *ctx, const void *in,
                                     size_t bitlen)
{
    karx_status s = front_check_update(ctx, in, bitlen);
    if (s != KARX_OK)
        return s;
    unsigned rem = (unsigned)(bitlen & 7);
    size_t whole = bitlen >> 3;
    s = front_update(k, ctx, in, whole);
    if (s != KARX_OK || rem == 0)
        return s;
    /* The partial byte stays buffered even when it fills the block: its pad bit fits in it. */
    ctx->block[ctx->buffered++] = ((const uint8_t *)in)[whole];
    ctx->partial_bits = (uint8_t)rem;
    ctx->state = LSH_BITS_DONE;
    return KARX_OK;
}

static karx_status front_final(const LSH_KERNELS *k, LSH_CTX *ctx, uint8_t *out, size_t out_len)
{
    if (ctx == NULL || out == NULL)
        return KARX_ERR_ARGUMENT;
    if (ctx->state != LSH_ACTIVE && ctx->state != LSH_BITS_DONE)
        return KARX_ERR_STATE;
    if (out_len < ctx->digest_bytes)
        return KARX_ERR_OUTPUT_LENGTH; /* the context stays usable: retry with a larger buffer */
    front_pad_block(ctx->block, ctx->buffered, ctx->partial_bits);
    k->compress(ctx->cv, ctx->block, 1);
    front_digest_from_cv(ctx->cv, out, ctx->digest_bytes);
    front_wipe(ctx, sizeof *ctx);
    return KARX_OK;
}

/* One-shot on the given kernels: whole blocks straight from the input, the tail padded on the
 * stack; no context copy, which matters for short messages. The pad block is zeroed whole
 * (a constant size: a few vector stores) and the tail copied in 16-byte pieces, so no libc call
 * with a variable length remains on the path. */
static void front_oneshot(const LSH_KERNELS *k, const LSH_WORD *iv, uint8_t *out,
                            size_t digest_bytes, const uint8_t *p, size_t len)
{
    _Alignas(64) LSH_WORD cv[16];
    _Alignas(64) uint8_t last[LSH_BLOCK];
    memcpy(cv, iv, sizeof cv);
    size_t nblocks = len / LSH_BLOCK, tail = len % LSH_BLOCK;
    if (nblocks)
        k->compress(cv, p, nblocks);
    front_zero(last, sizeof last);
    if (tail) /* p may be NULL when len is 0 */
        front_copy_tail(last, p + nblocks * LSH_BLOCK, tail);
    last[tail] = 0x80;
    k->compress(cv, last, 1);
    front_digest_from_cv(cv, out, digest_bytes);
    front_wipe(cv, sizeof cv);
    front_wipe(last, sizeof last);
}

static karx_status front_digest(const LSH_KERNELS *k, uint8_t *out, size_t digest_bytes,
                                const void *in, size_t len)
{
    if (k == NULL || out == NULL || (in == NULL && len != 0))
        return KARX_ERR_ARGUMENT;
    const LSH_WORD *iv = LSH_IV(digest_bytes);
    if (iv == NULL)
        return KARX_ERR_OUTPUT_LENGTH;
    front_oneshot(k, iv, out, digest_bytes, (const uint8_t *)in, len);
    return KARX_OK;
}

/* ---- many messages ---- */

/* Where message i is: one of the three input shapes. */
typedef struct {
    const uint8_t *base;
    size_t msg_len;             /* equal-length form */
    const uint8_t *const *ptrs; /* pointer form */
    const size_t *lens;
    const size_t *offsets;      /* offset form */
} front_source;

static void front_source_get(const front_source *s, size_t i, const uint8_t **p, size_t *len)
{
    if (s->ptrs != NULL) {
        *p = s->ptrs[i];
        *len = s->lens[i];
    } else if (s->offsets != NULL) {
        *p = s->base + s->offsets[i];
        *len = s->offsets[i + 1] - s->offsets[i];
    } else {
        *p = s->base + i * s->msg_len;
        *len = s->msg_len;
    }
}

static const uint8_t front_idle_block[LSH_BLOCK];

/* Digest of lane l straight from the word-major lane state (no gather, no temporaries). */
static void front_digest_from_lane(const LSH_WORD *state, unsigned lanes, unsigned l,
                                     uint8_t *out, size_t digest_bytes)
{
    const size_t wb = sizeof(LSH_WORD), full = digest_bytes / wb;
    for (size_t w = 0; w < full; w++)
        LSH_STORE_WORD(out + w * wb, state[w * lanes + l] ^ state[(w + 8) * lanes + l]);
    if (digest_bytes % wb) { /* LSH-512-224 ends mid-word */
        uint8_t last[sizeof(LSH_WORD)];
        LSH_STORE_WORD(last, state[full * lanes + l] ^ state[(full + 8) * lanes + l]);
        memcpy(out + full * wb, last, digest_bytes % wb);
    }
}

/* Digests of every lane of a lockstep group into out (digest_bytes apart): word-outer so the
 * state is read in order and the XORs vectorise. */
static void front_digests_from_lanes(const LSH_WORD *state, unsigned lanes, uint8_t *out,
                                       size_t digest_bytes)
{
    const size_t wb = sizeof(LSH_WORD), full = digest_bytes / wb;
    for (size_t w = 0; w < full; w++) {
        LSH_WORD x[KARX_LSH_MAX_LANES];
        for (unsigned l = 0; l < lanes; l++)
            x[l] = state[w * lanes + l] ^ state[(w + 8) * lanes + l];
        for (unsigned l = 0; l < lanes; l++)
            LSH_STORE_WORD(out + l * digest_bytes + w * wb, x[l]);
    }
    if (digest_bytes % wb)
        for (unsigned l = 0; l < lanes; l++) {
            uint8_t last[sizeof(LSH_WORD)];
            LSH_STORE_WORD(last, state[full * lanes + l] ^ state[(full + 8) * lanes + l]);
            memcpy(out + l * digest_bytes + full * wb, last, digest_bytes % wb);
        }
}

/* Lane scheduler: every lane hashes its own message; a lane that finishes writes its digest
 * and takes the next message at once, so variable lengths keep all lanes busy. A lane's pad
 * block keeps its 0x80 byte and zeros while tail lengths repeat (the equal-length case), so
 * only the message bytes are copied per message. */
static void front_many_lanes(const LSH_KERNELS *k, const LSH_WORD *iv, uint8_t *out,
                               size_t digest_bytes, const front_source *src, size_t n)
{
    enum { MAXL = KARX_LSH_MAX_LANES };
    const unsigned lanes = k->lanes < MAXL ? k->lanes : MAXL;
    _Alignas(64) LSH_WORD state[16 * MAXL]; /* 64-byte aligned: no split vector loads */
    _Alignas(64) uint8_t pad[MAXL][LSH_BLOCK];
    size_t pad_tail[MAXL]; /* tail length pad[l] is laid out for; LSH_BLOCK = none yet */
    const uint8_t *blk[MAXL];
    const uint8_t *pos[MAXL];
    size_t left[MAXL], idx[MAXL];
    unsigned char active[MAXL], last[MAXL];
    size_t next = 0;
    unsigned busy = 0;

    memset(active, 0, sizeof active);
    for (unsigned l = 0; l < lanes; l++) {
        pad_tail[l] = LSH_BLOCK;
        if (next < n) {
            front_source_get(src, next, &pos[l], &left[l]);
            idx[l] = next++;
            active[l] = 1;
            busy++;
            for (int w = 0; w < 16; w++)
                state[w * lanes + l] = iv[w];
        }
    }
    while (busy) {
        for (unsigned l = 0; l < lanes; l++) {
            last[l] = 0;
            if (!active[l]) {
                blk[l] = front_idle_block;
            } else if (left[l] >= LSH_BLOCK) {
                blk[l] = pos[l];
                pos[l] += LSH_BLOCK;
                left[l] -= LSH_BLOCK;
            } else {
                if (pad_tail[l] != left[l]) {
                    front_pad_block(pad[l], left[l], 0);
                    pad_tail[l] = left[l];
                }
                front_copy_tail(pad[l], pos[l], left[l]);
                blk[l] = pad[l];
                last[l] = 1;
            }
        }
        k->compress_lanes(state, blk);
        for (unsigned l = 0; l < lanes; l++) {
            if (!last[l])
                continue;
            front_digest_from_lane(state, lanes, l, out + idx[l] * digest_bytes, digest_bytes);
            if (next < n) {
                front_source_get(src, next, &pos[l], &left[l]);
                idx[l] = next++;
                for (int w = 0; w < 16; w++)
                    state[w * lanes + l] = iv[w];
            } else {
                active[l] = 0;
                busy--;
            }
        }
    }
    karx_memzero(state, sizeof state);
    karx_memzero(pad, sizeof pad);
}

/* Equal lengths: groups of `lanes` messages run in lockstep, so block pointers are arithmetic
 * and there is no per-lane bookkeeping. The last block of each message is padded inside the
 * kernel straight from the input when the back end can (compress_lanes_tail) and the bytes it
 * may over-read still lie inside the input; otherwise the tails are copied into pad blocks,
 * double-buffered: the next group's are written while this group is hashed, so the kernel's
 * wide loads never wait on the narrow stores that just wrote them. Returns how many messages it
 * hashed (whole groups only). */
static size_t front_many_equal(const LSH_KERNELS *k, const LSH_WORD *iv, uint8_t *out,
                                 size_t digest_bytes, const uint8_t *in, size_t len, size_t n)
{
    enum { MAXL = KARX_LSH_MAX_LANES };
    const unsigned lanes = k->lanes < MAXL ? k->lanes : MAXL;
    const size_t full = len / LSH_BLOCK, tail = len % LSH_BLOCK, groups = n / lanes;
    const size_t total = n * len; /* the input's length */
    _Alignas(64) LSH_WORD state[16 * MAXL]; /* 64-byte aligned: no split vector loads */
    _Alignas(64) LSH_WORD iv_lanes[16 * MAXL]; /* the IV in every lane: one memcpy per group */
    _Alignas(64) uint8_t pad[2][MAXL][LSH_BLOCK];
    const uint8_t *blk[MAXL];
    if (groups == 0)
        return 0;
    /* Groups [0, in_kernel) pad in the kernel. Group g's last tail ends where the group ends,
     * at (g + 1) * lanes * len, and the kernel may read KARX_LSH_TAIL_SLACK - 1 bytes past it;
     * an empty tail is never read. */
    size_t in_kernel = 0;
    if (k->compress_lanes_tail != NULL) {
        if (tail == 0)
            in_kernel = groups;
        else if (total >= KARX_LSH_TAIL_SLACK)
            in_kernel = (total - KARX_LSH_TAIL_SLACK) / (lanes * len);
        if (in_kernel > groups)
            in_kernel = groups;
    }
    for (int w = 0; w < 16; w++)
        for (unsigned l = 0; l < lanes; l++)
            iv_lanes[w * lanes + l] = iv[w];
    for (unsigned l = 0; l < lanes; l++) {
        front_pad_block(pad[0][l], tail, 0);
        front_pad_block(pad[1][l], tail, 0);
        if (in_kernel == 0)
            front_copy_tail(pad[0][l], in + l * len + full * LSH_BLOCK, tail);
    }
    for (size_t g = 0; g < groups; g++) {
        const uint8_t *group = in + g * lanes * len;
        uint8_t(*cur)[LSH_BLOCK] = pad[g & 1], (*nxt)[LSH_BLOCK] = pad[(g + 1) & 1];
        memcpy(state, iv_lanes, 16 * lanes * sizeof(LSH_WORD));
        for (size_t b = 0; b < full; b++) {
            for (unsigned l = 0; l < lanes; l++)
                blk[l] = group + l * len + b * LSH_BLOCK;
            k->compress_lanes(state, blk);
        }
        if (g < in_kernel) {
            for (unsigned l = 0; l < lanes; l++)
                blk[l] = group + l * len + full * LSH_BLOCK;
            k->compress_lanes_tail(state, blk, tail);
        } else {
            for (unsigned l = 0; l < lanes; l++)
                blk[l] = cur[l];
            k->compress_lanes(state, blk);
        }
        if (g + 1 < groups && g + 1 >= in_kernel)
            for (unsigned l = 0; l < lanes; l++)
                front_copy_tail(nxt[l], group + (lanes + l) * len + full * LSH_BLOCK, tail);
        front_digests_from_lanes(state, lanes, out + g * lanes * digest_bytes, digest_bytes);
    }
    karx_memzero(state, sizeof state);
    karx_memzero(pad, sizeof pad);
    return groups * lanes;
}

static karx_status front_many_run(const LSH_KERNELS *k, uint8_t *out, size_t digest_bytes,
                                  const front_source *src, size_t n)
{
    const LSH_WORD *iv = LSH_IV(digest_bytes);
    if (iv == NULL)
        return KARX_ERR_OUTPUT_LENGTH;
    front_source rest;
    if (k->lanes > 1 && n > 1 && src->ptrs == NULL && src->offsets == NULL) {
        /* equal lengths: whole groups in lockstep, the few left over through the scheduler */
        size_t done = front_many_equal(k, iv, out, digest_bytes, src->base, src->msg_len, n);
        rest = *src;
        rest.base += done * src->msg_len;
        src = &rest;
        out += done * digest_bytes;
        n -= done;
    }
    if (k->lanes > 1 && n > 1) {
        front_many_lanes(k, iv, out, digest_bytes, src, n);
        return KARX_OK;
    }
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p;
        size_t len;
        front_source_get(src, i, &p, &len);
        front_oneshot(k, iv, out + i * digest_bytes, digest_bytes, p, len);
    }
    return KARX_OK;
}

/* n * digest_bytes must not overflow, nor n * msg_len for the equal-length form. */
static int front_mul_overflows(size_t a, size_t b)
{
    return a != 0 && b > SIZE_MAX / a;
}

/* What a batch call with no messages returns (nothing to hash once the arguments hold). */
static karx_status front_many_none(const LSH_KERNELS *k, size_t digest_bytes)
{
    if (k == NULL)
        return KARX_ERR_ARGUMENT;
    return LSH_IV(digest_bytes) ? KARX_OK : KARX_ERR_OUTPUT_LENGTH;
}

static karx_status front_many(const LSH_KERNELS *k, uint8_t *out, size_t digest_bytes,
                              const void *in, size_t msg_len, size_t n)
{
    if (n == 0 || k == NULL)
        return front_many_none(k, digest_bytes);
    if (out == NULL || (in == NULL && msg_len != 0))
        return KARX_ERR_ARGUMENT;
    if (front_mul_overflows(n, msg_len) || front_mul_overflows(n, digest_bytes))
        return KARX_ERR_DATA_LENGTH;
    static const uint8_t nothing[1];
    front_source src = {in ? (const uint8_t *)in : nothing, msg_len, NULL, NULL, NULL};
    return front_many_run(k, out, digest_bytes, &src, n);
}

static karx_status front_many_ptrs(const LSH_KERNELS *k, uint8_t *out, size_t digest_bytes,
                                   const uint8_t *const *msgs, const size_t *lens, size_t n)
{
    if (n == 0 || k == NULL)
        return front_many_none(k, digest_bytes);
    if (out == NULL || msgs == NULL || lens == NULL)
        return KARX_ERR_ARGUMENT;
    if (front_mul_overflows(n, digest_bytes))
        return KARX_ERR_DATA_LENGTH;
    for (size_t i = 0; i < n; i++)
        if (msgs[i] == NULL && lens[i] != 0)
            return KARX_ERR_ARGUMENT;
    front_source src = {NULL, 0, msgs, lens, NULL};
    return front_many_run(k, out, digest_bytes, &src, n);
}

static karx_status front_many_offsets(const LSH_KERNELS *k, uint8_t *out, size_t digest_bytes,
                                      const void *buf, const size_t *offsets, size_t n)
{
    if (n == 0 || k == NULL)
        return front_many_none(k, digest_bytes);
    if (out == NULL || offsets == NULL || (buf == NULL && offsets[n] != offsets[0]))
        return KARX_ERR_ARGUMENT;
    if (front_mul_overflows(n, digest_bytes))
        return KARX_ERR_DATA_LENGTH;
    for (size_t i = 0; i < n; i++)
        if (offsets[i + 1] < offsets[i])
            return KARX_ERR_DATA_LENGTH;
    static const uint8_t nothing[1];
    front_source src = {buf ? (const uint8_t *)buf : nothing, 0, NULL, NULL, offsets};
    return front_many_run(k, out, digest_bytes, &src, n);
}

static unsigned front_lanes(const LSH_KERNELS *k) { return k->lanes > 1 ? k->lanes : 1; }
