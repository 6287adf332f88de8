/* CTR_DRBG (NIST SP 800-90A rev. 1, 10.2; TTAK.KO-12.0189) over any cipher of cipher.h.
 *
 * Written on the public cipher API only: the derivation function's BCC chain runs on single-block
 * calls (its inputs are short), and every keystream (generate's output and the Update function)
 * is counter blocks V+1, V+2, ... written into the output and encrypted there by karx_ecb_encrypt
 * in chunks of a few KiB, so long requests run on the back end's SIMD ECB kernel.
 *
 * V is secret, so the counter arithmetic is branch-free: V is held as two 64-bit words and every
 * increment is an add with a carry computed by arithmetic (no branch and no memory index depends
 * on V; the wrap mod 2^blocklen falls out of the word arithmetic). The public CTR mode's counter
 * code (karx_ctr_xor, with its early exits and wrap refusal) is not used here.
 *
 * Fork safety: instantiate and every reseed record the process's fork generation
 * (fork_guard.c); a state whose record is stale is a copy another process also holds. Plain and
 * GPU generate then refuse with KARX_ERR_RESEED_REQUIRED (the caller owns the entropy source);
 * generate_os reseeds from the OS first. */
#include <string.h>

#include "karx/drbg.h"

#include "common/clear.h"
#include "common/endian.h"
#include "approved/approved.h"
#include "drbg_internal.h"
#include "registry/registry.h"

#define DRBG_STATE_READY 0x44524247u /* "DRBG" */
#define DRBG_DEFAULT_RESEED_INTERVAL KARX_CTR_DRBG_MAX_RESEED_INTERVAL
#define DRBG_OS_NONCE_BYTES 16
#define DRBG_CTR_CHUNK 4096 /* counter bytes built, then encrypted in place, per ECB call */

/* Zero key, df padding, and a non-NULL stand-in of seedlen bytes for the length checks. */
static const uint8_t drbg_zeros[KARX_CTR_DRBG_MAX_SEED_BYTES];

/* ---- sizes ---- */

size_t karx_ctr_drbg_seed_bytes(karx_cipher_alg alg)
{
    size_t k = karx_cipher_key_bytes(alg), b = karx_cipher_block_bytes(alg);
    return (k == 0 || b == 0) ? 0 : k + b;
}

size_t karx_ctr_drbg_strength_bytes(karx_cipher_alg alg)
{
    return karx_cipher_key_bytes(alg);
}

size_t karx_ctr_drbg_max_seed_bytes(void)
{
    return KARX_CTR_DRBG_MAX_SEED_BYTES;
}

size_t karx_ctr_drbg_max_request_bytes(void)
{
    return KARX_CTR_DRBG_MAX_REQUEST_BYTES;
}

uint64_t karx_ctr_drbg_max_reseed_interval(void)
{
    return KARX_CTR_DRBG_MAX_RESEED_INTERVAL;
}

/* ---- internals ---- */

typedef struct drbg_sizes {
    size_t kl, bl, sl;
} drbg_sizes;

static int drbg_sizes_of(uint32_t alg, drbg_sizes *s)
{
    s->kl = karx_cipher_key_bytes((karx_cipher_alg)alg);
    s->bl = karx_cipher_block_bytes((karx_cipher_alg)alg);
    s->sl = s->kl + s->bl;
    return s->kl != 0 && s->bl != 0 && s->sl <= KARX_CTR_DRBG_MAX_SEED_BYTES;
}

/* ---- the counter V, branch-free ---- */

/* V as a big-endian integer of two 64-bit words; hi is unused (and never stored) for 8-byte
 * blocks, where the wrap mod 2^64 is the word's own. */
typedef struct drbg_ctr {
    uint64_t hi, lo;
} drbg_ctr;

static drbg_ctr ctr_load(const uint8_t *v, size_t bl)
{
    drbg_ctr c;
    c.hi = bl > 8 ? karx_load64_be(v) : 0; /* bl is public */
    c.lo = karx_load64_be(v + bl - 8);
    return c;
}

