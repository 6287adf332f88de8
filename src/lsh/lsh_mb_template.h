/* The multi-buffer LSH kernel, written once for every vector width: SIMD lane i hashes its own
 * message, so vector w holds word w of every lane, sigma and tau are register renaming, and
 * every rotation is by an immediate (gamma, a whole number of bytes, through a byte shuffle on
 * another port than the shifts/rotates). Included by lsh{256,512}_{avx2,avx512}_mb.c, which
 * define first:
 *   V, LANES, MB_WORD (uint32_t / uint64_t), MB_FN (the kernel's name),
 *   MB_STEPS, MB_SC (step constants), MB_GAMMA (gamma table), MB_AE, MB_BE, MB_AO, MB_BO
 *   (alpha/beta of even and odd steps),
 *   ADD(a, b), XOR(a, b), ROL(x, r) (r an immediate), SET1(word), SHUFB(x, mask),
 *   ROTB(k) (byte-shuffle mask rotating every word left by k bytes), LOADV(p), STOREV(p, v),
 *   and static inline void load_block(V me[16], V mo[16], const uint8_t *const *blocks), which
 *   transposes the lanes' blocks into the message words M_0 (me) and M_1 (mo). */

/* Step j: the message words M_j = a + tau(b) are made pair by pair as Mix needs them (M_j = a
 * in the first two steps, EXP = 0), which keeps fewer registers live; then Mix_j and sigma, and
 * b gets M_j. A and B must be immediates, hence a macro. */
#define MB_DEFINE_STEP(name, A, B, EXP)                                                            \
    static inline void name(V c[16], const V a[16], V b[16], const MB_WORD sc[8], const V g[8])    \
    {                                                                                              \
        V t[16], n[16];                                                                            \
        KARX_UNROLL for (int l = 0; l < 8; l++) {                                                       \
            n[l] = EXP ? ADD(a[l], b[karx_lsh_tau[l]]) : a[l];                                     \
            n[l + 8] = EXP ? ADD(a[l + 8], b[karx_lsh_tau[l + 8]]) : a[l + 8];                     \
            V x = XOR(c[l], n[l]), y = XOR(c[l + 8], n[l + 8]);                                    \
            x = XOR(ROL(ADD(x, y), A), SET1(sc[l]));                                               \
            y = ROL(ADD(x, y), B);                                                                 \
            t[l] = ADD(x, y);                                                                      \
            t[l + 8] = MB_GAMMA[l] ? SHUFB(y, g[l]) : y;                                           \
        }                                                                                          \
        KARX_UNROLL for (int l = 0; l < 16; l++) {                                                      \
            c[l] = t[karx_lsh_sigma[l]];                                                           \
            b[l] = n[l];                                                                           \
        }                                                                                          \
    }

MB_DEFINE_STEP(mb_step0_even, MB_AE, MB_BE, 0)
MB_DEFINE_STEP(mb_step0_odd, MB_AO, MB_BO, 0)
MB_DEFINE_STEP(mb_step_even, MB_AE, MB_BE, 1)
MB_DEFINE_STEP(mb_step_odd, MB_AO, MB_BO, 1)

void MB_FN(MB_WORD *state, const uint8_t *const *blocks)
{
    V g[8]; /* gamma as byte shuffles */
    KARX_UNROLL for (int l = 0; l < 8; l++)
        g[l] = ROTB(MB_GAMMA[l] / 8);
    V c[16], me[16], mo[16]; /* CV; the latest even- and odd-numbered message word sets */
    KARX_UNROLL for (int w = 0; w < 16; w++)
        c[w] = LOADV(state + w * LANES);
    load_block(me, mo, blocks);

    mb_step0_even(c, me, me, MB_SC[0], g);
    mb_step0_odd(c, mo, mo, MB_SC[1], g);
    for (int j = 2; j < MB_STEPS; j += 2) {
        mb_step_even(c, mo, me, MB_SC[j], g);
        mb_step_odd(c, me, mo, MB_SC[j + 1], g);
    }
    KARX_UNROLL for (int w = 0; w < 16; w++) /* CV ^= M_steps */
        STOREV(state + w * LANES, XOR(c[w], ADD(mo[w], me[karx_lsh_tau[w]])));
}
