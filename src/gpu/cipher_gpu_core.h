/* Per-thread block-cipher code of the CUDA CTR/ECB kernels, written once for the device and for
 * the CPU tests that emulate every thread (tests/test_gpu_cipher_core.c). The rounds are the
 * library's own (lea_core.h, hight_core.h, cham_core.h). The code names no cipher: it takes a
 * shape (the round-code family, round count and key length of a registered cipher, packed in an
 * int); a kernel takes its shape as a template constant, so the round count is one too and the
 * round loops unroll and the round-key indices fold as they would for a named cipher.
 *
 * A block is handled as four little-endian 32-bit words w[0..3] of its bytes (64-bit blocks use
 * w[0..1]); the CTR counter is the whole block read as a big-endian integer, kept as two 64-bit
 * halves, and block i of a stream uses counter base + i (mod 2^blockbits). */
#ifndef KARX_GPU_CIPHER_CORE_H
#define KARX_GPU_CIPHER_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "karx/cipher.h"

#include "../cham/cham_core.h"
#include "../common/endian.h"
#include "../common/karx_hd.h"
#include "../hight/hight_core.h"
#include "../lea/lea_core.h"
#ifdef __cplusplus
extern "C" { /* the registry is C: its lookups keep C linkage in the .cu files */
#endif
#include "../registry/registry.h"
#ifdef __cplusplus
}
#endif

/* A shape: family (4 bits) | rounds (8 bits) << 4 | key bytes << 12. Never 0. */
#define KARX_GPU_SHAPE(family, rounds, key_bytes) \
    ((int)(family) | ((int)(rounds) << 4) | ((int)(key_bytes) << 12))
#define KARX_GPU_FAMILY(shape) ((shape) & 15)
#define KARX_GPU_ROUNDS(shape) (((unsigned)(shape) >> 4) & 255u)
#define KARX_GPU_KEY_BYTES(shape) ((unsigned)(shape) >> 12)

/* The shapes the kernels are compiled for: one line per (family, rounds, key length) that a
 * registered cipher has (test_gpu_cipher_core checks that each one has its line; a cipher
 * without one gets KARX_ERR_UNSUPPORTED from the GPU calls). X(family, rounds, key_bytes). */
#define KARX_GPU_CIPHER_SHAPES(X)          \
    X(KARX_I_FAMILY_LEA, 24, 16)           \
    X(KARX_I_FAMILY_LEA, 28, 24)           \
    X(KARX_I_FAMILY_LEA, 32, 32)           \
    X(KARX_I_FAMILY_HIGHT, 32, 16)         \
    X(KARX_I_FAMILY_CHAM64, 88, 16)        \
    X(KARX_I_FAMILY_CHAM128, 112, 16)      \
    X(KARX_I_FAMILY_CHAM128, 120, 32)

/* The shape of a registered cipher, or 0 when no kernel is compiled for it (host only). */
static inline int karx_gpu_shape_of(const karx_i_cipher *c)
{
    const int s = KARX_GPU_SHAPE(c->family, c->rounds, c->key_bytes);
#define KARX_GPU_SHAPE_IS(f, r, kb) \
    if (s == KARX_GPU_SHAPE(f, r, kb)) \
        return s;
    KARX_GPU_CIPHER_SHAPES(KARX_GPU_SHAPE_IS)
#undef KARX_GPU_SHAPE_IS
    return 0;
}

/* Wipes a scheduled key on the host (the CPU emulation); on the device the key lives in
 * registers and thread-local memory that end with the thread. */
static inline KARX_HD void karx_memzero_hd(void *p, size_t n)
{
#ifndef __CUDA_ARCH__
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--)
        *v++ = 0;
#else
    (void)p;
    (void)n;
#endif
}

typedef struct karx_gpu_ctr {
    uint64_t hi, lo; /* big-endian halves; 64-bit blocks use lo only */
} karx_gpu_ctr;

