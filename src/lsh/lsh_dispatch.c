/* LSH's registry entries: one kernel list per word width, the selection the front ends call,
 * and a descriptor per variant. The build defines KARX_HAVE_* for the ISA files it compiled.
 * (What the self-test runs through a given table lives in lsh_hooks.c, so that this file calls
 * nothing in lsh256.c / lsh512.c, which call it.) */
#include "../cpu/dispatch.h"
#include "../registry/registry.h"
#include "lsh_internal.h"

static const karx_i_impl lsh256_impls[] = {KARX_I_IMPLS_ALL(karx_i_lsh256)};
static const karx_i_impl lsh512_impls[] = {KARX_I_IMPLS_ALL(karx_i_lsh512)};

#define NIMPLS(list) (sizeof list / sizeof list[0])

/* The selection depends only on the active back end (the CPU's features are fixed once
 * detected), so it is remembered per back end: selecting took ~15 ns, a tenth of hashing a
 * 64-byte message. Racing first calls store the same pointer. */
#define LSH_CACHED_BACKENDS 8

static const void *cached_select(const void **cache, const karx_i_impl *impls, size_t n)
{
#ifdef KARX_COMPACT
    /* the MCU builds: one portable kernel, and no pointer-wide atomics on AVR */
    (void)cache;
    return karx_i_select(impls, n)->table;
#else
    unsigned b = (unsigned)karx_i_active_backend();
    const void *t = b < LSH_CACHED_BACKENDS ? __atomic_load_n(&cache[b], __ATOMIC_ACQUIRE) : NULL;
    if (t == NULL) {
        t = karx_i_select(impls, n)->table;
        if (b < LSH_CACHED_BACKENDS)
            __atomic_store_n(&cache[b], t, __ATOMIC_RELEASE);
    }
    return t;
#endif
}

const karx_lsh256_kernels *karx_i_lsh256_kernels(void)
{
    static const void *cache[LSH_CACHED_BACKENDS];
    return (const karx_lsh256_kernels *)cached_select(cache, lsh256_impls, NIMPLS(lsh256_impls));
}

const karx_lsh512_kernels *karx_i_lsh512_kernels(void)
{
    static const void *cache[LSH_CACHED_BACKENDS];
    return (const karx_lsh512_kernels *)cached_select(cache, lsh512_impls, NIMPLS(lsh512_impls));
}

/* Known answers: digests of the self-test message (300 bytes, byte i = (131 i + 7) mod 256)
 * from the LSH reference model (shared/specs/models/lsh_model.py, itself checked against the
 * KCMVP vectors). */
static const uint8_t kat256_224[28] = {
    0xb9, 0xbf, 0xe8, 0x41, 0x40, 0x59, 0x4a, 0x3a, 0xb1, 0x3e, 0x33, 0xe6, 0x8c, 0xce,
    0xf1, 0x78, 0x76, 0xd2, 0xe5, 0x6f, 0x65, 0xae, 0xed, 0xfc, 0x2b, 0xb6, 0x98, 0xe9};
static const uint8_t kat256_256[32] = {
    0x63, 0xd9, 0xcf, 0x8f, 0xc1, 0x32, 0x3e, 0xe5, 0x2d, 0x22, 0xa3, 0x79, 0xc5, 0x65, 0x3a, 0x59,
    0xa3, 0xfa, 0x1d, 0x1f, 0xe3, 0x4d, 0x6d, 0xcb, 0x99, 0x53, 0xf0, 0x1b, 0x0d, 0x1e, 0xc0, 0xfe};
static const uint8_t kat512_224[28] = {
    0x66, 0xce, 0xcc, 0xe1, 0x2d, 0x5b, 0x75, 0x16, 0xb1, 0xd1, 0x51, 0x47, 0x84, 0xfe,
    0xbf, 0xd3, 0x5a, 0x80, 0xea, 0x9d, 0x60, 0xff, 0xca, 0xbe, 0x6a, 0x2d, 0xf2, 0xce};
static const uint8_t kat512_256[32] = {
    0x61, 0x93, 0xf5, 0xfe, 0xf3, 0xb6, 0xd8, 0xed, 0x9c, 0x59, 0xb0, 0x21, 0xbf, 0x6d, 0x64, 0xf2,
    0x10, 0x53, 0xd3, 0x88, 0xfb, 0xe9, 0x0d, 0xcb, 0x3b, 0xe0, 0x03, 0x79, 0x89, 0xa5, 0x60, 0x9c};
