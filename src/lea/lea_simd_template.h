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

/* One round on words (a, b, c, d) with round keys K[r]; the new words are (b, c, d, a). */
#define LEA_ENC_ROUND(a, b, c, d, K, r)                                                            \
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
#define LEA_DECP_ROUND(a, b, c, d, K, r)                                                           \
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

#define LEA_ENC_INIT(d, t) ((void)0)
#define LEA_DEC_INIT(d, t) (t = LEA_XOR(d, LEA_KEY(kp, KARX_LEA_MAX_ROUNDS, 0)))

/* Rounds r .. r+3 (four renamings bring the words back to their registers), keys addressed
 * from one row pointer. The 4-round macros share one shape; t (the decryption's carried value)
 * is unused by encryption and by the plain decryption. */
#define LEA_ENC4(a, b, c, d, t, r)                                                                 \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r);                                                                   \
        LEA_ENC_ROUND(a, b, c, d, k4_, 0);                                                         \
        LEA_ENC_ROUND(b, c, d, a, k4_, 1);                                                         \
        LEA_ENC_ROUND(c, d, a, b, k4_, 2);                                                         \
        LEA_ENC_ROUND(d, a, b, c, k4_, 3);                                                         \
    } while (0)

/* Rounds r .. r-3, downwards. */
#define LEA_DEC4(a, b, c, d, t, r)                                                                 \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r);                                                                   \
        LEA_DEC_ROUND(a, b, c, d, t, k4_, 0);                                                      \
        LEA_DEC_ROUND(d, a, b, c, t, k4_, -1);                                                     \
        LEA_DEC_ROUND(c, d, a, b, t, k4_, -2);                                                     \
        LEA_DEC_ROUND(b, c, d, a, t, k4_, -3);                                                     \
    } while (0)

/* Two independent groups, round by round. */
#define LEA_ENC4X2(a, b, c, d, t, e, f, g, h, t2, r)                                               \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r);                                                                   \
        LEA_ENC_ROUND(a, b, c, d, k4_, 0);                                                         \
        LEA_ENC_ROUND(e, f, g, h, k4_, 0);                                                         \
        LEA_ENC_ROUND(b, c, d, a, k4_, 1);                                                         \
        LEA_ENC_ROUND(f, g, h, e, k4_, 1);                                                         \
        LEA_ENC_ROUND(c, d, a, b, k4_, 2);                                                         \
        LEA_ENC_ROUND(g, h, e, f, k4_, 2);                                                         \
        LEA_ENC_ROUND(d, a, b, c, k4_, 3);                                                         \
        LEA_ENC_ROUND(h, e, f, g, k4_, 3);                                                         \
    } while (0)

#define LEA_DEC4X2(a, b, c, d, t, e, f, g, h, t2, r)                                               \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r);                                                                   \
        LEA_DEC_ROUND(a, b, c, d, t, k4_, 0);                                                      \
        LEA_DEC_ROUND(e, f, g, h, t2, k4_, 0);                                                     \
        LEA_DEC_ROUND(d, a, b, c, t, k4_, -1);                                                     \
        LEA_DEC_ROUND(h, e, f, g, t2, k4_, -1);                                                    \
        LEA_DEC_ROUND(c, d, a, b, t, k4_, -2);                                                     \
        LEA_DEC_ROUND(g, h, e, f, t2, k4_, -2);                                                    \
        LEA_DEC_ROUND(b, c, d, a, t, k4_, -3);                                                     \
        LEA_DEC_ROUND(f, g, h, e, t2, k4_, -3);                                                    \
    } while (0)

#define LEA_DECP4(a, b, c, d, t, r)                                                                \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r);                                                                   \
        LEA_DECP_ROUND(a, b, c, d, k4_, 0);                                                        \
        LEA_DECP_ROUND(d, a, b, c, k4_, -1);                                                       \
        LEA_DECP_ROUND(c, d, a, b, k4_, -2);                                                       \
        LEA_DECP_ROUND(b, c, d, a, k4_, -3);                                                       \
    } while (0)

#define LEA_DECP4X2(a, b, c, d, t, e, f, g, h, t2, r)                                           \
    do {                                                                                           \
        LEA_KP_T k4_ = kp + (r);                                                                   \
        LEA_DECP_ROUND(a, b, c, d, k4_, 0);                                                        \
        LEA_DECP_ROUND(e, f, g, h, k4_, 0);                                                        \
        LEA_DECP_ROUND(d, a, b, c, k4_, -1);                                                       \
        LEA_DECP_ROUND(h, e, f, g, k4_, -1);                                                       \
        LEA_DECP_ROUND(c, d, a, b, k4_, -2);                                                       \
        LEA_DECP_ROUND(g, h, e, f, k4_, -2);                                                       \
        LEA_DECP_ROUND(b, c, d, a, k4_, -3);                                                       \
        LEA_DECP_ROUND(f, g, h, e, k4_, -3);                                                       \
    } while (0)