/* The block bytes of a shape as a constant expression (template arguments). */
#define KARX_GPU_SHAPE_BLOCK_BYTES(shape)                                                  \
    ((KARX_GPU_FAMILY(shape) == KARX_I_FAMILY_HIGHT || KARX_GPU_FAMILY(shape) == KARX_I_FAMILY_CHAM64) \
         ? 8                                                                                \
         : 16)

static inline KARX_HD unsigned karx_gpu_block_bytes(int shape)
{
    const int f = KARX_GPU_FAMILY(shape);
    return (f == KARX_I_FAMILY_HIGHT || f == KARX_I_FAMILY_CHAM64) ? 8u : 16u;
}

static inline KARX_HD uint32_t karx_gpu_bswap32(uint32_t x)
{
#ifdef __CUDA_ARCH__
    return __byte_perm(x, 0, 0x0123);
#else
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
#endif
}

/* Little-endian 32-bit load and store: one instruction when aligned (the usual case: whole
 * blocks of buffers from cudaMalloc), bytes otherwise. */
static inline KARX_HD uint32_t karx_gpu_ld32(const uint8_t *p)
{
#ifdef __CUDA_ARCH__
    if (((uintptr_t)p & 3u) == 0)
        return *(const uint32_t *)p;
#endif
    return karx_load32_le(p);
}

static inline KARX_HD void karx_gpu_st32(uint8_t *p, uint32_t v)
{
#ifdef __CUDA_ARCH__
    if (((uintptr_t)p & 3u) == 0) {
        *(uint32_t *)p = v;
        return;
    }
#endif
    karx_store32_le(p, v);
}

static inline KARX_HD karx_gpu_ctr karx_gpu_ctr_load(const uint8_t *blk, unsigned bl)
{
    karx_gpu_ctr c;
    c.hi = bl == 16 ? karx_load64_be(blk) : 0;
    c.lo = karx_load64_be(blk + bl - 8);
    return c;
}

static inline KARX_HD void karx_gpu_ctr_store(uint8_t *blk, karx_gpu_ctr c, unsigned bl)
{
    if (bl == 16)
        karx_store64_be(blk, c.hi);
    karx_store64_be(blk + bl - 8, c.lo);
}

/* c + i mod 2^(8 bl). */
static inline KARX_HD karx_gpu_ctr karx_gpu_ctr_add(karx_gpu_ctr c, uint64_t i, unsigned bl)
{
    uint64_t lo = c.lo + i;
    if (bl == 16)
        c.hi += lo < c.lo;
    c.lo = lo;
    return c;
}

/* Counter values a CTR stream of len bytes uses (a final partial block uses one up). */
static inline KARX_HD uint64_t karx_gpu_blocks(uint64_t len, unsigned bl)
{
    return len / bl + (len % bl != 0);
}

/* Blocks left before the counter passes all-ones (the all-ones value included); saturates at
 * UINT64_MAX. CTR mode refuses a call needing more (the CPU's karx_ctr_xor rule). */
static inline KARX_HD uint64_t karx_gpu_ctr_capacity(karx_gpu_ctr c, unsigned bl)
{
    if (bl == 16 && c.hi != UINT64_MAX)
        return UINT64_MAX;
    uint64_t left = ~c.lo; /* all-ones minus lo */
    return left == UINT64_MAX ? UINT64_MAX : left + 1;
}

/* The counter block at ctr moved past a stream of len bytes (mod 2^(8 bl)). */
static inline KARX_HD void karx_gpu_ctr_advance(uint8_t *ctr, uint64_t len, unsigned bl)
{
    karx_gpu_ctr_store(ctr, karx_gpu_ctr_add(karx_gpu_ctr_load(ctr, bl), karx_gpu_blocks(len, bl), bl), bl);
}

