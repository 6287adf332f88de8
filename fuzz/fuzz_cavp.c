/* libFuzzer target: karx cavp's request reader and every family's procedure, in memory
 * (cavp_answer, cli/cavp/cavp_run.h: no file is read or written). The first input byte picks a
 * request file name (the job comes from it as karx cavp finds it); the rest is the request text.
 * Properties: cavp_answer returns 0 or 1; a refusal prints exactly one stderr line "karx: NAME..."
 * naming the request; an answer prints nothing, is not empty and holds no NUL byte; no crash,
 * leak or sanitizer report.
 * The work caps are lowered (Iteration 64, one Monte Carlo record) so that every input is quick.
 * Built with the CLI's objects (fuzz/run.sh). */
#define _GNU_SOURCE /* dup2, mkstemp */
#include <fcntl.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "cavp_run.h"

void __sanitizer_set_report_fd(void *fd); /* sanitizer reports go there, not to fd 2 */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* One name per family and test (and a few spellings), as a lab names its requests. */
static const char *const names[] = {
    "LEA128(ECB)KAT.req",      "LEA192(CBC)MMT.req",        "LEA256(CTR)KAT.req",
    "HIGHT(CFB8)MMT.req",      "CHAM64-128(CFB64)KAT.req",  "ARIA128(OFB)MMT.req",
    "CHAM128-256(CFB)KAT.req", "LEA128(ECB)MCT.req",        "HIGHT(CBC)MCT.req",
    "LEA128(GCM)AE.req",       "ARIA256(GCM)AD.req",        "LEA128(CCM)GE.req",
    "CHAM128-128(CCM)DV.req",  "CMAC(LEA128)GEN.req",       "CMAC(HIGHT)VER.req",
    "GMAC(LEA256)GEN.req",     "GMAC(ARIA128)VER.req",      "LSH-256_256(SMT).req",
    "LSH-512_224(LMT).req",    "LSH-256_224(MCT).req",      "HMAC_LSH-256_256(KAT).req",
    "HMAC_LSH-512_384(KAT).req", "PBKDF2_HMAC_LSH-256_224(KAT).req",
    "KBKDF_HMAC_LSH-256_256(CTR).req", "KBKDF_CMAC_LEA128(FB).req", "KBKDF_CMAC_HIGHT(DP).req",
    "KBKDF_HMAC_LSH-512_512.req", "CTR_DRBG(LEA-128(use DF)(no PR))_KAT.req",
    "CTR_DRBG(HIGHT(no DF)(use PR))_KAT.req", "HASH_DRBG(LSH-256_256(no PR))_KAT.req",
    "HMAC_DRBG(LSH-512_512(use PR))_KAT.req", "CTR_DRBG_KAT.req", "HASH_DRBG_KAT.req"};
enum { NAMES = sizeof names / sizeof names[0] };

static int saved_stderr, err_fd;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char path[] = "/tmp/karx-fuzz-cavp.XXXXXX";
    MUST((err_fd = mkstemp(path)) >= 0);
    MUST(unlink(path) == 0);
    MUST((saved_stderr = dup(2)) >= 0);
    __sanitizer_set_report_fd((void *)(intptr_t)saved_stderr);
    return 0;
}

/* The stderr of one run: the lines cli_error wrote, NUL-terminated (cut at 64 KiB). */
static const char *captured(void)
{
    static char buf[1 << 16];
    MUST(lseek(err_fd, 0, SEEK_SET) == 0);
    ssize_t n = read(err_fd, buf, sizeof buf - 1);
    MUST(n >= 0);
    buf[n] = 0;
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return -1;
    const char *name = names[data[0] % NAMES];
    cavp_job job;
    MUST(cavp_job_from_name(name, &job) == 1);
    size_t len = size - 1;
    char *text = malloc(len + 1); /* cavp_answer writes the terminator at text[len] */
    MUST(text != NULL);
    memcpy(text, data + 1, len);
    const cavp_limits lim = {64, 1};
    char *out;
    size_t out_len;

    MUST(ftruncate(err_fd, 0) == 0 && lseek(err_fd, 0, SEEK_SET) == 0);
    fflush(stderr);
    MUST(dup2(err_fd, 2) == 2);
    int ok = cavp_answer(name, &job, &lim, text, len, &out, &out_len);
    fflush(stderr);
    MUST(dup2(saved_stderr, 2) == 2);
    free(text);

    const char *err = captured();
    MUST(ok == 0 || ok == 1);
    if (ok) {
        if (err[0] != 0)
            fprintf(stderr, "fuzz: an answer with stderr: %.300s\n", err);
        MUST(err[0] == 0);
        MUST(out != NULL && out_len > 0);
        MUST(memchr(out, 0, out_len) == NULL);
        free(out);
    } else {
        const char *nl = strchr(err, '\n');
        if (strncmp(err, "karx: ", 6) != 0 || strncmp(err + 6, name, strlen(name)) != 0 ||
            nl == NULL || nl[1] != 0)
            fprintf(stderr, "fuzz: a refusal not one 'karx: %s...' line: %.300s\n", name, err);
        MUST(strncmp(err, "karx: ", 6) == 0 && strncmp(err + 6, name, strlen(name)) == 0);
        MUST(nl != NULL && nl[1] == 0);
        MUST(out == NULL);
    }
    return 0;
}
