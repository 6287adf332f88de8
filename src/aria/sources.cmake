# ARIA: key schedule and single blocks (aria.c), registry entries (aria_desc.c), the portable
# kernel (no SIMD kernels: the S-boxes are computed, aria_core.h).
list(APPEND KARX_SOURCES src/aria/aria.c src/aria/aria_desc.c src/aria/aria_portable.c)