/* The counter block as the cipher's words. */
static inline KARX_HD void karx_gpu_ctr_words(karx_gpu_ctr c, unsigned bl, uint32_t w[4])
{
    if (bl == 16) {
        w[0] = karx_gpu_bswap32((uint32_t)(c.hi >> 32));
        w[1] = karx_gpu_bswap32((uint32_t)c.hi);
        w[2] = karx_gpu_bswap32((uint32_t)(c.lo >> 32));
        w[3] = karx_gpu_bswap32((uint32_t)c.lo);
    } else {
        w[0] = karx_gpu_bswap32((uint32_t)(c.lo >> 32));
        w[1] = karx_gpu_bswap32((uint32_t)c.lo);
        w[2] = w[3] = 0;
    }
}

/* One block in place, w as above, with a scheduled key; shape is a constant in the kernels. */
static inline KARX_HD void karx_gpu_crypt_words(int shape, const karx_cipher_key *k, int decrypt,
                                                uint32_t w[4])
{
    const unsigned rounds = KARX_GPU_ROUNDS(shape);
    switch (KARX_GPU_FAMILY(shape)) {
    case KARX_I_FAMILY_LEA:
        if (decrypt)
            karx_lea_decrypt_words((const uint32_t(*)[6])k->u.lea.rk, rounds, w);
        else
            karx_lea_encrypt_words((const uint32_t(*)[6])k->u.lea.rk, rounds, w);
        break;
    case KARX_I_FAMILY_CHAM128: {
        const unsigned mask = KARX_GPU_KEY_BYTES(shape) / 2 - 1; /* 2 round keys per key word */
        if (decrypt)
            karx_cham128_decrypt_words(w, k->u.cham128.rk, mask, rounds);
        else
            karx_cham128_encrypt_words(w, k->u.cham128.rk, mask, rounds);
        break;
    }
    case KARX_I_FAMILY_CHAM64: {
        uint16_t h[4] = {(uint16_t)w[0], (uint16_t)(w[0] >> 16), (uint16_t)w[1], (uint16_t)(w[1] >> 16)};
        if (decrypt)
            karx_cham64_decrypt_words(h, k->u.cham64.rk, rounds);
        else
            karx_cham64_encrypt_words(h, k->u.cham64.rk, rounds);
        w[0] = (uint32_t)h[0] | ((uint32_t)h[1] << 16);
        w[1] = (uint32_t)h[2] | ((uint32_t)h[3] << 16);
        break;
    }
    default: { /* HIGHT: its 32 rounds are inside its core */
        uint8_t b[8], o[8];
        for (unsigned i = 0; i < 8; i++)
            b[i] = (uint8_t)(w[i >> 2] >> (8 * (i & 3)));
        if (decrypt)
            karx_hight_decrypt_core(k->u.hight.wk, k->u.hight.sk, o, b);
        else
            karx_hight_encrypt_core(k->u.hight.wk, k->u.hight.sk, o, b);
        w[0] = (uint32_t)o[0] | ((uint32_t)o[1] << 8) | ((uint32_t)o[2] << 16) | ((uint32_t)o[3] << 24);
        w[1] = (uint32_t)o[4] | ((uint32_t)o[5] << 8) | ((uint32_t)o[6] << 16) | ((uint32_t)o[7] << 24);
    }
    }
}

/* Schedules a raw key (KARX_GPU_KEY_BYTES(shape) bytes) on the device, one thread per key in the
 * many-key kernels: the family's key struct as its set_key fills it (k->alg is not set: the
 * device code never reads it). */
