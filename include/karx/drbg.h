/* karx: CTR_DRBG (NIST SP 800-90A rev. 1, section 10.2, as profiled by TTAK.KO-12.0189) over
 * every block cipher of cipher.h: LEA-128/192/256, HIGHT, revised CHAM-64/128, CHAM-128/128 and
 * CHAM-128/256.
 *
 * Conventions (SP 800-90A with ctr_len = blocklen):
 *  - seedlen = keylen + blocklen (LEA-128 32, LEA-192 40, LEA-256 48, HIGHT 24, CHAM-64/128 24,
 *    CHAM-128/128 32, CHAM-128/256 48 bytes);
 *  - the whole block V is the counter, incremented as one big-endian integer mod 2^blocklen;
 *  - security strength = key bytes (16, 24 or 32);
 *  - with the derivation function (KARX_DRBG_USE_DF): entropy >= security strength bytes, nonce
 *    >= half of it, personalization string / additional input of any length (the df input in
 *    all < 2^32 bytes);
 *  - without it: entropy exactly seedlen bytes, the nonce is ignored, personalization string and
 *    additional input at most seedlen bytes (zero-padded and xored in);
 *  - a generate request is at most KARX_CTR_DRBG_MAX_REQUEST_BYTES (2^19 bits); the reseed
 *    counter starts at 1 and a generate call with reseed_counter > reseed interval returns
 *    KARX_ERR_RESEED_REQUIRED (the default interval is the SP 800-90A maximum, 2^48).
 *
 * The state is caller-allocated and copyable (a copy forks the generator: never use both); its
 * fields are private. It is secret: karx_ctr_drbg_uninstantiate wipes it, and a failed
 * instantiate leaves it wiped. A struct that was never instantiated must be zeroed (or
 * uninstantiated) before use; then every call but the instantiate calls returns KARX_ERR_STATE.
 * Errors change nothing in the state and write nothing to out.
 *
 * Fork safety: instantiate and every reseed record the process's fork count (a pthread_atfork
 * child handler, and on Linux 4.14+ a MADV_WIPEONFORK page for forks that skip the handlers). In
 * a child process after fork() the state is a copy the parent also holds, so before any output:
 *  - karx_ctr_drbg_generate_os reseeds from the OS by itself;
 *  - karx_ctr_drbg_generate (and the GPU generate calls) return KARX_ERR_RESEED_REQUIRED, as when
 *    the reseed interval is used up: the library cannot reach the caller's entropy source, so
 *    the caller reseeds (karx_ctr_drbg_reseed with fresh entropy, or karx_ctr_drbg_reseed_os);
 *  - karx_ctr_drbg_generate_pr reseeds with the entropy it is given, as always.
 * The parent's stream is not disturbed. */
#ifndef KARX_DRBG_H
#define KARX_DRBG_H

#include "cipher.h"
#include "common.h"
#include "lsh.h"
#include "pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags for instantiate. */
#define KARX_DRBG_USE_DF 1u /* use the block-cipher derivation function */
#define KARX_DRBG_PR 2u     /* prediction resistance: every generate reseeds first */

#define KARX_CTR_DRBG_MAX_SEED_BYTES 48            /* largest seedlen (LEA-256, CHAM-128/256) */
#define KARX_CTR_DRBG_MAX_REQUEST_BYTES 65536      /* 2^19 bits per generate call */
#define KARX_CTR_DRBG_MAX_RESEED_INTERVAL (1ull << 48)
#define KARX_CTR_DRBG_MAX_INPUT_BYTES 0xffffffffu   /* with df: entropy+nonce+pers, or entropy+add */

/* seedlen of alg in bytes; 0 if alg is unknown. */
KARX_API size_t karx_ctr_drbg_seed_bytes(karx_cipher_alg alg);
/* Security strength of alg in bytes (= key bytes); 0 if alg is unknown. */
KARX_API size_t karx_ctr_drbg_strength_bytes(karx_cipher_alg alg);
KARX_API size_t karx_ctr_drbg_max_seed_bytes(void);    /* KARX_CTR_DRBG_MAX_SEED_BYTES */
KARX_API size_t karx_ctr_drbg_max_request_bytes(void); /* KARX_CTR_DRBG_MAX_REQUEST_BYTES */
KARX_API uint64_t karx_ctr_drbg_max_reseed_interval(void);

