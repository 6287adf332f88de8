/* Known answers for the constructions, run by every self-test on the kernels calls use now (the
 * registry's per-kernel tests cover the ciphers and hashes themselves). Each value is copied
 * from a vector file vendored in tests/kat, whose header names its source:
 *   kisa_lea_modes_vs.txt       KISA LEA package lea_vs.c (published): ECB/CBC/CTR/OFB/CFB-128,
 *                               CCM, GCM, CMAC
 *   kcmvp_lea128_cfb_mmt.txt    KCMVP LEA-128 CFB-8 / CFB-64 MMT via go-krypto (published)
 *   kisa_hmac_lsh.txt           KISA LSH package hmacvs.py (published)
 *   ttak_kbkdf_cmac.txt         TTAK.KO-12.0272 appendix I via go-krypto (published)
 *   kcmvp_ctr_drbg_ttak_ko_12_0189.txt  TTAK.KO-12.0189/R2 appendix B.2 (published)
 *   cryptopp_lea_gmac.txt, cryptopp_lsh_drbg.txt  Crypto++ 8.7 (independent implementation)
 *   model_xts.txt, model_kbkdf.txt  the project's independent Python models
 * and PBKDF2, for which no vectors are published: RFC 8018 over HMAC-LSH-256-256 computed by
 * the shared LSH model (../shared/specs/models/lsh_model.py) after that model reproduced the
 * KISA HMAC vector (docs/VALIDATION.md). One vector per construction keeps the run short. */
#include <string.h>

#include "karx/ccm.h"
#include "karx/cipher.h"
#include "karx/cmac.h"
#include "karx/drbg.h"
#include "karx/gcm.h"
#include "karx/gmac.h"
#include "karx/hmac.h"
#include "karx/kbkdf.h"
#include "karx/xts.h"

#include "../approved/approved.h"
#include "selftest_internal.h"

#define MAXB 160 /* the longest value below */

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
}

size_t karx_i_unhex(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = 0;
    for (; hex[0] != '\0' && hex[1] != '\0' && n < cap; hex += 2)
        out[n++] = (uint8_t)(hexval(hex[0]) << 4 | hexval(hex[1]));
    return n;
}

karx_status karx_i_kat_check(const uint8_t *got, const char *want_hex)
{
    uint8_t want[MAXB];
    if (strlen(want_hex) > 2 * sizeof want)
        return KARX_ERR_SELFTEST; /* a table value too long for the buffers: never silently cut */
    size_t n = karx_i_unhex(want, sizeof want, want_hex);
    if (karx_i_injected() & KARX_I_INJECT_KAT)
        want[0] ^= 1;
    return n > 0 && memcmp(got, want, n) == 0 ? KARX_OK : KARX_ERR_SELFTEST;
}

/* A buffer and its length, decoded from hex. */
typedef struct {
    uint8_t b[MAXB];
    size_t n;
} buf;

/* Table values fit MAXB bytes (kat_check refuses a longer answer; inputs are checked by the
 * answers they must give). */
static buf hx(const char *hex)
{
    buf r;
    r.n = karx_i_unhex(r.b, sizeof r.b, hex);
    return r;
}

static karx_status both(karx_status a, karx_status b) { return a != KARX_OK ? a : b; }

/* Algorithms by name, as the registry spells them (ids live in their descriptors only): an
 * unknown name gives 0 / -1, which the call then refuses, so the test fails. */
static karx_cipher_alg cipher(const char *name)
{
    karx_cipher_alg a;
    return karx_cipher_from_name(name, &a) == KARX_OK ? a : (karx_cipher_alg)0;
}

static int mac(const char *name)
{
    karx_alg_info a;
    return karx_alg_find(KARX_KIND_MAC, name, &a) == KARX_OK ? a.id : -1;
}

/* ---- block modes over LEA-128 (the cipher's own kernels are tested per kernel) ---- */

