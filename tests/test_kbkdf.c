/* KBKDF (karx/kbkdf.h): the TTAK.KO-12.0272 known answers (CMAC-LEA/HIGHT/ARIA, every mode),
 * the second model's vectors (every mode, counter width and [L] form, CMAC over LEA/HIGHT/CHAM
 * and HMAC over every LSH), and every refusal. Argument: the tests/kat directory. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"
#include "test_util.h"

#define MAXV 8192 /* the largest field of a vector file, in bytes */

typedef struct vec {
    char prf[48], mode[16];
    unsigned counter_bits, l_bytes;
    size_t len;
    uint8_t ki[MAXV], label[MAXV], context[MAXV], iv[MAXV], ko[MAXV];
    size_t ki_len, label_len, context_len, iv_len, ko_len;
} vec;

/* Stores one "key = value" line into v; 0, or -1 for a line it cannot read. */
static int set_field(vec *v, const char *key, const char *val)
{
    long n = 0;
    if (strcmp(key, "prf") == 0) snprintf(v->prf, sizeof v->prf, "%s", val);
    else if (strcmp(key, "mode") == 0) snprintf(v->mode, sizeof v->mode, "%s", val);
    else if (strcmp(key, "counter_bits") == 0) v->counter_bits = (unsigned)atoi(val);
    else if (strcmp(key, "l_bytes") == 0) v->l_bytes = (unsigned)atoi(val);
    else if (strcmp(key, "len") == 0) v->len = (size_t)atol(val);
    else if (strcmp(key, "ki") == 0) n = t_unhex(val, v->ki, MAXV), v->ki_len = (size_t)n;
    else if (strcmp(key, "label") == 0) n = t_unhex(val, v->label, MAXV), v->label_len = (size_t)n;
    else if (strcmp(key, "context") == 0) n = t_unhex(val, v->context, MAXV), v->context_len = (size_t)n;
    else if (strcmp(key, "iv") == 0) n = t_unhex(val, v->iv, MAXV), v->iv_len = (size_t)n;
    else if (strcmp(key, "ko") == 0) n = t_unhex(val, v->ko, MAXV), v->ko_len = (size_t)n;
    else return -1;
    return n < 0 ? -1 : 0;
}

/* Runs one vector; the bytes past len must stay as they were. */
static void run_vec(const vec *v, const char *file, int index)
{
    karx_alg_info prf;
    karx_kbkdf_params p;
    static uint8_t out[MAXV + 16];
    memset(&p, 0, sizeof p);
    CHECK(karx_alg_find(KARX_KIND_MAC, v->prf, &prf) == KARX_OK, "%s #%d: prf %s", file, index, v->prf);
    CHECK(karx_kbkdf_mode_from_name(v->mode, &p.mode) == KARX_OK, "%s #%d: mode %s", file, index, v->mode);
    CHECK(v->ko_len == v->len && v->len <= MAXV, "%s #%d: len", file, index);
    if (v->ko_len != v->len || v->len > MAXV)
        return;
    p.prf = prf.id;
    p.counter_bits = v->counter_bits;
    p.l_bytes = v->l_bytes;
    p.label = v->label, p.label_len = v->label_len;
    p.context = v->context, p.context_len = v->context_len;
    p.iv = v->iv, p.iv_len = v->iv_len;
    memset(out, 0xa5, sizeof out);
    karx_status s = karx_kbkdf(&p, v->ki, v->ki_len, out, v->len);
    CHECK(s == KARX_OK, "%s #%d (%s %s r=%u): %s", file, index, v->prf, v->mode, v->counter_bits,
          karx_strerror(s));
    CHECK(memcmp(out, v->ko, v->len) == 0, "%s #%d (%s %s r=%u l=%u len=%zu): wrong key", file, index,
          v->prf, v->mode, v->counter_bits, v->l_bytes, v->len);
    CHECK(out[v->len] == 0xa5 && out[v->len + 15] == 0xa5, "%s #%d: wrote past len", file, index);
}

