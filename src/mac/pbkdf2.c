/* PBKDF2 (RFC 8018 section 5.2) with PRF = HMAC-LSH.
 *
 * The password is keyed once (karx_hmac_lsh_init). U_1 = HMAC(P, S || INT(i)) forks that keyed
 * context. For U_2 .. U_c the message is the previous U (hLen < block bytes), so both HMAC hashes
 * are a single padded block: the loop runs the LSH compression kernel straight on the keyed
 * inner and outer chaining values with a block padded once, i.e. exactly two compressions and no
 * context copies or wipes per iteration. The kernel table is the one the active back end uses. */
#include <string.h>

#include "karx/hmac.h"
#include "../common/endian.h"
#include "../lsh/lsh_internal.h"

/* U_2 .. U_c for LSH-W-*: u holds U_1 on entry, t the running xor. Written once for both word
 * widths (word, and store, its little-endian store). */
#define ITERATE(W, word, store)                                                                 \
    static void iterate##W(const word cv_in[16], const word cv_out[16], uint8_t *t,             \
                           const uint8_t *u, size_t h, uint32_t iterations)                     \
    {                                                                                           \
        const karx_lsh##W##_kernels *k = karx_i_lsh##W##_kernels();                             \
        _Alignas(64) word cv[16];                                                               \
        _Alignas(64) uint8_t blk[KARX_LSH##W##_BLOCK_BYTES];                                    \
        _Alignas(64) uint8_t full[8 * sizeof(word)];                                            \
        if (h > sizeof full)                                                                    \
            return; /* never: tells the compiler the bound */                                   \
        memset(blk, 0, sizeof blk);                                                             \
        memcpy(blk, u, h);                                                                      \
        blk[h] = 0x80; /* LSH padding: one bit, then zeros */                                   \
        for (uint32_t j = 1; j < iterations; j++) {                                             \
            memcpy(cv, cv_in, sizeof cv);                                                       \
            k->compress(cv, blk, 1);                                                            \
            for (int l = 0; l < 8; l++)                                                         \
                store(full + sizeof(word) * l, cv[l] ^ cv[l + 8]);                              \
            memcpy(blk, full, h); /* LSH-512-224 ends mid-word */                               \
            memcpy(cv, cv_out, sizeof cv);                                                      \
            k->compress(cv, blk, 1);                                                            \
            for (int l = 0; l < 8; l++)                                                         \
                store(full + sizeof(word) * l, cv[l] ^ cv[l + 8]);                              \
            memcpy(blk, full, h);                                                               \
            for (size_t i = 0; i < h; i++)                                                      \
                t[i] ^= blk[i];                                                                 \
        }                                                                                       \
        karx_memzero(cv, sizeof cv);                                                            \
        karx_memzero(blk, sizeof blk);                                                          \
        karx_memzero(full, sizeof full);                                                        \
    }

ITERATE(256, uint32_t, karx_store32_le)
ITERATE(512, uint64_t, karx_store64_le)

karx_status karx_pbkdf2_hmac_lsh(karx_lsh_alg alg, const void *password, size_t password_len,
                                 const void *salt, size_t salt_len, uint32_t iterations,
                                 uint8_t *out, size_t out_len)
{
    if (out == NULL || (password == NULL && password_len != 0) || (salt == NULL && salt_len != 0))
        return KARX_ERR_ARGUMENT;
    const size_t h = karx_lsh_digest_bytes(alg);
    if (h == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (iterations == 0)
        return KARX_ERR_ARGUMENT;
    /* At most 2^32 - 1 blocks: ceil(out_len / h) = (out_len - 1) / h + 1 <= 2^32 - 1. */
    if (out_len == 0 || (uint64_t)((out_len - 1) / h) >= UINT64_C(0xffffffff))
        return KARX_ERR_OUTPUT_LENGTH;

    karx_hmac_lsh_ctx keyed, c;
    karx_status s = karx_hmac_lsh_init(&keyed, alg, password, password_len);
    if (s != KARX_OK)
        return s;
    const int wide = karx_lsh_block_bytes(alg) == KARX_LSH512_BLOCK_BYTES;
    /* The keyed states hold no buffered bytes (the padded key is exactly one block). */
    const int fast = wide ? keyed.inner.u.s512.buffered == 0 && keyed.outer.u.s512.buffered == 0
                          : keyed.inner.u.s256.buffered == 0 && keyed.outer.u.s256.buffered == 0;

    uint8_t u[KARX_LSH_MAX_DIGEST_BYTES], t[KARX_LSH_MAX_DIGEST_BYTES];
    size_t done = 0;
    for (uint32_t i = 1; s == KARX_OK && done < out_len; i++) {
        const uint8_t be[4] = {(uint8_t)(i >> 24), (uint8_t)(i >> 16), (uint8_t)(i >> 8), (uint8_t)i};
        c = keyed;
        s = karx_hmac_lsh_update(&c, salt, salt_len);
        if (s == KARX_OK)
            s = karx_hmac_lsh_update(&c, be, sizeof be);
        if (s == KARX_OK)
            s = karx_hmac_lsh_final(&c, u, sizeof u);
        if (s != KARX_OK)
            break;
        memcpy(t, u, h);
        if (fast && wide) {
            iterate512(keyed.inner.u.s512.cv, keyed.outer.u.s512.cv, t, u, h, iterations);
        } else if (fast) {
            iterate256(keyed.inner.u.s256.cv, keyed.outer.u.s256.cv, t, u, h, iterations);
        } else {
            for (uint32_t j = 1; s == KARX_OK && j < iterations; j++) {
                c = keyed;
                s = karx_hmac_lsh_update(&c, u, h);
                if (s == KARX_OK)
                    s = karx_hmac_lsh_final(&c, u, sizeof u);
                for (size_t b = 0; b < h; b++)
                    t[b] ^= u[b];
            }
        }
        size_t take = out_len - done < h ? out_len - done : h;
        memcpy(out + done, t, take);
        done += take;
    }
    if (s != KARX_OK)
        karx_memzero(out, done); /* only what this call wrote */
    karx_memzero(u, sizeof u);
    karx_memzero(t, sizeof t);
    karx_memzero(&keyed, sizeof keyed);
    karx_memzero(&c, sizeof c);
    return s;
}
