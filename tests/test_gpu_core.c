/* Runs the CUDA kernels' per-warp LSH code (src/gpu/lsh_gpu_core.h) on the CPU, one emulated
 * warp at a time, with the GPU rotation forms (__byte_perm / __funnelshift_l, emulated from
 * CUDA's documented semantics) compiled in, and checks every digest against the library's LSH.
 * This covers the staging (coalesced loads, unaligned messages, padding made in the kernel),
 * the compression as the device runs it, and the coalesced digest stores, on every machine,
 * big-endian hosts included (scripts/test-s390x.sh); test_gpu checks the real device when there
 * is one. */
#define KARX_EMULATE_GPU_INTRINSICS 1
#include "gpu/lsh_gpu_core.h"

#include <karx/lsh.h>

#include "test_util.h"

/* GPU forms of the rotations against the plain definitions, every amount. */
static void test_rotations(void)
{
    for (int t = 0; t < 2000; t++) {
        uint64_t x = t_rand64();
        for (unsigned r = 1; r < 64; r++) {
            uint64_t want = (x << r) | (x >> (64 - r));
            CHECK(karx_rotl64(x, r) == want, "rotl64 by %u", r);
            if (r < 32) {
                uint32_t y = (uint32_t)x, w32 = (y << r) | (y >> (32 - r));
                CHECK(karx_rotl32(y, r) == w32, "rotl32 by %u", r);
            }
        }
    }
}

/* The packed index literals the round code uses against the tables. */
static void test_packed_tables(void)
{
    for (unsigned l = 0; l < 16; l++) {
        CHECK(KARX_LSH_TAU(l) == karx_lsh_tau[l], "tau %u", l);
        CHECK(KARX_LSH_SIGMA(l) == karx_lsh_sigma[l], "sigma %u", l);
    }
    for (unsigned l = 0; l < 8; l++) {
        CHECK(KARX_LSH256_GAMMA(l) == karx_lsh256_gamma[l], "gamma256 %u", l);
        CHECK(KARX_LSH512_GAMMA(l) == karx_lsh512_gamma[l], "gamma512 %u", l);
    }
}

/* Emulates launching the warp code over a whole batch: every warp, every lane. */
static void emulate_batch(int bits, const karx_gpu_batch *b, uint8_t *out, unsigned dlen)
{
    static uint32_t smem[KARX_GPU_LSH512_WARP_SMEM / 4];
    static uint32_t cv32[KARX_GPU_WARP][16];
    static uint64_t cv64[KARX_GPU_WARP][16];
    const uint32_t *iv32 = dlen == 28 ? karx_lsh256_iv224 : karx_lsh256_iv256;
    const uint64_t *iv64 = dlen == 28 ? karx_lsh512_iv224
                         : dlen == 32 ? karx_lsh512_iv256
                         : dlen == 48 ? karx_lsh512_iv384
                                      : karx_lsh512_iv512;
    for (uint64_t first = 0; first < b->n; first += KARX_GPU_WARP) {
        memset(smem, 0xA5, sizeof smem); /* stale shared memory must not matter */
        if (bits == 256)
            karx_gpu_lsh256_warp(smem, b, first, 0, KARX_GPU_WARP, cv32, iv32, out, dlen);
        else
            karx_gpu_lsh512_warp(smem, b, first, 0, KARX_GPU_WARP, cv64, iv64, out, dlen);
    }
}

static const unsigned dlens256[] = {28, 32}, dlens512[] = {28, 32, 48, 64};

/* Equal-length batch of n messages of len bytes starting at byte offset off of an aligned buffer. */
static void check_equal(int bits, unsigned dlen, size_t n, size_t len, size_t off)
{
    size_t total = n * len;
    uint8_t *buf = malloc(total + off ? total + off : 1); /* exact size: over-reads show under ASan */
    uint32_t *out = malloc(n * dlen + 4);
    uint8_t *want = malloc(n * dlen + 1);
    if (!buf || !out || !want) {
        CHECK(0, "out of memory");
        goto done;
    }
    t_fill(buf, total + off);
    karx_gpu_batch b = {buf + off, NULL, len, n};
    emulate_batch(bits, &b, (uint8_t *)out, dlen);
    karx_status st = bits == 256 ? karx_lsh256_many(want, dlen, buf + off, len, n)
                                 : karx_lsh512_many(want, dlen, buf + off, len, n);
    CHECK(st == KARX_OK, "cpu many");
    for (size_t i = 0; i < n; i++)
        CHECK(memcmp((uint8_t *)out + i * dlen, want + i * dlen, dlen) == 0,
              "LSH-%d-%u equal n=%zu len=%zu off=%zu message %zu", bits, dlen * 8, n, len, off, i);
done:
    free(buf);
    free(out);
    free(want);
}

