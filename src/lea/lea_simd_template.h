/* Word-sliced LEA kernels, one body for SSE2 (4 blocks per xmm), AVX2 (8 per ymm) and AVX-512
 * (16 per zmm). Included once by each ISA file after it defines:
 *
 *   LEA_V                vector type; LEA_L = its number of 128-bit lanes (1, 2, 4)
 *   LEA_LOADU(p), LEA_STOREU(p, v), LEA_ZERO(), LEA_SET1(u32)
 *   LEA_XOR, LEA_ADD, LEA_SUB, LEA_ROL(v, n), LEA_ROR(v, n)
 *   LEA_UNPLO32, LEA_UNPHI32, LEA_UNPLO64, LEA_UNPHI64   (per-128-bit-lane unpacks)
 *   LEA_BSWAP32(v)       byte swap of each 32-bit element
 *   LEA_OFFSETS()        counter offset of each element (see "Lane order" below)
 *   LEA_KP_T, LEA_KEY(kp, r, j)   round key word j of round r as a vector; kp is ks->rk, or,
 *                        with LEA_EXPAND_KEYS, a stack table of pre-broadcast vectors
 *   LEA_GROUPS           1, or 2 to run two independent groups of blocks interleaved
 *   LEA_NAME, LEA_TABLE  back-end name and the karx_block_kernels object to define
 *   optionally LEA_MASK_T, LEA_MASK(k), LEA_MLOADU(p, m), LEA_MSTOREU(p, m, v): masked loads
 *                        and stores of the first k (>= 1) blocks of a register (more than a
 *                        register holds means all); without them tails run the scalar code.
 *   optionally LEA_DEC_KEYS_MIN: decryption calls of at least this many blocks use combined
 *                        round keys for a shorter dependency chain (see LEA_DEC_ROUND).
 *   optionally LEA_GCM_FN: the table's gcm_xor (a function another file defines), else NULL;
 *   or LEA_GCM (a function name): instead of the table, that gcm_xor (GCTR with GHASH in the
 *                        rounds; the file includes aead/ghash_zmm.h and has its flags).
 *
 * Lane order. Register j of a group loads blocks L*j .. L*j+L-1 (one per 128-bit lane); a 4x4
 * transpose inside each 128-bit lane turns the four registers into four word registers W0..W3,
 * element 4*l + j of W_i being word i of block L*j + l. The same transpose brings the words
 * back, so ECB needs no cross-lane shuffle. CTR builds the word registers directly: element
 * 4*l + j gets counter offset L*j + l (LEA_OFFSETS), words 0..2 are the counter's constant
 * high words, word 3 is the byte-swapped low 32 bits, and after the rounds one transpose gives
 * four registers of L consecutive keystream blocks each.
 *
 * CTR also computes once per run of constant high words what does not depend on word 3:
 * most of rounds 1-4 (30 vector ops instead of 48). A batch in which the low 32 bits carry
 * runs the scalar code block by block.
 *
 * Two groups of blocks run interleaved round by round (LEA_GROUPS 2): one group's chain of
 * dependent ops leaves the ports idle at times, more so in decryption. A call for one block
 * runs the scalar code, which is faster for it than a masked vector pass. */
#include <string.h>

#include "karx/lea.h"

#include "../common/endian.h"
#include "../modes/block_batch.h"
#include "lea_core.h"

#define LEA_LANES (4 * LEA_L)
#define LEA_INLINE static inline __attribute__((always_inline))

LEA_INLINE void lea_transpose(LEA_V *a, LEA_V *b, LEA_V *c, LEA_V *d)
{
    LEA_V t0 = LEA_UNPLO32(*a, *b), t1 = LEA_UNPHI32(*a, *b);
    LEA_V t2 = LEA_UNPLO32(*c, *d), t3 = LEA_UNPHI32(*c, *d);
    *a = LEA_UNPLO64(t0, t2);
    *b = LEA_UNPHI64(t0, t2);
    *c = LEA_UNPLO64(t1, t3);
    *d = LEA_UNPHI64(t1, t3);
}


/* One round on words (a, b, c, d) with round keys K[r]; the new words are (b, c, d, a). t is
 * unused (all round macros take the decryption's carried value). */
#define LEA_ENC_ROUND(a, b, c, d, t, K, r)                                                         \
    do {                                                                                           \
        d = LEA_ROR(LEA_ADD(LEA_XOR(c, LEA_KEY(K, r, 4)), LEA_XOR(d, LEA_KEY(K, r, 5))), 3);       \
        c = LEA_ROR(LEA_ADD(LEA_XOR(b, LEA_KEY(K, r, 2)), LEA_XOR(c, LEA_KEY(K, r, 3))), 5);       \
        b = LEA_ROL(LEA_ADD(LEA_XOR(a, LEA_KEY(K, r, 0)), LEA_XOR(b, LEA_KEY(K, r, 1))), 9);       \
    } while (0)

/* The inverse of round r on words (a, b, c, d) = (Y0, Y1, Y2, Y3), new words (d, a, b, c):
 *   X1 = (ROR9(Y0) - (Y3 ^ k0)) ^ k1, X2 = (ROL5(Y1) - (X1 ^ k2)) ^ k3,
 *   X3 = (ROL3(Y2) - (X2 ^ k4)) ^ k5.
 * Written as is, each word waits for the previous one through xor, sub, xor: 9 ops a round on
 * the critical path. Instead each difference s is xored twice, in parallel, with keys combined
 * in advance (lea_dec_keys): X1 = s1 ^ k1 and X1 ^ k2 = s1 ^ (k1 ^ k2), and so on, and the next
 * round's Y3 ^ k0 comes straight from s3; the path is sub, xor per word (6 ops a round) at the
 * same 12 ops. t carries Y3 ^ k0 from round to round; dk[r] = {k1, k1^k2, k3, k3^k4, k5,
 * k5 ^ rk[r-1][0]}, and row KARX_LEA_MAX_ROUNDS holds the first t's key, rk[rounds-1][0]. */
