#define _GNU_SOURCE
#include "bench_timer.h"

#include <stdio.h>
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

/* A chain of dependent adds runs at one add per core cycle on every x86 and Arm core in use,
 * so adds per nanosecond estimate the core clock; best of several runs. */
double bench_core_ghz(void)
{
    static double ghz = -1;
    if (ghz >= 0)
        return ghz;
#if defined(__x86_64__) || defined(__aarch64__)
    double best = 0;
    for (int rep = 0; rep < 7; rep++) {
        uint64_t x = 0;
        const long n = 20000000;
        double t0 = bench_now_ns();
        for (long i = 0; i < n; i += 10) {
#if defined(__x86_64__)
            __asm__ volatile("add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\t"
                             "add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0"
                             : "+r"(x));
#else
            __asm__ volatile("add %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\t"
                             "add %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\tadd %0,%0,#1\n\t"
                             "add %0,%0,#1\n\tadd %0,%0,#1"
                             : "+r"(x));
#endif
        }
        double g = (double)n / (bench_now_ns() - t0);
        if (g > best)
            best = g;
    }
    ghz = best;
#else
    ghz = 0;
#endif
    return ghz;
}

const char *bench_cpu_name(void)
{
    static char name[64];
    if (name[0])
        return name;
#ifdef HAVE_TSC
    unsigned r[12];
    if (__get_cpuid_max(0x80000000u, NULL) >= 0x80000004u) {
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
