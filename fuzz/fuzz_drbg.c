/* libFuzzer target: CTR_DRBG through its public API only (include/karx/drbg.h), as a fuzz-chosen
 * sequence of instantiate / reseed / generate / generate_pr / set_reseed_interval /
 * uninstantiate calls with fuzz-chosen ciphers, flags (df, prediction resistance, unknown bits)
 * and input lengths around every limit. A small model of the header's rules predicts each
 * status: length and request limits, KARX_ERR_RESEED_REQUIRED once the interval is used up (and
 * success again after a reseed), KARX_ERR_STATE on an uninstantiated or wiped state.
 * A twin DRBG gets the same calls except those that must fail (a failed instantiate wipes it
 * too): every output must match, so an error changes nothing, and a failed call writes nothing. */
#include "fuzz_util.h"

enum { MAX_OPS = 48, POOL = 112 };

typedef struct model {
    int live;
    karx_cipher_alg alg;
    unsigned flags;
    uint64_t counter, interval;
} model;

#define BIT(st) (1u << (unsigned)-(st))

static uint8_t big_a[KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1], big_b[KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1];

/* A length near one of the limits that matter for this state, or a small random one. */
static size_t pick_len(fz *f, const model *m)
{
    size_t kl = karx_ctr_drbg_strength_bytes(m->alg), sl = karx_ctr_drbg_seed_bytes(m->alg);
    uint8_t c = fz_u8(f);
    switch (c % 8) {
    case 0: return kl ? kl - 1 : 0;
    case 1: return kl;
    case 2: return sl ? sl - 1 : 0;
    case 3: return sl;
    case 4: return sl + 1;
    default: return (size_t)(c >> 3) * 3 % 97; /* at most 96: pool offsets stay inside */
    }
}

static size_t pick_out_len(fz *f)
{
    uint8_t c = fz_u8(f);
    if (c == 0xff)
        return KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1;
    if (c == 0xfe)
        return KARX_CTR_DRBG_MAX_REQUEST_BYTES;
    return c % 80;
}

static int df(const model *m)
{
    return (m->flags & KARX_DRBG_USE_DF) != 0;
}

/* Statuses for entropy / additional input of a reseed or a prediction-resistant generate. */
static unsigned reseed_errors(const model *m, size_t el, size_t al)
{
    size_t kl = karx_ctr_drbg_strength_bytes(m->alg), sl = karx_ctr_drbg_seed_bytes(m->alg);
    if (df(m) ? el < kl : (el != sl || al > sl))
        return BIT(KARX_ERR_DATA_LENGTH);
    return 0;
}

/* Runs one call on a (and on b when the model says it succeeds); checks status and output. */
typedef struct pair {
    karx_ctr_drbg *a, *b;
    model m;
    uint8_t pool[POOL];
} pair;

static void expect(karx_status st, unsigned errs)
{
    if (errs == 0)
        MUST(st == KARX_OK);
    else
        MUST(st < 0 && (errs & BIT(st)));
}

static void op_instantiate(fz *f, pair *p)
{
    uint8_t sel = fz_u8(f);
    karx_cipher_alg alg = (karx_cipher_alg)(sel % 9); /* 0 and 8 are not ciphers */
    unsigned flags = (sel >> 4) & 7;                  /* 4 is an unknown flag bit */
    model n = {1, alg, flags, 1, KARX_CTR_DRBG_MAX_RESEED_INTERVAL};
    size_t el = pick_len(f, &n), nl = pick_len(f, &n) / 2, pl = pick_len(f, &n);
    size_t kl = karx_ctr_drbg_strength_bytes(alg), sl = karx_ctr_drbg_seed_bytes(alg);
    unsigned errs = 0;
    if (flags & 4)
        errs |= BIT(KARX_ERR_ARGUMENT);
    if (sl == 0)
        errs |= BIT(KARX_ERR_UNKNOWN_ALGORITHM);
    else if (df(&n) ? (el < kl || nl < (kl + 1) / 2) : (el != sl || pl > sl))
        errs |= BIT(KARX_ERR_DATA_LENGTH);
    karx_status st = karx_ctr_drbg_instantiate(p->a, alg, flags, p->pool, el, p->pool + 1, nl,
                                               p->pool + 2, pl);
    expect(st, errs);
    if (errs) {
        karx_ctr_drbg_uninstantiate(p->b); /* a failed instantiate leaves the state wiped */
        p->m.live = 0;
        return;
    }
    MUST(karx_ctr_drbg_instantiate(p->b, alg, flags, p->pool, el, p->pool + 1, nl, p->pool + 2,
                                   pl) == KARX_OK);
    p->m = n;
}

