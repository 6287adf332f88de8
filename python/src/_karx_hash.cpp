// karx._karx: LSH hash objects (hashlib interface), HMAC-LSH and PBKDF2-HMAC-LSH.
#include "_karx_internal.h"

namespace karxpy {
namespace {

using namespace nb::literals;

struct Hash {
    karx_lsh_ctx ctx;
    Lock lock;
    karx_lsh_alg alg;

    explicit Hash(karx_lsh_alg a) : alg(a) { check(karx_lsh_init(&ctx, a)); }
    Hash(const Hash &o) : lock(), alg(o.alg) { ctx = o.ctx; }
    ~Hash() { karx_memzero(&ctx, sizeof ctx); }

    void update_buf(const Buf &b)
    {
        karx_status st = KARX_OK;
        locked(lock, b.n, [&] { st = karx_lsh_update(&ctx, b.p, b.n); });
        if (st == KARX_ERR_STATE)
            raise_status(st, "update(): no more input after a partial final byte (update_bits)");
        check(st, "update");
    }
    void update(nb::handle data)
    {
        Buf b(data, "update()");
        update_buf(b);
    }
    // KISA bit-length input: the first bitlen bits of data (a final partial byte uses its high
    // bits); after a length that is not a multiple of 8 only digest() is allowed.
    void update_bits(nb::handle data, nb::handle bitlen_)
    {
        long long bits = int_arg(bitlen_, "bitlen");
        Buf b(data, "update_bits()");
        if (bits < 0)
            raise_status(KARX_ERR_DATA_LENGTH,
                         "update_bits(): bitlen must not be negative, got " + arg_str(bitlen_));
        unsigned long long bitlen = static_cast<unsigned long long>(bits);
        if (bitlen > 8ull * b.n)
            raise_status(KARX_ERR_DATA_LENGTH, "update_bits(): bitlen " + arg_str(bitlen_) +
                                                   " exceeds the " + std::to_string(8ull * b.n) +
                                                   " bits given");
        karx_status st = KARX_OK;
        locked(lock, b.n, [&] { st = karx_lsh_update_bits(&ctx, b.p, static_cast<size_t>(bitlen)); });
        if (st == KARX_ERR_STATE)
            raise_status(st, "update_bits(): no more input after a partial final byte");
        check(st, "update_bits");
    }
    size_t digest_into(uint8_t *out)
    {
        karx_lsh_ctx c;
        {
            std::lock_guard<std::mutex> g(lock.m);
            c = ctx;
        }
        size_t d = karx_lsh_digest_bytes(alg);
        karx_status st = karx_lsh_final(&c, out, d); // final wipes the copy
        check(st, "digest");
        return d;
    }
    nb::bytes digest() { return digest_bytes<KARX_LSH_MAX_DIGEST_BYTES>(*this); }
    nb::str hexdigest() { return digest_hex<KARX_LSH_MAX_DIGEST_BYTES>(*this); }
    Hash copy()
    {
        std::lock_guard<std::mutex> g(lock.m);
        return Hash(*this);
    }
};

Hash make_hash(karx_lsh_alg alg, nb::handle data)
{
    Hash h(alg);
    if (!data.is_none()) {
        Buf b(data, "data");
        if (b.n >= GIL_THRESHOLD) {
            h.update_buf(b);
        } else if (b.n) {
            // not shared with any other thread yet: no lock needed
            check(karx_lsh_update(&h.ctx, b.p, b.n), "update");
        }
    }
    return h;
}

// The hash of an HMAC or PBKDF2 call: "lsh256-256", "LSH-256-256" or "hmac-lsh256-256".
karx_lsh_alg hmac_hash(const std::string &name)
{
    return hash_id(find_prim(KARX_KIND_HASH, KARX_MAC_HMAC, name, "hash"));
}

nb::bytes hmac_digest(nb::handle key, nb::handle msg, const std::string &name)
{
    karx_lsh_alg alg = hmac_hash(name);
    Buf k(key, "key"), m(msg, "msg");
    uint8_t out[KARX_LSH_MAX_DIGEST_BYTES];
    size_t d = karx_lsh_digest_bytes(alg);
    karx_status st = KARX_OK;
    maybe_nogil(m.n + k.n, [&] { st = karx_hmac_lsh(alg, k.p, k.n, out, d, m.p, m.n); });
    check(st, "hmac_digest");
    nb::bytes r(reinterpret_cast<const char *>(out), d);
    karx_memzero(out, sizeof out);
    return r;
}

uint32_t pbkdf2_iterations(nb::handle iterations)
{
    long long it = int_arg(iterations, "iterations");
    if (it < 1)
        raise_status(KARX_ERR_ARGUMENT, "iterations must be at least 1, got " + arg_str(iterations));
    if (it > 0xffffffffLL)
        raise_status(KARX_ERR_ARGUMENT, "iterations must be below 2**32, got " + arg_str(iterations));
    return static_cast<uint32_t>(it);
}

size_t pbkdf2_dklen(nb::handle dklen, size_t hlen)
{
    if (dklen.is_none())
        return hlen;
    if (!PyIndex_Check(dklen.ptr()))
        raise_type("dklen: expected int or None, got " + tp_name_of(dklen));
    long long v = int_arg(dklen, "dklen");
    if (v < 1)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "dklen must be at least 1, got " + arg_str(dklen));
    if (static_cast<unsigned long long>(v) > 0xffffffffULL * hlen)
        raise_status(KARX_ERR_OUTPUT_LENGTH, "dklen must be at most (2**32 - 1) * " +
                                                 std::to_string(hlen) + ", got " + arg_str(dklen));
    return static_cast<size_t>(v);
}

nb::bytes pbkdf2_hmac(const std::string &name, nb::handle password, nb::handle salt,
                      nb::handle iterations, nb::handle dklen)
{
    karx_lsh_alg alg = hmac_hash(name);
    Buf pw(password, "password"), sa(salt, "salt");
    uint32_t it = pbkdf2_iterations(iterations);
    size_t n = pbkdf2_dklen(dklen, karx_lsh_digest_bytes(alg));
    OutBytes out(n);
    karx_status st;
    {
        nb::gil_scoped_release rel;
        st = karx_pbkdf2_hmac_lsh(alg, pw.p, pw.n, sa.p, sa.n, it, out.data(), n);
    }
    check(st, "pbkdf2_hmac");
    return out.finish(n);
}

// One constructor per registered hash, named as hashlib would ("lsh512_256").
void bind_constructors(nb::module_ &m)
{
    karx_alg_info a;
    for (size_t i = 0; karx_alg_get(i, &a) == KARX_OK; i++) {
        if (a.kind != KARX_KIND_HASH)
            continue;
        std::string fn(a.name);
        for (char &c : fn)
            c = c == '-' ? '_' : c;
        karx_lsh_alg alg = hash_id(a);
        m.def(fn.c_str(), [alg](nb::handle data, bool) { return make_hash(alg, data); },
              "data"_a = nb::bytes("", 0), nb::kw_only(), "usedforsecurity"_a = true,
              ("Return a new " + std::string(a.std_name) + " hash object.").c_str());
    }
}

} // namespace

