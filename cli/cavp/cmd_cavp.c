/* karx cavp [-o OUTDIR] [--alg NAME --mode MODE --test TEST] [--max-iterations N] [--max-mct N]
 * FILE.req...: answers each KCMVP request file into OUTDIR/FILE.rsp (default: beside the
 * request). The job comes from the file name unless the options say it; the response is written
 * only when every record was answered (a temporary file renamed into place), so a bad request
 * leaves no .rsp behind. Two requests that would share a response are refused before any is
 * answered. */
#define _POSIX_C_SOURCE 200809L /* strndup */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cavp_run.h"
#include "cli.h"
#include "cli_opts.h"
#include "enc.h"

enum { O_OUT, O_ALG, O_MODE, O_TEST, O_MAX_ITER, O_MAX_MCT, O_HELP, O_COUNT };

static void usage(FILE *to)
{
    fputs("usage: karx cavp [-o OUTDIR] [--alg NAME] [--mode MODE] [--test TEST]\n"
          "                 [--max-iterations N] [--max-mct N] FILE.req...\n"
          "  answers KCMVP test request files: OUTDIR/FILE.rsp (default: beside FILE.req)\n"
          "  the algorithm, mode and test come from the file name (LEA128(CBC)KAT.req,\n"
          "  LSH-256_256(SMT).req, CTR_DRBG(LEA-128(use DF)(no PR))_KAT.req, ...) unless given:\n"
          "  --alg   a cipher (lea128), hash (lsh256-256), or construction and primitive as in a\n"
          "          file name (HMAC_LSH-256_256, CTR_DRBG(LEA-128(use DF)(no PR)))\n"
          "  --mode  ecb cbc ctr cfb cfb8 cfb64 ofb gcm ccm cmac gmac\n"
          "  --test  KAT MMT MCT SMT LMT GEN VER\n"
          "  --max-iterations N  PBKDF2 Iteration at most N (default 10000000)\n"
          "  --max-mct N         at most N Monte Carlo records in one file (default 100)\n"
          "  docs/VALIDATION.md lists every request format\n",
          to);
}

/* The job: from the overrides, read as a file name would be ("ALG(MODE)TEST"), each part
 * taking the place of what the name says. */
static int job_for(const char *path, const cli_opt *o, cavp_job *job)
{
    int named = cavp_job_from_name(path, job);
    if (o[O_ALG].val == NULL && o[O_MODE].val == NULL && o[O_TEST].val == NULL) {
        if (!named)
            cli_error("%s: cannot tell the algorithm and test from the file name "
                      "(give --alg, --mode and --test)", path);
        return named;
    }
    char spec[256];
    snprintf(spec, sizeof spec, "%s(%s)%s", o[O_ALG].val ? o[O_ALG].val : "",
             o[O_MODE].val ? o[O_MODE].val : "", o[O_TEST].val ? o[O_TEST].val : "");
    cavp_job over;
    int ok = cavp_job_from_name(spec, &over);
    if (!ok && !named) {
        cli_error("%s: cannot tell the algorithm and test from the file name or '%s'", path, spec);
        return 0;
    }
    if (!named) {
        *job = over;
        return ok;
    }
    /* each option given replaces that part of the name's job */
    if (o[O_ALG].val) {
        job->cipher = over.cipher, job->lsh = over.lsh;
        if (over.family != CAVP_FAM_NONE && over.family != CAVP_FAM_HASH)
            job->family = over.family;
        if (over.use_df >= 0)
            job->use_df = over.use_df;
        if (over.pred_res >= 0)
            job->pred_res = over.pred_res;
    }
    if (o[O_MODE].val)
        job->family = over.family, job->mode = over.mode;
    if (o[O_TEST].val)
        job->test = over.test;
    return 1;
}

/* OUTDIR/BASE.rsp for path (BASE: the file name without .req). Caller frees. */
static char *rsp_path(const char *path, const char *outdir)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t dir_len = outdir ? strlen(outdir) : (size_t)(base - path);
    size_t base_len = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot != NULL && (strcasecmp(dot, ".req") == 0 || strcasecmp(dot, ".txt") == 0))
        base_len = (size_t)(dot - base);
    char *out = malloc(dir_len + base_len + 6);
    if (out == NULL)
        return NULL;
    if (outdir)
        snprintf(out, dir_len + base_len + 6, "%s/%.*s.rsp", outdir, (int)base_len, base);
    else
        snprintf(out, dir_len + base_len + 6, "%.*s%.*s.rsp", (int)dir_len, path, (int)base_len, base);
    return out;
}