/* for (r = start; r < rounds; r += 4) BODY. (Unrolling each round count fully removes a few
 * register moves at the loop edge but makes the kernels ten times larger, and was slower.) */
#define LEA_FOR_ROUNDS(r, start, BODY)                                                             \
    do {                                                                                           \
        for (unsigned r = (start); r < rounds; r += 4)                                             \
            BODY;                                                                                  \
    } while (0)

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

/* ---- ECB ------------------------------------------------------------------------------- */

#define LEA_LOAD_GROUP(p, a, b, c, d)                                                              \
    do {                                                                                           \
        a = LEA_LOADU(p);                                                                          \
        b = LEA_LOADU((p) + 16 * LEA_L);                                                           \
        c = LEA_LOADU((p) + 32 * LEA_L);                                                           \
        d = LEA_LOADU((p) + 48 * LEA_L);                                                           \
        lea_transpose(&a, &b, &c, &d);                                                             \
    } while (0)

#define LEA_STORE_GROUP(p, a, b, c, d)                                                             \
    do {                                                                                           \
        lea_transpose(&a, &b, &c, &d);                                                             \
        LEA_STOREU(p, a);                                                                          \
        LEA_STOREU((p) + 16 * LEA_L, b);                                                           \
        LEA_STOREU((p) + 32 * LEA_L, c);                                                           \
        LEA_STOREU((p) + 48 * LEA_L, d);                                                           \
    } while (0)

#ifdef LEA_MASK_T
/* Masked loads and stores of the 0 < n < LEA_LANES blocks left; registers wholly past the end
 * are neither loaded nor stored. */
#define LEA_MLOAD_REG(v, j)                                                                        \
    v = ((j) * LEA_L < n) ? LEA_MLOADU(in + 16 * LEA_L * (j), LEA_MASK(n - (j) * LEA_L))           \
                          : LEA_ZERO()
#define LEA_MSTORE_REG(v, j)                                                                       \
    do {                                                                                           \
        if ((j) * LEA_L < n)                                                                       \
            LEA_MSTOREU(out + 16 * LEA_L * (j), LEA_MASK(n - (j) * LEA_L), v);                     \
    } while (0)
#endif

/* Batches of two groups, then one group, then (with masks) the tail; n is left at the number
 * of blocks still to do (0 with masks). R0 RSTEP r is round r of the loop, up or down. */
#define LEA_ECB_BODY(ROUNDS4, ROUNDS4X2, INIT, R0, RSTEP)                                          \
    do {                                                                                           \
        LEA_V a, b, c, d, t = LEA_ZERO();                                                          \
        (void)t;                                                                                   \
        if (LEA_GROUPS == 2) {                                                                     \
            for (; n >= 2 * LEA_LANES; n -= 2 * LEA_LANES) {                                       \
                LEA_V e, f, g, h, t2 = LEA_ZERO();                                                 \
                (void)t2;                                                                          \
                LEA_LOAD_GROUP(in, a, b, c, d);                                                    \
                LEA_LOAD_GROUP(in + 16 * LEA_LANES, e, f, g, h);                                   \
                INIT(d, t);                                                                        \
                INIT(h, t2);                                                                       \
                LEA_FOR_ROUNDS(r, 0, ROUNDS4X2(a, b, c, d, t, e, f, g, h, t2, R0 RSTEP r));        \
                LEA_STORE_GROUP(out, a, b, c, d);                                                  \
                LEA_STORE_GROUP(out + 16 * LEA_LANES, e, f, g, h);                                 \
                in += 32 * LEA_LANES;                                                              \
                out += 32 * LEA_LANES;                                                             \
            }                                                                                      \
        }                                                                                          \
        for (; n >= LEA_LANES; n -= LEA_LANES) {                                                   \
            LEA_LOAD_GROUP(in, a, b, c, d);                                                        \
            INIT(d, t);                                                                            \
            LEA_FOR_ROUNDS(r, 0, ROUNDS4(a, b, c, d, t, R0 RSTEP r));                              \
            LEA_STORE_GROUP(out, a, b, c, d);                                                      \
            in += 16 * LEA_LANES;                                                                  \
            out += 16 * LEA_LANES;                                                                 \
        }                                                                                          \
        LEA_ECB_TAIL(ROUNDS4, INIT, R0, RSTEP);                                                    \
    } while (0)