static inline KARX_HD void karx_gpu_set_key(int shape, karx_cipher_key *k, const uint8_t *raw)
{
    const unsigned nkw = KARX_GPU_KEY_BYTES(shape) / 4;
    switch (KARX_GPU_FAMILY(shape)) {
    case KARX_I_FAMILY_LEA: {
        uint32_t kw[8];
        for (unsigned i = 0; i < nkw; i++)
            kw[i] = karx_load32_le(raw + 4 * i);
        k->u.lea.rounds = karx_lea_key_schedule((uint32_t(*)[6])k->u.lea.rk, kw, nkw);
        break;
    }
    case KARX_I_FAMILY_HIGHT:
        karx_hight_schedule(k->u.hight.wk, k->u.hight.sk, raw);
        k->u.hight.ready = 1;
        break;
    case KARX_I_FAMILY_CHAM64:
        karx_cham64_expand_key(k->u.cham64.rk, raw);
        k->u.cham64.rounds = KARX_GPU_ROUNDS(shape);
        break;
    default: /* CHAM-128 */
        karx_cham128_expand_key(k->u.cham128.rk, raw, nkw);
        k->u.cham128.rk_count = 2 * nkw;
        k->u.cham128.rounds = KARX_GPU_ROUNDS(shape);
    }
}

/* Stores block i of a CTR stream of len bytes from its keystream words w: out[i*bl ..] =
 * in[..] ^ w (in == NULL: the keystream itself), the last block cut at len. */
static inline KARX_HD void karx_gpu_ctr_put(unsigned bl, const uint32_t w[4], uint64_t i,
                                            uint8_t *out, const uint8_t *in, uint64_t len)
{
    uint64_t pos = i * bl;
    unsigned n = len - pos < bl ? (unsigned)(len - pos) : bl;
    if (n == bl) { /* whole block: word loads and stores, w indexed by constants */
        KARX_HD_UNROLL for (unsigned j = 0; j < 4; j++) {
            if (j < bl / 4) {
                uint32_t x = w[j];
                if (in)
                    x ^= karx_gpu_ld32(in + pos + 4 * j);
                karx_gpu_st32(out + pos + 4 * j, x);
            }
        }
        return;
    }
    /* The final partial block, byte by byte (no run-time index into w: it stays in registers). */
    uint64_t lo = (uint64_t)w[0] | ((uint64_t)w[1] << 32), hi = (uint64_t)w[2] | ((uint64_t)w[3] << 32);
    for (unsigned j = 0; j < n; j++) {
        uint8_t ks = (uint8_t)((j < 8 ? lo >> (8 * j) : hi >> (8 * (j - 8))) & 0xffu);
        out[pos + j] = in ? (uint8_t)(in[pos + j] ^ ks) : ks;
    }
}

/* Block i of a CTR stream of len bytes under a scheduled key (karx_gpu_ctr_put). */
static inline KARX_HD void karx_gpu_ctr_block(int shape, const karx_cipher_key *k, karx_gpu_ctr ctr0,
                                              uint64_t i, uint8_t *out, const uint8_t *in,
                                              uint64_t len)
{
    const unsigned bl = karx_gpu_block_bytes(shape);
    uint32_t w[4];
    karx_gpu_ctr_words(karx_gpu_ctr_add(ctr0, i, bl), bl, w);
    karx_gpu_crypt_words(shape, k, 0, w);
    karx_gpu_ctr_put(bl, w, i, out, in, len);
}

/* ECB block i (whole blocks). */
static inline KARX_HD void karx_gpu_ecb_block(int shape, const karx_cipher_key *k, int decrypt,
                                              uint64_t i, uint8_t *out, const uint8_t *in)
{
    const unsigned bl = karx_gpu_block_bytes(shape);
    uint32_t w[4] = {0, 0, 0, 0};
    KARX_HD_UNROLL for (unsigned j = 0; j < 4; j++)
        if (j < bl / 4)
            w[j] = karx_gpu_ld32(in + i * bl + 4 * j);
    karx_gpu_crypt_words(shape, k, decrypt, w);
    KARX_HD_UNROLL for (unsigned j = 0; j < 4; j++)
        if (j < bl / 4)
            karx_gpu_st32(out + i * bl + 4 * j, w[j]);
}