static void ctr_store(uint8_t *v, const drbg_ctr *c, size_t bl)
{
    if (bl > 8)
        karx_store64_be(v, c->hi);
    karx_store64_be(v + bl - 8, c->lo);
}

/* c += n mod 2^blocklen; the carry out of lo is the top bit of the majority formula, so there is
 * no compare on V. */
static void ctr_add(drbg_ctr *c, uint64_t n)
{
    uint64_t lo = c->lo + n;
    uint64_t carry = ((c->lo & n) | ((c->lo | n) & ~lo)) >> 63;
    c->lo = lo;
    c->hi += carry;
}

/* A big-endian 64-bit store as one byte swap and one move (the byte loop of karx_store64_be
 * is merged badly by GCC when two of them fill one block). */
static inline void store_be64(uint8_t *p, uint64_t v)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
    memcpy(p, &v, 8);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    memcpy(p, &v, 8);
#else
    karx_store64_be(p, v);
#endif
}

/* Writes the counter blocks c+1 .. c+nb into out (nb * bl bytes) and leaves c at c+nb. One loop
 * per block size, on locals: this loop is the DRBG's whole cost beyond the ECB kernel. */
static void ctr_fill(drbg_ctr *c, size_t bl, uint8_t *out, size_t nb)
{
    uint64_t hi = c->hi, lo = c->lo;
    if (bl > 8) {
        for (size_t i = 0; i < nb; i++, out += 16) {
            uint64_t next = lo + 1;
            hi += (lo & ~next) >> 63; /* lo + 1 carries out iff its top bit goes 1 -> 0 */
            lo = next;
            store_be64(out, hi);
            store_be64(out + 8, lo);
        }
    } else {
        for (size_t i = 0; i < nb; i++, out += 8)
            store_be64(out, ++lo); /* mod 2^64 = mod 2^blocklen */
    }
    c->hi = hi;
    c->lo = lo;
}

/* out = E(c+1) || E(c+2) || ... (len bytes, last block cut); c advances by the blocks used. */
static void keystream_from(const karx_ctr_drbg *d, drbg_ctr *c, size_t bl, uint8_t *out,
                           size_t len)
{
    size_t full = len - len % bl;
    for (size_t off = 0; off < full; off += DRBG_CTR_CHUNK) {
        size_t n = full - off < DRBG_CTR_CHUNK ? full - off : DRBG_CTR_CHUNK;
        ctr_fill(c, bl, out + off, n / bl);
        (void)karx_ecb_encrypt(&d->key, out + off, out + off, n);
    }
    if (full < len) {
        uint8_t blk[KARX_MAX_BLOCK_BYTES];
        ctr_fill(c, bl, blk, 1);
        (void)karx_ecb_encrypt(&d->key, blk, blk, bl);
        memcpy(out + full, blk, len - full);
        karx_memzero(blk, sizeof blk);
    }
}

/* out = E(V+1) || E(V+2) || ... (len bytes, last block cut), V += blocks used, mod 2^blocklen. */
static void drbg_keystream(karx_ctr_drbg *d, size_t bl, uint8_t *out, size_t len)
{
    drbg_ctr c = ctr_load(d->v, bl);
    keystream_from(d, &c, bl, out, len);
    ctr_store(d->v, &c, bl);
    karx_memzero(&c, sizeof c);
}

/* CTR_DRBG_Update: (Key, V) from seedlen bytes of keystream xor provided (seedlen bytes). */
static void drbg_update(karx_ctr_drbg *d, const drbg_sizes *s, const uint8_t *provided)
{
    uint8_t t[KARX_CTR_DRBG_MAX_SEED_BYTES + KARX_MAX_BLOCK_BYTES];
    drbg_keystream(d, s->bl, t, s->sl);
    for (size_t i = 0; i < s->sl; i++)
        t[i] ^= provided[i];
    KARX_I_INNER(karx_cipher_set_key(&d->key, (karx_cipher_alg)d->alg, t, s->kl));
    memcpy(d->v, t + s->kl, s->bl);
    karx_memzero(t, sizeof t);
}

