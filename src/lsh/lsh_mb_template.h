/* The multi-buffer LSH kernel, written once for every vector width: SIMD lane i hashes its own
 * message, so vector w holds word w of every lane, sigma and tau are register renaming, and
 * every rotation is by an immediate (gamma, a whole number of bytes, through a byte shuffle on
 * another port than the shifts/rotates). Each lsh{256,512}_{sse2,avx2,avx512,neon}_mb.c is one
 * instantiation: it defines LSH_BITS (256 or 512: the family, see lsh_family.h) and LANES,
 * includes its ISA's operations (lsh_mb_{sse2,avx2,avx512,neon}.h):
 *   V, ADD(a, b), XOR(a, b), AND(a, b), OR(a, b), ROL(x, r) (r an immediate), SET1(word),
 *   LOADV(p), STOREV(p, v), and either SHUFB(x, mask) with ROTB(k) (byte-shuffle mask rotating
 *   every word left by k bytes) or MB_ROT_GAMMA(y, l, g) (y rotated by gamma[l] on its own),
 * then defines MB_FN and optionally MB_FN_TAIL (the kernels' names), MB_CHUNK_WORDS, and
 *   static inline void load_words(V m[MB_CHUNK_WORDS], const uint8_t *const *blocks, size_t off),
 * which transposes words off / word size .. + MB_CHUNK_WORDS of every lane's block into m, and
 * includes this file last. */

#ifndef MB_ROT_GAMMA /* gamma by byte shuffle, the masks g made once per block */
#define MB_ROT_GAMMA(y, l, g) (LSHF_GAMMA[l] ? SHUFB(y, (g)[l]) : (y))
#endif

#define MB_CHUNK_BYTES (MB_CHUNK_WORDS * sizeof(LSHF_WORD))

/* Message word w of the block: M_0 (me) holds words 0-15, M_1 (mo) words 16-31. */
static inline V *mb_word(V me[16], V mo[16], int w) { return w < 16 ? me + w : mo + (w - 16); }

static inline void load_block(V me[16], V mo[16], const uint8_t *const *blocks)
{
    KARX_UNROLL for (int c = 0; c < 32 / MB_CHUNK_WORDS; c++)
        load_words(mb_word(me, mo, c * MB_CHUNK_WORDS), blocks, (size_t)c * MB_CHUNK_BYTES);
}

#ifdef MB_FN_TAIL
/* The last block of messages whose final tail bytes (the same count in every lane) start at
 * tails[lane]: chunks past the tail are not loaded, and the padding (0x80, then zeros) is put
 * in with lane-uniform masks, so nothing is copied. Reads whole chunks: up to
 * MB_CHUNK_BYTES - 1 bytes past the tail. */
static inline void load_tail_block(V me[16], V mo[16], const uint8_t *const *tails, size_t tail)
{
    KARX_UNROLL for (int c = 0; c < 32 / MB_CHUNK_WORDS; c++) {
        V *m = mb_word(me, mo, c * MB_CHUNK_WORDS);
        if ((size_t)c * MB_CHUNK_BYTES < tail) {
            load_words(m, tails, (size_t)c * MB_CHUNK_BYTES);
        } else {
            KARX_UNROLL for (int i = 0; i < MB_CHUNK_WORDS; i++)
                m[i] = SET1(0);
        }
    }
    KARX_UNROLL for (int w = 0; w < 32; w++) {
        size_t lo = (size_t)w * sizeof(LSHF_WORD);
        if (lo + sizeof(LSHF_WORD) <= tail)
            continue; /* all message bytes */
        V *m = mb_word(me, mo, w);
        if (lo > tail) {
            *m = SET1(0); /* after the pad byte */
            continue;
        }
        unsigned used = (unsigned)(tail - lo); /* message bytes in this word, then 0x80 */
        LSHF_WORD keep = used ? (LSHF_WORD)(((LSHF_WORD)1 << (8 * used)) - 1) : 0;
        *m = OR(AND(*m, SET1(keep)), SET1((LSHF_WORD)0x80 << (8 * used)));
    }
}
#endif

/* Step j: the message words M_j = a + tau(b) are made pair by pair as Mix needs them (M_j = a
 * in the first two steps, EXP = 0), which keeps fewer registers live; then Mix_j and sigma, and
 * b gets M_j. A and B must be immediates, hence a macro. */
#define MB_DEFINE_STEP(name, A, B, EXP)                                                            \
    static inline void name(V c[16], const V a[16], V b[16], const LSHF_WORD sc[8], const V g[8])    \
    {                                                                                              \
        V t[16], n[16];                                                                            \
        (void)g; /* unused where MB_ROT_GAMMA rotates without masks */                             \
        KARX_UNROLL for (int l = 0; l < 8; l++) {                                                       \
            n[l] = EXP ? ADD(a[l], b[karx_lsh_tau[l]]) : a[l];                                     \
            n[l + 8] = EXP ? ADD(a[l + 8], b[karx_lsh_tau[l + 8]]) : a[l + 8];                     \
            V x = XOR(c[l], n[l]), y = XOR(c[l + 8], n[l + 8]);                                    \
            x = XOR(ROL(ADD(x, y), A), SET1(sc[l]));                                               \
            y = ROL(ADD(x, y), B);                                                                 \
            t[l] = ADD(x, y);                                                                      \
            t[l + 8] = MB_ROT_GAMMA(y, l, g);                                                      \
        }                                                                                          \
        KARX_UNROLL for (int l = 0; l < 16; l++) {                                                      \
            c[l] = t[karx_lsh_sigma[l]];                                                           \
            b[l] = n[l];                                                                           \
        }                                                                                          \
    }

MB_DEFINE_STEP(mb_step0_even, LSHF_AE, LSHF_BE, 0)
MB_DEFINE_STEP(mb_step0_odd, LSHF_AO, LSHF_BO, 0)
MB_DEFINE_STEP(mb_step_even, LSHF_AE, LSHF_BE, 1)
MB_DEFINE_STEP(mb_step_odd, LSHF_AO, LSHF_BO, 1)

/* One block per lane from message words already in registers. */
static inline __attribute__((always_inline)) void mb_compress(LSHF_WORD *state, V me[16], V mo[16])
{
    V g[8]; /* gamma as byte shuffles */
    KARX_UNROLL for (int l = 0; l < 8; l++)
        g[l] = ROTB(LSHF_GAMMA[l] / 8);
    V c[16]; /* CV; me, mo: the latest even- and odd-numbered message word sets */
    KARX_UNROLL for (int w = 0; w < 16; w++)
        c[w] = LOADV(state + w * LANES);

    mb_step0_even(c, me, me, LSHF_SC[0], g);
    mb_step0_odd(c, mo, mo, LSHF_SC[1], g);
    for (int j = 2; j < LSHF_STEPS; j += 2) {
        mb_step_even(c, mo, me, LSHF_SC[j], g);
        mb_step_odd(c, me, mo, LSHF_SC[j + 1], g);
    }
    KARX_UNROLL for (int w = 0; w < 16; w++) /* CV ^= M_steps */
        STOREV(state + w * LANES, XOR(c[w], ADD(mo[w], me[karx_lsh_tau[w]])));
}

void MB_FN(LSHF_WORD *state, const uint8_t *const *blocks)
{
    V me[16], mo[16];
    load_block(me, mo, blocks);
    mb_compress(state, me, mo);
}

#ifdef MB_FN_TAIL
void MB_FN_TAIL(LSHF_WORD *state, const uint8_t *const *tails, size_t tail)
{
    V me[16], mo[16];
    load_tail_block(me, mo, tails, tail);
    mb_compress(state, me, mo);
}
#endif
