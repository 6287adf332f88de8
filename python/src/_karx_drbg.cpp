// karx._karx: the DRBG objects karx.CtrDrbg, karx.HashDrbg and karx.HmacDrbg (one class body over
// karx_drbg, drbg.h; a Kind record says what differs) and token_bytes.
#include <unistd.h>

#include <cstdint>

#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

const char DEFAULT_CIPHER[] = "lea256"; // CtrDrbg() without a cipher
const char TOKEN_CIPHER[] = "lea256";   // token_bytes' generator
const char DEFAULT_HASH[] = "lsh256-256"; // HashDrbg() / HmacDrbg() without a hash

// ---- what differs between the DRBG types: length rules and name lookup, as data ----

// An input length the library would refuse with a bare DataLength, checked first so that the
// message says expected and given. lo == hi means exactly lo; note ends the expectation.
struct LenRule {
    size_t lo = 0, hi = SIZE_MAX;
    const char *note = "";
};

void length_ok(const LenRule &r, size_t n, const char *what)
{
    const char *how;
    size_t want;
    if (r.lo == r.hi && n != r.lo) {
        how = " must be exactly ";
        want = r.lo;
    } else if (n < r.lo) {
        how = " must be at least ";
        want = r.lo;
    } else if (n > r.hi) {
        how = " must be at most ";
        want = r.hi;
    } else {
        return;
    }
    raise_status(KARX_ERR_DATA_LENGTH, std::string(what) + how + std::to_string(want) + " bytes" +
                                           r.note + ", got " + std::to_string(n));
}

// The rules of one (alg, derivation function) pair; input covers personalization and
// additional input.
struct Limits {
    LenRule entropy, nonce, input;
};

struct Kind {
    karx_drbg_type type;
    const char *cls; // the Python class, in the instantiate error
    size_t max_request;
    int (*alg)(karx_drbg_type type, const std::string &name);
    Limits (*limits)(int alg, bool df);
};

// CTR_DRBG: with df, entropy >= strength and nonce >= half of it; without, entropy exactly
// seedlen, the nonce ignored and the other inputs at most seedlen.
int ctr_alg(karx_drbg_type, const std::string &cipher) { return cipher_alg(cipher); }

Limits ctr_limits(int alg, bool df)
{
    auto a = static_cast<karx_cipher_alg>(alg);
    size_t seed = karx_ctr_drbg_seed_bytes(a), strength = karx_ctr_drbg_strength_bytes(a);
    const char *with = " with the derivation function", *without = " without the derivation function";
    if (df)
        return {{strength, SIZE_MAX, with}, {(strength + 1) / 2, SIZE_MAX, with}, {}};
    return {{seed, seed, without}, {}, {0, seed, without}};
}

// The LSH variant of a Hash/HMAC DRBG: a hash name ("lsh256-256", "LSH-512-512") or the DRBG's
// own name ("hash-lsh256-256" for HashDrbg, "hmac-lsh256-256" for HmacDrbg).
int lsh_drbg_alg(karx_drbg_type type, const std::string &name)
{
    karx_alg_info info;
    karx_drbg_type t;
    int alg;
    if (lookup(KARX_KIND_HASH, name, &info))
        return hash_id(info);
    if (std::strlen(name.c_str()) == name.size() &&
        karx_drbg_from_name(name.c_str(), &t, &alg) == KARX_OK && t == type)
        return alg;
    return lsh_alg(name); // raises UnknownAlgorithm, listing the hash names
}

// Hash/HMAC_DRBG: entropy >= strength, nonce >= half of it, other inputs left to the library.
Limits lsh_limits(int alg, bool)
{
    size_t strength = karx_lsh_drbg_strength_bytes(static_cast<karx_lsh_alg>(alg));
    return {{strength, SIZE_MAX, " (the security strength)"}, {strength / 2, SIZE_MAX, ""}, {}};
}

const Kind CTR_KIND{KARX_DRBG_CTR, "CtrDrbg", KARX_CTR_DRBG_MAX_REQUEST_BYTES, ctr_alg, ctr_limits};
const Kind HASH_KIND{KARX_DRBG_HASH, "HashDrbg", KARX_LSH_DRBG_MAX_REQUEST_BYTES, lsh_drbg_alg,
                lsh_limits};
