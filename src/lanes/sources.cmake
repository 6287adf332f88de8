# Lane kernels (lanes.h): one block per SIMD lane, a key per lane, for the record-job calls.
# One body (lanes_template.h) for every back end; lanes.c picks the active back end's.
list(APPEND KARX_SOURCES src/lanes/lanes.c src/lanes/lanes_portable.c)
karx_simd_sources(SSE2 src/lanes/lanes_sse2.c)
karx_simd_sources(AVX2 src/lanes/lanes_avx2.c)
karx_simd_sources(AVX512 src/lanes/lanes_avx512.c)
# the same with GCM's GHASH fused into the counter pass (VPCLMULQDQ)
karx_simd_sources(AVX512 VPCLMUL src/lanes/lanes_gcm_avx512.c)
karx_simd_sources(NEON src/lanes/lanes_neon.c)
