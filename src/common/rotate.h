/* Rotations; r must be in 1..width-1 at each call site (compilers emit one rotate instruction).
 *
 * On the GPU (and in the CPU tests that emulate its intrinsics, KARX_EMULATE_GPU_INTRINSICS)
 * rotations take the forms the issue hardware runs fastest: byte-multiple rotations are one
 * PRMT (__byte_perm), the others one SHF (__funnelshift_l) per 32-bit half; a 64-bit rotation
 * by 32 is a swap of the halves. r is a compile-time constant at every call site, so the
 * branches fold away. */
#ifndef KARX_ROTATE_H
#define KARX_ROTATE_H

#include <stdint.h>

#include "karx_hd.h"

#if defined(__CUDA_ARCH__)
#define KARX_GPU_FORMS 1
static __device__ __forceinline__ uint32_t karx_i_funnel_l(uint32_t lo, uint32_t hi, unsigned s)
{
    return __funnelshift_l(lo, hi, s);
}
static __device__ __forceinline__ uint32_t karx_i_funnel_r(uint32_t lo, uint32_t hi, unsigned s)
{
    return __funnelshift_r(lo, hi, s);
}
static __device__ __forceinline__ uint32_t karx_i_byte_perm(uint32_t x, uint32_t y, unsigned s)
{
    return __byte_perm(x, y, s);
}
#elif defined(KARX_EMULATE_GPU_INTRINSICS)
/* CUDA's documented semantics, for testing the GPU forms on the CPU. */
#define KARX_GPU_FORMS 1
static inline uint32_t karx_i_funnel_l(uint32_t lo, uint32_t hi, unsigned s)
{
    return (uint32_t)(((((uint64_t)hi << 32) | lo) << (s & 31)) >> 32);
}
static inline uint32_t karx_i_funnel_r(uint32_t lo, uint32_t hi, unsigned s)
{
    return (uint32_t)((((uint64_t)hi << 32) | lo) >> (s & 31));
}
static inline uint32_t karx_i_byte_perm(uint32_t x, uint32_t y, unsigned s)
{
    uint64_t bytes = ((uint64_t)y << 32) | x;
    uint32_t r = 0;
    for (unsigned i = 0; i < 4; i++)
        r |= (uint32_t)((bytes >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
    return r;
}
#endif

#ifdef KARX_GPU_FORMS
static inline KARX_HD uint32_t karx_rotl32(uint32_t x, unsigned r)
{
    r &= 31;
    if (r == 0)
        return x;
    if ((r & 7) == 0) /* result byte i = x byte (i - r/8) mod 4 */
        return karx_i_byte_perm(x, x, r == 8 ? 0x2103u : r == 16 ? 0x1032u : 0x0321u);
    return karx_i_funnel_l(x, x, r);
}

static inline KARX_HD uint64_t karx_rotl64(uint64_t x, unsigned r)
{
    uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32), nlo, nhi;
    r &= 63;
    if (r >= 32) { /* rotation by 32 is a register swap */
        uint32_t t = lo;
        lo = hi;
        hi = t;
        r -= 32;
    }
    if (r == 0) {
        nlo = lo;
        nhi = hi;
    } else if ((r & 7) == 0) { /* bytes of hi:lo shifted by r/8 */
        unsigned sel = r == 8 ? 0x6543u : r == 16 ? 0x5432u : 0x4321u;
        nhi = karx_i_byte_perm(lo, hi, sel);
        nlo = karx_i_byte_perm(hi, lo, sel);
    } else {
        nhi = karx_i_funnel_l(lo, hi, r);
        nlo = karx_i_funnel_l(hi, lo, r);
    }
    return ((uint64_t)nhi << 32) | nlo;
}
#else
static inline KARX_HD uint32_t karx_rotl32(uint32_t x, unsigned r)
{
    return (x << (r & 31)) | (x >> ((32 - r) & 31));
}

static inline KARX_HD uint64_t karx_rotl64(uint64_t x, unsigned r)
{
    return (x << (r & 63)) | (x >> ((64 - r) & 63));
}
#endif

#endif