typedef karx_status (*mode_fn)(const karx_cipher_key *, uint8_t *, uint8_t *, const uint8_t *,
                               size_t);

static karx_status cbc_enc(const karx_cipher_key *k, uint8_t *iv, uint8_t *o, const uint8_t *i,
                           size_t n)
{
    return karx_cbc_encrypt(k, iv, o, i, n);
}
static karx_status cbc_dec(const karx_cipher_key *k, uint8_t *iv, uint8_t *o, const uint8_t *i,
                           size_t n)
{
    return karx_cbc_decrypt(k, iv, o, i, n);
}
static karx_status ctr_x(const karx_cipher_key *k, uint8_t *iv, uint8_t *o, const uint8_t *i,
                         size_t n)
{
    return karx_ctr_xor(k, iv, o, i, n);
}
static karx_status ofb_x(const karx_cipher_key *k, uint8_t *iv, uint8_t *o, const uint8_t *i,
                         size_t n)
{
    return karx_ofb_xor(k, iv, o, i, n);
}

/* Encrypts pt (fwd) and decrypts ct (inv) under one key and IV; seg is the CFB segment (0: not
 * CFB). */
static karx_status mode_kat(mode_fn fwd, mode_fn inv, size_t seg, const char *key, const char *iv,
                            const char *pt, const char *ct)
{
    buf k = hx(key), v = hx(iv), p = hx(pt), c = hx(ct);
    uint8_t out[MAXB], ivw[16];
    karx_cipher_key ck;
    karx_status st = karx_cipher_set_key(&ck, cipher("lea128"), k.b, k.n);
    if (st == KARX_OK) {
        memcpy(ivw, v.b, 16);
        st = seg ? karx_cfb_encrypt(&ck, seg, ivw, out, p.b, p.n) : fwd(&ck, ivw, out, p.b, p.n);
        st = both(st, karx_i_kat_check(out, ct));
    }
    if (st == KARX_OK) {
        memcpy(ivw, v.b, 16);
        st = seg ? karx_cfb_decrypt(&ck, seg, ivw, out, c.b, c.n)
                 : (inv ? inv : fwd)(&ck, ivw, out, c.b, c.n);
        st = both(st, karx_i_kat_check(out, pt));
    }
    karx_cipher_key_wipe(&ck);
    return st;
}

static karx_status kat_ecb(void)
{
    buf k = hx("07AB6305B025D83F79ADDAA63AC8AD00"), p = hx("F28AE3256AAD23B415E028063B610C60");
    uint8_t out[16];
    karx_cipher_key ck;
    karx_status st = karx_cipher_set_key(&ck, cipher("lea128"), k.b, k.n);
    st = both(st, karx_ecb_encrypt(&ck, out, p.b, p.n));
    st = both(st, karx_i_kat_check(out, "64D908FCB7EBFEF90FD670106DE7C7C5"));
    karx_cipher_key_wipe(&ck);
    return st;
}

static karx_status kat_cbc(void)
{
    return mode_kat(cbc_enc, cbc_dec, 0, "87F1424F1A1483CC1FD0354E18A994AB",
                    "CF584E6EF6D642880AB787427DB9B076", "139D4EFF8D35B76E85BF06FE997163CB",
                    "49B9F3226DA54B4A0D385A9C4870524B");
}

static karx_status kat_ctr(void)
{
    return mode_kat(ctr_x, NULL, 0, "7AD36A75D55F3022094E06F7C897D8BB",
                    "0C5F04E8B512195E74B3DE57E970979E", "087A83FCC113A9F3E0E9D5AF32A2DD3A",
                    "2B73497C4FC9EF38BE7A0BCB1AAB87A4");
}

static karx_status kat_ofb(void)
{
    return mode_kat(ofb_x, NULL, 0, "2298E59E84CD71BC2730AB25EC28308F",
                    "FC4A0E656972847713130AF1C9CB9189", "B13B0CFDEA152FBD6F7677E43F776A6D",
                    "B4BEBF4A200ED5A3C1BAFF02A8E06BD0");
}

