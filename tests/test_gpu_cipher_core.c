/* Runs the CUDA cipher kernels' per-thread code (src/gpu/cipher_gpu_core.h) and the GPU
 * CTR_DRBG plan (src/drbg/drbg_plan.c) on the CPU, every emulated thread in turn, against the
 * library's CPU modes, for every registered cipher (through its shape, as the kernels see it):
 * single-key CTR (counters near every carry, keystream-only, partial final blocks), ECB both
 * ways, many-key CTR with each thread's round keys made on the fly from its raw key (every key
 * size, counters carrying across 8, 32 and 64 bits, in place), and DRBG output made as the GPU
 * makes it (keys and counters planned on the CPU, blocks computed independently), including V
 * wrapping.
 * test_gpu checks the real device when there is one. */
#include "gpu/cipher_gpu_core.h"
#include "drbg/drbg_plan.h"

#include <karx/cipher.h>
#include <karx/drbg.h>

#include "test_util.h"

/* The shape the kernels are built for of a registered cipher (0 if none: a failed check). */
static int shape_of(karx_cipher_alg alg)
{
    const karx_i_cipher *c = karx_i_cipher_desc((uint32_t)alg);
    return c ? karx_gpu_shape_of(c) : 0;
}

/* 1 when the GPU code has round code for family (some compiled shape is of it). */
static int family_has_kernels(int family)
{
#define OF_FAMILY(f, r, kb) \
    if (family == (int)(f)) \
        return 1;
    KARX_GPU_CIPHER_SHAPES(OF_FAMILY)
#undef OF_FAMILY
    return 0;
}

/* Every registered cipher of a family the GPU code has has a compiled shape whose sizes are
 * its own (a cipher added to such a family without its shape line fails here, not on a GPU);
 * a descriptor with another round count or key length has none. A family without GPU round
 * code is allowed: its GPU calls report KARX_ERR_UNSUPPORTED. */
static void test_shapes(void)
{
    CHECK(karx_i_cipher_count > 0, "registered ciphers");
    for (size_t i = 0; i < karx_i_cipher_count; i++) {
        const karx_i_cipher *c = karx_i_ciphers[i];
        int s = karx_gpu_shape_of(c);
        if (!s) {
            CHECK(!family_has_kernels((int)c->family),
                  "%s has no GPU kernel shape (add it to KARX_GPU_CIPHER_SHAPES)", c->name);
            printf("%s: no GPU kernel\n", c->name);
            continue;
        }
        CHECK(karx_gpu_block_bytes(s) == c->block_bytes, "%s block bytes", c->name);
        CHECK(KARX_GPU_KEY_BYTES(s) == c->key_bytes && KARX_GPU_ROUNDS(s) == c->rounds &&
                  KARX_GPU_FAMILY(s) == (int)c->family, "%s shape fields", c->name);
        for (size_t j = 0; j < i; j++)
            CHECK(karx_gpu_shape_of(karx_i_ciphers[j]) != s, "%s shares a shape", c->name);
        karx_i_cipher other = *c;
        other.rounds = c->rounds + 4;
        CHECK(karx_gpu_shape_of(&other) == 0, "%s with other rounds has no shape", c->name);
        other = *c;
        other.key_bytes = c->key_bytes + 4;
        CHECK(karx_gpu_shape_of(&other) == 0, "%s with another key length has no shape", c->name);
    }
}

/* Emulates the CTR kernel: every block index, in reverse (order must not matter). */
static void emu_ctr(const karx_cipher_key *k, const uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t len)
{
    const int shape = shape_of((karx_cipher_alg)k->alg);
    unsigned bl = karx_gpu_block_bytes(shape);
    karx_gpu_ctr c = karx_gpu_ctr_load(ctr, bl);
    for (uint64_t i = (len + bl - 1) / bl; i-- > 0;)
        karx_gpu_ctr_block(shape, k, c, i, out, in, len);
}

