/* karx on small targets: known-answer tests (vectors generated from tests/kat/ into
 * kat_vectors.h), bad-input statuses, stack use, and (KARX_EMB_BENCH) cycle markers around
 * the calls the simulator harness times. Output goes through plat_putc; the exit status is
 * the number of failures (capped), so the simulator's exit tells pass or fail. */
#include <stdint.h>
#include <string.h>

#include "karx/cham.h"
#include "karx/cipher.h"
#include "karx/hight.h"
#include "karx/lea.h"
#include "karx/lsh.h"

#include "kat_vectors.h"
#include "platform.h"

static unsigned passed, failed;

static void put_str(const char *s)
{
    while (*s)
        plat_putc(*s++);
}

static void put_uint(unsigned long v)
{
    char b[12];
    int n = 0;
    do {
        b[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v);
    while (n)
        plat_putc(b[--n]);
}

static void put_int(long v)
{
    if (v < 0) {
        plat_putc('-');
        put_uint((unsigned long)-v);
    } else {
        put_uint((unsigned long)v);
    }
}

static void check(int ok, const char *what, unsigned idx)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    put_str("FAIL ");
    put_str(what);
    put_str(" #");
    put_uint(idx);
    plat_putc('\n');
}

static void check_status(karx_status got, karx_status want, const char *what, unsigned idx)
{
    if (got != want) {
        put_str("  status ");
        put_int((long)got);
        put_str(" want ");
        put_int((long)want);
        plat_putc('\n');
    }
    check(got == want, what, idx);
}

/* Message / data buffers and one key struct (static: the stack figure is then the library's
 * own; one LEA key is 772 bytes, so the tests share a single one). */
static union {
    karx_lea_key lea;
    karx_cipher_key any;
} g_key;
#define LEA_KEY (&g_key.lea)
#define CIPHER_KEY (&g_key.any)
static uint8_t msg[512];
static uint8_t want[64], got[64];
static uint8_t key[32], iv[16], ctr[16], pt[64], ct[64], buf[80];

/* ---- LSH ---- */

/* The streaming API of LSH-BITS over test_lsh's message v into got,
 * in the uneven pieces that step sets, read through piece[]. */
#define STREAM(BITS)                                                                           \
    do {                                                                                       \
        karx_lsh##BITS##_ctx c;                                                                \
        st = karx_lsh##BITS##_init(&c, v.digest_bytes);                                        \
        while (st == KARX_OK && off < v.len) {                                                 \
            size_t n = v.len - off < step ? v.len - off : step;                                \
            kat_rom_read(piece, kat_blob + v.msg + off, n);                                    \
            st = karx_lsh##BITS##_update(&c, piece, n);                                        \
            off += n;                                                                          \
            step = step * 3 % 23 + 1;                                                          \
        }                                                                                      \
        if (st == KARX_OK)                                                                     \
            st = karx_lsh##BITS##_final(&c, got, sizeof got);                                  \
    } while (0)

static void test_lsh(int family, const kat_lsh *table, unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        kat_lsh v;
        kat_rom_read(&v, &table[i], sizeof v);
        kat_rom_read(msg, kat_blob + v.msg, v.len);
        kat_rom_read(want, kat_blob + v.md, v.digest_bytes);
#ifdef KARX_EMB_INJECT_FAULT /* run.sh builds this once per target: the run must fail */
        want[0] ^= (uint8_t)(i == 0);
#endif
        memset(got, 0, sizeof got);
        karx_status st = family == 256 ? karx_lsh256(got, v.digest_bytes, msg, v.len)
                                       : karx_lsh512(got, v.digest_bytes, msg, v.len);
        check(st == KARX_OK && memcmp(got, want, v.digest_bytes) == 0,
              family == 256 ? "lsh256 one-shot" : "lsh512 one-shot", i);
        /* Streaming in uneven pieces straight from the vector table (through a small buffer),
         * so block boundaries fall at different places than in the one-shot. */
        memset(got, 0, sizeof got);
        uint8_t piece[23];
        size_t off = 0, step = 1;
        if (family == 256)
            STREAM(256);
        else
            STREAM(512);
        check(st == KARX_OK && memcmp(got, want, v.digest_bytes) == 0,
              family == 256 ? "lsh256 streaming" : "lsh512 streaming", i);
    }
}

