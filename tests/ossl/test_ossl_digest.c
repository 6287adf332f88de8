#define _POSIX_C_SOURCE 200809L
/* The provider's LSH digests through EVP: every variant of the registry against the vendored
 * KCMVP vectors, streaming split around the 128/256-byte blocks equal to karx_lsh, copies that
 * diverge, every alias, the sizes, and errors (not crashes) where a caller misuses them, down to
 * the provider's own dispatch functions. usage: test_ossl_digest MODULES_DIR KAT_DIR */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/objects.h>
#include <openssl/params.h>

#include "karx/karx.h"
#include "ossl_test.h"

static OSSL_LIB_CTX *lib;

/* The LSH rows of the registry, as the provider builds its table from them. */
static karx_alg_info hashes[16];
static size_t nhashes;

static void load_registry(void)
{
    karx_alg_info h;
    for (size_t i = 0; i < karx_alg_count() && nhashes < 16; i++)
        if (karx_alg_get(i, &h) == KARX_OK && h.kind == KARX_KIND_HASH)
            hashes[nhashes++] = h;
    CHECK(nhashes == 6, "six LSH variants in the registry, found %zu", nhashes);
}

static EVP_MD *fetch(const char *name)
{
    EVP_MD *md = EVP_MD_fetch(lib, name, T_KARX);
    if (md == NULL)
        ERR_print_errors_fp(stderr);
    return md;
}

/* "LSH-512-512" -> "LSH512-512": the alias without the first dash. */
static void no_dash(const char *std, char *out)
{
    const char *d = strchr(std, '-');
    size_t k = d ? (size_t)(d - std) : strlen(std);
    memcpy(out, std, k);
    strcpy(out + k, d ? d + 1 : "");
}

/* ---- Known answers: tests/kat/kcmvp_<short name with _>.txt, every case ---- */

static int digest_evp(const EVP_MD *md, const uint8_t *msg, size_t len, uint8_t *out)
{
    unsigned int outl = 0;
    int ok = EVP_Digest(msg, len, out, &outl, md, NULL);
    return ok == 1 && outl == (unsigned)EVP_MD_get_size(md);
}

static void kat_case(const karx_alg_info *h, const EVP_MD *md, const uint8_t *msg, size_t len,
                     const uint8_t *want, const char *where)
{
    uint8_t out[64];
    CHECK(digest_evp(md, msg, len, out) && memcmp(out, want, h->output_bytes) == 0,
          "%s: one-shot EVP_Digest", where);
    /* the same split in three uneven parts */
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    size_t a = len / 3, b = len - len / 5;
    unsigned int outl = 0;
    int ok = c && EVP_DigestInit_ex2(c, md, NULL) && EVP_DigestUpdate(c, msg, a) &&
             EVP_DigestUpdate(c, msg + a, b - a) && EVP_DigestUpdate(c, msg + b, len - b) &&
             EVP_DigestFinal_ex(c, out, &outl);
    CHECK(ok && outl == h->output_bytes && memcmp(out, want, outl) == 0, "%s: streamed", where);
    EVP_MD_CTX_free(c);
}

static void kat_file(const char *dir, const karx_alg_info *h, const EVP_MD *md)
{
    char path[1024], label[48], file[64];
    snprintf(file, sizeof file, "kcmvp_%s.txt", h->name);
    for (char *p = file; *p; p++)
        *p = *p == '-' ? '_' : *p;
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(label, sizeof label, "[LSH(%s)", h->std_name + 4); /* "[LSH(512-512)" */
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "open %s", path);
    if (f == NULL)
        return;
    size_t cap = 1 << 16, cases = 0, lineno = 0;
    uint8_t *msg = malloc(cap), want[64];
    char *line = NULL;
    size_t linecap = 0;
    long bits = -1, mlen = -1;
    int in_section = 0;
    while (getline(&line, &linecap, f) > 0) {
        lineno++;
        if (line[0] == '[')
            in_section = strncmp(line, label, strlen(label)) == 0;
        else if (strncmp(line, "Len = ", 6) == 0)
            bits = strtol(line + 6, NULL, 10);
        else if (strncmp(line, "Msg = ", 6) == 0)
            mlen = t_unhex(line + 6, msg, cap);
        else if (strncmp(line, "MD = ", 5) == 0) {
            char where[128];
            snprintf(where, sizeof where, "%s:%zu", file, lineno);
            long n = t_unhex(line + 5, want, sizeof want);
            CHECK(in_section && bits >= 0 && bits % 8 == 0 && mlen >= bits / 8 &&
                      n == (long)h->output_bytes, "%s: malformed case or wrong section", where);
            if (in_section && bits >= 0 && bits % 8 == 0 && mlen >= bits / 8 && n > 0) {
                kat_case(h, md, msg, (size_t)bits / 8, want, where);
                cases++;
            }
            bits = mlen = -1;
        }
    }
    CHECK(cases >= 100, "%s: only %zu cases", file, cases);
    printf("%-22s %4zu cases via EVP\n", file, cases);
    free(line);
    free(msg);
    fclose(f);
}