static void test_ctr(karx_cipher_alg alg)
{
    const char *name = karx_cipher_name(alg);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg);
    uint8_t raw[32], ctr[16], ctr2[16], *in = malloc(5000), *a = malloc(5000), *b = malloc(5000);
    karx_cipher_key k;
    t_fill(raw, kl);
    CHECK(karx_cipher_set_key(&k, alg, raw, kl) == KARX_OK, "set key");
    /* Counters: random, and just below a carry out of the low byte, the low 64 bits and all. */
    for (int t = 0; t < 40; t++) {
        t_fill(ctr, bl);
        size_t below = (size_t)(t_rand64() % 300);
        if (t % 4 == 1)
            memset(ctr + bl - 1, 0xff, 1);
        if (t % 4 == 2)
            memset(ctr + bl - 8, 0xff, 8);
        if (t % 4 == 3)
            memset(ctr, 0xff, bl);
        if (t % 4)
            ctr[bl - 1] = (uint8_t)(ctr[bl - 1] - (below & 0xff)), ctr[bl - 2] = t % 4 == 1 ? ctr[bl - 2] : 0xff;
        size_t len = (size_t)(t_rand64() % 4500);
        karx_gpu_ctr c = karx_gpu_ctr_load(ctr, (unsigned)bl);
        uint64_t need = len / bl + (len % bl != 0);
        memcpy(ctr2, ctr, bl);
        t_fill(in, len);
        karx_status st = karx_ctr_xor(&k, ctr2, a, in, len);
        int gpu_ok = need <= karx_gpu_ctr_capacity(c, (unsigned)bl);
        CHECK((st == KARX_OK) == gpu_ok, "%s capacity rule: cpu %d gpu %d", name, st, gpu_ok);
        if (st != KARX_OK)
            continue;
        emu_ctr(&k, ctr, b, in, len);
        CHECK(memcmp(a, b, len) == 0, "%s CTR len %zu t %d", name, len, t);
        uint8_t adv[16];
        karx_gpu_ctr_store(adv, karx_gpu_ctr_add(c, need, (unsigned)bl), (unsigned)bl);
        CHECK(memcmp(adv, ctr2, bl) == 0, "%s counter advance", name);
        /* Keystream only = CTR over zeros. */
        memset(in, 0, len);
        memcpy(ctr2, ctr, bl);
        karx_ctr_xor(&k, ctr2, a, in, len);
        emu_ctr(&k, ctr, b, NULL, len);
        CHECK(memcmp(a, b, len) == 0, "%s keystream len %zu", name, len);
    }
    /* Exactly at the end: all-ones - 2 allows 3 blocks, refuses 4. */
    memset(ctr, 0xff, bl);
    ctr[bl - 1] = 0xfd;
    karx_gpu_ctr c = karx_gpu_ctr_load(ctr, (unsigned)bl);
    CHECK(karx_gpu_ctr_capacity(c, (unsigned)bl) == 3, "%s capacity 3", name);
    memcpy(ctr2, ctr, bl);
    CHECK(karx_ctr_xor(&k, ctr2, a, in, 3 * bl) == KARX_OK, "cpu 3 blocks");
    CHECK(karx_ctr_xor(&k, ctr, a, in, 4 * bl) == KARX_ERR_COUNTER_OVERFLOW, "cpu 4 blocks");
    /* ECB both ways, unaligned. */
    size_t n = 1 + (size_t)(t_rand64() % 200);
    t_fill(in + 1, n * bl);
    karx_ecb_encrypt(&k, a, in + 1, n * bl);
    for (uint64_t i = 0; i < n; i++)
        karx_gpu_ecb_block(shape_of(alg), &k, 0, i, b + 3, in + 1);
    CHECK(memcmp(a, b + 3, n * bl) == 0, "%s ECB encrypt", name);
    for (uint64_t i = 0; i < n; i++)
        karx_gpu_ecb_block(shape_of(alg), &k, 1, i, b, a);
    CHECK(memcmp(b, in + 1, n * bl) == 0, "%s ECB decrypt", name);
    karx_cipher_key_wipe(&k);
    free(in);
    free(a);
    free(b);
}

/* Sets the low `bits` bits (8, 32 or 64) of a big-endian counter block to all-ones minus
 * below, so that a record of more than below blocks carries out of them. */
static void near_carry(uint8_t *ctr, size_t bl, unsigned bits, unsigned below)
{
    memset(ctr + bl - bits / 8, 0xff, bits / 8);
    for (size_t j = bl; below && j-- > 0; below >>= 8) /* below < 2^16: no borrow from 0xff */
        ctr[j] = (uint8_t)(ctr[j] - (below & 0xff));
}