/* Runs every record of dir/name; returns how many it ran. */
static int run_file(const char *dir, const char *name)
{
    char line[2 * MAXV + 64];
    static vec v;
    int n = 0, have = 0;
    FILE *f = t_open_kat(dir, name);
    if (f == NULL)
        return 0;
    memset(&v, 0, sizeof v);
    for (;;) {
        char *got = fgets(line, sizeof line, f);
        char *eq = got ? strchr(line, '=') : NULL;
        if (got && line[0] == '#')
            continue;
        if (eq == NULL) { /* a blank line or the end: the record is complete */
            if (have)
                run_vec(&v, name, n++);
            memset(&v, 0, sizeof v);
            have = 0;
            if (!got)
                break;
            continue;
        }
        char *key = line, *val = eq + 1, *end = eq;
        while (end > key && end[-1] == ' ') end--;
        *end = '\0';
        while (*val == ' ') val++;
        val[strcspn(val, "\r\n")] = '\0';
        CHECK(set_field(&v, key, val) == 0, "%s: bad line '%s'", name, key);
        have = 1;
    }
    fclose(f);
    return n;
}

static karx_kbkdf_params params(const char *prf_name, karx_kbkdf_mode mode, unsigned r, unsigned l)
{
    karx_alg_info a;
    karx_kbkdf_params p;
    memset(&p, 0, sizeof p);
    p.prf = karx_alg_find(KARX_KIND_MAC, prf_name, &a) == KARX_OK ? a.id : -1;
    p.mode = mode;
    p.counter_bits = r;
    p.l_bytes = l;
    return p;
}

/* s is the status of p over key and out_len, and out is untouched. */
static void refused(const karx_kbkdf_params *p, const uint8_t *key, size_t key_len, size_t out_len,
                    karx_status want, const char *what)
{
    static uint8_t out[1 << 20];
    out[0] = 0xa5;
    out[out_len > 0 && out_len <= sizeof out ? out_len - 1 : 0] = 0xa5;
    karx_status s = karx_kbkdf(p, key, key_len, out, out_len);
    CHECK(s == want, "%s: got %s, want %s", what, karx_strerror(s), karx_strerror(want));
    CHECK(out[0] == 0xa5, "%s: wrote on a refusal", what);
}

static void test_refusals(void)
{
    static const uint8_t k16[32] = {1, 2, 3};
    uint8_t out[16];
    karx_kbkdf_params p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 0);
    CHECK(karx_kbkdf(NULL, k16, 16, out, 16) == KARX_ERR_ARGUMENT, "NULL params");
    CHECK(karx_kbkdf(&p, k16, 16, NULL, 16) == KARX_ERR_ARGUMENT, "NULL out");
    CHECK(karx_kbkdf(&p, NULL, 16, out, 16) == KARX_ERR_ARGUMENT, "NULL key");
    refused(&p, k16, 16, 0, KARX_ERR_OUTPUT_LENGTH, "out_len 0");
    p.label_len = 3;
    refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "NULL label, length 3");
    p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 0);
    p.context_len = 1;
    refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "NULL context, length 1");
    p = params("cmac-lea128", KARX_KBKDF_FEEDBACK, 32, 0);
    p.iv_len = 1;
    refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "NULL iv, length 1");
    /* an IV means something only in feedback mode */
    p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 0);
    p.iv = k16, p.iv_len = 16;
    refused(&p, k16, 16, 16, KARX_ERR_IV_LENGTH, "IV in counter mode");
    p.mode = KARX_KBKDF_PIPELINE;
    refused(&p, k16, 16, 16, KARX_ERR_IV_LENGTH, "IV in pipeline mode");

    const unsigned bad_bits[] = {1, 7, 12, 40, 64};
    for (size_t i = 0; i < sizeof bad_bits / sizeof bad_bits[0]; i++) {
        p = params("cmac-lea128", KARX_KBKDF_FEEDBACK, bad_bits[i], 0);
        refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "counter bits");
    }
    p = params("cmac-lea128", KARX_KBKDF_COUNTER, 0, 0);
    refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "no counter in counter mode");
    p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 5);
    refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "l_bytes 5");
    p = params("cmac-lea128", (karx_kbkdf_mode)0, 32, 0);
    refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "mode 0");
    p.mode = (karx_kbkdf_mode)4;
    refused(&p, k16, 16, 16, KARX_ERR_ARGUMENT, "mode 4");

    /* PRFs: unknown ids, GMAC, CMAC key lengths */
    const int unknown[] = {-1, 0, KARX_MAC_ID(KARX_MAC_CMAC, 200), KARX_MAC_ID(KARX_MAC_HMAC, 99),
                           KARX_MAC_ID(77, 1)};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 0);
        p.prf = unknown[i];
        refused(&p, k16, 16, 16, KARX_ERR_UNKNOWN_ALGORITHM, "unknown PRF id");
        CHECK(karx_kbkdf_prf_bytes(unknown[i]) == 0, "prf_bytes of unknown id %d", unknown[i]);
    }