static karx_status kat_cfb(void)
{
    return mode_kat(NULL, NULL, 16, "7D42B5CC2860459A787723D6835D9C27",
                    "A01A6CE611F784D5E6D70A0E1DCAA039", "0EE0E902073B49CB3368ED9DC0F00C65",
                    "6CA1FDE1D3DDD196B24C61609C1CD331");
}

static karx_status kat_cfb8(void)
{
    return mode_kat(NULL, NULL, 1, "724F8279123B9307658A109101466A15",
                    "FEF995090770B941B0BF2B120A859BB8", "76", "A3");
}

static karx_status kat_cfb64(void)
{
    return mode_kat(NULL, NULL, 8, "724F8279123B9307658A109101466A15",
                    "FEF995090770B941B0BF2B120A859BB8", "76718FF5B60510FB", "A362D89D20D9D373");
}

static karx_status kat_xts(void)
{
    buf k = hx("8c21ff72edd718d94e139513dc1b63fc9306f6bf9ce506e06db00a059ff27587"),
        t = hx("2f4c28d2ef8f648919e44e079d3d6c19"), p = hx("d1775132f147b038e4b508fb5d607536");
    uint8_t out[16];
    karx_xts_key xk;
    karx_status st = karx_xts_set_key(&xk, cipher("lea128"), k.b, k.n);
    st = both(st, karx_xts_encrypt(&xk, t.b, out, p.b, p.n));
    st = both(st, karx_i_kat_check(out, "43484e27c504ea3b82d9c95ecfdfe34d"));
    karx_xts_key_wipe(&xk);
    return st;
}

/* ---- AEADs and MACs ---- */

static karx_status kat_gcm(void)
{
    buf k = hx("E751C67B90659DFC36371BE88650F332"), iv = hx("73655A4A7E876CF1359ACB4D"),
        a = hx("FA088938"), p = hx("06B748DEAE389F87E441C0B1005D5862"),
        c = hx("D7EE069E7D7F6751D1709C6FCA09FFA0"), t = hx("9C170F4FB5A36699ADCCDA56BACBE6FF");
    uint8_t out[16], tag[16];
    karx_status st = karx_gcm_encrypt(cipher("lea128"), k.b, k.n, iv.b, iv.n, out, tag, 16, p.b,
                                      p.n, a.b, a.n);
    st = both(st, karx_i_kat_check(out, "D7EE069E7D7F6751D1709C6FCA09FFA0"));
    st = both(st, karx_i_kat_check(tag, "9C170F4FB5A36699ADCCDA56BACBE6FF"));
    if (st == KARX_OK)
        st = karx_gcm_decrypt(cipher("lea128"), k.b, k.n, iv.b, iv.n, out, t.b, 16, c.b, c.n, a.b,
                              a.n);
    return both(st, karx_i_kat_check(out, "06B748DEAE389F87E441C0B1005D5862"));
}

static karx_status kat_ccm(void)
{
    buf k = hx("1B58CA285E79E39FF02307142DD01008"), n = hx("691889E630E016D8"),
        a = hx("D2CE0FDF"), p = hx("1F006F2370FDED88E7EB6881F7038829"),
        c = hx("17B98E249AB44B0627D834926D468A72"), t = hx("FE94FDEC356F244004F1807B973B610D");
    uint8_t out[16], tag[16];
    karx_status st = karx_ccm_encrypt(cipher("lea128"), k.b, k.n, n.b, n.n, out, tag, 16, p.b,
                                      p.n, a.b, a.n);
    st = both(st, karx_i_kat_check(out, "17B98E249AB44B0627D834926D468A72"));
    st = both(st, karx_i_kat_check(tag, "FE94FDEC356F244004F1807B973B610D"));
    if (st == KARX_OK)
        st = karx_ccm_decrypt(cipher("lea128"), k.b, k.n, n.b, n.n, out, t.b, 16, c.b, c.n, a.b,
                              a.n);
    return both(st, karx_i_kat_check(out, "1F006F2370FDED88E7EB6881F7038829"));
}

