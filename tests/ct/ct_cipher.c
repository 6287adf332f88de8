/* ctgrind harness: key schedules and block kernels of every cipher on one back end (argv[1]).
 * Secret: the key and the message (plaintext going in, ciphertext coming back out of the
 * decryption side). Public: lengths, IVs and counters, the ciphertext once produced. */
#include "ct.h"

/* Enough blocks for two interleaved groups of the widest AVX2 kernel (HIGHT: 2 x 32) plus a
 * tail, so every kernel runs its bulk loop and its tail code. */
#define NBLK 133
#define MAXB KARX_MAX_BLOCK_BYTES

static const karx_cipher_alg algs[] = {
    KARX_CIPHER_LEA128,      KARX_CIPHER_LEA192,      KARX_CIPHER_LEA256, KARX_CIPHER_HIGHT,
    KARX_CIPHER_CHAM64_128, KARX_CIPHER_CHAM128_128, KARX_CIPHER_CHAM128_256,
    KARX_CIPHER_ARIA128,    KARX_CIPHER_ARIA192,     KARX_CIPHER_ARIA256,
};

typedef struct {
    karx_cipher_key key;
    size_t B, len;
    uint8_t pt[NBLK * MAXB], ct[NBLK * MAXB], back[NBLK * MAXB];
    uint8_t iv[MAXB];
} work;

/* Key schedule from a secret key; the single-block calls in both directions. */
static void check_key_and_block(work *w, karx_cipher_alg alg)
{
    uint8_t k[KARX_MAX_KEY_BYTES], blk[MAXB], out[MAXB], dec[MAXB];
    ct_secret_fill(k, sizeof k, alg);
    CT_OK(karx_cipher_set_key(&w->key, alg, k, karx_cipher_key_bytes(alg)), "set_key");
    ct_secret_fill(blk, sizeof blk, 100 + alg);
    CT_OK(karx_cipher_encrypt_block(&w->key, out, blk), "encrypt_block");
    CT_PUBLIC(out, sizeof out); /* a ciphertext block is public */
    CT_OK(karx_cipher_decrypt_block(&w->key, dec, out), "decrypt_block");
    CT_CHECK(ct_equal(dec, blk, w->B), "block round trip");
}

/* Encrypts w->pt (secret) with a mode, declassifies the ciphertext, decrypts it into w->back
 * (secret again as it comes out) and checks the round trip. */
typedef karx_status (*enc_fn)(work *w, uint8_t *out, const uint8_t *in, int encrypt);

static void round_trip(work *w, enc_fn f, const char *what)
{
    ct_secret_fill(w->pt, w->len, w->len);
    CT_OK(f(w, w->ct, w->pt, 1), what);
    CT_PUBLIC(w->ct, w->len);
    CT_OK(f(w, w->back, w->ct, 0), what);
    CT_CHECK(ct_equal(w->back, w->pt, w->len), what);
}

static karx_status run_ecb(work *w, uint8_t *out, const uint8_t *in, int encrypt)
{
    return encrypt ? karx_ecb_encrypt(&w->key, out, in, w->len)
                   : karx_ecb_decrypt(&w->key, out, in, w->len);
}

/* The IV / counter is public and restarts at the same value for each direction. */
static void fresh_iv(work *w, uint8_t *iv)
{
    ct_fill(iv, w->B, 7);
    iv[w->B - 1] = 0xf0; /* the low counter byte carries inside the run */
}

static karx_status run_cbc(work *w, uint8_t *out, const uint8_t *in, int encrypt)
{
    uint8_t iv[MAXB];
    fresh_iv(w, iv);
    return encrypt ? karx_cbc_encrypt(&w->key, iv, out, in, w->len)
                   : karx_cbc_decrypt(&w->key, iv, out, in, w->len);
}

static karx_status run_ctr(work *w, uint8_t *out, const uint8_t *in, int encrypt)
{
    uint8_t ctr[MAXB];
    (void)encrypt;
    fresh_iv(w, ctr);
    return karx_ctr_xor(&w->key, ctr, out, in, w->len);
}

static karx_status run_ofb(work *w, uint8_t *out, const uint8_t *in, int encrypt)
{
    uint8_t iv[MAXB];
    (void)encrypt;
    fresh_iv(w, iv);
    return karx_ofb_xor(&w->key, iv, out, in, w->len);
}

static karx_status run_cfb_seg(work *w, uint8_t *out, const uint8_t *in, int encrypt, size_t seg)
{
    uint8_t iv[MAXB];
    fresh_iv(w, iv);
    return encrypt ? karx_cfb_encrypt(&w->key, seg, iv, out, in, w->len)
                   : karx_cfb_decrypt(&w->key, seg, iv, out, in, w->len);
}

static karx_status run_cfb(work *w, uint8_t *out, const uint8_t *in, int encrypt)
{
    return run_cfb_seg(w, out, in, encrypt, w->B);
}

static karx_status run_cfb8(work *w, uint8_t *out, const uint8_t *in, int encrypt)
{
    return run_cfb_seg(w, out, in, encrypt, 1);
}

static karx_status run_cfb64(work *w, uint8_t *out, const uint8_t *in, int encrypt)
{
    return run_cfb_seg(w, out, in, encrypt, 8);
}