#define LEA_DEC_ROUND(a, b, c, d, t, K, r)                                                         \
    do {                                                                                           \
        a = LEA_SUB(LEA_ROR(a, 9), t);                                                             \
        t = LEA_XOR(a, LEA_KEY(K, r, 1));                                                          \
        a = LEA_XOR(a, LEA_KEY(K, r, 0));                                                          \
        b = LEA_SUB(LEA_ROL(b, 5), t);                                                             \
        t = LEA_XOR(b, LEA_KEY(K, r, 3));                                                          \
        b = LEA_XOR(b, LEA_KEY(K, r, 2));                                                          \
        c = LEA_SUB(LEA_ROL(c, 3), t);                                                             \
        t = LEA_XOR(c, LEA_KEY(K, r, 5));                                                          \
        c = LEA_XOR(c, LEA_KEY(K, r, 4));                                                          \
    } while (0)

/* The same inverse written directly on rk (no combined keys): shorter calls, and the ISAs that
 * are throughput-bound anyway. t is unused. */
#define LEA_DECP_ROUND(a, b, c, d, t, K, r)                                                        \
    do {                                                                                           \
        a = LEA_XOR(LEA_SUB(LEA_ROR(a, 9), LEA_XOR(d, LEA_KEY(K, r, 0))), LEA_KEY(K, r, 1));       \
        b = LEA_XOR(LEA_SUB(LEA_ROL(b, 5), LEA_XOR(a, LEA_KEY(K, r, 2))), LEA_KEY(K, r, 3));       \
        c = LEA_XOR(LEA_SUB(LEA_ROL(c, 3), LEA_XOR(b, LEA_KEY(K, r, 4))), LEA_KEY(K, r, 5));       \
    } while (0)

#ifdef LEA_DEC_KEYS_MIN
/* LEA_DEC_KEYS_MIN (set by ISAs where decryption is latency-bound, i.e. AVX-512): calls of at
 * least this many blocks use the combined keys; building and wiping them costs ~200 cycles. */
static void lea_dec_keys(uint32_t dk[KARX_LEA_MAX_ROUNDS + 1][6], const karx_lea_key *ks)
{
    const uint32_t(*rk)[6] = ks->rk;
    for (unsigned r = 0; r < ks->rounds; r++) {
        dk[r][0] = rk[r][1];
        dk[r][1] = rk[r][1] ^ rk[r][2];
        dk[r][2] = rk[r][3];
        dk[r][3] = rk[r][3] ^ rk[r][4];
        dk[r][4] = rk[r][5];
        dk[r][5] = rk[r][5] ^ (r > 0 ? rk[r - 1][0] : 0);
    }
    dk[KARX_LEA_MAX_ROUNDS][0] = rk[ks->rounds - 1][0];
}
#endif

/* Round macro R on group 0's words (a0 .. d0, carried value t0) and, where two groups run,
 * group 1's: the two independent chains go round by round side by side. */
#define LEA_ON_GROUPS(R, a, b, c, d, r)                                                            \
    do {                                                                                           \
        R(a##0, b##0, c##0, d##0, t0, k4_, r);                                                     \
        if (two)                                                                                   \
            R(a##1, b##1, c##1, d##1, t1, k4_, r);                                                 \
    } while (0)

/* Rounds r0 .. r0+3 up, or r0 .. r0-3 down (four renamings bring the words back to their
 * registers), keys addressed from one row pointer. */
#define LEA_UP4(R, r0)                                                                             \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r0);                                                                  \
        LEA_ON_GROUPS(R, a, b, c, d, 0);                          \
        LEA_ON_GROUPS(R, b, c, d, a, 1);                          \
        LEA_ON_GROUPS(R, c, d, a, b, 2);                          \
        LEA_ON_GROUPS(R, d, a, b, c, 3);                          \
    } while (0)
#define LEA_DOWN4(R, r0)                                                                           \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r0);                                                                  \
        LEA_ON_GROUPS(R, a, b, c, d, 0);                          \
        LEA_ON_GROUPS(R, d, a, b, c, -1);                         \
        LEA_ON_GROUPS(R, c, d, a, b, -2);                          \
        LEA_ON_GROUPS(R, b, c, d, a, -3);                        \
    } while (0)

enum { LEA_OP_ENC, LEA_OP_DEC, LEA_OP_DECP, LEA_OP_CTR };

/* The rounds of op on the word registers of one group (w[0..3]) or two (w[4..7] the second),
 * interleaved: encryption (CTR: from round 5 on, LEA_CTR_FIRST4 having done rounds 1-4),
 * decryption with the combined keys (LEA_DEC_ROUND) or on rk (LEA_DECP_ROUND). */
LEA_INLINE void lea_rounds(LEA_KP_T kp, unsigned rounds, int op, unsigned groups, LEA_V *w)
{
    const int two = groups == 2;
    LEA_V a0 = w[0], b0 = w[1], c0 = w[2], d0 = w[3], t0 = LEA_ZERO();
    LEA_V a1 = t0, b1 = t0, c1 = t0, d1 = t0, t1 = t0;
    if (two) {
        a1 = w[4];
        b1 = w[5];
        c1 = w[6];
        d1 = w[7];
    }
    if (op == LEA_OP_ENC || op == LEA_OP_CTR) {
        for (unsigned r = op == LEA_OP_CTR ? 4 : 0; r < rounds; r += 4)
            LEA_UP4(LEA_ENC_ROUND, r);
    } else if (op == LEA_OP_DEC) {
        t0 = LEA_XOR(d0, LEA_KEY(kp, KARX_LEA_MAX_ROUNDS, 0));
        t1 = LEA_XOR(d1, LEA_KEY(kp, KARX_LEA_MAX_ROUNDS, 0));
        for (unsigned r = 0; r < rounds; r += 4)
            LEA_DOWN4(LEA_DEC_ROUND, rounds - 1 - r);
    } else {
        for (unsigned r = 0; r < rounds; r += 4)
            LEA_DOWN4(LEA_DECP_ROUND, rounds - 1 - r);
    }
    w[0] = a0, w[1] = b0, w[2] = c0, w[3] = d0;
    if (two)
        w[4] = a1, w[5] = b1, w[6] = c1, w[7] = d1;
}

