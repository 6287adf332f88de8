// Hash_DRBG and HMAC_DRBG over LSH: karx against Crypto++ 8.7's Hash_DRBG<> / HMAC_DRBG<>
// templates (cryptopp/drbg.h), an independent implementation of SP 800-90A over Crypto++'s own
// LSH (cryptopp/lsh.h). Built and registered only where CMake finds Crypto++.
//
// What is compared: for every LSH variant Crypto++ has (LSH-224 = LSH-256-224, LSH-256 =
// LSH-256-256, LSH-384 = LSH-512-384, LSH-512 = LSH-512-512, LSH-512-256) plus LSH-512-224 (a
// subclass of Crypto++'s LSH512_Base with the algorithm type 0x001001C, first checked against
// karx's digest), both DRBGs, CASES random cases each (seeded, KARX_TEST_SEED repeats a run):
// instantiate with random-length entropy (>= the strength), nonce (>= half of it) and
// personalization (often empty), then four random steps, each one of
//   - generate(add)       <-> GenerateBlock(add, out)            (add often empty)
//   - reseed(e, add)      <-> IncorporateEntropy(e, add)         (SP 800-90A reseed)
//   - generate_pr(e, add) <-> IncorporateEntropy(e, add) then GenerateBlock(out)
//                             (SP 800-90A 9.3.1: a PR request reseeds with the additional input
//                             and then generates with none)
// with output lengths 0 .. 3 digests + 17 bytes (now and then up to 4 KiB, past Hashgen's SIMD
// batch); every output must be equal. Crypto++'s semantics checked in its drbg.h: Hash_df is
// Hash(counter || no_of_bits || input) with a one-byte counter from 1; Hash_DRBG generate adds
// Hash(0x02 || V || add) when add is non-empty, Hashgen over V, V+1, ..., then
// V += Hash(0x03 || V) + C + reseed_counter; HMAC_DRBG's Update runs its second round only for
// non-empty provided data and generate ends with Update(add); both reseed as 10.1.1.3 / 10.1.2.4.
// Crypto++ takes seedlen as a template argument: 440 bits for digests up to 256 bits, 888 above
// (karx_hash_drbg_seed_bytes, checked here too).
#include <cryptopp/drbg.h>
#include <cryptopp/config_ver.h>
#include <cryptopp/lsh.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "karx/drbg.h"
#include "karx/lsh.h"
#include "test_util.h"