/* ---- block ciphers ---- */

/* Key schedule, encryption, decryption and wipe through FAMILY's own API on key KEY, for
 * direct_block. */
#define ROUND_TRIP(FAMILY, KEY)                                                                \
    do {                                                                                       \
        s1 = karx_##FAMILY##_set_key(KEY, k, klen);                                            \
        s2 = karx_##FAMILY##_encrypt_block(KEY, o, p);                                         \
        s3 = karx_##FAMILY##_decrypt_block(KEY, back, o);                                      \
        karx_##FAMILY##_key_wipe(KEY);                                                         \
    } while (0)

/* The cipher's own single-block API, both ways, on an ECB block of the vector. */
static int direct_block(uint8_t alg, const uint8_t *k, size_t klen, const uint8_t *p,
                        const uint8_t *c)
{
    uint8_t o[16], back[16];
    size_t b = karx_cipher_block_bytes((karx_cipher_alg)alg);
    karx_status s1 = KARX_ERR_UNSUPPORTED, s2 = KARX_ERR_UNSUPPORTED, s3 = KARX_ERR_UNSUPPORTED;
    switch (alg) {
    case KARX_CIPHER_LEA128:
    case KARX_CIPHER_LEA192:
    case KARX_CIPHER_LEA256:
        ROUND_TRIP(lea, LEA_KEY);
        break;
    case KARX_CIPHER_HIGHT: {
        karx_hight_key hk;
        ROUND_TRIP(hight, &hk);
        break;
    }
    case KARX_CIPHER_CHAM64_128: {
        karx_cham64_key ck;
        ROUND_TRIP(cham64, &ck);
        break;
    }
    default: {
        karx_cham128_key ck;
        ROUND_TRIP(cham128, &ck);
        break;
    }
    }
    return s1 == KARX_OK && s2 == KARX_OK && s3 == KARX_OK && memcmp(o, c, b) == 0 &&
           memcmp(back, p, b) == 0;
}

static void test_ciphers(void)
{
    for (unsigned i = 0; i < KAT_CIPHERS_COUNT; i++) {
        kat_cipher v;
        kat_rom_read(&v, &kat_ciphers[i], sizeof v);
        kat_rom_read(key, kat_blob + v.key, v.key_len);
        kat_rom_read(iv, kat_blob + v.iv, v.iv_len);
        kat_rom_read(pt, kat_blob + v.pt, v.len);
        kat_rom_read(ct, kat_blob + v.ct, v.len);
        size_t n = 0;
        const uint8_t *ivp = v.iv_len ? iv : NULL;
        karx_status st = karx_cipher_encrypt((karx_cipher_alg)v.alg, (karx_mode)v.mode,
                                             KARX_PAD_NONE, key, v.key_len, ivp, v.iv_len, buf,
                                             sizeof buf, &n, pt, v.len);
        check(st == KARX_OK && n == v.len && memcmp(buf, ct, v.len) == 0, "cipher encrypt", i);
        st = karx_cipher_decrypt((karx_cipher_alg)v.alg, (karx_mode)v.mode, KARX_PAD_NONE, key,
                                 v.key_len, ivp, v.iv_len, buf, sizeof buf, &n, ct, v.len);
        check(st == KARX_OK && n == v.len && memcmp(buf, pt, v.len) == 0, "cipher decrypt", i);
        if (v.mode == KARX_MODE_ECB)
            check(direct_block(v.alg, key, v.key_len, pt, ct), "single block", i);
        if (v.mode == KARX_MODE_CTR) {
            /* Stateless CTR over a scheduled key in two calls split at a block boundary: the
             * counter carries on (a partial block would use up its counter value). */
            memcpy(ctr, iv, v.iv_len);
            st = karx_cipher_set_key(CIPHER_KEY, (karx_cipher_alg)v.alg, key, v.key_len);
            if (st == KARX_OK)
                st = karx_ctr_xor(CIPHER_KEY, ctr, buf, pt, 16);
            if (st == KARX_OK)
                st = karx_ctr_xor(CIPHER_KEY, ctr, buf + 16, pt + 16, v.len - 16u);
            karx_cipher_key_wipe(CIPHER_KEY);
            check(st == KARX_OK && memcmp(buf, ct, v.len) == 0, "ctr split", i);
        }
    }
}

