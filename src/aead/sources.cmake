# AEAD over the 128-bit-block ciphers. CCM (SP 800-38C) is built on the public mode calls. GCM
# (SP 800-38D): GHASH portable (constant-time, no tables) and PCLMULQDQ / VPCLMULQDQ (xmm, ymm,
# zmm), and the GCM pass (chunked, or stitched for the AVX2 and AVX-512 back ends): registered impl lists
# selected at run time (ghash_desc.c, gcm_desc.c; their known answers in gcm_selftest.c); the CTR
# part runs on the cipher's selected kernel. GMAC is GCM over AAD alone. GCM and CCM by id
# (karx/aead.h, aead.c) over their registry descriptors (aead_desc.c).
list(APPEND KARX_SOURCES src/aead/ccm.c src/aead/gcm.c src/aead/gmac.c src/aead/aead.c
     src/aead/aead_desc.c
     src/aead/ghash_portable.c src/aead/ghash_desc.c src/aead/gcm_pass.c src/aead/gcm_desc.c
     src/aead/gcm_selftest.c)
karx_simd_sources(SSE41 PCLMUL src/aead/ghash_pclmul.c)
karx_simd_sources(AVX2 VPCLMUL src/aead/ghash_vpclmul_ymm.c)
karx_simd_sources(AVX512 VPCLMUL src/aead/ghash_vpclmul.c)
# Stitched GCM (CTR and GHASH in one pass) for the AVX2 and AVX-512 back ends, and GCM over a
# karx_pool.
karx_simd_sources(AVX2 VPCLMUL src/aead/gcm_stitch_avx2.c)
karx_simd_sources(AVX512 VPCLMUL src/aead/gcm_stitch_avx512.c)
list(APPEND KARX_SOURCES src/aead/gcm_pool.c)
# Record jobs: many records, a key each, in the lanes of src/lanes/ (gcm.h karx_gcm_seal_jobs).
list(APPEND KARX_SOURCES src/aead/gcm_jobs.c)
# Record jobs (issue 26): CCM over many records, each under its own key, a record per lane of the
# lane kernels.
list(APPEND KARX_SOURCES src/aead/ccm_jobs.c)
