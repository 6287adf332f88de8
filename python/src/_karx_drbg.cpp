// karx._karx: CTR_DRBG objects (karx.CtrDrbg), Hash_DRBG and HMAC_DRBG over LSH (karx.HashDrbg,
// karx.HmacDrbg, one class body over karx_drbg) and token_bytes.
#include <unistd.h>

#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

const char DEFAULT_CIPHER[] = "lea256"; // CtrDrbg() without a cipher
const char TOKEN_CIPHER[] = "lea256";   // token_bytes' generator
const char DEFAULT_HASH[] = "lsh256-256"; // HashDrbg() / HmacDrbg() without a hash

// Input lengths the library would refuse with a bare DataLength; these say expected and given.
void entropy_ok(karx_cipher_alg alg, bool df, size_t n)
{
    size_t seed = karx_ctr_drbg_seed_bytes(alg), strength = karx_ctr_drbg_strength_bytes(alg);
    if (df && n < strength)
        raise_status(KARX_ERR_DATA_LENGTH, "entropy must be at least " + std::to_string(strength) +
                                               " bytes with the derivation function, got " +
                                               std::to_string(n));
    if (!df && n != seed)
        raise_status(KARX_ERR_DATA_LENGTH, "entropy must be exactly " + std::to_string(seed) +
                                               " bytes without the derivation function, got " +
                                               std::to_string(n));
}

void nonce_ok(karx_cipher_alg alg, size_t n)
{
    size_t want = (karx_ctr_drbg_strength_bytes(alg) + 1) / 2;
    if (n < want)
        raise_status(KARX_ERR_DATA_LENGTH, "nonce must be at least " + std::to_string(want) +
                                               " bytes with the derivation function, got " +
                                               std::to_string(n));
}

// Personalization and additional input: at most seedlen bytes without the derivation function.
void input_ok(karx_cipher_alg alg, bool df, size_t n, const char *what)
{
    size_t seed = karx_ctr_drbg_seed_bytes(alg);
    if (!df && n > seed)
        raise_status(KARX_ERR_DATA_LENGTH, std::string(what) + " must be at most " +
                                               std::to_string(seed) +
                                               " bytes without the derivation function, got " +
                                               std::to_string(n));
}

struct Drbg {
    karx_ctr_drbg d;
    Lock lock;
    karx_cipher_alg alg;
    bool os_seeded;
    bool pr;

    Drbg(const std::string &cipher, nb::handle entropy, nb::handle nonce, nb::handle pers,
         bool df, bool prediction_resistance, nb::handle reseed_interval)
    {
        std::memset(&d, 0, sizeof d);
        alg = cipher_alg(cipher);
        pr = prediction_resistance;
        OptBuf e(entropy, "entropy"), nn(nonce, "nonce"), ps(pers, "personalization");
        os_seeded = !e.present;
        unsigned flags = (df ? KARX_DRBG_USE_DF : 0u) | (pr ? KARX_DRBG_PR : 0u);
        karx_status st;
        if (os_seeded) {
            if (nn.present)
                raise_status(KARX_ERR_ARGUMENT, "nonce= is only used with explicit entropy=");
            st = karx_ctr_drbg_instantiate_os(&d, alg, flags, ps.p, ps.n);
        } else {
            entropy_ok(alg, df, e.n);
            if (df)
                nonce_ok(alg, nn.n);
            input_ok(alg, df, ps.n, "personalization");
            st = karx_ctr_drbg_instantiate(&d, alg, flags, e.p, e.n, nn.p, nn.n, ps.p, ps.n);
        }
        check(st, "CtrDrbg");
        if (!reseed_interval.is_none())
            set_reseed_interval(nb::cast<unsigned long long>(reseed_interval));
    }
    Drbg(const Drbg &) = delete;
    ~Drbg() { karx_ctr_drbg_uninstantiate(&d); }

    bool uses_df() const { return (d.flags & KARX_DRBG_USE_DF) != 0; }

