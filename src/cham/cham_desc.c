/* Revised CHAM's registry entries: CHAM-64/128, CHAM-128/128 and CHAM-128/256. On AVX-512 the
 * CHAM-64 kernel has a VBMI2 form (vpshldw/vpshrdw for the 16-bit rotations), chosen where
 * the CPU reports VBMI2. */
#include "../cpu/dispatch.h"
#include "../lanes/lanes.h"
#include "../registry/registry.h"
#include "cham_internal.h"

static const karx_i_impl cham64_impls[] = {
    KARX_I_IMPL_PORTABLE(karx_i_cham64) KARX_I_IMPLS_X86(karx_i_cham64)
#ifdef KARX_HAVE_X86_SIMD
    KARX_I_IMPL("avx512-vbmi2", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512 | KARX_CPU_AVX512VBMI2,
                1, &karx_i_cham64_avx512_vbmi2),
#endif
    KARX_I_IMPL_NEON(karx_i_cham64)};

static const karx_i_impl cham128_impls[] = {KARX_I_IMPLS_ALL(karx_i_cham128)};

#if !defined(KARX_COMPACT) /* the compact builds have no record jobs */
static const karx_i_impl cham128_lane_impls[] = {KARX_I_LANE_IMPLS(karx_i_cham_lanes)};
#endif

KARX_I_SET_KEY(cham64_set_key, karx_cham64_set_key, karx_cham64_key)

KARX_I_SET_KEY(cham128_set_key, karx_cham128_set_key, karx_cham128_key)

/* Known answers: the revised-CHAM authors' vectors (tests/kat/revised_cham_kat.txt). */
static const uint8_t key_lo[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                   0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
static const uint8_t key256[32] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                   0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
                                   0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                                   0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                               0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t ct64[8] = {0x79, 0x65, 0x04, 0x12, 0x3f, 0x12, 0xa9, 0xe5};
static const uint8_t ct128[16] = {0xee, 0x19, 0x54, 0xd0, 0x4c, 0x8f, 0x11, 0x9f,
                                  0x69, 0x64, 0xe3, 0x99, 0xc1, 0x5e, 0x88, 0x1c};
static const uint8_t ct256[16] = {0xdc, 0x77, 0x73, 0x02, 0x51, 0x56, 0x0b, 0x12,
                                  0x95, 0x9b, 0x83, 0x8f, 0x75, 0xc0, 0x5e, 0x5e};

const karx_i_cipher karx_i_cham64_desc = {
    KARX_CIPHER_CHAM64_128, "cham64-128", "CHAM-64/128", 8, 16, sizeof(karx_cham64_key),
    KARX_I_FAMILY_CHAM64, 88, cham64_set_key, KARX_I_LIST(cham64_impls), key_lo, pt, ct64, NULL, 0,
    KARX_I_CHAM_APPROVED, 0};
const karx_i_cipher karx_i_cham128_128_desc = {
    KARX_CIPHER_CHAM128_128, "cham128-128", "CHAM-128/128", 16, 16, sizeof(karx_cham128_key),
    KARX_I_FAMILY_CHAM128, 112, cham128_set_key, KARX_I_LIST(cham128_impls), key_lo, pt, ct128,
    KARX_I_LANES_OF(cham128_lane_impls), KARX_I_CHAM_APPROVED, 0};
const karx_i_cipher karx_i_cham128_256_desc = {
    KARX_CIPHER_CHAM128_256, "cham128-256", "CHAM-128/256", 16, 32, sizeof(karx_cham128_key),
    KARX_I_FAMILY_CHAM128, 120, cham128_set_key, KARX_I_LIST(cham128_impls), key256, pt, ct256,
    KARX_I_LANES_OF(cham128_lane_impls), KARX_I_CHAM_APPROVED, 0};
