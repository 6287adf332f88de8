/* Prints LSH-256-256("") through the installed library. */
#include <stdio.h>

#include <karx/karx.h>

int main(void)
{
    uint8_t d[32];
    if (karx_lsh256(d, sizeof d, "", 0) != KARX_OK) return 1;
    for (int i = 0; i < 32; i++) printf("%02x", d[i]);
    printf("\n");
    return 0;
}