#ifdef KARX_MAC_GMAC
    p = params("gmac-lea128", KARX_KBKDF_COUNTER, 32, 0);
    CHECK(p.prf == KARX_MAC_ID(KARX_MAC_GMAC, KARX_CIPHER_LEA128), "gmac-lea128 in the registry");
    refused(&p, k16, 16, 16, KARX_ERR_UNSUPPORTED, "GMAC as a PRF");
    CHECK(karx_kbkdf_prf_bytes(p.prf) == 0, "prf_bytes of GMAC");
#else
    printf("note: this build's registry has no GMAC; the GMAC refusal is not checked\n");
#endif
    p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 0);
    refused(&p, k16, 15, 16, KARX_ERR_KEY_LENGTH, "CMAC-LEA-128, 15-byte key");
    refused(&p, k16, 32, 16, KARX_ERR_KEY_LENGTH, "CMAC-LEA-128, 32-byte key");
    refused(&p, NULL, 0, 16, KARX_ERR_KEY_LENGTH, "CMAC-LEA-128, empty key");
    p = params("cmac-hight", KARX_KBKDF_COUNTER, 32, 0);
    refused(&p, k16, 8, 16, KARX_ERR_KEY_LENGTH, "CMAC-HIGHT, 8-byte key");
    p = params("hmac-lsh256-256", KARX_KBKDF_COUNTER, 8, 0);
    CHECK(karx_kbkdf(&p, NULL, 0, out, 16) == KARX_OK, "HMAC, empty key");
}

/* n <= 2^r - 1 blocks and [L] < 2^(8 l_bytes): the last length allowed works, one more byte
 * is refused before anything is written. */
static void test_limits(void)
{
    static const uint8_t k16[16] = {9};
    static uint8_t big[(size_t)65535 * 8 + 1];
    karx_kbkdf_params p = params("cmac-hight", KARX_KBKDF_COUNTER, 8, 0);
    CHECK(karx_kbkdf(&p, k16, 16, big, 255 * 8) == KARX_OK, "255 blocks, 8-bit counter");
    refused(&p, k16, 16, 255 * 8 + 1, KARX_ERR_OUTPUT_LENGTH, "256 blocks, 8-bit counter");
    p = params("cmac-hight", KARX_KBKDF_PIPELINE, 16, 0);
    refused(&p, k16, 16, (size_t)65535 * 8 + 1, KARX_ERR_OUTPUT_LENGTH, "65536 blocks, 16-bit counter");
    p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 1);
    CHECK(karx_kbkdf(&p, k16, 16, big, 31) == KARX_OK, "[L] 248 in one byte");
    refused(&p, k16, 16, 32, KARX_ERR_OUTPUT_LENGTH, "[L] 256 in one byte");
    p.l_bytes = 2;
    CHECK(karx_kbkdf(&p, k16, 16, big, 8191) == KARX_OK, "[L] 65528 in two bytes");
    refused(&p, k16, 16, 8192, KARX_ERR_OUTPUT_LENGTH, "[L] 65536 in two bytes");
#if SIZE_MAX > 0xffffffffu
    /* 2^32 blocks without a counter: refused on the count alone (nothing is written) */
    p = params("cmac-lea128", KARX_KBKDF_FEEDBACK, 0, 0);
    CHECK(karx_kbkdf(&p, k16, 16, big, ((size_t)1 << 32) * 16) == KARX_ERR_OUTPUT_LENGTH,
          "2^32 blocks without a counter");
    p.counter_bits = 32;
    CHECK(karx_kbkdf(&p, k16, 16, big, ((size_t)1 << 32) * 16) == KARX_ERR_OUTPUT_LENGTH,
          "2^32 blocks, 32-bit counter");
