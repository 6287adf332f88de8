/* ARIA's registry entries: ARIA-128, ARIA-192 and ARIA-256 share their kernels: the portable
 * one (S-boxes computed bit by bit) and, where the CPU has GFNI, the AVX2 and AVX-512 ones
 * (aria_gfni_template.h), which rank above it at their back ends. There is no GPU round code
 * (family NONE), so the GPU calls refuse ARIA with KARX_ERR_UNSUPPORTED. */
#include "aria_core.h"
#include "aria_impls.h"

static const karx_i_impl aria_impls[] = {
    KARX_I_IMPL("portable", KARX_BACKEND_PORTABLE, 0, 0, &karx_i_aria_portable),
    KARX_I_ARIA_GFNI_IMPLS(&karx_i_aria_avx2_gfni, &karx_i_aria_avx512_gfni)};

KARX_I_SET_KEY(aria_set_key, karx_aria_set_key, karx_aria_key)

/* Known answers: RFC 5794 Appendix A (A.1, A.2, A.3), vendored in tests/kat/cryptopp_aria.txt:
 * the key is the first 16, 24 or 32 bytes of 00 01 02 ..., the plaintext 00 11 22 ... ff. */
static const uint8_t key[32] = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
                               "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f";
static const uint8_t pt[16] = "\x00\x11\x22\x33\x44\x55\x66\x77"
                              "\x88\x99\xaa\xbb\xcc\xdd\xee\xff";
static const uint8_t ct[3][16] = {
    "\xd7\x18\xfb\xd6\xab\x64\x4c\x73\x9d\xa9\x5f\x3b\xe6\x45\x17\x78", /* A.1 */
    "\x26\x44\x9c\x18\x05\xdb\xe7\xaa\x25\xa4\x68\xce\x26\x3a\x9e\x79", /* A.2 */
    "\xf9\x2b\xd7\xc7\x9f\xb7\x2e\x2f\x2b\x8f\x80\xc1\x97\x2d\x24\xfc", /* A.3 */
};

#define ARIA_DESC(id, name, std_name, key_bytes, rounds, ct)                                  \
    {id, name, std_name, 16, key_bytes, sizeof(karx_aria_key), KARX_I_FAMILY_NONE, rounds,  \
     aria_set_key, aria_impls, sizeof aria_impls / sizeof aria_impls[0], key, pt, ct, NULL, 0, \
     KARX_I_ARIA_APPROVED, 1}

const karx_i_cipher karx_i_aria128_desc =
    ARIA_DESC(KARX_CIPHER_ARIA128, "aria128", "ARIA-128", 16, 12, ct[0]);
const karx_i_cipher karx_i_aria192_desc =
    ARIA_DESC(KARX_CIPHER_ARIA192, "aria192", "ARIA-192", 24, 14, ct[1]);
const karx_i_cipher karx_i_aria256_desc =
    ARIA_DESC(KARX_CIPHER_ARIA256, "aria256", "ARIA-256", 32, 16, ct[2]);
