/* karx enc / karx dec: block-cipher encryption of a file or standard input in constant memory,
 * through the streaming API (karx_cipher_init / update / final) in fixed-size chunks. The AEAD
 * modes GCM and CCM (-m gcm|ccm) are in enc_aead.c, XTS (-m xts) in enc_xts.c, the output file
 * (-o) in out_file.c.
 *
 * With -o the output goes to a temporary file beside OUT's final target, renamed onto it only
 * when everything succeeded: a failed run never leaves a partial OUT, and an existing OUT keeps
 * its content. To stdout, output streams; ECB / CBC hold back the last block for the padding
 * check, and a regular input file whose length cannot be right (or, for dec with padding, whose
 * last block has bad padding) is refused before anything is written. Key, IV, data buffers and
 * the cipher context are wiped on every exit path. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "cli_opts.h"
#include "enc.h"
#include "io_reader.h"
#include "karx/karx.h"
#include "karx/pool.h"
#include "seal.h"

#define CHUNK ENC_CHUNK

#define ENC_OPTS \
    "c|cipher= m|mode= K|key= key-file= iv= no-pad aad= tag-len= i|in= o|out= device= h|help " \
    "sector-size= T|threads= key-hex-file= pass-file= pass-fd= iter= iter-max="
enum { E_CIPHER, E_MODE, E_KEY, E_KEY_FILE, E_IV, E_NO_PAD, E_AAD, E_TAG_LEN, E_IN, E_OUT,
       E_DEVICE, E_HELP, E_SECTOR, E_THREADS, E_KEY_HEX_FILE, E_PASS_FILE, E_PASS_FD, E_ITER,
       E_ITER_MAX, E_N };

static void enc_usage(FILE *to, const char *cmd)
{
    fprintf(to,
            "usage: karx %s [-c CIPHER] [--pass-file FILE | --pass-fd N | -K HEX | --key-file FILE]\n"
            "                %s[-T N] [-i IN] [-o OUT]     (the karx sealed format)\n"
            "       karx %s -c CIPHER -m MODE (-K HEX | --key-file FILE) [--iv HEX] [--no-pad]\n"
            "                [--aad HEX] [--tag-len N] [--sector-size N] [-T N] [-i IN] [-o OUT]\n"
            "Without -m: the karx sealed format (docs/FORMAT.md): a header, then 64 KiB chunks\n"
            "each sealed with GCM under a key derived for this file (PBKDF2-HMAC-LSH-256-256 of\n"
            "the passphrase, or the raw key, then KBKDF with a random salt); the chunk counter and\n"
            "a last-chunk flag in every nonce, so reordered, truncated, extended or swapped\n"
            "chunks are detected. dec releases a chunk only once its tag verified.\n"
            "  -c, --cipher CIPHER  sealed: %s\n"
            "      --pass-file FILE sealed: the passphrase is FILE's content less one trailing\n"
            "                       newline (\\n or \\r\\n); at most 4096 bytes, not empty\n"
            "      --pass-fd N      sealed: the same, read from file descriptor N to its end\n"
            "                       (without any passphrase or key option: asked on the terminal\n"
            "                       without echo, twice by enc)\n"
            "  -K, --key-file       sealed: a raw 32-byte key (as below) instead of a passphrase\n"
            "      --iter N         sealed enc: PBKDF2 iterations (default: calibrated to take\n"
            "                       about half a second here; stored in the header)\n"
            "      --iter-max N     sealed dec: refuse a header asking for more iterations than N\n"
            "                       (default %u)\n"
            "  -c, --cipher CIPHER  with -m: ",
            cmd, strcmp(cmd, "enc") == 0 ? "[--iter N] " : "[--iter-max N] ", cmd,
            seal_cipher_names(), SEAL_ITER_CAP);
    cli_put_names(to, KARX_KIND_CIPHER, NULL, 23, 23);
    fputs("  -m, --mode MODE      ", to);
    cli_put_names(to, KARX_KIND_MODE, NULL, 23, 23);
    fputs("                       (cfb: full-block segments; ctr: the whole block is one\n"
          "                       big-endian counter), the AEAD modes gcm ccm, or xts (these\n"
          "                       three: 128-bit-block ciphers only); standard names such as\n"
          "                       LEA-128 too\n"
          "  -K, --key HEX        the key in hex (visible to other users in ps: prefer --key-file);\n"
          "                       xts: two cipher keys, data key || tweak key, not equal\n",
          to);
    cli_key_usage(to, 23);
    fputs("      --iv HEX         IV / initial counter block in hex (every mode but ECB);\n"
          "                       xts: the 16-byte tweak\n"
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
          "      --sector-size N  xts: the input is consecutive N-byte data units (N a multiple\n"
          "                       of 16, 16 .. 16777216), unit i under the tweak + i (little-\n"
          "                       endian, as dm-crypt's plain64); the last unit may be shorter\n"
          "                       but not under 16 bytes. Without it the whole input is one data\n"
          "                       unit (at least 16 bytes; ciphertext stealing when not whole\n"
          "                       blocks; SP 800-38E allows a unit of 16 MiB at most)\n"
          "  -T, --threads N      threads computing (default 0 = every CPU; 1 = this thread):\n"
          "                       sealed: each batch of 64 KiB chunks is shared between them;\n"
          "                       ecb, ctr, cbc and cfb decryption split each 1 MiB chunk\n"
          "                       between them, and gcm read into memory (dec to stdout) its\n"
          "                       whole input; the other modes and directions are serial. The\n"
          "                       output is the same for every N. At any N the input is read\n"
          "                       (mmap of a regular file, else a reader thread) and the output\n"
          "                       written (a writer thread) beside the computation\n"
          "  -i, --in IN          input (default '-' = standard input)\n"
          "      --device DEV     cpu (default) or gpu: -m ctr on the CUDA device in 64 MiB\n"
          "                       chunks (same output; fails with one line if there is none)\n"
          "  -o, --out OUT        output (default '-' = standard output), written to a temporary\n"
          "                       file beside OUT (through symbolic links: beside their target)\n"
          "                       and renamed onto it only on success, with the replaced file's\n"
          "                       mode, owner and group; a device or FIFO is written directly\n"
          "Only -o guarantees no output on failure. To stdout the output streams: a failure part\n"
          "way (bad padding or truncated ciphertext from a pipe, a read error, CTR counter\n"
          "exhausted; sealed dec: a chunk that does not verify, a truncated or extended file)\n"
          "leaves what came before it written (ecb/cbc dec holds back the last block; sealed dec\n"
          "writes only chunks that verified, but they are part of a bad file: discard them). A\n"
          "regular input file of the wrong length for ecb/cbc, or whose last block has bad\n"
          "padding, is refused before anything is written.\n"
          "Exit: 0 done, 1 bad data (sealed: wrong passphrase or key, corrupted header or chunk,\n"
          "truncated or extended file; length, padding, CTR counter, gcm/ccm authentication\n"
          "failure or input shorter than the tag, xts input or last unit under 16 bytes or xts\n"
          "unit numbers past 2^128 - 1), unreadable input or unwritable output, 2 usage error\n"
          "(names, key, IV, options; gcm/ccm/xts with a 64-bit-block cipher, an xts key whose\n"
          "halves are equal).\n",
          to);
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

/* ---- the run ---- */

