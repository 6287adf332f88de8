/* libFuzzer target: GCM and CCM over any cipher id (valid or not), with fuzz-chosen key, IV /
 * nonce and tag lengths, on a back end the input picks.
 *  - invalid parameters give one of the statuses their rules name, and write nothing;
 *  - valid ones: open(seal(x)) == x; the scheduled-key, in-place, portable and (GCM) streaming
 *    forms at fuzz-chosen splits give the same bytes; a shorter tag is the leading bytes of the
 *    full one;
 *  - a forgery (one bit flipped in ciphertext, tag, AAD or nonce) is refused with
 *    KARX_ERR_AUTHENTICATION and the output zero-filled;
 *  - GMAC with the GCM case's parameters: the same statuses when invalid (nothing written);
 *    else the tag of GCM over an empty plaintext with the message as AAD, in one-shot, streaming
 *    (with a fork), scheduled-key and portable forms; verify takes it and refuses a flipped bit. */
#include "fuzz_util.h"

enum { MAX_IV = 40, MAX_AAD = 300, POISON = 0xA5 };

typedef karx_status (*aead_fn)(karx_cipher_alg, const uint8_t *, size_t, const uint8_t *, size_t,
                               uint8_t *, uint8_t *, size_t, const uint8_t *, size_t,
                               const uint8_t *, size_t);
typedef karx_status (*aead_open_fn)(karx_cipher_alg, const uint8_t *, size_t, const uint8_t *,
                                    size_t, uint8_t *, const uint8_t *, size_t, const uint8_t *,
                                    size_t, const uint8_t *, size_t);

typedef struct aead {
    int gcm;
    aead_fn seal;
    aead_open_fn open;
} aead;

/* A case: everything one seal/open needs, all picked by the input. */
typedef struct ccase {
    const aead *a;
    karx_cipher_alg alg;
    uint8_t key[40], iv[MAX_IV], aad[MAX_AAD];
    const uint8_t *ad; /* aad, or NULL when aad_len is 0 (allowed, and must work) */
    size_t key_len, iv_len, aad_len, tag_len, len;
    const uint8_t *msg;
} ccase;

#define BIT(st) (1u << (unsigned)-(st))

static int ccm_tag_ok(size_t t)
{
    return t >= 4 && t <= 16 && t % 2 == 0;
}

/* The statuses the header allows for this case's parameters (a bit per status; 0 = valid). */
static unsigned expected_errors(const ccase *c)
{
    unsigned e = 0;
    size_t bb = karx_cipher_block_bytes(c->alg);
    if (bb == 0)
        e |= BIT(KARX_ERR_UNKNOWN_ALGORITHM);
    else if (bb != 16)
        e |= BIT(KARX_ERR_UNSUPPORTED);
    else if (c->key_len != karx_cipher_key_bytes(c->alg))
        e |= BIT(KARX_ERR_KEY_LENGTH);
    if (c->a->gcm ? c->iv_len == 0 : (c->iv_len < 7 || c->iv_len > 13))
        e |= BIT(KARX_ERR_IV_LENGTH);
    if (!(c->a->gcm ? karx_gcm_tag_len_ok(c->tag_len) : ccm_tag_ok(c->tag_len)))
        e |= BIT(KARX_ERR_ARGUMENT);
    if (!c->a->gcm && c->iv_len >= 7 && c->iv_len <= 13 &&
        c->len > karx_ccm_max_payload_bytes(c->iv_len))
        e |= BIT(KARX_ERR_DATA_LENGTH);
    return e;
}

static void check_invalid(const ccase *c, unsigned errs)
{
    uint8_t *out = malloc(c->len + 1), tag[17];
    MUST(out != NULL);
    memset(out, POISON, c->len + 1);
    memset(tag, POISON, sizeof tag);
    karx_status st = c->a->seal(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(out, c->len), tag,
                                c->tag_len, c->msg, c->len, c->ad, c->aad_len);
    MUST(st < 0 && (errs & BIT(st)));
    st = c->a->open(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(out, c->len), tag, c->tag_len,
                    c->msg, c->len, c->ad, c->aad_len);
    MUST(st < 0 && (errs & BIT(st)));
    for (size_t i = 0; i <= c->len; i++)
        MUST(out[i] == POISON);
    for (size_t i = 0; i < sizeof tag; i++)
        MUST(tag[i] == POISON);
    free(out);
}

