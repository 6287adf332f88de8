/* Hash_DRBG (SP 800-90A rev. 1, 10.1.1; TTAK.KO-12.0331) over LSH: the mechanism. The public
 * calls' checks, counters, prediction resistance, fork safety and OS seeding are lsh_drbg.c's.
 *
 * V and C are seedlen-byte big-endian integers; every sum mod 2^seedlen is a byte loop with the
 * carry in a word (no branch or index on secret data). Hashgen hashes V, V+1, V+2, ... : those
 * messages are independent, so they go through karx_lsh_many in batches (one message per SIMD
 * lane of the back end's multi-buffer kernel). */
#include <string.h>

#include "karx/drbg.h"
#include "karx/lsh.h"

#include "common/endian.h"
#include "approved/approved.h"
#include "drbg_internal.h"

#define HASH_DRBG_TAG 0x48445242u /* "HDRB" */
#define HASHGEN_BATCH 64          /* counter messages per karx_lsh_many call */

size_t karx_hash_drbg_seed_bytes(karx_lsh_alg alg)
{
    size_t d = karx_lsh_digest_bytes(alg);
    return d == 0 ? 0 : d <= 32 ? 55 : 111; /* 440 or 888 bits, by output size (table 2) */
}

static size_t seedlen(const karx_hash_drbg *d)
{
    return karx_hash_drbg_seed_bytes((karx_lsh_alg)d->ctl.alg);
}

/* x (n bytes) += y (m <= n bytes), both big-endian, mod 2^(8n). */
static void add_be(uint8_t *x, size_t n, const uint8_t *y, size_t m)
{
    unsigned carry = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned s = x[n - 1 - i] + carry + (i < m ? y[m - 1 - i] : 0u); /* i, m are public */
        x[n - 1 - i] = (uint8_t)s;
        carry = s >> 8;
    }
}

/* Feeds prefix || a || in... to h and finishes it into out (a whole digest); prefix < 0 means
 * none. */
static void hash_rest(karx_lsh_ctx *h, int prefix, const uint8_t *a, size_t an,
                      const karx_i_drbg_input *in, uint8_t *out)
{
    uint8_t p = (uint8_t)prefix;
    if (prefix >= 0)
        (void)karx_lsh_update(h, &p, 1);
    if (an > 0)
        (void)karx_lsh_update(h, a, an);
    for (int i = 0; in != NULL && i < 3; i++)
        if (in->n[i] > 0)
            (void)karx_lsh_update(h, in->p[i], in->n[i]);
    (void)karx_lsh_final(h, out, KARX_LSH_MAX_DIGEST_BYTES);
}

/* Hash(prefix || a || in...) into out (a whole digest). */
static void hash_of(karx_lsh_alg alg, int prefix, const uint8_t *a, size_t an,
                    const karx_i_drbg_input *in, uint8_t *out)
{
    karx_lsh_ctx h;
    KARX_I_INNER(karx_lsh_init(&h, alg));
    hash_rest(&h, prefix, a, an, in, out);
}

/* out (sl bytes) = Hash_df(prefix || a || in, 8 sl) (10.3.1): Hash(i || bits || input), i = 1.. */
static void hash_df(karx_lsh_alg alg, size_t sl, int prefix, const uint8_t *a, size_t an,
                    const karx_i_drbg_input *in, uint8_t *out)
{
    size_t dl = karx_lsh_digest_bytes(alg);
    uint32_t bits = (uint32_t)(sl * 8);
    uint8_t blk[KARX_LSH_MAX_DIGEST_BYTES];
    for (size_t off = 0, i = 1; off < sl; off += dl, i++) {
        uint8_t hdr[5] = {(uint8_t)i, (uint8_t)(bits >> 24), (uint8_t)(bits >> 16),
                          (uint8_t)(bits >> 8), (uint8_t)bits};
        karx_lsh_ctx h;
        KARX_I_INNER(karx_lsh_init(&h, alg));
        (void)karx_lsh_update(&h, hdr, sizeof hdr);
        hash_rest(&h, prefix, a, an, in, blk);
        memcpy(out + off, blk, sl - off < dl ? sl - off : dl);
    }
    karx_memzero(blk, sizeof blk);
}

/* C = Hash_df(0x00 || V, seedlen). */
static void derive_c(karx_hash_drbg *d, size_t sl)
{
    hash_df((karx_lsh_alg)d->ctl.alg, sl, 0x00, d->v, sl, NULL, d->c);
}

static void mech_instantiate(void *state, const karx_i_drbg_input *in)
{
    karx_hash_drbg *d = state;
    size_t sl = seedlen(d);
    hash_df((karx_lsh_alg)d->ctl.alg, sl, -1, NULL, 0, in, d->v); /* entropy || nonce || pers */
    derive_c(d, sl);
}

