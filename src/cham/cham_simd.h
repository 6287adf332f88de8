/* The word-sliced CHAM kernels, written once for every vector width and included by
 * cham_{sse2,ssse3,avx2,avx512,avx512_vbmi2}.c.
 *
 * Layout: a group is four vectors; vector w holds word w of every block of the group (CHAM-128:
 * VBYTES/4 blocks of four 32-bit words; CHAM-64: VBYTES/2 blocks of four 16-bit words), made by
 * in-lane unpacks that are undone on the way out. A round is then five lane-wise operations (two
 * rotations, two xors, one add) and the word rotation of the state is renaming: the round loop
 * body is eight rounds (the round-key period, 8 or 16, is a multiple of it). A batch is
 * CH_GROUPS groups whose rounds are interleaved, which gives the out-of-order core independent
 * work: a round's dependency chain is long next to its operation count, above all where a
 * rotation by 1 is three operations (SSE, AVX2). Round keys are broadcast once per call (rkv).
 *
 * CTR: the counter block is one big-endian integer, so with little-endian words the counter's
 * low bytes are in the last word (x3). While the batch does not carry out of that word, x0, x1
 * and x2 are the same in every lane: rounds 0, 1 (x0, x1, x2 only) and 4 (their outputs only)
 * are computed once in scalar code, rounds 2, 3 and 5 with one side constant, and x3 is built
 * in registers from the counter's low word plus each lane's block number. A batch where that
 * word wraps takes a slow path (counter blocks made in memory, then the ECB batch). The driver
 * keeps the low word in a register and touches the counter bytes only on a carry out of it.
 *
 * Tails: after the whole batches, whole groups run one group at a time; a remainder of at most
 * CH_SCALAR_MAX blocks runs the portable code (cham_portable.c), a longer one a padded
 * one-group batch in a stack buffer.
 *
 * The including file defines first:
 *   V, VBYTES (16, 32 or 64), LOADU(p), STOREU(p, v), XOR(a, b), ADD32, SUB32, ADD16, SUB16,
 *   SET1_32(int), SET1_16(int), and the functions V rol32_1, rol32_8, ror32_1, ror32_8(V)
 *   (32-bit lanes), rol16_1, rol16_8, ror16_1 (16-bit lanes; rol16_8 is also the 16-bit byte
 *   swap), bswap32 (byte swap of each 32-bit lane), UNPACKLO16/32/64, UNPACKHI16/32/64 (in 128-bit lanes),
 *   CH_NAME (back-end name string), the table names CH_TABLE64 and/or CH_TABLE128, CH_GROUPS,
 *   and either CH_RC_BROADCAST (round numbers broadcast from memory) or LOADA(p) (an aligned
 *   16-byte load; round numbers come from a table of whole vectors). */
#include <string.h>

#include "karx/cham.h"

#include "../modes/block_batch.h"
#include "cham_core.h"
#include "cham_internal.h"

#if CH_GROUPS != 1 && CH_GROUPS != 2
#error "CH_GROUPS must be 1 or 2"
#endif
#define CH_INLINE static inline __attribute__((always_inline))
/* stmt for each group g of a batch of G (a constant in every instance: 1 or CH_GROUPS),
 * written out rather than left to an unroll pragma, so that the state stays in registers
 * with every compiler. Per-group arrays have two entries; with one group the second is unused. */
#define CH_EACH_GROUP(stmt)            \
    do {                               \
        {                              \
            const int g = 0;           \
            stmt;                      \
        }                              \
        if (CH_GROUPS > 1 && G > 1) {  \
            const int g = 1;           \
            stmt;                      \
        }                              \
    } while (0)
#define CH_GROUP_BYTES (4 * VBYTES)
#define CH_BATCH (CH_GROUPS * CH_GROUP_BYTES) /* bytes per batch, both ciphers */
#define CH_G128 (VBYTES / 4)                  /* CHAM-128 blocks per group */
#define CH_G64 (VBYTES / 2)                   /* CHAM-64 blocks per group */
#ifndef CH_SCALAR_MAX
#define CH_SCALAR_MAX 1
#endif

/* Round numbers as vectors: [0] i in 32-bit lanes, [1] i in both halves of each 32-bit lane
 * (16-bit lanes). AVX2/AVX-512 broadcast them from a word table (a broadcast from memory is a
 * load, or an embedded {1to16} operand); SSE has no such broadcast and xors a whole vector from
 * an aligned table. CH_RC_SETUP goes first in each function using them: with the broadcast
 * table read through a volatile pointer, the compiler cannot rebuild the constants as
 * immediates (each a broadcast from a general register: two ALU uops per round). */
#define CH_R4(f, b) f(b), f((b) + 1), f((b) + 2), f((b) + 3)
#define CH_R16(f, b) CH_R4(f, b), CH_R4(f, (b) + 4), CH_R4(f, (b) + 8), CH_R4(f, (b) + 12)
#define CH_R128(f)                                                                         \
    CH_R16(f, 0), CH_R16(f, 16), CH_R16(f, 32), CH_R16(f, 48), CH_R16(f, 64), CH_R16(f, 80), \
        CH_R16(f, 96), CH_R16(f, 112)
#define CH_W32(i) (i)
#define CH_W16(i) ((i) * 0x10001u)
#ifdef CH_RC_BROADCAST
static const uint32_t ch_rc_table[2][128] = {{CH_R128(CH_W32)}, {CH_R128(CH_W16)}};
static const uint32_t (*const volatile ch_rc_ptr)[128] = ch_rc_table;
#define CH_RC_SETUP const uint32_t(*const ch_rc)[128] = ch_rc_ptr
#define CH_RC32(i) SET1_32((int)ch_rc[0][i])
#define CH_RC16(i) SET1_32((int)ch_rc[1][i])
#else
#define CH_V32(i) {(i), (i), (i), (i)}
#define CH_V16(i) {CH_W16(i), CH_W16(i), CH_W16(i), CH_W16(i)}
static _Alignas(16) const uint32_t ch_rc_vectors[2][128][4] = {{CH_R128(CH_V32)},
                                                               {CH_R128(CH_V16)}};