/* ---- Streaming at split points around the block boundaries ---- */

static const size_t cuts[] = {0, 1, 63, 127, 128, 129, 255, 256, 257, 383, 384, 385, 511, 512, 513};
#define NCUTS (sizeof cuts / sizeof cuts[0])

static int stream3(const EVP_MD *md, const uint8_t *m, size_t len, size_t a, size_t b, uint8_t *out)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    unsigned int outl = 0;
    int ok = c && EVP_DigestInit_ex(c, md, NULL) && EVP_DigestUpdate(c, m, a) &&
             EVP_DigestUpdate(c, m + a, b - a) && EVP_DigestUpdate(c, m + b, len - b) &&
             EVP_DigestFinal_ex(c, out, &outl) && outl == (unsigned)EVP_MD_get_size(md);
    EVP_MD_CTX_free(c);
    return ok;
}

static void splits(const karx_alg_info *h, const EVP_MD *md)
{
    static const size_t lens[] = {0, 1, 127, 128, 129, 255, 256, 257, 511, 512, 513, 777};
    uint8_t m[777], want[64], got[64];
    t_fill(m, sizeof m);
    size_t bad = 0, runs = 0;
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        CHECK(karx_lsh((karx_lsh_alg)h->id, want, sizeof want, m, len) == KARX_OK, "karx_lsh");
        for (size_t i = 0; i < NCUTS && cuts[i] <= len; i++)
            for (size_t j = i; j < NCUTS && cuts[j] <= len; j++, runs++)
                if (!stream3(md, m, len, cuts[i], cuts[j], got) ||
                    memcmp(got, want, h->output_bytes) != 0) {
                    if (bad++ < 5)
                        fprintf(stderr, "%s: len %zu split %zu/%zu differs\n", h->std_name, len,
                                cuts[i], cuts[j]);
                }
    }
    CHECK(bad == 0 && runs > 500, "%s: %zu of %zu split streams differ from karx_lsh",
          h->std_name, bad, runs);
}

/* ---- EVP_MD_CTX_copy mid-stream, then the two diverge ---- */

static void copies(const karx_alg_info *h, const EVP_MD *md)
{
    uint8_t m[700], want[64], got[64];
    t_fill(m, sizeof m);
    size_t pre = h->block_bytes + 3; /* mid-block, after a whole block */
    EVP_MD_CTX *a = EVP_MD_CTX_new(), *b = EVP_MD_CTX_new(), *c = EVP_MD_CTX_new();
    unsigned int outl = 0;
    int ok = a && b && c && EVP_DigestInit_ex2(a, md, NULL) && EVP_DigestUpdate(a, m, pre) &&
             EVP_MD_CTX_copy_ex(b, a) && EVP_MD_CTX_copy(c, a);
    CHECK(ok, "%s: copy", h->std_name);
    if (ok) {
        /* b goes on with 100 bytes and finishes first; a and c must not notice */
        CHECK(EVP_DigestUpdate(b, m + pre, 100) && EVP_DigestFinal_ex(b, got, &outl), "b");
        karx_lsh((karx_lsh_alg)h->id, want, sizeof want, m, pre + 100);
        CHECK(memcmp(got, want, h->output_bytes) == 0, "%s: copy b", h->std_name);
        CHECK(EVP_DigestUpdate(a, m + pre, sizeof m - pre) && EVP_DigestFinal_ex(a, got, &outl), "a");
        karx_lsh((karx_lsh_alg)h->id, want, sizeof want, m, sizeof m);
        CHECK(memcmp(got, want, h->output_bytes) == 0, "%s: original after copy", h->std_name);
        CHECK(EVP_DigestFinal_ex(c, got, &outl), "c");
        karx_lsh((karx_lsh_alg)h->id, want, sizeof want, m, pre);
        CHECK(memcmp(got, want, h->output_bytes) == 0, "%s: copy c (no more input)", h->std_name);
    }
    EVP_MD_CTX_free(a);
    EVP_MD_CTX_free(b);
    EVP_MD_CTX_free(c);
}