typedef struct karx_ctr_drbg {
    karx_cipher_key key;                 /* Key, scheduled */
    uint8_t v[KARX_MAX_BLOCK_BYTES];     /* V */
    uint64_t reseed_counter;
    uint64_t reseed_interval;
    uint64_t fork_gen; /* the process's fork count at the last (re)seed */
    uint32_t alg;   /* karx_cipher_alg */
    uint32_t flags; /* KARX_DRBG_USE_DF | KARX_DRBG_PR */
    uint32_t state; /* 0 unset, otherwise instantiated */
    uint32_t have_last; /* approved mode's continuous test: last[] holds the last output block */
    uint8_t last[KARX_MAX_BLOCK_BYTES];
} karx_ctr_drbg;

/* Instantiate from explicit entropy (known-answer testing, or the caller's own source).
 * KARX_ERR_ARGUMENT (NULL drbg, NULL pointer with a non-zero length, unknown flag bits),
 * KARX_ERR_UNKNOWN_ALGORITHM, KARX_ERR_DATA_LENGTH (length rules above). */
KARX_API karx_status karx_ctr_drbg_instantiate(karx_ctr_drbg *drbg, karx_cipher_alg alg,
                                               unsigned flags, const uint8_t *entropy,
                                               size_t entropy_len, const uint8_t *nonce,
                                               size_t nonce_len, const uint8_t *pers,
                                               size_t pers_len);
/* Reseed with fresh entropy and optional additional input; resets the reseed counter to 1. */
KARX_API karx_status karx_ctr_drbg_reseed(karx_ctr_drbg *drbg, const uint8_t *entropy,
                                          size_t entropy_len, const uint8_t *add, size_t add_len);
/* out_len <= KARX_CTR_DRBG_MAX_REQUEST_BYTES (else KARX_ERR_DATA_LENGTH; 0 is allowed and still
 * updates the state). KARX_ERR_RESEED_REQUIRED when the reseed interval is used up, in a child
 * process forked since the last (re)seed, and on an instance with prediction resistance (use
 * karx_ctr_drbg_generate_pr). */
KARX_API karx_status karx_ctr_drbg_generate(karx_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                            const uint8_t *add, size_t add_len);
/* Prediction-resistant generate: reseed with (entropy, add), then generate with no additional
 * input (SP 800-90A 9.3.1). Allowed on any instance; it also clears a pending reseed. */
KARX_API karx_status karx_ctr_drbg_generate_pr(karx_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                               const uint8_t *entropy, size_t entropy_len,
                                               const uint8_t *add, size_t add_len);
/* 1 <= interval <= KARX_CTR_DRBG_MAX_RESEED_INTERVAL, else KARX_ERR_ARGUMENT. */
KARX_API karx_status karx_ctr_drbg_set_reseed_interval(karx_ctr_drbg *drbg, uint64_t interval);
/* Wipes the whole state (NULL is allowed). */
KARX_API void karx_ctr_drbg_uninstantiate(karx_ctr_drbg *drbg);

/* ---- seeded from the operating system (Linux getrandom(), else /dev/urandom) ----
 * Entropy input of seedlen bytes and a nonce of 16 bytes. KARX_ERR_UNSUPPORTED on other
 * operating systems, KARX_ERR_ENTROPY when both OS sources fail. */
KARX_API karx_status karx_ctr_drbg_instantiate_os(karx_ctr_drbg *drbg, karx_cipher_alg alg,
                                                  unsigned flags, const uint8_t *pers,
                                                  size_t pers_len);
KARX_API karx_status karx_ctr_drbg_reseed_os(karx_ctr_drbg *drbg, const uint8_t *add,
                                             size_t add_len);
/* Any out_len: split into requests of at most KARX_CTR_DRBG_MAX_REQUEST_BYTES, each given the
 * same additional input; reseeds from the OS before a request when prediction resistance is set,
 * the interval is used up, or the process has forked since the last (re)seed (whoever seeded
 * it: calling this names the OS as the reseed source). On error the bytes written are wiped. */
KARX_API karx_status karx_ctr_drbg_generate_os(karx_ctr_drbg *drbg, uint8_t *out, size_t out_len,
                                               const uint8_t *add, size_t add_len);