/* The many-key round code (round keys made on the fly from the raw key) alone, one block under
 * each of many random keys, against karx_cipher_encrypt_block. */
static void test_many_blocks(karx_cipher_alg alg)
{
    const int shape = shape_of(alg);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg);
    for (int t = 0; t < 200; t++) {
        uint8_t raw[32], blk[16] = {0}, o1[16], o2[16];
        t_fill(raw, kl);
        t_fill(blk, bl);
        karx_cipher_key k;
        karx_gpu_many_key mk;
        CHECK(karx_cipher_set_key(&k, alg, raw, kl) == KARX_OK, "set key");
        karx_cipher_encrypt_block(&k, o1, blk);
        karx_gpu_many_set_key(shape, &mk, raw);
        uint32_t w[4];
        for (unsigned j = 0; j < 4; j++)
            w[j] = karx_load32_le(blk + 4 * j);
        karx_gpu_many_encrypt_words(shape, &mk, w);
        for (unsigned j = 0; j < 4; j++)
            karx_store32_le(o2 + 4 * j, w[j]);
        CHECK(memcmp(o1, o2, bl) == 0, "%s many-key block, key %d", karx_cipher_name(alg), t);
        karx_cipher_key_wipe(&k);
    }
}

/* Many keys: thread per record, the key held by the thread, against n CPU calls: random keys,
 * record lengths (empty, partial final blocks) and counters, a quarter of them about to carry out
 * of their low 8, 32 and 64 bits inside the record; then the same in place. */
static void test_many(karx_cipher_alg alg)
{
    const char *name = karx_cipher_name(alg);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg), n = 97;
    uint8_t *keys = malloc(n * kl), *ctrs = malloc(n * bl), *ctrs2 = malloc(n * bl);
    size_t offs[98];
    uint64_t offs64[98];
    offs[0] = offs64[0] = 0;
    for (size_t i = 0; i < n; i++)
        offs[i + 1] = offs64[i + 1] = offs[i] + (size_t)(t_rand64() % 700);
    uint8_t *in = malloc(offs[n] + 1), *a = malloc(offs[n] + 1), *b = malloc(offs[n] + 1);
    t_fill(keys, n * kl);
    t_fill(ctrs, n * bl);
    t_fill(in, offs[n]);
    static const unsigned carry_bits[4] = {0, 8, 32, 64};
    for (size_t i = 0; i < n; i++) {
        unsigned bits = carry_bits[i % 4], below = (unsigned)(t_rand64() % 44);
        if (bits == 64 && bl == 8) /* the whole counter: stay inside its capacity */
            below = (unsigned)((offs[i + 1] - offs[i]) / bl) + below;
        if (bits)
            near_carry(ctrs + i * bl, bl, bits, below);
    }
    memcpy(ctrs2, ctrs, n * bl);
    for (size_t i = 0; i < n; i++) {
        karx_cipher_key k;
        karx_cipher_set_key(&k, alg, keys + i * kl, kl);
        CHECK(karx_ctr_xor(&k, ctrs2 + i * bl, a + offs[i], in + offs[i], offs[i + 1] - offs[i]) == KARX_OK, "cpu");
        karx_cipher_key_wipe(&k);
    }
    for (uint64_t r = n; r-- > 0;)
        karx_gpu_ctr_record(shape_of(alg), keys, (unsigned)kl, ctrs, b, in, offs64[r], offs64[r + 1] - offs64[r], r);
    CHECK(memcmp(a, b, offs[n]) == 0, "%s many-key CTR", name);
    memcpy(b, in, offs[n]);
    for (uint64_t r = 0; r < n; r++) {
        karx_gpu_ctr_record(shape_of(alg), keys, (unsigned)kl, ctrs, b, b, offs64[r], offs64[r + 1] - offs64[r], r);
        karx_gpu_ctr_advance(ctrs + r * bl, offs64[r + 1] - offs64[r], (unsigned)bl);
    }
    CHECK(memcmp(a, b, offs[n]) == 0, "%s many-key CTR in place", name);
    CHECK(memcmp(ctrs, ctrs2, n * bl) == 0, "%s many-key counters advanced", name);
    /* The device-side key schedule alone (CHAM's many-key path) equals karx_cipher_set_key. */
    karx_cipher_key k1, k2;
    memset(&k1, 0, sizeof k1);
    memset(&k2, 0, sizeof k2);
    karx_cipher_set_key(&k1, alg, keys, kl);
    karx_gpu_set_key(shape_of(alg), &k2, keys);
    k2.alg = (uint32_t)alg; /* the device never reads it; the CPU call below does */
    uint8_t blk[16] = {1, 2, 3}, o1[16], o2[16];
    karx_cipher_encrypt_block(&k1, o1, blk);
    karx_cipher_encrypt_block(&k2, o2, blk);
    CHECK(memcmp(o1, o2, bl) == 0, "%s device key schedule", name);
    t_free_n(6, (void *[]){keys, ctrs, ctrs2, in, a, b});
}

