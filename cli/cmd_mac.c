/* karx mac: HMAC-LSH, CMAC or GMAC of files / standard input, printed as "HEX  NAME" lines like
 * `karx hash`, in argument order. Many small regular files (HMAC, CMAC) are read whole and MACed
 * in groups with the batch calls (karx_hmac_lsh_many_ctx, karx_cmac_many_ctx: the messages in
 * the lanes of the SIMD kernels), each group split over a pool of -T threads; standard input,
 * other non-regular files and large files are streamed in 1 MiB chunks. The key (-K HEX,
 * --key-file FILE or --key-hex-file FILE: cli_key.c's rule) and the MAC contexts are wiped on
 * every path. GMAC also
 * takes --iv, and one input. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_opts.h"
#include "karx/cmac.h"
#include "karx/gmac.h"
#include "karx/hmac.h"
#include "karx/karx.h"
#include "karx/pool.h"
#include "mac_batch.h"

#define CHUNK (1u << 20)

#define MAC_OPTS "a|alg= K|key= key-file= iv= tag-len= T|threads= h|help key-hex-file="
enum { M_ALG, M_KEY, M_KEY_FILE, M_IV, M_TAG_LEN, M_THREADS, M_HELP, M_KEY_HEX_FILE, M_N };
#define MAC_GROUP_FILES 4096 /* files a group holds at most (mac_batch.c caps its bytes) */

static void mac_usage(FILE *to)
{
    fputs("usage: karx mac -a ALG (-K HEX | --key-file F | --key-hex-file F) [--iv HEX] [--tag-len N]\n"
          "                [FILE...]\n"
          "  -a, --alg ALG        ",
          to);
    cli_put_names(to, KARX_KIND_MAC, "hmac-", 23, 23);
    fputs("                       (any key length), or\n                       ", to);
    cli_put_names(to, KARX_KIND_MAC, "cmac-", 23, 23);
    fputs("                       (a key of the cipher's length), or\n                       ", to);
    cli_put_names(to, KARX_KIND_MAC, "gmac-", 23, 23);
    fputs("                       (a key of the cipher's length, and --iv); standard names\n"
          "                       such as HMAC-LSH-256-256, CMAC-LEA-128 or GMAC-LEA-128 too\n"
          "  -K, --key HEX        the key in hex (visible in ps: prefer --key-file)\n",
          to);
    cli_key_usage(to, 23);
    fputs("                       (an HMAC key is any length: all of the file, at most 1 MiB)\n"
          "      --iv HEX         gmac only, and required there: the IV, any length >= 1 byte\n"
          "                       (12 recommended); never reuse one under a key (so gmac\n"
          "                       takes one FILE)\n"
          "      --tag-len N      cmac, gmac: print the leading N bytes of the tag (cmac 4 ..\n"
          "                       block bytes; gmac 4, 8, 12 .. 16); default the full tag\n"
          "  -T, --threads N      threads that read and MAC many files (0 = all cores, the\n"
          "                       default); small files go through the many-message calls\n"
          "Each FILE ('-' or none: standard input) gives a line 'HEX  FILE'.\n"
          "Exit: 0 done, 1 a file could not be read (the others are still done), 2 usage error.\n",
          to);
}

typedef struct {
    int family;             /* KARX_MAC_HMAC, KARX_MAC_CMAC or KARX_MAC_GMAC */
    karx_lsh_alg lsh;       /* hmac */
    karx_cipher_alg cipher; /* cmac, gmac */
    const uint8_t *key, *iv;
    size_t key_len, iv_len;
    size_t tag_len; /* bytes printed */
} mac_alg;

/* One running MAC of any family. */
typedef struct {
    karx_hmac_lsh_ctx h;
    karx_cmac_ctx c;
    karx_gmac_ctx g;
} mac_ctx;