/* ---- Hash_DRBG (SP 800-90A rev. 1, 10.1.1; TTAK.KO-12.0331) and HMAC_DRBG (10.1.2) over LSH ----
 * Every LSH variant (karx_lsh_alg). Conventions:
 *  - Hash_DRBG: seedlen is 440 bits (55 bytes) for a digest of at most 256 bits and 888 bits
 *    (111 bytes) above (SP 800-90A table 2, by output size as for SHA-512/224 and SHA-512/256;
 *    TTAK.KO-12.0331 likewise): LSH-256-224/256 and LSH-512-224/256 55 bytes, LSH-512-384/512
 *    111 bytes; seed material goes through Hash_df;
 *  - HMAC_DRBG: K and V are one digest each (outlen);
 *  - security strength (table 2): 24 bytes for a 224-bit digest, 32 bytes otherwise;
 *  - entropy input >= security strength bytes, nonce >= half of it; entropy, nonce,
 *    personalization string and additional input each at most KARX_LSH_DRBG_MAX_INPUT_BYTES
 *    (SP 800-90A allows 2^35 bits); there is no derivation-function flag (KARX_DRBG_USE_DF is
 *    refused): both always condition their input;
 *  - a generate request is at most KARX_LSH_DRBG_MAX_REQUEST_BYTES (2^19 bits); the reseed counter
 *    starts at 1 and a generate call with reseed_counter > reseed interval returns
 *    KARX_ERR_RESEED_REQUIRED (default interval 2^48).
 * The states follow the CTR_DRBG's rules above: caller-allocated, copyable (a copy forks the
 * generator), secret, zeroed before first use, wiped by uninstantiate and by a failed
 * instantiate; errors change nothing and write nothing; the same fork safety (plain generate
 * refuses with KARX_ERR_RESEED_REQUIRED in a forked child, generate_os reseeds from the OS). */

#define KARX_HASH_DRBG_MAX_SEED_BYTES 111 /* 888 bits */
#define KARX_LSH_DRBG_MAX_REQUEST_BYTES 65536
#define KARX_LSH_DRBG_MAX_RESEED_INTERVAL (1ull << 48)
#define KARX_LSH_DRBG_MAX_INPUT_BYTES 0xffffffffu /* each of entropy, nonce, pers, add */
#define KARX_LSH_DRBG_OS_ENTROPY_BYTES 32         /* the _os forms' entropy input, and nonce: */
#define KARX_LSH_DRBG_OS_NONCE_BYTES 16

/* The fields every Hash/HMAC DRBG state keeps; private. */
typedef struct karx_drbg_ctl {
    uint64_t reseed_counter;
    uint64_t reseed_interval;
    uint64_t fork_gen; /* the process's fork count at the last (re)seed */
    uint32_t alg;      /* karx_lsh_alg */
    uint32_t flags;    /* KARX_DRBG_PR */
    uint32_t state;    /* 0 unset, otherwise instantiated (a tag per DRBG type) */
    uint32_t have_last; /* approved mode's continuous test: last[] holds the last output block */
    uint8_t last[KARX_LSH_MAX_DIGEST_BYTES];
} karx_drbg_ctl;

typedef struct karx_hash_drbg {
    karx_drbg_ctl ctl;
    uint8_t v[KARX_HASH_DRBG_MAX_SEED_BYTES];
    uint8_t c[KARX_HASH_DRBG_MAX_SEED_BYTES];
} karx_hash_drbg;

typedef struct karx_hmac_drbg {
    karx_drbg_ctl ctl;
    uint8_t k[KARX_LSH_MAX_DIGEST_BYTES];
    uint8_t v[KARX_LSH_MAX_DIGEST_BYTES];
} karx_hmac_drbg;

/* Sizes of alg (0 if alg is unknown): Hash_DRBG seedlen; security strength (both DRBGs). */
KARX_API size_t karx_hash_drbg_seed_bytes(karx_lsh_alg alg);
KARX_API size_t karx_lsh_drbg_strength_bytes(karx_lsh_alg alg);

/* The calls of each DRBG have the CTR_DRBG's contracts (see above), with flags 0 or
 * KARX_DRBG_PR and the length rules of this section. */
