/* The block loop of the single-message kernels that hold the 16-word state in 16-byte vector
 * registers (lsh{256,512}_sse_template.h for SSE2/SSSE3, lsh{256,512}_neon.c), written once;
 * the AVX2/AVX-512 kernels use lsh_layout_compress.h. The including file defines LSH_BITS (the
 * family, lsh_family.h) and, before including this file:
 *   static inline void expand(V older[], const V prev[])   older[l] = prev[l] + older[tau(l)]
 *   static inline void step(V s[], const V m[], const word *sc, int alpha, int beta)
 * or, where alpha and beta must be immediates and the steps keep shuffle patterns in registers
 * (NEON), SM_PERMS (their type), SM_PERMS_INIT(&p), SM_STEP_EVEN(s, m, sc, &p),
 * SM_STEP_ODD(...) and SM_EXPAND(older, prev, &p); and SM_V, SM_LOAD(p), SM_STORE(p, v),
 * SM_XOR(a, b) (16 bytes from and to a byte pointer) where they are not SSE2's. */
#include "lsh_family.h"

#ifndef SM_STEP_EVEN
#define SM_STEP_EVEN(s, m, sc, p) step(s, m, sc, LSHF_AE, LSHF_BE)
#define SM_STEP_ODD(s, m, sc, p) step(s, m, sc, LSHF_AO, LSHF_BO)
#define SM_EXPAND(older, prev, p) expand(older, prev)
#endif

#ifndef SM_V
#define SM_V __m128i
#define SM_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define SM_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define SM_XOR(a, b) _mm_xor_si128(a, b)
#endif

#define SM_NREG ((int)sizeof(LSHF_WORD)) /* 16-byte registers per 16 words */

static void compress(LSHF_WORD cv[16], const uint8_t *blocks, size_t nblocks)
{
#ifdef SM_PERMS
    SM_PERMS p;
    SM_PERMS_INIT(&p);
#endif
    SM_V s[SM_NREG];
    for (int i = 0; i < SM_NREG; i++)
        s[i] = SM_LOAD((const uint8_t *)cv + 16 * i);
    for (; nblocks > 0; nblocks--, blocks += 32 * sizeof(LSHF_WORD)) {
        SM_V me[SM_NREG], mo[SM_NREG]; /* message words 0-15 and 16-31 */
        for (int i = 0; i < SM_NREG; i++) {
            me[i] = SM_LOAD(blocks + 16 * i);
            mo[i] = SM_LOAD(blocks + 16 * (SM_NREG + i));
        }
        for (int j = 0; j < LSHF_STEPS; j += 2) {
            SM_STEP_EVEN(s, me, LSHF_SC[j], &p);
            SM_STEP_ODD(s, mo, LSHF_SC[j + 1], &p);
            SM_EXPAND(me, mo, &p);
            if (j + 2 < LSHF_STEPS)
                SM_EXPAND(mo, me, &p);
        }
        for (int i = 0; i < SM_NREG; i++)
            s[i] = SM_XOR(s[i], me[i]);
    }
    for (int i = 0; i < SM_NREG; i++)
        SM_STORE((uint8_t *)cv + 16 * i, s[i]);
}