/* Whether two response paths name one file: the same text, or the same file name in one
 * folder (found by the folder's device and inode, so "x/A.rsp" and "./x/A.rsp" are one). */
static int same_rsp(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return 1;
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    const char *ba = sa ? sa + 1 : a, *bb = sb ? sb + 1 : b;
    if (strcmp(ba, bb) != 0)
        return 0;
    char *da = sa ? strndup(a, (size_t)(sa - a) + 1) : strdup("."); /* keeps the '/': "/" */
    char *db = sb ? strndup(b, (size_t)(sb - b) + 1) : strdup(".");
    struct stat st_a, st_b;
    int same = da != NULL && db != NULL && stat(da, &st_a) == 0 && stat(db, &st_b) == 0 &&
               st_a.st_dev == st_b.st_dev && st_a.st_ino == st_b.st_ino;
    free(da);
    free(db);
    return same;
}

static int answer_file(const char *path, const char *out_path, const cli_opt *o,
                       const cavp_limits *lim)
{
    cavp_job job;
    if (!job_for(path, o, &job))
        return EXIT_FAIL;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        cli_error("%s: cannot open", path);
        return EXIT_FAIL;
    }
    char *text;
    size_t len;
    int rc = cli_read_text(f, path, CAVP_MAX_REQUEST_BYTES, &text, &len);
    fclose(f);
    if (rc != 0)
        return rc;
    char *rsp;
    size_t rsp_len;
    int ok = cavp_answer(path, &job, lim, text, len, &rsp, &rsp_len);
    free(text);
    if (!ok)
        return EXIT_FAIL;
    enc_output out;
    rc = enc_output_open(&out, out_path);
    if (rc == 0 && enc_output_write(&out, (const uint8_t *)rsp, rsp_len) != 0) {
        cli_error("%s: write error", out_path);
        enc_output_abort(&out);
        rc = EXIT_FAIL;
    } else if (rc == 0) {
        rc = enc_output_commit(&out);
    }
    free(rsp);
    return rc;
}

int cmd_cavp(int argc, char **argv)
{
    cli_opt o[O_COUNT];
    int first;
    int rc = cli_parse_opts("cavp", "o|out-dir= alg= mode= test= max-iterations= max-mct= h|help",
                            argc, argv, o, &first, usage);
    if (rc == CLI_HELP)
        return EXIT_OK;
    if (rc != 0)
        return rc;
    if (first >= argc) {
        cli_error("cavp: no request file (try 'karx cavp --help')");
        return EXIT_USAGE;
    }
    cavp_limits lim = {CAVP_MAX_ITERATIONS_DEFAULT, CAVP_MAX_MCT_DEFAULT};
    if ((o[O_MAX_ITER].val != NULL &&
         cli_count_arg("--max-iterations", o[O_MAX_ITER].val, 1, UINT32_MAX, &lim.max_iterations) != 0) ||
        (o[O_MAX_MCT].val != NULL &&
         cli_count_arg("--max-mct", o[O_MAX_MCT].val, 1, UINT32_MAX, &lim.max_mct) != 0))
        return EXIT_USAGE;
    /* every response path first: two requests that would share one are refused before any
     * file is answered (the second would silently replace the first) */
    int n = argc - first;
    char **rsp = calloc((size_t)n, sizeof *rsp);
    if (rsp == NULL) {
        cli_error("cavp: out of memory");
        return EXIT_FAIL;
    }
    int worst = EXIT_OK;
    for (int i = 0; i < n && worst == EXIT_OK; i++) {
        if ((rsp[i] = rsp_path(argv[first + i], o[O_OUT].val)) == NULL) {
            cli_error("cavp: out of memory");
            worst = EXIT_FAIL;
        }
        for (int j = 0; j < i && worst == EXIT_OK; j++)
            if (same_rsp(rsp[i], rsp[j])) {
                cli_error("cavp: %s and %s would both be answered in %s (give them one run "
                          "each, or -o)", argv[first + j], argv[first + i], rsp[i]);
                worst = EXIT_USAGE;
            }
    }
    int paths_ok = worst == EXIT_OK;
    for (int i = 0; i < n && paths_ok; i++) { /* a bad file does not stop the others */
        int r = answer_file(argv[first + i], rsp[i], o, &lim);
        if (r > worst)
            worst = r;
    }
    for (int i = 0; i < n; i++)
        free(rsp[i]);
    free(rsp);
    return worst;
}
