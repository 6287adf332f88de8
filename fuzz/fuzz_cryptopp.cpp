/* libFuzzer target: karx against Crypto++ 8.7 (libcrypto++-dev) on the same inputs, on a karx
 * back end the input picks: LSH (all six variants), LEA-128/192/256 and HIGHT in ECB, CBC and
 * CTR (both directions), HMAC-LSH, CMAC-LEA / CMAC-HIGHT (truncated tags too), GCM-LEA and
 * CCM-LEA (every tag length both accept; Crypto++ fed in fuzz-chosen pieces), GMAC-LEA (Crypto++'s
 * GCM with AAD only; karx one-shot, streaming in other pieces, verify). CHAM is compared
 * with karx's portable back end instead: Crypto++ has only the original CHAM, karx the revised.
 * Conventions: both treat the whole CTR block as one big-endian counter, but Crypto++ wraps
 * where karx refuses (KARX_ERR_COUNTER_OVERFLOW); a refusal is checked to be exactly that case. */
#include <cryptopp/ccm.h>
#include <cryptopp/cmac.h>
#include <cryptopp/gcm.h>
#include <cryptopp/hight.h>
#include <cryptopp/hmac.h>
#include <cryptopp/lea.h>
#include <cryptopp/lsh.h>
#include <cryptopp/modes.h>

#include <string>
#include <vector>

#include "../bench/peers/cryptopp_lsh512_224.h"
#include "fuzz_util.h"

using bytes = std::vector<uint8_t>;
using CryptoPP::byte;

/* memcmp that allows empty (possibly NULL) buffers */
static bool same(const void *a, const void *b, size_t n)
{
    return n == 0 || memcmp(a, b, n) == 0;
}

/* ---- input helpers ---- */
struct input {
    fz f;
    bytes take(size_t n)
    {
        bytes b(n);
        if (n)
            fz_fill(&f, b.data(), n);
        return b;
    }
    bytes rest()
    {
        size_t n;
        const uint8_t *p = fz_rest(&f, &n);
        return bytes(p, p + n);
    }
    uint8_t u8() { return fz_u8(&f); }
    size_t upto(size_t m) { return fz_upto(&f, m); }
};

/* Feeds msg to fn(ptr, len) in pieces cut at fuzz-chosen points. */
template <class F> static void pieces(input &in, const bytes &msg, F fn)
{
    size_t cut[3], prev = 0;
    fz_cuts(&in.f, msg.size(), cut, 3);
    for (int i = 0; i <= 3; i++) {
        size_t to = i < 3 ? cut[i] : msg.size();
        fn(msg.data() + prev, to - prev);
        prev = to;
    }
}

/* ---- LSH and HMAC-LSH ---- */
template <class H> static bytes cpp_hash(input &in, const bytes &msg)
{
    H h;
    pieces(in, msg, [&](const byte *p, size_t n) { h.Update(p, n); });
    bytes d(h.DigestSize());
    h.Final(d.data());
    return d;
}

template <class H> static bytes cpp_hmac(input &in, const bytes &key, const bytes &msg)
{
    CryptoPP::HMAC<H> m(key.data(), key.size());
    pieces(in, msg, [&](const byte *p, size_t n) { m.Update(p, n); });
    bytes d(m.DigestSize());
    m.Final(d.data());
    return d;
}

static bytes cpp_by_alg(karx_lsh_alg alg, input &in, const bytes *key, const bytes &msg)
{
    switch (alg) {
    case KARX_LSH256_224: return key ? cpp_hmac<CryptoPP::LSH224>(in, *key, msg)
                                     : cpp_hash<CryptoPP::LSH224>(in, msg);
    case KARX_LSH256_256: return key ? cpp_hmac<CryptoPP::LSH256>(in, *key, msg)
                                     : cpp_hash<CryptoPP::LSH256>(in, msg);
    case KARX_LSH512_224: return key ? cpp_hmac<LSH512_224>(in, *key, msg)
                                     : cpp_hash<LSH512_224>(in, msg);
    case KARX_LSH512_256: return key ? cpp_hmac<CryptoPP::LSH512_256>(in, *key, msg)
                                     : cpp_hash<CryptoPP::LSH512_256>(in, msg);
    case KARX_LSH512_384: return key ? cpp_hmac<CryptoPP::LSH384>(in, *key, msg)
                                     : cpp_hash<CryptoPP::LSH384>(in, msg);
    default: return key ? cpp_hmac<CryptoPP::LSH512>(in, *key, msg)
                        : cpp_hash<CryptoPP::LSH512>(in, msg);
    }
}