static karx_status mac_init(const mac_alg *m, mac_ctx *x)
{
    memset(x, 0, sizeof *x);
    switch (m->family) {
    case KARX_MAC_HMAC: return karx_hmac_lsh_init(&x->h, m->lsh, m->key, m->key_len);
    case KARX_MAC_CMAC: return karx_cmac_init(&x->c, m->cipher, m->key, m->key_len);
    default: return karx_gmac_init(&x->g, m->cipher, m->key, m->key_len, m->iv, m->iv_len);
    }
}

static karx_status mac_update(const mac_alg *m, mac_ctx *x, const uint8_t *in, size_t n)
{
    switch (m->family) {
    case KARX_MAC_HMAC: return karx_hmac_lsh_update(&x->h, in, n);
    case KARX_MAC_CMAC: return karx_cmac_update(&x->c, in, n);
    default: return karx_gmac_update(&x->g, in, n);
    }
}

static karx_status mac_final(const mac_alg *m, mac_ctx *x, uint8_t *tag)
{
    switch (m->family) {
    case KARX_MAC_HMAC: return karx_hmac_lsh_final(&x->h, tag, m->tag_len);
    case KARX_MAC_CMAC: return karx_cmac_final(&x->c, tag, m->tag_len);
    default: return karx_gmac_final(&x->g, tag, m->tag_len);
    }
}

static void mac_wipe(mac_ctx *x)
{
    karx_hmac_lsh_ctx_wipe(&x->h);
    karx_cmac_ctx_wipe(&x->c);
    karx_gmac_ctx_wipe(&x->g);
}

/* MAC of one input into tag (m->tag_len bytes). 0 or EXIT_FAIL with one line printed. */
static int mac_file(const mac_alg *m, const char *path, uint8_t *buf, uint8_t *tag)
{
    const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
    FILE *f = cli_open_input(path);
    if (f == NULL) {
        cli_error("%s: %s", name, strerror(errno));
        return EXIT_FAIL;
    }
    mac_ctx x;
    karx_status st = mac_init(m, &x);
    size_t n;
    errno = 0;
    while (st == KARX_OK && (n = fread(buf, 1, CHUNK, f)) > 0)
        st = mac_update(m, &x, buf, n);
    int rc = 0;
    if (st != KARX_OK) {
        cli_error("%s: %s", name, karx_strerror(st));
        rc = EXIT_FAIL;
    } else if (ferror(f)) {
        cli_error("%s: %s", name, strerror(errno ? errno : EIO));
        rc = EXIT_FAIL;
    } else {
        st = mac_final(m, &x, tag);
    }
    if (rc == 0 && st != KARX_OK) {
        cli_error("%s: %s", name, karx_strerror(st));
        rc = EXIT_FAIL;
    }
    mac_wipe(&x);
    cli_close_input(f);
    return rc;
}

/* The algorithm from its name: 0, or EXIT_USAGE with one line printed. */
static int mac_alg_of(const char *name, mac_alg *m)
{
    karx_alg_info info;
    int rc = cli_alg_arg(KARX_KIND_MAC, NULL, name, "MAC algorithm", &info);
    if (rc) return rc;
    m->family = KARX_MAC_FAMILY(info.id);
    m->lsh = (karx_lsh_alg)KARX_MAC_PRIM(info.id);
    m->cipher = (karx_cipher_alg)KARX_MAC_PRIM(info.id);
    m->tag_len = info.output_bytes;
    return 0;
}

/* --iv (GMAC's, required there and refused elsewhere) and --tag-len (CMAC and GMAC): 0, or
 * EXIT_USAGE with one line printed. *iv is a fresh buffer (free with cli_free_secret). GMAC takes
 * one input: two messages under one (key, IV) would give away H, and with it forgeries. */