static karx_status kat_cmac(void)
{
    buf k = hx("EFA39E5763067514A41CE6E30AAF2776"), m = hx("938E57BD7CD6B34F");
    uint8_t tag[16];
    karx_status st = karx_cmac(cipher("lea128"), k.b, k.n, tag, 16, m.b, m.n);
    return both(st, karx_i_kat_check(tag, "74044DD59282CC5D22BB561D590E7BCD"));
}

static karx_status kat_gmac(void)
{
    buf k = hx("3ce8c9ca9a1872d9a47404c18fdfa2d4"), iv = hx("00472edaf0e87b3fe80157b1"),
        a = hx("08cd0cb054527154013dc8bc07b33c");
    uint8_t tag[16];
    karx_status st = karx_gmac(cipher("lea128"), k.b, k.n, iv.b, iv.n, tag, 16, a.b, a.n);
    return both(st, karx_i_kat_check(tag, "11edc5d0a2a1707f3461ee9e99d9bdc5"));
}

static const char fox[] = "A quick brown fox jumps over the lazy dog";

static karx_status kat_hmac256(void)
{
    uint8_t tag[32];
    karx_status st = karx_hmac_lsh(KARX_LSH256_256, "key", 3, tag, sizeof tag, fox, sizeof fox - 1);
    return both(st, karx_i_kat_check(
                        tag, "0128D9D5AFBC27D403469FCC02AFA5B5B0CC34C0200AD6E81ED94C8D52419783"));
}

static karx_status kat_hmac512(void)
{
    uint8_t tag[64];
    karx_status st = karx_hmac_lsh(KARX_LSH512_512, "key", 3, tag, sizeof tag, fox, sizeof fox - 1);
    return both(st, karx_i_kat_check(tag, "46FF302B45A4A7A446A65DE34FB77F414CCB17DC3B6D86F66A4ED0E2F6"
                                          "2ADA4BB6177FD7F7624AEB2E380D88F582355E5604949660882362D9"
                                          "5988EBC448FE7F"));
}

/* ---- KDFs ---- */

static karx_status kat_pbkdf2(void)
{
    uint8_t out[40];
    karx_status st = karx_pbkdf2_hmac_lsh(KARX_LSH256_256, "password", 8, "salt", 4, 2, out, 40);
    return both(st, karx_i_kat_check(out, "804A38DB0CFCD1B31806FB47C26D73DDD7429F5A2F15CC236171B6"
                                          "434C2464022FDC43446AF15064"));
}

/* KBKDF in counter mode, the counter before Label. */
static karx_status kbkdf_kat(int prf, unsigned counter_bits, unsigned l_bytes, const char *ki,
                             const char *label, const char *context, size_t len, const char *ko)
{
    buf k = hx(ki), l = hx(label), c = hx(context);
    karx_kbkdf_params p = {KARX_KBKDF_COUNTER, prf, counter_bits, l_bytes, l.b, l.n, c.b, c.n,
                           NULL, 0};
    uint8_t out[MAXB];
    karx_status st = karx_kbkdf(&p, k.b, k.n, out, len);
    st = both(st, karx_i_kat_check(out, ko));
    karx_memzero(out, sizeof out);
    return st;
}


/* TTAK.KO-12.0272 appendix I (published): CMAC over LEA-128, ARIA-128, HIGHT. */
static karx_status kat_kbkdf_cmac(void)
{
    return kbkdf_kat(mac("cmac-lea128"), 8, 0, "67214e1567a57e91b5b6086a94681964",
                     "af76ea779b393da394677000b6e21ff28bb723ba134ed07e5157e030463a0e1a2b15235789"
                     "90152707bc22127a530193e22ed44094b12c3f0b6826ba",
                     "89a41feaa9390b92d7aa0de5346ceb50c3bba013d3e9df0b56a3e65023f3a82d78ae12b3f6"
                     "8dbbf0eb5bdd136c9dda4ac6a26987c1364c36aa439da7",
                     64,
                     "cf066e7f854c4f6e4552eaf3a09860699ca954bd55e27084094162935a5af4740637297063"
                     "153d34f4157ac516f7b3a1771f40b585ef8da8f5fe85ee6216438d");
}

