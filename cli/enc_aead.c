/* karx enc / dec -m gcm|ccm: any AEAD mode of karx/aead.h, whose facts (nonce and tag
 * lengths, whether the lengths come first) decide everything that differs here.
 *
 * Encryption streams in constant memory and writes ciphertext || tag. GCM streams any input;
 * CCM puts the payload length in its first block, so it streams a regular file (its size from
 * fstat) and reads a pipe whole into memory (AEAD_MEM_MAX at most).
 *
 * Decryption never releases plaintext that is not authenticated:
 *  - into a temporary file (-o a regular file), it streams in constant memory: the last tag_len
 *    bytes of the input are held back as the tag, the plaintext goes to the temporary file,
 *    and the file is renamed onto OUT only if the tag verifies (removed otherwise). CCM from a
 *    pipe needs the length first and reads the input into memory, as below.
 *  - to stdout (or a device), it reads the whole input into memory (AEAD_MEM_MAX at most, checked
 *    against a regular file's size before anything is allocated, and never growing the buffer
 *    past the limit for a pipe), opens it with the one-shot call, and writes only a verified
 *    plaintext. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "enc.h"
#include "io_reader.h"
#include "karx/aead.h"
#include "karx/karx.h"

#define AEAD_MEM_MAX ((size_t)1 << 30) /* the most read into memory: 1 GiB */
#define AEAD_MEM_MAX_NAME "1 GiB"
#define AEAD_TAG_MAX 16 /* the longest tag of any mode (karx_aead_info.tag_max) */
/* A nonce bound longer than this is no practical limit and is not printed (GCM's 2^61 - 1). */
#define NONCE_MAX_SHOWN 255

/* The run's state; everything secret is wiped by aead_done. */
typedef struct {
    const enc_aead_job *a;
    karx_aead_info info; /* the mode's facts */
    const char *mname, *in_name;
    uint8_t *iv, *aad;
    size_t iv_len, aad_len, tag_len;
    FILE *in;
    int sized;     /* the input is a regular file of in_size bytes */
    uint64_t in_size;
    uint8_t *data; /* the whole input, when read into memory */
    size_t data_len, data_cap;
    enc_output out;
} aead_run;

/* ---- arguments ---- */

/* The tag lengths the mode takes, as a list: "4, 8, 12, 13, 14, 15 or 16". */
static const char *tag_lengths(const aead_run *r, char *buf, size_t cap)
{
    size_t n = 0, last = 0;
    for (size_t t = r->info.tag_min; t <= r->info.tag_max; t++)
        if (karx_aead_tag_len_ok(r->a->mode, t)) last = t;
    buf[0] = '\0';
    for (size_t t = r->info.tag_min; t <= r->info.tag_max && n < cap; t++)
        if (karx_aead_tag_len_ok(r->a->mode, t))
            n += (size_t)snprintf(buf + n, cap - n, "%s%zu", n == 0 ? "" : t == last ? " or " : ", ",
                                  t);
    return buf;
}

/* The nonce the mode takes, for one line: "a nonce of 7..13 bytes", or, without an upper
 * bound, "an IV of at least 1 byte (12 recommended)". */
static const char *nonce_rule(const aead_run *r, char *buf, size_t cap)
{
    const karx_aead_info *m = &r->info;
    const char *art = strchr("AEIOUaeiou", m->nonce_name[0]) != NULL ? "an" : "a";
    if (m->nonce_max > NONCE_MAX_SHOWN)
        snprintf(buf, cap, "%s %s of at least %zu byte%s (%zu recommended)", art, m->nonce_name,
                 m->nonce_min, m->nonce_min == 1 ? "" : "s", m->nonce_default);
    else
        snprintf(buf, cap, "%s %s of %zu..%zu bytes", art, m->nonce_name, m->nonce_min,
                 m->nonce_max);
    return buf;
}