    nb::bytes generate(long long n, nb::handle additional, nb::handle entropy)
    {
        if (n < 0)
            raise_status(KARX_ERR_ARGUMENT, "n must be non-negative, got " + std::to_string(n));
        OptBuf a(additional, "additional_input"), e(entropy, "entropy");
        input_ok(alg, uses_df(), a.n, "additional_input");
        size_t len = static_cast<size_t>(n);
        bool explicit_call = e.present || !os_seeded;
        if (explicit_call && len > KARX_CTR_DRBG_MAX_REQUEST_BYTES)
            raise_status(KARX_ERR_DATA_LENGTH,
                         "at most " + std::to_string(KARX_CTR_DRBG_MAX_REQUEST_BYTES) +
                             " bytes per request with explicit entropy, got " + std::to_string(len));
        if (!e.present && !os_seeded && pr)
            raise_status(KARX_ERR_ARGUMENT,
                         "prediction resistance needs entropy= on every generate() of a "
                         "generator seeded with explicit entropy");
        if (e.present)
            entropy_ok(alg, uses_df(), e.n);
        OutBytes out(len);
        karx_status st = KARX_OK;
        locked(lock, len > 65536 ? len : 0, [&] {
            if (e.present)
                st = karx_ctr_drbg_generate_pr(&d, out.data(), len, e.p, e.n, a.p, a.n);
            else if (os_seeded)
                st = karx_ctr_drbg_generate_os(&d, out.data(), len, a.p, a.n);
            else
                st = karx_ctr_drbg_generate(&d, out.data(), len, a.p, a.n);
        });
        if (st == KARX_ERR_RESEED_REQUIRED)
            raise_status(st, "reseed required (the reseed interval is used up, or the process "
                             "has forked since the last seeding): call reseed() first");
        check(st, "generate");
        return out.finish(len);
    }

    void reseed(nb::handle entropy, nb::handle additional)
    {
        OptBuf e(entropy, "entropy"), a(additional, "additional_input");
        input_ok(alg, uses_df(), a.n, "additional_input");
        if (e.present)
            entropy_ok(alg, uses_df(), e.n);
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = e.present ? karx_ctr_drbg_reseed(&d, e.p, e.n, a.p, a.n)
                           : karx_ctr_drbg_reseed_os(&d, a.p, a.n);
        }
        check(st, "reseed");
    }

    void set_reseed_interval(unsigned long long v)
    {
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = karx_ctr_drbg_set_reseed_interval(&d, v);
        }
        if (st == KARX_ERR_ARGUMENT)
            raise_status(st, "reseed_interval must be 1 to 2**48, got " + std::to_string(v));
        check(st, "reseed_interval");
    }
};

// ---- Hash_DRBG / HMAC_DRBG: one class body over karx_drbg (drbg.h), TYPE picks the DRBG ----

// The LSH variant of a Hash/HMAC DRBG: a hash name ("lsh256-256", "LSH-512-512") or the DRBG's
// own name ("hash-lsh256-256" for HashDrbg, "hmac-lsh256-256" for HmacDrbg).
karx_lsh_alg lsh_drbg_alg(karx_drbg_type type, const std::string &name)
{
    karx_alg_info info;
    karx_drbg_type t;
    int alg;
    if (lookup(KARX_KIND_HASH, name, &info))
        return hash_id(info);
    if (std::strlen(name.c_str()) == name.size() &&
        karx_drbg_from_name(name.c_str(), &t, &alg) == KARX_OK && t == type)
        return static_cast<karx_lsh_alg>(alg);
    return lsh_alg(name); // raises UnknownAlgorithm, listing the hash names
}

void lsh_entropy_ok(karx_lsh_alg alg, size_t n)
{
    size_t want = karx_lsh_drbg_strength_bytes(alg);
    if (n < want)
        raise_status(KARX_ERR_DATA_LENGTH, "entropy must be at least " + std::to_string(want) +
                                               " bytes (the security strength), got " +
                                               std::to_string(n));
}