static karx_status kat_kbkdf_cmac_aria(void)
{
    return kbkdf_kat(mac("cmac-aria128"), 8, 0, "fa0317cb4ec773e1b5bb021b6dd892f7",
                     "43231f09aa4d88b6233d6717132c6a273f0032b81f0a07194ec652c02736bf7e163b05f3b5"
                     "dc9fa29aedec2186224fca9500f3872b0752a97cdcf052",
                     "31b212c8928abc3c455ea68c5ace97a82c92aed394333a74463e888460df2b410d9a361764"
                     "f261d6582c337eb6bd3941102d8b7d9d582f4a57243399",
                     64,
                     "bd6b11cd9c272b32e1febce4e7caac3ebd7fed3ae53a77ac7f4a097656357d484a2fa490e6"
                     "7d49557256cac9ff9b9b60f7d544985f053a9ba2dc5b187cb142f7");
}

static karx_status kat_kbkdf_cmac_hight(void)
{
    return kbkdf_kat(mac("cmac-hight"), 8, 0, "bb0e90646aad5ba088fda90a52b2d304",
                     "6e4236aeea446820ed0284b0addce602595aa4b1fcd13e3983af76ca7b4ac275ce5f1e9680"
                     "258c3a96628c936421c134c1c38adeb80f75da8023ba01",
                     "496b7b4717b02012bdc242cf5e487eff3e68b4f1e53913e22d203cad0b73de596a629a8779"
                     "d5b9be060d929c87e1236610beb2ce2463521b95f2f75e",
                     64,
                     "36f977f7c8619c7d7dc5a9f8ce35d1ac945d12b6d9931f4566972f6d5395304bc5cf6d9841"
                     "e9380c71fce4708ae5200aeee1f125ea6106ed69e21b80f902116d");
}

/* model_kbkdf.txt (the project's model): HMAC over the LSH variants the KISA HMAC vectors do not
 * reach. */
static karx_status kat_kbkdf_hmac(void)
{
    return kbkdf_kat(mac("hmac-lsh256-256"), 8, 0,
                     "baf55199a0192875b6d31b7eb1fb4bef03e1baa9ea6ddb72014e8132d28a93c477385e3644"
                     "274280555cff555ba75f9e26cc7b70793baf5a0d92cc4000483d4a12a077917fa5825443a4"
                     "ce124441205fa248666c65c42e68b77d51757c8dc0422ed7a89a289823e7fac89b24d077ad"
                     "b8b6b9d4a76495219b4f394d76f4a4aa84ec",
                     "", "", 33, "eb9c1a171bacffad59a7a9cf1a982fcea8726f19d2bce710c06b7cb7278926e655");
}

static karx_status kat_kbkdf_hmac_256_224(void)
{
    return kbkdf_kat(mac("hmac-lsh256-224"), 32, 4, "5aeb5301c2d1755ecc4d9a615ce89ca8",
                     "17a9626797d2fe5f66cf67a2b48cf6", "4eb6bb1362d4d30249d6113331cc0af8ec", 40,
                     "5ba59c2b15867c5957d3a3ba481ec07c5b2a0620568a7d486ec0fe242f48ceb9d62dc67e04"
                     "f56386");
}

static karx_status kat_kbkdf_hmac_512_224(void)
{
    return kbkdf_kat(mac("hmac-lsh512-224"), 32, 4, "f8e0ab66288c619116639c295369ae35", "", "", 59,
                     "be9f6196e731e63bba3a80a1494a9231c4aea9bed876c7725f94ddd544d40a785fbaaeed93"
                     "24071699c4b9b40b5b1d70bd510d99d56d8cd9a0e60a");
}

