# HIGHT: key schedule and single blocks (hight.c), its registry entry (hight_desc.c), portable kernels, ISA kernels.
list(APPEND KARX_SOURCES src/hight/hight.c src/hight/hight_desc.c src/hight/hight_portable.c)
# Byte-sliced kernels (hight_simd_template.h); the *_gfni ones run only after a run-time check
# of KARX_CPU_GFNI (hight_desc.c lists them with that feature).
karx_simd_sources(SSE2 src/hight/hight_sse2.c)
karx_simd_sources(SSSE3 src/hight/hight_ssse3.c)
karx_simd_sources(AVX2 src/hight/hight_avx2.c)
karx_simd_sources(AVX512 src/hight/hight_avx512.c)
karx_simd_sources(SSE2 GFNI src/hight/hight_sse2_gfni.c)
karx_simd_sources(AVX2 GFNI src/hight/hight_avx2_gfni.c)
karx_simd_sources(AVX512 GFNI src/hight/hight_avx512_gfni.c)
karx_simd_sources(NEON src/hight/hight_neon.c)
