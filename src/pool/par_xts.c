/* XTS on a thread pool. One data unit: ranges of whole blocks, each starting from the encrypted
 * tweak times x^(its first block) in GF(2^128) (computed by squaring, so a range's start costs
 * about a hundred field operations whatever its offset); the last range keeps the partial block
 * and the ciphertext stealing. Sectors: ranges of whole sectors, each the serial sector call from
 * tweak + (its first sector). */
#include <string.h>

#include "../modes/xts_internal.h"
#include "par_internal.h"

/* GF(2^128) in XTS (IEEE 1619) bit order as two little-endian words: bit k of the 128-bit
 * little-endian number is the coefficient of x^k. */
typedef struct gf128 {
    uint64_t lo, hi;
} gf128;

static inline gf128 gf_mulx(gf128 a)
{
    uint64_t carry = a.hi >> 63;
    gf128 r = {a.lo << 1 ^ (0x87u & (0u - carry)), a.hi << 1 | a.lo >> 63};
    return r;
}

/* a * b, with b public (a power of x): the loop follows b's bits, and a (maybe secret, the
 * encrypted tweak) is only ever xored in under a mask of them. Word-wide, so a range's start
 * costs a few microseconds, not the ~100 us the byte-wise version took per task (which made
 * XTS on two threads slower than on one at 1 MiB a call). */
static gf128 gf_mul(gf128 a, gf128 b)
{
    gf128 r = {0, 0};
    for (int i = 127; i >= 0; i--) {
        r = gf_mulx(r);
        uint64_t bit = (i >= 64 ? b.hi >> (i - 64) : b.lo >> i) & 1u;
        uint64_t mask = 0u - bit;
        r.lo ^= a.lo & mask;
        r.hi ^= a.hi & mask;
    }
    return r;
}

/* t = t * x^n: x^n by square-and-multiply from n's highest set bit (n, a block index, is
 * public), then one product with t. */
static void mul_xpow(uint8_t t[16], uint64_t n)
{
    gf128 p = {1, 0};
    for (int bit = 63; bit >= 0; bit--) {
        if ((n >> bit) == 0)
            continue; /* above the highest set bit p is still 1 */
        p = gf_mul(p, p);
        if ((n >> bit) & 1)
            p = gf_mulx(p);
    }
    gf128 v = {karx_load64_le(t), karx_load64_le(t + 8)};
    v = gf_mul(v, p);
    karx_store64_le(t, v.lo);
    karx_store64_le(t + 8, v.hi);
    karx_memzero(&v, sizeof v);
}

typedef struct unit_job {
    const karx_i_cipher *c;
    const karx_block_kernels *k;
    const karx_cipher_key *data;
    uint8_t t0[16];
    uint8_t *out;
    const uint8_t *in;
    size_t len, per_blocks, tasks;
    int decrypt;
} unit_job;

static void unit_task(void *arg, size_t i)
{
    unit_job *j = arg;
    size_t off = i * j->per_blocks * 16;
    uint8_t t[16];
    memcpy(t, j->t0, 16);
    mul_xpow(t, (uint64_t)i * j->per_blocks);
    if (i + 1 == j->tasks)
        karx_i_xts_unit(j->c, j->k, j->data, t, j->out + off, j->in + off, j->len - off,
                        j->decrypt);
    else
        karx_i_xts_blocks(j->k, j->data, t, j->out + off, j->in + off, j->per_blocks, j->decrypt);
    karx_memzero(t, sizeof t);
}

static karx_status unit_pool(karx_pool *pool, const karx_xts_key *key, const uint8_t tweak[16],
                             uint8_t *out, const uint8_t *in, size_t len, int decrypt)
{
    const karx_i_cipher *c = karx_i_xts_row(key);
    size_t per = 0;
    if (c != NULL && tweak != NULL && out != NULL && in != NULL && len >= 16)
        per = karx_i_par_units(pool, len / 16, 16, 1);
    if (per == 0) /* the serial call, with its checks and statuses */
        return decrypt ? karx_xts_decrypt(key, tweak, out, in, len)
                       : karx_xts_encrypt(key, tweak, out, in, len);
    unit_job j = {c, karx_i_kernels(c), &key->data, {0}, out, in, len, per,
                  karx_i_par_tasks(len / 16, per), decrypt};
    karx_i_single(c)->ecb_encrypt(karx_i_ks(&key->tweak), j.t0, tweak, 1);
    (void)karx_pool_run(pool, j.tasks, unit_task, &j);
    karx_memzero(j.t0, sizeof j.t0);
    return KARX_OK;
}