static void op_reseed(fz *f, pair *p)
{
    size_t el = pick_len(f, &p->m), al = pick_len(f, &p->m);
    unsigned errs = p->m.live ? reseed_errors(&p->m, el, al) : BIT(KARX_ERR_STATE);
    expect(karx_ctr_drbg_reseed(p->a, p->pool + 3, el, p->pool, al), errs);
    if (errs)
        return;
    MUST(karx_ctr_drbg_reseed(p->b, p->pool + 3, el, p->pool, al) == KARX_OK);
    p->m.counter = 1;
}

static void compare_outputs(const uint8_t *a, const uint8_t *b, size_t n, unsigned errs)
{
    if (errs) /* nothing written: a still holds its poison */
        for (size_t i = 0; i < n + 1 && i < sizeof big_a; i++)
            MUST(a[i] == 0x5A);
    else
        MUST(memcmp(a, b, n) == 0);
}

static void op_generate(fz *f, pair *p, int pr)
{
    size_t n = pick_out_len(f), el = pr ? pick_len(f, &p->m) : 0, al = pick_len(f, &p->m);
    unsigned errs = 0;
    if (!p->m.live)
        errs = BIT(KARX_ERR_STATE);
    else if (pr)
        errs = reseed_errors(&p->m, el, al);
    else if (!df(&p->m) && al > karx_ctr_drbg_seed_bytes(p->m.alg))
        errs = BIT(KARX_ERR_DATA_LENGTH);
    if (p->m.live && n > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
        errs |= BIT(KARX_ERR_DATA_LENGTH);
    if (p->m.live && !pr && ((p->m.flags & KARX_DRBG_PR) || p->m.counter > p->m.interval))
        errs |= BIT(KARX_ERR_RESEED_REQUIRED);
    size_t poison = n + 1 < sizeof big_a ? n + 1 : sizeof big_a;
    memset(big_a, 0x5A, poison);
    karx_status st = pr ? karx_ctr_drbg_generate_pr(p->a, big_a, n, p->pool + 5, el, p->pool, al)
                        : karx_ctr_drbg_generate(p->a, big_a, n, p->pool, al);
    expect(st, errs);
    if (!errs) {
        st = pr ? karx_ctr_drbg_generate_pr(p->b, big_b, n, p->pool + 5, el, p->pool, al)
                : karx_ctr_drbg_generate(p->b, big_b, n, p->pool, al);
        MUST(st == KARX_OK);
        p->m.counter = pr ? 2 : p->m.counter + 1; /* a PR generate reseeds (1), then counts */
    }
    compare_outputs(big_a, big_b, n, errs);
}

static void op_interval(fz *f, pair *p)
{
    uint8_t c = fz_u8(f);
    uint64_t v = c < 200 ? c % 5 : KARX_CTR_DRBG_MAX_RESEED_INTERVAL + (c & 1);
    unsigned errs = !p->m.live                                            ? BIT(KARX_ERR_STATE)
                    : (v == 0 || v > KARX_CTR_DRBG_MAX_RESEED_INTERVAL) ? BIT(KARX_ERR_ARGUMENT)
                                                                          : 0;
    expect(karx_ctr_drbg_set_reseed_interval(p->a, v), errs);
    if (errs)
        return;
    MUST(karx_ctr_drbg_set_reseed_interval(p->b, v) == KARX_OK);
    p->m.interval = v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    karx_ctr_drbg a, b;
    pair p = {&a, &b, {0, KARX_CIPHER_LEA128, 0, 0, 0}, {0}};
    memset(&a, 0, sizeof a); /* never instantiated: zeroed, as the header asks */
    memset(&b, 0, sizeof b);
    fz_backend(&f);
    fz_fill(&f, p.pool, sizeof p.pool);
    for (int i = 0; i < MAX_OPS && f.n > 0; i++) {
        switch (fz_u8(&f) % 8) {
        case 0:
        case 1: op_instantiate(&f, &p); break;
        case 2: op_reseed(&f, &p); break;
        case 3:
        case 4: op_generate(&f, &p, 0); break;
        case 5: op_generate(&f, &p, 1); break;
        case 6: op_interval(&f, &p); break;
        default:
            karx_ctr_drbg_uninstantiate(&a);
            karx_ctr_drbg_uninstantiate(&b);
            p.m.live = 0;
            MUST(fz_all_zero((const uint8_t *)&a, sizeof a));
        }
        p.pool[i % POOL] ^= (uint8_t)i; /* inputs change from call to call */
    }
    karx_ctr_drbg_uninstantiate(&a);
    karx_ctr_drbg_uninstantiate(&b);
    return 0;
}
