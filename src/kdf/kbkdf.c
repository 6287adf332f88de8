/* KBKDF (NIST SP 800-108, TTAK.KO-12.0272) in counter, feedback and double-pipeline modes over
 * a CMAC or HMAC PRF (kbkdf_prf.c). Every argument is checked before the first byte is written;
 * the PRF outputs that are not part of the result (the pipeline's A(i), a truncated last block,
 * feedback's chaining value) live in local buffers wiped on return. */
#include <string.h>

#include "karx/kbkdf.h"
#include "kbkdf_prf.h"

/* The checked shape of one derivation. */
typedef struct plan {
    uint8_t ctr_bytes;
    uint8_t l_len;
    uint8_t l_enc[8]; /* [L], big-endian, l_len bytes */
    uint64_t blocks;  /* n */
} plan;

/* Bytes of [L]: the fixed width, or the fewest that hold bits (the TTAK form). */
static unsigned l_width(unsigned l_bytes, uint64_t bits)
{
    unsigned w = 1;
    if (l_bytes != 0)
        return l_bytes;
    while (w < 8 && (bits >> (8 * w)) != 0)
        w++;
    return w;
}

static karx_status check_args(const karx_kbkdf_params *p, const uint8_t *ki, size_t ki_len,
                              const uint8_t *out)
{
    if (p == NULL || out == NULL || (ki == NULL && ki_len != 0) ||
        (p->label == NULL && p->label_len != 0) || (p->context == NULL && p->context_len != 0) ||
        (p->iv == NULL && p->iv_len != 0))
        return KARX_ERR_ARGUMENT;
    if (p->mode != KARX_KBKDF_COUNTER && p->mode != KARX_KBKDF_FEEDBACK &&
        p->mode != KARX_KBKDF_PIPELINE)
        return KARX_ERR_ARGUMENT;
    if (p->counter_bits % 8 != 0 || p->counter_bits > 32 ||
        (p->counter_bits == 0 && p->mode == KARX_KBKDF_COUNTER))
        return KARX_ERR_ARGUMENT;
    if (p->l_bytes > KARX_KBKDF_MAX_L_BYTES)
        return KARX_ERR_ARGUMENT;
    return KARX_OK;
}

/* Checks the PRF, IV and lengths against p and fills pl. */
static karx_status make_plan(const karx_kbkdf_params *p, size_t out_len, plan *pl)
{
    int family;
    size_t h;
    karx_status s = karx_i_kbkdf_prf_lookup(p->prf, &family, &h);
    if (s != KARX_OK)
        return s;
    if (p->iv_len != 0 && p->mode != KARX_KBKDF_FEEDBACK)
        return KARX_ERR_IV_LENGTH;
    if (out_len == 0)
        return KARX_ERR_OUTPUT_LENGTH;
    /* n <= 2^r - 1 (2^32 - 1 without a counter); checked before 8 * out_len can overflow. */
    const uint64_t max_blocks =
        p->counter_bits == 0 ? UINT64_C(0xffffffff) : (UINT64_C(1) << p->counter_bits) - 1;
    pl->blocks = ((uint64_t)out_len - 1) / h + 1;
    if (pl->blocks > max_blocks)
        return KARX_ERR_OUTPUT_LENGTH;
    const uint64_t bits = (uint64_t)out_len * 8;
    pl->l_len = (uint8_t)l_width(p->l_bytes, bits);
    if (pl->l_len < 8 && (bits >> (8 * pl->l_len)) != 0)
        return KARX_ERR_OUTPUT_LENGTH;
    for (unsigned i = 0; i < pl->l_len; i++)
        pl->l_enc[i] = (uint8_t)(bits >> (8 * (pl->l_len - 1 - i)));
    pl->ctr_bytes = (uint8_t)(p->counter_bits / 8);
    return KARX_OK;
}

/* The parts after the chaining value: [i] || Label || 0x00 || Context || [L]; no [i] when ctr
 * is NULL (the pipeline's A(0)). They point into p, pl and ctr, which must outlive them. */
static size_t fixed_parts(const karx_kbkdf_params *p, const plan *pl, const uint8_t *ctr,
                          karx_i_part *parts)
{
    static const uint8_t zero = 0;
    size_t n = 0;
    if (ctr != NULL && pl->ctr_bytes != 0)
        parts[n++] = (karx_i_part){ctr, pl->ctr_bytes};
    parts[n++] = (karx_i_part){p->label, p->label_len};
    parts[n++] = (karx_i_part){&zero, 1};
    parts[n++] = (karx_i_part){p->context, p->context_len};
    parts[n++] = (karx_i_part){pl->l_enc, pl->l_len};
    return n;
}

