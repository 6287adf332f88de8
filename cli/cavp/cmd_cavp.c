/* karx cavp [-o OUTDIR] [--alg NAME --mode MODE --test TEST] FILE.req...: answers each KCMVP
 * request file into OUTDIR/FILE.rsp (default: beside the request). The job comes from the file
 * name unless the options say it; the response is written only when every record was answered
 * (a temporary file renamed into place), so a bad request leaves no .rsp behind. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cavp_run.h"
#include "cli.h"
#include "cli_opts.h"
#include "enc.h"

enum { O_OUT, O_ALG, O_MODE, O_TEST, O_HELP, O_COUNT };

static void usage(FILE *to)
{
    fputs("usage: karx cavp [-o OUTDIR] [--alg NAME] [--mode MODE] [--test TEST] FILE.req...\n"
          "  answers KCMVP test request files: OUTDIR/FILE.rsp (default: beside FILE.req)\n"
          "  the algorithm, mode and test come from the file name (LEA128(CBC)KAT.req,\n"
          "  LSH-256_256(SMT).req, CTR_DRBG(LEA-128(use DF)(no PR))_KAT.req, ...) unless given:\n"
          "  --alg   a cipher (lea128), hash (lsh256-256), or construction and primitive as in a\n"
          "          file name (HMAC_LSH-256_256, CTR_DRBG(LEA-128(use DF)(no PR)))\n"
          "  --mode  ecb cbc ctr cfb cfb8 cfb64 ofb gcm ccm cmac gmac\n"
          "  --test  KAT MMT MCT SMT LMT GEN VER\n"
          "  docs/VALIDATION.md lists every request format\n",
          to);
}

/* The procedure for job, asking each family file in turn; NULL if none answers it. (Found here
 * and handed to the driver, so that cavp_file.c, which the procedures call, calls none of them.) */
static cavp_proc find_proc(const cavp_job *job)
{
    cavp_proc (*const families[])(const cavp_job *) = {cavp_block_proc, cavp_aead_proc,
                                                        cavp_mac_proc,   cavp_hash_proc,
                                                        cavp_kdf_proc,   cavp_drbg_proc,
                                                        cavp_cmac_proc};
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++) {
        cavp_proc p = families[i](job);
        if (p != NULL)
            return p;
    }
    return NULL;
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

static int answer_file(const char *path, const cli_opt *o)
{
    cavp_job job;
    if (!job_for(path, o, &job))
        return EXIT_FAIL;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        cli_error("%s: cannot open", path);
        return EXIT_FAIL;
    }
    uint8_t *text;
    size_t len;
    int rc = cli_read_all(f, path, (size_t)1 << 30, &text, &len);
    fclose(f);
    if (rc != 0)
        return rc;
    if (memchr(text, 0, len) != NULL) {
        cli_error("%s: not a text file (holds a NUL byte)", path);
        free(text);
        return EXIT_FAIL;
    }
    char *buf = realloc(text, len + 1);
    if (buf == NULL) {
        free(text);
        cli_error("%s: out of memory", path);
        return EXIT_FAIL;
    }
    buf[len] = 0;
    char *rsp;
    size_t rsp_len;
    cavp_proc proc = find_proc(&job);
    if (proc == NULL) {
        cli_error("%s: karx cavp has no procedure for this algorithm and test", path);
        free(buf);
        return EXIT_FAIL;
    }
    int ok = cavp_run(path, &job, proc, buf, &rsp, &rsp_len);
    free(buf);
    if (!ok)
        return EXIT_FAIL;
    char *out_path = rsp_path(path, o[O_OUT].val);
    enc_output out;
    rc = out_path == NULL ? EXIT_FAIL : enc_output_open(&out, out_path);
    if (rc == 0 && enc_output_write(&out, (const uint8_t *)rsp, rsp_len) != 0) {
        cli_error("%s: write error", out_path);
        enc_output_abort(&out);
        rc = EXIT_FAIL;
    } else if (rc == 0) {
        rc = enc_output_commit(&out);
    }
    free(out_path);
    free(rsp);
    return rc;
}

int cmd_cavp(int argc, char **argv)
{
    cli_opt o[O_COUNT];
    int first;
    int rc = cli_parse_opts("cavp", "o|out-dir= alg= mode= test= h|help", argc, argv, o, &first, usage);
    if (rc == CLI_HELP)
        return EXIT_OK;
    if (rc != 0)
        return rc;
    if (first >= argc) {
        cli_error("cavp: no request file (try 'karx cavp --help')");
        return EXIT_USAGE;
    }
    int worst = EXIT_OK;
    for (int i = first; i < argc; i++) {
        int r = answer_file(argv[i], o);
        if (r > worst)
            worst = r;
    }
    return worst;
}