#define CH_RC_SETUP (void)0
#define CH_RC32(i) LOADA(ch_rc_vectors[0][i])
#define CH_RC16(i) LOADA(ch_rc_vectors[1][i])
#endif

static inline uint32_t ch_load32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void ch_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* x[4g + w] (word w of group g) to four per-word arrays and back. */
#define CH_SPLIT(x, a, b, c, d)                                                           \
    V a[2], b[2], c[2], d[2];                                                             \
    CH_EACH_GROUP((a[g] = x[4 * g], b[g] = x[4 * g + 1], c[g] = x[4 * g + 2], d[g] = x[4 * g + 3]))
#define CH_JOIN(x, a, b, c, d) \
    CH_EACH_GROUP((x[4 * g] = a[g], x[4 * g + 1] = b[g], x[4 * g + 2] = c[g], x[4 * g + 3] = d[g]))

/* Vectors 4g .. 4g + 3 (group g) from / to bytes 4g * VBYTES on. */
#define CH_LOAD4(x, p, g)                                          \
    (x[4 * g] = LOADU((p) + (4 * g) * VBYTES),                     \
     x[4 * g + 1] = LOADU((p) + (4 * g + 1) * VBYTES),             \
     x[4 * g + 2] = LOADU((p) + (4 * g + 2) * VBYTES),             \
     x[4 * g + 3] = LOADU((p) + (4 * g + 3) * VBYTES))
#define CH_STORE_XOR1(out, y, in, j) \
    STOREU((out) + (j) * VBYTES, XOR(y, LOADU((in) + (j) * VBYTES)))

CH_INLINE void ch_load_batch(V *x, const uint8_t *in, int G)
{
    CH_EACH_GROUP(CH_LOAD4(x, in, g));
}

CH_INLINE void ch_store_batch(uint8_t *out, const V *x, int G)
{
    CH_EACH_GROUP((STOREU(out + (4 * g) * VBYTES, x[4 * g]),
                   STOREU(out + (4 * g + 1) * VBYTES, x[4 * g + 1]),
                   STOREU(out + (4 * g + 2) * VBYTES, x[4 * g + 2]),
                   STOREU(out + (4 * g + 3) * VBYTES, x[4 * g + 3])));
}

/* out = x ^ in over the batch. */
CH_INLINE void ch_store_xor_batch(uint8_t *out, const V *x, const uint8_t *in, int G)
{
    CH_EACH_GROUP((CH_STORE_XOR1(out, x[4 * g], in, 4 * g),
                   CH_STORE_XOR1(out, x[4 * g + 1], in, 4 * g + 1),
                   CH_STORE_XOR1(out, x[4 * g + 2], in, 4 * g + 2),
                   CH_STORE_XOR1(out, x[4 * g + 3], in, 4 * g + 3)));
}

/* ==== the batch loop, both ciphers ======================================================== */

/* A batch kernel (whole groups), and a CTR one: out = in ^ E(counter + block), the counter being
 * the high bytes of ctr followed by lo, its low word (kept apart by the driver). */
typedef void (*ch_batch_fn)(const V *rkv, uint8_t *out, const uint8_t *in);
typedef void (*ch_ctr_fn)(const V *rkv, const void *rk, uint8_t *out, const uint8_t *in,
                          const uint8_t *ctr, uint32_t lo);

/* What the batch loop passes to the group and tail functions. */
typedef struct {
    const V *rkv;          /* round keys, broadcast */
    const void *key;       /* karx_cham64_key or karx_cham128_key */
    int w64;               /* CHAM-64 (16-bit words), else CHAM-128 */
    int decrypt;           /* ECB */
    ch_batch_fn ecb, ecb1; /* ECB: a whole batch, one group */
    ch_ctr_fn ctr, ctr1;   /* CTR: the same */
    uint8_t *c;            /* CTR: the counter's bytes; the low word is lo */
    uint32_t lo;
} ch_ctx;

#define CH_BLOCK(x) ((x)->w64 ? 8u : 16u)

/* n blocks one at a time with the portable code: ECB, or CTR from counter c (which advances). */
static void ch_scalar(const void *key, int w64, int decrypt, uint8_t *out, const uint8_t *in,
                      size_t n, uint8_t *c)
{
    if (w64 && c == NULL)
        karx_i_cham64_blocks((const karx_cham64_key *)key, decrypt, out, in, n);
    else if (w64)
        karx_i_cham64_ctr_blocks((const karx_cham64_key *)key, out, in, n, c);
    else if (c == NULL)
        karx_i_cham128_blocks((const karx_cham128_key *)key, decrypt, out, in, n);
    else
        karx_i_cham128_ctr_blocks((const karx_cham128_key *)key, out, in, n, c);
}

CH_INLINE void ch_ecb_groups(void *ctx, uint8_t *out, const uint8_t *in, unsigned groups)
{
    const ch_ctx *x = (const ch_ctx *)ctx;
    (groups == 2 ? x->ecb : x->ecb1)(x->rkv, out, in);
}

/* The blocks left: a padded one-group batch, or up to CH_SCALAR_MAX of them the portable code. */
CH_INLINE void ch_ecb_tail(void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const ch_ctx *x = (const ch_ctx *)ctx;
    if (n > CH_SCALAR_MAX) {
        uint8_t buf[CH_GROUP_BYTES] = {0};
        memcpy(buf, in, CH_BLOCK(x) * n);
        x->ecb1(x->rkv, buf, buf);
        memcpy(out, buf, CH_BLOCK(x) * n);
        karx_memzero(buf, sizeof buf);
    } else {
        ch_scalar(x->key, x->w64, x->decrypt, out, in, n, NULL);
    }
}

/* +1 on the counter bytes in front of the low word, once it wraps (rare; out of line, where
 * GCC cannot misread the inlined length, -Wstringop-overflow). */
static __attribute__((noinline)) void ch_carry(uint8_t *c, size_t len)
{
    karx_i_ctr_add(c, len, 1);
}