static void diff_lsh(input &in, int hmac)
{
    karx_lsh_alg alg = (karx_lsh_alg)(1 + in.u8() % 6);
    bytes key = in.take(in.upto(300)), msg = in.rest();
    bytes want = cpp_by_alg(alg, in, hmac ? &key : nullptr, msg);
    uint8_t got[64];
    MUST(want.size() == karx_lsh_digest_bytes(alg));
    if (hmac)
        MUST(karx_hmac_lsh(alg, key.data(), key.size(), got, sizeof got, msg.data(), msg.size()) ==
             KARX_OK);
    else
        MUST(karx_lsh(alg, got, sizeof got, msg.data(), msg.size()) == KARX_OK);
    MUST(same(got, want.data(), want.size()));
}

/* ---- block cipher modes ---- */
template <class C> static bytes cpp_mode(karx_mode m, int enc, const bytes &key, const bytes &iv,
                                         input &in, const bytes &msg)
{
    bytes out(msg.size());
    auto run = [&](CryptoPP::StreamTransformation &t) { /* two pieces, the first whole blocks */
        size_t cut = in.upto(msg.size()) / C::BLOCKSIZE * C::BLOCKSIZE;
        t.ProcessData(out.data(), msg.data(), cut);
        if (cut < msg.size())
            t.ProcessData(out.data() + cut, msg.data() + cut, msg.size() - cut);
    };
    if (m == KARX_MODE_ECB) {
        if (enc) {
            typename CryptoPP::ECB_Mode<C>::Encryption t(key.data(), key.size());
            run(t);
        } else {
            typename CryptoPP::ECB_Mode<C>::Decryption t(key.data(), key.size());
            run(t);
        }
    } else if (m == KARX_MODE_CBC) {
        if (enc) {
            typename CryptoPP::CBC_Mode<C>::Encryption t(key.data(), key.size(), iv.data());
            run(t);
        } else {
            typename CryptoPP::CBC_Mode<C>::Decryption t(key.data(), key.size(), iv.data());
            run(t);
        }
    } else {
        typename CryptoPP::CTR_Mode<C>::Encryption t(key.data(), key.size(), iv.data());
        run(t);
    }
    return out;
}

template <class C> static void diff_modes(input &in, karx_cipher_alg alg)
{
    static const karx_mode modes[3] = {KARX_MODE_ECB, KARX_MODE_CBC, KARX_MODE_CTR};
    uint8_t sel = in.u8();
    karx_mode m = modes[sel % 3];
    int enc = (sel >> 2) & 1;
    size_t B = karx_cipher_block_bytes(alg), kl = karx_cipher_key_bytes(alg);
    bytes key = in.take(kl), iv = in.take(B);
    if (m == KARX_MODE_CTR && (sel & 0x80))
        memset(iv.data(), 0xff, B - 1); /* near the end of the counter space */
    bytes msg = in.rest();
    if (m != KARX_MODE_CTR)
        msg.resize(msg.size() / B * B);
    bytes got(msg.size() + 1);
    size_t n = 0;
    karx_status st =
        (enc ? karx_cipher_encrypt : karx_cipher_decrypt)(alg, m, KARX_PAD_NONE, key.data(), kl,
                                                          m == KARX_MODE_ECB ? nullptr : iv.data(),
                                                          m == KARX_MODE_ECB ? 0 : B, got.data(),
                                                          got.size(), &n, msg.data(), msg.size());
    if (st == KARX_ERR_COUNTER_OVERFLOW) { /* Crypto++ wraps; karx must refuse exactly here */
        MUST(m == KARX_MODE_CTR && (msg.size() + B - 1) / B > fz_ctr_room(iv.data(), B));
        return;
    }
    MUST(st == KARX_OK && n == msg.size());
    if (m == KARX_MODE_CTR)
        MUST((msg.size() + B - 1) / B <= fz_ctr_room(iv.data(), B));
    bytes want = cpp_mode<C>(m, enc, key, iv, in, msg);
    MUST(same(got.data(), want.data(), msg.size()));
}

