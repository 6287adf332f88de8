/* The modes against small reference implementations built on single-block calls, on every back
 * end: stateless calls, streaming at every split near block boundaries, one-shot, in place and
 * unaligned; padding, CTR counter exhaustion and every bad-input status. */
#include <stdlib.h>
#include <string.h>

#include "karx/cipher.h"
#include "karx/cpu.h"
#include "karx/registry.h"
#include "test_util.h"

#define MAXLEN 9000 /* crosses the 4 KiB staging chunks */

static size_t seg_of(karx_mode m, size_t B)
{
    return m == KARX_MODE_CFB8 ? 1 : m == KARX_MODE_CFB64 ? 8 : B;
}

static void ctr_inc(uint8_t *c, size_t B)
{
    for (size_t i = B; i-- > 0;)
        if (++c[i] != 0)
            break;
}

/* Reference: any length for stream modes; ECB/CBC take whole blocks. */
static void ref_crypt(const karx_cipher_key *k, karx_mode m, int enc, const uint8_t *iv,
                      uint8_t *out, const uint8_t *in, size_t len, size_t B)
{
    uint8_t reg[16], e[16], x[16];
    if (iv) memcpy(reg, iv, B);
    for (size_t off = 0; off < len;) {
        size_t n;
        switch (m) {
        case KARX_MODE_ECB:
            (enc ? karx_cipher_encrypt_block : karx_cipher_decrypt_block)(k, out + off, in + off);
            n = B;
            break;
        case KARX_MODE_CBC:
            if (enc) {
                for (size_t i = 0; i < B; i++) x[i] = in[off + i] ^ reg[i];
                karx_cipher_encrypt_block(k, out + off, x);
                memcpy(reg, out + off, B);
            } else {
                memcpy(x, in + off, B);
                karx_cipher_decrypt_block(k, e, x);
                for (size_t i = 0; i < B; i++) out[off + i] = e[i] ^ reg[i];
                memcpy(reg, x, B);
            }
            n = B;
            break;
        case KARX_MODE_CTR:
            karx_cipher_encrypt_block(k, e, reg);
            ctr_inc(reg, B);
            n = len - off < B ? len - off : B;
            for (size_t i = 0; i < n; i++) out[off + i] = in[off + i] ^ e[i];
            break;
        case KARX_MODE_OFB:
            karx_cipher_encrypt_block(k, reg, reg);
            n = len - off < B ? len - off : B;
            for (size_t i = 0; i < n; i++) out[off + i] = in[off + i] ^ reg[i];
            break;
        default: { /* CFB-s */
            size_t s = seg_of(m, B);
            karx_cipher_encrypt_block(k, e, reg);
            n = len - off < s ? len - off : s;
            for (size_t i = 0; i < n; i++) {
                x[i] = enc ? (uint8_t)(in[off + i] ^ e[i]) : in[off + i];
                out[off + i] = in[off + i] ^ e[i];
            }
            memmove(reg, reg + s, B - s);
            memcpy(reg + B - s, x, s);
            break;
        }
        }
        off += n;
    }
}

static int is_block(karx_mode m) { return m == KARX_MODE_ECB || m == KARX_MODE_CBC; }

/* Expected one-shot output: reference over the padded input. */
static size_t ref_oneshot_enc(const karx_cipher_key *k, karx_mode m, int pad, const uint8_t *iv,
                              uint8_t *out, const uint8_t *in, size_t len, size_t B)
{
    size_t total = len;
    uint8_t *tmp = malloc(len + B + 1);
    memcpy(tmp, in, len);
    if (is_block(m) && pad) {
        size_t p = B - len % B;
        memset(tmp + len, (int)p, p);
        total = len + p;
    }
    ref_crypt(k, m, 1, iv, out, tmp, total, B);
    free(tmp);
    return total;
}

