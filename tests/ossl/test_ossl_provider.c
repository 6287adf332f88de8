/* The provider as a whole: it loads, reports its name, version, build info and status, offers
 * only its own algorithms, and a module whose self-test fails refuses to load with a clear
 * error. usage: test_ossl_provider MODULES_DIR KAT_DIR (KAT_DIR unused) */
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/params.h>

#include "karx/karx.h"
#include "ossl_test.h"

static OSSL_LIB_CTX *lib;

static void provider_params(OSSL_LIB_CTX *ctx)
{
    OSSL_PROVIDER *p = OSSL_PROVIDER_load(ctx, "karx"); /* a second reference */
    CHECK(p != NULL, "load karx again");
    if (p == NULL)
        return;
    const char *name = NULL, *version = NULL, *info = NULL;
    int status = -1;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_NAME, (char **)&name, 0),
        OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_VERSION, (char **)&version, 0),
        OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&info, 0),
        OSSL_PARAM_construct_int(OSSL_PROV_PARAM_STATUS, &status), OSSL_PARAM_construct_end()};
    CHECK(OSSL_PROVIDER_get_params(p, params) == 1, "get_params");
    /* docs/OPENSSL.md, "Self-test and status": the name as the doc gives it */
    CHECK(name != NULL && strcmp(name, "karx provider (LSH, LEA, HIGHT, CHAM; KCMVP algorithms)") == 0,
          "name: %s", name ? name : "(none)");
    CHECK(version != NULL && strcmp(version, karx_version()) == 0, "version %s, library %s",
          version ? version : "(none)", karx_version());
    CHECK(info != NULL && strstr(info, karx_version()) != NULL, "build info: %s", info ? info : "(none)");
    CHECK(info != NULL && strstr(info, " back end, built ") != NULL, "build info names the back end and date: %s",
          info ? info : "(none)");
    CHECK(status == 1, "status %d", status);
    CHECK(OSSL_PROVIDER_available(ctx, "karx") == 1, "available");
    OSSL_PROVIDER_unload(p);
}

/* karx offers no SHA-256: asking karx for it must find nothing (and say so). */
static void only_its_own(OSSL_LIB_CTX *ctx)
{
    EVP_MD *md = EVP_MD_fetch(ctx, "SHA256", T_KARX);
    CHECK(md == NULL, "SHA256 from karx");
    EVP_MD_free(md);
    CHECK(t_ossl_error_raised(), "an error for an algorithm karx does not have");
}

/* The module built with a failing self-test (tests/ossl/CMakeLists.txt) does not load. */
static void broken_refuses(void)
{
    const char *dir = getenv("KARX_OSSL_BROKEN_MODULES");
    CHECK(dir != NULL, "KARX_OSSL_BROKEN_MODULES set (ctest sets it)");
    if (dir == NULL)
        return;
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    CHECK(ctx != NULL && OSSL_PROVIDER_set_default_search_path(ctx, dir) == 1, "context");
    ERR_clear_error();
    OSSL_PROVIDER *p = OSSL_PROVIDER_load(ctx, "karx");
    CHECK(p == NULL, "a module whose self-test fails must not load");
    /* the text docs/OPENSSL.md quotes */
    CHECK(t_ossl_error_says("self-test on load: self-test failed (approved mode: error state)"), "the load error names the self-test");
    OSSL_PROVIDER_unload(p);
    OSSL_LIB_CTX_free(ctx);
}

static void all(char **argv)
{
    (void)argv;
    provider_params(lib);
    only_its_own(lib);
}

static void after(char **argv)
{
    (void)argv;
    broken_refuses();
}

int main(int argc, char **argv)
{
    return t_ossl_main(argc, argv, "ossl_provider", &lib, all, after);
}
