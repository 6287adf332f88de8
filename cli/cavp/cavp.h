/* karx cavp: answers KCMVP test request files (docs/VALIDATION.md). The request is read whole
 * into a list of lines (cavp_file.c); records are runs of "NAME = VALUE" lines between blank
 * lines, under "[...]" section headers that carry parameters. A procedure (one per algorithm
 * family and test type: cavp_cipher.c, cavp_aead.c, cavp_mac.c, cavp_hash.c, cavp_kdf.c,
 * cavp_drbg.c) reads one record and writes its response: the request's lines followed by the
 * answer lines, or, for a Monte Carlo test, the records it produces. Everything is written to a
 * memory buffer and lands in OUTDIR/NAME.rsp only when the whole file succeeded. */
#ifndef KARX_CAVP_H
#define KARX_CAVP_H

#include <stddef.h>
#include <stdint.h>

#include "karx/karx.h"

/* ---- what is being tested ---- */

typedef enum cavp_test {
    CAVP_TEST_NONE = 0,
    CAVP_KAT, /* known answer */
    CAVP_MMT, /* multi-block message */
    CAVP_MCT, /* Monte Carlo */
    CAVP_SMT, /* hash: short messages */
    CAVP_LMT, /* hash: long messages */
    CAVP_GEN, /* MAC / AEAD: generate (encrypt) */
    CAVP_VER  /* MAC / AEAD: verify (decrypt-verify) */
} cavp_test;

typedef enum cavp_family {
    CAVP_FAM_NONE = 0,
    CAVP_FAM_BLOCK,     /* cipher + mode (ECB CBC CTR CFB CFB8 CFB64 OFB) */
    CAVP_FAM_GCM,
    CAVP_FAM_CCM,
    CAVP_FAM_CMAC,
    CAVP_FAM_GMAC,
    CAVP_FAM_HASH,      /* LSH */
    CAVP_FAM_HMAC,      /* HMAC-LSH */
    CAVP_FAM_PBKDF2,
    CAVP_FAM_KBKDF,
    CAVP_FAM_CTR_DRBG,
    CAVP_FAM_HASH_DRBG,
    CAVP_FAM_HMAC_DRBG
} cavp_family;

/* A request file's job, from its name (cavp_name.c) or the command line's overrides. */
typedef struct cavp_job {
    cavp_family family;
    cavp_test test;
    int cipher;          /* karx_cipher_alg, 0 if none */
    int mode;            /* karx_mode for CAVP_FAM_BLOCK (KARX_MODE_CFB with segment_bytes) */
    size_t segment_bytes;/* CFB: 1 (CFB8), 8 (CFB64) or the block size */
    int lsh;             /* karx_lsh_alg for hash, HMAC, PBKDF2, KBKDF-HMAC, Hash/HMAC_DRBG */
    int use_df, pred_res;/* DRBG options from the name, -1 = not said (sections may say) */
} cavp_job;

/* The work one request may ask for (docs/VALIDATION.md; karx cavp --max-iterations,
 * --max-mct), and the largest request read. */
typedef struct cavp_limits {
    unsigned long long max_iterations; /* PBKDF2: Iteration, at most */
    unsigned long long max_mct;        /* Monte Carlo records in one file, at most */
} cavp_limits;
#define CAVP_MAX_ITERATIONS_DEFAULT 10000000ull /* 10^7: the most NIST's ACVP PBKDF asks */
#define CAVP_MAX_MCT_DEFAULT 100ull
#define CAVP_MAX_REQUEST_BYTES ((size_t)256 << 20)

/* ---- the parsed request ---- */

/* One "NAME = VALUE" field of a record (pointers into the file's storage). */
typedef struct cavp_field {
    const char *name;  /* as written, e.g. "KEY", "EntropyInputReseed" */
    const char *value; /* trimmed; may be empty */
    int line;
} cavp_field;

#define CAVP_MAX_FIELDS 64
typedef struct cavp_record {
    cavp_field f[CAVP_MAX_FIELDS];
    size_t n;
    int first_line, last_line;
} cavp_record;

/* ---- the run of one file: what procedures see ---- */

typedef struct cavp_ctx cavp_ctx;

/* The section headers in force for the current record, e.g. "LEA-128 use DF",
 * "PredictionResistance = TRUE" (the text between the brackets, trimmed). */