/* One run of karx enc / dec: its options, checked (parse_job), and what follows from them. */
typedef struct {
    const char *cmd; /* "enc" or "dec" */
    int encrypt, padding, aead, xts;
    karx_mode_info minfo;    /* the mode, whatever its shape (karx_mode_find) */
    karx_aead_alg aead_mode; /* with aead */
    int seal;       /* no -m: the sealed format (seal.c) */
    int seal_cipher;
    const char *pass_file, *pass_fd, *iter_s, *iter_max_s;
    karx_cipher_alg alg;
    karx_mode mode; /* not for aead */
    const char *mode_name;
    size_t block, key_len, iv_len;
    const char *key_hex, *key_file, *key_hex_file, *iv_hex, *aad_hex, *tag_len_s, *device;
    const char *sector_s;
    const char *in_path, *out_path;
    const char *in_name; /* in_path, or "stdin" */
    unsigned threads;    /* -T, resolved (>= 1) */
    karx_pool *pool;     /* NULL for one thread */
} job;

/* The key (xts: two keys) and the IV, wiped when the run ends. */
typedef struct {
    uint8_t key[2 * KARX_MAX_KEY_BYTES];
    uint8_t iv[KARX_MAX_BLOCK_BYTES];
} secrets;

/* One line for a failed library call on the data. */
static void data_error(const job *j, karx_status st)
{
    char hint[160] = "";
    if (st == KARX_ERR_DATA_LENGTH && j->encrypt)
        snprintf(hint, sizeof hint, " (with --no-pad, %s takes whole %zu-byte blocks)",
                 j->mode_name, j->block);
    else if (st == KARX_ERR_DATA_LENGTH)
        snprintf(hint, sizeof hint, " (truncated ciphertext: not a whole%s number of %zu-byte "
                 "blocks)", j->padding ? ", non-zero" : "", j->block);
    else if (st == KARX_ERR_PADDING)
        snprintf(hint, sizeof hint, " (wrong key or IV, or corrupted ciphertext)");
    else if (st == KARX_ERR_COUNTER_OVERFLOW || (st == KARX_ERR_STATE && j->mode == KARX_MODE_CTR))
        snprintf(hint, sizeof hint, " (the input is longer than the counter space this IV "
                 "leaves)");
    cli_error("%s: %s%s", j->in_name, karx_strerror(st), hint);
}

