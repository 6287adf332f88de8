/* libFuzzer target: the three DRBGs of include/karx/drbg.h (CTR_DRBG over every cipher,
 * Hash_DRBG and HMAC_DRBG over every LSH variant) through their public API only, as a
 * fuzz-chosen sequence of instantiate / reseed / generate / generate_pr / set_reseed_interval /
 * uninstantiate calls with fuzz-chosen types (some by name), algorithms, flags (df, prediction
 * resistance, unknown bits) and input lengths around every limit. A small model of the header's
 * rules predicts each status: length and request limits, KARX_ERR_RESEED_REQUIRED once the
 * interval is used up (and success again after a reseed), KARX_ERR_STATE on an uninstantiated or
 * wiped state. Checks:
 *  - the generator a is driven through the tagged union (karx_drbg_*), its twin b through the
 *    type's own calls (karx_ctr_drbg_*, karx_hash_drbg_*, karx_hmac_drbg_*), b skipping the
 *    calls that must fail (a failed instantiate wipes it too): every output must match, so an
 *    error changes nothing, the same inputs give the same outputs, and a failed call writes
 *    nothing;
 *  - a fork (a copy of the state) asking for fewer bytes with the same inputs gets the leading
 *    bytes of the longer output; where SP 800-90A makes the state after generate independent of
 *    the request length (Hash_DRBG always, HMAC_DRBG and CTR_DRBG for the same count of blocks),
 *    the next outputs of the fork and of a copy of a match too. */
#include "fuzz_util.h"

enum { MAX_OPS = 48, POOL = 160 };

typedef struct model {
    int live;
    karx_drbg_type type;
    int alg;
    unsigned flags;
    uint64_t counter, interval;
} model;

#define BIT(st) (1u << (unsigned)-(st))

static uint8_t big_a[KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1], big_b[KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1];

/* Security strength (bytes) by SP 800-90A table 2 and drbg.h: 0 for an unknown pair. */
static size_t strength(karx_drbg_type type, int alg)
{
    if (type == KARX_DRBG_CTR)
        return karx_cipher_block_bytes((karx_cipher_alg)alg) && karx_ctr_drbg_seed_bytes(
                                                                     (karx_cipher_alg)alg)
                   ? karx_cipher_key_bytes((karx_cipher_alg)alg)
                   : 0;
    if (type != KARX_DRBG_HASH && type != KARX_DRBG_HMAC)
        return 0;
    size_t d = karx_lsh_digest_bytes((karx_lsh_alg)alg);
    return d == 0 ? 0 : d <= 28 ? 24 : 32;
}

/* CTR_DRBG seedlen, Hash_DRBG seedlen, HMAC_DRBG outlen: lengths whose edges are worth hitting. */
static size_t seed_len(const model *m)
{
    if (m->type == KARX_DRBG_CTR)
        return karx_ctr_drbg_seed_bytes((karx_cipher_alg)m->alg);
    if (m->type == KARX_DRBG_HASH)
        return karx_hash_drbg_seed_bytes((karx_lsh_alg)m->alg);
    return karx_lsh_digest_bytes((karx_lsh_alg)m->alg);
}

/* Output bytes per block of the generate loop (the request's block count fixes the state). */
static size_t out_block(const model *m)
{
    if (m->type == KARX_DRBG_CTR)
        return karx_cipher_block_bytes((karx_cipher_alg)m->alg);
    return karx_lsh_digest_bytes((karx_lsh_alg)m->alg);
}

/* A length near one of the limits that matter for this state, or a small random one. */
static size_t pick_len(fz *f, const model *m)
{
    size_t kl = strength(m->type, m->alg), sl = seed_len(m);
    uint8_t c = fz_u8(f);
    switch (c % 8) {
    case 0: return kl ? kl - 1 : 0;
    case 1: return kl;
    case 2: return sl ? sl - 1 : 0;
    case 3: return sl;
    case 4: return sl + 1;
    default: return (size_t)(c >> 3) * 3 % 97; /* at most 96 */
    }
}

static size_t pick_out_len(fz *f)
{
    uint8_t c = fz_u8(f);
    if (c == 0xff)
        return KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1;
    if (c == 0xfe) /* the longest request, now and then (it is slow under the sanitizers) */
        return (fz_u8(f) & 7) == 0 ? KARX_CTR_DRBG_MAX_REQUEST_BYTES : 139;
    return c % 140;
}

