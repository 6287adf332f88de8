# LEA: key schedule, single blocks and kernel dispatch (lea.c), portable kernels, ISA kernels
# (one body, lea_simd_template.h, instantiated per ISA).
list(APPEND KARX_SOURCES src/lea/lea.c src/lea/lea_portable.c)
list(APPEND KARX_X86_FILES
  src/lea/lea_sse2.c:-msse2
  src/lea/lea_avx2.c:-mavx2
  src/lea/lea_avx512.c:-mavx512f,-mavx512vl,-mavx512bw,-mavx2)
list(APPEND KARX_ARM_FILES src/lea/lea_neon.c)