/* The scheduled-key forms give the same ciphertext and tag. */
static void check_keyed(const ccase *c, const uint8_t *ct, const uint8_t *tag)
{
    uint8_t *out = fz_dup(c->msg, c->len), t2[16];
    if (c->a->gcm) {
        karx_gcm_key gk;
        MUST(karx_gcm_set_key(&gk, c->alg, c->key, c->key_len) == KARX_OK);
        MUST(karx_gcm_seal(&gk, c->iv, c->iv_len, NZ(out, c->len), t2, c->tag_len, NZ(out, c->len),
                           c->len, c->ad, c->aad_len) == KARX_OK); /* in place */
        karx_gcm_key_wipe(&gk);
        MUST(karx_gcm_seal(&gk, c->iv, c->iv_len, NULL, t2, 16, NULL, 0, NULL, 0) ==
             KARX_ERR_STATE);
    } else {
        karx_cipher_key k;
        MUST(karx_cipher_set_key(&k, c->alg, c->key, c->key_len) == KARX_OK);
        MUST(karx_ccm_seal(&k, c->iv, c->iv_len, NZ(out, c->len), t2, c->tag_len, NZ(out, c->len),
                           c->len, c->ad, c->aad_len) == KARX_OK);
        karx_cipher_key_wipe(&k);
        MUST(karx_ccm_seal(&k, c->iv, c->iv_len, NULL, t2, 16, NULL, 0, NULL, 0) == KARX_ERR_STATE);
    }
    MUST(fz_same(out, ct, c->len) && fz_same(t2, tag, c->tag_len));
    free(out);
}

/* Streaming GCM with AAD and data cut at fuzz-chosen points equals the one-shot. */
static void check_gcm_stream(fz *f, const ccase *c, const uint8_t *ct, const uint8_t *tag)
{
    size_t ac[2], dc[3];
    fz_cuts(f, c->aad_len, ac, 2);
    fz_cuts(f, c->len, dc, 3);
    for (int enc = 0; enc <= 1; enc++) {
        static const uint8_t empty[1];
        const uint8_t *in = enc ? c->msg : ct, *want = enc ? ct : c->msg;
        in = in ? in : empty; /* c->msg is NULL when empty */
        uint8_t *out = malloc(c->len + 1), t2[16];
        karx_gcm_ctx ctx;
        MUST(out != NULL);
        MUST(karx_gcm_init(&ctx, c->alg, c->key, c->key_len, enc, c->iv, c->iv_len) == KARX_OK);
        size_t prev = 0;
        for (int i = 0; i <= 2; i++) {
            size_t to = i < 2 ? ac[i] : c->aad_len;
            MUST(karx_gcm_aad(&ctx, NZ(c->aad + prev, to - prev), to - prev) == KARX_OK);
            prev = to;
        }
        prev = 0;
        for (int i = 0; i <= 3; i++) {
            size_t to = i < 3 ? dc[i] : c->len;
            MUST(karx_gcm_update(&ctx, NZ(out + prev, to - prev), NZ(in + prev, to - prev),
                                 to - prev) == KARX_OK);
            prev = to;
        }
        if (c->len > 0 && c->aad_len > 0) /* AAD after data is a state error */
            MUST(karx_gcm_aad(&ctx, c->aad, 1) == KARX_ERR_STATE);
        MUST(fz_same(out, want, c->len));
        if (enc) {
            MUST(karx_gcm_final_verify(&ctx, tag, c->tag_len) == KARX_ERR_STATE);
            MUST(karx_gcm_final(&ctx, t2, c->tag_len) == KARX_OK);
            MUST(fz_same(t2, tag, c->tag_len));
        } else {
            MUST(karx_gcm_final(&ctx, t2, c->tag_len) == KARX_ERR_STATE);
            MUST(karx_gcm_final_verify(&ctx, tag, c->tag_len) == KARX_OK);
        }
        MUST(karx_gcm_update(&ctx, out, in, 0) == KARX_ERR_STATE); /* wiped by final/verify */
        free(out);
    }
}

