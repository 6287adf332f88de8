# LEA: key schedule and single blocks (lea.c), registry entries (lea_desc.c), portable kernels, ISA kernels
# (one body, lea_simd_template.h, instantiated per ISA).
list(APPEND KARX_SOURCES src/lea/lea.c src/lea/lea_desc.c src/lea/lea_portable.c)
karx_simd_sources(SSE2 src/lea/lea_sse2.c)
karx_simd_sources(AVX2 src/lea/lea_avx2.c)
karx_simd_sources(AVX512 src/lea/lea_avx512.c)
# its GCM kernel (GHASH folded into the rounds), the avx512 table's gcm_xor
karx_simd_sources(AVX512 VPCLMUL src/lea/lea_gcm_avx512.c)
karx_simd_sources(NEON src/lea/lea_neon.c)
# Lane kernels (src/lanes/lanes.h): a key per lane, for the record jobs; one body (lea_lanes.h)
# over each back end's vector.
list(APPEND KARX_SOURCES src/lea/lea_lanes_portable.c)
karx_simd_sources(SSE2 src/lea/lea_lanes_sse2.c)
karx_simd_sources(AVX2 src/lea/lea_lanes_avx2.c)
karx_simd_sources(AVX2 VPCLMUL src/lea/lea_lanes_avx2_vpclmul.c)
karx_simd_sources(AVX512 src/lea/lea_lanes_avx512.c)
karx_simd_sources(AVX512 VPCLMUL src/lea/lea_lanes_avx512_vpclmul.c)
# the same on one zmm, for CPUs with full-rate 512-bit ops (src/lanes/lanes_vec_avx512z.h)
karx_simd_sources(AVX512 src/lea/lea_lanes_avx512z.c)
karx_simd_sources(AVX512 VPCLMUL src/lea/lea_lanes_avx512z_vpclmul.c)
karx_simd_sources(NEON src/lea/lea_lanes_neon.c)