/* ---- key sources ----------------------------------------------------------------------- */

#ifdef LEA_EXPAND_KEYS
/* Round keys broadcast once per call into a stack table (ISAs without a broadcast load):
 * rows 0 .. rounds-1 of src, and row KARX_LEA_MAX_ROUNDS when extra is set. */
#define LEA_KEY_SETUP(src, extra)                                                                  \
    LEA_V ek[KARX_LEA_MAX_ROUNDS + 1][KARX_LEA_ROUND_KEY_WORDS];                                   \
    for (unsigned r = 0; r < rounds; r++)                                                          \
        for (unsigned j = 0; j < KARX_LEA_ROUND_KEY_WORDS; j++)                                    \
            ek[r][j] = LEA_SET1((src)[r][j]);                                                      \
    if (extra)                                                                                     \
        ek[KARX_LEA_MAX_ROUNDS][0] = LEA_SET1((src)[KARX_LEA_MAX_ROUNDS][0]);                      \
    LEA_KP_T kp = (LEA_KP_T)ek
#define LEA_KEY_WIPE() karx_memzero(ek, sizeof ek)
#else
#define LEA_KEY_SETUP(src, extra) LEA_KP_T kp = (LEA_KP_T)(src)
#define LEA_KEY_WIPE() ((void)0)
#endif

/* ---- the batch loop's context ------------------------------------------------------------ */

typedef struct {
    const karx_lea_key *ks;
    LEA_KP_T kp; /* round keys as LEA_KEY reads them */
    unsigned rounds;
    uint8_t *cb; /* CTR: the big-endian counter of the next block */
    LEA_V p[6];  /* CTR: lea_ctr_precompute's values for cb */
    LEA_V ctrv;  /* CTR: the low counter words of the next group, in lane order */
    int fresh;   /* CTR: p and ctrv match cb */
#ifdef LEA_GCM
    const uint64_t *hs; /* GCM: the stitch table of H */
    const uint8_t *gd;  /* GCM: the 32 blocks to GHASH during this batch's rounds, or NULL */
    int gd_done;        /* GCM: they were (not on the scalar carry path) */
    __m128i s;          /* GCM: the GHASH state */
#endif
} lea_ctx;

#define LEA_SHAPE ((karx_batch_shape){LEA_LANES, LEA_GROUPS, 16})

/* ---- ECB ------------------------------------------------------------------------------- */

#define LEA_LOAD_GROUP(p, w)                                                                       \
    do {                                                                                           \
        (w)[0] = LEA_LOADU(p);                                                                     \
        (w)[1] = LEA_LOADU((p) + 16 * LEA_L);                                                      \
        (w)[2] = LEA_LOADU((p) + 32 * LEA_L);                                                      \
        (w)[3] = LEA_LOADU((p) + 48 * LEA_L);                                                      \
        lea_transpose(&(w)[0], &(w)[1], &(w)[2], &(w)[3]);                                         \
    } while (0)

#define LEA_STORE_GROUP(p, w)                                                                      \
    do {                                                                                           \
        lea_transpose(&(w)[0], &(w)[1], &(w)[2], &(w)[3]);                                         \
        LEA_STOREU(p, (w)[0]);                                                                     \
        LEA_STOREU((p) + 16 * LEA_L, (w)[1]);                                                      \
        LEA_STOREU((p) + 32 * LEA_L, (w)[2]);                                                      \
        LEA_STOREU((p) + 48 * LEA_L, (w)[3]);                                                      \
    } while (0)

/* groups whole groups of ECB op. */
LEA_INLINE void lea_ecb_groups(void *ctx, uint8_t *out, const uint8_t *in, unsigned groups,
                               int op)
{
    const lea_ctx *x = (const lea_ctx *)ctx;
    LEA_V w[8];
    LEA_LOAD_GROUP(in, w);
    if (groups == 2)
        LEA_LOAD_GROUP(in + 16 * LEA_LANES, w + 4);
    lea_rounds(x->kp, x->rounds, op, groups, w);
    LEA_STORE_GROUP(out, w);
    if (groups == 2)
        LEA_STORE_GROUP(out + 16 * LEA_LANES, w + 4);
}

#ifdef LEA_MASK_T
/* Masked loads and stores of the 0 < n < LEA_LANES blocks left; registers wholly past the end
 * are neither loaded nor stored. */
LEA_INLINE LEA_V lea_mload(const uint8_t *in, size_t n, unsigned j)
{
    return j * LEA_L < n ? LEA_MLOADU(in + 16 * LEA_L * j, LEA_MASK(n - j * LEA_L)) : LEA_ZERO();
}

LEA_INLINE void lea_mstore(uint8_t *out, size_t n, unsigned j, LEA_V v)
{
    if (j * LEA_L < n)
        LEA_MSTOREU(out + 16 * LEA_L * j, LEA_MASK(n - j * LEA_L), v);
}

/* The tail as one masked group. */
LEA_INLINE void lea_ecb_tail(void *ctx, uint8_t *out, const uint8_t *in, size_t n, int op)
{
    const lea_ctx *x = (const lea_ctx *)ctx;
    LEA_V w[8] = {lea_mload(in, n, 0), lea_mload(in, n, 1), lea_mload(in, n, 2),
                  lea_mload(in, n, 3)};
    lea_transpose(&w[0], &w[1], &w[2], &w[3]);
    lea_rounds(x->kp, x->rounds, op, 1, w);
    lea_transpose(&w[0], &w[1], &w[2], &w[3]);
    for (unsigned j = 0; j < 4; j++)
        lea_mstore(out, n, j, w[j]);
}
/* A single block is faster in scalar code than in a masked vector pass. */
#define LEA_MIN_VECTOR 2
#else
/* The tail one block at a time with the shared round code. */
LEA_INLINE void lea_ecb_tail(void *ctx, uint8_t *out, const uint8_t *in, size_t n, int op)
{
    const lea_ctx *x = (const lea_ctx *)ctx;
    karx_lea_ecb_blocks(x->ks->rk, x->rounds, op != LEA_OP_ENC, out, in, n);
}
#define LEA_MIN_VECTOR LEA_LANES
#endif

