/* Bad input gets a status, never a crash; contexts are wiped; names and sizes agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"
#include "test_util.h"

static void null_and_lengths(void)
{
    uint8_t out[64], msg[8] = {0};
    karx_lsh256_ctx c256;
    karx_lsh512_ctx c512;
    CHECK(karx_lsh256(NULL, 32, msg, 1) == KARX_ERR_ARGUMENT, "NULL out");
    CHECK(karx_lsh256(out, 32, NULL, 1) == KARX_ERR_ARGUMENT, "NULL in, len 1");
    CHECK(karx_lsh256(out, 32, NULL, 0) == KARX_OK, "NULL in, len 0 is the empty message");
    CHECK(karx_lsh256(out, 31, msg, 1) == KARX_ERR_OUTPUT_LENGTH, "unsupported digest length");
    CHECK(karx_lsh512(out, 33, msg, 1) == KARX_ERR_OUTPUT_LENGTH, "unsupported digest length");
    CHECK(karx_lsh256_init(NULL, 32) == KARX_ERR_ARGUMENT, "init NULL");
    CHECK(karx_lsh256_init(&c256, 64) == KARX_ERR_OUTPUT_LENGTH, "LSH-256 has no 64-byte variant");
    CHECK(karx_lsh256_update(&c256, msg, 1) == KARX_ERR_STATE, "update after failed init");
    CHECK(karx_lsh512_init(&c512, 48) == KARX_OK, "init");
    CHECK(karx_lsh512_update(&c512, NULL, 5) == KARX_ERR_ARGUMENT, "update NULL");
    CHECK(karx_lsh512_update(NULL, msg, 5) == KARX_ERR_ARGUMENT, "update NULL ctx");
    CHECK(karx_lsh512_final(&c512, NULL, 64) == KARX_ERR_ARGUMENT, "final NULL");
    CHECK(karx_lsh512_final(&c512, out, 47) == KARX_ERR_OUTPUT_LENGTH, "output too small");
    CHECK(karx_lsh512_final(&c512, out, 48) == KARX_OK, "the context survives a too-small final");
    CHECK(t_all_zero(&c512, sizeof c512), "final wipes the context");
    CHECK(karx_lsh512_update(&c512, msg, 1) == KARX_ERR_STATE, "update after final");
    CHECK(karx_lsh512_final(&c512, out, 64) == KARX_ERR_STATE, "final after final");

    /* NULL with length 0 while bytes are buffered: a no-op (it was memcpy from NULL, which
     * UBSan stops on in the sanitizer build) */
    uint8_t ref[32];
    CHECK(karx_lsh256(ref, 32, msg, 3) == KARX_OK, "one-shot");
    CHECK(karx_lsh256_init(&c256, 32) == KARX_OK, "init");
    CHECK(karx_lsh256_update(&c256, msg, 3) == KARX_OK, "3 bytes buffered");
    CHECK(karx_lsh256_update(&c256, NULL, 0) == KARX_OK, "NULL, 0 with bytes buffered");
    CHECK(karx_lsh256_final(&c256, out, 32) == KARX_OK && memcmp(out, ref, 32) == 0,
          "NULL, 0 changes nothing");

    /* A partial-byte update must be the last one. */
    CHECK(karx_lsh256_init(&c256, 32) == KARX_OK, "init");
    CHECK(karx_lsh256_update_bits(&c256, msg, 12) == KARX_OK, "12 bits");
    CHECK(karx_lsh256_update_bits(&c256, msg, 8) == KARX_ERR_STATE, "bits after a partial byte");
    CHECK(karx_lsh256_update(&c256, msg, 1) == KARX_ERR_STATE, "bytes after a partial byte");
    CHECK(karx_lsh256_final(&c256, out, 32) == KARX_OK, "final after a partial byte");

    /* update_bits with whole bytes equals update. */
    uint8_t a[32], b[32];
    karx_lsh256_init(&c256, 32);
    karx_lsh256_update_bits(&c256, "abc", 24);
    karx_lsh256_final(&c256, a, 32);
    karx_lsh256(b, 32, "abc", 3);
    CHECK(memcmp(a, b, 32) == 0, "update_bits(24) == update(3)");
}