static const uint8_t kat512_384[48] = {
    0xd0, 0x5e, 0xe3, 0xcf, 0x95, 0x3f, 0xf7, 0x98, 0x08, 0x9e, 0x1e, 0x3d, 0xcd, 0xfe, 0x1b, 0x76,
    0x87, 0xda, 0x5d, 0x63, 0x08, 0x65, 0xb2, 0x08, 0x47, 0xfe, 0xaf, 0xe8, 0xaf, 0x59, 0xd3, 0x2a,
    0x1b, 0xc0, 0x8e, 0xf6, 0x82, 0x50, 0x84, 0x09, 0x41, 0xff, 0xef, 0xa9, 0x6b, 0xeb, 0xf0, 0xf0};
static const uint8_t kat512_512[64] = {
    0xef, 0xd9, 0xf0, 0x7a, 0x95, 0x38, 0xec, 0x6c, 0x5d, 0x5a, 0x1c, 0x62, 0x2e, 0x35, 0xe1, 0xd1,
    0xbf, 0xbb, 0xf7, 0x3a, 0x7b, 0xdc, 0x9e, 0x9f, 0x0f, 0x5c, 0x50, 0x9e, 0x68, 0xda, 0x77, 0xba,
    0xbf, 0xa7, 0x0f, 0xf1, 0xd4, 0xf3, 0xed, 0xb9, 0x69, 0xc1, 0x53, 0xc2, 0x46, 0x5d, 0xd5, 0xc4,
    0x68, 0x5a, 0x5d, 0x31, 0x84, 0x5f, 0x98, 0x4a, 0x2a, 0x0a, 0x67, 0x8d, 0x3b, 0x46, 0xe9, 0x6d};

#define LSH256_DESC(id, name, std_name, d, kat) \
    {id, name, std_name, KARX_LSH256_BLOCK_BYTES, d, lsh256_impls, NIMPLS(lsh256_impls), kat, 1}
#define LSH512_DESC(id, name, std_name, d, kat) \
    {id, name, std_name, KARX_LSH512_BLOCK_BYTES, d, lsh512_impls, NIMPLS(lsh512_impls), kat, 1}

const karx_i_hash karx_i_lsh256_224_desc =
    LSH256_DESC(KARX_LSH256_224, "lsh256-224", "LSH-256-224", 28, kat256_224);
const karx_i_hash karx_i_lsh256_256_desc =
    LSH256_DESC(KARX_LSH256_256, "lsh256-256", "LSH-256-256", 32, kat256_256);
const karx_i_hash karx_i_lsh512_224_desc =
    LSH512_DESC(KARX_LSH512_224, "lsh512-224", "LSH-512-224", 28, kat512_224);
const karx_i_hash karx_i_lsh512_256_desc =
    LSH512_DESC(KARX_LSH512_256, "lsh512-256", "LSH-512-256", 32, kat512_256);
const karx_i_hash karx_i_lsh512_384_desc =
    LSH512_DESC(KARX_LSH512_384, "lsh512-384", "LSH-512-384", 48, kat512_384);
const karx_i_hash karx_i_lsh512_512_desc =
    LSH512_DESC(KARX_LSH512_512, "lsh512-512", "LSH-512-512", 64, kat512_512);

#if !defined(KARX_COMPACT) /* the compact builds have no approved mode */
int karx_i_lsh_approved(int wide, size_t digest_bytes)
{
    static const karx_i_hash *const descs[] = {
        &karx_i_lsh256_224_desc, &karx_i_lsh256_256_desc, &karx_i_lsh512_224_desc,
        &karx_i_lsh512_256_desc, &karx_i_lsh512_384_desc, &karx_i_lsh512_512_desc};
    size_t block = wide ? KARX_LSH512_BLOCK_BYTES : KARX_LSH256_BLOCK_BYTES;
    for (size_t i = 0; i < sizeof descs / sizeof descs[0]; i++)
        if (descs[i]->block_bytes == block && descs[i]->digest_bytes == digest_bytes)
            return descs[i]->approved;
    return 0;
}
#endif
