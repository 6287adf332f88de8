#define _POSIX_C_SOURCE 200809L
/* Every vendored LSH vector (KCMVP, KISA bit-length, Crypto++) on every back end this CPU runs,
 * through one-shot, streaming (bit-length and byte chunks), the by-id API and the batch calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "karx/karx.h"
#include "test_util.h"

typedef struct {
    karx_lsh_alg alg;
    size_t bits;
    uint8_t *msg;
    uint8_t md[64];
    size_t md_len;
    char where[96];
} kat_case;

static kat_case *cases;
static size_t ncases, cap_cases;

static void add_case(kat_case *c)
{
    if (ncases == cap_cases && (cases = t_grow(cases, &cap_cases, 256, sizeof *cases)) == NULL)
        abort();
    cases[ncases++] = *c;
}

/* "LSH(256-224)", "LSH-256-256", Crypto++'s "LSH-224" ... to an id; 0 if none. */
static karx_lsh_alg alg_from_label(const char *s)
{
    static const struct { const char *label; karx_lsh_alg alg; } map[] = {
        {"LSH(256-224)", KARX_LSH256_224}, {"LSH(256-256)", KARX_LSH256_256},
        {"LSH(512-224)", KARX_LSH512_224}, {"LSH(512-256)", KARX_LSH512_256},
        {"LSH(512-384)", KARX_LSH512_384}, {"LSH(512-512)", KARX_LSH512_512},
        {"LSH-256-256", KARX_LSH256_256}, {"LSH-512-512", KARX_LSH512_512},
        {"LSH-512-256", KARX_LSH512_256}, {"LSH-224", KARX_LSH256_224},
        {"LSH-256", KARX_LSH256_256},     {"LSH-384", KARX_LSH512_384},
        {"LSH-512", KARX_LSH512_512},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strncmp(s, map[i].label, strlen(map[i].label)) == 0 &&
            (s[strlen(map[i].label)] == ']' || s[strlen(map[i].label)] == 'S' ||
             s[strlen(map[i].label)] == 'L' || s[strlen(map[i].label)] == '\n' ||
             s[strlen(map[i].label)] == '\r' || s[strlen(map[i].label)] == 0))
            return map[i].alg;
    return (karx_lsh_alg)0;
}

/* Crypto++ "Message:" value: hex words, or "rN XX" = N copies of byte XX. */
static long parse_cryptopp_msg(const char *v, uint8_t *out, size_t cap)
{
    while (*v == ' ') v++;
    if (*v == 'r') {
        char *end;
        unsigned long n = strtoul(v + 1, &end, 10);
        uint8_t b = 0;
        if (n > cap || t_unhex(end, &b, 1) != 1) return -1;
        memset(out, b, n);
        return (long)n;
    }
    return t_unhex(v, out, cap);
}

static void load_file(const char *dir, const char *name)
{
    FILE *f = t_open_kat(dir, name);
    if (!f) return;
    char *line = NULL;
    size_t linecap = 0;
    size_t bufcap = 1 << 20;
    uint8_t *buf = malloc(bufcap);
    karx_lsh_alg alg = 0;
    kat_case c;
    memset(&c, 0, sizeof c);
    long have_len = -1, msg_len = -1;
    unsigned lineno = 0, before = (unsigned)ncases;
    while (getline(&line, &linecap, f) > 0) {
        lineno++;
        if (line[0] == '#') continue;
        if (line[0] == '[') {
            alg = alg_from_label(line + 1);
            continue;
        }
        if (strncmp(line, "Name: ", 6) == 0) {
            alg = alg_from_label(line + 6);
            continue;
        }
        if (strncmp(line, "Len = ", 6) == 0) {
            have_len = strtol(line + 6, NULL, 10);
        } else if (strncmp(line, "Msg = ", 6) == 0) {
            msg_len = t_unhex(line + 6, buf, bufcap);
        } else if (strncmp(line, "Message:", 8) == 0) {
            msg_len = parse_cryptopp_msg(line + 8, buf, bufcap);
            have_len = msg_len * 8;
        } else if (strncmp(line, "MD = ", 5) == 0 || strncmp(line, "Digest:", 7) == 0) {
            const char *v = line[0] == 'M' ? line + 5 : line + 7;
            long md = t_unhex(v, c.md, sizeof c.md);
            CHECK(alg != 0 && have_len >= 0 && msg_len >= 0 && md > 0, "%s:%u: malformed case",
                  name, lineno);
            if (alg == 0 || have_len < 0 || msg_len < 0 || md <= 0) continue;
            CHECK((size_t)msg_len * 8 >= (size_t)have_len, "%s:%u: Msg shorter than Len", name, lineno);
            c.alg = alg;
            c.bits = (size_t)have_len;
            c.md_len = (size_t)md;
            c.msg = malloc((size_t)msg_len + 1);
            memcpy(c.msg, buf, (size_t)msg_len);
            snprintf(c.where, sizeof c.where, "%s:%u", name, lineno);
            CHECK(c.md_len == karx_lsh_digest_bytes(alg), "%s: digest length", c.where);
            add_case(&c);
            have_len = msg_len = -1;
        }
    }
    printf("%-28s %4u cases\n", name, (unsigned)(ncases - before));
    CHECK(ncases > before, "%s: no cases parsed", name);
    free(line);
    free(buf);
    fclose(f);
}