/* ---- Block_Cipher_df (10.3.2) over up to three concatenated pieces ---- */

typedef struct bcc_state {
    const karx_cipher_key *key;
    size_t bl, fill;
    uint8_t x[KARX_MAX_BLOCK_BYTES];
    uint8_t buf[KARX_MAX_BLOCK_BYTES];
} bcc_state;

static void bcc_block(bcc_state *b, const uint8_t *blk)
{
    for (size_t i = 0; i < b->bl; i++)
        b->x[i] ^= blk[i];
    (void)karx_cipher_encrypt_block(b->key, b->x, b->x);
}

static void bcc_absorb(bcc_state *b, const uint8_t *p, size_t n)
{
    if (b->fill > 0) {
        size_t take = b->bl - b->fill < n ? b->bl - b->fill : n;
        memcpy(b->buf + b->fill, p, take);
        b->fill += take;
        p += take;
        n -= take;
        if (b->fill < b->bl)
            return;
        bcc_block(b, b->buf);
        b->fill = 0;
    }
    for (; n >= b->bl; p += b->bl, n -= b->bl)
        bcc_block(b, p);
    memcpy(b->buf, p, n);
    b->fill = n;
}

typedef struct df_input {
    const uint8_t *p[3];
    size_t n[3];
} df_input;

/* out = Block_Cipher_df(in, out_len) with out_len = seedlen. */
static void drbg_df(uint32_t alg, const drbg_sizes *s, const df_input *in, uint8_t *out,
                    size_t out_len)
{
    karx_cipher_key k;
    bcc_state b;
    uint8_t kx[KARX_CTR_DRBG_MAX_SEED_BYTES + KARX_MAX_BLOCK_BYTES]; /* K || X, then K0 */
    uint8_t hdr[8], one = 0x80;
    uint32_t L = (uint32_t)(in->n[0] + in->n[1] + in->n[2]);
    size_t want = s->kl + s->bl;

    for (size_t i = 0; i < s->kl; i++)
        kx[i] = (uint8_t)i;
    KARX_I_INNER(karx_cipher_set_key(&k, (karx_cipher_alg)alg, kx, s->kl));
    hdr[0] = (uint8_t)(L >> 24);
    hdr[1] = (uint8_t)(L >> 16);
    hdr[2] = (uint8_t)(L >> 8);
    hdr[3] = (uint8_t)L;
    hdr[4] = (uint8_t)(out_len >> 24);
    hdr[5] = (uint8_t)(out_len >> 16);
    hdr[6] = (uint8_t)(out_len >> 8);
    hdr[7] = (uint8_t)out_len;

    b.key = &k;
    b.bl = s->bl;
    uint8_t temp[KARX_CTR_DRBG_MAX_SEED_BYTES + KARX_MAX_BLOCK_BYTES];
    for (uint32_t i = 0; i * s->bl < want; i++) {
        uint8_t iv[KARX_MAX_BLOCK_BYTES] = {0};
        iv[0] = (uint8_t)(i >> 24);
        iv[1] = (uint8_t)(i >> 16);
        iv[2] = (uint8_t)(i >> 8);
        iv[3] = (uint8_t)i;
        memset(b.x, 0, sizeof b.x);
        b.fill = 0;
        bcc_block(&b, iv);
        bcc_absorb(&b, hdr, sizeof hdr);
        for (int j = 0; j < 3; j++)
            if (in->n[j] > 0)
                bcc_absorb(&b, in->p[j], in->n[j]);
        bcc_absorb(&b, &one, 1);
        if (b.fill > 0)
            bcc_absorb(&b, drbg_zeros, b.bl - b.fill);
        memcpy(temp + i * s->bl, b.x, s->bl);
    }
    KARX_I_INNER(karx_cipher_set_key(&k, (karx_cipher_alg)alg, temp, s->kl));
    uint8_t *x = temp + s->kl;
    for (size_t o = 0; o < out_len; o += s->bl) {
        (void)karx_cipher_encrypt_block(&k, x, x);
        size_t c = out_len - o < s->bl ? out_len - o : s->bl;
        memcpy(out + o, x, c);
    }
    karx_cipher_key_wipe(&k);
    karx_memzero(&b, sizeof b);
    karx_memzero(kx, sizeof kx);
    karx_memzero(temp, sizeof temp);
}

