/* libFuzzer target: HMAC-LSH over all six variants (and ids that are none) with a fuzz-chosen key
 * of any length and a message cut at fuzz-chosen points, on a back end the input picks:
 * streaming (with a forked copy) equals the one-shot and the portable back end; final with too
 * small a buffer changes nothing; verify takes the tag and its allowed truncations, refuses a
 * flipped bit and tag lengths outside [min, digest]. */
#include "fuzz_util.h"

enum { MAX_KEY = 600 };

static void check_unknown(karx_lsh_alg alg)
{
    karx_hmac_lsh_ctx c;
    uint8_t tag[64];
    MUST(karx_hmac_lsh_init(&c, alg, "k", 1) == KARX_ERR_UNKNOWN_ALGORITHM);
    MUST(karx_hmac_lsh_update(&c, "m", 1) == KARX_ERR_STATE); /* wiped by the failed init */
    MUST(karx_hmac_lsh(alg, "k", 1, tag, sizeof tag, "m", 1) == KARX_ERR_UNKNOWN_ALGORITHM);
    MUST(karx_hmac_lsh_bytes(alg) == 0);
}

/* Streaming at the cuts, a fork after the first piece, and final's length check. */
static void check_stream(karx_lsh_alg alg, const uint8_t *key, size_t kl, const uint8_t *msg,
                         size_t len, const size_t *cut, const uint8_t *want, size_t d)
{
    karx_hmac_lsh_ctx c, fork;
    uint8_t got[64];
    MUST(karx_hmac_lsh_init(&c, alg, key, kl) == KARX_OK);
    MUST(karx_hmac_lsh_update(&c, msg, cut[0]) == KARX_OK);
    fork = c;
    MUST(karx_hmac_lsh_update(&c, msg + cut[0], cut[1] - cut[0]) == KARX_OK);
    MUST(karx_hmac_lsh_update(&c, msg + cut[1], len - cut[1]) == KARX_OK);
    MUST(karx_hmac_lsh_final(&c, got, d - 1) == KARX_ERR_OUTPUT_LENGTH);
    MUST(karx_hmac_lsh_final(&c, got, sizeof got) == KARX_OK);
    MUST(memcmp(got, want, d) == 0);
    MUST(karx_hmac_lsh_update(&c, msg, 0) == KARX_ERR_STATE);
    MUST(karx_hmac_lsh_update(&fork, msg + cut[0], len - cut[0]) == KARX_OK);
    MUST(karx_hmac_lsh_final_verify(&fork, want, d) == KARX_OK);
    MUST(karx_hmac_lsh_final_verify(&fork, want, d) == KARX_ERR_STATE);
}

static void check_verify(fz *f, karx_lsh_alg alg, const uint8_t *key, size_t kl,
                         const uint8_t *msg, size_t len, const uint8_t *want, size_t d)
{
    size_t min = karx_hmac_lsh_min_tag_bytes(alg), t = fz_u8(f) % (d + 2);
    uint8_t tag[65];
    memcpy(tag, want, d);
    tag[d] = 0;
    karx_status st = karx_hmac_lsh_verify(alg, key, kl, tag, t, msg, len);
    MUST(st == ((t >= min && t <= d) ? KARX_OK : KARX_ERR_ARGUMENT));
    if (t < min || t > d)
        return;
    tag[fz_u8(f) % t] ^= (uint8_t)(1u << (fz_u8(f) % 8));
    MUST(karx_hmac_lsh_verify(alg, key, kl, tag, t, msg, len) == KARX_ERR_AUTHENTICATION);
    karx_hmac_lsh_ctx c;
    MUST(karx_hmac_lsh_init(&c, alg, key, kl) == KARX_OK);
    MUST(karx_hmac_lsh_update(&c, msg, len) == KARX_OK);
    MUST(karx_hmac_lsh_final_verify(&c, tag, t) == KARX_ERR_AUTHENTICATION);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    karx_lsh_alg alg = (karx_lsh_alg)(fz_u8(&f) % 8); /* 0 and 7 are not variants */
    size_t d = karx_hmac_lsh_bytes(alg);
    if (d == 0) {
        check_unknown(alg);
        return 0;
    }
    fz_backend(&f);
    size_t kl = fz_upto(&f, MAX_KEY), got, cut[2], len;
    const uint8_t *kp = fz_take(&f, kl, &got);
    uint8_t *key = fz_dup(kp, got);
    kl = got;
    uint8_t choices[8];
    fz_fill(&f, choices, sizeof choices);
    const uint8_t *rest = fz_rest(&f, &len);
    uint8_t *msg = fz_dup(rest, len), want[64], port[64];
    fz g = {choices, sizeof choices};
    fz_cuts(&g, len, cut, 2);

    MUST(karx_hmac_lsh(alg, key, kl, want, d, msg, len) == KARX_OK);
    karx_backend was = karx_get_backend();
    MUST(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
    MUST(karx_hmac_lsh(alg, key, kl, port, d, msg, len) == KARX_OK);
    MUST(karx_set_backend(was) == KARX_OK);
    MUST(memcmp(want, port, d) == 0);
    MUST(karx_hmac_lsh(alg, key, kl, port, d - 1, msg, len) == KARX_ERR_OUTPUT_LENGTH);
    check_stream(alg, key, kl, msg, len, cut, want, d);
    check_verify(&g, alg, key, kl, msg, len, want, d);
    free(key);
    free(msg);
    return 0;
}