/* ---- Names: every alias fetches the same algorithm; the table holds exactly these ---- */

typedef struct {
    char names[4][KARX_ALG_NAME_MAX];
    int n, stray;
} name_list;

/* OpenSSL compares algorithm names without case. */
static int same_name(const char *a, const char *b)
{
    for (; *a && tolower((unsigned char)*a) == tolower((unsigned char)*b); a++, b++) {
    }
    return *a == 0 && *b == 0;
}

static void collect_name(const char *name, void *arg)
{
    name_list *l = arg;
    for (int i = 0; i < l->n; i++)
        if (same_name(name, l->names[i]))
            return;
    l->stray++;
    fprintf(stderr, "unexpected name %s\n", name);
}

static void names(const karx_alg_info *h, const EVP_MD *md)
{
    char nd[KARX_ALG_NAME_MAX], upper[KARX_ALG_NAME_MAX];
    no_dash(h->std_name, nd);
    for (size_t i = 0; i <= strlen(h->name); i++)
        upper[i] = (char)toupper((unsigned char)h->name[i]);
    const char *aliases[] = {h->std_name, nd, h->name, upper};
    for (size_t i = 0; i < 4; i++) {
        EVP_MD *m = fetch(aliases[i]);
        CHECK(m != NULL && EVP_MD_is_a(m, h->std_name) && EVP_MD_is_a(md, aliases[i]),
              "fetch %s", aliases[i]);
        CHECK(m != NULL && strcmp(EVP_MD_get0_name(m), h->std_name) == 0,
              "%s: canonical name %s", aliases[i], m ? EVP_MD_get0_name(m) : "(none)");
        EVP_MD_free(m);
    }
    name_list l = {.n = 3};
    strcpy(l.names[0], h->std_name);
    strcpy(l.names[1], nd);
    strcpy(l.names[2], h->name);
    CHECK(EVP_MD_names_do_all(md, collect_name, &l) && l.stray == 0, "%s: names", h->std_name);
    CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md)), "karx") == 0, "provider");
}

/* ---- Sizes and params ---- */

static void sizes(const karx_alg_info *h, const EVP_MD *md)
{
    int want_block = strncmp(h->std_name, "LSH-256", 7) == 0 ? 128 : 256;
    CHECK(EVP_MD_get_block_size(md) == want_block, "%s: block %d", h->std_name,
          EVP_MD_get_block_size(md));
    CHECK(EVP_MD_get_size(md) == (int)h->output_bytes &&
              (size_t)EVP_MD_get_size(md) == karx_lsh_digest_bytes((karx_lsh_alg)h->id),
          "%s: size %d", h->std_name, EVP_MD_get_size(md));
    CHECK((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) == 0, "%s: not XOF", h->std_name);
    size_t bs = 0, sz = 0;
    int xof = -1;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, &bs),
                      OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_SIZE, &sz),
                      OSSL_PARAM_construct_int(OSSL_DIGEST_PARAM_XOF, &xof),
                      OSSL_PARAM_construct_end()};
    CHECK(EVP_MD_get_params(md, p) == 1 && bs == (size_t)want_block && sz == h->output_bytes &&
              xof == 0, "%s: get_params %zu %zu %d", h->std_name, bs, sz, xof);
    const OSSL_PARAM *g = EVP_MD_gettable_params(md);
    CHECK(g && OSSL_PARAM_locate_const(g, OSSL_DIGEST_PARAM_BLOCK_SIZE) &&
              OSSL_PARAM_locate_const(g, OSSL_DIGEST_PARAM_SIZE) &&
              OSSL_PARAM_locate_const(g, OSSL_DIGEST_PARAM_XOF), "%s: gettable", h->std_name);
}

