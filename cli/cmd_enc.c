/* karx enc / karx dec: block-cipher encryption of a file or standard input in constant memory,
 * through the streaming API (karx_cipher_init / update / final) in fixed-size chunks; and the
 * AEAD modes GCM and CCM (-m gcm|ccm), which read the whole input into memory (at most
 * AEAD_MAX_INPUT bytes) for the one-shot seal / open: encryption writes ciphertext || tag,
 * decryption verifies the tag before a single byte is written (a forged or truncated input
 * writes nothing: no OUT file, nothing on stdout).
 *
 * With -o the output goes to a temporary file in OUT's folder, renamed onto OUT only when
 * everything succeeded: a failed run never leaves a partial OUT, and an existing OUT keeps its
 * content. Key, IV, data buffers and the cipher context are wiped on every exit path. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "karx/ccm.h"
#include "karx/gcm.h"
#include "karx/karx.h"

#define CHUNK (1u << 20)
#define KEY_FILE_MAX 4096 /* longest key file read (hex text with a lot of white space) */
#define AEAD_MAX_INPUT ((size_t)1 << 30) /* GCM / CCM read the whole input: 1 GiB at most */

static void enc_usage(FILE *to, const char *cmd)
{
    fprintf(to,
            "usage: karx %s -c CIPHER -m MODE (-K HEX | --key-file FILE) [--iv HEX] [--no-pad]\n"
            "                [--aad HEX] [--tag-len N] [-i IN] [-o OUT]\n"
            "  -c, --cipher CIPHER  lea128 lea192 lea256 hight cham64-128 cham128-128 cham128-256\n"
            "  -m, --mode MODE      ecb cbc ctr cfb cfb8 cfb64 ofb (cfb: full-block segments;\n"
            "                       ctr: the whole block is one big-endian counter), or the AEAD\n"
            "                       modes gcm ccm (128-bit-block ciphers only: LEA, CHAM-128)\n"
            "  -K, --key HEX        the key in hex (visible to other users in ps: prefer --key-file)\n"
            "      --key-file FILE  the key: exactly key-length raw bytes, or hex text\n"
            "      --iv HEX         IV / initial counter block in hex (every mode but ECB)\n"
            "      --no-pad         ECB and CBC without PKCS#7 padding (whole blocks only)\n"
            "      --aad HEX        gcm/ccm: additional authenticated data (default empty)\n"
            "      --tag-len N      gcm/ccm: tag bytes (default 16; gcm 4 8 12..16, ccm 4 6 .. 16)\n"
            "                       gcm: --iv of any length >= 1 byte (12 recommended);\n"
            "                       ccm: --iv is the nonce, 7..13 bytes\n"
            "                       enc writes ciphertext || tag; dec reads it all (1 GiB at most),\n"
            "                       checks the tag and writes the plaintext only if it matches\n"
            "  -i, --in IN          input (default '-' = standard input)\n"
            "      --device DEV     cpu (default) or gpu: -m ctr on the CUDA device in 64 MiB\n"
            "                       chunks (same output; fails with one line if there is none)\n"
            "  -o, --out OUT        output (default '-' = standard output); written to a temporary\n"
            "                       file beside OUT and renamed onto it only on success\n"
            "Exit: 0 done, 1 bad data (length, padding, CTR counter, gcm/ccm authentication\n"
            "failure or input shorter than the tag), unreadable input or unwritable output,\n"
            "2 usage error (names, key, IV, options; gcm/ccm with a 64-bit-block cipher).\n",
            cmd);
}

/* ---- the temporary output file, removed on failure and on a fatal signal ---- */

static char *volatile tmp_live; /* path of the temporary file while it exists */

