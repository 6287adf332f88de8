# ARIA: key schedule and single blocks (aria.c), registry entries (aria_desc.c), the portable
# kernel (the S-boxes computed, aria_core.h), and the GFNI kernels (aria_gfni_template.h: the
# S-boxes as gf2p8affine(inv)qb), which run only after a run-time check of KARX_CPU_GFNI.
list(APPEND KARX_SOURCES src/aria/aria.c src/aria/aria_desc.c src/aria/aria_portable.c)
karx_simd_sources(AVX2 GFNI src/aria/aria_avx2_gfni.c)
karx_simd_sources(AVX512 GFNI src/aria/aria_avx512_gfni.c)
