/* The lane kernels (src/lanes/): every one this machine runs, for LEA-128/192/256 and
 * CHAM-128/128 and /256, against karx_cipher_encrypt_block lane by lane (itself checked against
 * the published vectors by the cipher tests): random keys a lane each, random blocks, several
 * rounds of schedule-then-encrypt on one context (a refill reschedules it), and a back end the
 * CPU supports must have its kernel. */
#include <stdint.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cpu.h"
#include "common/endian.h"
#include "aead/ghash.h"
#include "lanes/lanes.h"
#include "registry/registry.h"
#include "test_util.h"

/* The GCM members: gcm32_xor equals ctr32_xor plus GHASH over the ciphertext (the portable
 * GHASH, from each lane's own H and state), for 1..9 steps (the four-step reductions and the
 * single steps after them), sealing and opening, with and without the pre and post blocks
 * (GHASH over pre || ciphertext || post); ghash equals the portable GHASH. */
static void fused(const karx_i_lanes_kernel *k, void *ctx, const uint8_t **kp, size_t kl,
                  karx_cipher_alg alg, const char *bname)
{
    enum { MAXS = 9 };
    static uint8_t src[KARX_I_LANES_MAX][MAXS * 16], d1[KARX_I_LANES_MAX][MAXS * 16],
        d2[KARX_I_LANES_MAX][MAXS * 16];
    static uint64_t htab[KARX_I_LANES_MAX][2 * KARX_I_GHASH_POWERS];
    uint8_t y[KARX_I_LANES_MAX][16], want[KARX_I_LANES_MAX][16], hb[16];
    uint8_t preb[KARX_I_LANES_MAX][16], postb[KARX_I_LANES_MAX][16];
    const uint8_t *pre[KARX_I_LANES_MAX], *post[KARX_I_LANES_MAX];
    _Alignas(64) uint32_t c[4 * KARX_I_LANES_MAX];
    uint8_t *o1[KARX_I_LANES_MAX], *o2[KARX_I_LANES_MAX], *ys[KARX_I_LANES_MAX];
    const uint8_t *in[KARX_I_LANES_MAX], *hs[KARX_I_LANES_MAX];
    unsigned L = k->lanes < KARX_I_LANES_MAX ? k->lanes : KARX_I_LANES_MAX; /* bounds for gcc */
    for (size_t run = 0; run < 4 * MAXS; run++) {
        size_t nsteps = 1 + run % MAXS;
        int enc = (int)(nsteps & 1), with_pre = (int)(run / MAXS & 1), with_post = (int)(run / MAXS >> 1);
        uint32_t live = (uint32_t)t_rand64() & ((1u << L) - 1u);
        for (unsigned i = 0; i < L; i++) {
            t_fill(src[i], sizeof src[i]);
            t_fill(hb, 16);
            karx_i_ghash_powers_portable(htab[i], hb, KARX_I_GHASH_POWERS);
            t_fill(y[i], 16);
            memcpy(want[i], y[i], 16);
            for (unsigned j = 0; j < 4; j++)
                c[j * L + i] = (uint32_t)t_rand64();
            in[i] = src[i];
            o1[i] = d1[i];
            o2[i] = d2[i];
            ys[i] = y[i];
            hs[i] = (const uint8_t *)(const void *)htab[i];
            t_fill(preb[i], 16);
            t_fill(postb[i], 16);
            pre[i] = preb[i];
            post[i] = postb[i];
        }
        k->schedule(ctx, kp, kl);
        k->ctr32_xor(ctx, c, o1, in, 0, nsteps, live);
        if (k->gcm32_xor != NULL) {
            k->gcm32_xor(ctx, c, o2, in, 0, nsteps, live, enc, ys, hs, with_pre ? pre : NULL,
                         with_post ? post : NULL);
            for (unsigned i = 0; i < L; i++) {
                if (!(live >> i & 1))
                    continue;
                if (with_pre)
                    karx_i_ghash_blocks_portable(htab[i], want[i], preb[i], 1);
                karx_i_ghash_blocks_portable(htab[i], want[i], enc ? d1[i] : src[i], nsteps);
                if (with_post)
                    karx_i_ghash_blocks_portable(htab[i], want[i], postb[i], 1);
                CHECK(memcmp(d1[i], d2[i], 16 * nsteps) == 0 && memcmp(y[i], want[i], 16) == 0,
                      "%s %s gcm32_xor lane %u steps %zu enc %d pre %d post %d", bname,
                      karx_cipher_name(alg), i, nsteps, enc, with_pre, with_post);
            }
        }
        if (k->ghash != NULL) {
            for (unsigned i = 0; i < L; i++) {
                memcpy(want[i], y[i], 16);
                if (live >> i & 1)
                    karx_i_ghash_blocks_portable(htab[i], want[i], src[i], nsteps);
            }
            k->ghash(ys, hs, in, nsteps, live);
            for (unsigned i = 0; i < L; i++)
                if (live >> i & 1)
                    CHECK(memcmp(y[i], want[i], 16) == 0, "%s ghash lane %u blocks %zu", bname, i,
                          nsteps);
        }
    }
}