CH_INLINE void ch_ctr_groups(void *ctx, uint8_t *out, const uint8_t *in, unsigned groups)
{
    ch_ctx *x = (ch_ctx *)ctx;
    const unsigned blocks = groups * (x->w64 ? CH_G64 : CH_G128);
    const uint64_t next = (uint64_t)x->lo + blocks, wrap = x->w64 ? 0x10000u : 0x100000000u;
    const void *rk = x->w64 ? (const void *)((const karx_cham64_key *)x->key)->rk
                            : (const void *)((const karx_cham128_key *)x->key)->rk;
    (groups == 2 ? x->ctr : x->ctr1)(x->rkv, rk, out, in, x->c, x->lo);
    x->lo = (uint32_t)(next % wrap);
    if (next >= wrap) /* the low word wrapped */
        ch_carry(x->c, x->w64 ? 6 : 12);
}

/* The low word back into the counter bytes. */
CH_INLINE void ch_ctr_store_lo(ch_ctx *x)
{
    if (x->w64) {
        x->c[6] = (uint8_t)(x->lo >> 8);
        x->c[7] = (uint8_t)x->lo;
    } else {
        ch_store32_be(x->c + 12, x->lo);
    }
}

CH_INLINE void ch_ctr_tail(void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    ch_ctx *x = (ch_ctx *)ctx;
    if (n > CH_SCALAR_MAX) {
        uint8_t buf[CH_GROUP_BYTES] = {0};
        memcpy(buf, in, CH_BLOCK(x) * n);
        ch_ctr_groups(x, buf, buf, 1);
        memcpy(out, buf, CH_BLOCK(x) * n);
        karx_memzero(buf, sizeof buf);
        return;
    }
    ch_ctr_store_lo(x);
    ch_scalar(x->key, x->w64, 0, out, in, n, x->c);
}

#ifdef CH_TABLE64
static void ch64_setup(ch_ctx *x, V rkv[16]);
#endif
#ifdef CH_TABLE128
static void ch128_setup(ch_ctx *x, V rkv[16]);
#endif

/* ECB or CTR (ctr != NULL) of n > CH_SCALAR_MAX blocks with x set up (round keys, kernels). */
static void ch_run(ch_ctx *x, uint8_t *out, const uint8_t *in, size_t n, const uint8_t *ctr)
{
    const size_t g1 = x->w64 ? CH_G64 : CH_G128;
    const karx_batch_shape shape = {g1, CH_GROUPS, CH_BLOCK(x)};
    uint8_t c[16];
    if (ctr == NULL) {
        karx_i_batch_run(shape, ch_ecb_groups, ch_ecb_tail, x, out, in, n);
        return;
    }
    memcpy(c, ctr, CH_BLOCK(x));
    x->c = c;
    x->lo = x->w64 ? ((uint32_t)c[6] << 8 | c[7]) : ch_load32_be(c + 12);
    karx_i_batch_run(shape, ch_ctr_groups, ch_ctr_tail, x, out, in, n);
}

/* Every kernel: ECB (ctr NULL) or CTR on key ks of CHAM-64 (w64) or CHAM-128. */
static void ch_kernel(const void *ks, int w64, int decrypt, uint8_t *out, const uint8_t *in,
                      size_t n, const uint8_t *ctr)
{
    if (n <= CH_SCALAR_MAX) { /* the portable code, no round keys */
        uint8_t c[16];
        if (ctr == NULL)
            ch_scalar(ks, w64, decrypt, out, in, n, NULL);
        else
            ch_scalar(ks, w64, 0, out, in, n, (uint8_t *)memcpy(c, ctr, w64 ? 8 : 16));
        return;
    }
    V rkv[16];
    ch_ctx x = {.rkv = rkv, .key = ks, .w64 = w64, .decrypt = decrypt};
#ifdef CH_TABLE64
    if (w64)
        ch64_setup(&x, rkv);
#endif
#ifdef CH_TABLE128
    if (!w64)
        ch128_setup(&x, rkv);
#endif
    ch_run(&x, out, in, n, ctr);
    karx_memzero(rkv, sizeof rkv);
}

/* ==== CHAM-128 ============================================================================ */
#ifdef CH_TABLE128

/* Which block of its group each lane of a word vector holds after the load transpose (the CTR
 * kernels add these to the counter): in 128-bit lane L of NL, lane q holds block q * NL + L. */
#if VBYTES == 16
static const uint32_t ch_lane_block128[4] = {0, 1, 2, 3};
#elif VBYTES == 32
static const uint32_t ch_lane_block128[8] = {0, 2, 4, 6, 1, 3, 5, 7};
#elif VBYTES == 64
static const uint32_t ch_lane_block128[16] = {0, 4, 8, 12, 1, 5, 9, 13,
                                              2, 6, 10, 14, 3, 7, 11, 15};
#else
#error "VBYTES must be 16, 32 or 64"
#endif


/* 4x4 transpose of 32-bit words in each 128-bit lane of a group (its own inverse). */
CH_INLINE void ch128_transpose1(V y[4])
{
    V t0 = UNPACKLO32(y[0], y[1]), t1 = UNPACKHI32(y[0], y[1]);
    V t2 = UNPACKLO32(y[2], y[3]), t3 = UNPACKHI32(y[2], y[3]);
    y[0] = UNPACKLO64(t0, t2);
    y[1] = UNPACKHI64(t0, t2);
    y[2] = UNPACKLO64(t1, t3);
    y[3] = UNPACKHI64(t1, t3);
}

CH_INLINE void ch128_transpose(V *x, int G)
{
    CH_EACH_GROUP(ch128_transpose1(x + 4 * g));
}

/* Round i + k (a = the word leaving, b = the next one) in every group; rk = the round keys
 * from round i on. */
#define CH128_E(a, b, i, k)                                                                \
    CH_EACH_GROUP(a[g] = rol32_8(ADD32(XOR(a[g], CH_RC32((i) + (k))), XOR(rol32_1(b[g]), rk[k]))))
#define CH128_O(a, b, i, k)                                                                \
    CH_EACH_GROUP(a[g] = rol32_1(ADD32(XOR(a[g], CH_RC32((i) + (k))), XOR(rol32_8(b[g]), rk[k]))))