/* ---- many keys: round keys made on the fly ----------------------------------------------------
 * A many-key thread holds its own key. A whole LEA schedule (up to 192 words) or HIGHT's 136
 * bytes cannot stay in registers and went to thread-local memory (about 800 bytes a thread), so
 * LEA and HIGHT keep only the raw key words and make each round's keys from them as the rounds
 * run, again for every block: LEA's T words with the round's delta rotation (the key schedule
 * of lea_core.h, one round at a time), HIGHT's subkeys as key byte + delta with the delta LFSR
 * stepped alongside (the schedule of hight_core.h, one subkey at a time). With the rounds
 * unrolled, the deltas and their rotations are constants, and a round costs LEA 4-6 adds and
 * rotations, HIGHT 4 byte adds. CHAM's 8 or 16 round keys fit in registers: scheduled once. */
typedef struct karx_gpu_many_key {
    uint32_t kw[8];        /* LEA, HIGHT: the raw key, little-endian words */
    karx_cipher_key sched; /* CHAM: the scheduled key */
} karx_gpu_many_key;

/* One LEA block in place from the raw key words (nkw 4, 6 or 8; rounds 24, 28 or 32). */
static inline KARX_HD void karx_gpu_lea_encrypt_otf(const uint32_t kw[8], unsigned nkw,
                                                    unsigned rounds, uint32_t x[4])
{
    const uint32_t delta[8] = {0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec,
                               0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957};
    const unsigned rot[6] = {1, 3, 6, 11, 13, 17};
    const unsigned nt = nkw == 4 ? 4 : 6; /* T words a round updates */
    uint32_t t[8];
    KARX_HD_UNROLL for (unsigned j = 0; j < 8; j++)
        t[j] = j < nkw ? kw[j] : 0;
    KARX_HD_UNROLL for (unsigned i = 0; i < rounds; i++) {
        KARX_HD_UNROLL for (unsigned j = 0; j < nt; j++) {
            const unsigned m = (nt * i + j) % nkw; /* LEA-256 walks its 8 T words 6 at a time */
            t[m] = karx_rotl32(t[m] + karx_rotl32(delta[i % nkw], i + j), rot[j]);
        }
        uint32_t rk[1][6];
        if (nkw == 4) { /* LEA-128: T1 is round keys 1, 3 and 5 */
            rk[0][0] = t[0];
            rk[0][1] = rk[0][3] = rk[0][5] = t[1];
            rk[0][2] = t[2];
            rk[0][4] = t[3];
        } else {
            KARX_HD_UNROLL for (unsigned j = 0; j < 6; j++)
                rk[0][j] = t[(6 * i + j) % nkw];
        }
        karx_lea_encrypt_words((const uint32_t(*)[6])rk, 1, x);
    }
}

/* Byte n of the little-endian key words. */
static inline KARX_HD uint8_t karx_gpu_key_byte(const uint32_t kw[4], unsigned n)
{
    return (uint8_t)(kw[n >> 2] >> (8 * (n & 3)));
}

/* One HIGHT block (bytes 0..7 in w[0..1], little-endian) in place from the raw key words. Subkey
 * n = 16a + b is key byte (b & 8) | ((b - a) & 7) plus delta_n; a round group (8 rounds) takes
 * the next 32 subkeys. */