#endif
}

/* The [L] forms give different keys, and a key is a prefix of a longer one only where [L]
 * is the same (it is part of every PRF input). */
static void test_forms(void)
{
    static const uint8_t k16[16] = {7};
    uint8_t a[64], b[64];
    karx_kbkdf_params p = params("cmac-lea128", KARX_KBKDF_COUNTER, 32, 0);
    CHECK(karx_kbkdf(&p, k16, 16, a, 64) == KARX_OK, "TTAK [L]");
    p.l_bytes = 4;
    CHECK(karx_kbkdf(&p, k16, 16, b, 64) == KARX_OK, "4-byte [L]");
    CHECK(memcmp(a, b, 64) != 0, "the [L] forms differ");
    CHECK(karx_kbkdf(&p, k16, 16, a, 32) == KARX_OK, "4-byte [L], 32 bytes");
    CHECK(memcmp(a, b, 32) != 0, "[L] binds the length");
}

static void test_names(void)
{
    karx_kbkdf_mode m = KARX_KBKDF_COUNTER;
    const char *names[] = {"counter", "feedback", "pipeline"};
    for (int i = 0; i < 3; i++) {
        CHECK(strcmp(karx_kbkdf_mode_name((karx_kbkdf_mode)(i + 1)), names[i]) == 0, "name %d", i);
        CHECK(karx_kbkdf_mode_from_name(names[i], &m) == KARX_OK && m == (karx_kbkdf_mode)(i + 1),
              "%s", names[i]);
    }
    CHECK(karx_kbkdf_mode_name((karx_kbkdf_mode)0) == NULL, "name of mode 0");
    CHECK(karx_kbkdf_mode_from_name("Double-Pipeline", &m) == KARX_OK && m == KARX_KBKDF_PIPELINE, "DP");
    CHECK(karx_kbkdf_mode_from_name("CTR", &m) == KARX_OK && m == KARX_KBKDF_COUNTER, "CTR");
    CHECK(karx_kbkdf_mode_from_name("fb", &m) == KARX_OK && m == KARX_KBKDF_FEEDBACK, "fb");
    CHECK(karx_kbkdf_mode_from_name("count", &m) == KARX_ERR_UNKNOWN_ALGORITHM, "count");
    CHECK(karx_kbkdf_mode_from_name("", &m) == KARX_ERR_UNKNOWN_ALGORITHM, "empty name");
    CHECK(karx_kbkdf_mode_from_name(NULL, &m) == KARX_ERR_ARGUMENT, "NULL name");
    CHECK(karx_kbkdf_prf_bytes(params("cmac-hight", KARX_KBKDF_COUNTER, 8, 0).prf) == 8, "hight h");
    CHECK(karx_kbkdf_prf_bytes(params("hmac-lsh512-512", KARX_KBKDF_COUNTER, 8, 0).prf) == 64,
          "lsh512-512 h");
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    const karx_backend start = karx_get_backend();
    int ttak = 0, model = 0, backends = 0;
    /* every back end this CPU runs: HMAC-LSH uses its compression kernel, CMAC its cipher */
    for (int b = 0; b < t_backend_count(); b++) {
        if (!karx_backend_supported((karx_backend)b) || karx_set_backend((karx_backend)b) != KARX_OK)
            continue;
        ttak = run_file(dir, "ttak_kbkdf_cmac.txt");
        model = run_file(dir, "model_kbkdf.txt");
        CHECK(ttak == 56, "TTAK vectors run at %s: %d", karx_backend_name((karx_backend)b), ttak);
        CHECK(model >= 99, "model vectors run at %s: %d", karx_backend_name((karx_backend)b), model);
        backends++;
    }
    CHECK(backends >= 1 && karx_set_backend(start) == KARX_OK, "back ends run: %d", backends);
    test_refusals();
    test_limits();
    test_forms();
    test_names();
    printf("%d TTAK.KO-12.0272 and %d model vectors at %d back ends\n", ttak, model, backends);
    return t_finish("kbkdf");
}
