/* karx enc / dec -m xts (IEEE 1619, NIST SP 800-38E).
 *
 * The key is two cipher keys (data key || tweak key), --iv the 16-byte tweak. Without
 * --sector-size the whole input is one data unit, streamed in constant memory through
 * karx_xts_init / update / final (update holds back the last 16..31 bytes for ciphertext
 * stealing). With --sector-size N it is consecutive N-byte units, unit i under tweak + i
 * (little-endian, as dm-crypt's plain64), processed a whole number of units at a time by
 * karx_xts_*_sectors; the last unit may be shorter, but not under 16 bytes.
 *
 * A regular input file whose length XTS cannot take (under 16 bytes, a last unit under 16, more
 * units than the tweak has numbers left) is refused before anything is written; from a pipe the
 * error comes at the end, and to stdout what came before it is written (as for the other modes;
 * -o leaves nothing). The key, tweak, buffers and contexts are wiped on every path. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "enc.h"
#include "io_reader.h"
#include "karx/karx.h"

#define XTS_SECTOR_MAX ((size_t)1 << 24) /* SP 800-38E: a data unit is at most 2^20 blocks */

typedef struct {
    const enc_xts_job *x;
    const char *in_name;
    uint8_t *tweak; /* 16 bytes: the tweak of the next unit */
    size_t tweak_len;
    size_t sector; /* 0: the whole input is one data unit */
    karx_xts_key key;
    FILE *in;
    io_reader *reader; /* chunks of icap bytes from in */
    int sized; /* the input is a regular file of in_size bytes */
    uint64_t in_size;
    uint8_t *ibuf; /* sectors: the units' output (one unit: the output's own buffers) */
    size_t icap;   /* bytes per chunk: a whole number of units */
    enc_output out;
} xts_run;

/* ---- arguments and key ---- */

static int parse_args(xts_run *r)
{
    const enc_xts_job *x = r->x;
    int rc;
    if (x->sector_s) {
        unsigned long long v;
        if ((rc = cli_count_arg("--sector-size", x->sector_s, 16, XTS_SECTOR_MAX, &v)) != 0)
            return rc;
        if (v % 16 != 0) {
            cli_error("--sector-size: %llu is not a multiple of 16 (a data unit of whole "
                      "128-bit blocks, as storage sectors are)", v);
            return EXIT_USAGE;
        }
        r->sector = (size_t)v;
    }
    if (x->iv_hex == NULL) {
        cli_error("%s: xts needs --iv: the 16-byte tweak (32 hex digits; with --sector-size, "
                  "the first unit's number, little-endian)", x->encrypt ? "enc" : "dec");
        return EXIT_USAGE;
    }
    if ((rc = cli_hex_arg("--iv", x->iv_hex, &r->tweak, &r->tweak_len)) != 0) return rc;
    if (r->tweak_len != KARX_XTS_TWEAK_BYTES) {
        cli_error("--iv: the xts tweak must be 16 bytes (32 hex digits), not %zu", r->tweak_len);
        return EXIT_USAGE;
    }
    return 0;
}

/* A refused key: EXIT_USAGE with one line (the halves are equal, or the cipher cannot); the
 * approved mode's refusal: EXIT_FAIL. */
static int key_status(const xts_run *r, karx_status st)
{
    const enc_xts_job *x = r->x;
    if (st == KARX_OK) return 0;
    if (st == KARX_ERR_ARGUMENT)
        cli_error("%s: the two halves of the xts key (data key, tweak key) are equal; XTS "
                  "refuses such a key pair (FIPS 140-3 IG C.I)", x->key_src);
    else
        cli_error("%s: xts with %s: %s", x->key_src, karx_cipher_name(x->alg),
                  karx_strerror(st));
    return cli_status_exit(st, EXIT_USAGE);
}

/* ---- errors on the data ---- */

static int too_short(const xts_run *r, uint64_t len)
{
    cli_error("%s: %llu bytes: an xts data unit is at least 16 bytes", r->in_name,
              (unsigned long long)len);
    return EXIT_FAIL;
}

static int short_last_unit(const xts_run *r, uint64_t len)
{
    cli_error("%s: the last data unit is %llu bytes (input %llu bytes, --sector-size %zu): an "
              "xts data unit is at least 16 bytes", r->in_name,
              (unsigned long long)(len % r->sector), (unsigned long long)len, r->sector);
    return EXIT_FAIL;
}

static int tweak_wraps(const xts_run *r)
{
    cli_error("%s: more data units than tweak numbers left after --iv (unit numbers would wrap "
              "past 2^128 - 1)", r->in_name);
    return EXIT_FAIL;
}

static int read_error(const xts_run *r, int err)
{
    cli_error("%s: read error: %s", r->in_name, strerror(err ? err : EIO));
    return EXIT_FAIL;
}

/* Any other status from the library on the data. */
static int data_status(const xts_run *r, karx_status st)
{
    if (st == KARX_OK) return 0;
    if (st == KARX_ERR_COUNTER_OVERFLOW) return tweak_wraps(r);
    cli_error("%s: xts: %s", r->in_name, karx_strerror(st));
    return EXIT_FAIL;
}

/* ---- the tweak as a unit number ---- */

/* t += k (little-endian 128-bit); 1 if it wrapped past 2^128 - 1. */
static int tweak_add(uint8_t t[16], uint64_t k)
{
    unsigned carry = 0;
    for (int i = 0; i < 16; i++) {
        unsigned s = t[i] + (unsigned)(k & 0xff) + carry;
        t[i] = (uint8_t)s;
        carry = s >> 8;
        k >>= 8;
    }
    return carry != 0;
}