template <karx_drbg_type TYPE> struct LshDrbg {
    karx_drbg d;
    Lock lock;
    karx_lsh_alg alg;
    bool os_seeded;
    bool pr;

    LshDrbg(const std::string &hash, nb::handle entropy, nb::handle nonce, nb::handle pers,
            bool prediction_resistance, nb::handle reseed_interval)
    {
        std::memset(&d, 0, sizeof d);
        alg = lsh_drbg_alg(TYPE, hash);
        pr = prediction_resistance;
        OptBuf e(entropy, "entropy"), nn(nonce, "nonce"), ps(pers, "personalization");
        os_seeded = !e.present;
        unsigned flags = pr ? KARX_DRBG_PR : 0u;
        karx_status st;
        if (os_seeded) {
            if (nn.present)
                raise_status(KARX_ERR_ARGUMENT, "nonce= is only used with explicit entropy=");
            st = karx_drbg_instantiate_os(&d, TYPE, alg, flags, ps.p, ps.n);
        } else {
            lsh_entropy_ok(alg, e.n);
            size_t want = karx_lsh_drbg_strength_bytes(alg) / 2;
            if (nn.n < want)
                raise_status(KARX_ERR_DATA_LENGTH, "nonce must be at least " +
                                                       std::to_string(want) + " bytes, got " +
                                                       std::to_string(nn.n));
            st = karx_drbg_instantiate(&d, TYPE, alg, flags, e.p, e.n, nn.p, nn.n, ps.p, ps.n);
        }
        check(st, TYPE == KARX_DRBG_HASH ? "HashDrbg" : "HmacDrbg");
        if (!reseed_interval.is_none())
            set_reseed_interval(nb::cast<unsigned long long>(reseed_interval));
    }
    LshDrbg(const LshDrbg &) = delete;
    ~LshDrbg() { karx_drbg_uninstantiate(&d); }

    nb::bytes generate(long long n, nb::handle additional, nb::handle entropy)
    {
        if (n < 0)
            raise_status(KARX_ERR_ARGUMENT, "n must be non-negative, got " + std::to_string(n));
        OptBuf a(additional, "additional_input"), e(entropy, "entropy");
        size_t len = static_cast<size_t>(n);
        if ((e.present || !os_seeded) && len > KARX_LSH_DRBG_MAX_REQUEST_BYTES)
            raise_status(KARX_ERR_DATA_LENGTH,
                         "at most " + std::to_string(KARX_LSH_DRBG_MAX_REQUEST_BYTES) +
                             " bytes per request with explicit entropy, got " + std::to_string(len));
        if (!e.present && !os_seeded && pr)
            raise_status(KARX_ERR_ARGUMENT,
                         "prediction resistance needs entropy= on every generate() of a "
                         "generator seeded with explicit entropy");
        if (e.present)
            lsh_entropy_ok(alg, e.n);
        OutBytes out(len);
        karx_status st = KARX_OK;
        locked(lock, len > 65536 ? len : 0, [&] {
            if (e.present)
                st = karx_drbg_generate_pr(&d, out.data(), len, e.p, e.n, a.p, a.n);
            else if (os_seeded)
                st = karx_drbg_generate_os(&d, out.data(), len, a.p, a.n);
            else
                st = karx_drbg_generate(&d, out.data(), len, a.p, a.n);
        });
        if (st == KARX_ERR_RESEED_REQUIRED)
            raise_status(st, "reseed required (the reseed interval is used up, or the process "
                             "has forked since the last seeding): call reseed() first");
        check(st, "generate");
        return out.finish(len);
    }

    void reseed(nb::handle entropy, nb::handle additional)
    {
        OptBuf e(entropy, "entropy"), a(additional, "additional_input");
        if (e.present)
            lsh_entropy_ok(alg, e.n);
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = e.present ? karx_drbg_reseed(&d, e.p, e.n, a.p, a.n)
                           : karx_drbg_reseed_os(&d, a.p, a.n);
        }
        check(st, "reseed");
    }

    void set_reseed_interval(unsigned long long v)
    {
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = karx_drbg_set_reseed_interval(&d, v);
        }
        if (st == KARX_ERR_ARGUMENT)
            raise_status(st, "reseed_interval must be 1 to 2**48, got " + std::to_string(v));
        check(st, "reseed_interval");
    }

    std::string name() const
    {
        return std::string(TYPE == KARX_DRBG_HASH ? "hash-" : "hmac-") + karx_lsh_alg_name(alg);
    }
};