/* A back end the CPU runs has a lane kernel of its own (ssse3 takes sse2's). */
static void check_backend(karx_cipher_alg alg, const char *bname)
{
    const karx_i_lanes_kernel *k = karx_i_lanes_for_backend(alg, bname);
    karx_backend b;
    int runs = karx_backend_from_name(bname, &b) == KARX_OK && karx_backend_supported(b);
    int ssse3 = strcmp(bname, "ssse3") == 0;
    CHECK((k != NULL) == (runs && !ssse3), "%s %s: a kernel where the back end runs", bname,
          karx_cipher_name(alg));
    if (k != NULL)
        CHECK(strcmp(k->backend, bname) == 0 && k->lanes >= 4 && k->lanes <= KARX_I_LANES_MAX,
              "%s: name and lanes", bname);
}

/* Every member of one lane kernel (impl bname of alg's list). */
static void one(const karx_i_lanes_kernel *k, karx_cipher_alg alg, const char *bname)
{
    _Alignas(KARX_I_LANES_CTX_ALIGN) unsigned char ctx[KARX_I_LANES_CTX_BYTES];
    _Alignas(64) uint32_t w[4 * KARX_I_LANES_MAX];
    uint8_t kb[KARX_I_LANES_MAX][32], blk[KARX_I_LANES_MAX][16];
    const uint8_t *kp[KARX_I_LANES_MAX];
    size_t kl = karx_cipher_key_bytes(alg);
    unsigned L = k->lanes;
    for (int round = 0; round < 6; round++) {
        for (unsigned i = 0; i < L; i++) {
            t_fill(kb[i], kl);
            kp[i] = kb[i];
        }
        if (round == 5) /* every lane one key */
            for (unsigned i = 1; i < L; i++)
                kp[i] = kb[0];
        k->schedule(ctx, kp, kl);
        for (int step = 0; step < 3; step++) {
            for (unsigned i = 0; i < L; i++) {
                t_fill(blk[i], 16);
                for (unsigned j = 0; j < 4; j++)
                    w[j * L + i] = karx_load32_le(blk[i] + 4 * j);
            }
            k->encrypt(ctx, w);
            for (unsigned i = 0; i < L; i++) {
                karx_cipher_key ck;
                uint8_t want[16], got[16];
                CHECK(karx_cipher_set_key(&ck, alg, kp[i], kl) == KARX_OK, "key");
                karx_cipher_encrypt_block(&ck, want, blk[i]);
                for (unsigned j = 0; j < 4; j++)
                    karx_store32_le(got + 4 * j, w[j * L + i]);
                CHECK(memcmp(got, want, 16) == 0, "%s %s lane %u round %d step %d", bname,
                      karx_cipher_name(alg), i, round, step);
            }
        }
    }
    /* ctr32_xor: nsteps blocks a lane from its counter (low word near the 2^32 wrap for some
     * lanes), in place for odd lanes, at an odd offset; lanes outside live untouched. */
    for (int round = 0; round < 8; round++) {
        static uint8_t src[KARX_I_LANES_MAX][7 * 16 + 3], dst[KARX_I_LANES_MAX][7 * 16 + 3];
        static uint8_t want[KARX_I_LANES_MAX][7 * 16 + 3];
        _Alignas(64) uint32_t c[4 * KARX_I_LANES_MAX];
        uint8_t *outs[KARX_I_LANES_MAX];
        const uint8_t *ins[KARX_I_LANES_MAX];
        size_t nsteps = 1 + (size_t)(t_rand64() % 7), off = 3;
        uint32_t live = (uint32_t)t_rand64() & ((1u << L) - 1u);
        for (unsigned i = 0; i < L; i++) {
            t_fill(kb[i], kl);
            kp[i] = kb[i];
            t_fill(src[i], sizeof src[i]);
            t_fill(dst[i], sizeof dst[i]);
            for (unsigned j = 0; j < 4; j++)
                c[j * L + i] = (uint32_t)t_rand64();
            if (i % 3 == 0)
                c[3 * L + i] = 0xfffffffdu; /* wraps within the steps */
            int inplace = i & 1;
            if (inplace)
                memcpy(dst[i], src[i], sizeof src[i]);
            memcpy(want[i], dst[i], sizeof dst[i]);
            outs[i] = dst[i];
            ins[i] = inplace ? dst[i] : src[i];
            if (!(live >> i & 1))
                continue;
            karx_cipher_key ck;
            karx_cipher_set_key(&ck, alg, kp[i], kl);
            for (size_t s = 0; s < nsteps; s++) {
                uint8_t cb[16], ks[16];
                for (unsigned j = 0; j < 3; j++)
                    karx_store32_le(cb + 4 * j, c[j * L + i]);
                uint32_t lo = c[3 * L + i] + (uint32_t)s;
                cb[12] = (uint8_t)(lo >> 24);
                cb[13] = (uint8_t)(lo >> 16);
                cb[14] = (uint8_t)(lo >> 8);
                cb[15] = (uint8_t)lo;
                karx_cipher_encrypt_block(&ck, ks, cb);
                for (int q = 0; q < 16; q++)
                    want[i][off + 16 * s + (size_t)q] =
                        (uint8_t)(src[i][off + 16 * s + (size_t)q] ^ ks[q]);
            }
        }
        k->schedule(ctx, kp, kl);
        k->ctr32_xor(ctx, c, outs, ins, off, nsteps, live);
        for (unsigned i = 0; i < L; i++)
            CHECK(memcmp(dst[i], want[i], sizeof dst[i]) == 0, "%s %s ctr32_xor lane %u live %d",
                  bname, karx_cipher_name(alg), i, (int)(live >> i & 1));
    }
    if (k->gcm32_xor != NULL || k->ghash != NULL)
        fused(k, ctx, kp, kl, alg, bname);
    karx_i_lanes_wipe(ctx);
}

