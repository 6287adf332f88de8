/* libFuzzer target: CMAC over every cipher (and ids that are none), with fuzz-chosen key and tag
 * lengths (valid or not) and a message cut at fuzz-chosen points, on a back end the input picks:
 * bad parameters give their status (the one-shot zeroes the tag buffer); streaming (with a
 * forked copy) equals the one-shot and the portable back end; a truncated tag is the leading
 * bytes of the full one; verify takes the tag and refuses a flipped bit. */
#include "fuzz_util.h"

/* The status the header gives for this alg / key / tag length, KARX_OK when all are valid. */
static karx_status expected(karx_cipher_alg alg, size_t kl, size_t t)
{
    size_t B = karx_cipher_block_bytes(alg);
    if (B == 0)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    if (t < KARX_CMAC_MIN_TAG_BYTES || t > B)
        return KARX_ERR_OUTPUT_LENGTH;
    return kl == karx_cipher_key_bytes(alg) ? KARX_OK : KARX_ERR_KEY_LENGTH;
}

static void check_invalid(karx_cipher_alg alg, const uint8_t *key, size_t kl, size_t t,
                          const uint8_t *msg, size_t len, karx_status want)
{
    uint8_t tag[18];
    memset(tag, 0xA5, sizeof tag);
    MUST(karx_cmac(alg, key, kl, tag, t, NZ(msg, len), len) == want);
    for (size_t i = 0; i < sizeof tag; i++) /* zeroed up to 16 bytes, nothing past t */
        MUST(tag[i] == ((i < t && t <= 16) ? 0 : 0xA5));
    MUST(karx_cmac_verify(alg, key, kl, tag, t, NZ(msg, len), len) == want);
    karx_cmac_ctx c;
    karx_status st = karx_cmac_init(&c, alg, key, kl);
    if (want != KARX_ERR_OUTPUT_LENGTH) { /* the tag length is final's business */
        MUST(st == want);
        MUST(karx_cmac_update(&c, msg, len) == KARX_ERR_STATE); /* wiped by the failed init */
        return;
    }
    if (kl != karx_cipher_key_bytes(alg)) {
        MUST(st == KARX_ERR_KEY_LENGTH);
        return;
    }
    MUST(st == KARX_OK && karx_cmac_update(&c, msg, len) == KARX_OK);
    MUST(karx_cmac_final(&c, tag, t) == KARX_ERR_OUTPUT_LENGTH); /* changes nothing ... */
    MUST(karx_cmac_final(&c, tag, karx_cmac_tag_bytes(alg)) == KARX_OK); /* ... so this works */
}

static void check_valid(karx_cipher_alg alg, const uint8_t *key, size_t kl, size_t t,
                        const uint8_t *msg, size_t len, const size_t *cut, fz *g)
{
    size_t B = karx_cipher_block_bytes(alg);
    uint8_t full[16], tag[16], got[16];
    MUST(karx_cmac(alg, key, kl, full, B, NZ(msg, len), len) == KARX_OK);
    MUST(karx_cmac(alg, key, kl, tag, t, NZ(msg, len), len) == KARX_OK);
    MUST(memcmp(full, tag, t) == 0);
    karx_backend was = karx_get_backend();
    MUST(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
    MUST(karx_cmac(alg, key, kl, got, B, NZ(msg, len), len) == KARX_OK);
    MUST(karx_set_backend(was) == KARX_OK);
    MUST(memcmp(full, got, B) == 0);

    karx_cmac_ctx c, fork;
    MUST(karx_cmac_init(&c, alg, key, kl) == KARX_OK);
    MUST(karx_cmac_update(&c, NZ(msg, cut[0]), cut[0]) == KARX_OK);
    fork = c;
    MUST(karx_cmac_update(&c, NZ(msg + cut[0], cut[1] - cut[0]), cut[1] - cut[0]) == KARX_OK);
    MUST(karx_cmac_update(&c, NZ(msg + cut[1], len - cut[1]), len - cut[1]) == KARX_OK);
    MUST(karx_cmac_final(&c, got, t) == KARX_OK && memcmp(got, tag, t) == 0);
    MUST(karx_cmac_update(&c, msg, 0) == KARX_ERR_STATE);
    MUST(karx_cmac_update(&fork, NZ(msg + cut[0], len - cut[0]), len - cut[0]) == KARX_OK);
    MUST(karx_cmac_final_verify(&fork, tag, t) == KARX_OK);

    MUST(karx_cmac_verify(alg, key, kl, tag, t, NZ(msg, len), len) == KARX_OK);
    tag[fz_u8(g) % t] ^= (uint8_t)(1u << (fz_u8(g) % 8));
    MUST(karx_cmac_verify(alg, key, kl, tag, t, NZ(msg, len), len) == KARX_ERR_AUTHENTICATION);
    MUST(karx_cmac_init(&c, alg, key, kl) == KARX_OK);
    MUST(karx_cmac_update(&c, msg, len) == KARX_OK);
    MUST(karx_cmac_final_verify(&c, tag, t) == KARX_ERR_AUTHENTICATION);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    uint8_t sel = fz_u8(&f), lens = fz_u8(&f);
    karx_cipher_alg alg = (karx_cipher_alg)(sel % 9); /* 0 and 8 are not ciphers */
    size_t kb = karx_cipher_key_bytes(alg), B = karx_cipher_block_bytes(alg);
    size_t kl = (lens & 0x80) ? lens % 40 : (kb ? kb : 16);
    size_t t = (lens & 0x40) ? (lens & 0x3f) % 19 : (B ? B - (lens & 0x3f) % (B - 3) : 16);
    uint8_t key[40], choices[8];
    fz_backend(&f);
    fz_fill(&f, key, sizeof key);
    fz_fill(&f, choices, sizeof choices);
    size_t len, cut[2];
    const uint8_t *rest = fz_rest(&f, &len);
    uint8_t *msg = fz_dup(rest, len);
    fz g = {choices, sizeof choices};
    fz_cuts(&g, len, cut, 2);
    karx_status want = expected(alg, kl, t);
    if (want != KARX_OK)
        check_invalid(alg, key, kl, t, msg, len, want);
    else
        check_valid(alg, key, kl, t, msg, len, cut, &g);
    free(msg);
    return 0;
}