/* The batch loop's group and tail functions for each op. */
LEA_INLINE void lea_enc_groups(void *x, uint8_t *o, const uint8_t *i, unsigned g)
{
    lea_ecb_groups(x, o, i, g, LEA_OP_ENC);
}
LEA_INLINE void lea_enc_tail(void *x, uint8_t *o, const uint8_t *i, size_t n)
{
    lea_ecb_tail(x, o, i, n, LEA_OP_ENC);
}
LEA_INLINE void lea_decp_groups(void *x, uint8_t *o, const uint8_t *i, unsigned g)
{
    lea_ecb_groups(x, o, i, g, LEA_OP_DECP);
}
LEA_INLINE void lea_decp_tail(void *x, uint8_t *o, const uint8_t *i, size_t n)
{
    lea_ecb_tail(x, o, i, n, LEA_OP_DECP);
}

static void lea_ecb_encrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t n)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    const unsigned rounds = ks->rounds;
    if (n < LEA_MIN_VECTOR) {
        karx_lea_ecb_blocks(ks->rk, rounds, 0, out, in, n);
        return;
    }
    LEA_KEY_SETUP(ks->rk, 0);
    lea_ctx x = {.ks = ks, .kp = kp, .rounds = rounds};
    karx_i_batch_run(LEA_SHAPE, lea_enc_groups, lea_enc_tail, &x, out, in, n);
    LEA_KEY_WIPE();
}

#ifdef LEA_DEC_KEYS_MIN
LEA_INLINE void lea_dec_groups(void *x, uint8_t *o, const uint8_t *i, unsigned g)
{
    lea_ecb_groups(x, o, i, g, LEA_OP_DEC);
}
LEA_INLINE void lea_dec_tail(void *x, uint8_t *o, const uint8_t *i, size_t n)
{
    lea_ecb_tail(x, o, i, n, LEA_OP_DEC);
}

/* Long calls: the combined round keys (see LEA_DEC_ROUND). */
static void lea_ecb_decrypt_long(const karx_lea_key *ks, uint8_t *out, const uint8_t *in,
                                 size_t n)
{
    const unsigned rounds = ks->rounds;
    uint32_t dk[KARX_LEA_MAX_ROUNDS + 1][6];
    lea_dec_keys(dk, ks);
    {
        LEA_KEY_SETUP(dk, 1);
        lea_ctx x = {.ks = ks, .kp = kp, .rounds = rounds};
        karx_i_batch_run(LEA_SHAPE, lea_dec_groups, lea_dec_tail, &x, out, in, n);
        LEA_KEY_WIPE();
    }
    karx_memzero(dk, sizeof dk);
}
#endif

static void lea_ecb_decrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t n)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    const unsigned rounds = ks->rounds;
#ifdef LEA_DEC_KEYS_MIN
    if (LEA_GROUPS == 2 && n >= LEA_DEC_KEYS_MIN) {
        lea_ecb_decrypt_long(ks, out, in, n);
        return;
    }
#endif
    if (n < LEA_MIN_VECTOR) {
        karx_lea_ecb_blocks(ks->rk, rounds, 1, out, in, n);
        return;
    }
    LEA_KEY_SETUP(ks->rk, 0);
    lea_ctx x = {.ks = ks, .kp = kp, .rounds = rounds};
    karx_i_batch_run(LEA_SHAPE, lea_decp_groups, lea_decp_tail, &x, out, in, n);
    LEA_KEY_WIPE();
}

/* ---- CTR ------------------------------------------------------------------------------- */

static inline uint32_t lea_load32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The parts of rounds 1-4 that depend only on the counter's words 0..2 (w0..w2), as vectors:
 *   round 1: A1 = ROL9((w0^k0)+(w1^k1)), B1 = ROR5((w1^k2)+(w2^k3)); p0 = w2^k4
 *   round 2: A2 = ROL9((A1^k0)+(B1^k1)); p1 = B1^k2, p2 = w0^k5
 *   round 3: p3 = A2^k0, p4 = A1^k5;     round 4: p5 = A2^k5 */
static void lea_ctr_precompute(LEA_V p[6], const karx_lea_key *ks, const uint8_t cb[16])
{
    const uint32_t(*rk)[6] = ks->rk;
    uint32_t w0 = karx_load32_le(cb), w1 = karx_load32_le(cb + 4), w2 = karx_load32_le(cb + 8);
    uint32_t a1 = karx_rotl32((w0 ^ rk[0][0]) + (w1 ^ rk[0][1]), 9);
    uint32_t b1 = karx_lea_rotr32((w1 ^ rk[0][2]) + (w2 ^ rk[0][3]), 5);
    uint32_t a2 = karx_rotl32((a1 ^ rk[1][0]) + (b1 ^ rk[1][1]), 9);
    p[0] = LEA_SET1(w2 ^ rk[0][4]);
    p[1] = LEA_SET1(b1 ^ rk[1][2]);
    p[2] = LEA_SET1(w0 ^ rk[1][5]);
    p[3] = LEA_SET1(a2 ^ rk[2][0]);
    p[4] = LEA_SET1(a1 ^ rk[2][5]);
    p[5] = LEA_SET1(a2 ^ rk[3][5]);
}

