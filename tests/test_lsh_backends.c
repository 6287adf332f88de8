/* Every fast back end equals the portable one: random and boundary lengths, unaligned and
 * in-place buffers, streaming at every split near block boundaries, context copies, and the
 * batch calls (equal, pointer and offset forms) against single calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"
#include "test_util.h"

#define MAXLEN (3 * 256 + 64)
#define BIG (1u << 20)

static const karx_lsh_alg algs[] = {KARX_LSH256_224, KARX_LSH256_256, KARX_LSH512_224,
                                    KARX_LSH512_256, KARX_LSH512_384, KARX_LSH512_512};

static void ref_hash(karx_lsh_alg alg, uint8_t *out, const uint8_t *in, size_t len)
{
    karx_backend keep = karx_get_backend();
    karx_set_backend(KARX_BACKEND_PORTABLE);
    karx_lsh(alg, out, 64, in, len);
    karx_set_backend(keep);
}

static void oneshot_vs_portable(karx_lsh_alg alg, const char *be, uint8_t *buf)
{
    uint8_t a[64], b[64];
    size_t d = karx_lsh_digest_bytes(alg);
    for (size_t len = 0; len <= MAXLEN; len++) {
        size_t off = (size_t)(t_rand64() % 64);
        t_fill(buf + off, len);
        ref_hash(alg, a, buf + off, len);
        CHECK(karx_lsh(alg, b, sizeof b, buf + off, len) == KARX_OK, "one-shot");
        CHECK(memcmp(a, b, d) == 0, "%s [%s] len %zu offset %zu", karx_lsh_alg_name(alg), be, len, off);
    }
    /* Large, odd length and offset. */
    size_t len = BIG - 3, off = 5;
    t_fill(buf + off, len);
    ref_hash(alg, a, buf + off, len);
    karx_lsh(alg, b, sizeof b, buf + off, len);
    CHECK(memcmp(a, b, d) == 0, "%s [%s] 1 MiB", karx_lsh_alg_name(alg), be);
    /* In place: the digest overwrites the start of the message it was computed from. */
    t_fill(buf, 300);
    ref_hash(alg, a, buf, 300);
    karx_lsh(alg, buf, 64, buf, 300);
    CHECK(memcmp(a, buf, d) == 0, "%s [%s] in place", karx_lsh_alg_name(alg), be);
}

static void streaming_splits(karx_lsh_alg alg, const char *be, uint8_t *buf)
{
    size_t block = karx_lsh_block_bytes(alg), d = karx_lsh_digest_bytes(alg);
    uint8_t want[64], got[64];
    size_t lens[] = {0, 1, block - 1, block, block + 1, 2 * block - 1, 2 * block, 2 * block + 1,
                     3 * block + 7};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        t_fill(buf, len);
        ref_hash(alg, want, buf, len);
        for (size_t s1 = 0; s1 <= len; s1++) {
            /* every split near a block boundary, plus a second split after it */
            size_t r = s1 % block;
            if (!(r <= 2 || r >= block - 2 || s1 == len)) continue;
            size_t s2 = s1 + (len - s1) / 2;
            karx_lsh_ctx ctx, copy;
            karx_lsh_init(&ctx, alg);
            karx_lsh_update(&ctx, buf, s1);
            copy = ctx; /* a copy forks the state: both must finish the same */
            karx_lsh_update(&ctx, buf + s1, s2 - s1);
            karx_lsh_update(&ctx, buf + s2, len - s2);
            CHECK(karx_lsh_final(&ctx, got, sizeof got) == KARX_OK, "final");
            CHECK(memcmp(want, got, d) == 0, "%s [%s] len %zu split %zu/%zu",
                  karx_lsh_alg_name(alg), be, len, s1, s2);
            karx_lsh_update(&copy, buf + s1, len - s1);
            karx_lsh_final(&copy, got, sizeof got);
            CHECK(memcmp(want, got, d) == 0, "%s [%s] copy at %zu", karx_lsh_alg_name(alg), be, s1);
        }
    }
}

