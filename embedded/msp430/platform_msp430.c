/* MSP430 side of the mspdebug simulator run: three otherwise unused byte addresses in the
 * peripheral space carry console bytes (0x00f0), cycle markers (0x00f1: 1 = start, 2 = stop)
 * and the exit status (0x00f2). The simulator's tracer device logs every such write with its
 * MCLK cycle count; embedded/msp430/run_sim.py turns that log back into text and cycle counts. */
#include "../test/platform.h"

#define CONSOLE (*(volatile uint8_t *)0x00f0)
#define MARK (*(volatile uint8_t *)0x00f1)
#define EXITREG (*(volatile uint8_t *)0x00f2)

extern char __heap_start;

void plat_halt(void) __attribute__((noreturn, noinline));

void plat_init(void) {}

void plat_putc(char c) { CONSOLE = (uint8_t)c; }

void plat_mark(uint8_t id) { MARK = id; }

/* The run script sets a breakpoint here. */
void plat_halt(void)
{
    for (;;)
        __asm__ volatile("");
}

void plat_exit(int code)
{
    EXITREG = (uint8_t)code;
    plat_halt();
}

uint8_t *plat_stack_limit(void) { return (uint8_t *)&__heap_start; }