/* Rounds 1-4 from word 3 (v) and the precomputed p; leaves the words in a, b, c, d. */
#define LEA_CTR_FIRST4(v, a, b, c, d)                                                              \
    do {                                                                                           \
        LEA_V c1_ = LEA_ROR(LEA_ADD(p[0], LEA_XOR(v, LEA_KEY(kp, 0, 5))), 3);                      \
        LEA_V b2_ = LEA_ROR(LEA_ADD(p[1], LEA_XOR(c1_, LEA_KEY(kp, 1, 3))), 5);                    \
        LEA_V c2_ = LEA_ROR(LEA_ADD(LEA_XOR(c1_, LEA_KEY(kp, 1, 4)), p[2]), 3);                    \
        LEA_V a3_ = LEA_ROL(LEA_ADD(p[3], LEA_XOR(b2_, LEA_KEY(kp, 2, 1))), 9);                    \
        LEA_V b3_ =                                                                                \
            LEA_ROR(LEA_ADD(LEA_XOR(b2_, LEA_KEY(kp, 2, 2)), LEA_XOR(c2_, LEA_KEY(kp, 2, 3))), 5); \
        LEA_V c3_ = LEA_ROR(LEA_ADD(LEA_XOR(c2_, LEA_KEY(kp, 2, 4)), p[4]), 3);                    \
        a = LEA_ROL(LEA_ADD(LEA_XOR(a3_, LEA_KEY(kp, 3, 0)), LEA_XOR(b3_, LEA_KEY(kp, 3, 1))), 9); \
        b = LEA_ROR(LEA_ADD(LEA_XOR(b3_, LEA_KEY(kp, 3, 2)), LEA_XOR(c3_, LEA_KEY(kp, 3, 3))), 5); \
        c = LEA_ROR(LEA_ADD(LEA_XOR(c3_, LEA_KEY(kp, 3, 4)), p[5]), 3);                            \
        d = a3_;                                                                                   \
    } while (0)

#define LEA_XOR_STORE(j, v)                                                                        \
    LEA_STOREU(out + 16 * LEA_L * (j), LEA_XOR(v, LEA_LOADU(in + 16 * LEA_L * (j))))

#ifdef LEA_GCM
/* The CTR rounds of two groups (32 blocks, one GHASH group) with the eight GHASH pieces of the
 * 32 blocks at x->gd (if any) spread between them, two after each four rounds: the carry-less
 * products run in the ports the ARX chains leave idle, instead of after the rounds. */
LEA_INLINE void lea_gcm_rounds(lea_ctx *x, LEA_KP_T kp, LEA_V *w)
{
    const int two = 1;
    const unsigned rounds = x->rounds;
    const uint8_t *gd = x->gd;
    LEA_V a0 = w[0], b0 = w[1], c0 = w[2], d0 = w[3], t0 = LEA_ZERO();
    LEA_V a1 = w[4], b1 = w[5], c1 = w[6], d1 = w[7], t1 = t0;
    (void)t0, (void)t1; /* the decryption rounds' carried value: unused here */
    karx_i_gh_zacc acc;
    karx_i_gh_zstart(&acc);
    int piece = 0;
    for (unsigned r = 4; r < rounds; r += 4) { /* 5 to 7 steps: room for the 8 pieces */
        LEA_UP4(LEA_ENC_ROUND, r);
        if (gd != NULL && piece < 8) {
            karx_i_gh_zpiece(&acc, x->hs, gd, piece, x->s);
            karx_i_gh_zpiece(&acc, x->hs, gd, piece + 1, x->s);
            piece += 2;
        }
    }
    if (gd != NULL) {
        x->s = karx_i_gh_zfinish(&acc);
        x->gd_done = 1;
    }
    w[0] = a0, w[1] = b0, w[2] = c0, w[3] = d0;
    w[4] = a1, w[5] = b1, w[6] = c1, w[7] = d1;
}
#define LEA_CTR_ROUNDS(x, kp, groups, w) lea_gcm_rounds(x, kp, w)
#else
#define LEA_CTR_ROUNDS(x, kp, groups, w) lea_rounds(kp, (x)->rounds, LEA_OP_CTR, groups, w)
#endif

/* m blocks of CTR: groups (1 or 2) whole groups, or with groups 0 (masks only) the last
 * 0 < m < LEA_LANES blocks in one. */
LEA_INLINE void lea_ctr_blocks(lea_ctx *x, uint8_t *out, const uint8_t *in, size_t m,
                               unsigned groups)
{
    uint8_t *cb = x->cb;
    uint32_t lo = lea_load32_be(cb + 12);
    if (lo > 0xffffffffu - (uint32_t)(m - 1)) {
        /* The low word carries inside this batch (rare): block by block. */
        karx_lea_ctr_blocks(x->ks->rk, x->rounds, out, in, m, cb);
        x->fresh = 0;
        return;
    }
    if (!x->fresh) {
        lea_ctr_precompute(x->p, x->ks, cb);
        x->ctrv = LEA_ADD(LEA_SET1(lo), LEA_OFFSETS());
        x->fresh = 1;
    }
    const LEA_V *p = x->p, step = LEA_SET1(LEA_LANES);
    LEA_KP_T kp = x->kp;
    LEA_V w[8], v = LEA_BSWAP32(x->ctrv);
    x->ctrv = LEA_ADD(x->ctrv, step);
    LEA_CTR_FIRST4(v, w[0], w[1], w[2], w[3]);
    if (groups == 2) {
        v = LEA_BSWAP32(x->ctrv);
        x->ctrv = LEA_ADD(x->ctrv, step);
        LEA_CTR_FIRST4(v, w[4], w[5], w[6], w[7]);
    }
    LEA_CTR_ROUNDS(x, kp, groups, w);
    lea_transpose(&w[0], &w[1], &w[2], &w[3]);
    if (groups == 2)
        lea_transpose(&w[4], &w[5], &w[6], &w[7]);
    if (groups > 0) {
        LEA_XOR_STORE(0, w[0]);
        LEA_XOR_STORE(1, w[1]);
        LEA_XOR_STORE(2, w[2]);
        LEA_XOR_STORE(3, w[3]);
    }
    if (groups == 2) {
        LEA_XOR_STORE(4, w[4]);
        LEA_XOR_STORE(5, w[5]);
        LEA_XOR_STORE(6, w[6]);
        LEA_XOR_STORE(7, w[7]);
    }
#ifdef LEA_MASK_T
    if (groups == 0) {
        for (unsigned j = 0; j < 4; j++)
            lea_mstore(out, m, j, LEA_XOR(w[j], lea_mload(in, m, j)));
    }
#endif
    uint64_t next = (uint64_t)lo + m;
    if (next >> 32) {
        karx_i_ctr_add(cb, 16, m);
        x->fresh = 0;
    } else {
        cb[12] = (uint8_t)(next >> 24);
        cb[13] = (uint8_t)(next >> 16);
        cb[14] = (uint8_t)(next >> 8);
        cb[15] = (uint8_t)next;
    }
}