/* Streaming with the given split points (sorted, within len), into out; returns bytes or -1. */
static long stream_run(karx_cipher_alg a, karx_mode m, int enc, int pad, const uint8_t *key,
                       size_t klen, const uint8_t *iv, size_t ivlen, uint8_t *out, size_t cap,
                       const uint8_t *in, size_t len, const size_t *cuts, size_t ncuts)
{
    karx_cipher_ctx ctx;
    size_t w = 0, n, prev = 0;
    if (karx_cipher_init(&ctx, a, m, enc, pad, key, klen, iv, ivlen) != KARX_OK) return -1;
    for (size_t i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : len;
        if (karx_cipher_update(&ctx, out + w, cap - w, &n, in + prev, end - prev) != KARX_OK)
            return -1;
        w += n;
        prev = end;
    }
    if (karx_cipher_final(&ctx, out + w, cap - w, &n) != KARX_OK) return -1;
    return (long)(w + n);
}

static uint8_t *dup_at(const uint8_t *p, size_t n, size_t off, uint8_t **base)
{
    *base = malloc(n + off + 1);
    memcpy(*base + off, p, n);
    return *base + off;
}

/* The stateless call of mode m over buf (len bytes, in place) in two calls cut at half: the
 * register, set to iv, carries the chaining value from the first call to the second. */
static void stateless_in_two(const karx_cipher_key *k, karx_mode m, int enc, size_t B,
                             const uint8_t *iv, uint8_t *buf, size_t len, size_t half,
                             const char *be, const char *name, const char *mn)
{
    uint8_t reg[16];
    memcpy(reg, iv, B);
    for (int part = 0; part < 2; part++) {
        size_t o = part ? half : 0, n = part ? len - half : half;
        uint8_t *p = buf + o;
        karx_status st;
        switch (m) {
        case KARX_MODE_ECB:
            st = enc ? karx_ecb_encrypt(k, p, p, n) : karx_ecb_decrypt(k, p, p, n);
            break;
        case KARX_MODE_CBC:
            st = enc ? karx_cbc_encrypt(k, reg, p, p, n) : karx_cbc_decrypt(k, reg, p, p, n);
            break;
        case KARX_MODE_CTR: st = karx_ctr_xor(k, reg, p, p, n); break;
        case KARX_MODE_OFB: st = karx_ofb_xor(k, reg, p, p, n); break;
        default:
            st = enc ? karx_cfb_encrypt(k, seg_of(m, B), reg, p, p, n)
                     : karx_cfb_decrypt(k, seg_of(m, B), reg, p, p, n);
            break;
        }
        CHECK(st == KARX_OK, "%s %s %s stateless st %d", be, name, mn, st);
    }
}

