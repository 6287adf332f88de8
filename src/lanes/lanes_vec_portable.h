/* The lane vector (lanes_template.h) in portable C (any C11 target, either byte order): 4 lanes of plain uint32_t,
 * elementwise loops the compiler may vectorise. The template's code is the same on every back
 * end, so this file also runs it where no SIMD back end exists (big-endian s390x, the MCUs'
 * hosts), and the tests compare each SIMD back end with it. */
#ifndef KARX_LANES_VEC_PORTABLE_H
#define KARX_LANES_VEC_PORTABLE_H

#include <stdint.h>

#include "../common/rotate.h"

typedef struct {
    uint32_t e[4];
} karx_i_lv4;

static inline karx_i_lv4 lv4_load(const uint32_t *p)
{
    karx_i_lv4 v = {{p[0], p[1], p[2], p[3]}};
    return v;
}
static inline void lv4_store(uint32_t *p, karx_i_lv4 v)
{
    for (int i = 0; i < 4; i++)
        p[i] = v.e[i];
}
static inline karx_i_lv4 lv4_set1(uint32_t x)
{
    karx_i_lv4 v = {{x, x, x, x}};
    return v;
}
static inline karx_i_lv4 lv4_xor(karx_i_lv4 a, karx_i_lv4 b)
{
    for (int i = 0; i < 4; i++)
        a.e[i] ^= b.e[i];
    return a;
}
static inline karx_i_lv4 lv4_add(karx_i_lv4 a, karx_i_lv4 b)
{
    for (int i = 0; i < 4; i++)
        a.e[i] += b.e[i];
    return a;
}
static inline karx_i_lv4 lv4_rol(karx_i_lv4 a, unsigned n)
{
    for (int i = 0; i < 4; i++)
        a.e[i] = karx_rotl32(a.e[i], n);
    return a;
}

#define LV karx_i_lv4
#define LV_L 4
#define LV_LOAD(p) lv4_load(p)
#define LV_STORE(p, v) lv4_store(p, v)
#define LV_SET1(x) lv4_set1((uint32_t)(x))
#define LV_XOR(a, b) lv4_xor(a, b)
#define LV_ADD(a, b) lv4_add(a, b)
#define LV_ROL(v, n) lv4_rol(v, n)
#define LV_NAME "portable"

#endif