/* Whether units data units from tweak all have numbers (tweak + units - 1 <= 2^128 - 1). */
static int units_fit(const uint8_t tweak[16], uint64_t units)
{
    uint8_t t[16];
    memcpy(t, tweak, sizeof t);
    int ok = units == 0 || !tweak_add(t, units - 1);
    karx_memzero(t, sizeof t);
    return ok;
}

/* A regular file's length, checked before anything is written. */
static int precheck(const xts_run *r)
{
    if (!r->sized) return 0;
    uint64_t n = r->in_size;
    if (n < 16) return too_short(r, n);
    if (r->sector == 0) return 0;
    if (n % r->sector != 0 && n % r->sector < 16) return short_last_unit(r, n);
    return units_fit(r->tweak, n / r->sector + (n % r->sector != 0)) ? 0 : tweak_wraps(r);
}

/* ---- one data unit, streamed ---- */

static int run_stream(xts_run *r)
{
    karx_xts_ctx c;
    uint64_t total = 0;
    const uint8_t *p;
    size_t n, got;
    int e = 0, rc;
    memset(&c, 0, sizeof c);
    rc = key_status(r, karx_xts_init(&c, r->x->alg, r->x->encrypt, r->x->key, r->x->key_len,
                                     r->tweak));
    while (rc == 0 && (e = io_reader_next(r->reader, &p, &n)) == 0 && n > 0) {
        total += n;
        uint8_t *ob = enc_output_buf(&r->out);
        rc = data_status(r, karx_xts_update(&c, ob, ENC_OUT_CAP, &got, p, n));
        if (rc == 0) rc = enc_output_put(&r->out, got);
    }
    if (rc == 0 && e) rc = read_error(r, e);
    if (rc == 0 && total < 16) rc = too_short(r, total);
    if (rc == 0) {
        uint8_t *ob = enc_output_buf(&r->out);
        rc = data_status(r, karx_xts_final(&c, ob, ENC_OUT_CAP, &got));
        if (rc == 0) rc = enc_output_put(&r->out, got);
    }
    karx_xts_ctx_wipe(&c);
    return rc;
}

/* ---- data units of --sector-size bytes ---- */

static int run_sectors(xts_run *r)
{
    const size_t chunk = r->icap; /* a whole number of units */
    uint64_t total = 0;
    int wrapped = 0, e = 0, rc = 0;
    const uint8_t *p;
    size_t n;
    while (rc == 0 && (e = io_reader_next(r->reader, &p, &n)) == 0 && n > 0) {
        total += n;
        if (wrapped) {
            rc = tweak_wraps(r);
            break;
        }
        if (n % r->sector != 0 && n % r->sector < 16) {
            rc = total < 16 ? too_short(r, total) : short_last_unit(r, total);
            break;
        }
        karx_status st = r->x->encrypt
                             ? karx_xts_encrypt_sectors_pool(r->x->pool, &r->key, r->tweak,
                                                             r->sector, r->ibuf, p, n)
                             : karx_xts_decrypt_sectors_pool(r->x->pool, &r->key, r->tweak,
                                                             r->sector, r->ibuf, p, n);
        if ((rc = data_status(r, st)) == 0) rc = enc_output_write(&r->out, r->ibuf, n);
        wrapped = tweak_add(r->tweak, n / r->sector);
        if (n < chunk) break;
    }
    if (rc == 0 && e) rc = read_error(r, e);
    if (rc == 0 && total < 16) rc = too_short(r, total);
    return rc;
}

/* ---- the run ---- */

static int alloc_buffers(xts_run *r)
{
    if (r->sector) {
        r->icap = r->sector >= ENC_CHUNK ? r->sector : ENC_CHUNK / r->sector * r->sector;
        r->ibuf = malloc(r->icap); /* the units' output (the input is the reader's) */
    } else {
        r->icap = ENC_CHUNK; /* update writes up to len + 31 bytes, final 32: ENC_OUT_CAP fits */
    }
    if (r->sector && r->ibuf == NULL) {
        cli_error("%s: out of memory", r->in_name);
        return EXIT_FAIL;
    }
    return 0;
}

static void xts_done(xts_run *r)
{
    cli_free_secret(r->tweak, r->tweak_len);
    cli_free_secret(r->ibuf, r->ibuf ? r->icap : 0);
    karx_xts_key_wipe(&r->key);
    cli_close_input(r->in);
}

int enc_run_xts(const enc_xts_job *x)
{
    xts_run r;
    memset(&r, 0, sizeof r);
    r.x = x;
    r.in_name = strcmp(x->in_path, "-") != 0 ? x->in_path : "stdin";
    int rc = parse_args(&r);
    /* the key is checked (and, for sectors, scheduled) before any file is opened */
    if (rc == 0) rc = key_status(&r, karx_xts_set_key(&r.key, x->alg, x->key, x->key_len));
    if (rc == 0 && r.sector == 0) karx_xts_key_wipe(&r.key); /* the stream schedules its own */
    if (rc == 0 && (r.in = cli_open_input(x->in_path)) == NULL) {
        cli_error("%s: %s", r.in_name, strerror(errno));
        rc = EXIT_FAIL;
    }
    if (rc == 0) {
        r.sized = enc_input_size(r.in, &r.in_size);
        rc = precheck(&r);
    }
    if (rc == 0) rc = alloc_buffers(&r);
    if (rc == 0 && (rc = enc_output_open(&r.out, x->out_path)) == 0) {
        rc = io_input_start(&r.reader, r.in, r.in_name, r.icap, 0);
        if (rc == 0) rc = r.sector ? run_sectors(&r) : run_stream(&r);
        io_reader_stop(r.reader);
        if (rc == 0) rc = enc_output_commit(&r.out);
        if (rc) enc_output_abort(&r.out);
    }
    xts_done(&r);
    return rc;
}