#ifdef LEA_MASK_T
#define LEA_ECB_TAIL(ROUNDS4, INIT, R0, RSTEP)                                                     \
    do {                                                                                           \
        if (n > 0) {                                                                               \
            LEA_MLOAD_REG(a, 0);                                                                   \
            LEA_MLOAD_REG(b, 1);                                                                   \
            LEA_MLOAD_REG(c, 2);                                                                   \
            LEA_MLOAD_REG(d, 3);                                                                   \
            lea_transpose(&a, &b, &c, &d);                                                         \
            INIT(d, t);                                                                            \
            LEA_FOR_ROUNDS(r, 0, ROUNDS4(a, b, c, d, t, R0 RSTEP r));                              \
            lea_transpose(&a, &b, &c, &d);                                                         \
            LEA_MSTORE_REG(a, 0);                                                                  \
            LEA_MSTORE_REG(b, 1);                                                                  \
            LEA_MSTORE_REG(c, 2);                                                                  \
            LEA_MSTORE_REG(d, 3);                                                                  \
            n = 0;                                                                                 \
        }                                                                                          \
    } while (0)
#else
#define LEA_ECB_TAIL(ROUNDS4, INIT, R0, RSTEP) ((void)0) /* the caller runs the scalar code */
#endif

/* Blocks one at a time with the shared round code (tails without masked stores). */
static void lea_scalar_ecb(const karx_lea_key *ks, uint8_t *out, const uint8_t *in, size_t n,
                           int decrypt)
{
    for (size_t i = 0; i < n; i++, in += 16, out += 16) {
        uint32_t x[4];
        for (int w = 0; w < 4; w++)
            x[w] = karx_load32_le(in + 4 * w);
        if (decrypt)
            karx_lea_decrypt_words(ks->rk, ks->rounds, x);
        else
            karx_lea_encrypt_words(ks->rk, ks->rounds, x);
        for (int w = 0; w < 4; w++)
            karx_store32_le(out + 4 * w, x[w]);
    }
}

/* A single block is faster in scalar code than in a masked vector pass. */
#ifdef LEA_MASK_T
#define LEA_MIN_VECTOR 2
#else
#define LEA_MIN_VECTOR LEA_LANES
#endif

static void lea_ecb_encrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t n)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    const unsigned rounds = ks->rounds;
    if (n >= LEA_MIN_VECTOR) {
        LEA_KEY_SETUP(ks->rk, 0);
        LEA_ECB_BODY(LEA_ENC4, LEA_ENC4X2, LEA_ENC_INIT, 0, +);
        LEA_KEY_WIPE();
    }
    lea_scalar_ecb(ks, out, in, n, 0); /* what the vector code left (n < LEA_LANES blocks) */
}

static void lea_ecb_decrypt(const void *ks_, uint8_t *out, const uint8_t *in, size_t n)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    const unsigned rounds = ks->rounds;
#ifdef LEA_DEC_KEYS_MIN
    if (LEA_GROUPS == 2 && n >= LEA_DEC_KEYS_MIN) {
        uint32_t dk[KARX_LEA_MAX_ROUNDS + 1][6];
        lea_dec_keys(dk, ks);
        {
            LEA_KEY_SETUP(dk, 1);
            LEA_ECB_BODY(LEA_DEC4, LEA_DEC4X2, LEA_DEC_INIT, rounds - 1, -);
            LEA_KEY_WIPE();
        }
        karx_memzero(dk, sizeof dk);
    }
#endif
    if (n >= LEA_MIN_VECTOR) {
        LEA_KEY_SETUP(ks->rk, 0);
        LEA_ECB_BODY(LEA_DECP4, LEA_DECP4X2, LEA_ENC_INIT, rounds - 1, -);
        LEA_KEY_WIPE();
    }
    lea_scalar_ecb(ks, out, in, n, 1);
}

/* ---- CTR ------------------------------------------------------------------------------- */

/* n blocks of counter mode one at a time from the big-endian counter cb, which advances. */
static void lea_scalar_ctr(const karx_lea_key *ks, uint8_t *out, const uint8_t *in, size_t n,
                           uint8_t cb[16])
{
    for (size_t i = 0; i < n; i++, in += 16, out += 16) {
        uint32_t x[4];
        for (int w = 0; w < 4; w++)
            x[w] = karx_load32_le(cb + 4 * w);
        karx_lea_encrypt_words(ks->rk, ks->rounds, x);
        for (int w = 0; w < 4; w++)
            karx_store32_le(out + 4 * w, x[w] ^ karx_load32_le(in + 4 * w));
        karx_i_ctr_add(cb, 16, 1);
    }
}

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