/* Variable lengths: messages at arbitrary (unaligned) offsets, with gaps. */
static void check_offsets(int bits, unsigned dlen, size_t n, size_t maxlen)
{
    uint64_t *offs = malloc((n + 1) * sizeof *offs);
    size_t *soffs = malloc((n + 1) * sizeof *soffs);
    size_t pos = 1 + (size_t)(t_rand64() % 3);
    for (size_t i = 0; i <= n; i++) {
        offs[i] = soffs[i] = pos;
        if (i < n)
            pos += (size_t)(t_rand64() % (maxlen + 1));
    }
    uint8_t *buf = malloc(pos); /* pos >= 1 */
    uint32_t *out = malloc(n * dlen + 4);
    uint8_t *want = malloc(n * dlen + 1);
    t_fill(buf, pos);
    karx_gpu_batch b = {buf, offs, 0, n};
    emulate_batch(bits, &b, (uint8_t *)out, dlen);
    karx_status st = bits == 256 ? karx_lsh256_many_offsets(want, dlen, buf, soffs, n)
                                 : karx_lsh512_many_offsets(want, dlen, buf, soffs, n);
    CHECK(st == KARX_OK, "cpu offsets");
    for (size_t i = 0; i < n; i++)
        CHECK(memcmp((uint8_t *)out + i * dlen, want + i * dlen, dlen) == 0,
              "LSH-%d-%u offsets n=%zu message %zu len %zu", bits, dlen * 8, n, i,
              soffs[i + 1] - soffs[i]);
    free(offs);
    free(soffs);
    free(buf);
    free(out);
    free(want);
}

/* The padded-word helper on its own: every position around the end of every alignment. */
static void test_msg_word(void)
{
    uint8_t buf[64];
    t_fill(buf, sizeof buf);
    for (unsigned off = 0; off < 4; off++)
        for (uint64_t len = 0; len < 24; len++)
            for (uint64_t pos = 0; pos < 32; pos += 4) {
                uint32_t want = 0;
                for (unsigned i = 0; i < 4; i++) {
                    uint64_t q = pos + i;
                    uint32_t byte = q < len ? buf[8 + off + q] : q == len ? 0x80u : 0u;
                    want |= byte << (8 * i);
                }
                CHECK(karx_gpu_msg_word(buf + 8 + off, (uint32_t)len, (uint32_t)pos) == want,
                      "msg_word off %u len %u pos %u", off, (unsigned)len, (unsigned)pos);
            }
}

/* The emulated device words are little-endian in memory on any host: the digest store writes
 * the low byte first and the staging load reads it back. */
static void test_word_order(void)
{
    for (int t = 0; t < 1000; t++) {
        uint32_t v = (uint32_t)t_rand64();
        uint32_t w; /* 4-aligned, as the device buffers are */
        uint8_t *p = (uint8_t *)&w;
        karx_gpu_st32_aligned(p, v);
        for (unsigned i = 0; i < 4; i++)
            CHECK(p[i] == (uint8_t)(v >> (8 * i)), "st32 byte %u of %08x", i, (unsigned)v);
        CHECK(karx_gpu_ld32_aligned(p) == v, "ld32 of st32 %08x", (unsigned)v);
    }
}

int main(void)
{
    t_seed_from_env();
    test_packed_tables();
    test_rotations();
    test_word_order();
    test_msg_word();
    static const size_t ns[] = {1, 31, 32, 33, 1023};
    static const size_t lens[] = {0, 1, 3, 63, 64, 127, 128, 129, 255, 256, 257, 511, 1000};
    for (int w = 0; w < 2; w++) {
        int bits = w ? 512 : 256;
        const unsigned *dl = w ? dlens512 : dlens256;
        unsigned ndl = w ? 4 : 2;
        for (unsigned d = 0; d < ndl; d++) {
            for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
                check_equal(bits, dl[d], ns[i], 1 + 2 * (size_t)(t_rand64() % 150), (size_t)(t_rand64() % 4));
            for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                check_equal(bits, dl[d], 33, lens[i], (size_t)(t_rand64() % 4));
                check_equal(bits, dl[d], 33, lens[i] & ~(size_t)3, 0); /* the aligned fast path */
            }
            for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
                check_equal(bits, dl[d], ns[i], 4 * (size_t)(t_rand64() % 100), 0);
            for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
                check_offsets(bits, dl[d], ns[i], 600);
        }
    }
    return t_finish("gpu_core");
}