static int df(const model *m)
{
    return (m->flags & KARX_DRBG_USE_DF) != 0;
}

/* Statuses for entropy / additional input of a reseed or a prediction-resistant generate. */
static unsigned reseed_errors(const model *m, size_t el, size_t al)
{
    size_t kl = strength(m->type, m->alg), sl = seed_len(m);
    if (m->type != KARX_DRBG_CTR)
        return el < kl ? BIT(KARX_ERR_DATA_LENGTH) : 0;
    if (df(m) ? el < kl : (el != sl || al > sl))
        return BIT(KARX_ERR_DATA_LENGTH);
    return 0;
}

/* a goes through karx_drbg_*, b through the type's own calls. */
typedef struct pair {
    karx_drbg *a, *b;
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

/* ---- the twin's calls, by type ---- */
static karx_status b_instantiate(karx_drbg *b, const model *m, const uint8_t *e, size_t el,
                                 const uint8_t *n, size_t nl, const uint8_t *p, size_t pl)
{
    switch (m->type) {
    case KARX_DRBG_CTR:
        return karx_ctr_drbg_instantiate(&b->u.ctr, (karx_cipher_alg)m->alg, m->flags, e, el, n,
                                         nl, p, pl);
    case KARX_DRBG_HASH:
        return karx_hash_drbg_instantiate(&b->u.hash, (karx_lsh_alg)m->alg, m->flags, e, el, n,
                                          nl, p, pl);
    default:
        return karx_hmac_drbg_instantiate(&b->u.hmac, (karx_lsh_alg)m->alg, m->flags, e, el, n,
                                          nl, p, pl);
    }
}

static karx_status b_reseed(karx_drbg *b, const model *m, const uint8_t *e, size_t el,
                            const uint8_t *ad, size_t al)
{
    switch (m->type) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_reseed(&b->u.ctr, e, el, ad, al);
    case KARX_DRBG_HASH: return karx_hash_drbg_reseed(&b->u.hash, e, el, ad, al);
    default: return karx_hmac_drbg_reseed(&b->u.hmac, e, el, ad, al);
    }
}

static karx_status b_generate(karx_drbg *b, const model *m, uint8_t *out, size_t n,
                              const uint8_t *e, size_t el, const uint8_t *ad, size_t al, int pr)
{
    switch (m->type) {
    case KARX_DRBG_CTR:
        return pr ? karx_ctr_drbg_generate_pr(&b->u.ctr, out, n, e, el, ad, al)
                  : karx_ctr_drbg_generate(&b->u.ctr, out, n, ad, al);
    case KARX_DRBG_HASH:
        return pr ? karx_hash_drbg_generate_pr(&b->u.hash, out, n, e, el, ad, al)
                  : karx_hash_drbg_generate(&b->u.hash, out, n, ad, al);
    default:
        return pr ? karx_hmac_drbg_generate_pr(&b->u.hmac, out, n, e, el, ad, al)
                  : karx_hmac_drbg_generate(&b->u.hmac, out, n, ad, al);
    }
}

static karx_status b_interval(karx_drbg *b, const model *m, uint64_t v)
{
    switch (m->type) {
    case KARX_DRBG_CTR: return karx_ctr_drbg_set_reseed_interval(&b->u.ctr, v);
    case KARX_DRBG_HASH: return karx_hash_drbg_set_reseed_interval(&b->u.hash, v);
    default: return karx_hmac_drbg_set_reseed_interval(&b->u.hmac, v);
    }
}

/* ---- names ---- */
static const struct {
    const char *name;
    karx_drbg_type type; /* 0: not a DRBG name */
    int alg;
} names[] = {
    {"hash-lsh256-256", KARX_DRBG_HASH, KARX_LSH256_256},
    {"HMAC-LSH-512-512", KARX_DRBG_HMAC, KARX_LSH512_512},
    {"hash-lsh512-224", KARX_DRBG_HASH, KARX_LSH512_224},
    {"hmac-lsh256-224", KARX_DRBG_HMAC, KARX_LSH256_224},
    {"Hash-LSH-512-384", KARX_DRBG_HASH, KARX_LSH512_384},
    {"hmac-lsh512-256", KARX_DRBG_HMAC, KARX_LSH512_256},
    {"ctr-lea256", KARX_DRBG_CTR, KARX_CIPHER_LEA256},
    {"ctr-hight", KARX_DRBG_CTR, KARX_CIPHER_HIGHT},
    {"hash-", 0, 0},
    {"hmac-lea128", 0, 0},
    {"ctr-lsh256-256", 0, 0},
    {"lsh256-256", 0, 0},
};