namespace {

const int CASES = 40;

// LSH-512-224, which Crypto++ 8.7 implements (its LSH-512 code takes the variant's type) but
// does not name.
class LSH512_224 : public CryptoPP::LSH512_Base {
public:
    CRYPTOPP_CONSTANT(DIGESTSIZE = 28);
    LSH512_224() : LSH512_Base(0x001001C, DIGESTSIZE) { Restart(); }
    static std::string StaticAlgorithmName() { return "LSH-512-224"; }
    std::string AlgorithmName() const { return StaticAlgorithmName(); }
};

typedef std::vector<uint8_t> bytes;

bytes rnd_bytes(size_t lo, size_t hi)
{
    size_t n = lo + (size_t)(t_rand64() % (hi - lo + 1));
    bytes b(n);
    t_fill(b.data(), n);
    return b;
}

// Random length that is often zero.
bytes maybe_empty(size_t hi)
{
    return t_rand64() % 3 == 0 ? bytes() : rnd_bytes(1, hi);
}

const uint8_t *ptr(const bytes &b)
{
    return b.empty() ? nullptr : b.data();
}

// The two DRBGs behind one karx interface.
struct KarxSide {
    bool hmac;
    karx_hash_drbg h;
    karx_hmac_drbg m;
    explicit KarxSide(bool is_hmac) : hmac(is_hmac), h(), m() {}
    karx_status inst(karx_lsh_alg alg, const bytes &e, const bytes &n, const bytes &p)
    {
        return hmac ? karx_hmac_drbg_instantiate(&m, alg, 0, ptr(e), e.size(), ptr(n), n.size(),
                                                 ptr(p), p.size())
                    : karx_hash_drbg_instantiate(&h, alg, 0, ptr(e), e.size(), ptr(n), n.size(),
                                                 ptr(p), p.size());
    }
    karx_status reseed(const bytes &e, const bytes &a)
    {
        return hmac ? karx_hmac_drbg_reseed(&m, ptr(e), e.size(), ptr(a), a.size())
                    : karx_hash_drbg_reseed(&h, ptr(e), e.size(), ptr(a), a.size());
    }
    karx_status gen(uint8_t *out, size_t n, const bytes &a)
    {
        return hmac ? karx_hmac_drbg_generate(&m, out, n, ptr(a), a.size())
                    : karx_hash_drbg_generate(&h, out, n, ptr(a), a.size());
    }
    karx_status gen_pr(uint8_t *out, size_t n, const bytes &e, const bytes &a)
    {
        return hmac ? karx_hmac_drbg_generate_pr(&m, out, n, ptr(e), e.size(), ptr(a), a.size())
                    : karx_hash_drbg_generate_pr(&h, out, n, ptr(e), e.size(), ptr(a), a.size());
    }
    ~KarxSide()
    {
        karx_hash_drbg_uninstantiate(&h);
        karx_hmac_drbg_uninstantiate(&m);
    }
};

template <class DRBG>
void one_case(karx_lsh_alg alg, bool hmac, const char *name, int idx)
{
    size_t strength = karx_lsh_drbg_strength_bytes(alg), dl = karx_lsh_digest_bytes(alg);
    bytes e = rnd_bytes(strength, strength + 40), n = rnd_bytes(strength / 2, strength + 8);
    bytes p = maybe_empty(80);
    KarxSide k(hmac);
    DRBG c(e.data(), e.size(), ptr(n), n.size(), ptr(p), p.size());
    CHECK(k.inst(alg, e, n, p) == KARX_OK, "%s case %d instantiate", name, idx);
    for (int step = 0; step < 4; step++) {
        int op = (int)(t_rand64() % 3);
        bytes a = maybe_empty(100), re;
        size_t len = t_rand64() % 8 == 0 ? (size_t)(t_rand64() % 4097)
                                          : (size_t)(t_rand64() % (3 * dl + 18));
        bytes want(len + 1), got(len + 1);
        if (op == 1) {
            re = rnd_bytes(strength, strength + 40);
            c.IncorporateEntropy(re.data(), re.size(), ptr(a), a.size());
            CHECK(k.reseed(re, a) == KARX_OK, "%s case %d reseed", name, idx);
            continue;
        }
        if (op == 0) {
            c.GenerateBlock(ptr(a), a.size(), want.data(), len);
            CHECK(k.gen(got.data(), len, a) == KARX_OK, "%s case %d generate", name, idx);
        } else {
            re = rnd_bytes(strength, strength + 40);
            c.IncorporateEntropy(re.data(), re.size(), ptr(a), a.size());
            c.GenerateBlock(want.data(), len);
            CHECK(k.gen_pr(got.data(), len, re, a) == KARX_OK, "%s case %d generate_pr", name, idx);
        }
        CHECK(std::memcmp(want.data(), got.data(), len) == 0,
              "%s case %d step %d (op %d, %zu bytes, add %zu): karx != Crypto++", name, idx, step,
              op, len, a.size());
    }
}

template <class HASH, unsigned STRENGTH, unsigned SEEDLEN>
void run_alg(karx_lsh_alg alg, const char *name)
{
    // The variant and the template arguments are the ones karx uses.
    uint8_t kd[64], cd[64];
    const char msg[] = "karx vs Crypto++";
    HASH h;
    h.CalculateDigest(cd, (const CryptoPP::byte *)msg, sizeof msg - 1);
    karx_lsh(alg, kd, sizeof kd, msg, sizeof msg - 1);
    CHECK(HASH::DIGESTSIZE == karx_lsh_digest_bytes(alg) &&
              std::memcmp(kd, cd, HASH::DIGESTSIZE) == 0,
          "%s: Crypto++'s hash is not karx's", name);
    CHECK(STRENGTH == karx_lsh_drbg_strength_bytes(alg), "%s strength", name);
    CHECK(SEEDLEN == karx_hash_drbg_seed_bytes(alg), "%s seedlen", name);
    for (int i = 0; i < CASES; i++) {
        one_case<CryptoPP::Hash_DRBG<HASH, STRENGTH, SEEDLEN> >(alg, false, name, i);
        one_case<CryptoPP::HMAC_DRBG<HASH, STRENGTH, SEEDLEN> >(alg, true, name, i);
    }
    std::printf("%s: %d Hash_DRBG + %d HMAC_DRBG cases compared\n", name, CASES, CASES);
}

// ---- --emit: known answers for tests/kat/cryptopp_lsh_drbg.txt ----
// The KCMVP procedure of `karx drbg` (instantiate, then two generate calls, both outputs kept),
// computed by Crypto++ alone, in four modes: plain; reseed (TTAK.KO-12.0189 B.2 with RI = 1:
// reseed(E, add2) before the second call, which has no additional input); reseed-add (CAVP:
// reseed(E, AdditionalInputReseed) after instantiate); pr (each call reseeds with its own
// EntropyInputPR and its additional input, then generates with none).

void put(const char *key, const bytes &b)
{
    std::printf("%s = ", key);
    for (uint8_t x : b) std::printf("%02x", x);
    std::printf("\n");
}

template <class DRBG>
void emit_one(const char *name, size_t dl, size_t strength, const char *mode, bool full)
{
    bytes e = rnd_bytes(strength, strength), n = rnd_bytes(strength / 2, strength / 2);
    bytes p = full ? rnd_bytes(strength, strength) : bytes();
    bytes a1 = full ? rnd_bytes(strength, strength) : bytes(), a2 = full ? rnd_bytes(strength, strength) : bytes();
    bytes re = rnd_bytes(strength, strength), ra = full ? rnd_bytes(strength, strength) : bytes();
    bytes pr1 = rnd_bytes(strength, strength), pr2 = rnd_bytes(strength, strength);
    size_t len = full ? 2 * dl + 3 : 4 * dl;
    bytes o1(len), o2(len);
    DRBG c(e.data(), e.size(), n.data(), n.size(), ptr(p), p.size());
    std::string m = mode;
    if (m == "reseed-add") c.IncorporateEntropy(re.data(), re.size(), ptr(ra), ra.size());
    if (m == "pr") c.IncorporateEntropy(pr1.data(), pr1.size(), ptr(a1), a1.size());
    if (m == "pr") c.GenerateBlock(o1.data(), len); else c.GenerateBlock(ptr(a1), a1.size(), o1.data(), len);
    if (m == "reseed" || m == "pr") {
        c.IncorporateEntropy(m == "pr" ? pr2.data() : re.data(), re.size(), ptr(a2), a2.size());
        c.GenerateBlock(o2.data(), len);
    } else {
        c.GenerateBlock(ptr(a2), a2.size(), o2.data(), len);
    }
    std::printf("\n[%s]\nMode = %s\n", name, mode);
    put("EntropyInput", e);
    put("Nonce", n);
    put("PersonalizationString", p);
    if (m == "reseed" || m == "reseed-add") put("EntropyInputReseed", re);
    if (m == "reseed-add") put("AdditionalInputReseed", ra);
    if (m == "pr") put("EntropyInputPR1", pr1);
    if (m == "pr") put("EntropyInputPR2", pr2);
    put("AdditionalInput1", a1);
    put("AdditionalInput2", a2);
    put("ReturnedBits1", o1);
    put("ReturnedBits2", o2);
}

template <class HASH, unsigned STRENGTH, unsigned SEEDLEN>
void emit_alg(const char *lsh)
{
    static const char *const modes[] = {"plain", "reseed", "reseed-add", "pr"};
    std::string hn = std::string("hash-") + lsh, mn = std::string("hmac-") + lsh;
    for (const char *mode : modes)
        for (int full = 0; full < 2; full++) {
            emit_one<CryptoPP::Hash_DRBG<HASH, STRENGTH, SEEDLEN> >(hn.c_str(), HASH::DIGESTSIZE,
                                                                    STRENGTH, mode, full != 0);
            emit_one<CryptoPP::HMAC_DRBG<HASH, STRENGTH, SEEDLEN> >(mn.c_str(), HASH::DIGESTSIZE,
                                                                    STRENGTH, mode, full != 0);
        }
}

int emit()
{
    std::printf("# Hash_DRBG and HMAC_DRBG over LSH: known answers computed by Crypto++ %d.%d.%d's\n"
                "# Hash_DRBG<HASH, strength, seedlen> and HMAC_DRBG<HASH, ...> (cryptopp/drbg.h), not by\n"
                "# karx: `test_drbg_cryptopp --emit` (tests/test_drbg_cryptopp.cpp), seed 0x%llx.\n"
                "# seedlen 55 bytes (digest <= 256 bits) or 111; strength 24 bytes (224-bit digest) or 32.\n"
                "# LSH-512-224 is Crypto++'s LSH512_Base with type 0x001001C (Crypto++ has no name for it).\n"
                "# Not official KCMVP vectors (none are public for LSH DRBGs). Procedure of `karx drbg`:\n"
                "# instantiate, two generate calls of the ReturnedBits length; Mode plain | reseed (reseed\n"
                "# with AdditionalInput2 before call 2, which then has none) | reseed-add (reseed after\n"
                "# instantiate) | pr (call k reseeds with EntropyInputPRk and AdditionalInputk, then\n"
                "# generates with none).\n",
                CRYPTOPP_MAJOR, CRYPTOPP_MINOR, CRYPTOPP_REVISION, (unsigned long long)t_rng_state);
    emit_alg<CryptoPP::LSH224, 24, 55>("lsh256-224");
    emit_alg<CryptoPP::LSH256, 32, 55>("lsh256-256");
    emit_alg<LSH512_224, 24, 55>("lsh512-224");
    emit_alg<CryptoPP::LSH512_256, 32, 55>("lsh512-256");
    emit_alg<CryptoPP::LSH384, 32, 111>("lsh512-384");
    emit_alg<CryptoPP::LSH512, 32, 111>("lsh512-512");
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1 && std::strcmp(argv[1], "--emit") == 0)
        return emit();
    t_seed_from_env();
    run_alg<CryptoPP::LSH224, 24, 55>(KARX_LSH256_224, "LSH-256-224");
    run_alg<CryptoPP::LSH256, 32, 55>(KARX_LSH256_256, "LSH-256-256");
    run_alg<LSH512_224, 24, 55>(KARX_LSH512_224, "LSH-512-224");
    run_alg<CryptoPP::LSH512_256, 32, 55>(KARX_LSH512_256, "LSH-512-256");
    run_alg<CryptoPP::LSH384, 32, 111>(KARX_LSH512_384, "LSH-512-384");
    run_alg<CryptoPP::LSH512, 32, 111>(KARX_LSH512_512, "LSH-512-512");
    return t_finish("test_drbg_cryptopp");
}