#define CH128_E_INV(a, b, i, k)                                                            \
    CH_EACH_GROUP(a[g] = XOR(SUB32(ror32_8(a[g]), XOR(rol32_1(b[g]), rk[k])), CH_RC32((i) + (k))))
#define CH128_O_INV(a, b, i, k)                                                            \
    CH_EACH_GROUP(a[g] = XOR(SUB32(ror32_1(a[g]), XOR(rol32_8(b[g]), rk[k])), CH_RC32((i) + (k))))

/* Rounds start .. rounds - 1 (multiples of 8); M = round-key count - 1. */
CH_INLINE void ch128_enc_rounds(V *x, const V *rkv, unsigned M, unsigned start, unsigned rounds,
                                int G)
{
    CH_RC_SETUP;
    CH_SPLIT(x, a, b, c, d);
    for (unsigned i = start; i < rounds; i += 8) {
        const V *rk = rkv + (i & M);
        CH128_E(a, b, i, 0);
        CH128_O(b, c, i, 1);
        CH128_E(c, d, i, 2);
        CH128_O(d, a, i, 3);
        CH128_E(a, b, i, 4);
        CH128_O(b, c, i, 5);
        CH128_E(c, d, i, 6);
        CH128_O(d, a, i, 7);
    }
    CH_JOIN(x, a, b, c, d);
}

CH_INLINE void ch128_dec_rounds(V *x, const V *rkv, unsigned M, unsigned rounds, int G)
{
    CH_RC_SETUP;
    CH_SPLIT(x, a, b, c, d);
    for (unsigned i = rounds - 8;; i -= 8) {
        const V *rk = rkv + (i & M);
        CH128_O_INV(d, a, i, 7);
        CH128_E_INV(c, d, i, 6);
        CH128_O_INV(b, c, i, 5);
        CH128_E_INV(a, b, i, 4);
        CH128_O_INV(d, a, i, 3);
        CH128_E_INV(c, d, i, 2);
        CH128_O_INV(b, c, i, 1);
        CH128_E_INV(a, b, i, 0);
        if (i == 0)
            break;
    }
    CH_JOIN(x, a, b, c, d);
}

CH_INLINE void ch128_batch(const V *rkv, unsigned M, unsigned rounds, int decrypt, int G,
                           uint8_t *out, const uint8_t *in)
{
    V x[8];
    ch_load_batch(x, in, G);
    ch128_transpose(x, G);
    if (decrypt)
        ch128_dec_rounds(x, rkv, M, rounds, G);
    else
        ch128_enc_rounds(x, rkv, M, 0, rounds, G);
    ch128_transpose(x, G);
    ch_store_batch(out, x, G);
}

/* One CTR batch of G groups: out = in ^ E(counter + block), where the counter is bytes 0-11 of
 * ctr followed by lo (its low 32 bits, kept apart by the caller). */
CH_INLINE void ch128_ctr_batch(const V *rkv, const uint32_t *rk32, unsigned M, unsigned rounds,
                               int G, ch_batch_fn ecb, uint8_t *out, const uint8_t *in,
                               const uint8_t *ctr, uint32_t lo)
{
    if (lo > 0xffffffffu - ((unsigned)G * CH_G128 - 1)) {
        uint8_t blk[CH_BATCH];
        for (unsigned j = 0; j < (unsigned)G * CH_G128; j++) {
            memcpy(blk + 16 * j, ctr, 12);
            ch_store32_be(blk + 16 * j + 12, lo);
            karx_i_ctr_add(blk + 16 * j, 16, j);
        }
        ecb(rkv, blk, blk);
        for (int k = 0; k < 4 * G; k++)
            STOREU(out + k * VBYTES, XOR(LOADU(blk + k * VBYTES), LOADU(in + k * VBYTES)));
        karx_memzero(blk, sizeof blk);
        return;
    }
    CH_RC_SETUP;
    uint32_t w0 = karx_load32_le(ctr), w1 = karx_load32_le(ctr + 4), w2 = karx_load32_le(ctr + 8);
    uint32_t t0 = karx_cham128_even(w0, w1, rk32[0], 0);
    uint32_t t1 = karx_cham128_odd(w1, w2, rk32[1], 1);
    uint32_t t4 = karx_cham128_even(t0, t1, rk32[4], 4);
    V c2 = SET1_32((int)(w2 ^ 2)), c3 = SET1_32((int)(karx_rotl32(t0, 8) ^ rk32[3]));
    V c5 = SET1_32((int)(t1 ^ 5)), lanes = LOADU(ch_lane_block128);
    V a[2], b[2], c[2], d[2];
    /* x3 of every lane, then rounds 2, 3 and 5 with their constant side; a = t4. */
    CH_EACH_GROUP((d[g] = bswap32(ADD32(SET1_32((int)(lo + (uint32_t)g * CH_G128)), lanes)),
                   c[g] = rol32_8(ADD32(c2, XOR(rol32_1(d[g]), rkv[2]))),
                   d[g] = rol32_1(ADD32(XOR(d[g], CH_RC32(3)), c3)),
                   b[g] = rol32_1(ADD32(c5, XOR(rol32_8(c[g]), rkv[5]))),
                   a[g] = SET1_32((int)t4)));
    const V *rk = rkv;
    CH128_E(c, d, 0, 6);
    CH128_O(d, a, 0, 7);
    V x[8];
    CH_JOIN(x, a, b, c, d);
    ch128_enc_rounds(x, rkv, M, 8, rounds, G);
    ch128_transpose(x, G);
    ch_store_xor_batch(out, x, in, G);
}

/* The batch kernels with the key size and the group count fixed: _n whole batches, _1 one
 * group (tails). */