/* ---- CMAC ---- */
template <class C> static void diff_cmac(input &in, karx_cipher_alg alg)
{
    size_t B = karx_cipher_block_bytes(alg), t = KARX_CMAC_MIN_TAG_BYTES + in.u8() % (B - 3);
    bytes key = in.take(karx_cipher_key_bytes(alg)), msg = in.rest();
    CryptoPP::CMAC<C> m(key.data(), key.size());
    pieces(in, msg, [&](const byte *p, size_t n) { m.Update(p, n); });
    bytes want(t);
    m.TruncatedFinal(want.data(), t);
    uint8_t got[16];
    MUST(karx_cmac(alg, key.data(), key.size(), got, t, msg.data(), msg.size()) == KARX_OK);
    MUST(same(got, want.data(), t));
}

/* ---- GCM and CCM over LEA ---- */
struct aead_case {
    karx_cipher_alg alg;
    bytes key, iv, aad, msg;
    size_t tag_len;
};

/* Crypto++'s seal / open of c (AAD and payload in fuzz-chosen pieces): ciphertext || tag. */
template <class E> static bytes cpp_seal(E &e, input &in, const aead_case &c)
{
    pieces(in, c.aad, [&](const byte *p, size_t n) { e.Update(p, n); });
    bytes out(c.msg.size() + c.tag_len);
    size_t at = 0;
    pieces(in, c.msg, [&](const byte *p, size_t n) {
        e.ProcessData(out.data() + at, p, n);
        at += n;
    });
    e.TruncatedFinal(out.data() + c.msg.size(), c.tag_len);
    return out;
}

template <class D> static bool cpp_open(D &d, const aead_case &c, const bytes &sealed, bytes &pt)
{
    d.Update(c.aad.data(), c.aad.size());
    pt.resize(c.msg.size());
    d.ProcessData(pt.data(), sealed.data(), c.msg.size());
    return d.TruncatedVerify(sealed.data() + c.msg.size(), c.tag_len);
}

template <int M> static void cpp_ccm(input &in, const aead_case &c, bytes &sealed, bool &ok)
{
    typename CryptoPP::CCM<CryptoPP::LEA, M>::Encryption e;
    e.SetKeyWithIV(c.key.data(), c.key.size(), c.iv.data(), c.iv.size());
    e.SpecifyDataLengths(c.aad.size(), c.msg.size(), 0);
    sealed = cpp_seal(e, in, c);
    typename CryptoPP::CCM<CryptoPP::LEA, M>::Decryption d;
    d.SetKeyWithIV(c.key.data(), c.key.size(), c.iv.data(), c.iv.size());
    d.SpecifyDataLengths(c.aad.size(), c.msg.size(), 0);
    bytes pt;
    ok = cpp_open(d, c, sealed, pt) && pt == c.msg;
}

static void cpp_ccm_any(input &in, const aead_case &c, bytes &sealed, bool &ok)
{
    switch (c.tag_len) {
    case 4: cpp_ccm<4>(in, c, sealed, ok); break;
    case 6: cpp_ccm<6>(in, c, sealed, ok); break;
    case 8: cpp_ccm<8>(in, c, sealed, ok); break;
    case 10: cpp_ccm<10>(in, c, sealed, ok); break;
    case 12: cpp_ccm<12>(in, c, sealed, ok); break;
    case 14: cpp_ccm<14>(in, c, sealed, ok); break;
    default: cpp_ccm<16>(in, c, sealed, ok); break;
    }
}