static void test_pair(karx_cipher_alg a, karx_mode m, const char *be)
{
    const size_t B = karx_cipher_block_bytes(a), K = karx_cipher_key_bytes(a);
    const size_t IV = karx_mode_iv_bytes(a, m);
    const char *name = karx_cipher_name(a), *mn = karx_mode_name(m);
    uint8_t key[32], iv[16];
    karx_cipher_key k;
    static uint8_t in[MAXLEN], want[MAXLEN + 16], got[MAXLEN + 16], back[MAXLEN + 16];
    static const size_t lens[] = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 255, 256, 257,
                                  1000, 4095, 4096, 4097, 4111, 8192 + 24, MAXLEN};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        for (int pad = 0; pad <= (is_block(m) ? 1 : 0); pad++) {
            if (is_block(m) && !pad) len -= len % B;
            t_fill(key, K);
            t_fill(iv, B);
            t_fill(in, len);
            karx_cipher_set_key(&k, a, key, K);
            size_t wl = ref_oneshot_enc(&k, m, pad, IV ? iv : NULL, want, in, len, B);
            /* one-shot encrypt, from unaligned copies */
            size_t off = (size_t)(t_rand64() % 17), gl = 0;
            uint8_t *base, *src = dup_at(in, len, off, &base);
            karx_status st = karx_cipher_encrypt(a, m, pad, key, K, IV ? iv : NULL, IV, got,
                                                 sizeof got, &gl, src, len);
            CHECK(st == KARX_OK && gl == wl && memcmp(got, want, wl) == 0,
                  "%s %s %s enc len %zu pad %d: st %d", be, name, mn, len, pad, st);
            free(base);
            /* one-shot decrypt in place */
            uint8_t *buf = dup_at(want, wl, off, &base);
            st = karx_cipher_decrypt(a, m, pad, key, K, IV ? iv : NULL, IV, buf, wl + 16, &gl,
                                     buf, wl);
            CHECK(st == KARX_OK && gl == len && memcmp(buf, in, len) == 0,
                  "%s %s %s dec in place len %zu pad %d: st %d", be, name, mn, len, pad, st);
            free(base);
            /* streaming with random cuts, out of place and in place */
            size_t cuts[4];
            for (int i = 0; i < 4; i++) cuts[i] = len ? (size_t)(t_rand64() % (len + 1)) : 0;
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++)
                    if (cuts[j] < cuts[i]) { size_t t = cuts[i]; cuts[i] = cuts[j]; cuts[j] = t; }
            long r = stream_run(a, m, 1, pad, key, K, iv, IV, got, sizeof got, in, len, cuts, 4);
            CHECK(r == (long)wl && memcmp(got, want, wl) == 0, "%s %s %s stream enc len %zu",
                  be, name, mn, len);
            memcpy(back, want, wl);
            for (int i = 0; i < 4; i++) if (cuts[i] > wl) cuts[i] = wl;
            r = stream_run(a, m, 0, pad, key, K, iv, IV, back, sizeof back, back, wl, cuts, 4);
            CHECK(r == (long)len && memcmp(back, in, len) == 0,
                  "%s %s %s stream dec in place len %zu", be, name, mn, len);
            /* stateless calls continue the stream from call to call */
            if (!is_block(m) || !pad) {
                size_t s = is_block(m) ? B : (m == KARX_MODE_CTR || m == KARX_MODE_OFB) ? B
                                                                                       : seg_of(m, B);
                size_t half = len / 2 / s * s;
                memcpy(got, in, len);
                stateless_in_two(&k, m, 1, B, iv, got, len, half, be, name, mn);
                CHECK(memcmp(got, want, len) == 0, "%s %s %s stateless enc len %zu", be, name,
                      mn, len);
                stateless_in_two(&k, m, 0, B, iv, got, len, half, be, name, mn);
                CHECK(memcmp(got, in, len) == 0, "%s %s %s stateless dec len %zu", be, name, mn,
                      len);
            }
        }
    }
    /* every two-way split of a short message near block boundaries */
    {
        size_t len = 3 * B + 5;
        for (int enc = 0; enc <= 1; enc++)
            for (int pad = 0; pad <= (is_block(m) ? 1 : 0); pad++) {
                size_t L = is_block(m) && !pad ? 3 * B : len;
                t_fill(key, K);
                t_fill(iv, B);
                t_fill(in, L);
                size_t wl = 0;
                karx_status st = enc ? karx_cipher_encrypt(a, m, pad, key, K, iv, IV, want,
                                                           sizeof want, &wl, in, L)
                                     : karx_cipher_encrypt(a, m, pad, key, K, iv, IV, in, sizeof in,
                                                           &L, in, L);
                if (!enc) { /* decrypt a real ciphertext: in now holds L bytes of it */
                    st = karx_cipher_decrypt(a, m, pad, key, K, iv, IV, want, sizeof want, &wl, in,
                                             L);
                }
                CHECK(st == KARX_OK, "%s %s %s split setup", be, name, mn);
                for (size_t cut = 0; cut <= L; cut++) {
                    long r = stream_run(a, m, enc, pad, key, K, iv, IV, got, sizeof got, in, L,
                                        &cut, 1);
                    CHECK(r == (long)wl && memcmp(got, want, wl) == 0,
                          "%s %s %s split %zu/%zu enc %d pad %d", be, name, mn, cut, L, enc, pad);
                }
            }
    }
    karx_cipher_key_wipe(&k);
}