static inline KARX_HD void karx_gpu_hight_encrypt_otf(const uint32_t kw[4], uint32_t w[4])
{
    uint8_t x0, x1, x2, x3, x4, x5, x6, x7;
#define KARX_GPU_WB(n) ((uint8_t)(w[(n) >> 2] >> (8 * ((n) & 3))))
    KARX_HIGHT_WHITEN(KARX_HIGHT_ADD8, KARX_HIGHT_XOR8, x0, x1, x2, x3, x4, x5, x6, x7,
                      KARX_GPU_WB(0), KARX_GPU_WB(1), KARX_GPU_WB(2), KARX_GPU_WB(3),
                      KARX_GPU_WB(4), KARX_GPU_WB(5), KARX_GPU_WB(6), KARX_GPU_WB(7),
                      karx_gpu_key_byte(kw, 12), karx_gpu_key_byte(kw, 13),
                      karx_gpu_key_byte(kw, 14), karx_gpu_key_byte(kw, 15));
#undef KARX_GPU_WB
    unsigned d = 0x5a; /* delta_0; the LFSR folds to constants when the loops unroll */
    KARX_HD_UNROLL for (unsigned g = 0; g < 4; g++) {
        uint8_t sk[32];
        KARX_HD_UNROLL for (unsigned m = 0; m < 32; m++) {
            const unsigned n = 32 * g + m, a = n >> 4, b = n & 15;
            sk[m] = (uint8_t)(karx_gpu_key_byte(kw, (b & 8) | ((b - a) & 7)) + d);
            d = (d >> 1) | ((((d >> 3) ^ d) & 1u) << 6);
        }
        KARX_HIGHT_GROUP(KARX_HIGHT_X_RND, sk);
    }
    uint8_t o0, o1, o2, o3, o4, o5, o6, o7;
    KARX_HIGHT_WHITEN(KARX_HIGHT_ADD8, KARX_HIGHT_XOR8, o0, o1, o2, o3, o4, o5, o6, o7, x1, x2,
                      x3, x4, x5, x6, x7, x0, karx_gpu_key_byte(kw, 0), karx_gpu_key_byte(kw, 1),
                      karx_gpu_key_byte(kw, 2), karx_gpu_key_byte(kw, 3));
    w[0] = (uint32_t)o0 | ((uint32_t)o1 << 8) | ((uint32_t)o2 << 16) | ((uint32_t)o3 << 24);
    w[1] = (uint32_t)o4 | ((uint32_t)o5 << 8) | ((uint32_t)o6 << 16) | ((uint32_t)o7 << 24);
}

/* A many-key thread's key from the raw key bytes (KARX_GPU_KEY_BYTES(shape) of them). */
static inline KARX_HD void karx_gpu_many_set_key(int shape, karx_gpu_many_key *k, const uint8_t *raw)
{
    const int f = KARX_GPU_FAMILY(shape);
    if (f == KARX_I_FAMILY_LEA || f == KARX_I_FAMILY_HIGHT) {
        KARX_HD_UNROLL for (unsigned i = 0; i < 8; i++) /* word loads when aligned */
            k->kw[i] = i < KARX_GPU_KEY_BYTES(shape) / 4 ? karx_gpu_ld32(raw + 4 * i) : 0;
    } else {
        karx_gpu_set_key(shape, &k->sched, raw);
    }
}

/* One block in place (encryption: all CTR needs) under a many-key thread's key. */
static inline KARX_HD void karx_gpu_many_encrypt_words(int shape, const karx_gpu_many_key *k,
                                                       uint32_t w[4])
{
    switch (KARX_GPU_FAMILY(shape)) {
    case KARX_I_FAMILY_LEA:
        karx_gpu_lea_encrypt_otf(k->kw, KARX_GPU_KEY_BYTES(shape) / 4, KARX_GPU_ROUNDS(shape), w);
        break;
    case KARX_I_FAMILY_HIGHT:
        karx_gpu_hight_encrypt_otf(k->kw, w);
        break;
    default:
        karx_gpu_crypt_words(shape, &k->sched, 0, w);
    }
}

/* Many keys, one thread per record: record r has raw key keys[r*key_len ..], counter block
 * ctrs[r*bl ..] (big-endian) and data [start, start + rec_len); the record's blocks run in
 * order. */
