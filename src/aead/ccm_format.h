/* Internal: CCM's formatting that the one-message code (ccm.c) and the record jobs
 * (ccm_jobs.c) share. */
#ifndef KARX_CCM_FORMAT_H
#define KARX_CCM_FORMAT_H

#include <stddef.h>
#include <stdint.h>

/* The AAD length prefix for a > 0 bytes of AAD: [a]_16 if a < 2^16 - 2^8, 0xfffe || [a]_32 if
 * a < 2^32, else 0xffff || [a]_64. Writes it to p and returns its length (2, 6 or 10). */
static inline size_t karx_i_ccm_aad_prefix(uint8_t p[10], uint64_t a)
{
    size_t h = a < 0xff00u ? 2 : a <= 0xffffffffu ? 6 : 10;
    if (h != 2) {
        p[0] = 0xff;
        p[1] = h == 6 ? 0xfe : 0xff;
    }
    for (size_t i = 0; i < h - (h == 2 ? 0 : 2); i++)
        p[h - 1 - i] = (uint8_t)(a >> (8 * i));
    return h;
}

#endif