LEA_INLINE void lea_ctr_groups(void *x, uint8_t *out, const uint8_t *in, unsigned groups)
{
    lea_ctr_blocks((lea_ctx *)x, out, in, groups * (size_t)LEA_LANES, groups);
}

LEA_INLINE void lea_ctr_tail(void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    lea_ctx *x = (lea_ctx *)ctx;
#ifdef LEA_MASK_T
    lea_ctr_blocks(x, out, in, n, 0);
#else
    karx_lea_ctr_blocks(x->ks->rk, x->rounds, out, in, n, x->cb);
#endif
}

static void lea_ctr_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t n,
                        const uint8_t *ctr)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    const unsigned rounds = ks->rounds;
    uint8_t cb[16];
    memcpy(cb, ctr, 16);
    if (n < LEA_MIN_VECTOR) {
        karx_lea_ctr_blocks(ks->rk, rounds, out, in, n, cb);
        return;
    }
    LEA_KEY_SETUP(ks->rk, 0);
    lea_ctx x = {.ks = ks, .kp = kp, .rounds = rounds, .cb = cb};
    karx_i_batch_run(LEA_SHAPE, lea_ctr_groups, lea_ctr_tail, &x, out, in, n);
    LEA_KEY_WIPE();
}

/* ---- XTS ------------------------------------------------------------------------------- */

#ifdef LEA_XTS
/* Fused XTS where the ISA file defines LEA_XTS (the cipher-independent pieces, vector
 * operations included, are in modes/xts_kernel.h). The tweaks live in registers laid out like
 * the loaded blocks: register j of a group holds the tweaks of blocks L*j .. L*j+L-1, one per
 * 128-bit lane, so whitening is one xor before the transpose and one after. The next group's
 * tweaks are these times x^(4L) (x^(8L) past a pair), on each 128-bit lane at once. */

#define XTS_V LEA_V
#define XTS_XOR LEA_XOR
#define XTS_LOADU LEA_LOADU
#define XTS_STOREU LEA_STOREU
#define XTS_NL LEA_L
#include "../modes/xts_kernel.h"
/* x^(4L), a group's step (bits when one lane), and x^(8L), a pair's (always whole bytes). */
#if LEA_L > 1
#define LEA_XTS_STEP(t) XTS_MULB(t, 4 * LEA_L)
#else
#define LEA_XTS_STEP(t) XTS_MUL64(t, 4 * LEA_L)
#endif
#define LEA_XTS_STEP2(t) XTS_MULB(t, 8 * LEA_L)

typedef struct {
    const karx_lea_key *ks;
    LEA_KP_T kp; /* round keys as LEA_KEY reads them */
    unsigned rounds;
    int op;
    size_t more; /* blocks after which the next tweaks are needed: the unit's, or SIZE_MAX */
    LEA_V tw[8]; /* the tweaks of the next two groups, in load order */
} lea_xts_ctx;

/* groups whole groups: whiten, the rounds of one or two groups, whiten. The next tweaks are
 * these times x^(8L), a whole-byte step (9 ops a register), computed only where the unit goes
 * on. Written out per register, not as loops over arrays: GCC turns such a loop of stores into
 * a memcpy from a stack copy, moved 16 bytes at a time. */
#define LEA_XTS_IN(j) w[j] = LEA_XOR(LEA_LOADU(in + 16 * LEA_L * (j)), t[j])
#define LEA_XTS_OUT(j) LEA_STOREU(out + 16 * LEA_L * (j), LEA_XOR(w[j], t[j]))
/* x->tw after the groups just run (their tweaks t): all eight on by x^(8L) after two groups;
 * after one, the second four become the first and the first four move on into the second. */
#define LEA_XTS_NEXT(d, s) x->tw[d] = LEA_XTS_STEP2(t[s])
#define LEA_XTS_CHAIN(d) x->tw[d] = LEA_XTS_X1(x->tw[(d) - 1])
LEA_INLINE void lea_xts_next(lea_xts_ctx *x, const LEA_V *t, unsigned groups)
{
    if (groups == 2) {
#if LEA_L == 1 && defined(LEA_XTS_X1)
        /* One block a register: each tweak is the one before times x, a serial chain of 5 ops
         * a register that the rounds hide, instead of x^8 from eight back (9). */
        x->tw[0] = LEA_XTS_X1(t[7]), LEA_XTS_CHAIN(1), LEA_XTS_CHAIN(2), LEA_XTS_CHAIN(3);
        LEA_XTS_CHAIN(4), LEA_XTS_CHAIN(5), LEA_XTS_CHAIN(6), LEA_XTS_CHAIN(7);
#else
        LEA_XTS_NEXT(0, 0), LEA_XTS_NEXT(1, 1), LEA_XTS_NEXT(2, 2), LEA_XTS_NEXT(3, 3);
        LEA_XTS_NEXT(4, 4), LEA_XTS_NEXT(5, 5), LEA_XTS_NEXT(6, 6), LEA_XTS_NEXT(7, 7);
#endif
    } else {
        x->tw[0] = t[4], x->tw[1] = t[5], x->tw[2] = t[6], x->tw[3] = t[7];
#if LEA_L == 1 && defined(LEA_XTS_X1)
        x->tw[4] = LEA_XTS_X1(t[7]), LEA_XTS_CHAIN(5), LEA_XTS_CHAIN(6), LEA_XTS_CHAIN(7);
#else
        LEA_XTS_NEXT(4, 0), LEA_XTS_NEXT(5, 1), LEA_XTS_NEXT(6, 2), LEA_XTS_NEXT(7, 3);
#endif
    }
}