static int mac_params(const cli_opt *o, mac_alg *m, int ninputs, uint8_t **iv, size_t *iv_len)
{
    const char *alg = o[M_ALG].val;
    int gmac = m->family == KARX_MAC_GMAC;
    if (gmac && ninputs > 1) {
        cli_error("%s: one FILE per --iv (an IV must never repeat under a key)", alg);
        return EXIT_USAGE;
    }
    if (gmac != (o[M_IV].val != NULL)) {
        cli_error(gmac ? "%s: needs --iv HEX (any length >= 1 byte, 12 recommended)"
                       : "%s: takes no --iv (only gmac-* does)",
                  alg);
        return EXIT_USAGE;
    }
    int rc = gmac ? cli_hex_arg("--iv", o[M_IV].val, iv, iv_len) : 0;
    if (rc == 0 && gmac && *iv_len == 0) {
        cli_error("--iv: %s needs an IV of at least 1 byte", alg);
        rc = EXIT_USAGE;
    }
    if (rc || o[M_TAG_LEN].val == NULL)
        return rc;
    unsigned long long v = 0;
    if (m->family == KARX_MAC_HMAC) {
        cli_error("--tag-len: %s prints the whole tag (only cmac-* and gmac-* take --tag-len)",
                  alg);
        return EXIT_USAGE;
    }
    if ((rc = cli_count_arg("--tag-len", o[M_TAG_LEN].val, 1, m->tag_len, &v)) != 0)
        return rc;
    if (gmac ? !karx_gcm_tag_len_ok((size_t)v) : v < KARX_CMAC_MIN_TAG_BYTES) {
        cli_error("--tag-len: %s takes %s, not %llu", alg,
                  gmac ? "4, 8, 12, 13, 14, 15 or 16" : "4 up to the block bytes", v);
        return EXIT_USAGE;
    }
    m->tag_len = (size_t)v;
    return 0;
}

/* The key from -K, --key-file or --key-hex-file (exactly one given) into a fresh buffer; a CMAC or
 * GMAC key must have its cipher's length, an HMAC key any. 0, or an exit code with one line
 * printed. */
static int mac_key(const cli_opt *o, const mac_alg *m, uint8_t **key, size_t *key_len)
{
    cli_key_opts ko = {o[M_KEY].val, o[M_KEY_FILE].val, o[M_KEY_HEX_FILE].val};
    size_t want = m->family == KARX_MAC_HMAC ? 0 : karx_cipher_key_bytes(m->cipher);
    return cli_key_load("mac", &ko, want, key, key_len);
}

static void mac_print(const mac_alg *m, const uint8_t *tag, const char *name)
{
    char hex[2 * KARX_HMAC_LSH_MAX_BYTES + 1];
    cli_hex(tag, m->tag_len, hex);
    printf("%s  %s\n", hex, name);
}

/* One streamed input and its line; 0, or EXIT_FAIL with its error line. */
static int mac_stream(const mac_alg *m, const char *path, uint8_t *buf)
{
    uint8_t tag[KARX_HMAC_LSH_MAX_BYTES];
    int rc = mac_file(m, path, buf, tag);
    if (rc == 0)
        mac_print(m, tag, path);
    karx_memzero(tag, sizeof tag);
    return rc;
}

/* The groups of files in turn, each read and MACed (mac_batch.c), then its lines printed in
 * argument order; the files a group leaves to stream are streamed in their place. 0, or
 * EXIT_FAIL when any could not be read (with its line). */
static int mac_groups_run(const mac_alg *m, const mac_batcher *b, mac_item *items, char **files,
                          size_t nfiles, uint8_t *buf)
{
    int rc = EXIT_OK;
    for (size_t done = 0, k; done < nfiles; done += k) {
        k = mac_batch_take(files + done, nfiles - done, items, MAC_GROUP_FILES);
        if (mac_batch_group(b, items, k) != 0) {
            cli_error("mac: out of memory");
            return EXIT_FAIL;
        }
        for (size_t i = 0; i < k; i++) {
            const mac_item *it = &items[i];
            if (!it->batched) {
                rc |= mac_stream(m, it->path, buf);
            } else if (it->err != 0) {
                cli_error("%s: %s", it->path, strerror(it->err));
                rc = EXIT_FAIL;
            } else {
                mac_print(m, it->tag, it->path);
            }
        }
    }
    return rc;
}