/* ---- bad input: the library's statuses, the same on every target ---- */

static void test_bad_input(void)
{
    karx_hight_key hk;
    karx_cham64_key c64;
    karx_cham128_key c128;
    karx_lsh256_ctx c;
    size_t n = 1;
    unsigned t = 0;
    memset(key, 0x11, sizeof key);
    check_status(karx_lsh256(NULL, 32, msg, 1), KARX_ERR_ARGUMENT, "bad lsh256 out", t++);
    check_status(karx_lsh256(got, 32, NULL, 1), KARX_ERR_ARGUMENT, "bad lsh256 in", t++);
    check_status(karx_lsh256(got, 32, NULL, 0), KARX_OK, "lsh256 empty NULL", t++);
    check_status(karx_lsh256(got, 33, msg, 1), KARX_ERR_OUTPUT_LENGTH, "bad lsh256 len", t++);
    check_status(karx_lsh512(got, 20, msg, 1), KARX_ERR_OUTPUT_LENGTH, "bad lsh512 len", t++);
    check_status(karx_lsh512(got, 64, NULL, 3), KARX_ERR_ARGUMENT, "bad lsh512 in", t++);
    check_status(karx_lsh256_init(&c, 32), KARX_OK, "lsh256 init", t++);
    check_status(karx_lsh256_final(&c, got, 31), KARX_ERR_OUTPUT_LENGTH, "lsh256 short out", t++);
    check_status(karx_lsh256_final(&c, got, 32), KARX_OK, "lsh256 final", t++);
    check_status(karx_lsh256_update(&c, msg, 1), KARX_ERR_STATE, "lsh256 after final", t++);
    check_status(karx_lsh256_init(NULL, 32), KARX_ERR_ARGUMENT, "lsh256 init NULL", t++);
    check_status(karx_lea_set_key(LEA_KEY, key, 15), KARX_ERR_KEY_LENGTH, "lea key 15", t++);
    check_status(karx_lea_set_key(LEA_KEY, NULL, 16), KARX_ERR_ARGUMENT, "lea key NULL", t++);
    check_status(karx_lea_encrypt_block(LEA_KEY, got, msg), KARX_ERR_STATE, "lea no key", t++);
    check_status(karx_lea_encrypt_block(NULL, got, msg), KARX_ERR_ARGUMENT, "lea NULL key", t++);
    check_status(karx_hight_set_key(&hk, key, 8), KARX_ERR_KEY_LENGTH, "hight key 8", t++);
    check_status(karx_hight_encrypt_block(&hk, got, msg), KARX_ERR_STATE, "hight no key", t++);
    check_status(karx_cham64_set_key(&c64, key, 32), KARX_ERR_KEY_LENGTH, "cham64 key 32", t++);
    check_status(karx_cham128_set_key(&c128, key, 24), KARX_ERR_KEY_LENGTH, "cham128 key 24", t++);
    check_status(karx_cham128_decrypt_block(&c128, got, NULL), KARX_ERR_ARGUMENT,
                 "cham128 NULL in", t++);
    check_status(karx_cipher_encrypt(KARX_CIPHER_LEA128, KARX_MODE_CBC, KARX_PAD_NONE, key, 16,
                                     iv, 16, buf, sizeof buf, &n, msg, 15),
                 KARX_ERR_DATA_LENGTH, "cbc partial block", t++);
    check(n == 0, "cbc partial block out_len", t++);
    check_status(karx_cipher_encrypt(KARX_CIPHER_LEA128, KARX_MODE_CBC, KARX_PAD_NONE, key, 16,
                                     iv, 8, buf, sizeof buf, &n, msg, 16),
                 KARX_ERR_IV_LENGTH, "cbc iv 8", t++);
    check_status(karx_cipher_encrypt(KARX_CIPHER_HIGHT, KARX_MODE_CBC, KARX_PAD_PKCS7, key, 16,
                                     iv, 8, buf, 8, &n, msg, 8),
                 KARX_ERR_OUTPUT_LENGTH, "cbc pkcs7 out cap", t++);
    check_status(karx_cipher_encrypt(KARX_CIPHER_LEA128, KARX_MODE_CTR, KARX_PAD_NONE, key, 16,
                                     NULL, 16, buf, sizeof buf, &n, msg, 16),
                 KARX_ERR_ARGUMENT, "ctr NULL iv", t++);
    check_status(karx_cipher_encrypt((karx_cipher_alg)99, KARX_MODE_ECB, KARX_PAD_NONE, key, 16,
                                     NULL, 0, buf, sizeof buf, &n, msg, 16),
                 KARX_ERR_UNKNOWN_ALGORITHM, "unknown cipher", t++);
    /* A CTR call that would wrap the counter is refused and writes nothing. */
    {
        memset(ctr, 0xff, 16);
        memset(buf, 0x5a, 32);
        check_status(karx_cipher_set_key(CIPHER_KEY, KARX_CIPHER_LEA128, key, 16), KARX_OK, "ctr key", t++);
        check_status(karx_ctr_xor(CIPHER_KEY, ctr, buf, msg, 32), KARX_ERR_COUNTER_OVERFLOW,
                     "ctr wrap", t++);
        check(buf[0] == 0x5a && buf[31] == 0x5a, "ctr wrap wrote nothing", t++);
        karx_cipher_key_wipe(CIPHER_KEY);
    }
}