/* The (type, alg) of a name from the table, checked against karx_drbg_from_name; 0 when the
 * name is refused. */
static karx_drbg_type by_name(unsigned i, int *alg)
{
    karx_drbg_type t = (karx_drbg_type)7;
    int a = -7;
    i %= sizeof names / sizeof *names;
    karx_status st = karx_drbg_from_name(names[i].name, &t, &a);
    if (names[i].type == 0) {
        MUST(st == KARX_ERR_UNKNOWN_ALGORITHM);
        return 0;
    }
    MUST(st == KARX_OK && t == names[i].type && a == names[i].alg);
    *alg = a;
    return t;
}

/* ---- operations ---- */
static void op_instantiate(fz *f, pair *p)
{
    uint8_t sel = fz_u8(f), how = fz_u8(f);
    model n = {1, (karx_drbg_type)(how % 5), 0, (sel >> 4) & 7, 1, KARX_LSH_DRBG_MAX_RESEED_INTERVAL};
    n.alg = n.type == KARX_DRBG_CTR ? sel % 12 : sel % 8; /* 0 and the last are none */
    if ((how & 0xe0) == 0xe0) {                            /* by name */
        n.type = by_name(how & 0x1f, &n.alg);
        if (n.type == 0)
            return;
    }
    size_t el = pick_len(f, &n), nl = pick_len(f, &n) / 2, pl = pick_len(f, &n);
    size_t kl = strength(n.type, n.alg), sl = seed_len(&n);
    MUST(karx_drbg_strength_bytes(n.type, n.alg) == kl);
    unsigned errs = 0;
    if (n.type < KARX_DRBG_CTR || n.type > KARX_DRBG_HMAC)
        errs = BIT(KARX_ERR_UNKNOWN_ALGORITHM);
    else if (n.type == KARX_DRBG_CTR) {
        if (n.flags & 4)
            errs |= BIT(KARX_ERR_ARGUMENT);
        if (kl == 0)
            errs |= BIT(KARX_ERR_UNKNOWN_ALGORITHM);
        else if (df(&n) ? (el < kl || nl < (kl + 1) / 2) : (el != sl || pl > sl))
            errs |= BIT(KARX_ERR_DATA_LENGTH);
    } else {
        if (n.flags & ~KARX_DRBG_PR) /* no df flag here, and 4 is unknown */
            errs |= BIT(KARX_ERR_ARGUMENT);
        if (kl == 0)
            errs |= BIT(KARX_ERR_UNKNOWN_ALGORITHM);
        else if (el < kl || nl < kl / 2)
            errs |= BIT(KARX_ERR_DATA_LENGTH);
    }
    karx_status st = karx_drbg_instantiate(p->a, n.type, n.alg, n.flags, p->pool, el,
                                           p->pool + 1, nl, p->pool + 2, pl);
    expect(st, errs);
    if (errs) {
        karx_drbg_uninstantiate(p->b); /* a failed instantiate leaves the state wiped */
        p->m.live = 0;
        MUST(fz_all_zero((const uint8_t *)p->a, sizeof *p->a));
        return;
    }
    karx_drbg_uninstantiate(p->b);
    MUST(b_instantiate(p->b, &n, p->pool, el, p->pool + 1, nl, p->pool + 2, pl) == KARX_OK);
    p->m = n;
}