KARX_API karx_status karx_hash_drbg_instantiate(karx_hash_drbg *drbg, karx_lsh_alg alg,
                                                unsigned flags, const uint8_t *entropy,
                                                size_t entropy_len, const uint8_t *nonce,
                                                size_t nonce_len, const uint8_t *pers,
                                                size_t pers_len);
KARX_API karx_status karx_hash_drbg_reseed(karx_hash_drbg *drbg, const uint8_t *entropy,
                                           size_t entropy_len, const uint8_t *add, size_t add_len);
KARX_API karx_status karx_hash_drbg_generate(karx_hash_drbg *drbg, uint8_t *out, size_t out_len,
                                             const uint8_t *add, size_t add_len);
KARX_API karx_status karx_hash_drbg_generate_pr(karx_hash_drbg *drbg, uint8_t *out,
                                                size_t out_len, const uint8_t *entropy,
                                                size_t entropy_len, const uint8_t *add,
                                                size_t add_len);
KARX_API karx_status karx_hash_drbg_set_reseed_interval(karx_hash_drbg *drbg, uint64_t interval);
KARX_API void karx_hash_drbg_uninstantiate(karx_hash_drbg *drbg);
/* OS-seeded: KARX_LSH_DRBG_OS_ENTROPY_BYTES of entropy input, a KARX_LSH_DRBG_OS_NONCE_BYTES
 * nonce; generate_os takes any out_len, as karx_ctr_drbg_generate_os does. */
KARX_API karx_status karx_hash_drbg_instantiate_os(karx_hash_drbg *drbg, karx_lsh_alg alg,
                                                   unsigned flags, const uint8_t *pers,
                                                   size_t pers_len);
KARX_API karx_status karx_hash_drbg_reseed_os(karx_hash_drbg *drbg, const uint8_t *add,
                                              size_t add_len);
KARX_API karx_status karx_hash_drbg_generate_os(karx_hash_drbg *drbg, uint8_t *out,
                                                size_t out_len, const uint8_t *add,
                                                size_t add_len);

KARX_API karx_status karx_hmac_drbg_instantiate(karx_hmac_drbg *drbg, karx_lsh_alg alg,
                                                unsigned flags, const uint8_t *entropy,
                                                size_t entropy_len, const uint8_t *nonce,
                                                size_t nonce_len, const uint8_t *pers,
                                                size_t pers_len);
KARX_API karx_status karx_hmac_drbg_reseed(karx_hmac_drbg *drbg, const uint8_t *entropy,
                                           size_t entropy_len, const uint8_t *add, size_t add_len);
KARX_API karx_status karx_hmac_drbg_generate(karx_hmac_drbg *drbg, uint8_t *out, size_t out_len,
                                             const uint8_t *add, size_t add_len);
KARX_API karx_status karx_hmac_drbg_generate_pr(karx_hmac_drbg *drbg, uint8_t *out,
                                                size_t out_len, const uint8_t *entropy,
                                                size_t entropy_len, const uint8_t *add,
                                                size_t add_len);
KARX_API karx_status karx_hmac_drbg_set_reseed_interval(karx_hmac_drbg *drbg, uint64_t interval);
KARX_API void karx_hmac_drbg_uninstantiate(karx_hmac_drbg *drbg);
KARX_API karx_status karx_hmac_drbg_instantiate_os(karx_hmac_drbg *drbg, karx_lsh_alg alg,
                                                   unsigned flags, const uint8_t *pers,
                                                   size_t pers_len);
KARX_API karx_status karx_hmac_drbg_reseed_os(karx_hmac_drbg *drbg, const uint8_t *add,
                                              size_t add_len);
KARX_API karx_status karx_hmac_drbg_generate_os(karx_hmac_drbg *drbg, uint8_t *out,
                                                size_t out_len, const uint8_t *add,
                                                size_t add_len);

/* ---- DRBG names ----
 * "ctr-" + a cipher name, "hash-" + an LSH name, "hmac-" + an LSH name, the part after the prefix
 * in any spelling karx_alg_find accepts ("hash-lsh256-256", "HMAC-LSH-512-512", "ctr-lea256").
 * KARX_ERR_ARGUMENT for NULL, KARX_ERR_UNKNOWN_ALGORITHM otherwise. */