static void run_case(const kat_case *c, const char *backend)
{
    uint8_t out[64];
    size_t d = c->md_len, bytes = (c->bits + 7) / 8;
    char got[129];

    /* Streaming through the bit-length API, split at the middle byte. */
    karx_lsh_ctx ctx;
    size_t half_bits = (c->bits / 16) * 8;
    CHECK(karx_lsh_init(&ctx, c->alg) == KARX_OK, "init");
    CHECK(karx_lsh_update_bits(&ctx, c->msg, half_bits) == KARX_OK, "update_bits");
    CHECK(karx_lsh_update_bits(&ctx, c->msg + half_bits / 8, c->bits - half_bits) == KARX_OK,
          "update_bits");
    CHECK(karx_lsh_final(&ctx, out, sizeof out) == KARX_OK, "final");
    t_tohex(out, d, got);
    CHECK(memcmp(out, c->md, d) == 0, "%s [%s] bit streaming: got %s", c->where, backend, got);

    if (c->bits % 8) return; /* the remaining APIs take whole bytes */

    CHECK(karx_lsh(c->alg, out, sizeof out, c->msg, bytes) == KARX_OK, "one-shot");
    t_tohex(out, d, got);
    CHECK(memcmp(out, c->md, d) == 0, "%s [%s] one-shot: got %s", c->where, backend, got);

    /* Byte streaming in uneven chunks (1, 2, 3, ... bytes). */
    CHECK(karx_lsh_init(&ctx, c->alg) == KARX_OK, "init");
    for (size_t off = 0, step = 1; off < bytes; off += step, step = step % 300 + 1)
        karx_lsh_update(&ctx, c->msg + off, off + step <= bytes ? step : bytes - off);
    CHECK(karx_lsh_final(&ctx, out, sizeof out) == KARX_OK, "final");
    CHECK(memcmp(out, c->md, d) == 0, "%s [%s] chunked streaming", c->where, backend);
}

/* All byte-length cases of one variant as one variable-length batch, and each as an
 * equal-length batch of three copies. */
static void run_batches(karx_lsh_alg alg, const char *backend)
{
    size_t n = 0;
    for (size_t i = 0; i < ncases; i++)
        if (cases[i].alg == alg && cases[i].bits % 8 == 0) n++;
    if (n == 0) return;
    const uint8_t **ptrs = malloc(n * sizeof *ptrs);
    size_t *lens = malloc(n * sizeof *lens);
    const kat_case **which = malloc(n * sizeof *which);
    uint8_t *out = malloc(n * 64);
    size_t k = 0, d = karx_lsh_digest_bytes(alg);
    for (size_t i = 0; i < ncases; i++) {
        if (cases[i].alg != alg || cases[i].bits % 8) continue;
        ptrs[k] = cases[i].msg;
        lens[k] = cases[i].bits / 8;
        which[k++] = &cases[i];
    }
    CHECK(karx_lsh_many_ptrs(alg, out, n * d, ptrs, lens, n) == KARX_OK, "many_ptrs");
    for (size_t i = 0; i < n; i++)
        CHECK(memcmp(out + i * d, which[i]->md, d) == 0, "%s [%s] many_ptrs", which[i]->where,
              backend);

    for (size_t i = 0; i < n; i++) {
        size_t len = lens[i];
        if (len > 70000) continue;
        uint8_t *three = malloc(3 * len + 1);
        uint8_t dig[3 * 64];
        for (int r = 0; r < 3; r++) memcpy(three + r * len, ptrs[i], len);
        CHECK(karx_lsh_many(alg, dig, sizeof dig, three, len, 3) == KARX_OK, "many");
        for (int r = 0; r < 3; r++)
            CHECK(memcmp(dig + r * d, which[i]->md, d) == 0, "%s [%s] many copy %d",
                  which[i]->where, backend, r);
        free(three);
    }
    free(ptrs);
    free(lens);
    free(which);
    free(out);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "tests/kat";
    static const char *const files[] = {
        "kcmvp_lsh256_224.txt", "kcmvp_lsh256_256.txt", "kcmvp_lsh512_224.txt",
        "kcmvp_lsh512_256.txt", "kcmvp_lsh512_384.txt", "kcmvp_lsh512_512.txt",
        "kisa_lsh_bitlen.txt",  "cryptopp_lsh256.txt",  "cryptopp_lsh512.txt",
        "cryptopp_lsh512_256.txt",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        load_file(dir, files[i]);

    int backends_run = 0;
    for (int b = 0; b < t_backend_count(); b++) {
        if (!karx_backend_supported((karx_backend)b)) continue;
        CHECK(karx_set_backend((karx_backend)b) == KARX_OK, "set_backend");
        const char *name = karx_backend_name((karx_backend)b);
        unsigned long failed_before = t_failed;
        for (size_t i = 0; i < ncases; i++) run_case(&cases[i], name);
        for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++) run_batches((karx_lsh_alg)a, name);
        printf("back end %-8s lanes %2u/%u: %s\n", name, karx_lsh256_lanes(), karx_lsh512_lanes(),
               t_failed == failed_before ? "all vectors pass" : "FAILURES");
        backends_run++;
    }
    CHECK(backends_run >= 1, "no back end ran");
    for (size_t i = 0; i < ncases; i++) free(cases[i].msg);
    free(cases);
    return t_finish("test_lsh_kat");
}