static karx_status derive(const karx_kbkdf_params *p, const plan *pl, karx_i_kbkdf_prf *f,
                          uint8_t *out, size_t out_len)
{
    uint8_t k[KARX_I_KBKDF_MAX_H], a[KARX_I_KBKDF_MAX_H], ctr[4];
    karx_i_part parts[6];
    const size_t h = f->h;
    size_t done = 0, a_len = 0, k_len = p->mode == KARX_KBKDF_FEEDBACK ? p->iv_len : 0;
    karx_status s = KARX_OK;
    const uint8_t *chain = p->iv; /* feedback: K(i-1), first the IV */
    for (uint64_t i = 1; s == KARX_OK && i <= pl->blocks; i++) {
        for (unsigned b = 0; b < pl->ctr_bytes; b++)
            ctr[b] = (uint8_t)(i >> (8 * (pl->ctr_bytes - 1 - b)));
        size_t n = 0;
        if (p->mode == KARX_KBKDF_FEEDBACK) {
            parts[n++] = (karx_i_part){chain, k_len};
        } else if (p->mode == KARX_KBKDF_PIPELINE) {
            /* A(i) = PRF(A(i-1)), with A(0) the fixed input (no counter). */
            karx_i_part a_in[5];
            size_t na = 0;
            if (i == 1) {
                na = fixed_parts(p, pl, NULL, a_in);
            } else {
                a_in[na++] = (karx_i_part){a, a_len};
            }
            s = karx_i_kbkdf_prf_call(f, a, a_in, na);
            a_len = h;
            parts[n++] = (karx_i_part){a, a_len};
        }
        n += fixed_parts(p, pl, ctr, parts + n);
        if (s == KARX_OK)
            s = karx_i_kbkdf_prf_call(f, k, parts, n);
        const size_t take = out_len - done < h ? out_len - done : h;
        if (s == KARX_OK) {
            memcpy(out + done, k, take);
            done += take;
        }
        chain = k;
        k_len = h;
    }
    if (s != KARX_OK)
        karx_memzero(out, done);
    karx_memzero(k, sizeof k);
    karx_memzero(a, sizeof a);
    return s;
}

karx_status karx_kbkdf(const karx_kbkdf_params *p, const uint8_t *ki, size_t ki_len, uint8_t *out,
                       size_t out_len)
{
    plan pl;
    karx_i_kbkdf_prf f;
    karx_status s = check_args(p, ki, ki_len, out);
    if (s == KARX_OK)
        s = make_plan(p, out_len, &pl);
    if (s != KARX_OK)
        return s;
    if ((s = karx_i_kbkdf_prf_init(&f, p->prf, ki, ki_len)) != KARX_OK)
        return s;
    s = derive(p, &pl, &f, out, out_len);
    karx_i_kbkdf_prf_wipe(&f);
    return s;
}

size_t karx_kbkdf_prf_bytes(int prf)
{
    int family;
    size_t h;
    return karx_i_kbkdf_prf_lookup(prf, &family, &h) == KARX_OK ? h : 0;
}

/* ---- mode names ---- */

static const struct {
    const char *name;
    karx_kbkdf_mode mode;
} mode_names[] = {
    {"counter", KARX_KBKDF_COUNTER},   {"feedback", KARX_KBKDF_FEEDBACK},
    {"pipeline", KARX_KBKDF_PIPELINE}, {"ctr", KARX_KBKDF_COUNTER},
    {"fb", KARX_KBKDF_FEEDBACK},       {"doublepipeline", KARX_KBKDF_PIPELINE},
    {"dp", KARX_KBKDF_PIPELINE},
};

const char *karx_kbkdf_mode_name(karx_kbkdf_mode mode)
{
    for (size_t i = 0; i < 3; i++)
        if (mode_names[i].mode == mode)
            return mode_names[i].name;
    return NULL;
}

/* name without '-', '_', ' ', lower case, equals want? */
static int squashed_equal(const char *name, const char *want)
{
    for (;; name++) {
        char ch = *name;
        if (ch == '-' || ch == '_' || ch == ' ')
            continue;
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (ch != *want)
            return 0;
        if (ch == '\0')
            return 1;
        want++;
    }
}

karx_status karx_kbkdf_mode_from_name(const char *name, karx_kbkdf_mode *mode)
{
    if (name == NULL || mode == NULL)
        return KARX_ERR_ARGUMENT;
    for (size_t i = 0; i < sizeof mode_names / sizeof mode_names[0]; i++)
        if (squashed_equal(name, mode_names[i].name)) {
            *mode = mode_names[i].mode;
            return KARX_OK;
        }
    return KARX_ERR_UNKNOWN_ALGORITHM;
}
