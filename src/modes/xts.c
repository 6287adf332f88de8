/* XTS keys, one data unit, and consecutive data units (sectors) numbered from the tweak. */
#include <string.h>

#include "../approved/approved.h"
#include "xts_internal.h"
#include "../common/clear.h"

/* Tweak encryptions batched per sector call (one ECB kernel call for this many units). */
#define XTS_UNIT_BATCH 128

const karx_i_cipher *karx_i_xts_row(const karx_xts_key *key)
{
    if (key == NULL || key->data.alg == 0 || key->tweak.alg != key->data.alg)
        return NULL;
    return karx_i_key_row(&key->data);
}

void karx_xts_key_wipe(karx_xts_key *key) { karx_memzero(key, sizeof *key); }

karx_status karx_xts_set_key(karx_xts_key *key, karx_cipher_alg alg, const uint8_t *k,
                             size_t key_len)
{
    if (!karx_i_clear(key, sizeof *key))
        return KARX_ERR_ARGUMENT;
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    const karx_i_xts *x = karx_i_xts_modes[0]; /* the mode's facts (mode_desc.c) */
    if (c == NULL)
        return KARX_ERR_UNKNOWN_ALGORITHM;
    KARX_I_SERVICE(x->approved);
    if (c->block_bytes != x->block_bytes)
        return KARX_ERR_UNSUPPORTED;
    if (k == NULL)
        return KARX_ERR_ARGUMENT;
    const size_t half = c->key_bytes;
    if (key_len != x->key_parts * half)
        return KARX_ERR_KEY_LENGTH;
    /* Equal halves are refused: the comparison runs in constant time, and only its result (the
     * status) is public, like a tag check's (the ct harnesses declassify exactly that). */
    if (karx_memcmp_ct(k, k + half, half) == 0)
        return KARX_ERR_ARGUMENT;
    karx_status st = karx_cipher_set_key(&key->data, alg, k, half);
    if (st == KARX_OK)
        st = karx_cipher_set_key(&key->tweak, alg, k + half, half);
    if (st != KARX_OK)
        karx_xts_key_wipe(key);
    return st;
}

/* The checks every one-shot call starts with. */
static karx_status xts_args(const karx_xts_key *key, const uint8_t *tweak, const void *out,
                            const void *in, size_t len, const karx_i_cipher **c)
{
    if (key == NULL || tweak == NULL || (len != 0 && (out == NULL || in == NULL)))
        return KARX_ERR_ARGUMENT;
    *c = karx_i_xts_row(key);
    if (*c == NULL)
        return KARX_ERR_STATE;
    return len < 16 ? KARX_ERR_DATA_LENGTH : KARX_OK;
}

static karx_status xts_one_unit(const karx_xts_key *key, const uint8_t tweak[16], uint8_t *out,
                                const uint8_t *in, size_t len, int decrypt)
{
    const karx_i_cipher *c;
    karx_status st = xts_args(key, tweak, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    uint8_t t[16];
    karx_i_single(c)->ecb_encrypt(karx_i_ks(&key->tweak), t, tweak, 1);
    karx_i_xts_unit(c, karx_i_kernels(c), &key->data, t, out, in, len, decrypt);
    return KARX_OK;
}

karx_status karx_xts_encrypt(const karx_xts_key *key, const uint8_t tweak[16], uint8_t *out,
                             const uint8_t *in, size_t len)
{
    return xts_one_unit(key, tweak, out, in, len, 0);
}

karx_status karx_xts_decrypt(const karx_xts_key *key, const uint8_t tweak[16], uint8_t *out,
                             const uint8_t *in, size_t len)
{
    return xts_one_unit(key, tweak, out, in, len, 1);
}

/* ---- sectors ---------------------------------------------------------------------------- */

/* Whether tweak + (units - 1) stays at or below 2^128 - 1. */
static int tweak_room(const uint8_t t[16], size_t units)
{
    for (size_t i = 8; i < 16; i++)
        if (t[i] != 0xff)
            return 1; /* at least 2^64 numbers left */
    return (uint64_t)(units - 1) <= ~karx_load64_le(t);
}

static karx_status xts_sectors(const karx_xts_key *key, const uint8_t tweak[16],
                               size_t sector_bytes, uint8_t *out, const uint8_t *in, size_t len,
                               int decrypt)
{
    const karx_i_cipher *c;
    karx_status st = xts_args(key, tweak, out, in, len, &c);
    if (st != KARX_OK)
        return st;
    if (sector_bytes < 16)
        return KARX_ERR_ARGUMENT;
    size_t units = len / sector_bytes, last = len % sector_bytes;
    if (last != 0 && last < 16)
        return KARX_ERR_DATA_LENGTH;
    units += last != 0;
    if (!tweak_room(tweak, units))
        return KARX_ERR_COUNTER_OVERFLOW;
    /* The tweaks of up to XTS_UNIT_BATCH units go through the ECB kernel at once: for small
     * sectors a single-block tweak encryption per unit would cost a fifth of the time. Units of
     * whole blocks then go to the kernel in one call (its setup paid once, not per unit); a
     * last unit that steals, and units of sector sizes that are not whole blocks, go one by
     * one. */
    const karx_block_kernels *k = karx_i_kernels(c);
    const int whole = sector_bytes % 16 == 0, steal = len % 16 != 0;
    uint8_t ts[XTS_UNIT_BATCH][16];
    uint64_t lo = karx_load64_le(tweak), hi = karx_load64_le(tweak + 8);
    for (size_t u = 0; u < units;) {
        size_t m = units - u < XTS_UNIT_BATCH ? units - u : XTS_UNIT_BATCH, i = 0;
        for (size_t j = 0; j < m; j++) { /* tweak + u + j; tweak_room keeps it from wrapping */
            karx_store64_le(ts[j], lo);
            karx_store64_le(ts[j] + 8, hi);
            hi += ++lo == 0;
        }
        k->ecb_encrypt(karx_i_ks(&key->tweak), ts[0], ts[0], m);
        if (whole) {
            size_t off = u * sector_bytes, end = u + m == units ? len : off + m * sector_bytes;
            i = u + m == units && steal ? m - 1 : m;
            if (i < m)
                end = off + i * sector_bytes;
            karx_i_xts_units(k, &key->data, ts[0], out + off, in + off, (end - off) / 16,
                             sector_bytes / 16, decrypt);
            u += i;
        }
        for (; i < m; i++, u++) {
            size_t off = u * sector_bytes, n = len - off < sector_bytes ? len - off : sector_bytes;
            karx_i_xts_unit(c, k, &key->data, ts[i], out + off, in + off, n, decrypt);
        }
    }
    karx_memzero(ts, sizeof ts);
    return KARX_OK;
}

karx_status karx_xts_encrypt_sectors(const karx_xts_key *key, const uint8_t tweak[16],
                                     size_t sector_bytes, uint8_t *out, const uint8_t *in,
                                     size_t len)
{
    return xts_sectors(key, tweak, sector_bytes, out, in, len, 0);
}

karx_status karx_xts_decrypt_sectors(const karx_xts_key *key, const uint8_t tweak[16],
                                     size_t sector_bytes, uint8_t *out, const uint8_t *in,
                                     size_t len)
{
    return xts_sectors(key, tweak, sector_bytes, out, in, len, 1);
}