static void by_id_and_registry(void)
{
    uint8_t out[128];
    karx_lsh_ctx ctx;
    karx_lsh_alg alg;
    CHECK(karx_lsh_init(&ctx, (karx_lsh_alg)99) == KARX_ERR_UNKNOWN_ALGORITHM, "unknown variant");
    CHECK(karx_lsh_update(&ctx, "x", 1) == KARX_ERR_STATE, "update after failed init");
    CHECK(karx_lsh((karx_lsh_alg)0, out, 64, "x", 1) == KARX_ERR_UNKNOWN_ALGORITHM, "unknown");
    CHECK(karx_lsh(KARX_LSH512_512, out, 63, "x", 1) == KARX_ERR_OUTPUT_LENGTH, "short output");
    CHECK(karx_lsh_many(KARX_LSH256_256, out, 63, "xy", 1, 2) == KARX_ERR_OUTPUT_LENGTH,
          "batch output too small");
    CHECK(karx_lsh_alg_from_name("lsh512-256", &alg) == KARX_OK && alg == KARX_LSH512_256, "name");
    CHECK(karx_lsh_alg_from_name("LSH-256-224", &alg) == KARX_OK && alg == KARX_LSH256_224, "alias");
    CHECK(karx_lsh_alg_from_name("Lsh_512/384", &alg) == KARX_OK && alg == KARX_LSH512_384,
          "one name rule: case and separators ignored");
    CHECK(karx_lsh_alg_from_name("lsh512-257", &alg) == KARX_ERR_UNKNOWN_ALGORITHM, "no such variant");
    CHECK(karx_lsh_alg_from_name("sha256", &alg) == KARX_ERR_UNKNOWN_ALGORITHM, "unknown name");
    CHECK(karx_lsh_alg_from_name(NULL, &alg) == KARX_ERR_ARGUMENT, "NULL name");
    static const size_t sizes[] = {0, 28, 32, 28, 32, 48, 64};
    for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++) {
        const char *n = karx_lsh_alg_name((karx_lsh_alg)a);
        CHECK(n != NULL && karx_lsh_alg_from_name(n, &alg) == KARX_OK && (int)alg == a, "round trip");
        CHECK(karx_lsh_digest_bytes((karx_lsh_alg)a) == sizes[a], "digest size of %s", n);
        CHECK(karx_lsh_block_bytes((karx_lsh_alg)a) == (a <= KARX_LSH256_256 ? 128u : 256u), "block");
    }
    CHECK(karx_lsh_alg_name((karx_lsh_alg)7) == NULL, "no name for 7");
    CHECK(karx_lsh256_block_bytes() == KARX_LSH256_BLOCK_BYTES, "macro = function");
    CHECK(karx_lsh512_block_bytes() == KARX_LSH512_BLOCK_BYTES, "macro = function");
}

static void batches_bad_input(void)
{
    uint8_t out[256];
    const uint8_t *ptrs[2] = {NULL, (const uint8_t *)"ab"};
    size_t lens[2] = {1, 2};
    size_t offs[3] = {0, 5, 3};
    CHECK(karx_lsh256_many(out, 32, NULL, 0, 0) == KARX_OK, "n = 0");
    CHECK(karx_lsh256_many(NULL, 32, "ab", 1, 2) == KARX_ERR_ARGUMENT, "NULL out");
    CHECK(karx_lsh256_many(out, 30, "ab", 1, 2) == KARX_ERR_OUTPUT_LENGTH, "bad digest length");
    CHECK(karx_lsh512_many(out, 64, "ab", SIZE_MAX / 2, 4) == KARX_ERR_DATA_LENGTH, "n*len overflow");
    CHECK(karx_lsh256_many_ptrs(out, 32, ptrs, lens, 2) == KARX_ERR_ARGUMENT, "NULL message, len 1");
    lens[0] = 0;
    CHECK(karx_lsh256_many_ptrs(out, 32, ptrs, lens, 2) == KARX_OK, "NULL message, len 0");
    CHECK(karx_lsh512_many_offsets(out, 64, "abcdef", offs, 2) == KARX_ERR_DATA_LENGTH,
          "decreasing offsets");
}

static void status_strings_and_backends(void)
{
    for (int s = 0; s >= -15; s--) {
        const char *m = karx_strerror((karx_status)s);
        CHECK(m != NULL && strcmp(m, "unknown status") != 0, "strerror(%d)", s);
    }
    CHECK(strcmp(karx_version(), KARX_VERSION_STRING) == 0, "header and library versions agree");
    CHECK(karx_set_backend((karx_backend)42) == KARX_ERR_UNSUPPORTED, "bad back end");
    CHECK(karx_backend_supported(KARX_BACKEND_PORTABLE), "portable always runs");
    karx_backend b;
    CHECK(karx_backend_from_name("avx2", &b) == KARX_OK && b == KARX_BACKEND_AVX2, "name");
    CHECK(karx_backend_from_name("avx1024", &b) == KARX_ERR_UNKNOWN_ALGORITHM, "bad name");
    /* With KARX_EXPECT_BACKEND set (by ctest, next to KARX_BACKEND), the override took effect. */
    const char *want = getenv("KARX_EXPECT_BACKEND");
    if (want)
        CHECK(strcmp(karx_backend_name(karx_get_backend()), want) == 0, "KARX_BACKEND override: %s",
              karx_backend_name(karx_get_backend()));
    uint8_t z[4] = {0}, o[4] = {0, 0, 0, 1};
    CHECK(karx_memcmp_ct(z, z, 4) == 0 && karx_memcmp_ct(z, o, 4) == -1, "memcmp_ct");
}

int main(void)
{
    status_strings_and_backends(); /* first: the env override is checked before any set */
    null_and_lengths();
    by_id_and_registry();
    batches_bad_input();
    return t_finish("test_lsh_api");
}
