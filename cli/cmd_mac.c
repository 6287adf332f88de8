/* karx mac: HMAC-LSH or CMAC of files / standard input, streamed in 1 MiB chunks, printed as
 * "HEX  NAME" lines like `karx hash`. The key (-K HEX, or --key-file FILE: the file's raw bytes)
 * and the MAC contexts are wiped on every path. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opts.h"
#include "karx/cmac.h"
#include "karx/hmac.h"
#include "karx/karx.h"

#define CHUNK (1u << 20)
#define MAC_KEY_FILE_MAX ((size_t)1 << 20)

#define MAC_OPTS "a|alg= K|key= key-file= h|help"
enum { M_ALG, M_KEY, M_KEY_FILE, M_HELP, M_N };

static void mac_usage(FILE *to)
{
    fputs("usage: karx mac -a ALG (-K HEX | --key-file FILE) [FILE...]\n"
          "  -a, --alg ALG        ",
          to);
    cli_put_names(to, KARX_KIND_MAC, "hmac-", 23, 23);
    fputs("                       (any key length), or\n                       ", to);
    cli_put_names(to, KARX_KIND_MAC, "cmac-", 23, 23);
    fputs("                       (a key of the cipher's length); standard names such as\n"
          "                       HMAC-LSH-256-256 or CMAC-LEA-128 too\n"
          "  -K, --key HEX        the key in hex (visible in ps: prefer --key-file)\n"
          "      --key-file FILE  the key: the file's raw bytes (all of them, at most 1 MiB)\n"
          "Each FILE ('-' or none: standard input) gives a line 'HEX  FILE' (full-length tag).\n"
          "Exit: 0 done, 1 a file could not be read (the others are still done), 2 usage error.\n",
          to);
}

typedef struct {
    int hmac;
    karx_lsh_alg lsh;       /* hmac */
    karx_cipher_alg cipher; /* cmac */
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

/* The algorithm from its name: 0, or EXIT_USAGE with one line printed. */
static int mac_alg_of(const char *name, mac_alg *m)
{
    karx_alg_info info;
    int rc = cli_alg_arg(KARX_KIND_MAC, NULL, name, "MAC algorithm", &info);
    if (rc) return rc;
    m->hmac = KARX_MAC_FAMILY(info.id) == KARX_MAC_HMAC;
    m->lsh = (karx_lsh_alg)KARX_MAC_PRIM(info.id);
    m->cipher = (karx_cipher_alg)KARX_MAC_PRIM(info.id);
    return 0;
}

/* The key from -K or --key-file (exactly one given) into a fresh buffer; a CMAC key must have its
 * cipher's length. 0, or an exit code with one line printed. */
static int mac_key(const cli_opt *o, const mac_alg *m, uint8_t **key, size_t *key_len)
{
    int rc = cli_one_key("mac", o[M_KEY].val, o[M_KEY_FILE].val);
    if (rc) return rc;
    if (o[M_KEY].val) {
        rc = cli_hex_arg("-K", o[M_KEY].val, key, key_len);
    } else {
        FILE *f = fopen(o[M_KEY_FILE].val, "rb");
        if (f == NULL) {
            cli_error("%s: %s", o[M_KEY_FILE].val, strerror(errno));
            return EXIT_FAIL;
        }
        rc = cli_read_all(f, o[M_KEY_FILE].val, MAC_KEY_FILE_MAX, key, key_len);
        fclose(f);
    }
    size_t want = m->hmac ? *key_len : karx_cipher_key_bytes(m->cipher);
    if (rc == 0 && *key_len != want) {
        cli_error("%s: the key must be %zu bytes (%zu hex digits), not %zu", o[M_ALG].val, want,
                  2 * want, *key_len);
        rc = EXIT_USAGE;
    }
    return rc;
}

/* One line per file; 0, or EXIT_FAIL (with its line) when any could not be read. */
static int mac_files(const mac_alg *m, char **files, int nfiles, uint8_t *buf)
{
    int rc = EXIT_OK;
    for (int i = 0; i < nfiles; i++) {
        uint8_t tag[KARX_HMAC_LSH_MAX_BYTES];
        char hex[2 * KARX_HMAC_LSH_MAX_BYTES + 1];
        size_t tl = 0;
        if (mac_file(m, files[i], buf, tag, &tl) != 0) {
            rc = EXIT_FAIL;
            continue;
        }
        cli_hex(tag, tl, hex);
        printf("%s  %s\n", hex, files[i]);
        karx_memzero(tag, sizeof tag);
    }
    return rc;
}

int cmd_mac(int argc, char **argv)
{
    static char *dash[] = {"-"};
    cli_opt o[M_N];
    uint8_t *key = NULL, *buf = NULL;
    size_t key_len = 0;
    mac_alg m;
    memset(&m, 0, sizeof m);
    memset(o, 0, sizeof o);
    int first, rc = cli_parse_opts("mac", MAC_OPTS, argc, argv, o, &first, mac_usage);
    if (rc == 0 && o[M_ALG].val == NULL) {
        cli_error("mac: no algorithm given (-a hmac-lsh256-256, cmac-lea128, ...)");
        rc = EXIT_USAGE;
    } else if (rc == 0 && (rc = mac_alg_of(o[M_ALG].val, &m)) == 0) {
        rc = mac_key(o, &m, &key, &key_len);
    }
    if (rc) {
        rc = rc == CLI_HELP ? EXIT_OK : rc;
        goto done;
    }
    m.key = key;
    m.key_len = key_len;
    if ((buf = malloc(CHUNK)) == NULL) {
        cli_error("mac: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    rc = first < argc ? mac_files(&m, argv + first, argc - first, buf)
                      : mac_files(&m, dash, 1, buf);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("write error: %s", strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    }

done:
    cli_opt_wipe(&o[M_KEY]); /* the key's copy in argv */
    cli_free_secret(key, key_len);
    cli_free_secret(buf, buf ? CHUNK : 0);
    return rc;
}
