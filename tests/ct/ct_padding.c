/* ctgrind harness: ECB / CBC decryption with PKCS#7 of every cipher, good and bad padding.
 * Secret: key and plaintext (so the padding bytes). The padding check itself is constant time;
 * its result (good or bad, and so the plaintext length) is public by design: it is the status
 * and *out_len the caller gets. The library branches on that result inside karx_cipher_final,
 * which allow-padding.supp allowlists for this run only (scripts/ct-check.sh). */
#include "ct.h"

#define NBLK 5

static void check_padding(karx_cipher_alg alg, karx_mode mode, int bad)
{
    uint8_t k[32], iv[16], pt[NBLK * 16], ct[NBLK * 16 + 16], back[NBLK * 16 + 16];
    const size_t B = karx_cipher_block_bytes(alg), kl = karx_cipher_key_bytes(alg);
    const size_t len = NBLK * B - 3;
    size_t n = 0;
    karx_cipher_key key;
    ct_secret_fill(k, sizeof k, 90 + alg);
    ct_secret_fill(pt, sizeof pt, 91);
    ct_fill(iv, sizeof iv, 92);
    const size_t ivl = mode == KARX_MODE_ECB ? 0 : B;
    CT_OK(karx_cipher_encrypt(alg, mode, KARX_PAD_PKCS7, k, kl, iv, ivl, ct, sizeof ct, &n, pt,
                              len), "pkcs7 encrypt");
    CT_PUBLIC(ct, sizeof ct);
    CT_PUBLIC(&n, sizeof n);
    CT_CHECK(n == NBLK * B, "padded length");
    if (bad) { /* re-encrypt a last block whose padding is wrong (0x02 0x03 0x03) */
        uint8_t last[16];
        CT_OK(karx_cipher_set_key(&key, alg, k, kl), "set_key");
        memcpy(last, pt + len - (B - 3), B - 3);
        memset(last + B - 3, 3, 3);
        last[B - 3] = 2;
        CT_SECRET(last, B);
        if (mode == KARX_MODE_CBC) /* CBC: chain from the previous ciphertext block */
            for (size_t i = 0; i < B; i++)
                last[i] ^= ct[n - 2 * B + i];
        CT_OK(karx_ecb_encrypt(&key, ct + n - B, last, B), "forge last block");
        CT_PUBLIC(ct + n - B, B);
        karx_cipher_key_wipe(&key);
    }
    karx_status st = ct_status(karx_cipher_decrypt(alg, mode, KARX_PAD_PKCS7, k, kl, iv, ivl,
                                                   back, sizeof back, &n, ct, NBLK * B));
    CT_PUBLIC(&n, sizeof n);
    if (bad) {
        CT_CHECK(st == KARX_ERR_PADDING && n == 0, "bad padding refused");
    } else {
        CT_CHECK(st == KARX_OK && n == len, "good padding accepted");
        CT_CHECK(ct_equal(back, pt, len), "padded round trip");
    }
}

int main(int argc, char **argv)
{
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
        for (int bad = 0; bad < 2; bad++) {
            check_padding((karx_cipher_alg)a, KARX_MODE_ECB, bad);
            check_padding((karx_cipher_alg)a, KARX_MODE_CBC, bad);
        }
    return ct_finish("ct_padding");
}