template <karx_drbg_type TYPE>
void bind_lsh_drbg(nb::module_ &m, const char *cls, const char *doc)
{
    using D = LshDrbg<TYPE>;
    nb::class_<D>(m, cls, doc)
        .def(nb::init<const std::string &, nb::handle, nb::handle, nb::handle, bool, nb::handle>(),
             "hash"_a = DEFAULT_HASH, nb::kw_only(), "entropy"_a.none() = nb::none(),
             "nonce"_a.none() = nb::none(), "personalization"_a.none() = nb::none(),
             "prediction_resistance"_a = false, "reseed_interval"_a.none() = nb::none())
        .def("generate", &D::generate, "n"_a, "additional_input"_a.none() = nb::none(),
             nb::kw_only(), "entropy"_a.none() = nb::none())
        .def("reseed", &D::reseed, "entropy"_a.none() = nb::none(),
             "additional_input"_a.none() = nb::none())
        .def("set_reseed_interval", &D::set_reseed_interval, "interval"_a)
        .def_prop_ro("hash", [](const D &d) { return std::string(karx_lsh_alg_name(d.alg)); })
        .def_prop_ro("name", &D::name)
        .def_prop_ro("security_strength",
                     [](const D &d) { return karx_lsh_drbg_strength_bytes(d.alg); })
        .def_prop_ro("os_seeded", [](const D &d) { return d.os_seeded; })
        .def_prop_ro("prediction_resistance", [](const D &d) { return d.pr; });
}

// token_bytes: one OS-seeded LEA-256 CTR_DRBG (with df) per process. After fork the library's
// generate_os reseeds the copied state by itself; the pid check also gives the child a fresh one.
std::mutex g_tok_lock;
karx_ctr_drbg g_tok;
pid_t g_tok_pid = 0;

nb::bytes token_bytes(long long n)
{
    if (n < 0)
        raise_status(KARX_ERR_ARGUMENT, "n must be non-negative, got " + std::to_string(n));
    static const karx_cipher_alg alg = cipher_alg(TOKEN_CIPHER); // looked up once, with the GIL
    size_t len = static_cast<size_t>(n);
    OutBytes out(len);
    karx_status st = KARX_OK;
    {
        nb::gil_scoped_release rel;
        std::lock_guard<std::mutex> g(g_tok_lock);
        pid_t pid = getpid();
        if (g_tok_pid != pid) {
            karx_ctr_drbg_uninstantiate(&g_tok);
            st = karx_ctr_drbg_instantiate_os(&g_tok, alg, KARX_DRBG_USE_DF, nullptr, 0);
            g_tok_pid = st == KARX_OK ? pid : 0;
        }
        if (st == KARX_OK)
            st = karx_ctr_drbg_generate_os(&g_tok, out.data(), len, nullptr, 0);
    }
    check(st, "token_bytes");
    return out.finish(len);
}

} // namespace

void bind_drbg(nb::module_ &m)
{
    nb::class_<Drbg>(m, "CtrDrbg", "CTR_DRBG (SP 800-90A / TTAK.KO-12.0189) over a karx cipher.")
        .def(nb::init<const std::string &, nb::handle, nb::handle, nb::handle, bool, bool, nb::handle>(),
             "cipher"_a = DEFAULT_CIPHER, nb::kw_only(), "entropy"_a.none() = nb::none(),
             "nonce"_a.none() = nb::none(), "personalization"_a.none() = nb::none(),
             "derivation_function"_a = true, "prediction_resistance"_a = false,
             "reseed_interval"_a.none() = nb::none())
        .def("generate", &Drbg::generate, "n"_a, "additional_input"_a.none() = nb::none(),
             nb::kw_only(), "entropy"_a.none() = nb::none())
        .def("reseed", &Drbg::reseed, "entropy"_a.none() = nb::none(),
             "additional_input"_a.none() = nb::none())
        .def("set_reseed_interval", &Drbg::set_reseed_interval, "interval"_a)
        .def_prop_ro("cipher", [](const Drbg &d) { return std::string(karx_cipher_name(d.alg)); })
        .def_prop_ro("os_seeded", [](const Drbg &d) { return d.os_seeded; })
        .def_prop_ro("prediction_resistance", [](const Drbg &d) { return d.pr; })
        .def_prop_ro("derivation_function",
                     [](const Drbg &d) { return d.uses_df(); });

    bind_lsh_drbg<KARX_DRBG_HASH>(m, "HashDrbg", "Hash_DRBG (SP 800-90A) over an LSH variant.");
    bind_lsh_drbg<KARX_DRBG_HMAC>(m, "HmacDrbg", "HMAC_DRBG (SP 800-90A) over HMAC-LSH.");

    m.def("token_bytes", &token_bytes, "n"_a,
          "n random bytes from a process-wide OS-seeded CTR_DRBG (LEA-256).");
}

} // namespace karxpy
