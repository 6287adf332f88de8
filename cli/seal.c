/* The karx sealed-file format, v1 (docs/FORMAT.md; seal.h).
 *
 * Encryption writes the header, then reads the input in batches of SEAL_ENC_BATCH chunks (one
 * io_reader chunk) and seals every chunk of a batch at once on the -T pool: each full 64 KiB
 * chunk is a non-last chunk, and the input's final piece (shorter than 64 KiB, possibly empty)
 * is the last chunk. Decryption reads and checks the header (and derives the keys) before any
 * output exists, then opens batches of SEAL_DEC_BATCH sealed chunks on the pool: a batch goes
 * to the output only when every chunk in it verified, so no chunk is released before its tag is
 * checked. Memory is constant: the reader's and the writer's rings. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "enc.h"
#include "io_reader.h"
#include "karx/karx.h"
#include "seal.h"

#define SEAL_CT_CHUNK (SEAL_CHUNK + SEAL_GCM_TAG) /* a sealed full chunk */
#define SEAL_ENC_BATCH 15 /* 15 sealed chunks fit one ENC_OUT_CAP output buffer */
#define SEAL_DEC_BATCH 16
#define SEAL_LABEL "karx seal v1"
#define SEAL_OKM_BYTES 64 /* header key (32) || data key (up to 32) */
#define SEAL_MAX_CHUNKS 0x100000000ull /* the 32-bit counter: 2^32 chunks */
#define CALIBRATE_SECONDS 0.5

/* The format's cipher ids (docs/FORMAT.md) and the registry names they stand for; the cipher
 * itself (and its key length) comes from the registry. */
static const struct {
    int id;
    const char *name;
} ciphers[] = {
    {SEAL_LEA256, "lea256"},
    {SEAL_LEA128, "lea128"},
    {SEAL_CHAM128_256, "cham128-256"},
    {SEAL_CHAM128_128, "cham128-128"},
};
#define N_CIPHERS (sizeof ciphers / sizeof ciphers[0])
#define SEAL_DRBG_CIPHER "lea256" /* the salt's and nonce prefix's OS-seeded CTR_DRBG */

static karx_cipher_alg cipher_alg(size_t i)
{
    karx_cipher_alg alg = (karx_cipher_alg)0;
    (void)karx_cipher_from_name(ciphers[i].name, &alg); /* names of this build's registry */
    return alg;
}

int seal_cipher_id(const char *name)
{
    karx_alg_info info;
    if (karx_alg_find(KARX_KIND_CIPHER, name, &info) != KARX_OK) return 0;
    for (size_t i = 0; i < N_CIPHERS; i++)
        if ((int)cipher_alg(i) == info.id) return ciphers[i].id;
    return 0;
}

const char *seal_cipher_names(void)
{
    return "lea256 (default), lea128, cham128-256, cham128-128";
}

