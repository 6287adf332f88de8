/* Types of the generated vector tables (kat_vectors.h) and how a test reads them: on AVR they
 * live in flash (PROGMEM, read with memcpy_P) so that they take no RAM; elsewhere they are
 * ordinary const data. Offsets index kat_blob. */
#ifndef KARX_EMB_KAT_TYPES_H
#define KARX_EMB_KAT_TYPES_H

#include <stdint.h>
#include <string.h>

#include "karx/cipher.h"

#if defined(__AVR__)
#include <avr/pgmspace.h>
#define KAT_ROM PROGMEM
#define kat_rom_read(dst, src, n) memcpy_P((dst), (src), (n))
#else
#define KAT_ROM
#define kat_rom_read(dst, src, n) memcpy((dst), (src), (n))
#endif

typedef struct kat_lsh {
    uint8_t digest_bytes;
    uint16_t len, msg, md;
} kat_lsh;

typedef struct kat_cipher {
    uint8_t alg, mode, key_len, iv_len;
    uint16_t len, key, iv, pt, ct;
} kat_cipher;

#endif