/* seed material: df(pieces) with df, else pieces[0] (seedlen) xor zero-padded pieces[1]. */
static void drbg_seed_material(const karx_ctr_drbg *d, const drbg_sizes *s, const df_input *in,
                               uint8_t *sm)
{
    if (d->flags & KARX_DRBG_USE_DF) {
        drbg_df(d->alg, s, in, sm, s->sl);
    } else {
        memcpy(sm, in->p[0], s->sl);
        for (size_t i = 0; i < in->n[1]; i++)
            sm[i] ^= in->p[1][i];
    }
}

#define bad_buf karx_i_drbg_bad_buf

static karx_status check_ready(const karx_ctr_drbg *d, drbg_sizes *s)
{
    if (d == NULL)
        return KARX_ERR_ARGUMENT;
    if (d->state != DRBG_STATE_READY || !drbg_sizes_of(d->alg, s))
        return KARX_ERR_STATE;
    KARX_I_SERVICE(karx_i_cipher_approved(d->alg)); /* every call on a DRBG is a service */
    return KARX_OK;
}

/* Entropy and additional input of a reseed (also used for PR generate). */
static karx_status check_reseed_input(const karx_ctr_drbg *d, const drbg_sizes *s,
                                      const uint8_t *entropy, size_t entropy_len,
                                      const uint8_t *add, size_t add_len)
{
    if (bad_buf(entropy, entropy_len) || bad_buf(add, add_len))
        return KARX_ERR_ARGUMENT;
    if (d->flags & KARX_DRBG_USE_DF) {
        if (entropy_len < s->kl || entropy_len > KARX_CTR_DRBG_MAX_INPUT_BYTES ||
            add_len > KARX_CTR_DRBG_MAX_INPUT_BYTES - entropy_len)
            return KARX_ERR_DATA_LENGTH;
    } else if (entropy_len != s->sl || add_len > s->sl) {
        return KARX_ERR_DATA_LENGTH;
    }
    return KARX_OK;
}

static karx_status check_add(const karx_ctr_drbg *d, const drbg_sizes *s, const uint8_t *add,
                             size_t add_len)
{
    if (bad_buf(add, add_len))
        return KARX_ERR_ARGUMENT;
    if (add_len > ((d->flags & KARX_DRBG_USE_DF) ? (size_t)KARX_CTR_DRBG_MAX_INPUT_BYTES : s->sl))
        return KARX_ERR_DATA_LENGTH;
    return KARX_OK;
}

/* PR, interval used up, or forked since the last (re)seed (drbg_common.c). */
static int reseed_due(const karx_ctr_drbg *d)
{
    return karx_i_drbg_reseed_due(d->flags, d->reseed_counter, d->reseed_interval, d->fork_gen);
}

static void reseed_core(karx_ctr_drbg *d, const drbg_sizes *s, const uint8_t *entropy,
                        size_t entropy_len, const uint8_t *add, size_t add_len)
{
    uint8_t sm[KARX_CTR_DRBG_MAX_SEED_BYTES];
    d->fork_gen = karx_i_fork_generation();
    df_input in = {{entropy, add, NULL}, {entropy_len, add_len, 0}};
    drbg_seed_material(d, s, &in, sm);
    drbg_update(d, s, sm);
    d->reseed_counter = 1;
    karx_memzero(sm, sizeof sm);
}

/* The start of every generate call: a ready DRBG, then the output buffer. */
static karx_status check_output(const karx_ctr_drbg *d, drbg_sizes *s, const uint8_t *out,
                                size_t out_len)
{
    karx_status st = check_ready(d, s);
    if (st == KARX_OK && bad_buf(out, out_len))
        st = KARX_ERR_ARGUMENT;
    return st;
}

