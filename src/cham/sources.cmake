# Revised CHAM: key schedules, single blocks and kernel dispatch (cham.c), portable kernels,
# ISA kernels (all from the template cham_simd.h). cham_avx512_vbmi2.c (CHAM-64 with vpshldw)
# is called only when karx_cpu_features() reports KARX_CPU_AVX512VBMI2.
list(APPEND KARX_SOURCES src/cham/cham.c src/cham/cham_portable.c)
list(APPEND KARX_X86_FILES
  src/cham/cham_sse2.c:-msse2
  src/cham/cham_ssse3.c:-mssse3
  src/cham/cham_avx2.c:-mavx2
  src/cham/cham_avx512.c:-mavx512f,-mavx512vl,-mavx512bw,-mavx2
  src/cham/cham_avx512_vbmi2.c:-mavx512f,-mavx512vl,-mavx512bw,-mavx512vbmi2,-mavx2)
list(APPEND KARX_ARM_FILES src/cham/cham_neon.c)