/* CTR counters near carries (against the reference, on the active back end) and exhaustion. */
static void test_ctr_edges(karx_cipher_alg a, const char *be)
{
    const size_t B = karx_cipher_block_bytes(a), K = karx_cipher_key_bytes(a);
    uint8_t key[32], ctr[16], c2[16], in[40 * 16], want[40 * 16], got[40 * 16];
    karx_cipher_key k;
    t_fill(key, K);
    karx_cipher_set_key(&k, a, key, K);
    for (size_t ff = 1; ff < B; ff++) { /* low ff bytes all-ones, a few blocks before the carry */
        for (size_t before = 1; before < 20; before += 6) {
            t_fill(ctr, B);
            memset(ctr + B - ff, 0xff, ff);
            ctr[B - ff - 1] &= 0xfe;
            ctr[B - 1] = (uint8_t)(0x100 - before);
            size_t len = (size_t)(t_rand64() % sizeof in);
            t_fill(in, len);
            ref_crypt(&k, KARX_MODE_CTR, 1, ctr, want, in, len, B);
            memcpy(c2, ctr, B);
            memcpy(got, in, len);
            karx_status st = karx_ctr_xor(&k, c2, got, got, len);
            CHECK(st == KARX_OK && memcmp(got, want, len) == 0,
                  "%s %s ctr carry over %zu bytes, len %zu", be, karx_cipher_name(a), ff, len);
        }
    }
    /* three blocks left: ff..fd */
    memset(ctr, 0xff, B);
    ctr[B - 1] = 0xfd;
    memset(got, 0xa5, sizeof got);
    memcpy(c2, ctr, B);
    CHECK(karx_ctr_xor(&k, c2, got, in, 3 * B + 1) == KARX_ERR_COUNTER_OVERFLOW,
          "stateless ctr past all-ones");
    CHECK(got[0] == 0xa5 && got[3 * B] == 0xa5 && memcmp(c2, ctr, B) == 0,
          "refused ctr call wrote nothing");
    CHECK(karx_ctr_xor(&k, c2, got, in, 3 * B) == KARX_OK, "last three counter blocks");
    uint8_t zero[16] = {0};
    CHECK(memcmp(c2, zero, B) == 0, "spent counter comes back as zero");
    /* streaming: the ctx refuses once the all-ones block is used */
    karx_cipher_ctx ctx;
    size_t n;
    CHECK(karx_cipher_init(&ctx, a, KARX_MODE_CTR, 1, 0, key, K, ctr, B) == KARX_OK, "init");
    CHECK(karx_cipher_update(&ctx, got, sizeof got, &n, in, 2 * B + 3) == KARX_OK, "2 blocks+3");
    CHECK(karx_cipher_update(&ctx, got, sizeof got, &n, in, B - 3) == KARX_OK, "rest of third");
    CHECK(karx_cipher_update(&ctx, got, sizeof got, &n, in, 0) == KARX_OK, "empty update");
    karx_status st = karx_cipher_update(&ctx, got, sizeof got, &n, in, 1);
    CHECK(st == KARX_ERR_COUNTER_OVERFLOW && n == 0, "spent stream refuses: %d", st);
    CHECK(karx_cipher_final(&ctx, got, sizeof got, &n) == KARX_OK, "final after spent");
    /* one-shot over the limit writes nothing */
    size_t ol = 99;
    memset(got, 0xa5, sizeof got);
    st = karx_cipher_encrypt(a, KARX_MODE_CTR, 0, key, K, ctr, B, got, sizeof got, &ol, in,
                             3 * B + 1);
    CHECK(st == KARX_ERR_COUNTER_OVERFLOW && ol == 0 && got[0] == 0xa5, "one-shot overflow");
    karx_cipher_key_wipe(&k);
}