/* The checks every generate call makes after check_output. */
static karx_status check_request(const karx_ctr_drbg *d, const drbg_sizes *s, size_t out_len,
                                 const uint8_t *add, size_t add_len)
{
    karx_status st = check_add(d, s, add, add_len);
    if (st != KARX_OK)
        return st;
    if (out_len > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
        return KARX_ERR_DATA_LENGTH;
    if (reseed_due(d))
        return KARX_ERR_RESEED_REQUIRED;
    return KARX_OK;
}

/* Generate, first half: the additional input, processed into a (seedlen bytes), updates the
 * state when there is any. */
static void generate_open(karx_ctr_drbg *d, const drbg_sizes *s, const uint8_t *add,
                          size_t add_len, uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES])
{
    memset(a, 0, KARX_CTR_DRBG_MAX_SEED_BYTES);
    if (add_len > 0) {
        if (d->flags & KARX_DRBG_USE_DF) {
            df_input in = {{add, NULL, NULL}, {add_len, 0, 0}};
            drbg_df(d->alg, s, &in, a, s->sl);
        } else {
            memcpy(a, add, add_len);
        }
        drbg_update(d, s, a);
    }
}

/* Generate, second half (after the output, V already past it): the closing update. */
static void generate_close(karx_ctr_drbg *d, const drbg_sizes *s,
                           uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES])
{
    drbg_update(d, s, a);
    d->reseed_counter++;
    karx_memzero(a, KARX_CTR_DRBG_MAX_SEED_BYTES);
}

/* Fails only by the approved mode's continuous test (out then wiped). */
static karx_status generate_core(karx_ctr_drbg *d, const drbg_sizes *s, uint8_t *out,
                                 size_t out_len, const uint8_t *add, size_t add_len)
{
    uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES];
    generate_open(d, s, add, add_len, a);
    if (out_len > 0)
        drbg_keystream(d, s->bl, out, out_len);
    generate_close(d, s, a);
    if (karx_i_approved_active())
        return karx_i_drbg_continuous(d->last, &d->have_last, out, out_len, s->bl);
    return KARX_OK;
}

/* ---- generate around an external keystream (drbg_internal.h) ---- */

karx_status karx_i_ctr_drbg_generate_begin(karx_ctr_drbg *d, size_t out_len, const uint8_t *add,
                                           size_t add_len, uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES])
{
    drbg_sizes s;
    karx_status st = check_ready(d, &s);
    if (st == KARX_OK)
        st = check_request(d, &s, out_len, add, add_len);
    if (st == KARX_OK)
        generate_open(d, &s, add, add_len, a);
    return st;
}

void karx_i_ctr_drbg_generate_end(karx_ctr_drbg *d, size_t out_len,
                                  uint8_t a[KARX_CTR_DRBG_MAX_SEED_BYTES])
{
    drbg_sizes s;
    if (check_ready(d, &s) != KARX_OK) {
        karx_memzero(a, KARX_CTR_DRBG_MAX_SEED_BYTES);
        return;
    }
    drbg_ctr c = ctr_load(d->v, s.bl); /* V += blocks used, mod 2^blocklen */
    ctr_add(&c, (uint64_t)((out_len + s.bl - 1) / s.bl));
    ctr_store(d->v, &c, s.bl);
    karx_memzero(&c, sizeof c);
    generate_close(d, &s, a);
}

void karx_i_ctr_drbg_first_counter(const karx_ctr_drbg *d, uint8_t *ctr)
{
    size_t bl = karx_cipher_block_bytes((karx_cipher_alg)d->alg);
    drbg_ctr c = ctr_load(d->v, bl);
    ctr_add(&c, 1);
    ctr_store(ctr, &c, bl);
    karx_memzero(&c, sizeof c);
}

/* ---- public calls ---- */