#define CH128_KERNELS(sfx, G)                                                                 \
    static void ch128_enc112##sfx(const V *rkv, uint8_t *out, const uint8_t *in)              \
    {                                                                                         \
        ch128_batch(rkv, 7, 112, 0, G, out, in);                                              \
    }                                                                                         \
    static void ch128_enc120##sfx(const V *rkv, uint8_t *out, const uint8_t *in)              \
    {                                                                                         \
        ch128_batch(rkv, 15, 120, 0, G, out, in);                                             \
    }                                                                                         \
    static void ch128_dec112##sfx(const V *rkv, uint8_t *out, const uint8_t *in)              \
    {                                                                                         \
        ch128_batch(rkv, 7, 112, 1, G, out, in);                                              \
    }                                                                                         \
    static void ch128_dec120##sfx(const V *rkv, uint8_t *out, const uint8_t *in)              \
    {                                                                                         \
        ch128_batch(rkv, 15, 120, 1, G, out, in);                                             \
    }                                                                                         \
    static void ch128_ctr112##sfx(const V *rkv, const void *rk, uint8_t *out,                 \
                                  const uint8_t *in, const uint8_t *ctr, uint32_t lo)         \
    {                                                                                         \
        ch128_ctr_batch(rkv, (const uint32_t *)rk, 7, 112, G, ch128_enc112##sfx, out, in, ctr, lo);             \
    }                                                                                         \
    static void ch128_ctr120##sfx(const V *rkv, const void *rk, uint8_t *out,                 \
                                  const uint8_t *in, const uint8_t *ctr, uint32_t lo)         \
    {                                                                                         \
        ch128_ctr_batch(rkv, (const uint32_t *)rk, 15, 120, G, ch128_enc120##sfx, out, in, ctr, lo);            \
    }
CH128_KERNELS(_n, CH_GROUPS)
#if CH_GROUPS > 1
CH128_KERNELS(_1, 1)
#else
#define ch128_enc112_1 ch128_enc112_n
#define ch128_enc120_1 ch128_enc120_n
#define ch128_dec112_1 ch128_dec112_n
#define ch128_dec120_1 ch128_dec120_n
#define ch128_ctr112_1 ch128_ctr112_n
#define ch128_ctr120_1 ch128_ctr120_n
#endif

/* Round keys and kernels for key x->key; rkv: 16 vectors. */
static void ch128_setup(ch_ctx *x, V rkv[16])
{
    const karx_cham128_key *k = (const karx_cham128_key *)x->key;
    for (unsigned i = 0; i < 16; i++)
        rkv[i] = SET1_32((int)k->rk[i & (k->rk_count - 1)]);
    if (k->rounds == KARX_CHAM128_128_ROUNDS) {
        x->ecb = x->decrypt ? ch128_dec112_n : ch128_enc112_n;
        x->ecb1 = x->decrypt ? ch128_dec112_1 : ch128_enc112_1;
        x->ctr = ch128_ctr112_n;
        x->ctr1 = ch128_ctr112_1;
    } else {
        x->ecb = x->decrypt ? ch128_dec120_n : ch128_enc120_n;
        x->ecb1 = x->decrypt ? ch128_dec120_1 : ch128_enc120_1;
        x->ctr = ch128_ctr120_n;
        x->ctr1 = ch128_ctr120_1;
    }
}

static void ch128_ecb_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ch_kernel(ks, 0, 0, out, in, n, NULL);
}

static void ch128_ecb_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ch_kernel(ks, 0, 1, out, in, n, NULL);
}

static void ch128_ctr_xor(const void *ks, uint8_t *out, const uint8_t *in, size_t n,
                          const uint8_t *ctr)
{
    ch_kernel(ks, 0, 0, out, in, n, ctr);
}

/* ---- XTS (CHAM-128) ---------------------------------------------------------------------- */
#ifdef CH_XTS
/* Fused XTS where the including file defines CH_XTS (the cipher-independent pieces, vector
 * operations included, are in modes/xts_kernel.h). As in the LEA template: register k of a
 * batch holds the tweaks of blocks k*NL .. k*NL+NL-1 (NL = VBYTES/16, one per 128-bit lane), the
 * layout of the loaded blocks, so whitening is one xor before the transpose and one after; the next
 * group's tweaks are these times x^(4 NL) on every 128-bit lane (CH_XTS_MUL). */

#define XTS_V V
#define XTS_XOR XOR
#define XTS_LOADU LOADU
#define XTS_STOREU STOREU
#define XTS_NL (VBYTES / 16)
#include "../modes/xts_kernel.h"
/* A group's step, x^(4 NL): whole bytes from 32-byte registers on (XTS_MULB). */
#if VBYTES >= 32
#define CH_XTS_MUL(t, k) XTS_MULB(t, k)
#else
#define CH_XTS_MUL(t, k) XTS_MUL64(t, k)
#endif

/* One XTS batch of G groups with the tweaks of its first group in tw[0..3] (advanced past it).
 * Written out per register (CH_EACH_GROUP), not as loops over arrays: GCC turns such a loop of
 * stores into a memcpy from a stack copy, moved 16 bytes at a time (a fifth slower on AVX2). */
#define CH_XTS_IN(k) x[k] = XOR(LOADU(in + (k) * VBYTES), t[k])
#define CH_XTS_OUT(k) STOREU(out + (k) * VBYTES, XOR(x[k], t[k]))
CH_INLINE void ch128_xts_batch(const V *rkv, unsigned M, unsigned rounds, int decrypt, int G,
                               uint8_t *out, const uint8_t *in, V *tw)
{
    V t[8], x[8];
    t[0] = tw[0], t[1] = tw[1], t[2] = tw[2], t[3] = tw[3];
    if (G == 2) {
        t[4] = CH_XTS_MUL(t[0], VBYTES / 4), t[5] = CH_XTS_MUL(t[1], VBYTES / 4);
        t[6] = CH_XTS_MUL(t[2], VBYTES / 4), t[7] = CH_XTS_MUL(t[3], VBYTES / 4);
    }
    tw[0] = CH_XTS_MUL(t[4 * (G - 1)], VBYTES / 4);
    tw[1] = CH_XTS_MUL(t[4 * (G - 1) + 1], VBYTES / 4);
    tw[2] = CH_XTS_MUL(t[4 * (G - 1) + 2], VBYTES / 4);
    tw[3] = CH_XTS_MUL(t[4 * (G - 1) + 3], VBYTES / 4);
    CH_EACH_GROUP((CH_XTS_IN(4 * g), CH_XTS_IN(4 * g + 1), CH_XTS_IN(4 * g + 2),
                   CH_XTS_IN(4 * g + 3)));
    ch128_transpose(x, G);
    if (decrypt)
        ch128_dec_rounds(x, rkv, M, rounds, G);
    else
        ch128_enc_rounds(x, rkv, M, 0, rounds, G);
    ch128_transpose(x, G);
    CH_EACH_GROUP((CH_XTS_OUT(4 * g), CH_XTS_OUT(4 * g + 1), CH_XTS_OUT(4 * g + 2),
                   CH_XTS_OUT(4 * g + 3)));
}

