# HIGHT: key schedule, single blocks and kernel dispatch (hight.c), portable kernels, ISA kernels.
list(APPEND KARX_SOURCES src/hight/hight.c src/hight/hight_portable.c)
# Byte-sliced kernels (hight_simd_template.h); the *_gfni ones run only after a run-time check
# of KARX_CPU_GFNI (hight.c).
list(APPEND KARX_X86_FILES
  src/hight/hight_sse2.c:-msse2
  src/hight/hight_ssse3.c:-mssse3
  src/hight/hight_avx2.c:-mavx2
  src/hight/hight_avx512.c:-mavx512f,-mavx512vl,-mavx512bw,-mavx2
  src/hight/hight_sse2_gfni.c:-msse2,-mgfni
  src/hight/hight_avx2_gfni.c:-mavx2,-mgfni
  src/hight/hight_avx512_gfni.c:-mavx512f,-mavx512vl,-mavx512bw,-mavx2,-mgfni)
list(APPEND KARX_ARM_FILES src/hight/hight_neon.c)