karx_status karx_ctr_drbg_instantiate(karx_ctr_drbg *drbg, karx_cipher_alg alg, unsigned flags,
                                      const uint8_t *entropy, size_t entropy_len,
                                      const uint8_t *nonce, size_t nonce_len, const uint8_t *pers,
                                      size_t pers_len)
{
    drbg_sizes s;
    if (!karx_i_clear(drbg, sizeof *drbg))
        return KARX_ERR_ARGUMENT;
    if ((flags & ~(KARX_DRBG_USE_DF | KARX_DRBG_PR)) != 0 || bad_buf(entropy, entropy_len) ||
        bad_buf(nonce, nonce_len) || bad_buf(pers, pers_len))
        return KARX_ERR_ARGUMENT;
    if (!drbg_sizes_of((uint32_t)alg, &s))
        return KARX_ERR_UNKNOWN_ALGORITHM;
    KARX_I_SERVICE(karx_i_cipher_approved((uint32_t)alg));
    df_input in;
    if (flags & KARX_DRBG_USE_DF) {
        const size_t max = KARX_CTR_DRBG_MAX_INPUT_BYTES;
        if (entropy_len < s.kl || nonce_len < (s.kl + 1) / 2 || entropy_len > max ||
            nonce_len > max - entropy_len || pers_len > max - entropy_len - nonce_len)
            return KARX_ERR_DATA_LENGTH;
        in = (df_input){{entropy, nonce, pers}, {entropy_len, nonce_len, pers_len}};
    } else {
        if (entropy_len != s.sl || pers_len > s.sl)
            return KARX_ERR_DATA_LENGTH;
        in = (df_input){{entropy, pers, NULL}, {entropy_len, pers_len, 0}};
    }
    uint8_t sm[KARX_CTR_DRBG_MAX_SEED_BYTES];
    drbg->alg = (uint32_t)alg;
    drbg->flags = flags;
    drbg->fork_gen = karx_i_fork_generation();
    drbg_seed_material(drbg, &s, &in, sm);
    /* Key = 0^keylen, V = 0^blocklen (the struct is zeroed). */
    KARX_I_INNER(karx_cipher_set_key(&drbg->key, alg, drbg_zeros, s.kl));
    drbg_update(drbg, &s, sm);
    karx_memzero(sm, sizeof sm);
    drbg->reseed_counter = 1;
    drbg->reseed_interval = DRBG_DEFAULT_RESEED_INTERVAL;
    drbg->state = DRBG_STATE_READY;
    return KARX_OK;
}

karx_status karx_ctr_drbg_reseed(karx_ctr_drbg *drbg, const uint8_t *entropy, size_t entropy_len,
                                 const uint8_t *add, size_t add_len)
{
    drbg_sizes s;
    karx_status st = check_ready(drbg, &s);
    if (st == KARX_OK)
        st = check_reseed_input(drbg, &s, entropy, entropy_len, add, add_len);
    if (st != KARX_OK)
        return st;
    reseed_core(drbg, &s, entropy, entropy_len, add, add_len);
    return KARX_OK;
}

karx_status karx_ctr_drbg_generate(karx_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                   const uint8_t *add, size_t add_len)
{
    drbg_sizes s;
    karx_status st = check_output(drbg, &s, out, out_len);
    if (st == KARX_OK)
        st = check_request(drbg, &s, out_len, add, add_len);
    if (st != KARX_OK)
        return st;
    return generate_core(drbg, &s, out, out_len, add, add_len);
}

