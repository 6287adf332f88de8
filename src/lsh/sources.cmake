# LSH-256/512: the public calls (lsh.c, lsh256.c, lsh512.c), kernel lists and registry entries
# (lsh_dispatch.c), the self-test hooks (lsh_hooks.c), the portable kernels, and per ISA a
# one-message kernel and a multi-buffer one (lsh*_mb.c, from lsh_mb_template.h).
list(APPEND KARX_SOURCES
  src/lsh/lsh.c src/lsh/lsh256.c src/lsh/lsh512.c src/lsh/lsh_dispatch.c src/lsh/lsh_hooks.c
  src/lsh/lsh_portable.c)
karx_simd_sources(SSE2 src/lsh/lsh256_sse2.c src/lsh/lsh512_sse2.c
  src/lsh/lsh256_sse2_mb.c src/lsh/lsh512_sse2_mb.c)
karx_simd_sources(SSSE3 src/lsh/lsh256_ssse3.c src/lsh/lsh512_ssse3.c)
karx_simd_sources(AVX2 src/lsh/lsh256_avx2.c src/lsh/lsh512_avx2.c
  src/lsh/lsh256_avx2_mb.c src/lsh/lsh512_avx2_mb.c)
karx_simd_sources(AVX512 src/lsh/lsh256_avx512.c src/lsh/lsh512_avx512.c
  src/lsh/lsh256_avx512_mb.c src/lsh/lsh512_avx512_mb.c)
karx_simd_sources(NEON src/lsh/lsh256_neon.c src/lsh/lsh512_neon.c
  src/lsh/lsh256_neon_mb.c src/lsh/lsh512_neon_mb.c)