static void test_padding_and_errors(karx_cipher_alg a)
{
    const size_t B = karx_cipher_block_bytes(a), K = karx_cipher_key_bytes(a);
    const char *name = karx_cipher_name(a);
    uint8_t key[32], iv[16], pt[64], ct[80], out[80], blk[16];
    size_t n;
    karx_status st;
    karx_cipher_key k;
    t_fill(key, K);
    t_fill(iv, B);
    t_fill(pt, sizeof pt);
    karx_cipher_set_key(&k, a, key, K);
    for (int mode = KARX_MODE_ECB; mode <= KARX_MODE_CBC; mode++) {
        karx_mode m = (karx_mode)mode;
        size_t IV = karx_mode_iv_bytes(a, m);
        /* full-block padding on a whole-block message */
        st = karx_cipher_encrypt(a, m, KARX_PAD_PKCS7, key, K, iv, IV, ct, sizeof ct, &n, pt, 2 * B);
        CHECK(st == KARX_OK && n == 3 * B, "%s %s pad adds a block", name, karx_mode_name(m));
        /* forge each bad last block: decrypt(last) edited, re-encrypted into place */
        for (int bad = 0; bad < 4; bad++) {
            uint8_t c2[48];
            memcpy(c2, ct, 3 * B);
            uint8_t prev[16];
            memcpy(prev, m == KARX_MODE_CBC ? c2 + B : iv, B);
            karx_cipher_decrypt_block(&k, blk, c2 + 2 * B);
            if (m == KARX_MODE_CBC) for (size_t i = 0; i < B; i++) blk[i] ^= prev[i];
            /* blk is now the padded plaintext block: B bytes of value B */
            if (bad == 0) blk[(B - 1) & 15] = 0;
            if (bad == 1) blk[(B - 1) & 15] = (uint8_t)(B + 1);
            if (bad == 2) { blk[(B - 1) & 15] = 3; blk[(B - 2) & 15] = 3; blk[(B - 3) & 15] = 2; }
            if (bad == 3) { blk[(B - 1) & 15] = (uint8_t)B; blk[0] ^= 1; }
            if (m == KARX_MODE_CBC) for (size_t i = 0; i < B; i++) blk[i] ^= prev[i];
            karx_cipher_encrypt_block(&k, c2 + 2 * B, blk);
            memset(out, 0x5a, sizeof out);
            n = 77;
            st = karx_cipher_decrypt(a, m, KARX_PAD_PKCS7, key, K, iv, IV, out, sizeof out, &n,
                                     c2, 3 * B);
            int wiped = 1;
            for (size_t i = 0; i < 2 * B; i++) wiped &= out[i] == 0;
            CHECK(st == KARX_ERR_PADDING && n == 0 && wiped && out[2 * B] == 0x5a,
                  "%s %s bad padding %d: st %d n %zu", name, karx_mode_name(m), bad, st, n);
        }
        /* truncated / empty ciphertext with padding; not whole blocks without */
        st = karx_cipher_decrypt(a, m, KARX_PAD_PKCS7, key, K, iv, IV, out, sizeof out, &n, ct,
                                 3 * B - 1);
        CHECK(st == KARX_ERR_DATA_LENGTH && n == 0, "%s truncated: %d", name, st);
        st = karx_cipher_decrypt(a, m, KARX_PAD_PKCS7, key, K, iv, IV, out, sizeof out, &n, ct, 0);
        CHECK(st == KARX_ERR_DATA_LENGTH, "%s empty padded ciphertext: %d", name, st);
        st = karx_cipher_encrypt(a, m, KARX_PAD_NONE, key, K, iv, IV, out, sizeof out, &n, pt, B + 1);
        CHECK(st == KARX_ERR_DATA_LENGTH && n == 0, "%s no-pad partial: %d", name, st);
        st = karx_cipher_decrypt(a, m, KARX_PAD_NONE, key, K, iv, IV, out, sizeof out, &n, ct, B - 1);
        CHECK(st == KARX_ERR_DATA_LENGTH, "%s no-pad partial dec: %d", name, st);
        CHECK(karx_ecb_encrypt(&k, out, pt, B + 1) == KARX_ERR_DATA_LENGTH, "ecb partial");
        CHECK(karx_cbc_decrypt(&k, iv, out, pt, 1) == KARX_ERR_DATA_LENGTH, "cbc partial");
        /* too-small output: nothing changes, the call can be repeated */
        karx_cipher_ctx ctx;
        CHECK(karx_cipher_init(&ctx, a, m, 1, 1, key, K, iv, IV) == KARX_OK, "init");
        CHECK(karx_cipher_update(&ctx, out, B - 1, &n, pt, B) == KARX_ERR_OUTPUT_LENGTH,
              "small out update");
        CHECK(karx_cipher_update(&ctx, out, B, &n, pt, B) == KARX_OK && n == B, "retry update");
        CHECK(karx_cipher_final(&ctx, out + B, B - 1, &n) == KARX_ERR_OUTPUT_LENGTH,
              "small out final");
        CHECK(karx_cipher_final(&ctx, out + B, B, &n) == KARX_OK && n == B, "retry final");
        st = karx_cipher_encrypt(a, m, 1, key, K, iv, IV, ct, sizeof ct, &n, pt, B);
        CHECK(st == KARX_OK && memcmp(ct, out, 2 * B) == 0, "retried stream = one-shot");
        uint8_t zero[sizeof ctx];
        memset(zero, 0, sizeof zero);
        CHECK(memcmp(&ctx, zero, sizeof ctx) == 0, "final wipes ctx");
        CHECK(karx_cipher_update(&ctx, out, sizeof out, &n, pt, B) == KARX_ERR_STATE,
              "update after final");
    }
    /* lengths and arguments */
    size_t IVc = karx_mode_iv_bytes(a, KARX_MODE_CBC);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CBC, 1, key, K - 1, iv, IVc, out, sizeof out, &n, pt, 1) ==
              KARX_ERR_KEY_LENGTH, "%s short key", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CBC, 1, key, K + 1, iv, IVc, out, sizeof out, &n, pt, 1) ==
              KARX_ERR_KEY_LENGTH, "%s long key", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CBC, 1, key, K, iv, IVc - 1, out, sizeof out, &n, pt, 1) ==
              KARX_ERR_IV_LENGTH, "%s short iv", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_ECB, 1, key, K, iv, B, out, sizeof out, &n, pt, 1) ==
              KARX_ERR_IV_LENGTH, "%s ecb with iv", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CTR, 0, key, K, NULL, B, out, sizeof out, &n, pt, 1) ==
              KARX_ERR_ARGUMENT, "%s NULL iv", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CTR, 0, NULL, K, iv, B, out, sizeof out, &n, pt, 1) ==
              KARX_ERR_ARGUMENT, "%s NULL key", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CTR, 0, key, K, iv, B, NULL, 16, &n, pt, 1) ==
              KARX_ERR_ARGUMENT, "%s NULL out", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CTR, 0, key, K, iv, B, out, 16, NULL, pt, 1) ==
              KARX_ERR_ARGUMENT, "%s NULL out_len", name);
    CHECK(karx_cipher_encrypt(a, (karx_mode)0, 0, key, K, iv, B, out, 16, &n, pt, 1) ==
              KARX_ERR_UNKNOWN_ALGORITHM, "%s mode 0", name);
    CHECK(karx_cipher_encrypt(a, KARX_MODE_CTR, 2, key, K, iv, B, out, 16, &n, pt, 1) ==
              KARX_ERR_ARGUMENT, "%s padding 2", name);
    CHECK(karx_cfb_encrypt(&k, 3, iv, out, pt, 3) == KARX_ERR_ARGUMENT, "cfb segment 3");
    CHECK(karx_ctr_xor(&k, NULL, out, pt, 3) == KARX_ERR_ARGUMENT, "ctr NULL counter");
    CHECK(karx_ecb_encrypt(NULL, out, pt, B) == KARX_ERR_ARGUMENT, "ecb NULL key");
    CHECK(karx_ecb_encrypt(&k, out, pt, 0) == KARX_OK, "ecb empty");
    karx_cipher_key_wipe(&k);
    uint8_t zero[sizeof k];
    memset(zero, 0, sizeof zero);
    CHECK(memcmp(&k, zero, sizeof k) == 0, "key wipe zeroes");
    CHECK(karx_ecb_encrypt(&k, out, pt, B) == KARX_ERR_STATE, "wiped key refused");
    CHECK(karx_cipher_encrypt_block(&k, out, pt) == KARX_ERR_STATE, "wiped key, block call");
    CHECK(karx_cipher_set_key(&k, a, key, K + 8) == KARX_ERR_KEY_LENGTH && k.alg == 0,
          "bad set_key leaves no key");
}

