/* libFuzzer target: the stateless mode calls over a scheduled key (karx_ecb_*, karx_cbc_*,
 * karx_ctr_xor, karx_cfb_*, karx_ofb_xor) for every cipher and mode, on a back end the input
 * picks, against the one-shot karx_cipher_encrypt (no padding). fuzz_cipher.c covers streaming,
 * padding and back end against portable; this one adds:
 *  - the stateless calls at fuzz-chosen split points (whole blocks / segments before the last
 *    piece) carry the IV or counter so that they equal one call;
 *  - in place equals out of place, for the stateless calls and for karx_cipher_update;
 *  - decryption by the stateless calls inverts encryption;
 *  - CTR near the end of the counter space: a piece that would wrap is refused with
 *    KARX_ERR_COUNTER_OVERFLOW and writes nothing, exactly when the counter runs out.
 * Inputs whose third byte has its top bit set test XTS instead (check_xts below). */
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
    uint64_t room = j->mode == KARX_MODE_CTR ? fz_ctr_room(reg, j->B) : UINT64_MAX;
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

/* ---- XTS (xts.h), on inputs whose flags byte has its top bit set ----------------------------
 *  - one-shot: decrypt inverts encrypt, in place equals out of place, portable equals the
 *    active back end; under 16 bytes is KARX_ERR_DATA_LENGTH and writes nothing;
 *  - streaming (init / update / final) at fuzz-chosen splits equals the one-shot, out of place
 *    for encryption and in place (out == in per call) for decryption;
 *  - sectors of a fuzz-chosen size: unit i equals a one-unit call with tweak + i (added here,
 *    little-endian), a short last unit or a tweak number past 2^128 - 1 gives its status and
 *    writes nothing;
 *  - keys: wrong length, equal halves, a 64-bit-block cipher give their status, key wiped. */

enum { XK = 4, XPOISON = 0xC3 };

/* t + add, little-endian 128-bit; returns the carry out of the top byte. */
static int xts_tweak_plus(uint8_t t[16], const uint8_t base[16], size_t add)
{
    unsigned carry = 0;
    for (size_t i = 0; i < 16; i++) {
        unsigned s = base[i] + (unsigned)(add & 0xff) + carry;
        t[i] = (uint8_t)s;
        carry = s >> 8;
        add >>= 8;
    }
    return carry != 0;
}

/* A refused key: the status, and the key (or context) left all zeros. */
static void xts_check_bad_key(karx_cipher_alg alg, const uint8_t *k, size_t kl, karx_status want)
{
    karx_xts_key key;
    karx_xts_ctx ctx;
    static const uint8_t tw[16];
    memset(&key, XPOISON, sizeof key);
    memset(&ctx, XPOISON, sizeof ctx);
    MUST(karx_xts_set_key(&key, alg, k, kl) == want);
    MUST(fz_all_zero((const uint8_t *)&key, sizeof key));
    MUST(karx_xts_init(&ctx, alg, 1, k, kl, tw) == want);
    MUST(fz_all_zero((const uint8_t *)&ctx, sizeof ctx));
    uint8_t out[16] = {0}, in[16] = {0};
    MUST(karx_xts_encrypt(&key, tw, out, in, sizeof in) == KARX_ERR_STATE);
}