/* ---- Misuse through EVP ---- */

static void evp_misuse(const karx_alg_info *h, const EVP_MD *md)
{
    uint8_t out[128];
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    ERR_clear_error();
    CHECK(c && EVP_DigestInit_ex2(c, md, NULL) && EVP_DigestUpdate(c, "abc", 3), "init");
    CHECK(EVP_DigestFinalXOF(c, out, sizeof out) == 0, "%s: FinalXOF refused", h->std_name);
    CHECK(t_ossl_error_says("LSH is not an XOF"), "%s: FinalXOF says why", h->std_name);
    size_t xl = 16;
    OSSL_PARAM xp[] = {OSSL_PARAM_construct_size_t(OSSL_DIGEST_PARAM_XOFLEN, &xl),
                       OSSL_PARAM_construct_end()};
    CHECK(EVP_DigestInit_ex2(c, md, xp) == 0 && t_ossl_error_says("LSH is not an XOF"),
          "%s: init with an XOF length refused with an error", h->std_name);
    EVP_MD_CTX_free(c);
}

/* ---- Misuse of the provider's own functions (what EVP itself never lets through) ---- */

static OSSL_FUNC_digest_newctx_fn *f_newctx;
static OSSL_FUNC_digest_freectx_fn *f_freectx;
static OSSL_FUNC_digest_dupctx_fn *f_dupctx;
static OSSL_FUNC_digest_init_fn *f_init;
static OSSL_FUNC_digest_update_fn *f_update;
static OSSL_FUNC_digest_final_fn *f_final;

static int find_dispatch(const EVP_MD *md, const char *std)
{
    const OSSL_PROVIDER *prov = EVP_MD_get0_provider(md);
    int no_cache = 0, found = 0;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, OSSL_OP_DIGEST, &no_cache);
    for (const OSSL_ALGORITHM *r = a; r && r->algorithm_names && !found; r++) {
        size_t n = strlen(std);
        if (strncmp(r->algorithm_names, std, n) != 0 || (r->algorithm_names[n] != ':' &&
                                                         r->algorithm_names[n] != 0))
            continue;
        found = 1;
        for (const OSSL_DISPATCH *d = r->implementation; d->function_id; d++) {
            switch (d->function_id) {
            case OSSL_FUNC_DIGEST_NEWCTX: f_newctx = OSSL_FUNC_digest_newctx(d); break;
            case OSSL_FUNC_DIGEST_FREECTX: f_freectx = OSSL_FUNC_digest_freectx(d); break;
            case OSSL_FUNC_DIGEST_DUPCTX: f_dupctx = OSSL_FUNC_digest_dupctx(d); break;
            case OSSL_FUNC_DIGEST_INIT: f_init = OSSL_FUNC_digest_init(d); break;
            case OSSL_FUNC_DIGEST_UPDATE: f_update = OSSL_FUNC_digest_update(d); break;
            case OSSL_FUNC_DIGEST_FINAL: f_final = OSSL_FUNC_digest_final(d); break;
            default: break;
            }
        }
    }
    OSSL_PROVIDER_unquery_operation(prov, OSSL_OP_DIGEST, a);
    return found && f_newctx && f_freectx && f_dupctx && f_init && f_update && f_final;
}

#define REFUSED(call, what)                                                  \
    do {                                                                     \
        ERR_clear_error();                                                   \
        CHECK((call) == 0, "%s: %s accepted", h->std_name, what);            \
        CHECK(t_ossl_error_raised(), "%s: %s refused silently", h->std_name, what); \
    } while (0)

