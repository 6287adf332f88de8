# Revised CHAM: key schedules and single blocks (cham.c), registry entries (cham_desc.c), portable kernels,
# ISA kernels (all from the template cham_simd.h). cham_avx512_vbmi2.c (CHAM-64 with vpshldw)
# is called only when karx_cpu_features() reports KARX_CPU_AVX512VBMI2.
list(APPEND KARX_SOURCES src/cham/cham.c src/cham/cham_desc.c src/cham/cham_portable.c)
karx_simd_sources(SSE2 src/cham/cham_sse2.c)
karx_simd_sources(SSSE3 src/cham/cham_ssse3.c)
karx_simd_sources(AVX2 src/cham/cham_avx2.c)
karx_simd_sources(AVX512 src/cham/cham_avx512.c)
karx_simd_sources(AVX512 VBMI2 src/cham/cham_avx512_vbmi2.c)
karx_simd_sources(NEON src/cham/cham_neon.c)
# CHAM-128 lane kernels (src/lanes/lanes.h), as LEA's.
list(APPEND KARX_SOURCES src/cham/cham_lanes_portable.c)
karx_simd_sources(SSE2 src/cham/cham_lanes_sse2.c)
karx_simd_sources(AVX2 src/cham/cham_lanes_avx2.c)
karx_simd_sources(AVX2 VPCLMUL src/cham/cham_lanes_avx2_vpclmul.c)
karx_simd_sources(AVX512 src/cham/cham_lanes_avx512.c)
karx_simd_sources(AVX512 VPCLMUL src/cham/cham_lanes_avx512_vpclmul.c)
karx_simd_sources(NEON src/cham/cham_lanes_neon.c)
