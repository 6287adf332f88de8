/* libFuzzer target: HMAC-LSH over all six variants (and ids that are none) with a fuzz-chosen key
 * of any length and a message cut at fuzz-chosen points, on a back end the input picks:
 * streaming (with a forked copy) equals the one-shot and the portable back end; final with too
 * small a buffer changes nothing; verify takes the tag and its allowed truncations, refuses a
 * flipped bit and tag lengths outside [min, digest]. Inputs that start with 0xC0 or more test
 * KBKDF over HMAC and CMAC instead (check_kbkdf below). */
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

#define BIT(st) (1u << (unsigned)-(st))

/* ---- KBKDF (kbkdf.h), on inputs whose first byte is 0xC0 or more ----------------------------
 * Fuzz-chosen mode, PRF id (CMAC, HMAC, GMAC, unknown), counter width, [L] width, label,
 * context, IV, key and output length: invalid parameters give one of the statuses the header
 * names and leave out untouched; valid ones equal kdf_ref, an SP 800-108 composition of the
 * one-shot karx_cmac / karx_hmac_lsh calls written here, on the active and portable back ends. */

enum { KB_POOL = 256, KB_MAX_OUT = 700, KB_POISON = 0x3C };

typedef struct kdf_case {
    karx_kbkdf_params p;
    uint8_t pool[KB_POOL], key[80];
    size_t ki_len, out_len;
} kdf_case;

/* PRF output bytes for a CMAC or HMAC id, 0 for anything else. */
static size_t kb_prf_bytes(int id)
{
    int fam = KARX_MAC_FAMILY(id), prim = KARX_MAC_PRIM(id);
    if (id < 0 || id > 0xffff)
        return 0;
    if (fam == KARX_MAC_CMAC)
        return karx_cipher_block_bytes((karx_cipher_alg)prim);
    if (fam == KARX_MAC_HMAC)
        return karx_hmac_lsh_bytes((karx_lsh_alg)prim);
    return 0;
}

static void kb_prf(int id, const uint8_t *k, size_t kl, const uint8_t *in, size_t len,
                   uint8_t *out)
{
    int prim = KARX_MAC_PRIM(id);
    size_t h = kb_prf_bytes(id);
    if (KARX_MAC_FAMILY(id) == KARX_MAC_CMAC)
        MUST(karx_cmac((karx_cipher_alg)prim, k, kl, out, h, in, len) == KARX_OK);
    else
        MUST(karx_hmac_lsh((karx_lsh_alg)prim, k, kl, out, 64, in, len) == KARX_OK);
}

/* Big-endian v in w bytes at p. */
static size_t kb_be(uint8_t *p, uint64_t v, size_t w)
{
    for (size_t i = 0; i < w; i++)
        p[i] = (uint8_t)(v >> (8 * (w - 1 - i)));
    return w;
}

/* Bytes [L] takes: l_bytes, or (0) the fewest that hold L. */
static size_t kb_l_width(uint64_t L, unsigned l_bytes)
{
    size_t w = 1;
    while (w < 8 && (L >> (8 * w)) != 0)
        w++;
    return l_bytes ? l_bytes : w;
}