static void op_reseed(fz *f, pair *p)
{
    size_t el = pick_len(f, &p->m), al = pick_len(f, &p->m);
    unsigned errs = p->m.live ? reseed_errors(&p->m, el, al) : BIT(KARX_ERR_STATE);
    expect(karx_drbg_reseed(p->a, p->pool + 3, el, p->pool, al), errs);
    if (errs)
        return;
    MUST(b_reseed(p->b, &p->m, p->pool + 3, el, p->pool, al) == KARX_OK);
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

/* A fork of a taken before the request: the same call for k <= n bytes gives the leading k
 * bytes of a's output; and when the standard makes the state after it the same (see the top),
 * the next 32 bytes of the fork and of a copy of a match (equal statuses too). */
static void check_fork(fz *f, pair *p, const karx_drbg *fork0, size_t n, int pr, size_t el,
                       size_t al)
{
    karx_drbg fork = *fork0, now = *p->a;
    size_t k = fz_upto(f, n < 200 ? n : 200), blk = out_block(&p->m);
    uint8_t got[200], x[32], y[32];
    karx_status st = pr ? karx_drbg_generate_pr(&fork, got, k, p->pool + 5, el, p->pool, al)
                        : karx_drbg_generate(&fork, got, k, p->pool, al);
    MUST(st == KARX_OK && fz_same(got, big_a, k));
    if (p->m.type == KARX_DRBG_HASH || (k + blk - 1) / blk == (n + blk - 1) / blk) {
        st = karx_drbg_generate(&fork, x, sizeof x, NULL, 0);
        MUST(karx_drbg_generate(&now, y, sizeof y, NULL, 0) == st);
        MUST(st != KARX_OK || memcmp(x, y, sizeof x) == 0);
    }
    karx_drbg_uninstantiate(&fork);
    karx_drbg_uninstantiate(&now);
}

static void op_generate(fz *f, pair *p, int pr)
{
    size_t n = pick_out_len(f), el = pr ? pick_len(f, &p->m) : 0, al = pick_len(f, &p->m);
    unsigned errs = 0;
    if (!p->m.live)
        errs = BIT(KARX_ERR_STATE);
    else if (pr)
        errs = reseed_errors(&p->m, el, al);
    else if (p->m.type == KARX_DRBG_CTR && !df(&p->m) && al > seed_len(&p->m))
        errs = BIT(KARX_ERR_DATA_LENGTH);
    if (p->m.live && n > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
        errs |= BIT(KARX_ERR_DATA_LENGTH);
    if (p->m.live && !pr && ((p->m.flags & KARX_DRBG_PR) || p->m.counter > p->m.interval))
        errs |= BIT(KARX_ERR_RESEED_REQUIRED);
    size_t poison = n + 1 < sizeof big_a ? n + 1 : sizeof big_a;
    memset(big_a, 0x5A, poison);
    karx_drbg fork = *p->a;
    karx_status st = pr ? karx_drbg_generate_pr(p->a, big_a, n, p->pool + 5, el, p->pool, al)
                        : karx_drbg_generate(p->a, big_a, n, p->pool, al);
    expect(st, errs);
    if (!errs) {
        MUST(b_generate(p->b, &p->m, big_b, n, p->pool + 5, el, p->pool, al, pr) == KARX_OK);
        p->m.counter = pr ? 2 : p->m.counter + 1; /* a PR generate reseeds (1), then counts */
        check_fork(f, p, &fork, n, pr, el, al);
    }
    karx_drbg_uninstantiate(&fork);
    compare_outputs(big_a, big_b, n, errs);
}

static void op_interval(fz *f, pair *p)
{
    uint8_t c = fz_u8(f);
    uint64_t v = c < 200 ? c % 5 : KARX_CTR_DRBG_MAX_RESEED_INTERVAL + (c & 1);
    unsigned errs = !p->m.live                                            ? BIT(KARX_ERR_STATE)
                    : (v == 0 || v > KARX_CTR_DRBG_MAX_RESEED_INTERVAL) ? BIT(KARX_ERR_ARGUMENT)
                                                                          : 0;
    expect(karx_drbg_set_reseed_interval(p->a, v), errs);
    if (errs)
        return;
    MUST(b_interval(p->b, &p->m, v) == KARX_OK);
    p->m.interval = v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = {data, size};
    karx_drbg a, b;
    pair p = {&a, &b, {0, KARX_DRBG_CTR, KARX_CIPHER_LEA128, 0, 0, 0}, {0}};
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
            karx_drbg_uninstantiate(&a);
            karx_drbg_uninstantiate(&b);
            p.m.live = 0;
            MUST(fz_all_zero((const uint8_t *)&a, sizeof a));
        }
        p.pool[i % POOL] ^= (uint8_t)i; /* inputs change from call to call */
    }
    karx_drbg_uninstantiate(&a);
    karx_drbg_uninstantiate(&b);
    return 0;
}