static void on_signal(int sig)
{
    char *p = tmp_live;
    if (p) unlink(p);
    /* the signal is blocked while we run; with the default action back it ends the process
     * as soon as the handler returns */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void catch_signals(int on)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on ? on_signal : SIG_DFL;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

typedef struct {
    FILE *f;
    const char *name; /* OUT, or "stdout" */
    const char *path; /* OUT when writing a file, else NULL */
    char *tmp;        /* temporary file beside OUT */
} output;

/* 0, or EXIT_FAIL with the message printed. */
static int output_open(output *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (path == NULL || strcmp(path, "-") == 0) {
        o->f = stdout;
        o->name = "stdout";
        return 0;
    }
    o->name = o->path = path;
    /* DIR/.BASE.XXXXXX: same folder (rename stays on one file system), hidden from plain ls */
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    size_t len = strlen(path);
    o->tmp = malloc(len + 9);
    if (o->tmp == NULL) {
        cli_error("%s: out of memory", path);
        return EXIT_FAIL;
    }
    snprintf(o->tmp, len + 9, "%.*s.%s.XXXXXX", (int)dir_len, path, path + dir_len);
    catch_signals(1);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        cli_error("%s: cannot create a file in its folder: %s", path, strerror(errno));
        catch_signals(0);
        free(o->tmp);
        o->tmp = NULL;
        return EXIT_FAIL;
    }
    tmp_live = o->tmp;
    /* mkstemp makes 0600; give the file the mode a plain create would (0666 less the umask) */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, 0666 & ~mask) != 0 || (o->f = fdopen(fd, "wb")) == NULL) {
        cli_error("%s: %s", path, strerror(errno));
        close(fd);
        unlink(o->tmp);
        tmp_live = NULL;
        catch_signals(0);
        free(o->tmp);
        o->tmp = NULL;
        return EXIT_FAIL;
    }
    return 0;
}

static int output_write(output *o, const uint8_t *p, size_t n)
{
    errno = 0;
    if (n && fwrite(p, 1, n, o->f) != n) {
        cli_error("%s: write error: %s", o->name, strerror(errno ? errno : EIO));
        return EXIT_FAIL;
    }
    return 0;
}

/* Flushes and, for a file, closes and renames it onto OUT. 0 or EXIT_FAIL. */
static int output_commit(output *o)
{
    errno = 0;
    if (o->tmp == NULL) {
        if (fflush(o->f) != 0 || ferror(o->f)) {
            cli_error("%s: write error: %s", o->name, strerror(errno ? errno : EIO));
            return EXIT_FAIL;
        }
        return 0;
    }
    int bad = ferror(o->f);
    int e = errno;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    o->f = NULL;
    if (bad) {
        cli_error("%s: write error: %s", o->name, strerror(e ? e : EIO));
        return EXIT_FAIL;
    }
    if (rename(o->tmp, o->path) != 0) {
        cli_error("%s: cannot replace: %s", o->name, strerror(errno));
        return EXIT_FAIL;
    }
    tmp_live = NULL;
    catch_signals(0);
    free(o->tmp);
    o->tmp = NULL;
    return 0;
}

/* After a failure: removes the temporary file (nothing to undo for stdout). */
static void output_abort(output *o)
{
    if (o->tmp == NULL) return;
    if (o->f) fclose(o->f);
    o->f = NULL;
    unlink(o->tmp);
    tmp_live = NULL;
    catch_signals(0);
    free(o->tmp);
    o->tmp = NULL;
}

/* ---- key and IV ---- */

static int is_hex(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
            return 0;
    }
    return 1;
}

/* Hex argument of exactly want bytes. 0, or EXIT_USAGE with the message printed. */
static int parse_hex_arg(const char *opt, const char *what, const char *hex, uint8_t *out,
                         size_t want)
{
    size_t n = strlen(hex);
    if (!is_hex(hex, n) || n % 2) {
        cli_error("%s: not a hex string (an even number of digits 0-9 a-f)", opt);
        return EXIT_USAGE;
    }
    if (n != 2 * want) {
        cli_error("%s: %s must be %zu bytes (%zu hex digits), not %zu", opt, what, want,
                  2 * want, n / 2);
        return EXIT_USAGE;
    }
    cli_unhex(hex, n, out);
    return 0;
}

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The key from a file: raw if its size is the key length, else hex text (surrounding white
 * space allowed) of exactly twice that many digits. 0, EXIT_FAIL (unreadable) or EXIT_USAGE. */
static int read_key_file(const char *path, uint8_t *key, size_t key_len)
{
    uint8_t buf[KEY_FILE_MAX + 1];
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        cli_error("%s: %s", path, strerror(errno));
        return EXIT_FAIL;
    }
    size_t n = fread(buf, 1, sizeof buf, f);
    int e = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    int rc = 0;
    if (e) {
        cli_error("%s: read error: %s", path, strerror(e));
        rc = EXIT_FAIL;
    } else if (n == key_len) {
        memcpy(key, buf, n);
    } else {
        size_t a = 0, b = n;
        while (a < b && is_space(buf[a])) a++;
        while (b > a && is_space(buf[b - 1])) b--;
        if (b - a != 2 * key_len || !is_hex((const char *)buf + a, b - a)) {
            cli_error("%s: not a %zu-byte key (the file must hold exactly %zu raw bytes, or %zu "
                      "hex digits)", path, key_len, key_len, 2 * key_len);
            rc = EXIT_USAGE;
        } else {
            cli_unhex((const char *)buf + a, b - a, key);
        }
    }
    karx_memzero(buf, sizeof buf);
    return rc;
}