const Kind HMAC_KIND{KARX_DRBG_HMAC, "HmacDrbg", KARX_LSH_DRBG_MAX_REQUEST_BYTES, lsh_drbg_alg,
                lsh_limits};

// A reseed interval, 1 .. 2**48 (SP 800-90A's limit for every DRBG type): InvalidArgument
// outside, TypeError for a non-int.
unsigned long long interval_arg(nb::handle h)
{
    long long v = int_arg(h, "reseed_interval");
    if (v < 1 || v > (1LL << 48))
        raise_status(KARX_ERR_ARGUMENT, "reseed_interval must be 1 to 2**48, got " + arg_str(h));
    return static_cast<unsigned long long>(v);
}

// ---- one class body; K only gives each Python class its own C++ type ----

template <const Kind &K> struct Drbg {
    karx_drbg d;
    Lock lock;
    int alg;
    bool df; // CTR_DRBG's derivation function (always false for the others)
    bool os_seeded;
    bool pr;
    Limits lim;

    Drbg(const std::string &name, nb::handle entropy, nb::handle nonce, nb::handle pers, bool use_df,
         bool prediction_resistance, nb::handle reseed_interval)
    {
        std::memset(&d, 0, sizeof d);
        // checked before the state is seeded (a throwing constructor runs no destructor)
        unsigned long long interval = reseed_interval.is_none() ? 0 : interval_arg(reseed_interval);
        alg = K.alg(K.type, name);
        df = use_df;
        pr = prediction_resistance;
        lim = K.limits(alg, df);
        OptBuf e(entropy, "entropy"), nn(nonce, "nonce"), ps(pers, "personalization");
        os_seeded = !e.present;
        unsigned flags = (df ? KARX_DRBG_USE_DF : 0u) | (pr ? KARX_DRBG_PR : 0u);
        karx_status st;
        if (os_seeded) {
            if (nn.present)
                raise_status(KARX_ERR_ARGUMENT, "nonce= is only used with explicit entropy=");
            st = karx_drbg_instantiate_os(&d, K.type, alg, flags, ps.p, ps.n);
        } else {
            length_ok(lim.entropy, e.n, "entropy");
            length_ok(lim.nonce, nn.n, "nonce");
            length_ok(lim.input, ps.n, "personalization");
            st = karx_drbg_instantiate(&d, K.type, alg, flags, e.p, e.n, nn.p, nn.n, ps.p, ps.n);
        }
        check(st, K.cls);
        if (interval != 0)
            check(karx_drbg_set_reseed_interval(&d, interval), "reseed_interval"); // in range
    }
    // The types without a derivation-function argument.
    Drbg(const std::string &name, nb::handle entropy, nb::handle nonce, nb::handle pers,
         bool prediction_resistance, nb::handle reseed_interval)
        : Drbg(name, entropy, nonce, pers, false, prediction_resistance, reseed_interval)
    {
    }
    Drbg(const Drbg &) = delete;
    ~Drbg() { karx_drbg_uninstantiate(&d); }

    nb::bytes generate(nb::handle n, nb::handle additional, nb::handle entropy)
    {
        size_t len = size_arg(n, "n");
        OptBuf a(additional, "additional_input"), e(entropy, "entropy");
        length_ok(lim.input, a.n, "additional_input");
        if ((e.present || !os_seeded) && len > K.max_request)
            raise_status(KARX_ERR_DATA_LENGTH,
                         "at most " + std::to_string(K.max_request) +
                             " bytes per request with explicit entropy, got " + std::to_string(len));
        if (!e.present && !os_seeded && pr)
            raise_status(KARX_ERR_ARGUMENT,
                         "prediction resistance needs entropy= on every generate() of a "
                         "generator seeded with explicit entropy");
        if (e.present)
            length_ok(lim.entropy, e.n, "entropy");
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
        length_ok(lim.input, a.n, "additional_input");
        if (e.present)
            length_ok(lim.entropy, e.n, "entropy");
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = e.present ? karx_drbg_reseed(&d, e.p, e.n, a.p, a.n)
                           : karx_drbg_reseed_os(&d, a.p, a.n);
        }
        check(st, "reseed");
    }

    void set_reseed_interval(nb::handle interval)
    {
        unsigned long long v = interval_arg(interval);
        karx_status st;
        {
            std::lock_guard<std::mutex> g(lock.m);
            st = karx_drbg_set_reseed_interval(&d, v);
        }
        check(st, "reseed_interval");
    }
};

