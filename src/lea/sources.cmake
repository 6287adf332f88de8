# LEA: key schedule and single blocks (lea.c), registry entries (lea_desc.c), portable kernels, ISA kernels
# (one body, lea_simd_template.h, instantiated per ISA).
list(APPEND KARX_SOURCES src/lea/lea.c src/lea/lea_desc.c src/lea/lea_portable.c)
karx_simd_sources(SSE2 src/lea/lea_sse2.c)
karx_simd_sources(AVX2 src/lea/lea_avx2.c)
karx_simd_sources(AVX512 src/lea/lea_avx512.c)
karx_simd_sources(NEON src/lea/lea_neon.c)
