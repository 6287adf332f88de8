/* ctgrind harness: KBKDF (counter, feedback, double-pipeline) over CMAC for every cipher and HMAC
 * for every LSH variant, on one back end (argv[1]). Secret: the key KI, and the derived key until
 * the harness publishes it to compare. Public: label, context, IV, lengths, counter and [L]. */
#include "ct.h"

/* One derivation of 70 bytes (a partial last block for every PRF) in each mode, with [L] in the
 * TTAK form, 2 and 4 bytes; the three modes must give different keys (a harness that stopped
 * deriving would not). */
static void check_prf(int prf, size_t key_len)
{
    static const uint8_t label[] = "ct label", context[] = "ct context", iv[16] = {1, 2, 3};
    const karx_kbkdf_mode modes[3] = {KARX_KBKDF_COUNTER, KARX_KBKDF_FEEDBACK, KARX_KBKDF_PIPELINE};
    uint8_t key[32], out[3][70];
    ct_secret_fill(key, sizeof key, 90 + (uint64_t)prf);
    for (int m = 0; m < 3; m++) {
        karx_kbkdf_params p = {modes[m], prf, m == 0 ? 32 : 8, 2 * (unsigned)m, label, sizeof label - 1,
                               context, sizeof context - 1, m == 1 ? iv : NULL, m == 1 ? 16 : 0};
        CT_OK(karx_kbkdf(&p, key, key_len, out[m], sizeof out[m]), "kbkdf");
    }
    CT_CHECK(!ct_equal(out[0], out[1], sizeof out[0]) && !ct_equal(out[1], out[2], sizeof out[0]),
             "the modes give different keys");
}

int main(int argc, char **argv)
{
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
        check_prf(KARX_MAC_ID(KARX_MAC_CMAC, a), karx_cipher_key_bytes((karx_cipher_alg)a));
    for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++)
        check_prf(KARX_MAC_ID(KARX_MAC_HMAC, a), 32);
    return ct_finish("ct_kbkdf");
}
