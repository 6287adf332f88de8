/* Runs an AVR program in simavr (libsimavr) and reports what it says.
 *   harness [-m mcu] [-f hz] [-c max_cycles] program.elf
 * The program (embedded/avr/platform_avr.c) writes console bytes to GPIOR0, cycle markers to
 * GPIOR1 (1 = start, 2 = stop) and its exit status to GPIOR2. At each stop marker the harness
 * prints " cycles=N", N being simavr's cycle counter (avr->cycle, which advances by each
 * instruction's documented cycle count) at the stop write minus at the start write. Exit
 * status: the program's; 97 if it ran past max_cycles, 98 if the core crashed or went to sleep
 * without reporting. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_io.h>

/* Data-space addresses of GPIOR0/1/2 on the ATmega640/1280/2560 family. */
#define GPIOR0_ADDR 0x3e
#define GPIOR1_ADDR 0x4a
#define GPIOR2_ADDR 0x4b

static avr_cycle_count_t t_start;
static int exited = 0, exit_code = 0;

static void on_console(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)avr, (void)addr, (void)param;
    putchar(v);
}

static void on_mark(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)addr, (void)param;
    if (v == 1)
        t_start = avr->cycle;
    else if (v == 2)
        printf(" cycles=%llu", (unsigned long long)(avr->cycle - t_start));
}

static void on_exit_reg(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)avr, (void)addr, (void)param;
    exited = 1;
    exit_code = v;
}

int main(int argc, char **argv)
{
    const char *mcu = "atmega2560";
    unsigned long hz = 16000000;
    unsigned long long max_cycles = 4000000000ull;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "-m"))
            mcu = argv[i + 1];
        else if (!strcmp(argv[i], "-f"))
            hz = strtoul(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "-c"))
            max_cycles = strtoull(argv[i + 1], NULL, 0);
    }
    if (i >= argc) {
        fprintf(stderr, "usage: %s [-m mcu] [-f hz] [-c max_cycles] program.elf\n", argv[0]);
        return 2;
    }
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(argv[i], &fw) != 0) {
        fprintf(stderr, "harness: cannot read %s\n", argv[i]);
        return 2;
    }
    avr_t *avr = avr_make_mcu_by_name(mcu);
    if (avr == NULL) {
        fprintf(stderr, "harness: unknown mcu %s\n", mcu);
        return 2;
    }
    avr_init(avr);
    avr->frequency = (uint32_t)hz;
    avr->log = LOG_WARNING;
    avr_load_firmware(avr, &fw);
    avr_register_io_write(avr, GPIOR0_ADDR, on_console, NULL);
    avr_register_io_write(avr, GPIOR1_ADDR, on_mark, NULL);
    avr_register_io_write(avr, GPIOR2_ADDR, on_exit_reg, NULL);
    int state = cpu_Running;
    while (!exited && state != cpu_Done && state != cpu_Crashed && avr->cycle < max_cycles)
        state = avr_run(avr);
    fflush(stdout);
    if (exited)
        return exit_code;
    if (avr->cycle >= max_cycles) {
        fprintf(stderr, "harness: still running after %llu cycles\n", max_cycles);
        return 97;
    }
    fprintf(stderr, "harness: program stopped without reporting (state %d)\n", state);
    return 98;
}
