#include <stdarg.h>
#include <stdio.h>

#include "cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("karx: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void cli_hex(const uint8_t *p, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[p[i] >> 4];
        out[2 * i + 1] = digits[p[i] & 15];
    }
    out[2 * n] = '\0';
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int cli_unhex(const char *s, size_t n_chars, uint8_t *out)
{
    if (n_chars % 2)
        return -1;
    for (size_t i = 0; i < n_chars; i += 2) {
        int hi = hexval((unsigned char)s[i]), lo = hexval((unsigned char)s[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

FILE *cli_open_input(const char *path)
{
    if (path[0] == '-' && path[1] == '\0')
        return stdin;
    return fopen(path, "rb");
}

void cli_close_input(FILE *f)
{
    if (f != NULL && f != stdin)
        fclose(f);
}

#include "../src/modes/block_kernels.h"
#include "karx/cipher.h"

const struct karx_block_kernels *cli_cipher_kernels(int alg)
{
    switch (alg) {
    case KARX_CIPHER_LEA128:
    case KARX_CIPHER_LEA192:
    case KARX_CIPHER_LEA256: return karx_i_lea_kernels();
    case KARX_CIPHER_HIGHT: return karx_i_hight_kernels();
    case KARX_CIPHER_CHAM64_128: return karx_i_cham64_kernels();
    case KARX_CIPHER_CHAM128_128:
    case KARX_CIPHER_CHAM128_256: return karx_i_cham128_kernels();
    default: return NULL;
    }
}