/* One bit of ciphertext, tag, AAD or nonce flipped: refused, output all zeros. */
static void check_forgery(fz *f, ccase *c, uint8_t *ct, uint8_t *tag)
{
    uint8_t what = fz_u8(f) % 4, bit = (uint8_t)(1u << (fz_u8(f) % 8));
    size_t pos = fz_u16(f);
    uint8_t *p;
    if (what == 0 && c->len > 0)
        p = ct + pos % c->len;
    else if (what == 2 && c->aad_len > 0)
        p = c->aad + pos % c->aad_len;
    else if (what == 3)
        p = c->iv + pos % c->iv_len;
    else
        p = tag + pos % c->tag_len;
    *p ^= bit;
    uint8_t *out = malloc(c->len + 1);
    MUST(out != NULL);
    memset(out, POISON, c->len + 1);
    karx_status st = c->a->open(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(out, c->len), tag,
                                c->tag_len, NZ(ct, c->len), c->len, c->ad, c->aad_len);
    MUST(st == KARX_ERR_AUTHENTICATION);
    MUST(fz_all_zero(out, c->len) && out[c->len] == POISON);
    if (c->a->gcm) {
        karx_gcm_ctx ctx;
        MUST(karx_gcm_init(&ctx, c->alg, c->key, c->key_len, 0, c->iv, c->iv_len) == KARX_OK);
        MUST(karx_gcm_aad(&ctx, c->ad, c->aad_len) == KARX_OK);
        MUST(karx_gcm_update(&ctx, NZ(out, c->len), NZ(ct, c->len), c->len) == KARX_OK);
        MUST(karx_gcm_final_verify(&ctx, tag, c->tag_len) == KARX_ERR_AUTHENTICATION);
    }
    /* In place too: the ciphertext is replaced by zeros. */
    st = c->a->open(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(ct, c->len), tag, c->tag_len,
                    NZ(ct, c->len), c->len, c->ad, c->aad_len);
    MUST(st == KARX_ERR_AUTHENTICATION && fz_all_zero(ct, c->len));
    free(out);
}

/* CCM with a 13-byte nonce carries at most 65535 bytes: one more is refused before any byte is
 * read or written. */
static void check_ccm_too_long(const ccase *c)
{
    static uint8_t big[65536];
    uint8_t tag[16] = {0};
    MUST(karx_ccm_encrypt(c->alg, c->key, c->key_len, c->iv, c->iv_len, big, tag, c->tag_len, big,
                          sizeof big, NULL, 0) == KARX_ERR_DATA_LENGTH);
    if (c->aad_len != 0) /* the longest allowed payload, now and then (it is slow) */
        return;
    MUST(karx_ccm_decrypt(c->alg, c->key, c->key_len, c->iv, c->iv_len, big, tag, c->tag_len, big,
                          sizeof big - 1, NULL, 0) == KARX_ERR_AUTHENTICATION);
    MUST(fz_all_zero(big, sizeof big));
}

/* ---- GMAC (gmac.h): GCM's tag over AAD alone ------------------------------------------------ */

/* Invalid GCM parameters are GMAC's too: the same statuses, nothing written; a bad tag length is
 * final's business (init succeeds, final refuses and changes nothing). */
