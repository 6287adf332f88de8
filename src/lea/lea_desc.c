/* LEA's registry entries: LEA-128, LEA-192 and LEA-256 share one kernel list. */
#include "../cpu/dispatch.h"
#include "../lanes/lanes.h"
#include "../registry/registry.h"
#include "karx/lea.h"
#include "lea_core.h"

/* SSSE3 has no LEA kernel of its own (pshufb only helps byte rotations, and LEA has none), so
 * the SSE2 one serves it through the fallback chain. */
static const karx_i_impl lea_impls[] = {
    KARX_I_IMPL_PORTABLE(karx_i_lea) KARX_I_IMPLS_X86_NO_SSSE3(karx_i_lea) KARX_I_IMPL_NEON(karx_i_lea)};

#if !defined(KARX_COMPACT)
static const karx_i_impl lea_lane_impls[] = {KARX_I_LANE_IMPLS(karx_i_lea_lanes)};
#define LEA_LANES KARX_I_LIST(lea_lane_impls)
#else
#define LEA_LANES NULL, 0 /* the compact builds have no record jobs */
#endif

static karx_status lea_set_key(void *ks, const uint8_t *k, size_t key_len)
{
    return karx_lea_set_key((karx_lea_key *)ks, k, key_len);
}

/* Known answers: Crypto++ TestVectors/lea.txt (from KISA's lea_vs.c), vendored in
 * tests/kat/cryptopp_lea.txt. */
static const uint8_t key128[16] = {0x07, 0xAB, 0x63, 0x05, 0xB0, 0x25, 0xD8, 0x3F,
                                   0x79, 0xAD, 0xDA, 0xA6, 0x3A, 0xC8, 0xAD, 0x00};
static const uint8_t pt128[16] = {0xF2, 0x8A, 0xE3, 0x25, 0x6A, 0xAD, 0x23, 0xB4,
                                  0x15, 0xE0, 0x28, 0x06, 0x3B, 0x61, 0x0C, 0x60};
static const uint8_t ct128[16] = {0x64, 0xD9, 0x08, 0xFC, 0xB7, 0xEB, 0xFE, 0xF9,
                                  0x0F, 0xD6, 0x70, 0x10, 0x6D, 0xE7, 0xC7, 0xC5};
static const uint8_t key192[24] = {0x14, 0x37, 0xAF, 0x53, 0x30, 0x69, 0xBD, 0x75,
                                   0x25, 0xC1, 0x56, 0x0C, 0x78, 0xBA, 0xD2, 0xA1,
                                   0xE5, 0x34, 0x67, 0x1C, 0x00, 0x7E, 0xF2, 0x7C};
static const uint8_t pt192[16] = {0x1C, 0xB4, 0xF4, 0xCB, 0x6C, 0x4B, 0xDB, 0x51,
                                  0x68, 0xEA, 0x84, 0x09, 0x72, 0x7B, 0xFD, 0x51};
static const uint8_t ct192[16] = {0x69, 0x72, 0x5C, 0x6D, 0xF9, 0x12, 0xF8, 0xB7,
                                  0x0E, 0xB5, 0x11, 0xE6, 0x66, 0x3C, 0x58, 0x70};
static const uint8_t key256[32] = {0x4F, 0x67, 0x79, 0xE2, 0xBD, 0x1E, 0x93, 0x19,
                                   0xC6, 0x30, 0x15, 0xAC, 0xFF, 0xEF, 0xD7, 0xA7,
                                   0x91, 0xF0, 0xED, 0x59, 0xDF, 0x1B, 0x70, 0x07,
                                   0x69, 0xFE, 0x82, 0xE2, 0xF0, 0x66, 0x8C, 0x35};
static const uint8_t pt256[16] = {0xDC, 0x31, 0xCA, 0xE3, 0xDA, 0x5E, 0x0A, 0x11,
                                  0xC9, 0x66, 0xB0, 0x20, 0xD7, 0xCF, 0xFE, 0xDE};
static const uint8_t ct256[16] = {0xED, 0xA2, 0x04, 0x20, 0x98, 0xF6, 0x67, 0xE8,
                                  0x57, 0xA0, 0x2D, 0xB8, 0xCA, 0xA7, 0xDF, 0xF2};

#define LEA_DESC(id, name, std_name, key_bytes, rounds, key, pt, ct)                          \
    {id, name, std_name, 16, key_bytes, sizeof(karx_lea_key), KARX_I_FAMILY_LEA, rounds,     \
     lea_set_key, KARX_I_LIST(lea_impls), key, pt, ct, LEA_LANES,   \
     KARX_I_LEA_APPROVED}

const karx_i_cipher karx_i_lea128_desc =
    LEA_DESC(KARX_CIPHER_LEA128, "lea128", "LEA-128", 16, 24, key128, pt128, ct128);
const karx_i_cipher karx_i_lea192_desc =
    LEA_DESC(KARX_CIPHER_LEA192, "lea192", "LEA-192", 24, 28, key192, pt192, ct192);
const karx_i_cipher karx_i_lea256_desc =
    LEA_DESC(KARX_CIPHER_LEA256, "lea256", "LEA-256", 32, 32, key256, pt256, ct256);