static void batches(karx_lsh_alg alg, const char *be, uint8_t *buf)
{
    size_t d = karx_lsh_digest_bytes(alg);
    enum { N = 41 };
    uint8_t want[N * 64], got[N * 64 + 1];
    static const size_t lens[] = {0,  1,  7,  8,  15, 16,  17,  31,  32,  33,  63,  64,  65,
                                  95, 96, 97, 127, 128, 129, 191, 255, 256, 257, 1000};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        for (size_t n = 0; n <= N; n += (n < 18 ? 1 : 23)) {
            size_t use = n > N ? N : n;
            /* an exact-size heap copy: ASan catches any read past the batch */
            uint8_t *exact = malloc(use * len + (use * len == 0));
            t_fill(exact, use * len);
            for (size_t i = 0; i < use; i++) ref_hash(alg, want + i * d, exact + i * len, len);
            memset(got, 0xAA, sizeof got);
            CHECK(karx_lsh_many(alg, got, use * d, exact, len, use) == KARX_OK, "many");
            free(exact);
            CHECK(memcmp(want, got, use * d) == 0, "%s [%s] many n=%zu len=%zu",
                  karx_lsh_alg_name(alg), be, use, len);
            CHECK(got[use * d] == 0xAA, "many wrote past its output");
        }
    }
    /* Variable lengths at unaligned addresses, pointer and offset forms. */
    const uint8_t *ptrs[N];
    size_t plens[N], offs[N + 1];
    size_t at = 0;
    offs[0] = 3;
    for (int i = 0; i < N; i++) {
        plens[i] = (size_t)(t_rand64() % 700);
        if (i % 7 == 3) plens[i] = 0;
        ptrs[i] = buf + offs[i];
        offs[i + 1] = offs[i] + plens[i];
        at = offs[i + 1];
    }
    t_fill(buf, at);
    for (int i = 0; i < N; i++) ref_hash(alg, want + i * d, ptrs[i], plens[i]);
    CHECK(karx_lsh_many_ptrs(alg, got, N * d, ptrs, plens, N) == KARX_OK, "many_ptrs");
    CHECK(memcmp(want, got, N * d) == 0, "%s [%s] many_ptrs", karx_lsh_alg_name(alg), be);
    memset(got, 0, sizeof got);
    karx_status s = alg == KARX_LSH256_224 || alg == KARX_LSH256_256
                        ? karx_lsh256_many_offsets(got, d, buf, offs, N)
                        : karx_lsh512_many_offsets(got, d, buf, offs, N);
    CHECK(s == KARX_OK, "many_offsets");
    CHECK(memcmp(want, got, N * d) == 0, "%s [%s] many_offsets", karx_lsh_alg_name(alg), be);
}

/* A context may change back ends between updates: every back end keeps the same state. */
static void switch_backends_midstream(uint8_t *buf)
{
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        size_t len = 5000, d = karx_lsh_digest_bytes(algs[a]);
        uint8_t want[64], got[64];
        t_fill(buf, len);
        ref_hash(algs[a], want, buf, len);
        karx_lsh_ctx ctx;
        karx_lsh_init(&ctx, algs[a]);
        int b = 0;
        for (size_t off = 0, step = 1; off < len; off += step, step = step * 3 % 1021 + 1) {
            do
                b = (b + 1) % t_backend_count();
            while (!karx_backend_supported((karx_backend)b));
            karx_set_backend((karx_backend)b);
            karx_lsh_update(&ctx, buf + off, off + step <= len ? step : len - off);
        }
        karx_lsh_final(&ctx, got, sizeof got);
        CHECK(memcmp(want, got, d) == 0, "%s: back ends switched mid-stream",
              karx_lsh_alg_name(algs[a]));
    }
}

int main(void)
{
    t_seed_from_env();
    uint8_t *buf = malloc(BIG + 64);
    int compared = 0;
    const char *be;
    for (int b = -1; (be = t_next_backend(&b)) != NULL;) {
        for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
            if (b != KARX_BACKEND_PORTABLE) {
                oneshot_vs_portable(algs[a], be, buf);
                compared++;
            }
            streaming_splits(algs[a], be, buf);
            batches(algs[a], be, buf);
        }
        printf("back end %s checked\n", be);
    }
    switch_backends_midstream(buf);
    printf("%d back-end/variant pairs compared with portable\n", compared);
    free(buf);
    return t_finish("test_lsh_backends");
}