typedef enum karx_drbg_type {
    KARX_DRBG_CTR = 1,  /* alg is a karx_cipher_alg */
    KARX_DRBG_HASH = 2, /* alg is a karx_lsh_alg */
    KARX_DRBG_HMAC = 3  /* alg is a karx_lsh_alg */
} karx_drbg_type;
KARX_API karx_status karx_drbg_from_name(const char *name, karx_drbg_type *type, int *alg);

/* ---- any of the three by type (a tagged union; the CLI and Python use it) ----
 * Each call forwards to karx_<type>_drbg_*, with the same statuses; alg is a karx_cipher_alg for
 * KARX_DRBG_CTR and a karx_lsh_alg otherwise. An unknown type: KARX_ERR_UNKNOWN_ALGORITHM at
 * instantiate. A zeroed or uninstantiated karx_drbg: KARX_ERR_STATE. */
typedef struct karx_drbg {
    uint32_t type; /* karx_drbg_type, 0 when not instantiated */
    union {
        karx_ctr_drbg ctr;
        karx_hash_drbg hash;
        karx_hmac_drbg hmac;
    } u;
} karx_drbg;

KARX_API karx_status karx_drbg_instantiate(karx_drbg *drbg, karx_drbg_type type, int alg,
                                           unsigned flags, const uint8_t *entropy,
                                           size_t entropy_len, const uint8_t *nonce,
                                           size_t nonce_len, const uint8_t *pers, size_t pers_len);
KARX_API karx_status karx_drbg_reseed(karx_drbg *drbg, const uint8_t *entropy, size_t entropy_len,
                                      const uint8_t *add, size_t add_len);
KARX_API karx_status karx_drbg_generate(karx_drbg *drbg, uint8_t *out, size_t out_len,
                                        const uint8_t *add, size_t add_len);
KARX_API karx_status karx_drbg_generate_pr(karx_drbg *drbg, uint8_t *out, size_t out_len,
                                           const uint8_t *entropy, size_t entropy_len,
                                           const uint8_t *add, size_t add_len);
KARX_API karx_status karx_drbg_set_reseed_interval(karx_drbg *drbg, uint64_t interval);
KARX_API void karx_drbg_uninstantiate(karx_drbg *drbg);
KARX_API karx_status karx_drbg_instantiate_os(karx_drbg *drbg, karx_drbg_type type, int alg,
                                              unsigned flags, const uint8_t *pers,
                                              size_t pers_len);
KARX_API karx_status karx_drbg_reseed_os(karx_drbg *drbg, const uint8_t *add, size_t add_len);
KARX_API karx_status karx_drbg_generate_os(karx_drbg *drbg, uint8_t *out, size_t out_len,
                                           const uint8_t *add, size_t add_len);
/* Security strength in bytes of (type, alg); 0 if unknown. */
KARX_API size_t karx_drbg_strength_bytes(karx_drbg_type type, int alg);

/* Fills buf with len bytes from the OS source (the one instantiate_os uses): getrandom(), and
 * /dev/urandom where getrandom fails (ENOSYS, seccomp). KARX_ERR_ENTROPY (buf wiped) when both
 * fail, KARX_ERR_UNSUPPORTED (buf wiped) off Linux. */
KARX_API karx_status karx_os_random(uint8_t *buf, size_t len);

/* ---- on a thread pool (karx/pool.h) ----
 * Bulk output: out_len bytes as the consecutive generate calls of at most
 * KARX_CTR_DRBG_MAX_REQUEST_BYTES that a loop of karx_ctr_drbg_generate would make (each with the
 * same additional input), the same bytes and the same final state. Their state chain runs in
 * the caller (a few blocks a call); their keystreams are made on the pool's threads at once.
 * Up to one request it is karx_ctr_drbg_generate (one request is too little work to split).
 * Refused with KARX_ERR_RESEED_REQUIRED, before anything changes, when any of the calls would
 * need a reseed (or prediction resistance is on). NULL pool or the approved mode: the serial
 * calls. */
KARX_API karx_status karx_ctr_drbg_generate_pool(karx_pool *pool, karx_ctr_drbg *drbg,
                                                 uint8_t *out, size_t out_len,
                                                 const uint8_t *additional, size_t add_len);

#ifdef __cplusplus
}
#endif
#endif