static void cpp_gcm(input &in, const aead_case &c, bytes &sealed, bool &ok)
{
    CryptoPP::GCM<CryptoPP::LEA>::Encryption e;
    e.SetKeyWithIV(c.key.data(), c.key.size(), c.iv.data(), c.iv.size());
    sealed = cpp_seal(e, in, c);
    CryptoPP::GCM<CryptoPP::LEA>::Decryption d;
    d.SetKeyWithIV(c.key.data(), c.key.size(), c.iv.data(), c.iv.size());
    bytes pt;
    ok = cpp_open(d, c, sealed, pt) && pt == c.msg;
}

static void diff_aead(input &in, int gcm)
{
    static const size_t gcm_tags[] = {4, 8, 12, 13, 14, 15, 16};
    aead_case c;
    uint8_t sel = in.u8();
    c.alg = (karx_cipher_alg)(KARX_CIPHER_LEA128 + sel % 3);
    c.tag_len = gcm ? gcm_tags[(sel >> 2) % 7] : 4 + 2 * ((sel >> 2) % 7);
    c.key = in.take(karx_cipher_key_bytes(c.alg));
    c.iv = in.take(gcm ? 1 + in.u8() % 32 : 7 + in.u8() % 7); /* GCM: 12 is just one case */
    if (gcm && (sel & 0x80))
        c.iv.resize(12);
    c.aad = in.take(in.upto(100));
    size_t choices = in.upto(48), n;
    const uint8_t *r = fz_rest(&in.f, &n);
    c.msg.assign(r, r + (n > choices ? n - choices : 0));
    input ch = {{r + c.msg.size(), n - c.msg.size()}};

    bytes want;
    bool cpp_ok = false;
    (gcm ? cpp_gcm : cpp_ccm_any)(ch, c, want, cpp_ok);
    MUST(cpp_ok);
    bytes got(c.msg.size() + c.tag_len + 1);
    auto seal = gcm ? karx_gcm_encrypt : karx_ccm_encrypt;
    auto open = gcm ? karx_gcm_decrypt : karx_ccm_decrypt;
    MUST(seal(c.alg, c.key.data(), c.key.size(), c.iv.data(), c.iv.size(), got.data(),
              got.data() + c.msg.size(), c.tag_len, c.msg.data(), c.msg.size(), c.aad.data(),
              c.aad.size()) == KARX_OK);
    MUST(same(got.data(), want.data(), want.size()));
    /* karx opens what Crypto++ sealed */
    MUST(open(c.alg, c.key.data(), c.key.size(), c.iv.data(), c.iv.size(), got.data(),
              want.data() + c.msg.size(), c.tag_len, want.data(), c.msg.size(), c.aad.data(),
              c.aad.size()) == KARX_OK);
    MUST(same(got.data(), c.msg.data(), c.msg.size()));
}

/* ---- GMAC over LEA: Crypto++'s GCM with no plaintext ---- */
static void diff_gmac(input &in)
{
    static const size_t tags[] = {4, 8, 12, 13, 14, 15, 16};
    uint8_t sel = in.u8();
    karx_cipher_alg alg = (karx_cipher_alg)(KARX_CIPHER_LEA128 + sel % 3);
    size_t t = tags[(sel >> 2) % 7];
    bytes key = in.take(karx_cipher_key_bytes(alg));
    bytes iv = in.take((sel & 0x80) ? 12 : 1 + in.u8() % 32);
    bytes msg = in.rest();
    CryptoPP::GCM<CryptoPP::LEA>::Encryption e;
    e.SetKeyWithIV(key.data(), key.size(), iv.data(), iv.size());
    pieces(in, msg, [&](const byte *p, size_t n) { e.Update(p, n); });
    bytes want(t);
    e.TruncatedFinal(want.data(), t);

    uint8_t got[16];
    MUST(karx_gmac(alg, key.data(), key.size(), iv.data(), iv.size(), got, t, msg.data(),
                   msg.size()) == KARX_OK);
    MUST(same(got, want.data(), t));
    karx_gmac_ctx c; /* the streaming calls, cut elsewhere */
    MUST(karx_gmac_init(&c, alg, key.data(), key.size(), iv.data(), iv.size()) == KARX_OK);
    size_t cut = msg.size() - msg.size() / (1 + (sel & 3));
    MUST(karx_gmac_update(&c, msg.data(), cut) == KARX_OK);
    MUST(karx_gmac_update(&c, msg.data() + cut, msg.size() - cut) == KARX_OK);
    MUST(karx_gmac_final_verify(&c, want.data(), t) == KARX_OK);
    MUST(karx_gmac_verify(alg, key.data(), key.size(), iv.data(), iv.size(), want.data(), t,
                          msg.data(), msg.size()) == KARX_OK);
    want[(sel >> 5) % t] ^= (uint8_t)(1u << (sel & 7)); /* any flipped bit is refused */
    MUST(karx_gmac_verify(alg, key.data(), key.size(), iv.data(), iv.size(), want.data(), t,
                          msg.data(), msg.size()) == KARX_ERR_AUTHENTICATION);
}

