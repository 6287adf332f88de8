/* karx enc / karx dec: block-cipher encryption of a file or standard input in constant memory,
 * through the streaming API (karx_cipher_init / update / final) in fixed-size chunks. The AEAD
 * modes GCM and CCM (-m gcm|ccm) are in enc_aead.c, the output file (-o) in out_file.c.
 *
 * With -o the output goes to a temporary file beside OUT's final target, renamed onto it only
 * when everything succeeded: a failed run never leaves a partial OUT, and an existing OUT keeps
 * its content. To stdout, output streams; ECB / CBC hold back the last block for the padding
 * check, and a regular input file whose length cannot be right (or, for dec with padding, whose
 * last block has bad padding) is refused before anything is written. Key, IV, data buffers and
 * the cipher context are wiped on every exit path. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "enc.h"
#include "karx/karx.h"

#define CHUNK ENC_CHUNK
#define KEY_FILE_MAX 4096 /* longest key file read (hex text with a lot of white space) */

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
            "                       enc streams ciphertext || tag (ccm from a pipe: read into\n"
            "                       memory first, 1 GiB at most); dec never writes plaintext\n"
            "                       whose tag has not been checked: with -o it streams into the\n"
            "                       temporary file, kept only if the tag verifies; to stdout it\n"
            "                       reads the input into memory (1 GiB at most: use -o beyond)\n"
            "  -i, --in IN          input (default '-' = standard input)\n"
            "      --device DEV     cpu (default) or gpu: -m ctr on the CUDA device in 64 MiB\n"
            "                       chunks (same output; fails with one line if there is none)\n"
            "  -o, --out OUT        output (default '-' = standard output), written to a temporary\n"
            "                       file beside OUT (through symbolic links: beside their target)\n"
            "                       and renamed onto it only on success, with the replaced file's\n"
            "                       mode, owner and group; a device or FIFO is written directly\n"
            "Only -o guarantees no output on failure. To stdout the output streams: a failure part\n"
            "way (bad padding or truncated ciphertext from a pipe, a read error, CTR counter\n"
            "exhausted) leaves what came before it written (ecb/cbc dec holds back the last\n"
            "block). A regular input file of the wrong length for ecb/cbc, or whose last block\n"
            "has bad padding, is refused before anything is written.\n"
            "Exit: 0 done, 1 bad data (length, padding, CTR counter, gcm/ccm authentication\n"
            "failure or input shorter than the tag), unreadable input or unwritable output,\n"
            "2 usage error (names, key, IV, options; gcm/ccm with a 64-bit-block cipher).\n",
            cmd);
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
                      enc_output *out, uint8_t *ibuf, uint8_t *obuf)
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
        if (enc_output_write(out, obuf, got)) {
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
    return enc_output_write(out, obuf, got);
}

/* ---- ECB / CBC from a regular file: known bad input refused before any output ---- */

/* dec with padding: whether the last block of the file (size bytes, a non-zero number of
 * blocks) decrypts to valid PKCS#7 padding, decrypted on its own from the block before it (or
 * the IV). 0, or EXIT_FAIL with the message printed. */
static int check_last_padding(const job *j, FILE *in, const char *in_name, uint64_t size,
                              const uint8_t *key, size_t key_len, const uint8_t *iv,
                              size_t iv_len)
{
    uint8_t tail[2 * KARX_MAX_BLOCK_BYTES], out[2 * KARX_MAX_BLOCK_BYTES];
    size_t b = j->block, n = size >= 2 * b ? 2 * b : b, got;
    karx_cipher_ctx c;
    int rc = 0;
    if (pread(fileno(in), tail, n, (off_t)(size - n)) != (ssize_t)n) {
        cli_error("%s: read error: %s", in_name, strerror(errno ? errno : EIO));
        return EXIT_FAIL;
    }
    const uint8_t *chain = n == 2 * b ? tail : iv; /* CBC: the block before the last one */
    int cbc = j->mode == KARX_MODE_CBC;
    karx_status st = karx_cipher_init(&c, j->alg, j->mode, KARX_DECRYPT, KARX_PAD_PKCS7, key,
                                      key_len, cbc ? chain : NULL, cbc ? iv_len : 0);
    if (st == KARX_OK)
        st = karx_cipher_update(&c, out, sizeof out, &got, tail + n - b, b);
    if (st == KARX_OK)
        st = karx_cipher_final(&c, out, sizeof out, &got);
    if (st != KARX_OK) {
        data_error(j, in_name, st);
        rc = EXIT_FAIL;
    }
    karx_cipher_ctx_wipe(&c);
    karx_memzero(out, sizeof out);
    karx_memzero(tail, sizeof tail);
    return rc;
}

/* A regular input file has a known length: ECB / CBC refuse one that is not a whole number of
 * blocks where that is needed (and, for dec with padding, an empty one or a bad last block)
 * before writing anything, since to stdout the output streams. 0 or EXIT_FAIL. */
static int precheck_regular(const job *j, FILE *in, const char *in_name, const uint8_t *key,
                            size_t key_len, const uint8_t *iv, size_t iv_len)
{
    uint64_t size;
    int pad = j->padding == KARX_PAD_PKCS7;
    if ((j->mode != KARX_MODE_ECB && j->mode != KARX_MODE_CBC) || (j->encrypt && pad) ||
        !enc_input_size(in, &size))
        return 0;
    if (size % j->block != 0 || (!j->encrypt && pad && size == 0)) {
        data_error(j, in_name, KARX_ERR_DATA_LENGTH);
        return EXIT_FAIL;
    }
    if (j->encrypt || !pad)
        return 0;
    return check_last_padding(j, in, in_name, size, key, key_len, iv, iv_len);
}

/* ---- CTR on the GPU (--device gpu) ---- */

#define GPU_CHUNK ((size_t)64 << 20) /* whole blocks, so the stream equals one CTR call */

/* 0, or an exit code with one line printed. The scheduled key and the buffers are wiped. */
static int run_gpu_ctr(const job *j, const uint8_t *key, size_t key_len, uint8_t *ctr,
                       const char *in_name, enc_output *out)
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
    if ((rc = enc_output_open(out, j->out_path)) != 0)
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
            rc = enc_output_write(out, buf, n);
        }
        if (n < GPU_CHUNK)
            break;
    }
    if (rc == 0 && ferror(in)) {
        cli_error("%s: read error: %s", in_name, strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    }
    if (rc == 0)
        rc = enc_output_commit(out);
    if (rc)
        enc_output_abort(out);
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
    enc_output out;
    memset(&out, 0, sizeof out);
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
            enc_aead_job a = {encrypt, aead == 2, j.alg, key, key_len, iv_hex, aad_hex,
                              tag_len_s, j.in_path, j.out_path};
            rc = enc_run_aead(&a);
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
    if ((rc = precheck_regular(&j, in, in_name, key, key_len, iv, iv_len)) != 0) goto done;
    if ((rc = enc_output_open(&out, j.out_path)) != 0) goto done;
    rc = run_stream(&j, &ctx, in, in_name, &out, ibuf, obuf);
    if (rc == 0) rc = enc_output_commit(&out);
    if (rc) enc_output_abort(&out);

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
