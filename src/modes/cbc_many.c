/* Many CBC chains under one key at once (chain_many.h): CBC encryption of many messages, and
 * the CBC-MAC inside karx_cmac_many. The lanes of one batch are independent messages, so the
 * chain's serial dependency stays within a lane and the ECB kernel sees a full batch. */
#include <string.h>

#include "chain_many.h"

#ifdef KARX_COMPACT
#undef KARX_CHAIN_MANY_MAX_LANES
#define KARX_CHAIN_MANY_MAX_LANES 8
#endif

typedef struct {
    const uint8_t *in; /* the message's next whole block */
    uint8_t *out;      /* CBC: where that block's ciphertext goes */
    size_t left;       /* blocks still to chain, the last one included */
    size_t msg;
    uint8_t last[KARX_MAX_BLOCK_BYTES]; /* CMAC: the final block with its subkey */
} chain_lane;

#if defined(__GNUC__)
#define CHAIN_INLINE static inline __attribute__((always_inline))
#else
#define CHAIN_INLINE static inline
#endif

#define CHAIN_LINE 64 /* bytes of a cache line */

typedef void (*chain_enc_fn)(const void *, uint8_t *, const uint8_t *, size_t);

/* x ^= src over one block of B (8 or 16) bytes. */
CHAIN_INLINE void xor_block(uint8_t *x, const uint8_t *src, size_t B)
{
    karx_i_xor_words(x, x, src, B);
}

/* dst = src over one block of B (8 or 16) bytes, without a call to memcpy for a variable size. */
CHAIN_INLINE void copy_block(uint8_t *dst, const uint8_t *src, size_t B)
{
    for (size_t i = 0; i < B; i += 8) {
        uint64_t a;
        memcpy(&a, src + i, 8);
        memcpy(dst + i, &a, 8);
    }
}

/* Blocks in len bytes; B is 8 or 16, so a shift (not a division) per message. */
CHAIN_INLINE size_t blocks_of(size_t len, size_t B) { return len >> (B == 16 ? 4 : 3); }

/* CMAC's final block of a message of len bytes and nb blocks: the last 1..B bytes xored with
 * k1 when whole, else padded 10* and xored with k2 (len is public: no secret branch). */
static void cmac_last(const karx_i_chain_job *job, size_t B, const uint8_t *m, size_t len,
                      size_t nb, uint8_t *last)
{
    const size_t r = len - (nb - 1) * B;
    const uint8_t *k = r == B ? job->k1 : job->k2;
    for (size_t i = 0; i < B && i < KARX_MAX_BLOCK_BYTES; i++) { /* (the bound: for gcc) */
        uint8_t v = i < r ? m[(nb - 1) * B + i] : (i == r ? 0x80 : 0x00);
        last[i] = (uint8_t)(v ^ k[i]);
    }
}

/* Puts message msg into lane l with its chain value in x; 0 when it has no block to chain
 * (a CBC message of 0 bytes: nothing to write, its IV stays). */
static int lane_start(const karx_i_chain_job *job, size_t B, size_t msg, chain_lane *l,
                      uint8_t *x)
{
    const size_t len = job->lens[msg];
    l->in = job->ins[msg];
    l->msg = msg;
    if (job->k1 == NULL) {
        if (len == 0)
            return 0;
        l->out = job->outs[msg];
        l->left = blocks_of(len, B);
        copy_block(x, job->ivs[msg], B);
        return 1;
    }
    l->out = NULL;
    l->left = len == 0 ? 1 : blocks_of(len + B - 1, B);
    cmac_last(job, B, l->in, len, l->left, l->last);
    memset(x, 0, B);
    return 1;
}

/* The message in lane l is done: its IV (CBC) or tag (CMAC) from the chain value x. */
static void lane_finish(const karx_i_chain_job *job, size_t B, const chain_lane *l,
                        const uint8_t *x)
{
    if (job->k1 == NULL)
        copy_block(job->ivs[l->msg], x, B);
    else
        memcpy(job->tags + l->msg * job->tag_len, x, job->tag_len);
}

/* steps rounds over lanes [0, active), none of which ends before the last round: gather each
 * lane's next block into its chain value, encrypt the batch, scatter the ciphertext (CBC).
 * Within the run no lane ends, so blocks are found at a common offset from pointers read once,
 * and CMAC's last blocks can only come in the final round. Inlined with constant B and cmac
 * (chain_rounds_of), so each block's xor and copy are a few register moves. */