static int parse_args(aead_run *r)
{
    const enc_aead_job *a = r->a;
    const karx_aead_info *m = &r->info;
    char buf[96];
    int rc;
    r->tag_len = m->tag_default;
    if (a->tag_len_s) {
        unsigned long long v;
        size_t most = m->tag_max < AEAD_TAG_MAX ? m->tag_max : AEAD_TAG_MAX;
        if ((rc = cli_count_arg("--tag-len", a->tag_len_s, 1, most, &v)) != 0) return rc;
        r->tag_len = (size_t)v;
    }
    if (!karx_aead_tag_len_ok(a->mode, r->tag_len)) {
        cli_error("--tag-len: %s takes %s, not %zu", r->mname, tag_lengths(r, buf, sizeof buf),
                  r->tag_len);
        return EXIT_USAGE;
    }
    if (a->iv_hex == NULL) {
        cli_error("%s: %s needs --iv: %s", a->encrypt ? "enc" : "dec", r->mname,
                  nonce_rule(r, buf, sizeof buf));
        return EXIT_USAGE;
    }
    if ((rc = cli_hex_arg("--iv", a->iv_hex, &r->iv, &r->iv_len)) != 0) return rc;
    if (!karx_aead_nonce_len_ok(a->mode, r->iv_len)) {
        if (m->nonce_max > NONCE_MAX_SHOWN)
            cli_error("--iv: a %s %s is at least %zu byte%s", r->mname, m->nonce_name,
                      m->nonce_min, m->nonce_min == 1 ? "" : "s");
        else
            cli_error("--iv: a %s %s is %zu..%zu bytes", r->mname, m->nonce_name, m->nonce_min,
                      m->nonce_max);
        return EXIT_USAGE;
    }
    if (a->aad_hex && (rc = cli_hex_arg("--aad", a->aad_hex, &r->aad, &r->aad_len)) != 0)
        return rc;
    return 0;
}

/* ---- errors ---- */

static int auth_failed(const aead_run *r)
{
    cli_error("%s: %s authentication failed (wrong key, IV or AAD, or corrupted data); nothing "
              "written", r->in_name, r->mname);
    return EXIT_FAIL;
}

static int too_short(const aead_run *r, uint64_t len)
{
    cli_error("%s: truncated input: %llu bytes, shorter than the %zu-byte %s tag; nothing "
              "written", r->in_name, (unsigned long long)len, r->tag_len, r->mname);
    return EXIT_FAIL;
}

/* A library status on the data: 0 for KARX_OK, else an exit code with one line printed. */
static int data_status(const aead_run *r, karx_status st)
{
    if (st == KARX_OK) return 0;
    if (st == KARX_ERR_AUTHENTICATION) return auth_failed(r);
    if (st == KARX_ERR_DATA_LENGTH) {
        /* whether a shorter nonce would allow a longer payload (CCM's length field) */
        karx_aead_alg md = r->a->mode;
        int by_nonce = karx_aead_max_payload_bytes(md, r->info.nonce_min) !=
                       karx_aead_max_payload_bytes(md, r->info.nonce_max);
        cli_error("%s: %s (too long for %s%s)", r->in_name, karx_strerror(st), r->mname,
                  by_nonce ? " with this nonce length: a shorter nonce allows more" : "");
        return EXIT_FAIL;
    }
    cli_error("%s: %s", r->mname, karx_strerror(st));
    return cli_status_exit(st, EXIT_USAGE);
}

static int read_error(const aead_run *r, int err)
{
    cli_error("%s: read error: %s", r->in_name, strerror(err ? err : EIO));
    return EXIT_FAIL;
}

/* ---- the whole input in memory ---- */

/* The one line that refuses an input too large for memory, with why the run reads it into
 * memory: a mode that needs the length first and a pipe, or dec to stdout. */
static int too_large(const aead_run *r)
{
    if (r->a->encrypt || (r->info.lengths_first && enc_output_atomic(&r->out)))
        cli_error("%s: input larger than %s (%s needs the length before the data, so a pipe is "
                  "read into memory: give a regular file with -i)", r->in_name, AEAD_MEM_MAX_NAME,
                  r->mname);
    else
        cli_error("%s: input larger than %s (dec holds the input in memory to check the tag "
                  "before writing any plaintext to stdout: use -o OUT, which streams into a file "
                  "renamed only once the tag verifies)", r->in_name, AEAD_MEM_MAX_NAME);
    return EXIT_FAIL;
}

/* Reads all of the input, at most AEAD_MEM_MAX bytes: a regular file's size is checked before
 * anything is allocated; a pipe's buffer doubles up to AEAD_MEM_MAX + 1 bytes at most (never
 * past it) and the read stops as soon as that is full. 0, or EXIT_FAIL with one line printed. */