/* ---- the run ---- */

typedef struct {
    int encrypt, padding;
    karx_cipher_alg alg;
    karx_mode mode;
    const char *in_path, *out_path;
    size_t block;
} job;

/* One line for a failed library call on the data. */
static void data_error(const job *j, const char *in_name, karx_status st)
{
    char hint[160] = "";
    if (st == KARX_ERR_DATA_LENGTH && j->encrypt)
        snprintf(hint, sizeof hint, " (with --no-pad, %s takes whole %zu-byte blocks)",
                 karx_mode_name(j->mode), j->block);
    else if (st == KARX_ERR_DATA_LENGTH)
        snprintf(hint, sizeof hint, " (truncated ciphertext: not a whole%s number of %zu-byte "
                 "blocks)", j->padding ? ", non-zero" : "", j->block);
    else if (st == KARX_ERR_PADDING)
        snprintf(hint, sizeof hint, " (wrong key or IV, or corrupted ciphertext)");
    else if (st == KARX_ERR_COUNTER_OVERFLOW || (st == KARX_ERR_STATE && j->mode == KARX_MODE_CTR))
        snprintf(hint, sizeof hint, " (the input is longer than the counter space this IV "
                 "leaves)");
    cli_error("%s: %s%s", in_name, karx_strerror(st), hint);
}

/* Streams in -> ctx -> out. 0, or EXIT_FAIL with the message printed. ctx is wiped. */
static int run_stream(const job *j, karx_cipher_ctx *ctx, FILE *in, const char *in_name,
                      output *out, uint8_t *ibuf, uint8_t *obuf)
{
    const size_t cap = CHUNK + KARX_MAX_BLOCK_BYTES;
    size_t n, got;
    karx_status st;
    errno = 0;
    do {
        n = fread(ibuf, 1, CHUNK, in);
        if (n == 0) break;
        st = karx_cipher_update(ctx, obuf, cap, &got, ibuf, n);
        if (st != KARX_OK) {
            karx_cipher_ctx_wipe(ctx);
            data_error(j, in_name, st);
            return EXIT_FAIL;
        }
        if (output_write(out, obuf, got)) {
            karx_cipher_ctx_wipe(ctx);
            return EXIT_FAIL;
        }
    } while (n == CHUNK);
    if (ferror(in)) {
        int e = errno ? errno : EIO;
        karx_cipher_ctx_wipe(ctx);
        cli_error("%s: read error: %s", in_name, strerror(e));
        return EXIT_FAIL;
    }
    st = karx_cipher_final(ctx, obuf, cap, &got); /* wipes ctx */
    karx_cipher_ctx_wipe(ctx);
    if (st != KARX_OK) {
        data_error(j, in_name, st);
        return EXIT_FAIL;
    }
    return output_write(out, obuf, got);
}

/* ---- CTR on the GPU (--device gpu) ---- */

#define GPU_CHUNK ((size_t)64 << 20) /* whole blocks, so the stream equals one CTR call */