static void test_names(void)
{
    static const struct { const char *name; karx_cipher_alg a; size_t B, K; } t[] = {
        {"lea128", KARX_CIPHER_LEA128, 16, 16},       {"LEA-192", KARX_CIPHER_LEA192, 16, 24},
        {"lea256", KARX_CIPHER_LEA256, 16, 32},       {"HIGHT", KARX_CIPHER_HIGHT, 8, 16},
        {"CHAM-64/128", KARX_CIPHER_CHAM64_128, 8, 16}, {"cham128-128", KARX_CIPHER_CHAM128_128, 16, 16},
        {"CHAM128/256", KARX_CIPHER_CHAM128_256, 16, 32},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        karx_cipher_alg a = 0;
        CHECK(karx_cipher_from_name(t[i].name, &a) == KARX_OK && a == t[i].a, "%s", t[i].name);
        CHECK(karx_cipher_block_bytes(a) == t[i].B && karx_cipher_key_bytes(a) == t[i].K,
              "%s sizes", t[i].name);
        karx_cipher_alg b = 0;
        CHECK(karx_cipher_from_name(karx_cipher_name(a), &b) == KARX_OK && b == a, "round trip");
    }
    karx_cipher_alg a;
    karx_mode m;
    CHECK(karx_cipher_from_name("aes128", &a) == KARX_ERR_UNKNOWN_ALGORITHM, "unknown cipher");
    CHECK(karx_cipher_from_name(NULL, &a) == KARX_ERR_ARGUMENT, "NULL name");
    CHECK(karx_cipher_name((karx_cipher_alg)0) == NULL && karx_cipher_block_bytes(99) == 0, "bad id");
    CHECK(karx_mode_from_name("CFB128", &m) == KARX_OK && m == KARX_MODE_CFB, "cfb128 alias");
    CHECK(karx_mode_from_name("gcm", &m) == KARX_ERR_UNKNOWN_ALGORITHM, "gcm not a mode here");
    for (int i = KARX_MODE_FIRST; i <= KARX_MODE_LAST; i++)
        CHECK(karx_mode_from_name(karx_mode_name((karx_mode)i), &m) == KARX_OK && (int)m == i,
              "mode %d", i);
    CHECK(karx_mode_iv_bytes(KARX_CIPHER_HIGHT, KARX_MODE_CBC) == 8 &&
              karx_mode_iv_bytes(KARX_CIPHER_LEA128, KARX_MODE_ECB) == 0, "iv sizes");
}