static void check_gmac_invalid(const ccase *c, unsigned errs)
{
    uint8_t tag[17];
    memset(tag, POISON, sizeof tag);
    karx_status st = karx_gmac(c->alg, c->key, c->key_len, c->iv, c->iv_len, tag, c->tag_len,
                               c->ad, c->aad_len);
    MUST(st < 0 && (errs & BIT(st)));
    st = karx_gmac_verify(c->alg, c->key, c->key_len, c->iv, c->iv_len, tag, c->tag_len, c->ad,
                          c->aad_len);
    MUST(st < 0 && (errs & BIT(st)));
    for (size_t i = 0; i < sizeof tag; i++)
        MUST(tag[i] == POISON);
    karx_gmac_ctx g;
    unsigned init_errs = errs & ~BIT(KARX_ERR_ARGUMENT);
    st = karx_gmac_init(&g, c->alg, c->key, c->key_len, c->iv, c->iv_len);
    if (init_errs) {
        MUST(st < 0 && (init_errs & BIT(st)));
        MUST(karx_gmac_update(&g, c->ad, c->aad_len) == KARX_ERR_STATE); /* wiped */
        return;
    }
    MUST(st == KARX_OK && karx_gmac_update(&g, c->ad, c->aad_len) == KARX_OK);
    MUST(karx_gmac_final(&g, tag, c->tag_len) == KARX_ERR_ARGUMENT);
    MUST(karx_gmac_final_verify(&g, tag, c->tag_len) == KARX_ERR_ARGUMENT);
    for (size_t i = 0; i < sizeof tag; i++)
        MUST(tag[i] == POISON);
    MUST(karx_gmac_final(&g, tag, 16) == KARX_OK); /* still usable */
    MUST(karx_gmac_update(&g, NULL, 0) == KARX_ERR_STATE);
}

/* Valid parameters, the message as GMAC's data: the tag of GCM over an empty plaintext with the
 * message as AAD; streaming at fuzz-chosen cuts (from the key or a scheduled GCM key, with a
 * fork), the portable back end, and verify (the tag, and one bit flipped) agree. */