karx_status karx_xts_encrypt_pool(karx_pool *pool, const karx_xts_key *key,
                                  const uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                                  size_t len)
{
    return unit_pool(pool, key, tweak, out, in, len, 0);
}

karx_status karx_xts_decrypt_pool(karx_pool *pool, const karx_xts_key *key,
                                  const uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                                  size_t len)
{
    return unit_pool(pool, key, tweak, out, in, len, 1);
}

/* ---- sectors ---- */

typedef struct sector_job {
    const karx_xts_key *key;
    const uint8_t *tweak;
    size_t sector, per_units, tasks, len;
    uint8_t *out;
    const uint8_t *in;
    int decrypt;
} sector_job;

static void sector_task(void *arg, size_t i)
{
    sector_job *j = arg;
    size_t off = i * j->per_units * j->sector;
    size_t n = i + 1 == j->tasks ? j->len - off : j->per_units * j->sector;
    /* tweak + i * per_units, little-endian 128-bit (the serial call's numbering) */
    uint64_t lo = karx_load64_le(j->tweak), hi = karx_load64_le(j->tweak + 8);
    uint64_t add = (uint64_t)i * j->per_units, sum = lo + add;
    uint8_t t[16];
    karx_store64_le(t, sum);
    karx_store64_le(t + 8, hi + (sum < lo));
    if (j->decrypt)
        (void)karx_xts_decrypt_sectors(j->key, t, j->sector, j->out + off, j->in + off, n);
    else
        (void)karx_xts_encrypt_sectors(j->key, t, j->sector, j->out + off, j->in + off, n);
}

/* Whether tweak + (units - 1) stays at or below 2^128 - 1 (else the serial call refuses). */
static int tweak_room(const uint8_t t[16], size_t units)
{
    for (size_t i = 8; i < 16; i++)
        if (t[i] != 0xff)
            return 1;
    return (uint64_t)(units - 1) <= ~karx_load64_le(t);
}

static karx_status sectors_pool(karx_pool *pool, const karx_xts_key *key,
                                const uint8_t tweak[16], size_t sector_bytes, uint8_t *out,
                                const uint8_t *in, size_t len, int decrypt)
{
    size_t per = 0, units = 0;
    if (karx_i_xts_row(key) != NULL && tweak != NULL && out != NULL && in != NULL && len >= 16 &&
        sector_bytes >= 16 && (len % sector_bytes == 0 || len % sector_bytes >= 16)) {
        units = len / sector_bytes + (len % sector_bytes != 0);
        if (tweak_room(tweak, units))
            per = karx_i_par_units(pool, units, sector_bytes, 1);
    }
    if (per == 0)
        return decrypt ? karx_xts_decrypt_sectors(key, tweak, sector_bytes, out, in, len)
                       : karx_xts_encrypt_sectors(key, tweak, sector_bytes, out, in, len);
    sector_job j = {key, tweak, sector_bytes, per, karx_i_par_tasks(units, per), len, out, in,
                    decrypt};
    (void)karx_pool_run(pool, j.tasks, sector_task, &j);
    return KARX_OK;
}

karx_status karx_xts_encrypt_sectors_pool(karx_pool *pool, const karx_xts_key *key,
                                          const uint8_t tweak[16], size_t sector_bytes,
                                          uint8_t *out, const uint8_t *in, size_t len)
{
    return sectors_pool(pool, key, tweak, sector_bytes, out, in, len, 0);
}

karx_status karx_xts_decrypt_sectors_pool(karx_pool *pool, const karx_xts_key *key,
                                          const uint8_t tweak[16], size_t sector_bytes,
                                          uint8_t *out, const uint8_t *in, size_t len)
{
    return sectors_pool(pool, key, tweak, sector_bytes, out, in, len, 1);
}
