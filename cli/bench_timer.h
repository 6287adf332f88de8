/* Timing for the benchmarks: monotonic wall clock, TSC ticks, an estimate of the core clock
 * (this VM exposes no performance counters), and the facts a result needs to be reproduced. */
#ifndef KARX_BENCH_TIMER_H
#define KARX_BENCH_TIMER_H

#include <stdint.h>

double bench_now_ns(void);
uint64_t bench_ticks(void);       /* rdtsc on x86, 0 elsewhere */
double bench_tsc_ghz(void);       /* measured TSC rate, 0 if none */
double bench_core_ghz(void);      /* measures again; the best estimate so far, 0 if unknown */
double bench_core_ghz_best(void); /* the best estimate so far, without measuring */
const char *bench_cpu_name(void); /* brand string */
const char *bench_compiler(void);
const char *bench_commit(void);
/* The median of n timings; v is left sorted (v[0] and v[n - 1] the extremes). */
double bench_median(double *v, int n);

#endif