static void provider_misuse(const karx_alg_info *h, const EVP_MD *md)
{
    CHECK(find_dispatch(md, h->std_name), "%s: dispatch table", h->std_name);
    if (!f_newctx)
        return;
    void *pctx = OSSL_PROVIDER_get0_provider_ctx(EVP_MD_get0_provider(md));
    uint8_t out[64], want[64];
    size_t outl = 0, d = h->output_bytes;
    void *c = f_newctx(pctx);
    CHECK(c != NULL, "newctx");
    if (c == NULL)
        return;
    REFUSED(f_update(c, (const unsigned char *)"x", 1), "update before init");
    REFUSED(f_final(c, out, &outl, sizeof out), "final before init");
    REFUSED(f_init(NULL, NULL), "init of NULL");
    REFUSED(f_update(NULL, out, 1), "update of NULL");
    CHECK(f_init(c, NULL) == 1, "init");
    REFUSED(f_update(c, NULL, 5), "update from NULL");
    CHECK(f_update(c, NULL, 0) == 1, "empty update");
    REFUSED(f_final(c, out, &outl, d - 1), "final into a buffer one byte short");
    REFUSED(f_final(c, NULL, &outl, sizeof out), "final into NULL");
    void *dup = f_dupctx(c);
    CHECK(f_final(c, out, &outl, d) == 1 && outl == d, "final into an exact buffer");
    karx_lsh((karx_lsh_alg)h->id, want, sizeof want, "", 0);
    CHECK(memcmp(out, want, d) == 0, "%s: empty message after refused calls", h->std_name);
    REFUSED(f_final(c, out, &outl, sizeof out), "second final");
    REFUSED(f_update(c, out, 1), "update after final");
    CHECK(dup != NULL && f_final(dup, out, &outl, sizeof out) == 1 && memcmp(out, want, d) == 0,
          "dup taken before final");
    CHECK(f_dupctx(NULL) == NULL, "dup of NULL");
    f_freectx(NULL);
    f_freectx(dup);
    f_freectx(c);
    ERR_clear_error();
}

/* EVP_Q_digest: the one-call API finds karx by name too. */
static void quick(const karx_alg_info *h)
{
    uint8_t m[300], want[64], got[64];
    size_t outl = 0;
    t_fill(m, sizeof m);
    karx_lsh((karx_lsh_alg)h->id, want, sizeof want, m, sizeof m);
    CHECK(EVP_Q_digest(lib, h->std_name, T_KARX, m, sizeof m, got, &outl) == 1 &&
              outl == h->output_bytes && memcmp(got, want, outl) == 0, "%s: EVP_Q_digest",
          h->std_name);
}

/* OPENSSL.md, "What OpenSSL 3.0 cannot do": with karx loaded in the default library context,
 * EVP_MD_fetch finds LSH but the legacy name lookup does not, and the digest has no NID. */
static void no_nid(const char *modules_dir)
{
    OSSL_PROVIDER *karx = NULL;
    CHECK(OSSL_PROVIDER_set_default_search_path(NULL, modules_dir) == 1 &&
              (karx = OSSL_PROVIDER_load(NULL, "karx")) != NULL,
          "karx in the default library context");
    EVP_MD *md = EVP_MD_fetch(NULL, "LSH-512-512", NULL);
    CHECK(md != NULL, "EVP_MD_fetch(NULL, LSH-512-512) finds it");
    CHECK(md == NULL || EVP_MD_get_type(md) == NID_undef, "no NID: %d", md ? EVP_MD_get_type(md) : -1);
    CHECK(EVP_get_digestbyname("LSH-512-512") == NULL, "EVP_get_digestbyname(LSH-512-512) is NULL");
    EVP_MD_free(md);
    OSSL_PROVIDER_unload(karx);
    ERR_clear_error();
}

static void all(char **argv)
{
    load_registry();
    for (size_t i = 0; i < nhashes; i++) {
        const karx_alg_info *h = &hashes[i];
        EVP_MD *md = fetch(h->std_name);
        CHECK(md != NULL, "fetch %s from karx", h->std_name);
        if (md == NULL)
            continue;
        kat_file(argv[2], h, md);
        splits(h, md);
        copies(h, md);
        names(h, md);
        sizes(h, md);
        evp_misuse(h, md);
        provider_misuse(h, md);
        quick(h);
        EVP_MD_free(md);
    }
}

static void after(char **argv)
{
    no_nid(argv[1]);
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "ossl_digest", &lib, all, after);
}