/* Many keys, equal lengths, a thread per block (the kernel for karx_gpu_ctr_xor_many and its
 * device form): every block of every record in reverse order (threads are unordered), in and
 * out of place, lengths with and without a partial final block, counters about to carry, against
 * n CPU calls; then the counters advanced as the advance kernel does. */
static void test_many_equal(karx_cipher_alg alg)
{
    const char *name = karx_cipher_name(alg);
    const int shape = shape_of(alg);
    size_t kl = karx_cipher_key_bytes(alg), bl = karx_cipher_block_bytes(alg), n = 41;
    static const size_t lens[] = {1, 7, 16, 64, 100, 1024};
    for (unsigned li = 0; li < 6; li++) {
        size_t len = lens[li], tot = n * len;
        uint8_t *keys = malloc(n * kl), *ctrs = malloc(n * bl), *ctrs2 = malloc(n * bl);
        uint8_t *in = malloc(tot), *a = malloc(tot), *b = malloc(tot);
        t_fill(keys, n * kl);
        t_fill(ctrs, n * bl);
        t_fill(in, tot);
        for (size_t i = 0; i < n; i += 3)
            near_carry(ctrs + i * bl, bl, i % 2 ? 8 : 32, (unsigned)(t_rand64() % 5));
        memcpy(ctrs2, ctrs, n * bl);
        for (size_t i = 0; i < n; i++) {
            karx_cipher_key k;
            karx_cipher_set_key(&k, alg, keys + i * kl, kl);
            CHECK(karx_ctr_xor(&k, ctrs2 + i * bl, a + i * len, in + i * len, len) == KARX_OK, "cpu");
            karx_cipher_key_wipe(&k);
        }
        uint64_t bpr = karx_gpu_blocks(len, (unsigned)bl);
        for (uint64_t i = n * bpr; i-- > 0;)
            karx_gpu_ctr_many_block(shape, keys, (unsigned)kl, ctrs, b, in, len, i / bpr, i % bpr);
        CHECK(memcmp(a, b, tot) == 0, "%s many-key CTR, a thread per block, len %zu", name, len);
        memcpy(b, in, tot);
        for (uint64_t i = 0; i < n * bpr; i++)
            karx_gpu_ctr_many_block(shape, keys, (unsigned)kl, ctrs, b, b, len, i / bpr, i % bpr);
        CHECK(memcmp(a, b, tot) == 0, "%s many-key CTR, a thread per block, in place, len %zu", name, len);
        for (size_t r = 0; r < n; r++)
            karx_gpu_ctr_advance(ctrs + r * bl, len, (unsigned)bl);
        CHECK(memcmp(ctrs, ctrs2, n * bl) == 0, "%s many-key counters, len %zu", name, len);
        t_free_n(6, (void *[]){keys, ctrs, ctrs2, in, a, b});
    }
}