static int read_whole(aead_run *r)
{
    if (r->sized && r->in_size > AEAD_MEM_MAX)
        return too_large(r);
    /* 2^k + 1 bytes, so that doubling the 2^k part lands on the limit + 1 exactly */
    size_t cap = r->sized ? (size_t)r->in_size + 1 : ((size_t)1 << 16) + 1;
    size_t n = 0;
    uint8_t *b = malloc(cap);
    if (b == NULL) {
        cli_error("%s: out of memory", r->in_name);
        return EXIT_FAIL;
    }
    errno = 0;
    for (;;) {
        if (n == cap) {
            if (cap > AEAD_MEM_MAX) { /* limit + 1 bytes read: too large */
                cli_free_secret(b, cap);
                return too_large(r);
            }
            size_t ncap = cap - 1 >= AEAD_MEM_MAX / 2 ? AEAD_MEM_MAX + 1 : 2 * (cap - 1) + 1;
            uint8_t *nb = malloc(ncap);
            if (nb == NULL) {
                cli_free_secret(b, cap);
                cli_error("%s: out of memory reading the input", r->in_name);
                return EXIT_FAIL;
            }
            memcpy(nb, b, n);
            cli_free_secret(b, cap); /* no realloc: the old copy may hold secrets */
            b = nb;
            cap = ncap;
        }
        size_t got = fread(b + n, 1, cap - n, r->in);
        n += got;
        if (got == 0) break;
    }
    r->data = b;
    r->data_len = n;
    r->data_cap = cap;
    return ferror(r->in) ? read_error(r, errno) : 0;
}

/* One-shot seal or open of the input in memory; the result goes out only when it is complete
 * (and, for decryption, authenticated). */
static int run_in_memory(aead_run *r)
{
    const enc_aead_job *a = r->a;
    int rc = read_whole(r);
    if (rc) return rc;
    size_t len = r->data_len;
    if (!a->encrypt && len < r->tag_len) return too_short(r, len);
    size_t res_len = a->encrypt ? len + r->tag_len : len - r->tag_len;
    uint8_t *res = malloc(res_len ? res_len : 1);
    if (res == NULL) {
        cli_error("%s: out of memory", r->in_name);
        return EXIT_FAIL;
    }
    /* on the -T pool where the mode can split its work (the same bytes for any thread count) */
    const uint8_t *d = r->data;
    karx_status st =
        a->encrypt ? karx_aead_encrypt_pool(a->pool, a->mode, a->alg, a->key, a->key_len, r->iv,
                                            r->iv_len, res, res + len, r->tag_len, d, len, r->aad,
                                            r->aad_len)
                   : karx_aead_decrypt_pool(a->pool, a->mode, a->alg, a->key, a->key_len, r->iv,
                                            r->iv_len, res, d + res_len, r->tag_len, d, res_len,
                                            r->aad, r->aad_len);
    rc = data_status(r, st);
    if (rc == 0) rc = enc_output_write(&r->out, res, res_len);
    cli_free_secret(res, res_len ? res_len : 1);
    return rc;
}

/* ---- streaming ---- */

/* The stream's context for the run's mode: every length the mode may need (the payload's
 * only known for a regular file) and the tag's. */
static karx_status ctx_init(aead_run *r, karx_aead_ctx *c, uint64_t payload_len)
{
    const enc_aead_job *a = r->a;
    karx_status st = karx_aead_init(c, a->mode, a->alg, a->key, a->key_len,
                                    a->encrypt ? KARX_ENCRYPT : KARX_DECRYPT, r->iv, r->iv_len,
                                    r->aad_len, payload_len, r->tag_len);
    return st == KARX_OK ? karx_aead_aad(c, r->aad, r->aad_len) : st;
}

/* A regular file that changed size while read: CCM's declared length no longer holds. */
static int length_status(const aead_run *r, karx_status st)
{
    if (st == KARX_ERR_DATA_LENGTH && r->info.lengths_first && r->sized) {
        cli_error("%s: the file changed size while it was read; nothing written", r->in_name);
        return EXIT_FAIL;
    }
    return data_status(r, st);
}

/* Encryption in ENC_CHUNK pieces, then the tag. */
static int stream_seal(aead_run *r, karx_aead_ctx *c, io_reader *in)
{
    const uint8_t *p;
    size_t n;
    int e = 0, rc = data_status(r, ctx_init(r, c, r->in_size));
    while (rc == 0 && (e = io_reader_next(in, &p, &n)) == 0 && n > 0) {
        uint8_t *ob = enc_output_buf(&r->out);
        rc = length_status(r, karx_aead_update(c, ob, p, n));
        if (rc == 0) rc = enc_output_put(&r->out, n);
    }
    if (rc == 0 && e) rc = read_error(r, e);
    if (rc == 0) {
        uint8_t *ob = enc_output_buf(&r->out);
        rc = length_status(r, karx_aead_final(c, ob, r->tag_len));
        if (rc == 0) rc = enc_output_put(&r->out, r->tag_len);
    }
    return rc;
}

