/* ctgrind harness: LSH (one message and the multi-lane batches), HMAC-LSH and its verification,
 * PBKDF2, and CMAC over every cipher with its verification, on one back end (argv[1]).
 * Secret: keys, passwords and messages. Public: lengths, salts, tags once produced, and whether
 * a tag verified (ct_declassify.c). */
#include "ct.h"

#define MSG 300 /* two LSH-256 blocks and a partial one; one LSH-512 block and a partial one */
#define LANES 17 /* more than the widest batch (16 lanes), so a partial batch runs too */

static uint8_t msg[LANES * MSG];

static void check_lsh(void)
{
    uint8_t d[LANES * 64];
    ct_secret_fill(msg, sizeof msg, 50);
    for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++) {
        karx_lsh_alg alg = (karx_lsh_alg)a;
        size_t n = karx_lsh_digest_bytes(alg);
        CT_OK(karx_lsh(alg, d, n, msg, MSG), "lsh");
        CT_OK(karx_lsh_many(alg, d, sizeof d, msg, MSG, LANES), "lsh_many");
    }
    const uint8_t *ptrs[3] = {msg, msg + 400, msg + 1000};
    const size_t lens[3] = {MSG, 17, 129};
    CT_OK(karx_lsh256_many_ptrs(d, 32, ptrs, lens, 3), "lsh256_many_ptrs");
    CT_OK(karx_lsh512_many_ptrs(d, 64, ptrs, lens, 3), "lsh512_many_ptrs");
}

/* HMAC of a secret message under a secret key (short and block-overflowing keys), then the
 * one-shot and streaming verifications of the right tag and a wrong one. */
static void check_hmac(karx_lsh_alg alg, size_t key_len)
{
    uint8_t key[300], tag[64];
    karx_hmac_lsh_ctx ctx;
    size_t n = karx_hmac_lsh_bytes(alg);
    ct_secret_fill(key, sizeof key, 60 + key_len);
    ct_secret_fill(msg, MSG, 61);
    CT_OK(karx_hmac_lsh(alg, key, key_len, tag, n, msg, MSG), "hmac");
    CT_PUBLIC(tag, n);
    CT_OK(karx_hmac_lsh_verify(alg, key, key_len, tag, n, msg, MSG), "hmac verify");
    CT_OK(karx_hmac_lsh_init(&ctx, alg, key, key_len), "hmac init");
    CT_OK(karx_hmac_lsh_update(&ctx, msg, 77), "hmac update");
    CT_OK(karx_hmac_lsh_update(&ctx, msg + 77, MSG - 77), "hmac update");
    CT_OK(karx_hmac_lsh_final_verify(&ctx, tag, karx_hmac_lsh_min_tag_bytes(alg)),
          "hmac final_verify");
    tag[n - 1] ^= 0x80;
    CT_CHECK(ct_status(karx_hmac_lsh_verify(alg, key, key_len, tag, n, msg, MSG)) ==
                 KARX_ERR_AUTHENTICATION, "hmac forged tag");
}

static void check_pbkdf2(karx_lsh_alg alg)
{
    uint8_t pw[20], salt[16], out[100];
    ct_secret_fill(pw, sizeof pw, 70);
    ct_fill(salt, sizeof salt, 71);
    CT_OK(karx_pbkdf2_hmac_lsh(alg, pw, sizeof pw, salt, sizeof salt, 3, out, sizeof out),
          "pbkdf2");
}

/* CMAC (subkey doubling, the CBC-MAC chain and the last-block padding) and its verification. */
static void check_cmac(karx_cipher_alg alg, size_t len)
{
    uint8_t key[32], tag[16];
    karx_cmac_ctx ctx;
    size_t n = karx_cmac_tag_bytes(alg);
    ct_secret_fill(key, sizeof key, 80 + alg);
    ct_secret_fill(msg, len, 81);
    CT_OK(karx_cmac(alg, key, karx_cipher_key_bytes(alg), tag, n, msg, len), "cmac");
    CT_PUBLIC(tag, n);
    CT_OK(karx_cmac_verify(alg, key, karx_cipher_key_bytes(alg), tag, n, msg, len), "cmac verify");
    CT_OK(karx_cmac_init(&ctx, alg, key, karx_cipher_key_bytes(alg)), "cmac init");
    CT_OK(karx_cmac_update(&ctx, msg, 3), "cmac update");
    CT_OK(karx_cmac_update(&ctx, msg + 3, len - 3), "cmac update");
    CT_OK(karx_cmac_final_verify(&ctx, tag, n), "cmac final_verify");
    tag[0] ^= 1;
    CT_CHECK(ct_status(karx_cmac_verify(alg, key, karx_cipher_key_bytes(alg), tag, n, msg, len)) ==
                 KARX_ERR_AUTHENTICATION, "cmac forged tag");
}

int main(int argc, char **argv)
{
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    check_lsh();
    for (int a = KARX_LSH256_224; a <= KARX_LSH512_512; a++) {
        check_hmac((karx_lsh_alg)a, 32);
        check_hmac((karx_lsh_alg)a, 300); /* longer than a block: hashed first */
        check_pbkdf2((karx_lsh_alg)a);
    }
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
        check_cmac((karx_cipher_alg)a, 320); /* whole blocks: K1 */
        check_cmac((karx_cipher_alg)a, 315); /* padded last block: K2 */
    }
    return ct_finish("ct_mac");
}