LEA_INLINE void lea_xts_groups_op(void *ctx, uint8_t *out, const uint8_t *in, unsigned groups,
                                  int op)
{
    lea_xts_ctx *x = (lea_xts_ctx *)ctx;
    LEA_V t[8], w[8];
    t[0] = x->tw[0], t[1] = x->tw[1], t[2] = x->tw[2], t[3] = x->tw[3];
    t[4] = x->tw[4], t[5] = x->tw[5], t[6] = x->tw[6], t[7] = x->tw[7];
    x->more -= groups * (size_t)LEA_LANES;
    if (x->more != 0)
        lea_xts_next(x, t, groups);
    LEA_XTS_IN(0), LEA_XTS_IN(1), LEA_XTS_IN(2), LEA_XTS_IN(3);
    lea_transpose(&w[0], &w[1], &w[2], &w[3]);
    if (groups == 2) {
        LEA_XTS_IN(4), LEA_XTS_IN(5), LEA_XTS_IN(6), LEA_XTS_IN(7);
        lea_transpose(&w[4], &w[5], &w[6], &w[7]);
    }
    lea_rounds(x->kp, x->rounds, op, groups, w);
    lea_transpose(&w[0], &w[1], &w[2], &w[3]);
    LEA_XTS_OUT(0), LEA_XTS_OUT(1), LEA_XTS_OUT(2), LEA_XTS_OUT(3);
    if (groups == 2) {
        lea_transpose(&w[4], &w[5], &w[6], &w[7]);
        LEA_XTS_OUT(4), LEA_XTS_OUT(5), LEA_XTS_OUT(6), LEA_XTS_OUT(7);
    }
}

/* The ECB tail of karx_xts_tail (the last 0 < n < LEA_LANES blocks). */
LEA_INLINE void lea_xts_ecb_tail(void *ctx, uint8_t *buf, size_t n)
{
    lea_xts_ctx *x = (lea_xts_ctx *)ctx;
    lea_ctx e = {.ks = x->ks, .kp = x->kp, .rounds = x->rounds};
    lea_ecb_tail(&e, buf, buf, n, x->op);
}

LEA_INLINE void lea_xts_tail(void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    karx_xts_tail(((lea_xts_ctx *)ctx)->tw, lea_xts_ecb_tail, ctx, out, in, n);
}

LEA_INLINE void lea_xts_enc_groups(void *x, uint8_t *o, const uint8_t *i, unsigned g)
{
    lea_xts_groups_op(x, o, i, g, LEA_OP_ENC);
}
LEA_INLINE void lea_xts_decp_groups(void *x, uint8_t *o, const uint8_t *i, unsigned g)
{
    lea_xts_groups_op(x, o, i, g, LEA_OP_DECP);
}
#ifdef LEA_DEC_KEYS_MIN
LEA_INLINE void lea_xts_dec_groups(void *x, uint8_t *o, const uint8_t *i, unsigned g)
{
    lea_xts_groups_op(x, o, i, g, LEA_OP_DEC);
}
#endif

/* One block with the shared round code, for karx_xts_scalar. */
LEA_INLINE void lea_xts_block(const void *ks, int decrypt, uint8_t b[16])
{
    const karx_lea_key *k = (const karx_lea_key *)ks;
    karx_lea_ecb_blocks(k->rk, k->rounds, decrypt, b, b, 1);
}

/* A unit's first group of tweaks from its tweak T (karx_xts_prep, run one unit ahead, and
 * then this): registers 0-3, and 4-7 that times x^(4L). */
LEA_INLINE void lea_xts_load(LEA_V tw[8], const uint8_t *p)
{
#if LEA_L == 1 && defined(LEA_XTS_X1)
    tw[0] = LEA_LOADU(p);
    tw[1] = LEA_XTS_X1(tw[0]), tw[2] = LEA_XTS_X1(tw[1]), tw[3] = LEA_XTS_X1(tw[2]);
    tw[4] = LEA_XTS_X1(tw[3]), tw[5] = LEA_XTS_X1(tw[4]), tw[6] = LEA_XTS_X1(tw[5]);
    tw[7] = LEA_XTS_X1(tw[6]);
#else
    karx_xts_load4(tw, p);
    tw[4] = LEA_XTS_STEP(tw[0]), tw[5] = LEA_XTS_STEP(tw[1]);
    tw[6] = LEA_XTS_STEP(tw[2]), tw[7] = LEA_XTS_STEP(tw[3]);
#endif
}

/* The next unit's tweak registers. With one lane a register they are computed a whole unit
 * ahead (their 7-step chain then overlaps the rounds: 1.5% on 512-byte sectors on SSE2), else
 * when the unit starts (the copy costs more than the short chain there: 1% on AVX2); the
 * scalar part, karx_xts_prep, is one step further ahead either way. */
#if LEA_L == 1
#define LEA_XTS_FIRST(nx_, s_, t_) lea_xts_load(nx_, karx_xts_prep(s_[0], t_))
#define LEA_XTS_UNIT(nx_, p_, u_)                                                                 \
    do {                                                                                           \
        x.tw[0] = nx_[0], x.tw[1] = nx_[1], x.tw[2] = nx_[2], x.tw[3] = nx_[3];                    \
        x.tw[4] = nx_[4], x.tw[5] = nx_[5], x.tw[6] = nx_[6], x.tw[7] = nx_[7];                    \
        if (left_ > m_) {                                                                          \
            lea_xts_load(nx_, p_);                                                                 \
            if (left_ - m_ > ub)                                                                   \
                p_ = karx_xts_prep(s_[u_ & 1], t_ + 32);                                           \
        }                                                                                          \
    } while (0)