typedef void (*ch_xts_fn)(const V *rkv, uint8_t *out, const uint8_t *in, V *tw);

#define CH128_XTS_KERNELS(sfx, G)                                                              \
    static void ch128_xe112##sfx(const V *rkv, uint8_t *out, const uint8_t *in, V *tw)        \
    {                                                                                          \
        ch128_xts_batch(rkv, 7, 112, 0, G, out, in, tw);                                       \
    }                                                                                          \
    static void ch128_xe120##sfx(const V *rkv, uint8_t *out, const uint8_t *in, V *tw)        \
    {                                                                                          \
        ch128_xts_batch(rkv, 15, 120, 0, G, out, in, tw);                                      \
    }                                                                                          \
    static void ch128_xd112##sfx(const V *rkv, uint8_t *out, const uint8_t *in, V *tw)        \
    {                                                                                          \
        ch128_xts_batch(rkv, 7, 112, 1, G, out, in, tw);                                       \
    }                                                                                          \
    static void ch128_xd120##sfx(const V *rkv, uint8_t *out, const uint8_t *in, V *tw)        \
    {                                                                                          \
        ch128_xts_batch(rkv, 15, 120, 1, G, out, in, tw);                                      \
    }
CH128_XTS_KERNELS(_n, CH_GROUPS)
#if CH_GROUPS > 1
CH128_XTS_KERNELS(_1, 1)
#else
#define ch128_xe112_1 ch128_xe112_n
#define ch128_xe120_1 ch128_xe120_n
#define ch128_xd112_1 ch128_xd112_n
#define ch128_xd120_1 ch128_xd120_n
#endif

/* What the batch loop passes to the XTS group and tail functions. */
typedef struct {
    const V *rkv;
    ch_xts_fn xts, xts1; /* a whole batch, one group */
    ch_batch_fn ecb1;    /* one group of ECB (the tail) */
    V tw[4];             /* the tweaks of the next group, in load order */
} ch_xts_ctx;

CH_INLINE void ch_xts_groups(void *ctx, uint8_t *out, const uint8_t *in, unsigned groups)
{
    ch_xts_ctx *x = (ch_xts_ctx *)ctx;
    (groups == 2 ? x->xts : x->xts1)(x->rkv, out, in, x->tw);
}

/* The one-group ECB of karx_xts_tail (the last 0 < n < CH_G128 blocks, padded). */
CH_INLINE void ch_xts_ecb1(void *ctx, uint8_t *buf, size_t n)
{
    ch_xts_ctx *x = (ch_xts_ctx *)ctx;
    (void)n;
    x->ecb1(x->rkv, buf, buf);
}

CH_INLINE void ch_xts_tail(void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    karx_xts_tail(((ch_xts_ctx *)ctx)->tw, ch_xts_ecb1, ctx, out, in, n);
}

/* One block on the portable code, for karx_xts_scalar. */
CH_INLINE void ch128_xts_block(const void *k, int decrypt, uint8_t b[16])
{
    karx_i_cham128_blocks((const karx_cham128_key *)k, decrypt, b, b, 1);
}

static void ch128_xts_xor(const void *ks, uint8_t *out, const uint8_t *in, size_t n, size_t ub,
                          uint8_t *tweaks, int decrypt)
{
    const karx_cham128_key *k = (const karx_cham128_key *)ks;
    if (n == 0)
        return;
    if (n <= CH_SCALAR_MAX || ub <= CH_SCALAR_MAX) {
        karx_xts_scalar(k, ch128_xts_block, out, in, n, ub, tweaks, decrypt);
        return;
    }
    V rkv[16];
    ch_ctx e = {.rkv = rkv, .key = ks, .w64 = 0, .decrypt = decrypt};
    ch128_setup(&e, rkv);
    const int r112 = k->rounds == KARX_CHAM128_128_ROUNDS;
    ch_xts_ctx x = {.rkv = rkv, .ecb1 = e.ecb1};
    x.xts = decrypt ? (r112 ? ch128_xd112_n : ch128_xd120_n) : (r112 ? ch128_xe112_n : ch128_xe120_n);
    x.xts1 = decrypt ? (r112 ? ch128_xd112_1 : ch128_xd120_1) : (r112 ? ch128_xe112_1 : ch128_xe120_1);
    const karx_batch_shape shape = {CH_G128, CH_GROUPS, 16};
    uint8_t s[2][VBYTES], *t = tweaks;
    const uint8_t *p = karx_xts_prep(s[0], t);
    for (size_t left = n, u = 0;; t += 16, u++) { /* unit by unit, one key setup for the call */
        size_t m = left < ub ? left : ub;
        karx_xts_load4(x.tw, p);
        if (left > m)
            p = karx_xts_prep(s[(u + 1) & 1], t + 16);
        karx_i_batch_run(shape, ch_xts_groups, ch_xts_tail, &x, out, in, m);
        left -= m;
        if (left == 0)
            break;
        in += 16 * m;
        out += 16 * m;
    }
    STOREU(s[0], x.tw[0]);
    memcpy(t, s[0], 16);
    karx_memzero(s, sizeof s);
    karx_memzero(&x, sizeof x);
    karx_memzero(rkv, sizeof rkv);
}
#define CH128_XTS_FN ch128_xts_xor
#else
#define CH128_XTS_FN NULL
#endif

