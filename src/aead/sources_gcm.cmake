# GCM (SP 800-38D) over the 128-bit-block ciphers: GHASH portable (constant-time, no tables) and
# PCLMULQDQ / VPCLMULQDQ (picked at run time); the CTR part runs on the karx_ctr_xor SIMD kernels.
list(APPEND KARX_SOURCES src/aead/gcm.c src/aead/ghash_portable.c)
list(APPEND KARX_X86_FILES
  src/aead/ghash_pclmul.c:-mpclmul,-mssse3,-msse4.1
  src/aead/ghash_vpclmul.c:-mavx512f,-mavx512vl,-mavx512bw,-mavx2,-mvpclmulqdq,-mpclmul,-mssse3,-msse4.1)
