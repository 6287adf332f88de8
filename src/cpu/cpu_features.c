/* CPU feature detection: cpuid + xgetbv on x86-64 (a feature counts only when the OS saves its
 * register state), getauxval(AT_HWCAP) on Arm. Computed once; later calls read the cache. */
#include "karx/cpu.h"

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__)
#define KARX_X86 1
#include <cpuid.h>
#elif defined(__aarch64__) || defined(__arm__)
#define KARX_ARM 1
#if defined(__linux__)
#include <sys/auxv.h>
#endif
#endif

#ifdef KARX_X86
static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* AMD family 19h with AVX-512 is Zen 4: its 512-bit ops issue as two 256-bit halves. */
static int amd_zen4(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d) || b != 0x68747541u) /* "Auth" of AuthenticAMD */
        return 0;
    __get_cpuid(1, &a, &b, &c, &d);
    unsigned family = (a >> 8) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    return family == 0x19;
}

static unsigned detect(void)
{
    unsigned a, b, c, d, f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    if (d & (1u << 26)) f |= KARX_CPU_SSE2;
    if (c & (1u << 9)) f |= KARX_CPU_SSSE3;
    if (c & (1u << 19)) f |= KARX_CPU_SSE41;
    if (c & (1u << 1)) f |= KARX_CPU_PCLMUL;
    if (c & (1u << 25)) f |= KARX_CPU_AESNI;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    uint64_t xcr0 = osxsave ? read_xcr0() : 0;
    int ymm_ok = (xcr0 & 0x6) == 0x6;            /* XMM and YMM state */
    int zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM_Hi256, Hi16_ZMM */
    if (avx && ymm_ok) f |= KARX_CPU_AVX;
    unsigned max_leaf = __get_cpuid_max(0, NULL);
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if ((f & KARX_CPU_AVX) && (b & (1u << 5))) f |= KARX_CPU_AVX2;
        if (b & (1u << 8)) f |= KARX_CPU_BMI2;
        if (zmm_ok) {
            if (b & (1u << 16)) f |= KARX_CPU_AVX512F;
            if (b & (1u << 31)) f |= KARX_CPU_AVX512VL;
            if (b & (1u << 30)) f |= KARX_CPU_AVX512BW;
            if (c & (1u << 1)) f |= KARX_CPU_AVX512VBMI;
            if (c & (1u << 6)) f |= KARX_CPU_AVX512VBMI2;
        }
        if ((f & KARX_CPU_AVX512F) && !amd_zen4()) f |= KARX_CPU_AVX512_FULL;
        if ((f & KARX_CPU_AVX) && (c & (1u << 10))) f |= KARX_CPU_VPCLMUL;
        if ((f & KARX_CPU_SSE2) && (c & (1u << 8))) f |= KARX_CPU_GFNI;
    }
    return f;
}
#elif defined(KARX_ARM)
static unsigned detect(void)
{
#if defined(__aarch64__)
    return KARX_CPU_NEON; /* Advanced SIMD is mandatory on AArch64 */
#elif defined(__linux__)
    /* glibc's <sys/auxv.h> names the bit HWCAP_ARM_NEON; the kernel's <asm/hwcap.h> HWCAP_NEON. */
#if defined(HWCAP_ARM_NEON)
    const unsigned long neon = HWCAP_ARM_NEON;
#elif defined(HWCAP_NEON)
    const unsigned long neon = HWCAP_NEON;
#else
    const unsigned long neon = 1ul << 12;
#endif
    return (getauxval(AT_HWCAP) & neon) ? KARX_CPU_NEON : 0;
#else
    return 0;
#endif
}
#else
static unsigned detect(void) { return 0; }
#endif

/* 0 = not yet detected; bit 31 marks "detected" so a CPU with no features still caches. */
static volatile unsigned cached_features;

unsigned karx_cpu_features(void)
{
    unsigned f = __atomic_load_n(&cached_features, __ATOMIC_ACQUIRE);
    if (f == 0) {
        f = detect() | 0x80000000u; /* racing threads compute the same value */
        __atomic_store_n(&cached_features, f, __ATOMIC_RELEASE);
    }
    return f & 0x7fffffffu;
}