const karx_block_kernels CH_TABLE128 = {CH_NAME, CH_G128, ch128_ecb_encrypt,
                                        ch128_ecb_decrypt, ch128_ctr_xor, CH128_XTS_FN, NULL};

#endif /* CH_TABLE128 */

/* ==== CHAM-64 ============================================================================= */
#ifdef CH_TABLE64

/* As ch_lane_block128: in 128-bit lane L of NL, lane q holds block
 * (q / 2) * 2 * NL + 2 * L + q % 2 of its group. */
#if VBYTES == 16
static const uint16_t ch_lane_block64[8] = {0, 1, 2, 3, 4, 5, 6, 7};
#elif VBYTES == 32
static const uint16_t ch_lane_block64[16] = {0, 1, 4, 5, 8, 9, 12, 13,
                                             2, 3, 6, 7, 10, 11, 14, 15};
#elif VBYTES == 64
static const uint16_t ch_lane_block64[32] = {0, 1, 8,  9,  16, 17, 24, 25, /* lane 0 */
                                             2, 3, 10, 11, 18, 19, 26, 27, /* lane 1 */
                                             4, 5, 12, 13, 20, 21, 28, 29, /* lane 2 */
                                             6, 7, 14, 15, 22, 23, 30, 31}; /* lane 3 */
#else
#error "VBYTES must be 16, 32 or 64"
#endif


/* Four vectors of whole blocks (two per 128-bit lane) to one vector per 16-bit word, in each
 * 128-bit lane of each group, and back. */
CH_INLINE void ch64_to_words1(V y[4])
{
    V n0 = UNPACKLO16(y[0], y[1]), n1 = UNPACKHI16(y[0], y[1]);
    V n2 = UNPACKLO16(y[2], y[3]), n3 = UNPACKHI16(y[2], y[3]);
    V m0 = UNPACKLO32(n0, n2), m2 = UNPACKHI32(n0, n2);
    V m1 = UNPACKLO32(n1, n3), m3 = UNPACKHI32(n1, n3);
    y[0] = UNPACKLO16(m0, m1);
    y[1] = UNPACKHI16(m0, m1);
    y[2] = UNPACKLO16(m2, m3);
    y[3] = UNPACKHI16(m2, m3);
}

CH_INLINE void ch64_to_words(V *x, int G)
{
    CH_EACH_GROUP(ch64_to_words1(x + 4 * g));
}

CH_INLINE void ch64_to_blocks1(V y[4])
{
    V p0 = UNPACKLO16(y[0], y[2]), p2 = UNPACKHI16(y[0], y[2]);
    V p1 = UNPACKLO16(y[1], y[3]), p3 = UNPACKHI16(y[1], y[3]);
    y[0] = UNPACKLO16(p0, p1);
    y[1] = UNPACKHI16(p0, p1);
    y[2] = UNPACKLO16(p2, p3);
    y[3] = UNPACKHI16(p2, p3);
}

CH_INLINE void ch64_to_blocks(V *x, int G)
{
    CH_EACH_GROUP(ch64_to_blocks1(x + 4 * g));
}

/* CHAM-64 keeps the words that rounds 0 and 2 mod 4 write (a and c) as the sum s before the
 * final rotation, word = rol8(s): the next round reads them through rol8, and rol8(rol8(s)) = s
 * for 16-bit words, so that rotation disappears and only the x0 side rotates (4.5 lane
 * operations a round instead of 5). b and d are plain words. */
#define CH64_E(s, w, i, k) \
    CH_EACH_GROUP(s[g] = ADD16(XOR(rol16_8(s[g]), CH_RC16((i) + (k))), XOR(rol16_1(w[g]), rk[k])))
#define CH64_O(w, s, i, k) \
    CH_EACH_GROUP(w[g] = rol16_1(ADD16(XOR(w[g], CH_RC16((i) + (k))), XOR(s[g], rk[k]))))
#define CH64_E_INV(s, w, i, k) \
    CH_EACH_GROUP(s[g] = rol16_8(XOR(SUB16(s[g], XOR(rol16_1(w[g]), rk[k])), CH_RC16((i) + (k)))))
#define CH64_O_INV(w, s, i, k) \
    CH_EACH_GROUP(w[g] = XOR(SUB16(ror16_1(w[g]), XOR(s[g], rk[k])), CH_RC16((i) + (k))))

/* Between words and the form above (words 0 and 2 of each group; rol8 is its own inverse). */
CH_INLINE void ch64_flip(V *x, int G)
{
    CH_EACH_GROUP((x[4 * g] = rol16_8(x[4 * g]), x[4 * g + 2] = rol16_8(x[4 * g + 2])));
}

/* Rounds start .. 87 (start a multiple of 8) on x in that form. */
CH_INLINE void ch64_enc_rounds(V *x, const V *rkv, unsigned start, int G)
{
    CH_RC_SETUP;
    CH_SPLIT(x, a, b, c, d);
    for (unsigned i = start; i < KARX_CHAM64_ROUNDS; i += 8) {
        const V *rk = rkv + (i & 15);
        CH64_E(a, b, i, 0);
        CH64_O(b, c, i, 1);
        CH64_E(c, d, i, 2);
        CH64_O(d, a, i, 3);
        CH64_E(a, b, i, 4);
        CH64_O(b, c, i, 5);
        CH64_E(c, d, i, 6);
        CH64_O(d, a, i, 7);
    }
    CH_JOIN(x, a, b, c, d);
}

CH_INLINE void ch64_dec_rounds(V *x, const V *rkv, int G)
{
    CH_RC_SETUP;
    CH_SPLIT(x, a, b, c, d);
    for (unsigned i = KARX_CHAM64_ROUNDS - 8;; i -= 8) {
        const V *rk = rkv + (i & 15);
        CH64_O_INV(d, a, i, 7);
        CH64_E_INV(c, d, i, 6);
        CH64_O_INV(b, c, i, 5);
        CH64_E_INV(a, b, i, 4);
        CH64_O_INV(d, a, i, 3);
        CH64_E_INV(c, d, i, 2);
        CH64_O_INV(b, c, i, 1);
        CH64_E_INV(a, b, i, 0);
        if (i == 0)
            break;
    }
    CH_JOIN(x, a, b, c, d);
}