/* ---- CHAM: the chosen back end against portable (bulk ECB, CBC decryption, CTR) ---- */
static void diff_cham(input &in, karx_backend chosen)
{
    static const karx_cipher_alg chams[3] = {KARX_CIPHER_CHAM64_128, KARX_CIPHER_CHAM128_128,
                                             KARX_CIPHER_CHAM128_256};
    static const karx_mode modes[4] = {KARX_MODE_ECB, KARX_MODE_CBC, KARX_MODE_CTR,
                                       KARX_MODE_CFB};
    uint8_t sel = in.u8();
    karx_cipher_alg alg = chams[sel % 3];
    karx_mode m = modes[(sel >> 2) % 4];
    int enc = (sel >> 4) & 1;
    size_t B = karx_cipher_block_bytes(alg), kl = karx_cipher_key_bytes(alg);
    bytes key = in.take(kl), iv = in.take(B), msg = in.rest();
    if (m == KARX_MODE_ECB || m == KARX_MODE_CBC)
        msg.resize(msg.size() / B * B);
    size_t ivl = karx_mode_iv_bytes(alg, m);
    bytes a(msg.size() + B), b(msg.size() + B);
    size_t na = 0, nb = 0;
    auto fn = enc ? karx_cipher_encrypt : karx_cipher_decrypt;
    karx_status sa = fn(alg, m, KARX_PAD_NONE, key.data(), kl, iv.data(), ivl, a.data(), a.size(),
                        &na, msg.data(), msg.size());
    MUST(karx_set_backend(KARX_BACKEND_PORTABLE) == KARX_OK);
    karx_status sb = fn(alg, m, KARX_PAD_NONE, key.data(), kl, iv.data(), ivl, b.data(), b.size(),
                        &nb, msg.data(), msg.size());
    MUST(karx_set_backend(chosen) == KARX_OK);
    MUST(sa == sb && na == nb && same(a.data(), b.data(), na));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {{data, size}};
    uint8_t what = in.u8();
    karx_backend chosen = fz_backend(&in.f);
    switch (what % 12) {
    case 0: diff_lsh(in, 0); break;
    case 1: diff_lsh(in, 1); break;
    case 2: diff_modes<CryptoPP::LEA>(in, (karx_cipher_alg)(KARX_CIPHER_LEA128 + in.u8() % 3)); break;
    case 3: diff_modes<CryptoPP::HIGHT>(in, KARX_CIPHER_HIGHT); break;
    case 4: diff_cmac<CryptoPP::LEA>(in, (karx_cipher_alg)(KARX_CIPHER_LEA128 + in.u8() % 3)); break;
    case 5: diff_cmac<CryptoPP::HIGHT>(in, KARX_CIPHER_HIGHT); break;
    case 6: diff_aead(in, 1); break;
    case 7: diff_aead(in, 0); break;
    case 8: diff_cham(in, chosen); break;
    case 9: diff_gmac(in); break;
    default: diff_modes<CryptoPP::LEA>(in, KARX_CIPHER_LEA128); break;
    }
    return 0;
}