static void mech_reseed(void *state, const karx_i_drbg_input *in)
{
    karx_hash_drbg *d = state;
    size_t sl = seedlen(d);
    uint8_t v[KARX_HASH_DRBG_MAX_SEED_BYTES];
    hash_df((karx_lsh_alg)d->ctl.alg, sl, 0x01, d->v, sl, in, v); /* 0x01 || V || entropy || add */
    memcpy(d->v, v, sl);
    karx_memzero(v, sizeof v);
    derive_c(d, sl);
}

/* Writes the k counter messages data, data+1, ..., data+k-1 (sl bytes each) into msgs and leaves
 * data at data+k. The low 64-bit word is added to directly; the bytes above it are data's or
 * data's plus one (precomputed once), picked per message by a mask from the word's carry: no
 * carry chain per message and no branch on V. */
static void counter_batch(uint8_t *data, size_t sl, uint8_t *msgs, size_t k)
{
    static const uint8_t one = 1;
    uint8_t up1[KARX_HASH_DRBG_MAX_SEED_BYTES];
    size_t hi = sl - 8; /* bytes above the low word */
    uint64_t lo0 = karx_load64_be(data + hi);
    memcpy(up1, data, hi);
    add_be(up1, hi, &one, 1);
    for (size_t i = 0; i <= k; i++) {
        uint64_t n = (uint64_t)i, lo = lo0 + n;
        uint8_t mask = (uint8_t)(0u - (unsigned)(((lo0 & n) | ((lo0 | n) & ~lo)) >> 63));
        uint8_t *m = i < k ? msgs + i * sl : data; /* i == k: the next counter, back into data */
        for (size_t j = 0; j < hi; j++)
            m[j] = (uint8_t)(data[j] ^ ((data[j] ^ up1[j]) & mask));
        karx_store64_be(m + hi, lo);
    }
    karx_memzero(up1, sizeof up1);
}

/* Hashgen (10.1.1.4): out = Hash(V) || Hash(V+1) || ..., cut to n bytes; V itself unchanged. */
static void hashgen(const karx_hash_drbg *d, size_t sl, uint8_t *out, size_t n)
{
    karx_lsh_alg alg = (karx_lsh_alg)d->ctl.alg;
    size_t dl = karx_lsh_digest_bytes(alg);
    uint8_t msgs[HASHGEN_BATCH * KARX_HASH_DRBG_MAX_SEED_BYTES];
    uint8_t data[KARX_HASH_DRBG_MAX_SEED_BYTES];
    uint8_t last[KARX_LSH_MAX_DIGEST_BYTES];
    memcpy(data, d->v, sl);
    size_t whole = n / dl, done = 0;
    while (done < whole) {
        size_t k = whole - done < HASHGEN_BATCH ? whole - done : HASHGEN_BATCH;
        counter_batch(data, sl, msgs, k);
        KARX_I_INNER(karx_lsh_many(alg, out + done * dl, k * dl, msgs, sl, k));
        done += k;
    }
    if (n > whole * dl) {
        KARX_I_INNER(karx_lsh(alg, last, sizeof last, data, sl));
        memcpy(out + whole * dl, last, n - whole * dl);
    }
    karx_memzero(msgs, sizeof msgs);
    karx_memzero(data, sizeof data);
    karx_memzero(last, sizeof last);
}

static void mech_generate(void *state, uint8_t *out, size_t n, const uint8_t *add,
                          size_t add_len)
{
    karx_hash_drbg *d = state;
    karx_lsh_alg alg = (karx_lsh_alg)d->ctl.alg;
    size_t sl = seedlen(d), dl = karx_lsh_digest_bytes(alg);
    uint8_t w[KARX_LSH_MAX_DIGEST_BYTES], rc[8];
    if (add_len > 0) { /* w = Hash(0x02 || V || add); V += w */
        karx_i_drbg_input in = {{add, NULL, NULL}, {add_len, 0, 0}};
        hash_of(alg, 0x02, d->v, sl, &in, w);
        add_be(d->v, sl, w, dl);
    }
    if (n > 0)
        hashgen(d, sl, out, n);
    hash_of(alg, 0x03, d->v, sl, NULL, w); /* H = Hash(0x03 || V) */
    for (int i = 0; i < 8; i++)
        rc[i] = (uint8_t)(d->ctl.reseed_counter >> (56 - 8 * i));
    add_be(d->v, sl, w, dl); /* V = V + H + C + reseed_counter */
    add_be(d->v, sl, d->c, sl);
    add_be(d->v, sl, rc, sizeof rc);
    karx_memzero(w, sizeof w);
}

static const karx_i_lsh_mech hash_mech = {HASH_DRBG_TAG, sizeof(karx_hash_drbg), mech_instantiate,
                                          mech_reseed, mech_generate};

/* ---- public calls (lsh_drbg.c, through lsh_drbg_calls.h) ---- */

#define LSH_DRBG_T karx_hash_drbg
#define LSH_DRBG_MECH hash_mech
#include "lsh_drbg_calls.h"