CH_INLINE void ch64_batch(const V *rkv, int decrypt, int G, uint8_t *out, const uint8_t *in)
{
    V x[8];
    ch_load_batch(x, in, G);
    ch64_to_words(x, G);
    ch64_flip(x, G);
    if (decrypt)
        ch64_dec_rounds(x, rkv, G);
    else
        ch64_enc_rounds(x, rkv, 0, G);
    ch64_flip(x, G);
    ch64_to_blocks(x, G);
    ch_store_batch(out, x, G);
}

/* One CTR batch (see the CHAM-128 one): the counter is bytes 0-5 of ctr followed by lo, its
 * low 16 bits, which are word x3. */
CH_INLINE void ch64_ctr_batch(const V *rkv, const uint16_t *rk16, int G, ch_batch_fn ecb,
                              uint8_t *out, const uint8_t *in, const uint8_t *ctr, uint32_t lo)
{
    if (lo > 0xffffu - ((unsigned)G * CH_G64 - 1)) {
        uint8_t blk[CH_BATCH];
        for (unsigned j = 0; j < (unsigned)G * CH_G64; j++) {
            memcpy(blk + 8 * j, ctr, 6);
            blk[8 * j + 6] = (uint8_t)(lo >> 8);
            blk[8 * j + 7] = (uint8_t)lo;
            karx_i_ctr_add(blk + 8 * j, 8, j);
        }
        ecb(rkv, blk, blk);
        for (int k = 0; k < 4 * G; k++)
            STOREU(out + k * VBYTES, XOR(LOADU(blk + k * VBYTES), LOADU(in + k * VBYTES)));
        karx_memzero(blk, sizeof blk);
        return;
    }
    CH_RC_SETUP;
    uint16_t w0 = karx_cham_load16_le(ctr), w1 = karx_cham_load16_le(ctr + 2);
    uint16_t w2 = karx_cham_load16_le(ctr + 4);
    uint16_t t0 = karx_cham64_even(w0, w1, rk16[0], 0);
    uint16_t t1 = karx_cham64_odd(w1, w2, rk16[1], 1);
    uint16_t t4 = karx_cham64_even(t0, t1, rk16[4], 4);
    V c2 = SET1_16(w2 ^ 2), c3 = SET1_16(karx_cham_rol16(t0, 8) ^ rk16[3]);
    V c5 = SET1_16(t1 ^ 5), lanes = LOADU(ch_lane_block64);
    V a[2], b[2], c[2], d[2];
    /* x3 of every lane; c is round 2's sum, a = rol8(t4) (the sum form of round 4's word). */
    CH_EACH_GROUP((d[g] = rol16_8(ADD16(SET1_16((int)(lo + (unsigned)g * CH_G64)), lanes)),
                   c[g] = ADD16(c2, XOR(rol16_1(d[g]), rkv[2])),
                   d[g] = rol16_1(ADD16(XOR(d[g], CH_RC16(3)), c3)),
                   b[g] = rol16_1(ADD16(c5, XOR(c[g], rkv[5]))),
                   a[g] = SET1_16(karx_cham_rol16(t4, 8))));
    const V *rk = rkv;
    CH64_E(c, d, 0, 6);
    CH64_O(d, a, 0, 7);
    V x[8];
    CH_JOIN(x, a, b, c, d);
    ch64_enc_rounds(x, rkv, 8, G);
    ch64_flip(x, G);
    ch64_to_blocks(x, G);
    ch_store_xor_batch(out, x, in, G);
}

#define CH64_KERNELS(sfx, G)                                                                  \
    static void ch64_enc##sfx(const V *rkv, uint8_t *out, const uint8_t *in)                  \
    {                                                                                         \
        ch64_batch(rkv, 0, G, out, in);                                                       \
    }                                                                                         \
    static void ch64_dec##sfx(const V *rkv, uint8_t *out, const uint8_t *in)                  \
    {                                                                                         \
        ch64_batch(rkv, 1, G, out, in);                                                       \
    }                                                                                         \
    static void ch64_ctr##sfx(const V *rkv, const void *rk, uint8_t *out,                     \
                              const uint8_t *in, const uint8_t *ctr, uint32_t lo)             \
    {                                                                                         \
        ch64_ctr_batch(rkv, (const uint16_t *)rk, G, ch64_enc##sfx, out, in, ctr, lo);                          \
    }
CH64_KERNELS(_n, CH_GROUPS)
#if CH_GROUPS > 1
CH64_KERNELS(_1, 1)
#else
#define ch64_enc_1 ch64_enc_n
#define ch64_dec_1 ch64_dec_n
#define ch64_ctr_1 ch64_ctr_n
#endif

static void ch64_setup(ch_ctx *x, V rkv[16])
{
    const karx_cham64_key *k = (const karx_cham64_key *)x->key;
    for (unsigned i = 0; i < 16; i++)
        rkv[i] = SET1_16(k->rk[i]);
    x->ecb = x->decrypt ? ch64_dec_n : ch64_enc_n;
    x->ecb1 = x->decrypt ? ch64_dec_1 : ch64_enc_1;
    x->ctr = ch64_ctr_n;
    x->ctr1 = ch64_ctr_1;
}

static void ch64_ecb_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ch_kernel(ks, 1, 0, out, in, n, NULL);
}

static void ch64_ecb_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ch_kernel(ks, 1, 1, out, in, n, NULL);
}

static void ch64_ctr_xor(const void *ks, uint8_t *out, const uint8_t *in, size_t n,
                         const uint8_t *ctr)
{
    ch_kernel(ks, 1, 0, out, in, n, ctr);
}

const karx_block_kernels CH_TABLE64 = {CH_NAME, CH_G64, ch64_ecb_encrypt,
                                       ch64_ecb_decrypt, ch64_ctr_xor, NULL, NULL};

#endif /* CH_TABLE64 */
