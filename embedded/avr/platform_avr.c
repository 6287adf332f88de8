/* ATmega2560 side of the simavr harness (embedded/avr/harness.c): three general-purpose I/O
 * registers, which the harness watches, carry console bytes (GPIOR0), cycle markers (GPIOR1)
 * and the exit status (GPIOR2). Nothing here touches a real peripheral. */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>

#include "../test/platform.h"

extern char __heap_start; /* end of .data + .bss (avr-libc linker script) */

void plat_init(void) {}

void plat_putc(char c) { GPIOR0 = (uint8_t)c; }

void plat_mark(uint8_t id) { GPIOR1 = id; }

void plat_exit(int code)
{
    GPIOR2 = (uint8_t)code;
    cli();
    for (;;)
        sleep_cpu();
}

uint8_t *plat_stack_limit(void) { return (uint8_t *)&__heap_start; }
