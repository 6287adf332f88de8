/* Internal: where ARIA's GFNI code runs, written once: the impl entries of its kernel tables
 * (aria_desc.c) and of its key-schedule steps (aria.c) come from this one macro, so the two are
 * always chosen alike (karx_i_select over either list gives the same back end and features). */
#ifndef KARX_ARIA_IMPLS_H
#define KARX_ARIA_IMPLS_H

#include "../cpu/dispatch.h"
#include "../registry/registry.h"

/* The GFNI entries over two tables (AVX2, AVX-512); nothing in builds without x86 kernels. Each
 * ranks just above its back end's plain entry, and needs GFNI besides the back end's features. */
#define KARX_I_ARIA_GFNI_IMPLS(avx2_table, avx512_table)                                          \
    KARX_I_IF_X86(KARX_I_IMPL("avx2-gfni", KARX_BACKEND_AVX2, KARX_I_NEEDS_AVX2 | KARX_CPU_GFNI, \
                              1, (avx2_table)),                                                   \
                  KARX_I_IMPL("avx512-gfni", KARX_BACKEND_AVX512,                                 \
                              KARX_I_NEEDS_AVX512 | KARX_CPU_GFNI, 1, (avx512_table)), )

#endif