/* Streams in -> ctx -> out. 0, or EXIT_FAIL with the message printed. ctx is wiped. */
static int run_stream(const job *j, karx_cipher_ctx *ctx, io_reader *in, enc_output *out)
{
    const uint8_t *p;
    uint8_t *obuf;
    size_t n, got;
    karx_status st;
    int e;
    while ((e = io_reader_next(in, &p, &n)) == 0 && n > 0) {
        obuf = enc_output_buf(out);
        st = karx_cipher_update_pool(j->pool, ctx, obuf, ENC_OUT_CAP, &got, p, n);
        if (st != KARX_OK) {
            karx_cipher_ctx_wipe(ctx);
            data_error(j, st);
            return EXIT_FAIL;
        }
        if (enc_output_put(out, got)) {
            karx_cipher_ctx_wipe(ctx);
            return EXIT_FAIL;
        }
    }
    if (e) {
        karx_cipher_ctx_wipe(ctx);
        cli_error("%s: read error: %s", j->in_name, strerror(e));
        return EXIT_FAIL;
    }
    obuf = enc_output_buf(out);
    st = karx_cipher_final(ctx, obuf, ENC_OUT_CAP, &got); /* wipes ctx */
    karx_cipher_ctx_wipe(ctx);
    if (st != KARX_OK) {
        data_error(j, st);
        return EXIT_FAIL;
    }
    return enc_output_put(out, got);
}

/* ---- ECB / CBC from a regular file: known bad input refused before any output ---- */

/* dec with padding: whether the last block of the file (size bytes, a non-zero number of
 * blocks) decrypts to valid PKCS#7 padding, decrypted on its own from the block before it (or
 * the IV). 0, or EXIT_FAIL with the message printed. */
