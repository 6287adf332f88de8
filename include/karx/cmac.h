/* karx: CMAC (NIST SP 800-38B; also OMAC1) over every block cipher of cipher.h: LEA-128/192/256,
 * HIGHT, revised CHAM-64/128, CHAM-128/128 and CHAM-128/256.
 *
 * The tag is one cipher block (16 bytes for LEA and CHAM-128, 8 for HIGHT and CHAM-64) and may
 * be truncated, as SP 800-38B allows, to its leading tag_len bytes with
 * KARX_CMAC_MIN_TAG_BYTES (4) <= tag_len <= block bytes. Short tags are for protocols that have
 * analysed their forgery bound (SP 800-38B Appendix A recommends at least 8 bytes); any other
 * tag_len gives KARX_ERR_OUTPUT_LENGTH.
 *
 * Subkeys: L = E_K(0^B), K1 = dbl(L), K2 = dbl(K1) with Rb = 0x87 (128-bit block) or 0x1B
 * (64-bit block), computed without a secret-dependent branch. The last block is held back until
 * final: a whole one is xored with K1, a partial (or empty) one is padded 10* and xored with K2. */
#ifndef KARX_CMAC_H
#define KARX_CMAC_H

#include "cipher.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KARX_CMAC_MAX_TAG_BYTES 16 /* the largest block */
#define KARX_CMAC_MIN_TAG_BYTES 4  /* the shortest truncated tag accepted */

/* Tag bytes (= block bytes) of CMAC over alg; 0 if alg is unknown. */
KARX_API size_t karx_cmac_tag_bytes(karx_cipher_alg alg);
KARX_API size_t karx_cmac_max_tag_bytes(void); /* KARX_CMAC_MAX_TAG_BYTES */
KARX_API size_t karx_cmac_min_tag_bytes(void); /* KARX_CMAC_MIN_TAG_BYTES */

/* Names: "cmac-" followed by any name karx_cipher_from_name accepts, in any case:
 * "cmac-lea128", "cmac-lea192", "cmac-lea256", "cmac-hight", "cmac-cham64-128",
 * "cmac-cham128-128", "cmac-cham128-256" (also "CMAC-LEA-128", "cmac-CHAM-64/128").
 * Returns KARX_ERR_UNKNOWN_ALGORITHM for anything else, KARX_ERR_ARGUMENT for NULL. */
KARX_API karx_status karx_cmac_from_name(const char *name, karx_cipher_alg *out);
/* "cmac-lea128" ... ; NULL if alg is unknown. */
KARX_API const char *karx_cmac_name(karx_cipher_alg alg);

/* Streaming context: caller-allocated and copyable (a copy forks the computation); fields are
 * private. It holds the scheduled key and the subkeys, so it is secret: final, final_verify and
 * karx_cmac_ctx_wipe wipe it, and a failed init leaves it wiped. A context that was never
 * initialised must be zeroed (or wiped) before use; then every call but init returns
 * KARX_ERR_STATE. */
typedef struct karx_cmac_ctx {
    karx_cipher_key key;
    uint8_t k1[KARX_MAX_BLOCK_BYTES];
    uint8_t k2[KARX_MAX_BLOCK_BYTES];
    uint8_t x[KARX_MAX_BLOCK_BYTES];   /* CBC-MAC chaining value of the blocks absorbed */
    uint8_t buf[KARX_MAX_BLOCK_BYTES]; /* held-back input: 0..B bytes, never absorbed yet */
    uint32_t buffered;
    uint32_t block_bytes;
    uint32_t state; /* 0 unset, 1 running */
} karx_cmac_ctx;

/* KARX_ERR_ARGUMENT (NULL ctx or key), KARX_ERR_UNKNOWN_ALGORITHM, KARX_ERR_KEY_LENGTH. */
KARX_API karx_status karx_cmac_init(karx_cmac_ctx *ctx, karx_cipher_alg alg, const uint8_t *key,
                                    size_t key_len);
/* Any split of the message; NULL with len 0 is allowed. A failed update changes nothing. */
KARX_API karx_status karx_cmac_update(karx_cmac_ctx *ctx, const uint8_t *in, size_t len);
/* Writes the leading tag_len bytes of the tag and wipes ctx. NULL tag or a tag_len outside
 * [KARX_CMAC_MIN_TAG_BYTES, block bytes] (KARX_ERR_ARGUMENT / KARX_ERR_OUTPUT_LENGTH) change
 * nothing, so the call can be repeated. */
KARX_API karx_status karx_cmac_final(karx_cmac_ctx *ctx, uint8_t *tag, size_t tag_len);
/* Compares the computed tag with tag[0 .. tag_len) in constant time and wipes ctx:
 * KARX_OK or KARX_ERR_AUTHENTICATION. Bad arguments as for final (ctx unchanged). */
KARX_API karx_status karx_cmac_final_verify(karx_cmac_ctx *ctx, const uint8_t *tag,
                                            size_t tag_len);
KARX_API void karx_cmac_ctx_wipe(karx_cmac_ctx *ctx);

/* One-shot. On any error the tag buffer is zeroed (when it is not NULL and tag_len is within
 * [1, KARX_CMAC_MAX_TAG_BYTES]). */
KARX_API karx_status karx_cmac(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                               uint8_t *tag, size_t tag_len, const uint8_t *in, size_t len);
/* One-shot check: KARX_OK when tag[0 .. tag_len) is the (truncated) CMAC of in, else
 * KARX_ERR_AUTHENTICATION (constant-time comparison) or the argument error. */
KARX_API karx_status karx_cmac_verify(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                      const uint8_t *tag, size_t tag_len, const uint8_t *in,
                                      size_t len);

/* ---- many messages under one key (issue 18) ----
 * Tag i (the leading tag_len bytes) of message msgs[i] (lens[i] bytes, any length, 0 included;
 * msgs[i] may be NULL when lens[i] is 0) goes to tags + i * tag_len; each equals karx_cmac's. The
 * chains of many messages run side by side on the cipher's multi-block kernel. Errors as
 * karx_cmac (tag_len outside [KARX_CMAC_MIN_TAG_BYTES, block bytes]: KARX_ERR_OUTPUT_LENGTH;
 * NULL arrays with n > 0: KARX_ERR_ARGUMENT), and on any error tags[0 .. n * tag_len) is
 * zeroed (when tags is not NULL and tag_len within [1, KARX_CMAC_MAX_TAG_BYTES]). */
KARX_API karx_status karx_cmac_many(karx_cipher_alg alg, const uint8_t *key, size_t key_len,
                                    uint8_t *tags, size_t tag_len, const uint8_t *const *msgs,
                                    const size_t *lens, size_t n);
/* The same over a context just keyed by karx_cmac_init (nothing updated: else KARX_ERR_STATE),
 * which is read, not changed or wiped, so one keyed context serves many calls. On an error
 * nothing is written. */
KARX_API karx_status karx_cmac_many_ctx(const karx_cmac_ctx *ctx, uint8_t *tags, size_t tag_len,
                                        const uint8_t *const *msgs, const size_t *lens,
                                        size_t n);

#ifdef __cplusplus
}
#endif
#endif