static int cipher_index(int id)
{
    for (size_t i = 0; i < N_CIPHERS; i++)
        if (ciphers[i].id == id) return (int)i;
    return -1;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* ---- the run's state ---- */

typedef struct {
    const seal_job *j;
    const char *in_name;
    karx_cipher_alg alg;
    size_t key_len;
    uint8_t hdr[SEAL_HEADER_BYTES];
    uint8_t okm[SEAL_OKM_BYTES]; /* header key || data key */
    karx_gcm_key gk;
    uint64_t next; /* the next chunk's counter */
    FILE *in;
    enc_output out;
} seal_run_t;

/* ---- keys ---- */

static double now_s(void)
{
    struct timespec t; /* this thread's CPU time: a busy machine does not lower the count */
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* PBKDF2 iterations taking about CALIBRATE_SECONDS of CPU time here: timed on a growing count
 * until a run takes 50 ms, scaled, rounded up to a thousand, at most SEAL_ITER_CAP (what dec accepts). */
static uint32_t calibrate(void)
{
    uint8_t out[SEAL_KEY_BYTES];
    uint32_t c = 1000;
    double dt;
    for (;;) {
        double t0 = now_s();
        karx_pbkdf2_hmac_lsh(KARX_LSH256_256, "calibrate", 9, "salt", 4, c, out, sizeof out);
        dt = now_s() - t0;
        if (dt >= 0.05 || c >= SEAL_ITER_CAP / 2) break;
        c *= 2;
    }
    double want = (double)c * CALIBRATE_SECONDS / (dt > 1e-6 ? dt : 1e-6);
    if (want > SEAL_ITER_CAP) want = SEAL_ITER_CAP;
    uint32_t it = ((uint32_t)want + 999) / 1000 * 1000;
    return it > SEAL_ITER_CAP ? SEAL_ITER_CAP : it < 1000 ? 1000 : it;
}

/* IKM (the raw key, or PBKDF2 of the passphrase) -> KBKDF -> header key || data key; then the
 * GCM key. 0, or an exit code with one line printed. */
static int derive(seal_run_t *r)
{
    const seal_job *j = r->j;
    uint8_t ikm[SEAL_KEY_BYTES];
    karx_status st = KARX_OK;
    if (r->hdr[10] == SEAL_KDF_PBKDF2)
        st = karx_pbkdf2_hmac_lsh(KARX_LSH256_256, j->pass, j->pass_len, r->hdr + 16,
                                  SEAL_SALT_BYTES, get32(r->hdr + 12), ikm, sizeof ikm);
    else
        memcpy(ikm, j->key, sizeof ikm);
    karx_kbkdf_params p;
    memset(&p, 0, sizeof p);
    p.mode = KARX_KBKDF_COUNTER;
    p.prf = KARX_MAC_ID(KARX_MAC_HMAC, KARX_LSH256_256);
    p.counter_bits = 32;
    p.l_bytes = 4;
    p.label = (const uint8_t *)SEAL_LABEL;
    p.label_len = strlen(SEAL_LABEL);
    p.context = r->hdr;
    p.context_len = SEAL_BODY_BYTES;
    if (st == KARX_OK) st = karx_kbkdf(&p, ikm, sizeof ikm, r->okm, sizeof r->okm);
    karx_memzero(ikm, sizeof ikm);
    if (st == KARX_OK) st = karx_gcm_set_key(&r->gk, r->alg, r->okm + 32, r->key_len);
    if (st != KARX_OK) {
        cli_error("%s: key derivation: %s", j->encrypt ? "enc" : "dec", karx_strerror(st));
        return EXIT_FAIL;
    }
    return 0;
}

static karx_status header_tag(const seal_run_t *r, uint8_t *tag)
{
    return karx_hmac_lsh(KARX_LSH256_256, r->okm, 32, tag, SEAL_TAG_BYTES, r->hdr,
                         SEAL_BODY_BYTES);
}

/* ---- the chunks, on the pool ---- */

typedef struct {
    const seal_run_t *r;
    int encrypt;
    const uint8_t *in;
    uint8_t *out;
    size_t n_full;   /* full chunks in the batch */
    size_t last_len; /* the last chunk's input bytes (with its tag when opening) */
    int has_last;
    uint64_t first;  /* the counter of the batch's first chunk */
    karx_status st[SEAL_DEC_BATCH];
} batch;

static void nonce_of(const seal_run_t *r, uint64_t ctr, int last, uint8_t *n)
{
    memcpy(n, r->hdr + 48, SEAL_PREFIX_BYTES);
    put32(n + SEAL_PREFIX_BYTES, (uint32_t)ctr);
    n[11] = last ? 1 : 0;
}

static void chunk_task(void *arg, size_t i)
{
    batch *b = arg;
    int last = b->has_last && i == b->n_full;
    size_t len = last ? b->last_len : (b->encrypt ? SEAL_CHUNK : SEAL_CT_CHUNK);
    size_t in_step = b->encrypt ? SEAL_CHUNK : SEAL_CT_CHUNK;
    size_t out_step = b->encrypt ? SEAL_CT_CHUNK : SEAL_CHUNK;
    const uint8_t *in = b->in + i * in_step;
    uint8_t *out = b->out + i * out_step;
    uint8_t nonce[12];
    nonce_of(b->r, b->first + i, last, nonce);
    if (b->encrypt)
        b->st[i] = karx_gcm_seal(&b->r->gk, nonce, 12, out, out + len, SEAL_GCM_TAG, in, len,
                                 NULL, 0);
    else
        b->st[i] = karx_gcm_open(&b->r->gk, nonce, 12, out, in + len - SEAL_GCM_TAG,
                                 SEAL_GCM_TAG, in, len - SEAL_GCM_TAG, NULL, 0);
}

/* Seals or opens one batch into the output. 0, or EXIT_FAIL with one line printed. */
static int run_batch(seal_run_t *r, batch *b)
{
    size_t count = b->n_full + (b->has_last ? 1 : 0);
    if (r->next + count > SEAL_MAX_CHUNKS) {
        cli_error("%s: too large for the format (2^32 chunks of 64 KiB at most)", r->in_name);
        return EXIT_FAIL;
    }
    b->r = r;
    b->first = r->next;
    b->out = enc_output_buf(&r->out);
    karx_status st = karx_pool_run(r->j->pool, count, chunk_task, b);
    for (size_t i = 0; st == KARX_OK && i < count; i++) {
        if (b->st[i] == KARX_OK) continue;
        if (b->st[i] == KARX_ERR_AUTHENTICATION) {
            karx_memzero(b->out, ENC_OUT_CAP); /* nothing of the batch is released */
            cli_error("%s: chunk %llu%s: authentication failed (the file is corrupted, "
                      "truncated, extended or reordered); %s", r->in_name,
                      (unsigned long long)(b->first + i),
                      b->has_last && i == b->n_full ? " (the last)" : "",
                      enc_output_atomic(&r->out) ? "nothing written"
                                                 : "output stops after the verified chunks");
            return EXIT_FAIL;
        }
        st = b->st[i];
    }
    if (st != KARX_OK) {
        karx_memzero(b->out, ENC_OUT_CAP);
        cli_error("%s: %s", karx_cipher_name(r->alg), karx_strerror(st));
        return EXIT_FAIL;
    }
    r->next += count;
    size_t out_len = b->encrypt ? b->n_full * SEAL_CT_CHUNK
                                : b->n_full * SEAL_CHUNK;
    if (b->has_last)
        out_len += b->encrypt ? b->last_len + SEAL_GCM_TAG : b->last_len - SEAL_GCM_TAG;
    return enc_output_put(&r->out, out_len);
}

static int read_error(const seal_run_t *r, int e)
{
    cli_error("%s: read error: %s", r->in_name, strerror(e ? e : EIO));
    return EXIT_FAIL;
}

/* A sealed file's last piece, rest bytes past its full chunks: 0 when that is a last chunk
 * with its tag; else EXIT_FAIL with the truncation reported (after the full chunks ran,
 * released if they verify), or the status of that run. */
static int open_last(seal_run_t *r, batch *b, size_t rest)
{
    int rc = 0;
    if (rest == 0) { /* the last chunk is always shorter than a full one */
        if (b->n_full) rc = run_batch(r, b); /* released if they verify */
        if (rc) return rc;
        if (r->next == 0)
            cli_error("%s: truncated: no chunk after the header%s", r->in_name,
                      enc_output_atomic(&r->out) ? "; nothing written" : "");
        else
            cli_error("%s: truncated: the file ends after chunk %llu, before its last "
                      "chunk%s", r->in_name, (unsigned long long)r->next - 1,
                      enc_output_atomic(&r->out) ? "; nothing written" : "");
        return EXIT_FAIL;
    }
    if (rest < SEAL_GCM_TAG) {
        cli_error("%s: truncated or corrupted: a last chunk of %zu bytes, shorter than its "
                  "%d-byte tag%s", r->in_name, rest, SEAL_GCM_TAG,
                  enc_output_atomic(&r->out) ? "; nothing written" : "");
        return EXIT_FAIL;
    }
    return 0;
}

/* Seals or opens the input a batch at a time: each piece the reader hands out is a batch's
 * worth of chunks, a shorter one the input's end (its last chunk short). */
static int run_stream(seal_run_t *r, io_reader *in, int encrypt)
{
    size_t chunk = encrypt ? SEAL_CHUNK : SEAL_CT_CHUNK;
    size_t whole = (encrypt ? SEAL_ENC_BATCH : SEAL_DEC_BATCH) * chunk;
    const uint8_t *p;
    size_t n;
    int e, rc = 0;
    while (rc == 0) {
        if ((e = io_reader_next(in, &p, &n)) != 0) return read_error(r, e);
        batch b;
        memset(&b, 0, sizeof b);
        b.encrypt = encrypt;
        b.in = p;
        b.n_full = n / chunk;
        int end = n < whole;
        if (end && !encrypt && (rc = open_last(r, &b, n % chunk)) != 0) return rc;
        if (end) {
            b.has_last = 1;
            b.last_len = n % chunk;
        }
        rc = run_batch(r, &b);
        if (end) break;
    }
    return rc;
}

/* ---- the header ---- */

/* Reads exactly n bytes with read() (the reader then goes on from the file offset). 0, or
 * EXIT_FAIL with one line. */
static int read_header(seal_run_t *r)
{
    size_t have = 0;
    int fd = fileno(r->in);
    while (have < SEAL_HEADER_BYTES) {
        ssize_t k = read(fd, r->hdr + have, SEAL_HEADER_BYTES - have);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) return read_error(r, errno);
        if (k == 0) break;
        have += (size_t)k;
    }
    if (have < 8 || memcmp(r->hdr, SEAL_MAGIC, 8) != 0) {
        cli_error("%s: not a karx sealed file (no 'karxseal' header; for other formats give "
                  "-m MODE)", r->in_name);
        return EXIT_FAIL;
    }
    if (have < SEAL_HEADER_BYTES) {
        cli_error("%s: truncated: the header is %zu of %d bytes", r->in_name, have,
                  SEAL_HEADER_BYTES);
        return EXIT_FAIL;
    }
    return 0;
}

/* The header's fields, checked before any key work. 0, or EXIT_FAIL with one line. */
static int parse_header(seal_run_t *r)
{
    const seal_job *j = r->j;
    const uint8_t *h = r->hdr;
    int ci = cipher_index(h[9]);
    uint32_t iter = get32(h + 12);
    const char *bad = NULL;
    if (h[8] != SEAL_VERSION) {
        cli_error("%s: sealed-file version %u, this karx reads version %d", r->in_name, h[8],
                  SEAL_VERSION);
        return EXIT_FAIL;
    }
    if (ci < 0) bad = "unknown cipher id";
    else if (h[10] != SEAL_KDF_RAW && h[10] != SEAL_KDF_PBKDF2) bad = "unknown KDF id";
    else if (h[11] != SEAL_CHUNK_LOG2) bad = "chunk size other than 64 KiB";
    else if (h[55] != 0) bad = "reserved byte not zero";
    else if ((h[10] == SEAL_KDF_RAW) != (iter == 0)) bad = "iteration count does not match the KDF";
    if (bad) {
        cli_error("%s: corrupted header (%s)", r->in_name, bad);
        return EXIT_FAIL;
    }
    if (h[10] == SEAL_KDF_RAW && j->key == NULL) {
        cli_error("%s: sealed with a raw key, not a passphrase: give -K or --key-file",
                  r->in_name);
        return EXIT_USAGE;
    }
    if (h[10] == SEAL_KDF_PBKDF2 && j->key != NULL) {
        cli_error("%s: sealed with a passphrase, not a raw key: give --pass-file, --pass-fd or "
                  "type it at the prompt", r->in_name);
        return EXIT_USAGE;
    }
    if (iter > j->iter_max) {
        cli_error("%s: the header asks for %lu PBKDF2 iterations, more than the %lu allowed "
                  "(--iter-max N to accept it)", r->in_name, (unsigned long)iter,
                  (unsigned long)j->iter_max);
        return EXIT_FAIL;
    }
    r->alg = cipher_alg((size_t)ci);
    r->key_len = karx_cipher_key_bytes(r->alg);
    return 0;
}

static int check_header(seal_run_t *r)
{
    int rc = read_header(r);
    if (rc == 0) rc = parse_header(r);
    if (rc == 0) rc = derive(r);
    if (rc) return rc;
    uint8_t tag[SEAL_TAG_BYTES];
    karx_status st = header_tag(r, tag);
    if (st == KARX_OK && karx_memcmp_ct(tag, r->hdr + SEAL_BODY_BYTES, SEAL_TAG_BYTES) != 0)
        st = KARX_ERR_AUTHENTICATION;
    karx_memzero(tag, sizeof tag);
    if (st == KARX_ERR_AUTHENTICATION) {
        cli_error("%s: wrong %s, or the header is corrupted; nothing written", r->in_name,
                  r->hdr[10] == SEAL_KDF_PBKDF2 ? "passphrase" : "key");
        return EXIT_FAIL;
    }
    if (st != KARX_OK) {
        cli_error("%s: %s", r->in_name, karx_strerror(st));
        return EXIT_FAIL;
    }
    return 0;
}

/* The header of a new file: random salt and nonce prefix from an OS-seeded CTR_DRBG (LEA-256,
 * with the derivation function), or the test's fixed ones. */
static int make_header(seal_run_t *r)
{
    const seal_job *j = r->j;
    uint8_t *h = r->hdr;
    int ci = cipher_index(j->cipher);
    memset(h, 0, sizeof r->hdr);
    memcpy(h, SEAL_MAGIC, 8);
    h[8] = SEAL_VERSION;
    h[9] = (uint8_t)j->cipher;
    h[10] = j->key ? SEAL_KDF_RAW : SEAL_KDF_PBKDF2;
    h[11] = SEAL_CHUNK_LOG2;
    put32(h + 12, j->key ? 0 : j->iter ? j->iter : calibrate());
    if (j->fixed_salt) {
        memcpy(h + 16, j->fixed_salt, SEAL_SALT_BYTES);
        memcpy(h + 48, j->fixed_prefix, SEAL_PREFIX_BYTES);
    } else {
        karx_ctr_drbg d;
        uint8_t rnd[SEAL_SALT_BYTES + SEAL_PREFIX_BYTES];
        memset(&d, 0, sizeof d);
        karx_cipher_alg drbg_alg = (karx_cipher_alg)0;
        karx_status st = karx_cipher_from_name(SEAL_DRBG_CIPHER, &drbg_alg);
        if (st == KARX_OK)
            st = karx_ctr_drbg_instantiate_os(&d, drbg_alg, KARX_DRBG_USE_DF,
                                                      (const uint8_t *)SEAL_LABEL,
                                                      strlen(SEAL_LABEL));
        if (st == KARX_OK) st = karx_ctr_drbg_generate_os(&d, rnd, sizeof rnd, NULL, 0);
        karx_ctr_drbg_uninstantiate(&d);
        if (st != KARX_OK) {
            cli_error("enc: random salt: %s", karx_strerror(st));
            return EXIT_FAIL;
        }
        memcpy(h + 16, rnd, SEAL_SALT_BYTES);
        memcpy(h + 48, rnd + SEAL_SALT_BYTES, SEAL_PREFIX_BYTES);
        karx_memzero(rnd, sizeof rnd);
    }
    r->alg = cipher_alg((size_t)ci);
    r->key_len = karx_cipher_key_bytes(r->alg);
    int rc = derive(r);
    if (rc) return rc;
    karx_status st = header_tag(r, h + SEAL_BODY_BYTES);
    if (st != KARX_OK) {
        cli_error("enc: header tag: %s", karx_strerror(st));
        return EXIT_FAIL;
    }
    return 0;
}

/* ---- the run ---- */

int seal_run(const seal_job *j)
{
    seal_run_t r;
    io_reader *in = NULL;
    memset(&r, 0, sizeof r);
    r.j = j;
    r.in_name = strcmp(j->in_path, "-") != 0 ? j->in_path : "stdin";
    int rc = 0;
    if ((r.in = cli_open_input(j->in_path)) == NULL) {
        cli_error("%s: %s", r.in_name, strerror(errno));
        rc = EXIT_FAIL;
    }
    if (rc == 0) rc = j->encrypt ? make_header(&r) : check_header(&r);
    if (rc == 0 && (rc = enc_output_open(&r.out, j->out_path)) == 0) {
        if (j->encrypt) rc = enc_output_write(&r.out, r.hdr, SEAL_HEADER_BYTES);
        if (rc == 0)
            rc = io_input_start(&in, r.in, r.in_name,
                                j->encrypt ? SEAL_ENC_BATCH * SEAL_CHUNK
                                           : SEAL_DEC_BATCH * SEAL_CT_CHUNK, 0);
        if (rc == 0) rc = run_stream(&r, in, j->encrypt);
        io_reader_stop(in);
        if (rc == 0) rc = enc_output_commit(&r.out);
        if (rc) enc_output_abort(&r.out);
    }
    cli_close_input(r.in);
    karx_gcm_key_wipe(&r.gk);
    karx_memzero(&r, sizeof r);
    return rc;
}
