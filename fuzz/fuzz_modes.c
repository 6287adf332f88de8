/* libFuzzer target: the stateless mode calls over a scheduled key (karx_ecb_*, karx_cbc_*,
 * karx_ctr_xor, karx_cfb_*, karx_ofb_xor) for every cipher and mode, on a back end the input
 * picks, against the one-shot karx_cipher_encrypt (no padding). fuzz_cipher.c covers streaming,
 * padding and back end against portable; this one adds:
 *  - the stateless calls at fuzz-chosen split points (whole blocks / segments before the last
 *    piece) carry the IV or counter so that they equal one call;
 *  - in place equals out of place, for the stateless calls and for karx_cipher_update;
 *  - decryption by the stateless calls inverts encryption;
 *  - CTR near the end of the counter space: a piece that would wrap is refused with
 *    KARX_ERR_COUNTER_OVERFLOW and writes nothing, exactly when the counter runs out. */
#include "fuzz_util.h"

enum { K = 4 }; /* cut points */

typedef struct job {
    karx_cipher_alg alg;
    karx_mode mode;
    size_t B, gran, len, ivl;
    karx_cipher_key key;
    uint8_t keyb[32], iv[16];
} job;

static size_t segment(const job *j)
{
    return j->mode == KARX_MODE_CFB8 ? 1 : j->mode == KARX_MODE_CFB64 ? 8 : j->B;
}

/* Blocks of counter space left from ctr (ctr itself included), capped at UINT64_MAX. */
static uint64_t ctr_room(const uint8_t *ctr, size_t B)
{
    for (size_t i = 0; i + 8 < B; i++)
        if (ctr[i] != 0xff)
            return UINT64_MAX;
    uint64_t low = 0;
    for (size_t i = B - 8; i < B; i++)
        low = low << 8 | ctr[i];
    return ~low == UINT64_MAX ? UINT64_MAX : ~low + 1;
}

/* One stateless call of the job's mode on [in, in+n) with the running register reg. */
static karx_status call(const job *j, int enc, uint8_t *reg, uint8_t *out, const uint8_t *in,
                        size_t n)
{
    switch (j->mode) {
    case KARX_MODE_ECB:
        return enc ? karx_ecb_encrypt(&j->key, out, in, n) : karx_ecb_decrypt(&j->key, out, in, n);
    case KARX_MODE_CBC:
        return enc ? karx_cbc_encrypt(&j->key, reg, out, in, n)
                   : karx_cbc_decrypt(&j->key, reg, out, in, n);
    case KARX_MODE_CTR: return karx_ctr_xor(&j->key, reg, out, in, n);
    case KARX_MODE_OFB: return karx_ofb_xor(&j->key, reg, out, in, n);
    default:
        return enc ? karx_cfb_encrypt(&j->key, segment(j), reg, out, in, n)
                   : karx_cfb_decrypt(&j->key, segment(j), reg, out, in, n);
    }
}

/* The pieces between the cuts, in turn; returns the bytes done (less than len only for CTR,
 * where a piece past the counter's end must be refused and everything after it left alone). */
static size_t run(const job *j, int enc, const size_t *cut, uint8_t *out, const uint8_t *in)
{
    uint8_t reg[16];
    memcpy(reg, j->iv, sizeof reg);
    uint64_t room = j->mode == KARX_MODE_CTR ? ctr_room(reg, j->B) : UINT64_MAX;
    size_t prev = 0;
    for (int i = 0; i <= K; i++) {
        size_t to = i < K ? cut[i] : j->len, n = to - prev;
        uint64_t blocks = (n + j->B - 1) / j->B;
        if (j->mode == KARX_MODE_CTR && blocks > room) {
            uint8_t before[16], probe = out == in ? 0 : 1;
            memcpy(before, reg, sizeof before);
            if (probe && n)
                out[prev] = (uint8_t)~in[prev];
            MUST(call(j, enc, reg, out + prev, in + prev, n) == KARX_ERR_COUNTER_OVERFLOW);
            MUST(memcmp(before, reg, sizeof before) == 0);
            MUST(!probe || n == 0 || out[prev] == (uint8_t)~in[prev]); /* nothing written */
            return prev;
        }
        MUST(call(j, enc, reg, out + prev, in + prev, n) == KARX_OK);
        room -= blocks;
        prev = to;
        if (j->mode == KARX_MODE_CTR && room == 0) /* counter spent: the stream ends here */
            return prev;
    }
    return prev;
}