/* ---- stack use: paint below the current frame, call, see how deep the paint was eaten ---- */

#define PAINT 0xa5

static __attribute__((noinline)) void stack_paint(void)
{
    volatile uint8_t here = 0;
    uint8_t *p = plat_stack_limit();
    uint8_t *stop = (uint8_t *)((uintptr_t)&here - 48); /* leave this frame alone */
    while (p < stop)
        *p++ = PAINT;
    (void)here;
}

static __attribute__((noinline)) size_t stack_depth(const uint8_t *top)
{
    const volatile uint8_t *p = plat_stack_limit();
    while (*p == PAINT)
        p++;
    return (size_t)(top - (const uint8_t *)p);
}

static void report_stack(const char *what, size_t bytes)
{
    put_str("stack ");
    put_str(what);
    plat_putc(' ');
    put_uint(bytes);
    plat_putc('\n');
}

enum { OP_LSH256 = 1, OP_LSH512, OP_LEA, OP_HIGHT, OP_CHAM64, OP_CHAM128 };

static __attribute__((noinline)) void run_op(int op, size_t len)
{
    switch (op) {
    case OP_LSH256: karx_lsh256(got, 32, msg, len); break;
    case OP_LSH512: karx_lsh512(got, 64, msg, len); break;
    case OP_LEA: {
        karx_lea_set_key(LEA_KEY, key, 16);
        karx_lea_encrypt_block(LEA_KEY, got, msg);
        break;
    }
    case OP_HIGHT: {
        karx_hight_key hk;
        karx_hight_set_key(&hk, key, 16);
        karx_hight_encrypt_block(&hk, got, msg);
        break;
    }
    case OP_CHAM64: {
        karx_cham64_key ck;
        karx_cham64_set_key(&ck, key, 16);
        karx_cham64_encrypt_block(&ck, got, msg);
        break;
    }
    default: {
        karx_cham128_key ck;
        karx_cham128_set_key(&ck, key, 16);
        karx_cham128_encrypt_block(&ck, got, msg);
        break;
    }
    }
}

