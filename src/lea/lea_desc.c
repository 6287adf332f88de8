/* LEA's registry entries: LEA-128, LEA-192 and LEA-256 share one kernel list. */
#include "../cpu/dispatch.h"
#include "../lanes/lanes.h"
#include "../registry/registry.h"
#include "karx/lea.h"
#include "lea_core.h"

/* SSSE3 has no LEA kernel of its own (pshufb only helps byte rotations, and LEA has none), so
 * the SSE2 one serves it through the fallback chain. */
static const karx_i_impl lea_impls[] = {
    KARX_I_IMPL_PORTABLE(karx_i_lea) KARX_I_IMPLS_X86_NO_SSSE3(karx_i_lea)
        KARX_I_IMPL_NEON(karx_i_lea)};

#if !defined(KARX_COMPACT) /* the compact builds have no record jobs */
static const karx_i_impl lea_lane_impls[] = {KARX_I_LANE_IMPLS(karx_i_lea_lanes)};
#endif

KARX_I_SET_KEY(lea_set_key, karx_lea_set_key, karx_lea_key)

/* Known answers: Crypto++ TestVectors/lea.txt (from KISA's lea_vs.c), vendored in
 * tests/kat/cryptopp_lea.txt. */
static const uint8_t kat_key[3][32] = {
    "\x07\xAB\x63\x05\xB0\x25\xD8\x3F\x79\xAD\xDA\xA6\x3A\xC8\xAD\x00", /* LEA-128 */
    "\x14\x37\xAF\x53\x30\x69\xBD\x75\x25\xC1\x56\x0C\x78\xBA\xD2\xA1"
    "\xE5\x34\x67\x1C\x00\x7E\xF2\x7C", /* LEA-192 */
    "\x4F\x67\x79\xE2\xBD\x1E\x93\x19\xC6\x30\x15\xAC\xFF\xEF\xD7\xA7"
    "\x91\xF0\xED\x59\xDF\x1B\x70\x07\x69\xFE\x82\xE2\xF0\x66\x8C\x35", /* LEA-256 */
};
static const uint8_t kat_pt[3][16] = {
    "\xF2\x8A\xE3\x25\x6A\xAD\x23\xB4\x15\xE0\x28\x06\x3B\x61\x0C\x60", /* LEA-128 */
    "\x1C\xB4\xF4\xCB\x6C\x4B\xDB\x51\x68\xEA\x84\x09\x72\x7B\xFD\x51", /* LEA-192 */
    "\xDC\x31\xCA\xE3\xDA\x5E\x0A\x11\xC9\x66\xB0\x20\xD7\xCF\xFE\xDE", /* LEA-256 */
};
static const uint8_t kat_ct[3][16] = {
    "\x64\xD9\x08\xFC\xB7\xEB\xFE\xF9\x0F\xD6\x70\x10\x6D\xE7\xC7\xC5", /* LEA-128 */
    "\x69\x72\x5C\x6D\xF9\x12\xF8\xB7\x0E\xB5\x11\xE6\x66\x3C\x58\x70", /* LEA-192 */
    "\xED\xA2\x04\x20\x98\xF6\x67\xE8\x57\xA0\x2D\xB8\xCA\xA7\xDF\xF2", /* LEA-256 */
};

#define LEA_DESC(id, name, std_name, key_bytes, rounds, key, pt, ct)                      \
    {id, name, std_name, 16, key_bytes, sizeof(karx_lea_key), KARX_I_FAMILY_LEA, rounds, \
     lea_set_key, KARX_I_LIST(lea_impls), key, pt, ct, KARX_I_LANES_OF(lea_lane_impls),  \
     KARX_I_LEA_APPROVED, 0}

const karx_i_cipher karx_i_lea128_desc =
    LEA_DESC(KARX_CIPHER_LEA128, "lea128", "LEA-128", 16, 24, kat_key[0], kat_pt[0], kat_ct[0]);
const karx_i_cipher karx_i_lea192_desc =
    LEA_DESC(KARX_CIPHER_LEA192, "lea192", "LEA-192", 24, 28, kat_key[1], kat_pt[1], kat_ct[1]);
const karx_i_cipher karx_i_lea256_desc =
    LEA_DESC(KARX_CIPHER_LEA256, "lea256", "LEA-256", 32, 32, kat_key[2], kat_pt[2], kat_ct[2]);