CHAIN_INLINE void chain_rounds(chain_enc_fn enc, const void *ks, const size_t B, const int cmac,
                               chain_lane *lanes, uint8_t *x, uint8_t *stage, size_t active,
                               size_t steps)
{
    const uint8_t *in[KARX_CHAIN_MANY_MAX_LANES];
    uint8_t *out[KARX_CHAIN_MANY_MAX_LANES];
    for (size_t s = 0; s < active; s++) {
        in[s] = lanes[s].in;
        out[s] = lanes[s].out;
    }
    const size_t plain = cmac ? steps - 1 : steps;
    size_t off = 0, t = 0;
    /* A cache line of every lane at a time, through a contiguous stage: lanes of equal-length
     * messages sit at the same address modulo 4 KiB, and touched block by block their lines
     * evict each other from L1 between rounds (4 KiB messages ran at 0.6x the rate of 64 B
     * ones); copied a line at a time, each line is touched once. The stage takes the
     * ciphertext back in place of the block it came from. */
    for (; t + CHAIN_LINE / B <= plain; t += CHAIN_LINE / B, off += CHAIN_LINE) {
        for (size_t s = 0; s < active; s++)
            memcpy(stage + s * CHAIN_LINE, in[s] + off, CHAIN_LINE);
        for (size_t r = 0; r < CHAIN_LINE; r += B) {
            for (size_t s = 0; s < active; s++)
                xor_block(x + s * B, stage + s * CHAIN_LINE + r, B);
            enc(ks, x, x, active);
            if (!cmac)
                for (size_t s = 0; s < active; s++)
                    copy_block(stage + s * CHAIN_LINE + r, x + s * B, B);
        }
        if (!cmac)
            for (size_t s = 0; s < active; s++)
                memcpy(out[s] + off, stage + s * CHAIN_LINE, CHAIN_LINE);
    }
    for (; t < plain; t++, off += B) {
        for (size_t s = 0; s < active; s++)
            xor_block(x + s * B, in[s] + off, B);
        enc(ks, x, x, active);
        if (!cmac)
            for (size_t s = 0; s < active; s++)
                copy_block(out[s] + off, x + s * B, B);
    }
    if (cmac) { /* the lanes that end take their prepared last block */
        for (size_t s = 0; s < active; s++) {
            const chain_lane *l = &lanes[s];
            xor_block(x + s * B, l->left == steps ? l->last : in[s] + off, B);
        }
        enc(ks, x, x, active);
    }
    for (size_t s = 0; s < active; s++) {
        chain_lane *l = &lanes[s];
        l->left -= steps;
        if (l->left != 0) { /* (a CMAC lane of an empty message has no in to move) */
            l->in += steps * B;
            if (!cmac)
                l->out += steps * B;
        }
    }
}

static void chain_rounds_of(chain_enc_fn enc, const void *ks, size_t B, int cmac,
                            chain_lane *lanes, uint8_t *x, uint8_t *stage, size_t active,
                            size_t steps)
{
    if (B == 16)
        cmac ? chain_rounds(enc, ks, 16, 1, lanes, x, stage, active, steps)
             : chain_rounds(enc, ks, 16, 0, lanes, x, stage, active, steps);
    else
        cmac ? chain_rounds(enc, ks, 8, 1, lanes, x, stage, active, steps)
             : chain_rounds(enc, ks, 8, 0, lanes, x, stage, active, steps);
}

void karx_i_chain_many(const karx_cipher_key *key, const karx_i_chain_job *job)
{
    const karx_i_cipher *c = karx_i_key_row(key);
    const karx_block_kernels *k = karx_i_kernels(c);
    const chain_enc_fn single = karx_i_single(c)->ecb_encrypt;
    const void *ks = karx_i_ks(key);
    const size_t B = c->block_bytes;
    const int cmac = job->k1 != NULL;
    /* Two groups where the kernel has lanes (the SIMD kernels interleave two groups), four for
     * 64-bit blocks: HIGHT's kernels broadcast the subkeys on every call, which more blocks a
     * call amortise (measured: 10-15% faster; LEA's 4 KiB messages ran slower with four, the
     * more streams in flight). */
    size_t width = k->lanes > 1 ? 2 * (size_t)k->lanes * (16 / B) : 1;
    if (width > KARX_CHAIN_MANY_MAX_LANES)
        width = KARX_CHAIN_MANY_MAX_LANES;
    chain_lane lanes[KARX_CHAIN_MANY_MAX_LANES];
    uint8_t x[KARX_CHAIN_MANY_MAX_LANES * KARX_MAX_BLOCK_BYTES];
    _Alignas(64) uint8_t stage[KARX_CHAIN_MANY_MAX_LANES * CHAIN_LINE]; /* message data */
    size_t next = 0, active = 0, staged = 0;

    while (active < width && next < job->n)
        active += (size_t)lane_start(job, B, next++, &lanes[active], x + active * B);
    while (active > 0) {
        size_t steps = lanes[0].left;
        for (size_t s = 1; s < active; s++)
            steps = lanes[s].left < steps ? lanes[s].left : steps;
        /* A lone lane gains nothing from the batch kernel: chain it on the single-block code. */
        chain_rounds_of(active == 1 ? single : k->ecb_encrypt, ks, B, cmac, lanes, x, stage,
                        active, steps);
        staged = active > staged ? active : staged;
        for (size_t s = 0; s < active;) {
            if (lanes[s].left != 0) {
                s++;
                continue;
            }
            lane_finish(job, B, &lanes[s], x + s * B);
            int refilled = 0;
            while (!refilled && next < job->n)
                refilled = lane_start(job, B, next++, &lanes[s], x + s * B);
            if (refilled)
                continue; /* a fresh message always has a block left */
            active--; /* no message left: the last lane moves into the hole */
            if (s != active) {
                lanes[s] = lanes[active];
                copy_block(x + s * B, x + active * B, B);
            }
        }
    }
    karx_memzero(lanes, sizeof lanes);
    karx_memzero(x, sizeof x);
    karx_memzero(stage, staged * CHAIN_LINE);
}

karx_status karx_cbc_encrypt_many(const karx_cipher_key *key, uint8_t *const *outs,
                                  const uint8_t *const *ins, const size_t *lens,
                                  uint8_t *const *ivs, size_t n)
{
    if (key == NULL || (n != 0 && (outs == NULL || ins == NULL || lens == NULL || ivs == NULL)))
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c;
    /* Every message is checked before anything is written, as the single call does. */
    for (size_t i = 0; i < n; i++) {
        karx_status st = karx_i_cbc_args(key, ivs[i], outs[i], ins[i], lens[i], &c);
        if (st != KARX_OK)
            return st;
    }
    if (karx_i_key_row(key) == NULL)
        return KARX_ERR_STATE;
    const karx_i_chain_job job = {ins, lens, n, outs, ivs, NULL, NULL, NULL, 0};
    karx_i_chain_many(key, &job);
    return KARX_OK;
}
