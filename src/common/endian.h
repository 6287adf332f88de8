/* Little-endian loads and stores that compile to plain moves on little-endian targets and stay
 * correct on big-endian ones (no alignment assumed). */
#ifndef KARX_ENDIAN_H
#define KARX_ENDIAN_H

#include <stdint.h>
#include <string.h>

#include "karx_hd.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define KARX_LITTLE_ENDIAN 1
#endif

static inline KARX_HD uint32_t karx_load32_le(const uint8_t *p)
{
#ifdef KARX_LITTLE_ENDIAN
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
#else
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
#endif
}

static inline KARX_HD uint64_t karx_load64_le(const uint8_t *p)
{
#ifdef KARX_LITTLE_ENDIAN
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    return (uint64_t)karx_load32_le(p) | ((uint64_t)karx_load32_le(p + 4) << 32);
#endif
}

static inline KARX_HD void karx_store32_le(uint8_t *p, uint32_t v)
{
#ifdef KARX_LITTLE_ENDIAN
    memcpy(p, &v, 4);
#else
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
#endif
}

static inline KARX_HD void karx_store64_le(uint8_t *p, uint64_t v)
{
#ifdef KARX_LITTLE_ENDIAN
    memcpy(p, &v, 8);
#else
    karx_store32_le(p, (uint32_t)v);
    karx_store32_le(p + 4, (uint32_t)(v >> 32));
#endif
}

/* Big-endian 32-bit words (GCM's inc32 counter field). */
static inline KARX_HD uint32_t karx_load32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline KARX_HD void karx_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Big-endian 64-bit words (CTR counters, GCM length blocks, GHASH halves). */
static inline KARX_HD uint64_t karx_load64_be(const uint8_t *p)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v = (v << 8) | p[i];
    return v;
}

static inline KARX_HD void karx_store64_be(uint8_t *p, uint64_t v)
{
    for (unsigned i = 8; i-- > 0; v >>= 8)
        p[i] = (uint8_t)v;
}

#endif
