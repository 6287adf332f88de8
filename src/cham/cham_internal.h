/* Internal: the CHAM kernel tables of every back end (contract in src/modes/block_kernels.h),
 * listed for the registry in cham_desc.c. The AVX-512 back end has two CHAM-64 tables; the
 * one using VBMI2 (vpshldw/vpshrdw for the 16-bit rotations) needs KARX_CPU_AVX512VBMI2. */
#ifndef KARX_CHAM_INTERNAL_H
#define KARX_CHAM_INTERNAL_H

/* The revised CHAM is not on KCMVP's approved list: this is the descriptors' approved field
 * (cham_desc.c), which the approved mode's gate reads, and cham.c's set_key's own. */
#define KARX_I_CHAM_APPROVED 0

#include "karx/cham.h"

#include "../modes/block_kernels.h"

/* The portable code (cham_portable.c), also used by the block calls and by the SIMD kernels
 * for one-block tails: n blocks one at a time; the CTR form advances ctr by n. */
void karx_i_cham64_blocks(const karx_cham64_key *k, int decrypt, uint8_t *out, const uint8_t *in,
                          size_t n);
void karx_i_cham128_blocks(const karx_cham128_key *k, int decrypt, uint8_t *out,
                           const uint8_t *in, size_t n);
void karx_i_cham64_ctr_blocks(const karx_cham64_key *k, uint8_t *out, const uint8_t *in,
                              size_t n, uint8_t ctr[8]);
void karx_i_cham128_ctr_blocks(const karx_cham128_key *k, uint8_t *out, const uint8_t *in,
                               size_t n, uint8_t ctr[16]);

extern const karx_block_kernels karx_i_cham64_portable, karx_i_cham128_portable;

/* CHAM-128's lane kernels (cham_lanes_*.c; src/lanes/lanes.h). */
struct karx_i_lanes_kernel;
extern const struct karx_i_lanes_kernel karx_i_cham_lanes_portable, karx_i_cham_lanes_sse2,
    karx_i_cham_lanes_avx2, karx_i_cham_lanes_avx2_vpclmul, karx_i_cham_lanes_avx512,
    karx_i_cham_lanes_avx512_vpclmul, karx_i_cham_lanes_avx512z, karx_i_cham_lanes_avx512z_vpclmul,
    karx_i_cham_lanes_neon;

#ifdef KARX_HAVE_X86_SIMD
extern const karx_block_kernels karx_i_cham64_sse2, karx_i_cham64_ssse3, karx_i_cham64_avx2,
    karx_i_cham64_avx512, karx_i_cham64_avx512_vbmi2;
extern const karx_block_kernels karx_i_cham128_sse2, karx_i_cham128_ssse3, karx_i_cham128_avx2,
    karx_i_cham128_avx512;
#endif
#ifdef KARX_HAVE_NEON
extern const karx_block_kernels karx_i_cham64_neon, karx_i_cham128_neon;
#endif

#endif
