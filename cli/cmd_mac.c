/* karx mac: HMAC-LSH or CMAC of files / standard input, streamed in 1 MiB chunks, printed as
 * "HEX  NAME" lines like `karx hash`. The key (-K HEX, or --key-file FILE: the file's raw bytes)
 * and the MAC contexts are wiped on every path. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "karx/cmac.h"
#include "karx/hmac.h"
#include "karx/karx.h"

#define CHUNK (1u << 20)
#define MAC_KEY_FILE_MAX ((size_t)1 << 20)

static void mac_usage(FILE *to)
{
    fputs("usage: karx mac -a ALG (-K HEX | --key-file FILE) [FILE...]\n"
          "  -a, --alg ALG        hmac-lsh256-224 hmac-lsh256-256 hmac-lsh512-224 hmac-lsh512-256\n"
          "                       hmac-lsh512-384 hmac-lsh512-512 (any key length), or\n"
          "                       cmac-lea128 cmac-lea192 cmac-lea256 cmac-hight cmac-cham64-128\n"
          "                       cmac-cham128-128 cmac-cham128-256 (key of the cipher's length)\n"
          "  -K, --key HEX        the key in hex (visible in ps: prefer --key-file)\n"
          "      --key-file FILE  the key: the file's raw bytes (all of them, at most 1 MiB)\n"
          "Each FILE ('-' or none: standard input) gives a line 'HEX  FILE' (full-length tag).\n"
          "Exit: 0 done, 1 a file could not be read (the others are still done), 2 usage error.\n",
          to);
}

typedef struct {
    int hmac;
    karx_lsh_alg lsh;
    karx_cipher_alg cipher;
    const uint8_t *key;
    size_t key_len;
} mac_alg;

/* MAC of one input into tag (*tag_len bytes). 0 or EXIT_FAIL with one line printed. */
static int mac_file(const mac_alg *m, const char *path, uint8_t *buf, uint8_t *tag,
                    size_t *tag_len)
{
    const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
    FILE *f = cli_open_input(path);
    if (f == NULL) {
        cli_error("%s: %s", name, strerror(errno));
        return EXIT_FAIL;
    }
    karx_hmac_lsh_ctx h;
    karx_cmac_ctx c;
    memset(&h, 0, sizeof h);
    memset(&c, 0, sizeof c);
    karx_status st = m->hmac ? karx_hmac_lsh_init(&h, m->lsh, m->key, m->key_len)
                             : karx_cmac_init(&c, m->cipher, m->key, m->key_len);
    size_t n;
    errno = 0;
    while (st == KARX_OK && (n = fread(buf, 1, CHUNK, f)) > 0)
        st = m->hmac ? karx_hmac_lsh_update(&h, buf, n) : karx_cmac_update(&c, buf, n);
    int rc = 0;
    if (st != KARX_OK) {
        cli_error("%s: %s", name, karx_strerror(st));
        rc = EXIT_FAIL;
    } else if (ferror(f)) {
        cli_error("%s: %s", name, strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    } else if (m->hmac) {
        *tag_len = karx_hmac_lsh_bytes(m->lsh);
        st = karx_hmac_lsh_final(&h, tag, *tag_len);
    } else {
        *tag_len = karx_cmac_tag_bytes(m->cipher);
        st = karx_cmac_final(&c, tag, *tag_len);
    }
    if (rc == 0 && st != KARX_OK) {
        cli_error("%s: %s", name, karx_strerror(st));
        rc = EXIT_FAIL;
    }
    karx_hmac_lsh_ctx_wipe(&h);
    karx_cmac_ctx_wipe(&c);
    cli_close_input(f);
    return rc;
}

int cmd_mac(int argc, char **argv)
{
    static const struct option opts[] = {
        {"alg", required_argument, NULL, 'a'},
        {"key", required_argument, NULL, 'K'},
        {"key-file", required_argument, NULL, 'k'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *alg_name = NULL, *key_file = NULL;
    char *key_hex = NULL;
    uint8_t *key = NULL, *buf = NULL;
    size_t key_len = 0;
    int rc = EXIT_OK, help = 0, c;
    mac_alg m;
    memset(&m, 0, sizeof m);

    optind = 1;
    opterr = 0;
    while (rc == EXIT_OK && (c = getopt_long(argc, argv, ":a:K:h", opts, NULL)) != -1) {
        switch (c) {
        case 'a': alg_name = optarg; break;
        case 'K': key_hex = optarg; break;
        case 'k': key_file = optarg; break;
        case 'h': help = 1; break;
        case ':':
            cli_error("mac: option '%s' needs a value (try 'karx mac --help')", argv[optind - 1]);
            rc = EXIT_USAGE;
            break;
        default:
            cli_error("mac: unknown option '%s' (try 'karx mac --help')", argv[optind - 1]);
            rc = EXIT_USAGE;
            break;
        }
    }
    if (rc) goto done;
    if (help) {
        mac_usage(stdout);
        goto done;
    }
    if (alg_name == NULL) {
        cli_error("mac: no algorithm given (-a hmac-lsh256-256, cmac-lea128, ...)");
        rc = EXIT_USAGE;
    } else if (!(m.hmac = karx_hmac_from_name(alg_name, &m.lsh) == KARX_OK) &&
               karx_cmac_from_name(alg_name, &m.cipher) != KARX_OK) {
        cli_error("%s: unknown MAC algorithm (hmac-lsh256-224 .. hmac-lsh512-512, cmac-lea128, "
                  "cmac-lea192, cmac-lea256, cmac-hight, cmac-cham64-128, cmac-cham128-128, "
                  "cmac-cham128-256)", alg_name);
        rc = EXIT_USAGE;
    } else if (key_hex == NULL && key_file == NULL) {
        cli_error("mac: no key given (-K HEX or --key-file FILE)");
        rc = EXIT_USAGE;
    } else if (key_hex != NULL && key_file != NULL) {
        cli_error("mac: give the key once (-K HEX or --key-file FILE, not both)");
        rc = EXIT_USAGE;
    }
    if (rc) goto done;
    if (key_hex) {
        rc = cli_hex_arg("-K", key_hex, &key, &key_len);
    } else {
        FILE *f = fopen(key_file, "rb");
        if (f == NULL) {
            cli_error("%s: %s", key_file, strerror(errno));
            rc = EXIT_FAIL;
        } else {
            rc = cli_read_all(f, key_file, MAC_KEY_FILE_MAX, &key, &key_len);
            fclose(f);
        }
    }
    if (rc) goto done;
    if (!m.hmac && key_len != karx_cipher_key_bytes(m.cipher)) {
        cli_error("%s: the key must be %zu bytes (%zu hex digits), not %zu", alg_name,
                  karx_cipher_key_bytes(m.cipher), 2 * karx_cipher_key_bytes(m.cipher), key_len);
        rc = EXIT_USAGE;
        goto done;
    }
    m.key = key;
    m.key_len = key_len;
    buf = malloc(CHUNK);
    if (buf == NULL) {
        cli_error("mac: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    {
        static char *dash[] = {"-"};
        char **files = optind < argc ? argv + optind : dash;
        int nfiles = optind < argc ? argc - optind : 1;
        for (int i = 0; i < nfiles; i++) {
            uint8_t tag[KARX_HMAC_LSH_MAX_BYTES];
            char hex[2 * KARX_HMAC_LSH_MAX_BYTES + 1];
            size_t tl = 0;
            if (mac_file(&m, files[i], buf, tag, &tl) != 0) {
                rc = EXIT_FAIL;
                continue;
            }
            cli_hex(tag, tl, hex);
            printf("%s  %s\n", hex, files[i]);
            karx_memzero(tag, sizeof tag);
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("write error: %s", strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    }

done:
    if (key_hex) karx_memzero(key_hex, strlen(key_hex));
    cli_free_secret(key, key_len);
    cli_free_secret(buf, buf ? CHUNK : 0);
    return rc;
}