static karx_status kat_kbkdf_hmac_512_256(void)
{
    return kbkdf_kat(mac("hmac-lsh512-256"), 8, 0, "",
                     "f8ba91f2962cbe7df514b9c39c6c53ae740c5cc8d940f99fb7c3d57520e8c98e",
                     "3ee604b461d978601ade2baa31cc85", 33,
                     "0607054f63ff08942c904567d7599c7c42645d8b2de4688348f48923c09200d1c9");
}

static karx_status kat_kbkdf_hmac_512_384(void)
{
    return kbkdf_kat(mac("hmac-lsh512-384"), 16, 0, "97ef8b8d620e7a6fb3546492df40b39a",
                     "76c34c17f6e6387ca7bd4f8aa92ed5ddc1e4a1",
                     "9a7c6e79e632a5bdea2f6d8b78099c8968b6a30b731f1a0b6a09e2", 7, "ef2f743e6e99e9");
}

/* ---- DRBGs: instantiate, generate twice, the second output is the answer ---- */

/* TTAK.KO-12.0189/R2 appendix B.2 (published): use DF, no PR, no personalization or additional
 * input, no reseed (RI = 2); instantiate, generate twice, the second output is the answer. */
static karx_status ctr_drbg_kat(karx_cipher_alg alg, const char *entropy, const char *nonce,
                                size_t len, const char *out2)
{
    buf e = hx(entropy), n = hx(nonce);
    uint8_t out[32];
    karx_ctr_drbg d;
    karx_status st =
        karx_ctr_drbg_instantiate(&d, alg, KARX_DRBG_USE_DF, e.b, e.n, n.b, n.n, NULL, 0);
    st = both(st, karx_ctr_drbg_generate(&d, out, len, NULL, 0));
    st = both(st, karx_ctr_drbg_generate(&d, out, len, NULL, 0));
    karx_ctr_drbg_uninstantiate(&d);
    return both(st, karx_i_kat_check(out, out2));
}

#define TTAK_E128 "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F"

static karx_status kat_ctr_drbg(void)
{
    return ctr_drbg_kat(cipher("lea128"), TTAK_E128, "2021222324252627", 32,
                        "6B30166F3B387027B219E4E29A25CDC4B56E8E709C451F5A7713F8F94FB6A314");
}

static karx_status kat_ctr_drbg_aria(void)
{
    return ctr_drbg_kat(cipher("aria128"), TTAK_E128, "2021222324252627", 32,
                        "912957E7B63532A316422276958C3AD2FAC09854AC2D924A1368523D8B8CB750");
}

static karx_status kat_ctr_drbg_hight(void)
{
    return ctr_drbg_kat(cipher("hight"), "000102030405060708090A0B0C0D0E0F1011121314151617",
                        "2021222324252627", 16, "13020B8A5563635BE4D129137988AD2E");
}

static karx_status kat_hash_drbg(void)
{
    buf e = hx("4381201f4ccb4dd722074cec8fc012f427672a8fb60fbc8a1c473c92500b0753"),
        n = hx("7df51eb9267dd901aebcd16d5ae56698");
    uint8_t out[128];
    karx_hash_drbg d;
    karx_status st =
        karx_hash_drbg_instantiate(&d, KARX_LSH256_256, 0, e.b, e.n, n.b, n.n, NULL, 0);
    st = both(st, karx_hash_drbg_generate(&d, out, sizeof out, NULL, 0));
    st = both(st, karx_hash_drbg_generate(&d, out, sizeof out, NULL, 0));
    karx_hash_drbg_uninstantiate(&d);
    return both(st, karx_i_kat_check(
                        out, "64c200c70049d8ceaa7a3a38f340b0e27b65ce9f8c04558e289e5ab9cbbfabcc3b"
                             "30aa13c80937bf5a78f8ccac93ed8f922bfbeb5f70c3baa294381471a28efed832"
                             "0b7c017ef4bd7ae601c0d23139ce6373b22a7f263ae451bd8c02b807d0f1ffd9da"
                             "261ecde3b6ed483526ed189870b52df8ab81f291d3795154d3e37b78be"));
}