static int check_last_padding(const job *j, const secrets *k, FILE *in, uint64_t size)
{
    uint8_t tail[2 * KARX_MAX_BLOCK_BYTES], out[2 * KARX_MAX_BLOCK_BYTES];
    size_t b = j->block, n = size >= 2 * b ? 2 * b : b, got;
    karx_cipher_ctx c;
    int rc = 0;
    if (pread(fileno(in), tail, n, (off_t)(size - n)) != (ssize_t)n) {
        cli_error("%s: read error: %s", j->in_name, strerror(errno ? errno : EIO));
        return EXIT_FAIL;
    }
    const uint8_t *chain = n == 2 * b ? tail : k->iv; /* CBC: the block before the last one */
    int cbc = j->mode == KARX_MODE_CBC;
    karx_status st = karx_cipher_init(&c, j->alg, j->mode, KARX_DECRYPT, KARX_PAD_PKCS7, k->key,
                                      j->key_len, cbc ? chain : NULL, cbc ? j->iv_len : 0);
    if (st == KARX_OK)
        st = karx_cipher_update(&c, out, sizeof out, &got, tail + n - b, b);
    if (st == KARX_OK)
        st = karx_cipher_final(&c, out, sizeof out, &got);
    if (st != KARX_OK) {
        data_error(j, st);
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
static int precheck_regular(const job *j, const secrets *k, FILE *in)
{
    uint64_t size;
    int pad = j->padding == KARX_PAD_PKCS7;
    if ((j->mode != KARX_MODE_ECB && j->mode != KARX_MODE_CBC) || (j->encrypt && pad) ||
        !enc_input_size(in, &size))
        return 0;
    if (size % j->block != 0 || (!j->encrypt && pad && size == 0)) {
        data_error(j, KARX_ERR_DATA_LENGTH);
        return EXIT_FAIL;
    }
    if (j->encrypt || !pad)
        return 0;
    return check_last_padding(j, k, in, size);
}

/* ---- CTR on the GPU (--device gpu) ---- */

#define GPU_CHUNK ((size_t)64 << 20) /* whole blocks, so the stream equals one CTR call */

/* 0, or an exit code with one line printed. The scheduled key and the buffers are wiped; the
 * counter (k->iv) moves on. */
static int run_gpu_ctr(const job *j, secrets *sk)
{
    karx_gpu *g = NULL;
    karx_cipher_key k;
    uint8_t *buf = NULL;
    FILE *in = NULL;
    enc_output out;
    int rc = EXIT_OK;
    memset(&out, 0, sizeof out);
    karx_status st = karx_cipher_set_key(&k, j->alg, sk->key, j->key_len);
    if (st != KARX_OK) {
        cli_error("%s: %s", karx_cipher_name(j->alg), karx_strerror(st));
        return cli_status_exit(st, EXIT_USAGE);
    }
    char why[CLI_GPU_WHY_MAX];
    if ((st = karx_gpu_open(&g, 0)) != KARX_OK) {
        cli_error("--device gpu: %s", cli_gpu_why(st, karx_gpu_open_error(), why, sizeof why));
        rc = EXIT_FAIL;
        goto done;
    }
    if ((st = karx_gpu_host_alloc(g, (void **)&buf, GPU_CHUNK)) != KARX_OK) { /* pinned */
        cli_error("--device gpu: %s", cli_gpu_why(st, karx_gpu_last_error(g), why, sizeof why));
        rc = EXIT_FAIL;
        goto done;
    }
    if ((in = cli_open_input(j->in_path)) == NULL) {
        cli_error("%s: %s", j->in_name, strerror(errno));
        rc = EXIT_FAIL;
        goto done;
    }
    if ((rc = enc_output_open(&out, j->out_path)) != 0)
        goto done;
    size_t n;
    errno = 0;
    while (rc == 0 && (n = fread(buf, 1, GPU_CHUNK, in)) > 0) {
        st = karx_gpu_ctr_xor(g, &k, sk->iv, buf, buf, n);
        if (st != KARX_OK) {
            if (st == KARX_ERR_COUNTER_OVERFLOW)
                data_error(j, st);
            else
                cli_error("%s: %s", j->in_name,
                          cli_gpu_why(st, karx_gpu_last_error(g), why, sizeof why));
            rc = EXIT_FAIL;
        } else {
            rc = enc_output_write(&out, buf, n);
        }
        if (n < GPU_CHUNK)
            break;
    }
    if (rc == 0 && ferror(in)) {
        cli_error("%s: read error: %s", j->in_name, strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    }
    if (rc == 0)
        rc = enc_output_commit(&out);
    if (rc)
        enc_output_abort(&out);
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

/* ---- the streaming modes on the CPU ---- */

/* Opens the input, refuses known bad input, streams it through ctx to the output. */
static int stream_file(const job *j, const secrets *k, karx_cipher_ctx *ctx)
{
    io_reader *r = NULL;
    enc_output out;
    memset(&out, 0, sizeof out);
    FILE *in = cli_open_input(j->in_path);
    if (in == NULL) {
        cli_error("%s: %s", j->in_name, strerror(errno));
        return EXIT_FAIL;
    }
    int rc = precheck_regular(j, k, in);
    if (rc == 0 && (rc = enc_output_open(&out, j->out_path)) == 0) {
        rc = io_input_start(&r, in, j->in_name, CHUNK, 0);
        if (rc == 0) rc = run_stream(j, ctx, r, &out);
        io_reader_stop(r);
        if (rc == 0) rc = enc_output_commit(&out);
        if (rc) enc_output_abort(&out);
    }
    cli_close_input(in);
    return rc;
}

/* 0, or an exit code with one line printed; the context and the buffers are wiped. */
static int run_cpu(const job *j, const secrets *k)
{
    karx_cipher_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    karx_status st = karx_cipher_init(&ctx, j->alg, j->mode, j->encrypt, j->padding, k->key,
                                      j->key_len, j->iv_len ? k->iv : NULL, j->iv_len);
    if (st != KARX_OK) {
        cli_error("%s: %s", j->cmd, karx_strerror(st));
        return (st == KARX_ERR_KEY_LENGTH || st == KARX_ERR_IV_LENGTH ||
                st == KARX_ERR_UNSUPPORTED || st == KARX_ERR_UNKNOWN_ALGORITHM)
                   ? EXIT_USAGE
                   : EXIT_FAIL;
    }
    int rc = stream_file(j, k, &ctx);
    karx_cipher_ctx_wipe(&ctx);
    return rc;
}

/* ---- parsing: names, then the options' combination ---- */

/* -c and -m: the cipher, and the mode (any of karx_mode_get's: a block mode, an AEAD of
 * karx/aead.h, or XTS). 0, or EXIT_USAGE with one line. */
static int parse_names(job *j, const char *cipher, const char *mode)
{
    char list[256];
    karx_alg_info c;
    if (mode == NULL) { /* the sealed format */
        j->seal = 1;
        j->mode_name = "the sealed format";
        j->seal_cipher = cipher ? seal_cipher_id(cipher) : SEAL_LEA256;
        if (j->seal_cipher == 0) {
            cli_error("%s: the sealed format takes %s (other ciphers with -m MODE)", cipher,
                      seal_cipher_names());
            return EXIT_USAGE;
        }
        j->key_len = SEAL_KEY_BYTES;
        return 0;
    }
    if (cipher == NULL) {
        cli_error("%s: no cipher given (-c %s)", j->cmd,
                  cli_alg_names(KARX_KIND_CIPHER, NULL, "|", list, sizeof list));
        return EXIT_USAGE;
    }
    int rc = cli_alg_arg(KARX_KIND_CIPHER, NULL, cipher, "cipher", &c);
    if (rc) return rc;
    j->alg = (karx_cipher_alg)c.id;
    j->block = c.block_bytes;
    j->key_len = c.key_bytes;
    if (karx_mode_find(mode, &j->minfo) != KARX_OK) {
        cli_error("%s: unknown mode (%s)", mode, cli_mode_names(", ", list, sizeof list));
        return EXIT_USAGE;
    }
    j->aead = j->minfo.shape == KARX_SHAPE_AEAD;
    j->xts = j->minfo.shape == KARX_SHAPE_XTS;
    j->key_len *= j->minfo.key_parts; /* xts: data key || tweak key */
    if (j->aead) {
        j->aead_mode = (karx_aead_alg)j->minfo.id;
        j->mode_name = mode;
    } else if (j->xts) {
        j->mode_name = mode;
    } else {
        j->mode = (karx_mode)j->minfo.id;
        j->mode_name = karx_mode_name(j->mode);
    }
    return 0;
}

/* The sealed format's options: no IV, tag, padding or unit options; one key source; --iter
 * for enc, --iter-max for dec. 0, or EXIT_USAGE with one line. */
static int check_sealed(const job *j, int no_pad)
{
    const char *other = j->iv_hex ? "--iv" : j->aad_hex ? "--aad" : j->tag_len_s ? "--tag-len"
                      : no_pad ? "--no-pad" : j->sector_s ? "--sector-size"
                      : strcmp(j->device, "cpu") != 0 ? "--device" : NULL;
    int keys = !!j->key_hex + !!j->key_file + !!j->key_hex_file + !!j->pass_file + !!j->pass_fd;
    if (other) {
        cli_error("%s: only with -m MODE (without -m, %s writes the sealed format)", other,
                  j->cmd);
    } else if (keys > 1) {
        cli_error("%s: give one of -K, --key-file, --key-hex-file, --pass-file, --pass-fd", j->cmd);
    } else if (j->iter_s && !j->encrypt) {
        cli_error("--iter: enc only (dec reads the count from the header; --iter-max caps it)");
    } else if (j->iter_max_s && j->encrypt) {
        cli_error("--iter-max: dec only (enc sets the count with --iter)");
    } else if (j->iter_s && (j->key_hex || j->key_file || j->key_hex_file)) {
        cli_error("--iter: a raw key (-K, --key-file, --key-hex-file) takes no PBKDF2 iterations");
    } else if (j->pass_fd && strcmp(j->pass_fd, "0") == 0 && strcmp(j->in_path, "-") == 0) {
        cli_error("--pass-fd 0: standard input is the data (give -i FILE)");
    } else {
        return 0;
    }
    return EXIT_USAGE;
}

/* What each mode family refuses; 0, or EXIT_USAGE with one line. */
static int check_combination(const job *j, int no_pad)
{
    char list[256];
    if (j->seal) return check_sealed(j, no_pad);
    if (j->pass_file || j->pass_fd || j->iter_s || j->iter_max_s) {
        cli_error("%s: only the sealed format (no -m) takes a passphrase, --iter or --iter-max",
                  j->pass_file ? "--pass-file" : j->pass_fd ? "--pass-fd"
                  : j->iter_s ? "--iter" : "--iter-max");
    } else if (karx_mode_key_bytes(&j->minfo, j->alg) == 0 &&
               j->minfo.min_block == j->minfo.max_block) {
        cli_error("%s: %s needs a %zu-bit-block cipher (%s), not %s", j->cmd, j->mode_name,
                  8 * j->minfo.min_block, cli_mode_ciphers(&j->minfo, ", ", list, sizeof list),
                  karx_cipher_name(j->alg));
    } else if (karx_mode_key_bytes(&j->minfo, j->alg) == 0) {
        cli_error("%s: %s does not run on %s (%s)", j->cmd, j->mode_name,
                  karx_cipher_name(j->alg), cli_mode_ciphers(&j->minfo, ", ", list, sizeof list));
    } else if ((j->aead || j->xts) && no_pad) {
        cli_error("--no-pad: %s has no padding", j->mode_name);
    } else if (j->xts && (j->aad_hex || j->tag_len_s)) {
        cli_error("%s: xts takes no tag or AAD", j->aad_hex ? "--aad" : "--tag-len");
    } else if (j->xts && strcmp(j->device, "cpu") != 0) {
        cli_error("--device: xts runs on the cpu only");
    } else if (!j->xts && j->sector_s) {
        cli_error("--sector-size: only xts takes data units");
    } else if (!j->xts && !j->aead && (j->aad_hex || j->tag_len_s)) {
        cli_error("%s: only gcm and ccm take a tag (--tag-len, --aad)",
                  j->aad_hex ? "--aad" : "--tag-len");
    } else if (!j->aead && !j->xts && j->mode != KARX_MODE_ECB && j->iv_len == 0) {
        cli_error("%s: mode %s is not available with %s", j->cmd, j->mode_name,
                  karx_cipher_name(j->alg));
    } else {
        cli_key_opts ko = {j->key_hex, j->key_file, j->key_hex_file};
        return cli_key_given(j->cmd, &ko);
    }
    return EXIT_USAGE;
}

/* The command line into j. 0 (with *help set for --help), or EXIT_USAGE with one line. */
static int parse_job(int argc, char **argv, cli_opt *o, job *j, int *help)
{
    int first, rc = cli_parse_opts(j->cmd, ENC_OPTS, argc, argv, o, &first, NULL);
    if ((*help = rc == CLI_HELP) != 0) return 0;
    if (rc || (rc = cli_no_operands(j->cmd, argc, argv, first,
                                    " (input is -i FILE or standard input)")) != 0)
        return rc;
    j->padding = o[E_NO_PAD].val ? KARX_PAD_NONE : KARX_PAD_PKCS7;
    j->key_hex = o[E_KEY].val;
    j->key_file = o[E_KEY_FILE].val;
    j->key_hex_file = o[E_KEY_HEX_FILE].val;
    j->iv_hex = o[E_IV].val;
    j->aad_hex = o[E_AAD].val;
    j->tag_len_s = o[E_TAG_LEN].val;
    j->device = o[E_DEVICE].val ? o[E_DEVICE].val : "cpu";
    j->sector_s = o[E_SECTOR].val;
    j->pass_file = o[E_PASS_FILE].val;
    j->pass_fd = o[E_PASS_FD].val;
    j->iter_s = o[E_ITER].val;
    j->iter_max_s = o[E_ITER_MAX].val;
    j->in_path = o[E_IN].val ? o[E_IN].val : "-";
    j->out_path = o[E_OUT].val;
    j->in_name = strcmp(j->in_path, "-") != 0 ? j->in_path : "stdin";
    if ((rc = cli_threads_arg(o[E_THREADS].val, &j->threads)) != 0) return rc;
    if ((rc = parse_names(j, o[E_CIPHER].val, o[E_MODE].val)) != 0) return rc;
    if (!j->aead && !j->xts && !j->seal) j->iv_len = karx_mode_iv_bytes(j->alg, j->mode);
    return check_combination(j, o[E_NO_PAD].val != NULL);
}

/* ---- running ---- */

/* The key from -K, --key-file or --key-hex-file (cli_key.c's rule). 0, or an exit code with
 * one line. */
static int load_key(const job *j, secrets *k)
{
    char what[64];
    if (j->seal)
        snprintf(what, sizeof what, "a sealed-format key");
    else
        snprintf(what, sizeof what, j->xts ? "an xts %s key pair" : "a %s key",
                 karx_cipher_name(j->alg));
    if (j->key_hex) return parse_hex_arg("-K", what, j->key_hex, k->key, j->key_len);
    cli_key_opts ko = {NULL, j->key_file, j->key_hex_file};
    uint8_t *key;
    size_t n;
    int rc = cli_key_load(j->cmd, &ko, j->key_len, &key, &n);
    if (rc == 0) memcpy(k->key, key, n);
    cli_free_secret(key, n);
    return rc;
}

/* --iv, which every mode but ECB needs: one block. 0, or EXIT_USAGE with one line. */
static int load_iv(const job *j, secrets *k)
{
    if (j->mode == KARX_MODE_ECB && j->iv_hex) {
        cli_error("--iv: ECB takes no IV");
        return EXIT_USAGE;
    }
    if (j->mode != KARX_MODE_ECB && j->iv_hex == NULL) {
        cli_error("%s: %s needs --iv: one %zu-byte block (%zu hex digits)", j->cmd, j->mode_name,
                  j->iv_len, 2 * j->iv_len);
        return EXIT_USAGE;
    }
    return j->iv_hex ? parse_hex_arg("--iv", "the IV", j->iv_hex, k->iv, j->iv_len) : 0;
}

/* --device gpu: CTR only. */
static int run_gpu(const job *j, secrets *k)
{
    if (strcmp(j->device, "gpu") != 0) {
        cli_error("%s: unknown device '%s' (cpu, gpu)", j->cmd, j->device);
        return EXIT_USAGE;
    }
    if (j->mode != KARX_MODE_CTR) {
        cli_error("%s: --device gpu runs -m ctr only, not %s", j->cmd, j->mode_name);
        return EXIT_USAGE;
    }
    return run_gpu_ctr(j, k);
}

/* The sealed format: the key or the passphrase, then seal.c. */
static int run_sealed(const job *j, secrets *k)
{
    seal_job s;
    unsigned long long v = 0;
    uint8_t *pass = NULL;
    size_t pass_len = 0, pass_cap = 0;
    int rc = 0;
    memset(&s, 0, sizeof s);
    s.encrypt = j->encrypt;
    s.cipher = j->seal_cipher;
    s.iter_max = SEAL_ITER_CAP;
    if (j->iter_s && (rc = cli_count_arg("--iter", j->iter_s, 1, 0xffffffffull, &v)) != 0)
        return rc;
    s.iter = (uint32_t)v;
    if (j->iter_max_s &&
        (rc = cli_count_arg("--iter-max", j->iter_max_s, 1, 0xffffffffull, &v)) != 0)
        return rc;
    if (j->iter_max_s) s.iter_max = (uint32_t)v;
    if (j->key_hex || j->key_file || j->key_hex_file) {
        if ((rc = load_key(j, k)) != 0) return rc;
        s.key = k->key;
    } else if ((rc = seal_get_pass(j->pass_file, j->pass_fd, j->encrypt, &pass, &pass_len,
                                   &pass_cap)) != 0) {
        return rc;
    }
    s.pass = pass;
    s.pass_len = pass_len;
    s.in_path = j->in_path;
    s.out_path = j->out_path;
    s.pool = j->pool;
    rc = seal_run(&s);
    cli_free_secret(pass, pass_cap);
    return rc;
}

static int run_job(const job *j, secrets *k)
{
    if (j->seal) return run_sealed(j, k);
    int rc = load_key(j, k);
    if (rc) return rc;
    if (j->aead) {
        enc_aead_job a = {j->encrypt, j->aead_mode, j->alg, k->key, j->key_len, j->iv_hex,
                          j->aad_hex, j->tag_len_s, j->in_path, j->out_path, j->pool};
        return enc_run_aead(&a);
    }
    if (j->xts) {
        enc_xts_job x = {j->encrypt, j->alg, k->key, j->key_len, j->key_hex ? "-K"
                         : j->key_file ? j->key_file : j->key_hex_file,
                         j->iv_hex, j->sector_s, j->in_path, j->out_path, j->pool};
        return enc_run_xts(&x);
    }
    if ((rc = load_iv(j, k)) != 0) return rc;
    return strcmp(j->device, "cpu") != 0 ? run_gpu(j, k) : run_cpu(j, k);
}

static int cmd_crypt(int argc, char **argv, int encrypt)
{
    cli_opt o[E_N];
    job j;
    secrets k;
    int help = 0;
    memset(o, 0, sizeof o);
    memset(&j, 0, sizeof j);
    memset(&k, 0, sizeof k);
    j.cmd = encrypt ? "enc" : "dec";
    j.encrypt = encrypt;
    int rc = parse_job(argc, argv, o, &j, &help);
    if (rc == 0 && help)
        enc_usage(stdout, j.cmd);
    else if (rc == 0 && (rc = cli_pool_open(j.threads, &j.pool)) == 0)
        rc = run_job(&j, &k);
    karx_pool_free(j.pool);
    karx_memzero(&k, sizeof k);
    cli_opt_wipe(&o[E_KEY]); /* the key's copy in argv */
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