static void check_gmac(fz *f, const ccase *c)
{
    uint8_t want[16], tag[17], bad[16];
    const uint8_t *m = c->msg;
    size_t len = c->len, cut[3];
    MUST(karx_gcm_encrypt(c->alg, c->key, c->key_len, c->iv, c->iv_len, NULL, want, c->tag_len,
                          NULL, 0, m, len) == KARX_OK);
    memset(tag, POISON, sizeof tag);
    MUST(karx_gmac(c->alg, c->key, c->key_len, c->iv, c->iv_len, tag, c->tag_len, m, len) ==
         KARX_OK);
    MUST(memcmp(tag, want, c->tag_len) == 0 && tag[c->tag_len] == POISON);
    karx_backend was = karx_get_backend();
    MUST(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
    MUST(karx_gmac(c->alg, c->key, c->key_len, c->iv, c->iv_len, tag, c->tag_len, m, len) ==
         KARX_OK);
    MUST(karx_set_backend(was) == KARX_OK);
    MUST(memcmp(tag, want, c->tag_len) == 0);

    karx_gmac_ctx g, fork;
    uint8_t how = fz_u8(f);
    fz_cuts(f, len, cut, 3);
    if (how & 1) {
        karx_gcm_key gk;
        MUST(karx_gcm_set_key(&gk, c->alg, c->key, c->key_len) == KARX_OK);
        MUST(karx_gmac_init_key(&g, &gk, c->iv, c->iv_len) == KARX_OK);
        karx_gcm_key_wipe(&gk);
    } else {
        MUST(karx_gmac_init(&g, c->alg, c->key, c->key_len, c->iv, c->iv_len) == KARX_OK);
    }
    MUST(karx_gmac_update(&g, NZ(m, cut[0]), cut[0]) == KARX_OK);
    fork = g;
    size_t prev = cut[0];
    for (int i = 1; i <= 3; i++) {
        size_t to = i < 3 ? cut[i] : len;
        MUST(karx_gmac_update(&g, NZ(m + prev, to - prev), to - prev) == KARX_OK);
        prev = to;
    }
    MUST(karx_gmac_final(&g, tag, c->tag_len) == KARX_OK);
    MUST(memcmp(tag, want, c->tag_len) == 0);
    MUST(karx_gmac_update(&g, NULL, 0) == KARX_ERR_STATE); /* wiped by final */
    MUST(karx_gmac_update(&fork, NZ(m + cut[0], len - cut[0]), len - cut[0]) == KARX_OK);
    karx_gmac_ctx fork2 = fork;
    MUST(karx_gmac_final_verify(&fork, want, c->tag_len) == KARX_OK);

    memcpy(bad, want, c->tag_len);
    bad[fz_u8(f) % c->tag_len] ^= (uint8_t)(1u << (fz_u8(f) % 8));
    MUST(karx_gmac_final_verify(&fork2, bad, c->tag_len) == KARX_ERR_AUTHENTICATION);
    MUST(karx_gmac_verify(c->alg, c->key, c->key_len, c->iv, c->iv_len, want, c->tag_len, m,
                          len) == KARX_OK);
    MUST(karx_gmac_verify(c->alg, c->key, c->key_len, c->iv, c->iv_len, bad, c->tag_len, m,
                          len) == KARX_ERR_AUTHENTICATION);
}

static void check_valid(fz *f, ccase *c)
{
    uint8_t *ct = malloc(c->len + 1), *back = malloc(c->len + 1), tag[16], full[16];
    MUST(ct != NULL && back != NULL);
    MUST(c->a->seal(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(ct, c->len), tag, c->tag_len,
                    c->msg, c->len, c->ad, c->aad_len) == KARX_OK);
    /* GCM: a shorter tag is the leading bytes of the 16-byte one (CCM binds the tag length into
     * its first block, so there the tags differ). */
    if (c->a->gcm) {
        MUST(c->a->seal(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(back, c->len), full, 16,
                        c->msg, c->len, c->ad, c->aad_len) == KARX_OK);
        MUST(fz_same(full, tag, c->tag_len) && fz_same(back, ct, c->len));
    }
    karx_backend was = karx_get_backend();
    MUST(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
    MUST(c->a->seal(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(back, c->len), full,
                    c->tag_len, c->msg, c->len, c->ad, c->aad_len) == KARX_OK);
    MUST(karx_set_backend(was) == KARX_OK);
    MUST(fz_same(full, tag, c->tag_len) && fz_same(back, ct, c->len));
    memset(back, POISON, c->len + 1);
    MUST(c->a->open(c->alg, c->key, c->key_len, c->iv, c->iv_len, NZ(back, c->len), tag, c->tag_len,
                    NZ(ct, c->len), c->len, c->ad, c->aad_len) == KARX_OK);
    MUST(fz_same(back, c->msg, c->len) && back[c->len] == POISON);
    check_keyed(c, ct, tag);
    if (!c->a->gcm && c->iv_len == 13)
        check_ccm_too_long(c);
    if (c->a->gcm) {
        check_gcm_stream(f, c, ct, tag);
        check_gmac(f, c);
    }
    check_forgery(f, c, ct, tag);
    free(ct);
    free(back);
}

static const aead GCM = {1, karx_gcm_encrypt, karx_gcm_decrypt};
static const aead CCM = {0, karx_ccm_encrypt, karx_ccm_decrypt};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    ccase c;
    uint8_t sel = fz_u8(&f), lens = fz_u8(&f);
    c.a = (sel & 1) ? &CCM : &GCM;
    c.alg = (karx_cipher_alg)((sel >> 1) % 12); /* 0 and 11 are not ciphers */
    size_t kb = karx_cipher_key_bytes(c.alg);
    c.key_len = (lens & 0x80) ? lens % 40 : (kb ? kb : 16);
    c.iv_len = (lens & 0x40) ? fz_u8(&f) % (MAX_IV + 1) : (c.a->gcm ? 12 : 7 + lens % 7);
    unsigned t = fz_u8(&f);
    c.tag_len = (t & 0x80) ? t % 18 : 16 - 2 * (t % 7); /* else 16, 14, .. 4 */
    c.aad_len = fz_upto(&f, MAX_AAD);
    c.ad = NZ(c.aad, c.aad_len);
    fz_backend(&f);
    fz_fill(&f, c.key, sizeof c.key);
    fz_fill(&f, c.iv, sizeof c.iv);
    fz_fill(&f, c.aad, c.aad_len);
    size_t ctl = fz_upto(&f, 64); /* bytes of choices kept for the checks, after the message */
    size_t rest;
    const uint8_t *r = fz_rest(&f, &rest);
    c.len = rest > ctl ? rest - ctl : 0;
    uint8_t *msg = fz_dup(r, c.len);
    c.msg = NZ(msg, c.len);
    fz g = {r + c.len, rest - c.len};
    unsigned errs = expected_errors(&c);
    if (errs && c.a->gcm)
        check_gmac_invalid(&c, errs);
    if (errs)
        check_invalid(&c, errs);
    else
        check_valid(&g, &c);
    free(msg);
    return 0;
}
