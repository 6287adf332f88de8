/* HIGHT's registry entry. Each x86 back end has a plain byte-sliced kernel and a GFNI form
 * (F0/F1 as one gf2p8affineqb); the GFNI form ranks just above the plain one of its back end,
 * so it is chosen wherever the CPU has GFNI. */
#include "../cpu/dispatch.h"
#include "../registry/registry.h"
#include "hight_internal.h"

static const karx_i_impl hight_impls[] = {
    KARX_I_IMPL_PORTABLE(karx_i_hight) KARX_I_IMPLS_X86(karx_i_hight)
#ifdef KARX_HAVE_X86_SIMD
    /* The SSE GFNI kernel (legacy encoding) also beats the SSSE3 one: rank it at SSSE3. */
    {"sse2-gfni", KARX_BACKEND_SSE2, KARX_I_NEEDS_SSE2 | KARX_CPU_GFNI,
     KARX_I_PRIO(KARX_BACKEND_SSSE3, 1), &karx_i_hight_sse2_gfni},
    KARX_I_IMPL("avx2-gfni", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2 | KARX_CPU_GFNI, 1,
                &karx_i_hight_avx2_gfni),
    KARX_I_IMPL("avx512-gfni", KARX_BACKEND_AVX512, KARX_I_NEEDS_AVX512 | KARX_CPU_GFNI, 1,
                &karx_i_hight_avx512_gfni),
#endif
    KARX_I_IMPL_NEON(karx_i_hight)};

KARX_I_SET_KEY(hight_set_key, karx_hight_set_key, karx_hight_key)

/* Known answer: TTAK.KO-12.0040/R1 reference value 4 (tests/kat/kcmvp_hight_ecb_kat.txt, which
 * prints it MSB-first; here each field is reversed into array order). */
static const uint8_t kat_key[16] = {0xE7, 0x2B, 0x42, 0x1D, 0xB1, 0x09, 0xA5, 0xCF,
                                    0x7D, 0xD8, 0xFF, 0x49, 0xBC, 0xC3, 0xDB, 0x28};
static const uint8_t kat_pt[8] = {0x14, 0x4A, 0xA8, 0xEB, 0xE2, 0x6B, 0x1E, 0xB4};
static const uint8_t kat_ct[8] = {0xC6, 0x1F, 0x9C, 0x20, 0x75, 0x7A, 0x04, 0xCC};

const karx_i_cipher karx_i_hight_desc = {
    KARX_CIPHER_HIGHT, "hight", "HIGHT", KARX_HIGHT_BLOCK_BYTES, KARX_HIGHT_KEY_BYTES,
    sizeof(karx_hight_key), KARX_I_FAMILY_HIGHT, KARX_HIGHT_ROUNDS, hight_set_key,
    KARX_I_LIST(hight_impls), kat_key, kat_pt, kat_ct, NULL, 0, KARX_I_HIGHT_APPROVED, 0};