static inline KARX_HD void karx_gpu_ctr_record(int shape, const uint8_t *keys, unsigned key_len,
                                               const uint8_t *ctrs, uint8_t *out, const uint8_t *in,
                                               uint64_t start, uint64_t rec_len, uint64_t r)
{
    karx_gpu_many_key k;
    karx_gpu_many_set_key(shape, &k, keys + r * key_len);
    const unsigned bl = karx_gpu_block_bytes(shape);
    karx_gpu_ctr c = karx_gpu_ctr_load(ctrs + r * bl, bl);
    uint64_t nb = karx_gpu_blocks(rec_len, bl);
    for (uint64_t i = 0; i < nb; i++) {
        uint32_t w[4];
        karx_gpu_ctr_words(karx_gpu_ctr_add(c, i, bl), bl, w);
        karx_gpu_many_encrypt_words(shape, &k, w);
        karx_gpu_ctr_put(bl, w, i, out + start, in ? in + start : NULL, rec_len);
    }
    karx_memzero_hd(&k, sizeof k);
}

/* Many keys, equal record lengths, one thread per block: block j of record r (records of
 * rec_len bytes back to back; key keys[r*key_len ..], counter ctrs[r*bl ..]), as
 * karx_gpu_ctr_record makes it. A warp's threads take neighbouring blocks, mostly of one record:
 * their data loads and stores coalesce and their key and counter loads are broadcasts, where a
 * thread per record reads 32 records rec_len bytes apart. The key costs nothing more per block
 * for LEA and HIGHT (their round keys are made on the fly for every block anyway); CHAM
 * schedules its 8 or 16 round keys per block (a few percent of its 112 or 120 rounds). */
static inline KARX_HD void karx_gpu_ctr_many_block(int shape, const uint8_t *keys, unsigned key_len,
                                                   const uint8_t *ctrs, uint8_t *out,
                                                   const uint8_t *in, uint64_t rec_len, uint64_t r,
                                                   uint64_t j)
{
    karx_gpu_many_key k;
    karx_gpu_many_set_key(shape, &k, keys + r * key_len);
    const unsigned bl = karx_gpu_block_bytes(shape);
    const uint8_t *cp = ctrs + r * bl;
    karx_gpu_ctr c;
    c.hi = bl == 16 ? ((uint64_t)karx_gpu_bswap32(karx_gpu_ld32(cp)) << 32) | karx_gpu_bswap32(karx_gpu_ld32(cp + 4)) : 0;
    c.lo = ((uint64_t)karx_gpu_bswap32(karx_gpu_ld32(cp + bl - 8)) << 32) | karx_gpu_bswap32(karx_gpu_ld32(cp + bl - 4));
    uint32_t w[4];
    karx_gpu_ctr_words(karx_gpu_ctr_add(c, j, bl), bl, w);
    karx_gpu_many_encrypt_words(shape, &k, w);
    karx_gpu_ctr_put(bl, w, j, out + r * rec_len, in ? in + r * rec_len : NULL, rec_len);
    karx_memzero_hd(&k, sizeof k);
}

/* Scheduled keys, one thread per block (CTR_DRBG output): record r (key keys[r], first counter
 * ctrs[r*bl ..]) fills out[r*stride .. + min(stride, total - r*stride)); i is the global block
 * index over records of bpr = ceil(stride / bl) blocks each. */
static inline KARX_HD void karx_gpu_ctr_keyed_block(int shape, const karx_cipher_key *keys,
                                                    const uint8_t *ctrs, uint8_t *out,
                                                    uint64_t stride, uint64_t total, uint64_t i)
{
    const unsigned bl = karx_gpu_block_bytes(shape);
    uint64_t bpr = (stride + bl - 1) / bl, r = i / bpr, j = i % bpr;
    uint64_t start = r * stride, len = total - start < stride ? total - start : stride;
    if (j * bl >= len)
        return;
    karx_gpu_ctr c = karx_gpu_ctr_load(ctrs + r * bl, bl);
    karx_gpu_ctr_block(shape, &keys[r], c, j, out + start, NULL, len);
}

#endif
