# The lane layer (lanes.h): what every family's lane kernel shares (lanes_template.h, the vectors
# lanes_vec_<isa>.h, GCM's fused GHASH lanes_gcm_avx512.h) and the selection from the cipher
# descriptors (lanes.c). The kernels themselves live with their families (src/lea, src/cham).
list(APPEND KARX_SOURCES src/lanes/lanes.c)
karx_simd_sources(AVX2 VPCLMUL src/lanes/lanes_gcm_avx2.c)
karx_simd_sources(AVX512 VPCLMUL src/lanes/lanes_gcm_avx512.c)
