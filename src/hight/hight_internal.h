/* Internal: HIGHT kernel tables per back end (listed for the registry in hight_desc.c). */
#ifndef KARX_HIGHT_INTERNAL_H
#define KARX_HIGHT_INTERNAL_H

/* HIGHT is on KCMVP's approved list: this is the descriptors' approved field
 * (hight_desc.c), which the approved mode's gate reads, and hight.c's set_key's own. */
#define KARX_I_HIGHT_APPROVED 1

#include "../modes/block_kernels.h"
#include "karx/hight.h"

/* karx_hight_key.ready after a successful karx_hight_set_key ("HIGT"). */
#define KARX_HIGHT_READY 0x48494754u

extern const karx_block_kernels karx_i_hight_portable;
#ifdef KARX_HAVE_X86_SIMD
/* Byte-sliced kernels: F0/F1 by shifts (sse2) or nibble pshufb (ssse3, avx2, avx512). */
extern const karx_block_kernels karx_i_hight_sse2, karx_i_hight_ssse3, karx_i_hight_avx2,
    karx_i_hight_avx512;
/* The same with F0/F1 as one gf2p8affineqb each; run only where the CPU has GFNI. */
extern const karx_block_kernels karx_i_hight_sse2_gfni, karx_i_hight_avx2_gfni,
    karx_i_hight_avx512_gfni;
#endif
#ifdef KARX_HAVE_NEON
extern const karx_block_kernels karx_i_hight_neon; /* byte-sliced, nibble tbl look-ups */
#endif

#endif