/* Streams len bytes at the cuts; out == in (a scratch copy of each piece) when in_place. */
static void xts_stream(const uint8_t *k, size_t kl, karx_cipher_alg alg, int enc,
                       const uint8_t *tw, const size_t *cut, const uint8_t *in, size_t len,
                       const uint8_t *want, int in_place)
{
    karx_xts_ctx ctx;
    uint8_t *got = malloc(len + 32), *tmp = malloc(len + 32);
    size_t w = 0, n, prev = 0;
    MUST(got && tmp);
    MUST(karx_xts_init(&ctx, alg, enc, k, kl, tw) == KARX_OK);
    for (int i = 0; i <= XK; i++) {
        size_t to = i < XK ? cut[i] : len, m = to - prev;
        uint8_t *o = got + w;
        const uint8_t *src = in + prev;
        if (in_place) {
            memcpy(tmp, src, m);
            o = tmp;
            src = tmp;
        }
        /* all but the last 16..31 bytes seen go out, in whole blocks */
        size_t avail = prev - w + m, due = avail >= 32 ? (avail - 16) / 16 * 16 : 0;
        if (due > 0) { /* one byte too little room: refused, changes nothing */
            MUST(karx_xts_update(&ctx, o, due - 1, &n, src, m) == KARX_ERR_OUTPUT_LENGTH);
            MUST(n == 0);
        }
        MUST(karx_xts_update(&ctx, o, len + 32 - w, &n, NZ(src, m), m) == KARX_OK);
        MUST(n == due);
        if (in_place)
            memcpy(got + w, tmp, n);
        w += n;
        prev = to;
    }
    MUST(karx_xts_final(&ctx, got + w, 32, &n) == KARX_OK);
    MUST(w + n == len && memcmp(got, want, len) == 0);
    MUST(karx_xts_final(&ctx, got, 32, &n) == KARX_ERR_STATE); /* finished */
    free(got);
    free(tmp);
}

/* Sector calls against one-unit calls at tweak + i. */
static void xts_sectors(const karx_xts_key *key, const uint8_t *tw, size_t sec,
                        const uint8_t *msg, size_t len)
{
    size_t units = len / sec + (len % sec != 0), last = len % sec;
    uint8_t t[16], *got = malloc(len + 1), *want = malloc(len + 1);
    MUST(got && want);
    int wraps = xts_tweak_plus(t, tw, units - 1);
    karx_status st_want = (last != 0 && last < 16) ? KARX_ERR_DATA_LENGTH
                          : wraps                  ? KARX_ERR_COUNTER_OVERFLOW
                                                   : KARX_OK;
    memset(got, XPOISON, len + 1);
    MUST(karx_xts_encrypt_sectors(key, tw, sec, got, msg, len) == st_want);
    if (st_want != KARX_OK) {
        for (size_t i = 0; i <= len; i++)
            MUST(got[i] == XPOISON);
        MUST(karx_xts_decrypt_sectors(key, tw, sec, got, msg, len) == st_want);
        free(got);
        free(want);
        return;
    }
    for (size_t u = 0; u < units; u++) {
        size_t off = u * sec, n = len - off < sec ? len - off : sec;
        MUST(!xts_tweak_plus(t, tw, u));
        MUST(karx_xts_encrypt(key, t, want + off, msg + off, n) == KARX_OK);
    }
    MUST(memcmp(got, want, len) == 0 && got[len] == XPOISON);
    MUST(karx_xts_decrypt_sectors(key, tw, sec, got, got, len) == KARX_OK); /* in place */
    MUST(memcmp(got, msg, len) == 0);
    free(got);
    free(want);
}