/* The GPU DRBG path: plan on the CPU, blocks made independently, against generate calls. */
static void test_drbg(karx_cipher_alg alg, unsigned flags, int wrap)
{
    const char *name = karx_cipher_name(alg);
    uint8_t ent[64], nonce[16], add[KARX_CTR_DRBG_MAX_SEED_BYTES];
    t_fill(ent, sizeof ent);
    t_fill(nonce, sizeof nonce);
    t_fill(add, sizeof add);
    size_t sl = karx_ctr_drbg_seed_bytes(alg), el = flags & KARX_DRBG_USE_DF ? 32 : sl;
    karx_ctr_drbg cpu, gpu;
    CHECK(karx_ctr_drbg_instantiate(&cpu, alg, flags, ent, el, nonce, sizeof nonce, NULL, 0) == KARX_OK,
          "%s instantiate", name);
    size_t bl = karx_cipher_block_bytes(alg);
    if (wrap) /* V close to all-ones: the keystream wraps mod 2^blocklen mid-call */
        memset(cpu.v, 0xff, bl), cpu.v[bl - 1] = 0xf0;
    gpu = cpu;
    size_t len = 3 * KARX_CTR_DRBG_MAX_REQUEST_BYTES + 1234, calls = karx_i_drbg_plan_calls(len);
    uint8_t *a = malloc(len), *b = malloc(len), *ctrs = malloc(calls * bl);
    karx_cipher_key *keys = malloc(calls * sizeof *keys);
    size_t al = flags & KARX_DRBG_USE_DF ? 20 : sl; /* no df: additional input is seedlen bytes */
    for (size_t off = 0; off < len; off += KARX_CTR_DRBG_MAX_REQUEST_BYTES) {
        size_t n = len - off < KARX_CTR_DRBG_MAX_REQUEST_BYTES ? len - off : KARX_CTR_DRBG_MAX_REQUEST_BYTES;
        CHECK(karx_ctr_drbg_generate(&cpu, a + off, n, add, al) == KARX_OK, "cpu generate");
    }
    CHECK(karx_i_drbg_plan_check(&gpu, len, add, al) == KARX_OK, "plan check");
    karx_i_drbg_plan(&gpu, len, add, al, keys, ctrs);
    uint64_t nb = calls * ((KARX_CTR_DRBG_MAX_REQUEST_BYTES + bl - 1) / bl);
    for (uint64_t i = nb; i-- > 0;)
        karx_gpu_ctr_keyed_block(shape_of(alg), keys, ctrs, b, KARX_CTR_DRBG_MAX_REQUEST_BYTES, len, i);
    CHECK(memcmp(a, b, len) == 0, "%s DRBG output (flags %u, wrap %d)", name, flags, wrap);
    CHECK(memcmp(cpu.v, gpu.v, bl) == 0 && cpu.reseed_counter == gpu.reseed_counter, "%s DRBG state", name);
    uint8_t x[40], y[40];
    karx_ctr_drbg_generate(&cpu, x, sizeof x, NULL, 0);
    karx_ctr_drbg_generate(&gpu, y, sizeof y, NULL, 0);
    CHECK(memcmp(x, y, sizeof x) == 0, "%s DRBG continues alike", name);
    /* The reseed limit is checked for the whole request before anything changes. */
    karx_ctr_drbg_set_reseed_interval(&gpu, gpu.reseed_counter + 1);
    karx_ctr_drbg before = gpu;
    CHECK(karx_i_drbg_plan_check(&gpu, len, NULL, 0) == KARX_ERR_RESEED_REQUIRED, "reseed needed");
    CHECK(memcmp(&before, &gpu, sizeof gpu) == 0, "refused check changes nothing");
    CHECK(karx_i_drbg_plan_check(&gpu, 2 * KARX_CTR_DRBG_MAX_REQUEST_BYTES, NULL, 0) == KARX_OK, "two calls fit");
    karx_ctr_drbg_uninstantiate(&cpu);
    karx_ctr_drbg_uninstantiate(&gpu);
    free(a);
    free(b);
    free(ctrs);
    free(keys);
}

int main(void)
{
    t_seed_from_env();
    test_shapes();
    for (size_t i = 0; i < karx_i_cipher_count; i++) {
        karx_cipher_alg alg = karx_i_ciphers[i]->id;
        if (!karx_gpu_shape_of(karx_i_ciphers[i]))
            continue; /* no GPU kernel (test_shapes) */
        test_ctr(alg);
        test_many_blocks(alg);
        test_many(alg);
        test_many_equal(alg);
        test_drbg(alg, KARX_DRBG_USE_DF, 0);
        test_drbg(alg, 0, i % 2);
    }
    return t_finish("gpu_cipher_core");
}