/* karx_cipher_update with out == in at the same cuts (whole blocks or segments before the
 * last piece, so nothing is held back and every call writes what it reads) equals the one-shot. */
static void check_stream_in_place(const job *j, const size_t *cut, uint8_t *buf,
                                  const uint8_t *want)
{
    karx_cipher_ctx ctx;
    size_t n, prev = 0;
    MUST(karx_cipher_init(&ctx, j->alg, j->mode, KARX_ENCRYPT, KARX_PAD_NONE, j->keyb,
                          karx_cipher_key_bytes(j->alg), j->iv, j->ivl) == KARX_OK);
    for (int i = 0; i <= K; i++) {
        size_t to = i < K ? cut[i] : j->len;
        MUST(karx_cipher_update(&ctx, buf + prev, to - prev, &n, buf + prev, to - prev) ==
             KARX_OK);
        MUST(n == to - prev);
        prev = to;
    }
    MUST(karx_cipher_final(&ctx, buf + prev, 0, &n) == KARX_OK && n == 0);
    MUST(memcmp(buf, want, j->len) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    job j;
    j.alg = (karx_cipher_alg)(KARX_CIPHER_FIRST + fz_u8(&f) % KARX_CIPHER_LAST);
    j.mode = (karx_mode)(KARX_MODE_FIRST + fz_u8(&f) % KARX_MODE_LAST);
    uint8_t flags = fz_u8(&f);
    fz_backend(&f);
    j.B = karx_cipher_block_bytes(j.alg);
    j.ivl = karx_mode_iv_bytes(j.alg, j.mode);
    fz_fill(&f, j.keyb, sizeof j.keyb);
    fz_fill(&f, j.iv, sizeof j.iv);
    if (j.mode == KARX_MODE_CTR && (flags & 1)) /* near the end of the counter space */
        memset(j.iv, 0xff, j.B - 1);
    MUST(karx_cipher_set_key(&j.key, j.alg, j.keyb, karx_cipher_key_bytes(j.alg)) == KARX_OK);
    j.gran = (j.mode == KARX_MODE_CFB || j.mode == KARX_MODE_CFB8 || j.mode == KARX_MODE_CFB64)
                 ? segment(&j)
                 : j.B;
    size_t cut[K];
    uint8_t choices[2 * K];
    fz_fill(&f, choices, sizeof choices);
    const uint8_t *rest = fz_rest(&f, &j.len);
    if (j.mode == KARX_MODE_ECB || j.mode == KARX_MODE_CBC)
        j.len -= j.len % j.B;
    fz g = {choices, sizeof choices};
    fz_cuts(&g, j.len, cut, K);
    for (int i = 0; i < K; i++) /* pieces before the last are whole blocks / segments */
        cut[i] -= cut[i] % j.gran;

    uint8_t *msg = fz_dup(rest, j.len), *want = malloc(j.len + 16), *got = malloc(j.len + 1),
            *inpl = fz_dup(rest, j.len);
    MUST(want && got);
    size_t wn = 0;
    karx_status st = karx_cipher_encrypt(j.alg, j.mode, KARX_PAD_NONE, j.keyb,
                                         karx_cipher_key_bytes(j.alg), j.iv, j.ivl, want,
                                         j.len + 16, &wn, msg, j.len);
    size_t done = run(&j, KARX_ENCRYPT, cut, got, msg);
    MUST(done == j.len || j.mode == KARX_MODE_CTR);
    if (st == KARX_ERR_COUNTER_OVERFLOW) /* the one-shot refuses what the pieces could not do */
        MUST(j.mode == KARX_MODE_CTR && done < j.len);
    else
        MUST(st == KARX_OK && wn == j.len && memcmp(got, want, done) == 0);
    MUST(run(&j, KARX_ENCRYPT, cut, inpl, inpl) == done);
    MUST(memcmp(inpl, got, done) == 0);
    MUST(run(&j, KARX_DECRYPT, cut, inpl, inpl) == done);
    MUST(memcmp(inpl, msg, done) == 0);
    if (st == KARX_OK) {
        memcpy(inpl, msg, j.len);
        check_stream_in_place(&j, cut, inpl, want);
    }
    karx_cipher_key_wipe(&j.key);
    free(msg);
    free(want);
    free(got);
    free(inpl);
    return 0;
}
