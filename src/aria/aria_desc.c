/* ARIA's registry entries: ARIA-128, ARIA-192 and ARIA-256 share the portable kernel. There is
 * no GPU round code (family NONE), so the GPU calls refuse ARIA with KARX_ERR_UNSUPPORTED. */
#include "../registry/registry.h"
#include "aria_core.h"

static const karx_i_impl aria_impls[] = {
    KARX_I_IMPL("portable", KARX_BACKEND_PORTABLE, 0, 0, &karx_i_aria_portable),
};

static karx_status aria_set_key(void *ks, const uint8_t *k, size_t key_len)
{
    return karx_aria_set_key((karx_aria_key *)ks, k, key_len);
}

/* Known answers: RFC 5794 Appendix A (A.1, A.2, A.3), vendored in tests/kat/cryptopp_aria.txt.
 * The keys are 00 01 02 ... and the plaintext is 00 11 22 ... ff. */
static const uint8_t key[32] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
                                0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
                                0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                               0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
static const uint8_t ct128[16] = {0xd7, 0x18, 0xfb, 0xd6, 0xab, 0x64, 0x4c, 0x73,
                                  0x9d, 0xa9, 0x5f, 0x3b, 0xe6, 0x45, 0x17, 0x78};
static const uint8_t ct192[16] = {0x26, 0x44, 0x9c, 0x18, 0x05, 0xdb, 0xe7, 0xaa,
                                  0x25, 0xa4, 0x68, 0xce, 0x26, 0x3a, 0x9e, 0x79};
static const uint8_t ct256[16] = {0xf9, 0x2b, 0xd7, 0xc7, 0x9f, 0xb7, 0x2e, 0x2f,
                                  0x2b, 0x8f, 0x80, 0xc1, 0x97, 0x2d, 0x24, 0xfc};

#define ARIA_DESC(id, name, std_name, key_bytes, rounds, ct)                                  \
    {id, name, std_name, 16, key_bytes, sizeof(karx_aria_key), KARX_I_FAMILY_NONE, rounds,  \
     aria_set_key, aria_impls, sizeof aria_impls / sizeof aria_impls[0], key, pt, ct}

const karx_i_cipher karx_i_aria128_desc =
    ARIA_DESC(KARX_CIPHER_ARIA128, "aria128", "ARIA-128", 16, 12, ct128);
const karx_i_cipher karx_i_aria192_desc =
    ARIA_DESC(KARX_CIPHER_ARIA192, "aria192", "ARIA-192", 24, 14, ct192);
const karx_i_cipher karx_i_aria256_desc =
    ARIA_DESC(KARX_CIPHER_ARIA256, "aria256", "ARIA-256", 32, 16, ct256);