#else
#define LEA_XTS_FIRST(nx_, s_, t_) ((void)nx_)
#define LEA_XTS_UNIT(nx_, p_, u_)                                                                 \
    do {                                                                                           \
        lea_xts_load(x.tw, u_ == 0 ? karx_xts_prep(s_[0], t_) : p_);                               \
        if (left_ > m_)                                                                            \
            p_ = karx_xts_prep(s_[(u_ + 1) & 1], t_ + 16);                                         \
    } while (0)
#endif

/* Runs the batch loop with groups g over each unit in turn (the key setup is the call's, not
 * the unit's: one call takes a run of sectors); the tweak of the block after the last unit
 * comes back from register 0's first lane (its next tweaks are always computed). */
#define LEA_XTS_RUN(g, kp_, op_)                                                                   \
    do {                                                                                           \
        lea_xts_ctx x = {.ks = ks, .kp = (kp_), .rounds = ks->rounds, .op = (op_)};               \
        uint8_t s_[2][16 * LEA_L];                                                                 \
        LEA_V nx_[8];                                                                              \
        uint8_t *t_ = tweaks;                                                                      \
        LEA_XTS_FIRST(nx_, s_, t_);                                                                \
        const uint8_t *p_ = LEA_L == 1 && n > ub ? karx_xts_prep(s_[1], t_ + 16) : NULL;           \
        for (size_t left_ = n, u_ = 0;; t_ += 16, u_++) {                                          \
            size_t m_ = left_ < ub ? left_ : ub;                                                   \
            LEA_XTS_UNIT(nx_, p_, u_);                                                             \
            x.more = left_ > m_ ? m_ : SIZE_MAX;                                                   \
            karx_i_batch_run(LEA_SHAPE, g, lea_xts_tail, &x, out, in, m_);                         \
            left_ -= m_;                                                                           \
            if (left_ == 0)                                                                        \
                break;                                                                             \
            in += 16 * m_;                                                                         \
            out += 16 * m_;                                                                        \
        }                                                                                          \
        LEA_STOREU(s_[0], x.tw[0]);                                                                \
        memcpy(t_, s_[0], 16);                                                                     \
        karx_memzero(s_, sizeof s_);                                                               \
        karx_memzero(x.tw, sizeof x.tw);                                                           \
        karx_memzero(nx_, sizeof nx_);                                                             \
    } while (0)

static void lea_xts_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t n, size_t ub,
                        uint8_t *tweaks, int decrypt)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    const unsigned rounds = ks->rounds;
    (void)rounds; /* LEA_KEY_SETUP's, where it expands keys */
    if (n == 0)
        return;
    if (n < LEA_MIN_VECTOR || ub < LEA_MIN_VECTOR) {
        karx_xts_scalar(ks, lea_xts_block, out, in, n, ub, tweaks, decrypt);
        return;
    }
#ifdef LEA_DEC_KEYS_MIN
    if (decrypt && LEA_GROUPS == 2 && n >= LEA_DEC_KEYS_MIN) {
        uint32_t dk[KARX_LEA_MAX_ROUNDS + 1][6];
        lea_dec_keys(dk, ks);
        {
            LEA_KEY_SETUP(dk, 1);
            LEA_XTS_RUN(lea_xts_dec_groups, kp, LEA_OP_DEC);
            LEA_KEY_WIPE();
        }
        karx_memzero(dk, sizeof dk);
        return;
    }
#endif
    LEA_KEY_SETUP(ks->rk, 0);
    if (decrypt)
        LEA_XTS_RUN(lea_xts_decp_groups, kp, LEA_OP_DECP);
    else
        LEA_XTS_RUN(lea_xts_enc_groups, kp, LEA_OP_ENC);
    LEA_KEY_WIPE();
}
#define LEA_XTS_FN lea_xts_xor
#else
#define LEA_XTS_FN NULL
#endif

#ifndef LEA_GCM
#ifndef LEA_GCM_FN
#define LEA_GCM_FN NULL
#endif
const karx_block_kernels LEA_TABLE = {LEA_NAME, LEA_LANES, lea_ecb_encrypt, lea_ecb_decrypt,
                                      lea_ctr_xor, LEA_XTS_FN, LEA_GCM_FN};
#else
/* ---- GCM: GCTR with GHASH folded into the rounds (karx_block_kernels.gcm_xor) --------------
 * Batches of 32 blocks (two groups, one GHASH group): a batch's rounds carry the GHASH of the
 * 32 ciphertext blocks before it (seal: the previous batch's output) or of its own input
 * (open: loaded during the rounds, before the batch's stores, so out == in works). */
#if LEA_LANES * LEA_GROUPS != 32
#error "LEA_GCM needs 32 blocks a batch (AVX-512: 16 lanes, 2 groups)"
#endif
void LEA_GCM(const void *ks_, const uint64_t *hs, uint8_t y[16], uint8_t *out, const uint8_t *in,
             size_t nblocks, const uint8_t *ctr, int decrypt)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    uint8_t cb[16];
    memcpy(cb, ctr, 16);
    LEA_KEY_SETUP(ks->rk, 0);
    lea_ctx x = {.ks = ks, .kp = kp, .rounds = ks->rounds, .cb = cb, .hs = hs};
    x.s = karx_i_gh_bswap128(_mm_loadu_si128((const __m128i *)(const void *)y));
    const uint8_t *pend = NULL; /* seal: the batch written last, not yet hashed */
    for (size_t i = 0; i < nblocks; i += 32) {
        x.gd = decrypt ? in : pend;
        x.gd_done = 0;
        lea_ctr_blocks(&x, out, in, 32, 2);
        if (x.gd != NULL && !x.gd_done) /* the scalar path of a carry (callers avoid it) */
            x.s = karx_i_gh_zrun(hs, x.s, x.gd, 32);
        pend = out;
        in += 16 * 32;
        out += 16 * 32;
    }
    if (!decrypt && pend != NULL)
        x.s = karx_i_gh_zrun(hs, x.s, pend, 32);
    _mm_storeu_si128((__m128i *)(void *)y, karx_i_gh_bswap128(x.s));
    LEA_KEY_WIPE();
}
#endif