/* Streaming with no padding at an odd split, then a padded one-shot CBC encryption (the padded
 * decryption is ct_padding's job: its result is allowlisted there). */
static void check_stream(work *w, karx_cipher_alg alg)
{
    uint8_t k[KARX_MAX_KEY_BYTES], iv[MAXB];
    karx_cipher_ctx ctx;
    size_t n1 = 0, n2 = 0, n3 = 0;
    ct_secret_fill(k, sizeof k, 300 + alg);
    ct_secret_fill(w->pt, w->len, 301);
    fresh_iv(w, iv);
    CT_OK(karx_cipher_init(&ctx, alg, KARX_MODE_CTR, KARX_ENCRYPT, KARX_PAD_NONE, k,
                           karx_cipher_key_bytes(alg), iv, w->B), "stream init");
    CT_OK(karx_cipher_update(&ctx, w->ct, sizeof w->ct, &n1, w->pt, 37), "stream update");
    CT_OK(karx_cipher_update(&ctx, w->ct + n1, sizeof w->ct - n1, &n2, w->pt + 37, w->len - 37),
          "stream update");
    CT_OK(karx_cipher_final(&ctx, w->ct + n1 + n2, sizeof w->ct - n1 - n2, &n3), "stream final");
    CT_CHECK(n1 + n2 + n3 == w->len, "stream length");
    CT_OK(karx_cipher_encrypt(alg, KARX_MODE_CBC, KARX_PAD_PKCS7, k, karx_cipher_key_bytes(alg),
                              iv, w->B, w->ct, sizeof w->ct, &n1, w->pt, w->len - 3),
          "cbc pkcs7 encrypt");
    CT_CHECK(n1 == w->len - 3 + (w->B - (w->len - 3) % w->B), "cbc pkcs7 length");
}

/* XTS (128-bit blocks): a secret key pair, a public tweak (E_K2(tweak) and its multiples are
 * secret); one data unit ending in ciphertext stealing, sectors with a short last unit, and the
 * streaming calls at an odd split. */
static void check_xts(work *w, karx_cipher_alg alg)
{
    uint8_t k[2 * KARX_MAX_KEY_BYTES], tweak[16];
    const size_t kb = karx_cipher_key_bytes(alg), len = NBLK * 16 - 5;
    karx_xts_key xk;
    karx_xts_ctx ctx;
    size_t n1 = 0, n2 = 0, n3 = 0;
    ct_secret_fill(k, sizeof k, 400 + alg);
    ct_fill(tweak, sizeof tweak, 401);
    ct_secret_fill(w->pt, len, 402);
    CT_OK(karx_xts_set_key(&xk, alg, k, 2 * kb), "xts set_key");
    CT_OK(karx_xts_encrypt(&xk, tweak, w->ct, w->pt, len), "xts encrypt");
    CT_PUBLIC(w->ct, len);
    CT_OK(karx_xts_decrypt(&xk, tweak, w->back, w->ct, len), "xts decrypt");
    CT_CHECK(ct_equal(w->back, w->pt, len), "xts round trip");
    CT_OK(karx_xts_encrypt_sectors(&xk, tweak, 512, w->ct, w->pt, len), "xts sectors");
    CT_PUBLIC(w->ct, len);
    CT_OK(karx_xts_decrypt_sectors(&xk, tweak, 512, w->back, w->ct, len), "xts sectors dec");
    CT_CHECK(ct_equal(w->back, w->pt, len), "xts sectors round trip");
    CT_OK(karx_xts_init(&ctx, alg, 1, k, 2 * kb, tweak), "xts stream init");
    CT_OK(karx_xts_update(&ctx, w->ct, sizeof w->ct, &n1, w->pt, 37), "xts stream update");
    CT_OK(karx_xts_update(&ctx, w->ct + n1, sizeof w->ct - n1, &n2, w->pt + 37, len - 37),
          "xts stream update");
    CT_OK(karx_xts_final(&ctx, w->ct + n1 + n2, sizeof w->ct - n1 - n2, &n3), "xts final");
    CT_CHECK(n1 + n2 + n3 == len, "xts stream length");
    karx_xts_key_wipe(&xk);
}

static void check_cipher(work *w, karx_cipher_alg alg)
{
    w->B = karx_cipher_block_bytes(alg);
    w->len = NBLK * w->B;
    check_key_and_block(w, alg);
    round_trip(w, run_ecb, "ecb");
    round_trip(w, run_cbc, "cbc");
    round_trip(w, run_ctr, "ctr");
    round_trip(w, run_ofb, "ofb");
    round_trip(w, run_cfb, "cfb");
    w->len = 3 * w->B + 5; /* CFB-8 runs a block cipher call per byte: keep it short */
    round_trip(w, run_cfb8, "cfb8");
    round_trip(w, run_cfb64, "cfb64");
    w->len = NBLK * w->B;
    w->len -= 3; /* CTR ending mid-block */
    round_trip(w, run_ctr, "ctr tail");
    w->len = NBLK * w->B;
    check_stream(w, alg);
    if (w->B == 16)
        check_xts(w, alg);
    karx_cipher_key_wipe(&w->key);
}

int main(int argc, char **argv)
{
    static work w;
    if (ct_select_backend(argc, argv) != 0)
        return 2;
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++)
        check_cipher(&w, algs[i]);
    return ct_finish("ct_cipher");
}
