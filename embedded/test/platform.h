/* What a target gives the embedded test program (embedded/<target>/platform_*.c). */
#ifndef KARX_EMB_PLATFORM_H
#define KARX_EMB_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

void plat_init(void);
void plat_putc(char c);
/* Ends the simulation with this exit status (0 = all tests passed). */
void plat_exit(int code) __attribute__((noreturn));
/* Cycle markers read by the simulator harness: 1 = start, 2 = stop (the harness prints the
 * cycles between them). A no-op where nothing counts cycles. */
void plat_mark(uint8_t id);
/* Lowest RAM address the stack may grow down to (end of .bss): stack painting starts here. */
uint8_t *plat_stack_limit(void);

#endif