static void lea_ctr_xor(const void *ks_, uint8_t *out, const uint8_t *in, size_t n,
                        const uint8_t *ctr)
{
    const karx_lea_key *ks = (const karx_lea_key *)ks_;
    const unsigned rounds = ks->rounds;
    uint8_t cb[16];
    memcpy(cb, ctr, 16);
    if (n < LEA_MIN_VECTOR) {
        lea_scalar_ctr(ks, out, in, n, cb);
        return;
    }
    LEA_KEY_SETUP(ks->rk, 0);
    LEA_V p[6], ctrv = LEA_ZERO();
    const LEA_V step = LEA_SET1(LEA_LANES);
    int fresh = 0; /* p and ctrv match cb */

    while (n > 0) {
        size_t m = LEA_GROUPS == 2 && n >= 2 * LEA_LANES ? 2 * LEA_LANES
                   : n >= LEA_LANES                    ? LEA_LANES
                                                       : n;
#ifndef LEA_MASK_T
        if (m < LEA_LANES)
            break;
#endif
        uint32_t lo = lea_load32_be(cb + 12);
        if (lo > 0xffffffffu - (uint32_t)(m - 1)) {
            /* The low word carries inside this batch (rare): block by block. */
            lea_scalar_ctr(ks, out, in, m, cb);
            fresh = 0;
        } else {
            if (!fresh) {
                lea_ctr_precompute(p, ks, cb);
                ctrv = LEA_ADD(LEA_SET1(lo), LEA_OFFSETS());
                fresh = 1;
            }
            LEA_V a, b, c, d;
            LEA_V v = LEA_BSWAP32(ctrv);
            ctrv = LEA_ADD(ctrv, step);
            if (LEA_GROUPS == 2 && m == 2 * LEA_LANES) {
                LEA_V e, f, g, h;
                LEA_V v2 = LEA_BSWAP32(ctrv);
                ctrv = LEA_ADD(ctrv, step);
                LEA_CTR_FIRST4(v, a, b, c, d);
                LEA_CTR_FIRST4(v2, e, f, g, h);
                LEA_FOR_ROUNDS(r, 4, LEA_ENC4X2(a, b, c, d, 0, e, f, g, h, 0, r));
                lea_transpose(&a, &b, &c, &d);
                lea_transpose(&e, &f, &g, &h);
                LEA_XOR_STORE(0, a);
                LEA_XOR_STORE(1, b);
                LEA_XOR_STORE(2, c);
                LEA_XOR_STORE(3, d);
                LEA_XOR_STORE(4, e);
                LEA_XOR_STORE(5, f);
                LEA_XOR_STORE(6, g);
                LEA_XOR_STORE(7, h);
            } else {
                LEA_CTR_FIRST4(v, a, b, c, d);
                LEA_FOR_ROUNDS(r, 4, LEA_ENC4(a, b, c, d, 0, r));
                lea_transpose(&a, &b, &c, &d);
                if (m == LEA_LANES) {
                    LEA_XOR_STORE(0, a);
                    LEA_XOR_STORE(1, b);
                    LEA_XOR_STORE(2, c);
                    LEA_XOR_STORE(3, d);
                } else {
#ifdef LEA_MASK_T
                    LEA_V t;
                    LEA_MLOAD_REG(t, 0);
                    a = LEA_XOR(a, t);
                    LEA_MLOAD_REG(t, 1);
                    b = LEA_XOR(b, t);
                    LEA_MLOAD_REG(t, 2);
                    c = LEA_XOR(c, t);
                    LEA_MLOAD_REG(t, 3);
                    d = LEA_XOR(d, t);
                    LEA_MSTORE_REG(a, 0);
                    LEA_MSTORE_REG(b, 1);
                    LEA_MSTORE_REG(c, 2);
                    LEA_MSTORE_REG(d, 3);
#endif
                }
            }
            uint64_t next = (uint64_t)lo + m;
            if (next >> 32) {
                karx_i_ctr_add(cb, 16, m);
                fresh = 0;
            } else {
                cb[12] = (uint8_t)(next >> 24);
                cb[13] = (uint8_t)(next >> 16);
                cb[14] = (uint8_t)(next >> 8);
                cb[15] = (uint8_t)next;
            }
        }
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    LEA_KEY_WIPE();
    lea_scalar_ctr(ks, out, in, n, cb); /* without masks: the last n < LEA_LANES blocks */
}

const karx_block_kernels LEA_TABLE = {LEA_NAME, LEA_LANES, lea_ecb_encrypt, lea_ecb_decrypt,
                                      lea_ctr_xor};
