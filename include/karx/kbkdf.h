/* karx: KBKDF, the key-based key derivation function of NIST SP 800-108 and TTAK.KO-12.0272, in
 * counter, feedback and double-pipeline modes. The PRF is a MAC of the registry: HMAC over any
 * LSH variant (KARX_MAC_ID(KARX_MAC_HMAC, karx_lsh_alg)) or CMAC over any cipher
 * (KARX_MAC_ID(KARX_MAC_CMAC, karx_cipher_alg)); look a name up with
 * karx_alg_find(KARX_KIND_MAC, "cmac-lea128", &info) and pass info.id.
 *
 * Each PRF call i = 1 .. n (n = ceil(out_len / h), h the PRF's output bytes) takes
 *   counter:  PRF(KI, [i] || Label || 0x00 || Context || [L])
 *   feedback: PRF(KI, K(i-1) || [i] || Label || 0x00 || Context || [L]), K(0) = IV (may be empty)
 *   pipeline: A(0) = Label || 0x00 || Context || [L], A(i) = PRF(KI, A(i-1)),
 *             PRF(KI, A(i) || [i] || Label || 0x00 || Context || [L])
 * and the output is the leading out_len bytes of K(1) || K(2) || ... The counter [i] is
 * counter_bits / 8 bytes, big-endian, and always sits right before Label (the only position
 * karx implements); with counter_bits 0 (feedback and pipeline only) it is left out.
 * [L] is the output length in bits, big-endian: with l_bytes 0 in the fewest bytes that hold it
 * (the TTAK.KO-12.0272 form KCMVP-validated code writes: 128 -> 80, 256 -> 01 00,
 * 512 -> 02 00), with l_bytes 1 .. 4 in exactly that many bytes (4 is the usual SP 800-108
 * form). */
#ifndef KARX_KBKDF_H
#define KARX_KBKDF_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum karx_kbkdf_mode {
    KARX_KBKDF_COUNTER = 1,
    KARX_KBKDF_FEEDBACK = 2,
    KARX_KBKDF_PIPELINE = 3 /* double-pipeline iteration */
} karx_kbkdf_mode;

#define KARX_KBKDF_MAX_L_BYTES 4 /* the widest fixed [L]; the TTAK form (0) takes what it needs */

typedef struct karx_kbkdf_params {
    karx_kbkdf_mode mode;
    int prf;               /* a MAC id of the registry (CMAC or HMAC; GMAC is not a PRF here) */
    unsigned counter_bits; /* 8, 16, 24 or 32; 0 = no counter (feedback and pipeline only) */
    unsigned l_bytes;      /* 0 = fewest bytes (TTAK), or 1 .. KARX_KBKDF_MAX_L_BYTES */
    const uint8_t *label;
    size_t label_len;
    const uint8_t *context;
    size_t context_len;
    const uint8_t *iv; /* feedback mode's K(0); must be empty in the other modes */
    size_t iv_len;
} karx_kbkdf_params;

/* Derives out_len bytes from the key KI. Errors, all found before anything is written (out is
 * then untouched): KARX_ERR_ARGUMENT for NULL p or out, a NULL pointer with a non-zero length,
 * an unknown mode, counter_bits not 0/8/16/24/32 (0 in counter mode), l_bytes > 4;
 * KARX_ERR_UNKNOWN_ALGORITHM for a prf id the registry does not know; KARX_ERR_UNSUPPORTED for a
 * MAC that is not a CMAC or HMAC (GMAC); KARX_ERR_IV_LENGTH for an IV outside feedback mode;
 * KARX_ERR_KEY_LENGTH for a CMAC key that is not the cipher's key length (HMAC takes any);
 * KARX_ERR_OUTPUT_LENGTH for out_len 0, more blocks than the counter can number
 * (n > 2^counter_bits - 1, or 2^32 - 1 without a counter) or an [L] that does not fit l_bytes. */
KARX_API karx_status karx_kbkdf(const karx_kbkdf_params *p, const uint8_t *ki, size_t ki_len,
                                uint8_t *out, size_t out_len);

/* "counter", "feedback", "pipeline"; NULL for an unknown mode. */
KARX_API const char *karx_kbkdf_mode_name(karx_kbkdf_mode mode);
/* Those names and "ctr", "fb", "double-pipeline", "dp", in any case ('-', '_', ' ' ignored).
 * KARX_ERR_ARGUMENT for NULL, KARX_ERR_UNKNOWN_ALGORITHM for anything else. */
KARX_API karx_status karx_kbkdf_mode_from_name(const char *name, karx_kbkdf_mode *mode);
/* The PRF's output bytes h for a MAC id (16 for CMAC-LEA, 8 for CMAC-HIGHT, the digest for
 * HMAC); 0 when the id is not a usable KBKDF PRF. */
KARX_API size_t karx_kbkdf_prf_bytes(int prf);

#ifdef __cplusplus
}
#endif
#endif