karx_status karx_ctr_drbg_generate_pr(karx_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                      const uint8_t *entropy, size_t entropy_len,
                                      const uint8_t *add, size_t add_len)
{
    drbg_sizes s;
    karx_status st = check_output(drbg, &s, out, out_len);
    if (st == KARX_OK)
        st = check_reseed_input(drbg, &s, entropy, entropy_len, add, add_len);
    if (st != KARX_OK)
        return st;
    if (out_len > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
        return KARX_ERR_DATA_LENGTH;
    reseed_core(drbg, &s, entropy, entropy_len, add, add_len);
    return generate_core(drbg, &s, out, out_len, NULL, 0);
}

karx_status karx_ctr_drbg_set_reseed_interval(karx_ctr_drbg *drbg, uint64_t interval)
{
    drbg_sizes s;
    karx_status st = check_ready(drbg, &s);
    if (st != KARX_OK)
        return st;
    if (interval < 1 || interval > KARX_CTR_DRBG_MAX_RESEED_INTERVAL)
        return KARX_ERR_ARGUMENT;
    drbg->reseed_interval = interval;
    return KARX_OK;
}

void karx_ctr_drbg_uninstantiate(karx_ctr_drbg *drbg) { karx_memzero(drbg, sizeof *drbg); }

/* ---- seeded from the operating system (karx_os_random: os_entropy.c) ---- */

karx_status karx_ctr_drbg_instantiate_os(karx_ctr_drbg *drbg, karx_cipher_alg alg, unsigned flags,
                                         const uint8_t *pers, size_t pers_len)
{
    uint8_t buf[KARX_CTR_DRBG_MAX_SEED_BYTES + DRBG_OS_NONCE_BYTES];
    size_t sl = karx_ctr_drbg_seed_bytes(alg);
    if (drbg == NULL)
        return KARX_ERR_ARGUMENT;
    if (sl == 0) {
        karx_memzero(drbg, sizeof *drbg);
        return KARX_ERR_UNKNOWN_ALGORITHM;
    }
    karx_memzero(drbg, sizeof *drbg);
    KARX_I_SERVICE(karx_i_cipher_approved((uint32_t)alg));
    karx_status st = karx_os_random(buf, sl + DRBG_OS_NONCE_BYTES);
    if (st != KARX_OK) {
        karx_memzero(drbg, sizeof *drbg);
        return st;
    }
    st = karx_ctr_drbg_instantiate(drbg, alg, flags, buf, sl, buf + sl, DRBG_OS_NONCE_BYTES, pers,
                                   pers_len);
    karx_memzero(buf, sizeof buf);
    return st;
}

karx_status karx_ctr_drbg_reseed_os(karx_ctr_drbg *drbg, const uint8_t *add, size_t add_len)
{
    uint8_t ent[KARX_CTR_DRBG_MAX_SEED_BYTES];
    drbg_sizes s;
    karx_status st = check_ready(drbg, &s);
    if (st == KARX_OK)
        st = check_reseed_input(drbg, &s, drbg_zeros, s.sl, add, add_len);
    if (st == KARX_OK)
        st = karx_os_random(ent, s.sl);
    if (st == KARX_OK)
        reseed_core(drbg, &s, ent, s.sl, add, add_len);
    karx_memzero(ent, sizeof ent);
    return st;
}

/* The CTR_DRBG as the shared OS-seeded loop sees it (drbg_common.c). */
static int os_due(const void *arg, const void *d)
{
    (void)arg;
    return reseed_due((const karx_ctr_drbg *)d);
}

static karx_status os_reseed(const void *arg, void *d, const uint8_t *add, size_t add_len)
{
    (void)arg;
    return karx_ctr_drbg_reseed_os((karx_ctr_drbg *)d, add, add_len);
}

static karx_status os_generate(const void *arg, void *d, uint8_t *out, size_t n,
                               const uint8_t *add, size_t add_len)
{
    drbg_sizes s;
    (void)arg;
    (void)drbg_sizes_of(((karx_ctr_drbg *)d)->alg, &s); /* checked by the caller */
    return generate_core((karx_ctr_drbg *)d, &s, out, n, add, add_len);
}

static const karx_i_drbg_os_ops ctr_os_ops = {KARX_CTR_DRBG_MAX_REQUEST_BYTES, os_due, os_reseed,
                                              os_generate};

karx_status karx_ctr_drbg_generate_os(karx_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                      const uint8_t *add, size_t add_len)
{
    drbg_sizes s;
    karx_status st = check_output(drbg, &s, out, out_len);
    if (st == KARX_OK)
        st = check_reseed_input(drbg, &s, drbg_zeros, s.sl, add, add_len);
    if (st != KARX_OK)
        return st;
    return karx_i_drbg_generate_os(&ctr_os_ops, NULL, drbg, out, out_len, add, add_len);
}
