/* The approved mode's conditional tests: the DRBG continuous test and the health tests of the
 * OS entropy source (NIST SP 800-90B section 4.4).
 *
 * Entropy samples are bytes. The claim is full entropy, H = 8 bits per byte: the OS source
 * (getrandom, /dev/urandom) is the kernel's conditioned CSPRNG output. With the false-positive
 * rate alpha = 2^-30 (90B recommends 2^-20 .. 2^-40):
 *   repetition count test:    C = 1 + ceil(-log2(alpha) / H) = 1 + ceil(30 / 8) = 5
 *   adaptive proportion test: W = 512 (non-binary samples),
 *                             C = 1 + CRITBINOM(512, 2^-8, 1 - 2^-30) = 16
 * (CRITBINOM: the least k with P[Binomial(512, 1/256) <= k] >= 1 - alpha, which is 15; computed
 * with exact binomial sums, docs/VALIDATION.md). Both tests keep their state from read to read,
 * as a continuous test must; the start-up test (90B 4.3) runs 1024 fresh samples through them. */
#include <pthread.h>
#include <string.h>

#include "approved.h"

#define RCT_CUTOFF 5u
#define APT_WINDOW 512u
#define APT_CUTOFF 16u

static struct {
    unsigned rct_count; /* 0: no sample yet */
    uint8_t rct_value;
    unsigned apt_seen; /* samples of the current window so far; 0: none open */
    unsigned apt_count;
    uint8_t apt_value;
} hs;
static pthread_mutex_t hs_lock = PTHREAD_MUTEX_INITIALIZER;

/* Runs n samples through both tests; 0 on a failure. Caller holds hs_lock. */
static int feed(const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (hs.rct_count != 0 && s[i] == hs.rct_value) {
            if (++hs.rct_count >= RCT_CUTOFF)
                return 0;
        } else {
            hs.rct_value = s[i];
            hs.rct_count = 1;
        }
        if (hs.apt_seen == 0) {
            hs.apt_value = s[i];
            hs.apt_count = 1;
            hs.apt_seen = 1;
        } else {
            if (s[i] == hs.apt_value && ++hs.apt_count >= APT_CUTOFF)
                return 0;
            if (++hs.apt_seen == APT_WINDOW)
                hs.apt_seen = 0;
        }
    }
    return 1;
}

/* The test build's stuck source: every byte the same. */
static void maybe_stick(uint8_t *buf, size_t len)
{
    if (karx_i_injected() & KARX_I_INJECT_ENTROPY_STUCK)
        memset(buf, 0x5a, len);
}

static karx_status verdict(int ok, uint8_t *buf, size_t len)
{
    if (ok)
        return KARX_OK;
    karx_memzero(buf, len);
    karx_i_enter_error_state();
    return KARX_ERR_ENTROPY;
}

karx_status karx_i_entropy_health(uint8_t *buf, size_t len)
{
    maybe_stick(buf, len);
    pthread_mutex_lock(&hs_lock);
    int ok = feed(buf, len);
    if (!ok)
        memset(&hs, 0, sizeof hs); /* the next read starts afresh (after a passing self-test) */
    pthread_mutex_unlock(&hs_lock);
    return verdict(ok, buf, len);
}

karx_status karx_i_entropy_startup(uint8_t *buf, size_t len)
{
    maybe_stick(buf, len);
    pthread_mutex_lock(&hs_lock);
    memset(&hs, 0, sizeof hs);
    int ok = feed(buf, len);
    if (!ok)
        memset(&hs, 0, sizeof hs);
    pthread_mutex_unlock(&hs_lock);
    karx_memzero(buf, len);
    return ok ? KARX_OK : KARX_ERR_ENTROPY;
}

karx_status karx_i_drbg_continuous(uint8_t *last, uint32_t *have, uint8_t *out, size_t len,
                                   size_t block)
{
    size_t full = len / block;
    if (full == 0)
        return KARX_OK; /* a partial block is not compared (docs/VALIDATION.md) */
    if (karx_i_injected() & KARX_I_INJECT_DRBG_STUCK) { /* the test build's stuck output */
        if (*have)
            memcpy(out, last, block);
        else if (full >= 2)
            memcpy(out + block, out, block);
    }
    const uint8_t *prev = *have ? last : NULL;
    int ok = 1;
    for (size_t i = 0; i < full; i++) {
        const uint8_t *cur = out + i * block;
        if (prev != NULL && karx_memcmp_ct(prev, cur, block) == 0)
            ok = 0;
        prev = cur;
    }
    memcpy(last, out + (full - 1) * block, block);
    *have = 1;
    return verdict(ok, out, len) == KARX_OK ? KARX_OK : KARX_ERR_SELFTEST;
}