static karx_status kat_hmac_drbg(void)
{
    buf e = hx("737a500ee63e98098b12aaacf71f7c75dba3f74cf4811539f368412d77ea6e6d"),
        n = hx("bb811df746949a8db77332d0ca67652f");
    uint8_t out[128];
    karx_hmac_drbg d;
    karx_status st =
        karx_hmac_drbg_instantiate(&d, KARX_LSH256_256, 0, e.b, e.n, n.b, n.n, NULL, 0);
    st = both(st, karx_hmac_drbg_generate(&d, out, sizeof out, NULL, 0));
    st = both(st, karx_hmac_drbg_generate(&d, out, sizeof out, NULL, 0));
    karx_hmac_drbg_uninstantiate(&d);
    return both(st, karx_i_kat_check(
                        out, "3b586f48482d1034a67b549c1c5e043df0f17d05a6d638abb9cf135e3350257"
                             "28cb9f6bf1cb7d51c2e600753ef5df6dbffa18ad1e22bb09d6a945d4218910cc2"
                             "e074571bceaa2a5b6b683e93bd4e774844fe43fabbc689ec01808d480cd7e313f"
                             "9e3754c768b9825a02e23d5537e5adab4c1adf06969da64837e52127cf8fa5a"));
}

const karx_i_kat karx_i_kats[] = {
    {"ecb-lea128", "lea128", kat_ecb},
    {"cbc-lea128", "lea128", kat_cbc},
    {"ctr-lea128", "lea128", kat_ctr},
    {"cfb-lea128", "lea128", kat_cfb},
    {"cfb8-lea128", "lea128", kat_cfb8},
    {"cfb64-lea128", "lea128", kat_cfb64},
    {"ofb-lea128", "lea128", kat_ofb},
    {"xts-lea128", "lea128", kat_xts},
    {"gcm-lea128", "lea128", kat_gcm},
    {"ccm-lea128", "lea128", kat_ccm},
    {"cmac-lea128", "lea128", kat_cmac},
    {"gmac-lea128", "lea128", kat_gmac},
    {"hmac-lsh256-256", "lsh256-256", kat_hmac256},
    {"hmac-lsh512-512", "lsh512-512", kat_hmac512},
    {"pbkdf2-hmac-lsh256-256", "lsh256-256", kat_pbkdf2},
    {"kbkdf-cmac-lea128", "lea128", kat_kbkdf_cmac},
    {"kbkdf-cmac-aria128", "aria128", kat_kbkdf_cmac_aria},
    {"kbkdf-cmac-hight", "hight", kat_kbkdf_cmac_hight},
    {"kbkdf-hmac-lsh256-224", "lsh256-224", kat_kbkdf_hmac_256_224},
    {"kbkdf-hmac-lsh256-256", "lsh256-256", kat_kbkdf_hmac},
    {"kbkdf-hmac-lsh512-224", "lsh512-224", kat_kbkdf_hmac_512_224},
    {"kbkdf-hmac-lsh512-256", "lsh512-256", kat_kbkdf_hmac_512_256},
    {"kbkdf-hmac-lsh512-384", "lsh512-384", kat_kbkdf_hmac_512_384},
    {"ctr-drbg-lea128", "lea128", kat_ctr_drbg},
    {"ctr-drbg-aria128", "aria128", kat_ctr_drbg_aria},
    {"ctr-drbg-hight", "hight", kat_ctr_drbg_hight},
    {"hash-drbg-lsh256-256", "lsh256-256", kat_hash_drbg},
    {"hmac-drbg-lsh256-256", "lsh256-256", kat_hmac_drbg},
};
const size_t karx_i_kat_count = sizeof karx_i_kats / sizeof karx_i_kats[0];