/* Decryption into the temporary file: the last tag_len bytes read so far are held back in held,
 * since any of them may be the tag; the rest is decrypted as it comes. */
static int stream_open(aead_run *r, karx_aead_ctx *c, io_reader *in)
{
    const size_t t = r->tag_len;
    uint8_t held[AEAD_TAG_MAX];
    const uint8_t *p;
    size_t have = 0, n;
    uint64_t total = 0;
    int e = 0, rc = 0;
    if (r->sized && r->in_size < t) return too_short(r, r->in_size);
    rc = data_status(r, ctx_init(r, c, r->sized ? r->in_size - t : 0));
    while (rc == 0 && (e = io_reader_next(in, &p, &n)) == 0 && n > 0) {
        total += n;
        if (have + n <= t) {
            memcpy(held + have, p, n);
            have += n;
            continue;
        }
        size_t ready = have + n - t; /* bytes now known not to be the tag */
        size_t from_held = ready < have ? ready : have;
        uint8_t *ob = enc_output_buf(&r->out);
        rc = length_status(r, karx_aead_update(c, ob, held, from_held));
        if (rc == 0 && ready > from_held)
            rc = length_status(r, karx_aead_update(c, ob + from_held, p, ready - from_held));
        if (rc == 0) rc = enc_output_put(&r->out, ready);
        /* the new held: what is left of held, then the chunk's tail, t bytes in all */
        size_t keep = have - from_held;
        memmove(held, held + from_held, keep);
        memcpy(held + keep, p + (ready - from_held), t - keep);
        have = t;
    }
    if (rc == 0 && e) rc = read_error(r, e);
    if (rc == 0 && have < t) rc = too_short(r, total);
    if (rc == 0) rc = length_status(r, karx_aead_final_verify(c, held, t));
    karx_memzero(held, sizeof held);
    return rc;
}

static int run_streaming(aead_run *r)
{
    karx_aead_ctx c;
    memset(&c, 0, sizeof c);
    io_reader *in = NULL;
    int rc = io_input_start(&in, r->in, r->in_name, ENC_CHUNK, 0);
    if (rc == 0) rc = r->a->encrypt ? stream_seal(r, &c, in) : stream_open(r, &c, in);
    io_reader_stop(in);
    karx_aead_ctx_wipe(&c);
    return rc;
}

/* ---- the run ---- */

static void aead_done(aead_run *r)
{
    cli_free_secret(r->iv, r->iv_len);
    cli_free_secret(r->aad, r->aad_len);
    cli_free_secret(r->data, r->data_cap);
    cli_close_input(r->in);
}

/* Streams when it can: encryption (CCM: from a regular file), and decryption into a temporary
 * file (CCM: from a regular file); everything else goes through memory. */
static int streams(const aead_run *r)
{
    if (r->info.lengths_first && !r->sized) return 0;
    return r->a->encrypt || enc_output_atomic(&r->out);
}

int enc_run_aead(const enc_aead_job *a)
{
    aead_run r;
    memset(&r, 0, sizeof r);
    r.a = a;
    if (karx_aead_info_of(a->mode, &r.info) != KARX_OK) { /* cmd_enc.c found it by name */
        cli_error("unknown AEAD mode");
        return EXIT_USAGE;
    }
    r.mname = r.info.name;
    r.in_name = strcmp(a->in_path, "-") != 0 ? a->in_path : "stdin";
    int rc = parse_args(&r);
    if (rc == 0 && (r.in = cli_open_input(a->in_path)) == NULL) {
        cli_error("%s: %s", r.in_name, strerror(errno));
        rc = EXIT_FAIL;
    }
    if (rc == 0) {
        r.sized = enc_input_size(r.in, &r.in_size);
        if (!a->encrypt && r.sized && r.in_size < r.tag_len)
            rc = too_short(&r, r.in_size); /* before any output is created */
    }
    if (rc == 0 && (rc = enc_output_open(&r.out, a->out_path)) == 0) {
        rc = streams(&r) ? run_streaming(&r) : run_in_memory(&r);
        if (rc == 0) rc = enc_output_commit(&r.out);
        if (rc) enc_output_abort(&r.out);
    }
    aead_done(&r);
    return rc;
}