void bind_hash(nb::module_ &m)
{
    nb::class_<Hash>(m, "LshHash", "An LSH hash object (hashlib interface).")
        .def("update", &Hash::update, "data"_a, "Feed more bytes.")
        .def("update_bits", &Hash::update_bits, "data"_a, "bitlen"_a,
             "Feed the first bitlen bits of data (KISA bit-length input).")
        .def("digest", &Hash::digest, "The digest of the data so far (the object stays usable).")
        .def("hexdigest", &Hash::hexdigest)
        .def("copy", &Hash::copy, "An independent copy of the current state.")
        .def("__copy__", &Hash::copy)
        .def_prop_ro("name", [](const Hash &h) { return std::string(karx_lsh_alg_name(h.alg)); })
        .def_prop_ro("digest_size", [](const Hash &h) { return karx_lsh_digest_bytes(h.alg); })
        .def_prop_ro("block_size", [](const Hash &h) { return karx_lsh_block_bytes(h.alg); })
        .def("__repr__", [](const Hash &h) {
            return std::string("<karx ") + karx_lsh_alg_name(h.alg) + " hash object>";
        });
    bind_constructors(m);
    m.def("new",
          [](const std::string &name, nb::handle data, bool) {
              return make_hash(lsh_alg(name), data);
          },
          "name"_a, "data"_a = nb::bytes("", 0), nb::kw_only(), "usedforsecurity"_a = true,
          "Return a new hash object by name ('lsh256-256', 'lsh512_512', 'LSH-512-256', ...).");
    m.def("hmac_digest", &hmac_digest, "key"_a, "msg"_a, "digest"_a,
          "HMAC-LSH of msg under key in one call (hmac.digest's fast path).");
    m.def("pbkdf2_hmac", &pbkdf2_hmac, "hash_name"_a, "password"_a, "salt"_a, "iterations"_a,
          "dklen"_a = nb::none(), "PBKDF2-HMAC-LSH (hashlib.pbkdf2_hmac's signature).");
}

} // namespace karxpy