int main(void)
{
    static const karx_cipher_alg algs[] = {KARX_CIPHER_LEA128, KARX_CIPHER_LEA192,
                                           KARX_CIPHER_LEA256, KARX_CIPHER_CHAM128_128,
                                           KARX_CIPHER_CHAM128_256};
    int ran_zmm = 0;
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        for (int b = 0; b < t_backend_count(); b++)
            check_backend(algs[a], karx_backend_name((karx_backend)b));
        /* every impl of the list this CPU runs, not only each back end's best (a tuning bit
         * only picks among them: the zmm forms run on Zen 4 too, and are checked there) */
        const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)algs[a]);
        CHECK(c != NULL && c->lane_impls != NULL && c->nlane_impls >= 1, "a lane impl list");
        for (size_t i = 0; c != NULL && i < c->nlane_impls; i++) {
            const karx_i_impl *im = &c->lane_impls[i];
            unsigned needs = im->features & ~(unsigned)KARX_I_TUNING_FEATURES;
            if (!karx_backend_supported(im->backend) || (needs & karx_cpu_features()) != needs)
                continue;
            one((const karx_i_lanes_kernel *)im->table, algs[a], im->name);
            ran_zmm += strstr(im->name, "zmm") != NULL;
        }
    }
    if (karx_backend_supported(KARX_BACKEND_AVX512)) { /* the -vpclmul one where the CPU has it */
        int want = (karx_cpu_features() & KARX_I_LANES_VPCLMUL) == KARX_I_LANES_VPCLMUL ? 2 : 1;
        CHECK(ran_zmm == want * 5, "the zmm impls of five ciphers ran: %d, want %d", ran_zmm,
              want * 5);
    }
    /* the tuning bit picks the zmm forms for the active kernel */
    if (karx_get_backend() == KARX_BACKEND_AVX512) {
        const karx_i_lanes_kernel *k = karx_i_lanes_for(KARX_CIPHER_LEA128);
        const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)KARX_CIPHER_LEA128);
        const char *want = (karx_cpu_features() & KARX_CPU_AVX512_FULL) ? "avx512-zmm" : "avx512";
        const char *got = NULL;
        for (size_t i = 0; i < c->nlane_impls; i++)
            if (c->lane_impls[i].table == (const void *)k)
                got = c->lane_impls[i].name;
        CHECK(got != NULL && strncmp(got, want, strlen(want)) == 0 &&
                  (strcmp(want, "avx512") != 0 || strstr(got, "zmm") == NULL),
              "active lane kernel %s, want %s*", got != NULL ? got : "?", want);
    }
    CHECK(karx_i_lanes_for(KARX_CIPHER_ARIA128) == NULL, "ARIA: no lane kernel");
    CHECK(karx_i_lanes_for(KARX_CIPHER_HIGHT) == NULL, "HIGHT: no lane kernel");
    CHECK(karx_i_lanes_for(KARX_CIPHER_LEA128) != NULL, "LEA: a lane kernel now");
    return t_finish("lanes");
}
