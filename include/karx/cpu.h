/* karx: CPU feature detection and back-end selection. */
#ifndef KARX_CPU_H
#define KARX_CPU_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Back ends in increasing order of width. A family without a kernel for the selected back end
 * uses its widest kernel below it. */
typedef enum karx_backend {
    KARX_BACKEND_PORTABLE = 0,
    KARX_BACKEND_SSE2 = 1,
    KARX_BACKEND_SSSE3 = 2,
    KARX_BACKEND_AVX2 = 3,
    KARX_BACKEND_AVX512 = 4,
    KARX_BACKEND_NEON = 5
} karx_backend;
/* Back ends are numbered from 0 with no gaps; karx_backend_name() returns NULL past the last,
 * so a loop over them ends there (the count is not part of the ABI: new ones may come). */

/* CPU feature bits reported by karx_cpu_features(). */
#define KARX_CPU_SSE2 (1u << 0)
#define KARX_CPU_SSSE3 (1u << 1)
#define KARX_CPU_SSE41 (1u << 2)
#define KARX_CPU_AVX (1u << 3)
#define KARX_CPU_AVX2 (1u << 4)
#define KARX_CPU_AVX512F (1u << 5)
#define KARX_CPU_AVX512VL (1u << 6)
#define KARX_CPU_AVX512BW (1u << 7)
#define KARX_CPU_AVX512VBMI (1u << 8)
#define KARX_CPU_PCLMUL (1u << 9)
#define KARX_CPU_VPCLMUL (1u << 10)
#define KARX_CPU_AESNI (1u << 11)
#define KARX_CPU_BMI2 (1u << 12)
#define KARX_CPU_NEON (1u << 13)
#define KARX_CPU_GFNI (1u << 14)         /* GF(2^8) affine/multiply on bytes */
#define KARX_CPU_AVX512VBMI2 (1u << 15)  /* vpshldw/vpshrdw: 16-bit rotates */
/* Not an instruction set but how the CPU runs it: AVX-512 whose 512-bit ops issue at full rate
 * (Intel's; AMD's Zen 5). Clear on Zen 4, which runs each as two 256-bit halves, so kernels
 * that win there on two ymm registers keep them (the lane kernels, src/lanes). */
#define KARX_CPU_AVX512_FULL (1u << 16)

/* Features of this CPU that the OS also enables (XCR0 checked), detected once. */
KARX_API unsigned karx_cpu_features(void);

/* The widest back end this CPU and build support. */
KARX_API karx_backend karx_backend_best(void);

/* The back end in use: KARX_BACKEND from the environment if set and supported, else the best. */
KARX_API karx_backend karx_get_backend(void);

/* Selects a back end for the whole process (thread-safe). KARX_ERR_UNSUPPORTED if this CPU or
 * build cannot run it; the active back end is then unchanged. */
KARX_API karx_status karx_set_backend(karx_backend backend);

/* 1 if this CPU and build can run the back end, else 0. */
KARX_API int karx_backend_supported(karx_backend backend);

/* "portable", "sse2", "ssse3", "avx2", "avx512", "neon"; NULL for an unknown value. */
KARX_API const char *karx_backend_name(karx_backend backend);

/* Parses a back-end name; KARX_ERR_UNKNOWN_ALGORITHM for an unknown one. */
KARX_API karx_status karx_backend_from_name(const char *name, karx_backend *out);

#ifdef __cplusplus
}
#endif
#endif