/* 0, or an exit code with one line printed. The scheduled key and the buffers are wiped. */
static int run_gpu_ctr(const job *j, const uint8_t *key, size_t key_len, uint8_t *ctr,
                       const char *in_name, output *out)
{
    karx_gpu *g = NULL;
    karx_cipher_key k;
    uint8_t *buf = NULL;
    FILE *in = NULL;
    int rc = EXIT_OK;
    karx_status st = karx_cipher_set_key(&k, j->alg, key, key_len);
    if (st != KARX_OK) {
        cli_error("%s: %s", karx_cipher_name(j->alg), karx_strerror(st));
        return EXIT_USAGE;
    }
    if ((st = karx_gpu_open(&g, 0)) != KARX_OK) {
        cli_error("--device gpu: %s: %s", karx_strerror(st), karx_gpu_open_error());
        rc = EXIT_FAIL;
        goto done;
    }
    if (karx_gpu_host_alloc(g, (void **)&buf, GPU_CHUNK) != KARX_OK) { /* pinned: no staging */
        cli_error("--device gpu: %s", karx_gpu_last_error(g));
        rc = EXIT_FAIL;
        goto done;
    }
    if ((in = cli_open_input(j->in_path)) == NULL) {
        cli_error("%s: %s", in_name, strerror(errno));
        rc = EXIT_FAIL;
        goto done;
    }
    if ((rc = output_open(out, j->out_path)) != 0)
        goto done;
    size_t n;
    errno = 0;
    while (rc == 0 && (n = fread(buf, 1, GPU_CHUNK, in)) > 0) {
        st = karx_gpu_ctr_xor(g, &k, ctr, buf, buf, n);
        if (st != KARX_OK) {
            if (st == KARX_ERR_COUNTER_OVERFLOW)
                data_error(j, in_name, st);
            else
                cli_error("%s: %s: %s", in_name, karx_strerror(st), karx_gpu_last_error(g));
            rc = EXIT_FAIL;
        } else {
            rc = output_write(out, buf, n);
        }
        if (n < GPU_CHUNK)
            break;
    }
    if (rc == 0 && ferror(in)) {
        cli_error("%s: read error: %s", in_name, strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    }
    if (rc == 0)
        rc = output_commit(out);
    if (rc)
        output_abort(out);
done:
    if (buf) {
        karx_memzero(buf, GPU_CHUNK);
        karx_gpu_host_free(g, buf);
    }
    cli_close_input(in);
    karx_gpu_close(g);
    karx_cipher_key_wipe(&k);
    return rc;
}

/* ---- GCM / CCM ---- */

typedef struct {
    int encrypt, ccm;
    karx_cipher_alg alg;
    const uint8_t *key;
    size_t key_len;
    const char *iv_hex, *aad_hex, *tag_len_s, *in_path, *out_path;
} aead_job;

/* 0, or an exit code with one line printed. Everything secret is wiped before it returns. */
static int run_aead(const aead_job *a)
{
    const char *mname = a->ccm ? "ccm" : "gcm";
    uint8_t *iv = NULL, *aad = NULL, *data = NULL, *res = NULL;
    size_t iv_len = 0, aad_len = 0, len = 0, res_len = 0, tag_len = 16;
    const char *in_name = "stdin";
    FILE *in = NULL;
    output out = {NULL, NULL, NULL, NULL};
    karx_status st;
    int rc = 0;

    if (a->tag_len_s) {
        unsigned long long v;
        if ((rc = cli_count_arg("--tag-len", a->tag_len_s, 1, 16, &v)) != 0) goto done;
        tag_len = (size_t)v;
    }
    if (a->ccm ? (tag_len < 4 || tag_len % 2) : !karx_gcm_tag_len_ok(tag_len)) {
        cli_error("--tag-len: %s takes %s, not %zu", mname,
                  a->ccm ? "4, 6, 8, 10, 12, 14 or 16" : "4, 8, 12, 13, 14, 15 or 16", tag_len);
        rc = EXIT_USAGE;
        goto done;
    }
    if (a->iv_hex == NULL) {
        cli_error("%s: %s needs --iv: %s", a->encrypt ? "enc" : "dec", mname,
                  a->ccm ? "a nonce of 7..13 bytes" : "an IV of at least 1 byte (12 recommended)");
        rc = EXIT_USAGE;
        goto done;
    }
    if ((rc = cli_hex_arg("--iv", a->iv_hex, &iv, &iv_len)) != 0) goto done;
    if (a->ccm ? (iv_len < 7 || iv_len > 13) : iv_len == 0) {
        cli_error("--iv: %s", a->ccm ? "a ccm nonce is 7..13 bytes" : "a gcm IV is at least 1 byte");
        rc = EXIT_USAGE;
        goto done;
    }
    if (a->aad_hex && (rc = cli_hex_arg("--aad", a->aad_hex, &aad, &aad_len)) != 0) goto done;

    if (strcmp(a->in_path, "-") != 0) in_name = a->in_path;
    in = cli_open_input(a->in_path);
    if (in == NULL) {
        cli_error("%s: %s", in_name, strerror(errno));
        rc = EXIT_FAIL;
        goto done;
    }
    if ((rc = cli_read_all(in, in_name, AEAD_MAX_INPUT, &data, &len)) != 0) goto done;

    if (a->encrypt) {
        res_len = len + tag_len;
        res = malloc(res_len);
        if (res == NULL) {
            cli_error("%s: out of memory", in_name);
            rc = EXIT_FAIL;
            goto done;
        }
        st = a->ccm ? karx_ccm_encrypt(a->alg, a->key, a->key_len, iv, iv_len, aad, aad_len,
                                       res, data, len, res + len, tag_len)
                    : karx_gcm_encrypt(a->alg, a->key, a->key_len, iv, iv_len, aad, aad_len,
                                       res, data, len, res + len, tag_len);
    } else {
        if (len < tag_len) {
            cli_error("%s: truncated input: %zu bytes, shorter than the %zu-byte %s tag; nothing "
                      "written", in_name, len, tag_len, mname);
            rc = EXIT_FAIL;
            goto done;
        }
        res_len = len - tag_len;
        res = malloc(res_len ? res_len : 1);
        if (res == NULL) {
            cli_error("%s: out of memory", in_name);
            rc = EXIT_FAIL;
            goto done;
        }
        st = a->ccm ? karx_ccm_decrypt(a->alg, a->key, a->key_len, iv, iv_len, aad, aad_len,
                                       res, data, res_len, data + res_len, tag_len)
                    : karx_gcm_decrypt(a->alg, a->key, a->key_len, iv, iv_len, aad, aad_len,
                                       res, data, res_len, data + res_len, tag_len);
    }
    if (st == KARX_ERR_AUTHENTICATION) {
        cli_error("%s: %s authentication failed (wrong key, IV or AAD, or corrupted data); "
                  "nothing written", in_name, mname);
        rc = EXIT_FAIL;
        goto done;
    } else if (st == KARX_ERR_DATA_LENGTH) {
        cli_error("%s: %s (too long for %s%s)", in_name, karx_strerror(st), mname,
                  a->ccm ? " with this nonce length: a shorter nonce allows more" : "");
        rc = EXIT_FAIL;
        goto done;
    } else if (st != KARX_OK) {
        cli_error("%s: %s", mname, karx_strerror(st));
        rc = EXIT_USAGE;
        goto done;
    }
    /* only now, with the data authenticated (or sealed), is any output created */
    if ((rc = output_open(&out, a->out_path)) != 0) goto done;
    rc = output_write(&out, res, res_len);
    if (rc == 0) rc = output_commit(&out);
    if (rc) output_abort(&out);

done:
    cli_free_secret(iv, iv_len);
    cli_free_secret(aad, aad_len);
    cli_free_secret(data, len);
    cli_free_secret(res, res_len);
    cli_close_input(in);
    return rc;
}

static int cmd_crypt(int argc, char **argv, int encrypt)
{
    static const struct option opts[] = {
        {"cipher", required_argument, NULL, 'c'},
        {"mode", required_argument, NULL, 'm'},
        {"key", required_argument, NULL, 'K'},
        {"key-file", required_argument, NULL, 'k'},
        {"iv", required_argument, NULL, 'v'},
        {"no-pad", no_argument, NULL, 'p'},
        {"aad", required_argument, NULL, 'a'},
        {"tag-len", required_argument, NULL, 't'},
        {"in", required_argument, NULL, 'i'},
        {"out", required_argument, NULL, 'o'},
        {"device", required_argument, NULL, 'D'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = encrypt ? "enc" : "dec";
    const char *cipher_name = NULL, *mode_name = NULL, *key_file = NULL;
    char *key_hex = NULL, *iv_hex = NULL;
    const char *aad_hex = NULL, *tag_len_s = NULL, *device = "cpu";
    int aead = 0, no_pad = 0; /* aead: 1 gcm, 2 ccm */
    job j = {encrypt, KARX_PAD_PKCS7, (karx_cipher_alg)0, (karx_mode)0, "-", NULL, 0};
    int rc = EXIT_OK, help = 0, c;
    uint8_t key[KARX_MAX_KEY_BYTES], iv[KARX_MAX_BLOCK_BYTES];
    size_t key_len = 0, iv_len = 0;
    uint8_t *ibuf = NULL, *obuf = NULL;
    FILE *in = NULL;
    const char *in_name = "stdin";
    output out = {NULL, NULL, NULL, NULL};
    karx_cipher_ctx ctx;
    karx_status st;
    memset(&ctx, 0, sizeof ctx);
    memset(key, 0, sizeof key);
    memset(iv, 0, sizeof iv);

    optind = 1;
    opterr = 0; /* one line of our own per error */
    while (rc == EXIT_OK && (c = getopt_long(argc, argv, ":c:m:K:i:o:h", opts, NULL)) != -1) {
        switch (c) {
        case 'c': cipher_name = optarg; break;
        case 'm': mode_name = optarg; break;
        case 'K': key_hex = optarg; break;
        case 'k': key_file = optarg; break;
        case 'v': iv_hex = optarg; break;
        case 'p': j.padding = KARX_PAD_NONE; no_pad = 1; break;
        case 'a': aad_hex = optarg; break;
        case 't': tag_len_s = optarg; break;
        case 'i': j.in_path = optarg; break;
        case 'o': j.out_path = optarg; break;
        case 'D': device = optarg; break;
        case 'h': help = 1; break;
        case ':':
            cli_error("%s: option '%s' needs a value (try 'karx %s --help')", cmd,
                      argv[optind - 1], cmd);
            rc = EXIT_USAGE;
            break;
        default:
            if (optopt)
                cli_error("%s: unknown option '-%c' (try 'karx %s --help')", cmd, optopt, cmd);
            else
                cli_error("%s: unknown option '%s' (try 'karx %s --help')", cmd,
                          argv[optind - 1], cmd);
            rc = EXIT_USAGE;
            break;
        }
    }
    /* Checks in a fixed order, the first failure reported; every return goes through done,
     * which wipes the key material. */
    if (rc) {
        goto done;
    } else if (help) {
        enc_usage(stdout, cmd);
        goto done;
    } else if (optind < argc) {
        cli_error("%s: unexpected argument '%s' (input is -i FILE or standard input)", cmd,
                  argv[optind]);
        rc = EXIT_USAGE;
    } else if (cipher_name == NULL) {
        cli_error("%s: no cipher given (-c lea128|lea192|lea256|hight|cham64-128|cham128-128|"
                  "cham128-256)", cmd);
        rc = EXIT_USAGE;
    } else if (karx_cipher_from_name(cipher_name, &j.alg) != KARX_OK) {
        cli_error("%s: unknown cipher (lea128, lea192, lea256, hight, cham64-128, cham128-128, "
                  "cham128-256)", cipher_name);
        rc = EXIT_USAGE;
    } else if (mode_name == NULL) {
        cli_error("%s: no mode given (-m ecb|cbc|ctr|cfb|cfb8|cfb64|ofb|gcm|ccm)", cmd);
        rc = EXIT_USAGE;
    } else if ((aead = strcmp(mode_name, "gcm") == 0 ? 1 : strcmp(mode_name, "ccm") == 0 ? 2 : 0),
               aead == 0 && karx_mode_from_name(mode_name, &j.mode) != KARX_OK) {
        cli_error("%s: unknown mode (ecb, cbc, ctr, cfb, cfb8, cfb64, ofb, gcm, ccm)", mode_name);
        rc = EXIT_USAGE;
    } else if (aead && karx_cipher_block_bytes(j.alg) != 16) {
        cli_error("%s: %s needs a 128-bit-block cipher (lea128, lea192, lea256, cham128-128, "
                  "cham128-256), not %s", cmd, mode_name, karx_cipher_name(j.alg));
        rc = EXIT_USAGE;
    } else if (aead && no_pad) {
        cli_error("--no-pad: %s has no padding", mode_name);
        rc = EXIT_USAGE;
    } else if (!aead && (aad_hex || tag_len_s)) {
        cli_error("%s: only gcm and ccm take a tag (--tag-len, --aad)", aad_hex ? "--aad" : "--tag-len");
        rc = EXIT_USAGE;
    } else if (key_hex == NULL && key_file == NULL) {
        cli_error("%s: no key given (-K HEX or --key-file FILE)", cmd);
        rc = EXIT_USAGE;
    } else if (key_hex != NULL && key_file != NULL) {
        cli_error("%s: give the key once (-K HEX or --key-file FILE, not both)", cmd);
        rc = EXIT_USAGE;
    }
    if (rc) goto done;

    j.block = karx_cipher_block_bytes(j.alg);
    key_len = karx_cipher_key_bytes(j.alg);
    if (aead) {
        char what[48];
        snprintf(what, sizeof what, "a %s key", karx_cipher_name(j.alg));
        rc = key_hex ? parse_hex_arg("-K", what, key_hex, key, key_len)
                     : read_key_file(key_file, key, key_len);
        if (rc == 0) {
            aead_job a = {encrypt, aead == 2, j.alg, key, key_len, iv_hex, aad_hex, tag_len_s,
                          j.in_path, j.out_path};
            rc = run_aead(&a);
        }
        goto done;
    }
    iv_len = karx_mode_iv_bytes(j.alg, j.mode);
    if (j.mode != KARX_MODE_ECB && iv_len == 0) {
        cli_error("%s: mode %s is not available with %s", cmd, karx_mode_name(j.mode),
                  karx_cipher_name(j.alg));
        rc = EXIT_USAGE;
        goto done;
    }
    if (key_hex) {
        char what[48];
        snprintf(what, sizeof what, "a %s key", karx_cipher_name(j.alg));
        rc = parse_hex_arg("-K", what, key_hex, key, key_len);
    } else {
        rc = read_key_file(key_file, key, key_len);
    }
    if (rc) goto done;
    if (j.mode == KARX_MODE_ECB && iv_hex) {
        cli_error("--iv: ECB takes no IV");
        rc = EXIT_USAGE;
    } else if (j.mode != KARX_MODE_ECB && iv_hex == NULL) {
        cli_error("%s: %s needs --iv: one %zu-byte block (%zu hex digits)", cmd,
                  karx_mode_name(j.mode), iv_len, 2 * iv_len);
        rc = EXIT_USAGE;
    } else if (iv_hex) {
        rc = parse_hex_arg("--iv", "the IV", iv_hex, iv, iv_len);
    }
    if (rc) goto done;

    if (strcmp(device, "cpu") != 0) {
        if (strcmp(device, "gpu") != 0) {
            cli_error("%s: unknown device '%s' (cpu, gpu)", cmd, device);
            rc = EXIT_USAGE;
        } else if (j.mode != KARX_MODE_CTR) {
            cli_error("%s: --device gpu runs -m ctr only, not %s", cmd, karx_mode_name(j.mode));
            rc = EXIT_USAGE;
        } else {
            if (strcmp(j.in_path, "-") != 0) in_name = j.in_path;
            rc = run_gpu_ctr(&j, key, key_len, iv, in_name, &out);
        }
        goto done;
    }
    st = karx_cipher_init(&ctx, j.alg, j.mode, encrypt, j.padding, key, key_len,
                                      iv_len ? iv : NULL, iv_len);
    if (st != KARX_OK) {
        cli_error("%s: %s", cmd, karx_strerror(st));
        rc = (st == KARX_ERR_KEY_LENGTH || st == KARX_ERR_IV_LENGTH ||
              st == KARX_ERR_UNSUPPORTED || st == KARX_ERR_UNKNOWN_ALGORITHM)
                 ? EXIT_USAGE
                 : EXIT_FAIL;
        goto done;
    }

    ibuf = malloc(CHUNK);
    obuf = malloc(CHUNK + KARX_MAX_BLOCK_BYTES);
    if (ibuf == NULL || obuf == NULL) {
        cli_error("%s: out of memory", cmd);
        rc = EXIT_FAIL;
        goto done;
    }
    if (strcmp(j.in_path, "-") != 0) in_name = j.in_path;
    in = cli_open_input(j.in_path);
    if (in == NULL) {
        cli_error("%s: %s", in_name, strerror(errno));
        rc = EXIT_FAIL;
        goto done;
    }
    if ((rc = output_open(&out, j.out_path)) != 0) goto done;
    rc = run_stream(&j, &ctx, in, in_name, &out, ibuf, obuf);
    if (rc == 0) rc = output_commit(&out);
    if (rc) output_abort(&out);

done:
    karx_cipher_ctx_wipe(&ctx);
    karx_memzero(key, sizeof key);
    karx_memzero(iv, sizeof iv);
    if (key_hex) karx_memzero(key_hex, strlen(key_hex)); /* the key's copy in argv */
    if (ibuf) {
        karx_memzero(ibuf, CHUNK);
        free(ibuf);
    }
    if (obuf) {
        karx_memzero(obuf, CHUNK + KARX_MAX_BLOCK_BYTES);
        free(obuf);
    }
    cli_close_input(in);
    return rc;
}

int cmd_enc(int argc, char **argv)
{
    return cmd_crypt(argc, argv, KARX_ENCRYPT);
}

int cmd_dec(int argc, char **argv)
{
    return cmd_crypt(argc, argv, KARX_DECRYPT);
}
