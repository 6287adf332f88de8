/* Cortex-M3 (QEMU mps2-an385) side: vector table, reset handler, and Arm semihosting for the
 * console (SYS_WRITEC) and the exit status (SYS_EXIT: QEMU exits 0 for ApplicationExit, 1 for
 * anything else). No cycle counts: QEMU does not model timing. */
#include <stdint.h>
#include <string.h>

#include "../test/platform.h"

int main(void);

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;

static int semihost(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void plat_init(void) {}

void plat_putc(char c) { semihost(0x03, &c); }

void plat_exit(int code)
{
    semihost(0x18, (const void *)(uintptr_t)(code == 0 ? 0x20026u : 0x20023u));
    for (;;)
        ;
}

void plat_mark(uint8_t id) { (void)id; }

uint8_t *plat_stack_limit(void) { return (uint8_t *)&_ebss; }

void reset_handler(void);
void fault_handler(void);

void reset_handler(void)
{
    memcpy(&_sdata, &_sidata, (size_t)((char *)&_edata - (char *)&_sdata));
    memset(&_sbss, 0, (size_t)((char *)&_ebss - (char *)&_sbss));
    plat_exit(main());
}

void fault_handler(void)
{
    static const char msg[] = "fault\n";
    for (const char *p = msg; *p; p++)
        plat_putc(*p);
    plat_exit(99);
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)&_estack, reset_handler, fault_handler, fault_handler,
    fault_handler, fault_handler, fault_handler, 0, 0, 0, 0, fault_handler, fault_handler, 0,
    fault_handler, fault_handler,
};
