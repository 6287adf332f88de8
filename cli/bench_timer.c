#define _GNU_SOURCE
#include "bench_timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#define HAVE_TSC 1
#endif

#ifndef KARX_GIT_COMMIT
#define KARX_GIT_COMMIT "unknown"
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

double bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

uint64_t bench_ticks(void)
{
#ifdef HAVE_TSC
    return __rdtsc();
#else
    return 0;
#endif
}

double bench_tsc_ghz(void)
{
    static double ghz = -1;
    if (ghz < 0) {
        double t0 = bench_now_ns();
        uint64_t c0 = bench_ticks();
        while (bench_now_ns() - t0 < 20e6) {
        }
        ghz = (double)(bench_ticks() - c0) / (bench_now_ns() - t0);
    }
    return ghz;
}

/* A chain of dependent register-register adds retires one add per core cycle, so adds per
 * nanosecond estimate the core clock. The addend is a run-time value: newer Intel cores fold
 * chains of add-immediate at rename and would read several times too fast. Interference only
 * makes it read low, so the best of several windows counts — and, since another process can
 * hold the core through a whole measurement, the best over every call so far (callers measure
 * again before each row). */
static volatile uint64_t addend_source = 1;
static double core_ghz_best;

double bench_core_ghz_best(void) { return core_ghz_best; }

double bench_core_ghz(void)
{
    double best = core_ghz_best;
#if defined(__x86_64__) || defined(__aarch64__)
    uint64_t inc = addend_source;
    for (int rep = 0; rep < 7; rep++) {
        uint64_t x = 0, n = 200000;
        double t0 = bench_now_ns();
#if defined(__x86_64__)
        __asm__ volatile("1:\n\t.rept 64\n\tadd %2, %0\n\t.endr\n\tdec %1\n\tjnz 1b"
                         : "+r"(x), "+r"(n)
                         : "r"(inc)
                         : "cc");
#else
        __asm__ volatile("1:\n\t.rept 64\n\tadd %0, %0, %2\n\t.endr\n\tsubs %1, %1, #1\n\t"
                         "b.ne 1b"
                         : "+r"(x), "+r"(n)
                         : "r"(inc)
                         : "cc");
#endif
        double g = 200000.0 * 64.0 / (bench_now_ns() - t0);
        if (g > best)
            best = g;
    }
#endif
    core_ghz_best = best;
    return best;
}

const char *bench_cpu_name(void)
{
    static char name[64];
    if (name[0])
        return name;
#ifdef HAVE_TSC
    unsigned r[12];
    if ((unsigned)__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u) {
        for (unsigned i = 0; i < 3; i++)
            __get_cpuid(0x80000002u + i, &r[4 * i], &r[4 * i + 1], &r[4 * i + 2], &r[4 * i + 3]);
        memcpy(name, r, 48);
        name[48] = 0;
        /* trim leading and trailing spaces */
        char *s = name;
        while (*s == ' ') s++;
        memmove(name, s, strlen(s) + 1);
        for (size_t n = strlen(name); n && name[n - 1] == ' '; n--) name[n - 1] = 0;
        return name;
    }
#endif
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (colon && (strncmp(line, "model name", 10) == 0 || strncmp(line, "CPU part", 8) == 0)) {
            snprintf(name, sizeof name, "%s", colon + 2);
            name[strcspn(name, "\n")] = 0;
            break;
        }
    }
    if (f) fclose(f);
    if (!name[0]) snprintf(name, sizeof name, "unknown");
    return name;
}

const char *bench_compiler(void)
{
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown";
#endif
}

const char *bench_commit(void) { return KARX_GIT_COMMIT; }