/* HMAC / CMAC of many files: keyed once, groups through the batch calls on a pool of threads. */
static int mac_groups(const mac_alg *m, char **files, int nfiles, uint8_t *buf, unsigned threads)
{
    mac_ctx x;
    mac_batcher b = {NULL, NULL, m->tag_len, NULL, threads};
    karx_status st = mac_init(m, &x);
    mac_item *items = malloc(MAC_GROUP_FILES * sizeof *items);
    int rc = EXIT_OK;
    if (st != KARX_OK) {
        cli_error("mac: %s", karx_strerror(st));
        rc = EXIT_FAIL;
    } else if (items == NULL) {
        cli_error("mac: out of memory");
        rc = EXIT_FAIL;
    } else {
        rc = cli_pool_open(threads, &b.pool);
    }
    if (m->family == KARX_MAC_HMAC)
        b.hmac = &x.h;
    else
        b.cmac = &x.c;
    if (rc == EXIT_OK)
        rc = mac_groups_run(m, &b, items, files, (size_t)nfiles, buf);
    karx_pool_free(b.pool);
    mac_wipe(&x);
    free(items);
    return rc;
}

/* One line per file; 0, or EXIT_FAIL (with its line) when any could not be read. GMAC (one
 * input) and a single input are streamed; many HMAC / CMAC inputs go through mac_groups. */
static int mac_files(const mac_alg *m, char **files, int nfiles, uint8_t *buf, unsigned threads)
{
    if (nfiles > 1 && m->family != KARX_MAC_GMAC)
        return mac_groups(m, files, nfiles, buf, threads);
    int rc = EXIT_OK;
    for (int i = 0; i < nfiles; i++)
        rc |= mac_stream(m, files[i], buf);
    return rc;
}

int cmd_mac(int argc, char **argv)
{
    static char *dash[] = {"-"};
    cli_opt o[M_N];
    uint8_t *key = NULL, *iv = NULL, *buf = NULL;
    size_t key_len = 0, iv_len = 0;
    mac_alg m;
    memset(&m, 0, sizeof m);
    memset(o, 0, sizeof o);
    int first, rc = cli_parse_opts("mac", MAC_OPTS, argc, argv, o, &first, mac_usage);
    if (rc == 0 && o[M_ALG].val == NULL) {
        cli_error("mac: no algorithm given (-a hmac-lsh256-256, cmac-lea128, gmac-lea128, ...)");
        rc = EXIT_USAGE;
    } else if (rc == 0 && (rc = mac_alg_of(o[M_ALG].val, &m)) == 0 &&
               (rc = mac_params(o, &m, argc - first, &iv, &iv_len)) == 0) {
        rc = mac_key(o, &m, &key, &key_len);
    }
    unsigned threads = 1;
    if (rc == 0)
        rc = cli_threads_arg(o[M_THREADS].val, &threads);
    if (rc) {
        rc = rc == CLI_HELP ? EXIT_OK : rc;
        goto done;
    }
    m.key = key;
    m.key_len = key_len;
    m.iv = iv;
    m.iv_len = iv_len;
    if ((buf = malloc(CHUNK)) == NULL) {
        cli_error("mac: out of memory");
        rc = EXIT_FAIL;
        goto done;
    }
    rc = first < argc ? mac_files(&m, argv + first, argc - first, buf, threads)
                      : mac_files(&m, dash, 1, buf, threads);
    if (cli_flush_stdout() != 0)
        rc = EXIT_FAIL;

done:
    cli_opt_wipe(&o[M_KEY]); /* the key's copy in argv */
    cli_free_secret(key, key_len);
    cli_free_secret(iv, iv_len);
    cli_free_secret(buf, buf ? CHUNK : 0);
    return rc;
}