// The methods and properties every DRBG class has; the caller adds __init__ and its own.
template <const Kind &K> nb::class_<Drbg<K>> bind_common(nb::class_<Drbg<K>> c)
{
    using D = Drbg<K>;
    return c
        .def("generate", &D::generate, "n"_a, "additional_input"_a.none() = nb::none(),
             nb::kw_only(), "entropy"_a.none() = nb::none())
        .def("reseed", &D::reseed, "entropy"_a.none() = nb::none(),
             "additional_input"_a.none() = nb::none())
        .def("set_reseed_interval", &D::set_reseed_interval, "interval"_a)
        .def_prop_ro("os_seeded", [](const D &d) { return d.os_seeded; })
        .def_prop_ro("prediction_resistance", [](const D &d) { return d.pr; });
}

// HashDrbg / HmacDrbg: a hash instead of a cipher, no derivation-function flag, and the name and
// security strength as properties.
template <const Kind &K> void bind_lsh_drbg(nb::module_ &m, const char *doc)
{
    using D = Drbg<K>;
    bind_common<K>(nb::class_<D>(m, K.cls, doc))
        .def(nb::init<const std::string &, nb::handle, nb::handle, nb::handle, bool, nb::handle>(),
             "hash"_a = DEFAULT_HASH, nb::kw_only(), "entropy"_a.none() = nb::none(),
             "nonce"_a.none() = nb::none(), "personalization"_a.none() = nb::none(),
             "prediction_resistance"_a = false, "reseed_interval"_a.none() = nb::none())
        .def_prop_ro("hash", [](const D &d) { return std::string(karx_lsh_alg_name(static_cast<karx_lsh_alg>(d.alg))); })
        .def_prop_ro("name",
                     [](const D &d) {
                         return std::string(K.type == KARX_DRBG_HASH ? "hash-" : "hmac-") +
                                karx_lsh_alg_name(static_cast<karx_lsh_alg>(d.alg));
                     })
        .def_prop_ro("security_strength",
                     [](const D &d) { return karx_drbg_strength_bytes(K.type, d.alg); });
}

// token_bytes: one OS-seeded LEA-256 CTR_DRBG (with df) per process. After fork the library's
// generate_os reseeds the copied state by itself; the pid check also gives the child a fresh one.
std::mutex g_tok_lock;
karx_ctr_drbg g_tok;
pid_t g_tok_pid = 0;

nb::bytes token_bytes(nb::handle n)
{
    size_t len = size_arg(n, "n");
    static const karx_cipher_alg alg = cipher_alg(TOKEN_CIPHER); // looked up once, with the GIL
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
    using Ctr = Drbg<CTR_KIND>;
    bind_common<CTR_KIND>(nb::class_<Ctr>(m, CTR_KIND.cls,
                                          "CTR_DRBG (SP 800-90A / TTAK.KO-12.0189) over a karx cipher."))
        .def(nb::init<const std::string &, nb::handle, nb::handle, nb::handle, bool, bool, nb::handle>(),
             "cipher"_a = DEFAULT_CIPHER, nb::kw_only(), "entropy"_a.none() = nb::none(),
             "nonce"_a.none() = nb::none(), "personalization"_a.none() = nb::none(),
             "derivation_function"_a = true, "prediction_resistance"_a = false,
             "reseed_interval"_a.none() = nb::none())
        .def_prop_ro("cipher", [](const Ctr &d) {
            return std::string(karx_cipher_name(static_cast<karx_cipher_alg>(d.alg)));
        })
        .def_prop_ro("derivation_function", [](const Ctr &d) { return d.df; });

    bind_lsh_drbg<HASH_KIND>(m, "Hash_DRBG (SP 800-90A) over an LSH variant.");
    bind_lsh_drbg<HMAC_KIND>(m, "HMAC_DRBG (SP 800-90A) over HMAC-LSH.");

    m.def("token_bytes", &token_bytes, "n"_a,
          "n random bytes from a process-wide OS-seeded CTR_DRBG (LEA-256).");
}

} // namespace karxpy