/* SP 800-108 from its text, with [i] right before the label. */
static void kdf_ref(const kdf_case *c, uint8_t *out)
{
    const karx_kbkdf_params *p = &c->p;
    size_t h = kb_prf_bytes(p->prf), n = (c->out_len + h - 1) / h, r = p->counter_bits / 8;
    uint64_t L = (uint64_t)c->out_len * 8;
    size_t fixed_len = p->label_len + 1 + p->context_len + kb_l_width(L, p->l_bytes);
    uint8_t *fixed = malloc(fixed_len), *msg = malloc(64 + 4 + fixed_len), k[64], a[64];
    MUST(fixed && msg);
    size_t o = 0;
    if (p->label_len)
        memcpy(fixed, p->label, p->label_len);
    o += p->label_len;
    fixed[o++] = 0;
    if (p->context_len)
        memcpy(fixed + o, p->context, p->context_len);
    o += p->context_len;
    kb_be(fixed + o, L, kb_l_width(L, p->l_bytes));
    size_t prev_len = p->mode == KARX_KBKDF_FEEDBACK ? p->iv_len : 0; /* K(0) = IV */
    if (prev_len)
        memcpy(k, p->iv, prev_len);
    for (size_t i = 1, done = 0; i <= n; i++) {
        size_t m = 0;
        if (p->mode == KARX_KBKDF_FEEDBACK) {
            memcpy(msg, k, prev_len);
            m = prev_len;
        } else if (p->mode == KARX_KBKDF_PIPELINE) { /* A(i) = PRF(A(i-1)), A(0) = fixed */
            kb_prf(p->prf, c->key, c->ki_len, i == 1 ? fixed : a, i == 1 ? fixed_len : h, msg);
            memcpy(a, msg, h);
            m = h;
        }
        m += kb_be(msg + m, i, r);
        memcpy(msg + m, fixed, fixed_len);
        kb_prf(p->prf, c->key, c->ki_len, msg, m + fixed_len, k);
        prev_len = h;
        size_t take = c->out_len - done < h ? c->out_len - done : h;
        memcpy(out + done, k, take);
        done += take;
    }
    free(fixed);
    free(msg);
}

/* The statuses the header allows for c (a bit each; 0 = valid). */
static unsigned kb_errors(const kdf_case *c)
{
    const karx_kbkdf_params *p = &c->p;
    unsigned e = 0, cb = p->counter_bits;
    int fam = KARX_MAC_FAMILY(p->prf), prim = KARX_MAC_PRIM(p->prf);
    size_t h = kb_prf_bytes(p->prf);
    if (p->mode < KARX_KBKDF_COUNTER || p->mode > KARX_KBKDF_PIPELINE || cb % 8 != 0 || cb > 32 ||
        (cb == 0 && p->mode == KARX_KBKDF_COUNTER) || p->l_bytes > KARX_KBKDF_MAX_L_BYTES)
        e |= BIT(KARX_ERR_ARGUMENT);
    if (fam == KARX_MAC_GMAC && karx_cipher_block_bytes((karx_cipher_alg)prim) == 16 &&
        p->prf <= 0xffff)
        e |= BIT(KARX_ERR_UNSUPPORTED);
    else if (h == 0)
        e |= BIT(KARX_ERR_UNKNOWN_ALGORITHM);
    if (p->iv_len != 0 && p->mode != KARX_KBKDF_FEEDBACK)
        e |= BIT(KARX_ERR_IV_LENGTH);
    if (fam == KARX_MAC_CMAC && h && c->ki_len != karx_cipher_key_bytes((karx_cipher_alg)prim))
        e |= BIT(KARX_ERR_KEY_LENGTH);
    uint64_t n = h ? (c->out_len + h - 1) / h : 1, L = (uint64_t)c->out_len * 8;
    uint64_t max_n = cb && cb <= 32 && cb % 8 == 0 ? (1ull << cb) - 1 : 0xffffffffull;
    if (c->out_len == 0 || n > max_n ||
        (p->l_bytes >= 1 && p->l_bytes <= 4 && kb_l_width(L, 0) > p->l_bytes))
        e |= BIT(KARX_ERR_OUTPUT_LENGTH);
    if ((p->label_len && !p->label) || (p->context_len && !p->context) || (p->iv_len && !p->iv))
        e |= BIT(KARX_ERR_ARGUMENT);
    return e;
}

static const uint8_t *kb_part(fz *f, kdf_case *c, size_t *len, size_t max)
{
    *len = fz_upto(f, max);
    uint8_t how = fz_u8(f);
    if ((how & 0xc0) == 0x40)
        *len %= 3; /* often 0, 1 or 2 bytes */
    if (*len == 0)
        return (how & 1) ? NULL : c->pool; /* empty: NULL or not, both fine */
    return (how & 0x3f) == 0x3f ? NULL : c->pool + how % (KB_POOL - max); /* NULL: refused */
}

