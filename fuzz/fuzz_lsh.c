/* libFuzzer target: for arbitrary input, every way of hashing it agrees — one-shot on the
 * active and the portable back end, streaming split at fuzzer-chosen points, a context copy,
 * bit-length input, and a batch of copies — for the variant the first byte picks. */
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must(int cond)
{
    if (!cond)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    karx_lsh_alg alg = (karx_lsh_alg)(1 + data[0] % 6);
    size_t d = karx_lsh_digest_bytes(alg);
    const uint8_t *msg = data + 3;
    size_t len = size - 3, s1 = len ? data[1] % (len + 1) : 0, s2 = len ? data[2] % (len + 1) : 0;
    if (s1 > s2) {
        size_t t = s1;
        s1 = s2;
        s2 = t;
    }
    uint8_t want[64], got[64];
    karx_backend best = karx_backend_best();

    must(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
    must(karx_lsh(alg, want, sizeof want, msg, len) == KARX_OK);
    must(karx_set_backend(best) == KARX_OK);
    must(karx_lsh(alg, got, sizeof got, msg, len) == KARX_OK);
    must(memcmp(want, got, d) == 0);

    karx_lsh_ctx c, copy;
    must(karx_lsh_init(&c, alg) == KARX_OK);
    must(karx_lsh_update(&c, msg, s1) == KARX_OK);
    copy = c;
    must(karx_lsh_update(&c, msg + s1, s2 - s1) == KARX_OK);
    must(karx_lsh_update_bits(&c, msg + s2, (len - s2) * 8) == KARX_OK);
    must(karx_lsh_final(&c, got, sizeof got) == KARX_OK);
    must(memcmp(want, got, d) == 0);
    must(karx_lsh_update(&copy, msg + s1, len - s1) == KARX_OK);
    must(karx_lsh_final(&copy, got, sizeof got) == KARX_OK);
    must(memcmp(want, got, d) == 0);

    /* A batch of copies of the message (unless huge) gives the same digest n times. */
    if (len <= 4096) {
        size_t n = 1 + data[1] % 20;
        uint8_t *many = malloc(n * len + 1), *outs = malloc(n * 64);
        must(many && outs);
        for (size_t i = 0; i < n; i++)
            memcpy(many + i * len, msg, len);
        must(karx_lsh_many(alg, outs, n * d, many, len, n) == KARX_OK);
        for (size_t i = 0; i < n; i++)
            must(memcmp(want, outs + i * d, d) == 0);
        free(many);
        free(outs);
    }
    return 0;
}
