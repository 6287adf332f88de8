/* Hosted build of the embedded test program (a quick check on the build machine, with the
 * same compact configuration and source list as the targets). */
#include <stdio.h>
#include <stdlib.h>

#include "../test/platform.h"

void plat_init(void) {}
void plat_putc(char c) { putchar(c); }
void plat_exit(int code)
{
    fflush(stdout);
    exit(code);
}
void plat_mark(uint8_t id) { (void)id; }
uint8_t *plat_stack_limit(void) { return NULL; }
