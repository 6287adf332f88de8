/* Lane-kernel selection (lanes.h): the active back end's kernel, or the nearest one down its
 * fallback chain (backends.h: ssse3 takes sse2's). */
#include <string.h>

#include "../cpu/dispatch.h"
#include "lanes.h"

#define LANES_DECL(b)                                                                          \
    extern const karx_i_lanes_kernel karx_i_lanes_##b##_lea, karx_i_lanes_##b##_cham;
LANES_DECL(portable)
#if defined(KARX_HAVE_X86_SIMD)
extern const karx_i_lanes_kernel karx_i_lanes_avx512c_lea_gcm, karx_i_lanes_avx512c_cham_gcm;
LANES_DECL(sse2)
LANES_DECL(avx2)
LANES_DECL(avx512)
#endif
#if defined(KARX_HAVE_NEON)
LANES_DECL(neon)
#endif

typedef struct {
    karx_backend backend;
    const karx_i_lanes_kernel *lea, *cham;
} lanes_row;

static const lanes_row lanes_rows[] = {
    {KARX_BACKEND_PORTABLE, &karx_i_lanes_portable_lea, &karx_i_lanes_portable_cham},
#if defined(KARX_HAVE_X86_SIMD)
    {KARX_BACKEND_SSE2, &karx_i_lanes_sse2_lea, &karx_i_lanes_sse2_cham},
    {KARX_BACKEND_AVX2, &karx_i_lanes_avx2_lea, &karx_i_lanes_avx2_cham},
    {KARX_BACKEND_AVX512, &karx_i_lanes_avx512_lea, &karx_i_lanes_avx512_cham},
#endif
#if defined(KARX_HAVE_NEON)
    {KARX_BACKEND_NEON, &karx_i_lanes_neon_lea, &karx_i_lanes_neon_cham},
#endif
};

static const karx_i_lanes_kernel *lanes_pick(const lanes_row *row, karx_cipher_alg alg)
{
    switch (alg) {
    case KARX_CIPHER_LEA128:
    case KARX_CIPHER_LEA192:
    case KARX_CIPHER_LEA256:
        return row->lea;
    case KARX_CIPHER_CHAM128_128:
    case KARX_CIPHER_CHAM128_256:
        return row->cham;
    default:
        return NULL;
    }
}

#if defined(KARX_HAVE_X86_SIMD)
/* avx512 on a CPU with VPCLMULQDQ: the kernels with GHASH fused */
static const lanes_row lanes_avx512_vpclmul = {KARX_BACKEND_AVX512, &karx_i_lanes_avx512c_lea_gcm,
                                               &karx_i_lanes_avx512c_cham_gcm};
#endif

static const lanes_row *lanes_row_of(karx_backend b)
{
#if defined(KARX_HAVE_X86_SIMD)
    if (b == KARX_BACKEND_AVX512 && (karx_cpu_features() & KARX_CPU_VPCLMUL))
        return &lanes_avx512_vpclmul;
#endif
    for (size_t i = 0; i < sizeof lanes_rows / sizeof lanes_rows[0]; i++)
        if (lanes_rows[i].backend == b)
            return &lanes_rows[i];
    return NULL;
}

const karx_i_lanes_kernel *karx_i_lanes_for(karx_cipher_alg alg)
{
    karx_backend b = karx_i_active_backend();
    for (int hops = 0; hops < 8; hops++) {
        const lanes_row *row = lanes_row_of(b);
        if (row != NULL)
            return lanes_pick(row, alg);
        const karx_i_backend_row *br = karx_i_backend_row_of(b);
        if (br == NULL || b == br->below)
            break;
        b = br->below;
    }
    return lanes_pick(&lanes_rows[0], alg);
}

const karx_i_lanes_kernel *karx_i_lanes_for_backend(karx_cipher_alg alg, const char *backend)
{
    karx_backend b;
    if (backend == NULL || karx_backend_from_name(backend, &b) != KARX_OK ||
        !karx_backend_supported(b))
        return NULL;
    const lanes_row *row = lanes_row_of(b);
    return row != NULL ? lanes_pick(row, alg) : NULL;
}

void karx_i_lanes_wipe(void *ctx) { karx_memzero(ctx, KARX_I_LANES_CTX_BYTES); }