static void check_kbkdf(fz *f)
{
    static const unsigned widths[8] = {8, 16, 24, 32, 0, 8, 12, 40};
    static const int fams[8] = {KARX_MAC_HMAC, KARX_MAC_CMAC, KARX_MAC_HMAC, KARX_MAC_CMAC,
                                KARX_MAC_GMAC, 0, 4, KARX_MAC_HMAC};
    kdf_case c;
    memset(&c, 0, sizeof c);
    uint8_t m = fz_u8(f), s = fz_u8(f), w = fz_u8(f);
    c.p.mode = (karx_kbkdf_mode)(m % 8 < 6 ? 1 + m % 3 : m % 8 == 6 ? 0 : 4);
    c.p.prf = KARX_MAC_ID(fams[s % 8], (s >> 3) % 12);
    if ((s & 0xf8) == 0xf8)
        c.p.prf = (int)fz_u16(f) - 8; /* any id, negatives too */
    c.p.counter_bits = widths[w % 8];
    c.p.l_bytes = (w >> 3) % 6;
    fz_backend(f);
    fz_fill(f, c.pool, sizeof c.pool);
    fz_fill(f, c.key, sizeof c.key);
    size_t kb = karx_cipher_key_bytes((karx_cipher_alg)KARX_MAC_PRIM(c.p.prf)), kc = fz_u8(f);
    if (KARX_MAC_FAMILY(c.p.prf) == KARX_MAC_CMAC && kb && kc < 0xf0)
        c.ki_len = kb;
    else
        c.ki_len = kc % sizeof c.key;
    c.p.label = kb_part(f, &c, &c.p.label_len, 64);
    c.p.context = kb_part(f, &c, &c.p.context_len, 64);
    c.p.iv = kb_part(f, &c, &c.p.iv_len, 64);
    if (c.p.mode != KARX_KBKDF_FEEDBACK) /* half keep the IV rule, half break it by a little */
        c.p.iv_len = (m & 0x80) ? c.p.iv_len % 3 : 0;
    size_t h = kb_prf_bytes(c.p.prf);
    uint8_t o = fz_u8(f);
    c.out_len = fz_upto(f, KB_MAX_OUT);
    if (o >= 0xf8 && h && c.p.counter_bits == 8) /* the counter's last block, or one too many */
        c.out_len = 255 * h - (o & 1 ? 0 : (size_t)(o % h));
    if (o >= 0xf8 && (o & 2))
        c.out_len += 1;

    static uint8_t got[256 * 64 + 1], want[256 * 64];
    memset(got, KB_POISON, c.out_len + 1);
    unsigned errs = kb_errors(&c);
    karx_status st = karx_kbkdf(&c.p, NZ(c.key, c.ki_len), c.ki_len, got, c.out_len);
    if (errs) {
        MUST(st < 0 && (errs & BIT(st)));
        for (size_t i = 0; i <= c.out_len; i++)
            MUST(got[i] == KB_POISON);
        return;
    }
    MUST(st == KARX_OK && got[c.out_len] == KB_POISON);
    kdf_ref(&c, want);
    MUST(memcmp(got, want, c.out_len) == 0);
    if (c.out_len > 1024) /* long outputs (the 8-bit counter's end): the back end check is costly */
        return;
    karx_backend was = karx_get_backend();
    MUST(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
    MUST(karx_kbkdf(&c.p, NZ(c.key, c.ki_len), c.ki_len, got, c.out_len) == KARX_OK);
    MUST(karx_set_backend(was) == KARX_OK);
    MUST(memcmp(got, want, c.out_len) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    uint8_t sel = fz_u8(&f);
    if (sel >= 0xC0) { /* a quarter of the inputs: KBKDF */
        check_kbkdf(&f);
        return 0;
    }
    karx_lsh_alg alg = (karx_lsh_alg)(sel % 8); /* 0 and 7 are not variants */
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