size_t cavp_section_count(const cavp_ctx *c);
const char *cavp_section_at(const cavp_ctx *c, size_t i);
/* The value of a "[KEY = VALUE]" section header in force (key compared without case), or NULL. */
const char *cavp_section_value(const cavp_ctx *c, const char *key);

/* The field named `name` (without case) in r, or NULL. */
const cavp_field *cavp_get(const cavp_record *r, const char *name);
/* The i-th field named `name` (a DRBG record has two AdditionalInput lines), or NULL. */
const cavp_field *cavp_get_nth(const cavp_record *r, const char *name, size_t i);
/* Decodes field `name` of r as hex into a fresh buffer (*out, *len; free() it; an empty value
 * gives *len 0 and a non-NULL *out). want_len: the exact byte length required, or (size_t)-1
 * for any. On a missing field, bad hex or a wrong length: one message "FILE:LINE: FIELD: why"
 * via cavp_fail, and 0. */
int cavp_hex(cavp_ctx *c, const cavp_record *r, const char *name, size_t want_len, uint8_t **out,
             size_t *len);
/* Decodes a decimal field (Len, Tlen, ...) that must lie in [min, max]; 0 with a message
 * "FIELD: why" when missing, not a plain decimal number, or out of range. */
int cavp_dec(cavp_ctx *c, const cavp_record *r, const char *name, unsigned long long min,
             unsigned long long max, unsigned long long *out);
/* A plain decimal number (digits only, no sign or space) that fits: 1 and *v, else 0. */
int cavp_number(const char *s, unsigned long long *v);
/* The one rule for a record's fields, every family: each field is one of known (NULL-terminated,
 * compared without case) and given once; a field in answers (NULL allowed) is refused as "an
 * answer in a request", any other as unknown. COUNT, when known, must be a number below 2^32.
 * 1, or 0 after one message naming the field. */
int cavp_only(cavp_ctx *c, const cavp_record *r, const char *const *known,
              const char *const *answers);
/* The limits this run works under. */
const cavp_limits *cavp_limits_of(const cavp_ctx *c);
/* Reports one error about the record or field at `line` (printf-style): the run stops and
 * karx prints "karx: FILE:LINE: message" once. Always returns 0, for `return cavp_fail(..)`. */
int cavp_fail(cavp_ctx *c, int line, const char *fmt, ...);
/* The job of the file being answered. */
const cavp_job *cavp_job_of(const cavp_ctx *c);

/* Output, appended to the response in memory. */
void cavp_put_record(cavp_ctx *c, const cavp_record *r); /* the request record's lines as read */
void cavp_put_hex(cavp_ctx *c, const char *name, const uint8_t *v, size_t len); /* NAME = HEX (uppercase) */
void cavp_put_dec(cavp_ctx *c, const char *name, unsigned long long v);     /* NAME = 123 */
void cavp_put_text(cavp_ctx *c, const char *name, const char *text);         /* NAME = text, or a bare line when name is NULL */
void cavp_put_blank(cavp_ctx *c);                                             /* record separator */

/* A procedure answers one record: usually cavp_put_record then the answer fields. Returns 1,
 * or 0 after cavp_fail. (The blank line between records is written by the driver.) */
typedef int (*cavp_proc)(cavp_ctx *c, const cavp_record *r);

/* Each family file: the procedure for a job, or NULL when that file does not handle it. */
cavp_proc cavp_block_proc(const cavp_job *job);  /* cavp_cipher.c */
cavp_proc cavp_aead_proc(const cavp_job *job);   /* cavp_aead.c: GCM, CCM */
cavp_proc cavp_mac_proc(const cavp_job *job);    /* cavp_mac.c: HMAC */
cavp_proc cavp_cmac_proc(const cavp_job *job);   /* cavp_cmac.c: CMAC, GMAC */
cavp_proc cavp_hash_proc(const cavp_job *job);   /* cavp_hash.c */
cavp_proc cavp_kdf_proc(const cavp_job *job);    /* cavp_kdf.c: PBKDF2, KBKDF */
cavp_proc cavp_drbg_proc(const cavp_job *job);   /* cavp_drbg.c */

/* File names: fills job from a KCMVP request file name such as "LEA128(CBC)KAT.req",
 * "LSH-256_256(SMT).req", "CTR_DRBG(LEA-128(use DF)(no PR))_KAT.req"; 0 if not recognised. */
int cavp_job_from_name(const char *file_name, cavp_job *job);

#endif