static __attribute__((noinline)) void measure_stack(const char *what, int op, size_t len)
{
    uint8_t top;
    if (plat_stack_limit() == NULL)
        return; /* hosted build: no stack to paint */
    stack_paint();
    run_op(op, len);
    report_stack(what, stack_depth(&top));
}

#ifdef KARX_EMB_BENCH
/* Timed calls: "bench NAME BYTES" then the harness appends " cycles=N" at the stop marker. The
 * empty pair first gives the markers' own cost, which the report script subtracts. */
static __attribute__((noinline)) void timed(const char *name, int op, size_t len, size_t bytes)
{
    put_str("bench ");
    put_str(name);
    plat_putc(' ');
    put_uint(bytes);
    plat_mark(1);
    if (op)
        run_op(op, len);
    plat_mark(2);
    plat_putc('\n');
}

static __attribute__((noinline)) void timed_blocks(const char *name, int op)
{
    /* Encrypt only, key already scheduled: the per-block cost. */
    karx_hight_key hk;
    karx_cham64_key c64;
    karx_cham128_key c128;
    karx_lea_set_key(LEA_KEY, key, 16);
    karx_hight_set_key(&hk, key, 16);
    karx_cham64_set_key(&c64, key, 16);
    karx_cham128_set_key(&c128, key, 16);
    put_str("bench ");
    put_str(name);
    put_str(op == OP_LEA || op == OP_CHAM128 ? " 16" : " 8");
    plat_mark(1);
    switch (op) {
    case OP_LEA: karx_lea_encrypt_block(LEA_KEY, got, msg); break;
    case OP_HIGHT: karx_hight_encrypt_block(&hk, got, msg); break;
    case OP_CHAM64: karx_cham64_encrypt_block(&c64, got, msg); break;
    default: karx_cham128_encrypt_block(&c128, got, msg); break;
    }
    plat_mark(2);
    plat_putc('\n');
    karx_lea_key_wipe(LEA_KEY);
}

static void bench(void)
{
    static const uint16_t sizes[3] = {50, 100, 500};
    for (unsigned i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    memset(key, 0x3c, sizeof key);
    timed("calibrate", 0, 0, 0);
    for (unsigned i = 0; i < 3; i++)
        timed("lsh256-256", OP_LSH256, sizes[i], sizes[i]);
    for (unsigned i = 0; i < 3; i++)
        timed("lsh512-512", OP_LSH512, sizes[i], sizes[i]);
    timed("lea128-setkey+block", OP_LEA, 0, 16);
    timed("hight-setkey+block", OP_HIGHT, 0, 8);
    timed("cham64-setkey+block", OP_CHAM64, 0, 8);
    timed("cham128-setkey+block", OP_CHAM128, 0, 16);
    timed_blocks("lea128-block", OP_LEA);
    timed_blocks("hight-block", OP_HIGHT);
    timed_blocks("cham64-block", OP_CHAM64);
    timed_blocks("cham128-block", OP_CHAM128);
}
#endif

int main(void)
{
    plat_init();
    put_str("karx embedded KAT\n");
    test_lsh(256, kat_lsh256, KAT_LSH256_COUNT);
    test_lsh(512, kat_lsh512, KAT_LSH512_COUNT);
    test_ciphers();
    test_bad_input();
    measure_stack("lsh256-256(100B)", OP_LSH256, 100);
    measure_stack("lsh512-512(100B)", OP_LSH512, 100);
    measure_stack("lea128-setkey+block", OP_LEA, 0);
    measure_stack("hight-setkey+block", OP_HIGHT, 0);
    measure_stack("cham64-setkey+block", OP_CHAM64, 0);
    measure_stack("cham128-setkey+block", OP_CHAM128, 0);
#ifdef KARX_EMB_BENCH
    bench();
#endif
    put_str("KAT: ");
    put_uint(passed);
    put_str(" passed, ");
    put_uint(failed);
    put_str(" failed\n");
    plat_exit(failed > 100 ? 100 : (int)failed);
}