static void check_xts(fz *f, karx_cipher_alg alg, uint8_t flags)
{
    uint8_t k[64], tw[16], choices[2 * XK + 2];
    size_t kb = karx_cipher_key_bytes(alg), kl = 2 * kb, len;
    fz_fill(f, k, sizeof k);
    fz_fill(f, tw, sizeof tw);
    fz_fill(f, choices, sizeof choices);
    if (karx_cipher_block_bytes(alg) != 16) {
        xts_check_bad_key(alg, k, kl, KARX_ERR_UNSUPPORTED);
        return;
    }
    if (flags & 1) { /* a key length off by a little */
        size_t bad = kl + (size_t)(flags & 6) - 3; /* kl - 3 .. kl + 3, never kl */
        xts_check_bad_key(alg, k, bad, KARX_ERR_KEY_LENGTH);
    }
    if (flags & 8) /* equal halves */
        memcpy(k + kb, k, kb);
    if (memcmp(k, k + kb, kb) == 0) {
        xts_check_bad_key(alg, k, kl, KARX_ERR_ARGUMENT);
        k[kb + flags % kb] ^= 1; /* differ in one bit: accepted */
    }
    if (flags & 0x10) /* a tweak number close to 2^128 - 1 */
        memset(tw + 1, 0xff, 15);
    karx_xts_key key;
    MUST(karx_xts_set_key(&key, alg, k, kl) == KARX_OK);
    const uint8_t *rest = fz_rest(f, &len);
    uint8_t *msg = fz_dup(rest, len), *ct = malloc(len + 1), *back = malloc(len + 1);
    MUST(ct && back);
    memset(ct, XPOISON, len + 1);
    karx_status st = karx_xts_encrypt(&key, tw, ct, msg, len);
    if (len < 16) { /* too short: refused everywhere, nothing written */
        MUST(st == KARX_ERR_DATA_LENGTH && ct[0] == XPOISON);
        MUST(karx_xts_decrypt(&key, tw, ct, msg, len) == KARX_ERR_DATA_LENGTH && ct[0] == XPOISON);
        MUST(karx_xts_encrypt_sectors(&key, tw, 16, ct, msg, len) == KARX_ERR_DATA_LENGTH);
        karx_xts_ctx ctx;
        size_t n;
        MUST(karx_xts_init(&ctx, alg, 1, k, kl, tw) == KARX_OK);
        MUST(karx_xts_update(&ctx, ct, len + 1, &n, NZ(msg, len), len) == KARX_OK && n == 0);
        MUST(karx_xts_final(&ctx, ct, 32, &n) == KARX_ERR_DATA_LENGTH && n == 0);
        MUST(ct[0] == XPOISON && fz_all_zero((const uint8_t *)&ctx.key, sizeof ctx.key));
    } else {
        MUST(st == KARX_OK && ct[len] == XPOISON);
        MUST(karx_xts_decrypt(&key, tw, back, ct, len) == KARX_OK);
        MUST(memcmp(back, msg, len) == 0);
        memcpy(back, msg, len);
        MUST(karx_xts_encrypt(&key, tw, back, back, len) == KARX_OK); /* in place */
        MUST(memcmp(back, ct, len) == 0);
        karx_backend was = karx_get_backend();
        MUST(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
        MUST(karx_xts_encrypt(&key, tw, back, msg, len) == KARX_OK);
        MUST(karx_set_backend(was) == KARX_OK);
        MUST(memcmp(back, ct, len) == 0);
        fz g = {choices, sizeof choices};
        size_t cut[XK];
        fz_cuts(&g, len, cut, XK);
        xts_stream(k, kl, alg, 1, tw, cut, msg, len, ct, 0);
        xts_stream(k, kl, alg, 0, tw, cut, ct, len, msg, 1);
        xts_sectors(&key, tw, 16 + fz_upto(&g, 300), msg, len);
    }
    if (flags & 0x20) { /* a sector size under 16 is an argument error, and writes nothing */
        memset(ct, XPOISON, len + 1);
        st = karx_xts_encrypt_sectors(&key, tw, (size_t)(flags & 15), ct, msg, len);
        MUST(st == KARX_ERR_ARGUMENT || (len < 16 && st == KARX_ERR_DATA_LENGTH));
        for (size_t i = 0; i <= len; i++)
            MUST(ct[i] == XPOISON);
    }
    karx_xts_key_wipe(&key);
    free(msg);
    free(ct);
    free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    job j;
    j.alg = (karx_cipher_alg)(KARX_CIPHER_FIRST + fz_u8(&f) % KARX_CIPHER_LAST);
    j.mode = (karx_mode)(KARX_MODE_FIRST + fz_u8(&f) % KARX_MODE_LAST);
    uint8_t flags = fz_u8(&f);
    fz_backend(&f);
    if (flags & 0x80) { /* half the inputs: XTS (xts.h), which has no karx_mode */
        check_xts(&f, j.alg, flags);
        return 0;
    }
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