/* 1 the first time the active back end runs this cipher on a given kernel: every back end
 * without a kernel of its own for a cipher falls back to one already tested, which would
 * only repeat the same work (for ARIA, which has only the portable kernel, four times). */
static int first_run_of_kernel(int alg)
{
    static char seen[KARX_CIPHER_LAST + 1][8][KARX_ALG_NAME_MAX];
    karx_alg_info info;
    if (karx_alg_by_id(KARX_KIND_CIPHER, alg, &info) != KARX_OK)
        return 1;
    for (int i = 0; i < 8; i++) {
        if (strcmp(seen[alg][i], info.kernel) == 0)
            return 0;
        if (seen[alg][i][0] == '\0') {
            snprintf(seen[alg][i], KARX_ALG_NAME_MAX, "%s", info.kernel);
            return 1;
        }
    }
    return 1;
}

int main(void)
{
    t_seed_from_env();
    test_names();
    karx_backend orig = karx_get_backend();
    const char *be;
    for (int b = -1; (be = t_next_backend(&b)) != NULL;) {
        for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++) {
            if (!first_run_of_kernel(a))
                continue; /* this back end runs a kernel already tested (e.g. portable-only) */
            for (int m = KARX_MODE_FIRST; m <= KARX_MODE_LAST; m++)
                test_pair((karx_cipher_alg)a, (karx_mode)m, be);
            test_ctr_edges((karx_cipher_alg)a, be);
        }
    }
    karx_set_backend(orig);
    for (int a = KARX_CIPHER_FIRST; a <= KARX_CIPHER_LAST; a++)
        test_padding_and_errors((karx_cipher_alg)a);
    return t_finish("modes");
}
